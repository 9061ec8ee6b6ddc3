/*
 * The curve registry (curves/meson.build, seen through the generated kurv_curve_list.h)
 * against the curves themselves and against OpenSSL, for every built curve: the
 * descriptor's name, dotted OID and aliases (in order) are the registry's; OpenSSL's short
 * name gives a NID whose OID is the registry's; the Wycheproof, BouncyCastle and OpenSSL
 * names find the curve (kt_curve); the default digest is the one the order's size asked
 * for before the registry had it (SHA-256 up to 256 bits, SHA-384 up to 384, else
 * SHA-512). So the registry cannot drift from the curves it lists.
 */
#include <criterion/criterion.h>
#include <openssl/objects.h>
#include <string.h>
#include "testutil.h"
#include <kurv_curve_list.h>

static kurv_hash hash_by_order(const kurv_curve *c)
{
    unsigned bits = kurv_curve_order_bits(c);
    return bits <= 256 ? KURV_HASH_SHA256 : bits <= 384 ? KURV_HASH_SHA384 : KURV_HASH_SHA512;
}

static void check_curve(const kurv_curve *c, const char *name, const char *ossl, const char *oid,
                        const char *wp, const char *bc, kurv_hash hash)
{
    char txt[128];
    int nid;

    cr_assert_not_null(c, "%s: the accessor returns NULL", name);
    cr_assert_str_eq(kurv_curve_name(c), name);
    cr_assert_str_eq(kurv_curve_oid_str(c), oid, "%s: OID", name);
    cr_assert_eq(kt_curve(wp), c, "%s: Wycheproof name %s", name, wp);
    cr_assert_eq(kt_curve(bc), c, "%s: BouncyCastle name %s", name, bc);
    cr_assert_eq(kt_curve(ossl), c, "%s: OpenSSL name %s", name, ossl);
    cr_assert_str_eq(kt_openssl_name(c), ossl);
    nid = OBJ_sn2nid(ossl);
    cr_assert_neq(nid, NID_undef, "%s: OpenSSL does not know %s", name, ossl);
    cr_assert_gt(OBJ_obj2txt(txt, sizeof txt, OBJ_nid2obj(nid), 1), 0);
    cr_assert_str_eq(txt, oid, "%s: OpenSSL's %s has OID %s", name, ossl, txt);
    cr_assert_eq(hash, hash_by_order(c), "%s: default digest", name);
}

Test(registry, every_built_curve_matches_its_descriptor_and_openssl)
{
    size_t n = 0;
#define CHECK(fam, acc, name, ossl, oid, wp, bc, prefix, hash) \
    check_curve(acc(), name, ossl, oid, wp, bc, hash); \
    n++;
    KURV_CURVE_LIST(CHECK)
#undef CHECK
    cr_assert_eq(n, KURV_CURVE_COUNT);
    cr_assert_eq(kt_ncurves, KURV_CURVE_COUNT);
}

Test(registry, aliases_are_the_descriptors)
{
    static const struct {
        const kurv_curve *(*acc)(void);
        const char *alias;
    } aliases[] = {
#define ALIAS(acc, a) { acc, a },
        KURV_ALIAS_LIST(ALIAS)
#undef ALIAS
        { NULL, NULL }
    };
    size_t i, k;

    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        const char *const *al = kurv_curve_aliases(c);
        size_t j = 0;
        for (k = 0; aliases[k].acc; k++) {
            if (aliases[k].acc() != c)
                continue;
            cr_assert(al && al[j], "%s: the registry has alias %s, the descriptor no more",
                      kurv_curve_name(c), aliases[k].alias);
            cr_assert_str_eq(al[j], aliases[k].alias, "%s: alias %zu", kurv_curve_name(c), j);
            j++;
        }
        cr_assert(!al || !al[j], "%s: the descriptor has aliases the registry lacks (%s)",
                  kurv_curve_name(c), al ? al[j] : "");
    }
}
