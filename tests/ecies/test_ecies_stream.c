/*
 * Streaming ECIES (kurv/ecies.h, "Streaming ECIES"): for every KDF (KDF1, KDF2, HKDF, a
 * custom one), KDF and MAC hash, cipher (AES-CBC, -CTR, -GCM), AES key size, tag length,
 * flag and shared info, the streamed ciphertext equals kurv_ecies_encrypt_ephemeral()'s
 * byte for byte, fed in pieces of 0, 1, 15, 16, 17 bytes and random splits, and the
 * streamed decryption of the one-shot ciphertext gives the message back; the presets on
 * every curve; BouncyCastle's vectors (shared/vectors/ecies) through the streaming
 * decryption; every single-byte change, truncation and extension refused at final (or, in
 * V, at init) with KURV_ERR_DECRYPT and the output zeroed; every error code.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nettle/sha2.h>
#include "testutil.h"
#include "ecies_test_key.h"

#define MAXMSG 4200
#define MAXCT (MAXMSG + 512)

static uint8_t msg[MAXMSG], one[MAXCT], streamed[MAXCT], plain[MAXCT];


/* How a message is cut: pieces of a fixed size (0: a zero-length update before each byte
 * run of 7, to show empty updates change nothing), or random sizes 0..40 (RANDOM). */
#define RANDOM ((size_t)-1)
static const size_t chunkings[] = {0, 1, 15, 16, 17, RANDOM};
#define NCHUNK (sizeof chunkings / sizeof chunkings[0])

static size_t next_piece(size_t chunk, size_t left, uint64_t *rng)
{
    size_t n;
    if (chunk == RANDOM) {
        uint8_t b;
        kt_rand_bytes(rng, &b, 1);
        n = b % 41;
    } else if (chunk == 0) {
        static int flip;
        flip ^= 1;
        n = flip ? 0 : 7;
    } else {
        n = chunk;
    }
    return n < left ? n : left;
}

/* Streamed encryption of msg[0..n) with the ephemeral key eph into streamed; its length. */
static size_t stream_encrypt(const kurv_curve *c, const struct key *k, const struct key *eph,
                             const kurv_ecies_params *p, size_t n, size_t chunk, const char *what)
{
    kurv_ecies_stream ctx;
    uint64_t rng = 0x5eed0000u + n;
    size_t pos = 0, len = sizeof streamed, w;
    kurv_err e;

    e = kurv_ecies_encrypt_init_ephemeral(&ctx, c, k->q, k->ql, p, streamed, &len, eph->d, eph->dl);
    cr_assert_eq(e, KURV_OK, "%s: encrypt_init: %s", what, kurv_strerror(e));
    w = len;
    while (pos < n || chunk == 0) {
        size_t piece = next_piece(chunk, n - pos, &rng), out_len = piece + KURV_ECIES_STREAM_BLOCK;
        e = kurv_ecies_encrypt_update(&ctx, streamed + w, &out_len, msg + pos, piece);
        cr_assert_eq(e, KURV_OK, "%s: encrypt_update: %s", what, kurv_strerror(e));
        cr_assert_leq(out_len, piece + 15, "%s: update wrote %zu for %zu", what, out_len, piece);
        cr_assert_eq(out_len % 16, 0, "%s: update wrote %zu, not whole blocks", what, out_len);
        w += out_len;
        pos += piece;
        if (chunk == 0 && pos == n)
            break;
    }
    len = KURV_ECIES_STREAM_FINAL_MAX;
    e = kurv_ecies_encrypt_final(&ctx, streamed + w, &len);
    cr_assert_eq(e, KURV_OK, "%s: encrypt_final: %s", what, kurv_strerror(e));
    w += len;
    /* the context is closed */
    len = 16;
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, plain, &len, msg, 1), KURV_ERR_ARG);
    return w;
}

/* Streamed decryption of ct (cl bytes) into plain; KURV_OK and *pl, or the refusal. */
static kurv_err stream_decrypt(const kurv_curve *c, const struct key *k, const kurv_ecies_params *p,
                               const uint8_t *ct, size_t cl, size_t chunk, size_t *pl)
{
    kurv_ecies_stream ctx;
    uint64_t rng = 0xdec0000u + cl;
    size_t vlen = cl ? kurv_ecies_ephemeral_len(c, ct[0]) : 0, pos, w = 0, len;
    kurv_err e;

    *pl = 0;
    if (vlen == 0 || vlen > cl)
        vlen = cl;   /* init refuses it */
    e = kurv_ecies_decrypt_init(&ctx, c, k->d, k->dl, ct, vlen, p);
    if (e != KURV_OK)
        return e;
    pos = vlen;
    while (pos < cl) {
        size_t piece = next_piece(chunk, cl - pos, &rng), out_len = piece + KURV_ECIES_STREAM_BLOCK;
        e = kurv_ecies_decrypt_update(&ctx, plain + w, &out_len, ct + pos, piece);
        cr_assert_eq(e, KURV_OK, "decrypt_update: %s", kurv_strerror(e));
        cr_assert_leq(out_len, piece + 15);
        w += out_len;
        pos += piece;
    }
    len = KURV_ECIES_STREAM_BLOCK;
    memset(plain + w, 0xAA, 16);
    e = kurv_ecies_decrypt_final(&ctx, plain + w, &len);
    if (e != KURV_OK) {
        size_t i;
        cr_assert_eq(len, 0);
        for (i = 0; i < 16; i++)
            cr_assert_eq(plain[w + i], 0, "final's output zeroed after a refusal");
        return e;
    }
    *pl = w + len;
    return KURV_OK;
}

/* One configuration: for each length and each chunking, the stream equals the one-shot
 * encryption and decrypts back, streamed. Return the number of comparisons. */
static size_t check_params(const kurv_curve *c, const struct key *k, const struct key *eph,
                           const kurv_ecies_params *p, const char *what)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4097};
    size_t li, ci, count = 0;

    for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t n = lens[li], ol = sizeof one;
        uint64_t rng = 0x1234567u + n;
        kurv_err e;
        kt_rand_bytes(&rng, msg, n);
        e = kurv_ecies_encrypt_ephemeral(c, one, &ol, k->q, k->ql, msg, n, p, eph->d, eph->dl);
        cr_assert_eq(e, KURV_OK, "%s %s: one-shot: %s", kurv_curve_name(c), what, kurv_strerror(e));
        for (ci = 0; ci < NCHUNK; ci++, count++) {
            size_t sl, pl;
            char w[200];
            snprintf(w, sizeof w, "%s %s len %zu chunk %ld", kurv_curve_name(c), what, n,
                     (long)chunkings[ci]);
            sl = stream_encrypt(c, k, eph, p, n, chunkings[ci], w);
            cr_assert_eq(sl, ol, "%s: %zu bytes streamed, %zu one-shot", w, sl, ol);
            cr_assert(memcmp(streamed, one, ol) == 0, "%s: the streamed ciphertext differs", w);
            e = stream_decrypt(c, k, p, one, ol, chunkings[ci], &pl);
            cr_assert_eq(e, KURV_OK, "%s: streamed decryption: %s", w, kurv_strerror(e));
            cr_assert(pl == n && memcmp(plain, msg, n) == 0, "%s: plaintext differs", w);
        }
    }
    return count;
}

/* KDF2-SHA-256 as a custom KDF (the KDF runs once at init: custom ones stream) */
static kurv_err my_kdf(void *ctx, uint8_t *out, size_t out_len, const uint8_t *s, size_t sl,
                       const uint8_t *info, size_t il)
{
    uint32_t i;
    size_t done = 0;
    (void)ctx;
    for (i = 1; done < out_len; i++) {
        struct sha256_ctx h;
        uint8_t ctr[4] = {(uint8_t)(i >> 24), (uint8_t)(i >> 16), (uint8_t)(i >> 8), (uint8_t)i};
        uint8_t blk[32];
        size_t take = out_len - done < 32 ? out_len - done : 32;
        sha256_init(&h);
        sha256_update(&h, sl, s);
        sha256_update(&h, 4, ctr);
        sha256_update(&h, il, info);
        sha256_digest(&h, 32, blk);
        memcpy(out + done, blk, take);
        done += take;
    }
    return KURV_OK;
}

Test(ecies_stream, every_component_equals_one_shot)
{
    static const kurv_ecies_kdf kdfs[] = {KURV_ECIES_KDF1, KURV_ECIES_KDF2, KURV_ECIES_HKDF,
                                          KURV_ECIES_KDF_CUSTOM};
    static const kurv_hash hashes[] = {KURV_HASH_SHA256, KURV_HASH_SHA384, KURV_HASH_SHA512};
    static const kurv_ecies_cipher ciphers[] = {KURV_ECIES_AES_CBC, KURV_ECIES_AES_CTR,
                                                KURV_ECIES_AES_GCM};
    static const size_t keys[] = {16, 24, 32};
    static const uint8_t info1[] = "kurv info 1", info2[] = "kurv info 2 (MAC / AAD)";
    static const uint8_t iv[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16};
    kurv_ecies_kdf_ops kops = {my_kdf, NULL};
    const kurv_curve *c = kt_curves[0];
    struct key k, eph;
    size_t a, b, x, m, count = 0, configs = 0;

    mkkey(c, &k);
    mkkey(c, &eph);
    for (a = 0; a < 4; a++)
        for (b = 0; b < 3; b++)
            for (x = 0; x < 3; x++)
                for (m = 0; m < 3; m++) {
                    kurv_ecies_params p = *kurv_ecies_preset("bc-aes128-cbc");
                    char what[128];
                    p.kdf = kdfs[a];
                    p.kdf_ops = &kops;
                    p.kdf_hash = hashes[(a + m) % 3];
                    p.cipher = ciphers[b];
                    p.cipher_key_len = keys[x];
                    p.mac = ciphers[b] == KURV_ECIES_AES_GCM ? KURV_ECIES_MAC_NONE : KURV_ECIES_HMAC;
                    p.mac_hash = hashes[m];
                    p.mac_key_len = 16 + 16 * m;
                    p.tag_len = x == 1 ? 16 : x == 2 ? 17 + m : 0;   /* cut tags too */
                    p.flags = (unsigned)((a + b + x + m) % 8);
                    if ((a + x) % 2) {
                        p.shared_info1 = info1;
                        p.shared_info1_len = sizeof info1;
                        p.shared_info2 = info2;
                        p.shared_info2_len = sizeof info2;
                    }
                    if ((b + m) % 2) {
                        p.iv = iv;
                        p.iv_len = ciphers[b] == KURV_ECIES_AES_GCM ? 12 : 16;
                    }
                    cr_assert_eq(kurv_ecies_params_check(c, &p), KURV_OK, "config %zu%zu%zu%zu",
                                 a, b, x, m);
                    snprintf(what, sizeof what, "kdf %zu cipher %zu key %zu mac %zu flags %u",
                             a, b, keys[x], m, p.flags);
                    count += check_params(c, &k, &eph, &p, what);
                    configs++;
                }
    printf("ecies stream: %zu configurations, %zu streamed encryptions and decryptions equal "
           "to the one-shot ones on %s\n", configs, count, kurv_curve_name(c));
}

Test(ecies_stream, presets_all_curves)
{
    const char *const *names = kurv_ecies_preset_names();
    size_t ci, count = 0;
    int pi;

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        struct key k, eph;
        mkkey(c, &k);
        mkkey(c, &eph);
        for (pi = 0; names[pi]; pi++)
            count += check_params(c, &k, &eph, kurv_ecies_preset(names[pi]), names[pi]);
        count += check_params(c, &k, &eph, NULL, "NULL (default)");
    }
    printf("ecies stream presets: %zu comparisons on %zu curves\n", count, kt_ncurves);
}

/* A fresh ephemeral key (kurv_ecies_encrypt_init) decrypts with the one-shot function. */
Test(ecies_stream, fresh_ephemeral_decrypts_one_shot)
{
    const kurv_curve *c = kt_curves[0];
    kurv_ecies_stream ctx;
    struct key k;
    uint8_t v1[KURV_MAX_POINT_LEN], v2[KURV_MAX_POINT_LEN];
    size_t vl = sizeof v1, w, len, pl = sizeof plain;

    mkkey(c, &k);
    memset(msg, 'm', 100);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, NULL, v1, &vl), KURV_OK);
    memcpy(streamed, v1, vl);
    w = vl;
    len = sizeof streamed - w;
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, streamed + w, &len, msg, 100), KURV_OK);
    cr_assert_eq(len, 96);
    w += len;
    len = KURV_ECIES_STREAM_FINAL_MAX;
    cr_assert_eq(kurv_ecies_encrypt_final(&ctx, streamed + w, &len), KURV_OK);
    cr_assert_eq(len, 16 + 32);
    w += len;
    cr_assert_eq(w, kurv_ecies_ciphertext_len(c, NULL, 100));
    cr_assert_eq(kurv_ecies_decrypt(c, plain, &pl, k.d, k.dl, streamed, w, NULL), KURV_OK);
    cr_assert(pl == 100 && memcmp(plain, msg, 100) == 0);
    /* another init draws another r */
    vl = sizeof v2;
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, NULL, v2, &vl), KURV_OK);
    cr_assert(memcmp(v1, v2, vl) != 0, "two inits, two ephemeral keys");
    kurv_wipe(&ctx, sizeof ctx);
}

/* BouncyCastle's vectors: decrypted through the stream (random pieces) or refused. */
static void bc_file(const char *rel, int valid, size_t want_total)
{
    json_object *root = kt_load_json(rel);
    size_t i, n, ok = 0, skipped = 0;

    if (!root)
        cr_skip_test("ECIES vectors not found (%s)", rel);
    n = json_object_array_length(root);
    cr_assert_eq(n, want_total, "%s: %zu vectors", rel, n);
    for (i = 0; i < n; i++) {
        json_object *v = json_object_array_get_idx(root, i);
        const char *cname = kt_jstr(v, "curve");
        const kurv_curve *c = cname ? kt_curve(cname) : NULL;
        json_object *bits_o = kt_jget(v, "cipher_key_bits");
        int bits = bits_o ? json_object_get_int(bits_o) : 0;
        static uint8_t ct[8192], want[8192];
        struct key k;
        long cl, wl;
        size_t ci, pl;
        const kurv_ecies_params *p = kurv_ecies_preset(bits == 256 ? "bc-aes256-cbc"
                                                                    : "bc-aes128-cbc");
        if (!c) {
            skipped++;
            continue;
        }
        k.dl = (size_t)kt_unhex(k.d, sizeof k.d, kt_jstr(v, "d_hex"));
        cl = kt_unhex(ct, sizeof ct, kt_jstr(v, "ciphertext_hex"));
        wl = kt_unhex(want, sizeof want, kt_jstr(v, "plaintext_hex"));
        cr_assert(k.dl == kurv_curve_scalar_len(c) && cl >= 0 && wl >= 0, "%s #%zu: hex", rel, i);
        for (ci = 0; ci < NCHUNK; ci++) {
            kurv_err e = stream_decrypt(c, &k, p, ct, (size_t)cl, chunkings[ci], &pl);
            if (valid)
                cr_assert(e == KURV_OK && pl == (size_t)wl && memcmp(plain, want, pl) == 0,
                          "%s #%zu chunk %ld: %s", rel, i, (long)chunkings[ci], kurv_strerror(e));
            else
                cr_assert_eq(e, KURV_ERR_DECRYPT, "%s #%zu (%s) chunk %ld: %s", rel, i,
                             kt_jstr(v, "reason"), (long)chunkings[ci], kurv_strerror(e));
        }
        ok++;
    }
    json_object_put(root);
    cr_assert_gt(ok, 0);
    printf("%s through the stream: %zu %s, %zu skipped (curve not built)\n", rel, ok,
           valid ? "decrypted" : "refused", skipped);
}

Test(ecies_stream, bc_vectors)
{
    bc_file("ecies/bc-ecies.json", 1, 70);
    bc_file("ecies/bc-ecies-compressed.json", 1, 21);
    bc_file("ecies/bc-ecies-invalid.json", 0, 133);
}

/* Every byte of V || C || T changed, every truncation and a few extensions: refused. */
static void tamper(const kurv_curve *c, const struct key *k, const kurv_ecies_params *p,
                   size_t n, const char *what)
{
    size_t ol = sizeof one, i, pl;
    memset(msg, 0x5a, n);
    cr_assert_eq(kurv_ecies_encrypt(c, one, &ol, k->q, k->ql, msg, n, p), KURV_OK);
    for (i = 0; i < ol; i++) {
        one[i] ^= 0x01;
        cr_assert_eq(stream_decrypt(c, k, p, one, ol, chunkings[i % NCHUNK], &pl), KURV_ERR_DECRYPT,
                     "%s: byte %zu of %zu changed, accepted", what, i, ol);
        one[i] ^= 0x01;
    }
    for (i = 0; i < ol; i++)
        cr_assert_eq(stream_decrypt(c, k, p, one, i, chunkings[i % NCHUNK], &pl), KURV_ERR_DECRYPT,
                     "%s: cut to %zu of %zu bytes, accepted", what, i, ol);
    for (i = 1; i <= 33; i += 16) {
        memset(one + ol, 0, i);
        cr_assert_eq(stream_decrypt(c, k, p, one, ol + i, 1, &pl), KURV_ERR_DECRYPT,
                     "%s: %zu bytes appended, accepted", what, i);
    }
    cr_assert_eq(stream_decrypt(c, k, p, one, ol, RANDOM, &pl), KURV_OK, "%s: unchanged", what);
}

Test(ecies_stream, tampered_refused_at_final)
{
    const char *const *names = kurv_ecies_preset_names();
    kurv_ecies_params gcm = *kurv_ecies_preset("bc-aes128-cbc");
    const kurv_curve *c = kt_curves[0];
    struct key k;
    int pi;

    mkkey(c, &k);
    gcm.cipher = KURV_ECIES_AES_GCM;
    gcm.mac = KURV_ECIES_MAC_NONE;
    for (pi = 0; names[pi]; pi++) {
        tamper(c, &k, kurv_ecies_preset(names[pi]), 0, names[pi]);
        tamper(c, &k, kurv_ecies_preset(names[pi]), 33, names[pi]);
    }
    tamper(c, &k, &gcm, 0, "aes-gcm");
    tamper(c, &k, &gcm, 33, "aes-gcm");
}

/* the toy custom cipher and MAC (never run: init refuses them) */
static size_t toy_len(void *ctx, size_t n) { (void)ctx; return n + 1; }
static kurv_err toy_enc(void *ctx, uint8_t *ct, const uint8_t *key, const uint8_t *pt, size_t n,
                        const uint8_t *aad, size_t al)
{
    (void)ctx; (void)ct; (void)key; (void)pt; (void)n; (void)aad; (void)al;
    return KURV_ERR_ARG;
}
static kurv_err toy_dec(void *ctx, uint8_t *pt, size_t *pl, const uint8_t *key, const uint8_t *ct,
                        size_t n, const uint8_t *aad, size_t al)
{
    (void)ctx; (void)pt; (void)pl; (void)key; (void)ct; (void)n; (void)aad; (void)al;
    return KURV_ERR_ARG;
}
static kurv_err toy_mac(void *ctx, uint8_t *tag, const uint8_t *key, const uint8_t *const *parts,
                        const size_t *lens, size_t n)
{
    (void)ctx; (void)tag; (void)key; (void)parts; (void)lens; (void)n;
    return KURV_ERR_ARG;
}

Test(ecies_stream, errors)
{
    const kurv_curve *c = kt_curves[0];
    kurv_ecies_cipher_ops cops = {16, toy_len, toy_len, toy_enc, toy_dec, NULL};
    kurv_ecies_mac_ops mops = {16, 20, toy_mac, NULL};
    kurv_ecies_params custom_cipher = *kurv_ecies_preset("bc-aes128-cbc"), custom_mac = custom_cipher;
    kurv_ecies_params bad = custom_cipher;
    kurv_ecies_stream ctx, saved;
    struct key k, eph;
    uint8_t v[KURV_MAX_POINT_LEN], out[200], badq[KURV_MAX_POINT_LEN], zero[KURV_MAX_SCALAR_LEN];
    size_t vl, len, plen = kurv_curve_point_len(c, 0), flen = kurv_curve_field_len(c), w;

    mkkey(c, &k);
    mkkey(c, &eph);
    custom_cipher.cipher = KURV_ECIES_CIPHER_CUSTOM;
    custom_cipher.cipher_ops = &cops;
    custom_mac.mac = KURV_ECIES_MAC_CUSTOM;
    custom_mac.mac_ops = &mops;
    bad.cipher_key_len = 20;
    memset(zero, 0, sizeof zero);

    /* kurv_ecies_ephemeral_len */
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x04), 1 + 2 * flen);
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x06), 1 + 2 * flen);
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x07), 1 + 2 * flen);
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x02), 1 + flen);
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x03), 1 + flen);
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x00), 0);
    cr_assert_eq(kurv_ecies_ephemeral_len(c, 0x05), 0);
    cr_assert_eq(kurv_ecies_ephemeral_len(NULL, 0x04), 0);

    /* encrypt_init */
    vl = sizeof v;
    cr_assert_eq(kurv_ecies_encrypt_init(NULL, c, k.q, k.ql, NULL, v, &vl), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, NULL, k.q, k.ql, NULL, v, &vl), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, &bad, v, &vl), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, NULL, v, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, &custom_cipher, v, &vl),
                 KURV_ERR_UNSUPPORTED);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, &custom_mac, v, &vl),
                 KURV_ERR_UNSUPPORTED);
    vl = plen - 1;
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, NULL, v, &vl), KURV_ERR_BUFFER);
    cr_assert_eq(vl, plen);
    vl = 0;
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, k.q, k.ql, NULL, NULL, &vl), KURV_ERR_BUFFER);
    cr_assert_eq(vl, plen);
    memcpy(badq, k.q, k.ql);
    badq[k.ql - 1] ^= 1;   /* off the curve */
    vl = sizeof v;
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, badq, k.ql, NULL, v, &vl), KURV_ERR_POINT);
    badq[0] = 0x00;        /* the point at infinity's encoding */
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, badq, 1, NULL, v, &vl), KURV_ERR_INFINITY);
    cr_assert_eq(kurv_ecies_encrypt_init(&ctx, c, NULL, 0, NULL, v, &vl), KURV_ERR_POINT);
    cr_assert_eq(kurv_ecies_encrypt_init_ephemeral(&ctx, c, k.q, k.ql, NULL, v, &vl, NULL, 0),
                 KURV_ERR_PRIVKEY);
    cr_assert_eq(kurv_ecies_encrypt_init_ephemeral(&ctx, c, k.q, k.ql, NULL, v, &vl, zero, eph.dl),
                 KURV_ERR_PRIVKEY);
    cr_assert_eq(kurv_ecies_encrypt_init_ephemeral(&ctx, c, k.q, k.ql, NULL, v, &vl, eph.d, eph.dl - 1),
                 KURV_ERR_PRIVKEY);
    /* a failed init closes the context */
    len = sizeof out;
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, &len, msg, 1), KURV_ERR_ARG);
    len = sizeof out;
    cr_assert_eq(kurv_ecies_encrypt_final(&ctx, out, &len), KURV_ERR_ARG);

    /* update and final: misuse, short buffers (nothing consumed), closed context */
    vl = sizeof v;
    cr_assert_eq(kurv_ecies_encrypt_init_ephemeral(&ctx, c, k.q, k.ql, NULL, v, &vl, eph.d, eph.dl),
                 KURV_OK);
    memset(msg, 'x', 40);
    len = sizeof out;
    cr_assert_eq(kurv_ecies_encrypt_update(NULL, out, &len, msg, 1), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, NULL, msg, 1), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, &len, NULL, 1), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, &len, msg, SIZE_MAX), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_decrypt_update(&ctx, out, &len, msg, 1), KURV_ERR_ARG,
                 "an encryption context is no decryption context");
    len = sizeof out;
    cr_assert_eq(kurv_ecies_decrypt_final(&ctx, out, &len), KURV_ERR_ARG);
    len = 15;
    saved = ctx;
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, &len, msg, 40), KURV_ERR_BUFFER);
    cr_assert_eq(len, 32);
    cr_assert(memcmp(&saved, &ctx, sizeof ctx) == 0, "KURV_ERR_BUFFER changes nothing");
    len = 0;
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, NULL, &len, msg, 15), KURV_OK, "no output: no buffer");
    cr_assert_eq(len, 0);
    len = 32;
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, &len, msg + 15, 25), KURV_OK);
    cr_assert_eq(len, 32);
    w = len;
    len = 47;
    cr_assert_eq(kurv_ecies_encrypt_final(&ctx, out + w, &len), KURV_ERR_BUFFER);
    cr_assert_eq(len, 48);
    cr_assert_eq(kurv_ecies_encrypt_final(&ctx, out + w, NULL), KURV_ERR_ARG);
    len = 48;
    cr_assert_eq(kurv_ecies_encrypt_final(&ctx, out + w, &len), KURV_OK);
    w += len;
    /* the same bytes as the one-shot function */
    {
        size_t ol = sizeof one;
        cr_assert_eq(kurv_ecies_encrypt_ephemeral(c, one, &ol, k.q, k.ql, msg, 40, NULL, eph.d,
                                                  eph.dl), KURV_OK);
        cr_assert(ol == vl + w && memcmp(one, v, vl) == 0 && memcmp(one + vl, out, w) == 0);
    }
    len = sizeof out;
    cr_assert_eq(kurv_ecies_encrypt_final(&ctx, out, &len), KURV_ERR_ARG, "final closed it");
    memset(&ctx, 0, sizeof ctx);
    cr_assert_eq(kurv_ecies_encrypt_update(&ctx, out, &len, msg, 1), KURV_ERR_ARG, "zeroed context");

    /* decrypt_init */
    cr_assert_eq(kurv_ecies_decrypt_init(NULL, c, k.d, k.dl, one, vl, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, NULL, k.d, k.dl, one, vl, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, NULL, vl, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, vl, &bad), KURV_ERR_ARG);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, vl, &custom_cipher),
                 KURV_ERR_UNSUPPORTED);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, vl, &custom_mac),
                 KURV_ERR_UNSUPPORTED);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, zero, k.dl, one, vl, NULL), KURV_ERR_PRIVKEY);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, NULL, k.dl, one, vl, NULL), KURV_ERR_PRIVKEY);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, vl - 1, NULL), KURV_ERR_DECRYPT);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, vl + 1, NULL), KURV_ERR_DECRYPT);
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, 0, NULL), KURV_ERR_DECRYPT);
    memcpy(badq, one, vl);
    badq[vl - 1] ^= 1;
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, badq, vl, NULL), KURV_ERR_DECRYPT);
    badq[0] = 0x05;
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, badq, vl, NULL), KURV_ERR_DECRYPT);
    len = sizeof out;
    cr_assert_eq(kurv_ecies_decrypt_update(&ctx, out, &len, one + vl, 1), KURV_ERR_ARG,
                 "a failed init closes the context");

    /* decrypt update and final: short buffers */
    cr_assert_eq(kurv_ecies_decrypt_init(&ctx, c, k.d, k.dl, one, vl, NULL), KURV_OK);
    len = 0;
    cr_assert_eq(kurv_ecies_decrypt_update(&ctx, NULL, &len, one + vl, 48), KURV_OK,
                 "48 bytes: all held back (16 + the 32-byte tag)");
    cr_assert_eq(len, 0);
    len = 15;
    saved = ctx;
    cr_assert_eq(kurv_ecies_decrypt_update(&ctx, plain, &len, one + vl + 48, 32), KURV_ERR_BUFFER);
    cr_assert_eq(len, 32);
    cr_assert(memcmp(&saved, &ctx, sizeof ctx) == 0, "KURV_ERR_BUFFER changes nothing");
    len = 32;
    cr_assert_eq(kurv_ecies_decrypt_update(&ctx, plain, &len, one + vl + 48, 32), KURV_OK);
    cr_assert_eq(len, 32);
    cr_assert(memcmp(plain, msg, 32) == 0);
    len = 14;
    cr_assert_eq(kurv_ecies_decrypt_final(&ctx, plain + 32, &len), KURV_ERR_BUFFER);
    cr_assert_eq(len, 15);
    len = 15;
    cr_assert_eq(kurv_ecies_decrypt_final(&ctx, plain + 32, &len), KURV_OK);
    cr_assert_eq(len, 8);
    cr_assert(memcmp(plain, msg, 40) == 0);
    len = 16;
    cr_assert_eq(kurv_ecies_decrypt_final(&ctx, plain, &len), KURV_ERR_ARG, "final closed it");
}
