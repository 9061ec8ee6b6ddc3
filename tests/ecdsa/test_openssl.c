/*
 * ECDSA interoperability with OpenSSL's libcrypto (EVP, OpenSSL 3): for every linked
 * curve OpenSSL knows, 200 random keys and messages: kurv's signatures (DER) verify in
 * OpenSSL, OpenSSL's signatures verify in kurv, and kurv re-encodes OpenSSL's DER
 * byte for byte. Tampered digests are refused by both.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"

#define ROUNDS 200

/* OpenSSL's group name of a built curve: the registry's OpenSSL name */
static const char *ossl_group(const kurv_curve *c)
{
    return kt_openssl_name(c);
}

static const EVP_MD *ossl_md(kurv_hash h)
{
    switch (h) {
    case KURV_HASH_SHA224: return EVP_sha224();
    case KURV_HASH_SHA256: return EVP_sha256();
    case KURV_HASH_SHA384: return EVP_sha384();
    case KURV_HASH_SHA512: return EVP_sha512();
    default: return NULL;
    }
}

/* An OpenSSL EC key from the SEC1 public key and, optionally, the private scalar. */
static EVP_PKEY *ossl_key(const char *group, const uint8_t *pub, size_t pub_len,
                          const uint8_t *priv, size_t priv_len)
{
    OSSL_PARAM_BLD *b = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params;
    EVP_PKEY_CTX *ctx;
    EVP_PKEY *pk = NULL;
    BIGNUM *bn = NULL;

    cr_assert(b != NULL);
    cr_assert_eq(OSSL_PARAM_BLD_push_utf8_string(b, OSSL_PKEY_PARAM_GROUP_NAME, group, 0), 1);
    cr_assert_eq(OSSL_PARAM_BLD_push_octet_string(b, OSSL_PKEY_PARAM_PUB_KEY, pub, pub_len), 1);
    if (priv) {
        bn = BN_bin2bn(priv, (int)priv_len, NULL);
        cr_assert(bn != NULL);
        cr_assert_eq(OSSL_PARAM_BLD_push_BN(b, OSSL_PKEY_PARAM_PRIV_KEY, bn), 1);
    }
    params = OSSL_PARAM_BLD_to_param(b);
    cr_assert(params != NULL);
    ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    cr_assert(ctx != NULL);
    cr_assert_eq(EVP_PKEY_fromdata_init(ctx), 1);
    cr_assert_eq(EVP_PKEY_fromdata(ctx, &pk, priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                   params), 1, "OpenSSL refused a kurv key on %s", group);
    EVP_PKEY_CTX_free(ctx);
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(b);
    BN_clear_free(bn);
    return pk;
}

/* 1 if OpenSSL accepts the DER signature on the digest, 0 if it refuses it */
static int ossl_verify(EVP_PKEY *pk, kurv_hash h, const uint8_t *der, size_t der_len,
                       const uint8_t *dg, size_t dlen)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
    int r;
    cr_assert(ctx != NULL);
    cr_assert_eq(EVP_PKEY_verify_init(ctx), 1);
    cr_assert_eq(EVP_PKEY_CTX_set_signature_md(ctx, ossl_md(h)), 1);
    r = EVP_PKEY_verify(ctx, der, der_len, dg, dlen);
    EVP_PKEY_CTX_free(ctx);
    ERR_clear_error();
    cr_assert(r == 0 || r == 1, "EVP_PKEY_verify returned %d", r);
    return r;
}

static size_t ossl_sign(EVP_PKEY *pk, kurv_hash h, uint8_t *der, size_t cap,
                        const uint8_t *dg, size_t dlen)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(pk, NULL);
    size_t len = cap;
    cr_assert(ctx != NULL);
    cr_assert_eq(EVP_PKEY_sign_init(ctx), 1);
    cr_assert_eq(EVP_PKEY_CTX_set_signature_md(ctx, ossl_md(h)), 1);
    cr_assert_eq(EVP_PKEY_sign(ctx, der, &len, dg, dlen), 1);
    EVP_PKEY_CTX_free(ctx);
    return len;
}

Test(openssl, ecdsa_both_directions)
{
    static const kurv_hash hs[] = {
        KURV_HASH_SHA256, KURV_HASH_SHA224, KURV_HASH_SHA384, KURV_HASH_SHA512,
    };
    size_t ci, it, curves = 0;

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        const char *group = ossl_group(c);
        size_t sl = kurv_curve_scalar_len(c), ok_kurv = 0, ok_ossl = 0;

        if (!group) {
            printf("openssl: %s skipped (no OpenSSL name)\n", kurv_curve_name(c));
            continue;
        }
        for (it = 0; it < ROUNDS; it++) {
            kurv_hash h = hs[it % 4];
            size_t dl = kurv_hash_len(h), pl = KURV_MAX_POINT_LEN, cpl = KURV_MAX_POINT_LEN;
            size_t derl = KURV_MAX_SIG_DER_LEN, odl, rel;
            uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], cpub[KURV_MAX_POINT_LEN];
            uint8_t msg[200], mlen, dg[KURV_MAX_HASH_LEN], extra[32];
            uint8_t sig[KURV_MAX_SIG_RAW_LEN], der[KURV_MAX_SIG_DER_LEN];
            uint8_t oder[256], re[KURV_MAX_SIG_DER_LEN];
            unsigned flags = (it & 2) ? KURV_ECDSA_SIGN_LOW_S : 0;
            EVP_PKEY *pk;
            int v;

            cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
            cr_assert_eq(kurv_point_convert(c, cpub, &cpl, 1, pub, pl), KURV_OK);
            cr_assert_eq(kurv_random(msg, sizeof msg), KURV_OK);
            cr_assert_eq(kurv_random(extra, sizeof extra), KURV_OK);
            mlen = msg[0];
            cr_assert_eq(kurv_hash_digest(h, dg, msg + 1, mlen < 199 ? mlen : 199), KURV_OK);
            pk = ossl_key(group, pub, pl, d, sl);

            /* kurv signs, OpenSSL verifies */
            cr_assert_eq(kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, dg, dl, h,
                                         (it & 4) ? extra : NULL, (it & 4) ? sizeof extra : 0,
                                         flags), KURV_OK);
            cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &derl, sig, 2 * sl), KURV_OK);
            v = ossl_verify(pk, h, der, derl, dg, dl);
            cr_expect_eq(v, 1, "%s round %zu: OpenSSL refused kurv's signature",
                         kurv_curve_name(c), it);
            ok_kurv += (size_t)v;

            /* OpenSSL signs, kurv verifies (and re-encodes the DER identically) */
            odl = ossl_sign(pk, h, oder, sizeof oder, dg, dl);
            cr_assert_eq(kurv_ecdsa_sig_from_der(c, sig, 2 * sl, oder, odl), KURV_OK,
                         "%s round %zu: kurv cannot parse OpenSSL's DER", kurv_curve_name(c), it);
            rel = sizeof re;
            cr_assert_eq(kurv_ecdsa_sig_to_der(c, re, &rel, sig, 2 * sl), KURV_OK);
            cr_expect(rel == odl && memcmp(re, oder, odl) == 0, "%s round %zu: DER differs",
                      kurv_curve_name(c), it);
            if (kurv_ecdsa_verify(c, sig, 2 * sl, (it & 1) ? cpub : pub, (it & 1) ? cpl : pl,
                                  dg, dl, 0) == KURV_OK)
                ok_ossl++;
            else
                cr_expect_fail("%s round %zu: kurv refused OpenSSL's signature",
                               kurv_curve_name(c), it);

            /* a tampered digest: both refuse both */
            dg[it % (sl < dl ? sl : dl)] ^= 0x01;   /* within the bits bits2int keeps */
            cr_expect_eq(ossl_verify(pk, h, der, derl, dg, dl), 0);
            cr_expect_eq(kurv_ecdsa_verify(c, sig, 2 * sl, pub, pl, dg, dl, 0), KURV_ERR_SIGNATURE);
            EVP_PKEY_free(pk);
        }
        printf("openssl %s: %zu/%d kurv signatures verified by OpenSSL, "
               "%zu/%d OpenSSL signatures verified by kurv\n",
               kurv_curve_name(c), ok_kurv, ROUNDS, ok_ossl, ROUNDS);
        fflush(stdout);
        cr_expect_eq(ok_kurv, ROUNDS);
        cr_expect_eq(ok_ossl, ROUNDS);
        curves++;
    }
    cr_assert_geq(curves, 1);
}
