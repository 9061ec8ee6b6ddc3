/*
 * kurv-25519: Ed25519, RFC 8032 5.1, pure variant (API, error codes and verification
 * rules in <kurv/25519.h>).
 *
 * Inputs: 32-byte seeds, 32-byte encoded public keys, 64-byte signatures, messages of any
 * length. Outputs: encoded public keys, signatures, kurv_err. Builds on the field of
 * fe25519.c, the scalars mod L of sc25519.c, SHA-512 from Nettle (<nettle/sha2.h>), and
 * the core's kurv_random and kurv_wipe.
 *
 * Points of edwards25519 (-x^2 + y^2 = 1 + d x^2 y^2) are in extended coordinates
 * (X : Y : Z : T), x = X/Z, y = Y/Z, x y = T/Z, with the addition and doubling formulas of
 * RFC 8032 5.1.4 (the addition is complete on this curve). Scalar multiplication: 4-bit
 * fixed windows, most significant first: four doublings, then the addition of one of the
 * 16 multiples 0P..15P, read from the table by a masked scan of all 16 entries (no
 * memory index, no branch on the scalar). The same routine serves the base point and
 * verification's public values. Secrets (the expanded key, the nonce r, the scalars and
 * the points made from them) are wiped after use.
 */
#include <kurv/25519.h>
#include <kurv/keys.h>
#include <kurv/util.h>

#include <string.h>
#include <nettle/sha2.h>

#include "fe25519.h"
#include "util25519.h"
#include "sc25519.h"

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

typedef struct { k25519_fe X, Y, Z, T; } ge;

static void ge_identity(ge *p)
{
    k25519_fe_0(&p->X);
    k25519_fe_1(&p->Y);
    k25519_fe_1(&p->Z);
    k25519_fe_0(&p->T);
}

static void ge_base(ge *p)
{
    k25519_fe_frombytes(&p->X, BX_BYTES);
    k25519_fe_frombytes(&p->Y, BY_BYTES);
    k25519_fe_1(&p->Z);
    k25519_fe_mul(&p->T, &p->X, &p->Y);
}

/* r = p + q (RFC 8032 5.1.4's addition: complete) */
static void ge_add(ge *r, const ge *p, const ge *q)
{
    k25519_fe a, b, c, d, e, f, g, h, t, d2;
    k25519_fe_frombytes(&d2, D2_BYTES);
    k25519_fe_sub(&a, &p->Y, &p->X);
    k25519_fe_sub(&t, &q->Y, &q->X);
    k25519_fe_mul(&a, &a, &t);          /* A = (Y1 - X1) (Y2 - X2) */
    k25519_fe_add(&b, &p->Y, &p->X);
    k25519_fe_add(&t, &q->Y, &q->X);
    k25519_fe_mul(&b, &b, &t);          /* B = (Y1 + X1) (Y2 + X2) */
    k25519_fe_mul(&c, &p->T, &q->T);
    k25519_fe_mul(&c, &c, &d2);         /* C = T1 2d T2 */
    k25519_fe_mul(&d, &p->Z, &q->Z);
    k25519_fe_add(&d, &d, &d);          /* D = Z1 2 Z2 */
    k25519_fe_sub(&e, &b, &a);          /* E = B - A */
    k25519_fe_sub(&f, &d, &c);          /* F = D - C */
    k25519_fe_add(&g, &d, &c);          /* G = D + C */
    k25519_fe_add(&h, &b, &a);          /* H = B + A */
    k25519_fe_mul(&r->X, &e, &f);
    k25519_fe_mul(&r->Y, &g, &h);
    k25519_fe_mul(&r->T, &e, &h);
    k25519_fe_mul(&r->Z, &f, &g);
}

/* r = 2p (RFC 8032 5.1.4's doubling) */
static void ge_dbl(ge *r, const ge *p)
{
    k25519_fe a, b, c, e, f, g, h, t;
    k25519_fe_sq(&a, &p->X);            /* A = X1^2 */
    k25519_fe_sq(&b, &p->Y);            /* B = Y1^2 */
    k25519_fe_sq(&c, &p->Z);
    k25519_fe_add(&c, &c, &c);          /* C = 2 Z1^2 */
    k25519_fe_add(&h, &a, &b);          /* H = A + B */
    k25519_fe_add(&t, &p->X, &p->Y);
    k25519_fe_sq(&t, &t);
    k25519_fe_sub(&e, &h, &t);          /* E = H - (X1 + Y1)^2 */
    k25519_fe_sub(&g, &a, &b);          /* G = A - B */
    k25519_fe_add(&f, &c, &g);          /* F = C + G */
    k25519_fe_mul(&r->X, &e, &f);
    k25519_fe_mul(&r->Y, &g, &h);
    k25519_fe_mul(&r->T, &e, &h);
    k25519_fe_mul(&r->Z, &f, &g);
}

static void ge_cmov(ge *r, const ge *p, uint64_t b)
{
    k25519_fe_cmov(&r->X, &p->X, b);
    k25519_fe_cmov(&r->Y, &p->Y, b);
    k25519_fe_cmov(&r->Z, &p->Z, b);
    k25519_fe_cmov(&r->T, &p->T, b);
}

/* r = [s]p, s 32 bytes little-endian (any value below 2^256); constant time in s */
static void ge_scalarmult(ge *r, const uint8_t s[32], const ge *p)
{
    ge table[16], acc, sel;
    uint64_t nib, j;
    int i, k;

    ge_identity(&table[0]);
    table[1] = *p;
    for (k = 2; k < 16; k++) {
        if (k & 1)
            ge_add(&table[k], &table[k - 1], p);
        else
            ge_dbl(&table[k], &table[k / 2]);
    }
    ge_identity(&acc);
    for (i = 63; i >= 0; i--) {
        if (i != 63) {
            ge_dbl(&acc, &acc);
            ge_dbl(&acc, &acc);
            ge_dbl(&acc, &acc);
            ge_dbl(&acc, &acc);
        }
        nib = (uint64_t)(s[i >> 1] >> (4 * (i & 1))) & 15;
        ge_identity(&sel);
        for (j = 0; j < 16; j++)
            ge_cmov(&sel, &table[j], ((j ^ nib) - 1) >> 63);
        ge_add(&acc, &acc, &sel);
    }
    *r = acc;
    kurv_wipe(table, sizeof table);
    kurv_wipe(&acc, sizeof acc);
    kurv_wipe(&sel, sizeof sel);
    kurv_wipe(&nib, sizeof nib);
}

/* RFC 8032 5.1.2: y with the low bit of x in bit 255 */
static void ge_encode(uint8_t out[32], const ge *p)
{
    k25519_fe zi, x, y;
    k25519_fe_invert(&zi, &p->Z);
    k25519_fe_mul(&x, &p->X, &zi);
    k25519_fe_mul(&y, &p->Y, &zi);
    k25519_fe_tobytes(out, &y);
    out[31] |= (uint8_t)(k25519_fe_isodd(&x) << 7);
    kurv_wipe(&zi, sizeof zi);
    kurv_wipe(&x, sizeof x);
    kurv_wipe(&y, sizeof y);
}

/* RFC 8032 5.1.3 (public inputs only: variable time). Return 0, or -1 when y >= p, when
 * x^2 = (y^2 - 1) / (d y^2 + 1) has no root, or when x = 0 and the sign bit is 1. */
static int ge_decode(ge *p, const uint8_t s[32])
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

/* the expanded key: s = the clamped first half of SHA-512(seed) (RFC 8032 5.1.5), and
 * the second half, the prefix of the nonce hash */
static void expand(uint8_t h[64], const uint8_t seed[32])
{
    struct sha512_ctx ctx;
    sha512_init(&ctx);
    sha512_update(&ctx, 32, seed);
    sha512_digest(&ctx, 64, h);
    kurv_wipe(&ctx, sizeof ctx);
    h[0] &= 248;
    h[31] &= 127;
    h[31] |= 64;
}

/* out = SHA-512(a || b || msg) mod L (b may be NULL: then a || msg) */
static void hash_mod_l(uint8_t out[32], const uint8_t a[32], const uint8_t *b,
                       const uint8_t *msg, size_t msg_len)
{
    struct sha512_ctx ctx;
    uint8_t h[64];
    sha512_init(&ctx);
    sha512_update(&ctx, 32, a);
    if (b)
        sha512_update(&ctx, 32, b);
    if (msg_len)
        sha512_update(&ctx, msg_len, msg);
    sha512_digest(&ctx, 64, h);
    k25519_sc_reduce64(out, h);
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(h, sizeof h);
}

/* pub = [s]B for the expanded key h */
static void public_from_expanded(uint8_t pub[32], const uint8_t h[64])
{
    ge a, b;
    ge_base(&b);
    ge_scalarmult(&a, h, &b);
    ge_encode(pub, &a);
    kurv_wipe(&a, sizeof a);
}

kurv_err kurv_ed25519_public_key(uint8_t pub[32], const uint8_t seed[32])
{
    uint8_t h[64];
    if (!pub || !seed)
        return KURV_ERR_ARG;
    expand(h, seed);
    public_from_expanded(pub, h);
    kurv_wipe(h, sizeof h);
    return KURV_OK;
}

kurv_err kurv_ed25519_keygen(uint8_t seed[32], uint8_t pub[32])
{
    return k25519_keygen(seed, pub, kurv_ed25519_public_key);
}

kurv_err kurv_ed25519_sign(uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                           const uint8_t seed[32], const uint8_t pub[32])
{
    uint8_t h[64], a[32], r[32], k[32];
    uint8_t diff = 0;
    ge rp, b;
    int i;

    if (!sig)
        return KURV_ERR_ARG;
    if (!seed || (!msg && msg_len)) {
        kurv_wipe(sig, 64);
        return KURV_ERR_ARG;
    }
    expand(h, seed);
    public_from_expanded(a, h);
    if (pub) {
        for (i = 0; i < 32; i++)
            diff |= (uint8_t)(a[i] ^ pub[i]);
        if (diff) {   /* public: the caller passed another key */
            kurv_wipe(h, sizeof h);
            kurv_wipe(sig, 64);
            return KURV_ERR_ARG;
        }
    }
    /* r = SHA-512(prefix || M) mod L; R = [r]B */
    hash_mod_l(r, h + 32, NULL, msg, msg_len);
    ge_base(&b);
    ge_scalarmult(&rp, r, &b);
    ge_encode(sig, &rp);
    /* k = SHA-512(R || A || M) mod L; S = (r + k s) mod L */
    hash_mod_l(k, sig, a, msg, msg_len);
    k25519_sc_muladd(sig + 32, k, h, r);

    kurv_wipe(h, sizeof h);
    kurv_wipe(r, sizeof r);
    kurv_wipe(&rp, sizeof rp);
    return KURV_OK;
}

kurv_err kurv_ed25519_verify(const uint8_t sig[64], const uint8_t *msg, size_t msg_len,
                             const uint8_t pub[32])
{
    uint8_t k[32], lhs_enc[32], rhs_enc[32];
    ge a, r, b, sb, ka;
    k25519_fe t1, t2;

    if (!sig || !pub || (!msg && msg_len))
        return KURV_ERR_ARG;
    if (ge_decode(&a, pub) != 0)
        return KURV_ERR_POINT;
    if (!k25519_sc_canonical(sig + 32))
        return KURV_ERR_SIGNATURE;
    if (ge_decode(&r, sig) != 0)
        return KURV_ERR_SIGNATURE;
    hash_mod_l(k, sig, pub, msg, msg_len);
    ge_base(&b);
    ge_scalarmult(&sb, sig + 32, &b);
    ge_scalarmult(&ka, k, &a);
    ge_add(&ka, &ka, &r);
    /* [S]B = R + [k]A: X1 Z2 = X2 Z1 and Y1 Z2 = Y2 Z1 */
    k25519_fe_mul(&t1, &sb.X, &ka.Z);
    k25519_fe_mul(&t2, &ka.X, &sb.Z);
    k25519_fe_tobytes(lhs_enc, &t1);
    k25519_fe_tobytes(rhs_enc, &t2);
    if (memcmp(lhs_enc, rhs_enc, 32) != 0)
        return KURV_ERR_SIGNATURE;
    k25519_fe_mul(&t1, &sb.Y, &ka.Z);
    k25519_fe_mul(&t2, &ka.Y, &sb.Z);
    k25519_fe_tobytes(lhs_enc, &t1);
    k25519_fe_tobytes(rhs_enc, &t2);
    if (memcmp(lhs_enc, rhs_enc, 32) != 0)
        return KURV_ERR_SIGNATURE;
    return KURV_OK;
}
