/*
 * kurv-bench-inv: microseconds per modular inversion, a micro-benchmark (not a test).
 * For each linked curve, modulo p and modulo n:
 *   safegcd     kl_inv_safegcd_vartime (core/src/safegcd.h), plain values
 *   mont vt     kurv_mont_inv_vartime (Montgomery domain in and out; what ECDSA
 *               verification calls for s^-1), built from this tree's core/src/mont.c
 *   Fermat      a^(m-2) by kurv_mont_pow_pubexp, a 4-bit window (constant time; what
 *               kurv_mont_inv and the template's default fe_inv were before issue 15)
 *   ct          kurv_mont_inv: the constant-time divsteps (kl_inv_safegcd_ct, a fixed
 *               batch count) between Montgomery domain in and out; the template's
 *               default fe_inv (P-384, Brainpool) runs the same on the plain value
 * and for secp256k1 also its field's addition chain fe_inv (curves/secp256k1/field.h,
 * what BIP-340 verification used to normalise R). Inputs cycle through 256 random
 * values (the variable-time inversions depend on them). Each cell (timing.c): the
 * median of 5 batches of at least -t seconds / 5.
 *
 * Built with core/src/mont.c of an older tree, the "mont vt" column measures that
 * tree's kurv_mont_inv_vartime (the binary extended Euclid before safegcd).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kurv_curve_list.h>   /* the built curves, from the registry in curves/meson.build */
#ifdef KURV_HAVE_SECP256K1
#include "field.h"          /* curves/secp256k1: the addition-chain fe_inv */
#endif
#include "mont.h"
#include "safegcd.h"
#include "timing.h"

#define NVAL 256

static double seconds = 0.5;

enum { OP_SAFEGCD, OP_MONT_VT, OP_FERMAT, OP_CT, OP_K1_CHAIN };

struct job {
    const kurv_mont *ctx;
    uint64_t val[NVAL][KURV_MAXL];    /* plain for safegcd, Montgomery form otherwise */
    uint64_t sink;
    int op;                           /* the inversion run_op times (OP_*) */
    size_t i;                         /* calls so far: the input is val[i % NVAL] */
};

static int run_op(void *arg)
{
    struct job *j = arg;
    uint64_t r[KURV_MAXL];
    const uint64_t *a = j->val[j->i++ % NVAL];
    switch (j->op) {
    case OP_SAFEGCD:
        switch (j->ctx->nl) {
        case 4: kl_inv_safegcd_vartime(4, r, a, j->ctx->m); break;
        case 6: kl_inv_safegcd_vartime(6, r, a, j->ctx->m); break;
        case 8: kl_inv_safegcd_vartime(8, r, a, j->ctx->m); break;
        default: kl_inv_safegcd_vartime(9, r, a, j->ctx->m); break;   /* P-521 */
        }
        break;
    case OP_MONT_VT:
        kurv_mont_inv_vartime(j->ctx, r, a);
        break;
    case OP_FERMAT: {
        uint64_t e[KURV_MAXL], two[KURV_MAXL] = {2};
        uint8_t eb[8 * KURV_MAXL];
        kl_sub(j->ctx->nl, e, j->ctx->m, two);
        kl_to_be(j->ctx->nl, eb, 8 * j->ctx->nl, e);
        kurv_mont_pow_pubexp(j->ctx, r, a, eb, 8 * j->ctx->nl);
        break;
    }
    case OP_CT:
        kurv_mont_inv(j->ctx, r, a);
        break;
#ifdef KURV_HAVE_SECP256K1
    default: {
        fe x, y;
        memcpy(x.v, a, sizeof x.v);
        fe_inv(&y, &x);
        memcpy(r, y.v, sizeof y.v);
        break;
    }
#else
    default:
        r[0] = 0;
        break;
#endif
    }
    j->sink += r[0];
    return 0;
}

/* median microseconds per call (bench_time) */
static double time_op(struct job *j, int op)
{
    int bad = 0;
    j->op = op;
    j->i = 0;
    return bench_time(BENCH_WALL, run_op, j, seconds, &bad);
}

/* fill j->val with NVAL random nonzero values below the modulus (plain if !mont) */
static void fill(struct job *j, int mont)
{
    size_t i, nl = j->ctx->nl;
    unsigned top = j->ctx->bits - 64 * (unsigned)(nl - 1);
    for (i = 0; i < NVAL; i++) {
        uint64_t *a = j->val[i];
        memset(a, 0, sizeof j->val[i]);
        do {
            if (kurv_random((uint8_t *)a, nl * 8) != KURV_OK) {
                fprintf(stderr, "kurv-bench-inv: no random bytes\n");
                exit(2);
            }
            if (top < 64)
                a[nl - 1] &= (1ULL << top) - 1;
        } while (!(kurv_mont_lt(j->ctx, a, j->ctx->m) & 1) || (kurv_mont_is_zero(j->ctx, a) & 1));
        if (mont)
            kurv_mont_to(j->ctx, a, a);
    }
}

static void row(const kurv_curve *c, char which, int k1)
{
    static struct job j;
    kurv_mont ctx;
    size_t len;
    const uint8_t *m = kurv_curve_param(c, which, &len);
    double sg, vt, fm, ct, chain = 0;
    char cbuf[32] = "-";

    if (!m || kurv_mont_init(&ctx, m, len) != 0) {
        fprintf(stderr, "kurv-bench-inv: %s: no modulus\n", kurv_curve_name(c));
        exit(2);
    }
    j.ctx = &ctx;
    fill(&j, 0);
    sg = time_op(&j, OP_SAFEGCD);
    if (k1)
        chain = time_op(&j, OP_K1_CHAIN);
    fill(&j, 1);
    vt = time_op(&j, OP_MONT_VT);
    fm = time_op(&j, OP_FERMAT);
    ct = time_op(&j, OP_CT);
    if (k1)
        snprintf(cbuf, sizeof cbuf, "%.2f", chain);
    printf("%-16s %c  %8.2f  %8.2f  %8.2f  %8.2f  %9s  %8.1fx  %8.1fx  %8.2fx\n",
           kurv_curve_name(c), which, sg, vt, fm, ct, cbuf, fm / sg, vt / sg, fm / ct);
}

int main(int argc, char **argv)
{
#define INV_CURVE(fam, acc, name, ossl, oid, wp, bc, prefix, hash) acc(),
    const kurv_curve *list[] = { KURV_CURVE_LIST(INV_CURVE) };
#undef INV_CURVE
    size_t i, n = sizeof list / sizeof list[0];
    int k;

    for (k = 1; k < argc; k++) {
        char *end;
        if (strcmp(argv[k], "-t") == 0 && k + 1 < argc) {
            seconds = strtod(argv[++k], &end);
            if (*end || !(seconds > 0 && seconds <= 3600)) {
                fprintf(stderr, "kurv-bench-inv: -t wants seconds in (0, 3600]\n");
                return 2;
            }
        } else {
            fprintf(stderr, "usage: kurv-bench-inv [-t SECONDS]\n");
            return 2;
        }
    }
    printf("us per inversion (median of %d batches); ratios: Fermat / safegcd, mont vt / safegcd,"
           " Fermat / ct\n", BENCH_BATCHES);
    printf("%-16s %-2s %9s %9s %9s %9s %10s %9s %9s %9s\n", "curve", "m", "safegcd", "mont vt",
           "Fermat", "ct", "k1 chain", "Fermat/", "mont vt/", "Fermat/");
    for (i = 0; i < n; i++) {
        int k1 = 0;
#ifdef KURV_HAVE_SECP256K1
        k1 = list[i] == kurv_secp256k1();
#endif
        row(list[i], 'p', k1);
        row(list[i], 'n', 0);
    }
    return 0;
}
