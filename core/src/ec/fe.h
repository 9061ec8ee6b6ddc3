/*
 * kurv internal, curve template: the field layer. Every fe_* function the rest of
 * the template uses, with what a curve's field header provides and what it inherits
 * from here. Elements are `fe` (EC_N 64-bit limbs) in the field's representation
 * (plain or Montgomery, fully reduced or not: the field's choice); "plain" limbs are
 * the fully reduced value, little-endian. Everything is constant time in the element
 * values unless the name ends in _vartime. Results may alias inputs.
 *
 * Provided by the curve's field header (required):
 *   EC_P                          the prime p as plain limbs (`static const fe`)
 *   fe_mul(r, a, b), fe_sqr(r, a) r = a b, r = a^2
 *   fe_to_dom(r, plain)           enter the representation (plain < p; for plain >= p
 *                                 the result is unspecified but computed in constant time)
 *   fe_from_dom(r, a)             leave it: fully reduced plain limbs
 * Hooks, each defined by the field header when it supplies its own version:
 *   EC_HAVE_FE_ADD         fe_add, fe_sub (fully reduced elements, a faster modular
 *                          add and subtract); fe_neg is then fe_sub from 0
 *   EC_HAVE_FE_ADDSUB      fe_add, fe_sub, fe_neg for a representation that is not
 *                          fully reduced (results in that representation)
 *   EC_HAVE_FE_CANON       fe_canon: the one representation of a value mod p, so that
 *                          limbs can be compared or stored (the identity by default)
 *   EC_HAVE_FE_EQ          fe_is_zero, fe_eq on the value mod p, whatever the
 *                          representation (default: on the limbs)
 *   EC_HAVE_FE_INV         fe_inv (default: fe_inv_divsteps, constant-time safegcd)
 *   EC_HAVE_FE_HALF        fe_half(r, a): r = a / 2 (no default; with it the a = -3
 *                          doubling takes its 4M + 4S form, ec/jac.h)
 *   EC_HAVE_FE_SUB2, EC_HAVE_FE_MUL3  fe_sub2(r, a, b, c) = a - b - c and
 *                          fe_mul3_lazy(r, a) = 3a, fused (default: two fe_sub, fe_dbl
 *                          and fe_add; ec/jac.h, which also lists EC_HAVE_FE_LAZY's set)
 *   EC_HAVE_FE_INV_VARTIME fe_inv_vartime (default: safegcd on the plain value)
 *   EC_HAVE_FE_SQRT        fe_sqrt (default: a^((p+1)/4), for p = 3 mod 4)
 *   EC_FE_SQRT_CHAIN(r, a) an addition chain for a^((p+1)/4) used by the default fe_sqrt;
 *   EC_FE_SQRT_CHAIN2(r, a) the same on two elements at once (lift_x_many takes pairs)
 * Inherited (defined here):
 *   fe_cmov(r, a, mask)    r = a if mask is all-ones, unchanged if 0
 *   fe_dbl(r, a)           r = 2a
 *   fe_neg(r, a)           r = -a (unless EC_HAVE_FE_ADDSUB)
 *   fe_is_zero(a), fe_eq(a, b)  masks: all-ones or 0
 *   fe_is_odd(a)           parity of the plain value (0 or 1)
 *   fe_pow_pub(r, a, e)    r = a^e; e plain limbs and public (the exponent's bits decide
 *                          the work), constant time in a
 *   fe_inv(r, a)           r = a^-1, 0 maps to 0 (unless EC_HAVE_FE_INV)
 *   fe_inv_divsteps(r, a)  the same by constant-time divsteps (safegcd.h)
 *   fe_inv_vartime(r, a)   the same for a PUBLIC a only (normalising a verification's
 *                          or a multi-scalar product's result)
 *   fe_sqrt(r, a)          a square root; returns all-ones if r^2 = a
 *   fe_mul_a(r, x), fe_mul_b3(r, x)  r = a x, r = 3b x (by EC_A_KIND: 0, -3x, or a product)
 * The constants come from ec_k (struct ec_consts: one, a, b, 3b in the representation).
 * Every function here takes the instantiation's context first (EC_CTX_PARAM, ec/ctx.h:
 * nothing for a built-in curve, whose field header's functions take none).
 */
#ifndef KURV_EC_FE_H
#define KURV_EC_FE_H

#include "ec/ctx.h"

#define ec_k_one() (ec_k.one)

#ifndef EC_HAVE_FE_ADDSUB
/* EC_HAVE_FE_ADD: a field with fully reduced elements supplies its own (faster) fe_add
 * and fe_sub with the same contract; fe_neg is then derived from fe_sub. */
#ifndef EC_HAVE_FE_ADD
static inline void fe_add(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
    kl_modadd(EC_N, r->v, a->v, b->v, EC_P.v);
}
static inline void fe_sub(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
    kl_modsub(EC_N, r->v, a->v, b->v, EC_P.v);
}
#endif
static inline void fe_neg(EC_CTX_PARAM fe *r, const fe *a)
{
    fe z = {{0}};
    fe_sub(EC_CTX_ARG r, &z, a);
}
#endif
static inline void fe_cmov(EC_CTX_PARAM fe *r, const fe *a, uint64_t mask)
{
    kl_cmov(EC_N, r->v, a->v, mask);
}
/* fe_canon: the one representation of a value mod p (for fields not kept fully reduced,
 * EC_HAVE_FE_CANON; the identity otherwise), so that limbs can be compared or stored. */
#ifndef EC_HAVE_FE_CANON
static inline void fe_canon(EC_CTX_PARAM fe *r, const fe *a) { *r = *a; }
#endif
#ifndef EC_HAVE_FE_EQ
static inline uint64_t fe_is_zero(EC_CTX_PARAM const fe *a) { return kl_is_zero(EC_N, a->v); }
static inline uint64_t fe_eq(EC_CTX_PARAM const fe *a, const fe *b)
{
    fe d;
    size_t i;
    for (i = 0; i < EC_N; i++)
        d.v[i] = a->v[i] ^ b->v[i];
    return fe_is_zero(EC_CTX_ARG &d);
}
#endif

/* parity of the plain value */
static uint64_t fe_is_odd(EC_CTX_PARAM const fe *a)
{
    fe t;
    fe_from_dom(EC_CTX_ARG &t, a);
    return t.v[0] & 1;
}

/* r = a^e, exponent given as plain limbs (public), 4-bit fixed window. */
static void fe_pow_pub(EC_CTX_PARAM fe *r, const fe *a, const uint64_t *e)
{
    fe tab[16], acc;
    int i, j, started = 0;

    tab[1] = *a;
    for (i = 2; i < 16; i++)
        fe_mul(EC_CTX_ARG &tab[i], &tab[i - 1], a);
    acc = ec_k_one();
    for (i = EC_N * 16 - 1; i >= 0; i--) {
        unsigned nib = (unsigned)(e[i / 16] >> (4 * (i % 16))) & 15u;
        if (started)
            for (j = 0; j < 4; j++)
                fe_sqr(EC_CTX_ARG &acc, &acc);
        if (nib) {
            fe_mul(EC_CTX_ARG &acc, &acc, &tab[nib]);
            started = 1;
        }
    }
    *r = acc;
}

/* r = a^-1 (0 maps to 0) by the constant-time Bernstein-Yang divsteps (safegcd.h,
 * kl_inv_safegcd_ct: a fixed batch count for p's bit length) on the plain value.
 * Constant time in a. fe_inv unless the field header supplies its own
 * (EC_HAVE_FE_INV). */
static inline void fe_inv_divsteps(EC_CTX_PARAM fe *r, const fe *a)
{
    fe x, y;
    fe_from_dom(EC_CTX_ARG &x, a);              /* plain, fully reduced */
    kl_inv_safegcd_ct(EC_N, y.v, x.v, EC_P.v);
    fe_to_dom(EC_CTX_ARG r, &y);                /* 0 stays 0 */
    kl_sg_wipe(&x, sizeof x);
    kl_sg_wipe(&y, sizeof y);
}

#ifndef EC_HAVE_FE_INV
static void fe_inv(EC_CTX_PARAM fe *r, const fe *a)
{
    fe_inv_divsteps(EC_CTX_ARG r, a);
}
#endif

/*
 * fe_inv_vartime: r = a^-1 (0 maps to 0) for a PUBLIC a only (normalising the result
 * of a verification or of a public multi-scalar product): Bernstein-Yang divsteps
 * (safegcd.h) on the plain value, variable time. A field may supply its own
 * (EC_HAVE_FE_INV_VARTIME), e.g. fe_inv where that is faster. Secret values always go
 * through fe_inv.
 */
#ifndef EC_HAVE_FE_INV_VARTIME
static void fe_inv_vartime(EC_CTX_PARAM fe *r, const fe *a)
{
    fe x, y;
    fe_from_dom(EC_CTX_ARG &x, a);              /* plain, fully reduced */
    kl_inv_safegcd_vartime(EC_N, y.v, x.v, EC_P.v);
    fe_to_dom(EC_CTX_ARG r, &y);                /* 0 stays 0 */
}
#endif

#ifndef EC_HAVE_FE_SQRT
/* Square root for p = 3 mod 4: r = a^((p+1)/4). Return all-ones if r^2 = a.
 * A field may define EC_FE_SQRT_CHAIN(r, a), an addition chain for this power. */
static uint64_t fe_sqrt(EC_CTX_PARAM fe *r, const fe *a)
{
    fe e, one = {{1}}, chk;
    size_t i;
    kl_add(EC_N, e.v, EC_P.v, one.v);   /* p + 1 < 2^(64 EC_N) for every curve we ship */
    for (i = 0; i < EC_N; i++)          /* >> 2 */
        e.v[i] = (e.v[i] >> 2) | (i + 1 < EC_N ? e.v[i + 1] << 62 : 0);
#ifdef EC_FE_SQRT_CHAIN
    (void)e;
    EC_FE_SQRT_CHAIN(r, a);             /* the field's addition chain for this exponent */
#else
    fe_pow_pub(EC_CTX_ARG r, a, e.v);
#endif
    fe_sqr(EC_CTX_ARG &chk, r);
    return fe_eq(EC_CTX_ARG &chk, a);
}
#endif

static inline void fe_mul_a(EC_CTX_PARAM fe *r, const fe *x)
{
#if EC_A_KIND == EC_A_ZERO
    (void)x;
    memset(r, 0, sizeof *r);
#elif EC_A_KIND == EC_A_MINUS3
    fe t;
    fe_add(EC_CTX_ARG &t, x, x);
    fe_add(EC_CTX_ARG &t, &t, x);
    fe_neg(EC_CTX_ARG r, &t);
#else
    fe_mul(EC_CTX_ARG r, x, &ec_k.a);
#endif
}

static inline void fe_mul_b3(EC_CTX_PARAM fe *r, const fe *x) { fe_mul(EC_CTX_ARG r, x, &ec_k.b3); }
static inline void fe_dbl(EC_CTX_PARAM fe *r, const fe *a) { fe_add(EC_CTX_ARG r, a, a); }

#endif
