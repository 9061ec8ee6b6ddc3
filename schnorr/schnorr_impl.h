/*
 * kurv-schnorr internal: BIP-340 tagged hashes, shared by bip340.c and batch.c (never
 * installed). Scalars mod n and their products with points come from the core's
 * core/src/sc.h, its one private header here (sc.c and sc_point.c are compiled into
 * this library too; the curve's ops table behind them stays private to the core), and
 * the curve's p and n from kurv_curve_param: it has no field, point or scalar code of
 * its own.
 */
#ifndef KURV_SCHNORR_IMPL_H
#define KURV_SCHNORR_IMPL_H

#include <stdint.h>
#include <string.h>
#include <nettle/sha2.h>
#include <kurv/secp256k1.h>
#include "sc.h"

/* SHA-256(tag) of BIP-340's tags; a tagged hash starts with it twice. */
static const uint8_t bip340_tag_aux[32] = {
    0xf1,0xef,0x4e,0x5e,0xc0,0x63,0xca,0xda,0x6d,0x94,0xca,0xfa,0x9d,0x98,0x7e,0xa0,
    0x69,0x26,0x58,0x39,0xec,0xc1,0x1f,0x97,0x2d,0x77,0xa5,0x2e,0xd8,0xc1,0xcc,0x90};
static const uint8_t bip340_tag_nonce[32] = {
    0x07,0x49,0x77,0x34,0xa7,0x9b,0xcb,0x35,0x5b,0x9b,0x8c,0x7d,0x03,0x4f,0x12,0x1c,
    0xf4,0x34,0xd7,0x3e,0xf7,0x2d,0xda,0x19,0x87,0x00,0x61,0xfb,0x52,0xbf,0xeb,0x2f};
static const uint8_t bip340_tag_challenge[32] = {
    0x7b,0xb5,0x2d,0x7a,0x9f,0xef,0x58,0x32,0x3e,0xb1,0xbf,0x7a,0x40,0x7d,0xb3,0x82,
    0xd2,0xf3,0xf2,0xd8,0x1b,0xb1,0x22,0x4f,0x49,0xfe,0x51,0x8f,0x6d,0x48,0xd3,0x7c};

/* Start hash_tag(x) = SHA-256(SHA-256(tag) || SHA-256(tag) || x), given SHA-256(tag). */
static inline void schnorr_tag_init(struct sha256_ctx *ctx, const uint8_t taghash[32])
{
    sha256_init(ctx);
    sha256_update(ctx, 32, taghash);
    sha256_update(ctx, 32, taghash);
}

/* e = int(hash_BIP0340/challenge(r || px || m)) mod n, as 32 bytes. */
void kurv_schnorr_challenge(uint8_t e[32], const uint8_t r[32], const uint8_t px[32],
                            const uint8_t *msg, size_t msg_len);

/* 1 if the 32 big-endian bytes b are < the 32-byte bound (public values only) */
static inline int schnorr_lt_vartime(const uint8_t b[32], const uint8_t *bound)
{
    return memcmp(b, bound, 32) < 0;
}

#endif
