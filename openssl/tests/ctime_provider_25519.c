/*
 * kurv.so's X25519 and Ed25519 secret paths under valgrind (openssl/tests/meson.build, test
 * provider-ctime-25519, suites provider, ctime and 25519; built only with the kurv-25519
 * family), as ctime_provider.c does for the EC curves.
 *
 * For X25519 and ED25519: the 32-byte private key given to EVP_PKEY_fromdata
 * (OSSL_PKEY_PARAM_PRIV_KEY, marked secret before the call: the import computes the public
 * key and, for Ed25519, the key pair), then with that key: EVP_DigestSign (Ed25519) or
 * EVP_PKEY_derive (X25519), EVP_PKEY_check (the pairwise check recomputes the public key),
 * EVP_PKEY_export and EVP_PKEY_get_raw_private_key, and the PKCS#8 PEM written by kurv's
 * encoder (ecx_encoder.c). Valgrind reports any branch or memory index in kurv.so or the
 * libraries below it that depends on the secret; the program then exits 42 through
 * valgrind's --error-exitcode. Each output is marked public again and compared with the same
 * operation on the key imported with the secret public: the answers are real too.
 * Not covered: key generation (the key comes from getrandom(2), which cannot be marked; its
 * arithmetic is the import's). Refuses to run without valgrind (it would check nothing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/encoder.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "../../tests/ctime/checkmem.h"

static OSSL_LIB_CTX *lib;
static int failures, checks;
static const char *alg = "?";

#define CHECK(cond) do { \
        checks++; \
        if (!(cond)) { \
            fprintf(stderr, "provider-ctime-25519: %s: line %d: check failed: %s\n", alg, __LINE__, #cond); \
            failures++; \
        } \
    } while (0)

/* import() - a kurv.so key of alg from the 32-byte private key @priv (secret or not as the
 * caller marked it), or from the public key @pub when @priv is NULL. */
static EVP_PKEY *import(const uint8_t *priv, const uint8_t *pub)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(lib, alg, "provider=kurv");
    EVP_PKEY *pk = NULL;
    OSSL_PARAM ps[2];
    ps[0] = priv != NULL ? OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PRIV_KEY, (void *)priv, 32)
                         : OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, 32);
    ps[1] = OSSL_PARAM_construct_end();
    if (ctx == NULL || EVP_PKEY_fromdata_init(ctx) != 1
        || EVP_PKEY_fromdata(ctx, &pk, priv != NULL ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, ps) != 1)
        pk = NULL;
    EVP_PKEY_CTX_free(ctx);
    return pk;
}

/* sign() - Ed25519 of @m by @pk into @sig (64 bytes); its length, 0 on failure. */
static size_t sign(EVP_PKEY *pk, uint8_t sig[64], const uint8_t *m, size_t ml)
{
    EVP_MD_CTX *mc = EVP_MD_CTX_new();
    size_t n = 64;
    if (mc == NULL || EVP_DigestSignInit_ex(mc, NULL, NULL, lib, "provider=kurv", pk, NULL) != 1
        || EVP_DigestSign(mc, sig, &n, m, ml) != 1)
        n = 0;
    EVP_MD_CTX_free(mc);
    return n;
}

/* derive() - X25519 of @pk and @peer into @out (32 bytes); its length, 0 on failure. */
static size_t derive(EVP_PKEY *pk, EVP_PKEY *peer, uint8_t out[32])
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lib, pk, "provider=kurv");
    size_t n = 32;
    if (c == NULL || EVP_PKEY_derive_init(c) != 1 || EVP_PKEY_derive_set_peer(c, peer) != 1
        || EVP_PKEY_derive(c, out, &n) != 1)
        n = 0;
    EVP_PKEY_CTX_free(c);
    return n;
}

/* export_cb() - copy the exported priv into @arg (33 bytes: 32 and a found flag). */
static int export_cb(const OSSL_PARAM params[], void *arg)
{
    uint8_t *out = arg;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    if (p != NULL && p->data_size == 32) {
        memcpy(out, p->data, 32);
        out[32] = 1;
    }
    return 1;
}

/* der() - @pk's PKCS#8 DER by kurv's encoder into @out (@cap bytes); its length. */
static size_t der(EVP_PKEY *pk, char *out, size_t cap)
{
    unsigned char *data = NULL;
    size_t len = 0, n = 0;
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, EVP_PKEY_KEYPAIR, "DER",
                                                         "PrivateKeyInfo", "provider=kurv");
    if (e != NULL && OSSL_ENCODER_to_data(e, &data, &len) == 1 && len <= cap) {
        memcpy(out, data, len);
        n = len;
    }
    OPENSSL_clear_free(data, len);
    OSSL_ENCODER_CTX_free(e);
    return n;
}

static void one_alg(void)
{
    int ed = strcmp(alg, "ED25519") == 0;
    uint8_t priv[32], sec[32], pub[32], peer_pub[32], o1[64], o2[64], x[33];
    uint8_t msg[100];
    size_t n1, n2, i;
    EVP_PKEY *ref, *sk = NULL, *peer, *gk = EVP_PKEY_Q_keygen(lib, "provider=default", alg);
    EVP_PKEY *gp = EVP_PKEY_Q_keygen(lib, "provider=default", alg);
    size_t l1 = 32, l2 = 32;

    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)(i * 3);
    CHECK(gk && gp && EVP_PKEY_get_raw_private_key(gk, priv, &l1) == 1
          && EVP_PKEY_get_raw_public_key(gp, peer_pub, &l2) == 1);
    ref = import(priv, NULL);
    peer = import(NULL, peer_pub);
    memcpy(sec, priv, 32);
    CHECKMEM_UNDEFINE(sec, 32);
    sk = import(sec, NULL);
    CHECK(ref && sk && peer);
    if (!ref || !sk || !peer)
        goto end;

    /* the public key computed at import: public */
    l1 = 32;
    CHECK(EVP_PKEY_get_raw_public_key(sk, pub, &l1) == 1);
    CHECKMEM_DEFINE(pub, sizeof pub);
    l2 = 32;
    CHECK(EVP_PKEY_get_raw_public_key(gk, o1, &l2) == 1 && memcmp(pub, o1, 32) == 0);

    if (ed) {
        n1 = sign(ref, o1, msg, sizeof msg);
        n2 = sign(sk, o2, msg, sizeof msg);
    } else {
        n1 = derive(ref, peer, o1);
        n2 = derive(sk, peer, o2);
    }
    CHECKMEM_DEFINE(o2, sizeof o2);
    CHECKMEM_DEFINE(&n2, sizeof n2);
    CHECK(n1 == (ed ? 64u : 32u) && n1 == n2 && memcmp(o1, o2, n1) == 0);

    {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lib, sk, "provider=kurv");
        int ok = c != NULL && EVP_PKEY_check(c) == 1;
        CHECKMEM_DEFINE(&ok, sizeof ok);
        CHECK(ok);
        EVP_PKEY_CTX_free(c);
    }

    memset(x, 0, sizeof x);
    CHECK(EVP_PKEY_export(sk, EVP_PKEY_KEYPAIR, export_cb, x) == 1);
    CHECKMEM_DEFINE(x, sizeof x);
    CHECK(x[32] == 1 && memcmp(x, priv, 32) == 0);
    l1 = 32;
    CHECK(EVP_PKEY_get_raw_private_key(sk, o2, &l1) == 1);
    CHECKMEM_DEFINE(o2, sizeof o2);
    CHECK(memcmp(o2, priv, 32) == 0);

    {
        char t1[256], t2[256];
        n1 = der(ref, t1, sizeof t1);
        n2 = der(sk, t2, sizeof t2);
        CHECKMEM_DEFINE(t2, sizeof t2);
        CHECKMEM_DEFINE(&n2, sizeof n2);
        CHECK(n1 == 48 && n1 == n2 && memcmp(t1, t2, n1) == 0);
    }
end:
    EVP_PKEY_free(ref);
    EVP_PKEY_free(sk);
    EVP_PKEY_free(peer);
    EVP_PKEY_free(gk);
    EVP_PKEY_free(gp);
}

int main(void)
{
    if (!CHECKMEM_RUNNING()) {
        fprintf(stderr, "provider-ctime-25519: not running under %s: refusing (nothing would be checked)\n",
                CHECKMEM_NAME);
        return 1;
    }
    lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *kp = lib ? OSSL_PROVIDER_load(lib, "kurv") : NULL;
    OSSL_PROVIDER *dp = lib ? OSSL_PROVIDER_load(lib, "default") : NULL;
    if (!kp || !dp) {
        fprintf(stderr, "provider-ctime-25519: cannot load kurv.so and the default provider\n");
        return 1;
    }
    alg = "X25519";
    one_alg();
    alg = "ED25519";
    one_alg();
    OSSL_PROVIDER_unload(kp);
    OSSL_PROVIDER_unload(dp);
    OSSL_LIB_CTX_free(lib);
    printf("provider-ctime-25519: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
