/*
 * kurv-kat job: RFC 6979 deterministic ECDSA, vectors_dir/rfc6979/rfc6979.json (a list of
 * {curve, hash, d_hex, msg_hex, r_hex, s_hex, qx_hex, qy_hex}). For each vector of a built
 * curve, as tests/ecdsa/test_rfc6979.c checks it: Q = d*G is (qx, qy); kurv_ecdsa_sign gives
 * exactly r || s (raw, not normalised), also with KURV_HASH_NONE (the HMAC hash then follows
 * from the digest's length); r || s verifies under Q uncompressed and compressed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kat.h"
#include "testutil.h"

/* Is hex exactly len bytes? Decode it into out. */
static int exact(uint8_t *out, size_t len, const char *hex)
{
    return kt_unhex(out, len, hex) == (long)len;
}

/* What is wrong with kurv's answers to vector v on curve c, or NULL. */
static const char *rfc6979_vector(const kurv_curve *c, json_object *v)
{
    uint8_t d[KURV_MAX_SCALAR_LEN], want[KURV_MAX_SIG_RAW_LEN], sig[KURV_MAX_SIG_RAW_LEN];
    uint8_t q[KURV_MAX_POINT_LEN], pub[KURV_MAX_POINT_LEN], qc[KURV_MAX_POINT_LEN];
    uint8_t digest[KURV_MAX_HASH_LEN], *msg;
    size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), msg_len, dl, len;
    kurv_hash h = kt_hash(kt_jstr(v, "hash"));
    const char *why = NULL;

    q[0] = 0x04;
    if (h == KURV_HASH_NONE)
        return "unknown hash";
    if (!exact(d, sl, kt_jstr(v, "d_hex")) || !exact(want, sl, kt_jstr(v, "r_hex")) ||
        !exact(want + sl, sl, kt_jstr(v, "s_hex")) || !exact(q + 1, fl, kt_jstr(v, "qx_hex")) ||
        !exact(q + 1 + fl, fl, kt_jstr(v, "qy_hex")))
        return "malformed vector (a field missing, bad hex, or of the wrong length)";
    msg = kt_unhex_alloc(kt_jstr(v, "msg_hex"), &msg_len);
    if (!msg)
        return "malformed vector (msg_hex)";
    if (kurv_hash_digest(h, digest, msg, msg_len) != KURV_OK)
        why = "the message does not hash";
    free(msg);
    if (why)
        return why;
    dl = kurv_hash_len(h);

    len = sizeof pub;
    if (kurv_pubkey_from_priv(c, pub, &len, 0, d, sl) != KURV_OK || len != 1 + 2 * fl ||
        memcmp(pub, q, len) != 0)
        return "d*G is not (qx, qy)";
    if (kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, digest, dl, h, NULL, 0, 0) != KURV_OK ||
        memcmp(sig, want, 2 * sl) != 0)
        return "the signature is not r || s";
    if (kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, digest, dl, KURV_HASH_NONE, NULL, 0, 0) !=
            KURV_OK || memcmp(sig, want, 2 * sl) != 0)
        return "the signature with KURV_HASH_NONE is not r || s";
    if (kurv_ecdsa_verify(c, want, 2 * sl, q, 1 + 2 * fl, digest, dl, 0) != KURV_OK)
        return "r || s does not verify under Q";
    len = sizeof qc;
    if (kurv_point_convert(c, qc, &len, 1, q, 1 + 2 * fl) != KURV_OK ||
        kurv_ecdsa_verify(c, want, 2 * sl, qc, len, digest, dl, 0) != KURV_OK)
        return "r || s does not verify under Q compressed";
    return NULL;
}

void kat_rfc6979(void)
{
    struct kat_file f;
    json_object *root;
    size_t i, n;

    kat_file_begin(&f, "rfc6979/rfc6979.json");
    root = kat_load_json(&f);
    if (!root)
        return;
    if (!json_object_is_type(root, json_type_array)) {
        kat_fail(&f, "not a JSON list");
        n = 0;
    } else {
        n = json_object_array_length(root);
    }
    for (i = 0; i < n; i++) {
        json_object *v = json_object_array_get_idx(root, i);
        const char *cname = kt_jstr(v, "curve");
        const kurv_curve *c = cname ? kt_curve(cname) : NULL;
        const char *why;
        char name[96];

        if (cname && !c) {
            f.skipped++;
            continue;
        }
        snprintf(name, sizeof name, "vector %zu (%s, %s)", i, cname ? cname : "no curve",
                 kt_jstr(v, "hash") ? kt_jstr(v, "hash") : "no hash");
        why = c ? rfc6979_vector(c, v) : "a vector without a curve";
        kat_check(&f, why == NULL, name, why);
    }
    kat_file_end(&f, "%zu vectors", n);
    json_object_put(root);
}
