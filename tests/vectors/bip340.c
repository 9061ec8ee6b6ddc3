/*
 * kurv-kat job: BIP-340 Schnorr signatures, vectors_dir/bip340/test-vectors.csv (read by
 * tests/common/bip340.c). A row passes, as tests/schnorr/test_bip340.c checks it, when: a
 * signing row (one with a secret key) gives its public key (kurv_schnorr_pubkey and the key
 * pair's half) and its exact signature (kurv_schnorr_sign with the key pair and
 * kurv_schnorr_sign_seckey); verification gives the row's answer (kt_bip340_expected) alone
 * and in a batch of one; the TRUE rows that verify alone verify in one batch, and a FALSE
 * row appended to that batch gives its answer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/schnorr.h>
#include "kat.h"
#include "bip340.h"
#include "testutil.h"

/* What is wrong with kurv's signing of row r, or NULL. */
static const char *bip340_sign(const struct kt_bip340_row *r)
{
    uint8_t pk[32], kp[64], sig[64];
    const char *why = NULL;

    if (kurv_schnorr_pubkey(pk, r->sk) != KURV_OK || memcmp(pk, r->pk, 32) != 0)
        why = "the public key of the secret key differs";
    else if (kurv_schnorr_keypair(kp, r->sk) != KURV_OK || memcmp(kp + 32, r->pk, 32) != 0)
        why = "the key pair's public key differs";
    else if (kurv_schnorr_sign(sig, kp, r->msg, r->msg_len, r->aux) != KURV_OK ||
             memcmp(sig, r->sig, 64) != 0)
        why = "the signature differs";
    else if (kurv_schnorr_sign_seckey(sig, r->sk, r->msg, r->msg_len, r->aux) != KURV_OK ||
             memcmp(sig, r->sig, 64) != 0)
        why = "the signature by kurv_schnorr_sign_seckey differs";
    kurv_wipe(kp, sizeof kp);
    return why;
}

/* A batch of signatures, public keys and messages: the TRUE rows, then maybe one more. */
struct batch {
    uint8_t *sigs, *pks;
    const uint8_t **msgs;
    size_t *lens, n;
};

/* Append row r to b (whose arrays hold every row). */
static void batch_add(struct batch *b, const struct kt_bip340_row *r)
{
    memcpy(b->sigs + 64 * b->n, r->sig, 64);
    memcpy(b->pks + 32 * b->n, r->pk, 32);
    b->msgs[b->n] = r->msg;
    b->lens[b->n] = r->msg_len;
    b->n++;
}

/* What is wrong with kurv's verification of row r, or NULL. b holds the TRUE rows that
 * verify alone (batch_ok says whether they verified together); a FALSE row is appended to
 * them for a moment. */
static const char *bip340_verify(const struct kt_bip340_row *r, struct batch *b, int batch_ok)
{
    kurv_err want = kt_bip340_expected(r), got;
    const uint8_t *m = r->msg;
    size_t len = r->msg_len;

    if (kurv_schnorr_verify(r->sig, r->pk, r->msg, r->msg_len) != want)
        return "verification gives another answer";
    if (kurv_schnorr_verify_batch(r->sig, r->pk, &m, &len, 1, NULL, 0) != want)
        return "a batch of one gives another answer";
    if (r->expect)
        return batch_ok ? NULL : "the batch of the TRUE rows fails";
    batch_add(b, r);
    got = kurv_schnorr_verify_batch(b->sigs, b->pks, b->msgs, b->lens, b->n, NULL, 0);
    b->n--;
    return got == want ? NULL : "appended to the TRUE rows, the batch gives another answer";
}

void kat_bip340(void)
{
    struct kat_file f;
    struct kt_bip340_row *rows = NULL;
    struct batch b = {NULL, NULL, NULL, NULL, 0};
    const char *why = NULL;
    char *text, name[64];
    long n, parsed, i, signing = 0, true_rows = 0;
    int batch_ok;

    kat_file_begin(&f, "bip340/test-vectors.csv");
    text = kat_load_text(&f);
    if (!text)
        return;
    n = parsed = kt_bip340_parse(text, &rows, &why);
    free(text);
    if (n < 0) {
        kat_fail(&f, "%s", why);
        kat_file_end(&f, NULL);
        return;
    }
    b.sigs = malloc((size_t)n * 64 + 1);
    b.pks = malloc((size_t)n * 32 + 1);
    b.msgs = malloc((size_t)n * sizeof *b.msgs + 1);
    b.lens = malloc((size_t)n * sizeof *b.lens + 1);
    if (!b.sigs || !b.pks || !b.msgs || !b.lens) {
        kat_fail(&f, "out of memory");
        n = 0;
    }
    /* the batch: every TRUE row that verifies alone (one that does not fails by itself) */
    for (i = 0; i < n; i++) {
        true_rows += rows[i].expect;
        if (rows[i].expect &&
            kurv_schnorr_verify(rows[i].sig, rows[i].pk, rows[i].msg, rows[i].msg_len) == KURV_OK)
            batch_add(&b, &rows[i]);
    }
    batch_ok = kurv_schnorr_verify_batch(b.sigs, b.pks, b.msgs, b.lens, b.n, NULL, 0) == KURV_OK;
    for (i = 0; i < n; i++) {
        const struct kt_bip340_row *r = &rows[i];

        why = r->has_sk ? bip340_sign(r) : NULL;
        if (!why)
            why = bip340_verify(r, &b, batch_ok);
        signing += r->has_sk;
        snprintf(name, sizeof name, "row %d (%s)", r->index, r->expect ? "TRUE" : "FALSE");
        kat_check(&f, why == NULL, name, why);
    }
    kat_file_end(&f, "%ld rows: %ld signing, %ld TRUE, %ld FALSE", n, signing, true_rows,
                 n - true_rows);
    free(b.sigs);
    free(b.pks);
    free(b.msgs);
    free(b.lens);
    kt_bip340_free(rows, parsed);
}
