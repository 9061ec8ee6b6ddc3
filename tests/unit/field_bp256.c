/* tests/unit/test_field.c's instance of the brainpool/p256r1 field (see field_inst.h) */
#include "../../curves/brainpool/p256r1/field.h"
#define TF_NAME tf_bp256
#include "field_inst.h"
