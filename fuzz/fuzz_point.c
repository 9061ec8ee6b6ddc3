/*
 * Harness fuzz_point: kurv_point_check() and kurv_point_convert() (both forms) on every
 * curve. Input: curve byte, then the SEC1 bytes. Against OpenSSL's EC_POINT_oct2point:
 * the same accept/reject (the point at infinity, the single byte 0x00, is
 * KURV_ERR_INFINITY for kurv and a valid encoding for OpenSSL) and the same re-encodings.
 * Documented choice: kurv refuses hybrid points (0x06/0x07), which OpenSSL reads.
 */
#include "fuzz.h"

#include <string.h>
#include <openssl/err.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i = fz_pick_curve(&data, &size), form;
    const kurv_curve *c;
    const EC_GROUP *g;
    EC_POINT *p;
    int ossl_ok, ossl_inf;
    kurv_err e;

    if (i < 0)
        return 0;
    c = fz_curves[i];
    e = kurv_point_check(c, data, size);
    for (form = 0; form < 2; form++) {
        uint8_t out[KURV_MAX_POINT_LEN], back[KURV_MAX_POINT_LEN];
        size_t ol = sizeof out, bl = sizeof back;
        kurv_err e2 = kurv_point_convert(c, out, &ol, form, data, size);
        if (e2 != e)
            fz_fail("kurv_point_convert and kurv_point_check disagree", e2, e);
        if (e2)
            continue;
        if (ol != kurv_curve_point_len(c, form) || kurv_point_check(c, out, ol) != KURV_OK ||
                kurv_point_convert(c, back, &bl, data[0] == 0x04 ? 0 : 1, out, ol) != KURV_OK ||
                bl != size || memcmp(back, data, size))
            fz_fail("point conversion does not round-trip", e2, form);
    }

    g = fz_group(i);
    if (!g)
        return 0;
    p = EC_POINT_new(g);
    ossl_ok = p && EC_POINT_oct2point(g, p, data, size, NULL) == 1;
    ossl_inf = ossl_ok && EC_POINT_is_at_infinity(g, p);
    if (e == KURV_OK) {
        if (!ossl_ok || ossl_inf)
            fz_fail("kurv accepts a point OpenSSL refuses", e, ossl_ok);
        for (form = 0; form < 2; form++) {
            uint8_t a[KURV_MAX_POINT_LEN], b[KURV_MAX_POINT_LEN];
            size_t al = sizeof a, blen;
            kurv_point_convert(c, a, &al, form, data, size);
            blen = EC_POINT_point2oct(g, p, form ? POINT_CONVERSION_COMPRESSED : POINT_CONVERSION_UNCOMPRESSED,
                                      b, sizeof b, NULL);
            if (al != blen || memcmp(a, b, al))
                fz_fail("different re-encodings", e, form);
        }
    } else if (e == KURV_ERR_INFINITY) {
        if (!ossl_inf)
            fz_fail("kurv says infinity, OpenSSL does not", e, ossl_ok);
    } else if (ossl_ok) {
        if (!fz_choice("hybrid points (0x06/0x07) refused (kurv/keys.h: SEC1 2.3.4 forms 0x02-0x04)",
                       e == KURV_ERR_POINT && size > 0 && (data[0] == 0x06 || data[0] == 0x07)))
            fz_fail("OpenSSL accepts a point kurv refuses", e, ossl_inf);
    }
    EC_POINT_free(p);
    ERR_clear_error();
    return 0;
}
