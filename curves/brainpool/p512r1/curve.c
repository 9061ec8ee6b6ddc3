/* kurv-brainpool: the brainpoolP512r1 curve (RFC 5639 3.7): its field and its descriptor. */
#include <kurv/brainpool.h>
#include "bpp512r1_registry.h"   /* EC_PREFIX, EC_TABLE_H, names and OID: curves/meson.build */
#include "field.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(.field_bits = 512)
