/*
 * kurv-25519 internal: GF(p), p = 2^255 - 19, in four 64-bit limbs with MULX, ADCX and
 * ADOX (BMI2 + ADX) in GCC extended inline assembly, for the X25519 ladder's x86-64 path
 * (x25519_adx.c). The portable field of fe25519.h (five 51-bit limbs) is unchanged beside it.
 *
 * Contract. An element k25519_fx is four unsigned 64-bit limbs, value
 * v0 + v1 2^64 + v2 2^128 + v3 2^192, any value in [0, 2^256): not reduced, the residue
 * mod p is what counts (2^256 = 38 mod p is how every operation folds its carries back).
 * Every operation takes elements in [0, 2^256) and returns one in [0, 2^256) congruent to
 * the result mod p (lazy reduction: the bound is the register width, nothing else);
 * k25519_fe_from64 (fe25519.h) hands the value to the portable field, whose
 * k25519_fe_tobytes makes the one canonical encoding of RFC 7748 5. Outputs may alias
 * inputs (each statement reads all of its inputs before it stores). Time independent of the values: straight-line code, no
 * branch, no memory index on them; the conditional swap is by mask. The caller wipes secret
 * elements (kurv_wipe).
 *
 *   k25519_fx_mul(h, f, g)  h = f g: the 8-limb product (4 rows of MULX, the low halves
 *                           into the ADCX chain, the high halves into the ADOX chain),
 *                           then its high half times 38 folded into the low half
 *   k25519_fx_sq(h, f)      h = f^2: the six cross products once, doubled, plus the four
 *                           squares, then the same fold
 *   k25519_fx_mul121665_add(h, f, g)  h = g + 121665 f (the ladder's AA + a24 E, a24 =
 *                           (486662 - 2) / 4)
 *   k25519_fx_add(h, f, g)  h = f + g;  k25519_fx_sub(h, f, g)  h = f - g
 *   k25519_fx_cswap(f, g, b)  swap f and g when b = 1, not when b = 0
 *   k25519_fx_frombytes(h, s)  the 255 low bits of s, little-endian (RFC 7748 5 masks bit
 *                           255), not reduced (p .. 2^255 - 1 stay as they are)
 * The ladder hands its results to the portable field by fe25519.h's k25519_fe_from64 (the
 * same value in five 51-bit limbs, inside that field's input bounds).
 *
 * Defines K25519_FX_ADX when compiled in: where core/src/mont_adx.h compiles its MULX path
 * (KL_MONT_ADX: x86-64, GCC or Clang, optimising, not -Dasm=false), and the caller takes it
 * only when kl_mont_adx_on says the CPU has BMI2 and ADX (CPUID, or KURV_X86_ADX: see
 * mont_adx.h). Elsewhere this file defines nothing.
 *
 * Registers: the operands are one memory operand per limb, so an element on the caller's
 * stack (the ladder's) takes no address register; the product takes the 8-limb window, two
 * product registers and rdx (11), plus up to three base registers.
 */
#ifndef KURV_FE25519_ADX_H
#define KURV_FE25519_ADX_H

#include <stdint.h>

#include "mont_adx.h"   /* KL_MONT_ADX, kl_mont_adx_on */
#include "fe25519.h"
#include "util25519.h"  /* k25519_load64 */

#ifdef KL_MONT_ADX
#define K25519_FX_ADX 1

typedef struct { uint64_t v[4]; } k25519_fx;

#define K25519_FX_INLINE static inline __attribute__((always_inline))

/* the operands: limb i of an input X as %[X<i>], of the output as %[O<i>] */
#define KFX_IN(X, f) [X##0] "m"((f)->v[0]), [X##1] "m"((f)->v[1]), \
    [X##2] "m"((f)->v[2]), [X##3] "m"((f)->v[3])
#define KFX_OUT(h) [O0] "=m"((h)->v[0]), [O1] "=m"((h)->v[1]), \
    [O2] "=m"((h)->v[2]), [O3] "=m"((h)->v[3])
#define KFX_T8 [T0] "=&r"(t0), [T1] "=&r"(t1), [T2] "=&r"(t2), [T3] "=&r"(t3), \
    [T4] "=&r"(t4), [T5] "=&r"(t5), [T6] "=&r"(t6), [T7] "=&r"(t7),              \
    [LO] "=&r"(lo), [HI] "=&r"(hi)

/* the 5-limb value T0..T3 + 2^256 T4, T4 below 2^32, stored reduced below 2^256: T4 2^256 =
 * 38 T4 mod p is added to T0..T3; a carry out of that sum (the sum was >= 2^256, so the
 * limbs now hold less than 38 T4 < 2^38) is 2^256 = 38 again, added to T0 with no carry */
#define KFX_FOLD                                                                       \
    "imulq $38, %[T4], %[T4]\n\t"                                                      \
    "addq %[T4], %[T0]\n\tadcq $0, %[T1]\n\tadcq $0, %[T2]\n\tadcq $0, %[T3]\n\t"      \
    "sbbq %[T4], %[T4]\n\tandl $38, %k[T4]\n\taddq %[T4], %[T0]\n\t"                  \
    "movq %[T0], %[O0]\n\tmovq %[T1], %[O1]\n\tmovq %[T2], %[O2]\n\tmovq %[T3], %[O3]\n\t"

/* the 8-limb value T0..T7 (below 2^512) stored reduced below 2^256: T4..T7 times 38
 * (rdx = 38; the low halves into T0..T3 by the ADCX chain, the high halves into T1..T3
 * by the ADOX chain, the last high half into T4 with both chains' carries: T4 below 40),
 * then KFX_FOLD. The XOR clears both flags; T5 serves as the zero once its limb is read. */
#define KFX_REDUCE                                                                     \
    "movl $38, %%edx\n\txorl %k[LO], %k[LO]\n\t"                                       \
    "mulxq %[T4], %[LO], %[HI]\n\tadcxq %[LO], %[T0]\n\tadoxq %[HI], %[T1]\n\t"        \
    "mulxq %[T5], %[LO], %[HI]\n\tadcxq %[LO], %[T1]\n\tadoxq %[HI], %[T2]\n\t"        \
    "mulxq %[T6], %[LO], %[HI]\n\tadcxq %[LO], %[T2]\n\tadoxq %[HI], %[T3]\n\t"        \
    "mulxq %[T7], %[LO], %[T4]\n\tadcxq %[LO], %[T3]\n\t"                              \
    "movl $0, %k[T5]\n\tadoxq %[T5], %[T4]\n\tadcxq %[T5], %[T4]\n\t"                  \
    KFX_FOLD

/* row i >= 1 of the product: T_i .. T_{i+4} += a_i b. The XOR makes the new top limb
 * T_{i+4} zero and clears both flags; product j's low half goes into T_{i+j} by the CF
 * chain, its high half into T_{i+j+1} by the OF chain; the last high half lands in the
 * zeroed top limb with OF, and ADC adds the last CF. The row's sum is below 2^(64(i+5)),
 * so no carry leaves the top limb. */
#define KFX_ROW(i, a, b, c, d, e)                                                      \
    "xorl %k[T" #e "], %k[T" #e "]\n\tmovq %[A" #i "], %%rdx\n\t"                       \
    "mulxq %[B0], %[LO], %[HI]\n\tadcxq %[LO], %[T" #a "]\n\tadoxq %[HI], %[T" #b "]\n\t" \
    "mulxq %[B1], %[LO], %[HI]\n\tadcxq %[LO], %[T" #b "]\n\tadoxq %[HI], %[T" #c "]\n\t" \
    "mulxq %[B2], %[LO], %[HI]\n\tadcxq %[LO], %[T" #c "]\n\tadoxq %[HI], %[T" #d "]\n\t" \
    "mulxq %[B3], %[LO], %[HI]\n\tadcxq %[LO], %[T" #d "]\n\tadoxq %[HI], %[T" #e "]\n\t" \
    "adcq $0, %[T" #e "]\n\t"

/* h = f g mod p, below 2^256: row 0 (T0..T4 = a_0 b, one ADD/ADC chain), rows 1..3
 * (KFX_ROW), KFX_REDUCE. 4 x 4 MULX products and 4 for the reduction. */
K25519_FX_INLINE void k25519_fx_mul(k25519_fx *h, const k25519_fx *f, const k25519_fx *g)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__("movq %[A0], %%rdx\n\t"
            "mulxq %[B0], %[T0], %[T1]\n\t"
            "mulxq %[B1], %[LO], %[T2]\n\taddq %[LO], %[T1]\n\t"
            "mulxq %[B2], %[LO], %[T3]\n\tadcq %[LO], %[T2]\n\t"
            "mulxq %[B3], %[LO], %[T4]\n\tadcq %[LO], %[T3]\n\tadcq $0, %[T4]\n\t"
            KFX_ROW(1, 1, 2, 3, 4, 5)
            KFX_ROW(2, 2, 3, 4, 5, 6)
            KFX_ROW(3, 3, 4, 5, 6, 7)
            KFX_REDUCE
            : KFX_T8, KFX_OUT(h)
            : KFX_IN(A, f), KFX_IN(B, g)
            : "rdx", "cc");
}

/* h = f^2 mod p, below 2^256. The cross products a_i a_j (i < j) into T1..T6 by two
 * chains (T7 = 0 the zero addend; the sum is below 2^448, so both flags end clear), then
 * one pass that doubles T1..T6 into T1..T7 by the CF chain (ADCX of a limb to itself) and
 * adds the squares a_i^2 at T_{2i}, T_{2i+1} by the OF chain, T0 the low half of a_0^2;
 * then KFX_REDUCE. 10 MULX products and 4 for the reduction. */
K25519_FX_INLINE void k25519_fx_sq(k25519_fx *h, const k25519_fx *f)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi;
    __asm__("xorl %k[T7], %k[T7]\n\t"
            /* a_0 a_1 at 1, a_0 a_2 at 2, a_0 a_3 at 3: CF chain */
            "movq %[A0], %%rdx\n\t"
            "mulxq %[A1], %[T1], %[T2]\n\t"
            "mulxq %[A2], %[LO], %[T3]\n\tadcxq %[LO], %[T2]\n\t"
            "mulxq %[A3], %[LO], %[T4]\n\tadcxq %[LO], %[T3]\n\t"
            /* a_1 a_3 at 4 (CF chain on), a_1 a_2 at 3 (OF chain) */
            "movq %[A1], %%rdx\n\t"
            "mulxq %[A3], %[LO], %[T5]\n\tadcxq %[LO], %[T4]\n\t"
            "mulxq %[A2], %[LO], %[HI]\n\tadoxq %[LO], %[T3]\n\tadoxq %[HI], %[T4]\n\t"
            /* a_2 a_3 at 5; both chains' carries into T5 and T6 */
            "movq %[A2], %%rdx\n\t"
            "mulxq %[A3], %[LO], %[T6]\n\tadcxq %[LO], %[T5]\n\tadoxq %[T7], %[T5]\n\t"
            "adcxq %[T7], %[T6]\n\tadoxq %[T7], %[T6]\n\t"
            /* 2 (T1..T6) by CF into T1..T7, the squares by OF */
            "movq %[A0], %%rdx\n\tmulxq %%rdx, %[T0], %[LO]\n\t"
            "adcxq %[T1], %[T1]\n\tadoxq %[LO], %[T1]\n\t"
            "movq %[A1], %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t"
            "adcxq %[T2], %[T2]\n\tadoxq %[LO], %[T2]\n\t"
            "adcxq %[T3], %[T3]\n\tadoxq %[HI], %[T3]\n\t"
            "movq %[A2], %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t"
            "adcxq %[T4], %[T4]\n\tadoxq %[LO], %[T4]\n\t"
            "adcxq %[T5], %[T5]\n\tadoxq %[HI], %[T5]\n\t"
            "movq %[A3], %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t"
            "adcxq %[T6], %[T6]\n\tadoxq %[LO], %[T6]\n\t"
            "adcxq %[T7], %[T7]\n\tadoxq %[HI], %[T7]\n\t"
            KFX_REDUCE
            : KFX_T8, KFX_OUT(h)
            : KFX_IN(A, f)
            : "rdx", "cc");
}

/* h = g + 121665 f mod p, below 2^256: T0..T4 = 121665 f by one ADD/ADC chain (T4 below
 * 2^17), g added into T0..T3 by a second chain with its carry into T4, then KFX_FOLD */
K25519_FX_INLINE void k25519_fx_mul121665_add(k25519_fx *h, const k25519_fx *f,
                                              const k25519_fx *g)
{
    uint64_t t0, t1, t2, t3, t4, lo;
    __asm__("movl $121665, %%edx\n\t"
            "mulxq %[A0], %[T0], %[T1]\n\t"
            "mulxq %[A1], %[LO], %[T2]\n\taddq %[LO], %[T1]\n\t"
            "mulxq %[A2], %[LO], %[T3]\n\tadcq %[LO], %[T2]\n\t"
            "mulxq %[A3], %[LO], %[T4]\n\tadcq %[LO], %[T3]\n\tadcq $0, %[T4]\n\t"
            "addq %[B0], %[T0]\n\tadcq %[B1], %[T1]\n\tadcq %[B2], %[T2]\n\t"
            "adcq %[B3], %[T3]\n\tadcq $0, %[T4]\n\t"
            KFX_FOLD
            : [T0] "=&r"(t0), [T1] "=&r"(t1), [T2] "=&r"(t2), [T3] "=&r"(t3),
              [T4] "=&r"(t4), [LO] "=&r"(lo), KFX_OUT(h)
            : KFX_IN(A, f), KFX_IN(B, g)
            : "rdx", "cc");
}

/* h = f + g or f - g mod p, in [0, 2^256), by one statement: OP0/OP the first and the
 * chained instruction (add/adc or sub/sbb). The 4-limb sum's carry (2^256 = 38) comes back
 * as 38 added to limb 0 by SBB's mask, and a carry out of that (the limbs then below 38)
 * once more, which cannot carry again. The difference's borrow (the limbs hold
 * f - g + 2^256, 38 too much mod p) takes 38 off limb 0 the same way, and a borrow out of
 * that (the limbs then 2^256 - 38 or more) 38 once more, which cannot borrow again. */
#define KFX_ADDSUB(OP0, OP, h, f, g)                                                    \
    __asm__("movq %[A0], %[T0]\n\t" OP0 "q %[B0], %[T0]\n\t"                            \
            "movq %[A1], %[T1]\n\t" OP "q %[B1], %[T1]\n\t"                             \
            "movq %[A2], %[T2]\n\t" OP "q %[B2], %[T2]\n\t"                             \
            "movq %[A3], %[T3]\n\t" OP "q %[B3], %[T3]\n\t"                             \
            "sbbq %[C], %[C]\n\tandl $38, %k[C]\n\t"                                     \
            OP0 "q %[C], %[T0]\n\t" OP "q $0, %[T1]\n\t" OP "q $0, %[T2]\n\t"            \
            OP "q $0, %[T3]\n\t"                                                         \
            "sbbq %[C], %[C]\n\tandl $38, %k[C]\n\t" OP0 "q %[C], %[T0]\n\t"              \
            "movq %[T0], %[O0]\n\tmovq %[T1], %[O1]\n\tmovq %[T2], %[O2]\n\t"              \
            "movq %[T3], %[O3]\n\t"                                                      \
            : [T0] "=&r"(t0), [T1] "=&r"(t1), [T2] "=&r"(t2), [T3] "=&r"(t3),           \
              [C] "=&r"(c), KFX_OUT(h)                                                  \
            : KFX_IN(A, f), KFX_IN(B, g)                                                \
            : "cc")

/* h = f + g mod p, below 2^256 (KFX_ADDSUB) */
K25519_FX_INLINE void k25519_fx_add(k25519_fx *h, const k25519_fx *f, const k25519_fx *g)
{
    uint64_t t0, t1, t2, t3, c;
    KFX_ADDSUB("add", "adc", h, f, g);
}

/* h = f - g mod p, in [0, 2^256) (KFX_ADDSUB) */
K25519_FX_INLINE void k25519_fx_sub(k25519_fx *h, const k25519_fx *f, const k25519_fx *g)
{
    uint64_t t0, t1, t2, t3, c;
    KFX_ADDSUB("sub", "sbb", h, f, g);
}

/* swap f and g when b = 1, leave them when b = 0 (b in {0, 1}): by the mask -b */
K25519_FX_INLINE void k25519_fx_cswap(k25519_fx *f, k25519_fx *g, uint64_t b)
{
    k25519_cswap_limbs(f->v, g->v, 4, b);
}

/* h = the 255 low bits of s[0..31], little-endian, bit 255 masked (RFC 7748 5) */
K25519_FX_INLINE void k25519_fx_frombytes(k25519_fx *h, const uint8_t s[32])
{
    int i;
    for (i = 0; i < 4; i++)
        h->v[i] = k25519_load64(s + 8 * i);
    h->v[3] &= ~(uint64_t)0 >> 1;
}

#endif
#endif
