/*
 * P-384 field: generic Montgomery arithmetic over 6 64-bit limbs
 * (core/src/fe_mont_tmpl.h), with the curve's sizes and constants.
 */
#ifndef KURV_P384_FIELD_H
#define KURV_P384_FIELD_H

#include <stdint.h>

#define EC_N 6
#define EC_FLEN 48
#define EC_SLEN 48
#define EC_ORDER_BITS 384
#define EC_A_KIND EC_A_MINUS3
#define EC_BASE_W 5
#define EC_BASE_JACOBIAN 1   /* n is close to 2^order_bits: see pt_mul_table_ct in ec/mul_ct.h */

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0x00000000FFFFFFFFULL,0xFFFFFFFF00000000ULL,0xFFFFFFFFFFFFFFFEULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL,0xFFFFFFFFFFFFFFFFULL}};
#define EC_FIELD_MONT_TMPL 1   /* fe_mul ...: core/src/fe_mont_tmpl.h, included by ec/curve.h */
#define EC_P_M0INV 0x0000000100000001ULL  /* -p^-1 mod 2^64 */

#endif
