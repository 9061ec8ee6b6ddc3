/*
 * kurv constant-time test of X25519 and Ed25519 signing (kurv-25519), run under valgrind
 * like ctime.c: private keys and seeds are marked undefined (checkmem.h) before each call,
 * the outputs defined after it; valgrind fails the test on any branch or memory index that
 * depends on them. The results are checked against RFC 7748 6.1 (Alice and Bob) and
 * RFC 8032 7.1 TEST 1-3, so the calls give real answers too.
 *
 * Covered: kurv_x25519_public_key (fixed-base table scan on edwards25519, inversion),
 * kurv_x25519 (the ladder: run twice by meson, ctime-25519 with KURV_X86_ADX=1 on the
 * MULX/ADX path of curves/25519/x25519_adx.c, ctime-25519-portable-field with 0 on the
 * 51-bit one), kurv_ed25519_public_key and kurv_ed25519_sign (SHA-512 of the
 * seed, the table scan for A and R, the scalar reductions mod L, S = r + k s),
 * kurv_ed25519_keypair and kurv_ed25519_sign_keypair (the key pair marked secret whole; the
 * clamping check declassifies its one answer), kurv_ed25519ctx_sign and kurv_ed25519ph_sign
 * (RFC 8032 7.2 TEST foo, 7.3 TEST abc). The values
 * the library reveals on purpose (an all-zero shared secret, a public key that does not
 * match the seed) are declassified inside it (core/src/ct.h). Verification takes public
 * values only and is not covered.
 */
#include <stdio.h>
#include <string.h>
#include <kurv/25519.h>
#include <kurv/util.h>
#define CTIME_PROG "ctime-25519"
#include "ctime_util.h"

/* RFC 7748 6.1: Alice's private and public key, Bob's, their shared secret */
static const char *const X_ALICE = "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a";
static const char *const X_ALICE_PUB = "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a";
static const char *const X_BOB = "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb";
static const char *const X_BOB_PUB = "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f";
static const char *const X_SHARED = "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742";

/* RFC 8032 7.1 TEST 1, 2, 3: seed, public key, message, signature */
static const char *const ED[3][4] = {
    {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
};

static void x25519_checks(void)
{
    uint8_t a[32], b[32], apub_ref[32], bpub_ref[32], shared_ref[32], pub[32], shared[32];
    kurv_err e;

    CHECK(unhex(a, 32, X_ALICE) == 0 && unhex(apub_ref, 32, X_ALICE_PUB) == 0 &&
          unhex(b, 32, X_BOB) == 0 && unhex(bpub_ref, 32, X_BOB_PUB) == 0 &&
          unhex(shared_ref, 32, X_SHARED) == 0);

    SECRET(a, 32);
    e = kurv_x25519_public_key(pub, a);
    PUBLIC(&e, sizeof e);
    PUBLIC(pub, 32);
    CHECK(e == KURV_OK && memcmp(pub, apub_ref, 32) == 0);

    SECRET(b, 32);
    e = kurv_x25519_public_key(pub, b);
    PUBLIC(&e, sizeof e);
    PUBLIC(pub, 32);
    CHECK(e == KURV_OK && memcmp(pub, bpub_ref, 32) == 0);

    SECRET(a, 32);
    e = kurv_x25519(shared, a, bpub_ref);
    PUBLIC(&e, sizeof e);
    PUBLIC(shared, 32);
    CHECK(e == KURV_OK && memcmp(shared, shared_ref, 32) == 0);

    SECRET(b, 32);
    e = kurv_x25519(shared, b, apub_ref);
    PUBLIC(&e, sizeof e);
    PUBLIC(shared, 32);
    CHECK(e == KURV_OK && memcmp(shared, shared_ref, 32) == 0);
    kurv_wipe(a, sizeof a);
    kurv_wipe(b, sizeof b);
}

static void ed25519_checks(void)
{
    int i;
    for (i = 0; i < 3; i++) {
        uint8_t seed[32], pub_ref[32], msg[2], sig_ref[64], pub[32], sig[64];
        uint8_t kp[KURV_ED25519_KEYPAIR_LEN];
        size_t mlen = strlen(ED[i][2]) / 2;
        kurv_err e;
        CHECK(unhex(seed, 32, ED[i][0]) == 0 && unhex(pub_ref, 32, ED[i][1]) == 0 &&
              unhex(msg, mlen, ED[i][2]) == 0 && unhex(sig_ref, 64, ED[i][3]) == 0);

        SECRET(seed, 32);
        e = kurv_ed25519_public_key(pub, seed);
        PUBLIC(&e, sizeof e);
        PUBLIC(pub, 32);
        CHECK(e == KURV_OK && memcmp(pub, pub_ref, 32) == 0);

        SECRET(seed, 32);
        e = kurv_ed25519_sign(sig, msg, mlen, seed, pub_ref);
        PUBLIC(&e, sizeof e);
        PUBLIC(sig, 64);
        CHECK(e == KURV_OK && memcmp(sig, sig_ref, 64) == 0);

        /* without the public key: signing derives it */
        SECRET(seed, 32);
        e = kurv_ed25519_sign(sig, msg, mlen, seed, NULL);
        PUBLIC(&e, sizeof e);
        PUBLIC(sig, 64);
        CHECK(e == KURV_OK && memcmp(sig, sig_ref, 64) == 0);

        /* a key pair (s, prefix and A from the seed), then signing with it: the key pair
         * is secret as a whole (its A is public, but marking it so would only hide less) */
        SECRET(seed, 32);
        e = kurv_ed25519_keypair(kp, seed);
        PUBLIC(&e, sizeof e);
        SECRET(kp, sizeof kp);
        e = kurv_ed25519_sign_keypair(sig, msg, mlen, kp);
        PUBLIC(&e, sizeof e);
        PUBLIC(sig, 64);
        CHECK(e == KURV_OK && memcmp(sig, sig_ref, 64) == 0);
        PUBLIC(kp + 64, 32);
        CHECK(memcmp(kp + 64, pub_ref, 32) == 0);

        /* the signature verifies (public inputs) */
        CHECK(kurv_ed25519_verify(sig, msg, mlen, pub_ref) == KURV_OK);
        kurv_wipe(seed, sizeof seed);
        kurv_wipe(kp, sizeof kp);
    }
}

/* RFC 8032 7.2 TEST foo (Ed25519ctx) and 7.3 TEST abc (Ed25519ph): the dom2 prefixes */
static void ed25519_dom_checks(void)
{
    uint8_t seed[32], kp[KURV_ED25519_KEYPAIR_LEN], msg[16], sig[64], ref[64];
    kurv_err e;

    CHECK(unhex(seed, 32, "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6") == 0 &&
          unhex(msg, 16, "f726936d19c800494e3fdaff20b276a8") == 0 &&
          unhex(ref, 64, "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
                         "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d") == 0);
    SECRET(seed, 32);
    e = kurv_ed25519_keypair(kp, seed);
    SECRET(kp, sizeof kp);
    e = e != KURV_OK ? e : kurv_ed25519ctx_sign(sig, msg, 16, (const uint8_t *)"foo", 3, kp);
    PUBLIC(&e, sizeof e);
    PUBLIC(sig, 64);
    CHECK(e == KURV_OK && memcmp(sig, ref, 64) == 0);

    CHECK(unhex(seed, 32, "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42") == 0 &&
          unhex(ref, 64, "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
                         "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406") == 0);
    SECRET(seed, 32);
    e = kurv_ed25519_keypair(kp, seed);
    SECRET(kp, sizeof kp);
    e = e != KURV_OK ? e : kurv_ed25519ph_sign(sig, (const uint8_t *)"abc", 3, NULL, 0, kp);
    PUBLIC(&e, sizeof e);
    PUBLIC(sig, 64);
    CHECK(e == KURV_OK && memcmp(sig, ref, 64) == 0);
    kurv_wipe(seed, sizeof seed);
    kurv_wipe(kp, sizeof kp);
}

int main(void)
{
    if (!CHECKMEM_RUNNING()) {
        fprintf(stderr, "ctime-25519: this program must run under %s; without a checker it\n"
                        "ctime-25519: would test nothing.\n", CHECKMEM_NAME);
        return 1;
    }
    x25519_checks();
    ed25519_checks();
    ed25519_dom_checks();
    if (failures) {
        fprintf(stderr, "ctime-25519: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("ctime-25519: RFC 7748 6.1 and RFC 8032 TEST 1-3, %d checks passed; secret-dependent\n"
           "ctime-25519: branches and memory indexes, if any, are reported by %s above\n", checks,
           CHECKMEM_NAME);
    return 0;
}
