/*
 * brainpoolP256r1 field: generic Montgomery arithmetic over 4 64-bit limbs
 * (core/src/fe_mont_tmpl.h), with the curve's sizes and constants.
 */
#ifndef KURV_BPP256R1_FIELD_H
#define KURV_BPP256R1_FIELD_H

#include <stdint.h>

#define EC_N 4
#define EC_FLEN 32
#define EC_SLEN 32
#define EC_ORDER_BITS 256
#define EC_A_KIND EC_A_GENERIC
#define EC_TWIST_A3 1   /* scalar multiplications on the a = -3 curve brainpoolP256t1: ec/jac.h */
#define EC_BASE_W 5
#define EC_MADD_8M3S 1       /* a product costs about a square: ec/jac.h, jac_add_aff_core */
#define EC_ADD_12M4S 1       /* the same for the full addition: ec/jac.h, jac_add_core */

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0x2013481D1F6E5377ULL,0x6E3BF623D5262028ULL,0x3E660A909D838D72ULL,0xA9FB57DBA1EEA9BCULL}};
#define EC_FIELD_MONT_TMPL 1   /* fe_mul ...: core/src/fe_mont_tmpl.h, included by ec/curve.h */
#define EC_P_M0INV 0xC6A75590CEFD89B9ULL  /* -p^-1 mod 2^64 */
#define EC_P_M0INV_HI 0xDAB9E6A22773CA1FULL  /* -p^-1 mod 2^128 = (EC_P_M0INV_HI:EC_P_M0INV) */

#endif
