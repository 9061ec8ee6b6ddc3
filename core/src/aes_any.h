/*
 * kurv internal: one AES context for the three key sizes over Nettle, shared by the ECIES
 * DEM (ecies/dem.c) and the encrypted key files (keyfile_pass.c) (hidden symbols).
 */
#ifndef KURV_AES_ANY_H
#define KURV_AES_ANY_H

#include <stddef.h>
#include <stdint.h>
#include <nettle/aes.h>
#include <nettle/nettle-types.h>

union kurv_aes_any {
    struct aes128_ctx a128;
    struct aes192_ctx a192;
    struct aes256_ctx a256;
};

/* Key @ctx with @key_len (16, 24 or 32; anything else is taken as 32) bytes of @key, for
 * decryption when @decrypt is nonzero, else encryption. Return: the block function to give
 * Nettle's modes (cbc_encrypt, ctr_crypt, gcm_*) with @ctx. The caller wipes @ctx. */
nettle_cipher_func *kurv_aes_setup(union kurv_aes_any *ctx, const uint8_t *key, size_t key_len,
                                   int decrypt);

#endif
