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
static void jac_dbl(EC_CTX_PARAM ec_jac *r, const ec_jac *p)
{
#if EC_A_KIND == EC_A_ZERO
    /* dbl-2009-l: 2M + 5S */
    fe a, b, c, d, e, f, t;
    fe_sqr(EC_CTX_ARG &a, &p->x);
    fe_sqr(EC_CTX_ARG &b, &p->y);
    fe_sqr(EC_CTX_ARG &c, &b);
    fe_add(EC_CTX_ARG &t, &p->x, &b);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub(EC_CTX_ARG &t, &t, &a);
    fe_sub(EC_CTX_ARG &t, &t, &c);
    fe_dbl(EC_CTX_ARG &d, &t);
    fe_dbl(EC_CTX_ARG &e, &a);
    fe_add(EC_CTX_ARG &e, &e, &a);
    fe_sqr(EC_CTX_ARG &f, &e);
    fe_mul(EC_CTX_ARG &r->z, &p->y, &p->z);
    fe_dbl(EC_CTX_ARG &r->z, &r->z);
    fe_dbl(EC_CTX_ARG &t, &d);
    fe_sub(EC_CTX_ARG &r->x, &f, &t);
    fe_sub(EC_CTX_ARG &t, &d, &r->x);
    fe_mul(EC_CTX_ARG &t, &e, &t);
    fe_dbl(EC_CTX_ARG &c, &c);
    fe_dbl(EC_CTX_ARG &c, &c);
    fe_dbl(EC_CTX_ARG &c, &c);
    fe_sub(EC_CTX_ARG &r->y, &t, &c);
#elif EC_A_KIND == EC_A_MINUS3
    /* dbl-2001-b: 3M + 5S */
    fe delta, gamma, beta, alpha, t, u;
    fe_sqr(EC_CTX_ARG &delta, &p->z);
    fe_sqr(EC_CTX_ARG &gamma, &p->y);
    fe_mul(EC_CTX_ARG &beta, &p->x, &gamma);
    fe_sub(EC_CTX_ARG &t, &p->x, &delta);
    fe_add(EC_CTX_ARG &u, &p->x, &delta);
    fe_mul(EC_CTX_ARG &alpha, &t, &u);
    fe_dbl(EC_CTX_ARG &t, &alpha);
    fe_add(EC_CTX_ARG &alpha, &alpha, &t);
    fe_add(EC_CTX_ARG &t, &p->y, &p->z);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub(EC_CTX_ARG &t, &t, &gamma);
    fe_sub(EC_CTX_ARG &r->z, &t, &delta);
    fe_dbl(EC_CTX_ARG &beta, &beta);
    fe_dbl(EC_CTX_ARG &beta, &beta);      /* 4 beta */
    fe_sqr(EC_CTX_ARG &t, &alpha);
    fe_dbl(EC_CTX_ARG &u, &beta);
    fe_sub(EC_CTX_ARG &r->x, &t, &u);
    fe_sub(EC_CTX_ARG &t, &beta, &r->x);
    fe_mul(EC_CTX_ARG &t, &alpha, &t);
    fe_sqr(EC_CTX_ARG &gamma, &gamma);
    fe_dbl(EC_CTX_ARG &gamma, &gamma);
    fe_dbl(EC_CTX_ARG &gamma, &gamma);
    fe_dbl(EC_CTX_ARG &gamma, &gamma);
    fe_sub(EC_CTX_ARG &r->y, &t, &gamma);
#else
    /* dbl-2007-bl: 1M + 8S + 1*a */
    fe xx, yy, yyyy, zz, s, m, t;
    fe_sqr(EC_CTX_ARG &xx, &p->x);
    fe_sqr(EC_CTX_ARG &yy, &p->y);
    fe_sqr(EC_CTX_ARG &yyyy, &yy);
    fe_sqr(EC_CTX_ARG &zz, &p->z);
    fe_add(EC_CTX_ARG &t, &p->x, &yy);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub(EC_CTX_ARG &t, &t, &xx);
    fe_sub(EC_CTX_ARG &t, &t, &yyyy);
    fe_dbl(EC_CTX_ARG &s, &t);
    fe_sqr(EC_CTX_ARG &t, &zz);
    fe_mul_a(EC_CTX_ARG &m, &t);
    fe_add(EC_CTX_ARG &m, &m, &xx);
    fe_dbl(EC_CTX_ARG &t, &xx);
    fe_add(EC_CTX_ARG &m, &m, &t);
    fe_add(EC_CTX_ARG &t, &p->y, &p->z);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub(EC_CTX_ARG &t, &t, &yy);
    fe_sub(EC_CTX_ARG &r->z, &t, &zz);
    fe_sqr(EC_CTX_ARG &t, &m);
    fe_sub(EC_CTX_ARG &t, &t, &s);
    fe_sub(EC_CTX_ARG &r->x, &t, &s);
    fe_sub(EC_CTX_ARG &t, &s, &r->x);
    fe_mul(EC_CTX_ARG &t, &m, &t);
    fe_dbl(EC_CTX_ARG &yyyy, &yyyy);
    fe_dbl(EC_CTX_ARG &yyyy, &yyyy);
    fe_dbl(EC_CTX_ARG &yyyy, &yyyy);
    fe_sub(EC_CTX_ARG &r->y, &t, &yyyy);
#endif
}

/*
 * r = p + q (Jacobian) by add-2007-bl (11M + 5S), branch-free. The result is right
 * when p, q != O and p != +-q; *h_zero and *r_zero (masks) report U1 = U2 and
 * S1 = S2, which mark the excluded cases p = q and p = -q. r may alias p or q.
 */
static void jac_add_core(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_jac *q,
                         uint64_t *h_zero, uint64_t *r_zero)
{
    fe z1z1, z2z2, u1, u2, s1, s2, h, i, j, rr, v, t;
    fe_sqr(EC_CTX_ARG &z1z1, &p->z);
    fe_sqr(EC_CTX_ARG &z2z2, &q->z);
    fe_mul(EC_CTX_ARG &u1, &p->x, &z2z2);
    fe_mul(EC_CTX_ARG &u2, &q->x, &z1z1);
    fe_mul(EC_CTX_ARG &s1, &p->y, &q->z);
    fe_mul(EC_CTX_ARG &s1, &s1, &z2z2);
    fe_mul(EC_CTX_ARG &s2, &q->y, &p->z);
    fe_mul(EC_CTX_ARG &s2, &s2, &z1z1);
    fe_sub(EC_CTX_ARG &h, &u2, &u1);
    fe_sub(EC_CTX_ARG &rr, &s2, &s1);
    *h_zero = fe_is_zero(EC_CTX_ARG &h);
    *r_zero = fe_is_zero(EC_CTX_ARG &rr);
    fe_dbl(EC_CTX_ARG &rr, &rr);
    fe_dbl(EC_CTX_ARG &i, &h);
    fe_sqr(EC_CTX_ARG &i, &i);
    fe_mul(EC_CTX_ARG &j, &h, &i);
    fe_mul(EC_CTX_ARG &v, &u1, &i);
    fe_add(EC_CTX_ARG &t, &p->z, &q->z);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub(EC_CTX_ARG &t, &t, &z1z1);
    fe_sub(EC_CTX_ARG &t, &t, &z2z2);
    fe_mul(EC_CTX_ARG &r->z, &t, &h);
    fe_sqr(EC_CTX_ARG &t, &rr);
    fe_sub(EC_CTX_ARG &t, &t, &j);
    fe_sub(EC_CTX_ARG &t, &t, &v);
    fe_sub(EC_CTX_ARG &r->x, &t, &v);
    fe_sub(EC_CTX_ARG &t, &v, &r->x);
    fe_mul(EC_CTX_ARG &t, &rr, &t);
    fe_mul(EC_CTX_ARG &s1, &s1, &j);
    fe_dbl(EC_CTX_ARG &s1, &s1);
    fe_sub(EC_CTX_ARG &r->y, &t, &s1);
}

/* r = p + q (Jacobian), variable time: add-2007-bl with the special cases branched. */
static void jac_add_vartime(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_jac *q)
{
    ec_jac t;
    uint64_t hz, rz;
    if (fe_is_zero(EC_CTX_ARG &p->z)) { *r = *q; return; }
    if (fe_is_zero(EC_CTX_ARG &q->z)) { *r = *p; return; }
    jac_add_core(EC_CTX_ARG &t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) { jac_dbl(EC_CTX_ARG r, p); return; }
        jac_set_inf(EC_CTX_ARG r); return;
    }
    *r = t;
}

/*
 * r = p + q with q affine, by madd-2007-bl (7M + 4S), branch-free. Right when
 * p != O and p != +-q; *h_zero and *r_zero (masks) report U2 = X1 and S2 = Y1, which
 * mark p = q and p = -q. r may alias p.
 * A field whose product costs little more than its square (P-256 with MULX) defines
 * EC_MADD_8M3S for the same contract by 8M + 3S and 7 additions instead of 13:
 * Z3 = Z1 H instead of (Z1 + H)^2 - Z1Z1 - HH, and no factors of 2 in R, I and J;
 * X3 = R^2 - H^3 - 2 X1 H^2, Y3 = R (X1 H^2 - X3) - Y1 H^3.
 */
static void jac_add_aff_core(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_aff *q,
                             uint64_t *h_zero, uint64_t *r_zero)
{
    fe z1z1, u2, s2, h, rr, hh, v, t;
#ifdef EC_MADD_8M3S
    fe z3, hhh;
#else
    fe i, j;
#endif
    fe_sqr(EC_CTX_ARG &z1z1, &p->z);
    fe_mul(EC_CTX_ARG &u2, &q->x, &z1z1);
    fe_mul(EC_CTX_ARG &s2, &q->y, &p->z);
    fe_mul(EC_CTX_ARG &s2, &s2, &z1z1);
    fe_sub(EC_CTX_ARG &h, &u2, &p->x);
    fe_sub(EC_CTX_ARG &rr, &s2, &p->y);
    *h_zero = fe_is_zero(EC_CTX_ARG &h);
    *r_zero = fe_is_zero(EC_CTX_ARG &rr);
#ifdef EC_MADD_8M3S
    fe_mul(EC_CTX_ARG &z3, &h, &p->z);
    fe_sqr(EC_CTX_ARG &hh, &h);
    fe_mul(EC_CTX_ARG &hhh, &h, &hh);
    fe_mul(EC_CTX_ARG &v, &p->x, &hh);       /* last read of p->x */
    fe_mul(EC_CTX_ARG &s2, &p->y, &hhh);     /* Y1 H^3; last read of p->y */
    fe_sqr(EC_CTX_ARG &t, &rr);
    fe_sub(EC_CTX_ARG &t, &t, &hhh);
    fe_sub(EC_CTX_ARG &t, &t, &v);
    fe_sub(EC_CTX_ARG &r->x, &t, &v);
    fe_sub(EC_CTX_ARG &t, &v, &r->x);
    fe_mul(EC_CTX_ARG &t, &rr, &t);
    fe_sub(EC_CTX_ARG &r->y, &t, &s2);
    r->z = z3;                               /* p->z is read above only */
#else
    fe_dbl(EC_CTX_ARG &rr, &rr);
    fe_sqr(EC_CTX_ARG &hh, &h);
    fe_dbl(EC_CTX_ARG &i, &hh);
    fe_dbl(EC_CTX_ARG &i, &i);
    fe_mul(EC_CTX_ARG &j, &h, &i);
    fe_mul(EC_CTX_ARG &v, &p->x, &i);
    fe_add(EC_CTX_ARG &t, &p->z, &h);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub(EC_CTX_ARG &t, &t, &z1z1);
    fe_sub(EC_CTX_ARG &r->z, &t, &hh);
    fe_sqr(EC_CTX_ARG &t, &rr);
    fe_sub(EC_CTX_ARG &t, &t, &j);
    fe_sub(EC_CTX_ARG &t, &t, &v);
    fe_mul(EC_CTX_ARG &j, &p->y, &j);       /* last read of p->y before r->y is written */
    fe_sub(EC_CTX_ARG &r->x, &t, &v);
    fe_sub(EC_CTX_ARG &t, &v, &r->x);
    fe_mul(EC_CTX_ARG &t, &rr, &t);
    fe_dbl(EC_CTX_ARG &j, &j);
    fe_sub(EC_CTX_ARG &r->y, &t, &j);
#endif
}

/* r = p + q with q affine (never O), variable time: jac_add_aff_core, special cases branched. */
static void jac_add_aff_vartime(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_aff *q)
{
    ec_jac t;
    uint64_t hz, rz;
    if (fe_is_zero(EC_CTX_ARG &p->z)) { jac_from_aff(EC_CTX_ARG r, q); return; }
    jac_add_aff_core(EC_CTX_ARG &t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) { jac_dbl(EC_CTX_ARG r, p); return; }
        jac_set_inf(EC_CTX_ARG r); return;
    }
    *r = t;
}


#endif
