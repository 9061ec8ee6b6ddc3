/*
 * kurv tool: reading input files and writing output files (see tool.h, "files.c").
 *
 * Contract: every file the tool reads or writes goes through here. Inputs are read whole
 * into wiped-on-free buffers with a size limit, or, for a digest, hashed as a stream
 * through one fixed buffer (any size, constant memory); standard input ("-") may be read once per
 * run, by a file or a password (tool_claim_stdin() keeps that count). Outputs go to
 * standard output or to a named file, which is written whole to a temporary file beside it
 * and renamed into place (never truncated and rewritten), at once (tool_write()) or piece by
 * piece (tool_out_open(), _put(), then _commit() or _discard(): a decrypted file appears
 * only once its tag has verified); tool_out_check() refuses, before
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

_Static_assert(TOOL_PATH_MAX >= PATH_MAX, "struct tool_out: target must hold a realpath()");

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

int tool_in_open(const char *path, int *fd, struct stat *st)
{
    int is_stdin = strcmp(path, "-") == 0;
    const char *name = is_stdin ? "stdin" : path;

    if (is_stdin) {
        if (tool_claim_stdin())   /* a second read would see nothing: an empty message, say */
            return TOOL_ERR;
        *fd = STDIN_FILENO;
    } else {
        *fd = open(path, O_RDONLY | O_CLOEXEC);
        if (*fd < 0)
            return tool_fail("%s: cannot open: %s", name, strerror(errno));
    }
    if (fstat(*fd, st) != 0)
        memset(st, 0, sizeof *st);   /* unknown: read as a stream */
    if (S_ISDIR(st->st_mode)) {
        tool_in_close(path, *fd);
        return tool_fail("%s: is a directory", name);
    }
    return 0;
}

void tool_in_close(const char *path, int fd)
{
    if (strcmp(path, "-") != 0 && fd >= 0)
        close(fd);
}

long tool_in_read(int fd, const char *name, uint8_t *buf, size_t n)
{
    size_t done = 0;
    if (n > LONG_MAX)
        n = LONG_MAX;
    while (done < n) {
        ssize_t r = read(fd, buf + done, n - done);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            tool_fail("%s: read error: %s", name, strerror(errno));
            return -1;
        }
        if (r == 0)
            break;
        done += (size_t)r;
    }
    return (long)done;
}

uint8_t *tool_read_fd(int fd, const struct stat *st, const char *name, size_t limit,
                      size_t *len, const char *why)
{
    uint8_t *buf = NULL;
    size_t cap = 0, n = 0;

    *len = 0;
    if (S_ISREG(st->st_mode) && (uintmax_t)st->st_size > limit)
        goto too_large;
    if (S_ISREG(st->st_mode))
        cap = (size_t)st->st_size + 1;
    if (cap < 4096)
        cap = 4096;
    buf = malloc(cap + 1);
    if (!buf) {
        tool_fail("%s: out of memory", name);
        return NULL;
    }
    for (;;) {
        long r;
        if (n == cap) {
            size_t ncap;
            uint8_t *nb;
            if (cap > limit)
                goto too_large;
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
        r = tool_in_read(fd, name, buf + n, cap - n);
        if (r < 0)
            goto fail;
        if (r == 0)
            break;
        n += (size_t)r;
    }
    if (n > limit)
        goto too_large;
    buf[n] = 0;
    *len = n;
    return buf;

too_large:
    if (why)
        tool_fail("%s: too large (limit %zu bytes): %s", name, limit, why);
    else
        tool_fail("%s: file too large (limit %zu bytes)", name, limit);
fail:
    tool_free(buf, n);
    return NULL;
}

uint8_t *tool_read(const char *path, size_t limit, size_t *len)
{
    const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
    struct stat st;
    uint8_t *buf;
    int fd;

    *len = 0;
    if (tool_in_open(path, &fd, &st))
        return NULL;
    buf = tool_read_fd(fd, &st, name, limit, len, NULL);
    tool_in_close(path, fd);
    return buf;
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
    int fd, rc = 0;
    const char *name = strcmp(path, "-") == 0 ? "stdin" : path;
    struct stat st;

    switch (h) {
    case KURV_HASH_SHA224: alg = &nettle_sha224; break;
    case KURV_HASH_SHA256: alg = &nettle_sha256; break;
    case KURV_HASH_SHA384: alg = &nettle_sha384; break;
    case KURV_HASH_SHA512: alg = &nettle_sha512; break;
    default: return tool_fail("%s: cannot hash (%s)", name, kurv_strerror(KURV_ERR_ARG));
    }
    if (tool_in_open(path, &fd, &st))
        return TOOL_ERR;
    alg->init(&ctx);
    for (;;) {
        long r = tool_in_read(fd, name, buf, sizeof buf);
        if (r < 0) {
            rc = TOOL_ERR;
            break;
        }
        if (r == 0)
            break;
        alg->update(&ctx, (size_t)r, buf);
    }
    if (!rc)
        alg->digest(&ctx, alg->digest_size, dg);
    tool_in_close(path, fd);
    kurv_wipe(&ctx, sizeof ctx);
    kurv_wipe(buf, sizeof buf);
    return rc;
}

int tool_out_open(struct tool_out *w, const char *path, unsigned flags)
{
    const char *slash, *base;
    struct stat ls;
    size_t dir_len;
    int e;

    memset(w, 0, sizeof *w);
    w->fd = -1;
    w->flags = flags;
    w->path = path;
    if (!path || strcmp(path, "-") == 0) {
        fflush(stdout);
        w->kind = TOOL_OUT_TO_STDOUT;
        w->fd = STDOUT_FILENO;
        return 0;
    }
    if (strlen(path) >= sizeof w->target)
        return tool_fail("%s: path too long", path);
    strcpy(w->target, path);
    if (lstat(path, &ls) == 0) {
        if (S_ISLNK(ls.st_mode)) {
            /* a key or secret is never written through a link; other outputs replace the
             * file the link names, and the link stays */
            if (flags & (TOOL_OUT_KEY | TOOL_OUT_SECRET))
                return tool_fail("%s: is a symbolic link; kurv writes no key or secret "
                                 "through one (give the file itself)", path);
            if (!realpath(path, w->target))
                return tool_fail("%s: a symbolic link to nothing (%s)", path, strerror(errno));
            if (lstat(w->target, &ls) != 0)
                return tool_fail("%s: %s", w->target, strerror(errno));
        }
        if (S_ISDIR(ls.st_mode))
            return tool_fail("%s: is a directory", path);
        if (!S_ISREG(ls.st_mode)) {
            /* a device such as /dev/null, a FIFO: written in place */
            w->fd = open(w->target, O_WRONLY | O_NOFOLLOW | O_CLOEXEC);
            if (w->fd < 0)
                return tool_fail("%s: cannot open for writing: %s", path, strerror(errno));
            w->kind = TOOL_OUT_IN_PLACE;
            return 0;
        }
    }
    /* a temporary file beside the target, renamed into place once complete: readers never
     * see a partial output, and a failed write leaves the old file as it was */
    slash = strrchr(w->target, '/');
    base = slash ? slash + 1 : w->target;
    dir_len = slash ? (size_t)(slash - w->target) + 1 : 0;
    snprintf(w->tmp, sizeof w->tmp, "%.*s.%s.kurv-XXXXXX", (int)dir_len, w->target, base);
    w->fd = mkstemp(w->tmp);   /* mode 0600 */
    if (w->fd < 0)
        return tool_fail("%s: cannot create a temporary file beside it: %s", path,
                         strerror(errno));
    w->kind = TOOL_OUT_STAGED;
    if (!(flags & TOOL_OUT_SECRET) && fchmod(w->fd, 0644 & ~current_umask()) != 0) {
        e = errno;
        tool_out_discard(w);
        return tool_fail("%s: write error: %s", path, strerror(e));
    }
    return 0;
}

int tool_out_put(struct tool_out *w, const uint8_t *buf, size_t len)
{
    int e = write_all(w->fd, buf, len);
    /* named before tool_out_discard(), which sets kind to TOOL_OUT_CLOSED (stdout has no
     * path: it printed "(null)") */
    const char *name = w->kind == TOOL_OUT_TO_STDOUT ? "stdout" : w->path;
    if (!e)
        return 0;
    tool_out_discard(w);
    return tool_fail("%s: write error: %s", name, strerror(e));
}

void tool_out_discard(struct tool_out *w)
{
    if (w->kind != TOOL_OUT_TO_STDOUT && w->fd >= 0)
        close(w->fd);
    if (w->kind == TOOL_OUT_STAGED)
        unlink(w->tmp);   /* no partial output (of a plaintext, say) stays behind */
    w->fd = -1;
    w->kind = TOOL_OUT_CLOSED;
}

int tool_out_commit(struct tool_out *w)
{
    const char *path = w->path;
    int e = 0;

    if (w->kind == TOOL_OUT_TO_STDOUT || w->kind == TOOL_OUT_CLOSED) {
        w->kind = TOOL_OUT_CLOSED;
        return 0;
    }
    if (w->kind == TOOL_OUT_STAGED && fsync(w->fd) != 0)
        e = errno;
    if (close(w->fd) != 0 && !e)
        e = errno;
    w->fd = -1;
    if (e) {
        tool_out_discard(w);
        return tool_fail("%s: write error: %s", path, strerror(e));
    }
    if (w->kind == TOOL_OUT_IN_PLACE) {
        w->kind = TOOL_OUT_CLOSED;
        return 0;
    }
    if ((w->flags & TOOL_OUT_NEW) && !(w->flags & TOOL_OUT_FORCE)) {
        /* link(2) fails if the name exists: no key replaces a file that appeared since
         * tool_out_check() */
        e = link(w->tmp, w->target) != 0 ? errno : 0;
        tool_out_discard(w);
        if (e == EEXIST)
            return tool_fail("%s: exists; a new key does not replace a file (--force does)",
                             path);
        if (e)
            return tool_fail("%s: cannot create: %s", path, strerror(e));
        return 0;
    }
    if (rename(w->tmp, w->target) != 0) {
        e = errno;
        tool_out_discard(w);
        return tool_fail("%s: cannot create: %s", path, strerror(e));
    }
    w->kind = TOOL_OUT_CLOSED;
    return 0;
}

int tool_write(const char *path, const uint8_t *buf, size_t len, unsigned flags)
{
    struct tool_out w;

    if (tool_out_open(&w, path, flags) || tool_out_put(&w, buf, len))
        return TOOL_ERR;
    return tool_out_commit(&w);
}
