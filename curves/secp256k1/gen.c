/* Build-time generator of the secp256k1 constants and base-point table. */
#include "field.h"
#include "params.h"
#define GEN_A k1_a
#define GEN_B k1_b
#define GEN_GX k1_gx
#define GEN_GY k1_gy
#define GEN_N k1_n
#include "gen_tmpl.h"
