/*
 * kurv internal: a generic Montgomery-form prime field for the curve template.
 * Elements are x*R mod p (R = 2^(64 EC_N)), fully reduced, constant time.
 *
 * The includer defines EC_N, `typedef struct { uint64_t v[EC_N]; } fe;`,
 * `static const fe EC_P` (the prime) and EC_P_M0INV (-p^-1 mod 2^64), and provides
 * ec_fp_rr (R^2 mod p as an fe): the generated header defines it as a constant; the
 * table generator computes it at start-up (see gen_tmpl.h, EC_FIELD_MONT).
 */
#ifndef KURV_FE_MONT_TMPL_H
#define KURV_FE_MONT_TMPL_H

#include "mont_impl.h"
#include "ec/ctx.h"

#define EC_FIELD_MONT 1

static inline void fe_mul(EC_CTX_PARAM fe *r, const fe *a, const fe *b)
{
    kl_montmul(EC_N, r->v, a->v, b->v, EC_P.v, EC_P_M0INV);
}

static inline void fe_sqr(EC_CTX_PARAM fe *r, const fe *a)
{
    kl_montmul(EC_N, r->v, a->v, a->v, EC_P.v, EC_P_M0INV);
}

static inline void fe_to_dom(EC_CTX_PARAM fe *r, const fe *a)
{
    kl_montmul(EC_N, r->v, a->v, ec_fp_rr.v, EC_P.v, EC_P_M0INV);
}

static inline void fe_from_dom(EC_CTX_PARAM fe *r, const fe *a)
{
    fe one = {{1}};
    kl_montmul(EC_N, r->v, a->v, one.v, EC_P.v, EC_P_M0INV);
}

#endif
