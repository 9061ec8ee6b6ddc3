/*
 * Harness fuzz_privkey: kurv_privkey_decode() on the input as it comes (a key file: SEC1 or
 * PKCS#8, DER when it starts with 0x30, else PEM), against OpenSSL's d2i_AutoPrivateKey /
 * PEM_read_bio_PrivateKey. Both accept: the same curve and d. kurv accepts: it also
 * re-encodes (SEC1 and PKCS#8, DER and PEM) and reads back the same key. OpenSSL accepts
 * what kurv refuses only for the documented choices named below (kurv/keyfile.h).
 */
#define _GNU_SOURCE   /* memmem */
#include "fuzz.h"

#include <string.h>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

/* The embedded public key is one kurv refuses: absent from OpenSSL's view is impossible
 * here, so: hybrid (0x06/0x07), unused bits, undecodable, or not d*G. */
static int bad_embedded_pub(const EC_KEY *ek, const fz_ecpriv *f)
{
    const EC_GROUP *g = EC_KEY_get0_group(ek);
    EC_POINT *q, *dg;
    int bad;

    if (!f->pub)
        return 0;
    if (f->pub_len < 2 || f->pub[0] != 0 || f->pub[1] == 0x06 || f->pub[1] == 0x07)
        return 1;
    q = EC_POINT_new(g);
    dg = EC_POINT_new(g);
    bad = !q || !dg || !EC_POINT_oct2point(g, q, f->pub + 1, f->pub_len - 1, NULL) ||
          !EC_POINT_mul(g, dg, EC_KEY_get0_private_key(ek), NULL, NULL, NULL) ||
          EC_POINT_cmp(g, q, dg, NULL) != 0;
    EC_POINT_free(q);
    EC_POINT_free(dg);
    return bad;
}

/* OpenSSL accepted the DER @der (@used bytes of it), kurv refused with @e: is it one of the
 * documented choices? */
static int documented(kurv_err e, const uint8_t *der, size_t len, size_t used, const EC_KEY *ek)
{
    const EC_GROUP *g = EC_KEY_get0_group(ek);
    const BIGNUM *d = EC_KEY_get0_private_key(ek);
    int nid = EC_GROUP_get_curve_name(g);
    fz_ecpriv f;
    int have = fz_ecpriv_fields(der, len, &f);

    if (e == KURV_ERR_ENCODING) {
        if (fz_choice("no trailing bytes after the key (OpenSSL stops at its end)", used != len))
            return 1;
        if (fz_choice("strict DER: kurv refuses BER forms OpenSSL reads", !fz_der_strict(der, len)))
            return 1;
        if (fz_choice("RFC 5915: ECPrivateKey version must be 1", have && f.version != 1))
            return 1;
        if (fz_choice("RFC 5208/5958: PKCS#8 version 0 or 1",
                      have && f.pkcs8 && f.pkcs8_version != 0 && f.pkcs8_version != 1))
            return 1;
        if (fz_choice("SEC1 public key BIT STRING with unused bits",
                      have && f.pub && f.pub_len > 0 && f.pub[0] != 0))
            return 1;
    }
    if (e == KURV_ERR_PRIVKEY) {
        if (fz_choice("d = 0 or d >= n (SEC 1 3.2.1)",
                      d && (BN_is_zero(d) || BN_cmp(d, EC_GROUP_get0_order(g)) >= 0)))
            return 1;
        if (fz_choice("d wider than the scalar length",
                      have && f.d_len > ((size_t)EC_GROUP_order_bits(g) + 7) / 8))
            return 1;
    }
    if (e == KURV_ERR_POINT &&
            fz_choice("embedded public key not d*G, hybrid or malformed", have && bad_embedded_pub(ek, &f)))
        return 1;
    if (e == KURV_ERR_CURVE && fz_choice("a curve this build does not have", !fz_known_nid(nid)))
        return 1;
    if (e == KURV_ERR_UNSUPPORTED &&
            fz_choice("explicit curve parameters", (EC_GROUP_get_asn1_flag(g) & OPENSSL_EC_NAMED_CURVE) == 0))
        return 1;
    return 0;
}

/* kurv accepted: its re-encodings read back to the same key */
static void round_trip(const kurv_curve *c, const uint8_t *d, size_t dl)
{
    static const kurv_keytype types[] = { KURV_KEY_SEC1, KURV_KEY_PKCS8 };
    static const kurv_keyfmt fmts[] = { KURV_KEYFMT_DER, KURV_KEYFMT_PEM };
    size_t t, f;

    for (t = 0; t < 2; t++)
        for (f = 0; f < 2; f++) {
            uint8_t enc[KURV_MAX_KEYFILE_LEN], d2[KURV_MAX_SCALAR_LEN];
            size_t el = sizeof enc, dl2 = sizeof d2;
            const kurv_curve *c2;
            kurv_err e = kurv_privkey_encode(c, enc, &el, types[t], fmts[f], d, dl);
            if (e)
                fz_fail("re-encoding an accepted key", e, 0);
            e = kurv_privkey_decode(&c2, d2, &dl2, fz_curves, fz_ncurves, enc, el);
            if (e || c2 != c || dl2 != dl || memcmp(d, d2, dl))
                fz_fail("reading back a re-encoded key", e, 0);
        }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t d[KURV_MAX_SCALAR_LEN], od[KURV_MAX_SCALAR_LEN];
    size_t dl = sizeof d, used = 0;
    const kurv_curve *c = NULL;
    int is_der = size > 0 && data[0] == 0x30;
    EC_KEY *ek = NULL;
    uint8_t *body = NULL;
    long body_len = 0;
    kurv_err e = kurv_privkey_decode(&c, d, &dl, fz_curves, fz_ncurves, data, size);

    if (e == KURV_OK) {
        int i = fz_curve_index(c);
        if (i < 0 || dl != kurv_curve_scalar_len(c) || kurv_privkey_check(c, d, dl) != KURV_OK)
            fz_fail("accepted key: curve, length or range", e, 0);
        round_trip(c, d, dl);
    }

    if (size > (1u << 16))
        return 0;
    ek = fz_ossl_key_file(1, data, size, e == KURV_OK, &used, &body, &body_len);

    if (e == KURV_OK) {
        int i = fz_curve_index(c);
        if (!ek)
            fz_fail("kurv accepts a private key OpenSSL refuses", e, 0);
        if (EC_GROUP_get_curve_name(EC_KEY_get0_group(ek)) != fz_nid(i))
            fz_fail("different curves", e, EC_GROUP_get_curve_name(EC_KEY_get0_group(ek)));
        if (BN_bn2binpad(EC_KEY_get0_private_key(ek), od, (int)dl) != (int)dl || memcmp(d, od, dl))
            fz_fail("different private keys", e, 0);
    } else if (ek && EC_KEY_get0_private_key(ek)) {
        int ok;
        if (is_der)
            ok = documented(e, data, size, used, ek);
        else
            ok = fz_choice("lax PEM: OpenSSL reads armour kurv refuses (kurv/keyfile.h)",
                           e == KURV_ERR_ENCODING) ||
                 fz_pem_encryption_header(e, data, size) ||
                 fz_choice("the label ENCRYPTED PRIVATE KEY: kurv asks for the password "
                           "(kurv_privkey_decode_pass); OpenSSL decodes whatever the body holds",
                           e == KURV_ERR_ENCRYPTED &&
                           memmem(data, size, "-----BEGIN ENCRYPTED PRIVATE KEY-----", 37)) ||
                 (body && documented(e, body, (size_t)body_len, (size_t)body_len, ek));
        if (!ok)
            fz_fail("OpenSSL accepts a private key kurv refuses", e, 1);
    }
    OPENSSL_free(body);
    EC_KEY_free(ek);
    ERR_clear_error();
    return 0;
}
