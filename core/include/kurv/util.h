/* kurv: the library version and memory wiping. */
#ifndef KURV_UTIL_H
#define KURV_UTIL_H

#include <stddef.h>
#include <kurv/export.h>

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
