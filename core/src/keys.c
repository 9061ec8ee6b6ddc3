/* kurv core: private keys, SEC1 points, ECDH (see kurv/keys.h; kurv_random is random.c's,
 * the SEC 1 decoding and encoding under the point functions sc_point.c's). */
#include <kurv/keys.h>
#include <kurv/util.h>
#include "curve_impl.h"
#include "sc.h"
#include "ct.h"

#include <string.h>

kurv_err kurv_privkey_check(const kurv_curve *c, const uint8_t *priv, size_t priv_len)
{
    if (!kurv_curve_ok(c) || !priv || priv_len != c->slen)
        return KURV_ERR_PRIVKEY;
    {
        uint64_t ok = kurv_sc_valid(c, priv);
        kurv_declassify(&ok, sizeof ok);   /* the result is returned: public */
        return (ok & 1) ? KURV_OK : KURV_ERR_PRIVKEY;
    }
}

kurv_err kurv_point_check(const kurv_curve *c, const uint8_t *pt, size_t pt_len)
{
    uint8_t xy[2 * KURV_MAX_FIELD_LEN];
    return kurv_point_decode_xy(c, xy, pt, pt_len);
}

kurv_err kurv_point_convert(const kurv_curve *c, uint8_t *out, size_t *out_len,
                            int compressed, const uint8_t *in, size_t in_len)
{
    uint8_t xy[2 * KURV_MAX_FIELD_LEN];
    kurv_err e;
    if (!kurv_curve_ok(c) || !out_len)
        return KURV_ERR_ARG;
    e = kurv_point_decode_xy(c, xy, in, in_len);
    if (e != KURV_OK)
        return e;
    return kurv_point_encode_xy(c, out, out_len, compressed, xy);
}

kurv_err kurv_pubkey_from_priv(const kurv_curve *c, uint8_t *pub, size_t *pub_len,
                               int compressed, const uint8_t *priv, size_t priv_len)
{
    uint8_t xy[2 * KURV_MAX_FIELD_LEN];
    kurv_err e;

    if (!kurv_curve_ok(c) || !pub_len)
        return KURV_ERR_ARG;
    if (kurv_privkey_check(c, priv, priv_len) != KURV_OK)
        return KURV_ERR_PRIVKEY;
    if (!pub || *pub_len < kurv_curve_point_len(c, compressed)) {
        *pub_len = kurv_curve_point_len(c, compressed);
        return KURV_ERR_BUFFER;
    }
    e = c->ops->mul_base(c, xy, priv);
    if (e == KURV_OK)
        e = kurv_point_encode_xy(c, pub, pub_len, compressed, xy);
    kurv_wipe(xy, sizeof xy);
    return e;
}

kurv_err kurv_keygen(const kurv_curve *c, uint8_t *priv, size_t priv_len,
                     uint8_t *pub, size_t *pub_len, int compressed)
{
    unsigned extra_bits, tries;
    kurv_err e;

    if (!kurv_curve_ok(c) || !priv || priv_len != c->slen)
        return KURV_ERR_ARG;
    if (pub && (!pub_len || *pub_len < kurv_curve_point_len(c, compressed))) {
        if (pub_len)
            *pub_len = kurv_curve_point_len(c, compressed);
        kurv_wipe(priv, priv_len);
        return pub_len ? KURV_ERR_BUFFER : KURV_ERR_ARG;
    }
    extra_bits = (unsigned)(8 * c->slen) - c->order_bits;
    /* rejection sampling: draw order_bits random bits until 1 <= d < n */
    for (tries = 0; tries < 256; tries++) {
        e = kurv_random(priv, priv_len);
        if (e != KURV_OK)
            return e;
        priv[0] &= (uint8_t)(0xFFu >> extra_bits);
        {
            uint64_t ok = kurv_sc_valid(c, priv);
            kurv_declassify(&ok, sizeof ok);   /* a rejected draw is discarded */
            if (ok & 1)
                break;
        }
    }
    if (tries == 256) {
        kurv_wipe(priv, priv_len);
        return KURV_ERR_RNG;
    }
    if (pub) {
        e = kurv_pubkey_from_priv(c, pub, pub_len, compressed, priv, priv_len);
        if (e != KURV_OK) {
            kurv_wipe(priv, priv_len);
            return e;
        }
    }
    return KURV_OK;
}

kurv_err kurv_ecdh(const kurv_curve *c, uint8_t *secret, size_t secret_len,
                   const uint8_t *priv, size_t priv_len,
                   const uint8_t *peer, size_t peer_len)
{
    uint8_t q[2 * KURV_MAX_FIELD_LEN], r[2 * KURV_MAX_FIELD_LEN];
    kurv_err e;

    if (!kurv_curve_ok(c) || !secret || secret_len != c->flen)
        return KURV_ERR_ARG;
    memset(secret, 0, secret_len);
    if (kurv_privkey_check(c, priv, priv_len) != KURV_OK)
        return KURV_ERR_PRIVKEY;
    e = kurv_point_decode_xy(c, q, peer, peer_len);
    if (e != KURV_OK)
        return e;
    e = c->ops->mul(c, r, priv, q);
    if (e == KURV_OK)
        memcpy(secret, r, c->flen);
    kurv_wipe(r, sizeof r);
    return e;
}
