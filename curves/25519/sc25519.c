/*
 * kurv-25519 internal: scalars mod L, the Ed25519 group order (contract in sc25519.h).
 *
 * Inputs: 32- and 64-byte little-endian integers. Outputs: 32-byte residues in [0, L).
 * Builds on the core's double-word layer (core/src/wide.h) for the 4 x 4-word product.
 * The reduction is binary long division, most significant bit first: r = 2r + bit, then
 * r - L replaces r when it does not borrow (a mask chooses). r stays below L < 2^253, so
 * 2r + 1 fits four 64-bit words. 512 steps of word operations: a few microseconds, and
 * the same operations whatever the values.
 */
#include "sc25519.h"
#include "wide.h"
#include "util25519.h"

#include <kurv/util.h>

/* L, little-endian 64-bit words */
static const uint64_t L_WORDS[4] = {
    0x5812631a5cf5d3edULL, 0x14def9dea2f79cd6ULL, 0x0000000000000000ULL, 0x1000000000000000ULL,
};

/* r = the n-word integer w mod L (n <= 8), as 32 bytes */
static void reduce_words(uint8_t out[32], const uint64_t *w, int n)
{
    uint64_t r[4] = {0, 0, 0, 0}, t[4], bit, borrow, keep;
    int i, j, b;

    for (i = n - 1; i >= 0; i--) {
        for (b = 63; b >= 0; b--) {
            bit = (w[i] >> b) & 1;
            /* r = 2 r + bit (r < L < 2^253: no bit leaves word 3) */
            r[3] = (r[3] << 1) | (r[2] >> 63);
            r[2] = (r[2] << 1) | (r[1] >> 63);
            r[1] = (r[1] << 1) | (r[0] >> 63);
            r[0] = (r[0] << 1) | bit;
            /* t = r - L; its borrow out says r < L */
            borrow = 0;
            for (j = 0; j < 4; j++) {
                uint64_t x = r[j], y = L_WORDS[j], d = x - y - borrow;
                borrow = ((~x & y) | (~(x ^ y) & d)) >> 63;
                t[j] = d;
            }
            keep = (uint64_t)0 - borrow;   /* all ones: keep r; zero: take t */
            for (j = 0; j < 4; j++)
                r[j] = (r[j] & keep) | (t[j] & ~keep);
        }
    }
    for (j = 0; j < 4; j++)
        k25519_store64(out + 8 * j, r[j]);
    kurv_wipe(r, sizeof r);
    kurv_wipe(t, sizeof t);
}

void k25519_sc_reduce64(uint8_t out[32], const uint8_t in[64])
{
    uint64_t w[8];
    int i;
    for (i = 0; i < 8; i++)
        w[i] = k25519_load64(in + 8 * i);
    reduce_words(out, w, 8);
    kurv_wipe(w, sizeof w);
}

void k25519_sc_muladd(uint8_t out[32], const uint8_t a[32], const uint8_t b[32],
                      const uint8_t c[32])
{
    uint64_t x[4], y[4], w[8] = {0, 0, 0, 0, 0, 0, 0, 0}, carry;
    kurv_u128 t;
    int i, j;

    for (i = 0; i < 4; i++) {
        x[i] = k25519_load64(a + 8 * i);
        y[i] = k25519_load64(b + 8 * i);
    }
    /* w = x y, schoolbook: each step below 2^128 (kw_muladd2) */
    for (i = 0; i < 4; i++) {
        carry = 0;
        for (j = 0; j < 4; j++) {
            t = kw_muladd2(x[i], y[j], w[i + j], carry);
            w[i + j] = kw_lo(t);
            carry = kw_hi(t);
        }
        w[i + 4] = carry;
    }
    /* w += c (x y + c < 2^512) */
    carry = 0;
    for (i = 0; i < 8; i++) {
        t = kw_add64(kw_make(0, w[i]), carry);
        t = kw_add64(t, i < 4 ? k25519_load64(c + 8 * i) : 0);
        w[i] = kw_lo(t);
        carry = kw_hi(t);
    }
    reduce_words(out, w, 8);
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
