/*
 * openssl/tests/test_provider_params.c: kurv.so's parameter handling against OpenSSL's
 * default provider, on every built curve (kurv_curve_list.h). Each check is one of the
 * differences the provider fuzz harness (fuzz/fuzz_provider.c) found, so that a plain test
 * build keeps them fixed; their fuzz inputs are in fuzz/regress/provider/.
 *
 * In one library context with both providers, the same calls go to each ("provider=kurv",
 * "provider=default") and both must give the right answers, which are:
 *   1. EVP_PKEY_set_params with a compressed encoded-pub-key: accepted, and the key then
 *      reports point-format "compressed" and gives the compressed octets back as pub (the
 *      default provider's EC_KEY_oct2key keeps the form it is given), while encoded-pub-key
 *      itself comes back uncompressed (as TLS key shares must be);
 *   2. then an encoded-pub-key that is not on the curve: refused, and kurv's key keeps the
 *      public key it had (kurv used to drop it; the default provider's key keeps the
 *      refused point, so only its refusal is checked);
 *   3. EVP_DigestSignInit_ex naming SHA-224 with a params list that says digest=SHA256:
 *      the named digest wins, so the signature verifies under SHA-224 (by the default
 *      provider) and not under SHA-256 (kurv used to sign with the param's digest);
 *   4. key generation from a template on the curve, with gen params group "" (a curve kurv
 *      does not offer, so they went to the default provider's generation) and point-format
 *      "bogus": EVP applies the template after the params, so the template's curve is the
 *      one generated on, and both refuse the point-format then (kurv used to drop it with
 *      the default provider's context and generate); with point-format "compressed"
 *      instead both generate, on the template's curve.
 * Exit 0 when every check passes, 1 otherwise (each failure printed; kurv.so not loading
 * is a failure).
 */
#include <stdio.h>
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <kurv_curve_list.h>

static int failures;
#define CHECK(cond, ...) do { if (!(cond)) { failures++; \
    fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond); \
    fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); ERR_print_errors_fp(stderr); } } while (0)

static OSSL_LIB_CTX *lib;
static const char *const provs[2] = {"provider=kurv", "provider=default"};
static const unsigned char msg[] = "kurv provider parameter test";

/* a public key (@pub: uncompressed SEC1 octets) imported into @propq's keymgmt */
static EVP_PKEY *import_pub(const char *group, const unsigned char *pub, size_t len,
                            const char *propq)
{
    EVP_PKEY *r = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lib, "EC", propq);
    OSSL_PARAM p[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)group, 0),
        OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, len),
        OSSL_PARAM_construct_end()};
    if (c == NULL || EVP_PKEY_fromdata_init(c) != 1
        || EVP_PKEY_fromdata(c, &r, EVP_PKEY_PUBLIC_KEY, p) != 1)
        r = NULL;
    EVP_PKEY_CTX_free(c);
    return r;
}

static int set_encoded(EVP_PKEY *pk, const unsigned char *pt, size_t len)
{
    return EVP_PKEY_set_octet_string_param(pk, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY,
                                           (unsigned char *)pt, len);
}

/* pub must give @cmp (compressed) and encoded-pub-key @unc (uncompressed) */
static void get_both(const char *group, EVP_PKEY *pk, int i, const unsigned char *unc,
                     size_t ulen, const unsigned char *cmp, size_t clen, const char *after)
{
    unsigned char got[133];
    size_t len = 0;
    CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PUB_KEY, got, sizeof got, &len)
          == 1 && len == clen && memcmp(got, cmp, clen) == 0,
          "%s %s: pub after %s (%zu bytes)", group, provs[i], after, len);
    len = 0;
    CHECK(EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, got,
                                          sizeof got, &len) == 1
          && len == ulen && memcmp(got, unc, ulen) == 0,
          "%s %s: encoded-pub-key after %s (%zu bytes)", group, provs[i], after, len);
}

/* checks 1 and 2 in provider @i, from the public key @unc (uncompressed) whose compressed
 * form is @cmp */
static void pub_checks(const char *group, const unsigned char *unc, size_t ulen,
                       const unsigned char *cmp, size_t clen, int i)
{
    unsigned char bad[133];
    char fmt[32] = "";
    EVP_PKEY *pk = import_pub(group, unc, ulen, provs[i]);
    CHECK(pk != NULL, "%s: import into %s", group, provs[i]);
    if (pk == NULL)
        return;
    /* 1: a compressed encoded-pub-key is accepted and kept compressed */
    CHECK(set_encoded(pk, cmp, clen) == 1, "%s %s: set compressed encoded-pub-key", group,
          provs[i]);
    CHECK(EVP_PKEY_get_utf8_string_param(pk, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, fmt,
                                         sizeof fmt, NULL) == 1
          && strcmp(fmt, "compressed") == 0, "%s %s: point-format '%s'", group, provs[i], fmt);
    get_both(group, pk, i, unc, ulen, cmp, clen, "setting the compressed form");
    /* 2: an off-curve point is refused and the key keeps its public key */
    memcpy(bad, unc, ulen);
    bad[ulen - 1] ^= 1;
    ERR_set_mark();
    CHECK(set_encoded(pk, bad, ulen) == 0, "%s %s: off-curve encoded-pub-key accepted", group,
          provs[i]);
    ERR_pop_to_mark();
    /* the default provider is not held to this one: its EC_POINT_oct2point writes the
     * coordinates before its on-curve check fails, so its key keeps the refused point */
    if (i == 0)
        get_both(group, pk, i, unc, ulen, cmp, clen, "a refused public key");
    EVP_PKEY_free(pk);
}

/* 1 if @sig verifies over msg under @md, 0 if not, -1 on error (default provider) */
static int verify_with(EVP_PKEY *pub, const char *md, const unsigned char *sig, size_t len)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    int r = -1;
    if (m != NULL && EVP_DigestVerifyInit_ex(m, NULL, md, lib, "provider=default", pub,
                                             NULL) == 1)
        r = EVP_DigestVerify(m, sig, len, msg, sizeof msg);
    ERR_clear_error();
    EVP_MD_CTX_free(m);
    return r;
}

/* check 3 in provider @i with @pk (a key pair) and @pub (its public key in default):
 * return the init result, which must be the same in both providers */
static int digest_param_check(const char *group, EVP_PKEY *pk, EVP_PKEY *pub, int i)
{
    EVP_MD_CTX *m = EVP_MD_CTX_new();
    unsigned char sig[160];
    size_t len = sizeof sig;
    OSSL_PARAM p[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_SIGNATURE_PARAM_DIGEST, "SHA256", 0),
        OSSL_PARAM_construct_end()};
    int init = m != NULL && EVP_DigestSignInit_ex(m, NULL, "SHA224", lib, provs[i], pk, p) == 1;
    if (init) {
        CHECK(EVP_DigestSign(m, sig, &len, msg, sizeof msg) == 1, "%s %s: DigestSign", group,
              provs[i]);
        CHECK(verify_with(pub, "SHA224", sig, len) == 1,
              "%s %s: signature does not verify under the named SHA-224", group, provs[i]);
        CHECK(verify_with(pub, "SHA256", sig, len) == 0,
              "%s %s: signature verifies under the param's SHA-256", group, provs[i]);
    }
    ERR_clear_error();
    EVP_MD_CTX_free(m);
    return init;
}

/* check 4 with provider i: 1 if a key was generated from a template on group after gen
 * params {group "", point-format pf}, on that curve; 0 if refused */
static int gen_template_check(const char *group, const char *pf, int i)
{
    OSSL_PARAM tp[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)group, 0),
        OSSL_PARAM_construct_end()};
    OSSL_PARAM gp[] = {
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, "", 0),
        OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, (char *)pf, 0),
        OSSL_PARAM_construct_end()};
    EVP_PKEY *t = NULL, *k = NULL;
    EVP_PKEY_CTX *f = EVP_PKEY_CTX_new_from_name(lib, "EC", provs[i]), *c = NULL;
    char name[64] = "";
    int ok = 0;
    CHECK(f != NULL && EVP_PKEY_fromdata_init(f) == 1
          && EVP_PKEY_fromdata(f, &t, EVP_PKEY_KEY_PARAMETERS, tp) == 1,
          "%s %s: the template", group, provs[i]);
    if (t != NULL && (c = EVP_PKEY_CTX_new_from_pkey(lib, t, provs[i])) != NULL
            && EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_CTX_set_params(c, gp) == 1
            && EVP_PKEY_generate(c, &k) == 1) {
        CHECK(EVP_PKEY_get_utf8_string_param(k, OSSL_PKEY_PARAM_GROUP_NAME, name, sizeof name,
                                             NULL) == 1 && strcmp(name, group) == 0,
              "%s %s: generated on %s, not the template's curve", group, provs[i], name);
        ok = 1;
    }
    ERR_clear_error();
    EVP_PKEY_free(k);
    EVP_PKEY_CTX_free(c);
    EVP_PKEY_free(t);
    EVP_PKEY_CTX_free(f);
    return ok;
}

static void test_curve(const char *group)
{
    unsigned char unc[133], cmp[67];
    size_t ulen = 0;
    int init[2], i;
    EVP_PKEY *ref = NULL;
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_name(lib, "EC", "provider=default");

    CHECK(c != NULL && EVP_PKEY_keygen_init(c) == 1 && EVP_PKEY_CTX_set_group_name(c, group) == 1
          && EVP_PKEY_keygen(c, &ref) == 1, "%s: default keygen", group);
    EVP_PKEY_CTX_free(c);
    if (ref == NULL)
        return;
    CHECK(EVP_PKEY_get_octet_string_param(ref, OSSL_PKEY_PARAM_PUB_KEY, unc, sizeof unc, &ulen)
          == 1 && unc[0] == 0x04, "%s: uncompressed public key", group);
    /* SEC1 2.3.3: 02/03 by the parity of y, then x */
    cmp[0] = 0x02 | (unc[ulen - 1] & 1);
    memcpy(cmp + 1, unc + 1, (ulen - 1) / 2);

    for (i = 0; i < 2; i++)
        pub_checks(group, unc, ulen, cmp, 1 + (ulen - 1) / 2, i);

    /* the key pair for check 3 in kurv: default's private key imported through todata */
    OSSL_PARAM *data = NULL;
    EVP_PKEY *mine = NULL;
    c = EVP_PKEY_CTX_new_from_name(lib, "EC", "provider=kurv");
    CHECK(c != NULL && EVP_PKEY_todata(ref, EVP_PKEY_KEYPAIR, &data) == 1
          && EVP_PKEY_fromdata_init(c) == 1 && EVP_PKEY_fromdata(c, &mine, EVP_PKEY_KEYPAIR, data)
          == 1, "%s: key pair into kurv", group);
    OSSL_PARAM_free(data);
    EVP_PKEY_CTX_free(c);
    if (mine != NULL) {
        init[0] = digest_param_check(group, mine, ref, 0);
        init[1] = digest_param_check(group, ref, ref, 1);
        CHECK(init[0] == init[1], "%s: DigestSignInit with a digest param: kurv %d, default %d",
              group, init[0], init[1]);
        CHECK(init[1] == 1, "%s: the default provider refused the init (test assumption)", group);
    }
    EVP_PKEY_free(mine);
    EVP_PKEY_free(ref);

    for (i = 0; i < 2; i++) {
        CHECK(gen_template_check(group, "bogus", i) == 0,
              "%s %s: generated with point-format \"bogus\"", group, provs[i]);
        CHECK(gen_template_check(group, "compressed", i) == 1,
              "%s %s: refused point-format \"compressed\"", group, provs[i]);
    }
}

int main(void)
{
    lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *kurv = OSSL_PROVIDER_load(lib, "kurv");
    OSSL_PROVIDER *dflt = OSSL_PROVIDER_load(lib, "default");
    if (kurv == NULL || dflt == NULL) {
        ERR_print_errors_fp(stderr);
        printf("FAIL: kurv.so or the default provider does not load (OPENSSL_MODULES?)\n");
        return 1;
    }
    int curves = 0;
#define T(family, accessor, name, openssl, oid, wp, bc, prefix, hash) \
    { test_curve(openssl); curves++; }
    KURV_CURVE_LIST(T)
#undef T
    OSSL_PROVIDER_unload(kurv);
    OSSL_PROVIDER_unload(dflt);
    OSSL_LIB_CTX_free(lib);
    printf("%d curves: %s\n", curves, failures ? "FAILED" : "all checks passed");
    return failures ? 1 : 0;
}
