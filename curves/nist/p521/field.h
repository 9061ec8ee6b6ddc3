/*
 * P-521 field, specialised for the Mersenne prime p = 2^521 - 1: nine unsaturated
 * limbs of 58 bits (the value is sum v[i] 2^(58 i); limb 8 nominally holds 57
 * bits), plain (non-Montgomery) values, constant time.
 *
 * Since 2^522 = 2 (mod p), a product's column i + j >= 9 folds back into column
 * i + j - 9 with a factor 2, and every column fits a 128-bit accumulator without
 * carries between the products. Elements are kept only loosely reduced:
 *   limbs 0..7 < 2^59, limb 8 < 2^58 (the value is < 2^522 + 2^59, not always < p);
 * every operation takes and returns elements in this form, except the _lazy ones
 * (results for fe_mul and fe_sqr only, which accept wider limbs: see there). fe_from_dom
 * goes through p521_canon, which yields the unique value < p; fe_is_zero and fe_eq test
 * for 0 and p after one carry pass (see there).
 * EC_P stays the prime as saturated 64-bit limbs: fe_to_dom / fe_from_dom convert
 * between those and the 58-bit limbs.
 * fe_mul and fe_sqr have two paths with the same limbs out, chosen per call by
 * kl_mont_adx_on (mont_adx.h: CPUID, KURV_X86_ADX=0/1): MULX inline assembly on x86-64
 * (p521x_mul, p521x_sqr), else, and with -Dasm=false (KURV_NO_ASM), portable C with
 * 128-bit columns. tests/unit/test_field.c checks both against OpenSSL's BN
 * (field_p521.c).
 * Both products are schoolbook, 81 partial products: a three-way Karatsuba product
 * (three blocks of three limbs, six block products, 54 partial products) was measured
 * and is not faster. Written in C it took 127 cycles a product against the C
 * schoolbook's 139 and the MULX path's 110 (a dependent chain, best of 11, one CPU,
 * EPYC with AVX-512), 529 instructions against the MULX path's 347: the block
 * products' five 128-bit columns are each added or subtracted at three places, and
 * those additions, with the operands' block sums, cost about what the 27 products
 * saved do, and the product is bound by its ALU instructions, not by the multiplier.
 */
#ifndef KURV_P521_FIELD_H
#define KURV_P521_FIELD_H

#include <stdint.h>
#include "limb.h"
#include "mont_adx.h"   /* kl_mont_adx_on: the run-time choice of the MULX path */

#define EC_N 9
#define EC_FLEN 66
#define EC_SLEN 66
#define EC_ORDER_BITS 521
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5
#define EC_BASE_JACOBIAN 1   /* n is close to 2^order_bits: see pt_mul_table_ct in ec/mul_base_ct.h */
/* verification's u2*Q (ec/mul2.h): Q's odd multiples made affine with one inversion
 * (callgrind, per verify: 3.357M -> 3.196M instructions; a width-6 NAF for u2 on top
 * measured no better, 3.234M) */
#define EC_Q_AFFINE 1

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, ~0ULL, 0x1FFULL}};

#define P521_M58 0x03FFFFFFFFFFFFFFULL   /* 2^58 - 1 */
#define P521_M57 0x01FFFFFFFFFFFFFFULL   /* 2^57 - 1 */

/* One carry pass: limbs 0..7 < 2^64 - 2^58, limb 8 < 2^63 in; loose form out
 * (limb 0 < 2^58 + 2^7, limbs 1..7 < 2^58, limb 8 < 2^57). */
/* the field operations are small and hot: inlined into the point formulas. Not forced
 * on the portable two-word path (wide.h without KW_NATIVE: 32-bit targets), where a
 * product is some 400 32-bit multiplications: forced into every formula it made one
 * translation unit take GCC over 20 minutes for i686; the compiler chooses there. */
#ifdef KW_NATIVE
#define P521_INLINE static inline __attribute__((always_inline))
#else
#define P521_INLINE static inline
#endif

static inline void p521_carry(uint64_t v[9])
{
    uint64_t c;
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++) {
        c = v[i] >> 58;
        v[i] &= P521_M58;
        v[i + 1] += c;
    }
    c = v[8] >> 57;            /* weight 2^521 = 1 */
    v[8] &= P521_M57;
    v[0] += c;
}

/* r = the unique limbs of a mod p: limbs 0..7 < 2^58, limb 8 < 2^57, value < p. */
static inline void p521_canon(fe *r, const fe *a)
{
    uint64_t all = ~0ULL;
    int i;
    *r = *a;
    p521_carry(r->v);
    /* a second pass leaves each limb in range: the value is now <= 2^521 - 1 = p */
    p521_carry(r->v);
    /* map p (every bit set) to 0 */
    KL_UNROLL
    for (i = 0; i < 8; i++)
        all &= kl_eq64(r->v[i], P521_M58);
    all &= kl_eq64(r->v[8], P521_M57);
    KL_UNROLL
    for (i = 0; i < 9; i++)
        r->v[i] &= ~all;
}

/* One carry step on every limb at once, none propagated further (a short dependency
 * chain for fe_add / fe_sub): limbs 0..7 < 2^64 - 2^58, limb 8 < 2^63 in; the loose
 * form out (limbs 0..7 < 2^58 + 2^6, limb 8 < 2^57 + 2^6). */
P521_INLINE void p521_carry_par(uint64_t v[9])
{
    uint64_t c[9];
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        c[i] = v[i] >> 58;
    c[8] = v[8] >> 57;         /* weight 2^521 = 1 */
    KL_UNROLL
    for (i = 0; i < 8; i++)
        v[i] &= P521_M58;
    v[8] &= P521_M57;
    v[0] += c[8];
    KL_UNROLL
    for (i = 1; i < 9; i++)
        v[i] += c[i - 1];
}

#define EC_HAVE_FE_CANON 1
static inline void fe_canon(fe *r, const fe *a) { p521_canon(r, a); }

/*
 * Small multiples and a product's operands, for the doubling (ec/jac.h jac_dbl_a3,
 * EC_HAVE_FE_LAZY). fe_mul4, fe_mul8: r = 4a, 8a, loose form in and out (a limb of 8a
 * is < 2^62: within p521_carry_par's input bound). The _lazy routines skip the carry
 * pass: their result may only be an operand of fe_mul or fe_sqr, which take "wide"
 * elements, limbs 0..7 < 2^61, limb 8 < 2^60 (see the column bounds at fe_mul):
 *   fe_add_lazy  a + b:       limbs < 2^60, limb 8 < 2^59;
 *   fe_sub_lazy  a + 4p - b:  limbs < 2^59 + 2^60 < 2^61, limb 8 < 2^58 + 2^59 < 2^60,
 *                             never negative (a limb of 4p is 2^60 - 4 > 2^59 > b's);
 *   fe_mul3_lazy 3a:          limbs < 3 * 2^59 < 2^61, limb 8 < 3 * 2^58 < 2^60.
 * Loose inputs (limbs 0..7 < 2^59, limb 8 < 2^58) in every case.
 */
#define EC_HAVE_FE_LAZY 1
P521_INLINE void fe_add_lazy(fe *r, const fe *a, const fe *b)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 9; i++)
        r->v[i] = a->v[i] + b->v[i];
}

/* r = a + 4p - b: 4p has limbs 2^60 - 4 (limb 8: 2^59 - 4), above any loose limb */
P521_INLINE void fe_sub_lazy(fe *r, const fe *a, const fe *b)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        r->v[i] = a->v[i] + (0x1000000000000000ULL - 4) - b->v[i];
    r->v[8] = a->v[8] + (0x0800000000000000ULL - 4) - b->v[8];
}

#define EC_HAVE_FE_ADDSUB 1
P521_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
    fe_add_lazy(r, a, b);
    p521_carry_par(r->v);
}

P521_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
    fe_sub_lazy(r, a, b);
    p521_carry_par(r->v);
}

P521_INLINE void fe_mul3_lazy(fe *r, const fe *a)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 9; i++)
        r->v[i] = 3 * a->v[i];
}

/* r = 2^s a, s <= 3 */
P521_INLINE void p521_shl(fe *r, const fe *a, unsigned s)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 9; i++)
        r->v[i] = a->v[i] << s;
    p521_carry_par(r->v);
}

P521_INLINE void fe_mul4(fe *r, const fe *a) { p521_shl(r, a, 2); }
P521_INLINE void fe_mul8(fe *r, const fe *a) { p521_shl(r, a, 3); }

/*
 * The doubling's fused linear steps (ec/jac.h jac_dbl_a3 with EC_HAVE_FE_LAZY), one
 * carry pass each instead of two or three:
 *   fe_sub2      r = a - b - c as a + 8p - b - c: loose a, b, c; b + c < 2^60 <= 8p's
 *                limbs (2^61 - 8; limb 8: b + c < 2^59 <= 2^60 - 8), the sum < 2^59 +
 *                2^61 (limb 8 < 2^58 + 2^60): within p521_carry_par's input; loose out.
 *   fe_sub_mul8  r = a - 8b as a + 32p - 8b: loose a, b; 8b < 2^62 <= 32p's limbs
 *                (2^63 - 32; limb 8: 8b < 2^61 <= 2^62 - 32), the sum < 2^59 + 2^63
 *                (limb 8 < 2^58 + 2^62): within p521_carry_par's input; loose out.
 *   fe_mul4_sub_lazy  r = 4a - b as 4a + 2p - b, no carry pass (a _lazy result: an
 *                operand of fe_mul or fe_sqr only), for a a product (fe_mul or fe_sqr's
 *                result, p521_carry_wide: limbs 0, 2..7 < 2^58, limb 1 < 2^58 + 2^14,
 *                limb 8 < 2^57) and b a p521_carry_par result (fe_add, fe_sub, fe_sub2,
 *                fe_sub_mul8, fe_mul4, fe_mul8: limbs 0..7 < 2^58 + 2^6, limb 8 < 2^57 +
 *                2^6), which 2p's limbs (2^59 - 2; limb 8 2^58 - 2) exceed; r's limbs
 *                < 2^60 + 2^16 + 2^59 < 2^61, limb 8 < 2^59 + 2^58 < 2^60: wide.
 */
P521_INLINE void fe_sub2(fe *r, const fe *a, const fe *b, const fe *c)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        r->v[i] = a->v[i] + (0x2000000000000000ULL - 8) - b->v[i] - c->v[i];
    r->v[8] = a->v[8] + (0x1000000000000000ULL - 8) - b->v[8] - c->v[8];
    p521_carry_par(r->v);
}

P521_INLINE void fe_sub_mul8(fe *r, const fe *a, const fe *b)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        r->v[i] = a->v[i] + (0x8000000000000000ULL - 32) - (b->v[i] << 3);
    r->v[8] = a->v[8] + (0x4000000000000000ULL - 32) - (b->v[8] << 3);
    p521_carry_par(r->v);
}

P521_INLINE void fe_mul4_sub_lazy(fe *r, const fe *a, const fe *b)
{
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++)
        r->v[i] = (a->v[i] << 2) + (0x0800000000000000ULL - 2) - b->v[i];
    r->v[8] = (a->v[8] << 2) + (0x0400000000000000ULL - 2) - b->v[8];
}

P521_INLINE void fe_neg(fe *r, const fe *a)
{
    fe z = {{0}};
    fe_sub(r, &z, a);
}

/*
 * fe_is_zero: a mask, all-ones iff a = 0 mod p; a within p521_carry's input bound
 * (limbs 0..7 < 2^64 - 2^58, limb 8 < 2^63: every loose or wide element). One carry
 * pass, no canonical form: after p521_carry limbs 1..7 are < 2^58 and limb 8 < 2^57,
 * and limb 0 < 2^58 + 2^7 (it gains (limb 8 + a carry < 2^6) >> 57 < 2^6 + 1), so the
 * value v is < 2^521 - 2^58 + 2^58 + 2^7 = p + 2^7 + 1 < 2p: v = 0 mod p iff v = 0 or
 * v = p. v = 0 iff every limb is 0. v = p iff the limbs are p's (2^58 - 1 each, limb 8
 * 2^57 - 1): limbs 1..8 at most p's, so v = p needs limb 0 >= 2^58 - 1, and limb 0 =
 * 2^58 - 1 + k with 0 < k < 2^7 + 2 would leave limbs 1..8 a value p - 2^58 + 1 - k
 * that is not a multiple of 2^58. p's test: the AND of limbs 0..7 and 2 limb 8 + 1 has
 * its low 58 bits all set iff each does (limbs 1..7 < 2^58: iff each is 2^58 - 1; limb
 * 0 < 2^59 - 1 has its low 58 bits set only at 2^58 - 1; 2 limb 8 + 1 only at limb 8 =
 * 2^57 - 1).
 */
#define EC_HAVE_FE_EQ 1
static inline uint64_t fe_is_zero(const fe *a)
{
    uint64_t v[9], any = 0, all;
    int i;
    KL_UNROLL
    for (i = 0; i < 9; i++)
        v[i] = a->v[i];
    p521_carry(v);
    all = (v[8] << 1) | 1;
    KL_UNROLL
    for (i = 0; i < 9; i++)
        any |= v[i];
    KL_UNROLL
    for (i = 0; i < 8; i++)
        all &= v[i];
    return kl_eq64(any, 0) | kl_eq64(all & P521_M58, P521_M58);
}

static inline uint64_t fe_eq(const fe *a, const fe *b)
{
    fe d;
    fe_sub(&d, a, b);
    return fe_is_zero(&d);
}

/* r = the 128-bit columns c[0..8] carried into loose limbs */
P521_INLINE void p521_carry_wide(fe *r, kurv_u128 c[9])
{
    kurv_u128 top;
    int i;
    KL_UNROLL
    for (i = 0; i < 8; i++) {
        r->v[i] = kw_lo(c[i]) & P521_M58;
        c[i + 1] = kw_add(c[i + 1], kw_shr(c[i], 58));
    }
    r->v[8] = kw_lo(c[8]) & P521_M57;
    top = kw_add64(kw_shr(c[8], 57), r->v[0]);     /* weight 2^521 = 1; < 2^72 */
    r->v[0] = kw_lo(top) & P521_M58;
    r->v[1] += kw_lo(kw_shr(top, 58));
}

#ifdef KL_MONT_ADX
/*
 * fe_mul and fe_sqr on the MULX path (BMI2; chosen with the other fields' MULX/ADX code
 * by kl_mont_adx_on, mont_adx.h), same inputs (wide), same columns and the same carry
 * pass as the C below, so the same limbs out, bit for bit. One inline-assembly statement
 * each, product scanning in three blocks of three columns: a block's columns are three
 * 128-bit accumulators (register pairs A0:B0, A1:B1, A2:B2) and RDX runs over the limbs
 * x_i, each loaded at most once a block and doubled in place (ADD) for the folded
 * products (columns i + j >= 9, factor 2; the square's cross products 2 x_i x_j and
 * folded ones 4 x_i x_j likewise, or quadrupled by SHL; RDX at most 4 * 2^61 < 2^64).
 * A product is MULX from memory and ADD/ADC into its column (a column's first product
 * MULX straight into it). After a
 * block its columns are carried as p521_carry_wide does (digit: the low 58 bits, by
 * BZHI; carry: the column >> 58, SHRD/SHR, ADD/ADC into the next column), the last
 * column's carry staying in its pair as the first column of the next block (the pairs
 * turn: columns 3..5 in A2, A0, A1; 6..8 in A1, A2, A0). Digits 0..5 go to a stack
 * array first and r is written only after the last read of a and b (r may alias
 * them). The product's schedule: in each block RDX = x_0 .. x_8 in turn, each with its
 * products x_i y_{c-i} (c >= i) and then, doubled, x_i y_{c+9-i} (c < i). The square's
 * takes each product 2^e x_i x_j (i <= j) once, with x_i or x_j in RDX as makes the
 * fewest loads and doublings a block (found by a search over the choices, checked by
 * simulation against the C columns). tests/unit/test_field.c checks both paths against
 * OpenSSL's BN and the limbs of one against the other's.
 * Registers: the three pairs, LO, HI, N (the BZHI bit count), RDX and the pointers a,
 * b, r: 13, within the 14 free with frame pointers. P521X_MEM: the reads of a and b and
 * the write of r are declared by a "memory" clobber, not by "m" operands, for which
 * clang -O1 with frame pointers wants registers of their own (no 14 left).
 */
#define P521X_LD(P, i) "movq " #i "*8(%[" #P "]), %%rdx\n\t"
#define P521X_DBL "addq %%rdx, %%rdx\n\t"
#define P521X_QUAD "shlq $2, %%rdx\n\t"
/* (h:l) = RDX P[j]: a column's first product */
#define P521X_SET(P, j, l, h) "mulxq " #j "*8(%[" #P "]), %[" #l "], %[" #h "]\n\t"
/* (h:l) += RDX P[j] */
#define P521X_ACC(P, j, l, h) "mulxq " #j "*8(%[" #P "]), %[LO], %[HI]\n\t"           \
    "addq %[LO], %[" #l "]\n\tadcq %[HI], %[" #h "]\n\t"
/* the column (h:l): its low 58 bits to dst (N = 58), then (h:l) >>= 58 */
#define P521X_DIG(l, h, dst) "bzhiq %[N], %[" #l "], %[LO]\n\tmovq %[LO], " dst "\n\t"   \
    "shrdq $58, %[" #h "], %[" #l "]\n\tshrq $58, %[" #h "]\n\t"
/* (h2:l2) += (h:l) */
#define P521X_ADD(l, h, l2, h2) "addq %[" #l "], %[" #l2 "]\n\tadcq %[" #h "], %[" #h2 "]\n\t"
/* column 8 (h:l), digits 6, 7 already in r: r8 = the low 57 bits, top = (h:l) >> 57
 * plus digit 0 (< 2^72), r0 = top's low 58 bits, r1 = digit 1 + (top >> 58), r2..r5 the
 * digits; p521_carry_wide's end */
#define P521X_FOLD(l, h) "movl $57, %k[N]\n\tbzhiq %[N], %[" #l "], %[LO]\n\t"            \
    "movq %[LO], 64(%[R])\n\tshrdq $57, %[" #h "], %[" #l "]\n\tshrq $57, %[" #h "]\n\t"  \
    "addq %[D0], %[" #l "]\n\tadcq $0, %[" #h "]\n\tmovl $58, %k[N]\n\t"                  \
    "bzhiq %[N], %[" #l "], %[LO]\n\tmovq %[LO], 0(%[R])\n\t"                            \
    "shrdq $58, %[" #h "], %[" #l "]\n\taddq %[D1], %[" #l "]\n\tmovq %[" #l "], 8(%[R])\n\t" \
    "movq %[D2], %[LO]\n\tmovq %[LO], 16(%[R])\n\tmovq %[D3], %[LO]\n\tmovq %[LO], 24(%[R])\n\t" \
    "movq %[D4], %[LO]\n\tmovq %[LO], 32(%[R])\n\tmovq %[D5], %[LO]\n\tmovq %[LO], 40(%[R])"
#define P521X_OUT                                                                       \
    [A0] "=&r"(a0), [B0] "=&r"(b0), [A1] "=&r"(a1), [B1] "=&r"(b1), [A2] "=&r"(a2),      \
    [B2] "=&r"(b2), [LO] "=&r"(lo), [HI] "=&r"(hi), [N] "=&r"(n), [D0] "=m"(d[0]),       \
    [D1] "=m"(d[1]), [D2] "=m"(d[2]), [D3] "=m"(d[3]), [D4] "=m"(d[4]), [D5] "=m"(d[5])

/* r = a b: fe_mul's contract (wide a, b; loose r, the C path's limbs); r may alias a, b */
P521_INLINE void p521x_mul(uint64_t r[9], const uint64_t a[9], const uint64_t b[9])
{
    uint64_t a0, b0, a1, b1, a2, b2, lo, hi, n, d[6];
    __asm__("movl $58, %k[N]\n\t"
            P521X_LD(X, 0) P521X_SET(Y, 0, A0, B0) P521X_SET(Y, 1, A1, B1)
            P521X_SET(Y, 2, A2, B2)
            P521X_LD(X, 1) P521X_ACC(Y, 0, A1, B1) P521X_ACC(Y, 1, A2, B2) P521X_DBL
            P521X_ACC(Y, 8, A0, B0)
            P521X_LD(X, 2) P521X_ACC(Y, 0, A2, B2) P521X_DBL P521X_ACC(Y, 7, A0, B0)
            P521X_ACC(Y, 8, A1, B1)
            P521X_LD(X, 3) P521X_DBL P521X_ACC(Y, 6, A0, B0) P521X_ACC(Y, 7, A1, B1)
            P521X_ACC(Y, 8, A2, B2)
            P521X_LD(X, 4) P521X_DBL P521X_ACC(Y, 5, A0, B0) P521X_ACC(Y, 6, A1, B1)
            P521X_ACC(Y, 7, A2, B2)
            P521X_LD(X, 5) P521X_DBL P521X_ACC(Y, 4, A0, B0) P521X_ACC(Y, 5, A1, B1)
            P521X_ACC(Y, 6, A2, B2)
            P521X_LD(X, 6) P521X_DBL P521X_ACC(Y, 3, A0, B0) P521X_ACC(Y, 4, A1, B1)
            P521X_ACC(Y, 5, A2, B2)
            P521X_LD(X, 7) P521X_DBL P521X_ACC(Y, 2, A0, B0) P521X_ACC(Y, 3, A1, B1)
            P521X_ACC(Y, 4, A2, B2)
            P521X_LD(X, 8) P521X_DBL P521X_ACC(Y, 1, A0, B0) P521X_ACC(Y, 2, A1, B1)
            P521X_ACC(Y, 3, A2, B2)
            P521X_DIG(A0, B0, "%[D0]") P521X_ADD(A0, B0, A1, B1)
            P521X_DIG(A1, B1, "%[D1]") P521X_ADD(A1, B1, A2, B2)
            P521X_DIG(A2, B2, "%[D2]")
            P521X_LD(X, 0) P521X_ACC(Y, 3, A2, B2) P521X_SET(Y, 4, A0, B0)
            P521X_SET(Y, 5, A1, B1)
            P521X_LD(X, 1) P521X_ACC(Y, 2, A2, B2) P521X_ACC(Y, 3, A0, B0)
            P521X_ACC(Y, 4, A1, B1)
            P521X_LD(X, 2) P521X_ACC(Y, 1, A2, B2) P521X_ACC(Y, 2, A0, B0)
            P521X_ACC(Y, 3, A1, B1)
            P521X_LD(X, 3) P521X_ACC(Y, 0, A2, B2) P521X_ACC(Y, 1, A0, B0)
            P521X_ACC(Y, 2, A1, B1)
            P521X_LD(X, 4) P521X_ACC(Y, 0, A0, B0) P521X_ACC(Y, 1, A1, B1) P521X_DBL
            P521X_ACC(Y, 8, A2, B2)
            P521X_LD(X, 5) P521X_ACC(Y, 0, A1, B1) P521X_DBL P521X_ACC(Y, 7, A2, B2)
            P521X_ACC(Y, 8, A0, B0)
            P521X_LD(X, 6) P521X_DBL P521X_ACC(Y, 6, A2, B2) P521X_ACC(Y, 7, A0, B0)
            P521X_ACC(Y, 8, A1, B1)
            P521X_LD(X, 7) P521X_DBL P521X_ACC(Y, 5, A2, B2) P521X_ACC(Y, 6, A0, B0)
            P521X_ACC(Y, 7, A1, B1)
            P521X_LD(X, 8) P521X_DBL P521X_ACC(Y, 4, A2, B2) P521X_ACC(Y, 5, A0, B0)
            P521X_ACC(Y, 6, A1, B1)
            P521X_DIG(A2, B2, "%[D3]") P521X_ADD(A2, B2, A0, B0)
            P521X_DIG(A0, B0, "%[D4]") P521X_ADD(A0, B0, A1, B1)
            P521X_DIG(A1, B1, "%[D5]")
            P521X_LD(X, 0) P521X_ACC(Y, 6, A1, B1) P521X_SET(Y, 7, A2, B2)
            P521X_SET(Y, 8, A0, B0)
            P521X_LD(X, 1) P521X_ACC(Y, 5, A1, B1) P521X_ACC(Y, 6, A2, B2)
            P521X_ACC(Y, 7, A0, B0)
            P521X_LD(X, 2) P521X_ACC(Y, 4, A1, B1) P521X_ACC(Y, 5, A2, B2)
            P521X_ACC(Y, 6, A0, B0)
            P521X_LD(X, 3) P521X_ACC(Y, 3, A1, B1) P521X_ACC(Y, 4, A2, B2)
            P521X_ACC(Y, 5, A0, B0)
            P521X_LD(X, 4) P521X_ACC(Y, 2, A1, B1) P521X_ACC(Y, 3, A2, B2)
            P521X_ACC(Y, 4, A0, B0)
            P521X_LD(X, 5) P521X_ACC(Y, 1, A1, B1) P521X_ACC(Y, 2, A2, B2)
            P521X_ACC(Y, 3, A0, B0)
            P521X_LD(X, 6) P521X_ACC(Y, 0, A1, B1) P521X_ACC(Y, 1, A2, B2)
            P521X_ACC(Y, 2, A0, B0)
            P521X_LD(X, 7) P521X_ACC(Y, 0, A2, B2) P521X_ACC(Y, 1, A0, B0) P521X_DBL
            P521X_ACC(Y, 8, A1, B1)
            P521X_LD(X, 8) P521X_ACC(Y, 0, A0, B0) P521X_DBL P521X_ACC(Y, 7, A1, B1)
            P521X_ACC(Y, 8, A2, B2)
            P521X_DIG(A1, B1, "48(%[R])") P521X_ADD(A1, B1, A2, B2)
            P521X_DIG(A2, B2, "56(%[R])") P521X_ADD(A2, B2, A0, B0)
            P521X_FOLD(A0, B0)
            : P521X_OUT
            : [X] "r"(a), [Y] "r"(b), [R] "r"(r)
            : "rdx", "cc", "memory");   /* a, b read and r written: P521X_MEM */
}

/* r = a^2: fe_sqr's contract (wide a; loose r, the C path's limbs); r may alias a */
P521_INLINE void p521x_sqr(uint64_t r[9], const uint64_t a[9])
{
    uint64_t a0, b0, a1, b1, a2, b2, lo, hi, n, d[6];
    __asm__("movl $58, %k[N]\n\t"
            P521X_LD(X, 0) P521X_SET(X, 0, A0, B0) P521X_DBL P521X_SET(X, 1, A1, B1)
            P521X_SET(X, 2, A2, B2)
            P521X_LD(X, 1) P521X_ACC(X, 1, A2, B2)
            P521X_LD(X, 5) P521X_DBL P521X_ACC(X, 5, A1, B1) P521X_DBL P521X_ACC(X, 4, A0, B0)
            P521X_ACC(X, 6, A2, B2)
            P521X_LD(X, 6) P521X_QUAD P521X_ACC(X, 3, A0, B0) P521X_ACC(X, 4, A1, B1)
            P521X_LD(X, 7) P521X_QUAD P521X_ACC(X, 2, A0, B0) P521X_ACC(X, 3, A1, B1)
            P521X_ACC(X, 4, A2, B2)
            P521X_LD(X, 8) P521X_QUAD P521X_ACC(X, 1, A0, B0) P521X_ACC(X, 2, A1, B1)
            P521X_ACC(X, 3, A2, B2)
            P521X_DIG(A0, B0, "%[D0]") P521X_ADD(A0, B0, A1, B1)
            P521X_DIG(A1, B1, "%[D1]") P521X_ADD(A1, B1, A2, B2)
            P521X_DIG(A2, B2, "%[D2]")
            P521X_LD(X, 0) P521X_DBL P521X_ACC(X, 3, A2, B2) P521X_SET(X, 4, A0, B0)
            P521X_SET(X, 5, A1, B1)
            P521X_LD(X, 1) P521X_DBL P521X_ACC(X, 2, A2, B2) P521X_ACC(X, 3, A0, B0)
            P521X_ACC(X, 4, A1, B1)
            P521X_LD(X, 2) P521X_ACC(X, 2, A0, B0) P521X_DBL P521X_ACC(X, 3, A1, B1)
            P521X_LD(X, 6) P521X_DBL P521X_ACC(X, 6, A2, B2)
            P521X_LD(X, 7) P521X_DBL P521X_ACC(X, 7, A1, B1) P521X_DBL P521X_ACC(X, 5, A2, B2)
            P521X_ACC(X, 6, A0, B0)
            P521X_LD(X, 8) P521X_QUAD P521X_ACC(X, 4, A2, B2) P521X_ACC(X, 5, A0, B0)
            P521X_ACC(X, 6, A1, B1)
            P521X_DIG(A2, B2, "%[D3]") P521X_ADD(A2, B2, A0, B0)
            P521X_DIG(A0, B0, "%[D4]") P521X_ADD(A0, B0, A1, B1)
            P521X_DIG(A1, B1, "%[D5]")
            P521X_LD(X, 0) P521X_DBL P521X_ACC(X, 6, A1, B1) P521X_SET(X, 7, A2, B2)
            P521X_SET(X, 8, A0, B0)
            P521X_LD(X, 1) P521X_DBL P521X_ACC(X, 5, A1, B1) P521X_ACC(X, 6, A2, B2)
            P521X_ACC(X, 7, A0, B0)
            P521X_LD(X, 2) P521X_DBL P521X_ACC(X, 4, A1, B1) P521X_ACC(X, 5, A2, B2)
            P521X_ACC(X, 6, A0, B0)
            P521X_LD(X, 3) P521X_ACC(X, 3, A1, B1) P521X_DBL P521X_ACC(X, 4, A2, B2)
            P521X_ACC(X, 5, A0, B0)
            P521X_LD(X, 4) P521X_ACC(X, 4, A0, B0)
            P521X_LD(X, 8) P521X_DBL P521X_ACC(X, 8, A2, B2) P521X_DBL P521X_ACC(X, 7, A1, B1)
            P521X_DIG(A1, B1, "48(%[R])") P521X_ADD(A1, B1, A2, B2)
            P521X_DIG(A2, B2, "56(%[R])") P521X_ADD(A2, B2, A0, B0)
            P521X_FOLD(A0, B0)
            : P521X_OUT
            : [X] "r"(a), [R] "r"(r)
            : "rdx", "cc", "memory");   /* a read and r written: P521X_MEM */
}
#endif

/* Column bounds, for wide inputs (limbs 0..7 < 2^61, limb 8 < 2^60; every loose
 * element is one): a doubled limb is < 2^62, a product with a doubled factor < 2^123,
 * and a column sums nine products: < 9 * 2^123 < 2^127 (squaring: at most five
 * products of two doubled limbs, < 5 * 2^124 < 2^127). In p521_carry_wide a column
 * then gains < 2^70 from the one before, c[8] >> 57 is < 2^71 and the last carry into
 * limb 1 < 2^14: the output is loose. */
P521_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    const uint64_t *x = a->v, *y = b->v;
    uint64_t y2[9];
    kurv_u128 c[9];
    int i, k;

#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p521x_mul(r->v, a->v, b->v);
        return;
    }
#endif
    KL_UNROLL
    for (i = 0; i < 9; i++)
        y2[i] = 2 * y[i];
    KL_UNROLL
    for (k = 0; k < 9; k++) {
        kurv_u128 acc = kw_make(0, 0);
        KL_UNROLL
        for (i = 0; i <= k; i++)
            acc = kw_add(acc, kw_mul(x[i], y[k - i]));
        KL_UNROLL
        for (i = k + 1; i < 9; i++)
            acc = kw_add(acc, kw_mul(x[i], y2[k + 9 - i]));
        c[k] = acc;
    }
    p521_carry_wide(r, c);
}

P521_INLINE void fe_sqr(fe *r, const fe *a)
{
    const uint64_t *x = a->v;
    uint64_t x2[9];
    kurv_u128 c[9];
    int i, k;

#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p521x_sqr(r->v, a->v);
        return;
    }
#endif
    KL_UNROLL
    for (i = 0; i < 9; i++)
        x2[i] = 2 * x[i];
    KL_UNROLL
    for (k = 0; k < 9; k++) {
        kurv_u128 acc = kw_make(0, 0);
        /* columns k: pairs i < j with i + j = k, each twice, and the square */
        KL_UNROLL
        for (i = 0; 2 * i < k; i++)
            acc = kw_add(acc, kw_mul(x2[i], x[k - i]));
        if (!(k & 1))
            acc = kw_add(acc, kw_mul(x[k / 2], x[k / 2]));
        /* columns k + 9, folded with a factor 2 */
        KL_UNROLL
        for (i = k + 1; 2 * i < k + 9; i++)
            acc = kw_add(acc, kw_mul(x2[i], x2[k + 9 - i]));
        if ((k & 1))
            acc = kw_add(acc, kw_mul(x[(k + 9) / 2], x2[(k + 9) / 2]));
        c[k] = acc;
    }
    p521_carry_wide(r, c);
}

/* saturated 64-bit limbs (a value < 2^522) -> 58-bit limbs; r may alias a (the input
 * is copied first: ec/fe.h's contract) */
static inline void fe_to_dom(fe *r, const fe *a)
{
    const fe in = *a;
    const uint64_t *v = in.v;
    int i;
    KL_UNROLL
    for (i = 0; i < 9; i++) {
        unsigned bit = 58u * (unsigned)i, w = bit / 64, s = bit % 64;
        uint64_t x = v[w] >> s;
        if (s > 6 && w + 1 < 9)
            x |= v[w + 1] << (64 - s);
        r->v[i] = x & P521_M58;
    }
}

/* 58-bit limbs -> the fully reduced value as saturated 64-bit limbs */
static inline void fe_from_dom(fe *r, const fe *a)
{
    fe t;
    int i;
    p521_canon(&t, a);
    KL_UNROLL
    for (i = 0; i < 9; i++)
        r->v[i] = 0;
    KL_UNROLL
    for (i = 0; i < 9; i++) {
        unsigned bit = 58u * (unsigned)i, w = bit / 64, s = bit % 64;
        r->v[w] |= t.v[i] << s;
        if (s > 6 && w + 1 < 9)
            r->v[w + 1] |= t.v[i] >> (64 - s);
    }
}

/* fe_inv: the template's default, constant-time divsteps (ec/fe.h fe_inv_divsteps),
 * faster here than the addition chain a^(p-2) it replaced */

#endif
