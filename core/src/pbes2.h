/*
 * kurv internal: PBES2 password encryption of a PKCS#8 PrivateKeyInfo, whatever the key
 * inside (hidden symbols): the EncryptedPrivateKeyInfo of RFC 5958 3 with PBKDF2 and
 * AES-CBC (RFC 8018 5.2, 6.2; RFC 3565 4.1), as <kurv/keyfile.h> describes it for EC keys
 * (kurv_privkey_encode_pass(), kurv_privkey_decode_pass(), in keyfile_pass.c). kurv-25519's
 * key files use it too (its shared library compiles this file in).
 */
#ifndef KURV_PBES2_H
#define KURV_PBES2_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/err.h>
#include "asn1.h"

/* Decrypt the EncryptedPrivateKeyInfo @in (@in_len bytes of DER) with the password @pass
 * (@pass_len bytes; NULL when 0): the plaintext, padding removed, into @pt (room for
 * KURV_KEYFILE_DER_IN_MAX bytes), *@pt_len its length. What is read: as
 * kurv_privkey_decode_pass() says (PBES2, PBKDF2 with HMAC-SHA-1/224/256/384/512,
 * AES-128/192/256-CBC, counts up to KURV_PBKDF2_ITER_MAX).
 * Return: KURV_OK; KURV_ERR_ENCODING (malformed, an encryptedData that is empty, not whole
 * blocks or over KURV_KEYFILE_DER_IN_MAX); KURV_ERR_UNSUPPORTED (another scheme, KDF,
 * cipher or PRF, a salt from otherSource, too many iterations); KURV_ERR_PASSWORD (bad
 * padding: a wrong password or altered data; checked in constant time). On error @pt holds
 * nothing (wiped) and *@pt_len is 0. The caller wipes the plaintext after use. */
kurv_err kurv_pbes2_decrypt(uint8_t *pt, size_t *pt_len, const uint8_t *in, size_t in_len,
                            const uint8_t *pass, size_t pass_len);

/* Encrypt the PrivateKeyInfo @p8 (@p8_len bytes of DER, in a buffer of @p8_cap bytes, at
 * least (@p8_len / 16 + 1) * 16: it is padded and encrypted in place, so no longer holds
 * the key) and prepend the EncryptedPrivateKeyInfo to @w: PBES2 with PBKDF2-HMAC-SHA-256 of
 * @iter iterations (1..KURV_PBKDF2_ITER_MAX, checked by the caller), a fresh 16-byte salt
 * and AES-256-CBC with a fresh IV, in the DER layout `openssl genpkey -aes256` writes.
 * Return: KURV_OK; KURV_ERR_ARG (@p8_cap too small); KURV_ERR_RNG. The derived key and
 * the AES context are wiped. */
kurv_err kurv_pbes2_encrypt(kurv_derw *w, uint8_t *p8, size_t p8_len, size_t p8_cap,
                            const uint8_t *pass, size_t pass_len, unsigned long iter);

#endif
