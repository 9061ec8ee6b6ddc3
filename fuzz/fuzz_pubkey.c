/*
 * Harness fuzz_pubkey: kurv_pubkey_decode() on the input as it comes (SubjectPublicKeyInfo,
 * DER when it starts with 0x30, else PEM "PUBLIC KEY"), against OpenSSL's d2i_PUBKEY /
 * PEM_read_bio_PUBKEY. Both accept: the same curve and the same point, in the form the file
 * gave. OpenSSL accepts what kurv refuses only for the documented choices named below.
 */
#define _GNU_SOURCE   /* memmem */
#include "fuzz.h"

#include <string.h>
#include <openssl/bio.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

static int documented(kurv_err e, const uint8_t *der, size_t len, size_t used, const EC_KEY *ek)
{
    const EC_GROUP *g = EC_KEY_get0_group(ek);
    size_t bl = 0;
    const uint8_t *bits = fz_spki_bits(der, len, &bl);

    if (e == KURV_ERR_ENCODING) {
        if (fz_choice("no trailing bytes after the key (OpenSSL stops at its end)", used != len))
            return 1;
        if (fz_choice("strict DER: kurv refuses BER forms OpenSSL reads", !fz_der_strict(der, len)))
            return 1;
        if (fz_choice("SPKI BIT STRING with unused bits", bits && bl > 0 && bits[0] != 0))
            return 1;
    }
    if (e == KURV_ERR_POINT &&
            fz_choice("hybrid point (0x06/0x07)", bits && bl > 1 && (bits[1] == 0x06 || bits[1] == 0x07)))
        return 1;
    if (e == KURV_ERR_CURVE && fz_choice("a curve this build does not have", !fz_known_nid(EC_GROUP_get_curve_name(g))))
        return 1;
    if (e == KURV_ERR_UNSUPPORTED &&
            fz_choice("explicit curve parameters", (EC_GROUP_get_asn1_flag(g) & OPENSSL_EC_NAMED_CURVE) == 0))
        return 1;
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t q[KURV_MAX_POINT_LEN], oq[KURV_MAX_POINT_LEN];
    size_t ql = sizeof q, used = 0;
    const kurv_curve *c = NULL;
    int is_der = size > 0 && data[0] == 0x30;
    EC_KEY *ek = NULL;
    uint8_t *body = NULL;
    long body_len = 0;
    kurv_err e = kurv_pubkey_decode(&c, q, &ql, fz_curves, fz_ncurves, data, size);

    if (e == KURV_OK) {
        if (fz_curve_index(c) < 0 || kurv_point_check(c, q, ql) != KURV_OK)
            fz_fail("accepted public key: curve or point", e, 0);
    }
    if (size > (1u << 16))
        return 0;
    ek = fz_ossl_key_file(0, data, size, e == KURV_OK, &used, &body, &body_len);

    if (e == KURV_OK) {
        int i = fz_curve_index(c);
        const EC_GROUP *g;
        size_t ol;
        if (!ek || !EC_KEY_get0_public_key(ek))
            fz_fail("kurv accepts a public key OpenSSL refuses", e, 0);
        g = EC_KEY_get0_group(ek);
        if (EC_GROUP_get_curve_name(g) != fz_nid(i))
            fz_fail("different curves", e, EC_GROUP_get_curve_name(g));
        ol = EC_POINT_point2oct(g, EC_KEY_get0_public_key(ek),
                                q[0] == 0x04 ? POINT_CONVERSION_UNCOMPRESSED : POINT_CONVERSION_COMPRESSED,
                                oq, sizeof oq, NULL);
        if (ol != ql || memcmp(q, oq, ql))
            fz_fail("different points", e, (long)ol);
    } else if (ek && EC_KEY_get0_public_key(ek)) {
        int ok;
        if (is_der)
            ok = documented(e, data, size, used, ek);
        else
            ok = fz_choice("lax PEM: OpenSSL reads armour kurv refuses (kurv/keyfile.h)",
                           e == KURV_ERR_ENCODING) ||
                 fz_pem_encryption_header(e, data, size) ||
                 fz_choice("a public key under another label than PUBLIC KEY (RFC 7468 13): kurv "
                           "refuses it; OpenSSL decodes the body whatever the label says",
                           e == KURV_ERR_UNSUPPORTED &&
                           !memmem(data, size, "-----BEGIN PUBLIC KEY-----", 26)) ||
                 (body && documented(e, body, (size_t)body_len, (size_t)body_len, ek));
        if (!ok)
            fz_fail("OpenSSL accepts a public key kurv refuses", e, 1);
    }
    OPENSSL_free(body);
    EC_KEY_free(ek);
    ERR_clear_error();
    return 0;
}
