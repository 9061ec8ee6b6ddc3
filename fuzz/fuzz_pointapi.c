/*
 * Harness fuzz_pointapi: the byte inputs of the point API (kurv/point.h) on every curve.
 * Input: curve byte; op byte (mod 6); the op's bytes (zero-padded when short):
 *   0 kurv_affine_set_xy(x, y)           -- EC_POINT_set_affine_coordinates
 *   1 kurv_affine_from_x(x, odd)         -- EC_POINT_set_compressed_coordinates
 *   2 k*P, k*G, u1*G + u2*P (P from x)   -- EC_POINT_mul
 *   3 kurv_scalar_reduce(x), any length  -- BN_mod
 *   4 kurv_field_sqrt(a)                 -- BN_mod_sqrt (kurv gives the even root)
 *   5 kurv_scalar_add/sub/mul/neg/inv    -- BN_mod_add/sub/mul, BN_mod_inverse
 * The same accept/reject and the same values.
 */
#include "fuzz.h"

#include <string.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <kurv/point.h>

#define W KURV_MAX_FIELD_LEN

static BN_CTX *bnctx;

/* kurv's affine point and OpenSSL's point are the same (x, y) */
static void same_point(const kurv_curve *c, const EC_GROUP *g, const kurv_jacobian *j,
                       const EC_POINT *p, const char *what)
{
    uint8_t kx[W], ky[W], ob[1 + 2 * W];
    size_t fl = kurv_curve_field_len(c);
    kurv_affine a;
    int kinf = kurv_jacobian_is_infinity(j), oinf = EC_POINT_is_at_infinity(g, p);

    if (kinf || oinf) {
        if (kinf != oinf)
            fz_fail(what, KURV_OK, oinf);
        return;
    }
    if (kurv_jacobian_to_affine(&a, j) != KURV_OK || kurv_affine_get_xy(kx, ky, &a) != KURV_OK ||
            EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, ob, sizeof ob, bnctx) != 1 + 2 * fl ||
            memcmp(kx, ob + 1, fl) || memcmp(ky, ob + 1 + fl, fl))
        fz_fail(what, KURV_OK, 0);
}

/* r (len bytes) equals the BIGNUM b */
static void same_bn(const uint8_t *r, size_t len, const BIGNUM *b, kurv_err e, const char *what)
{
    uint8_t o[2 * W];
    if (BN_bn2binpad(b, o, (int)len) != (int)len || memcmp(o, r, len))
        fz_fail(what, e, 0);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i = fz_pick_curve(&data, &size), op;
    const kurv_curve *c;
    const EC_GROUP *g;
    const BIGNUM *n;
    BIGNUM *p, *a, *b, *r;
    EC_POINT *P, *R;
    uint8_t in[4 * W + 4] = { 0 }, out[2 * W];
    size_t fl, sl, pl;
    kurv_affine ka;
    kurv_jacobian kj, kr;
    kurv_err e;
    int ok;

    if (i < 0 || size < 1 || !(g = fz_group(i)))
        return 0;
    if (!bnctx)
        bnctx = BN_CTX_new();
    c = fz_curves[i];
    fl = kurv_curve_field_len(c);
    sl = kurv_curve_scalar_len(c);
    op = data[0] % 6;
    memcpy(in, data + 1, size - 1 < sizeof in ? size - 1 : sizeof in);
    n = EC_GROUP_get0_order(g);
    {
        const uint8_t *pb = kurv_curve_param(c, 'p', &pl);
        p = BN_bin2bn(pb, (int)pl, NULL);
    }
    a = BN_new();
    b = BN_new();
    r = BN_new();
    P = EC_POINT_new(g);
    R = EC_POINT_new(g);

    switch (op) {
    case 0:
        e = kurv_affine_set_xy(c, &ka, in, in + fl);
        BN_bin2bn(in, (int)fl, a);
        BN_bin2bn(in + fl, (int)fl, b);
        /* OpenSSL reduces coordinates >= p; kurv refuses them, so compare below p only */
        ok = BN_cmp(a, p) < 0 && BN_cmp(b, p) < 0 &&
             EC_POINT_set_affine_coordinates(g, P, a, b, bnctx) == 1;
        if ((e == KURV_OK) != ok)
            fz_fail("set_xy verdicts differ", e, ok);
        if (e == KURV_OK) {
            uint8_t x2[W], y2[W];
            if (kurv_affine_get_xy(x2, y2, &ka) != KURV_OK || memcmp(x2, in, fl) || memcmp(y2, in + fl, fl))
                fz_fail("get_xy does not give set_xy's coordinates back", e, 0);
        }
        break;
    case 1:
    case 2: {
        int odd = in[fl] & 1;
        e = kurv_affine_from_x(c, &ka, in, odd);
        BN_bin2bn(in, (int)fl, a);
        ok = BN_cmp(a, p) < 0 && EC_POINT_set_compressed_coordinates(g, P, a, odd, bnctx) == 1;
        if ((e == KURV_OK) != ok)
            fz_fail("from_x verdicts differ", e, ok);
        if (e != KURV_OK)
            break;
        kurv_jacobian_from_affine(&kj, &ka);
        same_point(c, g, &kj, P, "from_x: different points");
        if (op == 1)
            break;
        {
            const uint8_t *k = in + fl + 1, *u2 = in + fl + 1 + sl;
            kurv_jacobian gj;
            kurv_affine ga;
            size_t gxl, gyl;
            const uint8_t *gx = kurv_curve_param(c, 'x', &gxl), *gy = kurv_curve_param(c, 'y', &gyl);
            uint8_t gxb[W] = { 0 }, gyb[W] = { 0 };

            BN_bin2bn(k, (int)sl, a);
            BN_bin2bn(u2, (int)sl, b);
            if (kurv_jacobian_mul(&kr, k, sl, &kj) != KURV_OK || !EC_POINT_mul(g, R, NULL, P, a, bnctx))
                fz_fail("k*P failed", KURV_OK, 0);
            same_point(c, g, &kr, R, "k*P: different points");
            if (kurv_jacobian_mul_base(c, &kr, k, sl) != KURV_OK || !EC_POINT_mul(g, R, a, NULL, NULL, bnctx))
                fz_fail("k*G failed", KURV_OK, 0);
            same_point(c, g, &kr, R, "k*G: different points");
            memcpy(gxb + fl - gxl, gx, gxl);
            memcpy(gyb + fl - gyl, gy, gyl);
            if (kurv_affine_set_xy(c, &ga, gxb, gyb) != KURV_OK)
                fz_fail("G refused", KURV_OK, 0);
            kurv_jacobian_from_affine(&gj, &ga);
            if (kurv_jacobian_mul2_vartime(&kr, k, &gj, u2, &kj, sl) != KURV_OK ||
                    !EC_POINT_mul(g, R, a, P, b, bnctx))
                fz_fail("u1*G + u2*P failed", KURV_OK, 0);
            same_point(c, g, &kr, R, "u1*G + u2*P: different points");
        }
        break;
    }
    case 3: {
        size_t xl = in[0] % (2 * KURV_MAX_SCALAR_LEN + 1);
        e = kurv_scalar_reduce(c, out, in + 1, xl);
        if (e != KURV_OK)
            fz_fail("scalar_reduce refused a valid length", e, (long)xl);
        BN_bin2bn(in + 1, (int)xl, a);
        BN_mod(r, a, n, bnctx);
        same_bn(out, sl, r, e, "scalar_reduce: different values");
        break;
    }
    case 4:
        e = kurv_field_sqrt(c, out, in);
        BN_bin2bn(in, (int)fl, a);
        ok = BN_cmp(a, p) < 0 && BN_mod_sqrt(r, a, p, bnctx) != NULL;
        ERR_clear_error();
        if ((e == KURV_OK) != ok)
            fz_fail("sqrt verdicts differ", e, ok);
        if (e == KURV_OK) {
            if (BN_is_odd(r))
                BN_sub(r, p, r);
            same_bn(out, fl, r, e, "sqrt: not the even root");
        }
        break;
    default: {
        const uint8_t *x = in, *y = in + sl;
        int in_range;
        BN_bin2bn(x, (int)sl, a);
        BN_bin2bn(y, (int)sl, b);
        in_range = BN_cmp(a, n) < 0 && BN_cmp(b, n) < 0;
        e = kurv_scalar_add(c, out, x, y);
        if ((e == KURV_OK) != in_range)
            fz_fail("scalar_add range check", e, in_range);
        if (!e) {
            BN_mod_add(r, a, b, n, bnctx);
            same_bn(out, sl, r, e, "scalar_add");
        }
        e = kurv_scalar_sub(c, out, x, y);
        if ((e == KURV_OK) != in_range)
            fz_fail("scalar_sub range check", e, in_range);
        if (!e) {
            BN_mod_sub(r, a, b, n, bnctx);
            same_bn(out, sl, r, e, "scalar_sub");
        }
        e = kurv_scalar_mul(c, out, x, y);
        if ((e == KURV_OK) != in_range)
            fz_fail("scalar_mul range check", e, in_range);
        if (!e) {
            BN_mod_mul(r, a, b, n, bnctx);
            same_bn(out, sl, r, e, "scalar_mul");
        }
        e = kurv_scalar_neg(c, out, x);
        if ((e == KURV_OK) != (BN_cmp(a, n) < 0))
            fz_fail("scalar_neg range check", e, 0);
        if (!e) {
            BN_mod_sub(r, n, a, n, bnctx);
            same_bn(out, sl, r, e, "scalar_neg");
        }
        e = kurv_scalar_inv(c, out, x);
        if ((e == KURV_OK) != (BN_cmp(a, n) < 0 && !BN_is_zero(a)))
            fz_fail("scalar_inv range check", e, 0);
        if (!e) {
            BN_mod_inverse(r, a, n, bnctx);
            same_bn(out, sl, r, e, "scalar_inv");
        }
        break;
    }
    }
    BN_free(p);
    BN_free(a);
    BN_free(b);
    BN_free(r);
    EC_POINT_free(P);
    EC_POINT_free(R);
    ERR_clear_error();
    return 0;
}
