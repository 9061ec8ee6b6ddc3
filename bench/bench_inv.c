/*
 * kurv-bench-inv: microseconds per modular inversion, a micro-benchmark (not a test).
 * For each linked curve, modulo p and modulo n:
 *   safegcd     kl_inv_safegcd_vartime (core/src/safegcd.h), plain values
 *   mont vt     kurv_mont_inv_vartime (Montgomery domain in and out; what ECDSA
 *               verification calls for s^-1), built from this tree's core/src/mont.c
 *   Fermat      kurv_mont_inv, a^(m-2) with a 4-bit window (constant time; the
 *               template's default fe_inv for P-384 and the Brainpool curves is the
 *               same power with a compile-time limb count)
 * and for secp256k1 also its field's addition chain fe_inv (curves/secp256k1/field.h,
 * what BIP-340 verification used to normalise R). Inputs cycle through 256 random
 * values (the variable-time inversions depend on them). Each cell: the median of 5
 * batches of at least -t seconds / 5.
 *
 * Built with core/src/mont.c of an older tree, the "mont vt" column measures that
 * tree's kurv_mont_inv_vartime (the binary extended Euclid before safegcd).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <kurv/kurv.h>
#ifdef KURV_HAVE_SECP256K1
#include <kurv/secp256k1.h>
#include "field.h"          /* curves/secp256k1: the addition-chain fe_inv */
#endif
#ifdef KURV_HAVE_NIST
#include <kurv/nist.h>
#endif
#ifdef KURV_HAVE_BRAINPOOL
#include <kurv/brainpool.h>
#endif
#include "mont.h"
#include "safegcd.h"

#define NVAL 256
#define BATCHES 5

static double seconds = 0.5;

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

enum { OP_SAFEGCD, OP_MONT_VT, OP_FERMAT, OP_K1_CHAIN };

struct job {
    const kurv_mont *ctx;
    uint64_t val[NVAL][KURV_MAXL];    /* plain for safegcd, Montgomery form otherwise */
    uint64_t sink;
};

static void run_op(struct job *j, int op, size_t i)
{
    uint64_t r[KURV_MAXL];
    const uint64_t *a = j->val[i % NVAL];
    switch (op) {
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
    case OP_FERMAT:
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
}

/* median microseconds per call over BATCHES batches */
static double time_op(struct job *j, int op)
{
    double per[BATCHES], t, t0;
    size_t n = 0, iters, i;
    int b;

    t0 = now();
    do {                              /* warm up and calibrate */
        run_op(j, op, n++);
        t = now() - t0;
    } while (t < seconds / 20);
    iters = (size_t)(seconds / BATCHES / (t / (double)n)) + 1;
    for (b = 0; b < BATCHES; b++) {
        t0 = now();
        for (i = 0; i < iters; i++)
            run_op(j, op, i);
        per[b] = (now() - t0) / (double)iters * 1e6;
    }
    qsort(per, BATCHES, sizeof per[0], cmp_double);
    return per[BATCHES / 2];
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
    double sg, vt, fm, chain = 0;
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
    if (k1)
        snprintf(cbuf, sizeof cbuf, "%.2f", chain);
    printf("%-16s %c  %8.2f  %8.2f  %8.2f  %9s  %8.1fx  %8.1fx\n", kurv_curve_name(c), which,
           sg, vt, fm, cbuf, fm / sg, vt / sg);
}

int main(int argc, char **argv)
{
    const kurv_curve *list[] = {
#ifdef KURV_HAVE_SECP256K1
        kurv_secp256k1(),
#endif
#ifdef KURV_HAVE_NIST
        kurv_p256(), kurv_p384(), kurv_p521(),
#endif
#ifdef KURV_HAVE_BRAINPOOL
        kurv_brainpoolp256r1(), kurv_brainpoolp384r1(), kurv_brainpoolp512r1(),
#endif
    };
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
    printf("us per inversion (median of %d batches); ratios: Fermat / safegcd, mont vt / safegcd\n",
           BATCHES);
    printf("%-16s %-2s %9s %9s %9s %10s %9s %9s\n", "curve", "m", "safegcd", "mont vt", "Fermat",
           "k1 chain", "Fermat/", "mont vt/");
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
