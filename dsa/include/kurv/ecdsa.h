/* kurv: ECDSA (FIPS 186-5, SEC 1 v2 4.1) with RFC 6979 deterministic nonces. */
#ifndef KURV_ECDSA_H
#define KURV_ECDSA_H

#include <kurv/curve.h>
#include <kurv/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Signatures are handled as raw r||s: 2 * kurv_curve_scalar_len(c) bytes, each
 * half big-endian and left-padded (IEEE P1363 form). kurv_ecdsa_sig_to_der()
 * and kurv_ecdsa_sig_from_der() convert to and from the DER Ecdsa-Sig-Value of
 * X9.62 / RFC 3279 that OpenSSL and X.509 use.
 */

/* Flags for kurv_ecdsa_sign(). */
#define KURV_ECDSA_SIGN_LOW_S     0x1u  /* replace s by n - s when s > n/2 (BIP-62 / BIP-146 form) */
/* Flags for kurv_ecdsa_verify(). */
#define KURV_ECDSA_VERIFY_LOW_S   0x1u  /* reject s > n/2, as Bitcoin does */

/**
 * kurv_ecdsa_sign() - sign a message digest with an RFC 6979 deterministic nonce.
 * @sig:       out, raw r||s, 2 * kurv_curve_scalar_len(c) bytes.
 * @sig_len:   size of @sig; must be exactly 2 * scalar_len.
 * @priv:      d, kurv_curve_scalar_len(c) bytes, big-endian, 1 <= d < n.
 * @digest:    H(m), @digest_len bytes (1..64); converted by bits2int (FIPS 186-5 6.4.1:
 *             the leftmost bits(n) bits when the digest is longer than n).
 * @hash:      the HMAC hash of RFC 6979's nonce generator; by the RFC this is the hash that
 *             made @digest. KURV_HASH_NONE picks it from @digest_len (28/32/48/64 bytes).
 * @extra:     optional extra entropy k' mixed into the nonce (RFC 6979 3.6), NULL for none.
 * @extra_len: bytes of @extra (0..64).
 * @flags:     0 or KURV_ECDSA_SIGN_LOW_S.
 * Return: KURV_OK; KURV_ERR_ARG (bad lengths, unknown hash or flags); KURV_ERR_PRIVKEY.
 *         @sig is zeroed on error. Constant time in @priv and in the nonce.
 * Spec: FIPS 186-5 6.4.1; RFC 6979 3.2 (and 3.6 with @extra); SEC 1 v2 4.1.3.
 */
KURV_API kurv_err kurv_ecdsa_sign(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                  const uint8_t *priv, size_t priv_len,
                                  const uint8_t *digest, size_t digest_len, kurv_hash hash,
                                  const uint8_t *extra, size_t extra_len, unsigned flags);

/**
 * kurv_ecdsa_verify() - verify a raw r||s signature on a digest.
 * @sig:    raw r||s, exactly 2 * scalar_len bytes.
 * @pub:    Q as SEC1 (compressed or uncompressed), fully validated.
 * @digest: H(m), 1..64 bytes, converted by bits2int.
 * @flags:  0 or KURV_ECDSA_VERIFY_LOW_S.
 * Return: KURV_OK (valid); KURV_ERR_SIGNATURE (wrong length, r or s not in [1, n-1],
 *         s > n/2 with LOW_S, or the equation fails); KURV_ERR_POINT / KURV_ERR_INFINITY
 *         (bad public key); KURV_ERR_ARG (digest length 0 or > 64). Variable time (public inputs).
 * Spec: FIPS 186-5 6.4.2; SEC 1 v2 4.1.4.
 */
KURV_API kurv_err kurv_ecdsa_verify(const kurv_curve *c, const uint8_t *sig, size_t sig_len,
                                    const uint8_t *pub, size_t pub_len,
                                    const uint8_t *digest, size_t digest_len, unsigned flags);

/**
 * kurv_ecdsa_sig_to_der() - encode raw r||s as a DER Ecdsa-Sig-Value.
 * @der:     out; @der_len: capacity in, bytes written out (at most KURV_MAX_SIG_DER_LEN).
 * @sig:     raw r||s, 2 * scalar_len bytes.
 * Return: KURV_OK; KURV_ERR_ARG (wrong @sig_len); KURV_ERR_BUFFER (*@der_len set to the need).
 * Spec: X9.62 (2005) E.8; RFC 3279 2.2.3; X.690 8.3 (minimal INTEGERs).
 */
KURV_API kurv_err kurv_ecdsa_sig_to_der(const kurv_curve *c, uint8_t *der, size_t *der_len,
                                        const uint8_t *sig, size_t sig_len);

/**
 * kurv_ecdsa_sig_from_der() - strictly decode a DER Ecdsa-Sig-Value to raw r||s.
 * @sig:     out, 2 * scalar_len bytes; @sig_len must equal that.
 * @der:     the encoding, @der_len bytes. Rejected: BER forms (long length where short fits,
 *           indefinite length), non-minimal or negative INTEGERs, trailing bytes, r or s wider
 *           than the order.
 * Return: KURV_OK; KURV_ERR_ARG (wrong @sig_len); KURV_ERR_ENCODING. (Range checks on r and s
 *         are made by kurv_ecdsa_verify().)
 * Spec: X9.62 E.8; RFC 3279 2.2.3; X.690 10.1 (DER).
 */
KURV_API kurv_err kurv_ecdsa_sig_from_der(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                          const uint8_t *der, size_t der_len);

/**
 * kurv_ecdsa_sig_normalize() - make s low (s <= n/2) by replacing it with n - s.
 * @sig: in/out, raw r||s, 2 * scalar_len bytes.
 * @changed: out, optional (NULL ok): 1 if s was replaced, else 0.
 * Return: KURV_OK; KURV_ERR_ARG (wrong length); KURV_ERR_SIGNATURE (s = 0 or s >= n).
 * Spec: BIP-146 (LOW_S).
 */
KURV_API kurv_err kurv_ecdsa_sig_normalize(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                           int *changed);

#ifdef __cplusplus
}
#endif
#endif
