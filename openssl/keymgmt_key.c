/*
 * openssl/keymgmt_key.c: the key object of KEYMGMT "EC" (kp_key, prov.h) and what every
 * other part of the key manager checks a key or a parameter with (provider-keymgmt(7),
 * OpenSSL 3.0).
 *
 * Contract:
 *   - the key object's life: new (empty: no group, no d, no Q), free (wiped), dup (the
 *     selected parts), a key that holds the default provider's key instead (kp_key_wrap);
 *   - the questions asked of a key: has, match, validate (SEC 1 v2 3.2.2.1: Q on the curve,
 *     d in [1, n-1], Q = d*G for a pair), its public point in either SEC1 form
 *     (kp_pub_encode) and its ECDSA max-size (kp_sig_max_size);
 *   - the parsing of the parameters shared by import, set_params and generation: group
 *     (kp_group_param, kp_foreign_group), point-format, encoding.
 *   - load: the key a decoder of kurv (decoder.c) hands over by reference.
 * A key whose dk is set (a curve kurv does not offer here, delegate.c) is answered by the
 * default provider's functions on dk. Every refusal of a parameter raises an OpenSSL error
 * (kp_err) and returns 0 / NULL. The trace: "check <curve>" for validate and "match <curve>"
 * for match (with " (default)" when the default provider's functions answer), the
 * operations `openssl pkey -check` and X509_check_private_key run on a key.
 * Import, export and the key's params are keymgmt.c's; generation keymgmt_gen.c's.
 */
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "prov.h"

/* der_len_len() - bytes of a DER length field for @n content bytes (n < 65536): 1, 2, 3.
 * Spec: X.690 8.1.3. */
static size_t der_len_len(size_t n) { return n < 128 ? 1 : n < 256 ? 2 : 3; }

size_t kp_sig_max_size(const kp_curve *c)
{
    size_t ib = kurv_curve_order_bits(c->c) / 8 + 1;
    size_t it = 1 + der_len_len(ib) + ib;
    return 1 + der_len_len(2 * it) + 2 * it;
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

int kp_foreign_group(const OSSL_PARAM params[])
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
    const char *name = NULL;
    if (p != NULL)
        return OSSL_PARAM_get_utf8_string_ptr(p, &name) && kp_curve_find(name) == NULL;
    return OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_P) != NULL;
}

const kp_curve *kp_group_param(const OSSL_PARAM *p)
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

int kp_set_point_format(kp_key *k, const OSSL_PARAM *p)
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

int kp_check_encoding(const OSSL_PARAM *p)
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

/* kp_km_new() - OSSL_FUNC_keymgmt_new: an empty key of the instance @provctx.
 * Return: the key; NULL when memory runs out. */
void *kp_km_new(void *provctx)
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

kp_key *kp_key_wrap(kp_provctx *pc, const kp_dfn *df, void *dk)
{
    if (dk == NULL)
        return NULL;
    kp_key *k = kp_km_new(pc);
    if (k == NULL) {
        df->km_free(dk);
        return NULL;
    }
    k->df = df;
    k->dk = dk;
    return k;
}

/* kp_km_has() - OSSL_FUNC_keymgmt_has: 1 when @keydata holds every part @selection names
 * (domain: a group; public: Q; private: d), else 0 (also for NULL). */
int kp_km_has(const void *keydata, int selection)
{
    const kp_key *k = keydata;
    if (k == NULL)
        return 0;
    if (k->dk != NULL)
        return k->df->km_has(k->dk, selection);
    int ok = 1;
    if (selection & KP_SEL_DOMAIN)
        ok = ok && k->curve != NULL;
    if (selection & KP_SEL_PUB)
        ok = ok && k->has_pub;
    if (selection & KP_SEL_PRIV)
        ok = ok && k->has_priv;
    return ok;
}

/* kp_km_match() - OSSL_FUNC_keymgmt_match: 1 when @a_ and @b_ are on the same curve and,
 * if @selection names key parts, their Q (else their d) are equal (constant time); 0
 * otherwise, and for a kurv key against a default provider's one. */
int kp_km_match(const void *a_, const void *b_, int selection)
{
    const kp_key *a = a_, *b = b_;
    if (a->dk != NULL || b->dk != NULL) {
        if (a->dk != NULL)
            kp_dlg_log("match", a->df, a->dk);
        return a->dk != NULL && b->dk != NULL && a->df == b->df
               && a->df->km_match(a->dk, b->dk, selection);
    }
    if (a->curve != NULL)
        kp_log("match", a->curve);
    if (a->curve != b->curve)
        return 0;
    if (!(selection & KP_SEL_KEYPAIR))
        return 1;
    if ((selection & KP_SEL_PUB) && a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, kurv_curve_point_len(a->curve->c, 0)) == 0;
    if ((selection & KP_SEL_PRIV) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, kurv_curve_scalar_len(a->curve->c)) == 0;
    return 0;
}

/* kp_km_dup() - OSSL_FUNC_keymgmt_dup: a new key with @from_'s curve, point format and the
 * parts @selection names. Return: the key; NULL when memory runs out. */
void *kp_km_dup(const void *from_, int selection)
{
    const kp_key *from = from_;
    if (from->dk != NULL)
        return kp_key_wrap(from->pc, from->df, from->df->km_dup(from->dk, selection));
    kp_key *k = kp_km_new(from->pc);
    if (k == NULL)
        return NULL;
    k->curve = from->curve;
    k->compressed = from->compressed;
    if ((selection & KP_SEL_PUB) && from->has_pub) {
        memcpy(k->pub, from->pub, sizeof k->pub);
        k->has_pub = 1;
    }
    if ((selection & KP_SEL_PRIV) && from->has_priv) {
        memcpy(k->priv, from->priv, sizeof k->priv);
        k->has_priv = 1;
    }
    return k;
}

/* kp_km_validate() - OSSL_FUNC_keymgmt_validate: 1 when the parts @selection names are
 * present and valid: Q on the curve (SEC 1 v2 3.2.2.1), d in [1, n-1], and for a pair
 * Q = d*G; 0 otherwise (no group, a part missing or invalid). @checktype: the same checks
 * for every type (cofactor 1: the full check is the quick one). */
int kp_km_validate(const void *keydata, int selection, int checktype)
{
    const kp_key *k = keydata;
    if (k->dk != NULL) {
        kp_dlg_log("check", k->df, k->dk);
        return k->df->km_validate(k->dk, selection, checktype);
    }
    (void)checktype;
    if (k->curve == NULL)
        return 0;
    kp_log("check", k->curve);
    if ((selection & KP_SEL_PUB)
        && (!k->has_pub
            || kurv_point_check(k->curve->c, k->pub, kurv_curve_point_len(k->curve->c, 0))
                   != KURV_OK))
        return 0;
    if ((selection & KP_SEL_PRIV)
        && (!k->has_priv
            || kurv_privkey_check(k->curve->c, k->priv, kurv_curve_scalar_len(k->curve->c))
                   != KURV_OK))
        return 0;
    if ((selection & KP_SEL_KEYPAIR) == KP_SEL_KEYPAIR) {
        uint8_t q[KURV_MAX_POINT_LEN];
        size_t n = sizeof q;
        if (kurv_pubkey_from_priv(k->curve->c, q, &n, 0, k->priv,
                                  kurv_curve_scalar_len(k->curve->c)) != KURV_OK
            || memcmp(q, k->pub, n) != 0)
            return 0;
    }
    return 1;
}

/* kp_km_load() - OSSL_FUNC_keymgmt_load: the key a kurv decoder made (decoder.c), given by
 * @reference, a pointer to the key pointer (@reference_sz its size); the pointer is set to
 * NULL, so the key is the caller's. NULL for another size. */
void *kp_km_load(const void *reference, size_t reference_sz)
{
    if (reference == NULL || reference_sz != sizeof(kp_key *))
        return NULL;
    kp_key **ref = (kp_key **)reference;
    kp_key *k = *ref;
    *ref = NULL;
    return k;
}

/* kp_does_selection() - contract in prov.h. */
int kp_does_selection(int selection, int mask)
{
    static const int checks[] = { KP_SEL_PRIV, KP_SEL_PUB, OSSL_KEYMGMT_SELECT_ALL_PARAMETERS };
    if (selection == 0)
        return 1;
    for (size_t i = 0; i < sizeof checks / sizeof checks[0]; i++)
        if (selection & checks[i])
            return (mask & checks[i]) != 0;
    return 0;
}

/* kp_sel_priv(), kp_sel_pub() - contract in prov.h. */
int kp_sel_priv(void *provctx, int selection)
{
    (void)provctx;
    return kp_does_selection(selection, KP_SEL_PRIV);
}
int kp_sel_pub(void *provctx, int selection)
{
    (void)provctx;
    return kp_does_selection(selection, KP_SEL_PUB);
}
