/*
 * kurv tool: `kurv schnorr keygen|pubkey|sign|verify`, BIP-340 Schnorr signatures
 * over secp256k1 (kurv-schnorr). Keys, signatures and auxiliary randomness are
 * hex; a key or signature argument is either the hex itself or a file holding it.
 * Errors follow tool.h: one stderr line and status 2; status 1 when a signature
 * does not verify. Its help page is its row of the command table (main.c).
 */
#include "tool.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <kurv/schnorr.h>

struct sopts {
    const char *key, *pub, *sig, *msg_file, *msg_hex, *aux, *out;
    int help, force;
};

/* the value of an option that takes one; NULL (after the error line) if missing */
static const char *optval(int argc, char **argv, int *i, const char *sub)
{
    if (*i + 1 >= argc) {
        tool_fail("schnorr %s: %s needs a value", sub, argv[*i]);
        return NULL;
    }
    return argv[++*i];
}

/* a is the option name (n bytes of it: a "--name=value" argument is cut at '=') */
static int is_opt(const char *a, size_t n, const char *name)
{
    return strlen(name) == n && !strncmp(a, name, n);
}

/* Options as in the other commands: "-k X", "--key X" and "--key=X". */
static int parse(struct sopts *o, const char *sub, const char *allowed, int argc, char **argv)
{
    int i;
    memset(o, 0, sizeof *o);
    for (i = 1; i < argc; i++) {
        const char *a = argv[i], *eq = NULL, **dst = NULL;
        size_t n;
        char key = 0;
        if (a[0] == '-' && a[1] == '-')
            eq = strchr(a, '=');
        n = eq ? (size_t)(eq - a) : strlen(a);
        if (is_opt(a, n, "-h") || is_opt(a, n, "--help")) {
            if (eq)
                return tool_fail("schnorr %s: --help takes no value", sub);
            o->help = 1;
            continue;
        }
        if (is_opt(a, n, "--force") && strchr(allowed, 'o')) {   /* with every -o */
            if (eq)
                return tool_fail("schnorr %s: --force takes no value", sub);
            if (o->force)
                return tool_fail("schnorr %s: --force given twice", sub);
            o->force = 1;
            continue;
        }
        if (is_opt(a, n, "-k") || is_opt(a, n, "--key")) { dst = &o->key; key = 'k'; }
        else if (is_opt(a, n, "-p") || is_opt(a, n, "--pub")) { dst = &o->pub; key = 'p'; }
        else if (is_opt(a, n, "-s") || is_opt(a, n, "--sig")) { dst = &o->sig; key = 's'; }
        else if (is_opt(a, n, "-m") || is_opt(a, n, "--message")) { dst = &o->msg_file; key = 'm'; }
        else if (is_opt(a, n, "--msg")) { dst = &o->msg_hex; key = 'x'; }
        else if (is_opt(a, n, "--aux")) { dst = &o->aux; key = 'a'; }
        else if (is_opt(a, n, "-o") || is_opt(a, n, "--out")) { dst = &o->out; key = 'o'; }
        if (!dst || !strchr(allowed, key))
            return tool_fail("schnorr %s: unknown option or argument '%.*s' (try kurv schnorr --help)",
                             sub, (int)n, a);
        if (*dst)
            return tool_fail("schnorr %s: %.*s given twice", sub, (int)n, a);
        if (eq)
            *dst = eq + 1;
        else if (!(*dst = optval(argc, argv, &i, sub)))
            return TOOL_ERR;
    }
    return 0;
}

/* 1 when arg is a non-empty run of hex digits that names no file: a value given inline */
static int is_inline_hex(const char *arg)
{
    size_t i;
    for (i = 0; arg[i]; i++)
        if (!strchr("0123456789abcdefABCDEF", arg[i]))
            return 0;
    return i > 0 && access(arg, F_OK) != 0;
}

/* how errors name the argument: a file by its name, an inline value by its option
 * (opt), so that a secret key given inline is never written to stderr */
static const char *arg_label(const char *arg, const char *opt)
{
    return is_inline_hex(arg) ? opt : arg;
}

/* exactly len bytes from hex given inline or in a file; opt (the option) and what
 * name it in errors. An inline value of the wrong length is reported as such, not
 * read as a file name. */
static int get_hex(uint8_t *out, size_t len, const char *arg, const char *opt,
                   const char *what)
{
    size_t alen = strlen(arg), flen;
    uint8_t *buf;
    long n;
    if (is_inline_hex(arg)) {
        if (alen == 2 * len && tool_unhex(out, len, (const uint8_t *)arg, alen) == (long)len)
            return 0;
        return tool_fail("%s: %s: expected %zu hex digits, got %zu", opt, what, 2 * len, alen);
    }
    if (!*arg)
        return tool_fail("%s: %s: empty value", opt, what);
    buf = tool_read(arg, TOOL_MAX_KEY, &flen);
    if (!buf)
        return TOOL_ERR;
    n = tool_unhex(out, len, buf, flen);
    tool_free(buf, flen);
    if (n != (long)len) {
        memset(out, 0, len);
        return tool_fail("%s: %s: expected %zu hex digits", arg, what, 2 * len);
    }
    return 0;
}

/* the message: -m FILE or --msg HEX (exactly one); *msg is malloc'd (free with tool_free) */
static int get_msg(uint8_t **msg, size_t *len, const struct sopts *o, const char *sub)
{
    *msg = NULL;
    *len = 0;
    if (!!o->msg_file == !!o->msg_hex)
        return tool_fail("schnorr %s: give the message with -m FILE or --msg HEX (one of them)", sub);
    if (o->msg_file) {
        *msg = tool_read(o->msg_file, TOOL_MAX_MSG, len);
        return *msg ? 0 : TOOL_ERR;
    }
    {
        size_t hl = strlen(o->msg_hex);
        long n;
        uint8_t *b = malloc(hl / 2 + 1);
        if (!b)
            return tool_fail("schnorr %s: out of memory", sub);
        n = tool_unhex(b, hl / 2 + 1, (const uint8_t *)o->msg_hex, hl);
        if (n < 0) {
            free(b);
            return tool_fail("schnorr %s: --msg: not hex", sub);
        }
        *msg = b;
        *len = (size_t)n;
    }
    return 0;
}

/* Whether the output of @o may be written (tool_out_check() with its -k and -m inputs
 * and @flags, plus TOOL_OUT_FORCE for --force); 0 or TOOL_ERR after the error line. */
static int out_check(const struct sopts *o, unsigned flags)
{
    const char *inputs[2];
    inputs[0] = o->key && !is_inline_hex(o->key) ? o->key : NULL;
    inputs[1] = o->msg_file;
    return tool_out_check(o->out, flags | (o->force ? TOOL_OUT_FORCE : 0), inputs, 2);
}

/* @len bytes as hex and a newline to the output @o->out (stdout when NULL), with the
 * tool_write() @flags (and --force); 0 or TOOL_ERR after the error line. */
static int put_hex(const struct sopts *o, const uint8_t *b, size_t len, unsigned flags)
{
    char hex[2 * 64 + 2];
    int r;
    tool_hex(hex, b, len);
    hex[2 * len] = '\n';
    r = tool_write(o->out, (const uint8_t *)hex, 2 * len + 1,
                   flags | (o->force ? TOOL_OUT_FORCE : 0));
    kurv_wipe(hex, sizeof hex);
    return r;
}

static int sub_keygen(const struct sopts *o)
{
    uint8_t sk[32];
    unsigned flags = TOOL_OUT_SECRET | TOOL_OUT_KEY | TOOL_OUT_NEW;
    int r;
    if (out_check(o, flags))
        return TOOL_ERR;
    if (kurv_keygen(kurv_secp256k1(), sk, 32, NULL, NULL, 0) != KURV_OK)
        return tool_fail("schnorr keygen: the system random generator failed");
    r = put_hex(o, sk, 32, flags);
    kurv_wipe(sk, sizeof sk);
    return r;
}

static int sub_pubkey(const struct sopts *o)
{
    uint8_t sk[32], pk[32];
    kurv_err e;
    if (!o->key)
        return tool_fail("schnorr pubkey: -k SECKEY is required");
    if (out_check(o, TOOL_OUT_KEY))
        return TOOL_ERR;
    if (get_hex(sk, 32, o->key, "-k", "secret key"))
        return TOOL_ERR;
    e = kurv_schnorr_pubkey(pk, sk);
    kurv_wipe(sk, sizeof sk);
    if (e)
        return tool_fail("%s: %s", arg_label(o->key, "-k"), e == KURV_ERR_PRIVKEY ?
                         "invalid secret key (must be 1 .. n-1)" : kurv_strerror(e));
    return put_hex(o, pk, 32, TOOL_OUT_KEY);
}

static int sub_sign(const struct sopts *o)
{
    uint8_t sk[32], kp[64], aux[32], sig[64], *msg;
    size_t len;
    kurv_err e;
    if (!o->key)
        return tool_fail("schnorr sign: -k SECKEY is required");
    if (out_check(o, 0))
        return TOOL_ERR;
    if (o->aux) {
        if (strlen(o->aux) != 64 || tool_unhex(aux, 32, (const uint8_t *)o->aux, 64) != 32)
            return tool_fail("schnorr sign: --aux: expected 64 hex digits");
    } else if (kurv_random(aux, 32) != KURV_OK) {
        return tool_fail("schnorr sign: the system random generator failed");
    }
    if (get_hex(sk, 32, o->key, "-k", "secret key"))
        return TOOL_ERR;
    e = kurv_schnorr_keypair(kp, sk);
    kurv_wipe(sk, sizeof sk);
    if (e) {
        kurv_wipe(kp, sizeof kp);
        return tool_fail("%s: invalid secret key (must be 1 .. n-1)", arg_label(o->key, "-k"));
    }
    if (get_msg(&msg, &len, o, "sign")) {
        kurv_wipe(kp, sizeof kp);
        return TOOL_ERR;
    }
    e = kurv_schnorr_sign(sig, kp, msg, len, aux);
    kurv_wipe(kp, sizeof kp);
    kurv_wipe(aux, sizeof aux);
    tool_free(msg, len);
    if (e)
        return tool_fail("schnorr sign: %s", kurv_strerror(e));
    return put_hex(o, sig, 64, 0);
}

static int sub_verify(const struct sopts *o)
{
    uint8_t pk[32], sig[64], *msg;
    size_t len;
    kurv_err e;
    if (!o->pub || !o->sig)
        return tool_fail("schnorr verify: -p PUBKEY and -s SIG are required");
    if (get_hex(pk, 32, o->pub, "-p", "x-only public key") ||
        get_hex(sig, 64, o->sig, "-s", "signature"))
        return TOOL_ERR;
    if (kurv_schnorr_pubkey_check(pk) != KURV_OK)
        return tool_fail("%s: invalid x-only public key (not an x-coordinate on secp256k1)", o->pub);
    if (get_msg(&msg, &len, o, "verify"))
        return TOOL_ERR;
    e = kurv_schnorr_verify(sig, pk, msg, len);
    tool_free(msg, len);
    if (e == KURV_ERR_SIGNATURE || e == KURV_ERR_ENCODING) {
        fflush(stdout);
        fprintf(stderr, "kurv: signature does not verify%s\n",
                e == KURV_ERR_ENCODING ? " (r >= p or s >= n)" : "");
        return TOOL_BADSIG;
    }
    if (e)
        return tool_fail("schnorr verify: %s", kurv_strerror(e));
    printf("Verified OK\n");
    return tool_stdout_done();
}

int cmd_schnorr(int argc, char **argv)
{
    struct sopts o;
    const char *sub = argc >= 2 ? argv[1] : NULL;
    static const struct {
        const char *name, *allowed;
        int (*fn)(const struct sopts *);
    } subs[] = {
        { "keygen", "o", sub_keygen },
        { "pubkey", "ko", sub_pubkey },
        { "sign", "kmxao", sub_sign },
        { "verify", "psmx", sub_verify },
    };
    size_t i;

    if (!sub)
        return tool_fail("schnorr: missing subcommand: keygen, pubkey, sign or verify");
    if (!strcmp(sub, "-h") || !strcmp(sub, "--help"))
        return tool_help("schnorr");
    for (i = 0; i < sizeof subs / sizeof subs[0]; i++) {
        if (strcmp(sub, subs[i].name) != 0)
            continue;
        if (parse(&o, sub, subs[i].allowed, argc - 1, argv + 1))
            return TOOL_ERR;
        if (o.help)
            return tool_help("schnorr");
        return subs[i].fn(&o);
    }
    return tool_fail("schnorr: unknown subcommand '%s' (keygen, pubkey, sign or verify)", sub);
}
