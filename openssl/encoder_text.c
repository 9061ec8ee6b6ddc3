/*
 * openssl/encoder_text.c: ENCODER "EC" with output "text" (provider-encoder(7), OpenSSL 3.0):
 * a kurv key printed as OpenSSL's default provider prints an EC key, for `openssl pkey
 * -text`, `-text_pub`, `openssl ec -text`, `genpkey -text`, `ecparam -name C -text` (the
 * parameters of a kurv key), and
 * EVP_PKEY_print_private, EVP_PKEY_print_public, EVP_PKEY_print_params.
 *
 * What: the encoder "EC:id-ecPublicKey:1.2.840.10045.2.1" with the property
 * "provider=kurv,output=text" (encoder.c's table); OSSL_ENCODER_CTX_new_for_pkey names the
 * output "TEXT". Like the default provider's it has no does_selection (every selection is
 * offered to it) and no parameters.
 * Output, for @selection (the lines the default provider's text encoder writes for a named
 * curve, byte for byte; <hex> is the value in lower-case hex, two digits a byte, ':' after
 * every byte but the last, 15 bytes a line, each line indented by four spaces):
 *   "Private-Key: (<bits> bit)\n" when the selection names the private key, else
 *   "Public-Key: (<bits> bit)\n" when it names the public key, else "EC-Parameters: (<bits>
 *   bit)\n" when it names the domain parameters; <bits> is the bit length of the group
 *   order n (kurv_curve_order_bits: 256, 384, 521, 512 for brainpoolP512r1)
 *   "priv:\n" <hex of d, scalar_len bytes with leading zeros> when the private key is named
 *   "pub:\n" <hex of the SEC1 point Q in the key's point-format (SEC 1 2.3.3)> when the public
 *   or the private key is named (OpenSSL 3.0.22's encoder prints Q with d: `pkey -text` asks
 *   for the private key and the parameters only)
 *   "ASN1 OID: <OpenSSL's short name of the curve OID>\n" and, for the curves FIPS 186 names,
 *   "NIST CURVE: <P-256|P-384|P-521>\n" (EC_curve_nid2nist) when the domain parameters are
 *   named (OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS).
 * Return: 1 when the domain parameters are named and every line was written. As OpenSSL
 * 3.0's own encoder does, a selection without the domain parameters writes the key lines and
 * returns 0 (EVP_PKEY_print_* always name them). Errors, nothing written: a NULL key
 * (ERR_R_PASSED_NULL_PARAMETER), a key without a curve (PROV_R_INVALID_KEY), a selection
 * naming none of the three parts (ERR_R_PASSED_INVALID_ARGUMENT; OpenSSL's prints a
 * "(null)" label), a private key named but absent (PROV_R_NOT_A_PRIVATE_KEY), a public key
 * or private key named and Q absent (PROV_R_NOT_A_PUBLIC_KEY), a write error.
 * Declined, handed to the default provider: a key the default provider holds for kurv (a
 * curve kurv lacks here, delegate.c), written by its text encoder through encode_out.c.
 * Trace: "encode <curve> text", or "encode <curve> text (default)" for the declined keys.
 * Secrets: the text is made in one buffer on the stack (d's hex included, its digits made
 * without a table look-up or branch on d: provider-ctime checks it under valgrind) and
 * written with one core BIO write; the buffer is wiped (kurv_wipe) before return, on every
 * path after it is filled; d is read from the key object, never copied elsewhere.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/proverr.h>
#include <kurv/util.h>
#include "prov.h"

/* bytes a printed line holds (OpenSSL's LABELED_BUF_PRINT_WIDTH) */
#define PER_LINE 15
/* the largest text: P-521's, under 700 bytes */
#define TEXT_MAX 2048

/* The text being made: its buffer, length, and whether anything did not fit. */
typedef struct text {
    char b[TEXT_MAX];
    size_t n;
    int overflow;
} text;

static OSSL_FUNC_encoder_newctx_fn txt_newctx;
static OSSL_FUNC_encoder_freectx_fn txt_freectx;
static OSSL_FUNC_encoder_encode_fn txt_encode;

/* add() - printf @fmt to the end of @t; sets @t->overflow when it does not fit. */
static void add(text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = vsnprintf(t->b + t->n, sizeof t->b - t->n, fmt, ap);
    va_end(ap);
    if (r < 0 || (size_t)r >= sizeof t->b - t->n)
        t->overflow = 1;
    else
        t->n += (size_t)r;
}

/* hex_digit() - the lower-case hex digit of @n (0..15), without a branch or a table look-up
 * on @n (d's digits must not steer memory accesses). */
static char hex_digit(unsigned n)
{
    return (char)(n + '0' + (((9u - n) >> 8) & ('a' - '0' - 10)));
}

/* add_hex() - "@label\n" then @len bytes of @v as the default provider prints a buffer:
 * four spaces, two hex digits a byte, ':' after every byte but the last, a new line after 15
 * bytes. */
static void add_hex(text *t, const char *label, const uint8_t *v, size_t len)
{
    add(t, "%s\n", label);
    for (size_t i = 0; i < len; i++) {
        if (i % PER_LINE == 0)
            add(t, i > 0 ? "\n    " : "    ");
        if (sizeof t->b - t->n < 4) {
            t->overflow = 1;
            return;
        }
        t->b[t->n++] = hex_digit(v[i] >> 4);
        t->b[t->n++] = hex_digit(v[i] & 15u);
        if (i + 1 < len)
            t->b[t->n++] = ':';
    }
    add(t, "\n");
}

/* add_params() - "ASN1 OID: <sn>\n" and "NIST CURVE: <name>\n" for @c. Return: 1; 0 when
 * OpenSSL does not know the curve's OID. */
static int add_params(text *t, const kp_curve *c)
{
    int nid = OBJ_txt2nid(c->oid);
    const char *sn = nid != NID_undef ? OBJ_nid2sn(nid) : NULL;
    if (sn == NULL)
        return 0;
    add(t, "ASN1 OID: %s\n", sn);
    const char *nist = EC_curve_nid2nist(nid);
    if (nist != NULL)
        add(t, "NIST CURVE: %s\n", nist);
    return 1;
}

/* txt_newctx() - OSSL_FUNC_encoder_newctx: the context is the provider's (no state). */
static void *txt_newctx(void *provctx) { return provctx; }
static void txt_freectx(void *ctx) { (void)ctx; }

/* txt_encode() - OSSL_FUNC_encoder_encode (contract at the top). */
static int txt_encode(void *vctx, OSSL_CORE_BIO *out, const void *obj_raw,
                      const OSSL_PARAM obj_abstract[], int selection,
                      OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg)
{
    kp_provctx *pc = vctx;
    const kp_key *k = obj_raw;
    (void)obj_abstract;
    if (k == NULL) {
        kp_err(ERR_R_PASSED_NULL_PARAMETER, "encode text: no kurv key");
        return 0;
    }
    if (k->dk != NULL) {
        kp_enc_how how = { "TEXT", NULL, NULL, NULL, "text" };
        return kp_enc_default(pc, out, k, selection, &how, cb, cbarg);
    }
    const char *label = (selection & KP_SEL_PRIV) ? "Private-Key"
                      : (selection & KP_SEL_PUB) ? "Public-Key"
                      : (selection & KP_SEL_DOMAIN) ? "EC-Parameters" : NULL;
    if (k->curve == NULL) {
        kp_err(PROV_R_INVALID_KEY, "encode text: a key without a curve");
        return 0;
    }
    if (label == NULL) {
        kp_err(ERR_R_PASSED_INVALID_ARGUMENT, "encode text: selection %d names no part",
               selection);
        return 0;
    }
    if ((selection & KP_SEL_PRIV) && !k->has_priv) {
        kp_err(PROV_R_NOT_A_PRIVATE_KEY, "encode text: no private key");
        return 0;
    }
    if ((selection & KP_SEL_KEYPAIR) && !k->has_pub) {
        kp_err(PROV_R_NOT_A_PUBLIC_KEY, "encode text: no public key");
        return 0;
    }
    text t = { .n = 0, .overflow = 0 };
    uint8_t pt[KURV_MAX_POINT_LEN];
    int params_ok = 1;
    add(&t, "%s: (%u bit)\n", label, kurv_curve_order_bits(k->curve->c));
    if (selection & KP_SEL_PRIV)
        add_hex(&t, "priv:", k->priv, kurv_curve_scalar_len(k->curve->c));
    if (selection & KP_SEL_KEYPAIR)
        add_hex(&t, "pub:", pt, kp_pub_encode(k, pt, k->compressed));
    if (selection & KP_SEL_DOMAIN)
        params_ok = add_params(&t, k->curve);
    int ok = !t.overflow && params_ok && kp_enc_put(pc, out, t.b, t.n);
    kurv_wipe(&t, sizeof t);
    if (!ok)
        return 0;
    kp_enc_trace(k->curve->name, "text", 0);
    /* OpenSSL 3.0's: without the domain parameters the key lines are written, and 0 */
    return (selection & KP_SEL_DOMAIN) != 0;
}

const OSSL_DISPATCH kp_encoder_text_functions[] = {
    {OSSL_FUNC_ENCODER_NEWCTX, (void (*)(void))txt_newctx},
    {OSSL_FUNC_ENCODER_FREECTX, (void (*)(void))txt_freectx},
    {OSSL_FUNC_ENCODER_ENCODE, (void (*)(void))txt_encode},
    {0, NULL}
};
