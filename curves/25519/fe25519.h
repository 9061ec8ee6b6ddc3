/*
 * kurv-25519 internal: the field GF(p), p = 2^255 - 19, shared by X25519 (x25519.c) and
 * Ed25519 (ed25519.c).
 *
 * Contract. An element is five unsigned 64-bit limbs of 51 bits, value
 * h0 + h1 2^51 + h2 2^102 + h3 2^153 + h4 2^204, not necessarily reduced. Every function
 * takes limbs below 2^52 and returns limbs below 2^52 (k25519_fe_tobytes returns the one
 * canonical encoding in [0, p)); outputs may alias inputs. The 64 x 64 -> 128-bit products
 * and their sums are the core's double-word layer (core/src/wide.h: unsigned __int128
 * where the compiler has it, two 64-bit words otherwise or with -Dint128=disabled), so the
 * code is the same portable C on 32- and 64-bit targets. Bytes are loaded and stored one at
 * a time, little-endian as RFC 7748 5 and RFC 8032 5.1.2 define them: no byte-order
 * assumption. Every function runs in time independent of the values (no branch, no memory
 * index on them); the caller wipes secret elements (kurv_wipe).
 */
#ifndef KURV_FE25519_H
#define KURV_FE25519_H

#include <stdint.h>

typedef struct { uint64_t v[5]; } k25519_fe;

/* h = the 255 low bits of s[0..31], little-endian (the top bit of s[31] is ignored: RFC 7748
 * 5's masking; Ed25519's decoding takes that bit itself). Not reduced: values p..2^255-1
 * stay as they are, and are equal to their reduction in every later operation. */
void k25519_fe_frombytes(k25519_fe *h, const uint8_t s[32]);
/* s = h mod p, 32 bytes little-endian (top bit 0) */
void k25519_fe_tobytes(uint8_t s[32], const k25519_fe *h);

void k25519_fe_0(k25519_fe *h);
void k25519_fe_1(k25519_fe *h);
void k25519_fe_copy(k25519_fe *h, const k25519_fe *f);
void k25519_fe_add(k25519_fe *h, const k25519_fe *f, const k25519_fe *g);   /* f + g */
void k25519_fe_sub(k25519_fe *h, const k25519_fe *f, const k25519_fe *g);   /* f - g */
void k25519_fe_neg(k25519_fe *h, const k25519_fe *f);                       /* -f */
void k25519_fe_mul(k25519_fe *h, const k25519_fe *f, const k25519_fe *g);   /* f g */
void k25519_fe_sq(k25519_fe *h, const k25519_fe *f);                        /* f^2 */
void k25519_fe_mul_small(k25519_fe *h, const k25519_fe *f, uint32_t c);     /* c f, c < 2^20 */
void k25519_fe_invert(k25519_fe *h, const k25519_fe *f);   /* f^(p-2): 1/f, and 0 for 0 */
void k25519_fe_pow22523(k25519_fe *h, const k25519_fe *f); /* f^((p-5)/8) = f^(2^252-3) */

/* swap f and g when b = 1, leave them when b = 0 (b in {0, 1}) */
void k25519_fe_cswap(k25519_fe *f, k25519_fe *g, uint64_t b);
/* f = g when b = 1 (b in {0, 1}) */
void k25519_fe_cmov(k25519_fe *f, const k25519_fe *g, uint64_t b);

/* 1 when f = 0 mod p, else 0 */
uint64_t k25519_fe_iszero(const k25519_fe *f);
/* 1 when f = g mod p, else 0 */
uint64_t k25519_fe_eq(const k25519_fe *f, const k25519_fe *g);
/* the low bit of f mod p (RFC 8032 5.1.2's sign of x) */
uint64_t k25519_fe_isodd(const k25519_fe *f);

#endif
