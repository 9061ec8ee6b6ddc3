/* kurv: the group itself - points, scalars mod n, field square roots, fixed-point
 * tables, and curves from run-time parameters. */
#ifndef KURV_POINT_H
#define KURV_POINT_H

#include <kurv/curve.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * For protocols built on the group (blinding, key tweaking, threshold schemes):
 * every function works on any kurv_curve, built-in or made by kurv_curve_new().
 *
 * Points. A kurv_jacobian holds (X, Y, Z) with x = X/Z^2, y = Y/Z^3; the point at
 * infinity O has Z = 0. A kurv_affine holds (x, y) and is never O. Both carry their
 * curve (set by every function that writes one) and hold the coordinates in the
 * curve's internal field representation: treat the limbs as opaque and move
 * coordinates in and out with kurv_affine_set_xy() / kurv_affine_get_xy().
 * Layout, the same on every target: the curve pointer in the first 8 bytes (on 32-bit
 * targets a 4-byte pointer and the 4-byte pad_ member, which i386 would not insert on
 * its own since it aligns uint64_t to 4 inside structs), then the coordinates from
 * byte 8, KURV_POINT_LIMBS 64-bit limbs each (sized for 521-bit fields):
 * sizeof(kurv_jacobian) = 8 + 3*72 = 224 bytes, sizeof(kurv_affine) = 8 + 2*72 = 152.
 * Functions taking two points require the same curve (else KURV_ERR_CURVE).
 * Outputs may alias inputs.
 *
 * Scalars are kurv_curve_scalar_len(c) bytes, big-endian. Multiplications accept
 * any value of that length and use it modulo n (so n, 0 and 2n all give O).
 * The scalar functions (kurv_scalar_*) require inputs < n.
 *
 * Timing: every function is constant time in its secret inputs (scalars, point
 * coordinates) unless its name ends in _vartime; _vartime functions are for
 * public data only. Returned error codes and "is O" / "equal" results are, of
 * course, revealed.
 */
#define KURV_POINT_LIMBS 9

#if UINTPTR_MAX == 0xffffffffu
#define KURV_POINT_PAD_ uint32_t pad_;   /* 32-bit targets: the limbs start at byte 8 */
#else
#define KURV_POINT_PAD_
#endif

typedef struct kurv_jacobian {
    const kurv_curve *curve;
    KURV_POINT_PAD_
    uint64_t x[KURV_POINT_LIMBS], y[KURV_POINT_LIMBS], z[KURV_POINT_LIMBS];
} kurv_jacobian;

typedef struct kurv_affine {
    const kurv_curve *curve;
    KURV_POINT_PAD_
    uint64_t x[KURV_POINT_LIMBS], y[KURV_POINT_LIMBS];
} kurv_affine;
#undef KURV_POINT_PAD_

/* ------------------------------------------------------------ conversions */

/**
 * kurv_affine_set_xy() - an affine point from its coordinates.
 * @x, @y: kurv_curve_field_len(c) bytes each, big-endian.
 * Return: KURV_OK; KURV_ERR_POINT (x or y >= p, or not on the curve; *r zeroed).
 * Spec: SEC 1 v2 3.2.2.1 steps 1-3 (cofactor 1: on the curve = in the group).
 */
KURV_API kurv_err kurv_affine_set_xy(const kurv_curve *c, kurv_affine *r,
                                     const uint8_t *x, const uint8_t *y);

/**
 * kurv_affine_get_xy() - the coordinates of an affine point.
 * @x, @y: out, kurv_curve_field_len(c) bytes each; either may be NULL.
 * Return: KURV_OK; KURV_ERR_ARG (NULL point or curve).
 */
KURV_API kurv_err kurv_affine_get_xy(uint8_t *x, uint8_t *y, const kurv_affine *a);

/**
 * kurv_affine_from_x() - the point with this x and a y of the given parity
 * ("Weierstrass" recovery; the other root is kurv_affine_neg() of it, or call again
 * with the other parity).
 * @x:   kurv_curve_field_len(c) bytes.
 * @odd: nonzero for the odd y, zero for the even one.
 * Return: KURV_OK; KURV_ERR_POINT (x >= p, or x^3 + ax + b is not a square).
 * Spec: SEC 1 v2 2.3.4 step 2.4.
 */
KURV_API kurv_err kurv_affine_from_x(const kurv_curve *c, kurv_affine *r, const uint8_t *x, int odd);

/** kurv_jacobian_set_infinity() - r = O on curve c. Return: KURV_OK; KURV_ERR_ARG. */
KURV_API kurv_err kurv_jacobian_set_infinity(const kurv_curve *c, kurv_jacobian *r);

/** kurv_jacobian_from_affine() - r = a with Z = 1. Return: KURV_OK; KURV_ERR_ARG. */
KURV_API kurv_err kurv_jacobian_from_affine(kurv_jacobian *r, const kurv_affine *a);

/** kurv_jacobian_is_infinity() - 1 if p is O, 0 if not (or p is invalid). */
KURV_API int kurv_jacobian_is_infinity(const kurv_jacobian *p);

/**
 * kurv_jacobian_to_affine() - r = (X/Z^2, Y/Z^3), one field inversion.
 * Return: KURV_OK; KURV_ERR_INFINITY (p is O; *r zeroed); KURV_ERR_ARG.
 */
KURV_API kurv_err kurv_jacobian_to_affine(kurv_affine *r, const kurv_jacobian *p);

/**
 * kurv_jacobian_batch_to_affine() - convert @count points with one inversion
 * (Montgomery's trick: 3(count-1) extra multiplications).
 * @r: out, @count affine points (must not overlap @p).
 * Return: KURV_OK; KURV_ERR_INFINITY if some p[i] is O (those r[i] are zeroed with
 *         curve NULL, the others are converted); KURV_ERR_ARG (NULL, mixed curves).
 */
KURV_API kurv_err kurv_jacobian_batch_to_affine(kurv_affine *r, const kurv_jacobian *p, size_t count);

/**
 * kurv_affine_on_curve() / kurv_jacobian_on_curve() - check y^2 = x^3 + ax + b
 * (Y^2 = X^3 + aXZ^4 + bZ^6). O counts as on the curve.
 * Return: KURV_OK; KURV_ERR_POINT; KURV_ERR_ARG.
 */
KURV_API kurv_err kurv_affine_on_curve(const kurv_affine *a);
KURV_API kurv_err kurv_jacobian_on_curve(const kurv_jacobian *p);

/* ------------------------------------------------------------ group law */

/**
 * kurv_jacobian_add() - r = p + q. Complete: P + P, P + (-P) and O need no special
 * care (the Renes-Costello-Batina formulas through projective coordinates).
 * Return: KURV_OK; KURV_ERR_ARG; KURV_ERR_CURVE (different curves).
 */
KURV_API kurv_err kurv_jacobian_add(kurv_jacobian *r, const kurv_jacobian *p, const kurv_jacobian *q);

/** kurv_jacobian_add_affine() - r = p + q, q affine; complete as above. Errors as kurv_jacobian_add(). */
KURV_API kurv_err kurv_jacobian_add_affine(kurv_jacobian *r, const kurv_jacobian *p, const kurv_affine *q);

/** kurv_jacobian_double() - r = 2p (2O = O). Return: KURV_OK; KURV_ERR_ARG. */
KURV_API kurv_err kurv_jacobian_double(kurv_jacobian *r, const kurv_jacobian *p);

/** kurv_jacobian_neg(), kurv_affine_neg() - r = -p. Return: KURV_OK; KURV_ERR_ARG. */
KURV_API kurv_err kurv_jacobian_neg(kurv_jacobian *r, const kurv_jacobian *p);
KURV_API kurv_err kurv_affine_neg(kurv_affine *r, const kurv_affine *p);

/**
 * kurv_jacobian_equal() / kurv_jacobian_equal_affine() - compare without converting
 * to affine (X1 Z2^2 = X2 Z1^2 and Y1 Z2^3 = Y2 Z1^3).
 * Return: 1 if equal, 0 if not or on a bad argument (NULL, different curves).
 */
KURV_API int kurv_jacobian_equal(const kurv_jacobian *p, const kurv_jacobian *q);
KURV_API int kurv_jacobian_equal_affine(const kurv_jacobian *p, const kurv_affine *q);

/* ------------------------------------------------------------ multiplication */

/**
 * kurv_jacobian_mul() - r = k*p. Constant time in k and p (signed 5-bit windows,
 * Jacobian additions whose exceptional cases the scalar rules out: k is folded to
 * min(k, n - k), or on secp256k1 split by its endomorphism into two halves below
 * 2^128 with one shared chain of doublings). Cost about that of ECDH.
 * @k: kurv_curve_scalar_len(c) bytes, used modulo n; @k_len must equal that length.
 * Return: KURV_OK (r may be O); KURV_ERR_ARG (wrong @k_len, NULL).
 */
KURV_API kurv_err kurv_jacobian_mul(kurv_jacobian *r, const uint8_t *k, size_t k_len,
                                    const kurv_jacobian *p);

/**
 * kurv_jacobian_mul_base() - r = k*G with the curve's base-point table. Constant time in k.
 * Return: KURV_OK (r may be O); KURV_ERR_ARG.
 */
KURV_API kurv_err kurv_jacobian_mul_base(const kurv_curve *c, kurv_jacobian *r,
                                         const uint8_t *k, size_t k_len);

/**
 * kurv_jacobian_mul2_vartime() - r = u1*p + u2*q (interleaved width-5 NAF, one
 * chain of doublings). VARIABLE TIME: public scalars and points only. For secret
 * scalars use two kurv_jacobian_mul() and kurv_jacobian_add().
 * @u1, @u2: scalar_len bytes each, used modulo n.
 * Return: KURV_OK (r may be O); KURV_ERR_ARG; KURV_ERR_CURVE.
 */
KURV_API kurv_err kurv_jacobian_mul2_vartime(kurv_jacobian *r, const uint8_t *u1, const kurv_jacobian *p,
                                             const uint8_t *u2, const kurv_jacobian *q, size_t k_len);

/* ------------------------------------------------------------ fixed-point tables */

/**
 * kurv_table_len() - bytes of a fixed-point table on curve c: 32*ceil((bits(n)+1)/5)
 * entries of one affine point (16 per 5-bit window). Per curve: secp256k1, P-256,
 * brainpoolP256r1 53248; P-384, brainpoolP384r1 118272; brainpoolP512r1 210944;
 * P-521 241920 (72-byte limbs). Runtime curves: as for a curve whose n has 64*L bits, L the limb
 * count of p (e.g. the STARK curve: 53248).
 * Return: the size, or 0 for an invalid curve.
 */
KURV_API size_t kurv_table_len(const kurv_curve *c);

/**
 * kurv_table_build() - fill a fixed-window table for the fixed point @p (window i, entry j =
 * (j+1) * 2^(5i) * P), the format of the base-point tables generated at build time.
 * Constant time in p; about 3*bits(n) point additions and one inversion per window.
 * @table:     caller memory, aligned for uint64_t, @table_len >= kurv_table_len(c).
 * Return: KURV_OK; KURV_ERR_BUFFER (too small or misaligned); KURV_ERR_POINT (p not on
 *         the curve); KURV_ERR_CURVE (p belongs to another curve than @c); KURV_ERR_ARG.
 */
KURV_API kurv_err kurv_table_build(const kurv_curve *c, void *table, size_t table_len,
                                   const kurv_affine *p);

/**
 * kurv_table_mul() - r = k*P with P's table: no doublings, one addition per window.
 * Constant time in k (every entry of a window is read).
 * Return: KURV_OK (r may be O); KURV_ERR_ARG (wrong @k_len, NULL); KURV_ERR_BUFFER
 *         (@table_len too small or misaligned).
 */
KURV_API kurv_err kurv_table_mul(const kurv_curve *c, kurv_jacobian *r, const void *table,
                                 size_t table_len, const uint8_t *k, size_t k_len);

/* ------------------------------------------------------------ scalars mod n, field */

/**
 * kurv_scalar_add(), _sub(), _mul(): r = a + b, a - b, a*b mod n; kurv_scalar_neg(): r = -a mod n.
 * All scalar_len bytes, big-endian; r may alias an input. Constant time.
 * Return: KURV_OK; KURV_ERR_ARG (an input >= n, NULL; r zeroed).
 */
KURV_API kurv_err kurv_scalar_add(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b);
KURV_API kurv_err kurv_scalar_sub(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b);
KURV_API kurv_err kurv_scalar_mul(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b);
KURV_API kurv_err kurv_scalar_neg(const kurv_curve *c, uint8_t *r, const uint8_t *a);

/**
 * kurv_scalar_inv() - r = a^-1 mod n (Bernstein-Yang divsteps, a fixed count for n's
 * bit length). Constant time in a.
 * Return: KURV_OK; KURV_ERR_ARG (a = 0 or a >= n; r zeroed).
 */
KURV_API kurv_err kurv_scalar_inv(const kurv_curve *c, uint8_t *r, const uint8_t *a);

/**
 * kurv_scalar_reduce() - r = x mod n for a wide big-endian x (a hash output, or
 * 2*scalar_len random bytes for a nearly uniform scalar). Constant time in x.
 * @r:     out, scalar_len bytes.
 * @x_len: 0 to 2*KURV_MAX_SCALAR_LEN (132) bytes.
 * Return: KURV_OK; KURV_ERR_ARG (x_len too long, NULL).
 */
KURV_API kurv_err kurv_scalar_reduce(const kurv_curve *c, uint8_t *r, const uint8_t *x, size_t x_len);

/**
 * kurv_field_sqrt() - a square root of a modulo p (the even one of the two).
 * Constant time in a. Works for p = 3 mod 4 (all built-in curves) and p = 1 mod 4
 * (Tonelli-Shanks, runtime curves).
 * @r, @a: kurv_curve_field_len(c) bytes.
 * Return: KURV_OK; KURV_ERR_POINT (a >= p or a is not a square; r zeroed); KURV_ERR_ARG.
 */
KURV_API kurv_err kurv_field_sqrt(const kurv_curve *c, uint8_t *r, const uint8_t *a);

/* ------------------------------------------------------------ curves from run-time parameters */

/* Short-Weierstrass parameters y^2 = x^3 + ax + b over GF(p), big-endian, any lengths
 * (leading zero bytes are ignored). */
typedef struct kurv_curve_params {
    const char *name;                   /* copied (first 31 bytes); NULL gives "runtime" */
    const uint8_t *p, *a, *b, *gx, *gy, *n;
    size_t p_len, a_len, b_len, gx_len, gy_len, n_len;
    unsigned cofactor;                  /* h; must be 1 */
} kurv_curve_params;

/* Which check kurv_curve_new() refused. */
typedef enum kurv_curve_fault {
    KURV_CURVE_FAULT_NONE = 0,
    KURV_CURVE_FAULT_SIZE,      /* p over 521 bits, n over 9 limbs, or n under 2^32 */
    KURV_CURVE_FAULT_P,         /* p even, <= 3, or not a probable prime */
    KURV_CURVE_FAULT_N,         /* n even, <= 3, not a probable prime, or n = p (anomalous) */
    KURV_CURVE_FAULT_RANGE,     /* a, b, Gx or Gy >= p */
    KURV_CURVE_FAULT_SINGULAR,  /* 4a^3 + 27b^2 = 0 mod p */
    KURV_CURVE_FAULT_G,         /* G not on the curve */
    KURV_CURVE_FAULT_ORDER,     /* n*G != O */
    KURV_CURVE_FAULT_COFACTOR   /* h != 1, or n too small for the group order to be n */
} kurv_curve_fault;

/**
 * kurv_curve_new() - a curve descriptor from domain parameters, for any prime p of up
 * to 521 bits whose group order n is at least 2^32 (the constant-time multiplications
 * rely on n being far above their window sizes; toy curves are refused). Validates: p and n odd probable primes (64 Miller-Rabin rounds with
 * random bases each), a, b, Gx, Gy < p, 4a^3 + 27b^2 != 0, G on the curve, n*G = O,
 * and cofactor 1: h must be 1 and 2n > p + 1 + 2^(ceil(bits(p)/2) + 1) >= the Hasse
 * bound, so the group has exactly n points and every point on the curve is in it
 * (what ECDSA, ECDH and the point checks assume).
 * Everything taking a kurv_curve works on the result: ECDSA, ECDH, key generation,
 * SEC1 points and this header's API, through generic arithmetic (Montgomery over
 * L = 4..9 limbs, a base-point table built here; a few times slower than the
 * built-in curves). Key files (kurv/keyfile.h) need a named curve's OID: they return
 * KURV_ERR_UNSUPPORTED for a runtime curve (and a file cannot name one).
 * Slow (tens of ms: the primality tests and the table): make a curve once and keep it.
 * @out:   out, the new curve, to be released with kurv_curve_free().
 * @fault: out, optional: which check failed.
 * Return: KURV_OK; KURV_ERR_CURVE (a check failed, see @fault); KURV_ERR_UNSUPPORTED
 *         (p over 521 bits, n under 2^32, cofactor not 1, out of memory); KURV_ERR_RNG;
 *         KURV_ERR_ARG.
 * Spec: SEC 1 v2 3.1.1.2.1 (domain parameter validation), X9.62 A.3.
 */
KURV_API kurv_err kurv_curve_new(kurv_curve **out, const kurv_curve_params *prm,
                                 kurv_curve_fault *fault);

/**
 * kurv_curve_params_of() - the parameters of an existing curve (pointers into its
 * descriptor, valid as long as it is), e.g. to rebuild a built-in curve at run time.
 * Return: KURV_OK; KURV_ERR_ARG.
 */
KURV_API kurv_err kurv_curve_params_of(const kurv_curve *c, kurv_curve_params *prm);

/** kurv_curve_free() - release a curve from kurv_curve_new() (wiped). NULL and built-in
 * descriptors are ignored. Nothing may use the curve afterwards. */
KURV_API void kurv_curve_free(kurv_curve *c);

#ifdef __cplusplus
}
#endif
#endif
