/*
 * kurv internal, curve template: the point and constant types (see ec/ec.h).
 * Included before the generated table of a curve (which is made of these types)
 * and by ec/ec.h. Needs fe, EC_BASE_W and EC_ORDER_BITS (EC_G_BASE_W optional).
 *
 * Three distinct point types, so that a formula cannot be handed the wrong kind:
 *   ec_aff   affine (x, y); never the point at infinity O
 *   ec_proj  homogeneous projective (X:Y:Z): x = X/Z, y = Y/Z; O = (0:1:0)
 *   ec_jac   Jacobian (X:Y:Z): x = X/Z^2, y = Y/Z^3; O has Z = 0, set as (1:1:0)
 * Coordinates are in the field's representation (fe_to_dom).
 */
#ifndef KURV_EC_TYPES_H
#define KURV_EC_TYPES_H

/* the shape of a: y^2 = x^3 + a x + b (EC_A_KIND) */
#define EC_A_ZERO 0
#define EC_A_MINUS3 1
#define EC_A_GENERIC 2

/* the fixed-window table of a point P (the generator's ec_base_table, or a table of the
 * point API): EC_BASE_WINDOWS windows of EC_BASE_ENTRIES affine points, window i entry j
 * holding (j + 1) * 2^(EC_BASE_W i) * P */
#define EC_BASE_ENTRIES (1 << (EC_BASE_W - 1))
#define EC_BASE_WINDOWS ((EC_ORDER_BITS + EC_BASE_W) / EC_BASE_W)  /* ceil((bits+1)/w) */

/* the generator's own table ec_base_table has the same layout with its own width
 * EC_G_BASE_W (default EC_BASE_W): a curve may spend more static memory on G, whose
 * table is built once, than on the point API's tables, which a caller builds and
 * stores (kurv_table_len) */
#ifndef EC_G_BASE_W
#define EC_G_BASE_W EC_BASE_W
#endif
#define EC_G_BASE_ENTRIES (1 << (EC_G_BASE_W - 1))
#define EC_G_BASE_WINDOWS ((EC_ORDER_BITS + EC_G_BASE_W) / EC_G_BASE_W)

typedef struct { fe x, y; } ec_aff;
typedef struct { fe x, y, z; } ec_proj;
typedef struct { fe x, y, z; } ec_jac;

/* the curve's constants in the field representation: 1, a, b and 3b */
struct ec_consts { fe one, a, b, b3; };

/* EC_TWIST_A3 (see ec/jac.h, the loop curve): the map (x, y) -> (x z^2, y z^3) from
 * the curve E to E_t: y^2 = x^3 - 3x + b_t, in the field representation: z, 1/z,
 * z^2, z^3 and 3 b_t (made and checked by the table generator, core/src/gen_tmpl.h) */
struct ec_twist { fe z, zi, z2, z3, b3; };

#endif
