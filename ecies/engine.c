/*
 * kurv ECIES: encryption and decryption (IEEE 1363a-2004 11.3, ISO/IEC 18033-2 10.2,
 * SEC 1 v2 5.1), in BouncyCastle IESEngine's order (see kurv/ecies.h).
 */
#include <kurv/keys.h>
#include <kurv/util.h>
#include <kurv/ecies.h>
#include "curve_impl.h"
#include "sc.h"          /* kurv_point_decode_xy, kurv_point_encode_xy */
#include "ecies_impl.h"
#include "ct.h"

#include <string.h>
#include <nettle/memops.h>

/*
 * From V (vlen bytes, as sent or received) and Z: the keying data K = KDF(V || Z) or
 * KDF(Z), cipher key first.
 */
static kurv_err derive_keys(const kurv_curve *c, const kurv_ecies_params *p, uint8_t *k,
                            size_t k_len, const uint8_t *v, size_t vlen, const uint8_t *z)
{
    uint8_t secret[KURV_ECIES_MAX_SECRET];
    size_t n = 0;
    kurv_err e;

    if (!(p->flags & KURV_ECIES_KDF_Z_ONLY)) {
        memcpy(secret, v, vlen);
        n = vlen;
    }
    memcpy(secret + n, z, c->flen);
    n += c->flen;
    e = kurv_ecies_kdf_run(p, k, k_len, secret, n);
    kurv_wipe(secret, sizeof secret);
    return e;
}

kurv_err kurv_ecies_kem_encrypt(const kurv_curve *c, const kurv_ecies_params *p,
                                const uint8_t *pub, size_t pub_len,
                                const uint8_t *eph, size_t eph_len, uint8_t *v, uint8_t *k)
{
    uint8_t q[2 * KURV_MAX_FIELD_LEN], s[2 * KURV_MAX_FIELD_LEN], rxy[2 * KURV_MAX_FIELD_LEN];
    uint8_t r[KURV_MAX_SCALAR_LEN];
    int compressed = (p->flags & KURV_ECIES_COMPRESSED) != 0;
    size_t vlen = kurv_curve_point_len(c, compressed);
    size_t kn = kurv_ecies_cipher_key_len(p) + kurv_ecies_mac_key_len(p);
    kurv_err e;

    /* the recipient's key is public: validate it first */
    if (!pub)
        e = KURV_ERR_POINT;
    else
        e = kurv_point_decode_xy(c, q, pub, pub_len);
    if (e != KURV_OK)
        goto done;

    /* the ephemeral key r and V = R = r*G */
    if (eph) {
        if (kurv_privkey_check(c, eph, eph_len) != KURV_OK) {
            e = KURV_ERR_PRIVKEY;
            goto done;
        }
        memcpy(r, eph, c->slen);
    } else {
        e = kurv_keygen(c, r, c->slen, NULL, NULL, 0);
        if (e != KURV_OK)
            goto done;
    }
    e = c->ops->mul_base(c, rxy, r);
    if (e == KURV_OK) {
        size_t w = vlen;
        e = kurv_point_encode_xy(c, v, &w, compressed, rxy);
    }
    /* Z = x(r*Q) (ECSVDP-DH; ECSVDP-DHC is the same with cofactor 1) */
    if (e == KURV_OK)
        e = c->ops->mul(c, s, r, q);
    if (e == KURV_OK)
        e = derive_keys(c, p, k, kn, v, vlen, s);

done:
    kurv_wipe(r, sizeof r);
    kurv_wipe(s, sizeof s);
    kurv_wipe(rxy, sizeof rxy);
    if (e != KURV_OK)
        kurv_wipe(k, kn);
    return e;
}

/*
 * Decode the ephemeral point V at the start of ct: uncompressed (0x04), compressed
 * (0x02/0x03) or hybrid (0x06/0x07: uncompressed, with y's parity in the prefix, which
 * must match, as BouncyCastle's ECCurve.decodePoint checks). *vlen gets |V|.
 */
static kurv_err decode_v(const kurv_curve *c, uint8_t *xy, size_t *vlen,
                         const uint8_t *ct, size_t ct_len)
{
    uint8_t tmp[KURV_MAX_POINT_LEN];
    kurv_err e;

    if (ct_len < 1)
        return KURV_ERR_POINT;
    switch (ct[0]) {
    case 0x02:
    case 0x03:
        *vlen = 1 + c->flen;
        break;
    case 0x04:
    case 0x06:
    case 0x07:
        *vlen = 1 + 2 * c->flen;
        break;
    default:
        return KURV_ERR_POINT;   /* 0x00 (infinity) and every other prefix */
    }
    if (ct_len < *vlen)
        return KURV_ERR_POINT;
    if (ct[0] == 0x06 || ct[0] == 0x07) {
        memcpy(tmp, ct, *vlen);
        tmp[0] = 0x04;
        e = kurv_point_decode_xy(c, xy, tmp, *vlen);
        if (e == KURV_OK && (xy[2 * c->flen - 1] & 1) != (ct[0] & 1))
            e = KURV_ERR_POINT;
        return e;
    }
    return kurv_point_decode_xy(c, xy, ct, *vlen);
}

kurv_err kurv_ecies_kem_decrypt(const kurv_curve *c, const kurv_ecies_params *p,
                                const uint8_t *priv, const uint8_t *ct, size_t ct_len,
                                size_t *vlen, uint8_t *k)
{
    uint8_t v[2 * KURV_MAX_FIELD_LEN], s[2 * KURV_MAX_FIELD_LEN];
    size_t kn = kurv_ecies_cipher_key_len(p) + kurv_ecies_mac_key_len(p);
    kurv_err e;

    e = decode_v(c, v, vlen, ct, ct_len);
    /* Z = x(d*V), keys from V as received */
    if (e == KURV_OK)
        e = c->ops->mul(c, s, priv, v);
    if (e == KURV_OK)
        e = derive_keys(c, p, k, kn, ct, *vlen, s);
    kurv_wipe(s, sizeof s);
    if (e != KURV_OK) {
        kurv_wipe(k, kn);
        return KURV_ERR_DECRYPT;
    }
    return KURV_OK;
}

static kurv_err encrypt_impl(const kurv_curve *c, uint8_t *out, size_t *out_len,
                             const uint8_t *pub, size_t pub_len,
                             const uint8_t *msg, size_t msg_len,
                             const kurv_ecies_params *p, const uint8_t *eph, size_t eph_len)
{
    uint8_t k[KURV_ECIES_MAX_KEYS];
    size_t need, vlen, body, kc, tlen;
    int ok;
    kurv_err e;

    if (kurv_ecies_params_check(c, p) != KURV_OK || !out_len || (!msg && msg_len))
        return KURV_ERR_ARG;
    if (!p)
        p = &kurv_ecies_default_params;
    vlen = kurv_curve_point_len(c, (p->flags & KURV_ECIES_COMPRESSED) != 0);
    body = kurv_ecies_body_len(p, msg_len, &ok);
    tlen = kurv_ecies_tag_len(p);
    if (!ok)
        return KURV_ERR_ARG;
    need = vlen + body + tlen;
    if (!out || *out_len < need) {
        if (out)
            kurv_wipe(out, *out_len);
        *out_len = need;
        return KURV_ERR_BUFFER;
    }
    kc = kurv_ecies_cipher_key_len(p);

    e = kurv_ecies_kem_encrypt(c, p, pub, pub_len, eph, eph_len, out, k);
    if (e == KURV_OK)
        e = kurv_ecies_dem_encrypt(p, out + vlen, k, msg, msg_len);
    if (e == KURV_OK && tlen)
        e = kurv_ecies_mac_run(p, out + vlen + body, k + kc, out + vlen, body);

    kurv_wipe(k, sizeof k);
    if (e != KURV_OK) {
        kurv_wipe(out, *out_len);
        return e;
    }
    *out_len = need;
    return KURV_OK;
}

kurv_err kurv_ecies_encrypt(const kurv_curve *c, uint8_t *out, size_t *out_len,
                            const uint8_t *pub, size_t pub_len,
                            const uint8_t *msg, size_t msg_len,
                            const kurv_ecies_params *p)
{
    return encrypt_impl(c, out, out_len, pub, pub_len, msg, msg_len, p, NULL, 0);
}

kurv_err kurv_ecies_encrypt_ephemeral(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                      const uint8_t *pub, size_t pub_len,
                                      const uint8_t *msg, size_t msg_len,
                                      const kurv_ecies_params *p,
                                      const uint8_t *eph, size_t eph_len)
{
    if (!eph)
        return KURV_ERR_PRIVKEY;
    return encrypt_impl(c, out, out_len, pub, pub_len, msg, msg_len, p, eph, eph_len);
}

kurv_err kurv_ecies_decrypt(const kurv_curve *c, uint8_t *out, size_t *out_len,
                            const uint8_t *priv, size_t priv_len,
                            const uint8_t *ct, size_t ct_len,
                            const kurv_ecies_params *p)
{
    uint8_t k[KURV_ECIES_MAX_KEYS], tag[KURV_ECIES_MAX_TAG];
    size_t bound, vlen, tlen, kc, clen, cap;
    kurv_err e;

    if (kurv_ecies_params_check(c, p) != KURV_OK || !out_len || (!ct && ct_len))
        return KURV_ERR_ARG;
    if (!p)
        p = &kurv_ecies_default_params;
    bound = kurv_ecies_plaintext_max_len(c, p, ct, ct_len);
    cap = *out_len;
    if (bound > 0 && (!out || cap < bound)) {
        if (out)
            kurv_wipe(out, cap);
        *out_len = bound;
        return KURV_ERR_BUFFER;
    }
    *out_len = 0;
    if (kurv_privkey_check(c, priv, priv_len) != KURV_OK) {
        if (out)
            kurv_wipe(out, cap);
        return KURV_ERR_PRIVKEY;
    }
    tlen = kurv_ecies_tag_len(p);
    kc = kurv_ecies_cipher_key_len(p);

    /* 1. V, Z = x(d*V) and the keys; 2. the length check (too short for V || T) */
    e = kurv_ecies_kem_decrypt(c, p, priv, ct, ct_len, &vlen, k);
    if (e != KURV_OK || ct_len < vlen + tlen) {
        e = KURV_ERR_DECRYPT;
        goto done;
    }
    clen = ct_len - vlen - tlen;
    /* 3. the tag, in constant time, before anything is decrypted */
    if (tlen) {
        int tag_ok;
        e = kurv_ecies_mac_run(p, tag, k + kc, ct + vlen, clen);
        tag_ok = memeql_sec(tag, ct + vlen + clen, tlen);
        kurv_declassify(&tag_ok, sizeof tag_ok);   /* refused or not: the caller learns it */
        if (e != KURV_OK || !tag_ok) {
            e = KURV_ERR_DECRYPT;
            goto done;
        }
    }
    /* 4. decrypt (length and padding checks inside: one code for all) */
    if (kurv_ecies_body_pt_max(p, clen) > cap) {
        e = KURV_ERR_DECRYPT;   /* cannot happen: the bound above covers it */
        goto done;
    }
    e = kurv_ecies_dem_decrypt(p, out, out_len, k, ct + vlen, clen);
    if (e != KURV_OK)
        e = KURV_ERR_DECRYPT;

done:
    kurv_wipe(k, sizeof k);
    kurv_wipe(tag, sizeof tag);
    if (e != KURV_OK) {
        *out_len = 0;
        if (out)
            kurv_wipe(out, cap);
    }
    return e;
}
