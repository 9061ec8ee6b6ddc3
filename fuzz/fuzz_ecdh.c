/*
 * Harness fuzz_ecdh: kurv_ecdh() with the fixed private key of each curve (fuzz.h) and the
 * attacker's peer point. Input: curve byte, then the peer's SEC1 bytes. Against OpenSSL's
 * EC_POINT_oct2point + ECDH_compute_key: the same accept/reject and the same secret.
 * Documented choice: hybrid points (0x06/0x07) refused.
 */
#include "fuzz.h"

#include <string.h>
#include <openssl/ecdh.h>
#include <openssl/err.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i = fz_pick_curve(&data, &size), ok = 0;
    const kurv_curve *c;
    const EC_GROUP *g;
    uint8_t z[KURV_MAX_FIELD_LEN], oz[KURV_MAX_FIELD_LEN];
    size_t fl;
    EC_POINT *p;
    kurv_err e;

    if (i < 0)
        return 0;
    c = fz_curves[i];
    fl = kurv_curve_field_len(c);
    e = kurv_ecdh(c, z, fl, fz_priv(i), kurv_curve_scalar_len(c), data, size);
    if (e != KURV_OK) {
        size_t k;
        for (k = 0; k < fl; k++)
            if (z[k])
                fz_fail("secret not zeroed on error", e, (long)k);
    } else if (kurv_point_check(c, data, size) != KURV_OK) {
        fz_fail("ECDH accepted a point kurv_point_check refuses", e, 0);
    }
    g = fz_group(i);
    if (!g)
        return 0;
    p = EC_POINT_new(g);
    if (p && EC_POINT_oct2point(g, p, data, size, NULL) == 1 && !EC_POINT_is_at_infinity(g, p))
        ok = ECDH_compute_key(oz, fl, p, fz_eckey(i), NULL) == (int)fl;
    if (e == KURV_OK) {
        if (!ok || memcmp(z, oz, fl))
            fz_fail("different ECDH secrets", e, ok);
    } else if (ok && !fz_choice("hybrid points (0x06/0x07) refused",
                                e == KURV_ERR_POINT && (data[0] == 0x06 || data[0] == 0x07))) {
        fz_fail("OpenSSL derives a secret from a point kurv refuses", e, ok);
    }
    EC_POINT_free(p);
    ERR_clear_error();
    return 0;
}
