/* kurv tool: keygen, pubkey and ecdh. */
#include "tool.h"

#include <kurv_curve_list.h>   /* KURV_HAVE_25519: x25519 and ed25519 (cmd_25519.c) */

#include <stdlib.h>
#include <string.h>

/* "pem"/"der" (NULL gives @def); -1 when unknown. */
static int parse_keyfmt(const char *s, kurv_keyfmt def)
{
    if (!s)
        return (int)def;
    if (strcmp(s, "pem") == 0 || strcmp(s, "PEM") == 0)
        return KURV_KEYFMT_PEM;
    if (strcmp(s, "der") == 0 || strcmp(s, "DER") == 0)
        return KURV_KEYFMT_DER;
    return -1;
}

int cmd_keygen(int argc, char **argv)
{
    struct tool_opts o;
    const kurv_curve *c;
    uint8_t priv[KURV_MAX_SCALAR_LEN];
    uint8_t out[KURV_MAX_ENC_KEYFILE_LEN], pass[TOOL_MAX_PASS];
    size_t slen, out_len = sizeof out, pass_len = 0;
    unsigned long iter = 0;
    unsigned out_flags;
    int fmt, rc, alg = 0;
    kurv_err e;

    if (tool_parse(&o, "keygen", OPT_CURVE | OPT_OUT | OPT_FORMAT | OPT_PKCS8 | OPT_PASS | OPT_ITER,
                   0, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("keygen");
    if (!o.curve)
        return tool_fail("keygen: missing -c CURVE (kurv curves lists them)");
    c = tool_curve_find(o.curve);
#ifdef KURV_HAVE_25519
    if (!c)
        alg = tool_25519_alg(o.curve);
#endif
    if (!c && !alg)
        return tool_fail("keygen: unknown curve '%s' (kurv curves lists them)", o.curve);
    fmt = parse_keyfmt(o.format, KURV_KEYFMT_PEM);
    if (fmt < 0)
        return tool_fail("keygen: unknown format '%s' (pem or der)", o.format);
    if (o.iter) {
        char *end;
        if (!o.pass)
            return tool_fail("keygen: --iter needs --pass (it sets the encryption's PBKDF2 count)");
        iter = strtoul(o.iter, &end, 10);
        if (o.iter[0] < '0' || o.iter[0] > '9' || *end || iter < 1 || iter > KURV_PBKDF2_ITER_MAX)
            return tool_fail("keygen: --iter '%s': a count from 1 to %u", o.iter,
                             KURV_PBKDF2_ITER_MAX);
    }
#ifdef KURV_HAVE_25519
    if (alg)
        return cmd_25519_keygen(&o, alg, fmt, iter);
#endif
    out_flags = TOOL_OUT_SECRET | TOOL_OUT_KEY | TOOL_OUT_NEW | (o.force ? TOOL_OUT_FORCE : 0);
    if (tool_out_check(o.out, out_flags, NULL, 0))
        return TOOL_ERR;
    if (o.pass && tool_password(o.pass, "the new key", TOOL_PASS_NEW, pass, sizeof pass,
                                &pass_len)) {
        kurv_wipe(pass, sizeof pass);
        return TOOL_ERR;
    }

    slen = kurv_curve_scalar_len(c);
    e = kurv_keygen(c, priv, slen, NULL, NULL, 0);
    if (e) {
        kurv_wipe(pass, sizeof pass);
        return tool_fail("keygen: %s", kurv_strerror(e));
    }
    if (o.pass)   /* always PKCS#8: the encrypted form is EncryptedPrivateKeyInfo */
        e = kurv_privkey_encode_pass(c, out, &out_len, (kurv_keyfmt)fmt, priv, slen,
                                     pass, pass_len, iter);
    else
        e = kurv_privkey_encode(c, out, &out_len, o.pkcs8 ? KURV_KEY_PKCS8 : KURV_KEY_SEC1,
                                (kurv_keyfmt)fmt, priv, slen);
    kurv_wipe(priv, sizeof priv);
    kurv_wipe(pass, sizeof pass);
    if (e)
        return tool_fail("keygen: cannot encode the key (%s)", kurv_strerror(e));
    rc = tool_write(o.out, out, out_len, out_flags);
    kurv_wipe(out, sizeof out);
    return rc;
}

int cmd_pubkey(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    uint8_t pt[KURV_MAX_POINT_LEN];
    uint8_t out[KURV_MAX_KEYFILE_LEN];
    size_t pt_len = sizeof pt, out_len = sizeof out;
    unsigned out_flags;
    int fmt, rc;
    kurv_err e;

    if (tool_parse(&o, "pubkey", OPT_KEY | OPT_OUT | OPT_FORMAT | OPT_COMPRESSED, 0, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("pubkey");
    if (!o.key)
        return tool_fail("pubkey: missing -k KEYFILE");
    fmt = parse_keyfmt(o.format, KURV_KEYFMT_PEM);
    if (fmt < 0)
        return tool_fail("pubkey: unknown format '%s' (pem or der)", o.format);
    out_flags = TOOL_OUT_KEY | (o.force ? TOOL_OUT_FORCE : 0);
    if (tool_out_check(o.out, out_flags, &o.key, 1))
        return TOOL_ERR;
    rc = tool_load_key(&k, o.key, o.pass, TOOL_KEY_PUB | TOOL_KEY_25519);
    if (rc)
        return TOOL_ERR;
#ifdef KURV_HAVE_25519
    if (k.alg25519)
        return cmd_25519_pubkey(&o, &k, fmt, out_flags);
#endif
    e = kurv_point_convert(k.curve, pt, &pt_len, o.compressed, k.pub, k.pub_len);
    if (!e)
        e = kurv_pubkey_encode(k.curve, out, &out_len, (kurv_keyfmt)fmt, pt, pt_len);
    tool_key_wipe(&k);
    if (e)
        return tool_fail("pubkey: cannot encode the public key (%s)", kurv_strerror(e));
    return tool_write(o.out, out, out_len, out_flags);
}

int cmd_ecdh(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k, peer;
    struct tool_pass pw;
    const char *inputs[2];
    unsigned out_flags;
    uint8_t secret[KURV_MAX_FIELD_LEN];
    char hex[2 * KURV_MAX_FIELD_LEN + 2];
    size_t flen;
    int rc;
    kurv_err e;

    if (tool_parse(&o, "ecdh", OPT_KEY | OPT_PUB | OPT_OUT | OPT_HEX, 0, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("ecdh");
    if (!o.key)
        return tool_fail("ecdh: missing -k KEYFILE");
    if (!o.pub)
        return tool_fail("ecdh: missing -p PEERFILE");
    inputs[0] = o.key;
    inputs[1] = o.pub;
    out_flags = TOOL_OUT_SECRET | (o.force ? TOOL_OUT_FORCE : 0);
    if (tool_out_check(o.out, out_flags, inputs, 2))
        return TOOL_ERR;
    tool_pass_init(&pw, o.pass);   /* both files may be encrypted: one password, read once */
    rc = tool_load(&peer, o.pub, &pw, TOOL_KEY_PUB | TOOL_KEY_25519);
    if (!rc)
        rc = tool_load(&k, o.key, &pw, TOOL_KEY_PRIV | TOOL_KEY_25519);
    tool_pass_wipe(&pw);
    if (rc)
        return TOOL_ERR;
#ifdef KURV_HAVE_25519
    if (k.alg25519 || peer.alg25519)
        return cmd_25519_ecdh(&o, &k, &peer, out_flags);
#endif
    if (k.curve != peer.curve) {
        rc = tool_fail("%s: peer key is on %s, but %s is on %s", o.pub,
                       kurv_curve_name(peer.curve), o.key, kurv_curve_name(k.curve));
        tool_key_wipe(&k);
        return rc;
    }
    flen = kurv_curve_field_len(k.curve);
    e = kurv_ecdh(k.curve, secret, flen, k.priv, k.priv_len, peer.pub, peer.pub_len);
    tool_key_wipe(&k);
    if (e)
        return tool_fail("ecdh: %s", kurv_strerror(e));
    if (o.hex) {
        tool_hex(hex, secret, flen);
        hex[2 * flen] = '\n';
        rc = tool_write(o.out, (const uint8_t *)hex, 2 * flen + 1, out_flags);
    } else {
        rc = tool_write(o.out, secret, flen, out_flags);
    }
    kurv_wipe(secret, sizeof secret);
    kurv_wipe(hex, sizeof hex);
    return rc;
}
