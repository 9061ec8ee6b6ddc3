/* tests/unit/test_field.c's instance of the brainpool/p384r1 field (see field_inst.h) */
#include "../../curves/brainpool/p384r1/field.h"
#define TF_NAME tf_bp384
#include "field_inst.h"
