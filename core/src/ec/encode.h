/*
 * kurv internal, curve template: encodings between bytes and the template's types.
 * A field element is EC_FLEN big-endian bytes of its plain value; an affine point
 * x||y (2 EC_FLEN bytes). Constant time unless named _vartime; the point at infinity
 * is reported as a public fact (declassified for the constant-time test).
 */
#ifndef KURV_EC_ENCODE_H
#define KURV_EC_ENCODE_H

/* Parse EC_FLEN big-endian bytes; return all-ones if the value is < p (r is set either way). */
static uint64_t fe_from_bytes(EC_CTX_PARAM fe *r, const uint8_t *b)
{
    fe t, d;
    uint64_t bw;
    kl_from_be(EC_N, t.v, b, EC_FLEN);
    bw = kl_sub(EC_N, d.v, t.v, EC_P.v);
    fe_to_dom(EC_CTX_ARG r, &t); /* to_dom of a value >= p is harmless: the caller rejects it */
    return 0 - bw;
}

static void fe_to_bytes(EC_CTX_PARAM uint8_t *b, const fe *a)
{
    fe t;
    fe_from_dom(EC_CTX_ARG &t, a);
    kl_to_be(EC_N, b, EC_FLEN, t.v);
}

/* a = x||y; 1 if both coordinates are < p (a is set either way) */
static int ec_load_aff(EC_CTX_PARAM ec_aff *a, const uint8_t *xy)
{
    uint64_t ok = fe_from_bytes(EC_CTX_ARG &a->x, xy) &
                  fe_from_bytes(EC_CTX_ARG &a->y, xy + EC_FLEN);
    return (int)(ok & 1);
}

/* xy = affine x||y of p; KURV_ERR_INFINITY (xy zeroed) if p is O */
static kurv_err ec_store_proj(EC_CTX_PARAM uint8_t *xy, const ec_proj *p)
{
    ec_aff a;
    uint64_t inf = proj_to_aff(EC_CTX_ARG &a, p);
    fe_to_bytes(EC_CTX_ARG xy, &a.x);
    fe_to_bytes(EC_CTX_ARG xy + EC_FLEN, &a.y);
    kurv_declassify(&inf, sizeof inf);   /* O is reported to the caller: public */
    if (inf & 1) {   /* O: a public fact about the result */
        memset(xy, 0, 2 * EC_FLEN);
        return KURV_ERR_INFINITY;
    }
    return KURV_OK;
}

/* Jacobian p -> affine x||y bytes; p must not be O. Variable time: public points only. */
static void jac_store_xy_vartime(EC_CTX_PARAM uint8_t *xy, const ec_jac *p)
{
    fe zi, zi2, t;
    fe_inv_vartime(EC_CTX_ARG &zi, &p->z);
    fe_sqr(EC_CTX_ARG &zi2, &zi);
    fe_mul(EC_CTX_ARG &t, &p->x, &zi2);
    fe_to_bytes(EC_CTX_ARG xy, &t);
    fe_mul(EC_CTX_ARG &zi2, &zi2, &zi);
    fe_mul(EC_CTX_ARG &t, &p->y, &zi2);
    fe_to_bytes(EC_CTX_ARG xy + EC_FLEN, &t);
}

/* y = r or -r, whichever has the parity odd, as bytes */
static inline void ec_store_y_parity(EC_CTX_PARAM uint8_t *y, const fe *r, int odd)
{
    fe v = *r, nr;
    fe_neg(EC_CTX_ARG &nr, &v);
    fe_cmov(EC_CTX_ARG &v, &nr,
            kl_eq64(fe_is_odd(EC_CTX_ARG &v), (uint64_t)(odd != 0)) ^ ~(uint64_t)0);
    fe_to_bytes(EC_CTX_ARG y, &v);
}

#endif
