/*
 * kurv ECDSA: public-key recovery, SEC 1 v2 4.1.6 (kurv_ecdsa_recover; see kurv/ecdsa.h).
 * Variable time: the signature, the recovery id and the digest are public. Built on the
 * point API (kurv/point.h), so it runs on every curve, built-in or made at run time.
 */
#include "ecdsa_impl.h"
#include "sc.h"   /* scalars, x from r, SEC 1 point encoding */

#include <string.h>
#include <kurv/point.h>

kurv_err kurv_ecdsa_recover(const kurv_curve *c, uint8_t *pub, size_t *pub_len,
                            int compressed, const uint8_t *sig, size_t sig_len,
                            unsigned recid, const uint8_t *digest, size_t digest_len)
{
    kurv_sc r, s, e, ri, u;
    uint8_t x[KURV_MAX_FIELD_LEN];
    uint8_t u1[KURV_MAX_SCALAR_LEN], u2[KURV_MAX_SCALAR_LEN], tb[KURV_MAX_SCALAR_LEN];
    uint8_t qxy[2 * KURV_MAX_FIELD_LEN];
    kurv_affine ra, qa;
    kurv_jacobian rj, gj, qj;
    size_t slen, flen;
    kurv_err err;

    slen = kurv_curve_scalar_len(c);            /* 0: not a usable descriptor */
    flen = kurv_curve_field_len(c);
    if (!slen || !pub || !pub_len || !digest || digest_len == 0
        || digest_len > KURV_MAX_HASH_LEN || recid > 3)
        return KURV_ERR_ARG;

    /* r, s in [1, n-1] (step 1 of 4.1.6 requires a valid signature's ranges) */
    if (!sig || sig_len != 2 * slen)
        return KURV_ERR_SIGNATURE;
    if (!(kurv_sc_load_nonzero(c, &r, sig) & 1) || !(kurv_sc_load_nonzero(c, &s, sig + slen) & 1))
        return KURV_ERR_SIGNATURE;

    /* steps 1.1 to 1.3: x = r + (recid >> 1) n, R = the point with that x and the parity
     * of y that bit 0 names (2.3.4 with the compressed form's prefix 2 + parity) */
    if (!kurv_ec_x_from_r(c, x, sig, (int)(recid >> 1)))
        return KURV_ERR_POINT;
    err = kurv_affine_from_x(c, &ra, x, (int)(recid & 1));
    if (err != KURV_OK)
        return err;

    /* steps 1.5 and 1.6.1: e = bits2int(H(m)) mod n (as signing makes it);
     * Q = r^-1 (s R - e G) = u1 G + u2 R, u1 = -e r^-1, u2 = s r^-1 */
    kurv_dsa_bits2int(c, tb, digest, digest_len);
    kurv_sc_reduce(c, &e, tb, slen);
    kurv_sc_inv_vartime(c, &ri, &r);            /* public values */
    kurv_sc_mul(c, &u, &e, &ri);
    kurv_sc_neg(c, &u, &u);
    kurv_sc_store(c, u1, &u);
    kurv_sc_mul(c, &u, &s, &ri);
    kurv_sc_store(c, u2, &u);

    if (kurv_affine_set_xy(c, &qa, kurv_curve_param(c, 'x', NULL), kurv_curve_param(c, 'y', NULL))
        != KURV_OK
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
