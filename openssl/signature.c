/*
 * openssl/signature.c: SIGNATURE "ECDSA" (provider-signature(7), OpenSSL 3.0) over
 * kurv_ecdsa_sign / kurv_ecdsa_verify.
 *
 * sign/verify take a digest (tbs, 1..64 bytes; when a "digest" is set, exactly its size);
 * digest-sign/verify hash the message with SHA-224/256/384/512 (digest.c, Nettle; the key's
 * default digest when none is named). Signatures are DER ECDSA-Sig-Value (X9.62 E.8) on
 * output; on input only strict DER is accepted (kurv_ecdsa_sig_from_der), so BER forms and
 * wrong sizes fail. Nonces are RFC 6979's, with the HMAC hash of the digest (of the digest's
 * length when no digest is named; SHA-256 for a length that names none): two signatures of
 * one digest with one key are identical.
 * ctx params: digest, digest-size, properties set (properties: read with a digest, as the
 * default provider reads them, and refused when not a UTF8 string; otherwise ignored: the
 * digest is always Nettle's);
 * algorithm-id (DER AlgorithmIdentifier ecdsa-with-SHA224/256/384/512, parameters absent,
 * RFC 5758 3.2), digest, digest-size get.
 * Trace: "sign <curve>" per signature made, "verify <curve>" per verification attempted.
 *
 * A key that holds the default provider's key (keymgmt_key.c, delegate.c) makes the context
 * hold the default provider's ECDSA context (dctx): every function here then calls the
 * default provider's on it (OpenSSL's randomised nonces, its digests, its params), and the
 * trace says "sign <curve> (default)", "verify <curve> (default)".
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/ecdsa.h>
#include <kurv/util.h>
#include "prov.h"

/* the functions of the dispatch table, with OpenSSL's types (core_dispatch.h): a
 * signature that differs does not compile */
static OSSL_FUNC_signature_newctx_fn sig_newctx;
static OSSL_FUNC_signature_freectx_fn sig_freectx;
static OSSL_FUNC_signature_dupctx_fn sig_dupctx;
static OSSL_FUNC_signature_sign_init_fn sig_sign_init;
static OSSL_FUNC_signature_sign_fn sig_sign;
static OSSL_FUNC_signature_verify_init_fn sig_verify_init;
static OSSL_FUNC_signature_verify_fn sig_verify;
static OSSL_FUNC_signature_digest_sign_init_fn sig_digest_sign_init;
static OSSL_FUNC_signature_digest_sign_update_fn sig_digest_update;
static OSSL_FUNC_signature_digest_sign_final_fn sig_digest_sign_final;
static OSSL_FUNC_signature_digest_sign_fn sig_digest_sign;
static OSSL_FUNC_signature_digest_verify_init_fn sig_digest_verify_init;
static OSSL_FUNC_signature_digest_verify_fn sig_digest_verify;
static OSSL_FUNC_signature_digest_verify_final_fn sig_digest_verify_final;
static OSSL_FUNC_signature_get_ctx_params_fn sig_get_ctx_params;
static OSSL_FUNC_signature_gettable_ctx_params_fn sig_gettable_ctx_params;
static OSSL_FUNC_signature_set_ctx_params_fn sig_set_ctx_params;
static OSSL_FUNC_signature_settable_ctx_params_fn sig_settable_ctx_params;

typedef struct {
    kp_key key;        /* a copy of the key of the operation (kurv's own keys) */
    kp_md *md;         /* the digest named (NULL: none) */
    int digesting;     /* 1 between digest_*_init and final */
    kp_provctx *pc;
    char *propq;       /* newctx's property query, for the default provider's context */
    const kp_dfn *df;  /* with dctx: the default provider's ECDSA context, else NULL */
    void *dctx;
    int dverify;       /* dctx: 1 when the digest operation is a verification */
    char dname[48];    /* dctx: the curve, for the trace */
} kp_sig;

static void *sig_newctx(void *provctx, const char *propq)
{
    kp_sig *s = OPENSSL_zalloc(sizeof(kp_sig));
    if (s == NULL)
        return NULL;
    s->pc = provctx;
    if (propq != NULL && (s->propq = OPENSSL_strdup(propq)) == NULL) {
        OPENSSL_free(s);
        return NULL;
    }
    return s;
}

static void sig_drop_foreign(kp_sig *s)
{
    if (s->dctx != NULL)
        s->df->sig_freectx(s->dctx);
    s->dctx = NULL;
    s->df = NULL;
}

static void sig_freectx(void *vctx)
{
    kp_sig *s = vctx;
    if (s == NULL)
        return;
    sig_drop_foreign(s);
    kp_md_free(s->md);
    OPENSSL_free(s->propq);
    OPENSSL_clear_free(s, sizeof *s);
}

static void *sig_dupctx(void *vctx)
{
    const kp_sig *s = vctx;
    kp_sig *d = OPENSSL_memdup(s, sizeof *s);
    if (d == NULL)
        return NULL;
    d->md = NULL;
    d->propq = NULL;
    d->dctx = NULL;
    if ((s->md != NULL && (d->md = kp_md_dup(s->md)) == NULL)
        || (s->propq != NULL && (d->propq = OPENSSL_strdup(s->propq)) == NULL)
        || (s->dctx != NULL && (d->dctx = s->df->sig_dupctx(s->dctx)) == NULL)) {
        sig_freectx(d);
        return NULL;
    }
    return d;
}

/* Which code serves an init with key @k (NULL: the key of the previous init): 1 the default
 * provider's (s->dctx ready), 0 kurv's, -1 on error. */
static int sig_route(kp_sig *s, const kp_key *k)
{
    if (k == NULL)
        return s->dctx != NULL;
    if (k->dk == NULL) {
        sig_drop_foreign(s);
        return 0;
    }
    if (s->dctx != NULL && s->df != k->df)
        sig_drop_foreign(s);
    if (s->dctx == NULL) {
        s->dctx = k->df->sig_newctx(k->df->provctx, s->propq);
        if (s->dctx == NULL)
            return -1;
        s->df = k->df;
    }
    if (kp_log_enabled())
        kp_dlg_name(k->df, k->dk, s->dname, sizeof s->dname);
    return 1;
}

static int set_md(kp_sig *s, const char *name)
{
    kp_md *m = kp_md_new(name);
    if (m == NULL)
        return 0;
    if (kp_md_hash(m) == KURV_HASH_NONE) {
        kp_err(PROV_R_INVALID_DIGEST, "ECDSA with %s: kurv signs with SHA-2 only", name);
        kp_md_free(m);
        return 0;
    }
    kp_md_free(s->md);
    s->md = m;
    return 1;
}

static int sig_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    kp_sig *s = vctx;
    const OSSL_PARAM *p;
    if (s->dctx != NULL)
        return s->df->sig_set_ctx_params(s->dctx, params);
    if (params == NULL)
        return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST)) != NULL) {
        const OSSL_PARAM *pp = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_PROPERTIES);
        const char *name = NULL, *props = NULL;
        if (s->digesting) {
            kp_err(PROV_R_OPERATION_NOT_SUPPORTED_FOR_THIS_KEYTYPE,
                   "the digest cannot change during digest-sign/verify");
            return 0;
        }
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &name))
            return 0;
        if (pp != NULL && !OSSL_PARAM_get_utf8_string_ptr(pp, &props)) {
            kp_err(PROV_R_INVALID_DIGEST, "the digest's properties are not a UTF8 string");
            return 0;
        }
        if (!set_md(s, name))
            return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST_SIZE)) != NULL) {
        size_t n = 0;
        if (!OSSL_PARAM_get_size_t(p, &n) || s->md == NULL || n != kp_md_size(s->md)) {
            kp_err(PROV_R_INVALID_DIGEST_SIZE, "digest-size does not match the digest");
            return 0;
        }
    }
    return 1;
}

static const OSSL_PARAM *sig_settable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
        OSSL_PARAM_END
    };
    const kp_sig *s = vctx;
    (void)provctx;
    if (s != NULL && s->dctx != NULL)
        return s->df->sig_settable_ctx_params(s->dctx, s->df->provctx);
    return list;
}

static int sig_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    kp_sig *s = vctx;
    OSSL_PARAM *p;
    if (s->dctx != NULL)
        return s->df->sig_get_ctx_params(s->dctx, params);
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID)) != NULL) {
        /* SEQUENCE { OID 1.2.840.10045.4.3.<n> }: ecdsa-with-SHA224 (1) ... SHA512 (4) */
        uint8_t der[12] = {0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0};
        kurv_hash h = s->md != NULL ? kp_md_hash(s->md) : KURV_HASH_NONE;
        der[11] = h == KURV_HASH_SHA224 ? 1 : h == KURV_HASH_SHA256 ? 2
                  : h == KURV_HASH_SHA384 ? 3 : h == KURV_HASH_SHA512 ? 4 : 0;
        if (der[11] == 0 || !OSSL_PARAM_set_octet_string(p, der, sizeof der))
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST)) != NULL
        && (s->md == NULL || !OSSL_PARAM_set_utf8_string(p, kp_md_name(s->md))))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_DIGEST_SIZE)) != NULL
        && (s->md == NULL || !OSSL_PARAM_set_size_t(p, kp_md_size(s->md))))
        return 0;
    return 1;
}

static const OSSL_PARAM *sig_gettable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, NULL, 0),
        OSSL_PARAM_size_t(OSSL_SIGNATURE_PARAM_DIGEST_SIZE, NULL),
        OSSL_PARAM_END
    };
    const kp_sig *s = vctx;
    (void)provctx;
    if (s != NULL && s->dctx != NULL)
        return s->df->sig_gettable_ctx_params(s->dctx, s->df->provctx);
    return list;
}

static int sig_init(kp_sig *s, const kp_key *k, int need_priv, const OSSL_PARAM params[])
{
    if (k != NULL) {
        if (k->curve == NULL || (need_priv ? !k->has_priv : !k->has_pub)) {
            kp_err(need_priv ? PROV_R_NOT_A_PRIVATE_KEY : PROV_R_NOT_A_PUBLIC_KEY,
                   "ECDSA %s needs a %s key", need_priv ? "signing" : "verification",
                   need_priv ? "private" : "public");
            return 0;
        }
        memcpy(&s->key, k, sizeof *k);
    } else if (s->key.curve == NULL) {
        kp_err(PROV_R_NO_KEY_SET, "no key");
        return 0;
    }
    s->digesting = 0;
    return sig_set_ctx_params(s, params);
}

static int sig_sign_init(void *vctx, void *provkey, const OSSL_PARAM params[])
{
    kp_sig *s = vctx;
    const kp_key *k = provkey;
    int r = sig_route(s, k);
    if (r != 0)
        return r > 0 && s->df->sign_init(s->dctx, k != NULL ? k->dk : NULL, params);
    return sig_init(s, k, 1, params);
}

static int sig_verify_init(void *vctx, void *provkey, const OSSL_PARAM params[])
{
    kp_sig *s = vctx;
    const kp_key *k = provkey;
    int r = sig_route(s, k);
    if (r != 0)
        return r > 0 && s->df->verify_init(s->dctx, k != NULL ? k->dk : NULL, params);
    return sig_init(s, k, 0, params);
}

static kurv_hash nonce_hash(const kp_sig *s, size_t tbslen)
{
    if (s->md != NULL)
        return kp_md_hash(s->md);
    switch (tbslen) {
    case 28: return KURV_HASH_SHA224;
    case 48: return KURV_HASH_SHA384;
    case 64: return KURV_HASH_SHA512;
    default: return KURV_HASH_SHA256;
    }
}

static int sig_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                    const unsigned char *tbs, size_t tbslen)
{
    kp_sig *s = vctx;
    if (s->dctx != NULL) {
        int ok = s->df->sign(s->dctx, sig, siglen, sigsize, tbs, tbslen);
        if (ok && sig != NULL)
            kp_log_line("sign", s->dname, " (default)");
        return ok;
    }
    const kp_curve *c = s->key.curve;
    if (c == NULL || !s->key.has_priv) {
        kp_err(PROV_R_NOT_A_PRIVATE_KEY, "no private key");
        return 0;
    }
    if (sig == NULL) {
        *siglen = kp_sig_max_size(c);
        return 1;
    }
    if (tbs == NULL || tbslen == 0 || tbslen > KURV_MAX_HASH_LEN
        || (s->md != NULL && tbslen != kp_md_size(s->md))) {
        kp_err(PROV_R_INVALID_DIGEST_LENGTH, "ECDSA: a %zu-byte digest", tbslen);
        return 0;
    }
    uint8_t raw[KURV_MAX_SIG_RAW_LEN], der[KURV_MAX_SIG_DER_LEN];
    size_t rlen = 2 * kurv_curve_scalar_len(c->c), dlen = sizeof der;
    kurv_err e = kurv_ecdsa_sign(c->c, raw, rlen, s->key.priv, kurv_curve_scalar_len(c->c),
                                 tbs, tbslen, nonce_hash(s, tbslen), NULL, 0, 0);
    if (e == KURV_OK)
        e = kurv_ecdsa_sig_to_der(c->c, der, &dlen, raw, rlen);
    kurv_wipe(raw, sizeof raw);
    if (e != KURV_OK) {
        kp_err(PROV_R_FAILED_TO_SIGN, "ECDSA on %s: %s", c->name, kurv_strerror(e));
        return 0;
    }
    if (sigsize < dlen) {
        kp_err(PROV_R_OUTPUT_BUFFER_TOO_SMALL, "signature buffer of %zu bytes, %zu needed",
               sigsize, dlen);
        return 0;
    }
    memcpy(sig, der, dlen);
    *siglen = dlen;
    kp_log("sign", c);
    return 1;
}

static int sig_verify(void *vctx, const unsigned char *sig, size_t siglen,
                      const unsigned char *tbs, size_t tbslen)
{
    kp_sig *s = vctx;
    if (s->dctx != NULL) {
        kp_log_line("verify", s->dname, " (default)");
        return s->df->verify(s->dctx, sig, siglen, tbs, tbslen);
    }
    const kp_curve *c = s->key.curve;
    if (c == NULL || !s->key.has_pub) {
        kp_err(PROV_R_NOT_A_PUBLIC_KEY, "no public key");
        return 0;
    }
    kp_log("verify", c);
    if (tbs == NULL || tbslen == 0 || tbslen > KURV_MAX_HASH_LEN
        || (s->md != NULL && tbslen != kp_md_size(s->md))) {
        kp_err(PROV_R_INVALID_DIGEST_LENGTH, "ECDSA: a %zu-byte digest", tbslen);
        return 0;
    }
    uint8_t raw[KURV_MAX_SIG_RAW_LEN];
    size_t rlen = 2 * kurv_curve_scalar_len(c->c);
    if (sig == NULL || kurv_ecdsa_sig_from_der(c->c, raw, rlen, sig, siglen) != KURV_OK) {
        kp_err(PROV_R_INVALID_SIGNATURE_SIZE, "ECDSA on %s: not a DER ECDSA-Sig-Value", c->name);
        return 0;
    }
    return kurv_ecdsa_verify(c->c, raw, rlen, s->key.pub, kurv_curve_point_len(c->c, 0),
                             tbs, tbslen, 0) == KURV_OK;
}

static int digest_init(kp_sig *s, const char *mdname, const kp_key *k, int need_priv,
                       const OSSL_PARAM params[])
{
    if (!sig_init(s, k, need_priv, NULL))
        return 0;
    const kp_curve *c = s->key.curve;
    const char *dflt = c->hash == KURV_HASH_SHA512 ? "SHA512"
                       : c->hash == KURV_HASH_SHA384 ? "SHA384" : "SHA256";
    int named = mdname != NULL && *mdname != '\0';
    if (!set_md(s, named ? mdname : dflt))
        return 0;
    if (!sig_set_ctx_params(s, params))
        return 0;
    /* the digest the call names wins over a "digest" param, as in the default provider
     * (its ECDSA sets the params, then the call's digest) */
    if (named && OSSL_PARAM_locate_const(params, OSSL_SIGNATURE_PARAM_DIGEST) != NULL
        && !set_md(s, mdname))
        return 0;
    s->digesting = 1;
    return 1;
}

static int sig_digest_sign_init(void *vctx, const char *mdname, void *provkey,
                                const OSSL_PARAM params[])
{
    kp_sig *s = vctx;
    const kp_key *k = provkey;
    int r = sig_route(s, k);
    if (r != 0) {
        s->dverify = 0;
        return r > 0 && s->df->dsign_init(s->dctx, mdname, k != NULL ? k->dk : NULL, params);
    }
    return digest_init(s, mdname, k, 1, params);
}

static int sig_digest_verify_init(void *vctx, const char *mdname, void *provkey,
                                  const OSSL_PARAM params[])
{
    kp_sig *s = vctx;
    const kp_key *k = provkey;
    int r = sig_route(s, k);
    if (r != 0) {
        s->dverify = 1;
        return r > 0 && s->df->dverify_init(s->dctx, mdname, k != NULL ? k->dk : NULL, params);
    }
    return digest_init(s, mdname, k, 0, params);
}

static int sig_digest_update(void *vctx, const unsigned char *data, size_t len)
{
    kp_sig *s = vctx;
    if (s->dctx != NULL)
        return s->dverify ? s->df->dverify_update(s->dctx, data, len)
                          : s->df->dsign_update(s->dctx, data, len);
    if (!s->digesting || s->md == NULL)
        return 0;
    kp_md_update(s->md, data, len);
    return 1;
}

static int sig_digest_sign_final(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize)
{
    kp_sig *s = vctx;
    uint8_t d[KURV_MAX_HASH_LEN];
    if (s->dctx != NULL) {
        int ok = s->df->dsign_final(s->dctx, sig, siglen, sigsize);
        if (ok && sig != NULL)
            kp_log_line("sign", s->dname, " (default)");
        return ok;
    }
    if (!s->digesting || s->md == NULL)
        return 0;
    if (sig == NULL)   /* a size query leaves the digest running */
        return sig_sign(s, NULL, siglen, 0, NULL, 0);
    kp_md_final(s->md, d);
    s->digesting = 0;
    int ok = sig_sign(s, sig, siglen, sigsize, d, kp_md_size(s->md));
    s->digesting = 1;
    return ok;
}

static int sig_digest_verify_final(void *vctx, const unsigned char *sig, size_t siglen)
{
    kp_sig *s = vctx;
    uint8_t d[KURV_MAX_HASH_LEN];
    if (s->dctx != NULL) {
        kp_log_line("verify", s->dname, " (default)");
        return s->df->dverify_final(s->dctx, sig, siglen);
    }
    if (!s->digesting || s->md == NULL)
        return 0;
    kp_md_final(s->md, d);
    return sig_verify(s, sig, siglen, d, kp_md_size(s->md));
}

/* One-shot EVP_DigestSign / EVP_DigestVerify: libcrypto calls these instead of update +
 * final, which would first duplicate the whole operation context (EVP_DigestSignFinal keeps
 * the caller's context usable). */
static int sig_digest_sign(void *vctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                           const unsigned char *tbs, size_t tbslen)
{
    kp_sig *s = vctx;
    if (sig == NULL)
        return sig_digest_sign_final(s, NULL, siglen, 0);
    if (!sig_digest_update(s, tbs, tbslen))
        return 0;
    return sig_digest_sign_final(s, sig, siglen, sigsize);
}

static int sig_digest_verify(void *vctx, const unsigned char *sig, size_t siglen,
                             const unsigned char *tbs, size_t tbslen)
{
    kp_sig *s = vctx;
    if (!sig_digest_update(s, tbs, tbslen))
        return 0;
    return sig_digest_verify_final(s, sig, siglen);
}

const OSSL_DISPATCH kp_signature_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))sig_newctx},
    {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))sig_freectx},
    {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))sig_dupctx},
    {OSSL_FUNC_SIGNATURE_SIGN_INIT, (void (*)(void))sig_sign_init},
    {OSSL_FUNC_SIGNATURE_SIGN, (void (*)(void))sig_sign},
    {OSSL_FUNC_SIGNATURE_VERIFY_INIT, (void (*)(void))sig_verify_init},
    {OSSL_FUNC_SIGNATURE_VERIFY, (void (*)(void))sig_verify},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))sig_digest_sign_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE, (void (*)(void))sig_digest_update},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL, (void (*)(void))sig_digest_sign_final},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))sig_digest_sign},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))sig_digest_verify_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))sig_digest_verify},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE, (void (*)(void))sig_digest_update},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL, (void (*)(void))sig_digest_verify_final},
    {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))sig_get_ctx_params},
    {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))sig_gettable_ctx_params},
    {OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS, (void (*)(void))sig_set_ctx_params},
    {OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS, (void (*)(void))sig_settable_ctx_params},
    {0, NULL}
};
