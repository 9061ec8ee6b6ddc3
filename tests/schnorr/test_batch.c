/*
 * Batch verification agrees with single verification: batches of 0, 1, 2, 3, 64
 * and 1,000 signatures (random keys and messages of random lengths), all valid,
 * then with invalid signatures of several kinds at random positions; the same
 * with a scratch buffer too small for one product (chunked) and with the
 * library's own allocation. Which error wins when several apply, the same with
 * every scratch size (input errors anywhere before a signature that does not verify).
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/schnorr.h>
#include "testutil.h"

#define MAXN 1000
#define MAXMSG 80

struct batch {
    size_t n;
    uint8_t sigs[MAXN * 64], pks[MAXN * 32], msgbuf[MAXN][MAXMSG];
    const uint8_t *msgs[MAXN];
    size_t lens[MAXN];
};

static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void)            /* xorshift64*: reproducible positions and kinds */
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static void make_batch(struct batch *b, size_t n)
{
    size_t i;
    b->n = n;
    for (i = 0; i < n; i++) {
        uint8_t sk[32], kp[64], aux[32];
        cr_assert_eq(kurv_keygen(kurv_secp256k1(), sk, 32, NULL, NULL, 0), KURV_OK);
        cr_assert_eq(kurv_random(aux, 32), KURV_OK);
        b->lens[i] = (size_t)(rnd() % MAXMSG);
        cr_assert_eq(kurv_random(b->msgbuf[i], MAXMSG), KURV_OK);
        b->msgs[i] = b->lens[i] ? b->msgbuf[i] : NULL;
        cr_assert_eq(kurv_schnorr_keypair(kp, sk), KURV_OK);
        cr_assert_eq(kurv_schnorr_keypair_pubkey(b->pks + 32 * i, kp), KURV_OK);
        cr_assert_eq(kurv_schnorr_sign(b->sigs + 64 * i, kp, b->msgs[i], b->lens[i], aux), KURV_OK);
        kurv_wipe(kp, sizeof kp);
        kurv_wipe(sk, sizeof sk);
    }
}

/* spoil entry i in one of several ways that keep the inputs well-formed */
static void spoil(struct batch *b, size_t i, unsigned kind)
{
    uint8_t *sig = b->sigs + 64 * i;
    switch (kind % 5) {
    case 0:                                   /* s + 1 (s < n - 1 almost surely) */
        sig[63] ^= 1;
        break;
    case 1:                                   /* another message */
        if (b->lens[i] == 0) {
            b->lens[i] = 1;
            b->msgs[i] = b->msgbuf[i];
        }
        b->msgbuf[i][0] ^= 0x80;
        break;
    case 2:                                   /* another (valid) public key */
        cr_assert_eq(kurv_schnorr_pubkey(b->pks + 32 * i, sig + 32), KURV_OK);
        break;
    case 3:                                   /* r of another signature (a valid x) */
        memcpy(sig, b->sigs + 64 * ((i + 1) % b->n), 32);
        if (b->n == 1)
            sig[31] ^= 1;
        break;
    default:                                  /* s replaced by n - s */
        {
            const uint8_t *n = kurv_curve_param(kurv_secp256k1(), 'n', NULL);
            int j, borrow = 0;
            for (j = 31; j >= 0; j--) {
                int d = n[j] - sig[32 + j] - borrow;
                borrow = d < 0;
                sig[32 + j] = (uint8_t)(d + (borrow ? 256 : 0));
            }
        }
        break;
    }
}

static int all_single_ok(const struct batch *b)
{
    size_t i;
    int ok = 1;
    for (i = 0; i < b->n; i++)
        if (kurv_schnorr_verify(b->sigs + 64 * i, b->pks + 32 * i, b->msgs[i], b->lens[i]) != KURV_OK)
            ok = 0;
    return ok;
}

static void check_agree(const struct batch *b, const char *what)
{
    int single = all_single_ok(b);
    size_t big = kurv_schnorr_batch_scratch_size(b->n), small = kurv_schnorr_batch_scratch_size(3);
    uint8_t *mem = malloc(big ? big : 1);
    kurv_err e;
    cr_assert(mem != NULL);
    e = kurv_schnorr_verify_batch(b->sigs, b->pks, b->msgs, b->lens, b->n, mem, big);
    cr_assert_eq(e == KURV_OK, single, "%s, n=%zu: batch %s, single %s", what, b->n,
                 kurv_strerror(e), single ? "all valid" : "some invalid");
    if (!single)
        cr_assert_eq(e, KURV_ERR_SIGNATURE, "%s, n=%zu: %s", what, b->n, kurv_strerror(e));
    /* chunked: scratch for 3 signatures at a time */
    e = kurv_schnorr_verify_batch(b->sigs, b->pks, b->msgs, b->lens, b->n, mem, small);
    cr_assert_eq(e == KURV_OK, single, "%s chunked, n=%zu: %s", what, b->n, kurv_strerror(e));
    /* the library's allocation */
    e = kurv_schnorr_verify_batch(b->sigs, b->pks, b->msgs, b->lens, b->n, NULL, 0);
    cr_assert_eq(e == KURV_OK, single, "%s allocated, n=%zu: %s", what, b->n, kurv_strerror(e));
    free(mem);
}

static void run_size(size_t n)
{
    static struct batch b, work;
    unsigned round;
    make_batch(&b, n);
    cr_assert(all_single_ok(&b), "fresh signatures must verify");
    check_agree(&b, "all valid");
    if (n == 0)
        return;
    for (round = 0; round < 6; round++) {
        size_t bad = 1 + (size_t)(rnd() % (n < 4 ? n : 4)), k;
        work = b;
        for (k = 0; k < n; k++)
            work.msgs[k] = b.msgs[k] ? work.msgbuf[k] : NULL;
        for (k = 0; k < bad; k++) {
            size_t pos = (size_t)(rnd() % n);
            spoil(&work, pos, (unsigned)rnd());
        }
        cr_assert(!all_single_ok(&work), "a spoiled signature must fail alone");
        check_agree(&work, "spoiled");
        /* only one spoiled, at the very end or the very start */
        work = b;
        for (k = 0; k < n; k++)
            work.msgs[k] = b.msgs[k] ? work.msgbuf[k] : NULL;
        spoil(&work, round % 2 ? n - 1 : 0, round);
        check_agree(&work, "one spoiled at an end");
    }
    fprintf(stderr, "batch n=%zu: agrees with single verification (13 batches)\n", n);
}

Test(batch, size_0) { run_size(0); }
Test(batch, size_1) { run_size(1); }
Test(batch, size_2) { run_size(2); }
Test(batch, size_3) { run_size(3); }
Test(batch, size_64) { run_size(64); }
Test(batch, size_1000) { run_size(1000); }

/* an invalid public key or out-of-range r, s anywhere gives its specific error */
Test(batch, input_errors)
{
    static struct batch b;
    const uint8_t *p = kurv_curve_param(kurv_secp256k1(), 'p', NULL);
    make_batch(&b, 10);
    memset(b.pks + 32 * 7, 0xFF, 32);                  /* x >= p */
    cr_assert_eq(kurv_schnorr_verify_batch(b.sigs, b.pks, b.msgs, b.lens, 10, NULL, 0),
                 KURV_ERR_POINT);
    make_batch(&b, 10);
    memcpy(b.sigs + 64 * 4, p, 32);                    /* r = p */
    cr_assert_eq(kurv_schnorr_verify_batch(b.sigs, b.pks, b.msgs, b.lens, 10, NULL, 0),
                 KURV_ERR_ENCODING);
    cr_assert_eq(kurv_schnorr_verify(b.sigs + 64 * 4, b.pks + 32 * 4, b.msgs[4], b.lens[4]),
                 KURV_ERR_ENCODING);
}

/* kurv_schnorr_verify_batch() on b with the full scratch, scratch for 1, 2 and 3 signatures
 * at a time (chunks) and its own allocation: each must give want */
static void expect_every_scratch(const struct batch *b, kurv_err want, const char *what)
{
    size_t sizes[5], k;
    uint8_t *mem;
    sizes[0] = kurv_schnorr_batch_scratch_size(b->n);
    sizes[1] = kurv_schnorr_batch_scratch_size(1);
    sizes[2] = kurv_schnorr_batch_scratch_size(2);
    sizes[3] = kurv_schnorr_batch_scratch_size(3);
    sizes[4] = 0;                                       /* NULL: allocated */
    mem = malloc(sizes[0]);
    cr_assert(mem != NULL);
    for (k = 0; k < 5; k++) {
        kurv_err e = kurv_schnorr_verify_batch(b->sigs, b->pks, b->msgs, b->lens, b->n,
                                               sizes[k] ? mem : NULL, sizes[k]);
        cr_assert_eq(e, want, "%s, scratch %zu bytes: %s, expected %s", what, sizes[k],
                     kurv_strerror(e), kurv_strerror(want));
    }
    free(mem);
}

/* an x below p that is no curve x-coordinate (x^3 + 7 not a square) */
static void off_curve_key(uint8_t pk[32])
{
    memset(pk, 0, 32);
    for (pk[31] = 1; kurv_schnorr_pubkey_check(pk) == KURV_OK; pk[31]++)
        ;
    cr_assert_eq(kurv_schnorr_pubkey_check(pk), KURV_ERR_POINT);
}

/* Which code wins when several apply, whatever the scratch size (chunks of 1, 2, 3 or all
 * 10 signatures): r >= p or s >= n anywhere first, then an invalid key anywhere, then
 * a signature that does not verify. Single verification: the key before r, s. */
Test(batch, error_precedence)
{
    static struct batch b, work;
    const uint8_t *p = kurv_curve_param(kurv_secp256k1(), 'p', NULL);
    uint8_t bad_pk[32];
    off_curve_key(bad_pk);
    make_batch(&b, 10);
    expect_every_scratch(&b, KURV_OK, "all valid");

    /* a bad signature in the first chunk, an invalid key in a later one */
    work = b;
    work.sigs[63] ^= 1;                                 /* record 0: s + 1 */
    expect_every_scratch(&work, KURV_ERR_SIGNATURE, "bad s at 0");
    memcpy(work.pks + 32 * 8, bad_pk, 32);              /* record 8: off the curve */
    expect_every_scratch(&work, KURV_ERR_POINT, "bad s at 0, key off the curve at 8");
    memset(work.pks + 32 * 8, 0xFF, 32);                /* record 8: x >= p */
    expect_every_scratch(&work, KURV_ERR_POINT, "bad s at 0, key x >= p at 8");

    /* an r that is no x-coordinate at 1 (R cannot be lifted), an invalid key at 9 */
    work = b;
    memcpy(work.sigs + 64 * 1, bad_pk, 32);
    expect_every_scratch(&work, KURV_ERR_SIGNATURE, "r off the curve at 1");
    memcpy(work.pks + 32 * 9, bad_pk, 32);
    expect_every_scratch(&work, KURV_ERR_POINT, "r off the curve at 1, key off the curve at 9");

    /* the invalid key and the bad signature in the same record */
    work = b;
    work.sigs[64 * 5 + 63] ^= 1;
    memcpy(work.pks + 32 * 5, bad_pk, 32);
    expect_every_scratch(&work, KURV_ERR_POINT, "bad s and key off the curve at 5");

    /* r = p in a later record wins over an invalid key in an earlier one */
    work = b;
    memcpy(work.pks + 32 * 0, bad_pk, 32);
    memcpy(work.sigs + 64 * 7, p, 32);
    expect_every_scratch(&work, KURV_ERR_ENCODING, "key off the curve at 0, r = p at 7");

    /* single verification: an invalid key together with r = p is KURV_ERR_POINT */
    cr_assert_eq(kurv_schnorr_verify(work.sigs + 64 * 7, bad_pk, work.msgs[7], work.lens[7]),
                 KURV_ERR_POINT);
    cr_assert_eq(kurv_schnorr_verify(work.sigs + 64 * 7, work.pks + 32 * 7, work.msgs[7],
                                     work.lens[7]), KURV_ERR_ENCODING);
}
