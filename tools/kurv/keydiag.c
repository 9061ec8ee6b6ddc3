/*
 * kurv tool: which part of a key file is the key, and why a key file is refused (see
 * tool.h, "keydiag.c").
 *
 * Contract: tool_key_select() reads PEM as OpenSSL does: text around the blocks is
 * ignored, and the first key block is taken (EC PARAMETERS, CERTIFICATE and other blocks
 * are passed over); a file without a key block, or with no data, is refused with a line
 * that says what it holds. tool_key_scheme() names an encryption scheme kurv does not read
 * before any password is asked for. tool_key_diagnose() looks into a key the library
 * refused and names the reason (explicit curve parameters, a hybrid point, a stored public
 * key that is not d*G, d = 0, a certificate, another algorithm) with the openssl command
 * that converts it where there is one. Each function prints at most one line through
 * tool_fail(); none keeps state. Structure is read with a small DER walker that only
 * looks: a malformed file gives no diagnosis, never a crash (every length is checked
 * against what is left).
 */
#include "tool.h"

#include <kurv_curve_list.h>   /* KURV_HAVE_25519 */

#include <stdio.h>
#include <string.h>
#include <nettle/base64.h>

/* ---- PEM blocks ---- */

/* The labels of key blocks; any other label ending in "PRIVATE KEY" or "PUBLIC KEY" (RSA,
 * DSA, ...) is a key block too, which the library then refuses by its algorithm. */
static int is_key_label(const char *label, size_t n)
{
    return (n >= 11 && memcmp(label + n - 11, "PRIVATE KEY", 11) == 0) ||
           (n >= 10 && memcmp(label + n - 10, "PUBLIC KEY", 10) == 0);
}

/* The next line of @buf from *@off: its start and length without the line break; *@off
 * moves past it. 0 at the end. */
static int next_line(const uint8_t *buf, size_t len, size_t *off, const uint8_t **line,
                     size_t *line_len)
{
    size_t i = *off;
    if (i >= len)
        return 0;
    *line = buf + i;
    while (i < len && buf[i] != '\n')
        i++;
    *line_len = (size_t)(buf + i - *line);
    if (*line_len && (*line)[*line_len - 1] == '\r')
        (*line_len)--;
    *off = i < len ? i + 1 : i;
    return 1;
}

/* If @line is "-----@what LABEL-----" (trailing blanks allowed), its label into @label
 * (NUL-terminated, @cap bytes) and 1; else 0. */
static int boundary(const uint8_t *line, size_t n, const char *what, char *label, size_t cap)
{
    size_t w = strlen(what), l;
    while (n && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    if (n < 10 + w || memcmp(line, "-----", 5) != 0 || memcmp(line + 5, what, w) != 0 ||
        memcmp(line + n - 5, "-----", 5) != 0)
        return 0;
    l = n - 10 - w;
    if (l >= cap)
        return 0;
    memcpy(label, line + 5 + w, l);
    label[l] = 0;
    return 1;
}

int tool_key_select(const char *path, const uint8_t *buf, size_t len, const uint8_t **key,
                    size_t *key_len)
{
    size_t off = 0, i, start = 0, line_len;
    const uint8_t *line;
    char label[80], end_label[80], first_other[80] = "";
    int in_block = 0, any = 0, certs = 0, params = 0;

    *key = buf;
    *key_len = len;
    for (i = 0; i < len; i++)
        if (buf[i] != ' ' && buf[i] != '\t' && buf[i] != '\n' && buf[i] != '\r')
            break;
    if (i == len)
        return tool_fail("%s: empty file, no key in it", path);
    if (buf[0] == 0x30)
        return 0;   /* DER: the library reads it whole */
    while (next_line(buf, len, &off, &line, &line_len)) {
        if (!in_block) {
            if (boundary(line, line_len, "BEGIN ", label, sizeof label)) {
                in_block = 1;
                start = (size_t)(line - buf);
            }
            continue;
        }
        if (!boundary(line, line_len, "END ", end_label, sizeof end_label))
            continue;
        in_block = 0;
        any = 1;
        if (is_key_label(label, strlen(label))) {
            *key = buf + start;
            *key_len = off - start;
            return 0;
        }
        if (strcmp(label, "EC PARAMETERS") == 0)
            params = 1;
        else if (strstr(label, "CERTIFICATE") && !strstr(label, "REQUEST"))
            certs = 1;
        else if (!first_other[0])
            snprintf(first_other, sizeof first_other, "%s", label);
    }
    if (!any)
        return 0;   /* no whole PEM block: the library says what is wrong */
    if (certs)
        return tool_fail("%s: a certificate, not a key; take its public key with "
                         "openssl x509 -in %s -pubkey -noout -out pub.pem", path, path);
    if (params)
        return tool_fail("%s: EC PARAMETERS only, no key; make a key with kurv keygen, or "
                         "openssl ecparam -in %s -genkey -noout -out key.pem", path, path);
    return tool_fail("%s: no key in it (a PEM \"%s\" block)", path, first_other);
}

/* ---- a DER walker that only looks ---- */

struct der { const uint8_t *p; size_t len; };

/* The next element of *@d: its tag and contents in @out; *@d moves past it. 0 when there is
 * none or it does not fit (a long length over four bytes is not walked). */
static int der_next(struct der *d, uint8_t *tag, struct der *out)
{
    size_t n, i, k;
    if (d->len < 2)
        return 0;
    *tag = d->p[0];
    n = d->p[1];
    i = 2;
    if (n & 0x80) {
        k = n & 0x7f;
        if (k == 0 || k > 4 || d->len < 2 + k)
            return 0;
        for (n = 0; k; k--)
            n = n << 8 | d->p[i++];
    }
    if (n > d->len - i)
        return 0;
    out->p = d->p + i;
    out->len = n;
    d->p += i + n;
    d->len -= i + n;
    return 1;
}

/* The next element of *@d if it has tag @want (contents in @out); 0 otherwise. */
static int der_take(struct der *d, uint8_t want, struct der *out)
{
    struct der save = *d;
    uint8_t tag;
    if (der_next(d, &tag, out) && tag == want)
        return 1;
    *d = save;
    return 0;
}

static int oid_eq(const struct der *oid, const uint8_t *want, size_t n)
{
    return oid->len == n && memcmp(oid->p, want, n) == 0;
}

#define OID(...) ((const uint8_t[]){ __VA_ARGS__ }), sizeof((const uint8_t[]){ __VA_ARGS__ })
#define OID_EC_PUBKEY  OID(0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01)
#define OID_PBES2      OID(0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D)
#define OID_PBKDF2     OID(0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0C)
#define OID_SCRYPT     OID(0x2B, 0x06, 0x01, 0x04, 0x01, 0xDA, 0x47, 0x04, 0x0B)
#define OID_DES3_CBC   OID(0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x03, 0x07)
#define OID_DES_CBC    OID(0x2B, 0x0E, 0x03, 0x02, 0x07)

/* The name of the key algorithm @oid (not id-ecPublicKey). */
static const char *alg_name(const struct der *oid)
{
    if (oid_eq(oid, OID(0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x01, 0x01)))
        return "RSA";
    if (oid_eq(oid, OID(0x2A, 0x86, 0x48, 0xCE, 0x38, 0x04, 0x01)))
        return "DSA";
    if (oid_eq(oid, OID(0x2B, 0x65, 0x70)))
        return "Ed25519";
    if (oid_eq(oid, OID(0x2B, 0x65, 0x71)))
        return "Ed448";
    if (oid_eq(oid, OID(0x2B, 0x65, 0x6E)))
        return "X25519";
    if (oid_eq(oid, OID(0x2B, 0x65, 0x6F)))
        return "X448";
    return "another algorithm";
}

/* ---- encryption schemes ---- */

/* The name of the scheme of the EncryptedPrivateKeyInfo @der when kurv does not read it;
 * NULL when it does (PBES2, PBKDF2, AES-CBC) or @der is not one. */
static const char *unsupported_scheme(const uint8_t *der, size_t len)
{
    static const uint8_t pkcs5[] = { 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05 };
    static const uint8_t pkcs12_pbe[] = { 0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x01 };
    static const uint8_t aes[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x01 };
    struct der d = { der, len }, top, alg, oid, params, kdf, kdf_oid, enc, enc_oid, data;

    if (!der_take(&d, 0x30, &top) || !der_take(&top, 0x30, &alg) || !der_take(&alg, 0x06, &oid)
        || !der_take(&top, 0x04, &data))
        return NULL;
    if (oid.len == sizeof pkcs12_pbe + 1 && memcmp(oid.p, pkcs12_pbe, sizeof pkcs12_pbe) == 0)
        return "PKCS#12 PBE (3DES, RC2 or RC4)";
    if (oid.len == sizeof pkcs5 + 1 && memcmp(oid.p, pkcs5, sizeof pkcs5) == 0 &&
        !oid_eq(&oid, OID_PBES2))
        return "PBES1 (DES or RC2)";
    if (!oid_eq(&oid, OID_PBES2))
        return "an unknown scheme";
    if (!der_take(&alg, 0x30, &params) || !der_take(&params, 0x30, &kdf) ||
        !der_take(&kdf, 0x06, &kdf_oid) || !der_take(&params, 0x30, &enc) ||
        !der_take(&enc, 0x06, &enc_oid))
        return NULL;   /* damaged: the library says so */
    if (oid_eq(&kdf_oid, OID_SCRYPT))
        return "scrypt";
    if (!oid_eq(&kdf_oid, OID_PBKDF2))
        return "PBES2 with an unknown key derivation";
    if (oid_eq(&enc_oid, OID_DES3_CBC))
        return "PBES2 and 3DES (des-ede3-cbc)";
    if (oid_eq(&enc_oid, OID_DES_CBC))
        return "PBES2 and DES (des-cbc)";
    if (enc_oid.len == sizeof aes + 1 && memcmp(enc_oid.p, aes, sizeof aes) == 0 &&
        (enc_oid.p[sizeof aes] == 0x02 || enc_oid.p[sizeof aes] == 0x16 ||
         enc_oid.p[sizeof aes] == 0x2A))
        return NULL;   /* AES-128/192/256-CBC */
    return "PBES2 with a cipher other than AES-CBC";
}

/* The DER of @key: itself, or the base64 body of its PEM block decoded into @out (@cap
 * bytes; header lines with ':' are skipped). 0 when it cannot be had. */
static int key_der(const uint8_t *key, size_t len, uint8_t *out, size_t cap, struct der *der)
{
    struct base64_decode_ctx ctx;
    size_t off = 0, line_len, n = 0, got;
    const uint8_t *line;
    char label[80];
    int body = 0;

    if (len && key[0] == 0x30) {
        der->p = key;
        der->len = len;
        return 1;
    }
    base64_decode_init(&ctx);
    while (next_line(key, len, &off, &line, &line_len)) {
        if (!body) {
            body = boundary(line, line_len, "BEGIN ", label, sizeof label);
            continue;
        }
        if (boundary(line, line_len, "END ", label, sizeof label))
            break;
        if (memchr(line, ':', line_len))
            continue;
        if (BASE64_DECODE_LENGTH(line_len) > cap - n)
            return 0;
        got = cap - n;
        if (!base64_decode_update(&ctx, &got, out + n, line_len, (const char *)line))
            return 0;
        n += got;
    }
    if (!body || !base64_decode_final(&ctx))
        return 0;
    der->p = out;
    der->len = n;
    return 1;
}

int tool_key_scheme(const char *path, const uint8_t *key, size_t len)
{
    uint8_t buf[TOOL_MAX_KEY];
    struct der der;
    const char *name;
    int rc = 0;

    if (key_der(key, len, buf, sizeof buf, &der) && (name = unsupported_scheme(der.p, der.len)))
        rc = tool_fail("%s: key encrypted with %s, which kurv does not read; convert it: "
                       "openssl pkcs8 -topk8 -v2 aes-256-cbc -in %s -out NEW.pem", path, name,
                       path);
    kurv_wipe(buf, sizeof buf);
    return rc;
}

/* ---- why a key is refused ---- */

/* The point in the BIT STRING contents @bits (unused-bits byte first): 0x06/0x07 is the
 * hybrid form. */
static int hybrid(const struct der *bits)
{
    return bits->len >= 2 && (bits->p[1] == 0x06 || bits->p[1] == 0x07);
}

/* The message for explicit curve parameters in the file @path, a public key when @pub. */
static void explicit_msg(char *msg, size_t cap, const char *path, int pub)
{
    snprintf(msg, cap, "explicit curve parameters, where kurv reads named curves only; "
             "convert it: openssl ec %s-in %s -param_enc named_curve %s-out NEW.pem",
             pub ? "-pubin " : "", path, pub ? "-pubout " : "");
}

/* The problem of the AlgorithmIdentifier @alg (its contents) of a public key (@pub) or a
 * PKCS#8 private key, as a message into @msg: another algorithm, or explicit curve
 * parameters. 0 if it has neither. */
static int alg_problem(struct der alg, int pub, const char *path, char *msg, size_t cap)
{
    struct der oid, params;
    uint8_t tag;

    if (!der_take(&alg, 0x06, &oid))
        return 0;
    if (!oid_eq(&oid, OID_EC_PUBKEY)) {
        const char *name = alg_name(&oid);
#ifdef KURV_HAVE_25519
        /* the RFC 8410 reader (keys25519.c) refused it, or the command takes EC keys only */
        if (strcmp(name, "X25519") == 0 || strcmp(name, "Ed25519") == 0) {
            snprintf(msg, cap, "an %s %s key, which kurv reads in %s only, from RFC 8410 "
                     "files (strict DER, no parameters, nothing after the key)", name,
                     pub ? "public" : "private",
                     strcmp(name, "X25519") == 0 ? "pubkey and ecdh" : "pubkey, sign and verify");
            return 1;
        }
#endif
        snprintf(msg, cap, "an %s %s key, not an EC key", name, pub ? "public" : "private");
        return 1;
    }
    if (der_next(&alg, &tag, &params) && tag == 0x30) {
        explicit_msg(msg, cap, path, pub);
        return 1;
    }
    return 0;
}

/* The problem of an ECPrivateKey @ec (its contents), as a message into @msg; 0 if none is
 * recognised. @e is the library's error. */
static int ecpriv_problem(struct der ec, kurv_err e, const char *path, char *msg, size_t cap)
{
    struct der ver, d, params, pub, inner, bits;
    uint8_t tag;
    size_t i, nonzero = 0;

    if (!der_take(&ec, 0x02, &ver) || !der_take(&ec, 0x04, &d))
        return 0;
    if (der_take(&ec, 0xA0, &params) && der_next(&params, &tag, &inner) && tag == 0x30) {
        explicit_msg(msg, cap, path, 0);
        return 1;
    }
    for (i = 0; i < d.len; i++)
        nonzero |= d.p[i];
    if (!nonzero) {
        snprintf(msg, cap, "the private key d is 0, which is no key (d must be 1 to n - 1)");
        return 1;
    }
    if (der_take(&ec, 0xA1, &pub) && der_take(&pub, 0x03, &bits)) {
        if (hybrid(&bits)) {
            snprintf(msg, cap, "its public key is in the hybrid form (0x06/0x07), which kurv "
                     "does not read; convert it: openssl ec -in %s -conv_form uncompressed "
                     "-out NEW.pem", path);
            return 1;
        }
        if (e == KURV_ERR_POINT) {
            snprintf(msg, cap, "the public key stored in it is not the public key of its "
                     "private key (the file is damaged or was altered)");
            return 1;
        }
    }
    return 0;
}

/* The problem of the key DER @d, as a message into @msg; 0 if none is recognised. */
static int der_problem(struct der d, kurv_err e, const char *path, char *msg, size_t cap)
{
    struct der top, first, second, alg, oid, bits, ec, whole;

    if (der_take(&d, 0x06, &oid)) {
        snprintf(msg, cap, "EC PARAMETERS only, no key; make a key with kurv keygen");
        return 1;
    }
    if (!der_take(&d, 0x30, &top))
        return 0;
    if (der_take(&top, 0x30, &first)) {
        /* SubjectPublicKeyInfo { alg, BIT STRING }, or a certificate { tbs, alg, BIT STRING },
         * or EncryptedPrivateKeyInfo { alg, OCTET STRING } */
        if (der_take(&top, 0x30, &second)) {
            snprintf(msg, cap, "a certificate, not a key; take its public key with "
                     "openssl x509 -in %s -pubkey -noout -out pub.pem", path);
            return 1;
        }
        if (!der_take(&top, 0x03, &bits))
            return 0;
        if (alg_problem(first, 1, path, msg, cap))
            return 1;
        if (hybrid(&bits)) {
            snprintf(msg, cap, "a public key in the hybrid form (0x06/0x07), which kurv does "
                     "not read; convert it: openssl ec -pubin -in %s -conv_form uncompressed "
                     "-pubout -out NEW.pem", path);
            return 1;
        }
        return 0;
    }
    whole = top;
    if (!der_take(&top, 0x02, &first))
        return 0;
    if (!der_take(&top, 0x30, &alg))
        return ecpriv_problem(whole, e, path, msg, cap);   /* ECPrivateKey { 1, d, ... } */
    /* PrivateKeyInfo { version, alg, OCTET STRING ECPrivateKey, ... } */
    if (alg_problem(alg, 0, path, msg, cap))
        return 1;
    if (!der_take(&top, 0x04, &ec) || !der_take(&ec, 0x30, &whole))
        return 0;
    return ecpriv_problem(whole, e, path, msg, cap);
}

int tool_key_diagnose(const char *path, const uint8_t *key, size_t len, kurv_err e)
{
    uint8_t buf[TOOL_MAX_KEY];
    char msg[512];
    struct der der;
    int found = 0;

    if (key_der(key, len, buf, sizeof buf, &der))
        found = der_problem(der, e, path, msg, sizeof msg);
    kurv_wipe(buf, sizeof buf);
    return found ? tool_fail("%s: %s", path, msg) : 0;
}
