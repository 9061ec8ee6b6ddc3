/*
 * kurv internal, curve template: the group layer's common part (see ec/types.h for
 * the three point types). One way to set O per type (proj_set_inf, jac_set_inf),
 * the moves between the types, the curve equation. Constant time.
 * The formulas are in ec/proj.h (complete, projective) and ec/jac.h (Jacobian).
 */
#ifndef KURV_EC_GROUP_H
#define KURV_EC_GROUP_H

/* r = O = (0:1:0) */
static inline void proj_set_inf(EC_CTX_PARAM ec_proj *r)
{
    memset(r, 0, sizeof *r);
    r->y = ec_k_one();
}

/* r = O = (1:1:0): Z = 0 is what marks O; X = Y = 1 is the one stored form */
static inline void jac_set_inf(EC_CTX_PARAM ec_jac *r)
{
    memset(r, 0, sizeof *r);
    r->x = ec_k_one();
    r->y = ec_k_one();
}

static inline void proj_from_aff(EC_CTX_PARAM ec_proj *r, const ec_aff *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = ec_k_one();
}

static inline void jac_from_aff(EC_CTX_PARAM ec_jac *r, const ec_aff *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = ec_k_one();
}

/* r = a if mask is all-ones, unchanged if 0 */
static inline void proj_cmov(EC_CTX_PARAM ec_proj *r, const ec_proj *a, uint64_t mask)
{
    fe_cmov(EC_CTX_ARG &r->x, &a->x, mask);
    fe_cmov(EC_CTX_ARG &r->y, &a->y, mask);
    fe_cmov(EC_CTX_ARG &r->z, &a->z, mask);
}

static inline void jac_cmov(EC_CTX_PARAM ec_jac *r, const ec_jac *a, uint64_t mask)
{
    fe_cmov(EC_CTX_ARG &r->x, &a->x, mask);
    fe_cmov(EC_CTX_ARG &r->y, &a->y, mask);
    fe_cmov(EC_CTX_ARG &r->z, &a->z, mask);
}

/* homogeneous projective -> Jacobian: (X:Y:Z) -> (XZ : YZ^2 : Z); O -> (1:1:0).
 * Constant time. */
static inline void proj_to_jac(EC_CTX_PARAM ec_jac *r, const ec_proj *p)
{
    fe zz, one = ec_k_one();
    uint64_t inf = fe_is_zero(EC_CTX_ARG &p->z);
    fe_sqr(EC_CTX_ARG &zz, &p->z);
    fe_mul(EC_CTX_ARG &r->x, &p->x, &p->z);
    fe_mul(EC_CTX_ARG &r->y, &p->y, &zz);
    r->z = p->z;
    fe_cmov(EC_CTX_ARG &r->x, &one, inf);
    fe_cmov(EC_CTX_ARG &r->y, &one, inf);
}

/* Jacobian -> homogeneous projective: (X:Y:Z) -> (XZ : Y : Z^3). Constant time. */
static inline void jac_to_proj(EC_CTX_PARAM ec_proj *r, const ec_jac *p)
{
    fe zz;
    fe_sqr(EC_CTX_ARG &zz, &p->z);
    fe_mul(EC_CTX_ARG &r->x, &p->x, &p->z);
    r->y = p->y;
    fe_mul(EC_CTX_ARG &r->z, &zz, &p->z);
}

/* affine from projective; return all-ones if p is O (then r is zero). Constant time. */
static uint64_t proj_to_aff(EC_CTX_PARAM ec_aff *r, const ec_proj *p)
{
    fe zi;
    uint64_t inf = fe_is_zero(EC_CTX_ARG &p->z);
    fe_inv(EC_CTX_ARG &zi, &p->z);
    fe_mul(EC_CTX_ARG &r->x, &p->x, &zi);
    fe_mul(EC_CTX_ARG &r->y, &p->y, &zi);
    return inf;
}


/* rhs = x^3 + a x + b */
static inline void ec_curve_rhs(EC_CTX_PARAM fe *rhs, const fe *x)
{
    fe t;
    fe_sqr(EC_CTX_ARG rhs, x);
    fe_mul(EC_CTX_ARG rhs, rhs, x);
    fe_mul_a(EC_CTX_ARG &t, x);
    fe_add(EC_CTX_ARG rhs, rhs, &t);
    fe_add(EC_CTX_ARG rhs, rhs, &ec_k.b);
}

/* all-ones if y^2 = x^3 + a x + b */
static uint64_t aff_on_curve(EC_CTX_PARAM const ec_aff *a)
{
    fe l, r;
    fe_sqr(EC_CTX_ARG &l, &a->y);
    ec_curve_rhs(EC_CTX_ARG &r, &a->x);
    return fe_eq(EC_CTX_ARG &l, &r);
}

#endif
