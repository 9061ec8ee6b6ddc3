/*
 * kurv-25519 internal: GF(2^255 - 19) in five 51-bit limbs (contract in fe25519.h).
 *
 * Inputs: elements with limbs below 2^52, bytes. Outputs: elements with limbs below 2^52,
 * canonical bytes. Builds on the core's double-word layer (core/src/wide.h) for the
 * 64 x 64 -> 128-bit column sums of the product, and on nothing else. Reduction uses
 * 2^255 = 19 mod p: the columns above 2^255 are folded back times 19. Constant time: every
 * function is straight-line code over the limbs (masks for the conditional swap and move).
 */
#include "fe25519.h"
#include "wide.h"
#include "util25519.h"

#define M51 ((((uint64_t)1) << 51) - 1)

void k25519_fe_frombytes(k25519_fe *h, const uint8_t s[32])
{
    uint64_t w0 = k25519_load64(s), w1 = k25519_load64(s + 8), w2 = k25519_load64(s + 16), w3 = k25519_load64(s + 24);
    h->v[0] = w0 & M51;
    h->v[1] = ((w0 >> 51) | (w1 << 13)) & M51;
    h->v[2] = ((w1 >> 38) | (w2 << 26)) & M51;
    h->v[3] = ((w2 >> 25) | (w3 << 39)) & M51;
    h->v[4] = (w3 >> 12) & M51;   /* bit 255 dropped */
}

/* the carries of limbs 0..3 into the next limb: limbs 0..3 below 2^51 after */
static void ripple(uint64_t v[5])
{
    int i;
    for (i = 0; i < 4; i++) {
        v[i + 1] += v[i] >> 51;
        v[i] &= M51;
    }
}

/* limbs below 2^63 -> limbs below 2^52 (h0 below 2^51 + 19 * 2^12, the others below 2^51):
 * the carry out of limb 4 comes back times 19 */
static void carry(k25519_fe *h)
{
    uint64_t *v = h->v;
    ripple(v);
    v[0] += 19 * (v[4] >> 51);
    v[4] &= M51;
}

void k25519_fe_tobytes(uint8_t s[32], const k25519_fe *f)
{
    k25519_fe h = *f;
    uint64_t q, *v = h.v;

    carry(&h);
    /* now h < 2^255 + 2^18 < 2p: q = floor((h + 19) / 2^255) is 1 exactly when h >= p
     * (the ripple carry of h + 19, computed exactly limb by limb) */
    q = (v[0] + 19) >> 51;
    q = (v[1] + q) >> 51;
    q = (v[2] + q) >> 51;
    q = (v[3] + q) >> 51;
    q = (v[4] + q) >> 51;
    /* h - q p = h + 19 q - q 2^255: add 19 q, carry, drop bit 255 */
    v[0] += 19 * q;
    ripple(v);
    v[4] &= M51;
    k25519_store64(s, v[0] | (v[1] << 51));
    k25519_store64(s + 8, (v[1] >> 13) | (v[2] << 38));
    k25519_store64(s + 16, (v[2] >> 26) | (v[3] << 25));
    k25519_store64(s + 24, (v[3] >> 39) | (v[4] << 12));
}

void k25519_fe_0(k25519_fe *h)
{
    int i;
    for (i = 0; i < 5; i++)
        h->v[i] = 0;
}

void k25519_fe_1(k25519_fe *h)
{
    k25519_fe_0(h);
    h->v[0] = 1;
}

void k25519_fe_copy(k25519_fe *h, const k25519_fe *f)
{
    *h = *f;
}

void k25519_fe_add(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    int i;
    for (i = 0; i < 5; i++)
        h->v[i] = f->v[i] + g->v[i];
    carry(h);
}

/* f + 4p - g: 4p's limbs (2^53 - 76, 2^53 - 4, ...) exceed any g limb below 2^52 */
void k25519_fe_sub(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
{
    static const uint64_t four_p[5] = {
        (M51 - 18) * 4, M51 * 4, M51 * 4, M51 * 4, M51 * 4,
    };
    int i;
    for (i = 0; i < 5; i++)
        h->v[i] = f->v[i] + four_p[i] - g->v[i];
    carry(h);
}

void k25519_fe_neg(k25519_fe *h, const k25519_fe *f)
{
    k25519_fe z;
    k25519_fe_0(&z);
    k25519_fe_sub(h, &z, f);
}

/* the columns r[0..4] (each below 2^112) carried into limbs below 2^52; the carry out of
 * the top column (below 2^62) comes back times 19 through a double word */
static void carry_wide(k25519_fe *h, kurv_u128 r[5])
{
    uint64_t l0, l1, l2, l3, l4;
    kurv_u128 t;
    l0 = kw_lo(r[0]) & M51;
    r[1] = kw_add64(r[1], kw_lo(kw_shr(r[0], 51)));
    l1 = kw_lo(r[1]) & M51;
    r[2] = kw_add64(r[2], kw_lo(kw_shr(r[1], 51)));
    l2 = kw_lo(r[2]) & M51;
    r[3] = kw_add64(r[3], kw_lo(kw_shr(r[2], 51)));
    l3 = kw_lo(r[3]) & M51;
    r[4] = kw_add64(r[4], kw_lo(kw_shr(r[3], 51)));
    l4 = kw_lo(r[4]) & M51;
    t = kw_muladd(kw_lo(kw_shr(r[4], 51)), 19, l0);
    h->v[0] = kw_lo(t) & M51;
    h->v[1] = l1 + kw_lo(kw_shr(t, 51));
    h->v[2] = l2;
    h->v[3] = l3;
    h->v[4] = l4;
}

void k25519_fe_mul(k25519_fe *h, const k25519_fe *f, const k25519_fe *g)
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

    carry_wide(h, r);
}

/* the square: the cross products once, doubled */
void k25519_fe_sq(k25519_fe *h, const k25519_fe *f)
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

    carry_wide(h, r);
}

void k25519_fe_mul_small(k25519_fe *h, const k25519_fe *f, uint32_t c)
{
    kurv_u128 r[5];
    int i;
    for (i = 0; i < 5; i++)
        r[i] = kw_mul(f->v[i], c);
    carry_wide(h, r);
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

void k25519_fe_invert(k25519_fe *h, const k25519_fe *f)
{
    k25519_fe t, z11;
    pow_2_250_1(&t, &z11, f);
    sqn(&t, &t, 5);                     /* 2^255 - 32 */
    k25519_fe_mul(h, &t, &z11);         /* 2^255 - 21 = p - 2 */
}

void k25519_fe_pow22523(k25519_fe *h, const k25519_fe *f)
{
    k25519_fe t, z11;
    pow_2_250_1(&t, &z11, f);
    sqn(&t, &t, 2);                     /* 2^252 - 4 */
    k25519_fe_mul(h, &t, f);            /* 2^252 - 3 */
}

void k25519_fe_cswap(k25519_fe *f, k25519_fe *g, uint64_t b)
{
    uint64_t mask = (uint64_t)0 - b, x;
    int i;
    for (i = 0; i < 5; i++) {
        x = (f->v[i] ^ g->v[i]) & mask;
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

void k25519_fe_cmov(k25519_fe *f, const k25519_fe *g, uint64_t b)
{
    uint64_t mask = (uint64_t)0 - b;
    int i;
    for (i = 0; i < 5; i++)
        f->v[i] ^= (f->v[i] ^ g->v[i]) & mask;
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
