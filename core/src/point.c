/* kurv core: the public point, scalar and field API (kurv/point.h) over the curve's
 * point ops (core/src/ec/point_ops.h). */
#include <kurv/point.h>
#include <kurv/util.h>
#include "curve_impl.h"
#include "limb.h"
#include "sc.h"
#include "ct.h"

#include <string.h>

_Static_assert(KURV_POINT_LIMBS == KURV_MAXL, "public point limbs match the core's limb bound");

#define JAC(p) ((p)->x)                 /* x, y, z are consecutive: uint64_t[3][KURV_MAXL] */
#define AFF(p) ((p)->x)

_Static_assert(offsetof(kurv_jacobian, y) == offsetof(kurv_jacobian, x) + 8 * KURV_MAXL &&
               offsetof(kurv_jacobian, z) == offsetof(kurv_jacobian, x) + 16 * KURV_MAXL &&
               offsetof(kurv_affine, y) == offsetof(kurv_affine, x) + 8 * KURV_MAXL,
               "coordinates are laid out back to back");
_Static_assert(offsetof(kurv_jacobian, x) == 8 && offsetof(kurv_affine, x) == 8 &&
               sizeof(kurv_jacobian) == 8 + 24 * KURV_MAXL &&
               sizeof(kurv_affine) == 8 + 16 * KURV_MAXL,
               "the layout kurv/point.h gives, on every target (strides in whole limbs)");

/* every curve fills the point slots of its ops (curve_impl.h): a valid descriptor will do */
static int pt_curve_ok(const kurv_curve *c)
{
    return kurv_curve_ok(c);
}

static uint64_t *jac_limbs(kurv_jacobian *p) { return JAC(p); }
static const uint64_t *jac_climbs(const kurv_jacobian *p) { return JAC(p); }
static uint64_t *aff_limbs(kurv_affine *p) { return AFF(p); }
static const uint64_t *aff_climbs(const kurv_affine *p) { return AFF(p); }

/* plain limbs of a big-endian field element of c->flen bytes */
static void be_to_limbs(uint64_t *r, const uint8_t *b, size_t len)
{
    kl_from_be(KURV_MAXL, r, b, len);
}

/* ------------------------------------------------------------ conversions */

kurv_err kurv_affine_set_xy(const kurv_curve *c, kurv_affine *r, const uint8_t *x, const uint8_t *y)
{
    uint64_t px[KURV_MAXL], py[KURV_MAXL], ok;
    if (!pt_curve_ok(c) || !r || !x || !y)
        return KURV_ERR_ARG;
    memset(r, 0, sizeof *r);
    be_to_limbs(px, x, c->flen);
    be_to_limbs(py, y, c->flen);
    ok = c->ops->p_fe_load(c, r->x, px) & c->ops->p_fe_load(c, r->y, py);
    ok &= c->ops->p_aff_on_curve(c, aff_climbs(r));
    kurv_declassify(&ok, sizeof ok);
    if (!(ok & 1)) {
        memset(r, 0, sizeof *r);
        return KURV_ERR_POINT;
    }
    r->curve = c;
    return KURV_OK;
}

kurv_err kurv_affine_get_xy(uint8_t *x, uint8_t *y, const kurv_affine *a)
{
    uint64_t t[KURV_MAXL];
    const kurv_curve *c;
    if (!a || !pt_curve_ok(a->curve))
        return KURV_ERR_ARG;
    c = a->curve;
    if (x) {
        c->ops->p_fe_store(c, t, a->x);
        kl_to_be(KURV_MAXL, x, c->flen, t);
    }
    if (y) {
        c->ops->p_fe_store(c, t, a->y);
        kl_to_be(KURV_MAXL, y, c->flen, t);
    }
    kurv_wipe(t, sizeof t);
    return KURV_OK;
}

kurv_err kurv_affine_from_x(const kurv_curve *c, kurv_affine *r, const uint8_t *x, int odd)
{
    uint64_t px[KURV_MAXL], ok;
    if (!pt_curve_ok(c) || !r || !x)
        return KURV_ERR_ARG;
    memset(r, 0, sizeof *r);
    be_to_limbs(px, x, c->flen);
    ok = c->ops->p_aff_from_x(c, aff_limbs(r), px, odd);
    kurv_declassify(&ok, sizeof ok);
    if (!(ok & 1)) {
        memset(r, 0, sizeof *r);
        return KURV_ERR_POINT;
    }
    r->curve = c;
    return KURV_OK;
}

kurv_err kurv_jacobian_set_infinity(const kurv_curve *c, kurv_jacobian *r)
{
    uint64_t one[KURV_MAXL] = {1};
    if (!pt_curve_ok(c) || !r)
        return KURV_ERR_ARG;
    memset(r, 0, sizeof *r);
    c->ops->p_fe_load(c, r->x, one);
    memcpy(r->y, r->x, sizeof r->y);
    r->curve = c;
    return KURV_OK;
}

kurv_err kurv_jacobian_from_affine(kurv_jacobian *r, const kurv_affine *a)
{
    uint64_t one[KURV_MAXL] = {1};
    const kurv_curve *c;
    if (!r || !a || !pt_curve_ok(a->curve))
        return KURV_ERR_ARG;
    c = a->curve;
    memmove(r->x, a->x, sizeof r->x);
    memmove(r->y, a->y, sizeof r->y);
    c->ops->p_fe_load(c, r->z, one);
    r->curve = c;
    return KURV_OK;
}

int kurv_jacobian_is_infinity(const kurv_jacobian *p)
{
    uint64_t m;
    if (!p || !pt_curve_ok(p->curve))
        return 0;
    m = kl_is_zero(KURV_MAXL, p->z);
    kurv_declassify(&m, sizeof m);
    return (int)(m & 1);
}

kurv_err kurv_jacobian_to_affine(kurv_affine *r, const kurv_jacobian *p)
{
    const kurv_curve *c;
    kurv_affine t;
    uint64_t inf;
    if (!r || !p || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    c = p->curve;
    memset(&t, 0, sizeof t);
    inf = c->ops->p_to_aff(c, aff_limbs(&t), jac_climbs(p));
    kurv_declassify(&inf, sizeof inf);
    if (inf & 1) {
        memset(r, 0, sizeof *r);
        return KURV_ERR_INFINITY;
    }
    t.curve = c;
    *r = t;
    kurv_wipe(&t, sizeof t);
    return KURV_OK;
}

kurv_err kurv_jacobian_batch_to_affine(kurv_affine *r, const kurv_jacobian *p, size_t count)
{
    const kurv_curve *c;
    size_t i, ninf;

    if (count == 0)
        return KURV_OK;
    if (!r || !p || !pt_curve_ok(p[0].curve))
        return KURV_ERR_ARG;
    c = p[0].curve;
    for (i = 0; i < count; i++)
        if (p[i].curve != c)
            return KURV_ERR_ARG;
    ninf = c->ops->p_batch_to_aff(c, r[0].x, sizeof(kurv_affine) / sizeof(uint64_t),
                                  p[0].x, sizeof(kurv_jacobian) / sizeof(uint64_t), count);
    kurv_declassify(&ninf, sizeof ninf);
    for (i = 0; i < count; i++) {
        uint64_t inf = kl_is_zero(KURV_MAXL, p[i].z);
        kurv_declassify(&inf, sizeof inf);
        r[i].curve = (inf & 1) ? NULL : c;
    }
    return ninf ? KURV_ERR_INFINITY : KURV_OK;
}

kurv_err kurv_affine_on_curve(const kurv_affine *a)
{
    uint64_t m;
    if (!a || !pt_curve_ok(a->curve))
        return KURV_ERR_ARG;
    m = a->curve->ops->p_aff_on_curve(a->curve, aff_climbs(a));
    kurv_declassify(&m, sizeof m);
    return (m & 1) ? KURV_OK : KURV_ERR_POINT;
}

kurv_err kurv_jacobian_on_curve(const kurv_jacobian *p)
{
    uint64_t m;
    if (!p || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    m = p->curve->ops->p_on_curve(p->curve, jac_climbs(p));
    kurv_declassify(&m, sizeof m);
    return (m & 1) ? KURV_OK : KURV_ERR_POINT;
}

/* ------------------------------------------------------------ group law */

kurv_err kurv_jacobian_add(kurv_jacobian *r, const kurv_jacobian *p, const kurv_jacobian *q)
{
    const kurv_curve *c;
    if (!r || !p || !q || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    if (q->curve != p->curve)
        return KURV_ERR_CURVE;
    c = p->curve;
    c->ops->p_add(c, jac_limbs(r), jac_climbs(p), jac_climbs(q));
    r->curve = c;
    return KURV_OK;
}

kurv_err kurv_jacobian_add_affine(kurv_jacobian *r, const kurv_jacobian *p, const kurv_affine *q)
{
    const kurv_curve *c;
    if (!r || !p || !q || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    if (q->curve != p->curve)
        return KURV_ERR_CURVE;
    c = p->curve;
    c->ops->p_add_aff(c, jac_limbs(r), jac_climbs(p), aff_climbs(q));
    r->curve = c;
    return KURV_OK;
}

kurv_err kurv_jacobian_double(kurv_jacobian *r, const kurv_jacobian *p)
{
    const kurv_curve *c;
    if (!r || !p || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    c = p->curve;
    c->ops->p_dbl(c, jac_limbs(r), jac_climbs(p));
    r->curve = c;
    return KURV_OK;
}

kurv_err kurv_jacobian_neg(kurv_jacobian *r, const kurv_jacobian *p)
{
    const kurv_curve *c;
    if (!r || !p || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    c = p->curve;
    if (r != p)
        *r = *p;
    c->ops->p_fe_neg(c, r->y, p->y);   /* -(X, Y, Z) = (X, -Y, Z); O stays O */
    return KURV_OK;
}

kurv_err kurv_affine_neg(kurv_affine *r, const kurv_affine *p)
{
    const kurv_curve *c;
    if (!r || !p || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    c = p->curve;
    if (r != p)
        *r = *p;
    c->ops->p_fe_neg(c, r->y, p->y);
    return KURV_OK;
}

int kurv_jacobian_equal(const kurv_jacobian *p, const kurv_jacobian *q)
{
    uint64_t m;
    if (!p || !q || !pt_curve_ok(p->curve) || q->curve != p->curve)
        return 0;
    m = p->curve->ops->p_eq(p->curve, jac_climbs(p), jac_climbs(q));
    kurv_declassify(&m, sizeof m);
    return (int)(m & 1);
}

int kurv_jacobian_equal_affine(const kurv_jacobian *p, const kurv_affine *q)
{
    uint64_t m;
    if (!p || !q || !pt_curve_ok(p->curve) || q->curve != p->curve)
        return 0;
    m = p->curve->ops->p_eq_aff(p->curve, jac_climbs(p), aff_climbs(q));
    kurv_declassify(&m, sizeof m);
    return (int)(m & 1);
}

/* ------------------------------------------------------------ multiplication */

kurv_err kurv_jacobian_mul(kurv_jacobian *r, const uint8_t *k, size_t k_len, const kurv_jacobian *p)
{
    const kurv_curve *c;
    kurv_sc kl;
    if (!r || !k || !p || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    c = p->curve;
    if (k_len != c->slen)
        return KURV_ERR_ARG;
    kurv_sc_reduce(c, &kl, k, c->slen);          /* used mod n */
    c->ops->p_mul(c, jac_limbs(r), kl.v, jac_climbs(p));
    r->curve = c;
    kurv_wipe(&kl, sizeof kl);
    return KURV_OK;
}

kurv_err kurv_jacobian_mul_base(const kurv_curve *c, kurv_jacobian *r, const uint8_t *k, size_t k_len)
{
    kurv_sc kl;
    if (!pt_curve_ok(c) || !r || !k || k_len != c->slen)
        return KURV_ERR_ARG;
    kurv_sc_reduce(c, &kl, k, c->slen);          /* used mod n */
    memset(r, 0, sizeof *r);
    c->ops->p_mul_table(c, jac_limbs(r), kl.v, NULL);
    r->curve = c;
    kurv_wipe(&kl, sizeof kl);
    return KURV_OK;
}

kurv_err kurv_jacobian_mul2_vartime(kurv_jacobian *r, const uint8_t *u1, const kurv_jacobian *p,
                                    const uint8_t *u2, const kurv_jacobian *q, size_t k_len)
{
    const kurv_curve *c;
    kurv_sc a, b;
    if (!r || !u1 || !u2 || !p || !q || !pt_curve_ok(p->curve))
        return KURV_ERR_ARG;
    c = p->curve;
    if (q->curve != c)
        return KURV_ERR_CURVE;
    if (k_len != c->slen)
        return KURV_ERR_ARG;
    kurv_sc_reduce(c, &a, u1, c->slen);
    kurv_sc_reduce(c, &b, u2, c->slen);
    c->ops->p_mul2_vartime(c, jac_limbs(r), a.v, jac_climbs(p), b.v, jac_climbs(q));
    r->curve = c;
    return KURV_OK;
}

/* ------------------------------------------------------------ tables */

size_t kurv_table_len(const kurv_curve *c)
{
    return pt_curve_ok(c) ? c->ops->p_table_len : 0;
}

static int table_fits(const kurv_curve *c, const void *table, size_t len)
{
    return len >= c->ops->p_table_len && ((uintptr_t)table % _Alignof(uint64_t)) == 0;
}

kurv_err kurv_table_build(const kurv_curve *c, void *table, size_t table_len, const kurv_affine *p)
{
    uint64_t ok;
    if (!pt_curve_ok(c) || !table || !p)
        return KURV_ERR_ARG;
    if (p->curve != c)
        return KURV_ERR_CURVE;
    if (!table_fits(c, table, table_len))
        return KURV_ERR_BUFFER;
    ok = c->ops->p_aff_on_curve(c, aff_climbs(p));
    kurv_declassify(&ok, sizeof ok);
    if (!(ok & 1))
        return KURV_ERR_POINT;
    ok = c->ops->p_table_build(c, table, aff_climbs(p));
    kurv_declassify(&ok, sizeof ok);
    if (!(ok & 1)) {
        kurv_wipe(table, c->ops->p_table_len);
        return KURV_ERR_POINT;
    }
    return KURV_OK;
}

kurv_err kurv_table_mul(const kurv_curve *c, kurv_jacobian *r, const void *table, size_t table_len,
                        const uint8_t *k, size_t k_len)
{
    kurv_sc kl;
    if (!pt_curve_ok(c) || !r || !table || !k || k_len != c->slen)
        return KURV_ERR_ARG;
    if (!table_fits(c, table, table_len))
        return KURV_ERR_BUFFER;
    kurv_sc_reduce(c, &kl, k, c->slen);          /* used mod n */
    memset(r, 0, sizeof *r);
    c->ops->p_mul_table(c, jac_limbs(r), kl.v, table);
    r->curve = c;
    kurv_wipe(&kl, sizeof kl);
    return KURV_OK;
}

/* ------------------------------------------------------------ scalars mod n (sc.h) */

/* r (scalar_len bytes) = v if ok is all-ones, else zeros with KURV_ERR_ARG (an input
 * was >= n); v is wiped. ok is returned, hence public. */
static kurv_err sc_finish(const kurv_curve *c, uint8_t *r, kurv_sc *v, uint64_t ok)
{
    kurv_declassify(&ok, sizeof ok);
    if (ok & 1)
        kurv_sc_store(c, r, v);
    else
        memset(r, 0, c->slen);
    kurv_wipe(v, sizeof *v);
    return (ok & 1) ? KURV_OK : KURV_ERR_ARG;
}

static kurv_err sc_binop(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b,
                         void (*op)(const kurv_curve *, kurv_sc *, const kurv_sc *, const kurv_sc *))
{
    kurv_sc x, y;
    uint64_t ok;
    kurv_err e;
    if (!kurv_curve_ok(c) || !r || !a || !b)
        return KURV_ERR_ARG;
    ok = kurv_sc_load(c, &x, a) & kurv_sc_load(c, &y, b);
    op(c, &x, &x, &y);
    e = sc_finish(c, r, &x, ok);
    kurv_wipe(&y, sizeof y);
    return e;
}

kurv_err kurv_scalar_add(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b)
{
    return sc_binop(c, r, a, b, kurv_sc_add);
}

kurv_err kurv_scalar_sub(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b)
{
    return sc_binop(c, r, a, b, kurv_sc_sub);
}

kurv_err kurv_scalar_mul(const kurv_curve *c, uint8_t *r, const uint8_t *a, const uint8_t *b)
{
    return sc_binop(c, r, a, b, kurv_sc_mul);
}

kurv_err kurv_scalar_neg(const kurv_curve *c, uint8_t *r, const uint8_t *a)
{
    kurv_sc x;
    uint64_t ok;
    if (!kurv_curve_ok(c) || !r || !a)
        return KURV_ERR_ARG;
    ok = kurv_sc_load(c, &x, a);
    kurv_sc_neg(c, &x, &x);
    return sc_finish(c, r, &x, ok);
}

kurv_err kurv_scalar_inv(const kurv_curve *c, uint8_t *r, const uint8_t *a)
{
    kurv_sc x;
    uint64_t ok;
    if (!kurv_curve_ok(c) || !r || !a)
        return KURV_ERR_ARG;
    ok = kurv_sc_load_nonzero(c, &x, a);
    kurv_sc_inv(c, &x, &x);
    return sc_finish(c, r, &x, ok);
}

kurv_err kurv_scalar_reduce(const kurv_curve *c, uint8_t *r, const uint8_t *x, size_t x_len)
{
    kurv_sc v;
    if (!kurv_curve_ok(c) || !r || (!x && x_len) || x_len > 2 * KURV_MAX_SCALAR_LEN)
        return KURV_ERR_ARG;
    kurv_sc_reduce(c, &v, x, x_len);
    kurv_sc_store(c, r, &v);
    kurv_wipe(&v, sizeof v);
    return KURV_OK;
}

/* ------------------------------------------------------------ field */

kurv_err kurv_field_sqrt(const kurv_curve *c, uint8_t *r, const uint8_t *a)
{
    uint64_t pa[KURV_MAXL], fa[KURV_MAXL] = {0}, s[KURV_MAXL] = {0}, ns[KURV_MAXL] = {0};
    uint64_t plain[KURV_MAXL], ok, odd;
    if (!pt_curve_ok(c) || !r || !a)
        return KURV_ERR_ARG;
    be_to_limbs(pa, a, c->flen);
    ok = c->ops->p_fe_load(c, fa, pa);
    ok &= c->ops->p_fe_sqrt(c, s, fa);
    c->ops->p_fe_neg(c, ns, s);
    c->ops->p_fe_store(c, plain, s);
    odd = 0 - (plain[0] & 1);
    kl_cmov(KURV_MAXL, s, ns, odd);        /* the even root */
    c->ops->p_fe_store(c, plain, s);
    kurv_declassify(&ok, sizeof ok);
    if (ok & 1)
        kl_to_be(KURV_MAXL, r, c->flen, plain);
    else
        memset(r, 0, c->flen);
    kurv_wipe(plain, sizeof plain);
    kurv_wipe(s, sizeof s);
    kurv_wipe(ns, sizeof ns);
    kurv_wipe(fa, sizeof fa);
    return (ok & 1) ? KURV_OK : KURV_ERR_POINT;
}
