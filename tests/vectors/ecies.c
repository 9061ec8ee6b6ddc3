/*
 * kurv-kat job: ECIES, BouncyCastle's vectors vectors_dir/ecies/bc-ecies.json,
 * bc-ecies-compressed.json (V compressed) and bc-ecies-invalid.json (FORMAT.md there). For
 * each entry of a built curve, as tests/ecies/test_ecies_vectors.c checks it: pub_hex is
 * d*G; with the preset of the entry's key size (bc-aes128-cbc or bc-aes256-cbc) a valid
 * entry decrypts to exactly its plaintext, within kurv_ecies_plaintext_max_len (CBC: under
 * 16 bytes over), and an invalid one is refused with KURV_ERR_DECRYPT, nothing written
 * out and the output zeroed; every V of bc-ecies-compressed.json is compressed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "kat.h"
#include "testutil.h"

/* An entry's bytes, malloc'd by kt_unhex_alloc (NULL: missing or bad hex). */
struct entry {
    uint8_t *d, *pub, *ct, *want;
    size_t d_len, pub_len, ct_len, want_len;
};

/* What is wrong with kurv's decryption of entry e on curve c, or NULL. valid: the entry
 * must decrypt; compressed: its V must be compressed. */
static const char *ecies_decrypt(const kurv_curve *c, const struct entry *e,
                                 const kurv_ecies_params *p, int valid, int compressed)
{
    uint8_t q[KURV_MAX_POINT_LEN], *out;
    size_t q_len = sizeof q, bound, out_len, k;
    const char *why = NULL;
    kurv_err err;
    int zero = 1;

    if (e->d_len != kurv_curve_scalar_len(c))
        return "d_hex is not a scalar's length";
    if (kurv_pubkey_from_priv(c, q, &q_len, 0, e->d, e->d_len) != KURV_OK ||
        q_len != e->pub_len || memcmp(q, e->pub, q_len) != 0)
        return "pub_hex is not d*G";
    if (compressed && (e->ct_len == 0 || (e->ct[0] != 0x02 && e->ct[0] != 0x03)))
        return "V is not compressed";
    /* room for more than any plaintext of the ciphertext (as the Criterion test gives) */
    bound = kurv_ecies_plaintext_max_len(c, p, e->ct, e->ct_len);
    out_len = e->ct_len + 16;
    out = malloc(out_len);
    if (!out)
        return "out of memory";
    memset(out, 0xAA, out_len);
    err = kurv_ecies_decrypt(c, out, &out_len, e->d, e->d_len, e->ct, e->ct_len, p);
    if (valid) {
        if (err != KURV_OK)
            why = kurv_strerror(err);
        else if (out_len != e->want_len || memcmp(out, e->want, out_len) != 0)
            why = "the plaintext differs";
        else if (out_len > bound || bound - out_len >= 16)
            why = "kurv_ecies_plaintext_max_len is under, or 16 or more over";
    } else {
        for (k = 0; k < bound && k < e->ct_len + 16; k++)
            zero &= out[k] == 0;
        if (err != KURV_ERR_DECRYPT)
            why = err == KURV_OK ? "decrypted" : "refused with another code than KURV_ERR_DECRYPT";
        else if (out_len != 0 || !zero)
            why = "refused, but the output is not zeroed";
    }
    free(out);
    return why;
}

/* What is wrong with entry v (a JSON object) on curve c, or NULL. */
static const char *ecies_entry(const kurv_curve *c, json_object *v, int valid, int compressed)
{
    json_object *bits = kt_jget(v, "cipher_key_bits"), *mbits = kt_jget(v, "mac_key_bits");
    int kb = bits ? json_object_get_int(bits) : -1;
    const kurv_ecies_params *p = NULL;
    struct entry e;
    const char *why;

    if (kb == 128 || kb == 256)
        p = kurv_ecies_preset(kb == 128 ? "bc-aes128-cbc" : "bc-aes256-cbc");
    if (!p || !mbits || json_object_get_int(mbits) != kb)
        return "key sizes other than 128 or 256 bits, or cipher and MAC keys of other sizes";
    memset(&e, 0, sizeof e);
    e.d = kt_unhex_alloc(kt_jstr(v, "d_hex"), &e.d_len);
    e.pub = kt_unhex_alloc(kt_jstr(v, "pub_hex"), &e.pub_len);
    e.ct = kt_unhex_alloc(kt_jstr(v, "ciphertext_hex"), &e.ct_len);
    e.want = kt_unhex_alloc(kt_jstr(v, "plaintext_hex"), &e.want_len);
    if (!e.d || !e.pub || !e.ct || !e.want)
        why = "malformed entry (a field missing, or bad hex)";
    else
        why = ecies_decrypt(c, &e, p, valid, compressed);
    if (e.d)
        kurv_wipe(e.d, e.d_len);
    free(e.d);
    free(e.pub);
    free(e.ct);
    free(e.want);
    return why;
}

/* One file of entries: valid (they decrypt) or not; compressed: every V compressed. */
static void ecies_file(const char *rel, int valid, int compressed)
{
    struct kat_file f;
    json_object *root;
    size_t i, n = 0;

    kat_file_begin(&f, rel);
    root = kat_load_json(&f);
    if (!root)
        return;
    if (json_object_is_type(root, json_type_array))
        n = json_object_array_length(root);
    else
        kat_fail(&f, "not a JSON list");
    for (i = 0; i < n; i++) {
        json_object *v = json_object_array_get_idx(root, i);
        const char *cname = kt_jstr(v, "curve"), *why;
        const kurv_curve *c = cname ? kt_curve(cname) : NULL;
        char name[96];

        if (cname && !c) {
            f.skipped++;
            continue;
        }
        snprintf(name, sizeof name, "#%zu (%s)", i, cname ? cname : "no curve");
        why = c ? ecies_entry(c, v, valid, compressed) : "an entry without a curve";
        kat_check(&f, why == NULL, name, why);
    }
    kat_file_end(&f, "%zu entries, %s", n, valid ? "to decrypt" : "to refuse");
    json_object_put(root);
}

void kat_ecies(void)
{
    ecies_file("ecies/bc-ecies.json", 1, 0);
    ecies_file("ecies/bc-ecies-compressed.json", 1, 1);
    ecies_file("ecies/bc-ecies-invalid.json", 0, 0);
}
