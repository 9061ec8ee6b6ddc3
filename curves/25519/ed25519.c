/*
 * kurv-25519: Ed25519, RFC 8032 5.1: pure Ed25519, Ed25519ctx and Ed25519ph (dom2 prefixes;
 * API, error codes and verification rules in <kurv/25519.h>), and key pairs for repeated signing.
 *
 * Inputs: 32-byte seeds, 32-byte encoded public keys, 64-byte signatures, messages of any
 * length. Outputs: encoded public keys, signatures, kurv_err. Builds on the field of
 * fe25519.c, the scalars mod L of sc25519.c, SHA-512 from Nettle (<nettle/sha2.h>), and
 * the core's kurv_random and kurv_wipe.
 *
 * The group (points, additions, encoding and decoding) is ge25519.c's; fixed-base
 * multiplication [s]B (key generation, the nonce point R of signing) base25519.c's (constant
 * time, over a table generated at build time). Verification, on public values only, is variable
 * time: msm25519.c's Straus chain [S]B - [k]A, encoded (variable-time inversion) and compared
 * with R's bytes. Batch verification is batch25519.c's, with this file's challenge hash
 * (k25519_ed25519_challenge, ed25519_impl.h). Secrets (the expanded key, the
 * nonce r, the digits and the points made from them) are wiped after use; no allocation.
 */
#include <kurv/25519.h>
#include <kurv/keys.h>
#include <kurv/util.h>

#include <string.h>
#include <nettle/sha2.h>

#include "ct.h"
#include "fe25519.h"
#include "util25519.h"
#include "sc25519.h"
#include "ge25519.h"
#include "base25519.h"
#include "msm25519.h"
#include "ed25519_impl.h"

/* the expanded key: s = the clamped first half of SHA-512(seed) (RFC 8032 5.1.5), and
 * the second half, the prefix of the nonce hash */
static void expand(uint8_t h[64], const uint8_t seed[32])
{
    struct sha512_ctx ctx;
    sha512_init(&ctx);
    sha512_update(&ctx, 32, seed);
    sha512_digest(&ctx, 64, h);
    kurv_wipe(&ctx, sizeof ctx);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
}

/* RFC 8032 5.1's dom2(phflag, context), the prefix of both hashes of Ed25519ctx (phflag 0)
 * and Ed25519ph (phflag 1); pure Ed25519 has none (a NULL struct dom2) */
struct dom2 {
    uint8_t phflag;
    const uint8_t *ctx;   /* 0..255 bytes */
    size_t ctx_len;
};

/* out = SHA-512(dom2 || a || b || msg) mod L (dom NULL: no dom2; b NULL: a || msg) */
static void hash_mod_l(uint8_t out[32], const struct dom2 *dom, const uint8_t a[32],
                       const uint8_t *b, const uint8_t *msg, size_t msg_len)
{
    static const char tag[] = "SigEd25519 no Ed25519 collisions";
    struct sha512_ctx ctx;
    uint8_t h[64];
    sha512_init(&ctx);
    if (dom) {   /* "SigEd25519 no Ed25519 collisions" || octet(phflag) || octet(OLEN(C)) || C */
        h[0] = dom->phflag;
        h[1] = (uint8_t)dom->ctx_len;
        sha512_update(&ctx, sizeof tag - 1, (const uint8_t *)tag);
        sha512_update(&ctx, 2, h);
        if (dom->ctx_len)
            sha512_update(&ctx, dom->ctx_len, dom->ctx);
    }
    sha512_update(&ctx, 32, a);
    if (b)
        sha512_update(&ctx, 32, b);
    if (msg_len)
        sha512_update(&ctx, msg_len, msg);
    sha512_digest(&ctx, 64, h);
    k25519_sc_reduce64(out, h);
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(h, sizeof h);
}

void k25519_ed25519_challenge(uint8_t k[32], const uint8_t r[32], const uint8_t a[32],
                              const uint8_t *msg, size_t msg_len)
{
    hash_mod_l(k, NULL, r, a, msg, msg_len);
}

/* pub = [s]B for the expanded key h */
static void public_from_expanded(uint8_t pub[32], const uint8_t h[64])
{
    k25519_ge a;
    k25519_ge_base_mul(&a, h);
    k25519_ge_encode(pub, &a);
    kurv_wipe(&a, sizeof a);
}

kurv_err kurv_ed25519_public_key(uint8_t pub[32], const uint8_t seed[32])
{
    uint8_t h[64];
    if (!pub || !seed)
        return KURV_ERR_ARG;
    expand(h, seed);
    public_from_expanded(pub, h);
    kurv_wipe(h, sizeof h);
    return KURV_OK;
}

kurv_err kurv_ed25519_keygen(uint8_t seed[32], uint8_t pub[32])
{
    return k25519_keygen(seed, pub, kurv_ed25519_public_key);
}

kurv_err kurv_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                           const uint8_t seed[32], const uint8_t pub[32])
{
    uint8_t h[64], a[32], r[32], k[32], rb[32];
    uint8_t diff = 0;
    k25519_ge ap, rp;
    int i;

    if (!sig)
        return KURV_ERR_ARG;
    if (!seed || (!msg && msg_len)) {
        kurv_wipe(sig, 64);
        return KURV_ERR_ARG;
    }
    expand(h, seed);
    /* A = [s]B and, r = SHA-512(prefix || M) mod L, R = [r]B, encoded with one inversion */
    hash_mod_l(r, NULL, h + 32, NULL, msg, msg_len);
    k25519_ge_base_mul2(&ap, h, &rp, r);
    /* R is kept in rb until k is hashed: @sig may overlap @msg (signing in place), and a
     * message overwritten by R before k = H(R || A || M) would give a second S for the
     * same r, from which s follows */
    k25519_ge_encode2(a, &ap, rb, &rp);
    if (pub) {
        for (i = 0; i < 32; i++)
            diff |= (uint8_t)(a[i] ^ pub[i]);
        kurv_declassify(&diff, sizeof diff);   /* a mismatch is returned */
        if (diff) {   /* public: the caller passed another key */
            kurv_wipe(h, sizeof h);
            kurv_wipe(r, sizeof r);
            kurv_wipe(&ap, sizeof ap);
            kurv_wipe(&rp, sizeof rp);
            kurv_wipe(sig, 64);
            return KURV_ERR_ARG;
        }
    }
    /* k = SHA-512(R || A || M) mod L; S = (r + k s) mod L */
    hash_mod_l(k, NULL, rb, a, msg, msg_len);
    memcpy(sig, rb, 32);
    k25519_sc_muladd(sig + 32, k, h, r);

    kurv_wipe(h, sizeof h);
    kurv_wipe(r, sizeof r);
    kurv_wipe(&ap, sizeof ap);
    kurv_wipe(&rp, sizeof rp);
    return KURV_OK;
}

/* the key pair's layout (<kurv/25519.h>): s || prefix || A */
enum { KP_S = 0, KP_PREFIX = 32, KP_PUB = 64 };

/* whether the key pair's s is clamped as expand() leaves it (bits 0-2 and 255 clear, bit
 * 254 set): a key pair not made by kurv_ed25519_keypair(), a wiped one among them, is
 * refused. These bits are the same in every key, so the answer is public. */
static int keypair_ok(const uint8_t kp[96])
{
    uint8_t bad = (uint8_t)((kp[KP_S] & 7) | (kp[KP_S + 31] & 0x80) | (~kp[KP_S + 31] & 0x40));
    kurv_declassify(&bad, sizeof bad);
    return bad == 0;
}

kurv_err kurv_ed25519_keypair(uint8_t keypair[96], const uint8_t seed[32])
{
    uint8_t h[64];
    if (!keypair)
        return KURV_ERR_ARG;
    if (!seed) {
        kurv_wipe(keypair, 96);
        return KURV_ERR_ARG;
    }
    expand(h, seed);
    memcpy(keypair + KP_S, h, 64);   /* s || prefix */
    public_from_expanded(keypair + KP_PUB, h);
    kurv_wipe(h, sizeof h);
    return KURV_OK;
}

kurv_err kurv_ed25519_keypair_pubkey(uint8_t pub[32], const uint8_t keypair[96])
{
    if (!pub)
        return KURV_ERR_ARG;
    if (!keypair || !keypair_ok(keypair)) {
        memset(pub, 0, 32);
        return keypair ? KURV_ERR_PRIVKEY : KURV_ERR_ARG;
    }
    memcpy(pub, keypair + KP_PUB, 32);
    return KURV_OK;
}

/* sign with a key pair whose arguments were checked (keypair_ok), under dom2 or none:
 * r = SHA-512(dom2 || prefix || M) mod L, R = [r]B; k = SHA-512(dom2 || R || A || M) mod L;
 * S = (r + k s) mod L (RFC 8032 5.1.6) */
static void sign_core(uint8_t sig[64], const struct dom2 *dom, const uint8_t *msg,
                      size_t msg_len, const uint8_t keypair[96])
{
    uint8_t r[32], k[32], rb[32];
    k25519_ge rp;

    hash_mod_l(r, dom, keypair + KP_PREFIX, NULL, msg, msg_len);
    k25519_ge_base_mul(&rp, r);
    k25519_ge_encode(rb, &rp);   /* in rb until k is hashed: @sig may overlap @msg */
    hash_mod_l(k, dom, rb, keypair + KP_PUB, msg, msg_len);
    memcpy(sig, rb, 32);
    k25519_sc_muladd(sig + 32, k, keypair + KP_S, r);
    kurv_wipe(r, sizeof r);
    kurv_wipe(&rp, sizeof rp);
}

/* the checks of every key-pair signing function: KURV_OK, or the error with @sig zeroed */
static kurv_err sign_args(uint8_t *sig, const uint8_t *msg, size_t msg_len,
                          const uint8_t *keypair)
{
    kurv_err e = KURV_OK;
    if (!keypair || (!msg && msg_len))
        e = KURV_ERR_ARG;
    else if (!keypair_ok(keypair))
        e = KURV_ERR_PRIVKEY;
    if (e != KURV_OK)
        kurv_wipe(sig, 64);
    return e;
}

kurv_err kurv_ed25519_sign_keypair(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                   const uint8_t keypair[96])
{
    kurv_err e;
    if (!sig)
        return KURV_ERR_ARG;
    if ((e = sign_args(sig, msg, msg_len, keypair)) != KURV_OK)
        return e;
    sign_core(sig, NULL, msg, msg_len, keypair);
    return KURV_OK;
}

/* verify under dom2 or none, the arguments checked (RFC 8032 5.1.7) */
static kurv_err verify_core(const uint8_t sig[64], const struct dom2 *dom, const uint8_t *msg,
                            size_t msg_len, const uint8_t pub[32])
{
    uint8_t k[32], enc[32];
    k25519_ge a, p;

    if (k25519_ge_decode(&a, pub) != 0)
        return KURV_ERR_POINT;
    if (!k25519_sc_canonical(sig + 32))
        return KURV_ERR_SIGNATURE;
    hash_mod_l(k, dom, sig, pub, msg, msg_len);
    /* [S]B = R + [k]A, as encode([S]B - [k]A) = R's 32 bytes. An encoding is canonical, so
     * this refuses every R that does not decode (y >= p, no square root, x = 0 with the
     * sign bit) exactly as decoding R first would, and accepts the same R otherwise. */
    k25519_double_mul_vartime(&p, sig + 32, k, &a);
    k25519_ge_encode_vartime(enc, &p);
    if (memcmp(enc, sig, 32) != 0)
        return KURV_ERR_SIGNATURE;
    return KURV_OK;
}

kurv_err kurv_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                             const uint8_t pub[32])
{
    if (!sig || !pub || (!msg && msg_len))
        return KURV_ERR_ARG;
    return verify_core(sig, NULL, msg, msg_len, pub);
}

/* dom2 of Ed25519ctx (phflag 0: a context of 1..255 bytes) or Ed25519ph (phflag 1: 0..255
 * bytes); 0 when the context is not allowed (NULL with a length, too long, ctx's empty one) */
static int dom2_set(struct dom2 *dom, uint8_t phflag, const uint8_t *ctx, size_t ctx_len)
{
    if (ctx_len > 255 || (!ctx && ctx_len) || (!phflag && !ctx_len))
        return 0;
    dom->phflag = phflag;
    dom->ctx = ctx;
    dom->ctx_len = ctx_len;
    return 1;
}

/* PH(M) = SHA-512(M), Ed25519ph's message (RFC 8032 5.1) */
static void prehash(uint8_t ph[64], const uint8_t *msg, size_t msg_len)
{
    struct sha512_ctx ctx;
    sha512_init(&ctx);
    if (msg_len)
        sha512_update(&ctx, msg_len, msg);
    sha512_digest(&ctx, 64, ph);
}

/* Ed25519ctx (phflag 0) or Ed25519ph (phflag 1) signing */
static kurv_err sign_dom(uint8_t *sig, uint8_t phflag, const uint8_t *msg, size_t msg_len,
                         const uint8_t *ctx, size_t ctx_len, const uint8_t *keypair)
{
    struct dom2 dom;
    uint8_t ph[64];
    kurv_err e;

    if (!sig)
        return KURV_ERR_ARG;
    if ((e = sign_args(sig, msg, msg_len, keypair)) != KURV_OK)
        return e;
    if (!dom2_set(&dom, phflag, ctx, ctx_len)) {
        kurv_wipe(sig, 64);
        return KURV_ERR_ARG;
    }
    if (phflag) {
        prehash(ph, msg, msg_len);
        sign_core(sig, &dom, ph, 64, keypair);
    } else {
        sign_core(sig, &dom, msg, msg_len, keypair);
    }
    return KURV_OK;
}

/* Ed25519ctx (phflag 0) or Ed25519ph (phflag 1) verification */
static kurv_err verify_dom(const uint8_t *sig, uint8_t phflag, const uint8_t *msg,
                           size_t msg_len, const uint8_t *ctx, size_t ctx_len,
                           const uint8_t *pub)
{
    struct dom2 dom;
    uint8_t ph[64];

    if (!sig || !pub || (!msg && msg_len) || !dom2_set(&dom, phflag, ctx, ctx_len))
        return KURV_ERR_ARG;
    if (!phflag)
        return verify_core(sig, &dom, msg, msg_len, pub);
    prehash(ph, msg, msg_len);
    return verify_core(sig, &dom, ph, 64, pub);
}

kurv_err kurv_ed25519ctx_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                              const uint8_t *ctx, size_t ctx_len, const uint8_t keypair[96])
{
    return sign_dom(sig, 0, msg, msg_len, ctx, ctx_len, keypair);
}

kurv_err kurv_ed25519ctx_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                                const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32])
{
    return verify_dom(sig, 0, msg, msg_len, ctx, ctx_len, pub);
}

kurv_err kurv_ed25519ph_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                             const uint8_t *ctx, size_t ctx_len, const uint8_t keypair[96])
{
    return sign_dom(sig, 1, msg, msg_len, ctx, ctx_len, keypair);
}

kurv_err kurv_ed25519ph_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                               const uint8_t *ctx, size_t ctx_len, const uint8_t pub[32])
{
    return verify_dom(sig, 1, msg, msg_len, ctx, ctx_len, pub);
}
