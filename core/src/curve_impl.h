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

#define KURV_CURVE_ABI 4u

/*
 * Hot operations of one curve. Points cross this boundary as affine x||y,
 * each coordinate big-endian and field_len bytes (2 * field_len in all);
 * scalars as scalar_len big-endian bytes. Inputs are trusted to be in range
 * (the core validates them first).
 */
struct kurv_curve_ops {
    /* xy = k*G. Constant time in k. k must be < n.
     * Return: KURV_OK; KURV_ERR_INFINITY if k = 0 (xy zeroed). */
    kurv_err (*mul_base)(const kurv_curve *c, uint8_t *xy, const uint8_t *k);

    /* xy = k*P for a validated point P = pxy. Constant time in k (and P).
     * Return: KURV_OK; KURV_ERR_INFINITY if the product is O (xy zeroed). */
    kurv_err (*mul)(const kurv_curve *c, uint8_t *xy, const uint8_t *k, const uint8_t *pxy);

    /* x = x-coordinate (field_len bytes) of u1*G + u2*Q, Q = qxy validated.
     * u1, u2 < n. Variable time: for public inputs only.
     * Return: KURV_OK; KURV_ERR_INFINITY if the sum is O. */
    kurv_err (*mul2_vartime)(const kurv_curve *c, uint8_t *x, const uint8_t *u1,
                             const uint8_t *u2, const uint8_t *qxy);

    /* Check that x < p, y < p and y^2 = x^3 + a x + b.
     * Return: KURV_OK or KURV_ERR_POINT. */
    kurv_err (*check_xy)(const kurv_curve *c, const uint8_t *xy);

    /* ECDSA's final check without an inversion: KURV_OK if R = u1*G + u2*Q is not O
     * and x(R) mod n equals r (scalar_len bytes, 1 <= r < n), else KURV_ERR_SIGNATURE.
     * Compares r*Z^2 (and (r+n)*Z^2 when r + n < p) with Jacobian X.
     * Variable time: for public inputs only. */
    kurv_err (*ecdsa_check_vartime)(const kurv_curve *c, const uint8_t *r, const uint8_t *u1,
                                    const uint8_t *u2, const uint8_t *qxy);

    /* y (field_len bytes) with y^2 = x^3 + a x + b and y mod 2 = odd.
     * Return: KURV_OK; KURV_ERR_POINT if x >= p or x^3 + a x + b is not a square. */
    kurv_err (*lift_x)(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd);

    /* lift_x of n records: record i is xy + i*stride, x in its first field_len bytes,
     * and y (of parity odd) is written into the next field_len bytes. Curves with a
     * two-lane square root (secp256k1) take the records in pairs.
     * Return: KURV_OK; KURV_ERR_POINT with *bad = the first failing i (records before
     * it are lifted, those after it are not). */
    kurv_err (*lift_x_many)(const kurv_curve *c, uint8_t *xy, size_t n, size_t stride, int odd,
                            size_t *bad);

    /* xy = affine x||y of u1*G + u2*Q, Q = qxy validated, u1, u2 < n.
     * Variable time: for public inputs only (BIP-340 verification).
     * Return: KURV_OK; KURV_ERR_INFINITY if the sum is O (xy zeroed). */
    kurv_err (*mul2_xy_vartime)(const kurv_curve *c, uint8_t *xy, const uint8_t *u1,
                                const uint8_t *u2, const uint8_t *qxy);

    /* Bytes of scratch memory msm_vartime needs for n points (any alignment: the size
     * includes the padding); 0 if n is above the limit (2^22 points per call). */
    size_t (*msm_scratch_size)(const kurv_curve *c, size_t n);

    /* Multi-scalar product xy = g*G + sum_{i<n} k_i*P_i, variable time (public inputs).
     * pxy: n validated affine points x||y (2*field_len bytes each); k: n scalars of
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

    /*
     * The point API (kurv/point.h; core/src/point_tmpl.h, core/src/point.c). Points are
     * raw limbs in the curve's field representation: Jacobian uint64_t[3][KURV_MAXL]
     * (O stored as (1, 1, 0)), affine uint64_t[2][KURV_MAXL]; field elements
     * uint64_t[KURV_MAXL]; scalars plain little-endian limbs, reduced below n.
     * Masks are 0 or all-ones. Constant time unless named _vartime.
     */
    uint64_t (*p_fe_load)(const kurv_curve *c, uint64_t *r, const uint64_t *plain); /* mask: < p */
    void (*p_fe_store)(const kurv_curve *c, uint64_t *plain, const uint64_t *a);
    uint64_t (*p_fe_sqrt)(const kurv_curve *c, uint64_t *r, const uint64_t *a);     /* mask: square */
    void (*p_fe_neg)(const kurv_curve *c, uint64_t *r, const uint64_t *a);
    uint64_t (*p_aff_from_x)(const kurv_curve *c, uint64_t *r, const uint64_t *xplain, int odd);
    void (*p_add)(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q);
    void (*p_add_aff)(const kurv_curve *c, uint64_t *r, const uint64_t *p, const uint64_t *q);
    void (*p_dbl)(const kurv_curve *c, uint64_t *r, const uint64_t *p);
    uint64_t (*p_eq)(const kurv_curve *c, const uint64_t *p, const uint64_t *q);
    uint64_t (*p_eq_aff)(const kurv_curve *c, const uint64_t *p, const uint64_t *q);
    uint64_t (*p_to_aff)(const kurv_curve *c, uint64_t *r, const uint64_t *p);      /* mask: O */
    size_t (*p_batch_to_aff)(const kurv_curve *c, uint64_t *r, size_t r_stride, const uint64_t *p,
                             size_t p_stride, size_t n);   /* strides in limbs; returns #O */
    uint64_t (*p_on_curve)(const kurv_curve *c, const uint64_t *p);
    uint64_t (*p_aff_on_curve)(const kurv_curve *c, const uint64_t *p);
    void (*p_mul)(const kurv_curve *c, uint64_t *r, const uint64_t *k, const uint64_t *p);
    /* table NULL: the base point's table */
    void (*p_mul_table)(const kurv_curve *c, uint64_t *r, const uint64_t *k, const void *table);
    uint64_t (*p_table_build)(const kurv_curve *c, void *table, const uint64_t *p);
    void (*p_mul2_vartime)(const kurv_curve *c, uint64_t *r, const uint64_t *u1, const uint64_t *p,
                           const uint64_t *u2, const uint64_t *q);
    size_t p_table_len;           /* bytes of a fixed-point table */
    size_t p_limbs;               /* limbs of a field element in use */
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
