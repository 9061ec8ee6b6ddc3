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

#ifdef __cplusplus
}
#endif
#endif
