/*
 * kurv internal: constant-time Montgomery arithmetic modulo an odd m of up to
 * KURV_MAXL 64-bit limbs, with the limb count chosen at run time. Used for
 * scalars modulo the group order n (and by the generic engine). Values are
 * little-endian arrays of m->nl limbs, always fully reduced (< m).
 * All functions are constant time unless their name ends in _vartime.
 */
#ifndef KURV_MONT_H
#define KURV_MONT_H

#include <stddef.h>
#include <stdint.h>

#define KURV_MAXL 9   /* 9 * 64 = 576 >= 521 bits */

typedef struct kurv_mont {
    size_t nl;                /* limbs in use, 1..KURV_MAXL */
    unsigned bits;            /* bit length of m */
    uint64_t m0inv;           /* -m^-1 mod 2^64 */
    uint64_t m[KURV_MAXL];    /* the modulus */
    uint64_t rr[KURV_MAXL];   /* R^2 mod m, R = 2^(64*nl) */
    uint64_t one[KURV_MAXL];  /* R mod m (1 in the Montgomery domain) */
} kurv_mont;

/* Fill *ctx for the odd modulus given as big-endian bytes (slow; for generators
 * and runtime curves). Return 0 on success, -1 if m is even, zero or too long. */
int kurv_mont_init(kurv_mont *ctx, const uint8_t *m, size_t len);

/* r = big-endian bytes b (len bytes, len <= 8*KURV_MAXL), not reduced; the
 * caller ensures the value fits in nl limbs. Return all-ones mask if r < m, else 0. */
uint64_t kurv_mont_load(const kurv_mont *ctx, uint64_t *r, const uint8_t *b, size_t len);
/* Write a (< m, plain form) as len big-endian bytes. */
void kurv_mont_store(const kurv_mont *ctx, uint8_t *b, size_t len, const uint64_t *a);

void kurv_mont_add(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
void kurv_mont_sub(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
void kurv_mont_neg(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
/* r = a*b/R mod m. r may alias a or b. */
void kurv_mont_mul(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b);
/* r = a*R mod m (into the Montgomery domain). */
void kurv_mont_to(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
/* r = a/R mod m (out of the Montgomery domain). */
void kurv_mont_from(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
/* r = a^-1 in the Montgomery domain, m prime; 0 maps to 0. Constant time in a: the
 * fixed-count Bernstein-Yang divsteps (kl_inv_safegcd_ct, safegcd.h) on the plain
 * value. (a^(m-2) by kurv_mont_pow_pubexp gives the same result.) */
void kurv_mont_inv(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
/* r = a^-1 in the Montgomery domain by Bernstein-Yang divsteps (safegcd.h; m odd);
 * 0 maps to 0, and so does an a not coprime to m. Variable time: for public values
 * only (ECDSA verification). */
void kurv_mont_inv_vartime(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
/* r = a^-1 mod m for a plain a < m (outside the Montgomery domain): kurv_mont_inv
 * (constant time, m prime) and kurv_mont_inv_vartime (public a only) without the two
 * domain changes. 0 maps to 0. */
void kurv_mont_inv_plain(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
void kurv_mont_inv_plain_vartime(const kurv_mont *ctx, uint64_t *r, const uint64_t *a);
/* r = a^e (Montgomery domain), e given as elen big-endian bytes. Constant time in the
 * base a (which may be secret: the inversion); the exponent e must be public, as its
 * bits decide the work (4-bit fixed window, leading zero windows skipped). */
void kurv_mont_pow_pubexp(const kurv_mont *ctx, uint64_t *r, const uint64_t *a,
                          const uint8_t *e, size_t elen);
/* All-ones if a == 0, else 0. */
uint64_t kurv_mont_is_zero(const kurv_mont *ctx, const uint64_t *a);
/* All-ones if a < b (plain integers of nl limbs), else 0. */
uint64_t kurv_mont_lt(const kurv_mont *ctx, const uint64_t *a, const uint64_t *b);
/* if (mask) r = a; mask is 0 or all-ones. */
void kurv_mont_cmov(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, uint64_t mask);

#endif
