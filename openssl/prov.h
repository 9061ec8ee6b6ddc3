/*
 * openssl/prov.h: the internal interface of kurv.so, kurv's OpenSSL 3 provider.
 *
 * Files and their jobs:
 *   provider.c     OSSL_provider_init, the provider's gettable params, query_operation,
 *                  teardown; calls the other files, none of which calls it
 *   trace.c        errors raised into OpenSSL's error queue, the KURV_PROVIDER_LOG trace;
 *                  calls no other file
 *   families.c     at load, dlopen() of every family library libkurv-<family>.so.0 named by
 *                  the registry (kurv_curve_list.h) and dlsym() of its curve accessors; the
 *                  table of curves found and the lookup by any of a curve's names
 *   keymgmt.c      KEYMGMT "EC": its dispatch table; import/export and the key's params
 *   keymgmt_key.c  the key object (kp_key): new, free, dup, has, match, validate; the
 *                  parsing of group, point-format and encoding shared with generation
 *   keymgmt_gen.c  key and parameter generation
 *   signature.c    SIGNATURE "ECDSA": digest and digest-sign/verify, DER signatures
 *   keyexch.c      KEYEXCH "ECDH": the x-coordinate, X9.63 KDF
 *   capabilities.c the TLS-GROUP capability: OpenSSL 3.0's EC groups and RFC 8734's
 *   digest.c       the SHA-2 digests (Nettle) of digest-sign/verify and the X9.63 KDF
 *   delegate.c     OpenSSL's default provider, reached through a child library context,
 *                  serving keys on the curves kurv does not offer here
 *   decoder.c      DECODER "EC": PrivateKeyInfo, SubjectPublicKeyInfo and SEC1 DER into
 *                  kurv keys (kurv's keyfile parsers), handed over by reference (kp_km_load)
 *   encoder.c      ENCODER "EC": kurv keys into PrivateKeyInfo (plain or encrypted by OpenSSL's
 *                  PKCS8_encrypt_ex), SubjectPublicKeyInfo, SEC1, ECParameters and the bare
 *                  point, DER or PEM (kurv's keyfile writers); what kurv declines goes to the
 *                  default provider's encoders (encode_out.c); its table lists the text
 *                  encoder too
 *   encoder_text.c ENCODER "EC" output=text: the key as OpenSSL's default provider prints it
 *                  (`openssl pkey -text`, EVP_PKEY_print_private/public/params)
 *   ecx*.c         X25519 and Ed25519 (with the kurv-25519 family only): their files in ecx.h
 *   encode_out.c   what the encoders share: the core's BIO_write_ex, the "encode" trace line,
 *                  the hand-off of a declined key to the default provider's encoders through
 *                  delegate.c's child library context
 *
 * Sizes: every buffer is sized by kurv's KURV_MAX_* (P-521: 66-byte scalars, 133-byte points).
 */
#ifndef KURV_PROV_H
#define KURV_PROV_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/core.h>
#include <openssl/core_dispatch.h>
#include <openssl/types.h>
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

/* The default provider's functions (delegate.c), NULL-free once resolved. */
typedef struct kp_dlg kp_dlg;

/* The provider context: the core's handle, the delegation state (NULL when no child
 * library context could be made: then nothing is delegated). */
typedef struct kp_provctx {
    const OSSL_CORE_HANDLE *handle;
    kp_dlg *dlg;
    OSSL_FUNC_BIO_read_ex_fn *bio_read_ex;   /* the core's, for the decoders (NULL: none) */
    OSSL_FUNC_BIO_write_ex_fn *bio_write_ex; /* the core's, for the encoders (NULL: none) */
} kp_provctx;

/* families.c */
/* kp_families_load() - open the family libraries; returns the number of curves found (0..). */
size_t kp_families_load(void);
/* kp_families_missing() - the families kp_families_load could not open, as the loader said
 * ("<soname>: <reason>; ..."; dlerror names the library), "" when none; truncated at 511
 * bytes. */
const char *kp_families_missing(void);
/* kp_families_unload() - dlclose() what kp_families_load opened. */
void kp_families_unload(void);
/* kp_curve_count(), kp_curve_at() - the curves found, in registry order (i < count). */
size_t kp_curve_count(void);
const kp_curve *kp_curve_at(size_t i);
/* kp_curve_find() - a found curve by kurv's name, an alias, OpenSSL's name or the dotted
 * OID, case-insensitively; NULL for NULL, an unknown name or a curve whose family is absent. */
const kp_curve *kp_curve_find(const char *name);

/* kp_registry_name() - kurv's standard name of a registry curve, whether or not its family
 * was found, by any name kp_curve_find() takes except aliases; NULL for other names. */
const char *kp_registry_name(const char *name);

/* trace.c */
/* kp_trace_open() - read KURV_PROVIDER_LOG: the trace is on while it names a file (the
 * first OSSL_provider_init); kp_trace_close() - the trace off (the last teardown). */
void kp_trace_open(void);
void kp_trace_close(void);
/* kp_log() - append "<op> <curve name>\n" to the file KURV_PROVIDER_LOG names (read at load);
 * nothing when it is unset. One write(2) per line, O_APPEND: lines of concurrent processes
 * do not interleave. */
void kp_log(const char *op, const kp_curve *curve);
/* kp_log_line() - append "<op> <name><suffix>\n" the same way; kp_log_enabled() - 1 when the
 * trace is on. */
void kp_log_line(const char *op, const char *name, const char *suffix);
int kp_log_enabled(void);
/* kp_err() - raise ERR_LIB_PROV @reason (a PROV_R_* code) with a printf-style message into
 * OpenSSL's error queue, with the caller's file and line and "kurv" as the function. */
#define kp_err(reason, ...) kp_err_at(__FILE__, __LINE__, (reason), __VA_ARGS__)
void kp_err_at(const char *file, int line, int reason, const char *fmt, ...);

/* delegate.c: the default provider's EC KEYMGMT, ECDSA and ECDH functions (provider-keymgmt(7),
 * provider-signature(7), provider-keyexch(7)) and its provider context. */
typedef struct kp_dfn {
    void *provctx;
    const OSSL_PROVIDER *prov;
    OSSL_FUNC_keymgmt_new_fn *km_new;
    OSSL_FUNC_keymgmt_free_fn *km_free;
    OSSL_FUNC_keymgmt_gen_init_fn *gen_init;
    OSSL_FUNC_keymgmt_gen_set_template_fn *gen_set_template;
    OSSL_FUNC_keymgmt_gen_set_params_fn *gen_set_params;
    OSSL_FUNC_keymgmt_gen_fn *gen;
    OSSL_FUNC_keymgmt_gen_cleanup_fn *gen_cleanup;
    OSSL_FUNC_keymgmt_get_params_fn *km_get_params;
    OSSL_FUNC_keymgmt_set_params_fn *km_set_params;
    OSSL_FUNC_keymgmt_has_fn *km_has;
    OSSL_FUNC_keymgmt_match_fn *km_match;
    OSSL_FUNC_keymgmt_validate_fn *km_validate;
    OSSL_FUNC_keymgmt_dup_fn *km_dup;
    OSSL_FUNC_keymgmt_import_fn *km_import;
    OSSL_FUNC_keymgmt_export_fn *km_export;
    OSSL_FUNC_signature_newctx_fn *sig_newctx;
    OSSL_FUNC_signature_freectx_fn *sig_freectx;
    OSSL_FUNC_signature_dupctx_fn *sig_dupctx;
    OSSL_FUNC_signature_sign_init_fn *sign_init;
    OSSL_FUNC_signature_sign_fn *sign;
    OSSL_FUNC_signature_verify_init_fn *verify_init;
    OSSL_FUNC_signature_verify_fn *verify;
    OSSL_FUNC_signature_digest_sign_init_fn *dsign_init;
    OSSL_FUNC_signature_digest_sign_update_fn *dsign_update;
    OSSL_FUNC_signature_digest_sign_final_fn *dsign_final;
    OSSL_FUNC_signature_digest_verify_init_fn *dverify_init;
    OSSL_FUNC_signature_digest_verify_update_fn *dverify_update;
    OSSL_FUNC_signature_digest_verify_final_fn *dverify_final;
    OSSL_FUNC_signature_get_ctx_params_fn *sig_get_ctx_params;
    OSSL_FUNC_signature_gettable_ctx_params_fn *sig_gettable_ctx_params;
    OSSL_FUNC_signature_set_ctx_params_fn *sig_set_ctx_params;
    OSSL_FUNC_signature_settable_ctx_params_fn *sig_settable_ctx_params;
    OSSL_FUNC_keyexch_newctx_fn *kx_newctx;
    OSSL_FUNC_keyexch_init_fn *kx_init;
    OSSL_FUNC_keyexch_set_peer_fn *kx_set_peer;
    OSSL_FUNC_keyexch_derive_fn *kx_derive;
    OSSL_FUNC_keyexch_freectx_fn *kx_freectx;
    OSSL_FUNC_keyexch_dupctx_fn *kx_dupctx;
    OSSL_FUNC_keyexch_set_ctx_params_fn *kx_set_ctx_params;
    OSSL_FUNC_keyexch_settable_ctx_params_fn *kx_settable_ctx_params;
    OSSL_FUNC_keyexch_get_ctx_params_fn *kx_get_ctx_params;
    OSSL_FUNC_keyexch_gettable_ctx_params_fn *kx_gettable_ctx_params;
} kp_dfn;
/* kp_dlg_new() - the delegation state of one provider instance: a child library context of
 * the core's (OSSL_LIB_CTX_new_child from OSSL_provider_init's @handle and @in); NULL when it
 * cannot be made. kp_dlg_free() - release it and whatever was fetched (teardown). */
kp_dlg *kp_dlg_new(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in);
void kp_dlg_free(kp_dlg *d);
/* kp_dlg_get() - the default provider's functions for the instance whose context is
 * @provctx, fetched on first success; NULL (no error raised) while the default provider is
 * not loaded in the application's library context or when @provctx has no child context. */
const kp_dfn *kp_dlg_get(void *provctx);
/* kp_dlg_name() - the curve of the default provider's key @dk, kurv's name for a registry
 * curve, else OpenSSL's group name ("explicit-parameters" without one), into @out
 * (@outsize bytes, truncated, NUL-terminated). */
void kp_dlg_name(const kp_dfn *f, void *dk, char *out, size_t outsize);
/* kp_dlg_log() - trace "<op> <curve> (default)" for an operation on @dk (nothing when the
 * trace is off). */
void kp_dlg_log(const char *op, const kp_dfn *f, void *dk);
/* kp_dlg_libctx() - the child library context of the instance whose context is @provctx
 * (the application's providers, mirrored); NULL when none could be made. */
OSSL_LIB_CTX *kp_dlg_libctx(void *provctx);

/* keymgmt_key.c: the key object shared by the signature and key-exchange code. A key on a curve
 * kurv does not offer here holds instead the default provider's key (dk, with df its
 * functions); then curve is NULL and the other fields are unused. */
typedef struct kp_key {
    kp_provctx *pc;            /* the provider instance that made it */
    const kp_dfn *df;          /* NULL for kurv's own keys */
    void *dk;                  /* the default provider's key object (owned), or NULL */
    const kp_curve *curve;     /* NULL until a group is set */
    int has_priv, has_pub;
    int compressed;            /* point-format: 1 compressed, 0 uncompressed */
    uint8_t priv[KURV_MAX_SCALAR_LEN];   /* d, big-endian, scalar_len bytes (wiped on free) */
    uint8_t pub[KURV_MAX_POINT_LEN];     /* Q, uncompressed SEC1, point_len(0) bytes */
} kp_key;
/* The parts of a key a keymgmt selection names (provider-keymgmt(7)). */
#define KP_SEL_KEYPAIR OSSL_KEYMGMT_SELECT_KEYPAIR
#define KP_SEL_PRIV OSSL_KEYMGMT_SELECT_PRIVATE_KEY
#define KP_SEL_PUB OSSL_KEYMGMT_SELECT_PUBLIC_KEY
#define KP_SEL_DOMAIN OSSL_KEYMGMT_SELECT_DOMAIN_PARAMETERS
/* kp_key_free() - wipe and free a key (the keymgmt's free; NULL: nothing). The signature
 * and exchange contexts hold copies of the keys they use, wiped the same way (kurv_wipe). */
OSSL_FUNC_keymgmt_free_fn kp_key_free;
/* The keymgmt functions of the key object (their contracts at their definitions). */
OSSL_FUNC_keymgmt_new_fn kp_km_new;
OSSL_FUNC_keymgmt_has_fn kp_km_has;
OSSL_FUNC_keymgmt_match_fn kp_km_match;
OSSL_FUNC_keymgmt_dup_fn kp_km_dup;
OSSL_FUNC_keymgmt_validate_fn kp_km_validate;
OSSL_FUNC_keymgmt_load_fn kp_km_load;
/* kp_key_export() (keymgmt.c) - the keymgmt's export without its trace line: @k's group, encoding,
 * point-format and, as @selection names them and @k has them, pub (in @k's point form) and
 * priv, to @cb (a default provider's key: its own export). Return: @cb's result; 0 for a
 * NULL @k, a key without a group, or when memory runs out. */
int kp_key_export(const kp_key *k, int selection, OSSL_CALLBACK *cb, void *cbarg);
/* kp_does_selection() - whether a decoder or encoder whose structure holds the parts @mask
 * (KP_SEL_PRIV, KP_SEL_PUB, OSSL_KEYMGMT_SELECT_ALL_PARAMETERS) answers @selection, as
 * OpenSSL's own (der2key, key2any) judge it: the first of private key, public key,
 * parameters that @selection names decides; 0 (guessing) answers 1. */
int kp_does_selection(int selection, int mask);
/* KP_DECODER_DISPATCH() - the dispatch table (provider-decoder(7)) of a decoder with those
 * four functions, as an initializer: decoder.c's and ecx_decoder.c's. */
#define KP_DECODER_DISPATCH(newctx, freectx, sel, decode)              \
    {                                                                  \
        {OSSL_FUNC_DECODER_NEWCTX, (void (*)(void))(newctx)},          \
        {OSSL_FUNC_DECODER_FREECTX, (void (*)(void))(freectx)},        \
        {OSSL_FUNC_DECODER_DOES_SELECTION, (void (*)(void))(sel)},     \
        {OSSL_FUNC_DECODER_DECODE, (void (*)(void))(decode)},          \
        {0, NULL}                                                      \
    }
/* kp_sel_priv(), kp_sel_pub() - the does_selection of a decoder or encoder whose structure
 * holds a private key (kp_does_selection(@selection, KP_SEL_PRIV)) or a public key
 * (KP_SEL_PUB); @provctx unused. */
OSSL_FUNC_decoder_does_selection_fn kp_sel_priv;
OSSL_FUNC_decoder_does_selection_fn kp_sel_pub;
/* kp_key_wrap() - a kurv key of @pc holding @dk, the default provider's key (@df its
 * functions); NULL for a NULL @dk or when memory runs out (then @dk is freed). */
kp_key *kp_key_wrap(kp_provctx *pc, const kp_dfn *df, void *dk);
/* kp_foreign_group() - 1 when @params name a group kurv does not offer here (or give
 * explicit parameters, EC p, without a group): work for the default provider; else 0. */
int kp_foreign_group(const OSSL_PARAM params[]);
/* kp_group_param() - the curve the "group" param @p names (any name kp_curve_find takes);
 * NULL (PROV_R_INVALID_CURVE raised) for a non-UTF8 param or a curve kurv lacks here. */
const kp_curve *kp_group_param(const OSSL_PARAM *p);
/* kp_set_point_format() - @k->compressed from "point-format" @p: 1; 0 for a non-UTF8 param
 * or a form other than "uncompressed" and "compressed" (PROV_R_NOT_SUPPORTED raised). */
int kp_set_point_format(kp_key *k, const OSSL_PARAM *p);
/* kp_check_encoding() - 1 when "encoding" @p is "named_curve"; else 0 (error raised for
 * another value: kurv keys are on named curves only). */
int kp_check_encoding(const OSSL_PARAM *p);
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

/* keymgmt_gen.c: the keymgmt's generation functions (their contracts there). */
OSSL_FUNC_keymgmt_gen_init_fn kp_gen_init;
OSSL_FUNC_keymgmt_gen_set_template_fn kp_gen_set_template;
OSSL_FUNC_keymgmt_gen_set_params_fn kp_gen_set_params;
OSSL_FUNC_keymgmt_gen_settable_params_fn kp_gen_settable_params;
OSSL_FUNC_keymgmt_gen_fn kp_gen;
OSSL_FUNC_keymgmt_gen_cleanup_fn kp_gen_cleanup;

extern const OSSL_DISPATCH kp_keymgmt_functions[];
extern const OSSL_DISPATCH kp_signature_functions[];
extern const OSSL_DISPATCH kp_keyexch_functions[];
/* decoder.c: the decoders of PrivateKeyInfo, SubjectPublicKeyInfo and SEC1 (type-specific). */
/* kp_dec_read_all() - the whole of the core's BIO @in into @buf (@cap bytes) through @pc's
 * core BIO_read_ex (also for ecx_decoder.c). Return: the length; 0 when empty, unreadable or
 * longer than @cap. */
size_t kp_dec_read_all(const kp_provctx *pc, OSSL_CORE_BIO *in, uint8_t *buf, size_t cap);
/* kp_dec_hand_over() - a decoded key to @data_cb (provider-object(7)): an OSSL_OBJECT_PKEY of
 * data type @type ("EC", "X25519", "ED25519") by OSSL_OBJECT_PARAM_REFERENCE @ref (a pointer
 * to the key pointer, @ref_sz bytes), which the keymgmt's load takes. Return: @data_cb's. */
int kp_dec_hand_over(const char *type, void *ref, size_t ref_sz, OSSL_CALLBACK *data_cb,
                     void *data_cbarg);
extern const OSSL_DISPATCH kp_decoder_pkcs8_functions[];
extern const OSSL_DISPATCH kp_decoder_spki_functions[];
extern const OSSL_DISPATCH kp_decoder_sec1_functions[];
/* encoder.c: the encoders, one table per structure and output (their list in encoder.c). */
extern const OSSL_ALGORITHM kp_encoder_algs[];
/* encoder_text.c: the text encoder's dispatch table (listed in encoder.c's kp_encoder_algs). */
extern const OSSL_DISPATCH kp_encoder_text_functions[];
/* encode_out.c: the encoders' output. */
/* kp_enc_put() - all @n bytes of @b to the core's BIO @out, through @pc's core BIO_write_ex.
 * Return: 1; 0 on a write error or when the core gave no BIO_write_ex. */
int kp_enc_put(const kp_provctx *pc, OSSL_CORE_BIO *out, const void *b, size_t n);
/* kp_enc_trace() - trace "encode <curve> <structure>", with " (default)" when @dflt
 * (nothing when the trace is off). */
void kp_enc_trace(const char *curve, const char *structure, int dflt);
/* How a declined key is written by the default provider (kp_enc_default): the output type
 * and structure as OSSL_ENCODER_CTX_new_for_pkey names them ("DER", "PEM", "blob", "TEXT";
 * structure NULL: any), the cipher by name and its properties (NULL: none), and the
 * structure named in the trace. */
typedef struct kp_enc_how {
    const char *output, *structure, *cipher, *props, *traced;
} kp_enc_how;
/* kp_enc_default() - @k (a kurv key, or one holding the default provider's key) exported
 * (kp_key_export, no "export" line) into the default provider's keymgmt in @pc's child
 * library context, written there by the default provider's encoder @how names for
 * @selection, with the passphrase callback @cb, and the bytes put to @out; traced
 * "encode <curve> <how->traced> (default)". Return: 1; 0 on error (no child library context:
 * PROV_R_NOT_SUPPORTED; the default provider absent, refusing the key or failing to encode:
 * its errors stay in the queue), nothing traced then. */
int kp_enc_default(kp_provctx *pc, OSSL_CORE_BIO *out, const kp_key *k, int selection,
                   const kp_enc_how *how, OSSL_PASSPHRASE_CALLBACK *cb, void *cbarg);
/* The X25519 and Ed25519 part (issue 34; its files and their interface: ecx.h), built only
 * with the kurv-25519 family (KURV_HAVE_25519 in kurv_curve_list.h); offered only while
 * libkurv-25519.so.0 is loaded. */
/* kp_ecx_load() - dlopen() libkurv-25519.so.0 and resolve its functions (ecx_lib.c); 1 when
 * all were found, else 0 (the loader's reason in kp_ecx_missing()). kp_ecx_unload() -
 * dlclose() it. kp_ecx_loaded() - 1 while loaded. */
int kp_ecx_load(void);
void kp_ecx_unload(void);
int kp_ecx_loaded(void);
/* kp_ecx_missing() - why kp_ecx_load() failed ("" when it did not), at most 255 bytes. */
const char *kp_ecx_missing(void);
/* the dispatch tables: ecx_keymgmt.c, ecx_signature.c, ecx_keyexch.c */
extern const OSSL_DISPATCH kp_x25519_keymgmt_functions[];
extern const OSSL_DISPATCH kp_ed25519_keymgmt_functions[];
extern const OSSL_DISPATCH kp_ed25519_signature_functions[];
extern const OSSL_DISPATCH kp_x25519_keyexch_functions[];
/* the decoders (ecx_decoder.c) and encoders (ecx_encoder.c), NULL-terminated lists */
extern const OSSL_ALGORITHM kp_ecx_decoder_algs[];
extern const OSSL_ALGORITHM kp_ecx_encoder_algs[];

/* capabilities.c: the TLS-GROUP entries of the curves found. */
OSSL_FUNC_provider_get_capabilities_fn kp_get_capabilities;

#endif
