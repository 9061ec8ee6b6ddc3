/*
 * P-384 field, specialised for p = 2^384 - 2^128 - 2^96 + 2^32 - 1: Montgomery form
 * (x*R mod p, R = 2^384) over six 64-bit limbs, elements fully reduced, constant time.
 *
 * The product and the square are computed in twelve limbs first, then reduced by
 * p384_reduce.h, which uses p's shape: -p^-1 mod 2^64 = 2^32 + 1, so each round's
 * quotient digit is a shift and an add, and q*p = q 2^384 - q c with c < 2^129 (no
 * full row of products). Two paths, chosen per call by kl_mont_adx_on (mont_adx.h:
 * CPUID, KURV_X86_ADX=0/1): on x86-64 CPUs with BMI2 and ADX MULX/ADCX/ADOX rows
 * (p384x_mul_wide: a first row with one carry chain, then mont_adx.h's half-row shape;
 * p384x_sqr_wide: the cross products in a turning window of six registers, then
 * mont_adx.h's KLS_DIAG) and p384x_reduce (inline assembly, two MULX a round);
 * otherwise, and with -Dasm=false (KURV_NO_ASM), portable C (p384_mul_wide,
 * p384_reduce, whose rounds are shifts and carry chains only). fe_add and fe_sub
 * follow the same choice (p384x_add and p384x_sub below, carry chains that add p back
 * by a mask in p's shape; or kl_modadd and kl_modsub). tests/unit/test_field.c checks
 * both paths against OpenSSL's BN (field_p384.c).
 */
#ifndef KURV_P384_FIELD_H
#define KURV_P384_FIELD_H

#include <stdint.h>
#include "mont_impl.h"
#include "mont_adx.h"   /* kl_mont_adx_on and the MULX/ADX rows */

#define EC_N 6
#define EC_FLEN 48
#define EC_SLEN 48
#define EC_ORDER_BITS 384
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5
#define EC_BASE_JACOBIAN 1   /* n is close to 2^order_bits: see pt_mul_table_ct in ec/mul_ct.h */
#define EC_MADD_8M3S 1       /* a product costs about a square: ec/jac.h, jac_add_aff_core */
/* verification's u2*Q (ec/mul2.h): Q's odd multiples made affine with one inversion
 * (callgrind, per verify on the ADX path: 2.023M -> 1.927M instructions; with the
 * affine table a width-6 NAF for u2 measured 1.954M, width 4 1.964M) */
#define EC_Q_AFFINE 1

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0x00000000FFFFFFFFULL,0xFFFFFFFF00000000ULL,0xFFFFFFFFFFFFFFFEULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL}};
/* R^2 mod p = 2^768 mod p, to enter the Montgomery form */
static const fe p384_rr = {{0xFFFFFFFE00000001ULL, 0x0000000200000000ULL,
                            0xFFFFFFFE00000000ULL, 0x0000000200000000ULL,
                            0x0000000000000001ULL, 0x0000000000000000ULL}};

#define P384_INLINE static inline __attribute__((always_inline))

#include "p384_reduce.h"

#ifdef KL_MONT_ADX
/* (w7..w0) += x (y5..y0), w7 = 0 and w6 <= 1 on entry: KLX_HALF6 of mont_adx.h with
 * the multiplicand by a base register (one operand instead of six), which Clang can
 * allocate beside the window where it cannot with six memory operands */
#define P384X_HALF(x, y, w0, w1, w2, w3, w4, w5, w6, w7) do {                          \
        uint64_t lo_, hi_;                                                              \
        __asm__("xorl %k[LO], %k[LO]\n\t"                                                \
                KLX_PP(0, "T0", "T1") KLX_PP(8, "T1", "T2") KLX_PP(16, "T2", "T3")      \
                KLX_PP(24, "T3", "T4") KLX_PP(32, "T4", "T5") KLX_PP(40, "T5", "T6")    \
                KLX_END("T6", "T7")                                                     \
                : [T0] "+&r"(w0), [T1] "+&r"(w1), [T2] "+&r"(w2), [T3] "+&r"(w3),      \
                  [T4] "+&r"(w4), [T5] "+&r"(w5), [T6] "+&r"(w6), [T7] "+&r"(w7),      \
                  [LO] "=&r"(lo_), [HI] "=&r"(hi_)                                     \
                : [X] "d"(x), [Y] "r"(y), "m"(*(const uint64_t (*)[6])(y))             \
                : "cc");                                                               \
    } while (0)

/* (w6..w0) = x (y5..y0): the first row, into an empty window (no additions to it, so
 * one carry chain: MULX leaves the flags alone) */
#define P384X_ROW0(x, y, w0, w1, w2, w3, w4, w5, w6) do {                               \
        uint64_t lo_;                                                                   \
        __asm__("mulxq 0(%[Y]), %[T0], %[T1]\n\tmulxq 8(%[Y]), %[LO], %[T2]\n\t"         \
                "addq %[LO], %[T1]\n\tmulxq 16(%[Y]), %[LO], %[T3]\n\tadcq %[LO], %[T2]\n\t" \
                "mulxq 24(%[Y]), %[LO], %[T4]\n\tadcq %[LO], %[T3]\n\t"                  \
                "mulxq 32(%[Y]), %[LO], %[T5]\n\tadcq %[LO], %[T4]\n\t"                  \
                "mulxq 40(%[Y]), %[LO], %[T6]\n\tadcq %[LO], %[T5]\n\tadcq $0, %[T6]"    \
                : [T0] "=&r"(w0), [T1] "=&r"(w1), [T2] "=&r"(w2), [T3] "=&r"(w3),      \
                  [T4] "=&r"(w4), [T5] "=&r"(w5), [T6] "=&r"(w6), [LO] "=&r"(lo_)      \
                : "d"(x), [Y] "r"(y), "m"(*(const uint64_t (*)[6])(y))                 \
                : "cc");                                                               \
    } while (0)

/* t = a b (twelve limbs) by six MULX rows: row 0 (P384X_ROW0) writes a_0 b into
 * t[0 .. 6], row i > 0 (P384X_HALF) adds a_i b to t[i .. i+6], the window turning by
 * one limb */
P384_INLINE void p384x_mul_wide(uint64_t t[12], const uint64_t a[6], const uint64_t b[6])
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7 = 0;
    P384X_ROW0(a[0], b, t0, t1, t2, t3, t4, t5, t6);
    t[0] = t0; t0 = 0;
    P384X_HALF(a[1], b, t1, t2, t3, t4, t5, t6, t0, t7);
    t[1] = t1; t1 = 0;
    P384X_HALF(a[2], b, t2, t3, t4, t5, t6, t0, t1, t7);
    t[2] = t2; t2 = 0;
    P384X_HALF(a[3], b, t3, t4, t5, t6, t0, t1, t2, t7);
    t[3] = t3; t3 = 0;
    P384X_HALF(a[4], b, t4, t5, t6, t0, t1, t2, t3, t7);
    t[4] = t4; t4 = 0;
    P384X_HALF(a[5], b, t5, t6, t0, t1, t2, t3, t4, t7);
    t[5] = t5; t[6] = t6; t[7] = t0; t[8] = t1; t[9] = t2; t[10] = t3; t[11] = t4;
}

/* one product of a row: a_i a_j (a_i in RDX) into the window limbs l, h, by the CF
 * (low halves) and OF (high halves) chains */
#define P384X_SP(j, l, h) "mulxq " #j "*8(%[A]), %[LO], %[HI]\n\t"                     \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"
/* a row's start: RDX = a_i, the new top limb w zeroed, both flags cleared */
#define P384X_SROW(i, w) "movq " #i "*8(%[A]), %%rdx\n\txorl %k[" w "], %k[" w "]\n\t"   \
    "xorl %k[LO], %k[LO]\n\t"
/* a row's end: the CF chain's carry into the top limb w (the OF chain ends there) */
#define P384X_SEND(w) "movl $0, %k[LO]\n\tadcxq %[LO], %[" w "]\n\t"
#define P384X_ST(k, w) "movq %[" w "], " #k "*8(%[T])\n\t"

/*
 * t = a^2 (twelve limbs) on the MULX/ADX path: the fifteen cross products a_i a_j
 * (i < j) by rows in a window of six registers W0..W5 that turns as limbs are
 * finished (each stored to t once: limbs 1, 2 after row 0, 3, 4 after row 1, ...),
 * then doubled with the diagonal a_i^2 added (KLS_DIAG of mont_adx.h, two chunks).
 * Registers: the window (6), RDX, LO, HI and the pointers a, t.
 */
P384_INLINE void p384x_sqr_wide(uint64_t t[12], const uint64_t a[6])
{
    uint64_t w0, w1, w2, w3, w4, w5, lo, hi, c = 0, o = 0;
    __asm__("movq 0(%[A]), %%rdx\n\t"
            "mulxq 8(%[A]), %[W0], %[W1]\n\tmulxq 16(%[A]), %[LO], %[W2]\n\t"
            "addq %[LO], %[W1]\n\tmulxq 24(%[A]), %[LO], %[W3]\n\tadcq %[LO], %[W2]\n\t"
            "mulxq 32(%[A]), %[LO], %[W4]\n\tadcq %[LO], %[W3]\n\t"
            "mulxq 40(%[A]), %[LO], %[W5]\n\tadcq %[LO], %[W4]\n\tadcq $0, %[W5]\n\t"
            P384X_ST(1, "W0") P384X_ST(2, "W1")
            /* row 1: limbs 3..7 = W2 W3 W4 W5 W0 */
            P384X_SROW(1, "W0")
            P384X_SP(2, "W2", "W3") P384X_SP(3, "W3", "W4") P384X_SP(4, "W4", "W5")
            P384X_SP(5, "W5", "W0") P384X_SEND("W0")
            P384X_ST(3, "W2") P384X_ST(4, "W3")
            /* row 2: limbs 5..8 = W4 W5 W0 W1 */
            P384X_SROW(2, "W1")
            P384X_SP(3, "W4", "W5") P384X_SP(4, "W5", "W0") P384X_SP(5, "W0", "W1")
            P384X_SEND("W1")
            P384X_ST(5, "W4") P384X_ST(6, "W5")
            /* row 3: limbs 7..9 = W0 W1 W2 */
            P384X_SROW(3, "W2")
            P384X_SP(4, "W0", "W1") P384X_SP(5, "W1", "W2") P384X_SEND("W2")
            P384X_ST(7, "W0") P384X_ST(8, "W1")
            /* row 4: limbs 9, 10 = W2 W3 */
            "movq 32(%[A]), %%rdx\n\tmulxq 40(%[A]), %[LO], %[W3]\n\t"
            "addq %[LO], %[W2]\n\tadcq $0, %[W3]\n\t"
            P384X_ST(9, "W2") P384X_ST(10, "W3")
            "movq $0, 0(%[T])\n\tmovq $0, 88(%[T])"
            : [W0] "=&r"(w0), [W1] "=&r"(w1), [W2] "=&r"(w2), [W3] "=&r"(w3),
              [W4] "=&r"(w4), [W5] "=&r"(w5), [LO] "=&r"(lo), [HI] "=&r"(hi),
              "=m"(*(uint64_t (*)[12])t)
            : [A] "r"(a), [T] "r"(t), "m"(*(const uint64_t (*)[6])a)
            : "rdx", "cc");
    (void)hi;
    KLS_DIAG(3, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]),
             KLS_W(4, t[4]), KLS_W(5, t[5]));
    KLS_DIAG(3, a + 3, c, o, KLS_W(0, t[6]), KLS_W(1, t[7]), KLS_W(2, t[8]),
             KLS_W(3, t[9]), KLS_W(4, t[10]), KLS_W(5, t[11]));
}
#endif

/* t = a b (twelve limbs), portable C: operand scanning with a 128-bit product */
P384_INLINE void p384_mul_wide(uint64_t t[12], const uint64_t a[6], const uint64_t b[6])
{
    int i, j;
    KL_UNROLL
    for (i = 0; i < 12; i++)
        t[i] = 0;
    KL_UNROLL
    for (i = 0; i < 6; i++) {
        uint64_t c = 0;
        KL_UNROLL
        for (j = 0; j < 6; j++) {
            kurv_u128 s = (kurv_u128)a[i] * b[j] + t[i + j] + c;
            t[i + j] = (uint64_t)s;
            c = (uint64_t)(s >> 64);
        }
        t[i + 6] = c;
    }
}

P384_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[12];
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_mul_wide(t, a->v, b->v);
        p384x_reduce(r->v, t);
        return;
    }
#endif
    p384_mul_wide(t, a->v, b->v);
    p384_reduce(r->v, t);
}

P384_INLINE void fe_sqr(fe *r, const fe *a)
{
    uint64_t t[12];
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_sqr_wide(t, a->v);
        p384x_reduce(r->v, t);
        return;
    }
#endif
    p384_mul_wide(t, a->v, a->v);
    p384_reduce(r->v, t);
}

#define EC_HAVE_FE_ADD 1   /* fe_add, fe_sub: fully reduced in and out */

#ifdef KL_MONT_ADX
/*
 * P-384's modular addition and subtraction as single inline-assembly carry chains
 * (plain ADD/ADC/SUB/SBB: on the MULX/ADX path with the product, so that the test of
 * that path covers them). Both end by adding p AND m for a mask m (0 or all-ones)
 * formed without a load or a branch from the shape of p: its words masked are
 * m >> 32, m << 32, 2m (low bit dropped) and m, m, m (P384X_ADDP).
 *   sum:  s = a + b (carry c in M), s - p, M = c - borrow: -1 exactly when a + b < p
 *         (a + b < 2p), then s + (p AND M);
 *   diff: s = a - b, M = -borrow, s + (p AND M).
 * a and b fully reduced; s is then fully reduced. Registers: s (6), M, three temps
 * and b's base; p's two low words are "m" operands.
 */
#define P384X_ADDP                                                                  \
    "movq %[M], %[X0]\n\tshrq $32, %[X0]\n\tmovq %[M], %[X1]\n\tshlq $32, %[X1]\n\t"   \
    "leaq (%[M], %[M]), %[X2]\n\t"                                                  \
    "addq %[X0], %[S0]\n\tadcq %[X1], %[S1]\n\tadcq %[X2], %[S2]\n\t"                \
    "adcq %[M], %[S3]\n\tadcq %[M], %[S4]\n\tadcq %[M], %[S5]"

#define P384X_ADDSUB_OUT                                                            \
    [S0] "+&r"(s0), [S1] "+&r"(s1), [S2] "+&r"(s2), [S3] "+&r"(s3), [S4] "+&r"(s4),  \
    [S5] "+&r"(s5), [M] "=&r"(m), [X0] "=&r"(x0), [X1] "=&r"(x1), [X2] "=&r"(x2)

P384_INLINE void p384x_add(uint64_t r[6], const uint64_t a[6], const uint64_t b[6])
{
    uint64_t s0 = a[0], s1 = a[1], s2 = a[2], s3 = a[3], s4 = a[4], s5 = a[5];
    uint64_t m, x0, x1, x2;
    __asm__("xorl %k[M], %k[M]\n\t"
            "addq 0(%[B]), %[S0]\n\tadcq 8(%[B]), %[S1]\n\tadcq 16(%[B]), %[S2]\n\t"
            "adcq 24(%[B]), %[S3]\n\tadcq 32(%[B]), %[S4]\n\tadcq 40(%[B]), %[S5]\n\t"
            "adcq $0, %[M]\n\t"
            "subq %[P0], %[S0]\n\tsbbq %[P1], %[S1]\n\tsbbq $-2, %[S2]\n\t"
            "sbbq $-1, %[S3]\n\tsbbq $-1, %[S4]\n\tsbbq $-1, %[S5]\n\tsbbq $0, %[M]\n\t"
            P384X_ADDP
            : P384X_ADDSUB_OUT
            : [B] "r"(b), "m"(*(const uint64_t (*)[6])b), [P0] "m"(EC_P.v[0]),
              [P1] "m"(EC_P.v[1])
            : "cc");
    r[0] = s0; r[1] = s1; r[2] = s2; r[3] = s3; r[4] = s4; r[5] = s5;
}

P384_INLINE void p384x_sub(uint64_t r[6], const uint64_t a[6], const uint64_t b[6])
{
    uint64_t s0 = a[0], s1 = a[1], s2 = a[2], s3 = a[3], s4 = a[4], s5 = a[5];
    uint64_t m, x0, x1, x2;
    __asm__("subq 0(%[B]), %[S0]\n\tsbbq 8(%[B]), %[S1]\n\tsbbq 16(%[B]), %[S2]\n\t"
            "sbbq 24(%[B]), %[S3]\n\tsbbq 32(%[B]), %[S4]\n\tsbbq 40(%[B]), %[S5]\n\t"
            "sbbq %[M], %[M]\n\t"
            P384X_ADDP
            : P384X_ADDSUB_OUT
            : [B] "r"(b), "m"(*(const uint64_t (*)[6])b)
            : "cc");
    r[0] = s0; r[1] = s1; r[2] = s2; r[3] = s3; r[4] = s4; r[5] = s5;
}
#endif

P384_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_add(r->v, a->v, b->v);
        return;
    }
#endif
    kl_modadd(6, r->v, a->v, b->v, EC_P.v);
}

P384_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p384x_sub(r->v, a->v, b->v);
        return;
    }
#endif
    kl_modsub(6, r->v, a->v, b->v, EC_P.v);
}

static inline void fe_to_dom(fe *r, const fe *a)
{
    fe_mul(r, a, &p384_rr);
}

static inline void fe_from_dom(fe *r, const fe *a)
{
    uint64_t t[12] = {0};
    int i;
    for (i = 0; i < 6; i++)
        t[i] = a->v[i];
    p384_reduce(r->v, t);
}

#endif
