/*
 * tests/unit/test_field.c's instance of the generic Montgomery field as a run-time
 * curve of eight limbs builds it (EC_P_AT_RUN_TIME, core/src/rt_tmpl.h; see field_rt.c):
 * tf_rt8, brainpoolP512r1's p read through the any-p routines (kl_montmul_adx_any,
 * kl_montsqr_adx_any, kl_modaddsub_x86_any: m by a pointer register).
 */
#include <stdint.h>

#define EC_N 8
#define fe tf_rt8_fe
#define EC_P tf_rt8_p
#define ec_fp_rr tf_rt8_rr
typedef struct { uint64_t v[EC_N]; } fe;
static const fe EC_P = {{0x28AA6056583A48F3ULL, 0x2881FF2F2D82C685ULL, 0xAECDA12AE6A380E6ULL,
                         0x7D4D9B009BC66842ULL, 0xD6639CCA70330871ULL, 0xCB308DB3B3C9D20EULL,
                         0x3FD4E6AE33C9FC07ULL, 0xAADD9DB8DBE9C48BULL}};
#define EC_P_M0INV 0x839B32207D89EFC5ULL  /* -p^-1 mod 2^64 */
#define EC_P_AT_RUN_TIME 1
#define TF_NAME tf_rt8
#include "field_inst.h"
