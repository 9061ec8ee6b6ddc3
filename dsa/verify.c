/* kurv ECDSA: verification (see kurv/ecdsa.h). Variable time: every input is public. */
#include "ecdsa_impl.h"
#include "sc.h"   /* scalars, u1*G + u2*Q, SEC 1 point decoding */

#include <string.h>

/*
 * The x-coordinates that R may have for x(R) mod n = r, as field_len-byte candidates in
 * xs: x = r, and x = r + n when r + n < p (x < p, so x mod n is x or x - n as long as
 * p < 2n, true of every curve with cofactor 1). r: scalar_len bytes, 1 <= r < n.
 * Returns how many (0 to 2): a candidate >= p is left out. Variable time (public r).
 */
static size_t dsa_x_candidates(const kurv_curve *c, uint8_t *xs, const uint8_t *r)
{
    size_t flen = kurv_curve_field_len(c), nx = 0;
    int high;

    for (high = 0; high < 2; high++)
        if (kurv_ec_x_from_r(c, xs + nx * flen, r, high))
            nx++;
    return nx;
}

kurv_err kurv_ecdsa_verify(const kurv_curve *c, const uint8_t *sig, size_t sig_len,
                           const uint8_t *pub, size_t pub_len,
                           const uint8_t *digest, size_t digest_len, unsigned flags)
{
    kurv_sc r, s, e, w, u;
    uint8_t qxy[2 * KURV_MAX_FIELD_LEN], xs[2 * KURV_MAX_FIELD_LEN];
    uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], tb[KURV_MAX_SCALAR_LEN];
    size_t slen, nx;
    kurv_err err;
    int eq;

    slen = kurv_curve_scalar_len(c);            /* 0: not a usable descriptor */
    if (!slen || !digest || digest_len == 0 || digest_len > KURV_MAX_HASH_LEN
        || (flags & ~KURV_ECDSA_VERIFY_LOW_S))
        return KURV_ERR_ARG;

    /* r, s in [1, n-1] (and s <= n/2 when LOW_S is asked for) */
    if (!sig || sig_len != 2 * slen)
        return KURV_ERR_SIGNATURE;
    if (!(kurv_sc_load_nonzero(c, &r, sig) & 1) || !(kurv_sc_load_nonzero(c, &s, sig + slen) & 1))
        return KURV_ERR_SIGNATURE;
    if ((flags & KURV_ECDSA_VERIFY_LOW_S) && (kurv_sc_is_high(c, &s) & 1))
        return KURV_ERR_SIGNATURE;

    /* Q: full SEC1 validation (on the curve, coordinates < p, not O) */
    if (!pub)
        return KURV_ERR_POINT;
    err = kurv_point_decode_xy(c, qxy, pub, pub_len);
    if (err != KURV_OK)
        return err;

    /* e = bits2int(H(m)) mod n; w = s^-1; u1 = e w, u2 = r w */
    kurv_dsa_bits2int(c, tb, digest, digest_len);
    kurv_sc_reduce(c, &e, tb, slen);
    kurv_sc_inv_vartime(c, &w, &s);     /* s is public */
    kurv_sc_mul(c, &u, &e, &w);
    kurv_sc_store(c, u1, &u);
    kurv_sc_mul(c, &u, &r, &w);
    kurv_sc_store(c, u2, &u);

    /* X = u1 G + u2 Q must be finite with x(X) mod n = r: x(X) is r or r + n */
    nx = dsa_x_candidates(c, xs, sig);
    err = kurv_ec_mul2_x_eq_vartime(c, &eq, u1, u2, qxy, xs, nx);
    return err == KURV_OK && eq ? KURV_OK : KURV_ERR_SIGNATURE;
}
