/*
 * kurv tests: checks of the point API against OpenSSL, for any kurv_curve (built-in
 * or runtime). OpenSSL's group is built from the curve's own parameters
 * (EC_GROUP_new_curve_GFp), so the comparison is independent of kurv's arithmetic.
 */
#ifndef KURV_POINT_CHECK_H
#define KURV_POINT_CHECK_H

#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/kurv.h>
#include "testutil.h"

typedef struct {
    const kurv_curve *c;
    EC_GROUP *g;
    BN_CTX *ctx;
    BIGNUM *n, *p;
    size_t fl, sl;
} pc_env;

static BIGNUM *pc_param(const kurv_curve *c, char which)
{
    size_t len;
    const uint8_t *b = kurv_curve_param(c, which, &len);
    cr_assert(b != NULL);
    return BN_bin2bn(b, (int)len, NULL);
}

static void pc_open(pc_env *e, const kurv_curve *c)
{
    BIGNUM *a = pc_param(c, 'a'), *b = pc_param(c, 'b');
    BIGNUM *gx = pc_param(c, 'x'), *gy = pc_param(c, 'y');
    EC_POINT *g;
    e->c = c;
    e->ctx = BN_CTX_new();
    e->p = pc_param(c, 'p');
    e->n = pc_param(c, 'n');
    e->fl = kurv_curve_field_len(c);
    e->sl = kurv_curve_scalar_len(c);
    e->g = EC_GROUP_new_curve_GFp(e->p, a, b, e->ctx);
    cr_assert(e->g != NULL);
    g = EC_POINT_new(e->g);
    cr_assert(EC_POINT_set_affine_coordinates(e->g, g, gx, gy, e->ctx) == 1);
    cr_assert(EC_GROUP_set_generator(e->g, g, e->n, BN_value_one()) == 1);
    EC_POINT_free(g);
    BN_free(a); BN_free(b); BN_free(gx); BN_free(gy);
}

static void pc_close(pc_env *e)
{
    EC_GROUP_free(e->g);
    BN_free(e->n);
    BN_free(e->p);
    BN_CTX_free(e->ctx);
}

/* OpenSSL's copy of a kurv Jacobian point */
static EC_POINT *pc_to_ossl(pc_env *e, const kurv_jacobian *j)
{
    EC_POINT *r = EC_POINT_new(e->g);
    kurv_affine a;
    uint8_t x[KURV_MAX_FIELD_LEN], y[KURV_MAX_FIELD_LEN];
    kurv_err err = kurv_jacobian_to_affine(&a, j);
    if (err == KURV_ERR_INFINITY) {
        cr_assert(kurv_jacobian_is_infinity(j));
        EC_POINT_set_to_infinity(e->g, r);
        return r;
    }
    cr_assert_eq(err, KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(x, y, &a), KURV_OK);
    {
        BIGNUM *bx = BN_bin2bn(x, (int)e->fl, NULL), *by = BN_bin2bn(y, (int)e->fl, NULL);
        cr_assert(EC_POINT_set_affine_coordinates(e->g, r, bx, by, e->ctx) == 1);
        BN_free(bx); BN_free(by);
    }
    return r;
}

/* kurv copy of an OpenSSL point (Jacobian with Z = 1, or O) */
static void pc_from_ossl(pc_env *e, kurv_jacobian *j, const EC_POINT *p)
{
    uint8_t x[KURV_MAX_FIELD_LEN], y[KURV_MAX_FIELD_LEN];
    BIGNUM *bx = BN_new(), *by = BN_new();
    kurv_affine a;
    if (EC_POINT_is_at_infinity(e->g, p)) {
        cr_assert_eq(kurv_jacobian_set_infinity(e->c, j), KURV_OK);
    } else {
        cr_assert(EC_POINT_get_affine_coordinates(e->g, p, bx, by, e->ctx) == 1);
        cr_assert(BN_bn2binpad(bx, x, (int)e->fl) == (int)e->fl);
        cr_assert(BN_bn2binpad(by, y, (int)e->fl) == (int)e->fl);
        cr_assert_eq(kurv_affine_set_xy(e->c, &a, x, y), KURV_OK);
        cr_assert_eq(kurv_jacobian_from_affine(j, &a), KURV_OK);
    }
    BN_free(bx); BN_free(by);
}

static void pc_assert_same(pc_env *e, const kurv_jacobian *j, const EC_POINT *p, const char *what, size_t it)
{
    EC_POINT *q = pc_to_ossl(e, j);
    cr_assert(EC_POINT_cmp(e->g, q, p, e->ctx) == 0, "%s: %s differs from OpenSSL (iteration %zu)",
              kurv_curve_name(e->c), what, it);
    cr_assert_eq(kurv_jacobian_on_curve(j), KURV_OK);
    EC_POINT_free(q);
}

/* a random scalar of scalar_len bytes (any value: multiplications reduce mod n) */
static void pc_rand_scalar(pc_env *e, uint8_t *k)
{
    cr_assert_eq(kurv_random(k, e->sl), KURV_OK);
}

/* a scalar below n */
static void pc_rand_scalar_lt_n(pc_env *e, uint8_t *k)
{
    BIGNUM *b = BN_new();
    cr_assert(BN_rand_range(b, e->n) == 1);
    cr_assert(BN_bn2binpad(b, k, (int)e->sl) == (int)e->sl);
    BN_free(b);
}

/* a random point with a non-trivial Z (a random multiple of G, then doubled and halved
 * in meaning: k*G computed by the Jacobian ladder leaves Z != 1) */
static void pc_rand_point(pc_env *e, kurv_jacobian *j, EC_POINT *o)
{
    uint8_t k[KURV_MAX_SCALAR_LEN];
    BIGNUM *b;
    pc_rand_scalar(e, k);
    cr_assert_eq(kurv_jacobian_mul_base(e->c, j, k, e->sl), KURV_OK);
    b = BN_bin2bn(k, (int)e->sl, NULL);
    cr_assert(EC_POINT_mul(e->g, o, b, NULL, NULL, e->ctx) == 1);
    BN_free(b);
}

static void pc_check_group_law(const kurv_curve *c, size_t iters)
{
    pc_env e;
    size_t it;
    pc_open(&e, c);
    for (it = 0; it < iters; it++) {
        kurv_jacobian P, Q, R;
        kurv_affine A;
        EC_POINT *op = EC_POINT_new(e.g), *oq = EC_POINT_new(e.g), *or_ = EC_POINT_new(e.g);
        uint8_t k1[KURV_MAX_SCALAR_LEN], k2[KURV_MAX_SCALAR_LEN];
        BIGNUM *b1, *b2;

        pc_rand_point(&e, &P, op);
        pc_rand_point(&e, &Q, oq);
        /* add, add_affine, double, neg */
        cr_assert_eq(kurv_jacobian_add(&R, &P, &Q), KURV_OK);
        EC_POINT_add(e.g, or_, op, oq, e.ctx);
        pc_assert_same(&e, &R, or_, "P + Q", it);
        cr_assert_eq(kurv_jacobian_to_affine(&A, &Q), KURV_OK);
        cr_assert_eq(kurv_affine_on_curve(&A), KURV_OK);
        cr_assert_eq(kurv_jacobian_add_affine(&R, &P, &A), KURV_OK);
        pc_assert_same(&e, &R, or_, "P + affine Q", it);
        cr_assert(kurv_jacobian_equal_affine(&Q, &A));
        cr_assert(!kurv_jacobian_equal_affine(&P, &A));
        cr_assert_eq(kurv_jacobian_double(&R, &P), KURV_OK);
        EC_POINT_dbl(e.g, or_, op, e.ctx);
        pc_assert_same(&e, &R, or_, "2P", it);
        cr_assert_eq(kurv_jacobian_neg(&R, &P), KURV_OK);
        EC_POINT_copy(or_, op);
        EC_POINT_invert(e.g, or_, e.ctx);
        pc_assert_same(&e, &R, or_, "-P", it);
        /* k*P, k*G, u1*P + u2*Q */
        pc_rand_scalar(&e, k1);
        pc_rand_scalar(&e, k2);
        b1 = BN_bin2bn(k1, (int)e.sl, NULL);
        b2 = BN_bin2bn(k2, (int)e.sl, NULL);
        cr_assert_eq(kurv_jacobian_mul(&R, k1, e.sl, &P), KURV_OK);
        EC_POINT_mul(e.g, or_, NULL, op, b1, e.ctx);
        pc_assert_same(&e, &R, or_, "k*P", it);
        cr_assert_eq(kurv_jacobian_mul_base(c, &R, k1, e.sl), KURV_OK);
        EC_POINT_mul(e.g, or_, b1, NULL, NULL, e.ctx);
        pc_assert_same(&e, &R, or_, "k*G", it);
        cr_assert_eq(kurv_jacobian_mul2_vartime(&R, k1, &P, k2, &Q, e.sl), KURV_OK);
        {
            EC_POINT *t = EC_POINT_new(e.g);
            EC_POINT_mul(e.g, or_, NULL, op, b1, e.ctx);
            EC_POINT_mul(e.g, t, NULL, oq, b2, e.ctx);
            EC_POINT_add(e.g, or_, or_, t, e.ctx);
            EC_POINT_free(t);
        }
        pc_assert_same(&e, &R, or_, "u1*P + u2*Q", it);
        BN_free(b1); BN_free(b2);
        EC_POINT_free(op); EC_POINT_free(oq); EC_POINT_free(or_);
    }
    pc_close(&e);
}

static void pc_check_exceptional(const kurv_curve *c)
{
    pc_env e;
    kurv_jacobian P, N, O, R, T;
    kurv_affine A;
    EC_POINT *op;
    uint8_t k[KURV_MAX_SCALAR_LEN];
    size_t which;
    pc_open(&e, c);
    op = EC_POINT_new(e.g);
    pc_rand_point(&e, &P, op);
    cr_assert_eq(kurv_jacobian_set_infinity(c, &O), KURV_OK);
    cr_assert(kurv_jacobian_is_infinity(&O));
    cr_assert_eq(kurv_jacobian_on_curve(&O), KURV_OK);
    cr_assert_eq(kurv_jacobian_to_affine(&A, &O), KURV_ERR_INFINITY);
    cr_assert_eq(kurv_jacobian_neg(&N, &P), KURV_OK);
    /* P + P = 2P */
    cr_assert_eq(kurv_jacobian_add(&R, &P, &P), KURV_OK);
    cr_assert_eq(kurv_jacobian_double(&T, &P), KURV_OK);
    cr_assert(kurv_jacobian_equal(&R, &T));
    cr_assert_eq(kurv_jacobian_to_affine(&A, &P), KURV_OK);
    cr_assert_eq(kurv_jacobian_add_affine(&R, &P, &A), KURV_OK);
    cr_assert(kurv_jacobian_equal(&R, &T));
    /* P + (-P) = O */
    cr_assert_eq(kurv_jacobian_add(&R, &P, &N), KURV_OK);
    cr_assert(kurv_jacobian_is_infinity(&R));
    cr_assert(kurv_jacobian_equal(&R, &O));
    cr_assert_eq(kurv_jacobian_add_affine(&R, &N, &A), KURV_OK);
    cr_assert(kurv_jacobian_is_infinity(&R));
    /* P + O = O + P = P; O + O = O; 2O = O; -O = O */
    cr_assert_eq(kurv_jacobian_add(&R, &P, &O), KURV_OK);
    cr_assert(kurv_jacobian_equal(&R, &P));
    cr_assert_eq(kurv_jacobian_add(&R, &O, &P), KURV_OK);
    cr_assert(kurv_jacobian_equal(&R, &P));
    cr_assert_eq(kurv_jacobian_add_affine(&R, &O, &A), KURV_OK);
    cr_assert(kurv_jacobian_equal(&R, &P));
    cr_assert(kurv_jacobian_equal_affine(&R, &A));
    cr_assert(!kurv_jacobian_equal_affine(&O, &A));
    cr_assert(!kurv_jacobian_equal(&O, &P));
    cr_assert_eq(kurv_jacobian_add(&R, &O, &O), KURV_OK);
    cr_assert(kurv_jacobian_is_infinity(&R));
    cr_assert_eq(kurv_jacobian_double(&R, &O), KURV_OK);
    cr_assert(kurv_jacobian_is_infinity(&R));
    cr_assert_eq(kurv_jacobian_neg(&R, &O), KURV_OK);
    cr_assert(kurv_jacobian_is_infinity(&R));
    /* scalars 0, 1, n - 1, n, n + 1 (when it fits) for k*P, k*G and the table */
    for (which = 0; which < 5; which++) {
        BIGNUM *b = BN_new();
        EC_POINT *want = EC_POINT_new(e.g);
        kurv_jacobian R2;
        if (which == 0) BN_zero(b);
        else if (which == 1) BN_one(b);
        else if (which == 2) { BN_copy(b, e.n); BN_sub_word(b, 1); }
        else if (which == 3) BN_copy(b, e.n);
        else { BN_copy(b, e.n); BN_add_word(b, 1); }
        if (BN_num_bytes(b) > (int)e.sl) { BN_free(b); EC_POINT_free(want); continue; }
        cr_assert(BN_bn2binpad(b, k, (int)e.sl) == (int)e.sl);
        cr_assert(EC_POINT_mul(e.g, want, NULL, op, b, e.ctx) == 1);
        cr_assert_eq(kurv_jacobian_mul(&R, k, e.sl, &P), KURV_OK);
        pc_assert_same(&e, &R, want, "k*P at an edge scalar", which);
        cr_assert_eq(kurv_jacobian_mul(&R2, k, e.sl, &O), KURV_OK);
        cr_assert(kurv_jacobian_is_infinity(&R2));
        cr_assert(EC_POINT_mul(e.g, want, b, NULL, NULL, e.ctx) == 1);
        cr_assert_eq(kurv_jacobian_mul_base(c, &R, k, e.sl), KURV_OK);
        pc_assert_same(&e, &R, want, "k*G at an edge scalar", which);
        /* u1*P + u2*(-P) with u1 = u2: O */
        cr_assert_eq(kurv_jacobian_mul2_vartime(&R, k, &P, k, &N, e.sl), KURV_OK);
        cr_assert(kurv_jacobian_is_infinity(&R));
        /* u1*P + u2*P = 2k*P */
        cr_assert_eq(kurv_jacobian_mul2_vartime(&R, k, &P, k, &P, e.sl), KURV_OK);
        cr_assert(EC_POINT_mul(e.g, want, NULL, op, b, e.ctx) == 1);
        cr_assert(EC_POINT_dbl(e.g, want, want, e.ctx) == 1);
        pc_assert_same(&e, &R, want, "k*P + k*P", which);
        BN_free(b);
        EC_POINT_free(want);
    }
    /* batch conversion with O in the middle */
    {
        kurv_jacobian in[5];
        kurv_affine out[5];
        in[0] = P; in[1] = O; in[2] = N; in[3] = T; in[4] = O;
        cr_assert_eq(kurv_jacobian_batch_to_affine(out, in, 5), KURV_ERR_INFINITY);
        cr_assert(kurv_jacobian_equal_affine(&P, &out[0]));
        cr_assert(out[1].curve == NULL && out[4].curve == NULL);
        cr_assert(kurv_jacobian_equal_affine(&N, &out[2]));
        cr_assert(kurv_jacobian_equal_affine(&T, &out[3]));
        cr_assert_eq(kurv_jacobian_batch_to_affine(out, in, 1), KURV_OK);
        cr_assert_eq(kurv_jacobian_batch_to_affine(out, in, 0), KURV_OK);
    }
    EC_POINT_free(op);
    pc_close(&e);
}

static void pc_check_blinding(const kurv_curve *c, size_t iters)
{
    pc_env e;
    size_t it;
    pc_open(&e, c);
    for (it = 0; it < iters; it++) {
        uint8_t s[KURV_MAX_SCALAR_LEN], r[KURV_MAX_SCALAR_LEN], si[KURV_MAX_SCALAR_LEN], one[KURV_MAX_SCALAR_LEN];
        kurv_jacobian A, B, C, D, W;
        EC_POINT *oa = EC_POINT_new(e.g);
        pc_rand_point(&e, &A, oa);
        cr_assert_eq(kurv_keygen(c, s, e.sl, NULL, NULL, 0), KURV_OK);
        cr_assert_eq(kurv_keygen(c, r, e.sl, NULL, NULL, 0), KURV_OK);
        cr_assert_eq(kurv_scalar_inv(c, si, s), KURV_OK);
        cr_assert_eq(kurv_scalar_mul(c, one, s, si), KURV_OK);
        cr_assert(one[e.sl - 1] == 1);
        cr_assert_eq(kurv_jacobian_mul(&B, s, e.sl, &A), KURV_OK);    /* blinded by s */
        cr_assert_eq(kurv_jacobian_mul(&C, r, e.sl, &B), KURV_OK);    /* then by r */
        cr_assert_eq(kurv_jacobian_mul(&D, si, e.sl, &C), KURV_OK);   /* unblinded by s^-1 */
        cr_assert_eq(kurv_jacobian_mul(&W, r, e.sl, &A), KURV_OK);
        cr_assert(kurv_jacobian_equal(&D, &W), "%s: blinding round trip", kurv_curve_name(c));
        cr_assert(!kurv_jacobian_equal(&B, &W));
        EC_POINT_free(oa);
    }
    pc_close(&e);
}

static void pc_check_scalars(const kurv_curve *c, size_t iters)
{
    pc_env e;
    size_t it;
    pc_open(&e, c);
    for (it = 0; it < iters; it++) {
        uint8_t a[KURV_MAX_SCALAR_LEN], b[KURV_MAX_SCALAR_LEN], r[KURV_MAX_SCALAR_LEN], w[KURV_MAX_SCALAR_LEN];
        uint8_t wide[2 * KURV_MAX_SCALAR_LEN];
        BIGNUM *ba, *bb, *br = BN_new();
        size_t wl;
        pc_rand_scalar_lt_n(&e, a);
        pc_rand_scalar_lt_n(&e, b);
        if (it == 0) memset(a, 0, e.sl);
        if (it == 1) { BIGNUM *t = BN_dup(e.n); BN_sub_word(t, 1); BN_bn2binpad(t, a, (int)e.sl); BN_free(t); }
        ba = BN_bin2bn(a, (int)e.sl, NULL);
        bb = BN_bin2bn(b, (int)e.sl, NULL);
#define PC_CMP(what) do { cr_assert(BN_bn2binpad(br, w, (int)e.sl) == (int)e.sl); \
        cr_assert(memcmp(r, w, e.sl) == 0, "%s: scalar %s", kurv_curve_name(c), what); } while (0)
        cr_assert_eq(kurv_scalar_add(c, r, a, b), KURV_OK);
        BN_mod_add(br, ba, bb, e.n, e.ctx); PC_CMP("add");
        cr_assert_eq(kurv_scalar_sub(c, r, a, b), KURV_OK);
        BN_mod_sub(br, ba, bb, e.n, e.ctx); PC_CMP("sub");
        cr_assert_eq(kurv_scalar_mul(c, r, a, b), KURV_OK);
        BN_mod_mul(br, ba, bb, e.n, e.ctx); PC_CMP("mul");
        cr_assert_eq(kurv_scalar_neg(c, r, a), KURV_OK);
        BN_mod_sub(br, BN_value_one(), BN_value_one(), e.n, e.ctx);
        BN_mod_sub(br, br, ba, e.n, e.ctx); PC_CMP("neg");
        if (BN_is_zero(ba)) {
            cr_assert_eq(kurv_scalar_inv(c, r, a), KURV_ERR_ARG);
        } else {
            cr_assert_eq(kurv_scalar_inv(c, r, a), KURV_OK);
            cr_assert(BN_mod_inverse(br, ba, e.n, e.ctx) != NULL); PC_CMP("inv");
        }
        /* wide reduction: every length from 0 to 2*scalar_len + 2 over the iterations */
        wl = it % (2 * e.sl + 3);
        if (wl > 2 * KURV_MAX_SCALAR_LEN) wl = 2 * KURV_MAX_SCALAR_LEN;
        cr_assert_eq(kurv_random(wide, sizeof wide), KURV_OK);
        if (it == 2) memset(wide, 0xff, sizeof wide);
        cr_assert_eq(kurv_scalar_reduce(c, r, wide, wl), KURV_OK);
        {
            BIGNUM *bw = BN_bin2bn(wide, (int)wl, NULL);
            BN_nnmod(br, bw, e.n, e.ctx);
            BN_free(bw);
        }
        PC_CMP("reduce");
#undef PC_CMP
        BN_free(ba); BN_free(bb); BN_free(br);
    }
    {   /* inputs >= n are rejected */
        uint8_t a[KURV_MAX_SCALAR_LEN], r[KURV_MAX_SCALAR_LEN];
        memcpy(a, kurv_curve_param(c, 'n', NULL), e.sl);
        cr_assert_eq(kurv_scalar_add(c, r, a, a), KURV_ERR_ARG);
        cr_assert_eq(kurv_scalar_neg(c, r, a), KURV_ERR_ARG);
        cr_assert_eq(kurv_scalar_inv(c, r, a), KURV_ERR_ARG);
        cr_assert_eq(kurv_scalar_reduce(c, r, a, 2 * KURV_MAX_SCALAR_LEN + 1), KURV_ERR_ARG);
    }
    pc_close(&e);
}

static void pc_check_sqrt(const kurv_curve *c, size_t iters)
{
    pc_env e;
    size_t it, squares = 0, non = 0;
    pc_open(&e, c);
    for (it = 0; it < iters; it++) {
        uint8_t a[KURV_MAX_FIELD_LEN], r[KURV_MAX_FIELD_LEN], w[KURV_MAX_FIELD_LEN];
        BIGNUM *ba = BN_new(), *bs = BN_new();
        kurv_err err;
        cr_assert(BN_rand_range(ba, e.p) == 1);
        if (it == 0) BN_zero(ba);
        cr_assert(BN_bn2binpad(ba, a, (int)e.fl) == (int)e.fl);
        err = kurv_field_sqrt(c, r, a);
        ERR_set_mark();
        if (BN_mod_sqrt(bs, ba, e.p, e.ctx) != NULL) {
            ERR_pop_to_mark();
            squares++;
            cr_assert_eq(err, KURV_OK);
            if (BN_is_odd(bs))
                BN_sub(bs, e.p, bs);
            cr_assert(BN_bn2binpad(bs, w, (int)e.fl) == (int)e.fl);
            cr_assert(memcmp(r, w, e.fl) == 0, "%s: sqrt", kurv_curve_name(c));
        } else {
            ERR_pop_to_mark();
            non++;
            cr_assert_eq(err, KURV_ERR_POINT);
        }
        BN_free(ba); BN_free(bs);
    }
    cr_assert(squares > 0 && non > 0);
    pc_close(&e);
}

/* A random walk kept in Jacobian form by kurv and in affine form by OpenSSL: after
 * each step (add a random point, add affine, double, negate, multiply) the two agree. */
static void pc_check_random_walk(const kurv_curve *c, size_t steps)
{
    pc_env e;
    kurv_jacobian acc, P;
    kurv_affine A;
    EC_POINT *oacc, *op;
    size_t it;
    uint8_t pick;
    pc_open(&e, c);
    oacc = EC_POINT_new(e.g);
    op = EC_POINT_new(e.g);
    pc_rand_point(&e, &acc, oacc);
    for (it = 0; it < steps; it++) {
        cr_assert_eq(kurv_random(&pick, 1), KURV_OK);
        switch (pick % 6) {
        case 0:
            pc_rand_point(&e, &P, op);
            cr_assert_eq(kurv_jacobian_add(&acc, &acc, &P), KURV_OK);
            EC_POINT_add(e.g, oacc, oacc, op, e.ctx);
            break;
        case 1:
            pc_rand_point(&e, &P, op);
            cr_assert_eq(kurv_jacobian_to_affine(&A, &P), KURV_OK);
            cr_assert_eq(kurv_jacobian_add_affine(&acc, &acc, &A), KURV_OK);
            EC_POINT_add(e.g, oacc, oacc, op, e.ctx);
            break;
        case 2:
            cr_assert_eq(kurv_jacobian_double(&acc, &acc), KURV_OK);
            EC_POINT_dbl(e.g, oacc, oacc, e.ctx);
            break;
        case 3:
            cr_assert_eq(kurv_jacobian_neg(&acc, &acc), KURV_OK);
            EC_POINT_invert(e.g, oacc, e.ctx);
            break;
        case 4: {   /* add itself: the P + P case of the addition */
            P = acc;
            cr_assert_eq(kurv_jacobian_add(&acc, &acc, &P), KURV_OK);
            EC_POINT_dbl(e.g, oacc, oacc, e.ctx);
            break;
        }
        default: {
            uint8_t k[KURV_MAX_SCALAR_LEN];
            BIGNUM *b;
            pc_rand_scalar(&e, k);
            b = BN_bin2bn(k, (int)e.sl, NULL);
            cr_assert_eq(kurv_jacobian_mul(&acc, k, e.sl, &acc), KURV_OK);
            EC_POINT_mul(e.g, oacc, NULL, oacc, b, e.ctx);
            BN_free(b);
            break;
        }
        }
        pc_assert_same(&e, &acc, oacc, "random walk", it);
        /* the affine copy by kurv agrees without conversion */
        if (!kurv_jacobian_is_infinity(&acc)) {
            kurv_jacobian back;
            cr_assert_eq(kurv_jacobian_to_affine(&A, &acc), KURV_OK);
            cr_assert(kurv_jacobian_equal_affine(&acc, &A));
            cr_assert_eq(kurv_jacobian_from_affine(&back, &A), KURV_OK);
            cr_assert(kurv_jacobian_equal(&back, &acc));
        } else {
            pc_from_ossl(&e, &acc, oacc);   /* restart the walk from O */
            pc_rand_point(&e, &acc, oacc);
        }
    }
    EC_POINT_free(oacc);
    EC_POINT_free(op);
    pc_close(&e);
}

static void pc_check_tables(const kurv_curve *c, size_t iters)
{
    pc_env e;
    size_t len = kurv_table_len(c), it;
    uint64_t *tab = malloc(len);
    kurv_jacobian P, R, W;
    kurv_affine A;
    EC_POINT *op;
    cr_assert(tab != NULL && len > 0);
    pc_open(&e, c);
    op = EC_POINT_new(e.g);
    pc_rand_point(&e, &P, op);
    cr_assert_eq(kurv_jacobian_to_affine(&A, &P), KURV_OK);
    cr_assert_eq(kurv_table_build(c, tab, len - 1, &A), KURV_ERR_BUFFER);
    cr_assert_eq(kurv_table_build(c, (uint8_t *)tab + 1, len, &A), KURV_ERR_BUFFER);
    cr_assert_eq(kurv_table_build(c, tab, len, &A), KURV_OK);
    for (it = 0; it < iters + 4; it++) {
        uint8_t k[KURV_MAX_SCALAR_LEN];
        pc_rand_scalar(&e, k);
        if (it == 0) memset(k, 0, e.sl);
        if (it == 1) { memset(k, 0, e.sl); k[e.sl - 1] = 1; }
        if (it == 2) { memcpy(k, kurv_curve_param(c, 'n', NULL), e.sl); }
        if (it == 3) { memcpy(k, kurv_curve_param(c, 'n', NULL), e.sl); k[e.sl - 1] -= 1; }
        cr_assert_eq(kurv_table_mul(c, &R, tab, len, k, e.sl), KURV_OK);
        cr_assert_eq(kurv_jacobian_mul(&W, k, e.sl, &P), KURV_OK);
        cr_assert(kurv_jacobian_equal(&R, &W), "%s: table product %zu", kurv_curve_name(c), it);
        if (it < 4) {
            BIGNUM *b = BN_bin2bn(k, (int)e.sl, NULL);
            EC_POINT *want = EC_POINT_new(e.g);
            EC_POINT_mul(e.g, want, NULL, op, b, e.ctx);
            pc_assert_same(&e, &R, want, "table product at an edge scalar", it);
            BN_free(b);
            EC_POINT_free(want);
        }
    }
    {   /* a point off the curve is refused */
        kurv_affine bad = A;
        bad.y[0] ^= 1;
        cr_assert_eq(kurv_table_build(c, tab, len, &bad), KURV_ERR_POINT);
    }
    EC_POINT_free(op);
    free(tab);
    pc_close(&e);
}

static void pc_check_bad_input(const kurv_curve *c)
{
    pc_env e;
    uint8_t x[KURV_MAX_FIELD_LEN], y[KURV_MAX_FIELD_LEN], k[KURV_MAX_SCALAR_LEN] = {1};
    kurv_affine A;
    kurv_jacobian P, R;
    pc_open(&e, c);
    memcpy(x, kurv_curve_param(c, 'x', NULL), e.fl);
    memcpy(y, kurv_curve_param(c, 'y', NULL), e.fl);
    cr_assert_eq(kurv_affine_set_xy(c, &A, x, y), KURV_OK);
    cr_assert_eq(kurv_jacobian_from_affine(&P, &A), KURV_OK);
    y[e.fl - 1] ^= 1;
    cr_assert_eq(kurv_affine_set_xy(c, &A, x, y), KURV_ERR_POINT);
    cr_assert(A.curve == NULL);
    memcpy(x, kurv_curve_param(c, 'p', NULL), e.fl);
    cr_assert_eq(kurv_affine_set_xy(c, &A, x, y), KURV_ERR_POINT);
    cr_assert_eq(kurv_affine_from_x(c, &A, x, 0), KURV_ERR_POINT);
    cr_assert_eq(kurv_field_sqrt(c, y, x), KURV_ERR_POINT);
    cr_assert_eq(kurv_affine_set_xy(NULL, &A, x, y), KURV_ERR_ARG);
    cr_assert_eq(kurv_jacobian_mul(&R, k, e.sl + 1, &P), KURV_ERR_ARG);
    cr_assert_eq(kurv_jacobian_mul_base(c, &R, k, e.sl - 1), KURV_ERR_ARG);
    cr_assert_eq(kurv_jacobian_add(&R, NULL, &P), KURV_ERR_ARG);
    /* a Jacobian point moved off the curve */
    R = P;
    R.y[0] ^= 2;
    cr_assert_eq(kurv_jacobian_on_curve(&R), KURV_ERR_POINT);
    {   /* two curves do not mix */
        size_t i;
        for (i = 0; i < kt_ncurves; i++) {
            kurv_jacobian Q;
            if (kt_curves[i] == c)
                continue;
            cr_assert_eq(kurv_jacobian_set_infinity(kt_curves[i], &Q), KURV_OK);
            cr_assert_eq(kurv_jacobian_add(&R, &P, &Q), KURV_ERR_CURVE);
            cr_assert(!kurv_jacobian_equal(&P, &Q));
            break;
        }
    }
    pc_close(&e);
}

#endif
