/*
 * kurv internal: what the key-file readers share between keyfile.c (plain keys) and
 * keyfile_pass.c (password-encrypted PKCS#8) (hidden symbols). All are defined in
 * keyfile.c: keyfile_pass.c calls keyfile.c, never the other way.
 */
#ifndef KURV_KEYFILE_IMPL_H
#define KURV_KEYFILE_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/keyfile.h>
#include "asn1.h"

/* Largest DER kurv reads out of a PEM file: room for explicit parameters (so they are
 * reported as unsupported) and PKCS#8 attributes; more gives KURV_ERR_ENCODING. Also the
 * largest encryptedData kurv decrypts. */
#define KURV_KEYFILE_DER_IN_MAX 4096

/* The PEM label of an EncryptedPrivateKeyInfo (RFC 7468 11). */
#define KURV_LABEL_ENCRYPTED "ENCRYPTED PRIVATE KEY"

/* The kind argument of kurv_keyfile_priv_der(): KURV_KEY_SEC1, KURV_KEY_PKCS8, or this. */
enum { KURV_KEYFILE_KIND_ANY = -1 };

/* The DER of an ECPrivateKey (@kind KURV_KEY_SEC1), a PrivateKeyInfo (KURV_KEY_PKCS8), or
 * either (KURV_KEYFILE_KIND_ANY). Outputs and errors as kurv_privkey_decode(), but @priv is
 * not wiped on error (the caller does it) and an EncryptedPrivateKeyInfo gives
 * KURV_ERR_ENCRYPTED. */
kurv_err kurv_keyfile_priv_der(const kurv_curve **curve, uint8_t *priv, size_t *priv_len,
                               int kind, const kurv_curve *const *list, size_t count,
                               const uint8_t *in, size_t in_len);

/* The key block of a PEM file into @der (*@der_len: capacity in, bytes out) and its label
 * (KURV_PEM_LABEL_MAX + 1 bytes). Leading "EC PARAMETERS" blocks are skipped; only blank
 * space may follow the key. Return: as kurv_pem_read(), and KURV_ERR_ENCODING for data
 * after the block. */
kurv_err kurv_keyfile_pem_key(uint8_t *der, size_t *der_len, char *label,
                              const uint8_t *in, size_t in_len);

/* Nonzero if @in is shaped as an EncryptedPrivateKeyInfo (RFC 5958 3): SEQUENCE {
 * SEQUENCE { OID, ... }, OCTET STRING }, nothing after. Says nothing of the scheme. */
int kurv_keyfile_is_encrypted(const uint8_t *in, size_t in_len);

#endif
