/* kurv tests: how kurv is asked about one Wycheproof ECDSA or ECDH case. Shared by the
 * Criterion suites (tests/ecdsa/test_wycheproof.c, tests/keyfile/test_ecdh_wycheproof.c)
 * and the plain vector checker (tests/vectors); neither uses Criterion here. Each returns
 * kurv's answer; the caller holds it against the case's "result" (valid, invalid,
 * acceptable) in its own way. */
#ifndef KURV_TEST_WYCHEPROOF_H
#define KURV_TEST_WYCHEPROOF_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>
#include <kurv/kurv.h>

/* The signature encoding of a Wycheproof ECDSA test group, from its "type":
 * EcdsaVerify (ASN.1 DER), EcdsaP1363Verify (IEEE P1363, r || s) and EcdsaBitcoinVerify
 * (DER, and s must be low: at most n/2). */
enum kt_wp_sig { KT_WP_SIG_UNKNOWN, KT_WP_SIG_DER, KT_WP_SIG_P1363, KT_WP_SIG_BITCOIN };
enum kt_wp_sig kt_wp_sig_type(const char *type);

/* Verify one Wycheproof ECDSA case: sig (in the group's encoding) over the digest under pub.
 * Return KURV_OK when kurv accepts it, else kurv's error; *der_refused is set to 1 when the
 * refusal came from decoding the DER signature (kurv_ecdsa_sig_from_der), 0 otherwise. */
kurv_err kt_wp_ecdsa_verify(const kurv_curve *c, enum kt_wp_sig enc, const uint8_t *pub,
                            size_t pub_len, const uint8_t *digest, size_t digest_len,
                            const uint8_t *sig, size_t sig_len, int *der_refused);

/* How a Wycheproof ECDH file gives its keys (its "schema"):
 *   ASN      public = DER SubjectPublicKeyInfo, private = hex integer (ecdh_test_schema);
 *   PEM      public = PEM SPKI, private = PEM PKCS#8 (ecdh_pem_test_schema);
 *   ECPOINT  public = SEC1 point, private = hex integer (ecdh_ecpoint_test_schema);
 *   JWK      JWK objects, x, y and d in base64url (ecdh_webcrypto_test_schema). */
enum kt_wp_ecdh_enc { KT_WP_ECDH_ASN, KT_WP_ECDH_PEM, KT_WP_ECDH_ECPOINT, KT_WP_ECDH_JWK };

/* The key encoding named by a Wycheproof ECDH "schema" value; 0 for an unknown schema. */
int kt_wp_ecdh_schema(const char *schema, enum kt_wp_ecdh_enc *enc);

/* One Wycheproof ECDH case (test object t) on curve c: decode the keys as enc says, then
 * kurv_ecdh. Return 1 when kurv gives a shared secret (field_len bytes into secret), 0 when
 * it refuses the keys or the exchange, -1 when the case itself is malformed (missing
 * fields, bad hex, a private key kurv must read and cannot); *why then says what. A public
 * key of another curve, or one that does not decode, is a refusal. */
int kt_wp_ecdh_case(const kurv_curve *c, json_object *t, enum kt_wp_ecdh_enc enc,
                    uint8_t *secret, const char **why);

#endif
