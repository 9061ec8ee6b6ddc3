/*
 * kurv internal: the curve template instantiated for runtime curves with RT_L limbs
 * (included by rt4.c ... rt9.c). Sizes are padded to whole limbs (EC_FLEN = EC_SLEN =
 * 8 RT_L, EC_ORDER_BITS = 64 RT_L); the core only calls the point slots (the p_* ops
 * of core/src/ec/point_ops.h), which take limbs; the byte-level slots are
 * core/src/rt_curve.c's. The modulus, the constants and the base table are the
 * curve's engine context (struct kurv_rt_ctx): every template function takes it as
 * its first argument (EC_CTX_PARAM, core/src/ec/ctx.h), and each op entry takes it
 * from its curve (EC_CTX_FROM), so one engine serves any number of curves, in any
 * number of threads, with no global state.
 * Optional, for test engines (tests/exhaustive): RT_A_KIND (EC_A_ZERO or EC_A_MINUS3
 * instead of EC_A_GENERIC) and RT_OPS_NAME (the ops table's name; default kurv_rt_opsL).
 */
#include <stdint.h>
#include <string.h>
#include "rt_impl.h"
#include "limb.h"

#define EC_N RT_L
#define EC_FLEN (8 * RT_L)
#define EC_SLEN (8 * RT_L)
#define EC_ORDER_BITS (64 * RT_L)
#ifdef RT_A_KIND
#define EC_A_KIND RT_A_KIND      /* a test engine for a = 0 or a = -3 (rt_impl.h) */
#else
#define EC_A_KIND EC_A_GENERIC
#endif
#define EC_BASE_W 5

typedef struct { uint64_t v[EC_N]; } fe;

#define EC_CTX_PARAM const struct kurv_rt_ctx *ctx __attribute__((unused)),
#define EC_CTX_ARG ctx,
#define EC_CTX_FROM(c) const struct kurv_rt_ctx *ctx = kurv_rt_ctx_of(c)

#define EC_P (*(const fe *)(const void *)ctx->p)
#define EC_P_M0INV (ctx->m0inv)
#define EC_P_AT_RUN_TIME 1   /* fe_mont_tmpl.h: the ADX routines for any p, by pointer */
#define ec_fp_rr (*(const fe *)(const void *)ctx->rr)

#include "ec/types.h"
#define ec_k (*(const struct ec_consts *)(const void *)ctx->k)
#define ec_base_table ((const ec_aff (*)[EC_BASE_ENTRIES])ctx->table)
#define EC_ORDER_LIMBS (ctx->n)
#define EC_NO_OPS
#define EC_HAVE_FE_SQRT 1   /* Tonelli-Shanks, below: p may be 1 mod 4 */

static uint64_t fe_sqrt(EC_CTX_PARAM fe *r, const fe *a);

#include "fe_mont_tmpl.h"
#include "ec/ec.h"

/*
 * Square root for any odd p: constant-time Tonelli-Shanks (RFC 9380 appendix I.4),
 * the loop bounds depending only on p. For p = 3 mod 4 (s = 1) it is a^((p+1)/4).
 * Returns all-ones if r^2 = a.
 */
static uint64_t fe_sqrt(EC_CTX_PARAM fe *r, const fe *a)
{
    fe z, t, b, c, zt, tt, chk;
    unsigned k, i;
    fe_pow_pub(EC_CTX_ARG &z, a, ctx->ts_c3);
    fe_sqr(EC_CTX_ARG &t, &z);
    fe_mul(EC_CTX_ARG &t, &t, a);
    fe_mul(EC_CTX_ARG &z, &z, a);
    b = t;
    memcpy(c.v, ctx->ts_c5, sizeof c.v);
    for (k = ctx->ts_s; k >= 2; k--) {
        uint64_t e;
        for (i = 1; i + 2 <= k; i++)
            fe_sqr(EC_CTX_ARG &b, &b);
        e = fe_eq(EC_CTX_ARG &b, &ec_k.one);
        fe_mul(EC_CTX_ARG &zt, &z, &c);
        fe_cmov(EC_CTX_ARG &z, &zt, ~e);
        fe_sqr(EC_CTX_ARG &c, &c);
        fe_mul(EC_CTX_ARG &tt, &t, &c);
        fe_cmov(EC_CTX_ARG &t, &tt, ~e);
        b = t;
    }
    *r = z;
    fe_sqr(EC_CTX_ARG &chk, &z);
    return fe_eq(EC_CTX_ARG &chk, a);
}

#define RT_CAT2(a, b) a##b
#define RT_CAT(a, b) RT_CAT2(a, b)

/* the point slots; rt_curve.c adds the byte-level ones to its copy */
#ifndef RT_OPS_NAME
#define RT_OPS_NAME RT_CAT(kurv_rt_ops, RT_L)
#endif
const struct kurv_curve_ops RT_OPS_NAME = {
    EC_POINT_OPS,
};
