/*
 * The Brainpool curves' isomorphism to their a = -3 twisted curves (RFC 5639 section
 * 3), on which kurv's scalar multiplications run (EC_TWIST_A3, core/src/ec/jac.h):
 *   - the constants of curves/brainpool/p*r1/params.h (z, b_t) against OpenSSL's
 *     brainpoolP*t1 groups: a z^4 = -3 = a_t, b z^6 = b_t, (x z^2, y z^3) of G is
 *     OpenSSL's generator of the t1 curve;
 *   - kurv's k*G (the built-in table, made on E_t) and k*P (P = 3G, mapped to E_t
 *     and back) on random and edge scalars, each taken through the map to the t1
 *     curve and compared with OpenSSL's k*G_t there; and the variable-time
 *     u1*G + u2*Q of verification (ext->mul2_xy_vartime) and the multi-scalar
 *     product's g*G term (ext->msm_vartime, with and without one point) likewise.
 * A wrong z (z + 1, or z^-1 in its place) or a wrong map fails the first group; a map
 * that is wrong in the code (one product left out or done with the wrong power of z)
 * fails the second.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <openssl/rand.h>
#include <string.h>
#include "testutil.h"
#include "curve_impl.h"
#include "../../curves/brainpool/p256r1/params.h"
#include "../../curves/brainpool/p384r1/params.h"
#include "../../curves/brainpool/p512r1/params.h"

struct tw_curve {
    const char *name;           /* kurv's name of the r1 curve */
    int nid_t;                  /* OpenSSL's NID of the t1 curve */
    size_t len;                 /* bytes of p and of n */
    const uint8_t *p, *a, *b, *gx, *gy, *z, *bt;
};

static const struct tw_curve tw_curves[] = {
    {"brainpoolP256r1", NID_brainpoolP256t1, 32, bpp256r1_p, bpp256r1_a, bpp256r1_b,
     bpp256r1_gx, bpp256r1_gy, bpp256r1_z, bpp256r1_bt},
    {"brainpoolP384r1", NID_brainpoolP384t1, 48, bpp384r1_p, bpp384r1_a, bpp384r1_b,
     bpp384r1_gx, bpp384r1_gy, bpp384r1_z, bpp384r1_bt},
    {"brainpoolP512r1", NID_brainpoolP512t1, 64, bpp512r1_p, bpp512r1_a, bpp512r1_b,
     bpp512r1_gx, bpp512r1_gy, bpp512r1_z, bpp512r1_bt},
};

static BIGNUM *bn(const uint8_t *b, size_t len)
{
    BIGNUM *r = BN_bin2bn(b, (int)len, NULL);
    cr_assert(r != NULL);
    return r;
}

/* (x, y) -> (x z^2, y z^3) mod p, in place */
static void map_to_t(BIGNUM *x, BIGNUM *y, const BIGNUM *z, const BIGNUM *p, BN_CTX *ctx)
{
    BIGNUM *zz = BN_new();
    cr_assert(zz && BN_mod_sqr(zz, z, p, ctx) && BN_mod_mul(x, x, zz, p, ctx) &&
              BN_mod_mul(zz, zz, z, p, ctx) && BN_mod_mul(y, y, zz, p, ctx));
    BN_free(zz);
}

Test(twist, constants_match_openssl_t1_curves)
{
    size_t i;
    BN_CTX *ctx = BN_CTX_new();
    cr_assert(ctx != NULL);
    for (i = 0; i < sizeof tw_curves / sizeof tw_curves[0]; i++) {
        const struct tw_curve *t = &tw_curves[i];
        EC_GROUP *g = EC_GROUP_new_by_curve_name(t->nid_t);
        BIGNUM *p = bn(t->p, t->len), *a = bn(t->a, t->len), *b = bn(t->b, t->len);
        BIGNUM *z = bn(t->z, t->len), *bt = bn(t->bt, t->len);
        BIGNUM *x = bn(t->gx, t->len), *y = bn(t->gy, t->len);
        BIGNUM *pt = BN_new(), *at = BN_new(), *btt = BN_new(), *v = BN_new();
        BIGNUM *gtx = BN_new(), *gty = BN_new();
        cr_assert(g && pt && at && btt && v && gtx && gty);
        cr_assert(EC_GROUP_get_curve(g, pt, at, btt, ctx));
        cr_assert(BN_cmp(p, pt) == 0, "%s: the t1 curve's p differs", t->name);
        /* a z^4 = -3 = a_t */
        cr_assert(BN_mod_sqr(v, z, p, ctx) && BN_mod_sqr(v, v, p, ctx) &&
                  BN_mod_mul(v, v, a, p, ctx));
        cr_assert(BN_cmp(v, at) == 0, "%s: a z^4 != a_t", t->name);
        cr_assert(BN_add_word(v, 3) && BN_cmp(v, p) == 0, "%s: a z^4 != -3", t->name);
        /* b z^6 = b_t, and params.h's b_t is OpenSSL's */
        cr_assert(BN_cmp(bt, btt) == 0, "%s: b_t differs from OpenSSL's", t->name);
        cr_assert(BN_mod_sqr(v, z, p, ctx) && BN_mod_mul(v, v, z, p, ctx) &&
                  BN_mod_sqr(v, v, p, ctx) && BN_mod_mul(v, v, b, p, ctx));
        cr_assert(BN_cmp(v, bt) == 0, "%s: b z^6 != b_t", t->name);
        /* G's image is the t1 generator */
        map_to_t(x, y, z, p, ctx);
        cr_assert(EC_POINT_get_affine_coordinates(g, EC_GROUP_get0_generator(g), gtx, gty, ctx));
        cr_assert(BN_cmp(x, gtx) == 0 && BN_cmp(y, gty) == 0,
                  "%s: (x z^2, y z^3) of G is not the t1 generator", t->name);
        BN_free(p); BN_free(a); BN_free(b); BN_free(z); BN_free(bt); BN_free(x); BN_free(y);
        BN_free(pt); BN_free(at); BN_free(btt); BN_free(v); BN_free(gtx); BN_free(gty);
        EC_GROUP_free(g);
    }
    BN_CTX_free(ctx);
}

/* xy (kurv's point on E, 2*len bytes) mapped to E_t must be k*G_t on OpenSSL's t1 curve */
static void expect_mapped(const struct tw_curve *t, EC_GROUP *g, BN_CTX *ctx, const uint8_t *xy,
                          const BIGNUM *k, const char *what)
{
    BIGNUM *x = bn(xy, t->len), *y = bn(xy + t->len, t->len), *z = bn(t->z, t->len);
    BIGNUM *p = bn(t->p, t->len), *ex = BN_new(), *ey = BN_new();
    EC_POINT *r = EC_POINT_new(g);
    cr_assert(ex && ey && r);
    map_to_t(x, y, z, p, ctx);
    cr_assert(EC_POINT_mul(g, r, k, NULL, NULL, ctx) &&
              EC_POINT_get_affine_coordinates(g, r, ex, ey, ctx));
    cr_assert(BN_cmp(x, ex) == 0 && BN_cmp(y, ey) == 0, "%s: %s differs on the t1 curve",
              t->name, what);
    EC_POINT_free(r);
    BN_free(x); BN_free(y); BN_free(z); BN_free(p); BN_free(ex); BN_free(ey);
}

Test(twist, multiplications_map_to_openssl_t1_curves)
{
    size_t i;
    unsigned it;
    unsigned long checks = 0;
    BN_CTX *ctx = BN_CTX_new();
    cr_assert(ctx != NULL);
    for (i = 0; i < sizeof tw_curves / sizeof tw_curves[0]; i++) {
        const struct tw_curve *t = &tw_curves[i];
        const kurv_curve *c = kt_curve(t->name);
        EC_GROUP *g;
        const BIGNUM *n;
        uint8_t k[64], u1[64], u2[64], three[64] = {0}, p3[128], xy[128];
        static uint8_t scratch[1 << 16];
        BIGNUM *kb = BN_new(), *e = BN_new();
        if (!c) {
            cr_log_warn("%s not built: skipped", t->name);
            BN_free(kb); BN_free(e);
            continue;
        }
        g = EC_GROUP_new_by_curve_name(t->nid_t);
        cr_assert(g && kb && e && c->ops->ext && c->ops->ext->mul2_xy_vartime);
        n = EC_GROUP_get0_order(g);
        three[t->len - 1] = 3;
        cr_assert(c->ops->mul_base(c, p3, three) == KURV_OK);   /* P = 3G */
        cr_assert(c->ops->ext->msm_scratch_size(c, 1) <= sizeof scratch);
        for (it = 0; it < 40; it++) {
            /* edge scalars first: 1, 2, n - 1, n - 2, (n - 1)/2, (n + 1)/2, then random */
            switch (it) {
            case 0: BN_one(kb); break;
            case 1: BN_set_word(kb, 2); break;
            case 2: BN_sub(kb, n, BN_value_one()); break;
            case 3: BN_sub(kb, n, BN_value_one()); BN_sub_word(kb, 1); break;
            case 4: BN_rshift1(kb, n); break;
            case 5: BN_rshift1(kb, n); BN_add_word(kb, 1); break;
            default: cr_assert(BN_rand_range(kb, n)); if (BN_is_zero(kb)) BN_one(kb);
            }
            cr_assert(BN_bn2binpad(kb, k, (int)t->len) == (int)t->len);
            cr_assert(c->ops->mul_base(c, xy, k) == KURV_OK);
            expect_mapped(t, g, ctx, xy, kb, "k*G");
            cr_assert(c->ops->mul(c, xy, k, p3) == KURV_OK);
            cr_assert(BN_copy(e, kb) && BN_mul_word(e, 3) &&
                      BN_mod(e, e, n, ctx));
            expect_mapped(t, g, ctx, xy, e, "k*(3G)");
            /* u1*G + u2*(3G) with u1 = k, u2 = k + 1: (4k + 3) G */
            memcpy(u1, k, t->len);
            cr_assert(BN_add_word(kb, 1) && BN_mod(kb, kb, n, ctx) &&
                      BN_bn2binpad(kb, u2, (int)t->len) == (int)t->len);
            cr_assert(c->ops->ext->mul2_xy_vartime(c, xy, u1, u2, p3) == KURV_OK);
            cr_assert(BN_mul_word(kb, 4) && BN_sub_word(kb, 1) && BN_mod(e, kb, n, ctx));
            expect_mapped(t, g, ctx, xy, e, "u1*G + u2*(3G)");
            /* the multi-scalar product's g*G term (on E_t) plus u2*(3G) (on E): the
             * same sum; then g*G alone */
            cr_assert(c->ops->ext->msm_vartime(c, xy, u1, u2, p3, 1, scratch,
                                                sizeof scratch) == KURV_OK);
            expect_mapped(t, g, ctx, xy, e, "msm g*G + k*(3G)");
            cr_assert(c->ops->ext->msm_vartime(c, xy, u1, u2, p3, 0, scratch,
                                                sizeof scratch) == KURV_OK);
            cr_assert(BN_bin2bn(u1, (int)t->len, e));
            expect_mapped(t, g, ctx, xy, e, "msm g*G");
            checks += 5;
        }
        BN_free(kb); BN_free(e);
        EC_GROUP_free(g);
    }
    cr_log_info("twist: %lu products checked on the t1 curves", checks);
    BN_CTX_free(ctx);
}
