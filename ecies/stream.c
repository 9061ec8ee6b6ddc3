/*
 * kurv ECIES as a stream (kurv/ecies.h, "Streaming ECIES"): the same V || C || T as
 * engine.c's one-shot functions, in pieces, in the caller's fixed-size context.
 *
 * Contract: init runs the key encapsulation once (engine.c: V, Z, the KDF) and keeps only
 * the keyed cipher and HMAC states; update passes whole 16-byte blocks through Nettle's
 * CBC, CTR or GCM (which continue across calls only on whole blocks) and the HMAC, holding
 * back a partial block and, when decrypting, the last bytes that may be the tag (tag_len,
 * plus 16: CBC's padded block, or GCM's tag); final handles the held bytes, writes or
 * checks the tag (in constant time) and wipes the context. Decryption's update output is
 * unauthenticated until final returns KURV_OK. No allocation; CUSTOM ciphers and MACs
 * (one-shot interfaces) are refused with KURV_ERR_UNSUPPORTED.
 *
 * Spec: IEEE 1363a-2004 11.3.2-11.3.3; ISO/IEC 18033-2 10.2; SEC 1 v2 5.1.3-5.1.4;
 * NIST SP 800-38A (CBC, CTR), SP 800-38D (GCM); RFC 2104 (HMAC).
 */
#include <kurv/keys.h>
#include <kurv/util.h>
#include <kurv/ecies.h>
#include "curve_impl.h"
#include "ecies_impl.h"
#include "ct.h"

#include <string.h>
#include <nettle/cbc.h>
#include <nettle/ctr.h>
#include <nettle/gcm.h>
#include <nettle/memops.h>

#define MAGIC_ENC 0x6b454e43u   /* an open encryption */
#define MAGIC_DEC 0x6b444543u   /* an open decryption */

/* Bytes decryption may hold: tag_len (64 at most) + 16, plus a partial block. */
#define HOLD_MAX (KURV_ECIES_MAX_TAG + 16 + 15)

struct stream {
    uint32_t magic;               /* MAGIC_ENC, MAGIC_DEC, or 0 (closed: wiped) */
    const kurv_ecies_params *p;
    nettle_cipher_func *f;        /* the AES block function of aes */
    size_t tlen;                  /* bytes of HMAC tag (0 with AES-GCM) */
    size_t keep;                  /* bytes update() holds back: 0 (encryption), else tlen,
                                     + 16 with CBC (the padded block) or GCM (its tag) */
    size_t held;                  /* bytes in buf */
    union kurv_aes_any aes;
    struct gcm_key gk;
    struct gcm_ctx gc;
    struct kurv_ecies_hmac mac;
    uint8_t iv[16];               /* CBC chaining value, CTR counter block, GCM nonce */
    uint8_t buf[HOLD_MAX + 1];
};

_Static_assert(sizeof(struct stream) <= KURV_ECIES_STREAM_SIZE,
               "KURV_ECIES_STREAM_SIZE too small for the stream state");
_Static_assert(_Alignof(struct stream) <= _Alignof(kurv_ecies_stream),
               "kurv_ecies_stream not aligned for the stream state");

size_t kurv_ecies_ephemeral_len(const kurv_curve *c, uint8_t prefix)
{
    switch (prefix) {
    case 0x02:
    case 0x03:
        return kurv_curve_point_len(c, 1);
    case 0x04:
    case 0x06:
    case 0x07:
        return kurv_curve_point_len(c, 0);
    default:
        return 0;
    }
}

/* Built-in cipher and MAC: the ones whose state continues across calls. */
static int can_stream(const kurv_ecies_params *p)
{
    return (p->cipher == KURV_ECIES_AES_CBC || p->cipher == KURV_ECIES_AES_CTR ||
            p->cipher == KURV_ECIES_AES_GCM) &&
           (p->mac == KURV_ECIES_HMAC || p->mac == KURV_ECIES_MAC_NONE);
}

/* Key the cipher and the MAC from k (cipher key, then MAC key) and open the context. */
static void stream_start(struct stream *s, const kurv_ecies_params *p, const uint8_t *k, int dec)
{
    s->p = p;
    s->tlen = kurv_ecies_tag_len(p);
    s->held = 0;
    switch (p->cipher) {
    case KURV_ECIES_AES_CBC:
        s->f = kurv_aes_setup(&s->aes, k, p->cipher_key_len, dec);
        kurv_ecies_iv(p, s->iv, 16);
        s->keep = s->tlen + 16;
        break;
    case KURV_ECIES_AES_CTR:
        s->f = kurv_aes_setup(&s->aes, k, p->cipher_key_len, 0);
        kurv_ecies_iv(p, s->iv, 16);
        s->keep = s->tlen;
        break;
    default:   /* KURV_ECIES_AES_GCM (can_stream() was checked) */
        s->f = kurv_ecies_gcm_start(p, &s->aes, &s->gk, &s->gc, k, s->iv);
        s->keep = 16;
        break;
    }
    if (s->tlen)
        kurv_ecies_hmac_start(p, &s->mac, k + kurv_ecies_cipher_key_len(p));
    if (!dec)
        s->keep = 0;
    s->magic = dec ? MAGIC_DEC : MAGIC_ENC;
}

/* n bytes through the cipher (n a multiple of 16, except for the last call of CTR and GCM),
 * and C through the MAC: the output when encrypting, the input when decrypting. */
static void stream_crypt(struct stream *s, uint8_t *out, const uint8_t *in, size_t n)
{
    int dec = s->magic == MAGIC_DEC;

    if (!n)
        return;
    if (dec && s->tlen)
        kurv_ecies_hmac_update(s->p, &s->mac, in, n);
    switch (s->p->cipher) {
    case KURV_ECIES_AES_CBC:
        if (dec)
            cbc_decrypt(&s->aes, s->f, 16, s->iv, n, out, in);
        else
            cbc_encrypt(&s->aes, s->f, 16, s->iv, n, out, in);
        break;
    case KURV_ECIES_AES_CTR:
        ctr_crypt(&s->aes, s->f, 16, s->iv, n, out, in);
        break;
    default:
        if (dec)
            gcm_decrypt(&s->gc, &s->gk, &s->aes, s->f, n, out, in);
        else
            gcm_encrypt(&s->gc, &s->gk, &s->aes, s->f, n, out, in);
        break;
    }
    if (!dec && s->tlen)
        kurv_ecies_hmac_update(s->p, &s->mac, out, n);
}

/* The bytes update() writes for in_len more bytes of input: whole blocks of what exceeds
 * the bytes held back. */
static size_t release_len(const struct stream *s, size_t in_len)
{
    size_t total = s->held + in_len;
    if (total <= s->keep)
        return 0;
    return (total - s->keep) & ~(size_t)15;
}

/* The first @release bytes of buf || in through the cipher into out; the rest into buf. */
static void stream_feed(struct stream *s, uint8_t *out, const uint8_t *in, size_t in_len,
                        size_t release)
{
    uint8_t block[16];
    size_t whole, part, take, bulk;

    if (release <= s->held) {
        stream_crypt(s, out, s->buf, release);
        memmove(s->buf, s->buf + release, s->held - release);
        s->held -= release;
    } else {
        /* the whole blocks held, one block made of the held rest and the start of in, then
         * whole blocks straight from in */
        whole = s->held & ~(size_t)15;
        part = s->held - whole;
        take = 16 - part;
        stream_crypt(s, out, s->buf, whole);
        memcpy(block, s->buf + whole, part);
        memcpy(block + part, in, take);
        stream_crypt(s, out + whole, block, 16);
        kurv_wipe(block, sizeof block);
        in += take;
        in_len -= take;
        bulk = release - whole - 16;
        stream_crypt(s, out + whole + 16, in, bulk);
        in += bulk;
        in_len -= bulk;
        s->held = 0;
    }
    if (in_len) {
        memcpy(s->buf + s->held, in, in_len);
        s->held += in_len;
    }
}

static kurv_err stream_update(kurv_ecies_stream *ctx, uint32_t magic, uint8_t *out,
                              size_t *out_len, const uint8_t *in, size_t in_len)
{
    struct stream *s = (struct stream *)(void *)ctx;
    size_t need;

    if (!ctx || s->magic != magic || !out_len || (!in && in_len) ||
        in_len > SIZE_MAX - 2 * HOLD_MAX)
        return KURV_ERR_ARG;
    need = release_len(s, in_len);
    if (need && (!out || *out_len < need)) {
        *out_len = need;
        return KURV_ERR_BUFFER;
    }
    stream_feed(s, out, in, in_len, need);
    *out_len = need;
    return KURV_OK;
}

/* The checks both inits start with: @ctx closed (wiped) first, then @arg (the init's
 * required pointer) not NULL, the parameters (NULL: the default, into *@use) valid for @c
 * and able to stream. */
static kurv_err init_checks(kurv_ecies_stream *ctx, const kurv_curve *c, const void *arg,
                            const kurv_ecies_params *p, const kurv_ecies_params **use)
{
    if (!ctx)
        return KURV_ERR_ARG;
    kurv_wipe(ctx, sizeof *ctx);
    if (!arg || kurv_ecies_params_check(c, p) != KURV_OK)
        return KURV_ERR_ARG;
    *use = p ? p : &kurv_ecies_default_params;
    return can_stream(*use) ? KURV_OK : KURV_ERR_UNSUPPORTED;
}

static kurv_err encrypt_init(kurv_ecies_stream *ctx, const kurv_curve *c,
                             const uint8_t *pub, size_t pub_len, const kurv_ecies_params *p,
                             uint8_t *v, size_t *v_len, const uint8_t *eph, size_t eph_len)
{
    uint8_t k[KURV_ECIES_MAX_KEYS];
    size_t vlen;
    kurv_err e;

    e = init_checks(ctx, c, v_len, p, &p);
    if (e != KURV_OK)
        return e;
    vlen = kurv_curve_point_len(c, (p->flags & KURV_ECIES_COMPRESSED) != 0);
    if (!v || *v_len < vlen) {
        if (v)
            kurv_wipe(v, *v_len);
        *v_len = vlen;
        return KURV_ERR_BUFFER;
    }
    e = kurv_ecies_kem_encrypt(c, p, pub, pub_len, eph, eph_len, v, k);
    if (e == KURV_OK)
        stream_start((struct stream *)(void *)ctx, p, k, 0);
    kurv_wipe(k, sizeof k);
    if (e != KURV_OK) {
        kurv_wipe(v, *v_len);
        return e;
    }
    *v_len = vlen;
    return KURV_OK;
}

kurv_err kurv_ecies_encrypt_init(kurv_ecies_stream *ctx, const kurv_curve *c,
                                 const uint8_t *pub, size_t pub_len, const kurv_ecies_params *p,
                                 uint8_t *v, size_t *v_len)
{
    return encrypt_init(ctx, c, pub, pub_len, p, v, v_len, NULL, 0);
}

kurv_err kurv_ecies_encrypt_init_ephemeral(kurv_ecies_stream *ctx, const kurv_curve *c,
                                           const uint8_t *pub, size_t pub_len,
                                           const kurv_ecies_params *p,
                                           uint8_t *v, size_t *v_len,
                                           const uint8_t *eph, size_t eph_len)
{
    if (!eph) {
        if (ctx)
            kurv_wipe(ctx, sizeof *ctx);
        return KURV_ERR_PRIVKEY;
    }
    return encrypt_init(ctx, c, pub, pub_len, p, v, v_len, eph, eph_len);
}

kurv_err kurv_ecies_encrypt_update(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len,
                                   const uint8_t *in, size_t in_len)
{
    return stream_update(ctx, MAGIC_ENC, out, out_len, in, in_len);
}

kurv_err kurv_ecies_encrypt_final(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len)
{
    struct stream *s = (struct stream *)(void *)ctx;
    size_t body, need;

    if (!ctx || s->magic != MAGIC_ENC || !out_len)
        return KURV_ERR_ARG;
    /* CBC: the padded last block; CTR: the partial block; GCM: it and GCM's tag */
    body = s->p->cipher == KURV_ECIES_AES_CBC ? 16
         : s->p->cipher == KURV_ECIES_AES_GCM ? s->held + 16 : s->held;
    need = body + s->tlen;
    if (!out || *out_len < need) {
        *out_len = need;
        return KURV_ERR_BUFFER;
    }
    if (s->p->cipher == KURV_ECIES_AES_CBC) {
        /* PKCS#7: 1..16 bytes, each the pad length */
        memset(s->buf + s->held, (int)(16 - s->held), 16 - s->held);
        stream_crypt(s, out, s->buf, 16);
    } else {
        stream_crypt(s, out, s->buf, s->held);
        if (s->p->cipher == KURV_ECIES_AES_GCM)
            gcm_digest(&s->gc, &s->gk, &s->aes, s->f, 16, out + s->held);
    }
    if (s->tlen)
        kurv_ecies_hmac_finish(s->p, &s->mac, out + body);
    kurv_wipe(ctx, sizeof *ctx);
    *out_len = need;
    return KURV_OK;
}

kurv_err kurv_ecies_decrypt_init(kurv_ecies_stream *ctx, const kurv_curve *c,
                                 const uint8_t *priv, size_t priv_len,
                                 const uint8_t *v, size_t v_len, const kurv_ecies_params *p)
{
    uint8_t k[KURV_ECIES_MAX_KEYS];
    size_t vlen;
    kurv_err e;

    e = init_checks(ctx, c, v, p, &p);
    if (e != KURV_OK)
        return e;
    if (kurv_privkey_check(c, priv, priv_len) != KURV_OK)
        return KURV_ERR_PRIVKEY;
    /* V alone: exactly the length its prefix gives */
    if (v_len == 0 || kurv_ecies_ephemeral_len(c, v[0]) != v_len)
        return KURV_ERR_DECRYPT;
    e = kurv_ecies_kem_decrypt(c, p, priv, v, v_len, &vlen, k);
    if (e == KURV_OK)
        stream_start((struct stream *)(void *)ctx, p, k, 1);
    kurv_wipe(k, sizeof k);
    return e == KURV_OK ? KURV_OK : KURV_ERR_DECRYPT;
}

kurv_err kurv_ecies_decrypt_update(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len,
                                   const uint8_t *in, size_t in_len)
{
    return stream_update(ctx, MAGIC_DEC, out, out_len, in, in_len);
}

kurv_err kurv_ecies_decrypt_final(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len)
{
    struct stream *s = (struct stream *)(void *)ctx;
    uint8_t tag[KURV_ECIES_MAX_TAG], last[16];
    size_t tail, need, n = 0, cap;
    int cbc, tag_ok;
    kurv_err e = KURV_OK;

    if (!ctx || s->magic != MAGIC_DEC || !out_len)
        return KURV_ERR_ARG;
    cap = out ? *out_len : 0;
    cbc = s->p->cipher == KURV_ECIES_AES_CBC;
    /* held = the last bytes of C, then the tag (T, or GCM's): too short, or a CBC C that is
     * not whole blocks, is refused whatever the tag */
    if (s->held < s->keep || (cbc && s->held != s->keep)) {
        e = KURV_ERR_DECRYPT;
        goto done;
    }
    tail = s->held - (s->tlen ? s->tlen : 16);
    need = cbc ? 15 : tail;
    if (need && (!out || cap < need)) {
        *out_len = need;
        return KURV_ERR_BUFFER;
    }
    if (s->tlen) {
        /* the HMAC over all of C, compared in constant time before the last block */
        kurv_ecies_hmac_update(s->p, &s->mac, s->buf, tail);
        kurv_ecies_hmac_finish(s->p, &s->mac, tag);
        tag_ok = memeql_sec(tag, s->buf + tail, s->tlen);
        kurv_declassify(&tag_ok, sizeof tag_ok);   /* refused or not: the caller learns it */
        if (!tag_ok) {
            e = KURV_ERR_DECRYPT;
        } else if (cbc) {
            cbc_decrypt(&s->aes, s->f, 16, s->iv, 16, last, s->buf);
            e = kurv_ecies_cbc_unpad(out, &n, last);
        } else {
            if (tail)
                ctr_crypt(&s->aes, s->f, 16, s->iv, tail, out, s->buf);
            n = tail;
        }
    } else {
        /* GCM: the last partial block, then its tag */
        if (tail)
            gcm_decrypt(&s->gc, &s->gk, &s->aes, s->f, tail, out, s->buf);
        gcm_digest(&s->gc, &s->gk, &s->aes, s->f, 16, tag);
        tag_ok = memeql_sec(tag, s->buf + tail, 16);
        kurv_declassify(&tag_ok, sizeof tag_ok);
        if (!tag_ok)
            e = KURV_ERR_DECRYPT;
        n = tail;
    }

done:
    kurv_wipe(ctx, sizeof *ctx);
    kurv_wipe(tag, sizeof tag);
    kurv_wipe(last, sizeof last);
    if (e != KURV_OK) {
        if (out)
            kurv_wipe(out, cap);
        *out_len = 0;
        return e;
    }
    *out_len = n;
    return KURV_OK;
}
