/*
 * kurv internal: a strict DER reader and a back-to-front DER writer (hidden symbols).
 *
 * Reader. A kurv_der is a bounded cursor (pointer + bytes left). Every read checks the
 * bounds first and fails with KURV_ERR_ENCODING on anything that is not DER as X.690 8.1
 * and 10.1 define it: high tag numbers, indefinite lengths, long-form lengths that could
 * have been shorter (or use more than 4 bytes), lengths past the end of the enclosing
 * value. Only the one-byte tags kurv needs are supported. The cursor is advanced only on
 * success.
 *
 * Writer. A kurv_derw fills its buffer from the end towards the start, so each value's
 * contents are written before its header and no length has to be known in advance
 * (the technique of many embedded ASN.1 writers). It never writes out of bounds: once
 * the buffer is full it only counts, so the caller learns the size it would need.
 *
 * Spec: ITU-T X.690 (08/2015) 8.1.2-8.1.3 (identifier, length), 8.6 (BIT STRING),
 * 8.19 (OBJECT IDENTIFIER), 10.1 (DER lengths), 8.3.2 (minimal INTEGER).
 */
#ifndef KURV_ASN1_H
#define KURV_ASN1_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/err.h>

/* The universal and context tags kurv's key formats use. */
#define KURV_DER_INTEGER   0x02
#define KURV_DER_BITSTRING 0x03
#define KURV_DER_OCTETS    0x04
#define KURV_DER_NULL      0x05
#define KURV_DER_OID       0x06
#define KURV_DER_SEQUENCE  0x30
#define KURV_DER_SET       0x31
#define KURV_DER_CTX0      0xA0 /* [0] constructed */
#define KURV_DER_CTX1      0xA1 /* [1] constructed */
#define KURV_DER_CTX1_PRIM 0x81 /* [1] IMPLICIT primitive (RFC 5958 publicKey) */

typedef struct kurv_der {
    const uint8_t *p; /* next unread byte */
    size_t len;       /* bytes left */
} kurv_der;

/* Start reading @len bytes at @p. */
void kurv_der_init(kurv_der *d, const uint8_t *p, size_t len);

/* The tag of the next value, or -1 when nothing is left. Reads nothing. */
int kurv_der_peek(const kurv_der *d);

/* Read one complete value (tag, length, contents). @tag out: its tag; @val out: a cursor
 * over its contents. Return: KURV_OK or KURV_ERR_ENCODING. */
kurv_err kurv_der_read_any(kurv_der *d, uint8_t *tag, kurv_der *val);

/* As kurv_der_read_any() but the tag must be @tag (else KURV_ERR_ENCODING). */
kurv_err kurv_der_read(kurv_der *d, uint8_t tag, kurv_der *val);

/* Read a non-negative INTEGER below 2^31, minimally encoded, into *@v. */
kurv_err kurv_der_read_small_uint(kurv_der *d, unsigned long *v);

/* Read an OBJECT IDENTIFIER; its contents must be well formed (non-empty, each arc
 * minimal and terminated). @oid out: the contents. */
kurv_err kurv_der_read_oid(kurv_der *d, kurv_der *oid);

/* Check the contents of a BIT STRING (as read with tag @tag, BIT STRING or an IMPLICIT
 * one): the unused-bits count must be 0. @bits out: the bytes after that count. */
kurv_err kurv_der_bits(const kurv_der *val, kurv_der *bits);

/* KURV_OK if nothing is left in @d, else KURV_ERR_ENCODING (trailing data). */
kurv_err kurv_der_end(const kurv_der *d);

/* Writer: bytes are at buf[cap - used, cap) while used <= cap. */
typedef struct kurv_derw {
    uint8_t *buf;
    size_t cap;
    size_t used; /* bytes produced so far (may exceed cap: then nothing more is stored) */
} kurv_derw;

void kurv_derw_init(kurv_derw *w, uint8_t *buf, size_t cap);

/* Prepend @n bytes at @p. */
void kurv_derw_bytes(kurv_derw *w, const uint8_t *p, size_t n);

/* Prepend one byte. */
void kurv_derw_byte(kurv_derw *w, uint8_t b);

/* Prepend the tag and length of a value whose contents are everything written since
 * w->used was @mark. */
void kurv_derw_wrap(kurv_derw *w, uint8_t tag, size_t mark);

/* Prepend an OBJECT IDENTIFIER with contents @oid (@len bytes). */
void kurv_derw_oid(kurv_derw *w, const uint8_t *oid, size_t len);

/* Nonzero when everything written fitted into the buffer. */
int kurv_derw_ok(const kurv_derw *w);

/* The encoding written so far (valid only if kurv_derw_ok()). */
const uint8_t *kurv_derw_data(const kurv_derw *w);

#endif
