/*
 * openssl/ecx_keymgmt.c: KEYMGMT "X25519:1.3.101.110" and "ED25519:1.3.101.112"
 * (provider-keymgmt(7), OpenSSL 3.0) over kurv-25519: the two dispatch tables and the
 * parameters that cross between a key (kp_ecx, ecx_key.c) and OpenSSL, with the names, types
 * and rules of OpenSSL 3.0's default provider (its ecx keymgmt):
 *   pub  (octets, 32): the X25519 u-coordinate or the Ed25519 point A (RFC 7748 5,
 *        RFC 8032 5.1.5); priv (octets, 32): the X25519 private key or the Ed25519 seed;
 *   import and export need a selection naming the key pair (a part of it); import takes
 *        priv (with a private-key selection) and/or pub, at least one, each of exactly 32
 *        bytes; from priv alone the public key is computed. Unlike OpenSSL, a pub given with
 *        a priv must be priv's public key (an Ed25519 signature over a mismatched public key
 *        would leak the private scalar): else the import fails;
 *   get: bits (X25519 253, ED25519 256), security-bits (128), max-size (X25519 32, the
 *        shared secret; ED25519 64, the signature), pub, priv, X25519's encoded-pub-key (the
 *        32 bytes, RFC 8446 4.2.8.2: TLS's key share) and ED25519's mandatory-digest ""
 *        (pure Ed25519 takes no digest; EVP_DigestSignInit then passes none);
 *   set: X25519's encoded-pub-key (the peer's key share: the key becomes a public key),
 *        properties (taken, unused); ED25519 sets nothing.
 * Every failure raises an OpenSSL error and returns 0. Trace: "export <alg>".
 * Generation: ecx_gen.c; the key object, has/match/dup/validate/load: ecx_key.c.
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

static OSSL_FUNC_keymgmt_new_fn x_new;
static OSSL_FUNC_keymgmt_new_fn ed_new;
static OSSL_FUNC_keymgmt_import_fn km_import;
static OSSL_FUNC_keymgmt_import_types_fn km_types;
static OSSL_FUNC_keymgmt_export_fn km_export;
static OSSL_FUNC_keymgmt_gettable_params_fn x_gettable;
static OSSL_FUNC_keymgmt_gettable_params_fn ed_gettable;
static OSSL_FUNC_keymgmt_get_params_fn km_get_params;
static OSSL_FUNC_keymgmt_settable_params_fn x_settable;
static OSSL_FUNC_keymgmt_settable_params_fn ed_settable;
static OSSL_FUNC_keymgmt_set_params_fn x_set_params;
static OSSL_FUNC_keymgmt_set_params_fn ed_set_params;

/* x_new(), ed_new() - OSSL_FUNC_keymgmt_new: an empty key of each algorithm. */
static void *x_new(void *provctx) { return kp_ecx_new(provctx, KURV_25519_X25519); }
static void *ed_new(void *provctx) { return kp_ecx_new(provctx, KURV_25519_ED25519); }

/* key32() - the 32 octets of param @p into @out. Return: 1; 0 (error raised) for another
 * type or length. */
static int key32(const OSSL_PARAM *p, uint8_t out[32])
{
    size_t len = 0;
    void *dst = out;
    if (p->data_type != OSSL_PARAM_OCTET_STRING || p->data_size != 32
        || !OSSL_PARAM_get_octet_string(p, &dst, 32, &len) || len != 32) {
        kp_err(PROV_R_INVALID_KEY_LENGTH, "kurv: %s must be 32 octets", p->key);
        return 0;
    }
    return 1;
}

/* km_import() - OSSL_FUNC_keymgmt_import: priv (with KP_SEL_PRIV in @selection) and/or pub
 * into the key @keydata (contract at the top). Return 1/0. */
static int km_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    kp_ecx *k = keydata;
    const OSSL_PARAM *pp, *pq;
    uint8_t priv[32], pub[32];
    int ok = 0;
    if (k == NULL || !(selection & KP_SEL_KEYPAIR))
        return 0;
    pq = (selection & KP_SEL_PRIV) ? OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)
                                   : NULL;
    pp = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY);
    if (pq == NULL && pp == NULL) {
        kp_err(PROV_R_MISSING_KEY, "kurv: %s import: no pub or priv", kp_ecx_name(k->alg));
        return 0;
    }
    if (pp != NULL && !key32(pp, pub))
        return 0;
    if (pq != NULL) {
        if (key32(pq, priv) && kp_ecx_set_priv(k, priv)) {
            ok = pp == NULL || CRYPTO_memcmp(pub, k->pub, 32) == 0;
            if (!ok)
                kp_err(PROV_R_INVALID_KEY, "kurv: %s import: pub is not priv's public key",
                       kp_ecx_name(k->alg));
        }
        kurv_wipe(priv, sizeof priv);
    } else {
        ok = kp_ecx_set_pub(k, pub);
    }
    if (!ok) {
        kurv_wipe(k->priv, sizeof k->priv);
        kurv_wipe(k->keypair, sizeof k->keypair);
        k->has_priv = k->has_pub = 0;
    }
    return ok;
}

/* km_types() - OSSL_FUNC_keymgmt_import_types / export_types: pub and priv for a key-pair
 * selection, else none. */
static const OSSL_PARAM *km_types(int selection)
{
    static const OSSL_PARAM keys[] = {
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
        OSSL_PARAM_END
    };
    return (selection & KP_SEL_KEYPAIR) ? keys : keys + 2;
}

/* km_export() - OSSL_FUNC_keymgmt_export: pub (when present) and priv (with KP_SEL_PRIV,
 * when present) to @cb, for a key-pair selection. Return: @cb's result; 0 otherwise.
 * Trace "export <alg>". The array holding priv is wiped. */
static int km_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    kp_ecx *k = keydata;
    if (k == NULL || !(selection & KP_SEL_KEYPAIR))
        return 0;
    OSSL_PARAM p[3];
    size_t n = 0;
    if (k->has_pub)
        p[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, k->pub, 32);
    if ((selection & KP_SEL_PRIV) && k->has_priv)
        p[n++] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, k->priv, 32);
    p[n] = OSSL_PARAM_construct_end();
    kp_log_line("export", kp_ecx_name(k->alg), NULL);
    int ret = cb(p, cbarg);
    kurv_wipe(p, sizeof p);
    return ret;
}

/* x_gettable(), ed_gettable() - the gettable params of each algorithm (static lists) */
#define KP_ECX_COMMON_GETTABLE                                       \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),                      \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),             \
    OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),                  \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),       \
    OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0)
static const OSSL_PARAM *x_gettable(void *provctx)
{
    static const OSSL_PARAM list[] = {
        KP_ECX_COMMON_GETTABLE,
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}
static const OSSL_PARAM *ed_gettable(void *provctx)
{
    static const OSSL_PARAM list[] = {
        KP_ECX_COMMON_GETTABLE,
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_MANDATORY_DIGEST, NULL, 0),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

/* km_get_params() - OSSL_FUNC_keymgmt_get_params (the list at the top). Return: 1; 0 when
 * a param named has another type or too small a buffer. */
static int km_get_params(void *keydata, OSSL_PARAM params[])
{
    const kp_ecx *k = keydata;
    OSSL_PARAM *p;
    int ed = k->alg == KURV_25519_ED25519;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL
        && !OSSL_PARAM_set_int(p, ed ? 256 : 253))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL
        && !OSSL_PARAM_set_int(p, 128))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL
        && !OSSL_PARAM_set_int(p, ed ? KURV_ED25519_SIG_LEN : KURV_X25519_KEY_LEN))
        return 0;
    if (k->has_pub && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL
        && !OSSL_PARAM_set_octet_string(p, k->pub, 32))
        return 0;
    if (k->has_priv && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
        && !OSSL_PARAM_set_octet_string(p, k->priv, 32))
        return 0;
    if (!ed && k->has_pub
        && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL
        && !OSSL_PARAM_set_octet_string(p, k->pub, 32))
        return 0;
    if (ed && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MANDATORY_DIGEST)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, ""))
        return 0;
    return 1;
}

/* x_settable(), ed_settable() - the settable params: X25519 encoded-pub-key and properties,
 * ED25519 none (static lists). */
static const OSSL_PARAM *x_settable(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_PROPERTIES, NULL, 0),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}
static const OSSL_PARAM *ed_settable(void *provctx)
{
    static const OSSL_PARAM list[] = { OSSL_PARAM_END };
    (void)provctx;
    return list;
}

/* x_set_params() - OSSL_FUNC_keymgmt_set_params of X25519: encoded-pub-key (32 octets) makes
 * the key that public key alone (a private key held is wiped); properties unused.
 * Return 1/0 (error raised for another length). */
static int x_set_params(void *keydata, const OSSL_PARAM params[])
{
    kp_ecx *k = keydata;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
    uint8_t pub[32];
    if (p == NULL)
        return 1;
    if (!key32(p, pub))
        return 0;
    kurv_wipe(k->priv, sizeof k->priv);
    kurv_wipe(k->keypair, sizeof k->keypair);
    k->has_priv = 0;
    return kp_ecx_set_pub(k, pub);
}

/* ed_set_params() - OSSL_FUNC_keymgmt_set_params of ED25519: nothing is settable; 1. */
static int ed_set_params(void *keydata, const OSSL_PARAM params[])
{
    (void)keydata, (void)params;
    return 1;
}

#define KP_ECX_KEYMGMT(name, newfn, gettable, settable, setfn, geninit)                 \
    const OSSL_DISPATCH name[] = {                                                     \
        {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))newfn},                                \
        {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))kp_ecx_km_free},                      \
        {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))km_get_params},                 \
        {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))gettable},                 \
        {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))setfn},                         \
        {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))settable},                 \
        {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))kp_ecx_km_has},                        \
        {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))kp_ecx_km_match},                    \
        {OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))kp_ecx_km_validate},              \
        {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))km_import},                         \
        {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))km_types},                    \
        {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))km_export},                         \
        {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))km_types},                    \
        {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))geninit},                         \
        {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))kp_ecx_gen_set_params},     \
        {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))kp_ecx_gen_settable_params}, \
        {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))kp_ecx_gen},                           \
        {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))kp_ecx_gen_cleanup},           \
        {OSSL_FUNC_KEYMGMT_LOAD, (void (*)(void))kp_ecx_km_load},                      \
        {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))kp_ecx_km_dup},                        \
        {0, NULL}                                                                      \
    }
KP_ECX_KEYMGMT(kp_x25519_keymgmt_functions, x_new, x_gettable, x_settable, x_set_params,
               kp_x25519_gen_init);
KP_ECX_KEYMGMT(kp_ed25519_keymgmt_functions, ed_new, ed_gettable, ed_settable, ed_set_params,
               kp_ed25519_gen_init);
