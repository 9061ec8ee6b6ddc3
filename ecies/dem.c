/*
 * kurv ECIES: the data encapsulation - AES-CBC/PKCS#7, AES-CTR, AES-GCM (Nettle) - and
 * the MAC - HMAC-SHA-2 (Nettle) or the caller's.
 */
#include <kurv/util.h>
#include <kurv/ecies.h>
#include "ecies_impl.h"
#include "ct.h"

#include <string.h>
#include <nettle/aes.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/hmac.h>
#include <nettle/memops.h>
#include <nettle/nettle-meta.h>
#include <nettle/sha2.h>
#include "aes_any.h"


void kurv_ecies_iv(const kurv_ecies_params *p, uint8_t *iv, size_t len)
{
    if (p->iv)
        memcpy(iv, p->iv, len);
    else
        memset(iv, 0, len);
}

nettle_cipher_func *kurv_ecies_gcm_start(const kurv_ecies_params *p, union kurv_aes_any *aes,
                                     struct gcm_key *gk, struct gcm_ctx *gc,
                                     const uint8_t *key, uint8_t *iv)
{
    nettle_cipher_func *f = kurv_aes_setup(aes, key, p->cipher_key_len, 0);
    kurv_ecies_iv(p, iv, 12);
    gcm_set_key(gk, aes, f);
    gcm_set_iv(gc, gk, 12, iv);
    if (p->shared_info2_len)
        gcm_update(gc, gk, p->shared_info2_len, p->shared_info2);
    return f;
}

/* all-ones if a == b (bytes), else 0; constant time */
static uint32_t eq_mask(uint32_t a, uint32_t b)
{
    uint32_t x = a ^ b;
    return (uint32_t)(((uint64_t)x - 1) >> 32);
}

/* all-ones if a <= b for a, b < 2^31; constant time */
static uint32_t le_mask(uint32_t a, uint32_t b)
{
    return (uint32_t)0 - (((b - a) >> 31) ^ 1u);
}

kurv_err kurv_ecies_cbc_unpad(uint8_t *out, size_t *n_out, const uint8_t last[16])
{
    uint32_t pad, good, n;
    size_t i;

    /* PKCS#7, strictly and in constant time: pad = last byte in 1..16, and the last pad
     * bytes all equal pad. The tag was already checked, so this is no oracle either way. */
    pad = last[15];
    good = ~eq_mask(pad, 0) & le_mask(pad, 16);
    for (i = 0; i < 16; i++) {
        uint32_t in_pad = le_mask(16 - (uint32_t)i, pad);   /* byte i is inside the padding */
        good &= ~in_pad | eq_mask(last[i], pad);
    }
    /* copy the message bytes of the last block (all 15 slots, masked) */
    n = (16 - pad) & good;
    for (i = 0; i < 15; i++) {
        uint32_t keep = ~le_mask(n, (uint32_t)i);   /* i < n */
        out[i] = (uint8_t)(last[i] & keep);
    }
    kurv_declassify(&good, sizeof good);   /* refused or not: the caller learns it */
    if (!(good & 1)) {
        kurv_wipe(out, 15);
        *n_out = 0;
        return KURV_ERR_DECRYPT;
    }
    kurv_declassify(&n, sizeof n);     /* the plaintext length is an output */
    *n_out = n;
    return KURV_OK;
}

kurv_err kurv_ecies_dem_encrypt(const kurv_ecies_params *p, uint8_t *ct, const uint8_t *key,
                                const uint8_t *pt, size_t pt_len)
{
    union kurv_aes_any aes;
    nettle_cipher_func *f;
    uint8_t iv[16], last[16];
    static const uint8_t none[1] = {0};
    size_t full, rest;

    if (!pt)
        pt = none;
    switch (p->cipher) {
    case KURV_ECIES_AES_CBC:
        f = kurv_aes_setup(&aes, key, p->cipher_key_len, 0);
        kurv_ecies_iv(p, iv, 16);
        full = pt_len - pt_len % 16;
        rest = pt_len - full;
        if (full)
            cbc_encrypt(&aes, f, 16, iv, full, ct, pt);
        /* PKCS#7: 1..16 bytes, each the pad length */
        memcpy(last, pt + full, rest);
        memset(last + rest, (int)(16 - rest), 16 - rest);
        cbc_encrypt(&aes, f, 16, iv, 16, ct + full, last);
        kurv_wipe(last, sizeof last);
        break;
    case KURV_ECIES_AES_CTR:
        f = kurv_aes_setup(&aes, key, p->cipher_key_len, 0);
        kurv_ecies_iv(p, iv, 16);
        if (pt_len)
            ctr_crypt(&aes, f, 16, iv, pt_len, ct, pt);
        break;
    case KURV_ECIES_AES_GCM: {
        struct gcm_key gk;
        struct gcm_ctx gc;
        f = kurv_ecies_gcm_start(p, &aes, &gk, &gc, key, iv);
        if (pt_len)
            gcm_encrypt(&gc, &gk, &aes, f, pt_len, ct, pt);
        gcm_digest(&gc, &gk, &aes, f, 16, ct + pt_len);
        kurv_wipe(&gk, sizeof gk);
        kurv_wipe(&gc, sizeof gc);
        break;
    }
    case KURV_ECIES_CIPHER_CUSTOM:
        return p->cipher_ops->encrypt(p->cipher_ops->ctx, ct, key, pt, pt_len,
                                      p->shared_info2, p->shared_info2_len);
    default:
        return KURV_ERR_ARG;
    }
    kurv_wipe(&aes, sizeof aes);
    kurv_wipe(iv, sizeof iv);
    return KURV_OK;
}

kurv_err kurv_ecies_dem_decrypt(const kurv_ecies_params *p, uint8_t *pt, size_t *pt_len,
                                const uint8_t *key, const uint8_t *ct, size_t ct_len)
{
    union kurv_aes_any aes;
    nettle_cipher_func *f;
    uint8_t iv[16], last[16];
    kurv_err e = KURV_OK;

    *pt_len = 0;
    switch (p->cipher) {
    case KURV_ECIES_AES_CBC: {
        size_t full, n;
        /* a non-empty whole number of blocks (BouncyCastle: "last block incomplete") */
        if (ct_len == 0 || ct_len % 16 != 0)
            return KURV_ERR_DECRYPT;
        f = kurv_aes_setup(&aes, key, p->cipher_key_len, 1);
        kurv_ecies_iv(p, iv, 16);
        full = ct_len - 16;
        if (full)
            cbc_decrypt(&aes, f, 16, iv, full, pt, ct);
        cbc_decrypt(&aes, f, 16, iv, 16, last, ct + full);
        e = kurv_ecies_cbc_unpad(pt + full, &n, last);
        if (e != KURV_OK)
            kurv_wipe(pt, ct_len - 1);
        else
            *pt_len = full + n;
        kurv_wipe(last, sizeof last);
        break;
    }
    case KURV_ECIES_AES_CTR:
        f = kurv_aes_setup(&aes, key, p->cipher_key_len, 0);
        kurv_ecies_iv(p, iv, 16);
        if (ct_len)
            ctr_crypt(&aes, f, 16, iv, ct_len, pt, ct);
        *pt_len = ct_len;
        break;
    case KURV_ECIES_AES_GCM: {
        struct gcm_key gk;
        struct gcm_ctx gc;
        uint8_t tag[16];
        size_t m;
        if (ct_len < 16)
            return KURV_ERR_DECRYPT;
        m = ct_len - 16;
        f = kurv_ecies_gcm_start(p, &aes, &gk, &gc, key, iv);
        /* Nettle hashes and decrypts in one pass; the plaintext stays in the caller's
         * buffer only if the tag matches (wiped otherwise) */
        if (m)
            gcm_decrypt(&gc, &gk, &aes, f, m, pt, ct);
        int tag_ok;
        gcm_digest(&gc, &gk, &aes, f, 16, tag);
        tag_ok = memeql_sec(tag, ct + m, 16);
        kurv_declassify(&tag_ok, sizeof tag_ok);   /* refused or not: the caller learns it */
        if (!tag_ok) {
            kurv_wipe(pt, m);
            e = KURV_ERR_DECRYPT;
        } else {
            *pt_len = m;
        }
        kurv_wipe(&gk, sizeof gk);
        kurv_wipe(&gc, sizeof gc);
        kurv_wipe(tag, sizeof tag);
        break;
    }
    case KURV_ECIES_CIPHER_CUSTOM:
        e = p->cipher_ops->decrypt(p->cipher_ops->ctx, pt, pt_len, key, ct, ct_len,
                                   p->shared_info2, p->shared_info2_len);
        return e == KURV_OK ? KURV_OK : KURV_ERR_DECRYPT;
    default:
        return KURV_ERR_ARG;
    }
    kurv_wipe(&aes, sizeof aes);
    kurv_wipe(iv, sizeof iv);
    return e;
}

/* L2: the bit length of SharedInfo2 ("encoding"), 8 bytes big-endian (BouncyCastle) */
static void length_tag(const kurv_ecies_params *p, uint8_t l2[8])
{
    uint64_t bits = (uint64_t)p->shared_info2_len * 8u;
    int i;
    for (i = 0; i < 8; i++)
        l2[i] = (uint8_t)(bits >> (56 - 8 * i));
}

static const struct nettle_hash *mac_meta(const kurv_ecies_params *p)
{
    return p->mac_hash == KURV_HASH_SHA256 ? &nettle_sha256
         : p->mac_hash == KURV_HASH_SHA384 ? &nettle_sha384
         : &nettle_sha512;
}

void kurv_ecies_hmac_start(const kurv_ecies_params *p, struct kurv_ecies_hmac *m,
                           const uint8_t *key)
{
    hmac_set_key(&m->outer, &m->inner, &m->state, mac_meta(p), p->mac_key_len, key);
}

void kurv_ecies_hmac_update(const kurv_ecies_params *p, struct kurv_ecies_hmac *m,
                            const uint8_t *data, size_t len)
{
    if (len)
        hmac_update(&m->state, mac_meta(p), len, data);
}

void kurv_ecies_hmac_finish(const kurv_ecies_params *p, struct kurv_ecies_hmac *m, uint8_t *tag)
{
    const struct nettle_hash *h = mac_meta(p);
    uint8_t l2[8];

    if (p->shared_info2_len)
        hmac_update(&m->state, h, p->shared_info2_len, p->shared_info2);
    if (!(p->flags & KURV_ECIES_NO_LENGTH_TAG)) {
        length_tag(p, l2);
        hmac_update(&m->state, h, 8, l2);
    }
    hmac_digest(&m->outer, &m->inner, &m->state, h, kurv_ecies_tag_len(p), tag);
    kurv_wipe(m, sizeof *m);
}

kurv_err kurv_ecies_mac_run(const kurv_ecies_params *p, uint8_t *tag, const uint8_t *key,
                            const uint8_t *ct, size_t ct_len)
{
    static const uint8_t none[1] = {0};
    uint8_t l2[8];
    int with_l2 = !(p->flags & KURV_ECIES_NO_LENGTH_TAG);

    length_tag(p, l2);
    if (!ct)
        ct = none;

    if (p->mac == KURV_ECIES_HMAC) {
        struct kurv_ecies_hmac m;
        kurv_ecies_hmac_start(p, &m, key);
        kurv_ecies_hmac_update(p, &m, ct, ct_len);
        kurv_ecies_hmac_finish(p, &m, tag);
        return KURV_OK;
    }
    if (p->mac == KURV_ECIES_MAC_CUSTOM) {
        const uint8_t *parts[3];
        size_t lens[3], n = 0;
        parts[n] = ct;
        lens[n++] = ct_len;
        if (p->shared_info2_len) {
            parts[n] = p->shared_info2;
            lens[n++] = p->shared_info2_len;
        }
        if (with_l2) {
            parts[n] = l2;
            lens[n++] = 8;
        }
        return p->mac_ops->mac(p->mac_ops->ctx, tag, key, parts, lens, n);
    }
    return KURV_ERR_ARG;
}
