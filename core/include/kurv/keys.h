/* kurv: private keys, SEC1 public keys and ECDH. */
#ifndef KURV_KEYS_H
#define KURV_KEYS_H

#include <kurv/curve.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * kurv_random() - fill a buffer from the operating system's CSPRNG (getrandom(2)).
 * @buf: out, @len bytes.
 * Return: KURV_OK; KURV_ERR_RNG if the system generator failed (@buf is zeroed).
 */
KURV_API kurv_err kurv_random(uint8_t *buf, size_t len);

/**
 * kurv_privkey_check() - validate a private scalar.
 * @priv: d, @priv_len bytes, big-endian; @priv_len must equal kurv_curve_scalar_len(c).
 * Return: KURV_OK if 1 <= d < n; KURV_ERR_PRIVKEY otherwise (also for a wrong length).
 *         Constant time in the value of d.
 * Spec: SEC 1 v2 3.2.1 (d in [1, n-1]).
 */
KURV_API kurv_err kurv_privkey_check(const kurv_curve *c, const uint8_t *priv, size_t priv_len);

/**
 * kurv_keygen() - make a key pair from the system CSPRNG.
 * @priv:       out, kurv_curve_scalar_len(c) bytes, big-endian, 1 <= d < n.
 * @priv_len:   size of @priv; must equal the scalar length.
 * @pub:        out, optional (NULL skips it): the SEC1 public key Q = d*G.
 * @pub_len:    in: capacity of @pub; out: bytes written (1 + 2*field_len, or
 *              1 + field_len if @compressed). Ignored when @pub is NULL.
 * @compressed: nonzero for the 0x02/0x03 form, zero for 0x04.
 * Return: KURV_OK; KURV_ERR_ARG (wrong @priv_len); KURV_ERR_BUFFER (@pub too small;
 *         *@pub_len gives the size needed); KURV_ERR_RNG. Outputs are zeroed on error.
 *         Constant time in d (rejection sampling only reveals how many draws were discarded).
 * Spec: SEC 1 v2 3.2.1; FIPS 186-5 A.2.2 (rejection sampling).
 */
KURV_API kurv_err kurv_keygen(const kurv_curve *c, uint8_t *priv, size_t priv_len,
                              uint8_t *pub, size_t *pub_len, int compressed);

/**
 * kurv_pubkey_from_priv() - compute Q = d*G as a SEC1 point.
 * @pub:        out, the SEC1 encoding; @pub_len: capacity in, bytes written out.
 * @compressed: nonzero for 0x02/0x03, zero for 0x04.
 * @priv:       d, kurv_curve_scalar_len(c) bytes, big-endian.
 * Return: KURV_OK; KURV_ERR_PRIVKEY (d = 0, d >= n, wrong length); KURV_ERR_BUFFER.
 *         Constant time in d.
 * Spec: SEC 1 v2 3.2.1, 2.3.3.
 */
KURV_API kurv_err kurv_pubkey_from_priv(const kurv_curve *c, uint8_t *pub, size_t *pub_len,
                                        int compressed, const uint8_t *priv, size_t priv_len);

/**
 * kurv_point_check() - fully validate a SEC1-encoded public point.
 * @pt: 0x04||X||Y (1 + 2*field_len bytes) or 0x02/0x03||X (1 + field_len bytes).
 * Return: KURV_OK; KURV_ERR_INFINITY (the single byte 0x00); KURV_ERR_POINT (wrong length or
 *         prefix, X or Y >= p, not on the curve, X with no square root). Since every curve
 *         kurv ships has cofactor 1, a point on the curve is in the group.
 * Spec: SEC 1 v2 2.3.4 (decoding) and 3.2.2.1 (public key validation).
 */
KURV_API kurv_err kurv_point_check(const kurv_curve *c, const uint8_t *pt, size_t pt_len);

/**
 * kurv_point_convert() - re-encode a SEC1 point, compressed or uncompressed.
 * @out:        out, @out_len capacity in / bytes written out.
 * @compressed: the form wanted.
 * @in:         a SEC1 point of either form, validated as kurv_point_check() does.
 * Return: KURV_OK; KURV_ERR_BUFFER; any error of kurv_point_check().
 * Spec: SEC 1 v2 2.3.3, 2.3.4.
 */
KURV_API kurv_err kurv_point_convert(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                     int compressed, const uint8_t *in, size_t in_len);

/**
 * kurv_ecdh() - ECSVDP-DH: the x-coordinate of d*Q.
 * @secret:     out, kurv_curve_field_len(c) bytes, big-endian (left-padded with zeros).
 * @secret_len: size of @secret; must equal the field length.
 * @priv:       d, kurv_curve_scalar_len(c) bytes, big-endian, 1 <= d < n.
 * @peer:       Q as SEC1 (compressed or uncompressed), @peer_len bytes; fully validated first.
 * Return: KURV_OK; KURV_ERR_ARG (wrong @secret_len); KURV_ERR_PRIVKEY (d = 0, d >= n, wrong
 *         length); KURV_ERR_POINT (bad encoding, off curve); KURV_ERR_INFINITY (Q or d*Q = O).
 *         @secret is zeroed on error. Constant time in @priv; @peer is public: the time
 *         may depend on it (a built-in curve makes its table of Q's multiples affine with
 *         a variable-time inversion).
 * Spec: IEEE 1363-2000 7.2.1; SEC 1 v2 3.3.1.
 */
KURV_API kurv_err kurv_ecdh(const kurv_curve *c, uint8_t *secret, size_t secret_len,
                            const uint8_t *priv, size_t priv_len,
                            const uint8_t *peer, size_t peer_len);

#ifdef __cplusplus
}
#endif
#endif
