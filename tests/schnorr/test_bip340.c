/*
 * BIP-340 test vectors (vectors_dir/bip340/test-vectors.csv): every signing row
 * reproduces its public key and exact signature; every row verifies to its listed
 * result, singly and in batches; failing rows give the specific error their
 * comment names. Plus API misuse.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/schnorr.h>
#include "testutil.h"
#include "bip340.h"

#define MAX_ROWS 64

/* The rows of test-vectors.csv (tests/common/bip340.c), or -1 when the file is missing. */
static long load_rows(struct kt_bip340_row **rows)
{
    size_t len;
    char *txt = kt_load_text("bip340/test-vectors.csv", &len);
    const char *why = NULL;
    long n;

    if (!txt)
        return -1;
    n = kt_bip340_parse(txt, rows, &why);
    free(txt);
    cr_assert(n >= 0, "test-vectors.csv: %s", why);
    cr_assert(n <= MAX_ROWS);
    return n;
}

Test(bip340, vectors_sign_and_verify)
{
    struct kt_bip340_row *rows;
    int n = (int)load_rows(&rows), i, signed_rows = 0, true_rows = 0, false_rows = 0;
    if (n < 0)
        cr_skip_test("bip340 vectors not found");
    cr_assert(n >= 19, "only %d rows", n);
    for (i = 0; i < n; i++) {
        struct kt_bip340_row *r = &rows[i];
        kurv_err want = kt_bip340_expected(r), got;
        if (r->has_sk) {
            uint8_t pk[32], kp[64], sig[64], sig2[64];
            cr_assert_eq(kurv_schnorr_pubkey(pk, r->sk), KURV_OK);
            cr_assert(memcmp(pk, r->pk, 32) == 0, "row %d: public key", r->index);
            cr_assert_eq(kurv_schnorr_keypair(kp, r->sk), KURV_OK);
            cr_assert(memcmp(kp + 32, r->pk, 32) == 0);
            cr_assert_eq(kurv_schnorr_sign(sig, kp, r->msg, r->msg_len, r->aux), KURV_OK);
            cr_assert(memcmp(sig, r->sig, 64) == 0, "row %d: signature differs", r->index);
            cr_assert_eq(kurv_schnorr_sign_seckey(sig2, r->sk, r->msg, r->msg_len, r->aux),
                         KURV_OK);
            cr_assert(memcmp(sig2, r->sig, 64) == 0);
            signed_rows++;
        }
        got = kurv_schnorr_verify(r->sig, r->pk, r->msg, r->msg_len);
        cr_assert_eq(got, want, "row %d (%s): verify gave %s, want %s", r->index, r->comment,
                     kurv_strerror(got), kurv_strerror(want));
        /* a batch of one agrees */
        {
            const uint8_t *m = r->msg;
            size_t ml = r->msg_len;
            got = kurv_schnorr_verify_batch(r->sig, r->pk, &m, &ml, 1, NULL, 0);
            cr_assert_eq(got, want, "row %d: batch of one gave %s", r->index, kurv_strerror(got));
        }
        if (r->expect)
            true_rows++;
        else
            false_rows++;
    }
    cr_assert(signed_rows >= 4 && true_rows >= 8 && false_rows >= 10);
    fprintf(stderr, "bip340: %d rows (%d signed, %d valid, %d invalid)\n", n, signed_rows,
            true_rows, false_rows);
    kt_bip340_free(rows, n);
}

/* every valid row in one batch passes; adding any invalid row makes it fail */
Test(bip340, vectors_batch)
{
    struct kt_bip340_row *rows;
    uint8_t sigs[MAX_ROWS * 64], pks[MAX_ROWS * 32];
    const uint8_t *msgs[MAX_ROWS];
    size_t lens[MAX_ROWS], k = 0;
    int n = (int)load_rows(&rows), i, j;
    if (n < 0)
        cr_skip_test("bip340 vectors not found");
    for (i = 0; i < n; i++) {
        if (!rows[i].expect)
            continue;
        memcpy(sigs + 64 * k, rows[i].sig, 64);
        memcpy(pks + 32 * k, rows[i].pk, 32);
        msgs[k] = rows[i].msg;
        lens[k] = rows[i].msg_len;
        k++;
    }
    cr_assert_eq(kurv_schnorr_verify_batch(sigs, pks, msgs, lens, k, NULL, 0), KURV_OK);
    for (j = 0; j < n; j++) {
        if (rows[j].expect)
            continue;
        memcpy(sigs + 64 * k, rows[j].sig, 64);
        memcpy(pks + 32 * k, rows[j].pk, 32);
        msgs[k] = rows[j].msg;
        lens[k] = rows[j].msg_len;
        cr_assert_eq(kurv_schnorr_verify_batch(sigs, pks, msgs, lens, k + 1, NULL, 0),
                     kt_bip340_expected(&rows[j]), "row %d appended", rows[j].index);
    }
    kt_bip340_free(rows, n);
}

Test(bip340, misuse)
{
    uint8_t sk[32] = {0}, kp[64], pk[32], sig[64], aux[32] = {0}, n[32];
    const uint8_t *msgs[1] = {NULL};
    size_t lens[1] = {1}, len;

    /* secret key 0 and n are rejected, outputs zeroed */
    memset(pk, 0xAA, 32);
    cr_assert_eq(kurv_schnorr_pubkey(pk, sk), KURV_ERR_PRIVKEY);
    for (len = 0; len < 32; len++)
        cr_assert_eq(pk[len], 0);
    memcpy(n, kurv_curve_param(kurv_secp256k1(), 'n', &len), 32);
    cr_assert_eq(kurv_schnorr_keypair(kp, n), KURV_ERR_PRIVKEY);
    cr_assert_eq(kurv_schnorr_keypair(kp, NULL), KURV_ERR_ARG);
    /* a key pair whose d is 0 cannot sign */
    memset(kp, 0, sizeof kp);
    memset(sig, 0xAA, 64);
    cr_assert_eq(kurv_schnorr_sign(sig, kp, NULL, 0, aux), KURV_ERR_PRIVKEY);
    for (len = 0; len < 64; len++)
        cr_assert_eq(sig[len], 0);
    sk[31] = 1;
    cr_assert_eq(kurv_schnorr_keypair(kp, sk), KURV_OK);
    cr_assert_eq(kurv_schnorr_sign(sig, kp, NULL, 5, aux), KURV_ERR_ARG);
    cr_assert_eq(kurv_schnorr_sign(sig, kp, NULL, 0, NULL), KURV_ERR_ARG);
    cr_assert_eq(kurv_schnorr_sign(sig, kp, NULL, 0, aux), KURV_OK);
    cr_assert_eq(kurv_schnorr_keypair_pubkey(pk, kp), KURV_OK);
    cr_assert_eq(kurv_schnorr_verify(sig, pk, NULL, 0), KURV_OK);
    cr_assert_eq(kurv_schnorr_verify(sig, pk, NULL, 1), KURV_ERR_ARG);
    cr_assert_eq(kurv_schnorr_verify(NULL, pk, NULL, 0), KURV_ERR_ARG);
    /* 1*G has x = G's x */
    cr_assert(memcmp(pk, kurv_curve_param(kurv_secp256k1(), 'x', &len), 32) == 0);
    cr_assert_eq(kurv_schnorr_pubkey_check(pk), KURV_OK);
    memset(pk, 0xFF, 32);                         /* x >= p */
    cr_assert_eq(kurv_schnorr_pubkey_check(pk), KURV_ERR_POINT);
    /* batch misuse */
    cr_assert_eq(kurv_schnorr_verify_batch(NULL, NULL, NULL, NULL, 0, NULL, 0), KURV_OK);
    cr_assert_eq(kurv_schnorr_verify_batch(sig, pk, msgs, lens, 1, NULL, 0), KURV_ERR_ARG);
    lens[0] = 0;
    cr_assert_eq(kurv_schnorr_verify_batch(sig, pk, msgs, lens, 1, kp, 1), KURV_ERR_BUFFER);
    cr_assert_eq(kurv_schnorr_verify_batch(sig, pk, msgs, lens, 1, NULL, 5), KURV_ERR_ARG);
    cr_assert_eq(kurv_schnorr_batch_scratch_size(((size_t)1 << 20) + 1), 0);
    cr_assert(kurv_schnorr_batch_scratch_size(1) > 0);
}
