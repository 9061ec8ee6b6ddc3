/*
 * kurv-25519 internal: the Montgomery ladder of RFC 7748 5 as a template over a field,
 * included by x25519.c (the portable field of fe25519.h) and x25519_adx.c (the 4-limb
 * MULX/ADCX/ADOX field of fe25519_adx.h), so both paths run the same steps.
 *
 * Before including, define:
 *   KLD_NAME                the function's name
 *   KLD_FE                  the element type
 *   KLD_FROMBYTES(h, s)     h = the 255 low bits of s[0..31], little-endian
 *   KLD_SET(h, c)           h = c, for c = 0 or 1
 *   KLD_ADD(h, f, g), KLD_SUB(h, f, g)  h = f + g, f - g, each result going only into a
 *                           product or square (the field may leave it lazy)
 *   KLD_MUL(h, f, g), KLD_SQ(h, f)      h = f g, f^2
 *   KLD_A24_ADD(h, f, g)    h = g + 121665 f, 121665 = (A - 2) / 4 for Curve25519's
 *                           A = 486662 (RFC 7748 5's a24), going only into a product
 *   KLD_CSWAP(f, g, b)      swap f and g when b = 1 (b in {0, 1}), by mask
 * Each operation must accept the results of the others as its inputs (the field states its
 * bounds); outputs may alias inputs.
 *
 * Defines static void KLD_NAME(KLD_FE *x2_out, KLD_FE *z2_out, const uint8_t k[32],
 * const uint8_t u[32]): (x2_out, z2_out) = the projective u-coordinate of [k]u after the
 * ladder's 255 steps over bits 254..0 of k (the caller clamps k; u's bit 255 is masked by
 * KLD_FROMBYTES). Constant time: each step is a conditional swap by mask and the same
 * operations whatever the bit; every local (ladder state, bit, swap flag) is wiped.
 */
static void KLD_NAME(KLD_FE *x2_out, KLD_FE *z2_out, const uint8_t k[32], const uint8_t u[32])
{
    KLD_FE x1, x2, z2, x3, z3, a, aa, b, bb, e, c, d, da, cb, t;
    uint64_t swap = 0, kt;
    int i;

    KLD_FROMBYTES(&x1, u);
    KLD_SET(&x2, 1);
    KLD_SET(&z2, 0);
    x3 = x1;
    KLD_SET(&z3, 1);

    for (i = 254; i >= 0; i--) {
        kt = (uint64_t)(k[i >> 3] >> (i & 7)) & 1;
        swap ^= kt;
        KLD_CSWAP(&x2, &x3, swap);
        KLD_CSWAP(&z2, &z3, swap);
        swap = kt;

        KLD_ADD(&a, &x2, &z2);       /* A = x2 + z2 */
        KLD_SQ(&aa, &a);             /* AA = A^2 */
        KLD_SUB(&b, &x2, &z2);       /* B = x2 - z2 */
        KLD_SQ(&bb, &b);             /* BB = B^2 */
        KLD_SUB(&e, &aa, &bb);       /* E = AA - BB */
        KLD_ADD(&c, &x3, &z3);       /* C = x3 + z3 */
        KLD_SUB(&d, &x3, &z3);       /* D = x3 - z3 */
        KLD_MUL(&da, &d, &a);        /* DA = D * A */
        KLD_MUL(&cb, &c, &b);        /* CB = C * B */
        KLD_ADD(&t, &da, &cb);
        KLD_SQ(&x3, &t);             /* x3 = (DA + CB)^2 */
        KLD_SUB(&t, &da, &cb);
        KLD_SQ(&t, &t);
        KLD_MUL(&z3, &x1, &t);       /* z3 = x1 * (DA - CB)^2 */
        KLD_MUL(&x2, &aa, &bb);      /* x2 = AA * BB */
        KLD_A24_ADD(&t, &e, &aa);    /* AA + a24 * E */
        KLD_MUL(&z2, &e, &t);        /* z2 = E * (AA + a24 * E) */
    }
    KLD_CSWAP(&x2, &x3, swap);
    KLD_CSWAP(&z2, &z3, swap);
    *x2_out = x2;
    *z2_out = z2;

    kurv_wipe(&x1, sizeof x1);
    kurv_wipe(&x2, sizeof x2);
    kurv_wipe(&z2, sizeof z2);
    kurv_wipe(&x3, sizeof x3);
    kurv_wipe(&z3, sizeof z3);
    kurv_wipe(&a, sizeof a);
    kurv_wipe(&aa, sizeof aa);
    kurv_wipe(&b, sizeof b);
    kurv_wipe(&bb, sizeof bb);
    kurv_wipe(&e, sizeof e);
    kurv_wipe(&c, sizeof c);
    kurv_wipe(&d, sizeof d);
    kurv_wipe(&da, sizeof da);
    kurv_wipe(&cb, sizeof cb);
    kurv_wipe(&t, sizeof t);
    kurv_wipe(&swap, sizeof swap);
    kurv_wipe(&kt, sizeof kt);
}
