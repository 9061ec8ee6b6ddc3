/*
 * Curves from run-time parameters (kurv_curve_new): every built-in curve rebuilt from
 * its parameters gives the built-in's results (keys, deterministic ECDSA signatures,
 * ECDH, the point API); the point API on the runtime curves against OpenSSL; the STARK
 * curve (p = 1 mod 4: Tonelli-Shanks) with known answers computed with Python integers;
 * and bad parameters refused with the check that failed.
 */
#include <criterion/criterion.h>
#include <string.h>
#include "testutil.h"
#include "point_check.h"

static kurv_curve *rebuild(const kurv_curve *b)
{
    kurv_curve_params prm;
    kurv_curve *c = NULL;
    kurv_curve_fault f;
    cr_assert_eq(kurv_curve_params_of(b, &prm), KURV_OK);
    cr_assert_str_eq(prm.name, kurv_curve_name(b));
    cr_assert_eq(prm.cofactor, 1);
    prm.name = "rebuilt";
    cr_assert_eq(kurv_curve_new(&c, &prm, &f), KURV_OK, "%s: fault %d", kurv_curve_name(b), (int)f);
    cr_assert_eq(f, KURV_CURVE_FAULT_NONE);
    return c;
}

/* the runtime copy of a built-in curve agrees with it on keys, ECDSA, ECDH and points */
static void same_as_builtin(const kurv_curve *b, size_t iters)
{
    kurv_curve *r = rebuild(b);
    size_t sl = kurv_curve_scalar_len(b), fl = kurv_curve_field_len(b), it;
    cr_assert_eq(kurv_curve_scalar_len(r), sl);
    cr_assert_eq(kurv_curve_field_len(r), fl);
    cr_assert_eq(kurv_curve_order_bits(r), kurv_curve_order_bits(b));
    cr_assert_str_eq(kurv_curve_name(r), "rebuilt");
    for (it = 0; it < iters; it++) {
        uint8_t d[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN], q1[KURV_MAX_POINT_LEN], q2[KURV_MAX_POINT_LEN];
        uint8_t dg[32], s1[KURV_MAX_SIG_RAW_LEN], s2[KURV_MAX_SIG_RAW_LEN];
        uint8_t e1[KURV_MAX_FIELD_LEN], e2[KURV_MAX_FIELD_LEN], qc[KURV_MAX_POINT_LEN];
        size_t l1 = sizeof q1, l2 = sizeof q2, lc = sizeof qc;
        cr_assert_eq(kurv_keygen(b, d, sl, q1, &l1, 0), KURV_OK);
        cr_assert_eq(kurv_pubkey_from_priv(r, q2, &l2, 0, d, sl), KURV_OK);
        cr_assert(l1 == l2 && memcmp(q1, q2, l1) == 0, "%s: runtime pubkey", kurv_curve_name(b));
        cr_assert_eq(kurv_random(dg, sizeof dg), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(b, s1, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(r, s2, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
        cr_assert(memcmp(s1, s2, 2 * sl) == 0, "%s: runtime RFC 6979 signature", kurv_curve_name(b));
        cr_assert_eq(kurv_ecdsa_verify(r, s1, 2 * sl, q1, l1, dg, 32, 0), KURV_OK);
        s1[sl - 1] ^= 1;
        cr_assert_eq(kurv_ecdsa_verify(r, s1, 2 * sl, q1, l1, dg, 32, 0), KURV_ERR_SIGNATURE);
        /* ECDH against a compressed peer key (lift_x on the runtime curve) */
        cr_assert_eq(kurv_keygen(b, d2, sl, NULL, NULL, 0), KURV_OK);
        cr_assert_eq(kurv_pubkey_from_priv(b, qc, &lc, 1, d2, sl), KURV_OK);
        cr_assert_eq(kurv_ecdh(b, e1, fl, d, sl, qc, lc), KURV_OK);
        cr_assert_eq(kurv_ecdh(r, e2, fl, d, sl, qc, lc), KURV_OK);
        cr_assert(memcmp(e1, e2, fl) == 0, "%s: runtime ECDH", kurv_curve_name(b));
        cr_assert_eq(kurv_point_check(r, q1, l1), KURV_OK);
        q1[l1 - 1] ^= 1;
        cr_assert_eq(kurv_point_check(r, q1, l1), KURV_ERR_POINT);
    }
    {   /* the point API: the same k*G and the same table products */
        kurv_jacobian x, y;
        uint8_t k[KURV_MAX_SCALAR_LEN], ax[KURV_MAX_FIELD_LEN], bx[KURV_MAX_FIELD_LEN];
        kurv_affine a1, a2;
        cr_assert_eq(kurv_random(k, sl), KURV_OK);
        cr_assert_eq(kurv_jacobian_mul_base(b, &x, k, sl), KURV_OK);
        cr_assert_eq(kurv_jacobian_mul_base(r, &y, k, sl), KURV_OK);
        cr_assert_eq(kurv_jacobian_to_affine(&a1, &x), KURV_OK);
        cr_assert_eq(kurv_jacobian_to_affine(&a2, &y), KURV_OK);
        cr_assert_eq(kurv_affine_get_xy(ax, NULL, &a1), KURV_OK);
        cr_assert_eq(kurv_affine_get_xy(bx, NULL, &a2), KURV_OK);
        cr_assert(memcmp(ax, bx, fl) == 0);
        /* points of two descriptors do not mix */
        cr_assert_eq(kurv_jacobian_add(&x, &x, &y), KURV_ERR_CURVE);
    }
    {   /* key files need an OID */
        uint8_t d[KURV_MAX_SCALAR_LEN], out[512], q[KURV_MAX_POINT_LEN];
        size_t ol = sizeof out, ql = sizeof q;
        cr_assert_eq(kurv_keygen(r, d, sl, q, &ql, 0), KURV_OK);
        cr_assert_eq(kurv_privkey_encode(r, out, &ol, KURV_KEY_PKCS8, KURV_KEYFMT_DER, d, sl), KURV_ERR_UNSUPPORTED);
        ol = sizeof out;
        cr_assert_eq(kurv_pubkey_encode(r, out, &ol, KURV_KEYFMT_DER, q, ql), KURV_ERR_UNSUPPORTED);
    }
    kurv_curve_free(r);
}

Test(runtime, p256_from_parameters_matches_builtin)
{
    const kurv_curve *b = kt_curve("P-256");
    kurv_curve *r;
    if (!b)
        cr_skip_test("P-256 not linked");
    same_as_builtin(b, 20);
    r = rebuild(b);
    pc_check_group_law(r, 20);
    pc_check_exceptional(r);
    pc_check_blinding(r, 5);
    pc_check_scalars(r, 50);
    pc_check_sqrt(r, 30);
    pc_check_random_walk(r, 100);
    pc_check_tables(r, 10);
    pc_check_bad_input(r);
    kurv_curve_free(r);
}

Test(runtime, every_builtin_from_parameters)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        kurv_curve *r;
        same_as_builtin(kt_curves[i], 3);
        r = rebuild(kt_curves[i]);
        pc_check_group_law(r, 3);
        pc_check_exceptional(r);
        pc_check_blinding(r, 1);
        kurv_curve_free(r);
    }
}

/* STARK curve: p = 2^251 + 17*2^192 + 1, a = 1 (StarkWare's "STARK curve") */
static const char *stark_p = "0800000000000011000000000000000000000000000000000000000000000001";
static const char *stark_b = "06f21413efbe40de150e596d72f7a8c5609ad26c15c915c1f4cdfcb99cee9e89";
static const char *stark_gx = "01ef15c18599971b7beced415a40f0c7deacfd9b0d1819e03d723d8bc943cfca";
static const char *stark_gy = "005668060aa49730b7be4801df46ec62de53ecd11abe43a32873000c36e8dc1f";
static const char *stark_n = "0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d2f";
/* the least prime above n (Python) */
#define STARK_N_NEXT_PRIME "0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64e0b"

static kurv_err stark_new(kurv_curve **c, kurv_curve_fault *f, const char *p, const char *a,
                          const char *b, const char *gx, const char *gy, const char *n, unsigned h)
{
    static uint8_t bp[80], ba[80], bb[80], bgx[80], bgy[80], bn[80];
    kurv_curve_params prm;
    memset(&prm, 0, sizeof prm);
    prm.name = "STARK";
    prm.p = bp; prm.p_len = (size_t)kt_unhex(bp, sizeof bp, p);
    prm.a = ba; prm.a_len = (size_t)kt_unhex(ba, sizeof ba, a);
    prm.b = bb; prm.b_len = (size_t)kt_unhex(bb, sizeof bb, b);
    prm.gx = bgx; prm.gx_len = (size_t)kt_unhex(bgx, sizeof bgx, gx);
    prm.gy = bgy; prm.gy_len = (size_t)kt_unhex(bgy, sizeof bgy, gy);
    prm.n = bn; prm.n_len = (size_t)kt_unhex(bn, sizeof bn, n);
    prm.cofactor = h;
    return kurv_curve_new(c, &prm, f);
}

Test(runtime, stark_curve)
{
    kurv_curve *c = NULL;
    kurv_curve_fault f;
    kurv_affine g, g2a, a;
    kurv_jacobian gj, g2, g3, r;
    uint8_t x[32], y[32], k[32], t[32];
    char hex[80];

    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy, stark_n, 1), KURV_OK,
                 "fault %d", (int)f);
    cr_assert_eq(kurv_curve_field_bits(c), 252);
    cr_assert_eq(kurv_curve_order_bits(c), 252);
    cr_assert_eq(kurv_curve_field_len(c), 32);
    cr_assert_eq(kurv_table_len(c), 53248);
    /* affine addition G + 2G = 3G (known answers computed with Python integers) */
    kt_unhex(x, 32, stark_gx);
    kt_unhex(y, 32, stark_gy);
    cr_assert_eq(kurv_affine_set_xy(c, &g, x, y), KURV_OK);
    cr_assert_eq(kurv_jacobian_from_affine(&gj, &g), KURV_OK);
    cr_assert_eq(kurv_jacobian_double(&g2, &gj), KURV_OK);
    cr_assert_eq(kurv_jacobian_to_affine(&g2a, &g2), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(x, NULL, &g2a), KURV_OK);
    /* x(2G) = 3324833730090626974525872402899302150520188025637965566623476530814354734325 */
    cr_assert_str_eq(kt_hex(hex, x, 32), "0759ca09377679ecd535a81e83039658bf40959283187c654c5416f439403cf5");
    cr_assert_eq(kurv_jacobian_add_affine(&g3, &gj, &g2a), KURV_OK);
    cr_assert_eq(kurv_jacobian_to_affine(&a, &g3), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(x, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, x, 32), "0411494b501a98abd8262b0da1351e17899a0c4ef23dd2f96fec5ba847310b20");
    cr_assert_str_eq(kt_hex(hex, y, 32), "07e1b3ebac08924d2c26f409549191fcf94f3bf6f301ed3553e22dfb802f0686");
    /* k*G for the secp256k1 example key reduced mod n */
    kt_unhex(k, 32, "0370af8c091811577f6bfaffb494b10b3b989a3bc3ce7d90de68f0b2a4a7891b");
    cr_assert_eq(kurv_jacobian_mul_base(c, &r, k, 32), KURV_OK);
    cr_assert_eq(kurv_jacobian_to_affine(&a, &r), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(x, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, x, 32), "00e31dc53d8ada29420e5fc984f137323ad3b8aa98870c44018a8cccaaea844b");
    cr_assert_str_eq(kt_hex(hex, y, 32), "00831b2de53b8ac8dc54b7e2378af65401269ce18d989b4ac1c884dbd85d99fc");
    /* The Clojure example: the affine sum of G and the StarkNet Pedersen point P1
     * (x = 996781205833008774514500082376783249102396023663454813447423147977397232763,
     * y = 1668503676786377725805489344771023921079126552019160156920634619255970485781)
     * has x = 3051458946846273314002590462865941923368261374710240944211475840840846402306
     * (and its y checked with Python integers). */
    {
        kurv_affine p1;
        kurv_jacobian s;
        kt_unhex(x, 32, "0234287dcbaffe7f969c748655fca9e58fa8120b6d56eb0c1080d17957ebe47b");
        kt_unhex(y, 32, "03b056f100f96fb21e889527d41f4e39940135dd7a6c94cc6ed0268ee89e5615");
        cr_assert_eq(kurv_affine_set_xy(c, &p1, x, y), KURV_OK);
        cr_assert_eq(kurv_jacobian_add_affine(&s, &gj, &p1), KURV_OK);
        cr_assert_eq(kurv_jacobian_to_affine(&a, &s), KURV_OK);
        cr_assert_eq(kurv_affine_get_xy(x, y, &a), KURV_OK);
        cr_assert_str_eq(kt_hex(hex, x, 32), "06bf1086f12f02d647bf4dba8926603cd9581600e4741bf99c164e0f05b1e302");
        cr_assert_str_eq(kt_hex(hex, y, 32), "064fb5043d75d8262e81b14b44489425b464164ead414454df6c90d0befe208a");
    }
    /* that x lifts back to both y (Tonelli-Shanks, p - 1 = q 2^192) */
    kt_unhex(t, 32, "06bf1086f12f02d647bf4dba8926603cd9581600e4741bf99c164e0f05b1e302");
    cr_assert_eq(kurv_affine_from_x(c, &a, t, 0), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(NULL, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, y, 32), "064fb5043d75d8262e81b14b44489425b464164ead414454df6c90d0befe208a");
    cr_assert_eq(kurv_affine_from_x(c, &a, t, 1), KURV_OK);
    cr_assert_eq(kurv_affine_get_xy(NULL, y, &a), KURV_OK);
    cr_assert_str_eq(kt_hex(hex, y, 32), "01b04afbc28a27ead17e4eb4bbb76bda4b9be9b152bebbab20936f2f4101df77");
    /* every check of the point API against OpenSSL on this curve */
    pc_check_group_law(c, 20);
    pc_check_exceptional(c);
    pc_check_blinding(c, 5);
    pc_check_scalars(c, 50);
    pc_check_sqrt(c, 30);
    pc_check_random_walk(c, 100);
    pc_check_tables(c, 10);
    pc_check_bad_input(c);
    /* ECDSA and ECDH on it */
    {
        uint8_t d1[32], d2[32], q1[65], q2[33], dg[32], sig[64], e1[32], e2[32];
        size_t l1 = sizeof q1, l2 = sizeof q2;
        cr_assert_eq(kurv_keygen(c, d1, 32, q1, &l1, 0), KURV_OK);
        cr_assert_eq(kurv_keygen(c, d2, 32, q2, &l2, 1), KURV_OK);
        cr_assert_eq(kurv_random(dg, 32), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, sig, 64, d1, 32, dg, 32, KURV_HASH_SHA256, NULL, 0, 0), KURV_OK);
        cr_assert_eq(kurv_ecdsa_verify(c, sig, 64, q1, l1, dg, 32, 0), KURV_OK);
        dg[0] ^= 1;
        cr_assert_eq(kurv_ecdsa_verify(c, sig, 64, q1, l1, dg, 32, 0), KURV_ERR_SIGNATURE);
        cr_assert_eq(kurv_ecdh(c, e1, 32, d1, 32, q2, l2), KURV_OK);
        cr_assert_eq(kurv_ecdh(c, e2, 32, d2, 32, q1, l1), KURV_OK);
        cr_assert(memcmp(e1, e2, 32) == 0);
    }
    kurv_curve_free(c);
}

Test(runtime, bad_parameters)
{
    kurv_curve *c = (kurv_curve *)1;
    kurv_curve_fault f;
    /* p + 1 is even; p + 2 is odd and composite (Python's Miller-Rabin) */
    cr_assert_eq(stark_new(&c, &f, "0800000000000011000000000000000000000000000000000000000000000002",
                           "01", stark_b, stark_gx, stark_gy, stark_n, 1), KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_P);
    cr_assert(c == NULL);
    cr_assert_eq(stark_new(&c, &f, "0800000000000011000000000000000000000000000000000000000000000003",
                           "01", stark_b, stark_gx, stark_gy, stark_n, 1), KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_P);
    /* n + 2: odd, composite (divisible by 15) */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy,
                           "0800000000000010ffffffffffffffffb781126dcae7b2321e66a241adc64d31", 1), KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_N);
    /* a prime n that is not G's order: the next prime after n */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy, STARK_N_NEXT_PRIME, 1),
                 KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_ORDER);
    /* G off the curve */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx,
                           "005668060aa49730b7be4801df46ec62de53ecd11abe43a32873000c36e8dc20", stark_n, 1),
                 KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_G);
    /* b >= p */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_p, stark_gx, stark_gy, stark_n, 1), KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_RANGE);
    /* singular: a = b = 0 (G is then off the curve too; the discriminant is checked first) */
    cr_assert_eq(stark_new(&c, &f, stark_p, "00", "00", stark_gx, stark_gy, stark_n, 1), KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_SINGULAR);
    /* cofactor 2, and an n far below the group order */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy, stark_n, 2), KURV_ERR_UNSUPPORTED);
    cr_assert_eq(f, KURV_CURVE_FAULT_COFACTOR);
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy, "01000000000f", 1),
                 KURV_ERR_UNSUPPORTED);   /* the prime 2^40 + 15 */
    cr_assert_eq(f, KURV_CURVE_FAULT_COFACTOR);
    /* n = p: an anomalous curve */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy, stark_p, 1), KURV_ERR_CURVE);
    cr_assert_eq(f, KURV_CURVE_FAULT_N);
    /* an order under 2^32 (65537): toy curves are refused */
    cr_assert_eq(stark_new(&c, &f, stark_p, "01", stark_b, stark_gx, stark_gy, "010001", 1), KURV_ERR_UNSUPPORTED);
    cr_assert_eq(f, KURV_CURVE_FAULT_SIZE);
    /* p of 523 bits */
    cr_assert_eq(stark_new(&c, &f, "04" "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
                                   "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff" "ff",
                           "01", stark_b, stark_gx, stark_gy, stark_n, 1), KURV_ERR_UNSUPPORTED);
    cr_assert_eq(f, KURV_CURVE_FAULT_SIZE);
    cr_assert_eq(kurv_curve_new(NULL, NULL, &f), KURV_ERR_ARG);
    kurv_curve_free(NULL);
    kurv_curve_free((kurv_curve *)(void *)kt_curves[0]);   /* a built-in: ignored */
}
