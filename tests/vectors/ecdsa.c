/*
 * kurv-kat job: Wycheproof ECDSA verification, every file
 * vectors_dir/wycheproof/ecdsa_<curve>_*_test.json of a built curve: ASN.1 DER
 * (EcdsaVerify), IEEE P1363 r || s (EcdsaP1363Verify) and Bitcoin's DER with low s
 * (EcdsaBitcoinVerify). The group gives the curve, the hash ("sha") and the public key; each
 * case's message is hashed and its signature verified (tests/common/wycheproof.c). The checks
 * are those of tests/ecdsa/test_wycheproof.c: the verdict (kat_wp_judge: "acceptable" either
 * way), a refusal is KURV_ERR_SIGNATURE or KURV_ERR_ENCODING only (a DER decoding refusal
 * KURV_ERR_ENCODING), every group's public key passes kurv_point_check, and the file holds
 * numberOfTests cases.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kat.h"
#include "testutil.h"
#include "wycheproof.h"

/* The job's state: the test group as kurv is to be asked, its curve, encoding, hash and
 * public key. */
struct ecdsa_job {
    struct kat_wp_job job;
    const kurv_curve *c;
    enum kt_wp_sig enc;
    kurv_hash hash;
    uint8_t pub[KURV_MAX_POINT_LEN];
    size_t pub_len;
};

/* kat_wp_job.group: the group's curve, encoding ("type"), hash ("sha") and public key. */
static const char *ecdsa_group(struct kat_wp_job *job, json_object *jg)
{
    struct ecdsa_job *g = (struct ecdsa_job *)job;
    json_object *pk = kt_jget(jg, "publicKey");
    const char *cname = kt_jstr(pk, "curve");
    long len;

    g->enc = kt_wp_sig_type(kt_jstr(jg, "type"));
    if (g->enc == KT_WP_SIG_UNKNOWN)
        return "unknown group type";
    g->hash = kt_hash(kt_jstr(jg, "sha"));
    if (g->hash == KURV_HASH_NONE)
        return "unknown hash";
    if (!cname)
        return "a group without a public key's curve";
    g->c = kt_curve(cname);
    if (!g->c)
        return KAT_WP_SKIP;
    len = kt_unhex(g->pub, sizeof g->pub, kt_jstr(pk, "uncompressed"));
    if (len <= 0)
        return "bad public key hex";
    g->pub_len = (size_t)len;
    /* every Wycheproof ECDSA key is valid */
    if (kurv_point_check(g->c, g->pub, g->pub_len) != KURV_OK)
        return "kurv refuses the group's public key";
    return NULL;
}

/* kat_wp_job.check: hash the message, verify the signature, judge. */
static const char *ecdsa_check(struct kat_wp_job *job, json_object *tc, struct kat_wp_tally *t)
{
    const struct ecdsa_job *g = (const struct ecdsa_job *)job;
    uint8_t digest[KURV_MAX_HASH_LEN], *msg, *sig = NULL;
    size_t msg_len, sig_len;
    const char *why = NULL;
    int der_refused;
    kurv_err e;

    msg = kt_unhex_alloc(kt_jstr(tc, "msg"), &msg_len);
    if (msg)
        sig = kt_unhex_alloc(kt_jstr(tc, "sig"), &sig_len);
    if (!msg || !sig)
        why = "malformed case (msg or sig missing, or bad hex)";
    else if (kurv_hash_digest(g->hash, digest, msg, msg_len) != KURV_OK)
        why = "the message does not hash";
    if (!why) {
        e = kt_wp_ecdsa_verify(g->c, g->enc, g->pub, g->pub_len, digest, kurv_hash_len(g->hash),
                               sig, sig_len, &der_refused);
        if (der_refused && e != KURV_ERR_ENCODING)
            why = "the DER decoding refused it with a code other than KURV_ERR_ENCODING";
        else if (e != KURV_OK && e != KURV_ERR_SIGNATURE && e != KURV_ERR_ENCODING)
            why = kurv_strerror(e);         /* refused, but neither signature nor encoding */
        else
            why = kat_wp_judge(kt_jstr(tc, "result"), e == KURV_OK, t);
    }
    free(msg);
    free(sig);
    return why;
}

void kat_wycheproof_ecdsa(void)
{
    struct ecdsa_job g = {.job = {.algo = "ecdsa", .group = ecdsa_group, .check = ecdsa_check}};

    kat_wycheproof(&g.job);
}
