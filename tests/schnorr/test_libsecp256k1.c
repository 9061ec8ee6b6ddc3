/*
 * Differential test against libsecp256k1's schnorrsig module, in both directions,
 * on 1,000 random keys and messages (random lengths 0..200; every fourth message
 * 32 bytes, the length Bitcoin signs):
 *   - the x-only public keys agree;
 *   - with the same auxiliary randomness the signatures are byte for byte equal;
 *   - libsecp256k1 verifies kurv's signature and kurv verifies libsecp256k1's;
 *   - a changed signature is rejected by both;
 *   - random 32-byte strings as public keys: both agree on validity.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>
#include <kurv/schnorr.h>
#include "testutil.h"

#define ROUNDS 1000

static secp256k1_context *ctx_new(void)
{
    secp256k1_context *ctx = secp256k1_context_create(SECP256K1_CONTEXT_SIGN | SECP256K1_CONTEXT_VERIFY);
    uint8_t seed[32];
    cr_assert(ctx != NULL);
    cr_assert_eq(kurv_random(seed, 32), KURV_OK);
    cr_assert(secp256k1_context_randomize(ctx, seed));
    return ctx;
}

Test(libsecp256k1, sign_verify_both_directions)
{
    secp256k1_context *ctx = ctx_new();
    int i, kurv_by_secp = 0, secp_by_kurv = 0, equal = 0;
    for (i = 0; i < ROUNDS; i++) {
        uint8_t sk[32], kp[64], pk[32], spk[32], aux[32], msg[200], ksig[64], ssig[64];
        size_t len = i % 4 == 0 ? 32 : (size_t)(i * 7919 % 201);
        secp256k1_keypair skp;
        secp256k1_xonly_pubkey xpk;
        secp256k1_schnorrsig_extraparams ep = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;

        cr_assert_eq(kurv_keygen(kurv_secp256k1(), sk, 32, NULL, NULL, 0), KURV_OK);
        cr_assert_eq(kurv_random(aux, 32), KURV_OK);
        cr_assert_eq(kurv_random(msg, sizeof msg), KURV_OK);
        if (i == 1)
            memset(aux, 0, 32);

        cr_assert_eq(kurv_schnorr_keypair(kp, sk), KURV_OK);
        cr_assert_eq(kurv_schnorr_keypair_pubkey(pk, kp), KURV_OK);
        cr_assert(secp256k1_keypair_create(ctx, &skp, sk));
        cr_assert(secp256k1_keypair_xonly_pub(ctx, &xpk, NULL, &skp));
        cr_assert(secp256k1_xonly_pubkey_serialize(ctx, spk, &xpk));
        cr_assert(memcmp(pk, spk, 32) == 0, "round %d: x-only public keys differ", i);

        cr_assert_eq(kurv_schnorr_sign(ksig, kp, len ? msg : NULL, len, aux), KURV_OK);
        ep.ndata = aux;
        cr_assert(secp256k1_schnorrsig_sign_custom(ctx, ssig, msg, len, &skp, &ep));
        if (memcmp(ksig, ssig, 64) == 0)
            equal++;
        cr_assert(memcmp(ksig, ssig, 64) == 0, "round %d: signatures differ", i);

        /* libsecp256k1 verifies kurv's signature; kurv verifies libsecp256k1's */
        cr_assert(secp256k1_schnorrsig_verify(ctx, ksig, msg, len, &xpk), "round %d", i);
        kurv_by_secp++;
        cr_assert_eq(kurv_schnorr_verify(ssig, pk, len ? msg : NULL, len), KURV_OK, "round %d", i);
        secp_by_kurv++;

        /* both reject a changed signature, each way */
        ksig[i % 64] ^= (uint8_t)(1u << (i % 8));
        cr_assert(!secp256k1_schnorrsig_verify(ctx, ksig, msg, len, &xpk), "round %d", i);
        cr_assert_neq(kurv_schnorr_verify(ksig, pk, len ? msg : NULL, len), KURV_OK, "round %d", i);
        if (len) {
            msg[0] ^= 1;
            cr_assert(!secp256k1_schnorrsig_verify(ctx, ssig, msg, len, &xpk));
            cr_assert_eq(kurv_schnorr_verify(ssig, pk, msg, len), KURV_ERR_SIGNATURE);
        }
        kurv_wipe(kp, sizeof kp);
        kurv_wipe(sk, sizeof sk);
    }
    fprintf(stderr, "libsecp256k1: %d rounds, %d equal signatures, %d kurv->secp, %d secp->kurv\n",
            ROUNDS, equal, kurv_by_secp, secp_by_kurv);
    secp256k1_context_destroy(ctx);
}

/* random 32-byte strings: lift_x succeeds for about half; both libraries agree */
Test(libsecp256k1, xonly_pubkey_validity)
{
    secp256k1_context *ctx = ctx_new();
    int i, valid = 0;
    for (i = 0; i < ROUNDS; i++) {
        uint8_t x[32];
        secp256k1_xonly_pubkey xpk;
        int s_ok, k_ok;
        cr_assert_eq(kurv_random(x, 32), KURV_OK);
        if (i < 8)
            memset(x, 0xFF, (size_t)(4 * i + 4));      /* near and above p */
        s_ok = secp256k1_xonly_pubkey_parse(ctx, &xpk, x);
        k_ok = kurv_schnorr_pubkey_check(x) == KURV_OK;
        cr_assert_eq(s_ok, k_ok, "round %d", i);
        valid += k_ok;
    }
    cr_assert(valid > ROUNDS / 4 && valid < 3 * ROUNDS / 4);
    secp256k1_context_destroy(ctx);
}
