/* Build-time generator of the brainpoolP256r1 constants and base-point table. */
#include "field.h"
static fe ec_fp_rr;  /* computed by gen_tmpl.h's main() before any field operation */
#include "fe_mont_tmpl.h"
#include "params.h"
#define GEN_P bpp256r1_p
#define GEN_A bpp256r1_a
#define GEN_B bpp256r1_b
#define GEN_GX bpp256r1_gx
#define GEN_GY bpp256r1_gy
#define GEN_N bpp256r1_n
#define GEN_Z bpp256r1_z     /* EC_TWIST_A3 */
#define GEN_BT bpp256r1_bt
/* verification's u1*G: width-10 NAF against the odd multiples of G (256 affine
 * points, on the twisted curve like every table here; see pt_mul2_vartime), instead of the fixed-window table's additions after
 * the loop: about a third as many additions for u1*G. */
#define EC_G_WNAF_W 10
#include "gen_tmpl.h"
