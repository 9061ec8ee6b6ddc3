/*
 * Harness fuzz_ecdsa: kurv_ecdsa_sig_from_der() and kurv_ecdsa_verify() (DER and raw r||s)
 * with the fixed key of each curve (fuzz.h). Input: curve byte; mode byte (bit 0: DER, else
 * raw; bit 1: KURV_ECDSA_VERIFY_LOW_S); digest length byte (1 + b mod 64); the digest; the
 * signature (the rest). Against OpenSSL's d2i_ECDSA_SIG and ECDSA_do_verify: the same
 * parse (r, s), the same verdict, and kurv's DER re-encoding equal to the input it accepted.
 * Documented choices: strict DER (kurv/ecdsa.h: BER forms, negative INTEGERs, trailing
 * bytes, r or s wider than scalar_len refused) and LOW_S (s > n/2 refused on request).
 */
#include "fuzz.h"

#include <string.h>
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/err.h>

static int ossl_verify(int i, const uint8_t *dg, size_t dl, const uint8_t *raw, size_t sl)
{
    ECDSA_SIG *s = ECDSA_SIG_new();
    BIGNUM *r = BN_bin2bn(raw, (int)sl, NULL), *ss = BN_bin2bn(raw + sl, (int)sl, NULL);
    int v = 0;
    if (s && r && ss && ECDSA_SIG_set0(s, r, ss)) {
        r = ss = NULL;
        v = ECDSA_do_verify(dg, (int)dl, s, fz_eckey(i));
    }
    BN_free(r);
    BN_free(ss);
    ECDSA_SIG_free(s);
    return v == 1;
}

/* s > n/2 */
static int high_s(const kurv_curve *c, const uint8_t *s, size_t sl)
{
    size_t nl;
    const uint8_t *n = kurv_curve_param(c, 'n', &nl);
    BIGNUM *bs = BN_bin2bn(s, (int)sl, NULL), *h = BN_bin2bn(n, (int)nl, NULL);
    int hi = bs && h && BN_rshift1(h, h) && BN_cmp(bs, h) > 0;
    BN_free(bs);
    BN_free(h);
    return hi;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i = fz_pick_curve(&data, &size), der, low_s;
    const kurv_curve *c;
    size_t sl, dl, pl, pcl, sig_len;
    const uint8_t *dg, *sig, *pub, *pubc;
    uint8_t raw[KURV_MAX_SIG_RAW_LEN];
    kurv_err e, e2;

    if (i < 0 || size < 2)
        return 0;
    c = fz_curves[i];
    sl = kurv_curve_scalar_len(c);
    der = data[0] & 1;
    low_s = (data[0] >> 1) & 1;
    dl = 1 + data[1] % 64;
    if (size < 2 + dl)
        return 0;
    dg = data + 2;
    sig = data + 2 + dl;
    sig_len = size - 2 - dl;
    pub = fz_pub(i, 0, &pl);
    pubc = fz_pub(i, 1, &pcl);

    if (der) {
        const unsigned char *p = sig;
        ECDSA_SIG *os = d2i_ECDSA_SIG(NULL, &p, (long)sig_len);
        size_t used = (size_t)(p - sig);
        const BIGNUM *r = NULL, *s = NULL;

        e = kurv_ecdsa_sig_from_der(c, raw, 2 * sl, sig, sig_len);
        if (os)
            ECDSA_SIG_get0(os, &r, &s);
        if (e == KURV_OK) {
            uint8_t or_[KURV_MAX_SIG_RAW_LEN], back[KURV_MAX_SIG_DER_LEN];
            size_t bl = sizeof back;
            if (!os || used != sig_len)
                fz_fail("kurv parses a DER signature OpenSSL refuses", e, 0);
            if (BN_bn2binpad(r, or_, (int)sl) != (int)sl || BN_bn2binpad(s, or_ + sl, (int)sl) != (int)sl ||
                    memcmp(raw, or_, 2 * sl))
                fz_fail("different r, s from DER", e, 0);
            if (kurv_ecdsa_sig_to_der(c, back, &bl, raw, 2 * sl) != KURV_OK || bl != sig_len ||
                    memcmp(back, sig, bl))
                fz_fail("an accepted DER signature does not re-encode to itself", e, (long)bl);
        } else if (os) {
            if (!(e == KURV_ERR_ENCODING &&
                  (fz_choice("no trailing bytes after the signature", used != sig_len) ||
                   fz_choice("strict DER: kurv refuses BER forms OpenSSL reads", !fz_der_strict(sig, sig_len)) ||
                   fz_choice("negative INTEGER", BN_is_negative(r) || BN_is_negative(s)) ||
                   fz_choice("r or s wider than scalar_len",
                             (size_t)BN_num_bytes(r) > sl || (size_t)BN_num_bytes(s) > sl))))
                fz_fail("OpenSSL parses a DER signature kurv refuses", e, 1);
        }
        ECDSA_SIG_free(os);
        ERR_clear_error();
        if (e != KURV_OK)
            return 0;
    } else {
        if (sig_len != 2 * sl) {
            e = kurv_ecdsa_verify(c, sig, sig_len, pub, pl, dg, dl, 0);
            if (e != KURV_ERR_SIGNATURE)
                fz_fail("a raw signature of the wrong length", e, (long)sig_len);
            return 0;
        }
        memcpy(raw, sig, 2 * sl);
    }

    e = kurv_ecdsa_verify(c, raw, 2 * sl, pub, pl, dg, dl, low_s ? KURV_ECDSA_VERIFY_LOW_S : 0);
    e2 = kurv_ecdsa_verify(c, raw, 2 * sl, pubc, pcl, dg, dl, low_s ? KURV_ECDSA_VERIFY_LOW_S : 0);
    if (e != e2)
        fz_fail("verdicts differ with the compressed public key", e, e2);
    if (e != KURV_OK && e != KURV_ERR_SIGNATURE)
        fz_fail("verify: an error other than KURV_ERR_SIGNATURE with a valid key", e, 0);
    if (fz_group(i)) {
        int ov = ossl_verify(i, dg, dl, raw, sl);
        if ((e == KURV_OK) != ov &&
                !fz_choice("KURV_ECDSA_VERIFY_LOW_S refuses s > n/2",
                           low_s && ov && e == KURV_ERR_SIGNATURE && high_s(c, raw + sl, sl)))
            fz_fail("ECDSA verdicts differ", e, ov);
        ERR_clear_error();
    }
    return 0;
}
