/* kurv core: curves from run-time short-Weierstrass parameters (kurv_curve_new). */
#include <kurv/point.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "rt_impl.h"
#include "limb.h"
#include "ct.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the byte-level ops of a runtime curve,
 * on top of its point ops (inputs validated by the core, as for built-in curves) */

static void rt_bytes_to_limbs(uint64_t *r, const uint8_t *b, size_t len)
{
    kl_from_be(KURV_MAXL, r, b, len);
}

static kurv_err rt_store_jac(const kurv_curve *c, uint8_t *xy, const uint64_t *j)
{
    uint64_t a[2][KURV_MAXL], t[KURV_MAXL], inf;
    inf = c->ops->p_to_aff(c, a[0], j);
    kurv_declassify(&inf, sizeof inf);   /* O is reported to the caller: public */
    if (inf & 1) {
        memset(xy, 0, 2 * c->flen);
        return KURV_ERR_INFINITY;
    }
    c->ops->p_fe_store(c, t, a[0]);
    kl_to_be(KURV_MAXL, xy, c->flen, t);
    c->ops->p_fe_store(c, t, a[1]);
    kl_to_be(KURV_MAXL, xy + c->flen, c->flen, t);
    kurv_wipe(a, sizeof a);
    kurv_wipe(t, sizeof t);
    return KURV_OK;
}

/* Jacobian (x, y, 1) from affine bytes; mask: both coordinates < p */
static uint64_t rt_load_xy(const kurv_curve *c, uint64_t *j, const uint8_t *xy)
{
    uint64_t t[KURV_MAXL], one[KURV_MAXL] = {1}, ok;
    memset(j, 0, 3 * KURV_MAXL * sizeof *j);
    rt_bytes_to_limbs(t, xy, c->flen);
    ok = c->ops->p_fe_load(c, j, t);
    rt_bytes_to_limbs(t, xy + c->flen, c->flen);
    ok &= c->ops->p_fe_load(c, j + KURV_MAXL, t);
    c->ops->p_fe_load(c, j + 2 * KURV_MAXL, one);
    return ok;
}

static kurv_err rt_op_mul_base(const kurv_curve *c, uint8_t *xy, const uint8_t *k)
{
    uint64_t kl[KURV_MAXL], r[3][KURV_MAXL];
    kurv_err e;
    rt_bytes_to_limbs(kl, k, c->slen);
    c->ops->p_mul_table(c, r[0], kl, NULL);
    e = rt_store_jac(c, xy, r[0]);
    kurv_wipe(kl, sizeof kl);
    kurv_wipe(r, sizeof r);
    return e;
}

static kurv_err rt_op_mul(const kurv_curve *c, uint8_t *xy, const uint8_t *k, const uint8_t *pxy)
{
    uint64_t kl[KURV_MAXL], p[3][KURV_MAXL], r[3][KURV_MAXL];
    kurv_err e;
    if (!(rt_load_xy(c, p[0], pxy) & 1))
        return KURV_ERR_POINT;
    rt_bytes_to_limbs(kl, k, c->slen);
    c->ops->p_mul(c, r[0], kl, p[0]);
    e = rt_store_jac(c, xy, r[0]);
    kurv_wipe(kl, sizeof kl);
    kurv_wipe(r, sizeof r);
    return e;
}

/* mul2_x_eq_vartime (curve_impl.h) through the point ops: R to affine (one inversion),
 * then its x bytes against each candidate. Variable time: public inputs. */
static kurv_err rt_op_mul2_x_eq_vartime(const kurv_curve *c, int *eq, const uint8_t *u1,
                                        const uint8_t *u2, const uint8_t *qxy,
                                        const uint8_t *xs, size_t nx)
{
    uint64_t a[KURV_MAXL], b[KURV_MAXL], g[3][KURV_MAXL], q[3][KURV_MAXL], r[3][KURV_MAXL];
    uint8_t xy[2 * KURV_MAX_FIELD_LEN], gxy[2 * KURV_MAX_FIELD_LEN];
    size_t i;
    kurv_err e;
    *eq = 0;
    memcpy(gxy, c->gx, c->flen);
    memcpy(gxy + c->flen, c->gy, c->flen);
    rt_load_xy(c, g[0], gxy);
    if (!(rt_load_xy(c, q[0], qxy) & 1))
        return KURV_ERR_POINT;
    rt_bytes_to_limbs(a, u1, c->slen);
    rt_bytes_to_limbs(b, u2, c->slen);
    c->ops->p_mul2_vartime(c, r[0], a, g[0], b, q[0]);
    e = rt_store_jac(c, xy, r[0]);
    if (e != KURV_OK)
        return e;
    for (i = 0; i < nx; i++)
        if (memcmp(xy, xs + i * c->flen, c->flen) == 0)
            *eq = 1;
    return KURV_OK;
}

static kurv_err rt_op_check_xy(const kurv_curve *c, const uint8_t *xy)
{
    uint64_t j[3][KURV_MAXL], ok;
    ok = rt_load_xy(c, j[0], xy);
    ok &= c->ops->p_aff_on_curve(c, j[0]);
    return (ok & 1) ? KURV_OK : KURV_ERR_POINT;
}

static kurv_err rt_op_lift_x(const kurv_curve *c, uint8_t *y, const uint8_t *x, int odd)
{
    uint64_t xl[KURV_MAXL], a[2][KURV_MAXL], t[KURV_MAXL], ok;
    rt_bytes_to_limbs(xl, x, c->flen);
    ok = c->ops->p_aff_from_x(c, a[0], xl, odd);
    if (!(ok & 1))
        return KURV_ERR_POINT;
    c->ops->p_fe_store(c, t, a[1]);
    kl_to_be(KURV_MAXL, y, c->flen, t);
    return KURV_OK;
}

/* ------------------------------------------------------------ big-integer helpers (public values) */

/* strip leading zero bytes */
static const uint8_t *rt_strip(const uint8_t *b, size_t *len)
{
    while (*len > 0 && b[0] == 0) {
        b++;
        (*len)--;
    }
    return b;
}

static unsigned rt_bits(const uint8_t *b, size_t len)
{
    unsigned bits;
    if (len == 0)
        return 0;
    bits = 8 * (unsigned)len;
    for (uint8_t top = b[0]; !(top & 0x80); top <<= 1)
        bits--;
    return bits;
}

/* a Montgomery context for an odd m with exactly nl limbs (nl may exceed m's own) */
static void rt_mont_setup(kurv_mont *m, const uint64_t *mod, size_t nl, unsigned bits)
{
    uint64_t t[KURV_MAXL] = {1};
    size_t i;
    memset(m, 0, sizeof *m);
    m->nl = nl;
    m->bits = bits;
    memcpy(m->m, mod, nl * sizeof *mod);
    m->m0inv = kl_m0inv(m->m[0]);
    for (i = 0; i < 128 * nl; i++) {
        kl_modadd(nl, t, t, t, m->m);
        if (i + 1 == 64 * nl)
            memcpy(m->one, t, sizeof t);
    }
    memcpy(m->rr, t, sizeof t);
}

/*
 * Miller-Rabin with @rounds random bases (the bases come from the system CSPRNG, so
 * a composite built against fixed bases does not pass): 1 if m is a probable prime.
 * m is odd and > 3 (the caller checks). Variable time: public parameters only.
 */
static int rt_probable_prime(const uint8_t *mb, size_t len, unsigned rounds, kurv_err *rng)
{
    kurv_mont m;
    uint64_t d[KURV_MAXL] = {0}, one_plain[KURV_MAXL] = {1}, mm1[KURV_MAXL], x[KURV_MAXL], a[KURV_MAXL];
    uint64_t dm1[KURV_MAXL] = {0};
    uint8_t db[8 * KURV_MAXL], rb[8 * KURV_MAXL];
    unsigned r = 0, i, j;
    size_t nl;

    if (kurv_mont_init(&m, mb, len) != 0)
        return 0;
    nl = m.nl;
    kl_sub(nl, d, m.m, one_plain);          /* d = m - 1 */
    memcpy(dm1, d, sizeof dm1);
    kurv_mont_neg(&m, mm1, m.one);           /* -1 in Montgomery form */
    while (!(d[0] & 1)) {
        for (i = 0; i < nl; i++)
            d[i] = (d[i] >> 1) | (i + 1 < nl ? d[i + 1] << 63 : 0);
        r++;
    }
    kl_to_be(nl, db, 8 * nl, d);
    for (i = 0; i < rounds; i++) {
        /* a uniform in [2, m - 2] by rejection */
        for (;;) {
            if (kurv_random(rb, len) != KURV_OK) {
                *rng = KURV_ERR_RNG;
                return 0;
            }
            rb[0] &= (uint8_t)(0xFF >> (8 * len - m.bits));
            kl_from_be(nl, a, rb, len);
            if ((a[0] >= 2 || !kl_is_zero(nl - 1, a + 1)) && (kurv_mont_lt(&m, a, dm1) & 1))
                break;
        }
        kurv_mont_to(&m, a, a);
        kurv_mont_pow_pubexp(&m, x, a, db, 8 * nl);
        if (memcmp(x, m.one, nl * 8) == 0 || memcmp(x, mm1, nl * 8) == 0)
            continue;
        for (j = 1; j < r; j++) {
            kurv_mont_mul(&m, x, x, x);
            if (memcmp(x, mm1, nl * 8) == 0)
                break;
        }
        if (j >= r)
            return 0;
    }
    return 1;
}

/* ------------------------------------------------------------ construction */

static kurv_err rt_fail(kurv_curve_fault *fault, kurv_curve_fault f, kurv_err e)
{
    if (fault)
        *fault = f;
    return e;
}

/* copy a parameter, left-padded to len bytes; 0 if it does not fit */
static int rt_pad(uint8_t *out, size_t len, const uint8_t *in, size_t in_len)
{
    in = rt_strip(in, &in_len);
    if (in_len > len)
        return 0;
    memset(out, 0, len - in_len);
    memcpy(out + len - in_len, in, in_len);
    return 1;
}

kurv_err kurv_curve_new(kurv_curve **out, const kurv_curve_params *prm, kurv_curve_fault *fault)
{
    return kurv_rt_curve_new(out, prm, fault, NULL);
}

kurv_err kurv_rt_curve_new(kurv_curve **out, const kurv_curve_params *prm,
                           kurv_curve_fault *fault, const struct kurv_curve_ops *engine)
{
    static const struct kurv_curve_ops *const engines[] = {
        &kurv_rt_ops4, &kurv_rt_ops5, &kurv_rt_ops6, &kurv_rt_ops7, &kurv_rt_ops8, &kurv_rt_ops9};
    struct kurv_rt_curve *rc;
    struct kurv_curve *c;
    const uint8_t *p, *n;
    size_t plen, nlen, L, tlen, i;
    unsigned pbits, nbits;
    uint64_t pl[KURV_MAXL], nl_[KURV_MAXL], t[KURV_MAXL], u[KURV_MAXL], v[KURV_MAXL];
    kurv_mont fp;
    kurv_err rng = KURV_OK;

    if (fault)
        *fault = KURV_CURVE_FAULT_NONE;
    if (!out || !prm || !prm->p || !prm->a || !prm->b || !prm->gx || !prm->gy || !prm->n)
        return KURV_ERR_ARG;
    *out = NULL;
    plen = prm->p_len;
    nlen = prm->n_len;
    p = rt_strip(prm->p, &plen);
    n = rt_strip(prm->n, &nlen);
    pbits = rt_bits(p, plen);
    nbits = rt_bits(n, nlen);
    /* n >= 2^(KURV_RT_MIN_ORDER_BITS - 1): k*P's folded ladder and the table's incomplete
     * additions need n far above 2^(window + 1) (see pt_mul_ct in ec/mul_ct.h) */
    if (pbits > 521 || nbits > 522 || (nbits >= 3 && nbits < KURV_RT_MIN_ORDER_BITS))
        return rt_fail(fault, KURV_CURVE_FAULT_SIZE, KURV_ERR_UNSUPPORTED);
    if (pbits < 3 || !(p[plen - 1] & 1) || (pbits == 3 && p[0] <= 3))
        return rt_fail(fault, KURV_CURVE_FAULT_P, KURV_ERR_CURVE);
    if (nbits < 3 || !(n[nlen - 1] & 1) || (nbits == 3 && n[0] <= 3))
        return rt_fail(fault, KURV_CURVE_FAULT_N, KURV_ERR_CURVE);
    /* n = p: an anomalous curve, whose discrete logarithms are easy (SEC 1 3.1.1.2.1) */
    if (plen == nlen && memcmp(p, n, plen) == 0)
        return rt_fail(fault, KURV_CURVE_FAULT_N, KURV_ERR_CURVE);
    if (prm->cofactor != 1)
        return rt_fail(fault, KURV_CURVE_FAULT_COFACTOR, KURV_ERR_UNSUPPORTED);
    kl_from_be(KURV_MAXL, pl, p, plen);
    kl_from_be(KURV_MAXL, nl_, n, nlen);
    L = (pbits + 63) / 64;
    if ((nbits + 63) / 64 > L)
        L = (nbits + 63) / 64;
    if (L < 4)
        L = 4;
    if (L > KURV_MAXL)
        return rt_fail(fault, KURV_CURVE_FAULT_SIZE, KURV_ERR_UNSUPPORTED);
    if (!engine)
        engine = engines[L - 4];
    else if (L != 4)
        return KURV_ERR_ARG;             /* a test engine is a 4-limb instantiation */

    /* cofactor 1: #E <= p + 1 + 2 sqrt(p) < p + 1 + 2^(ceil(bits(p)/2) + 1), and n divides #E,
     * so 2n above that bound leaves #E = n */
    memset(t, 0, sizeof t);
    t[0] = 1;
    kl_add(KURV_MAXL, t, t, pl);
    memset(u, 0, sizeof u);
    u[((pbits + 1) / 2 + 1) / 64] = (uint64_t)1 << (((pbits + 1) / 2 + 1) % 64);
    kl_add(KURV_MAXL, t, t, u);
    kl_add(KURV_MAXL, v, nl_, nl_);
    if (kl_sub(KURV_MAXL, u, t, v) == 0)   /* 2n <= bound */
        return rt_fail(fault, KURV_CURVE_FAULT_COFACTOR, KURV_ERR_UNSUPPORTED);

    if (!rt_probable_prime(p, plen, 64, &rng))
        return rng ? rng : rt_fail(fault, KURV_CURVE_FAULT_P, KURV_ERR_CURVE);
    if (!rt_probable_prime(n, nlen, 64, &rng))
        return rng ? rng : rt_fail(fault, KURV_CURVE_FAULT_N, KURV_ERR_CURVE);

    tlen = engine->p_table_len;
    rc = calloc(1, sizeof *rc + tlen);
    if (!rc)
        return KURV_ERR_UNSUPPORTED;
    c = &rc->pub;
    c->flen = (pbits + 7) / 8;
    c->slen = (nbits + 7) / 8;
    if (!rt_pad(rc->p, c->flen, p, plen) || !rt_pad(rc->n, c->slen, n, nlen) ||
        !rt_pad(rc->a, c->flen, prm->a, prm->a_len) || !rt_pad(rc->b, c->flen, prm->b, prm->b_len) ||
        !rt_pad(rc->gx, c->flen, prm->gx, prm->gx_len) || !rt_pad(rc->gy, c->flen, prm->gy, prm->gy_len)) {
        free(rc);
        return rt_fail(fault, KURV_CURVE_FAULT_RANGE, KURV_ERR_CURVE);
    }
    c->abi = KURV_CURVE_ABI;
    snprintf(rc->name, sizeof rc->name, "%s", prm->name ? prm->name : "runtime");
    c->name = rc->name;
    rc->aliases[0] = NULL;
    c->aliases = rc->aliases;
    c->field_bits = pbits;
    c->order_bits = nbits;
    c->p = rc->p; c->a = rc->a; c->b = rc->b; c->gx = rc->gx; c->gy = rc->gy; c->n = rc->n;
    c->cofactor = 1;
    kurv_mont_init(&rc->sc, rc->n, c->slen);
    rt_bytes_to_limbs(rc->ctx.n, rc->n, c->slen);    /* for k*P's scalar folding */
    c->sc = &rc->sc;
    rc->ops = *engine;
    rc->ops.mul_base = rt_op_mul_base;
    rc->ops.mul = rt_op_mul;
    rc->ops.mul2_x_eq_vartime = rt_op_mul2_x_eq_vartime;
    rc->ops.check_xy = rt_op_check_xy;
    rc->ops.lift_x = rt_op_lift_x;
    rc->ops.ext = NULL;                  /* no optional capabilities */
    c->ops = &rc->ops;

    /* field context: Montgomery with R = 2^(64 L) */
    rt_mont_setup(&fp, pl, L, pbits);
    memcpy(rc->ctx.p, fp.m, sizeof rc->ctx.p);
    rc->ctx.m0inv = fp.m0inv;
    memcpy(rc->ctx.rr, fp.rr, sizeof rc->ctx.rr);
    {
        uint64_t a[KURV_MAXL], b[KURV_MAXL], b3[KURV_MAXL], x[KURV_MAXL];
        int ok = 1;
        kl_from_be(KURV_MAXL, a, rc->a, c->flen);
        kl_from_be(KURV_MAXL, b, rc->b, c->flen);
        ok &= (int)(kurv_mont_lt(&fp, a, fp.m) & 1);
        ok &= (int)(kurv_mont_lt(&fp, b, fp.m) & 1);
        kl_from_be(KURV_MAXL, x, rc->gx, c->flen);
        ok &= (int)(kurv_mont_lt(&fp, x, fp.m) & 1);
        kl_from_be(KURV_MAXL, x, rc->gy, c->flen);
        ok &= (int)(kurv_mont_lt(&fp, x, fp.m) & 1);
        if (!ok) {
            free(rc);
            return rt_fail(fault, KURV_CURVE_FAULT_RANGE, KURV_ERR_CURVE);
        }
        kurv_mont_to(&fp, a, a);
        kurv_mont_to(&fp, b, b);
        kurv_mont_add(&fp, b3, b, b);
        kurv_mont_add(&fp, b3, b3, b);
        memcpy(rc->ctx.k, fp.one, L * 8);
        memcpy(rc->ctx.k + L, a, L * 8);
        memcpy(rc->ctx.k + 2 * L, b, L * 8);
        memcpy(rc->ctx.k + 3 * L, b3, L * 8);
        /* discriminant: 4a^3 + 27b^2 != 0 */
        kurv_mont_mul(&fp, x, a, a);
        kurv_mont_mul(&fp, x, x, a);
        kurv_mont_add(&fp, x, x, x);
        kurv_mont_add(&fp, x, x, x);          /* 4a^3 */
        kurv_mont_mul(&fp, t, b, b);
        memset(u, 0, sizeof u);
        for (i = 0; i < 27; i++)
            kurv_mont_add(&fp, u, u, t);      /* 27b^2 */
        kurv_mont_add(&fp, x, x, u);
        if (kurv_mont_is_zero(&fp, x)) {
            free(rc);
            return rt_fail(fault, KURV_CURVE_FAULT_SINGULAR, KURV_ERR_CURVE);
        }
    }
    /* Tonelli-Shanks constants: p - 1 = q 2^s; c3 = (q - 1)/2; c5 = z^q, z the least non-square */
    {
        uint64_t q[KURV_MAXL], one[KURV_MAXL] = {1}, z[KURV_MAXL], e[KURV_MAXL], mm1[KURV_MAXL];
        uint8_t qb[8 * KURV_MAXL], eb[8 * KURV_MAXL];
        unsigned s = 0;
        kl_sub(L, q, fp.m, one);
        kl_sub(L, e, fp.m, one);
        for (i = 0; i < L; i++)                 /* e = (p - 1)/2 */
            e[i] = (e[i] >> 1) | (i + 1 < L ? e[i + 1] << 63 : 0);
        while (!(q[0] & 1)) {
            for (i = 0; i < L; i++)
                q[i] = (q[i] >> 1) | (i + 1 < L ? q[i + 1] << 63 : 0);
            s++;
        }
        rc->ctx.ts_s = s;
        memset(rc->ctx.ts_c3, 0, sizeof rc->ctx.ts_c3);
        for (i = 0; i < L; i++)
            rc->ctx.ts_c3[i] = (q[i] >> 1) | (i + 1 < L ? q[i + 1] << 63 : 0);
        kl_to_be(L, qb, 8 * L, q);
        kl_to_be(L, eb, 8 * L, e);
        kurv_mont_neg(&fp, mm1, fp.one);
        memset(z, 0, sizeof z);
        for (z[0] = 2;; z[0]++) {               /* half the residues are non-squares */
            uint64_t zm[KURV_MAXL], l[KURV_MAXL];
            kurv_mont_to(&fp, zm, z);
            kurv_mont_pow_pubexp(&fp, l, zm, eb, 8 * L);
            if (memcmp(l, mm1, L * 8) == 0) {
                kurv_mont_pow_pubexp(&fp, rc->ctx.ts_c5, zm, qb, 8 * L);
                break;
            }
            if (z[0] > 10000) {                 /* not a prime after all */
                free(rc);
                return rt_fail(fault, KURV_CURVE_FAULT_P, KURV_ERR_CURVE);
            }
        }
    }
    /* G on the curve, n*G = O (as (n - 1)*G = -G), then G's table */
    {
        kurv_affine g, ng;
        kurv_jacobian gj, r;
        uint64_t one[KURV_MAXL] = {1}, zero[KURV_MAXL] = {0}, nm1[KURV_MAXL], m;
        if (kurv_affine_set_xy(c, &g, rc->gx, rc->gy) != KURV_OK) {
            free(rc);
            return rt_fail(fault, KURV_CURVE_FAULT_G, KURV_ERR_CURVE);
        }
        kurv_jacobian_from_affine(&gj, &g);
        kurv_affine_neg(&ng, &g);
        kl_sub(KURV_MAXL, nm1, nl_, one);
        /* variable time (public values), and without k*P's folding of the scalar by n,
         * which would take the claimed n for granted */
        c->ops->p_mul2_vartime(c, r.x, nm1, gj.x, zero, gj.x);
        m = c->ops->p_eq_aff(c, r.x, ng.x);
        if (!(m & 1)) {
            free(rc);
            return rt_fail(fault, KURV_CURVE_FAULT_ORDER, KURV_ERR_CURVE);
        }
        rc->ctx.table = (const uint8_t *)(rc + 1);
        if (!(c->ops->p_table_build(c, (void *)(rc + 1), g.x) & 1)) {
            free(rc);
            return rt_fail(fault, KURV_CURVE_FAULT_ORDER, KURV_ERR_CURVE);
        }
    }
    *out = c;
    return KURV_OK;
}

kurv_err kurv_curve_params_of(const kurv_curve *c, kurv_curve_params *prm)
{
    if (!kurv_curve_ok(c) || !prm)
        return KURV_ERR_ARG;
    memset(prm, 0, sizeof *prm);
    prm->name = c->name;
    prm->p = c->p; prm->p_len = c->flen;
    prm->a = c->a; prm->a_len = c->flen;
    prm->b = c->b; prm->b_len = c->flen;
    prm->gx = c->gx; prm->gx_len = c->flen;
    prm->gy = c->gy; prm->gy_len = c->flen;
    prm->n = c->n; prm->n_len = c->slen;
    prm->cofactor = c->cofactor;
    return KURV_OK;
}

void kurv_curve_free(kurv_curve *c)
{
    struct kurv_rt_curve *rc = (struct kurv_rt_curve *)(void *)c;
    if (!c || c->ops != &rc->ops)     /* NULL, or a built-in descriptor: nothing to free */
        return;
    kurv_wipe(rc, sizeof *rc + rc->ops.p_table_len);
    free(rc);
}
