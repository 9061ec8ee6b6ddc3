/*
 * kurv-bench: the interface of a comparison library ("peer") kept in its own file
 * (peer_nettle.c, peer_botan.c). bench.c gives the peer kurv's keys as bytes, checks each of
 * the peer's operations against kurv once (peer_check in bench.c), then times them.
 *
 * Each peer's file says, next to its operations, what one timed call includes (key and
 * signature decoding, point validation, encoding of the result, what is set up once), so
 * the cells compare like with like: kurv's calls take bytes in and give bytes out.
 */
#ifndef KURV_BENCH_PEER_H
#define KURV_BENCH_PEER_H

#include <stddef.h>
#include <stdint.h>

/* What a peer works on for one curve: the inputs, all made by kurv, and the buffers its
 * operations write to and verify reads from, all owned by bench.c; valid from open to close. */
struct bench_peer_io {
    const char *curve;           /* kurv's standard name: "secp256k1", "P-256", "brainpoolP256r1"... */
    size_t slen;                 /* scalar (private key, r, s) length in bytes */
    size_t flen;                 /* field element (ECDH secret) length in bytes */
    size_t plen;                 /* uncompressed SEC1 point length, 1 + 2 * flen */
    const uint8_t *d;            /* the signer's and ECDH private key, slen bytes, big-endian */
    const uint8_t *pub;          /* its public key d*G, plen bytes, 0x04 || x || y */
    const uint8_t *pub2;         /* the ECDH partner's public key, plen bytes */
    const uint8_t *digest;       /* the message digest every library signs as it is */
    size_t digest_len;
    uint8_t *pub_out;            /* keygen's public key: plen bytes, 0x04 || x || y */
    uint8_t *sig_out;            /* sign's signature: r || s, slen bytes each, big-endian */
    const uint8_t *sig;          /* the signature verify checks, r || s (bench.c sets it) */
    uint8_t *secret;             /* ecdh's secret: flen bytes, big-endian */
};

/* One peer. The four timed operations take the state open() returned and return 0 on
 * success, nonzero on any failure (the bench then stops). */
struct bench_peer {
    const char *name;            /* the table's column heading, e.g. "Nettle" */
    const char *csv;             /* the CSV columns' prefix, e.g. "nettle" */
    /* The peer's state for k->curve, with k's keys loaded; NULL when the peer does not offer
     * that curve. Any other failure prints one line to stderr and exits 1. */
    void *(*open)(const struct bench_peer_io *k);
    /* Frees and wipes the state (NULL is allowed). */
    void (*close)(void *st);
    int (*keygen)(void *st);     /* a fresh key pair, its public key into k->pub_out */
    int (*sign)(void *st);       /* ECDSA signature of k->digest under k->d into k->sig_out */
    int (*verify)(void *st);     /* ECDSA verification of k->sig under k->pub */
    int (*ecdh)(void *st);       /* the x-coordinate of d * pub2 into k->secret */
    /* For the check of keygen: the last keygen's private key, slen bytes, big-endian. */
    int (*last_priv)(void *st, uint8_t *priv);
};

/* peer_nettle.c: Nettle's hogweed (P-256, P-384, P-521). */
extern const struct bench_peer bench_peer_nettle;
/* peer_botan.c: Botan 2 through its C FFI (every curve kurv has). */
extern const struct bench_peer bench_peer_botan;

#endif
