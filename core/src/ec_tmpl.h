/*
 * kurv internal: the curve "template". A curve's .c file defines its field and
 * then includes this file, which instantiates (as static functions, specialised
 * at compile time for the limb count) the field helpers, the point formulas and
 * the scalar multiplications behind struct kurv_curve_ops.
 *
 * The includer defines before inclusion:
 *   EC_N            64-bit limbs of a field element
 *   EC_FLEN         bytes of a field element; EC_SLEN bytes of a scalar
 *   EC_ORDER_BITS   bits of the group order n
 *   EC_A_KIND       EC_A_ZERO, EC_A_MINUS3 or EC_A_GENERIC
 *   EC_BASE_W       window width (bits) of the fixed-base table
 *   and the field core, all constant time, elements fully reduced (< p) unless the
 *   field says otherwise (see the field-helpers section):
 *     static const fe EC_P;                           the prime as limbs
 *     static void fe_mul(fe *r, const fe *a, const fe *b);
 *     static void fe_sqr(fe *r, const fe *a);
 *     static void fe_to_dom(fe *r, const fe *plain);  enter the field's representation
 *     static void fe_from_dom(fe *r, const fe *a);    leave it (fully reduced plain limbs)
 *   optionally fe_inv (EC_HAVE_FE_INV), fe_inv_vartime (EC_HAVE_FE_INV_VARTIME; by
 *   default safegcd on the plain value) and the hooks of the field-helpers section
 *   (EC_HAVE_FE_ADDSUB, EC_HAVE_FE_EQ) for a representation that is not fully reduced;
 *   optionally EC_BASE_JACOBIAN when n is close to 2^EC_ORDER_BITS (see pt_mul_base_ct);
 *   then includes ec_types_tmpl.h and defines the constants ec_k (struct ec_consts) and,
 *   unless EC_NO_TABLE is defined (in the table generator), the generated
 *   ec_base_table[EC_BASE_WINDOWS][EC_BASE_ENTRIES].
 *
 * Points are in homogeneous projective coordinates (X:Y:Z), x = X/Z, y = Y/Z,
 * with the identity O = (0:1:0), and are added with the complete formulas of
 * Renes, Costello and Batina (EUROCRYPT 2016, eprint 2015/1060): no input,
 * including O, P + P and P + (-P), is an exceptional case, so the constant-time
 * multiplications below need no special-case branches.
 */
#ifndef EC_N
#error "define EC_N and the field before including ec_tmpl.h"
#endif

#include <string.h>
#include "mont_impl.h"
#include "safegcd.h"
#include "curve_impl.h"
#include "ct.h"



#include "ec_types_tmpl.h"
#define ec_k_one() (ec_k.one)

/* The odd multiples of G for verification (optional, see pt_mul2_vartime): a curve's
 * gen.c defines EC_G_WNAF_W (window) and EC_G_TABLES (1, or 2 for a GLV curve: G and
 * 2^EC_G_SPLIT_BITS G); the generated header repeats both for curve.c. */
#ifdef EC_G_WNAF_W
#ifndef EC_G_TABLES
#define EC_G_TABLES 1
#endif
#define EC_G_SPLIT_BITS ((EC_ORDER_BITS + EC_G_TABLES - 1) / EC_G_TABLES)
#endif

/* ---------------------------------------------------------------- field helpers */

/*
 * A field whose elements are not kept fully reduced (e.g. unsaturated limbs with
 * lazy carries) supplies its own versions of these hooks before inclusion:
 *   EC_HAVE_FE_ADDSUB  fe_add, fe_sub, fe_neg (results in the field's representation)
 *   EC_HAVE_FE_EQ      fe_is_zero, fe_eq (on the value mod p, whatever the representation)
 * fe_to_dom / fe_from_dom then convert between plain fully reduced limbs
 * (EC_N 64-bit limbs, as EC_P) and that representation. By default elements are
 * fully reduced limbs and these are the modular add/subtract below.
 */
#ifndef EC_HAVE_FE_ADDSUB
/* EC_HAVE_FE_ADD: a field with fully reduced elements supplies its own (faster) fe_add
 * and fe_sub with the same contract; fe_neg is then derived from fe_sub. */
#ifndef EC_HAVE_FE_ADD
static inline void fe_add(fe *r, const fe *a, const fe *b) { kl_modadd(EC_N, r->v, a->v, b->v, EC_P.v); }
static inline void fe_sub(fe *r, const fe *a, const fe *b) { kl_modsub(EC_N, r->v, a->v, b->v, EC_P.v); }
#endif
static inline void fe_neg(fe *r, const fe *a) { fe z = {{0}}; fe_sub(r, &z, a); }
#endif
static inline void fe_cmov(fe *r, const fe *a, uint64_t mask) { kl_cmov(EC_N, r->v, a->v, mask); }
/* fe_canon: the one representation of a value mod p (for fields not kept fully reduced,
 * EC_HAVE_FE_CANON; the identity otherwise), so that limbs can be compared or stored. */
#ifndef EC_HAVE_FE_CANON
static inline void fe_canon(fe *r, const fe *a) { *r = *a; }
#endif
#ifndef EC_HAVE_FE_EQ
static inline uint64_t fe_is_zero(const fe *a) { return kl_is_zero(EC_N, a->v); }
static inline uint64_t fe_eq(const fe *a, const fe *b)
{
    fe d;
    size_t i;
    for (i = 0; i < EC_N; i++)
        d.v[i] = a->v[i] ^ b->v[i];
    return fe_is_zero(&d);
}
#endif

/* Parse EC_FLEN big-endian bytes; return all-ones if the value is < p (r is set either way). */
static uint64_t fe_from_bytes(fe *r, const uint8_t *b)
{
    fe t, d;
    uint64_t bw;
    kl_from_be(EC_N, t.v, b, EC_FLEN);
    bw = kl_sub(EC_N, d.v, t.v, EC_P.v);
    fe_to_dom(r, &t);   /* to_dom of a value >= p is harmless: the caller rejects it */
    return 0 - bw;
}

static void fe_to_bytes(uint8_t *b, const fe *a)
{
    fe t;
    fe_from_dom(&t, a);
    kl_to_be(EC_N, b, EC_FLEN, t.v);
}

/* parity of the plain value */
static uint64_t fe_is_odd(const fe *a)
{
    fe t;
    fe_from_dom(&t, a);
    return t.v[0] & 1;
}

/* r = a^e, exponent given as plain limbs (public), 4-bit fixed window. */
static void fe_pow_pub(fe *r, const fe *a, const uint64_t *e)
{
    fe tab[16], acc;
    int i, j, started = 0;

    tab[1] = *a;
    for (i = 2; i < 16; i++)
        fe_mul(&tab[i], &tab[i - 1], a);
    acc = ec_k_one();
    for (i = EC_N * 16 - 1; i >= 0; i--) {
        unsigned nib = (unsigned)(e[i / 16] >> (4 * (i % 16))) & 15u;
        if (started)
            for (j = 0; j < 4; j++)
                fe_sqr(&acc, &acc);
        if (nib) {
            fe_mul(&acc, &acc, &tab[nib]);
            started = 1;
        }
    }
    *r = acc;
}

#ifndef EC_HAVE_FE_INV
/* r = a^(p-2) = a^-1 (0 maps to 0). Constant time in a. */
static void fe_inv(fe *r, const fe *a)
{
    fe e, two = {{2}};
    kl_sub(EC_N, e.v, EC_P.v, two.v);
    fe_pow_pub(r, a, e.v);
}
#endif

/*
 * fe_inv_vartime: r = a^-1 (0 maps to 0) for a PUBLIC a only (normalising the result
 * of a verification or of a public multi-scalar product): Bernstein-Yang divsteps
 * (safegcd.h) on the plain value, variable time. A field may supply its own
 * (EC_HAVE_FE_INV_VARTIME), e.g. fe_inv where that is faster. Secret values always go
 * through fe_inv.
 */
#ifndef EC_HAVE_FE_INV_VARTIME
static void fe_inv_vartime(fe *r, const fe *a)
{
    fe x, y;
    fe_from_dom(&x, a);                         /* plain, fully reduced */
    kl_inv_safegcd_vartime(EC_N, y.v, x.v, EC_P.v);
    fe_to_dom(r, &y);                           /* 0 stays 0 */
}
#endif

/* Square root for p = 3 mod 4: r = a^((p+1)/4). Return all-ones if r^2 = a.
 * A field may define EC_FE_SQRT_CHAIN(r, a), an addition chain for this power. */
static uint64_t fe_sqrt(fe *r, const fe *a)
{
    fe e, one = {{1}}, chk;
    size_t i;
    kl_add(EC_N, e.v, EC_P.v, one.v);   /* p + 1 < 2^(64 EC_N) for every curve we ship */
    for (i = 0; i < EC_N; i++)          /* >> 2 */
        e.v[i] = (e.v[i] >> 2) | (i + 1 < EC_N ? e.v[i + 1] << 62 : 0);
#ifdef EC_FE_SQRT_CHAIN
    (void)e;
    EC_FE_SQRT_CHAIN(r, a);             /* the field's addition chain for this exponent */
#else
    fe_pow_pub(r, a, e.v);
#endif
    fe_sqr(&chk, r);
    return fe_eq(&chk, a);
}

static inline void fe_mul_a(fe *r, const fe *x)
{
#if EC_A_KIND == EC_A_ZERO
    (void)x;
    memset(r, 0, sizeof *r);
#elif EC_A_KIND == EC_A_MINUS3
    fe t;
    fe_add(&t, x, x);
    fe_add(&t, &t, x);
    fe_neg(r, &t);
#else
    fe_mul(r, x, &ec_k.a);
#endif
}

static inline void fe_mul_b3(fe *r, const fe *x) { fe_mul(r, x, &ec_k.b3); }

/* ---------------------------------------------------------------- points */

static inline void pt_set_inf(ec_pt *r)
{
    memset(r, 0, sizeof *r);
    r->y = ec_k_one();
}

static inline void pt_from_aff(ec_pt *r, const ec_aff *a)
{
    r->x = a->x;
    r->y = a->y;
    r->z = ec_k_one();
}

static inline void pt_cmov(ec_pt *r, const ec_pt *a, uint64_t mask)
{
    fe_cmov(&r->x, &a->x, mask);
    fe_cmov(&r->y, &a->y, mask);
    fe_cmov(&r->z, &a->z, mask);
}

/* r = p + q, complete (RCB16 algorithm 1). r may alias p or q. */
static void pt_add(ec_pt *r, const ec_pt *p, const ec_pt *q)
{
    fe t0, t1, t2, t3, t4, t5, x3, y3, z3;

    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    fe_mul(&t2, &p->z, &q->z);
    fe_add(&t3, &p->x, &p->y);
    fe_add(&t4, &q->x, &q->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);          /* X1Y2 + X2Y1 */
    fe_add(&t4, &p->x, &p->z);
    fe_add(&t5, &q->x, &q->z);
    fe_mul(&t4, &t4, &t5);
    fe_add(&t5, &t0, &t2);
    fe_sub(&t4, &t4, &t5);          /* X1Z2 + X2Z1 */
    fe_add(&t5, &p->y, &p->z);
    fe_add(&x3, &q->y, &q->z);
    fe_mul(&t5, &t5, &x3);
    fe_add(&x3, &t1, &t2);
    fe_sub(&t5, &t5, &x3);          /* Y1Z2 + Y2Z1 */
    fe_mul_a(&z3, &t4);
    fe_mul_b3(&x3, &t2);
    fe_add(&z3, &x3, &z3);
    fe_sub(&x3, &t1, &z3);
    fe_add(&z3, &t1, &z3);
    fe_mul(&y3, &x3, &z3);
    fe_add(&t1, &t0, &t0);
    fe_add(&t1, &t1, &t0);
    fe_mul_a(&t2, &t2);
    fe_mul_b3(&t4, &t4);
    fe_add(&t1, &t1, &t2);
    fe_sub(&t2, &t0, &t2);
    fe_mul_a(&t2, &t2);
    fe_add(&t4, &t4, &t2);
    fe_mul(&t0, &t1, &t4);
    fe_add(&y3, &y3, &t0);
    fe_mul(&t0, &t5, &t4);
    fe_mul(&x3, &t3, &x3);
    fe_sub(&x3, &x3, &t0);
    fe_mul(&t0, &t3, &t1);
    fe_mul(&z3, &t5, &z3);
    fe_add(&z3, &z3, &t0);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = p + q with q affine (never O), complete in p (RCB16 algorithm 2). */
static void pt_add_aff(ec_pt *r, const ec_pt *p, const ec_aff *q)
{
    fe t0, t1, t2, t3, t4, t5, x3, y3, z3;

    fe_mul(&t0, &p->x, &q->x);
    fe_mul(&t1, &p->y, &q->y);
    fe_add(&t3, &q->x, &q->y);
    fe_add(&t4, &p->x, &p->y);
    fe_mul(&t3, &t3, &t4);
    fe_add(&t4, &t0, &t1);
    fe_sub(&t3, &t3, &t4);
    fe_mul(&t4, &q->x, &p->z);
    fe_add(&t4, &t4, &p->x);
    fe_mul(&t5, &q->y, &p->z);
    fe_add(&t5, &t5, &p->y);
    fe_mul_a(&z3, &t4);
    fe_mul_b3(&x3, &p->z);
    fe_add(&z3, &x3, &z3);
    fe_sub(&x3, &t1, &z3);
    fe_add(&z3, &t1, &z3);
    fe_mul(&y3, &x3, &z3);
    fe_add(&t1, &t0, &t0);
    fe_add(&t1, &t1, &t0);
    fe_mul_a(&t2, &p->z);
    fe_mul_b3(&t4, &t4);
    fe_add(&t1, &t1, &t2);
    fe_sub(&t2, &t0, &t2);
    fe_mul_a(&t2, &t2);
    fe_add(&t4, &t4, &t2);
    fe_mul(&t0, &t1, &t4);
    fe_add(&y3, &y3, &t0);
    fe_mul(&t0, &t5, &t4);
    fe_mul(&x3, &t3, &x3);
    fe_sub(&x3, &x3, &t0);
    fe_mul(&t0, &t3, &t1);
    fe_mul(&z3, &t5, &z3);
    fe_add(&z3, &z3, &t0);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = 2p, complete. r may alias p. */
static void pt_dbl(ec_pt *r, const ec_pt *p)
{
#if EC_A_KIND == EC_A_ZERO
    /* RCB16 algorithm 9 (a = 0) */
    fe t0, t1, t2, x3, y3, z3;
    fe_sqr(&t0, &p->y);
    fe_add(&z3, &t0, &t0);
    fe_add(&z3, &z3, &z3);
    fe_add(&z3, &z3, &z3);
    fe_mul(&t1, &p->y, &p->z);
    fe_sqr(&t2, &p->z);
    fe_mul_b3(&t2, &t2);
    fe_mul(&x3, &t2, &z3);
    fe_add(&y3, &t0, &t2);
    fe_mul(&z3, &t1, &z3);
    fe_add(&t1, &t2, &t2);
    fe_add(&t2, &t1, &t2);
    fe_sub(&t0, &t0, &t2);
    fe_mul(&y3, &t0, &y3);
    fe_add(&y3, &x3, &y3);
    fe_mul(&t1, &p->x, &p->y);
    fe_mul(&x3, &t0, &t1);
    fe_add(&x3, &x3, &x3);
#else
    /* RCB16 algorithm 3 (any a) */
    fe t0, t1, t2, t3, x3, y3, z3;
    fe_sqr(&t0, &p->x);
    fe_sqr(&t1, &p->y);
    fe_sqr(&t2, &p->z);
    fe_mul(&t3, &p->x, &p->y);
    fe_add(&t3, &t3, &t3);
    fe_mul(&z3, &p->x, &p->z);
    fe_add(&z3, &z3, &z3);
    fe_mul_a(&x3, &z3);
    fe_mul_b3(&y3, &t2);
    fe_add(&y3, &x3, &y3);
    fe_sub(&x3, &t1, &y3);
    fe_add(&y3, &t1, &y3);
    fe_mul(&y3, &x3, &y3);
    fe_mul(&x3, &t3, &x3);
    fe_mul_b3(&z3, &z3);
    fe_mul_a(&t2, &t2);
    fe_sub(&t3, &t0, &t2);
    fe_mul_a(&t3, &t3);
    fe_add(&t3, &t3, &z3);
    fe_add(&z3, &t0, &t0);
    fe_add(&t0, &z3, &t0);
    fe_add(&t0, &t0, &t2);
    fe_mul(&t0, &t0, &t3);
    fe_add(&y3, &y3, &t0);
    fe_mul(&t2, &p->y, &p->z);
    fe_add(&t2, &t2, &t2);
    fe_mul(&t0, &t2, &t3);
    fe_sub(&x3, &x3, &t0);
    fe_mul(&z3, &t2, &t1);
    fe_add(&z3, &z3, &z3);
    fe_add(&z3, &z3, &z3);
#endif
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* ---------------------------------------------------------------- Jacobian coordinates
 * (X:Y:Z) stands for (X/Z^2, Y/Z^3); O has Z = 0. Doubling is exception-free (no
 * point of order 2 on these curves), so constant-time code may use it; the
 * additions below branch on their inputs and are for public data only. */

typedef ec_pt ec_jac;

static inline void fe_dbl(fe *r, const fe *a) { fe_add(r, a, a); }

/* r = 2p (Jacobian). r may alias p. */
static void jac_dbl(ec_jac *r, const ec_jac *p)
{
#if EC_A_KIND == EC_A_ZERO
    /* dbl-2009-l: 2M + 5S */
    fe a, b, c, d, e, f, t;
    fe_sqr(&a, &p->x);
    fe_sqr(&b, &p->y);
    fe_sqr(&c, &b);
    fe_add(&t, &p->x, &b);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &a);
    fe_sub(&t, &t, &c);
    fe_dbl(&d, &t);
    fe_dbl(&e, &a);
    fe_add(&e, &e, &a);
    fe_sqr(&f, &e);
    fe_mul(&r->z, &p->y, &p->z);
    fe_dbl(&r->z, &r->z);
    fe_dbl(&t, &d);
    fe_sub(&r->x, &f, &t);
    fe_sub(&t, &d, &r->x);
    fe_mul(&t, &e, &t);
    fe_dbl(&c, &c);
    fe_dbl(&c, &c);
    fe_dbl(&c, &c);
    fe_sub(&r->y, &t, &c);
#elif EC_A_KIND == EC_A_MINUS3
    /* dbl-2001-b: 3M + 5S */
    fe delta, gamma, beta, alpha, t, u;
    fe_sqr(&delta, &p->z);
    fe_sqr(&gamma, &p->y);
    fe_mul(&beta, &p->x, &gamma);
    fe_sub(&t, &p->x, &delta);
    fe_add(&u, &p->x, &delta);
    fe_mul(&alpha, &t, &u);
    fe_dbl(&t, &alpha);
    fe_add(&alpha, &alpha, &t);
    fe_add(&t, &p->y, &p->z);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &gamma);
    fe_sub(&r->z, &t, &delta);
    fe_dbl(&beta, &beta);
    fe_dbl(&beta, &beta);                 /* 4 beta */
    fe_sqr(&t, &alpha);
    fe_dbl(&u, &beta);
    fe_sub(&r->x, &t, &u);
    fe_sub(&t, &beta, &r->x);
    fe_mul(&t, &alpha, &t);
    fe_sqr(&gamma, &gamma);
    fe_dbl(&gamma, &gamma);
    fe_dbl(&gamma, &gamma);
    fe_dbl(&gamma, &gamma);
    fe_sub(&r->y, &t, &gamma);
#else
    /* dbl-2007-bl: 1M + 8S + 1*a */
    fe xx, yy, yyyy, zz, s, m, t;
    fe_sqr(&xx, &p->x);
    fe_sqr(&yy, &p->y);
    fe_sqr(&yyyy, &yy);
    fe_sqr(&zz, &p->z);
    fe_add(&t, &p->x, &yy);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &xx);
    fe_sub(&t, &t, &yyyy);
    fe_dbl(&s, &t);
    fe_sqr(&t, &zz);
    fe_mul_a(&m, &t);
    fe_add(&m, &m, &xx);
    fe_dbl(&t, &xx);
    fe_add(&m, &m, &t);
    fe_add(&t, &p->y, &p->z);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &yy);
    fe_sub(&r->z, &t, &zz);
    fe_sqr(&t, &m);
    fe_sub(&t, &t, &s);
    fe_sub(&r->x, &t, &s);
    fe_sub(&t, &s, &r->x);
    fe_mul(&t, &m, &t);
    fe_dbl(&yyyy, &yyyy);
    fe_dbl(&yyyy, &yyyy);
    fe_dbl(&yyyy, &yyyy);
    fe_sub(&r->y, &t, &yyyy);
#endif
}

/* homogeneous projective -> Jacobian: (X:Y:Z) -> (XZ : YZ^2 : Z); O -> (1:1:0).
 * Constant time. */
static inline void pt_to_jac(ec_jac *r, const ec_pt *p)
{
    fe zz, one = ec_k_one();
    uint64_t inf = fe_is_zero(&p->z);
    fe_sqr(&zz, &p->z);
    fe_mul(&r->x, &p->x, &p->z);
    fe_mul(&r->y, &p->y, &zz);
    r->z = p->z;
    fe_cmov(&r->x, &one, inf);
    fe_cmov(&r->y, &one, inf);
}

/* Jacobian -> homogeneous projective: (X:Y:Z) -> (XZ : Y : Z^3). Constant time. */
static inline void jac_to_pt(ec_pt *r, const ec_jac *p)
{
    fe zz;
    fe_sqr(&zz, &p->z);
    fe_mul(&r->x, &p->x, &p->z);
    r->y = p->y;
    fe_mul(&r->z, &zz, &p->z);
}

/*
 * r = p + q (Jacobian) by add-2007-bl (11M + 5S), branch-free. The result is right
 * when p, q != O and p != +-q; *h_zero and *r_zero (masks) report U1 = U2 and
 * S1 = S2, which mark the excluded cases p = q and p = -q. r may alias p or q.
 */
static void jac_add_core(ec_jac *r, const ec_jac *p, const ec_jac *q, uint64_t *h_zero,
                         uint64_t *r_zero)
{
    fe z1z1, z2z2, u1, u2, s1, s2, h, i, j, rr, v, t;
    fe_sqr(&z1z1, &p->z);
    fe_sqr(&z2z2, &q->z);
    fe_mul(&u1, &p->x, &z2z2);
    fe_mul(&u2, &q->x, &z1z1);
    fe_mul(&s1, &p->y, &q->z);
    fe_mul(&s1, &s1, &z2z2);
    fe_mul(&s2, &q->y, &p->z);
    fe_mul(&s2, &s2, &z1z1);
    fe_sub(&h, &u2, &u1);
    fe_sub(&rr, &s2, &s1);
    *h_zero = fe_is_zero(&h);
    *r_zero = fe_is_zero(&rr);
    fe_dbl(&rr, &rr);
    fe_dbl(&i, &h);
    fe_sqr(&i, &i);
    fe_mul(&j, &h, &i);
    fe_mul(&v, &u1, &i);
    fe_add(&t, &p->z, &q->z);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &z1z1);
    fe_sub(&t, &t, &z2z2);
    fe_mul(&r->z, &t, &h);
    fe_sqr(&t, &rr);
    fe_sub(&t, &t, &j);
    fe_sub(&t, &t, &v);
    fe_sub(&r->x, &t, &v);
    fe_sub(&t, &v, &r->x);
    fe_mul(&t, &rr, &t);
    fe_mul(&s1, &s1, &j);
    fe_dbl(&s1, &s1);
    fe_sub(&r->y, &t, &s1);
}

/* r = p + q (Jacobian), variable time: add-2007-bl with the special cases branched. */
static void jac_add_vartime(ec_jac *r, const ec_jac *p, const ec_jac *q)
{
    ec_jac t;
    uint64_t hz, rz;
    if (fe_is_zero(&p->z)) { *r = *q; return; }
    if (fe_is_zero(&q->z)) { *r = *p; return; }
    jac_add_core(&t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) { jac_dbl(r, p); return; }
        memset(r, 0, sizeof *r); r->x = ec_k_one(); r->y = ec_k_one(); return;
    }
    *r = t;
}

/*
 * r = p + q with q affine, by madd-2007-bl (7M + 4S), branch-free. Right when
 * p != O and p != +-q; *h_zero and *r_zero (masks) report U2 = X1 and S2 = Y1, which
 * mark p = q and p = -q. r may alias p.
 */
static void jac_add_aff_core(ec_jac *r, const ec_jac *p, const ec_aff *q, uint64_t *h_zero,
                             uint64_t *r_zero)
{
    fe z1z1, u2, s2, h, hh, i, j, rr, v, t;
    fe_sqr(&z1z1, &p->z);
    fe_mul(&u2, &q->x, &z1z1);
    fe_mul(&s2, &q->y, &p->z);
    fe_mul(&s2, &s2, &z1z1);
    fe_sub(&h, &u2, &p->x);
    fe_sub(&rr, &s2, &p->y);
    *h_zero = fe_is_zero(&h);
    *r_zero = fe_is_zero(&rr);
    fe_dbl(&rr, &rr);
    fe_sqr(&hh, &h);
    fe_dbl(&i, &hh);
    fe_dbl(&i, &i);
    fe_mul(&j, &h, &i);
    fe_mul(&v, &p->x, &i);
    fe_add(&t, &p->z, &h);
    fe_sqr(&t, &t);
    fe_sub(&t, &t, &z1z1);
    fe_sub(&r->z, &t, &hh);
    fe_sqr(&t, &rr);
    fe_sub(&t, &t, &j);
    fe_sub(&t, &t, &v);
    fe_mul(&j, &p->y, &j);                  /* last read of p->y before r->y is written */
    fe_sub(&r->x, &t, &v);
    fe_sub(&t, &v, &r->x);
    fe_mul(&t, &rr, &t);
    fe_dbl(&j, &j);
    fe_sub(&r->y, &t, &j);
}

/* r = p + q with q affine (never O), variable time: madd-2007-bl, special cases branched. */
static void jac_add_aff_vartime(ec_jac *r, const ec_jac *p, const ec_aff *q)
{
    ec_jac t;
    uint64_t hz, rz;
    if (fe_is_zero(&p->z)) { r->x = q->x; r->y = q->y; r->z = ec_k_one(); return; }
    jac_add_aff_core(&t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) { jac_dbl(r, p); return; }
        memset(r, 0, sizeof *r); r->x = ec_k_one(); r->y = ec_k_one(); return;
    }
    *r = t;
}

/* affine from projective; return all-ones if p is O (then r is zero). Constant time. */
static uint64_t pt_to_aff(ec_aff *r, const ec_pt *p)
{
    fe zi;
    uint64_t inf = fe_is_zero(&p->z);
    fe_inv(&zi, &p->z);
    fe_mul(&r->x, &p->x, &zi);
    fe_mul(&r->y, &p->y, &zi);
    return inf;
}

/* all-ones if y^2 = x^3 + a x + b */
static uint64_t aff_on_curve(const ec_aff *a)
{
    fe l, r, t;
    fe_sqr(&l, &a->y);
    fe_sqr(&r, &a->x);
    fe_mul(&r, &r, &a->x);
    fe_mul_a(&t, &a->x);
    fe_add(&r, &r, &t);
    fe_add(&r, &r, &ec_k.b);
    return fe_eq(&l, &r);
}

/* ---------------------------------------------------------------- scalars */

/* bit i of a big-endian EC_SLEN-byte scalar (0 past the end) */
static inline unsigned sc_bit(const uint8_t *k, unsigned i)
{
    return i < 8 * EC_SLEN ? (k[EC_SLEN - 1 - i / 8] >> (i % 8)) & 1u : 0u;
}

/*
 * Signed fixed-window recoding: k = sum d[i] 2^(w i), d[i] in [-(2^(w-1) - 1), 2^(w-1)],
 * ndig = ceil((order_bits + 1) / w) digits; k < 2^order_bits. Constant time.
 */
static void sc_recode_signed(int8_t *d, const uint8_t *k, unsigned w, unsigned ndig)
{
    unsigned i, j, carry = 0;
    for (i = 0; i < ndig; i++) {
        unsigned v = 0, big;
        for (j = 0; j < w; j++)
            v |= sc_bit(k, w * i + j) << j;
        v += carry;                               /* v in [0, 2^w] */
        big = ((1u << (w - 1)) - v) >> 31;      /* 1 if v > 2^(w-1) */
        d[i] = (int8_t)((int)v - (int)(big << w));
        carry = big;
    }
}

/* |d| and sign mask of a digit, constant time */
static inline unsigned digit_abs(int8_t d, uint64_t *negmask)
{
    unsigned u = (unsigned)(int)d;
    unsigned s = u >> 31;                  /* 1 if negative */
    *negmask = 0 - (uint64_t)s;
    return (u ^ (0u - s)) + s;
}

/* ---------------------------------------------------------------- k*P, constant time */

#define EC_VAR_W 5
#define EC_VAR_ENTRIES (1 << (EC_VAR_W - 1))
#define EC_VAR_DIGITS ((EC_ORDER_BITS + EC_VAR_W) / EC_VAR_W)

#ifndef EC_NO_TABLE
#ifndef EC_ORDER_LIMBS
#define EC_ORDER_LIMBS (ec_sc.m)   /* n as EC_N little-endian limbs */
#endif
/* kk = k' = min(k, n - k) for k < n (EC_SLEN bytes, big-endian); return all-ones if
 * k' = n - k (the caller negates its result). Constant time. */
static uint64_t sc_fold_half(uint8_t *kk, const uint8_t *k)
{
    uint64_t kv[EC_N], nv[EC_N], half[EC_N], nk[EC_N], flip;
    unsigned i;
    kl_from_be(EC_N, kv, k, EC_SLEN);
    memcpy(nv, EC_ORDER_LIMBS, sizeof nv);         /* n < 2^(64 EC_N) */
    for (i = 0; i < EC_N; i++)
        half[i] = (nv[i] >> 1) | (i + 1 < EC_N ? nv[i + 1] << 63 : 0);
    flip = 0 - kl_sub(EC_N, nk, half, kv);         /* all-ones if (n - 1)/2 < k */
    kl_sub(EC_N, nk, nv, kv);
    kl_cmov(EC_N, kv, nk, flip);
    kl_to_be(EC_N, kk, EC_SLEN, kv);
    memset(kv, 0, sizeof kv);
    memset(nk, 0, sizeof nk);
    return flip;
}

/*
 * Jacobian throughout, with the incomplete addition made safe by the scalar: k is
 * replaced by k' = min(k, n - k) (and the result negated back), so k' < n/2. Before
 * the addition of window i the accumulator is A*2^w*P with 0 <= A*2^w <= k' + 2^w
 * < n/2 + 2^w (signed recoding: A is a prefix of k' plus a carry), and the addend is
 * d*P with |d| <= 2^(w-1). A*2^w = +-d (mod n) then forces A = 0: the only special
 * cases are acc = O or d = 0, and both are selected in constant time. Needs a group
 * of prime order n (cofactor 1: every curve built on this template).
 */
static void pt_mul_ct(ec_pt *r, const uint8_t *k, const ec_pt *p)
{
    ec_jac tab[EC_VAR_ENTRIES + 1], acc, t, sum;
    int8_t d[EC_VAR_DIGITS];
    uint8_t kk[EC_SLEN];
    uint64_t flip, hz, rz;
    unsigned i, j;
    uint64_t neg;

    flip = sc_fold_half(kk, k);

    pt_to_jac(&tab[1], p);
    tab[0].x = ec_k_one();
    tab[0].y = ec_k_one();
    memset(&tab[0].z, 0, sizeof tab[0].z);
    jac_dbl(&tab[2], &tab[1]);
    for (i = 3; i <= EC_VAR_ENTRIES; i++)
        jac_add_core(&tab[i], &tab[i - 1], &tab[1], &hz, &rz);   /* (i-1)P != +-P */
    sc_recode_signed(d, kk, EC_VAR_W, EC_VAR_DIGITS);

    acc = tab[0];
    for (i = EC_VAR_DIGITS; i-- > 0;) {
        unsigned a = digit_abs(d[i], &neg);
        uint64_t acc_inf;
        fe ny;
        if (i != EC_VAR_DIGITS - 1)
            for (j = 0; j < EC_VAR_W; j++)
                jac_dbl(&acc, &acc);
        t = tab[0];
        for (j = 1; j <= EC_VAR_ENTRIES; j++)
            pt_cmov(&t, &tab[j], kl_eq64(j, a));
        fe_neg(&ny, &t.y);
        fe_cmov(&t.y, &ny, neg);
        acc_inf = fe_is_zero(&acc.z);
        jac_add_core(&sum, &acc, &t, &hz, &rz);
        pt_cmov(&sum, &t, acc_inf);                  /* O + t = t */
        pt_cmov(&sum, &acc, kl_eq64(a, 0));          /* acc + O = acc */
        acc = sum;
    }
    fe_neg(&t.y, &acc.y);                            /* k'P -> kP */
    fe_cmov(&acc.y, &t.y, flip);
    jac_to_pt(r, &acc);
    memset(tab, 0, sizeof tab);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
}

/* ---------------------------------------------------------------- k*G, constant time */

/* t = sign * a * 2^(EC_BASE_W i) * P from window i of P's comb table tab (a in
 * 1..EC_BASE_ENTRIES; for a = 0 t is an entry the caller discards), neg all-ones for a
 * negative digit. Constant time: every entry of the window is read. */
static void base_lookup(ec_aff *t, const ec_aff (*tab)[EC_BASE_ENTRIES], unsigned i,
                        unsigned a, uint64_t neg)
{
    unsigned j;
    fe ny;
    *t = tab[i][0];
    for (j = 1; j < EC_BASE_ENTRIES; j++) {
        uint64_t m = kl_eq64(j + 1, a);
        fe_cmov(&t->x, &tab[i][j].x, m);
        fe_cmov(&t->y, &tab[i][j].y, m);
    }
    fe_neg(&ny, &t->y);
    fe_cmov(&t->y, &ny, neg);
}

/* k*P from P's comb table (ec_base_table for G; the point API's fixed-point tables).
 * P has the prime order n (every curve here has cofactor 1). */
#ifdef EC_BASE_JACOBIAN
/*
 * Jacobian accumulator with the incomplete mixed addition, for a curve whose field
 * header defines EC_BASE_JACOBIAN because its order makes that safe: k is folded to
 * k' = min(k, n - k) < n/2 (the result negated back). Before window i the
 * accumulator is A*P, |A| < 2^(w i) * 2^(w-1)/(2^w - 1) < 2^(w i), and the addend is
 * d*2^(w i)*P with d != 0, so A = +-d 2^(w i) (mod n) would need
 * |A| + |d| 2^(w i) >= n. Below the top window |d| <= 2^(w-1); in the top window
 * (i = EC_BASE_WINDOWS - 1) |d| <= k' / 2^(w i) + 1. For w = 5 and n > 2^order_bits
 * - 2^(order_bits - 32) (P-256, P-384, P-521) both bounds stay below n, so the special
 * cases are only acc = O and d = 0, selected in constant time. (Not so for the
 * Brainpool orders, about 0.66 * 2^order_bits: they keep the complete formula.)
 */
static void pt_mul_table_ct(ec_pt *r, const uint8_t *k, const ec_aff (*tab)[EC_BASE_ENTRIES])
{
    int8_t d[EC_BASE_WINDOWS];
    uint8_t kk[EC_SLEN];
    ec_jac acc, sum;
    ec_aff t;
    unsigned i;
    uint64_t neg, flip, hz, rz;
    fe ny;

    flip = sc_fold_half(kk, k);
    sc_recode_signed(d, kk, EC_BASE_W, EC_BASE_WINDOWS);
    memset(&acc, 0, sizeof acc);
    acc.x = ec_k_one();
    acc.y = ec_k_one();
    for (i = 0; i < EC_BASE_WINDOWS; i++) {
        unsigned a = digit_abs(d[i], &neg);
        uint64_t acc_inf = fe_is_zero(&acc.z);
        base_lookup(&t, tab, i, a, neg);
        jac_add_aff_core(&sum, &acc, &t, &hz, &rz);
        fe_cmov(&sum.x, &t.x, acc_inf);              /* O + t = t */
        fe_cmov(&sum.y, &t.y, acc_inf);
        fe_cmov(&sum.z, &ec_k.one, acc_inf);
        pt_cmov(&acc, &sum, ~kl_eq64(a, 0));         /* acc + O = acc */
    }
    fe_neg(&ny, &acc.y);                             /* k'P -> kP */
    fe_cmov(&acc.y, &ny, flip);
    jac_to_pt(r, &acc);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    memset(&t, 0, sizeof t);
}
#else
static void pt_mul_table_ct(ec_pt *r, const uint8_t *k, const ec_aff (*tab)[EC_BASE_ENTRIES])
{
    int8_t d[EC_BASE_WINDOWS];
    ec_pt acc, sum;
    ec_aff t;
    unsigned i;
    uint64_t neg;

    sc_recode_signed(d, k, EC_BASE_W, EC_BASE_WINDOWS);
    pt_set_inf(&acc);
    for (i = 0; i < EC_BASE_WINDOWS; i++) {
        unsigned a = digit_abs(d[i], &neg);
        base_lookup(&t, tab, i, a, neg);
        pt_add_aff(&sum, &acc, &t);
        pt_cmov(&acc, &sum, ~kl_eq64(a, 0));
    }
    *r = acc;
    memset(d, 0, sizeof d);
    memset(&t, 0, sizeof t);
}
#endif
#define pt_mul_base_ct(r, k) pt_mul_table_ct((r), (k), ec_base_table)

/* ---------------------------------------------------------------- u1*G + u2*Q, variable time */

/* width-w NAF of a scalar (vartime); returns the number of digits */
static unsigned sc_wnaf_vartime(int8_t *naf, const uint8_t *k, unsigned w)
{
    uint64_t v[EC_N + 1];
    unsigned len = 0, i, bits = 8 * EC_SLEN + 1;

    kl_from_be(EC_N + 1, v, k, EC_SLEN);
    memset(naf, 0, bits + 1);
    while (!kl_is_zero(EC_N + 1, v)) {
        int di = 0;
        if (v[0] & 1) {
            unsigned mod = (unsigned)(v[0] & ((1u << w) - 1));
            di = (int)mod;
            if (mod >= (1u << (w - 1)))
                di -= 1 << w;
            /* v -= di */
            if (di > 0) {
                uint64_t s[EC_N + 1] = {(uint64_t)di};
                kl_sub(EC_N + 1, v, v, s);
            } else {
                uint64_t s[EC_N + 1] = {(uint64_t)(-di)};
                kl_add(EC_N + 1, v, v, s);
            }
        }
        naf[len++] = (int8_t)di;
        for (i = 0; i < EC_N + 1; i++)          /* v >>= 1 */
            v[i] = (v[i] >> 1) | (i + 1 < EC_N + 1 ? v[i + 1] << 63 : 0);
        if (len > bits)
            break;
    }
    return len;
}

#define EC_Q_W 5
#define EC_Q_TAB (1 << (EC_Q_W - 2))    /* odd multiples of Q: Q, 3Q, ..., 15Q */

/*
 * u1*G + u2*Q in one doubling loop (Straus-Shamir with wNAF digits, as in
 * libsecp256k1's ecmult), for a curve whose generator writes the odd multiples of G
 * (ec_g_odd, EC_G_WNAF_W and EC_G_TABLES, see gen_tmpl.h):
 *   - u1*G: with one table, u1's width-EC_G_WNAF_W NAF against the odd multiples of
 *     G; with two (a GLV curve, whose loop is only ~130 doublings long), u1 = a +
 *     b*2^EC_G_SPLIT_BITS and a, b against the odd multiples of G and of
 *     2^EC_G_SPLIT_BITS*G. Each digit is one mixed addition of an affine entry.
 *   - u2*Q: width-EC_Q_W NAF digits of u2 (with EC_GLV: of k1, k2 where u2 = k1 +
 *     k2*lambda) against Q's odd multiples, made here.
 * On a curve with a = 0 Q's odd multiples are "effective affine" (see
 * q_odd_multiples_vartime): the loop then runs on an isomorphic curve where they are
 * affine, so every addition is mixed.
 * A curve without these tables (EC_G_WNAF_W undefined) adds u1*G after the loop from
 * the comb table ec_base_table, one mixed addition per window.
 */
#define EC_WNAF_LEN (8 * EC_SLEN + 2)   /* digits of a wNAF of an EC_SLEN-byte scalar, capacity */
#ifdef EC_G_WNAF_W
#if EC_G_TABLES == 2 && (EC_G_SPLIT_BITS % 8 != 0 || !defined(EC_GLV))
#error "two odd-multiple tables of G: for a GLV curve, split at a byte boundary"
#endif
#if EC_G_TABLES != 1 && EC_G_TABLES != 2
#error "EC_G_TABLES is 1 or 2"
#endif
#if EC_G_WNAF_W < 2 || EC_G_WNAF_W > 15
#error "EC_G_WNAF_W must be in 2..15 (digits are int16_t)"
#endif

/* width-w NAF of a scalar into int16_t digits (w up to 15), vartime: naf[i] is the
 * digit of 2^i, odd or 0, |naf[i]| < 2^(w-1), nonzero digits at least w apart. All
 * EC_WNAF_LEN entries are written; returns 1 + the index of the top nonzero digit. */
static unsigned sc_wnaf16_vartime(int16_t *naf, const uint8_t *k, unsigned w)
{
    unsigned i = 0, carry = 0, len = 0, bits = 8 * EC_SLEN, j;

    memset(naf, 0, EC_WNAF_LEN * sizeof *naf);
    while (i < bits || carry) {
        unsigned word;
        if (sc_bit(k, i) == carry) {    /* bit + carry even: digit 0, carry unchanged */
            i++;
            continue;
        }
        word = carry;                   /* bits i .. i+w-1 plus the carry: odd, < 2^w */
        for (j = 0; j < w; j++)
            word += sc_bit(k, i + j) << j;
        carry = (word >> (w - 1)) & 1u; /* digit word - 2^w when word > 2^(w-1) */
        naf[i] = (int16_t)((int)word - (int)(carry << w));
        len = i + 1;
        i += w;
    }
    return len;
}
#endif /* EC_G_WNAF_W */

#if EC_A_KIND == EC_A_ZERO
/*
 * r = p + q' (Jacobian), where q' = (x zs^2, y zs^3) is the image of the affine point
 * q = (x, y) under (x, y) -> (x zs^2, y zs^3) (zs NULL: q' = q), variable time.
 * Z3 = Z1*H (8M + 3S, one more M with zs); *zr (when not NULL) gets H = Z3/Z1.
 * The special cases are branched on (public data only): p = O gives q' with Z = 1
 * (and *zr = 0); p = q' is a doubling; p = -q' gives O. r may alias p.
 */
static void jac_add_zaff_vartime(ec_jac *r, const ec_jac *p, const ec_aff *q, const fe *zs,
                                 fe *zr)
{
    fe az, zz, u2, s2, h, rr, hh, hhh, t, x3, y3, z3;

    if (fe_is_zero(&p->z) & 1) {
        if (zs) {
            fe_sqr(&zz, zs);
            fe_mul(&r->x, &q->x, &zz);
            fe_mul(&zz, &zz, zs);
            fe_mul(&r->y, &q->y, &zz);
        } else {
            r->x = q->x;
            r->y = q->y;
        }
        r->z = ec_k_one();
        if (zr)
            memset(zr, 0, sizeof *zr);
        return;
    }
    if (zs)
        fe_mul(&az, &p->z, zs);
    else
        az = p->z;
    fe_sqr(&zz, &az);
    fe_mul(&u2, &q->x, &zz);            /* U2 = x' Z1^2, U1 = X1 */
    fe_mul(&s2, &q->y, &zz);
    fe_mul(&s2, &s2, &az);              /* S2 = y' Z1^3, S1 = Y1 */
    fe_sub(&h, &u2, &p->x);
    fe_sub(&rr, &s2, &p->y);
    if (fe_is_zero(&h) & 1) {
        if (fe_is_zero(&rr) & 1) {
            jac_dbl(r, p);
        } else {
            memset(r, 0, sizeof *r);
            r->x = ec_k_one();
            r->y = ec_k_one();
        }
        if (zr)
            memset(zr, 0, sizeof *zr);  /* not asked for by the table (see below) */
        return;
    }
    fe_sqr(&hh, &h);
    fe_mul(&hhh, &h, &hh);
    fe_mul(&t, &p->x, &hh);             /* V = U1 H^2 */
    fe_sqr(&x3, &rr);
    fe_sub(&x3, &x3, &hhh);
    fe_sub(&x3, &x3, &t);
    fe_sub(&x3, &x3, &t);               /* X3 = R^2 - H^3 - 2V */
    fe_sub(&y3, &t, &x3);
    fe_mul(&y3, &y3, &rr);
    fe_mul(&hhh, &hhh, &p->y);
    fe_sub(&y3, &y3, &hhh);             /* Y3 = R (V - X3) - S1 H^3 */
    fe_mul(&z3, &p->z, &h);             /* Z3 = Z1 H */
    if (zr)
        *zr = h;
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

typedef ec_aff ec_qent;                 /* an entry of Q's table: effective affine */

/*
 * Q's odd multiples tab[i] = (2i + 1) Q as effective affine points (libsecp256k1's
 * idea): with D = 2Q = (Xd : Yd : Zd) in Jacobian coordinates, the map (x, y) ->
 * (x Zd^2, y Zd^3) is an isomorphism onto y^2 = x^3 + b Zd^6 (a = 0 keeps the form;
 * the addition and a = 0 doubling formulas never read b), on which D is the affine
 * (Xd, Yd) and Q is (x Zd^2, y Zd^3). There Q, 3Q, ... are made by mixed additions
 * of D, each recording its z-ratio H_i = Z_i / Z_(i-1), and then brought to the
 * last one's Z by the ratios, without an inversion. The entries are thereby affine
 * on the curve of the map (x, y) -> (x zg^2, y zg^3), zg = Zd * Z_last (returned in
 * *zg), and tab[i] stands for the point (x / zg^2, y / zg^3).
 * Q = (x, y) must be on the curve (then zg != 0: Yd != 0 as no point has order 2,
 * and (2i - 1)Q != +-2Q for the prime order n > 2^32); for a point off the curve the
 * result is meaningless but computed all the same.
 */
static void q_odd_multiples_vartime(ec_qent *tab, fe *zg, const ec_aff *q)
{
    ec_jac cur[EC_Q_TAB], d;
    ec_aff da;
    fe zr[EC_Q_TAB], s, ss, t;
    int i;

    cur[0].x = q->x;
    cur[0].y = q->y;
    cur[0].z = ec_k_one();
    jac_dbl(&d, &cur[0]);
    da.x = d.x;
    da.y = d.y;
    fe_sqr(&t, &d.z);
    fe_mul(&cur[0].x, &q->x, &t);
    fe_mul(&t, &t, &d.z);
    fe_mul(&cur[0].y, &q->y, &t);
    for (i = 1; i < EC_Q_TAB; i++)
        jac_add_zaff_vartime(&cur[i], &cur[i - 1], &da, NULL, &zr[i]);
    tab[EC_Q_TAB - 1].x = cur[EC_Q_TAB - 1].x;
    tab[EC_Q_TAB - 1].y = cur[EC_Q_TAB - 1].y;
    s = zr[EC_Q_TAB - 1];               /* s = Z_last / Z_i, for i = last - 1 down to 0 */
    for (i = EC_Q_TAB - 2; i >= 0; i--) {
        fe_sqr(&ss, &s);
        fe_mul(&tab[i].x, &cur[i].x, &ss);
        fe_mul(&ss, &ss, &s);
        fe_mul(&tab[i].y, &cur[i].y, &ss);
        if (i > 0)
            fe_mul(&s, &s, &zr[i]);
    }
    fe_mul(zg, &cur[EC_Q_TAB - 1].z, &d.z);
}

/* acc += entry of Q's table (effective affine) */
static inline void q_add_vartime(ec_jac *acc, const ec_qent *e) { jac_add_zaff_vartime(acc, acc, e, NULL, NULL); }
/* acc += (-1)^neg * (G-table entry), mapped onto the loop's curve by zg (one
 * multiplication more) */
static inline void g_add_vartime(ec_jac *acc, const ec_aff *e, const fe *zg, int neg)
{
    ec_aff t;
    if (neg) {
        t.x = e->x;
        fe_neg(&t.y, &e->y);
        e = &t;
    }
    jac_add_zaff_vartime(acc, acc, e, zg, NULL);
}
#else
typedef ec_jac ec_qent;                 /* an entry of Q's table: Jacobian */

/* Q's odd multiples tab[i] = (2i + 1) Q, Jacobian (zg is not used: set to 1) */
static void q_odd_multiples_vartime(ec_qent *tab, fe *zg, const ec_aff *q)
{
    ec_jac q2;
    int i;
    tab[0].x = q->x;
    tab[0].y = q->y;
    tab[0].z = ec_k_one();
    jac_dbl(&q2, &tab[0]);
    for (i = 1; i < EC_Q_TAB; i++)
        jac_add_vartime(&tab[i], &tab[i - 1], &q2);
    *zg = ec_k_one();
}

static inline void q_add_vartime(ec_jac *acc, const ec_qent *e) { jac_add_vartime(acc, acc, e); }
static inline void g_add_vartime(ec_jac *acc, const ec_aff *e, const fe *zg, int neg)
{
    ec_aff t;
    (void)zg;
    if (neg) {
        t.x = e->x;
        fe_neg(&t.y, &e->y);
        e = &t;
    }
    jac_add_aff_vartime(acc, acc, e);
}
#endif

/* acc += d * (table of odd multiples), d odd or 0 */
#define EC_ADD_DIGIT(d, tab, add)                       \
    do {                                                \
        if ((d) > 0) {                                  \
            add(&acc, &(tab)[(d) / 2]);                 \
        } else if ((d) < 0) {                           \
            ec_qent ent_ = (tab)[(-(d)) / 2];           \
            fe_neg(&ent_.y, &ent_.y);                   \
            add(&acc, &ent_);                           \
        }                                               \
    } while (0)

/*
 * r = u1*G + u2*Q (Jacobian); return all-ones if r = O. Variable time (public
 * inputs: verification). Q must be on the curve.
 *
 * Special cases: the accumulator's additions are incomplete and branch on them,
 * which is allowed as every input is public. In every addition acc + E (E an entry,
 * never O): acc = O (Z = 0) gives E; acc = E (U1 = U2 and S1 = S2) a doubling;
 * acc = -E (U1 = U2, S1 != S2) O. On a = 0 the loop runs on the isomorphic curve of
 * the map (x, y) -> (x zg^2, y zg^3), zg != 0: the map is a bijection that keeps O
 * (Z = 0) and equality of x and of y, so these tests decide the same cases as on the
 * curve itself, and the result's Z times zg is its Z on the curve.
 */
static uint64_t pt_mul2_vartime(ec_jac *r, const uint8_t *u1, const uint8_t *u2, const ec_aff *q)
{
    ec_qent tab[EC_Q_TAB];
    ec_jac acc;
    fe zg;
    int8_t naf[EC_WNAF_LEN];
    unsigned len, i;
#ifdef EC_G_WNAF_W
    int16_t ng[EC_G_TABLES][EC_WNAF_LEN];
    unsigned lg, t;
#else
    int8_t d[EC_BASE_WINDOWS];
#endif
#ifdef EC_GLV
    ec_qent tab2[EC_Q_TAB];
    int8_t naf2[EC_WNAF_LEN];
    uint8_t k1[EC_SLEN], k2[EC_SLEN];
    int neg1, neg2;
    unsigned len2;
#endif

    q_odd_multiples_vartime(tab, &zg, q);
#ifdef EC_GLV
    /* u2*Q = k1*Q + k2*phi(Q), phi(x, y) = (beta x, y) = lambda*(x, y), |k1|, |k2| <
     * 2^129; on a = 0 phi commutes with the map by zg, so (beta x, y) of each entry
     * is the entry of phi(Q)'s table */
    ec_glv_split(k1, k2, &neg1, &neg2, u2);
    for (i = 0; i < EC_Q_TAB; i++) {
        tab2[i] = tab[i];
        fe_mul(&tab2[i].x, &tab2[i].x, &ec_glv_beta);
        if (neg1)
            fe_neg(&tab[i].y, &tab[i].y);
        if (neg2)
            fe_neg(&tab2[i].y, &tab2[i].y);
    }
    len = sc_wnaf_vartime(naf, k1, EC_Q_W);
    len2 = sc_wnaf_vartime(naf2, k2, EC_Q_W);
    if (len2 > len)
        len = len2;
#else
    len = sc_wnaf_vartime(naf, u2, EC_Q_W);
#endif
#if defined(EC_G_WNAF_W) && EC_G_TABLES == 2
    {
        /* u1 = a + b 2^EC_G_SPLIT_BITS */
        uint8_t a[EC_SLEN], b[EC_SLEN];
        const unsigned sb = EC_G_SPLIT_BITS / 8;
        memset(a, 0, EC_SLEN - sb);
        memcpy(a + EC_SLEN - sb, u1 + EC_SLEN - sb, sb);
        memset(b, 0, sb);
        memcpy(b + sb, u1, EC_SLEN - sb);
        lg = sc_wnaf16_vartime(ng[0], a, EC_G_WNAF_W);
        t = sc_wnaf16_vartime(ng[1], b, EC_G_WNAF_W);
        if (t > lg)
            lg = t;
    }
    if (lg > len)
        len = lg;
#elif defined(EC_G_WNAF_W)
    lg = sc_wnaf16_vartime(ng[0], u1, EC_G_WNAF_W);
    if (lg > len)
        len = lg;
#endif

    memset(&acc, 0, sizeof acc);
    acc.x = ec_k_one();
    acc.y = ec_k_one();
    for (i = len; i-- > 0;) {
        if (!(fe_is_zero(&acc.z) & 1))
            jac_dbl(&acc, &acc);
        EC_ADD_DIGIT(naf[i], tab, q_add_vartime);
#ifdef EC_GLV
        EC_ADD_DIGIT(naf2[i], tab2, q_add_vartime);
#endif
#ifdef EC_G_WNAF_W
        for (t = 0; t < EC_G_TABLES; t++) {
            int dg = ng[t][i];
            if (dg > 0)
                g_add_vartime(&acc, &ec_g_odd[t][dg / 2], &zg, 0);
            else if (dg < 0)
                g_add_vartime(&acc, &ec_g_odd[t][-dg / 2], &zg, 1);
        }
#endif
    }
#ifndef EC_G_WNAF_W
    sc_recode_signed(d, u1, EC_BASE_W, EC_BASE_WINDOWS);
    for (i = 0; i < EC_BASE_WINDOWS; i++) {
        if (d[i] > 0)
            g_add_vartime(&acc, &ec_base_table[i][d[i] - 1], &zg, 0);
        else if (d[i] < 0)
            g_add_vartime(&acc, &ec_base_table[i][-d[i] - 1], &zg, 1);
    }
#endif
#if EC_A_KIND == EC_A_ZERO
    fe_mul(&acc.z, &acc.z, &zg);        /* back from the isomorphic curve */
#endif
    *r = acc;
    return fe_is_zero(&acc.z);
}
#undef EC_ADD_DIGIT

/* ---------------------------------------------------------------- byte-level ops */

static int ec_load_aff(ec_aff *a, const uint8_t *xy)
{
    uint64_t ok = fe_from_bytes(&a->x, xy) & fe_from_bytes(&a->y, xy + EC_FLEN);
    return (int)(ok & 1);
}

static kurv_err ec_store_pt(uint8_t *xy, const ec_pt *p)
{
    ec_aff a;
    uint64_t inf = pt_to_aff(&a, p);
    fe_to_bytes(xy, &a.x);
    fe_to_bytes(xy + EC_FLEN, &a.y);
    kurv_declassify(&inf, sizeof inf);   /* O is reported to the caller: public */
    if (inf & 1) {   /* O: a public fact about the result */
        memset(xy, 0, 2 * EC_FLEN);
        return KURV_ERR_INFINITY;
    }
    return KURV_OK;
}

static kurv_err ec_op_mul_base(const kurv_curve *c, uint8_t *xy, const uint8_t *k)
{
    ec_pt r;
    kurv_err e;
    (void)c;
    pt_mul_base_ct(&r, k);
    e = ec_store_pt(xy, &r);
    memset(&r, 0, sizeof r);
    return e;
}

static kurv_err ec_op_mul(const kurv_curve *c, uint8_t *xy, const uint8_t *k, const uint8_t *pxy)
{
    ec_aff a;
    ec_pt p, r;
    kurv_err e;
    (void)c;
    if (!ec_load_aff(&a, pxy))
        return KURV_ERR_POINT;
    pt_from_aff(&p, &a);
    pt_mul_ct(&r, k, &p);
    e = ec_store_pt(xy, &r);
    memset(&r, 0, sizeof r);
    return e;
}

static kurv_err ec_op_mul2_vartime(const kurv_curve *c, uint8_t *x, const uint8_t *u1,
                                   const uint8_t *u2, const uint8_t *qxy)
{
    ec_aff q;
    ec_jac r;
    fe zi;
    (void)c;
    if (!ec_load_aff(&q, qxy))
        return KURV_ERR_POINT;
    if (pt_mul2_vartime(&r, u1, u2, &q))
        return KURV_ERR_INFINITY;
    fe_inv_vartime(&zi, &r.z);  /* x = X / Z^2 (public) */
    fe_sqr(&zi, &zi);
    fe_mul(&r.x, &r.x, &zi);
    fe_to_bytes(x, &r.x);
    return KURV_OK;
}

#if EC_SLEN != EC_FLEN
#error "ecdsa_check_vartime assumes scalars and field elements of one length"
#endif
static kurv_err ec_op_ecdsa_check_vartime(const kurv_curve *c, const uint8_t *r, const uint8_t *u1,
                                          const uint8_t *u2, const uint8_t *qxy)
{
    ec_aff q;
    ec_jac R;
    fe zz, xr, t;
    uint64_t rn[EC_N], n[EC_N], d[EC_N];

    if (!ec_load_aff(&q, qxy))
        return KURV_ERR_POINT;
    if (pt_mul2_vartime(&R, u1, u2, &q))
        return KURV_ERR_SIGNATURE;
    fe_sqr(&zz, &R.z);
    if (fe_from_bytes(&xr, r) & 1) {                 /* x(R) = r */
        fe_mul(&t, &xr, &zz);
        if (fe_eq(&t, &R.x) & 1)
            return KURV_OK;
    }
    /* x(R) = r + n, possible only when r + n < p */
    kl_from_be(EC_N, rn, r, EC_SLEN);
    kl_from_be(EC_N, n, c->n, EC_SLEN);
    if (kl_add(EC_N, rn, rn, n) == 0 && kl_sub(EC_N, d, rn, EC_P.v) == 1) {
        fe plain;
        memcpy(plain.v, rn, sizeof plain.v);
        fe_to_dom(&xr, &plain);
        fe_mul(&t, &xr, &zz);
        if (fe_eq(&t, &R.x) & 1)
            return KURV_OK;
    }
    return KURV_ERR_SIGNATURE;
}

static kurv_err ec_op_check_xy(const kurv_curve *c, const uint8_t *xy)
{
    ec_aff a;
    (void)c;
    if (!ec_load_aff(&a, xy))
        return KURV_ERR_POINT;
    return (aff_on_curve(&a) & 1) ? KURV_OK : KURV_ERR_POINT;
}

/* rhs = x^3 + a x + b */
static inline void ec_curve_rhs(fe *rhs, const fe *x)
{
    fe t;
    fe_sqr(rhs, x);
    fe_mul(rhs, rhs, x);
    fe_mul_a(&t, x);
    fe_add(rhs, rhs, &t);
    fe_add(rhs, rhs, &ec_k.b);
}

/* y = r or -r, whichever has the parity odd, as bytes */
static inline void ec_store_y_parity(uint8_t *y, const fe *r, int odd)
{
    fe v = *r, nr;
    fe_neg(&nr, &v);
    fe_cmov(&v, &nr, kl_eq64(fe_is_odd(&v), (uint64_t)(odd != 0)) ^ ~(uint64_t)0);
    fe_to_bytes(y, &v);
}

static kurv_err ec_op_lift_x(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd)
{
    fe fx, rhs, r;
    (void)c;
    if (!(fe_from_bytes(&fx, x) & 1))
        return KURV_ERR_POINT;
    ec_curve_rhs(&rhs, &fx);
    if (!(fe_sqrt(&r, &rhs) & 1))
        return KURV_ERR_POINT;
    ec_store_y_parity(y, &r, odd);
    return KURV_OK;
}

/* lift_x of n records x||y (stride bytes apart): see curve_impl.h. With a two-lane
 * square-root chain (EC_FE_SQRT_CHAIN2) the records are lifted in pairs. */
static kurv_err ec_op_lift_x_many(const kurv_curve *c, uint8_t *xy, size_t n, size_t stride,
                                  int odd, size_t *bad)
{
    size_t i = 0;
    kurv_err e;
#ifdef EC_FE_SQRT_CHAIN2
    for (; i + 1 < n; i += 2) {
        uint8_t *p0 = xy + i * stride, *p1 = p0 + stride;
        fe x[2], rhs[2], r[2], chk;
        uint64_t ok0, ok1;
        if (!(fe_from_bytes(&x[0], p0) & 1) || !(fe_from_bytes(&x[1], p1) & 1))
            break;                              /* the one-at-a-time loop names it */
        ec_curve_rhs(&rhs[0], &x[0]);
        ec_curve_rhs(&rhs[1], &x[1]);
        EC_FE_SQRT_CHAIN2(r, rhs);
        fe_sqr(&chk, &r[0]);
        ok0 = fe_eq(&chk, &rhs[0]);
        fe_sqr(&chk, &r[1]);
        ok1 = fe_eq(&chk, &rhs[1]);
        if (!(ok0 & ok1 & 1))
            break;
        ec_store_y_parity(p0 + EC_FLEN, &r[0], odd);
        ec_store_y_parity(p1 + EC_FLEN, &r[1], odd);
    }
#endif
    for (; i < n; i++) {
        e = ec_op_lift_x(c, xy + i * stride + EC_FLEN, xy + i * stride, odd);
        if (e != KURV_OK) {
            *bad = i;
            return e;
        }
    }
    return KURV_OK;
}

#include "msm_tmpl.h"
#include "point_tmpl.h"

#ifndef EC_NO_OPS
static const struct kurv_curve_ops ec_ops = {
    .mul_base = ec_op_mul_base,
    .mul = ec_op_mul,
    .mul2_vartime = ec_op_mul2_vartime,
    .ecdsa_check_vartime = ec_op_ecdsa_check_vartime,
    .check_xy = ec_op_check_xy,
    .lift_x = ec_op_lift_x,
    .lift_x_many = ec_op_lift_x_many,
    .mul2_xy_vartime = ec_op_mul2_xy_vartime,
    .msm_scratch_size = ec_op_msm_scratch_size,
    .msm_vartime = ec_op_msm_vartime,
    EC_POINT_OPS,
};
#endif
#endif /* !EC_NO_TABLE */
