/*
 * kurv fuzzing: what every harness shares (fuzz/common.c).
 *
 * A harness is one LLVMFuzzerTestOneInput over one group of entry points that take outside
 * bytes. It is linked twice (fuzz/meson.build): with libFuzzer (-Dfuzz=enabled, clang,
 * -fsanitize=fuzzer,address,undefined) to search, and with fuzz/replay.c to replay
 * fuzz/corpus/<harness>/ and fuzz/regress/<harness>/ as ordinary meson tests.
 *
 * Curves: the first input byte of a per-curve harness picks the curve, byte mod the number
 * of built curves, in the registry's order (kurv_curve_list.h): one harness covers every curve.
 *
 * Differential checks: a harness compares kurv's accept/reject and output with OpenSSL's
 * libcrypto (and libsecp256k1 for BIP-340). Any difference calls fz_fail(), which prints the
 * two results and aborts, unless it matches one of the documented choices the harness names
 * through fz_choice(): a named predicate on the input, as narrow as the harness can make it.
 *
 * Fixed keys: on curve i the private key d is scalar_len bytes of 0x01 (below n on every
 * curve: n's top byte is at least 0x01, P-521's is 0x01 followed by 0xff); fuzz/seed.py
 * makes its seeds with the same key.
 */
#ifndef KURV_FUZZ_H
#define KURV_FUZZ_H

#define OPENSSL_SUPPRESS_DEPRECATED 1 /* EC_KEY: the plainest way to reach OpenSSL's EC code */

#include <stddef.h>
#include <stdint.h>
#include <kurv/kurv.h>
#include <openssl/ec.h>
#include <openssl/evp.h>

/* the entry points of libFuzzer; replay.c calls them the same way */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Every built curve, registry order (kurv_curve_list.h); fz_ncurves of them. */
extern const kurv_curve *fz_curves[];
extern size_t fz_ncurves;

/* Take the curve byte: consume *data[0] and return its index (byte mod fz_ncurves); -1
 * (nothing consumed) when *size is 0. */
int fz_pick_curve(const uint8_t **data, size_t *size);

/* OpenSSL's group of built curve i (made once), or NULL if OpenSSL lacks it. */
const EC_GROUP *fz_group(int i);

/* OpenSSL's NID of built curve i, or NID_undef. */
int fz_nid(int i);

/* The fixed private key of curve i (scalar_len bytes), its SEC1 public key (uncompressed
 * or compressed; *len gets the length) and the same key as an OpenSSL EC_KEY. */
const uint8_t *fz_priv(int i);
const uint8_t *fz_pub(int i, int compressed, size_t *len);
EC_KEY *fz_eckey(int i);

/* The index of c in fz_curves, or -1. */
int fz_curve_index(const kurv_curve *c);

/* nid is the OpenSSL curve of one of the built curves. */
int fz_known_nid(int nid);

/* The DER body (OPENSSL_malloc'd, *len bytes) of the first PEM block in [in, in+size) whose
 * label is label1 or label2 (NULL: none), read by OpenSSL's PEM_read_bio; NULL if none. */
uint8_t *fz_pem_body(const uint8_t *in, size_t size, const char *label1, const char *label2,
                     long *len);

/* The documented choice (core/src/pem.h) that kurv refuses, with KURV_ERR_UNSUPPORTED, a PEM
 * input that has an RFC 1421 encryption header ("Proc-Type:") in any block, even in an EC
 * PARAMETERS block before the key, which OpenSSL skips as a block it cannot read: whether
 * e and the input are that case (named through fz_choice). */
int fz_pem_encryption_header(kurv_err e, const uint8_t *in, size_t size);

/* A copy of a PEM input without its blank lines (lines of only SP, HTAB and CR), for kurv's
 * documented lax reading (RFC 7468 3, laxtextualmsg: kurv reads blank lines inside a block's
 * body; OpenSSL's PEM reader ends the body at one): OPENSSL_malloc'd, *len bytes; NULL when
 * the input has no blank line to drop (or on allocation failure). */
uint8_t *fz_pem_without_blank_lines(const uint8_t *in, size_t size, size_t *len);

/* OpenSSL's reading of the key file kurv read, for the comparison: a private key (@priv:
 * d2i_AutoPrivateKey, or PEM_read_bio_PrivateKey with no password) or a public key
 * (d2i_PUBKEY, PEM_read_bio_PUBKEY); DER when the input starts with 0x30 (*used = the bytes
 * OpenSSL consumed), else PEM, and then *body (OPENSSL_malloc'd, *body_len bytes; else NULL)
 * is the DER of the key's block as OpenSSL's PEM reader sees it. When kurv accepted a PEM
 * input (@kurv_ok) that OpenSSL refuses, OpenSSL reads it again without its blank lines
 * (kurv's documented lax reading, a named choice). Returns the EC key OpenSSL read, or NULL. */
EC_KEY *fz_ossl_key_file(int priv, const uint8_t *in, size_t size, int kurv_ok, size_t *used,
                         uint8_t **body, long *body_len);
/* The same reading, but the key OpenSSL read whatever its algorithm (an EVP_PKEY, for the
 * X25519 and Ed25519 harness), or NULL. */
EVP_PKEY *fz_ossl_pkey_file(int priv, const uint8_t *in, size_t size, int kurv_ok, size_t *used,
                            uint8_t **body, long *body_len);

/* Abort with a differential report: the harness, what differed, kurv's code and the other
 * side's result. Never returns. */
__attribute__((noreturn)) void fz_fail(const char *what, kurv_err kurv, long other);

/* A documented difference: return cond. The name states the choice; it exists so that every
 * exception is a visible, named predicate at the place it is used (grep fz_choice). */
static inline int fz_choice(const char *name, int cond)
{
    (void)name;
    return cond;
}

/* Strict DER (X.690 10.1, and 8.3.2 for INTEGER): the whole of [in, in+len) is one TLV
 * whose lengths are definite and minimal, tags single-byte, strings primitive (no
 * constructed BIT or OCTET STRING), constructed values (0x30, 0x31, 0xa0..0xbf) recursively
 * the same, INTEGERs minimal, and nothing trailing. Return 1/0. */
int fz_der_strict(const uint8_t *in, size_t len);

/* One TLV at in[0..len): on success *tag, *val, *vlen (the contents) and the total length
 * are set; lengths in any definite form (short, long, non-minimal) are read, as a lax BER
 * reader would. Return the TLV's total length, or 0 on malformed input. */
size_t fz_tlv(const uint8_t *in, size_t len, uint8_t *tag, const uint8_t **val, size_t *vlen);

/* The fields of an ECPrivateKey (RFC 5915), found leniently in a SEC1 or PKCS#8 DER
 * encoding: the version, the privateKey OCTET STRING's length and the [1] publicKey BIT
 * STRING (contents with its unused-bits byte; NULL when absent), and for PKCS#8 its
 * version. Return 1 when the structure was found, 0 otherwise. */
typedef struct fz_ecpriv {
    int pkcs8, pkcs8_version;
    long version;
    size_t d_len;
    const uint8_t *pub;
    size_t pub_len;
} fz_ecpriv;
int fz_ecpriv_fields(const uint8_t *in, size_t len, fz_ecpriv *f);

/* The subjectPublicKey BIT STRING contents (unused-bits byte first) of a SubjectPublicKeyInfo
 * found leniently, or NULL. */
const uint8_t *fz_spki_bits(const uint8_t *in, size_t len, size_t *bits_len);

#endif
