/*
 * kurv-25519 internal: the group edwards25519 (-x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19),
 * RFC 8032 5.1), for ed25519.c and for the build-time generator of its tables (gen25519.c).
 *
 * Contract. Three representations of a point:
 *   k25519_ge     extended coordinates (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z;
 *   k25519_niels  an affine point as (y + x, y - x, 2 d x y): the precomputed form of the
 *                 tables of multiples of B (the identity is (1, 1, 0));
 *   k25519_cached an extended point as (Y + X, Y - X, Z, 2 d T): the form of the table of
 *                 multiples built at run time (verification's public key);
 *   k25519_niels64 a k25519_niels in 64-bit limbs (the fixed-base table's form).
 * The addition formulas are the unified ones of RFC 8032 5.1.4 (complete on this curve, so they
 * take the identity and equal points alike), the doubling its dedicated formula. Field elements
 * follow fe25519.h's bounds. Every function but the *_vartime ones and k25519_ge_decode runs in
 * time independent of the values (no branch, no memory index on them). Builds on fe25519.c
 * alone: no allocation, no kurv_wipe (the callers in ed25519.c wipe secret points), so the
 * generator links it natively without libkurv.
 */
#ifndef KURV_GE25519_H
#define KURV_GE25519_H

#include <stdint.h>

#include "fe25519.h"

typedef struct { k25519_fe X, Y, Z, T; } k25519_ge;
typedef struct { k25519_fe ypx, ymx, xy2d; } k25519_niels;
typedef struct { k25519_fe YpX, YmX, Z, T2d; } k25519_cached;
/* k25519_niels packed: each element's canonical value (below p) in four 64-bit limbs, low
 * limb first (k25519_fe_to64); the form of the fixed-base table (gen25519.c, base25519.c) */
typedef struct { uint64_t ypx[4], ymx[4], xy2d[4]; } k25519_niels64;

void k25519_ge_identity(k25519_ge *p);
/* the base point B = (x, 4/5), x even (RFC 8032 5.1) */
void k25519_ge_base(k25519_ge *p);
/* r = p + q, r = p - q (r may alias p) */
void k25519_ge_add(k25519_ge *r, const k25519_ge *p, const k25519_cached *q);
void k25519_ge_sub(k25519_ge *r, const k25519_ge *p, const k25519_cached *q);
/* r = p + q for an affine precomputed q (r may alias p) */
void k25519_ge_madd(k25519_ge *r, const k25519_ge *p, const k25519_niels *q);
/* r[j] = r[j] + q[j] (neg[j] = 0) or r[j] - q[j] (neg[j] = 1) for j < n (n = 1 or 2), q[j]
 * affine precomputed and, for neg[j] = 1, given with y + x and y - x traded (the rest of
 * the negation, 2 d x y's sign, is done here by mask: neg may be secret). The n additions
 * run side by side (edw_tmpl.h). */
void k25519_ge_madd_n(k25519_ge *r, const k25519_niels *q, const uint64_t *neg, int n);
/* r = 2p (r may alias p); T1 is not read */
void k25519_ge_dbl(k25519_ge *r, const k25519_ge *p);
/* r = 2p without r's T (left as it was): for a doubling whose result is only doubled again,
 * compared or encoded (k25519_ge_dbl, the encodings and k25519_ge_eq_vartime do not read T) */
void k25519_ge_dbl_xyz(k25519_ge *r, const k25519_ge *p);
/* the cached form of p */
void k25519_ge_to_cached(k25519_cached *r, const k25519_ge *p);
/* the affine precomputed form of p (one inversion) */
void k25519_ge_to_niels(k25519_niels *r, const k25519_ge *p);
/* r = -p */
void k25519_ge_neg(k25519_ge *r, const k25519_ge *p);
/* RFC 8032 5.1.2: y with the low bit of x in bit 255 (one inversion) */
void k25519_ge_encode(uint8_t out[32], const k25519_ge *p);
/* the encoding of a public point, Z inverted in variable time (faster than Fermat) */
void k25519_ge_encode_vartime(uint8_t out[32], const k25519_ge *p);
/* both encodings with one inversion (Z_p Z_q inverted; Z is never 0 in these coordinates) */
void k25519_ge_encode2(uint8_t out_p[32], const k25519_ge *p, uint8_t out_q[32],
                       const k25519_ge *q);
/* RFC 8032 5.1.3 (public inputs only: variable time). 0, or -1 when y >= p, when
 * x^2 = (y^2 - 1) / (d y^2 + 1) has no root, or when x = 0 and the sign bit is 1. */
int k25519_ge_decode(k25519_ge *p, const uint8_t s[32]);
/* 1 when p and q are the same point, else 0 (projective comparison; variable time) */
int k25519_ge_eq_vartime(const k25519_ge *p, const k25519_ge *q);

/* r = -r when b = 1, unchanged when b = 0 (y + x and y - x traded, 2 d x y negated) */
void k25519_niels_cneg(k25519_niels *r, uint64_t b);

#endif
