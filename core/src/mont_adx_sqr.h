/*
 * kurv internal: x86-64 Montgomery multiplication with MULX, ADCX and ADOX, part 2 of 4
 * (part 1, mont_adx.h, has the run-time choice, the product and the final subtraction):
 * the squaring kl_montsqr_adx, r = a^2 / 2^(64n) mod m, and a^2 in 2n limbs
 * (kl_sqr_wide_adx, which the run-time moduli's squaring in mont_adx_any.h shares).
 * Preconditions: those of kl_montmul_adx (mont_adx.h): n = 4, 6 or 8, a compile-time
 * constant; m odd with its top limb below 2^64 - 1; m0inv points to -m^-1 mod 2^128 (two
 * limbs: the 8-limb reduction by pairs of digits reads both); m and m0inv static
 * constants (no register for them); a < m; BMI2 and ADX present (kl_mont_adx_on).
 * Branch-free and constant time. Compiled in with KL_MONT_ADX only.
 */
#ifndef KURV_MONT_ADX_SQR_H
#define KURV_MONT_ADX_SQR_H

#include <stddef.h>
#include <stdint.h>
#include "mont_adx.h"

#ifdef KL_MONT_ADX

/*
 * Montgomery squaring, r = a^2 / 2^(64n) mod m for n = 4, 6 or 8: the product a^2 in
 * 2n limbs first, then its reduction (n = 8 has the same steps in one statement:
 * klx_montsqr8). The cross products a_i a_j (i < j) once each, a
 * row per i (one statement, KLS_ROW below, over a window of fresh and earlier limbs);
 * then the sum doubled and the diagonal a_i^2 added, in two statements (KLS_DIAG);
 * then the low half L reduced by the product's n q passes in one statement (KLM_REDUCE:
 * q m added, the window turning as in the product) to (L + Q m) / 2^(64n) <= m, the high half H (< m since a < m)
 * added to it (< 2m, n limbs and a top bit) and m subtracted once if needed. That is
 * n(n-1)/2 + n + n^2 products against the product's 2n^2 (57 against 72 for n = 6).
 * Branch-free.
 */
/* one cross product of a row: lo into limb L by the CF chain, hi into limb H by OF */
#define KLS_P(off, l, h) "mulxq " #off "(%[Y]), %[LO], %[HI]\n\t" \
    "adcxq %[LO], %[" l "]\n\tadoxq %[HI], %[" h "]\n\t"
/* a row's end: CF into its top limb; OF is 0 there (the top limb was fresh and a
 * product's high half is at most 2^64 - 2), and nothing carries out */
#define KLS_END(tk) "movl $0, %k[LO]\n\tadcxq %[LO], %[" tk "]"
#define KLS_RUN1 "xorl %k[LO], %k[LO]\n\t" KLS_P(0, "T0", "T1")
#define KLS_RUN2 KLS_RUN1 KLS_P(8, "T1", "T2")
#define KLS_RUN3 KLS_RUN2 KLS_P(16, "T2", "T3")
#define KLS_RUN4 KLS_RUN3 KLS_P(24, "T3", "T4")
#define KLS_RUN5 KLS_RUN4 KLS_P(32, "T4", "T5")
#define KLS_RUN6 KLS_RUN5 KLS_P(40, "T5", "T6")
#define KLS_RUN7 KLS_RUN6 KLS_P(48, "T6", "T7")
#define KLS_IN(k, x, y) [LO] "=&r"(lo_), [HI] "=&r"(hi_)                                 \
    : [X] "d"(x), [Y] "r"(y), "m"(*(const uint64_t (*)[k])(y)) : "cc"
/* (w_k:...:w0) += x (y_{k-1}:...:y0), w_k = 0 on entry; the sum fits in k + 1 limbs */
#define KLS_ROW(k, x, y, ...) do {                                                      \
        uint64_t lo_, hi_;                                                              \
        __asm__(KLS_RUN##k KLS_END("T" #k) : __VA_ARGS__, KLS_IN(k, x, y));              \
    } while (0)
#define KLS_W(i, w) [T##i] "+&r"(w)
/*
 * One chunk of the doubling and the diagonal: (w_{2k-1}:...:w0) doubled by the CF
 * chain (ADCX w, w) while y_i^2 goes in by the OF chain at limbs 2i, 2i + 1, for
 * i < k. The chains' carries come in and go out as 0/1 in cf and of (the LO and HI
 * registers): TEST clears both flags, then ADCX/ADOX of each into all-ones sets it.
 */
#define KLS_D(off, l, h) "movq " #off "(%[Y]), %%rdx\n\tmulxq %%rdx, %[LO], %[HI]\n\t" \
    "adcxq %[" l "], %[" l "]\n\tadoxq %[LO], %[" l "]\n\t"                           \
    "adcxq %[" h "], %[" h "]\n\tadoxq %[HI], %[" h "]\n\t"
#define KLS_DRUN2 KLS_D(0, "T0", "T1") KLS_D(8, "T2", "T3")
#define KLS_DRUN3 KLS_DRUN2 KLS_D(16, "T4", "T5")
#define KLS_DRUN4 KLS_DRUN3 KLS_D(24, "T6", "T7")
#define KLS_DIAG(k, y, cf, of, ...) do {                                                \
        __asm__("testq %[LO], %[LO]\n\t"                                                \
                "movq $-1, %%rdx\n\tadcxq %[LO], %%rdx\n\t"                             \
                "movq $-1, %%rdx\n\tadoxq %[HI], %%rdx\n\t"                             \
                KLS_DRUN##k                                                             \
                "movl $0, %k[LO]\n\tadcxq %[LO], %[LO]\n\t"                             \
                "movl $0, %k[HI]\n\tadoxq %[HI], %[HI]"                                 \
                : __VA_ARGS__, [LO] "+&r"(cf), [HI] "+&r"(of)                           \
                : [Y] "r"(y), "m"(*(const uint64_t (*)[k])(y))                          \
                : "rdx", "cc");                                                         \
    } while (0)

/*
 * t = a^2 in 2n limbs (t[0 .. 2n-1]) for n = 4, 6 or 8 (a compile-time constant): the
 * cross products and the diagonal of the squaring below (kl_montsqr_adx), without its
 * reduction. Needs BMI2 and ADX.
 */
static inline __attribute__((always_inline)) void
kl_sqr_wide_adx(size_t n, uint64_t *t, const uint64_t *a)
{
    uint64_t c = 0, o = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i < 2 * n; i++)
        t[i] = 0;
    /* the cross products into t[1 .. 2n-2] */
    if (n == 4) {
        KLS_ROW(3, a[0], a + 1, KLS_W(0, t[1]), KLS_W(1, t[2]), KLS_W(2, t[3]),
                KLS_W(3, t[4]));
        KLS_ROW(2, a[1], a + 2, KLS_W(0, t[3]), KLS_W(1, t[4]), KLS_W(2, t[5]));
        KLS_ROW(1, a[2], a + 3, KLS_W(0, t[5]), KLS_W(1, t[6]));
    } else if (n == 6) {
        KLS_ROW(5, a[0], a + 1, KLS_W(0, t[1]), KLS_W(1, t[2]), KLS_W(2, t[3]),
                KLS_W(3, t[4]), KLS_W(4, t[5]), KLS_W(5, t[6]));
        KLS_ROW(4, a[1], a + 2, KLS_W(0, t[3]), KLS_W(1, t[4]), KLS_W(2, t[5]),
                KLS_W(3, t[6]), KLS_W(4, t[7]));
        KLS_ROW(3, a[2], a + 3, KLS_W(0, t[5]), KLS_W(1, t[6]), KLS_W(2, t[7]),
                KLS_W(3, t[8]));
        KLS_ROW(2, a[3], a + 4, KLS_W(0, t[7]), KLS_W(1, t[8]), KLS_W(2, t[9]));
        KLS_ROW(1, a[4], a + 5, KLS_W(0, t[9]), KLS_W(1, t[10]));
    } else {
        KLS_ROW(7, a[0], a + 1, KLS_W(0, t[1]), KLS_W(1, t[2]), KLS_W(2, t[3]),
                KLS_W(3, t[4]), KLS_W(4, t[5]), KLS_W(5, t[6]), KLS_W(6, t[7]),
                KLS_W(7, t[8]));
        KLS_ROW(6, a[1], a + 2, KLS_W(0, t[3]), KLS_W(1, t[4]), KLS_W(2, t[5]),
                KLS_W(3, t[6]), KLS_W(4, t[7]), KLS_W(5, t[8]), KLS_W(6, t[9]));
        KLS_ROW(5, a[2], a + 3, KLS_W(0, t[5]), KLS_W(1, t[6]), KLS_W(2, t[7]),
                KLS_W(3, t[8]), KLS_W(4, t[9]), KLS_W(5, t[10]));
        KLS_ROW(4, a[3], a + 4, KLS_W(0, t[7]), KLS_W(1, t[8]), KLS_W(2, t[9]),
                KLS_W(3, t[10]), KLS_W(4, t[11]));
        KLS_ROW(3, a[4], a + 5, KLS_W(0, t[9]), KLS_W(1, t[10]), KLS_W(2, t[11]),
                KLS_W(3, t[12]));
        KLS_ROW(2, a[5], a + 6, KLS_W(0, t[11]), KLS_W(1, t[12]), KLS_W(2, t[13]));
        KLS_ROW(1, a[6], a + 7, KLS_W(0, t[13]), KLS_W(1, t[14]));
    }
    /* doubled and the diagonal added: two chunks of n/2 terms (KLS_DIAG) */
    if (n == 4) {
        KLS_DIAG(2, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]));
        KLS_DIAG(2, a + 2, c, o, KLS_W(0, t[4]), KLS_W(1, t[5]), KLS_W(2, t[6]),
                 KLS_W(3, t[7]));
    } else if (n == 6) {
        KLS_DIAG(3, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]),
                 KLS_W(4, t[4]), KLS_W(5, t[5]));
        KLS_DIAG(3, a + 3, c, o, KLS_W(0, t[6]), KLS_W(1, t[7]), KLS_W(2, t[8]),
                 KLS_W(3, t[9]), KLS_W(4, t[10]), KLS_W(5, t[11]));
    } else {
        KLS_DIAG(4, a, c, o, KLS_W(0, t[0]), KLS_W(1, t[1]), KLS_W(2, t[2]), KLS_W(3, t[3]),
                 KLS_W(4, t[4]), KLS_W(5, t[5]), KLS_W(6, t[6]), KLS_W(7, t[7]));
        KLS_DIAG(4, a + 4, c, o, KLS_W(0, t[8]), KLS_W(1, t[9]), KLS_W(2, t[10]),
                 KLS_W(3, t[11]), KLS_W(4, t[12]), KLS_W(5, t[13]), KLS_W(6, t[14]),
                 KLS_W(7, t[15]));
    }
}

/* one cross product a_i a_j (rdx = a_i, a_j at byte offset off from %[Y]): lo into
 * limb L by the CF chain, hi into limb H by the OF chain */
#define KLQ_P(off, l, h) KLS_P(off, "T" #l, "T" #h)
/* a row's last product, a_i a_7: hi straight into the row's fresh top limb H, which then
 * takes both carries (nothing carries out of it) */
#define KLQ_L(l, h) "mulxq 56(%[Y]), %[LO], %[T" #h "]\n\tadcxq %[LO], %[T" #l "]\n\t" \
    "movl $0, %k[LO]\n\tadoxq %[LO], %[T" #h "]\n\tadcxq %[LO], %[T" #h "]\n\t"
#define KLQ_A(off) "movq " #off "(%[Y]), %%rdx\n\t"
/* a cross row's start: rdx = a_i, and XOR clears both flags (they are clear already:
 * this only ends the dependency on the previous row's flag chains, see KLM_A) */
#define KLQ_R(off) "xorl %k[LO], %k[LO]\n\t" KLQ_A(off)
/* the two limbs a row leaves final, to the array */
#define KLQ_ST(l, h, off) "movq %[T" #l "], " #off "(%[S])\n\tmovq %[T" #h "], 8+" #off "(%[S])\n\t"
#define KLQ_CROSS8                                                                     \
    "xorl %k[HI], %k[HI]\n\t" KLQ_A(0) "mulxq 8(%[Y]), %[T0], %[T1]\n\t"               \
    KLM_PF(16, 1, 2) KLM_PF(24, 2, 3) KLM_PF(32, 3, 4) KLM_PF(40, 4, 5) KLM_PF(48, 5, 6)     \
    KLM_PF(56, 6, 7) "adcxq %[HI], %[T7]\n\t" KLQ_ST(0, 1, 8)                           \
    KLQ_R(8) KLQ_P(16, 2, 3) KLQ_P(24, 3, 4) KLQ_P(32, 4, 5) KLQ_P(40, 5, 6)            \
    KLQ_P(48, 6, 7) KLQ_L(7, 0) KLQ_ST(2, 3, 24)                                       \
    KLQ_R(16) KLQ_P(24, 4, 5) KLQ_P(32, 5, 6) KLQ_P(40, 6, 7) KLQ_P(48, 7, 0)           \
    KLQ_L(0, 1) KLQ_ST(4, 5, 40)                                                       \
    KLQ_R(24) KLQ_P(32, 6, 7) KLQ_P(40, 7, 0) KLQ_P(48, 0, 1) KLQ_L(1, 2)               \
    KLQ_ST(6, 7, 56)                                                                   \
    KLQ_R(32) KLQ_P(40, 0, 1) KLQ_P(48, 1, 2) KLQ_L(2, 3) KLQ_ST(0, 1, 72)              \
    KLQ_R(40) KLQ_P(48, 2, 3) KLQ_L(3, 4) KLQ_ST(2, 3, 88)                             \
    KLQ_R(48) KLQ_L(4, 5) KLQ_ST(4, 5, 104)
/* doubled, and a_i^2 added, at limbs 2i and 2i + 1: the low half into T0 .. T7, the
 * high half back to the array (through rdx) */
#define KLQ_DL(i, l, h, off) KLQ_A(i) "mulxq %%rdx, %[LO], %[HI]\n\t"                  \
    "movq " #off "(%[S]), %[T" #l "]\n\tadcxq %[T" #l "], %[T" #l "]\n\t"               \
    "adoxq %[LO], %[T" #l "]\n\tmovq 8+" #off "(%[S]), %[T" #h "]\n\t"                  \
    "adcxq %[T" #h "], %[T" #h "]\n\tadoxq %[HI], %[T" #h "]\n\t"
#define KLQ_DH1(off, x) "adcxq %%rdx, %%rdx\n\tadoxq %[" x "], %%rdx\n\t"              \
    "movq %%rdx, " #off "(%[S])\n\t"
#define KLQ_DH(i, off) KLQ_A(i) "mulxq %%rdx, %[LO], %[HI]\n\tmovq " #off "(%[S]), %%rdx\n\t" \
    KLQ_DH1(off, "LO") "movq 8+" #off "(%[S]), %%rdx\n\t" KLQ_DH1(8+off, "HI")
#define KLQ_DIAG8                                                                      \
    KLQ_A(0) "mulxq %%rdx, %[T0], %[HI]\n\tmovq 8(%[S]), %[T1]\n\t"                     \
    "adcxq %[T1], %[T1]\n\tadoxq %[HI], %[T1]\n\t"                                     \
    KLQ_DL(8, 2, 3, 16) KLQ_DL(16, 4, 5, 32) KLQ_DL(24, 6, 7, 48)                      \
    KLQ_DH(32, 64) KLQ_DH(40, 80) KLQ_DH(48, 96)                                       \
    KLQ_A(56) "mulxq %%rdx, %[LO], %[HI]\n\tmovq 112(%[S]), %%rdx\n\t" KLQ_DH1(112, "LO") \
    "movl $0, %%edx\n\t" KLQ_DH1(120, "HI")

/*
 * The n = 8 squaring's reduction by pairs of q passes (KLR_RED8): its eight q passes
 * are one serial chain (each q waits for the limb the previous pass leaves at the
 * window's foot: about 11 cycles a pass). A pair's two digits come at once from the
 * two limbs at its foot, Q = (t_1:t_0) (-m^-1) mod 2^128 (m0i[0] and m0i[1], the two
 * limbs of -m^-1 mod 2^128): q = t_0 m0i[0] mod 2^64 by MULX, whose high half
 * h starts the second digit, q' = h + t_0 m0i[1] + t_1 m0i[0] mod 2^64 (two IMUL, two
 * ADD; done before the pass's XOR, as they change the flags). These are the digits the
 * passes one by one would take (T + Q m = 0 mod 2^128 has one solution Q < 2^128), so
 * the passes are the product's q passes (KLM_QPH8) unchanged; q' waits in the
 * Y register (a's pointer, free after the diagonal) and the pair waits once, not twice.
 * Five more instructions a pair; a chain of dependent squarings 155 -> 147 cycles each,
 * brainpoolP512r1's ECDH about 279 -> 273 us (a loop of kurv_ecdh, best of five).
 */
#define KLR_Q2(a, b) "movq %[MI], %%rdx\n\tmulxq %[T" #a "], %%rdx, %[Y]\n\t"           \
    "movq %[T" #a "], %[LO]\n\timulq %[MJ], %[LO]\n\taddq %[LO], %[Y]\n\t"             \
    "movq %[T" #b "], %[LO]\n\timulq %[MI], %[LO]\n\taddq %[LO], %[Y]\n\t"             \
    "xorl %k[LO], %k[LO]\n\t"
#define KLR_Q1 "xorl %k[LO], %k[LO]\n\tmovq %[Y], %%rdx\n\t"
#define KLR_RED8                                                                       \
    KLM_QPH8(KLR_Q2(0, 1), 0, 1, 2, 3, 4, 5, 6, 7, 8)                                  \
    KLM_QPH8(KLR_Q1, 1, 2, 3, 4, 5, 6, 7, 8, 0)                                        \
    KLM_QPH8(KLR_Q2(2, 3), 2, 3, 4, 5, 6, 7, 8, 0, 1)                                  \
    KLM_QPH8(KLR_Q1, 3, 4, 5, 6, 7, 8, 0, 1, 2)                                        \
    KLM_QPH8(KLR_Q2(4, 5), 4, 5, 6, 7, 8, 0, 1, 2, 3)                                  \
    KLM_QPH8(KLR_Q1, 5, 6, 7, 8, 0, 1, 2, 3, 4)                                        \
    KLM_QPH8(KLR_Q2(6, 7), 6, 7, 8, 0, 1, 2, 3, 4, 5)                                  \
    KLM_QPH8(KLR_Q1, 7, 8, 0, 1, 2, 3, 4, 5, 6)

/*
 * The n = 8 squaring: kl_montsqr_adx's steps in one statement, which leaves no limb to
 * the compiler's moves between statements: the cross products by rows (KLQ_CROSS8) in
 * an 8-register window T0 .. T7 that turns as the rows end (limb j in T((j - 1) mod 8):
 * each row leaves its two lowest limbs final and stores them to the array t, and the
 * next fresh limb takes a stored one's register); then the doubling and the diagonal
 * (KLQ_DIAG8) from the array, the low half into T0 .. T7 and the high half back to t;
 * then the reduction's q passes by pairs (KLR_RED8) on T0 .. T8, and KLF_ADD of the
 * high half.
 * 496 instructions a call (brainpoolP512r1, counted in the straight-line code; 476 before
 * the pairs, 571 as nine statements); the same contract as
 * kl_montsqr_adx. Registers: T0 .. T8, LO, HI, rdx, the pointers a (then the pair's
 * second digit) and t: 14.
 */
static inline __attribute__((always_inline)) void
klx_montsqr8(uint64_t *r, const uint64_t *a, const uint64_t *m, const uint64_t *m0inv)
{
    uint64_t t0, t1, t2, t3, t4, t5, t6, t7, t8, lo_, hi_, t[16];
    uintptr_t y = (uintptr_t)a;
    __asm__(KLQ_CROSS8 KLQ_DIAG8 "xorl %k[T8], %k[T8]\n\t" KLR_RED8
            : KLM_T8, [LO] "=&r"(lo_), [HI] "=&r"(hi_), [Y] "+&r"(y)
            : [S] "r"(t), [MI] "m"(m0inv[0]), [MJ] "m"(m0inv[1]), KLM_M8(m)
            : "rdx", "cc", "memory");   /* a read and t written: by "memory", as their
                                           "m" operands would take one more register
                                           with ASan */
    KLF_ADD(8, r, m, t + 8, t7, t8, t0, t1, t2, t3, t4, t5, t6);
}

static inline __attribute__((always_inline)) void
kl_montsqr_adx(size_t n, uint64_t *r, const uint64_t *a, const uint64_t *m,
               const uint64_t *m0inv)
{
    uint64_t t[16];
    uint64_t t0, t1, t2, t3, t4, t5, t6, lo_, hi_;
    if (n == 8) {
        klx_montsqr8(r, a, m, m0inv);
        return;
    }
    kl_sqr_wide_adx(n, t, a);
    /* the low half reduced in a turning window by the product's q passes (KLM_RED) */
    t0 = t[0]; t1 = t[1]; t2 = t[2]; t3 = t[3]; t4 = t[4]; t5 = t[5];
    if (n == 4) {
        KLM_REDUCE(4, m, m0inv, KLM_U(0, t0), KLM_U(1, t1), KLM_U(2, t2), KLM_U(3, t3),
                   [T4] "=&r"(t4));
        KLF_ADD(4, r, m, t + 4, t3, t4, t0, t1, t2);
    } else if (n == 6) {
        KLM_REDUCE(6, m, m0inv, KLM_U(0, t0), KLM_U(1, t1), KLM_U(2, t2), KLM_U(3, t3),
                   KLM_U(4, t4), KLM_U(5, t5), [T6] "=&r"(t6));
        KLF_ADD(6, r, m, t + 6, t5, t6, t0, t1, t2, t3, t4);
    }
}

#endif
#endif
