/*
 * openssl/ecx_encoder.c: ENCODERs "X25519:1.3.101.110" and "ED25519:1.3.101.112"
 * (provider-encoder(7), OpenSSL 3.0): kurv's X25519 and Ed25519 keys written by kurv's own
 * RFC 8410 writers (kurv_25519_privkey_encode, kurv_25519_pubkey_encode), byte for byte what
 * OpenSSL's default provider writes, as encoder.c does for EC keys.
 * What: for each algorithm, "provider=kurv,output=O,structure=S" with O = der or pem:
 *   S = PrivateKeyInfo        RFC 8410 7, PKCS#8 v1 without the public key, PEM "PRIVATE
 *                             KEY"; selection: private key (the key must have it)
 *   S = SubjectPublicKeyInfo  RFC 8410 4, PEM "PUBLIC KEY"; selection: public key
 * with OpenSSL's selection rule (kp_does_selection). The encoders have no import_object:
 * OpenSSL offers them kurv's keys only.
 * Encryption: with the cipher AES-256-CBC set (OSSL_ENCODER_PARAM_CIPHER, `openssl pkey
 * -aes256`, PEM_write_bio_PrivateKey with EVP_aes_256_cbc()) a PrivateKeyInfo encoder writes
 * an EncryptedPrivateKeyInfo (RFC 5958 3, PEM "ENCRYPTED PRIVATE KEY") by
 * kurv_25519_privkey_encode_pass(): PBES2, PBKDF2-HMAC-SHA-256 with OpenSSL's 2048
 * iterations (PKCS5_DEFAULT_ITER) and a fresh salt, AES-256-CBC with a fresh IV, the layout
 * OpenSSL writes; the passphrase from the callback OpenSSL hands over (at most 1024 bytes,
 * wiped after use). Another cipher is refused at a PrivateKeyInfo encoder's set_ctx_params
 * with PROV_R_NOT_SUPPORTED, so that no key is written in the clear when encryption was
 * asked for; a NULL cipher name is taken (none); a SubjectPublicKeyInfo encoder ignores it.
 * Outputs: the bytes to the core's BIO (kp_enc_put, encode_out.c). The plaintext buffer is
 * wiped. Trace "encode <alg> <structure>" (EncryptedPrivateKeyInfo when encrypted).
 * Errors: 0 with an error raised for a NULL key, a
 * selection the structure does not hold (ERR_R_PASSED_INVALID_ARGUMENT), a key without the
 * part written (PROV_R_NOT_A_PRIVATE_KEY / PROV_R_NOT_A_PUBLIC_KEY), write errors.
 */
#include <string.h>
#include <strings.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/util.h>
#include "ecx.h"

typedef struct {
    kp_provctx *pc;
    int priv;             /* 1: PrivateKeyInfo, 0: SubjectPublicKeyInfo */
    kurv_keyfmt fmt;      /* KURV_KEYFMT_DER or KURV_KEYFMT_PEM */
    int encrypt;          /* 1: AES-256-CBC set (PrivateKeyInfo encoders only) */
} kp_ecx_enc;

/* OpenSSL's PBKDF2 iteration count for PKCS#8 encryption (PKCS5_DEFAULT_ITER) */
#define KP_ECX_PBKDF2_ITER 2048

static OSSL_FUNC_encoder_freectx_fn enc_freectx;
static OSSL_FUNC_encoder_set_ctx_params_fn enc_set_ctx_params;
static OSSL_FUNC_encoder_settable_ctx_params_fn enc_settable_ctx_params;
static OSSL_FUNC_encoder_encode_fn enc_encode;

/* new_ctx() - an encoder context for the structure @priv names in @fmt; NULL when memory
 * runs out. */
static void *new_ctx(void *provctx, int priv, kurv_keyfmt fmt)
{
    kp_ecx_enc *c = OPENSSL_zalloc(sizeof *c);
    if (c == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
        return NULL;
    }
    c->pc = provctx;
    c->priv = priv;
    c->fmt = fmt;
    return c;
}
/* enc_freectx() - OSSL_FUNC_encoder_freectx (NULL: nothing); the context holds no secret. */
static void enc_freectx(void *ctx) { OPENSSL_free(ctx); }

/* enc_settable_ctx_params() - cipher and properties (static). */
static const OSSL_PARAM *enc_settable_ctx_params(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_CIPHER, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_ENCODER_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

/* enc_set_ctx_params() - the cipher of a PrivateKeyInfo encoder: AES-256-CBC (any case) or
 * none (a NULL name); another one is refused (PROV_R_NOT_SUPPORTED). A SubjectPublicKeyInfo
 * encoder takes and ignores it (a public key is not encrypted, as OpenSSL's); properties
 * taken. Return 1/0. */
static int enc_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    kp_ecx_enc *c = vctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_ENCODER_PARAM_CIPHER);
    const char *name = NULL;
    if (p == NULL)
        return 1;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name))
        return 0;
    c->encrypt = 0;
    if (name == NULL || !c->priv)
        return 1;
    if ((strcasecmp(name, "AES-256-CBC") != 0 && strcasecmp(name, "AES256") != 0)) {
        kp_err(PROV_R_NOT_SUPPORTED, "kurv: X25519/Ed25519 key files are encrypted with "
               "AES-256-CBC only (%s asked)", name);
        return 0;
    }
    c->encrypt = 1;
    return 1;
}

/* enc_encode() - OSSL_FUNC_encoder_encode: the key @obj_raw (kp_ecx) in the context's
 * structure and format to @out (contract at the top), encrypted with the passphrase @cb
 * gives when a cipher is set; @obj_abstract must be NULL. Return 1/0 (error raised). */
static int enc_encode(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                      const OSSL_PARAM obj_abstract[], int selection,
                      OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    const kp_ecx_enc *c = vctx;
    const kp_ecx *k = obj_raw;
    const kp_ecx_api *x = kp_ecx_fns();
    uint8_t buf[KURV_25519_MAX_ENC_KEYFILE_LEN];
    size_t len = sizeof buf;
    if (k == NULL || obj_abstract != NULL || x == NULL
        || !(selection & (c->priv ? KP_SEL_PRIV : KP_SEL_PUB))) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_INVALID_ARGUMENT);
        return 0;
    }
    if (c->priv ? !k->has_priv : !k->has_pub) {
        ERR_raise(ERR_LIB_PROV, c->priv ? PROV_R_NOT_A_PRIVATE_KEY : PROV_R_NOT_A_PUBLIC_KEY);
        return 0;
    }
    kurv_err e;
    if (c->encrypt) {
        char pass[1024];
        size_t plen = 0;
        OSSL_PARAM none[] = { OSSL_PARAM_END };
        if (cb == NULL || !cb(pass, sizeof pass, &plen, none, cbarg) || plen > sizeof pass) {
            kurv_wipe(pass, sizeof pass);
            kp_err(PROV_R_UNABLE_TO_GET_PASSPHRASE, "kurv: %s: no passphrase",
                   kp_ecx_name(k->alg));
            return 0;
        }
        e = x->privkey_encode_pass(buf, &len, k->alg, c->fmt, k->priv, (const uint8_t *)pass,
                                   plen, KP_ECX_PBKDF2_ITER);
        kurv_wipe(pass, sizeof pass);
    } else if (c->priv) {
        e = x->privkey_encode(buf, &len, k->alg, c->fmt, k->priv);
    } else {
        e = x->pubkey_encode(buf, &len, k->alg, c->fmt, k->pub);
    }
    int ok = e == KURV_OK && kp_enc_put(c->pc, out, buf, len);
    kurv_wipe(buf, sizeof buf);
    if (e != KURV_OK)
        kp_err(ERR_R_INTERNAL_ERROR, "kurv: %s key file: %s", kp_ecx_name(k->alg),
               kurv_strerror(e));
    if (ok)
        kp_enc_trace(kp_ecx_name(k->alg), c->encrypt ? "EncryptedPrivateKeyInfo"
                                          : c->priv ? "PrivateKeyInfo" : "SubjectPublicKeyInfo",
                     0);
    return ok;
}

/* the four contexts' newctx, and a dispatch table for each */
#define KP_ECX_ENCODER(name, priv, fmt, sel)                                            \
    static void *name##_newctx(void *provctx) { return new_ctx(provctx, priv, fmt); }   \
    static const OSSL_DISPATCH name[] = {                                               \
        {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))name##_newctx},                      \
        {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))enc_freectx},                       \
        {OSSL_FUNC_ENCODER_SET_CTX_PARAMS, (void (*)(void))enc_set_ctx_params},         \
        {OSSL_FUNC_ENCODER_SETTABLE_CTX_PARAMS, (void (*)(void))enc_settable_ctx_params}, \
        {OSSL_FUNC_ENCODER_DOES_SELECTION, (void (*)(void))sel},                        \
        {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))enc_encode},                         \
        {0, NULL}                                                                       \
    }
KP_ECX_ENCODER(pki_der, 1, KURV_KEYFMT_DER, kp_sel_priv);
KP_ECX_ENCODER(pki_pem, 1, KURV_KEYFMT_PEM, kp_sel_priv);
KP_ECX_ENCODER(spki_der, 0, KURV_KEYFMT_DER, kp_sel_pub);
KP_ECX_ENCODER(spki_pem, 0, KURV_KEYFMT_PEM, kp_sel_pub);

#define KP_X "X25519:1.3.101.110"
#define KP_ED "ED25519:1.3.101.112"
#define PROPS(o, s) "provider=kurv,output=" o ",structure=" s
const OSSL_ALGORITHM kp_ecx_encoder_algs[] = {
    {KP_X, PROPS("der", "PrivateKeyInfo"), pki_der, "X25519 PrivateKeyInfo DER (kurv)"},
    {KP_X, PROPS("pem", "PrivateKeyInfo"), pki_pem, "X25519 PrivateKeyInfo PEM (kurv)"},
    {KP_X, PROPS("der", "SubjectPublicKeyInfo"), spki_der, "X25519 SubjectPublicKeyInfo DER (kurv)"},
    {KP_X, PROPS("pem", "SubjectPublicKeyInfo"), spki_pem, "X25519 SubjectPublicKeyInfo PEM (kurv)"},
    {KP_ED, PROPS("der", "PrivateKeyInfo"), pki_der, "Ed25519 PrivateKeyInfo DER (kurv)"},
    {KP_ED, PROPS("pem", "PrivateKeyInfo"), pki_pem, "Ed25519 PrivateKeyInfo PEM (kurv)"},
    {KP_ED, PROPS("der", "SubjectPublicKeyInfo"), spki_der, "Ed25519 SubjectPublicKeyInfo DER (kurv)"},
    {KP_ED, PROPS("pem", "SubjectPublicKeyInfo"), spki_pem, "Ed25519 SubjectPublicKeyInfo PEM (kurv)"},
    {NULL, NULL, NULL, NULL}
};
