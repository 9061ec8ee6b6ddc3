/*
 * openssl/keyexch.c: KEYEXCH "ECDH" (provider-keyexch(7), OpenSSL 3.0) over kurv_ecdh.
 *
 * derive writes the x-coordinate of d*Q (field_len bytes, IEEE 1363 ECSVDP-DH; shorter
 * output buffers get its leading bytes, as OpenSSL's own ECDH does), or, with kdf-type
 * "X963KDF", kdf-outlen bytes of the ANSI X9.63 KDF (SEC 1 v2 3.6.1) over it with kdf-digest
 * (SHA-2, Nettle) and the kdf-ukm shared info: what CMS uses for an EC recipient. set_peer
 * requires the peer's key on the same curve and validates its point (kurv_point_check).
 * ecdh-cofactor-mode: -1, 0 or 1 are accepted and change nothing (every kurv curve has
 * cofactor 1, so cofactor ECDH is plain ECDH). Secrets are wiped. Trace: "derive <curve>".
 *
 * A key that holds the default provider's key (keymgmt_key.c, delegate.c) makes the context hold
 * the default provider's ECDH context (dctx): every function here then calls the default
 * provider's on it (the peer must hold one too), and the trace says "derive <curve> (default)".
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "prov.h"

/* the functions of the dispatch table, with OpenSSL's types (core_dispatch.h): a
 * signature that differs does not compile */
static OSSL_FUNC_keyexch_newctx_fn dh_newctx;
static OSSL_FUNC_keyexch_init_fn dh_init;
static OSSL_FUNC_keyexch_set_peer_fn dh_set_peer;
static OSSL_FUNC_keyexch_derive_fn dh_derive;
static OSSL_FUNC_keyexch_freectx_fn dh_freectx;
static OSSL_FUNC_keyexch_dupctx_fn dh_dupctx;
static OSSL_FUNC_keyexch_set_ctx_params_fn dh_set_ctx_params;
static OSSL_FUNC_keyexch_settable_ctx_params_fn dh_settable_ctx_params;
static OSSL_FUNC_keyexch_get_ctx_params_fn dh_get_ctx_params;
static OSSL_FUNC_keyexch_gettable_ctx_params_fn dh_gettable_ctx_params;

typedef struct {
    kp_key key, peer;          /* copies */
    int kdf_x963;              /* 1: kdf-type X963KDF */
    kp_md *kdf_md;
    size_t kdf_outlen;
    uint8_t *ukm;
    size_t ukm_len;
    int cofactor_mode;
    kp_provctx *pc;
    const kp_dfn *df;          /* with dctx: the default provider's ECDH context */
    void *dctx;
    char dname[48];            /* dctx: the curve, for the trace */
} kp_dh;

static void *dh_newctx(void *provctx)
{
    kp_dh *d = OPENSSL_zalloc(sizeof *d);
    if (d != NULL) {
        d->cofactor_mode = -1;
        d->pc = provctx;
    }
    return d;
}

static void dh_drop_foreign(kp_dh *d)
{
    if (d->dctx != NULL)
        d->df->kx_freectx(d->dctx);
    d->dctx = NULL;
    d->df = NULL;
}

static void dh_freectx(void *vctx)
{
    kp_dh *d = vctx;
    if (d == NULL)
        return;
    dh_drop_foreign(d);
    kp_md_free(d->kdf_md);
    OPENSSL_free(d->ukm);
    OPENSSL_clear_free(d, sizeof *d);
}

static void *dh_dupctx(void *vctx)
{
    const kp_dh *d = vctx;
    kp_dh *n = OPENSSL_memdup(d, sizeof *d);
    if (n == NULL)
        return NULL;
    n->kdf_md = NULL;
    n->ukm = NULL;
    n->dctx = NULL;
    if ((d->kdf_md != NULL && (n->kdf_md = kp_md_dup(d->kdf_md)) == NULL)
        || (d->ukm != NULL && (n->ukm = OPENSSL_memdup(d->ukm, d->ukm_len)) == NULL)
        || (d->dctx != NULL && (n->dctx = d->df->kx_dupctx(d->dctx)) == NULL)) {
        dh_freectx(n);
        return NULL;
    }
    return n;
}

static int dh_set_ctx_params(void *vctx, const OSSL_PARAM params[])
{
    kp_dh *d = vctx;
    const OSSL_PARAM *p;
    if (d->dctx != NULL)
        return d->df->kx_set_ctx_params(d->dctx, params);
    if (params == NULL)
        return 1;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE)) != NULL) {
        int mode;
        if (!OSSL_PARAM_get_int(p, &mode) || mode < -1 || mode > 1)
            return 0;
        d->cofactor_mode = mode;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_TYPE)) != NULL) {
        const char *s = NULL;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s))
            return 0;
        if (*s == '\0')
            d->kdf_x963 = 0;
        else if (OPENSSL_strcasecmp(s, OSSL_KDF_NAME_X963KDF) == 0)
            d->kdf_x963 = 1;
        else {
            kp_err(PROV_R_NOT_SUPPORTED, "kdf-type %s: kurv has X963KDF", s);
            return 0;
        }
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_DIGEST)) != NULL) {
        const char *s = NULL;
        kp_md *m;
        if (!OSSL_PARAM_get_utf8_string_ptr(p, &s) || (m = kp_md_new(s)) == NULL)
            return 0;
        kp_md_free(d->kdf_md);
        d->kdf_md = m;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_OUTLEN)) != NULL
        && !OSSL_PARAM_get_size_t(p, &d->kdf_outlen))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_EXCHANGE_PARAM_KDF_UKM)) != NULL) {
        void *u = NULL;
        size_t n = 0;
        if (!OSSL_PARAM_get_octet_string(p, &u, 0, &n))
            return 0;
        OPENSSL_free(d->ukm);
        d->ukm = u;
        d->ukm_len = n;
    }
    return 1;
}

static const OSSL_PARAM *dh_settable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, NULL),
        OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST_PROPS, NULL, 0),
        OSSL_PARAM_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, NULL),
        OSSL_PARAM_octet_string(OSSL_EXCHANGE_PARAM_KDF_UKM, NULL, 0),
        OSSL_PARAM_END
    };
    const kp_dh *d = vctx;
    (void)provctx;
    if (d != NULL && d->dctx != NULL)
        return d->df->kx_settable_ctx_params(d->dctx, d->df->provctx);
    return list;
}

static int dh_get_ctx_params(void *vctx, OSSL_PARAM params[])
{
    kp_dh *d = vctx;
    OSSL_PARAM *p;
    if (d->dctx != NULL)
        return d->df->kx_get_ctx_params(d->dctx, params);
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE)) != NULL
        && !OSSL_PARAM_set_int(p, d->cofactor_mode < 0 ? 0 : d->cofactor_mode))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_TYPE)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, d->kdf_x963 ? OSSL_KDF_NAME_X963KDF : ""))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_DIGEST)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, d->kdf_md != NULL ? kp_md_name(d->kdf_md) : ""))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_OUTLEN)) != NULL
        && !OSSL_PARAM_set_size_t(p, d->kdf_outlen))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_EXCHANGE_PARAM_KDF_UKM)) != NULL
        && !OSSL_PARAM_set_octet_ptr(p, d->ukm, d->ukm_len))
        return 0;
    return 1;
}

static const OSSL_PARAM *dh_gettable_ctx_params(void *vctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_int(OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, NULL),
        OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, NULL, 0),
        OSSL_PARAM_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, NULL),
        OSSL_PARAM_octet_ptr(OSSL_EXCHANGE_PARAM_KDF_UKM, NULL, 0),
        OSSL_PARAM_END
    };
    const kp_dh *d = vctx;
    (void)provctx;
    if (d != NULL && d->dctx != NULL)
        return d->df->kx_gettable_ctx_params(d->dctx, d->df->provctx);
    return list;
}

static int dh_init(void *vctx, void *provkey, const OSSL_PARAM params[])
{
    kp_dh *d = vctx;
    const kp_key *k = provkey;
    if (k != NULL && k->dk != NULL) {
        if (d->dctx != NULL && d->df != k->df)
            dh_drop_foreign(d);
        if (d->dctx == NULL) {
            if ((d->dctx = k->df->kx_newctx(k->df->provctx)) == NULL)
                return 0;
            d->df = k->df;
        }
        if (kp_log_enabled())
            kp_dlg_name(k->df, k->dk, d->dname, sizeof d->dname);
        return d->df->kx_init(d->dctx, k->dk, params);
    }
    dh_drop_foreign(d);
    if (k == NULL || k->curve == NULL || !k->has_priv) {
        kp_err(PROV_R_NOT_A_PRIVATE_KEY, "ECDH needs a private key");
        return 0;
    }
    memcpy(&d->key, k, sizeof *k);
    return dh_set_ctx_params(d, params);
}

static int dh_set_peer(void *vctx, void *provkey)
{
    kp_dh *d = vctx;
    const kp_key *p = provkey;
    if (d->dctx != NULL) {
        if (p == NULL || p->dk == NULL || p->df != d->df) {
            kp_err(PROV_R_MISMATCHING_DOMAIN_PARAMETERS, "ECDH peer: not on the key's curve");
            return 0;
        }
        return d->df->kx_set_peer(d->dctx, p->dk);
    }
    if (p == NULL || !p->has_pub || p->curve != d->key.curve) {
        kp_err(PROV_R_MISMATCHING_DOMAIN_PARAMETERS, "ECDH peer: no public key on the curve");
        return 0;
    }
    if (kurv_point_check(p->curve->c, p->pub, kurv_curve_point_len(p->curve->c, 0)) != KURV_OK) {
        kp_err(PROV_R_INVALID_KEY, "ECDH peer: the point is not on %s", p->curve->name);
        return 0;
    }
    memcpy(&d->peer, p, sizeof *p);
    return 1;
}

/* ANSI X9.63 KDF (SEC 1 v2 3.6.1): Hash(Z || counter_32be || ukm), counter from 1. */
static int x963(kp_dh *d, uint8_t *out, size_t outlen, const uint8_t *z, size_t zlen)
{
    uint8_t blk[KURV_MAX_HASH_LEN];
    size_t hl = kp_md_size(d->kdf_md);
    for (uint32_t ctr = 1; outlen > 0; ctr++) {
        uint8_t c[4] = {(uint8_t)(ctr >> 24), (uint8_t)(ctr >> 16), (uint8_t)(ctr >> 8),
                        (uint8_t)ctr};
        kp_md_update(d->kdf_md, z, zlen);
        kp_md_update(d->kdf_md, c, 4);
        kp_md_update(d->kdf_md, d->ukm, d->ukm_len);
        kp_md_final(d->kdf_md, blk);
        size_t n = outlen < hl ? outlen : hl;
        memcpy(out, blk, n);
        out += n;
        outlen -= n;
    }
    kurv_wipe(blk, sizeof blk);
    return 1;
}

static int dh_derive(void *vctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    kp_dh *d = vctx;
    if (d->dctx != NULL) {
        int ok = d->df->kx_derive(d->dctx, secret, secretlen, outlen);
        if (ok && secret != NULL)
            kp_log_line("derive", d->dname, " (default)");
        return ok;
    }
    const kp_curve *c = d->key.curve;
    if (c == NULL || !d->peer.has_pub) {
        kp_err(PROV_R_MISSING_KEY, "ECDH: no key or no peer");
        return 0;
    }
    size_t flen = kurv_curve_field_len(c->c);
    if (d->kdf_x963 && (d->kdf_md == NULL || d->kdf_outlen == 0)) {
        kp_err(PROV_R_MISSING_KEY, "X963KDF: kdf-digest and kdf-outlen are needed");
        return 0;
    }
    size_t size = d->kdf_x963 ? d->kdf_outlen : flen;
    if (secret == NULL) {
        *secretlen = size;
        return 1;
    }
    if (d->kdf_x963 && outlen < size) {
        kp_err(PROV_R_OUTPUT_BUFFER_TOO_SMALL, "ECDH: %zu bytes, %zu needed", outlen, size);
        return 0;
    }
    uint8_t z[KURV_MAX_FIELD_LEN];
    kurv_err e = kurv_ecdh(c->c, z, flen, d->key.priv, kurv_curve_scalar_len(c->c), d->peer.pub,
                           kurv_curve_point_len(c->c, 0));
    if (e != KURV_OK) {
        kurv_wipe(z, sizeof z);
        kp_err(PROV_R_FAILED_DURING_DERIVATION, "ECDH on %s: %s", c->name, kurv_strerror(e));
        return 0;
    }
    kp_log("derive", c);
    if (d->kdf_x963) {
        x963(d, secret, size, z, flen);
        *secretlen = size;
    } else {
        size_t n = outlen < flen ? outlen : flen;
        memcpy(secret, z, n);
        *secretlen = n;
    }
    kurv_wipe(z, sizeof z);
    return 1;
}

const OSSL_DISPATCH kp_keyexch_functions[] = {
    {OSSL_FUNC_KEYEXCH_NEWCTX, (void (*)(void))dh_newctx},
    {OSSL_FUNC_KEYEXCH_INIT, (void (*)(void))dh_init},
    {OSSL_FUNC_KEYEXCH_SET_PEER, (void (*)(void))dh_set_peer},
    {OSSL_FUNC_KEYEXCH_DERIVE, (void (*)(void))dh_derive},
    {OSSL_FUNC_KEYEXCH_FREECTX, (void (*)(void))dh_freectx},
    {OSSL_FUNC_KEYEXCH_DUPCTX, (void (*)(void))dh_dupctx},
    {OSSL_FUNC_KEYEXCH_SET_CTX_PARAMS, (void (*)(void))dh_set_ctx_params},
    {OSSL_FUNC_KEYEXCH_SETTABLE_CTX_PARAMS, (void (*)(void))dh_settable_ctx_params},
    {OSSL_FUNC_KEYEXCH_GET_CTX_PARAMS, (void (*)(void))dh_get_ctx_params},
    {OSSL_FUNC_KEYEXCH_GETTABLE_CTX_PARAMS, (void (*)(void))dh_gettable_ctx_params},
    {0, NULL}
};
