/*
 * The secp256k1 GLV endomorphism (Gallant, Lambert, Vanstone 2001), for the curve
 * template's constant-time k*P (pt_mul_ct, core/src/ec/mul_ct.h), variable-time
 * u1*G + u2*Q and multi-scalar product (EC_GLV; see core/src/ec/mul2.h):
 * phi(x, y) = (beta x, y) = lambda * (x, y), with beta^3 = 1 mod p and lambda^3 = 1
 * mod n, and the split of a scalar k into k1 + k2 lambda with half-length k1, k2,
 * which halves the doublings. The split is constant time (secret scalars too).
 */
#ifndef KURV_SECP256K1_GLV_H
#define KURV_SECP256K1_GLV_H

#define EC_GLV 1
static const fe ec_glv_beta = {{0xc1396c28719501eeULL, 0x9cf0497512f58995ULL,
                                0x6e64479eac3434e9ULL, 0x7ae96a2b657c0710ULL}};
/* lattice basis: a1 = b2, -b1, a2 (each < 2^129), and g_i = round(2^384 * b_i / n) */
static const uint64_t k1_glv_a1[4] = {0xe86c90e49284eb15ULL, 0x3086d221a7d46bcdULL, 0, 0};
static const uint64_t k1_glv_mb1[4] = {0x6f547fa90abfe4c3ULL, 0xe4437ed6010e8828ULL, 0, 0};
static const uint64_t k1_glv_a2[4] = {0x57c1108d9d44cfd8ULL, 0x14ca50f7a8e2f3f6ULL, 1, 0};
static const uint64_t k1_glv_g1[4] = {0xe893209a45dbb031ULL, 0x3daa8a1471e8ca7fULL,
                                      0xe86c90e49284eb15ULL, 0x3086d221a7d46bcdULL};
static const uint64_t k1_glv_g2[4] = {0x1571b4ae8ac47f71ULL, 0x221208ac9df506c6ULL,
                                      0x6f547fa90abfe4c4ULL, 0xe4437ed6010e8828ULL};

/* round(k * g / 2^384) for 256-bit k and g (at most 129 bits) */
static void k1_glv_mulshift(uint64_t r[4], const uint64_t k[4], const uint64_t g[4])
{
    uint64_t t[8] = {0}, c, h;
    int i, j;
    for (i = 0; i < 4; i++) {
        h = 0;
        for (j = 0; j < 4; j++) {
            kurv_u128 p = kw_muladd2(k[j], g[i], t[i + j], h);
            t[i + j] = kw_lo(p);
            h = kw_hi(p);
        }
        t[i + 4] = h;
    }
    /* add 2^383 to round, then keep the top two limbs */
    t[5] = kl_adc(t[5], 0x8000000000000000ULL, 0, &c);
    t[6] = kl_adc(t[6], 0, c, &c);
    t[7] += c;
    r[0] = t[6]; r[1] = t[7]; r[2] = 0; r[3] = 0;
}

/* r = x * y mod 2^192, for x of two limbs and y of three */
static void k1_mul_lo3(uint64_t r[3], const uint64_t x[2], const uint64_t y[3])
{
    kurv_u128 p;
    uint64_t c;
    p = kw_mul(x[0], y[0]); r[0] = kw_lo(p); c = kw_hi(p);
    p = kw_muladd(x[0], y[1], c); r[1] = kw_lo(p); c = kw_hi(p);
    r[2] = c + x[0] * y[2] + x[1] * y[1];
    p = kw_muladd(x[1], y[0], r[1]); r[1] = kw_lo(p);
    r[2] += kw_hi(p);
}

/* |v| of a signed 192-bit value, as 32 big-endian bytes; *neg = 1 if v < 0.
 * Branch-free: the negation is always computed and selected by a mask. */
static void k1_glv_abs(uint8_t out[32], int *neg, const uint64_t v[3])
{
    uint64_t a[4] = {v[0], v[1], v[2], 0}, na[3], z[3] = {0};
    uint64_t m = 0 - (v[2] >> 63);
    *neg = (int)(v[2] >> 63);
    kl_sub(3, na, z, v);
    kl_cmov(3, a, na, m);
    kl_to_be(4, out, 32, a);
    memset(a, 0, sizeof a);
    memset(na, 0, sizeof na);
}

/*
 * k = k1 + k2*lambda (mod n), k < 2^256, with |k1|, |k2| < 2^128; each returned as its
 * absolute value (32 bytes, big-endian) and a sign (1: negative). With
 * c1 = round(k b2 / n) and c2 = round(-k b1 / n) (from the precomputed g_i),
 * (k1, k2) = (k, 0) - c1 (a1, b1) - c2 (a2, b2) = e1 (a1, b1) + e2 (a2, b2), where
 * e1 = k b2 / n - c1 and e2 = -k b1 / n - c2 (the basis has determinant n), and
 * |e_i| <= 1/2 + 2^-128 (rounding, plus the error of g_i times k / 2^384). Hence
 * |k1| <= (|a1| + |a2|) (1/2 + 2^-128) < 2^127.35 and |k2| <= (|b1| + |b2|)
 * (1/2 + 2^-128) < 2^127.12: both are computed modulo 2^192 and read as signed
 * numbers, with no reduction modulo n. Constant time (fixed loops, no branch, no
 * index on k); the secret intermediates are wiped. pt_mul_ct relies on both bounds.
 */
static void ec_glv_split(uint8_t *k1b, uint8_t *k2b, int *neg1, int *neg2, const uint8_t *kb)
{
    uint64_t k[4], c1[4], c2[4], t[3], u[3], k1[3], k2[3];
    kl_from_be(4, k, kb, 32);
    k1_glv_mulshift(c1, k, k1_glv_g1);
    k1_glv_mulshift(c2, k, k1_glv_g2);
    /* k1 = k - c1*a1 - c2*a2 */
    k1_mul_lo3(t, c1, k1_glv_a1);
    k1_mul_lo3(u, c2, k1_glv_a2);
    kl_sub(3, k1, k, t);
    kl_sub(3, k1, k1, u);
    /* k2 = c1*(-b1) - c2*b2, b2 = a1 */
    k1_mul_lo3(t, c1, k1_glv_mb1);
    k1_mul_lo3(u, c2, k1_glv_a1);
    kl_sub(3, k2, t, u);
    k1_glv_abs(k1b, neg1, k1);
    k1_glv_abs(k2b, neg2, k2);
    memset(k, 0, sizeof k);
    memset(c1, 0, sizeof c1);
    memset(c2, 0, sizeof c2);
    memset(t, 0, sizeof t);
    memset(u, 0, sizeof u);
    memset(k1, 0, sizeof k1);
    memset(k2, 0, sizeof k2);
}

#endif
