/*
 * openssl/ecx_decoder.c: DECODERs "X25519:1.3.101.110" and "ED25519:1.3.101.112"
 * (provider-decoder(7), provider-object(7), OpenSSL 3.0): RFC 8410 key files from DER into
 * kurv's X25519 and Ed25519 keys, by kurv's own parsers (kurv_25519_privkey_decode,
 * kurv_25519_pubkey_decode: strict DER, the algorithm by OID, parameters absent), as
 * decoder.c does for EC keys.
 * What: four decoders, each with the property "provider=kurv,input=der,structure=S":
 *   S = PrivateKeyInfo        RFC 8410 7 (PKCS#8 v1, or v2 whose publicKey must match);
 *                             selection: private key
 *   S = SubjectPublicKeyInfo  RFC 8410 4; selection: public key
 * for each algorithm. PEM and encrypted PKCS#8 are turned into this DER by OpenSSL's own
 * decoders earlier in the chain (pem2der, EncryptedPrivateKeyInfo to PrivateKeyInfo).
 * Inputs: the DER from the core's BIO (kp_dec_read_all, decoder.c; at most 1 KiB here), the
 * caller's selection. Outputs: a kurv key (kp_ecx, the public key computed from the private
 * one) handed to @data_cb as an OSSL_OBJECT_PKEY of data type "X25519" or "ED25519" by
 * reference (a pointer to the key pointer), which kurv's keymgmt takes by its load
 * (kp_ecx_km_load); a key left after the callback is freed. Trace "decode <alg>".
 * Errors: input that is not such a key of the decoder's algorithm is not decoded: 1 with no
 * object and no error, so that other decoders go on. Returns 0 only when the callback does.
 * The input buffer (a private key) is wiped.
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <kurv/util.h>
#include "ecx.h"

#define IN_MAX 1024

static OSSL_FUNC_decoder_newctx_fn dec_newctx;
static OSSL_FUNC_decoder_freectx_fn dec_freectx;
static OSSL_FUNC_decoder_decode_fn dec_x_pki, dec_x_spki, dec_ed_pki, dec_ed_spki;

/* dec_newctx() - the decoder's context is the provider's. */
static void *dec_newctx(void *provctx) { return provctx; }
/* dec_freectx() - nothing to free (the context is the provider's). */
static void dec_freectx(void *ctx) { (void)ctx; }

/* decode() - the decoders' work: @alg's PrivateKeyInfo (@priv) or SubjectPublicKeyInfo
 * (contract at the top). */
static int decode(kp_provctx *pc, kurv_25519_alg alg, int priv, OSSL_CORE_BIO *cin,
                  int selection, OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    const kp_ecx_api *x = kp_ecx_fns();
    uint8_t buf[IN_MAX], key[32];
    kurv_25519_alg got = alg;
    kp_ecx *k = NULL;
    int ret = 1;
    size_t len = kp_dec_read_all(pc, cin, buf, sizeof buf);
    int check = priv ? kp_sel_priv(pc, selection) : kp_sel_pub(pc, selection);
    if (x == NULL || len == 0 || !check)
        goto done;
    kurv_err e = priv ? x->privkey_decode(&got, key, buf, len)
                      : x->pubkey_decode(&got, key, buf, len);
    if (e != KURV_OK || got != alg || (k = kp_ecx_new(pc, alg)) == NULL)
        goto done;
    if (!(priv ? kp_ecx_set_priv(k, key) : kp_ecx_set_pub(k, key)))
        goto done;
    kp_log_line("decode", kp_ecx_name(alg), NULL);
    ret = kp_dec_hand_over(kp_ecx_name(alg), &k, sizeof k, data_cb, data_cbarg);
done:
    kp_ecx_free(k);   /* NULL once kp_ecx_km_load took it */
    kurv_wipe(key, sizeof key);
    kurv_wipe(buf, sizeof buf);
    return ret;
}

/* the four decoders' OSSL_FUNC_decoder_decode; the passphrase callback is unused */
#define KP_ECX_DECODE(fn, alg, priv)                                                      \
    static int fn(void *ctx, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *data_cb,    \
                  void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)      \
    {                                                                                     \
        (void)pw_cb, (void)pw_cbarg;                                                      \
        return decode(ctx, alg, priv, in, selection, data_cb, data_cbarg);                \
    }
KP_ECX_DECODE(dec_x_pki, KURV_25519_X25519, 1)
KP_ECX_DECODE(dec_x_spki, KURV_25519_X25519, 0)
KP_ECX_DECODE(dec_ed_pki, KURV_25519_ED25519, 1)
KP_ECX_DECODE(dec_ed_spki, KURV_25519_ED25519, 0)

static const OSSL_DISPATCH x_pki[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_priv, dec_x_pki);
static const OSSL_DISPATCH x_spki[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_pub, dec_x_spki);
static const OSSL_DISPATCH ed_pki[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_priv, dec_ed_pki);
static const OSSL_DISPATCH ed_spki[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_pub, dec_ed_spki);

#define KP_X "X25519:1.3.101.110"
#define KP_ED "ED25519:1.3.101.112"
const OSSL_ALGORITHM kp_ecx_decoder_algs[] = {
    {KP_X, "provider=kurv,input=der,structure=PrivateKeyInfo", x_pki,
     "X25519 PrivateKeyInfo (RFC 8410, kurv)"},
    {KP_X, "provider=kurv,input=der,structure=SubjectPublicKeyInfo", x_spki,
     "X25519 SubjectPublicKeyInfo (RFC 8410, kurv)"},
    {KP_ED, "provider=kurv,input=der,structure=PrivateKeyInfo", ed_pki,
     "Ed25519 PrivateKeyInfo (RFC 8410, kurv)"},
    {KP_ED, "provider=kurv,input=der,structure=SubjectPublicKeyInfo", ed_spki,
     "Ed25519 SubjectPublicKeyInfo (RFC 8410, kurv)"},
    {NULL, NULL, NULL, NULL}
};
