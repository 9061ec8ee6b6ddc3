/*
 * kurv build hygiene: the program behind the static-link test (static-link.sh).
 *
 * Built twice against the static libraries: with KURV_ONLY_CURVE=<accessor> (kurv_p256
 * in the default build) it names only that curve and links its family's archive and
 * libkurv.a; without it, it names every built curve (kurv_curve_list.h) and links every
 * family. static-link.sh then checks with nm that the one-curve program holds no symbol
 * of another curve (each curve lives in its own object file, so the static linker
 * leaves the others out), and prints both sizes.
 *
 * On every curve it names, the program checks real results: d = 1 gives G, the
 * point d*G for d = 2 matches the ECDH secret of d = 2 with G (two different code
 * paths, k*G from the table and k*P), and an ECDSA signature verifies while the
 * same signature over a changed digest does not.
 */
#include <stdio.h>
#include <string.h>
#include <kurv/kurv.h>
#include <kurv/ecdsa.h>
#include <kurv_curve_list.h>   /* the built families' headers and their curve list */

static int failures;

static void check(int ok, const char *curve, const char *what)
{
    printf("%-16s %-40s %s\n", curve, what, ok ? "ok" : "FAIL");
    if (!ok)
        failures++;
}

static void run(const kurv_curve *c)
{
    const char *name = kurv_curve_name(c);
    size_t fl = kurv_curve_field_len(c), sl = kurv_curve_scalar_len(c), len, gl;
    uint8_t d[KURV_MAX_SCALAR_LEN] = {0}, pub[KURV_MAX_POINT_LEN], pub2[KURV_MAX_POINT_LEN];
    uint8_t z[KURV_MAX_FIELD_LEN], sig[2 * KURV_MAX_SCALAR_LEN], digest[64];
    const uint8_t *gx = kurv_curve_param(c, 'x', &gl);
    const uint8_t *gy = kurv_curve_param(c, 'y', &gl);

    /* d = 1: the public key is G itself */
    d[sl - 1] = 1;
    len = sizeof pub;
    check(kurv_pubkey_from_priv(c, pub, &len, 0, d, sl) == KURV_OK && len == 1 + 2 * fl &&
          pub[0] == 0x04 && memcmp(pub + 1, gx, fl) == 0 && memcmp(pub + 1 + fl, gy, fl) == 0,
          name, "1*G = G");

    /* d = 2: 2*G by the base table equals the ECDH x of 2 and G (variable-base path) */
    d[sl - 1] = 2;
    len = sizeof pub2;
    check(kurv_pubkey_from_priv(c, pub2, &len, 0, d, sl) == KURV_OK &&
          kurv_ecdh(c, z, fl, d, sl, pub, 1 + 2 * fl) == KURV_OK &&
          memcmp(z, pub2 + 1, fl) == 0 && memcmp(pub2 + 1, gx, fl) != 0,
          name, "2*G (table) = ECDH(2, G) (k*P)");

    /* ECDSA with d = 2 over a fixed digest (RFC 6979 nonce) */
    memset(digest, 0xA5, sizeof digest);
    check(kurv_ecdsa_sign(c, sig, 2 * sl, d, sl, digest, 32, KURV_HASH_SHA256, NULL, 0, 0) == KURV_OK &&
          kurv_ecdsa_verify(c, sig, 2 * sl, pub2, 1 + 2 * fl, digest, 32, 0) == KURV_OK,
          name, "ECDSA sign, verify");
    digest[0] ^= 1;
    check(kurv_ecdsa_verify(c, sig, 2 * sl, pub2, 1 + 2 * fl, digest, 32, 0) == KURV_ERR_SIGNATURE,
          name, "ECDSA changed digest refused");
}

int main(void)
{
#ifdef KURV_ONLY_CURVE
    run(KURV_ONLY_CURVE());
#else
#define RUN(fam, acc, name, ossl, oid, wp, bc, prefix, hash) run(acc());
    KURV_CURVE_LIST(RUN)
#undef RUN
#endif
    if (failures) {
        printf("static-link program: %d check(s) failed\n", failures);
        return 1;
    }
    return 0;
}
