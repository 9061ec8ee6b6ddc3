/*
 * kurv internal, curve template: Jacobian formulas (ec_jac; EFD names). Doubling is
 * exception-free (no point of order 2 on these curves: odd order), constant time. The
 * additions are incomplete: the _core versions are branch-free and report the excluded
 * cases (p = q, p = -q) as masks, for the constant-time multiplications whose scalar
 * handling rules those cases out (ec/mul_ct.h, ec/mul_base_ct.h); the _vartime versions branch on them
 * and are for public data only.
 *
 * The loop curve (EC_TWIST_A3). A curve whose field header defines EC_TWIST_A3 has an
 * isomorphic curve E_t: y^2 = x^3 - 3x + b_t (RFC 5639 section 3: its "twisted" curve,
 * by (x, y) -> (x z^2, y z^3) with a z^4 = -3), and its scalar multiplications run
 * there with the a = -3 doubling: ec/mul_ct.h, ec/mul_base_ct.h, ec/mul2.h and the g*G term of
 * ec/msm.h. ec_tw (ec/types.h) holds z and what the maps need. A Jacobian (X : Y : Z)
 * on E_t is the point (X : Y : Z z) of the curve E itself, so the maps between them
 * cost one product on Z. The _t functions below are the loop curve's: jac_dbl_t
 * doubles there, and the _vartime_t additions double there in their p = q case (the
 * additions themselves never read a). Without EC_TWIST_A3 the loop curve is E and the
 * _t names are the plain ones. Every other ec_jac of the template (the point API,
 * ec/point_ops.h; msm.h's Strauss and Pippenger sums) is on E.
 */
#ifndef KURV_EC_JAC_H
#define KURV_EC_JAC_H

#if EC_A_KIND == EC_A_MINUS3 || defined(EC_TWIST_A3)
/*
 * The doubling's small multiples and the sums that only feed a product. A field
 * header that defines EC_HAVE_FE_LAZY (P-521) supplies fe_mul4, fe_mul8 (r = 4a, 8a),
 * fe_sub2 (r = a - b - c), fe_add_lazy, fe_sub_lazy, fe_mul3_lazy (r = a + b, a - b,
 * 3a, to be used only as an operand of fe_mul or fe_sqr: the field may skip their
 * reduction), and for jac_dbl_x3 below fe_sub_mul8 (r = a - 8b) and fe_mul4_sub_lazy
 * (r = 4a - b, for a product a and a fe_sub_mul8 result b); otherwise they are the
 * additions they stand for. A field header without it may supply fe_sub2 alone
 * (EC_HAVE_FE_SUB2) and fe_mul3_lazy alone (EC_HAVE_FE_MUL3), as fused carry chains
 * with the same contract (P-384, for the 4M + 4S doubling below).
 */
#ifndef EC_HAVE_FE_LAZY
#define fe_add_lazy fe_add
#define fe_sub_lazy fe_sub
#ifndef EC_HAVE_FE_SUB2
static inline void fe_sub2(EC_CTX_PARAM fe *r, const fe *a, const fe *b, const fe *c)
{
    fe_sub(EC_CTX_ARG r, a, b);
    fe_sub(EC_CTX_ARG r, r, c);
}
#endif
#ifndef EC_HAVE_FE_MUL3
static inline void fe_mul3_lazy(EC_CTX_PARAM fe *r, const fe *a)
{
    fe t;
    fe_dbl(EC_CTX_ARG &t, a);
    fe_add(EC_CTX_ARG r, a, &t);
}
#endif
static inline void fe_mul4(EC_CTX_PARAM fe *r, const fe *a)
{
    fe_dbl(EC_CTX_ARG r, a);
    fe_dbl(EC_CTX_ARG r, r);
}
static inline void fe_mul8(EC_CTX_PARAM fe *r, const fe *a)
{
    fe_mul4(EC_CTX_ARG r, a);
    fe_dbl(EC_CTX_ARG r, r);
}
#endif

/* The end of dbl-2001-b: x3 = alpha^2 - 8 beta (sq = alpha^2) and, for the product
 * alpha (4 beta - x3), t = 4 beta - x3 (t only an operand of fe_mul). With
 * EC_HAVE_FE_LAZY from beta itself (a product: fe_mul4_sub_lazy's input), one carry
 * pass; otherwise 4 beta, 8 beta and two subtractions. x3 must not alias beta or t. */
static inline __attribute__((always_inline)) void
jac_dbl_x3(EC_CTX_PARAM fe *x3, fe *t, const fe *sq, const fe *beta)
{
#ifdef EC_HAVE_FE_LAZY
    fe_sub_mul8(EC_CTX_ARG x3, sq, beta);
    fe_mul4_sub_lazy(EC_CTX_ARG t, beta, x3);
#else
    fe b4, u;
    fe_mul4(EC_CTX_ARG &b4, beta);
    fe_dbl(EC_CTX_ARG &u, &b4);
    fe_sub(EC_CTX_ARG x3, sq, &u);
    fe_sub_lazy(EC_CTX_ARG t, &b4, x3);
#endif
}

/* r = a - 8b (the doubling's Y3): fe_sub_mul8 with EC_HAVE_FE_LAZY, else 8b by fe_mul8
 * and a subtraction. r may alias a. */
static inline __attribute__((always_inline)) void
jac_sub_mul8(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
#ifdef EC_HAVE_FE_LAZY
    fe_sub_mul8(EC_CTX_ARG r, a, b);
#else
    fe u;
    fe_mul8(EC_CTX_ARG &u, b);
    fe_sub(EC_CTX_ARG r, a, &u);
#endif
}

#ifdef EC_HAVE_FE_HALF
/* r = 2p (Jacobian) on a curve with a = -3, for a field header that supplies fe_half
 * (r = a / 2: P-256, P-384, the generic Montgomery field of fe_mont_tmpl.h, whose
 * Brainpool curves double on their loop curves): 4M + 4S, 10 additions and a halving
 * (dbl-2001-b: 3M + 5S and 16 additions):
 * with delta = Z^2, gamma = Y^2, beta = X gamma, alpha = 3 (X - delta)(X + delta),
 * S = (2Y)^2 = 4 gamma and S X = 4 beta; X3 = alpha^2 - 4 beta - 4 beta (fe_sub2),
 * Z3 = (2Y) Z (one product instead of (Y + Z)^2 - gamma - delta, on the 2Y that S
 * squares), Y3 = alpha (4 beta - X3) - 8 gamma^2 with 8 gamma^2 = S^2 / 2. Other
 * curves keep dbl-2001-b below. r may alias p: each coordinate of p is last read
 * before the same coordinate of r is written. */
static void jac_dbl_a3(EC_CTX_PARAM ec_jac *r, const ec_jac *p)
{
    fe s, d, m, t;
    fe_dbl(EC_CTX_ARG &s, &p->y);               /* 2Y */
    fe_sqr(EC_CTX_ARG &d, &p->z);               /* delta */
    fe_add(EC_CTX_ARG &m, &p->x, &d);
    fe_sub(EC_CTX_ARG &d, &p->x, &d);
    fe_mul(EC_CTX_ARG &r->z, &s, &p->z);        /* Z3 = 2 Y Z; p->y, p->z not read again */
    fe_sqr(EC_CTX_ARG &s, &s);                  /* 4 gamma */
    fe_mul(EC_CTX_ARG &m, &m, &d);
    fe_mul3_lazy(EC_CTX_ARG &m, &m);            /* alpha (fully reduced: fe_add, or the
                                                 * field's EC_HAVE_FE_MUL3 one) */
    fe_sqr(EC_CTX_ARG &t, &s);
    fe_half(EC_CTX_ARG &t, &t);                 /* 8 gamma^2 */
    fe_mul(EC_CTX_ARG &s, &s, &p->x);           /* 4 beta; p->x not read again */
    fe_sqr(EC_CTX_ARG &r->x, &m);
    fe_sub2(EC_CTX_ARG &r->x, &r->x, &s, &s);   /* X3 */
    fe_sub(EC_CTX_ARG &s, &s, &r->x);
    fe_mul(EC_CTX_ARG &s, &s, &m);
    fe_sub(EC_CTX_ARG &r->y, &s, &t);           /* Y3 */
}
#else
/* r = 2p (Jacobian) on a curve with a = -3 (E itself, or the loop curve E_t), by
 * dbl-2001-b: 3M + 5S. r may alias p. */
static void jac_dbl_a3(EC_CTX_PARAM ec_jac *r, const ec_jac *p)
{
    fe delta, gamma, beta, alpha, t, u;
    fe_sqr(EC_CTX_ARG &delta, &p->z);
    fe_sqr(EC_CTX_ARG &gamma, &p->y);
    fe_mul(EC_CTX_ARG &beta, &p->x, &gamma);
    fe_sub_lazy(EC_CTX_ARG &t, &p->x, &delta);
    fe_add_lazy(EC_CTX_ARG &u, &p->x, &delta);
    fe_mul(EC_CTX_ARG &alpha, &t, &u);
    fe_mul3_lazy(EC_CTX_ARG &alpha, &alpha);
    fe_add_lazy(EC_CTX_ARG &t, &p->y, &p->z);
    fe_sqr(EC_CTX_ARG &t, &t);
    fe_sub2(EC_CTX_ARG &r->z, &t, &gamma, &delta);
    fe_sqr(EC_CTX_ARG &t, &alpha);
    jac_dbl_x3(EC_CTX_ARG &r->x, &u, &t, &beta);   /* X3; u = 4 beta - X3 */
    fe_mul(EC_CTX_ARG &t, &alpha, &u);
    fe_sqr(EC_CTX_ARG &gamma, &gamma);
    jac_sub_mul8(EC_CTX_ARG &r->y, &t, &gamma);     /* Y3 = t - 8 gamma^2 */
}
#endif /* EC_HAVE_FE_HALF */
#endif

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
    jac_dbl_a3(EC_CTX_ARG r, p);
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

/* r = 2p on the loop curve (E_t with EC_TWIST_A3, else E). r may alias p. */
#ifdef EC_TWIST_A3
#define jac_dbl_t jac_dbl_a3
#else
#define jac_dbl_t jac_dbl
#endif

#if defined(EC_ADD_12M4S) || defined(EC_MADD_8M3S)
/* The end of the additions without factors of 2 (jac_add_core with EC_ADD_12M4S,
 * jac_add_aff_core with EC_MADD_8M3S): X3 = R^2 - HHH - 2V and Y3 = R (V - X3) - W,
 * for R = S2 - S1, HHH = H^3, V = U1 H^2 and W = S1 H^3 (R^2 - HHH - V by fe_sub2,
 * the field's fused one where it has EC_HAVE_FE_SUB2); writes r->x and r->y only.
 * Every curve with these additions has a = -3 or a loop curve, so fe_sub2 (above). */
static inline __attribute__((always_inline)) void
jac_add_xy(EC_CTX_PARAM ec_jac *r, const fe *rr, const fe *hhh,
           const fe *v, const fe *w)
{
    fe t;
    fe_sqr(EC_CTX_ARG &t, rr);
    fe_sub2(EC_CTX_ARG &t, &t, hhh, v);
    fe_sub(EC_CTX_ARG &r->x, &t, v);
    fe_sub(EC_CTX_ARG &t, v, &r->x);
    fe_mul(EC_CTX_ARG &t, rr, &t);
    fe_sub(EC_CTX_ARG &r->y, &t, w);
}
#endif

/*
 * r = p + q (Jacobian) by add-2007-bl (11M + 5S), branch-free. The result is right
 * when p, q != O and p != +-q; *h_zero and *r_zero (masks) report U1 = U2 and
 * S1 = S2, which mark the excluded cases p = q and p = -q. r may alias p or q.
 * A field whose product costs little more than its square (P-256 with MULX) defines
 * EC_ADD_12M4S for the same contract by 12M + 4S and 7 additions instead of 13
 * (add-1998-cmo-2): Z3 = Z1 Z2 H instead of ((Z1 + Z2)^2 - Z1Z1 - Z2Z2) H, and no
 * factors of 2 in R, I and J: X3 = R^2 - H^3 - 2 U1 H^2, Y3 = R (U1 H^2 - X3) - S1 H^3.
 */
static void jac_add_core(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_jac *q,
                         uint64_t *h_zero, uint64_t *r_zero)
{
    fe z1z1, z2z2, u1, u2, s1, s2, h, rr, v;
#ifdef EC_ADD_12M4S
    fe z3, hh, hhh;
#else
    fe i, j, t;
#endif
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
#ifdef EC_ADD_12M4S
    fe_mul(EC_CTX_ARG &z3, &p->z, &q->z);      /* last reads of p and q */
    fe_mul(EC_CTX_ARG &z3, &z3, &h);
    fe_sqr(EC_CTX_ARG &hh, &h);
    fe_mul(EC_CTX_ARG &hhh, &h, &hh);
    fe_mul(EC_CTX_ARG &v, &u1, &hh);
    fe_mul(EC_CTX_ARG &s1, &s1, &hhh);
    jac_add_xy(EC_CTX_ARG r, &rr, &hhh, &v, &s1);
    r->z = z3;
#else
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
#endif
}

/* r = p + q (Jacobian), variable time: add-2007-bl with the special cases branched;
 * tw: p, q and r are on the loop curve (the doubling case doubles there). */
static inline void jac_add_vartime_on(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_jac *q,
                                      int tw)
{
    ec_jac t;
    uint64_t hz, rz;
    if (fe_is_zero(EC_CTX_ARG &p->z)) { *r = *q; return; }
    if (fe_is_zero(EC_CTX_ARG &q->z)) { *r = *p; return; }
    jac_add_core(EC_CTX_ARG &t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) {
            if (tw)
                jac_dbl_t(EC_CTX_ARG r, p);
            else
                jac_dbl(EC_CTX_ARG r, p);
            return;
        }
        jac_set_inf(EC_CTX_ARG r); return;
    }
    *r = t;
}
#define jac_add_vartime(r, p, q) jac_add_vartime_on(r, p, q, 0)
#define jac_add_vartime_t(r, p, q) jac_add_vartime_on(r, p, q, 1)

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
    fe z1z1, u2, s2, h, rr, hh, v;
#ifdef EC_MADD_8M3S
    fe z3, hhh;
#else
    fe i, j, t;
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
    jac_add_xy(EC_CTX_ARG r, &rr, &hhh, &v, &s2);
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

/*
 * Co-Z addition with update (ZADDU, Meloni, "New point addition formulae for ECC
 * applications", 2007): p and q share one Z, neither is O and p != +-q (the caller's
 * proof); r = p + q, and p becomes the same point with r's Z, so that p + r is again
 * a co-Z addition. 5M + 2S, branch-free:
 *   A = (X2 - X1)^2, B = X1 A, C = X2 A, D = (Y2 - Y1)^2, E = Y1 (C - B),
 *   X3 = D - B - C, Y3 = (Y2 - Y1) (B - X3) - E, Z3 = Z (X2 - X1); p := (B, E, Z3).
 * r may alias q, not p. Independent of the curve's a.
 */
static inline void jac_zaddu(EC_CTX_PARAM ec_jac *r, ec_jac *p, const ec_jac *q)
{
    fe h, a, b, c, d, e, t;
    fe_sub(EC_CTX_ARG &h, &q->x, &p->x);
    fe_sqr(EC_CTX_ARG &a, &h);
    fe_mul(EC_CTX_ARG &b, &p->x, &a);
    fe_mul(EC_CTX_ARG &c, &q->x, &a);
    fe_sub(EC_CTX_ARG &t, &q->y, &p->y);      /* last reads of q */
    fe_sqr(EC_CTX_ARG &d, &t);
    fe_sub(EC_CTX_ARG &e, &c, &b);
    fe_mul(EC_CTX_ARG &e, &p->y, &e);
    fe_mul(EC_CTX_ARG &p->z, &p->z, &h);      /* Z3, p's from here on */
    fe_sub(EC_CTX_ARG &d, &d, &b);
    fe_sub(EC_CTX_ARG &r->x, &d, &c);
    fe_sub(EC_CTX_ARG &d, &b, &r->x);
    fe_mul(EC_CTX_ARG &d, &t, &d);
    fe_sub(EC_CTX_ARG &r->y, &d, &e);
    r->z = p->z;
    p->x = b;
    p->y = e;
}

/* r = p + q with q affine (never O), variable time: jac_add_aff_core, special cases
 * branched; tw: p, q and r are on the loop curve (the doubling case doubles there). */
static inline void jac_add_aff_vartime_on(EC_CTX_PARAM ec_jac *r, const ec_jac *p,
                                          const ec_aff *q, int tw)
{
    ec_jac t;
    uint64_t hz, rz;
    if (fe_is_zero(EC_CTX_ARG &p->z)) { jac_from_aff(EC_CTX_ARG r, q); return; }
    jac_add_aff_core(EC_CTX_ARG &t, p, q, &hz, &rz);
    if (hz & 1) {
        if (rz & 1) {
            if (tw)
                jac_dbl_t(EC_CTX_ARG r, p);
            else
                jac_dbl(EC_CTX_ARG r, p);
            return;
        }
        jac_set_inf(EC_CTX_ARG r); return;
    }
    *r = t;
}
#define jac_add_aff_vartime(r, p, q) jac_add_aff_vartime_on(r, p, q, 0)
#define jac_add_aff_vartime_t(r, p, q) jac_add_aff_vartime_on(r, p, q, 1)


/*
 * Montgomery's trick: cnt Jacobian points, none O, to affine with a single
 * inversion, the variable-time one (fe_inv_vartime): public points only (the odd
 * multiples of verification's Q, ECDH's table of the peer's key). 3(cnt - 1) M for the
 * prefix products and their unwinding, then 1S + 3M per point. A zero Z gives garbage
 * (its inversion gives 0), not a crash. tmp holds cnt field elements. a and p must not
 * overlap. Not inlined: inlined into pt_mul_aff_ct it changed GCC's inlining around
 * brainpoolP512r1's doubling, and ECDH there ran 2% slower.
 */
static __attribute__((noinline)) void
jac_batch_to_aff_vartime(EC_CTX_PARAM ec_aff *a, const ec_jac *p, size_t cnt, fe *tmp)
{
    fe inv, zi, zi2;
    size_t i;

    if (cnt == 0)
        return;
    tmp[0] = p[0].z;
    for (i = 1; i < cnt; i++)
        fe_mul(EC_CTX_ARG &tmp[i], &tmp[i - 1], &p[i].z);
    fe_inv_vartime(EC_CTX_ARG &inv, &tmp[cnt - 1]);     /* 1 / (z_0 ... z_{cnt-1}) */
    for (i = cnt; i-- > 0;) {
        if (i > 0) {
            fe_mul(EC_CTX_ARG &zi, &inv, &tmp[i - 1]); /* 1 / z_i */
            fe_mul(EC_CTX_ARG &inv, &inv, &p[i].z); /* 1 / (z_0 ... z_{i-1}) */
        } else {
            zi = inv;
        }
        fe_sqr(EC_CTX_ARG &zi2, &zi);
        fe_mul(EC_CTX_ARG &a[i].x, &p[i].x, &zi2);
        fe_mul(EC_CTX_ARG &zi2, &zi2, &zi);
        fe_mul(EC_CTX_ARG &a[i].y, &p[i].y, &zi2);
    }
}

#endif
