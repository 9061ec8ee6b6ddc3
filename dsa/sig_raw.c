/* kurv ECDSA: low-S normalisation of raw r||s signatures (see kurv/ecdsa.h). */
#include "ecdsa_impl.h"
#include "sc.h"

#include <kurv/ecdsa.h>

kurv_err kurv_ecdsa_sig_normalize(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                  int *changed)
{
    kurv_sc s;
    uint64_t high;
    size_t slen;

    if (changed)
        *changed = 0;
    slen = kurv_curve_scalar_len(c);            /* 0: not a usable descriptor */
    if (!slen || !sig || sig_len != 2 * slen)
        return KURV_ERR_ARG;
    if (!(kurv_sc_load_nonzero(c, &s, sig + slen) & 1))
        return KURV_ERR_SIGNATURE;
    high = kurv_sc_fold(c, &s, &s);             /* s = min(s, n - s) */
    kurv_sc_store(c, sig + slen, &s);
    if (changed)
        *changed = (int)(high & 1);
    return KURV_OK;
}
