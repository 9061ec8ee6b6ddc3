/* kurv core: the algorithm-independent tail of a PKCS#8 PrivateKeyInfo (see pkcs8.h). */
#include "pkcs8.h"

kurv_err kurv_pkcs8_tail(kurv_der *seq, unsigned long version, int *has_pub, kurv_der *pub)
{
    kurv_der v, attr;
    uint8_t tag;

    *has_pub = 0;
    if (kurv_der_peek(seq) == KURV_DER_CTX0) {
        if (kurv_der_read(seq, KURV_DER_CTX0, &v) != KURV_OK)
            return KURV_ERR_ENCODING;
        while (v.len)
            if (kurv_der_read(&v, KURV_DER_SEQUENCE, &attr) != KURV_OK)
                return KURV_ERR_ENCODING;
    }
    if (version == 1 && kurv_der_peek(seq) == KURV_DER_CTX1_PRIM) {
        if (kurv_der_read_any(seq, &tag, &v) != KURV_OK || kurv_der_bits(&v, pub) != KURV_OK)
            return KURV_ERR_ENCODING;
        *has_pub = 1;
    }
    return kurv_der_end(seq);
}
