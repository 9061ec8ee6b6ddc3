/*
 * kurv internal, curve template: the constant-time multiplications, for secret
 * scalars (k < n, EC_SLEN big-endian bytes). No branch and no memory index depends on
 * k or on the point (but for the one public point named below); the scalar copies and
 * digits are wiped.
 *   pt_mul_ct(r, k, P)            k*P for any point P of the curve (the point API)
 *   pt_mul_aff_ct(r, k, a)        the same for an affine a that is PUBLIC (ECDH's and
 *                                 ECIES' peer key): the table by co-Z additions made
 *                                 affine by a variable-time inversion, mixed additions
 *                                 in the loop; constant time in k
 *   pt_mul_table_ct(r, k, tab)    k*P from P's fixed-window table (window i entry j =
 *                                 (j+1) 2^(EC_BASE_W i) P): one addition per window
 *   pt_mul_base_ct(r, k)          k*G from the generator's table ec_base_table, the
 *                                 same with the generator's width EC_G_BASE_W
 * Results are projective (ec_proj). Both multiplications use incomplete Jacobian
 * additions where the scalar makes the excluded cases impossible: k is folded to
 * k' = min(k, n - k) < n/2 (the result negated back in constant time), which bounds
 * every partial sum away from +-addend; the remaining special cases (accumulator O,
 * digit 0) are selected by masks. On a curve with an endomorphism (EC_GLV) k*P
 * splits k into two half-length scalars instead, and the bound comes from the
 * shortest vector of the GLV lattice. The proof of each is at the function. k*G on a
 * curve whose order is not close to 2^order_bits (no EC_BASE_JACOBIAN) adds with the
 * complete projective formula instead (ec/proj.h).
 * Needs the group order as limbs: EC_ORDER_LIMBS (default: the scalar context's
 * modulus ec_sc.m).
 * With EC_TWIST_A3 (ec/jac.h) k*P and k*G run on the isomorphic a = -3 curve E_t:
 * P enters as its Jacobian (X : Y : Z/z) there, k*P leaves as (X : Y : Z z), and k*G
 * adds the entries of ec_base_table (generated on E_t) with E_t's complete mixed
 * addition and leaves as (X z : Y : Z z^3). The isomorphism keeps the group, so the
 * arguments below hold on E_t unchanged; inputs and results are points of E.
 */
#ifndef KURV_EC_MUL_CT_H
#define KURV_EC_MUL_CT_H

#include "sc.h"                           /* kurv_sc_fold_limbs */

#define EC_VAR_W 5                        /* k*P: window width */
#define EC_VAR_ENTRIES (1 << (EC_VAR_W - 1))
#define EC_VAR_DIGITS ((EC_ORDER_BITS + EC_VAR_W) / EC_VAR_W)

#ifndef EC_ORDER_LIMBS
#define EC_ORDER_LIMBS (ec_sc.m)   /* n as EC_N little-endian limbs */
#endif
/* kk = k' = min(k, n - k) for k < n (EC_SLEN bytes, big-endian): the halving fold of
 * sc.h (kurv_sc_fold_limbs); return all-ones if k' = n - k (the caller negates its
 * result). Constant time. */
static uint64_t sc_fold_half(EC_CTX_PARAM uint8_t *kk, const uint8_t *k)
{
    uint64_t kv[EC_N], flip;
    kl_from_be(EC_N, kv, k, EC_SLEN);
    flip = kurv_sc_fold_limbs(EC_N, kv, EC_ORDER_LIMBS);   /* n < 2^(64 EC_N) */
    kl_to_be(EC_N, kk, EC_SLEN, kv);
    memset(kv, 0, sizeof kv);
    return flip;
}

#if defined(__x86_64__) && defined(__GNUC__) && !defined(KURV_NO_ASM)
#define EC_HAVE_AVX2_SCAN 1
#include <immintrin.h>
#include <cpuid.h>
#include <stdlib.h>
/* ec_avx2_on: the run-time choice of the AVX2 scan, one copy per translation unit, set
 * before main by a constructor: CPUID leaf 7 EBX bit 5 (AVX2) and the OS saving the
 * YMM state (leaf 1 ECX bit 27 OSXSAVE, XCR0 bits 1 and 2); 0 until then (SSE2). The
 * environment variable KURV_X86_AVX2 = "0" or "1" overrides it, as KURV_X86_ADX does
 * for the field (mont_adx.h): the tests run both scans. The choice depends only on
 * the CPU, never on a secret. */
static int ec_avx2_on;
__attribute__((constructor)) static void ec_avx2_init(void)
{
    unsigned int a, b, c, d, xlo, xhi;
    const char *env = getenv("KURV_X86_AVX2");
    int on = 0;
    if (__get_cpuid(1, &a, &b, &c, &d) && ((c >> 27) & 1)) {
        __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
        if ((xlo & 6) == 6 && __get_cpuid_count(7, 0, &a, &b, &c, &d))
            on = (b >> 5) & 1;
    }
    if (env && env[0] == '0' && env[1] == 0)
        on = 0;
    else if (env && env[0] == '1' && env[1] == 0)
        on = 1;
    ec_avx2_on = on;
}

/* out = entry a - base of tab, the count entries of size bytes each from index base
 * (every entry read, OR-accumulated under a compare mask: no branch or address depends
 * on a; out is zero when a is not base..base + count - 1); 32 <= size <= 224. An entry
 * is read as its whole 32-byte vectors and, when size is not a multiple of 32, one more
 * vector at byte size - 32, which overlaps the last whole one: the overlapping bytes
 * accumulate the same values in both, so its store after theirs writes them again
 * unchanged. The AVX2 passes of jac_select_ct (entries 0..EC_VAR_ENTRIES) and
 * aff_lookup_ct (entries 1..). */
#define EC_SCAN_AVX2_MAX 7   /* vectors per entry: 6 whole ones and the tail */
__attribute__((target("avx2"))) static void scan_avx2(void *out, const void *tab, size_t size,
                                                      unsigned count, unsigned base, unsigned a)
{
    const __m256i want = _mm256_set1_epi32((int)a);
    const unsigned nv = (unsigned)(size / 32), tail = size % 32 != 0;
    const unsigned char *e = tab;
    __m256i acc[EC_SCAN_AVX2_MAX];
    unsigned j, v;
    for (v = 0; v < nv + tail; v++)
        acc[v] = _mm256_setzero_si256();
    for (j = 0; j < count; j++, e += size) {
        const __m256i m = _mm256_cmpeq_epi32(want, _mm256_set1_epi32((int)(j + base)));
        for (v = 0; v < nv; v++)
            acc[v] = _mm256_or_si256(acc[v], _mm256_and_si256(
                         m, _mm256_loadu_si256((const __m256i *)(const void *)(e + 32 * v))));
        if (tail)
            acc[nv] = _mm256_or_si256(acc[nv], _mm256_and_si256(
                          m, _mm256_loadu_si256((const __m256i *)(const void *)(e + size - 32))));
    }
    for (v = 0; v < nv; v++)
        _mm256_storeu_si256((__m256i *)((unsigned char *)out + 32 * v), acc[v]);
    if (tail)
        _mm256_storeu_si256((__m256i *)((unsigned char *)out + size - 32), acc[nv]);
}
/* jac_select_ct's AVX2 pass: every curve's Jacobian point (96 to 216 bytes) */
#define EC_JAC_SEL_AVX2 (sizeof(ec_jac) >= 32 && sizeof(ec_jac) <= 224)
#endif

/* t = tab[a] for a in 0..EC_VAR_ENTRIES: every limb of every entry is read and
 * OR-accumulated under an all-ones/all-zero mask (one pass the compiler can vectorise;
 * with AVX2, scan_avx2 above), so neither a branch nor an address depends on a. */
static void jac_select_ct(ec_jac *t, const ec_jac *tab, unsigned a)
{
    uint64_t x[EC_N] = {0}, y[EC_N] = {0}, z[EC_N] = {0};   /* in registers, not via t */
    unsigned j, l;
#ifdef EC_HAVE_AVX2_SCAN
    if (EC_JAC_SEL_AVX2 && ec_avx2_on) {
        scan_avx2(t, tab, sizeof(ec_jac), EC_VAR_ENTRIES + 1, 0, a);
        return;
    }
#endif
    for (j = 0; j <= EC_VAR_ENTRIES; j++) {
        uint64_t m = kl_eq64(j, a);
        for (l = 0; l < EC_N; l++) {
            x[l] |= tab[j].x.v[l] & m;
            y[l] |= tab[j].y.v[l] & m;
            z[l] |= tab[j].z.v[l] & m;
        }
    }
    memcpy(t->x.v, x, sizeof x);
    memcpy(t->y.v, y, sizeof y);
    memcpy(t->z.v, z, sizeof z);
}

/* t = sign * (entry a) of an affine table (win: its entries, entries of them, entry
 * a = 1..entries at win[a - 1]; for a = 0 t is entry 1, which the caller discards),
 * neg all-ones for a negative digit: window i of a fixed-window table (entry a =
 * a 2^(w i) P) or pt_mul_aff_ct's table (entry a = aP). Constant time: every entry of
 * the window is read, under a mask, and a decides no address and no branch. On
 * x86-64 (not with -Dasm=false) the entries are read as vectors and OR-accumulated
 * under a compare mask: 256-bit AVX2 when the CPU has it (ec_avx2_on above; any entry
 * size), else 128-bit SSE2 (part of the x86-64 baseline; P-256: 13 vector instructions
 * per entry instead of 8 scalar fe_cmov limbs of 3 or 4); elsewhere, and without AVX2
 * for an ec_aff that is not a whole number of 16-byte vectors, by fe_cmov. (The scalar masked OR pass of
 * jac_select_ct measured ~2% more instructions per k*G than fe_cmov.) */
#if defined(__SSE2__) && !defined(KURV_NO_ASM)
#include <emmintrin.h>
#define EC_BASE_SEL_V (sizeof(ec_aff) % 16 == 0 ? sizeof(ec_aff) / 16 : 0)
#else
#define EC_BASE_SEL_V 0
#endif
#ifdef EC_HAVE_AVX2_SCAN
#define EC_BASE_SEL_AVX2 (sizeof(ec_aff) >= 32 && sizeof(ec_aff) <= 224)
#else
#define EC_BASE_SEL_AVX2 0
#endif
static void aff_lookup_ct(EC_CTX_PARAM ec_aff *t, const ec_aff *win, unsigned entries,
                        unsigned a, uint64_t neg)
{
    unsigned j;
    fe ny;
#if defined(__SSE2__) && !defined(KURV_NO_ASM)
    /* a = 0 reads as a = 1 (entry 0) */
    const unsigned want = a | (unsigned)(kl_eq64(a, 0) & 1);
#endif
#ifdef EC_HAVE_AVX2_SCAN
    if (EC_BASE_SEL_AVX2 && ec_avx2_on)
        scan_avx2(t, win, sizeof(ec_aff), entries, 1, want);
    else
#endif
#if defined(__SSE2__) && !defined(KURV_NO_ASM)
    if (EC_BASE_SEL_V) {
        const __m128i wv = _mm_set1_epi32((int)want);
        __m128i acc[EC_BASE_SEL_V + 1];
        unsigned v;
        for (v = 0; v < EC_BASE_SEL_V; v++)
            acc[v] = _mm_setzero_si128();
        for (j = 0; j < entries; j++) {
            const __m128i m = _mm_cmpeq_epi32(wv, _mm_set1_epi32((int)j + 1));
            const __m128i *e = (const __m128i *)(const void *)&win[j];
            for (v = 0; v < EC_BASE_SEL_V; v++)
                acc[v] = _mm_or_si128(acc[v], _mm_and_si128(m, _mm_loadu_si128(e + v)));
        }
        for (v = 0; v < EC_BASE_SEL_V; v++)
            _mm_storeu_si128((__m128i *)(void *)t + v, acc[v]);
    } else
#endif
    {
        *t = win[0];
        for (j = 1; j < entries; j++) {
            uint64_t m = kl_eq64(j + 1, a);
            fe_cmov(EC_CTX_ARG &t->x, &win[j].x, m);
            fe_cmov(EC_CTX_ARG &t->y, &win[j].y, m);
        }
    }
    fe_neg(EC_CTX_ARG &ny, &t->y);
    fe_cmov(EC_CTX_ARG &t->y, &ny, neg);
    memset(&ny, 0, sizeof ny);
}

/* acc = t (affine, to Jacobian) for a != 0, O for a = 0: the first digit of a
 * multiplication by affine entries. Constant time in a and t. */
static inline void jac_start_aff_ct(EC_CTX_PARAM ec_jac *acc, const ec_aff *t, unsigned a)
{
    uint64_t nz = ~kl_eq64(a, 0);
    jac_set_inf(EC_CTX_ARG acc);
    fe_cmov(EC_CTX_ARG &acc->x, &t->x, nz);
    fe_cmov(EC_CTX_ARG &acc->y, &t->y, nz);
    fe_cmov(EC_CTX_ARG &acc->z, &ec_k.one, nz);
}

/* acc += t for the affine entry t of digit a (t discarded for a = 0) by the incomplete
 * mixed addition, where the caller's scalar bound rules out acc = +-t: acc = O
 * (O + t = t) and a = 0 (acc + O = acc) are selected by masks. Constant time. */
static inline void jac_add_aff_masked_ct(EC_CTX_PARAM ec_jac *acc, const ec_aff *t, unsigned a)
{
    ec_jac sum;
    uint64_t hz, rz, acc_inf = fe_is_zero(EC_CTX_ARG &acc->z);
    jac_add_aff_core(EC_CTX_ARG &sum, acc, t, &hz, &rz);
    fe_cmov(EC_CTX_ARG &sum.x, &t->x, acc_inf);
    fe_cmov(EC_CTX_ARG &sum.y, &t->y, acc_inf);
    fe_cmov(EC_CTX_ARG &sum.z, &ec_k.one, acc_inf);
    jac_cmov(EC_CTX_ARG acc, &sum, ~kl_eq64(a, 0));
    memset(&sum, 0, sizeof sum);
}

#ifdef EC_GLV
/*
 * k*P with the endomorphism: k = k1 + k2 lambda (ec_glv_split, constant time) with
 * |k1|, |k2| < 2^128, each recoded in EC_GLV_DIGITS signed digits of EC_VAR_W bits;
 * one doubling chain of about 130 doublings (half of the plain loop's), and per window
 * two Jacobian additions: d1 s1 P from P's table and d2 s2 phi(P) from its image
 * under phi(X : Y : Z) = (beta X : Y : Z) (s1, s2 the signs of k1, k2, applied with the
 * digit's sign as one conditional negation of y).
 * Why the incomplete addition never meets its excluded cases. Let
 * L = {(u, v) : u + v lambda = 0 mod n}; its nonzero vectors have max(|u|, |v|) >=
 * mu = 0xe4437ed6010e88286f547fa90abfe4c3 > 2^127.83 (enumerated over the reduced
 * basis of glv.h: mu = |b1|). Before the additions of window i the accumulator is
 * X P + Y phi(P) with X = s1 sum_{j>i} d1_j 2^(w (j-i)), Y likewise, so 2^w divides
 * X and Y, and |X| <= |k1| 2^(-w i) + 2^w * 2^(w-1)/(2^w - 1) < 2^127.35 + 17 (the
 * same for Y with |k2| < 2^127.12). Adding t = d P (|d| <= 2^(w-1) = 16) hits
 * acc = +-t only if (X -+ d, Y) is in L; both coordinates are below mu, so X = +-d
 * and Y = 0, and 2^w | X forces X = d = 0: acc = O or digit 0, both selected by
 * masks. After it the accumulator is (X + d) P + Y phi(P) (|X + d| < 2^127.35 + 33);
 * adding t' = d' phi(P) hits +-t' only if (X + d, Y -+ d') is in L, so Y = d' = 0
 * and X + d = 0: again acc = O or digit 0. The table entries jP (j = 3..16) are
 * (j-1)P + P with j - 1 != +-1 (mod n). Needs a group of prime order n (cofactor 1).
 */
#define EC_GLV_DIGITS ((128 + EC_VAR_W) / EC_VAR_W)   /* signed digits of a 128-bit half */

/* t = the entry of |d| in tab (entry 0 is O), negated when neg is all-ones; constant
 * time: every entry is read (jac_select_ct). */
static void jac_lookup_ct(EC_CTX_PARAM ec_jac *t, const ec_jac *tab, unsigned a, uint64_t neg)
{
    fe ny;
    jac_select_ct(t, tab, a);
    fe_neg(EC_CTX_ARG &ny, &t->y);
    fe_cmov(EC_CTX_ARG &t->y, &ny, neg);
}

/* acc += t (Jacobian) where the proof above rules out acc = +-t for t != O: acc = O and
 * t = O (digit a = 0) are selected by masks. */
static void jac_add_masked(EC_CTX_PARAM ec_jac *acc, const ec_jac *t, unsigned a)
{
    ec_jac sum;
    uint64_t hz, rz, acc_inf = fe_is_zero(EC_CTX_ARG &acc->z);
    jac_add_core(EC_CTX_ARG &sum, acc, t, &hz, &rz);
    jac_cmov(EC_CTX_ARG &sum, t, acc_inf);           /* O + t = t */
    jac_cmov(EC_CTX_ARG acc, &sum, ~kl_eq64(a, 0));  /* acc + O = acc */
}

static void pt_mul_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_proj *p)
{
    ec_jac tab[EC_VAR_ENTRIES + 1], tabl[EC_VAR_ENTRIES + 1], acc, t;
    int8_t d1[EC_GLV_DIGITS], d2[EC_GLV_DIGITS];
    uint8_t k1[EC_SLEN], k2[EC_SLEN];
    uint64_t s1, s2, neg, hz, rz;
    int n1, n2;
    unsigned i, j, a;

    ec_glv_split(k1, k2, &n1, &n2, k);
    s1 = 0 - (uint64_t)(unsigned)n1;
    s2 = 0 - (uint64_t)(unsigned)n2;
    sc_recode_signed(d1, k1, EC_VAR_W, EC_GLV_DIGITS);
    sc_recode_signed(d2, k2, EC_VAR_W, EC_GLV_DIGITS);

    proj_to_jac(EC_CTX_ARG &tab[1], p);
    jac_set_inf(EC_CTX_ARG &tab[0]);
    jac_dbl(EC_CTX_ARG &tab[2], &tab[1]);
    for (i = 3; i <= EC_VAR_ENTRIES; i++)
        jac_add_core(EC_CTX_ARG &tab[i], &tab[i - 1], &tab[1], &hz, &rz); /* (i-1)P != +-P */
    for (i = 0; i <= EC_VAR_ENTRIES; i++) {
        tabl[i] = tab[i];
        fe_mul(EC_CTX_ARG &tabl[i].x, &ec_glv_beta, &tab[i].x);          /* phi(iP) */
    }

    jac_set_inf(EC_CTX_ARG &acc);
    for (i = EC_GLV_DIGITS; i-- > 0;) {
        if (i != EC_GLV_DIGITS - 1)
            for (j = 0; j < EC_VAR_W; j++)
                jac_dbl(EC_CTX_ARG &acc, &acc);
        a = digit_abs(d1[i], &neg);
        jac_lookup_ct(EC_CTX_ARG &t, tab, a, neg ^ s1);
        jac_add_masked(EC_CTX_ARG &acc, &t, a);
        a = digit_abs(d2[i], &neg);
        jac_lookup_ct(EC_CTX_ARG &t, tabl, a, neg ^ s2);
        jac_add_masked(EC_CTX_ARG &acc, &t, a);
    }
    jac_to_proj(EC_CTX_ARG r, &acc);
    memset(tab, 0, sizeof tab);
    memset(tabl, 0, sizeof tabl);
    memset(&t, 0, sizeof t);
    memset(d1, 0, sizeof d1);
    memset(d2, 0, sizeof d2);
    memset(k1, 0, sizeof k1);
    memset(k2, 0, sizeof k2);
    n1 = n2 = 0;
    a = 0;
}
#else
/* r = acc, k*P's accumulator for the folded scalar k': negated when flip is all-ones
 * (k'P -> kP) and, with EC_TWIST_A3, brought back from E_t as (X : Y : Z z); acc is
 * changed (the caller wipes it). Constant time; its copy of -y is wiped. */
static inline void pt_mul_var_end_ct(EC_CTX_PARAM ec_proj *r, ec_jac *acc, uint64_t flip)
{
    fe ny;
    fe_neg(EC_CTX_ARG &ny, &acc->y);
    fe_cmov(EC_CTX_ARG &acc->y, &ny, flip);
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &acc->z, &acc->z, &ec_tw.z);
#endif
    jac_to_proj(EC_CTX_ARG r, acc);
    memset(&ny, 0, sizeof ny);
}

/*
 * Jacobian throughout, with the incomplete addition made safe by the scalar: k is
 * replaced by k' = min(k, n - k) (and the result negated back), so k' < n/2. Before
 * the addition of window i the accumulator is A*2^w*P with 0 <= A*2^w <= k' + 2^w
 * < n/2 + 2^w (signed recoding: A is a prefix of k' plus a carry), and the addend is
 * d*P with |d| <= 2^(w-1). A*2^w = +-d (mod n) then forces A = 0: the only special
 * cases are acc = O or d = 0, and both are selected in constant time. Needs a group
 * of prime order n (cofactor 1: every curve built on this template).
 */
/* r = k*P from P's table tab[0..EC_VAR_ENTRIES] (tab[j] = j P on the loop curve,
 * Jacobian; tab[0] = O), k < n (EC_SLEN bytes, big-endian): the loop of pt_mul_ct and
 * pt_mul_aff_ct. The top digit's entry is the accumulator's start (O for digit 0),
 * then per digit EC_VAR_W doublings and one masked addition. Wipes its own secrets;
 * the caller wipes tab. */
static void pt_mul_tab_loop_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_jac *tab)
{
    ec_jac acc, t, sum;
    int8_t d[EC_VAR_DIGITS];
    uint8_t kk[EC_SLEN];
    uint64_t flip, hz, rz;
    unsigned i, j, a;
    uint64_t neg;
    fe ny;

    flip = sc_fold_half(EC_CTX_ARG kk, k);
    sc_recode_signed(d, kk, EC_VAR_W, EC_VAR_DIGITS);

    a = digit_abs(d[EC_VAR_DIGITS - 1], &neg);
    jac_select_ct(&acc, tab, a);
    fe_neg(EC_CTX_ARG &ny, &acc.y);
    fe_cmov(EC_CTX_ARG &acc.y, &ny, neg);
    for (i = EC_VAR_DIGITS - 1; i-- > 0;) {
        uint64_t acc_inf;
        a = digit_abs(d[i], &neg);
        for (j = 0; j < EC_VAR_W; j++)
            jac_dbl_t(EC_CTX_ARG &acc, &acc);
        jac_select_ct(&t, tab, a);
        fe_neg(EC_CTX_ARG &ny, &t.y);
        fe_cmov(EC_CTX_ARG &t.y, &ny, neg);
        acc_inf = fe_is_zero(EC_CTX_ARG &acc.z);
        jac_add_core(EC_CTX_ARG &sum, &acc, &t, &hz, &rz);
        jac_cmov(EC_CTX_ARG &sum, &t, acc_inf);      /* O + t = t */
        jac_cmov(EC_CTX_ARG &sum, &acc, kl_eq64(a, 0)); /* acc + O = acc */
        acc = sum;
    }
    pt_mul_var_end_ct(EC_CTX_ARG r, &acc, flip);
    memset(&acc, 0, sizeof acc);
    memset(&t, 0, sizeof t);
    memset(&sum, 0, sizeof sum);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    a = 0;
    neg = 0;
}

static void pt_mul_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_proj *p)
{
    ec_jac tab[EC_VAR_ENTRIES + 1];
    uint64_t hz, rz;
    unsigned i;

    proj_to_jac(EC_CTX_ARG &tab[1], p);
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &tab[1].z, &tab[1].z, &ec_tw.zi);   /* P on E_t */
#endif
    jac_set_inf(EC_CTX_ARG &tab[0]);
    jac_dbl_t(EC_CTX_ARG &tab[2], &tab[1]);
    for (i = 3; i <= EC_VAR_ENTRIES; i++)
        jac_add_core(EC_CTX_ARG &tab[i], &tab[i - 1], &tab[1], &hz, &rz); /* (i-1)P != +-P */
    pt_mul_tab_loop_ct(EC_CTX_ARG r, k, tab);
    memset(tab, 0, sizeof tab);
}

/* r = k*a for an affine point a of the curve (not O; ECDH's peer key), k < n: the
 * table of jP (j = 1..EC_VAR_ENTRIES) is built by co-Z additions (jac_zaddu, 5M + 2S
 * against a mixed addition's 7M + 4S, or 8M + 3S with EC_MADD_8M3S), jP = a + (j-1)P,
 * with a brought to 2P's Z first (3M + 1S) and to jP's by each addition ((j-1)P != +-a
 * as n is a prime above EC_VAR_ENTRIES), then made affine with one variable-time
 * inversion (jac_batch_to_aff_vartime: the table depends on a alone, which is public;
 * 4.2 -> 2.2 µs on brainpoolP512r1), so that each of the loop's additions is mixed
 * (jac_add_aff_core: 4M + 1S fewer than jac_add_core) and each lookup reads two
 * coordinates instead of three. Measured against the Jacobian table (µs per ECDH):
 * with the constant-time inversion, kurv-bench -c, P-384 124.3 against 119.0, P-521
 * 190.2 against 184.4, brainpoolP256r1 65.3 against 63.5, brainpoolP384r1 174.5
 * against 164.3, brainpoolP512r1 362.3 against 340.3, P-256 35.0 against 35.2; with
 * the variable-time one, a loop of kurv_ecdh, P-256 34.5 against 32.9. The loop is
 * pt_mul_tab_loop_ct's (the same fold of k, recoding and proof that acc = +-t cannot
 * occur), with the top digit's entry as the start and acc = O and digit 0 selected by
 * masks. With EC_TWIST_A3, a is first mapped onto E_t as the affine (x z^2, y z^3) and
 * the result leaves as (X : Y : Z z). Constant time in k; a must be public (the
 * table's inversion takes time that depends on it). */
static void pt_mul_aff_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *a)
{
    ec_jac jt[EC_VAR_ENTRIES], acc;
    ec_aff tab[EC_VAR_ENTRIES], t;
    fe tmp[EC_VAR_ENTRIES];
    int8_t d[EC_VAR_DIGITS];
    uint8_t kk[EC_SLEN];
    uint64_t flip, neg;
    unsigned i, j, ad;

    tab[0] = *a;
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &tab[0].x, &tab[0].x, &ec_tw.z2);   /* a on E_t */
    fe_mul(EC_CTX_ARG &tab[0].y, &tab[0].y, &ec_tw.z3);
#endif
    jac_from_aff(EC_CTX_ARG &jt[0], &tab[0]);
    jac_dbl_t(EC_CTX_ARG &jt[1], &jt[0]);
    /* a with 2a's Z, then jP = a + (j-1)P by co-Z additions, each leaving a with jP's Z */
    fe_sqr(EC_CTX_ARG &tmp[0], &jt[1].z);
    fe_mul(EC_CTX_ARG &jt[0].x, &tab[0].x, &tmp[0]);
    fe_mul(EC_CTX_ARG &tmp[0], &tmp[0], &jt[1].z);
    fe_mul(EC_CTX_ARG &jt[0].y, &tab[0].y, &tmp[0]);
    jt[0].z = jt[1].z;
    for (i = 2; i < EC_VAR_ENTRIES; i++)
        jac_zaddu(EC_CTX_ARG &jt[i], &jt[0], &jt[i - 1]);
    jac_batch_to_aff_vartime(EC_CTX_ARG tab + 1, jt + 1, EC_VAR_ENTRIES - 1, tmp);

    flip = sc_fold_half(EC_CTX_ARG kk, k);
    sc_recode_signed(d, kk, EC_VAR_W, EC_VAR_DIGITS);

    ad = digit_abs(d[EC_VAR_DIGITS - 1], &neg);
    aff_lookup_ct(EC_CTX_ARG &t, tab, EC_VAR_ENTRIES, ad, neg);
    jac_start_aff_ct(EC_CTX_ARG &acc, &t, ad);
    for (i = EC_VAR_DIGITS - 1; i-- > 0;) {
        ad = digit_abs(d[i], &neg);
        for (j = 0; j < EC_VAR_W; j++)
            jac_dbl_t(EC_CTX_ARG &acc, &acc);
        aff_lookup_ct(EC_CTX_ARG &t, tab, EC_VAR_ENTRIES, ad, neg);
        jac_add_aff_masked_ct(EC_CTX_ARG &acc, &t, ad);
    }
    pt_mul_var_end_ct(EC_CTX_ARG r, &acc, flip);
    memset(jt, 0, sizeof jt);
    memset(tab, 0, sizeof tab);
    memset(tmp, 0, sizeof tmp);
    memset(&acc, 0, sizeof acc);
    memset(&t, 0, sizeof t);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    ad = 0;
    neg = 0;
}
#endif /* EC_GLV */

#ifdef EC_GLV
/* r = k*a for an affine point a (not O): pt_mul_ct on its projective form */
static void pt_mul_aff_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *a)
{
    ec_proj p;
    proj_from_aff(EC_CTX_ARG &p, a);
    pt_mul_ct(EC_CTX_ARG r, k, &p);
    memset(&p, 0, sizeof p);
}
#endif

/* the digits of the wider of the two fixed-window geometries (point API, generator) */
#define EC_FIXED_MAX_WINDOWS (EC_BASE_WINDOWS > EC_G_BASE_WINDOWS ? EC_BASE_WINDOWS : EC_G_BASE_WINDOWS)

/* k*P from P's fixed-window table, k < n, in one of two geometries: a table of the
 * point API (pt_mul_table_ct: EC_BASE_W) or the generator's ec_base_table
 * (pt_mul_base_ct: EC_G_BASE_W). tab is the table's first entry; window i starts at
 * tab + i entries; w, windows and entries are the geometry (compile-time constants
 * at each call). P has the prime order n (every curve here has cofactor 1). */
#ifdef EC_BASE_JACOBIAN
/*
 * Jacobian accumulator with the incomplete mixed addition, for a curve whose field
 * header defines EC_BASE_JACOBIAN because its order makes that safe: k is folded to
 * k' = min(k, n - k) < n/2 (the result negated back). Before window i the
 * accumulator is A*P, |A| < 2^(w i) * 2^(w-1)/(2^w - 1) < 2^(w i), and the addend is
 * d*2^(w i)*P with d != 0, so A = +-d 2^(w i) (mod n) would need
 * |A| + |d| 2^(w i) >= n. Below the top window |d| <= 2^(w-1); in the top window
 * (i = windows - 1) |d| <= k' / 2^(w i) + 1. For w = 5 and n > 2^order_bits -
 * 2^(order_bits - 32) (P-256, P-384, P-521, secp256k1: n > 2^256 - 2^129) both
 * bounds stay below n; so they do for P-256's generator widths 6 (43 windows: top
 * w i = 252, |d| <= 2^255 / 2^252 + 1 = 9, |A| + |d| 2^252 < 10 * 2^252 < n; below
 * it w i <= 246, |A| + |d| 2^(w i) < 33 * 2^246) and 7 (37 windows: top w i = 252
 * again, |d| <= 9; below it w i <= 245, < 65 * 2^245). P-384's generator width 6
 * (65 windows): below the top w i <= 378 and |A| + |d| 2^(w i) < 33 * 2^378 < n; the
 * top window has w i = 384 and |d| <= 1, where the bound fails, but there A + d 2^384
 * is k' itself: acc = -t would need k' = 0 (all digits 0) and acc = t would need
 * k' = 2^385 mod n = 2 (2^384 - n) < 2^195, while a nonzero top digit needs
 * k' > 2^384 (1 - 32/63) > 2^382 (the lower digits sum to less than 2^384 * 32/63).
 * So the special cases are only acc = O and d = 0, selected in constant time. (Not
 * so for the Brainpool orders, about 0.66 * 2^order_bits: they keep the complete
 * formula.)
 */
static inline __attribute__((always_inline)) void
pt_mul_fixed_ct_(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *tab,
                 unsigned w, unsigned windows, unsigned entries)
{
    int8_t d[EC_FIXED_MAX_WINDOWS];
    uint8_t kk[EC_SLEN];
    ec_jac acc;
    ec_aff t;
    unsigned i;
    uint64_t neg, flip;
    fe ny;

    flip = sc_fold_half(EC_CTX_ARG kk, k);
    sc_recode_signed(d, kk, w, windows);
    jac_set_inf(EC_CTX_ARG &acc);
    for (i = 0; i < windows; i++) {
        unsigned a = digit_abs(d[i], &neg);
        aff_lookup_ct(EC_CTX_ARG &t, tab + (size_t)i * entries, entries, a, neg);
        if (i == 0)                                  /* O + t: no addition */
            jac_start_aff_ct(EC_CTX_ARG &acc, &t, a);
        else
            jac_add_aff_masked_ct(EC_CTX_ARG &acc, &t, a);
    }
    fe_neg(EC_CTX_ARG &ny, &acc.y);                  /* k'P -> kP */
    fe_cmov(EC_CTX_ARG &acc.y, &ny, flip);
    jac_to_proj(EC_CTX_ARG r, &acc);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    memset(&t, 0, sizeof t);
}

static void pt_mul_table_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k,
                            const ec_aff (*tab)[EC_BASE_ENTRIES])
{
    pt_mul_fixed_ct_(EC_CTX_ARG r, k, tab[0], EC_BASE_W, EC_BASE_WINDOWS, EC_BASE_ENTRIES);
}
/* k*G from ec_base_table; the result is on E */
static void pt_mul_base_ct_(EC_CTX_PARAM ec_proj *r, const uint8_t *k)
{
    pt_mul_fixed_ct_(EC_CTX_ARG r, k, ec_base_table[0], EC_G_BASE_W, EC_G_BASE_WINDOWS,
                     EC_G_BASE_ENTRIES);
}
#define pt_mul_base_ct(r, k) pt_mul_base_ct_(EC_CTX_ARG (r), (k))
#else
/* the complete projective version (any order n); tw: tab and the sum are on the loop
 * curve E_t (EC_TWIST_A3), and the result is brought back to E */
static inline __attribute__((always_inline)) void
pt_mul_table_proj_(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *tab,
                   unsigned w, unsigned windows, unsigned entries, int tw)
{
    int8_t d[EC_FIXED_MAX_WINDOWS];
    ec_proj acc, sum;
    ec_aff t;
    unsigned i;
    uint64_t neg;

    sc_recode_signed(d, k, w, windows);
    proj_set_inf(EC_CTX_ARG &acc);
    for (i = 0; i < windows; i++) {
        unsigned a = digit_abs(d[i], &neg);
        aff_lookup_ct(EC_CTX_ARG &t, tab + (size_t)i * entries, entries, a, neg);
#ifdef EC_TWIST_A3
        if (tw)
            proj_add_aff_t(EC_CTX_ARG &sum, &acc, &t);
        else
#endif
            proj_add_aff(EC_CTX_ARG &sum, &acc, &t);
        proj_cmov(EC_CTX_ARG &acc, &sum, ~kl_eq64(a, 0));
    }
#ifdef EC_TWIST_A3
    if (tw) {                                        /* (X : Y : Z) on E_t -> (X z : Y : Z z^3) */
        fe_mul(EC_CTX_ARG &acc.x, &acc.x, &ec_tw.z);
        fe_mul(EC_CTX_ARG &acc.z, &acc.z, &ec_tw.z3);
    }
#else
    (void)tw;
#endif
    *r = acc;
    memset(d, 0, sizeof d);
    memset(&t, 0, sizeof t);
}

static void pt_mul_table_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k,
                            const ec_aff (*tab)[EC_BASE_ENTRIES])
{
    pt_mul_table_proj_(EC_CTX_ARG r, k, tab[0], EC_BASE_W, EC_BASE_WINDOWS, EC_BASE_ENTRIES, 0);
}
/* k*G from ec_base_table (on E_t with EC_TWIST_A3); the result is on E */
static void pt_mul_base_ct_(EC_CTX_PARAM ec_proj *r, const uint8_t *k)
{
#ifdef EC_TWIST_A3
    const int tw = 1;
#else
    const int tw = 0;
#endif
    pt_mul_table_proj_(EC_CTX_ARG r, k, ec_base_table[0], EC_G_BASE_W, EC_G_BASE_WINDOWS,
                       EC_G_BASE_ENTRIES, tw);
}
#define pt_mul_base_ct(r, k) pt_mul_base_ct_(EC_CTX_ARG (r), (k))
#endif

#endif
