/*
 * Harness fuzz_25519key (a build with kurv-25519): kurv_25519_privkey_decode() and
 * kurv_25519_pubkey_decode() on the input as it comes (RFC 8410 PKCS#8 and
 * SubjectPublicKeyInfo, DER when it starts with 0x30, else PEM), against OpenSSL's
 * d2i_AutoPrivateKey / PEM_read_bio_PrivateKey and d2i_PUBKEY / PEM_read_bio_PUBKEY. When
 * kurv accepts, OpenSSL reads an X25519 or Ed25519 key of the same algorithm and the same
 * 32 bytes. OpenSSL accepts as X25519 or Ed25519 what kurv refuses only for the documented
 * choices named below (<kurv/25519.h>: strict DER, nothing after the key, the RFC 5958
 * version rules, a v2 public key checked against the key, an Ed25519 public key that does
 * not decode to a point, the CurvePrivateKey alone in privateKey, the label ENCRYPTED
 * PRIVATE KEY for encrypted keys only), and kurv accepts what OpenSSL
 * refuses only for one: a v2 key with its publicKey, which OpenSSL 3.0 does not read.
 */
#include "fuzz.h"

#include <string.h>
#include <kurv/25519.h>
#include <openssl/crypto.h>

/* The version of the PrivateKeyInfo @der and whether it holds a [1] publicKey (tag 0x81);
 * 0 when it is not shaped so. */
static int p8_shape(const uint8_t *der, size_t len, long *ver, int *has_pub)
{
    uint8_t tag;
    const uint8_t *v, *iv;
    size_t vl, il, n;

    if (!fz_tlv(der, len, &tag, &v, &vl) || tag != 0x30)
        return 0;
    n = fz_tlv(v, vl, &tag, &iv, &il);
    if (!n || tag != 0x02 || il != 1)
        return 0;
    *ver = iv[0];
    *has_pub = 0;
    for (v += n, vl -= n; vl && (n = fz_tlv(v, vl, &tag, &iv, &il)); v += n, vl -= n)
        *has_pub |= tag == 0x81;
    return 1;
}

/* 1 when the privateKey OCTET STRING of the PrivateKeyInfo @der holds anything but the
 * CurvePrivateKey, OCTET STRING of 32 bytes (04 20 ...), alone; 0 when it does, or when
 * @der is not shaped so */
static int p8_inner_extra(const uint8_t *der, size_t len)
{
    uint8_t tag;
    const uint8_t *v, *f;
    size_t vl, fl, n;

    if (!fz_tlv(der, len, &tag, &v, &vl) || tag != 0x30)
        return 0;
    /* version, privateKeyAlgorithm, then privateKey */
    if (!(n = fz_tlv(v, vl, &tag, &f, &fl)) || tag != 0x02)
        return 0;
    v += n, vl -= n;
    if (!(n = fz_tlv(v, vl, &tag, &f, &fl)) || tag != 0x30)
        return 0;
    v += n, vl -= n;
    if (!fz_tlv(v, vl, &tag, &f, &fl) || tag != 0x04)
        return 0;
    return !(fl == 34 && f[0] == 0x04 && f[1] == 0x20);
}

/* 1 when the 32 bytes @pub are no Ed25519 point: kurv_ed25519_verify decodes the key first */
static int ed25519_undecodable(const uint8_t pub[32])
{
    static const uint8_t sig[64] = {0};
    return kurv_ed25519_verify(sig, NULL, 0, pub) == KURV_ERR_POINT;
}

/* kurv refused (@e) the DER @der (@len bytes; @used of them read by OpenSSL, DER input
 * only) that OpenSSL read: one of the documented choices? */
static int documented(kurv_err e, int priv, const uint8_t *der, size_t len, size_t used)
{
    long ver = 0;
    int has_pub = 0;
    size_t bl = 0;
    const uint8_t *bits = priv ? NULL : fz_spki_bits(der, len, &bl);

    if (!der)
        return 0;
    if (e == KURV_ERR_ENCODING) {
        if (fz_choice("no trailing bytes after the key (OpenSSL stops at its end)", used && used != len))
            return 1;
        if (fz_choice("strict DER: kurv refuses BER forms OpenSSL reads", !fz_der_strict(der, len)))
            return 1;
        if (fz_choice("SPKI BIT STRING with unused bits", bits && bl > 0 && bits[0] != 0))
            return 1;
        if (fz_choice("RFC 5958 versions: [1] publicKey only in v2, no version above 1",
                      priv && p8_shape(der, len, &ver, &has_pub) && (ver > 1 || (ver == 0 && has_pub))))
            return 1;
        if (fz_choice("the privateKey OCTET STRING holds the 32-byte CurvePrivateKey and "
                      "nothing after it (RFC 8410 7; OpenSSL reads the first element)",
                      priv && p8_inner_extra(der, len)))
            return 1;
    }
    if (fz_choice("a v2 publicKey that is not the key's (OpenSSL does not compare it)",
                  priv && e == KURV_ERR_POINT))
        return 1;
    if (fz_choice("an Ed25519 public key that does not decode to a point, RFC 8032 5.1.3 "
                  "(OpenSSL reads the 32 bytes unchecked)", !priv && e == KURV_ERR_POINT &&
                  bits && bl == 33 && ed25519_undecodable(bits + 1)))
        return 1;
    return 0;
}

static void check(int priv, const uint8_t *data, size_t size)
{
    uint8_t key[32], raw[32], *body = NULL;
    size_t rl = sizeof raw, used = 0;
    long body_len = 0;
    int is_der = size > 0 && data[0] == 0x30, id;
    kurv_25519_alg a = KURV_25519_ANY;
    kurv_err e = priv ? kurv_25519_privkey_decode(&a, key, data, size)
                      : kurv_25519_pubkey_decode(&a, key, data, size);
    EVP_PKEY *pk;

    if (e == KURV_OK && a != KURV_25519_X25519 && a != KURV_25519_ED25519)
        fz_fail("accepted key: algorithm", e, (long)a);
    if (size > (1u << 16))
        return;
    pk = fz_ossl_pkey_file(priv, data, size, e == KURV_OK, &used, &body, &body_len);
    id = pk ? EVP_PKEY_get_base_id(pk) : 0;
    if (id != EVP_PKEY_X25519 && id != EVP_PKEY_ED25519) {
        long ver = 0;
        int has_pub = 0;
        const uint8_t *der = is_der ? data : body;
        size_t der_len = is_der ? size : (size_t)body_len;
        if (e == KURV_OK &&
            !fz_choice("a v2 key with its [1] publicKey (RFC 5958, RFC 8410 7), which OpenSSL "
                       "3.0's PKCS8_PRIV_KEY_INFO has no field for",
                       priv && der && p8_shape(der, der_len, &ver, &has_pub) && has_pub))
            fz_fail(priv ? "kurv accepts a private key OpenSSL refuses"
                         : "kurv accepts a public key OpenSSL refuses", e, id);
    } else if (e == KURV_OK) {
        if ((a == KURV_25519_X25519) != (id == EVP_PKEY_X25519))
            fz_fail("different algorithms", e, id);
        if ((priv ? EVP_PKEY_get_raw_private_key(pk, raw, &rl)
                  : EVP_PKEY_get_raw_public_key(pk, raw, &rl)) != 1 ||
            rl != 32 || memcmp(raw, key, 32) != 0)
            fz_fail("different keys", e, (long)rl);
    } else if (is_der ? !documented(e, priv, data, size, used)
                      : !fz_choice("PEM: kurv reads one block with nothing but blank space "
                                   "after it, under its own label (OpenSSL the first block "
                                   "of any text)", e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED) &&
                        !fz_choice("PEM: a block labelled ENCRYPTED PRIVATE KEY is an encrypted "
                                   "key to kurv, which asks for a password (OpenSSL also reads "
                                   "a plain PrivateKeyInfo under that label)",
                                   priv && e == KURV_ERR_ENCRYPTED) &&
                        !documented(e, priv, body, (size_t)body_len, 0)) {
        fz_fail(priv ? "OpenSSL reads a private key kurv refuses"
                     : "OpenSSL reads a public key kurv refuses", e, id);
    }
    EVP_PKEY_free(pk);
    OPENSSL_free(body);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    check(1, data, size);
    check(0, data, size);
    return 0;
}
