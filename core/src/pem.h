/*
 * kurv internal: RFC 7468 textual encoding (PEM) over Nettle's base64 (hidden symbols).
 *
 * Writer: the strict form of RFC 7468 section 2 - "-----BEGIN label-----", base64 lines of
 * exactly 64 characters (the last one shorter), "-----END label-----", each line ended by
 * "\n".
 *
 * Reader: the lax form of RFC 7468 section 3, within limits. Text before the BEGIN line is
 * skipped (the BEGIN line must start a line); lines may end in LF or CRLF and carry
 * trailing spaces or tabs; base64 lines may have any length, spaces and tabs inside are
 * ignored, blank lines are allowed. Refused with KURV_ERR_ENCODING: a bad label, an END
 * line missing or with a different label, characters outside the base64 alphabet, data
 * after padding, base64 whose length is not a multiple of 4, non-zero pad bits, an empty
 * body, RFC 1421 headers ("Name: value" lines). The exception is an RFC 1421 encryption
 * header (a "Proc-Type:" line containing "ENCRYPTED"), which gives KURV_ERR_UNSUPPORTED.
 */
#ifndef KURV_PEM_H
#define KURV_PEM_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/err.h>

/* Longest label accepted (RFC 7468 sets no limit; every label in use is far shorter). */
#define KURV_PEM_LABEL_MAX 64

/* Bytes kurv_pem_write() produces for @der_len bytes of data under @label. */
size_t kurv_pem_len(const char *label, size_t der_len);

/* Write @der as PEM under @label into @out. *@out_len: capacity in, bytes written out
 * (no NUL). Return: KURV_OK; KURV_ERR_BUFFER (*@out_len set to the need). */
kurv_err kurv_pem_write(uint8_t *out, size_t *out_len, const char *label,
                        const uint8_t *der, size_t der_len);

/* Find the first PEM block in @in and decode it.
 * @der:      out, the decoded bytes; *@der_len: capacity in, bytes out. More data than
 *            the capacity gives KURV_ERR_ENCODING (keys are small; the caller picks the cap).
 * @label:    out, the NUL-terminated label (KURV_PEM_LABEL_MAX + 1 bytes).
 * @consumed: out, the offset in @in just after the END line (and its line break).
 * Return: KURV_OK; KURV_ERR_ENCODING; KURV_ERR_UNSUPPORTED (RFC 1421 encrypted block).
 *         On error *@der_len is 0 and @der is wiped (it may hold secret key bytes). */
kurv_err kurv_pem_read(uint8_t *der, size_t *der_len, char *label, size_t *consumed,
                       const uint8_t *in, size_t in_len);

/* Nonzero if @p holds only spaces, tabs, CR and LF (or nothing). */
int kurv_pem_blank(const uint8_t *p, size_t len);

#endif
