/*
 * kurv ctime test: memory-definedness checker interface.
 *
 * The constant-time test marks secrets "undefined" before a call and the
 * results "defined" after it; the checker then reports every branch and every
 * memory address that depends on a secret. Two checkers are supported:
 *   - valgrind memcheck (the default; needs <valgrind/memcheck.h>), and
 *   - clang's MemorySanitizer, when the program is built with -fsanitize=memory.
 *
 * CHECKMEM_UNDEFINE(p, len)  mark len bytes at p as secret (undefined)
 * CHECKMEM_DEFINE(p, len)    mark len bytes at p as public (defined)
 * CHECKMEM_RUNNING()         nonzero when a checker is active
 * CHECKMEM_NAME              the checker's name, for messages
 */
#ifndef KURV_CTIME_CHECKMEM_H
#define KURV_CTIME_CHECKMEM_H

#include <stddef.h>

#if defined(__has_feature)
#  if __has_feature(memory_sanitizer)
#    define KURV_CHECKMEM_MSAN 1
#  endif
#endif

#if defined(KURV_CHECKMEM_MSAN)
#  include <sanitizer/msan_interface.h>
#  define CHECKMEM_UNDEFINE(p, len) __msan_allocated_memory((p), (len))
#  define CHECKMEM_DEFINE(p, len)   __msan_unpoison((p), (len))
#  define CHECKMEM_RUNNING()        1
#  define CHECKMEM_NAME             "MemorySanitizer"
#else
#  include <valgrind/memcheck.h>
#  define CHECKMEM_UNDEFINE(p, len) ((void)VALGRIND_MAKE_MEM_UNDEFINED((p), (len)))
#  define CHECKMEM_DEFINE(p, len)   ((void)VALGRIND_MAKE_MEM_DEFINED((p), (len)))
#  define CHECKMEM_RUNNING()        (RUNNING_ON_VALGRIND)
#  define CHECKMEM_NAME             "valgrind"
#endif

#endif
