/*
 * openssl/tests/keyload.c: kp-keyload, the keyfiles test's (keyfiles.sh) view of which
 * provider holds a key read from a file, through libcrypto as an application reads it.
 *
 * The default library context with the default and then the kurv provider (OpenSSL 3.0 tries
 * the decoders of the provider loaded last first: README "OpenSSL provider") and the default
 * property query "?provider=kurv" (as the scripts' -propquery), then one of:
 *   key FILE [PASS]   OSSL_DECODER_CTX_new_for_pkey (any input, PEM or DER, any structure,
 *                     passphrase PASS): prints the provider of the key (EVP_PKEY_get0_provider)
 *   pub FILE          the same for a public key (selection public key)
 *   cert FILE         PEM certificate: the provider of X509_get0_pubkey
 *   p12 FILE PASS     PKCS12_parse: "<key's provider> <certificate key's provider>", then
 *                     X509_check_private_key of the two ("match" or "mismatch")
 *   match CERT KEY    X509_check_private_key of a PEM certificate and key: "match"/"mismatch"
 *   write FILE DIR    the key of FILE written by libcrypto's calls that use encoders, into
 *                     DIR/<name>.k; then the same key read in a library context of its own
 *                     holding the default provider alone and written the same way into
 *                     DIR/<name>.d, for the caller to compare: names and calls are
 *                     i2d_PrivateKey (priv.der), i2d_PUBKEY (pubkey.der), i2d_PublicKey (the
 *                     bare point: point.bin), i2d_KeyParams (param.der), PEM_write_bio_PrivateKey
 *                     (priv.pem), PEM_write_bio_PUBKEY (pub.pem), PEM_write_bio_Parameters
 *                     (param.pem); prints the provider of the key written first
 *   text FILE DIR     the key of FILE printed by the text encoders (OSSL_ENCODER_CTX_new_for_pkey
 *                     with output "TEXT") for each selection, into DIR/text-<selection>.k:
 *                     keypair (EVP_PKEY_KEYPAIR, as EVP_PKEY_print_private), public
 *                     (EVP_PKEY_PUBLIC_KEY, as EVP_PKEY_print_public), params
 *                     (EVP_PKEY_KEY_PARAMETERS, as EVP_PKEY_print_params), and the bare
 *                     parts without the domain parameters: priv (OSSL_KEYMGMT_SELECT_PRIVATE_KEY),
 *                     pub (OSSL_KEYMGMT_SELECT_PUBLIC_KEY), and priv-params (the private key
 *                     and the parameters, what `openssl pkey -text` asks); each file ends in a line
 *                     "rc=<OSSL_ENCODER_to_bio's result>"; then the same key read with the
 *                     default provider alone printed the same way into DIR/text-<selection>.d;
 *                     prints the provider of the key
 *   text-pub FILE DIR the same for a public key (read for EVP_PKEY_PUBLIC_KEY)
 *   privwrite FILE DIR  a public key asked for private structures (i2d_PrivateKey,
 *                     PEM_write_bio_PrivateKey, i2d_PKCS8PrivateKey_bio,
 *                     PEM_write_bio_PrivateKey_traditional): each call's result and the bytes
 *                     it wrote, a line each, into DIR/privwrite.k, then the same for the key
 *                     read by the default provider alone into DIR/privwrite.d; prints the
 *                     provider of the key
 *   encrypt FILE OUT PASS  the key of FILE written to OUT by i2d_PKCS8PrivateKey_bio
 *                     (DER EncryptedPrivateKeyInfo, AES-256-CBC, passphrase PASS); prints
 *                     the key's provider
 *   conf              none of the above: OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG) reads
 *                     the openssl.cnf OPENSSL_CONF names, as a program does, and prints
 *                     "init=<its result> kurv=<OSSL_PROVIDER_available(kurv)>", then OpenSSL's
 *                     error queue on stderr (what such a program could see of a failed load)
 * Output: one line on stdout. Exit 0, or 1 when the file cannot be read or the providers
 * cannot be loaded (OpenSSL's errors on stderr).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <openssl/decoder.h>
#include <openssl/encoder.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/provider.h>
#include <openssl/x509.h>

static const char *prov(const EVP_PKEY *pk)
{
    const OSSL_PROVIDER *p = pk != NULL ? EVP_PKEY_get0_provider(pk) : NULL;
    return p != NULL ? OSSL_PROVIDER_get0_name(p) : "(none)";
}

/* read_key_in() - the key of @file (any input and structure, passphrase @pass or NULL) of
 * the type the environment variable KP_KEYLOAD_TYPE names ("X25519", "ED25519": p25519.sh;
 * unset: "EC") for @selection, decoded in the library context @lib (NULL: the default one);
 * NULL when it cannot be read. read_key() - the same in the default library context. */
static EVP_PKEY *read_key_in(OSSL_LIB_CTX *lib, const char *file, const char *pass,
                             int selection)
{
    EVP_PKEY *pk = NULL;
    const char *type = getenv("KP_KEYLOAD_TYPE");
    BIO *b = BIO_new_file(file, "rb");
    OSSL_DECODER_CTX *d = OSSL_DECODER_CTX_new_for_pkey(&pk, NULL, NULL,
                                                         type != NULL ? type : "EC", selection,
                                                         lib, NULL);
    if (b != NULL && d != NULL && pass != NULL)
        OSSL_DECODER_CTX_set_passphrase(d, (const unsigned char *)pass, strlen(pass));
    if (b == NULL || d == NULL || !OSSL_DECODER_from_bio(d, b))
        pk = NULL;
    OSSL_DECODER_CTX_free(d);
    BIO_free(b);
    return pk;
}
static EVP_PKEY *read_key(const char *file, const char *pass, int selection)
{
    return read_key_in(NULL, file, pass, selection);
}

/* write_one() - @n bytes of @der (freed) to DIR/NAME.SUFFIX; 1 when written whole. */
static int write_one(const char *dir, const char *name, const char *suffix, unsigned char *der,
                     int n)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, suffix);
    FILE *f = n > 0 ? fopen(path, "wb") : NULL;
    int ok = f != NULL && fwrite(der, 1, (size_t)n, f) == (size_t)n;
    if (f != NULL && fclose(f) != 0)
        ok = 0;
    OPENSSL_free(der);
    return ok;
}

/* write_pem() - the PEM of @fn (a PEM_write_bio_* of a key) to DIR/NAME.SUFFIX. */
static int write_pem(const char *dir, const char *name, const char *suffix, EVP_PKEY *pk,
                     int (*fn)(BIO *, const EVP_PKEY *))
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.%s", dir, name, suffix);
    BIO *b = BIO_new_file(path, "wb");
    int ok = b != NULL && fn(b, pk) > 0;
    BIO_free(b);
    return ok;
}
static int pem_priv(BIO *b, const EVP_PKEY *pk)
{
    return PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL);
}
static int pem_pub(BIO *b, const EVP_PKEY *pk) { return PEM_write_bio_PUBKEY(b, pk); }
static int pem_param(BIO *b, const EVP_PKEY *pk) { return PEM_write_bio_Parameters(b, pk); }

/* write_all() - every file of "write" for @pk, suffix @suffix; 1 when all were written. */
static int write_all(EVP_PKEY *pk, const char *dir, const char *suffix)
{
    unsigned char *d[4] = { NULL, NULL, NULL, NULL };
    int n0 = i2d_PrivateKey(pk, &d[0]), n1 = i2d_PUBKEY(pk, &d[1]);
    int n2 = i2d_PublicKey(pk, &d[2]), n3 = i2d_KeyParams(pk, &d[3]);
    int ok = write_one(dir, "priv.der", suffix, d[0], n0);
    ok &= write_one(dir, "pubkey.der", suffix, d[1], n1);
    ok &= write_one(dir, "point.bin", suffix, d[2], n2);
    ok &= write_one(dir, "param.der", suffix, d[3], n3);
    ok &= write_pem(dir, "priv.pem", suffix, pk, pem_priv);
    ok &= write_pem(dir, "pub.pem", suffix, pk, pem_pub);
    ok &= write_pem(dir, "param.pem", suffix, pk, pem_param);
    return ok;
}

/* text_all() - "text": @pk printed by the text encoders for each selection into
 * DIR/text-<selection>.<suffix>, the encoder's result last; 1 when every file was written. */
static int text_all(EVP_PKEY *pk, const char *dir, const char *suffix)
{
    static const struct { const char *name; int selection; } sel[] = {
        { "keypair", EVP_PKEY_KEYPAIR }, { "public", EVP_PKEY_PUBLIC_KEY },
        { "params", EVP_PKEY_KEY_PARAMETERS }, { "priv", OSSL_KEYMGMT_SELECT_PRIVATE_KEY },
        { "pub", OSSL_KEYMGMT_SELECT_PUBLIC_KEY },
        { "priv-params", OSSL_KEYMGMT_SELECT_PRIVATE_KEY | OSSL_KEYMGMT_SELECT_ALL_PARAMETERS },
    };
    int ok = 1;
    for (size_t i = 0; i < sizeof sel / sizeof sel[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/text-%s.%s", dir, sel[i].name, suffix);
        BIO *b = BIO_new_file(path, "wb");
        OSSL_ENCODER_CTX *e = OSSL_ENCODER_CTX_new_for_pkey(pk, sel[i].selection, "TEXT", NULL,
                                                            NULL);
        int rc = b != NULL && e != NULL && OSSL_ENCODER_to_bio(e, b);
        ok &= b != NULL && BIO_printf(b, "rc=%d\n", rc) > 0;
        OSSL_ENCODER_CTX_free(e);
        BIO_free(b);
    }
    ERR_clear_error();   /* the bare selections' failures, recorded in the files */
    return ok;
}

/* write_default() - the key of @file read for @selection with the default provider alone (a
 * library context of its own) and written by @fn (write_all, text_all, priv_all) with
 * suffix "d". */
static int write_default(const char *file, const char *dir, int selection,
                         int (*fn)(EVP_PKEY *, const char *, const char *))
{
    OSSL_LIB_CTX *lib = OSSL_LIB_CTX_new();
    OSSL_PROVIDER *p = lib != NULL ? OSSL_PROVIDER_load(lib, "default") : NULL;
    EVP_PKEY *pk = p != NULL ? read_key_in(lib, file, NULL, selection) : NULL;
    int ok = pk != NULL && fn(pk, dir, "d");
    EVP_PKEY_free(pk);
    OSSL_PROVIDER_unload(p);
    OSSL_LIB_CTX_free(lib);
    return ok;
}

/* priv_all() - "privwrite": a private structure asked of @pk (a public key) by
 * i2d_PrivateKey, PEM_write_bio_PrivateKey, i2d_PKCS8PrivateKey_bio (AES-256-CBC) and
 * PEM_write_bio_PrivateKey_traditional, each result ("<call>=<result> <bytes written>") a
 * line of DIR/privwrite.<suffix>; 1 when the file was written. */
static int priv_all(EVP_PKEY *pk, const char *dir, const char *suffix)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/privwrite.%s", dir, suffix);
    FILE *f = fopen(path, "w");
    if (f == NULL)
        return 0;
    unsigned char *der = NULL;
    int n = i2d_PrivateKey(pk, &der);
    fprintf(f, "i2d_PrivateKey=%d %d\n", n, der != NULL ? n : 0);
    OPENSSL_free(der);
    for (int i = 0; i < 3; i++) {
        static const char *const name[] = { "PEM_write_bio_PrivateKey",
            "i2d_PKCS8PrivateKey_bio", "PEM_write_bio_PrivateKey_traditional" };
        BIO *b = BIO_new(BIO_s_mem());
        int r = b == NULL ? -1
              : i == 0 ? PEM_write_bio_PrivateKey(b, pk, NULL, NULL, 0, NULL, NULL)
              : i == 1 ? i2d_PKCS8PrivateKey_bio(b, pk, EVP_aes_256_cbc(), "kurv-test", 9,
                                                 NULL, NULL)
              : PEM_write_bio_PrivateKey_traditional(b, pk, NULL, NULL, 0, NULL, NULL);
        fprintf(f, "%s=%d %ld\n", name[i], r, b != NULL ? (long)BIO_pending(b) : -1L);
        BIO_free(b);
    }
    ERR_clear_error();   /* the refusals, recorded in the file */
    return fclose(f) == 0;
}

/* The operations done to a key read by kurv and again by the default provider alone: the
 * name, the selection the key is read for, what is done to it. */
static const struct both {
    const char *op;
    int selection;
    int (*fn)(EVP_PKEY *, const char *, const char *);
} both_ops[] = {
    { "write", EVP_PKEY_KEYPAIR, write_all },
    { "text", EVP_PKEY_KEYPAIR, text_all },
    { "text-pub", EVP_PKEY_PUBLIC_KEY, text_all },
    { "privwrite", EVP_PKEY_PUBLIC_KEY, priv_all },
};
static const struct both *both_op(const char *op)
{
    for (size_t i = 0; i < sizeof both_ops / sizeof both_ops[0]; i++)
        if (strcmp(both_ops[i].op, op) == 0)
            return &both_ops[i];
    return NULL;
}

static X509 *read_cert(const char *file)
{
    X509 *x = NULL;
    BIO *b = BIO_new_file(file, "rb");
    if (b != NULL)
        x = PEM_read_bio_X509(b, NULL, NULL, NULL);
    BIO_free(b);
    return x;
}

int main(int argc, char **argv)
{
    int ok = 0, status;
    if (argc == 2 && strcmp(argv[1], "conf") == 0) {
        int r = OPENSSL_init_crypto(OPENSSL_INIT_LOAD_CONFIG, NULL);
        printf("init=%d kurv=%d\n", r, OSSL_PROVIDER_available(NULL, "kurv"));
        ERR_print_errors_fp(stderr);
        return 0;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: kp-keyload conf | kp-keyload key|pub|cert|p12|match|write|text"
                        "|text-pub|privwrite|encrypt FILE [PASS|KEY|DIR|OUT PASS]\n");
        return 2;
    }
    /* unloaded before exit, kurv first (its child library context holds the default
     * provider's methods): a loaded provider left to OpenSSL's exit handler is reported
     * by LeakSanitizer in the sanitizer build */
    OSSL_PROVIDER *dflt = OSSL_PROVIDER_load(NULL, "default");
    OSSL_PROVIDER *kurv = dflt != NULL ? OSSL_PROVIDER_load(NULL, "kurv") : NULL;
    if (kurv == NULL || !EVP_set_default_properties(NULL, "?provider=kurv")) {
        ERR_print_errors_fp(stderr);
        OSSL_PROVIDER_unload(kurv);
        OSSL_PROVIDER_unload(dflt);
        return 1;
    }
    const char *op = argv[1], *file = argv[2], *arg = argc > 3 ? argv[3] : NULL;
    if (strcmp(op, "key") == 0 || strcmp(op, "pub") == 0) {
        EVP_PKEY *pk = read_key(file, arg, strcmp(op, "key") == 0 ? EVP_PKEY_KEYPAIR
                                                                  : EVP_PKEY_PUBLIC_KEY);
        if ((ok = pk != NULL))
            printf("%s\n", prov(pk));
        EVP_PKEY_free(pk);
    } else if (both_op(op) != NULL && arg != NULL) {
        const struct both *w = both_op(op);
        EVP_PKEY *pk = read_key(file, NULL, w->selection);
        if ((ok = pk != NULL && w->fn(pk, arg, "k") && write_default(file, arg, w->selection,
                                                                     w->fn)))
            printf("%s\n", prov(pk));
        EVP_PKEY_free(pk);
    } else if (strcmp(op, "encrypt") == 0 && arg != NULL && argc > 4) {
        EVP_PKEY *pk = read_key(file, NULL, EVP_PKEY_KEYPAIR);
        BIO *b = pk != NULL ? BIO_new_file(arg, "wb") : NULL;
        if ((ok = b != NULL && i2d_PKCS8PrivateKey_bio(b, pk, EVP_aes_256_cbc(), argv[4],
                                                       (int)strlen(argv[4]), NULL, NULL)))
            printf("%s\n", prov(pk));
        BIO_free(b);
        EVP_PKEY_free(pk);
    } else if (strcmp(op, "cert") == 0) {
        X509 *x = read_cert(file);
        if ((ok = x != NULL && X509_get0_pubkey(x) != NULL))
            printf("%s\n", prov(X509_get0_pubkey(x)));
        X509_free(x);
    } else if (strcmp(op, "p12") == 0 && arg != NULL) {
        EVP_PKEY *pk = NULL;
        X509 *x = NULL;
        BIO *b = BIO_new_file(file, "rb");
        PKCS12 *p12 = b != NULL ? d2i_PKCS12_bio(b, NULL) : NULL;
        if ((ok = p12 != NULL && PKCS12_parse(p12, arg, &pk, &x, NULL) && pk != NULL
                  && x != NULL))
            printf("%s %s %s\n", prov(pk), prov(X509_get0_pubkey(x)),
                   X509_check_private_key(x, pk) == 1 ? "match" : "mismatch");
        EVP_PKEY_free(pk);
        X509_free(x);
        PKCS12_free(p12);
        BIO_free(b);
    } else if (strcmp(op, "match") == 0 && arg != NULL) {
        X509 *x = read_cert(file);
        EVP_PKEY *pk = read_key(arg, NULL, EVP_PKEY_KEYPAIR);
        if ((ok = x != NULL && pk != NULL))
            printf("%s\n", X509_check_private_key(x, pk) == 1 ? "match" : "mismatch");
        EVP_PKEY_free(pk);
        X509_free(x);
    } else {
        fprintf(stderr, "kp-keyload: unknown operation %s\n", op);
        ok = -1;
    }
    status = ok < 0 ? 2 : ok ? 0 : 1;
    if (ok == 0)
        ERR_print_errors_fp(stderr);
    OSSL_PROVIDER_unload(kurv);
    OSSL_PROVIDER_unload(dflt);
    return status;
}
