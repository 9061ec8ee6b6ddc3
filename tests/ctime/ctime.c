/*
 * kurv constant-time test (run under valgrind, see tests/ctime/meson.build).
 *
 * For every linked curve, each secret-taking function is called with its
 * secret inputs marked undefined (checkmem.h). Valgrind then reports any
 * conditional jump, and any memory address, that depends on a secret: such a
 * report makes the test fail (valgrind --error-exitcode). The outputs are
 * marked defined again before they are checked against a reference computed
 * beforehand with defined inputs, so the results are real answers as well.
 *
 * Covered: kurv_privkey_check, kurv_pubkey_from_priv (both SEC1 forms),
 * kurv_ecdh, kurv_ecdsa_sign (without and with extra entropy, plain and
 * low-S, deterministic and hedged: the RFC 6979 nonce is derived from the key, so it is
 * covered too), kurv_ecdsa_sign_recoverable (the recovery id from R),
 * kurv_privkey_encode (SEC1 and PKCS#8 in DER; the PEM form runs with defined
 * input, since Nettle's base64 encoder looks bytes up in a table); the point API
 * (kurv/point.h: k*P with a secret k and a secret P, k*G, a table built for a secret
 * point and multiplied by a secret k, addition and doubling of secret points, the
 * scalar operations mod n, the field square root); ECIES (kurv/ecies.h) for every preset:
 * kurv_ecies_decrypt with a secret d (so Z, the derived keys, the tag check, the
 * decryption and the padding check run on secrets) and kurv_ecies_encrypt_ephemeral
 * with a secret ephemeral r and a secret message; and AES-256-GCM the same way; the
 * streaming functions (kurv_ecies_encrypt_init_ephemeral / _update / _final, then
 * kurv_ecies_decrypt_init / _update / _final) with the same secrets, in pieces. Besides the built-in curves (every
 * curve of the build, from kurv_curve_list.h), P-256 rebuilt with kurv_curve_new (the
 * first built curve in a build without the NIST family) runs every test but the key
 * files (a runtime curve has no OID), so the generic engine is covered too.
 *
 * kurv_keygen is not called with undefined data: it draws its secret from
 * getrandom(2), which this program cannot mark. Its arithmetic (the range
 * check and d*G) is kurv_privkey_check and kurv_pubkey_from_priv, which are
 * covered here; what keygen adds is the rejection loop, whose only leak is the
 * documented number of discarded draws.
 *
 * The program refuses to run without a checker: outside valgrind it would
 * check nothing and pass.
 */
#include <stdio.h>
#include <string.h>
#include <kurv/kurv.h>
#include <kurv/keyfile.h>
#include <kurv/ecdsa.h>
#include <kurv/ecies.h>
#include <kurv_curve_list.h>

#include "checkmem.h"

typedef const kurv_curve *(*curve_accessor)(void);

/* Every curve this build made (kurv_curve_list.h, from the registry in curves/meson.build). */
#define CT_ACCESSOR(fam, acc, name, ossl, oid, wp, bc, prefix, hash) acc,
static const curve_accessor accessors[] = { KURV_CURVE_LIST(CT_ACCESSOR) NULL };
#undef CT_ACCESSOR

static int failures;
static int checks;
static const char *curname = "?";

#define CHECK(cond) do { \
        checks++; \
        if (!(cond)) { \
            fprintf(stderr, "ctime: %s: line %d: check failed: %s\n", curname, __LINE__, #cond); \
            failures++; \
        } \
    } while (0)

/* Secrets go undefined right before a call and come back defined right after,
 * so a report always points into the call being tested. */
#define SECRET(p, n) CHECKMEM_UNDEFINE((p), (n))
#define PUBLIC(p, n) CHECKMEM_DEFINE((p), (n))

static void test_privkey_check(const kurv_curve *c, uint8_t *d, size_t slen)
{
    kurv_err e;

    SECRET(d, slen);
    e = kurv_privkey_check(c, d, slen);
    PUBLIC(&e, sizeof e);
    PUBLIC(d, slen);
    CHECK(e == KURV_OK);
}

static void test_pubkey(const kurv_curve *c, uint8_t *d, size_t slen,
                        const uint8_t *pub_ref, size_t pub_ref_len)
{
    uint8_t pub[KURV_MAX_POINT_LEN], comp_ref[KURV_MAX_POINT_LEN];
    size_t len, comp_ref_len = sizeof comp_ref;
    kurv_err e;

    len = sizeof pub;
    SECRET(d, slen);
    e = kurv_pubkey_from_priv(c, pub, &len, 0, d, slen);
    PUBLIC(&e, sizeof e);
    PUBLIC(&len, sizeof len);
    PUBLIC(pub, sizeof pub);
    PUBLIC(d, slen);
    CHECK(e == KURV_OK);
    CHECK(len == pub_ref_len && memcmp(pub, pub_ref, len) == 0);

    CHECK(kurv_point_convert(c, comp_ref, &comp_ref_len, 1, pub_ref, pub_ref_len) == KURV_OK);
    len = sizeof pub;
    SECRET(d, slen);
    e = kurv_pubkey_from_priv(c, pub, &len, 1, d, slen);
    PUBLIC(&e, sizeof e);
    PUBLIC(&len, sizeof len);
    PUBLIC(pub, sizeof pub);
    PUBLIC(d, slen);
    CHECK(e == KURV_OK);
    CHECK(len == comp_ref_len && memcmp(pub, comp_ref, len) == 0);
}

/* d with peer = d2*G; the reference is d2 * (d*G), computed with defined inputs. */
static void test_ecdh(const kurv_curve *c, uint8_t *d, size_t slen,
                      const uint8_t *pub, size_t pub_len,
                      const uint8_t *d2, const uint8_t *pub2, size_t pub2_len)
{
    uint8_t secret[KURV_MAX_FIELD_LEN], ref[KURV_MAX_FIELD_LEN];
    size_t flen = kurv_curve_field_len(c);
    kurv_err e;

    CHECK(kurv_ecdh(c, ref, flen, d2, slen, pub, pub_len) == KURV_OK);

    SECRET(d, slen);
    e = kurv_ecdh(c, secret, flen, d, slen, pub2, pub2_len);
    PUBLIC(&e, sizeof e);
    PUBLIC(secret, flen);
    PUBLIC(d, slen);
    CHECK(e == KURV_OK);
    CHECK(memcmp(secret, ref, flen) == 0);
    kurv_wipe(secret, sizeof secret);
    kurv_wipe(ref, sizeof ref);
}

static void test_sign(const kurv_curve *c, uint8_t *d, size_t slen,
                      const uint8_t *pub, size_t pub_len, const uint8_t digest[32])
{
    static const unsigned sign_flags[2] = { 0, KURV_ECDSA_SIGN_LOW_S };
    uint8_t sig[KURV_MAX_SIG_RAW_LEN], ref[KURV_MAX_SIG_RAW_LEN], extra[32];
    size_t sig_len = 2 * slen;
    int f, x;
    kurv_err e;

    CHECK(kurv_random(extra, sizeof extra) == KURV_OK);
    for (f = 0; f < 2; f++) {
        for (x = 0; x < 2; x++) {
            const uint8_t *ex = x ? extra : NULL;
            size_t ex_len = x ? sizeof extra : 0;
            unsigned vflags = (sign_flags[f] & KURV_ECDSA_SIGN_LOW_S) ? KURV_ECDSA_VERIFY_LOW_S : 0;

            /* reference with defined inputs: RFC 6979 is deterministic */
            CHECK(kurv_ecdsa_sign(c, ref, sig_len, d, slen, digest, 32, KURV_HASH_SHA256,
                                  ex, ex_len, sign_flags[f]) == KURV_OK);

            SECRET(d, slen);
            SECRET(extra, sizeof extra);
            e = kurv_ecdsa_sign(c, sig, sig_len, d, slen, digest, 32, KURV_HASH_SHA256,
                                ex, ex_len, sign_flags[f]);
            PUBLIC(&e, sizeof e);
            PUBLIC(sig, sig_len);
            PUBLIC(d, slen);
            PUBLIC(extra, sizeof extra);
            CHECK(e == KURV_OK);
            CHECK(memcmp(sig, ref, sig_len) == 0);
            CHECK(kurv_ecdsa_verify(c, sig, sig_len, pub, pub_len, digest, 32, vflags) == KURV_OK);

            /* the recoverable form: same signature, and its recovery id derived without a
             * secret branch (checked against the defined-input run) */
            {
                unsigned id = 9, ref_id = 8;
                uint8_t q[KURV_MAX_POINT_LEN];
                size_t q_len = sizeof q;
                CHECK(kurv_ecdsa_sign_recoverable(c, ref, sig_len, &ref_id, d, slen, digest, 32,
                                                  KURV_HASH_SHA256, ex, ex_len,
                                                  sign_flags[f]) == KURV_OK);
                SECRET(d, slen);
                SECRET(extra, sizeof extra);
                e = kurv_ecdsa_sign_recoverable(c, sig, sig_len, &id, d, slen, digest, 32,
                                                KURV_HASH_SHA256, ex, ex_len, sign_flags[f]);
                PUBLIC(&e, sizeof e);
                PUBLIC(&id, sizeof id);
                PUBLIC(sig, sig_len);
                PUBLIC(d, slen);
                PUBLIC(extra, sizeof extra);
                CHECK(e == KURV_OK && id == ref_id && memcmp(sig, ref, sig_len) == 0);
                CHECK(kurv_ecdsa_recover(c, q, &q_len, 0, sig, sig_len, id, digest, 32) == KURV_OK
                      && q_len == pub_len && memcmp(q, pub, pub_len) == 0);
            }

            /* hedged (KURV_ECDSA_SIGN_HEDGED): the fresh bytes come from getrandom(2) and
             * cannot be marked, but the key and the caller's extra data are; no reference
             * exists (every hedged signature differs), so the result is checked by verifying */
            SECRET(d, slen);
            SECRET(extra, sizeof extra);
            e = kurv_ecdsa_sign(c, sig, sig_len, d, slen, digest, 32, KURV_HASH_SHA256,
                                ex, ex_len, sign_flags[f] | KURV_ECDSA_SIGN_HEDGED);
            PUBLIC(&e, sizeof e);
            PUBLIC(sig, sig_len);
            PUBLIC(d, slen);
            PUBLIC(extra, sizeof extra);
            CHECK(e == KURV_OK);
            CHECK(memcmp(sig, ref, sig_len) != 0);
            CHECK(kurv_ecdsa_verify(c, sig, sig_len, pub, pub_len, digest, 32, vflags) == KURV_OK);
        }
    }
}

/* The streaming ECIES of one configuration: encryption with a secret r and a secret message
 * in two pieces (20 bytes, then the rest), decryption with a secret d in two pieces; both
 * must give ref (the one-shot ciphertext) and msg back. */
static void test_ecies_stream(const kurv_curve *c, uint8_t *d, size_t slen,
                              const uint8_t *pub, size_t pub_len, uint8_t *r,
                              const kurv_ecies_params *p, uint8_t *msg, size_t msg_len,
                              const uint8_t *ref, size_t ref_len)
{
    kurv_ecies_stream st;
    uint8_t ct[KURV_MAX_POINT_LEN + 64 + 16 + 64], pt[sizeof ct];
    size_t vlen = sizeof ct, n, w;
    kurv_err e[6];

    SECRET(r, slen);
    SECRET(msg, msg_len);
    e[0] = kurv_ecies_encrypt_init_ephemeral(&st, c, pub, pub_len, p, ct, &vlen, r, slen);
    w = vlen;
    n = sizeof ct - w;
    e[1] = kurv_ecies_encrypt_update(&st, ct + w, &n, msg, 20);
    w += n;
    n = sizeof ct - w;
    e[2] = kurv_ecies_encrypt_update(&st, ct + w, &n, msg + 20, msg_len - 20);
    w += n;
    n = sizeof ct - w;
    e[3] = kurv_ecies_encrypt_final(&st, ct + w, &n);
    w += n;
    PUBLIC(e, sizeof e);
    PUBLIC(r, slen);
    PUBLIC(msg, msg_len);
    PUBLIC(ct, sizeof ct);
    CHECK(e[0] == KURV_OK && e[1] == KURV_OK && e[2] == KURV_OK && e[3] == KURV_OK);
    CHECK(w == ref_len && memcmp(ct, ref, w) == 0);

    SECRET(d, slen);
    e[0] = kurv_ecies_decrypt_init(&st, c, d, slen, ct, vlen, p);
    n = sizeof pt;
    e[1] = kurv_ecies_decrypt_update(&st, pt, &n, ct + vlen, 33);
    w = n;
    n = sizeof pt - w;
    e[2] = kurv_ecies_decrypt_update(&st, pt + w, &n, ct + vlen + 33, ref_len - vlen - 33);
    w += n;
    n = sizeof pt - w;
    e[3] = kurv_ecies_decrypt_final(&st, pt + w, &n);
    w += n;
    PUBLIC(e, sizeof e);
    PUBLIC(d, slen);
    PUBLIC(pt, sizeof pt);
    PUBLIC(&w, sizeof w);
    CHECK(e[0] == KURV_OK && e[1] == KURV_OK && e[2] == KURV_OK && e[3] == KURV_OK);
    CHECK(w == msg_len && memcmp(pt, msg, msg_len) == 0);
    kurv_wipe(pt, sizeof pt);
}

/* ECIES, every preset: encryption with a secret ephemeral r and a secret message, then
 * decryption of that ciphertext with a secret d. The references are computed with defined
 * inputs: the ciphertext for a given r is deterministic (the IV is zero or derived). */
static void test_ecies(const kurv_curve *c, uint8_t *d, size_t slen,
                       const uint8_t *pub, size_t pub_len, uint8_t *r)
{
    const char *const *names = kurv_ecies_preset_names();
    uint8_t msg[37], ct[KURV_MAX_POINT_LEN + 37 + 16 + 64], ref[sizeof ct], pt[sizeof ct];
    size_t i, ct_len, ref_len, pt_len;
    kurv_err e;

    kurv_ecies_params gcm = *kurv_ecies_preset(names[0]);

    /* the presets, then AES-256-GCM (no preset uses it; its GHASH key is secret too) */
    gcm.cipher = KURV_ECIES_AES_GCM;
    gcm.cipher_key_len = 32;
    gcm.mac = KURV_ECIES_MAC_NONE;
    gcm.tag_len = 0;
    CHECK(kurv_ecies_params_check(c, &gcm) == KURV_OK);
    CHECK(kurv_random(msg, sizeof msg) == KURV_OK);
    for (i = 0; i == 0 || names[i - 1] != NULL; i++) {
        const kurv_ecies_params *p = names[i] ? kurv_ecies_preset(names[i]) : &gcm;

        ref_len = sizeof ref;
        CHECK(kurv_ecies_encrypt_ephemeral(c, ref, &ref_len, pub, pub_len, msg, sizeof msg,
                                           p, r, slen) == KURV_OK);

        ct_len = sizeof ct;
        SECRET(r, slen);
        SECRET(msg, sizeof msg);
        e = kurv_ecies_encrypt_ephemeral(c, ct, &ct_len, pub, pub_len, msg, sizeof msg,
                                         p, r, slen);
        PUBLIC(&e, sizeof e);
        PUBLIC(r, slen);
        PUBLIC(msg, sizeof msg);
        PUBLIC(ct, sizeof ct);
        PUBLIC(&ct_len, sizeof ct_len);
        CHECK(e == KURV_OK);
        CHECK(ct_len == ref_len && memcmp(ct, ref, ct_len) == 0);

        pt_len = sizeof pt;
        SECRET(d, slen);
        e = kurv_ecies_decrypt(c, pt, &pt_len, d, slen, ct, ct_len, p);
        PUBLIC(&e, sizeof e);
        PUBLIC(d, slen);
        PUBLIC(pt, sizeof pt);
        PUBLIC(&pt_len, sizeof pt_len);
        CHECK(e == KURV_OK);
        CHECK(pt_len == sizeof msg && memcmp(pt, msg, sizeof msg) == 0);
        kurv_wipe(pt, sizeof pt);
        test_ecies_stream(c, d, slen, pub, pub_len, r, p, msg, sizeof msg, ref, ref_len);
    }
    kurv_wipe(msg, sizeof msg);
}

static void test_encode(const kurv_curve *c, uint8_t *d, size_t slen)
{
    static const kurv_keytype types[2] = { KURV_KEY_SEC1, KURV_KEY_PKCS8 };
    static const kurv_keyfmt fmts[2] = { KURV_KEYFMT_DER, KURV_KEYFMT_PEM };
    uint8_t out[KURV_MAX_KEYFILE_LEN], ref[KURV_MAX_KEYFILE_LEN], back[KURV_MAX_SCALAR_LEN];
    size_t len, ref_len, back_len;
    const kurv_curve *found;
    int t, m;
    kurv_err e;

    for (t = 0; t < 2; t++) {
        for (m = 0; m < 2; m++) {
            ref_len = sizeof ref;
            CHECK(kurv_privkey_encode(c, ref, &ref_len, types[t], fmts[m], d, slen) == KURV_OK);

            len = sizeof out;
            /* PEM output goes through Nettle's table-driven base64 encoder, which
             * indexes a table by key bytes: a known, documented cache-timing leak of
             * writing a private key as text. Only the DER path is checked here. */
            if (fmts[m] == KURV_KEYFMT_DER)
                SECRET(d, slen);
            e = kurv_privkey_encode(c, out, &len, types[t], fmts[m], d, slen);
            PUBLIC(&e, sizeof e);
            PUBLIC(&len, sizeof len);
            PUBLIC(out, sizeof out);
            PUBLIC(d, slen);
            CHECK(e == KURV_OK);
            CHECK(len == ref_len && memcmp(out, ref, len) == 0);

            /* and it reads back as the same key on the same curve */
            back_len = sizeof back;
            found = NULL;
            e = kurv_privkey_decode(&found, back, &back_len, &c, 1, out, len);
            CHECK(e == KURV_OK && found == c && back_len == slen && memcmp(back, d, slen) == 0);
            kurv_wipe(out, sizeof out);
            kurv_wipe(ref, sizeof ref);
            kurv_wipe(back, sizeof back);
        }
    }
}

static void test_point_api(const kurv_curve *c, uint8_t *d, uint8_t *d2, size_t slen)
{
    size_t fl = kurv_curve_field_len(c), tlen = kurv_table_len(c);
    static uint64_t table[256 * 1024 / 8];
    kurv_jacobian P, Q, R, ref;
    kurv_affine A;
    uint8_t r[KURV_MAX_SCALAR_LEN], rr[KURV_MAX_SCALAR_LEN], w[2 * KURV_MAX_SCALAR_LEN];
    uint8_t x[KURV_MAX_FIELD_LEN], s[KURV_MAX_FIELD_LEN], sref[KURV_MAX_FIELD_LEN];
    kurv_err e;

    /* only coordinates are secret: a point's curve pointer is public */
    CHECK(tlen <= sizeof table);
    /* references with defined data: P = d*G, Q = d2*G, ref = d2*P */
    CHECK(kurv_jacobian_mul_base(c, &P, d, slen) == KURV_OK);
    CHECK(kurv_jacobian_mul_base(c, &Q, d2, slen) == KURV_OK);
    CHECK(kurv_jacobian_mul(&ref, d2, slen, &P) == KURV_OK);

    SECRET(d, slen);
    e = kurv_jacobian_mul_base(c, &R, d, slen);
    PUBLIC(d, slen);
    PUBLIC(&R, sizeof R);
    CHECK(e == KURV_OK && kurv_jacobian_equal(&R, &P));

    /* secret scalar and secret point */
    SECRET(d2, slen);
    SECRET(P.x, 3 * sizeof P.x);
    e = kurv_jacobian_mul(&R, d2, slen, &P);
    PUBLIC(d2, slen);
    PUBLIC(P.x, 3 * sizeof P.x);
    PUBLIC(&R, sizeof R);
    CHECK(e == KURV_OK && kurv_jacobian_equal(&R, &ref));

    /* table for a secret point, multiplied by a secret scalar */
    CHECK(kurv_jacobian_to_affine(&A, &P) == KURV_OK);
    SECRET(A.x, 2 * sizeof A.x);
    e = kurv_table_build(c, table, sizeof table, &A);
    PUBLIC(A.x, 2 * sizeof A.x);
    PUBLIC(table, tlen);
    CHECK(e == KURV_OK);
    SECRET(d2, slen);
    SECRET(table, tlen);
    e = kurv_table_mul(c, &R, table, sizeof table, d2, slen);
    PUBLIC(d2, slen);
    PUBLIC(table, tlen);
    PUBLIC(&R, sizeof R);
    CHECK(e == KURV_OK && kurv_jacobian_equal(&R, &ref));

    /* the group law on secret points: P + Q, 2P, P + (-P) */
    CHECK(kurv_jacobian_add(&ref, &P, &Q) == KURV_OK);
    SECRET(P.x, 3 * sizeof P.x);
    SECRET(Q.x, 3 * sizeof Q.x);
    e = kurv_jacobian_add(&R, &P, &Q);
    kurv_jacobian_double(&R, &R);
    kurv_jacobian_neg(&Q, &R);
    kurv_jacobian_add(&Q, &Q, &R);            /* O */
    kurv_jacobian_add_affine(&Q, &Q, &A);     /* O + P = P */
    PUBLIC(P.x, 3 * sizeof P.x);
    PUBLIC(Q.x, 3 * sizeof Q.x);
    PUBLIC(&R, sizeof R);
    kurv_jacobian_double(&ref, &ref);
    CHECK(e == KURV_OK && kurv_jacobian_equal(&R, &ref) && kurv_jacobian_equal(&Q, &P));

    /* scalars mod n: r = (d * d2 + d - d2)^-1, reduced from a wide secret */
    SECRET(d, slen);
    SECRET(d2, slen);
    e = kurv_scalar_mul(c, r, d, d2);
    kurv_scalar_add(c, r, r, d);
    kurv_scalar_sub(c, r, r, d2);
    kurv_scalar_neg(c, r, r);
    kurv_scalar_inv(c, r, r);
    memcpy(w, d, slen);
    memcpy(w + slen, d2, slen);
    kurv_scalar_reduce(c, rr, w, 2 * slen);
    PUBLIC(d, slen);
    PUBLIC(d2, slen);
    PUBLIC(w, 2 * slen);
    PUBLIC(r, slen);
    PUBLIC(rr, slen);
    CHECK(e == KURV_OK);
    {   /* the same with defined data */
        uint8_t t[KURV_MAX_SCALAR_LEN], t2[KURV_MAX_SCALAR_LEN];
        kurv_scalar_mul(c, t, d, d2);
        kurv_scalar_add(c, t, t, d);
        kurv_scalar_sub(c, t, t, d2);
        kurv_scalar_neg(c, t, t);
        kurv_scalar_inv(c, t, t);
        kurv_scalar_reduce(c, t2, w, 2 * slen);
        CHECK(memcmp(t, r, slen) == 0 && memcmp(t2, rr, slen) == 0);
    }

    /* y from a secret x (a square root of x^3 + ax + b): P's own x gives back +-y(P) */
    CHECK(kurv_affine_get_xy(x, NULL, &A) == KURV_OK);
    {
        kurv_affine B, N;
        SECRET(x, fl);
        e = kurv_affine_from_x(c, &B, x, 0);
        PUBLIC(x, fl);
        PUBLIC(&B, sizeof B);
        CHECK(e == KURV_OK && kurv_affine_neg(&N, &B) == KURV_OK);
        CHECK(kurv_jacobian_from_affine(&R, &A) == KURV_OK);
        CHECK(kurv_jacobian_equal_affine(&R, &B) || kurv_jacobian_equal_affine(&R, &N));
    }
    /* kurv_field_sqrt of a secret value (b: a square or not, the answer says which) */
    e = kurv_field_sqrt(c, sref, kurv_curve_param(c, 'b', NULL));
    memcpy(x, kurv_curve_param(c, 'b', NULL), fl);
    SECRET(x, fl);
    CHECK(kurv_field_sqrt(c, s, x) == e);
    PUBLIC(x, fl);
    PUBLIC(s, fl);
    CHECK(e != KURV_OK || memcmp(s, sref, fl) == 0);
}

static void test_curve(const kurv_curve *c)
{
    uint8_t d[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN];
    uint8_t pub[KURV_MAX_POINT_LEN], pub2[KURV_MAX_POINT_LEN], digest[32];
    size_t slen = kurv_curve_scalar_len(c);
    size_t pub_len = sizeof pub, pub2_len = sizeof pub2;
    int before = failures, checks_before = checks;

    curname = kurv_curve_name(c);
    /* Two key pairs from the system RNG (defined data), used as references. */
    CHECK(kurv_keygen(c, d, slen, pub, &pub_len, 0) == KURV_OK);
    CHECK(kurv_keygen(c, d2, slen, pub2, &pub2_len, 1) == KURV_OK);
    CHECK(kurv_random(digest, sizeof digest) == KURV_OK);
    if (failures != before) {
        fprintf(stderr, "ctime: %s: cannot make keys, curve skipped\n", curname);
        return;
    }

    test_privkey_check(c, d, slen);
    test_pubkey(c, d, slen, pub, pub_len);
    test_ecdh(c, d, slen, pub, pub_len, d2, pub2, pub2_len);
    test_sign(c, d, slen, pub, pub_len, digest);
    test_ecies(c, d, slen, pub, pub_len, d2);
    if (kurv_curve_oid_str(c))
        test_encode(c, d, slen);
    test_point_api(c, d, d2, slen);

    kurv_wipe(d, sizeof d);
    kurv_wipe(d2, sizeof d2);
    printf("ctime: %-16s %3d checks, %s\n", curname, checks - checks_before,
           failures == before ? "results correct" : "WRONG RESULTS");
}

int main(void)
{
    size_t i, n = 0;

    if (!CHECKMEM_RUNNING()) {
        fprintf(stderr,
                "ctime: this program must run under %s (e.g. valgrind --error-exitcode=42 %s);\n"
                "ctime: without a checker it would test nothing.\n",
                CHECKMEM_NAME, "kurv-ctime");
        return 1;
    }
    printf("ctime: checker %s, kurv %s\n", CHECKMEM_NAME, kurv_version());
    printf("ctime: kurv_keygen is covered through kurv_privkey_check and kurv_pubkey_from_priv\n"
           "ctime: (its secret comes from getrandom(2), which cannot be marked from here)\n");

    for (i = 0; accessors[i] != NULL; i++) {
        const kurv_curve *c = accessors[i]();
        if (c == NULL)
            continue;
        test_curve(c);
        n++;
    }
    {   /* P-256 (or, in a build without it, the first built curve) from its parameters:
         * the runtime engine */
#ifdef KURV_HAVE_NIST
        const kurv_curve *base = kurv_p256();
#else
        const kurv_curve *base = accessors[0]();
#endif
        kurv_curve_params prm;
        kurv_curve *r = NULL;
        char rname[64];
        CHECK(kurv_curve_params_of(base, &prm) == KURV_OK);
        snprintf(rname, sizeof rname, "%s runtime", kurv_curve_name(base));
        prm.name = rname;
        CHECK(kurv_curve_new(&r, &prm, NULL) == KURV_OK);
        if (r) {
            test_curve(r);
            kurv_curve_free(r);
            n++;
        }
    }
    if (n == 0) {
        fprintf(stderr, "ctime: no curve linked in\n");
        return 1;
    }
    if (failures) {
        fprintf(stderr, "ctime: %d of %d checks failed over %zu curves\n", failures, checks, n);
        return 1;
    }
    printf("ctime: %zu curves, %d checks passed; secret-dependent branches and\n"
           "ctime: memory indexes, if any, are reported by %s above\n", n, checks, CHECKMEM_NAME);
    return 0;
}
