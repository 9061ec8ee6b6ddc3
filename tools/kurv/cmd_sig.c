/* kurv tool: sign, verify and recover (ECDSA over a SHA-2 digest of a file). */
#include "tool.h"

#include <stdio.h>
#include <string.h>

/* der, raw and hex are r||s in three forms; rec is raw r||s followed by the recovery id
 * (one byte, 0..3), which `kurv sign` writes and `kurv recover` reads; eth is Ethereum's
 * r||s||v (v = 27 + recovery id, secp256k1), read by `kurv recover` only */
enum sigfmt { SIG_DER, SIG_RAW, SIG_HEX, SIG_REC, SIG_ETH };

static int parse_sigfmt(const char *s)
{
    if (!s || strcmp(s, "der") == 0 || strcmp(s, "DER") == 0)
        return SIG_DER;
    if (strcmp(s, "raw") == 0)
        return SIG_RAW;
    if (strcmp(s, "hex") == 0)
        return SIG_HEX;
    if (strcmp(s, "rec") == 0)
        return SIG_REC;
    if (strcmp(s, "eth") == 0)
        return SIG_ETH;
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
    uint8_t sig[KURV_MAX_SIG_RAW_LEN + 1];
    uint8_t der[KURV_MAX_SIG_DER_LEN];
    char hex[2 * KURV_MAX_SIG_RAW_LEN + 2];
    size_t sig_len, der_len = sizeof der;
    kurv_hash h;
    unsigned recid = 0, flags;
    int fmt, rc;
    kurv_err e;

    if (tool_parse(&o, "sign", OPT_KEY | OPT_HASH | OPT_OUT | OPT_FORMAT | OPT_LOWS | OPT_HEDGED,
                   1, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("sign");
    if (!o.key)
        return tool_fail("sign: missing -k KEYFILE");
    if (o.npos != 1)
        return tool_fail("sign: missing FILE to sign (- for stdin)");
    fmt = parse_sigfmt(o.format);
    if (fmt < 0 || fmt == SIG_ETH)
        return tool_fail("sign: unknown format '%s' (der, raw, hex or rec)", o.format);
    if (tool_load_priv(&k, o.key))
        return TOOL_ERR;
    h = pick_hash("sign", o.hash, k.curve);
    if (h == KURV_HASH_NONE || digest_file(dg, h, o.pos[0])) {
        tool_key_wipe(&k);
        return TOOL_ERR;
    }
    sig_len = 2 * kurv_curve_scalar_len(k.curve);
    flags = (o.low_s ? KURV_ECDSA_SIGN_LOW_S : 0) | (o.hedged ? KURV_ECDSA_SIGN_HEDGED : 0);
    e = kurv_ecdsa_sign_recoverable(k.curve, sig, sig_len, &recid, k.priv, k.priv_len, dg,
                                    kurv_hash_len(h), h, NULL, 0, flags);
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
    case SIG_REC:
        sig[sig_len] = (uint8_t)recid;
        rc = tool_write(o.out, sig, sig_len + 1, 0);
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
    if (fmt < 0 || fmt == SIG_REC || fmt == SIG_ETH)
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
    return tool_stdout_done();
}

/*
 * `kurv recover`: the public key from a signature with its recovery id (SEC 1 v2 4.1.6),
 * written as a SubjectPublicKeyInfo in PEM. The digest is the SHA-2 hash of FILE, or given
 * as hex with --digest (Ethereum's Keccak-256 signing hashes, which kurv does not compute). The signature file holds r||s||id (rec, as
 * `kurv sign --format rec` writes it) or Ethereum's r||s||v (eth, secp256k1 only: v = 27 +
 * id, EIP-155's 35 + 2 * chain id + id in up to 8 bytes, or a typed transaction's 0/1), as raw bytes or as hex (an optional 0x, white space ignored).
 */
int cmd_recover(int argc, char **argv)
{
    struct tool_opts o;
    const kurv_curve *c;
    uint8_t dg[KURV_MAX_HASH_LEN];
    uint8_t sig[KURV_MAX_SIG_RAW_LEN + 8], pub[KURV_MAX_POINT_LEN];
    uint8_t out[KURV_MAX_KEYFILE_LEN];
    uint8_t *in;
    size_t in_len, sig_len, pub_len = sizeof pub, out_len = sizeof out, skip = 0;
    const char *dhex = NULL;
    size_t dg_len = 0, vmax;
    unsigned id;
    long got;
    kurv_hash h = KURV_HASH_NONE;
    int fmt;
    kurv_err e;

    if (tool_parse(&o, "recover", OPT_CURVE | OPT_SIG | OPT_HASH | OPT_FORMAT | OPT_OUT
                   | OPT_COMPRESSED | OPT_DIGEST, 1, argc, argv))
        return TOOL_ERR;
    dhex = o.digest;
    if (o.help)
        return tool_help("recover");
    if (!o.curve)
        return tool_fail("recover: missing -c CURVE");
    if (!o.sig)
        return tool_fail("recover: missing -s SIGFILE");
    if (dhex && (o.npos != 0 || o.hash))
        return tool_fail("recover: --digest replaces FILE and -H; give one or the other");
    if (!dhex && o.npos != 1)
        return tool_fail("recover: missing FILE that was signed (- for stdin) or --digest HEX");
    fmt = o.format ? parse_sigfmt(o.format) : SIG_REC;
    if (fmt != SIG_REC && fmt != SIG_ETH)
        return tool_fail("recover: unknown format '%s' (rec or eth)", o.format);
    c = tool_curve_find(o.curve);
    if (!c)
        return tool_fail("recover: unknown curve '%s' (see kurv curves)", o.curve);
    if (fmt == SIG_ETH && strcmp(kurv_curve_name(c), "secp256k1") != 0)
        return tool_fail("recover: --format eth is for secp256k1 only, not %s", kurv_curve_name(c));
    if (dhex) {
        got = tool_unhex(dg, sizeof dg, (const uint8_t *)dhex, strlen(dhex));
        if (got < 1)
            return tool_fail("recover: --digest must be 1 to %d bytes of hex", KURV_MAX_HASH_LEN);
        dg_len = (size_t)got;
    } else {
        h = pick_hash("recover", o.hash, c);
        if (h == KURV_HASH_NONE)
            return TOOL_ERR;
        dg_len = kurv_hash_len(h);
    }

    in = tool_read(o.sig, TOOL_MAX_KEY, &in_len);
    if (!in)
        return TOOL_ERR;
    sig_len = 2 * kurv_curve_scalar_len(c);
    /* rec: one byte after r||s; eth: v in 1 to 8 bytes, big-endian (EIP-155's v grows with
     * the chain id) */
    vmax = fmt == SIG_ETH ? 8 : 1;
    if (in_len >= sig_len + 1 && in_len <= sig_len + vmax) {
        memcpy(sig, in, in_len);
        got = (long)in_len;
    } else {
        while (skip < in_len && (in[skip] == ' ' || in[skip] == '\t' || in[skip] == '\n'
                                 || in[skip] == '\r'))
            skip++;
        if (in_len - skip >= 2 && in[skip] == '0' && (in[skip + 1] == 'x' || in[skip + 1] == 'X'))
            skip += 2;
        got = tool_unhex(sig, sizeof sig, in + skip, in_len - skip);
    }
    tool_free(in, in_len);
    if (got < (long)sig_len + 1 || got > (long)(sig_len + vmax))
        return fmt == SIG_ETH
            ? tool_fail("%s: malformed signature (expected r||s||v for %s: %zu bytes and v in 1 to 8 bytes, raw or hex)",
                        o.sig, kurv_curve_name(c), sig_len)
            : tool_fail("%s: malformed signature (expected %zu bytes r||s||id for %s, raw or hex)",
                        o.sig, sig_len + 1, kurv_curve_name(c));
    id = sig[sig_len];
    if (fmt == SIG_ETH) {
        /* v = 27 + id (legacy), 35 + 2 * chain id + id (EIP-155), or the y-parity 0/1 of
         * typed transactions (EIP-2718); 2 * chain id + 35 is odd, so id = (v - 35) & 1 */
        uint64_t v = 0;
        size_t i;
        for (i = sig_len; i < (size_t)got; i++)
            v = v << 8 | sig[i];
        if (v <= 1)
            id = (unsigned)v;
        else if (v == 27 || v == 28)
            id = (unsigned)(v - 27);
        else if (v >= 35)
            id = (unsigned)((v - 35) & 1);
        else
            return tool_fail("%s: Ethereum v must be 0, 1, 27, 28 or 35 and above, not %llu", o.sig,
                             (unsigned long long)v);
    } else if (id > 3) {
        return tool_fail("%s: recovery id must be 0 to 3, not %u", o.sig, id);
    }

    if (!dhex && digest_file(dg, h, o.pos[0]))
        return TOOL_ERR;
    e = kurv_ecdsa_recover(c, pub, &pub_len, o.compressed, sig, sig_len, id, dg, dg_len);
    if (e)
        return tool_fail("recover: no public key (%s)", kurv_strerror(e));
    e = kurv_pubkey_encode(c, out, &out_len, KURV_KEYFMT_PEM, pub, pub_len);
    if (e)
        return tool_fail("recover: cannot encode the public key (%s)", kurv_strerror(e));
    return tool_write(o.out, out, out_len, 0);
}
