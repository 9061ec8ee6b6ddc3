/* kurv: key files that OpenSSL reads and writes (SEC1 ECPrivateKey, PKCS#8, SubjectPublicKeyInfo). */
#ifndef KURV_KEYFILE_H
#define KURV_KEYFILE_H

#include <kurv/curve.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kurv_keyfmt {
    KURV_KEYFMT_DER = 0,  /* binary DER */
    KURV_KEYFMT_PEM = 1   /* RFC 7468 text: "EC PRIVATE KEY", "PRIVATE KEY" or "PUBLIC KEY" */
} kurv_keyfmt;

typedef enum kurv_keytype {
    KURV_KEY_SEC1 = 0,   /* ECPrivateKey, RFC 5915 (OpenSSL "traditional" EC key) */
    KURV_KEY_PKCS8 = 1   /* PrivateKeyInfo, RFC 5208 / RFC 5958, algorithm id-ecPublicKey */
} kurv_keytype;

/* Upper bound of any encoded key kurv writes, DER or PEM (P-521 PKCS#8 in PEM is ~390). */
#define KURV_MAX_KEYFILE_LEN 1024

/**
 * kurv_privkey_encode() - write a private key as SEC1 ECPrivateKey or PKCS#8, DER or PEM.
 * The encoding names the curve by OID (namedCurve) and includes the uncompressed public key,
 * byte for byte as `openssl ec` (SEC1) and `openssl pkey` / `openssl pkcs8 -topk8 -nocrypt`
 * (PKCS#8 v1, the inner ECPrivateKey without [0]) write it. PEM has 64-column lines.
 * @out:      out (may be NULL to ask for the size); @out_len: capacity in, bytes written out
 *            (PEM ends with "\n", no NUL).
 * @type:     KURV_KEY_SEC1 or KURV_KEY_PKCS8.
 * @fmt:      KURV_KEYFMT_DER or KURV_KEYFMT_PEM.
 * @priv:     d, kurv_curve_scalar_len(c) bytes, big-endian.
 * Return: KURV_OK; KURV_ERR_ARG; KURV_ERR_PRIVKEY; KURV_ERR_BUFFER (*@out_len set to the need).
 *         @out is zeroed on error. Temporary copies of the key are wiped.
 * Spec: RFC 5915 3; RFC 5208 5; RFC 5480 2.1.1; RFC 7468 10, 11, 13.
 */
KURV_API kurv_err kurv_privkey_encode(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                      kurv_keytype type, kurv_keyfmt fmt,
                                      const uint8_t *priv, size_t priv_len);

/**
 * kurv_privkey_decode() - read a private key in any of the four forms (SEC1 or PKCS#8, DER or PEM;
 * detected from the content), finding its curve by OID in @list.
 * DER is read strictly (definite minimal lengths, no trailing bytes). Input starting with
 * 0x30 is DER, anything else PEM: text before the BEGIN line, CRLF line ends and trailing
 * blank space are accepted; "EC PARAMETERS" blocks before the key are skipped (as
 * `openssl ecparam -genkey` writes them); the label must be "EC PRIVATE KEY" (SEC1) or
 * "PRIVATE KEY" (PKCS#8) and match the content. PKCS#8 v1 (RFC 5208) and v2 (RFC 5958, with
 * an optional publicKey) are read. d may be encoded shorter than the scalar length (it is
 * left-padded), not longer. The SEC1 [0] curve must be present outside PKCS#8 and, inside,
 * agree with the AlgorithmIdentifier. A public key in the file must equal d*G, in the
 * same form.
 * @curve:    out, the matching descriptor from @list (NULL on error).
 * @priv:     out, d as kurv_curve_scalar_len(*curve) bytes; @priv_len: capacity in, bytes out
 *            (0 on error, except KURV_ERR_BUFFER: the scalar length).
 * @list:     @count candidate curves.
 * @in:       the file's bytes, @in_len of them.
 * Return: KURV_OK; KURV_ERR_ARG (a NULL pointer); KURV_ERR_ENCODING (malformed DER/PEM/base64,
 *         trailing data, bad version, missing curve, END label mismatch, PEM headers);
 *         KURV_ERR_UNSUPPORTED (explicit curve parameters or implicitCurve, not an EC key,
 *         "Proc-Type: 4,ENCRYPTED" PEM, another PEM label);
 *         KURV_ERR_ENCRYPTED (an EncryptedPrivateKeyInfo, DER or PEM "ENCRYPTED PRIVATE
 *         KEY": kurv_privkey_decode_pass() reads it);
 *         KURV_ERR_CURVE (an OID not in @list, or disagreeing curves);
 *         KURV_ERR_PRIVKEY (d = 0, d >= n, longer than the scalar length);
 *         KURV_ERR_POINT (an embedded public key that is invalid or does not match d);
 *         KURV_ERR_BUFFER. @priv is zeroed on error; temporary copies of d are wiped.
 * Spec: RFC 5915 3; RFC 5208 5; RFC 5958 2; RFC 5480 2.1.1; RFC 7468 2, 3, 10, 11; X.690 10.1.
 */
KURV_API kurv_err kurv_privkey_decode(const kurv_curve **curve, uint8_t *priv, size_t *priv_len,
                                      const kurv_curve *const *list, size_t count,
                                      const uint8_t *in, size_t in_len);

/*
 * Password-encrypted private keys: PKCS#8 EncryptedPrivateKeyInfo (RFC 5958 3) with PBES2
 * (RFC 8018 6.2): PBKDF2 (RFC 8018 5.2) and AES-CBC (RFC 3565 / NIST SP 800-38A, PKCS#7
 * padding), as `openssl genpkey -aes256` and `openssl pkcs8 -topk8 -v2 ...` write them.
 */

/* PBKDF2 iterations kurv_privkey_encode_pass() uses when given 0: 100000 with HMAC-SHA-256,
 * about 49 times OpenSSL 3's 2048 (PKCS5_DEFAULT_ITER) and far above NIST SP 800-132's
 * minimum of 1000; about 0.2 s of one core with Nettle, paid on each write and each read
 * of the key. (OWASP's 600000 for PBKDF2-HMAC-SHA256 would cost over a second per read
 * on a 2020s x86-64 core; a caller wanting it passes it.) */
#define KURV_PBKDF2_ITER_DEFAULT 100000u
/* The largest iteration count kurv writes or reads (a file asking for more is refused with
 * KURV_ERR_UNSUPPORTED, so a crafted file cannot hold the reader for hours). */
#define KURV_PBKDF2_ITER_MAX 10000000u
/* Upper bound of an encrypted key kurv writes, DER or PEM (P-521 in PEM is ~560). */
#define KURV_MAX_ENC_KEYFILE_LEN 1024

/**
 * kurv_privkey_encode_pass() - write a private key as a password-encrypted PKCS#8 file.
 * The inner PrivateKeyInfo is kurv_privkey_encode()'s (KURV_KEY_PKCS8). It is encrypted
 * with PBES2: PBKDF2 with hmacWithSHA256, a fresh 16-byte random salt and @iter iterations,
 * deriving a 32-byte key for AES-256-CBC with a fresh random 16-byte IV and PKCS#7 padding;
 * the same scheme as `openssl genpkey -aes256` (OpenSSL 3) writes, with its DER layout
 * (PBKDF2-params without keyLength; prf with NULL parameters). PEM label
 * "ENCRYPTED PRIVATE KEY", 64-column lines.
 * @out:      out (may be NULL to ask for the size); @out_len: capacity in, bytes written out.
 * @fmt:      KURV_KEYFMT_DER or KURV_KEYFMT_PEM.
 * @priv:     d, kurv_curve_scalar_len(c) bytes.
 * @pass:     the password, @pass_len bytes (any bytes; may be NULL when @pass_len is 0).
 * @iter:     PBKDF2 iteration count, 1..KURV_PBKDF2_ITER_MAX; 0 means KURV_PBKDF2_ITER_DEFAULT.
 * Return: KURV_OK; KURV_ERR_ARG (NULL pointers, bad @fmt, @iter too large);
 *         KURV_ERR_PRIVKEY; KURV_ERR_UNSUPPORTED (a run-time curve, which has no OID);
 *         KURV_ERR_RNG; KURV_ERR_BUFFER (*@out_len set to the need; the size depends only on
 *         the curve, @fmt and @iter). @out is zeroed on error. The derived key, the
 *         plaintext PKCS#8 and every copy of the key are wiped; the password is not copied.
 * Spec: RFC 5958 3; RFC 8018 5.2, 6.2, A.2, A.4, B.1.2 (hmacWithSHA256); RFC 3565 4.1
 *       (AES-CBC OIDs); RFC 7468 11.
 */
KURV_API kurv_err kurv_privkey_encode_pass(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                           kurv_keyfmt fmt,
                                           const uint8_t *priv, size_t priv_len,
                                           const uint8_t *pass, size_t pass_len,
                                           unsigned long iter);

/**
 * kurv_privkey_decode_pass() - read a private key that may be password-encrypted.
 * An EncryptedPrivateKeyInfo (DER, or PEM "ENCRYPTED PRIVATE KEY") is decrypted with @pass
 * and its PrivateKeyInfo read as by kurv_privkey_decode(); any other input is read by
 * kurv_privkey_decode() itself (@pass unused), as `openssl pkey -passin` does.
 * Read: PBES2 with PBKDF2 (salt given as an OCTET STRING; iterationCount
 * 1..KURV_PBKDF2_ITER_MAX; keyLength, if present, equal to the cipher's) with PRF
 * hmacWithSHA1 (the default when absent), hmacWithSHA224, -SHA256, -SHA384 or -SHA512,
 * and AES-128-CBC, AES-192-CBC or AES-256-CBC with a 16-byte IV.
 * @curve, @priv, @priv_len, @list, @count, @in, @in_len: as kurv_privkey_decode().
 * @pass:     the password, @pass_len bytes (may be NULL when @pass_len is 0).
 * Return: KURV_OK; KURV_ERR_ARG; KURV_ERR_ENCODING (malformed DER/PEM, an encryptedData
 *         that is empty, not whole AES blocks or over 4096 bytes);
 *         KURV_ERR_UNSUPPORTED (PBES1 and PKCS#12 schemes (DES, RC2, RC4, 3DES), scrypt,
 *         ciphers other than AES-CBC, other PRFs, a salt from otherSource, an iteration count
 *         above KURV_PBKDF2_ITER_MAX; "Proc-Type: 4,ENCRYPTED" PEM);
 *         KURV_ERR_PASSWORD (after decryption: bad PKCS#7 padding, contents that are not a
 *         PrivateKeyInfo, or an embedded public key that does not match d - a wrong
 *         password, or altered data: PBES2 has no integrity check of its own);
 *         and the other errors of kurv_privkey_decode() for the decrypted key
 *         (KURV_ERR_UNSUPPORTED, KURV_ERR_CURVE, KURV_ERR_PRIVKEY, KURV_ERR_BUFFER).
 *         @priv is zeroed on error. The derived key and the decrypted PKCS#8 are wiped.
 *         The padding is checked in constant time.
 * Spec: RFC 5958 3; RFC 8018 5.2, 6.2.2, A.2, A.4, B.1, B.2.5; RFC 3565 4.1; RFC 7468 11.
 */
KURV_API kurv_err kurv_privkey_decode_pass(const kurv_curve **curve, uint8_t *priv,
                                           size_t *priv_len,
                                           const kurv_curve *const *list, size_t count,
                                           const uint8_t *in, size_t in_len,
                                           const uint8_t *pass, size_t pass_len);

/**
 * kurv_pubkey_encode() - write a public key as SubjectPublicKeyInfo, DER or PEM ("PUBLIC KEY"),
 * as `openssl ec -pubout` writes it (namedCurve; the point in the form given).
 * @out:  out (may be NULL to ask for the size); @out_len: capacity in, bytes written out.
 * @fmt:  KURV_KEYFMT_DER or KURV_KEYFMT_PEM.
 * @pub:  a SEC1 point (either form), @pub_len bytes; it is written in the form given and
 *        validated first.
 * Return: KURV_OK; KURV_ERR_ARG; KURV_ERR_POINT / KURV_ERR_INFINITY; KURV_ERR_BUFFER
 *         (*@out_len set to the need).
 * Spec: RFC 5480 2; RFC 7468 13.
 */
KURV_API kurv_err kurv_pubkey_encode(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                     kurv_keyfmt fmt, const uint8_t *pub, size_t pub_len);

/**
 * kurv_pubkey_decode() - read a SubjectPublicKeyInfo (DER or PEM "PUBLIC KEY").
 * DER and PEM are read as by kurv_privkey_decode(); the BIT STRING must have 0 unused bits.
 * @curve: out, the matching descriptor from @list (NULL on error).
 * @pub:   out, the SEC1 point exactly as encoded in the file (validated); @pub_len: capacity in,
 *         bytes out (KURV_MAX_POINT_LEN always suffices; 0 on error, except KURV_ERR_BUFFER:
 *         the size needed).
 * Return: KURV_OK; KURV_ERR_ARG; KURV_ERR_ENCODING; KURV_ERR_UNSUPPORTED (explicit parameters
 *         or implicitCurve, other algorithm, another PEM label); KURV_ERR_CURVE (an OID not in
 *         @list); KURV_ERR_POINT; KURV_ERR_INFINITY; KURV_ERR_BUFFER.
 * Spec: RFC 5480 2; RFC 7468 13; X.690 10.1.
 */
KURV_API kurv_err kurv_pubkey_decode(const kurv_curve **curve, uint8_t *pub, size_t *pub_len,
                                     const kurv_curve *const *list, size_t count,
                                     const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif
#endif
