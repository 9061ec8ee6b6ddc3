/*
 * RFC 6979 deterministic ECDSA known answers (vectors_dir/rfc6979/rfc6979.json):
 * for every vector whose curve is linked, kurv's r||s (not normalised) equals the
 * vector's, Q = d*G equals (qx, qy), and the signature verifies under Q in both
 * SEC1 forms.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"

static const char *jstr(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* hex of exactly want bytes into out; fails the test otherwise */
static void unhex_exact(uint8_t *out, size_t want, const char *hex, size_t idx, const char *what)
{
    cr_assert(hex != NULL, "vector %zu: no %s", idx, what);
    cr_assert_eq(kt_unhex(out, want, hex), (long)want, "vector %zu: %s is not %zu bytes", idx,
                 what, want);
}

Test(rfc6979, all_vectors)
{
    json_object *root = kt_load_json("rfc6979/rfc6979.json");
    size_t i, count, passed = 0, skipped = 0, failed = 0;

    if (!root)
        cr_skip_test("rfc6979 vectors not found");
    cr_assert(json_object_is_type(root, json_type_array));
    count = json_object_array_length(root);
    cr_assert_eq(count, 504, "rfc6979.json has %zu vectors, expected 504", count);

    for (i = 0; i < count; i++) {
        json_object *v = json_object_array_get_idx(root, i);
        const char *cname = jstr(v, "curve"), *hname = jstr(v, "hash"), *mhex = jstr(v, "msg_hex");
        const kurv_curve *c;
        kurv_hash h;
        int ok_pub, ok_sig, ok_none, ok_ver, ok_verc;
        size_t sl, fl, mlen, plen;
        uint8_t d[KURV_MAX_SCALAR_LEN], want[KURV_MAX_SIG_RAW_LEN], sig[KURV_MAX_SIG_RAW_LEN];
        uint8_t q[KURV_MAX_POINT_LEN], pub[KURV_MAX_POINT_LEN], qc[KURV_MAX_POINT_LEN];
        uint8_t dg[KURV_MAX_HASH_LEN], *msg;
        char h1[2 * KURV_MAX_POINT_LEN + 1], h2[2 * KURV_MAX_POINT_LEN + 1];

        cr_assert(cname && hname && mhex, "vector %zu: missing fields", i);
        c = kt_curve(cname);
        if (!c) {
            skipped++;
            continue;
        }
        h = kt_hash(hname);
        cr_assert_neq(h, KURV_HASH_NONE, "vector %zu: unknown hash %s", i, hname);
        sl = kurv_curve_scalar_len(c);
        fl = kurv_curve_field_len(c);

        unhex_exact(d, sl, jstr(v, "d_hex"), i, "d_hex");
        unhex_exact(want, sl, jstr(v, "r_hex"), i, "r_hex");
        unhex_exact(want + sl, sl, jstr(v, "s_hex"), i, "s_hex");
        q[0] = 0x04;
        unhex_exact(q + 1, fl, jstr(v, "qx_hex"), i, "qx_hex");
        unhex_exact(q + 1 + fl, fl, jstr(v, "qy_hex"), i, "qy_hex");
        mlen = strlen(mhex) / 2;
        msg = malloc(mlen + 1);
        cr_assert(msg != NULL);
        cr_assert_eq(kt_unhex(msg, mlen, mhex), (long)mlen);
        cr_assert_eq(kurv_hash_digest(h, dg, msg, mlen), KURV_OK);
        free(msg);

        /* Q = d*G */
        plen = sizeof pub;
        cr_assert_eq(kurv_pubkey_from_priv(c, pub, &plen, 0, d, sl), KURV_OK, "vector %zu", i);
        cr_assert_eq(plen, 1 + 2 * fl);
        ok_pub = memcmp(pub, q, plen) == 0;
        cr_expect(ok_pub, "vector %zu (%s %s): public key %s, expected %s", i, cname, hname,
                  kt_hex(h1, pub, plen), kt_hex(h2, q, plen));

        /* r || s, raw */
        cr_assert_eq(kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, dg, kurv_hash_len(h), h, NULL, 0, 0),
                     KURV_OK, "vector %zu: sign", i);
        ok_sig = memcmp(sig, want, 2 * sl) == 0;
        cr_expect(ok_sig, "vector %zu (%s %s, msg %s): r||s %s, expected %s", i, cname, hname,
                  mhex, kt_hex(h1, sig, 2 * sl), kt_hex(h2, want, 2 * sl));
        /* KURV_HASH_NONE picks the same HMAC hash from the digest length */
        cr_assert_eq(kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, dg, kurv_hash_len(h), KURV_HASH_NONE,
                                     NULL, 0, 0), KURV_OK);
        ok_none = memcmp(sig, want, 2 * sl) == 0;
        cr_expect(ok_none, "vector %zu: sign with KURV_HASH_NONE", i);

        /* verifies, with Q uncompressed and compressed */
        ok_ver = kurv_ecdsa_verify(c, want, 2 * sl, q, 1 + 2 * fl, dg, kurv_hash_len(h), 0)
                 == KURV_OK;
        cr_expect(ok_ver, "vector %zu: verify", i);
        plen = sizeof qc;
        cr_assert_eq(kurv_point_convert(c, qc, &plen, 1, q, 1 + 2 * fl), KURV_OK);
        ok_verc = kurv_ecdsa_verify(c, want, 2 * sl, qc, plen, dg, kurv_hash_len(h), 0) == KURV_OK;
        cr_expect(ok_verc, "vector %zu: verify (compressed Q)", i);
        if (ok_pub && ok_sig && ok_none && ok_ver && ok_verc)
            passed++;
        else
            failed++;
    }
    json_object_put(root);
    printf("rfc6979: %zu vectors passed, %zu failed, %zu skipped (curve not linked)\n", passed,
           failed, skipped);
    fflush(stdout);
    cr_assert_eq(failed, 0);
    cr_assert_eq(passed + skipped, count);
    cr_assert_geq(passed, 72, "secp256k1 alone has 72 vectors");
}
