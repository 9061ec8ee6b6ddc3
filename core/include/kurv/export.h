/* kurv: symbol export macro. Only symbols marked KURV_API leave a kurv library. */
#ifndef KURV_EXPORT_H
#define KURV_EXPORT_H

#if defined(_WIN32)
#  define KURV_API
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define KURV_API __attribute__((visibility("default")))
#else
#  define KURV_API
#endif

#if defined(__GNUC__)
#  define KURV_WARN_UNUSED __attribute__((warn_unused_result))
#else
#  define KURV_WARN_UNUSED
#endif

#endif
