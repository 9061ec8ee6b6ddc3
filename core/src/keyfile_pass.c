/*
 * kurv core: password-encrypted EC private keys (see kurv/keyfile.h): the PKCS#8
 * EncryptedPrivateKeyInfo of an EC key, over the PBES2 layer of pbes2.c (its structure and
 * scheme there). Reading: the PBES2 checks (KURV_ERR_ENCODING, KURV_ERR_UNSUPPORTED,
 * KURV_ERR_PASSWORD for bad padding), then the plaintext as a PrivateKeyInfo (one that is
 * not, or whose embedded public key does not match d, is KURV_ERR_PASSWORD too), then the
 * inner key's own checks. Plaintexts live on the stack and are wiped before return.
 */
#include <string.h>
#include <kurv/keyfile.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "curve_impl.h"
#include "asn1.h"
#include "pem.h"
#include "keyfile_impl.h"
#include "pbes2.h"

/* ---- decoding ---- */

static kurv_err decrypt_epki(const kurv_curve **curve, uint8_t *priv, size_t *priv_len,
                             const kurv_curve *const *list, size_t count,
                             const uint8_t *in, size_t in_len,
                             const uint8_t *pass, size_t pass_len)
{
    uint8_t pt[KURV_KEYFILE_DER_IN_MAX];
    size_t n;
    kurv_err e;

    e = kurv_pbes2_decrypt(pt, &n, in, in_len, pass, pass_len);
    if (e != KURV_OK)
        return e;
    e = kurv_keyfile_priv_der(curve, priv, priv_len, KURV_KEY_PKCS8, list, count, pt, n);
    /* A wrong password that happens to leave a valid padding gives noise; altered
     * ciphertext blocks garble what they decrypt to, typically the public key at the
     * end, which then no longer matches d. Both are KURV_ERR_PASSWORD. */
    if (e == KURV_ERR_ENCODING || e == KURV_ERR_ENCRYPTED || e == KURV_ERR_POINT ||
        e == KURV_ERR_INFINITY)
        e = KURV_ERR_PASSWORD;
    kurv_wipe(pt, n);
    return e;
}

kurv_err kurv_privkey_decode_pass(const kurv_curve **curve, uint8_t *priv, size_t *priv_len,
                                  const kurv_curve *const *list, size_t count,
                                  const uint8_t *in, size_t in_len,
                                  const uint8_t *pass, size_t pass_len)
{
    uint8_t der[KURV_KEYFILE_DER_IN_MAX];
    char label[KURV_PEM_LABEL_MAX + 1];
    size_t der_len = sizeof der, cap;
    kurv_err e;

    if (curve)
        *curve = NULL;
    if (!priv_len)
        return KURV_ERR_ARG;
    cap = *priv_len;
    if (!curve || !priv || !in || (!pass && pass_len)) {
        if (priv)
            kurv_wipe(priv, cap);
        return KURV_ERR_ARG;
    }
    if (in_len > 0 && in[0] == KURV_DER_SEQUENCE) {
        if (!kurv_keyfile_is_encrypted(in, in_len))
            return kurv_privkey_decode(curve, priv, priv_len, list, count, in, in_len);
        e = decrypt_epki(curve, priv, priv_len, list, count, in, in_len, pass, pass_len);
    } else {
        e = kurv_keyfile_pem_key(der, &der_len, label, in, in_len);
        if (e == KURV_OK && strcmp(label, KURV_LABEL_ENCRYPTED) != 0) {
            kurv_wipe(der, der_len);
            return kurv_privkey_decode(curve, priv, priv_len, list, count, in, in_len);
        }
        if (e == KURV_OK)
            e = decrypt_epki(curve, priv, priv_len, list, count, der, der_len, pass, pass_len);
        kurv_wipe(der, der_len);
    }
    if (e != KURV_OK) {
        kurv_wipe(priv, cap);
        *curve = NULL;
        if (e != KURV_ERR_BUFFER)
            *priv_len = 0;
    }
    return e;
}

/* ---- encoding ---- */

kurv_err kurv_privkey_encode_pass(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                  kurv_keyfmt fmt,
                                  const uint8_t *priv, size_t priv_len,
                                  const uint8_t *pass, size_t pass_len,
                                  unsigned long iter)
{
    uint8_t p8[KURV_MAX_KEYFILE_LEN];
    uint8_t buf[KURV_MAX_ENC_KEYFILE_LEN];
    size_t p8_len = sizeof p8, cap;
    kurv_derw w;
    kurv_err e;

    if (!out_len)
        return KURV_ERR_ARG;
    cap = *out_len;
    if (iter == 0)
        iter = KURV_PBKDF2_ITER_DEFAULT;
    if (!kurv_curve_ok(c) || !priv || (!pass && pass_len) || iter > KURV_PBKDF2_ITER_MAX ||
        (fmt != KURV_KEYFMT_DER && fmt != KURV_KEYFMT_PEM)) {
        e = KURV_ERR_ARG;
        goto out;
    }
    e = kurv_privkey_encode(c, p8, &p8_len, KURV_KEY_PKCS8, KURV_KEYFMT_DER, priv, priv_len);
    if (e != KURV_OK)
        goto out;
    kurv_derw_init(&w, buf, sizeof buf);
    e = kurv_pbes2_encrypt(&w, p8, p8_len, sizeof p8, pass, pass_len, iter);
    if (e != KURV_OK)
        goto out;
    if (!kurv_derw_ok(&w)) {
        e = KURV_ERR_ARG;   /* cannot happen: the buffer covers every curve */
        goto out;
    }
    if (fmt == KURV_KEYFMT_PEM) {
        e = kurv_pem_write(out, out_len, KURV_LABEL_ENCRYPTED, kurv_derw_data(&w), w.used);
    } else if (!out || cap < w.used) {
        *out_len = w.used;
        e = KURV_ERR_BUFFER;
    } else {
        memcpy(out, kurv_derw_data(&w), w.used);
        *out_len = w.used;
    }
out:
    kurv_wipe(p8, sizeof p8);
    kurv_wipe(buf, sizeof buf);
    if (e != KURV_OK && out)
        kurv_wipe(out, cap);
    return e;
}
