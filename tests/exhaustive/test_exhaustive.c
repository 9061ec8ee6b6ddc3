/*
 * kurv exhaustive test: the curve template on small groups, every element, against a
 * naive reference.
 *
 * What runs: the run-time engine (core/src/rt_tmpl.h, the curve template with its
 * constants in a context) on six curves of prime order from 199 to 3079 points, built by
 * kurv_rt_curve_new() from core/src/rt_curve.c compiled again with KURV_RT_MIN_ORDER_BITS
 * = 8 beside the library's other objects (the library refuses n < 2^32; see
 * core/src/rt_impl.h). Two curves per shape of a:
 * generic (the engine kurv_curve_new uses), a = 0 and a = -3 (4-limb test engines built
 * here with RT_A_KIND, tests/exhaustive/rt4_a0.c and rt4_m3.c: the doubling and addition
 * formulas secp256k1 and the NIST curves instantiate). Fields with p = 3 mod 4 and with
 * p = 1 mod 4 (Tonelli-Shanks with s = 2 and s = 5), and n < p as well as n > p.
 *
 * The reference is schoolbook affine arithmetic on machine integers (p < 2^12): the
 * multiples i*G, i = 0..n-1, which are the whole group (prime order, cofactor 1).
 *
 * Checked, for every curve:
 *   - SEC1 decoding: every x in [0, p) with both parities, compressed, and every point
 *     uncompressed, accepted exactly when the reference says the point exists
 *     (kurv_point_check), and the decoded y is the reference's;
 *   - the group law: P_i + P_j (complete addition, kurv_jacobian_add, with inputs in
 *     Jacobian coordinates whose Z is not 1) and P_i + P_j with P_j affine, for every
 *     pair on the small curves and on the large ones for every i with the partners j
 *     that meet the special cases (O, P_i itself, -P_i, neighbours) and every 13th;
 *     2 P_i and -P_i for every i;
 *   - k*P (constant time, kurv_jacobian_mul): every k of the scalar length (one byte:
 *     0 .. 255, k >= n included) for every P on the small curves; on the large ones
 *     (two-byte scalars) k = 0 .. n + 1 and the top 3 values, for 8 points;
 *     k*G (kurv_jacobian_mul_base) and k*P from P's fixed-window table
 *     (kurv_table_build / kurv_table_mul, 4 points) over the same k;
 *   - u1*G + u2*Q (variable time, kurv_jacobian_mul2_vartime) for every (u1, u2) pair on
 *     the small curves, for every u1 and 16 values of u2 on the large ones;
 *   - keys and ECDH: Q = d*G for every d (kurv_pubkey_from_priv), x(d*Q) for every d
 *     (kurv_ecdh);
 *   - ECDSA: a signature by every d on 3 digests (RFC 6979), checked against the
 *     reference's equation (r = x((e + r d)/s * G) mod n) and by kurv_ecdsa_verify; and
 *     kurv_ecdsa_verify for every (r, s) of the scalar length, for one key and digest,
 *     accepted exactly when the reference's verification accepts (every (r, s) on the
 *     small curves; on the large ones r = 0 .. n + 1 and the top 3 values, each with
 *     s = 0, 1, every (n/64)th and values above n).
 * A mismatch prints the curve, the operation and the inputs, and the test fails.
 *
 * Depth: the above is what runs under `meson test --setup full` (KURV_TEST_DEPTH=full,
 * as kt_random in tests/common/testutil.c; `./tools/run.sh check full`). An ordinary run
 * sweeps every curve as the above sweeps the large ones, more sparsely (struct sweep,
 * sweep_for): pair partners the special ones and every 13th (61st on the large curves),
 * k*P for 8 points (3 on the large curves) and 2 tables, u1*G + u2*Q for 16 values of u2,
 * ECDSA on one digest and s = 0, 1, every (n/16)th (n/8th on the large curves). Every
 * special case above (k >= n, the edges of r and s, the partners O, P, -P) stays in it;
 * under qemu-user a full run of the six curves takes half an hour.
 *
 * What it cannot cover: the built-in curves' own field code (specialised reductions,
 * the inline assembly) and their precomputed tables and endomorphisms, which exist only
 * at their real sizes: those are checked against OpenSSL in tests/unit and tests/point.
 * The template's logic (windows, recoding, scalar folding, the formulas, the exceptional
 * cases of incomplete additions) is the same code at every size, and here it meets
 * every case that exists.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/kurv.h>
#include "rt_impl.h"

extern const struct kurv_curve_ops kurv_rt_ops4_a0, kurv_rt_ops4_m3;

typedef struct small_curve {
    const char *name;
    int p, a, b, n, gx, gy;
    const struct kurv_curve_ops *engine;   /* NULL: the generic engine */
} small_curve;

/* Found by counting points (#E = n prime, n != p, 2n > p + 1 + 2^(ceil(bits(p)/2) + 1)).
 * meson.build runs one test per curve, by name: a curve added here is added there too. */
static const small_curve curves[] = {
    { "p211 generic",  211,    2, 10,  199, 1,   60, NULL },
    { "p211 a=0",      211,    0,  2,  199, 4,   53, &kurv_rt_ops4_a0 },
    { "p229 a=-3",     229,  226,  4,  223, 0,    2, &kurv_rt_ops4_m3 },
    { "p2017 generic", 2017,   2, 10, 1999, 2,  345, NULL },
    { "p2003 a=-3",    2003, 2000, 1, 2039, 0,    1, &kurv_rt_ops4_m3 },
    { "p3001 a=0",     3001,   0, 13, 3079, 3, 1325, &kurv_rt_ops4_a0 },
};

/* ------------------------------------------------------------ the naive reference */
typedef struct { int x, y, inf; } npt;

static int P, A, B, N;          /* the curve under test */
static int full_depth;          /* KURV_TEST_DEPTH=full: the sweeps of the comment at the top */
static npt *mult;               /* mult[i] = i*G */

static int md(long v, int m) { v %= m; return (int)(v < 0 ? v + m : v); }

static int inv_mod(int v, int m)
{
    long r = 1, b = md(v, m);
    int e = m - 2;
    while (e) {
        if (e & 1)
            r = r * b % m;
        b = b * b % m;
        e >>= 1;
    }
    return (int)r;
}

static npt n_add(npt u, npt v)
{
    npt r = { 0, 0, 0 };
    long l;
    if (u.inf)
        return v;
    if (v.inf)
        return u;
    if (u.x == v.x && md(u.y + v.y, P) == 0) {
        r.inf = 1;
        return r;
    }
    if (u.x == v.x)
        l = (long)md(3L * u.x * u.x + A, P) * inv_mod(md(2L * u.y, P), P) % P;
    else
        l = (long)md(v.y - u.y, P) * inv_mod(md(v.x - u.x, P), P) % P;
    r.x = md(l * l - u.x - v.x, P);
    r.y = md(l * (u.x - r.x) - u.y, P);
    return r;
}

static int n_on_curve(int x, int y)
{
    return md((long)y * y - ((long)x * x % P * x + (long)A * x + B), P) == 0;
}

/* y with y^2 = x^3 + ax + b and the given parity, or -1 */
static int n_lift(int x, int odd)
{
    int rhs = md(((long)x * x % P * x + (long)A * x + B), P), y;
    for (y = 0; y < P; y++)
        if ((long)y * y % P == rhs && (y & 1) == odd)
            return y;
    return -1;
}

/* ------------------------------------------------------------ helpers */
static const kurv_curve *cur;
static const char *cname;
static size_t flen, slen;
static long failures, checks;
static kurv_affine *aff;        /* aff[i] = mult[i] as a kurv_affine (i >= 1) */
static kurv_jacobian *jac;      /* jac[i] = mult[i] in Jacobian coordinates, Z != 1 */

#define FAIL(...) do { if (failures++ < 20) { fprintf(stderr, "exhaustive: %s: ", cname); \
        fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } } while (0)

static void be(uint8_t *out, size_t len, unsigned long v)
{
    size_t i;
    for (i = len; i-- > 0; v >>= 8)
        out[i] = (uint8_t)v;
}

static unsigned long from_be(const uint8_t *in, size_t len)
{
    unsigned long v = 0;
    size_t i;
    for (i = 0; i < len; i++)
        v = v << 8 | in[i];
    return v;
}

/* does the kurv point j equal the reference's i*G? */
static int is_mult(const kurv_jacobian *j, long i)
{
    i = md(i, N);
    checks++;
    if (i == 0)
        return kurv_jacobian_is_infinity(j) == 1;
    return kurv_jacobian_is_infinity(j) == 0 && kurv_jacobian_equal_affine(j, &aff[i]) == 1;
}

static void sec1(uint8_t *out, const npt *q)
{
    out[0] = 4;
    be(out + 1, flen, (unsigned long)q->x);
    be(out + 1 + flen, flen, (unsigned long)q->y);
}

/* How densely the checks sweep the current curve (the comment at the top, "Depth") */
struct sweep {
    int small;          /* n < 1000: one-byte scalars, every k and r of the length */
    long pair_every;    /* pair sweeps: every partner (1) or the special ones and every k-th */
    long mul_step;      /* k*P for P = 1, 1 + mul_step, ... */
    int tables;         /* of those P, how many also by a fixed-window table */
    long mul2_step;     /* u2 = 0, mul2_step, ... for every u1 */
    int digests;        /* ECDSA signatures by every d on this many digests */
    long sig_s_step;    /* the (r, s) verification sweep: s = 0, 1, 1 + step, ... */
};
static struct sweep sw;

/* the sweep of a curve of order n: full as the comment at the top says, or the ordinary one */
static struct sweep sweep_for(long n, int full)
{
    struct sweep w;
    w.small = n < 1000;
    w.pair_every = full ? (w.small ? 1 : 13) : (w.small ? 13 : 61);
    w.mul_step = full ? (w.small ? 1 : n / 7) : (w.small ? n / 7 : n / 3);
    w.tables = full ? 4 : 2;
    w.mul2_step = full && w.small ? 1 : n / 16;
    w.digests = full ? 3 : 1;
    w.sig_s_step = full ? (w.small ? 1 : n / 64) : (w.small ? n / 16 : n / 8);
    return w;
}

/* the scalars a sweep takes: every value of the scalar length on the small curves (one
 * byte); on the large ones (two bytes) 0 .. n + 1 and the top 3 values of the length */
static unsigned long k_next(unsigned long k)
{
    unsigned long kmax = 1UL << (8 * slen);
    if (!sw.small && k == (unsigned long)N + 1)
        return kmax - 3;
    return k + 1;
}

/* the partners j of i in the pair sweeps: all, or 0, 1, 2, i - 1, i, i + 1, n - i, n - 1
 * and every sw.pair_every-th */
static int pair_wanted(long i, long j)
{
    if (sw.pair_every == 1)
        return 1;
    return j <= 2 || j % sw.pair_every == 0 || j >= N - 1 || labs(j - i) <= 1 || j == N - i;
}

/* ------------------------------------------------------------ the checks */
static void check_decoding(void)
{
    uint8_t enc[1 + 2 * 8], y[8];
    int x, odd;
    long i;
    kurv_affine a;
    for (x = 0; x < P; x++)
        for (odd = 0; odd < 2; odd++) {
            int want = n_lift(x, odd);
            kurv_err e;
            enc[0] = (uint8_t)(2 + odd);
            be(enc + 1, flen, (unsigned long)x);
            e = kurv_point_check(cur, enc, 1 + flen);
            checks++;
            if ((e == KURV_OK) != (want >= 0))
                FAIL("compressed x=%d odd=%d: %s, reference %s", x, odd, kurv_strerror(e),
                     want >= 0 ? "on the curve" : "no such point");
            if (want >= 0 && kurv_affine_from_x(cur, &a, enc + 1, odd) == KURV_OK) {
                kurv_affine_get_xy(NULL, y, &a);
                if (from_be(y, flen) != (unsigned long)want)
                    FAIL("lift x=%d odd=%d: y=%lu, reference %d", x, odd, from_be(y, flen), want);
            }
        }
    /* uncompressed: every (x, y) in [0, p)^2 on the small fields; on the large ones every
     * point and (x, y + 1) beside it */
    for (x = 0; x < P; x++) {
        int y0 = P < 1000 ? 0 : n_lift(x, 0), yy, ny = P < 1000 ? P : 4;
        if (P >= 1000 && y0 < 0)
            y0 = 0;
        for (yy = 0; yy < ny; yy++) {
            int yv = P < 1000 ? yy : md((long)(yy < 2 ? y0 : P - y0) + (yy & 1), P);
            kurv_err e;
            enc[0] = 4;
            be(enc + 1, flen, (unsigned long)x);
            be(enc + 1 + flen, flen, (unsigned long)yv);
            e = kurv_point_check(cur, enc, 1 + 2 * flen);
            checks++;
            if ((e == KURV_OK) != n_on_curve(x, yv))
                FAIL("uncompressed (%d, %d): %s, reference %s", x, yv, kurv_strerror(e),
                     n_on_curve(x, yv) ? "on the curve" : "off the curve");
        }
    }
    (void)i;
}

static void check_group_law(void)
{
    kurv_jacobian r;
    long i, j;
    for (i = 0; i < N; i++) {
        if (kurv_jacobian_double(&r, &jac[i]) != KURV_OK || !is_mult(&r, 2 * i))
            FAIL("2*(%ld G)", i);
        if (kurv_jacobian_neg(&r, &jac[i]) != KURV_OK || !is_mult(&r, -i))
            FAIL("-(%ld G)", i);
        for (j = 0; j < N; j++) {
            if (!pair_wanted(i, j))
                continue;
            if (kurv_jacobian_add(&r, &jac[i], &jac[j]) != KURV_OK || !is_mult(&r, i + j))
                FAIL("%ld G + %ld G", i, j);
            if (j > 0 && (kurv_jacobian_add_affine(&r, &jac[i], &aff[j]) != KURV_OK ||
                          !is_mult(&r, i + j)))
                FAIL("%ld G + affine %ld G", i, j);
        }
    }
}

static void check_mul(void)
{
    uint8_t k[8];
    unsigned long kmax = 1UL << (8 * slen), kv;
    size_t tlen = kurv_table_len(cur);
    void *table = malloc(tlen);
    kurv_jacobian r;
    long pi;
    int t = 0;

    for (kv = 0; kv < kmax; kv = k_next(kv)) {
        be(k, slen, kv);
        if (kurv_jacobian_mul_base(cur, &r, k, slen) != KURV_OK || !is_mult(&r, (long)(kv % (unsigned long)N)))
            FAIL("k*G, k=%lu", kv);
    }
    for (pi = 1; pi < N; pi += sw.mul_step) {
        for (kv = 0; kv < kmax; kv = k_next(kv)) {
            be(k, slen, kv);
            if (kurv_jacobian_mul(&r, k, slen, &jac[pi]) != KURV_OK ||
                !is_mult(&r, (long)(kv % (unsigned long)N) * pi))
                FAIL("k*P, k=%lu, P=%ld G", kv, pi);
        }
        if (table && t++ < sw.tables && kurv_table_build(cur, table, tlen, &aff[pi]) == KURV_OK) {
            for (kv = 0; kv < kmax; kv = k_next(kv)) {
                be(k, slen, kv);
                if (kurv_table_mul(cur, &r, table, tlen, k, slen) != KURV_OK ||
                    !is_mult(&r, (long)(kv % (unsigned long)N) * pi))
                    FAIL("table k*P, k=%lu, P=%ld G", kv, pi);
            }
        }
    }
    free(table);
}

static void check_mul2(void)
{
    uint8_t u1[8], u2[8];
    kurv_jacobian r;
    long q = N / 3 + 1, a, b;
    for (a = 0; a < N; a++) {
        be(u1, slen, (unsigned long)a);
        for (b = 0; b < N; b += sw.mul2_step) {
            be(u2, slen, (unsigned long)b);
            if (kurv_jacobian_mul2_vartime(&r, u1, &jac[1], u2, &jac[q], slen) != KURV_OK ||
                !is_mult(&r, a + b * q))
                FAIL("u1*G + u2*Q, u1=%ld u2=%ld Q=%ld G", a, b, q);
        }
    }
}

static void check_keys(void)
{
    uint8_t d[8], pub[1 + 2 * 8], z[8], peer[1 + 2 * 8];
    size_t pub_len;
    long i, q = N / 2 + 3;
    sec1(peer, &mult[q]);
    for (i = 1; i < N; i++) {
        be(d, slen, (unsigned long)i);
        pub_len = sizeof pub;
        checks += 2;
        if (kurv_pubkey_from_priv(cur, pub, &pub_len, 0, d, slen) != KURV_OK ||
            from_be(pub + 1, flen) != (unsigned long)mult[i].x ||
            from_be(pub + 1 + flen, flen) != (unsigned long)mult[i].y)
            FAIL("d*G, d=%ld", i);
        if (kurv_ecdh(cur, z, flen, d, slen, peer, 1 + 2 * flen) != KURV_OK ||
            from_be(z, flen) != (unsigned long)mult[md(i * q, N)].x)
            FAIL("ECDH, d=%ld, Q=%ld G", i, q);
    }
}

/* e = bits2int(digest) mod n: the leftmost bits(n) bits */
static long digest_e(const uint8_t *h, size_t hlen)
{
    unsigned nb = 0;
    uint64_t v = 0; /* the first 8 bytes of h, whatever the width of long */
    size_t i;
    while ((1L << nb) <= N)
        nb++;
    for (i = 0; i < 8 && i < hlen; i++)
        v = v << 8 | h[i];
    return (long)((v >> (64 - nb)) % (uint64_t)N);
}

/* the reference's verification of (r, s) on e under Q = q*G */
static int n_verify(long r, long s, long e, long q)
{
    long w, u1, u2, idx;
    if (r < 1 || r >= N || s < 1 || s >= N)
        return 0;
    w = inv_mod((int)s, N);
    u1 = e * w % N;
    u2 = r * w % N;
    idx = md(u1 + u2 * q, N);
    if (idx == 0)
        return 0;
    return mult[idx].x % N == r;
}

static void check_ecdsa(void)
{
    uint8_t d[8], sig[16], h[32], pub[1 + 2 * 8];
    long i, t, r, s, q = 2 * N / 3 + 1, sstep = sw.sig_s_step;
    unsigned long kmax = 1UL << (8 * slen);
    for (t = 0; t < sw.digests; t++) {
        long e;
        memset(h, 0, sizeof h);
        h[0] = (uint8_t)(0x5a + 77 * t);
        h[1] = (uint8_t)(0x33 * t + 1);
        h[31] = (uint8_t)t;
        e = digest_e(h, sizeof h);
        for (i = 1; i < N; i++) {
            be(d, slen, (unsigned long)i);
            sec1(pub, &mult[i]);
            checks++;
            if (kurv_ecdsa_sign(cur, sig, 2 * slen, d, slen, h, 32, KURV_HASH_SHA256,
                                NULL, 0, 0) != KURV_OK) {
                FAIL("sign, d=%ld", i);
                continue;
            }
            r = (long)from_be(sig, slen);
            s = (long)from_be(sig + slen, slen);
            if (!n_verify(r, s, e, i))
                FAIL("sign, d=%ld: (r, s) = (%ld, %ld) fails the reference", i, r, s);
            if (kurv_ecdsa_verify(cur, sig, 2 * slen, pub, 1 + 2 * flen, h, 32, 0) != KURV_OK)
                FAIL("verify of its own signature, d=%ld", i);
        }
    }
    /* every (r, s) for one key and digest */
    sec1(pub, &mult[q]);
    for (r = 0; r < (long)kmax; r = (long)k_next((unsigned long)r))
        for (s = 0; s < (long)kmax; s += (s < N + 2 ? sstep : (long)kmax / 8)) {
            long e = digest_e(h, sizeof h);
            int want = n_verify(r, s, e, q), got;
            be(sig, slen, (unsigned long)r);
            be(sig + slen, slen, (unsigned long)s);
            got = kurv_ecdsa_verify(cur, sig, 2 * slen, pub, 1 + 2 * flen, h, 32, 0) == KURV_OK;
            checks++;
            if (got != want)
                FAIL("verify (r, s) = (%ld, %ld): kurv %s, reference %s", r, s,
                     got ? "accepts" : "refuses", want ? "accepts" : "refuses");
            if (s == 0 && sstep > 1)
                s = 1 - sstep;   /* then 1, 1 + step, ...: s = 1 is an edge */
        }
}

static int run_curve(const small_curve *sc)
{
    uint8_t bp[2], ba[2], bb[2], bgx[2], bgy[2], bn[2];
    kurv_curve_params prm;
    kurv_curve *c = NULL;
    kurv_curve_fault f = KURV_CURVE_FAULT_NONE;
    long before = failures, checks_before = checks, i;
    kurv_err e;

    sw = sweep_for(sc->n, full_depth);
    P = sc->p; A = sc->a; B = sc->b; N = sc->n;
    cname = sc->name;
    be(bp, 2, (unsigned long)P); be(ba, 2, (unsigned long)A); be(bb, 2, (unsigned long)B);
    be(bgx, 2, (unsigned long)sc->gx); be(bgy, 2, (unsigned long)sc->gy); be(bn, 2, (unsigned long)N);
    memset(&prm, 0, sizeof prm);
    prm.name = sc->name;
    prm.p = bp; prm.a = ba; prm.b = bb; prm.gx = bgx; prm.gy = bgy; prm.n = bn;
    prm.p_len = prm.a_len = prm.b_len = prm.gx_len = prm.gy_len = prm.n_len = 2;
    prm.cofactor = 1;
    e = kurv_rt_curve_new(&c, &prm, &f, sc->engine);
    if (e != KURV_OK) {
        FAIL("kurv_rt_curve_new: %s (fault %d)", kurv_strerror(e), (int)f);
        return 0;
    }
    cur = c;
    flen = kurv_curve_field_len(c);
    slen = kurv_curve_scalar_len(c);

    /* the reference's multiples, and kurv's copies of them */
    mult = calloc((size_t)N, sizeof *mult);
    aff = calloc((size_t)N, sizeof *aff);
    jac = calloc((size_t)N, sizeof *jac);
    if (!mult || !aff || !jac) {
        FAIL("out of memory");
        return 0;
    }
    mult[0].inf = 1;
    mult[1].x = sc->gx;
    mult[1].y = sc->gy;
    for (i = 2; i < N; i++)
        mult[i] = n_add(mult[i - 1], mult[1]);
    if (!n_add(mult[N - 1], mult[1]).inf)
        FAIL("the reference: n*G != O (wrong curve table)");
    kurv_jacobian_set_infinity(c, &jac[0]);
    for (i = 1; i < N; i++) {
        uint8_t x[8], y[8];
        be(x, flen, (unsigned long)mult[i].x);
        be(y, flen, (unsigned long)mult[i].y);
        if (kurv_affine_set_xy(c, &aff[i], x, y) != KURV_OK)
            FAIL("%ld*G refused by kurv_affine_set_xy", i);
        /* J_i = J_(i-1) + G through the complete addition: Z is not 1 */
        kurv_jacobian_add_affine(&jac[i], &jac[i - 1], &aff[1]);
        if (!is_mult(&jac[i], i))
            FAIL("J_%ld != %ld*G", i, i);
    }

    check_decoding();
    check_group_law();
    check_mul();
    check_mul2();
    check_keys();
    check_ecdsa();

    printf("exhaustive: %-14s p=%d n=%d, %s engine: %ld checks, %s\n", sc->name, P, N,
           sc->engine == NULL ? "generic" : sc->engine == &kurv_rt_ops4_a0 ? "a=0" : "a=-3",
           checks - checks_before, failures == before ? "all equal to the reference" : "MISMATCHES");
    free(mult);
    free(aff);
    free(jac);
    kurv_curve_free(c);
    return failures == before;
}

/* usage: test-exhaustive [NAME...]: the curves of curves[] of those names ("p211 a=0"),
 * every curve when none is given. meson.build registers one test per curve, so that the
 * six run side by side (a name it gives that is not here fails the test). Exit 0 when
 * every check passed, 1 on a mismatch, 2 on an unknown name. */
int main(int argc, char **argv)
{
    const size_t ncurves = sizeof curves / sizeof curves[0];
    size_t i, ran = 0;
    int a;
    const char *depth = getenv("KURV_TEST_DEPTH");

    full_depth = depth != NULL && strcmp(depth, "full") == 0;
    for (a = 1; a < argc; a++) {
        for (i = 0; i < ncurves && strcmp(argv[a], curves[i].name) != 0; i++)
            ;
        if (i == ncurves) {
            fprintf(stderr, "exhaustive: no curve named '%s'\n", argv[a]);
            return 2;
        }
        run_curve(&curves[i]);
        ran++;
    }
    if (argc < 2)
        for (i = 0; i < ncurves; i++, ran++)
            run_curve(&curves[i]);
    if (failures) {
        fprintf(stderr, "exhaustive: %ld of %ld checks failed\n", failures, checks);
        return 1;
    }
    printf("exhaustive: %zu curve%s, %ld checks, no mismatch\n", ran, ran == 1 ? "" : "s", checks);
    return 0;
}
