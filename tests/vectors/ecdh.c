/*
 * kurv-kat job: Wycheproof ECDH, every file vectors_dir/wycheproof/ecdh_<curve>_*test.json of
 * a built curve, its key encoding from its "schema" (SPKI DER, PEM, SEC1 point or WebCrypto
 * JWK: tests/common/wycheproof.h). Each case's keys are decoded and kurv_ecdh run
 * (kt_wp_ecdh_case). The checks are those of tests/keyfile/test_ecdh_wycheproof.c: "valid"
 * gives exactly the listed shared secret, "invalid" is refused (in decoding or in ECDH),
 * "acceptable" may go either way but a secret it gives must be the listed one; the file holds
 * numberOfTests cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kat.h"
#include "testutil.h"
#include "wycheproof.h"

/* The job's state: the file's key encoding and the group's curve. */
struct ecdh_job {
    struct kat_wp_job job;
    enum kt_wp_ecdh_enc enc;
    const kurv_curve *c;
};

/* kat_wp_job.file: the keys' encoding, from the file's "schema". */
static const char *ecdh_file(struct kat_wp_job *job, json_object *root)
{
    static const char *const enc_names[] = {"SPKI DER", "PEM", "SEC1 point", "JWK"};
    struct ecdh_job *g = (struct ecdh_job *)job;

    if (!kt_wp_ecdh_schema(kt_jstr(root, "schema"), &g->enc))
        return "unknown schema: the keys' encoding is not known";
    job->label = enc_names[g->enc];
    return NULL;
}

/* kat_wp_job.group: the group's curve. */
static const char *ecdh_group(struct kat_wp_job *job, json_object *jg)
{
    struct ecdh_job *g = (struct ecdh_job *)job;
    const char *cname = kt_jstr(jg, "curve");

    if (!cname)
        return "a group without a curve";
    g->c = kt_curve(cname);
    return g->c ? NULL : KAT_WP_SKIP;
}

/* kat_wp_job.check: decode the keys, run ECDH, judge, compare the secret. */
static const char *ecdh_check(struct kat_wp_job *job, json_object *tc, struct kat_wp_tally *t)
{
    const struct ecdh_job *g = (const struct ecdh_job *)job;
    uint8_t secret[KURV_MAX_FIELD_LEN], want[KURV_MAX_FIELD_LEN];
    size_t flen = kurv_curve_field_len(g->c);
    const char *why, *result = kt_jstr(tc, "result");
    long want_len = kt_unhex(want, sizeof want, kt_jstr(tc, "shared"));
    int got = kt_wp_ecdh_case(g->c, tc, g->enc, secret, &why);

    if (got < 0)
        return why;
    why = kat_wp_judge(result, got, t);
    /* a secret given, for a valid case or an acceptable one that lists it, must be right */
    if (!why && got && (want_len > 0 || strcmp(result, "valid") == 0) &&
        (want_len != (long)flen || memcmp(secret, want, flen) != 0))
        why = "a wrong shared secret";
    kurv_wipe(secret, sizeof secret);
    return why;
}

void kat_wycheproof_ecdh(void)
{
    struct ecdh_job g = {
        .job = {.algo = "ecdh", .file = ecdh_file, .group = ecdh_group, .check = ecdh_check}};

    kat_wycheproof(&g.job);
}
