/*
 * kurv internal: scalars modulo the group order n - the one home of their arithmetic -
 * and their products with points: the one internal interface of ECDSA (dsa/: signing,
 * verification, public-key recovery, low-S) and BIP-340 (schnorr/), which include no
 * other private header of the core. Also used by the point API's kurv_scalar_*
 * (point.c), private-key checks (keys.c) and the halving fold of the constant-time
 * multiplications (ec/mul_ct_common.h).
 *
 * Contract of the scalars (sc.c).
 *   - A scalar (kurv_sc) is a residue mod n of a curve c: plain (not Montgomery)
 *     little-endian 64-bit limbs, fully reduced (< n). Every function here that writes
 *     a kurv_sc writes all KURV_MAXL limbs, those from c->sc->nl up as zeros, so v can
 *     be handed to the curve ops that take scalars as KURV_MAXL limbs (curve_impl.h).
 *   - Bytes at the edge are big-endian; a scalar's byte form is c->slen bytes
 *     (kurv_curve_scalar_len) unless a length is given.
 *   - c is a valid descriptor (kurv_curve_ok; outside the core: kurv_curve_scalar_len(c)
 *     is not 0): nothing here checks it, or a NULL.
 *   - Constant time in the values of every scalar and byte input (lengths are public),
 *     except the functions named _vartime, which are for public values only. No
 *     allocation; nothing fails: range checks return a mask, all-ones or 0.
 *   - Outputs may alias inputs. Secrets in the callers' kurv_sc are theirs to wipe
 *     (kurv_wipe); the functions wipe their own temporaries.
 * The arithmetic is the scalar context c->sc (mont.h: Montgomery arithmetic modulo n
 * with a run-time limb count); sc.c is compiled into libkurv and, for BIP-340, into
 * libkurv-schnorr (hidden symbols in each). The halving fold is also given on bare
 * limbs (static inline, below), for the curve template that each curve library
 * compiles, which cannot call libkurv's hidden functions.
 *
 * Contract of the points (sc_point.c, compiled into the same two libraries): the
 * products k*G, u1*G + u2*Q and the multi-scalar product, the x-only lifts of BIP-340
 * and the x-coordinates of ECDSA's r, each on the curve's ops table (curve_impl.h,
 * private to the core). Points are affine x||y, each coordinate big-endian and
 * field_len bytes; scalars are scalar_len big-endian bytes, < n (as the ops table's
 * slots take them, so no conversion is added); the caller validates its inputs as the
 * slots ask. Constant time in the scalar unless named _vartime. Errors as the slots'.
 * The SEC 1 point forms (kurv_point_decode_xy, kurv_point_encode_xy) are here too:
 * ECDSA's verification and recovery use them, as do keys.c and ECIES. One more header
 * comes with this one: ct.h (kurv_declassify, for what a signer publishes).
 */
#ifndef KURV_SC_H
#define KURV_SC_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/curve.h>
#include <kurv/err.h>
#include "mont.h"
#include "limb.h"
#include "ct.h"

typedef struct kurv_sc {
    uint64_t v[KURV_MAXL];
} kurv_sc;

/* ---- in and out */

/* r = b (c->slen bytes). Return all-ones if b < n, else 0 (r is then 0). */
uint64_t kurv_sc_load(const kurv_curve *c, kurv_sc *r, const uint8_t *b);

/* r = b (c->slen bytes). Return all-ones if 0 < b < n - a valid private key, nonce or
 * signature half - else 0 (r is then 0). */
uint64_t kurv_sc_load_nonzero(const kurv_curve *c, kurv_sc *r, const uint8_t *b);

/* All-ones if 0 < b < n for the c->slen bytes b, else 0. */
uint64_t kurv_sc_valid(const kurv_curve *c, const uint8_t *b);

/* r = x mod n for x of x_len big-endian bytes, any length (0 gives 0): a hash, an
 * x-coordinate, 2 * slen random bytes for a nearly uniform scalar. */
void kurv_sc_reduce(const kurv_curve *c, kurv_sc *r, const uint8_t *x, size_t x_len);

/* b (c->slen bytes) = a. */
void kurv_sc_store(const kurv_curve *c, uint8_t *b, const kurv_sc *a);

/* ---- arithmetic mod n */

/* All-ones if a = 0, else 0. */
uint64_t kurv_sc_is_zero(const kurv_curve *c, const kurv_sc *a);
/* r = a + b, a - b, a * b mod n. */
void kurv_sc_add(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, const kurv_sc *b);
void kurv_sc_sub(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, const kurv_sc *b);
void kurv_sc_mul(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, const kurv_sc *b);
/* r = -a mod n. */
void kurv_sc_neg(const kurv_curve *c, kurv_sc *r, const kurv_sc *a);
/* r = -a if mask is all-ones, r = a if mask is 0 (BIP-340's even-y choices). */
void kurv_sc_cneg(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, uint64_t mask);

/* All-ones if a > (n - 1)/2, that is n - a < a ("high": low-S rules), else 0. */
uint64_t kurv_sc_is_high(const kurv_curve *c, const kurv_sc *a);
/* The halving fold: r = min(a, n - a) <= (n - 1)/2. Return all-ones when r = n - a
 * (a was high: the caller negates what it derives from r), else 0. Low-S
 * normalisation of ECDSA's s, and kurv_sc_fold_limbs for k*P and k*G. */
uint64_t kurv_sc_fold(const kurv_curve *c, kurv_sc *r, const kurv_sc *a);

/* r = a^-1 mod n (n prime; 0 maps to 0). Constant time: the fixed-count Bernstein-Yang
 * divsteps (kl_inv_safegcd_ct, safegcd.h). */
void kurv_sc_inv(const kurv_curve *c, kurv_sc *r, const kurv_sc *a);
/* r = a^-1 mod n for a secret 0 < a < n, blinded: with a fresh random b in [1, n),
 * a b is uniform on [1, n) and independent of a, so it is declassified and inverted by
 * the variable-time divsteps; then a^-1 = b (a b)^-1. The result does not depend on b.
 * If the random source fails, or 8 draws of order_bits bits all land at or above n (at
 * most 2^-8 on any order), kurv_sc_inv instead. Constant time in a. (ECDSA's k^-1.) */
void kurv_sc_inv_blinded(const kurv_curve *c, kurv_sc *r, const kurv_sc *a);
/* r = a^-1 mod n (0 maps to 0). VARIABLE TIME: public a only (ECDSA's s^-1 in
 * verification, r^-1 in recovery). */
void kurv_sc_inv_vartime(const kurv_curve *c, kurv_sc *r, const kurv_sc *a);

/* ---- points: the products of scalars with points, and the forms the schemes read and
 * write (sc_point.c: each product or lift is one slot of the curve's ops table; the
 * SEC 1 forms and x from r are byte handling over the slots and the parameters) */

/* xy (2 * field_len bytes) = k*G for k (scalar_len bytes, < n). Constant time in k.
 * Return: KURV_OK; KURV_ERR_INFINITY if k = 0 (xy zeroed). SEC 1 v2 3.2.1, 4.1.3 step 1. */
kurv_err kurv_ec_mul_base(const kurv_curve *c, uint8_t *xy, const uint8_t *k);

/* *eq = 1 if R = u1*G + u2*Q is not O and x(R) is one of the nx candidates xs
 * (field_len bytes each, back to back), else 0; u1, u2 scalar_len bytes, < n; Q = qxy
 * on the curve. VARIABLE TIME: public inputs only (ECDSA verification, SEC 1 v2 4.1.4
 * steps 5 to 8). Return: KURV_OK; KURV_ERR_INFINITY if R = O; KURV_ERR_POINT if a
 * coordinate of Q is >= p. */
kurv_err kurv_ec_mul2_x_eq_vartime(const kurv_curve *c, int *eq, const uint8_t *u1,
                                   const uint8_t *u2, const uint8_t *qxy,
                                   const uint8_t *xs, size_t nx);

/* Nonzero if the curve has the optional variable-time operations below
 * (kurv_ec_mul2_xy_vartime, kurv_ec_msm_*, kurv_ec_lift_x_many: secp256k1 has them, the
 * run-time curves do not). No error. */
int kurv_ec_has_ext(const kurv_curve *c);

/* xy (2 * field_len bytes) = affine u1*G + u2*Q, as kurv_ec_mul2_x_eq_vartime's inputs.
 * VARIABLE TIME (BIP-340 verification, BIP-340 "Verification" step 5). Return: KURV_OK;
 * KURV_ERR_INFINITY if the sum is O (xy zeroed); KURV_ERR_POINT if a coordinate of Q is
 * >= p; KURV_ERR_UNSUPPORTED without kurv_ec_has_ext. */
kurv_err kurv_ec_mul2_xy_vartime(const kurv_curve *c, uint8_t *xy, const uint8_t *u1,
                                 const uint8_t *u2, const uint8_t *qxy);

/* Bytes of scratch kurv_ec_msm_vartime needs for n points; 0 if n is above its limit
 * (2^22) or without kurv_ec_has_ext. */
size_t kurv_ec_msm_scratch_size(const kurv_curve *c, size_t n);

/* xy = g*G + sum_{i<n} k_i*P_i for n affine points pxy (2 * field_len bytes each) on the
 * curve and n scalars k (scalar_len bytes each, < n); g one such scalar or NULL; xy NULL
 * to learn only whether the sum is O. All memory from scratch (scratch_len >=
 * kurv_ec_msm_scratch_size(c, n)). VARIABLE TIME (BIP-340 batch verification).
 * Return: KURV_OK; KURV_ERR_INFINITY if the sum is O; KURV_ERR_BUFFER (scratch too
 * small); KURV_ERR_ARG (n above the limit, a NULL array); KURV_ERR_POINT (a coordinate
 * >= p); KURV_ERR_UNSUPPORTED without kurv_ec_has_ext. */
kurv_err kurv_ec_msm_vartime(const kurv_curve *c, uint8_t *xy, const uint8_t *g,
                             const uint8_t *k, const uint8_t *pxy, size_t n,
                             void *scratch, size_t scratch_len);

/* y (field_len bytes) with y^2 = x^3 + a x + b for x (field_len bytes) and y mod 2 =
 * odd: BIP-340's lift_x for odd = 0. Constant time. Return: KURV_OK; KURV_ERR_POINT if
 * x >= p or x^3 + a x + b is not a square. */
kurv_err kurv_ec_lift_x(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd);

/* kurv_ec_lift_x of n records: record i is xy + i*stride, x in its first field_len bytes
 * and y written into the next field_len bytes. Stops at the first failing record.
 * Return: KURV_OK; KURV_ERR_POINT with *bad = its index (records before it lifted);
 * KURV_ERR_UNSUPPORTED without kurv_ec_has_ext. */
kurv_err kurv_ec_lift_x_many(const kurv_curve *c, uint8_t *xy, size_t n, size_t stride,
                             int odd, size_t *bad);

/* Decode and fully validate a SEC 1 point (SEC 1 v2 2.3.4: 0x04 || x || y, or 0x02/0x03
 * || x; pt_len bytes) into affine x||y (2 * field_len bytes): on the curve, coordinates
 * < p, not O. Constant time in the point's value. Return: KURV_OK; KURV_ERR_ARG (c not
 * usable, pt NULL); KURV_ERR_INFINITY (the one-byte 0x00); KURV_ERR_POINT (any other
 * bad input), as kurv_point_check(). */
kurv_err kurv_point_decode_xy(const kurv_curve *c, uint8_t *xy, const uint8_t *pt, size_t pt_len);

/* Encode affine x||y (2 * field_len bytes) as SEC 1 (SEC 1 v2 2.3.3: 0x04 || x || y, or
 * 0x02/0x03 || x when compressed). *out_len: capacity in, bytes written out. Return:
 * KURV_OK; KURV_ERR_ARG (out_len NULL); KURV_ERR_BUFFER with the need in *out_len. */
kurv_err kurv_point_encode_xy(const kurv_curve *c, uint8_t *out, size_t *out_len,
                              int compressed, const uint8_t *xy);

/* x (field_len bytes) = r + high*n, an x-coordinate whose value mod n is r (SEC 1 v2
 * 4.1.6 step 1.1 with j = high; 4.1.4 step 8 read backwards: x(R) = r or r + n when
 * p < 2n), for r (scalar_len bytes, r < n) and high 0 or 1. Return 1 if that value is
 * below p, else 0 (no such field element; x untouched). VARIABLE TIME: public r only. */
int kurv_ec_x_from_r(const kurv_curve *c, uint8_t *x, const uint8_t *r, int high);

/* ---- the halving fold on bare limbs (static inline: for the curve template too) */

/* All-ones if k > (n - 1)/2 for k < n, n odd, both of nl <= KURV_MAXL limbs; else 0.
 * Constant time. */
static inline uint64_t kurv_sc_is_high_limbs(size_t nl, const uint64_t *k, const uint64_t *n)
{
    uint64_t half[KURV_MAXL], d[KURV_MAXL];
    size_t i;
    KL_UNROLL
    for (i = 0; i < nl; i++)
        half[i] = (n[i] >> 1) | (i + 1 < nl ? n[i + 1] << 63 : 0);
    return 0 - kl_sub(nl, d, half, k);          /* (n - 1)/2 - k borrows */
}

/* k = min(k, n - k) for k < n, n odd (nl <= KURV_MAXL limbs): the fold that bounds the
 * partial sums of k*P and k*G away from +-addend (ec/mul_ct.h, ec/mul_base_ct.h). Return all-ones when k
 * was replaced by n - k, else 0. Constant time; the temporary is cleared. */
static inline uint64_t kurv_sc_fold_limbs(size_t nl, uint64_t *k, const uint64_t *n)
{
    uint64_t nk[KURV_MAXL], flip = kurv_sc_is_high_limbs(nl, k, n);
    volatile uint64_t *wipe = nk;
    size_t i;
    kl_sub(nl, nk, n, k);
    kl_cmov(nl, k, nk, flip);
    for (i = 0; i < nl; i++)
        wipe[i] = 0;
    return flip;
}

#endif
