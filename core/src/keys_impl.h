/* kurv internal: point and key helpers shared inside libkurv (hidden symbols). */
#ifndef KURV_KEYS_IMPL_H
#define KURV_KEYS_IMPL_H

#include <kurv/keys.h>

/* all-ones if priv (c->slen bytes) is in [1, n-1]; constant time. */
uint64_t kurv_priv_valid_mask(const kurv_curve *c, const uint8_t *priv);

/* Decode and fully validate a SEC1 point into affine x||y (2 * flen bytes).
 * Errors as kurv_point_check(). */
kurv_err kurv_point_decode_xy(const kurv_curve *c, uint8_t *xy, const uint8_t *pt, size_t pt_len);

/* Encode affine x||y as SEC1 (0x04 or 0x02/0x03). *out_len: capacity in, bytes out;
 * KURV_ERR_BUFFER with the need in *out_len. */
kurv_err kurv_point_encode_xy(const kurv_curve *c, uint8_t *out, size_t *out_len,
                              int compressed, const uint8_t *xy);

#endif
