/* kurv: the SHA-2 digests kurv signs with (computed by Nettle). */
#ifndef KURV_HASH_H
#define KURV_HASH_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/export.h>
#include <kurv/err.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kurv_hash {
    KURV_HASH_NONE = 0,
    KURV_HASH_SHA224,
    KURV_HASH_SHA256,
    KURV_HASH_SHA384,
    KURV_HASH_SHA512
} kurv_hash;

#define KURV_MAX_HASH_LEN 64

/** kurv_hash_len() - digest length in bytes (28, 32, 48, 64), or 0 for an unknown hash. */
KURV_API size_t kurv_hash_len(kurv_hash h);

/** kurv_hash_name() - "SHA-256" etc.; "none" for an unknown value. */
KURV_API const char *kurv_hash_name(kurv_hash h);

/**
 * kurv_hash_from_name() - parse "sha256", "SHA-256", "SHA2-256" (case-insensitive) and the like.
 * Return: the hash, or KURV_HASH_NONE if the name is not recognised.
 */
KURV_API kurv_hash kurv_hash_from_name(const char *name);

/**
 * kurv_hash_digest() - one-shot digest of a message.
 * @out: out, kurv_hash_len(h) bytes.
 * @msg: @msg_len bytes (may be NULL when @msg_len is 0).
 * Return: KURV_OK; KURV_ERR_ARG (unknown hash, NULL @out, or NULL @msg with @msg_len > 0).
 * Spec: FIPS 180-4.
 */
KURV_API kurv_err kurv_hash_digest(kurv_hash h, uint8_t *out, const uint8_t *msg, size_t msg_len);

#ifdef __cplusplus
}
#endif
#endif
