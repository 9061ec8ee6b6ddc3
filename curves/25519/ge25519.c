/*
 * kurv-25519 internal: the group edwards25519 (contract in ge25519.h).
 *
 * Inputs and outputs: points in the forms of ge25519.h, encodings of RFC 8032 5.1.2.
 * Builds on fe25519.c. The curve constants d, 2d and sqrt(-1) = 2^((p-1)/4), and B, are
 * RFC 8032 5.1's, as little-endian bytes, loaded with k25519_fe_frombytes where needed.
 * Addition (RFC 8032 5.1.4, with the second point in cached or affine precomputed form):
 *   A = (Y1 - X1)(Y2 - X2), B = (Y1 + X1)(Y2 + X2), C = T1 2d T2, D = 2 Z1 Z2,
 *   E = B - A, F = D - C, G = D + C, H = B + A; X3 = E F, Y3 = G H, T3 = E H, Z3 = F G.
 * Subtraction adds -q = (-X2, Y2, Z2, -T2): Y2 - X2 and Y2 + X2 trade places and C changes
 * sign, so F and G trade places. k25519_ge_encode_vartime inverts Z in variable time
 * (k25519_fe_invert_vartime; public points only). The sums and
 * differences that go straight into a product are fe25519.h's lazy ones (no carry; each within
 * the 2^54 bound its comment gives). Constant time everywhere but in k25519_ge_decode,
 * k25519_ge_encode_vartime and k25519_ge_eq_vartime (public values only).
 */
#include "ge25519.h"

/* d = -121665 / 121666, 2d, sqrt(-1) = 2^((p-1)/4), and the base point B = (x, 4/5) with
 * x even (RFC 8032 5.1), little-endian */
static const uint8_t D_BYTES[32] = {
    0xa3, 0x78, 0x59, 0x13, 0xca, 0x4d, 0xeb, 0x75, 0xab, 0xd8, 0x41, 0x41, 0x4d, 0x0a, 0x70, 0x00,
    0x98, 0xe8, 0x79, 0x77, 0x79, 0x40, 0xc7, 0x8c, 0x73, 0xfe, 0x6f, 0x2b, 0xee, 0x6c, 0x03, 0x52,
};
static const uint8_t D2_BYTES[32] = {
    0x59, 0xf1, 0xb2, 0x26, 0x94, 0x9b, 0xd6, 0xeb, 0x56, 0xb1, 0x83, 0x82, 0x9a, 0x14, 0xe0, 0x00,
    0x30, 0xd1, 0xf3, 0xee, 0xf2, 0x80, 0x8e, 0x19, 0xe7, 0xfc, 0xdf, 0x56, 0xdc, 0xd9, 0x06, 0x24,
};
static const uint8_t SQRTM1_BYTES[32] = {
    0xb0, 0xa0, 0x0e, 0x4a, 0x27, 0x1b, 0xee, 0xc4, 0x78, 0xe4, 0x2f, 0xad, 0x06, 0x18, 0x43, 0x2f,
    0xa7, 0xd7, 0xfb, 0x3d, 0x99, 0x00, 0x4d, 0x2b, 0x0b, 0xdf, 0xc1, 0x4f, 0x80, 0x24, 0x83, 0x2b,
};
static const uint8_t BX_BYTES[32] = {
    0x1a, 0xd5, 0x25, 0x8f, 0x60, 0x2d, 0x56, 0xc9, 0xb2, 0xa7, 0x25, 0x95, 0x60, 0xc7, 0x2c, 0x69,
    0x5c, 0xdc, 0xd6, 0xfd, 0x31, 0xe2, 0xa4, 0xc0, 0xfe, 0x53, 0x6e, 0xcd, 0xd3, 0x36, 0x69, 0x21,
};
static const uint8_t BY_BYTES[32] = {
    0x58, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
    0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66, 0x66,
};

void k25519_ge_identity(k25519_ge *p)
{
    k25519_fe_0(&p->X);
    k25519_fe_1(&p->Y);
    k25519_fe_1(&p->Z);
    k25519_fe_0(&p->T);
}

void k25519_ge_base(k25519_ge *p)
{
    k25519_fe_frombytes(&p->X, BX_BYTES);
    k25519_fe_frombytes(&p->Y, BY_BYTES);
    k25519_fe_1(&p->Z);
    k25519_fe_mul(&p->T, &p->X, &p->Y);
}

/* the addition's end, the mixed addition and the doubling on this field (edw_tmpl.h) */
#define KEW_FE k25519_fe
#define KEW_PT k25519_ge
#define KEW_NIELS k25519_niels
#define KEW_ADD_LAZY k25519_fe_add_lazy
#define KEW_SUB_LAZY k25519_fe_sub_lazy
#define KEW_SUB k25519_fe_sub
#define KEW_MUL k25519_fe_mul
#define KEW_SQ k25519_fe_sq
#define KEW_CSWAP k25519_fe_cswap
#define KEW_ADD_FINISH add_finish
#define KEW_MADD_N madd_n
#define KEW_DBL dbl
#include "edw_tmpl.h"

/* p + q (neg = 0) or p - q (neg = 1) for a cached q; neg is public in every caller */
static void add_cached(k25519_ge *r, const k25519_ge *p, const k25519_cached *q, uint64_t neg)
{
    k25519_fe a, b, c, d, ymx, ypx;
    k25519_fe_sub_lazy(&ymx, &p->Y, &p->X);
    k25519_fe_add_lazy(&ypx, &p->Y, &p->X);
    k25519_fe_mul(&a, &ymx, neg ? &q->YpX : &q->YmX);
    k25519_fe_mul(&b, &ypx, neg ? &q->YmX : &q->YpX);
    k25519_fe_mul(&c, &p->T, &q->T2d);
    k25519_fe_mul(&d, &p->Z, &q->Z);
    k25519_fe_add_lazy(&d, &d, &d);
    add_finish(r, &a, &b, &c, &d, neg);
}

void k25519_ge_add(k25519_ge *r, const k25519_ge *p, const k25519_cached *q)
{
    add_cached(r, p, q, 0);
}

void k25519_ge_sub(k25519_ge *r, const k25519_ge *p, const k25519_cached *q)
{
    add_cached(r, p, q, 1);
}

void k25519_ge_madd(k25519_ge *r, const k25519_ge *p, const k25519_niels *q)
{
    static const uint64_t pos = 0;
    if (r != p)
        *r = *p;
    madd_n(r, q, &pos, 1);   /* in place */
}

void k25519_ge_madd_n(k25519_ge *r, const k25519_niels *q, const uint64_t *neg, int n)
{
    if (n == 2)
        madd_n(r, q, neg, 2);   /* unrolled: the two additions side by side */
    else
        madd_n(r, q, neg, 1);
}

void k25519_ge_dbl(k25519_ge *r, const k25519_ge *p)
{
    dbl(r, p, 1);
}

void k25519_ge_dbl_xyz(k25519_ge *r, const k25519_ge *p)
{
    dbl(r, p, 0);
}

void k25519_ge_to_cached(k25519_cached *r, const k25519_ge *p)
{
    k25519_fe d2;
    k25519_fe_frombytes(&d2, D2_BYTES);
    k25519_fe_add(&r->YpX, &p->Y, &p->X);
    k25519_fe_sub(&r->YmX, &p->Y, &p->X);
    k25519_fe_copy(&r->Z, &p->Z);
    k25519_fe_mul(&r->T2d, &p->T, &d2);
}

void k25519_ge_to_niels(k25519_niels *r, const k25519_ge *p)
{
    k25519_fe zi, x, y, d2;
    k25519_fe_frombytes(&d2, D2_BYTES);
    k25519_fe_invert(&zi, &p->Z);
    k25519_fe_mul(&x, &p->X, &zi);
    k25519_fe_mul(&y, &p->Y, &zi);
    k25519_fe_add(&r->ypx, &y, &x);
    k25519_fe_sub(&r->ymx, &y, &x);
    k25519_fe_mul(&r->xy2d, &x, &y);
    k25519_fe_mul(&r->xy2d, &r->xy2d, &d2);
}

void k25519_ge_neg(k25519_ge *r, const k25519_ge *p)
{
    k25519_fe_neg(&r->X, &p->X);
    k25519_fe_copy(&r->Y, &p->Y);
    k25519_fe_copy(&r->Z, &p->Z);
    k25519_fe_neg(&r->T, &p->T);
}

/* out = the encoding of p, given zi = 1/Z */
static void encode_with(uint8_t out[32], const k25519_ge *p, const k25519_fe *zi)
{
    k25519_fe x, y;
    k25519_fe_mul(&x, &p->X, zi);
    k25519_fe_mul(&y, &p->Y, zi);
    k25519_fe_tobytes(out, &y);
    out[31] |= (uint8_t)(k25519_fe_isodd(&x) << 7);
}

void k25519_ge_encode(uint8_t out[32], const k25519_ge *p)
{
    k25519_fe zi;
    k25519_fe_invert(&zi, &p->Z);
    encode_with(out, p, &zi);
}

void k25519_ge_encode_vartime(uint8_t out[32], const k25519_ge *p)
{
    k25519_fe zi;
    k25519_fe_invert_vartime(&zi, &p->Z);
    encode_with(out, p, &zi);
}

/* one inversion for both: 1/(Z_p Z_q) times Z_q is 1/Z_p, times Z_p is 1/Z_q */
void k25519_ge_encode2(uint8_t out_p[32], const k25519_ge *p, uint8_t out_q[32],
                       const k25519_ge *q)
{
    k25519_fe inv, zi;
    k25519_fe_mul(&inv, &p->Z, &q->Z);
    k25519_fe_invert(&inv, &inv);
    k25519_fe_mul(&zi, &inv, &q->Z);
    encode_with(out_p, p, &zi);
    k25519_fe_mul(&zi, &inv, &p->Z);
    encode_with(out_q, q, &zi);
}

int k25519_ge_decode(k25519_ge *p, const uint8_t s[32])
{
    k25519_fe u, v, v3, vxx, t, one, d;
    unsigned sign = s[31] >> 7;
    int i;

    /* y < p: the 255 low bits below 2^255 - 19 */
    if ((s[31] & 0x7f) == 0x7f && s[0] >= 0xed) {
        for (i = 1; i < 31 && s[i] == 0xff; i++)
            ;
        if (i == 31)
            return -1;
    }
    k25519_fe_frombytes(&p->Y, s);
    k25519_fe_frombytes(&d, D_BYTES);
    k25519_fe_1(&one);
    k25519_fe_1(&p->Z);
    k25519_fe_sq(&u, &p->Y);
    k25519_fe_mul(&v, &u, &d);
    k25519_fe_sub(&u, &u, &one);        /* u = y^2 - 1 */
    k25519_fe_add(&v, &v, &one);        /* v = d y^2 + 1 */
    /* x = u v^3 (u v^7)^((p-5)/8) */
    k25519_fe_sq(&v3, &v);
    k25519_fe_mul(&v3, &v3, &v);        /* v^3 */
    k25519_fe_sq(&t, &v3);
    k25519_fe_mul(&t, &t, &v);          /* v^7 */
    k25519_fe_mul(&t, &t, &u);          /* u v^7 */
    k25519_fe_pow22523(&t, &t);
    k25519_fe_mul(&t, &t, &v3);
    k25519_fe_mul(&p->X, &t, &u);
    k25519_fe_sq(&vxx, &p->X);
    k25519_fe_mul(&vxx, &vxx, &v);      /* v x^2 */
    if (!k25519_fe_eq(&vxx, &u)) {
        k25519_fe_neg(&t, &u);
        if (!k25519_fe_eq(&vxx, &t))
            return -1;
        k25519_fe_frombytes(&t, SQRTM1_BYTES);
        k25519_fe_mul(&p->X, &p->X, &t);
    }
    if (k25519_fe_iszero(&p->X) && sign)
        return -1;
    if (k25519_fe_isodd(&p->X) != sign)
        k25519_fe_neg(&p->X, &p->X);
    k25519_fe_mul(&p->T, &p->X, &p->Y);
    return 0;
}

int k25519_ge_eq_vartime(const k25519_ge *p, const k25519_ge *q)
{
    k25519_fe a, b;
    k25519_fe_mul(&a, &p->X, &q->Z);
    k25519_fe_mul(&b, &q->X, &p->Z);
    if (!k25519_fe_eq(&a, &b))
        return 0;
    k25519_fe_mul(&a, &p->Y, &q->Z);
    k25519_fe_mul(&b, &q->Y, &p->Z);
    return (int)k25519_fe_eq(&a, &b);
}

void k25519_niels_cneg(k25519_niels *r, uint64_t b)
{
    k25519_fe n;
    k25519_fe_cswap(&r->ypx, &r->ymx, b);
    k25519_fe_neg(&n, &r->xy2d);
    k25519_fe_cmov(&r->xy2d, &n, b);
}
