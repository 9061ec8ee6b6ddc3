/*
 * kurv-25519: the known answers of the RFCs and the rules of <kurv/25519.h>.
 *   - RFC 7748 5.2: the two scalar/u-coordinate vectors, the iterated X25519 after 1 and
 *     1,000 iterations (the 1,000,000 one is not run: minutes of the CI's time); 6.1: the
 *     Alice and Bob key pairs and their shared secret;
 *   - RFC 8032 7.1: TEST 1, 2, 3, 1024 and SHA(abc): public keys, exact signatures,
 *     verification, and refusal of a changed message or signature;
 *   - the header's rules: clamping and the masked top bit of u, the all-zero refusal,
 *     S < L, non-canonical A and R, x = 0 with the sign bit set, the public-key check of
 *     signing, NULL arguments, zeroed outputs on error, key generation;
 *   - key pairs (kurv_ed25519_keypair): the layout, RFC 8032 7.1's signatures again, the
 *     same signatures as kurv_ed25519_sign on random seeds, and the errors; signing in
 *     place (the signature over the message) by each signing function;
 *   - RFC 8032 7.2 (Ed25519ctx: foo, bar, foo2, foo3) and 7.3 (Ed25519ph: abc): exact
 *     signatures, verification, refusal under another message, context or algorithm, and
 *     the context rules (1..255 bytes for Ed25519ctx, 0..255 for Ed25519ph).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <nettle/sha2.h>
#include <kurv/25519.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "testutil.h"

static void unhex(uint8_t *out, size_t len, const char *hex)
{
    cr_assert_eq(kt_unhex(out, len, hex), (long)len, "bad hex: %s", hex);
}

static void assert_hex(const uint8_t *got, size_t len, const char *hex, const char *what)
{
    uint8_t want[128];
    char g[257];
    unhex(want, len, hex);
    cr_assert(memcmp(got, want, len) == 0, "%s: got %s, want %s", what, kt_hex(g, got, len), hex);
}

static int all_zero(const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (b[i])
            return 0;
    return 1;
}

/* ---- X25519, RFC 7748 ---- */

Test(x25519, rfc7748_5_2_vectors)
{
    static const char *v[2][3] = {
        {"a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4",
         "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c",
         "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"},
        {"4b66e9d4d1b4673c5ad22691957d6af5c11b6421e0ea01d42ca4169e7918ba0d",
         "e5210f12786811d3f4b7959d0538ae2c31dbe7106fc03c3efc4cd549c715a493",
         "95cbde9476e8907d7aade45cb4b873f88b595a68799fa152e6f8f7647aac7957"},
    };
    uint8_t k[32], u[32], out[32];
    int i;
    for (i = 0; i < 2; i++) {
        unhex(k, 32, v[i][0]);
        unhex(u, 32, v[i][1]);
        cr_assert_eq(kurv_x25519(out, k, u), KURV_OK);
        assert_hex(out, 32, v[i][2], "RFC 7748 5.2 vector");
    }
}

/* k = u = 9; each step: k, u = X25519(k, u), k */
Test(x25519, rfc7748_5_2_iterated)
{
    uint8_t k[32] = {9}, u[32] = {9}, r[32];
    int i;
    for (i = 1; i <= 1000; i++) {
        cr_assert_eq(kurv_x25519(r, k, u), KURV_OK);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == 1)
            assert_hex(k, 32, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079",
                       "after 1 iteration");
    }
    assert_hex(k, 32, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51",
               "after 1,000 iterations");
}

Test(x25519, rfc7748_6_1_alice_bob)
{
    uint8_t a[32], b[32], apub[32], bpub[32], s1[32], s2[32];
    unhex(a, 32, "77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
    unhex(b, 32, "5dab087e624a8a4b79e17f8b83800ee66f3bb1292618b6fd1c2f8b27ff88e0eb");
    cr_assert_eq(kurv_x25519_public_key(apub, a), KURV_OK);
    assert_hex(apub, 32, "8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a",
               "Alice's public key");
    cr_assert_eq(kurv_x25519_public_key(bpub, b), KURV_OK);
    assert_hex(bpub, 32, "de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f",
               "Bob's public key");
    cr_assert_eq(kurv_x25519(s1, a, bpub), KURV_OK);
    cr_assert_eq(kurv_x25519(s2, b, apub), KURV_OK);
    assert_hex(s1, 32, "4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742",
               "Alice's shared secret");
    cr_assert(memcmp(s1, s2, 32) == 0);
}

/* clamping: bits 0-2 and 255 of the scalar do not matter, bit 254 is always set; the top
 * bit of u is masked */
Test(x25519, clamping_and_masking)
{
    uint8_t k[32], k2[32], u[32], u2[32], r1[32], r2[32];
    unhex(k, 32, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    unhex(u, 32, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c");
    cr_assert_eq(kurv_x25519(r1, k, u), KURV_OK);
    memcpy(k2, k, 32);
    k2[0] ^= 7;
    k2[31] ^= 0x80;
    cr_assert_eq(kurv_x25519(r2, k2, u), KURV_OK);
    cr_assert(memcmp(r1, r2, 32) == 0, "clamping: bits 0-2 and 255 changed the result");
    k2[31] ^= 0x40;   /* bit 254: set by clamping either way */
    cr_assert_eq(kurv_x25519(r2, k2, u), KURV_OK);
    cr_assert(memcmp(r1, r2, 32) == 0, "clamping: bit 254 changed the result");
    memcpy(u2, u, 32);
    u2[31] ^= 0x80;
    cr_assert_eq(kurv_x25519(r2, k, u2), KURV_OK);
    cr_assert(memcmp(r1, r2, 32) == 0, "the top bit of u was not masked");
    /* u + p (non-canonical, below 2^255) is u */
    {
        uint8_t nine[32] = {9}, ninep[32], a[32], b[32];
        unsigned carry = 0, i;
        static const uint8_t p[32] = {0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                      0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                                      0xff, 0x7f};
        for (i = 0; i < 32; i++) {
            carry += (unsigned)nine[i] + p[i];
            ninep[i] = (uint8_t)carry;
            carry >>= 8;
        }
        cr_assert_eq(kurv_x25519(a, k, nine), KURV_OK);
        cr_assert_eq(kurv_x25519(b, k, ninep), KURV_OK);
        cr_assert(memcmp(a, b, 32) == 0, "u + p is not u");
    }
}

/* u = 0 (order 2) and u = 1 (order 4): the all-zero output is refused, the output zeroed */
Test(x25519, zero_output_refused)
{
    uint8_t k[32], u[32] = {0}, out[32];
    unhex(k, 32, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4");
    memset(out, 0xAA, 32);
    cr_assert_eq(kurv_x25519(out, k, u), KURV_ERR_POINT);
    cr_assert(all_zero(out, 32));
    u[0] = 1;
    memset(out, 0xAA, 32);
    cr_assert_eq(kurv_x25519(out, k, u), KURV_ERR_POINT);
    cr_assert(all_zero(out, 32));
}

Test(x25519, misuse_and_keygen)
{
    uint8_t k[32] = {1}, u[32] = {9}, out[32], priv[32], pub[32], pub2[32], s1[32], s2[32];
    uint8_t priv2[32], pubb[32];
    memset(out, 0xAA, 32);
    cr_assert_eq(kurv_x25519(out, NULL, u), KURV_ERR_ARG);
    cr_assert(all_zero(out, 32));
    cr_assert_eq(kurv_x25519(out, k, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_x25519(NULL, k, u), KURV_ERR_ARG);
    cr_assert_eq(kurv_x25519_public_key(NULL, k), KURV_ERR_ARG);
    cr_assert_eq(kurv_x25519_public_key(out, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_x25519_keygen(NULL, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_x25519_keygen(priv, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_x25519_keygen(priv, pub), KURV_OK);
    cr_assert_eq(kurv_x25519_public_key(pub2, priv), KURV_OK);
    cr_assert(memcmp(pub, pub2, 32) == 0);
    cr_assert_eq(kurv_x25519_keygen(priv2, pubb), KURV_OK);
    cr_assert(memcmp(priv, priv2, 32) != 0, "two key generations gave the same key");
    cr_assert_eq(kurv_x25519(s1, priv, pubb), KURV_OK);
    cr_assert_eq(kurv_x25519(s2, priv2, pub), KURV_OK);
    cr_assert(memcmp(s1, s2, 32) == 0);
}

/* kurv_x25519_public_key takes the fixed-base table on edwards25519 (x25519.c), kurv_x25519
 * the ladder: both must give X25519(k, 9) for every key; random keys and the extremes of the
 * clamped range (all bits clear, all bits set) */
Test(x25519, public_key_equals_ladder)
{
    static const uint8_t nine[32] = {9};
    uint8_t k[32], viabase[32], vialadder[32];
    int i;
    for (i = 0; i < 66; i++) {
        if (i == 0)
            memset(k, 0, 32);
        else if (i == 1)
            memset(k, 0xff, 32);
        else
            cr_assert_eq(kurv_random(k, 32), KURV_OK);
        cr_assert_eq(kurv_x25519_public_key(viabase, k), KURV_OK);
        cr_assert_eq(kurv_x25519(vialadder, k, nine), KURV_OK);
        cr_assert(memcmp(viabase, vialadder, 32) == 0, "key %d: table and ladder differ", i);
    }
}

/* ---- Ed25519, RFC 8032 ---- */

static const char MSG_1024[] =
    "08b8b2b733424243760fe426a4b54908632110a66c2f6591eabd3345e3e4eb98"
    "fa6e264bf09efe12ee50f8f54e9f77b1e355f6c50544e23fb1433ddf73be84d8"
    "79de7c0046dc4996d9e773f4bc9efe5738829adb26c81b37c93a1b270b20329d"
    "658675fc6ea534e0810a4432826bf58c941efb65d57a338bbd2e26640f89ffbc"
    "1a858efcb8550ee3a5e1998bd177e93a7363c344fe6b199ee5d02e82d522c4fe"
    "ba15452f80288a821a579116ec6dad2b3b310da903401aa62100ab5d1a36553e"
    "06203b33890cc9b832f79ef80560ccb9a39ce767967ed628c6ad573cb116dbef"
    "efd75499da96bd68a8a97b928a8bbc103b6621fcde2beca1231d206be6cd9ec7"
    "aff6f6c94fcd7204ed3455c68c83f4a41da4af2b74ef5c53f1d8ac70bdcb7ed1"
    "85ce81bd84359d44254d95629e9855a94a7c1958d1f8ada5d0532ed8a5aa3fb2"
    "d17ba70eb6248e594e1a2297acbbb39d502f1a8c6eb6f1ce22b3de1a1f40cc24"
    "554119a831a9aad6079cad88425de6bde1a9187ebb6092cf67bf2b13fd65f270"
    "88d78b7e883c8759d2c4f5c65adb7553878ad575f9fad878e80a0c9ba63bcbcc"
    "2732e69485bbc9c90bfbd62481d9089beccf80cfe2df16a2cf65bd92dd597b07"
    "07e0917af48bbb75fed413d238f5555a7a569d80c3414a8d0859dc65a46128ba"
    "b27af87a71314f318c782b23ebfe808b82b0ce26401d2e22f04d83d1255dc51a"
    "ddd3b75a2b1ae0784504df543af8969be3ea7082ff7fc9888c144da2af58429e"
    "c96031dbcad3dad9af0dcbaaaf268cb8fcffead94f3c7ca495e056a9b47acdb7"
    "51fb73e666c6c655ade8297297d07ad1ba5e43f1bca32301651339e22904cc8c"
    "42f58c30c04aafdb038dda0847dd988dcda6f3bfd15c4b4c4525004aa06eeff8"
    "ca61783aacec57fb3d1f92b0fe2fd1a85f6724517b65e614ad6808d6f6ee34df"
    "f7310fdc82aebfd904b01e1dc54b2927094b2db68d6f903b68401adebf5a7e08"
    "d78ff4ef5d63653a65040cf9bfd4aca7984a74d37145986780fc0b16ac451649"
    "de6188a7dbdf191f64b5fc5e2ab47b57f7f7276cd419c17a3ca8e1b939ae49e4"
    "88acba6b965610b5480109c8b17b80e1b7b750dfc7598d5d5011fd2dcc5600a3"
    "2ef5b52a1ecc820e308aa342721aac0943bf6686b64b2579376504ccc493d97e"
    "6aed3fb0f9cd71a43dd497f01f17c0e2cb3797aa2a2f256656168e6c496afc5f"
    "b93246f6b1116398a346f1a641f3b041e989f7914f90cc2c7fff357876e506b5"
    "0d334ba77c225bc307ba537152f3f1610e4eafe595f6d9d90d11faa933a15ef1"
    "369546868a7f3a45a96768d40fd9d03412c091c6315cf4fde7cb68606937380d"
    "b2eaaa707b4c4185c32eddcdd306705e4dc1ffc872eeee475a64dfac86aba41c"
    "0618983f8741c5ef68d3a101e8a3b8cac60c905c15fc910840b94c00a0b9d0";

struct ed_vector {
    const char *name, *seed, *pub, *msg, *sig;
};

static const struct ed_vector ED[] = {
    {"TEST 1", "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
     "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"TEST 2", "4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
     "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"TEST 3", "c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
     "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
    {"TEST 1024", "f5e5767cf153319517630f226876b86c8160cc583bc013744c6bf255f5cc0ee5",
     "278117fc144c72340f67d0f2316e8386ceffbf2b2428c9c51fef7c597f1d426e", MSG_1024,
     "0aab4c900501b3e24d7cdf4663326a3a87df5e4843b2cbdb67cbf6e460fec350aa5371b1508f9f4528ecea23c436d94b5e8fcd4f681e30a6ac00a9704a188a03"},
    {"TEST SHA(abc)", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
     "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"},
};

Test(ed25519, rfc8032_7_1_vectors)
{
    size_t i, len;
    for (i = 0; i < sizeof ED / sizeof ED[0]; i++) {
        const struct ed_vector *v = &ED[i];
        uint8_t seed[32], pub[32], sig[64], sig2[64];
        uint8_t *msg = kt_unhex_alloc(v->msg, &len);
        cr_assert(msg != NULL);
        unhex(seed, 32, v->seed);
        cr_assert_eq(kurv_ed25519_public_key(pub, seed), KURV_OK);
        assert_hex(pub, 32, v->pub, v->name);
        cr_assert_eq(kurv_ed25519_sign(sig, msg, len, seed, pub), KURV_OK);
        assert_hex(sig, 64, v->sig, v->name);
        cr_assert_eq(kurv_ed25519_sign(sig2, msg, len, seed, NULL), KURV_OK);
        cr_assert(memcmp(sig, sig2, 64) == 0, "%s: signing without pub differs", v->name);
        cr_assert_eq(kurv_ed25519_verify(sig, msg, len, pub), KURV_OK, "%s", v->name);
        /* a changed message, R, S or key is refused */
        if (len) {
            msg[len - 1] ^= 1;
            cr_assert_eq(kurv_ed25519_verify(sig, msg, len, pub), KURV_ERR_SIGNATURE);
            msg[len - 1] ^= 1;
        }
        cr_assert_eq(kurv_ed25519_verify(sig, msg, len, pub), KURV_OK, "restored");
        sig2[0] ^= 4;
        cr_assert_neq(kurv_ed25519_verify(sig2, msg, len, pub), KURV_OK, "%s: R changed", v->name);
        sig2[0] ^= 4;
        sig2[40] ^= 1;
        cr_assert_eq(kurv_ed25519_verify(sig2, msg, len, pub), KURV_ERR_SIGNATURE);
        pub[3] ^= 2;
        cr_assert_neq(kurv_ed25519_verify(sig, msg, len, pub), KURV_OK, "%s: key changed", v->name);
        free(msg);
    }
}

/* the TEST 1024 message has 1023 bytes; SHA(abc)'s is SHA-512("abc") (Nettle's) */
Test(ed25519, rfc8032_messages)
{
    size_t len;
    uint8_t *m = kt_unhex_alloc(MSG_1024, &len), h[64];
    struct sha512_ctx ctx;
    cr_assert(m != NULL);
    cr_assert_eq(len, 1023);
    free(m);
    sha512_init(&ctx);
    sha512_update(&ctx, 3, (const uint8_t *)"abc");
    sha512_digest(&ctx, 64, h);
    assert_hex(h, 64, ED[4].msg, "SHA-512(abc)");
}

/* S + L (below 2^256) satisfies the equation mod L but is refused: S < L is required */
Test(ed25519, s_must_be_below_l)
{
    static const uint8_t L[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    };
    uint8_t seed[32], pub[32], sig[64];
    unsigned carry = 0, i;
    unhex(seed, 32, ED[0].seed);
    unhex(pub, 32, ED[0].pub);
    unhex(sig, 64, ED[0].sig);
    for (i = 0; i < 32; i++) {
        carry += (unsigned)sig[32 + i] + L[i];
        sig[32 + i] = (uint8_t)carry;
        carry >>= 8;
    }
    cr_assert_eq(carry, 0);
    cr_assert_eq(kurv_ed25519_verify(sig, NULL, 0, pub), KURV_ERR_SIGNATURE);
    /* S = L exactly */
    memcpy(sig + 32, L, 32);
    cr_assert_eq(kurv_ed25519_verify(sig, NULL, 0, pub), KURV_ERR_SIGNATURE);
}

/* encodings that RFC 8032 5.1.3 refuses, as A (KURV_ERR_POINT) and as R (KURV_ERR_SIGNATURE) */
Test(ed25519, decoding_rules)
{
    uint8_t bad[4][32], sig[64], pub[32];
    int i;
    unhex(pub, 32, ED[0].pub);
    unhex(sig, 64, ED[0].sig);
    memset(bad, 0, sizeof bad);
    /* y = p */
    memset(bad[0], 0xff, 32);
    bad[0][0] = 0xed;
    bad[0][31] = 0x7f;
    /* y = p + 1 (a non-canonical encoding of y = 1, the neutral element) */
    memcpy(bad[1], bad[0], 32);
    bad[1][0] = 0xee;
    /* y = 1 with the sign bit set: x = 0 and x_0 = 1 */
    bad[2][0] = 1;
    bad[2][31] = 0x80;
    /* y = 2: (y^2 - 1) / (d y^2 + 1) is not a square */
    bad[3][0] = 2;
    for (i = 0; i < 4; i++) {
        uint8_t s2[64];
        cr_assert_eq(kurv_ed25519_verify(sig, NULL, 0, bad[i]), KURV_ERR_POINT, "A %d", i);
        memcpy(s2, sig, 64);
        memcpy(s2, bad[i], 32);
        cr_assert_eq(kurv_ed25519_verify(s2, NULL, 0, pub), KURV_ERR_SIGNATURE, "R %d", i);
    }
}

Test(ed25519, misuse_and_keygen)
{
    uint8_t seed[32], pub[32], other[32], sig[64], seed2[32], pub2[32];
    unhex(seed, 32, ED[0].seed);
    unhex(pub, 32, ED[0].pub);
    unhex(other, 32, ED[1].pub);
    memset(sig, 0xAA, 64);
    cr_assert_eq(kurv_ed25519_sign(sig, NULL, 0, seed, other), KURV_ERR_ARG,
                 "signing with another seed's public key");
    cr_assert(all_zero(sig, 64));
    memset(sig, 0xAA, 64);
    cr_assert_eq(kurv_ed25519_sign(sig, NULL, 3, seed, pub), KURV_ERR_ARG);
    cr_assert(all_zero(sig, 64));
    cr_assert_eq(kurv_ed25519_sign(sig, NULL, 0, NULL, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_sign(NULL, NULL, 0, seed, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_sign(sig, NULL, 0, seed, pub), KURV_OK);
    cr_assert_eq(kurv_ed25519_verify(NULL, NULL, 0, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify(sig, NULL, 0, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify(sig, NULL, 1, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_public_key(NULL, seed), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_public_key(pub, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_keygen(NULL, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_keygen(seed, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_keygen(seed, pub), KURV_OK);
    cr_assert_eq(kurv_ed25519_keygen(seed2, pub2), KURV_OK);
    cr_assert(memcmp(seed, seed2, 32) != 0);
    cr_assert_eq(kurv_ed25519_public_key(other, seed), KURV_OK);
    cr_assert(memcmp(other, pub, 32) == 0);
    cr_assert_eq(kurv_ed25519_sign(sig, (const uint8_t *)"kurv", 4, seed, pub), KURV_OK);
    cr_assert_eq(kurv_ed25519_verify(sig, (const uint8_t *)"kurv", 4, pub), KURV_OK);
    cr_assert_eq(kurv_ed25519_verify(sig, (const uint8_t *)"kurv", 4, pub2), KURV_ERR_SIGNATURE);
}

/* ---- Ed25519 key pairs (kurv_ed25519_keypair, RFC 8032 5.1.5 and 5.1.6) ---- */

/* RFC 8032 7.1 through a key pair: the layout s || prefix || A against Nettle's SHA-512
 * of the seed, the same public key and the same signature as the RFC (and so as
 * kurv_ed25519_sign), accepted by kurv_ed25519_verify */
Test(ed25519, keypair_rfc8032_7_1_vectors)
{
    size_t i, len;
    for (i = 0; i < sizeof ED / sizeof ED[0]; i++) {
        const struct ed_vector *v = &ED[i];
        uint8_t seed[32], kp[KURV_ED25519_KEYPAIR_LEN], h[64], pub[32], sig[64], sig2[64];
        struct sha512_ctx ctx;
        uint8_t *msg = kt_unhex_alloc(v->msg, &len);
        cr_assert(msg != NULL);
        unhex(seed, 32, v->seed);
        cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK, "%s", v->name);
        sha512_init(&ctx);
        sha512_update(&ctx, 32, seed);
        sha512_digest(&ctx, 64, h);
        h[0] &= 248;
        h[31] = (uint8_t)((h[31] & 127) | 64);
        cr_assert(memcmp(kp, h, 64) == 0, "%s: s || prefix", v->name);
        assert_hex(kp + 64, 32, v->pub, v->name);
        cr_assert_eq(kurv_ed25519_keypair_pubkey(pub, kp), KURV_OK);
        assert_hex(pub, 32, v->pub, v->name);
        cr_assert_eq(kurv_ed25519_sign_keypair(sig, msg, len, kp), KURV_OK, "%s", v->name);
        assert_hex(sig, 64, v->sig, v->name);
        cr_assert_eq(kurv_ed25519_sign(sig2, msg, len, seed, pub), KURV_OK);
        cr_assert(memcmp(sig, sig2, 64) == 0, "%s: kurv_ed25519_sign differs", v->name);
        cr_assert_eq(kurv_ed25519_verify(sig, msg, len, pub), KURV_OK, "%s", v->name);
        free(msg);
    }
}

/* random seeds and messages: kurv_ed25519_sign_keypair and kurv_ed25519_sign agree */
Test(ed25519, keypair_equals_sign)
{
    uint8_t seed[32], kp[96], msg[100], sig[64], sig2[64];
    int i;
    for (i = 0; i < 40; i++) {
        cr_assert_eq(kurv_random(seed, 32), KURV_OK);
        cr_assert_eq(kurv_random(msg, sizeof msg), KURV_OK);
        cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
        cr_assert_eq(kurv_ed25519_sign_keypair(sig, msg, (size_t)i, kp), KURV_OK);
        cr_assert_eq(kurv_ed25519_sign(sig2, msg, (size_t)i, seed, NULL), KURV_OK);
        cr_assert(memcmp(sig, sig2, 64) == 0, "seed %d: the signatures differ", i);
        cr_assert_eq(kurv_ed25519_verify(sig, msg, (size_t)i, kp + 64), KURV_OK);
    }
}

/* signing in place (@sig over the message's first 64 bytes, the header allows the overlap)
 * gives the signature made from a separate buffer, for the four signing functions: were R
 * written before k = H(R || A || M) was hashed, k would differ, and the two signatures of
 * one r would give away s */
Test(ed25519, sign_in_place)
{
    uint8_t seed[32], kp[96], msg[100], buf[100], want[64];
    const uint8_t *ctx = (const uint8_t *)"ctx";
    int i, f;
    for (i = 0; i < 8; i++) {
        cr_assert_eq(kurv_random(seed, 32), KURV_OK);
        cr_assert_eq(kurv_random(msg, sizeof msg), KURV_OK);
        cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
        for (f = 0; f < 4; f++) {
            size_t len = 64 + (size_t)i * 4;
            memcpy(buf, msg, sizeof buf);
            switch (f) {
            case 0:
                cr_assert_eq(kurv_ed25519_sign(want, msg, len, seed, kp + 64), KURV_OK);
                cr_assert_eq(kurv_ed25519_sign(buf, buf, len, seed, kp + 64), KURV_OK);
                break;
            case 1:
                cr_assert_eq(kurv_ed25519_sign_keypair(want, msg, len, kp), KURV_OK);
                cr_assert_eq(kurv_ed25519_sign_keypair(buf, buf, len, kp), KURV_OK);
                break;
            case 2:
                cr_assert_eq(kurv_ed25519ctx_sign(want, msg, len, ctx, 3, kp), KURV_OK);
                cr_assert_eq(kurv_ed25519ctx_sign(buf, buf, len, ctx, 3, kp), KURV_OK);
                break;
            default:
                cr_assert_eq(kurv_ed25519ph_sign(want, msg, len, ctx, 3, kp), KURV_OK);
                cr_assert_eq(kurv_ed25519ph_sign(buf, buf, len, ctx, 3, kp), KURV_OK);
                break;
            }
            cr_assert(memcmp(buf, want, 64) == 0, "function %d, seed %d: in place differs", f, i);
        }
    }
    kurv_wipe(kp, sizeof kp);
}

/* the errors of the header: NULL pointers, a NULL message with a length, a key pair whose
 * s is not clamped (a wiped one; each clamping bit); outputs zeroed on every error */
Test(ed25519, keypair_errors)
{
    static const struct { int byte; uint8_t flip; } unclamp[] = {
        {0, 1}, {0, 2}, {0, 4}, {31, 0x80}, {31, 0x40},
    };
    uint8_t seed[32], kp[96], kp2[96], pub[32], sig[64];
    size_t i;
    unhex(seed, 32, ED[0].seed);
    memset(kp, 0xAA, sizeof kp);
    cr_assert_eq(kurv_ed25519_keypair(kp, NULL), KURV_ERR_ARG);
    cr_assert(all_zero(kp, sizeof kp), "key pair not zeroed");
    cr_assert_eq(kurv_ed25519_keypair(NULL, seed), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);

    cr_assert_eq(kurv_ed25519_keypair_pubkey(NULL, kp), KURV_ERR_ARG);
    memset(pub, 0xAA, 32);
    cr_assert_eq(kurv_ed25519_keypair_pubkey(pub, NULL), KURV_ERR_ARG);
    cr_assert(all_zero(pub, 32));

    cr_assert_eq(kurv_ed25519_sign_keypair(NULL, NULL, 0, kp), KURV_ERR_ARG);
    memset(sig, 0xAA, 64);
    cr_assert_eq(kurv_ed25519_sign_keypair(sig, NULL, 0, NULL), KURV_ERR_ARG);
    cr_assert(all_zero(sig, 64));
    memset(sig, 0xAA, 64);
    cr_assert_eq(kurv_ed25519_sign_keypair(sig, NULL, 1, kp), KURV_ERR_ARG);
    cr_assert(all_zero(sig, 64));
    cr_assert_eq(kurv_ed25519_sign_keypair(sig, NULL, 0, kp), KURV_OK);
    assert_hex(sig, 64, ED[0].sig, "TEST 1 with a NULL message");

    for (i = 0; i <= sizeof unclamp / sizeof unclamp[0]; i++) {
        if (i == sizeof unclamp / sizeof unclamp[0]) {
            kurv_wipe(kp2, sizeof kp2);   /* a wiped key pair */
        } else {
            memcpy(kp2, kp, sizeof kp);
            kp2[unclamp[i].byte] ^= unclamp[i].flip;
        }
        memset(sig, 0xAA, 64);
        cr_assert_eq(kurv_ed25519_sign_keypair(sig, NULL, 0, kp2), KURV_ERR_PRIVKEY, "case %zu", i);
        cr_assert(all_zero(sig, 64), "case %zu: signature not zeroed", i);
        memset(pub, 0xAA, 32);
        cr_assert_eq(kurv_ed25519_keypair_pubkey(pub, kp2), KURV_ERR_PRIVKEY, "case %zu", i);
        cr_assert(all_zero(pub, 32), "case %zu: public key not zeroed", i);
    }
}

/* ---- Ed25519ctx and Ed25519ph (RFC 8032 5.1: dom2(phflag, context)) ---- */

struct edv_ctx {
    const char *name, *seed, *pub, *msg, *ctx, *sig;
};

/* RFC 8032 7.2: Ed25519ctx, TEST foo, bar, foo2 and foo3 (the contexts "foo" and "bar") */
static const struct edv_ctx ED_CTX[] = {
    {"foo", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "55a4cc2f70a54e04288c5f4cd1e45a7bb520b36292911876cada7323198dd87a"
     "8b36950b95130022907a7fb7c4e9b2d5f6cca685a587b4b21f4b888e4e7edb0d"},
    {"bar", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "f726936d19c800494e3fdaff20b276a8", "626172",
     "fc60d5872fc46b3aa69f8b5b4351d5808f92bcc044606db097abab6dbcb1aee3"
     "216c48e8b3b66431b5b186d1d28f8ee15a5ca2df6668346291c2043d4eb3e90d"},
    {"foo2", "0305334e381af78f141cb666f6199f57bc3495335a256a95bd2a55bf546663f6",
     "dfc9425e4f968f7f0c29f0259cf5f9aed6851c2bb4ad8bfb860cfee0ab248292",
     "508e9e6882b979fea900f62adceaca35", "666f6f",
     "8b70c1cc8310e1de20ac53ce28ae6e7207f33c3295e03bb5c0732a1d20dc6490"
     "8922a8b052cf99b7c4fe107a5abb5b2c4085ae75890d02df26269d8945f84b0b"},
    {"foo3", "ab9c2853ce297ddab85c993b3ae14bcad39b2c682beabc27d6d4eb20711d6560",
     "0f1d1274943b91415889152e893d80e93275a1fc0b65fd71b4b0dda10ad7d772",
     "f726936d19c800494e3fdaff20b276a8", "666f6f",
     "21655b5f1aa965996b3f97b3c849eafba922a0a62992f73b3d1b73106a84ad85"
     "e9b86a7b6005ea868337ff2d20a7f5fbd4cd10b0be49a68da2b2e0dc0ad8960f"},
};

/* RFC 8032 7.3: Ed25519ph, TEST abc (no context: the empty one) */
static const struct edv_ctx ED_PH = {
    "abc", "833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
    "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf", "616263", "",
    "98a70222f0b8121aa9d30f813d683f809e462b469c7ff87639499bb94e6dae41"
    "31f85042463c2a355a2003d062adf5aaa10b8c61e636062aaad11c2a26083406"};

typedef kurv_err (*dom_sign_fn)(uint8_t *, const uint8_t *, size_t, const uint8_t *, size_t,
                                const uint8_t *);
typedef kurv_err (*dom_verify_fn)(const uint8_t *, const uint8_t *, size_t, const uint8_t *,
                                  size_t, const uint8_t *);

/* one vector: the public key, the exact signature, verification, and refusal of a changed
 * message, context, R and S, and of the signature under the other two algorithms */
static void check_dom_vector(const struct edv_ctx *v, dom_sign_fn sign, dom_verify_fn verify,
                             dom_verify_fn other, const char *alg)
{
    uint8_t seed[32], pub[32], kp[96], sig[64], msg[16], ctx[3];
    size_t mlen = strlen(v->msg) / 2, clen = strlen(v->ctx) / 2;
    unhex(seed, 32, v->seed);
    unhex(msg, mlen, v->msg);
    if (clen)
        unhex(ctx, clen, v->ctx);
    cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
    cr_assert_eq(kurv_ed25519_keypair_pubkey(pub, kp), KURV_OK);
    assert_hex(pub, 32, v->pub, v->name);
    cr_assert_eq(sign(sig, msg, mlen, ctx, clen, kp), KURV_OK, "%s %s", alg, v->name);
    assert_hex(sig, 64, v->sig, v->name);
    cr_assert_eq(verify(sig, msg, mlen, ctx, clen, pub), KURV_OK, "%s %s", alg, v->name);
    msg[0] ^= 1;
    cr_assert_eq(verify(sig, msg, mlen, ctx, clen, pub), KURV_ERR_SIGNATURE, "%s: message", v->name);
    msg[0] ^= 1;
    /* another context: one byte changed, one more byte, or (ph) none at all */
    if (clen) {
        ctx[0] ^= 1;
        cr_assert_eq(verify(sig, msg, mlen, ctx, clen, pub), KURV_ERR_SIGNATURE, "%s: context", v->name);
        ctx[0] ^= 1;
        cr_assert_eq(verify(sig, msg, mlen, ctx, clen - 1, pub), KURV_ERR_SIGNATURE, "%s: shorter", v->name);
    } else {
        cr_assert_eq(verify(sig, msg, mlen, (const uint8_t *)"x", 1, pub), KURV_ERR_SIGNATURE);
    }
    sig[0] ^= 4;
    cr_assert_neq(verify(sig, msg, mlen, ctx, clen, pub), KURV_OK, "%s: R", v->name);
    sig[0] ^= 4;
    sig[40] ^= 1;
    cr_assert_eq(verify(sig, msg, mlen, ctx, clen, pub), KURV_ERR_SIGNATURE, "%s: S", v->name);
    sig[40] ^= 1;
    /* dom2 separates the algorithms: pure Ed25519 and the other one refuse it */
    cr_assert_eq(kurv_ed25519_verify(sig, msg, mlen, pub), KURV_ERR_SIGNATURE, "%s as pure", v->name);
    if (clen)
        cr_assert_eq(other(sig, msg, mlen, ctx, clen, pub), KURV_ERR_SIGNATURE, "%s as the other", v->name);
    kurv_wipe(kp, sizeof kp);
}

Test(ed25519, ctx_rfc8032_7_2_vectors)
{
    size_t i;
    for (i = 0; i < sizeof ED_CTX / sizeof ED_CTX[0]; i++)
        check_dom_vector(&ED_CTX[i], kurv_ed25519ctx_sign, kurv_ed25519ctx_verify,
                         kurv_ed25519ph_verify, "Ed25519ctx");
}

Test(ed25519, ph_rfc8032_7_3_vector)
{
    uint8_t seed[32], pub[32], kp[96], sig[64];
    check_dom_vector(&ED_PH, kurv_ed25519ph_sign, kurv_ed25519ph_verify,
                     kurv_ed25519ctx_verify, "Ed25519ph");
    /* a context: signed and verified with it, refused without it */
    unhex(seed, 32, ED_PH.seed);
    unhex(pub, 32, ED_PH.pub);
    cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
    cr_assert_eq(kurv_ed25519ph_sign(sig, (const uint8_t *)"abc", 3, (const uint8_t *)"foo", 3, kp),
                 KURV_OK);
    cr_assert_eq(kurv_ed25519ph_verify(sig, (const uint8_t *)"abc", 3, (const uint8_t *)"foo", 3, pub),
                 KURV_OK);
    cr_assert_eq(kurv_ed25519ph_verify(sig, (const uint8_t *)"abc", 3, NULL, 0, pub),
                 KURV_ERR_SIGNATURE);
    cr_assert_eq(kurv_ed25519ctx_verify(sig, (const uint8_t *)"abc", 3, (const uint8_t *)"foo", 3, pub),
                 KURV_ERR_SIGNATURE);
    kurv_wipe(kp, sizeof kp);
}

/* contexts: Ed25519ctx needs 1..255 bytes, Ed25519ph 0..255; NULL with a length; the
 * signature zeroed on error; a 255-byte context works both ways */
Test(ed25519, ctx_ph_errors)
{
    uint8_t seed[32], pub[32], kp[96], sig[64], big[256];
    int ph;
    unhex(seed, 32, ED_CTX[0].seed);
    cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
    cr_assert_eq(kurv_ed25519_keypair_pubkey(pub, kp), KURV_OK);
    memset(big, 0x5a, sizeof big);
    for (ph = 0; ph < 2; ph++) {
        dom_sign_fn sign = ph ? kurv_ed25519ph_sign : kurv_ed25519ctx_sign;
        dom_verify_fn verify = ph ? kurv_ed25519ph_verify : kurv_ed25519ctx_verify;
        memset(sig, 0xAA, 64);
        cr_assert_eq(sign(sig, NULL, 0, big, 256, kp), KURV_ERR_ARG, "ph %d: 256 bytes", ph);
        cr_assert(all_zero(sig, 64));
        memset(sig, 0xAA, 64);
        cr_assert_eq(sign(sig, NULL, 0, NULL, 3, kp), KURV_ERR_ARG);
        cr_assert(all_zero(sig, 64));
        memset(sig, 0xAA, 64);
        cr_assert_eq(sign(sig, NULL, 2, big, 3, kp), KURV_ERR_ARG);
        cr_assert(all_zero(sig, 64));
        cr_assert_eq(sign(sig, NULL, 0, big, 3, NULL), KURV_ERR_ARG);
        cr_assert_eq(sign(NULL, NULL, 0, big, 3, kp), KURV_ERR_ARG);
        memset(sig, 0xAA, 64);
        kp[0] ^= 1;
        cr_assert_eq(sign(sig, NULL, 0, big, 3, kp), KURV_ERR_PRIVKEY);
        cr_assert(all_zero(sig, 64));
        kp[0] ^= 1;
        cr_assert_eq(sign(sig, NULL, 0, big, 255, kp), KURV_OK, "ph %d: 255 bytes", ph);
        cr_assert_eq(verify(sig, NULL, 0, big, 255, pub), KURV_OK);
        cr_assert_eq(verify(sig, NULL, 0, big, 256, pub), KURV_ERR_ARG);
        cr_assert_eq(verify(sig, NULL, 0, NULL, 3, pub), KURV_ERR_ARG);
        cr_assert_eq(verify(sig, NULL, 1, big, 255, pub), KURV_ERR_ARG);
        cr_assert_eq(verify(NULL, NULL, 0, big, 255, pub), KURV_ERR_ARG);
        cr_assert_eq(verify(sig, NULL, 0, big, 255, NULL), KURV_ERR_ARG);
    }
    /* the empty context: refused by Ed25519ctx (RFC 8032 5.1), taken by Ed25519ph */
    memset(sig, 0xAA, 64);
    cr_assert_eq(kurv_ed25519ctx_sign(sig, NULL, 0, NULL, 0, kp), KURV_ERR_ARG);
    cr_assert(all_zero(sig, 64));
    cr_assert_eq(kurv_ed25519ctx_verify(sig, NULL, 0, big, 0, pub), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519ph_sign(sig, NULL, 0, NULL, 0, kp), KURV_OK);
    kurv_wipe(kp, sizeof kp);
}
