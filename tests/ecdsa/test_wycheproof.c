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
#include "wycheproof.h"

/* malloc'd bytes of a hex string (at least one byte allocated) */
static uint8_t *unhex_alloc(const char *hex, size_t *len)
{
    uint8_t *b = kt_unhex_alloc(hex, len);
    cr_assert(b != NULL, "bad hex in vector file");
    return b;
}

struct tally {
    size_t total, valid, invalid, acceptable, acc_accepted;
};

static void run_group(const char *file, json_object *g, struct tally *t)
{
    const char *type = kt_jstr(g, "type"), *sha = kt_jstr(g, "sha"), *cname, *pubhex;
    json_object *pk = kt_jget(g, "publicKey"), *tests = kt_jarray(g, "tests");
    const kurv_curve *c;
    kurv_hash h;
    enum kt_wp_sig fmt = kt_wp_sig_type(type);
    uint8_t pub[KURV_MAX_POINT_LEN], dg[KURV_MAX_HASH_LEN];
    size_t i, n, dlen;
    long publen;

    cr_assert(type && sha && pk && tests, "%s: group without type/sha/publicKey/tests", file);
    cr_assert(fmt != KT_WP_SIG_UNKNOWN, "%s: unknown group type %s", file, type);
    cname = kt_jstr(pk, "curve");
    pubhex = kt_jstr(pk, "uncompressed");
    cr_assert(cname && pubhex, "%s: publicKey without curve/uncompressed", file);
    c = kt_curve(cname);
    cr_assert(c != NULL, "%s: curve %s not linked", file, cname);
    h = kt_hash(sha);
    cr_assert_neq(h, KURV_HASH_NONE, "%s: unknown hash %s", file, sha);
    dlen = kurv_hash_len(h);
    publen = kt_unhex(pub, sizeof pub, pubhex);
    cr_assert_gt(publen, 0, "%s: bad public key hex", file);
    /* every Wycheproof ECDSA key is valid */
    cr_assert_eq(kurv_point_check(c, pub, (size_t)publen), KURV_OK, "%s: public key rejected", file);

    n = json_object_array_length(tests);
    for (i = 0; i < n; i++) {
        json_object *tc = json_object_array_get_idx(tests, i);
        json_object *idj = kt_jget(tc, "tcId");
        const char *res = kt_jstr(tc, "result"), *mhex = kt_jstr(tc, "msg");
        const char *shex = kt_jstr(tc, "sig");
        int id = idj ? json_object_get_int(idj) : -1;
        uint8_t *msg, *sig;
        size_t mlen, siglen;
        kurv_err e;
        int accepted, der_refused;

        cr_assert(res && mhex && shex, "%s tcId %d: missing fields", file, id);
        msg = unhex_alloc(mhex, &mlen);
        sig = unhex_alloc(shex, &siglen);
        cr_assert_eq(kurv_hash_digest(h, dg, msg, mlen), KURV_OK);

        e = kt_wp_ecdsa_verify(c, fmt, pub, (size_t)publen, dg, dlen, sig, siglen, &der_refused);
        if (der_refused)
            cr_expect_eq(e, KURV_ERR_ENCODING, "%s tcId %d: DER error %d", file, id, e);
        accepted = e == KURV_OK;
        /* a rejection must be a signature or encoding failure, never a crash or odd code */
        cr_expect(accepted || e == KURV_ERR_SIGNATURE || e == KURV_ERR_ENCODING,
                  "%s tcId %d: unexpected error %s", file, id, kurv_strerror(e));
        t->total++;
        if (!strcmp(res, "valid")) {
            t->valid++;
            cr_expect(accepted, "%s tcId %d (valid, %s): rejected with %s", file, id,
                      kt_jstr(tc, "comment"), kurv_strerror(e));
        } else if (!strcmp(res, "invalid")) {
            t->invalid++;
            cr_expect(!accepted, "%s tcId %d (invalid, %s): accepted", file, id,
                      kt_jstr(tc, "comment"));
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
    groups = kt_jget(root, "testGroups");
    nt = kt_jget(root, "numberOfTests");
    cr_assert(groups && nt && json_object_array_length(groups) > 0, "%s: no test groups", file);
    g0 = json_object_array_get_idx(groups, 0);
    pk = kt_jget(g0, "publicKey");
    cname = pk ? kt_jstr(pk, "curve") : NULL;
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
