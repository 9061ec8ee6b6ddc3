/*
 * kurv-25519 white box: X25519's x86-64 MULX/ADCX/ADOX path (curves/25519/x25519_adx.c on
 * the 4-limb field of fe25519_adx.h) against the portable one (fe25519.h's 51-bit limbs),
 * both in this one process: linked with the static libkurv-25519, whose hidden
 * k25519_x25519_adx_path switches the path of kurv_x25519.
 *   field: k25519_fx_mul, _sq, _mul121665_add, _add and _sub against fe25519.h's operations on
 *   the same values (canonical bytes compared) for edge limbs (0, 1, 19, 37, 38, 2^63 - 1,
 *   2^63, 2^64 - 38, 2^64 - 19, 2^64 - 1) and random ones, and every pair of edge elements
 *   (0, 1, 38, p - 1, p, 2^255 - 1, 2^255, 2p, 2^256 - 1, and an input whose product by
 *   121665 carries out of KFX_FOLD's first addition): sums and differences that carry or
 *   borrow twice, products whose fold carries twice;
 *   ladder: kurv_x25519 on both paths, bytes and return code, for u = 0, 1, 9, p - 1, p,
 *   p + 1, 2p - 1 and 2^255 - 1 (as bits 0..254), 2^256 - 1 (bit 255 set), the small-order
 *   points, each with random and edge scalars (zero, all ones), and random (k, u) pairs
 *   with bit 255 of u set half the time (RFC 7748's vectors: 25519-rfc, on the path the
 *   CPU takes, and with KURV_X86_ADX=0 the portable one).
 * On a CPU without BMI2/ADX, or a build without the path (-Dasm=false, not x86-64), there
 * is one path: a warning says so and the ladder checks compare it with itself.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <kurv/25519.h>

#include "fe25519.h"
#include "fe25519_adx.h"
#include "x25519_adx.h"
#include "testutil.h"

static uint64_t rng_state = 0x5eed25519adc0ffeULL;

static void rnd_bytes(uint8_t *b, size_t n)
{
    kt_rand_bytes(&rng_state, b, n);
}

static uint64_t rnd64(void)
{
    uint8_t b[8];
    uint64_t w;
    rnd_bytes(b, 8);
    memcpy(&w, b, 8);
    return w;
}

/* whether the MULX path can run here; a warning when not */
static int adx_here(void)
{
    if (k25519_x25519_adx_path(1))
        return 1;
    fprintf(stderr, "x25519-adx: no MULX/ADX path here (build, CPU or KURV_X86_ADX=0): one path\n");
    return 0;
}

#ifdef K25519_FX_ADX
static const uint64_t LIMB_EDGES[] = {
    0, 1, 19, 37, 38, 0x7fffffffffffffffULL, 0x8000000000000000ULL,
    0xffffffffffffffdaULL, 0xffffffffffffffedULL, 0xffffffffffffffffULL,
};
#define N_LIMB_EDGES (sizeof LIMB_EDGES / sizeof LIMB_EDGES[0])

/* whole edge elements, each paired with each (sums that carry twice: 2^256 - 1 twice;
 * differences that borrow twice: 0 - (2^256 - 1); 2^256 - 1 squared carries out of
 * KFX_FOLD's first addition), and 121665 x carries twice for the last:
 * x = floor(121664 2^256 / 121665) */
static const uint64_t ELEM_EDGES[][4] = {
    {0, 0, 0, 0},
    {1, 0, 0, 0},
    {38, 0, 0, 0},
    {0xffffffffffffffecULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL},
    {0xffffffffffffffedULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL},
    {0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0x7fffffffffffffffULL},
    {0, 0, 0, 0x8000000000000000ULL},
    {0xffffffffffffffdaULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL},
    {0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL, 0xffffffffffffffffULL},
    {0x37ed077250d41040ULL, 0x69e37f51be615dedULL, 0x84f80b542473bc6cULL, 0xffff761a6a549da6ULL},
};
#define N_ELEM_EDGES ((long)(sizeof ELEM_EDGES / sizeof ELEM_EDGES[0]))
#define N_PAIRS (N_ELEM_EDGES * N_ELEM_EDGES)

/* f and g for round r: every pair of whole edges first, then limbs from LIMB_EDGES in
 * mixes (4000 rounds), then random */
static void fx_pick(k25519_fx *f, k25519_fx *g, long r)
{
    int i;
    if (r < N_PAIRS) {
        memcpy(f->v, ELEM_EDGES[r / N_ELEM_EDGES], sizeof f->v);
        memcpy(g->v, ELEM_EDGES[r % N_ELEM_EDGES], sizeof g->v);
        return;
    }
    r -= N_PAIRS;
    for (i = 0; i < 4; i++) {
        if (r < 4000) {
            f->v[i] = LIMB_EDGES[(size_t)(r + i * 7) % N_LIMB_EDGES];
            g->v[i] = LIMB_EDGES[(size_t)(r / (i + 2) + i) % N_LIMB_EDGES];
        } else {
            f->v[i] = rnd64();
            g->v[i] = rnd64();
        }
    }
}

/* the canonical bytes of an element of either field */
static void fx_bytes(uint8_t s[32], const k25519_fx *f)
{
    k25519_fe h;
    k25519_fe_from64(&h, f->v);
    k25519_fe_tobytes(s, &h);
}

static void fe_of(k25519_fe *h, const k25519_fx *f)
{
    k25519_fe_from64(h, f->v);
}

static void check(const k25519_fx *got, const k25519_fe *want, const char *what,
                  const k25519_fx *f, const k25519_fx *g)
{
    uint8_t a[32], b[32];
    fx_bytes(a, got);
    k25519_fe_tobytes(b, want);
    cr_assert(memcmp(a, b, 32) == 0,
              "%s differs from the portable field: f = %016llx %016llx %016llx %016llx, "
              "g = %016llx %016llx %016llx %016llx", what,
              (unsigned long long)f->v[3], (unsigned long long)f->v[2],
              (unsigned long long)f->v[1], (unsigned long long)f->v[0],
              (unsigned long long)g->v[3], (unsigned long long)g->v[2],
              (unsigned long long)g->v[1], (unsigned long long)g->v[0]);
}
#endif

Test(x25519_adx, field_against_portable)
{
#ifdef K25519_FX_ADX
    long n = N_PAIRS + 4000 + kt_random(50000), r;
    if (!adx_here())
        return;
    for (r = 0; r < n; r++) {
        k25519_fx f, g, h;
        k25519_fe F, G, H;
        fx_pick(&f, &g, r);
        fe_of(&F, &f);
        fe_of(&G, &g);
        k25519_fx_mul(&h, &f, &g);
        k25519_fe_mul(&H, &F, &G);
        check(&h, &H, "mul", &f, &g);
        k25519_fx_sq(&h, &f);
        k25519_fe_sq(&H, &F);
        check(&h, &H, "sq", &f, &g);
        k25519_fx_mul121665_add(&h, &f, &g);
        k25519_fe_mul_small(&H, &F, 121665);
        k25519_fe_add(&H, &H, &G);
        check(&h, &H, "mul121665_add", &f, &g);
        k25519_fx_add(&h, &f, &g);
        k25519_fe_add(&H, &F, &G);
        check(&h, &H, "add", &f, &g);
        k25519_fx_sub(&h, &f, &g);
        k25519_fe_sub(&H, &F, &G);
        check(&h, &H, "sub", &f, &g);
        /* outputs aliasing inputs */
        h = f;
        k25519_fx_mul(&h, &h, &h);
        k25519_fe_sq(&H, &F);
        check(&h, &H, "mul in place", &f, &f);
    }
#else
    fprintf(stderr, "x25519-adx: the MULX field is not compiled in\n");
#endif
}

/* kurv_x25519 on both paths: same return code, same bytes */
static void both_paths(const uint8_t k[32], const uint8_t u[32], int adx)
{
    uint8_t s0[32], s1[32];
    kurv_err e0, e1;
    k25519_x25519_adx_path(0);
    e0 = kurv_x25519(s0, k, u);
    k25519_x25519_adx_path(adx);
    e1 = kurv_x25519(s1, k, u);
    cr_assert(e0 == e1 && memcmp(s0, s1, 32) == 0,
              "X25519: the MULX path differs from the portable one (u[0] = %02x, u[31] = %02x, "
              "k[0] = %02x, codes %d %d)", u[0], u[31], k[0], (int)e0, (int)e1);
}

/* u as 32 bytes from four little-endian limbs */
static void u_of(uint8_t u[32], const uint64_t w[4])
{
    int i, j;
    for (i = 0; i < 4; i++)
        for (j = 0; j < 8; j++)
            u[8 * i + j] = (uint8_t)(w[i] >> (8 * j));
}

Test(x25519_adx, ladder_both_paths)
{
    static const uint64_t M = 0xffffffffffffffffULL, P0 = 0xffffffffffffffedULL;
    static const uint64_t U_EDGES[][4] = {
        {0, 0, 0, 0}, {1, 0, 0, 0}, {9, 0, 0, 0},
        {P0 - 1, M, M, M >> 1},            /* p - 1 */
        {P0, M, M, M >> 1},                /* p */
        {P0 + 1, M, M, M >> 1},            /* p + 1 */
        {P0 + 18, M, M, M >> 1},           /* 2^255 - 1 */
        {M, M, M, M},                      /* 2^256 - 1: bit 255 set, masked */
        {0, 0, 0, 0x8000000000000000ULL},  /* 2^255: bit 255 alone, masked to 0 */
        {0xffffffffffffffdaULL, M, M, M},  /* 2p */
        /* small-order points (RFC 7748 / Wycheproof's x25519 set) */
        {0xaeb8413b7c7aebe0ULL, 0x6ac49ff1fae35616ULL, 0xfdb1329ceb8d09daULL,
         0x00b8495f16056286ULL},
        {0x248c50a3bc959c5fULL, 0x5bef839c55b1d0b1ULL, 0x868e1c58c45c4404ULL,
         0x57119fd0dd4e22d8ULL},
        {P0 - 1, M, M, M},                 /* p - 1 with bit 255 set */
        {0x8000000000000000ULL, 0x8000000000000000ULL, 0x8000000000000000ULL,
         0x8000000000000000ULL},
    };
    long n = kt_random(1500), r;
    size_t i;
    int j, adx = adx_here();
    uint8_t k[32], u[32];

    for (i = 0; i < sizeof U_EDGES / sizeof U_EDGES[0]; i++) {
        u_of(u, U_EDGES[i]);
        for (j = 0; j < 10; j++) {
            if (j < 2)
                memset(k, j ? 0xff : 0, 32);   /* the edge scalars: zero, all ones */
            else
                rnd_bytes(k, 32);
            both_paths(k, u, adx);
        }
    }
    for (r = 0; r < n; r++) {
        rnd_bytes(k, 32);
        rnd_bytes(u, 32);
        both_paths(k, u, adx);
    }
    k25519_x25519_adx_path(1);
}
