/*
 * kurv-bench --point: microseconds per point operation (kurv/point.h) on every linked
 * curve, and on P-256 rebuilt from its parameters (kurv_curve_new) next to the built-in:
 *   add       Jacobian + Jacobian (complete formulas)
 *   add aff   Jacobian + affine
 *   double    Jacobian doubling
 *   mul       k*P, constant time, no table
 *   tab mul   k*P with P's precomputed table (kurv_table_mul)
 *   mul G     k*G with the base-point table
 *   mul2 vt   u1*P + u2*Q, variable time
 *   tab build building P's table
 * Timing by bench_time (timing.c): median of 5 batches, at least -t seconds per cell.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kurv_curve_list.h>   /* the built curves, from the registry in curves/meson.build */
#include "bench_point.h"
#include "timing.h"

enum { PB_ADD, PB_ADD_AFF, PB_DBL, PB_MUL, PB_TAB_MUL, PB_MUL_G, PB_MUL2, PB_TAB_BUILD, PB_N };
static const char *const pb_names[PB_N] = {"add", "add aff", "double", "mul", "tab mul",
                                           "mul G", "mul2 vt", "tab build"};

struct pb_state {
    const kurv_curve *c;
    size_t sl;
    kurv_jacobian p, q, r;
    kurv_affine a;
    uint8_t k[KURV_MAX_SCALAR_LEN], k2[KURV_MAX_SCALAR_LEN];
    void *table;
    size_t table_len;
    int op;                 /* the operation pb_op runs (PB_*) */
};

static int pb_op(void *arg)
{
    struct pb_state *s = arg;
    switch (s->op) {
    case PB_ADD: return kurv_jacobian_add(&s->r, &s->p, &s->q) != KURV_OK;
    case PB_ADD_AFF: return kurv_jacobian_add_affine(&s->r, &s->p, &s->a) != KURV_OK;
    case PB_DBL: return kurv_jacobian_double(&s->r, &s->p) != KURV_OK;
    case PB_MUL: return kurv_jacobian_mul(&s->r, s->k, s->sl, &s->p) != KURV_OK;
    case PB_TAB_MUL: return kurv_table_mul(s->c, &s->r, s->table, s->table_len, s->k, s->sl) != KURV_OK;
    case PB_MUL_G: return kurv_jacobian_mul_base(s->c, &s->r, s->k, s->sl) != KURV_OK;
    case PB_MUL2: return kurv_jacobian_mul2_vartime(&s->r, s->k, &s->p, s->k2, &s->q, s->sl) != KURV_OK;
    default: return kurv_table_build(s->c, s->table, s->table_len, &s->a) != KURV_OK;
    }
}

/* µs per call of operation op (bench_time), or -1 if a call failed */
static double pb_time(struct pb_state *s, int op, double seconds)
{
    int bad = 0;
    double us;
    s->op = op;
    us = bench_time(BENCH_WALL, pb_op, s, seconds, &bad);
    return bad ? -1 : us;
}

static int pb_curve(const kurv_curve *c, const char *label, double seconds, int csv)
{
    struct pb_state s;
    double us[PB_N];
    int op;
    memset(&s, 0, sizeof s);
    s.c = c;
    s.sl = kurv_curve_scalar_len(c);
    s.table_len = kurv_table_len(c);
    s.table = malloc(s.table_len);
    if (!s.table)
        return 1;
    if (kurv_random(s.k, s.sl) || kurv_random(s.k2, s.sl) ||
        kurv_jacobian_mul_base(c, &s.p, s.k, s.sl) || kurv_jacobian_mul_base(c, &s.q, s.k2, s.sl) ||
        kurv_jacobian_to_affine(&s.a, &s.q) || kurv_table_build(c, s.table, s.table_len, &s.a)) {
        fprintf(stderr, "kurv-bench: %s: point setup failed\n", label);
        free(s.table);
        return 1;
    }
    for (op = 0; op < PB_N; op++) {
        us[op] = pb_time(&s, op, seconds);
        if (us[op] < 0) {
            fprintf(stderr, "kurv-bench: %s: %s failed\n", label, pb_names[op]);
            free(s.table);
            return 1;
        }
    }
    if (csv) {
        printf("%s", label);
        for (op = 0; op < PB_N; op++)
            printf(",%.3f", us[op]);
        printf("\n");
    } else {
        printf("%-18s", label);
        for (op = 0; op < PB_N; op++)
            printf(" | %9.2f", us[op]);
        printf("\n");
    }
    fflush(stdout);
    free(s.table);
    return 0;
}

static int pb_match(const kurv_curve *c, const char *want)
{
    const kurv_curve *list[1] = {c};
    return !want || kurv_curve_find_name(list, 1, want) != NULL;
}

int kurv_bench_point(const char *only, double seconds, int csv)
{
#define PB_ACCESSOR(fam, acc, name, ossl, oid, wp, bc, prefix, hash) acc,
    const kurv_curve *(*const list[])(void) = { KURV_CURVE_LIST(PB_ACCESSOR) NULL };
#undef PB_ACCESSOR
    size_t i;
    int op, rc = 0, done = 0;

    if (csv) {
        printf("curve");
        for (op = 0; op < PB_N; op++)
            printf(",%s_us", pb_names[op]);
        printf("\n");
    } else {
        printf("kurv %s point API: median of 5 batches, >= %.2f s per cell; µs per operation\n%-18s",
               kurv_version(), seconds, "curve");
        for (op = 0; op < PB_N; op++)
            printf(" | %9s", pb_names[op]);
        printf("\n");
    }
    for (i = 0; list[i]; i++) {
        const kurv_curve *c = list[i]();
        if (!pb_match(c, only))
            continue;
        rc |= pb_curve(c, kurv_curve_name(c), seconds, csv);
        done++;
#ifdef KURV_HAVE_NIST
        if (list[i] == kurv_p256) {
            /* the same curve from run-time parameters: the generic engine */
            kurv_curve_params prm;
            kurv_curve *r = NULL;
            if (kurv_curve_params_of(c, &prm) != KURV_OK || kurv_curve_new(&r, &prm, NULL) != KURV_OK) {
                fprintf(stderr, "kurv-bench: kurv_curve_new(P-256) failed\n");
                return 1;
            }
            rc |= pb_curve(r, "P-256 (runtime)", seconds, csv);
            kurv_curve_free(r);
        }
#endif
    }
    if (!done) {
        fprintf(stderr, "kurv-bench: no curve matches\n");
        return 1;
    }
    return rc;
}
