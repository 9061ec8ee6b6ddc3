/* kurv tool: error line, option parsing, file input and output, key loading. */
#define _DEFAULT_SOURCE
#include "tool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int tool_fail(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    size_t i;

    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* one line, whatever a file name contains */
    for (i = 0; line[i]; i++)
        if (line[i] == '\n' || line[i] == '\r')
            line[i] = '?';
    fflush(stdout);
    fprintf(stderr, "kurv: %s\n", line);
    return TOOL_ERR;
}

int tool_stdout_done(void)
{
    int flushed = fflush(stdout) == 0;
    if (!flushed)
        return tool_fail("stdout: write error: %s", strerror(errno));
    if (ferror(stdout))
        return tool_fail("stdout: write error");
    return TOOL_OK;
}

const char *tool_err_phrase(kurv_err e)
{
    switch (e) {
    case KURV_ERR_ENCODING: return "malformed DER/PEM";
    case KURV_ERR_UNSUPPORTED: return "unsupported key type";
    case KURV_ERR_CURVE: return "curve not supported by this kurv";
    case KURV_ERR_PRIVKEY: return "invalid private key";
    case KURV_ERR_POINT: return "invalid public key";
    case KURV_ERR_INFINITY: return "public key is the point at infinity";
    case KURV_ERR_BUFFER: return "key too large";
    default: return "cannot read key";
    }
}

/* ---- options ---- */

struct optdef {
    unsigned bit;
    char shortname;      /* 0: none */
    const char *longname;
    int has_arg;
};

static const struct optdef optdefs[] = {
    { OPT_CURVE, 'c', "curve", 1 },
    { OPT_OUT, 'o', "out", 1 },
    { OPT_FORMAT, 0, "format", 1 },
    { OPT_PKCS8, 0, "pkcs8", 0 },
    { OPT_KEY, 'k', "key", 1 },
    { OPT_PUB, 'p', "pub", 1 },
    { OPT_PUB, 0, "peer", 1 },
    { OPT_SIG, 's', "sig", 1 },
    { OPT_SIG, 0, "signature", 1 },
    { OPT_HASH, 'H', "hash", 1 },
    { OPT_LOWS, 0, "low-s", 0 },
    { OPT_COMPRESSED, 0, "compressed", 0 },
    { OPT_HEX, 0, "hex", 0 },
    { OPT_PRESET, 0, "preset", 1 },
    { OPT_PASS, 0, "pass", 1 },
    { OPT_ITER, 0, "iter", 1 },
    { OPT_KDF, 0, "kdf", 1 },
    { OPT_KDF_HASH, 0, "kdf-hash", 1 },
    { OPT_CIPHER, 0, "cipher", 1 },
    { OPT_MAC_HASH, 0, "mac-hash", 1 },
    { OPT_MAC_KEY_LEN, 0, "mac-key-len", 1 },
    { OPT_TAG_LEN, 0, "tag-len", 1 },
    { OPT_Z_ONLY, 0, "z-only", 0 },
    { OPT_NO_LTAG, 0, "no-length-tag", 0 },
    { OPT_SI1, 0, "shared-info1", 1 },
    { OPT_SI2, 0, "shared-info2", 1 },
    { OPT_IV, 0, "iv", 1 },
    { OPT_HEDGED, 0, "hedged", 0 },
    { OPT_DIGEST, 0, "digest", 1 },
};

static void opt_store(struct tool_opts *o, unsigned bit, const char *val)
{
    switch (bit) {
    case OPT_CURVE: o->curve = val; break;
    case OPT_OUT: o->out = val; break;
    case OPT_FORMAT: o->format = val; break;
    case OPT_PKCS8: o->pkcs8 = 1; break;
    case OPT_KEY: o->key = val; break;
    case OPT_PUB: o->pub = val; break;
    case OPT_SIG: o->sig = val; break;
    case OPT_HASH: o->hash = val; break;
    case OPT_LOWS: o->low_s = 1; break;
    case OPT_COMPRESSED: o->compressed = 1; break;
    case OPT_HEX: o->hex = 1; break;
    case OPT_PRESET: o->preset = val; break;
    case OPT_PASS: o->pass = val; break;
    case OPT_ITER: o->iter = val; break;
    case OPT_KDF: o->kdf = val; break;
    case OPT_KDF_HASH: o->kdf_hash = val; break;
    case OPT_CIPHER: o->cipher = val; break;
    case OPT_MAC_HASH: o->mac_hash = val; break;
    case OPT_MAC_KEY_LEN: o->mac_key_len = val; break;
    case OPT_TAG_LEN: o->tag_len = val; break;
    case OPT_Z_ONLY: o->z_only = 1; break;
    case OPT_NO_LTAG: o->no_ltag = 1; break;
    case OPT_SI1: o->si1 = val; break;
    case OPT_SI2: o->si2 = val; break;
    case OPT_IV: o->iv = val; break;
    case OPT_HEDGED: o->hedged = 1; break;
    case OPT_DIGEST: o->digest = val; break;
    default: break;
    }
}

static const struct optdef *opt_long(const char *name, size_t len, unsigned allowed)
{
    size_t i;
    for (i = 0; i < sizeof optdefs / sizeof optdefs[0]; i++)
        if ((optdefs[i].bit & allowed) && strlen(optdefs[i].longname) == len &&
            memcmp(optdefs[i].longname, name, len) == 0)
            return &optdefs[i];
    return NULL;
}

static const struct optdef *opt_short(char ch, unsigned allowed)
{
    size_t i;
    for (i = 0; i < sizeof optdefs / sizeof optdefs[0]; i++)
        if ((optdefs[i].bit & allowed) && optdefs[i].shortname == ch)
            return &optdefs[i];
    return NULL;
}

/* The --pass of the last tool_parse(), for tool_load_priv() and tool_load_pub(). */
static const char *pass_arg;

int tool_parse(struct tool_opts *o, const char *cmd, unsigned allowed, int max_pos,
               int argc, char **argv)
{
    int i, only_pos = 0;
    unsigned seen = 0;

    memset(o, 0, sizeof *o);
    pass_arg = NULL;
    if (allowed & (OPT_KEY | OPT_PUB))
        allowed |= OPT_PASS;    /* any key file read may be an encrypted private key */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const struct optdef *d;

        if (only_pos || a[0] != '-' || a[1] == 0) {
            if (o->npos >= max_pos || o->npos >= TOOL_MAX_POS)
                return tool_fail("%s: unexpected argument '%s' (see kurv %s --help)", cmd, a, cmd);
            o->pos[o->npos++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            o->help = 1;
            continue;
        }
        if (a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t nlen = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
            d = opt_long(a + 2, nlen, allowed);
            if (!d)
                return tool_fail("%s: unknown option '%.*s' (see kurv %s --help)", cmd,
                                 (int)(nlen + 2), a, cmd);
            if (seen & d->bit)   /* the last would win silently: e.g. a second recipient */
                return tool_fail("%s: option --%s given twice", cmd, d->longname);
            seen |= d->bit;
            if (!d->has_arg) {
                if (eq)
                    return tool_fail("%s: option --%s takes no value", cmd, d->longname);
                opt_store(o, d->bit, NULL);
            } else if (eq) {
                opt_store(o, d->bit, eq + 1);
            } else {
                if (i + 1 >= argc)
                    return tool_fail("%s: option --%s needs a value", cmd, d->longname);
                opt_store(o, d->bit, argv[++i]);
            }
            continue;
        }
        /* short options, possibly grouped (-h) or with an attached value (-cNAME) */
        d = opt_short(a[1], allowed);
        if (!d)
            return tool_fail("%s: unknown option '-%c' (see kurv %s --help)", cmd, a[1], cmd);
        if (seen & d->bit)
            return tool_fail("%s: option -%c given twice", cmd, a[1]);
        seen |= d->bit;
        if (!d->has_arg) {
            if (a[2])
                return tool_fail("%s: unknown option '%s' (see kurv %s --help)", cmd, a, cmd);
            opt_store(o, d->bit, NULL);
        } else if (a[2]) {
            opt_store(o, d->bit, a + 2);
        } else {
            if (i + 1 >= argc)
                return tool_fail("%s: option -%c needs a value", cmd, a[1]);
            opt_store(o, d->bit, argv[++i]);
        }
    }
    pass_arg = o->pass;
    return 0;
}

/* ---- files ---- */

/* Set once stdin has been read (a file given as "-", or --pass stdin): a second read
 * would see nothing. */
static int stdin_used;

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
        if (stdin_used) {     /* a second read would see nothing: an empty message, say */
            tool_fail("stdin (-, or --pass stdin) given for more than one input");
            return NULL;
        }
        stdin_used = 1;
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

int tool_write(const char *path, const uint8_t *buf, size_t len, int secret)
{
    int fd, to_stdout = !path || strcmp(path, "-") == 0, regular = 0;
    const char *name = to_stdout ? "stdout" : path;
    size_t done = 0;

    if (to_stdout) {
        fflush(stdout);
        fd = STDOUT_FILENO;
    } else {
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, secret ? 0600 : 0644);
        if (fd < 0)
            return tool_fail("%s: cannot create: %s", name, strerror(errno));
        {
            struct stat st;
            regular = fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
            /* an existing file keeps its mode on O_CREAT: tighten it (regular files only) */
            if (secret && regular && fchmod(fd, 0600) != 0) {
                int e = errno;
                close(fd);
                unlink(path);
                return tool_fail("%s: cannot set mode 0600: %s", name, strerror(e));
            }
        }
    }
    while (done < len) {
        ssize_t w = write(fd, buf + done, len - done);
        if (w < 0) {
            int e = errno;
            if (e == EINTR)
                continue;
            if (!to_stdout) {
                close(fd);
                if (regular)
                    unlink(path);   /* no partial output (of a plaintext, say) stays behind */
            }
            return tool_fail("%s: write error: %s", name, strerror(e));
        }
        done += (size_t)w;
    }
    if (!to_stdout && close(fd) != 0) {
        int e = errno;
        if (regular)
            unlink(path);
        return tool_fail("%s: write error: %s", name, strerror(e));
    }
    return 0;
}

void tool_hex(char *out, const uint8_t *in, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < len; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * len] = 0;
}

static int hexval(uint8_t ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

long tool_unhex(uint8_t *out, size_t cap, const uint8_t *in, size_t in_len)
{
    size_t i, n = 0;
    int hi = -1;

    for (i = 0; i < in_len; i++) {
        int v;
        if (in[i] == ' ' || in[i] == '\t' || in[i] == '\n' || in[i] == '\r')
            continue;
        v = hexval(in[i]);
        if (v < 0)
            return -1;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap)
                return -1;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? (long)n : -1;
}

/* ---- passwords ---- */

/* The first line (up to "\n", which is dropped) from @fd into @buf. 0, or -1 with errno
 * set (EFBIG: longer than @cap; ENODATA: end of input before any byte, so no password was
 * given at all; an empty line is an empty password). */
static int read_line(int fd, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    for (;;) {
        uint8_t ch;
        ssize_t r = read(fd, &ch, 1);
        if (r < 0) {
            int e = errno;
            if (e == EINTR)
                continue;
            kurv_wipe(buf, n);
            errno = e;
            return -1;
        }
        if (r == 0 && n == 0) {
            errno = ENODATA;
            return -1;
        }
        if (r == 0 || ch == '\n')
            break;
        if (n == cap) {
            kurv_wipe(buf, cap);
            errno = EFBIG;
            return -1;
        }
        buf[n++] = ch;
    }
    *len = n;
    return 0;
}

int tool_password(const char *arg, uint8_t *buf, size_t cap, size_t *len)
{
    *len = 0;
    if (strncmp(arg, "pass:", 5) == 0 || strncmp(arg, "env:", 4) == 0) {
        const char *v = arg[0] == 'p' ? arg + 5 : getenv(arg + 4);
        size_t n;
        if (!v)
            return tool_fail("--pass %s: the variable is not set", arg);
        n = strlen(v);
        if (n > cap)
            return tool_fail("--pass: the password is longer than %zu bytes", cap);
        memcpy(buf, v, n);
        *len = n;
        return 0;
    }
    if (strncmp(arg, "file:", 5) == 0) {
        int fd = open(arg + 5, O_RDONLY | O_CLOEXEC), rc, e;
        if (fd < 0)
            return tool_fail("%s: cannot open: %s", arg + 5, strerror(errno));
        rc = read_line(fd, buf, cap, len);
        e = errno;
        close(fd);
        if (rc)
            return e == EFBIG ? tool_fail("%s: the password is longer than %zu bytes", arg + 5, cap)
                 : e == ENODATA ? tool_fail("--pass file:%s: no password (the file is empty)", arg + 5)
                              : tool_fail("%s: read error: %s", arg + 5, strerror(e));
        return 0;
    }
    if (strncmp(arg, "fd:", 3) == 0 || strcmp(arg, "stdin") == 0) {
        long fd = STDIN_FILENO;
        if (arg[0] == 'f') {
            char *end;
            errno = 0;
            fd = strtol(arg + 3, &end, 10);
            if (arg[3] == 0 || *end || errno || fd < 0 || fd > 65535)
                return tool_fail("--pass %s: not a file descriptor number", arg);
        }
        if (fd == STDIN_FILENO) {
            if (stdin_used)
                return tool_fail("stdin (-, or --pass stdin) given for more than one input");
            stdin_used = 1;
        }
        if (read_line((int)fd, buf, cap, len))
            return errno == EFBIG ? tool_fail("--pass %s: the password is longer than %zu bytes", arg, cap)
                 : errno == ENODATA ? tool_fail("--pass %s: no password (end of input)", arg)
                                  : tool_fail("--pass %s: read error: %s", arg, strerror(errno));
        return 0;
    }
    /* the value is not echoed: it is likely the password itself, without its "pass:" */
    return tool_fail("--pass: unknown form (expected pass:TEXT, env:VAR, file:PATH, fd:N or stdin)");
}

/* The --pass password, read once (stdin can be read only once) and wiped at exit. */
static uint8_t pass_buf[TOOL_MAX_PASS];
static size_t pass_len;
static int pass_state;   /* 0: not read, 1: read */

static void pass_wipe(void)
{
    kurv_wipe(pass_buf, sizeof pass_buf);
}

static int pass_get(void)
{
    if (pass_state)
        return 0;
    if (tool_password(pass_arg, pass_buf, sizeof pass_buf, &pass_len))
        return TOOL_ERR;
    pass_state = 1;
    atexit(pass_wipe);
    return 0;
}

/* ---- keys ---- */

static int contains(const uint8_t *buf, size_t len, const char *needle)
{
    size_t i, nl = strlen(needle);
    for (i = 0; i + nl <= len; i++)
        if (memcmp(buf + i, needle, nl) == 0)
            return 1;
    return 0;
}

void tool_key_wipe(struct tool_key *k)
{
    kurv_wipe(k, sizeof *k);
}

/* Fill k from the private key in buf; 0 or a kurv_err, or -1 after the error line of a
 * password that could not be read. */
static int load_priv_buf(struct tool_key *k, const uint8_t *buf, size_t len)
{
    size_t n;
    const kurv_curve *const *list = tool_curves(&n);
    kurv_err e;

    k->priv_len = sizeof k->priv;
    if (pass_arg) {
        if (pass_get())
            return -1;
        e = kurv_privkey_decode_pass(&k->curve, k->priv, &k->priv_len, list, n, buf, len,
                                     pass_buf, pass_len);
    } else {
        e = kurv_privkey_decode(&k->curve, k->priv, &k->priv_len, list, n, buf, len);
    }
    if (e)
        return (int)e;
    k->pub_len = sizeof k->pub;
    e = kurv_pubkey_from_priv(k->curve, k->pub, &k->pub_len, 0, k->priv, k->priv_len);
    if (e)
        return (int)e;
    k->has_priv = 1;
    return KURV_OK;
}

/* The error line of a key that did not load (@e from load_priv_buf or the decoders). */
static int key_fail(const char *path, int e, const uint8_t *buf, size_t len)
{
    size_t n;
    const kurv_curve *const *list = tool_curves(&n);
    const kurv_curve *c;
    uint8_t d[KURV_MAX_SCALAR_LEN];
    size_t d_len = sizeof d;

    if (e < 0)
        return TOOL_ERR;   /* the password's own error line is out */
    switch (e) {
    case KURV_ERR_ENCRYPTED:
        if (pass_arg)   /* decode_pass saw an EncryptedPrivateKeyInfo it will not take */
            return tool_fail("%s: an encrypted private key under a PEM label other than "
                             "ENCRYPTED PRIVATE KEY", path);
        return tool_fail("%s: encrypted private key: give its password with --pass "
                         "(pass:, env:, file:, fd: or stdin)", path);
    case KURV_ERR_PASSWORD:
        return tool_fail("%s: wrong password, or the encrypted key is damaged", path);
    case KURV_ERR_UNSUPPORTED: {
        /* a scheme kurv does not read: the plain decoder still sees an encrypted key */
        int encrypted = kurv_privkey_decode(&c, d, &d_len, list, n, buf, len) ==
                        KURV_ERR_ENCRYPTED;
        kurv_wipe(d, sizeof d);
        if (encrypted || contains(buf, len, "Proc-Type: 4,ENCRYPTED"))
            return tool_fail("%s: %s (kurv reads EC keys in PKCS#8 PBES2 with PBKDF2 and "
                             "AES-CBC; convert with openssl pkcs8 -topk8 -v2 aes256)", path,
                             pass_arg ? "unsupported key encryption, or not an EC key inside"
                                      : "unsupported key encryption");
        break;
    }
    default:
        break;
    }
    return tool_fail("%s: %s (%s)", path, tool_err_phrase((kurv_err)e), kurv_strerror((kurv_err)e));
}

int tool_load_priv(struct tool_key *k, const char *path)
{
    size_t len;
    uint8_t *buf;
    int e, rc;

    memset(k, 0, sizeof *k);
    buf = tool_read(path, TOOL_MAX_KEY, &len);
    if (!buf)
        return TOOL_ERR;
    e = load_priv_buf(k, buf, len);
    if (e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED) {
        /* name the common mistake: a public key where a private key is needed */
        size_t n;
        const kurv_curve *const *list = tool_curves(&n);
        const kurv_curve *c;
        uint8_t pt[KURV_MAX_POINT_LEN];
        size_t pt_len = sizeof pt;
        if (kurv_pubkey_decode(&c, pt, &pt_len, list, n, buf, len) == KURV_OK) {
            tool_free(buf, len);
            tool_key_wipe(k);
            return tool_fail("%s: a public key, but a private key is needed", path);
        }
    }
    rc = e ? key_fail(path, e, buf, len) : 0;
    tool_free(buf, len);
    if (rc)
        tool_key_wipe(k);
    return rc;
}

int tool_load_pub(struct tool_key *k, const char *path)
{
    size_t n, len;
    const kurv_curve *const *list = tool_curves(&n);
    uint8_t *buf;
    int e, e2, rc;

    memset(k, 0, sizeof *k);
    buf = tool_read(path, TOOL_MAX_KEY, &len);
    if (!buf)
        return TOOL_ERR;
    k->pub_len = sizeof k->pub;
    e = kurv_pubkey_decode(&k->curve, k->pub, &k->pub_len, list, n, buf, len);
    if (e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED) {
        /* not a SubjectPublicKeyInfo: perhaps a private key, whose public half we take */
        e2 = load_priv_buf(k, buf, len);
        if (e2 == KURV_OK) {
            e = KURV_OK;
        } else if (e2 != KURV_ERR_ENCODING && e2 != KURV_ERR_UNSUPPORTED) {
            e = e2;   /* it was a private key, with a specific problem */
        } else if (contains(buf, len, "PRIVATE KEY-----")) {
            e = e2;
        }
        kurv_wipe(k->priv, sizeof k->priv);
        k->priv_len = 0;
        k->has_priv = 0;
    }
    rc = e ? key_fail(path, e, buf, len) : 0;
    tool_free(buf, len);
    if (rc)
        tool_key_wipe(k);
    return rc;
}
