/*
 * openssl/tests/test_provider.c: kurv.so through libcrypto and libssl (no openssl command).
 *
 * In one library context with the kurv and default providers, for every built curve
 * (kurv_curve_list.h):
 *   - key generation with the mandatory property query "provider=kurv": the operation's
 *     provider (EVP_PKEY_CTX_get0_provider) is kurv; OpenSSL's key with "provider=default"
 *     is default's;
 *   - bits, security-bits and size (max signature) equal OpenSSL's for the same curve, and
 *     the DER signature bound is the expected one;
 *   - EVP_PKEY_eq across providers: kurv's key and its public key decoded by default are
 *     equal, default's key and its public key imported into kurv too; two keys are not;
 *   - EVP_DigestSign through kurv (its provider checked) verified by default, and the
 *     reverse; ECDH through kurv equals default's, the NULL-buffer size query gives the
 *     field size;
 *   - the trace file (KURV_PROVIDER_LOG, set before the provider loads) has each line.
 * Then the TLS-GROUP capability list (names, ids, versions; the default provider's other EC
 * groups passed on after kurv's) and in-memory TLS handshakes:
 * TLS 1.3 on P-256 with kurv's certificate, RFC 8734's brainpoolP256r1tls13 group, TLS 1.2
 * ECDHE-ECDSA on brainpoolP384r1, each ephemeral key checked to be kurv's.
 * Exit 0 when every check passes, 1 otherwise (each failure printed; kurv.so not loading is
 * a failure).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/provider.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <kurv_curve_list.h>
#include "kp_tls.h"

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; \
    fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); ERR_print_errors_fp(stderr); } } while (0)

static OSSL_LIB_CTX *lib;
static char log_path[256];

static const char *prov_name(const OSSL_PROVIDER *p) { return p ? OSSL_PROVIDER_get0_name(p) : "(none)"; }

static EVP_PKEY *keygen(const char *group, const char *propq, const char *want_prov)
{
    EVP_PKEY *pk = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lib, "EC", propq);
    CHECK(c != NULL, "%s: no EC with %s", group, propq);
    if (c == NULL)
        return NULL;
    CHECK(EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_CTX_set_group_name(c, group) == 1
          && EVP_PKEY_keygen(c, &pk) == 1, "%s keygen (%s)", group, propq);
    CHECK(strcmp(prov_name(EVP_PKEY_CTX_get0_provider(c)), want_prov) == 0,
          "%s keygen ran in %s", group, prov_name(EVP_PKEY_CTX_get0_provider(c)));
    EVP_PKEY_CTX_free(c);
    return pk;
}

/* the public key of @pk, re-decoded (by default's decoders) into the keymgmt @propq selects */
static EVP_PKEY *pub_via(EVP_PKEY *pk, const char *propq)
{
    unsigned char *der = NULL;
    int n = i2d_PUBKEY(pk, &der);
    const unsigned char *p = der;
    EVP_PKEY *r = n > 0 ? d2i_PUBKEY_ex(NULL, &p, n, lib, propq) : NULL;
    OPENSSL_free(der);
    return r;
}

/* the public key of @pk imported into kurv's keymgmt (EVP_PKEY_todata, EVP_PKEY_fromdata) */
static EVP_PKEY *pub_into_kurv(EVP_PKEY *pk)
{
    OSSL_PARAM *params = NULL;
    EVP_PKEY *r = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lib, "EC", "provider=kurv");
    if (c != NULL && EVP_PKEY_todata(pk, EVP_PKEY_PUBLIC_KEY, &params) == 1
        && EVP_PKEY_fromdata_init(c) == 1)
        EVP_PKEY_fromdata(c, &r, EVP_PKEY_PUBLIC_KEY, params);
    OSSL_PARAM_free(params);
    EVP_PKEY_CTX_free(c);
    return r;
}

static size_t sign(EVP_PKEY *pk, const char *propq, const char *want_prov, unsigned char *sig,
                   size_t cap)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pc = NULL;
    size_t len = cap;
    const unsigned char msg[] = "kurv provider test message";
    int ok = EVP_DigestSignInit_ex(m, &pc, "SHA256", lib, propq, pk, NULL) == 1;
    CHECK(ok, "DigestSignInit %s", propq);
    if (ok) {
        CHECK(strcmp(prov_name(EVP_PKEY_CTX_get0_provider(pc)), want_prov) == 0,
              "signature ran in %s", prov_name(EVP_PKEY_CTX_get0_provider(pc)));
        ok = EVP_DigestSign(m, sig, &len, msg, sizeof msg) == 1;
        CHECK(ok, "DigestSign %s", propq);
    }
    EVP_MD_CTX_free(m);
    return ok ? len : 0;
}

static int verify(EVP_PKEY *pk, const char *propq, const char *want_prov,
                  const unsigned char *sig, size_t len)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    EVP_PKEY_CTX *pc = NULL;
    const unsigned char msg[] = "kurv provider test message";
    int r = -1;
    if (EVP_DigestVerifyInit_ex(m, &pc, "SHA256", lib, propq, pk, NULL) == 1) {
        CHECK(strcmp(prov_name(EVP_PKEY_CTX_get0_provider(pc)), want_prov) == 0,
              "verification ran in %s", prov_name(EVP_PKEY_CTX_get0_provider(pc)));
        r = EVP_DigestVerify(m, sig, len, msg, sizeof msg);
    }
    EVP_MD_CTX_free(m);
    return r;
}

static size_t derive(EVP_PKEY *pk, EVP_PKEY *peer, const char *propq, const char *want_prov,
                     unsigned char *out, size_t want_size)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lib, pk, propq);
    size_t len = 0;
    int ok = c != NULL && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_derive_set_peer(c, peer) == 1;
    CHECK(ok, "derive init/set_peer %s", propq);
    if (ok) {
        CHECK(strcmp(prov_name(EVP_PKEY_CTX_get0_provider(c)), want_prov) == 0,
              "ECDH ran in %s", prov_name(EVP_PKEY_CTX_get0_provider(c)));
        ok = EVP_PKEY_derive(c, NULL, &len) == 1;
        CHECK(ok && len == want_size, "size query: %zu, want %zu", len, want_size);
        ok = ok && EVP_PKEY_derive(c, out, &len) == 1;
        CHECK(ok, "derive %s", propq);
    }
    EVP_PKEY_CTX_free(c);
    return ok ? len : 0;
}

static int log_has(const char *line)
{
    FILE *f = fopen(log_path, "r");
    char buf[128];
    int n = 0;
    if (f == NULL)
        return 0;
    while (fgets(buf, sizeof buf, f) != NULL) {
        buf[strcspn(buf, "\n")] = '\0';
        n += strcmp(buf, line) == 0;
    }
    fclose(f);
    return n;
}

static void test_curve(const char *name, const char *ossl, size_t flen, size_t max_sig)
{
    char line[96];
    remove(log_path);
    EVP_PKEY *k = keygen(ossl, "provider=kurv", "kurv");
    EVP_PKEY *o = keygen(ossl, "provider=default", "default");
    if (k == NULL || o == NULL)
        goto end;
    snprintf(line, sizeof line, "keygen %s", name);
    CHECK(log_has(line) == 1, "trace: %s", line);
    CHECK(EVP_PKEY_get_bits(k) == EVP_PKEY_get_bits(o), "%s bits %d vs %d", name,
          EVP_PKEY_get_bits(k), EVP_PKEY_get_bits(o));
    CHECK(EVP_PKEY_get_security_bits(k) == EVP_PKEY_get_security_bits(o), "%s security bits",
          name);
    CHECK(EVP_PKEY_get_size(k) == EVP_PKEY_get_size(o), "%s size %d vs %d", name,
          EVP_PKEY_get_size(k), EVP_PKEY_get_size(o));
    CHECK((size_t)EVP_PKEY_get_size(k) == max_sig, "%s size %d, want %zu", name,
          EVP_PKEY_get_size(k), max_sig);
    char g[64];
    CHECK(EVP_PKEY_get_group_name(k, g, sizeof g, NULL) == 1 && strcmp(g, ossl) == 0,
          "%s group %s", name, g);

    /* EVP_PKEY_eq across providers */
    EVP_PKEY *kd = pub_via(k, "provider=default"), *ok_ = pub_into_kurv(o);
    CHECK(kd != NULL && EVP_PKEY_get0_provider(kd) != NULL
          && strcmp(prov_name(EVP_PKEY_get0_provider(kd)), "default") == 0, "%s decode", name);
    CHECK(ok_ != NULL && strcmp(prov_name(EVP_PKEY_get0_provider(ok_)), "kurv") == 0,
          "%s import into kurv", name);
    CHECK(EVP_PKEY_eq(k, kd) == 1, "%s: kurv key != its default copy", name);
    CHECK(EVP_PKEY_eq(ok_, o) == 1, "%s: default key != its kurv copy", name);
    CHECK(EVP_PKEY_eq(k, o) == 0, "%s: two keys equal", name);

    /* signatures both ways */
    unsigned char sig[160], sig2[160];
    size_t n = sign(k, "provider=kurv", "kurv", sig, sizeof sig);
    size_t n2 = sign(k, "provider=kurv", "kurv", sig2, sizeof sig2);
    CHECK(n > 0 && n == n2 && memcmp(sig, sig2, n) == 0, "%s: RFC 6979 signatures differ", name);
    CHECK(kd != NULL && verify(kd, "provider=default", "default", sig, n) == 1,
          "%s: default rejects kurv's signature", name);
    sig[n / 2] ^= 1;
    CHECK(kd != NULL && verify(kd, "provider=default", "default", sig, n) != 1,
          "%s: altered signature accepted by default", name);
    CHECK(verify(k, "provider=kurv", "kurv", sig, n) != 1, "%s: altered accepted by kurv", name);
    n = sign(o, "provider=default", "default", sig, sizeof sig);
    CHECK(ok_ != NULL && verify(ok_, "provider=kurv", "kurv", sig, n) == 1,
          "%s: kurv rejects default's signature", name);
    snprintf(line, sizeof line, "sign %s", name);
    CHECK(log_has(line) == 2, "trace: 2 x %s", line);
    snprintf(line, sizeof line, "verify %s", name);
    CHECK(log_has(line) == 2, "trace: 2 x %s", line);

    /* ECDH: kurv's x-coordinate equals default's */
    unsigned char z1[80], z2[80];
    size_t l1 = ok_ != NULL ? derive(k, ok_, "provider=kurv", "kurv", z1, flen) : 0;
    size_t l2 = kd != NULL ? derive(o, kd, "provider=default", "default", z2, flen) : 0;
    CHECK(l1 == flen && l1 == l2 && memcmp(z1, z2, l1) == 0, "%s: ECDH differs", name);
    snprintf(line, sizeof line, "derive %s", name);
    CHECK(log_has(line) == 1, "trace: %s", line);
    EVP_PKEY_free(kd);
    EVP_PKEY_free(ok_);
end:
    EVP_PKEY_free(k);
    EVP_PKEY_free(o);
    printf("%s: checked\n", name);
}

/* count: kurv's own entries (ids 22-28, 31-33); relayed: the default provider's other EC
 * groups kurv passes on (delegate.c), of which p224 is secp224r1 (id 21); bad: a relayed
 * entry that is not EC or has one of kurv's ids */
struct groups { int count, p256, bp256tls13, k1max, relayed, p224, bad; };

static int group_cb(const OSSL_PARAM params[], void *arg)
{
    struct groups *g = arg;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_NAME);
    const char *name = NULL;
    unsigned id = 0;
    int mintls = 0, maxtls = 0;
    if (p == NULL || !OSSL_PARAM_get_utf8_string_ptr(p, &name)
        || !OSSL_PARAM_get_uint(OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ID), &id)
        || !OSSL_PARAM_get_int(OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_MIN_TLS),
                               &mintls)
        || !OSSL_PARAM_get_int(OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_MAX_TLS),
                               &maxtls))
        return 0;
    if (id < 22 || (id > 28 && id < 31) || id > 33) {
        const char *alg = NULL;
        g->relayed++;
        g->p224 |= strcmp(name, "secp224r1") == 0 && id == 21;
        p = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ALG);
        g->bad += p == NULL || !OSSL_PARAM_get_utf8_string_ptr(p, &alg) || strcmp(alg, "EC") != 0;
        return 1;
    }
    g->count++;
    if (strcmp(name, "secp256r1") == 0 && id == 23 && mintls == TLS1_VERSION && maxtls == 0)
        g->p256 = 1;
    if (strcmp(name, "brainpoolP256r1tls13") == 0 && id == 31 && mintls == TLS1_3_VERSION)
        g->bp256tls13 = 1;
    if (strcmp(name, "secp256k1") == 0 && id == 22 && maxtls == TLS1_2_VERSION)
        g->k1max = 1;
    return 1;
}

/* one in-memory handshake; the server's certificate key and both ephemeral keys are kurv's */
static void test_tls(const char *certgroup, const char *group, int version, const char *cipher)
{
    SSL_CTX *s = SSL_CTX_new_ex(lib, "?provider=kurv", TLS_server_method());
    SSL_CTX *c = SSL_CTX_new_ex(lib, "?provider=kurv", TLS_client_method());
    EVP_PKEY *pk = keygen(certgroup, "provider=kurv", "kurv");
    X509 *x = pk != NULL ? kpt_self_signed(pk, lib, "?provider=kurv") : NULL;
    SSL *ss = NULL, *cs = NULL;
    CHECK(s != NULL && c != NULL && x != NULL, "TLS setup");
    if (s == NULL || c == NULL || x == NULL)
        goto end;
    CHECK(SSL_CTX_use_certificate(s, x) == 1 && SSL_CTX_use_PrivateKey(s, pk) == 1, "cert");
    CHECK(X509_STORE_add_cert(SSL_CTX_get_cert_store(c), x) == 1, "trust");
    SSL_CTX_set_verify(c, SSL_VERIFY_PEER, NULL);
    CHECK(SSL_CTX_set1_groups_list(s, group) == 1 && SSL_CTX_set1_groups_list(c, group) == 1,
          "groups %s", group);
    SSL_CTX_set_min_proto_version(s, version);
    SSL_CTX_set_max_proto_version(s, version);
    SSL_CTX_set_min_proto_version(c, version);
    SSL_CTX_set_max_proto_version(c, version);
    if (cipher != NULL)
        CHECK(SSL_CTX_set_cipher_list(c, cipher) == 1, "cipher");
    remove(log_path);
    int ok = kpt_handshake(s, c, &ss, &cs);
    CHECK(ok, "TLS handshake %s/%s", certgroup, group);
    if (ok) {
        EVP_PKEY *tmp = NULL;
        CHECK(SSL_version(cs) == version, "version %x", SSL_version(cs));
        CHECK(SSL_get_peer_tmp_key(cs, &tmp) == 1 && tmp != NULL
              && strcmp(prov_name(EVP_PKEY_get0_provider(tmp)), "kurv") == 0,
              "%s: the server's ephemeral key is not kurv's", group);
        EVP_PKEY_free(tmp);
        CHECK(SSL_get_verify_result(cs) == X509_V_OK, "certificate verification");
        CHECK(log_has("derive P-256") + log_has("derive brainpoolP256r1")
              + log_has("derive brainpoolP384r1") == 2, "trace: two derives");
    }
    printf("TLS %s, certificate %s, group %s: checked\n", version == TLS1_3_VERSION ? "1.3" : "1.2",
           certgroup, group);
end:
    SSL_free(ss);
    SSL_free(cs);
    X509_free(x);
    EVP_PKEY_free(pk);
    SSL_CTX_free(s);
    SSL_CTX_free(c);
}

int main(void)
{
    snprintf(log_path, sizeof log_path, "%s/kurv-provider-test.%ld.log",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", (long)getpid());
    setenv("KURV_PROVIDER_LOG", log_path, 1);
    lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *kurv = OSSL_PROVIDER_load(lib, "kurv");
    OSSL_PROVIDER *dflt = OSSL_PROVIDER_load(lib, "default");
    if (kurv == NULL) {
        ERR_print_errors_fp(stderr);
        printf("FAIL: kurv.so does not load (OPENSSL_MODULES?)\n");
        return 1;
    }
    CHECK(dflt != NULL, "default provider");

    /* size: the largest DER ECDSA-Sig-Value, two INTEGERs of order_bits / 8 + 1 bytes */
#define T(family, accessor, name, openssl, oid, wp, bc, prefix, hash) \
    { size_t ob = kurv_curve_order_bits(accessor()) / 8 + 1, it = 2 + ob + (ob >= 128); \
      size_t sq = 2 * it; test_curve(name, openssl, kurv_curve_field_len(accessor()), \
                                     1 + (sq < 128 ? 1 : 2) + sq); }
    KURV_CURVE_LIST(T)
#undef T

    struct groups g = {0};
    CHECK(OSSL_PROVIDER_get_capabilities(kurv, "TLS-GROUP", group_cb, &g) == 1, "capabilities");
#if defined(KURV_HAVE_NIST) && defined(KURV_HAVE_BRAINPOOL) && defined(KURV_HAVE_SECP256K1)
    CHECK(g.count == 13, "TLS-GROUP: %d entries, want 13", g.count);
    CHECK(g.p256 && g.bp256tls13 && g.k1max, "TLS-GROUP entries: %d %d %d", g.p256,
          g.bp256tls13, g.k1max);
#endif
    /* the default provider is loaded: its other EC groups are passed on, only those */
    CHECK(g.relayed > 0 && g.p224 && g.bad == 0, "TLS-GROUP: %d relayed, secp224r1 %d, %d bad",
          g.relayed, g.p224, g.bad);
#ifdef KURV_HAVE_NIST
    test_tls("P-256", "P-256", TLS1_3_VERSION, NULL);
#ifdef KURV_HAVE_BRAINPOOL
    test_tls("P-256", "brainpoolP256r1tls13", TLS1_3_VERSION, NULL);
#endif
#endif
#ifdef KURV_HAVE_BRAINPOOL
    test_tls("brainpoolP384r1", "brainpoolP384r1", TLS1_2_VERSION, "ECDHE-ECDSA-AES128-GCM-SHA256");
#endif
    remove(log_path);
    OSSL_PROVIDER_unload(kurv);
    OSSL_PROVIDER_unload(dflt);
    OSSL_LIB_CTX_free(lib);
    printf("%s\n", failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
