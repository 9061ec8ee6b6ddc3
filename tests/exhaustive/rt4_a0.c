/* tests/exhaustive: the 4-limb run-time engine for curves with a = 0 (the shape of
 * secp256k1): core/src/rt_tmpl.h with RT_A_KIND = EC_A_ZERO. Test-only. */
#define RT_L 4
#define RT_A_KIND EC_A_ZERO
#define RT_OPS_NAME kurv_rt_ops4_a0
#include "rt_tmpl.h"
