/*
 * kurv-bench --schnorr: BIP-340 sign, verify and batch verification per
 * signature (n = 1, 8, 64, 512, 4096) for kurv-schnorr, next to libsecp256k1's
 * schnorrsig sign and verify in the same run (when it was found at configure
 * time), as ratios. Timing (timing.c): CLOCK_PROCESS_CPUTIME_ID (CPU time of this
 * process, so other load on the machine counts less). The single-signature rows
 * (sign, verify) take turns, kurv's and libsecp256k1's (bench_time_set: the median of
 * BENCH_ROUNDS rounds of one batch each); the batch rows, kurv's alone, are the
 * median of BENCH_BATCHES batches.
 *
 * Like for like: both sides get bytes. kurv signs from a key pair made once
 * (libsecp256k1: secp256k1_keypair) and verifies a 32-byte x-only key given as
 * bytes, so its verify includes lift_x; "libsecp256k1 verify" times
 * xonly_pubkey_parse + schnorrsig_verify, and "verify, key parsed" the verify
 * call alone. Messages are 32 bytes. Every result is checked, before and while
 * timed: libsecp256k1's signature must equal kurv's (same auxiliary randomness),
 * and each library must accept the other's.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/schnorr.h>
#ifdef KURV_BENCH_SCHNORRSIG
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#endif
#include "bench_schnorr.h"
#include "timing.h"

#define NMAX 4096

struct sstate {
    uint8_t kp[NMAX][64], pk[NMAX * 32], sig[NMAX * 64], msg[NMAX][32], aux[32];
    const uint8_t *msgs[NMAX];
    size_t lens[NMAX];
    uint8_t out[64];
    void *scratch;
    size_t scratch_len, n;
#ifdef KURV_BENCH_SCHNORRSIG
    secp256k1_context *ctx;
    secp256k1_keypair skp;
    secp256k1_xonly_pubkey xpk;
#endif
};

static void sdie(const char *what)
{
    fprintf(stderr, "kurv-bench: schnorr: %s\n", what);
    exit(1);
}

typedef bench_op sop;

/* µs per call of fn (bench_time on the CPU clock: the median of BENCH_BATCHES batches,
 * about `seconds` in all), divided by per */
static double stime(sop fn, struct sstate *s, double seconds, double per)
{
    int bad = 0;
    double us = bench_time(BENCH_CPU, fn, s, seconds, &bad);
    if (bad)
        sdie("a timed call failed");
    return us / per;
}

static int k_sign(void *arg)
{
    struct sstate *s = arg;
    return kurv_schnorr_sign(s->out, s->kp[0], s->msg[0], 32, s->aux) != KURV_OK ||
           memcmp(s->out, s->sig, 64) != 0;
}

static int k_verify(void *arg)
{
    struct sstate *s = arg;
    return kurv_schnorr_verify(s->sig, s->pk, s->msg[0], 32) != KURV_OK;
}

static int k_batch(void *arg)
{
    struct sstate *s = arg;
    return kurv_schnorr_verify_batch(s->sig, s->pk, s->msgs, s->lens, s->n, s->scratch,
                                     s->scratch_len) != KURV_OK;
}

#ifdef KURV_BENCH_SCHNORRSIG
static int l_sign(void *arg)
{
    struct sstate *s = arg;
    return !secp256k1_schnorrsig_sign32(s->ctx, s->out, s->msg[0], &s->skp, s->aux);
}

static int l_verify_parse(void *arg)
{
    struct sstate *s = arg;
    secp256k1_xonly_pubkey x;
    return !secp256k1_xonly_pubkey_parse(s->ctx, &x, s->pk) ||
           !secp256k1_schnorrsig_verify(s->ctx, s->sig, s->msg[0], 32, &x);
}

static int l_verify(void *arg)
{
    struct sstate *s = arg;
    return !secp256k1_schnorrsig_verify(s->ctx, s->sig, s->msg[0], 32, &s->xpk);
}
#endif

int bench_schnorr(double seconds)
{
    static const size_t ns[] = {1, 8, 64, 512, 4096};
    struct sstate *s = calloc(1, sizeof *s);
    double ks, kv, lsgn = 0, lv = 0, lvp = 0;
    size_t i;

    if (!s)
        sdie("out of memory");
    if (kurv_random(s->aux, 32) != KURV_OK)
        sdie("kurv_random failed");
    for (i = 0; i < NMAX; i++) {
        uint8_t sk[32];
        if (kurv_keygen(kurv_secp256k1(), sk, 32, NULL, NULL, 0) != KURV_OK ||
            kurv_random(s->msg[i], 32) != KURV_OK ||
            kurv_schnorr_keypair(s->kp[i], sk) != KURV_OK ||
            kurv_schnorr_keypair_pubkey(s->pk + 32 * i, s->kp[i]) != KURV_OK ||
            kurv_schnorr_sign(s->sig + 64 * i, s->kp[i], s->msg[i], 32, s->aux) != KURV_OK ||
            kurv_schnorr_verify(s->sig + 64 * i, s->pk + 32 * i, s->msg[i], 32) != KURV_OK)
            sdie("setup: kurv sign/verify failed");
        s->msgs[i] = s->msg[i];
        s->lens[i] = 32;
#ifdef KURV_BENCH_SCHNORRSIG
        if (i == 0) {
            uint8_t seed[32], ssig[64];
            s->ctx = secp256k1_context_create(SECP256K1_CONTEXT_NONE);
            if (!s->ctx || kurv_random(seed, 32) != KURV_OK ||
                !secp256k1_context_randomize(s->ctx, seed) ||
                !secp256k1_keypair_create(s->ctx, &s->skp, sk) ||
                !secp256k1_keypair_xonly_pub(s->ctx, &s->xpk, NULL, &s->skp) ||
                !secp256k1_schnorrsig_sign32(s->ctx, ssig, s->msg[0], &s->skp, s->aux) ||
                memcmp(ssig, s->sig, 64) != 0 ||
                !secp256k1_schnorrsig_verify(s->ctx, s->sig, s->msg[0], 32, &s->xpk))
                sdie("setup: libsecp256k1 disagrees with kurv");
        }
#endif
        kurv_wipe(sk, sizeof sk);
    }
    s->scratch_len = kurv_schnorr_batch_scratch_size(NMAX);
    s->scratch = malloc(s->scratch_len);
    if (!s->scratch)
        sdie("out of memory");

    printf("\nBIP-340 Schnorr (secp256k1), CPU time (CLOCK_PROCESS_CPUTIME_ID), >= %.2f s per "
           "cell; sign and verify: the two libraries side by side, median of %d rounds; "
           "batches: median of %d; µs per signature\n", seconds, BENCH_ROUNDS, BENCH_BATCHES);
    {
        /* kurv's and libsecp256k1's single-signature cells side by side (bench_time_set),
         * so that a slow spell of the machine falls on both libraries alike */
        bench_op ops[5] = {k_sign, k_verify};
        void *args[5] = {s, s, s, s, s};
        int bad[5] = {0};
        double us[5] = {0};
        size_t n = 2, j;
#ifdef KURV_BENCH_SCHNORRSIG
        ops[n++] = l_sign;
        ops[n++] = l_verify_parse;
        ops[n++] = l_verify;
#endif
        bench_time_set(BENCH_CPU, n, ops, args, seconds, bad, us);
        for (j = 0; j < n; j++)
            if (bad[j])
                sdie("a timed call failed");
        ks = us[0];
        kv = us[1];
        if (n == 5) {
            lsgn = us[2];
            lvp = us[3];
            lv = us[4];
        }
    }
    printf("%-26s | %9s | %16s | %17s\n", "operation", "kurv µs", "libsecp256k1 µs",
           "kurv/libsecp256k1");
    printf("%-26s | %8.2f | %15.2f | %16.2fx\n", "sign (key pair)", ks, lsgn, lsgn > 0 ? ks / lsgn : 0);
    printf("%-26s | %8.2f | %15.2f | %16.2fx\n", "verify (key as bytes)", kv, lvp, lvp > 0 ? kv / lvp : 0);
    if (lv > 0)
        printf("%-26s | %8s | %15.2f | %16.2fx\n", "verify, key parsed", "-", lv, kv / lv);
    for (i = 0; i < sizeof ns / sizeof ns[0]; i++) {
        double kb;
        char label[40];
        s->n = ns[i];
        kb = stime(k_batch, s, seconds, (double)ns[i]);
        snprintf(label, sizeof label, "batch n=%zu, per signature", ns[i]);
        printf("%-26s | %8.2f | %15.2f | %16.2fx\n", label, kb, lvp, lvp > 0 ? kb / lvp : 0);
    }
    if (lv > 0)
        printf("(ratios of batch rows: to libsecp256k1's single verify with parsing; "
               "divide by %.2f for the ratio to verify alone)\n", lv / lvp);
    fflush(stdout);
#ifdef KURV_BENCH_SCHNORRSIG
    secp256k1_context_destroy(s->ctx);
#endif
    free(s->scratch);
    kurv_wipe(s, sizeof *s);
    free(s);
    return 0;
}
