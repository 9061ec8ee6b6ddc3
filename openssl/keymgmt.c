/*
 * openssl/keymgmt.c: KEYMGMT "EC:id-ecPublicKey:1.2.840.10045.2.1" (provider-keymgmt(7),
 * OpenSSL 3.0) over kurv's keys: its dispatch table, and the parameters that cross between
 * a key and OpenSSL (import, export, get_params, set_params and their type lists).
 *
 * A key (kp_key, keymgmt_key.c) is a curve (named only: explicit parameters are refused),
 * optionally d (big-endian, scalar_len bytes) and Q (kept uncompressed; "point-format" says
 * how it is exported). The parameter names are the default provider's, so OpenSSL's own
 * encoders and decoders (base or default provider) import and export kurv's keys:
 *   group (UTF8, OpenSSL's short name on output; kurv's names, aliases, OpenSSL's names and
 *   the dotted OID on input), pub and encoded-pub-key (SEC1 octets: pub in point-format's
 *   form, encoded-pub-key always uncompressed on get; setting encoded-pub-key also sets
 *   point-format to the form given; both as the default provider does), priv (unsigned BN),
 *   qx, qy (BN, get only), point-format ("uncompressed", "compressed"), encoding
 *   ("named_curve" only), field-type ("prime-field", get only), bits (order bits),
 *   security-bits (OpenSSL's table: 80/112/128/192/256 by order bits), max-size
 *   (kp_sig_max_size), default-digest (the registry's digest: SHA256, SHA384, SHA512);
 *   the curve's domain parameters, get only, from its descriptor as the default provider
 *   gives them for a named curve: p, a, b, order, cofactor (BN) and generator (SEC1
 *   octets in point-format's form).
 * Every failure raises an OpenSSL error and returns 0/NULL.
 * The key object, has/match/dup/validate: keymgmt_key.c; generation: keymgmt_gen.c.
 *
 * Curves kurv does not offer here (a family library not installed, another named curve,
 * explicit parameters): when OpenSSL's default provider is loaded (delegate.c), an import
 * or a generation naming such a group makes a key that holds the default provider's own key
 * object, and every function of the key manager calls the default provider's on it; the
 * trace says "keygen <curve> (default)". Without the default provider such groups get
 * kurv's error.
 */
#include <string.h>
#include <openssl/bn.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/param_build.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/keys.h>
#include <kurv/point.h>
#include <kurv/util.h>
#include "prov.h"

/* the functions of the dispatch table defined here, with OpenSSL's types: a signature that
 * differs from core_dispatch.h's does not compile */
static OSSL_FUNC_keymgmt_import_fn km_import;
static OSSL_FUNC_keymgmt_import_types_fn km_types;
static OSSL_FUNC_keymgmt_export_fn km_export;
static OSSL_FUNC_keymgmt_gettable_params_fn km_gettable_params;
static OSSL_FUNC_keymgmt_get_params_fn km_get_params;
static OSSL_FUNC_keymgmt_settable_params_fn km_settable_params;
static OSSL_FUNC_keymgmt_set_params_fn km_set_params;
static OSSL_FUNC_keymgmt_query_operation_name_fn km_query_operation_name;

/* security_bits() - OpenSSL's security bits of an EC key with an @order_bits-bit order
 * (its ec_kmgmt.c table: 256 from 512 bits, 192 from 384, 128, 112, 80; else half). */
static int security_bits(unsigned order_bits)
{
    if (order_bits >= 512) return 256;
    if (order_bits >= 384) return 192;
    if (order_bits >= 256) return 128;
    if (order_bits >= 224) return 112;
    if (order_bits >= 160) return 80;
    return (int)order_bits / 2;
}

/* Q from SEC1 octets (either form): validated, stored uncompressed. A refused point leaves
 * the key as it was. */
static int set_pub(kp_key *k, const void *data, size_t len)
{
    uint8_t q[KURV_MAX_POINT_LEN];
    size_t n = sizeof q;
    kurv_err e = len > KURV_MAX_POINT_LEN ? KURV_ERR_POINT
                 : kurv_point_convert(k->curve->c, q, &n, 0, data, len);
    if (e != KURV_OK) {
        kp_err(PROV_R_INVALID_KEY, "public key on %s: %s", k->curve->name, kurv_strerror(e));
        return 0;
    }
    memcpy(k->pub, q, n);
    k->has_pub = 1;
    return 1;
}

/*
 * The private scalar crosses between kurv's big-endian bytes and OpenSSL's OSSL_PARAM
 * unsigned integer (native byte order, any data_size) without a BIGNUM, whose conversions
 * branch on the value's leading zero limbs (bn_correct_top): here only the sizes, which
 * are public, decide what runs (the valgrind test openssl/tests/ctime_provider.c).
 */
static size_t native_index(size_t i, size_t n)   /* where the i-th least significant byte is */
{
    const union { uint16_t u; uint8_t b[2]; } probe = { 1 };
    return probe.b[0] ? i : n - 1 - i;
}

/* be = p's value as len big-endian bytes; 0 unless p is an unsigned integer below 2^(8 len)
 * (a wider value is no key: whether it fits is the only value-dependent test) */
static int priv_from_param(uint8_t *be, size_t len, const OSSL_PARAM *p)
{
    const uint8_t *src = p->data;
    size_t n = p->data_size, i;
    uint8_t hi = 0;

    if (p->data_type != OSSL_PARAM_UNSIGNED_INTEGER || src == NULL)
        return 0;
    for (i = 0; i < len; i++)
        be[len - 1 - i] = i < n ? src[native_index(i, n)] : 0;
    for (i = len; i < n; i++)
        hi |= src[native_index(i, n)];
    return hi == 0;
}

/* p = the len big-endian bytes be, zero-extended to p's data_size; return_size = len
 * (the scalar length, not the value's: that would tell its leading zeros). With no
 * buffer, only return_size (OSSL_PARAM_set_BN's contract). */
static int priv_to_param(OSSL_PARAM *p, const uint8_t *be, size_t len)
{
    uint8_t *dst = p->data;
    size_t n = p->data_size, i;

    if (p->data_type != OSSL_PARAM_UNSIGNED_INTEGER)
        return 0;
    p->return_size = len;
    if (dst == NULL)
        return 1;
    if (n < len)
        return 0;
    for (i = 0; i < n; i++)
        dst[native_index(i, n)] = i < len ? be[len - 1 - i] : 0;
    return 1;
}

/* set_priv() - d from the param @p (unsigned integer); 1, or 0 (error raised, d wiped) when
 * it is not in [1, n-1] (SEC 1 v2 3.2.1). */
static int set_priv(kp_key *k, const OSSL_PARAM *p)
{
    size_t len = kurv_curve_scalar_len(k->curve->c);
    int ok = priv_from_param(k->priv, len, p)
             && kurv_privkey_check(k->curve->c, k->priv, len) == KURV_OK;
    k->has_priv = ok;
    if (!ok) {
        kurv_wipe(k->priv, sizeof k->priv);
        kp_err(PROV_R_INVALID_KEY, "private key on %s: not in [1, n-1]", k->curve->name);
    }
    return ok;
}

/* km_import() - OSSL_FUNC_keymgmt_import: group (required unless the key has one), encoding,
 * point-format, then for @selection's parts priv and pub (Q = d*G when only d is given).
 * A group kurv does not offer (or explicit parameters) makes the key the default provider's.
 * Return: 1; 0 (error raised) for no group, another group than the key's, a refused
 * param, or a key selection with no key in @params. */
static int km_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    kp_key *k = keydata;
    const OSSL_PARAM *p;
    if (k == NULL)
        return 0;
    if (k->dk != NULL)
        return k->df->km_import(k->dk, selection, params);
    const kp_dfn *df;
    if (k->curve == NULL && kp_foreign_group(params) && (df = kp_dlg_get(k->pc)) != NULL) {
        void *dk = df->km_new(df->provctx);
        if (dk == NULL || !df->km_import(dk, selection, params)) {
            if (dk != NULL)
                df->km_free(dk);
            return 0;
        }
        k->df = df;
        k->dk = dk;
        return 1;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL) {
        const kp_curve *c = kp_group_param(p);
        if (c == NULL || (k->curve != NULL && k->curve != c))
            return 0;
        k->curve = c;
    } else if (k->curve == NULL) {
        if (OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_P) != NULL)
            kp_err(PROV_R_INVALID_CURVE, "explicit curve parameters: kurv takes named curves only");
        else
            kp_err(PROV_R_INVALID_CURVE, "no group");
        return 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL
        && !kp_check_encoding(p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL
        && !kp_set_point_format(k, p))
        return 0;
    if ((selection & KP_SEL_PRIV)
        && (p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
        && !set_priv(k, p))
        return 0;
    if (selection & KP_SEL_PUB) {
        const void *d = NULL;
        size_t len = 0;
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL
            && (!OSSL_PARAM_get_octet_string_ptr(p, &d, &len) || !set_pub(k, d, len)))
            return 0;
    }
    /* a private key without its public key (an RFC 5915 key without the optional
     * publicKey): Q = d*G */
    if (k->has_priv && !k->has_pub) {
        size_t n = sizeof k->pub;
        if (kurv_pubkey_from_priv(k->curve->c, k->pub, &n, 0, k->priv,
                                  kurv_curve_scalar_len(k->curve->c)) != KURV_OK)
            return 0;
        k->has_pub = 1;
    }
    if ((selection & KP_SEL_KEYPAIR) && !k->has_pub && !k->has_priv) {
        kp_err(PROV_R_INVALID_KEY, "no key in the import");
        return 0;
    }
    return 1;
}

#define DOMAIN_TYPES \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0), \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0), \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0)

/* km_types() - OSSL_FUNC_keymgmt_import_types and _export_types: the params of @selection
 * (static lists). */
static const OSSL_PARAM *km_types(int selection)
{
    static const OSSL_PARAM all[] = {
        DOMAIN_TYPES,
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
        OSSL_PARAM_END
    };
    static const OSSL_PARAM pub[] = {
        DOMAIN_TYPES,
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_END
    };
    static const OSSL_PARAM priv[] = {
        DOMAIN_TYPES,
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
        OSSL_PARAM_END
    };
    static const OSSL_PARAM dom[] = { DOMAIN_TYPES, OSSL_PARAM_END };
    if ((selection & KP_SEL_KEYPAIR) == KP_SEL_KEYPAIR)
        return all;
    if (selection & KP_SEL_PUB)
        return pub;
    if (selection & KP_SEL_PRIV)
        return priv;
    return dom;
}

/* kp_key_export() - contract in prov.h: km_export without the trace. */
int kp_key_export(const kp_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    if (k != NULL && k->dk != NULL)
        return k->df->km_export(k->dk, selection, cb, cbarg);
    if (k == NULL || k->curve == NULL)
        return 0;
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    uint8_t d[KURV_MAX_SCALAR_LEN];             /* d, native byte order */
    uint8_t q[KURV_MAX_POINT_LEN];
    int ok = 0;
    if (bld == NULL)
        return 0;
    if (!OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, k->curve->ossl, 0)
        || !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_EC_ENCODING,
                                            OSSL_PKEY_EC_ENCODING_GROUP, 0)
        || !OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT,
                                            k->compressed ? "compressed" : "uncompressed", 0))
        goto end;
    if ((selection & KP_SEL_PUB) && k->has_pub) {
        size_t n = kp_pub_encode(k, q, k->compressed);
        if (n == 0 || !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, q, n))
            goto end;
    }
    params = OSSL_PARAM_BLD_to_param(bld);
    if (params == NULL)
        goto end;
    if ((selection & KP_SEL_PRIV) && k->has_priv) {
        /* the builder's array, plus d in native byte order (priv_to_param, no BIGNUM) */
        size_t len = kurv_curve_scalar_len(k->curve->c), np = 0;
        OSSL_PARAM *all;
        while (params[np].key != NULL)
            np++;
        all = OPENSSL_malloc((np + 2) * sizeof *all);
        if (all == NULL)
            goto end;
        memcpy(all, params, np * sizeof *all);
        all[np] = OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, d, len);
        all[np + 1] = OSSL_PARAM_construct_end();
        ok = priv_to_param(&all[np], k->priv, len) && cb(all, cbarg);
        OPENSSL_free(all);
    } else {
        ok = cb(params, cbarg);
    }
end:
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    kurv_wipe(d, sizeof d);
    return ok;
}

/* km_export() - OSSL_FUNC_keymgmt_export: kp_key_export() (prov.h), traced "export <curve>"
 * (" (default)" for a default provider's key): OpenSSL exports a kurv key to hand it to
 * another provider, e.g. to the default provider's text encoder (`openssl ec -text`). */
static int km_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    kp_key *k = keydata;
    if (k != NULL && k->dk != NULL)
        kp_dlg_log("export", k->df, k->dk);
    else if (k != NULL)
        kp_log("export", k->curve);
    return kp_key_export(k, selection, cb, cbarg);
}

/* km_gettable_params() - the params km_get_params answers (static). */
static const OSSL_PARAM *km_gettable_params(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_int(OSSL_PKEY_PARAM_BITS, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_SECURITY_BITS, NULL),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_MAX_SIZE, NULL),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_DEFAULT_DIGEST, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_FIELD_TYPE, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_PUB_KEY, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_PUB_X, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_PUB_Y, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_PRIV_KEY, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_P, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_A, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_B, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_ORDER, NULL, 0),
        OSSL_PARAM_BN(OSSL_PKEY_PARAM_EC_COFACTOR, NULL, 0),
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_EC_GENERATOR, NULL, 0),
        OSSL_PARAM_int(OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS, NULL),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

/* set_bn_be() - @p = the @len big-endian bytes @be as a BIGNUM param (public values
 * only: BN_bin2bn is not constant time). Return: 1; 0 when @p cannot take it. */
static int set_bn_be(OSSL_PARAM *p, const uint8_t *be, size_t len)
{
    BIGNUM *bn = BN_new();
    int ok = bn != NULL && BN_bin2bn(be, (int)len, bn) != NULL && OSSL_PARAM_set_BN(p, bn);
    BN_clear_free(bn);
    return ok;
}

/*
 * get_domain_params() - the domain parameters of @k's curve that @params names, from the
 * curve's descriptor (kurv_curve_params_of): p, a, b, order (BIGNUMs of its field_len and
 * scalar_len big-endian bytes), cofactor (h, 1 on every curve kurv has) and generator (G in
 * SEC1 octets, 1 + 2 * field_len bytes uncompressed or 1 + field_len compressed, in the
 * key's point-format: the default provider encodes G in its group's form, which its
 * point-format sets). OpenSSL's default provider answers these for named curves too
 * (ossl_ec_group_todata). Spec: SEC 1 v2 3.1.1 (T = (p, a, b, G, n, h)), 2.3.3 (G's octets).
 * Return: 1; 0 for a param of the wrong type or too small (OSSL_PARAM_set_*'s refusal).
 */
static int get_domain_params(const kp_key *k, OSSL_PARAM params[])
{
    const kurv_curve *c = k->curve->c;
    kurv_curve_params cp;
    OSSL_PARAM *p;
    if (kurv_curve_params_of(c, &cp) != KURV_OK)
        return 0;
    const struct { const char *key; const uint8_t *be; size_t len; } bn[] = {
        {OSSL_PKEY_PARAM_EC_P, cp.p, cp.p_len},
        {OSSL_PKEY_PARAM_EC_A, cp.a, cp.a_len},
        {OSSL_PKEY_PARAM_EC_B, cp.b, cp.b_len},
        {OSSL_PKEY_PARAM_EC_ORDER, cp.n, cp.n_len},
    };
    for (size_t i = 0; i < sizeof bn / sizeof bn[0]; i++)
        if ((p = OSSL_PARAM_locate(params, bn[i].key)) != NULL
            && !set_bn_be(p, bn[i].be, bn[i].len))
            return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_COFACTOR)) != NULL) {
        BIGNUM *h = BN_new();
        int ok = h != NULL && BN_set_word(h, cp.cofactor) && OSSL_PARAM_set_BN(p, h);
        BN_free(h);
        if (!ok)
            return 0;
    }
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_GENERATOR)) != NULL) {
        uint8_t g[KURV_MAX_POINT_LEN], out[KURV_MAX_POINT_LEN];
        size_t n = 1 + cp.gx_len + cp.gy_len, len = sizeof out;
        if (n > sizeof g)
            return 0;
        g[0] = 0x04;
        memcpy(g + 1, cp.gx, cp.gx_len);
        memcpy(g + 1 + cp.gx_len, cp.gy, cp.gy_len);
        if (kurv_point_convert(c, out, &len, k->compressed, g, n) != KURV_OK
            || !OSSL_PARAM_set_octet_string(p, out, len))
            return 0;
    }
    return 1;
}

/* km_get_params() - OSSL_FUNC_keymgmt_get_params: every param of km_gettable_params that
 * @params names (pub, qx, qy, encoded-pub-key only with Q; priv only with d).
 * Return: 1; 0 for a key without a group or a param of the wrong type or too small. */
static int km_get_params(void *keydata, OSSL_PARAM params[])
{
    kp_key *k = keydata;
    OSSL_PARAM *p;
    if (k != NULL && k->dk != NULL)
        return k->df->km_get_params(k->dk, params);
    if (k == NULL || k->curve == NULL)
        return 0;
    const kurv_curve *c = k->curve->c;
    size_t flen = kurv_curve_field_len(c);
    uint8_t q[KURV_MAX_POINT_LEN];
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_BITS)) != NULL
        && !OSSL_PARAM_set_int(p, (int)kurv_curve_order_bits(c)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_SECURITY_BITS)) != NULL
        && !OSSL_PARAM_set_int(p, security_bits(kurv_curve_order_bits(c))))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_MAX_SIZE)) != NULL
        && !OSSL_PARAM_set_int(p, (int)kp_sig_max_size(k->curve)))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_DEFAULT_DIGEST)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, k->curve->hash == KURV_HASH_SHA512 ? "SHA512"
                                          : k->curve->hash == KURV_HASH_SHA384 ? "SHA384"
                                          : "SHA256"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, k->curve->ossl))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, OSSL_PKEY_EC_ENCODING_GROUP))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, k->compressed ? "compressed" : "uncompressed"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_FIELD_TYPE)) != NULL
        && !OSSL_PARAM_set_utf8_string(p, "prime-field"))
        return 0;
    /* decoded-from-explicit: 0, kurv's keys are on named curves only (its decoders leave
     * explicit parameters to OpenSSL's). OpenSSL 3.0's X509_verify_cert asks it of every
     * certificate's key in a chain (check_curve) and fails the chain, "unspecified certificate
     * verification error", when the key's manager does not answer */
    if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_DECODED_FROM_EXPLICIT_PARAMS)) != NULL
        && !OSSL_PARAM_set_int(p, 0))
        return 0;
    if (!get_domain_params(k, params))
        return 0;
    if (k->has_pub) {
        /* encoded-pub-key is always uncompressed, as the default provider gives it (TLS
         * key shares must be: RFC 8446 4.2.8.2); pub follows point-format */
        size_t n = kp_pub_encode(k, q, 0);
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL
            && !OSSL_PARAM_set_octet_string(p, q, n))
            return 0;
        n = kp_pub_encode(k, q, k->compressed);
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PUB_KEY)) != NULL
            && !OSSL_PARAM_set_octet_string(p, q, n))
            return 0;
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_PUB_X)) != NULL
            && !set_bn_be(p, k->pub + 1, flen))
            return 0;
        if ((p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_EC_PUB_Y)) != NULL
            && !set_bn_be(p, k->pub + 1 + flen, flen))
            return 0;
    }
    if (k->has_priv && (p = OSSL_PARAM_locate(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
        && !priv_to_param(p, k->priv, kurv_curve_scalar_len(c)))
        return 0;
    return 1;
}

/* km_settable_params() - the params km_set_params takes (static). */
static const OSSL_PARAM *km_settable_params(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_octet_string(OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

/* km_set_params() - OSSL_FUNC_keymgmt_set_params: encoded-pub-key (a refused point leaves the
 * key as it was), point-format, encoding. Return: 1; 0 (error raised) on a refused param
 * or a key without a group. */
static int km_set_params(void *keydata, const OSSL_PARAM params[])
{
    kp_key *k = keydata;
    const OSSL_PARAM *p;
    if (k != NULL && k->dk != NULL)
        return k->df->km_set_params(k->dk, params);
    if (k == NULL || k->curve == NULL)
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY)) != NULL) {
        const void *d = NULL;
        size_t len = 0;
        if (!OSSL_PARAM_get_octet_string_ptr(p, &d, &len) || !set_pub(k, d, len))
            return 0;
        /* the key takes the form it was given in, as the default provider's does
         * (EC_KEY_oct2key): a compressed encoded-pub-key makes point-format compressed */
        k->compressed = ((const uint8_t *)d)[0] != 0x04;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL
        && !kp_set_point_format(k, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL
        && !kp_check_encoding(p))
        return 0;
    return 1;
}

/* km_query_operation_name() - "ECDSA" for signatures, "ECDH" for key exchange (the names
 * this provider's signature and exchange take EC keys under); NULL otherwise. */
static const char *km_query_operation_name(int operation_id)
{
    switch (operation_id) {
    case OSSL_OP_SIGNATURE: return "ECDSA";
    case OSSL_OP_KEYEXCH: return "ECDH";
    default: return NULL;
    }
}

const OSSL_DISPATCH kp_keymgmt_functions[] = {
    {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))kp_km_new},
    {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))kp_key_free},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))kp_gen_init},
    {OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, (void (*)(void))kp_gen_set_template},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))kp_gen_set_params},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))kp_gen_settable_params},
    {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))kp_gen},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))kp_gen_cleanup},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))km_get_params},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))km_gettable_params},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))km_set_params},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))km_settable_params},
    {OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, (void (*)(void))km_query_operation_name},
    {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))kp_km_has},
    {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))kp_km_match},
    {OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))kp_km_validate},
    {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))kp_km_dup},
    {OSSL_FUNC_KEYMGMT_LOAD, (void (*)(void))kp_km_load},
    {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))km_import},
    {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))km_types},
    {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))km_export},
    {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))km_types},
    {0, NULL}
};
