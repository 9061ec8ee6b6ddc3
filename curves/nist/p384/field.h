/*
 * P-384 field, specialised for p = 2^384 - 2^128 - 2^96 + 2^32 - 1: Montgomery form
 * (x*R mod p, R = 2^384) over six 64-bit limbs, elements fully reduced, constant time.
 *
 * Both paths use p's shape: -p^-1 mod 2^64 = 2^32 + 1, so each reduction round's
 * quotient digit is w0 (2^32 + 1), and q*p = q 2^384 - q c with c < 2^129 (no full
 * row of products). Two paths, chosen per call by kl_mont_adx_on (mont_adx.h: CPUID,
 * KURV_X86_ADX=0/1): on x86-64 CPUs with BMI2 and ADX, p384x_mont_mul below, one
 * inline-assembly statement of MULX/ADCX/ADOX rows each followed by its reduction round
 * (no twelve-limb product in memory), for the product, and p384x_mont_sqr for the
 * square (its 21 products, then the same kind of rounds on the low half), rounds of
 * shifts and carry chains with no multiplication; otherwise, and with -Dasm=false
 * (KURV_NO_ASM), portable C: the product in twelve limbs (p384_mul_wide), then
 * p384_reduce (p384_reduce.h), whose rounds are shifts and carry chains only. fe_add
 * and fe_sub follow the same choice (p384x_add and p384x_sub below, carry chains that
 * subtract p under a CMOV or add it back by a mask in p's shape; or kl_modadd and
 * kl_modsub), and so do the a = -3 doubling's fused steps fe_sub2 (r = a - b - c) and
 * fe_mul3_lazy (r = 3a, fully reduced; p384x_sub2 and p384x_mul3, or kl_modsub and
 * kl_modadd twice). tests/unit/test_field.c checks both paths against OpenSSL's BN
 * (field_p384.c).
 */
#ifndef KURV_P384_FIELD_H
#define KURV_P384_FIELD_H

#include <stdint.h>
#include "limb.h"
#include "mont_adx.h"   /* kl_mont_adx_on: the run-time choice of the MULX/ADX path */

#define EC_N 6
#define EC_FLEN 48
#define EC_SLEN 48
#define EC_ORDER_BITS 384
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5
#define EC_BASE_JACOBIAN 1   /* n is close to 2^order_bits: see pt_mul_table_ct in ec/mul_base_ct.h */
/* EC_MADD_8M3S, EC_ADD_12M4S: the additions by one product more and one square and six
 * additions fewer (ec/jac.h, jac_add_aff_core and jac_add_core); still the better with
 * p384x_mont_sqr (callgrind, per operation on the ADX path, off against on: madd 7M + 4S
 * verify 1.294M against 1.276M, keygen 0.315M against 0.302M; add 11M + 5S ecdh 1.390M
 * against 1.376M, verify 1.291M against 1.276M) */
#define EC_MADD_8M3S 1
#define EC_ADD_12M4S 1
/* verification's u2*Q (ec/mul2.h): Q's odd multiples made affine with one inversion
 * (callgrind, per verify on the ADX path: 2.023M -> 1.927M instructions; with the
 * affine table a width-6 NAF for u2 measured 1.954M, width 4 1.964M) */
#define EC_Q_AFFINE 1

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0x00000000FFFFFFFFULL,0xFFFFFFFF00000000ULL,0xFFFFFFFFFFFFFFFEULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL}};
/* R^2 mod p = 2^768 mod p, to enter the Montgomery form */
static const fe p384_rr = {{0xFFFFFFFE00000001ULL, 0x0000000200000000ULL,
                            0xFFFFFFFE00000000ULL, 0x0000000200000000ULL,
                            0x0000000000000001ULL, 0x0000000000000000ULL}};

/* forced only where products are native (KW_NATIVE, wide.h); on the two-word path of
 * 32-bit targets the compiler chooses (forced, GCC takes minutes on a translation unit) */
#ifdef KW_NATIVE
#define P384_INLINE static inline __attribute__((always_inline))
#else
#define P384_INLINE static inline
#endif

#include "p384_reduce.h"

#ifdef KL_MONT_ADX
/*
 * r = a b / 2^384 mod p on the MULX/ADX path, the product and its reduction in one
 * inline-assembly statement (no twelve-limb product in memory): operand scanning,
 * each row a_i b followed by its reduction round, in a window of eight registers
 * that turns by one limb a row (the round's low limb, zero after it, becomes the next
 * row's fresh top limb). a, b < p; r fully reduced; r may alias a or b. Branch-free.
 *
 * Rows. Row 0 writes a_0 b into the window by one carry chain (W < 2^448); row i > 0
 * adds a_i b by the CF (low halves) and OF (high halves) chains, then ends with the
 * CF carry into limb 6 and OF + that carry into limb 7, the top (0 or 1: W + a_i b
 * < 2^449).
 * Rounds. The value is kept as W - P 2^192 (W the window, P a pending borrow, 0 or 1,
 * in a register of its own); a round computes (V + q p) / 2^64 for q = w0 (2^32 + 1)
 * mod 2^64 = w0 + (w0 << 32), with q p = q 2^384 - q c, c = 2^128 + d, d = 2^96 -
 * 2^32 + 1, and q d = w0 (mod 2^64):
 *     (w7..w1) - k - P 2^128 + q 2^320,  k = (q d - w0) / 2^64 + q 2^64 (three limbs).
 * No multiplication: q d = q 2^96 - q 2^32 + q is formed from q << 32 (= w0 << 32) and
 * q >> 32 by one borrow chain, limb 0 q - (q << 32) (= w0, into the dead w0, for its
 * borrow), limb 1 (q << 32) - (q >> 32) (= k0), limb 2 (q >> 32), to which q is added
 * (k1, its carry k2). Each round's q waits on the previous round, so this chain is the
 * product's critical path: w0 to k0 is a shift, an add and two subtractions here,
 * where IMUL by -p^-1 mod 2^64 and MULX by d's limbs took twice as long (P-384's
 * ECDH 119 -> 102 us, kurv-bench, for 30 more instructions a product). Then one borrow
 * chain over w1, w2, w3 only (k0, k1, k2 + P), whose borrow out is the next pending P
 * (limb 3 of the shifted window, aligned with the next round's k2), and q added at w6
 * with its carry into w7. The last round carries its borrow through to the top
 * instead. Bounds: the Montgomery value V stays below 2p (as in any CIOS), so
 * W = V + P 2^192 < 2^385: seven limbs, the top 0 or 1.
 * End. V < 2p in seven limbs; V - p into copies in the six registers the rounds free
 * (R5, RDX, LO, HI, P and b's pointer), taken when that did not borrow past the top
 * (P384X_SUBP_CMOV).
 * Registers: the window (8), RDX, LO, HI, P and the pointers a, b (14, the number
 * free with frame pointers; b's is an in-out operand, a scratch register at the end);
 * p's two low words are "m" operands (RIP-relative); the reads of a and b are declared
 * by a "memory" clobber (GCC compiling with frame pointers finds no registers for "m"
 * operands over them).
 */

/* p AND m added to (s5..s0) for a mask m (0 or all-ones), p's words built from m in
 * p's shape: m >> 32, m << 32, 2m (low bit dropped), m, m, m; x0..x2 are scratch */
#define P384X_ADDP_MASK(m, x0, x1, x2, s0, s1, s2, s3, s4, s5)                          \
    "movq %[" m "], %[" x0 "]\n\tshrq $32, %[" x0 "]\n\t"                                 \
    "movq %[" m "], %[" x1 "]\n\tshlq $32, %[" x1 "]\n\t"                                 \
    "leaq (%[" m "], %[" m "]), %[" x2 "]\n\t"                                          \
    "addq %[" x0 "], %[" s0 "]\n\tadcq %[" x1 "], %[" s1 "]\n\tadcq %[" x2 "], %[" s2 "]\n\t" \
    "adcq %[" m "], %[" s3 "]\n\tadcq %[" m "], %[" s4 "]\n\tadcq %[" m "], %[" s5 "]"

/* (top:s5..s0) - p, the borrow out of top in CF: p's words as P0, P1 ("m" operands)
 * and the immediates -2, -1, -1, -1 */
#define P384X_SUBP(s0, s1, s2, s3, s4, s5, top)                                         \
    "subq %[P0], %[" s0 "]\n\tsbbq %[P1], %[" s1 "]\n\tsbbq $-2, %[" s2 "]\n\t"             \
    "sbbq $-1, %[" s3 "]\n\tsbbq $-1, %[" s4 "]\n\tsbbq $-1, %[" s5 "]\n\tsbbq $0, %[" top "]\n\t"

/* (s5..s0), with top limb top, reduced once: V - p computed into the copies c0..c5
 * (the borrow out of top in CF), and taken by CMOVNC when there was none (V >= p); one
 * subtraction chain and one CMOV deep, against the masked add-back's two chains */
#define P384X_SUBP_CMOV(s0, s1, s2, s3, s4, s5, top, c0, c1, c2, c3, c4, c5)           \
    "movq %[" s0 "], %[" c0 "]\n\tmovq %[" s1 "], %[" c1 "]\n\tmovq %[" s2 "], %[" c2 "]\n\t" \
    "movq %[" s3 "], %[" c3 "]\n\tmovq %[" s4 "], %[" c4 "]\n\tmovq %[" s5 "], %[" c5 "]\n\t" \
    P384X_SUBP(c0, c1, c2, c3, c4, c5, top)                                              \
    "cmovncq %[" c0 "], %[" s0 "]\n\tcmovncq %[" c1 "], %[" s1 "]\n\t"                      \
    "cmovncq %[" c2 "], %[" s2 "]\n\tcmovncq %[" c3 "], %[" s3 "]\n\t"                      \
    "cmovncq %[" c4 "], %[" s4 "]\n\tcmovncq %[" c5 "], %[" s5 "]\n\t"

/* row 0: a_0 b into the window R0..R6 by one carry chain (MULX leaves the flags alone);
 * R7 and P zeroed */
#define P384M_ROW0                                                                      \
    "movq 0(%[A]), %%rdx\n\txorl %k[R7], %k[R7]\n\txorl %k[P], %k[P]\n\t"               \
    "mulxq 0(%[B]), %[R0], %[R1]\n\t"                                                   \
    "mulxq 8(%[B]), %[LO], %[R2]\n\taddq %[LO], %[R1]\n\t"                              \
    "mulxq 16(%[B]), %[LO], %[R3]\n\tadcq %[LO], %[R2]\n\t"                             \
    "mulxq 24(%[B]), %[LO], %[R4]\n\tadcq %[LO], %[R3]\n\t"                             \
    "mulxq 32(%[B]), %[LO], %[R5]\n\tadcq %[LO], %[R4]\n\t"                             \
    "mulxq 40(%[B]), %[LO], %[R6]\n\tadcq %[LO], %[R5]\n\tadcq $0, %[R6]\n\t"
/* one product of row i: lo into limb l (CF chain), hi into limb h (OF chain) */
#define P384M_P(j, l, h) "mulxq " #j "*8(%[B]), %[LO], %[HI]\n\t"                       \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"
/* row i > 0: a_i b added to the value in w0..w6; w7 (dead) zeroed first (which clears
 * CF and OF), then the CF carry into w6 (ADCX of the zero w7), OF into w7 (ADOX of w7
 * to itself) and that CF carry into w7 (ADC) */
#define P384M_ROW(i, w0, w1, w2, w3, w4, w5, w6, w7)                                    \
    "movq " #i "*8(%[A]), %%rdx\n\txorl %k[" w7 "], %k[" w7 "]\n\t"                     \
    P384M_P(0, w0, w1) P384M_P(1, w1, w2) P384M_P(2, w2, w3) P384M_P(3, w3, w4)           \
    P384M_P(4, w4, w5) P384M_P(5, w5, w6)                                               \
    "adcxq %[" w7 "], %[" w6 "]\n\tadoxq %[" w7 "], %[" w7 "]\n\tadcq $0, %[" w7 "]\n\t"
/* a round's start: q in RDX (w0 << 32 in LO, added to w0), q >> 32 in HI; q d's limb 0
 * into the dead w0 for its borrow, then k0 in LO, k1 in HI, k2 + P in P, and the
 * borrow chain over w1, w2, w3 (borrow out in CF) */
#define P384M_K(w0, w1, w2, w3)                                                         \
    "movq %[" w0 "], %%rdx\n\tmovq %%rdx, %[LO]\n\tshlq $32, %[LO]\n\taddq %[LO], %%rdx\n\t" \
    "movq %%rdx, %[HI]\n\tshrq $32, %[HI]\n\tmovq %%rdx, %[" w0 "]\n\tsubq %[LO], %[" w0 "]\n\t" \
    "sbbq %[HI], %[LO]\n\tsbbq $0, %[HI]\n\taddq %%rdx, %[HI]\n\tadcq $0, %[P]\n\t"          \
    "subq %[LO], %[" w1 "]\n\tsbbq %[HI], %[" w2 "]\n\tsbbq %[P], %[" w3 "]\n\t"
/* a round: the borrow kept in P (SETC into its low byte: P held k2 + P <= 2, no
 * higher bit set); q added at w6, its carry into w7 */
#define P384M_ROUND(w0, w1, w2, w3, w4, w5, w6, w7)                                     \
    P384M_K(w0, w1, w2, w3) "setc %b[P]\n\t"                                            \
    "addq %%rdx, %[" w6 "]\n\tadcq $0, %[" w7 "]\n\t"
/* the last round: the borrow carried through to w7 instead */
#define P384M_LAST(w0, w1, w2, w3, w4, w5, w6, w7)                                      \
    P384M_K(w0, w1, w2, w3) "sbbq $0, %[" w4 "]\n\tsbbq $0, %[" w5 "]\n\t"              \
    "sbbq $0, %[" w6 "]\n\tsbbq $0, %[" w7 "]\n\t"                                      \
    "addq %%rdx, %[" w6 "]\n\tadcq $0, %[" w7 "]\n\t"

P384_INLINE void p384x_mont_mul(uint64_t r[6], const uint64_t a[6], const uint64_t b[6])
{
    uint64_t r0, r1, r2, r3, r4, r5, r6, r7, lo, hi, pb, dx;
    const uint64_t *bp = b;
    __asm__(P384M_ROW0
            P384M_ROUND("R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7")
            P384M_ROW(1, "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R0")
            P384M_ROUND("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R0")
            P384M_ROW(2, "R2", "R3", "R4", "R5", "R6", "R7", "R0", "R1")
            P384M_ROUND("R2", "R3", "R4", "R5", "R6", "R7", "R0", "R1")
            P384M_ROW(3, "R3", "R4", "R5", "R6", "R7", "R0", "R1", "R2")
            P384M_ROUND("R3", "R4", "R5", "R6", "R7", "R0", "R1", "R2")
            P384M_ROW(4, "R4", "R5", "R6", "R7", "R0", "R1", "R2", "R3")
            P384M_ROUND("R4", "R5", "R6", "R7", "R0", "R1", "R2", "R3")
            P384M_ROW(5, "R5", "R6", "R7", "R0", "R1", "R2", "R3", "R4")
            P384M_LAST("R5", "R6", "R7", "R0", "R1", "R2", "R3", "R4")
            /* V = (R4 R3 R2 R1 R0 R7 R6) < 2p; V - p taken unless it borrowed */
            P384X_SUBP_CMOV("R6", "R7", "R0", "R1", "R2", "R3", "R4",
                            "R5", "DX", "LO", "HI", "P", "B")
            : [R0] "=&r"(r0), [R1] "=&r"(r1), [R2] "=&r"(r2), [R3] "=&r"(r3),
              [R4] "=&r"(r4), [R5] "=&r"(r5), [R6] "=&r"(r6), [R7] "=&r"(r7),
              [LO] "=&r"(lo), [HI] "=&r"(hi), [P] "=&r"(pb), [DX] "=&d"(dx)
            , [B] "+&r"(bp)
            : [A] "r"(a), [P0] "m"(EC_P.v[0]), [P1] "m"(EC_P.v[1])
            : "cc", "memory");   /* a and b read (as "m" operands they would need base
                                  * registers of their own where none are left) */
    (void)r4; (void)r5; (void)lo; (void)hi; (void)pb; (void)dx;
    r[0] = r6; r[1] = r7; r[2] = r0; r[3] = r1; r[4] = r2; r[5] = r3;
}

/*
 * r = a^2 / 2^384 mod p on the MULX/ADX path: a dedicated squaring in one
 * inline-assembly statement, 21 products (15 cross products a_i a_j, i < j, and the 6
 * squares a_i^2) against the product's 36. a < p; r fully reduced; r may alias a.
 * Branch-free.
 *
 * Cross products, by rows (row i: a_i (a_5..a_{i+1}) at limbs 2i+1 .. i+6; row 0 by
 * one carry chain, rows 1-3 by the CF and OF chains, each row's last product's high
 * half straight into its fresh top limb, which then takes both carries): limbs 1..10
 * of X = sum a_i a_j 2^(64(i+j)), limb 1 stored to t[1] when row 0 ends (limb 9 takes
 * its register).
 * Doubling and squares: from limb 0 up, 2X + sum a_i^2 2^(128 i) = a^2 by the CF chain
 * (ADCX x, x) and the OF chain (a_i^2's halves at limbs 2i, 2i + 1; MULX writes the
 * high half over RDX): limb 0 to t[0]; the low half L (limbs 0..5) ends in registers,
 * of the high half H limbs 6, 7 and 11 go to t[6], t[7], t[11], 8..10 stay.
 * Reduction of L alone, six rounds of p384x_mont_mul's kind (q = w0 (2^32 + 1) by a
 * shift and an add, k = (q d - w0) / 2^64 + q 2^64 by shifts and one borrow chain,
 * subtracted over w1..w3 with the pending borrow P): each round's q becomes the
 * window's new top limb (a move: nothing is above L), and the last round carries its
 * borrow through to that top. The window then holds
 * V = (L + Q p) / 2^384 (Q < 2^384 the rounds' digits): V <= p; the partial values are
 * the digits so far above L's remaining part less borrows, below 2^384, so no borrow
 * leaves the top. End: V + H < 2p (H <= (p - 1)^2 / 2^384 < p), its carry in P; V + H
 * - p into copies in LO, T7, T8, T0, T1 and RDX, taken when that did not borrow past P
 * (P384X_SUBP_CMOV).
 * Registers: T0..T8, LO, HI, RDX, the pointer a (free after the squares: it becomes P)
 * and t: 14, as p384x_mont_mul; p's two low words are "m" operands, a's and t's
 * memory is declared by the "memory" clobber.
 */
/* one cross product of a row: lo into limb l (CF chain), hi into limb h (OF chain) */
#define P384S_P(j, l, h) "mulxq " #j "*8(%[A]), %[LO], %[HI]\n\t"                        \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"
/* a row's last product, a_i a_5: hi into the fresh top limb h, which takes both carries
 * (the row's partial sum fits below h's top: nothing carries out) */
#define P384S_L(l, h) "mulxq 40(%[A]), %[LO], %[" h "]\n\tadcxq %[LO], %[" l "]\n\t"      \
    "movl $0, %k[LO]\n\tadoxq %[LO], %[" h "]\n\tadcxq %[LO], %[" h "]\n\t"
/* row i's start: a_i into RDX, CF and OF cleared */
#define P384S_A(i) "movq " #i "*8(%[A]), %%rdx\n\txorl %k[LO], %k[LO]\n\t"
/* a_i^2 added at limbs l (its low half) and h (high half) while both are doubled */
#define P384S_D(i, l, h) "movq " #i "*8(%[A]), %%rdx\n\tmulxq %%rdx, %[LO], %%rdx\n\t"    \
    "adcxq %[" l "], %[" l "]\n\tadoxq %[LO], %[" l "]\n\t"                              \
    "adcxq %[" h "], %[" h "]\n\tadoxq %%rdx, %[" h "]\n\t"
/* a reduction round on the window w0..w5 (w0 itself in RDX already): q, then k in
 * LO (k0), X (k1), P (k2 + the pending borrow), subtracted from w1..w3. P is the
 * register of a's pointer (%[A]), free once the squares are in */
#define P384S_K(w0, w1, w2, w3, X)                                                      \
    "movq %%rdx, %[LO]\n\tshlq $32, %[LO]\n\taddq %[LO], %%rdx\n\t"                     \
    "movq %%rdx, %[" X "]\n\tshrq $32, %[" X "]\n\tmovq %%rdx, %[" w0 "]\n\tsubq %[LO], %[" w0 "]\n\t" \
    "sbbq %[" X "], %[LO]\n\tsbbq $0, %[" X "]\n\taddq %%rdx, %[" X "]\n\tadcq $0, %[A]\n\t"   \
    "subq %[LO], %[" w1 "]\n\tsbbq %[" X "], %[" w2 "]\n\tsbbq %[A], %[" w3 "]\n\t"
/* a round: the borrow out kept in P (SETC: P held k2 + P <= 2, as in P384M_ROUND), q
 * the new top limb in w0's register */
#define P384S_ROUND(w0, w1, w2, w3, w4, w5, X)                                          \
    "movq %[" w0 "], %%rdx\n\t" P384S_K(w0, w1, w2, w3, X)                              \
    "setc %b[A]\n\tmovq %%rdx, %[" w0 "]\n\t"

P384_INLINE void p384x_mont_sqr(uint64_t r[6], const uint64_t a[6])
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, t8, lo, hi, dx, t[12];
    const uint64_t *ap = a;
    __asm__(/* row 0: a_0 (a_5..a_1), limbs 1..6 in T1..T6 */
            "movq 0(%[A]), %%rdx\n\t"
            "mulxq 8(%[A]), %[T1], %[T2]\n\t"
            "mulxq 16(%[A]), %[LO], %[T3]\n\taddq %[LO], %[T2]\n\t"
            "mulxq 24(%[A]), %[LO], %[T4]\n\tadcq %[LO], %[T3]\n\t"
            "mulxq 32(%[A]), %[LO], %[T5]\n\tadcq %[LO], %[T4]\n\t"
            "mulxq 40(%[A]), %[LO], %[T6]\n\tadcq %[LO], %[T5]\n\tadcq $0, %[T6]\n\t"
            "movq %[T1], 8(%[S])\n\t"
            /* rows 1-3: limbs 3..7 (T7 fresh), 5..8 (T8), 7..9 (T1) */
            P384S_A(1) P384S_P(2, "T3", "T4") P384S_P(3, "T4", "T5") P384S_P(4, "T5", "T6")
            P384S_L("T6", "T7")
            P384S_A(2) P384S_P(3, "T5", "T6") P384S_P(4, "T6", "T7") P384S_L("T7", "T8")
            P384S_A(3) P384S_P(4, "T7", "T8") P384S_L("T8", "T1")
            /* row 4: a_4 a_5 at limbs 9, 10 (T0) */
            "movq 32(%[A]), %%rdx\n\tmulxq 40(%[A]), %[LO], %[T0]\n\t"
            "addq %[LO], %[T1]\n\tadcq $0, %[T0]\n\t"
            /* doubled, the squares added: limb 0 to t[0], limb 1 (from t[1]) in HI */
            "xorl %k[LO], %k[LO]\n\t"
            "movq 0(%[A]), %%rdx\n\tmulxq %%rdx, %[LO], %%rdx\n\tmovq %[LO], 0(%[S])\n\t"
            "movq 8(%[S]), %[HI]\n\tadcxq %[HI], %[HI]\n\tadoxq %%rdx, %[HI]\n\t"
            P384S_D(1, "T2", "T3") P384S_D(2, "T4", "T5") P384S_D(3, "T6", "T7")
            P384S_D(4, "T8", "T1")
            /* a_5^2: limb 10 in T0, limb 11 (its high half and both carries) in RDX */
            "movq 40(%[A]), %%rdx\n\tmulxq %%rdx, %[LO], %%rdx\n\t"
            "adcxq %[T0], %[T0]\n\tadoxq %[LO], %[T0]\n\t"
            "movl $0, %k[LO]\n\tadcxq %[LO], %%rdx\n\tadoxq %[LO], %%rdx\n\t"
            "movq %%rdx, 88(%[S])\n\tmovq %[T6], 48(%[S])\n\tmovq %[T7], 56(%[S])\n\t"
            /* L's rounds: window (T6 HI T2 T3 T4 T5), limb 0 from t[0]; the register
             * of a's pointer (%[A]) is P from here */
            "movq 0(%[S]), %%rdx\n\tmovl $0, %k[A]\n\t"
            P384S_K("T6", "HI", "T2", "T3", "T7")
            "setc %b[A]\n\tmovq %%rdx, %[T6]\n\t"
            P384S_ROUND("HI", "T2", "T3", "T4", "T5", "T6", "T7")
            P384S_ROUND("T2", "T3", "T4", "T5", "T6", "HI", "T7")
            P384S_ROUND("T3", "T4", "T5", "T6", "HI", "T2", "T7")
            P384S_ROUND("T4", "T5", "T6", "HI", "T2", "T3", "T7")
            /* the last round: its borrow carried through to the top (q) */
            "movq %[T5], %%rdx\n\t" P384S_K("T5", "T6", "HI", "T2", "T7")
            "sbbq $0, %[T3]\n\tsbbq $0, %[T4]\n\tmovq %%rdx, %[T5]\n\tsbbq $0, %[T5]\n\t"
            /* V = (T5 T4 T3 T2 HI T6) <= p; + H (carry in P), - p (borrow from P) */
            "movl $0, %k[A]\n\t"
            "addq 48(%[S]), %[T6]\n\tadcq 56(%[S]), %[HI]\n\tadcq %[T8], %[T2]\n\t"
            "adcq %[T1], %[T3]\n\tadcq %[T0], %[T4]\n\tadcq 88(%[S]), %[T5]\n\t"
            "adcq $0, %[A]\n\t"
            P384X_SUBP_CMOV("T6", "HI", "T2", "T3", "T4", "T5", "A",
                            "LO", "T7", "T8", "T0", "T1", "DX")
            : [T0] "=&r"(t0), [T1] "=&r"(t1), [T2] "=&r"(t2), [T3] "=&r"(t3),
              [T4] "=&r"(t4), [T5] "=&r"(t5), [T6] "=&r"(t6), [T7] "=&r"(t7),
              [T8] "=&r"(t8), [LO] "=&r"(lo), [HI] "=&r"(hi), [DX] "=&d"(dx),
              [A] "+&r"(ap)
            : [S] "r"(t), [P0] "m"(EC_P.v[0]), [P1] "m"(EC_P.v[1])
            : "cc", "memory");
    r[0] = t6; r[1] = hi; r[2] = t2; r[3] = t3; r[4] = t4; r[5] = t5;
}

#endif

/* t = a b (twelve limbs), portable C: operand scanning with a 128-bit product */
P384_INLINE void p384_mul_wide(uint64_t t[12], const uint64_t a[6], const uint64_t b[6])
{
    int i, j;
    KL_UNROLL
    for (i = 0; i < 12; i++)
        t[i] = 0;
    KL_UNROLL
    for (i = 0; i < 6; i++) {
        uint64_t c = 0;
        KL_UNROLL
        for (j = 0; j < 6; j++) {
            kurv_u128 s = kw_muladd2(a[i], b[j], t[i + j], c);
            t[i + j] = kw_lo(s);
            c = kw_hi(s);
        }
        t[i + 6] = c;
    }
}

P384_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[12];
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_mont_mul(r->v, a->v, b->v);
        return;
    }
#endif
    p384_mul_wide(t, a->v, b->v);
    p384_reduce(r->v, t);
}

P384_INLINE void fe_sqr(fe *r, const fe *a)
{
    uint64_t t[12];
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_mont_sqr(r->v, a->v);
        return;
    }
#endif
    p384_mul_wide(t, a->v, a->v);
    p384_reduce(r->v, t);
}

#define EC_HAVE_FE_ADD 1   /* fe_add, fe_sub: fully reduced in and out */
/* fe_half (r = a / 2), below: the a = -3 doubling then takes its 4M + 4S form with
 * 8 gamma^2 as (4 gamma)^2 / 2 (ec/jac.h, jac_dbl_a3); with p384x_mont_sqr still the
 * better (callgrind on the ADX path, dbl-2001-b's 3M + 5S without it: ecdh 1.425M
 * instructions against 1.376M, verify 1.341M against 1.276M) */
#define EC_HAVE_FE_HALF 1

#ifdef KL_MONT_ADX
/*
 * P-384's modular addition and subtraction as single inline-assembly carry chains
 * (plain ADD/ADC/SUB/SBB: on the MULX/ADX path with the product, so that the test of
 * that path covers them).
 *   sum:  s = a + b (carry c in M), s - p into six copies, taken (CMOVNC) unless the
 *         subtraction borrowed past c, i.e. unless a + b < p (a + b < 2p): one carry
 *         chain, one borrow chain and one CMOV deep (P384X_SUBP_CMOV, above);
 *   diff: s = a - b, M = -borrow, then s + (p AND M), p's words masked formed without a
 *         load or a branch from the shape of p: m >> 32, m << 32, 2m (low bit dropped)
 *         and m, m, m (P384X_ADDP_MASK, above).
 * a and b fully reduced; s is then fully reduced. Registers: s (6), M, three temps
 * (six for the sum) and b's base; p's two low words are "m" operands.
 */
#define P384X_ADDP P384X_ADDP_MASK("M", "X0", "X1", "X2", "S0", "S1", "S2", "S3", "S4", "S5")

#define P384X_ADDSUB_OUT                                                            \
    [S0] "+&r"(s0), [S1] "+&r"(s1), [S2] "+&r"(s2), [S3] "+&r"(s3), [S4] "+&r"(s4),  \
    [S5] "+&r"(s5), [M] "=&r"(m), [X0] "=&r"(x0), [X1] "=&r"(x1), [X2] "=&r"(x2)
/* the sum's: three registers more (x3..x5, declared by the caller) for the copy of s */
#define P384X_ADD_OUT P384X_ADDSUB_OUT, [X3] "=&r"(x3), [X4] "=&r"(x4), [X5] "=&r"(x5)

/* s = s + (the six limbs at operand B) mod p, s and that operand fully reduced: the
 * sum's carry in M, p subtracted from a copy in X0..X5, the copy taken when that did not
 * borrow past M (P384X_SUBP_CMOV) */
#define P384X_ADD_MEM(B)                                                                \
    "xorl %k[M], %k[M]\n\t"                                                             \
    "addq 0(%[" B "]), %[S0]\n\tadcq 8(%[" B "]), %[S1]\n\tadcq 16(%[" B "]), %[S2]\n\t"    \
    "adcq 24(%[" B "]), %[S3]\n\tadcq 32(%[" B "]), %[S4]\n\tadcq 40(%[" B "]), %[S5]\n\t" \
    "adcq $0, %[M]\n\t"                                                                 \
    P384X_SUBP_CMOV("S0", "S1", "S2", "S3", "S4", "S5", "M", "X0", "X1", "X2", "X3", "X4", "X5")
/* s = s - (the six limbs at operand B) mod p: M the borrow's mask, p AND M added */
#define P384X_SUB_MEM(B)                                                                \
    "subq 0(%[" B "]), %[S0]\n\tsbbq 8(%[" B "]), %[S1]\n\tsbbq 16(%[" B "]), %[S2]\n\t"    \
    "sbbq 24(%[" B "]), %[S3]\n\tsbbq 32(%[" B "]), %[S4]\n\tsbbq 40(%[" B "]), %[S5]\n\t" \
    "sbbq %[M], %[M]\n\t" P384X_ADDP "\n\t"
/* the six limbs at x as a memory operand (the asm reads them through a pointer) */
#define P384X_LIMBS(x) "m"(*(const uint64_t (*)[6])(x))
#define P384X_LOAD(a)                                                               \
    uint64_t s0 = (a)[0], s1 = (a)[1], s2 = (a)[2], s3 = (a)[3], s4 = (a)[4], s5 = (a)[5]; \
    uint64_t m, x0, x1, x2
#define P384X_STORE(r)                                                              \
    (r)[0] = s0; (r)[1] = s1; (r)[2] = s2; (r)[3] = s3; (r)[4] = s4; (r)[5] = s5

P384_INLINE void p384x_add(uint64_t r[6], const uint64_t a[6], const uint64_t b[6])
{
    P384X_LOAD(a);
    uint64_t x3, x4, x5;
    __asm__(P384X_ADD_MEM("B")
            : P384X_ADD_OUT
            : [B] "r"(b), [P0] "m"(EC_P.v[0]), [P1] "m"(EC_P.v[1])
            : "cc", "memory");   /* b read: P384X_ADD_OUT's 13 registers and B leave
                                  * none for an "m" operand's base */
    P384X_STORE(r);
}

P384_INLINE void p384x_sub(uint64_t r[6], const uint64_t a[6], const uint64_t b[6])
{
    P384X_LOAD(a);
    __asm__(P384X_SUB_MEM("B")
            : P384X_ADDSUB_OUT
            : [B] "r"(b), P384X_LIMBS(b)
            : "cc");
    P384X_STORE(r);
}

/* The doubling's fused steps (EC_HAVE_FE_SUB2, EC_HAVE_FE_MUL3 below), each one
 * inline-assembly statement that keeps its value in registers between the steps:
 *   p384x_sub2  r = a - b - c mod p: two P384X_SUB_MEM, a, b, c fully reduced;
 *   p384x_mul3  r = 3a mod p: a + a, then + a, each P384X_ADD_MEM, a fully reduced.
 * Results fully reduced; r may alias any input. */
P384_INLINE void p384x_sub2(uint64_t r[6], const uint64_t a[6], const uint64_t b[6],
                            const uint64_t c[6])
{
    P384X_LOAD(a);
    __asm__(P384X_SUB_MEM("B") P384X_SUB_MEM("C")
            : P384X_ADDSUB_OUT
            : [B] "r"(b), P384X_LIMBS(b), [C] "r"(c), P384X_LIMBS(c)
            : "cc");
    P384X_STORE(r);
}

P384_INLINE void p384x_mul3(uint64_t r[6], const uint64_t a[6])
{
    P384X_LOAD(a);
    uint64_t x3, x4, x5;
    __asm__(P384X_ADD_MEM("A") P384X_ADD_MEM("A")
            : P384X_ADD_OUT
            : [A] "r"(a), [P0] "m"(EC_P.v[0]), [P1] "m"(EC_P.v[1])
            : "cc", "memory");   /* a read, as in p384x_add */
    P384X_STORE(r);
}
#endif

P384_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_add(r->v, a->v, b->v);
        return;
    }
#endif
    kl_modadd(6, r->v, a->v, b->v, EC_P.v);
}

P384_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_sub(r->v, a->v, b->v);
        return;
    }
#endif
    kl_modsub(6, r->v, a->v, b->v, EC_P.v);
}

/*
 * The a = -3 doubling's fused linear steps (ec/jac.h, EC_HAVE_FE_SUB2 and
 * EC_HAVE_FE_MUL3): fe_sub2, r = a - b - c (X3 = alpha^2 - 4 beta - 4 beta), and
 * fe_mul3_lazy, r = 3a (alpha), both fully reduced here (in: a, b, c < p; out < p).
 * On the MULX/ADX path p384x_sub2 and p384x_mul3 (above); otherwise kl_modsub and
 * kl_modadd twice.
 */
#define EC_HAVE_FE_SUB2 1
#define EC_HAVE_FE_MUL3 1

P384_INLINE void fe_sub2(fe *r, const fe *a, const fe *b, const fe *c)
{
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_sub2(r->v, a->v, b->v, c->v);
        return;
    }
#endif
    {
        fe t;
        kl_modsub(6, t.v, a->v, b->v, EC_P.v);
        kl_modsub(6, r->v, t.v, c->v, EC_P.v);
    }
}

P384_INLINE void fe_mul3_lazy(fe *r, const fe *a)
{
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_mul3(r->v, a->v);
        return;
    }
#endif
    {
        fe t;
        kl_modadd(6, t.v, a->v, a->v, EC_P.v);
        kl_modadd(6, r->v, t.v, a->v, EC_P.v);
    }
}

#ifdef KL_MONT_ADX
/* r = a / 2 mod p for a < p on the MULX/ADX path (with fe_add, so that its test
 * covers it): p AND m added for the mask m of a's low bit (P384X_ADDP_MASK), then the
 * 385-bit sum shifted right by one through the carry (RCR from the top limb down). */
P384_INLINE void p384x_half(uint64_t r[6], const uint64_t a[6])
{
    uint64_t s0 = a[0], s1 = a[1], s2 = a[2], s3 = a[3], s4 = a[4], s5 = a[5];
    uint64_t m = 0 - (s0 & 1), x0, x1, x2;
    __asm__(P384X_ADDP "\n\t"
            "rcrq $1, %[S5]\n\trcrq $1, %[S4]\n\trcrq $1, %[S3]\n\trcrq $1, %[S2]\n\t"
            "rcrq $1, %[S1]\n\trcrq $1, %[S0]"
            : [S0] "+&r"(s0), [S1] "+&r"(s1), [S2] "+&r"(s2), [S3] "+&r"(s3),
              [S4] "+&r"(s4), [S5] "+&r"(s5), [X0] "=&r"(x0), [X1] "=&r"(x1), [X2] "=&r"(x2)
            : [M] "r"(m)
            : "cc");
    r[0] = s0; r[1] = s1; r[2] = s2; r[3] = s3; r[4] = s4; r[5] = s5;
}
#endif

/* r = a / 2 mod p for a < p (EC_HAVE_FE_HALF, above): p added when a is odd (a mask of
 * its low bit), the 385-bit sum (carry c on top) shifted right by one. a + p is even
 * when a is odd, so no bit is lost; the result is at most (a + p) / 2 < p. */
P384_INLINE void fe_half(fe *r, const fe *a)
{
    uint64_t s[6], m, c;
    int i;
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_half(r->v, a->v);
        return;
    }
#endif
    m = 0 - (a->v[0] & 1);
    c = 0;
    KL_UNROLL
    for (i = 0; i < 6; i++)
        s[i] = kl_adc(a->v[i], EC_P.v[i] & m, c, &c);
    KL_UNROLL
    for (i = 0; i < 5; i++)
        r->v[i] = (s[i] >> 1) | (s[i + 1] << 63);
    r->v[5] = (s[5] >> 1) | (c << 63);
}

static inline void fe_to_dom(fe *r, const fe *a)
{
    fe_mul(r, a, &p384_rr);
}

static inline void fe_from_dom(fe *r, const fe *a)
{
    uint64_t t[12] = {0};
    int i;
    for (i = 0; i < 6; i++)
        t[i] = a->v[i];
    p384_reduce(r->v, t);
}

#endif
