/* kurv-schnorr: BIP-340 keys, signing and single verification (see kurv/schnorr.h). */
#include <kurv/schnorr.h>
#include "schnorr_impl.h"   /* and sc.h, with ct.h's kurv_declassify */

void kurv_schnorr_challenge(uint8_t e[32], const uint8_t r[32], const uint8_t px[32],
                            const uint8_t *msg, size_t msg_len)
{
    struct sha256_ctx ctx;
    uint8_t h[32];
    kurv_sc v;
    const kurv_curve *c = kurv_secp256k1();

    schnorr_tag_init(&ctx, bip340_tag_challenge);
    sha256_update(&ctx, 32, r);
    sha256_update(&ctx, 32, px);
    if (msg_len)
        sha256_update(&ctx, msg_len, msg);
    sha256_digest(&ctx, 32, h);
    kurv_sc_reduce(c, &v, h, 32);
    kurv_sc_store(c, e, &v);
}

kurv_err kurv_schnorr_keypair(uint8_t keypair[64], const uint8_t seckey[32])
{
    const kurv_curve *c = kurv_secp256k1();
    uint8_t xy[64];
    kurv_sc d;
    uint64_t odd;
    kurv_err e;

    if (!keypair || !seckey) {
        if (keypair)
            memset(keypair, 0, 64);
        return KURV_ERR_ARG;
    }
    if (kurv_privkey_check(c, seckey, 32) != KURV_OK) {
        memset(keypair, 0, 64);
        return KURV_ERR_PRIVKEY;
    }
    e = kurv_ec_mul_base(c, xy, seckey);   /* P = d'G, constant time; never O for d' < n */
    if (e != KURV_OK) {
        kurv_wipe(xy, sizeof xy);
        memset(keypair, 0, 64);
        return e;
    }
    /* d = d' if y(P) is even, else n - d' (constant time in the parity) */
    kurv_sc_load(c, &d, seckey);
    odd = 0 - (uint64_t)(xy[63] & 1);
    kurv_sc_cneg(c, &d, &d, odd);
    kurv_sc_store(c, keypair, &d);
    memcpy(keypair + 32, xy, 32);
    kurv_declassify(keypair + 32, 32);     /* x(P) is the public key */
    kurv_wipe(xy, sizeof xy);
    kurv_wipe(&d, sizeof d);
    kurv_wipe(&odd, sizeof odd);
    return KURV_OK;
}

kurv_err kurv_schnorr_keypair_pubkey(uint8_t pubkey[32], const uint8_t keypair[64])
{
    if (!pubkey || !keypair)
        return KURV_ERR_ARG;
    memcpy(pubkey, keypair + 32, 32);
    return KURV_OK;
}

kurv_err kurv_schnorr_pubkey(uint8_t pubkey[32], const uint8_t seckey[32])
{
    uint8_t kp[64];
    kurv_err e;
    if (!pubkey)
        return KURV_ERR_ARG;
    e = kurv_schnorr_keypair(kp, seckey);
    if (e == KURV_OK)
        memcpy(pubkey, kp + 32, 32);
    else
        memset(pubkey, 0, 32);
    kurv_wipe(kp, sizeof kp);
    return e;
}

kurv_err kurv_schnorr_pubkey_check(const uint8_t pubkey[32])
{
    const kurv_curve *c = kurv_secp256k1();
    uint8_t y[32];
    if (!pubkey)
        return KURV_ERR_ARG;
    return kurv_ec_lift_x(c, y, pubkey, 0);
}

kurv_err kurv_schnorr_sign(uint8_t sig[64], const uint8_t keypair[64], const uint8_t *msg,
                           size_t msg_len, const uint8_t aux[32])
{
    const kurv_curve *c = kurv_secp256k1();
    struct sha256_ctx ctx;
    uint8_t t[32], rxy[64], kb[32], eb[32];
    kurv_sc d, k, ev;
    uint64_t valid, odd, kzero;
    kurv_err err = KURV_OK;
    size_t i;

    if (!sig)
        return KURV_ERR_ARG;
    memset(sig, 0, 64);
    if (!keypair || !aux || (!msg && msg_len))
        return KURV_ERR_ARG;

    /* the key pair's d must be in [1, n-1]; the answer is returned, hence public */
    valid = kurv_sc_valid(c, keypair);
    kurv_declassify(&valid, sizeof valid);
    if (!(valid & 1))
        return KURV_ERR_PRIVKEY;

    /* t = bytes(d) xor hash_BIP0340/aux(a) */
    schnorr_tag_init(&ctx, bip340_tag_aux);
    sha256_update(&ctx, 32, aux);
    sha256_digest(&ctx, 32, t);
    for (i = 0; i < 32; i++)
        t[i] ^= keypair[i];

    /* rand = hash_BIP0340/nonce(t || bytes(P) || m); k' = int(rand) mod n */
    schnorr_tag_init(&ctx, bip340_tag_nonce);
    sha256_update(&ctx, 32, t);
    sha256_update(&ctx, 32, keypair + 32);
    if (msg_len)
        sha256_update(&ctx, msg_len, msg);
    sha256_digest(&ctx, 32, kb);
    kurv_sc_reduce(c, &k, kb, 32);
    kzero = kurv_sc_is_zero(c, &k);
    kurv_declassify(&kzero, sizeof kzero);   /* a failure the caller is told about */
    if (kzero & 1) {
        err = KURV_ERR_SIGNATURE;
        goto out;
    }

    /* R = k'G; k = k' if y(R) is even, else n - k' */
    kurv_sc_store(c, kb, &k);
    err = kurv_ec_mul_base(c, rxy, kb);
    if (err != KURV_OK)
        goto out;
    odd = 0 - (uint64_t)(rxy[63] & 1);
    kurv_sc_cneg(c, &k, &k, odd);
    kurv_declassify(rxy, 32);                /* r = x(R) is the first half of the signature */

    /* e = int(hash_BIP0340/challenge(bytes(R) || bytes(P) || m)) mod n; s = k + e d mod n */
    kurv_schnorr_challenge(eb, rxy, keypair + 32, msg, msg_len);
    kurv_sc_load(c, &ev, eb);                /* e < n */
    kurv_sc_load(c, &d, keypair);            /* checked above */
    kurv_sc_mul(c, &ev, &ev, &d);
    kurv_sc_add(c, &k, &k, &ev);
    memcpy(sig, rxy, 32);
    kurv_sc_store(c, sig + 32, &k);
    kurv_declassify(sig + 32, 32);           /* s is published */

out:
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(t, sizeof t);
    kurv_wipe(rxy, sizeof rxy);
    kurv_wipe(kb, sizeof kb);
    kurv_wipe(&d, sizeof d);
    kurv_wipe(&k, sizeof k);
    kurv_wipe(&ev, sizeof ev);
    kurv_wipe(&odd, sizeof odd);
    if (err != KURV_OK)
        memset(sig, 0, 64);
    return err;
}

kurv_err kurv_schnorr_sign_seckey(uint8_t sig[64], const uint8_t seckey[32], const uint8_t *msg,
                                  size_t msg_len, const uint8_t aux[32])
{
    uint8_t kp[64];
    kurv_err e;
    if (!sig)
        return KURV_ERR_ARG;
    e = kurv_schnorr_keypair(kp, seckey);
    if (e == KURV_OK)
        e = kurv_schnorr_sign(sig, kp, msg, msg_len, aux);
    else
        memset(sig, 0, 64);
    kurv_wipe(kp, sizeof kp);
    return e;
}

kurv_err kurv_schnorr_verify(const uint8_t sig[64], const uint8_t pubkey[32], const uint8_t *msg,
                             size_t msg_len)
{
    const kurv_curve *c = kurv_secp256k1();
    uint8_t pxy[64], rxy[64], eb[32];
    kurv_sc ev;
    kurv_err e;

    if (!sig || !pubkey || (!msg && msg_len))
        return KURV_ERR_ARG;
    if (!kurv_ec_has_ext(c))               /* the affine u1*G + u2*Q: an optional op */
        return KURV_ERR_UNSUPPORTED;
    /* P = lift_x(int(pk)) */
    memcpy(pxy, pubkey, 32);
    e = kurv_ec_lift_x(c, pxy + 32, pubkey, 0);
    if (e != KURV_OK)
        return KURV_ERR_POINT;
    if (!schnorr_lt_vartime(sig, kurv_curve_param(c, 'p', NULL))
        || !schnorr_lt_vartime(sig + 32, kurv_curve_param(c, 'n', NULL)))
        return KURV_ERR_ENCODING;          /* r >= p or s >= n */
    /* R = s G - e P */
    kurv_schnorr_challenge(eb, sig, pubkey, msg, msg_len);
    kurv_sc_load(c, &ev, eb);                /* e < n */
    kurv_sc_neg(c, &ev, &ev);
    kurv_sc_store(c, eb, &ev);
    e = kurv_ec_mul2_xy_vartime(c, rxy, sig + 32, eb, pxy);
    if (e != KURV_OK)                      /* R = O */
        return KURV_ERR_SIGNATURE;
    if ((rxy[63] & 1) || memcmp(rxy, sig, 32) != 0)
        return KURV_ERR_SIGNATURE;
    return KURV_OK;
}
