/* SHA-2 glue (kurv/hash.h): names, lengths, FIPS 180-4 known answers, OpenSSL cross-check. */
#include <criterion/criterion.h>
#include <openssl/evp.h>
#include <string.h>
#include "testutil.h"

Test(hash, names)
{
    static const struct { const char *name; kurv_hash h; } ok[] = {
        {"sha224", KURV_HASH_SHA224}, {"SHA-224", KURV_HASH_SHA224}, {"SHA2-224", KURV_HASH_SHA224},
        {"sha256", KURV_HASH_SHA256}, {"SHA-256", KURV_HASH_SHA256}, {"SHA256", KURV_HASH_SHA256},
        {"sha2-256", KURV_HASH_SHA256}, {"Sha_256", KURV_HASH_SHA256},
        {"sha384", KURV_HASH_SHA384}, {"SHA-384", KURV_HASH_SHA384}, {"sha2_384", KURV_HASH_SHA384},
        {"sha512", KURV_HASH_SHA512}, {"SHA-512", KURV_HASH_SHA512}, {"SHA2-512", KURV_HASH_SHA512},
    };
    static const char *const bad[] = {
        "", "sha", "sha1", "SHA-1", "md5", "sha3-256", "SHA-512/256", "sha512256", "sha-2560",
        "sha 256 but much longer than any hash name", "256",
    };
    size_t i;

    for (i = 0; i < sizeof ok / sizeof ok[0]; i++)
        cr_expect_eq(kurv_hash_from_name(ok[i].name), ok[i].h, "%s", ok[i].name);
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        cr_expect_eq(kurv_hash_from_name(bad[i]), KURV_HASH_NONE, "%s", bad[i]);
    cr_expect_eq(kurv_hash_from_name(NULL), KURV_HASH_NONE);

    cr_expect_eq(kurv_hash_len(KURV_HASH_SHA224), 28);
    cr_expect_eq(kurv_hash_len(KURV_HASH_SHA256), 32);
    cr_expect_eq(kurv_hash_len(KURV_HASH_SHA384), 48);
    cr_expect_eq(kurv_hash_len(KURV_HASH_SHA512), 64);
    cr_expect_eq(kurv_hash_len(KURV_HASH_NONE), 0);
    cr_expect_eq(kurv_hash_len((kurv_hash)99), 0);
    cr_expect_str_eq(kurv_hash_name(KURV_HASH_SHA224), "SHA-224");
    cr_expect_str_eq(kurv_hash_name(KURV_HASH_SHA512), "SHA-512");
    cr_expect_str_eq(kurv_hash_name((kurv_hash)99), "none");
    /* names round-trip */
    for (i = KURV_HASH_SHA224; i <= KURV_HASH_SHA512; i++)
        cr_expect_eq(kurv_hash_from_name(kurv_hash_name((kurv_hash)i)), (kurv_hash)i);
}

/* FIPS 180-4 / NIST CSRC examples: "abc" and the empty string */
Test(hash, known_answers)
{
    static const struct { kurv_hash h; const char *msg, *hex; } kat[] = {
        {KURV_HASH_SHA224, "abc", "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7"},
        {KURV_HASH_SHA256, "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {KURV_HASH_SHA384, "abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed"
                                  "8086072ba1e7cc2358baeca134c825a7"},
        {KURV_HASH_SHA512, "abc", "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
                                  "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"},
        {KURV_HASH_SHA256, "", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {KURV_HASH_SHA224, "", "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f"},
    };
    uint8_t out[KURV_MAX_HASH_LEN];
    char hex[2 * KURV_MAX_HASH_LEN + 1];
    size_t i;

    for (i = 0; i < sizeof kat / sizeof kat[0]; i++) {
        size_t len = strlen(kat[i].msg);
        cr_assert_eq(kurv_hash_digest(kat[i].h, out, (const uint8_t *)kat[i].msg, len), KURV_OK);
        cr_expect_str_eq(kt_hex(hex, out, kurv_hash_len(kat[i].h)), kat[i].hex, "kat %zu", i);
    }
    /* NULL message of length 0 is the empty string */
    cr_assert_eq(kurv_hash_digest(KURV_HASH_SHA256, out, NULL, 0), KURV_OK);
    cr_expect_str_eq(kt_hex(hex, out, 32), kat[4].hex);
}

Test(hash, bad_arguments)
{
    uint8_t out[KURV_MAX_HASH_LEN], m[1] = {0};
    cr_expect_eq(kurv_hash_digest(KURV_HASH_NONE, out, m, 1), KURV_ERR_ARG);
    cr_expect_eq(kurv_hash_digest((kurv_hash)42, out, m, 1), KURV_ERR_ARG);
    cr_expect_eq(kurv_hash_digest(KURV_HASH_SHA256, NULL, m, 1), KURV_ERR_ARG);
    cr_expect_eq(kurv_hash_digest(KURV_HASH_SHA256, out, NULL, 1), KURV_ERR_ARG);
}

/* every length 0..300 (crossing the 64- and 128-byte block sizes) against OpenSSL */
Test(hash, matches_openssl)
{
    static const struct { kurv_hash h; const char *ossl; } hs[] = {
        {KURV_HASH_SHA224, "SHA224"}, {KURV_HASH_SHA256, "SHA256"},
        {KURV_HASH_SHA384, "SHA384"}, {KURV_HASH_SHA512, "SHA512"},
    };
    uint8_t msg[300], a[KURV_MAX_HASH_LEN], b[EVP_MAX_MD_SIZE];
    size_t i, len;

    cr_assert_eq(kurv_random(msg, sizeof msg), KURV_OK);
    for (i = 0; i < 4; i++) {
        for (len = 0; len <= sizeof msg; len++) {
            unsigned blen = 0;
            cr_assert_eq(EVP_Digest(msg, len, b, &blen, EVP_get_digestbyname(hs[i].ossl), NULL), 1);
            cr_assert_eq(blen, kurv_hash_len(hs[i].h));
            cr_assert_eq(kurv_hash_digest(hs[i].h, a, msg, len), KURV_OK);
            cr_assert_eq(memcmp(a, b, blen), 0, "%s of %zu bytes differs", hs[i].ossl, len);
        }
    }
}
