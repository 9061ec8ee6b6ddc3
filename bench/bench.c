/*
 * kurv-bench: microseconds per operation for kurv, and for OpenSSL 3,
 * libsecp256k1, mbed TLS, Nettle and Botan 2 when they were found at configure
 * time. Each row ends with the cell's fastest peer ("best peer") and kurv's
 * ratio to it.
 *
 *   kurv-bench [-c CURVE] [-t SECONDS] [--csv] [--ecies | --point | --schnorr | --25519]
 *
 * Operations, each on bytes in and bytes out, as kurv's API takes them:
 *   keygen  a fresh private key and its uncompressed public key
 *   sign    ECDSA on a 32-byte digest (kurv: RFC 6979 nonce, raw r||s)
 *   verify  ECDSA verification, public key given as SEC1 bytes
 *   ecdh    x-coordinate of d*Q, Q given as SEC1 bytes
 *
 * The peers run the closest equivalent:
 *   OpenSSL 3     EVP_PKEY_generate; EVP_PKEY_sign / EVP_PKEY_verify on the
 *                 digest (DER signatures, random nonce); EVP_PKEY_derive with
 *                 the peer set once. Each EVP_PKEY_CTX is kept across calls.
 *   libsecp256k1  ec_pubkey_create + serialize; ecdsa_sign (RFC 6979) +
 *                 serialize_compact; pubkey_parse + signature_parse_compact +
 *                 ecdsa_verify; pubkey_parse + ecdh with a hash function that
 *                 copies x. Parsing is timed because kurv decodes and
 *                 validates its byte inputs in every call.
 *   mbed TLS 2.28 mbedtls_ecp_gen_keypair + point_write_binary;
 *                 ecdsa_sign_det_ext (RFC 6979, SHA-256) + mpi_write_binary;
 *                 point_read_binary + check_pubkey + mpi_read_binary +
 *                 ecdsa_verify; point_read_binary + check_pubkey +
 *                 ecdh_compute_shared + mpi_write_binary (the same parsing
 *                 and validation kurv does). Its default build (Debian's) has
 *                 the fixed-point comb for G and NIST reduction on.
 *   Nettle, Botan 2 behind peer.h's interface; peer_nettle.c and peer_botan.c
 *                 say what each of their calls includes.
 *
 * Before timing, every operation runs once and its result is checked against
 * the other libraries (same keys: same public key, same ECDH secret, kurv's
 * low-S signature equal to libsecp256k1's, each library's signature verified
 * by kurv; for the peer.h peers, peer_check). A failed check stops the bench. In the timed loops every return value is checked as well, so a
 * failing call is never timed.
 *
 * Timing (timing.c, bench_time_set): CLOCK_MONOTONIC; per cell, kurv and every
 * peer side by side: each warmed up for about a tenth of the time, which also sizes
 * its batches; then 15 rounds in which each library runs one batch in turn, about
 * -t seconds (default 0.3) per library in all. Each library's median batch is
 * printed. Taking turns makes a slow spell of the machine fall on all the libraries
 * of a cell, where one after another it fell on whichever was being timed.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <kurv_curve_list.h>   /* the built curves, from the registry in curves/meson.build */

#include "bench_point.h"

#ifdef KURV_BENCH_OPENSSL
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#endif
#ifdef KURV_BENCH_LIBSECP256K1
#include <secp256k1.h>
#include <secp256k1_ecdh.h>
#endif
#ifdef KURV_BENCH_MBEDTLS
#include <mbedtls/bignum.h>
#include <mbedtls/ecdh.h>
#include <mbedtls/ecdsa.h>
#include <mbedtls/ecp.h>
#endif

#include "bench.h"
#include "peer.h"
#include "timing.h"
#ifdef KURV_BENCH_SCHNORR
#include "bench_schnorr.h"
#endif
#ifdef KURV_BENCH_25519
#include "bench_25519.h"
#endif

/* ------------------------------------------------------------------ curves */

struct bench_curve {
    const kurv_curve *(*kurv)(void);
    const char *openssl_group;  /* OpenSSL group name, NULL if OpenSSL lacks it */
    const char *mbedtls_name;   /* mbed TLS curve name, NULL if it lacks it */
};

/* Every built curve, from the registry: its OpenSSL name, and its Wycheproof name, which is
 * mbed TLS's too. libsecp256k1 implements secp256k1 alone (bench_curve). */
#define BENCH_CURVE(fam, acc, name, ossl, oid, wp, bc, prefix, hash) { acc, ossl, wp },
static const struct bench_curve curves[] = {
    KURV_CURVE_LIST(BENCH_CURVE)
    { NULL, NULL, NULL }
};
#undef BENCH_CURVE

enum { OP_KEYGEN, OP_SIGN, OP_VERIFY, OP_ECDH, NOPS };
static const char *const op_names[NOPS] = { "keygen", "ecdsa sign", "ecdsa verify", "ecdh" };

enum { LIB_KURV, LIB_OPENSSL, LIB_SECP, LIB_MBEDTLS, LIB_NETTLE, LIB_BOTAN, NLIBS };
static const char *const lib_names[NLIBS] = { "kurv", "OpenSSL", "libsecp256k1", "mbedTLS",
                                              "Nettle", "Botan" };
static const char *const lib_csv[NLIBS] = { "kurv", "openssl", "libsecp256k1", "mbedtls",
                                            "nettle", "botan" };
/* the peers that sit behind peer.h's interface, each in its own file */
static const struct bench_peer *const lib_peer[NLIBS] = {
    NULL, NULL, NULL, NULL,
#ifdef KURV_BENCH_NETTLE
    &bench_peer_nettle,
#else
    NULL,
#endif
#ifdef KURV_BENCH_BOTAN
    &bench_peer_botan,
#else
    NULL,
#endif
};
/* which peers were compiled in (their columns are printed) */
static const int lib_built[NLIBS] = {
    1,
#ifdef KURV_BENCH_OPENSSL
    1,
#else
    0,
#endif
#ifdef KURV_BENCH_LIBSECP256K1
    1,
#else
    0,
#endif
#ifdef KURV_BENCH_MBEDTLS
    1,
#else
    0,
#endif
#ifdef KURV_BENCH_NETTLE
    1,
#else
    0,
#endif
#ifdef KURV_BENCH_BOTAN
    1,
#else
    0,
#endif
};

static void die(const char *fmt, const char *a, const char *b)
{
    fprintf(stderr, "kurv-bench: ");
    fprintf(stderr, fmt, a, b);
    fputc('\n', stderr);
    exit(1);
}

/* ------------------------------------------------------------------ state */

/* Everything one curve's operations work on. All keys are shared between the
 * libraries, so their results can be compared byte for byte. */
struct state {
    const kurv_curve *c;
    size_t slen, flen, plen;
    uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN];    /* signer / ECDH key */
    uint8_t d2[KURV_MAX_SCALAR_LEN], pub2[KURV_MAX_POINT_LEN];  /* ECDH peer */
    uint8_t digest[32];
    uint8_t sig[KURV_MAX_SIG_RAW_LEN];          /* kurv's signature (low-S) */
    uint8_t ecdh_ref[KURV_MAX_FIELD_LEN];       /* kurv's d*pub2 */
    /* scratch outputs of the timed calls */
    uint8_t out_priv[KURV_MAX_SCALAR_LEN], out_pub[KURV_MAX_POINT_LEN];
    uint8_t out_sig[KURV_MAX_SIG_DER_LEN], out_secret[KURV_MAX_FIELD_LEN];
    uint8_t peer_sig[KURV_MAX_SIG_RAW_LEN];     /* what a peer.h peer's verify checks */
#ifdef KURV_BENCH_OPENSSL
    EVP_PKEY_CTX *ossl_gen, *ossl_sign, *ossl_verify, *ossl_derive;
    EVP_PKEY *ossl_key, *ossl_peer;
    uint8_t ossl_sig[KURV_MAX_SIG_DER_LEN];
    size_t ossl_sig_len;
#endif
#ifdef KURV_BENCH_LIBSECP256K1
    secp256k1_context *secp;
    uint8_t secp_sig[64];
#endif
#ifdef KURV_BENCH_MBEDTLS
    int mbed_ready;
    mbedtls_ecp_group mbed_grp;
    mbedtls_mpi mbed_d, mbed_t1, mbed_t2;
    mbedtls_ecp_point mbed_pt;
    uint8_t mbed_sig[KURV_MAX_SIG_RAW_LEN];    /* mbed TLS's r||s */
#endif
};

/* ------------------------------------------------------------------ kurv ops */

static int kurv_keygen_op(void *arg)
{
    struct state *s = arg;
    size_t len = sizeof s->out_pub;
    return kurv_keygen(s->c, s->out_priv, s->slen, s->out_pub, &len, 0) != KURV_OK ||
           len != s->plen;
}

static int kurv_sign_op(void *arg)
{
    struct state *s = arg;
    return kurv_ecdsa_sign(s->c, s->out_sig, 2 * s->slen, s->d, s->slen, s->digest,
                           sizeof s->digest, KURV_HASH_SHA256, NULL, 0, 0) != KURV_OK;
}

static int kurv_verify_op(void *arg)
{
    struct state *s = arg;
    return kurv_ecdsa_verify(s->c, s->sig, 2 * s->slen, s->pub, s->plen, s->digest,
                             sizeof s->digest, 0) != KURV_OK;
}

static int kurv_ecdh_op(void *arg)
{
    struct state *s = arg;
    return kurv_ecdh(s->c, s->out_secret, s->flen, s->d, s->slen, s->pub2, s->plen) != KURV_OK;
}

/* ------------------------------------------------------------------ OpenSSL ops */
#ifdef KURV_BENCH_OPENSSL

static void ossl_die(const char *what, const char *curve)
{
    fprintf(stderr, "kurv-bench: %s: OpenSSL: %s failed\n", curve, what);
    ERR_print_errors_fp(stderr);
    exit(1);
}

/* An EVP_PKEY from kurv's bytes: the key pair (d, pub) or, with d NULL, pub only. */
static EVP_PKEY *ossl_import(const struct state *s, const char *group,
                             const uint8_t *d, const uint8_t *pub)
{
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM *params = NULL;
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *pk = NULL;
    BIGNUM *bn = NULL;
    int ok = bld != NULL && ctx != NULL;

    ok = ok && OSSL_PARAM_BLD_push_utf8_string(bld, OSSL_PKEY_PARAM_GROUP_NAME, group, 0);
    ok = ok && OSSL_PARAM_BLD_push_octet_string(bld, OSSL_PKEY_PARAM_PUB_KEY, pub, s->plen);
    if (ok && d) {
        bn = BN_bin2bn(d, (int)s->slen, NULL);
        ok = bn != NULL && OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_PRIV_KEY, bn);
    }
    ok = ok && (params = OSSL_PARAM_BLD_to_param(bld)) != NULL;
    ok = ok && EVP_PKEY_fromdata_init(ctx) == 1;
    ok = ok && EVP_PKEY_fromdata(ctx, &pk, d ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY,
                                 params) == 1;
    OSSL_PARAM_free(params);
    OSSL_PARAM_BLD_free(bld);
    BN_clear_free(bn);
    EVP_PKEY_CTX_free(ctx);
    return ok ? pk : NULL;
}

static void ossl_setup(struct state *s, const char *group)
{
    const char *name = kurv_curve_name(s->c);
    EVP_PKEY *pubonly;

    s->ossl_key = ossl_import(s, group, s->d, s->pub);
    s->ossl_peer = ossl_import(s, group, NULL, s->pub2);
    pubonly = ossl_import(s, group, NULL, s->pub);
    if (!s->ossl_key || !s->ossl_peer || !pubonly)
        ossl_die("importing kurv's keys", name);

    s->ossl_gen = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    if (!s->ossl_gen || EVP_PKEY_keygen_init(s->ossl_gen) != 1 ||
        EVP_PKEY_CTX_set_group_name(s->ossl_gen, group) != 1)
        ossl_die("keygen setup", name);
    s->ossl_sign = EVP_PKEY_CTX_new(s->ossl_key, NULL);
    if (!s->ossl_sign || EVP_PKEY_sign_init(s->ossl_sign) != 1)
        ossl_die("sign setup", name);
    s->ossl_verify = EVP_PKEY_CTX_new(pubonly, NULL);
    if (!s->ossl_verify || EVP_PKEY_verify_init(s->ossl_verify) != 1)
        ossl_die("verify setup", name);
    EVP_PKEY_free(pubonly);   /* the context holds its own reference */
    s->ossl_derive = EVP_PKEY_CTX_new(s->ossl_key, NULL);
    if (!s->ossl_derive || EVP_PKEY_derive_init(s->ossl_derive) != 1 ||
        EVP_PKEY_derive_set_peer(s->ossl_derive, s->ossl_peer) != 1)
        ossl_die("derive setup", name);
}

static void ossl_teardown(struct state *s)
{
    EVP_PKEY_CTX_free(s->ossl_gen);
    EVP_PKEY_CTX_free(s->ossl_sign);
    EVP_PKEY_CTX_free(s->ossl_verify);
    EVP_PKEY_CTX_free(s->ossl_derive);
    EVP_PKEY_free(s->ossl_key);
    EVP_PKEY_free(s->ossl_peer);
    s->ossl_gen = s->ossl_sign = s->ossl_verify = s->ossl_derive = NULL;
    s->ossl_key = s->ossl_peer = NULL;
}

static int ossl_keygen_op(void *arg)
{
    struct state *s = arg;
    EVP_PKEY *pk = NULL;
    int bad = EVP_PKEY_generate(s->ossl_gen, &pk) != 1;
    EVP_PKEY_free(pk);
    return bad;
}

static int ossl_sign_op(void *arg)
{
    struct state *s = arg;
    size_t len = sizeof s->out_sig;
    return EVP_PKEY_sign(s->ossl_sign, s->out_sig, &len, s->digest, sizeof s->digest) != 1;
}

static int ossl_verify_op(void *arg)
{
    struct state *s = arg;
    return EVP_PKEY_verify(s->ossl_verify, s->ossl_sig, s->ossl_sig_len, s->digest,
                           sizeof s->digest) != 1;
}

static int ossl_ecdh_op(void *arg)
{
    struct state *s = arg;
    size_t len = s->flen;
    return EVP_PKEY_derive(s->ossl_derive, s->out_secret, &len) != 1 || len != s->flen;
}

/* Run each OpenSSL operation once and check it against kurv. */
static void ossl_check(struct state *s)
{
    const char *name = kurv_curve_name(s->c);
    uint8_t raw[KURV_MAX_SIG_RAW_LEN];
    size_t len;

    if (ossl_keygen_op(s))
        ossl_die("EVP_PKEY_generate", name);
    len = sizeof s->ossl_sig;
    if (EVP_PKEY_sign(s->ossl_sign, s->ossl_sig, &len, s->digest, sizeof s->digest) != 1)
        ossl_die("EVP_PKEY_sign", name);
    s->ossl_sig_len = len;
    if (ossl_verify_op(s))
        ossl_die("EVP_PKEY_verify of its own signature", name);
    /* OpenSSL's signature must verify under kurv too */
    if (kurv_ecdsa_sig_from_der(s->c, raw, 2 * s->slen, s->ossl_sig, s->ossl_sig_len) != KURV_OK ||
        kurv_ecdsa_verify(s->c, raw, 2 * s->slen, s->pub, s->plen, s->digest,
                          sizeof s->digest, 0) != KURV_OK)
        die("%s: kurv rejects OpenSSL's signature", name, NULL);
    /* and kurv's under OpenSSL */
    len = sizeof s->out_sig;
    if (kurv_ecdsa_sig_to_der(s->c, s->out_sig, &len, s->sig, 2 * s->slen) != KURV_OK ||
        EVP_PKEY_verify(s->ossl_verify, s->out_sig, len, s->digest, sizeof s->digest) != 1)
        die("%s: OpenSSL rejects kurv's signature", name, NULL);
    if (ossl_ecdh_op(s) || memcmp(s->out_secret, s->ecdh_ref, s->flen) != 0)
        die("%s: OpenSSL's ECDH secret differs from kurv's", name, NULL);
}
#endif

/* ------------------------------------------------------------------ libsecp256k1 ops */
#ifdef KURV_BENCH_LIBSECP256K1

static int copy_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32,
                  void *data)
{
    (void)y32;
    (void)data;
    memcpy(out, x32, 32);
    return 1;
}

static int secp_keygen_op(void *arg)
{
    struct state *s = arg;
    secp256k1_pubkey pk;
    size_t len = 65;
    return !secp256k1_ec_pubkey_create(s->secp, &pk, s->d) ||
           !secp256k1_ec_pubkey_serialize(s->secp, s->out_pub, &len, &pk,
                                          SECP256K1_EC_UNCOMPRESSED);
}

static int secp_sign_op(void *arg)
{
    struct state *s = arg;
    secp256k1_ecdsa_signature sig;
    return !secp256k1_ecdsa_sign(s->secp, &sig, s->digest, s->d, NULL, NULL) ||
           !secp256k1_ecdsa_signature_serialize_compact(s->secp, s->out_sig, &sig);
}

static int secp_verify_op(void *arg)
{
    struct state *s = arg;
    secp256k1_pubkey pk;
    secp256k1_ecdsa_signature sig;
    return !secp256k1_ec_pubkey_parse(s->secp, &pk, s->pub, s->plen) ||
           !secp256k1_ecdsa_signature_parse_compact(s->secp, &sig, s->secp_sig) ||
           !secp256k1_ecdsa_verify(s->secp, &sig, s->digest, &pk);
}

static int secp_ecdh_op(void *arg)
{
    struct state *s = arg;
    secp256k1_pubkey pk;
    return !secp256k1_ec_pubkey_parse(s->secp, &pk, s->pub2, s->plen) ||
           !secp256k1_ecdh(s->secp, s->out_secret, &pk, s->d, copy_x, NULL);
}

static void secp_setup(struct state *s)
{
    uint8_t seed[32];
    s->secp = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
    if (!s->secp || kurv_random(seed, sizeof seed) != KURV_OK ||
        !secp256k1_context_randomize(s->secp, seed))
        die("libsecp256k1: context setup failed", NULL, NULL);
}

/* Run each libsecp256k1 operation once and check it against kurv. */
static void secp_check(struct state *s)
{
    secp256k1_ecdsa_signature sig;

    if (secp_keygen_op(s) || memcmp(s->out_pub, s->pub, 65) != 0)
        die("libsecp256k1's public key differs from kurv's", NULL, NULL);
    /* Both use RFC 6979 with HMAC-SHA-256 and give low-S: the same bytes. */
    if (secp_sign_op(s) || memcmp(s->out_sig, s->sig, 64) != 0)
        die("libsecp256k1's signature differs from kurv's low-S signature", NULL, NULL);
    memcpy(s->secp_sig, s->out_sig, 64);
    if (!secp256k1_ecdsa_signature_parse_compact(s->secp, &sig, s->secp_sig))
        die("libsecp256k1 cannot parse its signature", NULL, NULL);
    if (secp_verify_op(s))
        die("libsecp256k1 rejects the signature", NULL, NULL);
    if (secp_ecdh_op(s) || memcmp(s->out_secret, s->ecdh_ref, 32) != 0)
        die("libsecp256k1's ECDH secret differs from kurv's", NULL, NULL);
}
#endif

/* ------------------------------------------------------------------ mbed TLS ops */
#ifdef KURV_BENCH_MBEDTLS

static int mbed_rng(void *ctx, unsigned char *out, size_t len)
{
    (void)ctx;
    return kurv_random(out, len) == KURV_OK ? 0 : -1;
}

static void mbed_die(const char *what, const char *curve, int rc)
{
    char buf[16];
    snprintf(buf, sizeof buf, "%d", rc);
    fprintf(stderr, "kurv-bench: %s: mbed TLS: %s failed (%s)\n", curve, what, buf);
    exit(1);
}

static int mbed_keygen_op(void *arg)
{
    struct state *s = arg;
    size_t len = 0;
    return mbedtls_ecp_gen_keypair(&s->mbed_grp, &s->mbed_t1, &s->mbed_pt, mbed_rng, NULL) != 0 ||
           mbedtls_ecp_point_write_binary(&s->mbed_grp, &s->mbed_pt, MBEDTLS_ECP_PF_UNCOMPRESSED,
                                          &len, s->out_pub, sizeof s->out_pub) != 0 ||
           len != s->plen;
}

static int mbed_sign_op(void *arg)
{
    struct state *s = arg;
    return mbedtls_ecdsa_sign_det_ext(&s->mbed_grp, &s->mbed_t1, &s->mbed_t2, &s->mbed_d,
                                      s->digest, sizeof s->digest, MBEDTLS_MD_SHA256,
                                      mbed_rng, NULL) != 0 ||
           mbedtls_mpi_write_binary(&s->mbed_t1, s->out_sig, s->slen) != 0 ||
           mbedtls_mpi_write_binary(&s->mbed_t2, s->out_sig + s->slen, s->slen) != 0;
}

static int mbed_verify_op(void *arg)
{
    struct state *s = arg;
    return mbedtls_ecp_point_read_binary(&s->mbed_grp, &s->mbed_pt, s->pub, s->plen) != 0 ||
           mbedtls_ecp_check_pubkey(&s->mbed_grp, &s->mbed_pt) != 0 ||
           mbedtls_mpi_read_binary(&s->mbed_t1, s->mbed_sig, s->slen) != 0 ||
           mbedtls_mpi_read_binary(&s->mbed_t2, s->mbed_sig + s->slen, s->slen) != 0 ||
           mbedtls_ecdsa_verify(&s->mbed_grp, s->digest, sizeof s->digest, &s->mbed_pt,
                                &s->mbed_t1, &s->mbed_t2) != 0;
}

static int mbed_ecdh_op(void *arg)
{
    struct state *s = arg;
    return mbedtls_ecp_point_read_binary(&s->mbed_grp, &s->mbed_pt, s->pub2, s->plen) != 0 ||
           mbedtls_ecp_check_pubkey(&s->mbed_grp, &s->mbed_pt) != 0 ||
           mbedtls_ecdh_compute_shared(&s->mbed_grp, &s->mbed_t1, &s->mbed_pt, &s->mbed_d,
                                       mbed_rng, NULL) != 0 ||
           mbedtls_mpi_write_binary(&s->mbed_t1, s->out_secret, s->flen) != 0;
}

static void mbed_setup(struct state *s, const char *curve)
{
    const char *name = kurv_curve_name(s->c);
    const mbedtls_ecp_curve_info *info = mbedtls_ecp_curve_info_from_name(curve);
    int rc;

    mbedtls_ecp_group_init(&s->mbed_grp);
    mbedtls_mpi_init(&s->mbed_d);
    mbedtls_mpi_init(&s->mbed_t1);
    mbedtls_mpi_init(&s->mbed_t2);
    mbedtls_ecp_point_init(&s->mbed_pt);
    s->mbed_ready = 1;
    if (!info)
        mbed_die("curve lookup", name, 0);
    if ((rc = mbedtls_ecp_group_load(&s->mbed_grp, info->grp_id)) != 0)
        mbed_die("ecp_group_load", name, rc);
    if ((rc = mbedtls_mpi_read_binary(&s->mbed_d, s->d, s->slen)) != 0)
        mbed_die("reading kurv's private key", name, rc);
}

static void mbed_teardown(struct state *s)
{
    if (!s->mbed_ready)
        return;
    mbedtls_ecp_group_free(&s->mbed_grp);
    mbedtls_mpi_free(&s->mbed_d);
    mbedtls_mpi_free(&s->mbed_t1);
    mbedtls_mpi_free(&s->mbed_t2);
    mbedtls_ecp_point_free(&s->mbed_pt);
    s->mbed_ready = 0;
}

/* Run each mbed TLS operation once and check it against kurv. */
static void mbed_check(struct state *s)
{
    const char *name = kurv_curve_name(s->c);
    uint8_t kurv_sig[KURV_MAX_SIG_RAW_LEN];

    if (mbed_keygen_op(s))
        die("%s: mbed TLS keygen failed", name, NULL);
    if (mbed_sign_op(s))
        die("%s: mbed TLS sign failed", name, NULL);
    memcpy(s->mbed_sig, s->out_sig, 2 * s->slen);
    /* both use RFC 6979 with SHA-256: the same r||s as kurv without low-S */
    if (kurv_ecdsa_sign(s->c, kurv_sig, 2 * s->slen, s->d, s->slen, s->digest, sizeof s->digest,
                        KURV_HASH_SHA256, NULL, 0, 0) != KURV_OK ||
        memcmp(kurv_sig, s->mbed_sig, 2 * s->slen) != 0)
        die("%s: mbed TLS's RFC 6979 signature differs from kurv's", name, NULL);
    if (mbed_verify_op(s))
        die("%s: mbed TLS rejects the signature", name, NULL);
    /* kurv's low-S signature under mbed TLS too */
    memcpy(s->out_sig, s->mbed_sig, 2 * s->slen);
    memcpy(s->mbed_sig, s->sig, 2 * s->slen);
    if (mbed_verify_op(s))
        die("%s: mbed TLS rejects kurv's low-S signature", name, NULL);
    memcpy(s->mbed_sig, s->out_sig, 2 * s->slen);
    if (mbed_ecdh_op(s) || memcmp(s->out_secret, s->ecdh_ref, s->flen) != 0)
        die("%s: mbed TLS's ECDH secret differs from kurv's", name, NULL);
}
#endif

/* ------------------------------------------------------------------ peer.h peers */

/* Run each operation of a peer.h peer once and check it against kurv: its fresh key pair is
 * consistent (kurv derives the same public key from its private key), its signature verifies
 * under kurv, its own and kurv's (low-S) signature verify under it, and its ECDH secret equals
 * kurv's. Any difference stops the bench. Leaves kurv's signature in io->sig (s->peer_sig)
 * for the timed verify. */
static void peer_check(const struct bench_peer *p, void *st, struct state *s,
                       const struct bench_peer_io *io)
{
    const char *name = kurv_curve_name(s->c);
    uint8_t priv[KURV_MAX_SCALAR_LEN], ref[KURV_MAX_POINT_LEN];
    size_t len = sizeof ref;

    if (p->keygen(st) || p->last_priv(st, priv))
        die("%s: %s: keygen failed", name, p->name);
    if (kurv_pubkey_from_priv(s->c, ref, &len, 0, priv, s->slen) != KURV_OK ||
        len != s->plen || memcmp(ref, io->pub_out, s->plen) != 0)
        die("%s: %s's keygen gives a public key that is not d*G", name, p->name);
    kurv_wipe(priv, sizeof priv);
    if (p->sign(st))
        die("%s: %s: sign failed", name, p->name);
    if (kurv_ecdsa_verify(s->c, io->sig_out, 2 * s->slen, s->pub, s->plen, s->digest,
                          sizeof s->digest, 0) != KURV_OK)
        die("%s: kurv rejects %s's signature", name, p->name);
    memcpy(s->peer_sig, io->sig_out, 2 * s->slen);
    if (p->verify(st))
        die("%s: %s rejects its own signature", name, p->name);
    memcpy(s->peer_sig, s->sig, 2 * s->slen);
    if (p->verify(st))
        die("%s: %s rejects kurv's signature", name, p->name);
    if (p->ecdh(st) || memcmp(io->secret, s->ecdh_ref, s->flen) != 0)
        die("%s: %s's ECDH secret differs from kurv's", name, p->name);
}

/* ------------------------------------------------------------------ timing */

typedef bench_op op_fn;

/* Microseconds per call of one operation for kurv and each peer that has it (fn[lib] not
 * NULL), timed side by side by bench_time_set so that the machine's slower spells fall on
 * all of them alike; us[lib] is set for those only. Exits, naming the library, if any call
 * fails. */
static void time_cell(const char *curve, const char *opname, op_fn const fn[NLIBS],
                      void *const arg[NLIBS], double seconds, double us[NLIBS])
{
    bench_op ops[NLIBS];
    void *args[NLIBS];
    int libs[NLIBS], bad[NLIBS] = { 0 };
    double t[NLIBS];
    size_t n = 0, i;
    int lib;

    for (lib = 0; lib < NLIBS; lib++)
        if (fn[lib]) {
            ops[n] = fn[lib];
            args[n] = arg[lib];
            libs[n++] = lib;
        }
    bench_time_set(BENCH_WALL, n, ops, args, seconds, bad, t);
    for (i = 0; i < n; i++) {
        char what[96];
        snprintf(what, sizeof what, "%s %s (%s)", curve, opname, lib_names[libs[i]]);
        if (bad[i] & BENCH_FAILED_WARMUP)
            die("%s: a call failed during the warm-up", what, NULL);
        if (bad[i])
            die("%s: a call failed while timed", what, NULL);
        us[libs[i]] = t[i];
    }
}

/* ------------------------------------------------------------------ main */

static void usage(FILE *f)
{
    fprintf(f,
            "usage: kurv-bench [-c CURVE] [-t SECONDS] [--csv] [--ecies | --point | --schnorr | --25519]\n"
            "  -c CURVE    only this curve (name or alias, e.g. secp256k1, P-256)\n"
            "  -t SECONDS  time per table cell, at least (default 0.3)\n"
            "  --csv       comma-separated output\n"
            "  --ecies     ECIES encrypt/decrypt per message length (bench_ecies.c), with\n"
            "              BouncyCastle through the JVM when it was found at build time\n"
            "  --point     time the point API (kurv/point.h) instead\n"
            "  --schnorr   BIP-340 sign, verify and batch verification instead\n"
            "  --25519     X25519 and Ed25519 alone (kurv-25519, when built: the table that\n"
            "              follows the curves' otherwise, or with -c X25519 / -c Ed25519)\n"
            "Peers compiled in:%s%s%s%s%s%s%s\n"
            "The table gives each peer's µs and kurv's ratio to it, then the fastest peer\n"
            "of the cell (\"best peer\") and kurv's ratio to that one.\n",
            lib_built[LIB_OPENSSL] ? " OpenSSL 3" : "",
            lib_built[LIB_SECP] ? " libsecp256k1" : "",
            lib_built[LIB_MBEDTLS] ? " mbedTLS" : "",
            lib_built[LIB_NETTLE] ? " Nettle (P-256/384/521)" : "",
            lib_built[LIB_BOTAN] ? " Botan 2" : "",
#ifdef KURV_BENCH_SODIUM
            " libsodium (X25519/Ed25519)",
#else
            "",
#endif
            lib_built[LIB_OPENSSL] || lib_built[LIB_SECP] || lib_built[LIB_MBEDTLS] ||
            lib_built[LIB_NETTLE] || lib_built[LIB_BOTAN] ? "" : " none");
}

static void fmt_num(char *buf, size_t n, double v, const char *fmt)
{
    if (v > 0)
        snprintf(buf, n, fmt, v);
    else
        snprintf(buf, n, "-");
}

static int curve_matches(const kurv_curve *c, const char *want)
{
    const kurv_curve *list[1];
    list[0] = c;
    return kurv_curve_find_name(list, 1, want) != NULL;
}

static void set_ops(op_fn *ops, op_fn keygen, op_fn sign, op_fn verify, op_fn ecdh)
{
    ops[OP_KEYGEN] = keygen;
    ops[OP_SIGN] = sign;
    ops[OP_VERIFY] = verify;
    ops[OP_ECDH] = ecdh;
}

static void bench_curve(const struct bench_curve *bc, double seconds, int csv)
{
    static const op_fn kurv_ops[NOPS] = { kurv_keygen_op, kurv_sign_op, kurv_verify_op,
                                          kurv_ecdh_op };
    op_fn peer_ops[NLIBS][NOPS];
    void *peer_arg[NLIBS];       /* what each library's operations take */
    void *peer_state[NLIBS] = { NULL };   /* the peer.h peers' states */
    struct bench_peer_io io;
    double us[NLIBS][NOPS];
    struct state *s = calloc(1, sizeof *s);
    const char *name;
    size_t len;
    int op, lib;

    if (!s)
        die("out of memory", NULL, NULL);
    memset(peer_ops, 0, sizeof peer_ops);
    memset(us, 0, sizeof us);
    s->c = bc->kurv();
    if (!s->c)
        return;
    name = kurv_curve_name(s->c);
    s->slen = kurv_curve_scalar_len(s->c);
    s->flen = kurv_curve_field_len(s->c);
    s->plen = kurv_curve_point_len(s->c, 0);

    /* keys, digest, reference signature and secret, all checked */
    len = sizeof s->pub;
    if (kurv_keygen(s->c, s->d, s->slen, s->pub, &len, 0) != KURV_OK || len != s->plen)
        die("%s: kurv_keygen failed", name, NULL);
    len = sizeof s->pub2;
    if (kurv_keygen(s->c, s->d2, s->slen, s->pub2, &len, 0) != KURV_OK || len != s->plen)
        die("%s: kurv_keygen failed", name, NULL);
    if (kurv_random(s->digest, sizeof s->digest) != KURV_OK)
        die("%s: kurv_random failed", name, NULL);
    if (kurv_ecdsa_sign(s->c, s->sig, 2 * s->slen, s->d, s->slen, s->digest, sizeof s->digest,
                        KURV_HASH_SHA256, NULL, 0, KURV_ECDSA_SIGN_LOW_S) != KURV_OK)
        die("%s: kurv_ecdsa_sign failed", name, NULL);
    if (kurv_ecdsa_verify(s->c, s->sig, 2 * s->slen, s->pub, s->plen, s->digest,
                          sizeof s->digest, 0) != KURV_OK)
        die("%s: kurv's signature does not verify", name, NULL);
    if (kurv_ecdh(s->c, s->ecdh_ref, s->flen, s->d, s->slen, s->pub2, s->plen) != KURV_OK ||
        kurv_ecdh(s->c, s->out_secret, s->flen, s->d2, s->slen, s->pub, s->plen) != KURV_OK ||
        memcmp(s->ecdh_ref, s->out_secret, s->flen) != 0)
        die("%s: kurv's ECDH is not symmetric", name, NULL);
    for (op = 0; op < NOPS; op++)
        if (kurv_ops[op](s))
            die("%s: kurv %s failed", name, op_names[op]);
    for (lib = 0; lib < NLIBS; lib++)
        peer_arg[lib] = s;

#ifdef KURV_BENCH_OPENSSL
    if (bc->openssl_group) {
        ossl_setup(s, bc->openssl_group);
        ossl_check(s);
        set_ops(peer_ops[LIB_OPENSSL], ossl_keygen_op, ossl_sign_op, ossl_verify_op, ossl_ecdh_op);
    }
#endif
#ifdef KURV_BENCH_LIBSECP256K1
    if (strcmp(name, "secp256k1") == 0) {
        secp_setup(s);
        secp_check(s);
        set_ops(peer_ops[LIB_SECP], secp_keygen_op, secp_sign_op, secp_verify_op, secp_ecdh_op);
    }
#endif
#ifdef KURV_BENCH_MBEDTLS
    if (bc->mbedtls_name) {
        mbed_setup(s, bc->mbedtls_name);
        mbed_check(s);
        set_ops(peer_ops[LIB_MBEDTLS], mbed_keygen_op, mbed_sign_op, mbed_verify_op, mbed_ecdh_op);
    }
#endif
    io.curve = name;
    io.slen = s->slen;
    io.flen = s->flen;
    io.plen = s->plen;
    io.d = s->d;
    io.pub = s->pub;
    io.pub2 = s->pub2;
    io.digest = s->digest;
    io.digest_len = sizeof s->digest;
    io.pub_out = s->out_pub;
    io.sig_out = s->out_sig;
    io.sig = s->peer_sig;
    io.secret = s->out_secret;
    for (lib = 0; lib < NLIBS; lib++) {
        const struct bench_peer *p = lib_peer[lib];
        if (!p || !(peer_state[lib] = p->open(&io)))
            continue;
        peer_check(p, peer_state[lib], s, &io);
        set_ops(peer_ops[lib], p->keygen, p->sign, p->verify, p->ecdh);
        peer_arg[lib] = peer_state[lib];
    }

    for (op = 0; op < NOPS; op++) {
        op_fn fn[NLIBS];
        double cell[NLIBS];
        fn[LIB_KURV] = kurv_ops[op];
        for (lib = LIB_OPENSSL; lib < NLIBS; lib++)
            fn[lib] = peer_ops[lib][op];
        time_cell(name, op_names[op], fn, peer_arg, seconds, cell);
        for (lib = 0; lib < NLIBS; lib++)
            if (fn[lib])
                us[lib][op] = cell[lib];
    }

    /* columns: kurv, then each peer compiled in (µs and kurv's ratio to it), then the fastest
     * peer of the cell and kurv's ratio to it ("-" when no peer has the curve) */
    if (!csv) {
        printf("\n%s\n%-13s | %10s", name, "operation", "kurv µs");
        for (lib = LIB_OPENSSL; lib < NLIBS; lib++)
            if (lib_built[lib])
                printf(" | %*s µs | kurv/%-*s", (int)strlen(lib_names[lib]) > 7 ?
                       (int)strlen(lib_names[lib]) : 7, lib_names[lib],
                       (int)strlen(lib_names[lib]) > 7 ? (int)strlen(lib_names[lib]) : 7,
                       lib_names[lib]);
        printf(" | %-12s | %9s\n", "best peer", "kurv/best");
    }
    for (op = 0; op < NOPS; op++) {
        char num[32];
        const char *f = csv ? "%.3f" : "%.2f";
        int best = -1;
        fmt_num(num, sizeof num, us[LIB_KURV][op], f);
        if (csv)
            printf("%s,%s,%s", name, op_names[op], num);
        else
            printf("%-13s | %9s", op_names[op], num);
        for (lib = LIB_OPENSSL; lib < NLIBS; lib++) {
            char ratio[32];
            int w = (int)strlen(lib_names[lib]) > 7 ? (int)strlen(lib_names[lib]) : 7;
            if (!csv && !lib_built[lib])
                continue;
            fmt_num(num, sizeof num, us[lib][op], f);
            fmt_num(ratio, sizeof ratio, us[lib][op] > 0 ? us[LIB_KURV][op] / us[lib][op] : 0,
                    csv ? "%.3f" : "%.2fx");
            if (csv)
                printf(",%s,%s", num, ratio);
            else
                printf(" | %*s | %*s", w + 3, num, w + 5, ratio);
            if (us[lib][op] > 0 && (best < 0 || us[lib][op] < us[best][op]))
                best = lib;
        }
        fmt_num(num, sizeof num, best >= 0 ? us[LIB_KURV][op] / us[best][op] : 0,
                csv ? "%.3f" : "%.2fx");
        if (csv)
            printf(",%s,%s\n", best >= 0 ? lib_csv[best] : "", num);
        else
            printf(" | %-12s | %9s\n", best >= 0 ? lib_names[best] : "-", num);
    }
    fflush(stdout);

#ifdef KURV_BENCH_OPENSSL
    ossl_teardown(s);
#endif
#ifdef KURV_BENCH_LIBSECP256K1
    if (s->secp)
        secp256k1_context_destroy(s->secp);
#endif
#ifdef KURV_BENCH_MBEDTLS
    mbed_teardown(s);
#endif
    for (lib = 0; lib < NLIBS; lib++)
        if (peer_state[lib])
            lib_peer[lib]->close(peer_state[lib]);
    kurv_wipe(s, sizeof *s);
    free(s);
}

int main(int argc, char **argv)
{
    const char *only = NULL;
    double seconds = 0.3;
    int csv = 0, ecies = 0, point = 0, i, done = 0;
#ifdef KURV_BENCH_SCHNORR
    int schnorr = 0;
#endif
    int x25519 = 0;
    size_t k;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-c") == 0 && i + 1 < argc) {
            only = argv[++i];
        } else if (strcmp(argv[i], "-t") == 0 && i + 1 < argc) {
            char *end;
            errno = 0;
            seconds = strtod(argv[++i], &end);
            if (errno || *end || !(seconds > 0) || seconds > 3600)
                die("-t wants a number of seconds in (0, 3600], not '%s'", argv[i], NULL);
        } else if (strcmp(argv[i], "--csv") == 0) {
            csv = 1;
        } else if (strcmp(argv[i], "--ecies") == 0) {
            ecies = 1;
        } else if (strcmp(argv[i], "--point") == 0) {
            point = 1;
#ifdef KURV_BENCH_SCHNORR
        } else if (strcmp(argv[i], "--schnorr") == 0) {
            schnorr = 1;
#endif
        } else if (strcmp(argv[i], "--25519") == 0) {
            x25519 = 1;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }

    if (ecies)
        return bench_ecies_run(only, seconds, csv);
    if (point)
        return kurv_bench_point(only, seconds, csv);
#ifdef KURV_BENCH_SCHNORR
    if (schnorr)
        return bench_schnorr(seconds);
#endif
    if (only && (strcasecmp(only, "X25519") == 0 || strcasecmp(only, "Ed25519") == 0 ||
                 strcmp(only, "25519") == 0))
        x25519 = 1;
    if (x25519) {
#ifdef KURV_BENCH_25519
        return bench_25519(seconds, csv);
#else
        die("kurv-25519 is not built (meson setup -Dfamilies=...,25519)", NULL, NULL);
#endif
    }
    if (only) {
        for (k = 0; curves[k].kurv != NULL; k++)
            if (curves[k].kurv() && curve_matches(curves[k].kurv(), only))
                break;
        if (curves[k].kurv == NULL)
            die("unknown curve '%s'", only, NULL);
    }
    if (csv) {
        printf("curve,operation,kurv_us");
        for (i = LIB_OPENSSL; i < NLIBS; i++)
            printf(",%s_us,kurv_over_%s", lib_csv[i], lib_csv[i]);
        printf(",best_peer,kurv_over_best\n");
    }
    else
        printf("kurv %s: libraries side by side, median of %d rounds, >= %.2f s per library "
               "and cell; µs per operation\n", kurv_version(), BENCH_ROUNDS, seconds);

    for (k = 0; curves[k].kurv != NULL; k++) {
        const kurv_curve *c = curves[k].kurv();
        if (!c || (only && !curve_matches(c, only)))
            continue;
        bench_curve(&curves[k], seconds, csv);
        done++;
    }
    if (!done)
        die("no curve linked in", NULL, NULL);
#ifdef KURV_BENCH_25519
    if (!only) {   /* kurv-25519's rows after the curves', with their own columns */
        if (csv)
            printf("\n");
        bench_25519(seconds, csv);
    }
#endif
    return 0;
}
