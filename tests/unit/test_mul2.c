/*
 * The variable-time u1*G + u2*Q of verification (pt_mul2_vartime in ec/mul2.h,
 * reached through the ops mul2_x_eq_vartime and ext->mul2_xy_vartime)
 * on its special cases, against OpenSSL's EC_POINT_mul on every linked curve:
 * Q = +-G and +-2^128 G (the entries of the G tables and the Q table then meet in
 * the accumulator), Q = small multiples of G, u1 and u2 in {0, 1, 2, 3, n - 1, ...,
 * 2^128 +- 1, ...} pairwise, sums that cancel (u2*Q = -u1*G: O) or double
 * (u2*Q = u1*G), random ones, and ECDSA's x(R) >= n case (r = x - n), checked through
 * kurv_ecdsa_verify, which passes r and r + n as the candidates of mul2_x_eq_vartime.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <string.h>
#include "testutil.h"
#include "curve_impl.h"

/* OpenSSL's NID of a built curve, from the registry's OpenSSL name (kt_openssl_name) */
static int ossl_nid(const kurv_curve *c)
{
    const char *n = kt_openssl_name(c);
    int nid = n ? OBJ_sn2nid(n) : NID_undef;
    if (nid == NID_undef)
        cr_assert_fail("no OpenSSL curve for %s", kurv_curve_name(c));
    return nid;
}

struct m2 {
    const kurv_curve *c;
    EC_GROUP *g;
    BN_CTX *ctx;
    const BIGNUM *n;
    size_t sl, fl;
    unsigned long checks, infinities;
};

static void m2_init(struct m2 *m, const kurv_curve *c)
{
    m->c = c;
    m->g = EC_GROUP_new_by_curve_name(ossl_nid(c));
    m->ctx = BN_CTX_new();
    cr_assert(m->g != NULL && m->ctx != NULL);
    m->n = EC_GROUP_get0_order(m->g);
    m->sl = kurv_curve_scalar_len(c);
    m->fl = kurv_curve_field_len(c);
    m->checks = m->infinities = 0;
    cr_assert(c->ops->mul2_x_eq_vartime && c->ops->ext && c->ops->ext->mul2_xy_vartime);
}

static void m2_free(struct m2 *m)
{
    BN_CTX_free(m->ctx);
    EC_GROUP_free(m->g);
}

static void bn_bytes(const struct m2 *m, uint8_t *out, const BIGNUM *v)
{
    cr_assert(BN_bn2binpad(v, out, (int)m->sl) == (int)m->sl);
}

/* x candidates as ECDSA verification passes them for r (dsa/verify.c): r, and r + n
 * when that is below p; each field_len bytes. Returns how many. */
static size_t m2_candidates(const struct m2 *m, uint8_t *xs, const BIGNUM *r)
{
    BIGNUM *p = BN_new(), *t = BN_new();
    size_t nx = 0;
    cr_assert(p != NULL && t != NULL);
    cr_assert(EC_GROUP_get_curve(m->g, p, NULL, NULL, m->ctx) == 1);
    cr_assert(BN_copy(t, r) != NULL);
    if (BN_cmp(t, p) < 0)
        cr_assert(BN_bn2binpad(t, xs + m->fl * nx++, (int)m->fl) == (int)m->fl);
    cr_assert(BN_add(t, t, m->n) == 1);
    if (BN_cmp(t, p) < 0)
        cr_assert(BN_bn2binpad(t, xs + m->fl * nx++, (int)m->fl) == (int)m->fl);
    BN_free(p);
    BN_free(t);
    return nx;
}

/* u1*G + u2*Q by kurv (both ops) and by OpenSSL; u1, u2 in [0, n). @ref: OpenSSL's
 * u1*G + u2*Q when the caller has it (from multiples it computed once), else NULL */
static void m2_check(struct m2 *m, const BIGNUM *u1, const BIGNUM *u2, const EC_POINT *q,
                     const EC_POINT *ref, const char *what)
{
    const kurv_curve *c = m->c;
    uint8_t b1[KURV_MAX_SCALAR_LEN], b2[KURV_MAX_SCALAR_LEN], qb[KURV_MAX_POINT_LEN];
    uint8_t want[KURV_MAX_POINT_LEN], xy[2 * KURV_MAX_FIELD_LEN], xs[2 * KURV_MAX_FIELD_LEN];
    EC_POINT *res = EC_POINT_new(m->g);
    BIGNUM *xr = BN_new();
    const char *name = kurv_curve_name(c);
    size_t nx;
    int eq;

    cr_assert(res != NULL && xr != NULL);
    bn_bytes(m, b1, u1);
    bn_bytes(m, b2, u2);
    cr_assert(EC_POINT_point2oct(m->g, q, POINT_CONVERSION_UNCOMPRESSED, qb, sizeof qb, m->ctx)
              == 1 + 2 * m->fl);
    if (ref)
        cr_assert(EC_POINT_copy(res, ref) == 1);
    else
        cr_assert(EC_POINT_mul(m->g, res, u1, q, u2, m->ctx) == 1);
    if (EC_POINT_is_at_infinity(m->g, res)) {
        cr_assert_eq(c->ops->ext->mul2_xy_vartime(c, xy, b1, b2, qb + 1), KURV_ERR_INFINITY,
                     "%s %s: O expected", name, what);
        memset(xs, 0, m->fl);
        xs[m->fl - 1] = 1;
        cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, b1, b2, qb + 1, xs, 1), KURV_ERR_INFINITY,
                     "%s %s: O expected", name, what);
        cr_assert_eq(eq, 0);
        m->infinities++;
    } else {
        cr_assert(EC_POINT_point2oct(m->g, res, POINT_CONVERSION_UNCOMPRESSED, want, sizeof want,
                                     m->ctx) == 1 + 2 * m->fl);
        cr_assert_eq(c->ops->ext->mul2_xy_vartime(c, xy, b1, b2, qb + 1), KURV_OK, "%s %s", name, what);
        cr_assert(memcmp(xy, want + 1, 2 * m->fl) == 0, "%s %s: u1*G + u2*Q differs", name, what);
        /* x itself is found; x with its low bit flipped is not */
        cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, b1, b2, qb + 1, want + 1, 1), KURV_OK,
                     "%s %s", name, what);
        cr_assert_eq(eq, 1, "%s %s: x not found", name, what);
        memcpy(xs, want + 1, m->fl);
        xs[m->fl - 1] ^= 1;
        cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, b1, b2, qb + 1, xs, 1), KURV_OK);
        cr_assert_eq(eq, 0, "%s %s: a wrong x found", name, what);
        /* ECDSA's candidates: r = x mod n is found, r + 1 mod n is not */
        cr_assert(BN_bin2bn(want + 1, (int)m->fl, xr) != NULL);
        cr_assert(BN_nnmod(xr, xr, m->n, m->ctx) == 1);
        nx = m2_candidates(m, xs, xr);
        cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, b1, b2, qb + 1, xs, nx), KURV_OK);
        cr_assert_eq(eq, 1, "%s %s: r not accepted", name, what);
        cr_assert(BN_add_word(xr, 1) == 1);
        cr_assert(BN_nnmod(xr, xr, m->n, m->ctx) == 1);
        nx = m2_candidates(m, xs, xr);
        cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, b1, b2, qb + 1, xs, nx), KURV_OK);
        cr_assert_eq(eq, 0, "%s %s: r + 1 accepted", name, what);
    }
    m->checks++;
    BN_free(xr);
    EC_POINT_free(res);
}

/* the edge scalars: 0, 1, 2, 3, n-1, n-2, n-3, (n-1)/2, (n+1)/2, 2^128 - 1, 2^128,
 * 2^128 + 1, 2^(bits-1), 2^(bits-1) - 1, and two random ones; returns the count */
#define M2_EDGES 16
static size_t m2_edges(const struct m2 *m, BIGNUM **v)
{
    size_t k = 0, i;
    int bits = BN_num_bits(m->n);
    for (i = 0; i < M2_EDGES; i++)
        cr_assert((v[i] = BN_new()) != NULL);
    BN_set_word(v[k++], 0);
    BN_set_word(v[k++], 1);
    BN_set_word(v[k++], 2);
    BN_set_word(v[k++], 3);
    BN_sub(v[k++], m->n, BN_value_one());
    BN_copy(v[k], m->n); BN_sub_word(v[k++], 2);
    BN_copy(v[k], m->n); BN_sub_word(v[k++], 3);
    BN_rshift1(v[k++], m->n);                           /* (n - 1) / 2 */
    BN_rshift1(v[k], m->n); BN_add_word(v[k++], 1);     /* (n + 1) / 2 */
    BN_zero(v[k]); BN_set_bit(v[k], 128); BN_sub_word(v[k++], 1);
    BN_zero(v[k]); BN_set_bit(v[k++], 128);
    BN_zero(v[k]); BN_set_bit(v[k], 128); BN_add_word(v[k++], 1);
    BN_zero(v[k]); BN_set_bit(v[k++], bits - 1);
    BN_zero(v[k]); BN_set_bit(v[k], bits - 1); BN_sub_word(v[k++], 1);
    cr_assert(BN_rand_range(v[k++], m->n) == 1);
    cr_assert(BN_rand_range(v[k++], m->n) == 1);
    cr_assert_eq(k, (size_t)M2_EDGES);
    return k;
}

static void m2_edges_free(BIGNUM **v)
{
    size_t i;
    for (i = 0; i < M2_EDGES; i++)
        BN_free(v[i]);
}

/* Q = d*G */
static EC_POINT *m2_point(struct m2 *m, const BIGNUM *d)
{
    EC_POINT *q = EC_POINT_new(m->g);
    cr_assert(q != NULL && EC_POINT_mul(m->g, q, d, NULL, NULL, m->ctx) == 1);
    cr_assert(!EC_POINT_is_at_infinity(m->g, q));
    return q;
}

/* every pair of edge scalars, for Q = G, -G, 2^128 G, -2^128 G, 3G, 15G, 16G and a
 * random Q. OpenSSL's u_i*G and u_j*Q are computed once and added for each pair. */
Test(mul2, edge_scalars_and_points_all_curves)
{
    size_t ci, i, j, qi;
    for (ci = 0; ci < kt_ncurves; ci++) {
        struct m2 m;
        BIGNUM *u[M2_EDGES], *d = BN_new();
        static const char *const qname[] = {"Q=G", "Q=-G", "Q=2^128G", "Q=-2^128G", "Q=3G",
                                            "Q=15G", "Q=16G", "Q random"};
        EC_POINT *ug[M2_EDGES], *uq[M2_EDGES], *ref;
        char what[96];
        m2_init(&m, kt_curves[ci]);
        m2_edges(&m, u);
        ref = EC_POINT_new(m.g);
        cr_assert(ref != NULL);
        for (i = 0; i < M2_EDGES; i++) {
            cr_assert((ug[i] = EC_POINT_new(m.g)) != NULL && (uq[i] = EC_POINT_new(m.g)) != NULL);
            cr_assert(EC_POINT_mul(m.g, ug[i], u[i], NULL, NULL, m.ctx) == 1);
        }
        for (qi = 0; qi < 8; qi++) {
            EC_POINT *q;
            switch (qi) {
            case 0: BN_one(d); break;
            case 1: BN_sub(d, m.n, BN_value_one()); break;
            case 2: BN_zero(d); BN_set_bit(d, 128); break;
            case 3: BN_zero(d); BN_set_bit(d, 128); BN_sub(d, m.n, d); break;
            case 4: BN_set_word(d, 3); break;
            case 5: BN_set_word(d, 15); break;
            case 6: BN_set_word(d, 16); break;
            default: cr_assert(BN_rand_range(d, m.n) == 1); if (BN_is_zero(d)) BN_one(d);
            }
            q = m2_point(&m, d);
            for (j = 0; j < M2_EDGES; j++)
                cr_assert(EC_POINT_mul(m.g, uq[j], NULL, q, u[j], m.ctx) == 1);
            for (i = 0; i < M2_EDGES; i++)
                for (j = 0; j < M2_EDGES; j++) {
                    snprintf(what, sizeof what, "%s u1#%zu u2#%zu", qname[qi], i, j);
                    cr_assert(EC_POINT_add(m.g, ref, ug[i], uq[j], m.ctx) == 1);
                    m2_check(&m, u[i], u[j], q, ref, what);
                }
            EC_POINT_free(q);
        }
        for (i = 0; i < M2_EDGES; i++) {
            EC_POINT_free(ug[i]);
            EC_POINT_free(uq[i]);
        }
        EC_POINT_free(ref);
        cr_log_info("%s: %lu sums checked, %lu of them O", kurv_curve_name(m.c), m.checks,
                    m.infinities);
        cr_assert_gt(m.infinities, 0);
        m2_edges_free(u);
        BN_free(d);
        m2_free(&m);
    }
}

/* u2*Q = -u1*G (the sum is O) and u2*Q = u1*G (the sum doubles), for Q = d*G with d
 * and u1 from the edge list and random */
Test(mul2, cancelling_and_doubling_sums_all_curves)
{
    size_t ci, i, j, k;
    for (ci = 0; ci < kt_ncurves; ci++) {
        struct m2 m;
        BIGNUM *u[M2_EDGES], *dinv = BN_new(), *u2 = BN_new();
        char what[96];
        unsigned long inf_before;
        m2_init(&m, kt_curves[ci]);
        m2_edges(&m, u);
        for (i = 1; i < M2_EDGES; i++) {            /* d != 0 */
            EC_POINT *q = m2_point(&m, u[i]);
            cr_assert(BN_mod_inverse(dinv, u[i], m.n, m.ctx) != NULL);
            for (j = 0; j < M2_EDGES; j++)
                for (k = 0; k < 2; k++) {
                    /* u2 = -+u1/d: u2*Q = -+u1*G */
                    cr_assert(BN_mod_mul(u2, u[j], dinv, m.n, m.ctx) == 1);
                    if (k == 0 && !BN_is_zero(u2))
                        cr_assert(BN_sub(u2, m.n, u2) == 1);
                    inf_before = m.infinities;
                    snprintf(what, sizeof what, "d#%zu u1#%zu %s", i, j, k ? "double" : "cancel");
                    m2_check(&m, u[j], u2, q, NULL, what);
                    if (k == 0)
                        cr_assert_eq(m.infinities, inf_before + 1, "%s %s: not O",
                                     kurv_curve_name(m.c), what);
                }
            EC_POINT_free(q);
        }
        cr_log_info("%s: %lu sums checked, %lu of them O", kurv_curve_name(m.c), m.checks,
                    m.infinities);
        m2_edges_free(u);
        BN_free(dinv);
        BN_free(u2);
        m2_free(&m);
    }
}

/* random u1, u2, Q: 500 per curve */
Test(mul2, random_all_curves)
{
    size_t ci, k;
    for (ci = 0; ci < kt_ncurves; ci++) {
        struct m2 m;
        BIGNUM *u1 = BN_new(), *u2 = BN_new(), *d = BN_new();
        m2_init(&m, kt_curves[ci]);
        for (k = 0; k < 500; k++) {
            EC_POINT *q;
            cr_assert(BN_rand_range(u1, m.n) == 1 && BN_rand_range(u2, m.n) == 1);
            do
                cr_assert(BN_rand_range(d, m.n) == 1);
            while (BN_is_zero(d));
            q = m2_point(&m, d);
            m2_check(&m, u1, u2, q, NULL, "random");
            EC_POINT_free(q);
        }
        BN_free(u1); BN_free(u2); BN_free(d);
        m2_free(&m);
    }
}

/* ECDSA with x(R) >= n: R = (x, y) with n <= x < p (R = 0*G + 1*R), so x must be found
 * among r = x - n and r + n, and the signature (r, s = r) of the all-zero digest under
 * the key R (e = 0, so u1 = 0 and u2 = r/s = 1) must verify, while (r + 1, r + 1) must
 * not. Every curve here has n < p, so such x exist; the first few on the curve are used. */
Test(mul2, ecdsa_x_above_n_all_curves)
{
    size_t ci;
    for (ci = 0; ci < kt_ncurves; ci++) {
        struct m2 m;
        BIGNUM *x = BN_new(), *p = BN_new(), *r = BN_new(), *zero = BN_new(), *one = BN_new();
        EC_POINT *R;
        uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], sig[2 * KURV_MAX_SCALAR_LEN];
        uint8_t qb[KURV_MAX_POINT_LEN], xs[2 * KURV_MAX_FIELD_LEN], dg[32] = {0};
        size_t nx;
        int eq;
        unsigned found = 0, tries = 0;
        m2_init(&m, kt_curves[ci]);
        R = EC_POINT_new(m.g);
        cr_assert(EC_GROUP_get_curve(m.g, p, NULL, NULL, m.ctx) == 1);
        cr_assert(BN_cmp(m.n, p) < 0, "%s: n >= p", kurv_curve_name(m.c));
        BN_zero(zero);
        BN_one(one);
        bn_bytes(&m, u1, zero);
        bn_bytes(&m, u2, one);
        BN_copy(x, m.n);
        while (found < 4 && BN_cmp(x, p) < 0 && tries++ < 1000) {
            ERR_set_mark();
            if (EC_POINT_set_compressed_coordinates(m.g, R, x, (int)(tries & 1), m.ctx) == 1) {
                cr_assert(EC_POINT_point2oct(m.g, R, POINT_CONVERSION_UNCOMPRESSED, qb, sizeof qb,
                                             m.ctx) == 1 + 2 * m.fl);
                cr_assert(BN_sub(r, x, m.n) == 1);
                nx = m2_candidates(&m, xs, r);
                cr_assert_eq(nx, 2u);
                cr_assert_eq(m.c->ops->mul2_x_eq_vartime(m.c, &eq, u1, u2, qb + 1, xs, nx), KURV_OK);
                cr_assert_eq(eq, 1, "%s: x(R) = r + n refused", kurv_curve_name(m.c));
                if (!BN_is_zero(r)) {           /* r = 0 is no signature */
                    bn_bytes(&m, sig, r);
                    memcpy(sig + m.sl, sig, m.sl);
                    cr_assert_eq(kurv_ecdsa_verify(m.c, sig, 2 * m.sl, qb, 1 + 2 * m.fl, dg, sizeof dg, 0),
                                 KURV_OK, "%s: ECDSA with x(R) = r + n refused", kurv_curve_name(m.c));
                }
                cr_assert(BN_add_word(r, 1) == 1);
                nx = m2_candidates(&m, xs, r);
                cr_assert_eq(m.c->ops->mul2_x_eq_vartime(m.c, &eq, u1, u2, qb + 1, xs, nx), KURV_OK);
                cr_assert_eq(eq, 0);
                bn_bytes(&m, sig, r);
                memcpy(sig + m.sl, sig, m.sl);
                cr_assert_eq(kurv_ecdsa_verify(m.c, sig, 2 * m.sl, qb, 1 + 2 * m.fl, dg, sizeof dg, 0),
                             KURV_ERR_SIGNATURE);
                /* and G + R through every op */
                m2_check(&m, one, one, R, NULL, "x(R) >= n");
                found++;
            }
            ERR_pop_to_mark();
            cr_assert(BN_add_word(x, 1) == 1);
        }
        cr_assert_eq(found, 4u, "%s: no point with n <= x < p found", kurv_curve_name(m.c));
        EC_POINT_free(R);
        BN_free(x); BN_free(p); BN_free(r); BN_free(zero); BN_free(one);
        m2_free(&m);
    }
}
