/*
 * kurv-25519 against libsodium (registered only when libsodium is found at configure
 * time) on random inputs from a fixed-seed generator (reproducible; kt_random's counts: a
 * tenth in the everyday run, all with meson test --setup full):
 *   Ed25519: public keys of random seeds (crypto_sign_seed_keypair); signatures of random
 *   messages (0..300 bytes) byte for byte against crypto_sign_detached, by
 *   kurv_ed25519_sign and kurv_ed25519_sign_keypair; crypto_sign_verify_detached and
 *   kurv_ed25519_verify agree on the valid signature and on mutations of it (a flipped
 *   bit of R, S, the message or the public key; S + L);
 *   Ed25519ph with the empty context: kurv_ed25519ph_sign against libsodium's
 *   crypto_sign_ed25519ph_* (its only context), both ways;
 *   X25519: crypto_scalarmult_base and crypto_scalarmult against kurv_x25519_public_key and
 *   kurv_x25519 on random scalars and u (the top bit set half the time, values >= p and
 *   small ones now and then). libsodium refuses (-1) a u of small order and an all-zero
 *   result; kurv refuses the all-zero result (KURV_ERR_POINT), which every such u gives:
 *   both must refuse the same inputs.
 *   Ed25519 batch verification: random batches signed by libsodium, valid and with one
 *   change, kurv_ed25519_verify_batch against crypto_sign_verify_detached on each.
 * Documented differences are asserted as such: libsodium refuses a public key or R of
 * small order, kurv does not refuse them for that alone (<kurv/25519.h>); and the batch
 * passes two signatures whose only faults are small-order components that cancel
 * (kurv_ed25519_verify_batch's stated exception), where the single checks refuse each.
 */
#include <criterion/criterion.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <kurv/25519.h>
#include <kurv/util.h>
#include "testutil.h"

static uint64_t rng_state = 0x50d1a3255190aaULL;

static void rnd(uint8_t *b, size_t n)
{
    kt_rand_bytes(&rng_state, b, n);
}

/* a random seed, and a random message of 0..300 bytes in msg: its length */
static size_t rnd_seed_msg(uint8_t seed[32], uint8_t msg[300])
{
    size_t mlen;
    rnd(seed, 32);
    rnd(msg, 2);
    mlen = (size_t)(msg[0] | (msg[1] << 8)) % 301;
    rnd(msg, mlen);
    return mlen;
}

static void setup(void)
{
    cr_assert_geq(sodium_init(), 0, "sodium_init failed");
}

/* kurv's and libsodium's verdicts on one (signature, message, key) */
static void agree(const uint8_t sig[64], const uint8_t *msg, size_t mlen, const uint8_t pub[32],
                  int want_valid, long round, const char *what)
{
    int s = crypto_sign_verify_detached(sig, msg, mlen, pub) == 0;
    int k = kurv_ed25519_verify(sig, msg, mlen, pub) == KURV_OK;
    cr_assert_eq(s, want_valid, "round %ld, %s: libsodium says %d", round, what, s);
    cr_assert_eq(k, want_valid, "round %ld, %s: kurv says %d", round, what, k);
}

Test(sodium, ed25519_random, .init = setup)
{
    static const uint8_t L[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    };
    long n = kt_random(1000), i;
    for (i = 0; i < n; i++) {
        uint8_t seed[32], pub[32], spub[32], ssk[64], kp[KURV_ED25519_KEYPAIR_LEN];
        uint8_t msg[300], sig[64], sig2[64], ssig[64], bad[64], badpub[32];
        unsigned long long slen;
        unsigned carry = 0, j;
        size_t mlen;
        mlen = rnd_seed_msg(seed, msg);
        cr_assert_eq(crypto_sign_seed_keypair(spub, ssk, seed), 0);
        cr_assert_eq(kurv_ed25519_public_key(pub, seed), KURV_OK);
        cr_assert(memcmp(pub, spub, 32) == 0, "round %ld: public key differs", i);
        cr_assert_eq(crypto_sign_detached(ssig, &slen, msg, mlen, ssk), 0);
        cr_assert_eq(slen, 64);
        cr_assert_eq(kurv_ed25519_sign(sig, msg, mlen, seed, pub), KURV_OK);
        cr_assert(memcmp(sig, ssig, 64) == 0, "round %ld: signature differs", i);
        cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
        cr_assert_eq(kurv_ed25519_sign_keypair(sig2, msg, mlen, kp), KURV_OK);
        cr_assert(memcmp(sig2, ssig, 64) == 0, "round %ld: key-pair signature differs", i);
        agree(sig, msg, mlen, pub, 1, i, "valid");
        /* a flipped bit of R, of S (below its top byte: S stays < 2^253), of the message */
        memcpy(bad, sig, 64);
        bad[i % 32] ^= (uint8_t)(1 << (i % 8));
        agree(bad, msg, mlen, pub, 0, i, "R changed");
        memcpy(bad, sig, 64);
        bad[32 + i % 31] ^= (uint8_t)(1 << (i % 8));
        agree(bad, msg, mlen, pub, 0, i, "S changed");
        if (mlen) {
            msg[i % mlen] ^= (uint8_t)(1 << (i % 8));
            agree(sig, msg, mlen, pub, 0, i, "message changed");
            msg[i % mlen] ^= (uint8_t)(1 << (i % 8));
        }
        /* another key: a flipped bit of A (it may not decode: both refuse either way) */
        memcpy(badpub, pub, 32);
        badpub[i % 32] ^= (uint8_t)(1 << (i % 8));
        agree(sig, msg, mlen, badpub, 0, i, "key changed");
        /* S + L: the equation holds mod L, both require S < L */
        memcpy(bad, sig, 64);
        for (j = 0; j < 32; j++) {
            carry += (unsigned)bad[32 + j] + L[j];
            bad[32 + j] = (uint8_t)carry;
            carry >>= 8;
        }
        agree(bad, msg, mlen, pub, 0, i, "S + L");
        kurv_wipe(kp, sizeof kp);
        sodium_memzero(ssk, sizeof ssk);
    }
    fprintf(stderr, "sodium ed25519: %ld rounds\n", n);
}

/* libsodium's Ed25519ph (crypto_sign_ed25519ph_*) has the empty context only */
Test(sodium, ed25519ph_random, .init = setup)
{
    long n = kt_random(200), i;
    for (i = 0; i < n; i++) {
        uint8_t seed[32], pub[32], ssk[64], kp[96], msg[300], sig[64], ssig[64];
        crypto_sign_ed25519ph_state st;
        size_t mlen;
        mlen = rnd_seed_msg(seed, msg);
        cr_assert_eq(crypto_sign_seed_keypair(pub, ssk, seed), 0);
        cr_assert_eq(crypto_sign_ed25519ph_init(&st), 0);
        cr_assert_eq(crypto_sign_ed25519ph_update(&st, msg, mlen), 0);
        cr_assert_eq(crypto_sign_ed25519ph_final_create(&st, ssig, NULL, ssk), 0);
        cr_assert_eq(kurv_ed25519_keypair(kp, seed), KURV_OK);
        cr_assert_eq(kurv_ed25519ph_sign(sig, msg, mlen, NULL, 0, kp), KURV_OK);
        cr_assert(memcmp(sig, ssig, 64) == 0, "round %ld: Ed25519ph signature differs", i);
        cr_assert_eq(kurv_ed25519ph_verify(ssig, msg, mlen, NULL, 0, pub), KURV_OK);
        sig[i % 64] ^= (uint8_t)(1 << (i % 8));
        cr_assert_eq(crypto_sign_ed25519ph_init(&st), 0);
        cr_assert_eq(crypto_sign_ed25519ph_update(&st, msg, mlen), 0);
        cr_assert_neq(crypto_sign_ed25519ph_final_verify(&st, sig, pub), 0, "round %ld", i);
        cr_assert_neq(kurv_ed25519ph_verify(sig, msg, mlen, NULL, 0, pub), KURV_OK, "round %ld", i);
        kurv_wipe(kp, sizeof kp);
        sodium_memzero(ssk, sizeof ssk);
    }
    fprintf(stderr, "sodium ed25519ph: %ld rounds\n", n);
}

/* the documented difference: A = R = the neutral element (y = 1), S = 0 satisfies
 * [S]B = R + [k]A for every message; kurv accepts it (no small-order rule), libsodium
 * refuses the small-order key */
Test(sodium, ed25519_small_order_differs, .init = setup)
{
    uint8_t pub[32] = {1}, sig[64] = {1};
    cr_assert_eq(kurv_ed25519_verify(sig, (const uint8_t *)"m", 1, pub), KURV_OK);
    cr_assert_neq(crypto_sign_verify_detached(sig, (const uint8_t *)"m", 1, pub), 0);
}

/* Ed25519 batch verification: random batches of 2..64 signatures made by libsodium
 * (crypto_sign_detached), valid, then with one signature, key or message changed at a
 * random index: kurv_ed25519_verify_batch says KURV_OK exactly when
 * crypto_sign_verify_detached accepts every signature of the batch */
Test(sodium, ed25519_batch_random, .init = setup)
{
    enum { NMAX = 64 };
    static uint8_t sigs[NMAX][64], pubs[NMAX][32], msgs[NMAX][300];
    static const uint8_t *mp[NMAX];
    static size_t lens[NMAX];
    long rounds = kt_random(400), i;
    for (i = 0; i < rounds; i++) {
        size_t n = 2 + (size_t)i % (NMAX - 1), j, bad = 0;
        int all_ok = 1, kind;
        kurv_err e;
        for (j = 0; j < n; j++) {
            uint8_t seed[32], ssk[64];
            unsigned long long slen;
            lens[j] = rnd_seed_msg(seed, msgs[j]);
            mp[j] = msgs[j];
            cr_assert_eq(crypto_sign_seed_keypair(pubs[j], ssk, seed), 0);
            cr_assert_eq(crypto_sign_detached(sigs[j], &slen, msgs[j], lens[j], ssk), 0);
            sodium_memzero(ssk, sizeof ssk);
        }
        e = kurv_ed25519_verify_batch(&sigs[0][0], &pubs[0][0], mp, lens, n, NULL, 0);
        cr_assert_eq(e, KURV_OK, "round %ld, n %zu: %s", i, n, kurv_strerror(e));
        /* one change at a random index: a bit of R or S, of the key, of the message */
        rnd((uint8_t *)&bad, sizeof bad);
        bad %= n;
        kind = (int)(i % 4);
        if (kind == 0)
            sigs[bad][(size_t)i % 32] ^= (uint8_t)(1 << (i % 8));
        else if (kind == 1)
            sigs[bad][32 + (size_t)i % 31] ^= (uint8_t)(1 << (i % 8));
        else if (kind == 2)
            pubs[bad][(size_t)i % 32] ^= (uint8_t)(1 << (i % 8));
        else if (lens[bad])
            msgs[bad][(size_t)i % lens[bad]] ^= 1;
        else
            lens[bad] = 1;
        for (j = 0; j < n; j++)
            all_ok &= crypto_sign_verify_detached(sigs[j], msgs[j], lens[j], pubs[j]) == 0;
        cr_assert(!all_ok, "round %ld: libsodium accepts the changed batch", i);
        e = kurv_ed25519_verify_batch(&sigs[0][0], &pubs[0][0], mp, lens, n, NULL, 0);
        cr_assert(e == KURV_ERR_SIGNATURE || e == KURV_ERR_POINT, "round %ld, n %zu, kind %d at "
                  "%zu: %s", i, n, kind, bad, kurv_strerror(e));
    }
    fprintf(stderr, "sodium ed25519 batch: %ld rounds\n", rounds);
}

/* a signature by a real key whose R carries the point of order 2 T = (0, -1):
 * R = [r]B + T, k = SHA-512(R || A || M) mod L, S = r + k a (libsodium's group and scalar
 * functions). [S]B - R - [k]A = -T: RFC 8032's cofactored equation holds, the cofactorless
 * one (kurv_ed25519_verify, libsodium) does not */
static void mixed_order_sig(uint8_t sig[64], uint8_t pub[32], const uint8_t *msg, size_t mlen)
{
    static const uint8_t T2[32] = {
        0xec, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    };
    uint8_t a[32], r[32], r0[32], h[64], k[32], t[32];
    crypto_hash_sha512_state st;
    crypto_core_ed25519_scalar_random(a);
    crypto_core_ed25519_scalar_random(r);
    cr_assert_eq(crypto_scalarmult_ed25519_base_noclamp(pub, a), 0);
    cr_assert_eq(crypto_scalarmult_ed25519_base_noclamp(r0, r), 0);
    cr_assert_eq(crypto_core_ed25519_add(sig, r0, T2), 0);
    crypto_hash_sha512_init(&st);
    crypto_hash_sha512_update(&st, sig, 32);
    crypto_hash_sha512_update(&st, pub, 32);
    crypto_hash_sha512_update(&st, msg, mlen);
    crypto_hash_sha512_final(&st, h);
    crypto_core_ed25519_scalar_reduce(k, h);
    crypto_core_ed25519_scalar_mul(t, k, a);
    crypto_core_ed25519_scalar_add(sig + 32, r, t);
}

/* kurv_ed25519_verify_batch's stated exception (<kurv/25519.h>), asserted as stated: one
 * signature failing by a small-order component alone is refused, as by the single check
 * and libsodium; two of them, whose order-2 faults cancel under odd coefficients, pass */
Test(sodium, ed25519_batch_mixed_order, .init = setup)
{
    uint8_t sigs[4][64], pubs[4][32], seed[32], ssk[64];
    const uint8_t *mp[4] = { (const uint8_t *)"m0", (const uint8_t *)"m1",
                             (const uint8_t *)"m2", (const uint8_t *)"m3" };
    size_t lens[4] = { 2, 2, 2, 2 }, j;
    unsigned long long slen;
    for (j = 0; j < 2; j++) {
        rnd(seed, 32);
        cr_assert_eq(crypto_sign_seed_keypair(pubs[j], ssk, seed), 0);
        cr_assert_eq(crypto_sign_detached(sigs[j], &slen, mp[j], 2, ssk), 0);
    }
    for (j = 2; j < 4; j++) {
        mixed_order_sig(sigs[j], pubs[j], mp[j], 2);
        cr_assert_eq(kurv_ed25519_verify(sigs[j], mp[j], 2, pubs[j]), KURV_ERR_SIGNATURE);
        cr_assert_neq(crypto_sign_verify_detached(sigs[j], mp[j], 2, pubs[j]), 0);
    }
    for (j = 0; j < 8; j++) {   /* fresh coefficients each time: the same verdicts */
        cr_assert_eq(kurv_ed25519_verify_batch(&sigs[0][0], &pubs[0][0], mp, lens, 2, NULL, 0),
                     KURV_OK);
        cr_assert_eq(kurv_ed25519_verify_batch(&sigs[0][0], &pubs[0][0], mp, lens, 3, NULL, 0),
                     KURV_ERR_SIGNATURE, "one mixed-order signature among valid ones");
        cr_assert_eq(kurv_ed25519_verify_batch(&sigs[1][0], &pubs[1][0], mp + 1, lens + 1, 2,
                                               NULL, 0),
                     KURV_ERR_SIGNATURE, "one mixed-order signature and a valid one");
        cr_assert_eq(kurv_ed25519_verify_batch(&sigs[2][0], &pubs[2][0], mp + 2, lens + 2, 2,
                                               NULL, 0),
                     KURV_OK, "two mixed-order signatures: the stated exception");
    }
    sodium_memzero(ssk, sizeof ssk);
}

Test(sodium, x25519_random, .init = setup)
{
    long n = kt_random(2000), i, refused = 0;
    for (i = 0; i < n; i++) {
        uint8_t k[32], u[32], pub[32], spub[32], s1[32], s2[32];
        int ok;
        rnd(k, 32);
        cr_assert_eq(crypto_scalarmult_base(spub, k), 0);
        cr_assert_eq(kurv_x25519_public_key(pub, k), KURV_OK);
        cr_assert(memcmp(pub, spub, 32) == 0, "round %ld: public key differs", i);
        rnd(u, 32);
        if (i % 16 == 1) {   /* p..2^255 - 1, and with the top bit: non-canonical */
            memset(u + 1, 0xff, 31);
            u[0] = (uint8_t)(0xed + (u[0] % 19));
            u[31] &= (uint8_t)(i & 32 ? 0xff : 0x7f);
        } else if (i % 16 == 2) {   /* 0, 1, 2 */
            memset(u + 1, 0, 31);
            u[0] %= 3;
        }
        ok = crypto_scalarmult(s2, k, u) == 0;
        if (ok) {
            cr_assert_eq(kurv_x25519(s1, k, u), KURV_OK, "round %ld", i);
            cr_assert(memcmp(s1, s2, 32) == 0, "round %ld: shared secret differs", i);
        } else {
            cr_assert_eq(kurv_x25519(s1, k, u), KURV_ERR_POINT, "round %ld: libsodium refused", i);
            refused++;
        }
    }
    cr_assert_gt(refused, 0, "no refusal was exercised");
    fprintf(stderr, "sodium x25519: %ld rounds, %ld refused by both\n", n, refused);
}
