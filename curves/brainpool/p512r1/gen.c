/* Build-time generator of the brainpoolP512r1 constants and base-point table. */
#include "field.h"
static fe ec_fp_rr;  /* computed by gen_tmpl.h's main() before any field operation */
#include "fe_mont_tmpl.h"
#include "params.h"
#define GEN_P bpp512r1_p
#define GEN_A bpp512r1_a
#define GEN_B bpp512r1_b
#define GEN_GX bpp512r1_gx
#define GEN_GY bpp512r1_gy
#define GEN_N bpp512r1_n
#define GEN_Z bpp512r1_z     /* EC_TWIST_A3 */
#define GEN_BT bpp512r1_bt
/* verification's u1*G: width-10 NAF against the odd multiples of G (256 affine
 * points, on the twisted curve like every table here; see pt_mul2_vartime), instead of the fixed-window table's additions after
 * the loop: about a third as many additions for u1*G. */
#define EC_G_WNAF_W 10
#include "gen_tmpl.h"
