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
#else
    const kurv_curve *(*const curves[])(void) = { KURV_TEST_CURVES };
    for (size_t i = 0; i < sizeof curves / sizeof curves[0]; i++)
        test_curve(curves[i]());
#endif
    printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
