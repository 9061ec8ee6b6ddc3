/*
 * Wycheproof ECDSA verification vectors (vectors_dir/wycheproof/ecdsa_*.json).
 * The loop is generic: the curve comes from each group's publicKey.curve (via
 * kt_curve), the hash from the group's "sha", the signature format from the
 * group's "type" (EcdsaVerify: DER; EcdsaP1363Verify: raw r||s;
 * EcdsaBitcoinVerify: DER with low S required). Files whose curve is not linked
 * are skipped; adding a curve only needs its file names in the table below.
 * "valid" must verify, "invalid" must not, "acceptable" may go either way; a DER
 * parse failure counts as "does not verify".
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"

static const char *jstr(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

static json_object *jget(json_object *o, const char *key)
{
    json_object *v;
    return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

/* malloc'd bytes of a hex string (at least one byte allocated) */
static uint8_t *unhex_alloc(const char *hex, size_t *len)
{
    size_t n = strlen(hex) / 2;
    uint8_t *b = malloc(n + 1);
    cr_assert(b != NULL);
    cr_assert_eq(kt_unhex(b, n, hex), (long)n, "bad hex in vector file");
    *len = n;
    return b;
}

enum sigfmt { FMT_DER, FMT_P1363, FMT_BITCOIN };

struct tally {
    size_t total, valid, invalid, acceptable, acc_accepted;
};

static void run_group(const char *file, json_object *g, struct tally *t)
{
    const char *type = jstr(g, "type"), *sha = jstr(g, "sha"), *cname, *pubhex;
    json_object *pk = jget(g, "publicKey"), *tests = jget(g, "tests");
    const kurv_curve *c;
    kurv_hash h;
    enum sigfmt fmt;
    unsigned flags = 0;
    uint8_t pub[KURV_MAX_POINT_LEN], dg[KURV_MAX_HASH_LEN], raw[KURV_MAX_SIG_RAW_LEN];
    size_t i, n, sl, dlen;
    long publen;

    cr_assert(type && sha && pk && tests, "%s: group without type/sha/publicKey/tests", file);
    if (!strcmp(type, "EcdsaVerify"))
        fmt = FMT_DER;
    else if (!strcmp(type, "EcdsaP1363Verify"))
        fmt = FMT_P1363;
    else if (!strcmp(type, "EcdsaBitcoinVerify"))
        fmt = FMT_BITCOIN, flags = KURV_ECDSA_VERIFY_LOW_S;
    else
        cr_assert_fail("%s: unknown group type %s", file, type);
    cname = jstr(pk, "curve");
    pubhex = jstr(pk, "uncompressed");
    cr_assert(cname && pubhex, "%s: publicKey without curve/uncompressed", file);
    c = kt_curve(cname);
    cr_assert(c != NULL, "%s: curve %s not linked", file, cname);
    h = kt_hash(sha);
    cr_assert_neq(h, KURV_HASH_NONE, "%s: unknown hash %s", file, sha);
    dlen = kurv_hash_len(h);
    sl = kurv_curve_scalar_len(c);
    publen = kt_unhex(pub, sizeof pub, pubhex);
    cr_assert_gt(publen, 0, "%s: bad public key hex", file);
    /* every Wycheproof ECDSA key is valid */
    cr_assert_eq(kurv_point_check(c, pub, (size_t)publen), KURV_OK, "%s: public key rejected", file);

    n = json_object_array_length(tests);
    for (i = 0; i < n; i++) {
        json_object *tc = json_object_array_get_idx(tests, i);
        json_object *idj = jget(tc, "tcId");
        const char *res = jstr(tc, "result"), *mhex = jstr(tc, "msg"), *shex = jstr(tc, "sig");
        int id = idj ? json_object_get_int(idj) : -1;
        uint8_t *msg, *sig;
        size_t mlen, siglen;
        kurv_err e;
        int accepted;

        cr_assert(res && mhex && shex, "%s tcId %d: missing fields", file, id);
        msg = unhex_alloc(mhex, &mlen);
        sig = unhex_alloc(shex, &siglen);
        cr_assert_eq(kurv_hash_digest(h, dg, msg, mlen), KURV_OK);

        if (fmt == FMT_P1363) {
            e = kurv_ecdsa_verify(c, sig, siglen, pub, (size_t)publen, dg, dlen, flags);
        } else {
            e = kurv_ecdsa_sig_from_der(c, raw, 2 * sl, sig, siglen);
            if (e == KURV_OK)
                e = kurv_ecdsa_verify(c, raw, 2 * sl, pub, (size_t)publen, dg, dlen, flags);
            else
                cr_expect_eq(e, KURV_ERR_ENCODING, "%s tcId %d: DER error %d", file, id, e);
        }
        accepted = e == KURV_OK;
        /* a rejection must be a signature or encoding failure, never a crash or odd code */
        cr_expect(accepted || e == KURV_ERR_SIGNATURE || e == KURV_ERR_ENCODING,
                  "%s tcId %d: unexpected error %s", file, id, kurv_strerror(e));
        t->total++;
        if (!strcmp(res, "valid")) {
            t->valid++;
            cr_expect(accepted, "%s tcId %d (valid, %s): rejected with %s", file, id,
                      jstr(tc, "comment"), kurv_strerror(e));
        } else if (!strcmp(res, "invalid")) {
            t->invalid++;
            cr_expect(!accepted, "%s tcId %d (invalid, %s): accepted", file, id,
                      jstr(tc, "comment"));
        } else {
            cr_expect_str_eq(res, "acceptable", "%s tcId %d: unknown result", file, id);
            t->acceptable++;
            t->acc_accepted += (size_t)accepted;
        }
        free(msg);
        free(sig);
    }
}

static void run_file(const char *file)
{
    char rel[256];
    json_object *root, *groups, *nt, *g0, *pk;
    struct tally t = {0, 0, 0, 0, 0};
    const char *cname;
    size_t i;

    snprintf(rel, sizeof rel, "wycheproof/%s", file);
    root = kt_load_json(rel);
    if (!root)
        cr_skip_test("%s not found", rel);
    groups = jget(root, "testGroups");
    nt = jget(root, "numberOfTests");
    cr_assert(groups && nt && json_object_array_length(groups) > 0, "%s: no test groups", file);
    g0 = json_object_array_get_idx(groups, 0);
    pk = jget(g0, "publicKey");
    cname = pk ? jstr(pk, "curve") : NULL;
    cr_assert(cname != NULL, "%s: no curve", file);
    if (!kt_curve(cname)) {
        printf("wycheproof %s: skipped (curve %s not linked)\n", file, cname);
        fflush(stdout);
        json_object_put(root);
        cr_skip_test("curve %s not linked", cname);
    }
    for (i = 0; i < json_object_array_length(groups); i++)
        run_group(file, json_object_array_get_idx(groups, i), &t);
    printf("wycheproof %s: %zu tests: %zu valid, %zu invalid, %zu acceptable (%zu accepted)\n",
           file, t.total, t.valid, t.invalid, t.acceptable, t.acc_accepted);
    fflush(stdout);
    cr_assert_eq(t.total, (size_t)json_object_get_int(nt), "%s: ran %zu of numberOfTests %d",
                 file, t.total, json_object_get_int(nt));
    cr_assert_gt(t.valid, 0);
    cr_assert_gt(t.invalid, 0);
    json_object_put(root);
}

/* One test per file; a file whose curve is not linked is skipped. */
#define WP(name, file) Test(wycheproof, name) { run_file(file); }

WP(secp256k1_sha256, "ecdsa_secp256k1_sha256_test.json")
WP(secp256k1_sha512, "ecdsa_secp256k1_sha512_test.json")
WP(secp256k1_sha256_p1363, "ecdsa_secp256k1_sha256_p1363_test.json")
WP(secp256k1_sha512_p1363, "ecdsa_secp256k1_sha512_p1363_test.json")
WP(secp256k1_sha256_bitcoin, "ecdsa_secp256k1_sha256_bitcoin_test.json")
WP(p256_sha256, "ecdsa_secp256r1_sha256_test.json")
WP(p256_sha512, "ecdsa_secp256r1_sha512_test.json")
WP(p256_sha256_p1363, "ecdsa_secp256r1_sha256_p1363_test.json")
WP(p256_sha512_p1363, "ecdsa_secp256r1_sha512_p1363_test.json")
WP(p384_sha256, "ecdsa_secp384r1_sha256_test.json")
WP(p384_sha384, "ecdsa_secp384r1_sha384_test.json")
WP(p384_sha512, "ecdsa_secp384r1_sha512_test.json")
WP(p384_sha384_p1363, "ecdsa_secp384r1_sha384_p1363_test.json")
WP(p384_sha512_p1363, "ecdsa_secp384r1_sha512_p1363_test.json")
WP(p521_sha512, "ecdsa_secp521r1_sha512_test.json")
WP(p521_sha512_p1363, "ecdsa_secp521r1_sha512_p1363_test.json")
WP(bp256_sha256, "ecdsa_brainpoolP256r1_sha256_test.json")
WP(bp256_sha256_p1363, "ecdsa_brainpoolP256r1_sha256_p1363_test.json")
WP(bp384_sha384, "ecdsa_brainpoolP384r1_sha384_test.json")
WP(bp384_sha384_p1363, "ecdsa_brainpoolP384r1_sha384_p1363_test.json")
WP(bp512_sha512, "ecdsa_brainpoolP512r1_sha512_test.json")
WP(bp512_sha512_p1363, "ecdsa_brainpoolP512r1_sha512_p1363_test.json")
