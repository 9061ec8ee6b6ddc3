/*
 * kurv-25519's RFC 8410 key files (kurv_25519_privkey_*, kurv_25519_pubkey_*):
 *   - Wycheproof x25519_asn_test.json (DER) and x25519_pem_test.json (PEM), from
 *     vectors_dir/wycheproof (a loud SKIP when missing): each case's keys are read from
 *     their files and the shared secret computed; "valid" must read and give "shared"
 *     exactly; "acceptable" must read and then obey <kurv/25519.h>'s X25519 rule (an
 *     all-zero secret refused with KURV_ERR_POINT, else "shared" exactly); "invalid" must
 *     be refused while reading, with the error the header names for its defect;
 *   - RFC 8410 10.1 and 10.3's example keys: read, and written back byte for byte;
 *   - the header's error codes, each on a file with exactly that defect;
 *   - every truncation and every single-byte change of a good file: an error or a key,
 *     never a crash, and never KURV_OK for a truncation;
 *   - Ed25519 public keys checked when read (SubjectPublicKeyInfo, PKCS#8 v2 publicKey):
 *     hand-made encodings (y >= p, no x, x = 0 with the sign bit) refused with
 *     KURV_ERR_POINT, as kurv_ed25519_verify refuses them, and the same bytes read as
 *     X25519 keys; every public key of Wycheproof's ed25519_test.json read.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/25519.h>
#include "testutil.h"

struct tally { size_t total, valid, acc_ok, acc_refused, invalid; };

/* One Wycheproof case; @pem: the keys are PEM text, else DER in hex. */
static void xdh_case(json_object *t, int pem, struct tally *c)
{
    int id = json_object_get_int(kt_jget(t, "tcId"));
    const char *res = kt_jstr(t, "result");
    const char *spub = kt_jstr(t, "public"), *spriv = kt_jstr(t, "private");
    uint8_t *dpub, *dpriv, priv[32], pub[32], want[32], got[32], zero[32] = {0};
    size_t lpub, lpriv;
    kurv_25519_alg a1 = KURV_25519_X25519, a2 = KURV_25519_X25519;
    kurv_err e1, e2, e;

    if (pem) {
        lpub = strlen(spub);
        lpriv = strlen(spriv);
        dpub = malloc(lpub + 1);
        dpriv = malloc(lpriv + 1);
        cr_assert(dpub && dpriv);
        memcpy(dpub, spub, lpub);
        memcpy(dpriv, spriv, lpriv);
    } else {
        dpub = kt_unhex_alloc(spub, &lpub);
        dpriv = kt_unhex_alloc(spriv, &lpriv);
    }
    cr_assert(dpub && dpriv, "tc %d: bad hex", id);
    e1 = kurv_25519_privkey_decode(&a1, priv, dpriv, lpriv);
    e2 = kurv_25519_pubkey_decode(&a2, pub, dpub, lpub);
    c->total++;
    if (strcmp(res, "invalid") == 0) {
        /* the file has two kinds: a public key of another algorithm (its OID: an EC key
         * or X448's) and a private key without its inner OCTET STRING */
        cr_assert(e1 != KURV_OK || e2 != KURV_OK, "tc %d (invalid, %s) read", id,
                  kt_jstr(t, "comment"));
        if (kt_jflag(t, "InvalidPublic"))
            cr_assert(e1 == KURV_OK && e2 == KURV_ERR_UNSUPPORTED, "tc %d: %s, %s", id,
                      kurv_strerror(e1), kurv_strerror(e2));
        else
            cr_assert(kt_jflag(t, "MissingOctetString") && e1 == KURV_ERR_ENCODING &&
                      e2 == KURV_OK, "tc %d: %s, %s", id, kurv_strerror(e1), kurv_strerror(e2));
        c->invalid++;
        goto out;
    }
    cr_assert_eq(e1, KURV_OK, "tc %d (%s): private key: %s", id, res, kurv_strerror(e1));
    cr_assert_eq(e2, KURV_OK, "tc %d (%s): public key: %s", id, res, kurv_strerror(e2));
    cr_assert(a1 == KURV_25519_X25519 && a2 == KURV_25519_X25519);
    cr_assert_eq(kt_unhex(want, 32, kt_jstr(t, "shared")), 32, "tc %d", id);
    e = kurv_x25519(got, priv, pub);
    if (strcmp(res, "valid") == 0) {
        cr_assert_eq(e, KURV_OK, "tc %d (valid): %s", id, kurv_strerror(e));
        cr_assert(memcmp(got, want, 32) == 0, "tc %d: shared secret differs", id);
        c->valid++;
    } else {
        cr_assert_str_eq(res, "acceptable", "tc %d", id);
        if (memcmp(want, zero, 32) == 0) {
            cr_assert(kt_jflag(t, "ZeroSharedSecret"), "tc %d: zero without its flag", id);
            cr_assert_eq(e, KURV_ERR_POINT, "tc %d: all-zero secret not refused", id);
            c->acc_refused++;
        } else {
            cr_assert_eq(e, KURV_OK, "tc %d (acceptable): %s", id, kurv_strerror(e));
            cr_assert(memcmp(got, want, 32) == 0, "tc %d: shared secret differs", id);
            c->acc_ok++;
        }
    }
out:
    free(dpub);
    free(dpriv);
}

static void xdh_file(const char *rel, const char *schema, int pem, struct tally *c)
{
    json_object *root = kt_load_json(rel), *groups;
    size_t gi, ng;
    if (!root)
        cr_skip_test("%s not found", rel);
    cr_assert_str_eq(kt_jstr(root, "schema"), schema);
    groups = kt_jarray(root, "testGroups");
    cr_assert(groups != NULL);
    ng = json_object_array_length(groups);
    for (gi = 0; gi < ng; gi++) {
        json_object *g = json_object_array_get_idx(groups, gi), *tests = kt_jarray(g, "tests");
        size_t i, n = json_object_array_length(tests);
        cr_assert_str_eq(kt_jstr(g, "curve"), "curve25519");
        for (i = 0; i < n; i++)
            xdh_case(json_object_array_get_idx(tests, i), pem, c);
    }
    json_object_put(root);
    fprintf(stderr, "%s: %zu cases: %zu valid, %zu acceptable computed, %zu acceptable "
            "refused (all-zero secret), %zu invalid refused while reading\n", rel, c->total,
            c->valid, c->acc_ok, c->acc_refused, c->invalid);
}

Test(wycheproof, x25519_asn)
{
    struct tally c = {0, 0, 0, 0, 0};
    xdh_file("wycheproof/x25519_asn_test.json", "xdh_asn_comp_schema_v1.json", 0, &c);
    cr_assert(c.total >= 500 && c.valid >= 250 && c.acc_refused >= 20 && c.invalid >= 15);
}

Test(wycheproof, x25519_pem)
{
    struct tally c = {0, 0, 0, 0, 0};
    xdh_file("wycheproof/x25519_pem_test.json", "xdh_pem_comp_schema_v1.json", 1, &c);
    cr_assert(c.total >= 500 && c.valid >= 250 && c.acc_refused >= 20);
}

/* RFC 8410 10.1 (the Ed25519 public key) and 10.3 (the private key, v1; and v2 with an
 * attribute and the public key) */
static const char rfc_pub[] =
    "-----BEGIN PUBLIC KEY-----\n"
    "MCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n"
    "-----END PUBLIC KEY-----\n";
static const char rfc_priv[] =
    "-----BEGIN PRIVATE KEY-----\n"
    "MC4CAQAwBQYDK2VwBCIEINTuctv5E1hK1bbY8fdp+K06/nwoy/HU++CXqI9EdVhC\n"
    "-----END PRIVATE KEY-----\n";
static const char rfc_seed[] = "d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842";
static const char rfc_pubhex[] = "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1";

static uint8_t *unhex(const char *h, size_t *len)
{
    uint8_t *b = kt_unhex_alloc(h, len);
    cr_assert(b != NULL);
    return b;
}

Test(rfc8410, examples)
{
    uint8_t key[32], pub[32], want[32], out[KURV_25519_MAX_KEYFILE_LEN];
    size_t n = sizeof out;
    kurv_25519_alg a = KURV_25519_ANY;

    cr_assert_eq(kurv_25519_privkey_decode(&a, key, (const uint8_t *)rfc_priv, strlen(rfc_priv)), KURV_OK);
    cr_assert_eq(a, KURV_25519_ED25519);
    kt_unhex(want, 32, rfc_seed);
    cr_assert(memcmp(key, want, 32) == 0);
    a = KURV_25519_ANY;
    cr_assert_eq(kurv_25519_pubkey_decode(&a, pub, (const uint8_t *)rfc_pub, strlen(rfc_pub)), KURV_OK);
    cr_assert_eq(a, KURV_25519_ED25519);
    kt_unhex(want, 32, rfc_pubhex);
    cr_assert(memcmp(pub, want, 32) == 0);
    /* the example's public key is its private key's */
    cr_assert_eq(kurv_ed25519_public_key(want, key), KURV_OK);
    cr_assert(memcmp(pub, want, 32) == 0);
    /* written back byte for byte */
    cr_assert_eq(kurv_25519_privkey_encode(out, &n, KURV_25519_ED25519, KURV_KEYFMT_PEM, key), KURV_OK);
    cr_assert(n == strlen(rfc_priv) && memcmp(out, rfc_priv, n) == 0, "%.*s", (int)n, out);
    n = sizeof out;
    cr_assert_eq(kurv_25519_pubkey_encode(out, &n, KURV_25519_ED25519, KURV_KEYFMT_PEM, pub), KURV_OK);
    cr_assert(n == strlen(rfc_pub) && memcmp(out, rfc_pub, n) == 0, "%.*s", (int)n, out);
}

/* the DER of RFC 8410 10.3's v2 example: an attribute [0] and the public key [1] */
static const char v2_der[] =
    "3072020101300506032b657004220420d4ee72dbf913584ad5b6d8f1f769f8ad3afe7c28cbf1d4fbe097a88f44755842"
    "a01f301d060a2a864886f70d01090914310f0c0d437572646c652043686169727381210019bf44096984cdfe8541bac1"
    "67dc3b96c85086aa30b6b6cb0c5c38ad703166e1";

Test(rfc8410, v2_public_key)
{
    size_t n;
    uint8_t *der = unhex(v2_der, &n), key[32], want[32];
    kurv_25519_alg a = KURV_25519_ED25519;

    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_OK);
    kt_unhex(want, 32, rfc_seed);
    cr_assert(memcmp(key, want, 32) == 0);
    /* a public key that is not the key's */
    der[n - 1] ^= 1;
    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_ERR_POINT);
    cr_assert(memcmp(key, (uint8_t[32]){0}, 32) == 0, "key not zeroed on error");
    der[n - 1] ^= 1;
    /* the same key read as X25519: its public key is another */
    a = KURV_25519_ANY;
    der[11] = 0x6E;
    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_ERR_POINT);
    der[11] = 0x70;
    /* version 0 with a public key: not v1 */
    der[4] = 0;
    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_ERR_ENCODING);
    free(der);
}

struct bad { const char *what, *hex; kurv_err want; };

/* every defect the header names, one per file (the good ones: 302e0201003005 0603 2b656e
 * 04220420 <32> and 302a3005 0603 2b656e 032100 <32>) */
#define K31 "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449a"
#define K32 K31 "c4"
static const struct bad bad_priv[] = {
    {"good X25519", "302e020100300506032b656e04220420" K32, KURV_OK},
    {"good Ed25519", "302e020100300506032b657004220420" K32, KURV_OK},
    {"trailing byte", "302e020100300506032b656e04220420" K32 "00", KURV_ERR_ENCODING},
    {"byte after the inner key", "302f020100300506032b656e04230420" K32 "00", KURV_ERR_ENCODING},
    {"parameters NULL", "3030020100300706032b656e050004220420" K32, KURV_ERR_ENCODING},
    {"version 2", "302e020102300506032b656e04220420" K32, KURV_ERR_ENCODING},
    {"no inner OCTET STRING", "302c020100300506032b656e0420" K32, KURV_ERR_ENCODING},
    {"non-minimal length", "30812e020100300506032b656e04220420" K32, KURV_ERR_ENCODING},
    {"X448 OID", "302e020100300506032b656f04220420" K32, KURV_ERR_UNSUPPORTED},
    {"Ed448 OID", "302e020100300506032b657104220420" K32, KURV_ERR_UNSUPPORTED},
    {"id-ecPublicKey", "3038020100300f06072a8648ce3d020106042b65700004220420" K32, KURV_ERR_UNSUPPORTED},
    {"an SPKI", "302a300506032b656e032100" K32, KURV_ERR_UNSUPPORTED},
    {"EncryptedPrivateKeyInfo shape", "3029300506032b656e0420" K32, KURV_ERR_ENCRYPTED},
    {"31-byte key", "302d020100300506032b656e0421041f" K31, KURV_ERR_PRIVKEY},
    {"33-byte key", "302f020100300506032b656e04230421" K32 "01", KURV_ERR_PRIVKEY},
    {"v2, 31-byte public key", "3050020101300506032b656e04220420" K32 "812000" K31, KURV_ERR_POINT},
    {"v2, public key with unused bits", "3051020101300506032b656e04220420" K32 "81210100" K32, KURV_ERR_ENCODING},
    {"empty", "", KURV_ERR_ENCODING},
};

/* a private (@priv) or public key file, either algorithm */
static kurv_err decode(int priv, uint8_t key[32], const uint8_t *in, size_t n)
{
    kurv_25519_alg a = KURV_25519_ANY;
    return priv ? kurv_25519_privkey_decode(&a, key, in, n) : kurv_25519_pubkey_decode(&a, key, in, n);
}

/* each file of a table gives its error, and a zeroed key on error */
static void run_table(const struct bad *t, size_t count, int priv)
{
    size_t i;
    for (i = 0; i < count; i++) {
        size_t n;
        uint8_t *der = kt_unhex_alloc(t[i].hex, &n), key[32];
        kurv_err e;
        cr_assert(der != NULL || n == 0);
        memset(key, 0xAA, 32);
        e = decode(priv, key, der ? der : (const uint8_t *)"", n);
        cr_assert_eq(e, t[i].want, "%s: %s, want %s", t[i].what, kurv_strerror(e),
                     kurv_strerror(t[i].want));
        if (e != KURV_OK)
            cr_assert(memcmp(key, (uint8_t[32]){0}, 32) == 0, "%s: key not zeroed", t[i].what);
        free(der);
    }
}

Test(errors, privkey_der)
{
    run_table(bad_priv, sizeof bad_priv / sizeof bad_priv[0], 1);
}

Test(errors, want_and_args)
{
    size_t n;
    uint8_t *der = unhex("302e020100300506032b656e04220420" K32, &n), key[32];
    uint8_t *spki = NULL, out[KURV_25519_MAX_KEYFILE_LEN];
    size_t sn, on;
    int i;
    kurv_25519_alg a = KURV_25519_ED25519;

    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_ERR_CURVE);
    cr_assert_eq(a, KURV_25519_ED25519, "*alg changed on error");
    a = KURV_25519_X25519;
    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_OK);
    a = (kurv_25519_alg)7;
    cr_assert_eq(kurv_25519_privkey_decode(&a, key, der, n), KURV_ERR_ARG);
    cr_assert_eq(kurv_25519_privkey_decode(NULL, key, der, n), KURV_ERR_ARG);
    a = KURV_25519_ANY;
    cr_assert_eq(kurv_25519_privkey_decode(&a, NULL, der, n), KURV_ERR_ARG);
    cr_assert_eq(kurv_25519_privkey_decode(&a, key, NULL, n), KURV_ERR_ARG);
    spki = unhex("302a300506032b6570032100" K32, &sn);
    a = KURV_25519_X25519;
    cr_assert_eq(kurv_25519_pubkey_decode(&a, key, spki, sn), KURV_ERR_CURVE);
    a = KURV_25519_ANY;
    cr_assert_eq(kurv_25519_pubkey_decode(&a, key, der, n), KURV_ERR_ENCODING);
    cr_assert_eq(kurv_25519_pubkey_decode(&a, NULL, spki, sn), KURV_ERR_ARG);
    /* encoders: the size asked for, too small a buffer, bad arguments */
    for (i = 0; i < 4; i++) {
        static const size_t need[4] = {48, 119, 44, 113};
        kurv_keyfmt f = i % 2 ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER;
        on = 0;
        cr_assert_eq(i < 2 ? kurv_25519_privkey_encode(NULL, &on, KURV_25519_X25519, f, key)
                           : kurv_25519_pubkey_encode(NULL, &on, KURV_25519_ED25519, f, key),
                     KURV_ERR_BUFFER);
        cr_assert_eq(on, need[i], "size %d: %zu", i, on);
    }
    on = 47;
    memset(out, 0x55, sizeof out);
    cr_assert_eq(kurv_25519_privkey_encode(out, &on, KURV_25519_X25519, KURV_KEYFMT_DER, key), KURV_ERR_BUFFER);
    cr_assert(on == 48 && memcmp(out, (uint8_t[47]){0}, 47) == 0, "short buffer not zeroed");
    on = sizeof out;
    cr_assert_eq(kurv_25519_privkey_encode(out, &on, KURV_25519_ANY, KURV_KEYFMT_DER, key), KURV_ERR_ARG);
    cr_assert_eq(kurv_25519_privkey_encode(out, &on, KURV_25519_X25519, (kurv_keyfmt)2, key), KURV_ERR_ARG);
    cr_assert_eq(kurv_25519_privkey_encode(out, NULL, KURV_25519_X25519, KURV_KEYFMT_DER, key), KURV_ERR_ARG);
    cr_assert_eq(kurv_25519_pubkey_encode(out, &on, KURV_25519_X25519, KURV_KEYFMT_DER, NULL), KURV_ERR_ARG);
    free(der);
    free(spki);
}

static const struct bad bad_pub[] = {
    {"good", "302a300506032b656e032100" K32, KURV_OK},
    {"trailing byte", "302a300506032b656e032100" K32 "00", KURV_ERR_ENCODING},
    {"parameters NULL", "302c300706032b656e0500032100" K32, KURV_ERR_ENCODING},
    {"unused bits", "302a300506032b656e032101" K32, KURV_ERR_ENCODING},
    {"X448 OID", "302a300506032b656f032100" K32, KURV_ERR_UNSUPPORTED},
    {"31 bytes", "3029300506032b656e032000" K31, KURV_ERR_POINT},
    {"33 bytes", "302b300506032b656e032200" K32 "00", KURV_ERR_POINT},
};

Test(errors, pubkey_der)
{
    run_table(bad_pub, sizeof bad_pub / sizeof bad_pub[0], 0);
}

/* Ed25519 public keys are checked when read (RFC 8032 5.1.3's decoding), in a
 * SubjectPublicKeyInfo and in a PKCS#8 v2 publicKey: hand-made encodings, each with its
 * defect; X25519 takes the same 32 bytes (any u is a public key, RFC 7748 5) */
#define ED_SPKI "302a300506032b6570032100"
#define X_SPKI "302a300506032b656e032100"
#define ED_V2 "3051020101300506032b657004220420" K32 "812100"
static const struct { const char *what, *key; kurv_err ed; } ed_keys[] = {
    {"y = p", "edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", KURV_ERR_POINT},
    {"y = p + 3 (3 has an x)", "f0ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", KURV_ERR_POINT},
    {"y = 2^255 - 1, sign bit", "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", KURV_ERR_POINT},
    /* (y^2 - 1) / (d y^2 + 1) is not a square mod p for y = 2 (Euler's criterion) */
    {"y = 2: no x", "0200000000000000000000000000000000000000000000000000000000000000", KURV_ERR_POINT},
    {"y = 1, x = 0 with the sign bit", "0100000000000000000000000000000000000000000000000000000000000080", KURV_ERR_POINT},
    {"y = -1, x = 0 with the sign bit", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", KURV_ERR_POINT},
    {"y = 3 (an x exists)", "0300000000000000000000000000000000000000000000000000000000000000", KURV_OK},
    {"the identity (small order: not refused)", "0100000000000000000000000000000000000000000000000000000000000000", KURV_OK},
    {"y = p - 1: order 2", "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", KURV_OK},
    {"RFC 8410 10.1's key", "19bf44096984cdfe8541bac167dc3b96c85086aa30b6b6cb0c5c38ad703166e1", KURV_OK},
};

static kurv_err decode_hex(int priv, kurv_25519_alg want, const char *prefix, const char *key)
{
    char hex[256];
    size_t n;
    uint8_t *der, out[32], given[32];
    kurv_25519_alg a = want;
    kurv_err e;
    cr_assert(strlen(prefix) + strlen(key) < sizeof hex);
    strcpy(hex, prefix);
    strcat(hex, key);
    der = unhex(hex, &n);
    memset(out, 0xAA, 32);
    e = priv ? kurv_25519_privkey_decode(&a, out, der, n) : kurv_25519_pubkey_decode(&a, out, der, n);
    if (e != KURV_OK)
        cr_assert(memcmp(out, (uint8_t[32]){0}, 32) == 0, "%s: output not zeroed", key);
    else if (!priv)
        cr_assert(kt_unhex(given, 32, key) == 32 && memcmp(out, given, 32) == 0,
                  "%s: not as given", key);
    free(der);
    return e;
}

Test(errors, ed25519_public_key_points)
{
    size_t i;
    for (i = 0; i < sizeof ed_keys / sizeof ed_keys[0]; i++) {
        kurv_err e = decode_hex(0, KURV_25519_ANY, ED_SPKI, ed_keys[i].key);
        cr_assert_eq(e, ed_keys[i].ed, "SPKI, %s: %s", ed_keys[i].what, kurv_strerror(e));
        e = decode_hex(0, KURV_25519_ED25519, ED_SPKI, ed_keys[i].key);
        cr_assert_eq(e, ed_keys[i].ed, "SPKI (Ed25519 wanted), %s", ed_keys[i].what);
        /* the same bytes as an X25519 key: read */
        e = decode_hex(0, KURV_25519_ANY, X_SPKI, ed_keys[i].key);
        cr_assert_eq(e, KURV_OK, "X25519 SPKI, %s: %s", ed_keys[i].what, kurv_strerror(e));
        /* as the publicKey of a PKCS#8 v2 (never the seed's: refused either way, with
         * KURV_ERR_POINT) */
        e = decode_hex(1, KURV_25519_ANY, ED_V2, ed_keys[i].key);
        cr_assert_eq(e, KURV_ERR_POINT, "PKCS#8 v2, %s: %s", ed_keys[i].what, kurv_strerror(e));
        /* the verifier's decoding says the same (KURV_ERR_POINT for the key) */
        {
            uint8_t pub[32], sig[64] = {0};
            cr_assert_eq(kt_unhex(pub, 32, ed_keys[i].key), 32);
            e = kurv_ed25519_verify(sig, NULL, 0, pub);
            cr_assert_eq(e == KURV_ERR_POINT, ed_keys[i].ed == KURV_ERR_POINT, "verify, %s: %s",
                         ed_keys[i].what, kurv_strerror(e));
        }
    }
}

/* every public key of Wycheproof's ed25519_test.json in a SubjectPublicKeyInfo: read
 * exactly when kurv_ed25519_verify decodes it */
Test(wycheproof, ed25519_public_keys)
{
    json_object *root = kt_load_json("wycheproof/ed25519_test.json"), *groups;
    size_t gi, ok = 0, ng;
    if (!root)
        cr_skip_test("wycheproof/ed25519_test.json not found");
    groups = kt_jarray(root, "testGroups");
    ng = json_object_array_length(groups);
    for (gi = 0; gi < ng; gi++) {
        const char *pk = kt_jstr(kt_jget(json_object_array_get_idx(groups, gi), "publicKey"), "pk");
        uint8_t pub[32], sig[64] = {0};
        kurv_err e = decode_hex(0, KURV_25519_ED25519, ED_SPKI, pk), v;
        cr_assert_eq(kt_unhex(pub, 32, pk), 32);
        v = kurv_ed25519_verify(sig, NULL, 0, pub);
        cr_assert_eq(e == KURV_OK, v != KURV_ERR_POINT, "group %zu: %s, verify %s", gi,
                     kurv_strerror(e), kurv_strerror(v));
        ok += e == KURV_OK;
    }
    fprintf(stderr, "wycheproof ed25519: %zu of %zu public keys read from an SPKI\n", ok, ng);
    cr_assert(ng >= 50 && ok == ng);
    json_object_put(root);
}

static kurv_err pem_priv(const char *text)
{
    uint8_t key[32];
    return decode(1, key, (const uint8_t *)text, strlen(text));
}

#define B64_X "MC4CAQAwBQYDK2VuBCIEIMip1akQka2FHGaLBzbByaApNsDTrWJnCFgIgEe6BXR1\n"
Test(errors, pem)
{
    cr_assert_eq(pem_priv("-----BEGIN PRIVATE KEY-----\n" B64_X "-----END PRIVATE KEY-----\n"), KURV_OK);
    cr_assert_eq(pem_priv("text before\r\n-----BEGIN PRIVATE KEY-----\r\n" B64_X
                          "-----END PRIVATE KEY-----\r\n\n  "), KURV_OK);
    cr_assert_eq(pem_priv("-----BEGIN PRIVATE KEY-----\n" B64_X "-----END PRIVATE KEY-----\nmore"),
                 KURV_ERR_ENCODING);
    cr_assert_eq(pem_priv("-----BEGIN PRIVATE KEY-----\n" B64_X "-----END PUBLIC KEY-----\n"),
                 KURV_ERR_ENCODING);
    cr_assert_eq(pem_priv("-----BEGIN PRIVATE KEY-----\nMC4C*QAw\n-----END PRIVATE KEY-----\n"),
                 KURV_ERR_ENCODING);
    cr_assert_eq(pem_priv("-----BEGIN PRIVATE KEY-----\n" B64_X), KURV_ERR_ENCODING);
    cr_assert_eq(pem_priv("no PEM here"), KURV_ERR_ENCODING);
    cr_assert_eq(pem_priv("-----BEGIN EC PRIVATE KEY-----\n" B64_X "-----END EC PRIVATE KEY-----\n"),
                 KURV_ERR_UNSUPPORTED);
    cr_assert_eq(pem_priv("-----BEGIN PUBLIC KEY-----\n" B64_X "-----END PUBLIC KEY-----\n"),
                 KURV_ERR_UNSUPPORTED);
    cr_assert_eq(pem_priv("-----BEGIN ENCRYPTED PRIVATE KEY-----\n" B64_X
                          "-----END ENCRYPTED PRIVATE KEY-----\n"), KURV_ERR_ENCRYPTED);
}

/* every truncation of a good file is refused (but PEM's final line break, which may go);
 * every changed byte reads or is refused (never a crash: the sanitizer build checks the
 * bounds) */
static void mangle(const uint8_t *good, size_t n, int priv)
{
    uint8_t buf[256], key[32];
    size_t i, j, whole = good[n - 1] == '\n' ? n - 1 : n;
    cr_assert(n <= sizeof buf);
    for (i = 0; i < whole; i++)
        cr_assert_neq(decode(priv, key, good, i), KURV_OK, "truncated to %zu read", i);
    for (i = 0; i < n; i++)
        for (j = 0; j < 8; j++) {
            kurv_err e;
            memcpy(buf, good, n);
            buf[i] ^= (uint8_t)(1u << j);
            e = decode(priv, key, buf, n);
            cr_assert(e <= KURV_ERR_PASSWORD, "byte %zu bit %zu: %d", i, j, (int)e);
        }
}

Test(errors, mangled)
{
    size_t n;
    uint8_t *der = unhex(v2_der, &n);
    mangle(der, n, 1);
    mangle((const uint8_t *)rfc_priv, strlen(rfc_priv), 1);
    mangle((const uint8_t *)rfc_pub, strlen(rfc_pub), 0);
    free(der);
}

/* encrypted PKCS#8 (kurv_25519_privkey_encode_pass / decode_pass): round trips in both
 * formats and algorithms, the sizes, a wrong password, and what the plain reader says */
Test(encrypted, round_trip)
{
    static const uint8_t pw[] = "correct horse";
    uint8_t key[32], got[32], out[KURV_25519_MAX_ENC_KEYFILE_LEN];
    size_t n, need;
    int alg, pem;

    kt_unhex(key, 32, rfc_seed);
    for (alg = KURV_25519_X25519; alg <= KURV_25519_ED25519; alg++)
        for (pem = 0; pem < 2; pem++) {
            kurv_keyfmt f = pem ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER;
            kurv_25519_alg a = KURV_25519_ANY;
            need = 0;
            cr_assert_eq(kurv_25519_privkey_encode_pass(NULL, &need, (kurv_25519_alg)alg, f, key,
                                                        pw, sizeof pw - 1, 1000), KURV_ERR_BUFFER);
            n = sizeof out;
            cr_assert_eq(kurv_25519_privkey_encode_pass(out, &n, (kurv_25519_alg)alg, f, key, pw,
                                                        sizeof pw - 1, 1000), KURV_OK);
            cr_assert(n == need && n <= KURV_25519_MAX_ENC_KEYFILE_LEN, "%zu, asked %zu", n, need);
            if (pem)
                cr_assert(memcmp(out, "-----BEGIN ENCRYPTED PRIVATE KEY-----\n", 38) == 0);
            cr_assert_eq(kurv_25519_privkey_decode(&a, got, out, n), KURV_ERR_ENCRYPTED);
            cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, out, n, pw, sizeof pw - 1), KURV_OK);
            cr_assert(a == (kurv_25519_alg)alg && memcmp(got, key, 32) == 0);
            a = KURV_25519_ANY;
            memset(got, 0xAA, 32);
            cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, out, n, pw, sizeof pw - 2),
                         KURV_ERR_PASSWORD);
            cr_assert(memcmp(got, (uint8_t[32]){0}, 32) == 0, "key not zeroed");
            a = alg == KURV_25519_X25519 ? KURV_25519_ED25519 : KURV_25519_X25519;
            cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, out, n, pw, sizeof pw - 1),
                         KURV_ERR_CURVE);
        }
    /* an unencrypted file through decode_pass; bad arguments */
    {
        kurv_25519_alg a = KURV_25519_ANY;
        cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, (const uint8_t *)rfc_priv,
                                                    strlen(rfc_priv), NULL, 0), KURV_OK);
        cr_assert(memcmp(got, key, 32) == 0);
        cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, (const uint8_t *)rfc_priv,
                                                    strlen(rfc_priv), NULL, 3), KURV_ERR_ARG);
        n = sizeof out;
        cr_assert_eq(kurv_25519_privkey_encode_pass(out, &n, KURV_25519_X25519, KURV_KEYFMT_DER,
                                                    key, pw, 3, KURV_PBKDF2_ITER_MAX + 1ul),
                     KURV_ERR_ARG);
        cr_assert_eq(kurv_25519_privkey_encode_pass(out, &n, KURV_25519_X25519, KURV_KEYFMT_DER,
                                                    key, NULL, 3, 1), KURV_ERR_ARG);
    }
}

/* an encrypted key under the plain "PRIVATE KEY" label, and a damaged one */
Test(encrypted, labels_and_damage)
{
    static const uint8_t pw[] = "pw";
    uint8_t key[32] = {7}, got[32], der[KURV_25519_MAX_ENC_KEYFILE_LEN];
    uint8_t pem[KURV_25519_MAX_ENC_KEYFILE_LEN + 64];
    size_t n = sizeof der, pn = sizeof pem, i;
    kurv_25519_alg a = KURV_25519_ANY;

    cr_assert_eq(kurv_25519_privkey_encode_pass(der, &n, KURV_25519_ED25519, KURV_KEYFMT_DER,
                                                key, pw, 2, 10), KURV_OK);
    cr_assert_eq(kurv_25519_privkey_encode_pass(pem, &pn, KURV_25519_ED25519, KURV_KEYFMT_PEM,
                                                key, pw, 2, 10), KURV_OK);
    /* relabel: "ENCRYPTED PRIVATE KEY" -> "PRIVATE KEY" on both lines */
    {
        char text[KURV_25519_MAX_ENC_KEYFILE_LEN + 64], *p, out2[sizeof text];
        size_t o = 0;
        memcpy(text, pem, pn);
        text[pn] = 0;
        for (p = text; *p;) {
            if (strncmp(p, "ENCRYPTED ", 10) == 0) {
                p += 10;
                continue;
            }
            out2[o++] = *p++;
        }
        cr_assert_eq(kurv_25519_privkey_decode_pass(&a, got, (uint8_t *)out2, o, pw, 2),
                     KURV_ERR_ENCRYPTED);
    }
    /* each byte of the DER changed: an error or a key, never a crash; a change in the
     * structure or the padding is refused, one in the encrypted key bytes (PBES2 has no
     * integrity check, a v1 key no public key) may give another key, as the header says */
    for (i = 0; i < n; i++) {
        kurv_err e;
        der[i] ^= 0x01;
        a = KURV_25519_ANY;
        e = kurv_25519_privkey_decode_pass(&a, got, der, n, pw, 2);
        cr_assert(e <= KURV_ERR_PASSWORD, "byte %zu: %d", i, (int)e);
        if (i < n - 64 - 16)  /* before the IV and the encryptedData: refused */
            cr_assert(e != KURV_OK || memcmp(got, key, 32) == 0, "byte %zu: another key", i);
        der[i] ^= 0x01;
    }
}
