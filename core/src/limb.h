/*
 * kurv internal: the limb layer - constant-time multi-limb primitives (64-bit limbs,
 * little-endian limb order) over wide.h's double words, written for a limb count n
 * that is either a run-time value or a compile-time constant (then the compiler
 * unrolls the loops): add/subtract chains, masks and selection, modular add/subtract,
 * the column accumulation of product scanning (KL_MAC, KL_SHIFT) and the products built
 * on it (kl_mul4, the portable 4 x 4 product of the secp256k1 and P-256 fields;
 * kl_montmul),
 * the Montgomery product, and big-endian byte conversion. Everything here is static
 * inline and branch-free in the values. What the limbs mean (field elements, scalars
 * mod n: sc.h) is the business of the layers above.
 */
#ifndef KURV_LIMB_H
#define KURV_LIMB_H

#include <stddef.h>
#include <stdint.h>
#include "wide.h"

/* Loops below run over a limb count that is usually a compile-time constant:
 * ask the compiler to unroll them fully even at -O2. */
#if defined(__GNUC__)
#define KL_UNROLL _Pragma("GCC unroll 16")
#else
#define KL_UNROLL
#endif

/* One limb of an add/subtract chain. On x86-64 the carry intrinsics compile to
 * adc/sbb; on other targets with 128-bit integers a 128-bit sum does the same work;
 * elsewhere (32-bit targets, and x86-64 with KURV_NO_INT128, which tests their C) the
 * carries are compared out of 64-bit sums. */
#if defined(__x86_64__) && defined(__GNUC__) && !defined(KURV_NO_INT128)
#include <x86intrin.h>
static inline uint64_t kl_adc(uint64_t a, uint64_t b, uint64_t cin, uint64_t *cout)
{
    unsigned long long r;
    *cout = _addcarry_u64((unsigned char)cin, a, b, &r);
    return r;
}
static inline uint64_t kl_sbb(uint64_t a, uint64_t b, uint64_t bin, uint64_t *bout)
{
    unsigned long long r;
    *bout = _subborrow_u64((unsigned char)bin, a, b, &r);
    return r;
}
#elif defined(KW_NATIVE)
static inline uint64_t kl_adc(uint64_t a, uint64_t b, uint64_t cin, uint64_t *cout)
{
    kurv_u128 s = (kurv_u128)a + b + cin;
    *cout = (uint64_t)(s >> 64);
    return (uint64_t)s;
}
static inline uint64_t kl_sbb(uint64_t a, uint64_t b, uint64_t bin, uint64_t *bout)
{
    kurv_u128 d = (kurv_u128)a - b - bin;
    *bout = (uint64_t)(d >> 64) & 1;
    return (uint64_t)d;
}
#else
/* cin and bin are 0 or 1; at most one of the two steps carries (borrows) */
static inline uint64_t kl_adc(uint64_t a, uint64_t b, uint64_t cin, uint64_t *cout)
{
    uint64_t s = a + b, r = s + cin;
    *cout = (uint64_t)(s < a) | (uint64_t)(r < s);
    return r;
}
static inline uint64_t kl_sbb(uint64_t a, uint64_t b, uint64_t bin, uint64_t *bout)
{
    uint64_t d = a - b, r = d - bin;
    *bout = (uint64_t)(a < b) | (uint64_t)(d < bin);
    return r;
}
#endif

/* r = a + b; return the carry (0 or 1). r may alias a or b. */
static inline uint64_t kl_add(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t c = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i < n; i++)
        r[i] = kl_adc(a[i], b[i], c, &c);
    return c;
}

/* r = a - b; return the borrow (0 or 1). r may alias a or b. */
static inline uint64_t kl_sub(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    uint64_t c = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i < n; i++)
        r[i] = kl_sbb(a[i], b[i], c, &c);
    return c;
}

/* if (mask) r = a; mask is 0 or all-ones. */
static inline void kl_cmov(size_t n, uint64_t *r, const uint64_t *a, uint64_t mask)
{
    size_t i;
    KL_UNROLL
    for (i = 0; i < n; i++)
        r[i] ^= (r[i] ^ a[i]) & mask;
}

/* all-ones if a == 0 */
static inline uint64_t kl_is_zero(size_t n, const uint64_t *a)
{
    uint64_t acc = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i < n; i++)
        acc |= a[i];
    return ((acc | (0 - acc)) >> 63) - 1;
}

/* all-ones if x == y (64-bit words) */
static inline uint64_t kl_eq64(uint64_t x, uint64_t y)
{
    uint64_t d = x ^ y;
    return ((d | (0 - d)) >> 63) - 1;
}

/* r = a + b mod m, for a, b < m. */
static inline void kl_modadd(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b,
                             const uint64_t *m)
{
    uint64_t t[9] = {0}, c, bw;
    c = kl_add(n, r, a, b);
    bw = kl_sub(n, t, r, m);
    /* keep t (= a + b - m) when there was a carry out or no borrow */
    kl_cmov(n, r, t, 0 - ((c | (bw ^ 1)) & 1));
}

/* r = a - b mod m, for a, b < m. */
static inline void kl_modsub(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b,
                             const uint64_t *m)
{
    uint64_t t[9] = {0}, bw;
    bw = kl_sub(n, r, a, b);
    kl_add(n, t, r, m);
    kl_cmov(n, r, t, 0 - bw);
}

/*
 * Product scanning, one column at a time. The column sum is (c2 : acc): acc a kurv_u128
 * and c2 a uint64_t, variables of those names in the caller's scope. KL_MAC adds the
 * product x * y to it (kw_addc: with 128-bit integers GCC makes the overflow builtin
 * add/adc/setc, which beats three separate 64-bit carry chains); c2 counts the carries
 * out of acc, so a column may hold up to 2^64 - 1 products. KL_SHIFT moves the
 * finished low word to out and the sum down one word for the next column.
 */
#define KL_MAC(x, y) do { c2 += kw_addc(&acc, kw_mul((x), (y))); } while (0)
#define KL_SHIFT(out) do { (out) = kw_lo(acc); acc = kw_make(c2, kw_hi(acc)); c2 = 0; } while (0)

/* t (8 limbs) = x * y (4 limbs each), by columns: the portable products of the 4-limb
 * fields (curves/secp256k1/field.h, curves/nist/p256/field.h), which reduce t their
 * own way. */
KW_INLINE void kl_mul4(uint64_t t[8], const uint64_t x[4], const uint64_t y[4])
{
    uint64_t c2 = 0;
    kurv_u128 acc = kw_make(0, 0);

    KL_MAC(x[0], y[0]); KL_SHIFT(t[0]);
    KL_MAC(x[0], y[1]); KL_MAC(x[1], y[0]); KL_SHIFT(t[1]);
    KL_MAC(x[0], y[2]); KL_MAC(x[1], y[1]); KL_MAC(x[2], y[0]); KL_SHIFT(t[2]);
    KL_MAC(x[0], y[3]); KL_MAC(x[1], y[2]); KL_MAC(x[2], y[1]); KL_MAC(x[3], y[0]);
    KL_SHIFT(t[3]);
    KL_MAC(x[1], y[3]); KL_MAC(x[2], y[2]); KL_MAC(x[3], y[1]); KL_SHIFT(t[4]);
    KL_MAC(x[2], y[3]); KL_MAC(x[3], y[2]); KL_SHIFT(t[5]);
    KL_MAC(x[3], y[3]); KL_SHIFT(t[6]);
    t[7] = kw_lo(acc);
}

/*
 * Montgomery product r = a*b/2^(64n) mod m, for a, b < m < 2^(64n), m odd,
 * m0inv = -m^-1 mod 2^64. r may alias a or b. Product scanning with the
 * reduction interleaved column by column (the "FIPS" ordering), so that the
 * products of a column are independent of each other.
 */
static inline void kl_montmul(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *b,
                              const uint64_t *m, uint64_t m0inv)
{
    uint64_t q[9], t[9], s[9], c2 = 0, bw, use_t;
    kurv_u128 acc = kw_make(0, 0);
    size_t i, j;

    KL_UNROLL
    for (i = 0; i < n; i++) {
        KL_UNROLL
        for (j = 0; j < i; j++) {
            KL_MAC(a[j], b[i - j]);
            KL_MAC(q[j], m[i - j]);
        }
        KL_MAC(a[i], b[0]);
        q[i] = kw_lo(acc) * m0inv;
        KL_MAC(q[i], m[0]);          /* clears the low word of the column */
        acc = kw_make(c2, kw_hi(acc));
        c2 = 0;
    }
    KL_UNROLL
    for (i = n; i < 2 * n - 1; i++) {
        KL_UNROLL
        for (j = i - n + 1; j < n; j++) {
            KL_MAC(a[j], b[i - j]);
            KL_MAC(q[j], m[i - j]);
        }
        KL_SHIFT(t[i - n]);
    }
    t[n - 1] = kw_lo(acc);
    /* (hi:t) < 2m, hi = kw_hi(acc) (0 or 1): subtract m once unless that borrows past hi */
    bw = kl_sub(n, s, t, m);
    use_t = bw & (kw_hi(acc) ^ 1) & 1;
    KL_UNROLL
    for (i = 0; i < n; i++)
        r[i] = s[i] ^ ((s[i] ^ t[i]) & (0 - use_t));
}

/* -m0^-1 mod 2^64 for odd m0 (Newton iteration). */
static inline uint64_t kl_m0inv(uint64_t m0)
{
    uint64_t x = m0; /* correct to 3 bits */
    int i;
    KL_UNROLL
    for (i = 0; i < 6; i++)
        x *= 2 - m0 * x;
    return 0 - x;
}

/* Big-endian bytes -> n limbs (zero-extended; bytes beyond 8n are ignored from the top). */
static inline void kl_from_be(size_t n, uint64_t *r, const uint8_t *b, size_t len)
{
    size_t i;
    KL_UNROLL
    for (i = 0; i < n; i++)
        r[i] = 0;
    for (i = 0; i < len && i < 8 * n; i++)
        r[i / 8] |= (uint64_t)b[len - 1 - i] << (8 * (i % 8));
}

/* n limbs -> len big-endian bytes (the value must fit). */
static inline void kl_to_be(size_t n, uint8_t *b, size_t len, const uint64_t *a)
{
    size_t i;
    for (i = 0; i < len; i++)
        b[len - 1 - i] = (i / 8 < n) ? (uint8_t)(a[i / 8] >> (8 * (i % 8))) : 0;
}

#endif
