/*
 * openssl/keymgmt.c: KEYMGMT "EC:id-ecPublicKey:1.2.840.10045.2.1" (provider-keymgmt(7),
 * OpenSSL 3.0) over kurv's keys.
 *
 * A key (kp_key) is a curve (named only: explicit parameters are refused), optionally d
 * (big-endian, scalar_len bytes) and Q (kept uncompressed; "point-format" says how it is
 * exported). The parameter names are the default provider's, so OpenSSL's own encoders and
 * decoders (base or default provider) import and export kurv's keys:
 *   group (UTF8, OpenSSL's short name on output; kurv's names, aliases, OpenSSL's names and
 *   the dotted OID on input), pub and encoded-pub-key (SEC1 octets: pub in point-format's
 *   form, encoded-pub-key always uncompressed on get; setting encoded-pub-key also sets
 *   point-format to the form given; both as the default provider does), priv (unsigned BN),
 *   qx, qy (BN, get only), point-format ("uncompressed", "compressed"), encoding
 *   ("named_curve" only), field-type ("prime-field", get only), bits (order bits),
 *   security-bits (OpenSSL's table: 80/112/128/192/256 by order bits), max-size
 *   (kp_sig_max_size), default-digest (the registry's digest: SHA256, SHA384, SHA512).
 * Key generation logs "keygen <curve>" (provider.c's trace); parameter generation does not
 * generate a key and logs nothing. Every failure raises an OpenSSL error and returns 0/NULL.
 *
 * Curves kurv does not offer here (a family library not installed, another named curve,
 * explicit parameters): when OpenSSL's default provider is loaded (delegate.c), an import
 * or a generation naming such a group makes a key that holds the default provider's own key
 * object, and every function here (has, match, dup, validate, import, export, get/set params,
 * gen with set_params/set_template) calls the default provider's on it; the trace says
 * "keygen <curve> (default)". Without the default provider such groups get kurv's error.
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
#include <kurv/util.h>
#include "prov.h"

#define SEL_KEYPAIR OSSL_KEYMGMT_SELECT_KEYPAIR
#define SEL_PRIV OSSL_KEYMGMT_SELECT_PRIVATE_KEY
#define SEL_PUB OSSL_KEYMGMT_SELECT_PUBLIC_KEY
#define SEL_DOMAIN OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS

static size_t der_len_len(size_t n) { return n < 128 ? 1 : n < 256 ? 2 : 3; }

size_t kp_sig_max_size(const kp_curve *c)
{
    size_t ib = kurv_curve_order_bits(c->c) / 8 + 1;
    size_t it = 1 + der_len_len(ib) + ib;
    return 1 + der_len_len(2 * it) + 2 * it;
}

static int security_bits(unsigned order_bits)
{
    if (order_bits >= 512) return 256;
    if (order_bits >= 384) return 192;
    if (order_bits >= 256) return 128;
    if (order_bits >= 224) return 112;
    if (order_bits >= 160) return 80;
    return (int)order_bits / 2;
}

size_t kp_pub_encode(const kp_key *k, uint8_t *out, int compressed)
{
    if (!k->has_pub || k->curve == NULL)
        return 0;
    size_t n = kurv_curve_point_len(k->curve->c, 0);
    if (!compressed) {
        memcpy(out, k->pub, n);
        return n;
    }
    size_t len = KURV_MAX_POINT_LEN;
    if (kurv_point_convert(k->curve->c, out, &len, 1, k->pub, n) != KURV_OK)
        return 0;
    return len;
}

/* A group @p names that kurv does not offer here, or explicit parameters (EC p present)
 * without a group: work for the default provider. */
static int foreign_group(const OSSL_PARAM params[])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    const char *name = NULL;
    if (p != NULL)
        return OSSL_PARAM_get_utf8_string_ptr(p, &name) && kp_curve_find(name) == NULL;
    return OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_P) != NULL;
}

static const kp_curve *group_param(const OSSL_PARAM *p)
{
    const char *name = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &name)) {
        kp_err(PROV_R_INVALID_CURVE, "group: not a UTF8 string");
        return NULL;
    }
    const kp_curve *c = kp_curve_find(name);
    if (c == NULL)
        kp_err(PROV_R_INVALID_CURVE, "group %s: not a curve kurv offers here", name);
    return c;
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

static int set_point_format(kp_key *k, const OSSL_PARAM *p)
{
    const char *s = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &s))
        return 0;
    if (OPENSSL_strcasecmp(s, "uncompressed") == 0)
        k->compressed = 0;
    else if (OPENSSL_strcasecmp(s, "compressed") == 0)
        k->compressed = 1;
    else {
        kp_err(PROV_R_NOT_SUPPORTED, "point-format %s: kurv has uncompressed and compressed", s);
        return 0;
    }
    return 1;
}

static int check_encoding(const OSSL_PARAM *p)
{
    const char *s = NULL;
    if (!OSSL_PARAM_get_utf8_string_ptr(p, &s))
        return 0;
    if (OPENSSL_strcasecmp(s, OSSL_PKEY_EC_ENCODING_GROUP) != 0) {
        kp_err(PROV_R_NOT_SUPPORTED, "encoding %s: kurv keys are on named curves only", s);
        return 0;
    }
    return 1;
}

static void *km_new(void *provctx)
{
    kp_key *k = OPENSSL_zalloc(sizeof(kp_key));
    if (k != NULL)
        k->pc = provctx;
    return k;
}

void kp_key_free(void *k_)
{
    kp_key *k = k_;
    if (k != NULL && k->dk != NULL)
        k->df->km_free(k->dk);
    OPENSSL_clear_free(k, sizeof(kp_key));
}

/* A kurv key holding @dk, the default provider's key; frees @dk on failure. */
static kp_key *wrap_foreign(kp_provctx *pc, const kp_dfn *df, void *dk)
{
    if (dk == NULL)
        return NULL;
    kp_key *k = km_new(pc);
    if (k == NULL) {
        df->km_free(dk);
        return NULL;
    }
    k->df = df;
    k->dk = dk;
    return k;
}

static int km_has(const void *keydata, int selection)
{
    const kp_key *k = keydata;
    if (k == NULL)
        return 0;
    if (k->dk != NULL)
        return k->df->km_has(k->dk, selection);
    int ok = 1;
    if (selection & SEL_DOMAIN)
        ok = ok && k->curve != NULL;
    if (selection & SEL_PUB)
        ok = ok && k->has_pub;
    if (selection & SEL_PRIV)
        ok = ok && k->has_priv;
    return ok;
}

static int km_match(const void *a_, const void *b_, int selection)
{
    const kp_key *a = a_, *b = b_;
    if (a->dk != NULL || b->dk != NULL)
        return a->dk != NULL && b->dk != NULL && a->df == b->df
               && a->df->km_match(a->dk, b->dk, selection);
    if (a->curve != b->curve)
        return 0;
    if (!(selection & SEL_KEYPAIR))
        return 1;
    if ((selection & SEL_PUB) && a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, kurv_curve_point_len(a->curve->c, 0)) == 0;
    if ((selection & SEL_PRIV) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, kurv_curve_scalar_len(a->curve->c)) == 0;
    return 0;
}

static void *km_dup(const void *from_, int selection)
{
    const kp_key *from = from_;
    if (from->dk != NULL)
        return wrap_foreign(from->pc, from->df, from->df->km_dup(from->dk, selection));
    kp_key *k = km_new(from->pc);
    if (k == NULL)
        return NULL;
    k->curve = from->curve;
    k->compressed = from->compressed;
    if ((selection & SEL_PUB) && from->has_pub) {
        memcpy(k->pub, from->pub, sizeof k->pub);
        k->has_pub = 1;
    }
    if ((selection & SEL_PRIV) && from->has_priv) {
        memcpy(k->priv, from->priv, sizeof k->priv);
        k->has_priv = 1;
    }
    return k;
}

static int km_validate(const void *keydata, int selection, int checktype)
{
    const kp_key *k = keydata;
    if (k->dk != NULL)
        return k->df->km_validate(k->dk, selection, checktype);
    (void)checktype;
    if (k->curve == NULL)
        return 0;
    if ((selection & SEL_PUB)
        && (!k->has_pub
            || kurv_point_check(k->curve->c, k->pub, kurv_curve_point_len(k->curve->c, 0))
                   != KURV_OK))
        return 0;
    if ((selection & SEL_PRIV)
        && (!k->has_priv
            || kurv_privkey_check(k->curve->c, k->priv, kurv_curve_scalar_len(k->curve->c))
                   != KURV_OK))
        return 0;
    if ((selection & SEL_KEYPAIR) == SEL_KEYPAIR) {
        uint8_t q[KURV_MAX_POINT_LEN];
        size_t n = sizeof q;
        if (kurv_pubkey_from_priv(k->curve->c, q, &n, 0, k->priv,
                                  kurv_curve_scalar_len(k->curve->c)) != KURV_OK
            || memcmp(q, k->pub, n) != 0)
            return 0;
    }
    return 1;
}

static int km_import(void *keydata, int selection, const OSSL_PARAM params[])
{
    kp_key *k = keydata;
    const OSSL_PARAM *p;
    if (k == NULL)
        return 0;
    if (k->dk != NULL)
        return k->df->km_import(k->dk, selection, params);
    const kp_dfn *df;
    if (k->curve == NULL && foreign_group(params) && (df = kp_dlg_get(k->pc)) != NULL) {
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
        const kp_curve *c = group_param(p);
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
        && !check_encoding(p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL
        && !set_point_format(k, p))
        return 0;
    if ((selection & SEL_PRIV)
        && (p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY)) != NULL
        && !set_priv(k, p))
        return 0;
    if (selection & SEL_PUB) {
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
    if ((selection & SEL_KEYPAIR) && !k->has_pub && !k->has_priv) {
        kp_err(PROV_R_INVALID_KEY, "no key in the import");
        return 0;
    }
    return 1;
}

#define DOMAIN_TYPES \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0), \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0), \
    OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0)

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
    if ((selection & SEL_KEYPAIR) == SEL_KEYPAIR)
        return all;
    if (selection & SEL_PUB)
        return pub;
    if (selection & SEL_PRIV)
        return priv;
    return dom;
}

static int km_export(void *keydata, int selection, OSSL_CALLBACK *cb, void *cbarg)
{
    kp_key *k = keydata;
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
    if ((selection & SEL_PUB) && k->has_pub) {
        size_t n = kp_pub_encode(k, q, k->compressed);
        if (n == 0 || !OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, q, n))
            goto end;
    }
    params = OSSL_PARAM_BLD_to_param(bld);
    if (params == NULL)
        goto end;
    if ((selection & SEL_PRIV) && k->has_priv) {
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
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

static int set_bn_be(OSSL_PARAM *p, const uint8_t *be, size_t len)
{
    BIGNUM *bn = BN_new();
    int ok = bn != NULL && BN_bin2bn(be, (int)len, bn) != NULL && OSSL_PARAM_set_BN(p, bn);
    BN_clear_free(bn);
    return ok;
}

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
        && !set_point_format(k, p))
        return 0;
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL
        && !check_encoding(p))
        return 0;
    return 1;
}

static const char *km_query_operation_name(int operation_id)
{
    switch (operation_id) {
    case OSSL_OP_SIGNATURE: return "ECDSA";
    case OSSL_OP_KEYEXCH: return "ECDH";
    default: return NULL;
    }
}

/* Key and parameter generation. dg: the default provider's generation context, while the
 * group is one kurv does not offer here. bad_pf, bad_enc: a point-format or encoding that
 * went to dg with a foreign group and that kurv does not take; EVP applies a template after
 * the params, so a template on a kurv curve drops dg but not these: like the default
 * provider, which keeps them and fails at generation, gen() then refuses. */
typedef struct {
    kp_provctx *pc;
    const kp_curve *curve;
    int selection;
    int compressed;
    int bad_pf, bad_enc;
    const kp_dfn *df;
    void *dg;
} kp_gen;

static void gen_drop_foreign(kp_gen *g)
{
    if (g->dg != NULL)
        g->df->gen_cleanup(g->dg);
    g->dg = NULL;
    g->df = NULL;
}

/* Start the default provider's generation context, carrying over the point format. */
static int gen_start_foreign(kp_gen *g, const kp_dfn *df)
{
    if (g->dg != NULL)
        return 1;
    g->dg = df->gen_init(df->provctx, g->selection, NULL);
    if (g->dg == NULL)
        return 0;
    g->df = df;
    if (g->compressed) {
        OSSL_PARAM pf[] = {
            OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "compressed", 10),
            OSSL_PARAM_END
        };
        if (!df->gen_set_params(g->dg, pf)) {
            gen_drop_foreign(g);
            return 0;
        }
    }
    return 1;
}

static int gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    kp_gen *g = genctx;
    const OSSL_PARAM *p;
    const kp_dfn *df;
    if (params == NULL)
        return 1;
    if (foreign_group(params) && (df = g->dg != NULL ? g->df : kp_dlg_get(g->pc)) != NULL) {
        if (!gen_start_foreign(g, df))
            return 0;
        if (!df->gen_set_params(g->dg, params)) {
            gen_drop_foreign(g);
            p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
            const char *name = NULL;
            if (p != NULL && OSSL_PARAM_get_utf8_string_ptr(p, &name))
                kp_err(PROV_R_INVALID_CURVE, "group %s: not a curve kurv offers here, nor "
                       "OpenSSL's default provider", name);
            return 0;
        }
        g->curve = NULL;
        /* kept for a template on a kurv curve (kp_gen); the errors are cleared, as only
         * gen() reports them */
        ERR_set_mark();
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL)
            g->bad_enc = !check_encoding(p);
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL) {
            kp_key t = {0};
            g->bad_pf = !set_point_format(&t, p);
            if (!g->bad_pf)
                g->compressed = t.compressed;
        }
        ERR_pop_to_mark();
        return 1;
    }
    if (g->dg != NULL) {
        if (OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME) == NULL)
            return g->df->gen_set_params(g->dg, params);
        gen_drop_foreign(g);   /* a group kurv offers: back to kurv */
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL) {
        const kp_curve *c = group_param(p);
        if (c == NULL)
            return 0;
        g->curve = c;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL) {
        if (!check_encoding(p))
            return 0;
        g->bad_enc = 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL) {
        kp_key t = {0};
        if (!set_point_format(&t, p))
            return 0;
        g->compressed = t.compressed;
        g->bad_pf = 0;
    }
    return 1;
}

static const OSSL_PARAM *gen_settable_params(void *genctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
        OSSL_PARAM_END
    };
    (void)genctx;
    (void)provctx;
    return list;
}

static void gen_cleanup(void *genctx)
{
    kp_gen *g = genctx;
    if (g != NULL)
        gen_drop_foreign(g);
    OPENSSL_free(genctx);
}

static void *gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    kp_gen *g = OPENSSL_zalloc(sizeof *g);
    if (g == NULL)
        return NULL;
    g->pc = provctx;
    g->selection = selection;
    if (!gen_set_params(g, params)) {
        gen_cleanup(g);
        return NULL;
    }
    return g;
}

static int gen_set_template(void *genctx, void *templ)
{
    kp_gen *g = genctx;
    const kp_key *t = templ;
    if (t != NULL && t->dk != NULL) {
        if (g->dg != NULL && g->df != t->df)
            gen_drop_foreign(g);
        if (!gen_start_foreign(g, t->df))
            return 0;
        g->curve = NULL;
        return t->df->gen_set_template(g->dg, t->dk);
    }
    if (t == NULL || t->curve == NULL)
        return 0;
    gen_drop_foreign(g);
    g->curve = t->curve;
    g->compressed = t->compressed;
    return 1;
}

static void *gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    kp_gen *g = genctx;
    if (g->dg != NULL) {
        kp_key *fk = wrap_foreign(g->pc, g->df, g->df->gen(g->dg, cb, cbarg));
        if (fk != NULL && (g->selection & SEL_KEYPAIR))
            kp_dlg_log("keygen", fk->df, fk->dk);
        return fk;
    }
    (void)cb;
    (void)cbarg;
    if (g->curve == NULL) {
        kp_err(PROV_R_NO_PARAMETERS_SET, "no group set for EC key generation");
        return NULL;
    }
    if (g->bad_pf || g->bad_enc) {
        kp_err(PROV_R_NOT_SUPPORTED, "%s set with a group kurv does not offer, then a template on "
               "%s: kurv has uncompressed and compressed points on named curves only",
               g->bad_pf ? "point-format" : "encoding", g->curve->name);
        return NULL;
    }
    kp_key *k = km_new(g->pc);
    if (k == NULL)
        return NULL;
    k->curve = g->curve;
    k->compressed = g->compressed;
    if (g->selection & SEL_KEYPAIR) {
        size_t n = sizeof k->pub;
        kurv_err e = kurv_keygen(k->curve->c, k->priv, kurv_curve_scalar_len(k->curve->c),
                                 k->pub, &n, 0);
        if (e != KURV_OK) {
            kp_err(PROV_R_FAILED_TO_GENERATE_KEY, "keygen on %s: %s", k->curve->name,
                   kurv_strerror(e));
            kp_key_free(k);
            return NULL;
        }
        k->has_priv = k->has_pub = 1;
        kp_log("keygen", k->curve);
    }
    return k;
}

const OSSL_DISPATCH kp_keymgmt_functions[] = {
    {OSSL_FUNC_KEYMGMT_NEW, (void (*)(void))km_new},
    {OSSL_FUNC_KEYMGMT_FREE, (void (*)(void))kp_key_free},
    {OSSL_FUNC_KEYMGMT_GEN_INIT, (void (*)(void))gen_init},
    {OSSL_FUNC_KEYMGMT_GEN_SET_TEMPLATE, (void (*)(void))gen_set_template},
    {OSSL_FUNC_KEYMGMT_GEN_SET_PARAMS, (void (*)(void))gen_set_params},
    {OSSL_FUNC_KEYMGMT_GEN_SETTABLE_PARAMS, (void (*)(void))gen_settable_params},
    {OSSL_FUNC_KEYMGMT_GEN, (void (*)(void))gen},
    {OSSL_FUNC_KEYMGMT_GEN_CLEANUP, (void (*)(void))gen_cleanup},
    {OSSL_FUNC_KEYMGMT_GET_PARAMS, (void (*)(void))km_get_params},
    {OSSL_FUNC_KEYMGMT_GETTABLE_PARAMS, (void (*)(void))km_gettable_params},
    {OSSL_FUNC_KEYMGMT_SET_PARAMS, (void (*)(void))km_set_params},
    {OSSL_FUNC_KEYMGMT_SETTABLE_PARAMS, (void (*)(void))km_settable_params},
    {OSSL_FUNC_KEYMGMT_QUERY_OPERATION_NAME, (void (*)(void))km_query_operation_name},
    {OSSL_FUNC_KEYMGMT_HAS, (void (*)(void))km_has},
    {OSSL_FUNC_KEYMGMT_MATCH, (void (*)(void))km_match},
    {OSSL_FUNC_KEYMGMT_VALIDATE, (void (*)(void))km_validate},
    {OSSL_FUNC_KEYMGMT_DUP, (void (*)(void))km_dup},
    {OSSL_FUNC_KEYMGMT_IMPORT, (void (*)(void))km_import},
    {OSSL_FUNC_KEYMGMT_IMPORT_TYPES, (void (*)(void))km_types},
    {OSSL_FUNC_KEYMGMT_EXPORT, (void (*)(void))km_export},
    {OSSL_FUNC_KEYMGMT_EXPORT_TYPES, (void (*)(void))km_types},
    {0, NULL}
};
