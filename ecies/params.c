/* kurv ECIES: presets, parameter validation and sizes (see kurv/ecies.h). */
#include <kurv/hash.h>
#include <kurv/ecies.h>
#include "curve_impl.h"
#include "ecies_impl.h"

#include <stdint.h>
#include <string.h>

/* BouncyCastle IESEngine: ECDH, KDF2-SHA-256 over V || Z, AES-CBC/PKCS#7 with a zero IV,
 * HMAC-SHA-256 over C || L2 with a full 32-byte tag (FORMAT.md). */
const kurv_ecies_params kurv_ecies_default_params = {
    KURV_ECIES_ECDH, KURV_ECIES_KDF2, KURV_HASH_SHA256,
    KURV_ECIES_AES_CBC, 16,
    KURV_ECIES_HMAC, KURV_HASH_SHA256, 16, 32,
    0, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, NULL
};

static const kurv_ecies_params bc_aes256 = {
    KURV_ECIES_ECDH, KURV_ECIES_KDF2, KURV_HASH_SHA256,
    KURV_ECIES_AES_CBC, 32,
    KURV_ECIES_HMAC, KURV_HASH_SHA256, 32, 32,
    0, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, NULL
};

/* SEC 1 v2 5.1: Z alone into the ANSI X9.63 KDF (KDF2 with SharedInfo1), AES-128-CTR
 * (3.8), HMAC-SHA-256 with a 32-byte key and the full tag (3.7) over C || SharedInfo2. */
static const kurv_ecies_params sec1_aes128_ctr = {
    KURV_ECIES_ECDH, KURV_ECIES_KDF2, KURV_HASH_SHA256,
    KURV_ECIES_AES_CTR, 16,
    KURV_ECIES_HMAC, KURV_HASH_SHA256, 32, 32,
    KURV_ECIES_KDF_Z_ONLY | KURV_ECIES_NO_LENGTH_TAG, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, NULL
};

/* Botan 2's ECIES_Encryptor / ECIES_Decryptor with ECIES_System_Params(group, "KDF2(SHA-256)",
 * "AES-128/CBC" or "AES-256/CBC", 16 or 32, "HMAC(SHA-256)", 32), uncompressed points and no
 * flags, read from Botan 2.19's src/lib/pubkey/ecies/ecies.cpp: the KDF input is the
 * ephemeral point as sent followed by Z (the flag-less mode); the KDF output gives the
 * cipher key first, then the MAC key; CBC with PKCS#7 padding and, no IV being set, a zero
 * IV; the MAC (its full 32 bytes) covers C and then the label, which is SharedInfo2 here,
 * with no length; V || C || T on the wire. */
static const kurv_ecies_params botan_aes128 = {
    KURV_ECIES_ECDH, KURV_ECIES_KDF2, KURV_HASH_SHA256,
    KURV_ECIES_AES_CBC, 16,
    KURV_ECIES_HMAC, KURV_HASH_SHA256, 32, 32,
    KURV_ECIES_NO_LENGTH_TAG, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, NULL
};

static const kurv_ecies_params botan_aes256 = {
    KURV_ECIES_ECDH, KURV_ECIES_KDF2, KURV_HASH_SHA256,
    KURV_ECIES_AES_CBC, 32,
    KURV_ECIES_HMAC, KURV_HASH_SHA256, 32, 32,
    KURV_ECIES_NO_LENGTH_TAG, NULL, 0, NULL, 0, NULL, 0, NULL, NULL, NULL
};

static const char *const preset_names[] = {
    "bc-aes128-cbc", "bc-aes256-cbc", "sec1-aes128-ctr", "botan-aes128-cbc", "botan-aes256-cbc",
    NULL
};

static const kurv_ecies_params *const preset_params[] = {
    &kurv_ecies_default_params, &bc_aes256, &sec1_aes128_ctr, &botan_aes128, &botan_aes256
};

static int name_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        char x = *a, y = *b;
        if (x >= 'A' && x <= 'Z')
            x = (char)(x - 'A' + 'a');
        if (y >= 'A' && y <= 'Z')
            y = (char)(y - 'A' + 'a');
        if (x != y)
            return 0;
    }
    return *a == *b;
}

const kurv_ecies_params *kurv_ecies_preset(const char *name)
{
    size_t i;
    if (!name)
        return NULL;
    for (i = 0; preset_names[i]; i++)
        if (name_eq(name, preset_names[i]))
            return preset_params[i];
    return NULL;
}

const char *const *kurv_ecies_preset_names(void)
{
    return preset_names;
}

static int hash_ok(kurv_hash h)
{
    return h == KURV_HASH_SHA256 || h == KURV_HASH_SHA384 || h == KURV_HASH_SHA512;
}

kurv_err kurv_ecies_params_check(const kurv_curve *c, const kurv_ecies_params *p)
{
    if (!kurv_curve_ok(c))
        return KURV_ERR_ARG;
    if (!p)
        return KURV_OK;
    if (p->agreement != KURV_ECIES_ECDH && p->agreement != KURV_ECIES_ECDHC)
        return KURV_ERR_ARG;
    if (p->flags & ~(KURV_ECIES_COMPRESSED | KURV_ECIES_KDF_Z_ONLY | KURV_ECIES_NO_LENGTH_TAG))
        return KURV_ERR_ARG;
    if ((!p->shared_info1 && p->shared_info1_len) || (!p->shared_info2 && p->shared_info2_len))
        return KURV_ERR_ARG;

    switch (p->kdf) {
    case KURV_ECIES_KDF1:
    case KURV_ECIES_KDF2:
    case KURV_ECIES_HKDF:
        if (!hash_ok(p->kdf_hash))
            return KURV_ERR_ARG;
        break;
    case KURV_ECIES_KDF_CUSTOM:
        if (!p->kdf_ops || !p->kdf_ops->derive)
            return KURV_ERR_ARG;
        break;
    default:
        return KURV_ERR_ARG;
    }

    switch (p->cipher) {
    case KURV_ECIES_AES_CBC:
    case KURV_ECIES_AES_CTR:
    case KURV_ECIES_AES_GCM:
        if (p->cipher_key_len != 16 && p->cipher_key_len != 24 && p->cipher_key_len != 32)
            return KURV_ERR_ARG;
        if (p->iv && p->iv_len != (p->cipher == KURV_ECIES_AES_GCM ? 12u : 16u))
            return KURV_ERR_ARG;
        if (!p->iv && p->iv_len)
            return KURV_ERR_ARG;
        break;
    case KURV_ECIES_CIPHER_CUSTOM: {
        const kurv_ecies_cipher_ops *o = p->cipher_ops;
        if (!o || !o->ct_len || !o->pt_max_len || !o->encrypt || !o->decrypt ||
            o->key_len < 1 || o->key_len > 64)
            return KURV_ERR_ARG;
        break;
    }
    default:
        return KURV_ERR_ARG;
    }

    switch (p->mac) {
    case KURV_ECIES_HMAC:
        if (!hash_ok(p->mac_hash) || p->mac_key_len < 16 || p->mac_key_len > 64)
            return KURV_ERR_ARG;
        if (p->tag_len != 0 && (p->tag_len < 16 || p->tag_len > kurv_hash_len(p->mac_hash)))
            return KURV_ERR_ARG;
        if (p->cipher == KURV_ECIES_AES_GCM)
            return KURV_ERR_ARG;   /* GCM authenticates: one tag is enough */
        break;
    case KURV_ECIES_MAC_NONE:
        /* only an authenticated cipher may go without a MAC (a custom cipher is trusted to) */
        if (p->cipher != KURV_ECIES_AES_GCM && p->cipher != KURV_ECIES_CIPHER_CUSTOM)
            return KURV_ERR_ARG;
        break;
    case KURV_ECIES_MAC_CUSTOM: {
        const kurv_ecies_mac_ops *o = p->mac_ops;
        if (!o || !o->mac || o->key_len < 1 || o->key_len > 64 || o->tag_len < 1 ||
            o->tag_len > KURV_ECIES_MAX_TAG || p->cipher == KURV_ECIES_AES_GCM)
            return KURV_ERR_ARG;
        break;
    }
    default:
        return KURV_ERR_ARG;
    }
    return KURV_OK;
}

size_t kurv_ecies_cipher_key_len(const kurv_ecies_params *p)
{
    return p->cipher == KURV_ECIES_CIPHER_CUSTOM ? p->cipher_ops->key_len : p->cipher_key_len;
}

size_t kurv_ecies_mac_key_len(const kurv_ecies_params *p)
{
    switch (p->mac) {
    case KURV_ECIES_HMAC: return p->mac_key_len;
    case KURV_ECIES_MAC_CUSTOM: return p->mac_ops->key_len;
    default: return 0;
    }
}

size_t kurv_ecies_tag_len(const kurv_ecies_params *p)
{
    switch (p->mac) {
    case KURV_ECIES_HMAC: return p->tag_len ? p->tag_len : kurv_hash_len(p->mac_hash);
    case KURV_ECIES_MAC_CUSTOM: return p->mac_ops->tag_len;
    default: return 0;
    }
}

size_t kurv_ecies_body_len(const kurv_ecies_params *p, size_t pt_len, int *ok)
{
    *ok = 1;
    switch (p->cipher) {
    case KURV_ECIES_AES_CBC:
        if (pt_len > SIZE_MAX - 512)
            break;
        return 16 * (pt_len / 16 + 1);
    case KURV_ECIES_AES_CTR:
        if (pt_len > SIZE_MAX - 512)
            break;
        return pt_len;
    case KURV_ECIES_AES_GCM:
        if (pt_len > SIZE_MAX - 512)
            break;
        return pt_len + 16;
    case KURV_ECIES_CIPHER_CUSTOM: {
        size_t n = p->cipher_ops->ct_len(p->cipher_ops->ctx, pt_len);
        if (n == 0 || n > SIZE_MAX - 512)
            break;
        return n;
    }
    default:
        break;
    }
    *ok = 0;
    return 0;
}

size_t kurv_ecies_body_pt_max(const kurv_ecies_params *p, size_t c_len)
{
    switch (p->cipher) {
    case KURV_ECIES_AES_CBC: return c_len >= 16 ? c_len - 1 : 0;
    case KURV_ECIES_AES_CTR: return c_len;
    case KURV_ECIES_AES_GCM: return c_len >= 16 ? c_len - 16 : 0;
    case KURV_ECIES_CIPHER_CUSTOM: return p->cipher_ops->pt_max_len(p->cipher_ops->ctx, c_len);
    default: return 0;
    }
}

size_t kurv_ecies_ciphertext_len(const kurv_curve *c, const kurv_ecies_params *p, size_t pt_len)
{
    size_t body;
    int ok;
    if (kurv_ecies_params_check(c, p) != KURV_OK)
        return 0;
    if (!p)
        p = &kurv_ecies_default_params;
    body = kurv_ecies_body_len(p, pt_len, &ok);
    if (!ok)
        return 0;
    return kurv_curve_point_len(c, (p->flags & KURV_ECIES_COMPRESSED) != 0) + body +
           kurv_ecies_tag_len(p);
}

size_t kurv_ecies_plaintext_max_len(const kurv_curve *c, const kurv_ecies_params *p,
                                    const uint8_t *ct, size_t ct_len)
{
    size_t vlen, tlen;
    if (kurv_ecies_params_check(c, p) != KURV_OK)
        return 0;
    if (!p)
        p = &kurv_ecies_default_params;
    /* V's length from its prefix when we have it; otherwise the shortest form */
    vlen = kurv_curve_point_len(c, 1);
    if (ct && ct_len > 0 && (ct[0] == 0x04 || ct[0] == 0x06 || ct[0] == 0x07))
        vlen = kurv_curve_point_len(c, 0);
    tlen = kurv_ecies_tag_len(p);
    if (ct_len < vlen + tlen)
        return 0;
    return kurv_ecies_body_pt_max(p, ct_len - vlen - tlen);
}
