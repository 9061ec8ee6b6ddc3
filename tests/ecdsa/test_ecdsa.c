/*
 * ECDSA API: known answers for the RFC 6979 variants (extra entropy, HMAC hash
 * other than the digest's, truncated and short digests), DER encoding, misuse and
 * malformed input, round trips on random keys over every linked curve, low-S.
 *
 * The secp256k1 known answers below were computed with an independent Python
 * implementation of RFC 6979 3.2/3.6 (hmac + hashlib + textbook affine arithmetic)
 * that reproduces all 72 secp256k1 vectors of rfc6979.json.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include <kurv_curve_list.h>

#define KAT_D "c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721"
#define KAT_Q "04" "2c8c31fc9f990c6b55e3865a184a4ce50e09481f2eaeb3e60ec1cea13a6ae645" \
                   "64b95e4fdb6948c0386e189b006a29f686769b011704275e4459822dc3328085"
#define KAT_MSG "kurv extra entropy"

/* secp256k1, whose known answers several tests below check; a build without it skips them */
static const kurv_curve *k1(void)
{
#ifdef KURV_HAVE_SECP256K1
    const kurv_curve *c = kt_curve("secp256k1");
    cr_assert(c != NULL);
    return c;
#else
    cr_skip_test("secp256k1 is not in this build (-Dfamilies)");
    return NULL;
#endif
}

static void unhex(uint8_t *out, size_t len, const char *hex)
{
    cr_assert_eq(kt_unhex(out, len, hex), (long)len, "bad test hex %s", hex);
}

/* n as slen bytes */
static const uint8_t *order(const kurv_curve *c)
{
    size_t len;
    const uint8_t *n = kurv_curve_param(c, 'n', &len);
    cr_assert(n != NULL && len == kurv_curve_scalar_len(c));
    return n;
}

/* big-endian a += v (small) */
static void add_small(uint8_t *a, size_t len, unsigned v)
{
    while (len-- > 0 && v) {
        v += a[len];
        a[len] = (uint8_t)v;
        v >>= 8;
    }
}

/* big-endian a -= v (small), a >= v */
static void sub_small(uint8_t *a, size_t len, unsigned v)
{
    while (len-- > 0 && v) {
        unsigned cur = a[len];
        a[len] = (uint8_t)(cur - v);
        v = cur < (v & 0xff) ? (v >> 8) + 1 : v >> 8;
    }
}

/* a > b, both len bytes big-endian */
static int gt(const uint8_t *a, const uint8_t *b, size_t len)
{
    return memcmp(a, b, len) > 0;
}

/* s <= n/2, i.e. 2s < n (n odd) */
static int is_low(const kurv_curve *c, const uint8_t *s)
{
    size_t sl = kurv_curve_scalar_len(c), i;
    uint8_t t[KURV_MAX_SCALAR_LEN + 1];
    unsigned carry = 0;
    for (i = sl; i-- > 0;) {
        unsigned v = ((unsigned)s[i] << 1) | carry;
        t[i + 1] = (uint8_t)v;
        carry = v >> 8;
    }
    t[0] = (uint8_t)carry;
    return !carry && memcmp(t + 1, order(c), sl) < 0;
}

/* ---------------------------------------------------------------- known answers */

struct kat {
    const char *extra;   /* hex, "" for none */
    kurv_hash dhash;     /* hash of KAT_MSG, possibly truncated to dlen */
    size_t dlen;
    kurv_hash hmac;
    const char *sig;
};

static const struct kat kats[] = {
    {"", KURV_HASH_SHA256, 32, KURV_HASH_SHA256,
     "ecb3b194c3698160fa8852554df3971069748e122f5b7e0fc4a46ad606c740ce"
     "c1ce1b5b22c4ffb03961e2602925860e45f64e036465ee5e0e152cf1400245a6"},
    {"000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f",
     KURV_HASH_SHA256, 32, KURV_HASH_SHA256,
     "b94d30b7cdb30343d2223b1a62f1bf994739105fc7f1f1b54f7e09bb51d7f041"
     "53f9a2b1fc49e6fe0690fb307ad2a1cea94e1e8e379d3eb3f364686445473a5d"},
    {"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
     "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
     KURV_HASH_SHA256, 32, KURV_HASH_SHA256,
     "1cc290e4b87baf0bf537126c07fd6a3b2534c0372e902c8282e69c8fdd042dc7"
     "fc4e112f31fb47a10641c356d5a7d8b10ff5f83ff617c7ceb6c881fcafcceda5"},
    {"6b", KURV_HASH_SHA256, 32, KURV_HASH_SHA256,
     "45e9ce66612472a06f20dcc6f6111d64e551da2f4d074b3d4e479ff52e69386a"
     "eb8f37042ed7da9eb3379fa0ea1d00562674870c991f692fa0c144815999b645"},
    /* a SHA-512 digest (truncated to 256 bits) with HMAC-SHA-256 nonces */
    {"", KURV_HASH_SHA512, 64, KURV_HASH_SHA256,
     "50c20698c672058107ff55012edec30813eb11c54344d4f8aaeb2a1bc61a32c7"
     "ae5a74f8c929d6646c40fd50f29a64357d8395826863461723834850991c2979"},
    /* a 20-byte digest (shorter than the order: no truncation) */
    {"", KURV_HASH_SHA512, 20, KURV_HASH_SHA256,
     "fc5dbf44c78bf0347a1d74d75e7ca75b29c45f8f3164bcb671fb494a628133bb"
     "e441dcc2d88635361cec34485667bb62da6ea2de38b4ca1182d6918a67a74979"},
    /* a SHA-256 digest with HMAC-SHA-224 nonces (28-byte K and V, two blocks of T) */
    {"", KURV_HASH_SHA256, 32, KURV_HASH_SHA224,
     "88eebd14d7bb91933547af56358c7b7c7ab43eb6be9ac1e0abb92e281aa14a89"
     "2dabc01c61353b5ceda7a3b6bf64af0e9e999ebb5de1c7de76297ae8611b1eb4"},
};

Test(ecdsa, known_answers_rfc6979_variants)
{
    const kurv_curve *c = k1();
    uint8_t d[32], q[65], dg[64], extra[64], sig[64], want[64];
    char hex[129];
    size_t i;

    unhex(d, 32, KAT_D);
    unhex(q, 65, KAT_Q);
    for (i = 0; i < sizeof kats / sizeof kats[0]; i++) {
        const struct kat *k = &kats[i];
        size_t elen = strlen(k->extra) / 2;
        unhex(extra, elen, k->extra);
        unhex(want, 64, k->sig);
        cr_assert_eq(kurv_hash_digest(k->dhash, dg, (const uint8_t *)KAT_MSG, strlen(KAT_MSG)),
                     KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, k->dlen, k->hmac,
                                     elen ? extra : NULL, elen, 0), KURV_OK, "kat %zu", i);
        cr_expect_str_eq(kt_hex(hex, sig, 64), k->sig, "kat %zu", i);
        cr_expect_eq(kurv_ecdsa_verify(c, want, 64, q, 65, dg, k->dlen, 0), KURV_OK, "kat %zu", i);
    }
}

/* ---------------------------------------------------------------- DER */

Test(ecdsa, der_known_encodings)
{
    const kurv_curve *c = k1();
    const uint8_t *n = order(c);
    uint8_t sig[64], back[64], der[KURV_MAX_SIG_DER_LEN];
    char hex[2 * KURV_MAX_SIG_DER_LEN + 1], nhex[65], want[300];
    size_t len;

    /* r = 1, s = n - 1: 02 01 01 and a 0x00-padded 33-byte INTEGER */
    memset(sig, 0, 32);
    sig[31] = 1;
    memcpy(sig + 32, n, 32);
    sub_small(sig + 32, 32, 1);
    len = sizeof der;
    cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 64), KURV_OK);
    snprintf(want, sizeof want, "3026020101022100%s", kt_hex(nhex, sig + 32, 32));
    cr_expect_str_eq(kt_hex(hex, der, len), want);
    cr_assert_eq(kurv_ecdsa_sig_from_der(c, back, 64, der, len), KURV_OK);
    cr_expect_eq(memcmp(back, sig, 64), 0);

    /* r = 0x7f (no pad), s = 0x80 (padded); zero bytes stripped */
    memset(sig, 0, 64);
    sig[31] = 0x7f;
    sig[63] = 0x80;
    len = sizeof der;
    cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 64), KURV_OK);
    cr_expect_str_eq(kt_hex(hex, der, len), "300702017f02020080");
    cr_assert_eq(kurv_ecdsa_sig_from_der(c, back, 64, der, len), KURV_OK);
    cr_expect_eq(memcmp(back, sig, 64), 0);

    /* r = s = 0 encode as INTEGER 0 (range is verify's business) */
    memset(sig, 0, 64);
    len = sizeof der;
    cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 64), KURV_OK);
    cr_expect_str_eq(kt_hex(hex, der, len), "3006020100020100");
    cr_assert_eq(kurv_ecdsa_sig_from_der(c, back, 64, der, len), KURV_OK);

    /* both halves with the high bit set: the largest secp256k1 form, 72 bytes */
    memset(sig, 0xff, 64);
    len = sizeof der;
    cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 64), KURV_OK);
    cr_expect_eq(len, 72);
    cr_expect_eq(der[1], 70);
    cr_assert_eq(kurv_ecdsa_sig_from_der(c, back, 64, der, len), KURV_OK);
    cr_expect_eq(memcmp(back, sig, 64), 0);

    /* buffer handling: too small or NULL reports the need */
    len = 71;
    cr_expect_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 64), KURV_ERR_BUFFER);
    cr_expect_eq(len, 72);
    len = 0;
    cr_expect_eq(kurv_ecdsa_sig_to_der(c, NULL, &len, sig, 64), KURV_ERR_BUFFER);
    cr_expect_eq(len, 72);
    len = sizeof der;
    cr_expect_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 63), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 65), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_to_der(c, der, NULL, sig, 64), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_to_der(c, der, &len, NULL, 64), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_to_der(NULL, der, &len, sig, 64), KURV_ERR_ARG);
}

/* DER inputs that strict decoding must refuse (secp256k1, 32-byte scalars) */
Test(ecdsa, der_malformed)
{
    static const char *const bad[] = {
        "",                                       /* empty */
        "30",                                     /* no length */
        "3000",                                   /* empty SEQUENCE */
        "3003020101",                             /* only r */
        "300602010102010100",                     /* a byte after the SEQUENCE */
        "3106020101020101",                       /* SET, not SEQUENCE */
        "3006030101020101",                       /* BIT STRING, not INTEGER */
        "30800201010201010000",                   /* indefinite length */
        "308106020101020101",                     /* long-form length where short fits */
        "30820006020101020101",                   /* two-byte length where short fits */
        "308400000006020101020101",               /* four-byte length */
        "3006020101020201",                       /* s length runs past the SEQUENCE */
        "3007020101020101",                       /* SEQUENCE length runs past the input */
        "300702020001020101",                     /* r with a superfluous leading zero */
        "3006020181020101",                       /* negative r */
        "30060201010201ff",                       /* negative s */
        "3005020002010" "1",                      /* zero-length r */
        "30050201010200",                         /* zero-length s */
        "3009020101020101020101",                 /* a third INTEGER */
        "30080201010201010000",                   /* extra bytes inside the SEQUENCE */
        "3026020101022101"                        /* s of 33 significant bytes */
            "0000000000000000000000000000000000000000000000000000000000000001",
        "30260201010221" "0000"                   /* s with two leading zero bytes */
            "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
        "30070201010281" "0101",                  /* s length in long form */
        "3006020101040101",                       /* OCTET STRING for s */
        "30060201010201",                         /* s cut short */
    };
    const kurv_curve *c = k1();
    uint8_t der[200], sig[64];
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        long len = kt_unhex(der, sizeof der, bad[i]);
        cr_assert_geq(len, 0, "case %zu: bad hex", i);
        memset(sig, 0xaa, sizeof sig);
        cr_expect_eq(kurv_ecdsa_sig_from_der(c, sig, 64, der, (size_t)len), KURV_ERR_ENCODING,
                     "case %zu: %s", i, bad[i]);
        cr_expect_eq(sig[0] | sig[31] | sig[63], 0, "case %zu: output not zeroed", i);
    }
    cr_expect_eq(kurv_ecdsa_sig_from_der(c, sig, 64, NULL, 8), KURV_ERR_ENCODING);
    unhex(der, 8, "3006020101020101");
    cr_expect_eq(kurv_ecdsa_sig_from_der(c, sig, 64, der, 8), KURV_OK);
    cr_expect_eq(kurv_ecdsa_sig_from_der(c, sig, 63, der, 8), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_from_der(c, sig, 65, der, 8), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_from_der(c, NULL, 64, der, 8), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_from_der(NULL, sig, 64, der, 8), KURV_ERR_ARG);
}

/* A real signature in DER: every truncation and extension fails to parse, every single
 * bit flip fails to parse or to verify. */
Test(ecdsa, der_truncated_extended_bitflipped)
{
    const kurv_curve *c = k1();
    uint8_t d[32], q[65], dg[32], sig[64], raw[64], der[KURV_MAX_SIG_DER_LEN + 8], m[sizeof der];
    size_t len = KURV_MAX_SIG_DER_LEN, l, bit;

    unhex(d, 32, KAT_D);
    unhex(q, 65, KAT_Q);
    cr_assert_eq(kurv_hash_digest(KURV_HASH_SHA256, dg, (const uint8_t *)"der", 3), KURV_OK);
    cr_assert_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
    cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &len, sig, 64), KURV_OK);
    cr_assert_eq(kurv_ecdsa_sig_from_der(c, raw, 64, der, len), KURV_OK);
    cr_assert_eq(kurv_ecdsa_verify(c, raw, 64, q, 65, dg, 32, 0), KURV_OK);

    for (l = 0; l < len; l++)
        cr_expect_eq(kurv_ecdsa_sig_from_der(c, raw, 64, der, l), KURV_ERR_ENCODING,
                     "truncated to %zu of %zu bytes", l, len);
    for (l = 1; l <= 8; l++) {
        memcpy(m, der, len);
        memset(m + len, l == 1 ? 0x00 : 0x5a, l);
        cr_expect_eq(kurv_ecdsa_sig_from_der(c, raw, 64, m, len + l), KURV_ERR_ENCODING,
                     "%zu bytes appended", l);
    }
    for (bit = 0; bit < 8 * len; bit++) {
        kurv_err e;
        memcpy(m, der, len);
        m[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        e = kurv_ecdsa_sig_from_der(c, raw, 64, m, len);
        if (e == KURV_OK)
            e = kurv_ecdsa_verify(c, raw, 64, q, 65, dg, 32, 0);
        else
            cr_expect_eq(e, KURV_ERR_ENCODING);
        cr_expect(e == KURV_ERR_ENCODING || e == KURV_ERR_SIGNATURE,
                  "bit %zu flipped: %s", bit, kurv_strerror(e));
    }
}

/* ---------------------------------------------------------------- verify: bad input */

Test(ecdsa, verify_rejects_out_of_range_and_bad_lengths)
{
    const kurv_curve *c = k1();
    const uint8_t *n = order(c);
    uint8_t d[32], q[65], qc[33], dg[32], sig[64], bad[64], big[65];
    size_t qcl = sizeof qc, i;

    unhex(d, 32, KAT_D);
    unhex(q, 65, KAT_Q);
    cr_assert_eq(kurv_point_convert(c, qc, &qcl, 1, q, 65), KURV_OK);
    cr_assert_eq(kurv_hash_digest(KURV_HASH_SHA256, dg, (const uint8_t *)"range", 5), KURV_OK);
    cr_assert_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
    cr_assert_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 32, 0), KURV_OK);
    cr_assert_eq(kurv_ecdsa_verify(c, sig, 64, qc, 33, dg, 32, 0), KURV_OK);

    /* r or s = 0, = n, = n + 1, all ones */
    for (i = 0; i < 2; i++) {
        uint8_t *half = bad + 32 * i;
        memcpy(bad, sig, 64);
        memset(half, 0, 32);
        cr_expect_eq(kurv_ecdsa_verify(c, bad, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE,
                     "%s = 0", i ? "s" : "r");
        memcpy(half, n, 32);
        cr_expect_eq(kurv_ecdsa_verify(c, bad, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE,
                     "%s = n", i ? "s" : "r");
        add_small(half, 32, 1);
        cr_expect_eq(kurv_ecdsa_verify(c, bad, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE,
                     "%s = n + 1", i ? "s" : "r");
        memset(half, 0xff, 32);
        cr_expect_eq(kurv_ecdsa_verify(c, bad, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE,
                     "%s = 2^256 - 1", i ? "s" : "r");
    }
    /* r + n is not r: the comparison is mod n, not of x itself */
    /* wrong lengths */
    memcpy(big, sig, 64);
    big[64] = 0;
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 63, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE);
    cr_expect_eq(kurv_ecdsa_verify(c, big, 65, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 0, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE);
    cr_expect_eq(kurv_ecdsa_verify(c, NULL, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE);
    /* digest length and flags */
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 0, 0), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, big, 65, 0), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, NULL, 32, 0), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 32, 0x2), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_verify(NULL, sig, 64, q, 65, dg, 32, 0), KURV_ERR_ARG);
    /* wrong message, wrong key, swapped r and s */
    dg[5] ^= 1;
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE);
    dg[5] ^= 1;
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 31, 0), KURV_ERR_SIGNATURE);
    memcpy(bad, sig + 32, 32);
    memcpy(bad + 32, sig, 32);
    cr_expect_eq(kurv_ecdsa_verify(c, bad, 64, q, 65, dg, 32, 0), KURV_ERR_SIGNATURE);
    qc[0] ^= 1;   /* the other y: -Q */
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, qc, 33, dg, 32, 0), KURV_ERR_SIGNATURE);
    qc[0] ^= 1;
}

Test(ecdsa, verify_rejects_bad_public_keys)
{
    const kurv_curve *c = k1();
    uint8_t d[32], q[65], dg[32], sig[64], zero = 0x00, g[65];
    size_t gl = sizeof g;

    unhex(d, 32, KAT_D);
    unhex(q, 65, KAT_Q);
    cr_assert_eq(kurv_hash_digest(KURV_HASH_SHA256, dg, (const uint8_t *)"key", 3), KURV_OK);
    cr_assert_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, &zero, 1, dg, 32, 0), KURV_ERR_INFINITY);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, NULL, 65, dg, 32, 0), KURV_ERR_POINT);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 64, dg, 32, 0), KURV_ERR_POINT);
    q[64] ^= 1;     /* off the curve */
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 32, 0), KURV_ERR_POINT);
    q[64] ^= 1;
    q[0] = 0x05;    /* bad prefix */
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, q, 65, dg, 32, 0), KURV_ERR_POINT);
    q[0] = 0x04;
    /* a valid point that is not the key: G */
    gl = sizeof g;
    memset(d, 0, 32);
    d[31] = 1;
    cr_assert_eq(kurv_pubkey_from_priv(c, g, &gl, 0, d, 32), KURV_OK);
    cr_expect_eq(kurv_ecdsa_verify(c, sig, 64, g, gl, dg, 32, 0), KURV_ERR_SIGNATURE);
}

/* ---------------------------------------------------------------- sign: bad input */

Test(ecdsa, sign_rejects_bad_keys_and_arguments)
{
    const kurv_curve *c = k1();
    const uint8_t *n = order(c);
    uint8_t d[33], dg[65], sig[65], extra[65];
    size_t i;

    memset(dg, 0x11, sizeof dg);
    memset(extra, 0x22, sizeof extra);
    /* d = 0, n, n + 1, 2^256 - 1 */
    for (i = 0; i < 4; i++) {
        if (i == 0)
            memset(d, 0, 32);
        else if (i == 1)
            memcpy(d, n, 32);
        else if (i == 2)
            add_small(d, 32, 1);
        else
            memset(d, 0xff, 32);
        memset(sig, 0xaa, 64);
        cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                     KURV_ERR_PRIVKEY, "key case %zu", i);
        cr_expect_eq(sig[0] | sig[40] | sig[63], 0, "key case %zu: sig not zeroed", i);
    }
    /* d = 1 and d = n - 1 are fine */
    memset(d, 0, 32);
    d[31] = 1;
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
    memcpy(d, n, 32);
    sub_small(d, 32, 1);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);

    /* wrong key length, key NULL */
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 31, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_PRIVKEY);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 33, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_PRIVKEY);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, NULL, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_PRIVKEY);
    /* signature buffer */
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 63, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 65, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, NULL, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(NULL, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    /* digest: empty, too long, NULL; no hash given and a length that names none */
    memset(sig, 0xaa, 64);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 0, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(sig[0] | sig[63], 0, "sig not zeroed on KURV_ERR_ARG");
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 65, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, NULL, 32, KURV_HASH_SHA256, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 20, KURV_HASH_NONE, NULL, 0, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, (kurv_hash)77, NULL, 0, 0),
                 KURV_ERR_ARG);
    /* extra entropy: too long, NULL with a length */
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, extra, 65, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 4, 0),
                 KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, extra, 64, 0),
                 KURV_OK);
    /* unknown flags (0x1 is LOW_S, 0x2 HEDGED) */
    cr_expect_eq(kurv_ecdsa_sign(c, sig, 64, d, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0x4),
                 KURV_ERR_ARG);
}

/* ---------------------------------------------------------------- round trips */

Test(ecdsa, round_trip_random_keys_all_curves_all_hashes)
{
    static const kurv_hash hs[] = {
        KURV_HASH_SHA224, KURV_HASH_SHA256, KURV_HASH_SHA384, KURV_HASH_SHA512,
    };
    size_t ci, it, count = 0;

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        size_t sl = kurv_curve_scalar_len(c);
        for (it = 0; it < 24; it++) {
            kurv_hash h = hs[it % 4];
            size_t dl = kurv_hash_len(h), pl = KURV_MAX_POINT_LEN, derl = KURV_MAX_SIG_DER_LEN;
            uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], msg[100], dg[64];
            uint8_t sig[KURV_MAX_SIG_RAW_LEN], sig2[KURV_MAX_SIG_RAW_LEN];
            uint8_t der[KURV_MAX_SIG_DER_LEN], back[KURV_MAX_SIG_RAW_LEN];

            cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, (int)(it & 1)), KURV_OK);
            cr_assert_eq(kurv_random(msg, sizeof msg), KURV_OK);
            cr_assert_eq(kurv_hash_digest(h, dg, msg, it * 4), KURV_OK);
            cr_assert_eq(kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, dg, dl, h, NULL, 0, 0), KURV_OK);
            /* deterministic */
            cr_assert_eq(kurv_ecdsa_sign(c, sig2, 2 * sl, d, sl, dg, dl, h, NULL, 0, 0), KURV_OK);
            cr_expect_eq(memcmp(sig, sig2, 2 * sl), 0, "%s: not deterministic", kurv_curve_name(c));
            cr_expect_eq(kurv_ecdsa_verify(c, sig, 2 * sl, pub, pl, dg, dl, 0), KURV_OK,
                         "%s %s: round trip", kurv_curve_name(c), kurv_hash_name(h));
            /* through DER and back */
            cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &derl, sig, 2 * sl), KURV_OK);
            cr_assert_leq(derl, KURV_MAX_SIG_DER_LEN);
            cr_assert_eq(kurv_ecdsa_sig_from_der(c, back, 2 * sl, der, derl), KURV_OK);
            cr_expect_eq(memcmp(back, sig, 2 * sl), 0);
            /* a different digest fails (flip a bit bits2int keeps: the first byte) */
            dg[0] ^= 0x80;
            cr_expect_eq(kurv_ecdsa_verify(c, sig, 2 * sl, pub, pl, dg, dl, 0), KURV_ERR_SIGNATURE);
            count++;
        }
    }
    cr_assert_geq(count, 24);
}

Test(ecdsa, extra_entropy_changes_signature)
{
    size_t ci;
    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        size_t sl = kurv_curve_scalar_len(c), pl = KURV_MAX_POINT_LEN;
        uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], dg[32], e1[32], e2[32];
        uint8_t s0[KURV_MAX_SIG_RAW_LEN], s1[KURV_MAX_SIG_RAW_LEN], s2[KURV_MAX_SIG_RAW_LEN];
        uint8_t s1b[KURV_MAX_SIG_RAW_LEN];

        cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
        cr_assert_eq(kurv_random(dg, 32), KURV_OK);
        cr_assert_eq(kurv_random(e1, 32), KURV_OK);
        memcpy(e2, e1, 32);
        e2[31] ^= 1;
        cr_assert_eq(kurv_ecdsa_sign(c, s0, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                     KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, s1, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, e1, 32, 0),
                     KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, s1b, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, e1, 32, 0),
                     KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, s2, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, e2, 32, 0),
                     KURV_OK);
        /* r differs, hence the nonce did */
        cr_expect_neq(memcmp(s0, s1, sl), 0, "%s", kurv_curve_name(c));
        cr_expect_neq(memcmp(s1, s2, sl), 0, "%s", kurv_curve_name(c));
        cr_expect_eq(memcmp(s1, s1b, 2 * sl), 0, "same extra, same signature");
        cr_expect_eq(kurv_ecdsa_verify(c, s1, 2 * sl, pub, pl, dg, 32, 0), KURV_OK);
        cr_expect_eq(kurv_ecdsa_verify(c, s2, 2 * sl, pub, pl, dg, 32, 0), KURV_OK);
        /* zero-length extra with a non-NULL pointer is no extra */
        cr_assert_eq(kurv_ecdsa_sign(c, s2, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, e1, 0, 0),
                     KURV_OK);
        cr_expect_eq(memcmp(s0, s2, 2 * sl), 0);
    }
}

/* ---------------------------------------------------------------- low S */

Test(ecdsa, low_s_sign_verify_normalize)
{
    size_t ci, it;
    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        size_t sl = kurv_curve_scalar_len(c), pl = KURV_MAX_POINT_LEN;
        uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], dg[32];
        uint8_t hi[KURV_MAX_SIG_RAW_LEN], lo[KURV_MAX_SIG_RAW_LEN], nm[KURV_MAX_SIG_RAW_LEN];
        size_t nhigh = 0, nlow = 0;

        cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
        for (it = 0; it < 64; it++) {
            int changed = -1, high;
            cr_assert_eq(kurv_random(dg, 32), KURV_OK);
            cr_assert_eq(kurv_ecdsa_sign(c, hi, 2 * sl, d, sl, dg, 32, KURV_HASH_NONE, NULL, 0, 0),
                         KURV_OK);
            cr_assert_eq(kurv_ecdsa_sign(c, lo, 2 * sl, d, sl, dg, 32, KURV_HASH_NONE, NULL, 0,
                                         KURV_ECDSA_SIGN_LOW_S), KURV_OK);
            high = !is_low(c, hi + sl);
            nhigh += (size_t)high;
            nlow += (size_t)!high;
            /* LOW_S output is low, verifies with and without the flag, has the same r */
            cr_expect(is_low(c, lo + sl));
            cr_expect_eq(memcmp(hi, lo, sl), 0);
            cr_expect_eq(kurv_ecdsa_verify(c, lo, 2 * sl, pub, pl, dg, 32, KURV_ECDSA_VERIFY_LOW_S),
                         KURV_OK);
            cr_expect_eq(kurv_ecdsa_verify(c, lo, 2 * sl, pub, pl, dg, 32, 0), KURV_OK);
            /* the plain signature verifies; with LOW_S only if it was low already */
            cr_expect_eq(kurv_ecdsa_verify(c, hi, 2 * sl, pub, pl, dg, 32, 0), KURV_OK);
            cr_expect_eq(kurv_ecdsa_verify(c, hi, 2 * sl, pub, pl, dg, 32, KURV_ECDSA_VERIFY_LOW_S),
                         high ? KURV_ERR_SIGNATURE : KURV_OK);
            /* normalize turns the plain one into exactly the LOW_S one */
            memcpy(nm, hi, 2 * sl);
            cr_assert_eq(kurv_ecdsa_sig_normalize(c, nm, 2 * sl, &changed), KURV_OK);
            cr_expect_eq(changed, high);
            cr_expect_eq(memcmp(nm, lo, 2 * sl), 0);
            cr_assert_eq(kurv_ecdsa_sig_normalize(c, nm, 2 * sl, &changed), KURV_OK);
            cr_expect_eq(changed, 0);
            cr_assert_eq(kurv_ecdsa_sig_normalize(c, nm, 2 * sl, NULL), KURV_OK);
            cr_expect_eq(memcmp(nm, lo, 2 * sl), 0);
            if (!high)
                cr_expect_eq(memcmp(hi, lo, 2 * sl), 0);
        }
        /* 64 draws: both kinds occur except with probability 2^-63 */
        cr_expect_gt(nhigh, 0, "%s: no high s seen", kurv_curve_name(c));
        cr_expect_gt(nlow, 0, "%s: no low s seen", kurv_curve_name(c));
    }
}

Test(ecdsa, normalize_edges)
{
    const kurv_curve *c = k1();
    const uint8_t *n = order(c);
    uint8_t sig[64], half[32];
    int changed = -1;

    /* s = (n - 1)/2 is low; s = (n + 1)/2 is high and maps to (n - 1)/2 */
    memset(sig, 0x01, 32);
    memcpy(half, n, 32);
    {
        unsigned carry = 0;
        size_t i;
        for (i = 0; i < 32; i++) {       /* half = n >> 1 = (n - 1)/2 */
            unsigned v = half[i];
            half[i] = (uint8_t)((v >> 1) | (carry << 7));
            carry = v & 1;
        }
    }
    memcpy(sig + 32, half, 32);
    cr_assert_eq(kurv_ecdsa_sig_normalize(c, sig, 64, &changed), KURV_OK);
    cr_expect_eq(changed, 0);
    cr_expect_eq(memcmp(sig + 32, half, 32), 0);
    add_small(sig + 32, 32, 1);
    cr_assert_eq(kurv_ecdsa_sig_normalize(c, sig, 64, &changed), KURV_OK);
    cr_expect_eq(changed, 1);
    cr_expect_eq(memcmp(sig + 32, half, 32), 0);
    /* s = n - 1 -> 1 */
    memcpy(sig + 32, n, 32);
    sub_small(sig + 32, 32, 1);
    cr_assert_eq(kurv_ecdsa_sig_normalize(c, sig, 64, &changed), KURV_OK);
    cr_expect_eq(changed, 1);
    cr_expect(!gt(sig + 32, (const uint8_t *)"\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"
                                              "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1", 32));
    cr_expect_eq(sig[63], 1);
    /* s = 0, s = n, s > n: refused; r untouched either way */
    memset(sig + 32, 0, 32);
    cr_expect_eq(kurv_ecdsa_sig_normalize(c, sig, 64, &changed), KURV_ERR_SIGNATURE);
    memcpy(sig + 32, n, 32);
    cr_expect_eq(kurv_ecdsa_sig_normalize(c, sig, 64, &changed), KURV_ERR_SIGNATURE);
    memset(sig + 32, 0xff, 32);
    cr_expect_eq(kurv_ecdsa_sig_normalize(c, sig, 64, &changed), KURV_ERR_SIGNATURE);
    cr_expect_eq(sig[0], 0x01);
    /* lengths */
    cr_expect_eq(kurv_ecdsa_sig_normalize(c, sig, 63, &changed), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_normalize(c, NULL, 64, &changed), KURV_ERR_ARG);
    cr_expect_eq(kurv_ecdsa_sig_normalize(NULL, sig, 64, &changed), KURV_ERR_ARG);
}
