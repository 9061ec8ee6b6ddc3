/* kurv internal: Montgomery arithmetic with a run-time limb count (see mont.h). */
#if defined(__GNUC__) && !defined(__clang__)
/* With the limb count switched at run time, GCC cannot see that kl_montmul writes
 * every limb below n before reading it. */
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include "mont.h"
#include "limb.h"
#include "safegcd.h"

#include <string.h>

/* The Montgomery product with the limb count as a compile-time constant (1 to 9
 * limbs), so the loops unroll. */
static void mont_mul_any(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    switch (ctx->nl) {
    case 1: kl_montmul(1, r, a, b, ctx->m, ctx->m0inv); break;
    case 2: kl_montmul(2, r, a, b, ctx->m, ctx->m0inv); break;
    case 3: kl_montmul(3, r, a, b, ctx->m, ctx->m0inv); break;
    case 4: kl_montmul(4, r, a, b, ctx->m, ctx->m0inv); break;
    case 5: kl_montmul(5, r, a, b, ctx->m, ctx->m0inv); break;
    case 6: kl_montmul(6, r, a, b, ctx->m, ctx->m0inv); break;
    case 7: kl_montmul(7, r, a, b, ctx->m, ctx->m0inv); break;
    case 8: kl_montmul(8, r, a, b, ctx->m, ctx->m0inv); break;
    default: kl_montmul(9, r, a, b, ctx->m, ctx->m0inv); break;   /* nl <= KURV_MAXL = 9 */
    }
}

int kurv_mont_init(kurv_mont *ctx, const uint8_t *m, size_t len)
{
    size_t nl, i, bits;
    uint64_t t[KURV_MAXL];

    while (len > 0 && m[0] == 0) {
        m++;
        len--;
    }
    if (len == 0 || len > 8 * KURV_MAXL || !(m[len - 1] & 1))
        return -1;
    memset(ctx, 0, sizeof *ctx);
    nl = (len + 7) / 8;
    ctx->nl = nl;
    kl_from_be(nl, ctx->m, m, len);
    bits = 64 * nl;
    while (!((ctx->m[(bits - 1) / 64] >> ((bits - 1) % 64)) & 1))
        bits--;
    ctx->bits = (unsigned)bits;
    ctx->m0inv = kl_m0inv(ctx->m[0]);

    /* one = R mod m: start from 1 and double 64*nl times; rr: double 64*nl more. */
    memset(t, 0, sizeof t);
    t[0] = 1;
    for (i = 0; i < 128 * nl; i++) {
        kl_modadd(nl, t, t, t, ctx->m);
        if (i + 1 == 64 * nl)
            memcpy(ctx->one, t, sizeof t);
    }
    memcpy(ctx->rr, t, sizeof t);
    return 0;
}

uint64_t kurv_mont_load(const kurv_mont *ctx, uint64_t *r, const uint8_t *b, size_t len)
{
    kl_from_be(ctx->nl, r, b, len);
    return kurv_mont_lt(ctx, r, ctx->m);
}

void kurv_mont_store(const kurv_mont *ctx, uint8_t *b, size_t len, const uint64_t *a)
{
    kl_to_be(ctx->nl, b, len, a);
}

void kurv_mont_add(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    kl_modadd(ctx->nl, r, a, b, ctx->m);
}

void kurv_mont_sub(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    kl_modsub(ctx->nl, r, a, b, ctx->m);
}

void kurv_mont_neg(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    uint64_t z[KURV_MAXL] = {0};
    kl_modsub(ctx->nl, r, z, a, ctx->m);
}

void kurv_mont_mul(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, const uint64_t *b)
{
    mont_mul_any(ctx, r, a, b);
}

void kurv_mont_to(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    mont_mul_any(ctx, r, a, ctx->rr);
}

void kurv_mont_from(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    uint64_t one[KURV_MAXL] = {1};
    mont_mul_any(ctx, r, a, one);
}

void kurv_mont_pow_pubexp(const kurv_mont *ctx, uint64_t *r, const uint64_t *a,
                          const uint8_t *e, size_t elen)
{
    /* fixed 4-bit window; the exponent is public, the base may be secret */
    uint64_t tab[16][KURV_MAXL], acc[KURV_MAXL], t[KURV_MAXL];
    size_t nl = ctx->nl, i, j;
    int started = 0;

    memcpy(tab[0], ctx->one, sizeof tab[0]);
    memcpy(tab[1], a, nl * 8);
    for (i = 2; i < 16; i++)
        mont_mul_any(ctx, tab[i], tab[i - 1], a);
    memcpy(acc, ctx->one, sizeof acc);
    for (i = 0; i < 2 * elen; i++) {
        unsigned nib = (i & 1) ? (e[i / 2] & 15u) : (e[i / 2] >> 4);
        if (started)
            for (j = 0; j < 4; j++)
                mont_mul_any(ctx, acc, acc, acc);
        if (nib) {
            /* constant-time pick of tab[nib] would not matter: nib is public */
            memcpy(t, tab[nib], sizeof t);
            mont_mul_any(ctx, acc, acc, t);
            started = 1;
        }
    }
    memcpy(r, acc, nl * 8);
}

/* r = a^-1 mod m (plain values) by safegcd, constant time (ct = 1: kl_inv_safegcd_ct, m
 * prime) or variable time (ct = 0: public a only; a not coprime to m maps to 0), the
 * limb count a compile-time constant in each case so that the loops unroll; 0 maps to 0.
 * The branch on ct is on a constant argument. */
static void mont_safegcd_any(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, int ct)
{
#define MONT_SG_CASE(nl)                                   \
    case nl:                                               \
        if (ct)                                            \
            kl_inv_safegcd_ct(nl, r, a, ctx->m);           \
        else                                               \
            (void)kl_inv_safegcd_vartime(nl, r, a, ctx->m); \
        break;
    switch (ctx->nl) {
    MONT_SG_CASE(1)
    MONT_SG_CASE(2)
    MONT_SG_CASE(3)
    MONT_SG_CASE(4)
    MONT_SG_CASE(5)
    MONT_SG_CASE(6)
    MONT_SG_CASE(7)
    MONT_SG_CASE(8)
    default:                                 /* nl <= KURV_MAXL = 9 */
    MONT_SG_CASE(9)
    }
#undef MONT_SG_CASE
}

void kurv_mont_inv(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    /* a = A*R: leave the domain, invert the plain A in constant time, come back */
    uint64_t t[KURV_MAXL];
    kurv_mont_from(ctx, t, a);
    mont_safegcd_any(ctx, t, t, 1);
    kurv_mont_to(ctx, r, t);
    kl_sg_wipe(t, sizeof t);
}

void kurv_mont_inv_vartime(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    /* a = A*R: leave the domain, invert the plain A, come back: A^-1 * R */
    uint64_t t[KURV_MAXL];
    kurv_mont_from(ctx, t, a);
    mont_safegcd_any(ctx, t, t, 0);
    kurv_mont_to(ctx, r, t);
}

void kurv_mont_inv_plain(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    mont_safegcd_any(ctx, r, a, 1);
}

void kurv_mont_inv_plain_vartime(const kurv_mont *ctx, uint64_t *r, const uint64_t *a)
{
    mont_safegcd_any(ctx, r, a, 0);
}

uint64_t kurv_mont_is_zero(const kurv_mont *ctx, const uint64_t *a)
{
    return kl_is_zero(ctx->nl, a);
}

uint64_t kurv_mont_lt(const kurv_mont *ctx, const uint64_t *a, const uint64_t *b)
{
    uint64_t t[KURV_MAXL];
    return 0 - kl_sub(ctx->nl, t, a, b);
}

void kurv_mont_cmov(const kurv_mont *ctx, uint64_t *r, const uint64_t *a, uint64_t mask)
{
    kl_cmov(ctx->nl, r, a, mask);
}
