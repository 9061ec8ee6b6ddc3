/*
 * tests/unit/test_field.c's instances of the generic Montgomery field as the run-time
 * curves build it (EC_P_AT_RUN_TIME, core/src/rt_tmpl.h: on the ADX path the any-p
 * routines kl_montmul_adx_any and kl_montsqr_adx_any, p read through a pointer), with
 * a fixed prime in place of a curve's context (see field_inst.h): tf_rt4, secp256k1's p
 * (4 limbs, top limb all-ones, which no Brainpool prime has: a + p carries out of the
 * top limb in fe_half, and the ADX product takes the any-p routines).
 */
#include <stdint.h>

#define EC_N 4
#define fe tf_rt4_fe
#define EC_P tf_rt4_p
#define ec_fp_rr tf_rt4_rr
typedef struct { uint64_t v[EC_N]; } fe;
static const fe EC_P = {{0xFFFFFFFEFFFFFC2FULL, 0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL,
                         0xFFFFFFFFFFFFFFFFULL}};
#define EC_P_M0INV 0xD838091DD2253531ULL  /* -p^-1 mod 2^64 */
#define EC_P_AT_RUN_TIME 1
#define TF_NAME tf_rt4
#include "field_inst.h"
