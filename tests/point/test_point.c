/*
 * The point API (kurv/point.h) on every linked curve, cross-checked against
 * OpenSSL's EC_POINT and BN arithmetic (groups built from the curve's own
 * parameters, so the same helpers check runtime curves), with the exceptional
 * cases P + P, P + (-P), P + O, scalars 0, 1, n - 1, n; secp256k1 known answers;
 * the blinding round trip; a randomised Jacobian-vs-affine walk; tables.
 */
#include <criterion/criterion.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <string.h>
#include "testutil.h"
#include "point_check.h"
#include <kurv_curve_list.h>

#ifdef KURV_HAVE_SECP256K1   /* secp256k1's known answers, when this build has it */
Test(point, secp256k1_known_answers)
{
    const kurv_curve *c = kt_curve("secp256k1");
    uint8_t d[32], x[32], y[32], one[32] = {0};
    kurv_jacobian q;
    kurv_affine a;
    char hex[80];

    cr_assert(c != NULL);
    kt_unhex(d, 32, "c370af8c091812ef7f6bfaffb494b1046fb25486c9873243b80826daef3ec583");
    cr_assert_eq(kurv_jacobian_mul_base(c, &q, d, 32), KURV_OK);
    cr_assert_eq(kurv_jacobian_to_affine(&a, &q), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(x, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, x, 32), "76cd66c6cca75278ff408ce67290537367719154ae2b96448327fe4033ddcfc7");
    cr_assert_str_eq(kt_hex(hex, y, 32), "35663ecbb64397bb9bd79155a1e6b138c2fb8fa1f11355f8e9e97ddd88a78e49");
    /* the same through a table built for G at run time */
    {
        static uint64_t tab[60000 / 8];
        kurv_affine g;
        kurv_jacobian t;
        cr_assert_eq(kurv_affine_set_xy(c, &g, kurv_curve_param(c, 'x', NULL), kurv_curve_param(c, 'y', NULL)), KURV_OK);
        cr_assert_eq(kurv_table_build(c, tab, sizeof tab, &g), KURV_OK);
        cr_assert_eq(kurv_table_mul(c, &t, tab, sizeof tab, d, 32), KURV_OK);
        cr_assert(kurv_jacobian_equal(&t, &q));
    }
    /* 03 || x = 1: the odd y */
    one[31] = 1;
    cr_assert_eq(kurv_affine_from_x(c, &a, one, 1), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(NULL, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, y, 32), "bde70df51939b94c9c24979fa7dd04ebd9b3572da7802290438af2a681895441");
    /* 02 || x = 1: the other root, p - y */
    cr_assert_eq(kurv_affine_from_x(c, &a, one, 0), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(NULL, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, y, 32), "4218f20ae6c646b363db68605822fb14264ca8d2587fdd6fbc750d587e76a7ee");
    /* x = 0: 7 is not a square mod p */
    one[31] = 0;
    cr_assert_eq(kurv_affine_from_x(c, &a, one, 0), KURV_ERR_POINT);
}
#endif

Test(point, group_law_matches_openssl_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++)
        pc_check_group_law(kt_curves[i], 40);
}

Test(point, exceptional_cases_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++)
        pc_check_exceptional(kt_curves[i]);
}

Test(point, blinding_round_trip_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++)
        pc_check_blinding(kt_curves[i], 10);
}

Test(point, scalar_and_field_match_openssl_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        pc_check_scalars(kt_curves[i], 100);
        pc_check_sqrt(kt_curves[i], 50);
    }
}

Test(point, jacobian_vs_affine_random_walk_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++)
        pc_check_random_walk(kt_curves[i], 300);
}

Test(point, tables_match_plain_multiplication_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++)
        pc_check_tables(kt_curves[i], 20);
}

Test(point, table_lengths)
{
    struct { const char *name; size_t len; } want[] = {
        {"secp256k1", 53248}, {"P-256", 53248}, {"brainpoolP256r1", 53248},
        {"P-384", 118272}, {"brainpoolP384r1", 118272},
        {"brainpoolP512r1", 210944}, {"P-521", 241920},
    };
    size_t i;
    for (i = 0; i < sizeof want / sizeof want[0]; i++) {
        const kurv_curve *c = kt_curve(want[i].name);
        if (c)
            cr_assert_eq(kurv_table_len(c), want[i].len, "%s: %zu", want[i].name, kurv_table_len(c));
    }
    cr_assert_eq(kurv_table_len(NULL), 0);
}

Test(point, bad_input_all_curves)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++)
        pc_check_bad_input(kt_curves[i]);
}
