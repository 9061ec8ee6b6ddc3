/*
 * kurv tool: reading input files and writing output files (see tool.h, "files.c").
 *
 * Contract: every file the tool reads or writes goes through here. Inputs are read whole
 * into wiped-on-free buffers with a size limit, or, for a digest, hashed as a stream
 * through one fixed buffer (any size, constant memory); standard input ("-") may be read once per
 * run, by a file or a password (tool_claim_stdin() keeps that count). Outputs go to
 * standard output or to a named file, which is written whole to a temporary file beside it
 * and renamed into place (never truncated and rewritten); tool_out_check() refuses, before
 * a command does its work, an output that is one of its inputs, a key or secret through a
 * symbolic link, and the replacement of a key file without --force. Errors are one line
 * through tool_fail(); nothing here exits.
 */
#define _DEFAULT_SOURCE
#include "tool.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <nettle/nettle-meta.h>
#include <nettle/sha2.h>
#include <kurv_curve_list.h>   /* KURV_HAVE_25519 */
#ifdef KURV_HAVE_25519
#include <kurv/25519.h>
#endif

/* Set once stdin has been read (a file given as "-", or a password): a second read would
 * see nothing. The one piece of state in the tool's files: it describes the process's own
 * standard input, which every reader shares. */
static int stdin_used;

int tool_claim_stdin(void)
{
    if (stdin_used)
        return tool_fail("stdin (-, or --pass stdin) given for more than one input");
    stdin_used = 1;
    return 0;
}

void tool_free(uint8_t *buf, size_t len)
{
    if (buf) {
        kurv_wipe(buf, len);
        free(buf);
    }
}

uint8_t *tool_read(const char *path, size_t limit, size_t *len)
{
    int fd, is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "stdin" : path;
    uint8_t *buf = NULL;
    size_t cap = 0, n = 0;
    struct stat st;

    *len = 0;
    if (is_stdin) {
        if (tool_claim_stdin())   /* a second read would see nothing: an empty message, say */
            return NULL;
        fd = STDIN_FILENO;
    } else {
        fd = open(path, O_RDONLY | O_CLOEXEC);
        if (fd < 0) {
            tool_fail("%s: cannot open: %s", name, strerror(errno));
            return NULL;
        }
    }
    if (fstat(fd, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            tool_fail("%s: is a directory", name);
            goto fail;
        }
        if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > limit) {
            tool_fail("%s: file too large (limit %zu bytes)", name, limit);
            goto fail;
        }
        if (S_ISREG(st.st_mode))
            cap = (size_t)st.st_size + 1;
    }
    if (cap < 4096)
        cap = 4096;
    buf = malloc(cap + 1);
    if (!buf) {
        tool_fail("%s: out of memory", name);
        goto fail;
    }
    for (;;) {
        ssize_t r;
        if (n == cap) {
            size_t ncap;
            uint8_t *nb;
            if (cap > limit) {
                tool_fail("%s: file too large (limit %zu bytes)", name, limit);
                goto fail;
            }
            ncap = cap * 2 > limit + 1 ? limit + 1 : cap * 2;
            nb = malloc(ncap + 1);
            if (!nb) {
                tool_fail("%s: out of memory", name);
                goto fail;
            }
            memcpy(nb, buf, n);
            kurv_wipe(buf, n);   /* keys pass through here: leave no copy behind */
            free(buf);
            buf = nb;
            cap = ncap;
        }
        r = read(fd, buf + n, cap - n);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            tool_fail("%s: read error: %s", name, strerror(errno));
            goto fail;
        }
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (n > limit) {
        tool_fail("%s: file too large (limit %zu bytes)", name, limit);
        goto fail;
    }
    buf[n] = 0;
    if (!is_stdin)
        close(fd);
    *len = n;
    return buf;

fail:
    tool_free(buf, n);
    if (!is_stdin && fd >= 0)
        close(fd);
    return NULL;
}

/* All of @len bytes to @fd; 0, or the errno of the failed write. */
static int write_all(int fd, const uint8_t *buf, size_t len)
{
    size_t done = 0;
    while (done < len) {
        ssize_t w = write(fd, buf + done, len - done);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        done += (size_t)w;
    }
    return 0;
}

/* Nonzero if @buf (@n bytes) holds "PRIVATE KEY-----", a PEM private key's BEGIN or END
 * line. */
static int has_pem_private(const uint8_t *buf, size_t n)
{
    size_t i;
    for (i = 0; i + 16 <= n; i++)
        if (memcmp(buf + i, "PRIVATE KEY-----", 16) == 0)
            return 1;
    return 0;
}

/* Nonzero if the DER @buf (@n bytes, the whole file) is a private key kurv reads, plain or
 * encrypted: an EC key (<kurv/keyfile.h>) or, with kurv-25519, an X25519 or Ed25519 key,
 * also one that kurv refuses for its contents (a v2 file whose public key does not match). */
static int der_private(const uint8_t *buf, size_t n)
{
    size_t count;
    const kurv_curve *const *list = tool_curves(&count);
    const kurv_curve *c;
    uint8_t d[KURV_MAX_SCALAR_LEN];
    size_t d_len = sizeof d;
    kurv_err e = kurv_privkey_decode(&c, d, &d_len, list, count, buf, n);
    int found = e == KURV_OK || e == KURV_ERR_ENCRYPTED;
#ifdef KURV_HAVE_25519
    kurv_25519_alg alg = KURV_25519_ANY;
    if (!found) {
        e = kurv_25519_privkey_decode(&alg, d, buf, n);
        found = e != KURV_ERR_ENCODING && e != KURV_ERR_UNSUPPORTED && e != KURV_ERR_ARG;
    }
#endif
    kurv_wipe(d, sizeof d);
    return found;
}

/* Nonzero if the regular file @path holds a private key: a PEM block whose label ends in
 * "PRIVATE KEY" (EC, PKCS#8, encrypted, or another algorithm's) anywhere in the file,
 * whatever its size, or, in a file of at most TOOL_MAX_KEY bytes (what kurv reads as a key),
 * DER that kurv reads as a private key (der_private()). */
static int holds_private_key(const char *path)
{
    uint8_t *buf = malloc(TOOL_MAX_KEY);
    size_t n = 0, keep;
    ssize_t r = 0;
    int fd, found = 0;

    if (!buf)
        return 1;   /* cannot tell: take it for a key (--force overwrites) */
    fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        free(buf);
        return 0;
    }
    /* the first TOOL_MAX_KEY bytes */
    while (n < TOOL_MAX_KEY && (r = read(fd, buf + n, TOOL_MAX_KEY - n)) > 0)
        n += (size_t)r;
    found = has_pem_private(buf, n);
    if (!found && n < TOOL_MAX_KEY && r == 0)
        found = der_private(buf, n);
    /* the rest, by blocks that keep the previous block's last 15 bytes (a marker across the
     * boundary) */
    while (!found && n == TOOL_MAX_KEY) {
        keep = 15;
        memmove(buf, buf + n - keep, keep);
        n = keep;
        while (n < TOOL_MAX_KEY && (r = read(fd, buf + n, TOOL_MAX_KEY - n)) > 0)
            n += (size_t)r;
        found = has_pem_private(buf, n);
    }
    close(fd);
    kurv_wipe(buf, TOOL_MAX_KEY);
    free(buf);
    return found;
}

int tool_out_check(const char *path, unsigned flags, const char *const *inputs, size_t n)
{
    struct stat ls, st, in;
    size_t i;

    if (!path || strcmp(path, "-") == 0)
        return 0;
    if (lstat(path, &ls) != 0)
        return 0;   /* a new file (or one tool_write() will report) */
    if (S_ISLNK(ls.st_mode) && (flags & (TOOL_OUT_KEY | TOOL_OUT_SECRET)))
        return tool_fail("%s: is a symbolic link; kurv writes no key or secret through one "
                         "(give the file itself)", path);
    if (stat(path, &st) != 0)
        return 0;   /* a dangling link: tool_write() reports it */
    for (i = 0; i < n; i++) {
        if (!inputs[i] || strcmp(inputs[i], "-") == 0 || stat(inputs[i], &in) != 0)
            continue;
        if (in.st_dev == st.st_dev && in.st_ino == st.st_ino)
            return tool_fail("%s: is also an input (%s); write the output to another file",
                             path, inputs[i]);
    }
    if (!S_ISREG(st.st_mode) || (flags & TOOL_OUT_FORCE))
        return 0;
    if (flags & TOOL_OUT_NEW)
        return tool_fail("%s: exists; a new key does not replace a file (--force does)", path);
    if (holds_private_key(path))
        return tool_fail("%s: holds a private key; not overwritten (--force does)", path);
    return 0;
}

/* @len bytes to the existing file @path that is not a regular file (a device such as
 * /dev/null, a FIFO): written in place, without a temporary file. */
static int write_special(const char *path, const uint8_t *buf, size_t len)
{
    int fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC), e;
    if (fd < 0)
        return tool_fail("%s: cannot open for writing: %s", path, strerror(errno));
    e = write_all(fd, buf, len);
    if (close(fd) != 0 && !e)
        e = errno;
    if (e)
        return tool_fail("%s: write error: %s", path, strerror(e));
    return 0;
}

/* The umask of the process (read by setting it and putting it back). */
static mode_t current_umask(void)
{
    mode_t m = umask(077);
    umask(m);
    return m;
}

int tool_digest_file(uint8_t *dg, kurv_hash h, const char *path)
{
    const struct nettle_hash *alg;
    union { struct sha256_ctx s256; struct sha512_ctx s512; } ctx;
    uint8_t buf[64 << 10];   /* the file passes through this buffer, whatever its size */
    int fd, rc = 0, is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "stdin" : path;
    struct stat st;

    switch (h) {
    case KURV_HASH_SHA224: alg = &nettle_sha224; break;
    case KURV_HASH_SHA256: alg = &nettle_sha256; break;
    case KURV_HASH_SHA384: alg = &nettle_sha384; break;
    case KURV_HASH_SHA512: alg = &nettle_sha512; break;
    default: return tool_fail("%s: cannot hash (%s)", name, kurv_strerror(KURV_ERR_ARG));
    }
    if (is_stdin) {
        if (tool_claim_stdin())
            return TOOL_ERR;
        fd = STDIN_FILENO;
    } else if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
        return tool_fail("%s: cannot open: %s", name, strerror(errno));
    }
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        rc = tool_fail("%s: is a directory", name);
    } else {
        alg->init(&ctx);
        for (;;) {
            ssize_t r = read(fd, buf, sizeof buf);
            if (r < 0 && errno == EINTR)
                continue;
            if (r < 0) {
                rc = tool_fail("%s: read error: %s", name, strerror(errno));
                break;
            }
            if (r == 0)
                break;
            alg->update(&ctx, (size_t)r, buf);
        }
        if (!rc)
            alg->digest(&ctx, alg->digest_size, dg);
    }
    if (!is_stdin)
        close(fd);
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(buf, sizeof buf);
    return rc;
}

int tool_write(const char *path, const uint8_t *buf, size_t len, unsigned flags)
{
    char target[PATH_MAX], tmp[PATH_MAX + 32];
    const char *slash, *base;
    struct stat ls;
    int fd, e, to_stdout = !path || strcmp(path, "-") == 0;
    size_t dir_len;

    if (to_stdout) {
        fflush(stdout);
        e = write_all(STDOUT_FILENO, buf, len);
        return e ? tool_fail("stdout: write error: %s", strerror(e)) : 0;
    }
    if (strlen(path) >= sizeof target)
        return tool_fail("%s: path too long", path);
    strcpy(target, path);
    if (lstat(path, &ls) == 0) {
        if (S_ISLNK(ls.st_mode)) {
            /* a key or secret is never written through a link; other outputs replace the
             * file the link names, and the link stays */
            if (flags & (TOOL_OUT_KEY | TOOL_OUT_SECRET))
                return tool_fail("%s: is a symbolic link; kurv writes no key or secret "
                                 "through one (give the file itself)", path);
            if (!realpath(path, target))
                return tool_fail("%s: a symbolic link to nothing (%s)", path, strerror(errno));
            if (lstat(target, &ls) != 0)
                return tool_fail("%s: %s", target, strerror(errno));
        }
        if (S_ISDIR(ls.st_mode))
            return tool_fail("%s: is a directory", path);
        if (!S_ISREG(ls.st_mode))
            return write_special(target, buf, len);
    }
    /* a temporary file beside the target, renamed into place once complete: readers never
     * see a partial output, and a failed write leaves the old file as it was */
    slash = strrchr(target, '/');
    base = slash ? slash + 1 : target;
    dir_len = slash ? (size_t)(slash - target) + 1 : 0;
    snprintf(tmp, sizeof tmp, "%.*s.%s.kurv-XXXXXX", (int)dir_len, target, base);
    fd = mkstemp(tmp);   /* mode 0600 */
    if (fd < 0)
        return tool_fail("%s: cannot create a temporary file beside it: %s", path,
                         strerror(errno));
    e = 0;
    if (!(flags & TOOL_OUT_SECRET) && fchmod(fd, 0644 & ~current_umask()) != 0)
        e = errno;
    if (!e)
        e = write_all(fd, buf, len);
    if (!e && fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        unlink(tmp);   /* no partial output (of a plaintext, say) stays behind */
        return tool_fail("%s: write error: %s", path, strerror(e));
    }
    if ((flags & TOOL_OUT_NEW) && !(flags & TOOL_OUT_FORCE)) {
        /* link(2) fails if the name exists: no key replaces a file that appeared since
         * tool_out_check() */
        if (link(tmp, target) != 0) {
            e = errno;
            unlink(tmp);
            if (e == EEXIST)
                return tool_fail("%s: exists; a new key does not replace a file (--force does)",
                                 path);
            return tool_fail("%s: cannot create: %s", path, strerror(e));
        }
        unlink(tmp);
        return 0;
    }
    if (rename(tmp, target) != 0) {
        e = errno;
        unlink(tmp);
        return tool_fail("%s: cannot create: %s", path, strerror(e));
    }
    return 0;
}
