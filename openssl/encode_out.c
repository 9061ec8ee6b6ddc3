/*
 * openssl/encode_out.c: what kurv's encoders (encoder.c: DER, PEM and the point;
 * encoder_text.c: text) share to put their output where OpenSSL asked for it: the bytes
 * written to the core's BIO, the trace line, and the hand-off of a declined key to the
 * default provider's encoders (provider-encoder(7), OpenSSL 3.0).
 *
 * Inputs: the provider instance (its core BIO_write_ex and its child library context,
 * delegate.c), the caller's core BIO, a kurv key (kp_key). Outputs: bytes on that BIO, one
 * trace line "encode <curve> <structure>[ (default)]" per key written. Errors: 0 (with an
 * error raised where kurv knows the reason) for a write error, no core BIO_write_ex, no
 * child library context, or a default provider that is absent or refuses the key; never a
 * partial success reported as one. Secrets: the default provider's output is wiped
 * (OPENSSL_clear_free) before it is freed; the key made in the default provider is freed
 * (its keymgmt clears the scalar).
 */
#include <stdio.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/encoder.h>
#include <openssl/evp.h>
#include <openssl/proverr.h>
#include "prov.h"

/* kp_enc_put() - contract in prov.h. */
int kp_enc_put(const kp_provctx *pc, OSSL_CORE_BIO *out, const void *b, size_t n)
{
    size_t done = 0, w = 0;
    if (pc == NULL || pc->bio_write_ex == NULL)
        return 0;
    while (done < n) {
        if (!pc->bio_write_ex(out, (const uint8_t *)b + done, n - done, &w) || w == 0)
            return 0;
        done += w;
    }
    return 1;
}

/* kp_enc_trace() - contract in prov.h. */
void kp_enc_trace(const char *curve, const char *structure, int dflt)
{
    char suffix[64];
    if (!kp_log_enabled())
        return;
    snprintf(suffix, sizeof suffix, " %s%s", structure, dflt ? " (default)" : "");
    kp_log_line("encode", curve, suffix);
}

/* The default provider's key made from a kurv key's export (fromdata's callback state). */
struct dflt_key {
    OSSL_LIB_CTX *lib;
    EVP_PKEY *pkey;
};

/* fromdata() - kp_key_export's callback: @params into a key of the default provider in
 * @arg's library context. Return: 1; 0 when OpenSSL refuses them. */
static int fromdata(const OSSL_PARAM params[], void *arg)
{
    struct dflt_key *d = arg;
    EVP_PKEY_CTX *pctx = EVP_PKEY_CTX_new_from_name(d->lib, "EC", "provider=default");
    int ok = pctx != NULL && EVP_PKEY_fromdata_init(pctx) > 0
             && EVP_PKEY_fromdata(pctx, &d->pkey, EVP_PKEY_KEYPAIR, (OSSL_PARAM *)params) > 0;
    EVP_PKEY_CTX_free(pctx);
    return ok;
}

/* kp_enc_default() - contract in prov.h. */
int kp_enc_default(kp_provctx *pc, OSSL_CORE_BIO *out, const kp_key *k, int selection,
                   const kp_enc_how *how, OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    struct dflt_key d = { kp_dlg_libctx(pc), NULL };
    OSSL_ENCODER_CTX *e = NULL;
    unsigned char *data = NULL;
    size_t len = 0;
    int ok = 0;
    char name[64];
    if (d.lib == NULL) {
        kp_err(PROV_R_NOT_SUPPORTED, "encode: no library context to reach the default provider");
        return 0;
    }
    if (!kp_key_export(k, OSSL_KEYMGMT_SELECT_ALL, fromdata, &d) || d.pkey == NULL)
        goto done;
    e = OSSL_ENCODER_CTX_new_for_pkey(d.pkey, selection, how->output, how->structure,
                                      "provider=default");
    if (e == NULL || OSSL_ENCODER_CTX_get_num_encoders(e) == 0
        || (how->cipher != NULL && !OSSL_ENCODER_CTX_set_cipher(e, how->cipher, how->props))
        || (cb != NULL && !OSSL_ENCODER_CTX_set_passphrase_cb(e, cb, cbarg))
        || !OSSL_ENCODER_to_data(e, &data, &len) || !kp_enc_put(pc, out, data, len))
        goto done;
    ok = 1;
    if (k->dk != NULL)
        kp_dlg_name(k->df, k->dk, name, sizeof name);
    else
        snprintf(name, sizeof name, "%s", k->curve->name);
    kp_enc_trace(name, how->traced, 1);
done:
    OPENSSL_clear_free(data, len);
    OSSL_ENCODER_CTX_free(e);
    EVP_PKEY_free(d.pkey);
    return ok;
}
