/* kurv fuzzing: the shared helpers of fuzz.h (curve list, OpenSSL groups, fixed keys, DER). */
#define _GNU_SOURCE   /* memmem */
#include "fuzz.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/bio.h>
#include <openssl/obj_mac.h>
#include <openssl/objects.h>
#include <openssl/pem.h>
#include <kurv_curve_list.h>

const kurv_curve *fz_curves[KURV_CURVE_COUNT + 1];
size_t fz_ncurves;
static const char *fz_ossl[KURV_CURVE_COUNT + 1];

static EC_GROUP *groups[KURV_CURVE_COUNT];
static EC_KEY *keys[KURV_CURVE_COUNT];
static uint8_t privs[KURV_CURVE_COUNT][KURV_MAX_SCALAR_LEN];
static uint8_t pubs[KURV_CURVE_COUNT][2][KURV_MAX_POINT_LEN];
static size_t pub_lens[KURV_CURVE_COUNT][2];

/* every built curve, its OpenSSL group and the fixed key, once, before the first input */
__attribute__((constructor)) static void fz_init(void)
{
    size_t i = 0;
#define FZ_ADD(fam, acc, name, ossl, oid, wp, bc, prefix, hash) fz_ossl[i] = ossl; fz_curves[i++] = acc();
    KURV_CURVE_LIST(FZ_ADD)
#undef FZ_ADD
    fz_ncurves = i;
    for (i = 0; i < fz_ncurves; i++) {
        const kurv_curve *c = fz_curves[i];
        size_t sl = kurv_curve_scalar_len(c), f;
        int nid = OBJ_sn2nid(fz_ossl[i]);
        BIGNUM *d;
        EC_POINT *q;

        memset(privs[i], 0x01, sl);
        for (f = 0; f < 2; f++) {
            pub_lens[i][f] = KURV_MAX_POINT_LEN;
            if (kurv_pubkey_from_priv(c, pubs[i][f], &pub_lens[i][f], (int)f, privs[i], sl)) {
                fprintf(stderr, "fuzz: fixed key of %s refused\n", kurv_curve_name(c));
                abort();
            }
        }
        groups[i] = nid != NID_undef ? EC_GROUP_new_by_curve_name(nid) : NULL;
        if (!groups[i])
            continue;
        keys[i] = EC_KEY_new();
        d = BN_bin2bn(privs[i], (int)sl, NULL);
        q = EC_POINT_new(groups[i]);
        if (!keys[i] || !d || !q || !EC_KEY_set_group(keys[i], groups[i]) ||
                !EC_KEY_set_private_key(keys[i], d) ||
                !EC_POINT_oct2point(groups[i], q, pubs[i][0], pub_lens[i][0], NULL) ||
                !EC_KEY_set_public_key(keys[i], q) || EC_KEY_check_key(keys[i]) != 1) {
            fprintf(stderr, "fuzz: OpenSSL refused the fixed key of %s\n", kurv_curve_name(c));
            abort();
        }
        BN_free(d);
        EC_POINT_free(q);
    }
}

/* released at exit so that LeakSanitizer reports only what an input leaked */
__attribute__((destructor)) static void fz_fini(void)
{
    size_t i;
    for (i = 0; i < fz_ncurves; i++) {
        EC_KEY_free(keys[i]);
        EC_GROUP_free(groups[i]);
    }
}

int fz_pick_curve(const uint8_t **data, size_t *size)
{
    int i;
    if (*size == 0 || fz_ncurves == 0)
        return -1;
    i = (int)((*data)[0] % fz_ncurves);
    (*data)++;
    (*size)--;
    return i;
}

const EC_GROUP *fz_group(int i) { return groups[i]; }
int fz_nid(int i) { return groups[i] ? EC_GROUP_get_curve_name(groups[i]) : NID_undef; }
const uint8_t *fz_priv(int i) { return privs[i]; }
EC_KEY *fz_eckey(int i) { return keys[i]; }

const uint8_t *fz_pub(int i, int compressed, size_t *len)
{
    *len = pub_lens[i][compressed ? 1 : 0];
    return pubs[i][compressed ? 1 : 0];
}

int fz_curve_index(const kurv_curve *c)
{
    size_t i;
    for (i = 0; i < fz_ncurves; i++)
        if (fz_curves[i] == c)
            return (int)i;
    return -1;
}

int fz_known_nid(int nid)
{
    size_t i;
    for (i = 0; i < fz_ncurves; i++)
        if (nid != NID_undef && fz_nid((int)i) == nid)
            return 1;
    return 0;
}

uint8_t *fz_pem_body(const uint8_t *in, size_t size, const char *label1, const char *label2,
                     long *len)
{
    BIO *b = BIO_new_mem_buf(in, (int)size);
    char *name = NULL, *hdr = NULL;
    uint8_t *body = NULL;

    while (b && PEM_read_bio(b, &name, &hdr, &body, len) == 1) {
        int hit = !strcmp(name, label1) || (label2 && !strcmp(name, label2));
        OPENSSL_free(name);
        OPENSSL_free(hdr);
        name = hdr = NULL;
        if (hit)
            break;
        OPENSSL_free(body);
        body = NULL;
    }
    BIO_free(b);
    return body;
}

int fz_pem_encryption_header(kurv_err e, const uint8_t *in, size_t size)
{
    return fz_choice("an RFC 1421 encryption header in any block, even an EC PARAMETERS one "
                     "(core/src/pem.h; OpenSSL skips a block it cannot read)",
                     e == KURV_ERR_UNSUPPORTED && memmem(in, size, "Proc-Type:", 10) != NULL);
}

uint8_t *fz_pem_without_blank_lines(const uint8_t *in, size_t size, size_t *len)
{
    uint8_t *out = OPENSSL_malloc(size ? size : 1);
    size_t pos = 0, o = 0, e, k;
    int dropped = 0;

    if (!out)
        return NULL;
    while (pos < size) {
        e = pos;
        while (e < size && in[e] != '\n')
            e++;
        for (k = pos; k < e && (in[k] == ' ' || in[k] == '\t' || in[k] == '\r'); k++)
            ;
        if (k == e && e < size) {
            dropped = 1;            /* a blank line and its line feed */
        } else {
            memcpy(out + o, in + pos, (e < size ? e + 1 : e) - pos);
            o += (e < size ? e + 1 : e) - pos;
        }
        pos = e < size ? e + 1 : e;
    }
    if (!dropped) {
        OPENSSL_free(out);
        return NULL;
    }
    *len = o;
    return out;
}

static int fz_no_pass(char *buf, int size, int rw, void *u)
{
    (void)buf, (void)size, (void)rw, (void)u;
    return -1;
}

/* One reading by OpenSSL: DER (d2i_AutoPrivateKey / d2i_PUBKEY) or PEM. */
static EVP_PKEY *ossl_read(int priv, int is_der, const uint8_t *in, size_t size, size_t *used)
{
    EVP_PKEY *pk;
    BIO *b;

    if (is_der) {
        const unsigned char *p = in;
        pk = priv ? d2i_AutoPrivateKey(NULL, &p, (long)size) : d2i_PUBKEY(NULL, &p, (long)size);
        *used = (size_t)(p - in);
        return pk;
    }
    b = BIO_new_mem_buf(in, (int)size);
    if (!b)
        return NULL;
    pk = priv ? PEM_read_bio_PrivateKey(b, NULL, fz_no_pass, NULL)
              : PEM_read_bio_PUBKEY(b, NULL, NULL, NULL);
    BIO_free(b);
    return pk;
}

EVP_PKEY *fz_ossl_pkey_file(int priv, const uint8_t *in, size_t size, int kurv_ok, size_t *used,
                            uint8_t **body, long *body_len)
{
    int is_der = size > 0 && in[0] == 0x30;
    EVP_PKEY *pk = ossl_read(priv, is_der, in, size, used);

    *body = NULL;
    *body_len = 0;
    if (!is_der) {
        if (!pk && kurv_ok) {
            size_t nl;
            uint8_t *nb = fz_pem_without_blank_lines(in, size, &nl);
            if (fz_choice("RFC 7468 lax PEM: blank lines inside the body (OpenSSL's reader ends the body at one)",
                          nb != NULL))
                pk = ossl_read(priv, 0, nb, nl, used);   /* compared by the caller as usual */
            OPENSSL_free(nb);
        }
        /* the DER inside the key's block, for the caller's documented choices */
        *body = priv ? fz_pem_body(in, size, "EC PRIVATE KEY", "PRIVATE KEY", body_len)
                     : fz_pem_body(in, size, "PUBLIC KEY", NULL, body_len);
    }
    return pk;
}

EC_KEY *fz_ossl_key_file(int priv, const uint8_t *in, size_t size, int kurv_ok, size_t *used,
                         uint8_t **body, long *body_len)
{
    EVP_PKEY *pk = fz_ossl_pkey_file(priv, in, size, kurv_ok, used, body, body_len);
    EC_KEY *ek = NULL;

    if (pk && EVP_PKEY_get_base_id(pk) == EVP_PKEY_EC)
        ek = EVP_PKEY_get1_EC_KEY(pk);
    EVP_PKEY_free(pk);
    return ek;
}

void fz_fail(const char *what, kurv_err kurv, long other)
{
    fprintf(stderr, "\n*** kurv fuzz: DIFFERENTIAL: %s (kurv: %d %s; reference: %ld) ***\n",
            what, (int)kurv, kurv_strerror(kurv), other);
    abort();
}

size_t fz_tlv(const uint8_t *in, size_t len, uint8_t *tag, const uint8_t **val, size_t *vlen)
{
    size_t n, hdr, l = 0, k;
    if (len < 2 || (in[0] & 0x1f) == 0x1f)
        return 0;
    *tag = in[0];
    if (in[1] < 0x80) {
        l = in[1];
        hdr = 2;
    } else {
        n = in[1] & 0x7f;
        if (n == 0 || n > sizeof(size_t) - 1 || len < 2 + n)
            return 0;
        for (k = 0; k < n; k++)
            l = (l << 8) | in[2 + k];
        hdr = 2 + n;
    }
    if (l > len - hdr)
        return 0;
    *val = in + hdr;
    *vlen = l;
    return hdr + l;
}

static int strict_one(const uint8_t *in, size_t len, size_t *used, int depth)
{
    uint8_t tag;
    const uint8_t *v;
    size_t vl, t = fz_tlv(in, len, &tag, &v, &vl), off;

    if (!t || depth > 16)
        return 0;
    /* minimal length: short form below 128, else the fewest bytes with no leading zero */
    if (in[1] >= 0x80 && (vl < 0x80 || in[2] == 0))
        return 0;
    /* X.690 10.2: strings in DER are primitive; the only constructed universal types here
     * are SEQUENCE and SET */
    if ((tag & 0xe0) == 0x20 && tag != 0x30 && tag != 0x31)
        return 0;
    if (tag == 0x02 && (vl == 0 || (vl > 1 && ((v[0] == 0 && !(v[1] & 0x80)) ||
                                               (v[0] == 0xff && (v[1] & 0x80))))))
        return 0;
    if (tag == 0x30 || tag == 0x31 || (tag >= 0xa0 && tag <= 0xbf)) {
        for (off = 0; off < vl;) {
            size_t u;
            if (!strict_one(v + off, vl - off, &u, depth + 1))
                return 0;
            off += u;
        }
    }
    *used = t;
    return 1;
}

int fz_der_strict(const uint8_t *in, size_t len)
{
    size_t used;
    return strict_one(in, len, &used, 0) && used == len;
}

/* the i-th element (0-based) of the constructed value [v, v+vl) */
static int elem(const uint8_t *v, size_t vl, int i, uint8_t *tag, const uint8_t **ev, size_t *evl)
{
    size_t off = 0, t;
    for (;;) {
        t = fz_tlv(v + off, vl - off, tag, ev, evl);
        if (!t)
            return 0;
        if (i-- == 0)
            return 1;
        off += t;
    }
}

static long small_int(const uint8_t *v, size_t vl)
{
    long x = 0;
    size_t k;
    if (vl == 0 || vl > 4)
        return -1000;
    for (k = 0; k < vl; k++)
        x = (x << 8) | v[k];
    if (v[0] & 0x80)
        x -= 1L << (8 * vl);
    return x;
}

int fz_ecpriv_fields(const uint8_t *in, size_t len, fz_ecpriv *f)
{
    uint8_t tag;
    const uint8_t *v, *e, *ec;
    size_t vl, el, ecl;
    int i;

    memset(f, 0, sizeof *f);
    if (!fz_tlv(in, len, &tag, &v, &vl) || tag != 0x30)
        return 0;
    /* PKCS#8: INTEGER, SEQUENCE (AlgorithmIdentifier), OCTET STRING (the ECPrivateKey) */
    if (elem(v, vl, 1, &tag, &e, &el) && tag == 0x30) {
        f->pkcs8 = 1;
        if (!elem(v, vl, 0, &tag, &e, &el) || tag != 0x02)
            return 0;
        f->pkcs8_version = (int)small_int(e, el);
        if (!elem(v, vl, 2, &tag, &e, &el) || tag != 0x04)
            return 0;
        if (!fz_tlv(e, el, &tag, &v, &vl) || tag != 0x30)
            return 0;
    }
    if (!elem(v, vl, 0, &tag, &e, &el) || tag != 0x02)
        return 0;
    f->version = small_int(e, el);
    if (!elem(v, vl, 1, &tag, &e, &el) || tag != 0x04)
        return 0;
    f->d_len = el;
    for (i = 2; elem(v, vl, i, &tag, &e, &el); i++)
        if (tag == 0xa1 && fz_tlv(e, el, &tag, &ec, &ecl) && tag == 0x03) {
            f->pub = ec;
            f->pub_len = ecl;
        }
    return 1;
}

const uint8_t *fz_spki_bits(const uint8_t *in, size_t len, size_t *bits_len)
{
    uint8_t tag;
    const uint8_t *v, *e;
    size_t vl, el;
    if (!fz_tlv(in, len, &tag, &v, &vl) || tag != 0x30 || !elem(v, vl, 1, &tag, &e, &el) ||
            tag != 0x03)
        return NULL;
    *bits_len = el;
    return e;
}
