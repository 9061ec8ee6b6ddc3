/*
 * kurv core: PBES2 for PKCS#8 EncryptedPrivateKeyInfo, whatever the key inside (see pbes2.h).
 *
 *   EncryptedPrivateKeyInfo (RFC 5958 3):
 *     SEQUENCE { encryptionAlgorithm AlgorithmIdentifier, encryptedData OCTET STRING }
 *   PBES2 (RFC 8018 A.4): id-PBES2 with
 *     PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier,
 *                                 encryptionScheme AlgorithmIdentifier }
 *   PBKDF2 (RFC 8018 A.2): id-PBKDF2 with
 *     PBKDF2-params ::= SEQUENCE { salt CHOICE { specified OCTET STRING, otherSource ... },
 *                                  iterationCount INTEGER, keyLength INTEGER OPTIONAL,
 *                                  prf AlgorithmIdentifier DEFAULT hmacWithSHA1 }
 *   AES-CBC (RFC 3565 4.1): aes{128,192,256}-CBC with an OCTET STRING IV of 16 bytes.
 *
 * Reading goes in the order of keyfile.c: the whole structure first (KURV_ERR_ENCODING),
 * then the scheme (KURV_ERR_UNSUPPORTED), then decryption (KURV_ERR_PASSWORD for bad
 * padding). PBKDF2, HMAC and AES-CBC are Nettle's. HMAC contexts and derived keys live on
 * the stack and are wiped before return. The EC keys' wrappers are keyfile_pass.c's;
 * kurv-25519's are curves/25519/keyfile25519.c's (its shared library compiles this file in).
 */
#include <string.h>
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/hmac.h>
#include <nettle/pbkdf2.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "keyfile_impl.h"
#include "aes_any.h"
#include "pbes2.h"

/* 1.2.840.113549.1.5.13 id-PBES2, .12 id-PBKDF2 (RFC 8018 A.2, A.4) */
static const uint8_t oid_pbes2[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D};
static const uint8_t oid_pbkdf2[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0C};
/* 1.2.840.113549.2.{7,8,9,10,11}: hmacWithSHA1, -SHA224, -SHA256, -SHA384, -SHA512 (B.1);
 * the last byte tells them apart */
static const uint8_t oid_hmac_prefix[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x02};
/* 2.16.840.1.101.3.4.1.{2,22,42}: aes128-CBC, aes192-CBC, aes256-CBC (RFC 3565 4.1) */
static const uint8_t oid_aes_prefix[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01};

enum prf { PRF_SHA1 = 7, PRF_SHA224 = 8, PRF_SHA256 = 9, PRF_SHA384 = 10, PRF_SHA512 = 11 };

#define SALT_LEN 16  /* what kurv writes (RFC 8018 4.1 asks for at least 8) */
#define IV_LEN 16

struct pbes2 {
    kurv_der salt;
    unsigned long iter;
    int prf;
    size_t key_len;     /* 16, 24 or 32 */
    kurv_der iv;
    kurv_der data;      /* encryptedData */
};

static int oid_is(const kurv_der *oid, const uint8_t *want, size_t want_len)
{
    return oid->len == want_len && memcmp(oid->p, want, want_len) == 0;
}

/* The last arc of an OID under @prefix when it is one byte (below 128), else -1. */
static int oid_last_arc(const kurv_der *oid, const uint8_t *prefix, size_t prefix_len)
{
    if (oid->len != prefix_len + 1 || memcmp(oid->p, prefix, prefix_len) != 0 ||
        oid->p[prefix_len] >= 0x80)
        return -1;
    return oid->p[prefix_len];
}

/* SEQUENCE { OID, params (the rest, possibly empty) } */
static kurv_err read_algid(kurv_der *d, kurv_der *oid, kurv_der *params)
{
    kurv_der alg;
    if (kurv_der_read(d, KURV_DER_SEQUENCE, &alg) != KURV_OK ||
        kurv_der_read_oid(&alg, oid) != KURV_OK)
        return KURV_ERR_ENCODING;
    *params = alg;
    return KURV_OK;
}

/* Phase 1, structure: every field parsed, nothing interpreted. Returns KURV_ERR_ENCODING or,
 * for a well-formed file with another scheme, KURV_ERR_UNSUPPORTED (that cannot be parsed
 * further without knowing the scheme). */
static kurv_err parse_epki(struct pbes2 *s, const uint8_t *in, size_t in_len)
{
    kurv_der top, seq, oid, params, p2, kdf_oid, kdf_params, enc_oid, enc_params, pk, v;
    kurv_der prf_oid, prf_params;
    unsigned long keylen = 0;
    int has_keylen = 0, has_prf = 0, arc;

    memset(s, 0, sizeof *s);
    kurv_der_init(&top, in, in_len);
    if (kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) != KURV_OK ||
        kurv_der_end(&top) != KURV_OK ||
        read_algid(&seq, &oid, &params) != KURV_OK ||
        kurv_der_read(&seq, KURV_DER_OCTETS, &s->data) != KURV_OK ||
        kurv_der_end(&seq) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (!oid_is(&oid, oid_pbes2, sizeof oid_pbes2))
        return KURV_ERR_UNSUPPORTED;   /* PBES1 (DES, RC2), PKCS#12 PBE (3DES, RC4), ... */
    if (kurv_der_read(&params, KURV_DER_SEQUENCE, &p2) != KURV_OK ||
        kurv_der_end(&params) != KURV_OK ||
        read_algid(&p2, &kdf_oid, &kdf_params) != KURV_OK ||
        read_algid(&p2, &enc_oid, &enc_params) != KURV_OK ||
        kurv_der_end(&p2) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (!oid_is(&kdf_oid, oid_pbkdf2, sizeof oid_pbkdf2))
        return KURV_ERR_UNSUPPORTED;   /* scrypt (RFC 7914), ... */
    if (kurv_der_read(&kdf_params, KURV_DER_SEQUENCE, &pk) != KURV_OK ||
        kurv_der_end(&kdf_params) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (kurv_der_peek(&pk) != KURV_DER_OCTETS) {
        if (kurv_der_read(&pk, KURV_DER_SEQUENCE, &v) != KURV_OK)
            return KURV_ERR_ENCODING;
        return KURV_ERR_UNSUPPORTED;   /* otherSource (RFC 8018 A.2: reserved) */
    }
    if (kurv_der_read(&pk, KURV_DER_OCTETS, &s->salt) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (kurv_der_peek(&pk) != KURV_DER_INTEGER)
        return KURV_ERR_ENCODING;
    if (kurv_der_read_small_uint(&pk, &s->iter) != KURV_OK) {
        /* a well-formed count of 2^31 or more is valid, and too many; anything else
         * (negative, empty, not minimal) is malformed */
        if (kurv_der_read(&pk, KURV_DER_INTEGER, &v) != KURV_OK || v.len == 0 ||
            (v.p[0] & 0x80) || (v.len > 1 && v.p[0] == 0 && !(v.p[1] & 0x80)))
            return KURV_ERR_ENCODING;
        s->iter = (unsigned long)KURV_PBKDF2_ITER_MAX + 1;   /* refused in phase 2 */
    }
    if (kurv_der_peek(&pk) == KURV_DER_INTEGER) {
        if (kurv_der_read_small_uint(&pk, &keylen) != KURV_OK)
            return KURV_ERR_ENCODING;
        has_keylen = 1;
    }
    if (kurv_der_peek(&pk) == KURV_DER_SEQUENCE) {
        if (read_algid(&pk, &prf_oid, &prf_params) != KURV_OK)
            return KURV_ERR_ENCODING;
        /* parameters: NULL, as RFC 8018 B.1 says, or absent, as some writers do */
        if (prf_params.len) {
            if (kurv_der_read(&prf_params, KURV_DER_NULL, &v) != KURV_OK || v.len ||
                kurv_der_end(&prf_params) != KURV_OK)
                return KURV_ERR_ENCODING;
        }
        has_prf = 1;
    }
    if (kurv_der_end(&pk) != KURV_OK)
        return KURV_ERR_ENCODING;
    /* the cipher's parameters: an IV for AES-CBC; for others, any single value */
    arc = oid_last_arc(&enc_oid, oid_aes_prefix, sizeof oid_aes_prefix);
    if (arc == 2 || arc == 22 || arc == 42) {
        if (kurv_der_read(&enc_params, KURV_DER_OCTETS, &s->iv) != KURV_OK ||
            kurv_der_end(&enc_params) != KURV_OK || s->iv.len != IV_LEN)
            return KURV_ERR_ENCODING;
        s->key_len = arc == 2 ? 16 : arc == 22 ? 24 : 32;
    } else {
        return KURV_ERR_UNSUPPORTED;   /* des-ede3-cbc, des-cbc, rc2-cbc, AES in other modes */
    }

    /* Phase 2, meaning. */
    if (has_prf) {
        arc = oid_last_arc(&prf_oid, oid_hmac_prefix, sizeof oid_hmac_prefix);
        if (arc < PRF_SHA1 || arc > PRF_SHA512)
            return KURV_ERR_UNSUPPORTED;   /* hmacWithSHA512-224/-256, GOST, SM3, ... */
        s->prf = arc;
    } else {
        s->prf = PRF_SHA1;               /* the DEFAULT of PBKDF2-params */
    }
    if (has_keylen && keylen != s->key_len)
        return KURV_ERR_ENCODING;        /* a key length the cipher cannot take */
    if (s->iter == 0)
        return KURV_ERR_ENCODING;        /* INTEGER (1..MAX) */
    if (s->iter > KURV_PBKDF2_ITER_MAX)
        return KURV_ERR_UNSUPPORTED;
    if (s->salt.len == 0 || s->data.len == 0 || s->data.len % 16 != 0 ||
        s->data.len > KURV_KEYFILE_DER_IN_MAX)
        return KURV_ERR_ENCODING;
    return KURV_OK;
}

/* ---- PBKDF2 and AES-CBC over Nettle ---- */

/* DK = PBKDF2(PRF, @pass, @salt, @iter, @dk_len) (RFC 8018 5.2). The HMAC state is wiped. */
static void pbkdf2_derive(int prf, uint8_t *dk, size_t dk_len, const uint8_t *pass,
                          size_t pass_len, unsigned iter, const uint8_t *salt, size_t salt_len)
{
    union {
        struct hmac_sha1_ctx s1;
        struct hmac_sha256_ctx s256;   /* also SHA-224 */
        struct hmac_sha512_ctx s512;   /* also SHA-384 */
    } u;
    static const uint8_t empty[1];

    if (!pass)
        pass = empty;
    switch (prf) {
    case PRF_SHA1:
        hmac_sha1_set_key(&u.s1, pass_len, pass);
        PBKDF2(&u.s1, hmac_sha1_update, hmac_sha1_digest, SHA1_DIGEST_SIZE, iter,
               salt_len, salt, dk_len, dk);
        break;
    case PRF_SHA224:
        hmac_sha224_set_key(&u.s256, pass_len, pass);
        PBKDF2(&u.s256, hmac_sha224_update, hmac_sha224_digest, SHA224_DIGEST_SIZE, iter,
               salt_len, salt, dk_len, dk);
        break;
    case PRF_SHA256:
        hmac_sha256_set_key(&u.s256, pass_len, pass);
        PBKDF2(&u.s256, hmac_sha256_update, hmac_sha256_digest, SHA256_DIGEST_SIZE, iter,
               salt_len, salt, dk_len, dk);
        break;
    case PRF_SHA384:
        hmac_sha384_set_key(&u.s512, pass_len, pass);
        PBKDF2(&u.s512, hmac_sha384_update, hmac_sha384_digest, SHA384_DIGEST_SIZE, iter,
               salt_len, salt, dk_len, dk);
        break;
    default:
        hmac_sha512_set_key(&u.s512, pass_len, pass);
        PBKDF2(&u.s512, hmac_sha512_update, hmac_sha512_digest, SHA512_DIGEST_SIZE, iter,
               salt_len, salt, dk_len, dk);
        break;
    }
    kurv_wipe(&u, sizeof u);
}

/* The length of the PKCS#7-padded @buf (@len >= 16, a multiple of 16) without its padding,
 * or 0 if the padding is bad. Constant time in the contents (a decrypted secret). */
static size_t unpad(const uint8_t *buf, size_t len)
{
    unsigned pad = buf[len - 1], bad, i;

    bad = ((pad - 1u) >> 8) & 1u;          /* pad == 0 */
    bad |= ((16u - pad) >> 8) & 1u;        /* pad > 16 */
    for (i = 1; i <= 16; i++) {
        unsigned in_pad = ((pad - i) >> 8 & 1u) ^ 1u;   /* i <= pad */
        bad |= in_pad & (((unsigned)(buf[len - i] ^ pad) + 0xFFu) >> 8);
    }
    return (size_t)(len - pad) & ((size_t)0 - (size_t)(bad ^ 1u));
}

/* ---- decryption ---- */

kurv_err kurv_pbes2_decrypt(uint8_t *pt, size_t *pt_len, const uint8_t *in, size_t in_len,
                            const uint8_t *pass, size_t pass_len)
{
    uint8_t dk[32], iv[IV_LEN];
    union kurv_aes_any aes;
    nettle_cipher_func *f;
    struct pbes2 s;
    size_t n;
    kurv_err e;

    *pt_len = 0;
    e = parse_epki(&s, in, in_len);
    if (e != KURV_OK)
        return e;
    pbkdf2_derive(s.prf, dk, s.key_len, pass, pass_len, (unsigned)s.iter, s.salt.p, s.salt.len);
    f = kurv_aes_setup(&aes, dk, s.key_len, 1);
    memcpy(iv, s.iv.p, IV_LEN);
    cbc_decrypt(&aes, f, 16, iv, s.data.len, pt, s.data.p);
    kurv_wipe(&aes, sizeof aes);
    kurv_wipe(dk, sizeof dk);
    n = unpad(pt, s.data.len);
    if (n == 0) {
        kurv_wipe(pt, s.data.len);
        return KURV_ERR_PASSWORD;
    }
    kurv_wipe(pt + n, s.data.len - n);
    *pt_len = n;
    return KURV_OK;
}

/* ---- encryption ---- */

static void write_octets(kurv_derw *w, const uint8_t *p, size_t len)
{
    size_t m = w->used;
    kurv_derw_bytes(w, p, len);
    kurv_derw_wrap(w, KURV_DER_OCTETS, m);
}

/* A non-negative INTEGER, minimally encoded (X.690 8.3.2). */
static void write_uint(kurv_derw *w, unsigned long v)
{
    size_t m = w->used;
    do {
        kurv_derw_byte(w, (uint8_t)(v & 0xFF));
        v >>= 8;
    } while (v);
    if (w->used <= w->cap && kurv_derw_data(w)[0] & 0x80)
        kurv_derw_byte(w, 0);
    kurv_derw_wrap(w, KURV_DER_INTEGER, m);
}

kurv_err kurv_pbes2_encrypt(kurv_derw *w, uint8_t *p8, size_t p8_len, size_t p8_cap,
                            const uint8_t *pass, size_t pass_len, unsigned long iter)
{
    static const uint8_t hmac_sha256_oid[] = {0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x02, 0x09};
    static const uint8_t aes256_cbc_oid[] = {0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01, 0x2A};
    uint8_t salt_iv[SALT_LEN + IV_LEN], iv[IV_LEN], dk[32];
    size_t padded = (p8_len / 16 + 1) * 16, m0, m1, m2, m3, m4;
    union kurv_aes_any aes;
    nettle_cipher_func *f;
    kurv_err e;

    if (padded > p8_cap)
        return KURV_ERR_ARG;
    e = kurv_random(salt_iv, sizeof salt_iv);
    if (e != KURV_OK)
        return e;
    /* PKCS#7 padding (RFC 8018 6.2.1 step 4): 1..16 bytes of the pad length */
    memset(p8 + p8_len, (int)(padded - p8_len), padded - p8_len);
    pbkdf2_derive(PRF_SHA256, dk, sizeof dk, pass, pass_len, (unsigned)iter,
                  salt_iv, SALT_LEN);
    f = kurv_aes_setup(&aes, dk, sizeof dk, 0);
    memcpy(iv, salt_iv + SALT_LEN, IV_LEN);
    cbc_encrypt(&aes, f, 16, iv, padded, p8, p8);   /* in place: p8 is now ciphertext */
    kurv_wipe(&aes, sizeof aes);
    kurv_wipe(dk, sizeof dk);

    m0 = w->used;
    write_octets(w, p8, padded);                           /* encryptedData */
    m1 = w->used;
    m2 = w->used;
    write_octets(w, salt_iv + SALT_LEN, IV_LEN);           /* encryptionScheme */
    kurv_derw_oid(w, aes256_cbc_oid, sizeof aes256_cbc_oid);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m2);
    m2 = w->used;
    m3 = w->used;                                            /* keyDerivationFunc */
    m4 = w->used;
    kurv_derw_byte(w, 0);                                  /* prf: hmacWithSHA256, NULL */
    kurv_derw_byte(w, KURV_DER_NULL);
    kurv_derw_oid(w, hmac_sha256_oid, sizeof hmac_sha256_oid);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m4);
    write_uint(w, iter);
    write_octets(w, salt_iv, SALT_LEN);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m3);              /* PBKDF2-params */
    kurv_derw_oid(w, oid_pbkdf2, sizeof oid_pbkdf2);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m2);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m1);              /* PBES2-params */
    kurv_derw_oid(w, oid_pbes2, sizeof oid_pbes2);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m1);              /* encryptionAlgorithm */
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m0);
    kurv_wipe(salt_iv, sizeof salt_iv);
    return KURV_OK;
}
