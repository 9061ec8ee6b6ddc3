/*
 * Harness fuzz_provider: the OpenSSL provider kurv.so (openssl/) through EVP, against
 * OpenSSL's default provider doing the same work.
 *
 * Both providers are loaded into one library context of the harness's own; every call is
 * made twice, with the property query "provider=kurv" and with "provider=default", and the
 * two answers compared. kurv.so is loaded from the build tree (KURV_FUZZ_MODULE_DIR, set by
 * fuzz/meson.build). It dlopen()s libkurv-<family>.so.0 by SONAME (openssl/families.c); this
 * program links every family library itself (build-tree rpath), so they are already loaded
 * and dlopen() returns them without LD_LIBRARY_PATH; the constructor checks that
 * (RTLD_NOLOAD) and exits 77 (skip) when the provider cannot be loaded at all.
 *
 * Input: byte 0 picks the curve (fuzz.h), byte 1 the operation (low 3 bits, mod 6) and
 * flags (byte 1 >> 3); then two parameter lists A and B, then the tail:
 *   list:   count byte (mod 9), then count records
 *   record: key byte (KEYS[key % its size]; 0xff: the name follows as len byte + bytes),
 *           type byte: bits 0-2 the OSSL_PARAM form (T_* below); bit 7 set: the value is
 *           canned (bits 3-6 pick it, canned() below; no bytes consumed), else a len byte
 *           and len bytes follow (T_UBN big-endian, made native; other forms as they come)
 * Operations (A is always imported as a key by both providers, EVP_PKEY_fromdata, with the
 * selection flags % 3 picks: keypair, public key, parameters; an operation's keys are A's
 * when both providers accepted it and it has the parts needed (a private key only when
 * Q = d·G), else the fixed key of fuzz.h):
 *   0 import A, then EVP_PKEY_set_params(B) on both keys
 *   1 key generation: template from A when flags is odd, gen-set params B; the keys are
 *     random, so the curves and point formats are compared and Q checked against d·G
 *   2 EVP_PKEY_sign of the tail as a digest, ctx params B; each side's signature verified
 *     by both
 *   3 EVP_DigestSign of the tail with the digest MDS[flags % its size], params B; verified
 *     by both
 *   4 EVP_PKEY_verify: tail = digest length byte, digest, DER signature; ctx params B
 *   5 ECDH with A as the peer, the fixed private key, ctx params B (KDF)
 * Every accept/reject and every output must agree; the documented choices of kurv.so (README
 * "OpenSSL provider", openssl/keymgmt.c) are named below with fz_choice.
 */
#include "fuzz.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <openssl/provider.h>
#include <kurv_curve_list.h>

#ifndef KURV_FUZZ_MODULE_DIR
#error "KURV_FUZZ_MODULE_DIR: the build tree's openssl/ folder (fuzz/meson.build)"
#endif

static OSSL_LIB_CTX *lctx;
static OSSL_PROVIDER *p_kurv, *p_dflt;
static const char *const Q_KURV = "provider=kurv", *const Q_DFLT = "provider=default";

/* the parameter names either provider reads (keymgmt, signature, keyexch) and a few it does
 * not; index = key byte */
static const char *const KEYS[] = {
    OSSL_PKEY_PARAM_GROUP_NAME, OSSL_PKEY_PARAM_PUB_KEY, OSSL_PKEY_PARAM_PRIV_KEY,
    OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, OSSL_PKEY_PARAM_EC_ENCODING,
    OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY, OSSL_PKEY_PARAM_EC_P, OSSL_PKEY_PARAM_EC_FIELD_TYPE,
    OSSL_PKEY_PARAM_EC_PUB_X, OSSL_PKEY_PARAM_USE_COFACTOR_ECDH,
    OSSL_PKEY_PARAM_EC_INCLUDE_PUBLIC, OSSL_SIGNATURE_PARAM_DIGEST,
    OSSL_SIGNATURE_PARAM_DIGEST_SIZE, OSSL_SIGNATURE_PARAM_PROPERTIES,
    OSSL_EXCHANGE_PARAM_EC_ECDH_COFACTOR_MODE, OSSL_EXCHANGE_PARAM_KDF_TYPE,
    OSSL_EXCHANGE_PARAM_KDF_DIGEST, OSSL_EXCHANGE_PARAM_KDF_OUTLEN, OSSL_EXCHANGE_PARAM_KDF_UKM,
    "unknown-key",
};
#define NKEYS (sizeof KEYS / sizeof KEYS[0])

/* the forms of a value: UTF8 string; octet string; unsigned integer given big-endian (a BN);
 * signed integer and unsigned integer in native order, any size; UTF8 and octet pointers;
 * a UTF8 string whose data_size counts its NUL */
enum { T_UTF8, T_OCTET, T_UBN, T_INT, T_UINT, T_UTF8_PTR, T_OCTET_PTR, T_UTF8_NUL };

/* digest names of operation 3 */
static const char *const MDS[] = { "SHA256", "SHA2-384", "sha512", "SHA-224", "SHA1", "SHA3-256",
                                   "SHA512-256", "MD5", "sha-384", "2.16.840.1.101.3.4.2.1" };
#define NMDS (sizeof MDS / sizeof MDS[0])

#define MAXP 8
typedef struct {
    OSSL_PARAM p[MAXP + 1];
    void *buf[MAXP];
    char *name[MAXP];
    size_t n;
} plist;

typedef struct {
    const uint8_t *d;
    size_t n;
} rd;

static int take(rd *r, size_t k, const uint8_t **out)
{
    if (r->n < k)
        return 0;
    *out = r->d;
    r->d += k;
    r->n -= k;
    return 1;
}

static int byte(rd *r, uint8_t *b)
{
    const uint8_t *p;
    if (!take(r, 1, &p))
        return 0;
    *b = *p;
    return 1;
}

/* big-endian order of curve i as bytes (scalar_len), for canned values */
static size_t order_be(int i, uint8_t *out)
{
    const EC_GROUP *g = fz_group(i);
    size_t sl = kurv_curve_scalar_len(fz_curves[i]);
    if (!g || BN_bn2binpad(EC_GROUP_get0_order(g), out, (int)sl) != (int)sl)
        return 0;
    return sl;
}

/* canned value v (0..15) for curve i into out (KURV_MAX_POINT_LEN + 64 bytes); length */
static size_t canned(int i, int v, uint8_t *out)
{
    const kurv_curve *c = fz_curves[i];
    const char *s = NULL;
    const uint8_t *b;
    size_t n = 0;
    switch (v) {
    case 0: s = fz_nid(i) != NID_undef ? OBJ_nid2sn(fz_nid(i)) : kurv_curve_name(c); break;
    case 1: s = kurv_curve_name(c); break;
    case 2: s = kurv_curve_oid_str(c); break;
    case 3: s = kurv_curve_aliases(c) && kurv_curve_aliases(c)[0] ? kurv_curve_aliases(c)[0] : "P-256"; break;
    case 4: b = fz_pub(i, 0, &n); memcpy(out, b, n); return n;
    case 5: b = fz_pub(i, 1, &n); memcpy(out, b, n); return n;
    case 6: n = kurv_curve_scalar_len(c); memcpy(out, fz_priv(i), n); return n;
    case 7: return order_be(i, out);
    case 8: s = "compressed"; break;
    case 9: s = "uncompressed"; break;
    case 10: s = "hybrid"; break;
    case 11: s = "named_curve"; break;
    case 12: s = "explicit"; break;
    case 13: s = "SHA256"; break;
    case 14: s = "X963KDF"; break;
    default: s = "secp224r1"; break;
    }
    n = strlen(s);
    memcpy(out, s, n);
    return n;
}

static void plist_free(plist *l)
{
    size_t k;
    for (k = 0; k < l->n; k++) {
        OPENSSL_free(l->buf[k]);
        free(l->name[k]);
    }
    l->n = 0;
}

/* one list from the input (layout above); on short input, what was read so far */
static void plist_read(rd *r, int i, plist *l)
{
    uint8_t cnt, kb, tb, len, nl, val[KURV_MAX_POINT_LEN + 64];
    const uint8_t *v, *nm;
    size_t k, vlen;

    memset(l, 0, sizeof *l);
    if (!byte(r, &cnt))
        goto end;
    cnt %= MAXP + 1;
    for (k = 0; k < cnt; k++) {
        const char *key;
        char *name = NULL;
        uint8_t *buf;
        int type;
        if (!byte(r, &kb))
            break;
        if (kb == 0xff) {
            if (!byte(r, &nl) || !take(r, nl, &nm))
                break;
            name = malloc((size_t)nl + 1);
            memcpy(name, nm, nl);
            name[nl] = 0;
            key = name;
        } else {
            key = KEYS[kb % NKEYS];
        }
        if (!byte(r, &tb)) {
            free(name);
            break;
        }
        type = tb & 7;
        if (tb & 0x80) {
            vlen = canned(i, (tb >> 3) & 15, val);
            v = val;
        } else {
            if (!byte(r, &len) || !take(r, len, &v)) {
                free(name);
                break;
            }
            vlen = len;
        }
        /* an exact-size copy (one more for the NUL of strings): ASan sees any overread */
        buf = OPENSSL_malloc(vlen + 1);
        if (type == T_UBN) {   /* big-endian in the input, native (little-endian) in the param */
            size_t j;
            for (j = 0; j < vlen; j++)
                buf[j] = v[vlen - 1 - j];
        } else {
            memcpy(buf, v, vlen);
        }
        buf[vlen] = 0;
        l->buf[l->n] = buf;
        l->name[l->n] = name;
        switch (type) {
        case T_UTF8: l->p[l->n] = OSSL_PARAM_construct_utf8_string(key, (char *)buf, vlen); break;
        case T_UTF8_NUL:
            /* a string whose data_size counts a NUL, as some callers pass */
            l->p[l->n] = OSSL_PARAM_construct_utf8_string(key, (char *)buf, vlen + 1);
            break;
        case T_OCTET: l->p[l->n] = OSSL_PARAM_construct_octet_string(key, buf, vlen); break;
        case T_UBN: case T_UINT:
            l->p[l->n] = OSSL_PARAM_construct_BN(key, buf, vlen);
            break;
        case T_INT:
            l->p[l->n] = OSSL_PARAM_construct_BN(key, buf, vlen);
            l->p[l->n].data_type = OSSL_PARAM_INTEGER;
            break;
        case T_UTF8_PTR:
        case T_OCTET_PTR: {
            /* the pointer first (aligned), then the value it points to */
            uint8_t *pb = OPENSSL_malloc(sizeof(void *) + vlen + 1);
            void *target = pb + sizeof(void *);
            memcpy(target, buf, vlen + 1);
            memcpy(pb, &target, sizeof target);
            OPENSSL_free(buf);
            l->buf[l->n] = pb;
            l->p[l->n] = type == T_UTF8_PTR
                         ? OSSL_PARAM_construct_utf8_ptr(key, (char **)(void *)pb, vlen)
                         : OSSL_PARAM_construct_octet_ptr(key, (void **)(void *)pb, vlen);
            break;
        }
        }
        l->n++;
    }
end:
    l->p[l->n] = OSSL_PARAM_construct_end();
}

/* ---- curves by name ---------------------------------------------------------------- */

/* the curve (index) a group name names for kurv.so (kurv's name, an alias, OpenSSL's name,
 * the dotted OID; openssl/families.c), or -1 */
static int kurv_names(const char *name)
{
    size_t j;
    for (j = 0; j < fz_ncurves; j++) {
        const kurv_curve *c = fz_curves[j];
        const char *const *a;
        if (!strcasecmp(name, kurv_curve_name(c)) || !strcmp(name, kurv_curve_oid_str(c)) ||
                (fz_nid((int)j) != NID_undef && !strcasecmp(name, OBJ_nid2sn(fz_nid((int)j)))))
            return (int)j;
        for (a = kurv_curve_aliases(c); a && *a; a++)
            if (!strcasecmp(name, *a))
                return (int)j;
    }
    return -1;
}

/* The group parameter of l (first one, as both providers take the first) as a C string, or
 * NULL when absent or not a string. */
static const char *group_of(const plist *l)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(l->p, OSSL_PKEY_PARAM_GROUP_NAME);
    const char *s = NULL;
    if (!p || !OSSL_PARAM_get_utf8_string_ptr(p, &s))
        return NULL;
    return s;
}

/* The reference's copy of l: a group name kurv.so reads as one of its curves becomes
 * OpenSSL's name of it (kurv's names and aliases are its own choice of spelling; the
 * comparison is about the key). The copy shares the values of l. */
static void ref_params(const plist *l, OSSL_PARAM *out, int *mapped)
{
    size_t k;
    *mapped = 0;
    for (k = 0; k <= l->n; k++)
        out[k] = l->p[k];
    for (k = 0; k < l->n; k++) {
        if (strcmp(l->p[k].key, OSSL_PKEY_PARAM_GROUP_NAME) == 0) {
            const char *s = NULL;
            int j;
            if (OSSL_PARAM_get_utf8_string_ptr(&l->p[k], &s) && (j = kurv_names(s)) >= 0 &&
                    fz_nid(j) != NID_undef) {
                const char *sn = OBJ_nid2sn(fz_nid(j));
                out[k] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME,
                                                          (char *)sn, strlen(sn));
                *mapped = 1;
            }
            break;   /* the first one is what either provider reads */
        }
    }
}

/* l holds a key that the default provider's list 'known' has and kurv's 'kurvs' has not */
static int key_only_default(const OSSL_PARAM *l, const OSSL_PARAM *known, const OSSL_PARAM *kurvs)
{
    for (; l && l->key; l++)
        if (OSSL_PARAM_locate_const(known, l->key) && !OSSL_PARAM_locate_const(kurvs, l->key))
            return 1;
    return 0;
}

static int has_key(const plist *l, const char *key)
{
    return OSSL_PARAM_locate_const(l->p, key) != NULL;
}

/* the first string value of key in l, or NULL */
static const char *str_of(const plist *l, const char *key)
{
    const OSSL_PARAM *p = OSSL_PARAM_locate_const(l->p, key);
    const char *s = NULL;
    if (!p || !OSSL_PARAM_get_utf8_string_ptr(p, &s))
        return NULL;
    return s;
}

/* A string parameter kurv reads with OSSL_PARAM_get_utf8_string_ptr (which takes UTF8_PTR
 * and a data_size that counts the NUL) and the default provider copies with
 * OSSL_PARAM_get_utf8_string (UTF8_STRING only, length as given): either spelling */
static int odd_string(const plist *l)
{
    size_t k;
    for (k = 0; k < l->n; k++)
        if (l->p[k].data_type == OSSL_PARAM_UTF8_PTR ||
                (l->p[k].data_type == OSSL_PARAM_UTF8_STRING && l->p[k].data_size > 0 &&
                 memchr(l->p[k].data, 0, l->p[k].data_size) != NULL))
            return 1;
    return 0;
}

/* kurv.so's choice for an OCTET_PTR param, on import and on set_params alike */
#define CHOICE_OCTET_PTR "an octet string in OCTET_PTR form (kurv reads it with " \
    "OSSL_PARAM_get_octet_string_ptr; the default provider copies OCTET_STRING only)"

/* any octet-string param of l in OCTET_PTR form */
static int odd_octets(const plist *l)
{
    size_t k;
    for (k = 0; k < l->n; k++)
        if (l->p[k].data_type == OSSL_PARAM_OCTET_PTR)
            return 1;
    return 0;
}

/* ---- keys ---------------------------------------------------------------------------- */

static EVP_PKEY *fromdata(const char *q, int sel, OSSL_PARAM *params)
{
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(lctx, "EC", q);
    EVP_PKEY *pk = NULL;
    if (!ctx) {
        fprintf(stderr, "fuzz-provider: no EC key manager for %s\n", q);
        abort();
    }
    if (EVP_PKEY_fromdata_init(ctx) != 1 || EVP_PKEY_fromdata(ctx, &pk, sel, params) != 1)
        pk = NULL;
    EVP_PKEY_CTX_free(ctx);
    return pk;
}

/* the fixed key of curve i (fuzz.h), whole or public only, through provider q */
static EVP_PKEY *fixed_key(int i, const char *q, int with_priv)
{
    size_t pl, sl = kurv_curve_scalar_len(fz_curves[i]), j;
    const uint8_t *pub = fz_pub(i, 0, &pl);
    uint8_t le[KURV_MAX_SCALAR_LEN];
    const char *sn = OBJ_nid2sn(fz_nid(i));
    OSSL_PARAM p[4];
    EVP_PKEY *pk;
    for (j = 0; j < sl; j++)
        le[j] = fz_priv(i)[sl - 1 - j];
    p[0] = OSSL_PARAM_construct_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, (char *)sn, 0);
    p[1] = OSSL_PARAM_construct_octet_string(OSSL_PKEY_PARAM_PUB_KEY, (void *)pub, pl);
    p[2] = OSSL_PARAM_construct_BN(OSSL_PKEY_PARAM_PRIV_KEY, le, sl);
    p[3] = OSSL_PARAM_construct_end();
    if (!with_priv)
        p[2] = p[3];
    pk = fromdata(q, with_priv ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, p);
    if (!pk) {
        fprintf(stderr, "fuzz-provider: %s refused the fixed key of %s\n", q, sn);
        abort();
    }
    return pk;
}

/* the public key of pk (SEC1 as the key's point-format says) into out; 0 when it has none */
static size_t get_pub(EVP_PKEY *pk, uint8_t *out)
{
    size_t n = 0;
    if (EVP_PKEY_get_octet_string_param(pk, OSSL_PKEY_PARAM_PUB_KEY, out, KURV_MAX_POINT_LEN, &n) != 1)
        n = 0;
    ERR_clear_error();
    return n;
}

static BIGNUM *get_priv(EVP_PKEY *pk)
{
    BIGNUM *d = NULL;
    if (EVP_PKEY_get_bn_param(pk, OSSL_PKEY_PARAM_PRIV_KEY, &d) != 1)
        d = NULL;
    ERR_clear_error();
    return d;
}

/* the point-format of pk: 1 compressed, 0 uncompressed, -1 other/unreadable */
static int get_pf(EVP_PKEY *pk)
{
    char s[32];
    int r = -1;
    if (EVP_PKEY_get_utf8_string_param(pk, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, s, sizeof s, NULL) == 1)
        r = !strcmp(s, "compressed") ? 1 : !strcmp(s, "uncompressed") ? 0 : -1;
    ERR_clear_error();
    return r;
}

/* OpenSSL's d·G on curve i, SEC1 (compressed or not) into out; 0 on failure */
static size_t ref_dG(int i, const BIGNUM *d, int compressed, uint8_t *out)
{
    const EC_GROUP *g = fz_group(i);
    EC_POINT *q = g ? EC_POINT_new(g) : NULL;
    size_t n = 0;
    if (q && EC_POINT_mul(g, q, d, NULL, NULL, NULL))
        n = EC_POINT_point2oct(g, q, compressed ? POINT_CONVERSION_COMPRESSED
                                                : POINT_CONVERSION_UNCOMPRESSED,
                               out, KURV_MAX_POINT_LEN, NULL);
    EC_POINT_free(q);
    return n;
}

/* the curve index of pk (by its group name), or -1 */
static int curve_of(EVP_PKEY *pk)
{
    char s[80];
    int r = -1;
    if (EVP_PKEY_get_utf8_string_param(pk, OSSL_PKEY_PARAM_GROUP_NAME, s, sizeof s, NULL) == 1)
        r = kurv_names(s);
    ERR_clear_error();
    return r;
}

/* the import's documented differences: kurv refuses what the default provider takes */
static int import_choice(int i, const plist *a, int sel, int mapped)
{
    const OSSL_PARAM *pp;
    const void *pub = NULL;
    size_t pl = 0;
    const char *s;
    int kc = mapped ? i : -1;
    const char *g = group_of(a);

    if (g && kurv_names(g) >= 0)
        kc = kurv_names(g);
    if (kc < 0)
        return 0;   /* a group kurv does not offer: the default provider's own code in kurv.so */
    if ((s = str_of(a, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) &&
            fz_choice("point-format hybrid (kurv has uncompressed and compressed)", !strcasecmp(s, "hybrid")))
        return 1;
    if ((s = str_of(a, OSSL_PKEY_PARAM_EC_ENCODING)) &&
            fz_choice("encoding explicit (kurv keys are on named curves only)", strcasecmp(s, "named_curve") != 0))
        return 1;
    if ((sel & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && (pp = OSSL_PARAM_locate_const(a->p, OSSL_PKEY_PARAM_PRIV_KEY))) {
        BIGNUM *d = NULL;
        int bad = 1;
        if (OSSL_PARAM_get_BN(pp, &d))
            bad = BN_is_zero(d) || BN_cmp(d, EC_GROUP_get0_order(fz_group(kc))) >= 0;
        BN_free(d);
        if (fz_choice("private key 0 or >= n (SEC 1 3.2.1; the default provider takes any)", bad))
            return 1;
    }
    if ((sel & OSSL_KEYMGMT_SELECT_PUBLIC_KEY) && (pp = OSSL_PARAM_locate_const(a->p, OSSL_PKEY_PARAM_PUB_KEY)) &&
            OSSL_PARAM_get_octet_string_ptr(pp, &pub, &pl)) {
        const uint8_t *b = pub;
        if (fz_choice("hybrid points (0x06/0x07)", pl > 0 && (b[0] == 0x06 || b[0] == 0x07)))
            return 1;
        if (fz_choice("the point at infinity as a public key (a single 0x00)", pl == 1 && b[0] == 0))
            return 1;
    }
    if ((sel & OSSL_KEYMGMT_SELECT_KEYPAIR) &&
            fz_choice("a key import with neither pub nor priv (kurv: 'no key in the import')",
                      !has_key(a, OSSL_PKEY_PARAM_PUB_KEY) &&
                      !((sel & OSSL_KEYMGMT_SELECT_PRIVATE_KEY) && has_key(a, OSSL_PKEY_PARAM_PRIV_KEY))))
        return 1;
    return 0;
}

/* a key of a that the default provider's import reads and kurv's does not */
static int import_only_default(const plist *a, int sel)
{
    EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_from_name(lctx, "EC", Q_KURV);
    EVP_PKEY_CTX *rc = EVP_PKEY_CTX_new_from_name(lctx, "EC", Q_DFLT);
    int r = kc && rc && EVP_PKEY_fromdata_init(kc) == 1 && EVP_PKEY_fromdata_init(rc) == 1 &&
            key_only_default(a->p, EVP_PKEY_fromdata_settable(rc, sel), EVP_PKEY_fromdata_settable(kc, sel));
    EVP_PKEY_CTX_free(kc);
    EVP_PKEY_CTX_free(rc);
    ERR_clear_error();
    return r;
}

/* an import one provider accepts and the other refuses: a documented choice? */
static int import_diff_ok(int i, const plist *a, int sel, int mapped, int kurv_ok)
{
    const char *g = group_of(a);
    if (!(mapped || (g && kurv_names(g) >= 0)))
        return 0;   /* a group kurv does not offer: the default provider's own code in kurv.so */
    if (fz_choice("a string in UTF8_PTR form or with a NUL inside its length (kurv reads C strings)",
                  odd_string(a)))
        return 1;
    if (kurv_ok && fz_choice(CHOICE_OCTET_PTR, odd_octets(a)))
        return 1;
    if (fz_choice("import params only the default provider reads", import_only_default(a, sel)))
        return 1;
    return !kurv_ok && import_choice(i, a, sel, mapped);
}

/* compare two keys that both providers accepted: group, public key, private key */
static void compare_keys(EVP_PKEY *k, EVP_PKEY *r, const char *what)
{
    uint8_t kq[KURV_MAX_POINT_LEN], rq[KURV_MAX_POINT_LEN], dq[KURV_MAX_POINT_LEN];
    size_t kl = get_pub(k, kq), rl = get_pub(r, rq), dl;
    BIGNUM *kd = get_priv(k), *rd_ = get_priv(r);
    int kc = curve_of(k), rc = curve_of(r);

    if (kc != rc)
        fz_fail(what, KURV_OK, rc);
    if ((kd == NULL) != (rd_ == NULL) || (kd && BN_cmp(kd, rd_) != 0))
        fz_fail("private keys differ", KURV_OK, rd_ != NULL);
    if (kl && rl && (kl != rl || memcmp(kq, rq, kl)))
        fz_fail("public keys differ", KURV_OK, (long)rl);
    if (kl && !rl) {
        /* kurv computes Q = d·G for a private key imported without its public key (RFC 5915's
         * optional publicKey); OpenSSL 3.0's default provider leaves the key without one */
        if (!fz_choice("kurv derives Q = d*G when the import has no public key", kd != NULL && kc >= 0))
            fz_fail("kurv has a public key the default provider has not", KURV_OK, 0);
        dl = ref_dG(kc, kd, kq[0] != 0x04, dq);
        if (dl != kl || memcmp(dq, kq, kl))
            fz_fail("kurv's derived public key is not OpenSSL's d*G", KURV_OK, (long)dl);
    }
    if (!kl && rl)
        fz_fail("the default provider has a public key kurv has not", KURV_OK, (long)rl);
    if (kl && get_pf(k) != get_pf(r))
        fz_fail("point-format differs", KURV_OK, get_pf(r));
    BN_free(kd);
    BN_free(rd_);
}

/* ---- operations ---------------------------------------------------------------------- */

static int verify_with(EVP_PKEY *pk, const char *q, const uint8_t *sig, size_t sl,
                       const uint8_t *tbs, size_t tl, const OSSL_PARAM *params, int *init_ok)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lctx, pk, q);
    int r = -1;
    *init_ok = c && EVP_PKEY_verify_init(c) == 1 && (!params || EVP_PKEY_CTX_set_params(c, params) == 1);
    if (*init_ok)
        r = EVP_PKEY_verify(c, sig, sl, tbs, tl) == 1;
    EVP_PKEY_CTX_free(c);
    ERR_clear_error();
    return r;
}

/* sign tbs with pk through q; signature length, 0 on refusal, -1 when init/params failed */
static long sign_with(EVP_PKEY *pk, const char *q, const uint8_t *tbs, size_t tl,
                      const OSSL_PARAM *params, uint8_t *sig, size_t cap)
{
    EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lctx, pk, q);
    size_t sl = cap;
    long r = -1;
    if (c && EVP_PKEY_sign_init(c) == 1 && (!params || EVP_PKEY_CTX_set_params(c, params) == 1))
        r = EVP_PKEY_sign(c, sig, &sl, tbs, tl) == 1 ? (long)sl : 0;
    EVP_PKEY_CTX_free(c);
    ERR_clear_error();
    return r;
}

/* whether any key of l is one the default provider's settable list for this operation has
 * and kurv's has not (gettable through the two contexts) */
static int ctx_only_default(EVP_PKEY *kk, EVP_PKEY *rk, int op, const plist *l)
{
    EVP_PKEY_CTX *kc = EVP_PKEY_CTX_new_from_pkey(lctx, kk, Q_KURV);
    EVP_PKEY_CTX *rc = EVP_PKEY_CTX_new_from_pkey(lctx, rk, Q_DFLT);
    int r = 0;
    if (kc && rc) {
        int ok = op == 5 ? EVP_PKEY_derive_init(kc) == 1 && EVP_PKEY_derive_init(rc) == 1
                         : EVP_PKEY_verify_init(kc) == 1 && EVP_PKEY_verify_init(rc) == 1;
        if (ok)
            r = key_only_default(l->p, EVP_PKEY_CTX_settable_params(rc),
                                 EVP_PKEY_CTX_settable_params(kc));
    }
    EVP_PKEY_CTX_free(kc);
    EVP_PKEY_CTX_free(rc);
    ERR_clear_error();
    return r;
}

/* digests kurv.so has (openssl/digest.c: SHA-2 of 224 to 512 bits; SHA-1 for the KDF) */
static int kurv_has_md(const char *name, int kdf)
{
    EVP_MD *m = name ? EVP_MD_fetch(lctx, name, Q_DFLT) : NULL;
    int r = 0;
    if (m)
        r = EVP_MD_is_a(m, "SHA2-224") || EVP_MD_is_a(m, "SHA2-256") || EVP_MD_is_a(m, "SHA2-384") ||
            EVP_MD_is_a(m, "SHA2-512") || (kdf && EVP_MD_is_a(m, "SHA1"));
    EVP_MD_free(m);
    ERR_clear_error();
    return r;
}

/* a signature context's params one provider took and the other refused: a documented
 * choice? kurv_refused: the side that refused */
static int ctx_choice(EVP_PKEY *kk, EVP_PKEY *rk, const plist *b, int kurv_refused)
{
    const char *md = str_of(b, OSSL_SIGNATURE_PARAM_DIGEST);
    if (kurv_refused && fz_choice("a digest kurv does not have (SHA-2 only, Nettle)", md && !kurv_has_md(md, 0)))
        return 1;
    if (kurv_refused && fz_choice("digest-size: kurv takes only the size of the digest set",
                                  has_key(b, OSSL_SIGNATURE_PARAM_DIGEST_SIZE)))
        return 1;
    if (!kurv_refused && fz_choice("digest properties: kurv checks their type only (its digests are "
                                   "Nettle's), the default provider fetches with them",
                                   md && str_of(b, OSSL_SIGNATURE_PARAM_PROPERTIES)))
        return 1;
    return fz_choice("string params as UTF8_PTR or NUL-counted", odd_string(b)) ||
           fz_choice("ctx params only the default provider takes", ctx_only_default(kk, rk, 2, b));
}

/* operation 2: EVP_PKEY_sign / verify with ctx params b, each signature verified by the other */
static void op_sign(EVP_PKEY *kk, EVP_PKEY *rk, const plist *b, const uint8_t *tbs, size_t tl)
{
    uint8_t ks[256], rs[256];
    long kl = sign_with(kk, Q_KURV, tbs, tl, b->p, ks, sizeof ks);
    long rl = sign_with(rk, Q_DFLT, tbs, tl, b->p, rs, sizeof rs);
    const char *md = str_of(b, OSSL_SIGNATURE_PARAM_DIGEST);
    int i1, i2, v1, v2;

    if ((kl < 0) != (rl < 0)) {
        if (!ctx_choice(kk, rk, b, kl < 0))
            fz_fail("sign init/params: accept/reject differs", KURV_OK, rl);
        return;
    }
    if ((kl > 0) != (rl > 0)) {
        if (!(kl == 0 && fz_choice("kurv signs digests of 1 to 64 bytes, the md's size when one is set",
                                   tl == 0 || tl > KURV_MAX_HASH_LEN || md != NULL ||
                                   has_key(b, OSSL_SIGNATURE_PARAM_DIGEST_SIZE))))
            fz_fail("sign: accept/reject differs", KURV_OK, rl);
        return;
    }
    if (kl <= 0)
        return;
    v1 = verify_with(rk, Q_DFLT, ks, (size_t)kl, tbs, tl, b->p, &i1);
    v2 = verify_with(kk, Q_KURV, rs, (size_t)rl, tbs, tl, b->p, &i2);
    /* each side's signature against the other side's verification of its own signature */
    if (v1 != verify_with(kk, Q_KURV, ks, (size_t)kl, tbs, tl, b->p, &i2))
        fz_fail("kurv's signature: the providers' verifications differ", KURV_OK, v1);
    if (v2 != verify_with(rk, Q_DFLT, rs, (size_t)rl, tbs, tl, b->p, &i1))
        fz_fail("the default provider's signature: the providers' verifications differ", KURV_OK, v2);
}

/* operation 3: EVP_DigestSign with md, params b, verified across */
static void op_digestsign(EVP_PKEY *kk, EVP_PKEY *rk, const char *md, const plist *b,
                          const uint8_t *msg, size_t ml)
{
    uint8_t sig[2][256];
    size_t sl[2] = {sizeof sig[0], sizeof sig[1]};
    int init[2], ok[2], s;
    EVP_PKEY *keys[2] = {kk, rk};
    const char *q[2] = {Q_KURV, Q_DFLT};

    for (s = 0; s < 2; s++) {
        EVP_MD_CTX *m = EVP_MD_CTX_new();
        init[s] = EVP_DigestSignInit_ex(m, NULL, md, lctx, q[s], keys[s], b->p) == 1;
        ok[s] = init[s] && EVP_DigestSign(m, sig[s], &sl[s], msg, ml) == 1;
        EVP_MD_CTX_free(m);
        ERR_clear_error();
    }
    if (init[0] != init[1]) {
        if (!((init[1] && fz_choice("a digest kurv does not have (SHA-2 only, Nettle)", !kurv_has_md(md, 0))) ||
              ctx_choice(kk, rk, b, !init[0])))
            fz_fail("digest-sign init: accept/reject differs", KURV_OK, init[1]);
        return;
    }
    if (ok[0] != ok[1])
        fz_fail("digest-sign: accept/reject differs", KURV_OK, ok[1]);
    if (!ok[0])
        return;
    for (s = 0; s < 2; s++) {
        int v[2], t;
        for (t = 0; t < 2; t++) {
            EVP_MD_CTX *m = EVP_MD_CTX_new();
            v[t] = EVP_DigestVerifyInit_ex(m, NULL, md, lctx, q[t], keys[t], b->p) == 1 &&
                   EVP_DigestVerify(m, sig[s], sl[s], msg, ml) == 1;
            EVP_MD_CTX_free(m);
            ERR_clear_error();
        }
        if (v[0] != v[1] || !v[s])
            fz_fail("digest-verify of a digest-sign signature differs", KURV_OK, s);
    }
}

/* operation 4: a fuzzed DER signature over a fuzzed digest */
static void op_verify(EVP_PKEY *kk, EVP_PKEY *rk, const plist *b, rd *t)
{
    uint8_t dl = 0;
    const uint8_t *dg = NULL;
    int ki, ri, kv, rv;
    const char *md = str_of(b, OSSL_SIGNATURE_PARAM_DIGEST);

    if (!byte(t, &dl) || !take(t, dl, &dg))
        return;
    kv = verify_with(kk, Q_KURV, t->d, t->n, dg, dl, b->p, &ki);
    rv = verify_with(rk, Q_DFLT, t->d, t->n, dg, dl, b->p, &ri);
    if (ki != ri) {
        if (!ctx_choice(kk, rk, b, !ki))
            fz_fail("verify init/params: accept/reject differs", KURV_OK, ri);
        return;
    }
    if (kv != rv && !(rv == 1 &&
                      fz_choice("kurv verifies digests of 1 to 64 bytes, the md's size when one is set",
                                dl == 0 || dl > KURV_MAX_HASH_LEN || md != NULL ||
                                has_key(b, OSSL_SIGNATURE_PARAM_DIGEST_SIZE))))
        fz_fail("verify of a DER signature: the providers differ", KURV_OK, rv);
}

/* operation 5: ECDH, the fixed private key with peer (kp, rp), ctx params b */
static void op_derive(int i, EVP_PKEY *kp, EVP_PKEY *rp, const plist *b)
{
    EVP_PKEY *own[2] = {fixed_key(i, Q_KURV, 1), fixed_key(i, Q_DFLT, 1)}, *peer[2] = {kp, rp};
    const char *q[2] = {Q_KURV, Q_DFLT};
    uint8_t z[2][512];
    size_t zl[2] = {0, 0};
    int init[2], ok[2], s;

    for (s = 0; s < 2; s++) {
        EVP_PKEY_CTX *c = EVP_PKEY_CTX_new_from_pkey(lctx, own[s], q[s]);
        size_t n = 0;
        init[s] = c && EVP_PKEY_derive_init(c) == 1 && EVP_PKEY_CTX_set_params(c, b->p) == 1;
        ok[s] = init[s] && EVP_PKEY_derive_set_peer(c, peer[s]) == 1 &&
                EVP_PKEY_derive(c, NULL, &n) == 1 && n <= sizeof z[s] &&
                (zl[s] = n, EVP_PKEY_derive(c, z[s], &zl[s]) == 1);
        EVP_PKEY_CTX_free(c);
        ERR_clear_error();
    }
    if (init[0] != init[1]) {
        const char *kd = str_of(b, OSSL_EXCHANGE_PARAM_KDF_DIGEST), *kt = str_of(b, OSSL_EXCHANGE_PARAM_KDF_TYPE);
        if (!((init[1] && (fz_choice("a KDF digest kurv does not have (SHA-1, SHA-2)", kd && !kurv_has_md(kd, 1)) ||
                           fz_choice("kdf-type other than X963KDF", kt && *kt && strcasecmp(kt, "X963KDF")))) ||
              fz_choice("string params as UTF8_PTR or NUL-counted", odd_string(b)) ||
              fz_choice("ctx params only the default provider takes", ctx_only_default(own[0], own[1], 5, b))))
            fz_fail("derive init/params: accept/reject differs", KURV_OK, init[1]);
    } else if (ok[0] != ok[1]) {
        fz_fail("derive: accept/reject differs", KURV_OK, ok[1]);
    } else if (ok[0] && (zl[0] != zl[1] || memcmp(z[0], z[1], zl[0]))) {
        fz_fail("ECDH secrets differ", KURV_OK, (long)zl[1]);
    }
    EVP_PKEY_free(own[0]);
    EVP_PKEY_free(own[1]);
}

/* operation 1: generation, template from a (when asked), gen-set params b */
static void op_gen(const plist *a, const plist *b, int use_templ)
{
    EVP_PKEY *tk = NULL, *tr = NULL, *gk = NULL, *gr = NULL;
    EVP_PKEY_CTX *ck, *cr;
    OSSL_PARAM ra[MAXP + 1], rb[MAXP + 1];
    int ik, ir, mapped, mb;
    uint8_t q[KURV_MAX_POINT_LEN], dq[KURV_MAX_POINT_LEN];

    ref_params(a, ra, &mapped);
    ref_params(b, rb, &mb);
    if (use_templ) {
        tk = fromdata(Q_KURV, EVP_PKEY_KEY_PARAMETERS, (OSSL_PARAM *)a->p);
        tr = fromdata(Q_DFLT, EVP_PKEY_KEY_PARAMETERS, ra);
        ERR_clear_error();
        if (!tk || !tr)
            goto end;   /* the import differential is operation 0's */
        ck = EVP_PKEY_CTX_new_from_pkey(lctx, tk, Q_KURV);
        cr = EVP_PKEY_CTX_new_from_pkey(lctx, tr, Q_DFLT);
    } else {
        ck = EVP_PKEY_CTX_new_from_name(lctx, "EC", Q_KURV);
        cr = EVP_PKEY_CTX_new_from_name(lctx, "EC", Q_DFLT);
    }
    ik = ck && EVP_PKEY_keygen_init(ck) == 1 && EVP_PKEY_CTX_set_params(ck, b->p) == 1 &&
         EVP_PKEY_generate(ck, &gk) == 1;
    ERR_clear_error();
    ir = cr && EVP_PKEY_keygen_init(cr) == 1 && EVP_PKEY_CTX_set_params(cr, rb) == 1 &&
         EVP_PKEY_generate(cr, &gr) == 1;
    ERR_clear_error();
    if (ik != ir) {
        const char *g = group_of(b);
        /* EVP applies a template after the params: its curve is the one generated on */
        int ours = (g && kurv_names(g) >= 0) || (use_templ && (!g || curve_of(tk) >= 0));
        const char *s;
        int ok = 0;
        if (ours)
            ok = fz_choice("string params as UTF8_PTR or NUL-counted", odd_string(b)) ||
                 fz_choice("gen params only the default provider takes",
                           key_only_default(b->p, EVP_PKEY_CTX_settable_params(cr), EVP_PKEY_CTX_settable_params(ck)));
        if (!ik && ours && !ok) {
            ok = ((s = str_of(b, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) &&
                  fz_choice("point-format hybrid", !strcasecmp(s, "hybrid"))) ||
                 ((s = str_of(b, OSSL_PKEY_PARAM_EC_ENCODING)) &&
                  fz_choice("encoding explicit", strcasecmp(s, "named_curve") != 0));
        }
        if (!ok)
            fz_fail("key generation: accept/reject differs", KURV_OK, ir);
    } else if (ik) {
        /* random keys: the same curve and point-format, and kurv's Q is OpenSSL's d·G */
        BIGNUM *d = get_priv(gk);
        size_t n = get_pub(gk, q), dl;
        int kc = curve_of(gk);
        const char *pf = str_of(b, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT);
        if (!pf && use_templ)
            pf = str_of(a, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT);
        if (kc != curve_of(gr))
            fz_fail("generated keys: curves differ", KURV_OK, curve_of(gr));
        if (get_pf(gk) != get_pf(gr) &&
                !fz_choice("point-format at generation: kurv's key has it, OpenSSL 3.0's default "
                           "provider's stays uncompressed",
                           pf && get_pf(gk) == !strcasecmp(pf, "compressed") && get_pf(gr) == 0))
            fz_fail("generated keys: point-format differs", KURV_OK, get_pf(gr));
        if (kc >= 0 && fz_group(kc)) {
            if (!d || !n)
                fz_fail("generated key without d or Q", KURV_OK, 0);
            dl = ref_dG(kc, d, q[0] != 0x04, dq);
            if (dl != n || memcmp(q, dq, n))
                fz_fail("generated key: Q is not OpenSSL's d*G", KURV_OK, (long)dl);
        }
        BN_clear_free(d);
    }
    EVP_PKEY_CTX_free(ck);
    EVP_PKEY_CTX_free(cr);
end:
    EVP_PKEY_free(tk);
    EVP_PKEY_free(tr);
    EVP_PKEY_free(gk);
    EVP_PKEY_free(gr);
}

/* operation 0's second half: EVP_PKEY_set_params(b) on both keys */
static void op_set_params(EVP_PKEY *kk, EVP_PKEY *rk, const plist *b)
{
    uint8_t q0[KURV_MAX_POINT_LEN], q1[KURV_MAX_POINT_LEN];
    size_t l0 = get_pub(kk, q0), l1;
    int sk = EVP_PKEY_set_params(kk, (OSSL_PARAM *)b->p) == 1;
    int sr;
    ERR_clear_error();
    /* kurv.so: a refused public key leaves the key as it was (openssl/keymgmt.c set_pub) */
    if (!sk && curve_of(kk) >= 0 && !has_key(b, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT) &&
            ((l1 = get_pub(kk, q1)) != l0 || memcmp(q0, q1, l0)))
        fz_fail("kurv's key changed by a refused set_params", KURV_OK, (long)l1);
    sr = EVP_PKEY_set_params(rk, (OSSL_PARAM *)b->p) == 1;
    ERR_clear_error();
    if (sk != sr) {
        int ok = 0;
        int ours = curve_of(kk) >= 0;
        if (ours)
            ok = fz_choice("string params as UTF8_PTR or NUL-counted", odd_string(b)) ||
                 (sk && fz_choice(CHOICE_OCTET_PTR, odd_octets(b))) ||
                 fz_choice("set-params keys only the default provider takes",
                           key_only_default(b->p, EVP_PKEY_settable_params(rk), EVP_PKEY_settable_params(kk)));
        if (!sk && ours && !ok) {
            const OSSL_PARAM *pp = OSSL_PARAM_locate_const(b->p, OSSL_PKEY_PARAM_ENCODED_PUBLIC_KEY);
            const void *v = NULL;
            size_t l = 0;
            const char *s;
            const uint8_t *e;
            ok = ((s = str_of(b, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) &&
                  fz_choice("point-format hybrid", !strcasecmp(s, "hybrid"))) ||
                 ((s = str_of(b, OSSL_PKEY_PARAM_EC_ENCODING)) &&
                  fz_choice("encoding explicit", strcasecmp(s, "named_curve") != 0));
            if (!ok && pp && OSSL_PARAM_get_octet_string_ptr(pp, &v, &l)) {
                e = v;
                ok = fz_choice("hybrid points (0x06/0x07)", l > 0 && (e[0] == 6 || e[0] == 7)) ||
                     fz_choice("the point at infinity (0x00)", l == 1 && e[0] == 0);
            }
        }
        if (!ok)
            fz_fail("set_params: accept/reject differs", KURV_OK, sr);
        return;
    }
    if (sk)   /* after a refusal the default provider's key may hold part of the new point */
        compare_keys(kk, rk, "after set_params: curves differ");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    rd r = {data, size};
    int i = fz_pick_curve(&r.d, &r.n), op, sel, mapped;
    uint8_t ob;
    plist a, b;
    OSSL_PARAM ra[MAXP + 1];
    EVP_PKEY *kk, *rk, *ku = NULL, *ru = NULL;
    static const int sels[3] = {EVP_PKEY_KEYPAIR, EVP_PKEY_PUBLIC_KEY, EVP_PKEY_KEY_PARAMETERS};

    if (i < 0 || !byte(&r, &ob) || !fz_group(i))
        return 0;
    op = (ob & 7) % 6;
    sel = sels[(ob >> 3) % 3];
    plist_read(&r, i, &a);
    plist_read(&r, i, &b);

    /* the import of A: both providers */
    ref_params(&a, ra, &mapped);
    kk = fromdata(Q_KURV, sel, a.p);
    ERR_clear_error();
    rk = fromdata(Q_DFLT, sel, ra);
    ERR_clear_error();
    if ((kk != NULL) != (rk != NULL) && !import_diff_ok(i, &a, sel, mapped, kk != NULL))
        fz_fail(kk ? "kurv accepts an import the default provider refuses"
                   : "the default provider accepts an import kurv refuses", KURV_OK, rk != NULL);
    if (kk && rk) {
        compare_keys(kk, rk, "imported keys: curves differ");
    }

    switch (op) {
    case 0:
        if (kk && rk)
            op_set_params(kk, rk, &b);
        break;
    case 1:
        op_gen(&a, &b, (ob >> 3) & 1);
        break;
    default: {
        /* the keys the operation uses: A's when both have the same parts, else the fixed key */
        int need_priv = op == 2 || op == 3;
        uint8_t q1[KURV_MAX_POINT_LEN], q2[KURV_MAX_POINT_LEN];
        int use = kk && rk && curve_of(kk) >= 0 && curve_of(kk) == curve_of(rk);
        BIGNUM *d1 = use ? get_priv(kk) : NULL, *d2 = use ? get_priv(rk) : NULL;
        size_t l1 = use ? get_pub(kk, q1) : 0, l2 = use ? get_pub(rk, q2) : 0;
        use = use && l1 && l2 && (!need_priv || (d1 && d2));
        if (use && need_priv) {
            /* A's pair must be a pair: the providers do not check Q = d·G on import */
            uint8_t dq[KURV_MAX_POINT_LEN];
            size_t dl = ref_dG(curve_of(kk), d1, q1[0] != 0x04, dq);
            use = dl == l1 && !memcmp(dq, q1, l1);
        }
        BN_free(d1);
        BN_free(d2);
        if (use) {
            ku = kk;
            ru = rk;
            kk = rk = NULL;
            i = curve_of(ku);
        } else {
            ku = fixed_key(i, Q_KURV, op != 5);
            ru = fixed_key(i, Q_DFLT, op != 5);
        }
        if (op == 2)
            op_sign(ku, ru, &b, r.d, r.n);
        else if (op == 3)
            op_digestsign(ku, ru, MDS[(ob >> 3) % NMDS], &b, r.d, r.n);
        else if (op == 4)
            op_verify(ku, ru, &b, &r);
        else
            op_derive(i, ku, ru, &b);
        break;
    }
    }
    EVP_PKEY_free(kk);
    EVP_PKEY_free(rk);
    EVP_PKEY_free(ku);
    EVP_PKEY_free(ru);
    plist_free(&a);
    plist_free(&b);
    ERR_clear_error();
    return 0;
}

/* The library context with both providers, before the first input. */
__attribute__((constructor(200))) static void fz_provider_init(void)
{
    char soname[64];
    const char *fams[] = {
#define FZ_FAM(family, lib, header) #family,
        KURV_FAMILY_LIST(FZ_FAM)
#undef FZ_FAM
    };
    size_t f;
    /* kurv.so (its kurv-provider.so) finds the families by SONAME; they must be the ones this program loaded */
    for (f = 0; f < sizeof fams / sizeof fams[0]; f++) {
        snprintf(soname, sizeof soname, "libkurv-%s.so.0", fams[f]);
        if (!dlopen(soname, RTLD_NOW | RTLD_NOLOAD)) {
            printf("fuzz-provider: SKIP: %s is not loaded (a static build?): kurv.so would not find it\n", soname);
            exit(77);
        }
    }
    lctx = OSSL_LIB_CTX_new();
    if (!lctx || !OSSL_PROVIDER_set_default_search_path(lctx, KURV_FUZZ_MODULE_DIR)) {
        fprintf(stderr, "fuzz-provider: no library context\n");
        abort();
    }
    p_kurv = OSSL_PROVIDER_load(lctx, "kurv");
    p_dflt = OSSL_PROVIDER_load(lctx, "default");
    if (!p_kurv || !p_dflt) {
        printf("fuzz-provider: SKIP: cannot load %s from %s (the provider is not built: "
               "-Dopenssl_provider)\n", p_kurv ? "default" : "kurv.so", KURV_FUZZ_MODULE_DIR);
        ERR_print_errors_fp(stdout);
        exit(77);
    }
}

__attribute__((destructor)) static void fz_provider_fini(void)
{
    OSSL_PROVIDER_unload(p_kurv);
    OSSL_PROVIDER_unload(p_dflt);
    OSSL_LIB_CTX_free(lctx);
}
