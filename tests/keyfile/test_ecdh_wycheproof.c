/*
 * Wycheproof ECDH, then kurv_ecdh, with the keys in each encoding Wycheproof has:
 *   asn      public = DER SubjectPublicKeyInfo (kurv_pubkey_decode), private = hex integer;
 *   pem      public = PEM SPKI, private = PEM PKCS#8 (kurv_pubkey/privkey_decode);
 *   ecpoint  public = raw SEC1 point, private = hex integer;
 *   jwk      JWK x, y, d in base64url (decoded here with Nettle).
 * KT_ECDH_FAMILY_SECP256K1, _NIST or _BRAINPOOL (set by meson.build, one test per built
 * family) picks the family's files.
 *
 * "valid" must give the exact shared secret; "invalid" must fail (decoding or ECDH);
 * "acceptable" may go either way, but a secret it gives must be the right one. The curve
 * of each group comes from the file (kt_curve), so a new curve only adds file names below;
 * a file whose curve is not linked is skipped with a message.
 */
#define _DEFAULT_SOURCE
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <nettle/base64.h>
#include "testutil.h"


enum enc { ENC_ASN, ENC_PEM, ENC_ECPOINT, ENC_JWK };

static const struct vfile {
    const char *rel;
    enum enc enc;
} files[] = {
#if defined(KT_ECDH_FAMILY_SECP256K1)
    {"wycheproof/ecdh_secp256k1_test.json", ENC_ASN},
    {"wycheproof/ecdh_secp256k1_webcrypto_test.json", ENC_JWK},
#elif defined(KT_ECDH_FAMILY_NIST)
    {"wycheproof/ecdh_secp256r1_test.json", ENC_ASN},
    {"wycheproof/ecdh_secp256r1_pem_test.json", ENC_PEM},
    {"wycheproof/ecdh_secp256r1_ecpoint_test.json", ENC_ECPOINT},
    {"wycheproof/ecdh_secp256r1_webcrypto_test.json", ENC_JWK},
    {"wycheproof/ecdh_secp384r1_test.json", ENC_ASN},
    {"wycheproof/ecdh_secp384r1_pem_test.json", ENC_PEM},
    {"wycheproof/ecdh_secp384r1_ecpoint_test.json", ENC_ECPOINT},
    {"wycheproof/ecdh_secp384r1_webcrypto_test.json", ENC_JWK},
    {"wycheproof/ecdh_secp521r1_test.json", ENC_ASN},
    {"wycheproof/ecdh_secp521r1_pem_test.json", ENC_PEM},
    {"wycheproof/ecdh_secp521r1_ecpoint_test.json", ENC_ECPOINT},
    {"wycheproof/ecdh_secp521r1_webcrypto_test.json", ENC_JWK},
#elif defined(KT_ECDH_FAMILY_BRAINPOOL)
    {"wycheproof/ecdh_brainpoolP256r1_test.json", ENC_ASN},
    {"wycheproof/ecdh_brainpoolP384r1_test.json", ENC_ASN},
    {"wycheproof/ecdh_brainpoolP512r1_test.json", ENC_ASN},
#else
#error "define KT_ECDH_FAMILY_<FAMILY> (tests/keyfile/meson.build)"
#endif
};

static const char *const enc_names[] = {"SPKI DER", "PEM", "SEC1 point", "JWK"};

struct counts {
    size_t total, valid, invalid, acc_yes, acc_no;
};

static const char *jstr(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* Wycheproof's private key: a big-endian integer of any width, maybe with a sign byte.
 * To scalar_len bytes; 0 if it does not fit (then kurv cannot even be asked). */
static int norm_priv(uint8_t *out, size_t slen, const uint8_t *in, size_t len)
{
    while (len > 0 && in[0] == 0) {
        in++;
        len--;
    }
    if (len > slen)
        return 0;
    memset(out, 0, slen - len);
    memcpy(out + slen - len, in, len);
    return 1;
}

/* base64url without padding (RFC 7515 2) into out; -1 if malformed or too long. */
static long b64url(uint8_t *out, size_t cap, const char *s)
{
    struct base64_decode_ctx ctx;
    char buf[512];
    size_t n = strlen(s), dlen = cap;

    if (n + 3 >= sizeof buf || BASE64_DECODE_LENGTH(n + 2) > cap)
        return -1;
    memcpy(buf, s, n);
    while (n % 4)
        buf[n++] = '=';
    base64url_decode_init(&ctx);
    if (!base64_decode_update(&ctx, &dlen, out, n, buf) || !base64_decode_final(&ctx))
        return -1;
    return (long)dlen;
}

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

/* An asn, pem or ecpoint case. */
static int run_enc(const kurv_curve *c, json_object *t, enum enc enc, uint8_t *secret)
{
    static uint8_t der[8192];
    uint8_t pt[KURV_MAX_POINT_LEN], raw[2 * KURV_MAX_SCALAR_LEN], d[KURV_MAX_SCALAR_LEN];
    size_t ptlen = sizeof pt, slen = kurv_curve_scalar_len(c), dlen = sizeof d;
    const char *pub = jstr(t, "public"), *priv = jstr(t, "private");
    const kurv_curve *pc;
    long derlen, rawlen;
    kurv_err e;

    cr_assert(pub && priv, "case without keys");
    if (enc == ENC_PEM) {
        e = kurv_pubkey_decode(&pc, pt, &ptlen, kt_curves, kt_ncurves, (const uint8_t *)pub,
                               strlen(pub));
        if (e != KURV_OK || pc != c)
            return 0;
        /* the private keys are well-formed PKCS#8 of the group's curve */
        e = kurv_privkey_decode(&pc, d, &dlen, kt_curves, kt_ncurves, (const uint8_t *)priv,
                                strlen(priv));
        cr_assert_eq(e, KURV_OK, "private key PEM refused: %s", kurv_strerror(e));
        cr_assert(pc == c && dlen == slen);
    } else {
        derlen = kt_unhex(der, sizeof der, pub);
        rawlen = kt_unhex(raw, sizeof raw, priv);
        cr_assert(derlen >= 0 && rawlen >= 0, "bad hex in the vectors");
        if (enc == ENC_ASN) {
            e = kurv_pubkey_decode(&pc, pt, &ptlen, kt_curves, kt_ncurves, der, (size_t)derlen);
            if (e != KURV_OK || pc != c) /* refused, or a key of another (linked) curve */
                return 0;
        } else {
            if ((size_t)derlen > sizeof pt)
                return 0;
            memcpy(pt, der, (size_t)derlen);
            ptlen = (size_t)derlen;
        }
        if (!norm_priv(d, slen, raw, (size_t)rawlen))
            return 0;
    }
    e = kurv_ecdh(c, secret, kurv_curve_field_len(c), d, slen, pt, ptlen);
    kurv_wipe(d, sizeof d);
    return e == KURV_OK;
}

/* A JWK case: public = {kty, crv, x, y}, private = {d, ...}. */
static int run_jwk(const kurv_curve *c, json_object *t, uint8_t *secret)
{
    json_object *pub, *priv;
    uint8_t pt[1 + 2 * KURV_MAX_FIELD_LEN + 8], raw[2 * KURV_MAX_SCALAR_LEN], d[KURV_MAX_SCALAR_LEN];
    size_t flen = kurv_curve_field_len(c), slen = kurv_curve_scalar_len(c);
    const char *kty, *crv, *x, *y, *dd;
    long xl, yl, dl;
    kurv_err e;

    cr_assert(json_object_object_get_ex(t, "public", &pub) &&
              json_object_object_get_ex(t, "private", &priv));
    kty = jstr(pub, "kty");
    crv = jstr(pub, "crv");
    x = jstr(pub, "x");
    y = jstr(pub, "y");
    dd = jstr(priv, "d");
    cr_assert(dd != NULL, "private JWK without d");
    if (!kty || strcmp(kty, "EC") != 0 || !crv || !x || !y)
        return 0;
    if (kt_curve(crv) != c) /* the public key is on another curve */
        return 0;
    /* RFC 7518 6.2.1.2-3: x and y are exactly field_len bytes */
    xl = b64url(pt + 1, flen + 4, x);
    if (xl != (long)flen)
        return 0;
    yl = b64url(pt + 1 + flen, flen + 4, y);
    if (yl != (long)flen)
        return 0;
    pt[0] = 0x04;
    dl = b64url(raw, sizeof raw, dd);
    cr_assert(dl > 0, "private d does not decode");
    if (!norm_priv(d, slen, raw, (size_t)dl))
        return 0;
    e = kurv_ecdh(c, secret, flen, d, slen, pt, 1 + 2 * flen);
    kurv_wipe(d, sizeof d);
    return e == KURV_OK;
}

/* Run one file; return 1 if it ran, 0 if skipped. */
static int run_file(const char *rel, enum enc enc, struct counts *all)
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
        const char *cname = jstr(g, "curve");
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
            int ok;
            cr_assert(json_object_object_get_ex(t, "tcId", &id));
            memset(secret, 0, sizeof secret);
            ok = enc == ENC_JWK ? run_jwk(c, t, secret) : run_enc(c, t, enc, secret);
            judge(rel, (long)json_object_get_int64(id), jstr(t, "result"), ok, secret,
                  kurv_curve_field_len(c), jstr(t, "shared"), &n);
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

static void run_list(enum enc enc)
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

Test(ecdh_wycheproof, spki_der) { run_list(ENC_ASN); }
Test(ecdh_wycheproof, pem) { run_list(ENC_PEM); }
Test(ecdh_wycheproof, ecpoint) { run_list(ENC_ECPOINT); }
Test(ecdh_wycheproof, webcrypto_jwk) { run_list(ENC_JWK); }
