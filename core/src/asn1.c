/* kurv core: strict DER reader and back-to-front DER writer (see asn1.h). */
#include <string.h>
#include "asn1.h"

void kurv_der_init(kurv_der *d, const uint8_t *p, size_t len)
{
    d->p = p;
    d->len = p ? len : 0;
}

int kurv_der_peek(const kurv_der *d)
{
    return d->len ? d->p[0] : -1;
}

kurv_err kurv_der_read_any(kurv_der *d, uint8_t *tag, kurv_der *val)
{
    size_t hdr = 2, len, k, i;

    if (d->len < 2)
        return KURV_ERR_ENCODING;
    /* X.690 8.1.2.4: tag number 31 announces the multi-byte form, which kurv never needs */
    if ((d->p[0] & 0x1F) == 0x1F)
        return KURV_ERR_ENCODING;
    len = d->p[1];
    if (len & 0x80) {
        k = len & 0x7F;
        /* 0x80 is the indefinite form (BER only); more than 4 length bytes is never needed */
        if (k == 0 || k > 4 || d->len - 2 < k)
            return KURV_ERR_ENCODING;
        /* DER (X.690 10.1): the fewest bytes, so no leading zero byte and no long form
         * for a length that fits the short form */
        if (d->p[2] == 0)
            return KURV_ERR_ENCODING;
        len = 0;
        for (i = 0; i < k; i++)
            len = (len << 8) | d->p[2 + i];
        if (len < 0x80)
            return KURV_ERR_ENCODING;
        hdr += k;
    }
    if (len > d->len - hdr)
        return KURV_ERR_ENCODING;
    *tag = d->p[0];
    val->p = d->p + hdr;
    val->len = len;
    d->p += hdr + len;
    d->len -= hdr + len;
    return KURV_OK;
}

kurv_err kurv_der_read(kurv_der *d, uint8_t tag, kurv_der *val)
{
    kurv_der save = *d;
    uint8_t t;
    kurv_err e = kurv_der_read_any(d, &t, val);

    if (e == KURV_OK && t != tag) {
        *d = save;
        return KURV_ERR_ENCODING;
    }
    return e;
}

kurv_err kurv_der_read_small_uint(kurv_der *d, unsigned long *v)
{
    kurv_der save = *d, val;
    unsigned long x = 0;
    size_t i;

    if (kurv_der_read(d, KURV_DER_INTEGER, &val) != KURV_OK)
        return KURV_ERR_ENCODING;
    /* X.690 8.3.2: non-empty, and the first 9 bits are not all equal; also non-negative */
    if (val.len == 0 || val.len > 4 || (val.p[0] & 0x80) ||
        (val.len > 1 && val.p[0] == 0 && !(val.p[1] & 0x80))) {
        *d = save;
        return KURV_ERR_ENCODING;
    }
    for (i = 0; i < val.len; i++)
        x = (x << 8) | val.p[i];
    *v = x;
    return KURV_OK;
}

kurv_err kurv_der_read_oid(kurv_der *d, kurv_der *oid)
{
    kurv_der save = *d;
    size_t i;

    if (kurv_der_read(d, KURV_DER_OID, oid) != KURV_OK)
        return KURV_ERR_ENCODING;
    /* X.690 8.19.2: each arc in base 128, fewest digits (no leading 0x80), last byte of
     * each arc has bit 8 clear */
    if (oid->len == 0 || (oid->p[oid->len - 1] & 0x80))
        goto bad;
    for (i = 0; i < oid->len; i++)
        if (oid->p[i] == 0x80 && (i == 0 || !(oid->p[i - 1] & 0x80)))
            goto bad;
    return KURV_OK;
bad:
    *d = save;
    return KURV_ERR_ENCODING;
}

kurv_err kurv_der_bits(const kurv_der *val, kurv_der *bits)
{
    /* X.690 8.6.2: the first contents byte counts the unused bits of the last byte */
    if (val->len < 1 || val->p[0] != 0)
        return KURV_ERR_ENCODING;
    bits->p = val->p + 1;
    bits->len = val->len - 1;
    return KURV_OK;
}

kurv_err kurv_der_end(const kurv_der *d)
{
    return d->len ? KURV_ERR_ENCODING : KURV_OK;
}

void kurv_derw_init(kurv_derw *w, uint8_t *buf, size_t cap)
{
    w->buf = buf;
    w->cap = buf ? cap : 0;
    w->used = 0;
}

void kurv_derw_bytes(kurv_derw *w, const uint8_t *p, size_t n)
{
    if (w->used <= w->cap && n <= w->cap - w->used && n)
        memcpy(w->buf + (w->cap - w->used - n), p, n);
    w->used += n;
}

void kurv_derw_byte(kurv_derw *w, uint8_t b)
{
    kurv_derw_bytes(w, &b, 1);
}

void kurv_derw_wrap(kurv_derw *w, uint8_t tag, size_t mark)
{
    size_t len = w->used - mark, k = 0;
    uint8_t hdr[2 + sizeof(size_t)];
    size_t t;

    if (len < 0x80) {
        hdr[0] = tag;
        hdr[1] = (uint8_t)len;
        kurv_derw_bytes(w, hdr, 2);
        return;
    }
    for (t = len; t; t >>= 8)
        k++;
    hdr[0] = tag;
    hdr[1] = (uint8_t)(0x80 | k);
    for (t = 0; t < k; t++)
        hdr[2 + t] = (uint8_t)(len >> (8 * (k - 1 - t)));
    kurv_derw_bytes(w, hdr, 2 + k);
}

void kurv_derw_oid(kurv_derw *w, const uint8_t *oid, size_t len)
{
    size_t m = w->used;
    kurv_derw_bytes(w, oid, len);
    kurv_derw_wrap(w, KURV_DER_OID, m);
}

int kurv_derw_ok(const kurv_derw *w)
{
    return w->used <= w->cap;
}

const uint8_t *kurv_derw_data(const kurv_derw *w)
{
    return w->buf + (w->cap - w->used);
}
