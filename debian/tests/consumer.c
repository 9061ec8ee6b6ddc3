/*
 * The autopkgtest consumer (debian/tests/consumers builds it once per family, shared and
 * static, with nothing but pkg-config). Exit status 0 when every check passes, 1 otherwise;
 * one line per check.
 *
 * A curve family (-DKURV_TEST_HEADER=<kurv/FAMILY.h> -DKURV_TEST_CURVES=acc1,acc2,...), on
 * each of its curves: the public key of d = 1 is the generator G of kurv_curve_param
 * (SEC1 uncompressed: 04 || x || y); a fresh key pair signs a SHA-256 digest with ECDSA,
 * the signature verifies, and the same signature over a digest with one bit flipped gives
 * KURV_ERR_SIGNATURE.
 * kurv-schnorr (-DKURV_TEST_SCHNORR): BIP-340 test vector 0 (secret key 3, message and
 * auxiliary randomness all zero): the x-only public key and the signature are the vector's,
 * the signature verifies, and with one bit of the message flipped it does not.
 * kurv-25519 (-DKURV_TEST_25519): RFC 7748 6.1 (Alice's and Bob's public keys, the shared
 * secret both ways) and RFC 8032 7.1 TEST 2 (the public key of the seed, the signature of
 * the one-byte message 0x72 byte for byte, it verifies, and with one message bit flipped it
 * gives KURV_ERR_SIGNATURE).
 */
#include <stdio.h>
#include <string.h>
#include <kurv/kurv.h>

static int failures;

static void check(int ok, const char *curve, const char *what)
{
    printf("%s %s: %s\n", ok ? "ok  " : "FAIL", curve, what);
    if (!ok)
        failures++;
}

#ifdef KURV_TEST_SCHNORR
#include <kurv/schnorr.h>

static const uint8_t v0_pub[32] = {
    0xF9, 0x30, 0x8A, 0x01, 0x92, 0x58, 0xC3, 0x10, 0x49, 0x34, 0x4F, 0x85, 0xF8, 0x9D, 0x52, 0x29,
    0xB5, 0x31, 0xC8, 0x45, 0x83, 0x6F, 0x99, 0xB0, 0x86, 0x01, 0xF1, 0x13, 0xBC, 0xE0, 0x36, 0xF9,
};
static const uint8_t v0_sig[64] = {
    0xE9, 0x07, 0x83, 0x1F, 0x80, 0x84, 0x8D, 0x10, 0x69, 0xA5, 0x37, 0x1B, 0x40, 0x24, 0x10, 0x36,
    0x4B, 0xDF, 0x1C, 0x5F, 0x83, 0x07, 0xB0, 0x08, 0x4C, 0x55, 0xF1, 0xCE, 0x2D, 0xCA, 0x82, 0x15,
    0x25, 0xF6, 0x6A, 0x4A, 0x85, 0xEA, 0x8B, 0x71, 0xE4, 0x82, 0xA7, 0x4F, 0x38, 0x2D, 0x2C, 0xE5,
    0xEB, 0xEE, 0xE8, 0xFD, 0xB2, 0x17, 0x2F, 0x47, 0x7D, 0xF4, 0x90, 0x0D, 0x31, 0x05, 0x36, 0xC0,
};

static void test_schnorr(void)
{
    uint8_t seckey[32] = {0}, msg[32] = {0}, aux[32] = {0}, keypair[64], pub[32], sig[64];
    const char *n = "BIP-340";

    seckey[31] = 3;
    check(kurv_schnorr_keypair(keypair, seckey) == KURV_OK &&
          kurv_schnorr_keypair_pubkey(pub, keypair) == KURV_OK &&
          memcmp(pub, v0_pub, 32) == 0, n, "vector 0 public key");
    check(kurv_schnorr_sign(sig, keypair, msg, sizeof msg, aux) == KURV_OK &&
          memcmp(sig, v0_sig, 64) == 0, n, "vector 0 signature");
    check(kurv_schnorr_verify(v0_sig, v0_pub, msg, sizeof msg) == KURV_OK, n, "vector 0 verifies");
    msg[0] ^= 1;
    check(kurv_schnorr_verify(v0_sig, v0_pub, msg, sizeof msg) == KURV_ERR_SIGNATURE, n,
          "a flipped message bit is refused");
}
#elif defined KURV_TEST_25519
#include <kurv/25519.h>

/* unhex() - 2 * n hex digits into n bytes */
static void unhex(uint8_t *out, size_t n, const char *hex)
{
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(hex + 2 * i, "%2x", &v);
        out[i] = (uint8_t)v;
    }
}

static int same(const uint8_t *got, size_t n, const char *hex)
{
    uint8_t want[64];
    unhex(want, n, hex);
    return memcmp(got, want, n) == 0;
}

static void test_25519(void)
{
    uint8_t a[32], b[32], apub[32], bpub[32], s1[32], s2[32];
    uint8_t seed[32], pub[32], kp[KURV_ED25519_KEYPAIR_LEN], sig[64], msg[1] = {0x72};
    const char *x = "X25519", *e = "Ed25519";

    unhex(a, 32, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    unhex(b, 32, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    check(kurv_x25519_public_key(apub, a) == KURV_OK &&
          same(apub, 32, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"),
          x, "RFC 7748 6.1 Alice's public key");
    check(kurv_x25519_public_key(bpub, b) == KURV_OK &&
          same(bpub, 32, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f"),
          x, "RFC 7748 6.1 Bob's public key");
    check(kurv_x25519(s1, a, bpub) == KURV_OK && kurv_x25519(s2, b, apub) == KURV_OK &&
          same(s1, 32, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742") &&
          memcmp(s1, s2, 32) == 0, x, "RFC 7748 6.1 shared secret, both ways");

    unhex(seed, 32, "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb");
    check(kurv_ed25519_keypair(kp, seed) == KURV_OK && kurv_ed25519_keypair_pubkey(pub, kp) == KURV_OK &&
          same(pub, 32, "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"),
          e, "RFC 8032 TEST 2 public key");
    kurv_wipe(kp, sizeof kp);
    check(kurv_ed25519_sign(sig, msg, sizeof msg, seed, pub) == KURV_OK &&
          same(sig, 64, "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da"
                        "085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"),
          e, "RFC 8032 TEST 2 signature");
    check(kurv_ed25519_verify(sig, msg, sizeof msg, pub) == KURV_OK, e, "TEST 2 verifies");
    msg[0] ^= 1;
    check(kurv_ed25519_verify(sig, msg, sizeof msg, pub) == KURV_ERR_SIGNATURE, e,
          "a flipped message bit is refused");
}
#else
#include KURV_TEST_HEADER

static void test_curve(const kurv_curve *c)
{
    uint8_t d1[KURV_MAX_SCALAR_LEN] = {0}, priv[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN];
    uint8_t g[KURV_MAX_POINT_LEN], digest[32], sig[KURV_MAX_SIG_RAW_LEN];
    size_t slen = kurv_curve_scalar_len(c), flen, ylen, pub_len = sizeof pub;
    const uint8_t *gx = kurv_curve_param(c, 'x', &flen), *gy = kurv_curve_param(c, 'y', &ylen);
    const char *n = kurv_curve_name(c), *msg = "kurv autopkgtest";

    g[0] = 0x04;
    memcpy(g + 1, gx, flen);
    memcpy(g + 1 + flen, gy, ylen);
    d1[slen - 1] = 1;
    check(kurv_pubkey_from_priv(c, pub, &pub_len, 0, d1, slen) == KURV_OK &&
          pub_len == 1 + 2 * flen && memcmp(pub, g, pub_len) == 0, n, "1*G is the generator");

    pub_len = sizeof pub;
    check(kurv_keygen(c, priv, slen, pub, &pub_len, 0) == KURV_OK, n, "keygen");
    check(kurv_hash_digest(KURV_HASH_SHA256, digest, (const uint8_t *)msg, strlen(msg)) == KURV_OK &&
          kurv_ecdsa_sign(c, sig, 2 * slen, priv, slen, digest, sizeof digest, KURV_HASH_SHA256,
                          NULL, 0, 0) == KURV_OK, n, "ECDSA sign");
    kurv_wipe(priv, sizeof priv);
    check(kurv_ecdsa_verify(c, sig, 2 * slen, pub, pub_len, digest, sizeof digest, 0) == KURV_OK,
          n, "ECDSA verify");
    digest[0] ^= 1;
    check(kurv_ecdsa_verify(c, sig, 2 * slen, pub, pub_len, digest, sizeof digest, 0) ==
          KURV_ERR_SIGNATURE, n, "a flipped digest bit is refused");
}
#endif

int main(void)
{
    printf("kurv %s\n", kurv_version());
#ifdef KURV_TEST_SCHNORR
    test_schnorr();
#elif defined KURV_TEST_25519
    test_25519();
#else
    const kurv_curve *(*const curves[])(void) = { KURV_TEST_CURVES };
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        test_curve(curves[i]());
#endif
    printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
