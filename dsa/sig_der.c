/* kurv ECDSA: strict DER Ecdsa-Sig-Value <-> raw r||s (see kurv/ecdsa.h). */
#include "ecdsa_impl.h"

#include <string.h>
#include <kurv/ecdsa.h>

/* Bytes of the DER length field for a content of len bytes (X.690 8.1.3, 10.1). */
static size_t der_len_size(size_t len)
{
    return len < 0x80 ? 1 : len < 0x100 ? 2 : 3;
}

static uint8_t *der_put_len(uint8_t *p, size_t len)
{
    if (len >= 0x100) {
        *p++ = 0x82;
        *p++ = (uint8_t)(len >> 8);
    } else if (len >= 0x80) {
        *p++ = 0x81;
    }
    *p++ = (uint8_t)len;
    return p;
}

/* The minimal INTEGER content of an unsigned big-endian value: skip leading zero
 * bytes (keeping one for zero) and note whether a 0x00 must precede a high bit. */
static size_t int_content(const uint8_t *v, size_t len, size_t *skip, int *pad)
{
    size_t i = 0;
    while (i + 1 < len && v[i] == 0)
        i++;
    *skip = i;
    *pad = (v[i] & 0x80) != 0;
    return len - i + (size_t)*pad;
}

static uint8_t *der_put_int(uint8_t *p, const uint8_t *v, size_t len)
{
    size_t skip, clen;
    int pad;

    clen = int_content(v, len, &skip, &pad);
    *p++ = 0x02;
    p = der_put_len(p, clen);
    if (pad)
        *p++ = 0x00;
    memcpy(p, v + skip, len - skip);
    return p + (len - skip);
}

kurv_err kurv_ecdsa_sig_to_der(const kurv_curve *c, uint8_t *der, size_t *der_len,
                               const uint8_t *sig, size_t sig_len)
{
    size_t slen, lr, ls, body, need, skip;
    int pad;
    uint8_t *p;

    slen = kurv_curve_scalar_len(c);            /* 0: not a usable descriptor */
    if (!slen || !der_len || !sig || sig_len != 2 * slen)
        return KURV_ERR_ARG;
    lr = int_content(sig, slen, &skip, &pad);
    ls = int_content(sig + slen, slen, &skip, &pad);
    body = 1 + der_len_size(lr) + lr + 1 + der_len_size(ls) + ls;
    need = 1 + der_len_size(body) + body;
    if (!der || *der_len < need) {
        *der_len = need;
        return KURV_ERR_BUFFER;
    }
    p = der;
    *p++ = 0x30;
    p = der_put_len(p, body);
    p = der_put_int(p, sig, slen);
    der_put_int(p, sig + slen, slen);
    *der_len = need;
    return KURV_OK;
}

/* Read a DER length at *p (at most end); reject indefinite, non-minimal and
 * more-than-two-byte forms. Return 0 and the length, or -1. */
static int der_get_len(const uint8_t **p, const uint8_t *end, size_t *len)
{
    const uint8_t *q = *p;
    size_t v;

    if (q >= end)
        return -1;
    if (q[0] < 0x80) {
        v = q[0];
        q += 1;
    } else if (q[0] == 0x81) {
        if (end - q < 2 || q[1] < 0x80)          /* short form would do */
            return -1;
        v = q[1];
        q += 2;
    } else if (q[0] == 0x82) {
        if (end - q < 3 || q[1] == 0)             /* 0x81 form would do */
            return -1;
        v = (size_t)q[1] << 8 | q[2];
        q += 3;
    } else {
        return -1;                                /* 0x80 (indefinite) or too long */
    }
    if ((size_t)(end - q) < v)
        return -1;
    *p = q;
    *len = v;
    return 0;
}

/* Read one INTEGER into out (slen bytes, left-padded). It must be minimal,
 * non-negative and fit in slen bytes. */
static int der_get_int(const uint8_t **p, const uint8_t *end, uint8_t *out, size_t slen)
{
    const uint8_t *q = *p;
    size_t len;

    if (q >= end || *q++ != 0x02 || der_get_len(&q, end, &len) != 0 || len == 0)
        return -1;
    if (q[0] & 0x80)                                   /* negative */
        return -1;
    if (len > 1 && q[0] == 0x00 && !(q[1] & 0x80))     /* superfluous leading zero */
        return -1;
    *p = q + len;
    if (q[0] == 0x00 && len > 1) {
        q++;
        len--;
    }
    if (len > slen)
        return -1;
    memset(out, 0, slen - len);
    memcpy(out + slen - len, q, len);
    return 0;
}

kurv_err kurv_ecdsa_sig_from_der(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                 const uint8_t *der, size_t der_len)
{
    const uint8_t *p = der, *end, *seq_end;
    size_t slen, len;

    slen = kurv_curve_scalar_len(c);            /* 0: not a usable descriptor */
    if (!slen || !sig || sig_len != 2 * slen)
        return KURV_ERR_ARG;
    memset(sig, 0, sig_len);
    if (!der || der_len == 0)
        return KURV_ERR_ENCODING;
    end = der + der_len;
    if (*p++ != 0x30 || der_get_len(&p, end, &len) != 0)
        return KURV_ERR_ENCODING;
    seq_end = p + len;
    if (seq_end != end                                  /* trailing bytes */
        || der_get_int(&p, seq_end, sig, slen) != 0
        || der_get_int(&p, seq_end, sig + slen, slen) != 0
        || p != seq_end) {                              /* extra items in the SEQUENCE */
        memset(sig, 0, sig_len);
        return KURV_ERR_ENCODING;
    }
    return KURV_OK;
}
