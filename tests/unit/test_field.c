/*
 * The generic Montgomery field (core/src/fe_mont_tmpl.h) of brainpoolP256r1,
 * brainpoolP384r1 and brainpoolP512r1, and P-256's and P-384's own field code
 * (curves/nist/p256/field.h, curves/nist/p384/field.h and p384_reduce.h), white-box (instances: field_*.c), against
 * OpenSSL's BN: fe_mul(a, b) must equal a b R^-1 mod p (BN_mod_mul, then times R^-1,
 * R = 2^(64 n)) and fe_sqr(a) must equal a^2 R^-1 mod p, on
 *   - edge values: 0, 1, 2, p - 1, p - 2, (p - 1)/2, (p + 1)/2, R mod p, R^2 mod p,
 *     R mod p + 1 and - 1, limbs alternately all-ones and 0 (both ways), one limb
 *     all-ones and the others 0, one limb 0 and the others all-ones (the limb patterns
 *     reduced mod p): every pair of them, and each of them with 2^k and
 *     p - 2^k for every k below the size of p, whose squares are checked too;
 * fe_add(a, b), fe_sub(a, b) and fe_neg(a) must equal a + b, a - b and -a mod p
 * (BN_mod_add, BN_mod_sub) on the same pairs (the x86-64 ADC/SBB/CMOV path of
 * mont_adx.h goes with the ADX product, the portable kl_modadd/kl_modsub with the C);
 *   - NRAND random pairs (a fixed-seed generator: failures repeat; one a or b in four
 *     near p: its top limbs p's, or p - 1 minus a few random low limbs) and the square of
 *     every random a, on both run-time paths: the MULX/ADCX/ADOX one (mont_adx.h:
 *     kl_montmul_adx, and kl_montsqr_adx behind fe_sqr; P-256's in its field.h; P-384's
 *     p384x_mont_mul, rows and reduction rounds in one statement, behind fe_mul, and
 *     p384x_mont_sqr behind fe_sqr) when the CPU has BMI2 and ADX, and the other
 *     (kl_montmul; for P-256 the mul4_asm.h carry chains, or its portable C with
 *     -Dasm=false; for P-384 p384_mul_wide and p384_reduce); -Dasm=false has only the
 *     latter.
 * The P-521 field (curves/nist/p521/field.h, its own code: plain values, R = 1 above;
 * fe_mul and fe_sqr on two paths, the MULX one, p521x_mul and p521x_sqr, and portable
 * C) goes through the same checks, and through the loose form it keeps: every pair of
 * edge elements in limb form (0, 1, p, p - 1, 2p, 2^521, every limb at the loose or at
 * the wide maximum, fe_sub_lazy's extremes, one limb alone at the wide maximum or 0),
 * NRAND random pairs of loose elements (every limb up to its bound) and 4096 pairs of
 * extreme ones, whose raw results must stay in that form and agree with BN mod p, a
 * product fed back as the next input every third pair. With them the doubling's
 * routines: fe_mul4, fe_mul8, fe_sub2 and fe_sub_mul8 (loose results), and the _lazy
 * ones (fe_add_lazy, fe_sub_lazy, fe_mul3_lazy, fe_mul4_sub_lazy, the last on a square
 * and a fe_mul8 result, its input shapes), whose results must be within the wide form
 * that fe_mul and fe_sqr accept; fe_is_zero and fe_eq (masks against BN's value mod p; among the
 * edges the representations 0, p, 2p, 4p of zero, on loose and wide elements, fe_eq on
 * loose ones); fe_mul, fe_sqr and fe_is_zero themselves are checked on as many pairs of
 * wide elements (every limb up to the wide bound, all-ones included). On the MULX path the
 * raw limbs of fe_mul and fe_sqr must also equal the portable C's, bit for bit.
 * P-256's and P-384's fe_half (r = a / 2 mod p, which the a = -3 doubling uses) must
 * equal a 2^-1 mod p (BN) on every edge value and on NRAND random a < p (P-256: one
 * code per build, the x86-64 ADD/RCR chain or portable C with -Dasm=false; P-384: on
 * both run-time paths, its ADD/RCR chain with the ADX product, else portable C), and the
 * generic Montgomery field's (fe_mont_tmpl.h: one C carry chain, run with either path
 * switched on) for the three Brainpool primes and for a run-time instance (field_rt.c:
 * EC_P_AT_RUN_TIME as rt_tmpl.h builds it, secp256k1's p, whose fe_mul, fe_sqr, fe_add
 * and fe_sub, the ADX any-p routines on that path, get the checks above as well).
 * P-384's fe_sub2 (r = a - b - c) and fe_mul3_lazy (r = 3a), the doubling's fused
 * steps, must equal a - b - c and 3a mod p (BN) on both run-time paths: every triple
 * of core edge values (c = b among them), every pair of an edge value and a core one
 * (as a, b = c and as b, c = a), and NRAND random triples (each operand near p one
 * time in eight, c = b one time in four).
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <string.h>
#include <stdio.h>

#include "field_inst_api.h"
#include "testutil.h"

/* the random inputs of each check: 100,000 in the everyday run, 1,000,000 under
 * `meson test --setup full` (kt_random, testutil.h) */
#define NRAND kt_random(1000000)
#define MAXL 9

static uint64_t rng_state;

static uint64_t rng(void)
{
    /* xorshift64*: test data only */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static BIGNUM *bn_of(const uint64_t *a, size_t n)
{
    uint8_t b[8 * MAXL];
    size_t i;
    for (i = 0; i < 8 * n; i++)
        b[i] = (uint8_t)(a[i / 8] >> (8 * (i % 8)));
    return BN_lebin2bn(b, (int)(8 * n), NULL);
}

static void limbs_of(uint64_t *a, size_t n, const BIGNUM *x)
{
    uint8_t b[8 * MAXL];
    size_t i;
    cr_assert(BN_bn2lebinpad(x, b, (int)(8 * n)) == (int)(8 * n));
    for (i = 0; i < n; i++)
        a[i] = 0;
    for (i = 0; i < 8 * n; i++)
        a[i / 8] |= (uint64_t)b[i] << (8 * (i % 8));
}

struct ref {
    const struct tf_field *f;
    BIGNUM *p, *rinv;
    BN_CTX *bn;
};

static void ref_init(struct ref *rf, const struct tf_field *f)
{
    BIGNUM *r = BN_new();
    rf->f = f;
    rf->bn = BN_CTX_new();
    rf->p = bn_of(f->p, f->n);
    cr_assert(r && rf->bn && rf->p);
    cr_assert(BN_set_bit(r, f->plain ? 0 : (int)(64 * f->n)));   /* R = 1 for a plain field */
    rf->rinv = BN_mod_inverse(NULL, r, rf->p, rf->bn);
    cr_assert(rf->rinv);
    BN_free(r);
}

static void ref_free(struct ref *rf)
{
    BN_free(rf->p);
    BN_free(rf->rinv);
    BN_CTX_free(rf->bn);
}

/* expected a b R^-1 mod p, as limbs */
static void ref_mont(struct ref *rf, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    BIGNUM *x = bn_of(a, rf->f->n), *y = bn_of(b, rf->f->n), *t = BN_new();
    cr_assert(x && y && t);
    cr_assert(BN_mod_mul(t, x, y, rf->p, rf->bn));
    cr_assert(BN_mod_mul(t, t, rf->rinv, rf->p, rf->bn));
    limbs_of(r, rf->f->n, t);
    BN_free(x);
    BN_free(y);
    BN_free(t);
}

/* expected a + b, a - b, -a mod p, as limbs */
static void ref_addsub(struct ref *rf, uint64_t *s, uint64_t *d, uint64_t *ng,
                       const uint64_t *a, const uint64_t *b)
{
    BIGNUM *x = bn_of(a, rf->f->n), *y = bn_of(b, rf->f->n), *t = BN_new(), *z = BN_new();
    cr_assert(x && y && t && z);
    BN_zero(z);
    cr_assert(BN_mod_add(t, x, y, rf->p, rf->bn));
    limbs_of(s, rf->f->n, t);
    cr_assert(BN_mod_sub(t, x, y, rf->p, rf->bn));
    limbs_of(d, rf->f->n, t);
    cr_assert(BN_mod_sub(t, z, x, rf->p, rf->bn));
    limbs_of(ng, rf->f->n, t);
    BN_free(x);
    BN_free(y);
    BN_free(t);
    BN_free(z);
}

static void hexs(char *s, const uint64_t *a, size_t n)
{
    size_t i;
    for (i = n; i-- > 0;)
        s += sprintf(s, "%016llx", (unsigned long long)a[i]);
}

/* fe_mul(a, b) and, if a == b, fe_sqr(a) against the expected value e */
static void check(struct ref *rf, const uint64_t *a, const uint64_t *b, const uint64_t *e,
                  const char *what)
{
    const struct tf_field *f = rf->f;
    uint64_t r[MAXL], s[MAXL];
    char ha[20 * MAXL], hb[20 * MAXL];
    int bad;
    f->mul(r, a, b);
    bad = memcmp(r, e, 8 * f->n) != 0;
    if (!bad && memcmp(a, b, 8 * f->n) == 0) {
        f->sqr(s, a);
        bad = memcmp(s, e, 8 * f->n) != 0;
    }
    if (bad) {
        hexs(ha, a, f->n);
        hexs(hb, b, f->n);
        cr_assert_fail("%zu limbs, %s: fe_mul/fe_sqr(%s, %s) differs from BN", f->n, what,
                       ha, hb);
    }
}

/* fe_add(a, b), fe_sub(a, b), fe_neg(a) against BN */
static void check_addsub(struct ref *rf, const uint64_t *a, const uint64_t *b, const char *what)
{
    const struct tf_field *f = rf->f;
    uint64_t es[MAXL], ed[MAXL], en[MAXL], r[MAXL];
    char ha[20 * MAXL], hb[20 * MAXL];
    const char *op = NULL;
    ref_addsub(rf, es, ed, en, a, b);
    f->add(r, a, b);
    if (memcmp(r, es, 8 * f->n) != 0)
        op = "fe_add";
    f->sub(r, a, b);
    if (!op && memcmp(r, ed, 8 * f->n) != 0)
        op = "fe_sub";
    f->neg(r, a);
    if (!op && memcmp(r, en, 8 * f->n) != 0)
        op = "fe_neg";
    if (op) {
        hexs(ha, a, f->n);
        hexs(hb, b, f->n);
        cr_assert_fail("%zu limbs, %s: %s(%s, %s) differs from BN", f->n, what, op, ha, hb);
    }
}

/* a < p as limbs */
static int lt_p(const struct tf_field *f, const uint64_t *a)
{
    size_t i = f->n;
    while (i-- > 0)
        if (a[i] != f->p[i])
            return a[i] < f->p[i];
    return 0;
}

/* random a near p, for the carries out of the top limbs: a's top limbs are p's (how
 * many turns with k), and a < p is then made by subtracting a random value of the low
 * limbs from p, or by taking p - 1 - a for a few low limbs */
static void near_p(const struct tf_field *f, uint64_t *a, long k)
{
    size_t i, low = 1 + (size_t)(k / 8) % (f->n - 1);
    uint64_t br = 0;
    if ((k / 8) % 2 == 0) {
        for (i = low; i < f->n; i++)
            a[i] = f->p[i];
        return;   /* the caller's halving of the top limb fixes a >= p */
    }
    /* a = p - 1 - x, x the random low limbs of a (x < 2^(64 low) < p) */
    for (i = 0; i < f->n; i++) {
        uint64_t x = i < low ? a[i] : 0, d = f->p[i] - x - br - (i == 0);
        br = (f->p[i] < x) || (f->p[i] - x < br + (i == 0));
        a[i] = d;
    }
}

/* random a < p for the it-th random input: near p (near_p) when it % 8 == slot */
static void rand_lt_p(const struct tf_field *f, uint64_t *a, long it, long slot)
{
    size_t k;
    for (k = 0; k < f->n; k++)
        a[k] = rng();
    if (it % 8 == slot)
        near_p(f, a, it);
    while (!lt_p(f, a))
        a[f->n - 1] >>= 1;
}

/* a mod p for a < 2^(64 n), by BN */
static void reduce(struct ref *rf, uint64_t *a)
{
    BIGNUM *x = bn_of(a, rf->f->n);
    cr_assert(x && BN_nnmod(x, x, rf->p, rf->bn));
    limbs_of(a, rf->f->n, x);
    BN_free(x);
}

/* the edge values into v; returns their count, *ncore the count of those before 2^k */
static size_t edge_values(struct ref *rf, uint64_t (*v)[MAXL], size_t *ncore)
{
    const struct tf_field *f = rf->f;
    size_t n = f->n, c = 0, i, k, bits = (size_t)BN_num_bits(rf->p);
    BIGNUM *x = BN_new();
    cr_assert(x);
#define ADD_BN() (limbs_of(v[c++], n, x))
    BN_zero(x); ADD_BN();
    BN_one(x); ADD_BN();
    BN_set_word(x, 2); ADD_BN();
    BN_sub(x, rf->p, BN_value_one()); ADD_BN();
    BN_sub_word(x, 1); ADD_BN();
    BN_rshift1(x, rf->p); ADD_BN();
    BN_add_word(x, 1); ADD_BN();
    BN_zero(x); BN_set_bit(x, (int)(64 * n)); BN_nnmod(x, x, rf->p, rf->bn); ADD_BN();
    BN_mod_sqr(x, x, rf->p, rf->bn); ADD_BN();
    /* R mod p + 1 and R mod p - 1: near 2^384 - p for P-384 (R mod p itself above) */
    BN_zero(x); BN_set_bit(x, (int)(64 * n)); BN_nnmod(x, x, rf->p, rf->bn);
    BN_add_word(x, 1); ADD_BN();
    BN_sub_word(x, 2); ADD_BN();
    /* limbs alternately all-ones and 0, both ways (reduced mod p) */
    for (k = 0; k < 2; k++) {
        for (i = 0; i < n; i++)
            v[c][i] = (i + k) % 2 ? 0 : ~0ULL;
        reduce(rf, v[c++]);
    }
    for (k = 0; k < n; k++) {
        for (i = 0; i < n; i++)
            v[c][i] = i == k ? ~0ULL : 0;
        reduce(rf, v[c++]);
        for (i = 0; i < n; i++)
            v[c][i] = i == k ? 0 : ~0ULL;
        reduce(rf, v[c++]);
    }
    *ncore = c;
    for (k = 0; k < bits; k++) {
        BN_zero(x); BN_set_bit(x, (int)k);
        if (BN_cmp(x, rf->p) < 0)
            ADD_BN();
        BN_sub(x, rf->p, x);
        if (!BN_is_negative(x))
            ADD_BN();
    }
#undef ADD_BN
    BN_free(x);
    return c;
}

/* the ADX tests exist where core/src/mont_adx.h compiles its path in (KL_MONT_ADX) */
#if defined(__x86_64__) && defined(__GNUC__) && defined(__OPTIMIZE__) && !defined(KURV_NO_ASM)
#define TF_ADX_BUILT 1
#else
#define TF_ADX_BUILT 0
#endif

/* switch f to the path adx; 0 (and a NOTE on stderr) when the CPU lacks it (built in, but
 * no BMI2/ADX here, or KURV_X86_ADX=0: nothing to test on that path). Not cr_log_warn nor
 * a Criterion skip: Criterion 2.4 makes the whole program exit 1 after either, so the test
 * failed on an x86-64 CPU without BMI2/ADX (the run field-without-adx checks it passes) */
static int on_path(const struct tf_field *f, int adx, const char *name)
{
    if (f->path(adx) == adx)
        return 1;
    fprintf(stderr, "NOTE: %s: no BMI2/ADX path here (CPU or KURV_X86_ADX=0): the ADX path "
            "is not tested\n", name);
    f->path(1);
    return 0;
}

static void run_field(const struct tf_field *f, int adx)
{
    struct ref rf;
    static uint64_t v[2 * 64 * MAXL + 64][MAXL];
    uint64_t a[MAXL], b[MAXL], e[MAXL];
    size_t nv, ncore, i, j;
    long it;
    char name[32];

    snprintf(name, sizeof name, "%zu limbs", f->n);
    if (!on_path(f, adx, name))
        return;
    ref_init(&rf, f);
    nv = edge_values(&rf, v, &ncore);
    /* every pair with a core edge value, and the square of every edge value */
    for (i = 0; i < nv; i++)
        for (j = i; j < (i < ncore ? nv : i + 1); j++) {
            ref_mont(&rf, e, v[i], v[j]);
            check(&rf, v[i], v[j], e, "edge values");
            check(&rf, v[j], v[i], e, "edge values");
            check_addsub(&rf, v[i], v[j], "edge values");
            check_addsub(&rf, v[j], v[i], "edge values");
        }
    rng_state = 0x9E3779B97F4A7C15ULL ^ f->n ^ ((uint64_t)adx << 32);
    for (it = 0; it < NRAND; it++) {
        rand_lt_p(f, a, it, 5);
        rand_lt_p(f, b, it, 6);
        if (it % 4 == 0)
            memcpy(b, a, sizeof b);     /* a square: fe_sqr too */
        ref_mont(&rf, e, a, b);
        check(&rf, a, b, e, "random");
        check_addsub(&rf, a, b, "random");
        if (it % 4 != 0) {
            /* every random a is squared: fe_sqr (ADX: its own routine) and fe_mul(a, a) */
            ref_mont(&rf, e, a, a);
            check(&rf, a, a, e, "random square");
        }
    }
    f->path(1);
    ref_free(&rf);
}

#if TF_ADX_BUILT
Test(field, p256_adx) { run_field(&tf_p256_field, 1); }
#endif
Test(field, p256_c) { run_field(&tf_p256_field, 0); }
#if TF_ADX_BUILT
Test(field, p384_adx) { run_field(&tf_p384_field, 1); }
#endif
Test(field, p384_c) { run_field(&tf_p384_field, 0); }
#if TF_ADX_BUILT
Test(field, bp256_adx) { run_field(&tf_bp256_field, 1); }
#endif
Test(field, bp256_c) { run_field(&tf_bp256_field, 0); }
#if TF_ADX_BUILT
Test(field, bp384_adx) { run_field(&tf_bp384_field, 1); }
#endif
Test(field, bp384_c) { run_field(&tf_bp384_field, 0); }
#if TF_ADX_BUILT
Test(field, bp512_adx) { run_field(&tf_bp512_field, 1); }
#endif
Test(field, bp512_c) { run_field(&tf_bp512_field, 0); }

#if TF_ADX_BUILT
Test(field, rt4_adx) { run_field(&tf_rt4_field, 1); }
#endif
Test(field, rt4_c) { run_field(&tf_rt4_field, 0); }
/* the run-time add/sub at 6 and 8 limbs (kl_modaddsub_x86_any); their portable path is
 * bp384_c's and bp512_c's code */
#if TF_ADX_BUILT
Test(field, rt6_adx) { run_field(&tf_rt6_field, 1); }
Test(field, rt8_adx) { run_field(&tf_rt8_field, 1); }
#endif

Test(field, p521) { run_field(&tf_p521_field, 0); }

/* set while the MULX path is under test: fe_mul's and fe_sqr's raw limbs must then also
 * equal the portable C's, bit for bit (field.h: the same columns and carry pass) */
static int p521_vs_c;

/* P-521's loose form (the field's own limbs, field_p521.c): each raw result must be in
 * that form (a _lazy result: in the wide form) and its value equal the BN value mod
 * p. wide: a and b are wide elements, and only fe_mul and fe_sqr (which accept them)
 * run. */
static void p521_check_raw(struct ref *rf, const uint64_t *a, const uint64_t *b,
                           uint64_t *out, int wide)
{
    static const char *const name[] = {"fe_mul", "fe_sqr", "fe_add", "fe_sub", "fe_neg",
                                       "fe_mul4", "fe_mul8", "fe_add_lazy",
                                       "fe_sub_lazy", "fe_mul3_lazy", "fe_mul4_sub_lazy",
                                       "fe_sub2", "fe_sub_mul8"};
    uint64_t va[9], vb[9], vr[9], r[9];
    BIGNUM *x, *y, *t = BN_new(), *got;
    char ha[20 * MAXL], hb[20 * MAXL];
    int op;
    tf_p521_value(va, a);
    tf_p521_value(vb, b);
    x = bn_of(va, 9);
    y = bn_of(vb, 9);
    cr_assert(x && y && t);
    for (op = TF_MUL; op <= TF_IS_ZERO; op++) {
        int in_form;
        if (wide && op > TF_SQR && op != TF_IS_ZERO)
            continue;
        tf_p521_raw(op, r, a, b);
        if (op == TF_IS_ZERO) {
            /* fe_is_zero, fe_eq: masks, against the values mod p */
            uint64_t want[4];
            cr_assert(BN_nnmod(t, x, rf->p, rf->bn));
            want[0] = BN_is_zero(t) ? ~0ULL : 0;
            cr_assert(BN_mod_sub(t, x, y, rf->p, rf->bn));
            want[1] = BN_is_zero(t) ? ~0ULL : 0;
            want[2] = want[3] = ~0ULL;
            if (wide)
                want[1] = r[1];     /* fe_eq takes loose elements only */
            if (memcmp(r, want, sizeof want) != 0) {
                hexs(ha, a, 9);
                hexs(hb, b, 9);
                cr_assert_fail("P-521 %s limbs fe_is_zero/fe_eq(%s, %s): masks %llx %llx %llx "
                               "%llx", wide ? "wide" : "loose", ha, hb,
                               (unsigned long long)r[0], (unsigned long long)r[1],
                               (unsigned long long)r[2], (unsigned long long)r[3]);
            }
            continue;
        }
        switch (op) {
        case TF_MUL: cr_assert(BN_mod_mul(t, x, y, rf->p, rf->bn)); break;
        case TF_SQR: cr_assert(BN_mod_sqr(t, x, rf->p, rf->bn)); break;
        case TF_ADD: case TF_ADD_LAZY: cr_assert(BN_mod_add(t, x, y, rf->p, rf->bn)); break;
        case TF_SUB: case TF_SUB_LAZY: cr_assert(BN_mod_sub(t, x, y, rf->p, rf->bn)); break;
        case TF_MUL4: cr_assert(BN_mod_lshift(t, x, 2, rf->p, rf->bn)); break;
        case TF_MUL8: cr_assert(BN_mod_lshift(t, x, 3, rf->p, rf->bn)); break;
        case TF_MUL3_LAZY:
            cr_assert(BN_mod_lshift1(t, x, rf->p, rf->bn) && BN_mod_add(t, t, x, rf->p, rf->bn));
            break;
        case TF_MUL4_SUB_LAZY: {
            BIGNUM *u = BN_new();
            cr_assert(u && BN_mod_sqr(t, x, rf->p, rf->bn));
            cr_assert(BN_mod_lshift(t, t, 2, rf->p, rf->bn));
            cr_assert(BN_mod_lshift(u, y, 3, rf->p, rf->bn) && BN_mod_sub(t, t, u, rf->p, rf->bn));
            BN_free(u);
            break;
        }
        case TF_SUB2: cr_assert(BN_mod_sub(t, rf->p, y, rf->p, rf->bn)); break;
        case TF_SUB_MUL8: {
            BIGNUM *u = BN_new();
            cr_assert(u && BN_mod_lshift(u, y, 3, rf->p, rf->bn));
            cr_assert(BN_mod_sub(t, x, u, rf->p, rf->bn));
            BN_free(u);
            break;
        }
        default: cr_assert(BN_mod_sub(t, rf->p, x, rf->p, rf->bn)); break;
        }
        tf_p521_value(vr, r);
        got = bn_of(vr, 9);
        cr_assert(got && BN_nnmod(got, got, rf->p, rf->bn));
        in_form = op >= TF_ADD_LAZY && op <= TF_MUL4_SUB_LAZY ? tf_p521_in_wide(r)
                                                               : tf_p521_in_form(r);
        if (p521_vs_c && op <= TF_SQR) {
            uint64_t rc[9];
            tf_p521_field.path(0);
            tf_p521_raw(op, rc, a, b);
            tf_p521_field.path(1);
            if (memcmp(r, rc, sizeof r) != 0) {
                hexs(ha, a, 9);
                hexs(hb, b, 9);
                cr_assert_fail("P-521 %s limbs %s(%s, %s): MULX limbs differ from the C path's",
                               wide ? "wide" : "loose", name[op], ha, hb);
            }
        }
        if (!in_form || BN_cmp(got, t) != 0) {
            hexs(ha, a, 9);
            hexs(hb, b, 9);
            cr_assert_fail("P-521 %s limbs %s(%s, %s): %s", wide ? "wide" : "loose",
                           name[op], ha, hb, in_form ? "differs from BN" : "result out of form");
        }
        BN_free(got);
        if (op == TF_MUL)
            memcpy(out, r, sizeof r);
    }
    BN_free(x);
    BN_free(y);
    BN_free(t);
}

/* P-521 elements at the edges of the limb forms: 0, 1, p, p - 1, 2p and 2^521 (= 1; limb
 * 8 at 2^57) as limbs; every limb at the loose maximum (2^59 - 1, limb 8 2^58 - 1), at
 * the wide maximum (2^61 - 1, limb 8 2^60 - 1), at 4p's limbs (fe_sub_lazy's bias) and
 * at fe_sub_lazy's largest result (loose maximum + 4p); each limb alone at the wide
 * maximum, and each limb alone 0 with the others at it. Every pair (loose operations
 * when both are loose, else fe_mul and fe_sqr only) */
static void p521_edges(struct ref *rf, uint64_t *prev)
{
    static uint64_t e[10 + 18][9];
    const uint64_t m58 = (1ULL << 58) - 1, m57 = (1ULL << 57) - 1;
    size_t n = 0, i, j, k;
    for (k = 0; k < 9; k++) {
        int top = k == 8;
        e[0][k] = 0;
        e[1][k] = k == 0;
        e[2][k] = top ? m57 : m58;                                  /* p */
        e[3][k] = (top ? m57 : m58) - (k == 0);                     /* p - 1 */
        e[4][k] = 2 * (top ? m57 : m58);                            /* 2p */
        e[5][k] = top ? 1ULL << 57 : 0;                             /* 2^521 */
        e[6][k] = top ? m58 : 2 * m58 + 1;                          /* loose maximum */
        e[7][k] = top ? (1ULL << 60) - 1 : (1ULL << 61) - 1;        /* wide maximum */
    }
    n = 8;
    for (k = 0; k < 9; k++)
        e[n][k] = k == 8 ? (1ULL << 59) - 4 : (1ULL << 60) - 4;    /* 4p */
    n++;
    for (k = 0; k < 9; k++)
        e[n][k] = e[6][k] + e[8][k];                                /* loose max + 4p */
    n++;
    for (i = 0; i < 9; i++, n += 2)
        for (k = 0; k < 9; k++) {
            e[n][k] = k == i ? e[7][k] : 0;
            e[n + 1][k] = k == i ? 0 : e[7][k];
        }
    cr_assert(n <= sizeof e / sizeof e[0]);
    for (i = 0; i < n; i++) {
        cr_assert(tf_p521_in_wide(e[i]));
        for (j = 0; j < n; j++)
            p521_check_raw(rf, e[i], e[j], prev,
                           !(tf_p521_in_form(e[i]) && tf_p521_in_form(e[j])));
    }
}

static void run_p521_loose(int adx)
{
    struct ref rf;
    uint64_t a[9], b[9], ra[9], rb[9], prev[9];
    size_t i, j, k;
    long it;

    if (tf_p521_field.path(adx) != adx) {
        fprintf(stderr, "NOTE: P-521: no BMI2/ADX path here (CPU or KURV_X86_ADX=0): the ADX "
                "path is not tested\n");
        tf_p521_field.path(1);
        return;
    }
    ref_init(&rf, &tf_p521_field);
    p521_vs_c = adx;
    p521_edges(&rf, prev);
    /* extremes: each limb of each operand 0, 1, all-ones (the largest loose limb), or
     * its bound's top bit alone, by a pattern per pair */
    for (i = 0; i < 64; i++)
        for (j = 0; j < 64; j++) {
            for (k = 0; k < 9; k++) {
                static const uint64_t w[] = {0, 1, ~0ULL, 0x0400000000000000ULL};
                ra[k] = w[((i >> (k % 3)) + k) & 3] | (i & 32 ? ~0ULL : 0);
                rb[k] = w[((j >> (k % 3)) + 2 * k) & 3] | (j & 32 ? ~0ULL : 0);
            }
            tf_p521_make(a, ra);
            tf_p521_make(b, rb);
            p521_check_raw(&rf, a, b, prev, 0);
            tf_p521_make_wide(a, ra);
            tf_p521_make_wide(b, rb);
            p521_check_raw(&rf, a, b, prev, 1);
        }
    rng_state = 0x2545F4914F6CDD1DULL ^ ((uint64_t)adx << 32);
    for (it = 0; it < NRAND; it++) {
        for (k = 0; k < 9; k++) {
            ra[k] = rng();
            rb[k] = rng();
        }
        tf_p521_make(a, ra);
        tf_p521_make(b, rb);
        if (it % 3 == 1)
            memcpy(a, prev, sizeof a);  /* the previous product, as the field keeps it */
        p521_check_raw(&rf, a, b, prev, 0);
        tf_p521_make_wide(a, ra);
        tf_p521_make_wide(b, rb);
        p521_check_raw(&rf, a, b, prev, 1);
    }
    p521_vs_c = 0;
    tf_p521_field.path(1);
    ref_free(&rf);
}

#if TF_ADX_BUILT
Test(field, p521_adx) { run_field(&tf_p521_field, 1); }
Test(field, p521_loose_adx) { run_p521_loose(1); }
#endif
Test(field, p521_loose) { run_p521_loose(0); }

/* fe_half against BN: a 2^-1 mod p, the edge values then NRAND random a < p, on the
 * path adx (a field with one code for it, P-256: adx = 0 only) */
static void run_half(const struct tf_field *f, void (*half)(uint64_t *, const uint64_t *),
                     int adx, const char *name)
{
    struct ref rf;
    static uint64_t v[2 * 64 * MAXL + 64][MAXL];
    uint64_t a[MAXL], r[MAXL], e[MAXL];
    char ha[20 * MAXL];
    size_t nv, ncore, k;
    BIGNUM *two, *hf, *x, *t;
    long it;

    if (!on_path(f, adx, name))
        return;   /* before any allocation: nothing to free (LeakSanitizer, build-san) */
    two = BN_new();
    t = BN_new();
    ref_init(&rf, f);
    cr_assert(two && t && BN_set_word(two, 2));
    hf = BN_mod_inverse(NULL, two, rf.p, rf.bn);
    cr_assert(hf);
    nv = edge_values(&rf, v, &ncore);
    rng_state = 0xD1B54A32D192ED03ULL ^ f->n ^ ((uint64_t)adx << 32);
    for (it = -(long)nv; it < NRAND; it++) {
        if (it < 0) {
            memcpy(a, v[nv + (size_t)it], sizeof a);
        } else {
            for (k = 0; k < f->n; k++)
                a[k] = rng();
            while (!lt_p(f, a))
                a[f->n - 1] >>= 1;
        }
        x = bn_of(a, f->n);
        cr_assert(x && BN_mod_mul(t, x, hf, rf.p, rf.bn));
        limbs_of(e, f->n, t);
        BN_free(x);
        half(r, a);
        if (memcmp(r, e, 8 * f->n) != 0) {
            hexs(ha, a, f->n);
            cr_assert_fail("%s fe_half(%s) differs from BN", name, ha);
        }
    }
    (void)ncore;
    f->path(1);
    BN_free(two);
    BN_free(hf);
    BN_free(t);
    ref_free(&rf);
}

Test(field, p256_half) { run_half(&tf_p256_field, tf_p256_half, 0, "P-256"); }
#if TF_ADX_BUILT
Test(field, p384_half_adx) { run_half(&tf_p384_field, tf_p384_half, 1, "P-384"); }
#endif
Test(field, p384_half_c) { run_half(&tf_p384_field, tf_p384_half, 0, "P-384"); }
/* the generic Montgomery field's (one C code, run on both paths' switch settings) */
#if TF_ADX_BUILT
Test(field, bp256_half_adx) { run_half(&tf_bp256_field, tf_bp256_half, 1, "brainpoolP256r1"); }
Test(field, bp384_half_adx) { run_half(&tf_bp384_field, tf_bp384_half, 1, "brainpoolP384r1"); }
Test(field, bp512_half_adx) { run_half(&tf_bp512_field, tf_bp512_half, 1, "brainpoolP512r1"); }
Test(field, rt4_half_adx) { run_half(&tf_rt4_field, tf_rt4_half, 1, "run-time secp256k1 p"); }
#endif
Test(field, bp256_half_c) { run_half(&tf_bp256_field, tf_bp256_half, 0, "brainpoolP256r1"); }
Test(field, bp384_half_c) { run_half(&tf_bp384_field, tf_bp384_half, 0, "brainpoolP384r1"); }
Test(field, bp512_half_c) { run_half(&tf_bp512_field, tf_bp512_half, 0, "brainpoolP512r1"); }
Test(field, rt4_half_c) { run_half(&tf_rt4_field, tf_rt4_half, 0, "run-time secp256k1 p"); }

/* P-384's fe_sub2 and fe_mul3_lazy against BN (a - b - c, 3a mod p) on (a, b, c) */
static void check_p384_lin(struct ref *rf, const uint64_t *a, const uint64_t *b,
                           const uint64_t *c)
{
    BIGNUM *x = bn_of(a, 6), *y = bn_of(b, 6), *z = bn_of(c, 6), *t = BN_new();
    uint64_t e[MAXL], r[MAXL];
    char ha[20 * MAXL], hb[20 * MAXL], hc[20 * MAXL];
    cr_assert(x && y && z && t);
    cr_assert(BN_mod_sub(t, x, y, rf->p, rf->bn) && BN_mod_sub(t, t, z, rf->p, rf->bn));
    limbs_of(e, 6, t);
    tf_p384_sub2(r, a, b, c);
    if (memcmp(r, e, 48) != 0) {
        hexs(ha, a, 6);
        hexs(hb, b, 6);
        hexs(hc, c, 6);
        cr_assert_fail("P-384 fe_sub2(%s, %s, %s) differs from BN", ha, hb, hc);
    }
    cr_assert(BN_mod_add(t, x, x, rf->p, rf->bn) && BN_mod_add(t, t, x, rf->p, rf->bn));
    limbs_of(e, 6, t);
    tf_p384_mul3(r, a);
    if (memcmp(r, e, 48) != 0) {
        hexs(ha, a, 6);
        cr_assert_fail("P-384 fe_mul3_lazy(%s) differs from BN", ha);
    }
    BN_free(x);
    BN_free(y);
    BN_free(z);
    BN_free(t);
}

static void run_p384_lin(int adx)
{
    const struct tf_field *f = &tf_p384_field;
    struct ref rf;
    static uint64_t v[2 * 64 * MAXL + 64][MAXL];
    uint64_t a[MAXL], b[MAXL], c[MAXL];
    size_t nv, ncore, i, j, k;
    long it;

    if (!on_path(f, adx, "P-384 fe_sub2, fe_mul3_lazy"))
        return;
    ref_init(&rf, f);
    nv = edge_values(&rf, v, &ncore);
    for (i = 0; i < ncore; i++)
        for (j = 0; j < ncore; j++)
            for (k = 0; k < ncore; k++)
                check_p384_lin(&rf, v[i], v[j], v[k]);
    for (i = 0; i < nv; i++)
        for (j = 0; j < ncore; j++) {
            check_p384_lin(&rf, v[i], v[j], v[j]);
            check_p384_lin(&rf, v[j], v[i], v[i]);
        }
    rng_state = 0x2F1B8E3D6A7C9055ULL ^ ((uint64_t)adx << 32);
    for (it = 0; it < NRAND; it++) {
        rand_lt_p(f, a, it, 5);
        rand_lt_p(f, b, it, 6);
        rand_lt_p(f, c, it, 7);
        if (it % 4 == 0)
            memcpy(c, b, sizeof c);     /* the doubling's X3 = alpha^2 - 4 beta - 4 beta */
        check_p384_lin(&rf, a, b, c);
    }
    f->path(1);
    ref_free(&rf);
}

#if TF_ADX_BUILT
Test(field, p384_lin_adx) { run_p384_lin(1); }
#endif
Test(field, p384_lin_c) { run_p384_lin(0); }
