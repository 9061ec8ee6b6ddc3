/*
 * kurv internal: what the batch verifiers share (kurv-schnorr's schnorr/batch.c, BIP-340;
 * kurv-25519's curves/25519/batch25519.c, Ed25519), never installed: the size of a chunk
 * that fits the caller's scratch, the hash of a batch's inputs that keys its coefficients,
 * and the coefficients' stream.
 *
 * Contract. Public data only (signatures, keys, messages, sizes): variable time. The
 * stream is ChaCha20 (Nettle) under a 32-byte key with the zero nonce, read in pieces of
 * 16 or 32 bytes (divisors of its 64-byte block). Header-only (static inline functions):
 * each library compiles its own copy, and nothing is exported.
 */
#ifndef KURV_BATCH_H
#define KURV_BATCH_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <nettle/chacha.h>
#include <nettle/nettle-types.h>

/* The largest m in 1..n with size(m) <= cap, by bisection (size increasing in m; the caller
 * has checked size(1) <= cap); n itself when it fits. */
static inline size_t kurv_batch_chunk(size_t n, size_t cap, size_t (*size)(size_t))
{
    size_t lo = 1, hi = n, mid;
    if (size(n) <= cap)
        return n;
    while (lo < hi) {
        mid = lo + (hi - lo + 1) / 2;
        if (size(mid) <= cap)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* Every record into a hash (update: Nettle's sha256_update, sha512_update, ...): for each
 * i < n, the signature (sig_len bytes), the key (key_len bytes), the message length as 8
 * bytes big-endian, the message. */
static inline void kurv_batch_absorb(void *ctx, nettle_hash_update_func *update,
                                     const uint8_t *sigs, size_t sig_len,
                                     const uint8_t *keys, size_t key_len,
                                     const uint8_t *const *msgs, const size_t *msg_lens,
                                     size_t n)
{
    uint8_t lenb[8];
    size_t i;
    int j;
    for (i = 0; i < n; i++) {
        uint64_t len = msg_lens[i];
        for (j = 0; j < 8; j++)
            lenb[j] = (uint8_t)(len >> (56 - 8 * j));
        update(ctx, sig_len, sigs + sig_len * i);
        update(ctx, key_len, keys + key_len * i);
        update(ctx, 8, lenb);
        if (len)
            update(ctx, len, msgs[i]);
    }
}

/* The coefficients' stream. */
struct kurv_coef_stream {
    struct chacha_ctx cc;
    uint8_t buf[64];
    size_t pos;
};

static inline void kurv_coef_init(struct kurv_coef_stream *g, const uint8_t key[32])
{
    static const uint8_t zero_nonce[CHACHA_NONCE_SIZE] = {0};
    chacha_set_key(&g->cc, key);
    chacha_set_nonce(&g->cc, zero_nonce);
    g->pos = sizeof g->buf;
}

/* the next len bytes of the stream (len 16 or 32) */
static inline void kurv_coef_bytes(struct kurv_coef_stream *g, uint8_t *out, size_t len)
{
    static const uint8_t zero[64] = {0};
    if (g->pos == sizeof g->buf) {
        chacha_crypt(&g->cc, sizeof g->buf, g->buf, zero);
        g->pos = 0;
    }
    memcpy(out, g->buf + g->pos, len);
    g->pos += len;
}

#endif
