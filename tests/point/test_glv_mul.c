/*
 * secp256k1's constant-time k*P with the GLV endomorphism (pt_mul_ct under EC_GLV,
 * through kurv_jacobian_mul), against OpenSSL's EC_POINT_mul: the edge scalars of the
 * split k = k1 + k2*lambda (halves 0, +-1, at the largest |k1| and |k2| found in 10^6
 * random scalars, lambda and n - lambda, 1, 2, n - 1, n - 2, around n/2) and 100,000
 * random scalars below n, on random points (kt_random: 10,000 in the everyday run, all
 * 100,000 under `meson test --setup full`).
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <string.h>
#include "testutil.h"
#include "point_check.h"
#include <kurv_curve_list.h>

#ifdef KURV_HAVE_SECP256K1
/* each with its split (k1, k2) as found by a model of ec_glv_split in Python */
static const char *const glv_edge_hex[] = {
    "01",                                                                 /* (1, 0) */
    "02",                                                                 /* (2, 0) */
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140",   /* (-1, 0) */
    "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD036413F",   /* (-2, 0) */
    "5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD72",   /* lambda: (0, 1) */
    "AC9C52B33FA3CF1F5AD9E3FD77ED9BA4A880B9FC8EC739C2E0CFC810B51283CF",   /* n - lambda: (0, -1) */
    "5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD73",   /* (1, 1) */
    "5363AD4CC05C30E0A5261C028812645A122E22EA20816678DF02967C1B23BD71",   /* (-1, 1) */
    "AC9C52B33FA3CF1F5AD9E3FD77ED9BA4A880B9FC8EC739C2E0CFC810B51283D0",   /* (1, -1) */
    "AC9C52B33FA3CF1F5AD9E3FD77ED9BA4A880B9FC8EC739C2E0CFC810B51283CE",   /* (-1, -1) */
    "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",                                   /* (2^127 - 1, 0) */
    "E0B981216F1EE781D7B9346BFF6DCDA440EE88B3F0D57267C3058747E19E27D7",   /* (0, 2^126 + 12345) */
    "5363AD4CC05C30E0A5261C0288126459D22E22EA20816678DF02967C1B23BD72",   /* (-2^126, 1) */
    "5C13F331EE693581D7374E9D0671AF7A91CF811AB23CFF3B109F1809322B0008",   /* |k1| ~ 2^127.345 */
    "31F1CC335C424AAA721339C1464A35569BB198FED71E46A243A9A58899A1B8B6",   /* |k2| ~ 2^127.112 */
    "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0",   /* (n - 1)/2 */
    "7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A1",   /* (n + 1)/2 */
};

/* kurv's k*P against OpenSSL's for k given as a BIGNUM below n */
static void glv_check(pc_env *e, const BIGNUM *b, const kurv_jacobian *P, const EC_POINT *op,
                      const char *what, size_t it)
{
    uint8_t k[32];
    kurv_jacobian R;
    EC_POINT *o = EC_POINT_new(e->g);
    cr_assert(o && BN_bn2binpad(b, k, 32) == 32);
    cr_assert_eq(kurv_jacobian_mul(&R, k, 32, P), KURV_OK);
    cr_assert(EC_POINT_mul(e->g, o, NULL, op, b, e->ctx) == 1);
    pc_assert_same(e, &R, o, what, it);
    EC_POINT_free(o);
}

Test(glv_mul, edge_scalars_match_openssl)
{
    pc_env e;
    kurv_jacobian P;
    EC_POINT *op;
    size_t i, it, checked = 0;
    pc_open(&e, kt_curve("secp256k1"));
    op = EC_POINT_new(e.g);
    for (it = 0; it < 4; it++) {
        pc_rand_point(&e, &P, op);
        for (i = 0; i < sizeof glv_edge_hex / sizeof *glv_edge_hex; i++) {
            BIGNUM *b = NULL, *nb = BN_new();
            cr_assert(BN_hex2bn(&b, glv_edge_hex[i]) > 0 && nb);
            cr_assert(BN_cmp(b, e.n) < 0);
            glv_check(&e, b, &P, op, glv_edge_hex[i], it);
            cr_assert(BN_sub(nb, e.n, b));                /* the negated split */
            glv_check(&e, nb, &P, op, "n - edge scalar", i);
            BN_free(b); BN_free(nb);
            checked += 2;
        }
    }
    EC_POINT_free(op);
    pc_close(&e);
    cr_assert_eq(checked, 4 * 2 * (sizeof glv_edge_hex / sizeof *glv_edge_hex));
}

Test(glv_mul, random_scalars_match_openssl)
{
    pc_env e;
    kurv_jacobian P;
    EC_POINT *op;
    BIGNUM *b = BN_new();
    size_t it, nrand = (size_t)kt_random(100000);
    pc_open(&e, kt_curve("secp256k1"));
    op = EC_POINT_new(e.g);
    cr_assert(b && op);
    for (it = 0; it < nrand; it++) {
        if (it % 1000 == 0)
            pc_rand_point(&e, &P, op);
        cr_assert(BN_rand_range(b, e.n) == 1);
        glv_check(&e, b, &P, op, "k*P", it);
    }
    BN_free(b);
    EC_POINT_free(op);
    pc_close(&e);
}
#endif
