/*
 * openssl/ecx_signature.c: SIGNATURE "ED25519:1.3.101.112" (provider-signature(7),
 * OpenSSL 3.0), pure Ed25519 (RFC 8032 5.1.6, 5.1.7) over kurv-25519, as OpenSSL 3.0's
 * default provider offers it (its eddsa signature): one-shot digest-sign and digest-verify
 * only (EVP_DigestSign, EVP_DigestVerify; the message is hashed inside the algorithm, so
 * there is no update/final and no plain sign/verify), no digest (the digest name given to
 * the init must be NULL or "": else PROV_R_INVALID_DIGEST), and the gettable ctx param
 * "algorithm-id": the DER AlgorithmIdentifier { id-Ed25519 } without parameters (RFC 8410 3:
 * 30 05 06 03 2b 65 70) that X.509 and CMS signing write.
 * Signing: kurv_ed25519_sign_keypair() with the key pair the key object computed from the
 * seed (its A never taken from outside, ecx_key.c); a NULL signature buffer asks for the
 * size (64). Verification: kurv_ed25519_verify() (canonical S, strict point decoding,
 * cofactorless: OpenSSL's rules); a signature of another length does not verify.
 * The context holds a copy of the key (wiped when freed or replaced). Errors raise an OpenSSL
 * error and return 0; a signature that does not verify returns 0 with none.
 * Trace: "sign ED25519", "verify ED25519".
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/util.h>
#include "ecx.h"

static OSSL_FUNC_signature_newctx_fn ed_newctx;
static OSSL_FUNC_signature_freectx_fn ed_freectx;
static OSSL_FUNC_signature_dupctx_fn ed_dupctx;
static OSSL_FUNC_signature_digest_sign_init_fn ed_sign_init;
static OSSL_FUNC_signature_digest_sign_fn ed_sign;
static OSSL_FUNC_signature_digest_verify_init_fn ed_verify_init;
static OSSL_FUNC_signature_digest_verify_fn ed_verify;
static OSSL_FUNC_signature_get_ctx_params_fn ed_get_ctx_params;
static OSSL_FUNC_signature_gettable_ctx_params_fn ed_gettable_ctx_params;

typedef struct {
    kp_provctx *pc;
    int has_key;
    kp_ecx key;            /* a copy of the key (secret: wiped) */
} kp_ed_ctx;

/* the AlgorithmIdentifier of Ed25519, RFC 8410 3 */
static const uint8_t ed25519_aid[] = { 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70 };

/* ed_newctx() - OSSL_FUNC_signature_newctx: an empty context (@propq unused). */
static void *ed_newctx(void *provctx, const char *propq)
{
    (void)propq;
    kp_ed_ctx *s = OPENSSL_zalloc(sizeof *s);
    if (s == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
        return NULL;
    }
    s->pc = provctx;
    return s;
}

/* ed_freectx() - wipe and free the context. */
static void ed_freectx(void *ctx)
{
    if (ctx == NULL)
        return;
    kurv_wipe(ctx, sizeof(kp_ed_ctx));
    OPENSSL_free(ctx);
}

/* ed_dupctx() - a copy of the context (the key copied too); NULL when memory runs out. */
static void *ed_dupctx(void *ctx)
{
    kp_ed_ctx *d = OPENSSL_malloc(sizeof *d);
    if (d == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
        return NULL;
    }
    memcpy(d, ctx, sizeof *d);
    return d;
}

/* init() - the key @vkey (an ED25519 key with the part @need_priv says) for the digest name
 * @mdname (NULL or "" only). Return 1/0 (error raised). */
static int init(kp_ed_ctx *s, const char *mdname, const kp_ecx *k, int need_priv)
{
    if (mdname != NULL && mdname[0] != '\0') {
        kp_err(PROV_R_INVALID_DIGEST, "kurv: Ed25519 takes no digest (%s given)", mdname);
        return 0;
    }
    if (k == NULL) {
        if (!s->has_key) {
            kp_err(PROV_R_NO_KEY_SET, "kurv: no key");
            return 0;
        }
        return 1;
    }
    if (k->alg != KURV_25519_ED25519 || (need_priv ? !k->has_priv : !k->has_pub)) {
        kp_err(need_priv ? PROV_R_NOT_A_PRIVATE_KEY : PROV_R_NOT_A_PUBLIC_KEY,
               "kurv: not an Ed25519 %s key", need_priv ? "private" : "public");
        return 0;
    }
    kurv_wipe(&s->key, sizeof s->key);
    s->key = *k;
    s->has_key = 1;
    return 1;
}

/* ed_sign_init(), ed_verify_init() - OSSL_FUNC_signature_digest_sign_init / verify_init:
 * @mdname NULL or "", @vkey an Ed25519 private (sign) or public (verify) key, or NULL to
 * keep the key set before; @params unused (Ed25519 has none settable). Return 1/0. */
static int ed_sign_init(void *ctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
    (void)params;
    return init(ctx, mdname, vkey, 1);
}
static int ed_verify_init(void *ctx, const char *mdname, void *vkey, const OSSL_PARAM params[])
{
    (void)params;
    return init(ctx, mdname, vkey, 0);
}

/* ed_sign() - OSSL_FUNC_signature_digest_sign: the 64-byte signature of the @tbslen bytes
 * @tbs into @sig (@sigsize bytes, at least 64), its length in *@siglen; with @sig NULL only
 * *@siglen = 64. Return 1/0 (error raised: buffer too small, no private key). */
static int ed_sign(void *ctx, unsigned char *sig, size_t *siglen, size_t sigsize,
                   const unsigned char *tbs, size_t tbslen)
{
    kp_ed_ctx *s = ctx;
    const kp_ecx_api *x = kp_ecx_fns();
    if (!s->has_key || !s->key.has_priv || x == NULL) {
        kp_err(PROV_R_NOT_A_PRIVATE_KEY, "kurv: no Ed25519 private key");
        return 0;
    }
    *siglen = KURV_ED25519_SIG_LEN;
    if (sig == NULL)
        return 1;
    if (sigsize < KURV_ED25519_SIG_LEN) {
        kp_err(PROV_R_OUTPUT_BUFFER_TOO_SMALL, "kurv: an Ed25519 signature is 64 bytes");
        return 0;
    }
    kurv_err e = x->ed25519_sign_keypair(sig, tbs, tbslen, s->key.keypair);
    if (e != KURV_OK) {
        kp_err(PROV_R_FAILED_TO_SIGN, "kurv: Ed25519 sign: %s", kurv_strerror(e));
        return 0;
    }
    kp_log_line("sign", "ED25519", NULL);
    return 1;
}

/* ed_verify() - OSSL_FUNC_signature_digest_verify: 1 when @sig (@siglen bytes, 64) is a
 * valid signature of @tbs under the key; 0 otherwise (no error for a bad signature). */
static int ed_verify(void *ctx, const unsigned char *sig, size_t siglen,
                     const unsigned char *tbs, size_t tbslen)
{
    kp_ed_ctx *s = ctx;
    const kp_ecx_api *x = kp_ecx_fns();
    if (!s->has_key || !s->key.has_pub || x == NULL) {
        kp_err(PROV_R_NOT_A_PUBLIC_KEY, "kurv: no Ed25519 public key");
        return 0;
    }
    kp_log_line("verify", "ED25519", NULL);
    if (siglen != KURV_ED25519_SIG_LEN)
        return 0;
    return x->ed25519_verify(sig, tbs, tbslen, s->key.pub) == KURV_OK;
}

/* ed_get_ctx_params() - "algorithm-id": the DER AlgorithmIdentifier of Ed25519. Return 1/0. */
static int ed_get_ctx_params(void *ctx, OSSL_PARAM params[])
{
    (void)ctx;
    OSSL_PARAM *p = OSSL_PARAM_locate(params, OSSL_SIGNATURE_PARAM_ALGORITHM_ID);
    return p == NULL || OSSL_PARAM_set_octet_string(p, ed25519_aid, sizeof ed25519_aid);
}

/* ed_gettable_ctx_params() - "algorithm-id" (static list). */
static const OSSL_PARAM *ed_gettable_ctx_params(void *ctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_octet_string(OSSL_SIGNATURE_PARAM_ALGORITHM_ID, NULL, 0),
        OSSL_PARAM_END
    };
    (void)ctx, (void)provctx;
    return list;
}

const OSSL_DISPATCH kp_ed25519_signature_functions[] = {
    {OSSL_FUNC_SIGNATURE_NEWCTX, (void (*)(void))ed_newctx},
    {OSSL_FUNC_SIGNATURE_FREECTX, (void (*)(void))ed_freectx},
    {OSSL_FUNC_SIGNATURE_DUPCTX, (void (*)(void))ed_dupctx},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT, (void (*)(void))ed_sign_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_SIGN, (void (*)(void))ed_sign},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT, (void (*)(void))ed_verify_init},
    {OSSL_FUNC_SIGNATURE_DIGEST_VERIFY, (void (*)(void))ed_verify},
    {OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS, (void (*)(void))ed_get_ctx_params},
    {OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS, (void (*)(void))ed_gettable_ctx_params},
    {0, NULL}
};
