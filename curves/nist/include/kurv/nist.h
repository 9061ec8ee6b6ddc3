/* kurv-nist: the NIST prime curves P-256, P-384 and P-521 (FIPS 186-5, SEC 2). */
#ifndef KURV_NIST_H
#define KURV_NIST_H

#include <kurv/kurv.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * kurv_p256() - P-256 (secp256r1, prime256v1): 32-byte field elements and scalars,
 * a = -3, OID 1.2.840.10045.3.1.7.
 * Return: a static descriptor; never NULL.
 * Spec: FIPS 186-5 / SP 800-186 3.2.1.3; SEC 2 v2 2.4.2.
 */
KURV_API const kurv_curve *kurv_p256(void);

/**
 * kurv_p384() - P-384 (secp384r1): 48-byte field elements and scalars, a = -3,
 * OID 1.3.132.0.34.
 * Return: a static descriptor; never NULL.
 * Spec: SP 800-186 3.2.1.4; SEC 2 v2 2.5.1.
 */
KURV_API const kurv_curve *kurv_p384(void);

/**
 * kurv_p521() - P-521 (secp521r1): 66-byte field elements and scalars (521 bits),
 * a = -3, OID 1.3.132.0.35.
 * Return: a static descriptor; never NULL.
 * Spec: SP 800-186 3.2.1.5; SEC 2 v2 2.6.1.
 */
KURV_API const kurv_curve *kurv_p521(void);

#ifdef __cplusplus
}
#endif
#endif
