/*
 * Curve arithmetic known answers and a differential test against OpenSSL's
 * EC_POINT arithmetic, looped over every linked curve.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <string.h>
#include <openssl/objects.h>
#include "testutil.h"
#include <kurv_curve_list.h>

/* OpenSSL's NID of a built curve, from the registry's OpenSSL name (kt_openssl_name) */
static int ossl_nid(const kurv_curve *c)
{
    const char *n = kt_openssl_name(c);
    return n ? OBJ_sn2nid(n) : NID_undef;
}

/* OpenSSL's d*G as an uncompressed SEC1 point */
static size_t ossl_pub(const kurv_curve *c, uint8_t *out, const uint8_t *d, size_t dlen)
{
    EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
    EC_POINT *p = EC_POINT_new(g);
    BIGNUM *bn = BN_bin2bn(d, (int)dlen, NULL);
    size_t len;
    cr_assert(EC_POINT_mul(g, p, bn, NULL, NULL, NULL) == 1);
    len = EC_POINT_point2oct(g, p, POINT_CONVERSION_UNCOMPRESSED, out, KURV_MAX_POINT_LEN, NULL);
    BN_free(bn);
    EC_POINT_free(p);
    EC_GROUP_free(g);
    return len;
}

#ifdef KURV_HAVE_SECP256K1   /* secp256k1's known answers, when this build has it */
Test(curve, secp256k1_known_answers)
{
    const kurv_curve *c = kt_curve("secp256k1");
    uint8_t d[32], pub[65], y[65];
    size_t len = sizeof pub;
    uint8_t cx[33] = {0x03};
    char hex[200];

    cr_assert(c != NULL);
    kt_unhex(d, 32, "c370af8c091812ef7f6bfaffb494b1046fb25486c9873243b80826daef3ec583");
    cr_assert_eq(kurv_pubkey_from_priv(c, pub, &len, 0, d, 32), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, pub, 65),
        "0476cd66c6cca75278ff408ce67290537367719154ae2b96448327fe4033ddcfc7"
        "35663ecbb64397bb9bd79155a1e6b138c2fb8fa1f11355f8e9e97ddd88a78e49");
    /* 03 || x = 1 decompresses to the odd root */
    cx[32] = 1;
    len = sizeof y;
    cr_assert_eq(kurv_point_convert(c, y, &len, 0, cx, 33), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, y + 33, 32),
        "bde70df51939b94c9c24979fa7dd04ebd9b3572da7802290438af2a681895441");
    /* x = 0 is not on secp256k1 (7 is not a square) */
    cx[32] = 0;
    cr_assert_eq(kurv_point_check(c, cx, 33), KURV_ERR_POINT);
}
#endif

Test(curve, pubkey_matches_openssl_all_curves)
{
    size_t i, k;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), nlen;
        const uint8_t *n = kurv_curve_param(c, 'n', &nlen);
        uint8_t d[KURV_MAX_SCALAR_LEN], a[KURV_MAX_POINT_LEN], b[KURV_MAX_POINT_LEN];
        for (k = 0; k < 200; k++) {
            size_t la = sizeof a, lb;
            if (k == 0) { memset(d, 0, sl); d[sl - 1] = 1; }
            else if (k == 1) { memcpy(d, n, sl); d[sl - 1] -= 1; }
            else if (k == 2) { memcpy(d, n, sl); d[sl - 1] -= 2; }
            else if (k == 3) { memset(d, 0, sl); d[sl - 1] = 2; }
            else cr_assert_eq(kurv_keygen(c, d, sl, NULL, NULL, 0), KURV_OK);
            cr_assert_eq(kurv_pubkey_from_priv(c, a, &la, 0, d, sl), KURV_OK);
            lb = ossl_pub(c, b, d, sl);
            cr_assert_eq(la, lb);
            cr_assert(memcmp(a, b, la) == 0, "%s: pubkey differs at k=%zu", kurv_curve_name(c), k);
            cr_assert_eq(kurv_point_check(c, a, la), KURV_OK);
        }
    }
}

/* d*G for d = j * 2^s and n - d, j = 1..32, s every multiple of 5 or 6 below
 * bits(n) - 5, on every curve: these put every value of a signed digit in every window
 * of a generator table of 5 bits (16 entries) and of P-256's and P-384's 6 bits (32; the
 * widths of ec/types.h's EC_G_BASE_W in use), so a wrong or unread entry of any window
 * shows; n - d reaches them through the scalar folding and the final negation. The
 * reference is OpenSSL's group law: Q = 2^s*G by doubling, j*Q = (j - 1)*Q + Q by
 * addition (EC_POINT_dbl, EC_POINT_add: a scalar multiplication per d took most of this
 * test's time); d*G against it, (n - d)*G against it with y negated (p - y). */
Test(curve, pubkey_every_table_entry)
{
    size_t i, checked = 0, expected = 0;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), nlen, plen;
        const uint8_t *n = kurv_curve_param(c, 'n', &nlen), *p = kurv_curve_param(c, 'p', &plen);
        EC_GROUP *g;
        EC_POINT *q, *jq;
        BIGNUM *bn, *bp, *bd, *by;
        unsigned s, j, bits;
        g = EC_GROUP_new_by_curve_name(ossl_nid(c));
        cr_assert(g != NULL);
        q = EC_POINT_dup(EC_GROUP_get0_generator(g), g);   /* 2^s * G */
        jq = EC_POINT_new(g);
        bn = BN_bin2bn(n, (int)nlen, NULL);
        bp = BN_bin2bn(p, (int)plen, NULL);
        bd = BN_new();
        by = BN_new();
        cr_assert(q && jq && bn && bp && bd && by);
        bits = (unsigned)BN_num_bits(bn);   /* 32 * 2^s < n for s + 5 < bits */
        for (s = 0; s + 5 < bits; s++) {
            if (s > 0)
                cr_assert(EC_POINT_dbl(g, q, q, NULL) == 1);
            if (s % 5 && s % 6)
                continue;
            expected += 32 * 2;
            cr_assert(EC_POINT_set_to_infinity(g, jq) == 1);
            for (j = 1; j <= 32; j++) {
                uint8_t d[KURV_MAX_SCALAR_LEN], a[KURV_MAX_POINT_LEN], b[KURV_MAX_POINT_LEN];
                size_t la = sizeof a, lb;
                cr_assert(EC_POINT_add(g, jq, jq, q, NULL) == 1);
                cr_assert(BN_set_word(bd, j) && BN_lshift(bd, bd, (int)s));
                cr_assert(BN_bn2binpad(bd, d, (int)sl) == (int)sl);
                cr_assert_eq(kurv_pubkey_from_priv(c, a, &la, 0, d, sl), KURV_OK);
                lb = EC_POINT_point2oct(g, jq, POINT_CONVERSION_UNCOMPRESSED, b, sizeof b, NULL);
                cr_assert(la == lb && lb == 1 + 2 * fl && memcmp(a, b, la) == 0,
                          "%s: d*G differs for d = %u * 2^%u", kurv_curve_name(c), j, s);
                /* (n - d)*G = -(d*G): OpenSSL's y becomes p - y */
                cr_assert(BN_sub(bd, bn, bd) && BN_bn2binpad(bd, d, (int)sl) == (int)sl);
                cr_assert(BN_bin2bn(b + 1 + fl, (int)fl, by) && BN_sub(by, bp, by) &&
                          BN_bn2binpad(by, b + 1 + fl, (int)fl) == (int)fl);
                la = sizeof a;
                cr_assert_eq(kurv_pubkey_from_priv(c, a, &la, 0, d, sl), KURV_OK);
                cr_assert(la == lb && memcmp(a, b, la) == 0,
                          "%s: d*G differs for d = n - %u * 2^%u", kurv_curve_name(c), j, s);
                checked += 2;
            }
        }
        BN_free(by); BN_free(bd); BN_free(bp); BN_free(bn);
        EC_POINT_free(jq); EC_POINT_free(q); EC_GROUP_free(g);
    }
    /* on a 256-bit n: 84 shifts (51 multiples of 5 and 42 of 6 below 251, less the 9
     * multiples of 30) x 32 x 2; longer orders in proportion */
    cr_assert_eq(checked, expected);
    cr_assert_geq(expected, kt_ncurves * 84 * 32 * 2);
}

Test(curve, ecdh_matches_openssl_all_curves)
{
    size_t i, k;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c);
        for (k = 0; k < 50; k++) {
            uint8_t d1[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN];
            uint8_t q1[KURV_MAX_POINT_LEN], q2[KURV_MAX_POINT_LEN], qc[KURV_MAX_POINT_LEN];
            uint8_t s1[KURV_MAX_FIELD_LEN], s2[KURV_MAX_FIELD_LEN], s3[KURV_MAX_FIELD_LEN];
            uint8_t pd[KURV_MAX_SCALAR_LEN * 2], t[KURV_MAX_POINT_LEN];
            size_t l1 = sizeof q1, l2 = sizeof q2, lc = sizeof qc;
            cr_assert_eq(kurv_keygen(c, d1, sl, q1, &l1, 0), KURV_OK);
            cr_assert_eq(kurv_keygen(c, d2, sl, q2, &l2, k & 1), KURV_OK);
            cr_assert_eq(kurv_ecdh(c, s1, fl, d1, sl, q2, l2), KURV_OK);
            cr_assert_eq(kurv_ecdh(c, s2, fl, d2, sl, q1, l1), KURV_OK);
            cr_assert(memcmp(s1, s2, fl) == 0);
            /* OpenSSL: (d1*d2)*G has x = shared secret; d1*d2 mod n via BN */
            {
                EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
                BIGNUM *a = BN_bin2bn(d1, (int)sl, NULL), *b = BN_bin2bn(d2, (int)sl, NULL);
                BIGNUM *prod = BN_new();
                BN_CTX *ctx = BN_CTX_new();
                BN_mod_mul(prod, a, b, EC_GROUP_get0_order(g), ctx);
                cr_assert(BN_bn2binpad(prod, pd, (int)sl) == (int)sl);
                ossl_pub(c, t, pd, sl);
                cr_assert(memcmp(t + 1, s1, fl) == 0, "%s: ECDH differs from OpenSSL", kurv_curve_name(c));
                BN_free(a); BN_free(b); BN_free(prod); BN_CTX_free(ctx); EC_GROUP_free(g);
            }
            /* compressed round trip */
            cr_assert_eq(kurv_point_convert(c, qc, &lc, 1, q1, l1), KURV_OK);
            cr_assert_eq(lc, 1 + fl);
            cr_assert_eq(kurv_ecdh(c, s3, fl, d2, sl, qc, lc), KURV_OK);
            cr_assert(memcmp(s1, s3, fl) == 0);
        }
    }
}

Test(curve, point_validation_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), pl;
        uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN], s[KURV_MAX_FIELD_LEN];
        const uint8_t *p = kurv_curve_param(c, 'p', NULL);
        uint8_t inf = 0;
        pl = sizeof q;
        cr_assert_eq(kurv_keygen(c, d, sl, q, &pl, 0), KURV_OK);
        cr_assert_eq(kurv_point_check(c, q, pl), KURV_OK);
        cr_assert_eq(kurv_point_check(c, &inf, 1), KURV_ERR_INFINITY);
        cr_assert_eq(kurv_point_check(c, q, pl - 1), KURV_ERR_POINT);
        q[pl - 1] ^= 1;  /* off the curve */
        cr_assert_eq(kurv_point_check(c, q, pl), KURV_ERR_POINT);
        cr_assert_eq(kurv_ecdh(c, s, fl, d, sl, q, pl), KURV_ERR_POINT);
        q[pl - 1] ^= 1;
        q[0] = 0x05;
        cr_assert_eq(kurv_point_check(c, q, pl), KURV_ERR_POINT);
        q[0] = 0x04;
        memcpy(q + 1, p, fl);  /* x = p */
        cr_assert_eq(kurv_point_check(c, q, pl), KURV_ERR_POINT);
        cr_assert_eq(kurv_privkey_check(c, kurv_curve_param(c, 'n', NULL), sl), KURV_ERR_PRIVKEY);
        memset(d, 0, sl);
        cr_assert_eq(kurv_privkey_check(c, d, sl), KURV_ERR_PRIVKEY);
        cr_assert_eq(kurv_privkey_check(c, d, sl + 1), KURV_ERR_PRIVKEY);
    }
}

#include "curve_impl.h"

/* white-box: the variable-time u1*G + u2*Q against OpenSSL's EC_POINT_mul */
Test(curve, mul2_vartime_matches_openssl_all_curves)
{
    size_t i, k;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c);
        EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
        BN_CTX *ctx = BN_CTX_new();
        for (k = 0; k < 300; k++) {
            uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], dq[KURV_MAX_SCALAR_LEN];
            uint8_t q[KURV_MAX_POINT_LEN], x[2 * KURV_MAX_FIELD_LEN], o[KURV_MAX_POINT_LEN];
            size_t ql = sizeof q;
            kurv_err e;
            EC_POINT *r = EC_POINT_new(g), *qp = EC_POINT_new(g);
            BIGNUM *b1, *b2;
            cr_assert_eq(kurv_keygen(c, dq, sl, q, &ql, 0), KURV_OK);
            cr_assert_eq(kurv_keygen(c, u1, sl, NULL, NULL, 0), KURV_OK);
            cr_assert_eq(kurv_keygen(c, u2, sl, NULL, NULL, 0), KURV_OK);
            if (k == 0) memset(u1, 0, sl);              /* 0*G + u2*Q */
            if (k == 1) memset(u2, 0, sl);              /* u1*G + 0*Q */
            if (k == 2) {                               /* Q = G, u1 = u2: doubling inside */
                memcpy(u2, u1, sl);
                q[0] = 4; memcpy(q + 1, c->gx, fl); memcpy(q + 1 + fl, c->gy, fl); ql = 1 + 2 * fl;
            }
            if (k == 3) {                               /* Q = -G, u1 = u2: result O */
                size_t l2 = sizeof o;
                uint8_t nm1[KURV_MAX_SCALAR_LEN];
                memcpy(nm1, c->n, sl); nm1[sl - 1] -= 1;
                cr_assert_eq(kurv_pubkey_from_priv(c, q, &l2, 0, nm1, sl), KURV_OK);
                ql = l2;
                memcpy(u2, u1, sl);
            }
            cr_assert(c->ops->ext != NULL);
            e = c->ops->ext->mul2_xy_vartime(c, x, u1, u2, q + 1);
            b1 = BN_bin2bn(u1, (int)sl, NULL);
            b2 = BN_bin2bn(u2, (int)sl, NULL);
            cr_assert(EC_POINT_oct2point(g, qp, q, ql, ctx) == 1);
            cr_assert(EC_POINT_mul(g, r, b1, qp, b2, ctx) == 1);
            if (EC_POINT_is_at_infinity(g, r)) {
                cr_assert_eq(e, KURV_ERR_INFINITY, "k=%zu", k);
            } else {
                cr_assert_eq(e, KURV_OK, "k=%zu", k);
                cr_assert(EC_POINT_point2oct(g, r, POINT_CONVERSION_UNCOMPRESSED, o, sizeof o, ctx) == 1 + 2 * fl);
                cr_assert(memcmp(o + 1, x, 2 * fl) == 0, "%s: mul2 differs at k=%zu", kurv_curve_name(c), k);
            }
            BN_free(b1); BN_free(b2); EC_POINT_free(r); EC_POINT_free(qp);
        }
        BN_CTX_free(ctx);
        EC_GROUP_free(g);
    }
}

/* white-box: mul2_x_eq_vartime finds x(u1*G + u2*Q) among its candidates, wherever it
 * stands, and nothing else; and ECDSA verification, which passes it r (and r + n), takes
 * r = x mod n and nothing else: the signature (r, s = r/u2) of the all-zero digest
 * (e = 0, so u1 = 0) under Q verifies, (r + 1, s) does not */
Test(curve, mul2_x_eq_vartime_all_curves)
{
    size_t i, k;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c);
        for (k = 0; k < 100; k++) {
            uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], dq[KURV_MAX_SCALAR_LEN];
            uint8_t q[KURV_MAX_POINT_LEN], xy[2 * KURV_MAX_FIELD_LEN], xs[3 * KURV_MAX_FIELD_LEN];
            uint8_t sig[2 * KURV_MAX_SCALAR_LEN], dg[32] = {0}, zero[KURV_MAX_SCALAR_LEN] = {0};
            size_t ql = sizeof q;
            int eq;
            cr_assert_eq(kurv_keygen(c, dq, sl, q, &ql, 0), KURV_OK);
            cr_assert_eq(kurv_keygen(c, u1, sl, NULL, NULL, 0), KURV_OK);
            cr_assert_eq(kurv_keygen(c, u2, sl, NULL, NULL, 0), KURV_OK);
            cr_assert_eq(c->ops->ext->mul2_xy_vartime(c, xy, u1, u2, q + 1), KURV_OK);
            /* candidates: x^1, p (>= p: never a match), x */
            memcpy(xs, xy, fl);
            xs[fl - 1] ^= 1;
            memcpy(xs + fl, c->p, fl);
            memcpy(xs + 2 * fl, xy, fl);
            cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, u1, u2, q + 1, xs, 3), KURV_OK);
            cr_assert_eq(eq, 1, "%s: x not found", kurv_curve_name(c));
            cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, u1, u2, q + 1, xs, 2), KURV_OK);
            cr_assert_eq(eq, 0, "%s: a wrong x found", kurv_curve_name(c));
            cr_assert_eq(c->ops->mul2_x_eq_vartime(c, &eq, u1, u2, q + 1, xs, 0), KURV_OK);
            cr_assert_eq(eq, 0);
            /* ECDSA: R = 0*G + u2*Q, r = x(R) mod n, s = r/u2 */
            cr_assert_eq(c->ops->ext->mul2_xy_vartime(c, xy, zero, u2, q + 1), KURV_OK);
            cr_assert_eq(kurv_scalar_reduce(c, sig, xy, fl), KURV_OK);
            cr_assert_eq(kurv_scalar_inv(c, sig + sl, u2), KURV_OK);
            cr_assert_eq(kurv_scalar_mul(c, sig + sl, sig + sl, sig), KURV_OK);
            cr_assert_eq(kurv_ecdsa_verify(c, sig, 2 * sl, q, ql, dg, sizeof dg, 0), KURV_OK,
                         "%s: r = x mod n refused", kurv_curve_name(c));
            sig[sl - 1] ^= 1;
            cr_assert_eq(kurv_ecdsa_verify(c, sig, 2 * sl, q, ql, dg, sizeof dg, 0),
                         KURV_ERR_SIGNATURE);
        }
    }
}

/* Scalar inverses mod n, as ECDSA takes them: kurv_mont_inv (constant time, signing)
 * and kurv_mont_inv_vartime (verification) against OpenSSL's BN_mod_inverse, on
 * 1, 2, n - 1 and random values, in the Montgomery domain both ways. */
Test(curve, scalar_inverse_matches_bn_all_curves)
{
    BN_CTX *bctx = BN_CTX_new();
    size_t ci, checked = 0;

    cr_assert(bctx != NULL);
    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        const kurv_mont *sc = c->sc;
        size_t sl = c->slen, it;
        BIGNUM *n = BN_bin2bn(c->n, (int)sl, NULL), *want = BN_new(), *x;
        cr_assert(n != NULL && want != NULL);
        for (it = 0; it < 40; it++) {
            uint8_t a[KURV_MAX_SCALAR_LEN], got[KURV_MAX_SCALAR_LEN], wb[KURV_MAX_SCALAR_LEN];
            uint64_t al[KURV_MAXL], am[KURV_MAXL], r1[KURV_MAXL], r2[KURV_MAXL];
            memset(a, 0, sl);
            if (it == 0)
                a[sl - 1] = 1;
            else if (it == 1)
                a[sl - 1] = 2;
            else if (it == 2) {
                memcpy(a, c->n, sl);
                a[sl - 1] -= 1;                       /* n is odd: no borrow */
            } else {
                cr_assert_eq(kurv_random(a, sl), KURV_OK);
                a[0] = 0;                             /* below n for every curve */
                a[sl - 1] |= 1;                       /* and not zero */
            }
            cr_assert(kurv_mont_load(sc, al, a, sl) & 1);
            kurv_mont_to(sc, am, al);
            kurv_mont_inv(sc, r1, am);
            kurv_mont_inv_vartime(sc, r2, am);
            cr_assert_eq(memcmp(r1, r2, sc->nl * 8), 0, "%s: inv and inv_vartime differ, case %zu",
                         kurv_curve_name(c), it);
            kurv_mont_from(sc, r1, r2);
            kurv_mont_store(sc, got, sl, r1);
            x = BN_bin2bn(a, (int)sl, NULL);
            cr_assert(x != NULL && BN_mod_inverse(want, x, n, bctx) != NULL);
            cr_assert_eq(BN_bn2binpad(want, wb, (int)sl), (int)sl);
            cr_expect_eq(memcmp(got, wb, sl), 0, "%s: a^-1 mod n, case %zu", kurv_curve_name(c), it);
            BN_free(x);
            checked++;
        }
        {
            uint64_t z[KURV_MAXL] = {0}, r[KURV_MAXL];
            kurv_mont_inv_vartime(sc, r, z);          /* 0 maps to 0 */
            cr_expect(kurv_mont_is_zero(sc, r) & 1, "%s: 0^-1", kurv_curve_name(c));
        }
        BN_free(n);
        BN_free(want);
    }
    BN_CTX_free(bctx);
    cr_assert_eq(checked, 40 * kt_ncurves);
}

/* Edge private key j (1..17) of a kind: 0: j; 1: n - j; 2: (n - 1)/2 + 9 - j (around
 * n/2), as a BIGNUM d and as sl big-endian bytes db. */
static void edge_key(BIGNUM *d, uint8_t *db, size_t sl, const BIGNUM *n, const BIGNUM *half,
                     int kind, int j)
{
    if (kind == 0)
        cr_assert(BN_set_word(d, (BN_ULONG)j));
    else if (kind == 1)
        cr_assert(BN_sub(d, n, BN_value_one()) && BN_sub_word(d, (BN_ULONG)(j - 1)));
    else
        cr_assert(BN_copy(d, half) && BN_add_word(d, 9) && BN_sub_word(d, (BN_ULONG)j));
    cr_assert_eq(BN_bn2binpad(d, db, (int)sl), (int)sl);
}

/* d*Q for private keys at the edges of the constant-time ladder's scalar folding
 * (d and n - d swap around n/2) and of its windows: 1..17, n-17..n-1 and the values
 * around n/2, against OpenSSL's (d*d2)*G for Q = d2*G. */
Test(curve, ecdh_edge_scalars_match_openssl_all_curves)
{
    size_t i, checked = 0;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c);
        EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
        BN_CTX *ctx = BN_CTX_new();
        const BIGNUM *n = EC_GROUP_get0_order(g);
        BIGNUM *half = BN_new(), *d = BN_new(), *b2 = NULL, *prod = BN_new();
        uint8_t d2[KURV_MAX_SCALAR_LEN], q2[KURV_MAX_POINT_LEN], db[KURV_MAX_SCALAR_LEN];
        uint8_t s[KURV_MAX_FIELD_LEN], pd[KURV_MAX_SCALAR_LEN], t[KURV_MAX_POINT_LEN];
        size_t l2 = sizeof q2;
        int j, kind;

        cr_assert(g && ctx && half && d && prod);
        cr_assert_eq(kurv_keygen(c, d2, sl, q2, &l2, 0), KURV_OK);
        b2 = BN_bin2bn(d2, (int)sl, NULL);
        cr_assert(BN_rshift1(half, n));                 /* (n - 1) / 2 */
        for (kind = 0; kind < 3; kind++) {
            for (j = 1; j <= 17; j++) {
                edge_key(d, db, sl, n, half, kind, j);
                cr_assert_eq(kurv_ecdh(c, s, fl, db, sl, q2, l2), KURV_OK);
                cr_assert(BN_mod_mul(prod, d, b2, n, ctx));
                cr_assert_eq(BN_bn2binpad(prod, pd, (int)sl), (int)sl);
                ossl_pub(c, t, pd, sl);
                cr_expect(memcmp(t + 1, s, fl) == 0, "%s: ECDH with edge key %d/%d differs",
                          kurv_curve_name(c), kind, j);
                checked++;
            }
        }
        BN_free(half); BN_free(d); BN_free(b2); BN_free(prod);
        BN_CTX_free(ctx); EC_GROUP_free(g);
    }
    cr_assert_eq(checked, 51 * kt_ncurves);
}

/* d*G at the same edge private keys (the fixed-window k*G folds d to min(d, n - d)
 * too), against OpenSSL, in uncompressed and compressed form. */
Test(curve, pubkey_edge_scalars_match_openssl_all_curves)
{
    size_t i, checked = 0;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c);
        EC_GROUP *g = EC_GROUP_new_by_curve_name(ossl_nid(c));
        const BIGNUM *n = EC_GROUP_get0_order(g);
        BIGNUM *half = BN_new(), *d = BN_new();
        uint8_t db[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN], t[KURV_MAX_POINT_LEN];
        int j, kind;

        cr_assert(g && half && d);
        cr_assert(BN_rshift1(half, n));                 /* (n - 1) / 2 */
        for (kind = 0; kind < 3; kind++) {
            for (j = 1; j <= 17; j++) {
                size_t ql = sizeof q;
                edge_key(d, db, sl, n, half, kind, j);
                cr_assert_eq(kurv_pubkey_from_priv(c, q, &ql, 0, db, sl), KURV_OK);
                cr_assert_eq(ql, 1 + 2 * fl);
                ossl_pub(c, t, db, sl);
                cr_expect(memcmp(t, q, ql) == 0, "%s: d*G with edge key %d/%d differs",
                          kurv_curve_name(c), kind, j);
                ql = sizeof q;
                cr_assert_eq(kurv_pubkey_from_priv(c, q, &ql, 1, db, sl), KURV_OK);
                cr_expect(ql == 1 + fl && memcmp(t + 1, q + 1, fl) == 0 &&
                          q[0] == (uint8_t)(0x02 | (t[2 * fl] & 1)),
                          "%s: compressed d*G with edge key %d/%d", kurv_curve_name(c), kind, j);
                checked++;
            }
        }
        BN_free(half); BN_free(d); EC_GROUP_free(g);
    }
    cr_assert_eq(checked, 51 * kt_ncurves);
}
