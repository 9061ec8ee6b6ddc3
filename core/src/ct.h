/*
 * kurv internal: declassification for the valgrind constant-time test.
 *
 * kurv_declassify() marks a value derived from secrets as public: a validity
 * flag the API returns anyway, a rejected nonce candidate (RFC 6979 3.2 step h),
 * r = 0 or s = 0. Under valgrind memcheck (tests/ctime) it tells the checker
 * that branching on it is intended; otherwise it does nothing (a few no-op
 * instructions when valgrind/memcheck.h was found at build time).
 */
#ifndef KURV_CT_H
#define KURV_CT_H

#include <stddef.h>

#if defined(KURV_HAVE_MEMCHECK)
#include <valgrind/memcheck.h>
#define kurv_declassify(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define kurv_declassify(p, n) ((void)(p), (void)(n))
#endif

#endif
