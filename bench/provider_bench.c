/*
 * kurv-provider-bench: kurv's OpenSSL provider (kurv.so) against kurv's direct API and
 * against OpenSSL's default provider, in one run, every built curve.
 *
 * Per curve, microseconds per operation (bench_time: CPU clock, median of batches):
 *   sign    kurv direct: SHA-2 of a 64-byte message (kurv_hash_digest) + kurv_ecdsa_sign +
 *           kurv_ecdsa_sig_to_der; via provider and OpenSSL: EVP_DigestSign on the same
 *           message (one EVP_MD_CTX re-initialised per call with EVP_DigestSignInit_ex);
 *   verify  the same with kurv_ecdsa_sig_from_der + kurv_ecdsa_verify / EVP_DigestVerify;
 *   derive  kurv_ecdh / EVP_PKEY_derive (a context made per call with the peer set, as a
 *           TLS handshake does; the peer's point is validated each time in both).
 * Columns: direct, via kurv.so, the provider's overhead over direct (%), OpenSSL default,
 * and OpenSSL / kurv.so (above 1: the provider is faster).
 * Then TLS handshakes per second (in-memory BIO pair, kp_tls.c) with an ECDSA certificate
 * and ECDHE on P-256 and P-384, TLS 1.2 (ECDHE-ECDSA-AES128-GCM-SHA256) and 1.3, in a
 * library context with kurv preferred (?provider=kurv, default for the rest) and in one with
 * the default provider alone.
 * Usage: kurv-provider-bench [SECONDS per cell, default 0.5]. Needs OPENSSL_MODULES (the
 * folder of kurv.so) unless kurv.so is installed in OpenSSL's MODULESDIR, and the family
 * libraries on the library path. Exit 0, or 1 when a call fails (reported, never timed
 * silently) or the provider does not load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <kurv/ecdsa.h>
#include <kurv_curve_list.h>
#include "kp_tls.h"
#include "timing.h"

static OSSL_LIB_CTX *lib_kurv, *lib_dflt;
static const unsigned char msg[64] = "kurv-provider-bench: the message every signature is on";

typedef struct {
    const kurv_curve *c;
    kurv_hash hash;
    const char *mdname;
    uint8_t priv[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], peer[KURV_MAX_POINT_LEN];
    size_t pub_len, peer_len;
    uint8_t der[KURV_MAX_SIG_DER_LEN];
    size_t der_len;
    /* EVP */
    OSSL_LIB_CTX *lib;
    const char *propq;
    EVP_PKEY *pk, *peerpk;
    EVP_MD_CTX *md;
    unsigned char sig[160];
    size_t sig_len;
} cell;

static int direct_sign(void *a)
{
    cell *s = a;
    uint8_t d[64], raw[KURV_MAX_SIG_RAW_LEN];
    size_t rl = 2 * kurv_curve_scalar_len(s->c);
    s->der_len = sizeof s->der;
    return kurv_hash_digest(s->hash, d, msg, sizeof msg) != KURV_OK
           || kurv_ecdsa_sign(s->c, raw, rl, s->priv, kurv_curve_scalar_len(s->c), d,
                              kurv_hash_len(s->hash), s->hash, NULL, 0, 0) != KURV_OK
           || kurv_ecdsa_sig_to_der(s->c, s->der, &s->der_len, raw, rl) != KURV_OK;
}

static int direct_verify(void *a)
{
    cell *s = a;
    uint8_t d[64], raw[KURV_MAX_SIG_RAW_LEN];
    size_t rl = 2 * kurv_curve_scalar_len(s->c);
    return kurv_hash_digest(s->hash, d, msg, sizeof msg) != KURV_OK
           || kurv_ecdsa_sig_from_der(s->c, raw, rl, s->der, s->der_len) != KURV_OK
           || kurv_ecdsa_verify(s->c, raw, rl, s->pub, s->pub_len, d, kurv_hash_len(s->hash), 0)
                  != KURV_OK;
}

static int direct_derive(void *a)
{
    cell *s = a;
    uint8_t z[KURV_MAX_FIELD_LEN];
    return kurv_ecdh(s->c, z, kurv_curve_field_len(s->c), s->priv, kurv_curve_scalar_len(s->c),
                     s->peer, s->peer_len) != KURV_OK;
}

static int evp_sign(void *a)
{
    cell *s = a;
    s->sig_len = sizeof s->sig;
    return EVP_DigestSignInit_ex(s->md, NULL, s->mdname, s->lib, s->propq, s->pk, NULL) != 1
           || EVP_DigestSign(s->md, s->sig, &s->sig_len, msg, sizeof msg) != 1;
}

static int evp_verify(void *a)
{
    cell *s = a;
    return EVP_DigestVerifyInit_ex(s->md, NULL, s->mdname, s->lib, s->propq, s->pk, NULL) != 1
           || EVP_DigestVerify(s->md, s->sig, s->sig_len, msg, sizeof msg) != 1;
}

static int evp_derive(void *a)
{
    cell *s = a;
    unsigned char z[80];
    size_t len = sizeof z;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(s->lib, s->pk, s->propq);
    int bad = c == NULL || EVP_PKEY_derive_init(c) != 1 || EVP_PKEY_derive_set_peer(c, s->peerpk) != 1
              || EVP_PKEY_derive(c, z, &len) != 1;
    EVP_PKEY_CTX_free(c);
    return bad;
}

static EVP_PKEY *gen(OSSL_LIB_CTX *lib, const char *propq, const char *group)
{
    EVP_PKEY *pk = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lib, "EC", propq);
    if (c == NULL || EVP_PKEY_keygen_init(c) != 1 || EVP_PKEY_CTX_set_group_name(c, group) != 1
        || EVP_PKEY_keygen(c, &pk) != 1)
        pk = NULL;
    EVP_PKEY_CTX_free(c);
    return pk;
}

static int evp_cell(cell *s, OSSL_LIB_CTX *lib, const char *propq, const char *group)
{
    s->lib = lib;
    s->propq = propq;
    s->pk = gen(lib, propq, group);
    s->peerpk = gen(lib, propq, group);
    s->md = EVP_MD_CTX_new();
    return s->pk != NULL && s->peerpk != NULL && s->md != NULL && evp_sign(s) == 0;
}

static void evp_free(cell *s)
{
    EVP_PKEY_free(s->pk);
    EVP_PKEY_free(s->peerpk);
    EVP_MD_CTX_free(s->md);
}

static int failed;

static double timed(bench_op op, void *arg, double secs, const char *what)
{
    int bad = 0;
    double us = bench_time(BENCH_CPU, op, arg, secs, &bad);
    if (bad) {
        fprintf(stderr, "kurv-provider-bench: %s failed\n", what);
        ERR_print_errors_fp(stderr);
        failed = 1;
    }
    return us;
}

static void bench_curve(const kurv_curve *c, const char *name, const char *ossl, kurv_hash hash,
                        double secs)
{
    cell d = {0}, k = {0}, o = {0};
    d.c = c;
    d.hash = hash;
    d.pub_len = d.peer_len = sizeof d.pub;
    uint8_t pp[KURV_MAX_SCALAR_LEN];
    if (kurv_keygen(c, d.priv, kurv_curve_scalar_len(c), d.pub, &d.pub_len, 0) != KURV_OK
        || kurv_keygen(c, pp, kurv_curve_scalar_len(c), d.peer, &d.peer_len, 0) != KURV_OK
        || direct_sign(&d) != 0) {
        fprintf(stderr, "%s: kurv keygen failed\n", name);
        failed = 1;
        return;
    }
    const char *mdname = hash == KURV_HASH_SHA512 ? "SHA512" : hash == KURV_HASH_SHA384 ? "SHA384"
                                                                                      : "SHA256";
    k.mdname = o.mdname = mdname;
    if (!evp_cell(&k, lib_kurv, "provider=kurv", ossl) || !evp_cell(&o, lib_dflt, NULL, ossl)) {
        fprintf(stderr, "%s: EVP setup failed\n", name);
        ERR_print_errors_fp(stderr);
        failed = 1;
    } else {
        struct { const char *op; bench_op direct, evp; } ops[] = {
            {"sign", direct_sign, evp_sign},
            {"verify", direct_verify, evp_verify},
            {"derive", direct_derive, evp_derive},
        };
        for (size_t i = 0; i < 3; i++) {
            double td = timed(ops[i].direct, &d, secs, "direct");
            double tk = timed(ops[i].evp, &k, secs, "kurv.so");
            double to = timed(ops[i].evp, &o, secs, "OpenSSL");
            printf("%-16s %-7s %9.1f %9.1f %+8.1f%% %9.1f %8.2fx\n", name, ops[i].op, td, tk,
                   100.0 * (tk - td) / td, to, to / tk);
        }
    }
    evp_free(&k);
    evp_free(&o);
}

typedef struct {
    SSL_CTX *s, *c;
} tls_cell;

static int handshake(void *a)
{
    tls_cell *t = a;
    return !kpt_handshake(t->s, t->c, NULL, NULL);
}

static double bench_tls(OSSL_LIB_CTX *lib, const char *propq, const char *group, int version,
                        double secs)
{
    tls_cell t = {SSL_CTX_new_ex(lib, propq, TLS_server_method()),
                  SSL_CTX_new_ex(lib, propq, TLS_client_method())};
    EVP_PKEY *pk = gen(lib, propq, group);
    X509 *x = pk != NULL ? kpt_self_signed(pk, lib, propq) : NULL;
    double hs = 0;
    if (t.s != NULL && t.c != NULL && x != NULL && SSL_CTX_use_certificate(t.s, x) == 1
        && SSL_CTX_use_PrivateKey(t.s, pk) == 1 && SSL_CTX_set1_groups_list(t.s, group) == 1
        && SSL_CTX_set1_groups_list(t.c, group) == 1
        && X509_STORE_add_cert(SSL_CTX_get_cert_store(t.c), x) == 1) {
        SSL_CTX_set_verify(t.c, SSL_VERIFY_PEER, NULL);
        SSL_CTX_set_min_proto_version(t.c, version);
        SSL_CTX_set_max_proto_version(t.c, version);
        SSL_CTX_set_cipher_list(t.c, "ECDHE-ECDSA-AES128-GCM-SHA256");
        SSL_CTX_set_session_cache_mode(t.c, SSL_SESS_CACHE_OFF);
        SSL_CTX_set_session_cache_mode(t.s, SSL_SESS_CACHE_OFF);
        SSL_CTX_set_num_tickets(t.s, 0);
        hs = 1e6 / timed(handshake, &t, secs, "TLS handshake");
    } else {
        fprintf(stderr, "TLS setup on %s failed\n", group);
        ERR_print_errors_fp(stderr);
        failed = 1;
    }
    X509_free(x);
    EVP_PKEY_free(pk);
    SSL_CTX_free(t.s);
    SSL_CTX_free(t.c);
    return hs;
}

int main(int argc, char **argv)
{
    double secs = argc > 1 ? atof(argv[1]) : 0.5;
    if (secs <= 0) {
        fprintf(stderr, "usage: kurv-provider-bench [SECONDS per cell]\n");
        return 2;
    }
    lib_kurv = OSSL_LIB_CTX_new();
    lib_dflt = OSSL_LIB_CTX_new();
    if (OSSL_PROVIDER_load(lib_kurv, "kurv") == NULL
        || OSSL_PROVIDER_load(lib_kurv, "default") == NULL
        || OSSL_PROVIDER_load(lib_dflt, "default") == NULL) {
        ERR_print_errors_fp(stderr);
        fprintf(stderr, "kurv-provider-bench: the kurv provider does not load (OPENSSL_MODULES?)\n");
        return 1;
    }
    printf("kurv-provider-bench, %s, µs per operation (CPU time), %.2f s per cell\n",
           OpenSSL_version(OPENSSL_VERSION), secs);
    printf("%-16s %-7s %9s %9s %9s %9s %9s\n", "curve", "op", "direct", "kurv.so", "overhead",
           "OpenSSL", "OpenSSL/kurv.so");
#define B(family, accessor, name, openssl, oid, wp, bc, prefix, hash) \
    bench_curve(accessor(), name, openssl, hash, secs);
    KURV_CURVE_LIST(B)
#undef B
#ifdef KURV_HAVE_NIST
    printf("\nTLS handshakes per second (in memory, ECDSA certificate and ECDHE on the curve)\n");
    printf("%-8s %-8s %10s %10s %8s\n", "curve", "version", "kurv", "OpenSSL", "ratio");
    const char *groups[] = {"P-256", "P-384"};
    for (int g = 0; g < 2; g++)
        for (int v = 0; v < 2; v++) {
            int ver = v ? TLS1_3_VERSION : TLS1_2_VERSION;
            double hk = bench_tls(lib_kurv, "?provider=kurv", groups[g], ver, secs);
            double ho = bench_tls(lib_dflt, NULL, groups[g], ver, secs);
            printf("%-8s %-8s %10.0f %10.0f %7.2fx\n", groups[g], v ? "TLS 1.3" : "TLS 1.2", hk,
                   ho, hk / ho);
        }
#endif
    OSSL_LIB_CTX_free(lib_kurv);
    OSSL_LIB_CTX_free(lib_dflt);
    return failed;
}
