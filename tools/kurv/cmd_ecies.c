/* kurv tool: encrypt and decrypt (ECIES, kurv/ecies.h). */
#include "tool.h"

#include <stdlib.h>
#include <string.h>

/* The ECIES configuration of a command: a preset with the component options on top, and
 * the bytes its pointers refer to. */
struct ecies_cfg {
    kurv_ecies_params p;
    uint8_t si1[1024], si2[1024], iv[16];
};

/* A byte count option: @min <= n <= @max; -1 after the error line. */
static long count_opt(const char *cmd, const char *opt, const char *val, long min, long max)
{
    char *end;
    long n;
    if (val[0] < '0' || val[0] > '9')
        goto bad;
    n = strtol(val, &end, 10);
    if (*end || n < min || n > max)
        goto bad;
    return n;
bad:
    tool_fail("%s: --%s '%s': a byte count from %ld to %ld", cmd, opt, val, min, max);
    return -1;
}

/* A hash for the KDF or the MAC (SHA-256, -384, -512); KURV_HASH_NONE after the error line. */
static kurv_hash hash_opt(const char *cmd, const char *opt, const char *val)
{
    kurv_hash h = kurv_hash_from_name(val);
    if (h != KURV_HASH_SHA256 && h != KURV_HASH_SHA384 && h != KURV_HASH_SHA512) {
        tool_fail("%s: --%s '%s': sha256, sha384 or sha512", cmd, opt, val);
        return KURV_HASH_NONE;
    }
    return h;
}

/* Hex into @buf (@cap bytes); the length, or -1 after the error line. */
static long hex_opt(const char *cmd, const char *opt, const char *val, uint8_t *buf, size_t cap)
{
    long n = tool_unhex(buf, cap, (const uint8_t *)val, strlen(val));
    if (n < 0)
        tool_fail("%s: --%s: not an even number of hex digits, or over %zu bytes", cmd, opt, cap);
    return n;
}

/* --preset (default bc-aes128-cbc), then each component option over it, each checked on
 * its own (the whole is checked against the curve by config_check()). Return 0, or
 * TOOL_ERR after the error line. */
static int ecies_config(struct ecies_cfg *g, const char *cmd, const struct tool_opts *o)
{
    static const char *const ciphers[] = {
        "aes-128-cbc", "aes-192-cbc", "aes-256-cbc", "aes-128-ctr", "aes-192-ctr",
        "aes-256-ctr", "aes-128-gcm", "aes-192-gcm", "aes-256-gcm"
    };
    const kurv_ecies_params *base = kurv_ecies_preset(o->preset ? o->preset : "bc-aes128-cbc");
    int gcm;
    long n;
    size_t i;

    memset(g, 0, sizeof *g);
    if (!base)
        return tool_fail("%s: unknown preset '%s' (bc-aes128-cbc, bc-aes256-cbc, "
                         "sec1-aes128-ctr, botan-aes128-cbc or botan-aes256-cbc)", cmd, o->preset);
    g->p = *base;
    if (o->kdf) {
        if (strcmp(o->kdf, "kdf1") == 0)
            g->p.kdf = KURV_ECIES_KDF1;
        else if (strcmp(o->kdf, "kdf2") == 0 || strcmp(o->kdf, "x963") == 0)
            g->p.kdf = KURV_ECIES_KDF2;
        else if (strcmp(o->kdf, "hkdf") == 0)
            g->p.kdf = KURV_ECIES_HKDF;
        else
            return tool_fail("%s: --kdf '%s': kdf1, kdf2 or hkdf", cmd, o->kdf);
    }
    if (o->kdf_hash && (g->p.kdf_hash = hash_opt(cmd, "kdf-hash", o->kdf_hash)) == KURV_HASH_NONE)
        return TOOL_ERR;
    if (o->cipher) {
        for (i = 0; i < sizeof ciphers / sizeof ciphers[0]; i++)
            if (strcmp(o->cipher, ciphers[i]) == 0)
                break;
        if (i == sizeof ciphers / sizeof ciphers[0])
            return tool_fail("%s: --cipher '%s': aes-128|192|256-cbc, -ctr or -gcm", cmd, o->cipher);
        g->p.cipher = i < 3 ? KURV_ECIES_AES_CBC : i < 6 ? KURV_ECIES_AES_CTR : KURV_ECIES_AES_GCM;
        g->p.cipher_key_len = 16 + 8 * (i % 3);
    }
    gcm = g->p.cipher == KURV_ECIES_AES_GCM;
    if (gcm) {
        /* GCM's own tag authenticates: no HMAC (kurv/ecies.h) */
        if (o->mac_hash || o->mac_key_len || o->tag_len || o->no_ltag)
            return tool_fail("%s: AES-GCM carries its own tag: no --mac-hash, --mac-key-len, "
                             "--tag-len or --no-length-tag", cmd);
        g->p.mac = KURV_ECIES_MAC_NONE;
    }
    if (o->mac_hash && (g->p.mac_hash = hash_opt(cmd, "mac-hash", o->mac_hash)) == KURV_HASH_NONE)
        return TOOL_ERR;
    if (o->mac_key_len) {
        if ((n = count_opt(cmd, "mac-key-len", o->mac_key_len, 16, 64)) < 0)
            return TOOL_ERR;
        g->p.mac_key_len = (size_t)n;
    }
    if (o->tag_len) {
        /* the tag is a prefix of the HMAC: at most the MAC hash's length (kurv/ecies.h) */
        if ((n = count_opt(cmd, "tag-len", o->tag_len, 16,
                           (long)kurv_hash_len(g->p.mac_hash))) < 0)
            return TOOL_ERR;
        g->p.tag_len = (size_t)n;
    }
    if (o->z_only)
        g->p.flags |= KURV_ECIES_KDF_Z_ONLY;
    if (o->no_ltag)
        g->p.flags |= KURV_ECIES_NO_LENGTH_TAG;
    if (o->compressed)
        g->p.flags |= KURV_ECIES_COMPRESSED;
    if (o->si1) {
        if ((n = hex_opt(cmd, "shared-info1", o->si1, g->si1, sizeof g->si1)) < 0)
            return TOOL_ERR;
        g->p.shared_info1 = g->si1;
        g->p.shared_info1_len = (size_t)n;
    }
    if (o->si2) {
        if ((n = hex_opt(cmd, "shared-info2", o->si2, g->si2, sizeof g->si2)) < 0)
            return TOOL_ERR;
        g->p.shared_info2 = g->si2;
        g->p.shared_info2_len = (size_t)n;
    }
    if (o->iv) {
        size_t want = gcm ? 12 : 16;
        if ((n = hex_opt(cmd, "iv", o->iv, g->iv, sizeof g->iv)) < 0)
            return TOOL_ERR;
        if ((size_t)n != want)
            return tool_fail("%s: --iv: %zu bytes (%zu hex digits) for %s", cmd, want, 2 * want,
                             gcm ? "AES-GCM" : "AES-CBC and AES-CTR");
        g->p.iv = g->iv;
        g->p.iv_len = want;
    }
    return 0;
}

/* The configuration against the key's curve; 0, or TOOL_ERR after the error line. */
static int config_check(const char *cmd, const kurv_curve *c, const kurv_ecies_params *p)
{
    if (kurv_ecies_params_check(c, p) != KURV_OK)
        return tool_fail("%s: the options do not make a valid ECIES configuration "
                         "(see kurv %s --help)", cmd, cmd);
    return 0;
}

int cmd_encrypt(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    struct ecies_cfg g;
    const char *inputs[2];
    unsigned out_flags;
    const kurv_ecies_params *p = &g.p;
    uint8_t *msg, *ct;
    size_t msg_len, ct_len;
    int rc;
    kurv_err e;

    if (tool_parse(&o, "encrypt", OPT_PUB | OPT_PRESET | OPT_OUT | OPT_ECIES, 1, argc, argv))
        return TOOL_ERR;
    out_flags = o.force ? TOOL_OUT_FORCE : 0;
    if (o.help)
        return tool_help("encrypt");
    if (!o.pub)
        return tool_fail("encrypt: missing -p PUBFILE");
    if (o.npos != 1)
        return tool_fail("encrypt: missing FILE to encrypt (- for stdin)");
    if (ecies_config(&g, "encrypt", &o))
        return TOOL_ERR;
    inputs[0] = o.pub;
    inputs[1] = o.pos[0];
    if (tool_out_check(o.out, out_flags, inputs, 2))
        return TOOL_ERR;
    rc = tool_load_key(&k, o.pub, o.pass, TOOL_KEY_PUB);
    if (rc)
        return TOOL_ERR;
    if (config_check("encrypt", k.curve, p))
        return TOOL_ERR;
    msg = tool_read(o.pos[0], TOOL_MAX_MSG, &msg_len);
    if (!msg)
        return TOOL_ERR;
    ct_len = kurv_ecies_ciphertext_len(k.curve, p, msg_len);
    ct = ct_len ? malloc(ct_len) : NULL;
    if (!ct) {
        tool_free(msg, msg_len);
        return tool_fail("encrypt: out of memory");
    }
    e = kurv_ecies_encrypt(k.curve, ct, &ct_len, k.pub, k.pub_len, msg, msg_len, p);
    tool_free(msg, msg_len);
    if (e) {
        free(ct);
        return tool_fail("encrypt: %s", kurv_strerror(e));
    }
    rc = tool_write(o.out, ct, ct_len, out_flags);
    free(ct);
    return rc;
}

int cmd_decrypt(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    struct ecies_cfg g;
    const char *inputs[2];
    unsigned out_flags;
    const kurv_ecies_params *p = &g.p;
    uint8_t *ct, *pt;
    size_t ct_len, pt_cap, pt_len;
    int rc;
    kurv_err e;

    if (tool_parse(&o, "decrypt", OPT_KEY | OPT_PRESET | OPT_OUT | OPT_ECIES, 1, argc, argv))
        return TOOL_ERR;
    out_flags = TOOL_OUT_SECRET | (o.force ? TOOL_OUT_FORCE : 0);
    if (o.help)
        return tool_help("decrypt");
    if (!o.key)
        return tool_fail("decrypt: missing -k KEYFILE");
    if (o.npos != 1)
        return tool_fail("decrypt: missing FILE to decrypt (- for stdin)");
    if (ecies_config(&g, "decrypt", &o))
        return TOOL_ERR;
    inputs[0] = o.key;
    inputs[1] = o.pos[0];
    if (tool_out_check(o.out, out_flags, inputs, 2))
        return TOOL_ERR;
    rc = tool_load_key(&k, o.key, o.pass, TOOL_KEY_PRIV);
    if (rc)
        return TOOL_ERR;
    if (config_check("decrypt", k.curve, p)) {
        tool_key_wipe(&k);
        return TOOL_ERR;
    }
    /* the ciphertext is at most the message limit plus V, padding and tag */
    ct = tool_read(o.pos[0], TOOL_MAX_MSG + 1024, &ct_len);
    if (!ct) {
        tool_key_wipe(&k);
        return TOOL_ERR;
    }
    pt_cap = kurv_ecies_plaintext_max_len(k.curve, p, ct, ct_len);
    pt = malloc(pt_cap ? pt_cap : 1);
    if (!pt) {
        tool_key_wipe(&k);
        tool_free(ct, ct_len);
        return tool_fail("decrypt: out of memory");
    }
    pt_len = pt_cap;
    e = kurv_ecies_decrypt(k.curve, pt, &pt_len, k.priv, k.priv_len, ct, ct_len, p);
    tool_key_wipe(&k);
    tool_free(ct, ct_len);
    if (e) {
        tool_free(pt, pt_cap);
        if (e == KURV_ERR_DECRYPT)
            return tool_fail("%s: decryption failed (wrong key, preset or options (not --iv), or the "
                             "data was altered or truncated)", o.pos[0]);
        return tool_fail("decrypt: %s", kurv_strerror(e));
    }
    rc = tool_write(o.out, pt, pt_len, out_flags);
    tool_free(pt, pt_cap);
    return rc;
}
