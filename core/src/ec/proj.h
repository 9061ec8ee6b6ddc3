/*
 * kurv internal, curve template: complete addition formulas in homogeneous
 * projective coordinates (ec_proj), from Renes, Costello and Batina (EUROCRYPT 2016,
 * eprint 2015/1060), for a curve of odd order: no input, including O, P + P and
 * P + (-P), is an exceptional case. Constant time. Used where a sum may meet any of
 * those cases without the scalar ruling them out: the point API's add, the building of
 * fixed-window tables, and k*G on curves whose order does not allow the Jacobian
 * shortcut of ec/mul_base_ct.h (no EC_BASE_JACOBIAN). The mixed addition also has a
 * version for the loop curve E_t of EC_TWIST_A3 (ec/jac.h), on which k*G runs.
 */
#ifndef KURV_EC_PROJ_H
#define KURV_EC_PROJ_H

/* r = p + q, complete (RCB16 algorithm 1). r may alias p or q. */
static void proj_add(EC_CTX_PARAM ec_proj *r, const ec_proj *p, const ec_proj *q)
{
    fe t0, t1, t2, t3, t4, t5, x3, y3, z3;

    fe_mul(EC_CTX_ARG &t0, &p->x, &q->x);
    fe_mul(EC_CTX_ARG &t1, &p->y, &q->y);
    fe_mul(EC_CTX_ARG &t2, &p->z, &q->z);
    fe_add(EC_CTX_ARG &t3, &p->x, &p->y);
    fe_add(EC_CTX_ARG &t4, &q->x, &q->y);
    fe_mul(EC_CTX_ARG &t3, &t3, &t4);
    fe_add(EC_CTX_ARG &t4, &t0, &t1);
    fe_sub(EC_CTX_ARG &t3, &t3, &t4); /* X1Y2 + X2Y1 */
    fe_add(EC_CTX_ARG &t4, &p->x, &p->z);
    fe_add(EC_CTX_ARG &t5, &q->x, &q->z);
    fe_mul(EC_CTX_ARG &t4, &t4, &t5);
    fe_add(EC_CTX_ARG &t5, &t0, &t2);
    fe_sub(EC_CTX_ARG &t4, &t4, &t5); /* X1Z2 + X2Z1 */
    fe_add(EC_CTX_ARG &t5, &p->y, &p->z);
    fe_add(EC_CTX_ARG &x3, &q->y, &q->z);
    fe_mul(EC_CTX_ARG &t5, &t5, &x3);
    fe_add(EC_CTX_ARG &x3, &t1, &t2);
    fe_sub(EC_CTX_ARG &t5, &t5, &x3); /* Y1Z2 + Y2Z1 */
    fe_mul_a(EC_CTX_ARG &z3, &t4);
    fe_mul_b3(EC_CTX_ARG &x3, &t2);
    fe_add(EC_CTX_ARG &z3, &x3, &z3);
    fe_sub(EC_CTX_ARG &x3, &t1, &z3);
    fe_add(EC_CTX_ARG &z3, &t1, &z3);
    fe_mul(EC_CTX_ARG &y3, &x3, &z3);
    fe_add(EC_CTX_ARG &t1, &t0, &t0);
    fe_add(EC_CTX_ARG &t1, &t1, &t0);
    fe_mul_a(EC_CTX_ARG &t2, &t2);
    fe_mul_b3(EC_CTX_ARG &t4, &t4);
    fe_add(EC_CTX_ARG &t1, &t1, &t2);
    fe_sub(EC_CTX_ARG &t2, &t0, &t2);
    fe_mul_a(EC_CTX_ARG &t2, &t2);
    fe_add(EC_CTX_ARG &t4, &t4, &t2);
    fe_mul(EC_CTX_ARG &t0, &t1, &t4);
    fe_add(EC_CTX_ARG &y3, &y3, &t0);
    fe_mul(EC_CTX_ARG &t0, &t5, &t4);
    fe_mul(EC_CTX_ARG &x3, &t3, &x3);
    fe_sub(EC_CTX_ARG &x3, &x3, &t0);
    fe_mul(EC_CTX_ARG &t0, &t3, &t1);
    fe_mul(EC_CTX_ARG &z3, &t5, &z3);
    fe_add(EC_CTX_ARG &z3, &z3, &t0);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = a x with a = -3 (a3) or the curve's a */
static inline void proj_mul_a_(EC_CTX_PARAM fe *r, const fe *x, int a3)
{
    fe t;
    if (a3) {
        fe_add(EC_CTX_ARG &t, x, x);
        fe_add(EC_CTX_ARG &t, &t, x);
        fe_neg(EC_CTX_ARG r, &t);
    } else {
        fe_mul_a(EC_CTX_ARG r, x);
    }
}

/* r = p + q with q affine (never O), complete in p (RCB16 algorithm 2), on the curve
 * whose a is -3 (a3) or the curve's a, and whose 3b is *b3. r may alias p. */
static inline void proj_add_aff_ab(EC_CTX_PARAM ec_proj *r, const ec_proj *p, const ec_aff *q,
                                   int a3, const fe *b3)
{
    fe t0, t1, t2, t3, t4, t5, x3, y3, z3;

    fe_mul(EC_CTX_ARG &t0, &p->x, &q->x);
    fe_mul(EC_CTX_ARG &t1, &p->y, &q->y);
    fe_add(EC_CTX_ARG &t3, &q->x, &q->y);
    fe_add(EC_CTX_ARG &t4, &p->x, &p->y);
    fe_mul(EC_CTX_ARG &t3, &t3, &t4);
    fe_add(EC_CTX_ARG &t4, &t0, &t1);
    fe_sub(EC_CTX_ARG &t3, &t3, &t4);
    fe_mul(EC_CTX_ARG &t4, &q->x, &p->z);
    fe_add(EC_CTX_ARG &t4, &t4, &p->x);
    fe_mul(EC_CTX_ARG &t5, &q->y, &p->z);
    fe_add(EC_CTX_ARG &t5, &t5, &p->y);
    proj_mul_a_(EC_CTX_ARG &z3, &t4, a3);
    fe_mul(EC_CTX_ARG &x3, &p->z, b3);
    fe_add(EC_CTX_ARG &z3, &x3, &z3);
    fe_sub(EC_CTX_ARG &x3, &t1, &z3);
    fe_add(EC_CTX_ARG &z3, &t1, &z3);
    fe_mul(EC_CTX_ARG &y3, &x3, &z3);
    fe_add(EC_CTX_ARG &t1, &t0, &t0);
    fe_add(EC_CTX_ARG &t1, &t1, &t0);
    proj_mul_a_(EC_CTX_ARG &t2, &p->z, a3);
    fe_mul(EC_CTX_ARG &t4, &t4, b3);
    fe_add(EC_CTX_ARG &t1, &t1, &t2);
    fe_sub(EC_CTX_ARG &t2, &t0, &t2);
    proj_mul_a_(EC_CTX_ARG &t2, &t2, a3);
    fe_add(EC_CTX_ARG &t4, &t4, &t2);
    fe_mul(EC_CTX_ARG &t0, &t1, &t4);
    fe_add(EC_CTX_ARG &y3, &y3, &t0);
    fe_mul(EC_CTX_ARG &t0, &t5, &t4);
    fe_mul(EC_CTX_ARG &x3, &t3, &x3);
    fe_sub(EC_CTX_ARG &x3, &x3, &t0);
    fe_mul(EC_CTX_ARG &t0, &t3, &t1);
    fe_mul(EC_CTX_ARG &z3, &t5, &z3);
    fe_add(EC_CTX_ARG &z3, &z3, &t0);
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

/* r = p + q with q affine (never O), complete in p, on the curve E. r may alias p. */
static void proj_add_aff(EC_CTX_PARAM ec_proj *r, const ec_proj *p, const ec_aff *q)
{
    proj_add_aff_ab(EC_CTX_ARG r, p, q, 0, &ec_k.b3);
}

#ifdef EC_TWIST_A3
/* r = p + q with q affine (never O), complete in p, on the loop curve E_t (a = -3,
 * 3 b_t = ec_tw.b3). r may alias p. */
static void proj_add_aff_t(EC_CTX_PARAM ec_proj *r, const ec_proj *p, const ec_aff *q)
{
    proj_add_aff_ab(EC_CTX_ARG r, p, q, 1, &ec_tw.b3);
}
#endif

/* r = 2p, complete. r may alias p. */
static void proj_dbl(EC_CTX_PARAM ec_proj *r, const ec_proj *p)
{
#if EC_A_KIND == EC_A_ZERO
    /* RCB16 algorithm 9 (a = 0) */
    fe t0, t1, t2, x3, y3, z3;
    fe_sqr(EC_CTX_ARG &t0, &p->y);
    fe_add(EC_CTX_ARG &z3, &t0, &t0);
    fe_add(EC_CTX_ARG &z3, &z3, &z3);
    fe_add(EC_CTX_ARG &z3, &z3, &z3);
    fe_mul(EC_CTX_ARG &t1, &p->y, &p->z);
    fe_sqr(EC_CTX_ARG &t2, &p->z);
    fe_mul_b3(EC_CTX_ARG &t2, &t2);
    fe_mul(EC_CTX_ARG &x3, &t2, &z3);
    fe_add(EC_CTX_ARG &y3, &t0, &t2);
    fe_mul(EC_CTX_ARG &z3, &t1, &z3);
    fe_add(EC_CTX_ARG &t1, &t2, &t2);
    fe_add(EC_CTX_ARG &t2, &t1, &t2);
    fe_sub(EC_CTX_ARG &t0, &t0, &t2);
    fe_mul(EC_CTX_ARG &y3, &t0, &y3);
    fe_add(EC_CTX_ARG &y3, &x3, &y3);
    fe_mul(EC_CTX_ARG &t1, &p->x, &p->y);
    fe_mul(EC_CTX_ARG &x3, &t0, &t1);
    fe_add(EC_CTX_ARG &x3, &x3, &x3);
#else
    /* RCB16 algorithm 3 (any a) */
    fe t0, t1, t2, t3, x3, y3, z3;
    fe_sqr(EC_CTX_ARG &t0, &p->x);
    fe_sqr(EC_CTX_ARG &t1, &p->y);
    fe_sqr(EC_CTX_ARG &t2, &p->z);
    fe_mul(EC_CTX_ARG &t3, &p->x, &p->y);
    fe_add(EC_CTX_ARG &t3, &t3, &t3);
    fe_mul(EC_CTX_ARG &z3, &p->x, &p->z);
    fe_add(EC_CTX_ARG &z3, &z3, &z3);
    fe_mul_a(EC_CTX_ARG &x3, &z3);
    fe_mul_b3(EC_CTX_ARG &y3, &t2);
    fe_add(EC_CTX_ARG &y3, &x3, &y3);
    fe_sub(EC_CTX_ARG &x3, &t1, &y3);
    fe_add(EC_CTX_ARG &y3, &t1, &y3);
    fe_mul(EC_CTX_ARG &y3, &x3, &y3);
    fe_mul(EC_CTX_ARG &x3, &t3, &x3);
    fe_mul_b3(EC_CTX_ARG &z3, &z3);
    fe_mul_a(EC_CTX_ARG &t2, &t2);
    fe_sub(EC_CTX_ARG &t3, &t0, &t2);
    fe_mul_a(EC_CTX_ARG &t3, &t3);
    fe_add(EC_CTX_ARG &t3, &t3, &z3);
    fe_add(EC_CTX_ARG &z3, &t0, &t0);
    fe_add(EC_CTX_ARG &t0, &z3, &t0);
    fe_add(EC_CTX_ARG &t0, &t0, &t2);
    fe_mul(EC_CTX_ARG &t0, &t0, &t3);
    fe_add(EC_CTX_ARG &y3, &y3, &t0);
    fe_mul(EC_CTX_ARG &t2, &p->y, &p->z);
    fe_add(EC_CTX_ARG &t2, &t2, &t2);
    fe_mul(EC_CTX_ARG &t0, &t2, &t3);
    fe_sub(EC_CTX_ARG &x3, &x3, &t0);
    fe_mul(EC_CTX_ARG &z3, &t2, &t1);
    fe_add(EC_CTX_ARG &z3, &z3, &z3);
    fe_add(EC_CTX_ARG &z3, &z3, &z3);
#endif
    r->x = x3;
    r->y = y3;
    r->z = z3;
}

#endif
