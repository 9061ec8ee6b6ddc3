/*
 * brainpoolP384r1 field: generic Montgomery arithmetic over 6 64-bit limbs
 * (core/src/fe_mont_tmpl.h), with the curve's sizes and constants.
 */
#ifndef KURV_BPP384R1_FIELD_H
#define KURV_BPP384R1_FIELD_H

#include <stdint.h>

#define EC_N 6
#define EC_FLEN 48
#define EC_SLEN 48
#define EC_ORDER_BITS 384
#define EC_A_KIND EC_A_GENERIC
#define EC_TWIST_A3 1   /* scalar multiplications on the a = -3 curve brainpoolP384t1: ec/jac.h */
#define EC_BASE_W 5
#define EC_MADD_8M3S 1       /* a product costs about a square: ec/jac.h, jac_add_aff_core */
#define EC_ADD_12M4S 1       /* the same for the full addition: ec/jac.h, jac_add_core */

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0x874700133107EC53ULL,0xACD3A729901D1A71ULL,0x12B1DA197FB71123ULL,0x152F7109ED5456B4ULL,0x0F5D6F7E50E641DFULL,0x8CB91E82A3386D28ULL}};
#define EC_FIELD_MONT_TMPL 1   /* fe_mul ...: core/src/fe_mont_tmpl.h, included by ec/curve.h */
#define EC_P_M0INV 0x9A6EA96CEA9EC825ULL  /* -p^-1 mod 2^64 */
#define EC_P_M0INV_HI 0x834B1E52EDF77594ULL  /* -p^-1 mod 2^128 = (EC_P_M0INV_HI:EC_P_M0INV) */

#endif
