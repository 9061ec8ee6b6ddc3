/*
 * White-box: the curve ops added for kurv-schnorr, on every linked curve, against
 * OpenSSL's EC_POINT arithmetic:
 *   mul2_xy_vartime  u1*G + u2*Q as a full affine point;
 *   msm_vartime      g*G + sum k_i*P_i for point counts that take both the Strauss
 *                    and the Pippenger path, with zero scalars, repeated points,
 *                    P and -P, and sums that are O; scratch too small.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"
#include "curve_impl.h"

/* OpenSSL's NID of a built curve, from the registry's OpenSSL name (kt_openssl_name) */
static int ossl_nid(const kurv_curve *c)
{
    const char *n = kt_openssl_name(c);
    int nid = n ? OBJ_sn2nid(n) : NID_undef;
    cr_assert_neq(nid, NID_undef, "OpenSSL does not know %s", kurv_curve_name(c));
    return nid;
}

/* a random scalar in [1, n-1] */
static void rand_scalar(const kurv_curve *c, uint8_t *k)
{
    cr_assert_eq(kurv_keygen(c, k, kurv_curve_scalar_len(c), NULL, NULL, 0), KURV_OK);
}

/* OpenSSL's EC_POINT from affine x||y */
static EC_POINT *ossl_point(const EC_GROUP *g, const uint8_t *xy, size_t fl, BN_CTX *ctx)
{
    uint8_t buf[1 + 2 * KURV_MAX_FIELD_LEN];
    EC_POINT *p = EC_POINT_new(g);
    buf[0] = 4;
    memcpy(buf + 1, xy, 2 * fl);
    cr_assert(EC_POINT_oct2point(g, p, buf, 1 + 2 * fl, ctx) == 1);
    return p;
}

/* compare kurv's result (e, xy) with OpenSSL's point r */
static void same_point(const EC_GROUP *g, const EC_POINT *r, kurv_err e, const uint8_t *xy,
                       size_t fl, BN_CTX *ctx, const char *what)
{
    uint8_t o[1 + 2 * KURV_MAX_FIELD_LEN];
    if (EC_POINT_is_at_infinity(g, r)) {
        cr_assert_eq(e, KURV_ERR_INFINITY, "%s: want O, got %s", what, kurv_strerror(e));
        return;
    }
    cr_assert_eq(e, KURV_OK, "%s: %s", what, kurv_strerror(e));
    cr_assert(EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, o, sizeof o, ctx) == 1 + 2 * fl);
    cr_assert(memcmp(o + 1, xy, 2 * fl) == 0, "%s: points differ", what);
}

Test(msm, mul2_xy_all_curves)
{
    size_t i, k;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c);
        EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
        BN_CTX *ctx = BN_CTX_new();
        for (k = 0; k < 100; k++) {
            uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], d[KURV_MAX_SCALAR_LEN];
            uint8_t q[KURV_MAX_POINT_LEN], xy[2 * KURV_MAX_FIELD_LEN];
            size_t ql = sizeof q;
            EC_POINT *r = EC_POINT_new(g), *qp;
            BIGNUM *b1, *b2;
            kurv_err e;
            cr_assert_eq(kurv_keygen(c, d, sl, q, &ql, 0), KURV_OK);
            rand_scalar(c, u1);
            rand_scalar(c, u2);
            if (k == 0) memset(u1, 0, sl);
            if (k == 1) memset(u2, 0, sl);
            if (k == 2) {                               /* Q = d G, u2 = n - ... : u1 = d u2 -> O */
                memset(u1, 0, sl);
                memset(u2, 0, sl);
            }
            e = c->ops->ext->mul2_xy_vartime(c, xy, u1, u2, q + 1);
            qp = ossl_point(g, q + 1, fl, ctx);
            b1 = BN_bin2bn(u1, (int)sl, NULL);
            b2 = BN_bin2bn(u2, (int)sl, NULL);
            cr_assert(EC_POINT_mul(g, r, b1, qp, b2, ctx) == 1);
            same_point(g, r, e, xy, fl, ctx, kurv_curve_name(c));
            BN_free(b1); BN_free(b2); EC_POINT_free(r); EC_POINT_free(qp);
        }
        BN_CTX_free(ctx);
        EC_GROUP_free(g);
    }
}

/* one multi-scalar product of n points against OpenSSL; special: 0 random, 1 with zero
 * scalars, repeats and P/-P pairs, 2 constructed so that the sum is O.
 * The points are P_i = d_i G from kurv_keygen, so OpenSSL's reference is one product:
 * (g + sum k_i d_i mod n) G. The msm itself reads the points, not the d_i, so a point
 * that were not d_i G would fail the comparison too; for n <= 16 the reference is also
 * computed point by point (sum of OpenSSL's k_i P_i) and must agree. */
static void check_msm(const kurv_curve *c, size_t n, int with_g, int special)
{
    size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), i;
    const uint8_t *nb = kurv_curve_param(c, 'n', NULL);
    EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
    BN_CTX *ctx = BN_CTX_new();
    uint8_t *pts = malloc(n * 2 * fl + 1), *ks = malloc(n * sl + 1), *ds = malloc(n * sl + 1);
    uint8_t gs[KURV_MAX_SCALAR_LEN], xy[2 * KURV_MAX_FIELD_LEN];
    size_t need = c->ops->ext->msm_scratch_size(c, n);
    void *scratch = malloc(need);
    EC_POINT *sum = EC_POINT_new(g), *t = EC_POINT_new(g);
    BIGNUM *order = BN_bin2bn(nb, (int)sl, NULL), *acc = BN_new(), *bd = BN_new(), *bk = BN_new();
    char what[96];
    kurv_err e;

    cr_assert(pts && ks && ds && scratch && need > 0 && sum && t && order && acc && bd && bk);
    for (i = 0; i < n; i++) {
        uint8_t q[KURV_MAX_POINT_LEN];
        size_t ql = sizeof q;
        cr_assert_eq(kurv_keygen(c, ds + i * sl, sl, q, &ql, 0), KURV_OK);
        memcpy(pts + i * 2 * fl, q + 1, 2 * fl);
        rand_scalar(c, ks + i * sl);
    }
    if (special == 1 && n >= 4) {
        memset(ks, 0, sl);                                        /* k_0 = 0 */
        memcpy(pts + 2 * fl, pts + 3 * 2 * fl, 2 * fl);           /* P_1 = P_3 */
        memcpy(ds + sl, ds + 3 * sl, sl);
        /* P_2 = -P_3: negate y with OpenSSL; d_2 = n - d_3 */
        {
            EC_POINT *p = ossl_point(g, pts + 3 * 2 * fl, fl, ctx);
            uint8_t o[1 + 2 * KURV_MAX_FIELD_LEN];
            cr_assert(EC_POINT_invert(g, p, ctx) == 1);
            cr_assert(EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, o, sizeof o, ctx) == 1 + 2 * fl);
            memcpy(pts + 2 * 2 * fl, o + 1, 2 * fl);
            memcpy(ks + 2 * sl, ks + 3 * sl, sl);                 /* k_2 P_2 + k_3 P_3 = 0 */
            cr_assert(BN_bin2bn(ds + 3 * sl, (int)sl, bd) != NULL);
            cr_assert(BN_sub(bd, order, bd) == 1);
            cr_assert(BN_bn2binpad(bd, ds + 2 * sl, (int)sl) == (int)sl);
            EC_POINT_free(p);
        }
        memcpy(ks + (n - 1) * sl, nb, sl);                        /* k = n - 1 */
        ks[(n - 1) * sl + sl - 1] -= 1;
    }
    rand_scalar(c, gs);

    /* acc = sum k_i d_i mod n */
    BN_zero(acc);
    for (i = 0; i < n; i++) {
        cr_assert(BN_bin2bn(ds + i * sl, (int)sl, bd) != NULL);
        cr_assert(BN_bin2bn(ks + i * sl, (int)sl, bk) != NULL);
        cr_assert(BN_mod_mul(bd, bd, bk, order, ctx) == 1);
        cr_assert(BN_mod_add(acc, acc, bd, order, ctx) == 1);
    }
    if (special == 2) {
        /* g = -(sum k_i d_i): the sum with g G is O */
        cr_assert(BN_mod_sub(bk, order, acc, order, ctx) == 1);
        memset(gs, 0, sl);
        cr_assert(BN_bn2binpad(bk, gs, (int)sl) == (int)sl);
        with_g = 1;
    }
    if (with_g) {
        cr_assert(BN_bin2bn(gs, (int)sl, bk) != NULL);
        cr_assert(BN_mod_add(acc, acc, bk, order, ctx) == 1);
    }
    cr_assert(EC_POINT_mul(g, sum, acc, NULL, NULL, ctx) == 1);   /* the reference */
    if (n <= 16) {
        /* the same sum point by point: OpenSSL's k_i P_i, added */
        EC_POINT_set_to_infinity(g, t);
        for (i = 0; i < n; i++) {
            EC_POINT *p = ossl_point(g, pts + i * 2 * fl, fl, ctx), *kp = EC_POINT_new(g);
            cr_assert(kp != NULL && BN_bin2bn(ks + i * sl, (int)sl, bk) != NULL);
            cr_assert(EC_POINT_mul(g, kp, NULL, p, bk, ctx) == 1);
            cr_assert(EC_POINT_add(g, t, t, kp, ctx) == 1);
            EC_POINT_free(kp);
            EC_POINT_free(p);
        }
        if (with_g) {
            EC_POINT *gp = EC_POINT_new(g);
            cr_assert(gp != NULL && BN_bin2bn(gs, (int)sl, bk) != NULL);
            cr_assert(EC_POINT_mul(g, gp, bk, NULL, NULL, ctx) == 1);
            cr_assert(EC_POINT_add(g, t, t, gp, ctx) == 1);
            EC_POINT_free(gp);
        }
        cr_assert_eq(EC_POINT_cmp(g, t, sum, ctx), 0, "%s n=%zu: the two references differ",
                     kurv_curve_name(c), n);
    }

    snprintf(what, sizeof what, "%s msm n=%zu g=%d special=%d", kurv_curve_name(c), n, with_g, special);
    e = c->ops->ext->msm_vartime(c, xy, with_g ? gs : NULL, ks, pts, n, scratch, need);
    same_point(g, sum, e, xy, fl, ctx, what);
    /* xy = NULL: only "is it O" */
    e = c->ops->ext->msm_vartime(c, NULL, with_g ? gs : NULL, ks, pts, n, scratch, need);
    cr_assert_eq(e == KURV_ERR_INFINITY, EC_POINT_is_at_infinity(g, sum) == 1, "%s (no xy)", what);
    if (n) {
        cr_assert_eq(c->ops->ext->msm_vartime(c, xy, NULL, ks, pts, n, scratch, need - 1), KURV_ERR_BUFFER);
        cr_assert_eq(c->ops->ext->msm_vartime(c, xy, NULL, ks, pts, n, NULL, 0), KURV_ERR_ARG);
    }
    free(pts); free(ks); free(ds); free(scratch);
    EC_POINT_free(sum); EC_POINT_free(t);
    BN_free(order); BN_free(acc); BN_free(bd); BN_free(bk);
    BN_CTX_free(ctx);
    EC_GROUP_free(g);
}

static const size_t sizes[] = {0, 1, 2, 3, 4, 7, 16, 40, 130, 300, 700};

Test(msm, random_all_curves)
{
    size_t i, s;
    for (i = 0; i < kt_ncurves; i++)
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            check_msm(kt_curves[i], sizes[s], (int)(s % 2), 0);
            check_msm(kt_curves[i], sizes[s], (int)(1 - s % 2), 0);
        }
}

Test(msm, special_cases_all_curves)
{
    size_t i, s;
    for (i = 0; i < kt_ncurves; i++)
        for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            check_msm(kt_curves[i], sizes[s], 1, 1);
            if (sizes[s] > 0)
                check_msm(kt_curves[i], sizes[s], 1, 2);
        }
}
