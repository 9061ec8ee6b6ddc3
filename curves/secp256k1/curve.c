/* kurv-secp256k1: the secp256k1 descriptor and its specialised operations. */
#include <kurv/secp256k1.h>
#include <string.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table k1_base_table
#define ec_g_odd k1_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_k k1_k
#define ec_sc k1_sc
#define ec_ops k1_ops
#include "secp256k1_table.h"

/*
 * GLV endomorphism (Gallant, Lambert, Vanstone 2001): phi(x, y) = (beta x, y) =
 * lambda * (x, y), with beta^3 = 1 mod p and lambda^3 = 1 mod n. Used by the
 * variable-time u1*G + u2*Q of verification to halve the doublings.
 */
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
    uint64_t t[8] = {0}, c;
    kurv_u128 acc;
    int i, j;
    for (i = 0; i < 4; i++) {
        acc = 0;
        for (j = 0; j < 4; j++) {
            acc += (kurv_u128)k[j] * g[i] + t[i + j];
            t[i + j] = (uint64_t)acc;
            acc >>= 64;
        }
        t[i + 4] = (uint64_t)acc;
    }
    /* add 2^383 to round, then keep the top two limbs */
    t[5] = kl_adc(t[5], 0x8000000000000000ULL, 0, &c);
    t[6] = kl_adc(t[6], 0, c, &c);
    t[7] += c;
    r[0] = t[6]; r[1] = t[7]; r[2] = 0; r[3] = 0;
}

/* r = a * b mod n (plain values < n) */
static void k1_sc_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4])
{
    kl_montmul(4, r, a, b, ec_sc.m, ec_sc.m0inv);
    kl_montmul(4, r, r, ec_sc.rr, ec_sc.m, ec_sc.m0inv);
}

/* k = k1 + k2*lambda (mod n) with |k1|, |k2| < 2^129; each returned as its absolute
 * value (32 bytes, big-endian) and a sign. Variable time: for public scalars. */
static void ec_glv_split(uint8_t *k1b, uint8_t *k2b, int *neg1, int *neg2, const uint8_t *kb)
{
    uint64_t k[4], c1[4], c2[4], t[4], k1[4], k2[4], half[4];
    kl_from_be(4, k, kb, 32);
    k1_glv_mulshift(c1, k, k1_glv_g1);
    k1_glv_mulshift(c2, k, k1_glv_g2);
    /* k1 = k - c1*a1 - c2*a2 */
    k1_sc_mul(t, c1, k1_glv_a1);
    kl_modsub(4, k1, k, t, ec_sc.m);
    k1_sc_mul(t, c2, k1_glv_a2);
    kl_modsub(4, k1, k1, t, ec_sc.m);
    /* k2 = c1*(-b1) - c2*b2, b2 = a1 */
    k1_sc_mul(k2, c1, k1_glv_mb1);
    k1_sc_mul(t, c2, k1_glv_a1);
    kl_modsub(4, k2, k2, t, ec_sc.m);
    /* take the short representative of each */
    memcpy(half, ec_sc.m, sizeof half);
    for (int i = 0; i < 4; i++)
        half[i] = (half[i] >> 1) | (i < 3 ? half[i + 1] << 63 : 0);
    *neg1 = (int)(kl_sub(4, t, half, k1) & 1);
    if (*neg1)
        kl_modsub(4, k1, (const uint64_t[4]){0}, k1, ec_sc.m);
    *neg2 = (int)(kl_sub(4, t, half, k2) & 1);
    if (*neg2)
        kl_modsub(4, k2, (const uint64_t[4]){0}, k2, ec_sc.m);
    kl_to_be(4, k1b, 32, k1);
    kl_to_be(4, k2b, 32, k2);
}

#include "ec_tmpl.h"
#include "params.h"

static const char *const k1_aliases[] = {"P-256K", "K-256", NULL};
static const uint8_t k1_oid[] = {0x2B, 0x81, 0x04, 0x00, 0x0A};

static const struct kurv_curve k1_curve = {
    KURV_CURVE_ABI, "secp256k1", k1_aliases, "1.3.132.0.10", k1_oid, sizeof k1_oid,
    256, 256, 32, 32,
    k1_p, k1_a, k1_b, k1_gx, k1_gy, k1_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_secp256k1(void)
{
    return &k1_curve;
}
