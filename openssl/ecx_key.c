/*
 * openssl/ecx_key.c: the X25519 and Ed25519 key object of kurv.so (kp_ecx, ecx.h) and the
 * keymgmt functions that work on it alone (provider-keymgmt(7), OpenSSL 3.0): free, has,
 * match, dup, validate, load. Their rules are those of OpenSSL 3.0's default provider (its
 * ecx keymgmt): such a key has no domain parameters, so a selection of parameters alone is
 * always answered yes; has/validate ask for the parts the selection names; match compares
 * the public keys when both have one, else the private keys, in constant time
 * (CRYPTO_memcmp); validate with the whole key pair checks that the public key is the
 * private key's (recomputed). Secrets (the private key, Ed25519's key pair) are wiped
 * (kurv_wipe) when a key is freed or replaced. Trace: "match <alg>", "check <alg>" (alg
 * "X25519" or "ED25519").
 * Spec: RFC 7748 6.1 (X25519 public keys), RFC 8032 5.1.5 (Ed25519 public keys).
 */
#include <string.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include <kurv/util.h>
#include "ecx.h"

/* kp_ecx_name() - contract in ecx.h. */
const char *kp_ecx_name(kurv_25519_alg alg)
{
    return alg == KURV_25519_ED25519 ? "ED25519" : "X25519";
}

/* kp_ecx_new() - contract in ecx.h. */
kp_ecx *kp_ecx_new(kp_provctx *pc, kurv_25519_alg alg)
{
    kp_ecx *k = OPENSSL_zalloc(sizeof *k);
    if (k == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
        return NULL;
    }
    k->pc = pc;
    k->alg = alg;
    return k;
}

/* kp_ecx_free() - contract in ecx.h. */
void kp_ecx_free(kp_ecx *k)
{
    if (k == NULL)
        return;
    kurv_wipe(k, sizeof *k);
    OPENSSL_free(k);
}

/* kp_ecx_km_free() - OSSL_FUNC_keymgmt_free: kp_ecx_free(). */
void kp_ecx_km_free(void *keydata) { kp_ecx_free(keydata); }

/* kp_ecx_set_priv() - contract in ecx.h (RFC 7748 6.1, RFC 8032 5.1.5); the 32 bytes are
 * copied only once the public key is computed; on error the key is left empty, the private
 * key it held before wiped. */
int kp_ecx_set_priv(kp_ecx *k, const uint8_t priv[32])
{
    const kp_ecx_api *x = kp_ecx_fns();
    uint8_t pub[32];
    kurv_err e;
    if (x == NULL) {
        kp_err(PROV_R_NOT_SUPPORTED, "kurv: libkurv-25519 is not loaded");
        return 0;
    }
    k->has_priv = k->has_pub = 0;
    kurv_wipe(k->keypair, sizeof k->keypair);
    if (k->alg == KURV_25519_ED25519) {
        e = x->ed25519_keypair(k->keypair, priv);
        memcpy(pub, k->keypair + 64, 32);
    } else {
        e = x->x25519_public_key(pub, priv);
    }
    if (e != KURV_OK) {
        kurv_wipe(k->keypair, sizeof k->keypair);
        kurv_wipe(k->priv, sizeof k->priv);   /* the old key's; @priv is read by now */
        kp_err(PROV_R_INVALID_KEY, "kurv: %s private key: %s", kp_ecx_name(k->alg),
               kurv_strerror(e));
        return 0;
    }
    memmove(k->priv, priv, 32);
    memcpy(k->pub, pub, 32);
    k->has_priv = k->has_pub = 1;
    return 1;
}

/* kp_ecx_set_pub() - contract in ecx.h. */
int kp_ecx_set_pub(kp_ecx *k, const uint8_t pub[32])
{
    memcpy(k->pub, pub, 32);
    k->has_pub = 1;
    return 1;
}

/* kp_ecx_km_has() - OSSL_FUNC_keymgmt_has: 1 when @keydata has the parts @selection names
 * (parameters: always); 0 for NULL. */
int kp_ecx_km_has(const void *keydata, int selection)
{
    const kp_ecx *k = keydata;
    if (k == NULL)
        return 0;
    if ((selection & KP_SEL_PUB) && !k->has_pub)
        return 0;
    if ((selection & KP_SEL_PRIV) && !k->has_priv)
        return 0;
    return 1;
}

/* kp_ecx_km_match() - OSSL_FUNC_keymgmt_match: 1 when @a_ and @b_ are of one algorithm and,
 * for a key-pair selection, their public keys (both present) or else their private keys
 * (both present) are equal; 0 otherwise (no key compared: 0). Trace "match <alg>". */
int kp_ecx_km_match(const void *a_, const void *b_, int selection)
{
    const kp_ecx *a = a_, *b = b_;
    if (a == NULL || b == NULL || a->alg != b->alg)
        return 0;
    kp_log_line("match", kp_ecx_name(a->alg), NULL);
    if (!(selection & KP_SEL_KEYPAIR))
        return 1;
    if ((selection & KP_SEL_PUB) && a->has_pub && b->has_pub)
        return CRYPTO_memcmp(a->pub, b->pub, 32) == 0;
    if ((selection & KP_SEL_PRIV) && a->has_priv && b->has_priv)
        return CRYPTO_memcmp(a->priv, b->priv, 32) == 0;
    return 0;
}

/* kp_ecx_km_dup() - OSSL_FUNC_keymgmt_dup: a copy of @from_ with the parts @selection
 * names (the public key with KP_SEL_PUB, the private key with KP_SEL_PRIV); NULL when
 * memory runs out. */
void *kp_ecx_km_dup(const void *from_, int selection)
{
    const kp_ecx *from = from_;
    if (from == NULL)
        return NULL;
    kp_ecx *k = kp_ecx_new(from->pc, from->alg);
    if (k == NULL)
        return NULL;
    if ((selection & KP_SEL_PUB) && from->has_pub) {
        memcpy(k->pub, from->pub, 32);
        k->has_pub = 1;
    }
    if ((selection & KP_SEL_PRIV) && from->has_priv) {
        memcpy(k->priv, from->priv, 32);
        memcpy(k->keypair, from->keypair, sizeof k->keypair);
        k->has_priv = 1;
    }
    return k;
}

/* kp_ecx_km_validate() - OSSL_FUNC_keymgmt_validate: the parts @selection names are
 * present and, for the whole key pair, the public key is the private key's (recomputed:
 * X25519(priv, 9), or A of the seed). @checktype unused (one check for all). Return 1/0.
 * Trace "check <alg>". */
int kp_ecx_km_validate(const void *keydata, int selection, int checktype)
{
    const kp_ecx *k = keydata;
    (void)checktype;
    if (k == NULL)
        return 0;
    if (!(selection & KP_SEL_KEYPAIR))
        return 1;
    kp_log_line("check", kp_ecx_name(k->alg), NULL);
    if (!kp_ecx_km_has(k, selection))
        return 0;
    if ((selection & KP_SEL_KEYPAIR) != KP_SEL_KEYPAIR)
        return 1;
    kp_ecx t = *k;
    int ok = kp_ecx_set_priv(&t, k->priv) && CRYPTO_memcmp(t.pub, k->pub, 32) == 0;
    kurv_wipe(&t, sizeof t);
    return ok;
}

/* kp_ecx_km_load() - OSSL_FUNC_keymgmt_load: the key an ecx decoder made (ecx_decoder.c),
 * by @reference, a pointer to the key pointer, which is set to NULL (the key is the
 * caller's); NULL for another @reference_sz. */
void *kp_ecx_km_load(const void *reference, size_t reference_sz)
{
    if (reference == NULL || reference_sz != sizeof(kp_ecx *))
        return NULL;
    kp_ecx **ref = (kp_ecx **)reference;
    kp_ecx *k = *ref;
    *ref = NULL;
    return k;
}
