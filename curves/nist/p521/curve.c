/* kurv-nist: the P-521 curve (FIPS 186-5 / SEC 2 v2 2.6.1): its field and its descriptor. */
#include <kurv/nist.h>
#define EC_PREFIX p521
#define EC_TABLE_H "p521_table.h"
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(p521, kurv_p521,
    .name = "P-521",
    KURV_ALIASES("secp521r1", "P521", "NIST P-521"),
    .oid_str = "1.3.132.0.35",
    KURV_OID(0x2B, 0x81, 0x04, 0x00, 0x23),
    .field_bits = 521)
