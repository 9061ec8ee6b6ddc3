/* kurv-nist: the P-521 descriptor (FIPS 186-5 / SEC 2 v2 2.6.1). */
#include <kurv/nist.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table p521_base_table
#define ec_g_odd p521_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_k p521_k
#define ec_sc p521_sc
#define ec_ops p521_ops
#include "p521_table.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const p521_aliases[] = {"secp521r1", "P521", "NIST P-521", NULL};
static const uint8_t p521_oid[] = {0x2B, 0x81, 0x04, 0x00, 0x23};

static const struct kurv_curve p521_curve = {
    KURV_CURVE_ABI, "P-521", p521_aliases, "1.3.132.0.35", p521_oid, sizeof p521_oid,
    521, 521, 66, 66,
    p521_p, p521_a, p521_b, p521_gx, p521_gy, p521_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_p521(void)
{
    return &p521_curve;
}
