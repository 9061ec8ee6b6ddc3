/*
 * openssl/ecx.h: the internal interface of kurv.so's X25519 and Ed25519 part (issue 34),
 * built only with the kurv-25519 family (-Dfamilies=...,25519; KURV_HAVE_25519). Included by
 * the ecx_*.c files alone; provider.c and capabilities.c reach them through prov.h.
 *
 * Files and their jobs:
 *   ecx_lib.c      at load, dlopen() of libkurv-25519.so.0 and dlsym() of the <kurv/25519.h>
 *                  functions used here (kp_ecx_api); nothing of the family is linked
 *   ecx_key.c      the key object (kp_ecx): new, free, dup, has, match, validate, load, and
 *                  the setting of a private or public key
 *   ecx_keymgmt.c  KEYMGMT "X25519" and "ED25519": import/export, get/set params, dispatch
 *   ecx_gen.c      their key generation
 *   ecx_signature.c SIGNATURE "ED25519": one-shot digest-sign/verify, AlgorithmIdentifier
 *   ecx_keyexch.c  KEYEXCH "X25519": derive
 *   ecx_decoder.c  DECODERs: RFC 8410 PrivateKeyInfo and SubjectPublicKeyInfo (DER)
 *   ecx_encoder.c  ENCODERs: the same structures, DER and PEM
 * Sizes: every key is 32 bytes (RFC 7748 5, RFC 8032 5.1.5), an Ed25519 signature 64.
 */
#ifndef KURV_PROV_ECX_H
#define KURV_PROV_ECX_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/25519.h>
#include "prov.h"

/* The functions of libkurv-25519 the provider calls, resolved by dlsym (contracts in
 * <kurv/25519.h>). */
typedef struct kp_ecx_api {
    kurv_err (*x25519)(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[32]);
    kurv_err (*x25519_public_key)(uint8_t pub[32], const uint8_t priv[32]);
    kurv_err (*x25519_keygen)(uint8_t priv[32], uint8_t pub[32]);
    kurv_err (*ed25519_keygen)(uint8_t seed[32], uint8_t pub[32]);
    kurv_err (*ed25519_keypair)(uint8_t keypair[96], const uint8_t seed[32]);
    kurv_err (*ed25519_sign_keypair)(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                     const uint8_t keypair[96]);
    kurv_err (*ed25519_verify)(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                               const uint8_t pub[32]);
    kurv_err (*privkey_encode)(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                               kurv_keyfmt fmt, const uint8_t key[32]);
    kurv_err (*privkey_encode_pass)(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                                    kurv_keyfmt fmt, const uint8_t key[32],
                                    const uint8_t *pass, size_t pass_len, unsigned long iter);
    kurv_err (*privkey_decode)(kurv_25519_alg *alg, uint8_t key[32], const uint8_t *in,
                               size_t in_len);
    kurv_err (*pubkey_encode)(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                              kurv_keyfmt fmt, const uint8_t pub[32]);
    kurv_err (*pubkey_decode)(kurv_25519_alg *alg, uint8_t pub[32], const uint8_t *in,
                              size_t in_len);
} kp_ecx_api;

/* ecx_lib.c */
/* kp_ecx_fns() - the resolved functions; NULL while libkurv-25519 is not loaded (kp_ecx_load). */
const kp_ecx_api *kp_ecx_fns(void);

/* ecx_key.c: an X25519 or Ed25519 key. */
typedef struct kp_ecx {
    kp_provctx *pc;        /* the provider instance that made it */
    kurv_25519_alg alg;    /* KURV_25519_X25519 or KURV_25519_ED25519 */
    int has_priv, has_pub;
    uint8_t priv[32];      /* the X25519 private key or the Ed25519 seed (wiped on free) */
    uint8_t pub[32];       /* the u-coordinate or the encoded point A */
    uint8_t keypair[96];   /* Ed25519 only, with priv: kurv_ed25519_keypair() (wiped) */
} kp_ecx;
/* kp_ecx_name() - OpenSSL's algorithm name of @alg, the trace's too: "X25519", "ED25519". */
const char *kp_ecx_name(kurv_25519_alg alg);
/* kp_ecx_new() - an empty key of @alg for @pc; NULL (error raised) when memory runs out. */
kp_ecx *kp_ecx_new(kp_provctx *pc, kurv_25519_alg alg);
/* kp_ecx_free() - wipe and free @k (NULL: nothing). */
void kp_ecx_free(kp_ecx *k);
/* kp_ecx_set_priv() - @k's private key := the 32 bytes @priv, its public key computed
 * (X25519(priv, 9) or [s]B) and, for Ed25519, its key pair. Return: 1; 0 (error raised)
 * when the library is not loaded or refuses. */
int kp_ecx_set_priv(kp_ecx *k, const uint8_t priv[32]);
/* kp_ecx_set_pub() - @k's public key := the 32 bytes @pub (any bytes, as OpenSSL takes
 * them; an Ed25519 point that does not decode fails at verification). Return: 1. */
int kp_ecx_set_pub(kp_ecx *k, const uint8_t pub[32]);
/* the keymgmt functions of the key object, shared by both algorithms (contracts there) */
OSSL_FUNC_keymgmt_free_fn kp_ecx_km_free;
OSSL_FUNC_keymgmt_has_fn kp_ecx_km_has;
OSSL_FUNC_keymgmt_match_fn kp_ecx_km_match;
OSSL_FUNC_keymgmt_dup_fn kp_ecx_km_dup;
OSSL_FUNC_keymgmt_validate_fn kp_ecx_km_validate;
OSSL_FUNC_keymgmt_load_fn kp_ecx_km_load;

/* ecx_gen.c: generation (contracts there); gen_init per algorithm. */
OSSL_FUNC_keymgmt_gen_init_fn kp_x25519_gen_init;
OSSL_FUNC_keymgmt_gen_init_fn kp_ed25519_gen_init;
OSSL_FUNC_keymgmt_gen_set_params_fn kp_ecx_gen_set_params;
OSSL_FUNC_keymgmt_gen_settable_params_fn kp_ecx_gen_settable_params;
OSSL_FUNC_keymgmt_gen_fn kp_ecx_gen;
OSSL_FUNC_keymgmt_gen_cleanup_fn kp_ecx_gen_cleanup;

#endif
