/*
 * kurv-25519 white box: the field (curves/25519/fe25519.c and the inline operations of
 * fe25519.h) and the scalars mod L (sc25519.c), compiled into this test from their sources,
 * against OpenSSL's BN. Run by both builds, so -Dint128=disabled checks the portable path of
 * core/src/wide.h.
 *   field: every operation at the edges of its input bounds (fe25519.h: limbs below 2^54
 *   for mul, sq, mul_small, add and tobytes, below 2^52 for sub; the lazy sum and
 *   difference feeding a product) and on random limbs; both inversions and f^((p-5)/8);
 *   scalars: k25519_sc_reduce64 on edge values (0, L - 1, L, multiples of L and their
 *   neighbours, 2^512 - 1) and random ones, k25519_sc_muladd on random and all-ones inputs.
 * Random inputs come from a fixed-seed generator (kt_random's counts).
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <string.h>

#include "fe25519.h"
#include "sc25519.h"
#include "testutil.h"

static uint64_t rng_state = 0x1f2e3d4c5b6a7988ULL;

static uint64_t rnd64(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static BIGNUM *bn_p(void)
{
    BIGNUM *p = BN_new();
    cr_assert(p && BN_set_bit(p, 255) && BN_sub_word(p, 19));
    return p;
}

/* the value of f's limbs, not reduced */
static BIGNUM *bn_of_fe(const k25519_fe *f)
{
    BIGNUM *r = BN_new(), *t = BN_new();
    int i;
    cr_assert(r && t);
    BN_zero(r);
    for (i = 4; i >= 0; i--) {
        cr_assert(BN_lshift(r, r, 51) && BN_set_word(t, f->v[i]) && BN_add(r, r, t));
    }
    BN_free(t);
    return r;
}

/* the canonical encoding of f must be x mod p */
static void assert_fe(const k25519_fe *f, const BIGNUM *x, const char *what)
{
    uint8_t got[32], want[32];
    BIGNUM *p = bn_p(), *r = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    cr_assert(r && ctx && BN_nnmod(r, x, p, ctx));
    cr_assert(BN_bn2lebinpad(r, want, 32) == 32);
    k25519_fe_tobytes(got, f);
    cr_assert(memcmp(got, want, 32) == 0, "%s differs from BN", what);
    BN_free(p);
    BN_free(r);
    BN_CTX_free(ctx);
}

/* limbs: an edge value below `bound` (2^54 or 2^52) or a random one */
static void fe_pick(k25519_fe *f, int round, uint64_t bound)
{
    static const uint64_t edges[] = {0, 1, 18, 19, 0x7ffffffffffedULL, 0x7ffffffffffffULL,
                                     0x8000000000000ULL};
    int i;
    for (i = 0; i < 5; i++) {
        uint64_t e = round < 64 ? ((round >> (i % 3)) & 1 ? bound - 1 - (uint64_t)(round & 3)
                                                          : edges[(round + i) % 7])
                                : rnd64() % bound;
        f->v[i] = e % bound;
    }
}

Test(field, operations_against_bn)
{
    const uint64_t b54 = (uint64_t)1 << 54, b52 = (uint64_t)1 << 52;
    long n = 64 + kt_random(20000), r;
    BN_CTX *ctx = BN_CTX_new();
    cr_assert(ctx);
    for (r = 0; r < n; r++) {
        k25519_fe f, g, h, s52, t52;
        BIGNUM *F, *G, *X = BN_new();
        cr_assert(X);
        fe_pick(&f, (int)r, b54);
        fe_pick(&g, (int)(r * 7 + 3) % (r < 64 ? 64 : 1000000), b54);
        F = bn_of_fe(&f);
        G = bn_of_fe(&g);
        k25519_fe_mul(&h, &f, &g);
        cr_assert(BN_mul(X, F, G, ctx));
        assert_fe(&h, X, "mul");
        k25519_fe_sq(&h, &f);
        cr_assert(BN_mul(X, F, F, ctx));
        assert_fe(&h, X, "sq");
        k25519_fe_mul_small(&h, &f, 121665);
        cr_assert(BN_copy(X, F) && BN_mul_word(X, 121665));
        assert_fe(&h, X, "mul_small");
        k25519_fe_add(&h, &f, &g);
        cr_assert(BN_add(X, F, G));
        assert_fe(&h, X, "add");
        /* sub and the lazy pair on limbs below 2^52 (their input bounds) */
        BN_free(F);
        BN_free(G);
        fe_pick(&s52, (int)r, b52);
        fe_pick(&t52, (int)(r * 5 + 1) % (r < 64 ? 64 : 1000000), b52);
        F = bn_of_fe(&s52);
        G = bn_of_fe(&t52);
        k25519_fe_sub(&h, &s52, &t52);
        cr_assert(BN_sub(X, F, G));
        assert_fe(&h, X, "sub");
        {
            k25519_fe a, d;
            BIGNUM *Y = BN_new();
            cr_assert(Y);
            k25519_fe_add_lazy(&a, &s52, &t52);
            k25519_fe_sub_lazy(&d, &a, &t52);   /* a below 2^53: d below 2^54 */
            k25519_fe_mul(&h, &a, &d);
            cr_assert(BN_add(X, F, G) && BN_copy(Y, F) && BN_mul(X, X, Y, ctx));
            assert_fe(&h, X, "lazy sum times lazy difference");
            BN_free(Y);
        }
        BN_free(F);
        BN_free(G);
        BN_free(X);
    }
    BN_CTX_free(ctx);
}

Test(field, inversions_and_pow22523)
{
    long n = 8 + kt_random(2000), r;
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *p = bn_p(), *e = BN_new(), *X = BN_new();
    cr_assert(ctx && e && X);
    /* (p - 5) / 8 = 2^252 - 3 */
    BN_zero(e);
    cr_assert(BN_set_bit(e, 252) && BN_sub_word(e, 3));
    for (r = 0; r < n; r++) {
        k25519_fe f, h;
        BIGNUM *F;
        int i;
        if (r == 0) {
            k25519_fe_0(&f);
        } else if (r == 1) {
            k25519_fe_1(&f);
        } else if (r == 2) {   /* p - 1 */
            f.v[0] = 0x7ffffffffffecULL;
            for (i = 1; i < 5; i++)
                f.v[i] = 0x7ffffffffffffULL;
        } else if (r == 3) {   /* p itself: 0 */
            f.v[0] = 0x7ffffffffffedULL;
            for (i = 1; i < 5; i++)
                f.v[i] = 0x7ffffffffffffULL;
        } else {
            fe_pick(&f, 1000 + (int)r, (uint64_t)1 << 52);
        }
        F = bn_of_fe(&f);
        cr_assert(BN_nnmod(F, F, p, ctx));
        if (BN_is_zero(F))
            BN_zero(X);
        else
            cr_assert(BN_mod_inverse(X, F, p, ctx));
        k25519_fe_invert(&h, &f);
        assert_fe(&h, X, "invert");
        k25519_fe_invert_vartime(&h, &f);
        assert_fe(&h, X, "invert_vartime");
        cr_assert(BN_mod_exp(X, F, e, p, ctx));
        k25519_fe_pow22523(&h, &f);
        assert_fe(&h, X, "pow22523");
        BN_free(F);
    }
    BN_free(p);
    BN_free(e);
    BN_free(X);
    BN_CTX_free(ctx);
}

static BIGNUM *bn_l(void)
{
    BIGNUM *l = NULL;
    cr_assert(BN_dec2bn(&l, "7237005577332262213973186563042994240857116359379907606001950938285454250989"));
    return l;
}

static void assert_sc(const uint8_t got[32], const BIGNUM *x, const char *what)
{
    uint8_t want[32];
    BIGNUM *l = bn_l(), *r = BN_new();
    BN_CTX *ctx = BN_CTX_new();
    cr_assert(r && ctx && BN_nnmod(r, x, l, ctx) && BN_bn2lebinpad(r, want, 32) == 32);
    cr_assert(memcmp(got, want, 32) == 0, "%s differs from BN", what);
    BN_free(l);
    BN_free(r);
    BN_CTX_free(ctx);
}

Test(scalar, reduce64_and_muladd_against_bn)
{
    long n = 16 + kt_random(20000), r;
    BN_CTX *ctx = BN_CTX_new();
    BIGNUM *l = bn_l(), *X = BN_new(), *Y = BN_new(), *Z = BN_new();
    cr_assert(ctx && X && Y && Z);
    for (r = 0; r < n; r++) {
        uint8_t in[64], a[32], b[32], c[32], out[32];
        size_t i;
        if (r < 12) {
            /* 0, L - 1, L, L + 1, 2L, floor(2^512 / L) L - 1, 2^512 - 1, 2^512 - 1 - L,
             * 2^256 - 1, 2^252 + 1, 2^259 L, 2^130 L - 1 */
            static const int shifts[12] = {0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 259, 130};
            static const int adds[12] = {0, -1, 0, 1, 0, 0, 0, 0, 0, 0, 0, -1};
            BN_zero(X);
            if (r == 5) {
                BN_zero(Y);
                cr_assert(BN_set_bit(Y, 512) && BN_div(Z, NULL, Y, l, ctx) &&
                          BN_mul(X, Z, l, ctx) && BN_sub_word(X, 1));
            } else if (r == 6 || r == 7) {
                cr_assert(BN_set_bit(X, 512) && BN_sub_word(X, 1));
                if (r == 7)
                    cr_assert(BN_sub(X, X, l));
            } else if (r == 8) {
                cr_assert(BN_set_bit(X, 256) && BN_sub_word(X, 1));
            } else if (r == 9) {
                cr_assert(BN_set_bit(X, 252) && BN_add_word(X, 1));
            } else if (r > 0) {
                cr_assert(BN_lshift(X, l, shifts[r]));
                if (adds[r] < 0)
                    cr_assert(BN_sub_word(X, 1));
                else if (adds[r] > 0)
                    cr_assert(BN_add_word(X, 1));
            }
            cr_assert(BN_bn2lebinpad(X, in, 64) == 64);
        } else {
            for (i = 0; i < 64; i += 8) {
                uint64_t w = rnd64();
                memcpy(in + i, &w, 8);   /* any bytes: the order does not matter */
            }
            cr_assert(BN_lebin2bn(in, 64, X));
        }
        k25519_sc_reduce64(out, in);
        assert_sc(out, X, "reduce64");

        /* muladd on the halves of in and a third value; all ones for r = 1 */
        memcpy(a, in, 32);
        memcpy(b, in + 32, 32);
        for (i = 0; i < 32; i++)
            c[i] = (uint8_t)(r == 1 ? 0xff : rnd64());
        if (r == 1) {
            memset(a, 0xff, 32);
            memset(b, 0xff, 32);
        }
        cr_assert(BN_lebin2bn(a, 32, X) && BN_lebin2bn(b, 32, Y) && BN_lebin2bn(c, 32, Z));
        cr_assert(BN_mul(X, X, Y, ctx) && BN_add(X, X, Z));
        k25519_sc_muladd(out, a, b, c);
        assert_sc(out, X, "muladd");
    }
    BN_free(l);
    BN_free(X);
    BN_free(Y);
    BN_free(Z);
    BN_CTX_free(ctx);
}
