/*
 * kurv internal: the ECIES components (KDF, DEM cipher, MAC), shared by the files of
 * ecies/ inside libkurv (hidden symbols). The parameters are validated by
 * kurv_ecies_params_check() before any of these is called.
 */
#ifndef KURV_ECIES_IMPL_H
#define KURV_ECIES_IMPL_H

#include <kurv/ecies.h>
#include <nettle/gcm.h>
#include <nettle/nettle-types.h>
#include <nettle/sha2.h>
#include "aes_any.h"

/* Largest key material: 32 bytes of AES key (or 64 of a custom cipher) + 64 of MAC key. */
#define KURV_ECIES_MAX_KEYS 128
/* Largest KDF input: V uncompressed (133) || Z (66). */
#define KURV_ECIES_MAX_SECRET (KURV_MAX_POINT_LEN + KURV_MAX_FIELD_LEN)
/* Largest tag. */
#define KURV_ECIES_MAX_TAG 64

/* The default parameters (bc-aes128-cbc). */
extern const kurv_ecies_params kurv_ecies_default_params;

/* Bytes of cipher key / MAC key / MAC tag of a configuration (0 for no MAC). */
size_t kurv_ecies_cipher_key_len(const kurv_ecies_params *p);
size_t kurv_ecies_mac_key_len(const kurv_ecies_params *p);
size_t kurv_ecies_tag_len(const kurv_ecies_params *p);

/* |C| for a plaintext of pt_len bytes; 0 with *ok = 0 on overflow. */
size_t kurv_ecies_body_len(const kurv_ecies_params *p, size_t pt_len, int *ok);
/* The largest plaintext a C of c_len bytes holds (0 if none). */
size_t kurv_ecies_body_pt_max(const kurv_ecies_params *p, size_t c_len);

/* out_len bytes of keying data from secret and p's SharedInfo1 (KDF1, KDF2, HKDF, custom). */
kurv_err kurv_ecies_kdf_run(const kurv_ecies_params *p, uint8_t *out, size_t out_len,
                            const uint8_t *secret, size_t secret_len);

/* C = E(key, pt) into ct (kurv_ecies_body_len() bytes; ct and pt must not overlap). */
kurv_err kurv_ecies_dem_encrypt(const kurv_ecies_params *p, uint8_t *ct, const uint8_t *key,
                                const uint8_t *pt, size_t pt_len);
/* M = D(key, ct) into pt (capacity kurv_ecies_body_pt_max(ct_len)); *pt_len = |M|.
 * KURV_ERR_DECRYPT for any refusal (length, padding, GCM tag); pt zeroed then. */
kurv_err kurv_ecies_dem_decrypt(const kurv_ecies_params *p, uint8_t *pt, size_t *pt_len,
                                const uint8_t *key, const uint8_t *ct, size_t ct_len);

/* tag (kurv_ecies_tag_len() bytes) = MAC(key, C || SharedInfo2 [|| L2]). */
kurv_err kurv_ecies_mac_run(const kurv_ecies_params *p, uint8_t *tag, const uint8_t *key,
                            const uint8_t *ct, size_t ct_len);

/* The IV of the configuration into iv (len bytes: p->iv, or zeros). */
void kurv_ecies_iv(const kurv_ecies_params *p, uint8_t *iv, size_t len);
/* AES-GCM keyed with key, the nonce set (12 bytes, zeros by default) and SharedInfo2 fed
 * as AAD; iv is 12 bytes of scratch. Return: the AES block function. */
nettle_cipher_func *kurv_ecies_gcm_start(const kurv_ecies_params *p, union kurv_aes_any *aes,
                                         struct gcm_key *gk, struct gcm_ctx *gc,
                                         const uint8_t *key, uint8_t *iv);
/* The PKCS#7 check of the last decrypted CBC block, in constant time: its message bytes
 * into out (15 bytes written, masked), *n = their count. KURV_ERR_DECRYPT (out wiped) if
 * the padding is bad. */
kurv_err kurv_ecies_cbc_unpad(uint8_t *out, size_t *n, const uint8_t last[16]);

/* The built-in HMAC (KURV_ECIES_HMAC) as a stream: start with the MAC key, update with C,
 * finish appends SharedInfo2 (and L2 unless KURV_ECIES_NO_LENGTH_TAG), writes the
 * kurv_ecies_tag_len() bytes of tag and wipes the state. */
struct kurv_ecies_hmac {
    struct sha512_ctx outer, inner, state;
};
void kurv_ecies_hmac_start(const kurv_ecies_params *p, struct kurv_ecies_hmac *m,
                           const uint8_t *key);
void kurv_ecies_hmac_update(const kurv_ecies_params *p, struct kurv_ecies_hmac *m,
                            const uint8_t *data, size_t len);
void kurv_ecies_hmac_finish(const kurv_ecies_params *p, struct kurv_ecies_hmac *m, uint8_t *tag);

/* The key encapsulation of encryption: validate pub, take r (eph, or a fresh one when eph
 * is NULL), write V = r*G (|V| = kurv_curve_point_len(c, compressed) bytes) and the keying
 * data k (cipher key, then MAC key). Errors as kurv_ecies_encrypt_ephemeral(). */
kurv_err kurv_ecies_kem_encrypt(const kurv_curve *c, const kurv_ecies_params *p,
                                const uint8_t *pub, size_t pub_len,
                                const uint8_t *eph, size_t eph_len, uint8_t *v, uint8_t *k);
/* The key decapsulation: V from the start of ct (*vlen gets |V|), Z = x(d*V), the keying
 * data k. d must have been checked. Any failure is KURV_ERR_DECRYPT (k wiped). */
kurv_err kurv_ecies_kem_decrypt(const kurv_curve *c, const kurv_ecies_params *p,
                                const uint8_t *priv, const uint8_t *ct, size_t ct_len,
                                size_t *vlen, uint8_t *k);

#endif
