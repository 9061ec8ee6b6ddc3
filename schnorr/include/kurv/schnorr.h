/*
 * kurv-schnorr: BIP-340 Schnorr signatures over secp256k1 (Bitcoin's Taproot
 * signatures), with batch verification.
 *
 * Sizes are fixed by BIP-340: secret keys, x-only public keys, auxiliary
 * randomness and the two halves of a signature are 32 bytes each; a signature
 * is 64 bytes, r || s. Messages may have any length (BIP-340, "Messages of
 * arbitrary size"). Integers are big-endian, as everywhere in kurv.
 *
 * Public keys are x-only: the 32-byte x-coordinate of the point P with even y
 * (BIP-340 lift_x). A secret key d' whose d'*G has odd y signs as n - d'.
 *
 * Errors: every function returns a kurv_err (<kurv/err.h>); secret outputs are
 * zeroed on error. Signing is constant time in the secret key, the nonce and
 * the auxiliary randomness (tests/ctime checks it under valgrind), and wipes
 * them after use. Verification is variable time: its inputs are public.
 *
 * Link with `pkg-config --libs kurv-schnorr` (it requires kurv-secp256k1).
 */
#ifndef KURV_SCHNORR_H
#define KURV_SCHNORR_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/kurv.h>
#include <kurv/secp256k1.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KURV_SCHNORR_SECKEY_LEN  32   /* secret key d' in [1, n-1] */
#define KURV_SCHNORR_PUBKEY_LEN  32   /* x-only public key: x(P), P with even y */
#define KURV_SCHNORR_KEYPAIR_LEN 64   /* key pair: secret d (even-y form) || x(P); secret */
#define KURV_SCHNORR_AUX_LEN     32   /* auxiliary randomness of signing */
#define KURV_SCHNORR_SIG_LEN     64   /* signature r || s */

/**
 * kurv_schnorr_keypair() - a key pair from a secret key, for repeated signing.
 * @keypair: out, KURV_SCHNORR_KEYPAIR_LEN (64) bytes: d || x(P), where P = d'*G and
 *           d = d' if P has even y, else n - d'. It holds the secret: wipe it
 *           (kurv_wipe) when done. Zeroed on error.
 * @seckey:  KURV_SCHNORR_SECKEY_LEN (32) bytes, d' with 1 <= d' <= n-1.
 * Constant time in @seckey.
 * Return: KURV_OK; KURV_ERR_ARG for a NULL pointer; KURV_ERR_PRIVKEY if d' = 0 or d' >= n.
 * Spec: BIP-340 "Default Signing", steps 1-4.
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_keypair(uint8_t keypair[64], const uint8_t seckey[32]);

/**
 * kurv_schnorr_keypair_pubkey() - the x-only public key of a key pair (its last 32 bytes).
 * @pubkey:  out, KURV_SCHNORR_PUBKEY_LEN (32) bytes.
 * @keypair: 64 bytes from kurv_schnorr_keypair().
 * Return: KURV_OK; KURV_ERR_ARG for a NULL pointer.
 */
KURV_API kurv_err kurv_schnorr_keypair_pubkey(uint8_t pubkey[32], const uint8_t keypair[64]);

/**
 * kurv_schnorr_pubkey() - the x-only public key of a secret key: bytes(d'*G).
 * @pubkey: out, KURV_SCHNORR_PUBKEY_LEN (32) bytes; zeroed on error.
 * @seckey: 32 bytes, 1 <= d' <= n-1. Constant time in @seckey.
 * Return: KURV_OK; KURV_ERR_ARG for a NULL pointer; KURV_ERR_PRIVKEY if d' is out of range.
 * Spec: BIP-340 "Public Key Generation" (PubKey(sk)).
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_pubkey(uint8_t pubkey[32], const uint8_t seckey[32]);

/**
 * kurv_schnorr_pubkey_check() - whether 32 bytes are a valid x-only public key.
 * @pubkey: 32 bytes, x < p with x^3 + 7 a square mod p (lift_x succeeds).
 * Return: KURV_OK; KURV_ERR_ARG for NULL; KURV_ERR_POINT if x >= p or x is not on the curve.
 * Spec: BIP-340 "Specification", lift_x.
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_pubkey_check(const uint8_t pubkey[32]);

/**
 * kurv_schnorr_sign() - sign a message by BIP-340's default signing algorithm.
 * @sig:     out, KURV_SCHNORR_SIG_LEN (64) bytes r || s; zeroed on error.
 * @keypair: 64 bytes from kurv_schnorr_keypair().
 * @msg:     @msg_len bytes, any length (NULL allowed when @msg_len is 0).
 * @aux:     KURV_SCHNORR_AUX_LEN (32) bytes of auxiliary randomness (fresh random bytes
 *           are recommended; all zeros gives a deterministic signature). Not NULL.
 * The nonce is k' = int(hash_BIP0340/nonce(t || bytes(P) || m)) mod n with
 * t = bytes(d) xor hash_BIP0340/aux(a); r = x(k'*G), s = k + e*d mod n with
 * e = int(hash_BIP0340/challenge(r || bytes(P) || m)) mod n. Constant time in the
 * key, the nonce and @aux; the nonce and intermediate secrets are wiped.
 * The signature is not verified after signing (BIP-340 recommends it against
 * faults; call kurv_schnorr_verify() where that matters).
 * Return: KURV_OK; KURV_ERR_ARG for a NULL pointer; KURV_ERR_PRIVKEY if the key pair's
 * d is 0 or >= n; KURV_ERR_SIGNATURE if k' = 0 (probability about 2^-256).
 * Spec: BIP-340 "Default Signing".
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_sign(uint8_t sig[64], const uint8_t keypair[64],
                                                     const uint8_t *msg, size_t msg_len,
                                                     const uint8_t aux[32]);

/**
 * kurv_schnorr_sign_seckey() - kurv_schnorr_sign() from a 32-byte secret key
 * (computes the key pair first: one more fixed-base multiplication).
 * Errors as kurv_schnorr_keypair() and kurv_schnorr_sign().
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_sign_seckey(uint8_t sig[64], const uint8_t seckey[32],
                                                            const uint8_t *msg, size_t msg_len,
                                                            const uint8_t aux[32]);

/**
 * kurv_schnorr_verify() - verify a BIP-340 signature.
 * @sig:    64 bytes r || s.
 * @pubkey: 32-byte x-only public key.
 * @msg:    @msg_len bytes, any length (NULL allowed when @msg_len is 0).
 * Computes e = int(hash_BIP0340/challenge(r || pubkey || m)) mod n and R = s*G - e*P,
 * and accepts when R is not O, y(R) is even and x(R) = r. Variable time.
 * Return: KURV_OK if the signature is valid; KURV_ERR_SIGNATURE if it does not verify;
 * KURV_ERR_POINT if @pubkey is not a valid x-only key (x >= p or not on the curve);
 * KURV_ERR_ENCODING if r >= p or s >= n (out-of-range signature halves);
 * KURV_ERR_ARG for a NULL pointer. When several apply, the first in this order wins:
 * ARG, POINT, ENCODING, SIGNATURE (an invalid key with r >= p gives KURV_ERR_POINT).
 * Spec: BIP-340 "Verification".
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_verify(const uint8_t sig[64], const uint8_t pubkey[32],
                                                       const uint8_t *msg, size_t msg_len);

/**
 * kurv_schnorr_batch_scratch_size() - bytes of scratch memory that lets
 * kurv_schnorr_verify_batch() check @n signatures in one multi-scalar product.
 * Return: the size, 0 if @n is above 2^20. About 5.8 KiB per signature for small @n
 * (5,888 bytes for n = 1), 3.6 KiB at n = 512, 2.8 KiB at n = 4096 (secp256k1, x86-64).
 */
KURV_API size_t kurv_schnorr_batch_scratch_size(size_t n);

/**
 * kurv_schnorr_verify_batch() - verify @n signatures at once by BIP-340's batch equation
 *   (s_1 + a_2 s_2 + ... + a_n s_n) G = R_1 + a_2 R_2 + ... + a_n R_n
 *                                       + e_1 P_1 + a_2 e_2 P_2 + ... + a_n e_n P_n.
 * @sigs:      @n signatures, 64 bytes each, back to back.
 * @pubkeys:   @n x-only public keys, 32 bytes each, back to back.
 * @msgs:      @n message pointers (an entry may be NULL when its length is 0).
 * @msg_lens:  @n message lengths.
 * @scratch:   working memory of @scratch_len bytes, any alignment. With at least
 *             kurv_schnorr_batch_scratch_size(@n) bytes the batch is one product;
 *             with less it is checked in chunks that fit (each chunk by the same
 *             equation; slower per signature), down to the minimum
 *             kurv_schnorr_batch_scratch_size(1). NULL with @scratch_len 0: the function
 *             allocates (malloc) scratch for chunks of up to 512 signatures and frees it.
 * The coefficients a_2..a_n are drawn from ChaCha20 keyed with a SHA-256 tagged hash
 * ("KURV/schnorr-batch") of every signature, key and message of the chunk, so they are
 * unpredictable to whoever chose the inputs, and the result is deterministic. The
 * result equals the conjunction of kurv_schnorr_verify() over the inputs (except with
 * probability about 2^-128 per chunk for a forged batch). Variable time. n = 0 is valid.
 * Return: KURV_OK if every signature is valid; KURV_ERR_SIGNATURE if at least one does
 * not verify (including an r that is no curve x-coordinate); KURV_ERR_POINT if a public
 * key is invalid; KURV_ERR_ENCODING if some r >= p or s >= n; KURV_ERR_ARG for a NULL
 * array (or message with a nonzero length) or @n above 2^20; KURV_ERR_BUFFER if
 * @scratch_len is below kurv_schnorr_batch_scratch_size(1) or the allocation failed.
 * When several apply, the code does not depend on @scratch_len (chunked or not) and the
 * first in this order wins: KURV_ERR_ARG for @n or a NULL array; then, over the records in
 * index order, the first record with a NULL message of nonzero length (KURV_ERR_ARG) or
 * r >= p or s >= n (KURV_ERR_ENCODING); then KURV_ERR_BUFFER; then KURV_ERR_POINT for an
 * invalid key anywhere in the batch; then KURV_ERR_SIGNATURE. So an input error always
 * wins over a signature that does not verify, and, unlike kurv_schnorr_verify(), an
 * out-of-range r or s wins over an invalid key (also for @n = 1).
 * Spec: BIP-340 "Batch Verification".
 */
KURV_API KURV_WARN_UNUSED kurv_err kurv_schnorr_verify_batch(const uint8_t *sigs, const uint8_t *pubkeys,
                                                             const uint8_t *const *msgs,
                                                             const size_t *msg_lens, size_t n,
                                                             void *scratch, size_t scratch_len);

#ifdef __cplusplus
}
#endif
#endif
