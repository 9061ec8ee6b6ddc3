/*
 * kurv tool: encrypt and decrypt (ECIES, kurv/ecies.h).
 *
 * Contract: both stream through kurv_ecies_stream in constant memory (two 64 KiB buffers),
 * whatever the size. Decryption never lets unauthenticated plaintext be seen: to a file,
 * it goes to a temporary file beside it that is renamed into place only once the tag has
 * verified (removed otherwise); to stdout, a device or a FIFO, which show each byte at
 * once, the ciphertext is held in memory (up to TOOL_MAX_MSG) and decrypted by
 * kurv_ecies_decrypt(), which checks the tag first. (Not two passes over a file, the tag
 * first: the file could change between them, and the second pass would write the
 * plaintext of a ciphertext whose tag was never checked.)
 */
#include "tool.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Bytes read at a time: memory stays at two such buffers whatever the file's size. */
#define CHUNK (64u << 10)

/* The refusal line of a ciphertext (the one message for every reason). */
static int decrypt_failed(const char *file)
{
    return tool_fail("%s: decryption failed (wrong key, preset or options (not --iv), or the "
                     "data was altered or truncated)", file);
}

/* The rest of fd (@name in read errors) through an open stream @ctx: @update on each piece
 * read, @final at the end, every output to @w. Return 0, or
 * TOOL_ERR after the error line (@cmd's, or "decryption failed" for @file). @ctx is wiped. */
static int stream_pump(kurv_ecies_stream *ctx, const char *cmd, const char *file, int fd,
                       const char *name, struct tool_out *w,
                       kurv_err (*update)(kurv_ecies_stream *, uint8_t *, size_t *,
                                          const uint8_t *, size_t),
                       kurv_err (*final)(kurv_ecies_stream *, uint8_t *, size_t *))
{
    uint8_t in[CHUNK], out[CHUNK + KURV_ECIES_STREAM_BLOCK];   /* 128 KiB of stack */
    size_t len;
    long r;
    int rc = 0;
    kurv_err e;

    do {
        r = tool_in_read(fd, name, in, sizeof in);
        if (r < 0) {
            rc = TOOL_ERR;
            break;
        }
        len = sizeof out;
        e = r ? update(ctx, out, &len, in, (size_t)r) : final(ctx, out, &len);
        if (e == KURV_ERR_DECRYPT)
            rc = decrypt_failed(file);
        else if (e)
            rc = tool_fail("%s: %s", cmd, kurv_strerror(e));
        else if (len)
            rc = tool_out_put(w, out, len);
    } while (!rc && r > 0);
    kurv_wipe(ctx, sizeof *ctx);
    kurv_wipe(in, sizeof in);
    kurv_wipe(out, sizeof out);
    return rc;
}

int cmd_encrypt(int argc, char **argv)
{
    uint8_t v[KURV_MAX_POINT_LEN];
    struct tool_opts o;
    struct tool_key k;
    struct ecies_cfg g;
    struct tool_out w;
    struct stat st;
    kurv_ecies_stream ctx;
    const char *inputs[2], *name;
    unsigned out_flags;
    const kurv_ecies_params *p = &g.p;
    size_t len;
    int fd, rc;
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
    /* a stream (kurv_ecies_encrypt_init/update/final): V, then C as the file is read, then
     * the last block and T; every option the tool offers streams */
    name = strcmp(o.pos[0], "-") == 0 ? "stdin" : o.pos[0];
    if (tool_in_open(o.pos[0], &fd, &st))
        return TOOL_ERR;
    if (tool_out_open(&w, o.out, out_flags)) {
        tool_in_close(o.pos[0], fd);
        return TOOL_ERR;
    }
    len = sizeof v;
    e = kurv_ecies_encrypt_init(&ctx, k.curve, k.pub, k.pub_len, p, v, &len);
    rc = e ? tool_fail("encrypt: %s", kurv_strerror(e)) : tool_out_put(&w, v, len);
    if (!rc)
        rc = stream_pump(&ctx, "encrypt", o.pos[0], fd, name, &w, kurv_ecies_encrypt_update,
                         kurv_ecies_encrypt_final);
    tool_in_close(o.pos[0], fd);
    kurv_wipe(&ctx, sizeof ctx);
    if (rc) {
        tool_out_discard(&w);
        return TOOL_ERR;
    }
    return tool_out_commit(&w);
}

/* One streamed decryption of fd (from its current offset) with the key k: the plaintext to
 * @w (a staged file: kept only once this returns 0). Return 0 once the tag
 * has verified (every byte written is then authentic), or TOOL_ERR after the error line
 * (@w's output is then to be discarded). */
static int decrypt_pass(const struct tool_key *k, const kurv_ecies_params *p, int fd,
                        const char *file, const char *name, struct tool_out *w)
{
    uint8_t v[KURV_MAX_POINT_LEN];
    kurv_ecies_stream ctx;
    size_t vlen;
    long r;
    kurv_err e;

    /* V: its first byte gives its length */
    r = tool_in_read(fd, name, v, 1);
    if (r < 0)
        return TOOL_ERR;
    vlen = r == 1 ? kurv_ecies_ephemeral_len(k->curve, v[0]) : 0;
    if (vlen == 0)
        return decrypt_failed(file);
    r = tool_in_read(fd, name, v + 1, vlen - 1);
    if (r < 0)
        return TOOL_ERR;
    if ((size_t)r != vlen - 1)
        return decrypt_failed(file);
    e = kurv_ecies_decrypt_init(&ctx, k->curve, k->priv, k->priv_len, v, vlen, p);
    if (e == KURV_ERR_DECRYPT)
        return decrypt_failed(file);
    if (e)
        return tool_fail("decrypt: %s", kurv_strerror(e));
    return stream_pump(&ctx, "decrypt", file, fd, name, w, kurv_ecies_decrypt_update,
                       kurv_ecies_decrypt_final);
}

/* A ciphertext decrypted to an output that shows every byte at once (stdout, a device, a
 * FIFO): held whole in memory, up to TOOL_MAX_MSG, and decrypted in one call, which checks
 * the tag before any plaintext exists. */
static int decrypt_buffered(const struct tool_key *k, const kurv_ecies_params *p, int fd,
                            const struct stat *st, const char *file, const char *name,
                            struct tool_out *w)
{
    uint8_t *ct, *pt;
    size_t ct_len, pt_cap, pt_len;
    int rc;
    kurv_err e;

    ct = tool_read_fd(fd, st, name, TOOL_MAX_MSG + 1024, &ct_len,
                      "a ciphertext is held in memory until its tag verifies when the "
                      "plaintext goes to stdout; use -o FILE");
    if (!ct)
        return TOOL_ERR;
    pt_cap = kurv_ecies_plaintext_max_len(k->curve, p, ct, ct_len);
    pt = malloc(pt_cap ? pt_cap : 1);
    if (!pt) {
        tool_free(ct, ct_len);
        return tool_fail("decrypt: out of memory");
    }
    pt_len = pt_cap;
    e = kurv_ecies_decrypt(k->curve, pt, &pt_len, k->priv, k->priv_len, ct, ct_len, p);
    tool_free(ct, ct_len);
    if (e == KURV_ERR_DECRYPT)
        rc = decrypt_failed(file);
    else if (e)
        rc = tool_fail("decrypt: %s", kurv_strerror(e));
    else
        rc = tool_out_put(w, pt, pt_len);
    tool_free(pt, pt_cap);
    return rc;
}

int cmd_decrypt(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    struct ecies_cfg g;
    struct tool_out w;
    struct stat st;
    const char *inputs[2], *name;
    unsigned out_flags;
    const kurv_ecies_params *p = &g.p;
    int fd, rc;

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
    name = strcmp(o.pos[0], "-") == 0 ? "stdin" : o.pos[0];
    if (tool_in_open(o.pos[0], &fd, &st)) {
        tool_key_wipe(&k);
        return TOOL_ERR;
    }
    rc = tool_out_open(&w, o.out, out_flags);
    if (!rc) {
        if (w.kind == TOOL_OUT_STAGED) {
            /* a file: streamed into the temporary file beside it, renamed into place only
             * once the tag has verified, removed otherwise */
            rc = decrypt_pass(&k, p, fd, o.pos[0], name, &w);
        } else {
            /* stdout, a device or a FIFO shows each byte at once: held in memory */
            rc = decrypt_buffered(&k, p, fd, &st, o.pos[0], name, &w);
        }
        if (rc)
            tool_out_discard(&w);
        else
            rc = tool_out_commit(&w);
    }
    tool_in_close(o.pos[0], fd);
    tool_key_wipe(&k);
    return rc ? TOOL_ERR : 0;
}
