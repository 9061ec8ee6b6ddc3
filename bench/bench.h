/* kurv-bench: what bench.c and bench_ecies.c share. */
#ifndef KURV_BENCH_H
#define KURV_BENCH_H

/* CLOCK_MONOTONIC in seconds. */
double bench_now(void);
/* qsort comparison of doubles. */
int bench_cmp_double(const void *a, const void *b);

/* bench_ecies.c: the --ecies table (ECIES encrypt / decrypt per message length). */
int bench_ecies_run(const char *only, double seconds, int csv);

#endif
