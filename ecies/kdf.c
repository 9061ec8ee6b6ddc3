/*
 * kurv ECIES: key derivation - KDF1 and KDF2 of ISO/IEC 18033-2 6.2 (KDF2 is the ANSI
 * X9.63 KDF), HKDF of RFC 5869, or the caller's function. Hashes and HMAC are Nettle's.
 */
#include <kurv/hash.h>
#include <kurv/util.h>
#include <kurv/ecies.h>
#include "ecies_impl.h"

#include <string.h>
#include <nettle/hkdf.h>
#include <nettle/hmac.h>
#include <nettle/nettle-meta.h>
#include <nettle/sha2.h>

static const struct nettle_hash *meta(kurv_hash h)
{
    switch (h) {
    case KURV_HASH_SHA256: return &nettle_sha256;
    case KURV_HASH_SHA384: return &nettle_sha384;
    case KURV_HASH_SHA512: return &nettle_sha512;
    default: return NULL;
    }
}

/*
 * Block i of the output is H(secret || I2OSP(counter, 4) || info), counter = first + i;
 * the blocks are concatenated and cut to out_len (BouncyCastle BaseKDFBytesGenerator
 * appends its "derivation" after the counter, as X9.63 appends SharedInfo).
 */
static kurv_err kdf_counter(const kurv_ecies_params *p, uint8_t *out, size_t out_len,
                            const uint8_t *secret, size_t secret_len, uint32_t first)
{
    const struct nettle_hash *h = meta(p->kdf_hash);
    union {
        struct sha256_ctx s256;
        struct sha512_ctx s512;
    } ctx;
    uint8_t block[KURV_MAX_HASH_LEN], ctr[4];
    uint32_t counter = first;
    size_t done = 0;

    if (!h)
        return KURV_ERR_ARG;
    while (done < out_len) {
        size_t take = out_len - done < h->digest_size ? out_len - done : h->digest_size;
        ctr[0] = (uint8_t)(counter >> 24);
        ctr[1] = (uint8_t)(counter >> 16);
        ctr[2] = (uint8_t)(counter >> 8);
        ctr[3] = (uint8_t)counter;
        h->init(&ctx);
        h->update(&ctx, secret_len, secret);
        h->update(&ctx, 4, ctr);
        if (p->shared_info1_len)
            h->update(&ctx, p->shared_info1_len, p->shared_info1);
        h->digest(&ctx, h->digest_size, block);
        memcpy(out + done, block, take);
        done += take;
        counter++;
    }
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(block, sizeof block);
    return KURV_OK;
}

/* Nettle's HMAC entry points for one hash, as hkdf_extract/hkdf_expand take them. */
struct hmac_fns {
    void (*set_key)(void *ctx, size_t len, const uint8_t *key);
    nettle_hash_update_func *update;
    nettle_hash_digest_func *digest;
};

#define HMAC_FNS(h) { (void (*)(void *, size_t, const uint8_t *))hmac_##h##_set_key, \
                      (nettle_hash_update_func *)hmac_##h##_update,                   \
                      (nettle_hash_digest_func *)hmac_##h##_digest }

/* RFC 5869 with an empty salt (HMAC keyed with HashLen zero bytes, the same thing). */
static kurv_err kdf_hkdf(const kurv_ecies_params *p, uint8_t *out, size_t out_len,
                         const uint8_t *secret, size_t secret_len)
{
    static const struct hmac_fns fns[3] = { HMAC_FNS(sha256), HMAC_FNS(sha384), HMAC_FNS(sha512) };
    union {
        struct hmac_sha256_ctx s256;
        struct hmac_sha384_ctx s384;
        struct hmac_sha512_ctx s512;
    } ctx;
    uint8_t prk[KURV_MAX_HASH_LEN];
    static const uint8_t none[1] = {0};
    const uint8_t *info = p->shared_info1_len ? p->shared_info1 : none;
    size_t hl = kurv_hash_len(p->kdf_hash);
    const struct hmac_fns *f;

    switch (p->kdf_hash) {
    case KURV_HASH_SHA256: f = &fns[0]; break;
    case KURV_HASH_SHA384: f = &fns[1]; break;
    case KURV_HASH_SHA512: f = &fns[2]; break;
    default: return KURV_ERR_ARG;
    }
    if (out_len > 255 * hl)
        return KURV_ERR_ARG;
    f->set_key(&ctx, 0, none);
    hkdf_extract(&ctx, f->update, f->digest, hl, secret_len, secret, prk);
    f->set_key(&ctx, hl, prk);
    hkdf_expand(&ctx, f->update, f->digest, hl, p->shared_info1_len, info, out_len, out);
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(prk, sizeof prk);
    return KURV_OK;
}

kurv_err kurv_ecies_kdf_run(const kurv_ecies_params *p, uint8_t *out, size_t out_len,
                            const uint8_t *secret, size_t secret_len)
{
    kurv_err e;
    switch (p->kdf) {
    case KURV_ECIES_KDF1:
        e = kdf_counter(p, out, out_len, secret, secret_len, 0);
        break;
    case KURV_ECIES_KDF2:
        e = kdf_counter(p, out, out_len, secret, secret_len, 1);
        break;
    case KURV_ECIES_HKDF:
        e = kdf_hkdf(p, out, out_len, secret, secret_len);
        break;
    case KURV_ECIES_KDF_CUSTOM:
        e = p->kdf_ops->derive(p->kdf_ops->ctx, out, out_len, secret, secret_len,
                               p->shared_info1, p->shared_info1_len);
        break;
    default:
        e = KURV_ERR_ARG;
        break;
    }
    if (e != KURV_OK)
        kurv_wipe(out, out_len);
    return e;
}
