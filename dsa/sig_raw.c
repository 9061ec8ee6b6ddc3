/* kurv ECDSA: low-S normalisation of raw r||s signatures (see kurv/ecdsa.h). */
#include "ecdsa_impl.h"

#include <kurv/ecdsa.h>

kurv_err kurv_ecdsa_sig_normalize(const kurv_curve *c, uint8_t *sig, size_t sig_len,
                                  int *changed)
{
    const kurv_mont *sc;
    uint64_t s[KURV_MAXL], ns[KURV_MAXL], high;
    size_t slen;

    if (changed)
        *changed = 0;
    if (!kurv_curve_ok(c) || !sig || sig_len != 2 * c->slen)
        return KURV_ERR_ARG;
    slen = c->slen;
    sc = c->sc;
    if (!(kurv_mont_load(sc, s, sig + slen, slen) & 1) || (kurv_mont_is_zero(sc, s) & 1))
        return KURV_ERR_SIGNATURE;
    /* s > n/2 exactly when n - s < s */
    kurv_mont_neg(sc, ns, s);
    high = kurv_mont_lt(sc, ns, s);
    kurv_mont_cmov(sc, s, ns, high);
    kurv_mont_store(sc, sig + slen, slen, s);
    if (changed)
        *changed = (int)(high & 1);
    return KURV_OK;
}
