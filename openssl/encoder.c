/*
 * openssl/encoder.c: ENCODER "EC" (provider-encoder(7), OpenSSL 3.0): kurv keys written to
 * DER or PEM by kurv itself, for `openssl pkey`, `openssl genpkey -out`, `openssl pkcs8
 * -topk8`, `openssl ec`, PEM_write_bio_PrivateKey, i2d_PUBKEY and the like.
 *
 * What: the set of EC encoders OpenSSL 3.0's default provider offers (`openssl list -encoders
 * -verbose`) but text, each "EC:id-ecPublicKey:1.2.840.10045.2.1" with the property
 * "provider=kurv,output=O,structure=S" (O = der or pem), with the default provider's
 * selection rules (kp_does_selection: the first of private key, public key, parameters the
 * selection names decides):
 *   S = PrivateKeyInfo          PKCS#8 v1 with id-ecPublicKey, the inner ECPrivateKey without
 *                               [0] (RFC 5208 5, RFC 5958 2, RFC 5480 2.1.1, RFC 5915 3);
 *                               selection: private key. With a cipher set it writes an
 *                               EncryptedPrivateKeyInfo instead, as OpenSSL's does.
 *   S = EncryptedPrivateKeyInfo RFC 5958 3: the PrivateKeyInfo above encrypted by OpenSSL's
 *                               PKCS8_encrypt_ex (PBES2, PKCS#5 v2.1 / RFC 8018 6.2, PBKDF2
 *                               with OpenSSL's defaults) with the cipher set; selection:
 *                               private key; without a cipher: not done (0, no error)
 *   S = SubjectPublicKeyInfo    RFC 5480 2, the point in the key's point-format; selection:
 *                               public key
 *   S = type-specific, ec, X9.62 (three names, one structure, as OpenSSL's): SEC1
 *                               ECPrivateKey with [0] namedCurve and [1] publicKey (RFC 5915
 *                               3), PEM "EC PRIVATE KEY"; for a parameters-only selection the
 *                               ECParameters namedCurve OID (RFC 5480 2.1.1), PEM "EC
 *                               PARAMETERS"; selection: private key or parameters (not the
 *                               public key alone)
 * and "provider=kurv,output=blob": the bare SEC1 point (X9.62 ECPoint) in the key's
 * point-format; selection: public key.
 * Inputs: the key object of kurv's keymgmt (obj_raw: the encoders have no import_object, so
 * OpenSSL offers them kurv's keys only), the selection, the cipher (OSSL_ENCODER_PARAM_CIPHER,
 * fetched by name with OSSL_ENCODER_PARAM_PROPERTIES in the provider's library context, the
 * child context of delegate.c that mirrors the application's providers, so any cipher
 * OpenSSL has serves) and the passphrase callback (OpenSSL hands the caller's passphrase or
 * callback, pem_password_cb included, to the encoder through it; OpenSSL 3.0 has no encoder
 * parameter for the passphrase itself). OSSL_ENCODER_PARAM_SAVE_PARAMETERS is taken and
 * unused (EC parameters are always written, as OpenSSL does).
 * Outputs: the bytes written to the core's BIO (through the core's BIO_write_ex, kept in the
 * provider context): byte for byte what the default provider writes for the same key (kurv's
 * keyfile writers are held to OpenSSL's files by its tests); encrypted files differ by their
 * random salt and IV. The trace says "encode <curve> <structure>" (the structure written:
 * EncryptedPrivateKeyInfo for a PrivateKeyInfo encoder with a cipher, "blob" for the point).
 * Declined, handed to the default provider: a key the default provider holds (a curve kurv
 * lacks here, delegate.c), a private structure of a key whose point-format is compressed
 * (kurv's writers put the public key uncompressed), and SEC1 PEM with a cipher (the
 * traditional "Proc-Type: 4,ENCRYPTED" PEM, which kurv does not write): the key is exported
 * (kp_key_export, no "export" trace) into the default provider's keymgmt in the child library
 * context and written by its encoders (OSSL_ENCODER_CTX_new_for_pkey with "provider=default",
 * the same output, structure, selection, cipher and passphrase callback: encode_out.c's
 * kp_enc_default); the trace says
 * "encode <curve> <structure> (default)". Returning 0 instead would not make OpenSSL 3.0 try
 * another encoder: the write would fail.
 * Errors: 0 with an error raised for a NULL key, a selection the structure does not hold
 * (ERR_R_PASSED_INVALID_ARGUMENT, as OpenSSL's), a key without its private
 * (PROV_R_NOT_A_PRIVATE_KEY) or public part (PROV_R_NOT_A_PUBLIC_KEY), no passphrase
 * (PROV_R_UNABLE_TO_GET_PASSPHRASE), a cipher that cannot be fetched (at set_ctx_params),
 * no child library context where one is needed, and write errors. Never a crash on bad
 * input. Secrets: the plaintext DER and PEM, the passphrase and the default provider's
 * output are wiped (OPENSSL_cleanse, OPENSSL_clear_free) before they are freed.
 *
 * Why kurv's writers and its PEM (kurv_privkey_encode, kurv_pubkey_encode, core/keyfile.c
 * and core/pem.c) for the plain structures: they are the writers kurv's tool and interop
 * tests hold to OpenSSL's files, and the secret never enters a libcrypto object or memory
 * BIO. OpenSSL's ASN.1 and PEM_write_bio are used only where kurv has no writer for what
 * OpenSSL makes: the EncryptedPrivateKeyInfo (the PKCS8_PRIV_KEY_INFO parsed from kurv's DER,
 * encrypted, DER-encoded and PEM-wrapped by OpenSSL: ciphertext only in libcrypto's buffers
 * besides the PKCS8_PRIV_KEY_INFO, which OpenSSL clears on free) and the ECParameters OID.
 */
#include <stdio.h>
#include <string.h>
#include <openssl/asn1.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/proverr.h>
#include <openssl/x509.h>
#include <kurv/keyfile.h>
#include "prov.h"

/* The structures, in the order of st_names[]; the three SEC1 names write the same thing. */
enum structure { PKI, EPKI, SPKI, SEC1_TS, SEC1_EC, SEC1_X962, BLOB };
static const char *const st_names[] = {
    "PrivateKeyInfo", "EncryptedPrivateKeyInfo", "SubjectPublicKeyInfo",
    "type-specific", "ec", "X9.62", "blob"
};
enum output { DER, PEM, RAW };
/* the output types as OSSL_ENCODER_CTX_new_for_pkey names them */
static const char *const out_names[] = { "DER", "PEM", "blob" };
/* what a call writes */
enum part { NONE, PRIV, PUB, PARAMS };

/* One encoder context: its structure and output, and the caller's cipher. */
typedef struct enc_ctx {
    kp_provctx *pc;
    enum structure st;
    enum output out;
    EVP_CIPHER *cipher;   /* fetched in the child library context; NULL: no cipher */
    char *cipher_name;    /* as the caller named it (for the default provider), or NULL */
    char *props;          /* OSSL_ENCODER_PARAM_PROPERTIES, or NULL */
} enc_ctx;

static OSSL_FUNC_encoder_freectx_fn enc_freectx;
static OSSL_FUNC_encoder_set_ctx_params_fn enc_set_ctx_params;
static OSSL_FUNC_encoder_settable_ctx_params_fn enc_settable_ctx_params;
static OSSL_FUNC_encoder_encode_fn enc_encode;

/* is_sec1() - 1 for the three names of SEC1 ECPrivateKey / ECParameters. */
static int is_sec1(enum structure st)
{
    return st == SEC1_TS || st == SEC1_EC || st == SEC1_X962;
}

/* mask() - the key parts structure @st holds (kp_does_selection's @mask). */
static int mask(enum structure st)
{
    switch (st) {
    case PKI: case EPKI: return KP_SEL_PRIV;
    case SPKI: case BLOB: return KP_SEL_PUB;
    default: return KP_SEL_PRIV | OSSL_KEYMGMT_SELECT_ALL_PARAMETERS;
    }
}

/* part() - what an encoder of @st writes for @selection, the first part of its structure
 * that @selection names, in the order private key, public key, parameters (OpenSSL's). */
static enum part part(enum structure st, int selection)
{
    int m = mask(st);
    if ((m & KP_SEL_PRIV) && (selection & KP_SEL_PRIV))
        return PRIV;
    if ((m & KP_SEL_PUB) && (selection & KP_SEL_PUB))
        return PUB;
    if ((m & OSSL_KEYMGMT_SELECT_ALL_PARAMETERS) && (selection & OSSL_KEYMGMT_SELECT_ALL_PARAMETERS))
        return PARAMS;
    return NONE;
}

/* enc_new() - a context for structure @st, output @out, of the instance @provctx; NULL when
 * memory runs out. */
static void *enc_new(void *provctx, enum structure st, enum output out)
{
    enc_ctx *c = OPENSSL_zalloc(sizeof *c);
    if (c != NULL) {
        c->pc = provctx;
        c->st = st;
        c->out = out;
    }
    return c;
}

/* clear_cipher() - forget the cipher set on @c. */
static void clear_cipher(enc_ctx *c)
{
    EVP_CIPHER_free(c->cipher);
    OPENSSL_free(c->cipher_name);
    OPENSSL_free(c->props);
    c->cipher = NULL;
    c->cipher_name = NULL;
    c->props = NULL;
}

/* enc_freectx() - OSSL_FUNC_encoder_freectx (NULL: nothing). */
static void enc_freectx(void *vctx)
{
    enc_ctx *c = vctx;
    if (c == NULL)
        return;
    clear_cipher(c);
    OPENSSL_free(c);
}

/* enc_settable_ctx_params() - cipher, properties, save-parameters (static). */
static const OSSL_PARAM *enc_settable_ctx_params(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_int(OSSL_ENCODER_PARAM_SAVE_PARAMETERS, NULL),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

/* enc_set_ctx_params() - OSSL_FUNC_encoder_set_ctx_params: the cipher by name (a NULL name:
 * none), fetched at once with the properties given alongside, in the provider's child library
 * context. Return: 1; 0 for params of another type, a cipher that cannot be fetched (OpenSSL's
 * error stays) or no child library context (PROV_R_NOT_SUPPORTED). */
static int enc_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    enc_ctx *c = vctx;
    const OSSL_PARAM *cp = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    const OSSL_PARAM *pp = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_PROPERTIES);
    const OSSL_PARAM *sp = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_SAVE_PARAMETERS);
    int save;
    if (sp != NULL && !OSSL_PARAM_get_int(sp, &save))
        return 0;
    if (cp == NULL)
        return 1;
    const char *name = NULL, *props = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(cp, &name)
        || (pp != NULL && !OSSL_PARAM_get_utf8_string_ptr(pp, &props)))
        return 0;
    clear_cipher(c);
    if (name == NULL)
        return 1;
    OSSL_LIB_CTX *lib = kp_dlg_libctx(c->pc);
    if (lib == NULL) {
        kp_err(PROV_R_NOT_SUPPORTED, "cipher %s: kurv has no library context to fetch it in",
               name);
        return 0;
    }
    c->cipher = EVP_CIPHER_fetch(lib, name, props);
    c->cipher_name = OPENSSL_strdup(name);
    c->props = props != NULL ? OPENSSL_strdup(props) : NULL;
    if (c->cipher == NULL || c->cipher_name == NULL || (props != NULL && c->props == NULL)) {
        clear_cipher(c);
        return 0;
    }
    return 1;
}

/* put_der() - DER @der (@len bytes, no secret) to @out as is, or for PEM output wrapped by
 * OpenSSL's PEM_write_bio under @label (RFC 7468, 64-column lines). Return: 1; 0 on error. */
static int put_der(const enc_ctx *c, OSSL_CORE_BIO *out, const char *label,
                   const unsigned char *der, int len)
{
    if (len <= 0)
        return 0;
    if (c->out != PEM)
        return kp_enc_put(c->pc, out, der, (size_t)len);
    BIO *mem = BIO_new(BIO_s_mem());
    char *text = NULL;
    long n;
    int ok = mem != NULL && PEM_write_bio(mem, label, "", der, len) > 0
             && (n = BIO_get_mem_data(mem, &text)) > 0
             && kp_enc_put(c->pc, out, text, (size_t)n);
    BIO_free(mem);
    return ok;
}

/* to_default() - the declined cases (contract at the top): @k written by the default
 * provider's encoder of @c's output and structure, for @selection, with @c's cipher and the
 * passphrase callback @cb (kp_enc_default). @traced: the structure named in the trace.
 * Return: 1; 0 on error. */
static int to_default(const enc_ctx *c, OSSL_CORE_BIO *out, const kp_key *k, int selection,
                      OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg, const char *traced)
{
    kp_enc_how how = { out_names[c->out], c->st == BLOB ? NULL : st_names[c->st],
                       c->cipher_name, c->props, traced };
    return kp_enc_default(c->pc, out, k, selection, &how, cb, cbarg);
}

/* write_epki() - @k's PrivateKeyInfo (kurv's DER) encrypted by PKCS8_encrypt_ex with @c's
 * cipher and the passphrase from @cb, to @out as DER or PEM "ENCRYPTED PRIVATE KEY".
 * Return: 1; 0 on error (PROV_R_UNABLE_TO_GET_PASSPHRASE without a passphrase). */
static int write_epki(const enc_ctx *c, OSSL_CORE_BIO *out, const kp_key *k,
                      OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    uint8_t der[KURV_MAX_KEYFILE_LEN];
    size_t n = sizeof der, plen = 0;
    char pass[PEM_BUFSIZE];
    OSSL_PARAM none[] = { OSSL_PARAM_END };
    PKCS8_PRIV_KEY_INFO *p8 = NULL;
    X509_SIG *sig = NULL;
    unsigned char *enc = NULL;
    int ok = 0;
    OSSL_LIB_CTX *lib = kp_dlg_libctx(c->pc);
    if (c->cipher == NULL || lib == NULL)
        return 0;
    if (cb == NULL || !cb(pass, sizeof pass, &plen, none, cbarg) || plen > sizeof pass) {
        kp_err(PROV_R_UNABLE_TO_GET_PASSPHRASE, "EncryptedPrivateKeyInfo: no passphrase");
        goto done;
    }
    if (kurv_privkey_encode(k->curve->c, der, &n, KURV_KEY_PKCS8, KURV_KEYFMT_DER, k->priv,
                            kurv_curve_scalar_len(k->curve->c)) != KURV_OK)
        goto done;
    const unsigned char *q = der;
    if ((p8 = d2i_PKCS8_PRIV_KEY_INFO(NULL, &q, (long)n)) == NULL)
        goto done;
    /* -1: PBES2 with @cipher; salt, iterations and PRF: OpenSSL's defaults */
    sig = PKCS8_encrypt_ex(-1, c->cipher, pass, (int)plen, NULL, 0, 0, p8, lib, NULL);
    if (sig == NULL)
        goto done;
    int len = i2d_X509_SIG(sig, &enc);
    ok = put_der(c, out, PEM_STRING_PKCS8, enc, len);
done:
    OPENSSL_cleanse(der, sizeof der);
    OPENSSL_cleanse(pass, sizeof pass);
    PKCS8_PRIV_KEY_INFO_free(p8);
    X509_SIG_free(sig);
    OPENSSL_free(enc);
    return ok;
}

/* write_params() - the ECParameters of @k's curve (its namedCurve OID) to @out, DER or PEM
 * "EC PARAMETERS". Return: 1; 0 on error. */
static int write_params(const enc_ctx *c, OSSL_CORE_BIO *out, const kp_key *k)
{
    ASN1_OBJECT *oid = OBJ_txt2obj(k->curve->oid, 1);
    unsigned char *der = NULL;
    int len = oid != NULL ? i2d_ASN1_OBJECT(oid, &der) : 0;
    int ok = put_der(c, out, PEM_STRING_ECPARAMETERS, der, len);
    OPENSSL_free(der);
    ASN1_OBJECT_free(oid);
    return ok;
}

/* write_kurv() - @k's @p written by kurv (the plain structures and the point). Return: 1;
 * 0 on error. */
static int write_kurv(const enc_ctx *c, OSSL_CORE_BIO *out, const kp_key *k, enum part p)
{
    uint8_t buf[KURV_MAX_KEYFILE_LEN], pt[KURV_MAX_POINT_LEN];
    size_t n = sizeof buf, pn;
    kurv_keyfmt fmt = c->out == PEM ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER;
    kurv_err e = KURV_ERR_ARG;
    if (p == PRIV) {
        e = kurv_privkey_encode(k->curve->c, buf, &n, is_sec1(c->st) ? KURV_KEY_SEC1
                                : KURV_KEY_PKCS8, fmt, k->priv,
                                kurv_curve_scalar_len(k->curve->c));
    } else if ((pn = kp_pub_encode(k, pt, k->compressed)) == 0) {
        e = KURV_ERR_POINT;
    } else if (c->st == BLOB) {
        memcpy(buf, pt, pn);
        n = pn;
        e = KURV_OK;
    } else {
        e = kurv_pubkey_encode(k->curve->c, buf, &n, fmt, pt, pn);
    }
    int ok = e == KURV_OK && kp_enc_put(c->pc, out, buf, n);
    OPENSSL_cleanse(buf, sizeof buf);
    return ok;
}

/* enc_encode() - OSSL_FUNC_encoder_encode of every structure (contract at the top). */
static int enc_encode(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                      const OSSL_PARAM obj_abstract[], int selection,
                      OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    enc_ctx *c = vctx;
    const kp_key *k = obj_raw;
    enum part p = part(c->st, selection);
    (void)obj_abstract;
    if (k == NULL) {
        kp_err(ERR_R_PASSED_NULL_PARAMETER, "encode: no kurv key");
        return 0;
    }
    if (p == NONE) {
        kp_err(ERR_R_PASSED_INVALID_ARGUMENT, "encode %s: selection %d not held", st_names[c->st],
               selection);
        return 0;
    }
    int encrypt = p == PRIV && (c->st == PKI || c->st == EPKI) && c->cipher_name != NULL;
    if (c->st == EPKI && !encrypt)
        return 0;   /* OpenSSL's: EncryptedPrivateKeyInfo only with a cipher */
    const char *traced = encrypt ? st_names[EPKI] : st_names[c->st];
    if (k->dk != NULL || (p == PRIV && k->compressed)
        || (p == PRIV && is_sec1(c->st) && c->out == PEM && c->cipher_name != NULL))
        return to_default(c, out, k, selection, cb, cbarg, traced);
    if (k->curve == NULL) {
        kp_err(PROV_R_MISSING_KEY, "encode: a key without a curve");
        return 0;
    }
    if (p == PRIV && !k->has_priv) {
        kp_err(PROV_R_NOT_A_PRIVATE_KEY, "encode %s: no private key", traced);
        return 0;
    }
    if (p == PUB && !k->has_pub) {
        kp_err(PROV_R_NOT_A_PUBLIC_KEY, "encode %s: no public key", traced);
        return 0;
    }
    int ok = encrypt ? write_epki(c, out, k, cb, cbarg)
           : p == PARAMS ? write_params(c, out, k)
           : write_kurv(c, out, k, p);
    if (ok)
        kp_enc_trace(k->curve->name, traced, 0);
    return ok;
}

/* One encoder: its newctx (the structure and output it writes), does_selection and table. */
#define ENCODER(id, st, out)                                                      \
    static void *newctx_##id(void *provctx) { return enc_new(provctx, st, out); } \
    static int sel_##id(void *provctx, int selection)                             \
    {                                                                             \
        (void)provctx;                                                            \
        return kp_does_selection(selection, mask(st));                            \
    }                                                                             \
    static const OSSL_DISPATCH fns_##id[] = {                                     \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))newctx_##id},                  \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))enc_freectx},                 \
        {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, (void (*)(void))enc_set_ctx_params},   \
        {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS,                                   \
         (void (*)(void))enc_settable_ctx_params},                                \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))sel_##id},             \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_encode},                   \
        {0, NULL}                                                                 \
    }
/* the DER and the PEM encoder of one structure */
#define ENCODERS(id, st) ENCODER(id##_der, st, DER); ENCODER(id##_pem, st, PEM)
ENCODERS(pki, PKI);
ENCODERS(epki, EPKI);
ENCODERS(spki, SPKI);
ENCODERS(ts, SEC1_TS);
ENCODERS(ec, SEC1_EC);
ENCODERS(x962, SEC1_X962);
ENCODER(blob, BLOB, RAW);

#define KP_EC "EC:id-ecPublicKey:1.2.840.10045.2.1"
#define PROPS(out, st) "provider=kurv,output=" out ",structure=" st
const OSSL_ALGORITHM kp_encoder_algs[] = {
    {KP_EC, PROPS("der", "PrivateKeyInfo"), fns_pki_der, "EC PrivateKeyInfo DER (kurv)"},
    {KP_EC, PROPS("pem", "PrivateKeyInfo"), fns_pki_pem, "EC PrivateKeyInfo PEM (kurv)"},
    {KP_EC, PROPS("der", "EncryptedPrivateKeyInfo"), fns_epki_der,
     "EC EncryptedPrivateKeyInfo DER (kurv, OpenSSL's PBES2)"},
    {KP_EC, PROPS("pem", "EncryptedPrivateKeyInfo"), fns_epki_pem,
     "EC EncryptedPrivateKeyInfo PEM (kurv, OpenSSL's PBES2)"},
    {KP_EC, PROPS("der", "SubjectPublicKeyInfo"), fns_spki_der, "EC SubjectPublicKeyInfo DER (kurv)"},
    {KP_EC, PROPS("pem", "SubjectPublicKeyInfo"), fns_spki_pem, "EC SubjectPublicKeyInfo PEM (kurv)"},
    {KP_EC, PROPS("der", "type-specific"), fns_ts_der, "EC SEC1 ECPrivateKey DER (kurv)"},
    {KP_EC, PROPS("pem", "type-specific"), fns_ts_pem, "EC SEC1 ECPrivateKey PEM (kurv)"},
    {KP_EC, PROPS("der", "ec"), fns_ec_der, "EC SEC1 ECPrivateKey DER (kurv)"},
    {KP_EC, PROPS("pem", "ec"), fns_ec_pem, "EC SEC1 ECPrivateKey PEM (kurv)"},
    {KP_EC, PROPS("der", "X9.62"), fns_x962_der, "EC SEC1 ECPrivateKey DER (kurv)"},
    {KP_EC, PROPS("pem", "X9.62"), fns_x962_pem, "EC SEC1 ECPrivateKey PEM (kurv)"},
    {KP_EC, "provider=kurv,output=blob", fns_blob, "EC public point (kurv)"},
    {KP_EC, "provider=kurv,output=text", kp_encoder_text_functions,
     "EC key as text, as the default provider prints it (kurv, encoder_text.c)"},
    {NULL, NULL, NULL, NULL}
};
