/* Build-time generator of the P-384 constants and base-point table. */
#include "field.h"
static fe ec_fp_rr;  /* computed by gen_tmpl.h's main() before any field operation */
#include "fe_mont_tmpl.h"
#include "params.h"
#define GEN_P p384_p
#define GEN_A p384_a
#define GEN_B p384_b
#define GEN_GX p384_gx
#define GEN_GY p384_gy
#define GEN_N p384_n
#include "gen_tmpl.h"
