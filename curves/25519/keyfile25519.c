/*
 * kurv-25519: RFC 8410 key files for X25519 and Ed25519 (see <kurv/25519.h>,
 * kurv_25519_privkey_* and kurv_25519_pubkey_*).
 *
 *   PrivateKeyInfo / OneAsymmetricKey (RFC 5208 5, RFC 5958 2, RFC 8410 7):
 *     SEQUENCE { INTEGER 0 (v1) or 1 (v2), AlgorithmIdentifier,
 *                OCTET STRING { CurvePrivateKey ::= OCTET STRING (32 bytes) },
 *                [0] IMPLICIT Attributes OPTIONAL, [1] IMPLICIT BIT STRING publicKey OPTIONAL }
 *   SubjectPublicKeyInfo (RFC 5280 4.1.2.7, RFC 8410 4):
 *     SEQUENCE { AlgorithmIdentifier, BIT STRING publicKey (32 bytes) }
 *   AlgorithmIdentifier = SEQUENCE { id-X25519 | id-Ed25519 } (RFC 8410 3: parameters absent)
 *
 * The DER, PEM, PKCS#8 and PBES2 layers are the core's (core/src/asn1.c, pem.c, pkcs8.c,
 * pbes2.c with aes_any.c, hidden in libkurv; compiled into this library's shared object too:
 * curves/25519/meson.build). Encrypted keys: PBES2 as the core's EC key files
 * (<kurv/keyfile.h>, kurv_privkey_encode_pass()) around the same PrivateKeyInfo.
 * As in the core's key files (core/src/keyfile.c), decoding goes in two phases so that
 * the error code does not depend on luck: the structure first (KURV_ERR_ENCODING), then
 * the meaning in the order algorithm (KURV_ERR_UNSUPPORTED, then parameters, then
 * KURV_ERR_CURVE), the algorithm's CurvePrivateKey (KURV_ERR_ENCODING), private key length
 * (KURV_ERR_PRIVKEY), public key (KURV_ERR_POINT: its length; for Ed25519 its decoding,
 * RFC 8032 5.1.3, by ge25519.c's k25519_ge_decode; in a PKCS#8 v2, then whether it is the
 * private key's).
 */
#include <string.h>
#include <kurv/25519.h>
#include <kurv/util.h>
#include "asn1.h"
#include "pem.h"
#include "pkcs8.h"
#include "pbes2.h"
#include "keyfile_impl.h" /* KURV_KEYFILE_DER_IN_MAX */
#include "ge25519.h"

/* the OIDs' contents (X.690 8.19): 1.3.101.110 and 1.3.101.112 (RFC 8410 3) */
#define OID_LEN 3
static const uint8_t oid_x25519[OID_LEN] = {0x2B, 0x65, 0x6E};
static const uint8_t oid_ed25519[OID_LEN] = {0x2B, 0x65, 0x70};

static const char label_priv[] = "PRIVATE KEY";
static const char label_enc[] = "ENCRYPTED PRIVATE KEY";
static const char label_pub[] = "PUBLIC KEY";

#define KEY_LEN 32
/* largest DER taken out of a PEM block: a v2 key with attributes fits, and an encrypted
 * key; more is refused */
#define DER_IN_MAX KURV_KEYFILE_DER_IN_MAX
/* the DER written: PrivateKeyInfo v1 is 48 bytes, SubjectPublicKeyInfo 44 */
#define DER_OUT_MAX 48

static int alg_ok(kurv_25519_alg a)
{
    return a == KURV_25519_X25519 || a == KURV_25519_ED25519;
}

/* ---- decoding ---- */

/* An AlgorithmIdentifier: the OID, and whether parameters follow it. */
struct algid {
    kurv_der oid;
    int has_params;
};

static kurv_err read_algid(kurv_der *d, struct algid *a)
{
    kurv_der seq, params;
    uint8_t tag;

    if (kurv_der_read(d, KURV_DER_SEQUENCE, &seq) != KURV_OK ||
        kurv_der_read_oid(&seq, &a->oid) != KURV_OK)
        return KURV_ERR_ENCODING;
    a->has_params = seq.len != 0;
    if (a->has_params &&
        (kurv_der_read_any(&seq, &tag, &params) != KURV_OK || kurv_der_end(&seq) != KURV_OK))
        return KURV_ERR_ENCODING;
    return KURV_OK;
}

/* The algorithm an AlgorithmIdentifier names, checked against *@alg (in: wanted or ANY,
 * out: the file's). */
static kurv_err algid_meaning(const struct algid *a, kurv_25519_alg *alg)
{
    kurv_25519_alg found;

    if (a->oid.len == OID_LEN && memcmp(a->oid.p, oid_x25519, OID_LEN) == 0)
        found = KURV_25519_X25519;
    else if (a->oid.len == OID_LEN && memcmp(a->oid.p, oid_ed25519, OID_LEN) == 0)
        found = KURV_25519_ED25519;
    else
        return KURV_ERR_UNSUPPORTED;
    if (a->has_params)
        return KURV_ERR_ENCODING; /* RFC 8410 3: the parameters MUST be absent */
    if (*alg != KURV_25519_ANY && *alg != found)
        return KURV_ERR_CURVE;
    *alg = found;
    return KURV_OK;
}

/* The public key of @key under @alg into @pub. */
static void public_of(kurv_25519_alg alg, uint8_t pub[KEY_LEN], const uint8_t key[KEY_LEN])
{
    if (alg == KURV_25519_X25519)
        (void)kurv_x25519_public_key(pub, key);
    else
        (void)kurv_ed25519_public_key(pub, key);
}

/* KURV_OK when @pub is a public key of @alg: any 32 bytes for X25519 (RFC 7748 5); for
 * Ed25519 the encoding of a point (RFC 8032 5.1.3: y < p, x exists, not x = 0 with the
 * sign bit set), else KURV_ERR_POINT. Variable time: a public key is public. */
static kurv_err pub_check(kurv_25519_alg alg, const uint8_t pub[KEY_LEN])
{
    k25519_ge p;
    if (alg == KURV_25519_ED25519 && k25519_ge_decode(&p, pub) != 0)
        return KURV_ERR_POINT;
    return KURV_OK;
}

static kurv_err priv_der(kurv_25519_alg *alg, uint8_t key[KEY_LEN], const uint8_t *in,
                         size_t in_len)
{
    kurv_der top, seq, outer, inner, v, bits;
    struct algid a;
    unsigned long ver;
    int has_pub;
    uint8_t pub[KEY_LEN];
    kurv_err e;

    kurv_der_init(&top, in, in_len);
    if (kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) != KURV_OK || kurv_der_end(&top) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (kurv_der_peek(&seq) == KURV_DER_SEQUENCE) {
        /* an EncryptedPrivateKeyInfo (RFC 5958 3): SEQUENCE { AlgorithmIdentifier,
         * OCTET STRING }; any other SEQUENCE first is not a private key (an SPKI) */
        if (read_algid(&seq, &a) == KURV_OK && kurv_der_read(&seq, KURV_DER_OCTETS, &v) == KURV_OK &&
            kurv_der_end(&seq) == KURV_OK)
            return KURV_ERR_ENCRYPTED;
        return KURV_ERR_UNSUPPORTED;
    }
    if (kurv_der_read_small_uint(&seq, &ver) != KURV_OK || ver > 1 ||
        read_algid(&seq, &a) != KURV_OK ||
        kurv_der_read(&seq, KURV_DER_OCTETS, &outer) != KURV_OK ||
        kurv_pkcs8_tail(&seq, ver, &has_pub, &bits) != KURV_OK)
        return KURV_ERR_ENCODING;
    e = algid_meaning(&a, alg);
    if (e != KURV_OK)
        return e;
    /* CurvePrivateKey ::= OCTET STRING, inside the privateKey OCTET STRING (RFC 8410 7): the
     * algorithm's own structure, checked once the algorithm is known to be one of ours */
    if (kurv_der_read(&outer, KURV_DER_OCTETS, &inner) != KURV_OK || kurv_der_end(&outer) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (inner.len != KEY_LEN)
        return KURV_ERR_PRIVKEY;
    memcpy(key, inner.p, KEY_LEN);
    if (!has_pub)
        return KURV_OK;
    if (bits.len != KEY_LEN || pub_check(*alg, bits.p) != KURV_OK)
        return KURV_ERR_POINT;
    public_of(*alg, pub, key);
    return memcmp(pub, bits.p, KEY_LEN) == 0 ? KURV_OK : KURV_ERR_POINT;
}

static kurv_err pub_der(kurv_25519_alg *alg, uint8_t pub[KEY_LEN], const uint8_t *in,
                        size_t in_len)
{
    kurv_der top, seq, bs, bits;
    struct algid a;
    kurv_err e;

    kurv_der_init(&top, in, in_len);
    if (kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) != KURV_OK || kurv_der_end(&top) != KURV_OK ||
        read_algid(&seq, &a) != KURV_OK || kurv_der_read(&seq, KURV_DER_BITSTRING, &bs) != KURV_OK ||
        kurv_der_end(&seq) != KURV_OK || kurv_der_bits(&bs, &bits) != KURV_OK)
        return KURV_ERR_ENCODING;
    e = algid_meaning(&a, alg);
    if (e != KURV_OK)
        return e;
    if (bits.len != KEY_LEN || pub_check(*alg, bits.p) != KURV_OK)
        return KURV_ERR_POINT;
    memcpy(pub, bits.p, KEY_LEN);
    return KURV_OK;
}

typedef kurv_err (*der_reader)(kurv_25519_alg *, uint8_t *, const uint8_t *, size_t);

/* DER (first byte 0x30) to @read; PEM: the one block, then only blank space, its label
 * @label (@label_enc: KURV_ERR_ENCRYPTED; any other: KURV_ERR_UNSUPPORTED) to @read. */
static kurv_err read_file(der_reader read, const char *label, kurv_25519_alg *alg,
                          uint8_t *key, const uint8_t *in, size_t in_len)
{
    uint8_t der[DER_IN_MAX];
    char got[KURV_PEM_LABEL_MAX + 1];
    size_t der_len = sizeof der, used;
    kurv_25519_alg want;
    kurv_err e;

    if (!alg || !key || !in)
        return KURV_ERR_ARG;
    want = *alg;
    if (want != KURV_25519_ANY && !alg_ok(want))
        return KURV_ERR_ARG;
    if (in_len > 0 && in[0] == KURV_DER_SEQUENCE)
        e = read(&want, key, in, in_len);
    else {
        e = kurv_pem_read(der, &der_len, got, &used, in, in_len);
        if (e == KURV_OK && !kurv_pem_blank(in + used, in_len - used))
            e = KURV_ERR_ENCODING;
        else if (e == KURV_OK && strcmp(got, label) != 0)
            e = strcmp(got, label_enc) == 0 && label == label_priv ? KURV_ERR_ENCRYPTED
                                                                   : KURV_ERR_UNSUPPORTED;
        if (e == KURV_OK)
            e = read(&want, key, der, der_len);
        kurv_wipe(der, sizeof der);
    }
    if (e == KURV_OK)
        *alg = want;
    return e;
}

kurv_err kurv_25519_privkey_decode(kurv_25519_alg *alg, uint8_t key[32], const uint8_t *in,
                                   size_t in_len)
{
    kurv_err e = read_file(priv_der, label_priv, alg, key, in, in_len);
    if (e != KURV_OK && key)
        kurv_wipe(key, KEY_LEN);
    return e;
}

/* The EncryptedPrivateKeyInfo @epki (@len bytes of DER) decrypted with @pass, its
 * PrivateKeyInfo read into @key. */
static kurv_err decrypt_p8(kurv_25519_alg *alg, uint8_t key[KEY_LEN], const uint8_t *epki,
                           size_t len, const uint8_t *pass, size_t pass_len)
{
    uint8_t pt[KURV_KEYFILE_DER_IN_MAX];
    size_t n;
    kurv_25519_alg want = *alg;
    kurv_err e = kurv_pbes2_decrypt(pt, &n, epki, len, pass, pass_len);

    if (e != KURV_OK)
        return e;
    e = priv_der(&want, key, pt, n);
    kurv_wipe(pt, n);
    /* a wrong password that leaves a valid padding gives noise; altered blocks garble what
     * they decrypt to: both KURV_ERR_PASSWORD, as in the core (keyfile_pass.c) */
    if (e == KURV_ERR_ENCODING || e == KURV_ERR_ENCRYPTED || e == KURV_ERR_POINT)
        return KURV_ERR_PASSWORD;
    if (e == KURV_OK)
        *alg = want;
    return e;
}

kurv_err kurv_25519_privkey_decode_pass(kurv_25519_alg *alg, uint8_t key[32],
                                        const uint8_t *in, size_t in_len,
                                        const uint8_t *pass, size_t pass_len)
{
    uint8_t der[DER_IN_MAX];
    char got[KURV_PEM_LABEL_MAX + 1];
    size_t der_len = sizeof der, used;
    kurv_err e;

    if (!pass && pass_len) {
        if (key)
            kurv_wipe(key, KEY_LEN);
        return KURV_ERR_ARG;
    }
    /* anything but an EncryptedPrivateKeyInfo (DER, or PEM "ENCRYPTED PRIVATE KEY") is
     * read as kurv_25519_privkey_decode() reads it, its checks of the arguments too */
    e = kurv_25519_privkey_decode(alg, key, in, in_len);
    if (e != KURV_ERR_ENCRYPTED)
        return e;
    if (in[0] == KURV_DER_SEQUENCE) {
        e = decrypt_p8(alg, key, in, in_len, pass, pass_len);
    } else {
        e = kurv_pem_read(der, &der_len, got, &used, in, in_len);
        if (e == KURV_OK)
            e = strcmp(got, label_enc) == 0 ? decrypt_p8(alg, key, der, der_len, pass, pass_len)
                                            : KURV_ERR_ENCRYPTED;
        kurv_wipe(der, sizeof der);
    }
    if (e != KURV_OK)
        kurv_wipe(key, KEY_LEN);
    return e;
}

kurv_err kurv_25519_pubkey_decode(kurv_25519_alg *alg, uint8_t pub[32], const uint8_t *in,
                                  size_t in_len)
{
    kurv_err e = read_file(pub_der, label_pub, alg, pub, in, in_len);
    if (e != KURV_OK && pub)
        memset(pub, 0, KEY_LEN);
    return e;
}

/* ---- encoding ---- */

/* Prepend AlgorithmIdentifier { the OID of @alg } (no parameters). */
static void write_algid(kurv_derw *w, kurv_25519_alg alg)
{
    size_t m = w->used;
    kurv_derw_oid(w, alg == KURV_25519_X25519 ? oid_x25519 : oid_ed25519, OID_LEN);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m);
}

/* The DER in @w to @out as it is (DER) or in PEM under @label. */
static kurv_err put_out(uint8_t *out, size_t *out_len, kurv_keyfmt fmt, const char *label,
                        const kurv_derw *w)
{
    if (fmt == KURV_KEYFMT_PEM)
        return kurv_pem_write(out, out_len, label, kurv_derw_data(w), w->used);
    if (!out || *out_len < w->used) {
        *out_len = w->used;
        return KURV_ERR_BUFFER;
    }
    memcpy(out, kurv_derw_data(w), w->used);
    *out_len = w->used;
    return KURV_OK;
}

static int args_ok(const size_t *out_len, kurv_25519_alg alg, kurv_keyfmt fmt,
                   const uint8_t *key)
{
    return out_len && key && alg_ok(alg) && (fmt == KURV_KEYFMT_DER || fmt == KURV_KEYFMT_PEM);
}

/* The PrivateKeyInfo v1 of @key (DER_OUT_MAX bytes, as OpenSSL writes it) into @w, a
 * writer over @buf of exactly DER_OUT_MAX bytes: the DER then fills @buf from its start. */
static void write_p8(kurv_derw *w, uint8_t *buf, kurv_25519_alg alg, const uint8_t *key)
{
    static const uint8_t version0[] = {KURV_DER_INTEGER, 1, 0};

    kurv_derw_init(w, buf, DER_OUT_MAX);
    kurv_derw_bytes(w, key, KEY_LEN);
    kurv_derw_wrap(w, KURV_DER_OCTETS, 0); /* CurvePrivateKey */
    kurv_derw_wrap(w, KURV_DER_OCTETS, 0); /* privateKey */
    write_algid(w, alg);
    kurv_derw_bytes(w, version0, sizeof version0);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, 0);
}

kurv_err kurv_25519_privkey_encode(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                                   kurv_keyfmt fmt, const uint8_t key[32])
{
    uint8_t buf[DER_OUT_MAX];
    size_t cap = out_len ? *out_len : 0;
    kurv_derw w;
    kurv_err e;

    if (!args_ok(out_len, alg, fmt, key)) {
        e = KURV_ERR_ARG;
    } else {
        write_p8(&w, buf, alg, key);
        e = put_out(out, out_len, fmt, label_priv, &w);
    }
    kurv_wipe(buf, sizeof buf);
    if (e != KURV_OK && out)
        kurv_wipe(out, cap);
    return e;
}

kurv_err kurv_25519_privkey_encode_pass(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                                        kurv_keyfmt fmt, const uint8_t key[32],
                                        const uint8_t *pass, size_t pass_len,
                                        unsigned long iter)
{
    /* the PrivateKeyInfo and its padding: (DER_OUT_MAX / 16 + 1) * 16 bytes */
    uint8_t p8[(DER_OUT_MAX / 16 + 1) * 16], buf[KURV_25519_MAX_ENC_KEYFILE_LEN];
    size_t cap = out_len ? *out_len : 0;
    kurv_derw w8, w;
    kurv_err e;

    if (iter == 0)
        iter = KURV_PBKDF2_ITER_DEFAULT;
    if (!args_ok(out_len, alg, fmt, key) || (!pass && pass_len) || iter > KURV_PBKDF2_ITER_MAX) {
        e = KURV_ERR_ARG;
    } else {
        write_p8(&w8, p8, alg, key);
        kurv_derw_init(&w, buf, sizeof buf);
        e = kurv_pbes2_encrypt(&w, p8, w8.used, sizeof p8, pass, pass_len, iter);
        if (e == KURV_OK)
            e = kurv_derw_ok(&w) ? put_out(out, out_len, fmt, label_enc, &w)
                                 : KURV_ERR_ARG; /* cannot happen: the buffer holds it */
    }
    kurv_wipe(p8, sizeof p8);
    kurv_wipe(buf, sizeof buf);
    if (e != KURV_OK && out)
        kurv_wipe(out, cap);
    return e;
}

kurv_err kurv_25519_pubkey_encode(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                                  kurv_keyfmt fmt, const uint8_t pub[32])
{
    uint8_t buf[DER_OUT_MAX];
    kurv_derw w;

    if (!args_ok(out_len, alg, fmt, pub))
        return KURV_ERR_ARG;
    kurv_derw_init(&w, buf, sizeof buf);
    kurv_derw_bytes(&w, pub, KEY_LEN);
    kurv_derw_byte(&w, 0); /* no unused bits */
    kurv_derw_wrap(&w, KURV_DER_BITSTRING, 0);
    write_algid(&w, alg);
    kurv_derw_wrap(&w, KURV_DER_SEQUENCE, 0);
    return put_out(out, out_len, fmt, label_pub, &w);
}
