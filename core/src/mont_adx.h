/*
 * kurv internal: x86-64 Montgomery multiplication with MULX, ADCX and ADOX (BMI2 + ADX),
 * part 1 of 4: the run-time choice (kl_mont_adx_on), the product kl_montmul_adx for 4, 6
 * and 8 limbs, and the final subtraction (KLF_SUB, KLF_ADD) that every routine of the
 * family ends with. The rest, each including this file:
 *   mont_adx_sqr.h   the squaring kl_montsqr_adx (and a^2 in 2n limbs, kl_sqr_wide_adx);
 *   mont_adx_any.h   the product and squaring for a modulus read at run time (rt_tmpl.h);
 *   modaddsub_x86.h  modular add and subtract with ADC/SBB/CMOV, taken with this path.
 *
 * Preconditions of the product (and of the squaring): n = 4, 6 or 8 limbs (a
 * compile-time constant), any odd modulus m < 2^(64n) whose top limb is below 2^64 - 1
 * (the product's bound; the Brainpool primes'), with m0inv pointing to -m^-1 mod 2^128
 * as two limbs, low limb first (the low limb -m^-1 mod 2^64 is the digit of every q
 * pass; the 8-limb squaring's reduction also reads the high limb, KLR_RED8 in
 * mont_adx_sqr.h); a, b < m. The generic Montgomery field (fe_mont_tmpl.h) calls them
 * when the CPU has both extensions and falls back to kl_montmul (limb.h, portable C)
 * otherwise.
 * Defines KL_MONT_ADX when compiled in: x86-64, GCC or Clang, optimising (at -O0 the
 * compilers give every memory operand its own address register, more than are free),
 * not -Dasm=false (KURV_NO_ASM); without it this file and the other three define
 * nothing.
 *
 * Method of the product (the squaring has its own, at kl_montsqr_adx): operand
 * scanning with the reduction interleaved (CIOS), the whole product one inline-assembly
 * statement (KLM_PROD). The accumulator t < 2m is a window of n limbs plus a top limb
 * (0 or 1) in n + 1 registers; each row is t += a_i b and then t = (t + q m) / 2^64 with
 * q = t_0 m0inv, each one pass of MULX products whose low halves go into the ADCX
 * carry chain (CF) and whose high halves go into the ADOX chain (OF), two chains
 * that run side by side. The row's low limb, zero after the reduction, becomes the
 * next row's new top limb, so the window turns by renaming the registers and never
 * moves a limb. A final subtraction of m leaves r < m. Branch-free; the path choice
 * (kl_mont_adx_on) depends only on the CPU.
 *
 * Register budget: the product's statement takes the window (n + 1 limbs), the
 * multiplier in rdx, two product registers and the base registers of a and b: 14 for
 * n = 8, the 14 left free with frame pointers (see mul4_asm.h); a built-in curve's
 * modulus is a static constant, addressed without a register, and so must m0inv be:
 * the functions take it by a pointer to a static constant (with ASan, a local's
 * address takes a register).
 *
 * Run-time choice: kl_mont_adx_on, one copy per translation unit that includes this
 * header, set before main by a constructor from CPUID (leaf 7: BMI2 is EBX bit 8, ADX
 * bit 19) and 0 until then (the portable path). The environment variable
 * KURV_X86_ADX overrides it: "0" keeps the portable path (for tests and for comparing
 * the paths), "1" takes the ADX path whatever CPUID says (valgrind's synthetic CPUID
 * hides ADX although valgrind runs the instructions: the constant-time test sets it;
 * on a CPU without ADX the process then stops with SIGILL). Tests may also set
 * kl_mont_adx_on directly in their own translation unit.
 */
#ifndef KURV_MONT_ADX_H
#define KURV_MONT_ADX_H

#include <stdint.h>
#include <stdlib.h>
#include "limb.h"

#if defined(__x86_64__) && defined(__GNUC__) && defined(__OPTIMIZE__) && !defined(KURV_NO_ASM)
#define KL_MONT_ADX 1
#include <cpuid.h>

static int kl_mont_adx_on;

__attribute__((constructor)) static void kl_mont_adx_init(void)
{
    unsigned int a, b, c, d;
    const char *env = getenv("KURV_X86_ADX");
    int on = 0;
    if (__get_cpuid_count(7, 0, &a, &b, &c, &d))
        on = ((b >> 8) & 1) && ((b >> 19) & 1);
    if (env && env[0] == '0' && env[1] == 0)
        on = 0;
    else if (env && env[0] == '1' && env[1] == 0)
        on = 1;
    kl_mont_adx_on = on;
}

/* one product of a pass: lo into limb L by the CF chain and hi into limb H by the OF
 * chain, the multiplicand's limb at a byte offset from %[Y] (the product's rows here,
 * the 8-limb rows of mont_adx_any.h) */
#define KLX_PP(off, l, h) "mulxq " #off "(%[Y]), %[LO], %[HI]\n\t" \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"

/*
 * The final subtraction, r = w - m if the top limb is set or w >= m, else w, for
 * w = (top:w_{n-1}:...:w0) < 2m in registers: one statement that stores w to r,
 * subtracts m from the registers (SUB/SBB, then SBB of the borrow from the top limb:
 * CF set when w < m), and takes each limb back from r by CMOVC before storing it.
 * Branch-free; n + 3 registers. KLF_ADD first adds an n-limb h from memory
 * (w + h < 2m then; n + 4 registers): the squaring's high half.
 */
/* the n-limb runs, L(x, offset, limb) over the limbs: L(first op, op) for a carry
 * chain (add, adc), L(cc, cc) for CMOV (kl_modaddsub_x86, modaddsub_x86.h) */
#define KLA_RUN4(L, x0, x) L(x0, 0, 0) L(x, 8, 1) L(x, 16, 2) L(x, 24, 3)
#define KLA_RUN6(L, x0, x) KLA_RUN4(L, x0, x) L(x, 32, 4) L(x, 40, 5)
#define KLA_RUN8(L, x0, x) KLA_RUN6(L, x0, x) L(x, 48, 6) L(x, 56, 7)
#define KLF_ST(u, off, i) "movq %[W" #i "], " #off "(%[R])\n\t"
#define KLF_OP(op, off, i) #op "q " #off "(%[M]), %[W" #i "]\n\t"
#define KLF_AD(op, off, i) #op "q " #off "(%[H]), %[W" #i "]\n\t"
#define KLF_CM(u, off, i) "cmovcq " #off "(%[R]), %[W" #i "]\n\t" \
    "movq %[W" #i "], " #off "(%[R])\n\t"
#define KLF_BODY(RUN) RUN(KLF_ST, , ) RUN(KLF_OP, sub, sbb) "sbbq $0, %[TOP]\n\t" \
    RUN(KLF_CM, , )
#define KLF_W4(w0, w1, w2, w3) [W0] "+&r"(w0), [W1] "+&r"(w1), [W2] "+&r"(w2), [W3] "+&r"(w3)
#define KLF_W6(w0, w1, w2, w3, w4, w5) KLF_W4(w0, w1, w2, w3), [W4] "+&r"(w4), [W5] "+&r"(w5)
#define KLF_W8(w0, w1, w2, w3, w4, w5, w6, w7) KLF_W6(w0, w1, w2, w3, w4, w5),          \
    [W6] "+&r"(w6), [W7] "+&r"(w7)
#define KLF_IO(n, r, m, top) [TOP] "+&r"(top), "=m"(*(uint64_t (*)[n])(r))              \
    : [R] "r"(r), [M] "r"(m), "m"(*(const uint64_t (*)[n])(m))
#define KLF_SUB(n, r, m, top, ...)                                                      \
    __asm__(KLF_BODY(KLA_RUN##n) : KLF_W##n(__VA_ARGS__), KLF_IO(n, r, m, top) : "cc")
#define KLF_ADD(n, r, m, h, top, ...)                                                   \
    __asm__(KLA_RUN##n(KLF_AD, add, adc) "adcq $0, %[TOP]\n\t" KLF_BODY(KLA_RUN##n)     \
            : KLF_W##n(__VA_ARGS__), KLF_IO(n, r, m, top), [H] "r"(h),                  \
              "m"(*(const uint64_t (*)[n])(h))                                          \
            : "cc")

/*
 * The product in one statement (KLM_*): the window is n + 1 registers T0 .. Tn (n
 * limbs and the top limb, 0 or 1), turned by renaming from row to row (row i's limb k
 * is T((i + k) mod (n + 1))). Row 0 is t = a_0 b by one carry chain (t = 0 before it);
 * each later row adds a_i b by the two chains (KLM_AP), which fits in n + 1 limbs since
 * t + a_i b < 2m + (2^64 - 1) m <= 2^(64(n+1)) for m's top limb below 2^64 - 1 (so its
 * only carry out of the chains is CF into limb n). Every row then adds q m, q = t_0
 * m0inv mod 2^64 (MULX of m0inv by t_0 into rdx: no flags touched), by the two chains
 * (KLM_QP): t_0 becomes 0 and takes the carries out of limb n, as the new top limb of
 * (t + q m) / 2^64 < 2m. Each pass ends with both flags clear, and each still starts
 * with an XOR that clears them: ADCX and ADOX read the flags, so without it a pass's
 * chains would wait for the previous pass's to end and every pass of the product
 * would run one after the other (2n passes of about n + 2 cycles each); with it a
 * pass waits only for the limbs it adds into, and the passes overlap, as far as
 * the multiplier lets them (brainpoolP512r1's ECDH 340 -> 285 us, keygen 102 -> 83,
 * kurv-bench). Per row: 6n + 10 instructions (row 0: 5n + 8).
 */
/* one product of a pass: lo into limb L by the CF chain, hi into limb H by the OF chain
 * (the multiplicand's limb at a byte offset from %[Y]; m's limb j as operand M<j>) */
#define KLM_PB(off, l, h) KLX_PP(off, "T" #l, "T" #h)
#define KLM_PM(j, l, h) "mulxq %[M" #j "], %[LO], %[HI]\n\t" \
    "adcxq %[LO], %[T" #l "]\n\tadoxq %[HI], %[T" #h "]\n\t"
/* row 0's products: lo into limb L, hi straight into the fresh limb H, one CF chain */
#define KLM_PF(off, l, h) "mulxq " #off "(%[Y]), %[LO], %[T" #h "]\n\t" \
    "adcxq %[LO], %[T" #l "]\n\t"
/* the a_i pass's start (XOR: the flags' dependency on the previous pass cut; rdx = a_i)
 * and end (the CF carry into limb n; OF is 0) */
#define KLM_A(off) "xorl %k[LO], %k[LO]\n\tmovq " #off "(%[X]), %%rdx\n\t"
#define KLM_AEND(e) "movl $0, %k[LO]\n\tadcxq %[LO], %[T" #e "]\n\t"
/* the q pass's start, XOR (as the a_i pass's) and rdx = q = t_0 m0inv, and end: CF
 * into limb n, then OF and the carry out of limb n into limb 0, the new top limb.
 * Limb 0 is zero after the pass's first product (t_0 + (q m_0 mod 2^64) = 0 mod 2^64
 * with no carry in), so it serves as the zero addend: ADCX of it takes CF into limb n, ADOX of it into itself sets it to
 * OF, and ADC $0 (CF as ADCX's) adds the carry out of limb n. The new top limb is 0 or
 * 1 (the window < 2m < 2^(64n + 1)), so the ADC leaves CF and OF clear. */
#define KLM_Q(a) "xorl %k[LO], %k[LO]\n\tmovq %[MI], %%rdx\n\tmulxq %[T" #a "], %%rdx, %[HI]\n\t"
#define KLM_QEND(e, a) "adcxq %[T" #a "], %[T" #e "]\n\t" \
    "adoxq %[T" #a "], %[T" #a "]\n\tadcq $0, %[T" #a "]\n\t"
/* row 0's a_0 pass: xor (HI = 0, both flags clear), then t = a_0 b */
#define KLM_F0 "xorl %k[HI], %k[HI]\n\t" KLM_A(0) "mulxq 0(%[Y]), %[T0], %[T1]\n\t"
#define KLM_FIRST4 KLM_F0 KLM_PF(8, 1, 2) KLM_PF(16, 2, 3) KLM_PF(24, 3, 4) \
    "adcxq %[HI], %[T4]\n\t"
#define KLM_FIRST6 KLM_F0 KLM_PF(8, 1, 2) KLM_PF(16, 2, 3) KLM_PF(24, 3, 4) \
    KLM_PF(32, 4, 5) KLM_PF(40, 5, 6) "adcxq %[HI], %[T6]\n\t"
#define KLM_FIRST8 KLM_F0 KLM_PF(8, 1, 2) KLM_PF(16, 2, 3) KLM_PF(24, 3, 4) \
    KLM_PF(32, 4, 5) KLM_PF(40, 5, 6) KLM_PF(48, 6, 7) KLM_PF(56, 7, 8) \
    "adcxq %[HI], %[T8]\n\t"
/* the passes over a window: limb k is T<argument k> */
#define KLM_AP4(off, a, b, c, d, e) KLM_A(off) KLM_PB(0, a, b) KLM_PB(8, b, c) \
    KLM_PB(16, c, d) KLM_PB(24, d, e) KLM_AEND(e)
#define KLM_QP4(a, b, c, d, e) KLM_Q(a) KLM_PM(0, a, b) KLM_PM(1, b, c) KLM_PM(2, c, d) \
    KLM_PM(3, d, e) KLM_QEND(e, a)
#define KLM_AP6(off, a, b, c, d, e, f, g) KLM_A(off) KLM_PB(0, a, b) KLM_PB(8, b, c) \
    KLM_PB(16, c, d) KLM_PB(24, d, e) KLM_PB(32, e, f) KLM_PB(40, f, g) KLM_AEND(g)
#define KLM_QP6(a, b, c, d, e, f, g) KLM_Q(a) KLM_PM(0, a, b) KLM_PM(1, b, c) \
    KLM_PM(2, c, d) KLM_PM(3, d, e) KLM_PM(4, e, f) KLM_PM(5, f, g) KLM_QEND(g, a)
#define KLM_AP8(off, a, b, c, d, e, f, g, h, i) KLM_A(off) KLM_PB(0, a, b) \
    KLM_PB(8, b, c) KLM_PB(16, c, d) KLM_PB(24, d, e) KLM_PB(32, e, f) KLM_PB(40, f, g) \
    KLM_PB(48, g, h) KLM_PB(56, h, i) KLM_AEND(i)
/* n = 8's q pass after the head Q (the digit into rdx: KLM_Q, or the squaring's pairs,
 * KLR_RED8 in mont_adx_sqr.h) */
#define KLM_QPH8(Q, a, b, c, d, e, f, g, h, i) Q KLM_PM(0, a, b) KLM_PM(1, b, c)         \
    KLM_PM(2, c, d) KLM_PM(3, d, e) KLM_PM(4, e, f) KLM_PM(5, f, g) KLM_PM(6, g, h)     \
    KLM_PM(7, h, i) KLM_QEND(i, a)
#define KLM_QP8(a, b, c, d, e, f, g, h, i) KLM_QPH8(KLM_Q(a), a, b, c, d, e, f, g, h, i)
/* the rows of a product; the q passes alone are the squaring's reduction (KLM_RED) */
#define KLM_MUL4 KLM_FIRST4 KLM_QP4(0, 1, 2, 3, 4)                                      \
    KLM_AP4(8, 1, 2, 3, 4, 0) KLM_QP4(1, 2, 3, 4, 0)                                    \
    KLM_AP4(16, 2, 3, 4, 0, 1) KLM_QP4(2, 3, 4, 0, 1)                                   \
    KLM_AP4(24, 3, 4, 0, 1, 2) KLM_QP4(3, 4, 0, 1, 2)
#define KLM_RED4 KLM_QP4(0, 1, 2, 3, 4) KLM_QP4(1, 2, 3, 4, 0) KLM_QP4(2, 3, 4, 0, 1)     \
    KLM_QP4(3, 4, 0, 1, 2)
#define KLM_MUL6 KLM_FIRST6 KLM_QP6(0, 1, 2, 3, 4, 5, 6)                                \
    KLM_AP6(8, 1, 2, 3, 4, 5, 6, 0) KLM_QP6(1, 2, 3, 4, 5, 6, 0)                        \
    KLM_AP6(16, 2, 3, 4, 5, 6, 0, 1) KLM_QP6(2, 3, 4, 5, 6, 0, 1)                       \
    KLM_AP6(24, 3, 4, 5, 6, 0, 1, 2) KLM_QP6(3, 4, 5, 6, 0, 1, 2)                       \
    KLM_AP6(32, 4, 5, 6, 0, 1, 2, 3) KLM_QP6(4, 5, 6, 0, 1, 2, 3)                       \
    KLM_AP6(40, 5, 6, 0, 1, 2, 3, 4) KLM_QP6(5, 6, 0, 1, 2, 3, 4)
#define KLM_RED6 KLM_QP6(0, 1, 2, 3, 4, 5, 6) KLM_QP6(1, 2, 3, 4, 5, 6, 0)               \
    KLM_QP6(2, 3, 4, 5, 6, 0, 1) KLM_QP6(3, 4, 5, 6, 0, 1, 2)                           \
    KLM_QP6(4, 5, 6, 0, 1, 2, 3) KLM_QP6(5, 6, 0, 1, 2, 3, 4)
#define KLM_MUL8 KLM_FIRST8 KLM_QP8(0, 1, 2, 3, 4, 5, 6, 7, 8)                          \
    KLM_AP8(8, 1, 2, 3, 4, 5, 6, 7, 8, 0) KLM_QP8(1, 2, 3, 4, 5, 6, 7, 8, 0)            \
    KLM_AP8(16, 2, 3, 4, 5, 6, 7, 8, 0, 1) KLM_QP8(2, 3, 4, 5, 6, 7, 8, 0, 1)           \
    KLM_AP8(24, 3, 4, 5, 6, 7, 8, 0, 1, 2) KLM_QP8(3, 4, 5, 6, 7, 8, 0, 1, 2)           \
    KLM_AP8(32, 4, 5, 6, 7, 8, 0, 1, 2, 3) KLM_QP8(4, 5, 6, 7, 8, 0, 1, 2, 3)           \
    KLM_AP8(40, 5, 6, 7, 8, 0, 1, 2, 3, 4) KLM_QP8(5, 6, 7, 8, 0, 1, 2, 3, 4)           \
    KLM_AP8(48, 6, 7, 8, 0, 1, 2, 3, 4, 5) KLM_QP8(6, 7, 8, 0, 1, 2, 3, 4, 5)           \
    KLM_AP8(56, 7, 8, 0, 1, 2, 3, 4, 5, 6) KLM_QP8(7, 8, 0, 1, 2, 3, 4, 5, 6)
#define KLM_RED8 KLM_QP8(0, 1, 2, 3, 4, 5, 6, 7, 8) KLM_QP8(1, 2, 3, 4, 5, 6, 7, 8, 0)   \
    KLM_QP8(2, 3, 4, 5, 6, 7, 8, 0, 1) KLM_QP8(3, 4, 5, 6, 7, 8, 0, 1, 2)               \
    KLM_QP8(4, 5, 6, 7, 8, 0, 1, 2, 3) KLM_QP8(5, 6, 7, 8, 0, 1, 2, 3, 4)               \
    KLM_QP8(6, 7, 8, 0, 1, 2, 3, 4, 5) KLM_QP8(7, 8, 0, 1, 2, 3, 4, 5, 6)
/* the operands: m's limbs and m0inv from memory (a built-in curve's m is a static
 * constant: no register), rdx and the flags clobbered */
#define KLM_M4(m) [M0] "m"((m)[0]), [M1] "m"((m)[1]), [M2] "m"((m)[2]), [M3] "m"((m)[3])
#define KLM_M6(m) KLM_M4(m), [M4] "m"((m)[4]), [M5] "m"((m)[5])
#define KLM_M8(m) KLM_M6(m), [M6] "m"((m)[6]), [M7] "m"((m)[7])
#define KLM_T4 [T0] "=&r"(t0), [T1] "=&r"(t1), [T2] "=&r"(t2), [T3] "=&r"(t3), \
    [T4] "=&r"(t4)
#define KLM_T6 KLM_T4, [T5] "=&r"(t5), [T6] "=&r"(t6)
#define KLM_T8 KLM_T6, [T7] "=&r"(t7), [T8] "=&r"(t8)
#define KLM_PROD(n, r, a, b, m, m0i)                                                   \
    __asm__(KLM_MUL##n                                                                 \
            : KLM_T##n, [LO] "=&r"(lo_), [HI] "=&r"(hi_)                               \
            : [X] "r"(a), [Y] "r"(b), [MI] "m"(*(m0i)), KLM_M##n(m),                   \
              "m"(*(const uint64_t (*)[n])(a)), "m"(*(const uint64_t (*)[n])(b))       \
            : "rdx", "cc")
/* the squaring's reduction: (T_n .. T0) = (L + Q m) / 2^(64n) for the low half L in
 * T0 .. T_{n-1} ("+" operands KLM_U) and T_n an output: XOR makes it 0 and clears both
 * flags, then the n q passes; the top limb ends in T_{n-1}, the limbs in T_n, T0 .. */
#define KLM_U(i, u) [T##i] "+&r"(u)
#define KLM_REDUCE(n, m, m0i, ...)                                                     \
    __asm__("xorl %k[T" #n "], %k[T" #n "]\n\t" KLM_RED##n                              \
            : __VA_ARGS__, [LO] "=&r"(lo_), [HI] "=&r"(hi_)                            \
            : [MI] "m"(*(m0i)), KLM_M##n(m)                                            \
            : "rdx", "cc")

/*
 * r = a b / 2^(64n) mod m for n = 4, 6 or 8 (a compile-time constant), a, b < m, m odd
 * with its top limb below 2^64 - 1 (see KLM above; the Brainpool primes' are); the same
 * result as kl_montmul; m0inv points to -m^-1 mod 2^128, two limbs (this reads the low
 * one, -m^-1 mod 2^64; a static constant, as m: see
 * the register budget above). Needs BMI2 and ADX (kl_mont_adx_on). r may alias a or b.
 * Registers: n + 6 (the window, LO, HI, rdx, the pointers a and b): 14 for n = 8.
 */
static inline __attribute__((always_inline)) void
kl_montmul_adx(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b,
               const uint64_t *m, const uint64_t *m0inv)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, t8, lo_, hi_;
    if (n == 4) {
        KLM_PROD(4, r, a, b, m, m0inv);
        KLF_SUB(4, r, m, t3, t4, t0, t1, t2);
    } else if (n == 6) {
        KLM_PROD(6, r, a, b, m, m0inv);
        KLF_SUB(6, r, m, t5, t6, t0, t1, t2, t3, t4);
    } else {
        KLM_PROD(8, r, a, b, m, m0inv);
        KLF_SUB(8, r, m, t7, t8, t0, t1, t2, t3, t4, t5, t6);
    }
}

#endif
#endif
