/*
 * kurv internal, curve template: the group layer's common part (see ec/types.h for
 * the three point types). One way to set O per type (proj_set_inf, jac_set_inf),
 * the moves between the types, the curve equation. Constant time.
 * The formulas are in ec/proj.h (complete, projective) and ec/jac.h (Jacobian).
 */
#ifndef KURV_EC_GROUP_H
#define KURV_EC_GROUP_H

/* r = O = (0:1:0) */
static inline void proj_set_inf(ec_proj *r)
{
    memset(r, 0, sizeof *r);
    r->y = ec_k_one();
}

/* r = O = (1:1:0): Z = 0 is what marks O; X = Y = 1 is the one stored form */
static inline void jac_set_inf(ec_jac *r)
{
    memset(r, 0, sizeof *r);
    r->x = ec_k_one();
    r->y = ec_k_one();
}

static inline void proj_from_aff(ec_proj *r, const ec_aff *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = ec_k_one();
}

static inline void jac_from_aff(ec_jac *r, const ec_aff *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = ec_k_one();
}

/* r = a if mask is all-ones, unchanged if 0 */
static inline void proj_cmov(ec_proj *r, const ec_proj *a, uint64_t mask)
{
    fe_cmov(&r->x, &a->x, mask);
    fe_cmov(&r->y, &a->y, mask);
    fe_cmov(&r->z, &a->z, mask);
}

static inline void jac_cmov(ec_jac *r, const ec_jac *a, uint64_t mask)
{
    fe_cmov(&r->x, &a->x, mask);
    fe_cmov(&r->y, &a->y, mask);
    fe_cmov(&r->z, &a->z, mask);
}

/* homogeneous projective -> Jacobian: (X:Y:Z) -> (XZ : YZ^2 : Z); O -> (1:1:0).
 * Constant time. */
static inline void proj_to_jac(ec_jac *r, const ec_proj *p)
{
    fe zz, one = ec_k_one();
    uint64_t inf = fe_is_zero(&p->z);
    fe_sqr(&zz, &p->z);
    fe_mul(&r->x, &p->x, &p->z);
    fe_mul(&r->y, &p->y, &zz);
    r->z = p->z;
    fe_cmov(&r->x, &one, inf);
    fe_cmov(&r->y, &one, inf);
}

/* Jacobian -> homogeneous projective: (X:Y:Z) -> (XZ : Y : Z^3). Constant time. */
static inline void jac_to_proj(ec_proj *r, const ec_jac *p)
{
    fe zz;
    fe_sqr(&zz, &p->z);
    fe_mul(&r->x, &p->x, &p->z);
    r->y = p->y;
    fe_mul(&r->z, &zz, &p->z);
}

/* affine from projective; return all-ones if p is O (then r is zero). Constant time. */
static uint64_t proj_to_aff(ec_aff *r, const ec_proj *p)
{
    fe zi;
    uint64_t inf = fe_is_zero(&p->z);
    fe_inv(&zi, &p->z);
    fe_mul(&r->x, &p->x, &zi);
    fe_mul(&r->y, &p->y, &zi);
    return inf;
}


/* rhs = x^3 + a x + b */
static inline void ec_curve_rhs(fe *rhs, const fe *x)
{
    fe t;
    fe_sqr(rhs, x);
    fe_mul(rhs, rhs, x);
    fe_mul_a(&t, x);
    fe_add(rhs, rhs, &t);
    fe_add(rhs, rhs, &ec_k.b);
}

/* all-ones if y^2 = x^3 + a x + b */
static uint64_t aff_on_curve(const ec_aff *a)
{
    fe l, r;
    fe_sqr(&l, &a->y);
    ec_curve_rhs(&r, &a->x);
    return fe_eq(&l, &r);
}

#endif
