/*
 * kurv-25519 internal: scalars modulo the Ed25519 group order
 * L = 2^252 + 27742317777372353535851937790883648493 (RFC 8032 5.1), for ed25519.c.
 *
 * Contract. Scalars are 32 bytes, little-endian (RFC 8032 5.1.2). Inputs of any value
 * (below 2^512 or 2^256 as their lengths allow); outputs reduced to [0, L). Builds on the
 * core's double-word layer (core/src/wide.h) for the 64 x 64 -> 128-bit products. Constant
 * time: the reduction is a fixed sequence of word operations (three folds by
 * 2^252 = -(L - 2^252) mod L, then one subtraction of L kept or dropped by a mask), never a
 * branch or memory index on the values; k25519_sc_canonical alone is
 * variable time and takes public values only (a signature's S). The caller wipes secrets.
 */
#ifndef KURV_SC25519_H
#define KURV_SC25519_H

#include <stdint.h>

/* out = in mod L, in 64 bytes (a SHA-512 digest read as an integer, RFC 8032 5.1.6 steps
 * 2 and 4; 5.1.7 step 2) */
void k25519_sc_reduce64(uint8_t out[32], const uint8_t in[64]);

/* out = (a b + c) mod L, each input 32 bytes of any value (RFC 8032 5.1.6 step 5) */
void k25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                      const uint8_t c[32]);

/* 1 when s < L (RFC 8032 5.1.7 step 1's range check of S), else 0; variable time */
int k25519_sc_canonical(const uint8_t s[32]);

#endif
