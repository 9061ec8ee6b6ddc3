/*
 * Harness fuzz_schnorr: BIP-340 kurv_schnorr_pubkey_check(), kurv_schnorr_verify() and
 * kurv_schnorr_verify_batch(). Input: mode byte (mod 3), then
 *   0: a 32-byte x-only key              -- against secp256k1_xonly_pubkey_parse;
 *   1: sig (64) || key (32) || message   -- against secp256k1_schnorrsig_verify, and the
 *                                           error code against kurv/schnorr.h's order;
 *   2: scratch byte, then records sig (64) || key (32) || length byte || message, up to 8
 *      -- the batch verdict with the full scratch, the smallest scratch and the library's
 *      allocation, each equal to the code kurv/schnorr.h derives from the records: r >= p or
 *      s >= n anywhere, else an invalid key anywhere, else a failing signature, else OK.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>
#include <kurv/schnorr.h>
#include <secp256k1.h>
#include <secp256k1_extrakeys.h>
#include <secp256k1_schnorrsig.h>

#define MAX_BATCH 8

static secp256k1_context *ctx;

/* the 32-byte big-endian a is >= the curve parameter which ('p' or 'n') */
static int ge_param(const uint8_t *a, char which)
{
    size_t l;
    const uint8_t *m = kurv_curve_param(kurv_secp256k1(), which, &l);
    return l == 32 && memcmp(a, m, 32) >= 0;
}

static int ref_verify(const uint8_t *sig, const uint8_t *pk, const uint8_t *msg, size_t ml, int *key_ok)
{
    secp256k1_xonly_pubkey x;
    *key_ok = secp256k1_xonly_pubkey_parse(ctx, &x, pk);
    return *key_ok && secp256k1_schnorrsig_verify(ctx, sig, msg, ml, &x);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    kurv_err e;
    int key_ok, ok;

    if (!ctx)
        ctx = secp256k1_context_create(SECP256K1_CONTEXT_VERIFY);
    if (size < 1)
        return 0;
    switch (data[0] % 3) {
    case 0: {
        secp256k1_xonly_pubkey x;
        if (size < 33)
            return 0;
        e = kurv_schnorr_pubkey_check(data + 1);
        ok = secp256k1_xonly_pubkey_parse(ctx, &x, data + 1);
        if ((e == KURV_OK) != ok || (e != KURV_OK && e != KURV_ERR_POINT))
            fz_fail("x-only key verdicts differ", e, ok);
        return 0;
    }
    case 1: {
        const uint8_t *sig = data + 1, *pk = data + 65;
        kurv_err want;
        if (size < 97)
            return 0;
        e = kurv_schnorr_verify(sig, pk, data + 97, size - 97);
        ok = ref_verify(sig, pk, data + 97, size - 97, &key_ok);
        if ((e == KURV_OK) != ok)
            fz_fail("BIP-340 verdicts differ", e, ok);
        want = !key_ok ? KURV_ERR_POINT
             : (ge_param(sig, 'p') || ge_param(sig + 32, 'n')) ? KURV_ERR_ENCODING
             : ok ? KURV_OK : KURV_ERR_SIGNATURE;
        if (e != want)
            fz_fail("BIP-340 verify: not the documented error code", e, want);
        return 0;
    }
    default: {
        uint8_t sigs[MAX_BATCH * 64], pks[MAX_BATCH * 32];
        const uint8_t *msgs[MAX_BATCH];
        size_t lens[MAX_BATCH], n = 0, off = 2, full, small, v;
        int any_range = 0, any_key = 0, any_bad = 0;
        kurv_err want;
        void *scratch;

        if (size < 2)
            return 0;
        while (n < MAX_BATCH && off + 97 <= size) {
            size_t ml = data[off + 96];
            if (off + 97 + ml > size)
                ml = size - off - 97;
            memcpy(sigs + 64 * n, data + off, 64);
            memcpy(pks + 32 * n, data + off + 64, 32);
            msgs[n] = data + off + 97;
            lens[n] = ml;
            any_range |= ge_param(sigs + 64 * n, 'p') || ge_param(sigs + 64 * n + 32, 'n');
            ok = ref_verify(sigs + 64 * n, pks + 32 * n, msgs[n], ml, &key_ok);
            any_key |= !key_ok;
            any_bad |= !ok;
            if ((kurv_schnorr_verify(sigs + 64 * n, pks + 32 * n, msgs[n], ml) == KURV_OK) != ok)
                fz_fail("BIP-340 verdicts differ (batch record)", KURV_ERR_SIGNATURE, ok);
            off += 97 + ml;
            n++;
        }
        want = any_range ? KURV_ERR_ENCODING : any_key ? KURV_ERR_POINT
             : any_bad ? KURV_ERR_SIGNATURE : KURV_OK;
        full = kurv_schnorr_batch_scratch_size(n);
        small = kurv_schnorr_batch_scratch_size(1);
        /* the scratch byte picks a size between the minimum and the full one */
        v = small + (full > small ? (size_t)data[1] * (full - small) / 255 : 0);
        scratch = malloc(full > v ? full : v);
        if (!scratch)
            return 0;
        e = kurv_schnorr_verify_batch(sigs, pks, msgs, lens, n, scratch, full);
        if (e != want)
            fz_fail("batch (one product) code", e, want);
        e = kurv_schnorr_verify_batch(sigs, pks, msgs, lens, n, scratch, small);
        if (e != want)
            fz_fail("batch (smallest scratch) code", e, want);
        e = kurv_schnorr_verify_batch(sigs, pks, msgs, lens, n, scratch, v);
        if (e != want)
            fz_fail("batch (chosen scratch) code", e, want);
        e = kurv_schnorr_verify_batch(sigs, pks, msgs, lens, n, NULL, 0);
        if (e != want)
            fz_fail("batch (library allocation) code", e, want);
        free(scratch);
        return 0;
    }
    }
}
