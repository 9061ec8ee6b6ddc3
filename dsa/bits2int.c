/* kurv ECDSA: bits2int (RFC 6979 2.3.2; FIPS 186-5 6.4.1); the reduction modulo n that
 * follows it is kurv_sc_reduce (core/src/sc.h). */
#include "ecdsa_impl.h"

#include <string.h>

void kurv_dsa_bits2int(const kurv_curve *c, uint8_t *out, const uint8_t *in, size_t in_len)
{
    size_t slen = kurv_curve_scalar_len(c), i;
    unsigned qlen = kurv_curve_order_bits(c), sh;

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
