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
#define KURV_ECDSA_SIGN_HEDGED    0x2u  /* hedged nonce: 32 fresh random bytes in RFC 6979's k' */
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
 * @extra:     optional extra entropy k' mixed into the nonce (RFC 6979 3.6: appended to
 *             the HMAC input of steps d and f), NULL for none. With the same @extra the
 *             signature stays deterministic.
 * @extra_len: bytes of @extra (0..64; 0 means none whatever @extra is).
 * @flags:     0, or any of KURV_ECDSA_SIGN_LOW_S and KURV_ECDSA_SIGN_HEDGED.
 * Hedged signing (KURV_ECDSA_SIGN_HEDGED): the additional data k' of RFC 6979 3.6 is
 * 32 fresh bytes from kurv_random() (getrandom(2)) followed by @extra when given
 * (k' is then 32 + @extra_len bytes). The nonce still depends on d and H(m), so a
 * broken generator alone leaks nothing, while fresh bytes keep a fault injected into
 * one signature from being repeated on the same nonce; signatures of one message differ.
 * Without the flag the signature is RFC 6979's, a function of its inputs only.
 * The nonce follows RFC 6979 2.3 with qlen = kurv_curve_order_bits(c): int2octets(d) is
 * @priv, bits2octets(H(m)) = bits2int(@digest) mod n, and each candidate k is bits2int of
 * the first scalar_len bytes of the generator's output; candidates with k = 0, k >= n,
 * r = 0 or s = 0 are skipped as the RFC says. s is not normalised unless LOW_S is set.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @c, @sig or @digest; @sig_len not 2 * scalar_len;
 *         @digest_len 0 or > 64; @extra_len > 64 or @extra NULL with @extra_len > 0;
 *         an unknown @hash, or KURV_HASH_NONE with a @digest_len that names no hash;
 *         unknown @flags); KURV_ERR_PRIVKEY (@priv NULL, @priv_len not scalar_len,
 *         d = 0 or d >= n); KURV_ERR_RNG (HEDGED and the system generator failed).
 *         Once @c and @sig_len are valid, @sig is zeroed on any error.
 *         Constant time in @priv and in the nonce (only the rejection of a candidate
 *         k >= n is visible). Nonce state and copies of d and k are wiped.
 * Spec: FIPS 186-5 6.4.1; RFC 6979 2.3, 3.2 (and 3.6 with @extra or HEDGED); SEC 1 v2 4.1.3.
 */
KURV_API kurv_err kurv_ecdsa_sign(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                  const uint8_t *priv, size_t priv_len,
                                  const uint8_t *digest, size_t digest_len, kurv_hash hash,
                                  const uint8_t *extra, size_t extra_len, unsigned flags);

/**
 * kurv_ecdsa_sign_recoverable() - kurv_ecdsa_sign() that also gives the recovery id.
 * @recid: out, the recovery id of SEC 1 v2 4.1.6 for the signature written: bit 0 is the
 *         parity of y(R) (1: odd), bit 1 is set when x(R) >= n (r = x(R) - n), where
 *         R = k*G; with LOW_S and s replaced by n - s, the parity is that of -R, the point
 *         the new s recovers with. 0..3; set to 0 on error.
 * Every other argument, the signature and every error are those of kurv_ecdsa_sign()
 * (KURV_ERR_ARG also for a NULL @recid). The recovery id is derived from R without
 * a secret-dependent branch: signing stays constant time in @priv and the nonce.
 * Bit 1 is set with probability about (p - n)/p: below 2^-127 on every curve kurv ships,
 * so in practice the id is 0 or 1.
 * Spec: SEC 1 v2 4.1.3 and 4.1.6; RFC 6979 3.2.
 */
KURV_API kurv_err kurv_ecdsa_sign_recoverable(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                              unsigned *recid,
                                              const uint8_t *priv, size_t priv_len,
                                              const uint8_t *digest, size_t digest_len,
                                              kurv_hash hash, const uint8_t *extra,
                                              size_t extra_len, unsigned flags);

/**
 * kurv_ecdsa_recover() - the public key Q that a signature (r, s) with recovery id @recid
 *                       verifies under, from the digest (public-key recovery).
 * @pub:        out, Q as SEC1; @pub_len: capacity in, bytes written out (1 + 2*field_len,
 *              or 1 + field_len when @compressed).
 * @compressed: nonzero for the 0x02/0x03 form, zero for 0x04.
 * @sig:        raw r||s, exactly 2 * scalar_len bytes (as kurv_ecdsa_sign() writes it).
 * @recid:      0..3, from kurv_ecdsa_sign_recoverable(): x(R) = r + n if bit 1 is set,
 *              else r; y(R) odd if bit 0 is set.
 * @digest:     H(m), 1..64 bytes, converted by bits2int as in signing.
 * Computes R from x(R) and its parity, then Q = r^-1 (s*R - e*G) = u1*G + u2*R with
 * u1 = -e r^-1 and u2 = s r^-1 mod n. The Q returned verifies with kurv_ecdsa_verify()
 * (cofactor 1: no check of n*R is needed). Any s is accepted, low or high.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @c, @pub, @pub_len or @digest; @digest_len 0 or
 *         > 64; @recid > 3); KURV_ERR_SIGNATURE (@sig NULL or @sig_len not
 *         2 * scalar_len; r or s not in [1, n-1]); KURV_ERR_POINT (x(R) >= p, or no point
 *         of the curve has that x: SEC 1 4.1.6 step 1.3); KURV_ERR_INFINITY (Q = O);
 *         KURV_ERR_BUFFER (@pub too small; *@pub_len set to the need). @pub is not
 *         written on error. Variable time: every input is public.
 * Spec: SEC 1 v2 4.1.6 (one candidate j, the one @recid names; step 1.4 is void for
 *       cofactor 1); 2.3.4 for the point from x.
 */
KURV_API kurv_err kurv_ecdsa_recover(const kurv_curve *c, uint8_t *pub, size_t *pub_len,
                                     int compressed, const uint8_t *sig, size_t sig_len,
                                     unsigned recid, const uint8_t *digest, size_t digest_len);

/**
 * kurv_ecdsa_verify() - verify a raw r||s signature on a digest.
 * @sig:    raw r||s, exactly 2 * scalar_len bytes.
 * @pub:    Q as SEC1 (compressed or uncompressed), @pub_len bytes, fully validated.
 * @digest: H(m), 1..64 bytes, converted by bits2int (the leftmost bits(n) bits).
 * @flags:  0 or KURV_ECDSA_VERIFY_LOW_S.
 * The checks run in this order: arguments, r and s ranges, the public key, the equation
 * (x(u1*G + u2*Q) mod n = r, with u1 = e/s, u2 = r/s).
 * Return: KURV_OK (valid); KURV_ERR_SIGNATURE (@sig NULL or @sig_len not 2 * scalar_len,
 *         r or s not in [1, n-1], s > n/2 with LOW_S, u1*G + u2*Q = O, or the equation
 *         fails); KURV_ERR_POINT (@pub NULL, bad encoding, off the curve) /
 *         KURV_ERR_INFINITY (@pub is the point at infinity); KURV_ERR_ARG (NULL @c or
 *         @digest, @digest_len 0 or > 64, unknown @flags). Variable time (public inputs).
 * Spec: FIPS 186-5 6.4.2; SEC 1 v2 4.1.4.
 */
KURV_API kurv_err kurv_ecdsa_verify(const kurv_curve *c, const uint8_t *sig, size_t sig_len,
                                    const uint8_t *pub, size_t pub_len,
                                    const uint8_t *digest, size_t digest_len, unsigned flags);

/**
 * kurv_ecdsa_sig_to_der() - encode raw r||s as a DER Ecdsa-Sig-Value.
 * @der:     out (NULL to ask for the size); @der_len: capacity in, bytes written out (at
 *           most KURV_MAX_SIG_DER_LEN: 72 for 256-bit orders, 139 for P-521).
 * @sig:     raw r||s, 2 * scalar_len bytes. Values are not range-checked (r = 0 encodes
 *           as INTEGER 0).
 * Each INTEGER is minimal and non-negative (leading zero bytes dropped, one 0x00 added
 * before a set high bit); lengths use the short form below 128, else 0x81 nn.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @c, @sig or @der_len; @sig_len not 2 * scalar_len);
 *         KURV_ERR_BUFFER (@der NULL or too small; *@der_len set to the need).
 * Spec: X9.62 (2005) E.8; RFC 3279 2.2.3; X.690 8.3, 10.1 (DER).
 */
KURV_API kurv_err kurv_ecdsa_sig_to_der(const kurv_curve *c, uint8_t *der, size_t *der_len,
                                        const uint8_t *sig, size_t sig_len);

/**
 * kurv_ecdsa_sig_from_der() - strictly decode a DER Ecdsa-Sig-Value to raw r||s.
 * @sig:     out, 2 * scalar_len bytes; @sig_len must equal that.
 * @der:     the encoding, @der_len bytes. Rejected: BER forms (long length where short fits,
 *           indefinite length, lengths of more than two bytes), tags other than SEQUENCE
 *           and INTEGER, empty, non-minimal or negative INTEGERs, fewer or more than two
 *           INTEGERs, trailing bytes, r or s wider than scalar_len bytes.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @c or @sig, @sig_len not 2 * scalar_len);
 *         KURV_ERR_ENCODING (any of the above, @der NULL or @der_len 0; @sig is zeroed).
 *         Range checks on r and s (1 <= r, s < n) are made by kurv_ecdsa_verify().
 * Spec: X9.62 E.8; RFC 3279 2.2.3; X.690 8.3, 10.1 (DER).
 */
KURV_API kurv_err kurv_ecdsa_sig_from_der(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                          const uint8_t *der, size_t der_len);

/**
 * kurv_ecdsa_sig_normalize() - make s low (s <= n/2) by replacing it with n - s.
 * @sig: in/out, raw r||s, 2 * scalar_len bytes; r is not looked at.
 * @changed: out, optional (NULL ok): 1 if s was replaced, else 0.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @c or @sig, @sig_len not 2 * scalar_len);
 *         KURV_ERR_SIGNATURE (s = 0 or s >= n; @sig unchanged). Constant time.
 * Spec: BIP-146 (LOW_S); BIP-62.
 */
KURV_API kurv_err kurv_ecdsa_sig_normalize(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                           int *changed);

#ifdef __cplusplus
}
#endif
#endif
