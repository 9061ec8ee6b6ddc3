/*
 * kurv-25519's RFC 8410 key files against OpenSSL's libcrypto, on random keys from a
 * fixed-seed generator (kt_random's counts): for X25519 and Ed25519, kurv's PKCS#8 and
 * SubjectPublicKeyInfo, DER and PEM, are byte for byte what OpenSSL writes for the same key
 * (i2d_PrivateKey, PEM_write_bio_PrivateKey, i2d_PUBKEY, PEM_write_bio_PUBKEY), kurv reads
 * OpenSSL's files back to the same key, and OpenSSL reads kurv's (d2i_AutoPrivateKey,
 * d2i_PUBKEY) to the same raw key.
 */
#include <criterion/criterion.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <string.h>
#include <kurv/25519.h>
#include "testutil.h"

static uint64_t rng_state = 0x8410deadbeefULL;

static void rnd(uint8_t *b, size_t n)
{
    kt_rand_bytes(&rng_state, b, n);
}

/* OpenSSL's PEM of @pk (private or public) into @out; its length */
static size_t ossl_pem(EVP_PKEY *pk, int priv, uint8_t *out, size_t cap)
{
    BIO *b = BIO_new(BIO_s_mem());
    char *p;
    long n;
    cr_assert(b != NULL);
    cr_assert_eq(priv ? PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL)
                      : PEM_write_bio_PUBKEY(b, pk), 1);
    n = BIO_get_mem_data(b, &p);
    cr_assert(n > 0 && (size_t)n <= cap);
    memcpy(out, p, (size_t)n);
    BIO_free(b);
    return (size_t)n;
}

/* OpenSSL's DER of @pk into @out; its length */
static size_t ossl_der(EVP_PKEY *pk, int priv, uint8_t *out, size_t cap)
{
    unsigned char *p = NULL;
    int n = priv ? i2d_PrivateKey(pk, &p) : i2d_PUBKEY(pk, &p);
    cr_assert(n > 0 && (size_t)n <= cap);
    memcpy(out, p, (size_t)n);
    OPENSSL_free(p);
    return (size_t)n;
}

static void one_key(int type, kurv_25519_alg alg)
{
    uint8_t key[32], pub[32], got[32], raw[32];
    uint8_t ko[KURV_25519_MAX_KEYFILE_LEN], oo[512];
    size_t kn, on, rl;
    int priv, pem;
    EVP_PKEY *pk, *back;

    rnd(key, 32);
    pk = EVP_PKEY_new_raw_private_key(type, NULL, key, 32);
    cr_assert(pk != NULL);
    rl = 32;
    cr_assert_eq(EVP_PKEY_get_raw_public_key(pk, pub, &rl), 1);
    for (priv = 0; priv < 2; priv++)
        for (pem = 0; pem < 2; pem++) {
            kurv_keyfmt f = pem ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER;
            kurv_25519_alg a = alg;
            kn = sizeof ko;
            cr_assert_eq(priv ? kurv_25519_privkey_encode(ko, &kn, alg, f, key)
                              : kurv_25519_pubkey_encode(ko, &kn, alg, f, pub), KURV_OK);
            on = pem ? ossl_pem(pk, priv, oo, sizeof oo) : ossl_der(pk, priv, oo, sizeof oo);
            cr_assert(kn == on && memcmp(ko, oo, kn) == 0,
                      "alg %d priv %d pem %d: kurv's file differs from OpenSSL's", alg, priv, pem);
            cr_assert_eq(priv ? kurv_25519_privkey_decode(&a, got, oo, on)
                              : kurv_25519_pubkey_decode(&a, got, oo, on), KURV_OK);
            cr_assert(a == alg && memcmp(got, priv ? key : pub, 32) == 0);
        }
    /* OpenSSL reads kurv's DER */
    for (priv = 0; priv < 2; priv++) {
        const unsigned char *p = ko;
        kn = sizeof ko;
        cr_assert_eq(priv ? kurv_25519_privkey_encode(ko, &kn, alg, KURV_KEYFMT_DER, key)
                          : kurv_25519_pubkey_encode(ko, &kn, alg, KURV_KEYFMT_DER, pub), KURV_OK);
        back = priv ? d2i_AutoPrivateKey(NULL, &p, (long)kn) : d2i_PUBKEY(NULL, &p, (long)kn);
        cr_assert(back != NULL && EVP_PKEY_get_id(back) == type);
        rl = 32;
        cr_assert_eq(priv ? EVP_PKEY_get_raw_private_key(back, raw, &rl)
                          : EVP_PKEY_get_raw_public_key(back, raw, &rl), 1);
        cr_assert(memcmp(raw, priv ? key : pub, 32) == 0, "OpenSSL read another key");
        EVP_PKEY_free(back);
    }
    EVP_PKEY_free(pk);
}

Test(openssl, keyfiles)
{
    long n = kt_random(400), i;
    for (i = 0; i < n; i++) {
        one_key(EVP_PKEY_X25519, KURV_25519_X25519);
        one_key(EVP_PKEY_ED25519, KURV_25519_ED25519);
    }
}

/* encrypted PKCS#8 both ways: OpenSSL reads kurv's (PEM, with the password; a wrong one
 * refused), kurv reads OpenSSL's (PEM with AES-256-CBC, DER with AES-128-CBC), and an
 * encrypted EC key is not taken for an X25519 or Ed25519 key */
static EVP_PKEY *ossl_read_pem(const uint8_t *in, size_t n, const char *pass)
{
    BIO *b = BIO_new_mem_buf(in, (int)n);
    EVP_PKEY *pk = PEM_read_bio_PrivateKey(b, NULL, NULL, (void *)pass);
    BIO_free(b);
    ERR_clear_error();
    return pk;
}

Test(openssl, encrypted_keyfiles)
{
    static const char pw[] = "open sesame";
    long n = kt_random(40), i;
    for (i = 0; i < n; i++) {
        int type = i % 2 ? EVP_PKEY_ED25519 : EVP_PKEY_X25519;
        kurv_25519_alg alg = i % 2 ? KURV_25519_ED25519 : KURV_25519_X25519;
        uint8_t key[32], got[32], out[KURV_25519_MAX_ENC_KEYFILE_LEN], *p;
        size_t kn = sizeof out, rl = 32;
        kurv_25519_alg a = KURV_25519_ANY;
        EVP_PKEY *pk, *back;
        BIO *b;
        long bl;

        rnd(key, 32);
        cr_assert_eq(kurv_25519_privkey_encode_pass(out, &kn, alg, KURV_KEYFMT_PEM, key,
                                                    (const uint8_t *)pw, strlen(pw), 2048), KURV_OK);
        back = ossl_read_pem(out, kn, pw);
        cr_assert(back != NULL && EVP_PKEY_get_id(back) == type, "OpenSSL cannot read kurv's");
        cr_assert(EVP_PKEY_get_raw_private_key(back, got, &rl) == 1 && memcmp(got, key, 32) == 0);
        EVP_PKEY_free(back);
        cr_assert(ossl_read_pem(out, kn, "open sesamE") == NULL);

        pk = EVP_PKEY_new_raw_private_key(type, NULL, key, 32);
        b = BIO_new(BIO_s_mem());
        cr_assert_eq(PEM_write_bio_PrivateKey(b, pk, EVP_aes_256_cbc(), NULL, 0, NULL, (void *)pw), 1);
        bl = BIO_get_mem_data(b, &p);
        cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, p, (size_t)bl, (const uint8_t *)pw,
                                                    strlen(pw)), KURV_OK);
        cr_assert(a == alg && memcmp(got, key, 32) == 0);
        BIO_free(b);
        b = BIO_new(BIO_s_mem());
        cr_assert_eq(i2d_PKCS8PrivateKey_bio(b, pk, EVP_aes_128_cbc(), NULL, 0, NULL, (void *)pw), 1);
        bl = BIO_get_mem_data(b, &p);
        a = KURV_25519_ANY;
        cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, p, (size_t)bl, (const uint8_t *)pw,
                                                    strlen(pw)), KURV_OK);
        cr_assert(a == alg && memcmp(got, key, 32) == 0);
        BIO_free(b);
        EVP_PKEY_free(pk);
    }
    {
        EVP_PKEY *ec = EVP_EC_gen("P-256");
        BIO *b = BIO_new(BIO_s_mem());
        uint8_t got[32], *p;
        long bl;
        kurv_25519_alg a = KURV_25519_ANY;
        cr_assert(ec != NULL);
        cr_assert_eq(PEM_write_bio_PrivateKey(b, ec, EVP_aes_256_cbc(), NULL, 0, NULL, (void *)pw), 1);
        bl = BIO_get_mem_data(b, &p);
        cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, p, (size_t)bl, (const uint8_t *)pw,
                                                    strlen(pw)), KURV_ERR_UNSUPPORTED);
        BIO_free(b);
        EVP_PKEY_free(ec);
    }
}
