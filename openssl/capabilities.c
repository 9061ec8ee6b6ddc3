/*
 * openssl/capabilities.c: the TLS-GROUP capability (provider-base(7), "CAPABILITIES").
 *
 * libssl 3.0 keeps the groups of the provider whose "EC" keymgmt it fetched, so kurv
 * announces one entry per TLS group name of every curve it found, with OpenSSL 3.0's ids and
 * version ranges (RFC 8422 5.1.1 / RFC 8446 4.2.7 code points):
 *   secp256k1 22, brainpoolP256r1 26, P384r1 27, P512r1 28: TLS 1.0-1.2, DTLS 1.0-1.2;
 *   secp256r1/P-256 23, secp384r1/P-384 24, secp521r1/P-521 25: TLS 1.0 and later, DTLS too;
 * and RFC 8734's TLS 1.3 Brainpool groups, which OpenSSL 3.0 itself lacks:
 *   brainpoolP256r1tls13 31, brainpoolP384r1tls13 32, brainpoolP512r1tls13 33: TLS 1.3 only,
 *   no DTLS (-1), the same curves and ECDHE as their TLS 1.2 namesakes.
 * tls-group-name-internal is kurv's curve name (the keymgmt's gen takes it as "group").
 * With the kurv-25519 family loaded (KURV_HAVE_25519, kp_ecx_loaded()): x25519, id 29, 128
 * security bits, TLS 1.0 and later, DTLS 1.0 and later, algorithm "X25519" (kurv's KEYMGMT
 * X25519, ecx_keymgmt.c), internal name "x25519" (what its gen's "group" takes): OpenSSL
 * 3.0's own entry, which libssl keeps from the provider whose X25519 keymgmt it fetched.
 *
 * Then, when OpenSSL's default provider is loaded (delegate.c), kurv passes on the default
 * provider's own EC entries (TLS-GROUP algorithm "EC") whose group id kurv did not announce:
 * the curves of a family that is not installed and the others OpenSSL knows. Since libssl
 * keeps only kurv's EC groups, they would otherwise be lost; their key generation and ECDH
 * go to the default provider through kurv's keymgmt (the group names are OpenSSL's).
 */
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/params.h>
#include <openssl/prov_ssl.h>
#include <openssl/provider.h>
#include <kurv_curve_list.h>   /* KURV_HAVE_25519 */
#include "prov.h"

static const struct {
    const char *tlsname;   /* the name in -groups / SSL_CTX_set1_groups_list */
    const char *curve;     /* kurv's curve name */
    unsigned id, secbits;
    int mintls, maxtls, mindtls, maxdtls;
} groups[] = {
    {"secp256k1", "secp256k1", 22, 128, TLS1_VERSION, TLS1_2_VERSION, DTLS1_VERSION, DTLS1_2_VERSION},
    {"secp256r1", "P-256", 23, 128, TLS1_VERSION, 0, DTLS1_VERSION, 0},
    {"P-256", "P-256", 23, 128, TLS1_VERSION, 0, DTLS1_VERSION, 0},
    {"secp384r1", "P-384", 24, 192, TLS1_VERSION, 0, DTLS1_VERSION, 0},
    {"P-384", "P-384", 24, 192, TLS1_VERSION, 0, DTLS1_VERSION, 0},
    {"secp521r1", "P-521", 25, 256, TLS1_VERSION, 0, DTLS1_VERSION, 0},
    {"P-521", "P-521", 25, 256, TLS1_VERSION, 0, DTLS1_VERSION, 0},
    {"brainpoolP256r1", "brainpoolP256r1", 26, 128, TLS1_VERSION, TLS1_2_VERSION, DTLS1_VERSION, DTLS1_2_VERSION},
    {"brainpoolP384r1", "brainpoolP384r1", 27, 192, TLS1_VERSION, TLS1_2_VERSION, DTLS1_VERSION, DTLS1_2_VERSION},
    {"brainpoolP512r1", "brainpoolP512r1", 28, 256, TLS1_VERSION, TLS1_2_VERSION, DTLS1_VERSION, DTLS1_2_VERSION},
    {"brainpoolP256r1tls13", "brainpoolP256r1", 31, 128, TLS1_3_VERSION, 0, -1, -1},
    {"brainpoolP384r1tls13", "brainpoolP384r1", 32, 192, TLS1_3_VERSION, 0, -1, -1},
    {"brainpoolP512r1tls13", "brainpoolP512r1", 33, 256, TLS1_3_VERSION, 0, -1, -1},
};

/* group() - one TLS-GROUP entry to @cb (OpenSSL's params, provider-base(7)). Return @cb's. */
static int group(OSSL_CALLBACK *cb, void *arg, const char *tlsname, const char *internal,
                 const char *alg, unsigned id, unsigned secbits, int mintls, int maxtls,
                 int mindtls, int maxdtls)
{
    unsigned is_kem = 0;
    OSSL_PARAM p[] = {
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME, (char *)tlsname, strlen(tlsname)),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_NAME_INTERNAL, (char *)internal,
                               strlen(internal)),
        OSSL_PARAM_utf8_string(OSSL_CAPABILITY_TLS_GROUP_ALG, (char *)alg, strlen(alg)),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_ID, &id),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_SECURITY_BITS, &secbits),
        OSSL_PARAM_uint(OSSL_CAPABILITY_TLS_GROUP_IS_KEM, &is_kem),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_TLS, &mintls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_TLS, &maxtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MIN_DTLS, &mindtls),
        OSSL_PARAM_int(OSSL_CAPABILITY_TLS_GROUP_MAX_DTLS, &maxdtls),
        OSSL_PARAM_END
    };
    return cb(p, arg);
}

/* Was group id @id announced by kurv (a curve found)? */
static int kurv_has_id(unsigned id)
{
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++)
        if (groups[i].id == id && kp_curve_find(groups[i].curve) != NULL)
            return 1;
    return 0;
}

typedef struct {
    OSSL_CALLBACK *cb;
    void *arg;
} relay;

/* One of the default provider's TLS-GROUP entries: passed on when it is EC and kurv's list
 * lacks its id. */
static int relay_group(const OSSL_PARAM params[], void *arg)
{
    const relay *r = arg;
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ALG);
    const char *alg = NULL;
    unsigned id = 0;
    if (p == NULL || !OSSL_PARAM_get_utf8_string_ptr(p, &alg) || strcmp(alg, "EC") != 0)
        return 1;
    p = OSSL_PARAM_locate_const(params, OSSL_CAPABILITY_TLS_GROUP_ID);
    if (p == NULL || !OSSL_PARAM_get_uint(p, &id) || kurv_has_id(id))
        return 1;
    return r->cb(params, r->arg);
}

int kp_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg)
{
    if (capability == NULL || OPENSSL_strcasecmp(capability, "TLS-GROUP") != 0)
        return 0;
    for (size_t i = 0; i < sizeof groups / sizeof groups[0]; i++) {
        const kp_curve *c = kp_curve_find(groups[i].curve);
        if (c == NULL)
            continue;   /* its family is not installed */
        if (!group(cb, arg, groups[i].tlsname, c->name, "EC", groups[i].id, groups[i].secbits,
                   groups[i].mintls, groups[i].maxtls, groups[i].mindtls, groups[i].maxdtls))
            return 0;
    }
#ifdef KURV_HAVE_25519
    if (kp_ecx_loaded()
        && !group(cb, arg, "x25519", "x25519", "X25519", 29, 128, TLS1_VERSION, 0,
                  DTLS1_VERSION, 0))
        return 0;
#endif
    const kp_dfn *df = kp_dlg_get(provctx);
    if (df != NULL) {
        relay r = {cb, arg};
        return OSSL_PROVIDER_get_capabilities(df->prov, "TLS-GROUP", relay_group, &r);
    }
    return 1;
}
