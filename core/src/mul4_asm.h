/*
 * kurv internal: 4 x 64-bit schoolbook products for x86-64 fields (secp256k1, P-256).
 * The 64 x 64 -> 128-bit products are written in C, so the compiler schedules the
 * multiplications; the carry chains are short inline-assembly runs of add/adc, which
 * GCC otherwise breaks up by saving and restoring the carry flag between products
 * (secp256k1 squaring: 214 instructions in C, 151 with these). Branch-free.
 * Defines KL4_ASM when in use: x86-64, GCC or Clang, and not -Dasm=false (KURV_NO_ASM).
 */
#ifndef KURV_MUL4_ASM_H
#define KURV_MUL4_ASM_H

#include <stdint.h>
#include "limb.h"

#if defined(__x86_64__) && defined(__GNUC__) && !defined(KURV_NO_ASM)
#define KL4_ASM 1
#define KL4_INLINE static inline __attribute__((always_inline))

/*
 * Register budget: no asm statement here takes more than 13 operands that may need a
 * register (outputs, and "rm" inputs, which need one when the compiler knows the value),
 * one below the 14 registers left free with frame pointers; GCC stops with "'asm'
 * operand has impossible constraints" when a statement needs more than are free. The
 * inputs are products of the operands, which the compiler may keep in memory: they
 * need registers only when both factors are compile-time constants.
 */

/* (t4:t3:t2:t1:t0) += (l3:l2:l1:l0) + (h3:h2:h1:h0) * 2^64 */
#define KL4_ADC_ROW(t0, t1, t2, t3, t4, l0, l1, l2, l3, h0, h1, h2, h3)                \
    __asm__("addq %[L0], %[T0]\n\tadcq %[L1], %[T1]\n\tadcq %[L2], %[T2]\n\t"          \
            "adcq %[L3], %[T3]\n\tadcq $0, %[T4]\n\t"                                  \
            "addq %[H0], %[T1]\n\tadcq %[H1], %[T2]\n\tadcq %[H2], %[T3]\n\t"          \
            "adcq %[H3], %[T4]"                                                        \
            : [T0] "+&r"(t0), [T1] "+&r"(t1), [T2] "+&r"(t2), [T3] "+&r"(t3),         \
              [T4] "+&r"(t4)                                                           \
            : [L0] "rm"(l0), [L1] "rm"(l1), [L2] "rm"(l2), [L3] "rm"(l3),             \
              [H0] "rm"(h0), [H1] "rm"(h1), [H2] "rm"(h2), [H3] "rm"(h3)              \
            : "cc")

/* t = x * y, eight limbs */
KL4_INLINE void kl4_mul_wide(uint64_t t[8], const uint64_t x[4], const uint64_t y[4])
{
    uint64_t lo[4][4], hi[4][4], t0, t1, t2, t3, t4, t5 = 0, t6 = 0, t7 = 0;
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 4; j++) {
            kurv_u128 p = kw_mul(x[i], y[j]);
            lo[i][j] = kw_lo(p);
            hi[i][j] = kw_hi(p);
        }
    t0 = lo[0][0]; t1 = hi[0][0]; t2 = hi[0][1]; t3 = hi[0][2]; t4 = hi[0][3];
    __asm__("addq %[L1], %[T1]\n\tadcq %[L2], %[T2]\n\tadcq %[L3], %[T3]\n\tadcq $0, %[T4]"
            : [T1] "+&r"(t1), [T2] "+&r"(t2), [T3] "+&r"(t3), [T4] "+&r"(t4)
            : [L1] "rm"(lo[0][1]), [L2] "rm"(lo[0][2]), [L3] "rm"(lo[0][3]) : "cc");
    KL4_ADC_ROW(t1, t2, t3, t4, t5, lo[1][0], lo[1][1], lo[1][2], lo[1][3],
               hi[1][0], hi[1][1], hi[1][2], hi[1][3]);
    KL4_ADC_ROW(t2, t3, t4, t5, t6, lo[2][0], lo[2][1], lo[2][2], lo[2][3],
               hi[2][0], hi[2][1], hi[2][2], hi[2][3]);
    KL4_ADC_ROW(t3, t4, t5, t6, t7, lo[3][0], lo[3][1], lo[3][2], lo[3][3],
               hi[3][0], hi[3][1], hi[3][2], hi[3][3]);
    t[0] = t0; t[1] = t1; t[2] = t2; t[3] = t3; t[4] = t4; t[5] = t5; t[6] = t6; t[7] = t7;
}

/* t = x^2, eight limbs */
KL4_INLINE void kl4_sqr_wide(uint64_t t[8], const uint64_t x[4])
{
    uint64_t l01, h01, l02, h02, l03, h03, l12, h12, l13, h13, l23, h23, sl[4], sh[4];
    uint64_t t1, t2, t3, t4, t5, t6, t7;
    kurv_u128 p;
    int i;
    p = kw_mul(x[0], x[1]); l01 = kw_lo(p); h01 = kw_hi(p);
    p = kw_mul(x[0], x[2]); l02 = kw_lo(p); h02 = kw_hi(p);
    p = kw_mul(x[0], x[3]); l03 = kw_lo(p); h03 = kw_hi(p);
    p = kw_mul(x[1], x[2]); l12 = kw_lo(p); h12 = kw_hi(p);
    p = kw_mul(x[1], x[3]); l13 = kw_lo(p); h13 = kw_hi(p);
    p = kw_mul(x[2], x[3]); l23 = kw_lo(p); h23 = kw_hi(p);
    for (i = 0; i < 4; i++) {
        p = kw_mul(x[i], x[i]);
        sl[i] = kw_lo(p);
        sh[i] = kw_hi(p);
    }
    /* sh[3] starts in t7, which the doubling only carries into: one operand less below */
    t1 = l01; t2 = h01; t3 = h02; t4 = h03; t5 = h13; t6 = h23; t7 = sh[3];
    /* the cross products' columns 1..6, then doubled, then the squares added */
    __asm__("addq %[L02], %[T2]\n\tadcq %[L03], %[T3]\n\tadcq %[L13], %[T4]\n\t"
            "adcq %[L23], %[T5]\n\tadcq $0, %[T6]\n\t"
            "addq %[L12], %[T3]\n\tadcq %[H12], %[T4]\n\tadcq $0, %[T5]\n\tadcq $0, %[T6]\n\t"
            "addq %[T1], %[T1]\n\tadcq %[T2], %[T2]\n\tadcq %[T3], %[T3]\n\tadcq %[T4], %[T4]\n\t"
            "adcq %[T5], %[T5]\n\tadcq %[T6], %[T6]\n\tadcq $0, %[T7]"
            : [T1] "+&r"(t1), [T2] "+&r"(t2), [T3] "+&r"(t3), [T4] "+&r"(t4), [T5] "+&r"(t5),
              [T6] "+&r"(t6), [T7] "+&r"(t7)
            : [L02] "rm"(l02), [L03] "rm"(l03), [L13] "rm"(l13), [L23] "rm"(l23),
              [L12] "rm"(l12), [H12] "rm"(h12)
            : "cc");
    __asm__("addq %[S0H], %[T1]\n\tadcq %[S1L], %[T2]\n\tadcq %[S1H], %[T3]\n\t"
            "adcq %[S2L], %[T4]\n\tadcq %[S2H], %[T5]\n\tadcq %[S3L], %[T6]\n\tadcq $0, %[T7]"
            : [T1] "+&r"(t1), [T2] "+&r"(t2), [T3] "+&r"(t3), [T4] "+&r"(t4), [T5] "+&r"(t5),
              [T6] "+&r"(t6), [T7] "+&r"(t7)
            : [S0H] "rm"(sh[0]), [S1L] "rm"(sl[1]), [S1H] "rm"(sh[1]), [S2L] "rm"(sl[2]),
              [S2H] "rm"(sh[2]), [S3L] "rm"(sl[3])
            : "cc");
    t[0] = sl[0]; t[1] = t1; t[2] = t2; t[3] = t3; t[4] = t4; t[5] = t5; t[6] = t6; t[7] = t7;
}

#endif
#endif
