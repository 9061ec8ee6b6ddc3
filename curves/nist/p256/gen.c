/* Build-time generator of the P-256 constants and base-point table. */
#include "field.h"
#include "params.h"
#define GEN_P p256_p
#define GEN_A p256_a
#define GEN_B p256_b
#define GEN_GX p256_gx
#define GEN_GY p256_gy
#define GEN_N p256_n
/* verification's u1*G: width-12 NAF against the odd multiples of G (1,024 affine
 * points, 64 KiB; see pt_mul2_vartime) */
#define EC_G_WNAF_W 12
#include "gen_tmpl.h"
