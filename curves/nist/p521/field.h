/*
 * P-521 field, specialised for the Mersenne prime p = 2^521 - 1: nine 64-bit limbs,
 * elements fully reduced, plain (non-Montgomery) representation. A product x is
 * reduced as (x mod 2^521) + (x >> 521), since 2^521 = 1 (mod p). Constant time.
 */
#ifndef KURV_P521_FIELD_H
#define KURV_P521_FIELD_H

#include <stdint.h>
#include "mont_impl.h"

#define EC_N 9
#define EC_FLEN 66
#define EC_SLEN 66
#define EC_ORDER_BITS 521
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, 0x1FFULL}};

/* r = x mod p for x < 2^1042 given as 17 limbs */
static inline void p521_reduce(fe *r, const uint64_t x[17])
{
    uint64_t s[9], c, bw;
    int i;

    /* (x mod 2^521) + (x >> 521) < 2^522 */
    c = 0;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        r->v[i] = kl_adc(x[i], (x[8 + i] >> 9) | (x[9 + i] << 55), c, &c);
    r->v[8] = (x[8] & 0x1FF) + (x[16] >> 9) + c;
    /* fold bit 521 once more: the result is <= 2^521 - 1 + 1 */
    c = r->v[8] >> 9;
    r->v[8] &= 0x1FF;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        r->v[i] = kl_adc(r->v[i], 0, c, &c);
    r->v[8] += c;
    /* the value is now <= p: map p to 0 */
    bw = kl_sub(9, s, r->v, EC_P.v);
    kl_cmov(9, r->v, s, bw - 1);
}

#define P521_SHIFT(out) do { out = c0; c0 = c1; c1 = c2; c2 = 0; } while (0)

static inline void fe_mul(fe *r, const fe *a, const fe *b)
{
    const uint64_t *x = a->v, *y = b->v;
    uint64_t t[18], c0 = 0, c1 = 0, c2 = 0;
    int i, j;

    KL_UNROLL
    for (i = 0; i < 17; i++) {
        KL_UNROLL
        for (j = (i < 9 ? 0 : i - 8); j <= (i < 9 ? i : 8); j++)
            KL_MAC(x[j], y[i - j]);
        P521_SHIFT(t[i]);
    }
    p521_reduce(r, t);
}

static inline void fe_sqr(fe *r, const fe *a)
{
    const uint64_t *x = a->v;
    uint64_t t[18], c0 = 0, c1 = 0, c2 = 0;
    int i, j;

    KL_UNROLL
    for (i = 0; i < 17; i++) {
        KL_UNROLL
        for (j = (i < 9 ? 0 : i - 8); 2 * j < i; j++) {
            KL_MAC(x[j], x[i - j]);
            KL_MAC(x[j], x[i - j]);
        }
        if (!(i & 1))
            KL_MAC(x[i / 2], x[i / 2]);
        P521_SHIFT(t[i]);
    }
    p521_reduce(r, t);
}

static inline void fe_to_dom(fe *r, const fe *a) { *r = *a; }
static inline void fe_from_dom(fe *r, const fe *a) { *r = *a; }

#endif
