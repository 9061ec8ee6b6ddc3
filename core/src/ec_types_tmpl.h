/* kurv internal: point and constant types of the curve template (see ec_tmpl.h). */
#ifndef KURV_EC_TYPES_TMPL_H
#define KURV_EC_TYPES_TMPL_H

#define EC_A_ZERO 0
#define EC_A_MINUS3 1
#define EC_A_GENERIC 2

#define EC_BASE_ENTRIES (1 << (EC_BASE_W - 1))
#define EC_BASE_WINDOWS ((EC_ORDER_BITS + EC_BASE_W) / EC_BASE_W)  /* ceil((bits+1)/w) */

typedef struct { fe x, y; } ec_aff;       /* affine point (never O) */
typedef struct { fe x, y, z; } ec_pt;     /* projective point */
struct ec_consts { fe one, a, b, b3; };   /* in the field representation */

#endif
