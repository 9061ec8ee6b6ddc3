/*
 * kurv-bench's Botan 2 peer (peer.h), through Botan's C interface (botan/ffi.h, 2.19):
 * all seven of kurv's curves (Botan's names secp256k1, secp256r1, secp384r1, secp521r1,
 * brainpool256r1, brainpool384r1, brainpool512r1).
 *
 * What one timed call includes, next to kurv's (bytes in, bytes out):
 *   keygen  botan_privkey_create("ECDH", curve): a random scalar and its public point d*G;
 *           botan_pk_op_key_agreement_export_public writes 0x04 || x || y; the previous
 *           key object is freed.
 *   sign    botan_pk_op_sign_update + _finish with the "Raw" padding, so the digest is
 *           signed as it is (no hash; Botan derives the nonce by RFC 6979 and blinds the
 *           computation with its RNG); r || s out (Botan's default IEEE 1363 form). The
 *           private key and the signing operation are made once.
 *   verify  one-shot, as kurv's call is: x and y read from the public key's bytes
 *           (botan_mp_from_bin), botan_pubkey_load_ecdsa (which does not check the point
 *           on the curve, as kurv does; botan_pubkey_check_key would, but it also re-tests
 *           the group's parameters, about 0.9 ms on P-256 here, so it is left out and Botan
 *           is spared that check), botan_pk_op_verify_create ("Raw"; Botan builds its G/Q
 *           table for the double multiplication here: keeping the operation across calls
 *           saved 0-20% in a trial), update + finish on r || s, and both objects freed.
 *   ecdh    botan_pk_op_key_agreement with the "Raw" KDF on the partner's SEC1 bytes:
 *           Botan decodes them, checks the point on the curve and returns x. The private
 *           key and the key-agreement operation are made once.
 * Botan's RNG is its "user" one (an auto-seeded DRBG in user space).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <botan/ffi.h>

#include <kurv/curve.h>
#include <kurv/util.h>

#include "peer.h"

struct botan_state {
    const struct bench_peer_io *k;
    const char *curve;              /* Botan's name for it */
    botan_rng_t rng;
    botan_privkey_t sign_key, ka_key, gen_key;
    botan_pk_op_sign_t sign_op;
    botan_pk_op_ka_t ka_op;
    botan_mp_t x, y;
};

static void botan_die(const struct bench_peer_io *k, const char *what, int rc)
{
    fprintf(stderr, "kurv-bench: %s: Botan: %s failed (%d, %s)\n", k->curve, what, rc,
            botan_error_description(rc));
    exit(1);
}

static int b_keygen(void *st)
{
    struct botan_state *s = st;
    size_t len = s->k->plen;
    if (s->gen_key) {
        botan_privkey_destroy(s->gen_key);
        s->gen_key = NULL;
    }
    return botan_privkey_create(&s->gen_key, "ECDH", s->curve, s->rng) != 0 ||
           botan_pk_op_key_agreement_export_public(s->gen_key, s->k->pub_out, &len) != 0 ||
           len != s->k->plen;
}

static int b_sign(void *st)
{
    struct botan_state *s = st;
    size_t len = 2 * s->k->slen;
    return botan_pk_op_sign_update(s->sign_op, s->k->digest, s->k->digest_len) != 0 ||
           botan_pk_op_sign_finish(s->sign_op, s->rng, s->k->sig_out, &len) != 0 ||
           len != 2 * s->k->slen;
}

static int b_verify(void *st)
{
    struct botan_state *s = st;
    const struct bench_peer_io *k = s->k;
    botan_pubkey_t pub = NULL;
    botan_pk_op_verify_t op = NULL;
    int bad = k->pub[0] != 0x04 ||
              botan_mp_from_bin(s->x, k->pub + 1, k->flen) != 0 ||
              botan_mp_from_bin(s->y, k->pub + 1 + k->flen, k->flen) != 0 ||
              botan_pubkey_load_ecdsa(&pub, s->x, s->y, s->curve) != 0 ||
              botan_pk_op_verify_create(&op, pub, "Raw", 0) != 0 ||
              botan_pk_op_verify_update(op, k->digest, k->digest_len) != 0 ||
              botan_pk_op_verify_finish(op, k->sig, 2 * k->slen) != 0;
    botan_pk_op_verify_destroy(op);
    botan_pubkey_destroy(pub);
    return bad;
}

static int b_ecdh(void *st)
{
    struct botan_state *s = st;
    size_t len = s->k->flen;
    return botan_pk_op_key_agreement(s->ka_op, s->k->secret, &len, s->k->pub2, s->k->plen,
                                     NULL, 0) != 0 ||
           len != s->k->flen;
}

static int b_last_priv(void *st, uint8_t *priv)
{
    struct botan_state *s = st;
    size_t n = 0;
    if (!s->gen_key || botan_privkey_get_field(s->x, s->gen_key, "x") != 0 ||
        botan_mp_num_bytes(s->x, &n) != 0 || n > s->k->slen)
        return -1;
    memset(priv, 0, s->k->slen);
    return botan_mp_to_bin(s->x, priv + s->k->slen - n) != 0;
}

static void b_close(void *st)
{
    struct botan_state *s = st;
    if (!s)
        return;
    botan_pk_op_sign_destroy(s->sign_op);
    botan_pk_op_key_agreement_destroy(s->ka_op);
    botan_privkey_destroy(s->sign_key);
    botan_privkey_destroy(s->ka_key);
    botan_privkey_destroy(s->gen_key);
    botan_mp_destroy(s->x);
    botan_mp_destroy(s->y);
    botan_rng_destroy(s->rng);
    kurv_wipe(s, sizeof *s);
    free(s);
}

static void *b_open(const struct bench_peer_io *k)
{
    static const struct { const char *kurv, *botan; } map[] = {
        { "secp256k1", "secp256k1" },
        { "P-256", "secp256r1" },
        { "P-384", "secp384r1" },
        { "P-521", "secp521r1" },
        { "brainpoolP256r1", "brainpool256r1" },
        { "brainpoolP384r1", "brainpool384r1" },
        { "brainpoolP512r1", "brainpool512r1" },
    };
    uint8_t pub[KURV_MAX_POINT_LEN];
    size_t i, len = sizeof pub;
    struct botan_state *s;
    int rc;

    for (i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(k->curve, map[i].kurv) == 0)
            break;
    if (i == sizeof map / sizeof map[0])
        return NULL;
    s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "kurv-bench: out of memory\n");
        exit(1);
    }
    s->k = k;
    s->curve = map[i].botan;
    if ((rc = botan_rng_init(&s->rng, "user")) != 0)
        botan_die(k, "botan_rng_init", rc);
    if ((rc = botan_mp_init(&s->x)) != 0 || (rc = botan_mp_init(&s->y)) != 0)
        botan_die(k, "botan_mp_init", rc);
    if ((rc = botan_mp_from_bin(s->x, k->d, k->slen)) != 0)
        botan_die(k, "botan_mp_from_bin", rc);
    if ((rc = botan_privkey_load_ecdsa(&s->sign_key, s->x, s->curve)) != 0)
        botan_die(k, "botan_privkey_load_ecdsa", rc);
    if ((rc = botan_privkey_load_ecdh(&s->ka_key, s->x, s->curve)) != 0)
        botan_die(k, "botan_privkey_load_ecdh", rc);
    if ((rc = botan_pk_op_sign_create(&s->sign_op, s->sign_key, "Raw", 0)) != 0)
        botan_die(k, "botan_pk_op_sign_create", rc);
    if ((rc = botan_pk_op_key_agreement_create(&s->ka_op, s->ka_key, "Raw", 0)) != 0)
        botan_die(k, "botan_pk_op_key_agreement_create", rc);
    /* the key Botan loaded must have kurv's public key */
    if ((rc = botan_pk_op_key_agreement_export_public(s->ka_key, pub, &len)) != 0)
        botan_die(k, "botan_pk_op_key_agreement_export_public", rc);
    if (len != k->plen || memcmp(pub, k->pub, k->plen) != 0) {
        fprintf(stderr, "kurv-bench: %s: Botan's public key for kurv's d differs from kurv's\n",
                k->curve);
        exit(1);
    }
    return s;
}

const struct bench_peer bench_peer_botan = {
    "Botan", "botan", b_open, b_close,
    b_keygen, b_sign, b_verify, b_ecdh,
    b_last_priv,
};
