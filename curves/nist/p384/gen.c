/* Build-time generator of the P-384 constants and base-point table. */
#include "field.h"
#include "params.h"
#define GEN_P p384_p
#define GEN_A p384_a
#define GEN_B p384_b
#define GEN_GX p384_gx
#define GEN_GY p384_gy
#define GEN_N p384_n
/* verification's u1*G: width-10 NAF against the odd multiples of G (256 affine
 * points; see pt_mul2_vartime), instead of the fixed-window table's additions after
 * the loop: about a third as many additions for u1*G. */
#define EC_G_WNAF_W 10
#include "gen_tmpl.h"
