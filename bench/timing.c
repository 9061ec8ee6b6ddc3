/* kurv benchmarks: the timing loop (contract in timing.h). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <time.h>

#include "timing.h"

double bench_now(enum bench_clock clk)
{
    struct timespec ts;
    clock_gettime(clk == BENCH_CPU ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double bench_median(double *v, size_t n)
{
    qsort(v, n, sizeof v[0], bench_cmp_double);
    return v[n / 2];
}

/* bench_calibrate for batches of about @seconds / @batches */
static unsigned long calibrate(enum bench_clock clk, bench_op op, void *arg, double seconds,
                               int batches, int *bad)
{
    double t0 = bench_now(clk), t;
    unsigned long n = 0;
    int failed = 0;

    do {
        failed |= op(arg);
        n++;
        t = bench_now(clk) - t0;
    } while (t < seconds / 10 && n < 1000000);
    if (failed)
        *bad |= BENCH_FAILED_WARMUP;
    return (unsigned long)(seconds / batches / (t / (double)n)) + 1;
}

unsigned long bench_calibrate(enum bench_clock clk, bench_op op, void *arg, double seconds,
                              int *bad)
{
    return calibrate(clk, op, arg, seconds, BENCH_BATCHES, bad);
}

double bench_batch(enum bench_clock clk, bench_op op, void *arg, unsigned long iters, int *bad)
{
    double t0 = bench_now(clk), us;
    unsigned long i;
    int failed = 0;

    for (i = 0; i < iters; i++)
        failed |= op(arg);
    us = (bench_now(clk) - t0) / (double)iters * 1e6;
    if (failed)
        *bad |= BENCH_FAILED_TIMED;
    return us;
}

double bench_time(enum bench_clock clk, bench_op op, void *arg, double seconds, int *bad)
{
    double per[BENCH_BATCHES];
    unsigned long iters = bench_calibrate(clk, op, arg, seconds, bad);
    int b;

    for (b = 0; b < BENCH_BATCHES; b++)
        per[b] = bench_batch(clk, op, arg, iters, bad);
    return bench_median(per, BENCH_BATCHES);
}

void bench_time_set(enum bench_clock clk, size_t n, const bench_op *op, void *const *arg,
                    double seconds, int *bad, double *us)
{
    double per[BENCH_ROUNDS];
    unsigned long *iters = calloc(n ? n : 1, sizeof *iters);
    double *all = calloc(n ? n * BENCH_ROUNDS : 1, sizeof *all);
    size_t i;
    int b;

    if (!iters || !all)
        abort();
    for (i = 0; i < n; i++)
        iters[i] = calibrate(clk, op[i], arg[i], seconds, BENCH_ROUNDS, &bad[i]);
    for (b = 0; b < BENCH_ROUNDS; b++)
        for (i = 0; i < n; i++)
            all[i * BENCH_ROUNDS + (size_t)b] = bench_batch(clk, op[i], arg[i], iters[i], &bad[i]);
    for (i = 0; i < n; i++) {
        for (b = 0; b < BENCH_ROUNDS; b++)
            per[b] = all[i * BENCH_ROUNDS + (size_t)b];
        us[i] = bench_median(per, BENCH_ROUNDS);
    }
    free(iters);
    free(all);
}
