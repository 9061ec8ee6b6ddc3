/*
 * kurv internal, curve template: what the constant-time multiplications of ec/mul_ct.h
 * (k*P) and ec/mul_base_ct.h (k*G and the point API's fixed-window tables) share. All of
 * it is constant time: no branch and no memory index depends on the scalar, the digit
 * or the point read.
 *   sc_fold_half(kk, k)                 k' = min(k, n - k) < n/2 for k < n, and the flag
 *                                       that says the result must be negated back
 *   jac_select_ct(t, tab, a)            t = tab[a], a in 0..EC_VAR_ENTRIES (Jacobian)
 *   aff_lookup_ct(t, win, entries, a, neg)
 *                                       t = +-(entry a) of an affine window
 *   jac_start_aff_ct(acc, t, a)         acc = t, or O for digit a = 0
 *   jac_add_aff_masked_ct(acc, t, a)    acc += t by the incomplete mixed addition, the
 *                                       cases acc = O and a = 0 selected by masks (the
 *                                       caller's scalar bound excludes acc = +-t)
 * Scalars are EC_SLEN big-endian bytes; points are the template's ec_jac / ec_aff
 * (ec/types.h). On x86-64 (not with -Dasm=false) the table reads are 32-byte AVX2
 * vectors when the CPU has AVX2 (ec_avx2_on, set once per translation unit before
 * main; KURV_X86_AVX2=0/1 overrides it) else 16-byte SSE2 vectors; the portable path
 * reads every limb under a mask. Needs the group order as limbs: EC_ORDER_LIMBS
 * (default: the scalar context's modulus ec_sc.m).
 */
#ifndef KURV_EC_MUL_CT_COMMON_H
#define KURV_EC_MUL_CT_COMMON_H

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

#endif
