/*
 * kurv-25519 internal: the loop of the fixed-base multiplication (base25519.c) as a template
 * over the point arithmetic, instantiated there for the portable field (fe25519.h) and for
 * the 4-limb MULX/ADCX/ADOX field (fe25519_adx.h), so both paths walk the same digits.
 *
 * Before including, define:
 *   KBM_NAME                  the function's name
 *   KBM_PT                    the point type (extended coordinates)
 *   KBM_IDENTITY(p)           *p = the identity
 *   KBM_ENTRY                 the type of a table entry for KBM_MADD_N
 *   KBM_CONVERT(q, t)         *q = the entry t (a const k25519_niels64 *) as a KBM_ENTRY
 *   KBM_MADD_N(r, q, neg, 2)  r[j] = r[j] + q[j] (neg[j] = 0) or r[j] - q[j] (neg[j] = 1,
 *                             by mask) for j < 2, side by side, q a
 *                             const KBM_ENTRY * whose y + x and y - x select_entries
 *                             traded for a negative digit
 *   KBM_DBL(p, with_t)        *p = 2 *p; its T only when with_t (public)
 *   KBM_TO_GE(g, p)           *g = *p as a k25519_ge (fe25519.h's limbs)
 *
 * Defines static void KBM_NAME(k25519_ge *out, const int8_t (*e)[64], int n): out[s] =
 * sum_i e[s][i] 16^i B for s < n (n = 1 or 2, public), the digits in -8..8 (base25519.c's
 * recode). With 256^j B = K25519_BASE_COMB[j]: [s]B = E + 16 O, E = sum_j e_(2j) 256^j B
 * and O = sum_j e_(2j+1) 256^j B, each a chain of 32 additions of table entries; the
 * 2n chains (E and O of each scalar) advance together, one row j at a time: for each
 * scalar in turn the row is scanned once for its two digits (select_entries) and the two
 * independent additions run side by side (the processor overlaps them; a single scan for
 * both scalars' four digits measured no faster). Then 4 doublings of each O and one
 * addition E + 16 O (ge25519.c's, in extended coordinates). Constant time in the digits; the
 * selected entries, their signs and the chains are wiped here, the digits by the caller.
 */
K25519_FE_INLINE void KBM_NAME(k25519_ge *out, const int8_t (*e)[64], int n)
{
    KBM_PT r[4];   /* r[2s] = E, r[2s + 1] = O of scalar s */
    k25519_niels64 t[2];
    KBM_ENTRY q[2];
    k25519_ge even;
    k25519_cached c;
    uint64_t neg[2], abs[2];
    int i, j, m = 2 * n;

    for (j = 0; j < m; j++)
        KBM_IDENTITY(&r[j]);
    for (i = 0; i < 32; i++) {
        for (j = 0; j < m; j += 2) {   /* the chains E and O of scalar j / 2 */
            digit_split(e[j >> 1][2 * i], &abs[0], &neg[0]);
            digit_split(e[j >> 1][2 * i + 1], &abs[1], &neg[1]);
            select_entries(t, K25519_BASE_COMB[i], abs, neg, 2);
            KBM_CONVERT(&q[0], &t[0]);
            KBM_CONVERT(&q[1], &t[1]);
            KBM_MADD_N(&r[j], q, neg, 2);
        }
    }
    for (j = 0; j < n; j++) {
        KBM_DBL(&r[2 * j + 1], 0);   /* T only for the addition that follows */
        KBM_DBL(&r[2 * j + 1], 0);
        KBM_DBL(&r[2 * j + 1], 0);
        KBM_DBL(&r[2 * j + 1], 1);
        KBM_TO_GE(&even, &r[2 * j]);
        KBM_TO_GE(&out[j], &r[2 * j + 1]);
        k25519_ge_to_cached(&c, &even);
        k25519_ge_add(&out[j], &out[j], &c);
    }
    kurv_wipe(r, sizeof r);
    kurv_wipe(t, sizeof t);
    kurv_wipe(q, sizeof q);
    kurv_wipe(&even, sizeof even);
    kurv_wipe(&c, sizeof c);
    kurv_wipe(neg, sizeof neg);
    kurv_wipe(abs, sizeof abs);
}
