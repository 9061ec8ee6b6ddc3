/*
 * kurv internal: scalars modulo the group order n (the contract is sc.h's). Each
 * function works on the curve's scalar context c->sc (mont.h) with its run-time limb
 * count nl, and writes the limbs of a result from nl up as zeros. Constant time unless
 * named _vartime; temporaries that held scalars are wiped.
 */
#include "sc.h"
#include "curve_impl.h"
#include "ct.h"

#include <string.h>
#include <kurv/keys.h>
#include <kurv/util.h>

/* r's limbs from nl up, which the Montgomery functions leave alone, are zero */
static void sc_clear_top(const kurv_mont *m, kurv_sc *r)
{
    memset(r->v + m->nl, 0, (KURV_MAXL - m->nl) * sizeof r->v[0]);
}

/* Wipe the nl limbs of a scalar temporary in use (the rest never held a value). */
static void sc_wipe(const kurv_mont *m, uint64_t *v)
{
    kurv_wipe(v, m->nl * sizeof *v);
}

uint64_t kurv_sc_load(const kurv_curve *c, kurv_sc *r, const uint8_t *b)
{
    uint64_t lt;
    size_t i, len = c->slen;
    /* slen <= 8 nl: the limbs above nl stay zero */
    memset(r->v, 0, sizeof r->v);
    for (i = 0; i < len; i++)
        r->v[i / 8] |= (uint64_t)b[len - 1 - i] << (8 * (i % 8));
    lt = kurv_mont_lt(c->sc, r->v, c->sc->m);
    for (i = 0; i < KURV_MAXL; i++)
        r->v[i] &= lt;
    return lt;
}

uint64_t kurv_sc_load_nonzero(const kurv_curve *c, kurv_sc *r, const uint8_t *b)
{
    return kurv_sc_load(c, r, b) & ~kurv_sc_is_zero(c, r);
}

uint64_t kurv_sc_valid(const kurv_curve *c, const uint8_t *b)
{
    kurv_sc t;
    uint64_t ok = kurv_sc_load_nonzero(c, &t, b);
    sc_wipe(c->sc, t.v);
    return ok;
}

void kurv_sc_reduce(const kurv_curve *c, kurv_sc *r, const uint8_t *x, size_t x_len)
{
    const kurv_mont *m = c->sc;
    uint64_t acc[KURV_MAXL] = {0}, chunk[KURV_MAXL];
    size_t cb = 8 * m->nl, off = 0;

    /* Horner in base R = 2^(64 nl) from the most significant (possibly short) chunk:
     * acc = acc R + chunk mod n, acc R being montmul(acc, R^2). chunk < R may exceed n,
     * but montmul(chunk, R^2) = chunk R mod n all the same (the sum it reduces stays
     * below 2 n R); montmul by 1 (kurv_mont_from) then leaves the domain. */
    while (off < x_len) {
        size_t len = off == 0 && x_len % cb ? x_len % cb : cb;
        if (off)                                /* acc is 0 before the first chunk */
            kurv_mont_mul(m, acc, acc, m->rr);
        kl_from_be(m->nl, chunk, x + off, len);
        kurv_mont_mul(m, chunk, chunk, m->rr);
        kurv_mont_from(m, chunk, chunk);
        kurv_mont_add(m, acc, acc, chunk);
        off += len;
    }
    memcpy(r->v, acc, sizeof acc);
    sc_wipe(m, acc);
    if (x_len)
        sc_wipe(m, chunk);
}

void kurv_sc_store(const kurv_curve *c, uint8_t *b, const kurv_sc *a)
{
    size_t i, len = c->slen;
    /* slen <= 8 KURV_MAXL: every byte comes from a limb */
    for (i = 0; i < len; i++)
        b[len - 1 - i] = (uint8_t)(a->v[i / 8] >> (8 * (i % 8)));
}

uint64_t kurv_sc_is_zero(const kurv_curve *c, const kurv_sc *a)
{
    return kurv_mont_is_zero(c->sc, a->v);
}

void kurv_sc_add(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, const kurv_sc *b)
{
    kurv_mont_add(c->sc, r->v, a->v, b->v);
    sc_clear_top(c->sc, r);
}

void kurv_sc_sub(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, const kurv_sc *b)
{
    kurv_mont_sub(c->sc, r->v, a->v, b->v);
    sc_clear_top(c->sc, r);
}

void kurv_sc_mul(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, const kurv_sc *b)
{
    /* a b / R, then times R^2 / R */
    kurv_mont_mul(c->sc, r->v, a->v, b->v);
    kurv_mont_mul(c->sc, r->v, r->v, c->sc->rr);
    sc_clear_top(c->sc, r);
}

void kurv_sc_neg(const kurv_curve *c, kurv_sc *r, const kurv_sc *a)
{
    kurv_mont_neg(c->sc, r->v, a->v);
    sc_clear_top(c->sc, r);
}

void kurv_sc_cneg(const kurv_curve *c, kurv_sc *r, const kurv_sc *a, uint64_t mask)
{
    kurv_sc na;
    kurv_sc_neg(c, &na, a);
    if (r != a)
        *r = *a;
    kurv_mont_cmov(c->sc, r->v, na.v, mask);
    sc_wipe(c->sc, na.v);
}

/* The two below run over all KURV_MAXL limbs, a constant count: the limbs of a and of
 * n above nl are zero (a kurv_sc's by the contract, the context's by kurv_mont_init's
 * zeroing and the generated contexts' initialisers), which changes nothing. */
uint64_t kurv_sc_is_high(const kurv_curve *c, const kurv_sc *a)
{
    return kurv_sc_is_high_limbs(KURV_MAXL, a->v, c->sc->m);
}

uint64_t kurv_sc_fold(const kurv_curve *c, kurv_sc *r, const kurv_sc *a)
{
    if (r != a)
        *r = *a;
    return kurv_sc_fold_limbs(KURV_MAXL, r->v, c->sc->m);
}

void kurv_sc_inv(const kurv_curve *c, kurv_sc *r, const kurv_sc *a)
{
    kurv_mont_inv_plain(c->sc, r->v, a->v);
    sc_clear_top(c->sc, r);
}

void kurv_sc_inv_vartime(const kurv_curve *c, kurv_sc *r, const kurv_sc *a)
{
    kurv_mont_inv_plain_vartime(c->sc, r->v, a->v);
    sc_clear_top(c->sc, r);
}

void kurv_sc_inv_blinded(const kurv_curve *c, kurv_sc *r, const kurv_sc *a)
{
    kurv_sc b, t;
    uint8_t rb[KURV_MAX_SCALAR_LEN];
    uint64_t ok = 0;
    unsigned top = c->order_bits % 8, tries;

    /* b: order_bits random bits, drawn again when 0 or >= n. Whether a draw was kept
     * depends on b alone, never on a. */
    for (tries = 0; tries < 8 && !(ok & 1); tries++) {
        if (kurv_random(rb, c->slen) != KURV_OK)
            break;
        if (top)
            rb[0] &= (uint8_t)((1u << top) - 1);
        ok = kurv_sc_load_nonzero(c, &b, rb);
    }
    if (ok & 1) {
        kurv_sc_mul(c, &t, a, &b);
        kurv_declassify(&t, sizeof t);          /* uniform, independent of a */
        kurv_sc_inv_vartime(c, &t, &t);
        kurv_sc_mul(c, r, &t, &b);
    } else {
        kurv_sc_inv(c, r, a);
    }
    sc_wipe(c->sc, b.v);
    sc_wipe(c->sc, t.v);
    kurv_wipe(rb, sizeof rb);
}
