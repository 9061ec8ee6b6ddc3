/*
 * kurv internal, curve template: Jacobian formulas (ec_jac; EFD names). Doubling is
 * exception-free (no point of order 2 on these curves: odd order), constant time. The
 * additions are incomplete: the _core versions are branch-free and report the excluded
 * cases (p = q, p = -q) as masks, for the constant-time multiplications whose scalar
 * handling rules those cases out (ec/mul_ct.h); the _vartime versions branch on them
 * and are for public data only.
 */
#ifndef KURV_EC_JAC_H
#define KURV_EC_JAC_H

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
        jac_set_inf(r); return;
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
    if (fe_is_zero(&p->z)) { jac_from_aff(r, q); return; }
    jac_add_aff_core(&t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) { jac_dbl(r, p); return; }
        jac_set_inf(r); return;
    }
    *r = t;
}


#endif
