/*
 * kurv thread-safety test: 8 threads at once sign, verify, derive, encrypt and decrypt on
 * every built curve and on run-time curves, and every result must equal the one computed
 * beforehand by a single thread.
 *
 * The library keeps no mutable global state (descriptors and base-point tables are
 * read-only, every scratch buffer is on the caller's stack), so nothing here takes a lock.
 * This program checks that claim two ways: by the results (a shared buffer or a lazily
 * initialised table written by two threads would give a wrong signature, secret or
 * plaintext somewhere), and, in the ThreadSanitizer build of `./tools/run.sh test`
 * (build-tsan), by TSan, which reports any data race between the threads.
 *
 * Per curve, the single-threaded reference holds: a key pair and a peer key pair
 * (kurv_keygen), 4 digests and their RFC 6979 signatures (deterministic, so every
 * thread must get the same bytes), the ECDH secret with the peer, an ECIES ciphertext
 * made with a fixed ephemeral key, and (with kurv-schnorr) a BIP-340 signature.
 * The curves are: every built curve (kurv_curve_list.h), one run-time copy of the
 * first curve shared by all threads, and one run-time copy made by each thread with
 * kurv_curve_new (so curve creation itself runs concurrently); a run-time copy must give
 * the built-in curve's signatures and secrets byte for byte.
 * Each thread starts at a different curve, so different curves and the same curve are
 * both worked on at once. Exit status 0 when every result matched, 1 otherwise.
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <kurv/kurv.h>
#include <kurv_curve_list.h>
#ifdef KURV_HAVE_SCHNORR
#include <kurv/schnorr.h>
#endif

#define NTHREADS 8
#define NDIGESTS 4
#define ROUNDS 2
#define MSG_LEN 45

typedef const kurv_curve *(*curve_accessor)(void);
#define TH_ACCESSOR(fam, acc, name, ossl, oid, wp, bc, prefix, hash) acc,
static const curve_accessor accessors[] = { KURV_CURVE_LIST(TH_ACCESSOR) NULL };
#undef TH_ACCESSOR

/* One curve's single-threaded results. */
typedef struct ref {
    const kurv_curve *c;
    uint8_t d[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN];
    uint8_t pub[KURV_MAX_POINT_LEN], pub2[KURV_MAX_POINT_LEN];
    size_t pub_len, pub2_len;
    uint8_t digest[NDIGESTS][32];
    uint8_t sig[NDIGESTS][KURV_MAX_SIG_RAW_LEN];
    uint8_t secret[KURV_MAX_FIELD_LEN];
    uint8_t msg[MSG_LEN];
    uint8_t ct[KURV_MAX_POINT_LEN + MSG_LEN + 16 + 64];
    size_t ct_len;
} ref;

#define MAX_CURVES (KURV_CURVE_COUNT + 1)
static ref refs[MAX_CURVES];
static size_t nrefs;
#ifdef KURV_HAVE_SCHNORR
static uint8_t bip340_keypair[64], bip340_pub[32], bip340_msg[32], bip340_sig[64], bip340_aux[32];
#endif

static int make_ref(ref *r, const kurv_curve *c)
{
    size_t slen = kurv_curve_scalar_len(c), flen = kurv_curve_field_len(c);
    int i;

    r->c = c;
    r->pub_len = sizeof r->pub;
    r->pub2_len = sizeof r->pub2;
    if (kurv_keygen(c, r->d, slen, r->pub, &r->pub_len, 0) != KURV_OK ||
        kurv_keygen(c, r->d2, slen, r->pub2, &r->pub2_len, 1) != KURV_OK ||
        kurv_random(&r->digest[0][0], sizeof r->digest) != KURV_OK ||
        kurv_random(r->msg, sizeof r->msg) != KURV_OK)
        return 0;
    for (i = 0; i < NDIGESTS; i++)
        if (kurv_ecdsa_sign(c, r->sig[i], 2 * slen, r->d, slen, r->digest[i], 32,
                            KURV_HASH_SHA256, NULL, 0, 0) != KURV_OK)
            return 0;
    if (kurv_ecdh(c, r->secret, flen, r->d, slen, r->pub2, r->pub2_len) != KURV_OK)
        return 0;
    r->ct_len = sizeof r->ct;
    return kurv_ecies_encrypt_ephemeral(c, r->ct, &r->ct_len, r->pub, r->pub_len,
                                        r->msg, sizeof r->msg, NULL, r->d2, slen) == KURV_OK;
}

/* Everything a thread does on one curve c against the reference r (c may be a run-time copy
 * of r->c). Return the number of mismatches. */
static int work(const kurv_curve *c, const ref *r, int tid)
{
    size_t slen = kurv_curve_scalar_len(c), flen = kurv_curve_field_len(c);
    uint8_t sig[KURV_MAX_SIG_RAW_LEN], secret[KURV_MAX_FIELD_LEN], pub[KURV_MAX_POINT_LEN];
    uint8_t d[KURV_MAX_SCALAR_LEN], ct[sizeof r->ct], pt[sizeof r->ct];
    size_t pub_len = sizeof pub, ct_len = sizeof ct, pt_len = sizeof pt;
    int bad = 0, i;

#define EXPECT(cond) do { if (!(cond)) { bad++; \
        fprintf(stderr, "threads: thread %d, %s: line %d: %s\n", tid, kurv_curve_name(c), \
                __LINE__, #cond); } } while (0)

    EXPECT(kurv_pubkey_from_priv(c, pub, &pub_len, 0, r->d, slen) == KURV_OK &&
           pub_len == r->pub_len && memcmp(pub, r->pub, pub_len) == 0);
    for (i = 0; i < NDIGESTS; i++) {
        EXPECT(kurv_ecdsa_sign(c, sig, 2 * slen, r->d, slen, r->digest[i], 32,
                               KURV_HASH_SHA256, NULL, 0, 0) == KURV_OK &&
               memcmp(sig, r->sig[i], 2 * slen) == 0);
        EXPECT(kurv_ecdsa_verify(c, r->sig[i], 2 * slen, r->pub, r->pub_len,
                                 r->digest[i], 32, 0) == KURV_OK);
        /* the signature of another digest must not verify */
        EXPECT(kurv_ecdsa_verify(c, r->sig[i], 2 * slen, r->pub, r->pub_len,
                                 r->digest[(i + 1) % NDIGESTS], 32, 0) == KURV_ERR_SIGNATURE);
    }
    EXPECT(kurv_ecdh(c, secret, flen, r->d, slen, r->pub2, r->pub2_len) == KURV_OK &&
           memcmp(secret, r->secret, flen) == 0);
    EXPECT(kurv_ecdh(c, secret, flen, r->d2, slen, r->pub, r->pub_len) == KURV_OK &&
           memcmp(secret, r->secret, flen) == 0);
    EXPECT(kurv_ecies_encrypt_ephemeral(c, ct, &ct_len, r->pub, r->pub_len, r->msg,
                                        sizeof r->msg, NULL, r->d2, slen) == KURV_OK &&
           ct_len == r->ct_len && memcmp(ct, r->ct, ct_len) == 0);
    EXPECT(kurv_ecies_decrypt(c, pt, &pt_len, r->d, slen, r->ct, r->ct_len, NULL) == KURV_OK &&
           pt_len == sizeof r->msg && memcmp(pt, r->msg, pt_len) == 0);
    /* a fresh key pair: its public key must be d*G */
    pub_len = sizeof pub;
    EXPECT(kurv_keygen(c, d, slen, pub, &pub_len, 1) == KURV_OK &&
           kurv_ecdsa_sign(c, sig, 2 * slen, d, slen, r->digest[0], 32, KURV_HASH_SHA256,
                           NULL, 0, 0) == KURV_OK &&
           kurv_ecdsa_verify(c, sig, 2 * slen, pub, pub_len, r->digest[0], 32, 0) == KURV_OK);
    kurv_wipe(d, sizeof d);
#undef EXPECT
    return bad;
}

static const kurv_curve *shared_runtime;

static void *thread_main(void *arg)
{
    int tid = (int)(size_t)arg, bad = 0, round;
    kurv_curve_params prm;
    kurv_curve *own = NULL;
    size_t i;

    /* a run-time copy of the first curve, made while the other threads work */
    if (kurv_curve_params_of(refs[0].c, &prm) != KURV_OK ||
        kurv_curve_new(&own, &prm, NULL) != KURV_OK) {
        fprintf(stderr, "threads: thread %d: kurv_curve_new failed\n", tid);
        bad++;
    }
    for (round = 0; round < ROUNDS; round++) {
        for (i = 0; i < nrefs; i++) {
            const ref *r = &refs[(i + (size_t)tid) % nrefs];
            bad += work(r->c, r, tid);
        }
        bad += work(shared_runtime, &refs[0], tid);
        if (own)
            bad += work(own, &refs[0], tid);
#ifdef KURV_HAVE_SCHNORR
        {
            uint8_t sig[64];
            if (kurv_schnorr_sign(sig, bip340_keypair, bip340_msg, sizeof bip340_msg, bip340_aux) != KURV_OK ||
                memcmp(sig, bip340_sig, 64) != 0 ||
                kurv_schnorr_verify(bip340_sig, bip340_pub, bip340_msg, sizeof bip340_msg) != KURV_OK) {
                fprintf(stderr, "threads: thread %d: BIP-340 result differs\n", tid);
                bad++;
            }
        }
#endif
    }
    kurv_curve_free(own);
    return (void *)(size_t)bad;
}

int main(void)
{
    pthread_t th[NTHREADS];
    kurv_curve_params prm;
    kurv_curve *rt = NULL;
    const char *first;
    int bad = 0, t;
    size_t i;

    for (i = 0; accessors[i] != NULL; i++) {
        const kurv_curve *c = accessors[i]();
        if (c == NULL)
            continue;
        if (nrefs == MAX_CURVES || !make_ref(&refs[nrefs], c)) {
            fprintf(stderr, "threads: %s: cannot make the reference\n", kurv_curve_name(c));
            return 1;
        }
        nrefs++;
    }
    if (nrefs == 0) {
        fprintf(stderr, "threads: no curve built\n");
        return 1;
    }
    if (kurv_curve_params_of(refs[0].c, &prm) != KURV_OK || kurv_curve_new(&rt, &prm, NULL) != KURV_OK) {
        fprintf(stderr, "threads: kurv_curve_new failed\n");
        return 1;
    }
    shared_runtime = rt;
#ifdef KURV_HAVE_SCHNORR
    {
        uint8_t seckey[32];
        if (kurv_random(seckey, 32) != KURV_OK || kurv_random(bip340_msg, 32) != KURV_OK ||
            kurv_random(bip340_aux, 32) != KURV_OK ||
            kurv_schnorr_keypair(bip340_keypair, seckey) != KURV_OK ||
            kurv_schnorr_keypair_pubkey(bip340_pub, bip340_keypair) != KURV_OK ||
            kurv_schnorr_sign(bip340_sig, bip340_keypair, bip340_msg, 32, bip340_aux) != KURV_OK) {
            fprintf(stderr, "threads: BIP-340 reference failed\n");
            return 1;
        }
        kurv_wipe(seckey, sizeof seckey);
    }
#endif

    for (t = 0; t < NTHREADS; t++)
        if (pthread_create(&th[t], NULL, thread_main, (void *)(size_t)t) != 0) {
            fprintf(stderr, "threads: pthread_create failed\n");
            return 1;
        }
    for (t = 0; t < NTHREADS; t++) {
        void *ret;
        pthread_join(th[t], &ret);
        bad += (int)(size_t)ret;
    }
    kurv_curve_free(rt);
    first = kurv_curve_name(refs[0].c);
    for (i = 0; i < nrefs; i++)
        kurv_wipe(&refs[i], sizeof refs[i]);
    if (bad) {
        fprintf(stderr, "threads: %d results differ from the single-threaded ones\n", bad);
        return 1;
    }
    printf("threads: %d threads x %d rounds over %zu built curves + 2 run-time copies of %s%s: "
           "every result equal to the single-threaded one\n", NTHREADS, ROUNDS, nrefs,
           first,
#ifdef KURV_HAVE_SCHNORR
           " + BIP-340"
#else
           ""
#endif
           );
    return 0;
}
