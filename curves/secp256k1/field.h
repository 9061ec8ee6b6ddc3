/*
 * secp256k1 field arithmetic, specialised for p = 2^256 - 2^32 - 977: four 64-bit
 * limbs, elements fully reduced, plain (non-Montgomery) representation. A product
 * is reduced with 2^256 = 2^32 + 977 (mod p). Constant time throughout.
 */
#ifndef KURV_SECP256K1_FIELD_H
#define KURV_SECP256K1_FIELD_H

#include <stdint.h>
#include <string.h>
#include "limb.h"
#include "mul4_asm.h"

#define EC_N 4
#define EC_FLEN 32
#define EC_SLEN 32
#define EC_ORDER_BITS 256
#define EC_A_KIND EC_A_ZERO
#define EC_BASE_W 5
#define EC_BASE_JACOBIAN 1   /* n is close to 2^order_bits: see pt_mul_table_ct in ec/mul_base_ct.h */

typedef struct { uint64_t v[EC_N]; } fe;

/* The field operations are small and on every hot path: have them inlined. */
#if defined(__GNUC__) && defined(KW_NATIVE)   /* see P521_INLINE (nist/p521/field.h) */
#define K1_INLINE static inline __attribute__((always_inline))
#else
#define K1_INLINE static inline
#endif

static const fe EC_P = {{0xFFFFFFFEFFFFFC2FULL, 0xFFFFFFFFFFFFFFFFULL,
                         0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL}};
#define K1_C 0x1000003D1ULL   /* 2^256 mod p */

#define EC_HAVE_FE_ADD 1   /* fe_add, fe_sub: below */

#ifdef KL4_ASM
/*
 * x86-64: products by mul4_asm.h, the reduction and add/subtract with their carry chains
 * as short inline-assembly runs (about 24% less time per squaring and multiplication
 * than the C below with GCC 12).
 * Branch-free: the final subtraction of p is a cmov on the carry of r + (2^256 - p).
 * Build with -Dasm=false (KURV_NO_ASM) for the portable C below.
 */

/*
 * Register budget: no asm statement in this file takes more than 10 operands that may
 * need a register (outputs, and "r"/"rm" inputs: "rm" ones need a register when the
 * compiler knows the value); mul4_asm.h's take up to 13. Frame pointers leave 14 free
 * registers, and GCC stops with "'asm' operand has impossible constraints" when a
 * statement needs more than are free (P-256's add did, with 15). Add and the reduction
 * were one statement of 14 and 12; each is now a carry chain ending in a mask, then the
 * conditional subtraction of p as a statement of its own (the same instructions).
 */

/* r = r + c mod 2^256 when r + c carries out of 256 bits (c = 2^256 - p: r >= p), else r */
K1_INLINE void k1_csub_asm(uint64_t *r0, uint64_t *r1, uint64_t *r2, uint64_t *r3, uint64_t c)
{
    uint64_t s0, s1, s2, s3;
    __asm__("movq %[R0], %[S0]\n\tmovq %[R1], %[S1]\n\tmovq %[R2], %[S2]\n\tmovq %[R3], %[S3]\n\t"
            "addq %[C], %[S0]\n\tadcq $0, %[S1]\n\tadcq $0, %[S2]\n\tadcq $0, %[S3]\n\t"
            "cmovcq %[S0], %[R0]\n\tcmovcq %[S1], %[R1]\n\tcmovcq %[S2], %[R2]\n\tcmovcq %[S3], %[R3]"
            : [R0] "+&r"(*r0), [R1] "+&r"(*r1), [R2] "+&r"(*r2), [R3] "+&r"(*r3),
              [S0] "=&r"(s0), [S1] "=&r"(s1), [S2] "=&r"(s2), [S3] "=&r"(s3)
            : [C] "r"(c)
            : "cc");
}

/* r = (t7:...:t0) mod p, fully reduced: t_hi * C folded in, the top word once more, then
 * one conditional subtraction of p */
K1_INLINE void k1_reduce_asm(fe *r, uint64_t t0, uint64_t t1, uint64_t t2, uint64_t t3,
                             uint64_t t4, uint64_t t5, uint64_t t6, uint64_t t7)
{
    kurv_u128 p4 = kw_mul(t4, K1_C), p5 = kw_mul(t5, K1_C);
    kurv_u128 p6 = kw_mul(t6, K1_C), p7 = kw_mul(t7, K1_C), q;
    uint64_t top = kw_hi(p7), ql, qh, m, cc = K1_C;
    KL4_ADC_ROW(t0, t1, t2, t3, top, kw_lo(p4), kw_lo(p5), kw_lo(p6), kw_lo(p7),
               kw_hi(p4), kw_hi(p5), kw_hi(p6), (uint64_t)0);
    q = kw_mul(top, K1_C);
    ql = kw_lo(q);
    qh = kw_hi(q);
    __asm__("addq %[QL], %[R0]\n\tadcq %[QH], %[R1]\n\tadcq $0, %[R2]\n\tadcq $0, %[R3]\n\t"
            "sbbq %[M], %[M]\n\tandq %[C], %[M]\n\taddq %[M], %[R0]\n\tadcq $0, %[R1]"
            : [R0] "+&r"(t0), [R1] "+&r"(t1), [R2] "+&r"(t2), [R3] "+&r"(t3), [M] "=&r"(m)
            : [QL] "rm"(ql), [QH] "rm"(qh), [C] "r"(cc)
            : "cc");
    k1_csub_asm(&t0, &t1, &t2, &t3, cc);
    r->v[0] = t0; r->v[1] = t1; r->v[2] = t2; r->v[3] = t3;
}

K1_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[8];
    kl4_mul_wide(t, a->v, b->v);
    k1_reduce_asm(r, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
}

K1_INLINE void fe_sqr(fe *r, const fe *a)
{
    uint64_t t[8];
    kl4_sqr_wide(t, a->v);
    k1_reduce_asm(r, t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
}

/*
 * r = a + b and r = a - b mod p, for a, b < p, using 2^256 = C (mod p): a sum that
 * carries out of 256 bits, or reaches p (then sum + C carries), becomes sum + C
 * (mod 2^256); a difference that borrows becomes diff - C (mod 2^256). One carry chain
 * each, branch-free (cmov, masks).
 */
K1_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
    uint64_t r0 = a->v[0], r1 = a->v[1], r2 = a->v[2], r3 = a->v[3];
    uint64_t s0, s1, s2, s3, m, cc = K1_C;
    __asm__("addq %[B0], %[R0]\n\tadcq %[B1], %[R1]\n\tadcq %[B2], %[R2]\n\tadcq %[B3], %[R3]\n\t"
            "sbbq %[M], %[M]"
            : [R0] "+&r"(r0), [R1] "+&r"(r1), [R2] "+&r"(r2), [R3] "+&r"(r3), [M] "=&r"(m)
            : [B0] "rm"(b->v[0]), [B1] "rm"(b->v[1]), [B2] "rm"(b->v[2]), [B3] "rm"(b->v[3])
            : "cc");
    /* m = -carry of the sum; take r + C when the sum or r + C carried (m + carry != 0:
     * both cannot) */
    __asm__("movq %[R0], %[S0]\n\tmovq %[R1], %[S1]\n\tmovq %[R2], %[S2]\n\tmovq %[R3], %[S3]\n\t"
            "addq %[C], %[S0]\n\tadcq $0, %[S1]\n\tadcq $0, %[S2]\n\tadcq $0, %[S3]\n\t"
            "adcq $0, %[M]\n\t"
            "cmovnzq %[S0], %[R0]\n\tcmovnzq %[S1], %[R1]\n\tcmovnzq %[S2], %[R2]\n\tcmovnzq %[S3], %[R3]"
            : [R0] "+&r"(r0), [R1] "+&r"(r1), [R2] "+&r"(r2), [R3] "+&r"(r3), [M] "+&r"(m),
              [S0] "=&r"(s0), [S1] "=&r"(s1), [S2] "=&r"(s2), [S3] "=&r"(s3)
            : [C] "r"(cc)
            : "cc");
    r->v[0] = r0; r->v[1] = r1; r->v[2] = r2; r->v[3] = r3;
}
K1_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
    uint64_t r0 = a->v[0], r1 = a->v[1], r2 = a->v[2], r3 = a->v[3], m, cc = K1_C;
    __asm__("subq %[B0], %[R0]\n\tsbbq %[B1], %[R1]\n\tsbbq %[B2], %[R2]\n\tsbbq %[B3], %[R3]\n\t"
            "sbbq %[M], %[M]\n\tandq %[C], %[M]\n\t"
            "subq %[M], %[R0]\n\tsbbq $0, %[R1]\n\tsbbq $0, %[R2]\n\tsbbq $0, %[R3]"
            : [R0] "+&r"(r0), [R1] "+&r"(r1), [R2] "+&r"(r2), [R3] "+&r"(r3), [M] "=&r"(m)
            : [B0] "rm"(b->v[0]), [B1] "rm"(b->v[1]), [B2] "rm"(b->v[2]), [B3] "rm"(b->v[3]),
              [C] "r"(cc)
            : "cc");
    r->v[0] = r0; r->v[1] = r1; r->v[2] = r2; r->v[3] = r3;
}

#else /* portable C */

/* r = t mod p for a 512-bit t (8 limbs), using 2^256 = C (mod p): one carry chain of
 * t_lo + t_hi * C (a 256-bit value and a top word < 2^34), the top word folded the same
 * way, then one conditional subtraction of p. */
K1_INLINE void k1_reduce(fe *r, const uint64_t t[8])
{
    kurv_u128 p;
    uint64_t r0, r1, r2, r3, c, s[4], top;

    p = kw_muladd(t[4], K1_C, t[0]); r0 = kw_lo(p); c = kw_hi(p);
    p = kw_muladd2(t[5], K1_C, t[1], c); r1 = kw_lo(p); c = kw_hi(p);
    p = kw_muladd2(t[6], K1_C, t[2], c); r2 = kw_lo(p); c = kw_hi(p);
    p = kw_muladd2(t[7], K1_C, t[3], c); r3 = kw_lo(p); top = kw_hi(p);
    /* fold the top word: top * C < 2^67 */
    p = kw_muladd(top, K1_C, r0); r0 = kw_lo(p); c = kw_hi(p);
    r1 = kl_adc(r1, c, 0, &c);
    r2 = kl_adc(r2, 0, c, &c);
    r3 = kl_adc(r3, 0, c, &c);
    /* a final carry means the value wrapped and is now tiny: add C once more */
    r0 = kl_adc(r0, c * K1_C, 0, &c);
    r1 += c;

    r->v[0] = r0; r->v[1] = r1; r->v[2] = r2; r->v[3] = r3;
    c = kl_sub(4, s, r->v, EC_P.v);
    kl_cmov(4, r->v, s, c - 1);                 /* keep r - p when it did not borrow */
}

/* the product by the limb layer's columns (kl_mul4, limb.h), then the reduction */
K1_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[8];
    kl_mul4(t, a->v, b->v);
    k1_reduce(r, t);
}

/* r = a^2: the six cross products once, doubled, plus the four squares (10 multiplications) */
K1_INLINE void fe_sqr(fe *r, const fe *a)
{
    const uint64_t *x = a->v;
    uint64_t t[8], c;
    kurv_u128 p;

    p = kw_mul(x[0], x[1]); t[1] = kw_lo(p); c = kw_hi(p);
    p = kw_muladd(x[0], x[2], c); t[2] = kw_lo(p); c = kw_hi(p);
    p = kw_muladd(x[0], x[3], c); t[3] = kw_lo(p); t[4] = kw_hi(p);
    p = kw_muladd(x[1], x[2], t[3]); t[3] = kw_lo(p); c = kw_hi(p);
    p = kw_muladd2(x[1], x[3], t[4], c); t[4] = kw_lo(p); t[5] = kw_hi(p);
    p = kw_muladd(x[2], x[3], t[5]); t[5] = kw_lo(p); t[6] = kw_hi(p);
    t[7] = t[6] >> 63;
    t[6] = (t[6] << 1) | (t[5] >> 63);
    t[5] = (t[5] << 1) | (t[4] >> 63);
    t[4] = (t[4] << 1) | (t[3] >> 63);
    t[3] = (t[3] << 1) | (t[2] >> 63);
    t[2] = (t[2] << 1) | (t[1] >> 63);
    t[1] = t[1] << 1;
    p = kw_mul(x[0], x[0]);
    t[0] = kw_lo(p);
    t[1] = kl_adc(t[1], kw_hi(p), 0, &c);
    p = kw_mul(x[1], x[1]);
    t[2] = kl_adc(t[2], kw_lo(p), c, &c);
    t[3] = kl_adc(t[3], kw_hi(p), c, &c);
    p = kw_mul(x[2], x[2]);
    t[4] = kl_adc(t[4], kw_lo(p), c, &c);
    t[5] = kl_adc(t[5], kw_hi(p), c, &c);
    p = kw_mul(x[3], x[3]);
    t[6] = kl_adc(t[6], kw_lo(p), c, &c);
    t[7] = kl_adc(t[7], kw_hi(p), c, &c);
    k1_reduce(r, t);
}

/*
 * r = a + b and r = a - b mod p, for a, b < p, using 2^256 = C (mod p): a sum that
 * carries out of 256 bits or reaches p becomes sum + C (mod 2^256); a difference
 * that borrows becomes diff - C (mod 2^256). One short carry chain instead of a
 * full subtraction of p. Constant time.
 */
K1_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
    uint64_t s[4], t[4], c, c2;
    c = kl_add(4, s, a->v, b->v);
    t[0] = kl_adc(s[0], K1_C, 0, &c2);
    t[1] = kl_adc(s[1], 0, c2, &c2);
    t[2] = kl_adc(s[2], 0, c2, &c2);
    t[3] = kl_adc(s[3], 0, c2, &c2);
    kl_cmov(4, s, t, 0 - (c | c2));
    memcpy(r->v, s, sizeof s);
}

K1_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
    uint64_t d[4], t[4], bw, b2;
    bw = kl_sub(4, d, a->v, b->v);
    t[0] = kl_sbb(d[0], K1_C, 0, &b2);
    t[1] = kl_sbb(d[1], 0, b2, &b2);
    t[2] = kl_sbb(d[2], 0, b2, &b2);
    t[3] = kl_sbb(d[3], 0, b2, &b2);
    kl_cmov(4, d, t, 0 - bw);
    memcpy(r->v, d, sizeof d);
}

#endif

static inline void fe_to_dom(fe *r, const fe *a) { *r = *a; }
static inline void fe_from_dom(fe *r, const fe *a) { *r = *a; }

/* r[l] = a[l]^(2^k) for each of the lanes l < n (n = 1 or 2) */
K1_INLINE void k1_sqr_n_lanes(fe *r, const fe *a, int k, const int n)
{
    int i, l;
    for (l = 0; l < n; l++)
        fe_sqr(&r[l], &a[l]);
    for (i = 1; i < k; i++)
        for (l = 0; l < n; l++)
            fe_sqr(&r[l], &r[l]);
}

/* r[l] = a[l] * b[l] for each lane */
K1_INLINE void k1_mul_lanes(fe *r, const fe *a, const fe *b, const int n)
{
    int l;
    for (l = 0; l < n; l++)
        fe_mul(&r[l], &a[l], &b[l]);
}

/*
 * Addition chains for the two fixed exponents of the field, both built on
 * x_k = a^(2^k - 1) (k = 2, 3, 6, 9, 11, 22, 44, 88, 176, 220, 223):
 *   (p + 1) / 4 = ((x223 * 2^23 + x22) * 2^6 + x2) * 2^2                  (square root)
 *   p - 2       = ((((x223 * 2^23 + x22) * 2^5 + 1) * 2^3 + x2) * 2^2) + 1  (inverse)
 * 255 squarings and 13 or 15 multiplications instead of a generic windowed power.
 * Constant time (the exponents are public). k1_pow_head gives their common part,
 * head = x223 * 2^23 + x22, and x2, for n independent inputs at once ("lanes": with
 * n = 2 the two chains interleave, which keeps the multiplier busier than one chain).
 */
K1_INLINE void k1_pow_head_lanes(fe *head, fe *x2, const fe *a, const int n)
{
    fe x3[2], x6[2], x9[2], x11[2], x22[2], x44[2], x88[2], x176[2], x220[2], x223[2], t[2];
    k1_sqr_n_lanes(t, a, 1, n);
    k1_mul_lanes(x2, t, a, n);
    k1_sqr_n_lanes(t, x2, 1, n);
    k1_mul_lanes(x3, t, a, n);
    k1_sqr_n_lanes(t, x3, 3, n);
    k1_mul_lanes(x6, t, x3, n);
    k1_sqr_n_lanes(t, x6, 3, n);
    k1_mul_lanes(x9, t, x3, n);
    k1_sqr_n_lanes(t, x9, 2, n);
    k1_mul_lanes(x11, t, x2, n);
    k1_sqr_n_lanes(t, x11, 11, n);
    k1_mul_lanes(x22, t, x11, n);
    k1_sqr_n_lanes(t, x22, 22, n);
    k1_mul_lanes(x44, t, x22, n);
    k1_sqr_n_lanes(t, x44, 44, n);
    k1_mul_lanes(x88, t, x44, n);
    k1_sqr_n_lanes(t, x88, 88, n);
    k1_mul_lanes(x176, t, x88, n);
    k1_sqr_n_lanes(t, x176, 44, n);
    k1_mul_lanes(x220, t, x44, n);
    k1_sqr_n_lanes(t, x220, 3, n);
    k1_mul_lanes(x223, t, x3, n);
    k1_sqr_n_lanes(t, x223, 23, n);
    k1_mul_lanes(head, t, x22, n);
}

static void k1_pow_head(fe *head, fe *x2, const fe *a)
{
    k1_pow_head_lanes(head, x2, a, 1);
}

/* r[l] = a[l]^((p + 1) / 4): the square root of a[l] when it is a square */
K1_INLINE void k1_pow_sqrt_lanes(fe *r, const fe *a, const int n)
{
    fe x2[2], t[2];
    k1_pow_head_lanes(t, x2, a, n);
    k1_sqr_n_lanes(t, t, 6, n);
    k1_mul_lanes(t, t, x2, n);
    k1_sqr_n_lanes(r, t, 2, n);
}

static void k1_pow_sqrt(fe *r, const fe *a) { k1_pow_sqrt_lanes(r, a, 1); }
static void k1_pow_sqrt2(fe r[2], const fe a[2]) { k1_pow_sqrt_lanes(r, a, 2); }
#define EC_FE_SQRT_CHAIN k1_pow_sqrt
#define EC_FE_SQRT_CHAIN2 k1_pow_sqrt2

/* r = a^(p - 2) = a^-1 (0 maps to 0) */
#define EC_HAVE_FE_INV 1
static void fe_inv(fe *r, const fe *a)
{
    fe x2, t;
    k1_pow_head(&t, &x2, a);
    k1_sqr_n_lanes(&t, &t, 5, 1);
    fe_mul(&t, &t, a);
    k1_sqr_n_lanes(&t, &t, 3, 1);
    fe_mul(&t, &t, &x2);
    k1_sqr_n_lanes(&t, &t, 2, 1);
    fe_mul(r, &t, a);
}

#endif
