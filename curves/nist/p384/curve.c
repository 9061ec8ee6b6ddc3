/* kurv-nist: the P-384 curve (FIPS 186-5 / SEC 2 v2 2.5.1): its field and its descriptor. */
#include <kurv/nist.h>
#include "p384_registry.h"   /* EC_PREFIX, EC_TABLE_H, names and OID: curves/meson.build */
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(.field_bits = 384)
