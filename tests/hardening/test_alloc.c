/*
 * kurv allocation test: no function that handles a secret calls the allocator.
 *
 * The program defines malloc, calloc, realloc, free, aligned_alloc, posix_memalign and
 * memalign itself (forwarding to glibc's __libc_* entry points), so every allocation made
 * by libkurv, the curve family libraries, kurv-schnorr and Nettle inside this process
 * goes through it; while `counting` is set each call is counted.
 * Counted calls, on every built curve and on a run-time curve (kurv_curve_new, whose own
 * allocation is made before counting starts):
 *   kurv_keygen, kurv_pubkey_from_priv, kurv_privkey_check, kurv_ecdh, kurv_ecdsa_sign
 *   (plain and with extra entropy), kurv_ecdsa_verify, kurv_ecies_encrypt and
 *   kurv_ecies_decrypt (every preset), and the same as a stream (kurv_ecies_encrypt_init,
 *   _update, _final, kurv_ecies_decrypt_init, _update, _final), kurv_privkey_encode (SEC1 and PKCS#8, DER and PEM;
 *   built-in curves), kurv_jacobian_mul_base and kurv_jacobian_mul; BIP-340 keypair,
 *   sign and verify with kurv-schnorr.
 * Each result is also checked (a signature verifies, both ECDH sides agree, a decryption
 * gives the message back), so the calls did their work. The test fails when any counted
 * call allocated, and names the call.
 * Not built with sanitizers (they interpose the allocator themselves).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv/kurv.h>
#include <kurv_curve_list.h>
#ifdef KURV_HAVE_SCHNORR
#include <kurv/schnorr.h>
#endif

/* ---- the interposed allocator */
extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);
void *memalign(size_t, size_t);
int posix_memalign(void **, size_t, size_t);

static volatile int counting;
static volatile unsigned long allocs;

void *malloc(size_t n) { if (counting) allocs++; return __libc_malloc(n); }
void *calloc(size_t m, size_t n) { if (counting) allocs++; return __libc_calloc(m, n); }
void *realloc(void *p, size_t n) { if (counting) allocs++; return __libc_realloc(p, n); }
void free(void *p) { if (counting && p) allocs++; __libc_free(p); }
void *memalign(size_t a, size_t n) { if (counting) allocs++; return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { if (counting) allocs++; return __libc_memalign(a, n); }
int posix_memalign(void **out, size_t a, size_t n)
{
    void *p;
    if (counting)
        allocs++;
    p = __libc_memalign(a, n);
    if (!p)
        return 12;   /* ENOMEM */
    *out = p;
    return 0;
}

/* ---- the test */
typedef const kurv_curve *(*curve_accessor)(void);
#define AL_ACCESSOR(fam, acc, name, ossl, oid, wp, bc, prefix, hash) acc,
static const curve_accessor accessors[] = { KURV_CURVE_LIST(AL_ACCESSOR) NULL };
#undef AL_ACCESSOR

static int failures, calls;
static const char *curname = "?";

/* Run one call with counting on; it must succeed and allocate nothing. */
#define COUNTED(what, call) do { \
        kurv_err e_; \
        allocs = 0; \
        counting = 1; \
        e_ = (call); \
        counting = 0; \
        calls++; \
        if (e_ != KURV_OK || allocs != 0) { \
            fprintf(stderr, "alloc: %s: %s: %s, %lu allocator calls\n", curname, (what), \
                    kurv_strerror(e_), (unsigned long)allocs); \
            failures++; \
        } \
    } while (0)

#define CHECK(cond) do { if (!(cond)) { \
        fprintf(stderr, "alloc: %s: line %d: %s\n", curname, __LINE__, #cond); \
        failures++; } } while (0)

static void test_curve(const kurv_curve *c)
{
    size_t slen = kurv_curve_scalar_len(c), flen = kurv_curve_field_len(c);
    uint8_t d[KURV_MAX_SCALAR_LEN], d2[KURV_MAX_SCALAR_LEN], extra[32], digest[32];
    uint8_t pub[KURV_MAX_POINT_LEN], pub2[KURV_MAX_POINT_LEN], pubc[KURV_MAX_POINT_LEN];
    uint8_t sig[KURV_MAX_SIG_RAW_LEN], z1[KURV_MAX_FIELD_LEN], z2[KURV_MAX_FIELD_LEN];
    uint8_t msg[100], ct[KURV_MAX_POINT_LEN + 100 + 16 + 64], pt[sizeof ct], file[1024];
    size_t pub_len = sizeof pub, pub2_len = sizeof pub2, pubc_len = sizeof pubc;
    size_t ct_len, pt_len, file_len;
    const char *const *presets = kurv_ecies_preset_names();
    kurv_jacobian j, g;
    size_t i;
    int type, fmt;

    curname = kurv_curve_name(c);
    CHECK(kurv_random(digest, sizeof digest) == KURV_OK);
    CHECK(kurv_random(extra, sizeof extra) == KURV_OK);
    CHECK(kurv_random(msg, sizeof msg) == KURV_OK);

    COUNTED("kurv_keygen", kurv_keygen(c, d, slen, pub, &pub_len, 0));
    COUNTED("kurv_keygen (peer)", kurv_keygen(c, d2, slen, pub2, &pub2_len, 1));
    COUNTED("kurv_privkey_check", kurv_privkey_check(c, d, slen));
    COUNTED("kurv_pubkey_from_priv", kurv_pubkey_from_priv(c, pubc, &pubc_len, 0, d, slen));
    CHECK(pubc_len == pub_len && memcmp(pubc, pub, pub_len) == 0);
    COUNTED("kurv_ecdh", kurv_ecdh(c, z1, flen, d, slen, pub2, pub2_len));
    COUNTED("kurv_ecdh (peer)", kurv_ecdh(c, z2, flen, d2, slen, pub, pub_len));
    CHECK(memcmp(z1, z2, flen) == 0);
    COUNTED("kurv_ecdsa_sign", kurv_ecdsa_sign(c, sig, 2 * slen, d, slen, digest, 32,
                                               KURV_HASH_SHA256, NULL, 0, 0));
    COUNTED("kurv_ecdsa_verify", kurv_ecdsa_verify(c, sig, 2 * slen, pub, pub_len, digest, 32, 0));
    COUNTED("kurv_ecdsa_sign (extra entropy)",
            kurv_ecdsa_sign(c, sig, 2 * slen, d, slen, digest, 32, KURV_HASH_SHA256,
                            extra, sizeof extra, KURV_ECDSA_SIGN_LOW_S));
    CHECK(kurv_ecdsa_verify(c, sig, 2 * slen, pub, pub_len, digest, 32, 0) == KURV_OK);

    for (i = 0; presets[i] != NULL; i++) {
        const kurv_ecies_params *p = kurv_ecies_preset(presets[i]);
        ct_len = sizeof ct;
        pt_len = sizeof pt;
        COUNTED(presets[i], kurv_ecies_encrypt(c, ct, &ct_len, pub, pub_len, msg, sizeof msg, p));
        COUNTED(presets[i], kurv_ecies_decrypt(c, pt, &pt_len, d, slen, ct, ct_len, p));
        CHECK(pt_len == sizeof msg && memcmp(pt, msg, sizeof msg) == 0);
        /* the same as a stream: V, 60 bytes (48 out), 40 bytes, final */
        {
            kurv_ecies_stream st;
            size_t n, w, vlen = sizeof ct;
            COUNTED("kurv_ecies_encrypt_init", kurv_ecies_encrypt_init(&st, c, pub, pub_len, p, ct, &vlen));
            w = vlen;
            n = sizeof ct - w;
            COUNTED("kurv_ecies_encrypt_update", kurv_ecies_encrypt_update(&st, ct + w, &n, msg, 60));
            w += n;
            n = sizeof ct - w;
            COUNTED("kurv_ecies_encrypt_update", kurv_ecies_encrypt_update(&st, ct + w, &n, msg + 60, 40));
            w += n;
            n = sizeof ct - w;
            COUNTED("kurv_ecies_encrypt_final", kurv_ecies_encrypt_final(&st, ct + w, &n));
            ct_len = w + n;
            COUNTED("kurv_ecies_decrypt_init", kurv_ecies_decrypt_init(&st, c, d, slen, ct, vlen, p));
            n = sizeof pt;
            COUNTED("kurv_ecies_decrypt_update",
                    kurv_ecies_decrypt_update(&st, pt, &n, ct + vlen, ct_len - vlen));
            w = n;
            n = sizeof pt - w;
            COUNTED("kurv_ecies_decrypt_final", kurv_ecies_decrypt_final(&st, pt + w, &n));
            CHECK(w + n == sizeof msg && memcmp(pt, msg, sizeof msg) == 0);
        }
    }

    if (kurv_curve_oid_str(c)) {    /* key files need a named curve */
        for (type = 0; type < 2; type++)
            for (fmt = 0; fmt < 2; fmt++) {
                file_len = sizeof file;
                COUNTED("kurv_privkey_encode",
                        kurv_privkey_encode(c, file, &file_len,
                                            type ? KURV_KEY_PKCS8 : KURV_KEY_SEC1,
                                            fmt ? KURV_KEYFMT_PEM : KURV_KEYFMT_DER, d, slen));
            }
        kurv_wipe(file, sizeof file);
    }

    COUNTED("kurv_jacobian_mul_base", kurv_jacobian_mul_base(c, &g, d, slen));
    COUNTED("kurv_jacobian_mul", kurv_jacobian_mul(&j, d2, slen, &g));

    kurv_wipe(d, sizeof d);
    kurv_wipe(d2, sizeof d2);
    kurv_wipe(z1, sizeof z1);
    kurv_wipe(z2, sizeof z2);
    kurv_wipe(pt, sizeof pt);
}

int main(void)
{
    kurv_curve_params prm;
    kurv_curve *rt = NULL;
    size_t i, n = 0;

    /* the allocator must really be this program's, or the test would count nothing */
    {
        void *probe;
        allocs = 0;
        counting = 1;
        probe = malloc(16);
        counting = 0;
        free(probe);
        if (allocs != 1) {
            fprintf(stderr, "alloc: the allocator is not interposed; nothing would be counted\n");
            return 1;
        }
    }

    for (i = 0; accessors[i] != NULL; i++) {
        const kurv_curve *c = accessors[i]();
        if (c) {
            test_curve(c);
            n++;
        }
    }
    if (n == 0) {
        fprintf(stderr, "alloc: no curve built\n");
        return 1;
    }
    curname = "runtime";
    CHECK(kurv_curve_params_of(accessors[0](), &prm) == KURV_OK);
    CHECK(kurv_curve_new(&rt, &prm, NULL) == KURV_OK);
    if (rt) {
        test_curve(rt);
        kurv_curve_free(rt);
        n++;
    }
#ifdef KURV_HAVE_SCHNORR
    {
        uint8_t sk[32], kp[64], xpub[32], aux[32], m[32], s[64];
        curname = "BIP-340";
        CHECK(kurv_random(sk, 32) == KURV_OK && kurv_random(aux, 32) == KURV_OK &&
              kurv_random(m, 32) == KURV_OK);
        COUNTED("kurv_schnorr_keypair", kurv_schnorr_keypair(kp, sk));
        COUNTED("kurv_schnorr_keypair_pubkey", kurv_schnorr_keypair_pubkey(xpub, kp));
        COUNTED("kurv_schnorr_sign", kurv_schnorr_sign(s, kp, m, sizeof m, aux));
        COUNTED("kurv_schnorr_verify", kurv_schnorr_verify(s, xpub, m, sizeof m));
        kurv_wipe(sk, sizeof sk);
        kurv_wipe(kp, sizeof kp);
    }
#endif
    if (failures) {
        fprintf(stderr, "alloc: %d failures over %d counted calls\n", failures, calls);
        return 1;
    }
    printf("alloc: %d counted calls over %zu curves%s: no allocator call on a secret path\n",
           calls, n,
#ifdef KURV_HAVE_SCHNORR
           " and BIP-340"
#else
           ""
#endif
           );
    return 0;
}
