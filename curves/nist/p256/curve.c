/* kurv-nist: the P-256 descriptor (FIPS 186-5 / SEC 2 v2 2.4.2). */
#include <kurv/nist.h>
#include "field.h"
#include "ec_types_tmpl.h"
#include "mont.h"
/* curve-specific names for the file-local tables, so that a linked program shows which curves it holds */
#define ec_base_table p256_base_table
#define ec_g_odd p256_g_odd     /* verification: odd multiples of G, when gen.c asks for them */
#define ec_k p256_k
#define ec_sc p256_sc
#define ec_ops p256_ops
#include "p256_table.h"
#include "ec_tmpl.h"
#include "params.h"

static const char *const p256_aliases[] = {"secp256r1", "prime256v1", "P256", "NIST P-256", NULL};
static const uint8_t p256_oid[] = {0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07};

static const struct kurv_curve p256_curve = {
    KURV_CURVE_ABI, "P-256", p256_aliases, "1.2.840.10045.3.1.7", p256_oid, sizeof p256_oid,
    256, 256, 32, 32,
    p256_p, p256_a, p256_b, p256_gx, p256_gy, p256_n, 1,
    &ec_sc, &ec_ops,
};

const kurv_curve *kurv_p256(void)
{
    return &p256_curve;
}
