/*
 * kurv internal: helpers shared by the ECDSA sources in dsa/ (hidden symbols of
 * libkurv; never installed). Integers are big-endian byte strings; "slen" and
 * "flen" are the curve's scalar and field lengths (kurv_curve_scalar_len,
 * kurv_curve_field_len). The curve is reached through the public accessors of
 * kurv/curve.h and the core's sc.h (scalars and their products with points), never
 * through the descriptor's layout.
 */
#ifndef KURV_ECDSA_IMPL_H
#define KURV_ECDSA_IMPL_H

#include <stddef.h>
#include <stdint.h>
#include <nettle/sha2.h>
#include <nettle/nettle-meta.h>
#include <kurv/ecdsa.h>
#include <kurv/curve.h>

/*
 * out (slen bytes) = bits2int(in) of RFC 6979 2.3.2: the integer made of the
 * leftmost qlen = order_bits bits of in (all of in when it is no longer than
 * that). The result is < 2^qlen but may be >= n. Constant time in the contents
 * of in (the shifts depend on lengths only). kurv_sc_reduce (sc.h) takes it mod n.
 */
void kurv_dsa_bits2int(const kurv_curve *c, uint8_t *out, const uint8_t *in, size_t in_len);

/* The Nettle description of a kurv hash, or NULL for KURV_HASH_NONE / unknown values. */
const struct nettle_hash *kurv_dsa_nettle_hash(kurv_hash h);

/* HMAC_DRBG state of RFC 6979 3.2 (K, V and the keyed HMAC contexts). Secret. */
union kurv_dsa_hctx {
    struct sha256_ctx s256;
    struct sha512_ctx s512;
};

typedef struct kurv_dsa_drbg {
    const struct nettle_hash *h;
    size_t hlen;                       /* HMAC output length in bytes */
    union kurv_dsa_hctx outer, inner, state;
    uint8_t k[SHA512_DIGEST_SIZE];     /* K (hlen bytes used) */
    uint8_t v[SHA512_DIGEST_SIZE];     /* V (hlen bytes used) */
} kurv_dsa_drbg;

/*
 * RFC 6979 3.2 steps b to g: seed the generator from x = int2octets(d) (slen
 * bytes), h = bits2octets(H(m)) (slen bytes) and, when extra_len > 0, the
 * additional data k' of section 3.6 appended to both seeding HMACs.
 */
void kurv_dsa_drbg_init(kurv_dsa_drbg *g, const struct nettle_hash *h, size_t slen,
                        const uint8_t *x, const uint8_t *hm,
                        const uint8_t *extra, size_t extra_len);

/* RFC 6979 3.2 step h.1-h.2: fill t with the first t_len bytes of T = V1 || V2 || ...
 * (t_len = slen gives enough bits for bits2int with qlen = order_bits). */
void kurv_dsa_drbg_generate(kurv_dsa_drbg *g, uint8_t *t, size_t t_len);

/* RFC 6979 3.2 step h.3, after a rejected candidate: K = HMAC_K(V || 0x00); V = HMAC_K(V). */
void kurv_dsa_drbg_reseed(kurv_dsa_drbg *g);

#endif
