/*
 * kurv-25519 internal: GF(2^255 - 19) in five 51-bit limbs (contract in fe25519.h).
 *
 * What is not inline in fe25519.h: the byte conversions, the inversions (the core's divsteps,
 * core/src/safegcd.h: constant time, and variable time for public values), f^((p-5)/8) by an
 * addition chain (252 squarings and 11 products) and the comparisons. Inputs: elements with
 * limbs below 2^52 (tobytes: below 2^54), bytes. Outputs: elements with limbs below 2^52,
 * canonical bytes. Builds on fe25519.h's inline operations (on the core's double-word layer
 * core/src/wide.h) and safegcd.h (its wipe too). Constant time but k25519_fe_invert_vartime:
 * straight-line code over the limbs (the inversion: masks, a fixed step count).
 */
#include "fe25519.h"
#include "wide.h"
#include "util25519.h"
#include "safegcd.h"

#define M51 K25519_M51

void k25519_fe_from64(k25519_fe *h, const uint64_t w[4])
{
    h->v[0] = w[0] & M51;
    h->v[1] = ((w[0] >> 51) | (w[1] << 13)) & M51;
    h->v[2] = ((w[1] >> 38) | (w[2] << 26)) & M51;
    h->v[3] = ((w[2] >> 25) | (w[3] << 39)) & M51;
    h->v[4] = w[3] >> 12;
}

void k25519_fe_frombytes(k25519_fe *h, const uint8_t s[32])
{
    uint64_t w[4];
    w[0] = k25519_load64(s);
    w[1] = k25519_load64(s + 8);
    w[2] = k25519_load64(s + 16);
    w[3] = k25519_load64(s + 24) & (~(uint64_t)0 >> 1);   /* bit 255 dropped */
    k25519_fe_from64(h, w);
}

void k25519_fe_tobytes(uint8_t s[32], const k25519_fe *f)
{
    k25519_fe h = *f;
    uint64_t q, *v = h.v;

    k25519_fe_carry_(&h);
    /* now h < 2^255 + 2^18 < 2p: q = floor((h + 19) / 2^255) is 1 exactly when h >= p
     * (the ripple carry of h + 19, computed exactly limb by limb) */
    q = (v[0] + 19) >> 51;
    q = (v[1] + q) >> 51;
    q = (v[2] + q) >> 51;
    q = (v[3] + q) >> 51;
    q = (v[4] + q) >> 51;
    /* h - q p = h + 19 q - q 2^255: add 19 q, carry, drop bit 255 */
    v[0] += 19 * q;
    k25519_fe_ripple_(v);
    v[4] &= M51;
    k25519_store64(s, v[0] | (v[1] << 51));
    k25519_store64(s + 8, (v[1] >> 13) | (v[2] << 38));
    k25519_store64(s + 16, (v[2] >> 26) | (v[3] << 25));
    k25519_store64(s + 24, (v[3] >> 39) | (v[4] << 12));
}

/* h = f^(2^n) for n >= 1 */
static void sqn(k25519_fe *h, const k25519_fe *f, int n)
{
    k25519_fe_sq(h, f);
    while (--n > 0)
        k25519_fe_sq(h, h);
}

/* z^(2^250 - 1) into *t250 and z^11 into *z11: the shared start of both exponentiations */
static void pow_2_250_1(k25519_fe *t250, k25519_fe *z11, const k25519_fe *z)
{
    k25519_fe z2, z9, t5, t10, t20, t40, t50, t100, t200;

    k25519_fe_sq(&z2, z);               /* z^2 */
    sqn(&z9, &z2, 2);                   /* z^8 */
    k25519_fe_mul(&z9, &z9, z);         /* z^9 */
    k25519_fe_mul(z11, &z9, &z2);       /* z^11 */
    k25519_fe_sq(&t5, z11);             /* z^22 */
    k25519_fe_mul(&t5, &t5, &z9);       /* z^31 = z^(2^5 - 1) */
    sqn(&t10, &t5, 5);
    k25519_fe_mul(&t10, &t10, &t5);     /* 2^10 - 1 */
    sqn(&t20, &t10, 10);
    k25519_fe_mul(&t20, &t20, &t10);    /* 2^20 - 1 */
    sqn(&t40, &t20, 20);
    k25519_fe_mul(&t40, &t40, &t20);    /* 2^40 - 1 */
    sqn(&t50, &t40, 10);
    k25519_fe_mul(&t50, &t50, &t10);    /* 2^50 - 1 */
    sqn(&t100, &t50, 50);
    k25519_fe_mul(&t100, &t100, &t50);  /* 2^100 - 1 */
    sqn(&t200, &t100, 100);
    k25519_fe_mul(&t200, &t200, &t100); /* 2^200 - 1 */
    sqn(t250, &t200, 50);
    k25519_fe_mul(t250, t250, &t50);    /* 2^250 - 1 */
}

/* p = 2^255 - 19 as four little-endian 64-bit words, safegcd.h's modulus */
static const uint64_t P_WORDS[4] = {
    0xffffffffffffffedULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL,
};

/* h = 1/f through safegcd.h on the canonical value as four 64-bit words: the constant-time
 * divsteps (kl_inv_safegcd_ct: a fixed number of batches for a 255-bit modulus, masks
 * only; about a quarter faster here than f^(p-2) by an addition chain) or, for public
 * values, the variable-time ones */
static void invert_words(k25519_fe *h, const k25519_fe *f, int vartime)
{
    uint8_t b[32];
    uint64_t w[4];
    int i;
    k25519_fe_tobytes(b, f);
    for (i = 0; i < 4; i++)
        w[i] = k25519_load64(b + 8 * i);
    if (vartime)
        kl_inv_safegcd_vartime(4, w, w, P_WORDS);
    else
        kl_inv_safegcd_ct(4, w, w, P_WORDS);
    for (i = 0; i < 4; i++)
        k25519_store64(b + 8 * i, w[i]);
    k25519_fe_frombytes(h, b);
    kl_sg_wipe(b, sizeof b);   /* safegcd.h's wipe: gen25519 links this file without libkurv */
    kl_sg_wipe(w, sizeof w);
}

void k25519_fe_invert(k25519_fe *h, const k25519_fe *f)
{
    invert_words(h, f, 0);
}

void k25519_fe_invert_vartime(k25519_fe *h, const k25519_fe *f)
{
    invert_words(h, f, 1);
}

void k25519_fe_pow22523(k25519_fe *h, const k25519_fe *f)
{
    k25519_fe t, z11;
    pow_2_250_1(&t, &z11, f);
    sqn(&t, &t, 2);                     /* 2^252 - 4 */
    k25519_fe_mul(h, &t, f);            /* 2^252 - 3 */
}

uint64_t k25519_fe_iszero(const k25519_fe *f)
{
    uint8_t s[32];
    uint64_t acc = 0;
    int i;
    k25519_fe_tobytes(s, f);
    for (i = 0; i < 32; i++)
        acc |= s[i];
    return (acc - 1) >> 63;
}

uint64_t k25519_fe_eq(const k25519_fe *f, const k25519_fe *g)
{
    k25519_fe d;
    k25519_fe_sub(&d, f, g);
    return k25519_fe_iszero(&d);
}

uint64_t k25519_fe_isodd(const k25519_fe *f)
{
    uint8_t s[32];
    k25519_fe_tobytes(s, f);
    return s[0] & 1;
}
