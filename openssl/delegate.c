/*
 * openssl/delegate.c: OpenSSL's default provider, reached from inside kurv.so, for keys on
 * curves kurv does not offer here (a family library that is not installed, or any other
 * curve OpenSSL knows).
 *
 * Why: OpenSSL 3.0 fetches one KEYMGMT per algorithm name ("EC"), not per curve, and libssl
 * keeps only the TLS groups of the provider whose EC keymgmt it fetched. With kurv preferred,
 * a curve kurv lacks would otherwise have no code at all for key generation and TLS.
 *
 * How (provider-base(7), OSSL_LIB_CTX_new_child(3)): each provider instance keeps a child
 * library context, made at OSSL_provider_init from the core's handle and dispatch; it
 * mirrors the providers of the application's library context. On first need kp_dlg_get()
 * fetches there, with the property query "provider=default", the default provider's EC
 * KEYMGMT, ECDSA SIGNATURE and ECDH KEYEXCH (the fetched objects keep the default provider
 * alive until teardown), asks that provider for their dispatch tables
 * (OSSL_PROVIDER_query_operation) and keeps the functions and the provider's context. The
 * key manager, signature and exchange code (keymgmt.c, signature.c, keyexch.c) then hold the
 * default provider's own key and operation objects and call these functions on them.
 * When the default provider is not loaded in the application's context (kurv + base, say),
 * kp_dlg_get() returns NULL (and tries again on the next call: it may be loaded later), and
 * kurv refuses such curves with its own error, as it did before.
 * The trace names such operations "<op> <curve> (default)" (kp_dlg_log).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include "prov.h"

struct kp_dlg {
    OSSL_LIB_CTX *child;
    pthread_mutex_t lock;
    int ready;
    EVP_KEYMGMT *km;          /* references that keep the default provider loaded */
    EVP_SIGNATURE *sig;
    EVP_KEYEXCH *kx;
    kp_dfn fn;
};

kp_dlg *kp_dlg_new(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in)
{
    kp_dlg *d = OPENSSL_zalloc(sizeof *d);
    if (d == NULL)
        return NULL;
    d->child = OSSL_LIB_CTX_new_child(handle, in);
    if (d->child == NULL || pthread_mutex_init(&d->lock, NULL) != 0) {
        OSSL_LIB_CTX_free(d->child);
        OPENSSL_free(d);
        return NULL;
    }
    return d;
}

void kp_dlg_free(kp_dlg *d)
{
    if (d == NULL)
        return;
    EVP_KEYMGMT_free(d->km);
    EVP_SIGNATURE_free(d->sig);
    EVP_KEYEXCH_free(d->kx);
    OSSL_LIB_CTX_free(d->child);
    pthread_mutex_destroy(&d->lock);
    OPENSSL_free(d);
}

/* Does the ':'-separated name list @names hold @name? */
static int has_name(const char *names, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = names; p != NULL && *p != '\0';) {
        const char *e = strchr(p, ':');
        size_t len = e != NULL ? (size_t)(e - p) : strlen(p);
        if (len == n && OPENSSL_strncasecmp(p, name, n) == 0)
            return 1;
        p = e != NULL ? e + 1 : NULL;
    }
    return 0;
}

/* The dispatch table of @name among @prov's algorithms of @op; NULL when absent. */
static const OSSL_DISPATCH *find_impl(const OSSL_PROVIDER *prov, int op, const char *name)
{
    int no_cache = 0;
    const OSSL_ALGORITHM *a = OSSL_PROVIDER_query_operation(prov, op, &no_cache);
    const OSSL_DISPATCH *r = NULL;
    for (const OSSL_ALGORITHM *p = a; p != NULL && p->algorithm_names != NULL; p++)
        if (has_name(p->algorithm_names, name)) {
            r = p->implementation;
            break;
        }
    OSSL_PROVIDER_unquery_operation(prov, op, a);
    return r;
}

#define FN(field, type) f->field = (type##_fn *)i->function
static void take_keymgmt(kp_dfn *f, const OSSL_DISPATCH *i)
{
    for (; i->function_id != 0; i++)
        switch (i->function_id) {
        case OSSL_FUNC_KEYMGMT_NEW: FN(km_new, OSSL_FUNC_keymgmt_new); break;
        case OSSL_FUNC_KEYMGMT_FREE: FN(km_free, OSSL_FUNC_keymgmt_free); break;
        case OSSL_FUNC_KEYMGMT_GEN_INIT: FN(gen_init, OSSL_FUNC_keymgmt_gen_init); break;
        case OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE:
            FN(gen_set_template, OSSL_FUNC_keymgmt_gen_set_template); break;
        case OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS:
            FN(gen_set_params, OSSL_FUNC_keymgmt_gen_set_params); break;
        case OSSL_FUNC_KEYMGMT_GEN: FN(gen, OSSL_FUNC_keymgmt_gen); break;
        case OSSL_FUNC_KEYMGMT_GEN_CLEANUP: FN(gen_cleanup, OSSL_FUNC_keymgmt_gen_cleanup); break;
        case OSSL_FUNC_KEYMGMT_GET_PARAMS: FN(km_get_params, OSSL_FUNC_keymgmt_get_params); break;
        case OSSL_FUNC_KEYMGMT_SET_PARAMS: FN(km_set_params, OSSL_FUNC_keymgmt_set_params); break;
        case OSSL_FUNC_KEYMGMT_HAS: FN(km_has, OSSL_FUNC_keymgmt_has); break;
        case OSSL_FUNC_KEYMGMT_MATCH: FN(km_match, OSSL_FUNC_keymgmt_match); break;
        case OSSL_FUNC_KEYMGMT_VALIDATE: FN(km_validate, OSSL_FUNC_keymgmt_validate); break;
        case OSSL_FUNC_KEYMGMT_DUP: FN(km_dup, OSSL_FUNC_keymgmt_dup); break;
        case OSSL_FUNC_KEYMGMT_IMPORT: FN(km_import, OSSL_FUNC_keymgmt_import); break;
        case OSSL_FUNC_KEYMGMT_EXPORT: FN(km_export, OSSL_FUNC_keymgmt_export); break;
        default: break;
        }
}

static void take_signature(kp_dfn *f, const OSSL_DISPATCH *i)
{
    for (; i->function_id != 0; i++)
        switch (i->function_id) {
        case OSSL_FUNC_SIGNATURE_NEWCTX: FN(sig_newctx, OSSL_FUNC_signature_newctx); break;
        case OSSL_FUNC_SIGNATURE_FREECTX: FN(sig_freectx, OSSL_FUNC_signature_freectx); break;
        case OSSL_FUNC_SIGNATURE_DUPCTX: FN(sig_dupctx, OSSL_FUNC_signature_dupctx); break;
        case OSSL_FUNC_SIGNATURE_SIGN_INIT: FN(sign_init, OSSL_FUNC_signature_sign_init); break;
        case OSSL_FUNC_SIGNATURE_SIGN: FN(sign, OSSL_FUNC_signature_sign); break;
        case OSSL_FUNC_SIGNATURE_VERIFY_INIT:
            FN(verify_init, OSSL_FUNC_signature_verify_init); break;
        case OSSL_FUNC_SIGNATURE_VERIFY: FN(verify, OSSL_FUNC_signature_verify); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_SIGN_INIT:
            FN(dsign_init, OSSL_FUNC_signature_digest_sign_init); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_SIGN_UPDATE:
            FN(dsign_update, OSSL_FUNC_signature_digest_sign_update); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_SIGN_FINAL:
            FN(dsign_final, OSSL_FUNC_signature_digest_sign_final); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_INIT:
            FN(dverify_init, OSSL_FUNC_signature_digest_verify_init); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_UPDATE:
            FN(dverify_update, OSSL_FUNC_signature_digest_verify_update); break;
        case OSSL_FUNC_SIGNATURE_DIGEST_VERIFY_FINAL:
            FN(dverify_final, OSSL_FUNC_signature_digest_verify_final); break;
        case OSSL_FUNC_SIGNATURE_GET_CTX_PARAMS:
            FN(sig_get_ctx_params, OSSL_FUNC_signature_get_ctx_params); break;
        case OSSL_FUNC_SIGNATURE_GETTABLE_CTX_PARAMS:
            FN(sig_gettable_ctx_params, OSSL_FUNC_signature_gettable_ctx_params); break;
        case OSSL_FUNC_SIGNATURE_SET_CTX_PARAMS:
            FN(sig_set_ctx_params, OSSL_FUNC_signature_set_ctx_params); break;
        case OSSL_FUNC_SIGNATURE_SETTABLE_CTX_PARAMS:
            FN(sig_settable_ctx_params, OSSL_FUNC_signature_settable_ctx_params); break;
        default: break;
        }
}

static void take_keyexch(kp_dfn *f, const OSSL_DISPATCH *i)
{
    for (; i->function_id != 0; i++)
        switch (i->function_id) {
        case OSSL_FUNC_KEYEXCH_NEWCTX: FN(kx_newctx, OSSL_FUNC_keyexch_newctx); break;
        case OSSL_FUNC_KEYEXCH_INIT: FN(kx_init, OSSL_FUNC_keyexch_init); break;
        case OSSL_FUNC_KEYEXCH_SET_PEER: FN(kx_set_peer, OSSL_FUNC_keyexch_set_peer); break;
        case OSSL_FUNC_KEYEXCH_DERIVE: FN(kx_derive, OSSL_FUNC_keyexch_derive); break;
        case OSSL_FUNC_KEYEXCH_FREECTX: FN(kx_freectx, OSSL_FUNC_keyexch_freectx); break;
        case OSSL_FUNC_KEYEXCH_DUPCTX: FN(kx_dupctx, OSSL_FUNC_keyexch_dupctx); break;
        case OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS:
            FN(kx_set_ctx_params, OSSL_FUNC_keyexch_set_ctx_params); break;
        case OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS:
            FN(kx_settable_ctx_params, OSSL_FUNC_keyexch_settable_ctx_params); break;
        case OSSL_FUNC_KEYEXCH_GET_CTX_PARAMS:
            FN(kx_get_ctx_params, OSSL_FUNC_keyexch_get_ctx_params); break;
        case OSSL_FUNC_KEYEXCH_GETTABLE_CTX_PARAMS:
            FN(kx_gettable_ctx_params, OSSL_FUNC_keyexch_gettable_ctx_params); break;
        default: break;
        }
}
#undef FN

/* Every function the forwarding code calls is present. */
static int complete(const kp_dfn *f)
{
    return f->km_new && f->km_free && f->gen_init && f->gen_set_template && f->gen_set_params
        && f->gen && f->gen_cleanup && f->km_get_params && f->km_set_params && f->km_has
        && f->km_match && f->km_validate && f->km_dup && f->km_import && f->km_export
        && f->sig_newctx && f->sig_freectx && f->sig_dupctx && f->sign_init && f->sign
        && f->verify_init && f->verify && f->dsign_init && f->dsign_update && f->dsign_final
        && f->dverify_init && f->dverify_update && f->dverify_final && f->sig_get_ctx_params
        && f->sig_gettable_ctx_params && f->sig_set_ctx_params && f->sig_settable_ctx_params
        && f->kx_newctx && f->kx_init && f->kx_set_peer && f->kx_derive && f->kx_freectx
        && f->kx_dupctx && f->kx_set_ctx_params && f->kx_settable_ctx_params
        && f->kx_get_ctx_params && f->kx_gettable_ctx_params;
}

/* Under d->lock: fetch the three algorithms from the default provider in the child context
 * and take their functions. Leaves the error queue as it found it. */
static void resolve(kp_dlg *d)
{
    ERR_set_mark();
    EVP_KEYMGMT *km = EVP_KEYMGMT_fetch(d->child, "EC", "provider=default");
    EVP_SIGNATURE *sig = EVP_SIGNATURE_fetch(d->child, "ECDSA", "provider=default");
    EVP_KEYEXCH *kx = EVP_KEYEXCH_fetch(d->child, "ECDH", "provider=default");
    ERR_pop_to_mark();
    if (km == NULL || sig == NULL || kx == NULL)
        goto fail;
    const OSSL_PROVIDER *prov = EVP_KEYMGMT_get0_provider(km);
    if (EVP_SIGNATURE_get0_provider(sig) != prov || EVP_KEYEXCH_get0_provider(kx) != prov)
        goto fail;
    const OSSL_DISPATCH *ikm = find_impl(prov, OSSL_OP_KEYMGMT, "EC");
    const OSSL_DISPATCH *isig = find_impl(prov, OSSL_OP_SIGNATURE, "ECDSA");
    const OSSL_DISPATCH *ikx = find_impl(prov, OSSL_OP_KEYEXCH, "ECDH");
    if (ikm == NULL || isig == NULL || ikx == NULL)
        goto fail;
    kp_dfn f = {0};
    take_keymgmt(&f, ikm);
    take_signature(&f, isig);
    take_keyexch(&f, ikx);
    f.provctx = OSSL_PROVIDER_get0_provider_ctx(prov);
    f.prov = prov;
    if (!complete(&f))
        goto fail;
    d->fn = f;
    d->km = km;
    d->sig = sig;
    d->kx = kx;
    d->ready = 1;
    return;
fail:
    EVP_KEYMGMT_free(km);
    EVP_SIGNATURE_free(sig);
    EVP_KEYEXCH_free(kx);
}

const kp_dfn *kp_dlg_get(void *provctx)
{
    kp_provctx *pc = provctx;
    kp_dlg *d = pc != NULL ? pc->dlg : NULL;
    if (d == NULL)
        return NULL;
    pthread_mutex_lock(&d->lock);
    if (!d->ready)
        resolve(d);
    int ready = d->ready;
    pthread_mutex_unlock(&d->lock);
    return ready ? &d->fn : NULL;
}

OSSL_LIB_CTX *kp_dlg_libctx(void *provctx)
{
    kp_provctx *pc = provctx;
    return pc != NULL && pc->dlg != NULL ? pc->dlg->child : NULL;
}

void kp_dlg_name(const kp_dfn *f, void *dk, char *out, size_t outsize)
{
    char group[64] = "";
    OSSL_PARAM p[] = {
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group),
        OSSL_PARAM_END
    };
    if (outsize == 0)
        return;
    ERR_set_mark();
    if (f == NULL || dk == NULL || !f->km_get_params(dk, p) || group[0] == '\0')
        strcpy(group, "explicit-parameters");
    ERR_pop_to_mark();
    const char *name = kp_registry_name(group);
    snprintf(out, outsize, "%s", name != NULL ? name : group);
}

void kp_dlg_log(const char *op, const kp_dfn *f, void *dk)
{
    if (!kp_log_enabled())
        return;
    char name[64];
    kp_dlg_name(f, dk, name, sizeof name);
    kp_log_line(op, name, " (default)");
}
