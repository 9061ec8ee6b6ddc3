/*
 * P-256 field: generic Montgomery arithmetic over 4 64-bit limbs
 * (core/src/fe_mont_tmpl.h), with the curve's sizes and constants.
 */
#ifndef KURV_P256_FIELD_H
#define KURV_P256_FIELD_H

#include <stdint.h>

#define EC_N 4
#define EC_FLEN 32
#define EC_SLEN 32
#define EC_ORDER_BITS 256
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0xFFFFFFFFFFFFFFFFULL,0x00000000FFFFFFFFULL,0x0000000000000000ULL,0xFFFFFFFF00000001ULL}};
#define EC_P_M0INV 0x0000000000000001ULL  /* -p^-1 mod 2^64 */

#endif
