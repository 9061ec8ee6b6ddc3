/* kurv tests: shared helpers. */
#define _DEFAULT_SOURCE
#include "testutil.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <nettle/base64.h>
#include <kurv_curve_list.h>

const kurv_curve *kt_curves[KURV_CURVE_COUNT + 1];
size_t kt_ncurves;

/* The built curves, in registry order (kurv_curve_list.h, generated from curves/meson.build). */
__attribute__((constructor)) static void kt_init_curves(void)
{
    size_t i = 0;
#define KT_ADD(fam, acc, name, ossl, oid, wp, bc, prefix, hash) kt_curves[i++] = acc();
    KURV_CURVE_LIST(KT_ADD)
#undef KT_ADD
    kt_ncurves = i;
}

long kt_random(long n)
{
    const char *depth = getenv("KURV_TEST_DEPTH");
    long k = n;

    if (!(depth && strcmp(depth, "full") == 0)) {
        k = n / 10;
        if (k < (n < 50 ? n : 50))
            k = n < 50 ? n : 50;
    }
#ifdef KT_SANITIZED
    k /= 5;
#endif
    return k > 0 ? k : 1;
}

const char *kt_vectors_dir(void)
{
    const char *d = getenv("KURV_VECTORS_DIR");
    return (d && *d) ? d : NULL;
}

char *kt_load_text(const char *rel, size_t *len)
{
    const char *dir = kt_vectors_dir();
    char path[4096];
    FILE *f;
    struct stat st;
    char *buf;
    long sz;

    if (!dir) {
        fprintf(stderr, "\n*** SKIP: KURV_VECTORS_DIR is not set; %s not read ***\n\n", rel);
        return NULL;
    }
    snprintf(path, sizeof path, "%s/%s", dir, rel);
    f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "\n*** SKIP: test vectors missing: %s (set -Dvectors_dir) ***\n\n", path);
        return NULL;
    }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode) || st.st_size >= LONG_MAX) {
        fclose(f);                  /* a folder, a device: no size to read */
        fprintf(stderr, "\n*** SKIP: %s is not a regular file ***\n\n", path);
        return NULL;
    }
    sz = (long)st.st_size;
    buf = malloc((size_t)sz + 1);
    if (!buf || fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
        fclose(f);
        free(buf);
        fprintf(stderr, "\n*** SKIP: cannot read %s ***\n\n", path);
        return NULL;
    }
    fclose(f);
    buf[sz] = 0;
    if (len)
        *len = (size_t)sz;
    return buf;
}

json_object *kt_load_json(const char *rel)
{
    size_t len;
    char *txt = kt_load_text(rel, &len);
    json_object *j;

    if (!txt)
        return NULL;
    j = json_tokener_parse(txt);
    free(txt);
    if (!j)
        fprintf(stderr, "\n*** SKIP: %s is not valid JSON ***\n\n", rel);
    return j;
}

static int hexval(int ch)
{
    if (ch >= '0' && ch <= '9') return ch - '0';
    if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
    return -1;
}

long kt_unhex(uint8_t *out, size_t cap, const char *hex)
{
    size_t n = hex ? strlen(hex) : 1, i;

    if (n % 2 || n / 2 > cap)
        return -1;
    for (i = 0; i < n / 2; i++) {
        int hi = hexval(hex[2 * i]), lo = hexval(hex[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

char *kt_hex(char *out, const uint8_t *in, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;

    for (i = 0; i < len; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * len] = 0;
    return out;
}

const kurv_curve *kt_curve(const char *name)
{
    const kurv_curve *c = kurv_curve_find_name(kt_curves, kt_ncurves, name);

    if (c)
        return c;
    /* the registry's Wycheproof, OpenSSL and BouncyCastle names of each built curve */
#define KT_NAMES(fam, acc, std, ossl, oid, wp, bc, prefix, hash) \
    if (strcasecmp(name, wp) == 0 || strcasecmp(name, ossl) == 0 || strcasecmp(name, bc) == 0) \
        return acc();
    KURV_CURVE_LIST(KT_NAMES)
#undef KT_NAMES
    return NULL;
}

const char *kt_openssl_name(const kurv_curve *c)
{
#define KT_OSSL(fam, acc, std, ossl, oid, wp, bc, prefix, hash) \
    if (c == acc()) \
        return ossl;
    KURV_CURVE_LIST(KT_OSSL)
#undef KT_OSSL
    return NULL;
}

uint8_t *kt_unhex_alloc(const char *hex, size_t *len)
{
    size_t n;
    uint8_t *b;

    if (!hex)
        return NULL;
    n = strlen(hex) / 2;
    b = malloc(n + 1);
    if (!b)
        return NULL;
    if (kt_unhex(b, n, hex) != (long)n) {
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

json_object *kt_jget(json_object *o, const char *key)
{
    json_object *v;

    if (!o || !json_object_is_type(o, json_type_object))
        return NULL;
    return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

const char *kt_jstr(json_object *o, const char *key)
{
    json_object *v = kt_jget(o, key);

    return v && json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

json_object *kt_jarray(json_object *o, const char *key)
{
    json_object *v = kt_jget(o, key);

    return v && json_object_is_type(v, json_type_array) ? v : NULL;
}

void kt_rand_bytes(uint64_t *state, uint8_t *b, size_t n)
{
    uint64_t x = *state;
    size_t i;

    for (i = 0; i < n; i++) {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        b[i] = (uint8_t)((x * 0x2545F4914F6CDD1DULL) >> 56);
    }
    *state = x;
}

int kt_jflag(json_object *t, const char *flag)
{
    json_object *flags = kt_jarray(t, "flags");
    size_t i, n = flags ? json_object_array_length(flags) : 0;

    for (i = 0; i < n; i++) {
        const char *f = json_object_get_string(json_object_array_get_idx(flags, i));
        if (f && strcmp(f, flag) == 0)
            return 1;
    }
    return 0;
}

long kt_b64url(uint8_t *out, size_t cap, const char *s)
{
    struct base64_decode_ctx ctx;
    char buf[512];
    size_t n, dlen = cap;

    if (!s)
        return -1;
    n = strlen(s);
    if (n + 3 >= sizeof buf || BASE64_DECODE_LENGTH(n + 2) > cap)
        return -1;
    memcpy(buf, s, n);
    while (n % 4)
        buf[n++] = '=';
    base64url_decode_init(&ctx);
    if (!base64_decode_update(&ctx, &dlen, out, n, buf) || !base64_decode_final(&ctx))
        return -1;
    return (long)dlen;
}

int kt_int_to_width(uint8_t *out, size_t len, const uint8_t *in, size_t in_len)
{
    while (in_len > 0 && in[0] == 0) {
        in++;
        in_len--;
    }
    if (in_len > len)
        return 0;
    memset(out, 0, len - in_len);
    if (in_len)
        memcpy(out + len - in_len, in, in_len);
    return 1;
}
