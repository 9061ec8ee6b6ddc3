/* kurv tool: sign and verify (ECDSA over a SHA-2 digest of a file). */
#include "tool.h"

#include <stdio.h>
#include <string.h>

enum sigfmt { SIG_DER, SIG_RAW, SIG_HEX };

static int parse_sigfmt(const char *s)
{
    if (!s || strcmp(s, "der") == 0 || strcmp(s, "DER") == 0)
        return SIG_DER;
    if (strcmp(s, "raw") == 0)
        return SIG_RAW;
    if (strcmp(s, "hex") == 0)
        return SIG_HEX;
    return -1;
}

/* The hash named by -H, or the curve's default; KURV_HASH_NONE after printing the error. */
static kurv_hash pick_hash(const char *cmd, const char *name, const kurv_curve *c)
{
    kurv_hash h;
    if (!name)
        return tool_default_hash(c);
    h = kurv_hash_from_name(name);
    if (h == KURV_HASH_NONE)
        tool_fail("%s: unknown hash '%s' (sha224, sha256, sha384 or sha512)", cmd, name);
    return h;
}

/* Digest the file at path (or stdin for "-") into dg; 0 or TOOL_ERR. */
static int digest_file(uint8_t *dg, kurv_hash h, const char *path)
{
    size_t len;
    uint8_t *msg = tool_read(path, TOOL_MAX_MSG, &len);
    kurv_err e;

    if (!msg)
        return TOOL_ERR;
    e = kurv_hash_digest(h, dg, msg, len);
    tool_free(msg, len);
    if (e)
        return tool_fail("%s: cannot hash (%s)", path, kurv_strerror(e));
    return 0;
}

int cmd_sign(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    uint8_t dg[KURV_MAX_HASH_LEN];
    uint8_t sig[KURV_MAX_SIG_RAW_LEN];
    uint8_t der[KURV_MAX_SIG_DER_LEN];
    char hex[2 * KURV_MAX_SIG_RAW_LEN + 2];
    size_t sig_len, der_len = sizeof der;
    kurv_hash h;
    int fmt, rc;
    kurv_err e;

    if (tool_parse(&o, "sign", OPT_KEY | OPT_HASH | OPT_OUT | OPT_FORMAT | OPT_LOWS, 1,
                   argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("sign");
    if (!o.key)
        return tool_fail("sign: missing -k KEYFILE");
    if (o.npos != 1)
        return tool_fail("sign: missing FILE to sign (- for stdin)");
    fmt = parse_sigfmt(o.format);
    if (fmt < 0)
        return tool_fail("sign: unknown format '%s' (der, raw or hex)", o.format);
    if (tool_load_priv(&k, o.key))
        return TOOL_ERR;
    h = pick_hash("sign", o.hash, k.curve);
    if (h == KURV_HASH_NONE || digest_file(dg, h, o.pos[0])) {
        tool_key_wipe(&k);
        return TOOL_ERR;
    }
    sig_len = 2 * kurv_curve_scalar_len(k.curve);
    e = kurv_ecdsa_sign(k.curve, sig, sig_len, k.priv, k.priv_len, dg, kurv_hash_len(h), h,
                        NULL, 0, o.low_s ? KURV_ECDSA_SIGN_LOW_S : 0);
    if (!e && fmt == SIG_DER)
        e = kurv_ecdsa_sig_to_der(k.curve, der, &der_len, sig, sig_len);
    tool_key_wipe(&k);
    if (e)
        return tool_fail("sign: %s", kurv_strerror(e));
    switch (fmt) {
    case SIG_DER:
        rc = tool_write(o.out, der, der_len, 0);
        break;
    case SIG_RAW:
        rc = tool_write(o.out, sig, sig_len, 0);
        break;
    default:
        tool_hex(hex, sig, sig_len);
        hex[2 * sig_len] = '\n';
        rc = tool_write(o.out, (const uint8_t *)hex, 2 * sig_len + 1, 0);
        break;
    }
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    uint8_t dg[KURV_MAX_HASH_LEN];
    uint8_t sig[KURV_MAX_SIG_RAW_LEN];
    uint8_t *in;
    size_t in_len, sig_len;
    kurv_hash h;
    int fmt, bad = 0;
    kurv_err e = KURV_OK;

    if (tool_parse(&o, "verify", OPT_PUB | OPT_SIG | OPT_HASH | OPT_FORMAT | OPT_LOWS, 1,
                   argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("verify");
    if (!o.pub)
        return tool_fail("verify: missing -p PUBFILE");
    if (!o.sig)
        return tool_fail("verify: missing -s SIGFILE");
    if (o.npos != 1)
        return tool_fail("verify: missing FILE to verify (- for stdin)");
    fmt = parse_sigfmt(o.format);
    if (fmt < 0)
        return tool_fail("verify: unknown format '%s' (der, raw or hex)", o.format);
    if (tool_load_pub(&k, o.pub))
        return TOOL_ERR;
    h = pick_hash("verify", o.hash, k.curve);
    if (h == KURV_HASH_NONE)
        return TOOL_ERR;

    in = tool_read(o.sig, TOOL_MAX_KEY, &in_len);
    if (!in)
        return TOOL_ERR;
    sig_len = 2 * kurv_curve_scalar_len(k.curve);
    switch (fmt) {
    case SIG_DER:
        e = kurv_ecdsa_sig_from_der(k.curve, sig, sig_len, in, in_len);
        break;
    case SIG_RAW:
        if (in_len == sig_len)
            memcpy(sig, in, sig_len);
        else
            bad = 1;
        break;
    default:
        bad = tool_unhex(sig, sizeof sig, in, in_len) != (long)sig_len;
        break;
    }
    tool_free(in, in_len);
    if (e)
        return tool_fail("%s: malformed signature (%s)", o.sig, kurv_strerror(e));
    if (bad)
        return tool_fail("%s: malformed signature (expected %zu %s bytes for %s)", o.sig,
                         sig_len, fmt == SIG_RAW ? "raw" : "hex-encoded", kurv_curve_name(k.curve));

    if (digest_file(dg, h, o.pos[0]))
        return TOOL_ERR;
    e = kurv_ecdsa_verify(k.curve, sig, sig_len, k.pub, k.pub_len, dg, kurv_hash_len(h),
                          o.low_s ? KURV_ECDSA_VERIFY_LOW_S : 0);
    if (e == KURV_ERR_SIGNATURE) {
        fflush(stdout);
        fprintf(stderr, "kurv: signature does not verify\n");
        return TOOL_BADSIG;
    }
    if (e)
        return tool_fail("verify: %s", kurv_strerror(e));
    printf("Verified OK\n");
    return fflush(stdout) == 0 ? TOOL_OK : tool_fail("stdout: write error");
}
