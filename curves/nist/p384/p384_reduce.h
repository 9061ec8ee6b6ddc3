/*
 * kurv internal: the Montgomery reduction for P-384 (curves/nist/p384/field.h),
 * r = t / 2^384 mod p for p = 2^384 - 2^128 - 2^96 + 2^32 - 1 and a twelve-limb t
 * whose high half (t[6..11]) is below p (t = a b with a, b < p; or t < 2^384).
 * r is fully reduced; constant time. p384_reduce is portable C on kl_adc/kl_sbb (ADC/SBB
 * on x86-64); p384x_reduce (below) the same rounds in inline assembly with MULX, for
 * the MULX/ADX path. The caller provides EC_P (field.h).
 *
 * Method: the low half L = t[0..5] goes through six rounds V <- (V + q p) / 2^64,
 * V in a window of seven limbs (V < 2^385, the top limb 0 or 1), which turns by one
 * limb per round. With -p^-1 = 2^32 + 1 mod 2^64 the digit is q = w0 + (w0 << 32).
 * Since q p = q 2^384 - q c with c = 2^128 + 2^96 - 2^32 + 1, and q c = w0 + k 2^64
 * (its low limb is w0 by the choice of q), a round is
 *     V <- (w6..w1) - k + q 2^320,
 * with k = floor(q c / 2^64) < 2^130 in three limbs: from q c = q 2^128 + q 2^96
 * - q 2^32 + q, with qh = q >> 32, ql = (q << 32) mod 2^64,
 *     k = ql + (qh + q) 2^64 - qh - c0,
 * where c0, the carry out of limb 0 (w0 + ql - q is 0 or 2^64), is the carry of
 * w0 + ql. After six rounds V = (L + Q p) / 2^384 <= p; V + t[6..11] < 2p, and p is
 * subtracted once when the sum is not below it (a mask, no branch).
 */
#ifndef KURV_P384_REDUCE_H
#define KURV_P384_REDUCE_H

#include <stdint.h>
#include "mont_impl.h"
#include "mont_adx.h"   /* KL_MONT_ADX: p384x_reduce below */

/* one round on the window (w0..w6), value (w6..w0); after it the value is
 * (w0 w6 w5 w4 w3 w2 w1): the new top limb (0 or 1) in w0 */
#define P384_ROUND(w0, w1, w2, w3, w4, w5, w6) do {                               \
        uint64_t q_ = (w0) + ((w0) << 32), ql_ = q_ << 32, qh_ = q_ >> 32;      \
        uint64_t c0_, b_, e_, f_, k0_, k1_, k2_, s_;                              \
        (void)kl_adc(w0, ql_, 0, &c0_);                                           \
        k0_ = kl_sbb(ql_, qh_, c0_, &b_);                                         \
        s_ = kl_adc(q_, qh_, 0, &e_);                                             \
        k1_ = kl_sbb(s_, b_, 0, &f_);                                             \
        k2_ = e_ - f_;                                                            \
        w1 = kl_sbb(w1, k0_, 0, &b_);                                             \
        w2 = kl_sbb(w2, k1_, b_, &b_);                                            \
        w3 = kl_sbb(w3, k2_, b_, &b_);                                            \
        w4 = kl_sbb(w4, 0, b_, &b_);                                              \
        w5 = kl_sbb(w5, 0, b_, &b_);                                              \
        s_ = kl_sbb(w6, 0, b_, &f_);                                              \
        w6 = kl_adc(s_, q_, 0, &e_);                                              \
        w0 = e_ - f_;                                                             \
    } while (0)

static inline __attribute__((always_inline)) void p384_reduce(uint64_t r[6], const uint64_t t[12])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = 0;
    uint64_t w[6], s[6], c, bw, keep;
    int i;
    P384_ROUND(t0, t1, t2, t3, t4, t5, t6);
    P384_ROUND(t1, t2, t3, t4, t5, t6, t0);
    P384_ROUND(t2, t3, t4, t5, t6, t0, t1);
    P384_ROUND(t3, t4, t5, t6, t0, t1, t2);
    P384_ROUND(t4, t5, t6, t0, t1, t2, t3);
    P384_ROUND(t5, t6, t0, t1, t2, t3, t4);
    /* V = (t5 t4 t3 t2 t1 t0 t6) <= p: its top limb t5 is 0 */
    w[0] = kl_adc(t6, t[6], 0, &c);
    w[1] = kl_adc(t0, t[7], c, &c);
    w[2] = kl_adc(t1, t[8], c, &c);
    w[3] = kl_adc(t2, t[9], c, &c);
    w[4] = kl_adc(t3, t[10], c, &c);
    w[5] = kl_adc(t4, t[11], c, &c);
    bw = kl_sub(6, s, w, EC_P.v);
    keep = 0 - (bw & (c ^ 1) & 1);            /* the sum is below p: keep it */
    KL_UNROLL
    for (i = 0; i < 6; i++)
        r[i] = s[i] ^ ((s[i] ^ w[i]) & keep);
}

#ifdef KL_MONT_ADX
/*
 * The same reduction as one inline-assembly statement for the MULX/ADX path (MULX is
 * BMI2: callers check kl_mont_adx_on). A round's k comes from two MULX instead of the
 * shifts: with c = 2^128 + c1 2^64 + c0, c1 = 2^32 - 1, c0 = 2^64 - 2^32 + 1,
 *     k = hi(q c0) + q c1 + q 2^64
 * (the low limb of q c0 is w0), so k0 = hi(q c0) + lo(q c1) and k1:k2 = hi(q c1) + q
 * plus that carry. Then V <- (w6..w1) - k + q 2^320 as in P384_ROUND: one borrow chain
 * up to the top limb, then q added there and the new top limb set to the carry minus
 * the borrow (0 or 1). After the six rounds the high half t[6..11] is added, p is
 * subtracted, and p is added back (p's words built from the borrow mask: p0 = m >> 32,
 * p1 = m << 32, p2 = m << 1, p3..p5 = m) when that borrowed past the carry.
 * Registers: the window (7), RDX, LO, HI, K and the pointer t (12); c0, c1 and p's low
 * words are "m" operands (RIP-relative). Branch-free.
 */
static const uint64_t p384x_c[2] = {0xFFFFFFFF00000001ULL, 0x00000000FFFFFFFFULL};

#define P384X_ROUND(w0, w1, w2, w3, w4, w5, w6)                                   \
    "movq %[" w0 "], %%rdx\n\tshlq $32, %%rdx\n\taddq %[" w0 "], %%rdx\n\t"     \
    "mulxq %[C0], %[LO], %[HI]\n\tmulxq %[C1], %[LO], %[K]\n\t"                  \
    "addq %[LO], %[HI]\n\tadcq %%rdx, %[K]\n\tmovl $0, %k[LO]\n\tadcq $0, %[LO]\n\t" \
    "subq %[HI], %[" w1 "]\n\tsbbq %[K], %[" w2 "]\n\tsbbq %[LO], %[" w3 "]\n\t"   \
    "sbbq $0, %[" w4 "]\n\tsbbq $0, %[" w5 "]\n\tsbbq $0, %[" w6 "]\n\t"            \
    "sbbq %[" w0 "], %[" w0 "]\n\taddq %%rdx, %[" w6 "]\n\tadcq $0, %[" w0 "]\n\t"

static inline __attribute__((always_inline)) void p384x_reduce(uint64_t r[6], const uint64_t t[12])
{
    uint64_t t0 = t[0], t1 = t[1], t2 = t[2], t3 = t[3], t4 = t[4], t5 = t[5], t6 = 0;
    uint64_t lo, hi, k, dx;
    __asm__(P384X_ROUND("T0", "T1", "T2", "T3", "T4", "T5", "T6")
            P384X_ROUND("T1", "T2", "T3", "T4", "T5", "T6", "T0")
            P384X_ROUND("T2", "T3", "T4", "T5", "T6", "T0", "T1")
            P384X_ROUND("T3", "T4", "T5", "T6", "T0", "T1", "T2")
            P384X_ROUND("T4", "T5", "T6", "T0", "T1", "T2", "T3")
            P384X_ROUND("T5", "T6", "T0", "T1", "T2", "T3", "T4")
            /* V = (T5 T4 T3 T2 T1 T0 T6), T5 = 0; + the high half, carry in T5 */
            "addq 48(%[T]), %[T6]\n\tadcq 56(%[T]), %[T0]\n\tadcq 64(%[T]), %[T1]\n\t"
            "adcq 72(%[T]), %[T2]\n\tadcq 80(%[T]), %[T3]\n\tadcq 88(%[T]), %[T4]\n\t"
            "adcq $0, %[T5]\n\t"
            /* - p; + p back when that borrowed past the carry */
            "subq %[P0], %[T6]\n\tsbbq %[P1], %[T0]\n\tsbbq $-2, %[T1]\n\t"
            "sbbq $-1, %[T2]\n\tsbbq $-1, %[T3]\n\tsbbq $-1, %[T4]\n\tsbbq $0, %[T5]\n\t"
            "sbbq %[K], %[K]\n\tmovq %[K], %[LO]\n\tshrq $32, %[LO]\n\t"
            "movq %[K], %[HI]\n\tshlq $32, %[HI]\n\tleaq (%[K], %[K]), %%rdx\n\t"
            "addq %[LO], %[T6]\n\tadcq %[HI], %[T0]\n\tadcq %%rdx, %[T1]\n\t"
            "adcq %[K], %[T2]\n\tadcq %[K], %[T3]\n\tadcq %[K], %[T4]"
            : [T0] "+&r"(t0), [T1] "+&r"(t1), [T2] "+&r"(t2), [T3] "+&r"(t3),
              [T4] "+&r"(t4), [T5] "+&r"(t5), [T6] "+&r"(t6), [LO] "=&r"(lo),
              [HI] "=&r"(hi), [K] "=&r"(k), "=&d"(dx)
            : [T] "r"(t), "m"(*(const uint64_t (*)[12])t), [C0] "m"(p384x_c[0]),
              [C1] "m"(p384x_c[1]), [P0] "m"(EC_P.v[0]), [P1] "m"(EC_P.v[1])
            : "cc");
    (void)lo; (void)hi; (void)dx;
    r[0] = t6; r[1] = t0; r[2] = t1; r[3] = t2; r[4] = t3; r[5] = t4;
}
#endif

#endif
