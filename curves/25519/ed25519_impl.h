/*
 * kurv-25519 internal: what ed25519.c shares with batch25519.c, Ed25519's batch
 * verification: the challenge hash of pure Ed25519.
 *
 * Contract. Public inputs (a signature's R, a public key's bytes, the message); 32 bytes
 * out, a residue mod L, little-endian. Builds on SHA-512 from Nettle and sc25519.c.
 */
#ifndef KURV_ED25519_IMPL_H
#define KURV_ED25519_IMPL_H

#include <stddef.h>
#include <stdint.h>

/* k = SHA-512(R || A || M) mod L over the bytes of R and A as given (RFC 8032 5.1.7
 * step 2, pure Ed25519: no dom2); msg may be NULL when msg_len is 0 */
void k25519_ed25519_challenge(uint8_t k[32], const uint8_t r[32], const uint8_t a[32],
                              const uint8_t *msg, size_t msg_len);

#endif
