/* kurv-secp256k1: the secp256k1 curve: its field and its descriptor. */
#include <kurv/secp256k1.h>
#define EC_PREFIX k1
#define EC_TABLE_H "secp256k1_table.h"
#include "field.h"
#include "glv.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(k1, kurv_secp256k1,
    .name = "secp256k1",
    KURV_ALIASES("P-256K", "K-256"),
    .oid_str = "1.3.132.0.10",
    KURV_OID(0x2B, 0x81, 0x04, 0x00, 0x0A),
    .field_bits = 256)
