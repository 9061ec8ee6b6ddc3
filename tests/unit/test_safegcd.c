/*
 * The inversions by Bernstein-Yang divsteps (core/src/safegcd.h).
 *
 * kl_inv_safegcd_vartime, the variable-time one, and kurv_mont_inv_vartime built on it:
 *   - every curve's p and n: 10,000 random a each, a * a^-1 = 1 and a^-1 equal to
 *     Fermat's a^(m-2) (kurv_mont_pow_pubexp);
 *   - edge values: 0, 1, 2, m - 1, m - 2, (m -+ 1)/2, every 2^k, 2^k - 1 and m - 2^k,
 *     long runs of zero and one bits;
 *   - OpenSSL's BN_mod_inverse on random odd moduli of every size from 2 to 576 bits,
 *     with a gcd above 1 on purpose in some (then the result is 0 and r = 0).
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <string.h>

#include "testutil.h"
#include "curve_impl.h"
#include "mont.h"
#include "safegcd.h"

/* random values per modulus (kt_random, testutil.h: a tenth in the everyday run) */
#define NRAND ((size_t)kt_random(10000))

/* r = a^-1 mod m through safegcd, nl limbs (1..9), the count made a constant */
static int sg_inv_nl(size_t nl, uint64_t *r, const uint64_t *a, const uint64_t *m)
{
    switch (nl) {
    case 1: return kl_inv_safegcd_vartime(1, r, a, m);
    case 2: return kl_inv_safegcd_vartime(2, r, a, m);
    case 3: return kl_inv_safegcd_vartime(3, r, a, m);
    case 4: return kl_inv_safegcd_vartime(4, r, a, m);
    case 5: return kl_inv_safegcd_vartime(5, r, a, m);
    case 6: return kl_inv_safegcd_vartime(6, r, a, m);
    case 7: return kl_inv_safegcd_vartime(7, r, a, m);
    case 8: return kl_inv_safegcd_vartime(8, r, a, m);
    default: return kl_inv_safegcd_vartime(9, r, a, m);
    }
}

static int sg_inv(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    return sg_inv_nl(ctx->nl, r, a, ctx->m);
}

static int is_zero(const uint64_t *a, size_t nl)
{
    size_t i;
    for (i = 0; i < nl; i++)
        if (a[i])
            return 0;
    return 1;
}

/* r = a^(m-2) = a^-1 (Montgomery domain), the exponent's bytes public */
static void fermat_inv(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    uint64_t e[KURV_MAXL], two[KURV_MAXL] = {2};
    uint8_t eb[8 * KURV_MAXL];
    kl_sub(ctx->nl, e, ctx->m, two);
    kl_to_be(ctx->nl, eb, 8 * ctx->nl, e);
    kurv_mont_pow_pubexp(ctx, r, a, eb, 8 * ctx->nl);
}

/* a < m as plain limbs */
static int lt_m(const kurv_mont *ctx, const uint64_t *a)
{
    return kurv_mont_lt(ctx, a, ctx->m) & 1;
}

/*
 * Check one nonzero a < m (plain limbs): safegcd succeeds, a * r = 1 mod m, r equals
 * Fermat's inverse, and kurv_mont_inv_vartime agrees in the Montgomery domain; also
 * with r aliasing a. what names the modulus for messages.
 */
static void check_one(const kurv_mont *ctx, const uint64_t *a, const char *what, size_t idx)
{
    uint64_t r[KURV_MAXL] = {0}, am[KURV_MAXL], rm[KURV_MAXL], prod[KURV_MAXL];
    uint64_t fm[KURV_MAXL], f[KURV_MAXL], vm[KURV_MAXL], al[KURV_MAXL];
    size_t nl = ctx->nl;

    cr_assert(lt_m(ctx, a), "%s: test value %zu not below m", what, idx);
    cr_assert_eq(sg_inv(ctx, r, a), 1, "%s: value %zu reported not invertible", what, idx);
    cr_assert(lt_m(ctx, r), "%s: value %zu: inverse not reduced", what, idx);
    /* a * r = 1: (aR)(rR)/R = R */
    kurv_mont_to(ctx, am, a);
    kurv_mont_to(ctx, rm, r);
    kurv_mont_mul(ctx, prod, am, rm);
    cr_assert_eq(memcmp(prod, ctx->one, nl * 8), 0, "%s: value %zu: a * a^-1 != 1", what, idx);
    /* Fermat: a^(m-2), an independent algorithm */
    fermat_inv(ctx, fm, am);
    kurv_mont_from(ctx, f, fm);
    cr_assert_eq(memcmp(f, r, nl * 8), 0, "%s: value %zu: differs from a^(m-2)", what, idx);
    /* the Montgomery-domain entry point used by ECDSA verification */
    kurv_mont_inv_vartime(ctx, vm, am);
    cr_assert_eq(memcmp(vm, fm, nl * 8), 0, "%s: value %zu: kurv_mont_inv_vartime", what, idx);
    /* r may alias a */
    memcpy(al, a, nl * 8);
    cr_assert_eq(sg_inv(ctx, al, al), 1);
    cr_assert_eq(memcmp(al, r, nl * 8), 0, "%s: value %zu: aliased result", what, idx);
}

static void mod_init(kurv_mont *ctx, const uint8_t *be, size_t len)
{
    cr_assert_eq(kurv_mont_init(ctx, be, len), 0);
}

/* a random value in [1, m) by rejection (the top bits masked to m's length) */
static void rand_below(const kurv_mont *ctx, uint64_t *a)
{
    size_t nl = ctx->nl, topbits = ctx->bits - 64 * (nl - 1);
    uint64_t mask = topbits == 64 ? ~0ULL : (1ULL << topbits) - 1;
    do {
        cr_assert_eq(kurv_random((uint8_t *)a, nl * 8), KURV_OK);
        a[nl - 1] &= mask;
    } while (!lt_m(ctx, a) || is_zero(a, nl));
}

/* Modulus j of the curve list: p of curve j/2 for even j, n for odd j; its name in what. */
static void curve_modulus(kurv_mont *ctx, char *what, size_t what_len, size_t j)
{
    const kurv_curve *c = kt_curves[j / 2];
    snprintf(what, what_len, "%s %s", kurv_curve_name(c), (j & 1) ? "n" : "p");
    if (j & 1)
        mod_init(ctx, c->n, c->slen);
    else
        mod_init(ctx, c->p, c->flen);
}

Test(safegcd, curve_moduli_random)
{
    size_t j, checked = 0;
    for (j = 0; j < 2 * kt_ncurves; j++) {
        kurv_mont ctx;
        char what[64];
        size_t it;
        curve_modulus(&ctx, what, sizeof what, j);
        for (it = 0; it < NRAND; it++) {
            uint64_t a[KURV_MAXL] = {0};
            rand_below(&ctx, a);
            check_one(&ctx, a, what, it);
            checked++;
        }
    }
    cr_assert_eq(checked, 2 * NRAND * kt_ncurves);
    cr_log_info("safegcd: %zu random values on %zu curves' p and n", checked, kt_ncurves);
}

/* a = sum of bits [lo, hi) set (a run of ones), plain limbs */
static void set_run(uint64_t *a, size_t nl, unsigned lo, unsigned hi)
{
    unsigned b;
    memset(a, 0, nl * 8);
    for (b = lo; b < hi; b++)
        a[b / 64] |= 1ULL << (b % 64);
}

Test(safegcd, curve_moduli_edges)
{
    size_t j, checked = 0, zeros = 0, least = 0;
    for (j = 0; j < 2 * kt_ncurves; j++) {
        {
            kurv_mont ctx;
            char what[64];
            uint64_t a[KURV_MAXL], r[KURV_MAXL], one[KURV_MAXL] = {1}, t[KURV_MAXL];
            size_t nl, idx = 0;
            unsigned bits, k, lo;
            curve_modulus(&ctx, what, sizeof what, j);
            nl = ctx.nl;
            bits = ctx.bits;
            least += 6 + 3 * (bits - 1) + 6;

            /* a = 0: no inverse, r = 0 (r filled with garbage first) */
            memset(a, 0, sizeof a);
            memset(r, 0xA5, sizeof r);
            cr_assert_eq(sg_inv(&ctx, r, a), 0, "%s: 0 reported invertible", what);
            cr_assert(is_zero(r, nl), "%s: 0^-1 not 0", what);
            kurv_mont_inv_vartime(&ctx, r, a);
            cr_assert(is_zero(r, nl), "%s: kurv_mont_inv_vartime(0) not 0", what);
            zeros++;

            /* 1, 2, m - 1, m - 2, (m - 1)/2, (m + 1)/2 */
            memset(a, 0, sizeof a);
            a[0] = 1;
            check_one(&ctx, a, what, idx++);
            a[0] = 2;
            check_one(&ctx, a, what, idx++);
            kl_sub(nl, a, ctx.m, one);
            check_one(&ctx, a, what, idx++);
            kl_sub(nl, a, a, one);
            check_one(&ctx, a, what, idx++);
            memcpy(t, ctx.m, sizeof t);
            for (k = 0; k < nl; k++)                      /* (m - 1)/2 = m >> 1 */
                a[k] = (t[k] >> 1) | (k + 1 < nl ? t[k + 1] << 63 : 0);
            check_one(&ctx, a, what, idx++);
            kl_add(nl, a, a, one);                        /* (m + 1)/2 = 1/2 mod m */
            check_one(&ctx, a, what, idx++);
            checked += 6;

            /* powers of two, runs of ones from bit 0, m - 2^k */
            for (k = 0; k + 1 < bits; k++) {
                set_run(a, nl, k, k + 1);
                check_one(&ctx, a, what, idx++);
                set_run(a, nl, 0, k + 1);                 /* 2^(k+1) - 1 < m */
                check_one(&ctx, a, what, idx++);
                set_run(t, nl, k, k + 1);
                kl_sub(nl, a, ctx.m, t);
                check_one(&ctx, a, what, idx++);
                checked += 3;
            }
            /* long runs of ones inside zeros (and of zeros inside ones: m - 1 - run) */
            for (lo = 1; lo + 1 < bits; lo += 37) {
                unsigned len;
                for (len = 1; lo + len < bits; len = len * 3 + 1) {
                    set_run(a, nl, lo, lo + len);
                    check_one(&ctx, a, what, idx++);
                    set_run(t, nl, lo, lo + len);
                    kl_sub(nl, a, ctx.m, one);
                    kl_sub(nl, a, a, t);
                    if (!is_zero(a, nl) && lt_m(&ctx, a)) {
                        check_one(&ctx, a, what, idx++);
                        checked++;
                    }
                    checked++;
                }
            }
            /* alternating and blocky patterns, masked below m's top bit */
            {
                static const uint64_t pats[] = {0x5555555555555555ULL, 0xAAAAAAAAAAAAAAAAULL,
                                                0xFFFFFFFF00000000ULL, 0x00000000FFFFFFFFULL,
                                                0xFF00FF00FF00FF00ULL, 0x8000000000000001ULL};
                size_t pi;
                for (pi = 0; pi < sizeof pats / sizeof pats[0]; pi++) {
                    for (k = 0; k < nl; k++)
                        a[k] = pats[pi];
                    set_run(t, nl, 0, bits - 1);          /* keep below 2^(bits-1) < m */
                    for (k = 0; k < nl; k++)
                        a[k] &= t[k];
                    check_one(&ctx, a, what, idx++);
                    checked++;
                }
            }
        }
    }
    cr_assert_eq(zeros, 2 * kt_ncurves);
    cr_assert_geq(checked, least);
    cr_assert_gt(kt_ncurves, 0);
    cr_log_info("safegcd: %zu edge values", checked);
}

/* little-endian limbs of a BIGNUM below 2^(64 nl) */
static void bn_limbs(uint64_t *r, size_t nl, const BIGNUM *b)
{
    uint8_t buf[8 * KURV_MAXL];
    size_t i, j;
    cr_assert_eq(BN_bn2lebinpad(b, buf, (int)(8 * nl)), (int)(8 * nl));
    for (i = 0; i < nl; i++) {
        r[i] = 0;
        for (j = 0; j < 8; j++)
            r[i] |= (uint64_t)buf[8 * i + j] << (8 * j);
    }
}

Test(safegcd, openssl_random_moduli)
{
    BN_CTX *bctx = BN_CTX_new();
    BIGNUM *m = BN_new(), *a = BN_new(), *w = BN_new(), *f = BN_new();
    size_t checked = 0, noinv = 0;
    int bits, it;

    cr_assert(bctx && m && a && w && f);
    for (bits = 2; bits <= 576; bits++) {
        for (it = 0; it < 24; it++) {
            kurv_mont ctx;
            uint64_t ml[KURV_MAXL] = {0}, al[KURV_MAXL] = {0}, rl[KURV_MAXL], wl[KURV_MAXL];
            uint8_t mb[8 * KURV_MAXL];
            size_t nl = (size_t)(bits + 63) / 64;
            int ok;
            BIGNUM *res;

            cr_assert(BN_rand(m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD));
            if (it % 4 == 3 && bits >= 8) {
                /* a common factor on purpose: m and a both multiples of 3 */
                BN_ULONG rem = BN_mod_word(m, 3);
                cr_assert(BN_sub_word(m, rem));          /* m = 3 j; keep it odd: */
                if (!BN_is_odd(m))
                    cr_assert(BN_sub_word(m, 3));
                cr_assert(BN_rand_range(a, m));
                rem = BN_mod_word(a, 3);
                cr_assert(BN_sub_word(a, rem));
            } else {
                cr_assert(BN_rand_range(a, m));
            }
            if (BN_is_zero(a) || BN_num_bits(m) < 2)
                continue;
            bn_limbs(ml, nl, m);
            bn_limbs(al, nl, a);
            memset(rl, 0x5A, sizeof rl);
            ok = sg_inv_nl(nl, rl, al, ml);
            res = BN_mod_inverse(w, a, m, bctx);
            if (!res) {
                ERR_clear_error();
                cr_assert(BN_gcd(f, a, m, bctx));
                cr_assert(!BN_is_one(f));
                cr_assert_eq(ok, 0, "%d bits: not coprime, yet reported invertible", bits);
                cr_assert(is_zero(rl, nl), "%d bits: r not zeroed", bits);
                noinv++;
            } else {
                cr_assert_eq(ok, 1, "%d bits: invertible, reported not", bits);
                bn_limbs(wl, nl, w);
                cr_assert_eq(memcmp(rl, wl, nl * 8), 0, "%d bits: differs from BN_mod_inverse",
                             bits);
                /* the Montgomery-domain entry point on the same modulus */
                cr_assert_eq(BN_bn2binpad(m, mb, (int)(8 * nl)), (int)(8 * nl));
                mod_init(&ctx, mb, 8 * nl);
                cr_assert_eq(ctx.nl, nl);
                {
                    uint64_t am[KURV_MAXL], vm[KURV_MAXL], v[KURV_MAXL];
                    kurv_mont_to(&ctx, am, al);
                    kurv_mont_inv_vartime(&ctx, vm, am);
                    kurv_mont_from(&ctx, v, vm);
                    cr_assert_eq(memcmp(v, wl, nl * 8), 0, "%d bits: kurv_mont_inv_vartime", bits);
                }
            }
            checked++;
        }
    }
    cr_assert_gt(checked, 575 * 20);
    cr_assert_gt(noinv, 500);
    cr_log_info("safegcd: %zu random moduli against BN_mod_inverse, %zu not invertible",
                checked, noinv);
    BN_free(m);
    BN_free(a);
    BN_free(w);
    BN_free(f);
    BN_CTX_free(bctx);
}

/*
 * The constant-time inversion kl_inv_safegcd_ct (safegcd.h) and kurv_mont_inv built on
 * it (the scalar inverse mod n for signing and kurv_scalar_inv; the template's fe_inv
 * does the same on the plain value of a field element):
 *   - every curve's p and n: NCT random a each against BN_mod_inverse (in the
 *     Montgomery domain through kurv_mont_inv for one value in 8);
 *   - edge values: 0 (maps to 0), 1, 2, m - 1, m - 2, (m -+ 1)/2, every 2^k, 2^k - 1,
 *     m - 2^k and m - 2^k - 1;
 *   - random odd moduli of every size from 2 to 576 bits (a coprime to m);
 *   - the batch count: the documented table, and a P-256 input that needs 567 divsteps,
 *     wrong with 9 batches (558 divsteps), right with 10.
 */
#define NCT ((size_t)kt_random(80000))

static void ct_inv_batches(size_t nl, uint64_t *r, const uint64_t *a, const uint64_t *m,
                           unsigned batches)
{
    switch (nl) {
    case 1: kl_inv_safegcd_ct_batches(1, r, a, m, batches); break;
    case 2: kl_inv_safegcd_ct_batches(2, r, a, m, batches); break;
    case 3: kl_inv_safegcd_ct_batches(3, r, a, m, batches); break;
    case 4: kl_inv_safegcd_ct_batches(4, r, a, m, batches); break;
    case 5: kl_inv_safegcd_ct_batches(5, r, a, m, batches); break;
    case 6: kl_inv_safegcd_ct_batches(6, r, a, m, batches); break;
    case 7: kl_inv_safegcd_ct_batches(7, r, a, m, batches); break;
    case 8: kl_inv_safegcd_ct_batches(8, r, a, m, batches); break;
    default: kl_inv_safegcd_ct_batches(9, r, a, m, batches); break;
    }
}

/* kl_inv_safegcd_ct: the batch count of its contract */
static void ct_inv(size_t nl, uint64_t *r, const uint64_t *a, const uint64_t *m)
{
    ct_inv_batches(nl, r, a, m, KL_SG_CT_BATCHES(kl_sg_bits(nl, m)));
}

/* BIGNUM of nl little-endian limbs */
static void limbs_bn(BIGNUM *b, const uint64_t *a, size_t nl)
{
    uint8_t buf[8 * KURV_MAXL];
    size_t i, j;
    for (i = 0; i < nl; i++)
        for (j = 0; j < 8; j++)
            buf[8 * i + j] = (uint8_t)(a[i] >> (8 * j));
    cr_assert(BN_lebin2bn(buf, (int)(8 * nl), b));
}

struct ct_ref {
    BN_CTX *bctx;
    BIGNUM *m, *a, *w;
};

/*
 * Check kl_inv_safegcd_ct on a (plain, < m, nonzero and coprime to m, or 0) against
 * BN_mod_inverse; with mont set also kurv_mont_inv (ctx on the same m) in the
 * Montgomery domain, and r aliasing a.
 */
static void ct_check(struct ct_ref *ref, const kurv_mont *ctx, const uint64_t *m, size_t nl,
                     const uint64_t *a, int mont, const char *what, size_t idx)
{
    uint64_t r[KURV_MAXL], want[KURV_MAXL] = {0}, al[KURV_MAXL];

    limbs_bn(ref->m, m, nl);
    limbs_bn(ref->a, a, nl);
    cr_assert_lt(BN_cmp(ref->a, ref->m), 0, "%s: test value %zu not below m", what, idx);
    if (!BN_is_zero(ref->a)) {
        cr_assert(BN_mod_inverse(ref->w, ref->a, ref->m, ref->bctx),
                  "%s: value %zu not invertible", what, idx);
        bn_limbs(want, nl, ref->w);
    }
    memset(r, 0x5A, sizeof r);
    ct_inv(nl, r, a, m);
    cr_assert_eq(memcmp(r, want, nl * 8), 0, "%s: value %zu: differs from BN_mod_inverse",
                 what, idx);
    if (mont) {
        uint64_t am[KURV_MAXL], im[KURV_MAXL], i[KURV_MAXL];
        kurv_mont_to(ctx, am, a);
        kurv_mont_inv(ctx, im, am);
        kurv_mont_from(ctx, i, im);
        cr_assert_eq(memcmp(i, want, nl * 8), 0, "%s: value %zu: kurv_mont_inv", what, idx);
        memcpy(al, a, nl * 8);
        ct_inv(nl, al, al, m);
        cr_assert_eq(memcmp(al, want, nl * 8), 0, "%s: value %zu: aliased result", what, idx);
    }
}

static void ct_ref_init(struct ct_ref *ref)
{
    ref->bctx = BN_CTX_new();
    ref->m = BN_new();
    ref->a = BN_new();
    ref->w = BN_new();
    cr_assert(ref->bctx && ref->m && ref->a && ref->w);
}

static void ct_ref_free(struct ct_ref *ref)
{
    BN_free(ref->m);
    BN_free(ref->a);
    BN_free(ref->w);
    BN_CTX_free(ref->bctx);
}

Test(safegcd_ct, curve_moduli_random)
{
    struct ct_ref ref;
    size_t j, checked = 0;

    ct_ref_init(&ref);
    for (j = 0; j < 2 * kt_ncurves; j++) {
        kurv_mont ctx;
        char what[64];
        size_t it;
        curve_modulus(&ctx, what, sizeof what, j);
        for (it = 0; it < NCT; it++) {
            uint64_t a[KURV_MAXL] = {0};
            rand_below(&ctx, a);
            ct_check(&ref, &ctx, ctx.m, ctx.nl, a, (it & 7) == 0, what, it);
            checked++;
        }
    }
    cr_assert_eq(checked, 2 * NCT * kt_ncurves);
    cr_log_info("safegcd ct: %zu random values on %zu curves' p and n against BN_mod_inverse",
                checked, kt_ncurves);
    ct_ref_free(&ref);
}

Test(safegcd_ct, curve_moduli_edges)
{
    struct ct_ref ref;
    size_t j, checked = 0;

    ct_ref_init(&ref);
    for (j = 0; j < 2 * kt_ncurves; j++) {
        kurv_mont ctx;
        char what[64];
        uint64_t a[KURV_MAXL] = {0}, t[KURV_MAXL], one[KURV_MAXL] = {1}, r[KURV_MAXL];
        size_t nl, idx = 0, k;
        unsigned bits;

        curve_modulus(&ctx, what, sizeof what, j);
        nl = ctx.nl;
        bits = ctx.bits;
        /* 0 maps to 0, also through kurv_mont_inv */
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        memset(r, 0xA5, sizeof r);
        kurv_mont_inv(&ctx, r, a);
        cr_assert(is_zero(r, nl), "%s: kurv_mont_inv(0) not 0", what);
        a[0] = 1;
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        a[0] = 2;
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        kl_sub(nl, a, ctx.m, one);                        /* m - 1 */
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        kl_sub(nl, a, a, one);                            /* m - 2 */
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        for (k = 0; k < nl; k++)                          /* (m - 1)/2 */
            a[k] = (ctx.m[k] >> 1) | (k + 1 < nl ? ctx.m[k + 1] << 63 : 0);
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        kl_add(nl, a, a, one);                            /* (m + 1)/2 */
        ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
        checked += 7;
        for (k = 0; k + 1 < bits; k++) {
            set_run(a, nl, (unsigned)k, (unsigned)k + 1); /* 2^k */
            ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
            set_run(a, nl, 0, (unsigned)k + 1);           /* 2^(k+1) - 1 */
            ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
            set_run(t, nl, (unsigned)k, (unsigned)k + 1);
            kl_sub(nl, a, ctx.m, t);                      /* m - 2^k */
            ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
            kl_sub(nl, a, a, one);                        /* m - 2^k - 1 */
            ct_check(&ref, &ctx, ctx.m, nl, a, 1, what, idx++);
            checked += 4;
        }
    }
    cr_assert_gt(checked, 2 * kt_ncurves * 4 * 255);
    cr_log_info("safegcd ct: %zu edge values", checked);
    ct_ref_free(&ref);
}

Test(safegcd_ct, openssl_random_moduli)
{
    struct ct_ref ref;
    size_t checked = 0;
    int bits, it;

    ct_ref_init(&ref);
    for (bits = 2; bits <= 576; bits++) {
        for (it = 0; it < 40; it++) {
            uint64_t ml[KURV_MAXL] = {0}, al[KURV_MAXL] = {0};
            size_t nl = (size_t)(bits + 63) / 64;
            cr_assert(BN_rand(ref.m, bits, BN_RAND_TOP_ONE, BN_RAND_BOTTOM_ODD));
            if (BN_is_one(ref.m))
                continue;
            cr_assert(BN_rand_range(ref.a, ref.m));
            if (BN_is_zero(ref.a) || !BN_mod_inverse(ref.w, ref.a, ref.m, ref.bctx)) {
                ERR_clear_error();
                continue;                   /* the contract asks for a coprime to m */
            }
            bn_limbs(ml, nl, ref.m);
            bn_limbs(al, nl, ref.a);
            ct_check(&ref, NULL, ml, nl, al, 0, "random modulus", (size_t)bits);
            checked++;
        }
    }
    cr_assert_gt(checked, 575 * 20);
    cr_log_info("safegcd ct: %zu random moduli against BN_mod_inverse", checked);
    ct_ref_free(&ref);
}

Test(safegcd_ct, batch_bound)
{
    /* P-256's p and an input found by a search for long divstep runs: 567 divsteps */
    static const uint64_t p256[4] = {0xFFFFFFFFFFFFFFFFULL, 0x00000000FFFFFFFFULL,
                                     0x0000000000000000ULL, 0xFFFFFFFF00000001ULL};
    static const uint64_t hard[4] = {0xc3e5da703eeec031ULL, 0xd2da28625a39e70dULL,
                                     0x00d1ec17e67706e4ULL, 0xf6f9f069d300f760ULL};
    struct ct_ref ref;
    uint64_t r[4], want[4];

    /* the documented counts: (49 b + 80)/17 divsteps in batches of 62 */
    cr_assert_eq(KL_SG_CT_BATCHES(256), 12);
    cr_assert_eq(KL_SG_CT_BATCHES(384), 18);
    cr_assert_eq(KL_SG_CT_BATCHES(512), 24);
    cr_assert_eq(KL_SG_CT_BATCHES(521), 25);
    cr_assert_eq(KL_SG_CT_BATCHES(576), 27);
    cr_assert_eq(kl_sg_bits(4, p256), 256);

    ct_ref_init(&ref);
    limbs_bn(ref.m, p256, 4);
    limbs_bn(ref.a, hard, 4);
    cr_assert(BN_mod_inverse(ref.w, ref.a, ref.m, ref.bctx));
    bn_limbs(want, 4, ref.w);
    ct_inv_batches(4, r, hard, p256, 10);                 /* 620 >= 567 divsteps */
    cr_assert_eq(memcmp(r, want, sizeof r), 0, "10 batches: not the inverse");
    ct_inv_batches(4, r, hard, p256, 9);                  /* 558 < 567: g is not 0 yet */
    cr_assert_neq(memcmp(r, want, sizeof r), 0, "9 batches gave the inverse");
    ct_inv(4, r, hard, p256);                             /* the real count: 12 */
    cr_assert_eq(memcmp(r, want, sizeof r), 0);
    ct_ref_free(&ref);
}
