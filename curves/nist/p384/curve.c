/* kurv-nist: the P-384 curve (FIPS 186-5 / SEC 2 v2 2.5.1): its field and its descriptor. */
#include <kurv/nist.h>
#define EC_PREFIX p384
#define EC_TABLE_H "p384_table.h"
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(p384, kurv_p384,
    .name = "P-384",
    KURV_ALIASES("secp384r1", "P384", "NIST P-384"),
    .oid_str = "1.3.132.0.34",
    KURV_OID(0x2B, 0x81, 0x04, 0x00, 0x22),
    .field_bits = 384)
