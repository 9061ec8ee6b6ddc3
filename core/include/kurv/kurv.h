/*
 * kurv: elliptic-curve cryptography in C11 - umbrella header of the core library.
 *
 * Link with `pkg-config --libs kurv-<family>` (kurv-secp256k1, ...) and include
 * the family's header (<kurv/secp256k1.h>) to obtain curve descriptors.
 */
#ifndef KURV_KURV_H
#define KURV_KURV_H

#include <kurv/export.h>
#include <kurv/err.h>
#include <kurv/curve.h>
#include <kurv/hash.h>
#include <kurv/keys.h>
#include <kurv/keyfile.h>
#include <kurv/ecdsa.h>
#include <kurv/ecies.h>
#include <kurv/point.h>

#ifdef __cplusplus
extern "C" {
#endif

/** kurv_version() - the library version, "MAJOR.MINOR.PATCH". */
KURV_API const char *kurv_version(void);

/**
 * kurv_wipe() - zero memory in a way the compiler does not remove.
 * @p: @len bytes (may be NULL when @len is 0).
 */
KURV_API void kurv_wipe(void *p, size_t len);

#ifdef __cplusplus
}
#endif
#endif
