/* kurv-nist: the P-384 descriptor (FIPS 186-5 / SEC 2 v2 2.5.1). */
#include <kurv/nist.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table p384_base_table
#define ec_g_odd p384_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_fp_rr p384_fp_rr
#define ec_k p384_k
#define ec_sc p384_sc
#define ec_ops p384_ops
#include "p384_table.h"
#include "fe_mont_tmpl.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const p384_aliases[] = {"secp384r1", "P384", "NIST P-384", NULL};
static const uint8_t p384_oid[] = {0x2B, 0x81, 0x04, 0x00, 0x22};

static const struct kurv_curve p384_curve = {
    KURV_CURVE_ABI, "P-384", p384_aliases, "1.3.132.0.34", p384_oid, sizeof p384_oid,
    384, 384, 48, 48,
    p384_p, p384_a, p384_b, p384_gx, p384_gy, p384_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_p384(void)
{
    return &p384_curve;
}
