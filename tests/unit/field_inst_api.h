/* tests/unit: one instance of a field (field_inst.h), by limbs */
#ifndef KURV_TEST_FIELD_INST_API_H
#define KURV_TEST_FIELD_INST_API_H
#include <stddef.h>
#include <stdint.h>

struct tf_field {
    size_t n;                                   /* limbs */
    const uint64_t *p;                          /* the prime */
    void (*mul)(uint64_t *r, const uint64_t *a, const uint64_t *b);   /* a b / R mod p */
    void (*sqr)(uint64_t *r, const uint64_t *a);                     /* a^2 / R mod p */
    void (*add)(uint64_t *r, const uint64_t *a, const uint64_t *b);   /* a + b mod p */
    void (*sub)(uint64_t *r, const uint64_t *a, const uint64_t *b);   /* a - b mod p */
    void (*neg)(uint64_t *r, const uint64_t *a);                     /* -a mod p */
    int (*path)(int adx);   /* choose the path; returns 1 if the ADX path is now in use */
    int plain;              /* 1: mul and sqr give a b and a^2 mod p (no R^-1) */
};

extern const struct tf_field tf_p256_field, tf_p384_field, tf_bp256_field, tf_bp384_field, tf_bp512_field;
/* the generic Montgomery field as a run-time curve builds it (field_rt.c, field_rt6.c,
 * field_rt8.c) */
extern const struct tf_field tf_rt4_field, tf_rt6_field, tf_rt8_field;
/* fe_half, r = a / 2 mod p for a < p: P-256's and P-384's own (field_p256.c,
 * field_p384.c), the generic field's (field_inst.h) */
void tf_p256_half(uint64_t *r, const uint64_t *a);
void tf_p384_half(uint64_t *r, const uint64_t *a);
void tf_bp256_half(uint64_t *r, const uint64_t *a);
void tf_bp384_half(uint64_t *r, const uint64_t *a);
void tf_bp512_half(uint64_t *r, const uint64_t *a);
void tf_rt4_half(uint64_t *r, const uint64_t *a);
void tf_rt6_half(uint64_t *r, const uint64_t *a);   /* defined, not tested: rt4's covers the code */
void tf_rt8_half(uint64_t *r, const uint64_t *a);
/* P-384's fe_sub2 (r = a - b - c mod p) and fe_mul3_lazy (r = 3a mod p), a, b, c < p
 * (field_p384.c) */
void tf_p384_sub2(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *c);
void tf_p384_mul3(uint64_t *r, const uint64_t *a);

/* P-521 (field_p521.c, plain values; see there): the operations on the field's own
 * loose limbs, and the helpers that make, check and read such limbs */
extern const struct tf_field tf_p521_field;
enum { TF_MUL, TF_SQR, TF_ADD, TF_SUB, TF_NEG, TF_MUL4, TF_MUL8,
       TF_ADD_LAZY, TF_SUB_LAZY, TF_MUL3_LAZY, TF_MUL4_SUB_LAZY, TF_SUB2, TF_SUB_MUL8,
       TF_IS_ZERO };
void tf_p521_raw(int op, uint64_t *r, const uint64_t *a, const uint64_t *b);
void tf_p521_make(uint64_t *a, const uint64_t *rnd);
void tf_p521_make_wide(uint64_t *a, const uint64_t *rnd);
int tf_p521_in_form(const uint64_t *a);
int tf_p521_in_wide(const uint64_t *a);
void tf_p521_value(uint64_t *v, const uint64_t *a);
#endif
