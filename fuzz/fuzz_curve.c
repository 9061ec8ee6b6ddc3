/*
 * Harness fuzz_curve: kurv_curve_new() with bounded parameters (each at most 67 bytes).
 * Input: curve byte; mode byte; then
 *   mode bit 0 clear: edits of the chosen built-in curve's parameters (kurv_curve_params_of),
 *     triples (field mod 6: p a b gx gy n; byte offset; XOR mask), so that the search
 *     starts at valid curves and walks through the checks one by one;
 *   mode bit 0 set: six length-prefixed fields (length byte mod 68) taken as they come.
 * A curve kurv_curve_new() accepts must give its parameters back (kurv_curve_params_of, up to
 * leading zero bytes), and on it d*G for a fixed d equals OpenSSL's on the same parameters
 * (EC_GROUP_new_curve_GFp) and an ECDSA signature verifies. kurv's refusals are not compared:
 * OpenSSL's EC_GROUP_check tests neither primality nor the cofactor bound.
 */
#include "fuzz.h"

#include <string.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <kurv/ecdsa.h>
#include <kurv/point.h>

#define FMAX 67

/* big-endian equality up to leading zero bytes */
static int same_int(const uint8_t *a, size_t al, const uint8_t *b, size_t bl)
{
    while (al && !*a)
        a++, al--;
    while (bl && !*b)
        b++, bl--;
    return al == bl && !memcmp(a, b, al);
}

static void check_curve(const kurv_curve *c, uint8_t f[6][FMAX], const size_t fl[6])
{
    kurv_curve_params q;
    size_t sl = kurv_curve_scalar_len(c), pl = KURV_MAX_POINT_LEN, ol, k;
    uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], opub[KURV_MAX_POINT_LEN];
    uint8_t dg[32], sig[KURV_MAX_SIG_RAW_LEN];
    BIGNUM *bp = BN_bin2bn(f[0], (int)fl[0], NULL), *ba = BN_bin2bn(f[1], (int)fl[1], NULL),
           *bb = BN_bin2bn(f[2], (int)fl[2], NULL), *bx = BN_bin2bn(f[3], (int)fl[3], NULL),
           *by = BN_bin2bn(f[4], (int)fl[4], NULL), *bn = BN_bin2bn(f[5], (int)fl[5], NULL),
           *bd = NULL;
    EC_GROUP *g = NULL;
    EC_POINT *G = NULL, *Q = NULL;
    kurv_err e;

    if (kurv_curve_params_of(c, &q) != KURV_OK || !same_int(q.p, q.p_len, f[0], fl[0]) ||
            !same_int(q.a, q.a_len, f[1], fl[1]) || !same_int(q.b, q.b_len, f[2], fl[2]) ||
            !same_int(q.gx, q.gx_len, f[3], fl[3]) || !same_int(q.gy, q.gy_len, f[4], fl[4]) ||
            !same_int(q.n, q.n_len, f[5], fl[5]))
        fz_fail("kurv_curve_params_of does not give the parameters back", KURV_OK, 0);
    /* d = 0x0101...01 (scalar_len bytes), or 2 if that is not below n */
    memset(d, 0x01, sl);
    if (kurv_privkey_check(c, d, sl) != KURV_OK) {
        memset(d, 0, sl);
        d[sl - 1] = 2;
    }
    e = kurv_pubkey_from_priv(c, pub, &pl, 0, d, sl);
    if (e)
        fz_fail("d*G on an accepted curve", e, 0);
    g = EC_GROUP_new_curve_GFp(bp, ba, bb, NULL);
    if (g && (G = EC_POINT_new(g)) && (Q = EC_POINT_new(g)) &&
            EC_POINT_set_affine_coordinates(g, G, bx, by, NULL) &&
            EC_GROUP_set_generator(g, G, bn, BN_value_one()) &&
            (bd = BN_bin2bn(d, (int)sl, NULL)) && EC_POINT_mul(g, Q, bd, NULL, NULL, NULL)) {
        ol = EC_POINT_point2oct(g, Q, POINT_CONVERSION_UNCOMPRESSED, opub, sizeof opub, NULL);
        if (ol != pl || memcmp(pub, opub, pl))
            fz_fail("d*G differs from OpenSSL's on the same parameters", KURV_OK, (long)ol);
    }
    for (k = 0; k < sizeof dg; k++)
        dg[k] = (uint8_t)k;
    e = kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, dg, sizeof dg, KURV_HASH_SHA256, NULL, 0, 0);
    if (e || (e = kurv_ecdsa_verify(c, sig, 2 * sl, pub, pl, dg, sizeof dg, 0)) != KURV_OK)
        fz_fail("ECDSA round trip on an accepted curve", e, 0);
    EC_POINT_free(G);
    EC_POINT_free(Q);
    EC_GROUP_free(g);
    BN_free(bp), BN_free(ba), BN_free(bb), BN_free(bx), BN_free(by), BN_free(bn), BN_free(bd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i = fz_pick_curve(&data, &size), k;
    uint8_t f[6][FMAX] = { { 0 } };
    size_t fl[6] = { 0 };
    kurv_curve_params prm;
    kurv_curve *c = NULL;
    kurv_curve_fault fault;
    kurv_err e;

    if (i < 0 || size < 1)
        return 0;
    if (data[0] & 1) {
        size_t off = 1;
        for (k = 0; k < 6; k++) {
            size_t l = off < size ? data[off++] % (FMAX + 1) : 0;
            if (l > size - off)
                l = size - off;
            memcpy(f[k], data + off, l);
            fl[k] = l;
            off += l;
        }
    } else {
        kurv_curve_params b;
        const uint8_t *src[6];
        size_t off;
        if (kurv_curve_params_of(fz_curves[i], &b) != KURV_OK)
            return 0;
        src[0] = b.p, src[1] = b.a, src[2] = b.b, src[3] = b.gx, src[4] = b.gy, src[5] = b.n;
        fl[0] = b.p_len, fl[1] = b.a_len, fl[2] = b.b_len, fl[3] = b.gx_len, fl[4] = b.gy_len,
        fl[5] = b.n_len;
        for (k = 0; k < 6; k++) {
            if (fl[k] > FMAX)
                return 0;
            memcpy(f[k], src[k], fl[k]);
        }
        for (off = 1; off + 3 <= size; off += 3) {
            int which = data[off] % 6;
            if (fl[which])
                f[which][data[off + 1] % fl[which]] ^= data[off + 2];
        }
    }
    memset(&prm, 0, sizeof prm);
    prm.name = "fuzz";
    prm.p = f[0], prm.a = f[1], prm.b = f[2], prm.gx = f[3], prm.gy = f[4], prm.n = f[5];
    prm.p_len = fl[0], prm.a_len = fl[1], prm.b_len = fl[2], prm.gx_len = fl[3], prm.gy_len = fl[4];
    prm.n_len = fl[5];
    prm.cofactor = 1;
    e = kurv_curve_new(&c, &prm, &fault);
    if (e == KURV_OK) {
        if (!c || fault != KURV_CURVE_FAULT_NONE)
            fz_fail("accepted curve without a descriptor, or with a fault", e, (long)fault);
        check_curve(c, f, fl);
        kurv_curve_free(c);
    } else if (e != KURV_ERR_CURVE && e != KURV_ERR_UNSUPPORTED) {
        fz_fail("kurv_curve_new: an undocumented code", e, (long)fault);
    }
    ERR_clear_error();
    return 0;
}
