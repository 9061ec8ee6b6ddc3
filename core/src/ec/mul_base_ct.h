/*
 * kurv internal, curve template: constant-time k*P from a fixed-window table of P, for
 * secret scalars k < n (EC_SLEN big-endian bytes), after ec/mul_ct_common.h:
 *   pt_mul_table_ct(r, k, tab)    k*P from P's table of the point API (window i entry j
 *                                 = (j+1) 2^(EC_BASE_W i) P): one addition per window
 *   pt_mul_base_ct(r, k)          k*G from the generator's table ec_base_table, the
 *                                 same with the generator's width EC_G_BASE_W
 * Results are projective (ec_proj) on E. Every window's entries are all read under a
 * mask (aff_lookup_ct); the digits and the looked-up entry are wiped. With
 * EC_BASE_JACOBIAN (the order close to 2^order_bits) the accumulator is Jacobian with
 * the incomplete mixed addition, made safe by the halving fold (proof below); else
 * (Brainpool) the complete projective mixed addition of ec/proj.h. With EC_TWIST_A3
 * ec_base_table is generated on the isomorphic a = -3 curve E_t and the result is
 * brought back to E (ec/mul_ct.h's header says how).
 */
#ifndef KURV_EC_MUL_BASE_CT_H
#define KURV_EC_MUL_BASE_CT_H

#include "ec/mul_ct_common.h"

/* the digits of the wider of the two fixed-window geometries (point API, generator) */
#define EC_FIXED_MAX_WINDOWS (EC_BASE_WINDOWS > EC_G_BASE_WINDOWS ? EC_BASE_WINDOWS : EC_G_BASE_WINDOWS)

/* k*P from P's fixed-window table, k < n, in one of two geometries: a table of the
 * point API (pt_mul_table_ct: EC_BASE_W) or the generator's ec_base_table
 * (pt_mul_base_ct: EC_G_BASE_W). tab is the table's first entry; window i starts at
 * tab + i entries; w, windows and entries are the geometry (compile-time constants
 * at each call). P has the prime order n (every curve here has cofactor 1). */
#ifdef EC_BASE_JACOBIAN
/*
 * Jacobian accumulator with the incomplete mixed addition, for a curve whose field
 * header defines EC_BASE_JACOBIAN because its order makes that safe: k is folded to
 * k' = min(k, n - k) < n/2 (the result negated back). Before window i the
 * accumulator is A*P, |A| < 2^(w i) * 2^(w-1)/(2^w - 1) < 2^(w i), and the addend is
 * d*2^(w i)*P with d != 0, so A = +-d 2^(w i) (mod n) would need
 * |A| + |d| 2^(w i) >= n. Below the top window |d| <= 2^(w-1); in the top window
 * (i = windows - 1) |d| <= k' / 2^(w i) + 1. For w = 5 and n > 2^order_bits -
 * 2^(order_bits - 32) (P-256, P-384, P-521, secp256k1: n > 2^256 - 2^129) both
 * bounds stay below n; so they do for P-256's generator widths 6 (43 windows: top
 * w i = 252, |d| <= 2^255 / 2^252 + 1 = 9, |A| + |d| 2^252 < 10 * 2^252 < n; below
 * it w i <= 246, |A| + |d| 2^(w i) < 33 * 2^246) and 7 (37 windows: top w i = 252
 * again, |d| <= 9; below it w i <= 245, < 65 * 2^245). P-384's generator width 6
 * (65 windows): below the top w i <= 378 and |A| + |d| 2^(w i) < 33 * 2^378 < n; the
 * top window has w i = 384 and |d| <= 1, where the bound fails, but there A + d 2^384
 * is k' itself: acc = -t would need k' = 0 (all digits 0) and acc = t would need
 * k' = 2^385 mod n = 2 (2^384 - n) < 2^195, while a nonzero top digit needs
 * k' > 2^384 (1 - 32/63) > 2^382 (the lower digits sum to less than 2^384 * 32/63).
 * So the special cases are only acc = O and d = 0, selected in constant time. (Not
 * so for the Brainpool orders, about 0.66 * 2^order_bits: they keep the complete
 * formula.)
 */
static inline __attribute__((always_inline)) void
pt_mul_fixed_ct_(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *tab,
                 unsigned w, unsigned windows, unsigned entries)
{
    int8_t d[EC_FIXED_MAX_WINDOWS];
    uint8_t kk[EC_SLEN];
    ec_jac acc;
    ec_aff t;
    unsigned i;
    uint64_t neg, flip;
    fe ny;

    flip = sc_fold_half(EC_CTX_ARG kk, k);
    sc_recode_signed(d, kk, w, windows);
    jac_set_inf(EC_CTX_ARG &acc);
    for (i = 0; i < windows; i++) {
        unsigned a = digit_abs(d[i], &neg);
        aff_lookup_ct(EC_CTX_ARG &t, tab + (size_t)i * entries, entries, a, neg);
        if (i == 0)                                  /* O + t: no addition */
            jac_start_aff_ct(EC_CTX_ARG &acc, &t, a);
        else
            jac_add_aff_masked_ct(EC_CTX_ARG &acc, &t, a);
    }
    fe_neg(EC_CTX_ARG &ny, &acc.y);                  /* k'P -> kP */
    fe_cmov(EC_CTX_ARG &acc.y, &ny, flip);
    jac_to_proj(EC_CTX_ARG r, &acc);
    memset(d, 0, sizeof d);
    memset(kk, 0, sizeof kk);
    memset(&t, 0, sizeof t);
}

static void pt_mul_table_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k,
                            const ec_aff (*tab)[EC_BASE_ENTRIES])
{
    pt_mul_fixed_ct_(EC_CTX_ARG r, k, tab[0], EC_BASE_W, EC_BASE_WINDOWS, EC_BASE_ENTRIES);
}
/* k*G from ec_base_table; the result is on E */
static void pt_mul_base_ct_(EC_CTX_PARAM ec_proj *r, const uint8_t *k)
{
    pt_mul_fixed_ct_(EC_CTX_ARG r, k, ec_base_table[0], EC_G_BASE_W, EC_G_BASE_WINDOWS,
                     EC_G_BASE_ENTRIES);
}
#define pt_mul_base_ct(r, k) pt_mul_base_ct_(EC_CTX_ARG (r), (k))
#else
/* the complete projective version (any order n); tw: tab and the sum are on the loop
 * curve E_t (EC_TWIST_A3), and the result is brought back to E */
static inline __attribute__((always_inline)) void
pt_mul_table_proj_(EC_CTX_PARAM ec_proj *r, const uint8_t *k, const ec_aff *tab,
                   unsigned w, unsigned windows, unsigned entries, int tw)
{
    int8_t d[EC_FIXED_MAX_WINDOWS];
    ec_proj acc, sum;
    ec_aff t;
    unsigned i;
    uint64_t neg;

    sc_recode_signed(d, k, w, windows);
    proj_set_inf(EC_CTX_ARG &acc);
    for (i = 0; i < windows; i++) {
        unsigned a = digit_abs(d[i], &neg);
        aff_lookup_ct(EC_CTX_ARG &t, tab + (size_t)i * entries, entries, a, neg);
#ifdef EC_TWIST_A3
        if (tw)
            proj_add_aff_t(EC_CTX_ARG &sum, &acc, &t);
        else
#endif
            proj_add_aff(EC_CTX_ARG &sum, &acc, &t);
        proj_cmov(EC_CTX_ARG &acc, &sum, ~kl_eq64(a, 0));
    }
#ifdef EC_TWIST_A3
    if (tw) {                                        /* (X : Y : Z) on E_t -> (X z : Y : Z z^3) */
        fe_mul(EC_CTX_ARG &acc.x, &acc.x, &ec_tw.z);
        fe_mul(EC_CTX_ARG &acc.z, &acc.z, &ec_tw.z3);
    }
#else
    (void)tw;
#endif
    *r = acc;
    memset(d, 0, sizeof d);
    memset(&t, 0, sizeof t);
}

static void pt_mul_table_ct(EC_CTX_PARAM ec_proj *r, const uint8_t *k,
                            const ec_aff (*tab)[EC_BASE_ENTRIES])
{
    pt_mul_table_proj_(EC_CTX_ARG r, k, tab[0], EC_BASE_W, EC_BASE_WINDOWS, EC_BASE_ENTRIES, 0);
}
/* k*G from ec_base_table (on E_t with EC_TWIST_A3); the result is on E */
static void pt_mul_base_ct_(EC_CTX_PARAM ec_proj *r, const uint8_t *k)
{
#ifdef EC_TWIST_A3
    const int tw = 1;
#else
    const int tw = 0;
#endif
    pt_mul_table_proj_(EC_CTX_ARG r, k, ec_base_table[0], EC_G_BASE_W, EC_G_BASE_WINDOWS,
                       EC_G_BASE_ENTRIES, tw);
}
#define pt_mul_base_ct(r, k) pt_mul_base_ct_(EC_CTX_ARG (r), (k))
#endif

#endif
