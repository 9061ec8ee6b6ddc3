/*
 * White-box instance of the generic Montgomery field (core/src/fe_mont_tmpl.h), or of a
 * curve's own field code when the includer defines TF_OWN_FIELD (P-256, P-384: field.h
 * has its fe_mul, fe_sqr, fe_add, fe_sub and the same kl_mont_adx_on switch), for
 * tests/unit/test_field.c. The includer includes a curve's field.h, defines TF_NAME
 * (the instance's prefix) and then includes this file, which defines
 * TF_NAME_field (struct tf_field, declared in field_inst_api.h): the prime, the limb
 * count, fe_mul, fe_sqr, fe_add, fe_sub and fe_neg (as ec/fe.h derives it from this
 * field's fe_sub: 0 - a) on limb arrays, and the switch between the run-time paths;
 * for the generic field also TF_NAME_half, its fe_half (r = a / 2 mod p, a < p).
 */
#include <string.h>
#include "field_inst_api.h"

#ifndef TF_OWN_FIELD   /* a curve's own field code (P-256, P-384) defines fe_mul.. itself */
static const fe ec_fp_rr;   /* fe_to_dom is not used here */
#include "fe_mont_tmpl.h"
#endif
#include "field_path.h"   /* after mont_adx.h (by the field or fe_mont_tmpl.h) */

#define TF_CAT2(a, b) a##b
#define TF_CAT(a, b) TF_CAT2(a, b)

static void TF_CAT(TF_NAME, _mul)(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y, z;
    memcpy(x.v, a, sizeof x.v);
    memcpy(y.v, b, sizeof y.v);
    fe_mul(&z, &x, &y);
    memcpy(r, z.v, sizeof z.v);
}

static void TF_CAT(TF_NAME, _sqr)(uint64_t *r, const uint64_t *a)
{
    fe x, z;
    memcpy(x.v, a, sizeof x.v);
    fe_sqr(&z, &x);
    memcpy(r, z.v, sizeof z.v);
}

static void TF_CAT(TF_NAME, _add)(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y, z;
    memcpy(x.v, a, sizeof x.v);
    memcpy(y.v, b, sizeof y.v);
    fe_add(&z, &x, &y);
    memcpy(r, z.v, sizeof z.v);
}

static void TF_CAT(TF_NAME, _sub)(uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y;
    memcpy(x.v, a, sizeof x.v);
    memcpy(y.v, b, sizeof y.v);
    fe_sub(&x, &x, &y);         /* in place: r aliasing a */
    memcpy(r, x.v, sizeof x.v);
}

static void TF_CAT(TF_NAME, _neg)(uint64_t *r, const uint64_t *a)
{
    fe x, z = {{0}};
    memcpy(x.v, a, sizeof x.v);
    fe_sub(&z, &z, &x);         /* ec/fe.h's fe_neg */
    memcpy(r, z.v, sizeof z.v);
}

#ifndef TF_OWN_FIELD
/* fe_half (fe_mont_tmpl.h, EC_HAVE_FE_HALF) on limbs, a < p */
void TF_CAT(TF_NAME, _half)(uint64_t *r, const uint64_t *a)
{
    fe x;
    memcpy(x.v, a, sizeof x.v);
    fe_half(&x, &x);            /* in place: r aliasing a */
    memcpy(r, x.v, sizeof x.v);
}
#endif

/* adx = 1: the MULX/ADCX/ADOX path if this CPU has it (returns 1), 0: the portable C */
TF_PATH_FN(TF_CAT(TF_NAME, _path))

const struct tf_field TF_CAT(TF_NAME, _field) = {
    EC_N, EC_P.v, TF_CAT(TF_NAME, _mul), TF_CAT(TF_NAME, _sqr), TF_CAT(TF_NAME, _add),
    TF_CAT(TF_NAME, _sub), TF_CAT(TF_NAME, _neg), TF_CAT(TF_NAME, _path), 0 /* Montgomery */
};
