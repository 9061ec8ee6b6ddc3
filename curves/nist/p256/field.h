/*
 * P-256 field, specialised for p = 2^256 - 2^224 + 2^192 + 2^96 - 1: Montgomery
 * form (x*R mod p, R = 2^256) over four 64-bit limbs, elements fully reduced,
 * constant time.
 *
 * The shape of p makes the Montgomery reduction cheap: -p^-1 mod 2^64 = 1, so the
 * quotient digit of each reduction round is the low limb itself, and adding q*p
 * is adding q*2^96 (a shift) and q*p[3] (one product), since the -q of q*(2^96 - 1)
 * cancels the low limb exactly. Squaring computes each cross product once.
 * Three paths for fe_mul and fe_sqr: on x86-64 the MULX/ADCX/ADOX statements below
 * when the CPU has BMI2 and ADX (kl_mont_adx_on, mont_adx.h: CPUID, KURV_X86_ADX=0/1),
 * else the mul4_asm.h products with inline-assembly carry chains; with -Dasm=false
 * (KURV_NO_ASM) portable C. fe_add, fe_sub and fe_half do not depend on the CPU choice.
 * tests/unit/test_field.c checks each path against OpenSSL's BN.
 */
#ifndef KURV_P256_FIELD_H
#define KURV_P256_FIELD_H

#include <stdint.h>
#include "limb.h"
#include "mul4_asm.h"
#include "mont_adx.h"   /* kl_mont_adx_on: the run-time choice of the MULX/ADX path */

#define EC_N 4
#define EC_FLEN 32
#define EC_SLEN 32
#define EC_ORDER_BITS 256
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5
#define EC_BASE_JACOBIAN 1   /* n is close to 2^order_bits: see pt_mul_table_ct in ec/mul_base_ct.h */
#define EC_MADD_8M3S 1       /* a product costs about a square: ec/jac.h, jac_add_aff_core */
#define EC_ADD_12M4S 1       /* the same for the full addition: ec/jac.h, jac_add_core */

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0xFFFFFFFFFFFFFFFFULL,0x00000000FFFFFFFFULL,0x0000000000000000ULL,0xFFFFFFFF00000001ULL}};
#define EC_P_M0INV 0x0000000000000001ULL  /* -p^-1 mod 2^64 */
#define P256_P3 0xFFFFFFFF00000001ULL
/* R^2 mod p = 2^512 mod p, to enter the Montgomery form */
static const fe p256_rr = {{0x0000000000000003ULL, 0xFFFFFFFBFFFFFFFFULL,
                            0xFFFFFFFFFFFFFFFEULL, 0x00000004FFFFFFFDULL}};

/* One Montgomery round on the 4-limb window (r0..r3): r = (r + r0*p) / 2^64,
 * which stays below 2^192 + p < 2^256. */
/* the field operations are small and hot: inlined into the point formulas */
#define P256_INLINE static inline __attribute__((always_inline))

#define EC_HAVE_FE_ADD 1   /* fe_add, fe_sub: below */
/* fe_half (r = a / 2), below: the a = -3 doubling then takes its 4M + 4S form with
 * 8 gamma^2 as (4 gamma)^2 / 2 (ec/jac.h, jac_dbl_a3) */
#define EC_HAVE_FE_HALF 1

#ifdef KL4_ASM
/*
 * x86-64: products by mul4_asm.h; the Montgomery reduction, the final subtraction of p
 * and add/subtract as short inline-assembly carry chains (cmov, masks: no branch).
 * The C below is the same arithmetic; -Dasm=false (KURV_NO_ASM) selects it.
 */

/*
 * Register budget: no asm statement below takes more than 13 operands that may need a
 * register (outputs, and "rm" inputs, which need one when the compiler knows the value,
 * as for the curve's b), one below the 14 registers left free with frame pointers. GCC
 * stops with "'asm' operand has impossible constraints" when a statement needs more
 * than are free, as add and the reduction did with p's words as "rm" operands (15). So
 * p's words are "m" operands, read from EC_P (RIP-relative: no register), and
 * subtraction builds its masked p from the borrow mask alone.
 */

/* a = s - p unless s = a + (carry * 2^256) is below p: c is -carry on entry; keep a
 * when the subtraction borrows and there was no carry (1 - carry - borrow = 0) */
#define P256_ASM_CSUB                                                                  \
    "movq %[A0], %[S0]\n\tmovq %[A1], %[S1]\n\tmovq %[A2], %[S2]\n\tmovq %[A3], %[S3]\n\t"    \
    "subq $-1, %[S0]\n\tsbbq %[P1], %[S1]\n\tsbbq $0, %[S2]\n\tsbbq %[P3], %[S3]\n\t"     \
    "sbbq $0, %[C]\n\taddq $1, %[C]\n\t"                                                  \
    "cmovnzq %[S0], %[A0]\n\tcmovnzq %[S1], %[A1]\n\tcmovnzq %[S2], %[A2]\n\tcmovnzq %[S3], %[A3]"

/* r = t / 2^256 mod p for t = a*b with a, b < p (eight limbs); four rounds of
 * t += (t mod 2^64) * p, using -p^-1 = 1 mod 2^64 and p's sparse words */
P256_INLINE void p256_mont_reduce(fe *r, const uint64_t t[8])
{
    uint64_t a0 = t[0], a1 = t[1], a2 = t[2], a3 = t[3], s0, s1, s2, s3, c;
    int i;
    for (i = 0; i < 4; i++) {
        kurv_u128 pq = kw_mul(a0, P256_P3);
        uint64_t lo = a0 << 32, hi = a0 >> 32, ql = kw_lo(pq), qh = kw_hi(pq);
        __asm__("addq %[L], %[A1]\n\tadcq %[H], %[A2]\n\tadcq %[QL], %[A3]\n\tadcq $0, %[QH]"
                : [A1] "+&r"(a1), [A2] "+&r"(a2), [A3] "+&r"(a3), [QH] "+&r"(qh)
                : [L] "rm"(lo), [H] "rm"(hi), [QL] "rm"(ql) : "cc");
        /* the window rotates by one limb */
        a0 = a1; a1 = a2; a2 = a3; a3 = qh;
    }
    /* add the high half (the sum is below 2p), then subtract p when it is not below p */
    __asm__("addq %[T4], %[A0]\n\tadcq %[T5], %[A1]\n\tadcq %[T6], %[A2]\n\tadcq %[T7], %[A3]\n\t"
            "sbbq %[C], %[C]\n\t" P256_ASM_CSUB
            : [A0] "+&r"(a0), [A1] "+&r"(a1), [A2] "+&r"(a2), [A3] "+&r"(a3), [C] "=&r"(c),
              [S0] "=&r"(s0), [S1] "=&r"(s1), [S2] "=&r"(s2), [S3] "=&r"(s3)
            : [T4] "rm"(t[4]), [T5] "rm"(t[5]), [T6] "rm"(t[6]), [T7] "rm"(t[7]),
              [P1] "m"(EC_P.v[1]), [P3] "m"(EC_P.v[3])
            : "cc");
    r->v[0] = a0; r->v[1] = a1; r->v[2] = a2; r->v[3] = a3;
}

#ifdef KL_MONT_ADX
/*
 * The MULX/ADCX/ADOX path (BMI2 + ADX, chosen at run time by kl_mont_adx_on from
 * mont_adx.h: CPUID, or KURV_X86_ADX=0/1). Each of fe_mul and fe_sqr is one
 * statement: the eight-limb product in T0..T7, then the four reduction rounds of
 * p256_mont_reduce on the window T0..T3 (MULX by p[3]; a0 << 32 and a0 >> 32 for the
 * 2^96 part), then the high half T4..T7 added and p subtracted when the sum is not
 * below it (CMOV). Registers: T0..T7, RDX, LO, HI and one or two pointers (13); p's
 * words are "m" operands (RIP-relative). Branch-free.
 */
/* one round on the window (w0..w3): w = (w + w0 p) / 2^64, the new top limb into w0 */
#define P256X_ROUND(w0, w1, w2, w3)                                                    \
    "movq %[" w0 "], %%rdx\n\tmulxq %[P3], %[LO], %[" w0 "]\n\t"                      \
    "movq %%rdx, %[HI]\n\tshlq $32, %[HI]\n\tshrq $32, %%rdx\n\t"                     \
    "addq %[HI], %[" w1 "]\n\tadcq %%rdx, %[" w2 "]\n\tadcq %[LO], %[" w3 "]\n\t"     \
    "adcq $0, %[" w0 "]\n\t"
/* the reduction of (T7..T0); the result in T0..T3; T4..T7, LO, HI scratch after it */
#define P256X_REDUCE                                                                   \
    P256X_ROUND("T0", "T1", "T2", "T3") P256X_ROUND("T1", "T2", "T3", "T0")            \
    P256X_ROUND("T2", "T3", "T0", "T1") P256X_ROUND("T3", "T0", "T1", "T2")            \
    "addq %[T4], %[T0]\n\tadcq %[T5], %[T1]\n\tadcq %[T6], %[T2]\n\tadcq %[T7], %[T3]\n\t" \
    "sbbq %[LO], %[LO]\n\t"                                                           \
    "movq %[T0], %[T4]\n\tmovq %[T1], %[T5]\n\tmovq %[T2], %[T6]\n\tmovq %[T3], %[T7]\n\t" \
    "subq $-1, %[T4]\n\tsbbq %[P1], %[T5]\n\tsbbq $0, %[T6]\n\tsbbq %[P3], %[T7]\n\t"  \
    "sbbq $0, %[LO]\n\taddq $1, %[LO]\n\t"                                             \
    "cmovnzq %[T4], %[T0]\n\tcmovnzq %[T5], %[T1]\n\tcmovnzq %[T6], %[T2]\n\t"          \
    "cmovnzq %[T7], %[T3]"
#define P256X_OUT                                                                      \
    [T0] "=&r"(t0), [T1] "=&r"(t1), [T2] "=&r"(t2), [T3] "=&r"(t3), [T4] "=&r"(t4),     \
    [T5] "=&r"(t5), [T6] "=&r"(t6), [T7] "=&r"(t7), [LO] "=&r"(lo), [HI] "=&r"(hi),     \
    "=&d"(dx)
/* row i >= 1 of the product: (T[i+4]..T[i]) += a_i b, T[i+4] zeroed first (which also
 * clears CF and OF) */
#define P256X_ROW(ai, t0, t1, t2, t3, t4)                                              \
    "movq " #ai "(%[A]), %%rdx\n\txorl %k[" t4 "], %k[" t4 "]\n\t"                      \
    "mulxq 0(%[B]), %[LO], %[HI]\n\tadcxq %[LO], %[" t0 "]\n\tadoxq %[HI], %[" t1 "]\n\t" \
    "mulxq 8(%[B]), %[LO], %[HI]\n\tadcxq %[LO], %[" t1 "]\n\tadoxq %[HI], %[" t2 "]\n\t" \
    "mulxq 16(%[B]), %[LO], %[HI]\n\tadcxq %[LO], %[" t2 "]\n\tadoxq %[HI], %[" t3 "]\n\t" \
    "mulxq 24(%[B]), %[LO], %[HI]\n\tadcxq %[LO], %[" t3 "]\n\tadoxq %[HI], %[" t4 "]\n\t" \
    "movl $0, %k[LO]\n\tadcxq %[LO], %[" t4 "]\n\t"

P256_INLINE void p256x_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, dx;
    __asm__("movq 0(%[A]), %%rdx\n\t"
            "mulxq 0(%[B]), %[T0], %[T1]\n\tmulxq 8(%[B]), %[LO], %[T2]\n\t"
            "addq %[LO], %[T1]\n\tmulxq 16(%[B]), %[LO], %[T3]\n\tadcq %[LO], %[T2]\n\t"
            "mulxq 24(%[B]), %[LO], %[T4]\n\tadcq %[LO], %[T3]\n\tadcq $0, %[T4]\n\t"
            P256X_ROW(8, "T1", "T2", "T3", "T4", "T5")
            P256X_ROW(16, "T2", "T3", "T4", "T5", "T6")
            P256X_ROW(24, "T3", "T4", "T5", "T6", "T7")
            P256X_REDUCE
            : P256X_OUT
            : [A] "r"(a), [B] "r"(b), "m"(*(const uint64_t (*)[4])a),
              "m"(*(const uint64_t (*)[4])b), [P1] "m"(EC_P.v[1]), [P3] "m"(EC_P.v[3])
            : "cc");
    (void)t4; (void)t5; (void)t6; (void)t7; (void)hi; (void)dx;
    r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3;
}

/* the cross products a_i a_j (i < j) into T1..T6, then, in one pass, the doubling on
 * the CF chain (ADCX) and the squares a_i^2 on the OF chain (ADOX) */
P256_INLINE void p256x_sqr(uint64_t r[4], const uint64_t a[4])
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, lo, hi, dx;
    __asm__("movq 0(%[A]), %%rdx\n\t"
            "mulxq 8(%[A]), %[T1], %[T2]\n\tmulxq 16(%[A]), %[LO], %[T3]\n\t"
            "addq %[LO], %[T2]\n\tmulxq 24(%[A]), %[LO], %[T4]\n\tadcq %[LO], %[T3]\n\t"
            "adcq $0, %[T4]\n\t"
            "movq 8(%[A]), %%rdx\n\txorl %k[T5], %k[T5]\n\t"
            "mulxq 16(%[A]), %[LO], %[HI]\n\tadcxq %[LO], %[T3]\n\tadoxq %[HI], %[T4]\n\t"
            "mulxq 24(%[A]), %[LO], %[HI]\n\tadcxq %[LO], %[T4]\n\tadoxq %[HI], %[T5]\n\t"
            "movq 16(%[A]), %%rdx\n\tmulxq 24(%[A]), %[LO], %[T6]\n\t"
            "adcxq %[LO], %[T5]\n\tmovl $0, %k[T7]\n\tadcxq %[T7], %[T6]\n\t"
            /* 2 (T6..T1) + the squares; T7 = 0 clears both flags by XOR */
            "xorl %k[T7], %k[T7]\n\t"
            "movq 0(%[A]), %%rdx\n\tmulxq %%rdx, %[T0], %[HI]\n\t"
            "adcxq %[T1], %[T1]\n\tadoxq %[HI], %[T1]\n\t"
            "movq 8(%[A]), %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t"
            "adcxq %[T2], %[T2]\n\tadoxq %[LO], %[T2]\n\t"
            "adcxq %[T3], %[T3]\n\tadoxq %[HI], %[T3]\n\t"
            "movq 16(%[A]), %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t"
            "adcxq %[T4], %[T4]\n\tadoxq %[LO], %[T4]\n\t"
            "adcxq %[T5], %[T5]\n\tadoxq %[HI], %[T5]\n\t"
            "movq 24(%[A]), %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t"
            "adcxq %[T6], %[T6]\n\tadoxq %[LO], %[T6]\n\t"
            "adcxq %[T7], %[T7]\n\tadoxq %[HI], %[T7]\n\t"
            P256X_REDUCE
            : P256X_OUT
            : [A] "r"(a), "m"(*(const uint64_t (*)[4])a),
              [P1] "m"(EC_P.v[1]), [P3] "m"(EC_P.v[3])
            : "cc");
    (void)t4; (void)t5; (void)t6; (void)t7; (void)hi; (void)dx;
    r[0] = t0; r[1] = t1; r[2] = t2; r[3] = t3;
}
#endif

P256_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[8];
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p256x_mul(r->v, a->v, b->v);
        return;
    }
#endif
    kl4_mul_wide(t, a->v, b->v);
    p256_mont_reduce(r, t);
}

P256_INLINE void fe_sqr(fe *r, const fe *a)
{
    uint64_t t[8];
#ifdef KL_MONT_ADX
    if (kl_mont_adx_on) {
        p256x_sqr(r->v, a->v);
        return;
    }
#endif
    kl4_sqr_wide(t, a->v);
    p256_mont_reduce(r, t);
}

/* r = a + b mod p and r = a - b mod p, for a, b < p */
P256_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
    uint64_t a0 = a->v[0], a1 = a->v[1], a2 = a->v[2], a3 = a->v[3], s0, s1, s2, s3, c;
    __asm__("addq %[B0], %[A0]\n\tadcq %[B1], %[A1]\n\tadcq %[B2], %[A2]\n\tadcq %[B3], %[A3]\n\t"
            "sbbq %[C], %[C]\n\t" P256_ASM_CSUB
            : [A0] "+&r"(a0), [A1] "+&r"(a1), [A2] "+&r"(a2), [A3] "+&r"(a3), [C] "=&r"(c),
              [S0] "=&r"(s0), [S1] "=&r"(s1), [S2] "=&r"(s2), [S3] "=&r"(s3)
            : [B0] "rm"(b->v[0]), [B1] "rm"(b->v[1]), [B2] "rm"(b->v[2]), [B3] "rm"(b->v[3]),
              [P1] "m"(EC_P.v[1]), [P3] "m"(EC_P.v[3])
            : "cc");
    r->v[0] = a0; r->v[1] = a1; r->v[2] = a2; r->v[3] = a3;
}

P256_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
    uint64_t d0 = a->v[0], d1 = a->v[1], d2 = a->v[2], d3 = a->v[3], m, m1, m3;
    /* a < b: add p back, its words masked by the borrow m: p[0] = 2^64 - 1 (m itself),
     * p[1] = 2^32 - 1 (m >> 32), p[2] = 0, p[3] = 2^64 - 2^32 + 1 = -p[1] mod 2^64 */
    __asm__("subq %[B0], %[D0]\n\tsbbq %[B1], %[D1]\n\tsbbq %[B2], %[D2]\n\tsbbq %[B3], %[D3]\n\t"
            "sbbq %[M], %[M]\n\tmovq %[M], %[M1]\n\tshrq $32, %[M1]\n\t"
            "movq %[M1], %[M3]\n\tnegq %[M3]\n\t"
            "addq %[M], %[D0]\n\tadcq %[M1], %[D1]\n\tadcq $0, %[D2]\n\tadcq %[M3], %[D3]"
            : [D0] "+&r"(d0), [D1] "+&r"(d1), [D2] "+&r"(d2), [D3] "+&r"(d3), [M] "=&r"(m),
              [M1] "=&r"(m1), [M3] "=&r"(m3)
            : [B0] "rm"(b->v[0]), [B1] "rm"(b->v[1]), [B2] "rm"(b->v[2]), [B3] "rm"(b->v[3])
            : "cc");
    r->v[0] = d0; r->v[1] = d1; r->v[2] = d2; r->v[3] = d3;
}

/* r = a / 2 mod p for a < p (EC_HAVE_FE_HALF, above): p added when a is odd (the mask
 * m of a's low bit, p's words built from it as in fe_sub), then the 257-bit sum shifted
 * right by one through the carry (RCR from the top limb down). a + p is even when a is
 * odd, so no bit is lost; the result is at most (a + p) / 2 < p. Branch-free. */
P256_INLINE void fe_half(fe *r, const fe *a)
{
    uint64_t d0 = a->v[0], d1 = a->v[1], d2 = a->v[2], d3 = a->v[3];
    uint64_t m = 0 - (d0 & 1), m1 = m >> 32, m3 = 0 - m1;
    __asm__("addq %[M], %[D0]\n\tadcq %[M1], %[D1]\n\tadcq $0, %[D2]\n\tadcq %[M3], %[D3]\n\t"
            "rcrq $1, %[D3]\n\trcrq $1, %[D2]\n\trcrq $1, %[D1]\n\trcrq $1, %[D0]"
            : [D0] "+&r"(d0), [D1] "+&r"(d1), [D2] "+&r"(d2), [D3] "+&r"(d3)
            : [M] "r"(m), [M1] "r"(m1), [M3] "r"(m3)
            : "cc");
    r->v[0] = d0; r->v[1] = d1; r->v[2] = d2; r->v[3] = d3;
}

#else /* portable C */

/* r = a + b mod p and r = a - b mod p for a, b < p, by one carry chain and a
 * constant-time choice (the template's EC_HAVE_FE_ADD hook) */
P256_INLINE void fe_add(fe *r, const fe *a, const fe *b)
{
    uint64_t s[4], t[4], c, bw, keep;
    s[0] = kl_adc(a->v[0], b->v[0], 0, &c);
    s[1] = kl_adc(a->v[1], b->v[1], c, &c);
    s[2] = kl_adc(a->v[2], b->v[2], c, &c);
    s[3] = kl_adc(a->v[3], b->v[3], c, &c);
    t[0] = kl_sbb(s[0], EC_P.v[0], 0, &bw);
    t[1] = kl_sbb(s[1], EC_P.v[1], bw, &bw);
    t[2] = kl_sbb(s[2], EC_P.v[2], bw, &bw);
    t[3] = kl_sbb(s[3], EC_P.v[3], bw, &bw);
    keep = 0 - ((bw & (c ^ 1)) & 1);            /* a + b < p: keep the sum */
    r->v[0] = t[0] ^ ((t[0] ^ s[0]) & keep);
    r->v[1] = t[1] ^ ((t[1] ^ s[1]) & keep);
    r->v[2] = t[2] ^ ((t[2] ^ s[2]) & keep);
    r->v[3] = t[3] ^ ((t[3] ^ s[3]) & keep);
}

P256_INLINE void fe_sub(fe *r, const fe *a, const fe *b)
{
    uint64_t d[4], m, c;
    d[0] = kl_sbb(a->v[0], b->v[0], 0, &m);
    d[1] = kl_sbb(a->v[1], b->v[1], m, &m);
    d[2] = kl_sbb(a->v[2], b->v[2], m, &m);
    d[3] = kl_sbb(a->v[3], b->v[3], m, &m);
    m = 0 - m;                                  /* a < b: add p back */
    r->v[0] = kl_adc(d[0], EC_P.v[0] & m, 0, &c);
    r->v[1] = kl_adc(d[1], EC_P.v[1] & m, c, &c);
    r->v[2] = kl_adc(d[2], 0, c, &c);
    r->v[3] = kl_adc(d[3], EC_P.v[3] & m, c, &c);
}

/* r = a / 2 mod p for a < p: p added when a is odd (a mask of its low bit), the
 * 257-bit sum (carry c on top) shifted right by one; (a + p) / 2 < p */
P256_INLINE void fe_half(fe *r, const fe *a)
{
    uint64_t s[4], m = 0 - (a->v[0] & 1), c;
    s[0] = kl_adc(a->v[0], EC_P.v[0] & m, 0, &c);
    s[1] = kl_adc(a->v[1], EC_P.v[1] & m, c, &c);
    s[2] = kl_adc(a->v[2], 0, c, &c);
    s[3] = kl_adc(a->v[3], EC_P.v[3] & m, c, &c);
    r->v[0] = (s[0] >> 1) | (s[1] << 63);
    r->v[1] = (s[1] >> 1) | (s[2] << 63);
    r->v[2] = (s[2] >> 1) | (s[3] << 63);
    r->v[3] = (s[3] >> 1) | (c << 63);
}

#define P256_ROUND(r0, r1, r2, r3) do {                                   \
        kurv_u128 pq_ = kw_mul((r0), P256_P3);                            \
        uint64_t c_;                                                       \
        r1 = kl_adc(r1, (r0) << 32, 0, &c_);                               \
        r2 = kl_adc(r2, (r0) >> 32, c_, &c_);                              \
        r3 = kl_adc(r3, kw_lo(pq_), c_, &c_);                             \
        r0 = kw_hi(pq_) + c_;                                             \
    } while (0)

/* r = t / 2^256 mod p for t = a*b with a, b < p (eight limbs). */
P256_INLINE void p256_mont_reduce(fe *r, const uint64_t t[8])
{
    uint64_t a0 = t[0], a1 = t[1], a2 = t[2], a3 = t[3], s[4], c, bw;

    /* four rounds; after each the window rotates by one limb */
    P256_ROUND(a0, a1, a2, a3);     /* value now in (a1, a2, a3, a0) */
    P256_ROUND(a1, a2, a3, a0);     /* (a2, a3, a0, a1) */
    P256_ROUND(a2, a3, a0, a1);     /* (a3, a0, a1, a2) */
    P256_ROUND(a3, a0, a1, a2);     /* (a0, a1, a2, a3) <= p */
    /* add the high half: the sum is below 2p (a carry limb c) */
    a0 = kl_adc(a0, t[4], 0, &c);
    a1 = kl_adc(a1, t[5], c, &c);
    a2 = kl_adc(a2, t[6], c, &c);
    a3 = kl_adc(a3, t[7], c, &c);
    s[0] = kl_sbb(a0, EC_P.v[0], 0, &bw);
    s[1] = kl_sbb(a1, EC_P.v[1], bw, &bw);
    s[2] = kl_sbb(a2, EC_P.v[2], bw, &bw);
    s[3] = kl_sbb(a3, EC_P.v[3], bw, &bw);
    /* keep a - p unless the subtraction borrowed past the carry limb */
    {
        uint64_t keep = 0 - ((bw & (c ^ 1)) & 1);
        r->v[0] = s[0] ^ ((s[0] ^ a0) & keep);
        r->v[1] = s[1] ^ ((s[1] ^ a1) & keep);
        r->v[2] = s[2] ^ ((s[2] ^ a2) & keep);
        r->v[3] = s[3] ^ ((s[3] ^ a3) & keep);
    }
}

/* the product by the limb layer's columns (kl_mul4, limb.h), then the reduction */
P256_INLINE void fe_mul(fe *r, const fe *a, const fe *b)
{
    uint64_t t[8];
    kl_mul4(t, a->v, b->v);
    p256_mont_reduce(r, t);
}

P256_INLINE void fe_sqr(fe *r, const fe *a)
{
    const uint64_t *x = a->v;
    uint64_t t[8], u[8], c, h;
    kurv_u128 p;

    /* cross products x[i]*x[j], i < j, into u[1..6] */
    p = kw_mul(x[0], x[1]); u[1] = kw_lo(p); h = kw_hi(p);
    p = kw_muladd(x[0], x[2], h); u[2] = kw_lo(p); h = kw_hi(p);
    p = kw_muladd(x[0], x[3], h); u[3] = kw_lo(p); u[4] = kw_hi(p);
    p = kw_muladd(x[1], x[2], u[3]); u[3] = kw_lo(p); h = kw_hi(p);
    p = kw_muladd2(x[1], x[3], u[4], h); u[4] = kw_lo(p); u[5] = kw_hi(p);
    p = kw_muladd(x[2], x[3], u[5]); u[5] = kw_lo(p); u[6] = kw_hi(p);
    /* double them: u[7] takes the bit shifted out */
    u[7] = u[6] >> 63;
    u[6] = (u[6] << 1) | (u[5] >> 63);
    u[5] = (u[5] << 1) | (u[4] >> 63);
    u[4] = (u[4] << 1) | (u[3] >> 63);
    u[3] = (u[3] << 1) | (u[2] >> 63);
    u[2] = (u[2] << 1) | (u[1] >> 63);
    u[1] = u[1] << 1;
    /* add the squares x[i]^2 at limbs 2i, 2i+1 */
    p = kw_mul(x[0], x[0]); t[0] = kw_lo(p);
    t[1] = kl_adc(u[1], kw_hi(p), 0, &c);
    p = kw_mul(x[1], x[1]);
    t[2] = kl_adc(u[2], kw_lo(p), c, &c);
    t[3] = kl_adc(u[3], kw_hi(p), c, &c);
    p = kw_mul(x[2], x[2]);
    t[4] = kl_adc(u[4], kw_lo(p), c, &c);
    t[5] = kl_adc(u[5], kw_hi(p), c, &c);
    p = kw_mul(x[3], x[3]);
    t[6] = kl_adc(u[6], kw_lo(p), c, &c);
    t[7] = kl_adc(u[7], kw_hi(p), c, &c);
    p256_mont_reduce(r, t);
}

#endif

static inline void fe_to_dom(fe *r, const fe *a)
{
    fe_mul(r, a, &p256_rr);
}

static inline void fe_from_dom(fe *r, const fe *a)
{
    /* a * 1 / R: the reduction alone, on (a, 0) */
    uint64_t t[8] = {a->v[0], a->v[1], a->v[2], a->v[3], 0, 0, 0, 0};
    p256_mont_reduce(r, t);
}


/* fe_inv: the template's default, constant-time divsteps (ec/fe.h fe_inv_divsteps),
 * faster here than the addition chain a^(p-2) it replaced */

#endif
