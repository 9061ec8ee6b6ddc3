/*
 * kurv tool: `kurv demo`, a short tour that checks itself. Every step prints an
 * "ok" line or a "FAIL" line; any failure makes the exit status 1 (2 when the
 * demo cannot even start, e.g. no temporary folder).
 */
#define _DEFAULT_SOURCE
#include "tool.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

/* The demo's curve: secp256k1 (as in the README's example) when this build has it, else the
 * first curve it has (a build has at least one: curves/meson.build refuses an empty
 * -Dfamilies). */
static const kurv_curve *demo_curve(void)
{
    size_t n;
    const kurv_curve *const *list;
    const kurv_curve *c = tool_curve_find("secp256k1");

    if (c)
        return c;
    list = tool_curves(&n);
    return list[0];
}

#define DEMO_MAX_FILES 16

struct demo {
    char dir[PATH_MAX];
    const char *files[DEMO_MAX_FILES];   /* names created in dir, removed at the end */
    int nfiles;
    int nok, nfail;
    char openssl[PATH_MAX];              /* empty when not found */
};

static void ok(struct demo *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ok(struct demo *d, const char *fmt, ...)
{
    va_list ap;
    printf("  ok    ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    d->nok++;
}

static void bad(struct demo *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bad(struct demo *d, const char *fmt, ...)
{
    va_list ap;
    printf("  FAIL  ");
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
    fflush(stdout);
    d->nfail++;
}

/* out = dir/name; remembers the name for clean-up. */
static const char *dpath(struct demo *d, char *out, size_t cap, const char *name)
{
    int i, known = 0;
    snprintf(out, cap, "%s/%s", d->dir, name);
    for (i = 0; i < d->nfiles; i++)
        known |= strcmp(d->files[i], name) == 0;
    if (!known && d->nfiles < DEMO_MAX_FILES)
        d->files[d->nfiles++] = name;
    return out;
}

static void cleanup(struct demo *d)
{
    char p[PATH_MAX + 64];
    int i;
    for (i = 0; i < d->nfiles; i++) {
        snprintf(p, sizeof p, "%s/%s", d->dir, d->files[i]);
        unlink(p);
    }
    rmdir(d->dir);
}

/* Search PATH for an executable. */
static int find_in_path(char *out, size_t cap, const char *prog)
{
    const char *path = getenv("PATH");
    const char *p, *end;

    out[0] = 0;
    if (!path)
        return 0;
    for (p = path; ; p = end + 1) {
        size_t len;
        end = strchr(p, ':');
        if (!end)
            end = p + strlen(p);
        len = (size_t)(end - p);
        if (len > 0 && len + strlen(prog) + 2 <= cap) {
            memcpy(out, p, len);
            snprintf(out + len, cap - len, "/%s", prog);
            if (access(out, X_OK) == 0)
                return 1;
        }
        if (!*end)
            break;
    }
    out[0] = 0;
    return 0;
}

/* Run argv with stdout and stderr captured into dir/openssl.out (NUL-terminated text in
 * @out). Return the exit status, or -1 if it could not run. */
static int run(struct demo *d, char *const argv[], char *out, size_t cap)
{
    char log[PATH_MAX + 64];
    posix_spawn_file_actions_t fa;
    pid_t pid;
    int st, rc;
    size_t n = 0;
    FILE *f;

    dpath(d, log, sizeof log, "openssl.out");
    out[0] = 0;
    if (posix_spawn_file_actions_init(&fa) != 0)
        return -1;
    posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
    rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (rc != 0)
        return -1;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    f = fopen(log, "rb");
    if (f) {
        n = fread(out, 1, cap - 1, f);
        fclose(f);
    }
    out[n] = 0;
    while (n > 0 && (out[n - 1] == '\n' || out[n - 1] == '\r'))
        out[--n] = 0;
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* Read a whole small file (not via tool_read, whose errors go to stderr). */
static int slurp(const char *path, uint8_t *buf, size_t cap, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    *len = fread(buf, 1, cap, f);
    fclose(f);
    return 0;
}

static int write_key(const kurv_curve *c, const char *path, const uint8_t *priv, size_t slen)
{
    uint8_t out[KURV_MAX_KEYFILE_LEN];
    size_t out_len = sizeof out;
    int rc;
    if (kurv_privkey_encode(c, out, &out_len, KURV_KEY_SEC1, KURV_KEYFMT_PEM, priv, slen))
        return -1;
    rc = tool_write(path, out, out_len, TOOL_OUT_SECRET | TOOL_OUT_KEY | TOOL_OUT_NEW);
    kurv_wipe(out, sizeof out);
    return rc;
}

static int write_pub(const kurv_curve *c, const char *path, const uint8_t *pub, size_t pub_len)
{
    uint8_t out[KURV_MAX_KEYFILE_LEN];
    size_t out_len = sizeof out;
    if (kurv_pubkey_encode(c, out, &out_len, KURV_KEYFMT_PEM, pub, pub_len))
        return -1;
    return tool_write(path, out, out_len, TOOL_OUT_KEY | TOOL_OUT_NEW);
}

/* The steps that need only kurv. On return the keys, the signature and the ECDH
 * secret are in the files alice.pem, alice.pub.pem, bob.pem, bob.pub.pem, msg.sig. */
static void demo_kurv(struct demo *d, const char *msg_path, const uint8_t *msg, size_t msg_len,
                      uint8_t *secret, size_t *secret_len)
{
    const kurv_curve *c = demo_curve();
    size_t slen = kurv_curve_scalar_len(c), flen = kurv_curve_field_len(c);
    uint8_t a[KURV_MAX_SCALAR_LEN], b[KURV_MAX_SCALAR_LEN];
    uint8_t apub[KURV_MAX_POINT_LEN], bpub[KURV_MAX_POINT_LEN];
    size_t apub_len = sizeof apub, bpub_len = sizeof bpub;
    uint8_t dg[32], sig[KURV_MAX_SIG_RAW_LEN], der[KURV_MAX_SIG_DER_LEN];
    size_t der_len = sizeof der;
    uint8_t s1[KURV_MAX_FIELD_LEN], s2[KURV_MAX_FIELD_LEN];
    char p[PATH_MAX + 64], hex[2 * KURV_MAX_POINT_LEN + 1];
    struct tool_key k;
    struct stat st;
    kurv_err e;

    *secret_len = 0;
    /* 1. a key pair, written as OpenSSL writes it */
    e = kurv_keygen(c, a, slen, apub, &apub_len, 0);
    if (e) {
        bad(d, "keygen: %s", kurv_strerror(e));
        goto out;
    }
    if (write_key(c, dpath(d, p, sizeof p, "alice.pem"), a, slen) ||
        stat(p, &st) != 0 || (st.st_mode & 077) != 0) {
        bad(d, "keygen: cannot write %s with mode 0600", p);
        goto out;
    }
    ok(d, "keygen    %s key written to %s (SEC1 PEM, mode %03o)", kurv_curve_name(c), p,
       (unsigned)(st.st_mode & 0777));

    /* 2. read it back */
    if (tool_load_priv(&k, p, NULL) != 0 || k.curve != c || k.priv_len != slen ||
        memcmp(k.priv, a, slen) != 0) {
        tool_key_wipe(&k);
        bad(d, "reload: %s does not read back to the same key", p);
        goto out;
    }
    tool_key_wipe(&k);
    ok(d, "reload    alice.pem reads back to the same %zu-byte private key", slen);

    /* 3. the public key */
    if (write_pub(c, dpath(d, p, sizeof p, "alice.pub.pem"), apub, apub_len)) {
        bad(d, "pubkey: cannot write %s", p);
        goto out;
    }
    tool_hex(hex, apub, 9);
    ok(d, "pubkey    alice.pub.pem: SubjectPublicKeyInfo, point %s... (%zu bytes)", hex, apub_len);

    /* 4. sign a real file */
    e = kurv_hash_digest(KURV_HASH_SHA256, dg, msg, msg_len);
    if (!e)
        e = kurv_ecdsa_sign(c, sig, 2 * slen, a, slen, dg, sizeof dg, KURV_HASH_SHA256,
                            NULL, 0, 0);
    if (!e)
        e = kurv_ecdsa_sig_to_der(c, der, &der_len, sig, 2 * slen);
    if (e || tool_write(dpath(d, p, sizeof p, "msg.sig"), der, der_len, TOOL_OUT_NEW)) {
        bad(d, "sign: %s", e ? kurv_strerror(e) : "cannot write msg.sig");
        goto out;
    }
    ok(d, "sign      SHA-256 of %s (%zu bytes) signed: msg.sig (%zu-byte DER)", msg_path,
       msg_len, der_len);

    /* 5. verify it, and check that a changed message fails */
    e = kurv_ecdsa_verify(c, sig, 2 * slen, apub, apub_len, dg, sizeof dg, 0);
    if (e) {
        bad(d, "verify: kurv rejects its own signature (%s)", kurv_strerror(e));
        goto out;
    }
    ok(d, "verify    the signature verifies with alice's public key");
    dg[0] ^= 1;
    e = kurv_ecdsa_verify(c, sig, 2 * slen, apub, apub_len, dg, sizeof dg, 0);
    dg[0] ^= 1;
    if (e != KURV_ERR_SIGNATURE) {
        bad(d, "verify: a changed digest was not rejected (%s)", kurv_strerror(e));
        goto out;
    }
    ok(d, "verify    a digest with one bit flipped is rejected");

    /* 6. a second key and ECDH both ways */
    e = kurv_keygen(c, b, slen, bpub, &bpub_len, 1);
    if (!e && (write_key(c, dpath(d, p, sizeof p, "bob.pem"), b, slen) ||
               write_pub(c, dpath(d, p, sizeof p, "bob.pub.pem"), bpub, bpub_len)))
        e = KURV_ERR_ARG;
    if (e) {
        bad(d, "keygen: second key: %s", kurv_strerror(e));
        goto out;
    }
    ok(d, "keygen    second key bob.pem, public key bob.pub.pem (compressed point)");
    e = kurv_ecdh(c, s1, flen, a, slen, bpub, bpub_len);
    if (!e)
        e = kurv_ecdh(c, s2, flen, b, slen, apub, apub_len);
    if (e || memcmp(s1, s2, flen) != 0) {
        bad(d, "ecdh: %s", e ? kurv_strerror(e) : "the two sides disagree");
        goto out;
    }
    tool_hex(hex, s1, 8);
    ok(d, "ecdh      alice(d) * bob(Q) == bob(d) * alice(Q): %s... (%zu bytes)", hex, flen);
    memcpy(secret, s1, flen);
    *secret_len = flen;

out:
    kurv_wipe(a, sizeof a);
    kurv_wipe(b, sizeof b);
    kurv_wipe(s1, sizeof s1);
    kurv_wipe(s2, sizeof s2);
    kurv_wipe(hex, sizeof hex);
}

/* Cross-checks with the openssl command. */
static void demo_openssl(struct demo *d, const char *msg_path, const uint8_t *secret,
                         size_t secret_len)
{
    const kurv_curve *c = demo_curve();
    char key_a[PATH_MAX + 64], pub_a[PATH_MAX + 64], key_b[PATH_MAX + 64], pub_b[PATH_MAX + 64];
    char sig[PATH_MAX + 64], osig[PATH_MAX + 64], sec[PATH_MAX + 64];
    char out[4096];
    uint8_t buf[KURV_MAX_SIG_DER_LEN + 16];
    uint8_t raw[KURV_MAX_SIG_RAW_LEN], dg[32];
    size_t len, slen = kurv_curve_scalar_len(c);
    struct tool_key k;
    int rc;
    uint8_t *msg;

    dpath(d, key_a, sizeof key_a, "alice.pem");
    dpath(d, pub_a, sizeof pub_a, "alice.pub.pem");
    dpath(d, key_b, sizeof key_b, "bob.pem");
    dpath(d, pub_b, sizeof pub_b, "bob.pub.pem");
    dpath(d, sig, sizeof sig, "msg.sig");
    dpath(d, osig, sizeof osig, "openssl.sig");
    dpath(d, sec, sizeof sec, "openssl.secret");

    {
        char *argv[] = { d->openssl, "version", NULL };
        if (run(d, argv, out, sizeof out) == 0)
            printf("  with %s (%s)\n", d->openssl, out);
    }
    {
        char *argv[] = { d->openssl, "dgst", "-sha256", "-verify", pub_a, "-signature", sig,
                         (char *)msg_path, NULL };
        rc = run(d, argv, out, sizeof out);
        if (rc == 0 && strstr(out, "Verified OK"))
            ok(d, "openssl   dgst -sha256 -verify alice.pub.pem -signature msg.sig: \"%s\"", out);
        else
            bad(d, "openssl dgst -verify rejects kurv's signature (status %d: %s)", rc, out);
    }
    {
        char *argv[] = { d->openssl, "dgst", "-sha256", "-sign", key_a, "-out", osig,
                         (char *)msg_path, NULL };
        kurv_err e = KURV_ERR_ENCODING;
        rc = run(d, argv, out, sizeof out);
        msg = rc == 0 ? tool_read(msg_path, TOOL_MAX_MSG, &len) : NULL;
        if (msg) {
            e = kurv_hash_digest(KURV_HASH_SHA256, dg, msg, len);
            tool_free(msg, len);
        }
        if (!e && tool_load_pub(&k, pub_a, NULL) != 0)
            e = KURV_ERR_POINT;
        if (!e && slurp(osig, buf, sizeof buf, &len) != 0)
            e = KURV_ERR_ENCODING;
        if (!e)
            e = kurv_ecdsa_sig_from_der(c, raw, 2 * slen, buf, len);
        if (!e)
            e = kurv_ecdsa_verify(c, raw, 2 * slen, k.pub, k.pub_len, dg, sizeof dg, 0);
        if (rc == 0 && !e)
            ok(d, "openssl   dgst -sha256 -sign alice.pem: kurv verifies OpenSSL's signature");
        else
            bad(d, "openssl's signature with alice.pem: status %d, kurv says %s", rc,
                kurv_strerror(e));
    }
    {
        char *pairs[2][3] = { { key_a, pub_b, "alice.pem, bob.pub.pem" },
                              { key_b, pub_a, "bob.pem, alice.pub.pem" } };
        int i;
        for (i = 0; i < 2; i++) {
            char *argv[] = { d->openssl, "pkeyutl", "-derive", "-inkey", pairs[i][0],
                             "-peerkey", pairs[i][1], "-out", sec, NULL };
            uint8_t s[KURV_MAX_FIELD_LEN + 16];
            rc = run(d, argv, out, sizeof out);
            if (rc == 0 && slurp(sec, s, sizeof s, &len) == 0 && len == secret_len &&
                memcmp(s, secret, len) == 0)
                ok(d, "openssl   pkeyutl -derive (%s) gives kurv's secret", pairs[i][2]);
            else
                bad(d, "openssl pkeyutl -derive (%s): status %d, %s", pairs[i][2], rc,
                    rc == 0 ? "a different secret" : out);
            kurv_wipe(s, sizeof s);
        }
    }
}

int cmd_demo(int argc, char **argv, const char *argv0)
{
    struct tool_opts o;
    struct demo d;
    const char *tmp = getenv("TMPDIR");
    char self[PATH_MAX];
    const char *msg_path;
    uint8_t *msg;
    uint8_t secret[KURV_MAX_FIELD_LEN];
    size_t msg_len, secret_len = 0;
    ssize_t n;

    if (tool_parse(&o, "demo", 0, 0, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("demo");

    memset(&d, 0, sizeof d);
    snprintf(d.dir, sizeof d.dir, "%s/kurv-demo.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    if (!mkdtemp(d.dir))
        return tool_fail("demo: cannot make a temporary folder in %s: %s",
                         tmp && *tmp ? tmp : "/tmp", strerror(errno));

    /* the message: this very program */
    n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = 0;
        msg_path = self;
    } else {
        msg_path = argv0;
    }
    printf("kurv demo: %s keys, ECDSA and ECDH in %s\n", kurv_curve_name(demo_curve()), d.dir);
    msg = tool_read(msg_path, TOOL_MAX_MSG, &msg_len);
    if (!msg) {
        cleanup(&d);
        return TOOL_ERR;
    }

    demo_kurv(&d, msg_path, msg, msg_len, secret, &secret_len);
    tool_free(msg, msg_len);

    if (d.nfail == 0) {
        if (find_in_path(d.openssl, sizeof d.openssl, "openssl"))
            demo_openssl(&d, msg_path, secret, secret_len);
        else
            printf("  skip  OpenSSL cross-checks: no openssl on PATH\n");
    }
    kurv_wipe(secret, sizeof secret);
    cleanup(&d);
    if (d.nfail) {
        printf("kurv demo: %d check(s) FAILED, %d passed\n", d.nfail, d.nok);
        return 1;
    }
    printf("kurv demo: all %d checks passed (temporary folder removed)\n", d.nok);
    return tool_stdout_done();
}
