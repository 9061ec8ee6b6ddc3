/*
 * openssl/shim.c: kurv.so, the module OpenSSL loads for the provider named kurv: a loader
 * that links libc (and libdl) only, so that the dynamic linker always opens it, and that
 * opens the real provider, kurv-provider.so (provider.c and the other files of openssl/,
 * which link libkurv.so.0, libcrypto and Nettle), forwarding OpenSSL's call to it.
 *
 * Why: OpenSSL 3.0 drops a provider that an openssl.cnf activates (`activate = 1`) without
 * a word when the dynamic linker cannot open its module (libkurv.so.0 missing, no RUNPATH
 * in a private prefix, a module copied elsewhere): kurv silently does not run. This file
 * opens, so a failure to open the real module is kurv's to report.
 *
 * Where the real module is looked for (README "OpenSSL provider"), the first that exists:
 *   1. ../kurv/kurv-provider.so from the folder of this kurv.so (the installed layout:
 *      <libdir>/ossl-modules/kurv.so and <libdir>/kurv/kurv-provider.so; it holds in a
 *      DESTDIR staging tree and a moved prefix too);
 *   2. kurv-provider.so in the folder of this kurv.so (the build tree: both in openssl/);
 *   3. KURV_PROVIDER_REAL_PATH, the absolute <prefix>/<libdir>/kurv/kurv-provider.so fixed
 *      at build time (openssl/meson.build), for a copy of kurv.so elsewhere.
 * "Exists" is lstat(): a file that is there but does not load (a library it needs is
 * missing, a dangling symbolic link) is the failure reported, not a reason to look further.
 * When none exists, the failure reported is that of the absolute path. Before dlopen() the
 * file must be a regular file (a FIFO would block dlopen() for ever, a directory or device
 * is no module) whose ELF header and PT_LOAD segments lie within it (a cut copy, from a
 * half-finished install, makes glibc's dlopen() map pages past its end: SIGBUS in every
 * program that loads kurv). A module that exports kurv_provider_loader is a copy of this
 * loader, not the provider: refused (two copies finding each other would call each other
 * until the stack overflows).
 * Failure: one line on stderr, "kurv: not activated: cannot load PATH: <dlerror()'s
 * reason>" (or "PATH is not a regular file", "PATH is cut short ...", "PATH has no
 * OSSL_provider_init: ...", "PATH is a copy of the loader kurv.so ..."), the same raised into OpenSSL's error
 * queue through the core's functions (OSSL_FUNC_CORE_NEW_ERROR, CORE_SET_ERROR_DEBUG,
 * CORE_VSET_ERROR, provider-base(7)) with reason ERR_R_INIT_FAIL, and OSSL_provider_init
 * returns 0. Only OpenSSL's headers are used (types, function ids, macros): no libcrypto.
 * The real module, once opened and initialised, stays loaded until the process exits (it is
 * never dlclose()d: OpenSSL calls into it through the dispatch table it returned).
 */
#include <dlfcn.h>
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <link.h>   /* ElfW: the ELF types of this process's own class */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/err.h>   /* ERR_R_INIT_FAIL (a macro) */

#ifndef KURV_PROVIDER_REAL_PATH
#error "KURV_PROVIDER_REAL_PATH: the installed kurv-provider.so, set by openssl/meson.build"
#endif

/* the paths tried, relative to the folder of kurv.so: the installed layout, the build tree */
#define SHIM_REAL_NAME "kurv-provider.so"
#define SHIM_INSTALLED_REL "../kurv/" SHIM_REAL_NAME

/* the core's error functions, from OSSL_provider_init's @in (NULL when not offered) */
typedef struct {
    const OSSL_CORE_HANDLE *handle;
    OSSL_FUNC_core_new_error_fn *new_error;
    OSSL_FUNC_core_set_error_debug_fn *set_error_debug;
    OSSL_FUNC_core_vset_error_fn *vset_error;
} shim_core;

/* shim_vset() - core->vset_error with a va_list of its own (its signature takes one) */
__attribute__((format(printf, 2, 3)))
static void shim_vset(const shim_core *core, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    core->vset_error(core->handle, ERR_R_INIT_FAIL, fmt, ap);
    va_end(ap);
}

/* shim_fail() - the failure of a load: one line "kurv: not activated: <fmt>" on stderr and
 * the same text (after "kurv: ") raised into OpenSSL's error queue, when @core offers the
 * three error functions. */
__attribute__((format(printf, 2, 3)))
static void shim_fail(const shim_core *core, const char *fmt, ...)
{
    char line[2 * 4096 + 256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    fprintf(stderr, "kurv: not activated: %s\n", line);
    fflush(stderr);
    if (core->new_error != NULL && core->set_error_debug != NULL && core->vset_error != NULL) {
        core->new_error(core->handle);
        core->set_error_debug(core->handle, __FILE__, __LINE__, "kurv");
        shim_vset(core, "kurv: %s", line);
    }
}

/* an object of kurv.so's own, whose address dladdr() maps to kurv.so's path (an object, not
 * OSSL_provider_init: ISO C has no conversion of a function pointer to void *); exported as
 * kurv_provider_loader, the mark by which a copy of this loader is told from the provider */
__attribute__((visibility("default"))) extern const char kurv_provider_loader;
const char kurv_provider_loader = 1;
#define shim_self kurv_provider_loader

/* this process's ELF class (ELFCLASS32 or ELFCLASS64) and byte order */
#define SHIM_PASTE(a, b) a##b
#define SHIM_CLASS(n) SHIM_PASTE(ELFCLASS, n)
#define SHIM_ELFCLASS SHIM_CLASS(__ELF_NATIVE_CLASS)
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SHIM_ELFDATA ELFDATA2MSB
#else
#define SHIM_ELFDATA ELFDATA2LSB
#endif

/* shim_whole() - whether the ELF file @fd of @size bytes holds its header, its program
 * headers and every PT_LOAD segment's file bytes (ELF gABI: p_offset + p_filesz), read as
 * this process's class and byte order. A file of another class or byte order, or no ELF
 * at all, passes: dlopen() refuses it with its own reason. Return: 1 whole; 0 cut short,
 * with @need set to the bytes it needs. */
static int shim_whole(int fd, off_t size, unsigned long long *need)
{
    ElfW(Ehdr) eh;
    if (pread(fd, &eh, sizeof eh, 0) != (ssize_t)sizeof eh)
        return 1;   /* shorter than a header: dlopen() says "file too short" */
    if (memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 || eh.e_ident[EI_CLASS] != SHIM_ELFCLASS
        || eh.e_ident[EI_DATA] != SHIM_ELFDATA || eh.e_phentsize != sizeof(ElfW(Phdr)))
        return 1;
    unsigned long long end = (unsigned long long)eh.e_phoff + (unsigned long long)eh.e_phnum * sizeof(ElfW(Phdr));
    *need = end;
    if (end > (unsigned long long)size)
        return 0;
    for (unsigned i = 0; i < eh.e_phnum; i++) {
        ElfW(Phdr) ph;
        if (pread(fd, &ph, sizeof ph, (off_t)(eh.e_phoff + (unsigned long long)i * sizeof ph))
            != (ssize_t)sizeof ph)
            return 0;
        end = (unsigned long long)ph.p_offset + ph.p_filesz;
        if (ph.p_type == PT_LOAD && end > (unsigned long long)size) {
            *need = end;
            return 0;
        }
    }
    return 1;
}

/* shim_check() - @path, found by lstat(), may be handed to dlopen(): a regular file (after
 * symbolic links) that is not cut short (shim_whole). Return: 1; 0 after shim_fail(). */
static int shim_check(const shim_core *core, const char *path)
{
    struct stat st;
    unsigned long long need = 0;
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        shim_fail(core, "cannot load %s: %s", path, strerror(errno));
        return 0;
    }
    int ok = fstat(fd, &st) == 0;
    if (!ok)
        shim_fail(core, "cannot load %s: %s", path, strerror(errno));
    else if (!S_ISREG(st.st_mode)) {
        shim_fail(core, "cannot load %s: not a regular file", path);
        ok = 0;
    } else if (!shim_whole(fd, st.st_size, &need)) {
        shim_fail(core, "cannot load %s: cut short (%lld bytes, its ELF segments need %llu): "
                  "a partial copy?", path, (long long)st.st_size, need);
        ok = 0;
    }
    close(fd);
    return ok;
}

/* shim_rel() - @out = the folder of this kurv.so (dladdr of shim_self) joined with @rel.
 * Return: 1; 0 when the folder is unknown or the path does not fit @n bytes. */
static int shim_rel(char *out, size_t n, const char *rel)
{
    Dl_info info;
    if (dladdr(&shim_self, &info) == 0 || info.dli_fname == NULL)
        return 0;
    const char *slash = strrchr(info.dli_fname, '/');
    /* dlopen() by a bare name searches the library path: no folder to be relative to */
    if (slash == NULL)
        return 0;
    int len = snprintf(out, n, "%.*s/%s", (int)(slash - info.dli_fname), info.dli_fname, rel);
    return len > 0 && (size_t)len < n;
}

/*
 * OSSL_provider_init() - provider-base(7)'s entry point: opens the real provider module
 * (the order in the comment at the top), looks up its OSSL_provider_init and returns what
 * that returns, with @out and @provctx as it sets them.
 * Return: the real init's result; 0, with the line on stderr and the error queued, when no
 * module opens (dlopen's reason, or shim_check's), it has no OSSL_provider_init, or it is a
 * copy of this loader.
 */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    shim_core core = {handle, NULL, NULL, NULL};
    for (const OSSL_DISPATCH *f = in; f != NULL && f->function_id != 0; f++)
        if (f->function_id == OSSL_FUNC_CORE_NEW_ERROR)
            core.new_error = OSSL_FUNC_core_new_error(f);
        else if (f->function_id == OSSL_FUNC_CORE_SET_ERROR_DEBUG)
            core.set_error_debug = OSSL_FUNC_core_set_error_debug(f);
        else if (f->function_id == OSSL_FUNC_CORE_VSET_ERROR)
            core.vset_error = OSSL_FUNC_core_vset_error(f);

    char installed[4096], beside[4096];
    const char *candidates[3];
    size_t count = 0;
    if (shim_rel(installed, sizeof installed, SHIM_INSTALLED_REL))
        candidates[count++] = installed;
    if (shim_rel(beside, sizeof beside, SHIM_REAL_NAME))
        candidates[count++] = beside;
    candidates[count++] = KURV_PROVIDER_REAL_PATH;
    const char *path = KURV_PROVIDER_REAL_PATH;
    struct stat lst;
    int found = 0;
    for (size_t i = 0; i < count && !found; i++)
        if (lstat(candidates[i], &lst) == 0) {
            path = candidates[i];
            found = 1;
        }
    /* none found: dlopen() of the absolute path gives the reason ("No such file ...") */
    if (found && !shim_check(&core, path))
        return 0;

    void *real = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (real == NULL) {
        const char *why = dlerror();
        shim_fail(&core, "cannot load %s: %s", path, why != NULL ? why : "(no reason given)");
        return 0;
    }
    (void)dlerror();
    void *sym = dlsym(real, "OSSL_provider_init");
    OSSL_provider_init_fn *init;
    /* POSIX: a dlsym() result may be converted to a function pointer */
    memcpy(&init, &sym, sizeof init);
    if (init == NULL) {
        const char *why = dlerror();
        shim_fail(&core, "%s has no OSSL_provider_init: %s", path,
                  why != NULL ? why : "(no reason given)");
        dlclose(real);
        return 0;
    }
    if (init == OSSL_provider_init || dlsym(real, "kurv_provider_loader") != NULL) {
        shim_fail(&core, "%s is a copy of the loader kurv.so, not the provider", path);
        dlclose(real);
        return 0;
    }
    int ok = init(handle, in, out, provctx);
    /* the real init said why (provider.c: no family library) and released its state */
    if (!ok)
        dlclose(real);
    return ok;
}
