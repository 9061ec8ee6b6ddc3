/*
 * ECIES: BouncyCastle's vectors (shared/vectors/ecies, produced by BouncyCastle 1.72's own
 * IESCipher; FORMAT.md). bc-ecies.json and bc-ecies-compressed.json must decrypt to their
 * plaintexts with the preset of their key size (bc-aes128-cbc / bc-aes256-cbc);
 * every entry of bc-ecies-invalid.json must be refused with KURV_ERR_DECRYPT, the one
 * code for every refusal. The worked example of FORMAT.md is checked step by step.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nettle/hmac.h>
#include <nettle/sha2.h>
#include "testutil.h"
#include <kurv_curve_list.h>

static const char *jstr(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

static int jint(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v))
        return -1;
    return json_object_get_int(v);
}

struct tally {
    size_t total, ok, bad, skipped, compressed_v;
};

/* Run every entry of one file; valid = 1: must decrypt to plaintext_hex; 0: must be refused. */
static struct tally run_file(const char *rel, int valid)
{
    struct tally t = {0, 0, 0, 0, 0};
    json_object *root = kt_load_json(rel);
    size_t i, n;

    if (!root)
        cr_skip_test("ECIES vectors not found (%s)", rel);
    cr_assert(json_object_is_type(root, json_type_array), "%s: not a JSON list", rel);
    n = json_object_array_length(root);
    for (i = 0; i < n; i++) {
        json_object *v = json_object_array_get_idx(root, i);
        const char *cname = jstr(v, "curve"), *reason = jstr(v, "reason");
        const kurv_curve *c = cname ? kt_curve(cname) : NULL;
        int bits = jint(v, "cipher_key_bits"), mbits = jint(v, "mac_key_bits");
        static uint8_t d[KURV_MAX_SCALAR_LEN], ct[8192], pt[8192], want[8192], pub[KURV_MAX_POINT_LEN];
        long dl, cl, wl, pl;
        size_t out_len = sizeof pt, bound;
        const kurv_ecies_params *p;
        kurv_err e;

        t.total++;
        if (!c) {
            t.skipped++;
            continue;
        }
        cr_assert(bits == mbits, "%s #%zu: cipher and MAC key sizes differ", rel, i);
        p = kurv_ecies_preset(bits == 128 ? "bc-aes128-cbc" : "bc-aes256-cbc");
        cr_assert(p && (bits == 128 || bits == 256), "%s #%zu: key bits %d", rel, i, bits);
        dl = kt_unhex(d, sizeof d, jstr(v, "d_hex"));
        cl = kt_unhex(ct, sizeof ct, jstr(v, "ciphertext_hex"));
        wl = kt_unhex(want, sizeof want, jstr(v, "plaintext_hex"));
        pl = kt_unhex(pub, sizeof pub, jstr(v, "pub_hex"));
        cr_assert(dl == (long)kurv_curve_scalar_len(c) && cl >= 0 && wl >= 0 && pl > 0,
                  "%s #%zu: bad hex", rel, i);
        /* the listed public key belongs to d (a check of the vector file and of kurv) */
        {
            uint8_t q[KURV_MAX_POINT_LEN];
            size_t ql = sizeof q;
            cr_assert_eq(kurv_pubkey_from_priv(c, q, &ql, 0, d, (size_t)dl), KURV_OK);
            cr_assert(ql == (size_t)pl && memcmp(q, pub, ql) == 0, "%s #%zu: pub_hex is not d*G",
                      rel, i);
        }
        if (cl > 0 && (ct[0] == 0x02 || ct[0] == 0x03))
            t.compressed_v++;
        bound = kurv_ecies_plaintext_max_len(c, p, ct, (size_t)cl);
        memset(pt, 0xAA, sizeof pt);
        e = kurv_ecies_decrypt(c, pt, &out_len, d, (size_t)dl, ct, (size_t)cl, p);
        if (valid) {
            if (e == KURV_OK && out_len == (size_t)wl && memcmp(pt, want, (size_t)wl) == 0 &&
                bound >= out_len && bound - out_len < 16)
                t.ok++;
            else {
                t.bad++;
                fprintf(stderr, "FAIL %s #%zu (%s, %d bits, %ld-byte plaintext): %s, %zu bytes\n",
                        rel, i, cname, bits, wl, kurv_strerror(e), out_len);
            }
        } else {
            size_t k;
            int zero = 1;
            for (k = 0; k < sizeof pt && k < bound; k++)
                zero &= pt[k] == 0;
            if (e == KURV_ERR_DECRYPT && out_len == 0 && zero)
                t.ok++;
            else {
                t.bad++;
                fprintf(stderr, "FAIL %s #%zu (%s: %s): got %s, out_len %zu, output %s\n", rel, i,
                        cname, reason ? reason : "?", kurv_strerror(e), out_len,
                        zero ? "zeroed" : "NOT zeroed");
            }
        }
    }
    json_object_put(root);
    printf("%s: %zu vectors, %zu %s, %zu failed, %zu skipped (curve not linked)%s\n", rel,
           t.total, t.ok, valid ? "decrypted" : "refused", t.bad, t.skipped,
           t.compressed_v ? " [compressed V]" : "");
    return t;
}

Test(ecies_vectors, bc_ecies)
{
    struct tally t = run_file("ecies/bc-ecies.json", 1);
    cr_assert_eq(t.bad, 0);
    cr_assert_eq(t.total, 70);
    cr_assert_eq(t.ok + t.skipped, t.total);
    cr_assert_gt(t.ok, 0);
}

Test(ecies_vectors, bc_ecies_compressed)
{
    struct tally t = run_file("ecies/bc-ecies-compressed.json", 1);
    cr_assert_eq(t.bad, 0);
    cr_assert_eq(t.total, 21);
    cr_assert_eq(t.ok + t.skipped, t.total);
    cr_assert_eq(t.compressed_v, t.total - t.skipped, "every V in the file is compressed");
}

Test(ecies_vectors, bc_ecies_invalid)
{
    struct tally t = run_file("ecies/bc-ecies-invalid.json", 0);
    cr_assert_eq(t.bad, 0);
    cr_assert_eq(t.total, 133);
    cr_assert_eq(t.ok + t.skipped, t.total);
}

#ifdef KURV_HAVE_NIST   /* the worked example is on P-256 */
/* FORMAT.md's worked example (bc-ecies.json entry 11): every intermediate value, with
 * the hash, HMAC and AES of Nettle and kurv's ECDH, then kurv's decryption. */
Test(ecies_vectors, worked_example)
{
    const kurv_curve *c = kt_curve("P-256");
    uint8_t d[32], pt[17], v[65], z[32], k[32], k1[16], k2[16], cc[32], t[32], ct[129];
    uint8_t got_z[32], got_k[32], got_t[32], out[200], ctr[4] = {0, 0, 0, 1}, zero8[8] = {0};
    size_t out_len = sizeof out;
    struct sha256_ctx h;
    struct hmac_sha256_ctx hm;

    cr_assert_not_null(c);
    kt_unhex(d, sizeof d, "94c48386f66ab9e954cb03a7d012d166f360a869bb71252be4f7409d211aa53a");
    kt_unhex(pt, sizeof pt, "065307f902e4118986a52485d35724d7de");
    kt_unhex(v, sizeof v, "04c0e54b31cb3e7fd15dc152fb37badc0121ae5d6530c876a1a4bd60c7f3a71357"
                          "95cd8a3d1813313e602211a606d435f128248f00046a9d280701763458c8126d");
    kt_unhex(z, sizeof z, "18e1e7787d20dd99bad5e1e70c3b1062bd992a48a1387616fade636f04186e92");
    kt_unhex(k1, sizeof k1, "dfebaf074d6a74bbe3223dd5acc306aa");
    kt_unhex(k2, sizeof k2, "889f3367711de3d4c8cfa5ebcb57827d");
    kt_unhex(cc, sizeof cc, "c2d841fd515e52008ceae464b8cbce199856293098f759107b102a15b1c80f27");
    kt_unhex(t, sizeof t, "9c9fc29a488a4d062f9c9c9711dcff20faf9c055aedbf0c7fba2c36342c8a237");
    memcpy(ct, v, 65);
    memcpy(ct + 65, cc, 32);
    memcpy(ct + 97, t, 32);

    cr_assert_eq(kurv_ecdh(c, got_z, 32, d, 32, v, 65), KURV_OK);
    cr_assert(memcmp(got_z, z, 32) == 0, "Z = x(d*V)");
    sha256_init(&h);
    sha256_update(&h, 65, v);
    sha256_update(&h, 32, z);
    sha256_update(&h, 4, ctr);
    sha256_digest(&h, 32, got_k);
    memcpy(k, got_k, 32);
    cr_assert(memcmp(k, k1, 16) == 0 && memcmp(k + 16, k2, 16) == 0, "K = SHA-256(V||Z||1)");
    hmac_sha256_set_key(&hm, 16, k2);
    hmac_sha256_update(&hm, 32, cc);
    hmac_sha256_update(&hm, 8, zero8);
    hmac_sha256_digest(&hm, 32, got_t);
    cr_assert(memcmp(got_t, t, 32) == 0, "T = HMAC(K2, C || 00x8)");

    cr_assert_eq(kurv_ecies_ciphertext_len(c, NULL, 17), 129);
    cr_assert_eq(kurv_ecies_decrypt(c, out, &out_len, d, 32, ct, sizeof ct, NULL), KURV_OK);
    cr_assert_eq(out_len, 17);
    cr_assert(memcmp(out, pt, 17) == 0);
}
#endif
