/*
 * kurv tool: keygen, pubkey, sign, verify and ecdh on X25519 and Ed25519 keys (built with
 * kurv-25519; see tool.h, "cmd_25519.c"). The commands (cmd_keys.c, cmd_sig.c) parse their
 * options and load their keys, then hand an X25519 or Ed25519 key over to here.
 *
 *   keygen -c x25519|ed25519: a PKCS#8 file (RFC 8410), PEM or DER, as `openssl genpkey`
 *     writes it; with --pass encrypted (PBES2, as for EC keys: `openssl genpkey -aes256`).
 *   pubkey: the SubjectPublicKeyInfo, as `openssl pkey -pubout` writes it.
 *   sign / verify: pure Ed25519 (RFC 8032 5.1) of the file's contents, read whole (up to
 *     TOOL_MAX_MSG), as `openssl pkeyutl -sign -rawin` signs; the signature is the 64 raw
 *     bytes R || S (--format raw, the default) or their hex (--format hex).
 *   ecdh: X25519 (RFC 7748 6.1) of an X25519 key and an X25519 peer key: 32 bytes (or
 *     their hex with --hex), as `openssl pkeyutl -derive` writes them; an all-zero secret
 *     (a peer key of small order) is refused.
 * Options that belong to ECDSA or EC keys (-H, --low-s, --hedged, --compressed, the der
 * and rec formats) are refused with a line naming them, never ignored.
 */
#include "tool.h"

#include <stdio.h>
#include <string.h>
#include <kurv/25519.h>

#define KEY_LEN KURV_X25519_KEY_LEN
#define SIG_LEN KURV_ED25519_SIG_LEN

int cmd_25519_keygen(const struct tool_opts *o, int alg, int fmt, unsigned long iter)
{
    uint8_t priv[KEY_LEN], pub[KEY_LEN], out[KURV_25519_MAX_ENC_KEYFILE_LEN];
    uint8_t pass[TOOL_MAX_PASS];
    size_t out_len = sizeof out, pass_len = 0;
    unsigned out_flags = TOOL_OUT_SECRET | TOOL_OUT_KEY | TOOL_OUT_NEW |
                         (o->force ? TOOL_OUT_FORCE : 0);
    kurv_err e;
    int rc;

    if (tool_out_check(o->out, out_flags, NULL, 0))
        return TOOL_ERR;
    if (o->pass && tool_password(o->pass, "the new key", TOOL_PASS_NEW, pass, sizeof pass,
                                 &pass_len)) {
        kurv_wipe(pass, sizeof pass);
        return TOOL_ERR;
    }
    e = alg == KURV_25519_X25519 ? kurv_x25519_keygen(priv, pub) : kurv_ed25519_keygen(priv, pub);
    if (!e && o->pass)
        e = kurv_25519_privkey_encode_pass(out, &out_len, (kurv_25519_alg)alg, (kurv_keyfmt)fmt,
                                           priv, pass, pass_len, iter);
    else if (!e)
        e = kurv_25519_privkey_encode(out, &out_len, (kurv_25519_alg)alg, (kurv_keyfmt)fmt, priv);
    kurv_wipe(priv, sizeof priv);
    kurv_wipe(pass, sizeof pass);
    if (e)
        return tool_fail("keygen: %s", kurv_strerror(e));
    rc = tool_write(o->out, out, out_len, out_flags);
    kurv_wipe(out, sizeof out);
    return rc;
}

int cmd_25519_pubkey(const struct tool_opts *o, struct tool_key *k, int fmt, unsigned out_flags)
{
    uint8_t out[KURV_25519_MAX_KEYFILE_LEN];
    size_t out_len = sizeof out;
    int alg = k->alg25519;
    kurv_err e;

    e = kurv_25519_pubkey_encode(out, &out_len, (kurv_25519_alg)alg, (kurv_keyfmt)fmt, k->pub);
    tool_key_wipe(k);
    if (o->compressed)
        return tool_fail("pubkey: --compressed: an %s public key has one form only",
                         tool_25519_name(alg));
    if (e)
        return tool_fail("pubkey: cannot encode the public key (%s)", kurv_strerror(e));
    return tool_write(o->out, out, out_len, out_flags);
}

/* The options of sign and verify that are ECDSA's: the one error line, or 0. */
static int ecdsa_only(const char *cmd, const struct tool_opts *o)
{
    if (o->hash)
        return tool_fail("%s: -H: Ed25519 hashes the message with SHA-512 itself (pure "
                         "Ed25519, RFC 8032)", cmd);
    if (o->low_s || o->hedged)
        return tool_fail("%s: --%s is for ECDSA, not Ed25519", cmd,
                         o->low_s ? "low-s" : "hedged");
    return 0;
}

/* The format of an Ed25519 signature: 0 raw (the default), 1 hex; -1 after the error line. */
static int sig_format(const char *cmd, const char *f)
{
    if (!f || strcmp(f, "raw") == 0)
        return 0;
    if (strcmp(f, "hex") == 0)
        return 1;
    tool_fail("%s: format '%s' is not one of Ed25519's (raw or hex)", cmd, f);
    return -1;
}

/* An X25519 key given to sign or verify: its error line. */
static int not_ed25519(const char *cmd, const char *path)
{
    return tool_fail("%s: %s: an x25519 key, which does not sign (kurv ecdh takes it; "
                     "signatures take ed25519 keys)", cmd, path);
}

int cmd_25519_sign(const struct tool_opts *o, struct tool_key *k, unsigned out_flags)
{
    uint8_t sig[SIG_LEN], *msg;
    char hex[2 * SIG_LEN + 2];
    size_t msg_len;
    int fmt, rc;
    kurv_err e;

    if (k->alg25519 != KURV_25519_ED25519) {
        tool_key_wipe(k);
        return not_ed25519("sign", o->key);
    }
    if (ecdsa_only("sign", o) || (fmt = sig_format("sign", o->format)) < 0 ||
        !(msg = tool_read(o->pos[0], TOOL_MAX_MSG, &msg_len))) {
        tool_key_wipe(k);
        return TOOL_ERR;
    }
    e = kurv_ed25519_sign(sig, msg, msg_len, k->priv, k->pub);
    tool_key_wipe(k);
    tool_free(msg, msg_len);
    if (e)
        return tool_fail("sign: %s", kurv_strerror(e));
    if (fmt == 0) {
        rc = tool_write(o->out, sig, SIG_LEN, out_flags);
    } else {
        tool_hex(hex, sig, SIG_LEN);
        hex[2 * SIG_LEN] = '\n';
        rc = tool_write(o->out, (const uint8_t *)hex, 2 * SIG_LEN + 1, out_flags);
    }
    return rc;
}

int cmd_25519_verify(const struct tool_opts *o, struct tool_key *k)
{
    uint8_t sig[SIG_LEN], *in, *msg;
    size_t in_len, msg_len;
    int fmt, ok;
    kurv_err e;

    if (k->alg25519 != KURV_25519_ED25519)
        return not_ed25519("verify", o->pub);
    if (ecdsa_only("verify", o) || (fmt = sig_format("verify", o->format)) < 0 ||
        !(in = tool_read(o->sig, TOOL_MAX_KEY, &in_len)))
        return TOOL_ERR;
    ok = fmt == 0 ? in_len == SIG_LEN : tool_unhex(sig, sizeof sig, in, in_len) == SIG_LEN;
    if (fmt == 0 && ok)
        memcpy(sig, in, SIG_LEN);
    tool_free(in, in_len);
    if (!ok)
        return tool_fail("%s: malformed signature (expected %d %s bytes for ed25519)", o->sig,
                         SIG_LEN, fmt == 0 ? "raw" : "hex-encoded");
    msg = tool_read(o->pos[0], TOOL_MAX_MSG, &msg_len);
    if (!msg)
        return TOOL_ERR;
    e = kurv_ed25519_verify(sig, msg, msg_len, k->pub);
    tool_free(msg, msg_len);
    if (e == KURV_ERR_SIGNATURE) {
        fflush(stdout);
        fprintf(stderr, "kurv: signature does not verify\n");
        return TOOL_BADSIG;
    }
    if (e == KURV_ERR_POINT)
        return tool_fail("%s: invalid Ed25519 public key (not a point of the curve)", o->pub);
    if (e)
        return tool_fail("verify: %s", kurv_strerror(e));
    printf("Verified OK\n");
    return tool_stdout_done();
}

/* The name of @k's curve, for an error line. */
static const char *key_curve(const struct tool_key *k)
{
    return k->alg25519 ? tool_25519_name(k->alg25519) : kurv_curve_name(k->curve);
}

int cmd_25519_ecdh(const struct tool_opts *o, struct tool_key *k, struct tool_key *peer,
                   unsigned out_flags)
{
    uint8_t secret[KEY_LEN];
    char hex[2 * KEY_LEN + 2];
    kurv_err e;
    int rc;

    if (k->alg25519 != KURV_25519_X25519 || peer->alg25519 != KURV_25519_X25519) {
        if (k->alg25519 == KURV_25519_ED25519)
            rc = tool_fail("ecdh: %s: an ed25519 key, which does not agree keys (x25519 "
                           "keys do)", o->key);
        else
            rc = tool_fail("%s: peer key is on %s, but %s is on %s", o->pub, key_curve(peer),
                           o->key, key_curve(k));
        tool_key_wipe(k);
        return rc;
    }
    e = kurv_x25519(secret, k->priv, peer->pub);
    tool_key_wipe(k);
    if (e == KURV_ERR_POINT)
        return tool_fail("ecdh: the shared secret is all zero: %s is a point of small order "
                         "(RFC 7748 6.1)", o->pub);
    if (e)
        return tool_fail("ecdh: %s", kurv_strerror(e));
    if (o->hex) {
        tool_hex(hex, secret, KEY_LEN);
        hex[2 * KEY_LEN] = '\n';
        rc = tool_write(o->out, (const uint8_t *)hex, 2 * KEY_LEN + 1, out_flags);
    } else {
        rc = tool_write(o->out, secret, KEY_LEN, out_flags);
    }
    kurv_wipe(secret, sizeof secret);
    kurv_wipe(hex, sizeof hex);
    return rc;
}

void cmd_25519_curves(void)
{
    printf("%-18s %5u  %-22s %s\n", "x25519", 255u, "1.3.101.110", "X25519");
    printf("%-18s %5u  %-22s %s\n", "ed25519", 255u, "1.3.101.112", "Ed25519");
}
