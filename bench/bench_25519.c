/*
 * kurv-bench: the kurv-25519 table (bench_25519.h), X25519 and Ed25519 next to OpenSSL 3
 * (EVP), libsodium and Nettle when each was found at configure time (KURV_BENCH_OPENSSL,
 * KURV_BENCH_SODIUM, KURV_BENCH_NETTLE25519). Built only with the 25519 family.
 *
 * Operations (32-byte keys and a 32-byte message; bytes in and bytes out, as kurv's API):
 *   X25519 keygen   32 random bytes and their public key X25519(k, 9).
 *                   kurv_x25519_keygen; OpenSSL EVP_PKEY_keygen (context kept) and
 *                   EVP_PKEY_get_raw_public_key; libsodium randombytes_buf and
 *                   crypto_scalarmult_base; Nettle kurv_random and curve25519_mul_g.
 *   X25519 derive   the shared secret of a private key and a peer's public key given as
 *                   bytes. kurv_x25519; OpenSSL EVP_PKEY_derive with the peer set once;
 *                   libsodium crypto_scalarmult; Nettle curve25519_mul.
 *   Ed25519 keygen  a random seed and its public key. kurv_ed25519_keygen; OpenSSL
 *                   EVP_PKEY_keygen and EVP_PKEY_get_raw_public_key; libsodium
 *                   crypto_sign_keypair; Nettle kurv_random and ed25519_sha512_public_key.
 *   Ed25519 sign    kurv_ed25519_sign (seed and public key); OpenSSL EVP_DigestSignInit and
 *                   EVP_DigestSign (the key imported once, the EVP_MD_CTX kept);
 *                   libsodium crypto_sign_detached (seed || public key); Nettle
 *                   ed25519_sha512_sign.
 *   Ed25519 sign (key pair)  kurv_ed25519_sign_keypair with a key pair made once by
 *                   kurv_ed25519_keypair (no public-key check, no [s]B per call); the
 *                   peers as in "Ed25519 sign", whose keys are prepared once already.
 *   Ed25519 verify  the public key as bytes: kurv_ed25519_verify; OpenSSL
 *                   EVP_DigestVerifyInit and EVP_DigestVerify (key imported once: OpenSSL
 *                   keeps its bytes and decodes them in each verification); libsodium
 *                   crypto_sign_verify_detached; Nettle ed25519_sha512_verify.
 *   Ed25519 verify batch 64  kurv_ed25519_verify_batch on 64 signatures of 64 keys (32-byte
 *                   messages; scratch of kurv_ed25519_batch_scratch_size(64) made once),
 *                   its time divided by 64: µs per signature, beside the peers' single
 *                   verification ("Ed25519 verify": none of them has a batch API).
 * Before timing, each peer's results are checked against kurv's: the same public keys from
 * the same private keys, the same shared secret, the same (deterministic) signature, and
 * kurv's signature accepted. Every timed call's result is checked too. Timing: the libraries
 * of a row take turns (bench_time_set), median of BENCH_ROUNDS rounds, on the process's CPU
 * clock (CLOCK_PROCESS_CPUTIME_ID, as the Schnorr table): on a shared machine the wall clock
 * also counted the time other guests took, which moved these rows' ratios by tens of percent
 * from one run to the next. Each row ends with the fastest peer and kurv's ratio to it.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kurv/25519.h>
#include <kurv/keys.h>
#include <kurv/util.h>

#ifdef KURV_BENCH_OPENSSL
#include <openssl/evp.h>
#endif
#ifdef KURV_BENCH_SODIUM
#include <sodium.h>
#endif
#ifdef KURV_BENCH_NETTLE25519
#include <nettle/curve25519.h>
#include <nettle/eddsa.h>
#endif

#include "bench_25519.h"
#include "timing.h"

enum { X_KEYGEN, X_DERIVE, E_KEYGEN, E_SIGN, E_SIGN_KP, E_VERIFY, E_VERIFY_BATCH, NROWS };
static const char *const row_names[NROWS] = { "X25519 keygen", "X25519 derive",
                                               "Ed25519 keygen", "Ed25519 sign",
                                               "Ed25519 sign (key pair)", "Ed25519 verify",
                                               "Ed25519 verify batch 64" };
#define BATCH_N 64   /* signatures of the batch row */
enum { L_KURV, L_OPENSSL, L_SODIUM, L_NETTLE, NL };
static const char *const lname[NL] = { "kurv", "OpenSSL", "libsodium", "Nettle" };
static const char *const lcsv[NL] = { "kurv", "openssl", "libsodium", "nettle" };
static const int lbuilt[NL] = {
    1,
#ifdef KURV_BENCH_OPENSSL
    1,
#else
    0,
#endif
#ifdef KURV_BENCH_SODIUM
    1,
#else
    0,
#endif
#ifdef KURV_BENCH_NETTLE25519
    1,
#else
    0,
#endif
};

struct xstate {
    uint8_t xpriv[32], xpub[32], xpriv2[32], xpub2[32], shared[32];
    uint8_t seed[32], epub[32], msg[32], sig[64], keypair[KURV_ED25519_KEYPAIR_LEN];
    uint8_t out[64], out2[32];
    /* the batch row: BATCH_N signatures, keys and messages, and the scratch */
    uint8_t bsig[BATCH_N][64], bpub[BATCH_N][32], bmsg[BATCH_N][32];
    const uint8_t *bmsgs[BATCH_N];
    size_t blens[BATCH_N], bscratch_len;
    void *bscratch;
#ifdef KURV_BENCH_OPENSSL
    EVP_PKEY_CTX *x_gen, *x_derive, *e_gen;
    EVP_PKEY *e_priv, *e_pub;
    EVP_MD_CTX *md;
#endif
#ifdef KURV_BENCH_SODIUM
    uint8_t sodium_sk[64];
#endif
};

static void xdie(const char *what, const char *lib)
{
    fprintf(stderr, "kurv-bench: 25519: %s%s%s\n", lib ? lib : "", lib ? ": " : "", what);
    exit(1);
}

/* ------------------------------------------------------------------ kurv */

static int k_xkeygen(void *a)
{
    struct xstate *s = a;
    return kurv_x25519_keygen(s->out2, s->out) != KURV_OK;
}
static int k_xderive(void *a)
{
    struct xstate *s = a;
    return kurv_x25519(s->out, s->xpriv, s->xpub2) != KURV_OK || memcmp(s->out, s->shared, 32);
}
static int k_ekeygen(void *a)
{
    struct xstate *s = a;
    return kurv_ed25519_keygen(s->out2, s->out) != KURV_OK;
}
static int k_esign(void *a)
{
    struct xstate *s = a;
    return kurv_ed25519_sign(s->out, s->msg, 32, s->seed, s->epub) != KURV_OK ||
           memcmp(s->out, s->sig, 64);
}
static int k_esign_kp(void *a)
{
    struct xstate *s = a;
    return kurv_ed25519_sign_keypair(s->out, s->msg, 32, s->keypair) != KURV_OK ||
           memcmp(s->out, s->sig, 64);
}
static int k_everify(void *a)
{
    struct xstate *s = a;
    return kurv_ed25519_verify(s->sig, s->msg, 32, s->epub) != KURV_OK;
}
static int k_everify_batch(void *a)
{
    struct xstate *s = a;
    return kurv_ed25519_verify_batch(&s->bsig[0][0], &s->bpub[0][0], s->bmsgs, s->blens,
                                     BATCH_N, s->bscratch, s->bscratch_len) != KURV_OK;
}

/* the batch row's signatures: BATCH_N fresh keys, random messages */
static void k_batch_setup(struct xstate *s)
{
    uint8_t seed[32];
    int i;
    s->bscratch_len = kurv_ed25519_batch_scratch_size(BATCH_N);
    s->bscratch = malloc(s->bscratch_len);
    if (!s->bscratch)
        xdie("out of memory", NULL);
    for (i = 0; i < BATCH_N; i++) {
        if (kurv_ed25519_keygen(seed, s->bpub[i]) != KURV_OK ||
            kurv_random(s->bmsg[i], 32) != KURV_OK ||
            kurv_ed25519_sign(s->bsig[i], s->bmsg[i], 32, seed, s->bpub[i]) != KURV_OK)
            xdie("setup: the batch's signatures", NULL);
        s->bmsgs[i] = s->bmsg[i];
        s->blens[i] = 32;
    }
    kurv_wipe(seed, sizeof seed);
}

/* ------------------------------------------------------------------ OpenSSL */

#ifdef KURV_BENCH_OPENSSL
static int o_keygen(EVP_PKEY_CTX *ctx, uint8_t pub[32])
{
    EVP_PKEY *k = NULL;
    size_t len = 32;
    int bad = EVP_PKEY_keygen(ctx, &k) != 1 || EVP_PKEY_get_raw_public_key(k, pub, &len) != 1 ||
              len != 32;
    EVP_PKEY_free(k);
    return bad;
}
static int o_xkeygen(void *a)
{
    struct xstate *s = a;
    return o_keygen(s->x_gen, s->out);
}
static int o_xderive(void *a)
{
    struct xstate *s = a;
    size_t len = 32;
    return EVP_PKEY_derive(s->x_derive, s->out, &len) != 1 || len != 32 ||
           memcmp(s->out, s->shared, 32);
}
static int o_ekeygen(void *a)
{
    struct xstate *s = a;
    return o_keygen(s->e_gen, s->out);
}
static int o_esign(void *a)
{
    struct xstate *s = a;
    size_t len = 64;
    return EVP_DigestSignInit(s->md, NULL, NULL, NULL, s->e_priv) != 1 ||
           EVP_DigestSign(s->md, s->out, &len, s->msg, 32) != 1 || len != 64 ||
           memcmp(s->out, s->sig, 64);
}
static int o_everify(void *a)
{
    struct xstate *s = a;
    return EVP_DigestVerifyInit(s->md, NULL, NULL, NULL, s->e_pub) != 1 ||
           EVP_DigestVerify(s->md, s->sig, 64, s->msg, 32) != 1;
}

static void o_setup(struct xstate *s)
{
    EVP_PKEY *xp = EVP_PKEY_new_raw_private_key(EVP_PKEY_X25519, NULL, s->xpriv, 32);
    EVP_PKEY *xq = EVP_PKEY_new_raw_public_key(EVP_PKEY_X25519, NULL, s->xpub2, 32);
    uint8_t pub[32];
    size_t len = 32;

    s->x_gen = EVP_PKEY_CTX_new_id(EVP_PKEY_X25519, NULL);
    s->e_gen = EVP_PKEY_CTX_new_id(EVP_PKEY_ED25519, NULL);
    s->e_priv = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, s->seed, 32);
    s->e_pub = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, s->epub, 32);
    s->md = EVP_MD_CTX_new();
    if (!xp || !xq || !s->x_gen || !s->e_gen || !s->e_priv || !s->e_pub || !s->md ||
        EVP_PKEY_keygen_init(s->x_gen) != 1 || EVP_PKEY_keygen_init(s->e_gen) != 1 ||
        !(s->x_derive = EVP_PKEY_CTX_new(xp, NULL)) || EVP_PKEY_derive_init(s->x_derive) != 1 ||
        EVP_PKEY_derive_set_peer(s->x_derive, xq) != 1)
        xdie("setup failed", "OpenSSL");
    if (EVP_PKEY_get_raw_public_key(xp, pub, &len) != 1 || memcmp(pub, s->xpub, 32))
        xdie("the X25519 public key differs from kurv's", "OpenSSL");
    len = 32;
    if (EVP_PKEY_get_raw_public_key(s->e_priv, pub, &len) != 1 || memcmp(pub, s->epub, 32))
        xdie("the Ed25519 public key differs from kurv's", "OpenSSL");
    EVP_PKEY_free(xp);
    EVP_PKEY_free(xq);
}

static void o_teardown(struct xstate *s)
{
    EVP_PKEY_CTX_free(s->x_gen);
    EVP_PKEY_CTX_free(s->x_derive);
    EVP_PKEY_CTX_free(s->e_gen);
    EVP_PKEY_free(s->e_priv);
    EVP_PKEY_free(s->e_pub);
    EVP_MD_CTX_free(s->md);
}
#endif

/* ------------------------------------------------------------------ libsodium */

#ifdef KURV_BENCH_SODIUM
static int s_xkeygen(void *a)
{
    struct xstate *s = a;
    randombytes_buf(s->out2, 32);
    return crypto_scalarmult_base(s->out, s->out2) != 0;
}
static int s_xderive(void *a)
{
    struct xstate *s = a;
    return crypto_scalarmult(s->out, s->xpriv, s->xpub2) != 0 || memcmp(s->out, s->shared, 32);
}
static int s_ekeygen(void *a)
{
    struct xstate *s = a;
    uint8_t sk[64];
    int bad = crypto_sign_keypair(s->out, sk) != 0;
    sodium_memzero(sk, sizeof sk);
    return bad;
}
static int s_esign(void *a)
{
    struct xstate *s = a;
    unsigned long long len;
    return crypto_sign_detached(s->out, &len, s->msg, 32, s->sodium_sk) != 0 || len != 64 ||
           memcmp(s->out, s->sig, 64);
}
static int s_everify(void *a)
{
    struct xstate *s = a;
    return crypto_sign_verify_detached(s->sig, s->msg, 32, s->epub) != 0;
}

static void s_setup(struct xstate *s)
{
    uint8_t pub[32];
    if (sodium_init() < 0)
        xdie("sodium_init failed", "libsodium");
    if (crypto_scalarmult_base(pub, s->xpriv) != 0 || memcmp(pub, s->xpub, 32))
        xdie("the X25519 public key differs from kurv's", "libsodium");
    if (crypto_sign_seed_keypair(pub, s->sodium_sk, s->seed) != 0 || memcmp(pub, s->epub, 32))
        xdie("the Ed25519 public key differs from kurv's", "libsodium");
}
#endif

/* ------------------------------------------------------------------ Nettle */

#ifdef KURV_BENCH_NETTLE25519
static int n_xkeygen(void *a)
{
    struct xstate *s = a;
    if (kurv_random(s->out2, 32) != KURV_OK)
        return 1;
    curve25519_mul_g(s->out, s->out2);
    return 0;
}
static int n_xderive(void *a)
{
    struct xstate *s = a;
    curve25519_mul(s->out, s->xpriv, s->xpub2);
    return memcmp(s->out, s->shared, 32) != 0;
}
static int n_ekeygen(void *a)
{
    struct xstate *s = a;
    if (kurv_random(s->out2, 32) != KURV_OK)
        return 1;
    ed25519_sha512_public_key(s->out, s->out2);
    return 0;
}
static int n_esign(void *a)
{
    struct xstate *s = a;
    ed25519_sha512_sign(s->epub, s->seed, 32, s->msg, s->out);
    return memcmp(s->out, s->sig, 64) != 0;
}
static int n_everify(void *a)
{
    struct xstate *s = a;
    return !ed25519_sha512_verify(s->epub, 32, s->msg, s->sig);
}

static void n_setup(struct xstate *s)
{
    uint8_t pub[32];
    curve25519_mul_g(pub, s->xpriv);
    if (memcmp(pub, s->xpub, 32))
        xdie("the X25519 public key differs from kurv's", "Nettle");
    ed25519_sha512_public_key(pub, s->seed);
    if (memcmp(pub, s->epub, 32))
        xdie("the Ed25519 public key differs from kurv's", "Nettle");
}
#endif

/* ------------------------------------------------------------------ the table */

/* library lib's five operations, in the order of the rows */
static void set_lib(bench_op ops[NROWS][NL], int lib, bench_op xkeygen, bench_op xderive,
                    bench_op ekeygen, bench_op esign, bench_op everify)
{
    ops[X_KEYGEN][lib] = xkeygen;
    ops[X_DERIVE][lib] = xderive;
    ops[E_KEYGEN][lib] = ekeygen;
    ops[E_SIGN][lib] = esign;
    ops[E_SIGN_KP][lib] = esign;   /* kurv's is set apart (bench_25519) */
    ops[E_VERIFY][lib] = everify;
    ops[E_VERIFY_BATCH][lib] = everify;   /* kurv's is set apart (bench_25519) */
}

int bench_25519(double seconds, int csv)
{
    bench_op ops[NROWS][NL];
    struct xstate *s = calloc(1, sizeof *s);
    int row, lib;

    if (!s)
        xdie("out of memory", NULL);
    memset(ops, 0, sizeof ops);
    if (kurv_x25519_keygen(s->xpriv, s->xpub) != KURV_OK ||
        kurv_x25519_keygen(s->xpriv2, s->xpub2) != KURV_OK ||
        kurv_x25519(s->shared, s->xpriv, s->xpub2) != KURV_OK ||
        kurv_x25519(s->out, s->xpriv2, s->xpub) != KURV_OK || memcmp(s->out, s->shared, 32) ||
        kurv_ed25519_keygen(s->seed, s->epub) != KURV_OK || kurv_random(s->msg, 32) != KURV_OK ||
        kurv_ed25519_sign(s->sig, s->msg, 32, s->seed, s->epub) != KURV_OK ||
        kurv_ed25519_keypair(s->keypair, s->seed) != KURV_OK ||
        kurv_ed25519_verify(s->sig, s->msg, 32, s->epub) != KURV_OK)
        xdie("setup: kurv's X25519 or Ed25519 failed", NULL);
    set_lib(ops, L_KURV, k_xkeygen, k_xderive, k_ekeygen, k_esign, k_everify);
    ops[E_SIGN_KP][L_KURV] = k_esign_kp;
    k_batch_setup(s);
    ops[E_VERIFY_BATCH][L_KURV] = k_everify_batch;
#ifdef KURV_BENCH_OPENSSL
    o_setup(s);
    set_lib(ops, L_OPENSSL, o_xkeygen, o_xderive, o_ekeygen, o_esign, o_everify);
#endif
#ifdef KURV_BENCH_SODIUM
    s_setup(s);
    set_lib(ops, L_SODIUM, s_xkeygen, s_xderive, s_ekeygen, s_esign, s_everify);
#endif
#ifdef KURV_BENCH_NETTLE25519
    n_setup(s);
    set_lib(ops, L_NETTLE, n_xkeygen, n_xderive, n_ekeygen, n_esign, n_everify);
#endif
    /* one call of each, checked, before anything is timed */
    for (row = 0; row < NROWS; row++)
        for (lib = 0; lib < NL; lib++)
            if (ops[row][lib] && ops[row][lib](s))
                xdie(row_names[row], lname[lib]);

    if (csv) {
        printf("curve,operation,kurv_us");
        for (lib = L_OPENSSL; lib < NL; lib++)
            printf(",%s_us,kurv_over_%s", lcsv[lib], lcsv[lib]);
        printf(",best_peer,kurv_over_best\n");
    } else {
        printf("\nkurv-25519: libraries side by side, CPU time (CLOCK_PROCESS_CPUTIME_ID), median "
               "of %d rounds, >= %.2f s per library and cell; µs per operation (ops/s = 1e6 / µs)"
               "\n%-23s | %10s", BENCH_ROUNDS,
               seconds, "operation", "kurv µs");
        for (lib = L_OPENSSL; lib < NL; lib++)
            if (lbuilt[lib])
                printf(" | %9s µs | kurv/%-9s", lname[lib], lname[lib]);
        printf(" | %-9s | %9s\n", "best peer", "kurv/best");
    }
    for (row = 0; row < NROWS; row++) {
        bench_op fn[NL];
        void *args[NL];
        int bad[NL] = { 0 }, which[NL];
        double t[NL], us[NL] = { 0 };
        size_t n = 0, i;
        int best = -1;
        for (lib = 0; lib < NL; lib++)
            if (ops[row][lib]) {
                fn[n] = ops[row][lib];
                args[n] = s;
                which[n++] = lib;
            }
        bench_time_set(BENCH_CPU, n, fn, args, seconds, bad, t);
        for (i = 0; i < n; i++) {
            if (bad[i])
                xdie(row_names[row], lname[which[i]]);
            us[which[i]] = t[i];
        }
        if (row == E_VERIFY_BATCH)
            us[L_KURV] /= BATCH_N;   /* per signature */
        if (csv)
            printf("25519,%s,%.3f", row_names[row], us[L_KURV]);
        else
            printf("%-23s | %9.2f", row_names[row], us[L_KURV]);
        for (lib = L_OPENSSL; lib < NL; lib++) {
            if (us[lib] > 0 && (best < 0 || us[lib] < us[best]))
                best = lib;
            if (csv && us[lib] > 0)
                printf(",%.3f,%.3f", us[lib], us[L_KURV] / us[lib]);
            else if (csv)
                printf(",,");
            else if (lbuilt[lib])
                printf(" | %12.2f | %13.2fx", us[lib], us[L_KURV] / us[lib]);
        }
        if (csv)
            printf(",%s,%.3f\n", best >= 0 ? lcsv[best] : "",
                   best >= 0 ? us[L_KURV] / us[best] : 0.0);
        else if (best >= 0)
            printf(" | %-9s | %8.2fx\n", lname[best], us[L_KURV] / us[best]);
        else
            printf(" | %-9s | %9s\n", "-", "-");
    }
    fflush(stdout);
#ifdef KURV_BENCH_OPENSSL
    o_teardown(s);
#endif
    free(s->bscratch);
    kurv_wipe(s, sizeof *s);
    free(s);
    return 0;
}
