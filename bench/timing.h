/*
 * kurv benchmarks: the one timing loop of kurv-bench and kurv-bench-inv (timing.c).
 *
 * A cell is timed so: a warm-up of about a tenth of the time (caches, branch predictors,
 * CPU clock; at most 1,000,000 calls), which also sizes the batches; then BENCH_BATCHES
 * batches of about seconds / BENCH_BATCHES each; the median batch gives microseconds per
 * call. Every call's result is checked: an operation returns 0 on success, and a failure
 * is reported through *bad (never timed silently).
 */
#ifndef KURV_BENCH_TIMING_H
#define KURV_BENCH_TIMING_H

#include <stddef.h>

#define BENCH_BATCHES 5
/* bench_time_set's rounds: more and shorter batches than one cell's, so that the
 * operations it compares take turns often */
#define BENCH_ROUNDS 15

/* The clock: wall time (CLOCK_MONOTONIC) or the process's CPU time
 * (CLOCK_PROCESS_CPUTIME_ID, which counts other load on the machine less). */
enum bench_clock { BENCH_WALL, BENCH_CPU };

/* *bad gets these bits ORed in when a call returns non-zero. */
#define BENCH_FAILED_WARMUP 1
#define BENCH_FAILED_TIMED  2

/* One call of a timed operation on its state @arg; 0 on success. */
typedef int (*bench_op)(void *arg);

/* The clock's time in seconds. */
double bench_now(enum bench_clock clk);
/* qsort comparison of doubles. */
int bench_cmp_double(const void *a, const void *b);
/* The median of the @n values of @v (sorted in place). */
double bench_median(double *v, size_t n);

/* Warm @op up for about @seconds / 10 and return the number of calls a batch of about
 * @seconds / BENCH_BATCHES takes (at least 1). */
unsigned long bench_calibrate(enum bench_clock clk, bench_op op, void *arg, double seconds,
                              int *bad);
/* Microseconds per call over one batch of @iters calls. */
double bench_batch(enum bench_clock clk, bench_op op, void *arg, unsigned long iters, int *bad);
/* Microseconds per call of @op: bench_calibrate, then the median of BENCH_BATCHES batches
 * (a cell of about @seconds in all). */
double bench_time(enum bench_clock clk, bench_op op, void *arg, double seconds, int *bad);
/* Microseconds per call of each of @n operations (@op[i] on @arg[i]) timed side by side,
 * for a table that compares them: each is warmed up and sized as by bench_calibrate,
 * then BENCH_ROUNDS rounds run one batch of every operation in turn (about @seconds /
 * BENCH_ROUNDS each); @us[i] gets operation i's median batch and @bad[i] its failure
 * bits. A spell of the machine running slower (another guest on the host, a clock
 * change) then falls on every operation of the set alike instead of on whichever one
 * was being timed, so their ratios move less than their times. */
void bench_time_set(enum bench_clock clk, size_t n, const bench_op *op, void *const *arg,
                    double seconds, int *bad, double *us);

#endif
