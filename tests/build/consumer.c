/*
 * kurv build hygiene: an out-of-tree consumer. consumer.sh installs kurv into a
 * staging tree and compiles this file against it with nothing but pkg-config
 * (dynamically, then statically), for one curve of the build given by -D macros:
 * KURV_CONSUMER_HEADER (its family's header, <kurv/secp256k1.h>), KURV_CONSUMER_CURVE
 * (its accessor) and KURV_CONSUMER_NAME (its name). For secp256k1
 * (KURV_CONSUMER_SECP256K1_KA) it checks known answers computed with libsecp256k1
 * 0.2.0, whose RFC 6979 nonce and low-S form kurv must reproduce; on any curve, fresh
 * key pairs: keygen, sign, verify, a forged digest rejected, ECDH both ways.
 */
#include <stdio.h>
#include <string.h>
#include <kurv/kurv.h>
#include KURV_CONSUMER_HEADER

#ifndef KURV_EXPECT_VERSION
#error "compile with -DKURV_EXPECT_VERSION=\"x.y.z\" (the version pkg-config reports)"
#endif

#ifdef KURV_CONSUMER_SECP256K1_KA
/* d = 0x0102...20 */
static const unsigned char pub_ka[65] = {
    0x04, 0x84, 0xbf, 0x75, 0x62, 0x26, 0x2b, 0xbd, 0x69, 0x40, 0x08, 0x57,
    0x48, 0xf3, 0xbe, 0x6a, 0xfa, 0x52, 0xae, 0x31, 0x71, 0x55, 0x18, 0x1e,
    0xce, 0x31, 0xb6, 0x63, 0x51, 0xcc, 0xff, 0xa4, 0xb0, 0x8c, 0xc4, 0x3d,
    0x63, 0xb2, 0x85, 0x9d, 0x46, 0x9f, 0xee, 0x15, 0xf3, 0x1c, 0x9e, 0xdb,
    0x53, 0x24, 0x26, 0x6e, 0x6f, 0xd0, 0x40, 0x7e, 0x87, 0x38, 0x2d, 0x60,
    0xfc, 0x45, 0x11, 0xac, 0xd8,
};
/* SHA-256("kurv") */
static const unsigned char digest_ka[32] = {
    0x2e, 0xe7, 0x5b, 0xe7, 0xe2, 0xdb, 0xfc, 0x84, 0x20, 0x37, 0x83, 0xfa,
    0xca, 0x6e, 0x7e, 0x7f, 0x31, 0xfe, 0x03, 0xde, 0xb5, 0x4c, 0xec, 0xb9,
    0x13, 0x2c, 0x23, 0xa0, 0x18, 0x64, 0xed, 0xc1,
};
/* RFC 6979 (HMAC-SHA-256) signature of digest_ka under d, low-S, r||s */
static const unsigned char sig_ka[64] = {
    0x6c, 0x38, 0x62, 0xe8, 0xaa, 0xd9, 0xe4, 0x8f, 0xfe, 0x9a, 0x98, 0xfe,
    0x53, 0x23, 0x06, 0xdf, 0x2a, 0xc3, 0xbf, 0x5f, 0xd1, 0x97, 0xe3, 0xb7,
    0x81, 0x7d, 0x9e, 0x2e, 0x56, 0x5b, 0xa0, 0xf7, 0x51, 0x6c, 0xa2, 0xdb,
    0xdc, 0xda, 0x1a, 0xbd, 0x50, 0x8f, 0x38, 0x5d, 0x6c, 0xde, 0x1b, 0xff,
    0x44, 0x9c, 0xfd, 0x7f, 0x22, 0xd5, 0xa5, 0xaa, 0x4f, 0x88, 0xb7, 0x03,
    0x14, 0x1f, 0x65, 0x13,
};
/* x of d * (d2 * G), d2 = 0xa0a1...bf */
static const unsigned char ecdh_ka[32] = {
    0xeb, 0x6e, 0x96, 0xd3, 0x9e, 0x68, 0x72, 0x1f, 0x79, 0x88, 0x6a, 0xe0,
    0x3d, 0x5b, 0xe0, 0x90, 0x3e, 0xbf, 0x6f, 0xa2, 0x70, 0xb8, 0x73, 0x42,
    0xb6, 0x96, 0x1e, 0xcb, 0x79, 0x1f, 0x0f, 0x8d,
};

#endif

static int failures;

static void check(int ok, const char *what)
{
    printf("%s: %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok)
        failures++;
}

#ifdef KURV_CONSUMER_SECP256K1_KA
static void known_answers(const kurv_curve *c)
{
    unsigned char d[32], d2[32], pub[65], pub2[65], sig[64], secret[32];
    size_t pub_len = sizeof pub, pub2_len = sizeof pub2;
    kurv_err e;
    int i;

    check(kurv_curve_scalar_len(c) == 32 && kurv_curve_field_len(c) == 32, "32-byte scalars and field elements");
    for (i = 0; i < 32; i++) {
        d[i] = (unsigned char)(i + 1);
        d2[i] = (unsigned char)(0xa0 + i);
    }
    e = kurv_pubkey_from_priv(c, pub, &pub_len, 0, d, sizeof d);
    check(e == KURV_OK && pub_len == 65 && memcmp(pub, pub_ka, 65) == 0, "pubkey_from_priv known answer");

    e = kurv_ecdsa_sign(c, sig, sizeof sig, d, sizeof d, digest_ka, sizeof digest_ka,
                        KURV_HASH_SHA256, NULL, 0, KURV_ECDSA_SIGN_LOW_S);
    check(e == KURV_OK && memcmp(sig, sig_ka, 64) == 0, "ecdsa_sign RFC 6979 low-S known answer");
    e = kurv_ecdsa_verify(c, sig_ka, sizeof sig_ka, pub_ka, sizeof pub_ka,
                          digest_ka, sizeof digest_ka, KURV_ECDSA_VERIFY_LOW_S);
    check(e == KURV_OK, "ecdsa_verify accepts the known signature");

    e = kurv_pubkey_from_priv(c, pub2, &pub2_len, 1, d2, sizeof d2);
    check(e == KURV_OK && pub2_len == 33, "compressed pubkey of d2");
    e = kurv_ecdh(c, secret, sizeof secret, d, sizeof d, pub2, pub2_len);
    check(e == KURV_OK && memcmp(secret, ecdh_ka, 32) == 0, "ecdh known answer");
    kurv_wipe(d, sizeof d);
    kurv_wipe(d2, sizeof d2);
}
#endif

int main(void)
{
    const kurv_curve *c = KURV_CONSUMER_CURVE();
    unsigned char d[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN];
    unsigned char pub[KURV_MAX_POINT_LEN], pub2[KURV_MAX_POINT_LEN], sig[2 * KURV_MAX_SCALAR_LEN];
    unsigned char s1[KURV_MAX_FIELD_LEN], s2[KURV_MAX_FIELD_LEN], digest[32];
    size_t sl, fl, pub_len = sizeof pub, pub2_len = sizeof pub2;
    kurv_err e;

    check(strcmp(kurv_version(), KURV_EXPECT_VERSION) == 0, "kurv_version() matches pkg-config");
    check(c != NULL && strcmp(kurv_curve_name(c), KURV_CONSUMER_NAME) == 0,
          "the accessor returns " KURV_CONSUMER_NAME);
    if (!c)
        return 1;
    sl = kurv_curve_scalar_len(c);
    fl = kurv_curve_field_len(c);
#ifdef KURV_CONSUMER_SECP256K1_KA
    known_answers(c);
#endif

    e = kurv_keygen(c, d, sl, pub, &pub_len, 0);
    check(e == KURV_OK && pub_len == 1 + 2 * fl && pub[0] == 0x04, "keygen");
    e = kurv_hash_digest(KURV_HASH_SHA256, digest, (const uint8_t *)"kurv", 4);
    check(e == KURV_OK, "SHA-256 digest");
    e = kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, digest, sizeof digest, KURV_HASH_SHA256, NULL, 0, 0);
    check(e == KURV_OK, "sign with the fresh key");
    e = kurv_ecdsa_verify(c, sig, 2 * sl, pub, pub_len, digest, sizeof digest, 0);
    check(e == KURV_OK, "verify with the fresh key");
    digest[31] ^= 1;
    e = kurv_ecdsa_verify(c, sig, 2 * sl, pub, pub_len, digest, sizeof digest, 0);
    check(e == KURV_ERR_SIGNATURE, "verify rejects a changed digest");

    e = kurv_keygen(c, d2, sl, pub2, &pub2_len, 1);
    check(e == KURV_OK && pub2_len == 1 + fl, "keygen, compressed public key");
    check(kurv_ecdh(c, s1, fl, d, sl, pub2, pub2_len) == KURV_OK &&
          kurv_ecdh(c, s2, fl, d2, sl, pub, pub_len) == KURV_OK && memcmp(s1, s2, fl) == 0,
          "ecdh both ways gives one secret");
    kurv_wipe(d, sizeof d);
    kurv_wipe(d2, sizeof d2);
    kurv_wipe(s1, sizeof s1);
    kurv_wipe(s2, sizeof s2);

    if (failures) {
        printf("%d check(s) failed\n", failures);
        return 1;
    }
    printf("all checks passed (kurv %s, %s)\n", kurv_version(), KURV_CONSUMER_NAME);
    return 0;
}
