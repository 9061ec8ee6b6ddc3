/*
 * kurv-25519 internal: fixed-base multiplication [s]B on edwards25519, for Ed25519's keys and
 * nonce points (ed25519.c) and X25519's public keys (x25519.c, through the birational map).
 *
 * Contract. k25519_ge_base_mul(r, s): r = [s]B in extended coordinates for a 32-byte
 * little-endian s below 2^255 (clamped keys, scalars mod L). Constant time in s: no branch
 * and no memory index on it; the digits and the selected points are wiped. No allocation.
 * Builds on ge25519.c and the table K25519_BASE_COMB that gen25519.c writes at build time
 * (ed25519_comb_table.h); kurv_wipe from libkurv.
 */
#ifndef KURV_BASE25519_H
#define KURV_BASE25519_H

#include <stdint.h>

#include "ge25519.h"

void k25519_ge_base_mul(k25519_ge *r, const uint8_t s[32]);

#endif
