/* kurv-brainpool: the Brainpool "r1" curves of RFC 5639. */
#ifndef KURV_BRAINPOOL_H
#define KURV_BRAINPOOL_H

#include <kurv/kurv.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * kurv_brainpoolp256r1() - brainpoolP256r1: 32-byte field elements and scalars,
 * OID 1.3.36.3.3.2.8.1.1.7.
 * Return: a static descriptor; never NULL.
 * Spec: RFC 5639 3.4.
 */
KURV_API const kurv_curve *kurv_brainpoolp256r1(void);

/**
 * kurv_brainpoolp384r1() - brainpoolP384r1: 48-byte field elements and scalars,
 * OID 1.3.36.3.3.2.8.1.1.11.
 * Return: a static descriptor; never NULL.
 * Spec: RFC 5639 3.6.
 */
KURV_API const kurv_curve *kurv_brainpoolp384r1(void);

/**
 * kurv_brainpoolp512r1() - brainpoolP512r1: 64-byte field elements and scalars,
 * OID 1.3.36.3.3.2.8.1.1.13.
 * Return: a static descriptor; never NULL.
 * Spec: RFC 5639 3.7.
 */
KURV_API const kurv_curve *kurv_brainpoolp512r1(void);

#ifdef __cplusplus
}
#endif
#endif
