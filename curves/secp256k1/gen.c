/* Build-time generator of the secp256k1 constants and base-point table. */
#include "field.h"
#include "params.h"
#define GEN_A k1_a
#define GEN_B k1_b
#define GEN_GX k1_gx
#define GEN_GY k1_gy
#define GEN_N k1_n
/* verification's u1*G: width-12 NAF against odd multiples of G and of 2^128 G
 * (1,024 affine points each, 64 KiB per table; see pt_mul2_vartime). Width 10
 * (16 KiB per table) measured ~2-3.5% more instructions per verification; width 14
 * (256 KiB per table, not measured) would save about 2.6 of the ~20 additions. */
#define EC_G_WNAF_W 12
#define EC_G_TABLES 2
#include "gen_tmpl.h"
