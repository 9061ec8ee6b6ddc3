/* kurv: curve descriptors. */
#ifndef KURV_CURVE_H
#define KURV_CURVE_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/export.h>
#include <kurv/err.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A curve is an opaque, immutable descriptor. Callers only hold
 * "const kurv_curve *" values obtained from a curve library's accessor
 * (kurv_secp256k1(), kurv_p256(), ...). The core never names a curve: lookups
 * by name or OID search a list that the caller supplies.
 *
 * Conventions for the whole API: arguments go curve first, then outputs, then
 * inputs; each length follows its buffer; pointers are non-NULL unless a
 * comment says otherwise. A variable-length output takes "size_t *len": its
 * capacity on input, the bytes written on output (or the size needed, with
 * KURV_ERR_BUFFER). Integers are unsigned big-endian byte strings.
 */
typedef struct kurv_curve kurv_curve;

/* Largest sizes over every curve kurv supports (all set by P-521). */
#define KURV_MAX_FIELD_LEN   66   /* bytes of a field element */
#define KURV_MAX_SCALAR_LEN  66   /* bytes of a scalar / private key */
#define KURV_MAX_POINT_LEN   133  /* bytes of an uncompressed SEC1 point */
#define KURV_MAX_SIG_RAW_LEN 132  /* bytes of a raw r||s signature */
#define KURV_MAX_SIG_DER_LEN 139  /* bytes of a DER Ecdsa-Sig-Value */
#define KURV_MAX_OID_LEN     16   /* bytes of an OID's DER contents */

/** kurv_curve_name() - the curve's standard name ("secp256k1", "P-256", "brainpoolP256r1"). */
KURV_API const char *kurv_curve_name(const kurv_curve *c);

/**
 * kurv_curve_aliases() - other names of the curve (SEC 2, OpenSSL, ANSI X9.62).
 * Return: a NULL-terminated array of static strings (possibly just {NULL}).
 */
KURV_API const char *const *kurv_curve_aliases(const kurv_curve *c);

/** kurv_curve_field_len() - bytes of a field element: ceil(bits(p) / 8). */
KURV_API size_t kurv_curve_field_len(const kurv_curve *c);

/** kurv_curve_scalar_len() - bytes of a scalar and of a private key: ceil(bits(n) / 8). */
KURV_API size_t kurv_curve_scalar_len(const kurv_curve *c);

/** kurv_curve_order_bits() - bits of the group order n (256 for secp256k1, 521 for P-521). */
KURV_API unsigned kurv_curve_order_bits(const kurv_curve *c);

/** kurv_curve_field_bits() - bits of the field prime p. */
KURV_API unsigned kurv_curve_field_bits(const kurv_curve *c);

/** kurv_curve_point_len() - bytes of a SEC1 point: 1 + field_len if @compressed, else 1 + 2 * field_len. */
KURV_API size_t kurv_curve_point_len(const kurv_curve *c, int compressed);

/**
 * kurv_curve_oid() - the curve's object identifier (RFC 5480 namedCurve).
 * @len: out, the length of the returned bytes.
 * Return: the OID's DER contents (without tag and length), static storage.
 */
KURV_API const uint8_t *kurv_curve_oid(const kurv_curve *c, size_t *len);

/** kurv_curve_oid_str() - the OID in dotted form, e.g. "1.3.132.0.10". */
KURV_API const char *kurv_curve_oid_str(const kurv_curve *c);

/**
 * kurv_curve_param() - one domain parameter as big-endian bytes.
 * @which: 'p', 'a', 'b', 'x' (G's x), 'y' (G's y) or 'n'.
 * @len:   out, its length: field_len for p, a, b, x, y; scalar_len for n.
 * Return: static bytes, or NULL for an unknown @which.
 */
KURV_API const uint8_t *kurv_curve_param(const kurv_curve *c, char which, size_t *len);

/**
 * kurv_curve_find_name() - look a curve up by name or alias, case-insensitively.
 * @list: @count descriptors to search (NULL entries are skipped).
 * Return: the matching descriptor, or NULL.
 */
KURV_API const kurv_curve *kurv_curve_find_name(const kurv_curve *const *list, size_t count,
                                                const char *name);

/**
 * kurv_curve_find_oid() - look a curve up by its OID's DER contents.
 * Return: the matching descriptor, or NULL.
 */
KURV_API const kurv_curve *kurv_curve_find_oid(const kurv_curve *const *list, size_t count,
                                               const uint8_t *oid, size_t oid_len);

#ifdef __cplusplus
}
#endif
#endif
