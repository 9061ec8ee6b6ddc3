/*
 * kurv internal: r = a^(2^n) for n >= 1, the runs of squarings in a field's
 * inversion addition chain. The includer has defined fe and fe_sqr.
 */
#ifndef KURV_FE_SQR_N_TMPL_H
#define KURV_FE_SQR_N_TMPL_H

static inline void fe_sqr_n(fe *r, const fe *a, int n)
{
    fe_sqr(r, a);
    while (--n > 0)
        fe_sqr(r, r);
}

#endif
