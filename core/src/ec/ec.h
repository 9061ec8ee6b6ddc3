/*
 * kurv internal: the curve template. A curve's field header defines the field and
 * the sizes below; including this file instantiates, as static functions specialised
 * at compile time for that field, the layers of core/src/ec/ (each file opens with its
 * contract):
 *   fe.h         the field layer: every fe_* function, provided by the curve or inherited
 *   types.h      the point types (affine, projective, Jacobian) and the constants
 *   group.h      O, conversions between the point types, the curve equation
 *   proj.h       complete projective addition (Renes-Costello-Batina)
 *   jac.h        Jacobian doubling and (incomplete) additions
 *   recode.h     the signed-window recoder and the wNAF recoder
 *   encode.h     bytes <-> field elements and points
 *   mul_ct_common.h  what the two below share: the halving fold, the constant-time
 *                table reads (AVX2, SSE2, portable), the masked mixed addition
 *   mul_ct.h     constant-time k*P (secret scalars)
 *   mul_base_ct.h  constant-time k*G and k*P from a fixed-window table
 *   point_ops.h  the point API's slots of the ops table
 *   mul2.h       variable-time u1*G + u2*Q (verification)
 *   msm.h        variable-time multi-scalar product (batch verification)
 *   ops.h        the byte-level ops and the ops table of a built-in curve
 * Built-in curves come through ec/curve.h; the table generator through
 * core/src/gen_tmpl.h (EC_NO_TABLE: the layers up to encode.h); the run-time
 * engines through core/src/rt_tmpl.h (EC_NO_OPS: no byte-level ops, which they have
 * in core/src/rt_curve.c).
 *
 * Which formulas hold where. The constant-time multiplications (mul_ct.h, mul_base_ct.h) add in
 * Jacobian coordinates with incomplete formulas made safe by the scalar: k is folded
 * to min(k, n - k) < n/2, which keeps every partial sum away from +-addend, and the
 * two remaining cases (accumulator O, digit 0) are selected by masks; with an
 * endomorphism (EC_GLV) k*P splits k into two half-length scalars, and the shortest
 * vector of the GLV lattice keeps the partial sums away from +-addend instead; k*G on
 * curves whose order is not close to 2^order_bits (Brainpool: no EC_BASE_JACOBIAN)
 * uses the complete projective mixed addition instead. The complete projective
 * formulas also serve the point API's additions and the building of fixed-window
 * tables. The variable-time code (mul2.h, msm.h, the point API's mul2) adds in
 * Jacobian coordinates and branches on the special cases: public inputs only.
 * Every curve here has prime order n (cofactor 1), which these arguments need.
 *
 * The field header defines before inclusion:
 *   EC_N            64-bit limbs of a field element; `typedef struct { uint64_t v[EC_N]; } fe;`
 *   EC_FLEN         bytes of a field element; EC_SLEN bytes of a scalar (they may differ)
 *   EC_ORDER_BITS   bits of the group order n
 *   EC_A_KIND       EC_A_ZERO, EC_A_MINUS3 or EC_A_GENERIC (ec/types.h)
 *   EC_BASE_W       window width (bits) of the fixed-window tables
 *   EC_G_BASE_W     optional (default EC_BASE_W): the width of the generator's table
 *                   ec_base_table alone (ec/types.h), for k*G
 *   EC_BASE_JACOBIAN  optional: n is close enough to 2^EC_ORDER_BITS for k*G in
 *                   Jacobian coordinates (the bound is at pt_mul_table_ct)
 *   EC_TWIST_A3     optional: the curve is isomorphic to one with a = -3 (RFC 5639
 *                   section 3's twisted curves), on which the scalar multiplications
 *                   run; ec_tw holds the map's constants (ec/jac.h, ec/types.h; made
 *                   by the table generator from the curve's z and b_t). Not with
 *                   EC_BASE_JACOBIAN or EC_GLV.
 *   and the field functions and hooks listed in ec/fe.h.
 * The curve may define EC_GLV with ec_glv_beta and ec_glv_split (an endomorphism
 * for the constant-time k*P, u1*G + u2*Q and the multi-scalar product; the split
 * must be constant time and give halves below 2^128, below the GLV lattice's
 * shortest vector: the proof at pt_mul_ct in ec/mul_ct.h). Then, before inclusion, the
 * constants ec_k (struct ec_consts), ec_tw (struct ec_twist, with EC_TWIST_A3) and,
 * unless EC_NO_TABLE, the generated
 * ec_base_table[EC_G_BASE_WINDOWS][EC_G_BASE_ENTRIES], ec_sc (the scalar context, whose
 * modulus is n) and, when the curve's gen.c asks for them (EC_G_WNAF_W), the odd
 * multiples of G ec_g_odd.
 */
#ifndef KURV_EC_EC_H
#define KURV_EC_EC_H

#ifndef EC_N
#error "define EC_N and the field before including ec/ec.h"
#endif

#if defined(EC_TWIST_A3) && (defined(EC_BASE_JACOBIAN) || defined(EC_GLV))
#error "EC_TWIST_A3 is for curves without EC_BASE_JACOBIAN and EC_GLV"
#endif

#include <string.h>
#include "limb.h"
#include "safegcd.h"
#include "curve_impl.h"
#include "ct.h"
#include "ec/types.h"

/* The odd multiples of G for verification (optional, see pt_mul2_vartime): a curve's
 * gen.c defines EC_G_WNAF_W (window) and EC_G_TABLES (1, or 2 for a GLV curve: G and
 * 2^EC_G_SPLIT_BITS G); the generated header repeats both for curve.c. */
#ifdef EC_G_WNAF_W
#ifndef EC_G_TABLES
#define EC_G_TABLES 1
#endif
#define EC_G_SPLIT_BITS ((EC_ORDER_BITS + EC_G_TABLES - 1) / EC_G_TABLES)
#endif

#include "ec/fe.h"
#include "ec/group.h"
#include "ec/proj.h"
#include "ec/jac.h"
#include "ec/recode.h"
#include "ec/encode.h"
#ifndef EC_NO_TABLE
#include "ec/mul_ct.h"
#include "ec/mul_base_ct.h"
#include "ec/point_ops.h"
#ifndef EC_NO_OPS
#include "ec/mul2.h"
#include "ec/msm.h"
#include "ec/ops.h"
#endif
#endif

#endif
