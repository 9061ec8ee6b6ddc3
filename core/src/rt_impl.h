/*
 * kurv internal: curves from run-time parameters (kurv_curve_new, core/src/rt_curve.c).
 * A runtime curve is one allocation holding the public descriptor, its ops table,
 * the engine context and the base-point table. The arithmetic is the curve
 * template instantiated once per limb count L = 4..9 (core/src/rt_tmpl.h,
 * rt4.c ... rt9.c) with the modulus and constants read from the context.
 */
#ifndef KURV_RT_IMPL_H
#define KURV_RT_IMPL_H

#include <kurv/point.h>
#include "curve_impl.h"

/* Engine context: everything the template reads that a built-in curve has as constants.
 * Field elements are L limbs in Montgomery form (R = 2^(64 L)); the *_l arrays hold
 * them back to back as the template's struct ec_consts {one, a, b, 3b}. */
struct kurv_rt_ctx {
    uint64_t p[KURV_MAXL];
    uint64_t m0inv;
    uint64_t rr[KURV_MAXL];          /* R^2 mod p */
    uint64_t k[4 * KURV_MAXL];       /* one, a, b, 3b (each L limbs, back to back) */
    unsigned ts_s;                   /* p - 1 = q 2^s, q odd */
    uint64_t ts_c3[KURV_MAXL];       /* (q - 1) / 2, plain */
    uint64_t ts_c5[KURV_MAXL];       /* z^q for a non-square z, Montgomery form */
    uint64_t n[KURV_MAXL];           /* the order n, plain, L limbs (zero above) */
    const void *table;               /* base-point table */
};

struct kurv_rt_curve {
    struct kurv_curve pub;           /* first member: the kurv_curve * handed out */
    struct kurv_rt_ctx ctx;
    struct kurv_curve_ops ops;
    kurv_mont sc;
    uint8_t p[KURV_MAX_FIELD_LEN], a[KURV_MAX_FIELD_LEN], b[KURV_MAX_FIELD_LEN];
    uint8_t gx[KURV_MAX_FIELD_LEN], gy[KURV_MAX_FIELD_LEN], n[KURV_MAX_SCALAR_LEN];
    char name[32];
    const char *aliases[1];
};

static inline const struct kurv_rt_ctx *kurv_rt_ctx_of(const kurv_curve *c)
{
    return &((const struct kurv_rt_curve *)(const void *)c)->ctx;
}

/* the ops of each instantiation: the point slots (p_*); rt_curve.c copies one and fills
 * the byte-level slots (mul_base, mul, mul2_x_eq_vartime, check_xy, lift_x) on top of
 * the point slots; ext stays NULL */
extern const struct kurv_curve_ops kurv_rt_ops4, kurv_rt_ops5, kurv_rt_ops6,
                                   kurv_rt_ops7, kurv_rt_ops8, kurv_rt_ops9;

/*
 * The smallest order kurv_curve_new() takes: n >= 2^(KURV_RT_MIN_ORDER_BITS - 1). The
 * library keeps 33 (n >= 2^32, far above what the constant-time multiplications need:
 * n > 2^(EC_VAR_W + 2), see ec/mul_ct.h and ec/mul_ct_common.h). Test builds lower it: tests/exhaustive compiles
 * the core with 8 to check the template on every element of groups of a few hundred and a
 * few thousand points.
 */
#ifndef KURV_RT_MIN_ORDER_BITS
#define KURV_RT_MIN_ORDER_BITS 33
#endif

/*
 * kurv_rt_curve_new() - kurv_curve_new() with a chosen engine.
 * @engine: NULL: the generic instantiation for the curve's limb count (what
 *          kurv_curve_new() does); otherwise the point slots of a 4-limb instantiation of
 *          core/src/rt_tmpl.h, e.g. one built with RT_A_KIND = EC_A_ZERO or EC_A_MINUS3 for a
 *          curve whose a is 0 or -3 (tests/exhaustive does this, to run the doubling and
 *          addition formulas of those shapes).
 * Return: as kurv_curve_new(); KURV_ERR_ARG when @engine is given for a curve that needs
 *         more than 4 limbs.
 */
kurv_err kurv_rt_curve_new(kurv_curve **out, const kurv_curve_params *prm,
                           kurv_curve_fault *fault, const struct kurv_curve_ops *engine);

#endif
