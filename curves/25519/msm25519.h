/*
 * kurv-25519 internal: the variable-time multi-scalar products of Ed25519 verification on
 * edwards25519, for ed25519.c (one signature) and batch25519.c (many).
 *
 * Contract. Public inputs only: every function here is VARIABLE time (branches and memory
 * indexes on the scalars and points). Scalars are 32 bytes little-endian, below 2^253 (a
 * residue mod L, or a 128-bit coefficient). Points are in extended coordinates (ge25519.h).
 *   k25519_wnaf_vartime      the width-w NAF of a scalar;
 *   k25519_double_mul_vartime [s]B - [k]A: Straus over width-8 (B, the generated table
 *                            K25519_BASE_ODD) and width-5 (A) NAFs, one chain of doublings;
 *   k25519_msm_vartime       [b]B + sum [s_i]P_i for m points: Straus (interleaved width-5
 *                            NAFs, shared doublings) up to K25519_MSM_PIPPENGER points,
 *                            Pippenger's bucket method (signed windows) above.
 * The product's memory is the caller's scratch (k25519_msm_scratch_size(m) bytes, any
 * alignment): nothing is allocated. Builds on ge25519.c, base25519.c and the table
 * ed25519_odd_table.h that gen25519.c writes at build time.
 */
#ifndef KURV_MSM25519_H
#define KURV_MSM25519_H

#include <stddef.h>
#include <stdint.h>

#include "ge25519.h"

/* from this many points up, k25519_msm_vartime uses Pippenger's method */
#define K25519_MSM_PIPPENGER 512

/* naf = the width-w NAF of s < 2^253 (2 <= w <= 8): s = sum naf_i 2^i, each digit 0 or odd
 * in -(2^(w-1) - 1)..2^(w-1) - 1, at least w - 1 zeros after each nonzero one */
void k25519_wnaf_vartime(int8_t naf[256], const uint8_t s[32], int w);

/* r = [s]B - [k]A for s, k below 2^253 */
void k25519_double_mul_vartime(k25519_ge *r, const uint8_t s[32], const uint8_t k[32],
                               const k25519_ge *a);

/* bytes of scratch k25519_msm_vartime needs for m points (0 when m is above 2^24) */
size_t k25519_msm_scratch_size(size_t m);

/* r = [b]B + sum_{i < m} [s_i] p_i, s_i the 32 bytes at s + 32 i, each below 2^253 (as is
 * b); m >= 0; scratch: k25519_msm_scratch_size(m) bytes */
void k25519_msm_vartime(k25519_ge *r, const uint8_t b[32], const uint8_t *s,
                        const k25519_ge *p, size_t m, void *scratch);

/* 1 when p is the identity (X = 0, Y = Z), else 0 */
int k25519_ge_is_identity_vartime(const k25519_ge *p);

#endif
