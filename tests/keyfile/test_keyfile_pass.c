/*
 * Password-encrypted private keys (kurv_privkey_encode_pass / kurv_privkey_decode_pass).
 *
 * - OpenSSL's libcrypto writes EncryptedPrivateKeyInfo with PBES2 for every PRF it offers
 *   that RFC 8018 names (hmacWithSHA1, -224, -256, -384, -512) and every AES-CBC key size,
 *   on every built curve, DER and PEM: kurv reads the same d;
 * - kurv writes, OpenSSL reads (the same d), and kurv reads its own files;
 * - hand-built files (PBKDF2 and AES-CBC through Nettle, the DER by hand) for the corners
 *   OpenSSL does not write: a keyLength field, a PRF without parameters, the default PRF;
 * - refusals: other schemes (PKCS#12 3DES, PBES2 with 3DES, scrypt, hmacWithSHA512-256,
 *   otherSource salts, too many iterations), wrong passwords, malformed fields;
 * - a sweep over every truncation and single-byte change of a kurv file and of an OpenSSL
 *   file, DER and PEM: only the documented codes, no crash (ASan build), and never another
 *   key. PBES2 has no integrity check: a change of the IV changes the first plaintext
 *   block by the same bits, so flipping the low bit of the PKCS#8 version (0 to 1, RFC
 *   5958's v2, whose extra field is optional) leaves a valid file of the same key; the
 *   sweep counts those (in DER once per file; in PEM when a changed base64 character
 *   happens to flip only that bit, depending on the random IV), and the PEM files cut just
 *   before their final newline, and checks that the key read is always the original.
 */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/pbkdf2.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>
#include "testutil.h"

static const char pw[] = "correct horse";
#define PW ((const uint8_t *)pw), (sizeof pw - 1)

typedef struct {
    uint8_t b[8192];
    size_t n;
} blob;

static blob bio_blob(BIO *bio)
{
    blob r;
    char *p;
    long n = BIO_get_mem_data(bio, &p);
    cr_assert(n > 0 && (size_t)n <= sizeof r.b);
    memcpy(r.b, p, (size_t)n);
    r.n = (size_t)n;
    BIO_free(bio);
    return r;
}

/* OpenSSL's d of @pk, scalar-length bytes */
static void ossl_priv(const kurv_curve *c, EVP_PKEY *pk, uint8_t *d)
{
    BIGNUM *bn = NULL;
    int slen = (int)kurv_curve_scalar_len(c);
    cr_assert(EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &bn));
    cr_assert(BN_bn2binpad(bn, d, slen) == slen);
    BN_clear_free(bn);
}

/* @pk as OpenSSL's EncryptedPrivateKeyInfo: PBES2 with @cipher and PRF @prf_nid (or a PBE
 * scheme @pbe_nid when not -1), @iter iterations; DER, or PEM when @pem. */
static blob ossl_encrypt(EVP_PKEY *pk, const EVP_CIPHER *cipher, int prf_nid, int pbe_nid,
                         int iter, int pem)
{
    PKCS8_PRIV_KEY_INFO *inf = EVP_PKEY2PKCS8(pk);
    X509_ALGOR *alg;
    X509_SIG *sig;
    BIO *bio = BIO_new(BIO_s_mem());

    cr_assert(inf != NULL);
    if (pbe_nid != -1)
        alg = PKCS5_pbe_set(pbe_nid, iter, NULL, 0);
    else
        alg = PKCS5_pbe2_set_iv(cipher, iter, NULL, 0, NULL, prf_nid);
    cr_assert(alg != NULL, "OpenSSL cannot set up the scheme");
    sig = PKCS8_set0_pbe(pw, (int)(sizeof pw - 1), inf, alg);
    cr_assert(sig != NULL, "OpenSSL cannot encrypt");
    if (pem)
        cr_assert(PEM_write_bio_PKCS8(bio, sig));
    else
        cr_assert(i2d_PKCS8_bio(bio, sig));
    X509_SIG_free(sig);
    PKCS8_PRIV_KEY_INFO_free(inf);
    return bio_blob(bio);
}

static kurv_err dec(const kurv_curve **c, uint8_t *d, size_t *dlen, const blob *b,
                    const char *pass)
{
    *dlen = KURV_MAX_SCALAR_LEN;
    return kurv_privkey_decode_pass(c, d, dlen, kt_curves, kt_ncurves, b->b, b->n,
                                    (const uint8_t *)pass, strlen(pass));
}

Test(keyfile_pass, openssl_every_prf_and_cipher)
{
    static const int prfs[] = {NID_hmacWithSHA1, NID_hmacWithSHA224, NID_hmacWithSHA256,
                               NID_hmacWithSHA384, NID_hmacWithSHA512};
    const EVP_CIPHER *ciphers[] = {EVP_aes_128_cbc(), EVP_aes_192_cbc(), EVP_aes_256_cbc()};
    size_t ci, pi, ki, n = 0;
    int pem;

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci], *c2;
        EVP_PKEY *pk = EVP_EC_gen(kt_openssl_name(c));
        uint8_t d[KURV_MAX_SCALAR_LEN], out[KURV_MAX_SCALAR_LEN];
        size_t olen;

        cr_assert(pk != NULL);
        ossl_priv(c, pk, d);
        for (pi = 0; pi < 5; pi++)
            for (ki = 0; ki < 3; ki++)
                for (pem = 0; pem < 2; pem++) {
                    blob f = ossl_encrypt(pk, ciphers[ki], prfs[pi], -1, 2048, pem);
                    cr_assert_eq(dec(&c2, out, &olen, &f, pw), KURV_OK, "%s %s %s %s",
                                 kurv_curve_name(c), OBJ_nid2sn(prfs[pi]),
                                 EVP_CIPHER_get0_name(ciphers[ki]), pem ? "PEM" : "DER");
                    cr_assert(c2 == c && olen == kurv_curve_scalar_len(c) &&
                              memcmp(out, d, olen) == 0);
                    /* without the password, and with a wrong one */
                    olen = sizeof out;
                    cr_assert_eq(kurv_privkey_decode(&c2, out, &olen, kt_curves, kt_ncurves,
                                                     f.b, f.n), KURV_ERR_ENCRYPTED);
                    cr_assert_eq(dec(&c2, out, &olen, &f, "correct horsf"), KURV_ERR_PASSWORD);
                    cr_assert(c2 == NULL && olen == 0);
                    n++;
                }
        EVP_PKEY_free(pk);
    }
    printf("keyfile_pass: %zu OpenSSL files (5 PRFs x 3 AES x DER/PEM on %zu curves) read\n",
           n, kt_ncurves);
}

Test(keyfile_pass, kurv_writes_openssl_reads)
{
    size_t ci, n = 0;
    int pem;

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci], *c2;
        size_t slen = kurv_curve_scalar_len(c);
        uint8_t d[KURV_MAX_SCALAR_LEN], od[KURV_MAX_SCALAR_LEN], out[KURV_MAX_SCALAR_LEN];
        uint8_t f[KURV_MAX_ENC_KEYFILE_LEN], f2[KURV_MAX_ENC_KEYFILE_LEN];
        size_t flen, f2len, olen;

        cr_assert_eq(kurv_keygen(c, d, slen, NULL, NULL, 0), KURV_OK);
        for (pem = 0; pem < 2; pem++) {
            kurv_keyfmt fmt = pem ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER;
            EVP_PKEY *pk;
            BIO *bio;

            flen = 0;   /* the size query */
            cr_assert_eq(kurv_privkey_encode_pass(c, NULL, &flen, fmt, d, slen, PW, 2048),
                         KURV_ERR_BUFFER);
            cr_assert(flen > 0 && flen <= KURV_MAX_ENC_KEYFILE_LEN);
            f2len = flen;
            cr_assert_eq(kurv_privkey_encode_pass(c, f, &flen, fmt, d, slen, PW, 2048), KURV_OK);
            cr_assert_eq(flen, f2len, "the size query gives the size");
            cr_assert_eq(kurv_privkey_encode_pass(c, f2, &f2len, fmt, d, slen, PW, 2048), KURV_OK);
            cr_assert(f2len == flen && memcmp(f, f2, flen) != 0, "fresh salt and IV each time");
            if (pem)
                cr_assert(memcmp(f, "-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 38) == 0);
            bio = BIO_new_mem_buf(f, (int)flen);
            pk = pem ? PEM_read_bio_PrivateKey(bio, NULL, NULL, (void *)pw)
                     : d2i_PKCS8PrivateKey_bio(bio, NULL, NULL, (void *)pw);
            BIO_free(bio);
            cr_assert(pk != NULL, "OpenSSL reads kurv's %s file on %s", pem ? "PEM" : "DER",
                      kurv_curve_name(c));
            ossl_priv(c, pk, od);
            cr_assert(memcmp(od, d, slen) == 0);
            EVP_PKEY_free(pk);
            olen = sizeof out;
            cr_assert_eq(kurv_privkey_decode_pass(&c2, out, &olen, kt_curves, kt_ncurves, f,
                                                  flen, PW), KURV_OK);
            cr_assert(c2 == c && olen == slen && memcmp(out, d, slen) == 0);
            n++;
        }
    }
    printf("keyfile_pass: %zu kurv files read by OpenSSL and kurv\n", n);
}

/* The default count is written: INTEGER 100000 = 02 03 01 86 A0, and an empty password
 * works both ways. */
Test(keyfile_pass, default_iterations_and_empty_password)
{
    const kurv_curve *c = kt_curves[0], *c2;
    static const uint8_t iter_der[] = {0x02, 0x03, 0x01, 0x86, 0xA0};
    uint8_t d[KURV_MAX_SCALAR_LEN], out[KURV_MAX_SCALAR_LEN], f[KURV_MAX_ENC_KEYFILE_LEN];
    size_t slen = kurv_curve_scalar_len(c), flen = sizeof f, olen = sizeof out, i;
    int found = 0;
    EVP_PKEY *pk;
    BIO *bio;

    cr_assert_eq(KURV_PBKDF2_ITER_DEFAULT, 100000u);
    cr_assert_eq(kurv_keygen(c, d, slen, NULL, NULL, 0), KURV_OK);
    cr_assert_eq(kurv_privkey_encode_pass(c, f, &flen, KURV_KEYFMT_DER, d, slen, NULL, 0, 0),
                 KURV_OK);
    for (i = 0; i + sizeof iter_der <= flen; i++)
        found |= memcmp(f + i, iter_der, sizeof iter_der) == 0;
    cr_assert(found, "the default iteration count 100000 is in the file");
    bio = BIO_new_mem_buf(f, (int)flen);
    pk = d2i_PKCS8PrivateKey_bio(bio, NULL, NULL, (void *)"");
    BIO_free(bio);
    cr_assert(pk != NULL);
    EVP_PKEY_free(pk);
    cr_assert_eq(kurv_privkey_decode_pass(&c2, out, &olen, kt_curves, kt_ncurves, f, flen,
                                          NULL, 0), KURV_OK);
    cr_assert(memcmp(out, d, slen) == 0);
    /* bad arguments */
    flen = sizeof f;
    cr_assert_eq(kurv_privkey_encode_pass(c, f, &flen, KURV_KEYFMT_DER, d, slen, PW,
                                          KURV_PBKDF2_ITER_MAX + 1ul), KURV_ERR_ARG);
    flen = sizeof f;
    cr_assert_eq(kurv_privkey_encode_pass(c, f, &flen, KURV_KEYFMT_DER, d, slen, NULL, 3, 1),
                 KURV_ERR_ARG);
    flen = sizeof f;
    cr_assert_eq(kurv_privkey_encode_pass(c, f, &flen, (kurv_keyfmt)7, d, slen, PW, 1),
                 KURV_ERR_ARG);
    memset(d, 0, sizeof d);
    flen = sizeof f;
    cr_assert_eq(kurv_privkey_encode_pass(c, f, &flen, KURV_KEYFMT_DER, d, slen, PW, 1),
                 KURV_ERR_PRIVKEY);
}

/* Unencrypted keys pass through kurv_privkey_decode_pass() as kurv_privkey_decode(). */
Test(keyfile_pass, plain_keys_pass_through)
{
    const kurv_curve *c = kt_curves[0], *c2;
    uint8_t d[KURV_MAX_SCALAR_LEN], out[KURV_MAX_SCALAR_LEN], f[KURV_MAX_KEYFILE_LEN];
    size_t slen = kurv_curve_scalar_len(c), flen, olen;
    int t, pem;

    cr_assert_eq(kurv_keygen(c, d, slen, NULL, NULL, 0), KURV_OK);
    for (t = 0; t < 2; t++)
        for (pem = 0; pem < 2; pem++) {
            flen = sizeof f;
            olen = sizeof out;
            cr_assert_eq(kurv_privkey_encode(c, f, &flen, (kurv_keytype)t, (kurv_keyfmt)pem, d,
                                             slen), KURV_OK);
            cr_assert_eq(kurv_privkey_decode_pass(&c2, out, &olen, kt_curves, kt_ncurves, f,
                                                  flen, PW), KURV_OK);
            cr_assert(c2 == c && olen == slen && memcmp(out, d, slen) == 0);
        }
}

/* ---- hand-built files ---- */

static blob tlv(uint8_t tag, const blob *v)
{
    blob r;
    size_t h = 0;
    r.b[h++] = tag;
    if (v->n < 128) {
        r.b[h++] = (uint8_t)v->n;
    } else if (v->n < 256) {
        r.b[h++] = 0x81;
        r.b[h++] = (uint8_t)v->n;
    } else {
        r.b[h++] = 0x82;
        r.b[h++] = (uint8_t)(v->n >> 8);
        r.b[h++] = (uint8_t)v->n;
    }
    cr_assert(h + v->n <= sizeof r.b);
    memcpy(r.b + h, v->b, v->n);
    r.n = h + v->n;
    return r;
}

static blob raw(const void *p, size_t n)
{
    blob r;
    cr_assert(n <= sizeof r.b);
    memcpy(r.b, p, n);
    r.n = n;
    return r;
}

static blob cat(const blob *a, const blob *b)
{
    blob r = *a;
    cr_assert(r.n + b->n <= sizeof r.b);
    memcpy(r.b + r.n, b->b, b->n);
    r.n += b->n;
    return r;
}

#define SEQ(x) tlv(0x30, &(x))

static const uint8_t o_pbes2[] = {0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D};
static const uint8_t o_pbkdf2[] = {0x06, 0x09, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0C};
static const uint8_t o_hsha256[] = {0x06, 0x08, 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x02, 0x09};
static const uint8_t o_aes256[] = {0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2A};

/* How a hand-built file differs from OpenSSL's layout. */
struct shape {
    const char *iter;       /* the INTEGER's contents as hex (default "0800" = 2048) */
    int keylen;             /* keyLength INTEGER written when nonzero */
    int prf;                /* 0: hmacWithSHA256 with NULL; 1: without parameters; 2: absent */
    int other_source;       /* salt as an AlgorithmIdentifier */
};

/* An EncryptedPrivateKeyInfo with PBKDF2 (PRF SHA-256, or SHA-1 when @s->prf is 2) and
 * AES-256-CBC over the PKCS#8 of @d, encrypted with Nettle under @pass. */
static blob build(const kurv_curve *c, const uint8_t *d, const struct shape *s)
{
    uint8_t p8[512], dk[32], iv[16], iv0[16], salt[8] = {1, 2, 3, 4, 5, 6, 7, 8}, ibuf[8];
    size_t p8len = sizeof p8, padded;
    struct aes256_ctx aes;
    long ilen;
    unsigned long iter = 0;
    blob salt_b, iter_b, params, prf_b, kdf, enc, tmp, tmp2, algs, top;
    int i;

    cr_assert_eq(kurv_privkey_encode(c, p8, &p8len, KURV_KEY_PKCS8, KURV_KEYFMT_DER, d,
                                     kurv_curve_scalar_len(c)), KURV_OK);
    padded = (p8len / 16 + 1) * 16;
    memset(p8 + p8len, (int)(padded - p8len), padded - p8len);
    ilen = kt_unhex(ibuf, sizeof ibuf, s->iter ? s->iter : "0800");
    cr_assert(ilen > 0);
    for (i = 0; i < ilen; i++)
        iter = iter << 8 | ibuf[i];
    if (iter >= 1 && iter <= 4096) {
        if (s->prf == 2)
            pbkdf2_hmac_sha1(sizeof pw - 1, (const uint8_t *)pw, (unsigned)iter, sizeof salt, salt,
                             sizeof dk, dk);
        else
            pbkdf2_hmac_sha256(sizeof pw - 1, (const uint8_t *)pw, (unsigned)iter, sizeof salt,
                               salt, sizeof dk, dk);
    } else {
        memset(dk, 0, sizeof dk);   /* never decrypted: refused before */
    }
    for (i = 0; i < 16; i++)
        iv0[i] = (uint8_t)(0xA0 + i);
    memcpy(iv, iv0, 16);
    aes256_set_encrypt_key(&aes, dk);
    cbc_encrypt(&aes, (nettle_cipher_func *)aes256_encrypt, 16, iv, padded, p8, p8);

    tmp = raw(salt, sizeof salt);
    salt_b = tlv(0x04, &tmp);
    if (s->other_source) {
        tmp = raw(o_hsha256, sizeof o_hsha256);
        salt_b = SEQ(tmp);
    }
    tmp = raw(ibuf, (size_t)ilen);
    iter_b = tlv(0x02, &tmp);
    params = cat(&salt_b, &iter_b);
    if (s->keylen) {
        uint8_t k = (uint8_t)s->keylen;
        tmp = raw(&k, 1);
        tmp2 = tlv(0x02, &tmp);
        params = cat(&params, &tmp2);
    }
    if (s->prf < 2) {
        static const uint8_t null_der[] = {0x05, 0x00};
        tmp = raw(o_hsha256, sizeof o_hsha256);
        if (s->prf == 0) {
            tmp2 = raw(null_der, 2);
            tmp = cat(&tmp, &tmp2);
        }
        prf_b = SEQ(tmp);
        params = cat(&params, &prf_b);
    }
    tmp = SEQ(params);
    tmp2 = raw(o_pbkdf2, sizeof o_pbkdf2);
    tmp = cat(&tmp2, &tmp);
    kdf = SEQ(tmp);
    tmp = raw(iv0, 16);
    tmp2 = tlv(0x04, &tmp);
    tmp = raw(o_aes256, sizeof o_aes256);
    tmp = cat(&tmp, &tmp2);
    enc = SEQ(tmp);
    tmp = cat(&kdf, &enc);
    tmp = SEQ(tmp);
    tmp2 = raw(o_pbes2, sizeof o_pbes2);
    tmp = cat(&tmp2, &tmp);
    algs = SEQ(tmp);
    tmp = raw(p8, padded);
    tmp2 = tlv(0x04, &tmp);
    top = cat(&algs, &tmp2);
    return SEQ(top);
}

Test(keyfile_pass, hand_built_corners)
{
    const kurv_curve *c = kt_curves[0], *c2;
    uint8_t d[KURV_MAX_SCALAR_LEN], out[KURV_MAX_SCALAR_LEN];
    size_t slen = kurv_curve_scalar_len(c), olen;
    struct {
        struct shape s;
        kurv_err want;
        const char *what;
    } cases[] = {
        {{NULL, 0, 0, 0}, KURV_OK, "OpenSSL's layout"},
        {{NULL, 32, 0, 0}, KURV_OK, "keyLength 32 (AES-256)"},
        {{NULL, 0, 1, 0}, KURV_OK, "PRF without parameters"},
        {{NULL, 0, 2, 0}, KURV_OK, "PRF absent: hmacWithSHA1, the DEFAULT"},
        {{"01", 0, 0, 0}, KURV_OK, "one iteration"},
        {{NULL, 16, 0, 0}, KURV_ERR_ENCODING, "keyLength 16 with AES-256"},
        {{"00", 0, 0, 0}, KURV_ERR_ENCODING, "iterationCount 0"},
        {{"FF", 0, 0, 0}, KURV_ERR_ENCODING, "a negative iterationCount"},
        {{"0000FF", 0, 0, 0}, KURV_ERR_ENCODING, "a non-minimal iterationCount"},
        {{"00989681", 0, 0, 0}, KURV_ERR_UNSUPPORTED, "10000001 iterations (over the limit)"},
        {{"989680", 0, 0, 0}, KURV_ERR_ENCODING, "0x989680 without its leading 00: negative"},
        {{"7FFFFFFF", 0, 0, 0}, KURV_ERR_UNSUPPORTED, "2^31 - 1 iterations"},
        {{"0080000000", 0, 0, 0}, KURV_ERR_UNSUPPORTED, "2^31 iterations"},
        {{NULL, 0, 0, 1}, KURV_ERR_UNSUPPORTED, "salt from otherSource"},
    };
    size_t i;

    cr_assert_eq(kurv_keygen(c, d, slen, NULL, NULL, 0), KURV_OK);
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        blob f = build(c, d, &cases[i].s);
        cr_assert_eq(dec(&c2, out, &olen, &f, pw), cases[i].want, "%s", cases[i].what);
        if (cases[i].want == KURV_OK)
            cr_assert(c2 == c && olen == slen && memcmp(out, d, slen) == 0, "%s", cases[i].what);
    }
}

Test(keyfile_pass, other_schemes_refused)
{
    const kurv_curve *c = kt_curve("P-256") ? kt_curve("P-256") : kt_curves[0], *c2;
    EVP_PKEY *pk = EVP_EC_gen(kt_openssl_name(c));
    uint8_t out[KURV_MAX_SCALAR_LEN];
    size_t olen;
    blob f;
    int pem;

    cr_assert(pk != NULL);
    for (pem = 0; pem < 2; pem++) {
        /* PKCS#12 PBE with 3DES (what `openssl pkcs8 -topk8 -v1 PBE-SHA1-3DES` writes) */
        f = ossl_encrypt(pk, NULL, 0, NID_pbe_WithSHA1And3_Key_TripleDES_CBC, 2048, pem);
        cr_assert_eq(dec(&c2, out, &olen, &f, pw), KURV_ERR_UNSUPPORTED);
        olen = sizeof out;
        cr_assert_eq(kurv_privkey_decode(&c2, out, &olen, kt_curves, kt_ncurves, f.b, f.n),
                     KURV_ERR_ENCRYPTED);
        /* PBES2 with 3DES */
        f = ossl_encrypt(pk, EVP_des_ede3_cbc(), NID_hmacWithSHA256, -1, 2048, pem);
        cr_assert_eq(dec(&c2, out, &olen, &f, pw), KURV_ERR_UNSUPPORTED);
        /* PBES2 with a PRF RFC 8018 names but kurv does not read */
        f = ossl_encrypt(pk, EVP_aes_256_cbc(), NID_hmacWithSHA512_256, -1, 2048, pem);
        cr_assert_eq(dec(&c2, out, &olen, &f, pw), KURV_ERR_UNSUPPORTED);
        /* PBES2 with AES in another mode */
        f = ossl_encrypt(pk, EVP_aes_256_ofb(), NID_hmacWithSHA256, -1, 2048, pem);
        cr_assert_eq(dec(&c2, out, &olen, &f, pw), KURV_ERR_UNSUPPORTED);
    }
    {
        /* scrypt (RFC 7914), `openssl pkcs8 -topk8 -scrypt` */
        PKCS8_PRIV_KEY_INFO *inf = EVP_PKEY2PKCS8(pk);
        X509_ALGOR *alg = PKCS5_pbe2_set_scrypt(EVP_aes_256_cbc(), NULL, 0, NULL, 1024, 8, 1);
        X509_SIG *sig;
        BIO *bio = BIO_new(BIO_s_mem());
        cr_assert(alg != NULL);
        sig = PKCS8_set0_pbe(pw, (int)(sizeof pw - 1), inf, alg);
        cr_assert(sig != NULL && i2d_PKCS8_bio(bio, sig));
        f = bio_blob(bio);
        X509_SIG_free(sig);
        PKCS8_PRIV_KEY_INFO_free(inf);
        cr_assert_eq(dec(&c2, out, &olen, &f, pw), KURV_ERR_UNSUPPORTED);
    }
    EVP_PKEY_free(pk);
}

/* ---- the sweep ---- */

struct tally {
    size_t n, by[KURV_ERR_PASSWORD + 1];
};

static void sweep_one(struct tally *t, const uint8_t *in, size_t n, const char *what, size_t at,
                      const uint8_t *d)
{
    const kurv_curve *c2 = (const kurv_curve *)1;
    uint8_t out[KURV_MAX_SCALAR_LEN];
    size_t olen = sizeof out;
    kurv_err e = kurv_privkey_decode_pass(&c2, out, &olen, kt_curves, kt_ncurves, in, n, PW);
    static const uint8_t zero[KURV_MAX_SCALAR_LEN];

    t->n++;
    t->by[e]++;
    if (e == KURV_OK) {
        cr_assert(olen == kurv_curve_scalar_len(c2) && memcmp(out, d, olen) == 0,
                  "%s at %zu: read as another key", what, at);
        return;
    }
    cr_assert(e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED || e == KURV_ERR_PASSWORD ||
              e == KURV_ERR_PRIVKEY || e == KURV_ERR_POINT || e == KURV_ERR_CURVE ||
              e == KURV_ERR_ENCRYPTED,
              "%s at %zu: %s (%d)", what, at, kurv_strerror(e), (int)e);
    cr_assert(c2 == NULL && olen == 0 && memcmp(out, zero, sizeof out) == 0);
}

static void sweep(struct tally *t, const blob *f, const char *what, const uint8_t *d)
{
    uint8_t buf[8192];
    size_t i;
    static const uint8_t flips[] = {0x01, 0x80, 0xFF};
    int k;

    for (i = 0; i < f->n; i++)   /* every truncation */
        sweep_one(t, f->b, i, what, i, d);
    for (i = 0; i < f->n; i++)
        for (k = 0; k < 3; k++) {
            memcpy(buf, f->b, f->n);
            buf[i] ^= flips[k];
            if (buf[i] == '\n' || buf[i] == '\r' || buf[i] == ' ' || buf[i] == '\t')
                continue;   /* PEM: white space in the base64 is allowed */
            sweep_one(t, buf, f->n, what, i, d);
        }
}

Test(keyfile_pass, corrupted_files_sweep)
{
    const kurv_curve *c = kt_curve("P-521") ? kt_curve("P-521") : kt_curves[0];
    size_t slen = kurv_curve_scalar_len(c);
    uint8_t d[KURV_MAX_SCALAR_LEN], od[KURV_MAX_SCALAR_LEN];
    struct tally t;
    EVP_PKEY *pk = EVP_EC_gen(kt_openssl_name(c));
    int pem;

    memset(&t, 0, sizeof t);
    cr_assert(pk != NULL);
    cr_assert_eq(kurv_keygen(c, d, slen, NULL, NULL, 0), KURV_OK);
    ossl_priv(c, pk, od);
    for (pem = 0; pem < 2; pem++) {
        blob k, o;
        k.n = sizeof k.b;
        /* one iteration, so that the sweep is quick; a count changed by a flip stays
         * below 2^15 or is refused (DER INTEGER of 1 byte) */
        cr_assert_eq(kurv_privkey_encode_pass(c, k.b, &k.n, pem ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER,
                                              d, slen, PW, 1), KURV_OK);
        sweep(&t, &k, pem ? "kurv PEM" : "kurv DER", d);
        o = ossl_encrypt(pk, EVP_aes_128_cbc(), NID_hmacWithSHA512, -1, 1, pem);
        sweep(&t, &o, pem ? "OpenSSL PEM" : "OpenSSL DER", od);
    }
    EVP_PKEY_free(pk);
    printf("keyfile_pass sweep on %s: %zu altered files: %zu read as the same key (IV "
           "malleability, PEM without its last newline), %zu malformed, %zu "
           "unsupported, %zu wrong password/damaged, %zu private key, %zu point, %zu curve, "
           "%zu encrypted-label\n", kurv_curve_name(c), t.n, t.by[KURV_OK], t.by[KURV_ERR_ENCODING],
           t.by[KURV_ERR_UNSUPPORTED], t.by[KURV_ERR_PASSWORD], t.by[KURV_ERR_PRIVKEY],
           t.by[KURV_ERR_POINT], t.by[KURV_ERR_CURVE], t.by[KURV_ERR_ENCRYPTED]);
    cr_assert(t.by[KURV_ERR_PASSWORD] > 0 && t.by[KURV_ERR_ENCODING] > 0);
    /* how many depends on the random IVs (a base64 character covers bits of two bytes) */
    cr_assert(t.by[KURV_OK] <= 16, "only a few changes leave the same key");
}
