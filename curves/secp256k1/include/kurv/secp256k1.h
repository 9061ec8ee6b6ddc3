/* kurv-secp256k1: the secp256k1 curve of SEC 2 (Bitcoin's curve). */
#ifndef KURV_SECP256K1_H
#define KURV_SECP256K1_H

#include <kurv/kurv.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * kurv_secp256k1() - the secp256k1 descriptor: p = 2^256 - 2^32 - 977, a = 0, b = 7,
 * 32-byte field elements and scalars, OID 1.3.132.0.10.
 * Return: a static descriptor; never NULL.
 * Spec: SEC 2 v2 2.4.1.
 */
KURV_API const kurv_curve *kurv_secp256k1(void);

#ifdef __cplusplus
}
#endif
#endif
