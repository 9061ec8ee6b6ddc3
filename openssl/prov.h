/*
 * openssl/prov.h: the internal interface of kurv.so, kurv's OpenSSL 3 provider.
 *
 * Files and their jobs:
 *   provider.c     OSSL_provider_init, the provider's gettable params, query_operation,
 *                  errors raised into OpenSSL's error queue, the KURV_PROVIDER_LOG trace
 *   families.c     at load, dlopen() of every family library libkurv-<family>.so.0 named by
 *                  the registry (kurv_curve_list.h) and dlsym() of its curve accessors; the
 *                  table of curves found and the lookup by any of a curve's names
 *   keymgmt.c      KEYMGMT "EC": the key object (kp_key), gen, import/export, params
 *   signature.c    SIGNATURE "ECDSA": digest and digest-sign/verify, DER signatures
 *   keyexch.c      KEYEXCH "ECDH": the x-coordinate, X9.63 KDF
 *   capabilities.c the TLS-GROUP capability: OpenSSL 3.0's EC groups and RFC 8734's
 *   digest.c       the SHA-2 digests (Nettle) of digest-sign/verify and the X9.63 KDF
 *
 * Sizes: every buffer is sized by kurv's KURV_MAX_* (P-521: 66-byte scalars, 133-byte points).
 */
#ifndef KURV_PROV_H
#define KURV_PROV_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/core.h>
#include <kurv/curve.h>
#include <kurv/hash.h>

/* One curve the provider offers: its descriptor (from the family library) and registry data. */
typedef struct kp_curve {
    const kurv_curve *c;     /* the descriptor the family's accessor returned */
    const char *name;        /* kurv's standard name: "P-256", "brainpoolP384r1" */
    const char *ossl;        /* OpenSSL's short name: "prime256v1" (the "group" param) */
    const char *oid;         /* dotted named-curve OID */
    const char *family;      /* the family: "nist" */
    kurv_hash hash;          /* the registry's default digest */
} kp_curve;

/* The provider context: the core's handle. */
typedef struct kp_provctx {
    const OSSL_CORE_HANDLE *handle;
} kp_provctx;

/* families.c */
/* kp_families_load() - open the family libraries; returns the number of curves found (0..). */
size_t kp_families_load(void);
/* kp_families_unload() - dlclose() what kp_families_load opened. */
void kp_families_unload(void);
/* kp_curve_count(), kp_curve_at() - the curves found, in registry order (i < count). */
size_t kp_curve_count(void);
const kp_curve *kp_curve_at(size_t i);
/* kp_curve_find() - a found curve by kurv's name, an alias, OpenSSL's name or the dotted
 * OID, case-insensitively; NULL for NULL, an unknown name or a curve whose family is absent. */
const kp_curve *kp_curve_find(const char *name);

/* provider.c */
/* kp_log() - append "<op> <curve name>\n" to the file KURV_PROVIDER_LOG names (read at load);
 * nothing when it is unset. One write(2) per line, O_APPEND: lines of concurrent processes
 * do not interleave. */
void kp_log(const char *op, const kp_curve *curve);
/* kp_err() - raise ERR_LIB_PROV @reason (a PROV_R_* code) with a printf-style message into
 * OpenSSL's error queue, with the caller's file and line and "kurv" as the function. */
#define kp_err(reason, ...) kp_err_at(__FILE__, __LINE__, (reason), __VA_ARGS__)
void kp_err_at(const char *file, int line, int reason, const char *fmt, ...);

/* keymgmt.c: the key object shared by the signature and key-exchange code. */
typedef struct kp_key {
    const kp_curve *curve;     /* NULL until a group is set */
    int has_priv, has_pub;
    int compressed;            /* point-format: 1 compressed, 0 uncompressed */
    uint8_t priv[KURV_MAX_SCALAR_LEN];   /* d, big-endian, scalar_len bytes (wiped on free) */
    uint8_t pub[KURV_MAX_POINT_LEN];     /* Q, uncompressed SEC1, point_len(0) bytes */
} kp_key;
/* kp_key_free() - wipe and free a key (the keymgmt's free). The signature and exchange
 * contexts hold copies of the keys they use, wiped the same way (kurv_wipe). */
void kp_key_free(void *k);
/* kp_pub_encode() - @k's public point in SEC1, compressed when @compressed; @out holds
 * KURV_MAX_POINT_LEN bytes; returns its length, 0 when @k has no public key. */
size_t kp_pub_encode(const kp_key *k, uint8_t *out, int compressed);
/* kp_sig_max_size() - the "max-size" of a key on @c: the largest DER ECDSA-Sig-Value, two
 * INTEGERs of order_bits / 8 + 1 content bytes (a value below n plus a possible leading
 * zero): 72 for 256-bit orders, 104 for 384, 137 for 512, 139 for P-521; OpenSSL's value. */
size_t kp_sig_max_size(const kp_curve *c);

/* digest.c: SHA-2 by name ("SHA256", "SHA2-256", "sha-256", ...) over Nettle, and SHA-1 for the
 * X9.63 KDF (kp_md_hash() is KURV_HASH_NONE for it). */
typedef struct kp_md kp_md;
/* kp_md_new() - a digest context for @name; NULL (and an OpenSSL error) for other names. */
kp_md *kp_md_new(const char *name);
kp_md *kp_md_dup(const kp_md *m);
void kp_md_free(kp_md *m);
void kp_md_update(kp_md *m, const void *data, size_t len);
/* kp_md_final() - write kp_md_size() bytes to @out and reset the context. */
void kp_md_final(kp_md *m, uint8_t *out);
size_t kp_md_size(const kp_md *m);
kurv_hash kp_md_hash(const kp_md *m);
/* kp_md_name() - OpenSSL's canonical name ("SHA2-256"). */
const char *kp_md_name(const kp_md *m);

extern const OSSL_DISPATCH kp_keymgmt_functions[];
extern const OSSL_DISPATCH kp_signature_functions[];
extern const OSSL_DISPATCH kp_keyexch_functions[];
/* capabilities.c: the TLS-GROUP entries of the curves found. */
int kp_get_capabilities(void *provctx, const char *capability, OSSL_CALLBACK *cb, void *arg);

#endif
