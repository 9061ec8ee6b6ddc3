/*
 * kurv-25519: X25519, RFC 7748 (API and error codes in <kurv/25519.h>).
 *
 * Inputs: a 32-byte private key (clamped here, on a copy), a 32-byte u-coordinate (top
 * bit masked by k25519_fe_frombytes). Output: the 32-byte u-coordinate of the product.
 * Builds on the field of fe25519.c and, for key generation, on the core's kurv_random
 * (<kurv/keys.h>) and kurv_wipe (<kurv/util.h>). The Montgomery ladder of RFC 7748 5:
 * 255 steps over bits 254..0 of the clamped scalar, each a constant-time conditional swap
 * (masks, k25519_fe_cswap) and the same field operations whatever the bit; the result
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

/* out = X25519(k, u): the ladder of RFC 7748 5 */
static void ladder(uint8_t out[32], const uint8_t scalar[32], const uint8_t u[32])
{
    uint8_t k[32];
    k25519_fe x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    uint64_t swap = 0, kt;
    int i;

    clamp(k, scalar);

    k25519_fe_frombytes(&x1, u);
    k25519_fe_1(&x2);
    k25519_fe_0(&z2);
    k25519_fe_copy(&x3, &x1);
    k25519_fe_1(&z3);

    for (i = 254; i >= 0; i--) {
        kt = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
        swap ^= kt;
        k25519_fe_cswap(&x2, &x3, swap);
        k25519_fe_cswap(&z2, &z3, swap);
        swap = kt;

        /* every sum and difference goes straight into a product or square: no carry
         * (fe25519.h's lazy bounds: inputs below 2^52, outputs below 2^54) */
        k25519_fe_add_lazy(&a, &x2, &z2); /* A = x2 + z2 */
        k25519_fe_sq(&aa, &a);            /* AA = A^2 */
        k25519_fe_sub_lazy(&b, &x2, &z2); /* B = x2 - z2 */
        k25519_fe_sq(&bb, &b);            /* BB = B^2 */
        k25519_fe_sub_lazy(&e, &aa, &bb); /* E = AA - BB */
        k25519_fe_add_lazy(&c, &x3, &z3); /* C = x3 + z3 */
        k25519_fe_sub_lazy(&d, &x3, &z3); /* D = x3 - z3 */
        k25519_fe_mul(&da, &d, &a);       /* DA = D * A */
        k25519_fe_mul(&cb, &c, &b);       /* CB = C * B */
        k25519_fe_add_lazy(&t, &da, &cb);
        k25519_fe_sq(&x3, &t);            /* x3 = (DA + CB)^2 */
        k25519_fe_sub_lazy(&t, &da, &cb);
        k25519_fe_sq(&t, &t);
        k25519_fe_mul(&z3, &x1, &t);      /* z3 = x1 * (DA - CB)^2 */
        k25519_fe_mul(&x2, &aa, &bb);     /* x2 = AA * BB */
        k25519_fe_mul_small(&t, &e, A24);
        k25519_fe_add_lazy(&t, &aa, &t);
        k25519_fe_mul(&z2, &e, &t);       /* z2 = E * (AA + a24 * E) */
    }
    k25519_fe_cswap(&x2, &x3, swap);
    k25519_fe_cswap(&z2, &z3, swap);

    k25519_fe_invert(&z2, &z2);
    k25519_fe_mul(&x2, &x2, &z2);
    k25519_fe_tobytes(out, &x2);

    kurv_wipe(k, sizeof k);
    kurv_wipe(&x1, sizeof x1);
    kurv_wipe(&x2, sizeof x2);
    kurv_wipe(&z2, sizeof z2);
    kurv_wipe(&x3, sizeof x3);
    kurv_wipe(&z3, sizeof z3);
    kurv_wipe(&a, sizeof a);
    kurv_wipe(&aa, sizeof aa);
    kurv_wipe(&b, sizeof b);
    kurv_wipe(&bb, sizeof bb);
    kurv_wipe(&e, sizeof e);
    kurv_wipe(&c, sizeof c);
    kurv_wipe(&d, sizeof d);
    kurv_wipe(&da, sizeof da);
    kurv_wipe(&cb, sizeof cb);
    kurv_wipe(&t, sizeof t);
    kurv_wipe(&swap, sizeof swap);
    kurv_wipe(&kt, sizeof kt);
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
