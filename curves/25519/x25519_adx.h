/*
 * kurv-25519 internal: the X25519 ladder's x86-64 path (x25519_adx.c), which x25519.c takes
 * before its portable ladder.
 *
 * k25519_x25519_ladder_adx(x2, z2, k, u): the Montgomery ladder of RFC 7748 5 on the
 * 4-limb MULX/ADCX/ADOX field of fe25519_adx.h, for k the clamped scalar (32 bytes) and u
 * the peer's u-coordinate (32 bytes, bit 255 masked here). Returns 1 with x2 / z2 = the
 * u-coordinate of [k]u as two elements of fe25519.h (limbs below 2^52, not reduced: the
 * caller inverts z2 and encodes), or 0 with x2 and z2 untouched when the path is not taken:
 * not compiled in (not x86-64, -Dasm=false, not optimising: K25519_FX_ADX in
 * fe25519_adx.h) or the CPU lacks BMI2 or ADX (core/src/mont_adx.h's kl_mont_adx_on,
 * from CPUID before main; KURV_X86_ADX=0 keeps the portable path, =1 forces this one).
 * Constant time in k and u; its own secrets wiped.
 *
 * k25519_adx_on(): 1 when the MULX/ADX path is compiled in and on (this file's copy of
 * kl_mont_adx_on), else 0: the one switch of the family's x86-64 paths, read also by the
 * fixed-base multiplication (base25519.c).
 *
 * k25519_x25519_adx_path(adx): for tests, the path of later calls (the ladder's and the
 * fixed-base multiplication's): adx = 1 takes this one when the CPU has it (as chosen at
 * start-up), adx = 0 the portable one. Returns whether this path is now on (0 where it is
 * not compiled in). Not thread safe: call it before any X25519 or Ed25519 runs.
 */
#ifndef KURV_X25519_ADX_H
#define KURV_X25519_ADX_H

#include <stdint.h>

#include "fe25519.h"

int k25519_x25519_ladder_adx(k25519_fe *x2, k25519_fe *z2, const uint8_t k[32],
                             const uint8_t u[32]);
int k25519_x25519_adx_path(int adx);
int k25519_adx_on(void);

#endif
