/* kurv-bench --point: the point API (bench_point.c). */
#ifndef KURV_BENCH_POINT_H
#define KURV_BENCH_POINT_H

/* Time the point operations of every linked curve (or only @only) and of P-256 rebuilt
 * with kurv_curve_new(); print a table (or CSV). Return the exit status. */
int kurv_bench_point(const char *only, double seconds, int csv);

#endif
