/*
 * kurv ctime tests: what the single-family programs (ctime_schnorr.c, ctime_25519.c)
 * share. Define CTIME_PROG (the program's name for messages, a string literal) before
 * including it. Gives:
 *   CHECK(cond)      counts a check in `checks`; a false one is printed and counted in
 *                    `failures` (the program then exits 1)
 *   SECRET(p, n)     marks n bytes at p secret (undefined for the checker, checkmem.h)
 *   PUBLIC(p, n)     marks them public (defined)
 *   unhex(out, len, hex)  len bytes from exactly 2 len hex digits; 0, or -1 on bad input
 */
#ifndef KURV_CTIME_UTIL_H
#define KURV_CTIME_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include "checkmem.h"

static int failures, checks;

#define CHECK(cond) do { \
        checks++; \
        if (!(cond)) { \
            fprintf(stderr, CTIME_PROG ": line %d: check failed: %s\n", __LINE__, #cond); \
            failures++; \
        } \
    } while (0)
#define SECRET(p, n) CHECKMEM_UNDEFINE((p), (n))
#define PUBLIC(p, n) CHECKMEM_DEFINE((p), (n))

static int unhex(uint8_t *out, size_t len, const char *hex)
{
    size_t i;
    for (i = 0; i < len; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1)
            return -1;
        out[i] = (uint8_t)v;
    }
    return hex[2 * len] == 0 ? 0 : -1;
}

#endif
