/*
 * P-521 field: generic Montgomery arithmetic over 9 64-bit limbs
 * (core/src/fe_mont_tmpl.h), with the curve's sizes and constants.
 */
#ifndef KURV_P521_FIELD_H
#define KURV_P521_FIELD_H

#include <stdint.h>

#define EC_N 9
#define EC_FLEN 66
#define EC_SLEN 66
#define EC_ORDER_BITS 521
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0x00000000000001FFULL}};
#define EC_P_M0INV 0x0000000000000001ULL  /* -p^-1 mod 2^64 */

#endif
