/*
 * kurv internal, curve template: the constant-time multiplication of any point, for
 * secret scalars (k < n, EC_SLEN big-endian bytes). No branch and no memory index depends
 * on k or on the point (but for the one public point named below); the scalar copies and
 * digits are wiped. (k*G and the point API's fixed-window tables: ec/mul_base_ct.h;
 * the table reads, the halving fold and the masked additions both use:
 * ec/mul_ct_common.h.)
 *   pt_mul_ct(r, k, P)            k*P for any point P of the curve (the point API)
 *   pt_mul_aff_ct(r, k, a)        the same for an affine a that is PUBLIC (ECDH's and
 *                                 ECIES' peer key): the table by co-Z additions made
 *                                 affine by a variable-time inversion, mixed additions
 *                                 in the loop; constant time in k
 * Results are projective (ec_proj). The multiplications use incomplete Jacobian
 * additions where the scalar makes the excluded cases impossible: k is folded to
 * k' = min(k, n - k) < n/2 (the result negated back in constant time), which bounds
 * every partial sum away from +-addend; the remaining special cases (accumulator O,
 * digit 0) are selected by masks. On a curve with an endomorphism (EC_GLV) k*P
 * splits k into two half-length scalars instead, and the bound comes from the
 * shortest vector of the GLV lattice. The proof of each is at the function. k*G on a
 * curve whose order is not close to 2^order_bits (no EC_BASE_JACOBIAN) adds with the
 * complete projective formula instead (ec/proj.h).
 * Needs the group order as limbs: EC_ORDER_LIMBS (default: the scalar context's
 * modulus ec_sc.m).
 * With EC_TWIST_A3 (ec/jac.h) k*P and k*G run on the isomorphic a = -3 curve E_t:
 * P enters as its Jacobian (X : Y : Z/z) there, k*P leaves as (X : Y : Z z), and k*G
 * adds the entries of ec_base_table (generated on E_t) with E_t's complete mixed
 * addition and leaves as (X z : Y : Z z^3). The isomorphism keeps the group, so the
 * arguments below hold on E_t unchanged; inputs and results are points of E.
 */
#ifndef KURV_EC_MUL_CT_H
#define KURV_EC_MUL_CT_H

#include "ec/mul_ct_common.h"

#ifdef EC_GLV
/*
 * k*P with the endomorphism: k = k1 + k2 lambda (ec_glv_split, constant time) with
 * |k1|, |k2| < 2^128, each recoded in EC_GLV_DIGITS signed digits of EC_VAR_W bits;
 * one doubling chain of about 130 doublings (half of the plain loop's), and per window
 * two Jacobian additions: d1 s1 P from P's table and d2 s2 phi(P) from its image
 * under phi(X : Y : Z) = (beta X : Y : Z) (s1, s2 the signs of k1, k2, applied with the
 * digit's sign as one conditional negation of y).
 * Why the incomplete addition never meets its excluded cases. Let
 * L = {(u, v) : u + v lambda = 0 mod n}; its nonzero vectors have max(|u|, |v|) >=
 * mu = 0xe4437ed6010e88286f547fa90abfe4c3 > 2^127.83 (enumerated over the reduced
 * basis of glv.h: mu = |b1|). Before the additions of window i the accumulator is
 * X P + Y phi(P) with X = s1 sum_{j>i} d1_j 2^(w (j-i)), Y likewise, so 2^w divides
 * X and Y, and |X| <= |k1| 2^(-w i) + 2^w * 2^(w-1)/(2^w - 1) < 2^127.35 + 17 (the
 * same for Y with |k2| < 2^127.12). Adding t = d P (|d| <= 2^(w-1) = 16) hits
 * acc = +-t only if (X -+ d, Y) is in L; both coordinates are below mu, so X = +-d
 * and Y = 0, and 2^w | X forces X = d = 0: acc = O or digit 0, both selected by
 * masks. After it the accumulator is (X + d) P + Y phi(P) (|X + d| < 2^127.35 + 33);
 * adding t' = d' phi(P) hits +-t' only if (X + d, Y -+ d') is in L, so Y = d' = 0
 * and X + d = 0: again acc = O or digit 0. The table entries jP (j = 3..16) are
 * (j-1)P + P with j - 1 != +-1 (mod n). Needs a group of prime order n (cofactor 1).
 */
#define EC_GLV_DIGITS ((128 + EC_VAR_W) / EC_VAR_W)   /* signed digits of a 128-bit half */

/* t = the entry of |d| in tab (entry 0 is O), negated when neg is all-ones; constant
 * time: every entry is read (jac_select_ct). */
static void jac_lookup_ct(EC_CTX_PARAM ec_jac *t, const ec_jac *tab, unsigned a, uint64_t neg)
{
    fe ny;
    jac_select_ct(t, tab, a);
    fe_neg(EC_CTX_ARG &ny, &t->y);
    fe_cmov(EC_CTX_ARG &t->y, &ny, neg);
}

/* acc += t (Jacobian) where the proof above rules out acc = +-t for t != O: acc = O and
 * t = O (digit a = 0) are selected by masks. */
static void jac_add_masked(EC_CTX_PARAM ec_jac *acc, const ec_jac *t, unsigned a)
{
    ec_jac sum;
    uint64_t hz, rz, acc_inf = fe_is_zero(EC_CTX_ARG &acc->z);
    jac_add_core(EC_CTX_ARG &sum, acc, t, &hz, &rz);
    jac_cmov(EC_CTX_ARG &sum, t, acc_inf);           /* O + t = t */
    jac_cmov(EC_CTX_ARG acc, &sum, ~kl_eq64(a, 0));  /* acc + O = acc */
}

static void pt_mul_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_proj *p)
{
    ec_jac tab[EC_VAR_ENTRIES + 1], tabl[EC_VAR_ENTRIES + 1], acc, t;
    int8_t d1[EC_GLV_DIGITS], d2[EC_GLV_DIGITS];
    uint8_t k1[EC_SLEN], k2[EC_SLEN];
    uint64_t s1, s2, neg, hz, rz;
    int n1, n2;
    unsigned i, j, a;

    ec_glv_split(k1, k2, &n1, &n2, k);
    s1 = 0 - (uint64_t)(unsigned)n1;
    s2 = 0 - (uint64_t)(unsigned)n2;
    sc_recode_signed(d1, k1, EC_VAR_W, EC_GLV_DIGITS);
    sc_recode_signed(d2, k2, EC_VAR_W, EC_GLV_DIGITS);

    proj_to_jac(EC_CTX_ARG &tab[1], p);
    jac_set_inf(EC_CTX_ARG &tab[0]);
    jac_dbl(EC_CTX_ARG &tab[2], &tab[1]);
    for (i = 3; i <= EC_VAR_ENTRIES; i++)
        jac_add_core(EC_CTX_ARG &tab[i], &tab[i - 1], &tab[1], &hz, &rz); /* (i-1)P != +-P */
    for (i = 0; i <= EC_VAR_ENTRIES; i++) {
        tabl[i] = tab[i];
        fe_mul(EC_CTX_ARG &tabl[i].x, &ec_glv_beta, &tab[i].x);          /* phi(iP) */
    }

    jac_set_inf(EC_CTX_ARG &acc);
    for (i = EC_GLV_DIGITS; i-- > 0;) {
        if (i != EC_GLV_DIGITS - 1)
            for (j = 0; j < EC_VAR_W; j++)
                jac_dbl(EC_CTX_ARG &acc, &acc);
        a = digit_abs(d1[i], &neg);
        jac_lookup_ct(EC_CTX_ARG &t, tab, a, neg ^ s1);
        jac_add_masked(EC_CTX_ARG &acc, &t, a);
        a = digit_abs(d2[i], &neg);
        jac_lookup_ct(EC_CTX_ARG &t, tabl, a, neg ^ s2);
        jac_add_masked(EC_CTX_ARG &acc, &t, a);
    }
    jac_to_proj(EC_CTX_ARG r, &acc);
    memset(tab, 0, sizeof tab);
    memset(tabl, 0, sizeof tabl);
    memset(&t, 0, sizeof t);
    memset(d1, 0, sizeof d1);
    memset(d2, 0, sizeof d2);
    memset(k1, 0, sizeof k1);
    memset(k2, 0, sizeof k2);
    n1 = n2 = 0;
    a = 0;
}
#else
/* r = acc, k*P's accumulator for the folded scalar k': negated when flip is all-ones
 * (k'P -> kP) and, with EC_TWIST_A3, brought back from E_t as (X : Y : Z z); acc is
 * changed (the caller wipes it). Constant time; its copy of -y is wiped. */
static inline void pt_mul_var_end_ct(EC_CTX_PARAM ec_proj *r, ec_jac *acc, uint64_t flip)
{
    fe ny;
    fe_neg(EC_CTX_ARG &ny, &acc->y);
    fe_cmov(EC_CTX_ARG &acc->y, &ny, flip);
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &acc->z, &acc->z, &ec_tw.z);
#endif
    jac_to_proj(EC_CTX_ARG r, acc);
    memset(&ny, 0, sizeof ny);
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
/* r = k*P from P's table tab[0..EC_VAR_ENTRIES] (tab[j] = j P on the loop curve,
 * Jacobian; tab[0] = O), k < n (EC_SLEN bytes, big-endian): the loop of pt_mul_ct and
 * pt_mul_aff_ct. The top digit's entry is the accumulator's start (O for digit 0),
 * then per digit EC_VAR_W doublings and one masked addition. Wipes its own secrets;
 * the caller wipes tab. */
static void pt_mul_tab_loop_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_jac *tab)
{
    ec_jac acc, t, sum;
    int8_t d[EC_VAR_DIGITS];
    uint8_t kk[EC_SLEN];
    uint64_t flip, hz, rz;
    unsigned i, j, a;
    uint64_t neg;
    fe ny;

    flip = sc_fold_half(EC_CTX_ARG kk, k);
    sc_recode_signed(d, kk, EC_VAR_W, EC_VAR_DIGITS);

    a = digit_abs(d[EC_VAR_DIGITS - 1], &neg);
    jac_select_ct(&acc, tab, a);
    fe_neg(EC_CTX_ARG &ny, &acc.y);
    fe_cmov(EC_CTX_ARG &acc.y, &ny, neg);
    for (i = EC_VAR_DIGITS - 1; i-- > 0;) {
        uint64_t acc_inf;
        a = digit_abs(d[i], &neg);
        for (j = 0; j < EC_VAR_W; j++)
            jac_dbl_t(EC_CTX_ARG &acc, &acc);
        jac_select_ct(&t, tab, a);
        fe_neg(EC_CTX_ARG &ny, &t.y);
        fe_cmov(EC_CTX_ARG &t.y, &ny, neg);
        acc_inf = fe_is_zero(EC_CTX_ARG &acc.z);
        jac_add_core(EC_CTX_ARG &sum, &acc, &t, &hz, &rz);
        jac_cmov(EC_CTX_ARG &sum, &t, acc_inf);      /* O + t = t */
        jac_cmov(EC_CTX_ARG &sum, &acc, kl_eq64(a, 0)); /* acc + O = acc */
        acc = sum;
    }
    pt_mul_var_end_ct(EC_CTX_ARG r, &acc, flip);
    memset(&acc, 0, sizeof acc);
    memset(&t, 0, sizeof t);
    memset(&sum, 0, sizeof sum);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    a = 0;
    neg = 0;
}

static void pt_mul_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_proj *p)
{
    ec_jac tab[EC_VAR_ENTRIES + 1];
    uint64_t hz, rz;
    unsigned i;

    proj_to_jac(EC_CTX_ARG &tab[1], p);
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &tab[1].z, &tab[1].z, &ec_tw.zi);   /* P on E_t */
#endif
    jac_set_inf(EC_CTX_ARG &tab[0]);
    jac_dbl_t(EC_CTX_ARG &tab[2], &tab[1]);
    for (i = 3; i <= EC_VAR_ENTRIES; i++)
        jac_add_core(EC_CTX_ARG &tab[i], &tab[i - 1], &tab[1], &hz, &rz); /* (i-1)P != +-P */
    pt_mul_tab_loop_ct(EC_CTX_ARG r, k, tab);
    memset(tab, 0, sizeof tab);
}

/* r = k*a for an affine point a of the curve (not O; ECDH's peer key), k < n: the
 * table of jP (j = 1..EC_VAR_ENTRIES) is built by co-Z additions (jac_zaddu, 5M + 2S
 * against a mixed addition's 7M + 4S, or 8M + 3S with EC_MADD_8M3S), jP = a + (j-1)P,
 * with a brought to 2P's Z first (3M + 1S) and to jP's by each addition ((j-1)P != +-a
 * as n is a prime above EC_VAR_ENTRIES), then made affine with one variable-time
 * inversion (jac_batch_to_aff_vartime: the table depends on a alone, which is public;
 * 4.2 -> 2.2 µs on brainpoolP512r1), so that each of the loop's additions is mixed
 * (jac_add_aff_core: 4M + 1S fewer than jac_add_core) and each lookup reads two
 * coordinates instead of three. Measured against the Jacobian table (µs per ECDH):
 * with the constant-time inversion, kurv-bench -c, P-384 124.3 against 119.0, P-521
 * 190.2 against 184.4, brainpoolP256r1 65.3 against 63.5, brainpoolP384r1 174.5
 * against 164.3, brainpoolP512r1 362.3 against 340.3, P-256 35.0 against 35.2; with
 * the variable-time one, a loop of kurv_ecdh, P-256 34.5 against 32.9. The loop is
 * pt_mul_tab_loop_ct's (the same fold of k, recoding and proof that acc = +-t cannot
 * occur), with the top digit's entry as the start and acc = O and digit 0 selected by
 * masks. With EC_TWIST_A3, a is first mapped onto E_t as the affine (x z^2, y z^3) and
 * the result leaves as (X : Y : Z z). Constant time in k; a must be public (the
 * table's inversion takes time that depends on it). */
static void pt_mul_aff_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *a)
{
    ec_jac jt[EC_VAR_ENTRIES], acc;
    ec_aff tab[EC_VAR_ENTRIES], t;
    fe tmp[EC_VAR_ENTRIES];
    int8_t d[EC_VAR_DIGITS];
    uint8_t kk[EC_SLEN];
    uint64_t flip, neg;
    unsigned i, j, ad;

    tab[0] = *a;
#ifdef EC_TWIST_A3
    fe_mul(EC_CTX_ARG &tab[0].x, &tab[0].x, &ec_tw.z2);   /* a on E_t */
    fe_mul(EC_CTX_ARG &tab[0].y, &tab[0].y, &ec_tw.z3);
#endif
    jac_from_aff(EC_CTX_ARG &jt[0], &tab[0]);
    jac_dbl_t(EC_CTX_ARG &jt[1], &jt[0]);
    /* a with 2a's Z, then jP = a + (j-1)P by co-Z additions, each leaving a with jP's Z */
    fe_sqr(EC_CTX_ARG &tmp[0], &jt[1].z);
    fe_mul(EC_CTX_ARG &jt[0].x, &tab[0].x, &tmp[0]);
    fe_mul(EC_CTX_ARG &tmp[0], &tmp[0], &jt[1].z);
    fe_mul(EC_CTX_ARG &jt[0].y, &tab[0].y, &tmp[0]);
    jt[0].z = jt[1].z;
    for (i = 2; i < EC_VAR_ENTRIES; i++)
        jac_zaddu(EC_CTX_ARG &jt[i], &jt[0], &jt[i - 1]);
    jac_batch_to_aff_vartime(EC_CTX_ARG tab + 1, jt + 1, EC_VAR_ENTRIES - 1, tmp);

    flip = sc_fold_half(EC_CTX_ARG kk, k);
    sc_recode_signed(d, kk, EC_VAR_W, EC_VAR_DIGITS);

    ad = digit_abs(d[EC_VAR_DIGITS - 1], &neg);
    aff_lookup_ct(EC_CTX_ARG &t, tab, EC_VAR_ENTRIES, ad, neg);
    jac_start_aff_ct(EC_CTX_ARG &acc, &t, ad);
    for (i = EC_VAR_DIGITS - 1; i-- > 0;) {
        ad = digit_abs(d[i], &neg);
        for (j = 0; j < EC_VAR_W; j++)
            jac_dbl_t(EC_CTX_ARG &acc, &acc);
        aff_lookup_ct(EC_CTX_ARG &t, tab, EC_VAR_ENTRIES, ad, neg);
        jac_add_aff_masked_ct(EC_CTX_ARG &acc, &t, ad);
    }
    pt_mul_var_end_ct(EC_CTX_ARG r, &acc, flip);
    memset(jt, 0, sizeof jt);
    memset(tab, 0, sizeof tab);
    memset(tmp, 0, sizeof tmp);
    memset(&acc, 0, sizeof acc);
    memset(&t, 0, sizeof t);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    ad = 0;
    neg = 0;
}
#endif /* EC_GLV */

#ifdef EC_GLV
/* r = k*a for an affine point a (not O): pt_mul_ct on its projective form */
static void pt_mul_aff_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *a)
{
    ec_proj p;
    proj_from_aff(EC_CTX_ARG &p, a);
    pt_mul_ct(EC_CTX_ARG r, k, &p);
    memset(&p, 0, sizeof p);
}
#endif

#endif
