/*
 * kurv-25519: X25519 key agreement (RFC 7748) and Ed25519 signatures (RFC 8032), over
 * Curve25519 and its birationally equivalent twisted Edwards curve edwards25519,
 * p = 2^255 - 19. An opt-in family (meson setup -Dfamilies=...,25519): library
 * libkurv-25519, pkg-config kurv-25519, this header <kurv/25519.h>.
 *
 * These curves are not Weierstrass curves: they have no kurv_curve descriptor and are not
 * reached through kurv_ecdh, kurv_ecdsa_* or the core's key files (kurv_privkey_*); this
 * header is their whole API, their RFC 8410 key files included (kurv_25519_privkey_*,
 * kurv_25519_pubkey_*).
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
#include <kurv/keyfile.h> /* kurv_keyfmt */

#ifdef __cplusplus
extern "C" {
#endif

#define KURV_X25519_KEY_LEN 32       /* private key, public key (u-coordinate), shared secret */
#define KURV_ED25519_SEED_LEN 32     /* the private key: RFC 8032's 32-byte secret */
#define KURV_ED25519_PUBKEY_LEN 32   /* the encoded point A */
#define KURV_ED25519_SIG_LEN 64      /* R || S */
#define KURV_ED25519_KEYPAIR_LEN 96  /* key pair: s || prefix || A (kurv_ed25519_keypair); secret */

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
 * @sig:  64 bytes out, R || S; may overlap @msg (the message is read whole before
 *        the signature is written: signing in place gives the same signature).
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
 * kurv_ed25519_keypair() - a key pair from a seed, for repeated signing: what signing
 * needs, computed once (kurv_ed25519_sign() computes it again in every call, the public
 * key's fixed-base multiplication included).
 * @keypair: out, KURV_ED25519_KEYPAIR_LEN (96) bytes, s || prefix || A:
 *             bytes  0..31  s, the clamped first half of SHA-512(@seed) (little-endian:
 *                           bits 0-2 and 255 clear, bit 254 set), the secret scalar;
 *             bytes 32..63  prefix, the second half of SHA-512(@seed), secret;
 *             bytes 64..95  A, the encoding of [s]B, the public key, computed here.
 *           The seed itself is not kept (a key file needs the seed: keep it to write one).
 *           It holds the secret: wipe it (kurv_wipe()) when done. Zeroed on error.
 * @seed:    KURV_ED25519_SEED_LEN (32) bytes, any value: the private key.
 * Constant time in @seed; the hash and the point are wiped.
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL.
 * Spec: RFC 8032 5.1.5.
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_ed25519_keypair(uint8_t keypair[96], const uint8_t seed[32]);

/**
 * kurv_ed25519_keypair_pubkey() - the public key of a key pair (its last 32 bytes).
 * @pub:     out, KURV_ED25519_PUBKEY_LEN (32) bytes; zeroed on error.
 * @keypair: 96 bytes from kurv_ed25519_keypair().
 * Return: KURV_OK; KURV_ERR_ARG when a pointer is NULL; KURV_ERR_PRIVKEY when the key
 * pair's s is not a clamped scalar (bits 0-2 or 255 set, or bit 254 clear: not a key pair
 * from kurv_ed25519_keypair(), a wiped one among them).
 * Spec: RFC 8032 5.1.5.
 */
KURV_API kurv_err kurv_ed25519_keypair_pubkey(uint8_t pub[32], const uint8_t keypair[96]);

/**
 * kurv_ed25519_sign_keypair() - kurv_ed25519_sign() with a key pair: the same pure Ed25519
 * signature, without recomputing the public key (one fixed-base multiplication, [r]B).
 * @sig:     64 bytes out, R || S; may overlap @msg (read whole before @sig is written).
 * @msg:     @msg_len bytes (NULL allowed when @msg_len is 0).
 * @keypair: 96 bytes from kurv_ed25519_keypair(). Its A was computed by kurv from s, never
 *           taken from a caller, so the mismatched-public-key attack kurv_ed25519_sign()
 *           checks for cannot happen through this API. The bytes are trusted as they are:
 *           a key pair altered in memory (A not [s]B) would sign as that attack does.
 * r = SHA-512(prefix || M) mod L, R = [r]B, k = SHA-512(R || A || M) mod L,
 * S = (r + k s) mod L. Constant time in s, prefix and r; r and the point R are wiped.
 * Return: KURV_OK; KURV_ERR_ARG when @sig or @keypair is NULL, or @msg is NULL with a
 * nonzero @msg_len; KURV_ERR_PRIVKEY when s is not a clamped scalar (as
 * kurv_ed25519_keypair_pubkey() says). @sig is zeroed on every error.
 * Spec: RFC 8032 5.1.6.
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_ed25519_sign_keypair(uint8_t sig[64], const uint8_t *msg,
                                                             size_t msg_len,
                                                             const uint8_t keypair[96]);

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

/**
 * kurv_ed25519_batch_scratch_size() - bytes of scratch memory that let
 * kurv_ed25519_verify_batch() check @n signatures in one multi-scalar product.
 * Return: the size (that of n = 1 for @n = 0); 0 when @n is above 2^20. About 3.5 KiB
 * per signature below 256 signatures (Straus), about 0.6 KiB from 256 on (Pippenger), on
 * a 64-bit target.
 */
KURV_API size_t kurv_ed25519_batch_scratch_size(size_t n);

/**
 * kurv_ed25519_verify_batch() - verify @n pure Ed25519 signatures at once.
 * @sigs:        @n signatures R || S, 64 bytes each, back to back.
 * @pubkeys:     @n encoded public keys A, 32 bytes each, back to back.
 * @msgs:        @n message pointers (an entry may be NULL when its length is 0).
 * @msg_lens:    @n message lengths in bytes.
 * @n:           0..2^20 (0: KURV_OK).
 * @scratch:     working memory of @scratch_len bytes, any alignment. With at least
 *               kurv_ed25519_batch_scratch_size(@n) bytes the batch is one product; with
 *               less it is checked in chunks that fit (each by the same equation; slower
 *               per signature), down to kurv_ed25519_batch_scratch_size(1). NULL with
 *               @scratch_len 0: chunks in a 32 KiB buffer on the stack (9 signatures a
 *               chunk on a 64-bit target). Nothing is allocated.
 * Each input is read by kurv_ed25519_verify()'s rules (S < L; A and R decode as RFC 8032
 * 5.1.3 says). The signatures are then checked together by the cofactorless equation
 * (that of kurv_ed25519_verify(), not RFC 8032 5.1.7's equation multiplied by 8):
 *   [-(sum z_i S_i) mod L] B + sum [z_i] R_i + sum [z_i k_i mod L] A_i = identity,
 * k_i = SHA-512(R_i || A_i || M_i) mod L, with odd 128-bit coefficients z_i drawn from
 * ChaCha20 keyed by SHA-512 of 32 bytes of kurv_random() (the system's CSPRNG) and every
 * input, so that whoever chose the inputs cannot predict them. A signature whose R or A
 * is of small order (one of the 8 points of order 1, 2, 4 or 8) is checked by
 * kurv_ed25519_verify() instead. n = 1 is kurv_ed25519_verify() itself.
 * What the result means: KURV_OK says every signature would pass kurv_ed25519_verify();
 * KURV_ERR_SIGNATURE says at least one would not (which one is not said: verify them one
 * by one to find it). KURV_ERR_SIGNATURE is always right: a batch of valid signatures is
 * never refused. KURV_OK is wrong with probability below 2^-120 per batch for
 * signatures whose fault has a component of order L, and never when the batch holds one
 * failing signature. The one other exception: a signature that passes RFC 8032's
 * cofactored equation [8][S]B = [8]R + [8][k]A but not kurv_ed25519_verify()'s (R or A
 * carries a component of small order beside one of order L: no RFC 8032 signer makes
 * such an R or A) fails alone, but two or more of them in one batch may cancel and be
 * accepted. Variable time: every input is public.
 * Return: KURV_OK (all valid); KURV_ERR_SIGNATURE (at least one S >= L, R that does not
 * decode, or signature that does not verify); KURV_ERR_POINT (a public key that does not
 * decode, anywhere in the batch); KURV_ERR_ARG (a NULL array, a NULL message with a
 * nonzero length, @scratch NULL with a nonzero @scratch_len, @n above 2^20);
 * KURV_ERR_BUFFER (@scratch given with @scratch_len below
 * kurv_ed25519_batch_scratch_size(1)); KURV_ERR_RNG (the system's random generator
 * failed; not for @n below 2). When several apply, the first in this order wins (whatever
 * the chunks): KURV_ERR_ARG, KURV_ERR_BUFFER, KURV_ERR_RNG, KURV_ERR_POINT,
 * KURV_ERR_SIGNATURE.
 * Spec: RFC 8032 5.1.7 (each signature's rules); the batch equation is the usual
 * randomised one (Bernstein et al., "High-speed high-security signatures", 2011, 5).
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_ed25519_verify_batch(const uint8_t *sigs,
                                                              const uint8_t *pubkeys,
                                                              const uint8_t *const *msgs,
                                                              const size_t *msg_lens, size_t n,
                                                              void *scratch, size_t scratch_len);

/*
 * Ed25519ctx and Ed25519ph (RFC 8032 5.1): Ed25519 with the prefix
 * dom2(phflag, C) = "SigEd25519 no Ed25519 collisions" || octet(phflag) || octet(len(C)) || C
 * before both hashes (the nonce's and the challenge's), C the context, 0..255 bytes.
 * Ed25519ctx (phflag 0) signs M itself and requires a non-empty context (RFC 8032 5.1:
 * an empty one is pure Ed25519's business and is refused); Ed25519ph (phflag 1) signs
 * PH(M) = SHA-512(M), and its context may be empty. A signature of one algorithm, or under
 * another context, does not verify under another. Signing takes a key pair
 * (kurv_ed25519_keypair()); verification follows kurv_ed25519_verify()'s rules.
 */

/**
 * kurv_ed25519ctx_sign() - an Ed25519ctx signature (deterministic).
 * @sig:     64 bytes out, R || S; may overlap @msg (read whole before @sig is written).
 * @msg:     @msg_len bytes (NULL allowed when @msg_len is 0).
 * @ctx:     the context, @ctx_len bytes, 1..255.
 * @keypair: 96 bytes from kurv_ed25519_keypair().
 * r = SHA-512(dom2(0, C) || prefix || M) mod L, R = [r]B,
 * k = SHA-512(dom2(0, C) || R || A || M) mod L, S = (r + k s) mod L. Constant time in the key.
 * Return: KURV_OK; KURV_ERR_ARG when @sig or @keypair is NULL, @msg is NULL with a nonzero
 * @msg_len, @ctx is NULL with a nonzero @ctx_len, or @ctx_len is 0 or above 255;
 * KURV_ERR_PRIVKEY when the key pair's s is not clamped (kurv_ed25519_keypair_pubkey()).
 * @sig is zeroed on every error.
 * Spec: RFC 8032 5.1 (dom2), 5.1.6.
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg,
                                                        size_t msg_len, const uint8_t *ctx,
                                                        size_t ctx_len, const uint8_t keypair[96]);

/**
 * kurv_ed25519ctx_verify() - verify an Ed25519ctx signature.
 * @sig: 64 bytes, R || S.  @msg: @msg_len bytes (NULL allowed when @msg_len is 0).
 * @ctx: the context, @ctx_len bytes, 1..255.  @pub: 32 bytes, the encoded public key A.
 * kurv_ed25519_verify()'s rules, with k = SHA-512(dom2(0, C) || R || A || M) mod L.
 * Return: KURV_OK when valid; KURV_ERR_ARG (a NULL pointer, @msg or @ctx NULL with a
 * nonzero length, @ctx_len 0 or above 255); KURV_ERR_POINT when @pub does not decode;
 * KURV_ERR_SIGNATURE when R does not decode, S >= L, or the equation does not hold.
 * Spec: RFC 8032 5.1 (dom2), 5.1.7.
 */
KURV_API kurv_err kurv_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg,
                                         size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                                         const uint8_t pub[32]);

/**
 * kurv_ed25519ph_sign() - an Ed25519ph signature (deterministic) of the message M, which
 * is hashed here: PH(M) = SHA-512(M) is what is signed.
 * @sig:     64 bytes out, R || S; may overlap @msg (read whole before @sig is written).
 * @msg:     @msg_len bytes, M (NULL allowed when @msg_len is 0).
 * @ctx:     the context, @ctx_len bytes, 0..255 (NULL allowed when @ctx_len is 0).
 * @keypair: 96 bytes from kurv_ed25519_keypair().
 * As kurv_ed25519ctx_sign() with dom2(1, C) and PH(M) in place of M.
 * Return: KURV_OK; KURV_ERR_ARG when @sig or @keypair is NULL, @msg or @ctx is NULL with a
 * nonzero length, or @ctx_len is above 255; KURV_ERR_PRIVKEY as kurv_ed25519ctx_sign().
 * @sig is zeroed on every error.
 * Spec: RFC 8032 5.1 (dom2, PH = SHA-512), 5.1.6.
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg,
                                                       size_t msg_len, const uint8_t *ctx,
                                                       size_t ctx_len, const uint8_t keypair[96]);

/**
 * kurv_ed25519ph_verify() - verify an Ed25519ph signature of the message M (hashed here).
 * @sig: 64 bytes.  @msg: @msg_len bytes, M.  @ctx: @ctx_len bytes, 0..255.  @pub: 32 bytes.
 * kurv_ed25519_verify()'s rules, with k = SHA-512(dom2(1, C) || R || A || SHA-512(M)) mod L.
 * Return: KURV_OK when valid; KURV_ERR_ARG (a NULL pointer, @msg or @ctx NULL with a
 * nonzero length, @ctx_len above 255); KURV_ERR_POINT when @pub does not decode;
 * KURV_ERR_SIGNATURE when R does not decode, S >= L, or the equation does not hold.
 * Spec: RFC 8032 5.1 (dom2, PH = SHA-512), 5.1.7.
 */
KURV_API kurv_err kurv_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg,
                                        size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                                        const uint8_t pub[32]);

/*
 * Key files (RFC 8410): PKCS#8 PrivateKeyInfo / OneAsymmetricKey and SubjectPublicKeyInfo,
 * DER or PEM, as `openssl genpkey -algorithm x25519|ed25519` and `openssl pkey -pubout`
 * write them. The algorithm is named by its OID alone, parameters absent (RFC 8410 3):
 *   id-X25519  1.3.101.110    id-Ed25519  1.3.101.112
 *   PrivateKeyInfo ::= SEQUENCE { INTEGER 0 (v1) or 1 (v2), AlgorithmIdentifier,
 *       OCTET STRING containing CurvePrivateKey ::= OCTET STRING (32 bytes),
 *       [0] IMPLICIT Attributes OPTIONAL, [1] IMPLICIT BIT STRING publicKey OPTIONAL (v2) }
 *   SubjectPublicKeyInfo ::= SEQUENCE { AlgorithmIdentifier, BIT STRING (32 bytes) }
 * The private key is the X25519 private key or the Ed25519 seed, the public key the
 * X25519 u-coordinate or the encoded Ed25519 point A, 32 bytes each (RFC 8410 7, 4).
 */

typedef enum kurv_25519_alg {
    KURV_25519_ANY = 0,     /* decoding: either algorithm */
    KURV_25519_X25519 = 1,  /* id-X25519, 1.3.101.110 */
    KURV_25519_ED25519 = 2  /* id-Ed25519, 1.3.101.112 */
} kurv_25519_alg;

/* Upper bound of any key file kurv_25519_*_encode() writes, DER or PEM (a PEM PKCS#8 is
 * 119 bytes, a PEM SubjectPublicKeyInfo 113). */
#define KURV_25519_MAX_KEYFILE_LEN 128

/**
 * kurv_25519_privkey_encode() - write an X25519 or Ed25519 private key as PKCS#8.
 * Writes a PrivateKeyInfo v1 without the public key, byte for byte as OpenSSL 3 does
 * (`openssl genpkey`, `openssl pkey`): 48 bytes of DER
 * 30 2e 02 01 00 30 05 06 03 2b 65 (6e|70) 04 22 04 20 <key>, or that DER in PEM under
 * "PRIVATE KEY" (RFC 7468 10; 64-column lines, each ended by "\n", no NUL).
 * @out:     out, or NULL to ask for the size; @out_len: capacity in, bytes written out.
 * @alg:     KURV_25519_X25519 or KURV_25519_ED25519.
 * @fmt:     KURV_KEYFMT_DER or KURV_KEYFMT_PEM.
 * @key:     32 bytes: the X25519 private key or the Ed25519 seed (any value).
 * Return: KURV_OK; KURV_ERR_ARG (a NULL @out_len or @key, another @alg or @fmt);
 *         KURV_ERR_BUFFER (@out NULL or too small: *@out_len set to the need, which
 *         depends only on @fmt: 48 DER, 119 PEM). @out is zeroed on error (as far as
 *         *@out_len said); the key's temporary copies are wiped.
 * Spec: RFC 8410 7 (and 3 for the OIDs); RFC 5208 5; RFC 5958 2; RFC 7468 10.
 */
KURV_API kurv_err kurv_25519_privkey_encode(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                                            kurv_keyfmt fmt, const uint8_t key[32]);

/**
 * kurv_25519_privkey_decode() - read an X25519 or Ed25519 private key from a PKCS#8 file.
 * DER or PEM, detected from the content (a first byte 0x30 is DER, anything else PEM).
 * DER is read strictly (X.690 10.1: definite minimal lengths; no byte after the key).
 * PEM is read as the core reads it (<kurv/keyfile.h>, kurv_privkey_decode(): text before
 * the BEGIN line, CRLF and trailing blank space accepted; nothing but blank space after
 * the END line) and the label must be "PRIVATE KEY". Read: v1 (RFC 5208) and v2 (RFC 5958,
 * OneAsymmetricKey) with attributes (ignored) and, in v2 only, the optional publicKey,
 * which must be the key's public key (computed, compared: RFC 8410 7 / RFC 5958 2).
 * @alg:     in: the algorithm wanted, or KURV_25519_ANY; out: the file's (on success).
 * @key:     32 bytes out: the X25519 private key or the Ed25519 seed.
 * @in:      the file's bytes, @in_len of them.
 * Return: KURV_OK;
 *         KURV_ERR_ARG (a NULL pointer, *@alg not one of the three);
 *         KURV_ERR_ENCODING (malformed DER, PEM or base64; trailing data after the DER or
 *           the PEM block; a version other than 0 or 1; AlgorithmIdentifier parameters
 *           present, RFC 8410 3; privateKey not an OCTET STRING holding one
 *           CurvePrivateKey OCTET STRING; a publicKey in v1 or with unused bits; PEM
 *           headers or an END label that differs);
 *         KURV_ERR_UNSUPPORTED (an algorithm OID other than the two: an EC, X448, Ed448 or
 *           RSA key, a SubjectPublicKeyInfo; a PEM label other than "PRIVATE KEY" and
 *           "ENCRYPTED PRIVATE KEY"; an RFC 1421 "Proc-Type: 4,ENCRYPTED" block);
 *         KURV_ERR_ENCRYPTED (an EncryptedPrivateKeyInfo, DER or PEM "ENCRYPTED PRIVATE
 *           KEY", RFC 5958 3: kurv_25519_privkey_decode_pass() reads it);
 *         KURV_ERR_CURVE (the file's algorithm is not *@alg);
 *         KURV_ERR_PRIVKEY (the CurvePrivateKey is not 32 bytes);
 *         KURV_ERR_POINT (the v2 publicKey is not 32 bytes; for Ed25519 it does not
 *           decode to a curve point as RFC 8032 5.1.3 says: y >= p, no x for y, x = 0
 *           with the sign bit set; or it is not the key's public key).
 *         @key is zeroed on error; copies of the key (the decoded PEM) are wiped.
 * Spec: RFC 8410 3, 7, 10.3; RFC 5208 5; RFC 5958 2; RFC 7468 10; X.690 10.1.
 */
KURV_API kurv_err kurv_25519_privkey_decode(kurv_25519_alg *alg, uint8_t key[32],
                                            const uint8_t *in, size_t in_len);

/* Upper bound of an encrypted key file kurv_25519_privkey_encode_pass() writes, DER or PEM. */
#define KURV_25519_MAX_ENC_KEYFILE_LEN 320

/**
 * kurv_25519_privkey_encode_pass() - write an X25519 or Ed25519 private key as a
 * password-encrypted PKCS#8 file (EncryptedPrivateKeyInfo, RFC 5958 3): the PrivateKeyInfo
 * of kurv_25519_privkey_encode(), encrypted as kurv_privkey_encode_pass() encrypts an EC
 * key's (<kurv/keyfile.h>): PBES2 with PBKDF2-HMAC-SHA-256 of @iter iterations and a fresh
 * 16-byte salt, AES-256-CBC with a fresh IV, the DER layout `openssl genpkey -aes256`
 * writes; PEM label "ENCRYPTED PRIVATE KEY".
 * @out:      out, or NULL to ask for the size; @out_len: capacity in, bytes written out.
 * @alg, @fmt, @key: as kurv_25519_privkey_encode().
 * @pass:     the password, @pass_len bytes (any bytes; NULL when @pass_len is 0).
 * @iter:     PBKDF2 iterations, 1..KURV_PBKDF2_ITER_MAX; 0 means KURV_PBKDF2_ITER_DEFAULT.
 * Return: KURV_OK; KURV_ERR_ARG (a NULL @out_len or @key, @pass NULL with a nonzero
 *         @pass_len, another @alg or @fmt, @iter above KURV_PBKDF2_ITER_MAX);
 *         KURV_ERR_RNG; KURV_ERR_BUFFER (*@out_len set to the need, which depends only on
 *         @fmt and @iter; KURV_25519_MAX_ENC_KEYFILE_LEN always suffices). @out is zeroed
 *         on error; the derived key and the plaintext are wiped.
 * Spec: RFC 8410 7; RFC 5958 3; RFC 8018 5.2, 6.2, A.2, A.4, B.1.2; RFC 3565 4.1;
 *       RFC 7468 11.
 */
KURV_API kurv_err kurv_25519_privkey_encode_pass(uint8_t *out, size_t *out_len,
                                                 kurv_25519_alg alg, kurv_keyfmt fmt,
                                                 const uint8_t key[32],
                                                 const uint8_t *pass, size_t pass_len,
                                                 unsigned long iter);

/**
 * kurv_25519_privkey_decode_pass() - read an X25519 or Ed25519 private key that may be
 * password-encrypted. An EncryptedPrivateKeyInfo (DER, or PEM "ENCRYPTED PRIVATE KEY") is
 * decrypted with @pass, with the schemes kurv_privkey_decode_pass() reads (PBES2, PBKDF2
 * with HMAC-SHA-1/224/256/384/512, AES-128/192/256-CBC), and its PrivateKeyInfo read as
 * kurv_25519_privkey_decode() reads one; any other input is read by
 * kurv_25519_privkey_decode() itself (@pass unused), as `openssl pkey -passin` does.
 * @alg, @key, @in, @in_len: as kurv_25519_privkey_decode().
 * @pass:     the password, @pass_len bytes (NULL when @pass_len is 0).
 * Return: those of kurv_25519_privkey_decode() (KURV_ERR_ENCRYPTED only for an
 *         EncryptedPrivateKeyInfo under the PEM label "PRIVATE KEY"), and
 *         KURV_ERR_ENCODING (a malformed EncryptedPrivateKeyInfo; an encryptedData that is
 *           empty, not whole AES blocks or over 4096 bytes);
 *         KURV_ERR_UNSUPPORTED (PBES1 and PKCS#12 schemes, scrypt, ciphers other than
 *           AES-CBC, other PRFs, an iteration count above KURV_PBKDF2_ITER_MAX; a
 *           decrypted key of another algorithm);
 *         KURV_ERR_PASSWORD (after decryption: bad padding, contents that are not a
 *           PrivateKeyInfo, a v2 public key that does not match: a wrong password, or
 *           altered data). PBES2 has no integrity check of its own and a v1 key carries
 *           no public key to compare: altered encrypted bytes of the key itself decrypt to
 *           another key, with KURV_OK (as in OpenSSL).
 *         @key is zeroed on error; the derived key and the plaintext are wiped.
 * Spec: RFC 8410 7; RFC 5958 3; RFC 8018 5.2, 6.2.2, A.2, A.4, B.1; RFC 3565 4.1;
 *       RFC 7468 11.
 */
KURV_API kurv_err kurv_25519_privkey_decode_pass(kurv_25519_alg *alg, uint8_t key[32],
                                                 const uint8_t *in, size_t in_len,
                                                 const uint8_t *pass, size_t pass_len);

/**
 * kurv_25519_pubkey_encode() - write an X25519 or Ed25519 public key as a
 * SubjectPublicKeyInfo, byte for byte as `openssl pkey -pubout` does: 44 bytes of DER
 * 30 2a 30 05 06 03 2b 65 (6e|70) 03 21 00 <pub>, or that DER in PEM under "PUBLIC KEY".
 * @out:     out, or NULL to ask for the size; @out_len: capacity in, bytes written out.
 * @alg:     KURV_25519_X25519 or KURV_25519_ED25519.
 * @fmt:     KURV_KEYFMT_DER or KURV_KEYFMT_PEM.
 * @pub:     32 bytes, written as given (not checked: any 32 bytes are an X25519 public
 *           key, RFC 7748 5; an Ed25519 point that does not decode is refused when read
 *           back, by kurv_25519_pubkey_decode(), and when used, by kurv_ed25519_verify(),
 *           both with KURV_ERR_POINT).
 * Return: KURV_OK; KURV_ERR_ARG (a NULL @out_len or @pub, another @alg or @fmt);
 *         KURV_ERR_BUFFER (*@out_len set to the need: 44 DER, 113 PEM).
 * Spec: RFC 8410 4 (and 3); RFC 5280 4.1.2.7; RFC 7468 13.
 */
KURV_API kurv_err kurv_25519_pubkey_encode(uint8_t *out, size_t *out_len, kurv_25519_alg alg,
                                           kurv_keyfmt fmt, const uint8_t pub[32]);

/**
 * kurv_25519_pubkey_decode() - read an X25519 or Ed25519 public key from a
 * SubjectPublicKeyInfo, DER or PEM ("PUBLIC KEY"), read as kurv_25519_privkey_decode()
 * reads its files. The 32 bytes are returned as they are (see kurv_25519_pubkey_encode()),
 * once checked: an X25519 key may be any 32 bytes (RFC 7748 5); an Ed25519 key must decode
 * to a point of edwards25519 (RFC 8032 5.1.3, the decoding kurv_ed25519_verify() does; a
 * point of small order is not refused for that alone).
 * @alg:     in: the algorithm wanted, or KURV_25519_ANY; out: the file's (on success).
 * @pub:     32 bytes out.
 * @in:      the file's bytes, @in_len of them.
 * Return: KURV_OK; KURV_ERR_ARG (a NULL pointer, *@alg not one of the three);
 *         KURV_ERR_ENCODING (malformed DER, PEM or base64; trailing data; parameters
 *           present; a BIT STRING with unused bits);
 *         KURV_ERR_UNSUPPORTED (another algorithm OID; a PEM label other than "PUBLIC
 *           KEY", a private key's among them; "Proc-Type: 4,ENCRYPTED");
 *         KURV_ERR_CURVE (the file's algorithm is not *@alg);
 *         KURV_ERR_POINT (the key is not 32 bytes; or an Ed25519 key that does not decode:
 *           y >= p (non-canonical), no x for y (not on the curve), x = 0 with the sign
 *           bit set). @pub is zeroed on error.
 * Spec: RFC 8410 4 (and 3); RFC 5280 4.1.2.7; RFC 7468 13; X.690 10.1.
 */
KURV_API kurv_err kurv_25519_pubkey_decode(kurv_25519_alg *alg, uint8_t pub[32],
                                           const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif
#endif
