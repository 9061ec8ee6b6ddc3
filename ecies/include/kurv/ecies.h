/*
 * kurv: ECIES, the Elliptic Curve Integrated Encryption Scheme of IEEE 1363a (DHAES) and
 * ISO/IEC 18033-2 (ECIES-KEM + DEM), byte-compatible by default with BouncyCastle's
 * IESEngine (and the Go and Java ports built to match it).
 *
 * A ciphertext is V || C || T:
 *   V  the ephemeral public key R = r*G as a SEC1 point (uncompressed unless asked);
 *   C  the message under the symmetric cipher (with the GCM tag appended for AES-GCM);
 *   T  the MAC tag (empty for AES-GCM).
 * Z = x(r*Q), left-padded to the field length (ECSVDP-DH, IEEE 1363-2000 7.2.1). The KDF
 * input is V || Z (BouncyCastle, ISO 18033-2 "single hash" off) or Z alone (SEC 1); its
 * output is split cipher key first, MAC key second. The default MAC input is
 * C || SharedInfo2 || L2, L2 = the bit length of SharedInfo2 as 8 big-endian bytes
 * (BouncyCastle); SEC 1 leaves L2 out.
 *
 * Decryption checks the tag in constant time before anything is decrypted. Every
 * refusal that the ciphertext causes (too short, bad or off-curve V, the point at
 * infinity, a forged tag, C not a whole number of blocks, bad padding under a good tag)
 * is the one code KURV_ERR_DECRYPT, so the code is no oracle. Secrets and derived keys
 * are wiped. No allocation: outputs go to the caller's buffers, whose sizes
 * kurv_ecies_ciphertext_len() and kurv_ecies_plaintext_max_len() give before the call.
 *
 * Symmetric primitives (SHA-2, HMAC, HKDF, AES, CBC, CTR, GCM) are Nettle's.
 *
 * Spec: IEEE 1363a-2004 11.3 (ECIES, DHAES mode); ISO/IEC 18033-2:2006 10.2 (ECIES-KEM),
 * 6.2 (KDF1, KDF2); SEC 1 v2 5.1; ANSI X9.63 KDF; RFC 5869 (HKDF); NIST SP 800-38A/D.
 * The BouncyCastle wire format: shared/vectors/ecies/FORMAT.md.
 */
#ifndef KURV_ECIES_H
#define KURV_ECIES_H

#include <kurv/curve.h>
#include <kurv/hash.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Key derivation functions. */
typedef enum kurv_ecies_kdf {
    KURV_ECIES_KDF2 = 0,   /* ISO 18033-2 KDF2 = ANSI X9.63: H(secret || I2OSP(i,4) || info), i = 1, 2, ... */
    KURV_ECIES_KDF1,       /* ISO 18033-2 KDF1: the same with i = 0, 1, ... */
    KURV_ECIES_HKDF,       /* RFC 5869: Extract(salt = empty, secret), Expand(info) */
    KURV_ECIES_KDF_CUSTOM  /* the caller's kurv_ecies_kdf_ops */
} kurv_ecies_kdf;

/* Symmetric ciphers (the DEM). The IV (CBC), initial counter block (CTR) or nonce (GCM)
 * is kurv_ecies_params.iv, or zeros when it is NULL: each message has a fresh key, and
 * BouncyCastle uses a zero IV in this configuration. The IV is never transmitted. */
typedef enum kurv_ecies_cipher {
    KURV_ECIES_AES_CBC = 0, /* AES-CBC with PKCS#7 padding (1..16 bytes, always added) */
    KURV_ECIES_AES_CTR,     /* AES-CTR, 128-bit big-endian counter block; |C| = |M| */
    KURV_ECIES_AES_GCM,     /* AES-GCM, 12-byte nonce, 16-byte tag appended to C;
                               SharedInfo2 is the associated data; needs KURV_ECIES_MAC_NONE */
    KURV_ECIES_CIPHER_CUSTOM /* the caller's kurv_ecies_cipher_ops */
} kurv_ecies_cipher;

/* Message authentication codes. */
typedef enum kurv_ecies_mac {
    KURV_ECIES_HMAC = 0,    /* HMAC with mac_hash (SHA-256/384/512), tag cut to tag_len */
    KURV_ECIES_MAC_NONE,    /* no MAC: only with an authenticated cipher (AES-GCM, or a custom
                               cipher that authenticates) */
    KURV_ECIES_MAC_CUSTOM   /* the caller's kurv_ecies_mac_ops */
} kurv_ecies_mac;

/* Key agreement primitives. On every curve kurv ships (cofactor 1) both give the same Z. */
typedef enum kurv_ecies_agreement {
    KURV_ECIES_ECDH = 0,    /* ECSVDP-DH: Z = x(r*Q) (IEEE 1363-2000 7.2.1) */
    KURV_ECIES_ECDHC        /* ECSVDP-DHC: Z = x(h*r*Q) (7.2.2); h = 1 here */
} kurv_ecies_agreement;

/* Flags of kurv_ecies_params. */
#define KURV_ECIES_COMPRESSED    0x1u /* send V compressed (0x02/0x03); decryption takes any form */
#define KURV_ECIES_KDF_Z_ONLY    0x2u /* KDF input Z instead of V || Z (SEC 1, ISO "single hash").
                                        V is then not bound to the keys: V and -V (and each
                                        encoding of V) give the same Z, so a ciphertext can be
                                        re-encoded into another that decrypts alike (benign
                                        malleability, as in SEC 1 itself). */
#define KURV_ECIES_NO_LENGTH_TAG 0x4u /* MAC C || SharedInfo2 without BouncyCastle's 8-byte L2 */

/*
 * Plug-in points for a caller's own component (kdf / cipher / mac = ..._CUSTOM). Each
 * function returns KURV_OK or an error; @ctx is the struct's ctx, passed through.
 */
typedef struct kurv_ecies_kdf_ops {
    /* @out_len bytes of keying data from @secret (V || Z, or Z) and @info (SharedInfo1,
     * may be empty). */
    kurv_err (*derive)(void *ctx, uint8_t *out, size_t out_len,
                       const uint8_t *secret, size_t secret_len,
                       const uint8_t *info, size_t info_len);
    void *ctx;
} kurv_ecies_kdf_ops;

typedef struct kurv_ecies_cipher_ops {
    size_t key_len;                          /* bytes of key it takes (1..64) */
    /* |C| for a plaintext of @pt_len bytes (0 if too long). */
    size_t (*ct_len)(void *ctx, size_t pt_len);
    /* The largest plaintext a @ct_len-byte C can hold (0 if @ct_len is impossible). */
    size_t (*pt_max_len)(void *ctx, size_t ct_len);
    /* C = E(key, @pt) into @ct (exactly ct_len(@pt_len) bytes). @aad is SharedInfo2. */
    kurv_err (*encrypt)(void *ctx, uint8_t *ct, const uint8_t *key,
                        const uint8_t *pt, size_t pt_len, const uint8_t *aad, size_t aad_len);
    /* M = D(key, @ct) into @pt (capacity pt_max_len(@ct_len)); *@pt_len gets |M|. Any
     * failure must be KURV_ERR_DECRYPT. */
    kurv_err (*decrypt)(void *ctx, uint8_t *pt, size_t *pt_len, const uint8_t *key,
                        const uint8_t *ct, size_t ct_len, const uint8_t *aad, size_t aad_len);
    void *ctx;
} kurv_ecies_cipher_ops;

typedef struct kurv_ecies_mac_ops {
    size_t key_len;                          /* bytes of key (1..64) */
    size_t tag_len;                          /* bytes of tag (1..64) */
    /* @tag (tag_len bytes) = MAC(key, the concatenation of @n parts). */
    kurv_err (*mac)(void *ctx, uint8_t *tag, const uint8_t *key,
                    const uint8_t *const *parts, const size_t *lens, size_t n);
    void *ctx;
} kurv_ecies_mac_ops;

/*
 * The components of one ECIES configuration. Start from a preset (kurv_ecies_preset())
 * and change fields; a zeroed struct is not valid (key lengths are 0).
 */
typedef struct kurv_ecies_params {
    kurv_ecies_agreement agreement;
    kurv_ecies_kdf kdf;
    kurv_hash kdf_hash;            /* SHA-256, SHA-384 or SHA-512 (built-in KDFs) */
    kurv_ecies_cipher cipher;
    size_t cipher_key_len;         /* 16, 24 or 32 (AES-128/192/256; built-in ciphers) */
    kurv_ecies_mac mac;
    kurv_hash mac_hash;            /* SHA-256, SHA-384 or SHA-512 (HMAC) */
    size_t mac_key_len;            /* bytes of HMAC key, 16..64 */
    size_t tag_len;                /* bytes of HMAC tag, 16..hash length; 0 = the full hash */
    unsigned flags;                /* KURV_ECIES_* flags above */
    const uint8_t *shared_info1;   /* KDF info: BouncyCastle's "derivation", SEC 1 SharedInfo1 */
    size_t shared_info1_len;
    const uint8_t *shared_info2;   /* MACed after C: BouncyCastle's "encoding", SEC 1 SharedInfo2 */
    size_t shared_info2_len;
    const uint8_t *iv;             /* NULL: zeros; else 16 bytes (CBC, CTR) or 12 (GCM) */
    size_t iv_len;
    const kurv_ecies_kdf_ops *kdf_ops;       /* with KURV_ECIES_KDF_CUSTOM */
    const kurv_ecies_cipher_ops *cipher_ops; /* with KURV_ECIES_CIPHER_CUSTOM */
    const kurv_ecies_mac_ops *mac_ops;       /* with KURV_ECIES_MAC_CUSTOM */
} kurv_ecies_params;

/**
 * kurv_ecies_preset() - a named configuration.
 * @name: case-insensitive:
 *   "bc-aes128-cbc"   (the default) BouncyCastle IESEngine: V || Z into KDF2-SHA-256,
 *                     AES-128-CBC/PKCS#7 zero IV, HMAC-SHA-256 with a 16-byte key over
 *                     C || L2, 32-byte tag, V uncompressed (FORMAT.md);
 *   "bc-aes256-cbc"   the same with a 32-byte AES key and a 32-byte HMAC key;
 *   "sec1-aes128-ctr" SEC 1 v2 5.1: Z alone into the ANSI X9.63 KDF with SHA-256,
 *                     AES-128-CTR (initial counter 0), HMAC-SHA-256 with a 32-byte key
 *                     and a full tag over C || SharedInfo2, no length tag;
 *   "botan-aes128-cbc" Botan 2's ECIES as usually configured (ECIES_System_Params with
 *                     "KDF2(SHA-256)", "AES-128/CBC", 16, "HMAC(SHA-256)", 32, uncompressed,
 *                     no flags): V || Z into KDF2-SHA-256, AES-128-CBC/PKCS#7 zero IV,
 *                     HMAC-SHA-256 with a 32-byte key and the full tag over C || SharedInfo2
 *                     (Botan's label), no length tag;
 *   "botan-aes256-cbc" the same with AES-256 ("AES-256/CBC", 32).
 * Return: a static, read-only struct (copy it to change fields), or NULL if unknown.
 */
KURV_API const kurv_ecies_params *kurv_ecies_preset(const char *name);

/** kurv_ecies_preset_names() - the preset names, NULL-terminated, default first. */
KURV_API const char *const *kurv_ecies_preset_names(void);

/**
 * kurv_ecies_params_check() - validate a configuration for a curve.
 * @p: the parameters (NULL means the default, bc-aes128-cbc).
 * Return: KURV_OK; KURV_ERR_ARG (NULL or invalid @c, an unknown enum value or flag, a key,
 *         tag or IV length out of range, MAC_NONE with a cipher that does not authenticate,
 *         a MAC with AES-GCM, a CUSTOM component without its ops, shared info pointer NULL
 *         with a nonzero length).
 */
KURV_API kurv_err kurv_ecies_params_check(const kurv_curve *c, const kurv_ecies_params *p);

/**
 * kurv_ecies_ciphertext_len() - the exact ciphertext length for a plaintext.
 * @p:      the parameters (NULL: the default).
 * @pt_len: bytes of plaintext.
 * Return: |V| + |C| + |T| (BouncyCastle AES-CBC: 1 + 2*field_len + 16*(pt_len/16 + 1) + 32),
 *         or 0 if @c or @p is invalid or the length overflows.
 */
KURV_API size_t kurv_ecies_ciphertext_len(const kurv_curve *c, const kurv_ecies_params *p,
                                          size_t pt_len);

/**
 * kurv_ecies_plaintext_max_len() - the output capacity kurv_ecies_decrypt() needs.
 * @p:      the parameters (NULL: the default).
 * @ct:     optional: the ciphertext (only its first byte, V's prefix, is read, to know
 *          |V|); NULL takes V at its shortest (compressed) form, which bounds every case.
 * @ct_len: bytes of ciphertext.
 * Return: an upper bound on the plaintext length, decided by public data only: exact for
 *         AES-CTR and AES-GCM; |C| - 1 for CBC, whose padding is 1..16 bytes. 0 when @c or
 *         @p is invalid or @ct_len is too short for any ciphertext (decryption then
 *         refuses with KURV_ERR_DECRYPT whatever the capacity).
 */
KURV_API size_t kurv_ecies_plaintext_max_len(const kurv_curve *c, const kurv_ecies_params *p,
                                             const uint8_t *ct, size_t ct_len);

/**
 * kurv_ecies_encrypt() - encrypt a message to a public key.
 * @out:     out, the ciphertext V || C || T.
 * @out_len: in: capacity of @out; out: bytes written (= kurv_ecies_ciphertext_len()).
 * @pub:     the recipient's Q as SEC1 (compressed or uncompressed), fully validated.
 * @msg:     the plaintext, @msg_len bytes (may be NULL when @msg_len is 0); must not
 *           overlap @out.
 * @p:       the parameters (NULL: bc-aes128-cbc).
 * A fresh ephemeral key r comes from the system CSPRNG (kurv_keygen()).
 * Return: KURV_OK; KURV_ERR_ARG (bad @c or @p, NULL pointers, length overflow);
 *         KURV_ERR_BUFFER (@out too small; *@out_len gives the size needed);
 *         KURV_ERR_POINT / KURV_ERR_INFINITY (bad @pub); KURV_ERR_RNG; an error of a
 *         custom component. @out is zeroed on error. Constant time in r, Z and the keys;
 *         the time may depend on @pub, which is public (as kurv_ecdh()'s @peer).
 * Spec: IEEE 1363a-2004 11.3.2; ISO 18033-2 10.2.3; SEC 1 v2 5.1.3.
 */
KURV_API kurv_err kurv_ecies_encrypt(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                     const uint8_t *pub, size_t pub_len,
                                     const uint8_t *msg, size_t msg_len,
                                     const kurv_ecies_params *p);

/**
 * kurv_ecies_encrypt_ephemeral() - kurv_ecies_encrypt() with a given ephemeral scalar.
 * @eph: r, kurv_curve_scalar_len(c) bytes, 1 <= r < n. Reusing r for two messages breaks
 *       the scheme: this entry point is for known-answer tests only.
 * Return: as kurv_ecies_encrypt(), and KURV_ERR_PRIVKEY for a bad @eph.
 */
KURV_API kurv_err kurv_ecies_encrypt_ephemeral(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                               const uint8_t *pub, size_t pub_len,
                                               const uint8_t *msg, size_t msg_len,
                                               const kurv_ecies_params *p,
                                               const uint8_t *eph, size_t eph_len);

/**
 * kurv_ecies_decrypt() - decrypt V || C || T with a private key.
 * @out:     out, the plaintext.
 * @out_len: in: capacity of @out, at least kurv_ecies_plaintext_max_len(c, p, @ct, @ct_len);
 *           out: bytes of plaintext.
 * @priv:    d, kurv_curve_scalar_len(c) bytes, 1 <= d < n.
 * @ct:      the ciphertext, @ct_len bytes (must not overlap @out). V may be uncompressed (0x04), compressed
 *           (0x02/0x03) or hybrid (0x06/0x07, y's parity checked), as BouncyCastle takes it;
 *           the KDF sees V as received.
 * @p:       the parameters (NULL: bc-aes128-cbc).
 * Order: parse and validate V, Z = x(d*V), keys, tag check (constant time) over the whole
 * of C, then decryption and a constant-time padding check.
 * Return: KURV_OK; KURV_ERR_ARG (bad @c or @p, NULL pointers); KURV_ERR_PRIVKEY (bad @priv);
 *         KURV_ERR_BUFFER (*@out_len below the bound, which then gets it: decided by
 *         @ct_len alone); KURV_ERR_DECRYPT for every refusal the ciphertext causes.
 *         @out is zeroed on error. Constant time in d, Z, the keys and the plaintext.
 * Spec: IEEE 1363a-2004 11.3.3; ISO 18033-2 10.2.4; SEC 1 v2 5.1.4.
 */
KURV_API kurv_err kurv_ecies_decrypt(const kurv_curve *c, uint8_t *out, size_t *out_len,
                                     const uint8_t *priv, size_t priv_len,
                                     const uint8_t *ct, size_t ct_len,
                                     const kurv_ecies_params *p);

/*
 * Streaming ECIES: the same V || C || T, produced and consumed piece by piece in constant
 * memory, byte for byte what kurv_ecies_encrypt() / kurv_ecies_decrypt() give for the same
 * parameters (and ephemeral key). The caller owns the context (a kurv_ecies_stream of
 * KURV_ECIES_STREAM_SIZE bytes, on the stack or anywhere); nothing is allocated. The
 * parameters struct and the bytes its pointers name (SharedInfo1/2, IV) must stay
 * unchanged until final(). Every function refuses a context that no init() set up, or one
 * that final() or an error has closed, with KURV_ERR_ARG; init() and final() close the
 * context on every error, and final() on success too, by wiping it (a caller who gives up before final() wipes it with
 * kurv_wipe(ctx, sizeof *ctx)). KURV_ERR_BUFFER leaves the context as it was, nothing
 * consumed: call again with a larger buffer.
 *
 * What streams: the built-in ciphers (AES-CBC, AES-CTR, AES-GCM) with the built-in HMAC
 * (or no MAC with AES-GCM), any KDF (the KDF runs once, at init, over V || Z of fixed
 * size). A CUSTOM cipher or MAC (kurv_ecies_cipher_ops, kurv_ecies_mac_ops) takes the whole
 * message in one call, so it cannot stream: init() returns KURV_ERR_UNSUPPORTED and the
 * one-shot functions are the way. (kurv has no XOR DEM, whose key length would depend on
 * the message length.)
 *
 * Output sizes: update() writes at most @in_len + 15 bytes (whole 16-byte blocks: a
 * capacity of @in_len + KURV_ECIES_STREAM_BLOCK always suffices); encrypt final() at most
 * KURV_ECIES_STREAM_FINAL_MAX bytes (the last block or GCM tag, and T); decrypt final() at
 * most 15 bytes (a capacity of KURV_ECIES_STREAM_BLOCK suffices).
 *
 * DECRYPTION RELEASES UNAUTHENTICATED PLAINTEXT: the bytes kurv_ecies_decrypt_update()
 * writes are not authenticated until kurv_ecies_decrypt_final() returns KURV_OK (the tag
 * covers all of C and is only at its end). Keep them from any use, and from anyone, until
 * then, and discard them all on any error (the kurv tool writes them to a temporary file
 * that it renames only after final() returns KURV_OK). The one-shot kurv_ecies_decrypt()
 * checks the tag first and needs no such care.
 */
#define KURV_ECIES_STREAM_SIZE      6144  /* bytes of a kurv_ecies_stream */
#define KURV_ECIES_STREAM_BLOCK     16    /* update() writes at most in_len + 15 bytes */
#define KURV_ECIES_STREAM_FINAL_MAX 80    /* encrypt final(): 16 bytes of C + a 64-byte tag */

/* The context of a streaming encryption or decryption: opaque, KURV_ECIES_STREAM_SIZE
 * bytes, aligned for any of its fields. */
typedef union kurv_ecies_stream {
    unsigned char opaque[KURV_ECIES_STREAM_SIZE];
    uint64_t align_u64;
    void *align_ptr;
    double align_double;
} kurv_ecies_stream;

/**
 * kurv_ecies_ephemeral_len() - |V| for the first byte of a ciphertext.
 * @prefix: V's first byte: 0x02/0x03 (compressed), 0x04 (uncompressed), 0x06/0x07 (hybrid).
 * Return: 1 + field_len or 1 + 2 * field_len bytes; 0 for another prefix or a NULL or
 *         invalid @c (decryption refuses such a ciphertext with KURV_ERR_DECRYPT).
 * Spec: SEC 1 v2 2.3.3 (the encodings), IEEE 1363a-2004 11.3.3 step 1.
 */
KURV_API size_t kurv_ecies_ephemeral_len(const kurv_curve *c, uint8_t prefix);

/**
 * kurv_ecies_encrypt_init() - start a streaming encryption to a public key.
 * @ctx:   the caller's context (any contents; set up here).
 * @pub:   the recipient's Q as SEC1 (compressed or uncompressed), fully validated.
 * @p:     the parameters (NULL: bc-aes128-cbc); kept by pointer until final().
 * @v:     out, V: the ephemeral public key r*G, the first bytes of the ciphertext.
 * @v_len: in: capacity of @v; out: |V| = kurv_curve_point_len(c, compressed), 2 * field_len
 *         + 1 bytes at most (KURV_MAX_POINT_LEN).
 * A fresh r from the system CSPRNG (kurv_keygen()); Z = x(r*Q) and the KDF run here, and
 * only the derived keys (in cipher and HMAC states) stay in @ctx.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @ctx or @v_len, bad @c or @p); KURV_ERR_UNSUPPORTED
 *         (a CUSTOM cipher or MAC: use kurv_ecies_encrypt()); KURV_ERR_BUFFER (*@v_len too
 *         small, which then gets |V|; @ctx not set up); KURV_ERR_POINT / KURV_ERR_INFINITY
 *         (bad @pub); KURV_ERR_RNG; an error of a custom KDF. On error @ctx is wiped
 *         (closed) and @v zeroed.
 * Spec: IEEE 1363a-2004 11.3.2 steps 1-4; ISO 18033-2 10.2.3 (ECIES-KEM.Encrypt); SEC 1
 *       v2 5.1.3 steps 1-5.
 */
KURV_API kurv_err kurv_ecies_encrypt_init(kurv_ecies_stream *ctx, const kurv_curve *c,
                                          const uint8_t *pub, size_t pub_len,
                                          const kurv_ecies_params *p,
                                          uint8_t *v, size_t *v_len);

/**
 * kurv_ecies_encrypt_init_ephemeral() - kurv_ecies_encrypt_init() with a given r.
 * @eph: r, kurv_curve_scalar_len(c) bytes, 1 <= r < n. For known-answer tests only (as
 *       kurv_ecies_encrypt_ephemeral(): reusing r breaks the scheme).
 * Return: as kurv_ecies_encrypt_init(), and KURV_ERR_PRIVKEY for a bad or NULL @eph.
 */
KURV_API kurv_err kurv_ecies_encrypt_init_ephemeral(kurv_ecies_stream *ctx, const kurv_curve *c,
                                                    const uint8_t *pub, size_t pub_len,
                                                    const kurv_ecies_params *p,
                                                    uint8_t *v, size_t *v_len,
                                                    const uint8_t *eph, size_t eph_len);

/**
 * kurv_ecies_encrypt_update() - encrypt the next piece of the message.
 * @out:     out, the next bytes of C (whole 16-byte blocks; a partial block waits in @ctx).
 * @out_len: in: capacity of @out (@in_len + 16 always suffices); out: bytes written.
 * @in:      @in_len bytes of plaintext (NULL allowed when @in_len is 0); must not overlap
 *           @out.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @out_len, NULL @in with a length, @ctx not an open
 *         encryption; nothing consumed); KURV_ERR_BUFFER (*@out_len
 *         below the bytes this call writes, which it then gets; nothing consumed).
 * Spec: IEEE 1363a-2004 11.3.2 step 5 (DEM encryption, SP 800-38A/D modes), as a stream.
 */
KURV_API kurv_err kurv_ecies_encrypt_update(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len,
                                            const uint8_t *in, size_t in_len);

/**
 * kurv_ecies_encrypt_final() - the end of C, then T; closes @ctx.
 * @out:     out: CBC: the padded last block (16 bytes); CTR: the last partial block
 *           (0..15); GCM: the partial block and GCM's 16-byte tag; then the MAC tag T
 *           (tag_len bytes; none with GCM). At most KURV_ECIES_STREAM_FINAL_MAX bytes.
 * @out_len: in: capacity of @out; out: bytes written.
 * The whole ciphertext is V (from init) || every update()'s output || this output.
 * Return: KURV_OK (@ctx wiped); KURV_ERR_ARG (NULL @out_len, @ctx not an open encryption);
 *         KURV_ERR_BUFFER (*@out_len too small, which then gets the size; @ctx unchanged).
 * Spec: IEEE 1363a-2004 11.3.2 steps 5-7; SEC 1 v2 5.1.3 steps 6-8.
 */
KURV_API kurv_err kurv_ecies_encrypt_final(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len);

/**
 * kurv_ecies_decrypt_init() - start a streaming decryption.
 * @ctx:   the caller's context (any contents; set up here).
 * @priv:  d, kurv_curve_scalar_len(c) bytes, 1 <= d < n.
 * @v:     V, the first kurv_ecies_ephemeral_len(c, @v[0]) bytes of the ciphertext (any
 *         form kurv_ecies_decrypt() takes; the KDF sees V as received).
 * @p:     the parameters (NULL: bc-aes128-cbc); kept by pointer until final().
 * The rest of the ciphertext (C || T) then goes to kurv_ecies_decrypt_update() in pieces
 * of any size; the context holds back the last tag_len (+ 16) bytes, which may be T.
 * Return: KURV_OK; KURV_ERR_ARG (NULL @ctx, bad @c or @p, NULL @v); KURV_ERR_UNSUPPORTED (a
 *         CUSTOM cipher or MAC); KURV_ERR_PRIVKEY (bad @priv); KURV_ERR_DECRYPT (V refused:
 *         a bad prefix, @v_len not the length its prefix gives, not on the curve, the
 *         point at infinity). On error @ctx is wiped (closed).
 * Spec: IEEE 1363a-2004 11.3.3 steps 1-4; ISO 18033-2 10.2.4 (ECIES-KEM.Decrypt); SEC 1
 *       v2 5.1.4 steps 1-5.
 */
KURV_API kurv_err kurv_ecies_decrypt_init(kurv_ecies_stream *ctx, const kurv_curve *c,
                                          const uint8_t *priv, size_t priv_len,
                                          const uint8_t *v, size_t v_len,
                                          const kurv_ecies_params *p);

/**
 * kurv_ecies_decrypt_update() - feed the next piece of C || T.
 * @out:     out, UNAUTHENTICATED plaintext (whole 16-byte blocks) until
 *           kurv_ecies_decrypt_final() returns KURV_OK: see above.
 * @out_len: in: capacity of @out (@in_len + 16 always suffices); out: bytes written.
 * @in:      @in_len bytes of ciphertext (NULL allowed when @in_len is 0); must not overlap
 *           @out.
 * The MAC runs over C as it comes; nothing here depends on the tag, so no ciphertext is
 * refused before final().
 * Return: KURV_OK; KURV_ERR_ARG (NULL @out_len, NULL @in with a length, @ctx not an open
 *         decryption); KURV_ERR_BUFFER (*@out_len below the bytes this call writes, which
 *         it then gets; nothing consumed).
 * Spec: IEEE 1363a-2004 11.3.3 step 6 (DEM decryption), as a stream.
 */
KURV_API kurv_err kurv_ecies_decrypt_update(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len,
                                            const uint8_t *in, size_t in_len);

/**
 * kurv_ecies_decrypt_final() - check the tag and write the last plaintext bytes; closes @ctx.
 * @out:     out, the last 0..15 bytes of plaintext (CBC: the last block without its
 *           padding; CTR, GCM: the last partial block).
 * @out_len: in: capacity of @out (16 always suffices: CBC needs 15, CTR and GCM the
 *           partial block); out: bytes written.
 * The tag (HMAC over C || SharedInfo2 [|| L2], or GCM's) is compared in constant time,
 * then the CBC padding is checked in constant time.
 * Return: KURV_OK: the tag verified, and every byte update() wrote and this one is the
 *         authentic plaintext; KURV_ERR_DECRYPT for every refusal (a forged or altered T or
 *         C, too short for T, C not whole blocks (CBC), bad padding): then DISCARD all that
 *         update() wrote; @out zeroed; KURV_ERR_ARG (NULL @out_len, @ctx not an open
 *         decryption); KURV_ERR_BUFFER (capacity too small, which then gets the size;
 *         @ctx unchanged). Except for KURV_ERR_BUFFER, @ctx is wiped.
 * Spec: IEEE 1363a-2004 11.3.3 steps 5-7; SEC 1 v2 5.1.4 steps 6-8.
 */
KURV_API kurv_err kurv_ecies_decrypt_final(kurv_ecies_stream *ctx, uint8_t *out, size_t *out_len);

#ifdef __cplusplus
}
#endif
#endif
