/* kurv: the one error enumeration shared by every kurv library. */
#ifndef KURV_ERR_H
#define KURV_ERR_H

#include <kurv/export.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Every kurv function that can fail returns a kurv_err. KURV_OK is zero, so
 * "if (err) ..." works. On any error, secret outputs are zeroed.
 */
typedef enum kurv_err {
    KURV_OK = 0,
    KURV_ERR_ARG,         /* NULL pointer, unknown enum value, or wrong length argument */
    KURV_ERR_BUFFER,      /* output buffer too small (its needed size is reported where possible) */
    KURV_ERR_PRIVKEY,     /* private scalar not in [1, n-1] or of the wrong length */
    KURV_ERR_POINT,       /* point encoding invalid, coordinate >= p, point not on the curve, x without a square root */
    KURV_ERR_INFINITY,    /* the point at infinity where a finite point is required */
    KURV_ERR_ENCODING,    /* malformed DER, PEM, ASN.1 or signature encoding */
    KURV_ERR_SIGNATURE,   /* the signature does not verify (or r, s out of range) */
    KURV_ERR_CURVE,       /* the curve is unknown or does not match */
    KURV_ERR_UNSUPPORTED, /* a valid but unsupported feature (explicit curve parameters, unknown algorithm) */
    KURV_ERR_RNG,         /* the system random generator failed */
    KURV_ERR_DECRYPT,     /* decryption failed (any reason after the ephemeral key parsed) */
    KURV_ERR_ENCRYPTED,   /* the private key file is encrypted: kurv_privkey_decode_pass() reads it */
    KURV_ERR_PASSWORD     /* wrong password, or encrypted key data altered (bad padding or contents) */
} kurv_err;

/**
 * kurv_strerror() - a short English description of an error code.
 * @e: any value; unknown values give "unknown error".
 * Return: a static NUL-terminated string; never NULL.
 */
KURV_API const char *kurv_strerror(kurv_err e);

#ifdef __cplusplus
}
#endif
#endif
