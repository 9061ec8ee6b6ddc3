/*
 * openssl/digest.c: the SHA-2 digests of digest-sign/verify and of the X9.63 KDF, computed by
 * Nettle (FIPS 180-4), as kurv's own hashing is. SHA-1 is here for the KDF of CMS's default
 * ECDH scheme only.
 *
 * Why Nettle and not an EVP_MD fetched from the core: the provider must sign with
 * `-provider kurv -provider base`, where no loaded provider offers a digest; Nettle is
 * already kurv's hash library, so the module needs no child library context and no
 * recursion into the core for every update.
 */
#include <string.h>
#include <strings.h>
#include <nettle/nettle-meta.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include "prov.h"

struct kp_md {
    const struct nettle_hash *nh;
    kurv_hash hash;
    const char *name;
    void *ctx;      /* nh->context_size bytes */
};

static const struct {
    const char *names[5];
    const struct nettle_hash *nh;
    kurv_hash hash;
} table[] = {
    /* SHA-1: for the X9.63 KDF only (CMS's default dhSinglePass-stdDH-sha1kdf-scheme);
     * signature.c refuses it (kurv_hash NONE) */
    {{"SHA1", "SHA-1", "1.3.14.3.2.26", NULL, NULL}, &nettle_sha1, KURV_HASH_NONE},
    {{"SHA2-224", "SHA224", "SHA-224", "2.16.840.1.101.3.4.2.4", NULL}, &nettle_sha224, KURV_HASH_SHA224},
    {{"SHA2-256", "SHA256", "SHA-256", "2.16.840.1.101.3.4.2.1", NULL}, &nettle_sha256, KURV_HASH_SHA256},
    {{"SHA2-384", "SHA384", "SHA-384", "2.16.840.1.101.3.4.2.2", NULL}, &nettle_sha384, KURV_HASH_SHA384},
    {{"SHA2-512", "SHA512", "SHA-512", "2.16.840.1.101.3.4.2.3", NULL}, &nettle_sha512, KURV_HASH_SHA512},
};

kp_md *kp_md_new(const char *name)
{
    for (size_t i = 0; name != NULL && i < sizeof table / sizeof table[0]; i++)
        for (size_t j = 0; table[i].names[j] != NULL; j++)
            if (strcasecmp(name, table[i].names[j]) == 0) {
                kp_md *m = OPENSSL_zalloc(sizeof *m);
                if (m == NULL)
                    return NULL;
                m->nh = table[i].nh;
                m->hash = table[i].hash;
                m->name = table[i].names[0];
                m->ctx = OPENSSL_zalloc(m->nh->context_size);
                if (m->ctx == NULL) {
                    OPENSSL_free(m);
                    return NULL;
                }
                m->nh->init(m->ctx);
                return m;
            }
    kp_err(PROV_R_INVALID_DIGEST, "digest %s: kurv has SHA-224/256/384/512 (and SHA-1 for the X9.63 KDF)",
           name == NULL ? "(none)" : name);
    return NULL;
}

kp_md *kp_md_dup(const kp_md *m)
{
    kp_md *d = OPENSSL_memdup(m, sizeof *m);
    if (d == NULL)
        return NULL;
    d->ctx = OPENSSL_memdup(m->ctx, m->nh->context_size);
    if (d->ctx == NULL) {
        OPENSSL_free(d);
        return NULL;
    }
    return d;
}

void kp_md_free(kp_md *m)
{
    if (m == NULL)
        return;
    OPENSSL_clear_free(m->ctx, m->nh->context_size);
    OPENSSL_free(m);
}

void kp_md_update(kp_md *m, const void *data, size_t len)
{
    if (len > 0)
        m->nh->update(m->ctx, len, data);
}

void kp_md_final(kp_md *m, uint8_t *out)
{
    /* Nettle's digest functions write the digest and reset the context */
    m->nh->digest(m->ctx, m->nh->digest_size, out);
}

size_t kp_md_size(const kp_md *m) { return m->nh->digest_size; }
kurv_hash kp_md_hash(const kp_md *m) { return m->hash; }
const char *kp_md_name(const kp_md *m) { return m->name; }
