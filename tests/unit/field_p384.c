/* tests/unit/test_field.c's instance of the nist/p384 field, its own code (not the
 * Montgomery template): p384x_mont_mul (MULX/ADX rows with p's reduction rounds
 * interleaved) and p384x_mont_sqr (fe_sqr: its own squaring, then the rounds), or the
 * portable twelve-limb product and p384_reduce (p's shape) */
#include "../../curves/nist/p384/field.h"
#define TF_NAME tf_p384
#define TF_OWN_FIELD 1
#include "field_inst.h"

/* fe_half (P-384's own, EC_HAVE_FE_HALF: r = a / 2 mod p) on limbs, a < p; the path
 * as tf_p384_field.path chose it */
void tf_p384_half(uint64_t *r, const uint64_t *a)
{
    fe x;
    memcpy(x.v, a, sizeof x.v);
    fe_half(&x, &x);            /* in place: r aliasing a */
    memcpy(r, x.v, sizeof x.v);
}
