/*
 * ECDSA public-key recovery (kurv_ecdsa_sign_recoverable, kurv_ecdsa_recover; SEC 1 v2
 * 4.1.6) and hedged signing (KURV_ECDSA_SIGN_HEDGED) on every built curve:
 *  - round trips: random keys and digests, plain and low-S, both SEC1 forms; the recovery
 *    id's other values give another key or an error, never the signer's;
 *  - x(R) >= n (recovery id bit 1), built by construction (see xr_high below);
 *  - what 4.1.6 refuses: r or s out of range, x(R) >= p, x(R) with no point, Q = O;
 *    a too small buffer; bad arguments;
 *  - Ethereum's published examples on secp256k1 (EIP-155, EIP-2098);
 *  - hedged signatures: two differ, both verify, and neither is the RFC 6979 one.
 * OpenSSL (libcrypto) verifies the signatures under the recovered keys, those with
 * x(R) >= n included, and the hedged signatures. python3-ecdsa's cross-check is
 * recover_ecdsa.py.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include "testutil.h"
#include <kurv/point.h>
#include <kurv/keyfile.h>
#include <kurv_curve_list.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

#define ROUNDS 40

static void unhex(uint8_t *out, size_t len, const char *hex)
{
    cr_assert_eq(kt_unhex(out, len, hex), (long)len, "bad test hex %s", hex);
}

/* 1 if OpenSSL accepts the raw r||s on the digest under the SEC1 key pub, else 0. The key
 * goes over as kurv's SubjectPublicKeyInfo, the signature as DER; no digest algorithm is
 * set, so OpenSSL takes dg as the hash value (truncated to the order as FIPS 186-5 says). */
static int ossl_ok(const kurv_curve *c, const uint8_t *pub, size_t pub_len, const uint8_t *sig,
                   const uint8_t *dg, size_t dg_len)
{
    uint8_t spki[KURV_MAX_KEYFILE_LEN], der[KURV_MAX_SIG_DER_LEN];
    size_t spki_len = sizeof spki, der_len = sizeof der;
    const unsigned char *pp = spki;
    EVP_PKEY *pk;
    EVP_PKEY_CTX *ctx;
    int r;
    cr_assert_eq(kurv_pubkey_encode(c, spki, &spki_len, KURV_KEYFMT_DER, pub, pub_len), KURV_OK);
    cr_assert_eq(kurv_ecdsa_sig_to_der(c, der, &der_len, sig, 2 * kurv_curve_scalar_len(c)),
                 KURV_OK);
    pk = d2i_PUBKEY(NULL, &pp, (long)spki_len);
    cr_assert(pk != NULL, "OpenSSL refused kurv's key on %s", kurv_curve_name(c));
    ctx = EVP_PKEY_CTX_new(pk, NULL);
    cr_assert(ctx != NULL);
    cr_assert_eq(EVP_PKEY_verify_init(ctx), 1);
    r = EVP_PKEY_verify(ctx, der, der_len, dg, dg_len);
    EVP_PKEY_CTX_free(ctx);
    EVP_PKEY_free(pk);
    ERR_clear_error();
    cr_assert(r == 0 || r == 1, "EVP_PKEY_verify returned %d", r);
    return r;
}

/* Recover with id into pub (uncompressed); return the error. */
static kurv_err recover(const kurv_curve *c, uint8_t *pub, size_t *pub_len, const uint8_t *sig,
                        unsigned id, const uint8_t *dg, size_t dg_len)
{
    *pub_len = KURV_MAX_POINT_LEN;
    return kurv_ecdsa_recover(c, pub, pub_len, 0, sig, 2 * kurv_curve_scalar_len(c), id,
                              dg, dg_len);
}

Test(recover, round_trip_every_curve)
{
    size_t i;
    cr_assert(kt_ncurves > 0);
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), pl, ql, cl;
        unsigned seen[2] = { 0, 0 }, round;
        for (round = 0; round < ROUNDS; round++) {
            uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], q[KURV_MAX_POINT_LEN];
            uint8_t cq[KURV_MAX_POINT_LEN], cpub[KURV_MAX_POINT_LEN];
            uint8_t sig[KURV_MAX_SIG_RAW_LEN], dg[64];
            size_t dl = (size_t[]){ 32, 48, 64, 20 }[round % 4];
            unsigned flags = (round & 1) ? KURV_ECDSA_SIGN_LOW_S : 0, id = 9, other;
            pl = sizeof pub;
            cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
            cr_assert_eq(kurv_random(dg, dl), KURV_OK);
            cr_assert_eq(kurv_ecdsa_sign_recoverable(c, sig, 2 * sl, &id, d, sl, dg, dl,
                                                     KURV_HASH_SHA256, NULL, 0, flags), KURV_OK);
            /* random nonces never reach x(R) >= n (probability below 2^-127) */
            cr_assert(id <= 1, "%s: recovery id %u", kurv_curve_name(c), id);
            seen[id]++;
            cr_assert_eq(recover(c, q, &ql, sig, id, dg, dl), KURV_OK);
            cr_assert(ql == pl && memcmp(q, pub, pl) == 0, "%s: recovered key differs",
                      kurv_curve_name(c));
            cr_assert_eq(ossl_ok(c, q, ql, sig, dg, dl), 1, "%s: OpenSSL refuses", kurv_curve_name(c));
            /* the compressed form of the same point */
            cl = sizeof cq;
            cr_assert_eq(kurv_ecdsa_recover(c, cq, &cl, 1, sig, 2 * sl, id, dg, dl), KURV_OK);
            ql = sizeof cpub;
            cr_assert_eq(kurv_point_convert(c, cpub, &ql, 1, pub, pl), KURV_OK);
            cr_assert(cl == ql && memcmp(cq, cpub, cl) == 0);
            /* the same signature without the id: identical to kurv_ecdsa_sign */
            {
                uint8_t s2[KURV_MAX_SIG_RAW_LEN];
                cr_assert_eq(kurv_ecdsa_sign(c, s2, 2 * sl, d, sl, dg, dl, KURV_HASH_SHA256,
                                             NULL, 0, flags), KURV_OK);
                cr_assert_eq(memcmp(s2, sig, 2 * sl), 0);
            }
            /* every other id: another key (it verifies too: recovery makes one that does)
             * or no point at all, never the signer's */
            for (other = 0; other < 4; other++) {
                kurv_err e;
                if (other == id)
                    continue;
                e = recover(c, q, &ql, sig, other, dg, dl);
                cr_assert(e == KURV_OK || e == KURV_ERR_POINT, "%s: id %u gives %d",
                          kurv_curve_name(c), other, e);
                if (e == KURV_OK) {
                    cr_assert(memcmp(q, pub, pl) != 0, "%s: id %u also gives the signer",
                              kurv_curve_name(c), other);
                    cr_assert_eq(kurv_ecdsa_verify(c, sig, 2 * sl, q, ql, dg, dl, 0), KURV_OK);
                    cr_assert_eq(ossl_ok(c, q, ql, sig, dg, dl), 1);
                }
            }
        }
        /* both parities occur (a stuck bit 0 would fail here with probability 2^-39) */
        cr_assert(seen[0] > 0 && seen[1] > 0, "%s: ids seen %u/%u", kurv_curve_name(c),
                  seen[0], seen[1]);
    }
}

/*
 * A signature whose R has x(R) >= n. Signing cannot be made to give one: on every curve
 * here (p - n)/p is below 2^-127, so no nonce search finds a k with x(k*G) in [n, p). The
 * signature is built instead: x = n + t, the first t >= 1 for which a point with that
 * x exists (checked through kurv_point_check on 02 || x, SEC1 decoding, not recovery);
 * r = x - n = t, s and the digest arbitrary, id = 2 | parity. The signer's key is then
 * whatever Q recovery gives, and the check that it is right is that kurv_ecdsa_verify,
 * which itself tries x = r + n (dsa/verify.c), accepts (r, s) under Q; test_openssl.c
 * has OpenSSL verify the same signature. Returns 0 on a curve whose p - n leaves no
 * room (never the case for the registry's curves).
 */
static int xr_high(const kurv_curve *c, uint8_t *sig, unsigned *id, uint8_t *q, size_t *ql,
                   const uint8_t *dg, size_t dl)
{
    size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), len;
    const uint8_t *n = kurv_curve_param(c, 'n', &len), *p;
    uint8_t x[KURV_MAX_FIELD_LEN + 1], pt[KURV_MAX_FIELD_LEN + 1];
    unsigned t;
    cr_assert(n && len == sl && fl == sl, "the construction assumes equal lengths");
    p = kurv_curve_param(c, 'p', &len);
    for (t = 1; t < 1000; t++) {
        unsigned carry = t;
        size_t i = fl;
        memcpy(x, n, fl);
        while (i-- > 0) {
            carry += x[i];
            x[i] = (uint8_t)carry;
            carry >>= 8;
        }
        if (carry || memcmp(x, p, fl) >= 0)
            return 0;
        pt[0] = 0x02;
        memcpy(pt + 1, x, fl);
        if (kurv_point_check(c, pt, fl + 1) != KURV_OK)
            continue;
        memset(sig, 0, sl);
        sig[sl - 2] = (uint8_t)(t >> 8);
        sig[sl - 1] = (uint8_t)t;
        memset(sig + sl, 0x5a, sl);                 /* some s < n: the top byte 0x01 */
        sig[sl] = 0x01;
        (void)dl;
        *id = 2 | (t & 1);                          /* either parity gives a valid R */
        *ql = KURV_MAX_POINT_LEN;
        cr_assert_eq(kurv_ecdsa_recover(c, q, ql, 0, sig, 2 * sl, *id, dg, dl), KURV_OK,
                     "%s: recovery with x(R) = n + %u", kurv_curve_name(c), t);
        return 1;
    }
    return 0;
}

Test(recover, x_of_r_at_least_n)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), ql, q2l;
        uint8_t sig[KURV_MAX_SIG_RAW_LEN], q[KURV_MAX_POINT_LEN], q2[KURV_MAX_POINT_LEN];
        uint8_t dg[64];
        unsigned id;
        memset(dg, 0xa5, sizeof dg);
        cr_assert(xr_high(c, sig, &id, q, &ql, dg, 32), "%s: no x in [n, p) with a point",
                  kurv_curve_name(c));
        cr_assert_eq(kurv_ecdsa_verify(c, sig, 2 * sl, q, ql, dg, 32, 0), KURV_OK,
                     "%s: the key recovered with x(R) >= n does not verify", kurv_curve_name(c));
        cr_assert_eq(ossl_ok(c, q, ql, sig, dg, 32), 1,
                     "%s: OpenSSL refuses the x(R) >= n signature", kurv_curve_name(c));
        /* and refuses it on another digest (the check can fail) */
        dg[5] ^= 1;
        cr_assert_eq(ossl_ok(c, q, ql, sig, dg, 32), 0);
        cr_assert_eq(kurv_ecdsa_verify(c, sig, 2 * sl, q, ql, dg, 32, 0), KURV_ERR_SIGNATURE);
        dg[5] ^= 1;
        /* with bit 1 cleared, R has x = r: another key or none, never this one */
        {
            kurv_err e = recover(c, q2, &q2l, sig, id & 1, dg, 32);
            cr_assert(e == KURV_ERR_POINT || (e == KURV_OK && memcmp(q, q2, ql) != 0));
        }
        /* and the other parity gives -R's key, which verifies as well but differs */
        cr_assert_eq(recover(c, q2, &q2l, sig, id ^ 1, dg, 32), KURV_OK);
        cr_assert(memcmp(q, q2, ql) != 0);
        cr_assert_eq(kurv_ecdsa_verify(c, sig, 2 * sl, q2, q2l, dg, 32, 0), KURV_OK);
    }
}

/* x = r + n >= p: SEC 1 4.1.6 step 1.2 has no such x (secp256k1: r = p - n exactly) */
Test(recover, x_beyond_p)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), len, ql, j;
        const uint8_t *n = kurv_curve_param(c, 'n', &len), *p = kurv_curve_param(c, 'p', &len);
        uint8_t sig[KURV_MAX_SIG_RAW_LEN], q[KURV_MAX_POINT_LEN], dg[32];
        int borrow = 0;
        memset(dg, 7, sizeof dg);
        /* r = p - n (< n on these curves), so x = r + n = p */
        for (j = sl; j-- > 0;) {
            int v = (int)p[j] - n[j] - borrow;
            borrow = v < 0;
            sig[j] = (uint8_t)(v + (borrow ? 256 : 0));
        }
        cr_assert_eq(borrow, 0);
        memset(sig + sl, 0, sl);
        sig[2 * sl - 1] = 5;
        cr_assert_eq(recover(c, q, &ql, sig, 2, dg, 32), KURV_ERR_POINT, "%s", kurv_curve_name(c));
        cr_assert_eq(recover(c, q, &ql, sig, 3, dg, 32), KURV_ERR_POINT);
    }
}

Test(recover, refusals)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), len, ql, pl;
        const uint8_t *n = kurv_curve_param(c, 'n', &len);
        uint8_t sig[KURV_MAX_SIG_RAW_LEN], bad[KURV_MAX_SIG_RAW_LEN], q[KURV_MAX_POINT_LEN];
        uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], dg[32], pt[KURV_MAX_FIELD_LEN + 1];
        unsigned id, t;
        const char *name = kurv_curve_name(c);

        memset(dg, 0x3c, sizeof dg);
        pl = sizeof pub;
        cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign_recoverable(c, sig, 2 * sl, &id, d, sl, dg, 32,
                                                 KURV_HASH_NONE, NULL, 0, 0), KURV_OK);
        /* r = 0, s = 0, r = n, s = n */
        memcpy(bad, sig, 2 * sl);
        memset(bad, 0, sl);
        cr_assert_eq(recover(c, q, &ql, bad, id, dg, 32), KURV_ERR_SIGNATURE, "%s", name);
        memcpy(bad, n, sl);
        cr_assert_eq(recover(c, q, &ql, bad, id, dg, 32), KURV_ERR_SIGNATURE);
        memcpy(bad, sig, 2 * sl);
        memset(bad + sl, 0, sl);
        cr_assert_eq(recover(c, q, &ql, bad, id, dg, 32), KURV_ERR_SIGNATURE);
        memcpy(bad + sl, n, sl);
        cr_assert_eq(recover(c, q, &ql, bad, id, dg, 32), KURV_ERR_SIGNATURE);
        /* lengths and arguments */
        ql = sizeof q;
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl - 1, id, dg, 32), KURV_ERR_SIGNATURE);
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, NULL, 2 * sl, id, dg, 32), KURV_ERR_SIGNATURE);
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, 4, dg, 32), KURV_ERR_ARG);
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, id, dg, 0), KURV_ERR_ARG);
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, id, dg, 65), KURV_ERR_ARG);
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, id, NULL, 32), KURV_ERR_ARG);
        cr_assert_eq(kurv_ecdsa_recover(c, NULL, &ql, 0, sig, 2 * sl, id, dg, 32), KURV_ERR_ARG);
        cr_assert_eq(kurv_ecdsa_recover(NULL, q, &ql, 0, sig, 2 * sl, id, dg, 32), KURV_ERR_ARG);
        /* a buffer one byte short: the need comes back, nothing is written */
        ql = 2 * fl;
        memset(q, 0xee, sizeof q);
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, id, dg, 32), KURV_ERR_BUFFER);
        cr_assert_eq(ql, 2 * fl + 1);
        cr_assert_eq(q[0], 0xee);
        /* x(R) = r with no point of the curve: the first such small r */
        for (t = 1; t < 1000; t++) {
            memset(pt, 0, fl + 1);
            pt[0] = 0x02;
            pt[fl - 1] = (uint8_t)(t >> 8);
            pt[fl] = (uint8_t)t;
            if (kurv_point_check(c, pt, fl + 1) == KURV_ERR_POINT)
                break;
        }
        cr_assert(t < 1000);
        memcpy(bad, sig, 2 * sl);
        memset(bad, 0, sl);
        bad[sl - 2] = (uint8_t)(t >> 8);
        bad[sl - 1] = (uint8_t)t;
        cr_assert_eq(recover(c, q, &ql, bad, 0, dg, 32), KURV_ERR_POINT, "%s: r = %u", name, t);
        cr_assert_eq(recover(c, q, &ql, bad, 1, dg, 32), KURV_ERR_POINT);
        /* sign_recoverable: a NULL id is refused and the signature zeroed */
        memset(bad, 0xff, 2 * sl);
        cr_assert_eq(kurv_ecdsa_sign_recoverable(c, bad, 2 * sl, NULL, d, sl, dg, 32,
                                                 KURV_HASH_NONE, NULL, 0, 0), KURV_ERR_ARG);
        for (t = 0; t < 2 * sl; t++)
            cr_assert_eq(bad[t], 0);
        /* a bad key: the id is 0 */
        id = 7;
        memset(d, 0, sl);
        cr_assert_eq(kurv_ecdsa_sign_recoverable(c, bad, 2 * sl, &id, d, sl, dg, 32,
                                                 KURV_HASH_NONE, NULL, 0, 0), KURV_ERR_PRIVKEY);
        cr_assert_eq(id, 0);
    }
}

/*
 * Q = O: with R = k*G for a known k, r = x(R) mod n and s = e k^-1, s R = e G, so
 * r^-1 (s R - e G) = O. 4.1.6 gives no key; kurv says KURV_ERR_INFINITY.
 */
Test(recover, q_at_infinity)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), fl = kurv_curve_field_len(c), rl, ql;
        uint8_t k[KURV_MAX_SCALAR_LEN], r[KURV_MAX_POINT_LEN], e[KURV_MAX_SCALAR_LEN];
        uint8_t ki[KURV_MAX_SCALAR_LEN], sig[KURV_MAX_SIG_RAW_LEN], q[KURV_MAX_POINT_LEN];
        uint8_t dg[32];
        rl = sizeof r;
        cr_assert_eq(kurv_keygen(c, k, sl, r, &rl, 0), KURV_OK);
        /* a 32-byte digest with a clear top byte: every order here has at least 256 bits
         * and exceeds 2^255, so bits2int keeps it whole and e is the digest itself */
        cr_assert_eq(kurv_random(dg, sizeof dg), KURV_OK);
        dg[0] = 0;
        memset(e, 0, sl);
        memcpy(e + sl - 32, dg, 32);
        cr_assert_eq(kurv_scalar_reduce(c, sig, r + 1, fl), KURV_OK);   /* r = x(R) mod n */
        cr_assert_eq(kurv_scalar_inv(c, ki, k), KURV_OK);
        cr_assert_eq(kurv_scalar_mul(c, sig + sl, e, ki), KURV_OK);       /* s = e / k */
        ql = sizeof q;
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, r[rl - 1] & 1, dg, 32),
                     KURV_ERR_INFINITY, "%s", kurv_curve_name(c));
        /* the same with the other parity is -R: Q = r^-1 (-2 e G), a real point */
        cr_assert_eq(kurv_ecdsa_recover(c, q, &ql, 0, sig, 2 * sl, (r[rl - 1] & 1) ^ 1, dg, 32),
                     KURV_OK);
    }
}

/* Ethereum's published examples, secp256k1 */
Test(recover, ethereum_examples)
{
#ifdef KURV_HAVE_SECP256K1
    const kurv_curve *c = kt_curve("secp256k1");
    uint8_t d[32], pub[65], q[65], dg[32], sig[64], mine[64];
    size_t pl = sizeof pub, ql;
    unsigned id = 9;
    cr_assert(c != NULL);

    /* EIP-155 (github.com/ethereum/EIPs, EIPS/eip-155.md, "Example"): private key
     * 0x46 * 32, signing hash daf5a7..., (v, r, s) = (37, 0x28ef61..., 0x67cbe9...) given
     * in decimal there; v = 37 = 1 * 2 + 35 + id for chain id 1, so id = 0. */
    memset(d, 0x46, sizeof d);
    unhex(dg, 32, "daf5a779ae972f972197303d7b574746c7ef83eadac0f2791ad23db92e4c8e53");
    unhex(sig, 64, "28ef61340bd939bc2195fe537567866003e1a15d3c71ff63e1590620aa636276"
                   "67cbe9d8997f761aecb703304b3800ccf555c9f3dc64214b297fb1966a3b6d83");
    cr_assert_eq(kurv_pubkey_from_priv(c, pub, &pl, 0, d, 32), KURV_OK);
    cr_assert_eq(recover(c, q, &ql, sig, 37 - 35 - 2, dg, 32), KURV_OK);
    cr_assert(ql == 65 && memcmp(q, pub, 65) == 0, "EIP-155: not the signer's key");
    cr_assert_eq(recover(c, q, &ql, sig, 1, dg, 32), KURV_OK);
    cr_assert(memcmp(q, pub, 65) != 0);
    /* geth signs with RFC 6979 (HMAC-SHA-256) and low s: kurv makes the same signature
     * and the same id */
    cr_assert_eq(kurv_ecdsa_sign_recoverable(c, mine, 64, &id, d, 32, dg, 32, KURV_HASH_SHA256,
                                             NULL, 0, KURV_ECDSA_SIGN_LOW_S), KURV_OK);
    cr_assert_eq(memcmp(mine, sig, 64), 0, "EIP-155: kurv's RFC 6979 signature differs");
    cr_assert_eq(id, 0);

    /* EIP-2098 (EIPS/eip-2098.md, "Test Vectors", first): private key 0x1234...1234,
     * message "Hello World" signed as an EIP-191 personal message, v = 27 (id 0). The
     * digest, Keccak-256("\x19Ethereum Signed Message:\n11Hello World"), is ethers'
     * hashMessage("Hello World"); that the published key comes back from it is the check. */
    unhex(d, 32, "1234567890123456789012345678901234567890123456789012345678901234");
    unhex(dg, 32, "a1de988600a42c4b4ab089b619297c17d53cffae5d5120d82d8a92d0bb3b78f2");
    unhex(sig, 64, "68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b90"
                   "7e865ad05c4035ab5792787d4a0297a43617ae897930a6fe4d822b8faea52064");
    pl = sizeof pub;
    cr_assert_eq(kurv_pubkey_from_priv(c, pub, &pl, 0, d, 32), KURV_OK);
    cr_assert_eq(recover(c, q, &ql, sig, 27 - 27, dg, 32), KURV_OK);
    cr_assert(memcmp(q, pub, 65) == 0, "EIP-2098: not the signer's key");
    cr_assert_eq(kurv_ecdsa_sign_recoverable(c, mine, 64, &id, d, 32, dg, 32, KURV_HASH_SHA256,
                                             NULL, 0, KURV_ECDSA_SIGN_LOW_S), KURV_OK);
    cr_assert_eq(memcmp(mine, sig, 64), 0);
    cr_assert_eq(id, 0);
#else
    cr_skip_test("secp256k1 is not in this build (-Dfamilies)");
#endif
}

Test(hedged, differ_and_verify)
{
    size_t i;
    for (i = 0; i < kt_ncurves; i++) {
        const kurv_curve *c = kt_curves[i];
        size_t sl = kurv_curve_scalar_len(c), pl, ql;
        uint8_t d[KURV_MAX_SCALAR_LEN], pub[KURV_MAX_POINT_LEN], q[KURV_MAX_POINT_LEN];
        uint8_t a[KURV_MAX_SIG_RAW_LEN], b[KURV_MAX_SIG_RAW_LEN], det[KURV_MAX_SIG_RAW_LEN];
        uint8_t dg[32], extra[16];
        unsigned id;
        memset(dg, 0x11, sizeof dg);
        memset(extra, 0x22, sizeof extra);
        pl = sizeof pub;
        cr_assert_eq(kurv_keygen(c, d, sl, pub, &pl, 0), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, det, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0, 0),
                     KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, a, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0,
                                     KURV_ECDSA_SIGN_HEDGED), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign(c, b, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0,
                                     KURV_ECDSA_SIGN_HEDGED), KURV_OK);
        cr_assert(memcmp(a, b, sl) != 0, "%s: two hedged signatures share r", kurv_curve_name(c));
        cr_assert(memcmp(a, det, sl) != 0 && memcmp(b, det, sl) != 0);
        cr_assert_eq(kurv_ecdsa_verify(c, a, 2 * sl, pub, pl, dg, 32, 0), KURV_OK);
        cr_assert_eq(kurv_ecdsa_verify(c, b, 2 * sl, pub, pl, dg, 32, 0), KURV_OK);
        cr_assert_eq(ossl_ok(c, pub, pl, a, dg, 32), 1, "%s: OpenSSL refuses a hedged signature",
                     kurv_curve_name(c));
        cr_assert_eq(ossl_ok(c, pub, pl, b, dg, 32), 1);
        /* with the caller's extra data too, low-S, and recoverable */
        cr_assert_eq(kurv_ecdsa_sign(c, det, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, extra,
                                     sizeof extra, 0), KURV_OK);
        cr_assert_eq(kurv_ecdsa_sign_recoverable(c, a, 2 * sl, &id, d, sl, dg, 32, KURV_HASH_SHA256,
                                                 extra, sizeof extra,
                                                 KURV_ECDSA_SIGN_HEDGED | KURV_ECDSA_SIGN_LOW_S),
                     KURV_OK);
        cr_assert(memcmp(a, det, sl) != 0);
        cr_assert_eq(kurv_ecdsa_verify(c, a, 2 * sl, pub, pl, dg, 32, KURV_ECDSA_VERIFY_LOW_S),
                     KURV_OK);
        cr_assert_eq(recover(c, q, &ql, a, id, dg, 32), KURV_OK);
        cr_assert(memcmp(q, pub, pl) == 0);
        /* an unknown flag is still refused */
        cr_assert_eq(kurv_ecdsa_sign(c, a, 2 * sl, d, sl, dg, 32, KURV_HASH_SHA256, NULL, 0, 0x4),
                     KURV_ERR_ARG);
    }
}
