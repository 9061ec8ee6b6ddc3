/* kurv tool: sign, verify and recover (ECDSA over a SHA-2 digest of a file). */
#include "tool.h"

#include <kurv_curve_list.h>   /* KURV_HAVE_25519: Ed25519 (cmd_25519.c) */

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

/*
 * The signature file @path of a recoverable signature (rec: r||s||id; eth: r||s||v, v in 1
 * to @vmax bytes) into @sig (@cap bytes): @min to @min - 1 + @vmax raw bytes, or their hex
 * (white space ignored, an optional leading 0x). *@got gets the byte count; -1 when the
 * file holds neither (the caller names the problem). Return 0, or TOOL_ERR after the error
 * line of a file that cannot be read.
 */
static int read_rec_sig(const char *path, uint8_t *sig, size_t cap, size_t min, size_t vmax,
                        long *got)
{
    size_t in_len, skip = 0;
    uint8_t *in = tool_read(path, TOOL_MAX_KEY, &in_len);

    if (!in)
        return TOOL_ERR;
    if (in_len >= min && in_len <= min - 1 + vmax && in_len <= cap) {
        memcpy(sig, in, in_len);
        *got = (long)in_len;
    } else {
        while (skip < in_len && (in[skip] == ' ' || in[skip] == '\t' || in[skip] == '\n'
                                 || in[skip] == '\r'))
            skip++;
        skip = (size_t)((const uint8_t *)tool_skip_0x((const char *)in + skip) - in);
        *got = tool_unhex(sig, cap, in + skip, in_len - skip);
        if (*got < (long)min || *got > (long)(min - 1 + vmax))
            *got = -1;
    }
    tool_free(in, in_len);
    return 0;
}

/* Whether recovery id @id of the signature @sig (r||s, @sig_len bytes) on the digest @dg
 * gives the key @k: 1 if it does, 0 if it gives another key or none. */
static int recid_gives_key(const struct tool_key *k, const uint8_t *sig, size_t sig_len,
                           unsigned id, const uint8_t *dg, size_t dg_len)
{
    uint8_t q[KURV_MAX_POINT_LEN], want[KURV_MAX_POINT_LEN];
    size_t q_len = sizeof q, want_len = sizeof want;

    if (kurv_ecdsa_recover(k->curve, q, &q_len, 0, sig, sig_len, id, dg, dg_len) != KURV_OK ||
        kurv_point_convert(k->curve, want, &want_len, 0, k->pub, k->pub_len) != KURV_OK)
        return 0;
    return q_len == want_len && memcmp(q, want, q_len) == 0;
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
    unsigned recid = 0, flags, out_flags;
    const char *inputs[2];
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
    inputs[0] = o.key;
    inputs[1] = o.pos[0];
    out_flags = o.force ? TOOL_OUT_FORCE : 0;
    if (tool_out_check(o.out, out_flags, inputs, 2))
        return TOOL_ERR;
    rc = tool_load_key(&k, o.key, o.pass, TOOL_KEY_PRIV | TOOL_KEY_25519);
    if (rc)
        return TOOL_ERR;
#ifdef KURV_HAVE_25519
    if (k.alg25519)
        return cmd_25519_sign(&o, &k, out_flags);
#endif
    h = pick_hash("sign", o.hash, k.curve);
    if (h == KURV_HASH_NONE || tool_digest_file(dg, h, o.pos[0])) {
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
        rc = tool_write(o.out, der, der_len, out_flags);
        break;
    case SIG_RAW:
        rc = tool_write(o.out, sig, sig_len, out_flags);
        break;
    case SIG_REC:
        sig[sig_len] = (uint8_t)recid;
        rc = tool_write(o.out, sig, sig_len + 1, out_flags);
        break;
    default:
        tool_hex(hex, sig, sig_len);
        hex[2 * sig_len] = '\n';
        rc = tool_write(o.out, (const uint8_t *)hex, 2 * sig_len + 1, out_flags);
        break;
    }
    return rc;
}

int cmd_verify(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    uint8_t dg[KURV_MAX_HASH_LEN];
    uint8_t sig[KURV_MAX_SIG_RAW_LEN + 1];
    uint8_t *in = NULL;
    size_t in_len = 0, sig_len;
    kurv_hash h;
    long got;
    int fmt, rc, bad = 0;
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
    if (fmt < 0 || fmt == SIG_ETH)
        return tool_fail("verify: unknown format '%s' (der, raw, hex or rec)", o.format);
    rc = tool_load_key(&k, o.pub, o.pass, TOOL_KEY_PUB | TOOL_KEY_25519);
    if (rc)
        return TOOL_ERR;
#ifdef KURV_HAVE_25519
    if (k.alg25519)
        return cmd_25519_verify(&o, &k);
#endif
    h = pick_hash("verify", o.hash, k.curve);
    if (h == KURV_HASH_NONE)
        return TOOL_ERR;

    sig_len = 2 * kurv_curve_scalar_len(k.curve);
    if (fmt == SIG_REC) {
        /* r||s and the recovery id, as kurv sign --format rec writes it */
        if (read_rec_sig(o.sig, sig, sizeof sig, sig_len + 1, 1, &got))
            return TOOL_ERR;
        if (got < 0)
            return tool_fail("%s: malformed signature (expected %zu bytes r||s||id for %s, "
                             "raw or hex)", o.sig, sig_len + 1, kurv_curve_name(k.curve));
        if (sig[sig_len] > 3)
            return tool_fail("%s: recovery id must be 0 to 3, not %u", o.sig, sig[sig_len]);
    } else if (!(in = tool_read(o.sig, TOOL_MAX_KEY, &in_len))) {
        return TOOL_ERR;
    }
    switch (fmt) {
    case SIG_REC:
        break;
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

    if (tool_digest_file(dg, h, o.pos[0]))
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
    if (fmt == SIG_REC &&
        !recid_gives_key(&k, sig, sig_len, sig[sig_len], dg, kurv_hash_len(h))) {
        /* r and s verify, but `kurv recover` would give another key */
        fflush(stdout);
        fprintf(stderr, "kurv: signature does not verify (its recovery id %u names another "
                "key)\n", sig[sig_len]);
        return TOOL_BADSIG;
    }
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
    size_t sig_len, pub_len = sizeof pub, out_len = sizeof out;
    const char *dhex = NULL;
    size_t dg_len = 0, vmax;
    unsigned id;
    long got;
    kurv_hash h = KURV_HASH_NONE;
    const char *inputs[2];
    unsigned out_flags;
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
#ifdef KURV_HAVE_25519
    if (!c && tool_25519_alg(o.curve))
        return tool_fail("recover: %s has no public-key recovery: recover takes an ECDSA "
                         "curve (see kurv curves)", o.curve);
#endif
    if (!c)
        return tool_fail("recover: unknown curve '%s' (see kurv curves)", o.curve);
    if (fmt == SIG_ETH && strcmp(kurv_curve_name(c), "secp256k1") != 0)
        return tool_fail("recover: --format eth is for secp256k1 only, not %s", kurv_curve_name(c));
    inputs[0] = o.sig;
    inputs[1] = dhex ? NULL : o.pos[0];
    out_flags = TOOL_OUT_KEY | (o.force ? TOOL_OUT_FORCE : 0);
    if (tool_out_check(o.out, out_flags, inputs, 2))
        return TOOL_ERR;
    if (dhex) {
        const char *hx = tool_skip_0x(dhex);   /* 0x..., as Ethereum tools print it */
        got = tool_unhex(dg, sizeof dg, (const uint8_t *)hx, strlen(hx));
        if (got < 1)
            return tool_fail("recover: --digest must be 1 to %d bytes of hex", KURV_MAX_HASH_LEN);
        dg_len = (size_t)got;
    } else {
        h = pick_hash("recover", o.hash, c);
        if (h == KURV_HASH_NONE)
            return TOOL_ERR;
        dg_len = kurv_hash_len(h);
    }

    sig_len = 2 * kurv_curve_scalar_len(c);
    /* rec: one byte after r||s; eth: v in 1 to 8 bytes, big-endian (EIP-155's v grows with
     * the chain id) */
    vmax = fmt == SIG_ETH ? 8 : 1;
    if (read_rec_sig(o.sig, sig, sizeof sig, sig_len + 1, vmax, &got))
        return TOOL_ERR;
    if (got < 0)
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

    if (!dhex && tool_digest_file(dg, h, o.pos[0]))
        return TOOL_ERR;
    e = kurv_ecdsa_recover(c, pub, &pub_len, o.compressed, sig, sig_len, id, dg, dg_len);
    if (e)
        return tool_fail("recover: no public key (%s)", kurv_strerror(e));
    e = kurv_pubkey_encode(c, out, &out_len, KURV_KEYFMT_PEM, pub, pub_len);
    if (e)
        return tool_fail("recover: cannot encode the public key (%s)", kurv_strerror(e));
    return tool_write(o.out, out, out_len, out_flags);
}
