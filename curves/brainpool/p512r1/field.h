/*
 * brainpoolP512r1 field: generic Montgomery arithmetic over 8 64-bit limbs
 * (core/src/fe_mont_tmpl.h), with the curve's sizes and constants.
 */
#ifndef KURV_BPP512R1_FIELD_H
#define KURV_BPP512R1_FIELD_H

#include <stdint.h>

#define EC_N 8
#define EC_FLEN 64
#define EC_SLEN 64
#define EC_ORDER_BITS 512
#define EC_A_KIND EC_A_GENERIC
#define EC_TWIST_A3 1   /* scalar multiplications on the a = -3 curve brainpoolP512t1: ec/jac.h */
#define EC_BASE_W 5
#define EC_MADD_8M3S 1       /* a product costs about a square: ec/jac.h, jac_add_aff_core */
#define EC_ADD_12M4S 1       /* the same for the full addition: ec/jac.h, jac_add_core */

typedef struct { uint64_t v[EC_N]; } fe;

static const fe EC_P = {{0x28AA6056583A48F3ULL,0x2881FF2F2D82C685ULL,0xAECDA12AE6A380E6ULL,0x7D4D9B009BC66842ULL,0xD6639CCA70330871ULL,0xCB308DB3B3C9D20EULL,0x3FD4E6AE33C9FC07ULL,0xAADD9DB8DBE9C48BULL}};
#define EC_FIELD_MONT_TMPL 1   /* fe_mul ...: core/src/fe_mont_tmpl.h, included by ec/curve.h */
#define EC_P_M0INV 0x839B32207D89EFC5ULL  /* -p^-1 mod 2^64 */
#define EC_P_M0INV_HI 0xEDAA1D85A2CD1E7CULL  /* -p^-1 mod 2^128 = (EC_P_M0INV_HI:EC_P_M0INV) */

#endif
