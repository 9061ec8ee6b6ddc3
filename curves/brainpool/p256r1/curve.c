/* kurv-brainpool: the brainpoolP256r1 descriptor (RFC 5639 3.4). */
#include <kurv/brainpool.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table bpp256r1_base_table
#define ec_g_odd bpp256r1_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_fp_rr bpp256r1_fp_rr
#define ec_k bpp256r1_k
#define ec_sc bpp256r1_sc
#define ec_ops bpp256r1_ops
#include "bpp256r1_table.h"
#include "fe_mont_tmpl.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const bpp256r1_aliases[] = {"bp256r1", NULL};
static const uint8_t bpp256r1_oid[] = {0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07};

static const struct kurv_curve bpp256r1_curve = {
    KURV_CURVE_ABI, "brainpoolP256r1", bpp256r1_aliases, "1.3.36.3.3.2.8.1.1.7", bpp256r1_oid, sizeof bpp256r1_oid,
    256, 256, 32, 32,
    bpp256r1_p, bpp256r1_a, bpp256r1_b, bpp256r1_gx, bpp256r1_gy, bpp256r1_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_brainpoolp256r1(void)
{
    return &bpp256r1_curve;
}
