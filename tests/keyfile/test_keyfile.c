/*
 * Key files: SEC1 ECPrivateKey, PKCS#8 and SubjectPublicKeyInfo in DER and PEM.
 *
 * - known answers: kurv's encodings equal, byte for byte, what the OpenSSL command line
 *   wrote for the same keys (keyfile_data.h, made by make_data.py), and kurv reads them;
 * - OpenSSL's libcrypto at test time: kurv's files re-encode identically in OpenSSL, and
 *   OpenSSL's fresh keys decode in kurv to the same d and Q (over every linked curve);
 * - bad input: crafted DER, every truncation, every single-bit flip, PEM variants, random
 *   garbage; each gives its documented error and never crashes.
 */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include "testutil.h"
#include "keyfile_data.h"

/* ---- small helpers ---- */

static const kurv_curve *k1(void)
{
    const kurv_curve *c = kt_curve("secp256k1");
    cr_assert(c != NULL, "secp256k1 is not linked");
    return c;
}

/* A byte string built up by the crafted-DER tests. */
typedef struct {
    uint8_t b[8192];
    size_t n;
} blob;

static blob H(const char *hex)
{
    blob r;
    long n = kt_unhex(r.b, sizeof r.b, hex);
    cr_assert(n >= 0, "bad hex in the test: %s", hex);
    r.n = (size_t)n;
    return r;
}

static blob S(const char *s)
{
    blob r;
    r.n = strlen(s);
    cr_assert(r.n <= sizeof r.b);
    memcpy(r.b, s, r.n);
    return r;
}

/* concatenation of @count blobs */
static blob C(int count, ...)
{
    blob r;
    va_list ap;
    int i;
    r.n = 0;
    va_start(ap, count);
    for (i = 0; i < count; i++) {
        blob x = va_arg(ap, blob);
        cr_assert(r.n + x.n <= sizeof r.b);
        memcpy(r.b + r.n, x.b, x.n);
        r.n += x.n;
    }
    va_end(ap);
    return r;
}

/* DER tag-length-value (minimal length) */
static blob T(uint8_t tag, blob body)
{
    blob r;
    size_t n = body.n, h = 0;
    r.b[h++] = tag;
    if (n < 0x80) {
        r.b[h++] = (uint8_t)n;
    } else if (n < 0x100) {
        r.b[h++] = 0x81;
        r.b[h++] = (uint8_t)n;
    } else {
        r.b[h++] = 0x82;
        r.b[h++] = (uint8_t)(n >> 8);
        r.b[h++] = (uint8_t)n;
    }
    cr_assert(h + n <= sizeof r.b);
    memcpy(r.b + h, body.b, n);
    r.n = h + n;
    return r;
}

static blob BITS(blob pt)
{
    return T(0x03, C(2, H("00"), pt));
}

static const blob EMPTY = {{0}, 0};

/* ASN.1 building blocks */
#define OID_K1      "06052b8104000a"           /* secp256k1, 1.3.132.0.10 */
#define OID_P256    "06082a8648ce3d030107"     /* prime256v1: a kurv curve, maybe linked */
#define OID_P224    "06052b81040021"           /* secp224r1: never a kurv curve */
#define OID_UNKNOWN "06032a0304"               /* 1.2.3.4 */
#define OID_ECPUB   "06072a8648ce3d0201"       /* id-ecPublicKey */
#define OID_ECDH    "06052b8104010c"           /* id-ecDH, 1.3.132.1.12 */
#define OID_RSA     "06092a864886f70d010101"   /* rsaEncryption */
#define N_HEX "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"

/* ECPrivateKey: version, d, optional [0] params, optional [1] public point */
static blob ecpriv(const char *ver, blob d, blob params, blob pub)
{
    blob body = C(2, H(ver), T(0x04, d));
    if (params.n)
        body = C(2, body, T(0xA0, params));
    if (pub.n)
        body = C(2, body, T(0xA1, BITS(pub)));
    return T(0x30, body);
}

/* PrivateKeyInfo: version, AlgorithmIdentifier contents, inner key, extra fields */
static blob pkcs8(const char *ver, blob alg, blob inner, blob extra)
{
    return T(0x30, C(4, H(ver), T(0x30, alg), T(0x04, inner), extra));
}

static blob spki(blob alg, blob bits)
{
    return T(0x30, C(2, T(0x30, alg), bits));
}

static kurv_err dec_priv(const uint8_t *in, size_t len, uint8_t *d, size_t *dlen,
                         const kurv_curve **c)
{
    memset(d, 0xAA, KURV_MAX_SCALAR_LEN);
    *dlen = KURV_MAX_SCALAR_LEN;
    return kurv_privkey_decode(c, d, dlen, kt_curves, kt_ncurves, in, len);
}

/* Decode a private key file and check the outcome: the error, or d and the curve. On
 * error the output must be zeroed and the curve NULL. */
static void expect_priv(const uint8_t *in, size_t len, kurv_err want, const char *d_hex,
                        const char *what)
{
    uint8_t d[KURV_MAX_SCALAR_LEN], zero[KURV_MAX_SCALAR_LEN] = {0};
    char hex[2 * KURV_MAX_SCALAR_LEN + 1];
    const kurv_curve *c = (const kurv_curve *)&c;
    size_t dlen;
    kurv_err e = dec_priv(in, len, d, &dlen, &c);

    cr_assert_eq(e, want, "%s: got %d (%s), want %d (%s)", what, e, kurv_strerror(e), want,
                 kurv_strerror(want));
    if (want == KURV_OK) {
        cr_assert_eq(c, k1(), "%s: wrong curve", what);
        cr_assert_eq(dlen, 32, "%s", what);
        cr_assert_str_eq(kt_hex(hex, d, dlen), d_hex, "%s", what);
    } else {
        cr_assert_null(c, "%s: curve set on error", what);
        cr_assert(memcmp(d, zero, sizeof d) == 0, "%s: output not zeroed on error", what);
    }
}

static void expect_pub(const uint8_t *in, size_t len, kurv_err want, const char *pub_hex,
                       const char *what)
{
    uint8_t q[KURV_MAX_POINT_LEN];
    char hex[2 * KURV_MAX_POINT_LEN + 1];
    const kurv_curve *c = (const kurv_curve *)&c;
    size_t qlen = sizeof q;
    kurv_err e = kurv_pubkey_decode(&c, q, &qlen, kt_curves, kt_ncurves, in, len);

    cr_assert_eq(e, want, "%s: got %d (%s), want %d (%s)", what, e, kurv_strerror(e), want,
                 kurv_strerror(want));
    if (want == KURV_OK) {
        cr_assert_eq(c, k1(), "%s: wrong curve", what);
        cr_assert_str_eq(kt_hex(hex, q, qlen), pub_hex, "%s", what);
    } else {
        cr_assert_null(c, "%s: curve set on error", what);
    }
}

#define EXPECT_PRIV_B(bl, want, dhex) expect_priv((bl).b, (bl).n, want, dhex, #bl)
#define EXPECT_PUB_B(bl, want, qhex) expect_pub((bl).b, (bl).n, want, qhex, #bl)
#define EXPECT_PRIV_S(s, want, dhex) \
    expect_priv((const uint8_t *)(s), strlen(s), want, dhex, #s)
#define EXPECT_PUB_S(s, want, qhex) \
    expect_pub((const uint8_t *)(s), strlen(s), want, qhex, #s)

/* ---- the keys OpenSSL wrote (keyfile_data.h) ---- */

struct kat {
    const char *name;
    const char *d, *pub;
    const char *sec1_der, *sec1_pem, *p8_der, *p8_pem;
    const char *spki_der, *spki_pem, *spkic_der, *spkic_pem;
};

#define KAT(x) {#x, x##_d, x##_pub, x##_sec1_der, x##_sec1_pem, x##_p8_der, x##_p8_pem, \
                x##_spki_der, x##_spki_pem, x##_spkic_der, x##_spkic_pem}
static const struct kat kats[] = {KAT(kat1), KAT(kat2), KAT(kat3), KAT(gen1), KAT(gen2)};
#define NKATS (sizeof kats / sizeof kats[0])

static char *compressed_hex(char *out, const char *pub_hex)
{
    uint8_t q[65], qc[33];
    size_t len = sizeof qc;
    cr_assert_eq(kt_unhex(q, sizeof q, pub_hex), 65);
    cr_assert_eq(kurv_point_convert(k1(), qc, &len, 1, q, 65), KURV_OK);
    return kt_hex(out, qc, len);
}

/* ---- known answers ---- */

static void check_priv_encoding(const uint8_t *d, kurv_keytype type, kurv_keyfmt fmt,
                                const char *want, const char *what)
{
    uint8_t out[KURV_MAX_KEYFILE_LEN], exp[KURV_MAX_KEYFILE_LEN];
    size_t len = sizeof out, elen;

    cr_assert_eq(kurv_privkey_encode(k1(), out, &len, type, fmt, d, 32), KURV_OK, "%s", what);
    if (fmt == KURV_KEYFMT_PEM) {
        elen = strlen(want);
        memcpy(exp, want, elen);
    } else {
        elen = (size_t)kt_unhex(exp, sizeof exp, want);
    }
    cr_assert_eq(len, elen, "%s: length %zu, OpenSSL %zu", what, len, elen);
    cr_assert(memcmp(out, exp, len) == 0, "%s: bytes differ from OpenSSL's", what);
}

static void check_pub_encoding(const char *pub_hex, kurv_keyfmt fmt, const char *want,
                               const char *what)
{
    uint8_t out[KURV_MAX_KEYFILE_LEN], exp[KURV_MAX_KEYFILE_LEN], q[65];
    size_t len = sizeof out, elen, qlen = (size_t)kt_unhex(q, sizeof q, pub_hex);

    cr_assert_eq(kurv_pubkey_encode(k1(), out, &len, fmt, q, qlen), KURV_OK, "%s", what);
    if (fmt == KURV_KEYFMT_PEM) {
        elen = strlen(want);
        memcpy(exp, want, elen);
    } else {
        elen = (size_t)kt_unhex(exp, sizeof exp, want);
    }
    cr_assert_eq(len, elen, "%s: length %zu, OpenSSL %zu", what, len, elen);
    cr_assert(memcmp(out, exp, len) == 0, "%s: bytes differ from OpenSSL's", what);
}

Test(keyfile, encode_equals_openssl)
{
    size_t i;
    for (i = 0; i < NKATS; i++) {
        const struct kat *k = &kats[i];
        uint8_t d[32];
        char pc[67];
        cr_assert_eq(kt_unhex(d, 32, k->d), 32);
        check_priv_encoding(d, KURV_KEY_SEC1, KURV_KEYFMT_DER, k->sec1_der, k->name);
        check_priv_encoding(d, KURV_KEY_SEC1, KURV_KEYFMT_PEM, k->sec1_pem, k->name);
        check_priv_encoding(d, KURV_KEY_PKCS8, KURV_KEYFMT_DER, k->p8_der, k->name);
        check_priv_encoding(d, KURV_KEY_PKCS8, KURV_KEYFMT_PEM, k->p8_pem, k->name);
        check_pub_encoding(k->pub, KURV_KEYFMT_DER, k->spki_der, k->name);
        check_pub_encoding(k->pub, KURV_KEYFMT_PEM, k->spki_pem, k->name);
        compressed_hex(pc, k->pub);
        check_pub_encoding(pc, KURV_KEYFMT_DER, k->spkic_der, k->name);
        check_pub_encoding(pc, KURV_KEYFMT_PEM, k->spkic_pem, k->name);
    }
}

Test(keyfile, decode_openssl_files)
{
    size_t i;
    for (i = 0; i < NKATS; i++) {
        const struct kat *k = &kats[i];
        char pc[67];
        blob b;
        b = H(k->sec1_der);
        expect_priv(b.b, b.n, KURV_OK, k->d, k->name);
        b = H(k->p8_der);
        expect_priv(b.b, b.n, KURV_OK, k->d, k->name);
        expect_priv((const uint8_t *)k->sec1_pem, strlen(k->sec1_pem), KURV_OK, k->d, k->name);
        expect_priv((const uint8_t *)k->p8_pem, strlen(k->p8_pem), KURV_OK, k->d, k->name);
        b = H(k->spki_der);
        expect_pub(b.b, b.n, KURV_OK, k->pub, k->name);
        expect_pub((const uint8_t *)k->spki_pem, strlen(k->spki_pem), KURV_OK, k->pub, k->name);
        compressed_hex(pc, k->pub);
        b = H(k->spkic_der);
        expect_pub(b.b, b.n, KURV_OK, pc, k->name);
        expect_pub((const uint8_t *)k->spkic_pem, strlen(k->spkic_pem), KURV_OK, pc, k->name);
    }
    /* `openssl ecparam -genkey` puts an EC PARAMETERS block first */
    EXPECT_PRIV_S(genp_pem, KURV_OK, genp_d);
}

Test(keyfile, round_trip_fresh_keys)
{
    const kurv_curve *c = k1();
    int i, t, f;
    for (i = 0; i < 32; i++) {
        uint8_t d[32], q[65], out[KURV_MAX_KEYFILE_LEN], d2[KURV_MAX_SCALAR_LEN];
        uint8_t q2[KURV_MAX_POINT_LEN];
        size_t qlen = sizeof q, len, dlen, q2len;
        const kurv_curve *c2;
        cr_assert_eq(kurv_keygen(c, d, 32, q, &qlen, 0), KURV_OK);
        for (t = 0; t < 2; t++)
            for (f = 0; f < 2; f++) {
                len = sizeof out;
                cr_assert_eq(kurv_privkey_encode(c, out, &len, (kurv_keytype)t, (kurv_keyfmt)f,
                                                 d, 32), KURV_OK);
                cr_assert_eq(dec_priv(out, len, d2, &dlen, &c2), KURV_OK);
                cr_assert(c2 == c && dlen == 32 && memcmp(d, d2, 32) == 0);
            }
        for (f = 0; f < 2; f++) {
            len = sizeof out;
            q2len = sizeof q2;
            cr_assert_eq(kurv_pubkey_encode(c, out, &len, (kurv_keyfmt)f, q, qlen), KURV_OK);
            cr_assert_eq(kurv_pubkey_decode(&c2, q2, &q2len, kt_curves, kt_ncurves, out, len),
                         KURV_OK);
            cr_assert(c2 == c && q2len == qlen && memcmp(q, q2, qlen) == 0);
        }
    }
}

/* ---- API contract: buffers and arguments ---- */

Test(keyfile, buffer_sizes)
{
    const kurv_curve *c = k1(), *c2;
    uint8_t d[32], out[KURV_MAX_KEYFILE_LEN], q[65], small[8];
    size_t len, need, i, qlen = (size_t)kt_unhex(q, sizeof q, kat1_pub);
    blob der = H(kat1_sec1_der), spk = H(kat1_spki_der);

    kt_unhex(d, 32, kat1_d);
    /* the need is reported, exactly, with or without a buffer */
    len = 0;
    cr_assert_eq(kurv_privkey_encode(c, NULL, &len, KURV_KEY_SEC1, KURV_KEYFMT_DER, d, 32),
                 KURV_ERR_BUFFER);
    cr_assert_eq(len, der.n);
    len = strlen(kat1_p8_pem);
    need = len;
    len -= 1;
    memset(out, 0x55, sizeof out);
    cr_assert_eq(kurv_privkey_encode(c, out, &len, KURV_KEY_PKCS8, KURV_KEYFMT_PEM, d, 32),
                 KURV_ERR_BUFFER);
    cr_assert_eq(len, need);
    for (i = 0; i < need - 1; i++)
        cr_assert_eq(out[i], 0, "output not zeroed on error");
    cr_assert_eq(out[need - 1], 0x55, "wrote past the stated capacity");
    len = need;
    cr_assert_eq(kurv_privkey_encode(c, out, &len, KURV_KEY_PKCS8, KURV_KEYFMT_PEM, d, 32),
                 KURV_OK);
    cr_assert_eq(len, need);
    len = sizeof small;
    cr_assert_eq(kurv_pubkey_encode(c, small, &len, KURV_KEYFMT_DER, q, qlen), KURV_ERR_BUFFER);
    cr_assert_eq(len, spk.n);
    len = 0;
    cr_assert_eq(kurv_pubkey_encode(c, NULL, &len, KURV_KEYFMT_PEM, q, qlen), KURV_ERR_BUFFER);
    cr_assert_eq(len, strlen(kat1_spki_pem));

    /* decoding into short outputs */
    len = 31;
    memset(out, 0x55, 31);
    cr_assert_eq(kurv_privkey_decode(&c2, out, &len, kt_curves, kt_ncurves, der.b, der.n),
                 KURV_ERR_BUFFER);
    cr_assert_eq(len, 32);
    cr_assert_null(c2);
    for (i = 0; i < 31; i++)
        cr_assert_eq(out[i], 0);
    len = 64;
    cr_assert_eq(kurv_pubkey_decode(&c2, out, &len, kt_curves, kt_ncurves, spk.b, spk.n),
                 KURV_ERR_BUFFER);
    cr_assert_eq(len, 65);
}

Test(keyfile, bad_arguments)
{
    const kurv_curve *c = k1(), *c2;
    uint8_t d[32], n[32], out[KURV_MAX_KEYFILE_LEN], q[65];
    size_t len, qlen = (size_t)kt_unhex(q, sizeof q, kat1_pub);
    blob der = H(kat1_sec1_der);

    kt_unhex(d, 32, kat1_d);
    kt_unhex(n, 32, N_HEX);
#define ENC(cv, t, f, p, pl) (len = sizeof out, kurv_privkey_encode(cv, out, &len, t, f, p, pl))
    cr_assert_eq(ENC(NULL, KURV_KEY_SEC1, KURV_KEYFMT_DER, d, 32), KURV_ERR_ARG);
    cr_assert_eq(ENC(c, (kurv_keytype)2, KURV_KEYFMT_DER, d, 32), KURV_ERR_ARG);
    cr_assert_eq(ENC(c, KURV_KEY_SEC1, (kurv_keyfmt)7, d, 32), KURV_ERR_ARG);
    cr_assert_eq(ENC(c, KURV_KEY_SEC1, KURV_KEYFMT_DER, NULL, 32), KURV_ERR_ARG);
    cr_assert_eq(ENC(c, KURV_KEY_SEC1, KURV_KEYFMT_DER, d, 31), KURV_ERR_PRIVKEY);
    cr_assert_eq(ENC(c, KURV_KEY_PKCS8, KURV_KEYFMT_PEM, n, 32), KURV_ERR_PRIVKEY);
    memset(n, 0, 32);
    cr_assert_eq(ENC(c, KURV_KEY_SEC1, KURV_KEYFMT_DER, n, 32), KURV_ERR_PRIVKEY);
#undef ENC
    cr_assert_eq(kurv_privkey_encode(c, out, NULL, KURV_KEY_SEC1, KURV_KEYFMT_DER, d, 32),
                 KURV_ERR_ARG);

    len = sizeof out;
    cr_assert_eq(kurv_pubkey_encode(c, out, &len, KURV_KEYFMT_DER, q, 64), KURV_ERR_POINT);
    q[64] ^= 1; /* off the curve */
    cr_assert_eq(kurv_pubkey_encode(c, out, &len, KURV_KEYFMT_DER, q, qlen), KURV_ERR_POINT);
    q[0] = 0;
    cr_assert_eq(kurv_pubkey_encode(c, out, &len, KURV_KEYFMT_DER, q, 1), KURV_ERR_INFINITY);
    cr_assert_eq(kurv_pubkey_encode(NULL, out, &len, KURV_KEYFMT_DER, q, qlen), KURV_ERR_ARG);

    len = sizeof out;
    cr_assert_eq(kurv_privkey_decode(NULL, out, &len, kt_curves, kt_ncurves, der.b, der.n),
                 KURV_ERR_ARG);
    cr_assert_eq(kurv_privkey_decode(&c2, NULL, &len, kt_curves, kt_ncurves, der.b, der.n),
                 KURV_ERR_ARG);
    cr_assert_eq(kurv_privkey_decode(&c2, out, NULL, kt_curves, kt_ncurves, der.b, der.n),
                 KURV_ERR_ARG);
    cr_assert_eq(kurv_privkey_decode(&c2, out, &len, kt_curves, kt_ncurves, NULL, 5),
                 KURV_ERR_ARG);
    cr_assert_eq(kurv_pubkey_decode(&c2, out, &len, kt_curves, kt_ncurves, NULL, 5),
                 KURV_ERR_ARG);
    /* a list without the key's curve */
    len = sizeof out;
    cr_assert_eq(kurv_privkey_decode(&c2, out, &len, NULL, 0, der.b, der.n), KURV_ERR_CURVE);
}

/* ---- files kurv does not take ---- */

Test(keyfile, unsupported_and_foreign_files)
{
    blob b;
    /* explicit parameters (specifiedCurve) */
    b = H(expl_sec1_der);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PRIV_S(expl_sec1_pem, KURV_ERR_UNSUPPORTED, NULL);
    b = H(expl_p8_der);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PRIV_S(expl_p8_pem, KURV_ERR_UNSUPPORTED, NULL);
    b = H(expl_spki_der);
    EXPECT_PUB_B(b, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PUB_S(expl_spki_pem, KURV_ERR_UNSUPPORTED, NULL);
    /* encrypted: PKCS#8 needs kurv_privkey_decode_pass() (test_keyfile_pass.c), the legacy
     * PEM encryption is not read at all */
    EXPECT_PRIV_S(enc_p8_pem, KURV_ERR_ENCRYPTED, NULL);
    b = H(enc_p8_der);
    EXPECT_PRIV_B(b, KURV_ERR_ENCRYPTED, NULL);
    EXPECT_PRIV_S(enc_legacy_pem, KURV_ERR_UNSUPPORTED, NULL);
    /* other algorithms */
    EXPECT_PRIV_S(ed_p8_pem, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PUB_S(ed_spki_pem, KURV_ERR_UNSUPPORTED, NULL);
    /* a curve that kurv does not have */
    EXPECT_PRIV_S(p224_sec1_pem, KURV_ERR_CURVE, NULL);
    b = H(p224_p8_der);
    EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);
    b = H(p224_spki_der);
    EXPECT_PUB_B(b, KURV_ERR_CURVE, NULL);
    /* the wrong kind of file for the function */
    EXPECT_PRIV_S(kat1_spki_pem, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PUB_S(kat1_sec1_pem, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PUB_S(kat1_p8_pem, KURV_ERR_UNSUPPORTED, NULL);
    b = H(kat1_spki_der);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL); /* starts with a SEQUENCE, as encrypted */
    b = H(kat1_sec1_der);
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
}

/* The encrypted files OpenSSL wrote (`openssl pkcs8 -topk8 -v2 aes-128-cbc`, password
 * "kurv") decode with the password, PEM and DER to the same key; the legacy PEM encryption
 * ("Proc-Type: 4,ENCRYPTED") stays unsupported. */
Test(keyfile_kat, encrypted_with_password)
{
    const kurv_curve *c1, *c2;
    uint8_t d1[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN];
    size_t l1 = sizeof d1, l2 = sizeof d2;
    blob b = H(enc_p8_der);

    cr_assert_eq(kurv_privkey_decode_pass(&c1, d1, &l1, kt_curves, kt_ncurves,
                                          (const uint8_t *)enc_p8_pem, strlen(enc_p8_pem),
                                          (const uint8_t *)"kurv", 4), KURV_OK);
    cr_assert_eq(kurv_privkey_decode_pass(&c2, d2, &l2, kt_curves, kt_ncurves, b.b, b.n,
                                          (const uint8_t *)"kurv", 4), KURV_OK);
    cr_assert(c1 == k1() && c2 == c1 && l1 == 32 && l2 == 32 && memcmp(d1, d2, 32) == 0);
    l1 = sizeof d1;
    cr_assert_eq(kurv_privkey_decode_pass(&c1, d1, &l1, kt_curves, kt_ncurves, b.b, b.n,
                                          (const uint8_t *)"Kurv", 4), KURV_ERR_PASSWORD);
    l1 = sizeof d1;
    cr_assert_eq(kurv_privkey_decode_pass(&c1, d1, &l1, kt_curves, kt_ncurves,
                                          (const uint8_t *)enc_legacy_pem, strlen(enc_legacy_pem),
                                          (const uint8_t *)"kurv", 4), KURV_ERR_UNSUPPORTED);
}

/* The curve comes from the caller's list: P-256's files decode when P-256 is in it and
 * give KURV_ERR_CURVE with a list of secp256k1 alone. */
Test(keyfile, curve_from_list)
{
    const kurv_curve *p256 = kt_curve("P-256"), *only_k1[1], *c;
    uint8_t out[KURV_MAX_POINT_LEN];
    char hex[2 * KURV_MAX_POINT_LEN + 1];
    size_t len;
    blob files[3];
    int i;

    only_k1[0] = k1();
    files[0] = S(p256_sec1_pem);
    files[1] = H(p256_p8_der);
    files[2] = H(p256_spki_der);
    for (i = 0; i < 3; i++) {
        len = sizeof out;
        if (i < 2)
            cr_assert_eq(kurv_privkey_decode(&c, out, &len, only_k1, 1, files[i].b, files[i].n),
                         KURV_ERR_CURVE);
        else
            cr_assert_eq(kurv_pubkey_decode(&c, out, &len, only_k1, 1, files[i].b, files[i].n),
                         KURV_ERR_CURVE);
        if (!p256)
            continue;
        len = sizeof out;
        if (i < 2) {
            cr_assert_eq(kurv_privkey_decode(&c, out, &len, kt_curves, kt_ncurves, files[i].b,
                                             files[i].n), KURV_OK);
            cr_assert_str_eq(kt_hex(hex, out, len), p256_d);
        } else {
            cr_assert_eq(kurv_pubkey_decode(&c, out, &len, kt_curves, kt_ncurves, files[i].b,
                                            files[i].n), KURV_OK);
            cr_assert_str_eq(kt_hex(hex, out, len), p256_pub);
        }
        cr_assert_eq(c, p256);
    }
    if (!p256)
        fprintf(stderr, "keyfile: P-256 not linked, only the KURV_ERR_CURVE half ran\n");
}

/* ---- crafted DER ---- */

Test(keyfile, crafted_sec1)
{
    blob d1 = H(kat1_d), q1 = H(kat1_pub), q2 = H(kat2_pub), k1oid = H(OID_K1), b;
    char pc[67];
    blob qc1 = H(compressed_hex(pc, kat1_pub));

    /* the reference: what OpenSSL writes */
    b = ecpriv("020101", d1, k1oid, q1);
    cr_assert(b.n == H(kat1_sec1_der).n && memcmp(b.b, H(kat1_sec1_der).b, b.n) == 0);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);

    /* private scalar */
    b = ecpriv("020101", H("0000000000000000000000000000000000000000000000000000000000000000"),
               k1oid, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);                       /* d = 0 */
    b = ecpriv("020101", H(N_HEX), k1oid, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);                       /* d = n */
    b = ecpriv("020101", H(N_HEX), k1oid, q1);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);                       /* d = n, checked first */
    b = ecpriv("020101", H("ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"),
               k1oid, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);                       /* d = 2^256 - 1 */
    b = ecpriv("020101", C(2, H("00"), d1), k1oid, q1);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);                       /* 33 bytes, even 00 || d */
    b = ecpriv("020101", EMPTY, k1oid, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);                       /* empty OCTET STRING */
    b = ecpriv("020101", H(kat2_d + 6), k1oid, q2);                 /* 29 bytes: left-padded */
    EXPECT_PRIV_B(b, KURV_OK, kat2_d);
    b = ecpriv("020101", H("01"), k1oid, EMPTY);                    /* d = 1 */
    EXPECT_PRIV_B(b, KURV_OK, "0000000000000000000000000000000000000000000000000000000000000001");

    /* the public key, when present, must be d*G */
    b = ecpriv("020101", d1, k1oid, EMPTY);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = ecpriv("020101", d1, k1oid, q2);
    EXPECT_PRIV_B(b, KURV_ERR_POINT, NULL);
    b = ecpriv("020101", d1, k1oid, qc1);                           /* compressed form */
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    qc1.b[0] ^= 1;                                                  /* -Q */
    b = ecpriv("020101", d1, k1oid, qc1);
    EXPECT_PRIV_B(b, KURV_ERR_POINT, NULL);
    b = ecpriv("020101", d1, k1oid, H("00"));                       /* infinity */
    EXPECT_PRIV_B(b, KURV_ERR_POINT, NULL);
    b = T(0x30, C(4, H("020101"), T(0x04, d1), T(0xA0, k1oid), T(0xA1, H("030100"))));
    EXPECT_PRIV_B(b, KURV_ERR_POINT, NULL);                         /* empty BIT STRING */
    b = T(0x30, C(4, H("020101"), T(0x04, d1), T(0xA0, k1oid), T(0xA1, T(0x03, C(2, H("01"), q1)))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                      /* 1 unused bit */
    b = T(0x30, C(4, H("020101"), T(0x04, d1), T(0xA0, k1oid), T(0xA1, C(2, BITS(q1), H("0500")))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                      /* [1] holds two values */
    b = T(0x30, C(4, H("020101"), T(0x04, d1), T(0xA0, k1oid), T(0xA1, T(0x04, q1))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                      /* OCTET STRING in [1] */

    /* version */
    b = ecpriv("020100", d1, k1oid, q1);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("020102", d1, k1oid, q1);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("02020001", d1, k1oid, q1);                          /* not minimal */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("0201ff", d1, k1oid, q1);                            /* negative */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("0200", d1, k1oid, q1);                              /* empty INTEGER */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);

    /* curve parameters */
    b = ecpriv("020101", d1, EMPTY, q1);                            /* no [0] outside PKCS#8 */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("020101", d1, H(OID_P224), q1);
    EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);
    b = ecpriv("020101", d1, H(OID_UNKNOWN), q1);
    EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);
    b = ecpriv("020101", d1, H("0500"), q1);                        /* implicitCurve */
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = ecpriv("020101", d1, H("3003020101"), q1);                  /* specifiedCurve */
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = ecpriv("020101", d1, H("06052b81040080"), q1);              /* arc not terminated */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("020101", d1, H("0606802b8104000a"), q1);            /* arc with leading 0x80 */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("020101", d1, H("0600"), q1);                        /* empty OID */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("020101", d1, H("020101"), q1);                      /* not ECParameters */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = ecpriv("020101", d1, C(2, k1oid, H("0500")), q1);           /* [0] holds two values */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);

    /* element order and extras */
    b = T(0x30, C(4, H("020101"), T(0x04, d1), T(0xA1, BITS(q1)), T(0xA0, k1oid)));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = T(0x30, C(4, H("020101"), T(0x04, d1), T(0xA0, k1oid), T(0xA2, H("0500"))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = T(0x30, C(5, H("020101"), T(0x04, d1), T(0xA0, k1oid), T(0xA1, BITS(q1)), H("0500")));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = T(0x30, C(3, H("020101"), T(0x03, C(2, H("00"), d1)), T(0xA0, k1oid)));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                      /* d as a BIT STRING */
}

Test(keyfile, crafted_pkcs8)
{
    blob d1 = H(kat1_d), q1 = H(kat1_pub), q2 = H(kat2_pub), k1oid = H(OID_K1), b;
    blob alg = C(2, H(OID_ECPUB), k1oid);
    blob inner = ecpriv("020101", d1, EMPTY, q1);

    b = pkcs8("020100", alg, inner, EMPTY);
    cr_assert(b.n == H(kat1_p8_der).n && memcmp(b.b, H(kat1_p8_der).b, b.n) == 0);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);

    /* the inner key */
    b = pkcs8("020100", alg, ecpriv("020101", d1, EMPTY, EMPTY), EMPTY);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = pkcs8("020100", alg, ecpriv("020101", d1, k1oid, q1), EMPTY); /* [0] that agrees */
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = pkcs8("020100", alg, ecpriv("020101", d1, H(OID_P224), q1), EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);                           /* [0] unknown */
    if (kt_curve("P-256")) {
        b = pkcs8("020100", alg, ecpriv("020101", d1, H(OID_P256), q1), EMPTY);
        EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);                       /* [0] that disagrees */
    }
    b = pkcs8("020100", alg, ecpriv("020101", d1, H("3003020101"), q1), EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = pkcs8("020100", alg, ecpriv("020101", H("00"), EMPTY, EMPTY), EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);
    b = pkcs8("020100", alg, ecpriv("020101", H(N_HEX), EMPTY, EMPTY), EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_PRIVKEY, NULL);
    b = pkcs8("020100", alg, ecpriv("020101", d1, EMPTY, q2), EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_POINT, NULL);
    b = pkcs8("020100", alg, C(2, inner, H("00")), EMPTY);            /* trailing byte inside */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = pkcs8("020100", alg, d1, EMPTY);                              /* not an ECPrivateKey */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);

    /* the algorithm identifier */
    b = pkcs8("020100", H(OID_ECPUB), inner, EMPTY);                  /* no parameters */
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = pkcs8("020100", C(2, H(OID_ECPUB), H("0500")), inner, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = pkcs8("020100", C(2, H(OID_ECPUB), H(OID_P224)), inner, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);
    b = pkcs8("020100", C(2, H(OID_ECPUB), H(OID_UNKNOWN)), inner, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_CURVE, NULL);
    b = pkcs8("020100", C(2, H(OID_ECDH), k1oid), inner, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = pkcs8("020100", C(2, H(OID_RSA), H("0500")), H("3003020100"), EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = pkcs8("020100", C(3, H(OID_ECPUB), k1oid, H("0500")), inner, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);

    /* version, attributes, RFC 5958 publicKey */
    b = pkcs8("020102", alg, inner, EMPTY);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, C(2, H("06032a0304"), T(0x31, H("0500"))))));
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                /* one attribute */
    b = pkcs8("020100", alg, inner, T(0xA0, H("0500")));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* not an Attribute */
    /* an Attribute is SEQUENCE { OBJECT IDENTIFIER, SET OF values }, as OpenSSL reads it */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, H("ffffff"))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* garbage inside */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, EMPTY)));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* empty */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, H("06032a0304"))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* no values */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, C(2, H("0500"), T(0x31, H("0500"))))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* no OID */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, C(2, H("06032a0304"), T(0x30, H("0500"))))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* values not a SET */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, C(3, H("06032a0304"), T(0x31, H("0500")), H("0500")))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* something after */
    b = pkcs8("020100", alg, inner, T(0xA0, T(0x30, C(2, H("06032a0304"), T(0x31, H("05"))))));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* a cut value */
    b = pkcs8("020101", alg, inner, EMPTY);                           /* v2, no publicKey */
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = pkcs8("020101", alg, ecpriv("020101", d1, EMPTY, EMPTY), T(0x81, C(2, H("00"), q1)));
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                /* v2 with publicKey */
    b = pkcs8("020101", alg, inner, T(0x81, C(2, H("00"), q2)));
    EXPECT_PRIV_B(b, KURV_ERR_POINT, NULL);                           /* ... that is wrong */
    b = pkcs8("020101", alg, inner, T(0x81, C(2, H("01"), q1)));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = pkcs8("020100", alg, inner, T(0x81, C(2, H("00"), q1)));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                        /* publicKey in v1 */
    b = pkcs8("020100", alg, inner, H("0500"));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
}

Test(keyfile, crafted_spki)
{
    blob q1 = H(kat1_pub), k1oid = H(OID_K1), b, q;
    blob alg = C(2, H(OID_ECPUB), k1oid);

    b = spki(alg, BITS(q1));
    cr_assert(b.n == H(kat1_spki_der).n && memcmp(b.b, H(kat1_spki_der).b, b.n) == 0);
    EXPECT_PUB_B(b, KURV_OK, kat1_pub);

    b = spki(H(OID_ECPUB), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);                         /* no parameters */
    b = spki(C(2, H(OID_ECPUB), H("0500")), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_UNSUPPORTED, NULL);                      /* implicitCurve */
    b = spki(C(2, H(OID_ECPUB), H("0501ff")), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);                         /* NULL with contents */
    b = spki(C(2, H(OID_ECPUB), H("3003020101")), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_UNSUPPORTED, NULL);                      /* specifiedCurve */
    b = spki(C(2, H(OID_ECPUB), H(OID_P224)), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_CURVE, NULL);
    if (kt_curve("P-256")) {
        b = spki(C(2, H(OID_ECPUB), H(OID_P256)), BITS(q1));
        EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);                        /* not a P-256 point */
    }
    b = spki(C(2, H(OID_ECPUB), H(OID_UNKNOWN)), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_CURVE, NULL);
    b = spki(C(2, H(OID_RSA), H("0500")), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = spki(C(2, H(OID_ECDH), k1oid), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_UNSUPPORTED, NULL);
    b = spki(C(2, H(OID_ECPUB), H("020101")), BITS(q1));
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);

    /* the point */
    b = spki(alg, BITS(H("00")));
    EXPECT_PUB_B(b, KURV_ERR_INFINITY, NULL);
    b = spki(alg, BITS(EMPTY));
    EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);
    b = spki(alg, H("0300"));                                         /* no unused-bits byte */
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
    b = spki(alg, T(0x03, C(2, H("04"), q1)));                        /* 4 unused bits */
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
    b = spki(alg, T(0x04, q1));                                       /* OCTET STRING */
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
    q = q1;
    q.b[64] ^= 1;
    b = spki(alg, BITS(q));                                           /* off the curve */
    EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);
    q = q1;
    q.b[0] = 0x06 | (q1.b[64] & 1);                                   /* hybrid form */
    b = spki(alg, BITS(q));
    EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);
    q = q1;
    q.n = 64;
    b = spki(alg, BITS(q));
    EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);
    q = H("0200000000000000000000000000000000000000000000000000000000000000000"
          "0");
    b = spki(alg, BITS(q));                                           /* x = 0: no root */
    EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);
    b = spki(alg, BITS(H("02fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30")));
    EXPECT_PUB_B(b, KURV_ERR_POINT, NULL);                            /* x = p + 1 */
    b = T(0x30, C(3, T(0x30, alg), BITS(q1), H("0500")));
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
}

Test(keyfile, der_framing)
{
    blob key = H(kat1_sec1_der), body, b;
    blob spk = H(kat1_spki_der);

    body.n = key.n - 2; /* the SEQUENCE's contents (its length, 0x74, is short form) */
    memcpy(body.b, key.b + 2, body.n);
    b = C(2, key, H("00"));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* trailing byte */
    b = C(2, spk, H("0000"));
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
    b = C(2, H("308174"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* long form, not needed */
    b = C(2, H("30820074"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* leading zero */
    b = C(3, H("3080"), body, H("0000"));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* indefinite */
    b = C(2, H("3084ffffffff"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* past the end */
    b = C(2, H("3084000000"), H("74"));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = C(2, H("3088ffffffffffffffff"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* 8 length bytes */
    b = C(2, H("30ff"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = C(2, H("3075"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* one too long */
    b = C(3, H("3075"), body, H("00"));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* byte inside the SEQUENCE */
    b = C(2, H("3073"), body);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* one too short */
    b = H("3081");
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = H("30");
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = H("3000");
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = H("3000");
    EXPECT_PUB_B(b, KURV_ERR_ENCODING, NULL);
    b = T(0x30, C(2, H("1f0201"), body));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* high tag number */
    b = T(0x30, C(3, H("020101"), H("2420"), H(kat1_d)));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* constructed OCTET STRING */
}

/* ---- PEM ---- */

/* Replace the first (or, with all, every) occurrence of @from by @to. */
static blob repl(const char *src, const char *from, const char *to, int all)
{
    blob r;
    size_t fl = strlen(from), tl = strlen(to);
    const char *p = src, *hit;
    int done = 0;
    r.n = 0;
    while (!done && (hit = strstr(p, from)) != NULL) {
        size_t pre = (size_t)(hit - p);
        cr_assert(r.n + pre + tl < sizeof r.b);
        memcpy(r.b + r.n, p, pre);
        memcpy(r.b + r.n + pre, to, tl);
        r.n += pre + tl;
        p = hit + fl;
        done = !all;
    }
    cr_assert(r.n + strlen(p) <= sizeof r.b);
    memcpy(r.b + r.n, p, strlen(p));
    r.n += strlen(p);
    return r;
}

static const char *cstr(blob *b)
{
    cr_assert(b->n < sizeof b->b);
    b->b[b->n] = 0;
    return (const char *)b->b;
}

Test(keyfile, pem_tolerated)
{
    blob b, body;
    const char *p = kat1_sec1_pem;

    b = repl(p, "\n", "\r\n", 1);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                 /* CRLF */
    b = C(2, S("Key for host x\nSubject: whatever -----\n\n"), S(p));
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                 /* text before */
    b = C(2, S(p), S("\n \t\r\n\n"));
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                 /* blank space after */
    b = repl(p, "\n", " \t\n", 1);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                 /* trailing blanks */
    b = S(p);
    b.n--;
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);                                 /* no final newline */
    /* the base64 in one line, in 76-column lines, with a blank line, with spaces */
    b = repl(p, "K\noUQD", "KoUQD", 0);
    body = repl(cstr(&b), "Z\nHMet", "ZHMet", 0);
    EXPECT_PRIV_B(body, KURV_OK, kat1_d);
    b = repl(p, "AAK\n", "AAK\n\n", 0);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = repl(p, "MHQCAQEE", "MHQC AQEE", 0);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = repl(p, "oAcGBSuBBAAK\noUQDQgAE", "oAcGBSuBBAAKoUQD\nQgAE", 0);
    EXPECT_PRIV_B(b, KURV_OK, kat1_d);
    b = repl(kat1_spki_pem, "\n", "\r\n", 1);
    EXPECT_PUB_B(b, KURV_OK, kat1_pub);
}

Test(keyfile, pem_refused)
{
    blob b, big;
    const char *p = kat1_sec1_pem;
    size_t i;

    b = repl(p, "-----END EC PRIVATE KEY", "-----END PRIVATE KEY", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* END label differs */
    b = repl(p, "-----END EC PRIVATE KEY-----\n", "", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* no END */
    b = repl(p, "-----END EC PRIVATE KEY-----", "-----END EC PRIVATE KEY----", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = repl(p, "-----BEGIN EC PRIVATE KEY-----", "-----BEGIN EC  PRIVATE KEY-----", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* bad label */
    b = repl(p, "-----BEGIN EC PRIVATE KEY-----", "-----BEGIN EC PRIVATE KEY", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = C(2, S("junk "), S(p));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* BEGIN inside a line */
    b = repl(p, "MHQC", "MH*C", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* outside the alphabet */
    b = repl(p, "MHQC", "MH-C", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* base64url */
    b = repl(p, "mg==", "mg", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* padding missing */
    b = repl(p, "mg==", "mg=", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = repl(p, "mg==", "mg==AAAA", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* data after padding */
    b = repl(p, "mg==", "mh==", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* non-zero pad bits */
    b = repl(p, "mg==", "mg==AA==", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = repl(p, "mg==", "mg====", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = repl(p, "MHQC", "AAAAMHQC", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* bytes before the DER */
    b = C(2, S(p), S(kat1_spki_pem));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* a second block */
    b = C(2, S(p), S("trailing text\n"));
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);
    b = repl(p, "KEY-----\n", "KEY-----\nComment: hello\n\n", 0);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* RFC 1421 header */
    b = repl(p, "KEY-----\n", "KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,00\n\n", 0);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);
    EXPECT_PRIV_S("-----BEGIN EC PRIVATE KEY-----\n-----END EC PRIVATE KEY-----\n",
                  KURV_ERR_ENCODING, NULL);                            /* empty body */
    b = repl(p, "EC PRIVATE KEY", "RSA PRIVATE KEY", 1);
    EXPECT_PRIV_B(b, KURV_ERR_UNSUPPORTED, NULL);                      /* other label */
    b = repl(p, "EC PRIVATE KEY", "PRIVATE KEY", 1);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* SEC1 under PKCS#8 */
    b = repl(kat1_p8_pem, "PRIVATE KEY", "EC PRIVATE KEY", 1);
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* PKCS#8 under SEC1 */
    b = S(p);
    b.b[40] = 0;
    EXPECT_PRIV_B(b, KURV_ERR_ENCODING, NULL);                         /* NUL in the base64 */
    EXPECT_PRIV_S("", KURV_ERR_ENCODING, NULL);
    EXPECT_PRIV_S("hello\n", KURV_ERR_ENCODING, NULL);
    EXPECT_PUB_S("", KURV_ERR_ENCODING, NULL);
    /* more data than any key: refused, not overrun */
    big = S("-----BEGIN PRIVATE KEY-----\n");
    for (i = 0; i < 100; i++) /* 4800 bytes */
        big = C(2, big, S("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA\n"));
    big = C(2, big, S("-----END PRIVATE KEY-----\n"));
    EXPECT_PRIV_B(big, KURV_ERR_ENCODING, NULL);
    EXPECT_PUB_B(big, KURV_ERR_ENCODING, NULL);
}

/* ---- every truncation, every bit flip ---- */

struct sample {
    const char *name;
    const char *data; /* hex for DER, text for PEM */
    int pem, pub;     /* PEM text; a public key (else a private one) */
    int p8, comp;     /* PKCS#8; a compressed point */
};

static void all_samples(struct sample *s, size_t *n)
{
    size_t i, k = 0;
    for (i = 0; i < NKATS; i++) {
        s[k++] = (struct sample){kats[i].name, kats[i].sec1_der, 0, 0, 0, 0};
        s[k++] = (struct sample){kats[i].name, kats[i].p8_der, 0, 0, 1, 0};
        s[k++] = (struct sample){kats[i].name, kats[i].spki_der, 0, 1, 0, 0};
        s[k++] = (struct sample){kats[i].name, kats[i].spkic_der, 0, 1, 0, 1};
        s[k++] = (struct sample){kats[i].name, kats[i].sec1_pem, 1, 0, 0, 0};
        s[k++] = (struct sample){kats[i].name, kats[i].p8_pem, 1, 0, 1, 0};
        s[k++] = (struct sample){kats[i].name, kats[i].spki_pem, 1, 1, 0, 0};
        s[k++] = (struct sample){kats[i].name, kats[i].spkic_pem, 1, 1, 0, 1};
    }
    *n = k;
}

static blob sample_bytes(const struct sample *s)
{
    return s->pem ? S(s->data) : H(s->data);
}

static kurv_err decode_any(const struct sample *s, const uint8_t *in, size_t len,
                           uint8_t *out, size_t *out_len)
{
    const kurv_curve *c;
    *out_len = KURV_MAX_POINT_LEN;
    return s->pub ? kurv_pubkey_decode(&c, out, out_len, kt_curves, kt_ncurves, in, len)
                  : kurv_privkey_decode(&c, out, out_len, kt_curves, kt_ncurves, in, len);
}

Test(keyfile, every_truncation)
{
    struct sample s[8 * NKATS];
    size_t ns, i, cut, count = 0;

    all_samples(s, &ns);
    for (i = 0; i < ns; i++) {
        blob b = sample_bytes(&s[i]);
        uint8_t out[KURV_MAX_POINT_LEN];
        size_t olen;
        for (cut = 0; cut < b.n; cut++) {
            kurv_err e = decode_any(&s[i], b.b, cut, out, &olen), want = KURV_ERR_ENCODING;
            /* a PEM file without its final newline is still whole */
            if (s[i].pem && cut == b.n - 1)
                want = KURV_OK;
            cr_assert_eq(e, want, "%s sample %zu cut at %zu/%zu: %s", s[i].name, i, cut, b.n,
                         kurv_strerror(e));
            count++;
        }
    }
    cr_log_info("%zu truncations checked", count);
    fprintf(stderr, "keyfile: %zu truncations checked\n", count);
}

static size_t find(const blob *hay, const blob *needle)
{
    size_t i;
    for (i = 0; i + needle->n <= hay->n; i++)
        if (memcmp(hay->b + i, needle->b, needle->n) == 0)
            return i;
    return (size_t)-1;
}

static int in_range(size_t i, size_t start, size_t len)
{
    return start != (size_t)-1 && i >= start && i < start + len;
}

/* The error kurv must give for the DER of @s with byte @i changed to @mut, given where d,
 * the point and the OIDs sit. KURV_OK means "may decode" (checked by the caller);
 * FLIP_REFRAMED means ENCODING, UNSUPPORTED or CURVE: a changed tag or length inside the
 * AlgorithmIdentifier can leave well-formed DER with another algorithm or parameters
 * (07 -> 06 as the OID length turns "01 06 05 ..." into a BOOLEAN of 6 bytes). */
#define FLIP_REFRAMED ((kurv_err)-1)
static kurv_err flip_expectation(const struct sample *s, const struct kat *k, const blob *orig,
                                 const blob *mut, size_t i)
{
    blob d = H(k->d), q = H(k->pub), oid_c = H("2b8104000a"), oid_a = H("2a8648ce3d0201");
    blob alg = H("301006072a8648ce3d020106052b8104000a");
    char pc[67];
    size_t at_d, at_q, at_c, at_a, at_alg;

    if (s->comp)
        q = H(compressed_hex(pc, k->pub));
    at_d = s->pub ? (size_t)-1 : find(orig, &d);
    at_q = find(orig, &q);
    at_c = find(orig, &oid_c);
    at_a = find(orig, &oid_a);
    at_alg = find(orig, &alg);
    if (in_range(i, at_d, d.n)) {
        /* another scalar: invalid, or valid and then not matching the public key */
        return kurv_privkey_check(k1(), mut->b + at_d, 32) == KURV_OK ? KURV_ERR_POINT
                                                                      : KURV_ERR_PRIVKEY;
    }
    if (in_range(i, at_q, q.n))
        return q.n == 33 ? KURV_OK : KURV_ERR_POINT; /* a changed x may still be on the curve */
    if (in_range(i, at_c, oid_c.n) || in_range(i, at_a, oid_a.n)) {
        /* a different OID if still well formed, else malformed */
        size_t st = in_range(i, at_c, oid_c.n) ? at_c : at_a, ln = in_range(i, at_c, oid_c.n)
                                                                      ? oid_c.n : oid_a.n, j;
        int ok = !(mut->b[st + ln - 1] & 0x80);
        for (j = 0; j < ln; j++)
            if (mut->b[st + j] == 0x80 && (j == 0 || !(mut->b[st + j - 1] & 0x80)))
                ok = 0;
        if (!ok)
            return KURV_ERR_ENCODING;
        return st == at_c ? KURV_ERR_CURVE : KURV_ERR_UNSUPPORTED;
    }
    if (in_range(i, at_alg, alg.n))
        return FLIP_REFRAMED;
    return KURV_ERR_ENCODING;
}

Test(keyfile, every_bit_flip)
{
    struct sample s[8 * NKATS];
    size_t ns, i, pos, count = 0, accepted = 0, reframed = 0;
    int bit;

    all_samples(s, &ns);
    for (i = 0; i < ns; i++) {
        const struct kat *k = &kats[i / 8];
        blob b;
        if (s[i].pem)
            continue;
        b = sample_bytes(&s[i]);
        for (pos = 0; pos < b.n; pos++)
            for (bit = 0; bit < 8; bit++) {
                blob m = b;
                uint8_t out[KURV_MAX_POINT_LEN];
                size_t olen;
                kurv_err e, want;
                m.b[pos] ^= (uint8_t)(1u << bit);
                e = decode_any(&s[i], m.b, m.n, out, &olen);
                want = flip_expectation(&s[i], k, &b, &m, pos);
                count++;
                if (e == KURV_OK) {
                    accepted++;
                    if (s[i].pub) {
                        /* only a compressed point can stay valid: it must come out as is */
                        cr_assert_eq(want, KURV_OK, "%s: flip %zu.%d accepted", k->name, pos, bit);
                        cr_assert(olen == 33 && memcmp(out, m.b + m.n - 33, 33) == 0);
                    } else {
                        /* only PKCS#8 version 0 -> 1 (RFC 5958 v2) is still a valid key */
                        cr_assert(s[i].p8 && pos == 5 && bit == 0 && b.b[3] == 0x02 &&
                                      b.b[4] == 0x01 && b.b[5] == 0x00 &&
                                      memcmp(out, H(k->d).b, 32) == 0,
                                  "%s sample %zu: flip %zu.%d accepted", k->name, i, pos, bit);
                    }
                    continue;
                }
                if (want == KURV_OK) /* a compressed x that is not on the curve */
                    want = KURV_ERR_POINT;
                if (want == FLIP_REFRAMED) {
                    cr_assert(e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED ||
                                  e == KURV_ERR_CURVE,
                              "%s sample %zu: flip of byte %zu bit %d: got %s", k->name, i, pos,
                              bit, kurv_strerror(e));
                    reframed += e != KURV_ERR_ENCODING;
                    continue;
                }
                cr_assert_eq(e, want, "%s sample %zu: flip of byte %zu bit %d: got %s, want %s",
                             k->name, i, pos, bit, kurv_strerror(e), kurv_strerror(want));
            }
    }
    cr_assert_gt(accepted, 0); /* the v2 flips and about half the compressed-x flips */
    fprintf(stderr, "keyfile: %zu bit flips checked, %zu still valid keys, %zu re-framed "
            "algorithm identifiers\n", count, accepted, reframed);
}

/* xorshift64: a fixed sequence, so a failure can be replayed */
static uint64_t RND(void)
{
    static uint64_t x = 0x9E3779B97F4A7C15ull;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* Random bytes and random damage to valid keys: never a crash, only documented errors; a
 * key that still decodes re-encodes and decodes to the same scalar. */
Test(keyfile, random_garbage)
{
    struct sample s[8 * NKATS];
    size_t ns, round, i;

    all_samples(s, &ns);
    for (round = 0; round < 20000; round++) {
        const struct sample *sm = &s[round % ns];
        blob b = sample_bytes(sm);
        uint8_t out[KURV_MAX_POINT_LEN];
        size_t olen, nchg;
        kurv_err e;
        if (round % 4 == 0) {
            b.n = (size_t)(RND() % 300);
            for (i = 0; i < b.n; i++)
                b.b[i] = (uint8_t)RND();
            if (b.n && (round & 8))
                b.b[0] = 0x30;
        } else {
            nchg = 1 + (size_t)(RND() % 4);
            for (i = 0; i < nchg; i++) {
                size_t at = (size_t)(RND() % b.n);
                b.b[at] = (uint8_t)RND();
            }
            if (RND() % 3 == 0)
                b.n = (size_t)(RND() % (b.n + 1));
        }
        e = decode_any(sm, b.b, b.n, out, &olen);
        cr_assert(e == KURV_OK || e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED ||
                  e == KURV_ERR_CURVE || e == KURV_ERR_PRIVKEY || e == KURV_ERR_POINT ||
                  (sm->pub && e == KURV_ERR_INFINITY),
                  "round %zu: undocumented error %d", round, e);
        if (e == KURV_OK && !sm->pub) {
            uint8_t enc[KURV_MAX_KEYFILE_LEN], d2[KURV_MAX_SCALAR_LEN];
            size_t len = sizeof enc, dlen;
            const kurv_curve *c2;
            cr_assert_eq(olen, 32);
            cr_assert_eq(kurv_privkey_encode(k1(), enc, &len, KURV_KEY_SEC1, KURV_KEYFMT_DER,
                                             out, 32), KURV_OK);
            cr_assert_eq(dec_priv(enc, len, d2, &dlen, &c2), KURV_OK);
            cr_assert(memcmp(d2, out, 32) == 0);
        }
    }
}

/* ---- OpenSSL's libcrypto, at test time, over every linked curve ---- */

static EVP_PKEY *ossl_from_der(const uint8_t *der, size_t len)
{
    const unsigned char *p = der;
    EVP_PKEY *pk = d2i_AutoPrivateKey(NULL, &p, (long)len);
    cr_assert(pk != NULL && p == der + len, "OpenSSL cannot read kurv's key");
    return pk;
}

/* a BIO's contents as a blob */
static blob bio_blob(BIO *bio)
{
    blob r;
    char *p;
    long n = BIO_get_mem_data(bio, &p);
    cr_assert(n >= 0 && (size_t)n <= sizeof r.b);
    memcpy(r.b, p, (size_t)n);
    r.n = (size_t)n;
    BIO_free(bio);
    return r;
}

static void same(const blob *a, const uint8_t *b, size_t blen, const char *what)
{
    cr_assert(a->n == blen && memcmp(a->b, b, blen) == 0, "%s: kurv and OpenSSL differ", what);
}

Test(keyfile_openssl, kurv_files_reencode_identically)
{
    size_t ci;
    int i;
    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        size_t slen = kurv_curve_scalar_len(c);
        for (i = 0; i < 16; i++) {
            uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN], qc[KURV_MAX_POINT_LEN];
            uint8_t sec1[KURV_MAX_KEYFILE_LEN], p8[KURV_MAX_KEYFILE_LEN];
            uint8_t sec1p[KURV_MAX_KEYFILE_LEN], p8p[KURV_MAX_KEYFILE_LEN];
            uint8_t sp[KURV_MAX_KEYFILE_LEN], spc[KURV_MAX_KEYFILE_LEN], spp[KURV_MAX_KEYFILE_LEN];
            size_t qlen = sizeof q, qclen = sizeof qc, l1 = sizeof sec1, l2 = sizeof p8;
            size_t l3 = sizeof sec1p, l4 = sizeof p8p, l5 = sizeof sp, l6 = sizeof spc;
            size_t l7 = sizeof spp;
            unsigned char *o = NULL;
            const unsigned char *cp;
            EVP_PKEY *pk, *pub;
            BIO *bio;
            int n;

            cr_assert_eq(kurv_keygen(c, d, slen, q, &qlen, 0), KURV_OK);
            cr_assert_eq(kurv_point_convert(c, qc, &qclen, 1, q, qlen), KURV_OK);
            cr_assert_eq(kurv_privkey_encode(c, sec1, &l1, KURV_KEY_SEC1, KURV_KEYFMT_DER, d, slen), 0);
            cr_assert_eq(kurv_privkey_encode(c, p8, &l2, KURV_KEY_PKCS8, KURV_KEYFMT_DER, d, slen), 0);
            cr_assert_eq(kurv_privkey_encode(c, sec1p, &l3, KURV_KEY_SEC1, KURV_KEYFMT_PEM, d, slen), 0);
            cr_assert_eq(kurv_privkey_encode(c, p8p, &l4, KURV_KEY_PKCS8, KURV_KEYFMT_PEM, d, slen), 0);
            cr_assert_eq(kurv_pubkey_encode(c, sp, &l5, KURV_KEYFMT_DER, q, qlen), 0);
            cr_assert_eq(kurv_pubkey_encode(c, spc, &l6, KURV_KEYFMT_DER, qc, qclen), 0);
            cr_assert_eq(kurv_pubkey_encode(c, spp, &l7, KURV_KEYFMT_PEM, q, qlen), 0);

            /* SEC1 DER and PEM */
            pk = ossl_from_der(sec1, l1);
            n = i2d_PrivateKey(pk, &o);
            cr_assert(n > 0);
            {
                blob b = {{0}, 0};
                memcpy(b.b, o, (size_t)n);
                b.n = (size_t)n;
                same(&b, sec1, l1, "SEC1 DER");
            }
            OPENSSL_free(o);
            o = NULL;
            bio = BIO_new(BIO_s_mem());
            cr_assert(PEM_write_bio_PrivateKey_traditional(bio, pk, NULL, NULL, 0, NULL, NULL));
            {
                blob b = bio_blob(bio);
                same(&b, sec1p, l3, "SEC1 PEM");
            }
            /* PKCS#8 DER and PEM (OpenSSL's reading of kurv's SEC1 key, written its way) */
            bio = BIO_new(BIO_s_mem());
            cr_assert(i2d_PKCS8PrivateKey_bio(bio, pk, NULL, NULL, 0, NULL, NULL));
            {
                blob b = bio_blob(bio);
                same(&b, p8, l2, "PKCS#8 DER");
            }
            bio = BIO_new(BIO_s_mem());
            cr_assert(PEM_write_bio_PrivateKey(bio, pk, NULL, NULL, 0, NULL, NULL));
            {
                blob b = bio_blob(bio);
                same(&b, p8p, l4, "PKCS#8 PEM");
            }
            EVP_PKEY_free(pk);
            /* and OpenSSL reads kurv's PKCS#8 to the same SEC1 key */
            pk = ossl_from_der(p8, l2);
            n = i2d_PrivateKey(pk, &o);
            cr_assert(n == (int)l1 && memcmp(o, sec1, l1) == 0, "PKCS#8 -> SEC1 differs");
            OPENSSL_free(o);
            o = NULL;
            /* SubjectPublicKeyInfo, both point forms */
            cp = sp;
            pub = d2i_PUBKEY(NULL, &cp, (long)l5);
            cr_assert(pub != NULL && cp == sp + l5);
            n = i2d_PUBKEY(pub, &o);
            cr_assert(n == (int)l5 && memcmp(o, sp, l5) == 0, "SPKI differs");
            OPENSSL_free(o);
            o = NULL;
            bio = BIO_new(BIO_s_mem());
            cr_assert(PEM_write_bio_PUBKEY(bio, pub));
            {
                blob b = bio_blob(bio);
                same(&b, spp, l7, "SPKI PEM");
            }
            cr_assert(EVP_PKEY_set_utf8_string_param(pub, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
                                                     "compressed"));
            n = i2d_PUBKEY(pub, &o);
            cr_assert(n == (int)l6 && memcmp(o, spc, l6) == 0, "compressed SPKI differs");
            OPENSSL_free(o);
            EVP_PKEY_free(pub);
            EVP_PKEY_free(pk);
        }
    }
}

Test(keyfile_openssl, openssl_keys_decode)
{
    size_t ci;
    int i;
    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        size_t slen = kurv_curve_scalar_len(c);
        for (i = 0; i < 16; i++) {
            EVP_PKEY *pk = EVP_EC_gen(kurv_curve_name(c));
            uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN], out[KURV_MAX_POINT_LEN];
            size_t qlen, olen;
            BIGNUM *bn = NULL;
            unsigned char *o = NULL;
            const kurv_curve *c2;
            blob files[4];
            int n, f;
            BIO *bio;

            cr_assert(pk != NULL, "OpenSSL cannot make a %s key", kurv_curve_name(c));
            cr_assert(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &bn));
            cr_assert(BN_bn2binpad(bn, d, (int)slen) == (int)slen);
            BN_clear_free(bn);
            cr_assert(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PUB_KEY, q, sizeof q,
                                                      &qlen));
            n = i2d_PrivateKey(pk, &o);
            cr_assert(n > 0);
            memcpy(files[0].b, o, (size_t)n);
            files[0].n = (size_t)n;
            OPENSSL_free(o);
            o = NULL;
            bio = BIO_new(BIO_s_mem());
            cr_assert(i2d_PKCS8PrivateKey_bio(bio, pk, NULL, NULL, 0, NULL, NULL));
            files[1] = bio_blob(bio);
            bio = BIO_new(BIO_s_mem());
            cr_assert(PEM_write_bio_PrivateKey_traditional(bio, pk, NULL, NULL, 0, NULL, NULL));
            files[2] = bio_blob(bio);
            bio = BIO_new(BIO_s_mem());
            cr_assert(PEM_write_bio_PrivateKey(bio, pk, NULL, NULL, 0, NULL, NULL));
            files[3] = bio_blob(bio);
            for (f = 0; f < 4; f++) {
                olen = sizeof out;
                cr_assert_eq(kurv_privkey_decode(&c2, out, &olen, kt_curves, kt_ncurves,
                                                 files[f].b, files[f].n), KURV_OK, "form %d", f);
                cr_assert(c2 == c && olen == slen && memcmp(out, d, slen) == 0, "form %d", f);
            }
            n = i2d_PUBKEY(pk, &o);
            cr_assert(n > 0);
            olen = sizeof out;
            cr_assert_eq(kurv_pubkey_decode(&c2, out, &olen, kt_curves, kt_ncurves, o, (size_t)n),
                         KURV_OK);
            cr_assert(c2 == c && olen == qlen && memcmp(out, q, qlen) == 0);
            OPENSSL_free(o);
            bio = BIO_new(BIO_s_mem());
            cr_assert(PEM_write_bio_PUBKEY(bio, pk));
            files[0] = bio_blob(bio);
            olen = sizeof out;
            cr_assert_eq(kurv_pubkey_decode(&c2, out, &olen, kt_curves, kt_ncurves, files[0].b,
                                            files[0].n), KURV_OK);
            cr_assert(c2 == c && olen == qlen && memcmp(out, q, qlen) == 0);
            EVP_PKEY_free(pk);
        }
    }
}
