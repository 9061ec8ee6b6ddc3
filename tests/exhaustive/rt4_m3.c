/* tests/exhaustive: the 4-limb run-time engine for curves with a = -3 (the shape of the
 * NIST and most Brainpool-twisted curves): core/src/rt_tmpl.h with RT_A_KIND =
 * EC_A_MINUS3. Test-only. */
#define RT_L 4
#define RT_A_KIND EC_A_MINUS3
#define RT_OPS_NAME kurv_rt_ops4_m3
#include "rt_tmpl.h"
