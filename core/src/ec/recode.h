/*
 * kurv internal, curve template: scalar recoding. Two recoders serve every
 * multiplication of the template:
 *   - the signed fixed-window recoding (sc_signed_digit, sc_recode_signed): digits in
 *     [-(2^(w-1) - 1), 2^(w-1)], one per w bits, branch-free, for secret scalars
 *     (k*P, k*G) and for the G terms and Pippenger windows of the variable-time code;
 *   - the width-w NAF (sc_wnaf8_vartime, sc_wnaf16_vartime: one recoder, two digit
 *     types), variable time, for public scalars only.
 * Scalars are big-endian EC_SLEN-byte strings (sc_bit) or EC_N little-endian limbs
 * below 2^(8 EC_SLEN) (sc_limb_bits, the wNAF).
 */
#ifndef KURV_EC_RECODE_H
#define KURV_EC_RECODE_H

/* bit i of a big-endian EC_SLEN-byte scalar (0 past the end) */
static inline unsigned sc_bit(const uint8_t *k, unsigned i)
{
    return i < 8 * EC_SLEN ? (k[EC_SLEN - 1 - i / 8] >> (i % 8)) & 1u : 0u;
}

/* w bits (w <= 32) of the EC_N-limb integer k from bit pos on (0 past the end) */
static inline unsigned sc_limb_bits(const uint64_t *k, unsigned pos, unsigned w)
{
    unsigned limb = pos / 64, off = pos % 64;
    uint64_t v;
    if (limb >= EC_N)
        return 0;
    v = k[limb] >> off;
    if (off + w > 64 && limb + 1 < EC_N)
        v |= k[limb + 1] << (64 - off);
    return (unsigned)(v & ((1u << w) - 1));
}

/*
 * One signed-window digit: v is a window's w bits plus the carry from the window
 * below (v in [0, 2^w]). Returns v, or v - 2^w when v > 2^(w-1) (then *carry = 1 goes
 * into the next window; else 0). Branch-free.
 */
static inline int sc_signed_digit(unsigned v, unsigned w, unsigned *carry)
{
    unsigned big = ((1u << (w - 1)) - v) >> 31;      /* 1 if v > 2^(w-1) */
    *carry = big;
    return (int)v - (int)(big << w);
}

/*
 * Signed fixed-window recoding: k = sum d[i] 2^(w i), d[i] in [-(2^(w-1) - 1), 2^(w-1)],
 * ndig = ceil((order_bits + 1) / w) digits; k < 2^order_bits. Constant time.
 */
static void sc_recode_signed(int8_t *d, const uint8_t *k, unsigned w, unsigned ndig)
{
    unsigned i, j, carry = 0;
    for (i = 0; i < ndig; i++) {
        unsigned v = 0;
        for (j = 0; j < w; j++)
            v |= sc_bit(k, w * i + j) << j;
        d[i] = (int8_t)sc_signed_digit(v + carry, w, &carry);
    }
}

/* |d| and sign mask of a digit, constant time */
static inline unsigned digit_abs(int8_t d, uint64_t *negmask)
{
    unsigned u = (unsigned)(int)d;
    unsigned s = u >> 31;                  /* 1 if negative */
    *negmask = 0 - (uint64_t)s;
    return (u ^ (0u - s)) + s;
}

/* digits of a wNAF of a scalar below 2^(8 EC_SLEN): the capacity of a wNAF array */
#define EC_WNAF_LEN (8 * EC_SLEN + 2)

/*
 * The width-w NAF (2 <= w <= 15) of k, EC_N limbs below 2^(8 EC_SLEN): naf[i] is the
 * digit of 2^i, odd or 0, |naf[i]| < 2^(w-1), nonzero digits at least w apart. All
 * EC_WNAF_LEN entries are written; returns 1 + the index of the top nonzero digit (0
 * for k = 0). Variable time: public scalars only. Scans the bits: where bit + carry is
 * odd, the next w bits plus the carry make an odd word below 2^w, whose digit is the
 * word or the word - 2^w (then a carry), and the scan jumps w bits.
 * One recoder for two digit types: int8_t (w <= 8) and int16_t (the wider windows of
 * the generator's odd-multiples tables).
 */
#define EC_WNAF_RECODER(name, digit_t)                                          \
    static unsigned name(digit_t *naf, const uint64_t *k, unsigned w)           \
    {                                                                           \
        unsigned i = 0, carry = 0, len = 0, bits = 8 * EC_SLEN, word;          \
        memset(naf, 0, EC_WNAF_LEN * sizeof *naf);                              \
        while (i < bits || carry) {                                             \
            if (sc_limb_bits(k, i, 1) == carry) {  /* even: digit 0 */          \
                i++;                                                            \
                continue;                                                       \
            }                                                                   \
            word = carry + sc_limb_bits(k, i, w);                               \
            carry = (word >> (w - 1)) & 1u;                                     \
            naf[i] = (digit_t)((int)word - (int)(carry << w));                  \
            len = i + 1;                                                        \
            i += w;                                                             \
        }                                                                       \
        return len;                                                             \
    }
EC_WNAF_RECODER(sc_wnaf8_vartime, int8_t)
EC_WNAF_RECODER(sc_wnaf16_vartime, int16_t)
#undef EC_WNAF_RECODER

#endif
