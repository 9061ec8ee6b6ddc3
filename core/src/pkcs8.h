/*
 * kurv internal: the part of a PKCS#8 PrivateKeyInfo / OneAsymmetricKey that does not
 * depend on the algorithm (hidden symbols): what follows the privateKey OCTET STRING.
 * Read by the core's key files (keyfile.c) and by kurv-25519's (curves/25519/keyfile25519.c,
 * whose shared library compiles this file in as well).
 *
 *   OneAsymmetricKey ::= SEQUENCE { version, privateKeyAlgorithm, privateKey,
 *       [0] IMPLICIT Attributes OPTIONAL, -- SET OF Attribute: SEQUENCE { type, SET OF value }
 *       [1] IMPLICIT PublicKey OPTIONAL   -- BIT STRING; v2 (version 1) only
 *   }
 * Spec: RFC 5208 5; RFC 5958 2.
 */
#ifndef KURV_PKCS8_H
#define KURV_PKCS8_H

#include "asn1.h"

/* Read the rest of the SEQUENCE @seq after privateKey: the attributes (each checked to be
 * an Attribute, SEQUENCE { OBJECT IDENTIFIER, SET OF values }, each value a whole DER
 * element, then ignored) and, when @version is 1 (v2), the optional publicKey, whose
 * bits (0 unused bits required) go to @pub with *@has_pub set to 1 (else 0). Nothing may
 * follow. Return: KURV_OK; KURV_ERR_ENCODING (bad attributes, a bad publicKey or one in a
 * v1 key, anything else after them). */
kurv_err kurv_pkcs8_tail(kurv_der *seq, unsigned long version, int *has_pub, kurv_der *pub);

#endif
