/* kurv tests: one Wycheproof ECDSA or ECDH case put to kurv (wycheproof.h). */
#include "wycheproof.h"

#include <stdlib.h>
#include <string.h>
#include "testutil.h"

/* A name of the vector files and the enum value it stands for. */
struct name_value {
    const char *name;
    int value;
};

/* The value of name in table t (n entries), matching an entry's name whole, or with prefix
 * set as name's beginning; -1 when none (or name is NULL). */
static int lookup(const struct name_value *t, size_t n, const char *name, int prefix)
{
    size_t i;

    for (i = 0; name && i < n; i++)
        if (prefix ? strncmp(name, t[i].name, strlen(t[i].name)) == 0
                   : strcmp(name, t[i].name) == 0)
            return t[i].value;
    return -1;
}

enum kt_wp_sig kt_wp_sig_type(const char *type)
{
    static const struct name_value types[] = {
        {"EcdsaVerify", KT_WP_SIG_DER},
        {"EcdsaP1363Verify", KT_WP_SIG_P1363},
        {"EcdsaBitcoinVerify", KT_WP_SIG_BITCOIN},
    };
    int v = lookup(types, sizeof types / sizeof types[0], type, 0);

    return v < 0 ? KT_WP_SIG_UNKNOWN : (enum kt_wp_sig)v;
}

kurv_err kt_wp_ecdsa_verify(const kurv_curve *c, enum kt_wp_sig enc, const uint8_t *pub,
                            size_t pub_len, const uint8_t *digest, size_t digest_len,
                            const uint8_t *sig, size_t sig_len, int *der_refused)
{
    uint8_t raw[KURV_MAX_SIG_RAW_LEN];
    size_t raw_len = 2 * kurv_curve_scalar_len(c);
    unsigned flags = enc == KT_WP_SIG_BITCOIN ? KURV_ECDSA_VERIFY_LOW_S : 0;
    kurv_err e;

    *der_refused = 0;
    if (enc == KT_WP_SIG_P1363)
        return kurv_ecdsa_verify(c, sig, sig_len, pub, pub_len, digest, digest_len, flags);
    if (enc == KT_WP_SIG_UNKNOWN)
        return KURV_ERR_ARG;
    e = kurv_ecdsa_sig_from_der(c, raw, raw_len, sig, sig_len);
    if (e != KURV_OK) {
        *der_refused = 1;
        return e;
    }
    return kurv_ecdsa_verify(c, raw, raw_len, pub, pub_len, digest, digest_len, flags);
}

int kt_wp_ecdh_schema(const char *schema, enum kt_wp_ecdh_enc *enc)
{
    /* the schema's name, without its version ("ecdh_test_schema_v1.json") */
    static const struct name_value schemas[] = {
        {"ecdh_test_schema", KT_WP_ECDH_ASN},
        {"ecdh_pem_test_schema", KT_WP_ECDH_PEM},
        {"ecdh_ecpoint_test_schema", KT_WP_ECDH_ECPOINT},
        {"ecdh_webcrypto_test_schema", KT_WP_ECDH_JWK},
    };
    int v = lookup(schemas, sizeof schemas / sizeof schemas[0], schema, 1);

    if (v < 0)
        return 0;
    *enc = (enum kt_wp_ecdh_enc)v;
    return 1;
}

/* The public key of an ASN, PEM or ECPOINT case as a SEC1 point of curve c, into pt:
 * 1, or 0 when kurv refuses it (or it is of another curve); -1 for bad hex. */
static int ecdh_public(const kurv_curve *c, const char *pub, enum kt_wp_ecdh_enc enc,
                       uint8_t *pt, size_t *pt_len)
{
    const kurv_curve *pc = NULL;
    uint8_t *der;
    size_t der_len;
    kurv_err e;

    if (enc == KT_WP_ECDH_PEM) {
        e = kurv_pubkey_decode(&pc, pt, pt_len, kt_curves, kt_ncurves, (const uint8_t *)pub,
                               strlen(pub));
        return e == KURV_OK && pc == c;
    }
    der = kt_unhex_alloc(pub, &der_len);
    if (!der)
        return -1;
    if (enc == KT_WP_ECDH_ASN) {
        e = kurv_pubkey_decode(&pc, pt, pt_len, kt_curves, kt_ncurves, der, der_len);
        free(der);
        return e == KURV_OK && pc == c;
    }
    if (der_len > *pt_len) {        /* longer than any point: kurv is not even asked */
        free(der);
        return 0;
    }
    memcpy(pt, der, der_len);
    *pt_len = der_len;
    free(der);
    return 1;
}

/* An ASN, PEM or ECPOINT case. */
static int ecdh_encoded(const kurv_curve *c, json_object *t, enum kt_wp_ecdh_enc enc,
                        uint8_t *secret, const char **why)
{
    const char *pub = kt_jstr(t, "public"), *priv = kt_jstr(t, "private");
    uint8_t pt[KURV_MAX_POINT_LEN], d[KURV_MAX_SCALAR_LEN], *raw;
    size_t pt_len = sizeof pt, slen = kurv_curve_scalar_len(c), d_len = sizeof d, raw_len;
    const kurv_curve *pc = NULL;
    int r;
    kurv_err e;

    if (!pub || !priv) {
        *why = "a case without its public or private key";
        return -1;
    }
    if (enc == KT_WP_ECDH_PEM) {
        /* the private keys are well-formed PKCS#8 of the group's curve */
        e = kurv_privkey_decode(&pc, d, &d_len, kt_curves, kt_ncurves, (const uint8_t *)priv,
                                strlen(priv));
        if (e != KURV_OK || pc != c || d_len != slen) {
            *why = "kurv refuses the private key's PEM";
            return -1;
        }
    } else {
        raw = kt_unhex_alloc(priv, &raw_len);
        if (!raw) {
            *why = "bad hex in the private key";
            return -1;
        }
        r = kt_int_to_width(d, slen, raw, raw_len);
        free(raw);
        if (!r)                     /* wider than a scalar: kurv cannot even be asked */
            return 0;
    }
    r = ecdh_public(c, pub, enc, pt, &pt_len);
    if (r < 0)
        *why = "bad hex in the public key";
    else if (r > 0)
        r = kurv_ecdh(c, secret, kurv_curve_field_len(c), d, slen, pt, pt_len) == KURV_OK;
    kurv_wipe(d, sizeof d);
    return r;
}

/* A JWK case: public = {kty, crv, x, y}, private = {d, ...}. */
static int ecdh_jwk(const kurv_curve *c, json_object *t, uint8_t *secret, const char **why)
{
    json_object *pub = kt_jget(t, "public"), *priv = kt_jget(t, "private");
    uint8_t pt[1 + 2 * KURV_MAX_FIELD_LEN + 8], raw[2 * KURV_MAX_SCALAR_LEN];
    uint8_t d[KURV_MAX_SCALAR_LEN];
    size_t flen = kurv_curve_field_len(c), slen = kurv_curve_scalar_len(c);
    const char *kty = kt_jstr(pub, "kty"), *crv = kt_jstr(pub, "crv"), *x = kt_jstr(pub, "x");
    const char *y = kt_jstr(pub, "y"), *dd = kt_jstr(priv, "d");
    long dl;
    kurv_err e;

    if (!dd || (dl = kt_b64url(raw, sizeof raw, dd)) <= 0) {
        *why = "the private JWK has no d that decodes";
        return -1;
    }
    if (!kty || strcmp(kty, "EC") != 0 || !crv || !x || !y)
        return 0;
    if (kt_curve(crv) != c)         /* the public key is on another curve */
        return 0;
    /* RFC 7518 6.2.1.2-3: x and y are exactly field_len bytes */
    if (kt_b64url(pt + 1, flen + 4, x) != (long)flen ||
        kt_b64url(pt + 1 + flen, flen + 4, y) != (long)flen)
        return 0;
    pt[0] = 0x04;
    if (!kt_int_to_width(d, slen, raw, (size_t)dl))
        return 0;
    e = kurv_ecdh(c, secret, flen, d, slen, pt, 1 + 2 * flen);
    kurv_wipe(d, sizeof d);
    kurv_wipe(raw, sizeof raw);
    return e == KURV_OK;
}

int kt_wp_ecdh_case(const kurv_curve *c, json_object *t, enum kt_wp_ecdh_enc enc,
                    uint8_t *secret, const char **why)
{
    *why = NULL;
    return enc == KT_WP_ECDH_JWK ? ecdh_jwk(c, t, secret, why)
                                 : ecdh_encoded(c, t, enc, secret, why);
}
