/*
 * kurv-25519 against Wycheproof (vectors_dir/wycheproof/x25519_test.json and
 * ed25519_test.json; a loud SKIP when they are missing, as every Wycheproof test of kurv).
 *   X25519: every case's result asserted. "valid": kurv_x25519 gives exactly "shared".
 *   "acceptable": what <kurv/25519.h> promises decides: a case whose shared secret is all
 *   zero (flags ZeroSharedSecret, LowOrderPublic) is refused with KURV_ERR_POINT (RFC 7748
 *   6.1's check); every other acceptable case (Twist, NonCanonicalPublic, SmallPublicKey,
 *   EdgeCase*, ...) gives exactly "shared", since RFC 7748 5 accepts any u.
 *   Ed25519: "valid" verifies, "invalid" does not; a signature of a length other than 64
 *   bytes (the API's fixed length) is invalid by its length, and counted.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/25519.h>
#include "testutil.h"

/* fn(group, case, ctx) for every case of every group of vectors_dir/rel; a loud SKIP (the
 * test is skipped) when the file is missing */
static void each_case(const char *rel, void (*fn)(json_object *, json_object *, void *), void *ctx)
{
    json_object *root = kt_load_json(rel), *groups;
    size_t gi, ng;
    if (!root)
        cr_skip_test("%s not found", rel);
    groups = kt_jarray(root, "testGroups");
    cr_assert(groups != NULL, "%s: no testGroups", rel);
    ng = json_object_array_length(groups);
    for (gi = 0; gi < ng; gi++) {
        json_object *g = json_object_array_get_idx(groups, gi), *tests = kt_jarray(g, "tests");
        size_t i, n;
        cr_assert(tests != NULL, "%s: a group without tests", rel);
        n = json_object_array_length(tests);
        for (i = 0; i < n; i++)
            fn(g, json_object_array_get_idx(tests, i), ctx);
    }
    json_object_put(root);
}

struct x_tally { size_t total, valid, acc_ok, acc_refused; };

static void x25519_case(json_object *g, json_object *t, void *ctx)
{
    struct x_tally *c = ctx;
    int id = json_object_get_int(kt_jget(t, "tcId"));
    const char *res = kt_jstr(t, "result");
    uint8_t priv[32], pub[32], want[32], got[32], zero[32] = {0};
    kurv_err e;
    cr_assert_str_eq(kt_jstr(g, "curve"), "curve25519");
    cr_assert_eq(kt_unhex(priv, 32, kt_jstr(t, "private")), 32, "tc %d", id);
    cr_assert_eq(kt_unhex(pub, 32, kt_jstr(t, "public")), 32, "tc %d", id);
    cr_assert_eq(kt_unhex(want, 32, kt_jstr(t, "shared")), 32, "tc %d", id);
    e = kurv_x25519(got, priv, pub);
    c->total++;
    if (strcmp(res, "valid") == 0) {
        cr_assert_eq(e, KURV_OK, "tc %d (valid): %s", id, kurv_strerror(e));
        cr_assert(memcmp(got, want, 32) == 0, "tc %d: shared secret differs", id);
        c->valid++;
    } else if (strcmp(res, "acceptable") == 0) {
        if (memcmp(want, zero, 32) == 0) {
            cr_assert(kt_jflag(t, "ZeroSharedSecret"), "tc %d: zero without its flag", id);
            cr_assert_eq(e, KURV_ERR_POINT, "tc %d: all-zero secret not refused", id);
            cr_assert(memcmp(got, zero, 32) == 0);
            c->acc_refused++;
        } else {
            cr_assert_eq(e, KURV_OK, "tc %d (acceptable): %s", id, kurv_strerror(e));
            cr_assert(memcmp(got, want, 32) == 0, "tc %d: shared secret differs", id);
            c->acc_ok++;
        }
    } else {
        cr_assert_fail("tc %d: result %s: the file has no invalid X25519 case", id, res);
    }
}

Test(wycheproof, x25519)
{
    struct x_tally c = {0, 0, 0, 0};
    each_case("wycheproof/x25519_test.json", x25519_case, &c);
    fprintf(stderr, "wycheproof x25519: %zu cases: %zu valid, %zu acceptable computed, "
            "%zu acceptable refused (all-zero secret)\n", c.total, c.valid, c.acc_ok,
            c.acc_refused);
    cr_assert(c.total >= 500 && c.valid >= 250 && c.acc_refused >= 20);
}

struct ed_tally { size_t total, valid, invalid, bad_len; };

static void ed25519_case(json_object *g, json_object *t, void *ctx)
{
    struct ed_tally *c = ctx;
    json_object *pk = kt_jget(g, "publicKey");
    int id = json_object_get_int(kt_jget(t, "tcId"));
    const char *res = kt_jstr(t, "result");
    size_t mlen, slen;
    uint8_t pub[32], *msg, *sig;
    int accepted;
    cr_assert_str_eq(kt_jstr(pk, "curve"), "edwards25519");
    cr_assert_eq(kt_unhex(pub, 32, kt_jstr(pk, "pk")), 32);
    msg = kt_unhex_alloc(kt_jstr(t, "msg"), &mlen);
    sig = kt_unhex_alloc(kt_jstr(t, "sig"), &slen);
    cr_assert(msg && sig, "tc %d: bad hex", id);
    if (slen == 64) {
        kurv_err e = kurv_ed25519_verify(sig, msg, mlen, pub);
        cr_assert(e == KURV_OK || e == KURV_ERR_SIGNATURE || e == KURV_ERR_POINT,
                  "tc %d: %s", id, kurv_strerror(e));
        accepted = e == KURV_OK;
    } else {
        accepted = 0;
        c->bad_len++;
    }
    c->total++;
    if (strcmp(res, "valid") == 0) {
        cr_assert(accepted, "tc %d (valid, %s) refused", id, kt_jstr(t, "comment"));
        c->valid++;
    } else {
        cr_assert_str_eq(res, "invalid", "tc %d: result %s", id, res);
        cr_assert(!accepted, "tc %d (invalid, %s) accepted", id, kt_jstr(t, "comment"));
        c->invalid++;
    }
    free(msg);
    free(sig);
}

Test(wycheproof, ed25519)
{
    struct ed_tally c = {0, 0, 0, 0};
    each_case("wycheproof/ed25519_test.json", ed25519_case, &c);
    fprintf(stderr, "wycheproof ed25519: %zu cases: %zu valid, %zu invalid (%zu of them by "
            "their length)\n", c.total, c.valid, c.invalid, c.bad_len);
    cr_assert(c.total >= 150 && c.valid >= 80 && c.invalid >= 60);
}
