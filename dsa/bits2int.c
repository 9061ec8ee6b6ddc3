/* kurv ECDSA: bits2int and reduction modulo n (RFC 6979 2.3; FIPS 186-5 6.4.1). */
#include "ecdsa_impl.h"

#include <string.h>
#include <kurv/util.h>

void kurv_dsa_bits2int(const kurv_curve *c, uint8_t *out, const uint8_t *in, size_t in_len)
{
    size_t slen = c->slen, i;
    unsigned qlen = c->order_bits, sh;

    if (8 * in_len <= qlen) {
        /* short input: the integer itself, left-padded */
        memset(out, 0, slen - in_len);
        if (in_len)
            memcpy(out + slen - in_len, in, in_len);
        return;
    }
    /* 8 * in_len > qlen implies in_len >= slen: keep the first slen bytes, then drop
     * the 8 * slen - qlen (0..7) surplus low bits */
    sh = (unsigned)(8 * slen - qlen);
    for (i = slen; i-- > 0;) {
        unsigned lo = in[i], hi = i ? in[i - 1] : 0u;
        out[i] = (uint8_t)((lo >> sh) | (hi << (8 - sh)));
    }
}

#define MODN_W (KURV_MAX_FIELD_LEN + KURV_MAX_SCALAR_LEN + 2)

/* m (w bytes, big-endian) = n << bits */
static void shifted_n(const kurv_curve *c, uint8_t *m, size_t w, unsigned bits)
{
    size_t q = bits / 8, j;
    unsigned b = bits % 8;

    /* byte j from the right of the result takes n's bytes j - q and j - q - 1 from the right */
    for (j = 0; j < w; j++) {
        unsigned hi = 0, lo = 0;
        if (j >= q && j - q < c->slen)
            hi = c->n[c->slen - 1 - (j - q)];
        if (j >= q + 1 && j - q - 1 < c->slen)
            lo = c->n[c->slen - 1 - (j - q - 1)];
        m[w - 1 - j] = (uint8_t)((hi << b) | (lo >> (8 - b)));
    }
}

void kurv_dsa_mod_n(const kurv_curve *c, uint8_t *r, const uint8_t *a, size_t a_len,
                    unsigned a_bits)
{
    uint8_t x[MODN_W], m[MODN_W], t[MODN_W];
    size_t w = (a_len > c->slen ? a_len : c->slen) + 1, j;
    unsigned shift = a_bits > c->order_bits ? a_bits - c->order_bits : 0, i;

    memset(x, 0, w);
    memcpy(x + w - a_len, a, a_len);
    /* invariant before step i: x < n << (i + 1), so one conditional subtraction of n << i
     * brings it below n << i (n >= 2^(order_bits - 1) gives the start x < 2^a_bits) */
    for (i = shift + 1; i-- > 0;) {
        unsigned borrow = 0;
        uint8_t keep;
        shifted_n(c, m, w, i);
        for (j = w; j-- > 0;) {
            unsigned d = (unsigned)x[j] - m[j] - borrow;
            t[j] = (uint8_t)d;
            borrow = (d >> 8) & 1u;
        }
        keep = (uint8_t)(borrow - 1u);     /* no borrow: x >= n << i, take t */
        for (j = 0; j < w; j++)
            x[j] = (uint8_t)(x[j] ^ (keep & (x[j] ^ t[j])));
    }
    memcpy(r, x + w - c->slen, c->slen);
    kurv_wipe(x, sizeof x);
    kurv_wipe(t, sizeof t);
}
