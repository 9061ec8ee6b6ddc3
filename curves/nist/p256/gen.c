/* Build-time generator of the P-256 constants and base-point table. */
#include "field.h"
#include "params.h"
#define GEN_P p256_p
#define GEN_A p256_a
#define GEN_B p256_b
#define GEN_GX p256_gx
#define GEN_GY p256_gy
#define GEN_N p256_n
/* verification's u1*G: width-10 NAF against the odd multiples of G (256 affine
 * points, 16 KiB; see pt_mul2_vartime). Width 12 (64 KiB) saves only another ~1.2%
 * of a verification's instructions, not worth 48 KiB in a P-256-only static link. */
#define EC_G_WNAF_W 10
#include "gen_tmpl.h"
