/*
 * The portable path of the double-word layer (core/src/wide.h), the one 32-bit targets
 * take: this file is compiled with KURV_NO_INT128 (tests/unit/meson.build), so it checks
 * that path on every target, x86-64 included, whatever -Dint128 says.
 *
 * Every function against OpenSSL's BN as the reference (mod 2^128, two's complement for
 * the signed ones, floor division for the arithmetic shift), on the edge words (0, 1,
 * 2^31, 2^32 - 1, 2^32, 2^63, 2^64 - 1, ...) crossed with each other and on 200,000
 * (kt_random: 20,000 in the everyday run) random pairs whose halves are drawn from the edge words or at random.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <string.h>

#include "testutil.h"
#include "wide.h"

#ifdef KW_NATIVE
#error "test_wide.c tests the portable path: build it with -DKURV_NO_INT128"
#endif

#define NRAND kt_random(200000)

static const uint64_t edge[] = {
    0, 1, 2, 3, 0x7fffffffULL, 0x80000000ULL, 0xffffffffULL, 0x100000000ULL,
    0x100000001ULL, 0xfffffffffULL, 0x3fffffffffffffffULL, 0x4000000000000000ULL,
    0x7fffffffffffffffULL, 0x8000000000000000ULL, 0x8000000000000001ULL,
    0xfffffffeffffffffULL, 0xffffffff00000000ULL, 0xfffffffffffffffeULL,
    0xffffffffffffffffULL, 0x1000003d1ULL, 0xffffffff00000001ULL,
};
#define NEDGE (sizeof edge / sizeof edge[0])

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

/* xorshift64*: a fixed sequence, so that a failure repeats */
static uint64_t rnd(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}

/* a word whose 32-bit halves are edge halves or random ones */
static uint64_t word(void)
{
    uint64_t r = rnd(), w = rnd();
    switch (r & 3) {
    case 0: return edge[(r >> 8) % NEDGE];
    case 1: return (edge[(r >> 8) % NEDGE] & 0xffffffff00000000ULL) | (uint32_t)w;
    case 2: return (w & 0xffffffff00000000ULL) | (uint32_t)edge[(r >> 8) % NEDGE];
    default: return w;
    }
}

static BN_CTX *bn_ctx;
static BIGNUM *two128;

static void setup(void)
{
    bn_ctx = BN_CTX_new();
    two128 = BN_new();
    cr_assert(bn_ctx && two128 && BN_set_word(two128, 1) && BN_lshift(two128, two128, 128));
}

static void teardown(void)
{
    BN_free(two128);
    BN_CTX_free(bn_ctx);
}

/* the unsigned value of a 64-bit word */
static BIGNUM *bn_u64(uint64_t x)
{
    uint8_t b[8];
    int i;
    for (i = 0; i < 8; i++)
        b[i] = (uint8_t)(x >> (56 - 8 * i));
    return BN_bin2bn(b, 8, NULL);
}

/* the signed value of a 64-bit word */
static BIGNUM *bn_s64(int64_t x)
{
    BIGNUM *r = bn_u64((uint64_t)x);
    if (x < 0) {
        BIGNUM *t = BN_new();
        cr_assert(t && BN_set_word(t, 1) && BN_lshift(t, t, 64) && BN_sub(r, r, t));
        BN_free(t);
    }
    return r;
}

/* the value hi 2^64 + lo */
static BIGNUM *bn_pair(uint64_t hi, uint64_t lo)
{
    BIGNUM *r = bn_u64(hi), *l = bn_u64(lo);
    cr_assert(BN_lshift(r, r, 64) && BN_add(r, r, l));
    BN_free(l);
    return r;
}

/* (hi, lo) must equal want mod 2^128 (want may be negative or 2^128 and above);
 * frees want */
static void expect(uint64_t hi, uint64_t lo, BIGNUM *want, const char *what, uint64_t a,
                   uint64_t b)
{
    BIGNUM *got = bn_pair(hi, lo);
    cr_assert(BN_nnmod(want, want, two128, bn_ctx));
    if (BN_cmp(got, want) != 0) {
        char *g = BN_bn2hex(got), *w = BN_bn2hex(want);
        cr_assert_fail("%s(0x%016llx, 0x%016llx) = %s, want %s", what, (unsigned long long)a,
                       (unsigned long long)b, g, w);
    }
    BN_free(got);
    BN_free(want);
}

/* a and b through every unsigned function */
static void check_unsigned(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
    BIGNUM *ba = bn_u64(a), *bb = bn_u64(b), *bc = bn_u64(c), *bd = bn_u64(d), *w;
    kurv_u128 r, x;
    uint64_t carry;

    w = BN_new();
    cr_assert(BN_mul(w, ba, bb, bn_ctx));
    r = kw_mul(a, b);
    expect(kw_hi(r), kw_lo(r), w, "kw_mul", a, b);

    w = BN_new();
    cr_assert(BN_mul(w, ba, bb, bn_ctx) && BN_add(w, w, bc));
    r = kw_muladd(a, b, c);
    expect(kw_hi(r), kw_lo(r), w, "kw_muladd", a, b);

    w = BN_new();
    cr_assert(BN_mul(w, ba, bb, bn_ctx) && BN_add(w, w, bc) && BN_add(w, w, bd));
    r = kw_muladd2(a, b, c, d);
    expect(kw_hi(r), kw_lo(r), w, "kw_muladd2", a, b);

    /* x = (a, b) as a 128-bit value; y = (c, d) */
    x = kw_make(a, b);
    cr_assert(kw_hi(x) == a && kw_lo(x) == b);

    w = bn_pair(a, b);
    {
        BIGNUM *y = bn_pair(c, d);
        cr_assert(BN_add(w, w, y));
        BN_free(y);
    }
    carry = (uint64_t)(BN_cmp(w, two128) >= 0);
    {
        BIGNUM *w2 = BN_dup(w);
        r = kw_add(x, kw_make(c, d));
        expect(kw_hi(r), kw_lo(r), w2, "kw_add", a, c);
    }
    r = x;
    cr_assert_eq(kw_addc(&r, kw_make(c, d)), carry, "kw_addc carry (%llx:%llx + %llx:%llx)",
                 (unsigned long long)a, (unsigned long long)b, (unsigned long long)c,
                 (unsigned long long)d);
    expect(kw_hi(r), kw_lo(r), w, "kw_addc", a, c);

    w = bn_pair(a, b);
    cr_assert(BN_add(w, w, bc));
    r = kw_add64(x, c);
    expect(kw_hi(r), kw_lo(r), w, "kw_add64", a, c);

    {
        unsigned s = 1 + (unsigned)(d % 63);          /* 1 .. 63 */
        w = bn_pair(a, b);
        cr_assert(BN_rshift(w, w, (int)s));
        r = kw_shr(x, s);
        expect(kw_hi(r), kw_lo(r), w, "kw_shr", a, s);
    }
    BN_free(ba);
    BN_free(bb);
    BN_free(bc);
    BN_free(bd);
}

/* floor(v / 2^s) for a signed v */
static void bn_floor_shift(BIGNUM *v, unsigned s)
{
    if (BN_is_negative(v)) {
        BIGNUM *t = BN_new();
        /* -((-v + 2^s - 1) >> s) */
        BN_set_negative(v, 0);
        cr_assert(t && BN_set_word(t, 1) && BN_lshift(t, t, (int)s) && BN_sub_word(t, 1) &&
                  BN_add(v, v, t) && BN_rshift(v, v, (int)s));
        BN_set_negative(v, 1);
        BN_free(t);
    } else {
        cr_assert(BN_rshift(v, v, (int)s));
    }
}

/* the signed functions: x = a * b + c * d, then x >> s */
static void check_signed(int64_t a, int64_t b, int64_t c, int64_t d, unsigned s)
{
    BIGNUM *ba = bn_s64(a), *bb = bn_s64(b), *bc = bn_s64(c), *bd = bn_s64(d), *w, *t;
    kurv_i128 x;

    w = BN_new();
    cr_assert(BN_mul(w, ba, bb, bn_ctx));
    x = kw_smul(a, b);
    expect(x.hi, kw_slo(x), w, "kw_smul", (uint64_t)a, (uint64_t)b);

    w = BN_new();
    t = BN_new();
    cr_assert(BN_mul(w, ba, bb, bn_ctx) && BN_mul(t, bc, bd, bn_ctx) && BN_add(w, w, t));
    BN_free(t);
    x = kw_smac(kw_smul(a, b), c, d);
    {
        BIGNUM *w2 = BN_dup(w);
        expect(x.hi, kw_slo(x), w2, "kw_smac", (uint64_t)c, (uint64_t)d);
    }
    /* the shift reads x as signed: below 2^127 in magnitude here (two products of
     * 64-bit signed values) */
    bn_floor_shift(w, s);
    x = kw_ssar(x, s);
    expect(x.hi, kw_slo(x), w, "kw_ssar", (uint64_t)s, 0);
    BN_free(ba);
    BN_free(bb);
    BN_free(bc);
    BN_free(bd);
}

TestSuite(wide, .init = setup, .fini = teardown);

Test(wide, edge_words)
{
    size_t i, j;
    for (i = 0; i < NEDGE; i++)
        for (j = 0; j < NEDGE; j++) {
            check_unsigned(edge[i], edge[j], edge[(i + j) % NEDGE], edge[(i * 7 + j) % NEDGE]);
            check_signed((int64_t)edge[i], (int64_t)edge[j], (int64_t)edge[(i + 3 * j) % NEDGE],
                         (int64_t)edge[(j ^ 1) % NEDGE], 1 + (unsigned)((i + j) % 63));
        }
}

Test(wide, random_words)
{
    long k;
    for (k = 0; k < NRAND; k++) {
        uint64_t a = word(), b = word(), c = word(), d = word();
        check_unsigned(a, b, c, d);
        check_signed((int64_t)a, (int64_t)b, (int64_t)c, (int64_t)d, 1 + (unsigned)(rnd() % 63));
    }
}

/* the carry out of kw_addc at its edges, by hand */
Test(wide, addc_edges)
{
    kurv_u128 x = kw_make(UINT64_MAX, UINT64_MAX);
    cr_assert_eq(kw_addc(&x, kw_make(0, 1)), 1);
    cr_assert(kw_hi(x) == 0 && kw_lo(x) == 0);
    x = kw_make(UINT64_MAX, 0);
    cr_assert_eq(kw_addc(&x, kw_make(0, UINT64_MAX)), 0);
    cr_assert(kw_hi(x) == UINT64_MAX && kw_lo(x) == UINT64_MAX);
    x = kw_make(UINT64_MAX, 1);
    cr_assert_eq(kw_addc(&x, kw_make(1, UINT64_MAX)), 1);
    cr_assert(kw_hi(x) == 1 && kw_lo(x) == 0);
}
