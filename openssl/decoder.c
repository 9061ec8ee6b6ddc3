/*
 * openssl/decoder.c: DECODER "EC" (provider-decoder(7), provider-object(7), OpenSSL 3.0):
 * EC keys from DER into kurv's key manager, for the curves kurv offers here.
 *
 * What: three decoders, each "EC:id-ecPublicKey:1.2.840.10045.2.1" with the property
 * "provider=kurv,input=der,structure=S":
 *   S = PrivateKeyInfo        PKCS#8 v1/v2 with id-ecPublicKey (RFC 5208 5, RFC 5958 2,
 *                             RFC 5480 2.1.1); selection: private key
 *   S = SubjectPublicKeyInfo  RFC 5480 2; selection: public key
 *   S = type-specific         SEC1 ECPrivateKey (RFC 5915 3; OpenSSL's pem2der names the
 *                             "EC PRIVATE KEY" block so); selection: private key
 * PEM and encrypted PKCS#8 never reach these: OpenSSL's own decoders (pem2der,
 * EncryptedPrivateKeyInfo to PrivateKeyInfo, with the caller's passphrase callback) earlier in
 * the chain turn them into the DER above.
 * Inputs: the DER from the core's BIO (read through the core's BIO_read_ex, kept in the
 * provider context; at most 8 KiB, a key file is under 1 KiB), the caller's selection.
 * Outputs: on success a kurv key (kp_key: the curve, d and Q = d*G, or Q alone) handed to
 * @data_cb as an OSSL_OBJECT_PKEY of data type "EC" by OSSL_OBJECT_PARAM_REFERENCE (a pointer
 * to the key pointer); kurv's keymgmt takes it with its load function (kp_km_load,
 * keymgmt_key.c), which sets the pointer to NULL; a key left here after the callback is freed.
 * The trace says "decode <curve>".
 * Errors: input that is not such a key on a curve kurv offers here is not decoded: return 1
 * with no object, no error raised, so that OpenSSL's default decoders go on. That covers
 * malformed or other structures, other algorithms, explicit parameters and named curves kurv
 * lacks here; for the last two the trace says "decode <curve> (default)" (OpenSSL's name, or
 * "explicit-parameters"), since the default provider decodes and holds that key. Returns 0
 * only when the callback does (or memory runs out).
 *
 * Why kurv's own parsers (kurv/keyfile.h) and not OpenSSL's ASN.1: they are the ones kurv's
 * tool and interop tests already hold to OpenSSL's files byte for byte (strict DER, the
 * embedded public key checked against d, d range-checked), they find the curve by OID in
 * kurv's own curve list, and they never build an EC_KEY or BIGNUM: the scalar goes from the
 * file to kp_key without a libcrypto copy (the same rule as keymgmt.c's import). OpenSSL's
 * ASN.1 (d2i_ASN1_OBJECT) is used only to name a curve kurv declines, for the trace; the
 * small DER walk below finds that OID and the stored point's form, nothing else.
 */
#include <string.h>
#include <openssl/asn1.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/core_object.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/params.h>
#include <kurv/keyfile.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "prov.h"

static OSSL_FUNC_decoder_newctx_fn dec_newctx;
static OSSL_FUNC_decoder_freectx_fn dec_freectx;
static OSSL_FUNC_decoder_decode_fn dec_pkcs8;
static OSSL_FUNC_decoder_decode_fn dec_spki;
static OSSL_FUNC_decoder_decode_fn dec_sec1;

enum structure { PKCS8, SPKI, SEC1 };

#define IN_MAX 8192

/* dec_newctx() - OSSL_FUNC_decoder_newctx: the decoder's context is the provider's. */
static void *dec_newctx(void *provctx) { return provctx; }
static void dec_freectx(void *ctx) { (void)ctx; }

/* tlv() - one DER element at *@p (before @end): its tag in *@tag, its content in
 * [*@c, *@c + *@len); *@p moves past it. 0 when malformed (lengths up to 3 bytes).
 * Spec: X.690 8.1.2, 8.1.3. */
static int tlv(const uint8_t **p, const uint8_t *end, int *tag, const uint8_t **c, size_t *len)
{
    const uint8_t *q = *p;
    if (end - q < 2)
        return 0;
    *tag = *q++;
    size_t n = *q++;
    if (n & 0x80) {
        size_t k = n & 0x7f;
        if (k == 0 || k > 3 || (size_t)(end - q) < k)
            return 0;
        for (n = 0; k > 0; k--)
            n = (n << 8) | *q++;
    }
    if ((size_t)(end - q) < n)
        return 0;
    *c = q;
    *len = n;
    *p = q + n;
    return 1;
}

/* key_shape() - the structure of DER @in (what the OpenSSL decoders' structure names mean),
 * the curve's OID element (tag, length, content: for d2i) in *@oid, its size in *@oid_len (NULL for
 * explicit parameters or none), and the first byte of the stored public key (0 if none) in
 * *@form. Return: 1 when @in has the shape of @want, else 0. Spec: RFC 5208 5, RFC 5915 3,
 * RFC 5480 2. */
static int key_shape(const uint8_t *in, size_t len, enum structure want,
                     const uint8_t **oid, size_t *oid_len, int *form)
{
    const uint8_t *p = in, *end = in + len, *c, *s, *a;
    size_t n;
    int tag;
    *oid = NULL;
    *oid_len = 0;
    *form = 0;
    if (!tlv(&p, end, &tag, &s, &n) || tag != 0x30 || p != end)
        return 0;
    p = s;
    end = s + n;
    if (want != SPKI && (!tlv(&p, end, &tag, &c, &n) || tag != 0x02))
        return 0;
    if (want == SEC1) {
        if (!tlv(&p, end, &tag, &c, &n) || tag != 0x04)
            return 0;
    } else {
        /* AlgorithmIdentifier { id-ecPublicKey, parameters } */
        if (!tlv(&p, end, &tag, &a, &n) || tag != 0x30)
            return 0;
        const uint8_t *ae = a + n, *o = a;
        if (!tlv(&o, ae, &tag, &c, &n) || tag != 0x06)
            return 0;
        static const uint8_t ec_pub[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
        if (n != sizeof ec_pub || memcmp(c, ec_pub, n) != 0)
            return 0;
        const uint8_t *po = o;
        if (tlv(&o, ae, &tag, &c, &n) && tag == 0x06) {
            *oid = po;
            *oid_len = (size_t)(o - po);
        }
        if (want == SPKI) {
            if (tlv(&p, end, &tag, &c, &n) && tag == 0x03 && n >= 2)
                *form = c[1];
            return 1;
        }
        /* privateKey OCTET STRING holding an ECPrivateKey */
        if (!tlv(&p, end, &tag, &c, &n) || tag != 0x04)
            return 0;
        p = c;
        end = c + n;
        if (!tlv(&p, end, &tag, &s, &n) || tag != 0x30)
            return 1;
        p = s;
        end = s + n;
        if (!tlv(&p, end, &tag, &c, &n) || !tlv(&p, end, &tag, &c, &n))
            return 1;
    }
    /* the ECPrivateKey's optional [0] parameters and [1] publicKey */
    while (p < end && tlv(&p, end, &tag, &c, &n)) {
        const uint8_t *e = c + n, *q = c, *cc;
        size_t m;
        int t;
        if (tag == 0xa0 && *oid == NULL && tlv(&q, e, &t, &cc, &m) && t == 0x06) {
            *oid = c;
            *oid_len = (size_t)(q - c);
        } else if (tag == 0xa1 && tlv(&q, e, &t, &cc, &m) && t == 0x03 && m >= 2) {
            *form = cc[1];
        }
    }
    return 1;
}

/* declined() - trace "decode <curve> (default)" for a key kurv leaves to OpenSSL's decoders:
 * the curve of OID element @oid (OpenSSL's short name, kurv's for a registry curve), or
 * "explicit-parameters". */
static void declined(const uint8_t *oid, size_t oid_len)
{
    if (!kp_log_enabled())
        return;
    const char *name = "explicit-parameters";
    ASN1_OBJECT *obj = NULL;
    const unsigned char *q = oid;
    ERR_set_mark();
    if (oid != NULL && (obj = d2i_ASN1_OBJECT(NULL, &q, (long)oid_len)) != NULL) {
        int nid = OBJ_obj2nid(obj);
        const char *sn = nid != NID_undef ? OBJ_nid2sn(nid) : NULL;
        const char *reg = sn != NULL ? kp_registry_name(sn) : NULL;
        name = reg != NULL ? reg : sn != NULL ? sn : "unknown-curve";
    }
    ERR_pop_to_mark();
    kp_log_line("decode", name, " (default)");
    ASN1_OBJECT_free(obj);
}

/* kp_dec_read_all() - contract in prov.h. */
size_t kp_dec_read_all(const kp_provctx *pc, OSSL_CORE_BIO *in, uint8_t *buf, size_t cap)
{
    size_t len = 0, got = 0;
    if (pc->bio_read_ex == NULL)
        return 0;
    while (len < cap && pc->bio_read_ex(in, buf + len, cap - len, &got) && got > 0)
        len += got;
    if (len == cap) {   /* more than a key: not ours */
        uint8_t extra;
        if (pc->bio_read_ex(in, &extra, 1, &got) && got > 0)
            return 0;
    }
    return len;
}

/* kp_dec_hand_over() - contract in prov.h. */
int kp_dec_hand_over(const char *type, void *ref, size_t ref_sz, OSSL_CALLBACK *data_cb,
                     void *data_cbarg)
{
    OSSL_PARAM params[] = {
        OSSL_PARAM_int(OSSL_OBJECT_PARAM_TYPE, &(int){ OSSL_OBJECT_PKEY }),
        OSSL_PARAM_utf8_string(OSSL_OBJECT_PARAM_DATA_TYPE, (char *)type, strlen(type)),
        OSSL_PARAM_octet_string(OSSL_OBJECT_PARAM_REFERENCE, ref, ref_sz),
        OSSL_PARAM_END
    };
    return data_cb(params, data_cbarg);
}

/* decode() - the three decoders' work for structure @want (contract at the top). */
static int decode(kp_provctx *pc, enum structure want, OSSL_CORE_BIO *cin, int selection,
                  OSSL_CALLBACK *data_cb, void *data_cbarg)
{
    uint8_t buf[IN_MAX];
    const uint8_t *oid;
    size_t oid_len;
    int form, ret = 1;
    kp_key *k = NULL;
    size_t len = kp_dec_read_all(pc, cin, buf, sizeof buf);
    int check = want == SPKI ? kp_sel_pub(pc, selection)
                             : kp_sel_priv(pc, selection);
    if (len == 0 || !check || !key_shape(buf, len, want, &oid, &oid_len, &form))
        goto done;

    const kurv_curve *list[64];
    size_t count = kp_curve_count() < 64 ? kp_curve_count() : 64;
    for (size_t i = 0; i < count; i++)
        list[i] = kp_curve_at(i)->c;
    const kurv_curve *found = NULL;
    uint8_t pt[KURV_MAX_POINT_LEN];
    size_t pt_len = sizeof pt;
    kurv_err e;
    if (want == SPKI) {
        e = kurv_pubkey_decode(&found, pt, &pt_len, list, count, buf, len);
    } else {
        size_t d_len = KURV_MAX_SCALAR_LEN;
        if ((k = kp_km_new(pc)) == NULL)
            goto done;
        e = kurv_privkey_decode(&found, k->priv, &d_len, list, count, buf, len);
    }
    if (e == KURV_ERR_CURVE || e == KURV_ERR_UNSUPPORTED)
        declined(oid, oid_len);
    if (e != KURV_OK)
        goto done;

    const kp_curve *curve = NULL;
    for (size_t i = 0; i < kp_curve_count() && curve == NULL; i++)
        if (kp_curve_at(i)->c == found)
            curve = kp_curve_at(i);
    if (curve == NULL)
        goto done;
    if (k == NULL && (k = kp_km_new(pc)) == NULL)
        goto done;
    k->curve = curve;
    size_t qn = sizeof k->pub;
    if (want == SPKI) {
        e = kurv_point_convert(curve->c, k->pub, &qn, 0, pt, pt_len);
        k->compressed = pt[0] != 0x04;
    } else {
        k->has_priv = 1;
        e = kurv_pubkey_from_priv(curve->c, k->pub, &qn, 0, k->priv,
                                  kurv_curve_scalar_len(curve->c));
        k->compressed = form == 0x02 || form == 0x03;
    }
    if (e != KURV_OK)
        goto done;
    k->has_pub = 1;
    kp_log("decode", curve);

    ret = kp_dec_hand_over("EC", &k, sizeof k, data_cb, data_cbarg);
done:
    kp_key_free(k);   /* NULL once kp_km_load took it */
    OPENSSL_cleanse(buf, sizeof buf);
    return ret;
}

/* dec_pkcs8(), dec_spki(), dec_sec1() - OSSL_FUNC_decoder_decode of each structure; the
 * passphrase callback is unused (encrypted keys are decrypted earlier in the chain). */
static int dec_pkcs8(void *ctx, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *data_cb,
                     void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    (void)pw_cb, (void)pw_cbarg;
    return decode(ctx, PKCS8, in, selection, data_cb, data_cbarg);
}
static int dec_spki(void *ctx, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *data_cb,
                    void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    (void)pw_cb, (void)pw_cbarg;
    return decode(ctx, SPKI, in, selection, data_cb, data_cbarg);
}
static int dec_sec1(void *ctx, OSSL_CORE_BIO *in, int selection, OSSL_CALLBACK *data_cb,
                    void *data_cbarg, OSSL_PASSPHRASE_CALLBACK *pw_cb, void *pw_cbarg)
{
    (void)pw_cb, (void)pw_cbarg;
    return decode(ctx, SEC1, in, selection, data_cb, data_cbarg);
}

const OSSL_DISPATCH kp_decoder_pkcs8_functions[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_priv, dec_pkcs8);
const OSSL_DISPATCH kp_decoder_spki_functions[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_pub, dec_spki);
const OSSL_DISPATCH kp_decoder_sec1_functions[] =
    KP_DECODER_DISPATCH(dec_newctx, dec_freectx, kp_sel_priv, dec_sec1);
