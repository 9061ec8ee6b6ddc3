/* kurv ECDSA: the HMAC_DRBG nonce generator of RFC 6979 section 3.2 (and 3.6). */
#include "ecdsa_impl.h"

#include <string.h>
#include <nettle/hmac.h>

const struct nettle_hash *kurv_dsa_nettle_hash(kurv_hash h)
{
    switch (h) {
    case KURV_HASH_SHA224: return &nettle_sha224;
    case KURV_HASH_SHA256: return &nettle_sha256;
    case KURV_HASH_SHA384: return &nettle_sha384;
    case KURV_HASH_SHA512: return &nettle_sha512;
    case KURV_HASH_NONE: break;
    }
    return NULL;
}

static void drbg_key(kurv_dsa_drbg *g)
{
    hmac_set_key(&g->outer, &g->inner, &g->state, g->h, g->hlen, g->k);
}

/* V = HMAC_K(V) */
static void drbg_step_v(kurv_dsa_drbg *g)
{
    hmac_update(&g->state, g->h, g->hlen, g->v);
    hmac_digest(&g->outer, &g->inner, &g->state, g->h, g->hlen, g->v);
}

/* K = HMAC_K(V || sep || x || hm || extra); then V = HMAC_K(V) under the new K */
static void drbg_update(kurv_dsa_drbg *g, uint8_t sep, size_t slen, const uint8_t *x,
                        const uint8_t *hm, const uint8_t *extra, size_t extra_len)
{
    hmac_update(&g->state, g->h, g->hlen, g->v);
    hmac_update(&g->state, g->h, 1, &sep);
    if (x) {
        hmac_update(&g->state, g->h, slen, x);
        hmac_update(&g->state, g->h, slen, hm);
    }
    if (extra_len)
        hmac_update(&g->state, g->h, extra_len, extra);
    hmac_digest(&g->outer, &g->inner, &g->state, g->h, g->hlen, g->k);
    drbg_key(g);
    drbg_step_v(g);
}

void kurv_dsa_drbg_init(kurv_dsa_drbg *g, const struct nettle_hash *h, size_t slen,
                        const uint8_t *x, const uint8_t *hm,
                        const uint8_t *extra, size_t extra_len)
{
    g->h = h;
    g->hlen = h->digest_size;
    memset(g->v, 0x01, sizeof g->v);   /* step b */
    memset(g->k, 0x00, sizeof g->k);   /* step c */
    drbg_key(g);
    drbg_update(g, 0x00, slen, x, hm, extra, extra_len);   /* steps d, e */
    drbg_update(g, 0x01, slen, x, hm, extra, extra_len);   /* steps f, g */
}

void kurv_dsa_drbg_generate(kurv_dsa_drbg *g, uint8_t *t, size_t t_len)
{
    size_t done = 0, n;

    while (done < t_len) {
        drbg_step_v(g);
        n = t_len - done < g->hlen ? t_len - done : g->hlen;
        memcpy(t + done, g->v, n);
        done += n;
    }
}

void kurv_dsa_drbg_reseed(kurv_dsa_drbg *g)
{
    drbg_update(g, 0x00, 0, NULL, NULL, NULL, 0);
}
