/* kurv core: RFC 7468 PEM writer and reader over Nettle's base64 (see pem.h). */
#include <string.h>
#include <nettle/base64.h>
#include <kurv/util.h>
#include "pem.h"

#define PEM_COLS 64                 /* base64 characters per line (RFC 7468 2) */
#define PEM_CHUNK (PEM_COLS / 4 * 3) /* input bytes per full line */

static const char begin_tag[] = "-----BEGIN ";
static const char end_tag[] = "-----END ";
static const char dashes[] = "-----";

size_t kurv_pem_len(const char *label, size_t der_len)
{
    size_t l = strlen(label);
    size_t b64 = BASE64_ENCODE_RAW_LENGTH(der_len);
    size_t lines = (b64 + PEM_COLS - 1) / PEM_COLS;

    return (sizeof begin_tag - 1) + l + (sizeof dashes - 1) + 1 + b64 + lines +
           (sizeof end_tag - 1) + l + (sizeof dashes - 1) + 1;
}

static uint8_t *put(uint8_t *o, const char *s)
{
    size_t n = strlen(s);
    memcpy(o, s, n);
    return o + n;
}

kurv_err kurv_pem_write(uint8_t *out, size_t *out_len, const char *label,
                        const uint8_t *der, size_t der_len)
{
    size_t need = kurv_pem_len(label, der_len), off, n;
    uint8_t *o = out;

    if (!out || *out_len < need) {
        *out_len = need;
        return KURV_ERR_BUFFER;
    }
    o = put(o, begin_tag);
    o = put(o, label);
    o = put(o, dashes);
    *o++ = '\n';
    for (off = 0; off < der_len; off += n) {
        n = der_len - off < PEM_CHUNK ? der_len - off : PEM_CHUNK;
        base64_encode_raw((char *)o, n, der + off);
        o += BASE64_ENCODE_RAW_LENGTH(n);
        *o++ = '\n';
    }
    o = put(o, end_tag);
    o = put(o, label);
    o = put(o, dashes);
    *o++ = '\n';
    *out_len = (size_t)(o - out);
    return KURV_OK;
}

static int is_sp(uint8_t ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r';
}

int kurv_pem_blank(const uint8_t *p, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        if (!is_sp(p[i]) && p[i] != '\n')
            return 0;
    return 1;
}

/* One line of the input: [s, s + len) without its line break and trailing blanks;
 * next is the offset of the following line. */
struct line {
    const uint8_t *s;
    size_t len;
    size_t next;
};

static void get_line(struct line *ln, const uint8_t *in, size_t in_len, size_t pos)
{
    size_t e = pos;
    while (e < in_len && in[e] != '\n')
        e++;
    ln->next = e < in_len ? e + 1 : e;
    while (e > pos && is_sp(in[e - 1]))
        e--;
    ln->s = in + pos;
    ln->len = e - pos;
}

static int starts(const struct line *ln, const char *pfx)
{
    size_t n = strlen(pfx);
    return ln->len >= n && memcmp(ln->s, pfx, n) == 0;
}

/* RFC 7468 3: label = [ labelchar *( ["-" / SP] labelchar ) ], labelchar = %x21-2C /
 * %x2E-7E. kurv also wants it non-empty. */
static int label_ok(const uint8_t *s, size_t n)
{
    size_t i;
    if (n == 0 || n > KURV_PEM_LABEL_MAX)
        return 0;
    for (i = 0; i < n; i++) {
        uint8_t ch = s[i];
        if (ch == ' ' || ch == '-') {
            if (i == 0 || i == n - 1 || s[i - 1] == ' ' || s[i - 1] == '-')
                return 0;
        } else if (ch < 0x21 || ch > 0x7E) {
            return 0;
        }
    }
    return 1;
}

/* If the line is "<tag>label-----", return the label's length and start via *lab. */
static int boundary(const struct line *ln, const char *tag, const uint8_t **lab, size_t *lab_len)
{
    size_t t = strlen(tag), d = sizeof dashes - 1;
    if (!starts(ln, tag) || ln->len < t + d ||
        memcmp(ln->s + ln->len - d, dashes, d) != 0)
        return 0;
    *lab = ln->s + t;
    *lab_len = ln->len - t - d;
    return 1;
}

static int b64_char(uint8_t ch)
{
    return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
           ch == '+' || ch == '/';
}

static int mem_has(const uint8_t *s, size_t n, const char *word)
{
    size_t w = strlen(word), i;
    for (i = 0; i + w <= n; i++)
        if (memcmp(s + i, word, w) == 0)
            return 1;
    return 0;
}

kurv_err kurv_pem_read(uint8_t *der, size_t *der_len, char *label, size_t *consumed,
                       const uint8_t *in, size_t in_len)
{
    struct base64_decode_ctx ctx;
    struct line ln;
    const uint8_t *lab = NULL, *elab;
    size_t lab_len = 0, elab_len, pos = 0, cap = *der_len, out = 0, chars = 0, pads = 0, i;
    kurv_err e = KURV_ERR_ENCODING;
    int found = 0;

    *der_len = 0;
    label[0] = 0;
    if (!in)
        return KURV_ERR_ENCODING;
    /* the BEGIN line: the first line that starts with "-----BEGIN " */
    while (pos < in_len) {
        get_line(&ln, in, in_len, pos);
        pos = ln.next;
        if (starts(&ln, begin_tag)) {
            if (!boundary(&ln, begin_tag, &lab, &lab_len) || !label_ok(lab, lab_len))
                return KURV_ERR_ENCODING;
            found = 1;
            break;
        }
    }
    if (!found)
        return KURV_ERR_ENCODING;
    memcpy(label, lab, lab_len);
    label[lab_len] = 0;

    base64_decode_init(&ctx);
    found = 0;
    while (pos < in_len) {
        get_line(&ln, in, in_len, pos);
        pos = ln.next;
        if (starts(&ln, end_tag)) {
            if (!boundary(&ln, end_tag, &elab, &elab_len) || elab_len != lab_len ||
                memcmp(elab, lab, lab_len) != 0)
                goto done;
            found = 1;
            break;
        }
        if (memchr(ln.s, ':', ln.len)) {
            /* RFC 1421 header: only the encryption one is told apart */
            if (starts(&ln, "Proc-Type:") && mem_has(ln.s, ln.len, "ENCRYPTED"))
                e = KURV_ERR_UNSUPPORTED;
            goto done;
        }
        for (i = 0; i < ln.len; i++) {
            uint8_t ch = ln.s[i];
            int r;
            if (ch == ' ' || ch == '\t')
                continue;
            if (ch == '=') {
                pads++;
            } else if (!b64_char(ch) || pads) {
                goto done; /* outside the alphabet, or data after padding */
            }
            chars++;
            if (out == cap) {
                uint8_t spare;
                /* a full buffer: only a padding character may still come (it yields
                 * no byte); anything that would produce a byte is too much */
                if (base64_decode_single(&ctx, &spare, (char)ch) != 0)
                    goto done;
                continue;
            }
            r = base64_decode_single(&ctx, der + out, (char)ch);
            if (r < 0)
                goto done;
            out += (size_t)r;
        }
    }
    if (!found || out == 0 || chars % 4 != 0 || pads > 2 || !base64_decode_final(&ctx))
        goto done;
    kurv_wipe(&ctx, sizeof ctx);
    *der_len = out;
    *consumed = pos;
    return KURV_OK;
done:
    kurv_wipe(der, out);
    kurv_wipe(&ctx, sizeof ctx);
    return e;
}
