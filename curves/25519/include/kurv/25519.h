/*
 * kurv-25519: X25519 key agreement (RFC 7748) and Ed25519 signatures (RFC 8032), over
 * Curve25519 and its birationally equivalent twisted Edwards curve edwards25519,
 * p = 2^255 - 19. An opt-in family (meson setup -Dfamilies=...,25519): library
 * libkurv-25519, pkg-config kurv-25519, this header <kurv/25519.h>.
 *
 * These curves are not Weierstrass curves: they have no kurv_curve descriptor and are not
 * reached through kurv_ecdh, kurv_ecdsa_* or the key files; this header is their whole API.
 * Every length is fixed (X25519: 32-byte keys and shared secrets; Ed25519: 32-byte seeds
 * and public keys, 64-byte signatures), so the buffers are arrays of that many bytes.
 * Secret values are handled in constant time (no branch or memory index on them) and
 * wiped after use; on any error the secret outputs (shared secret, private key,
 * signature) are zeroed. SHA-512 comes from Nettle. Error codes: <kurv/err.h>.
 */
#ifndef KURV_25519_H
#define KURV_25519_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/err.h>
#include <kurv/export.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KURV_X25519_KEY_LEN 32       /* private key, public key (u-coordinate), shared secret */
#define KURV_ED25519_SEED_LEN 32     /* the private key: RFC 8032's 32-byte secret */
#define KURV_ED25519_PUBKEY_LEN 32   /* the encoded point A */
#define KURV_ED25519_SIG_LEN 64      /* R || S */

/**
 * kurv_x25519() - the X25519 function: the shared secret of a private key and a peer's
 * public key.
 * @shared: 32 bytes out, the u-coordinate of [k]P, little-endian.
 * @priv:   32 bytes, any value: the scalar k after clamping (RFC 7748 5's decodeScalar25519:
 *          bits 0, 1, 2 and 255 cleared, bit 254 set; the caller's buffer is not changed).
 * @peer:   32 bytes, the peer's u-coordinate: the top bit of the last byte is ignored
 *          (masked, RFC 7748 5), and values p..2^255-1 are taken mod p (non-canonical
 *          encodings are accepted, as RFC 7748 5 requires).
 * The Montgomery ladder of RFC 7748 5 with a constant-time conditional swap.
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL; KURV_ERR_POINT when the result is
 * all zero (@peer is a point of small order: the check of RFC 7748 6.1), @shared zeroed.
 * Spec: RFC 7748 5 and 6.1.
 */
KURV_API kurv_err kurv_x25519(uint8_t shared[32], const uint8_t priv[32], const uint8_t peer[32]);

/**
 * kurv_x25519_public_key() - the public key of an X25519 private key: X25519(priv, 9).
 * @pub:  32 bytes out, the u-coordinate.
 * @priv: 32 bytes, any value (clamped as in kurv_x25519()).
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL.
 * Spec: RFC 7748 6.1.
 */
KURV_API kurv_err kurv_x25519_public_key(uint8_t pub[32], const uint8_t priv[32]);

/**
 * kurv_x25519_keygen() - a new X25519 key pair: 32 bytes from kurv_random() (the system's
 * CSPRNG, <kurv/keys.h>) as the private key, and its public key.
 * @priv: 32 bytes out, the private key (stored unclamped, as RFC 7748 6.1 draws it).
 * @pub:  32 bytes out, its public key.
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL; KURV_ERR_RNG when the system's
 * random generator fails (@priv and @pub zeroed).
 * Spec: RFC 7748 6.1.
 */
KURV_API kurv_err kurv_x25519_keygen(uint8_t priv[32], uint8_t pub[32]);

/**
 * kurv_ed25519_public_key() - the Ed25519 public key of a seed.
 * @pub:  32 bytes out, the encoding of A = [s]B, s the clamped first half of SHA-512(seed).
 * @seed: 32 bytes, any value: the private key.
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL.
 * Spec: RFC 8032 5.1.5.
 */
KURV_API kurv_err kurv_ed25519_public_key(uint8_t pub[32], const uint8_t seed[32]);

/**
 * kurv_ed25519_keygen() - a new Ed25519 key pair: a seed of 32 bytes from kurv_random(),
 * and its public key.
 * @seed: 32 bytes out. @pub: 32 bytes out.
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL; KURV_ERR_RNG when the system's
 * random generator fails (@seed and @pub zeroed).
 * Spec: RFC 8032 5.1.5.
 */
KURV_API kurv_err kurv_ed25519_keygen(uint8_t seed[32], uint8_t pub[32]);

/**
 * kurv_ed25519_sign() - a pure Ed25519 signature (deterministic: no randomness).
 * @sig:  64 bytes out, R || S.
 * @msg:  @msg_len bytes (NULL allowed when @msg_len is 0).
 * @seed: 32 bytes, the private key.
 * @pub:  32 bytes, the seed's public key, or NULL to have it computed. When given it is
 *        checked against the seed (signing with a mismatched public key would leak the
 *        private scalar), which costs what computing it does.
 * Return: KURV_OK; KURV_ERR_ARG when @sig or @seed is NULL, @msg is NULL with a nonzero
 * @msg_len, or @pub is not the public key of @seed (@sig zeroed on every error).
 * Spec: RFC 8032 5.1.6.
 */
KURV_API kurv_err kurv_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                    const uint8_t seed[32], const uint8_t pub[32]);

/**
 * kurv_ed25519_verify() - verify a pure Ed25519 signature.
 * @sig: 64 bytes, R || S.  @msg: @msg_len bytes (NULL allowed when @msg_len is 0).
 * @pub: 32 bytes, the encoded public key A.
 * The rules (those of OpenSSL and libsodium; RFC 8032 5.1.7 leaves some open):
 *   - S must be canonical: S < L, the group order (signature malleability refused);
 *   - A and R must decode as RFC 8032 5.1.3 says: a y-coordinate >= p (non-canonical) is
 *     refused, as is x = 0 with the sign bit set, and a y with no x on the curve;
 *   - the equation is cofactorless: [S]B = R + [k]A with k = SHA-512(R || A || M) mod L,
 *     computed over the bytes of R and A as given;
 *   - points of small order (A or R) are not refused for that alone.
 * Return: KURV_OK when the signature is valid; KURV_ERR_ARG when a pointer is NULL (or
 * @msg is NULL with a nonzero @msg_len); KURV_ERR_POINT when @pub does not decode;
 * KURV_ERR_SIGNATURE when R does not decode, S >= L, or the equation does not hold.
 * Spec: RFC 8032 5.1.7.
 */
KURV_API kurv_err kurv_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                      const uint8_t pub[32]);

#ifdef __cplusplus
}
#endif
#endif
