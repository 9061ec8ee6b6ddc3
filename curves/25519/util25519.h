/*
 * kurv-25519 internal: what fe25519.c, sc25519.c, x25519.c and ed25519.c share besides the
 * field: little-endian 64-bit loads and stores byte by byte (no byte-order assumption), and
 * the key generation of both schemes (32 bytes from the core's kurv_random, then the
 * scheme's public key). Builds on <kurv/keys.h> and <kurv/util.h> only.
 */
#ifndef KURV_UTIL25519_H
#define KURV_UTIL25519_H

#include <stdint.h>
#include <kurv/err.h>
#include <kurv/keys.h>
#include <kurv/util.h>

/* the eight bytes s[0..7] as a little-endian integer */
static inline uint64_t k25519_load64(const uint8_t *s)
{
    uint64_t w = 0;
    int i;
    for (i = 7; i >= 0; i--)
        w = (w << 8) | s[i];
    return w;
}

/* w into s[0..7], little-endian */
static inline void k25519_store64(uint8_t *s, uint64_t w)
{
    int i;
    for (i = 0; i < 8; i++) {
        s[i] = (uint8_t)w;
        w >>= 8;
    }
}

/* priv = 32 random bytes, pub = public(priv). KURV_ERR_ARG for a NULL pointer (priv zeroed
 * when given); KURV_ERR_RNG from kurv_random (priv and pub zeroed). */
static inline kurv_err k25519_keygen(uint8_t priv[32], uint8_t pub[32],
                                     kurv_err (*public_key)(uint8_t *, const uint8_t *))
{
    kurv_err err;
    if (!priv || !pub) {
        if (priv)
            kurv_wipe(priv, 32);
        return KURV_ERR_ARG;
    }
    err = kurv_random(priv, 32);
    if (err) {
        kurv_wipe(priv, 32);
        kurv_wipe(pub, 32);
        return err;
    }
    return public_key(pub, priv);
}

#endif
