/*
 * openssl/ecx_keyexch.c: KEYEXCH "X25519:1.3.101.110" (provider-keyexch(7), OpenSSL 3.0),
 * X25519 (RFC 7748 5, 6.1) over kurv_x25519(), as OpenSSL 3.0's default provider offers it
 * (its ecx exchange): init takes an X25519 private key, set_peer an X25519 public key, derive
 * writes the 32-byte shared secret (a NULL output asks for the size; a smaller buffer is an
 * error, as OpenSSL's). An all-zero result (a peer point of small order) is refused, as
 * RFC 7748 6.1 allows and OpenSSL does (PROV_R_FAILED_DURING_DERIVATION), and nothing is
 * written. No ctx params. The context holds copies of both keys, wiped when freed.
 * Trace: "derive X25519".
 */
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/proverr.h>
#include <kurv/util.h>
#include "ecx.h"

static OSSL_FUNC_keyexch_newctx_fn x_newctx;
static OSSL_FUNC_keyexch_init_fn x_init;
static OSSL_FUNC_keyexch_set_peer_fn x_set_peer;
static OSSL_FUNC_keyexch_derive_fn x_derive;
static OSSL_FUNC_keyexch_freectx_fn x_freectx;
static OSSL_FUNC_keyexch_dupctx_fn x_dupctx;

typedef struct {
    int has_key, has_peer;
    uint8_t priv[32];     /* secret: wiped */
    uint8_t peer[32];
} kp_x_ctx;

/* x_newctx() - OSSL_FUNC_keyexch_newctx: an empty context; NULL when memory runs out. */
static void *x_newctx(void *provctx)
{
    (void)provctx;
    kp_x_ctx *d = OPENSSL_zalloc(sizeof *d);
    if (d == NULL)
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
    return d;
}

/* x_freectx() - wipe and free. */
static void x_freectx(void *ctx)
{
    if (ctx == NULL)
        return;
    kurv_wipe(ctx, sizeof(kp_x_ctx));
    OPENSSL_free(ctx);
}

/* x_dupctx() - a copy; NULL when memory runs out. */
static void *x_dupctx(void *ctx)
{
    kp_x_ctx *d = OPENSSL_malloc(sizeof *d);
    if (d == NULL) {
        ERR_raise(ERR_LIB_PROV, ERR_R_MALLOC_FAILURE);
        return NULL;
    }
    memcpy(d, ctx, sizeof *d);
    return d;
}

/* x_init() - OSSL_FUNC_keyexch_init: @vkey must be an X25519 key with its private part;
 * @params unused. Return 1/0 (PROV_R_NOT_A_PRIVATE_KEY). */
static int x_init(void *ctx, void *vkey, const OSSL_PARAM params[])
{
    kp_x_ctx *d = ctx;
    const kp_ecx *k = vkey;
    (void)params;
    if (k == NULL || k->alg != KURV_25519_X25519 || !k->has_priv) {
        kp_err(PROV_R_NOT_A_PRIVATE_KEY, "kurv: not an X25519 private key");
        return 0;
    }
    memcpy(d->priv, k->priv, 32);
    d->has_key = 1;
    return 1;
}

/* x_set_peer() - OSSL_FUNC_keyexch_set_peer: @vpeer must be an X25519 key with its public
 * part. Return 1/0 (PROV_R_NOT_A_PUBLIC_KEY). */
static int x_set_peer(void *ctx, void *vpeer)
{
    kp_x_ctx *d = ctx;
    const kp_ecx *k = vpeer;
    if (k == NULL || k->alg != KURV_25519_X25519 || !k->has_pub) {
        kp_err(PROV_R_NOT_A_PUBLIC_KEY, "kurv: not an X25519 public key");
        return 0;
    }
    memcpy(d->peer, k->pub, 32);
    d->has_peer = 1;
    return 1;
}

/* x_derive() - OSSL_FUNC_keyexch_derive: X25519(priv, peer), 32 bytes, into @secret
 * (@outlen bytes, at least 32; NULL: the size only), *@secretlen = 32. Return 1/0 (error
 * raised: no key or peer, a small buffer, an all-zero result; @secret untouched then). */
static int x_derive(void *ctx, unsigned char *secret, size_t *secretlen, size_t outlen)
{
    kp_x_ctx *d = ctx;
    const kp_ecx_api *x = kp_ecx_fns();
    uint8_t out[32];
    if (!d->has_key || !d->has_peer || x == NULL) {
        kp_err(PROV_R_MISSING_KEY, "kurv: X25519 derive needs a key and a peer");
        return 0;
    }
    if (secret == NULL) {
        *secretlen = KURV_X25519_KEY_LEN;
        return 1;
    }
    if (outlen < KURV_X25519_KEY_LEN) {
        kp_err(PROV_R_OUTPUT_BUFFER_TOO_SMALL, "kurv: the X25519 secret is 32 bytes");
        return 0;
    }
    kurv_err e = x->x25519(out, d->priv, d->peer);
    if (e != KURV_OK) {
        kurv_wipe(out, sizeof out);
        kp_err(PROV_R_FAILED_DURING_DERIVATION, "kurv: X25519: %s", kurv_strerror(e));
        return 0;
    }
    memcpy(secret, out, 32);
    kurv_wipe(out, sizeof out);
    *secretlen = KURV_X25519_KEY_LEN;
    kp_log_line("derive", "X25519", NULL);
    return 1;
}

const OSSL_DISPATCH kp_x25519_keyexch_functions[] = {
    {OSSL_FUNC_KEYEXCH_NEWCTX, (void (*)(void))x_newctx},
    {OSSL_FUNC_KEYEXCH_INIT, (void (*)(void))x_init},
    {OSSL_FUNC_KEYEXCH_SET_PEER, (void (*)(void))x_set_peer},
    {OSSL_FUNC_KEYEXCH_DERIVE, (void (*)(void))x_derive},
    {OSSL_FUNC_KEYEXCH_FREECTX, (void (*)(void))x_freectx},
    {OSSL_FUNC_KEYEXCH_DUPCTX, (void (*)(void))x_dupctx},
    {0, NULL}
};
