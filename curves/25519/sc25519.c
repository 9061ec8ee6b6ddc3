/*
 * kurv-25519 internal: scalars mod L, the Ed25519 group order (contract in sc25519.h).
 *
 * Inputs: 32- and 64-byte little-endian integers. Outputs: 32-byte residues in [0, L).
 * Builds on the core's double-word layer (core/src/wide.h) for the products. Reduction of
 * an integer below 2^512 by folding: L = 2^252 + c with c below 2^125, so
 * h 2^252 + l = l - h c (mod L); a multiple of L added first keeps every step nonnegative.
 * Three folds bring it below 2L, one masked subtraction of L into [0, L). Fixed word
 * loops, carries and borrows by comparison, no branch and no memory index on the values
 * (the fold's shift of L is a public constant).
 */
#include "sc25519.h"
#include "wide.h"
#include "util25519.h"

#include <kurv/util.h>

/* L, little-endian 64-bit words */
static const uint64_t L_WORDS[4] = {
    0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0x0000000000000000ULL, 0x1000000000000000ULL,
};

/* *carry + a + b into the word returned; the carry out (0 or 1) into *carry */
static uint64_t adc(uint64_t a, uint64_t b, uint64_t *carry)
{
    uint64_t s = a + b, t = s + *carry;
    *carry = (uint64_t)(s < a) | (uint64_t)(t < s);
    return t;
}

/* a - b - *borrow into the word returned; the borrow out (0 or 1) into *borrow */
static uint64_t sbb(uint64_t a, uint64_t b, uint64_t *borrow)
{
    uint64_t d = a - b, t = d - *borrow;
    *borrow = (uint64_t)(a < b) | (uint64_t)(d < *borrow);
    return t;
}

/* w += x y for the nx-word x and ny-word y, schoolbook, into nx + ny words of w that start
 * at zero (each step below 2^128: kw_muladd2) */
static void mul_words(uint64_t *w, const uint64_t *x, int nx, const uint64_t *y, int ny)
{
    uint64_t carry;
    kurv_u128 t;
    int i, j;
    for (i = 0; i < nx; i++) {
        carry = 0;
        for (j = 0; j < ny; j++) {
            t = kw_muladd2(x[i], y[j], w[i + j], carry);
            w[i + j] = kw_lo(t);
            carry = kw_hi(t);
        }
        w[i + ny] = carry;
    }
    kurv_wipe(&t, sizeof t);
    kurv_wipe(&carry, sizeof carry);
}

/* One fold by 2^252 = -c mod L, c = L - 2^252 < 2^125 (L_WORDS[0..1]): z = h 2^252 + l
 * becomes l + 2^sh L - h c, the same residue mod L; sh is chosen by the caller so that
 * 2^sh L > h c (then the result is nonnegative and below 2^252 + 2^sh L). */
static void fold(uint64_t z[8], unsigned sh)
{
    uint64_t h[5], p[8] = {0, 0, 0, 0, 0, 0, 0, 0}, m[8] = {0, 0, 0, 0, 0, 0, 0, 0};
    uint64_t carry;
    unsigned ws = sh / 64, bs = sh % 64;
    int i, j;

    for (i = 0; i < 4; i++)
        h[i] = (z[3 + i] >> 60) | (z[4 + i] << 4);
    h[4] = z[7] >> 60;
    z[3] &= (((uint64_t)1) << 60) - 1;
    z[4] = z[5] = z[6] = z[7] = 0;
    mul_words(p, h, 5, L_WORDS, 2);   /* p = h c */
    /* m = 2^sh L (sh is public) */
    for (j = 0; j < 4; j++) {
        m[ws + j] |= L_WORDS[j] << bs;
        if (bs && ws + j + 1 < 8)
            m[ws + j + 1] |= L_WORDS[j] >> (64 - bs);
    }
    carry = 0;
    for (i = 0; i < 8; i++)
        z[i] = adc(z[i], m[i], &carry);
    carry = 0;
    for (i = 0; i < 8; i++)
        z[i] = sbb(z[i], p[i], &carry);
    kurv_wipe(h, sizeof h);
    kurv_wipe(p, sizeof p);
}

/* out = the 8-word integer w mod L, as 32 bytes (w is overwritten). Three folds: w < 2^512
 * gives h < 2^260, h c < 2^385 < 2^133 L, and a result below 2^387; then h < 2^135,
 * h c < 2^260 < 2^8 L, below 2^262; then h < 2^10, h c < 2^135 < L, below 2^252 + L < 2L.
 * One subtraction of L, kept by mask when it does not borrow, ends in [0, L). */
static void reduce_words(uint8_t out[32], uint64_t w[8])
{
    uint64_t t[4], borrow = 0, keep;
    int j;

    fold(w, 133);
    fold(w, 8);
    fold(w, 0);
    for (j = 0; j < 4; j++)
        t[j] = sbb(w[j], L_WORDS[j], &borrow);
    keep = (uint64_t)0 - borrow;   /* all ones: w < L, keep it; zero: take w - L */
    for (j = 0; j < 4; j++)
        k25519_store64(out + 8 * j, (w[j] & keep) | (t[j] & ~keep));
    kurv_wipe(t, sizeof t);
}

void k25519_sc_reduce64(uint8_t out[32], const uint8_t in[64])
{
    uint64_t w[8];
    int i;
    for (i = 0; i < 8; i++)
        w[i] = k25519_load64(in + 8 * i);
    reduce_words(out, w);
    kurv_wipe(w, sizeof w);
}

void k25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                      const uint8_t c[32])
{
    uint64_t x[4], y[4], w[8] = {0, 0, 0, 0, 0, 0, 0, 0}, carry;
    kurv_u128 t;
    int i;

    for (i = 0; i < 4; i++) {
        x[i] = k25519_load64(a + 8 * i);
        y[i] = k25519_load64(b + 8 * i);
    }
    mul_words(w, x, 4, y, 4);   /* w = x y */
    /* w += c (x y + c < 2^512) */
    carry = 0;
    for (i = 0; i < 8; i++) {
        t = kw_add64(kw_make(0, w[i]), carry);
        t = kw_add64(t, i < 4 ? k25519_load64(c + 8 * i) : 0);
        w[i] = kw_lo(t);
        carry = kw_hi(t);
    }
    reduce_words(out, w);
    kurv_wipe(x, sizeof x);
    kurv_wipe(y, sizeof y);
    kurv_wipe(w, sizeof w);
    kurv_wipe(&t, sizeof t);
}

int k25519_sc_canonical(const uint8_t s[32])
{
    int j;
    for (j = 3; j >= 0; j--) {
        uint64_t v = k25519_load64(s + 8 * j);
        if (v != L_WORDS[j])
            return v < L_WORDS[j];
    }
    return 0;   /* s = L */
}
