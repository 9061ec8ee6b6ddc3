/*
 * kurv-bench's Nettle peer (peer.h): hogweed's ECDSA and ECC point multiplication on the
 * curves Nettle 3.8 has that kurv has too, P-256, P-384 and P-521 (ecc-curve.h; it has no
 * secp256k1 and no Brainpool curve).
 *
 * What one timed call includes, next to kurv's (bytes in, bytes out):
 *   keygen  ecdsa_generate_keypair (a random scalar, d*G in affine coordinates) and the
 *           public key written as 0x04 || x || y (ecc_point_get, mpz_export).
 *   sign    ecdsa_sign on the digest, with a random nonce (Nettle has no RFC 6979), r and s
 *           written as fixed-length big-endian bytes. The private key is loaded once.
 *   verify  the public key's bytes read and checked to be on the curve (ecc_point_set), r and
 *           s read from bytes, ecdsa_verify.
 *   ecdh    the partner's public key read and checked to be on the curve (ecc_point_set),
 *           ecc_point_mul, the x-coordinate written as flen bytes.
 * Random bytes come from kurv_random (getrandom), as kurv's own do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <nettle/ecc.h>
#include <nettle/ecc-curve.h>
#include <nettle/ecdsa.h>

#include <kurv/keys.h>
#include <kurv/util.h>

#include "peer.h"

struct nettle_state {
    const struct bench_peer_io *k;
    const struct ecc_curve *ecc;
    int rng_failed;                  /* set when kurv_random fails inside a Nettle call */
    struct ecc_scalar d;             /* k->d, loaded once */
    struct ecc_scalar gen_d;         /* the last keygen's private key */
    struct ecc_point gen_q;          /* and its public key */
    struct ecc_point q;              /* a decoded public key (verify, ecdh) */
    struct ecc_point r;              /* d * pub2 */
    struct dsa_signature sig, vsig;  /* sign's output, verify's input */
    mpz_t x, y;
};

static void nettle_rng(void *ctx, size_t len, uint8_t *dst)
{
    struct nettle_state *s = ctx;
    if (kurv_random(dst, len) != KURV_OK) {
        memset(dst, 0, len);
        s->rng_failed = 1;
    }
}

/* v as exactly len big-endian bytes; 0 on success, -1 when v does not fit. */
static int mpz_to_bytes(uint8_t *out, size_t len, const mpz_t v)
{
    size_t n = (mpz_sizeinbase(v, 2) + 7) / 8;
    if (mpz_sgn(v) < 0 || n > len)
        return -1;
    memset(out, 0, len);
    mpz_export(out + len - n, NULL, 1, 1, 1, 0, v);
    return 0;
}

/* An uncompressed SEC1 point into s->q, checked to be on the curve; 0 on success. */
static int read_point(struct nettle_state *s, const uint8_t *pt)
{
    size_t f = s->k->flen;
    if (pt[0] != 0x04)
        return -1;
    mpz_import(s->x, f, 1, 1, 1, 0, pt + 1);
    mpz_import(s->y, f, 1, 1, 1, 0, pt + 1 + f);
    return ecc_point_set(&s->q, s->x, s->y) ? 0 : -1;
}

static int write_point(struct nettle_state *s, uint8_t *out, const struct ecc_point *p)
{
    size_t f = s->k->flen;
    ecc_point_get(p, s->x, s->y);
    out[0] = 0x04;
    return mpz_to_bytes(out + 1, f, s->x) || mpz_to_bytes(out + 1 + f, f, s->y);
}

static int nettle_keygen(void *st)
{
    struct nettle_state *s = st;
    ecdsa_generate_keypair(&s->gen_q, &s->gen_d, s, nettle_rng);
    return write_point(s, s->k->pub_out, &s->gen_q) || s->rng_failed;
}

static int nettle_sign(void *st)
{
    struct nettle_state *s = st;
    size_t n = s->k->slen;
    ecdsa_sign(&s->d, s, nettle_rng, s->k->digest_len, s->k->digest, &s->sig);
    return mpz_to_bytes(s->k->sig_out, n, s->sig.r) ||
           mpz_to_bytes(s->k->sig_out + n, n, s->sig.s) || s->rng_failed;
}

static int nettle_verify(void *st)
{
    struct nettle_state *s = st;
    size_t n = s->k->slen;
    if (read_point(s, s->k->pub))
        return -1;
    mpz_import(s->vsig.r, n, 1, 1, 1, 0, s->k->sig);
    mpz_import(s->vsig.s, n, 1, 1, 1, 0, s->k->sig + n);
    return !ecdsa_verify(&s->q, s->k->digest_len, s->k->digest, &s->vsig);
}

static int nettle_ecdh(void *st)
{
    struct nettle_state *s = st;
    if (read_point(s, s->k->pub2))
        return -1;
    ecc_point_mul(&s->r, &s->d, &s->q);
    ecc_point_get(&s->r, s->x, s->y);
    return mpz_to_bytes(s->k->secret, s->k->flen, s->x);
}

static int nettle_last_priv(void *st, uint8_t *priv)
{
    struct nettle_state *s = st;
    ecc_scalar_get(&s->gen_d, s->x);
    return mpz_to_bytes(priv, s->k->slen, s->x);
}

static void nettle_close(void *st)
{
    struct nettle_state *s = st;
    if (!s)
        return;
    ecc_scalar_clear(&s->d);
    ecc_scalar_clear(&s->gen_d);
    ecc_point_clear(&s->gen_q);
    ecc_point_clear(&s->q);
    ecc_point_clear(&s->r);
    dsa_signature_clear(&s->sig);
    dsa_signature_clear(&s->vsig);
    mpz_clear(s->x);
    mpz_clear(s->y);
    kurv_wipe(s, sizeof *s);
    free(s);
}

static void *nettle_open(const struct bench_peer_io *k)
{
    static const struct { const char *curve; const struct ecc_curve *(*get)(void); } map[] = {
        { "P-256", nettle_get_secp_256r1 },
        { "P-384", nettle_get_secp_384r1 },
        { "P-521", nettle_get_secp_521r1 },
    };
    const struct ecc_curve *ecc = NULL;
    struct nettle_state *s;
    size_t i;

    for (i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strcmp(k->curve, map[i].curve) == 0)
            ecc = map[i].get();
    if (!ecc)
        return NULL;
    if ((size_t)(ecc_bit_size(ecc) + 7) / 8 != k->flen) {
        fprintf(stderr, "kurv-bench: %s: Nettle: the curve's size differs from kurv's\n",
                k->curve);
        exit(1);
    }
    s = calloc(1, sizeof *s);
    if (!s) {
        fprintf(stderr, "kurv-bench: out of memory\n");
        exit(1);
    }
    s->k = k;
    s->ecc = ecc;
    ecc_scalar_init(&s->d, ecc);
    ecc_scalar_init(&s->gen_d, ecc);
    ecc_point_init(&s->gen_q, ecc);
    ecc_point_init(&s->q, ecc);
    ecc_point_init(&s->r, ecc);
    dsa_signature_init(&s->sig);
    dsa_signature_init(&s->vsig);
    mpz_inits(s->x, s->y, NULL);
    mpz_import(s->x, k->slen, 1, 1, 1, 0, k->d);
    if (!ecc_scalar_set(&s->d, s->x)) {
        fprintf(stderr, "kurv-bench: %s: Nettle: ecc_scalar_set rejects kurv's key\n", k->curve);
        exit(1);
    }
    return s;
}

const struct bench_peer bench_peer_nettle = {
    "Nettle", "nettle", nettle_open, nettle_close,
    nettle_keygen, nettle_sign, nettle_verify, nettle_ecdh,
    nettle_last_priv,
};
