/*
 * kurv internal: the curve template instantiated for runtime curves with RT_L limbs
 * (included by rt4.c ... rt9.c). Sizes are padded to whole limbs (EC_FLEN = EC_SLEN =
 * 8 RT_L, EC_ORDER_BITS = 64 RT_L); the core only calls the point ops (kurv_point.h
 * layer), which take limbs, never the byte-level ops. The modulus, constants and base
 * table come from the curve's context, which every op entry publishes in a
 * thread-local pointer (the template's field code has no curve argument).
 */
#include <stdint.h>
#include <string.h>
#include "rt_impl.h"
#include "mont_impl.h"

#define EC_N RT_L
#define EC_FLEN (8 * RT_L)
#define EC_SLEN (8 * RT_L)
#define EC_ORDER_BITS (64 * RT_L)
#define EC_A_KIND EC_A_GENERIC
#define EC_BASE_W 5

typedef struct { uint64_t v[EC_N]; } fe;

static _Thread_local const struct kurv_rt_ctx *rt_cur;

#define EC_P (*(const fe *)(const void *)rt_cur->p)
#define EC_P_M0INV (rt_cur->m0inv)
#define ec_fp_rr (*(const fe *)(const void *)rt_cur->rr)

#include "ec/types.h"
#define ec_k (*(const struct ec_consts *)(const void *)rt_cur->k)
#define ec_base_table ((const ec_aff (*)[EC_BASE_ENTRIES])rt_cur->table)
#define EC_ORDER_LIMBS (rt_cur->n)
#define EC_NO_OPS
#define EC_HAVE_FE_SQRT 1   /* Tonelli-Shanks, below: p may be 1 mod 4 */

static uint64_t fe_sqrt(fe *r, const fe *a);

#include "fe_mont_tmpl.h"
#include "ec/ec.h"

/*
 * Square root for any odd p: constant-time Tonelli-Shanks (RFC 9380 appendix I.4),
 * the loop bounds depending only on p. For p = 3 mod 4 (s = 1) it is a^((p+1)/4).
 * Returns all-ones if r^2 = a.
 */
static uint64_t fe_sqrt(fe *r, const fe *a)
{
    fe z, t, b, c, zt, tt, chk;
    unsigned k, i;
    fe_pow_pub(&z, a, rt_cur->ts_c3);
    fe_sqr(&t, &z);
    fe_mul(&t, &t, a);
    fe_mul(&z, &z, a);
    b = t;
    memcpy(c.v, rt_cur->ts_c5, sizeof c.v);
    for (k = rt_cur->ts_s; k >= 2; k--) {
        uint64_t e;
        for (i = 1; i + 2 <= k; i++)
            fe_sqr(&b, &b);
        e = fe_eq(&b, &ec_k.one);
        fe_mul(&zt, &z, &c);
        fe_cmov(&z, &zt, ~e);
        fe_sqr(&c, &c);
        fe_mul(&tt, &t, &c);
        fe_cmov(&t, &tt, ~e);
        b = t;
    }
    *r = z;
    fe_sqr(&chk, &z);
    return fe_eq(&chk, a);
}

#define RT_ENTER(c) (rt_cur = kurv_rt_ctx_of(c))

static uint64_t rt_fe_load(const kurv_curve *c, uint64_t *r, const uint64_t *a)
{ RT_ENTER(c); return ec_pop_fe_load(c, r, a); }
static void rt_fe_store(const kurv_curve *c, uint64_t *r, const uint64_t *a)
{ RT_ENTER(c); ec_pop_fe_store(c, r, a); }
static uint64_t rt_fe_sqrt_op(const kurv_curve *c, uint64_t *r, const uint64_t *a)
{ RT_ENTER(c); return ec_pop_fe_sqrt(c, r, a); }
static void rt_fe_neg(const kurv_curve *c, uint64_t *r, const uint64_t *a)
{ RT_ENTER(c); ec_pop_fe_neg(c, r, a); }
static uint64_t rt_aff_from_x(const kurv_curve *c, uint64_t *r, const uint64_t *x, int odd)
{ RT_ENTER(c); return ec_pop_aff_from_x(c, r, x, odd); }
static void rt_add(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q)
{ RT_ENTER(c); ec_pop_add(c, r, p, q); }
static void rt_add_aff(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q)
{ RT_ENTER(c); ec_pop_add_aff(c, r, p, q); }
static void rt_dbl(const kurv_curve *c, uint64_t *r, const uint64_t *p)
{ RT_ENTER(c); ec_pop_dbl(c, r, p); }
static uint64_t rt_eq(const kurv_curve *c, const uint64_t *p, const uint64_t *q)
{ RT_ENTER(c); return ec_pop_eq(c, p, q); }
static uint64_t rt_eq_aff(const kurv_curve *c, const uint64_t *p, const uint64_t *q)
{ RT_ENTER(c); return ec_pop_eq_aff(c, p, q); }
static uint64_t rt_to_aff(const kurv_curve *c, uint64_t *r, const uint64_t *p)
{ RT_ENTER(c); return ec_pop_to_aff(c, r, p); }
static size_t rt_batch_to_aff(const kurv_curve *c, uint64_t *r, size_t rs, const uint64_t *p,
                              size_t ps, size_t n)
{ RT_ENTER(c); return ec_pop_batch_to_aff(c, r, rs, p, ps, n); }
static uint64_t rt_on_curve(const kurv_curve *c, const uint64_t *p)
{ RT_ENTER(c); return ec_pop_on_curve(c, p); }
static uint64_t rt_aff_on_curve(const kurv_curve *c, const uint64_t *p)
{ RT_ENTER(c); return ec_pop_aff_on_curve(c, p); }
static void rt_mul(const kurv_curve *c, uint64_t *r, const uint64_t *k, const uint64_t *p)
{ RT_ENTER(c); ec_pop_mul(c, r, k, p); }
static void rt_mul_table(const kurv_curve *c, uint64_t *r, const uint64_t *k, const void *t)
{ RT_ENTER(c); ec_pop_mul_table(c, r, k, t); }
static uint64_t rt_table_build(const kurv_curve *c, void *t, const uint64_t *p)
{ RT_ENTER(c); return ec_pop_table_build(c, t, p); }
static void rt_mul2_vartime(const kurv_curve *c, uint64_t *r, const uint64_t *u1, const uint64_t *p,
                            const uint64_t *u2, const uint64_t *q)
{ RT_ENTER(c); ec_pop_mul2_vartime(c, r, u1, p, u2, q); }

#define RT_CAT2(a, b) a##b
#define RT_CAT(a, b) RT_CAT2(a, b)

const struct kurv_curve_ops RT_CAT(kurv_rt_ops, RT_L) = {
    .p_fe_load = rt_fe_load,
    .p_fe_store = rt_fe_store,
    .p_fe_sqrt = rt_fe_sqrt_op,
    .p_fe_neg = rt_fe_neg,
    .p_aff_from_x = rt_aff_from_x,
    .p_add = rt_add,
    .p_add_aff = rt_add_aff,
    .p_dbl = rt_dbl,
    .p_eq = rt_eq,
    .p_eq_aff = rt_eq_aff,
    .p_to_aff = rt_to_aff,
    .p_batch_to_aff = rt_batch_to_aff,
    .p_on_curve = rt_on_curve,
    .p_aff_on_curve = rt_aff_on_curve,
    .p_mul = rt_mul,
    .p_mul_table = rt_mul_table,
    .p_table_build = rt_table_build,
    .p_mul2_vartime = rt_mul2_vartime,
    .p_table_len = EC_POINT_TABLE_LEN,
    .p_limbs = EC_N,
};
