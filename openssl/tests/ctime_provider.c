/*
 * kurv.so constant-time test (run under valgrind: openssl/tests/meson.build, test
 * provider-ctime, suites provider and ctime).
 *
 * The provider's own secret paths, for every curve the build offers: the private scalar
 * given to EVP_PKEY_fromdata (OSSL_PKEY_PARAM_PRIV_KEY in native byte order, marked secret
 * before the call), then with that key: EVP_PKEY_sign (RFC 6979), EVP_DigestSign (the
 * digest by kurv.so's own SHA-2 over Nettle), EVP_PKEY_derive plain and through the
 * X9.63 KDF, EVP_PKEY_export and EVP_PKEY_get_params of the private key, and its text
 * (kurv's text encoder: OSSL_ENCODER "TEXT", the priv: lines, encoder_text.c). Valgrind reports
 * any branch or memory index in kurv.so or libkurv that depends on the scalar; the
 * program then exits 42 through valgrind's --error-exitcode. Each output is marked public
 * again and compared with the same operation on a key imported with the scalar public,
 * and signatures are verified by OpenSSL's default provider: the answers are real too.
 *
 * The scalar goes straight to the provider: libcrypto's EVP_PKEY_fromdata hands the
 * caller's OSSL_PARAM array to kurv.so's import unchanged, and the export callback
 * receives the provider's array unchanged, so no BIGNUM code of libcrypto touches it.
 *
 * Not covered here: key generation (the scalar comes from getrandom(2), which cannot be
 * marked; its arithmetic is kurv_privkey_check and k*G, covered by tests/ctime).
 * Like tests/ctime/ctime.c, it refuses to run without valgrind (it would check nothing).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/encoder.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <kurv/kurv.h>
#include <kurv_curve_list.h>

#include "../../tests/ctime/checkmem.h"

typedef const kurv_curve *(*curve_accessor)(void);

/* Every curve this build made, with OpenSSL's group name (the registry). */
#define CP_CURVE(fam, acc, name, ossl, oid, wp, bc, prefix, hash) { acc, ossl },
static const struct {
    curve_accessor acc;
    const char *group;
} curves[] = { KURV_CURVE_LIST(CP_CURVE) { NULL, NULL } };
#undef CP_CURVE

static OSSL_LIB_CTX *lib;
static int failures, checks;
static const char *curname = "?";

#define CHECK(cond) do { \
        checks++; \
        if (!(cond)) { \
            fprintf(stderr, "provider-ctime: %s: line %d: check failed: %s\n", curname, __LINE__, #cond); \
            failures++; \
        } \
    } while (0)

/* d (len big-endian bytes) in OpenSSL's native byte order */
static void to_native(uint8_t *out, const uint8_t *be, size_t len)
{
    const union { uint16_t u; uint8_t b[2]; } probe = { 1 };
    size_t i;
    for (i = 0; i < len; i++)
        out[i] = probe.b[0] ? be[len - 1 - i] : be[i];
}

/* A kurv.so key from the group name, the SEC1 public key and d (native order, secret or
 * not as the caller marked it). */
static EVP_PKEY *import(const char *group, const uint8_t *pub, size_t pl, uint8_t *dn, size_t dl,
                        const char *props)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(lib, "EC", props);
    EVP_PKEY *pk = NULL;
    OSSL_PARAM ps[4];

    ps[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)group, 0);
    ps[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, pl);
    ps[2] = dn ? OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, dn, dl) : OSSL_PARAM_construct_end();
    ps[3] = OSSL_PARAM_construct_end();
    if (!ctx || EVP_PKEY_fromdata_init(ctx) <= 0 ||
        EVP_PKEY_fromdata(ctx, &pk, dn ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, ps) <= 0)
        pk = NULL;
    EVP_PKEY_CTX_free(ctx);
    return pk;
}

static size_t sign(EVP_PKEY *pk, uint8_t *sig, size_t cap, const uint8_t *dg, size_t dgl)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(lib, pk, "provider=kurv");
    size_t n = cap;
    if (!ctx || EVP_PKEY_sign_init(ctx) <= 0 || EVP_PKEY_sign(ctx, sig, &n, dg, dgl) <= 0)
        n = 0;
    EVP_PKEY_CTX_free(ctx);
    return n;
}

static size_t digest_sign(EVP_PKEY *pk, uint8_t *sig, size_t cap, const uint8_t *m, size_t ml)
{
    EVP_MD_CTX *md = EVP_MD_CTX_new();
    size_t n = cap;
    if (!md || EVP_DigestSignInit_ex(md, NULL, "SHA2-256", lib, "provider=kurv", pk, NULL) <= 0 ||
        EVP_DigestSign(md, sig, &n, m, ml) <= 0)
        n = 0;
    EVP_MD_CTX_free(md);
    return n;
}

/* OpenSSL's default provider verifies sig over the digest (or the message, md != NULL) */
static int default_verifies(const char *group, const uint8_t *pub, size_t pl, const uint8_t *sig,
                            size_t sl, const uint8_t *data, size_t dl, const char *md)
{
    EVP_PKEY *pk = import(group, pub, pl, NULL, 0, "provider=default");
    int ok = 0;
    if (pk && md) {
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        ok = m && EVP_DigestVerifyInit_ex(m, NULL, md, lib, "provider=default", pk, NULL) > 0 &&
             EVP_DigestVerify(m, sig, sl, data, dl) == 1;
        EVP_MD_CTX_free(m);
    } else if (pk) {
        EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(lib, pk, "provider=default");
        ok = ctx && EVP_PKEY_verify_init(ctx) > 0 && EVP_PKEY_verify(ctx, sig, sl, data, dl) == 1;
        EVP_PKEY_CTX_free(ctx);
    }
    EVP_PKEY_free(pk);
    return ok;
}

/* ECDH with the peer, its x-coordinate (kdf NULL) or 32 bytes of X9.63 KDF with SHA-256 */
static size_t derive(EVP_PKEY *pk, EVP_PKEY *peer, uint8_t *out, size_t cap, const char *kdf)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_pkey(lib, pk, "provider=kurv");
    size_t n = cap;
    OSSL_PARAM ps[4];

    if (kdf) {
        ps[0] = OSSL_PARAM_construct_utf8_string(OSSL_EXCHANGE_PARAM_KDF_TYPE, (char *)kdf, 0);
        ps[1] = OSSL_PARAM_construct_utf8_string(OSSL_EXCHANGE_PARAM_KDF_DIGEST, "SHA256", 0);
        ps[2] = OSSL_PARAM_construct_size_t(OSSL_EXCHANGE_PARAM_KDF_OUTLEN, &n);
        ps[3] = OSSL_PARAM_construct_end();
        n = 32;
    }
    if (!ctx || EVP_PKEY_derive_init(ctx) <= 0 || (kdf && EVP_PKEY_CTX_set_params(ctx, ps) <= 0) ||
        EVP_PKEY_derive_set_peer(ctx, peer) <= 0 || EVP_PKEY_derive(ctx, out, &n) <= 0)
        n = 0;
    EVP_PKEY_CTX_free(ctx);
    return n;
}

struct exported {
    uint8_t d[KURV_MAX_SCALAR_LEN];
    size_t len;
};

static int export_cb(const OSSL_PARAM params[], void *arg)
{
    struct exported *x = arg;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_PRIV_KEY);
    if (!p || p->data_size > sizeof x->d)
        return 0;
    memcpy(x->d, p->data, p->data_size);
    x->len = p->data_size;
    return 1;
}

/* text() - @pk printed by kurv's text encoder (EVP_PKEY_print_private's selection) into
 * @out (@cap bytes); the length, 0 on failure. */
static size_t text(EVP_PKEY *pk, char *out, size_t cap)
{
    OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, EVP_PKEY_KEYPAIR, "TEXT", NULL,
                                                        "provider=kurv");
    BIO *b = BIO_new(BIO_s_mem());
    char *data = NULL;
    long n = 0;
    size_t len = 0;
    if (e != NULL && b != NULL && OSSL_ENCODER_to_bio(e, b) == 1
        && (n = BIO_get_mem_data(b, &data)) > 0 && (size_t)n <= cap) {
        memcpy(out, data, (size_t)n);
        len = (size_t)n;
    }
    OSSL_ENCODER_CTX_free(e);
    BIO_free(b);
    return len;
}

static void one_curve(const kurv_curve *c, const char *group)
{
    size_t sl = kurv_curve_scalar_len(c), pl, ql, n1, n2, i;
    uint8_t d[KURV_MAX_SCALAR_LEN], dn[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN];
    uint8_t q[KURV_MAX_POINT_LEN], q2[KURV_MAX_POINT_LEN];
    uint8_t s1[256], s2[256], z1[KURV_MAX_FIELD_LEN], z2[KURV_MAX_FIELD_LEN];
    uint8_t dg[32], msg[100];
    EVP_PKEY *ref, *sec, *peer;
    struct exported x;
    OSSL_PARAM gp[2];
    const char *kdfs[2] = { NULL, "X963KDF" };

    for (i = 0; i < sizeof dg; i++)
        dg[i] = (uint8_t)(0xA5 ^ i);
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (uint8_t)i;
    pl = sizeof q;
    ql = sizeof q2;
    CHECK(kurv_keygen(c, d, sl, q, &pl, 0) == KURV_OK);
    CHECK(kurv_keygen(c, d2, sl, q2, &ql, 0) == KURV_OK);
    to_native(dn, d, sl);
    ref = import(group, q, pl, dn, sl, "provider=kurv");
    peer = import(group, q2, ql, NULL, 0, "provider=kurv");
    CHECKMEM_UNDEFINE(dn, sl);
    sec = import(group, q, pl, dn, sl, "provider=kurv");
    CHECK(ref && sec && peer);
    if (!ref || !sec || !peer)
        goto end;

    /* ECDSA over a digest: deterministic, so equal to the public key's signature */
    n1 = sign(ref, s1, sizeof s1, dg, sizeof dg);
    n2 = sign(sec, s2, sizeof s2, dg, sizeof dg);
    CHECKMEM_DEFINE(s2, sizeof s2);
    CHECKMEM_DEFINE(&n2, sizeof n2);
    CHECK(n1 > 0 && n1 == n2 && memcmp(s1, s2, n1) == 0);
    CHECK(default_verifies(group, q, pl, s2, n2, dg, sizeof dg, NULL));

    /* ECDSA with the digest made by kurv.so */
    n1 = digest_sign(ref, s1, sizeof s1, msg, sizeof msg);
    n2 = digest_sign(sec, s2, sizeof s2, msg, sizeof msg);
    CHECKMEM_DEFINE(s2, sizeof s2);
    CHECKMEM_DEFINE(&n2, sizeof n2);
    CHECK(n1 > 0 && n1 == n2 && memcmp(s1, s2, n1) == 0);
    CHECK(default_verifies(group, q, pl, s2, n2, msg, sizeof msg, "SHA2-256"));

    /* ECDH: the x-coordinate, and the X9.63 KDF over it */
    for (i = 0; i < 2; i++) {
        n1 = derive(ref, peer, z1, sizeof z1, kdfs[i]);
        n2 = derive(sec, peer, z2, sizeof z2, kdfs[i]);
        CHECKMEM_DEFINE(z2, sizeof z2);
        CHECK(n1 > 0 && n1 == n2 && memcmp(z1, z2, n1) == 0);
    }

    /* the private key out again: export, and get_params into a wider buffer */
    memset(&x, 0, sizeof x);
    CHECK(EVP_PKEY_export(sec, EVP_PKEY_KEYPAIR, export_cb, &x) == 1);
    CHECKMEM_DEFINE(&x, sizeof x);
    CHECKMEM_DEFINE(dn, sl);
    CHECK(x.len == sl && memcmp(x.d, dn, sl) == 0);
    memset(s2, 0xEE, sizeof s2);
    gp[0] = OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, s2, sl + 8);
    gp[1] = OSSL_PARAM_construct_end();
    CHECK(EVP_PKEY_get_params(sec, gp) == 1);
    CHECKMEM_DEFINE(s2, sizeof s2);
    CHECK(gp[0].return_size == sl);
    {
        uint8_t wide[KURV_MAX_SCALAR_LEN + 8] = {0};
        uint8_t be[KURV_MAX_SCALAR_LEN + 8] = {0};
        memcpy(be + 8, d, sl);
        to_native(wide, be, sl + 8);
        CHECK(memcmp(s2, wide, sl + 8) == 0);
    }
    /* the text: the same lines as the public key's import prints, d's among them */
    {
        char t1[2048], t2[2048];
        n1 = text(ref, t1, sizeof t1);
        n2 = text(sec, t2, sizeof t2);
        CHECKMEM_DEFINE(t2, sizeof t2);
        CHECKMEM_DEFINE(&n2, sizeof n2);
        CHECK(n1 > 0 && n1 == n2 && memcmp(t1, t2, n1) == 0);
        CHECK(n1 > 0 && strstr(t1, "\npriv:\n    ") != NULL);
    }
end:
    EVP_PKEY_free(ref);
    EVP_PKEY_free(sec);
    EVP_PKEY_free(peer);
}

int main(void)
{
    OSSL_PROVIDER *kp, *dp;
    size_t i;

    if (!CHECKMEM_RUNNING()) {
        fprintf(stderr, "provider-ctime: not running under %s: refusing (nothing would be checked)\n",
                CHECKMEM_NAME);
        return 1;
    }
    lib = OSSL_LIB_CTX_new();
    kp = lib ? OSSL_PROVIDER_load(lib, "kurv") : NULL;
    dp = lib ? OSSL_PROVIDER_load(lib, "default") : NULL;
    if (!kp || !dp) {
        fprintf(stderr, "provider-ctime: cannot load kurv.so and the default provider (OPENSSL_MODULES=%s)\n",
                getenv("OPENSSL_MODULES") ? getenv("OPENSSL_MODULES") : "unset");
        return 1;
    }
    for (i = 0; curves[i].acc; i++) {
        curname = kurv_curve_name(curves[i].acc());
        one_curve(curves[i].acc(), curves[i].group);
    }
    OSSL_PROVIDER_unload(kp);
    OSSL_PROVIDER_unload(dp);
    OSSL_LIB_CTX_free(lib);
    printf("provider-ctime: %d checks over %zu curves, %d failed\n", checks, i, failures);
    return failures ? 1 : 0;
}
