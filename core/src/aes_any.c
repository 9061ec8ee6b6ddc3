/* kurv internal: AES for the three key sizes over Nettle (see aes_any.h). */
#include "aes_any.h"

nettle_cipher_func *kurv_aes_setup(union kurv_aes_any *ctx, const uint8_t *key, size_t key_len,
                                   int decrypt)
{
    switch (key_len) {
    case 16:
        if (decrypt) {
            aes128_set_decrypt_key(&ctx->a128, key);
            return (nettle_cipher_func *)aes128_decrypt;
        }
        aes128_set_encrypt_key(&ctx->a128, key);
        return (nettle_cipher_func *)aes128_encrypt;
    case 24:
        if (decrypt) {
            aes192_set_decrypt_key(&ctx->a192, key);
            return (nettle_cipher_func *)aes192_decrypt;
        }
        aes192_set_encrypt_key(&ctx->a192, key);
        return (nettle_cipher_func *)aes192_encrypt;
    default:
        if (decrypt) {
            aes256_set_decrypt_key(&ctx->a256, key);
            return (nettle_cipher_func *)aes256_decrypt;
        }
        aes256_set_encrypt_key(&ctx->a256, key);
        return (nettle_cipher_func *)aes256_encrypt;
    }
}
