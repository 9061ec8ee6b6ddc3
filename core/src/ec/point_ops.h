/*
 * kurv internal, curve template: the per-curve side of the public point API
 * (kurv/point.h): the p_* slots of the ops table, for built-in curves (ec/ops.h) and
 * for the run-time engines (core/src/rt_tmpl.h). Every function here works on the
 * curve's own field representation; the core (core/src/point.c) moves it in and out of the public
 * structs as raw limbs:
 *   a Jacobian point is uint64_t[3][KURV_MAXL] (X, Y, Z; x = X/Z^2, y = Y/Z^3;
 *   O has Z = 0 and is stored as (1, 1, 0)), an affine point uint64_t[2][KURV_MAXL];
 *   only the first EC_N limbs of each coordinate are used.
 * Scalars arrive as plain little-endian limbs (KURV_MAXL of them), already
 * reduced below n. Fixed-point tables are fixed-window tables:
 * ec_aff[EC_BASE_WINDOWS][EC_BASE_ENTRIES], window i entry j holding
 * (j+1) * 2^(EC_BASE_W i) * P (the generator's own ec_base_table has this layout with
 * its width EC_G_BASE_W, which a curve may set wider).
 *
 * Constant time unless the name ends in _vartime.
 */
#ifndef KURV_EC_POINT_OPS_H
#define KURV_EC_POINT_OPS_H

#define PT_L KURV_MAXL

#if EC_N > KURV_MAXL
#error "field element larger than the public point type"
#endif

/* EC_SLEN big-endian bytes of a scalar given as KURV_MAXL plain limbs (< n) */
static inline void pa_scalar_bytes(uint8_t *b, const uint64_t *k)
{
    kl_to_be(KURV_MAXL, b, EC_SLEN, k);
}

static inline void pa_ld(fe *r, const uint64_t *v) { memcpy(r->v, v, sizeof r->v); }
/* store a coordinate in its canonical form, zeroing the limbs past EC_N (the core tests
 * whole coordinates) */
static inline void pa_st(EC_CTX_PARAM uint64_t *v, const fe *a)
{
    fe t;
    fe_canon(EC_CTX_ARG &t, a); /* one representation per value: the core compares limbs */
    memcpy(v, t.v, sizeof t.v);
    memset(v + EC_N, 0, (PT_L - EC_N) * sizeof *v);
}

static void pa_ld_jac(ec_jac *r, const uint64_t *p)
{
    pa_ld(&r->x, p);
    pa_ld(&r->y, p + PT_L);
    pa_ld(&r->z, p + 2 * PT_L);
}

/* store, writing O as (1, 1, 0) */
static void pa_st_jac(EC_CTX_PARAM uint64_t *p, const ec_jac *a)
{
    fe x = a->x, y = a->y, one = ec_k_one();
    uint64_t inf = fe_is_zero(EC_CTX_ARG &a->z);
    fe_cmov(EC_CTX_ARG &x, &one, inf);
    fe_cmov(EC_CTX_ARG &y, &one, inf);
    pa_st(EC_CTX_ARG p, &x);
    pa_st(EC_CTX_ARG p + PT_L, &y);
    pa_st(EC_CTX_ARG p + 2 * PT_L, &a->z);
}

static void pa_ld_aff(ec_aff *r, const uint64_t *a)
{
    pa_ld(&r->x, a);
    pa_ld(&r->y, a + PT_L);
}

static void pa_st_aff(EC_CTX_PARAM uint64_t *p, const ec_aff *a)
{
    pa_st(EC_CTX_ARG p, &a->x);
    pa_st(EC_CTX_ARG p + PT_L, &a->y);
}

/* ---------------------------------------------------------------- field */

static uint64_t ec_pop_fe_load(const kurv_curve *c, uint64_t *r, const uint64_t *plain)
{
    fe t, d, v;
    EC_CTX_FROM(c);
    memcpy(t.v, plain, sizeof t.v);
    fe_to_dom(EC_CTX_ARG &v, &t);
    pa_st(EC_CTX_ARG r, &v);
    return 0 - kl_sub(EC_N, d.v, t.v, EC_P.v);
}

static void ec_pop_fe_store(const kurv_curve *c, uint64_t *plain, const uint64_t *a)
{
    fe t, v;
    EC_CTX_FROM(c);
    pa_ld(&t, a);
    fe_from_dom(EC_CTX_ARG &v, &t);
    memset(plain, 0, PT_L * sizeof *plain);
    memcpy(plain, v.v, sizeof v.v);          /* plain limbs: no field representation */
}

static uint64_t ec_pop_fe_sqrt(const kurv_curve *c, uint64_t *r, const uint64_t *a)
{
    fe x, s;
    uint64_t ok;
    EC_CTX_FROM(c);
    pa_ld(&x, a);
    ok = fe_sqrt(EC_CTX_ARG &s, &x);
    pa_st(EC_CTX_ARG r, &s);
    return ok;
}

static void ec_pop_fe_neg(const kurv_curve *c, uint64_t *r, const uint64_t *a)
{
    fe x;
    EC_CTX_FROM(c);
    pa_ld(&x, a);
    fe_neg(EC_CTX_ARG &x, &x);
    pa_st(EC_CTX_ARG r, &x);
}

/* affine point with this x (plain limbs) and y of the given parity; all-ones on success */
static uint64_t ec_pop_aff_from_x(const kurv_curve *c, uint64_t *r, const uint64_t *xplain, int odd)
{
    fe rhs, y, ny, x;
    ec_aff a;
    uint64_t ok;
    EC_CTX_FROM(c);
    ok = ec_pop_fe_load(c, r, xplain);
    pa_ld(&x, r);
    ec_curve_rhs(EC_CTX_ARG &rhs, &x);
    ok &= fe_sqrt(EC_CTX_ARG &y, &rhs);
    fe_neg(EC_CTX_ARG &ny, &y);
    fe_cmov(EC_CTX_ARG &y, &ny, ~kl_eq64(fe_is_odd(EC_CTX_ARG &y), (uint64_t)(odd != 0)));
    a.x = x;
    a.y = y;
    pa_st_aff(EC_CTX_ARG r, &a);
    return ok;
}

/* ---------------------------------------------------------------- group law */

static void ec_pop_add(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q)
{
    ec_jac a, b;
    ec_proj pa, pb;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    pa_ld_jac(&b, q);
    jac_to_proj(EC_CTX_ARG &pa, &a);
    jac_to_proj(EC_CTX_ARG &pb, &b);
    proj_add(EC_CTX_ARG &pa, &pa, &pb); /* complete: P + P, P + (-P), O all handled */
    proj_to_jac(EC_CTX_ARG &a, &pa);
    pa_st_jac(EC_CTX_ARG r, &a);
}

static void ec_pop_add_aff(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q)
{
    ec_jac a;
    ec_aff b;
    ec_proj pa;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    pa_ld_aff(&b, q);
    jac_to_proj(EC_CTX_ARG &pa, &a);
    proj_add_aff(EC_CTX_ARG &pa, &pa, &b);
    proj_to_jac(EC_CTX_ARG &a, &pa);
    pa_st_jac(EC_CTX_ARG r, &a);
}

static void ec_pop_dbl(const kurv_curve *c, uint64_t *r, const uint64_t *p)
{
    ec_jac a;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    jac_dbl(EC_CTX_ARG &a, &a); /* exception-free: no point of order 2 */
    pa_st_jac(EC_CTX_ARG r, &a);
}

/* all-ones if p = q (Jacobian), without inversion */
static uint64_t ec_pop_eq(const kurv_curve *c, const uint64_t *p, const uint64_t *q)
{
    ec_jac a, b;
    fe z1z1, z2z2, u1, u2, s1, s2;
    uint64_t i1, i2;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    pa_ld_jac(&b, q);
    i1 = fe_is_zero(EC_CTX_ARG &a.z);
    i2 = fe_is_zero(EC_CTX_ARG &b.z);
    fe_sqr(EC_CTX_ARG &z1z1, &a.z);
    fe_sqr(EC_CTX_ARG &z2z2, &b.z);
    fe_mul(EC_CTX_ARG &u1, &a.x, &z2z2);
    fe_mul(EC_CTX_ARG &u2, &b.x, &z1z1);
    fe_mul(EC_CTX_ARG &s1, &a.y, &z2z2);
    fe_mul(EC_CTX_ARG &s1, &s1, &b.z);
    fe_mul(EC_CTX_ARG &s2, &b.y, &z1z1);
    fe_mul(EC_CTX_ARG &s2, &s2, &a.z);
    return (i1 & i2) | (~i1 & ~i2 & fe_eq(EC_CTX_ARG &u1, &u2) & fe_eq(EC_CTX_ARG &s1, &s2));
}

/* all-ones if p (Jacobian) = q (affine) */
static uint64_t ec_pop_eq_aff(const kurv_curve *c, const uint64_t *p, const uint64_t *q)
{
    ec_jac a;
    ec_aff b;
    fe zz, zzz, u, s;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    pa_ld_aff(&b, q);
    fe_sqr(EC_CTX_ARG &zz, &a.z);
    fe_mul(EC_CTX_ARG &zzz, &zz, &a.z);
    fe_mul(EC_CTX_ARG &u, &b.x, &zz);
    fe_mul(EC_CTX_ARG &s, &b.y, &zzz);
    return ~fe_is_zero(EC_CTX_ARG &a.z) & fe_eq(EC_CTX_ARG &u, &a.x) & fe_eq(EC_CTX_ARG &s, &a.y);
}

/* affine of a Jacobian point; all-ones if it is O (r is then zero) */
static uint64_t ec_pop_to_aff(const kurv_curve *c, uint64_t *r, const uint64_t *p)
{
    ec_jac a;
    ec_aff o;
    fe zi, zi2;
    uint64_t inf;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    inf = fe_is_zero(EC_CTX_ARG &a.z);
    fe_inv(EC_CTX_ARG &zi, &a.z);
    fe_sqr(EC_CTX_ARG &zi2, &zi);
    fe_mul(EC_CTX_ARG &o.x, &a.x, &zi2);
    fe_mul(EC_CTX_ARG &zi2, &zi2, &zi);
    fe_mul(EC_CTX_ARG &o.y, &a.y, &zi2);
    pa_st_aff(EC_CTX_ARG r, &o);
    return inf;
}

/*
 * Montgomery's trick: n Jacobian points to affine with one inversion. Points are
 * rs / ps limbs apart (the public structs' strides). The x slots of the outputs
 * hold the prefix products during the work (no scratch memory; r must not overlap
 * p). O outputs are zero; returns how many inputs were O.
 */
static size_t ec_pop_batch_to_aff(const kurv_curve *c, uint64_t *r, size_t rs, const uint64_t *p,
                                  size_t ps, size_t n)
{
    fe acc, inv, z, zi, zi2, t, one, zero = {{0}};
    size_t i, ninf = 0;
    EC_CTX_FROM(c);
    acc = ec_k_one();
    one = ec_k_one();
    for (i = 0; i < n; i++) {
        uint64_t inf;
        pa_ld(&z, p + i * ps + 2 * PT_L);
        inf = fe_is_zero(EC_CTX_ARG &z);
        ninf += (size_t)(inf & 1);
        fe_cmov(EC_CTX_ARG &z, &one, inf);
        fe_mul(EC_CTX_ARG &acc, &acc, &z);
        pa_st(EC_CTX_ARG r + i * rs, &acc);  /* prefix product z_0 ... z_i */
    }
    fe_inv(EC_CTX_ARG &inv, &acc);           /* (z_0 ... z_{n-1})^-1 */
    for (i = n; i-- > 0;) {
        ec_jac a;
        ec_aff o;
        uint64_t inf;
        pa_ld_jac(&a, p + i * ps);
        inf = fe_is_zero(EC_CTX_ARG &a.z);
        z = a.z;
        fe_cmov(EC_CTX_ARG &z, &one, inf);
        if (i > 0) {
            pa_ld(&t, r + (i - 1) * rs);
            fe_mul(EC_CTX_ARG &zi, &inv, &t); /* z_i^-1 */
            fe_mul(EC_CTX_ARG &inv, &inv, &z); /* (z_0 ... z_{i-1})^-1 */
        } else {
            zi = inv;
        }
        fe_sqr(EC_CTX_ARG &zi2, &zi);
        fe_mul(EC_CTX_ARG &o.x, &a.x, &zi2);
        fe_mul(EC_CTX_ARG &zi2, &zi2, &zi);
        fe_mul(EC_CTX_ARG &o.y, &a.y, &zi2);
        fe_cmov(EC_CTX_ARG &o.x, &zero, inf);
        fe_cmov(EC_CTX_ARG &o.y, &zero, inf);
        pa_st_aff(EC_CTX_ARG r + i * rs, &o);
    }
    return ninf;
}

static uint64_t ec_pop_aff_on_curve(const kurv_curve *c, const uint64_t *p)
{
    ec_aff a;
    EC_CTX_FROM(c);
    pa_ld_aff(&a, p);
    return aff_on_curve(EC_CTX_ARG &a);
}

/* Y^2 = X^3 + a X Z^4 + b Z^6; O (Z = 0) counts as on the curve */
static uint64_t ec_pop_on_curve(const kurv_curve *c, const uint64_t *p)
{
    ec_jac a;
    fe l, r, z2, z4, z6, t;
    EC_CTX_FROM(c);
    pa_ld_jac(&a, p);
    fe_sqr(EC_CTX_ARG &l, &a.y);
    fe_sqr(EC_CTX_ARG &r, &a.x);
    fe_mul(EC_CTX_ARG &r, &r, &a.x);
    fe_sqr(EC_CTX_ARG &z2, &a.z);
    fe_sqr(EC_CTX_ARG &z4, &z2);
    fe_mul(EC_CTX_ARG &z6, &z4, &z2);
    fe_mul(EC_CTX_ARG &t, &a.x, &z4);
    fe_mul_a(EC_CTX_ARG &t, &t);
    fe_add(EC_CTX_ARG &r, &r, &t);
    fe_mul(EC_CTX_ARG &t, &z6, &ec_k.b);
    fe_add(EC_CTX_ARG &r, &r, &t);
    return fe_is_zero(EC_CTX_ARG &a.z) | fe_eq(EC_CTX_ARG &l, &r);
}

/* ---------------------------------------------------------------- multiplication */

/* r = k*p, constant time in k and p */
static void ec_pop_mul(const kurv_curve *c, uint64_t *r, const uint64_t *k, const uint64_t *p)
{
    uint8_t kb[EC_SLEN];
    ec_jac a;
    ec_proj pp;
    EC_CTX_FROM(c);
    pa_scalar_bytes(kb, k);
    pa_ld_jac(&a, p);
    jac_to_proj(EC_CTX_ARG &pp, &a);
    pt_mul_ct(EC_CTX_ARG &pp, kb, &pp);
    proj_to_jac(EC_CTX_ARG &a, &pp);
    pa_st_jac(EC_CTX_ARG r, &a);
    memset(kb, 0, sizeof kb);
    memset(&pp, 0, sizeof pp);
    memset(&a, 0, sizeof a);
}

/* r = k*P from a table built by ec_pop_table_build (NULL: the base point's table) */
static void ec_pop_mul_table(const kurv_curve *c, uint64_t *r, const uint64_t *k, const void *table)
{
    uint8_t kb[EC_SLEN];
    ec_proj pp;
    ec_jac a;
    EC_CTX_FROM(c);
    pa_scalar_bytes(kb, k);
    if (table)
        pt_mul_table_ct(EC_CTX_ARG &pp, kb, (const ec_aff (*)[EC_BASE_ENTRIES])table);
    else
        pt_mul_base_ct(&pp, kb);        /* ec_base_table may be on E_t (EC_TWIST_A3) */
    proj_to_jac(EC_CTX_ARG &a, &pp);
    pa_st_jac(EC_CTX_ARG r, &a);
    memset(kb, 0, sizeof kb);
    memset(&pp, 0, sizeof pp);
}

/*
 * Fill a fixed-point table for the affine point p (window i, entry j =
 * (j+1) * 2^(w i) * P), one inversion per window. Constant time in P. Returns
 * all-ones unless some entry is O (impossible for a point of prime order n >
 * 2^(EC_BASE_W) on the curve; checked anyway).
 */
static uint64_t ec_pop_table_build(const kurv_curve *c, void *table, const uint64_t *p)
{
    ec_aff (*tab)[EC_BASE_ENTRIES] = (ec_aff (*)[EC_BASE_ENTRIES])table;
    ec_aff g;
    ec_proj base, acc, row[EC_BASE_ENTRIES];
    fe pre[EC_BASE_ENTRIES], inv, zi;
    uint64_t ok = ~(uint64_t)0;
    unsigned i, j;
    EC_CTX_FROM(c);

    pa_ld_aff(&g, p);
    proj_from_aff(EC_CTX_ARG &base, &g);
    for (i = 0; i < EC_BASE_WINDOWS; i++) {
        acc = base;
        for (j = 0; j < EC_BASE_ENTRIES; j++) {
            row[j] = acc;
            ok &= ~fe_is_zero(EC_CTX_ARG &acc.z);
            pre[j] = j ? pre[j - 1] : ec_k_one();
            fe_mul(EC_CTX_ARG &pre[j], &pre[j], &acc.z);
            proj_add(EC_CTX_ARG &acc, &acc, &base);
        }
        fe_inv(EC_CTX_ARG &inv, &pre[EC_BASE_ENTRIES - 1]);
        for (j = EC_BASE_ENTRIES; j-- > 0;) {
            if (j > 0) {
                fe_mul(EC_CTX_ARG &zi, &inv, &pre[j - 1]);
                fe_mul(EC_CTX_ARG &inv, &inv, &row[j].z);
            } else {
                zi = inv;
            }
            fe_mul(EC_CTX_ARG &tab[i][j].x, &row[j].x, &zi);
            fe_mul(EC_CTX_ARG &tab[i][j].y, &row[j].y, &zi);
        }
        for (j = 0; j < EC_BASE_W; j++)
            proj_dbl(EC_CTX_ARG &base, &base);
    }
    memset(row, 0, sizeof row);
    return ok;
}

#define PA_W 5
/* odd multiples P, 3P, ..., (2^(PA_W-1) - 1) P (Jacobian), vartime */
static void pa_odd_multiples_vartime(EC_CTX_PARAM ec_jac *tab, const ec_jac *p)
{
    ec_jac p2;
    unsigned i;
    tab[0] = *p;
    jac_dbl(EC_CTX_ARG &p2, p);
    for (i = 1; i < (1u << (PA_W - 2)); i++)
        jac_add_vartime(EC_CTX_ARG &tab[i], &tab[i - 1], &p2);
}

static void pa_add_digit_vartime(EC_CTX_PARAM ec_jac *acc, const ec_jac *tab, int d)
{
    if (d > 0) {
        jac_add_vartime(EC_CTX_ARG acc, acc, &tab[d / 2]);
    } else if (d < 0) {
        ec_jac t = tab[(-d) / 2];
        fe_neg(EC_CTX_ARG &t.y, &t.y);
        jac_add_vartime(EC_CTX_ARG acc, acc, &t);
    }
}

/* r = u1*P + u2*Q (Jacobian inputs, either may be O), interleaved wNAF. Variable time. */
static void ec_pop_mul2_vartime(const kurv_curve *c, uint64_t *r, const uint64_t *u1,
                                const uint64_t *p, const uint64_t *u2, const uint64_t *q)
{
    ec_jac tp[1 << (PA_W - 2)], tq[1 << (PA_W - 2)], a, b, acc;
    int8_t n1[EC_WNAF_LEN], n2[EC_WNAF_LEN];
    unsigned l1, l2, len, i;
    EC_CTX_FROM(c);

    pa_ld_jac(&a, p);
    pa_ld_jac(&b, q);
    pa_odd_multiples_vartime(EC_CTX_ARG tp, &a);
    pa_odd_multiples_vartime(EC_CTX_ARG tq, &b);
    l1 = sc_wnaf8_vartime(n1, u1, PA_W);    /* u1, u2 < n: EC_N limbs suffice */
    l2 = sc_wnaf8_vartime(n2, u2, PA_W);
    len = l1 > l2 ? l1 : l2;
    jac_set_inf(EC_CTX_ARG &acc);
    for (i = len; i-- > 0;) {
        if (!fe_is_zero(EC_CTX_ARG &acc.z))
            jac_dbl(EC_CTX_ARG &acc, &acc);
        pa_add_digit_vartime(EC_CTX_ARG &acc, tp, n1[i]);
        pa_add_digit_vartime(EC_CTX_ARG &acc, tq, n2[i]);
    }
    pa_st_jac(EC_CTX_ARG r, &acc);
}

#define EC_POINT_TABLE_LEN (sizeof(ec_aff) * EC_BASE_WINDOWS * EC_BASE_ENTRIES)

/* the slots this file fills in struct kurv_curve_ops (the initializers of ec/ops.h, rt_tmpl.h) */
#define EC_POINT_OPS                          \
    .p_fe_load = ec_pop_fe_load,              \
    .p_fe_store = ec_pop_fe_store,            \
    .p_fe_sqrt = ec_pop_fe_sqrt,              \
    .p_fe_neg = ec_pop_fe_neg,                \
    .p_aff_from_x = ec_pop_aff_from_x,        \
    .p_add = ec_pop_add,                      \
    .p_add_aff = ec_pop_add_aff,              \
    .p_dbl = ec_pop_dbl,                      \
    .p_eq = ec_pop_eq,                        \
    .p_eq_aff = ec_pop_eq_aff,                \
    .p_to_aff = ec_pop_to_aff,                \
    .p_batch_to_aff = ec_pop_batch_to_aff,    \
    .p_on_curve = ec_pop_on_curve,            \
    .p_aff_on_curve = ec_pop_aff_on_curve,    \
    .p_mul = ec_pop_mul,                      \
    .p_mul_table = ec_pop_mul_table,          \
    .p_table_build = ec_pop_table_build,      \
    .p_mul2_vartime = ec_pop_mul2_vartime,    \
    .p_table_len = EC_POINT_TABLE_LEN,        \
    .p_limbs = EC_N

#endif
