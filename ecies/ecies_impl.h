/*
 * kurv internal: the ECIES components (KDF, DEM cipher, MAC), shared by the files of
 * ecies/ inside libkurv (hidden symbols). The parameters are validated by
 * kurv_ecies_params_check() before any of these is called.
 */
#ifndef KURV_ECIES_IMPL_H
#define KURV_ECIES_IMPL_H

#include <kurv/ecies.h>

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

#endif
