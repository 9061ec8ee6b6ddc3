/* kurv-brainpool: the brainpoolP384r1 curve (RFC 5639 3.6): its field and its descriptor. */
#include <kurv/brainpool.h>
#define EC_PREFIX bpp384r1
#define EC_TABLE_H "bpp384r1_table.h"
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(bpp384r1, kurv_brainpoolp384r1,
    .name = "brainpoolP384r1",
    KURV_ALIASES("bp384r1"),
    .oid_str = "1.3.36.3.3.2.8.1.1.11",
    KURV_OID(0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x0B),
    .field_bits = 384)
