/*
 * kurv-25519 internal: fixed-base multiplication [s]B on edwards25519, for Ed25519's keys and
 * nonce points (ed25519.c) and X25519's public keys (x25519.c, through the birational map).
 *
 * Contract. k25519_ge_base_mul(r, s): r = [s]B in extended coordinates for a 32-byte
 * little-endian s below 2^255 (clamped keys, scalars mod L). k25519_ge_base_mul2(r1, s1, r2,
 * s2): r1 = [s1]B and r2 = [s2]B (each as k25519_ge_base_mul's, the same points) in one
 * pass over the table: each row is scanned once for both digits and the two additions of a
 * step run side by side (Ed25519's checked signing: A = [s]B and R = [r]B). Constant time
 * in the scalars: no branch and no memory index on them; the digits and the selected
 * points are wiped. No allocation. On x86-64 CPUs with BMI2 and ADX the points are computed
 * on the 4-limb MULX/ADCX/ADOX field (fe25519_adx.h; the choice of x25519_adx.c's
 * k25519_adx_on, also for tests' k25519_x25519_adx_path), elsewhere on fe25519.h's.
 * Builds on ge25519.c, fe25519_adx.h and the table K25519_BASE_COMB that gen25519.c writes
 * at build time (ed25519_comb_table.h); kurv_wipe from libkurv.
 */
#ifndef KURV_BASE25519_H
#define KURV_BASE25519_H

#include <stdint.h>

#include "ge25519.h"

void k25519_ge_base_mul(k25519_ge *r, const uint8_t s[32]);
void k25519_ge_base_mul2(k25519_ge *r1, const uint8_t s1[32], k25519_ge *r2,
                         const uint8_t s2[32]);

#endif
