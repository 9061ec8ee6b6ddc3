/*
 * openssl/ecx_gen.c: key generation of KEYMGMT "X25519" and "ED25519" (provider-keymgmt(7),
 * OpenSSL 3.0), by kurv_x25519_keygen() and kurv_ed25519_keygen() (32 bytes of the system's
 * CSPRNG through kurv_random(); RFC 7748 6.1, RFC 8032 5.1.5), with the default provider's
 * rules: gen_set_params takes "group" (X25519 only, and only the name "x25519" in any case:
 * what libssl sets for the TLS group x25519) and "properties" (unused); a selection without
 * the key pair (libssl's paramgen for a peer's key share) makes an empty key, which takes
 * its public key later (encoded-pub-key, ecx_keymgmt.c). The generated private key is held
 * in the key object only; the context holds no secret. Trace: "keygen <alg>".
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
    kurv_25519_alg alg;
    int selection;
} kp_ecx_genctx;

/* gen_init() - the generation context of @alg for @selection, @params applied; NULL (error
 * raised) when memory runs out or a param is refused. */
static void *gen_init(void *provctx, kurv_25519_alg alg, int selection,
                      const OSSL_PARAM params[])
{
    kp_ecx_genctx *g = OPENSSL_zalloc(sizeof *g);
    if (g == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
        return NULL;
    }
    g->pc = provctx;
    g->alg = alg;
    g->selection = selection;
    if (!kp_ecx_gen_set_params(g, params)) {
        OPENSSL_free(g);
        return NULL;
    }
    return g;
}

/* kp_x25519_gen_init(), kp_ed25519_gen_init() - OSSL_FUNC_keymgmt_gen_init of each. */
void *kp_x25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, KURV_25519_X25519, selection, params);
}
void *kp_ed25519_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    return gen_init(provctx, KURV_25519_ED25519, selection, params);
}

/* kp_ecx_gen_set_params() - OSSL_FUNC_keymgmt_gen_set_params: "group" must be "x25519"
 * (X25519 only; ERR_R_PASSED_INVALID_ARGUMENT otherwise), "properties" is taken. Return 1/0. */
int kp_ecx_gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    const kp_ecx_genctx *g = genctx;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    if (p == NULL)
        return 1;
    if (p->data_type != OSSL_PARAM_UTF8_STRING || g->alg != KURV_25519_X25519
        || strcasecmp(p->data, "x25519") != 0) {
        ERR_raise(ERR_LIB_PROV, ERR_R_PASSED_INVALID_ARGUMENT);
        return 0;
    }
    return 1;
}

/* kp_ecx_gen_settable_params() - "group" and "properties". */
const OSSL_PARAM *kp_ecx_gen_settable_params(void *genctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_END
    };
    (void)genctx, (void)provctx;
    return list;
}

/* kp_ecx_gen() - OSSL_FUNC_keymgmt_gen: a new key (an empty one without a key-pair
 * selection); @cb unused (no progress to tell). NULL (error raised) on an RNG failure, when
 * the library is not loaded or memory runs out. Trace "keygen <alg>". */
void *kp_ecx_gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    const kp_ecx_genctx *g = genctx;
    const kp_ecx_api *x = kp_ecx_fns();
    uint8_t priv[32], pub[32];
    (void)cb, (void)cbarg;
    if (g == NULL)
        return NULL;
    if (x == NULL) {
        kp_err(PROV_R_NOT_SUPPORTED, "kurv: libkurv-25519 is not loaded");
        return NULL;
    }
    kp_ecx *k = kp_ecx_new(g->pc, g->alg);
    if (k == NULL || !(g->selection & KP_SEL_KEYPAIR))
        return k;
    kurv_err e = g->alg == KURV_25519_ED25519 ? x->ed25519_keygen(priv, pub)
                                              : x->x25519_keygen(priv, pub);
    int ok = e == KURV_OK && kp_ecx_set_priv(k, priv);
    kurv_wipe(priv, sizeof priv);
    if (!ok) {
        if (e != KURV_OK)
            kp_err(PROV_R_FAILED_TO_GENERATE_KEY, "kurv: %s keygen: %s", kp_ecx_name(g->alg),
                   kurv_strerror(e));
        kp_ecx_free(k);
        return NULL;
    }
    kp_log_line("keygen", kp_ecx_name(g->alg), NULL);
    return k;
}

/* kp_ecx_gen_cleanup() - OSSL_FUNC_keymgmt_gen_cleanup: free the context. */
void kp_ecx_gen_cleanup(void *genctx) { OPENSSL_free(genctx); }
