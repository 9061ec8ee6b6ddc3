/*
 * kurv internal: x86-64 Montgomery multiplication (kl_montmul_adx) and squaring
 * (kl_montsqr_adx) with MULX, ADCX and ADOX (BMI2 + ADX) for 4, 6 and 8 limbs and any
 * odd modulus m < 2^(64n) whose top limb is below 2^64 - 1 (the product's bound; the
 * Brainpool primes'), with m0inv pointing to -m^-1 mod 2^128 as two limbs, low limb
 * first (the low limb -m^-1 mod 2^64 is the digit of every q pass; the 8-limb
 * squaring's reduction also reads the high limb, KLR_RED8); the generic Montgomery field
 * (fe_mont_tmpl.h) calls them when the CPU has both extensions and falls back to
 * kl_montmul (mont_impl.h, portable C) otherwise.
 * Defines KL_MONT_ADX when compiled in: x86-64, GCC or Clang, optimising (at -O0 the
 * compilers give every memory operand its own address register, more than are free),
 * not -Dasm=false (KURV_NO_ASM).
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
#include "mont_impl.h"

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

/* P-384's field (curves/nist/p384/field.h) builds its rows from these two: one product,
 * lo into limb L by the CF chain and hi into limb H by the OF chain, the multiplicand's
 * limb at a byte offset from %[Y]; a row's end, CF into limb n, then OF and the new CF
 * into limb n + 1 */
#define KLX_PP(off, l, h) "mulxq " #off "(%[Y]), %[LO], %[HI]\n\t" \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"
#define KLX_END(tn, tn1) "movl $0, %k[LO]\n\tadcxq %[LO], %[" tn "]\n\t" \
    "adoxq %[LO], %[" tn1 "]\n\tadcxq %[LO], %[" tn1 "]"

/*
 * The final subtraction, r = w - m if the top limb is set or w >= m, else w, for
 * w = (top:w_{n-1}:...:w0) < 2m in registers: one statement that stores w to r,
 * subtracts m from the registers (SUB/SBB, then SBB of the borrow from the top limb:
 * CF set when w < m), and takes each limb back from r by CMOVC before storing it.
 * Branch-free; n + 3 registers. KLF_ADD first adds an n-limb h from memory
 * (w + h < 2m then; n + 4 registers): the squaring's high half.
 */
/* the n-limb runs, L(x, offset, limb) over the limbs: L(first op, op) for a carry
 * chain (add, adc), L(cc, cc) for CMOV (kl_modaddsub_x86 below) */
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
 * KLR_RED8 below) */
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

/*
 * Montgomery squaring, r = a^2 / 2^(64n) mod m for n = 4, 6 or 8: the product a^2 in
 * 2n limbs first, then its reduction (n = 8 has the same steps in one statement:
 * klx_montsqr8). The cross products a_i a_j (i < j) once each, a
 * row per i (one statement, KLS_ROW below, over a window of fresh and earlier limbs);
 * then the sum doubled and the diagonal a_i^2 added, in two statements (KLS_DIAG);
 * then the low half L reduced by the product's n q passes in one statement (KLM_REDUCE:
 * q m added, the window turning as in the product) to (L + Q m) / 2^(64n) <= m, the high half H (< m since a < m)
 * added to it (< 2m, n limbs and a top bit) and m subtracted once if needed. That is
 * n(n-1)/2 + n + n^2 products against the product's 2n^2 (57 against 72 for n = 6).
 * Branch-free.
 */
/* one cross product of a row: lo into limb L by the CF chain, hi into limb H by OF */
#define KLS_P(off, l, h) "mulxq " #off "(%[Y]), %[LO], %[HI]\n\t" \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"
/* a row's end: CF into its top limb; OF is 0 there (the top limb was fresh and a
 * product's high half is at most 2^64 - 2), and nothing carries out */
#define KLS_END(tk) "movl $0, %k[LO]\n\tadcxq %[LO], %[" tk "]"
#define KLS_RUN1 "xorl %k[LO], %k[LO]\n\t" KLS_P(0, "T0", "T1")
#define KLS_RUN2 KLS_RUN1 KLS_P(8, "T1", "T2")
#define KLS_RUN3 KLS_RUN2 KLS_P(16, "T2", "T3")
#define KLS_RUN4 KLS_RUN3 KLS_P(24, "T3", "T4")
#define KLS_RUN5 KLS_RUN4 KLS_P(32, "T4", "T5")
#define KLS_RUN6 KLS_RUN5 KLS_P(40, "T5", "T6")
#define KLS_RUN7 KLS_RUN6 KLS_P(48, "T6", "T7")
#define KLS_IN(k, x, y) [LO] "=&r"(lo_), [HI] "=&r"(hi_)                                 \
    : [X] "d"(x), [Y] "r"(y), "m"(*(const uint64_t (*)[k])(y)) : "cc"
/* (w_k:...:w0) += x (y_{k-1}:...:y0), w_k = 0 on entry; the sum fits in k + 1 limbs */
#define KLS_ROW(k, x, y, ...) do {                                                      \
        uint64_t lo_, hi_;                                                              \
        __asm__(KLS_RUN##k KLS_END("T" #k) : __VA_ARGS__, KLS_IN(k, x, y));              \
    } while (0)
#define KLS_W(i, w) [T##i] "+&r"(w)
/*
 * One chunk of the doubling and the diagonal: (w_{2k-1}:...:w0) doubled by the CF
 * chain (ADCX w, w) while y_i^2 goes in by the OF chain at limbs 2i, 2i + 1, for
 * i < k. The chains' carries come in and go out as 0/1 in cf and of (the LO and HI
 * registers): TEST clears both flags, then ADCX/ADOX of each into all-ones sets it.
 */
#define KLS_D(off, l, h) "movq " #off "(%[Y]), %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t" \
    "adcxq %[" l "], %[" l "]\n\tadoxq %[LO], %[" l "]\n\t"                           \
    "adcxq %[" h "], %[" h "]\n\tadoxq %[HI], %[" h "]\n\t"
#define KLS_DRUN2 KLS_D(0, "T0", "T1") KLS_D(8, "T2", "T3")
#define KLS_DRUN3 KLS_DRUN2 KLS_D(16, "T4", "T5")
#define KLS_DRUN4 KLS_DRUN3 KLS_D(24, "T6", "T7")
#define KLS_DIAG(k, y, cf, of, ...) do {                                                \
        __asm__("testq %[LO], %[LO]\n\t"                                                \
                "movq $-1, %%rdx\n\tadcxq %[LO], %%rdx\n\t"                             \
                "movq $-1, %%rdx\n\tadoxq %[HI], %%rdx\n\t"                             \
                KLS_DRUN##k                                                             \
                "movl $0, %k[LO]\n\tadcxq %[LO], %[LO]\n\t"                             \
                "movl $0, %k[HI]\n\tadoxq %[HI], %[HI]"                                 \
                : __VA_ARGS__, [LO] "+&r"(cf), [HI] "+&r"(of)                           \
                : [Y] "r"(y), "m"(*(const uint64_t (*)[k])(y))                          \
                : "rdx", "cc");                                                         \
    } while (0)

/*
 * t = a^2 in 2n limbs (t[0 .. 2n-1]) for n = 4, 6 or 8 (a compile-time constant): the
 * cross products and the diagonal of the squaring below (kl_montsqr_adx), without its
 * reduction. Needs BMI2 and ADX.
 */
static inline __attribute__((always_inline)) void
kl_sqr_wide_adx(size_t n, uint64_t *t, const uint64_t *a)
{
    uint64_t c = 0, o = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i < 2 * n; i++)
        t[i] = 0;
    /* the cross products into t[1 .. 2n-2] */
    if (n == 4) {
        KLS_ROW(3, a[0], a + 1, KLS_W(0, t[1]), KLS_W(1, t[2]), KLS_W(2, t[3]),
                KLS_W(3, t[4]));
        KLS_ROW(2, a[1], a + 2, KLS_W(0, t[3]), KLS_W(1, t[4]), KLS_W(2, t[5]));
        KLS_ROW(1, a[2], a + 3, KLS_W(0, t[5]), KLS_W(1, t[6]));
    } else if (n == 6) {
        KLS_ROW(5, a[0], a + 1, KLS_W(0, t[1]), KLS_W(1, t[2]), KLS_W(2, t[3]),
                KLS_W(3, t[4]), KLS_W(4, t[5]), KLS_W(5, t[6]));
        KLS_ROW(4, a[1], a + 2, KLS_W(0, t[3]), KLS_W(1, t[4]), KLS_W(2, t[5]),
                KLS_W(3, t[6]), KLS_W(4, t[7]));
        KLS_ROW(3, a[2], a + 3, KLS_W(0, t[5]), KLS_W(1, t[6]), KLS_W(2, t[7]),
                KLS_W(3, t[8]));
        KLS_ROW(2, a[3], a + 4, KLS_W(0, t[7]), KLS_W(1, t[8]), KLS_W(2, t[9]));
        KLS_ROW(1, a[4], a + 5, KLS_W(0, t[9]), KLS_W(1, t[10]));
    } else {
        KLS_ROW(7, a[0], a + 1, KLS_W(0, t[1]), KLS_W(1, t[2]), KLS_W(2, t[3]),
                KLS_W(3, t[4]), KLS_W(4, t[5]), KLS_W(5, t[6]), KLS_W(6, t[7]),
                KLS_W(7, t[8]));
        KLS_ROW(6, a[1], a + 2, KLS_W(0, t[3]), KLS_W(1, t[4]), KLS_W(2, t[5]),
                KLS_W(3, t[6]), KLS_W(4, t[7]), KLS_W(5, t[8]), KLS_W(6, t[9]));
        KLS_ROW(5, a[2], a + 3, KLS_W(0, t[5]), KLS_W(1, t[6]), KLS_W(2, t[7]),
                KLS_W(3, t[8]), KLS_W(4, t[9]), KLS_W(5, t[10]));
        KLS_ROW(4, a[3], a + 4, KLS_W(0, t[7]), KLS_W(1, t[8]), KLS_W(2, t[9]),
                KLS_W(3, t[10]), KLS_W(4, t[11]));
        KLS_ROW(3, a[4], a + 5, KLS_W(0, t[9]), KLS_W(1, t[10]), KLS_W(2, t[11]),
                KLS_W(3, t[12]));
        KLS_ROW(2, a[5], a + 6, KLS_W(0, t[11]), KLS_W(1, t[12]), KLS_W(2, t[13]));
        KLS_ROW(1, a[6], a + 7, KLS_W(0, t[13]), KLS_W(1, t[14]));
    }
    /* doubled and the diagonal added: two chunks of n/2 terms (KLS_DIAG) */
    if (n == 4) {
        KLS_DIAG(2, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]));
        KLS_DIAG(2, a + 2, c, o, KLS_W(0, t[4]), KLS_W(1, t[5]), KLS_W(2, t[6]),
                 KLS_W(3, t[7]));
    } else if (n == 6) {
        KLS_DIAG(3, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]),
                 KLS_W(4, t[4]), KLS_W(5, t[5]));
        KLS_DIAG(3, a + 3, c, o, KLS_W(0, t[6]), KLS_W(1, t[7]), KLS_W(2, t[8]),
                 KLS_W(3, t[9]), KLS_W(4, t[10]), KLS_W(5, t[11]));
    } else {
        KLS_DIAG(4, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]),
                 KLS_W(4, t[4]), KLS_W(5, t[5]), KLS_W(6, t[6]), KLS_W(7, t[7]));
        KLS_DIAG(4, a + 4, c, o, KLS_W(0, t[8]), KLS_W(1, t[9]), KLS_W(2, t[10]),
                 KLS_W(3, t[11]), KLS_W(4, t[12]), KLS_W(5, t[13]), KLS_W(6, t[14]),
                 KLS_W(7, t[15]));
    }
}

/* one cross product a_i a_j (rdx = a_i, a_j at byte offset off from %[Y]): lo into
 * limb L by the CF chain, hi into limb H by the OF chain */
#define KLQ_P(off, l, h) KLS_P(off, "T" #l, "T" #h)
/* a row's last product, a_i a_7: hi straight into the row's fresh top limb H, which then
 * takes both carries (nothing carries out of it) */
#define KLQ_L(l, h) "mulxq 56(%[Y]), %[LO], %[T" #h "]\n\tadcxq %[LO], %[T" #l "]\n\t" \
    "movl $0, %k[LO]\n\tadoxq %[LO], %[T" #h "]\n\tadcxq %[LO], %[T" #h "]\n\t"
#define KLQ_A(off) "movq " #off "(%[Y]), %%rdx\n\t"
/* a cross row's start: rdx = a_i, and XOR clears both flags (they are clear already:
 * this only ends the dependency on the previous row's flag chains, see KLM_A) */
#define KLQ_R(off) "xorl %k[LO], %k[LO]\n\t" KLQ_A(off)
/* the two limbs a row leaves final, to the array */
#define KLQ_ST(l, h, off) "movq %[T" #l "], " #off "(%[S])\n\tmovq %[T" #h "], 8+" #off "(%[S])\n\t"
#define KLQ_CROSS8                                                                     \
    "xorl %k[HI], %k[HI]\n\t" KLQ_A(0) "mulxq 8(%[Y]), %[T0], %[T1]\n\t"               \
    KLM_PF(16, 1, 2) KLM_PF(24, 2, 3) KLM_PF(32, 3, 4) KLM_PF(40, 4, 5) KLM_PF(48, 5, 6)     \
    KLM_PF(56, 6, 7) "adcxq %[HI], %[T7]\n\t" KLQ_ST(0, 1, 8)                           \
    KLQ_R(8) KLQ_P(16, 2, 3) KLQ_P(24, 3, 4) KLQ_P(32, 4, 5) KLQ_P(40, 5, 6)            \
    KLQ_P(48, 6, 7) KLQ_L(7, 0) KLQ_ST(2, 3, 24)                                       \
    KLQ_R(16) KLQ_P(24, 4, 5) KLQ_P(32, 5, 6) KLQ_P(40, 6, 7) KLQ_P(48, 7, 0)           \
    KLQ_L(0, 1) KLQ_ST(4, 5, 40)                                                       \
    KLQ_R(24) KLQ_P(32, 6, 7) KLQ_P(40, 7, 0) KLQ_P(48, 0, 1) KLQ_L(1, 2)               \
    KLQ_ST(6, 7, 56)                                                                   \
    KLQ_R(32) KLQ_P(40, 0, 1) KLQ_P(48, 1, 2) KLQ_L(2, 3) KLQ_ST(0, 1, 72)              \
    KLQ_R(40) KLQ_P(48, 2, 3) KLQ_L(3, 4) KLQ_ST(2, 3, 88)                             \
    KLQ_R(48) KLQ_L(4, 5) KLQ_ST(4, 5, 104)
/* doubled, and a_i^2 added, at limbs 2i and 2i + 1: the low half into T0 .. T7, the
 * high half back to the array (through rdx) */
#define KLQ_DL(i, l, h, off) KLQ_A(i) "mulxq %%rdx, %[LO], %[HI]\n\t"                  \
    "movq " #off "(%[S]), %[T" #l "]\n\tadcxq %[T" #l "], %[T" #l "]\n\t"               \
    "adoxq %[LO], %[T" #l "]\n\tmovq 8+" #off "(%[S]), %[T" #h "]\n\t"                  \
    "adcxq %[T" #h "], %[T" #h "]\n\tadoxq %[HI], %[T" #h "]\n\t"
#define KLQ_DH1(off, x) "adcxq %%rdx, %%rdx\n\tadoxq %[" x "], %%rdx\n\t"              \
    "movq %%rdx, " #off "(%[S])\n\t"
#define KLQ_DH(i, off) KLQ_A(i) "mulxq %%rdx, %[LO], %[HI]\n\tmovq " #off "(%[S]), %%rdx\n\t" \
    KLQ_DH1(off, "LO") "movq 8+" #off "(%[S]), %%rdx\n\t" KLQ_DH1(8+off, "HI")
#define KLQ_DIAG8                                                                      \
    KLQ_A(0) "mulxq %%rdx, %[T0], %[HI]\n\tmovq 8(%[S]), %[T1]\n\t"                     \
    "adcxq %[T1], %[T1]\n\tadoxq %[HI], %[T1]\n\t"                                     \
    KLQ_DL(8, 2, 3, 16) KLQ_DL(16, 4, 5, 32) KLQ_DL(24, 6, 7, 48)                      \
    KLQ_DH(32, 64) KLQ_DH(40, 80) KLQ_DH(48, 96)                                       \
    KLQ_A(56) "mulxq %%rdx, %[LO], %[HI]\n\tmovq 112(%[S]), %%rdx\n\t" KLQ_DH1(112, "LO") \
    "movl $0, %%edx\n\t" KLQ_DH1(120, "HI")

/*
 * The n = 8 squaring's reduction by pairs of q passes (KLR_RED8): its eight q passes
 * are one serial chain (each q waits for the limb the previous pass leaves at the
 * window's foot: about 11 cycles a pass). A pair's two digits come at once from the
 * two limbs at its foot, Q = (t_1:t_0) (-m^-1) mod 2^128 (m0i[0] and m0i[1], the two
 * limbs of -m^-1 mod 2^128): q = t_0 m0i[0] mod 2^64 by MULX, whose high half
 * h starts the second digit, q' = h + t_0 m0i[1] + t_1 m0i[0] mod 2^64 (two IMUL, two
 * ADD; done before the pass's XOR, as they change the flags). These are the digits the
 * passes one by one would take (T + Q m = 0 mod 2^128 has one solution Q < 2^128), so
 * the passes are the product's q passes (KLM_QPH8) unchanged; q' waits in the
 * Y register (a's pointer, free after the diagonal) and the pair waits once, not twice.
 * Five more instructions a pair; a chain of dependent squarings 155 -> 147 cycles each,
 * brainpoolP512r1's ECDH about 279 -> 273 us (a loop of kurv_ecdh, best of five).
 */
#define KLR_Q2(a, b) "movq %[MI], %%rdx\n\tmulxq %[T" #a "], %%rdx, %[Y]\n\t"           \
    "movq %[T" #a "], %[LO]\n\timulq %[MJ], %[LO]\n\taddq %[LO], %[Y]\n\t"             \
    "movq %[T" #b "], %[LO]\n\timulq %[MI], %[LO]\n\taddq %[LO], %[Y]\n\t"             \
    "xorl %k[LO], %k[LO]\n\t"
#define KLR_Q1 "xorl %k[LO], %k[LO]\n\tmovq %[Y], %%rdx\n\t"
#define KLR_RED8                                                                       \
    KLM_QPH8(KLR_Q2(0, 1), 0, 1, 2, 3, 4, 5, 6, 7, 8)                                  \
    KLM_QPH8(KLR_Q1, 1, 2, 3, 4, 5, 6, 7, 8, 0)                                        \
    KLM_QPH8(KLR_Q2(2, 3), 2, 3, 4, 5, 6, 7, 8, 0, 1)                                  \
    KLM_QPH8(KLR_Q1, 3, 4, 5, 6, 7, 8, 0, 1, 2)                                        \
    KLM_QPH8(KLR_Q2(4, 5), 4, 5, 6, 7, 8, 0, 1, 2, 3)                                  \
    KLM_QPH8(KLR_Q1, 5, 6, 7, 8, 0, 1, 2, 3, 4)                                        \
    KLM_QPH8(KLR_Q2(6, 7), 6, 7, 8, 0, 1, 2, 3, 4, 5)                                  \
    KLM_QPH8(KLR_Q1, 7, 8, 0, 1, 2, 3, 4, 5, 6)

/*
 * The n = 8 squaring: kl_montsqr_adx's steps in one statement, which leaves no limb to
 * the compiler's moves between statements: the cross products by rows (KLQ_CROSS8) in
 * an 8-register window T0 .. T7 that turns as the rows end (limb j in T((j - 1) mod 8):
 * each row leaves its two lowest limbs final and stores them to the array t, and the
 * next fresh limb takes a stored one's register); then the doubling and the diagonal
 * (KLQ_DIAG8) from the array, the low half into T0 .. T7 and the high half back to t;
 * then the reduction's q passes by pairs (KLR_RED8) on T0 .. T8, and KLF_ADD of the
 * high half.
 * 496 instructions a call (brainpoolP512r1, counted in the straight-line code; 476 before
 * the pairs, 571 as nine statements); the same contract as
 * kl_montsqr_adx. Registers: T0 .. T8, LO, HI, rdx, the pointers a (then the pair's
 * second digit) and t: 14.
 */
static inline __attribute__((always_inline)) void
klx_montsqr8(uint64_t *r, const uint64_t *a, const uint64_t *m, const uint64_t *m0inv)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, t8, lo_, hi_, t[16];
    uintptr_t y = (uintptr_t)a;
    __asm__(KLQ_CROSS8 KLQ_DIAG8 "xorl %k[T8], %k[T8]\n\t" KLR_RED8
            : KLM_T8, [LO] "=&r"(lo_), [HI] "=&r"(hi_), [Y] "+&r"(y)
            : [S] "r"(t), [MI] "m"(m0inv[0]), [MJ] "m"(m0inv[1]), KLM_M8(m)
            : "rdx", "cc", "memory");   /* a read and t written: by "memory", as their
                                           "m" operands would take one more register
                                           with ASan */
    KLF_ADD(8, r, m, t + 8, t7, t8, t0, t1, t2, t3, t4, t5, t6);
}

static inline __attribute__((always_inline)) void
kl_montsqr_adx(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *m,
               const uint64_t *m0inv)
{
    uint64_t t[16];
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo_, hi_;
    if (n == 8) {
        klx_montsqr8(r, a, m, m0inv);
        return;
    }
    kl_sqr_wide_adx(n, t, a);
    /* the low half reduced in a turning window by the product's q passes (KLM_RED) */
    t0 = t[0]; t1 = t[1]; t2 = t[2]; t3 = t[3]; t4 = t[4]; t5 = t[5];
    if (n == 4) {
        KLM_REDUCE(4, m, m0inv, KLM_U(0, t0), KLM_U(1, t1), KLM_U(2, t2), KLM_U(3, t3),
                   [T4] "=&r"(t4));
        KLF_ADD(4, r, m, t + 4, t3, t4, t0, t1, t2);
    } else if (n == 6) {
        KLM_REDUCE(6, m, m0inv, KLM_U(0, t0), KLM_U(1, t1), KLM_U(2, t2), KLM_U(3, t3),
                   KLM_U(4, t4), KLM_U(5, t5), [T6] "=&r"(t6));
        KLF_ADD(6, r, m, t + 6, t5, t6, t0, t1, t2, t3, t4);
    }
}


/*
 * The run-time curves' product and squaring (core/src/rt_tmpl.h, through
 * fe_mont_tmpl.h's EC_P_AT_RUN_TIME): kl_montmul_adx_any and kl_montsqr_adx_any, the
 * same results as kl_montmul_adx and kl_montsqr_adx for any odd m < 2^(64n) (its top
 * limb may be all-ones: the window has n + 2 limbs), m in a base register and m0inv a
 * value, so any pointer serves. Each product row is two statements (KLX_MONT_ROW: t +=
 * a_i b, then t = (t + q m) / 2^64 with q = t_0 m0inv), the window turning by
 * renaming C variables; the squaring's rows are KLS_ROW and KLS_DIAG above, its
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


/*
 * Modular add and subtract, r = a + b mod m and r = a - b mod m, for n = 4, 6 or 8
 * limbs (a compile-time constant), a, b < m; r may alias a or b. Plain x86-64 (ADD/ADC,
 * SUB/SBB, CMOV: no BMI2 or ADX needed); fe_mont_tmpl.h takes them together with the
 * ADX product (kl_mont_adx_on), so KURV_X86_ADX=0 keeps the portable kl_modadd and
 * kl_modsub and the tests reach both. One statement each, the final subtraction's
 * pattern (KLF above): s = a + b (or a - b) in n registers, the carry (borrow) as a
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
