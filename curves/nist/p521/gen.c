/* Build-time generator of the P-521 constants and base-point table. */
#include "field.h"
#include "params.h"
#define GEN_P p521_p
#define GEN_A p521_a
#define GEN_B p521_b
#define GEN_GX p521_gx
#define GEN_GY p521_gy
#define GEN_N p521_n
#include "gen_tmpl.h"
