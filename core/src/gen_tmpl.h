/*
 * kurv internal: the body of every curve's build-time table generator. A
 * curve's gen.c includes its field header and its parameters, defines
 * GEN_P (needed by Montgomery fields), GEN_A, GEN_B, GEN_GX, GEN_GY (EC_FLEN bytes each) and GEN_N (EC_SLEN
 * bytes), then includes this file, which provides main(). The program prints a
 * C header holding the field-representation constants (ec_k), the fixed-window
 * table of G (ec_base_table: window i, entry j = (j+1) * 2^(EC_G_BASE_W * i) * G,
 * affine; EC_G_BASE_W is EC_BASE_W unless the curve sets it, ec/types.h), the
 * Montgomery context for scalars modulo n (ec_sc) and, when gen.c defines EC_G_WNAF_W,
 * the odd multiples of G for verification (ec_g_odd, below).
 * Limbs are printed as 64-bit literals, independent of the generating machine.
 *
 * A curve whose field header defines EC_TWIST_A3 (its scalar multiplications run on
 * the isomorphic a = -3 curve E_t, see ec/jac.h) also defines GEN_Z and GEN_BT
 * (EC_FLEN bytes: RFC 5639's z and the twisted curve's b_t). The generator checks
 * a z^4 = -3 and b z^6 = b_t (mod p) and that G's image (x z^2, y z^3) is on E_t,
 * prints ec_tw (struct ec_twist: z, 1/z, z^2, z^3, 3 b_t) and makes both tables of
 * G on E_t, from that image; ec_k stays the constants of E.
 */
#define EC_NO_TABLE
#include "ec/types.h"
static struct ec_consts ec_k;
#ifdef EC_TWIST_A3
static struct ec_twist ec_tw;
#endif
#include "ec/ec.h"
#include "mont.h"

#include <stdio.h>
#include <stdlib.h>

static void gen_fe(FILE *f, const fe *a)
{
    size_t i;
    fputs("{{", f);
    for (i = 0; i < EC_N; i++)
        fprintf(f, "0x%016llxULL%s", (unsigned long long)a->v[i], i + 1 < EC_N ? "," : "");
    fputs("}}", f);
}

static void gen_limbs(FILE *f, const uint64_t *v, size_t n)
{
    size_t i;
    fputs("{", f);
    for (i = 0; i < n; i++)
        fprintf(f, "0x%016llxULL%s", (unsigned long long)v[i], i + 1 < n ? "," : "");
    fputs("}", f);
}

static void gen_die(const char *what)
{
    fprintf(stderr, "table generator: %s\n", what);
    exit(1);
}

/* one table entry: p made affine, "{x,y}" and a comma unless it is the last */
static void gen_aff(FILE *f, const ec_proj *p, int last)
{
    ec_aff a;
    if (proj_to_aff(EC_CTX_ARG &a, p) & 1)
        gen_die("unexpected point at infinity");
    fputs("  {", f);
    gen_fe(f, &a.x);
    fputs(",", f);
    gen_fe(f, &a.y);
    fputs(last ? "}\n" : "},\n", f);
}

#ifdef EC_G_WNAF_W
/*
 * The odd-multiples tables of the variable-time u1*G + u2*Q (see pt_mul2_vartime):
 * ec_g_odd[t][j] = (2j + 1) * 2^(EC_G_SPLIT_BITS t) * G, affine, for t < EC_G_TABLES
 * and j < 2^(EC_G_WNAF_W - 2). The window and the number of tables are the curve's
 * choice (its gen.c); they are written into the header too, so curve.c sees the
 * geometry the table was made for.
 */
static void gen_odd_tables(FILE *f, const ec_aff *g)
{
    ec_proj base, twice, acc;
    unsigned t, j;

    fprintf(f, "#define EC_G_WNAF_W %d\n#define EC_G_TABLES %d\n", EC_G_WNAF_W, EC_G_TABLES);
    fprintf(f, "static const ec_aff ec_g_odd[%d][%d] = {\n", EC_G_TABLES, 1 << (EC_G_WNAF_W - 2));
    proj_from_aff(EC_CTX_ARG &base, g);
    for (t = 0; t < EC_G_TABLES; t++) {
        fputs(" {\n", f);
        proj_dbl(EC_CTX_ARG &twice, &base);
        acc = base;
        for (j = 0; j < (1u << (EC_G_WNAF_W - 2)); j++) {
            gen_aff(f, &acc, j + 1 == (1u << (EC_G_WNAF_W - 2)));
            proj_add(EC_CTX_ARG &acc, &acc, &twice);
        }
        fputs(t + 1 < EC_G_TABLES ? " },\n" : " }\n", f);
        for (j = 0; j < EC_G_SPLIT_BITS; j++)
            proj_dbl(EC_CTX_ARG &base, &base);
    }
    fputs("};\n", f);
}
#endif

#ifdef EC_TWIST_A3
/*
 * ec_tw from GEN_Z and GEN_BT, checked against the curve E (ec_k): a z^4 = -3 and
 * b z^6 = b_t. Then *g (G on E) becomes its image on E_t, checked on E_t; *kt gets
 * E_t's constants (a = -3, b_t, 3 b_t), which the table code reads through ec_k.
 */
static void gen_twist(ec_aff *g, struct ec_consts *kt)
{
    fe z4, t, m3;
    struct ec_consts ke = ec_k;

    if (!(fe_from_bytes(EC_CTX_ARG &ec_tw.z, GEN_Z) & fe_from_bytes(EC_CTX_ARG &kt->b, GEN_BT) & 1)
        || (fe_is_zero(EC_CTX_ARG &ec_tw.z) & 1))
        gen_die("twist: z or b_t out of range");
    fe_sqr(EC_CTX_ARG &ec_tw.z2, &ec_tw.z);
    fe_mul(EC_CTX_ARG &ec_tw.z3, &ec_tw.z2, &ec_tw.z);
    fe_sqr(EC_CTX_ARG &z4, &ec_tw.z2);
    fe_add(EC_CTX_ARG &m3, &ec_k.one, &ec_k.one);
    fe_add(EC_CTX_ARG &m3, &m3, &ec_k.one);
    fe_neg(EC_CTX_ARG &m3, &m3);
    fe_mul(EC_CTX_ARG &t, &ec_k.a, &z4);
    if (!(fe_eq(EC_CTX_ARG &t, &m3) & 1))
        gen_die("twist: a z^4 != -3 mod p");
    fe_mul(EC_CTX_ARG &t, &ec_k.b, &z4);
    fe_mul(EC_CTX_ARG &t, &t, &ec_tw.z2);
    if (!(fe_eq(EC_CTX_ARG &t, &kt->b) & 1))
        gen_die("twist: b z^6 != b_t mod p");
    fe_inv(EC_CTX_ARG &ec_tw.zi, &ec_tw.z);
    fe_mul(EC_CTX_ARG &t, &ec_tw.zi, &ec_tw.z);
    if (!(fe_eq(EC_CTX_ARG &t, &ec_k.one) & 1))
        gen_die("twist: bad inverse of z");
    fe_add(EC_CTX_ARG &kt->b3, &kt->b, &kt->b);
    fe_add(EC_CTX_ARG &kt->b3, &kt->b3, &kt->b);
    ec_tw.b3 = kt->b3;
    kt->one = ec_k.one;
    kt->a = m3;
    fe_mul(EC_CTX_ARG &g->x, &g->x, &ec_tw.z2);
    fe_mul(EC_CTX_ARG &g->y, &g->y, &ec_tw.z3);
    ec_k = *kt;                         /* aff_on_curve on E_t */
    if (!(aff_on_curve(EC_CTX_ARG g) & 1))
        gen_die("twist: the image of G is not on E_t");
    ec_k = ke;
}
#endif

int main(int argc, char **argv)
{
    FILE *f;
    fe plain_one = {{1}};
    ec_aff g;
    ec_proj base, acc;
    kurv_mont sc;
    unsigned i, j;
#ifdef EC_TWIST_A3
    struct ec_consts kt;
#endif

    if (argc != 2)
        gen_die("usage: gen OUTPUT.h");
#ifdef EC_FIELD_MONT
    {
        kurv_mont fp;
        if (kurv_mont_init(&fp, GEN_P, EC_FLEN) != 0 || fp.nl != EC_N)
            gen_die("bad field prime");
        memcpy(ec_fp_rr.v, fp.rr, sizeof ec_fp_rr.v);
    }
#endif
    fe_to_dom(EC_CTX_ARG &ec_k.one, &plain_one);
    if (!(fe_from_bytes(EC_CTX_ARG &ec_k.a, GEN_A) & fe_from_bytes(EC_CTX_ARG &ec_k.b, GEN_B) & 1))
        gen_die("a or b >= p");
    fe_add(EC_CTX_ARG &ec_k.b3, &ec_k.b, &ec_k.b);
    fe_add(EC_CTX_ARG &ec_k.b3, &ec_k.b3, &ec_k.b);
    if (!(fe_from_bytes(EC_CTX_ARG &g.x, GEN_GX) & fe_from_bytes(EC_CTX_ARG &g.y, GEN_GY) & 1))
        gen_die("G has a coordinate >= p");
    if (!(aff_on_curve(EC_CTX_ARG &g) & 1))
        gen_die("G is not on the curve");
    if (kurv_mont_init(&sc, GEN_N, EC_SLEN) != 0 || sc.bits != EC_ORDER_BITS)
        gen_die("bad group order");
#ifdef EC_TWIST_A3
    gen_twist(&g, &kt);                 /* g: G's image on E_t */
#endif

    f = fopen(argv[1], "w");
    if (!f)
        gen_die("cannot open the output file");
    fprintf(f, "/* Generated at build time by the kurv table generator. Do not edit. */\n");
    fprintf(f, "#if EC_G_BASE_W != %d || EC_N != %d || EC_ORDER_BITS != %d\n"
               "#error \"table geometry does not match the curve\"\n#endif\n",
            EC_G_BASE_W, EC_N, EC_ORDER_BITS);
#ifdef EC_FIELD_MONT
    fprintf(f, "static const fe ec_fp_rr = ");
    gen_fe(f, &ec_fp_rr);
    fprintf(f, ";\n");
#endif
    fprintf(f, "static const struct ec_consts ec_k = {\n  ");
    gen_fe(f, &ec_k.one); fputs(",\n  ", f);
    gen_fe(f, &ec_k.a); fputs(",\n  ", f);
    gen_fe(f, &ec_k.b); fputs(",\n  ", f);
    gen_fe(f, &ec_k.b3); fputs("\n};\n", f);

    fprintf(f, "static const kurv_mont ec_sc = {\n  %zu, %u, 0x%016llxULL,\n  ",
            sc.nl, sc.bits, (unsigned long long)sc.m0inv);
    gen_limbs(f, sc.m, KURV_MAXL); fputs(",\n  ", f);
    gen_limbs(f, sc.rr, KURV_MAXL); fputs(",\n  ", f);
    gen_limbs(f, sc.one, KURV_MAXL); fputs("\n};\n", f);
#ifdef EC_TWIST_A3
    fprintf(f, "static const struct ec_twist ec_tw = {\n  ");
    gen_fe(f, &ec_tw.z); fputs(",\n  ", f);
    gen_fe(f, &ec_tw.zi); fputs(",\n  ", f);
    gen_fe(f, &ec_tw.z2); fputs(",\n  ", f);
    gen_fe(f, &ec_tw.z3); fputs(",\n  ", f);
    gen_fe(f, &ec_tw.b3); fputs("\n};\n", f);
    ec_k = kt;                          /* the tables of G are made on E_t */
#endif

    fprintf(f, "static const ec_aff ec_base_table[%d][%d] = {\n", EC_G_BASE_WINDOWS, EC_G_BASE_ENTRIES);
    proj_from_aff(EC_CTX_ARG &base, &g);
    for (i = 0; i < EC_G_BASE_WINDOWS; i++) {
        fputs(" {\n", f);
        acc = base;
        for (j = 0; j < EC_G_BASE_ENTRIES; j++) {
            gen_aff(f, &acc, j + 1 == EC_G_BASE_ENTRIES);
            proj_add(EC_CTX_ARG &acc, &acc, &base);
        }
        fputs(i + 1 < EC_G_BASE_WINDOWS ? " },\n" : " }\n", f);
        for (j = 0; j < EC_G_BASE_W; j++)
            proj_dbl(EC_CTX_ARG &base, &base);
    }
    fputs("};\n", f);
#ifdef EC_G_WNAF_W
    gen_odd_tables(f, &g);
#endif
    if (fclose(f) != 0)
        gen_die("write error");
    return 0;
}
