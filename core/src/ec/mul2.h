/*
 * kurv internal, curve template: the variable-time u1*G + u2*Q, for public inputs
 * only (signature verification). One path, pt_mul2_vartime, behind every op that
 * needs it (the x-coordinate test of ECDSA verification, the affine result of BIP-340
 * verification: ec/ops.h). Branches and table indices depend on u1, u2 and Q.
 */
#ifndef KURV_EC_MUL2_H
#define KURV_EC_MUL2_H

#define EC_Q_W 5                        /* wNAF width of u2 */
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
 * the fixed-window table ec_base_table, one mixed addition per window.
 * With EC_TWIST_A3 (ec/jac.h) the loop runs on the isomorphic a = -3 curve E_t: Q
 * enters as its image (x z^2, y z^3) (two products), the tables of G are generated
 * there, and the result leaves as (X : Y : Z z) (one product). Q's odd multiples are
 * then made affine with one inversion, so that every addition of the loop is mixed.
 * A field header may ask for the same affine table on the curve itself by defining
 * EC_Q_AFFINE (P-521, where the inversion costs less than the 4M + 1S saved on each
 * of the loop's ~87 additions of a Q entry).
 */
#ifdef EC_G_WNAF_W
#if EC_G_TABLES == 2 && (EC_G_SPLIT_BITS % 64 != 0 || !defined(EC_GLV))
#error "two odd-multiple tables of G: for a GLV curve, split at a limb boundary"
#endif
#if EC_G_TABLES != 1 && EC_G_TABLES != 2
#error "EC_G_TABLES is 1 or 2"
#endif
#if EC_G_WNAF_W < 2 || EC_G_WNAF_W > 15
#error "EC_G_WNAF_W must be in 2..15 (digits are int16_t)"
#endif
#endif /* EC_G_WNAF_W */

#if EC_A_KIND == EC_A_ZERO
/*
 * r = p + q' (Jacobian), where q' = (x zs^2, y zs^3) is the image of the affine point
 * q = (x, y) under (x, y) -> (x zs^2, y zs^3) (zs NULL: q' = q), variable time.
 * Z3 = Z1*H (8M + 3S, one more M with zs); *zr (when not NULL) gets H = Z3/Z1.
 * The special cases are branched on (public data only): p = O gives q' with Z = 1
 * (and *zr = 0); p = q' is a doubling; p = -q' gives O. r may alias p.
 */
static void jac_add_zaff_vartime(EC_CTX_PARAM ec_jac *r, const ec_jac *p, const ec_aff *q,
                                 const fe *zs, fe *zr)
{
    fe az, zz, u2, s2, h, rr, hh, hhh, t, x3, y3, z3;

    if (fe_is_zero(EC_CTX_ARG &p->z) & 1) {
        if (zs) {
            fe_sqr(EC_CTX_ARG &zz, zs);
            fe_mul(EC_CTX_ARG &r->x, &q->x, &zz);
            fe_mul(EC_CTX_ARG &zz, &zz, zs);
            fe_mul(EC_CTX_ARG &r->y, &q->y, &zz);
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
        fe_mul(EC_CTX_ARG &az, &p->z, zs);
    else
        az = p->z;
    fe_sqr(EC_CTX_ARG &zz, &az);
    fe_mul(EC_CTX_ARG &u2, &q->x, &zz); /* U2 = x' Z1^2, U1 = X1 */
    fe_mul(EC_CTX_ARG &s2, &q->y, &zz);
    fe_mul(EC_CTX_ARG &s2, &s2, &az);   /* S2 = y' Z1^3, S1 = Y1 */
    fe_sub(EC_CTX_ARG &h, &u2, &p->x);
    fe_sub(EC_CTX_ARG &rr, &s2, &p->y);
    if (fe_is_zero(EC_CTX_ARG &h) & 1) {
        if (fe_is_zero(EC_CTX_ARG &rr) & 1) {
            jac_dbl(EC_CTX_ARG r, p);
        } else {
            jac_set_inf(EC_CTX_ARG r);
        }
        if (zr)
            memset(zr, 0, sizeof *zr);  /* not asked for by the table (see below) */
        return;
    }
    fe_sqr(EC_CTX_ARG &hh, &h);
    fe_mul(EC_CTX_ARG &hhh, &h, &hh);
    fe_mul(EC_CTX_ARG &t, &p->x, &hh);  /* V = U1 H^2 */
    fe_sqr(EC_CTX_ARG &x3, &rr);
    fe_sub(EC_CTX_ARG &x3, &x3, &hhh);
    fe_sub(EC_CTX_ARG &x3, &x3, &t);
    fe_sub(EC_CTX_ARG &x3, &x3, &t);    /* X3 = R^2 - H^3 - 2V */
    fe_sub(EC_CTX_ARG &y3, &t, &x3);
    fe_mul(EC_CTX_ARG &y3, &y3, &rr);
    fe_mul(EC_CTX_ARG &hhh, &hhh, &p->y);
    fe_sub(EC_CTX_ARG &y3, &y3, &hhh);  /* Y3 = R (V - X3) - S1 H^3 */
    fe_mul(EC_CTX_ARG &z3, &p->z, &h);  /* Z3 = Z1 H */
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
static void q_odd_multiples_vartime(EC_CTX_PARAM ec_qent *tab, fe *zg, const ec_aff *q)
{
    ec_jac cur[EC_Q_TAB], d;
    ec_aff da;
    fe zr[EC_Q_TAB], s, ss, t;
    int i;

    jac_from_aff(EC_CTX_ARG &cur[0], q);
    jac_dbl(EC_CTX_ARG &d, &cur[0]);
    da.x = d.x;
    da.y = d.y;
    fe_sqr(EC_CTX_ARG &t, &d.z);
    fe_mul(EC_CTX_ARG &cur[0].x, &q->x, &t);
    fe_mul(EC_CTX_ARG &t, &t, &d.z);
    fe_mul(EC_CTX_ARG &cur[0].y, &q->y, &t);
    for (i = 1; i < EC_Q_TAB; i++)
        jac_add_zaff_vartime(EC_CTX_ARG &cur[i], &cur[i - 1], &da, NULL, &zr[i]);
    tab[EC_Q_TAB - 1].x = cur[EC_Q_TAB - 1].x;
    tab[EC_Q_TAB - 1].y = cur[EC_Q_TAB - 1].y;
    s = zr[EC_Q_TAB - 1];               /* s = Z_last / Z_i, for i = last - 1 down to 0 */
    for (i = EC_Q_TAB - 2; i >= 0; i--) {
        fe_sqr(EC_CTX_ARG &ss, &s);
        fe_mul(EC_CTX_ARG &tab[i].x, &cur[i].x, &ss);
        fe_mul(EC_CTX_ARG &ss, &ss, &s);
        fe_mul(EC_CTX_ARG &tab[i].y, &cur[i].y, &ss);
        if (i > 0)
            fe_mul(EC_CTX_ARG &s, &s, &zr[i]);
    }
    fe_mul(EC_CTX_ARG zg, &cur[EC_Q_TAB - 1].z, &d.z);
}

/* acc += entry of Q's table (effective affine) */
static inline void q_add_vartime(EC_CTX_PARAM ec_jac *acc, const ec_qent *e)
{
    jac_add_zaff_vartime(EC_CTX_ARG acc, acc, e, NULL, NULL);
}
/* acc += (-1)^neg * (G-table entry), mapped onto the loop's curve by zg (one
 * multiplication more) */
static inline void g_add_vartime(EC_CTX_PARAM ec_jac *acc, const ec_aff *e, const fe *zg, int neg)
{
    ec_aff t;
    if (neg) {
        t.x = e->x;
        fe_neg(EC_CTX_ARG &t.y, &e->y);
        e = &t;
    }
    jac_add_zaff_vartime(EC_CTX_ARG acc, acc, e, zg, NULL);
}
#elif defined(EC_TWIST_A3) || defined(EC_Q_AFFINE)
typedef ec_aff ec_qent;                 /* an entry of Q's table: affine on the loop curve */

/*
 * Q's odd multiples tab[i] = (2i + 1) Q', Q' = Q, or with EC_TWIST_A3 (x z^2, y z^3)
 * the image of Q on E_t, made in Jacobian coordinates there and then made affine with
 * one inversion (Montgomery's trick), so that each of the loop's additions of a Q
 * entry is a mixed addition (7M + 4S instead of 11M + 5S); zg is not used: set to 1.
 * Q on the curve keeps every Z nonzero ((2i + 1) Q' != O for the prime order n >
 * 2^EC_Q_W); off the curve the entries are meaningless (a zero Z inverts to 0) but
 * computed all the same.
 */
static void q_odd_multiples_vartime(EC_CTX_PARAM ec_qent *tab, fe *zg, const ec_aff *q)
{
    ec_jac j[EC_Q_TAB], q2;
    fe tmp[EC_Q_TAB];
    int i;
    jac_from_aff(EC_CTX_ARG &j[0], q);
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &j[0].x, &j[0].x, &ec_tw.z2);
    fe_mul(EC_CTX_ARG &j[0].y, &j[0].y, &ec_tw.z3);
#endif
    jac_dbl_t(EC_CTX_ARG &q2, &j[0]);
    for (i = 1; i < EC_Q_TAB; i++)
        jac_add_vartime_t(EC_CTX_ARG &j[i], &j[i - 1], &q2);
    jac_batch_to_aff_vartime(EC_CTX_ARG tab, j, EC_Q_TAB, tmp);
    *zg = ec_k_one();
}

static inline void q_add_vartime(EC_CTX_PARAM ec_jac *acc, const ec_qent *e)
{
    jac_add_aff_vartime_t(EC_CTX_ARG acc, acc, e);
}
#else
typedef ec_jac ec_qent;                 /* an entry of Q's table: Jacobian */

/* Q's odd multiples tab[i] = (2i + 1) Q, Jacobian; zg is not used: set to 1 */
static void q_odd_multiples_vartime(EC_CTX_PARAM ec_qent *tab, fe *zg, const ec_aff *q)
{
    ec_jac q2;
    int i;
    jac_from_aff(EC_CTX_ARG &tab[0], q);
    jac_dbl_t(EC_CTX_ARG &q2, &tab[0]);
    for (i = 1; i < EC_Q_TAB; i++)
        jac_add_vartime_t(EC_CTX_ARG &tab[i], &tab[i - 1], &q2);
    *zg = ec_k_one();
}

static inline void q_add_vartime(EC_CTX_PARAM ec_jac *acc, const ec_qent *e)
{
    jac_add_vartime_t(EC_CTX_ARG acc, acc, e);
}
#endif
#if EC_A_KIND != EC_A_ZERO
/* acc += (-1)^neg * (G-table entry, affine on the loop curve; zg is not used) */
static inline void g_add_vartime(EC_CTX_PARAM ec_jac *acc, const ec_aff *e, const fe *zg, int neg)
{
    ec_aff t;
    (void)zg;
    if (neg) {
        t.x = e->x;
        fe_neg(EC_CTX_ARG &t.y, &e->y);
        e = &t;
    }
    jac_add_aff_vartime_t(EC_CTX_ARG acc, acc, e);
}
#endif

/* acc += d * (table of odd multiples), d odd or 0 */
#define EC_ADD_DIGIT(d, tab, add)                       \
    do {                                                \
        if ((d) > 0) {                                  \
            add(EC_CTX_ARG &acc, &(tab)[(d) / 2]);      \
        } else if ((d) < 0) {                           \
            ec_qent ent_ = (tab)[(-(d)) / 2];           \
            fe_neg(EC_CTX_ARG &ent_.y, &ent_.y);                   \
            add(EC_CTX_ARG &acc, &ent_);                \
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
 * curve itself, and the result's Z times zg is its Z on the curve. The same holds
 * for E_t (EC_TWIST_A3), with z in the place of zg.
 */
static uint64_t pt_mul2_vartime(EC_CTX_PARAM ec_jac *r, const uint8_t *u1, const uint8_t *u2,
                                const ec_aff *q)
{
    ec_qent tab[EC_Q_TAB];
    ec_jac acc;
    fe zg;
    int8_t naf[EC_WNAF_LEN];
    uint64_t kl[EC_N];                  /* a scalar as limbs, for the recoder */
    unsigned len, i;
#ifdef EC_G_WNAF_W
    int16_t ng[EC_G_TABLES][EC_WNAF_LEN];
    unsigned lg, t;
#else
    int8_t d[EC_G_BASE_WINDOWS];
#endif
#ifdef EC_GLV
    ec_qent tab2[EC_Q_TAB];
    int8_t naf2[EC_WNAF_LEN];
    uint8_t k1[EC_SLEN], k2[EC_SLEN];
    int neg1, neg2;
    unsigned len2;
#endif

    q_odd_multiples_vartime(EC_CTX_ARG tab, &zg, q);
#ifdef EC_GLV
    /* u2*Q = k1*Q + k2*phi(Q), phi(x, y) = (beta x, y) = lambda*(x, y), |k1|, |k2| <
     * 2^129; on a = 0 phi commutes with the map by zg, so (beta x, y) of each entry
     * is the entry of phi(Q)'s table */
    ec_glv_split(k1, k2, &neg1, &neg2, u2);
    for (i = 0; i < EC_Q_TAB; i++) {
        tab2[i] = tab[i];
        fe_mul(EC_CTX_ARG &tab2[i].x, &tab2[i].x, &ec_glv_beta);
        if (neg1)
            fe_neg(EC_CTX_ARG &tab[i].y, &tab[i].y);
        if (neg2)
            fe_neg(EC_CTX_ARG &tab2[i].y, &tab2[i].y);
    }
    kl_from_be(EC_N, kl, k1, EC_SLEN);
    len = sc_wnaf8_vartime(naf, kl, EC_Q_W);
    kl_from_be(EC_N, kl, k2, EC_SLEN);
    len2 = sc_wnaf8_vartime(naf2, kl, EC_Q_W);
    if (len2 > len)
        len = len2;
#else
    kl_from_be(EC_N, kl, u2, EC_SLEN);
    len = sc_wnaf8_vartime(naf, kl, EC_Q_W);
#endif
#if defined(EC_G_WNAF_W) && EC_G_TABLES == 2
    {
        /* u1 = a + b 2^EC_G_SPLIT_BITS, split at a limb boundary: a in kl, b in hi */
        uint64_t hi[EC_N] = {0};
        const unsigned sl = EC_G_SPLIT_BITS / 64;
        kl_from_be(EC_N, kl, u1, EC_SLEN);
        memcpy(hi, kl + sl, (EC_N - sl) * sizeof *kl);
        memset(kl + sl, 0, (EC_N - sl) * sizeof *kl);
        lg = sc_wnaf16_vartime(ng[0], kl, EC_G_WNAF_W);
        t = sc_wnaf16_vartime(ng[1], hi, EC_G_WNAF_W);
        if (t > lg)
            lg = t;
    }
    if (lg > len)
        len = lg;
#elif defined(EC_G_WNAF_W)
    kl_from_be(EC_N, kl, u1, EC_SLEN);
    lg = sc_wnaf16_vartime(ng[0], kl, EC_G_WNAF_W);
    if (lg > len)
        len = lg;
#endif

    /* no test for acc = O before a doubling: every doubling formula (ec/jac.h) gives
     * Z3 = 0 from Z = 0, so O doubles to O, and the additions test acc = O themselves;
     * the test cost more than the one doubling of O it saved (P-521: a canonicalisation
     * of Z per bit) */
    jac_set_inf(EC_CTX_ARG &acc);
    for (i = len; i-- > 0;) {
        jac_dbl_t(EC_CTX_ARG &acc, &acc);
        EC_ADD_DIGIT(naf[i], tab, q_add_vartime);
#ifdef EC_GLV
        EC_ADD_DIGIT(naf2[i], tab2, q_add_vartime);
#endif
#ifdef EC_G_WNAF_W
        for (t = 0; t < EC_G_TABLES; t++) {
            int dg = ng[t][i];
            if (dg > 0)
                g_add_vartime(EC_CTX_ARG &acc, &ec_g_odd[t][dg / 2], &zg, 0);
            else if (dg < 0)
                g_add_vartime(EC_CTX_ARG &acc, &ec_g_odd[t][-dg / 2], &zg, 1);
        }
#endif
    }
#ifndef EC_G_WNAF_W
    sc_recode_signed(d, u1, EC_G_BASE_W, EC_G_BASE_WINDOWS);
    for (i = 0; i < EC_G_BASE_WINDOWS; i++) {
        if (d[i] > 0)
            g_add_vartime(EC_CTX_ARG &acc, &ec_base_table[i][d[i] - 1], &zg, 0);
        else if (d[i] < 0)
            g_add_vartime(EC_CTX_ARG &acc, &ec_base_table[i][-d[i] - 1], &zg, 1);
    }
#endif
#if EC_A_KIND == EC_A_ZERO
    fe_mul(EC_CTX_ARG &acc.z, &acc.z, &zg); /* back from the isomorphic curve */
#elif defined(EC_TWIST_A3)
    fe_mul(EC_CTX_ARG &acc.z, &acc.z, &ec_tw.z); /* back from E_t */
#endif
    *r = acc;
    return fe_is_zero(EC_CTX_ARG &acc.z);
}
#undef EC_ADD_DIGIT

#endif
