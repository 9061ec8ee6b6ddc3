/*
 * tests/unit/test_field.c's instance of the nist/p521 field (curves/nist/p521/field.h:
 * the Mersenne prime, nine 58-bit limbs, plain values, loosely reduced; not the
 * Montgomery template, so not through field_inst.h); fe_mul and fe_sqr on either run-time
 * path (tf_p521_field.path: the MULX one or the portable C).
 *   tf_p521_field   the operations on plain 64-bit limbs (< p): fe_to_dom, the
 *                   operation, fe_from_dom (the fully reduced value)
 *   tf_p521_raw     one operation on the field's own limbs, its result as the field
 *                   keeps it (the loose form, not reduced); TF_MUL4_SUB_LAZY: 4 a^2 - 8b
 *                   (fe_mul4_sub_lazy on a square and a fe_mul8 result, its input
 *                   shapes); TF_SUB2: a - b - a; TF_IS_ZERO: the masks of
 *                   fe_is_zero(a), fe_eq(a, b), fe_eq(a, a) and fe_is_zero(a + 4p - a)
 *                   in r[0..3]
 *   tf_p521_make    loose limbs from nine random words (each limb masked to its bound:
 *                   all-ones words give the largest loose element)
 *   tf_p521_make_wide the same up to the wide form's bounds (fe_mul and fe_sqr's
 *                   inputs, the _lazy routines' results)
 *   tf_p521_in_form whether limbs are within the loose form's bounds
 *   tf_p521_in_wide whether limbs are within the wide form's bounds
 *   tf_p521_value   the value of loose limbs as plain 64-bit limbs (not reduced mod p)
 */
#include <string.h>
#include "field_inst_api.h"
#include "../../curves/nist/p521/field.h"
#include "field_path.h"

void tf_p521_raw(int op, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y, z = {{0}};
    memcpy(x.v, a, sizeof x.v);
    memcpy(y.v, b, sizeof y.v);
    switch (op) {
    case TF_MUL: fe_mul(&z, &x, &y); break;
    case TF_SQR: fe_sqr(&z, &x); break;
    case TF_ADD: fe_add(&z, &x, &y); break;
    case TF_SUB: fe_sub(&x, &x, &y); z = x; break;     /* in place: r aliasing a */
    case TF_MUL4: fe_mul4(&z, &x); break;
    case TF_MUL8: fe_mul8(&x, &x); z = x; break;        /* in place */
    case TF_ADD_LAZY: fe_add_lazy(&z, &x, &y); break;
    case TF_SUB_LAZY: fe_sub_lazy(&z, &x, &y); break;
    case TF_MUL3_LAZY: fe_mul3_lazy(&x, &x); z = x; break; /* in place */
    case TF_MUL4_SUB_LAZY:  /* 4 a^2 - 8b: a product and a carried result in */
        fe_sqr(&x, &x);
        fe_mul8(&y, &y);
        fe_mul4_sub_lazy(&z, &x, &y);
        break;
    case TF_SUB2: fe_sub2(&z, &x, &y, &x); break;      /* a - b - a */
    case TF_SUB_MUL8: fe_sub_mul8(&x, &x, &y); z = x; break; /* in place */
    case TF_IS_ZERO:        /* masks: a = 0, a = b, a = a, a + 4p - a = 0 (mod p) */
        z.v[0] = fe_is_zero(&x);
        z.v[1] = fe_eq(&x, &y);
        z.v[2] = fe_eq(&x, &x);
        fe_sub_lazy(&y, &x, &x);
        z.v[3] = fe_is_zero(&y);
        break;
    default: fe_neg(&z, &x); break;
    }
    memcpy(r, z.v, sizeof z.v);
}

/* the loose form (field.h): limbs 0..7 < 2^59, limb 8 < 2^58 */
void tf_p521_make(uint64_t *a, const uint64_t *rnd)
{
    int i;
    for (i = 0; i < 9; i++)
        a[i] = rnd[i] & (i < 8 ? 2 * P521_M58 + 1 : P521_M58);
}

int tf_p521_in_form(const uint64_t *a)
{
    int i, ok = 1;
    for (i = 0; i < 9; i++)
        ok &= a[i] <= (i < 8 ? 2 * P521_M58 + 1 : P521_M58);
    return ok;
}

/* the wide form (field.h, at fe_mul): limbs 0..7 < 2^61, limb 8 < 2^60 */
#define P521_W61 0x1FFFFFFFFFFFFFFFULL
void tf_p521_make_wide(uint64_t *a, const uint64_t *rnd)
{
    int i;
    for (i = 0; i < 9; i++)
        a[i] = rnd[i] & (i < 8 ? P521_W61 : P521_W61 >> 1);
}

int tf_p521_in_wide(const uint64_t *a)
{
    int i, ok = 1;
    for (i = 0; i < 9; i++)
        ok &= a[i] <= (i < 8 ? P521_W61 : P521_W61 >> 1);
    return ok;
}

void tf_p521_value(uint64_t *v, const uint64_t *a)
{
    int i, k;
    uint64_t c;
    memset(v, 0, 9 * sizeof *v);
    for (i = 8; i >= 0; i--) {              /* v = v 2^58 + a[i]: Horner, value < 2^523 */
        for (k = 8; k > 0; k--)
            v[k] = (v[k] << 58) | (v[k - 1] >> 6);
        v[0] <<= 58;
        c = a[i];
        for (k = 0; k < 9; k++) {
            v[k] += c;
            c = v[k] < c;
        }
    }
}

static void canon_op(int op, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    fe x, y, z;
    memcpy(x.v, a, sizeof x.v);
    memcpy(y.v, b, sizeof y.v);
    fe_to_dom(&x, &x);
    fe_to_dom(&y, &y);
    tf_p521_raw(op, z.v, x.v, y.v);
    fe_from_dom(&z, &z);
    memcpy(r, z.v, sizeof z.v);
}

static void p521_mul(uint64_t *r, const uint64_t *a, const uint64_t *b) { canon_op(TF_MUL, r, a, b); }
static void p521_sqr(uint64_t *r, const uint64_t *a) { canon_op(TF_SQR, r, a, a); }
static void p521_add(uint64_t *r, const uint64_t *a, const uint64_t *b) { canon_op(TF_ADD, r, a, b); }
static void p521_sub(uint64_t *r, const uint64_t *a, const uint64_t *b) { canon_op(TF_SUB, r, a, b); }
static void p521_neg(uint64_t *r, const uint64_t *a) { canon_op(TF_NEG, r, a, a); }

/* the paths of fe_mul and fe_sqr: the MULX one (p521x_mul, p521x_sqr) or the portable
 * C; the other operations have one code */
TF_PATH_FN(p521_path)

const struct tf_field tf_p521_field = {
    EC_N, EC_P.v, p521_mul, p521_sqr, p521_add, p521_sub, p521_neg, p521_path, 1
};
