/* tests/unit/test_field.c's instance of the nist/p256 field, its own code (not the
 * Montgomery template): the MULX/ADX, the x86-64 carry-chain and the portable C paths */
#include "../../curves/nist/p256/field.h"
#define TF_NAME tf_p256
#define TF_OWN_FIELD 1
#include "field_inst.h"

/* fe_half (P-256's own, EC_HAVE_FE_HALF: r = a / 2 mod p) on limbs, a < p */
void tf_p256_half(uint64_t *r, const uint64_t *a)
{
    fe x;
    memcpy(x.v, a, sizeof x.v);
    fe_half(&x, &x);            /* in place: r aliasing a */
    memcpy(r, x.v, sizeof x.v);
}
