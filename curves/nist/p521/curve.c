/* kurv-nist: the P-521 curve (FIPS 186-5 / SEC 2 v2 2.6.1): its field and its descriptor. */
#include <kurv/nist.h>
#include "p521_registry.h"   /* EC_PREFIX, EC_TABLE_H, names and OID: curves/meson.build */
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(.field_bits = 521)
