/* tests/unit/test_field.c's instance of the nist/p384 field, its own code (not the
 * Montgomery template): the twelve-limb product by the MULX/ADX rows or by portable C,
 * then p384_reduce (p384_reduce.h, p's shape) */
#include "../../curves/nist/p384/field.h"
#define TF_NAME tf_p384
#define TF_OWN_FIELD 1
#include "field_inst.h"
