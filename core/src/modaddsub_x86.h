/*
 * kurv internal: x86-64 modular add and subtract for the fields whose product is the
 * MULX/ADX Montgomery product (part 4 of the mont_adx family, mont_adx.h): kl_modaddsub_x86
 * (m a static constant) and kl_modaddsub_x86_any (m by a pointer, the run-time curves).
 * Preconditions: n = 4, 6 or 8 limbs, a compile-time constant; a, b < m. Plain x86-64
 * (no BMI2 or ADX needed), taken together with the ADX product (kl_mont_adx_on) so that
 * KURV_X86_ADX=0 keeps the portable kl_modadd and kl_modsub (limb.h) and the tests reach
 * both. Branch-free and constant time. Compiled in with KL_MONT_ADX only (the limb runs
 * KLA_RUN and m's operands KLM_M come from mont_adx.h).
 */
#ifndef KURV_MODADDSUB_X86_H
#define KURV_MODADDSUB_X86_H

#include <stddef.h>
#include <stdint.h>
#include "mont_adx.h"

#ifdef KL_MONT_ADX

/*
 * Modular add and subtract, r = a + b mod m and r = a - b mod m, for n = 4, 6 or 8
 * limbs (a compile-time constant), a, b < m; r may alias a or b. Plain x86-64 (ADD/ADC,
 * SUB/SBB, CMOV: no BMI2 or ADX needed); fe_mont_tmpl.h takes them together with the
 * ADX product (kl_mont_adx_on), so KURV_X86_ADX=0 keeps the portable kl_modadd and
 * kl_modsub and the tests reach both. One statement each, the final subtraction's
 * pattern (KLF_SUB, mont_adx.h): s = a + b (or a - b) in n registers, the carry (borrow) as a
 * mask, s stored to r, the other candidate s - m (or s + m) formed in the registers
 * with m's limbs as memory operands (a built-in curve's m is a static constant: no
 * register), and each limb of s taken back from r by CMOV when s is the answer
 * (a + b < m; a - b did not borrow) before the limb is stored. 6n + 2 instructions.
 * Registers: n + 4 (s, the mask, the pointers r, a, b; one more for a run-time m,
 * kl_modaddsub_x86_any, whose m is a pointer register): 12 for n = 8. Branch-free.
 */
/* one limb of: s = a; s +- b; s to r; s -+ m; the CMOV of the stored s over it */
#define KLA_LD(u, off, i) "movq " #off "(%[A]), %[S" #i "]\n\t"
#define KLA_B(op, off, i) #op "q " #off "(%[B]), %[S" #i "]\n\t"
#define KLA_ST(u, off, i) "movq %[S" #i "], " #off "(%[R])\n\t"
#define KLA_M(op, off, i) #op "q %[M" #i "], %[S" #i "]\n\t"
/* the same with m through the pointer register P (a run-time m, kl_modaddsub_x86_any) */
#define KLA_MP(op, off, i) #op "q " #off "(%[P]), %[S" #i "]\n\t"
#define KLA_C(cc, off, i) "cmov" #cc "q " #off "(%[R]), %[S" #i "]\n\t" \
    "movq %[S" #i "], " #off "(%[R])\n\t"
/* add: K = -carry; after s - m, SBB $0 leaves CF = borrow and no carry: keep s */
#define KLA_ADD(RUN, M) RUN(KLA_LD, , ) RUN(KLA_B, add, adc) "sbbq %[K], %[K]\n\t"       \
    RUN(KLA_ST, , ) RUN(M, sub, sbb) "sbbq $0, %[K]\n\t" RUN(KLA_C, c, c)
/* sub: K = -borrow; ZF after TEST: no borrow, keep s */
#define KLA_SUB(RUN, M) RUN(KLA_LD, , ) RUN(KLA_B, sub, sbb) "sbbq %[K], %[K]\n\t"       \
    RUN(KLA_ST, , ) RUN(M, add, adc) "testq %[K], %[K]\n\t" RUN(KLA_C, z, z)

/* a, b read and r written: by "memory" (their "m" operands would take three more
 * registers with ASan, more than are free for a run-time m), so the statement is
 * volatile (its register outputs are unused) */
#define KLA_OPS(n, r, a, b, m) [K] "=&r"(k_)                                            \
    : [R] "r"(r), [A] "r"(a), [B] "r"(b), KLM_M##n(m)                                   \
    : "cc", "memory"
/* a run-time m by its pointer: m's limbs as "m" operands of a pointer loaded from a
 * context do not compile with ASan at n = 6 and 8 ("impossible constraints") */
#define KLA_OPS_ANY(n, r, a, b, m) [K] "=&r"(k_)                                        \
    : [R] "r"(r), [A] "r"(a), [B] "r"(b), [P] "r"(m)                                    \
    : "cc", "memory"

#define KLA_S4 [S0] "=&r"(s0), [S1] "=&r"(s1), [S2] "=&r"(s2), [S3] "=&r"(s3)
#define KLA_S6 KLA_S4, [S4] "=&r"(s4), [S5] "=&r"(s5)
#define KLA_S8 KLA_S6, [S6] "=&r"(s6), [S7] "=&r"(s7)

/* one statement: n and sub compile-time constants; M the m-limb form (KLA_M, KLA_MP),
 * OPS the operand list (KLA_OPS, KLA_OPS_ANY) */
#define KLA_STMT(n, sub, M, OPS, r, a, b, m)                                             \
    do {                                                                                 \
        if (sub)                                                                         \
            __asm__ volatile(KLA_SUB(KLA_RUN##n, M) : KLA_S##n, OPS(n, r, a, b, m));      \
        else                                                                             \
            __asm__ volatile(KLA_ADD(KLA_RUN##n, M) : KLA_S##n, OPS(n, r, a, b, m));      \
    } while (0)

/* the function body for n = 4, 6 or 8 limbs (s4 .. s7 unused below 8) */
#define KLA_BODY(M, OPS)                                                                 \
    uint64_t s0, s1, s2, s3, s4, s5, s6, s7, k_;                                         \
    if (n == 4)                                                                          \
        KLA_STMT(4, sub, M, OPS, r, a, b, m);                                            \
    else if (n == 6)                                                                     \
        KLA_STMT(6, sub, M, OPS, r, a, b, m);                                            \
    else                                                                                 \
        KLA_STMT(8, sub, M, OPS, r, a, b, m);                                            \
    (void)s4, (void)s5, (void)s6, (void)s7

/* m a static constant (a built-in curve) */
static inline __attribute__((always_inline)) void
kl_modaddsub_x86(size_t n, int sub, uint64_t *r, const uint64_t *a, const uint64_t *b,
                 const uint64_t *m)
{
    KLA_BODY(KLA_M, KLA_OPS);
}

/* any m (a run-time curve, rt_tmpl.h): the same with m in a register; 13 registers
 * for n = 8 */
static inline void
kl_modaddsub_x86_any(size_t n, int sub, uint64_t *r, const uint64_t *a, const uint64_t *b,
                     const uint64_t *m)
{
    KLA_BODY(KLA_MP, KLA_OPS_ANY);
}

#endif
#endif
