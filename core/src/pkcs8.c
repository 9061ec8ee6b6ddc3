/* kurv core: the algorithm-independent tail of a PKCS#8 PrivateKeyInfo (see pkcs8.h). */
#include "pkcs8.h"

/* One Attribute of @attrs read and checked: SEQUENCE { type OBJECT IDENTIFIER, values SET
 * OF AttributeValue }, each value a whole DER element of any type (X.501; RFC 5958 2's
 * Attributes, RFC 2985's PKCS#9 types); nothing else in the SEQUENCE. KURV_OK or
 * KURV_ERR_ENCODING. */
static kurv_err read_attribute(kurv_der *attrs)
{
    kurv_der attr, oid, set, val;
    uint8_t tag;

    if (kurv_der_read(attrs, KURV_DER_SEQUENCE, &attr) != KURV_OK ||
        kurv_der_read_oid(&attr, &oid) != KURV_OK ||
        kurv_der_read(&attr, KURV_DER_SET, &set) != KURV_OK || kurv_der_end(&attr) != KURV_OK)
        return KURV_ERR_ENCODING;
    while (set.len)
        if (kurv_der_read_any(&set, &tag, &val) != KURV_OK)
            return KURV_ERR_ENCODING;
    return KURV_OK;
}

kurv_err kurv_pkcs8_tail(kurv_der *seq, unsigned long version, int *has_pub, kurv_der *pub)
{
    kurv_der v;
    uint8_t tag;

    *has_pub = 0;
    if (kurv_der_peek(seq) == KURV_DER_CTX0) {
        if (kurv_der_read(seq, KURV_DER_CTX0, &v) != KURV_OK)
            return KURV_ERR_ENCODING;
        while (v.len)
            if (read_attribute(&v) != KURV_OK)
                return KURV_ERR_ENCODING;
    }
    if (version == 1 && kurv_der_peek(seq) == KURV_DER_CTX1_PRIM) {
        if (kurv_der_read_any(seq, &tag, &v) != KURV_OK || kurv_der_bits(&v, pub) != KURV_OK)
            return KURV_ERR_ENCODING;
        *has_pub = 1;
    }
    return kurv_der_end(seq);
}
