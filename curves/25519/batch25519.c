/*
 * kurv-25519: Ed25519 batch verification, kurv_ed25519_verify_batch and
 * kurv_ed25519_batch_scratch_size (API, error codes and the meaning of the result in
 * <kurv/25519.h>).
 *
 * Inputs: n signatures (64 bytes each), n public keys (32 bytes each), n messages; the
 * caller's scratch or none. Output: a kurv_err. Builds on ge25519.c (decoding), sc25519.c
 * (the scalars mod L), msm25519.c (the multi-scalar product), ed25519.c (the challenge
 * hash, and kurv_ed25519_verify for one signature and for the signatures set apart below),
 * Nettle's SHA-512, the core's kurv_random, and core/src/batch.h (shared with kurv-schnorr's
 * batch.c: the chunk size, the hash of the inputs, the coefficients' ChaCha20 stream).
 *
 * The equation (cofactorless, as kurv_ed25519_verify's): with k_i = SHA-512(R_i || A_i ||
 * M_i) mod L and coefficients z_i,
 *     [-(sum z_i S_i) mod L] B + sum [z_i] R_i + sum [z_i k_i mod L] A_i = identity.
 * Each z_i is 128 bits from ChaCha20, keyed by SHA-512 of a tag, 32 bytes of the system's
 * CSPRNG and every input (signature, key, message length, message), with its low bit set:
 * an odd z_i cannot annihilate a nonzero point of small order, so a batch with one
 * failing signature among valid ones fails whatever that signature's fault, and a
 * signature whose R or A is itself of small order ([8]P = identity, three doublings) is
 * taken out of the product and checked by kurv_ed25519_verify instead (what remains is
 * the case the header states). Work is in chunks that fit the scratch (each chunk its own
 * equation). Variable time: every input is public. No allocation.
 */
#include <kurv/25519.h>
#include <kurv/keys.h>
#include <kurv/util.h>

#include <string.h>
#include <nettle/sha2.h>

#include "ge25519.h"
#include "sc25519.h"
#include "msm25519.h"
#include "ed25519_impl.h"
#include "batch.h"   /* core/src: the chunk size, the inputs' hash, the coefficients' stream */

#define BATCH_MAX ((size_t)1 << 20)   /* signatures per call */
#define BATCH_STACK 32768             /* bytes of stack scratch when the caller gives none */
#define BATCH_ALIGN 64

/* L - 1, little-endian: x (L - 1) = -x mod L */
static const uint8_t L_MINUS_1[32] = {
    0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

static size_t round_up(size_t x)
{
    return (x + BATCH_ALIGN - 1) / BATCH_ALIGN * BATCH_ALIGN;
}

/* the scratch of a chunk of n signatures: 2n points (R_i, A_i), 2n scalars, the product's */
static size_t chunk_size(size_t n, size_t *pts_len, size_t *sc_len)
{
    size_t msm = k25519_msm_scratch_size(2 * n);
    *pts_len = round_up(2 * n * sizeof(k25519_ge));
    *sc_len = round_up(2 * n * 32);
    return *pts_len + *sc_len + msm + BATCH_ALIGN;
}

size_t kurv_ed25519_batch_scratch_size(size_t n)
{
    size_t a, b;
    if (n > BATCH_MAX)
        return 0;
    return chunk_size(n ? n : 1, &a, &b);
}

/* z = 16 bytes of the stream with the low bit set, as a 32-byte scalar (odd, below 2^128) */
static void coef_next(struct kurv_coef_stream *g, uint8_t z[32])
{
    kurv_coef_bytes(g, z, 16);
    memset(z + 16, 0, 16);
    z[0] |= 1;
}

/* sha512_update for kurv_batch_absorb */
static void absorb_sha512(void *ctx, size_t len, const uint8_t *data)
{
    sha512_update(ctx, len, data);
}

/* key the stream: SHA-512("KURV/ed25519-batch" || 32 random bytes || for each signature:
 * sig || A || 8-byte big-endian message length || M), the first 32 bytes */
static kurv_err coef_init(struct kurv_coef_stream *g, const uint8_t *sigs, const uint8_t *pubkeys,
                          const uint8_t *const *msgs, const size_t *msg_lens, size_t n)
{
    static const char tag[] = "KURV/ed25519-batch";
    struct sha512_ctx ctx;
    uint8_t h[64];

    if (kurv_random(h, 32) != KURV_OK)
        return KURV_ERR_RNG;
    sha512_init(&ctx);
    sha512_update(&ctx, sizeof tag - 1, (const uint8_t *)tag);
    sha512_update(&ctx, 32, h);
    kurv_batch_absorb(&ctx, absorb_sha512, sigs, 64, pubkeys, 32, msgs, msg_lens, n);
    sha512_digest(&ctx, 64, h);
    kurv_coef_init(g, h);
    kurv_wipe(h, sizeof h);
    kurv_wipe(&ctx, sizeof ctx);
    return KURV_OK;
}

/* 1 when p is of small order: [8]p is the identity (then its X is 0: [8]p has order
 * dividing L, and the only point with X = 0 of such an order is the identity) */
static int small_order(const k25519_ge *p)
{
    k25519_ge t;
    k25519_ge_dbl_xyz(&t, p);
    k25519_ge_dbl_xyz(&t, &t);
    k25519_ge_dbl_xyz(&t, &t);
    return (int)k25519_fe_iszero(&t.X);
}

/* one chunk of n signatures (arguments checked): KURV_OK, KURV_ERR_POINT (a key that does
 * not decode: every key of the chunk is decoded before any signature is looked at), or
 * KURV_ERR_SIGNATURE */
static kurv_err batch_chunk(const uint8_t *sigs, const uint8_t *pubkeys,
                            const uint8_t *const *msgs, const size_t *msg_lens, size_t n,
                            struct kurv_coef_stream *g, uint8_t *mem, size_t pts_len, size_t sc_len)
{
    k25519_ge *pts = (k25519_ge *)(void *)mem, q;
    uint8_t *sc = mem + pts_len, *msm = mem + pts_len + sc_len;
    uint8_t bsum[32] = {0}, k[32], z[32];
    size_t i, m = 0;

    for (i = 0; i < n; i++)
        if (k25519_ge_decode(&pts[2 * i + 1], pubkeys + 32 * i) != 0)
            return KURV_ERR_POINT;
    for (i = 0; i < n; i++) {
        const uint8_t *r = sigs + 64 * i, *s = r + 32, *a = pubkeys + 32 * i;
        if (!k25519_sc_canonical(s))
            return KURV_ERR_SIGNATURE;
        /* A_i to slot m + 1 (m <= 2i: no overlap with a later A), R_i into slot m */
        if (m + 1 != 2 * i + 1)
            pts[m + 1] = pts[2 * i + 1];
        if (k25519_ge_decode(&pts[m], r) != 0)
            return KURV_ERR_SIGNATURE;
        if (small_order(&pts[m]) || small_order(&pts[m + 1])) {
            /* set apart: the single check, whose verdict the product could miss */
            if (kurv_ed25519_verify(r, msgs[i], msg_lens[i], a) != KURV_OK)
                return KURV_ERR_SIGNATURE;
            continue;
        }
        coef_next(g, z);
        k25519_ed25519_challenge(k, r, a, msgs[i], msg_lens[i]);
        memcpy(sc + 32 * m, z, 32);                      /* z_i for R_i */
        k25519_sc_muladd(sc + 32 * (m + 1), z, k, (const uint8_t[32]){0});   /* z_i k_i */
        k25519_sc_muladd(bsum, z, s, bsum);              /* sum z_i S_i */
        m += 2;
    }
    k25519_sc_muladd(bsum, bsum, L_MINUS_1, (const uint8_t[32]){0});   /* its negation */
    k25519_msm_vartime(&q, bsum, sc, pts, m, msm);
    return k25519_ge_is_identity_vartime(&q) ? KURV_OK : KURV_ERR_SIGNATURE;
}

kurv_err kurv_ed25519_verify_batch(const uint8_t *sigs, const uint8_t *pubkeys,
                                   const uint8_t *const *msgs, const size_t *msg_lens, size_t n,
                                   void *scratch, size_t scratch_len)
{
    union { uint64_t align; uint8_t b[BATCH_STACK]; } stack;
    size_t i, chunk, done, pts_len, sc_len;
    struct kurv_coef_stream rng;
    k25519_ge a;
    uint8_t *mem;
    kurv_err e = KURV_OK;

    if (n == 0)
        return KURV_OK;
    if (n > BATCH_MAX || !sigs || !pubkeys || !msgs || !msg_lens || (!scratch && scratch_len))
        return KURV_ERR_ARG;
    for (i = 0; i < n; i++)
        if (!msgs[i] && msg_lens[i])
            return KURV_ERR_ARG;
    if (scratch && scratch_len < kurv_ed25519_batch_scratch_size(1))
        return KURV_ERR_BUFFER;
    if (n == 1)   /* the single check is cheaper than a product of two points */
        return kurv_ed25519_verify(sigs, msgs[0], msg_lens[0], pubkeys);
    if (!scratch) {
        scratch = stack.b;
        scratch_len = sizeof stack.b;
    }
    chunk = kurv_batch_chunk(n, scratch_len, kurv_ed25519_batch_scratch_size);
    mem = (uint8_t *)scratch + ((BATCH_ALIGN - (uintptr_t)scratch % BATCH_ALIGN) % BATCH_ALIGN);
    if ((e = coef_init(&rng, sigs, pubkeys, msgs, msg_lens, n)) != KURV_OK)
        return e;
    for (done = 0; done < n && e == KURV_OK; done += chunk) {
        size_t cn = n - done < chunk ? n - done : chunk;
        chunk_size(cn, &pts_len, &sc_len);
        e = batch_chunk(sigs + 64 * done, pubkeys + 32 * done, msgs + done, msg_lens + done,
                        cn, &rng, mem, pts_len, sc_len);
    }
    /* a chunk failed on a signature: a later key that does not decode still wins */
    for (; e == KURV_ERR_SIGNATURE && done < n; done++)
        if (k25519_ge_decode(&a, pubkeys + 32 * done) != 0)
            e = KURV_ERR_POINT;
    kurv_wipe(&rng, sizeof rng);
    return e;
}
