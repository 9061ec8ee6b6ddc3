/* kurv-brainpool: the brainpoolP512r1 descriptor (RFC 5639 3.7). */
#include <kurv/brainpool.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table bpp512r1_base_table
#define ec_g_odd bpp512r1_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_fp_rr bpp512r1_fp_rr
#define ec_k bpp512r1_k
#define ec_sc bpp512r1_sc
#define ec_ops bpp512r1_ops
#include "bpp512r1_table.h"
#include "fe_mont_tmpl.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const bpp512r1_aliases[] = {"bp512r1", NULL};
static const uint8_t bpp512r1_oid[] = {0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0D};

static const struct kurv_curve bpp512r1_curve = {
    KURV_CURVE_ABI, "brainpoolP512r1", bpp512r1_aliases, "1.3.36.3.3.2.8.1.1.13", bpp512r1_oid, sizeof bpp512r1_oid,
    512, 512, 64, 64,
    bpp512r1_p, bpp512r1_a, bpp512r1_b, bpp512r1_gx, bpp512r1_gy, bpp512r1_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_brainpoolp512r1(void)
{
    return &bpp512r1_curve;
}
