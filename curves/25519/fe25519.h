/*
 * kurv-25519 internal: the field GF(p), p = 2^255 - 19, shared by X25519 (x25519.c) and
 * Ed25519 (ed25519.c).
 *
 * Contract. An element is five unsigned 64-bit limbs of 51 bits, value
 * h0 + h1 2^51 + h2 2^102 + h3 2^153 + h4 2^204, not necessarily reduced. Every function
 * returns limbs below 2^52 (k25519_fe_tobytes the one canonical encoding in [0, p)) but
 * k25519_fe_add_lazy and k25519_fe_sub_lazy, whose outputs (below 2^54 when used as their
 * bounds say) go only to k25519_fe_mul, k25519_fe_sq, k25519_fe_mul_small, k25519_fe_add,
 * k25519_fe_tobytes, the conditional moves and swaps: these take limbs below 2^54; every
 * other function takes limbs below 2^52. Outputs may alias inputs. The 64 x 64 -> 128-bit
 * products and their sums are the core's double-word layer (core/src/wide.h: unsigned __int128
 * where the compiler has it, two 64-bit words otherwise or with -Dint128=disabled), so the
 * code is the same portable C on 32- and 64-bit targets. Bytes are loaded and stored one at
 * a time, little-endian as RFC 7748 5 and RFC 8032 5.1.2 define them: no byte-order
 * assumption. Every function but k25519_fe_invert_vartime runs in time independent of the
 * values (no branch, no memory index on them); the caller wipes secret elements (kurv_wipe).
 */
#ifndef KURV_FE25519_H
#define KURV_FE25519_H

#include <stdint.h>

#include "wide.h"

typedef struct { uint64_t v[5]; } k25519_fe;

#define K25519_M51 ((((uint64_t)1) << 51) - 1)
/* the small operations are defined here, inline in their callers (the ladder, the group
 * formulas): a call per field operation cost more than a tenth of X25519's time */
#define K25519_FE_INLINE KW_INLINE

/* h = the 255 low bits of s[0..31], little-endian (the top bit of s[31] is ignored: RFC 7748
 * 5's masking; Ed25519's decoding takes that bit itself). Not reduced: values p..2^255-1
 * stay as they are, and are equal to their reduction in every later operation. */
void k25519_fe_frombytes(k25519_fe *h, const uint8_t s[32]);
/* h = the value w[0] + w[1] 2^64 + w[2] 2^128 + w[3] 2^192 (below 2^256; not reduced):
 * limbs 0..3 below 2^51, limb 4 below 2^52 (the 4-limb field of fe25519_adx.h hands its
 * results over by it) */
void k25519_fe_from64(k25519_fe *h, const uint64_t w[4]);
/* w = the value of f in four 64-bit limbs, for f with every limb below 2^51 (canonical
 * limbs, as k25519_fe_frombytes of a canonical encoding gives them): the inverse of
 * k25519_fe_from64 on such values (the fixed-base table's packed form, gen25519.c) */
K25519_FE_INLINE void k25519_fe_to64(uint64_t w[4], const k25519_fe *f)
{
    const uint64_t *v = f->v;
    w[0] = v[0] | v[1] << 51;
    w[1] = v[1] >> 13 | v[2] << 38;
    w[2] = v[2] >> 26 | v[3] << 25;
    w[3] = v[3] >> 39 | v[4] << 12;
}

/* s = h mod p, 32 bytes little-endian (top bit 0) */
void k25519_fe_tobytes(uint8_t s[32], const k25519_fe *h);

void k25519_fe_invert(k25519_fe *h, const k25519_fe *f);   /* 1/f, and 0 for 0 */
/* 1/f, and 0 for 0, in VARIABLE time: public values only */
void k25519_fe_invert_vartime(k25519_fe *h, const k25519_fe *f);
void k25519_fe_pow22523(k25519_fe *h, const k25519_fe *f); /* f^((p-5)/8) = f^(2^252-3) */


/* the carries of limbs 0..3 into the next limb: limbs 0..3 below 2^51 after */
K25519_FE_INLINE void k25519_fe_ripple_(uint64_t v[5])
{
    int i;
    for (i = 0; i < 4; i++) {
        v[i + 1] += v[i] >> 51;
        v[i] &= K25519_M51;
    }
}

/* limbs below 2^63 -> limbs below 2^52 (h0 below 2^51 + 19 * 2^12, the others below 2^51):
 * the carry out of limb 4 comes back times 19 */
K25519_FE_INLINE void k25519_fe_carry_(k25519_fe *h)
{
    uint64_t *v = h->v;
    k25519_fe_ripple_(v);
    v[0] += 19 * (v[4] >> 51);
    v[4] &= K25519_M51;
}

/* h = 0 */
K25519_FE_INLINE void k25519_fe_0(k25519_fe *h)
{
    int i;
    for (i = 0; i < 5; i++)
        h->v[i] = 0;
}

/* h = 1 */
K25519_FE_INLINE void k25519_fe_1(k25519_fe *h)
{
    k25519_fe_0(h);
    h->v[0] = 1;
}

/* h = f */
K25519_FE_INLINE void k25519_fe_copy(k25519_fe *h, const k25519_fe *f)
{
    *h = *f;
}

/* h = f + g without a carry: limbs f_i + g_i (below 2^53 for inputs below 2^52), for a
 * product or square next */
K25519_FE_INLINE void k25519_fe_add_lazy(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    int i;
    for (i = 0; i < 5; i++)
        h->v[i] = f->v[i] + g->v[i];
}

/* h = f + 4p - g without a carry, for g below 2^52 (4p's limbs are larger): limbs below
 * f_i + 2^53 (below 2^54 for f below 2^53), for a product or square next */
K25519_FE_INLINE void k25519_fe_sub_lazy(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    int i;
    h->v[0] = f->v[0] + (K25519_M51 - 18) * 4 - g->v[0];
    for (i = 1; i < 5; i++)
        h->v[i] = f->v[i] + K25519_M51 * 4 - g->v[i];
}

/* h = f + g */
K25519_FE_INLINE void k25519_fe_add(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    k25519_fe_add_lazy(h, f, g);
    k25519_fe_carry_(h);
}

/* f + 4p - g: 4p's limbs (2^53 - 76, 2^53 - 4, ...) exceed any g limb below 2^52 */
K25519_FE_INLINE void k25519_fe_sub(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    k25519_fe_sub_lazy(h, f, g);
    k25519_fe_carry_(h);
}

/* h = -f */
K25519_FE_INLINE void k25519_fe_neg(k25519_fe *h, const k25519_fe *f)
{
    k25519_fe z;
    k25519_fe_0(&z);
    k25519_fe_sub(h, &z, f);
}

/* the columns r[0..4] (each below 2^115: five products of a limb below 2^54 and 19 times
 * one, below 2^59) carried into limbs below 2^52, in two chains that run side by side:
 * r0 -> r1 -> r2 -> limb 3, and r3 -> r4 -> 19 times its carry into limb 0. Every carry
 * out of a column is below 2^64 (a column below 2^115 plus a carry, over 2^51), limb 3
 * plus r2's carry stays below 2^64, and the two 64-bit carries that end the chains (limb 0
 * into 1, limb 3 into 4) are below 2^18, so limbs 1 and 4 end below 2^52. */
K25519_FE_INLINE void k25519_fe_carry_wide_(k25519_fe *h, kurv_u128 r[5])
{
    uint64_t l0, l1, l2, l3, l4;
    kurv_u128 t;
    r[1] = kw_add64(r[1], kw_lo(kw_shr(r[0], 51)));
    r[4] = kw_add64(r[4], kw_lo(kw_shr(r[3], 51)));
    l0 = kw_lo(r[0]) & K25519_M51;
    l3 = kw_lo(r[3]) & K25519_M51;
    r[2] = kw_add64(r[2], kw_lo(kw_shr(r[1], 51)));
    t = kw_muladd(kw_lo(kw_shr(r[4], 51)), 19, l0);
    l1 = kw_lo(r[1]) & K25519_M51;
    l4 = kw_lo(r[4]) & K25519_M51;
    l3 += kw_lo(kw_shr(r[2], 51));
    l2 = kw_lo(r[2]) & K25519_M51;
    h->v[0] = kw_lo(t) & K25519_M51;
    h->v[1] = l1 + kw_lo(kw_shr(t, 51));
    h->v[2] = l2;
    h->v[3] = l3 & K25519_M51;
    h->v[4] = l4 + (l3 >> 51);
}

/* h = f g: 25 products in five columns, those at 2^255 and above folded back times 19 */
K25519_FE_INLINE void k25519_fe_mul(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    const uint64_t *a = f->v, *b = g->v;
    /* b_i * 19: the products that land at 2^255 and above fold back to the low columns */
    uint64_t b1 = 19 * b[1], b2 = 19 * b[2], b3 = 19 * b[3], b4 = 19 * b[4];
    kurv_u128 r[5];

    r[0] = kw_mul(a[0], b[0]);
    r[0] = kw_add(r[0], kw_mul(a[1], b4));
    r[0] = kw_add(r[0], kw_mul(a[2], b3));
    r[0] = kw_add(r[0], kw_mul(a[3], b2));
    r[0] = kw_add(r[0], kw_mul(a[4], b1));

    r[1] = kw_mul(a[0], b[1]);
    r[1] = kw_add(r[1], kw_mul(a[1], b[0]));
    r[1] = kw_add(r[1], kw_mul(a[2], b4));
    r[1] = kw_add(r[1], kw_mul(a[3], b3));
    r[1] = kw_add(r[1], kw_mul(a[4], b2));

    r[2] = kw_mul(a[0], b[2]);
    r[2] = kw_add(r[2], kw_mul(a[1], b[1]));
    r[2] = kw_add(r[2], kw_mul(a[2], b[0]));
    r[2] = kw_add(r[2], kw_mul(a[3], b4));
    r[2] = kw_add(r[2], kw_mul(a[4], b3));

    r[3] = kw_mul(a[0], b[3]);
    r[3] = kw_add(r[3], kw_mul(a[1], b[2]));
    r[3] = kw_add(r[3], kw_mul(a[2], b[1]));
    r[3] = kw_add(r[3], kw_mul(a[3], b[0]));
    r[3] = kw_add(r[3], kw_mul(a[4], b4));

    r[4] = kw_mul(a[0], b[4]);
    r[4] = kw_add(r[4], kw_mul(a[1], b[3]));
    r[4] = kw_add(r[4], kw_mul(a[2], b[2]));
    r[4] = kw_add(r[4], kw_mul(a[3], b[1]));
    r[4] = kw_add(r[4], kw_mul(a[4], b[0]));

    k25519_fe_carry_wide_(h, r);
}

/* h = f^2: the cross products once, doubled */
K25519_FE_INLINE void k25519_fe_sq(k25519_fe *h, const k25519_fe *f)
{
    const uint64_t *a = f->v;
    uint64_t a0_2 = 2 * a[0], a1_2 = 2 * a[1];
    uint64_t a3_19 = 19 * a[3], a4_19 = 19 * a[4];
    kurv_u128 r[5];

    r[0] = kw_mul(a[0], a[0]);
    r[0] = kw_add(r[0], kw_mul(2 * a[1], a4_19));
    r[0] = kw_add(r[0], kw_mul(2 * a[2], a3_19));

    r[1] = kw_mul(a0_2, a[1]);
    r[1] = kw_add(r[1], kw_mul(2 * a[2], a4_19));
    r[1] = kw_add(r[1], kw_mul(a[3], a3_19));

    r[2] = kw_mul(a0_2, a[2]);
    r[2] = kw_add(r[2], kw_mul(a[1], a[1]));
    r[2] = kw_add(r[2], kw_mul(2 * a[3], a4_19));

    r[3] = kw_mul(a0_2, a[3]);
    r[3] = kw_add(r[3], kw_mul(a1_2, a[2]));
    r[3] = kw_add(r[3], kw_mul(a[4], a4_19));

    r[4] = kw_mul(a0_2, a[4]);
    r[4] = kw_add(r[4], kw_mul(a1_2, a[3]));
    r[4] = kw_add(r[4], kw_mul(a[2], a[2]));

    k25519_fe_carry_wide_(h, r);
}

/* h = c f for c < 2^20 */
K25519_FE_INLINE void k25519_fe_mul_small(k25519_fe *h, const k25519_fe *f, uint32_t c)
{
    kurv_u128 r[5];
    int i;
    for (i = 0; i < 5; i++)
        r[i] = kw_mul(f->v[i], c);
    k25519_fe_carry_wide_(h, r);
}

/* swap the n limbs of f and g when b = 1, leave them when b = 0 (b in {0, 1}): by the
 * mask -b (also the 4-limb field's, fe25519_adx.h) */
K25519_FE_INLINE void k25519_cswap_limbs(uint64_t *f, uint64_t *g, int n, uint64_t b)
{
    uint64_t mask = (uint64_t)0 - b, x;
    int i;
    for (i = 0; i < n; i++) {
        x = (f[i] ^ g[i]) & mask;
        f[i] ^= x;
        g[i] ^= x;
    }
}

/* swap f and g when b = 1, leave them when b = 0 (b in {0, 1}) */
K25519_FE_INLINE void k25519_fe_cswap(k25519_fe *f, k25519_fe *g, uint64_t b)
{
    k25519_cswap_limbs(f->v, g->v, 5, b);
}

/* f = g when b = 1 (b in {0, 1}) */
K25519_FE_INLINE void k25519_fe_cmov(k25519_fe *f, const k25519_fe *g, uint64_t b)
{
    uint64_t mask = (uint64_t)0 - b;
    int i;
    for (i = 0; i < 5; i++)
        f->v[i] ^= (f->v[i] ^ g->v[i]) & mask;
}

/* 1 when f = 0 mod p, else 0 */
uint64_t k25519_fe_iszero(const k25519_fe *f);
/* 1 when f = g mod p, else 0 */
uint64_t k25519_fe_eq(const k25519_fe *f, const k25519_fe *g);
/* the low bit of f mod p (RFC 8032 5.1.2's sign of x) */
uint64_t k25519_fe_isodd(const k25519_fe *f);

#endif
