/* tests/unit/test_field.c's instance of the nist/p384 field, its own code (not the
 * Montgomery template): p384x_mont_mul (MULX/ADX rows with p's reduction rounds
 * interleaved) and p384x_mont_sqr (fe_sqr: its own squaring, then the rounds), or the
 * portable twelve-limb product and p384_reduce (p's shape); and the doubling's own
 * linear routines (fe_half, fe_sub2, fe_mul3_lazy) */
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

/* fe_sub2 (r = a - b - c mod p) and fe_mul3_lazy (r = 3a mod p, fully reduced for
 * P-384), P-384's own (EC_HAVE_FE_SUB2, EC_HAVE_FE_MUL3), on limbs < p; the path as
 * tf_p384_field.path chose it; r written through the aliases the doubling uses */
void tf_p384_sub2(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c)
{
    fe x, y, z;
    memcpy(x.v, a, sizeof x.v);
    memcpy(y.v, b, sizeof y.v);
    memcpy(z.v, c, sizeof z.v);
    fe_sub2(&x, &x, &y, &z);    /* r aliasing a */
    memcpy(r, x.v, sizeof x.v);
}

void tf_p384_mul3(uint64_t *r, const uint64_t *a)
{
    fe x;
    memcpy(x.v, a, sizeof x.v);
    fe_mul3_lazy(&x, &x);       /* in place */
    memcpy(r, x.v, sizeof x.v);
}
