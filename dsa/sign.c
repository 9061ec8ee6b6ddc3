/* kurv ECDSA: signing with RFC 6979 deterministic or hedged nonces, with or without the
 * recovery id (kurv_ecdsa_sign, kurv_ecdsa_sign_recoverable; see kurv/ecdsa.h). */
#include "ecdsa_impl.h"
#include "ct.h"

#include <string.h>
#include <kurv/keys.h>
#include <kurv/util.h>

/* The largest T needed: slen bytes (bits2int keeps only the leftmost qlen bits). */
#define T_MAX KURV_MAX_SCALAR_LEN
/* The fresh random bytes of a hedged nonce (KURV_ECDSA_SIGN_HEDGED). */
#define HEDGE_LEN 32

static kurv_hash hash_for_len(size_t len)
{
    switch (len) {
    case 28: return KURV_HASH_SHA224;
    case 32: return KURV_HASH_SHA256;
    case 48: return KURV_HASH_SHA384;
    case 64: return KURV_HASH_SHA512;
    default: return KURV_HASH_NONE;
    }
}

/* Secret working state of one signature, wiped as a whole. */
struct sign_state {
    kurv_dsa_drbg g;
    uint64_t d[KURV_MAXL], dm[KURV_MAXL];          /* d plain, d*R */
    uint64_t k[KURV_MAXL], ki[KURV_MAXL];           /* the nonce, k^-1 * R */
    uint64_t t[KURV_MAXL];
    uint8_t tb[T_MAX], kb[KURV_MAX_SCALAR_LEN];
    uint8_t xy[2 * KURV_MAX_FIELD_LEN];
    uint8_t kx[HEDGE_LEN + 64];                    /* k' of RFC 6979 3.6 when hedged */
};

/*
 * 1 if x (flen bytes) differs from r (slen bytes) as integers, else 0, in constant time.
 * With r = x mod n and x < p < 2n this is x >= n: bit 1 of the recovery id.
 */
static unsigned x_ne_r(const uint8_t *x, size_t flen, const uint8_t *r, size_t slen)
{
    size_t len = flen > slen ? flen : slen, i;
    unsigned acc = 0;
    for (i = 0; i < len; i++) {
        unsigned xb = i + flen >= len ? x[i + flen - len] : 0;
        unsigned rb = i + slen >= len ? r[i + slen - len] : 0;
        acc |= xb ^ rb;
    }
    return (acc + 0xffu) >> 8;
}

/*
 * ki = k^-1 * R mod n (Montgomery domain) for the secret nonce k (plain limbs, 0 < k < n).
 * Blinded: with a fresh random b in [1, n), k b is uniform on [1, n) and independent of
 * k, so it may be declassified and inverted by the variable-time safegcd; then
 * k^-1 = b (k b)^-1. About a fifth of the instructions of the Fermat power a^(n-2) on
 * 256-bit orders (callgrind), the constant-time inversion when this was written. The
 * signature does not depend on b (RFC 6979 stays deterministic). If the random source
 * fails, or 8 draws of order_bits bits all land at or above n (at most (1/2)^8 on any
 * order), the constant-time kurv_mont_inv (divsteps, a fixed count) is used instead.
 * b, k b and the draws are wiped.
 */
static void sign_inv_k(const kurv_curve *c, uint64_t *ki, const uint64_t *k)
{
    const kurv_mont *sc = c->sc;
    size_t slen = c->slen;
    uint64_t b[KURV_MAXL], bm[KURV_MAXL], km[KURV_MAXL], t[KURV_MAXL], ok = 0;
    uint8_t rb[KURV_MAX_SCALAR_LEN];
    unsigned top = c->order_bits % 8, tries;

    kurv_mont_to(sc, km, k);
    for (tries = 0; tries < 8 && !(ok & 1); tries++) {
        if (kurv_random(rb, slen) != KURV_OK)
            break;
        if (top)
            rb[0] &= (uint8_t)((1u << top) - 1);        /* order_bits bits */
        ok = kurv_mont_load(sc, b, rb, slen) & ~kurv_mont_is_zero(sc, b);
    }
    if (ok & 1) {
        kurv_mont_to(sc, bm, b);
        kurv_mont_mul(sc, t, km, bm);                   /* k b R */
        kurv_declassify(t, sizeof t);                   /* uniform, independent of k */
        kurv_mont_inv_vartime(sc, t, t);                /* (k b)^-1 R */
        kurv_mont_mul(sc, ki, t, bm);                   /* k^-1 R */
    } else {
        kurv_mont_inv(sc, ki, km);
    }
    kurv_wipe(b, sizeof b);
    kurv_wipe(bm, sizeof bm);
    kurv_wipe(km, sizeof km);
    kurv_wipe(t, sizeof t);
    kurv_wipe(rb, sizeof rb);
}

/* kurv_ecdsa_sign, with the recovery id written to *recid when recid is not NULL */
static kurv_err sign_impl(const kurv_curve *c, uint8_t *sig, size_t sig_len, unsigned *recid,
                          const uint8_t *priv, size_t priv_len,
                          const uint8_t *digest, size_t digest_len, kurv_hash hash,
                          const uint8_t *extra, size_t extra_len, unsigned flags)
{
    struct sign_state st;
    const struct nettle_hash *nh;
    const kurv_mont *sc;
    uint64_t e[KURV_MAXL], em[KURV_MAXL], r[KURV_MAXL], rm[KURV_MAXL], s[KURV_MAXL];
    uint64_t ns[KURV_MAXL], ok, rz, sz, flip;
    uint8_t hb[KURV_MAX_SCALAR_LEN], rb[KURV_MAX_SCALAR_LEN];
    size_t slen;
    unsigned id;

    if (!kurv_curve_ok(c) || !sig)
        return KURV_ERR_ARG;
    slen = c->slen;
    if (sig_len != 2 * slen)
        return KURV_ERR_ARG;
    memset(sig, 0, sig_len);
    if (!digest || digest_len == 0 || digest_len > KURV_MAX_HASH_LEN
        || (!extra && extra_len) || extra_len > 64
        || (flags & ~(KURV_ECDSA_SIGN_LOW_S | KURV_ECDSA_SIGN_HEDGED)))
        return KURV_ERR_ARG;
    if (hash == KURV_HASH_NONE)
        hash = hash_for_len(digest_len);
    nh = kurv_dsa_nettle_hash(hash);
    if (!nh)
        return KURV_ERR_ARG;
    if (kurv_privkey_check(c, priv, priv_len) != KURV_OK)
        return KURV_ERR_PRIVKEY;

    sc = c->sc;
    /* e = bits2int(H(m)) mod n; its slen-byte form is also bits2octets(H(m)) (RFC 6979 2.3.4) */
    kurv_dsa_bits2int(c, st.tb, digest, digest_len);
    kurv_dsa_mod_n(c, hb, st.tb, slen, c->order_bits);
    kurv_mont_load(sc, e, hb, slen);
    kurv_mont_to(sc, em, e);

    kurv_mont_load(sc, st.d, priv, slen);
    kurv_mont_to(sc, st.dm, st.d);

    /* hedged: k' = 32 fresh random bytes || extra (RFC 6979 3.6 allows any length) */
    if (flags & KURV_ECDSA_SIGN_HEDGED) {
        if (kurv_random(st.kx, HEDGE_LEN) != KURV_OK) {
            kurv_wipe(&st, sizeof st);
            kurv_wipe(e, sizeof e);
            kurv_wipe(em, sizeof em);
            kurv_wipe(hb, sizeof hb);
            return KURV_ERR_RNG;
        }
        if (extra_len)
            memcpy(st.kx + HEDGE_LEN, extra, extra_len);
        extra = st.kx;
        extra_len += HEDGE_LEN;
    }

    /* int2octets(x) is the private key as given: slen bytes, already < n */
    kurv_dsa_drbg_init(&st.g, nh, slen, priv, hb, extra, extra_len);
    for (;;) {
        kurv_dsa_drbg_generate(&st.g, st.tb, slen);
        kurv_dsa_bits2int(c, st.kb, st.tb, slen);
        ok = kurv_mont_load(sc, st.k, st.kb, slen) & ~kurv_mont_is_zero(sc, st.k);
        /* the timing shows whether a candidate was rejected (k >= n: about 1/3 of the
         * draws on the Brainpool curves, < 2^-31 on the others), which says nothing
         * about the k finally used; likewise the r = 0 and s = 0 tests are on public
         * values (RFC 6979 3.4) */
        kurv_declassify(&ok, sizeof ok);
        if (ok & 1) {
            /* r = x(k*G) mod n */
            if (c->ops->mul_base(c, st.xy, st.kb) == KURV_OK) {
                kurv_dsa_mod_n(c, rb, st.xy, c->flen, c->field_bits);
                kurv_mont_load(sc, r, rb, slen);
                rz = kurv_mont_is_zero(sc, r);
                kurv_declassify(&rz, sizeof rz);
                if (!(rz & 1)) {
                    /* s = k^-1 (e + r d) mod n, in the Montgomery domain */
                    sign_inv_k(c, st.ki, st.k);
                    kurv_mont_to(sc, rm, r);
                    kurv_mont_mul(sc, st.t, rm, st.dm);
                    kurv_mont_add(sc, st.t, st.t, em);
                    kurv_mont_mul(sc, st.t, st.t, st.ki);
                    kurv_mont_from(sc, s, st.t);
                    sz = kurv_mont_is_zero(sc, s);
                    kurv_declassify(&sz, sizeof sz);
                    if (!(sz & 1))
                        break;
                }
            }
        }
        kurv_dsa_drbg_reseed(&st.g);
    }

    /* recovery id (SEC 1 v2 4.1.6) from R = k*G, still in st.xy, without a branch:
     * bit 0 the parity of y(R), bit 1 whether x(R) != r, that is x(R) >= n */
    id = (st.xy[2 * c->flen - 1] & 1u) | (x_ne_r(st.xy, c->flen, rb, slen) << 1);
    if (flags & KURV_ECDSA_SIGN_LOW_S) {
        /* s > n/2 exactly when n - s < s; (r, n - s) recovers with -R: flip the parity */
        kurv_mont_neg(sc, ns, s);
        flip = kurv_mont_lt(sc, ns, s);
        kurv_mont_cmov(sc, s, ns, flip);
        id ^= (unsigned)(flip & 1u);
    }
    kurv_mont_store(sc, sig, slen, r);
    kurv_mont_store(sc, sig + slen, slen, s);
    /* the signature and its recovery id are the published output: callers may encode
     * them (DER drops leading zero bytes) without the checker taking that for a leak */
    kurv_declassify(sig, 2 * slen);
    kurv_declassify(&id, sizeof id);
    if (recid)
        *recid = id;

    kurv_wipe(&st, sizeof st);
    kurv_wipe(e, sizeof e);
    kurv_wipe(em, sizeof em);
    kurv_wipe(hb, sizeof hb);
    return KURV_OK;
}

kurv_err kurv_ecdsa_sign(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                         const uint8_t *priv, size_t priv_len,
                         const uint8_t *digest, size_t digest_len, kurv_hash hash,
                         const uint8_t *extra, size_t extra_len, unsigned flags)
{
    return sign_impl(c, sig, sig_len, NULL, priv, priv_len, digest, digest_len, hash,
                     extra, extra_len, flags);
}

kurv_err kurv_ecdsa_sign_recoverable(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                     unsigned *recid,
                                     const uint8_t *priv, size_t priv_len,
                                     const uint8_t *digest, size_t digest_len,
                                     kurv_hash hash, const uint8_t *extra,
                                     size_t extra_len, unsigned flags)
{
    if (!recid) {
        if (kurv_curve_ok(c) && sig && sig_len == 2 * c->slen)
            memset(sig, 0, sig_len);
        return KURV_ERR_ARG;
    }
    *recid = 0;
    return sign_impl(c, sig, sig_len, recid, priv, priv_len, digest, digest_len, hash,
                     extra, extra_len, flags);
}
