/* tests/unit/test_field.c's instance of the nist/p384 field (see field_inst.h) */
#include "../../curves/nist/p384/field.h"
#define TF_NAME tf_p384
#include "field_inst.h"
