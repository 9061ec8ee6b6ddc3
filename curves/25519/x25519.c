/*
 * kurv-25519: X25519, RFC 7748 (API and error codes in <kurv/25519.h>).
 *
 * Inputs: a 32-byte private key (clamped here, on a copy), a 32-byte u-coordinate (top
 * bit masked by k25519_fe_frombytes). Output: the 32-byte u-coordinate of the product.
 * Builds on the field of fe25519.c and, for key generation, on the core's kurv_random
 * (<kurv/keys.h>) and kurv_wipe (<kurv/util.h>). The Montgomery ladder of RFC 7748 5
 * (ladder_tmpl.h; on x86-64 CPUs with BMI2 and ADX on the 4-limb field of x25519_adx.c,
 * else on fe25519.h's 51-bit limbs, the same bytes either way): 255 steps over bits
 * 254..0 of the clamped scalar, each a constant-time conditional swap (masks) and the same field operations whatever the bit; the result
 * x2 / z2 by one inversion (z2^(p-2), so 0 when z2 = 0). The all-zero check of RFC 7748
 * 6.1 ORs every byte: no early exit. Public keys (X25519(k, 9)) take the fixed-base
 * multiplication of base25519.c on the birationally equivalent edwards25519 instead of the
 * ladder, with the same result. Every secret (scalar, ladder state, points) is wiped.
 */
#include <kurv/25519.h>
#include <kurv/keys.h>
#include <kurv/util.h>

#include <string.h>

#include "ct.h"
#include "fe25519.h"
#include "util25519.h"
#include "base25519.h"
#include "x25519_adx.h"

/* (A - 2) / 4 for Curve25519's A = 486662 (RFC 7748 5) */
#define A24 121665

/* k = the clamped copy of scalar (RFC 7748 5: bits 0-2 and 255 cleared, bit 254 set) */
static void clamp(uint8_t k[32], const uint8_t scalar[32])
{
    memcpy(k, scalar, 32);
    k[0] &= 248;
    k[31] &= 127;
    k[31] |= 64;
}

/* the portable ladder on fe25519.h's 51-bit limbs: every sum and difference goes
 * straight into a product or square, so no carry (fe25519.h's lazy bounds: inputs below
 * 2^52, outputs below 2^54); the product by a24 takes them too */
#define KLD_NAME ladder_fe
#define KLD_FE k25519_fe
#define KLD_FROMBYTES k25519_fe_frombytes
#define KLD_SET(h, c) ((c) ? k25519_fe_1(h) : k25519_fe_0(h))
#define KLD_ADD k25519_fe_add_lazy
#define KLD_SUB k25519_fe_sub_lazy
#define KLD_MUL k25519_fe_mul
#define KLD_SQ k25519_fe_sq
#define KLD_A24_ADD(h, f, g) (k25519_fe_mul_small(h, f, A24), k25519_fe_add_lazy(h, g, h))
#define KLD_CSWAP k25519_fe_cswap
#include "ladder_tmpl.h"

/* out = X25519(k, u): the ladder of RFC 7748 5, on the 4-limb MULX/ADX field where the
 * CPU has it (x25519_adx.c) and else on the portable one, then x2 / z2 */
static void ladder(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    uint8_t k[32];
    k25519_fe x2, z2;

    clamp(k, scalar);
    if (!k25519_x25519_ladder_adx(&x2, &z2, k, u))
        ladder_fe(&x2, &z2, k, u);
    k25519_fe_invert(&z2, &z2);
    k25519_fe_mul(&x2, &x2, &z2);
    k25519_fe_tobytes(out, &x2);

    kurv_wipe(k, sizeof k);
    kurv_wipe(&x2, sizeof x2);
    kurv_wipe(&z2, sizeof z2);
}

kurv_err kurv_x25519(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[32])
{
    uint8_t acc = 0;
    int i;

    if (!shared)
        return KURV_ERR_ARG;
    if (!priv || !peer) {
        kurv_wipe(shared, 32);
        return KURV_ERR_ARG;
    }
    ladder(shared, priv, peer);
    for (i = 0; i < 32; i++)
        acc |= shared[i];
    kurv_declassify(&acc, sizeof acc);   /* whether the secret is all zero is returned */
    if (acc == 0) {   /* public: the peer's key is of small order (RFC 7748 6.1) */
        kurv_wipe(shared, 32);
        return KURV_ERR_POINT;
    }
    return KURV_OK;
}

/* pub = X25519(k, 9) as u([k]B) on edwards25519: Curve25519's base point u = 9 is the image
 * of Ed25519's B under the birational map u = (1 + y) / (1 - y) (RFC 7748 4.1), which
 * commutes with scalar multiplication, so the fixed-base table of base25519.c serves. The
 * clamped k is below 2^255 (base25519.h's bound), and k = 8 m with 0 < m < 2^252 < L, so
 * [k]B, in the subgroup of prime order L, is never the identity and y != 1: Z - Y is not 0.
 * Constant time: k25519_ge_base_mul, then field operations. */
static void public_from_scalar(uint8_t pub[32], const uint8_t priv[32])
{
    uint8_t k[32];
    k25519_ge p;
    k25519_fe n, d;

    clamp(k, priv);
    k25519_ge_base_mul(&p, k);
    k25519_fe_add(&n, &p.Z, &p.Y);   /* u = (Z + Y) / (Z - Y) */
    k25519_fe_sub(&d, &p.Z, &p.Y);
    k25519_fe_invert(&d, &d);
    k25519_fe_mul(&n, &n, &d);
    k25519_fe_tobytes(pub, &n);
    kurv_wipe(k, sizeof k);
    kurv_wipe(&p, sizeof p);
    kurv_wipe(&n, sizeof n);
    kurv_wipe(&d, sizeof d);
}

kurv_err kurv_x25519_public_key(uint8_t pub[32], const uint8_t priv[32])
{
    if (!pub || !priv)
        return KURV_ERR_ARG;
    public_from_scalar(pub, priv);
    return KURV_OK;
}

kurv_err kurv_x25519_keygen(uint8_t priv[32], uint8_t pub[32])
{
    return k25519_keygen(priv, pub, kurv_x25519_public_key);
}
