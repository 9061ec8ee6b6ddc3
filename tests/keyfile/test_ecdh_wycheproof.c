/*
 * Wycheproof ECDH, then kurv_ecdh, with the keys in each encoding Wycheproof has:
 *   asn      public = DER SubjectPublicKeyInfo (kurv_pubkey_decode), private = hex integer;
 *   pem      public = PEM SPKI, private = PEM PKCS#8 (kurv_pubkey/privkey_decode);
 *   ecpoint  public = raw SEC1 point, private = hex integer;
 *   jwk      JWK x, y, d in base64url (decoded with Nettle).
 * (tests/common/wycheproof.c puts each case to kurv; the plain checker tests/vectors uses
 * it too.)
 * KT_ECDH_FAMILY_SECP256K1, _NIST or _BRAINPOOL (set by meson.build, one test per built
 * family) picks the family's files.
 *
 * "valid" must give the exact shared secret; "invalid" must fail (decoding or ECDH);
 * "acceptable" may go either way, but a secret it gives must be the right one. The curve
 * of each group comes from the file (kt_curve), so a new curve only adds file names below;
 * a file whose curve is not linked is skipped with a message.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include "wycheproof.h"


static const struct vfile {
    const char *rel;
    enum kt_wp_ecdh_enc enc;
} files[] = {
#if defined(KT_ECDH_FAMILY_SECP256K1)
    {"wycheproof/ecdh_secp256k1_test.json", KT_WP_ECDH_ASN},
    {"wycheproof/ecdh_secp256k1_webcrypto_test.json", KT_WP_ECDH_JWK},
#elif defined(KT_ECDH_FAMILY_NIST)
    {"wycheproof/ecdh_secp256r1_test.json", KT_WP_ECDH_ASN},
    {"wycheproof/ecdh_secp256r1_pem_test.json", KT_WP_ECDH_PEM},
    {"wycheproof/ecdh_secp256r1_ecpoint_test.json", KT_WP_ECDH_ECPOINT},
    {"wycheproof/ecdh_secp256r1_webcrypto_test.json", KT_WP_ECDH_JWK},
    {"wycheproof/ecdh_secp384r1_test.json", KT_WP_ECDH_ASN},
    {"wycheproof/ecdh_secp384r1_pem_test.json", KT_WP_ECDH_PEM},
    {"wycheproof/ecdh_secp384r1_ecpoint_test.json", KT_WP_ECDH_ECPOINT},
    {"wycheproof/ecdh_secp384r1_webcrypto_test.json", KT_WP_ECDH_JWK},
    {"wycheproof/ecdh_secp521r1_test.json", KT_WP_ECDH_ASN},
    {"wycheproof/ecdh_secp521r1_pem_test.json", KT_WP_ECDH_PEM},
    {"wycheproof/ecdh_secp521r1_ecpoint_test.json", KT_WP_ECDH_ECPOINT},
    {"wycheproof/ecdh_secp521r1_webcrypto_test.json", KT_WP_ECDH_JWK},
#elif defined(KT_ECDH_FAMILY_BRAINPOOL)
    {"wycheproof/ecdh_brainpoolP256r1_test.json", KT_WP_ECDH_ASN},
    {"wycheproof/ecdh_brainpoolP384r1_test.json", KT_WP_ECDH_ASN},
    {"wycheproof/ecdh_brainpoolP512r1_test.json", KT_WP_ECDH_ASN},
#else
#error "define KT_ECDH_FAMILY_<FAMILY> (tests/keyfile/meson.build)"
#endif
};

static const char *const enc_names[] = {"SPKI DER", "PEM", "SEC1 point", "JWK"};

struct counts {
    size_t total, valid, invalid, acc_yes, acc_no;
};

/* One case: compute the outcome, check it against the verdict. */
static void judge(const char *file, long id, const char *result, int ok, const uint8_t *secret,
                  size_t flen, const char *shared_hex, struct counts *n)
{
    uint8_t want[KURV_MAX_FIELD_LEN];
    char got[2 * KURV_MAX_FIELD_LEN + 1];
    long wl = kt_unhex(want, sizeof want, shared_hex);

    n->total++;
    if (strcmp(result, "valid") == 0) {
        n->valid++;
        cr_expect(ok, "%s tcId %ld: valid case refused", file, id);
        if (ok)
            cr_expect(wl == (long)flen && memcmp(secret, want, flen) == 0,
                      "%s tcId %ld: shared %s, want %s", file, id, kt_hex(got, secret, flen),
                      shared_hex);
    } else if (strcmp(result, "invalid") == 0) {
        n->invalid++;
        cr_expect(!ok, "%s tcId %ld: invalid case accepted", file, id);
    } else {
        cr_assert_str_eq(result, "acceptable", "%s tcId %ld: unknown result", file, id);
        if (ok) {
            n->acc_yes++;
            if (wl > 0)
                cr_expect(wl == (long)flen && memcmp(secret, want, flen) == 0,
                          "%s tcId %ld: accepted with a wrong secret", file, id);
        } else {
            n->acc_no++;
        }
    }
}

/* Run one file; return 1 if it ran, 0 if skipped. */
static int run_file(const char *rel, enum kt_wp_ecdh_enc enc, struct counts *all)
{
    json_object *root = kt_load_json(rel), *groups, *num;
    struct counts n = {0};
    size_t gi, ti;
    long expected;

    if (!root)
        return 0;
    cr_assert(json_object_object_get_ex(root, "testGroups", &groups) &&
              json_object_object_get_ex(root, "numberOfTests", &num), "%s: not Wycheproof", rel);
    expected = (long)json_object_get_int64(num);
    for (gi = 0; gi < json_object_array_length(groups); gi++) {
        json_object *g = json_object_array_get_idx(groups, gi), *tests;
        const char *cname = kt_jstr(g, "curve");
        const kurv_curve *c = cname ? kt_curve(cname) : NULL;

        cr_assert(cname != NULL, "%s: group without a curve", rel);
        if (!c) {
            fprintf(stderr, "\n*** SKIP: %s: curve %s is not linked into the tests ***\n\n",
                    rel, cname);
            json_object_put(root);
            return 0;
        }
        cr_assert(json_object_object_get_ex(g, "tests", &tests));
        for (ti = 0; ti < json_object_array_length(tests); ti++) {
            json_object *t = json_object_array_get_idx(tests, ti), *id;
            uint8_t secret[KURV_MAX_FIELD_LEN];
            const char *why;
            int ok;
            cr_assert(json_object_object_get_ex(t, "tcId", &id));
            memset(secret, 0, sizeof secret);
            ok = kt_wp_ecdh_case(c, t, enc, secret, &why);
            cr_assert(ok >= 0, "%s tcId %ld: %s", rel, (long)json_object_get_int64(id), why);
            judge(rel, (long)json_object_get_int64(id), kt_jstr(t, "result"), ok, secret,
                  kurv_curve_field_len(c), kt_jstr(t, "shared"), &n);
        }
    }
    cr_expect_eq((long)n.total, expected, "%s: ran %zu cases, numberOfTests says %ld", rel,
                 n.total, expected);
    fprintf(stderr, "%s: %zu cases: %zu valid, %zu invalid, %zu acceptable (%zu accepted, "
            "%zu refused)\n", rel, n.total, n.valid, n.invalid, n.acc_yes + n.acc_no,
            n.acc_yes, n.acc_no);
    all->total += n.total;
    all->valid += n.valid;
    all->invalid += n.invalid;
    all->acc_yes += n.acc_yes;
    all->acc_no += n.acc_no;
    json_object_put(root);
    return 1;
}

static void run_list(enum kt_wp_ecdh_enc enc)
{
    struct counts all = {0};
    size_t i, listed = 0, ran = 0;

    for (i = 0; i < sizeof files / sizeof files[0]; i++)
        if (files[i].enc == enc) {
            listed++;
            ran += (size_t)run_file(files[i].rel, enc, &all);
        }
    if (!listed)
        return; /* this family has no such file */
    if (!ran)
        cr_skip_test("no ECDH vector file could be run (see SKIP lines above)");
    fprintf(stderr, "ECDH %s: %zu files, %zu cases\n", enc_names[enc], ran, all.total);
}

Test(ecdh_wycheproof, spki_der) { run_list(KT_WP_ECDH_ASN); }
Test(ecdh_wycheproof, pem) { run_list(KT_WP_ECDH_PEM); }
Test(ecdh_wycheproof, ecpoint) { run_list(KT_WP_ECDH_ECPOINT); }
Test(ecdh_wycheproof, webcrypto_jwk) { run_list(KT_WP_ECDH_JWK); }
