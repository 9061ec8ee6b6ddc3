/* tests/unit/test_field.c's instance of the brainpool/p512r1 field (see field_inst.h) */
#include "../../curves/brainpool/p512r1/field.h"
#define TF_NAME tf_bp512
#include "field_inst.h"
