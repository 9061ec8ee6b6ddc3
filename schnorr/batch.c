/* kurv-schnorr: BIP-340 batch verification (see kurv/schnorr.h). */
#include <kurv/schnorr.h>
#include <stdlib.h>
#include "schnorr_impl.h"
#include "batch.h"   /* the chunk size, the inputs' hash, the coefficients' stream */

#define BATCH_MAX ((size_t)1 << 20)     /* signatures per call */
#define BATCH_ALLOC_CHUNK 512           /* signatures per chunk when we allocate */
#define BATCH_ALIGN 64

/* SHA-256("KURV/schnorr-batch"), computed at first use */
static const char batch_tag[] = "KURV/schnorr-batch";

/* Scratch for a chunk of n signatures: 2n points (R_i, P_i), 2n scalars, and the
 * multi-scalar product's own scratch. */
static size_t batch_parts(size_t n, size_t *pts_len, size_t *sc_len)
{
    const kurv_curve *c = kurv_secp256k1();
    size_t msm = kurv_ec_msm_scratch_size(c, 2 * n);   /* 0 without the optional ops */
    if (n == 0 || n > BATCH_MAX || msm == 0)
        return 0;
    *pts_len = (2 * n * 64 + BATCH_ALIGN - 1) / BATCH_ALIGN * BATCH_ALIGN;
    *sc_len = (2 * n * 32 + BATCH_ALIGN - 1) / BATCH_ALIGN * BATCH_ALIGN;
    return *pts_len + *sc_len + msm + BATCH_ALIGN;
}

size_t kurv_schnorr_batch_scratch_size(size_t n)
{
    size_t a, b;
    if (n == 0)
        n = 1;
    return batch_parts(n, &a, &b);
}

/* sha256_update for kurv_batch_absorb */
static void absorb_sha256(void *ctx, size_t len, const uint8_t *data)
{
    sha256_update(ctx, len, data);
}

/* A deterministic stream of coefficients in [1, n-1]: ChaCha20 under the seed. */
static void coef_next(const kurv_curve *c, struct kurv_coef_stream *g, uint8_t out[32])
{
    do
        kurv_coef_bytes(g, out, 32);
    while (!(kurv_sc_valid(c, out) & 1));   /* public: redraw the rare 0 or >= n */
}

/* Check one chunk, whose inputs were validated. */
static kurv_err batch_chunk(const uint8_t *sigs, const uint8_t *pubkeys,
                            const uint8_t *const *msgs, const size_t *msg_lens, size_t n,
                            uint8_t *mem, size_t pts_len, size_t sc_len, size_t msm_len)
{
    const kurv_curve *c = kurv_secp256k1();
    uint8_t *pts = mem, *sc = mem + pts_len, *msm = mem + pts_len + sc_len;
    uint8_t seed[32], eb[32], ab[32], taghash[32];
    kurv_sc sum = {{0}}, a, t;
    struct sha256_ctx ctx;
    struct kurv_coef_stream rng;
    size_t i, j;
    kurv_err e;

    /* seed = hash_KURV/schnorr-batch(sig_1 || pk_1 || len_1 || m_1 || ... ), 8-byte lengths */
    sha256_init(&ctx);
    sha256_update(&ctx, sizeof batch_tag - 1, (const uint8_t *)batch_tag);
    sha256_digest(&ctx, 32, taghash);
    schnorr_tag_init(&ctx, taghash);
    kurv_batch_absorb(&ctx, absorb_sha256, sigs, 64, pubkeys, 32,
                      msgs, msg_lens, n);
    sha256_digest(&ctx, 32, seed);
    kurv_coef_init(&rng, seed);

    /* P_i = lift_x(pk_i): an invalid key is an input error, reported first; then
     * R_i = lift_x(r_i): no such point means the signature is invalid */
    for (i = 0; i < n; i++) {
        memcpy(pts + 128 * i + 64, pubkeys + 32 * i, 32);
        memcpy(pts + 128 * i, sigs + 64 * i, 32);
    }
    if (kurv_ec_lift_x_many(c, pts + 64, n, 128, 0, &j) != KURV_OK)
        return KURV_ERR_POINT;
    if (kurv_ec_lift_x_many(c, pts, n, 128, 0, &j) != KURV_OK)
        return KURV_ERR_SIGNATURE;
    for (i = 0; i < n; i++) {
        const uint8_t *r = sigs + 64 * i, *s = r + 32, *pk = pubkeys + 32 * i;
        uint8_t *ra = sc + 64 * i, *pa = ra + 32;

        /* a_1 = 1; a_i from the stream */
        if (i == 0) {
            memset(ab, 0, 32);
            ab[31] = 1;
        } else {
            coef_next(c, &rng, ab);
        }
        kurv_schnorr_challenge(eb, r, pk, msgs[i], msg_lens[i]);
        kurv_sc_load(c, &a, ab);             /* a_i, e_i and s_i are < n */
        kurv_sc_load(c, &t, eb);
        kurv_sc_mul(c, &t, &t, &a);          /* a_i e_i */
        memcpy(ra, ab, 32);
        kurv_sc_store(c, pa, &t);
        kurv_sc_load(c, &t, s);
        kurv_sc_mul(c, &t, &t, &a);          /* a_i s_i */
        kurv_sc_add(c, &sum, &sum, &t);
    }
    /* sum a_i R_i + sum a_i e_i P_i - (sum a_i s_i) G must be O */
    kurv_sc_neg(c, &sum, &sum);
    kurv_sc_store(c, ab, &sum);
    e = kurv_ec_msm_vartime(c, NULL, ab, sc, pts, 2 * n, msm, msm_len);
    if (e == KURV_ERR_INFINITY)
        return KURV_OK;
    return e == KURV_OK ? KURV_ERR_SIGNATURE : e;
}

kurv_err kurv_schnorr_verify_batch(const uint8_t *sigs, const uint8_t *pubkeys,
                                   const uint8_t *const *msgs, const size_t *msg_lens, size_t n,
                                   void *scratch, size_t scratch_len)
{
    const kurv_curve *c = kurv_secp256k1();
    const uint8_t *cp = kurv_curve_param(c, 'p', NULL), *cn = kurv_curve_param(c, 'n', NULL);
    size_t i, chunk, done, pts_len = 0, sc_len = 0, total;
    uint8_t *mem, *heap = NULL;
    kurv_err e = KURV_OK;

    if (n == 0)
        return KURV_OK;
    if (n > BATCH_MAX || !sigs || !pubkeys || !msgs || !msg_lens || (!scratch && scratch_len))
        return KURV_ERR_ARG;
    if (!kurv_ec_has_ext(c))            /* batch lifting and the product: optional ops */
        return KURV_ERR_UNSUPPORTED;
    /* Which error wins does not depend on the scratch size: first these cheap input
     * errors, in index order; then an invalid public key anywhere (each chunk lifts its keys
     * before its equation, and once a chunk fails the keys after it are still checked);
     * then a signature that does not verify. */
    for (i = 0; i < n; i++) {
        if (!msgs[i] && msg_lens[i])
            return KURV_ERR_ARG;
        if (!schnorr_lt_vartime(sigs + 64 * i, cp) ||
            !schnorr_lt_vartime(sigs + 64 * i + 32, cn))
            return KURV_ERR_ENCODING;
    }

    /* one signature: the single verification is cheaper than a product of two points,
     * and gives the same answer */
    if (n == 1) {
        if (scratch && scratch_len < kurv_schnorr_batch_scratch_size(1))
            return KURV_ERR_BUFFER;
        return kurv_schnorr_verify(sigs, pubkeys, msgs[0], msg_lens[0]);
    }

    /* the largest chunk that fits */
    if (!scratch) {
        chunk = n < BATCH_ALLOC_CHUNK ? n : BATCH_ALLOC_CHUNK;
        scratch_len = kurv_schnorr_batch_scratch_size(chunk);
        heap = malloc(scratch_len);
        if (!heap)
            return KURV_ERR_BUFFER;
        scratch = heap;
    } else {
        if (scratch_len < kurv_schnorr_batch_scratch_size(1))
            return KURV_ERR_BUFFER;
        chunk = kurv_batch_chunk(n, scratch_len, kurv_schnorr_batch_scratch_size);
    }
    mem = (uint8_t *)scratch + ((BATCH_ALIGN - (uintptr_t)scratch % BATCH_ALIGN) % BATCH_ALIGN);

    for (done = 0; done < n && e == KURV_OK; done += chunk) {
        size_t m = n - done < chunk ? n - done : chunk;
        total = batch_parts(m, &pts_len, &sc_len);
        e = batch_chunk(sigs + 64 * done, pubkeys + 32 * done, msgs + done, msg_lens + done, m,
                        mem, pts_len, sc_len, total - pts_len - sc_len - BATCH_ALIGN);
    }
    /* a chunk failed: its own keys were valid, but a later record's key may not be */
    for (; e == KURV_ERR_SIGNATURE && done < n; done++)
        if (kurv_schnorr_pubkey_check(pubkeys + 32 * done) != KURV_OK)
            e = KURV_ERR_POINT;
    if (heap) {
        free(heap);
    }
    return e;
}
