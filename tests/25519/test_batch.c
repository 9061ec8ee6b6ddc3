/*
 * kurv-25519: Ed25519 batch verification (kurv_ed25519_verify_batch) against the single
 * verification (kurv_ed25519_verify), on
 *   - batches of 1..N of RFC 8032 7.1's five signatures and signatures of random keys and
 *     messages (a fixed-seed generator), with the caller's exact scratch, the smallest
 *     (chunks of one signature), one that forces chunks of three, and none (the stack);
 *   - each of those batches with one signature mutated, at every index: a bit of R, of S,
 *     of the message, of the key; S + L and S = L (non-canonical S); and, for a batch of
 *     16, a flipped bit at every one of the 64 bytes of the signature at every index;
 *   - a batch large enough for Pippenger's method (300 signatures: 600 points);
 *   - signatures with a public key or R of small order (the 8 points of order 1, 2, 4, 8:
 *     the identity with S = 0 is valid by the cofactorless equation; the point of order 2
 *     as A is valid exactly when k is even), alone, among valid ones, and two whose faults
 *     would cancel in the product (the batch checks those singly);
 *   - Wycheproof's ed25519_test.json: every case alone (n = 1), every case put into a
 *     batch of RFC signatures, every valid case together, and every case together;
 *   - the errors and their order (KURV_ERR_ARG, _BUFFER, _POINT before _SIGNATURE across
 *     chunks).
 * The expected verdict of a batch is the single checks' combined: KURV_ERR_POINT when one
 * key does not decode, else KURV_ERR_SIGNATURE when one signature does not verify, else
 * KURV_OK (<kurv/25519.h>). libsodium's agreement is in test_sodium.c.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/25519.h>
#include "testutil.h"

#define POOL 40   /* signatures in the pool: RFC 8032's five, then random ones */

struct item {
    uint8_t sig[64], pub[32], msg[300];
    size_t len;
};

static struct item pool[POOL];
static uint64_t rng_state = 0xba7c425519ULL;

static void unhex(uint8_t *out, size_t len, const char *hex)
{
    cr_assert_eq(kt_unhex(out, len, hex), (long)len, "bad hex");
}

/* RFC 8032 7.1's pure Ed25519 tests 1, 2, 3 and SHA(abc) (public key, message, signature) */
static const char *const RFC[4][3] = {
    {"d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a", "",
     "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"},
    {"3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c", "72",
     "92a009a9f0d4cab8720e820b5f642540a2b27b5416503f8fb3762223ebdb69da085ac1e43e15996e458f3613d0f11d8c387b2eaeb4302aeeb00d291612bb0c00"},
    {"fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025", "af82",
     "6291d657deec24024827e69c3abe01a30ce548a284743a445e3680d7db5ac3ac18ff9b538d16f290ae67f760984dc6594a7c15e9716ed28dc027beceea1ec40a"},
    {"ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a"
     "2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
     "dc2a4459e7369633a52b1bf277839a00201009a3efbf3ecb69bea2186c26b58909351fc9ac90b3ecfdfbc7c66431e0303dca179c138ac17ad9bef1177331a704"},
};

static void make_random(struct item *it)
{
    uint8_t seed[32];
    kt_rand_bytes(&rng_state, seed, 32);
    kt_rand_bytes(&rng_state, it->msg, 2);
    it->len = (size_t)(it->msg[0] | (it->msg[1] << 8)) % 301;
    kt_rand_bytes(&rng_state, it->msg, it->len);
    cr_assert_eq(kurv_ed25519_public_key(it->pub, seed), KURV_OK);
    cr_assert_eq(kurv_ed25519_sign(it->sig, it->msg, it->len, seed, it->pub), KURV_OK);
}

static void setup(void)
{
    size_t i;
    for (i = 0; i < 4; i++) {
        unhex(pool[i].pub, 32, RFC[i][0]);
        pool[i].len = strlen(RFC[i][1]) / 2;
        if (pool[i].len)
            unhex(pool[i].msg, pool[i].len, RFC[i][1]);
        unhex(pool[i].sig, 64, RFC[i][2]);
    }
    for (; i < POOL; i++)
        make_random(&pool[i]);
    for (i = 0; i < POOL; i++)
        cr_assert_eq(kurv_ed25519_verify(pool[i].sig, pool[i].msg, pool[i].len, pool[i].pub),
                     KURV_OK, "pool %zu", i);
}

/* a batch as the API takes it */
struct batch {
    size_t n;
    uint8_t *sigs, *pubs;
    const uint8_t **msgs;
    size_t *lens;
};

static void batch_from(struct batch *b, const struct item *its, size_t n)
{
    size_t i;
    b->n = n;
    b->sigs = malloc(64 * n + 1);
    b->pubs = malloc(32 * n + 1);
    b->msgs = malloc(sizeof *b->msgs * n + 1);
    b->lens = malloc(sizeof *b->lens * n + 1);
    cr_assert(b->sigs && b->pubs && b->msgs && b->lens);
    for (i = 0; i < n; i++) {
        memcpy(b->sigs + 64 * i, its[i].sig, 64);
        memcpy(b->pubs + 32 * i, its[i].pub, 32);
        b->msgs[i] = its[i].msg;
        b->lens[i] = its[i].len;
    }
}

static void batch_free(struct batch *b)
{
    free(b->sigs);
    free(b->pubs);
    free(b->msgs);
    free(b->lens);
}

/* the single checks' combined verdict */
static kurv_err singles(const struct batch *b)
{
    kurv_err worst = KURV_OK, e;
    size_t i;
    for (i = 0; i < b->n; i++) {
        e = kurv_ed25519_verify(b->sigs + 64 * i, b->msgs[i], b->lens[i], b->pubs + 32 * i);
        cr_assert(e == KURV_OK || e == KURV_ERR_SIGNATURE || e == KURV_ERR_POINT);
        if (e == KURV_ERR_POINT || (e == KURV_ERR_SIGNATURE && worst == KURV_OK))
            worst = e;
    }
    return worst;
}

/* the batch with scratch of size cap (0: none, the stack) */
static kurv_err run(const struct batch *b, size_t cap)
{
    void *s = cap ? malloc(cap) : NULL;
    kurv_err e;
    cr_assert(!cap || s);
    e = kurv_ed25519_verify_batch(b->sigs, b->pubs, (const uint8_t *const *)b->msgs, b->lens,
                                  b->n, s, cap);
    free(s);
    return e;
}

/* the batch's verdict equals the singles', whatever the scratch */
static void agree(const struct batch *b, const char *what, size_t at)
{
    kurv_err want = singles(b), e;
    size_t caps[4], k;
    caps[0] = kurv_ed25519_batch_scratch_size(b->n);
    caps[1] = kurv_ed25519_batch_scratch_size(1);
    caps[2] = kurv_ed25519_batch_scratch_size(3);
    caps[3] = 0;
    for (k = 0; k < 4; k++) {
        e = run(b, caps[k]);
        cr_assert_eq(e, want, "n %zu, %s at %zu, scratch %zu: batch %s, singles %s", b->n, what,
                     at, caps[k], kurv_strerror(e), kurv_strerror(want));
    }
}

/* S + L (S < 2^256 - L for every S < L) in place, little-endian */
static void add_l(uint8_t s[32])
{
    static const uint8_t L[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    };
    unsigned c = 0, i;
    for (i = 0; i < 32; i++) {
        c += (unsigned)s[i] + L[i];
        s[i] = (uint8_t)c;
        c >>= 8;
    }
    cr_assert_eq(c, 0u);
}

enum { MUT_R, MUT_S, MUT_MSG, MUT_KEY, MUT_S_PLUS_L, MUT_S_IS_L, MUT_N };
static const char *const MUT_NAME[MUT_N] = { "R bit", "S bit", "message bit", "key bit",
                                              "S + L", "S = L" };

/* item it changed by mutation kind k */
static void mutate(struct item *it, int k)
{
    switch (k) {
    case MUT_R: it->sig[7] ^= 0x10; break;
    case MUT_S: it->sig[40] ^= 0x01; break;
    case MUT_MSG:
        if (it->len)
            it->msg[it->len / 2] ^= 0x80;
        else
            it->len = 1, it->msg[0] = 0;   /* a message one byte longer */
        break;
    case MUT_KEY: it->pub[5] ^= 0x02; break;
    case MUT_S_PLUS_L: add_l(it->sig + 32); break;
    default:
        unhex(it->sig + 32, 32, "edd3f55c1a631258d69cf7a2def9de1400000000000000000000000000000010");
        break;
    }
}

Test(batch, valid_batches_1_to_n, .init = setup)
{
    struct batch b;
    size_t n;
    for (n = 1; n <= POOL; n++) {
        batch_from(&b, pool, n);
        cr_assert_eq(singles(&b), KURV_OK);
        agree(&b, "valid", 0);
        batch_free(&b);
    }
}

Test(batch, one_mutated_at_every_index, .init = setup)
{
    static const size_t sizes[] = { 1, 2, 3, 5, 9, 16, 40 };
    struct item its[POOL];
    struct batch b;
    size_t si, j;
    int k;
    for (si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
        size_t n = sizes[si];
        for (j = 0; j < n; j++) {
            for (k = 0; k < MUT_N; k++) {
                kurv_err want;
                memcpy(its, pool, sizeof its);
                mutate(&its[j], k);
                batch_from(&b, its, n);
                want = singles(&b);
                cr_assert_neq(want, KURV_OK, "n %zu, %s at %zu: still valid", n, MUT_NAME[k], j);
                if (k == MUT_S_PLUS_L || k == MUT_S_IS_L || k == MUT_S)
                    cr_assert_eq(want, KURV_ERR_SIGNATURE);
                agree(&b, MUT_NAME[k], j);
                batch_free(&b);
            }
        }
    }
}

/* a batch of 16 with a flipped bit in every byte of the signature at every index */
Test(batch, every_byte_of_every_signature, .init = setup)
{
    struct item its[16];
    struct batch b;
    size_t j, byte;
    for (j = 0; j < 16; j++) {
        for (byte = 0; byte < 64; byte++) {
            kurv_err want, e;
            memcpy(its, pool, sizeof its);
            its[j].sig[byte] ^= (uint8_t)(1u << (byte % 8));
            batch_from(&b, its, 16);
            want = singles(&b);
            cr_assert_neq(want, KURV_OK, "index %zu byte %zu", j, byte);
            e = run(&b, kurv_ed25519_batch_scratch_size(16));
            cr_assert_eq(e, want, "index %zu byte %zu: %s", j, byte, kurv_strerror(e));
            batch_free(&b);
        }
    }
}

/* 300 signatures, 600 points: Pippenger's method (msm25519.h) in one product */
Test(batch, pippenger_sized, .init = setup)
{
    static const size_t at[] = { 0, 1, 150, 298, 299 };
    enum { N = 300 };
    struct item *its = malloc(sizeof *its * N);
    struct batch b;
    size_t i, cap = kurv_ed25519_batch_scratch_size(N);
    cr_assert(its != NULL);
    for (i = 0; i < N; i++) {
        if (i < POOL)
            its[i] = pool[i];
        else
            make_random(&its[i]);
    }
    batch_from(&b, its, N);
    cr_assert_eq(run(&b, cap), KURV_OK);
    batch_free(&b);
    for (i = 0; i < sizeof at / sizeof at[0]; i++) {
        struct item keep = its[at[i]];
        mutate(&its[at[i]], i % 2 ? MUT_S : MUT_MSG);
        batch_from(&b, its, N);
        cr_assert_eq(run(&b, cap), KURV_ERR_SIGNATURE, "mutated at %zu", at[i]);
        batch_free(&b);
        its[at[i]] = keep;
    }
    free(its);
}

/* the encodings of the 8 points of small order (y = 1, -1, 0, and the two y of order 8,
 * with x even and odd where x is not 0) */
static const char *const SMALL[] = {
    "0100000000000000000000000000000000000000000000000000000000000000",   /* identity */
    "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",   /* order 2 */
    "0000000000000000000000000000000000000000000000000000000000000000",   /* order 4 */
    "0000000000000000000000000000000000000000000000000000000000000080",   /* order 4 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",   /* order 8 */
    "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",   /* order 8 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",   /* order 8 */
    "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",   /* order 8 */
};

/* A and R of small order, S = 0 or 1, various messages: the batch agrees with the single
 * check, alone and among valid signatures, and several together */
Test(batch, small_order_points, .init = setup)
{
    struct item its[64 + 3];
    struct batch b;
    size_t a, r, m = 0, ok = 0, i;
    for (a = 0; a < 8; a++) {
        for (r = 0; r < 8; r++) {
            struct item *it = &its[m++];
            memset(it, 0, sizeof *it);
            unhex(it->pub, 32, SMALL[a]);
            unhex(it->sig, 32, SMALL[r]);
            it->sig[32] = (uint8_t)((a + r) % 3 == 0);   /* S = 1 now and then */
            it->len = 1 + (a * 8 + r) % 7;
            memset(it->msg, (int)(a * 8 + r), it->len);
            ok += kurv_ed25519_verify(it->sig, it->msg, it->len, it->pub) == KURV_OK;
            /* alone, and between two valid ones */
            batch_from(&b, it, 1);
            agree(&b, "small order alone", a * 8 + r);
            batch_free(&b);
            its[64] = pool[0];
            its[65] = *it;
            its[66] = pool[1];
            batch_from(&b, its + 64, 3);
            agree(&b, "small order among valid", a * 8 + r);
            batch_free(&b);
        }
    }
    /* some are valid (the identity's, with S = 0), some not */
    cr_assert(ok > 0 && ok < 64, "%zu of 64 valid", ok);
    /* two invalid ones whose faults cancel under odd coefficients (A the identity, R the
     * point of order 2, S = 0: [S]B - R - [k]A = R, twice): refused, by the single check
     * the batch does for a small-order point */
    for (i = 0; i < 2; i++) {
        memset(&its[i], 0, sizeof its[i]);
        unhex(its[i].pub, 32, SMALL[0]);
        unhex(its[i].sig, 32, SMALL[1]);
        its[i].len = 1 + i;
        cr_assert_eq(kurv_ed25519_verify(its[i].sig, its[i].msg, its[i].len, its[i].pub),
                     KURV_ERR_SIGNATURE);
    }
    its[2] = pool[4];
    batch_from(&b, its, 3);
    agree(&b, "two cancelling small-order faults", 0);
    batch_free(&b);
    /* the valid ones together with the pool */
    for (i = m = 0; i < 64; i++)
        if (kurv_ed25519_verify(its[i].sig, its[i].msg, its[i].len, its[i].pub) == KURV_OK)
            its[m++] = its[i];
    batch_from(&b, its, m);
    cr_assert_eq(run(&b, 0), KURV_OK, "the %zu valid small-order signatures", m);
    batch_free(&b);
}

/* ---- Wycheproof ---- */

struct wp {
    struct item *its;
    int *valid;
    size_t n, cap;
};

static void wp_load(struct wp *w)
{
    json_object *root = kt_load_json("wycheproof/ed25519_test.json"), *groups;
    size_t gi, i;
    if (!root)
        cr_skip_test("wycheproof/ed25519_test.json not found");
    memset(w, 0, sizeof *w);
    w->cap = 256;
    w->its = calloc(w->cap, sizeof *w->its);
    w->valid = calloc(w->cap, sizeof *w->valid);
    cr_assert(w->its && w->valid);
    groups = kt_jarray(root, "testGroups");
    for (gi = 0; gi < json_object_array_length(groups); gi++) {
        json_object *g = json_object_array_get_idx(groups, gi), *tests = kt_jarray(g, "tests");
        const char *pk = kt_jstr(kt_jget(g, "publicKey"), "pk");
        for (i = 0; i < json_object_array_length(tests); i++) {
            json_object *t = json_object_array_get_idx(tests, i);
            const char *sig = kt_jstr(t, "sig"), *msg = kt_jstr(t, "msg");
            struct item *it;
            if (strlen(sig) != 128 || strlen(msg) / 2 > sizeof it->msg)
                continue;   /* other lengths: the API's fixed 64 bytes cannot carry them */
            cr_assert(w->n < w->cap);
            it = &w->its[w->n];
            unhex(it->pub, 32, pk);
            unhex(it->sig, 64, sig);
            it->len = strlen(msg) / 2;
            if (it->len)
                unhex(it->msg, it->len, msg);
            w->valid[w->n++] = strcmp(kt_jstr(t, "result"), "valid") == 0;
        }
    }
    json_object_put(root);
}

Test(batch, wycheproof, .init = setup)
{
    struct item three[3];
    struct batch b;
    struct wp w;
    size_t i, nv = 0, ninv = 0;
    wp_load(&w);
    for (i = 0; i < w.n; i++) {
        kurv_err single = kurv_ed25519_verify(w.its[i].sig, w.its[i].msg, w.its[i].len,
                                              w.its[i].pub);
        cr_assert_eq(single == KURV_OK, w.valid[i], "case %zu", i);
        batch_from(&b, &w.its[i], 1);
        agree(&b, "wycheproof alone", i);
        batch_free(&b);
        three[0] = pool[2];
        three[1] = w.its[i];
        three[2] = pool[3];
        batch_from(&b, three, 3);
        agree(&b, "wycheproof among RFC 8032's", i);
        batch_free(&b);
        if (w.valid[i])
            w.its[nv++] = w.its[i];   /* the valid ones to the front (order kept) */
        else
            ninv++;
    }
    batch_from(&b, w.its, nv);
    cr_assert_eq(run(&b, 0), KURV_OK, "the %zu valid cases together", nv);
    cr_assert_eq(run(&b, kurv_ed25519_batch_scratch_size(nv)), KURV_OK);
    batch_free(&b);
    fprintf(stderr, "batch wycheproof: %zu cases of 64-byte signatures, %zu valid, %zu invalid\n",
            w.n, nv, ninv);
    cr_assert(nv >= 80 && ninv >= 40);
    free(w.its);
    free(w.valid);
}

Test(batch, wycheproof_all_together, .init = setup)
{
    struct batch b;
    struct wp w;
    wp_load(&w);
    batch_from(&b, w.its, w.n);
    agree(&b, "every wycheproof case", 0);
    cr_assert_eq(singles(&b), KURV_ERR_SIGNATURE);
    batch_free(&b);
    free(w.its);
    free(w.valid);
}

/* ---- errors ---- */

Test(batch, errors_and_their_order, .init = setup)
{
    struct item its[POOL];
    struct batch b;
    const uint8_t *msgs1[1];
    size_t lens1[1], one = kurv_ed25519_batch_scratch_size(1);
    uint8_t *small = malloc(one);
    cr_assert(small != NULL);
    batch_from(&b, pool, POOL);
    /* n = 0 is valid, even with NULL arrays */
    cr_assert_eq(kurv_ed25519_verify_batch(NULL, NULL, NULL, NULL, 0, NULL, 0), KURV_OK);
    cr_assert_eq(kurv_ed25519_verify_batch(NULL, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           2, NULL, 0), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, NULL, (const uint8_t *const *)b.msgs, b.lens,
                                           2, NULL, 0), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, NULL, b.lens, 2, NULL, 0),
                 KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, NULL,
                                           2, NULL, 0), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           2, NULL, 5), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           ((size_t)1 << 20) + 1, small, one), KURV_ERR_ARG);
    cr_assert_eq(kurv_ed25519_batch_scratch_size(((size_t)1 << 20) + 1), 0u);
    cr_assert_eq(kurv_ed25519_batch_scratch_size(0), one);
    cr_assert(kurv_ed25519_batch_scratch_size(64) > 64 * 1024);
    /* a NULL message with a length, at the last index */
    b.msgs[POOL - 1] = NULL;
    b.lens[POOL - 1] = 1;
    cr_assert_eq(run(&b, 0), KURV_ERR_ARG);
    b.lens[POOL - 1] = 0;   /* NULL with length 0: allowed, and now a wrong message */
    cr_assert_eq(run(&b, 0), singles(&b));
    batch_free(&b);
    /* scratch too small: KURV_ERR_BUFFER, before any signature is looked at */
    batch_from(&b, pool, POOL);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           POOL, small, one - 1), KURV_ERR_BUFFER);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           1, small, one - 1), KURV_ERR_BUFFER);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           POOL, small, one), KURV_OK);
    batch_free(&b);
    /* a bad signature at index 0, a key that does not decode (y >= p) at the last: the key
     * wins, in chunks of one (the first chunk fails first) as in one product */
    memcpy(its, pool, sizeof its);
    its[0].sig[40] ^= 1;
    unhex(its[POOL - 1].pub, 32, "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f");
    batch_from(&b, its, POOL);
    cr_assert_eq(kurv_ed25519_verify_batch(b.sigs, b.pubs, (const uint8_t *const *)b.msgs, b.lens,
                                           POOL, small, one), KURV_ERR_POINT);
    agree(&b, "bad signature first, bad key last", 0);
    batch_free(&b);
    /* n = 1 is the single check: its error codes */
    msgs1[0] = pool[0].msg;
    lens1[0] = pool[0].len;
    cr_assert_eq(kurv_ed25519_verify_batch(its[POOL - 1].sig, its[POOL - 1].pub, msgs1, lens1, 1,
                                           NULL, 0), KURV_ERR_POINT);
    free(small);
}
