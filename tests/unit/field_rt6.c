/*
 * tests/unit/test_field.c's instance of the generic Montgomery field as a run-time
 * curve of six limbs builds it (EC_P_AT_RUN_TIME, core/src/rt_tmpl.h; see field_rt.c):
 * tf_rt6, P-384's p read through the any-p routines (kl_montmul_adx_any,
 * kl_montsqr_adx_any, kl_modaddsub_x86_any: m by a pointer register).
 */
#include <stdint.h>

#define EC_N 6
#define fe tf_rt6_fe
#define EC_P tf_rt6_p
#define ec_fp_rr tf_rt6_rr
typedef struct { uint64_t v[EC_N]; } fe;
static const fe EC_P = {{0x00000000FFFFFFFFULL, 0xFFFFFFFF00000000ULL, 0xFFFFFFFFFFFFFFFEULL,
                         0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL, 0xFFFFFFFFFFFFFFFFULL}};
#define EC_P_M0INV 0x0000000100000001ULL  /* -p^-1 mod 2^64 */
#define EC_P_AT_RUN_TIME 1
#define TF_NAME tf_rt6
#include "field_inst.h"
