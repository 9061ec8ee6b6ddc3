/*
 * kurv internal, curve template: the variable-time multi-scalar product
 * g*G + sum k_i*P_i (ec_op_msm_vartime, ec_op_msm_scratch_size), for public inputs
 * only (batch verification). Uses the Jacobian formulas, the generator's table
 * ec_base_table and, when the curve defines EC_GLV, its endomorphism.
 *
 * The multi-scalar product works on "effective" points: with EC_GLV each
 * k_i*P_i becomes k_i1*(+-P_i) + k_i2*(+-phi(P_i)) with half-length k_i1, k_i2
 * (Gallant-Lambert-Vanstone), otherwise the pairs are taken as they come.
 * Zero scalars are dropped. Then, by a cost estimate on the number of points:
 *   - Strauss (interleaved wNAF): one table of odd multiples per point, all
 *     tables normalised to affine at once with Montgomery's trick (one field
 *     inversion), shared doublings, width-5 wNAF digits;
 *   - Pippenger (the bucket method): signed c-bit windows, 2^(c-1) affine buckets
 *     per window, the (point, digit) pairs sorted by bucket, all windows filled
 *     together in rounds of affine additions that share one inversion (Montgomery's
 *     trick), the last few busy buckets finished in Jacobian coordinates, summed by
 *     the running-sum trick, c chosen for the point count.
 * The g*G term is added with the generator's fixed-window table (one mixed addition
 * per window; with EC_TWIST_A3 summed apart on E_t, where the table is, and added
 * after the map back). All memory comes from the caller's scratch buffer, whose size is
 * ec_op_msm_scratch_size(n); nothing is allocated here.
 */
#ifndef KURV_EC_MSM_H
#define KURV_EC_MSM_H

/* r = p + s*q, s = +1 or -1 (q affine). */
static inline void jac_add_aff_signed_vartime(EC_CTX_PARAM ec_jac *r, const ec_jac *p,
                                              const ec_aff *q, int neg)
{
    if (neg) {
        ec_aff t;
        t.x = q->x;
        fe_neg(EC_CTX_ARG &t.y, &q->y);
        jac_add_aff_vartime(EC_CTX_ARG r, p, &t);
    } else {
        jac_add_aff_vartime(EC_CTX_ARG r, p, q);
    }
}

/* r = p - q on the loop curve (q affine; see ec/jac.h) */
static inline void jac_sub_aff_vartime_t(EC_CTX_PARAM ec_jac *r, const ec_jac *p,
                                                const ec_aff *q)
{
    ec_aff t;
    t.x = q->x;
    fe_neg(EC_CTX_ARG &t.y, &q->y);
    jac_add_aff_vartime_t(EC_CTX_ARG r, p, &t);
}

/* bit length of an EC_N-limb integer */
static unsigned msm_bitlen(const uint64_t *k)
{
    int i;
    for (i = EC_N - 1; i >= 0; i--)
        if (k[i])
            return 64u * (unsigned)i + 64u - (unsigned)__builtin_clzll(k[i]);
    return 0;
}

#ifdef EC_GLV
#define MSM_SPLIT 2                     /* effective points per input point */
#define MSM_BITS 130                    /* expected bits of an effective scalar */
#else
#define MSM_SPLIT 1
#define MSM_BITS EC_ORDER_BITS
#endif
#define MSM_MAX_POINTS ((size_t)1 << 22)  /* inputs per call */
#define MSM_W 5                         /* Strauss wNAF width */
#define MSM_TAB (1u << (MSM_W - 2))     /* odd multiples per point */
#define MSM_NAF EC_WNAF_LEN             /* wNAF digits per point, capacity */
#define MSM_ALIGN 64

/* Relative costs (in field multiplications) used to pick the algorithm and c. */
#define MSM_COST_MADD 11u      /* Jacobian + affine */
#define MSM_COST_ADD 16u       /* Jacobian + Jacobian */
#define MSM_COST_AADD 7u       /* affine + affine, inversion shared (Montgomery's trick) */
/* Pippenger: a round of fewer affine additions than this would pay too much of its
 * inversion per addition; the buckets still busy then finish in Jacobian coordinates */
#define MSM_MIN_ROUND 48u

/* digits per scalar for Pippenger windows of c bits (capacity: any scalar < 2^(8 EC_SLEN)) */
static size_t msm_pip_windows(unsigned bits, unsigned c)
{
    return (bits + 1 + c - 1) / c + 1;
}

static double msm_pip_cost(size_t m, unsigned c)
{
    double w = (double)msm_pip_windows(MSM_BITS, c);
    return w * ((double)m * MSM_COST_AADD + (double)(1u << (c - 1)) * (MSM_COST_MADD + MSM_COST_ADD));
}

/* Pippenger window width for m effective points */
static unsigned msm_pip_c(size_t m)
{
    unsigned c, best = 2;
    for (c = 3; c <= 15; c++)     /* digits must fit int16_t */
        if (msm_pip_cost(m, c) < msm_pip_cost(m, best))
            best = c;
    return best;
}

/* 1 if Strauss is expected to be cheaper than Pippenger for m effective points */
static int msm_use_strauss(size_t m)
{
    double strauss = (double)m * ((MSM_TAB - 1) * MSM_COST_ADD + MSM_TAB * 4 +
                                  (double)MSM_BITS / (MSM_W + 1) * MSM_COST_MADD);
    return strauss <= msm_pip_cost(m, msm_pip_c(m));
}

static size_t msm_round(size_t x) { return (x + MSM_ALIGN - 1) / MSM_ALIGN * MSM_ALIGN; }

/* One bucket addition of a round of Pippenger's method: effective point j (signed),
 * global bucket (window * 2^(c-1) + |digit| - 1); kind: 0 add, 1 double, 2 cancel. */
struct msm_item {
    uint32_t j, bucket;
    uint8_t neg, kind;
};

/* Scratch layout for n input points; each part rounded to MSM_ALIGN. */
struct msm_layout {
    size_t pts, limbs, part, total;     /* offsets of the parts, total bytes */
    int strauss;
    unsigned c;
};

static void msm_layout(struct msm_layout *l, size_t n)
{
    size_t m = n * MSM_SPLIT, part;
    l->strauss = msm_use_strauss(m);
    l->c = msm_pip_c(m);
    l->pts = 0;
    l->limbs = msm_round(m * sizeof(ec_aff));
    l->part = l->limbs + msm_round(m * EC_N * sizeof(uint64_t));
    if (l->strauss)
        part = msm_round(m * MSM_TAB * sizeof(ec_aff))        /* affine tables */
             + msm_round(n * MSM_TAB * sizeof(ec_jac))        /* Jacobian tables */
             + msm_round(n * MSM_TAB * sizeof(fe))            /* Montgomery's trick */
             + msm_round(m * MSM_NAF);                        /* wNAF digits */
    else
    {
        size_t nw = msm_pip_windows(8 * EC_SLEN, l->c), nb = nw << (l->c - 1);
        part = msm_round(m * nw * sizeof(uint32_t))                 /* points by bucket */
             + msm_round(nb * sizeof(ec_aff)) + msm_round(nb)       /* buckets, states */
             + 2 * msm_round((nb + 1) * sizeof(uint32_t))           /* bucket starts, ends */
             + msm_round(nb * sizeof(uint32_t))                     /* buckets still busy */
             + msm_round(nb * sizeof(struct msm_item))              /* one round */
             + 2 * msm_round(nb * sizeof(fe))                       /* Montgomery's trick */
             + msm_round(MSM_MIN_ROUND * (sizeof(ec_jac) + sizeof(ec_aff)));  /* tails */
    }
    l->total = l->part + part + MSM_ALIGN;  /* + MSM_ALIGN: the buffer may be unaligned */
}

static size_t ec_op_msm_scratch_size(const kurv_curve *c, size_t n)
{
    struct msm_layout l;
    EC_CTX_FROM(c);
    if (n > MSM_MAX_POINTS)
        return 0;
    msm_layout(&l, n);
    return l.total;
}

/* acc += sum k_j * pts_j by interleaved wNAF (Strauss); n input points gave m = n*MSM_SPLIT
 * effective points, of which the first mm are in use (pairs 2i, 2i+1 with GLV). */
static void msm_strauss(EC_CTX_PARAM ec_jac *acc, const ec_aff *pts, const uint64_t *limbs,
                        size_t mm, uint8_t *part, size_t n)
{
    size_t m = n * MSM_SPLIT;
    ec_aff *tab = (ec_aff *)(void *)part;
    ec_jac *jt = (ec_jac *)(void *)(part + msm_round(m * MSM_TAB * sizeof(ec_aff)));
    fe *tmp = (fe *)(void *)((uint8_t *)jt + msm_round(n * MSM_TAB * sizeof(ec_jac)));
    int8_t *naf = (int8_t *)tmp + msm_round(n * MSM_TAB * sizeof(fe));
    size_t j, nb = 0, len = 0;
    unsigned e;
    long i;

    /* odd multiples P, 3P, ..., (2^(w-1) - 1)P of each distinct base point (Jacobian) */
    for (j = 0; j < mm; j++) {
        ec_jac p2, *t;
#ifdef EC_GLV
        if (j % 2 == 1)
            continue;           /* phi(P)'s table comes from P's */
#endif
        t = jt + nb * MSM_TAB;
        jac_from_aff(EC_CTX_ARG &t[0], &pts[j]);
        jac_dbl(EC_CTX_ARG &p2, &t[0]);
        for (e = 1; e < MSM_TAB; e++)
            jac_add_vartime(EC_CTX_ARG &t[e], &t[e - 1], &p2);
        nb++;
    }
    jac_batch_to_aff_vartime(EC_CTX_ARG tab, jt, nb * MSM_TAB, tmp);
#ifdef EC_GLV
    /* spread: base i's table to effective point 2i, and phi of it to 2i+1 (from the top,
     * as the tables are packed at the front); y signs follow the effective points */
    for (j = nb; j-- > 0;) {
        ec_aff *src = tab + j * MSM_TAB, *d0 = tab + 2 * j * MSM_TAB, *d1 = d0 + MSM_TAB;
        int neg0 = !(fe_eq(EC_CTX_ARG &src[0].y, &pts[2 * j].y) & 1);
        int neg1;
        for (e = MSM_TAB; e-- > 0;) {
            ec_aff a = src[e];
            d1[e].y = a.y;
            fe_mul(EC_CTX_ARG &d1[e].x, &a.x, &ec_glv_beta);
            d0[e] = a;
        }
        /* effective point 2j is pts[2j] itself; 2j+1 is pts[2j+1] = (beta x, +-y) */
        neg1 = !(fe_eq(EC_CTX_ARG &d1[0].y, &pts[2 * j + 1].y) & 1);
        for (e = 0; e < MSM_TAB; e++) {
            if (neg0)
                fe_neg(EC_CTX_ARG &d0[e].y, &d0[e].y);
            if (neg1)
                fe_neg(EC_CTX_ARG &d1[e].y, &d1[e].y);
        }
    }
#endif

    for (j = 0; j < mm; j++) {
        unsigned l = sc_wnaf8_vartime(naf + j * MSM_NAF, limbs + j * EC_N, MSM_W);
        if (l > len)
            len = l;
    }
    for (i = (long)len - 1; i >= 0; i--) {
        if (!(fe_is_zero(EC_CTX_ARG &acc->z) & 1))
            jac_dbl(EC_CTX_ARG acc, acc);
        for (j = 0; j < mm; j++) {
            int d = naf[j * MSM_NAF + (size_t)i];
            if (d > 0)
                jac_add_aff_vartime(EC_CTX_ARG acc, acc, &tab[j * MSM_TAB + (size_t)(d / 2)]);
            else if (d < 0)
                jac_add_aff_signed_vartime(EC_CTX_ARG acc, acc,
                                           &tab[j * MSM_TAB + (size_t)(-d / 2)], 1);
        }
    }
}

/*
 * acc += sum k_j * pts_j by the bucket method (Pippenger) with c-bit signed windows.
 * The buckets of every window are affine. The (point, digit) pairs are first sorted
 * by bucket (a counting sort); then the buckets are filled together, in rounds: in
 * round r every bucket that has an r-th point takes it, and all the round's additions
 * share one field inversion (Montgomery's trick), so an addition costs about six
 * multiplications. Then each window's buckets are summed by the running-sum trick
 * (Jacobian) and the windows combined by doublings.
 */
static void msm_pippenger(EC_CTX_PARAM ec_jac *acc, const ec_aff *pts, const uint64_t *limbs,
                          size_t mm, uint8_t *part, unsigned c, size_t m_cap)
{
    /* the parts as msm_layout placed them, for m_cap >= mm points */
    size_t nw_cap = msm_pip_windows(8 * EC_SLEN, c), nbuck = (size_t)1 << (c - 1);
    size_t nb_all = nw_cap * nbuck, j, b, i, nbusy = 0, r;
    uint32_t *sorted = (uint32_t *)(void *)part;
    ec_aff *buck = (ec_aff *)(void *)(part + msm_round(m_cap * nw_cap * sizeof(uint32_t)));
    uint8_t *st = (uint8_t *)buck + msm_round(nb_all * sizeof(ec_aff));
    uint32_t *start = (uint32_t *)(void *)(st + msm_round(nb_all));
    uint32_t *end = (uint32_t *)(void *)((uint8_t *)start + msm_round((nb_all + 1) * sizeof(uint32_t)));
    uint32_t *busy = (uint32_t *)(void *)((uint8_t *)end + msm_round((nb_all + 1) * sizeof(uint32_t)));
    struct msm_item *round = (struct msm_item *)(void *)((uint8_t *)busy +
                                 msm_round(nb_all * sizeof(uint32_t)));
    fe *den = (fe *)(void *)((uint8_t *)round + msm_round(nb_all * sizeof(struct msm_item)));
    fe *pre = (fe *)(void *)((uint8_t *)den + msm_round(nb_all * sizeof(fe)));
    ec_jac *tail = (ec_jac *)(void *)((uint8_t *)pre + msm_round(nb_all * sizeof(fe)));
    ec_aff *tail_aff = (ec_aff *)(void *)(tail + MSM_MIN_ROUND);
    unsigned bits = 0, nwin, w, k;
    size_t nb;

    for (j = 0; j < mm; j++) {
        unsigned l = msm_bitlen(limbs + j * EC_N);
        if (l > bits)
            bits = l;
    }
    nwin = (unsigned)msm_pip_windows(bits, c);
    nb = nwin * nbuck;

    /* Signed digits in [-2^(c-1), 2^(c-1)], least significant window first; a nonzero
     * digit d of point j in window w puts (j, sign) into bucket w 2^(c-1) + |d| - 1.
     * Two passes: count per bucket, then place (sorted[start[b] .. end[b]) is bucket b's
     * list, each entry 2 j + sign). */
    memset(end, 0, (nb + 1) * sizeof(uint32_t));
    for (k = 0; k < 2; k++) {
        if (k == 1) {
            uint32_t sum = 0;
            for (b = 0; b < nb; b++) {
                start[b] = sum;
                sum += end[b];
                end[b] = start[b];
            }
        }
        for (j = 0; j < mm; j++) {
            const uint64_t *kj = limbs + j * EC_N;
            unsigned carry = 0;
            for (w = 0; w < nwin; w++) {
                int d = sc_signed_digit(sc_limb_bits(kj, w * c, c) + carry, c, &carry);
                if (d) {
                    b = w * nbuck + (size_t)(d > 0 ? d : -d) - 1;
                    if (k == 0)
                        end[b]++;
                    else
                        sorted[end[b]++] = (uint32_t)(2 * j + (d < 0));
                }
            }
        }
    }

    /* round 0: each bucket's first point is copied; the buckets with more are busy */
    for (b = 0; b < nb; b++) {
        st[b] = 0;
        if (end[b] > start[b]) {
            uint32_t e = sorted[start[b]];
            buck[b] = pts[e >> 1];
            if (e & 1)
                fe_neg(EC_CTX_ARG &buck[b].y, &pts[e >> 1].y);
            st[b] = 1;
            if (end[b] - start[b] > 1)
                busy[nbusy++] = (uint32_t)b;
        }
    }
    for (r = 1; nbusy >= MSM_MIN_ROUND; r++) {
        size_t nr = 0, keep = 0;
        fe inv;
        for (i = 0; i < nbusy; i++) {
            uint32_t bb = busy[i], e = sorted[start[bb] + r];
            if (end[bb] - start[bb] > r + 1)
                busy[keep++] = bb;
            if (!st[bb]) {                      /* emptied by a cancellation: copy */
                buck[bb] = pts[e >> 1];
                if (e & 1)
                    fe_neg(EC_CTX_ARG &buck[bb].y, &pts[e >> 1].y);
                st[bb] = 1;
                continue;
            }
            round[nr].j = e >> 1;
            round[nr].neg = (uint8_t)(e & 1);
            round[nr].bucket = bb;
            nr++;
        }
        nbusy = keep;
        if (nr == 0)
            continue;
        /* denominators: x_P - x_B, or 2 y_B to double, or 1 when P = -B */
        for (i = 0; i < nr; i++) {
            const ec_aff *bp = &buck[round[i].bucket], *pp = &pts[round[i].j];
            fe_sub(EC_CTX_ARG &den[i], &pp->x, &bp->x);
            round[i].kind = 0;
            if (fe_is_zero(EC_CTX_ARG &den[i]) & 1) {
                fe py = pp->y;
                if (round[i].neg)
                    fe_neg(EC_CTX_ARG &py, &pp->y);
                if (fe_eq(EC_CTX_ARG &py, &bp->y) & 1) {
                    round[i].kind = 1;
                    fe_add(EC_CTX_ARG &den[i], &bp->y, &bp->y);
                } else {
                    round[i].kind = 2;
                    den[i] = ec_k_one();
                }
            }
            if (i)
                fe_mul(EC_CTX_ARG &pre[i], &pre[i - 1], &den[i]);
            else
                pre[0] = den[0];
        }
        fe_inv_vartime(EC_CTX_ARG &inv, &pre[nr - 1]);
        for (i = nr; i-- > 0;) {
            struct msm_item it = round[i];
            ec_aff *bp = &buck[it.bucket];
            const ec_aff *pp = &pts[it.j];
            fe di, lam, t;
            if (i > 0) {
                fe_mul(EC_CTX_ARG &di, &inv, &pre[i - 1]);
                fe_mul(EC_CTX_ARG &inv, &inv, &den[i]);
            } else {
                di = inv;
            }
            if (it.kind == 2) {                 /* B + (-B) = O: the bucket empties */
                st[it.bucket] = 0;
                continue;
            }
            if (it.kind == 0) {                 /* lambda = (y_P - y_B) / (x_P - x_B) */
                if (it.neg) {
                    fe_add(EC_CTX_ARG &t, &pp->y, &bp->y);
                    fe_neg(EC_CTX_ARG &t, &t);
                } else {
                    fe_sub(EC_CTX_ARG &t, &pp->y, &bp->y);
                }
            } else {                            /* lambda = (3 x_B^2 + a) / (2 y_B) */
                fe_sqr(EC_CTX_ARG &t, &bp->x);
                fe_add(EC_CTX_ARG &lam, &t, &t);
                fe_add(EC_CTX_ARG &t, &t, &lam);
                fe_mul_a(EC_CTX_ARG &lam, &ec_k_one());
                fe_add(EC_CTX_ARG &t, &t, &lam);
            }
            fe_mul(EC_CTX_ARG &lam, &t, &di);
            fe_sqr(EC_CTX_ARG &t, &lam);        /* x3 = lambda^2 - x_B - x_P */
            fe_sub(EC_CTX_ARG &t, &t, &bp->x);
            fe_sub(EC_CTX_ARG &t, &t, &pp->x);
            fe_sub(EC_CTX_ARG &di, &bp->x, &t); /* y3 = lambda (x_B - x3) - y_B */
            fe_mul(EC_CTX_ARG &di, &lam, &di);
            fe_sub(EC_CTX_ARG &bp->y, &di, &bp->y);
            bp->x = t;
        }
    }

    /* The few buckets still busy (typically those of a window with few distinct digits,
     * such as the top one) take their remaining points by mixed Jacobian additions;
     * the sums go back to affine together (one inversion). */
    {
        size_t nt = 0;
        for (i = 0; i < nbusy; i++) {
            uint32_t bb = busy[i], q;
            ec_jac sum;
            if (st[bb]) {
                jac_from_aff(EC_CTX_ARG &sum, &buck[bb]);
            } else {
                jac_set_inf(EC_CTX_ARG &sum);
            }
            for (q = start[bb] + (uint32_t)r; q < end[bb]; q++)
                jac_add_aff_signed_vartime(EC_CTX_ARG &sum, &sum, &pts[sorted[q] >> 1],
                                           (int)(sorted[q] & 1));
            st[bb] = 0;
            if (!(fe_is_zero(EC_CTX_ARG &sum.z) & 1)) {
                tail[nt] = sum;
                busy[nt++] = bb;                /* busy[] now names the tails' buckets */
            }
        }
        jac_batch_to_aff_vartime(EC_CTX_ARG tail_aff, tail, nt, den);
        for (i = 0; i < nt; i++) {
            buck[busy[i]] = tail_aff[i];
            st[busy[i]] = 1;
        }
    }

    for (w = nwin; w-- > 0;) {
        ec_jac run, sum;
        if (!(fe_is_zero(EC_CTX_ARG &acc->z) & 1))
            for (k = 0; k < c; k++)
                jac_dbl(EC_CTX_ARG acc, acc);
        /* sum_b (b+1) * buck[b] = sum over b of the running sums from the top */
        jac_set_inf(EC_CTX_ARG &run);
        jac_set_inf(EC_CTX_ARG &sum);
        for (b = nbuck; b-- > 0;) {
            if (st[w * nbuck + b])
                jac_add_aff_vartime(EC_CTX_ARG &run, &run, &buck[w * nbuck + b]);
            jac_add_vartime(EC_CTX_ARG &sum, &sum, &run);
        }
        jac_add_vartime(EC_CTX_ARG acc, acc, &sum);
    }
}

/*
 * xy = g*G + sum_{i<n} k_i*P_i. Points pxy: n affine x||y (2*EC_FLEN bytes each),
 * validated by the caller; scalars k: n big-endian EC_SLEN-byte values < n, g the
 * same or NULL (no G term). xy may be NULL: then only "is it O" is answered.
 * Return KURV_OK; KURV_ERR_INFINITY if the sum is O (xy zeroed); KURV_ERR_BUFFER if
 * scratch_len < ec_op_msm_scratch_size(n); KURV_ERR_ARG for n > MSM_MAX_POINTS or a
 * NULL buffer; KURV_ERR_POINT if a point's coordinate is >= p.
 */
static kurv_err ec_op_msm_vartime(const kurv_curve *c, uint8_t *xy, const uint8_t *g,
                                  const uint8_t *k, const uint8_t *pxy, size_t n,
                                  void *scratch, size_t scratch_len)
{
    struct msm_layout l;
    uint8_t *base;
    ec_aff *pts;
    uint64_t *limbs;
    ec_jac acc;
    size_t i, mm = 0;
    EC_CTX_FROM(c);

    if (n > MSM_MAX_POINTS || (n && (!k || !pxy)))
        return KURV_ERR_ARG;
    msm_layout(&l, n);
    if (n) {
        if (!scratch)
            return KURV_ERR_ARG;
        if (scratch_len < l.total)
            return KURV_ERR_BUFFER;
    }
    base = n ? (uint8_t *)scratch + ((MSM_ALIGN - (uintptr_t)scratch % MSM_ALIGN) % MSM_ALIGN) : NULL;
    pts = n ? (ec_aff *)(void *)(base + l.pts) : NULL;
    limbs = n ? (uint64_t *)(void *)(base + l.limbs) : NULL;

    for (i = 0; i < n; i++) {
        ec_aff p;
        if (!ec_load_aff(EC_CTX_ARG &p, pxy + i * 2 * EC_FLEN))
            return KURV_ERR_POINT;
#ifdef EC_GLV
        {
            uint8_t k1[EC_SLEN], k2[EC_SLEN];
            int neg1, neg2;
            ec_glv_split(k1, k2, &neg1, &neg2, k + i * EC_SLEN);
            kl_from_be(EC_N, limbs + mm * EC_N, k1, EC_SLEN);
            kl_from_be(EC_N, limbs + (mm + 1) * EC_N, k2, EC_SLEN);
            if ((kl_is_zero(EC_N, limbs + mm * EC_N) & kl_is_zero(EC_N, limbs + (mm + 1) * EC_N)) & 1)
                continue;       /* k_i = 0 */
            pts[mm] = p;
            if (neg1)
                fe_neg(EC_CTX_ARG &pts[mm].y, &p.y);
            fe_mul(EC_CTX_ARG &pts[mm + 1].x, &p.x, &ec_glv_beta);
            pts[mm + 1].y = p.y;
            if (neg2)
                fe_neg(EC_CTX_ARG &pts[mm + 1].y, &p.y);
            mm += 2;
        }
#else
        kl_from_be(EC_N, limbs + mm * EC_N, k + i * EC_SLEN, EC_SLEN);
        if (kl_is_zero(EC_N, limbs + mm * EC_N) & 1)
            continue;
        pts[mm++] = p;
#endif
    }

    jac_set_inf(EC_CTX_ARG &acc);
    if (mm) {
        if (l.strauss)
            msm_strauss(EC_CTX_ARG &acc, pts, limbs, mm, base + l.part, n);
        else
            msm_pippenger(EC_CTX_ARG &acc, pts, limbs, mm, base + l.part, l.c, n * MSM_SPLIT);
    }
    if (g) {
        int8_t d[EC_G_BASE_WINDOWS];
        ec_jac *ga = &acc;              /* where g*G is summed: on the loop curve */
#ifdef EC_TWIST_A3
        ec_jac gacc;                    /* E_t, where ec_base_table is */
        jac_set_inf(EC_CTX_ARG &gacc);
        ga = &gacc;
#endif
        sc_recode_signed(d, g, EC_G_BASE_W, EC_G_BASE_WINDOWS);
        for (i = 0; i < EC_G_BASE_WINDOWS; i++) {
            if (d[i] > 0)
                jac_add_aff_vartime_t(EC_CTX_ARG ga, ga, &ec_base_table[i][d[i] - 1]);
            else if (d[i] < 0)
                jac_sub_aff_vartime_t(EC_CTX_ARG ga, ga, &ec_base_table[i][-d[i] - 1]);
        }
#ifdef EC_TWIST_A3
        fe_mul(EC_CTX_ARG &gacc.z, &gacc.z, &ec_tw.z);  /* back from E_t */
        jac_add_vartime(EC_CTX_ARG &acc, &acc, &gacc);
#endif
    }
    if (fe_is_zero(EC_CTX_ARG &acc.z) & 1) {
        if (xy)
            memset(xy, 0, 2 * EC_FLEN);
        return KURV_ERR_INFINITY;
    }
    if (xy)
        jac_store_xy_vartime(EC_CTX_ARG xy, &acc);
    return KURV_OK;
}

#endif
