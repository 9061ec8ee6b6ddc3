/*
 * kurv internal, curve template: the byte-level operations of a built-in curve, its
 * ops table ec_ops and the block of optional capabilities ec_ext that every built-in
 * curve has (the contract of every slot: core/src/curve_impl.h). Inputs are validated
 * by the core before they get here, except where a slot says otherwise.
 */
#ifndef KURV_EC_OPS_H
#define KURV_EC_OPS_H

static kurv_err ec_op_mul_base(const kurv_curve *c, uint8_t *xy, const uint8_t *k)
{
    ec_proj r;
    kurv_err e;
    EC_CTX_FROM(c);
    pt_mul_base_ct(&r, k);
    e = ec_store_proj(EC_CTX_ARG xy, &r);
    memset(&r, 0, sizeof r);
    return e;
}

static kurv_err ec_op_mul(const kurv_curve *c, uint8_t *xy, const uint8_t *k, const uint8_t *pxy)
{
    ec_aff a;
    ec_proj r;
    kurv_err e;
    EC_CTX_FROM(c);
    if (!ec_load_aff(EC_CTX_ARG &a, pxy))
        return KURV_ERR_POINT;
    pt_mul_aff_ct(EC_CTX_ARG &r, k, &a);
    e = ec_store_proj(EC_CTX_ARG xy, &r);
    memset(&r, 0, sizeof r);
    return e;
}

static kurv_err ec_op_mul2_x_eq_vartime(const kurv_curve *c, int *eq, const uint8_t *u1,
                                        const uint8_t *u2, const uint8_t *qxy,
                                        const uint8_t *xs, size_t nx)
{
    ec_aff q;
    ec_jac r;
    fe zz, x, t;
    size_t i;
    EC_CTX_FROM(c);
    *eq = 0;
    if (!ec_load_aff(EC_CTX_ARG &q, qxy))
        return KURV_ERR_POINT;
    if (pt_mul2_vartime(EC_CTX_ARG &r, u1, u2, &q))
        return KURV_ERR_INFINITY;
    fe_sqr(EC_CTX_ARG &zz, &r.z);       /* x(R) = X / Z^2: compare x Z^2 with X */
    for (i = 0; i < nx; i++) {
        if (!(fe_from_bytes(EC_CTX_ARG &x, xs + i * EC_FLEN) & 1))
            continue;                   /* >= p: no x-coordinate */
        fe_mul(EC_CTX_ARG &t, &x, &zz);
        if (fe_eq(EC_CTX_ARG &t, &r.x) & 1) {
            *eq = 1;
            break;
        }
    }
    return KURV_OK;
}

static kurv_err ec_op_mul2_xy_vartime(const kurv_curve *c, uint8_t *xy, const uint8_t *u1,
                                      const uint8_t *u2, const uint8_t *qxy)
{
    ec_aff q;
    ec_jac r;
    EC_CTX_FROM(c);
    if (!ec_load_aff(EC_CTX_ARG &q, qxy))
        return KURV_ERR_POINT;
    if (pt_mul2_vartime(EC_CTX_ARG &r, u1, u2, &q)) {
        memset(xy, 0, 2 * EC_FLEN);
        return KURV_ERR_INFINITY;
    }
    jac_store_xy_vartime(EC_CTX_ARG xy, &r);
    return KURV_OK;
}

static kurv_err ec_op_check_xy(const kurv_curve *c, const uint8_t *xy)
{
    ec_aff a;
    EC_CTX_FROM(c);
    if (!ec_load_aff(EC_CTX_ARG &a, xy))
        return KURV_ERR_POINT;
    return (aff_on_curve(EC_CTX_ARG &a) & 1) ? KURV_OK : KURV_ERR_POINT;
}

static kurv_err ec_op_lift_x(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd)
{
    fe fx, rhs, r;
    EC_CTX_FROM(c);
    if (!(fe_from_bytes(EC_CTX_ARG &fx, x) & 1))
        return KURV_ERR_POINT;
    ec_curve_rhs(EC_CTX_ARG &rhs, &fx);
    if (!(fe_sqrt(EC_CTX_ARG &r, &rhs) & 1))
        return KURV_ERR_POINT;
    ec_store_y_parity(EC_CTX_ARG y, &r, odd);
    return KURV_OK;
}

/* lift_x of n records x||y (stride bytes apart): see curve_impl.h. With a two-lane
 * square-root chain (EC_FE_SQRT_CHAIN2) the records are lifted in pairs. */
static kurv_err ec_op_lift_x_many(const kurv_curve *c, uint8_t *xy, size_t n, size_t stride,
                                  int odd, size_t *bad)
{
    size_t i = 0;
    kurv_err e;
#ifdef EC_FE_SQRT_CHAIN2
    for (; i + 1 < n; i += 2) {
        uint8_t *p0 = xy + i * stride, *p1 = p0 + stride;
        fe x[2], rhs[2], r[2], chk;
        uint64_t ok0, ok1;
        if (!(fe_from_bytes(EC_CTX_ARG &x[0], p0) & 1) ||
            !(fe_from_bytes(EC_CTX_ARG &x[1], p1) & 1))
            break;                              /* the one-at-a-time loop names it */
        ec_curve_rhs(EC_CTX_ARG &rhs[0], &x[0]);
        ec_curve_rhs(EC_CTX_ARG &rhs[1], &x[1]);
        EC_FE_SQRT_CHAIN2(r, rhs);
        fe_sqr(EC_CTX_ARG &chk, &r[0]);
        ok0 = fe_eq(EC_CTX_ARG &chk, &rhs[0]);
        fe_sqr(EC_CTX_ARG &chk, &r[1]);
        ok1 = fe_eq(EC_CTX_ARG &chk, &rhs[1]);
        if (!(ok0 & ok1 & 1))
            break;
        ec_store_y_parity(EC_CTX_ARG p0 + EC_FLEN, &r[0], odd);
        ec_store_y_parity(EC_CTX_ARG p1 + EC_FLEN, &r[1], odd);
    }
#endif
    for (; i < n; i++) {
        e = ec_op_lift_x(c, xy + i * stride + EC_FLEN, xy + i * stride, odd);
        if (e != KURV_OK) {
            *bad = i;
            return e;
        }
    }
    return KURV_OK;
}

static const struct kurv_curve_ext ec_ext = {
    .lift_x_many = ec_op_lift_x_many,
    .mul2_xy_vartime = ec_op_mul2_xy_vartime,
    .msm_scratch_size = ec_op_msm_scratch_size,
    .msm_vartime = ec_op_msm_vartime,
};

static const struct kurv_curve_ops ec_ops = {
    .mul_base = ec_op_mul_base,
    .mul = ec_op_mul,
    .mul2_x_eq_vartime = ec_op_mul2_x_eq_vartime,
    .check_xy = ec_op_check_xy,
    .lift_x = ec_op_lift_x,
    EC_POINT_OPS,
    .ext = &ec_ext,
};

#endif
