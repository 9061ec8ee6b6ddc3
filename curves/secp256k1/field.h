/*
 * secp256k1 field arithmetic, specialised for p = 2^256 - 2^32 - 977: four 64-bit
 * limbs, elements fully reduced, plain (non-Montgomery) representation. A product
 * is reduced with 2^256 = 2^32 + 977 (mod p). Constant time throughout.
 */
#ifndef KURV_SECP256K1_FIELD_H
#define KURV_SECP256K1_FIELD_H

#include <stdint.h>
#include "mont_impl.h"

#define EC_N 4
#define EC_FLEN 32
#define EC_SLEN 32
#define EC_ORDER_BITS 256
#define EC_A_KIND EC_A_ZERO
#define EC_BASE_W 5

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0xFFFFFFFEFFFFFC2FULL, 0xFFFFFFFFFFFFFFFFULL,
                         0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL}};
#define K1_C 0x1000003D1ULL   /* 2^256 mod p */

/* r = t mod p for a 512-bit t (8 limbs). */
static inline void k1_reduce(fe *r, const uint64_t t[8])
{
    kurv_u128 acc;
    uint64_t r0, r1, r2, r3, c, s[4], bw;

    acc = (kurv_u128)t[4] * K1_C + t[0];
    r0 = (uint64_t)acc; acc >>= 64;
    acc += (kurv_u128)t[5] * K1_C + t[1];
    r1 = (uint64_t)acc; acc >>= 64;
    acc += (kurv_u128)t[6] * K1_C + t[2];
    r2 = (uint64_t)acc; acc >>= 64;
    acc += (kurv_u128)t[7] * K1_C + t[3];
    r3 = (uint64_t)acc;
    c = (uint64_t)(acc >> 64);                  /* < 2^34 */

    acc = (kurv_u128)c * K1_C + r0;
    r0 = (uint64_t)acc; acc >>= 64;
    acc += r1; r1 = (uint64_t)acc; acc >>= 64;
    acc += r2; r2 = (uint64_t)acc; acc >>= 64;
    acc += r3; r3 = (uint64_t)acc;
    c = (uint64_t)(acc >> 64);                  /* 0 or 1; if 1, r0..r3 is small */

    acc = (kurv_u128)r0 + (c * K1_C);
    r0 = (uint64_t)acc; acc >>= 64;
    acc += r1; r1 = (uint64_t)acc; acc >>= 64;
    acc += r2; r2 = (uint64_t)acc; acc >>= 64;
    r3 += (uint64_t)acc;

    r->v[0] = r0; r->v[1] = r1; r->v[2] = r2; r->v[3] = r3;
    bw = kl_sub(4, s, r->v, EC_P.v);
    kl_cmov(4, r->v, s, bw - 1);                /* keep r - p when it did not borrow */
}

static inline void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[8] = {0};
    kurv_u128 acc;
    int i, j;

    for (i = 0; i < 4; i++) {
        acc = 0;
        for (j = 0; j < 4; j++) {
            acc += (kurv_u128)a->v[j] * b->v[i] + t[i + j];
            t[i + j] = (uint64_t)acc;
            acc >>= 64;
        }
        t[i + 4] = (uint64_t)acc;
    }
    k1_reduce(r, t);
}

static inline void fe_sqr(fe *r, const fe *a)
{
    uint64_t t[8];
    kurv_u128 acc;

    /* off-diagonal products once, doubled, plus the squares */
    {
        uint64_t tt[8] = {0};
        int i, j;
        for (i = 0; i < 4; i++) {
            acc = 0;
            for (j = i + 1; j < 4; j++) {
                acc += (kurv_u128)a->v[j] * a->v[i] + tt[i + j];
                tt[i + j] = (uint64_t)acc;
                acc >>= 64;
            }
            tt[i + 4] = (uint64_t)acc;
        }
        /* double */
        for (i = 7; i > 0; i--)
            tt[i] = (tt[i] << 1) | (tt[i - 1] >> 63);
        tt[0] <<= 1;
        /* add squares */
        acc = 0;
        for (i = 0; i < 4; i++) {
            kurv_u128 sq = (kurv_u128)a->v[i] * a->v[i];
            acc += (kurv_u128)tt[2 * i] + (uint64_t)sq;
            t[2 * i] = (uint64_t)acc; acc >>= 64;
            acc += (kurv_u128)tt[2 * i + 1] + (uint64_t)(sq >> 64);
            t[2 * i + 1] = (uint64_t)acc; acc >>= 64;
        }
    }
    k1_reduce(r, t);
}

static inline void fe_to_dom(fe *r, const fe *a) { *r = *a; }
static inline void fe_from_dom(fe *r, const fe *a) { *r = *a; }

#endif
