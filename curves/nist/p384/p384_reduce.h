/*
 * kurv internal: the Montgomery reduction for P-384 (curves/nist/p384/field.h),
 * r = t / 2^384 mod p for p = 2^384 - 2^128 - 2^96 + 2^32 - 1 and a twelve-limb t
 * whose high half (t[6..11]) is below p (t = a b with a, b < p; or t < 2^384).
 * r is fully reduced; constant time. Portable C on kl_adc/kl_sbb (ADC/SBB on x86-64),
 * for the portable path of field.h and for fe_from_dom (the MULX/ADX path of the
 * product has its own rounds, p384x_mont_mul). The caller provides EC_P (field.h).
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
#include "limb.h"

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

#endif
