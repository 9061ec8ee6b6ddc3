/*
 * kurv internal: a generic Montgomery-form prime field for the curve template.
 * Elements are x*R mod p (R = 2^(64 EC_N)), fully reduced, constant time.
 *
 * The includer defines EC_N, `typedef struct { uint64_t v[EC_N]; } fe;`,
 * `static const fe EC_P` (the prime), EC_P_M0INV (-p^-1 mod 2^64) and, unless p is
 * read at run time (EC_P_AT_RUN_TIME), EC_P_M0INV_HI (the high limb of -p^-1 mod
 * 2^128), and provides ec_fp_rr (R^2 mod p as an fe): the generated header defines it
 * as a constant; the table generator computes it at start-up (see gen_tmpl.h,
 * EC_FIELD_MONT).
 *
 * The product: on x86-64 with BMI2 and ADX, for 4, 6 or 8 limbs, kl_montmul_adx
 * (mont_adx.h: MULX/ADCX/ADOX inline assembly; p's top limb must be below 2^64 - 1,
 * as the Brainpool primes' are; a run-time p, EC_P_AT_RUN_TIME from rt_tmpl.h, takes
 * kl_montmul_adx_any and kl_montsqr_adx_any of mont_adx_any.h instead), chosen per call
 * by kl_mont_adx_on, which depends on the CPU only; otherwise, and with -Dasm=false (KURV_NO_ASM), the
 * portable kl_montmul (limb.h). Both compute the same fully reduced value.
 * fe_sqr on the ADX path is the dedicated squaring kl_montsqr_adx (mont_adx_sqr.h: the
 * cross products once); on the portable path it is the product a a.
 * fe_add and fe_sub (the EC_HAVE_FE_ADD hook of ec/fe.h) follow the same choice:
 * kl_modaddsub_x86 (modaddsub_x86.h, ADC/SBB/CMOV; kl_modaddsub_x86_any for a run-time p)
 * or kl_modadd, kl_modsub. fe_half
 * (EC_HAVE_FE_HALF, r = a / 2) is one portable carry chain on both paths.
 */
#ifndef KURV_FE_MONT_TMPL_H
#define KURV_FE_MONT_TMPL_H

#include "limb.h"
#include "mont_adx.h"        /* kl_mont_adx_on, kl_montmul_adx */
#include "mont_adx_sqr.h"    /* kl_montsqr_adx */
#include "mont_adx_any.h"    /* a run-time p's product and squaring */
#include "modaddsub_x86.h"   /* fe_add, fe_sub with the ADX path */
#include "ec/ctx.h"

#define EC_FIELD_MONT 1

#if defined(KL_MONT_ADX) && !defined(EC_P_AT_RUN_TIME)
/* -p^-1 mod 2^128 in memory, EC_P_M0INV and EC_P_M0INV_HI: the ADX routines read it
 * as a static constant (mont_adx.h; the high limb only the 8-limb squaring's reduction) */
#ifndef EC_P_M0INV_HI
#error "a built-in Montgomery field defines EC_P_M0INV_HI, the high limb of -p^-1 mod 2^128"
#endif
static const uint64_t ec_p_m0inv_mem[2] = { EC_P_M0INV, EC_P_M0INV_HI };
#define KL_MONTMUL_ADX(n, r, a, b) kl_montmul_adx(n, r, a, b, EC_P.v, ec_p_m0inv_mem)
#define KL_MONTSQR_ADX(n, r, a) kl_montsqr_adx(n, r, a, EC_P.v, ec_p_m0inv_mem)
#define KL_MODADDSUB_X86 kl_modaddsub_x86
#elif defined(KL_MONT_ADX)
/* a run-time p (rt_tmpl.h): any odd p, read through the context */
#define KL_MONTMUL_ADX(n, r, a, b) kl_montmul_adx_any(n, r, a, b, EC_P.v, EC_P_M0INV)
#define KL_MONTSQR_ADX(n, r, a) kl_montsqr_adx_any(n, r, a, EC_P.v, EC_P_M0INV)
#define KL_MODADDSUB_X86 kl_modaddsub_x86_any
#endif

/* r = a b / R mod p: the one Montgomery product every function below goes through */
static inline void fe_montmul(EC_CTX_PARAM uint64_t *r, const uint64_t *a, const uint64_t *b)
{
#ifdef KL_MONT_ADX
    if ((EC_N == 4 || EC_N == 6 || EC_N == 8) && kl_mont_adx_on) {
        KL_MONTMUL_ADX(EC_N, r, a, b);
        return;
    }
#endif
    kl_montmul(EC_N, r, a, b, EC_P.v, EC_P_M0INV);
}

#define EC_HAVE_FE_ADD 1

/* r = a + b mod p (sub = 0) or a - b mod p (sub = 1, a compile-time constant); fully
 * reduced in and out. Always inlined, as fe_add and fe_sub: the ADX path's one
 * statement costs less than a call (its saved registers, the pointers' moves) */
static inline __attribute__((always_inline)) void
fe_mont_addsub(EC_CTX_PARAM fe *r, const fe *a, const fe *b, int sub)
{
#ifdef KL_MONT_ADX
    if ((EC_N == 4 || EC_N == 6 || EC_N == 8) && kl_mont_adx_on) {
        KL_MODADDSUB_X86(EC_N, sub, r->v, a->v, b->v, EC_P.v);
        return;
    }
#endif
    if (sub)
        kl_modsub(EC_N, r->v, a->v, b->v, EC_P.v);
    else
        kl_modadd(EC_N, r->v, a->v, b->v, EC_P.v);
}

static inline __attribute__((always_inline)) void
fe_add(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
    fe_mont_addsub(EC_CTX_ARG r, a, b, 0);
}

static inline __attribute__((always_inline)) void
fe_sub(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
    fe_mont_addsub(EC_CTX_ARG r, a, b, 1);
}

/* fe_half (r = a / 2 mod p), below: an a = -3 doubling then takes its 4M + 4S form
 * with 8 gamma^2 as (4 gamma)^2 / 2 (ec/jac.h, jac_dbl_a3: the Brainpool loop curves,
 * EC_TWIST_A3; a run-time curve with a generic a never calls it) */
#define EC_HAVE_FE_HALF 1

/* r = a / 2 mod p for a < p, any odd p < 2^(64 EC_N): p AND m added for the mask m of
 * a's low bit, then the (64 EC_N + 1)-bit sum (carry c on top) shifted right by one.
 * a + p is even when a is odd, so no bit is lost; the result is at most
 * (a + p) / 2 < p. Branch-free, one code on both paths. r may alias a. */
static inline void fe_half(EC_CTX_PARAM fe *r, const fe *a)
{
    uint64_t s[EC_N], m = 0 - (a->v[0] & 1), c = 0;
    int i;
    KL_UNROLL
    for (i = 0; i < EC_N; i++)
        s[i] = kl_adc(a->v[i], EC_P.v[i] & m, c, &c);
    KL_UNROLL
    for (i = 0; i < EC_N - 1; i++)
        r->v[i] = (s[i] >> 1) | (s[i + 1] << 63);
    r->v[EC_N - 1] = (s[EC_N - 1] >> 1) | (c << 63);
}

static inline void fe_mul(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
    fe_montmul(EC_CTX_ARG r->v, a->v, b->v);
}

static inline void fe_sqr(EC_CTX_PARAM fe *r, const fe *a)
{
#ifdef KL_MONT_ADX
    if ((EC_N == 4 || EC_N == 6 || EC_N == 8) && kl_mont_adx_on) {
        KL_MONTSQR_ADX(EC_N, r->v, a->v);
        return;
    }
#endif
    fe_montmul(EC_CTX_ARG r->v, a->v, a->v);
}

static inline void fe_to_dom(EC_CTX_PARAM fe *r, const fe *a)
{
    fe_montmul(EC_CTX_ARG r->v, a->v, ec_fp_rr.v);
}

static inline void fe_from_dom(EC_CTX_PARAM fe *r, const fe *a)
{
    fe one = {{1}};
    fe_montmul(EC_CTX_ARG r->v, a->v, one.v);
}

#endif
