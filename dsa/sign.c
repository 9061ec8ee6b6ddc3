/* kurv ECDSA: signing with RFC 6979 deterministic or hedged nonces, with or without the
 * recovery id (kurv_ecdsa_sign, kurv_ecdsa_sign_recoverable; see kurv/ecdsa.h). */
#include "ecdsa_impl.h"
#include "sc.h"   /* scalars, k*G, and ct.h's kurv_declassify */

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
    kurv_sc d, k, ki, t;                           /* d, the nonce k, k^-1, s's terms */
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

/* kurv_ecdsa_sign, with the recovery id written to *recid when recid is not NULL */
static kurv_err sign_impl(const kurv_curve *c, uint8_t *sig, size_t sig_len, unsigned *recid,
                          const uint8_t *priv, size_t priv_len,
                          const uint8_t *digest, size_t digest_len, kurv_hash hash,
                          const uint8_t *extra, size_t extra_len, unsigned flags)
{
    struct sign_state st;
    const struct nettle_hash *nh;
    kurv_sc e, r, s;
    uint64_t ok, rz, sz, flip;
    uint8_t hb[KURV_MAX_SCALAR_LEN], rb[KURV_MAX_SCALAR_LEN];
    size_t slen, flen;
    unsigned id;

    slen = kurv_curve_scalar_len(c);            /* 0: not a usable descriptor */
    flen = kurv_curve_field_len(c);
    if (!slen || !sig)
        return KURV_ERR_ARG;
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

    /* e = bits2int(H(m)) mod n; its slen-byte form is also bits2octets(H(m)) (RFC 6979 2.3.4) */
    kurv_dsa_bits2int(c, st.tb, digest, digest_len);
    kurv_sc_reduce(c, &e, st.tb, slen);
    kurv_sc_store(c, hb, &e);
    kurv_sc_load(c, &st.d, priv);

    /* hedged: k' = 32 fresh random bytes || extra (RFC 6979 3.6 allows any length) */
    if (flags & KURV_ECDSA_SIGN_HEDGED) {
        if (kurv_random(st.kx, HEDGE_LEN) != KURV_OK) {
            kurv_wipe(&st, sizeof st);
            kurv_wipe(&e, sizeof e);
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
        ok = kurv_sc_load_nonzero(c, &st.k, st.kb);
        /* the timing shows whether a candidate was rejected (k >= n: about 1/3 of the
         * draws on the Brainpool curves, < 2^-31 on the others), which says nothing
         * about the k finally used; likewise the r = 0 and s = 0 tests are on public
         * values (RFC 6979 3.4) */
        kurv_declassify(&ok, sizeof ok);
        if (ok & 1) {
            /* r = x(k*G) mod n */
            if (kurv_ec_mul_base(c, st.xy, st.kb) == KURV_OK) {
                kurv_sc_reduce(c, &r, st.xy, flen);
                kurv_sc_store(c, rb, &r);
                rz = kurv_sc_is_zero(c, &r);
                kurv_declassify(&rz, sizeof rz);
                if (!(rz & 1)) {
                    /* s = k^-1 (e + r d) mod n */
                    kurv_sc_inv_blinded(c, &st.ki, &st.k);
                    kurv_sc_mul(c, &st.t, &r, &st.d);
                    kurv_sc_add(c, &st.t, &st.t, &e);
                    kurv_sc_mul(c, &s, &st.t, &st.ki);
                    sz = kurv_sc_is_zero(c, &s);
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
    id = (st.xy[2 * flen - 1] & 1u) | (x_ne_r(st.xy, flen, rb, slen) << 1);
    if (flags & KURV_ECDSA_SIGN_LOW_S) {
        /* s = min(s, n - s); (r, n - s) recovers with -R: flip the parity */
        flip = kurv_sc_fold(c, &s, &s);
        id ^= (unsigned)(flip & 1u);
    }
    memcpy(sig, rb, slen);
    kurv_sc_store(c, sig + slen, &s);
    /* the signature and its recovery id are the published output: callers may encode
     * them (DER drops leading zero bytes) without the checker taking that for a leak */
    kurv_declassify(sig, 2 * slen);
    kurv_declassify(&id, sizeof id);
    if (recid)
        *recid = id;

    kurv_wipe(&st, sizeof st);
    kurv_wipe(&e, sizeof e);
    kurv_wipe(&s, sizeof s);
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
        if (kurv_curve_scalar_len(c) && sig && sig_len == 2 * kurv_curve_scalar_len(c))
            memset(sig, 0, sig_len);
        return KURV_ERR_ARG;
    }
    *recid = 0;
    return sign_impl(c, sig, sig_len, recid, priv, priv_len, digest, digest_len, hash,
                     extra, extra_len, flags);
}
