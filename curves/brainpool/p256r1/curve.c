/* kurv-brainpool: the brainpoolP256r1 curve (RFC 5639 3.4): its field and its descriptor. */
#include <kurv/brainpool.h>
#define EC_PREFIX bpp256r1
#define EC_TABLE_H "bpp256r1_table.h"
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(bpp256r1, kurv_brainpoolp256r1,
    .name = "brainpoolP256r1",
    KURV_ALIASES("bp256r1"),
    .oid_str = "1.3.36.3.3.2.8.1.1.7",
    KURV_OID(0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07),
    .field_bits = 256)
