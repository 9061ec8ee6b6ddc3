/*
 * kurv internal: the real layout of struct kurv_curve and the operations a
 * curve library provides. Shared by the core and the curve libraries; never
 * installed. A curve library is built against exactly this header, so its
 * pkg-config file requires the same kurv version and the descriptor carries
 * KURV_CURVE_ABI, which the core checks.
 */
#ifndef KURV_CURVE_IMPL_H
#define KURV_CURVE_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/curve.h>
#include "mont.h"

#define KURV_CURVE_ABI 5u

/*
 * Optional capabilities of a curve, behind kurv_curve_ops.ext (NULL when the curve
 * has none of them: the run-time curves). A curve that has the block fills every
 * slot. Callers check ext first. Variable time unless said otherwise.
 */
struct kurv_curve_ext {
    /* lift_x of n records: record i is xy + i*stride, x in its first field_len bytes,
     * and y (of parity odd) is written into the next field_len bytes. Curves with a
     * two-lane square root (secp256k1) take the records in pairs. Constant time per
     * record, but stops at the first failing one.
     * Return: KURV_OK; KURV_ERR_POINT with *bad = the first failing i (x >= p or no
     * square root; records before it are lifted, those after it are not). */
    kurv_err (*lift_x_many)(const kurv_curve *c, uint8_t *xy, size_t n, size_t stride, int odd,
                            size_t *bad);

    /* xy (2 * field_len bytes) = affine x||y of u1*G + u2*Q, Q = qxy on the curve,
     * u1, u2 < n (scalar_len bytes each). Variable time: for public inputs only
     * (BIP-340 verification).
     * Return: KURV_OK; KURV_ERR_INFINITY if the sum is O (xy zeroed); KURV_ERR_POINT if
     * a coordinate of Q is >= p. */
    kurv_err (*mul2_xy_vartime)(const kurv_curve *c, uint8_t *xy, const uint8_t *u1,
                                const uint8_t *u2, const uint8_t *qxy);

    /* Bytes of scratch memory msm_vartime needs for n points (any alignment: the size
     * includes the padding); 0 if n is above the limit (2^22 points per call). */
    size_t (*msm_scratch_size)(const kurv_curve *c, size_t n);

    /* Multi-scalar product xy = g*G + sum_{i<n} k_i*P_i, variable time (public inputs).
     * pxy: n affine points x||y (2*field_len bytes each) on the curve; k: n scalars of
     * scalar_len bytes, each < n; g: one such scalar, or NULL for no G term. xy may be
     * NULL to learn only whether the sum is O. Strauss (interleaved wNAF) for few
     * points, Pippenger (buckets) for many, GLV on curves with an endomorphism; all
     * memory from scratch (scratch_len >= msm_scratch_size(c, n); may be NULL if n = 0).
     * Return: KURV_OK; KURV_ERR_INFINITY if the sum is O (xy zeroed); KURV_ERR_BUFFER
     * if scratch_len is too small; KURV_ERR_ARG for n above the limit or a NULL array;
     * KURV_ERR_POINT if a coordinate is >= p. */
    kurv_err (*msm_vartime)(const kurv_curve *c, uint8_t *xy, const uint8_t *g,
                            const uint8_t *k, const uint8_t *pxy, size_t n,
                            void *scratch, size_t scratch_len);
};

/*
 * The operations of one curve; every slot is mandatory (ext excepted). Points cross
 * the byte-level slots as affine x||y, each coordinate big-endian and field_len bytes
 * (2 * field_len in all); scalars as scalar_len big-endian bytes, < n. The core
 * validates its inputs before calling (a point is on the curve, a scalar in range):
 * the slots only report what they must still check themselves.
 */
struct kurv_curve_ops {
    /* xy = k*G. Constant time in k.
     * Return: KURV_OK; KURV_ERR_INFINITY if k = 0 (xy zeroed). */
    kurv_err (*mul_base)(const kurv_curve *c, uint8_t *xy, const uint8_t *k);

    /* xy = k*P for P = pxy on the curve, P public (every caller's P is a peer's public
     * key: ECDH, ECIES). Constant time in k; the time may depend on P (a built-in curve
     * makes P's table affine with a variable-time inversion).
     * Return: KURV_OK; KURV_ERR_INFINITY if the product is O (xy zeroed);
     * KURV_ERR_POINT if a coordinate of P is >= p. */
    kurv_err (*mul)(const kurv_curve *c, uint8_t *xy, const uint8_t *k, const uint8_t *pxy);

    /* Whether x(R) of R = u1*G + u2*Q (Q = qxy on the curve) is one of nx candidate
     * x-coordinates xs (field_len big-endian bytes each, back to back; a candidate
     * >= p matches nothing): *eq = 1 if R != O and it is, else 0. Built-in curves
     * compare x * Z^2 with the Jacobian X, without an inversion. Variable time: for
     * public inputs only (ECDSA verification, dsa/verify.c, passes r and r + n).
     * Return: KURV_OK; KURV_ERR_INFINITY if R = O; KURV_ERR_POINT if a coordinate of
     * Q is >= p. */
    kurv_err (*mul2_x_eq_vartime)(const kurv_curve *c, int *eq, const uint8_t *u1,
                                  const uint8_t *u2, const uint8_t *qxy,
                                  const uint8_t *xs, size_t nx);

    /* Check that x < p, y < p and y^2 = x^3 + a x + b. Constant time.
     * Return: KURV_OK or KURV_ERR_POINT. */
    kurv_err (*check_xy)(const kurv_curve *c, const uint8_t *xy);

    /* y (field_len bytes) with y^2 = x^3 + a x + b and y mod 2 = odd. Constant time.
     * Return: KURV_OK; KURV_ERR_POINT if x >= p or x^3 + a x + b is not a square. */
    kurv_err (*lift_x)(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd);

    /*
     * The point API (kurv/point.h; core/src/ec/point_ops.h, core/src/point.c). Points
     * are raw limbs in the curve's field representation: Jacobian uint64_t[3][KURV_MAXL]
     * (O stored as (1, 1, 0)), affine uint64_t[2][KURV_MAXL]; field elements
     * uint64_t[KURV_MAXL]; only the first p_limbs limbs of each are used, the rest
     * zero. Scalars are plain little-endian limbs, reduced below n. Masks are 0 or
     * all-ones. None of these fails: bad input is reported through a mask. Constant
     * time unless named _vartime.
     */
    /* r = plain (< 2^(64 p_limbs)) in the representation; mask: plain < p */
    uint64_t (*p_fe_load)(const kurv_curve *c, uint64_t *r, const uint64_t *plain);
    /* plain = the fully reduced value of a */
    void (*p_fe_store)(const kurv_curve *c, uint64_t *plain, const uint64_t *a);
    /* r = a square root of a; mask: a is a square */
    uint64_t (*p_fe_sqrt)(const kurv_curve *c, uint64_t *r, const uint64_t *a);
    /* r = -a */
    void (*p_fe_neg)(const kurv_curve *c, uint64_t *r, const uint64_t *a);
    /* r = the affine point with x = xplain and y of parity odd; mask: it exists */
    uint64_t (*p_aff_from_x)(const kurv_curve *c, uint64_t *r, const uint64_t *xplain, int odd);
    /* r = p + q (Jacobian), complete: any inputs, O included; r may alias p or q */
    void (*p_add)(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q);
    /* r = p + q, q affine; complete */
    void (*p_add_aff)(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q);
    /* r = 2p */
    void (*p_dbl)(const kurv_curve *c, uint64_t *r, const uint64_t *p);
    /* mask: p = q (Jacobian, O equal to O only) */
    uint64_t (*p_eq)(const kurv_curve *c, const uint64_t *p, const uint64_t *q);
    /* mask: p (Jacobian) = q (affine) */
    uint64_t (*p_eq_aff)(const kurv_curve *c, const uint64_t *p, const uint64_t *q);
    /* r = affine of p; mask: p is O (r zero) */
    uint64_t (*p_to_aff)(const kurv_curve *c, uint64_t *r, const uint64_t *p);
    /* n Jacobian points (p_stride limbs apart) to affine (r_stride limbs apart), one
     * inversion; r must not overlap p. O gives zero. Returns how many were O. */
    size_t (*p_batch_to_aff)(const kurv_curve *c, uint64_t *r, size_t r_stride, const uint64_t *p,
                             size_t p_stride, size_t n);
    /* mask: p (Jacobian) is on the curve; O counts as on it */
    uint64_t (*p_on_curve)(const kurv_curve *c, const uint64_t *p);
    /* mask: p (affine) is on the curve */
    uint64_t (*p_aff_on_curve)(const kurv_curve *c, const uint64_t *p);
    /* r = k*p (Jacobian), constant time in k and p */
    void (*p_mul)(const kurv_curve *c, uint64_t *r, const uint64_t *k, const uint64_t *p);
    /* r = k*P from P's fixed-window table (p_table_build); table NULL: G's own table */
    void (*p_mul_table)(const kurv_curve *c, uint64_t *r, const uint64_t *k, const void *table);
    /* fill the p_table_len-byte table of the affine point p (aligned for uint64_t);
     * mask: no entry was O (always so for a point of the curve) */
    uint64_t (*p_table_build)(const kurv_curve *c, void *table, const uint64_t *p);
    /* r = u1*p + u2*q (Jacobian inputs, either may be O). Variable time: public only. */
    void (*p_mul2_vartime)(const kurv_curve *c, uint64_t *r, const uint64_t *u1, const uint64_t *p,
                           const uint64_t *u2, const uint64_t *q);
    size_t p_table_len;           /* bytes of a fixed-point table */
    size_t p_limbs;               /* limbs of a field element in use */

    /* optional capabilities, or NULL */
    const struct kurv_curve_ext *ext;
};

struct kurv_curve {
    unsigned abi;                 /* KURV_CURVE_ABI */
    const char *name;             /* standard name: "secp256k1", "P-256", ... */
    const char *const *aliases;   /* NULL-terminated */
    const char *oid_str;          /* dotted OID */
    const uint8_t *oid;           /* OID DER contents */
    size_t oid_len;
    unsigned field_bits, order_bits;
    size_t flen, slen;            /* bytes of a field element, of a scalar */
    const uint8_t *p, *a, *b, *gx, *gy; /* flen bytes each, big-endian */
    const uint8_t *n;             /* slen bytes, big-endian */
    unsigned cofactor;
    const kurv_mont *sc;          /* arithmetic modulo n */
    const struct kurv_curve_ops *ops;
};

/* Return nonzero if c is a descriptor this core can use (non-NULL, ABI match). */
static inline int kurv_curve_ok(const kurv_curve *c)
{
    return c != NULL && c->abi == KURV_CURVE_ABI && c->ops != NULL;
}

#endif
