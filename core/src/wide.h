/*
 * kurv internal: the double-word layer - 64 x 64 -> 128-bit products and the 128-bit
 * sums and shifts that the limb code (limb.h), the safegcd inverse (safegcd.h) and
 * the specialised fields (curves/.../field.h) build their columns from.
 *
 * Contract. Two value types:
 *   kurv_u128  an unsigned 128-bit value; arithmetic is modulo 2^128.
 *   kurv_i128  a signed 128-bit value in two's complement; arithmetic is modulo 2^128,
 *              read as signed by kw_ssar and kw_slo's caller.
 * and small static inline functions over them (below, each with its bounds). Callers
 * treat both types as opaque and use only these functions, never C operators, so that
 * one source serves both paths:
 *   - the compiler's own 128-bit integers (`unsigned __int128`, `__int128`) where it
 *     has them (__SIZEOF_INT128__: GCC and Clang on 64-bit targets); each function is
 *     then the one operator it names, and the generated code is what the operators
 *     gave before this layer existed;
 *   - portable C otherwise (32-bit targets: i386, armhf, armel, mipsel), or when
 *     KURV_NO_INT128 is defined (Meson option -Dint128=disabled, so that the portable
 *     path is tested on x86-64 too): a pair of 64-bit words, products from four
 *     32 x 32 -> 64-bit multiplications (one MUL or UMULL each on those targets).
 * Both paths give the same bits for every input. Everything is branch-free and has no
 * memory access indexed by a value: constant time wherever the target's 32 x 32 -> 64
 * multiplication is (as on every Debian release architecture's usual cores).
 */
#ifndef KURV_WIDE_H
#define KURV_WIDE_H

#include <stdint.h>

#if defined(__GNUC__)
#define KW_INLINE static inline __attribute__((always_inline))
#else
#define KW_INLINE static inline
#endif

#if defined(__SIZEOF_INT128__) && !defined(KURV_NO_INT128)
#define KW_NATIVE 1

__extension__ typedef unsigned __int128 kurv_u128;
__extension__ typedef __int128 kurv_i128;

/* hi * 2^64 + lo */
KW_INLINE kurv_u128 kw_make(uint64_t hi, uint64_t lo) { return ((kurv_u128)hi << 64) | lo; }
KW_INLINE uint64_t kw_lo(kurv_u128 x) { return (uint64_t)x; }
KW_INLINE uint64_t kw_hi(kurv_u128 x) { return (uint64_t)(x >> 64); }
/* a * b (never overflows) */
KW_INLINE kurv_u128 kw_mul(uint64_t a, uint64_t b) { return (kurv_u128)a * b; }
/* a * b + c, and a * b + c + d: below 2^128 for any 64-bit a, b, c, d */
KW_INLINE kurv_u128 kw_muladd(uint64_t a, uint64_t b, uint64_t c) { return (kurv_u128)a * b + c; }
KW_INLINE kurv_u128 kw_muladd2(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    return (kurv_u128)a * b + c + d;
}
/* x + y mod 2^128 */
KW_INLINE kurv_u128 kw_add(kurv_u128 x, kurv_u128 y) { return x + y; }
/* x + a mod 2^128 */
KW_INLINE kurv_u128 kw_add64(kurv_u128 x, uint64_t a) { return x + a; }
/* *x += y; return the carry out of 128 bits (0 or 1) */
KW_INLINE uint64_t kw_addc(kurv_u128 *x, kurv_u128 y)
{
#if defined(__GNUC__)
    return (uint64_t)__builtin_add_overflow(*x, y, x);
#else
    *x += y;
    return (uint64_t)(*x < y);
#endif
}
/* x >> s for 0 < s < 64 */
KW_INLINE kurv_u128 kw_shr(kurv_u128 x, unsigned s) { return x >> s; }

/* a * b (signed; never overflows) */
KW_INLINE kurv_i128 kw_smul(int64_t a, int64_t b) { return (kurv_i128)a * b; }
/* x + a * b mod 2^128 */
KW_INLINE kurv_i128 kw_smac(kurv_i128 x, int64_t a, int64_t b) { return x + (kurv_i128)a * b; }
/* the low 64 bits of x */
KW_INLINE uint64_t kw_slo(kurv_i128 x) { return (uint64_t)x; }
/* x >> s (arithmetic: the sign is kept) for 0 < s < 64 */
KW_INLINE kurv_i128 kw_ssar(kurv_i128 x, unsigned s) { return x >> s; }

#else /* portable: two 64-bit words */

typedef struct { uint64_t lo, hi; } kurv_u128;
typedef struct { uint64_t lo, hi; } kurv_i128;   /* two's complement */

KW_INLINE kurv_u128 kw_make(uint64_t hi, uint64_t lo)
{
    kurv_u128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}
KW_INLINE uint64_t kw_lo(kurv_u128 x) { return x.lo; }
KW_INLINE uint64_t kw_hi(kurv_u128 x) { return x.hi; }

/* a * b from the four 32 x 32 -> 64-bit products of the halves; the middle sum
 * (ll >> 32) + (lh mod 2^32) + (hl mod 2^32) is below 3 * 2^32 */
KW_INLINE kurv_u128 kw_mul(uint64_t a, uint64_t b)
{
    uint64_t al = (uint32_t)a, ah = a >> 32, bl = (uint32_t)b, bh = b >> 32;
    uint64_t ll = al * bl, lh = al * bh, hl = ah * bl, hh = ah * bh;
    uint64_t mid = (ll >> 32) + (uint32_t)lh + (uint32_t)hl;
    kurv_u128 r;
    r.lo = (mid << 32) | (uint32_t)ll;
    r.hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    return r;
}
KW_INLINE kurv_u128 kw_add64(kurv_u128 x, uint64_t a)
{
    x.lo += a;
    x.hi += x.lo < a;
    return x;
}
KW_INLINE kurv_u128 kw_muladd(uint64_t a, uint64_t b, uint64_t c)
{
    return kw_add64(kw_mul(a, b), c);
}
KW_INLINE kurv_u128 kw_muladd2(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    return kw_add64(kw_add64(kw_mul(a, b), c), d);
}
KW_INLINE kurv_u128 kw_add(kurv_u128 x, kurv_u128 y)
{
    x.lo += y.lo;
    x.hi += y.hi + (x.lo < y.lo);
    return x;
}
KW_INLINE uint64_t kw_addc(kurv_u128 *x, kurv_u128 y)
{
    uint64_t lo = x->lo + y.lo, c = lo < y.lo, hi = x->hi + y.hi, c2 = hi < y.hi;
    x->lo = lo;
    x->hi = hi + c;
    return c2 | (x->hi < c);
}
KW_INLINE kurv_u128 kw_shr(kurv_u128 x, unsigned s)
{
    x.lo = (x.lo >> s) | (x.hi << (64 - s));
    x.hi >>= s;
    return x;
}

/* The unsigned product of the two's complement words, less 2^64 b where a < 0 and
 * 2^64 a where b < 0: the signed product mod 2^128 */
KW_INLINE kurv_i128 kw_smul(int64_t a, int64_t b)
{
    kurv_u128 p = kw_mul((uint64_t)a, (uint64_t)b);
    kurv_i128 r;
    r.lo = p.lo;
    r.hi = p.hi - (((uint64_t)(a >> 63) & (uint64_t)b) + ((uint64_t)(b >> 63) & (uint64_t)a));
    return r;
}
KW_INLINE kurv_i128 kw_smac(kurv_i128 x, int64_t a, int64_t b)
{
    kurv_i128 p = kw_smul(a, b);
    x.lo += p.lo;
    x.hi += p.hi + (x.lo < p.lo);
    return x;
}
KW_INLINE uint64_t kw_slo(kurv_i128 x) { return x.lo; }
/* the high word shifted as signed: GCC and Clang shift a negative int64_t arithmetically
 * (implementation-defined in C11; the code base relies on it, see safegcd.h) */
KW_INLINE kurv_i128 kw_ssar(kurv_i128 x, unsigned s)
{
    x.lo = (x.lo >> s) | (x.hi << (64 - s));
    x.hi = (uint64_t)((int64_t)x.hi >> s);
    return x;
}

#endif

#endif
