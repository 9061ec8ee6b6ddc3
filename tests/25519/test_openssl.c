/*
 * kurv-25519 against OpenSSL's libcrypto (EVP_PKEY_X25519, EVP_PKEY_ED25519) on random
 * inputs from a fixed-seed generator (reproducible; kt_random's counts: a tenth in the
 * everyday run, all with meson test --setup full):
 *   X25519: public keys of random private keys; the shared secret with a peer's real
 *   public key and with a random u (any 32 bytes: the top bit set half the time, values
 *   >= p now and then, refusals of an all-zero result agreed);
 *   Ed25519: public keys of random seeds; signatures of random messages (0..300 bytes) byte
 *   for byte; each verifies the other's; a flipped bit of message or signature refused by
 *   both.
 */
#include <criterion/criterion.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <kurv/25519.h>
#include "testutil.h"

static uint64_t rng_state = 0x25519aa55cc33ULL;

static void rnd(uint8_t *b, size_t n)
{
    kt_rand_bytes(&rng_state, b, n);
}

static EVP_PKEY *ossl_priv(int type, const uint8_t k[32])
{
    EVP_PKEY *pk = EVP_PKEY_new_raw_private_key(type, NULL, k, 32);
    cr_assert(pk != NULL);
    return pk;
}

static void ossl_pub(EVP_PKEY *pk, uint8_t out[32])
{
    size_t len = 32;
    cr_assert_eq(EVP_PKEY_get_raw_public_key(pk, out, &len), 1);
    cr_assert_eq(len, 32);
}

/* 1 and the secret in out, or 0 when OpenSSL refuses (an all-zero result) */
static int ossl_x25519(const uint8_t k[32], const uint8_t u[32], uint8_t out[32])
{
    EVP_PKEY *a = ossl_priv(EVP_PKEY_X25519, k);
    EVP_PKEY *b = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, u, 32);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new(a, NULL);
    size_t len = 32;
    int ok;
    cr_assert(b && ctx);
    cr_assert_eq(EVP_PKEY_derive_init(ctx), 1);
    cr_assert_eq(EVP_PKEY_derive_set_peer(ctx, b), 1);
    ok = EVP_PKEY_derive(ctx, out, &len) == 1;
    ERR_clear_error();
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(a);
    EVP_PKEY_free(b);
    return ok && len == 32;
}

Test(openssl, x25519_random)
{
    long n = kt_random(2000), i, refused = 0;
    for (i = 0; i < n; i++) {
        uint8_t k[32], k2[32], u[32], pub[32], opub[32], s1[32], s2[32];
        EVP_PKEY *pk;
        int ok;
        rnd(k, 32);
        rnd(k2, 32);
        pk = ossl_priv(EVP_PKEY_X25519, k);
        ossl_pub(pk, opub);
        EVP_PKEY_free(pk);
        cr_assert_eq(kurv_x25519_public_key(pub, k), KURV_OK);
        cr_assert(memcmp(pub, opub, 32) == 0, "round %ld: public key differs", i);
        /* a peer's real public key */
        cr_assert_eq(kurv_x25519_public_key(u, k2), KURV_OK);
        cr_assert_eq(ossl_x25519(k, u, s2), 1);
        cr_assert_eq(kurv_x25519(s1, k, u), KURV_OK);
        cr_assert(memcmp(s1, s2, 32) == 0, "round %ld: shared secret differs", i);
        /* any 32 bytes as u; now and then a value >= p or a small one */
        rnd(u, 32);
        if (i % 16 == 1) {
            memset(u + 1, 0xff, 31);
            u[0] = (uint8_t)(0xed + (u[0] % 19));
        } else if (i % 16 == 2) {
            memset(u + 1, 0, 31);
            u[0] %= 3;
        }
        ok = ossl_x25519(k, u, s2);
        if (ok) {
            cr_assert_eq(kurv_x25519(s1, k, u), KURV_OK, "round %ld", i);
            cr_assert(memcmp(s1, s2, 32) == 0, "round %ld: shared secret (random u) differs", i);
        } else {
            cr_assert_eq(kurv_x25519(s1, k, u), KURV_ERR_POINT, "round %ld", i);
            refused++;
        }
    }
    fprintf(stderr, "openssl x25519: %ld rounds, %ld all-zero results refused by both\n", n, refused);
}

Test(openssl, ed25519_random)
{
    long n = kt_random(1000), i;
    for (i = 0; i < n; i++) {
        uint8_t seed[32], pub[32], opub[32], msg[300], sig[64], osig[64];
        size_t mlen, slen = 64;
        EVP_PKEY *pk;
        EVP_MD_CTX *md;
        int r;
        rnd(seed, 32);
        rnd(msg, 2);
        mlen = (size_t)(msg[0] | (msg[1] << 8)) % (sizeof msg + 1);
        rnd(msg, mlen);
        pk = ossl_priv(EVP_PKEY_ED25519, seed);
        ossl_pub(pk, opub);
        cr_assert_eq(kurv_ed25519_public_key(pub, seed), KURV_OK);
        cr_assert(memcmp(pub, opub, 32) == 0, "round %ld: public key differs", i);
        md = EVP_MD_CTX_new();
        cr_assert(md != NULL);
        cr_assert_eq(EVP_DigestSignInit(md, NULL, NULL, NULL, pk), 1);
        cr_assert_eq(EVP_DigestSign(md, osig, &slen, msg, mlen), 1);
        cr_assert_eq(slen, 64);
        EVP_MD_CTX_free(md);
        cr_assert_eq(kurv_ed25519_sign(sig, msg, mlen, seed, pub), KURV_OK);
        cr_assert(memcmp(sig, osig, 64) == 0, "round %ld: signature differs", i);
        cr_assert_eq(kurv_ed25519_verify(osig, msg, mlen, pub), KURV_OK);
        /* OpenSSL verifies kurv's; a flipped bit is refused by both */
        md = EVP_MD_CTX_new();
        cr_assert_eq(EVP_DigestVerifyInit(md, NULL, NULL, NULL, pk), 1);
        cr_assert_eq(EVP_DigestVerify(md, sig, 64, msg, mlen), 1);
        EVP_MD_CTX_free(md);
        sig[i % 64] ^= (uint8_t)(1 << (i % 8));
        md = EVP_MD_CTX_new();
        cr_assert_eq(EVP_DigestVerifyInit(md, NULL, NULL, NULL, pk), 1);
        r = EVP_DigestVerify(md, sig, 64, msg, mlen);
        EVP_MD_CTX_free(md);
        ERR_clear_error();
        cr_assert_neq(r, 1, "round %ld: OpenSSL accepted a changed signature", i);
        cr_assert_neq(kurv_ed25519_verify(sig, msg, mlen, pub), KURV_OK,
                      "round %ld: kurv accepted a changed signature", i);
        EVP_PKEY_free(pk);
    }
    fprintf(stderr, "openssl ed25519: %ld rounds\n", n);
}
