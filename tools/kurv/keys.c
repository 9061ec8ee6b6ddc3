/*
 * kurv tool: loading key files (see tool.h, "keys.c").
 *
 * Contract: tool_load_priv() and tool_load_pub() read a key file (PEM or DER, SEC1, PKCS#8,
 * encrypted PKCS#8 or SubjectPublicKeyInfo) into a struct tool_key, with the password
 * source the caller passes (NULL: none). On failure the key is wiped and exactly one line
 * names the file and the problem. The private scalar never leaves the struct, which
 * tool_key_wipe() clears.
 */
#include "tool.h"

#include <kurv_curve_list.h>   /* KURV_HAVE_25519 */

#include <string.h>
#include <unistd.h>

/* A short phrase for a decoding error ("malformed DER/PEM", ...). */
static const char *tool_err_phrase(kurv_err e)
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

/* Nonzero if @needle occurs in the @len bytes at @buf. */
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

/* Fill k from the private key in buf (read from @path). An encrypted key takes the
 * password of @pw: its --pass source, or, with none, the terminal when stdin is one; no
 * password is read for a key that is not encrypted. 0 or a kurv_err, or -1 after the error
 * line of a password that could not be read. */
static int load_priv_buf(struct tool_key *k, const uint8_t *buf, size_t len,
                         struct tool_pass *pw, const char *path)
{
    size_t n;
    const kurv_curve *const *list = tool_curves(&n);
    kurv_err e;

    k->priv_len = sizeof k->priv;
    e = kurv_privkey_decode(&k->curve, k->priv, &k->priv_len, list, n, buf, len);
    if (e == KURV_ERR_ENCRYPTED && tool_key_scheme(path, buf, len))
        return -1;   /* a scheme kurv does not read: said before any password is asked for */
    if (e == KURV_ERR_ENCRYPTED && pw && (pw->arg || pw->have || isatty(STDIN_FILENO))) {
        if (tool_pass_get(pw, path))
            return -1;
        k->priv_len = sizeof k->priv;
        e = kurv_privkey_decode_pass(&k->curve, k->priv, &k->priv_len, list, n, buf, len,
                                     pw->buf, pw->len);
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
static int key_fail(const char *path, int e, const uint8_t *buf, size_t len, int have_pass)
{
    size_t n;
    const kurv_curve *const *list = tool_curves(&n);
    const kurv_curve *c;
    uint8_t d[KURV_MAX_SCALAR_LEN];
    size_t d_len = sizeof d;

    if (e < 0)
        return TOOL_ERR;   /* the password's (or the scheme's) own error line is out */
    if (e != KURV_ERR_ENCRYPTED && e != KURV_ERR_PASSWORD &&
        tool_key_diagnose(path, buf, len, (kurv_err)e))
        return TOOL_ERR;   /* a specific reason, said */
    switch (e) {
    case KURV_ERR_ENCRYPTED:
        if (have_pass)   /* decode_pass saw an EncryptedPrivateKeyInfo it will not take */
            return tool_fail("%s: an encrypted private key under a PEM label other than "
                             "ENCRYPTED PRIVATE KEY", path);
        return tool_fail("%s: encrypted private key: give its password with --pass "
                         "(pass:, env:, file:, fd: or stdin), or type it on a terminal", path);
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
                             have_pass ? "unsupported key encryption, or not an EC key inside"
                                      : "unsupported key encryption");
        break;
    }
    default:
        break;
    }
    return tool_fail("%s: %s (%s)", path, tool_err_phrase((kurv_err)e), kurv_strerror((kurv_err)e));
}

/* The private key of the selected block @key (@key_len bytes, from @path) into @k. 0, a
 * kurv_err, or -1 after its own error line (a public key given where a private key is
 * needed, or a password that could not be read). */
static int decode_priv(struct tool_key *k, const uint8_t *key, size_t key_len,
                       struct tool_pass *pw, const char *path)
{
    int e = load_priv_buf(k, key, key_len, pw, path);
    if (e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED) {
        /* name the common mistake: a public key where a private key is needed */
        size_t n;
        const kurv_curve *const *list = tool_curves(&n);
        const kurv_curve *c;
        uint8_t pt[KURV_MAX_POINT_LEN];
        size_t pt_len = sizeof pt;
        if (kurv_pubkey_decode(&c, pt, &pt_len, list, n, key, key_len) == KURV_OK) {
            tool_fail("%s: a public key, but a private key is needed", path);
            return -1;
        }
    }
    return e;
}

/* The public key of the selected block @key into @k: a SubjectPublicKeyInfo, or the public
 * half of a private key (whose scalar is wiped). Returns as decode_priv(). */
static int decode_pub(struct tool_key *k, const uint8_t *key, size_t key_len,
                      struct tool_pass *pw, const char *path)
{
    size_t n;
    const kurv_curve *const *list = tool_curves(&n);
    int e, e2;

    k->pub_len = sizeof k->pub;
    e = kurv_pubkey_decode(&k->curve, k->pub, &k->pub_len, list, n, key, key_len);
    if (e == KURV_ERR_ENCODING || e == KURV_ERR_UNSUPPORTED) {
        /* not a SubjectPublicKeyInfo: perhaps a private key, whose public half we take */
        e2 = load_priv_buf(k, key, key_len, pw, path);
        if (e2 == KURV_OK) {
            e = KURV_OK;
        } else if (e2 != KURV_ERR_ENCODING && e2 != KURV_ERR_UNSUPPORTED) {
            e = e2;   /* it was a private key, with a specific problem */
        } else if (contains(key, key_len, "PRIVATE KEY-----")) {
            e = e2;
        }
        kurv_wipe(k->priv, sizeof k->priv);
        k->priv_len = 0;
        k->has_priv = 0;
    }
    return e;
}

/* Read @path, select its key block and decode it with @decode (an X25519 or Ed25519 key
 * first, when @which has TOOL_KEY_25519); the error line and the wipe on failure, for both
 * loaders. */
static int load_file(struct tool_key *k, const char *path, struct tool_pass *pw, int which,
                     int (*decode)(struct tool_key *, const uint8_t *, size_t,
                                   struct tool_pass *, const char *))
{
    size_t len, key_len;
    const uint8_t *key;
    uint8_t *buf;
    int e, rc;

    memset(k, 0, sizeof *k);
    buf = tool_read(path, TOOL_MAX_KEY, &len);
    if (!buf)
        return TOOL_ERR;
    if (tool_key_select(path, buf, len, &key, &key_len)) {
        tool_free(buf, len);
        return TOOL_ERR;
    }
#ifdef KURV_HAVE_25519
    if (which & TOOL_KEY_25519) {
        rc = tool_25519_decode(k, key, key_len, which & ~TOOL_KEY_25519, pw, path);
        if (rc != 1) {
            tool_free(buf, len);
            if (rc)
                tool_key_wipe(k);
            return rc;
        }
    }
#else
    (void)which;
#endif
    e = decode(k, key, key_len, pw, path);
    rc = e ? key_fail(path, e, key, key_len, pw && (pw->arg || pw->have)) : 0;
    tool_free(buf, len);
    if (rc)
        tool_key_wipe(k);
    return rc;
}

int tool_load_priv(struct tool_key *k, const char *path, struct tool_pass *pw)
{
    return load_file(k, path, pw, TOOL_KEY_PRIV, decode_priv);
}

int tool_load_pub(struct tool_key *k, const char *path, struct tool_pass *pw)
{
    return load_file(k, path, pw, TOOL_KEY_PUB, decode_pub);
}

int tool_load(struct tool_key *k, const char *path, struct tool_pass *pw, int which)
{
    return load_file(k, path, pw, which, (which & TOOL_KEY_PUB) ? decode_pub : decode_priv);
}

int tool_load_key(struct tool_key *k, const char *path, const char *pass_arg, int which)
{
    struct tool_pass pw;
    int rc;

    tool_pass_init(&pw, pass_arg);
    rc = tool_load(k, path, &pw, which);
    tool_pass_wipe(&pw);
    return rc;
}
