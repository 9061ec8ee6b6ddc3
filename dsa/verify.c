/* kurv ECDSA: verification (see kurv/ecdsa.h). Variable time: every input is public. */
#include "ecdsa_impl.h"
#include "keys_impl.h"

#include <string.h>

/*
 * The x-coordinates that R may have for x(R) mod n = r, as field_len-byte candidates in
 * xs: x = r, and x = r + n when r + n < p (x < p, so x mod n is x or x - n as long as
 * p < 2n, true of every curve with cofactor 1). r: scalar_len bytes, 1 <= r < n.
 * Returns how many (0 to 2): a candidate >= p is left out. Variable time (public r).
 */
#define DSA_XLEN ((KURV_MAX_FIELD_LEN > KURV_MAX_SCALAR_LEN ? KURV_MAX_FIELD_LEN : KURV_MAX_SCALAR_LEN) + 1)

static size_t dsa_x_candidates(const kurv_curve *c, uint8_t *xs, const uint8_t *r)
{
    size_t flen = c->flen, slen = c->slen, len = (flen > slen ? flen : slen) + 1, i, nx = 0;
    uint8_t rv[DSA_XLEN], nv[DSA_XLEN], pv[DSA_XLEN];
    unsigned carry = 0;

    /* r, n and p as len-byte big-endian numbers (one byte of headroom for r + n) */
    memset(rv, 0, len);
    memset(nv, 0, len);
    memset(pv, 0, len);
    memcpy(rv + len - slen, r, slen);
    memcpy(nv + len - slen, c->n, slen);
    memcpy(pv + len - flen, c->p, flen);
    for (i = 0; i < 2; i++) {
        if (memcmp(rv, pv, len) < 0) {          /* < p: fits in flen bytes */
            memcpy(xs + nx * flen, rv + len - flen, flen);
            nx++;
        }
        if (i == 0) {                           /* rv = r + n */
            size_t j = len;
            while (j-- > 0) {
                unsigned t = (unsigned)rv[j] + nv[j] + carry;
                rv[j] = (uint8_t)t;
                carry = t >> 8;
            }
        }
    }
    return nx;
}

kurv_err kurv_ecdsa_verify(const kurv_curve *c, const uint8_t *sig, size_t sig_len,
                           const uint8_t *pub, size_t pub_len,
                           const uint8_t *digest, size_t digest_len, unsigned flags)
{
    const kurv_mont *sc;
    uint64_t r[KURV_MAXL], s[KURV_MAXL], ns[KURV_MAXL], e[KURV_MAXL];
    uint64_t sm[KURV_MAXL], w[KURV_MAXL], u[KURV_MAXL];
    uint8_t qxy[2 * KURV_MAX_FIELD_LEN], xs[2 * KURV_MAX_FIELD_LEN];
    uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], tb[KURV_MAX_SCALAR_LEN];
    size_t slen, nx;
    kurv_err err;
    int eq;

    if (!kurv_curve_ok(c) || !digest || digest_len == 0 || digest_len > KURV_MAX_HASH_LEN
        || (flags & ~KURV_ECDSA_VERIFY_LOW_S))
        return KURV_ERR_ARG;
    slen = c->slen;
    sc = c->sc;

    /* r, s in [1, n-1] (and s <= n/2 when LOW_S is asked for) */
    if (!sig || sig_len != 2 * slen)
        return KURV_ERR_SIGNATURE;
    if (!(kurv_mont_load(sc, r, sig, slen) & 1) || (kurv_mont_is_zero(sc, r) & 1))
        return KURV_ERR_SIGNATURE;
    if (!(kurv_mont_load(sc, s, sig + slen, slen) & 1) || (kurv_mont_is_zero(sc, s) & 1))
        return KURV_ERR_SIGNATURE;
    if (flags & KURV_ECDSA_VERIFY_LOW_S) {
        kurv_mont_neg(sc, ns, s);
        if (kurv_mont_lt(sc, ns, s) & 1)
            return KURV_ERR_SIGNATURE;
    }

    /* Q: full SEC1 validation (on the curve, coordinates < p, not O) */
    if (!pub)
        return KURV_ERR_POINT;
    err = kurv_point_decode_xy(c, qxy, pub, pub_len);
    if (err != KURV_OK)
        return err;

    /* e = bits2int(H(m)) mod n; w = s^-1; u1 = e w, u2 = r w (plain form: a plain
     * factor times a Montgomery one gives a plain product) */
    kurv_dsa_bits2int(c, tb, digest, digest_len);
    kurv_dsa_mod_n(c, tb, tb, slen, c->order_bits);
    kurv_mont_load(sc, e, tb, slen);
    kurv_mont_to(sc, sm, s);
    kurv_mont_inv_vartime(sc, w, sm);   /* s is public */
    kurv_mont_mul(sc, u, e, w);
    kurv_mont_store(sc, u1, slen, u);
    kurv_mont_mul(sc, u, r, w);
    kurv_mont_store(sc, u2, slen, u);

    /* X = u1 G + u2 Q must be finite with x(X) mod n = r: x(X) is r or r + n */
    nx = dsa_x_candidates(c, xs, sig);
    err = c->ops->mul2_x_eq_vartime(c, &eq, u1, u2, qxy, xs, nx);
    return err == KURV_OK && eq ? KURV_OK : KURV_ERR_SIGNATURE;
}
