/* kurv ECDSA: verification (see kurv/ecdsa.h). Variable time: every input is public. */
#include "ecdsa_impl.h"
#include "keys_impl.h"

#include <string.h>
#include <kurv/kurv.h>

kurv_err kurv_ecdsa_verify(const kurv_curve *c, const uint8_t *sig, size_t sig_len,
                           const uint8_t *pub, size_t pub_len,
                           const uint8_t *digest, size_t digest_len, unsigned flags)
{
    const kurv_mont *sc;
    uint64_t r[KURV_MAXL], s[KURV_MAXL], ns[KURV_MAXL], e[KURV_MAXL];
    uint64_t sm[KURV_MAXL], w[KURV_MAXL], u[KURV_MAXL];
    uint8_t qxy[2 * KURV_MAX_FIELD_LEN], x[KURV_MAX_FIELD_LEN];
    uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN];
    uint8_t tb[KURV_MAX_SCALAR_LEN], xr[KURV_MAX_SCALAR_LEN];
    size_t slen;
    kurv_err err;

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

    /* X = u1 G + u2 Q must be finite with x(X) mod n = r. The curve's own check
     * compares in Jacobian coordinates (no inversion); otherwise reduce x(X) mod n. */
    if (c->ops->ecdsa_check_vartime)
        return c->ops->ecdsa_check_vartime(c, sig, u1, u2, qxy) == KURV_OK ? KURV_OK
                                                                            : KURV_ERR_SIGNATURE;
    if (c->ops->mul2_vartime(c, x, u1, u2, qxy) != KURV_OK)
        return KURV_ERR_SIGNATURE;
    kurv_dsa_mod_n(c, xr, x, c->flen, c->field_bits);
    return memcmp(xr, sig, slen) == 0 ? KURV_OK : KURV_ERR_SIGNATURE;
}
