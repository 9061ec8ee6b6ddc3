/*
 * kurv core: key files as OpenSSL reads and writes them (see kurv/keyfile.h).
 *
 *   ECPrivateKey (RFC 5915 3, SEC 1 v2 C.4):
 *     SEQUENCE { INTEGER 1, OCTET STRING d, [0] ECParameters OPTIONAL,
 *                [1] BIT STRING publicKey OPTIONAL }
 *   PrivateKeyInfo / OneAsymmetricKey (RFC 5208 5, RFC 5958 2):
 *     SEQUENCE { INTEGER 0 (v1) or 1 (v2), AlgorithmIdentifier, OCTET STRING ECPrivateKey,
 *                [0] IMPLICIT Attributes OPTIONAL, [1] IMPLICIT BIT STRING publicKey OPTIONAL (v2) }
 *   SubjectPublicKeyInfo (RFC 5480 2):
 *     SEQUENCE { AlgorithmIdentifier, BIT STRING ECPoint }
 *   AlgorithmIdentifier = SEQUENCE { id-ecPublicKey, ECParameters }, ECParameters a
 *     CHOICE { namedCurve OID, implicitCurve NULL, specifiedCurve SEQUENCE } (RFC 5480 2.1.1).
 *
 * Decoding goes in two phases so the error code does not depend on luck: the whole
 * structure is parsed first (KURV_ERR_ENCODING), then the meaning is checked in the order
 * algorithm (KURV_ERR_UNSUPPORTED), curve (KURV_ERR_UNSUPPORTED / KURV_ERR_CURVE), nested
 * structure, private scalar (KURV_ERR_PRIVKEY), public key (KURV_ERR_POINT).
 */
#include <string.h>
#include <kurv/keyfile.h>
#include <kurv/keys.h>
#include <kurv/point.h>
#include <kurv/util.h>
#include "curve_impl.h"
#include "asn1.h"
#include "pem.h"
#include "keyfile_impl.h"
#include "pkcs8.h"

/* id-ecPublicKey, 1.2.840.10045.2.1 (RFC 5480 2.1.1) */
static const uint8_t oid_ec_public_key[] = {0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01};

static const char label_sec1[] = "EC PRIVATE KEY";
static const char label_pkcs8[] = "PRIVATE KEY";
static const char label_spki[] = "PUBLIC KEY";
static const char label_params[] = "EC PARAMETERS";

/* Largest DER kurv writes: P-521 PKCS#8 is 241 bytes. */
#define DER_OUT_MAX 320

/* ---- decoding: structure ---- */

struct ecparams {
    int present;
    uint8_t tag;
    kurv_der val;
};

static kurv_err read_params(kurv_der *d, struct ecparams *pp)
{
    pp->present = 1;
    if (kurv_der_peek(d) == KURV_DER_OID) {
        pp->tag = KURV_DER_OID;
        return kurv_der_read_oid(d, &pp->val);
    }
    return kurv_der_read_any(d, &pp->tag, &pp->val);
}

/* AlgorithmIdentifier: the algorithm OID and, when present, its parameters. */
static kurv_err read_algid(kurv_der *d, kurv_der *alg_oid, struct ecparams *pp)
{
    kurv_der alg;

    memset(pp, 0, sizeof *pp);
    if (kurv_der_read(d, KURV_DER_SEQUENCE, &alg) != KURV_OK ||
        kurv_der_read_oid(&alg, alg_oid) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (alg.len && (read_params(&alg, pp) != KURV_OK || kurv_der_end(&alg) != KURV_OK))
        return KURV_ERR_ENCODING;
    return KURV_OK;
}

struct ecpriv {
    kurv_der d;              /* privateKey contents */
    struct ecparams params;  /* [0] */
    int has_pub;
    kurv_der pub;            /* the point inside [1] */
};

static kurv_err parse_ecpriv(struct ecpriv *k, const uint8_t *in, size_t len)
{
    kurv_der top, seq, v, bs;
    unsigned long ver;

    memset(k, 0, sizeof *k);
    kurv_der_init(&top, in, len);
    if (kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) != KURV_OK ||
        kurv_der_end(&top) != KURV_OK ||
        kurv_der_read_small_uint(&seq, &ver) != KURV_OK || ver != 1 ||
        kurv_der_read(&seq, KURV_DER_OCTETS, &k->d) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (kurv_der_peek(&seq) == KURV_DER_CTX0) {
        if (kurv_der_read(&seq, KURV_DER_CTX0, &v) != KURV_OK ||
            read_params(&v, &k->params) != KURV_OK || kurv_der_end(&v) != KURV_OK)
            return KURV_ERR_ENCODING;
    }
    if (kurv_der_peek(&seq) == KURV_DER_CTX1) {
        if (kurv_der_read(&seq, KURV_DER_CTX1, &v) != KURV_OK ||
            kurv_der_read(&v, KURV_DER_BITSTRING, &bs) != KURV_OK ||
            kurv_der_end(&v) != KURV_OK || kurv_der_bits(&bs, &k->pub) != KURV_OK)
            return KURV_ERR_ENCODING;
        k->has_pub = 1;
    }
    return kurv_der_end(&seq);
}

/* ---- decoding: meaning ---- */

static int oid_is(const kurv_der *oid, const uint8_t *want, size_t want_len)
{
    return oid->len == want_len && memcmp(oid->p, want, want_len) == 0;
}

/* ECParameters to a curve of the list: only namedCurve is supported. */
static kurv_err find_curve(const kurv_curve **c, const struct ecparams *pp,
                           const kurv_curve *const *list, size_t count)
{
    if (!pp->present)
        return KURV_ERR_ENCODING; /* RFC 5480 2.1.1: the parameters MUST be present */
    switch (pp->tag) {
    case KURV_DER_SEQUENCE: /* specifiedCurve */
        return KURV_ERR_UNSUPPORTED;
    case KURV_DER_NULL:     /* implicitCurve */
        return pp->val.len ? KURV_ERR_ENCODING : KURV_ERR_UNSUPPORTED;
    case KURV_DER_OID:
        *c = kurv_curve_find_oid(list, count, pp->val.p, pp->val.len);
        return *c ? KURV_OK : KURV_ERR_CURVE;
    default:
        return KURV_ERR_ENCODING;
    }
}

static int same_bytes(const uint8_t *a, const uint8_t *b, size_t n)
{
    uint8_t acc = 0;
    size_t i;
    for (i = 0; i < n; i++)
        acc |= (uint8_t)(a[i] ^ b[i]);
    return acc == 0;
}

/* Check that @pt (as found in a key file) is exactly d*G in the same form. */
static kurv_err check_pub(const kurv_curve *c, const uint8_t *priv, const kurv_der *pt)
{
    uint8_t q[KURV_MAX_POINT_LEN];
    size_t qlen = sizeof q;
    int compressed = pt->len == 1 + c->flen;

    if (kurv_pubkey_from_priv(c, q, &qlen, compressed, priv, c->slen) != KURV_OK)
        return KURV_ERR_PRIVKEY;
    if (qlen != pt->len || !same_bytes(q, pt->p, qlen))
        return KURV_ERR_POINT;
    return KURV_OK;
}

/* Load d into priv (c->slen bytes, left-padded), check 1 <= d < n and the public key. */
static kurv_err ecpriv_scalar(const kurv_curve *c, uint8_t *priv, const struct ecpriv *k)
{
    size_t pad;

    if (k->d.len > c->slen)
        return KURV_ERR_PRIVKEY;
    pad = c->slen - k->d.len;
    memset(priv, 0, pad);
    if (k->d.len)
        memcpy(priv + pad, k->d.p, k->d.len);
    if (kurv_privkey_check(c, priv, c->slen) != KURV_OK)
        return KURV_ERR_PRIVKEY;
    return k->has_pub ? check_pub(c, priv, &k->pub) : KURV_OK;
}

/* Nonzero if the @in_len bytes @in are shaped as an EncryptedPrivateKeyInfo (RFC 5958 3):
 * SEQUENCE { SEQUENCE { OID, ... }, OCTET STRING }, nothing after; no error, no scheme
 * checked. Here, not in keyfile_pass.c, so that the plain reader can tell such a file
 * apart (KURV_ERR_ENCRYPTED) without calling into the password code, which calls this
 * file: the calls between the two go one way. */
int kurv_keyfile_is_encrypted(const uint8_t *in, size_t in_len)
{
    kurv_der top, seq, alg, oid, data;

    kurv_der_init(&top, in, in_len);
    return kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) == KURV_OK &&
           kurv_der_end(&top) == KURV_OK &&
           kurv_der_read(&seq, KURV_DER_SEQUENCE, &alg) == KURV_OK &&
           kurv_der_read_oid(&alg, &oid) == KURV_OK &&
           kurv_der_read(&seq, KURV_DER_OCTETS, &data) == KURV_OK &&
           kurv_der_end(&seq) == KURV_OK;
}

/* The DER of an ECPrivateKey (@kind KURV_KEY_SEC1), a PrivateKeyInfo (KURV_KEY_PKCS8), or
 * either (KURV_KEYFILE_KIND_ANY, told apart by the element after the version). */
kurv_err kurv_keyfile_priv_der(const kurv_curve **curve, uint8_t *priv, size_t *priv_len,
                               int kind, const kurv_curve *const *list, size_t count,
                               const uint8_t *in, size_t in_len)
{
    kurv_der top, seq, probe, alg_oid, pk, pub2;
    struct ecparams alg_params;
    struct ecpriv k;
    const kurv_curve *c = NULL, *c2;
    unsigned long ver;
    int has_pub2 = 0, t;
    kurv_err e;

    kurv_der_init(&top, in, in_len);
    if (kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) != KURV_OK || kurv_der_end(&top) != KURV_OK)
        return KURV_ERR_ENCODING;
    /* EncryptedPrivateKeyInfo (RFC 5958 3) starts with an AlgorithmIdentifier, as does a
     * SubjectPublicKeyInfo (then: not a private key) */
    if (kurv_der_peek(&seq) == KURV_DER_SEQUENCE)
        return kurv_keyfile_is_encrypted(in, in_len) ? KURV_ERR_ENCRYPTED : KURV_ERR_UNSUPPORTED;
    probe = seq;
    if (kurv_der_read_small_uint(&probe, &ver) != KURV_OK)
        return KURV_ERR_ENCODING;
    t = kurv_der_peek(&probe);
    if (t == KURV_DER_OCTETS && kind != KURV_KEY_PKCS8) {
        /* ECPrivateKey on its own: it must name its curve */
        if (parse_ecpriv(&k, in, in_len) != KURV_OK)
            return KURV_ERR_ENCODING;
        e = find_curve(&c, &k.params, list, count);
        if (e != KURV_OK)
            return e;
    } else if (t == KURV_DER_SEQUENCE && kind != KURV_KEY_SEC1) {
        seq = probe;
        if (ver > 1 || read_algid(&seq, &alg_oid, &alg_params) != KURV_OK ||
            kurv_der_read(&seq, KURV_DER_OCTETS, &pk) != KURV_OK ||
            kurv_pkcs8_tail(&seq, ver, &has_pub2, &pub2) != KURV_OK)
            return KURV_ERR_ENCODING;
        if (!oid_is(&alg_oid, oid_ec_public_key, sizeof oid_ec_public_key))
            return KURV_ERR_UNSUPPORTED;
        e = find_curve(&c, &alg_params, list, count);
        if (e != KURV_OK)
            return e;
        if (parse_ecpriv(&k, pk.p, pk.len) != KURV_OK)
            return KURV_ERR_ENCODING;
        if (k.params.present) {
            /* OpenSSL leaves them out here; if present they must agree */
            e = find_curve(&c2, &k.params, list, count);
            if (e != KURV_OK)
                return e;
            if (c2 != c)
                return KURV_ERR_CURVE;
        }
    } else {
        return KURV_ERR_ENCODING;
    }
    if (*priv_len < c->slen) {
        *priv_len = c->slen;
        return KURV_ERR_BUFFER;
    }
    e = ecpriv_scalar(c, priv, &k);
    if (e == KURV_OK && has_pub2)
        e = check_pub(c, priv, &pub2);
    if (e != KURV_OK)
        return e;
    *curve = c;
    *priv_len = c->slen;
    return KURV_OK;
}

/* The DER of a SubjectPublicKeyInfo. */
static kurv_err spki_der(const kurv_curve **curve, uint8_t *pub, size_t *pub_len,
                         const kurv_curve *const *list, size_t count,
                         const uint8_t *in, size_t in_len)
{
    kurv_der top, seq, alg_oid, bs, pt;
    struct ecparams params;
    const kurv_curve *c = NULL;
    kurv_err e;

    kurv_der_init(&top, in, in_len);
    if (kurv_der_read(&top, KURV_DER_SEQUENCE, &seq) != KURV_OK || kurv_der_end(&top) != KURV_OK ||
        read_algid(&seq, &alg_oid, &params) != KURV_OK ||
        kurv_der_read(&seq, KURV_DER_BITSTRING, &bs) != KURV_OK ||
        kurv_der_end(&seq) != KURV_OK || kurv_der_bits(&bs, &pt) != KURV_OK)
        return KURV_ERR_ENCODING;
    if (!oid_is(&alg_oid, oid_ec_public_key, sizeof oid_ec_public_key))
        return KURV_ERR_UNSUPPORTED;
    e = find_curve(&c, &params, list, count);
    if (e != KURV_OK)
        return e;
    e = kurv_point_check(c, pt.p, pt.len);
    if (e != KURV_OK)
        return e;
    if (*pub_len < pt.len) {
        *pub_len = pt.len;
        return KURV_ERR_BUFFER;
    }
    memcpy(pub, pt.p, pt.len);
    *pub_len = pt.len;
    *curve = c;
    return KURV_OK;
}

/* The key block of a PEM file. Leading "EC PARAMETERS" blocks (which `openssl ecparam
 * -genkey` writes before the key) are skipped; only blank space may follow the key. */
kurv_err kurv_keyfile_pem_key(uint8_t *der, size_t *der_len, char *label,
                              const uint8_t *in, size_t in_len)
{
    size_t off = 0, used, cap = *der_len;
    kurv_err e;

    for (;;) {
        *der_len = cap;
        e = kurv_pem_read(der, der_len, label, &used, in + off, in_len - off);
        if (e != KURV_OK)
            return e;
        off += used;
        if (strcmp(label, label_params) != 0)
            break;
        kurv_wipe(der, *der_len);
    }
    if (!kurv_pem_blank(in + off, in_len - off)) {
        kurv_wipe(der, *der_len);
        *der_len = 0;
        return KURV_ERR_ENCODING;
    }
    return KURV_OK;
}

static int is_der(const uint8_t *in, size_t in_len)
{
    return in_len > 0 && in[0] == KURV_DER_SEQUENCE;
}

kurv_err kurv_privkey_decode(const kurv_curve **curve, uint8_t *priv, size_t *priv_len,
                             const kurv_curve *const *list, size_t count,
                             const uint8_t *in, size_t in_len)
{
    uint8_t der[KURV_KEYFILE_DER_IN_MAX];
    char label[KURV_PEM_LABEL_MAX + 1];
    size_t der_len = sizeof der, cap;
    kurv_err e;

    if (curve)
        *curve = NULL;
    if (!priv_len)
        return KURV_ERR_ARG;
    cap = *priv_len;
    if (!curve || !priv || !in) {
        if (priv)
            kurv_wipe(priv, cap);
        return KURV_ERR_ARG;
    }
    if (is_der(in, in_len)) {
        e = kurv_keyfile_priv_der(curve, priv, priv_len, KURV_KEYFILE_KIND_ANY, list, count, in, in_len);
    } else {
        e = kurv_keyfile_pem_key(der, &der_len, label, in, in_len);
        if (e == KURV_OK) {
            if (strcmp(label, label_sec1) == 0)
                e = kurv_keyfile_priv_der(curve, priv, priv_len, KURV_KEY_SEC1, list, count, der, der_len);
            else if (strcmp(label, label_pkcs8) == 0)
                e = kurv_keyfile_priv_der(curve, priv, priv_len, KURV_KEY_PKCS8, list, count, der, der_len);
            else if (strcmp(label, KURV_LABEL_ENCRYPTED) == 0)
                e = KURV_ERR_ENCRYPTED;   /* kurv_privkey_decode_pass() reads it */
            else
                e = KURV_ERR_UNSUPPORTED; /* other algorithms */
            kurv_wipe(der, der_len);
        }
    }
    if (e != KURV_OK) {
        kurv_wipe(priv, cap);
        *curve = NULL;
        if (e != KURV_ERR_BUFFER)
            *priv_len = 0;
    }
    return e;
}

kurv_err kurv_pubkey_decode(const kurv_curve **curve, uint8_t *pub, size_t *pub_len,
                            const kurv_curve *const *list, size_t count,
                            const uint8_t *in, size_t in_len)
{
    uint8_t der[KURV_KEYFILE_DER_IN_MAX];
    char label[KURV_PEM_LABEL_MAX + 1];
    size_t der_len = sizeof der;
    kurv_err e;

    if (curve)
        *curve = NULL;
    if (!curve || !pub || !pub_len || !in)
        return KURV_ERR_ARG;
    if (is_der(in, in_len)) {
        e = spki_der(curve, pub, pub_len, list, count, in, in_len);
    } else {
        e = kurv_keyfile_pem_key(der, &der_len, label, in, in_len);
        if (e == KURV_OK)
            e = strcmp(label, label_spki) == 0
                    ? spki_der(curve, pub, pub_len, list, count, der, der_len)
                    : KURV_ERR_UNSUPPORTED;
    }
    if (e != KURV_OK) {
        *curve = NULL;
        if (e != KURV_ERR_BUFFER)
            *pub_len = 0;
    }
    return e;
}

/* ---- encoding ---- */

/* ECPrivateKey with the uncompressed public key; the [0] curve OID if @with_params. */
static void write_ecpriv(kurv_derw *w, const kurv_curve *c, const uint8_t *priv,
                         const uint8_t *pub, size_t pub_len, int with_params)
{
    static const uint8_t version1[] = {KURV_DER_INTEGER, 1, 1};
    size_t m0 = w->used, m;

    m = w->used;
    kurv_derw_bytes(w, pub, pub_len);
    kurv_derw_byte(w, 0); /* no unused bits */
    kurv_derw_wrap(w, KURV_DER_BITSTRING, m);
    kurv_derw_wrap(w, KURV_DER_CTX1, m);
    if (with_params) {
        m = w->used;
        kurv_derw_oid(w, c->oid, c->oid_len);
        kurv_derw_wrap(w, KURV_DER_CTX0, m);
    }
    m = w->used;
    kurv_derw_bytes(w, priv, c->slen);
    kurv_derw_wrap(w, KURV_DER_OCTETS, m);
    kurv_derw_bytes(w, version1, sizeof version1);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m0);
}

static void write_algid(kurv_derw *w, const kurv_curve *c)
{
    size_t m = w->used;
    kurv_derw_oid(w, c->oid, c->oid_len);
    kurv_derw_oid(w, oid_ec_public_key, sizeof oid_ec_public_key);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m);
}

/* PrivateKeyInfo v1 as `openssl pkcs8 -topk8 -nocrypt` writes it: the inner ECPrivateKey
 * without [0] (the AlgorithmIdentifier names the curve) but with [1]. */
static void write_pkcs8(kurv_derw *w, const kurv_curve *c, const uint8_t *priv,
                        const uint8_t *pub, size_t pub_len)
{
    static const uint8_t version0[] = {KURV_DER_INTEGER, 1, 0};
    size_t m0 = w->used, m;

    m = w->used;
    write_ecpriv(w, c, priv, pub, pub_len, 0);
    kurv_derw_wrap(w, KURV_DER_OCTETS, m);
    write_algid(w, c);
    kurv_derw_bytes(w, version0, sizeof version0);
    kurv_derw_wrap(w, KURV_DER_SEQUENCE, m0);
}

/* Copy DER to out, or armour it as PEM under @label. */
static kurv_err emit(uint8_t *out, size_t *out_len, kurv_keyfmt fmt, const char *label,
                     const uint8_t *der, size_t der_len)
{
    if (fmt == KURV_KEYFMT_PEM)
        return kurv_pem_write(out, out_len, label, der, der_len);
    if (!out || *out_len < der_len) {
        *out_len = der_len;
        return KURV_ERR_BUFFER;
    }
    memcpy(out, der, der_len);
    *out_len = der_len;
    return KURV_OK;
}

kurv_err kurv_privkey_encode(const kurv_curve *c, uint8_t *out, size_t *out_len,
                             kurv_keytype type, kurv_keyfmt fmt,
                             const uint8_t *priv, size_t priv_len)
{
    uint8_t buf[DER_OUT_MAX], pub[KURV_MAX_POINT_LEN];
    size_t pub_len = sizeof pub, cap;
    kurv_derw w;
    kurv_err e;

    if (!out_len)
        return KURV_ERR_ARG;
    cap = *out_len;
    kurv_derw_init(&w, buf, sizeof buf);
    if (!kurv_curve_ok(c) || !priv || (type != KURV_KEY_SEC1 && type != KURV_KEY_PKCS8) ||
        (fmt != KURV_KEYFMT_DER && fmt != KURV_KEYFMT_PEM)) {
        e = KURV_ERR_ARG;
    } else if (c->oid_len == 0) {
        e = KURV_ERR_UNSUPPORTED;   /* a runtime curve (kurv_curve_new) has no OID */
    } else if (kurv_pubkey_from_priv(c, pub, &pub_len, 0, priv, priv_len) != KURV_OK) {
        e = KURV_ERR_PRIVKEY;
    } else {
        if (type == KURV_KEY_SEC1)
            write_ecpriv(&w, c, priv, pub, pub_len, 1);
        else
            write_pkcs8(&w, c, priv, pub, pub_len);
        e = kurv_derw_ok(&w)
                ? emit(out, out_len, fmt, type == KURV_KEY_SEC1 ? label_sec1 : label_pkcs8,
                       kurv_derw_data(&w), w.used)
                : KURV_ERR_ARG; /* cannot happen: DER_OUT_MAX covers every curve */
    }
    kurv_wipe(buf, sizeof buf);
    if (e != KURV_OK && out)
        kurv_wipe(out, cap);
    return e;
}

kurv_err kurv_pubkey_encode(const kurv_curve *c, uint8_t *out, size_t *out_len,
                            kurv_keyfmt fmt, const uint8_t *pub, size_t pub_len)
{
    uint8_t buf[DER_OUT_MAX];
    kurv_derw w;
    size_t m;
    kurv_err e;

    if (!out_len || !kurv_curve_ok(c) || !pub ||
        (fmt != KURV_KEYFMT_DER && fmt != KURV_KEYFMT_PEM))
        return KURV_ERR_ARG;
    if (c->oid_len == 0)
        return KURV_ERR_UNSUPPORTED;    /* a runtime curve (kurv_curve_new) has no OID */
    e = kurv_point_check(c, pub, pub_len);
    if (e != KURV_OK)
        return e;
    kurv_derw_init(&w, buf, sizeof buf);
    m = w.used;
    kurv_derw_bytes(&w, pub, pub_len);
    kurv_derw_byte(&w, 0);
    kurv_derw_wrap(&w, KURV_DER_BITSTRING, m);
    write_algid(&w, c);
    kurv_derw_wrap(&w, KURV_DER_SEQUENCE, 0);
    if (!kurv_derw_ok(&w))
        return KURV_ERR_ARG; /* cannot happen */
    return emit(out, out_len, fmt, label_spki, kurv_derw_data(&w), w.used);
}
