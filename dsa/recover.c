/*
 * kurv ECDSA: public-key recovery, SEC 1 v2 4.1.6 (kurv_ecdsa_recover; see kurv/ecdsa.h).
 * Variable time: the signature, the recovery id and the digest are public. Built on the
 * point API (kurv/point.h), so it runs on every curve, built-in or made at run time.
 */
#include "ecdsa_impl.h"
#include "keys_impl.h"

#include <string.h>
#include <kurv/point.h>

/* One byte of headroom over the wider of a field element and a scalar (for r + n). */
#define RX_LEN ((KURV_MAX_FIELD_LEN > KURV_MAX_SCALAR_LEN ? KURV_MAX_FIELD_LEN : KURV_MAX_SCALAR_LEN) + 1)

/*
 * x (flen bytes) = r + n when high, else r, for the x-coordinate of R (SEC 1 4.1.6 step
 * 1.1: x = r + j n). r: slen bytes. Returns 0 if that value is >= p (no such point:
 * step 1.2's x must be a field element), else 1.
 */
static int rec_x(const kurv_curve *c, uint8_t *x, const uint8_t *r, int high)
{
    size_t flen = c->flen, slen = c->slen, len = (flen > slen ? flen : slen) + 1, i;
    uint8_t sum[RX_LEN], pv[RX_LEN];
    unsigned carry = 0;

    memset(sum, 0, len);
    memset(pv, 0, len);
    memcpy(sum + len - slen, r, slen);
    memcpy(pv + len - flen, c->p, flen);
    if (high) {
        for (i = 0; i < slen; i++) {
            size_t j = len - 1 - i;
            unsigned t = (unsigned)sum[j] + c->n[slen - 1 - i] + carry;
            sum[j] = (uint8_t)t;
            carry = t >> 8;
        }
        for (i = len - slen; i-- > 0 && carry;) {
            unsigned t = (unsigned)sum[i] + carry;
            sum[i] = (uint8_t)t;
            carry = t >> 8;
        }
    }
    if (memcmp(sum, pv, len) >= 0)
        return 0;
    memcpy(x, sum + len - flen, flen);
    return 1;
}

kurv_err kurv_ecdsa_recover(const kurv_curve *c, uint8_t *pub, size_t *pub_len,
                            int compressed, const uint8_t *sig, size_t sig_len,
                            unsigned recid, const uint8_t *digest, size_t digest_len)
{
    const kurv_mont *sc;
    uint64_t v[KURV_MAXL];
    uint8_t x[KURV_MAX_FIELD_LEN], e[KURV_MAX_SCALAR_LEN], ri[KURV_MAX_SCALAR_LEN];
    uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], tb[KURV_MAX_SCALAR_LEN];
    uint8_t qxy[2 * KURV_MAX_FIELD_LEN];
    kurv_affine ra, qa;
    kurv_jacobian rj, gj, qj;
    size_t slen, flen;
    kurv_err err;

    if (!kurv_curve_ok(c) || !pub || !pub_len || !digest || digest_len == 0
        || digest_len > KURV_MAX_HASH_LEN || recid > 3)
        return KURV_ERR_ARG;
    slen = c->slen;
    flen = c->flen;
    sc = c->sc;

    /* r, s in [1, n-1] (step 1 of 4.1.6 requires a valid signature's ranges) */
    if (!sig || sig_len != 2 * slen)
        return KURV_ERR_SIGNATURE;
    if (!(kurv_mont_load(sc, v, sig, slen) & 1) || (kurv_mont_is_zero(sc, v) & 1))
        return KURV_ERR_SIGNATURE;
    if (!(kurv_mont_load(sc, v, sig + slen, slen) & 1) || (kurv_mont_is_zero(sc, v) & 1))
        return KURV_ERR_SIGNATURE;

    /* steps 1.1 to 1.3: x = r + (recid >> 1) n, R = the point with that x and the parity
     * of y that bit 0 names (2.3.4 with the compressed form's prefix 2 + parity) */
    if (!rec_x(c, x, sig, (int)(recid >> 1)))
        return KURV_ERR_POINT;
    err = kurv_affine_from_x(c, &ra, x, (int)(recid & 1));
    if (err != KURV_OK)
        return err;

    /* steps 1.5 and 1.6.1: e = bits2int(H(m)) mod n (as signing makes it);
     * Q = r^-1 (s R - e G) = u1 G + u2 R, u1 = -e r^-1, u2 = s r^-1 */
    kurv_dsa_bits2int(c, tb, digest, digest_len);
    kurv_dsa_mod_n(c, e, tb, slen, c->order_bits);
    if (kurv_scalar_inv(c, ri, sig) != KURV_OK
        || kurv_scalar_mul(c, u1, e, ri) != KURV_OK
        || kurv_scalar_neg(c, u1, u1) != KURV_OK
        || kurv_scalar_mul(c, u2, sig + slen, ri) != KURV_OK)
        return KURV_ERR_SIGNATURE;   /* not reached: r, s and e are < n */

    if (kurv_affine_set_xy(c, &qa, c->gx, c->gy) != KURV_OK
        || kurv_jacobian_from_affine(&gj, &qa) != KURV_OK
        || kurv_jacobian_from_affine(&rj, &ra) != KURV_OK
        || kurv_jacobian_mul2_vartime(&qj, u1, &gj, u2, &rj, slen) != KURV_OK)
        return KURV_ERR_POINT;       /* not reached: G and R are points of c */
    if (kurv_jacobian_is_infinity(&qj))
        return KURV_ERR_INFINITY;    /* 4.1.6 leaves Q = O out: no public key */
    if (kurv_jacobian_to_affine(&qa, &qj) != KURV_OK
        || kurv_affine_get_xy(qxy, qxy + flen, &qa) != KURV_OK)
        return KURV_ERR_INFINITY;
    return kurv_point_encode_xy(c, pub, pub_len, compressed, qxy);
}
