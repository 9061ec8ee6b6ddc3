/* kurv-secp256k1: the secp256k1 curve: its field and its descriptor. */
#include <kurv/secp256k1.h>
#include "k1_registry.h"   /* EC_PREFIX, EC_TABLE_H, names and OID: curves/meson.build */
#include "field.h"
#include "glv.h"
#include "params.h"
#include "ec/curve.h"

KURV_CURVE_DEFINE(.field_bits = 256)
