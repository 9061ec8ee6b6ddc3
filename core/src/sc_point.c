/*
 * kurv internal: the products of scalars with points and the point forms that ECDSA
 * (dsa/) and BIP-340 (schnorr/) use - and, for the SEC 1 forms, keys.c and ECIES -
 * through the curve's ops table (curve_impl.h), which the signature schemes do not see;
 * the contract is sc.h's (its part "points"). Each function is one call of the slot it
 * names, or a few lines of byte handling on the curve's public parameters: no field or
 * point arithmetic here. Compiled, as sc.c, into libkurv and into libkurv-schnorr
 * (hidden symbols in each).
 */
#include "sc.h"
#include "curve_impl.h"

#include <string.h>

kurv_err kurv_ec_mul_base(const kurv_curve *c, uint8_t *xy, const uint8_t *k)
{
    return c->ops->mul_base(c, xy, k);
}

kurv_err kurv_ec_mul2_x_eq_vartime(const kurv_curve *c, int *eq, const uint8_t *u1,
                                   const uint8_t *u2, const uint8_t *qxy,
                                   const uint8_t *xs, size_t nx)
{
    return c->ops->mul2_x_eq_vartime(c, eq, u1, u2, qxy, xs, nx);
}

int kurv_ec_has_ext(const kurv_curve *c)
{
    return c->ops->ext != NULL;
}

kurv_err kurv_ec_mul2_xy_vartime(const kurv_curve *c, uint8_t *xy, const uint8_t *u1,
                                 const uint8_t *u2, const uint8_t *qxy)
{
    if (!c->ops->ext)
        return KURV_ERR_UNSUPPORTED;
    return c->ops->ext->mul2_xy_vartime(c, xy, u1, u2, qxy);
}

size_t kurv_ec_msm_scratch_size(const kurv_curve *c, size_t n)
{
    return c->ops->ext ? c->ops->ext->msm_scratch_size(c, n) : 0;
}

kurv_err kurv_ec_msm_vartime(const kurv_curve *c, uint8_t *xy, const uint8_t *g,
                             const uint8_t *k, const uint8_t *pxy, size_t n,
                             void *scratch, size_t scratch_len)
{
    if (!c->ops->ext)
        return KURV_ERR_UNSUPPORTED;
    return c->ops->ext->msm_vartime(c, xy, g, k, pxy, n, scratch, scratch_len);
}

kurv_err kurv_ec_lift_x(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd)
{
    return c->ops->lift_x(c, y, x, odd);
}

kurv_err kurv_ec_lift_x_many(const kurv_curve *c, uint8_t *xy, size_t n, size_t stride,
                             int odd, size_t *bad)
{
    if (!c->ops->ext)
        return KURV_ERR_UNSUPPORTED;
    return c->ops->ext->lift_x_many(c, xy, n, stride, odd, bad);
}

/* One byte of headroom over the wider of a field element and a scalar (for r + n). */
#define EC_RX_LEN ((KURV_MAX_FIELD_LEN > KURV_MAX_SCALAR_LEN ? KURV_MAX_FIELD_LEN \
                                                             : KURV_MAX_SCALAR_LEN) + 1)

int kurv_ec_x_from_r(const kurv_curve *c, uint8_t *x, const uint8_t *r, int high)
{
    size_t flen = c->flen, slen = c->slen, len = (flen > slen ? flen : slen) + 1, i;
    uint8_t sum[EC_RX_LEN], pv[EC_RX_LEN];
    unsigned carry = 0;

    /* r and p as len-byte big-endian numbers, then r + n when high */
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

kurv_err kurv_point_decode_xy(const kurv_curve *c, uint8_t *xy, const uint8_t *pt, size_t pt_len)
{
    kurv_err e;
    if (!kurv_curve_ok(c) || !pt)
        return KURV_ERR_ARG;
    if (pt_len == 1 && pt[0] == 0x00)
        return KURV_ERR_INFINITY;
    if (pt_len == 1 + 2 * c->flen && pt[0] == 0x04) {
        e = c->ops->check_xy(c, pt + 1);
        if (e == KURV_OK)
            memcpy(xy, pt + 1, 2 * c->flen);
        return e;
    }
    if (pt_len == 1 + c->flen && (pt[0] == 0x02 || pt[0] == 0x03)) {
        memcpy(xy, pt + 1, c->flen);
        return c->ops->lift_x(c, xy + c->flen, pt + 1, pt[0] & 1);
    }
    return KURV_ERR_POINT;
}

kurv_err kurv_point_encode_xy(const kurv_curve *c, uint8_t *out, size_t *out_len,
                              int compressed, const uint8_t *xy)
{
    size_t need = compressed ? 1 + c->flen : 1 + 2 * c->flen;
    if (!out_len)
        return KURV_ERR_ARG;
    if (!out || *out_len < need) {
        *out_len = need;
        return KURV_ERR_BUFFER;
    }
    if (compressed) {
        out[0] = (uint8_t)(0x02 | (xy[2 * c->flen - 1] & 1));
        memcpy(out + 1, xy, c->flen);
    } else {
        out[0] = 0x04;
        memcpy(out + 1, xy, 2 * c->flen);
    }
    *out_len = need;
    return KURV_OK;
}
