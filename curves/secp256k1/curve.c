/* kurv-secp256k1: the secp256k1 descriptor and its specialised operations. */
#include <kurv/secp256k1.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table k1_base_table
#define ec_k k1_k
#define ec_sc k1_sc
#define ec_ops k1_ops
#include "secp256k1_table.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const k1_aliases[] = {"P-256K", "K-256", NULL};
static const uint8_t k1_oid[] = {0x2B, 0x81, 0x04, 0x00, 0x0A};

static const struct kurv_curve k1_curve = {
    KURV_CURVE_ABI, "secp256k1", k1_aliases, "1.3.132.0.10", k1_oid, sizeof k1_oid,
    256, 256, 32, 32,
    k1_p, k1_a, k1_b, k1_gx, k1_gy, k1_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_secp256k1(void)
{
    return &k1_curve;
}
