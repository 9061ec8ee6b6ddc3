/* kurv-bench: what bench.c and bench_ecies.c share (the timing loop is timing.h's). */
#ifndef KURV_BENCH_H
#define KURV_BENCH_H

/* bench_ecies.c: the --ecies table (ECIES encrypt / decrypt per message length). */
int bench_ecies_run(const char *only, double seconds, int csv);

#endif
