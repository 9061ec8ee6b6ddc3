/*
 * White-box tests of the ECDSA internals (dsa/bits2int.c, and core/src/sc.c with the
 * mont.c under it, are compiled into this program): bits2int and the constant-time
 * reduction mod n (kurv_sc_reduce) against OpenSSL's BN for every linked curve's order,
 * on every input length from 0 to twice the scalar length; and verification (r and
 * r + n as the x candidates of the curve's mul2_x_eq_vartime) against a reference made
 * of the affine u1*G + u2*Q and x mod n.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <string.h>
#include "testutil.h"
#include "curve_impl.h"
#include "ecdsa_impl.h"
#include "sc.h"

static BIGNUM *bn(const uint8_t *b, size_t len)
{
    BIGNUM *r = BN_bin2bn(b, (int)len, NULL);
    cr_assert(r != NULL);
    return r;
}

static void expect_bn_eq(const BIGNUM *a, const uint8_t *b, size_t len, const char *what,
                         size_t i)
{
    BIGNUM *x = bn(b, len);
    cr_expect_eq(BN_cmp(a, x), 0, "%s, case %zu", what, i);
    BN_free(x);
}

/* random a of len bytes below 2^bits, with some edge values mixed in */
static void make_input(uint8_t *a, size_t len, unsigned bits, const kurv_curve *c, size_t it)
{
    size_t top = len - (bits + 7) / 8, i;
    if (len == 0)
        return;
    cr_assert_eq(kurv_random(a, len), KURV_OK);
    if (it == 0)
        memset(a, 0xff, len);                     /* 2^bits - 1 */
    else if (it == 1)
        memset(a, 0, len);                        /* 0 */
    else if ((it == 2 || it == 3 || it == 4) && len >= c->slen) {   /* n - 1, n, n + 1 */
        memset(a, 0, len);
        memcpy(a + len - c->slen, c->n, c->slen);
        if (it == 2)
            for (i = len; i-- > 0 && a[i]-- == 0;)
                ;
        if (it == 4)
            for (i = len; i-- > 0 && ++a[i] == 0;)
                ;
    }
    memset(a, 0, top);
    if (bits % 8)
        a[top] &= (uint8_t)((1u << (bits % 8)) - 1);
}

static void reduce_bytes(const kurv_curve *c, uint8_t *r, const uint8_t *a, size_t a_len)
{
    kurv_sc v;
    kurv_sc_reduce(c, &v, a, a_len);
    kurv_sc_store(c, r, &v);
}

Test(internal, sc_reduce_matches_bn)
{
    BN_CTX *ctx = BN_CTX_new();
    size_t ci, checked = 0;

    cr_assert(ctx != NULL);
    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        BIGNUM *n = bn(c->n, c->slen), *want = BN_new();
        size_t a_len;

        cr_assert(want != NULL);
        for (a_len = 0; a_len <= 2 * KURV_MAX_SCALAR_LEN; a_len++) {
            unsigned bits, bits_list[2];
            size_t b, it;
            bits_list[0] = (unsigned)(8 * a_len);
            bits_list[1] = c->order_bits;           /* bits2int's outputs */
            for (b = 0; b < 2; b++) {
                bits = bits_list[b];
                if (bits > 8 * a_len || (b == 1 && a_len != c->slen))
                    continue;
                for (it = 0; it < 12; it++) {
                    uint8_t a[2 * KURV_MAX_SCALAR_LEN], r[KURV_MAX_SCALAR_LEN];
                    BIGNUM *x;
                    make_input(a, a_len, bits, c, it);
                    reduce_bytes(c, r, a, a_len);
                    x = bn(a, a_len);
                    cr_assert_eq(BN_mod(want, x, n, ctx), 1);
                    expect_bn_eq(want, r, c->slen, kurv_curve_name(c), it);
                    BN_free(x);
                    checked++;
                }
            }
        }
        BN_free(n);
        BN_free(want);
    }
    BN_CTX_free(ctx);
    cr_assert_gt(checked, 100);
}

Test(internal, bits2int_matches_bn)
{
    /* only order_bits and slen matter to bits2int, which reads them through the public
     * accessors (kurv_curve_scalar_len, kurv_curve_order_bits): the descriptor must pass
     * kurv_curve_ok, so it takes the ABI and a real curve's ops table */
    static const unsigned qlens[] = {160, 224, 255, 256, 257, 384, 512, 521};
    size_t qi, len, it;

    cr_assert_gt(kt_ncurves, 0);
    for (qi = 0; qi < sizeof qlens / sizeof qlens[0]; qi++) {
        struct kurv_curve f;
        memset(&f, 0, sizeof f);
        f.order_bits = qlens[qi];
        f.slen = (qlens[qi] + 7) / 8;
        f.abi = KURV_CURVE_ABI;
        f.ops = kt_curves[0]->ops;
        for (len = 0; len <= 2 * KURV_MAX_SCALAR_LEN; len++) {
            for (it = 0; it < 4; it++) {
                uint8_t in[2 * KURV_MAX_SCALAR_LEN], out[KURV_MAX_SCALAR_LEN];
                BIGNUM *want;
                cr_assert_eq(kurv_random(in, sizeof in), KURV_OK);
                if (it == 0)
                    memset(in, 0xff, len);
                want = bn(in, len);
                if (8 * len > f.order_bits)
                    cr_assert_eq(BN_rshift(want, want, (int)(8 * len - f.order_bits)), 1);
                kurv_dsa_bits2int(&f, out, in, len);
                expect_bn_eq(want, out, f.slen, "bits2int", qi * 1000 + len);
                BN_free(want);
            }
        }
    }
}

/* Verification against its definition: u1 = e/s, u2 = r/s, R = u1*G + u2*Q (the curve's
 * affine ext->mul2_xy_vartime), valid iff R != O and x(R) mod n = r (kurv_sc_reduce). */
static kurv_err verify_reference(const kurv_curve *c, const uint8_t *sig, const uint8_t *pub,
                                 size_t pub_len, const uint8_t *dg, size_t dg_len)
{
    size_t sl = c->slen, fl = c->flen;
    uint8_t e[KURV_MAX_SCALAR_LEN], w[KURV_MAX_SCALAR_LEN], u1[KURV_MAX_SCALAR_LEN];
    uint8_t u2[KURV_MAX_SCALAR_LEN], xr[KURV_MAX_SCALAR_LEN], xy[2 * KURV_MAX_FIELD_LEN];
    BIGNUM *r = bn(sig, sl), *s = bn(sig + sl, sl), *n = bn(c->n, sl);
    int in_range = !BN_is_zero(r) && !BN_is_zero(s) && BN_cmp(r, n) < 0 && BN_cmp(s, n) < 0;
    BN_free(r); BN_free(s); BN_free(n);
    cr_assert_eq(pub_len, 1 + 2 * fl);
    if (!in_range)
        return KURV_ERR_SIGNATURE;
    kurv_dsa_bits2int(c, e, dg, dg_len);
    reduce_bytes(c, e, e, sl);
    cr_assert_eq(kurv_scalar_inv(c, w, sig + sl), KURV_OK);
    cr_assert_eq(kurv_scalar_mul(c, u1, e, w), KURV_OK);
    cr_assert_eq(kurv_scalar_mul(c, u2, sig, w), KURV_OK);
    if (c->ops->ext->mul2_xy_vartime(c, xy, u1, u2, pub + 1) != KURV_OK)
        return KURV_ERR_SIGNATURE;
    reduce_bytes(c, xr, xy, fl);
    return memcmp(xr, sig, sl) == 0 ? KURV_OK : KURV_ERR_SIGNATURE;
}

Test(internal, verify_matches_reference)
{
    size_t ci, it;

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        size_t sl = c->slen;

        cr_assert(c->ops->ext != NULL);
        for (it = 0; it < 40; it++) {
            uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], dg[64];
            uint8_t sig[KURV_MAX_SIG_RAW_LEN];
            size_t pl = sizeof pub;
            kurv_err fast, slow;

            cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
            cr_assert_eq(kurv_random(dg, sizeof dg), KURV_OK);
            cr_assert_eq(kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, dg, 64, KURV_HASH_SHA512,
                                         NULL, 0, 0), KURV_OK);
            if (it % 3 == 1)
                dg[0] ^= 1;                 /* wrong digest */
            else if (it % 3 == 2)
                sig[it % sl] ^= 0x10;       /* wrong r */
            fast = kurv_ecdsa_verify(c, sig, 2 * sl, pub, pl, dg, 64, 0);
            slow = verify_reference(c, sig, pub, pl, dg, 64);
            cr_expect_eq(fast, it % 3 == 0 ? KURV_OK : KURV_ERR_SIGNATURE, "%s %zu",
                         kurv_curve_name(c), it);
            cr_expect_eq(slow, fast, "%s %zu: differs from the reference", kurv_curve_name(c), it);
        }
    }
}
