/* kurv-nist: the P-256 curve (FIPS 186-5 / SEC 2 v2 2.4.2): its field and its descriptor. */
#include <kurv/nist.h>
#define EC_PREFIX p256
#define EC_TABLE_H "p256_table.h"
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(p256, kurv_p256,
    .name = "P-256",
    KURV_ALIASES("secp256r1", "prime256v1", "P256", "NIST P-256"),
    .oid_str = "1.2.840.10045.3.1.7",
    KURV_OID(0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07),
    .field_bits = 256)
