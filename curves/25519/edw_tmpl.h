/*
 * kurv-25519 internal: the addition with an affine precomputed point and the doubling of
 * edwards25519 (RFC 8032 5.1.4) as a template over a field, included by ge25519.c (the
 * portable field of fe25519.h, for every caller) and base25519.c (the 4-limb MULX/ADCX/ADOX
 * field of fe25519_adx.h, for the fixed-base multiplication on x86-64), so both paths run
 * the same formulas.
 *
 * Before including, define:
 *   KEW_FE                  the element type
 *   KEW_PT                  a point type with members X, Y, Z, T (extended coordinates)
 *   KEW_NIELS               a point type with members ypx, ymx, xy2d (y + x, y - x, 2 d x y)
 *   KEW_ADD_LAZY(h, f, g), KEW_SUB_LAZY(h, f, g)  h = f + g, f - g, going only into a
 *                           product, a square, KEW_CSWAP or the other of the two (the field
 *                           may leave them lazy; each use below states its bound for the
 *                           portable field of fe25519.h)
 *   KEW_SUB(h, f, g)        h = f - g, a full field element (its output is an input of the
 *                           lazy sum F = C + G of the doubling)
 *   KEW_MUL(h, f, g), KEW_SQ(h, f)  h = f g, f^2
 *   KEW_CSWAP(f, g, b)      swap f and g when b = 1 (b in {0, 1}), by mask
 *   KEW_ADD_FINISH, KEW_MADD_N, KEW_DBL  the names of the three functions below
 *
 * Defines (static inline; r may alias p):
 *   KEW_ADD_FINISH(r, a, b, c, d, neg)  the end of every addition: E = B - A, F = D - C,
 *       G = D + C, H = B + A (F and G traded when neg = 1: C's sign flipped, a subtraction);
 *       X3 = E F, Y3 = G H, T3 = E H, Z3 = F G
 *   KEW_MADD_N(r, q, neg, n)  r[j] = r[j] + q[j] (neg[j] = 0) or r[j] - q[j] (neg[j] = 1)
 *       for j < n (n = 1 or 2; inline, so a constant n unrolls), q[j] in the form
 *       KEW_NIELS: A = (Y1 - X1)(y - x), B = (Y1 + X1)(y + x), C = T1 2 d x y, D = 2 Z1.
 *       -q is (y - x, y + x, -2 d x y): for neg[j] = 1 the CALLER gives q[j] with y + x and
 *       y - x traded (base25519.c's table scan does it by mask), and here F and G trade
 *       places (C's sign). Each step is done for every j before the next, so the n
 *       independent additions run side by side. neg may be secret: it drives KEW_CSWAP only.
 *   KEW_DBL(r, p, with_t)  r = 2p, T1 not read, T3 only when with_t (public): A = X1^2,
 *       B = Y1^2, C = 2 Z1^2, H = A + B, E = H - (X1 + Y1)^2, G = A - B, F = C + G.
 * Constant time: straight-line code, the only data-dependent step a swap by mask.
 */
K25519_FE_INLINE void KEW_ADD_FINISH(KEW_PT *r, const KEW_FE *a, const KEW_FE *b, const KEW_FE *c,
                           const KEW_FE *d, uint64_t neg)
{
    KEW_FE e, f, g, h;
    KEW_SUB_LAZY(&e, b, a);   /* portable: A, B below 2^52, so E below 2^54 */
    KEW_SUB_LAZY(&f, d, c);   /* D below 2^53: F below 2^54 */
    KEW_ADD_LAZY(&g, d, c);
    KEW_ADD_LAZY(&h, b, a);
    KEW_CSWAP(&f, &g, neg);
    KEW_MUL(&r->X, &e, &f);
    KEW_MUL(&r->Y, &g, &h);
    KEW_MUL(&r->T, &e, &h);
    KEW_MUL(&r->Z, &f, &g);
}

K25519_FE_INLINE void KEW_MADD_N(KEW_PT *r, const KEW_NIELS *q, const uint64_t *neg, int n)
{
    KEW_FE a[2], b[2], c[2], d[2], e[2], f[2], g[2], h[2];
    int j;
    for (j = 0; j < n; j++)
        KEW_SUB_LAZY(&a[j], &r[j].Y, &r[j].X);
    for (j = 0; j < n; j++)
        KEW_ADD_LAZY(&b[j], &r[j].Y, &r[j].X);
    for (j = 0; j < n; j++)
        KEW_ADD_LAZY(&d[j], &r[j].Z, &r[j].Z);   /* portable: below 2^53 */
    for (j = 0; j < n; j++)
        KEW_MUL(&a[j], &a[j], &q[j].ymx);
    for (j = 0; j < n; j++)
        KEW_MUL(&b[j], &b[j], &q[j].ypx);
    for (j = 0; j < n; j++)
        KEW_MUL(&c[j], &r[j].T, &q[j].xy2d);
    for (j = 0; j < n; j++) {
        KEW_SUB_LAZY(&e[j], &b[j], &a[j]);   /* portable: below 2^54 */
        KEW_SUB_LAZY(&f[j], &d[j], &c[j]);   /* below 2^54 */
        KEW_ADD_LAZY(&g[j], &d[j], &c[j]);
        KEW_ADD_LAZY(&h[j], &b[j], &a[j]);
        KEW_CSWAP(&f[j], &g[j], neg[j]);
    }
    for (j = 0; j < n; j++)
        KEW_MUL(&r[j].X, &e[j], &f[j]);
    for (j = 0; j < n; j++)
        KEW_MUL(&r[j].Y, &g[j], &h[j]);
    for (j = 0; j < n; j++)
        KEW_MUL(&r[j].T, &e[j], &h[j]);
    for (j = 0; j < n; j++)
        KEW_MUL(&r[j].Z, &f[j], &g[j]);
}

K25519_FE_INLINE void KEW_DBL(KEW_PT *r, const KEW_PT *p, int with_t)
{
    KEW_FE a, b, c, e, f, g, h, t;
    KEW_SQ(&a, &p->X);
    KEW_SQ(&b, &p->Y);
    KEW_SQ(&c, &p->Z);
    KEW_ADD_LAZY(&c, &c, &c);     /* portable: below 2^53 */
    KEW_ADD_LAZY(&h, &a, &b);     /* below 2^53 */
    KEW_ADD_LAZY(&t, &p->X, &p->Y);
    KEW_SQ(&t, &t);
    KEW_SUB_LAZY(&e, &h, &t);     /* below 2^54 */
    KEW_SUB(&g, &a, &b);          /* carried: below 2^52, so that */
    KEW_ADD_LAZY(&f, &c, &g);     /* F = C + G is below 2^54 */
    KEW_MUL(&r->X, &e, &f);
    KEW_MUL(&r->Y, &g, &h);
    if (with_t)
        KEW_MUL(&r->T, &e, &h);
    KEW_MUL(&r->Z, &f, &g);
}
