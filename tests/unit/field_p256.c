/* tests/unit/test_field.c's instance of the nist/p256 field, its own code (not the
 * Montgomery template): the MULX/ADX, the x86-64 carry-chain and the portable C paths */
#include "../../curves/nist/p256/field.h"
#define TF_NAME tf_p256
#define TF_OWN_FIELD 1
#include "field_inst.h"
