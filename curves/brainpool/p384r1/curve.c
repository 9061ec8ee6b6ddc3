/* kurv-brainpool: the brainpoolP384r1 descriptor (RFC 5639 3.6). */
#include <kurv/brainpool.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table bpp384r1_base_table
#define ec_g_odd bpp384r1_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_fp_rr bpp384r1_fp_rr
#define ec_k bpp384r1_k
#define ec_sc bpp384r1_sc
#define ec_ops bpp384r1_ops
#include "bpp384r1_table.h"
#include "fe_mont_tmpl.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const bpp384r1_aliases[] = {"bp384r1", NULL};
static const uint8_t bpp384r1_oid[] = {0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0B};

static const struct kurv_curve bpp384r1_curve = {
    KURV_CURVE_ABI, "brainpoolP384r1", bpp384r1_aliases, "1.3.36.3.3.2.8.1.1.11", bpp384r1_oid, sizeof bpp384r1_oid,
    384, 384, 48, 48,
    bpp384r1_p, bpp384r1_a, bpp384r1_b, bpp384r1_gx, bpp384r1_gy, bpp384r1_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_brainpoolp384r1(void)
{
    return &bpp384r1_curve;
}
