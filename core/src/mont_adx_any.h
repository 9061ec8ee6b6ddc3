/*
 * kurv internal: x86-64 Montgomery multiplication with MULX, ADCX and ADOX, part 3 of 4:
 * the product and squaring for a modulus read at run time (the run-time curves,
 * core/src/rt_tmpl.h through fe_mont_tmpl.h's EC_P_AT_RUN_TIME), kl_montmul_adx_any
 * and kl_montsqr_adx_any.
 * Preconditions: n = 4, 6 or 8, a compile-time constant; any odd m < 2^(64n) (its top
 * limb may be all-ones), m by a pointer (a base register) and m0inv = -m^-1 mod 2^64 a
 * value; a, b < m; BMI2 and ADX present (kl_mont_adx_on). Results equal those of
 * kl_montmul_adx and kl_montsqr_adx (mont_adx.h, mont_adx_sqr.h, whose cross products,
 * diagonal and final subtraction this file takes). Branch-free and constant time.
 * Compiled in with KL_MONT_ADX only.
 */
#ifndef KURV_MONT_ADX_ANY_H
#define KURV_MONT_ADX_ANY_H

#include <stddef.h>
#include <stdint.h>
#include "mont_adx_sqr.h"

#ifdef KL_MONT_ADX

/* a row's end: CF into limb n, then OF and the new CF into limb n + 1 */
#define KLX_END(tn, tn1) "movl $0, %k[LO]\n\tadcxq %[LO], %[" tn "]\n\t" \
    "adoxq %[LO], %[" tn1 "]\n\tadcxq %[LO], %[" tn1 "]"

/*
 * The run-time curves' product and squaring (core/src/rt_tmpl.h, through
 * fe_mont_tmpl.h's EC_P_AT_RUN_TIME): kl_montmul_adx_any and kl_montsqr_adx_any, the
 * same results as kl_montmul_adx and kl_montsqr_adx for any odd m < 2^(64n) (its top
 * limb may be all-ones: the window has n + 2 limbs), m in a base register and m0inv a
 * value, so any pointer serves. Each product row is two statements (KLX_MONT_ROW: t +=
 * a_i b, then t = (t + q m) / 2^64 with q = t_0 m0inv), the window turning by
 * renaming C variables; the squaring's rows are KLS_ROW and KLS_DIAG (mont_adx_sqr.h), its
 * reduction n statements (KLX_HALF), then KLF_ADD.
 */
/* one product of a row: lo into limb L by the CF chain, hi into limb H by the OF chain */
#define KLX_P(y, l, h) "mulxq %[" y "], %[LO], %[HI]\n\t" \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"

#define KLX_ROW4                                                                       \
    "xorl %k[LO], %k[LO]\n\t"                                                          \
    KLX_P("Y0", "T0", "T1") KLX_P("Y1", "T1", "T2") KLX_P("Y2", "T2", "T3")            \
    KLX_P("Y3", "T3", "T4")
#define KLX_ROW6 KLX_ROW4 KLX_P("Y4", "T4", "T5") KLX_P("Y5", "T5", "T6")
/* n = 8 takes its multiplicand by a base register (KLX_PP; one operand instead of
 * eight: GCC allows 30, and each "+" operand counts twice) */
#define KLX_ROW8                                                                       \
    "xorl %k[LO], %k[LO]\n\t"                                                          \
    KLX_PP(0, "T0", "T1") KLX_PP(8, "T1", "T2") KLX_PP(16, "T2", "T3")                  \
    KLX_PP(24, "T3", "T4") KLX_PP(32, "T4", "T5") KLX_PP(40, "T5", "T6")                \
    KLX_PP(48, "T6", "T7") KLX_PP(56, "T7", "T8")

/*
 * One half-row: (w_{n+1}:...:w0) += x y, with w_{n+1} = 0 and w_n <= 1 on entry. A CIOS
 * row is two: x = a_i, then x = q = w0 m0inv with y = m, after which w0 = 0 and
 * (w_{n+1}:...:w1) is (t + a_i b + q m) / 2^64, w_{n+1} <= 1.
 */
#define KLX_HALF4(x, y, w0, w1, w2, w3, w4, w5) do {                                    \
        uint64_t lo_, hi_;                                                              \
        __asm__(KLX_ROW4 KLX_END("T4", "T5")                                            \
                : [T0] "+&r"(w0), [T1] "+&r"(w1), [T2] "+&r"(w2), [T3] "+&r"(w3),      \
                  [T4] "+&r"(w4), [T5] "+&r"(w5), [LO] "=&r"(lo_), [HI] "=&r"(hi_)     \
                : [X] "d"(x), [Y0] "m"((y)[0]), [Y1] "m"((y)[1]), [Y2] "m"((y)[2]),    \
                  [Y3] "m"((y)[3])                                                     \
                : "cc");                                                               \
    } while (0)
#define KLX_HALF6(x, y, w0, w1, w2, w3, w4, w5, w6, w7) do {                            \
        uint64_t lo_, hi_;                                                              \
        __asm__(KLX_ROW6 KLX_END("T6", "T7")                                            \
                : [T0] "+&r"(w0), [T1] "+&r"(w1), [T2] "+&r"(w2), [T3] "+&r"(w3),      \
                  [T4] "+&r"(w4), [T5] "+&r"(w5), [T6] "+&r"(w6), [T7] "+&r"(w7),      \
                  [LO] "=&r"(lo_), [HI] "=&r"(hi_)                                     \
                : [X] "d"(x), [Y0] "m"((y)[0]), [Y1] "m"((y)[1]), [Y2] "m"((y)[2]),    \
                  [Y3] "m"((y)[3]), [Y4] "m"((y)[4]), [Y5] "m"((y)[5])                 \
                : "cc");                                                               \
    } while (0)
#define KLX_HALF8(x, y, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9) do {                    \
        uint64_t lo_, hi_;                                                              \
        __asm__(KLX_ROW8 KLX_END("T8", "T9")                                            \
                : [T0] "+&r"(w0), [T1] "+&r"(w1), [T2] "+&r"(w2), [T3] "+&r"(w3),      \
                  [T4] "+&r"(w4), [T5] "+&r"(w5), [T6] "+&r"(w6), [T7] "+&r"(w7),      \
                  [T8] "+&r"(w8), [T9] "+&r"(w9), [LO] "=&r"(lo_), [HI] "=&r"(hi_)     \
                : [X] "d"(x), [Y] "r"(y), "m"(*(const uint64_t (*)[8])(y))             \
                : "cc");                                                               \
    } while (0)

#define KLX_MONT_ROW4(x, y, m, m0inv, w0, w1, w2, w3, w4, w5) do {                       \
        KLX_HALF4(x, y, w0, w1, w2, w3, w4, w5);                                        \
        KLX_HALF4((w0) * (m0inv), m, w0, w1, w2, w3, w4, w5);                           \
    } while (0)
#define KLX_MONT_ROW6(x, y, m, m0inv, w0, w1, w2, w3, w4, w5, w6, w7) do {               \
        KLX_HALF6(x, y, w0, w1, w2, w3, w4, w5, w6, w7);                                \
        KLX_HALF6((w0) * (m0inv), m, w0, w1, w2, w3, w4, w5, w6, w7);                   \
    } while (0)
#define KLX_MONT_ROW8(x, y, m, m0inv, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9) do {       \
        KLX_HALF8(x, y, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9);                        \
        KLX_HALF8((w0) * (m0inv), m, w0, w1, w2, w3, w4, w5, w6, w7, w8, w9);           \
    } while (0)

static inline __attribute__((always_inline)) void
kl_montmul_adx_any(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b,
                   const uint64_t *m, uint64_t m0inv)
{
    uint64_t t0 = 0, t1 = 0, t2 = 0, t3 = 0, t4 = 0, t5 = 0, t6 = 0, t7 = 0, t8 = 0, t9 = 0;
    if (n == 4) {
        KLX_MONT_ROW4(a[0], b, m, m0inv, t0, t1, t2, t3, t4, t5);
        KLX_MONT_ROW4(a[1], b, m, m0inv, t1, t2, t3, t4, t5, t0);
        KLX_MONT_ROW4(a[2], b, m, m0inv, t2, t3, t4, t5, t0, t1);
        KLX_MONT_ROW4(a[3], b, m, m0inv, t3, t4, t5, t0, t1, t2);
        KLF_SUB(4, r, m, t2, t4, t5, t0, t1);
    } else if (n == 6) {
        KLX_MONT_ROW6(a[0], b, m, m0inv, t0, t1, t2, t3, t4, t5, t6, t7);
        KLX_MONT_ROW6(a[1], b, m, m0inv, t1, t2, t3, t4, t5, t6, t7, t0);
        KLX_MONT_ROW6(a[2], b, m, m0inv, t2, t3, t4, t5, t6, t7, t0, t1);
        KLX_MONT_ROW6(a[3], b, m, m0inv, t3, t4, t5, t6, t7, t0, t1, t2);
        KLX_MONT_ROW6(a[4], b, m, m0inv, t4, t5, t6, t7, t0, t1, t2, t3);
        KLX_MONT_ROW6(a[5], b, m, m0inv, t5, t6, t7, t0, t1, t2, t3, t4);
        KLF_SUB(6, r, m, t4, t6, t7, t0, t1, t2, t3);
    } else {
        KLX_MONT_ROW8(a[0], b, m, m0inv, t0, t1, t2, t3, t4, t5, t6, t7, t8, t9);
        KLX_MONT_ROW8(a[1], b, m, m0inv, t1, t2, t3, t4, t5, t6, t7, t8, t9, t0);
        KLX_MONT_ROW8(a[2], b, m, m0inv, t2, t3, t4, t5, t6, t7, t8, t9, t0, t1);
        KLX_MONT_ROW8(a[3], b, m, m0inv, t3, t4, t5, t6, t7, t8, t9, t0, t1, t2);
        KLX_MONT_ROW8(a[4], b, m, m0inv, t4, t5, t6, t7, t8, t9, t0, t1, t2, t3);
        KLX_MONT_ROW8(a[5], b, m, m0inv, t5, t6, t7, t8, t9, t0, t1, t2, t3, t4);
        KLX_MONT_ROW8(a[6], b, m, m0inv, t6, t7, t8, t9, t0, t1, t2, t3, t4, t5);
        KLX_MONT_ROW8(a[7], b, m, m0inv, t7, t8, t9, t0, t1, t2, t3, t4, t5, t6);
        KLF_SUB(8, r, m, t6, t8, t9, t0, t1, t2, t3, t4, t5);
    }
}

/* kl_montsqr_adx_any for n = 8, with every limb of a^2 in a C variable (u0 .. u15)
 * instead of kl_sqr_wide_adx's array, which the compiler allocates with fewer moves */
static inline __attribute__((always_inline)) void
klx_montsqr8_any(uint64_t *r, const uint64_t *a, const uint64_t *m, uint64_t m0inv)
{
    uint64_t u0 = 0, u1 = 0, u2 = 0, u3 = 0, u4 = 0, u5 = 0, u6 = 0, u7 = 0;
    uint64_t u8 = 0, u9 = 0, u10 = 0, u11 = 0, u12 = 0, u13 = 0, u14 = 0, u15 = 0;
    uint64_t c = 0, o = 0, t8 = 0, t9 = 0, h[8];
    KLS_ROW(7, a[0], a + 1, KLS_W(0, u1), KLS_W(1, u2), KLS_W(2, u3), KLS_W(3, u4),
            KLS_W(4, u5), KLS_W(5, u6), KLS_W(6, u7), KLS_W(7, u8));
    KLS_ROW(6, a[1], a + 2, KLS_W(0, u3), KLS_W(1, u4), KLS_W(2, u5), KLS_W(3, u6),
            KLS_W(4, u7), KLS_W(5, u8), KLS_W(6, u9));
    KLS_ROW(5, a[2], a + 3, KLS_W(0, u5), KLS_W(1, u6), KLS_W(2, u7), KLS_W(3, u8),
            KLS_W(4, u9), KLS_W(5, u10));
    KLS_ROW(4, a[3], a + 4, KLS_W(0, u7), KLS_W(1, u8), KLS_W(2, u9), KLS_W(3, u10),
            KLS_W(4, u11));
    KLS_ROW(3, a[4], a + 5, KLS_W(0, u9), KLS_W(1, u10), KLS_W(2, u11), KLS_W(3, u12));
    KLS_ROW(2, a[5], a + 6, KLS_W(0, u11), KLS_W(1, u12), KLS_W(2, u13));
    KLS_ROW(1, a[6], a + 7, KLS_W(0, u13), KLS_W(1, u14));
    KLS_DIAG(4, a, c, o, KLS_W(0, u0), KLS_W(1, u1), KLS_W(2, u2), KLS_W(3, u3),
             KLS_W(4, u4), KLS_W(5, u5), KLS_W(6, u6), KLS_W(7, u7));
    KLS_DIAG(4, a + 4, c, o, KLS_W(0, u8), KLS_W(1, u9), KLS_W(2, u10), KLS_W(3, u11),
             KLS_W(4, u12), KLS_W(5, u13), KLS_W(6, u14), KLS_W(7, u15));
    h[0] = u8; h[1] = u9; h[2] = u10; h[3] = u11; h[4] = u12; h[5] = u13; h[6] = u14;
    h[7] = u15;
    KLX_HALF8(u0 * m0inv, m, u0, u1, u2, u3, u4, u5, u6, u7, t8, t9);
    KLX_HALF8(u1 * m0inv, m, u1, u2, u3, u4, u5, u6, u7, t8, t9, u0);
    KLX_HALF8(u2 * m0inv, m, u2, u3, u4, u5, u6, u7, t8, t9, u0, u1);
    KLX_HALF8(u3 * m0inv, m, u3, u4, u5, u6, u7, t8, t9, u0, u1, u2);
    KLX_HALF8(u4 * m0inv, m, u4, u5, u6, u7, t8, t9, u0, u1, u2, u3);
    KLX_HALF8(u5 * m0inv, m, u5, u6, u7, t8, t9, u0, u1, u2, u3, u4);
    KLX_HALF8(u6 * m0inv, m, u6, u7, t8, t9, u0, u1, u2, u3, u4, u5);
    KLX_HALF8(u7 * m0inv, m, u7, t8, t9, u0, u1, u2, u3, u4, u5, u6);
    KLF_ADD(8, r, m, h, u6, t8, t9, u0, u1, u2, u3, u4, u5);
}

static inline __attribute__((always_inline)) void
kl_montsqr_adx_any(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *m,
                   uint64_t m0inv)
{
    uint64_t t[16];
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7;
    if (n == 8) {
        klx_montsqr8_any(r, a, m, m0inv);
        return;
    }
    kl_sqr_wide_adx(n, t, a);
    /* the low half reduced in a turning window, as kl_montmul_adx's rows */
    t0 = t[0]; t1 = t[1]; t2 = t[2]; t3 = t[3]; t4 = t[4]; t5 = t[5]; t6 = t[6]; t7 = t[7];
    if (n == 4) {
        t4 = 0; t5 = 0;
        KLX_HALF4(t0 * m0inv, m, t0, t1, t2, t3, t4, t5);
        KLX_HALF4(t1 * m0inv, m, t1, t2, t3, t4, t5, t0);
        KLX_HALF4(t2 * m0inv, m, t2, t3, t4, t5, t0, t1);
        KLX_HALF4(t3 * m0inv, m, t3, t4, t5, t0, t1, t2);
        KLF_ADD(4, r, m, t + 4, t2, t4, t5, t0, t1);
    } else if (n == 6) {
        t6 = 0; t7 = 0;
        KLX_HALF6(t0 * m0inv, m, t0, t1, t2, t3, t4, t5, t6, t7);
        KLX_HALF6(t1 * m0inv, m, t1, t2, t3, t4, t5, t6, t7, t0);
        KLX_HALF6(t2 * m0inv, m, t2, t3, t4, t5, t6, t7, t0, t1);
        KLX_HALF6(t3 * m0inv, m, t3, t4, t5, t6, t7, t0, t1, t2);
        KLX_HALF6(t4 * m0inv, m, t4, t5, t6, t7, t0, t1, t2, t3);
        KLX_HALF6(t5 * m0inv, m, t5, t6, t7, t0, t1, t2, t3, t4);
        KLF_ADD(6, r, m, t + 6, t4, t6, t7, t0, t1, t2, t3);
    }
}

#endif
#endif
