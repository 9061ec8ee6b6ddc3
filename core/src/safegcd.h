/*
 * kurv internal: modular inversion by Bernstein-Yang divsteps ("safegcd": D. J.
 * Bernstein and B.-Y. Yang, "Fast constant-time gcd computation and modular
 * inversion", TCHES 2019 issue 3): the divsteps are taken in batches of 62, each batch
 * found from the low bits of f and g alone and applied to the full numbers as one 2x2
 * transition matrix.
 *
 * Two entry points:
 *   kl_inv_safegcd_vartime  VARIABLE TIME: the run time and the memory access pattern
 *                           depend on the input. For public values only (signature
 *                           verification, normalising public points).
 *   kl_inv_safegcd_ct       constant time in a: a fixed number of batches of 62
 *                           divsteps for the modulus' bit length (the bound below), each
 *                           divstep computed with masks; for secret values (the field
 *                           inversion after k G and k P, scalar inverses mod n).
 *
 * Numbers inside are signed, in 62-bit limbs: value = sum v[i] 2^(62 i), limbs
 * 0 .. len-2 in [0, 2^62) and the top limb a signed int64 carrying the sign.
 * Everything is static, for a limb count that the caller usually gives as a
 * compile-time constant (the curve template), so that the loops specialise.
 *
 * The divstep on (delta, f, g), f odd (the paper's section 8, written here with
 * eta = -delta, starting from delta = 1):
 *   eta < 0 and g odd:  (eta, f, g) <- (-eta - 1, g, (g - f) / 2)
 *   else:               (eta, f, g) <- (eta - 1, f, (g + (g mod 2) f) / 2)
 * It keeps gcd(f, g) up to sign and ends with g = 0, f = +-gcd(m, a). With
 * f = m, g = a the same matrices applied to (d, e) = (0, 1), with the division by
 * 2^62 taken mod m, keep d a = f and e a = g (mod m), so at the end d = +-a^-1.
 */
#ifndef KURV_SAFEGCD_H
#define KURV_SAFEGCD_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include "limb.h"

#define KL_SG_M62 (UINT64_MAX >> 2)
/* 62-bit limbs for a modulus of nl 64-bit limbs: room for values of magnitude
 * below 2^(64 nl + 1) with the sign (d and e stay in (-2m, m)). 10 for nl = 9. */
#define KL_SG_LIMBS(nl) ((64 * (nl) + 2 + 61) / 62)
#define KL_SG_MAXLIMBS KL_SG_LIMBS(9)

#if defined(__GNUC__)
#define KL_SG_INLINE static inline __attribute__((always_inline))
#else
#define KL_SG_INLINE static inline
#endif

/* The matrix of 62 divsteps, scaled by 2^62: if (f', g') is (f, g) after the 62 steps,
 * 2^62 f' = u f + v g and 2^62 g' = q f + r g. Each row has |.| + |.| <= 2^62. */
typedef struct {
    int64_t u, v, q, r;
} kl_sg_trans;

static inline int kl_sg_ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/*
 * 62 divsteps from (eta, f, g) given only f0 = f mod 2^62 (odd) and g0 = g mod 2^62;
 * writes their scaled matrix to t and returns the new eta.
 *
 * A run of z even g is z steps at once (shift g, double the f row). While eta >= 0 an
 * odd g takes the second rule, and so do the next eta steps whatever g is then; such
 * a run of k steps adds w f to g where w < 2^k is the one value making the low k
 * bits of g + w f zero (each step adds f exactly when the running bit is 1), so we
 * add w f at once, k at most 6, w = -g/f mod 2^k. An odd g with eta < 0 is the first
 * rule: swap to (g, -f) with eta -> -eta, and the subtraction follows as a run of
 * the second rule. The steps are therefore exactly the divsteps above.
 */
static inline int64_t kl_sg_divsteps_62_vartime(int64_t eta, uint64_t f0, uint64_t g0,
                                                kl_sg_trans *t)
{
    /* unsigned arithmetic: the entries are signed values mod 2^64 (no overflow UB) */
    uint64_t u = 1, v = 0, q = 0, r = 1, f = f0, g = g0, w, tmp;
    int i = 62, zeros, limit;

    for (;;) {
        /* the even run: at most i more steps (bit i of the mask stops the count) */
        zeros = kl_sg_ctz64(g | (UINT64_MAX << i));
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros;
        i -= zeros;
        if (i == 0)
            break;
        /* g odd */
        if (eta < 0) {
            eta = -eta;
            tmp = f; f = g; g = 0 - tmp;
            tmp = u; u = q; q = 0 - tmp;
            tmp = v; v = r; r = 0 - tmp;
        }
        /* eta >= 0: the next min(eta + 1, i) steps all take the second rule */
        limit = (eta + 1 > i) ? i : (int)eta + 1;
        if (limit > 6)
            limit = 6;
        /* f^-1 = f (2 - f^2) mod 2^6 (f^2 = 1 mod 8 for odd f, one Newton step), so
         * -g/f = g f (f^2 - 2) mod 2^6 */
        w = (g * f * (f * f - 2)) & (UINT64_MAX >> (64 - limit));
        g += f * w;
        q += u * w;
        r += v * w;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return eta;
}

/*
 * (d, e) <- t (d, e) / 2^62 mod m, with n limbs each, m in 62-bit limbs and
 * minv = m^-1 mod 2^62. In and out d, e lie in (-2m, m): with d' = d + m when d < 0
 * (so |d'| < m) and e' likewise, the sum u d' + v e' has magnitude below 2^62 m; the
 * multiple of m added to clear its low 62 bits lies in (-2^62 m, 0], so the quotient
 * lies in (-2m, m).
 */
KL_SG_INLINE void kl_sg_update_de(size_t n, int64_t *d, int64_t *e, const kl_sg_trans *t,
                                  const int64_t *m, uint64_t minv)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    int64_t sd = d[n - 1] >> 63, se = e[n - 1] >> 63;    /* all-ones when negative */
    int64_t md = (u & sd) + (v & se), me = (q & sd) + (r & se);
    kurv_i128 cd, ce;
    size_t i;

    cd = kw_smac(kw_smul(u, d[0]), v, e[0]);
    ce = kw_smac(kw_smul(q, d[0]), r, e[0]);
    /* md, me: the multiples of m that make the low 62 bits zero */
    md -= (int64_t)((minv * kw_slo(cd) + (uint64_t)md) & KL_SG_M62);
    me -= (int64_t)((minv * kw_slo(ce) + (uint64_t)me) & KL_SG_M62);
    cd = kw_ssar(kw_smac(cd, m[0], md), 62);
    ce = kw_ssar(kw_smac(ce, m[0], me), 62);
    KL_UNROLL
    for (i = 1; i < n; i++) {
        cd = kw_smac(kw_smac(kw_smac(cd, u, d[i]), v, e[i]), m[i], md);
        ce = kw_smac(kw_smac(kw_smac(ce, q, d[i]), r, e[i]), m[i], me);
        d[i - 1] = (int64_t)(kw_slo(cd) & KL_SG_M62);
        e[i - 1] = (int64_t)(kw_slo(ce) & KL_SG_M62);
        cd = kw_ssar(cd, 62);
        ce = kw_ssar(ce, 62);
    }
    d[n - 1] = (int64_t)kw_slo(cd);
    e[n - 1] = (int64_t)kw_slo(ce);
}

/* (f, g) <- t (f, g) / 2^62 on len limbs; exact, as the matrix comes from the divsteps
 * on f and g themselves. */
static inline void kl_sg_update_fg(size_t len, int64_t *f, int64_t *g, const kl_sg_trans *t)
{
    const int64_t u = t->u, v = t->v, q = t->q, r = t->r;
    kurv_i128 cf, cg;
    size_t i;

    cf = kw_smac(kw_smul(u, f[0]), v, g[0]);
    cg = kw_smac(kw_smul(q, f[0]), r, g[0]);
    cf = kw_ssar(cf, 62);      /* the low 62 bits are zero */
    cg = kw_ssar(cg, 62);
    for (i = 1; i < len; i++) {
        cf = kw_smac(kw_smac(cf, u, f[i]), v, g[i]);
        cg = kw_smac(kw_smac(cg, q, f[i]), r, g[i]);
        f[i - 1] = (int64_t)(kw_slo(cf) & KL_SG_M62);
        g[i - 1] = (int64_t)(kw_slo(cg) & KL_SG_M62);
        cf = kw_ssar(cf, 62);
        cg = kw_ssar(cg, 62);
    }
    f[len - 1] = (int64_t)kw_slo(cf);
    g[len - 1] = (int64_t)kw_slo(cg);
}

/* nl 64-bit limbs (a value below 2^(64 nl)) -> n nonnegative 62-bit limbs */
KL_SG_INLINE void kl_sg_from_u64(size_t n, int64_t *r, size_t nl, const uint64_t *a)
{
    size_t i;
    KL_UNROLL
    for (i = 0; i < n; i++) {
        size_t bit = 62 * i, w = bit / 64, s = bit % 64;
        uint64_t x = w < nl ? a[w] >> s : 0;
        if (s > 2 && w + 1 < nl)
            x |= a[w + 1] << (64 - s);
        r[i] = (int64_t)(x & KL_SG_M62);
    }
}

/* n nonnegative 62-bit limbs (a value below 2^(64 nl)) -> nl 64-bit limbs */
KL_SG_INLINE void kl_sg_to_u64(size_t nl, uint64_t *r, size_t n, const int64_t *a)
{
    size_t i;
    KL_UNROLL
    for (i = 0; i < nl; i++)
        r[i] = 0;
    KL_UNROLL
    for (i = 0; i < n; i++) {
        size_t bit = 62 * i, w = bit / 64, s = bit % 64;
        uint64_t x = (uint64_t)a[i];
        if (w < nl)
            r[w] |= x << s;
        if (s > 2 && w + 1 < nl)
            r[w + 1] |= x >> (64 - s);
    }
}

/* a += s m (s = +1 or -1) on n signed 62-bit limbs, carries propagated */
static inline void kl_sg_add_m(size_t n, int64_t *a, const int64_t *m, int s)
{
    int64_t c = 0;
    size_t i;
    for (i = 0; i + 1 < n; i++) {
        c += a[i] + (s > 0 ? m[i] : -m[i]);
        a[i] = (int64_t)((uint64_t)c & KL_SG_M62);
        c >>= 62;                /* arithmetic shift: the carry keeps its sign */
    }
    a[n - 1] += c + (s > 0 ? m[n - 1] : -m[n - 1]);
}

/* a = -a on n signed 62-bit limbs (the lower limbs brought back into [0, 2^62)) */
static inline void kl_sg_negate(size_t n, int64_t *a)
{
    int64_t c = 0;
    size_t i;
    for (i = 0; i + 1 < n; i++) {
        c -= a[i];
        a[i] = (int64_t)((uint64_t)c & KL_SG_M62);
        c >>= 62;
    }
    a[n - 1] = c - a[n - 1];
}

/* 1 if a >= m (both normalised, a nonnegative), else 0 */
static inline int kl_sg_ge(size_t n, const int64_t *a, const int64_t *m)
{
    size_t i = n;
    while (i-- > 0)
        if (a[i] != m[i])
            return a[i] > m[i];
    return 1;
}

/*
 * r = a^-1 mod m, for an odd modulus m > 1 of nl 64-bit limbs (1 <= nl <= 9, so up to
 * 576 bits) and a < m, both little-endian 64-bit limbs. Return 1 on success; 0 if
 * a = 0 or gcd(a, m) != 1, then r = 0. r may alias a.
 *
 * VARIABLE TIME in a and m (and the branch pattern depends on them): public values only.
 * Needs nothing precomputed: m^-1 mod 2^62 is found here by Newton's iteration.
 */
KL_SG_INLINE int kl_inv_safegcd_vartime(size_t nl, uint64_t *r, const uint64_t *a,
                                        const uint64_t *m)
{
    const size_t n = KL_SG_LIMBS(nl);
    int64_t f[KL_SG_MAXLIMBS], g[KL_SG_MAXLIMBS], d[KL_SG_MAXLIMBS] = {0},
            e[KL_SG_MAXLIMBS] = {0}, m62[KL_SG_MAXLIMBS];
    /* Bernstein-Yang, theorem 11.2: g = 0 after at most (49 b + 80) / 17 divsteps for
     * f, g < 2^b (b >= 46; fewer for smaller b). A batch count above it cannot
     * happen; it only guarantees that the loop ends. */
    const unsigned max_batches = (unsigned)((49 * 64 * nl + 80) / 17 / 62 + 2);
    uint64_t minv, nz = 0;
    kl_sg_trans t;
    int64_t eta = -1, fn, gn, cond;
    size_t len = n, i;
    unsigned batch;

    for (i = 0; i < nl; i++)
        nz |= a[i];
    if (nz == 0)
        goto fail;
    minv = (0 - kl_m0inv(m[0])) & KL_SG_M62;          /* m^-1 mod 2^62 */
    kl_sg_from_u64(n, m62, nl, m);
    kl_sg_from_u64(n, g, nl, a);
    for (i = 0; i < n; i++)
        f[i] = m62[i];
    e[0] = 1;

    for (batch = 0;; batch++) {
        if (batch == max_batches)
            goto fail;
        eta = kl_sg_divsteps_62_vartime(eta, (uint64_t)f[0], (uint64_t)g[0], &t);
        kl_sg_update_de(n, d, e, &t, m62, minv);
        kl_sg_update_fg(len, f, g, &t);
        /* done when g = 0 */
        if (g[0] == 0) {
            cond = 0;
            for (i = 1; i < len; i++)
                cond |= g[i];
            if (cond == 0)
                break;
        }
        /* drop the top limb of f and g when both are 0 or -1 (the value fits below) */
        fn = f[len - 1];
        gn = g[len - 1];
        cond = (fn ^ (fn >> 63)) | (gn ^ (gn >> 63));
        if (len > 1 && cond == 0) {
            f[len - 2] = (int64_t)((uint64_t)f[len - 2] | ((uint64_t)fn << 62));
            g[len - 2] = (int64_t)((uint64_t)g[len - 2] | ((uint64_t)gn << 62));
            len--;
        }
    }

    /* f = +-gcd(a, m): 1 or -1 (lower limbs all ones, top limb -1) for an inverse */
    {
        int neg = f[len - 1] < 0;
        int64_t want_low = neg ? (int64_t)KL_SG_M62 : 0;
        if (f[len - 1] != (neg ? -1 : (len == 1 ? 1 : 0)))
            goto fail;
        if (len > 1 && f[0] != (neg ? want_low : 1))
            goto fail;
        for (i = 1; i + 1 < len; i++)
            if (f[i] != want_low)
                goto fail;
        if (neg)
            kl_sg_negate(n, d);       /* d in (-m, 2m) now */
    }
    while (d[n - 1] < 0)
        kl_sg_add_m(n, d, m62, 1);
    while (kl_sg_ge(n, d, m62))
        kl_sg_add_m(n, d, m62, -1);
    kl_sg_to_u64(nl, r, n, d);
    return 1;

fail:
    for (i = 0; i < nl; i++)
        r[i] = 0;
    return 0;
}

/*
 * Constant-time inversion.
 *
 * The batch count. Bernstein-Yang, theorem 11.2 (the 2019-04-13 version of the
 * paper): for f odd and f^2 + 4 g^2 <= 5 2^(2d), g is 0 after floor((49 d + 80)/17)
 * divsteps from delta = 1 (d < 46), floor((49 d + 57)/17) (d >= 46). With f = m < 2^b
 * and 0 <= g < m, d = b holds; (49 b + 80)/17 covers both cases. Once g = 0 further
 * divsteps leave f and d unchanged (g stays 0, the matrices are diag(2, 1) per step,
 * and 2^62 d / 2^62 = d), so rounding up to whole batches is harmless. Per size:
 *   b = 256: 742 divsteps, 12 batches (744)    b = 384: 1111, 18 (1116)
 *   b = 512: 1480, 24 (1488)                   b = 521: 1506, 25 (1550)
 *   b = 576 (a 9-limb run-time curve): 1664, 27 (1674)
 */
#define KL_SG_CT_DIVSTEPS(b) ((49u * (unsigned)(b) + 80u) / 17u)
#define KL_SG_CT_BATCHES(b) ((KL_SG_CT_DIVSTEPS(b) + 61u) / 62u)

/* bit length of m (nl limbs): public, so the loop may depend on it */
static inline unsigned kl_sg_bits(size_t nl, const uint64_t *m)
{
    size_t i = nl;
    while (i > 0 && m[i - 1] == 0)
        i--;
    if (i == 0)
        return 0;
    {
        uint64_t top = m[i - 1];
        unsigned b = 64u * (unsigned)(i - 1);
        while (top) {
            b++;
            top >>= 1;
        }
        return b;
    }
}

/*
 * 62 divsteps from (delta, f, g) given only f0 = f mod 2^64 (odd) and g0 = g mod 2^64,
 * in constant time: no branch, the same instructions whatever f, g and delta. Writes
 * the scaled matrix (as kl_sg_trans: 2^62 f' = u f + v g, 2^62 g' = q f + r g) and
 * returns the new delta. Each step, with c1 all-ones when delta > 0, c2 all-ones when
 * g is odd and s = c1 & c2 (the first rule, the swap):
 *   g += f, or g -= f when c1 (only when c2; the rows (q, r) likewise with (u, v))
 *   f += g when s: then f is the old g (f + (g - f)), and (u, v) the old (q, r)
 *   delta = 1 - delta when s, else 1 + delta
 *   g >>= 1 (g is even now), (u, v) <<= 1.
 * The rows keep |u| + |v| <= 2^i and |q| + |r| <= 2^i after i steps (both rows at most
 * double), so 2^62 fits an int64. Only bit 0 of g decides a step, and after i shifts
 * the low 64 - i bits of g are still exact, so 62 steps from 64 bits are exact.
 */
static inline int64_t kl_sg_divsteps_62_ct(int64_t delta, uint64_t f0, uint64_t g0,
                                           kl_sg_trans *t)
{
    uint64_t u = 1, v = 0, q = 0, r = 1, f = f0, g = g0, c1, c2, s, dl = (uint64_t)delta;
    int i;

    for (i = 0; i < 62; i++) {
        /* delta > 0: the sign bit of -delta (|delta| stays far below 2^63) */
        c1 = (uint64_t)((int64_t)(0 - dl) >> 63);
        c2 = 0 - (g & 1);
        g += ((f ^ c1) - c1) & c2;
        q += ((u ^ c1) - c1) & c2;
        r += ((v ^ c1) - c1) & c2;
        s = c1 & c2;
        f += g & s;
        u += q & s;
        v += r & s;
        dl = ((dl ^ s) - s) + 1;
        g >>= 1;
        u <<= 1;
        v <<= 1;
    }
    t->u = (int64_t)u;
    t->v = (int64_t)v;
    t->q = (int64_t)q;
    t->r = (int64_t)r;
    return (int64_t)dl;
}

/* a = -a when mask is all-ones, unchanged when 0 (n signed 62-bit limbs, normalised
 * out), constant time */
KL_SG_INLINE void kl_sg_cneg(size_t n, int64_t *a, int64_t mask)
{
    int64_t c = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i + 1 < n; i++) {
        c += (a[i] ^ mask) - mask;
        a[i] = (int64_t)((uint64_t)c & KL_SG_M62);
        c >>= 62;
    }
    a[n - 1] = c + ((a[n - 1] ^ mask) - mask);
}

/* a += m when mask is all-ones, unchanged when 0, constant time */
KL_SG_INLINE void kl_sg_cadd_m(size_t n, int64_t *a, const int64_t *m, int64_t mask)
{
    int64_t c = 0;
    size_t i;
    KL_UNROLL
    for (i = 0; i + 1 < n; i++) {
        c += a[i] + (m[i] & mask);
        a[i] = (int64_t)((uint64_t)c & KL_SG_M62);
        c >>= 62;
    }
    a[n - 1] += c + (m[n - 1] & mask);
}

/* zero len bytes at p (secrets left on the stack), not optimised away */
static inline void kl_sg_wipe(void *p, size_t len)
{
    memset(p, 0, len);
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    {
        volatile unsigned char *q = (volatile unsigned char *)p;
        while (len--)
            *q++ = 0;
    }
#endif
}

/*
 * r = a^-1 mod m after `batches` batches of 62 divsteps, constant time in a: the
 * contract of kl_inv_safegcd_ct, with the batch count given (tests call it one short
 * to show the bound matters). If g has not reached 0 by then, r is not the inverse.
 */
KL_SG_INLINE void kl_inv_safegcd_ct_batches(size_t nl, uint64_t *r, const uint64_t *a,
                                            const uint64_t *m, unsigned batches)
{
    const size_t n = KL_SG_LIMBS(nl);
    int64_t f[KL_SG_MAXLIMBS], g[KL_SG_MAXLIMBS], d[KL_SG_MAXLIMBS] = {0},
            e[KL_SG_MAXLIMBS] = {0}, m62[KL_SG_MAXLIMBS];
    uint64_t minv = (0 - kl_m0inv(m[0])) & KL_SG_M62;   /* m^-1 mod 2^62 */
    int64_t delta = 1;
    kl_sg_trans t;
    unsigned batch;
    size_t i;

    kl_sg_from_u64(n, m62, nl, m);
    kl_sg_from_u64(n, g, nl, a);
    for (i = 0; i < n; i++)
        f[i] = m62[i];
    e[0] = 1;
    for (batch = 0; batch < batches; batch++) {
        /* the low 64 bits of f and g (62 from limb 0, 2 from limb 1) */
        uint64_t f0 = (uint64_t)f[0] | (n > 1 ? (uint64_t)f[1] << 62 : 0);
        uint64_t g0 = (uint64_t)g[0] | (n > 1 ? (uint64_t)g[1] << 62 : 0);
        delta = kl_sg_divsteps_62_ct(delta, f0, g0, &t);
        kl_sg_update_de(n, d, e, &t, m62, minv);
        kl_sg_update_fg(n, f, g, &t);
    }
    /* g = 0 and f = +-gcd(a, m) = +-1 (a != 0), d a = f: negate d when f < 0. d lies
     * in (-2m, m), so -d in (-m, 2m); two conditional additions of m bring it to
     * [0, 2m), a subtraction with a conditional add-back to [0, m). For a = 0 d stays
     * 0 throughout and r = 0. */
    kl_sg_cneg(n, d, f[n - 1] >> 63);
    kl_sg_cadd_m(n, d, m62, d[n - 1] >> 63);
    kl_sg_cadd_m(n, d, m62, d[n - 1] >> 63);
    kl_sg_cneg(n, d, -1);
    kl_sg_cadd_m(n, d, m62, -1);          /* m - d */
    kl_sg_cneg(n, d, -1);                 /* d - m */
    kl_sg_cadd_m(n, d, m62, d[n - 1] >> 63);
    kl_sg_to_u64(nl, r, n, d);
    kl_sg_wipe(f, sizeof f);
    kl_sg_wipe(g, sizeof g);
    kl_sg_wipe(d, sizeof d);
    kl_sg_wipe(e, sizeof e);
    kl_sg_wipe(&t, sizeof t);
    kl_sg_wipe(&delta, sizeof delta);
}

/*
 * r = a^-1 mod m for an odd prime modulus m > 1 of nl 64-bit limbs (1 <= nl <= 9, top
 * limb nonzero) and 0 <= a < m, little-endian 64-bit limbs; 0 maps to 0. r may alias a.
 * CONSTANT TIME in a: KL_SG_CT_BATCHES(bits of m) batches of 62 divsteps (the bound
 * above), every divstep and every limb operation without a branch or an index on a;
 * the work depends on m (public) only. For a composite m the result is unspecified
 * when gcd(a, m) != 1.
 */
KL_SG_INLINE void kl_inv_safegcd_ct(size_t nl, uint64_t *r, const uint64_t *a,
                                    const uint64_t *m)
{
    kl_inv_safegcd_ct_batches(nl, r, a, m, KL_SG_CT_BATCHES(kl_sg_bits(nl, m)));
}

#endif
