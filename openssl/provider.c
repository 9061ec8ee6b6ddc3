/*
 * openssl/provider.c: the entry point of kurv.so (OSSL_provider_init, provider-base(7)), the
 * provider's gettable params, the algorithm tables of query_operation, the module state
 * (the families loaded, the trace opened) shared by the library contexts that load it.
 *
 * Provider params (`openssl list -providers -verbose`, OSSL_PROVIDER_get_params):
 *   name       "kurv"
 *   version    kurv's version (kurv_version())
 *   buildinfo  "kurv <version>; curves: <the curves found at load, kurv's names>", then
 *              "; not loaded: <soname>: <the loader's reason>; ..." for families not opened
 *   status     1
 *   kurv-curves the curves found, space separated
 * Load: kurv activates only when at least one family library opens; with none,
 *   OSSL_provider_init fails, saying so in one line on stderr and in the error queue.
 * Algorithms (property "provider=kurv"):
 *   KEYMGMT EC:id-ecPublicKey:1.2.840.10045.2.1, SIGNATURE ECDSA, KEYEXCH ECDH,
 *   capability TLS-GROUP, DECODERs (decoder.c) and ENCODERs (encoder.c) of EC keys;
 *   with the kurv-25519 family built (KURV_HAVE_25519) and libkurv-25519.so.0 loaded at load
 *   (ecx_lib.c) also KEYMGMT X25519:1.3.101.110 and ED25519:1.3.101.112, SIGNATURE ED25519,
 *   KEYEXCH X25519, their DECODERs and ENCODERs (ecx.h) and the TLS group x25519; when that
 *   library does not load, none of them, and the build info says why ("; 25519 not loaded:
 *   <reason>").
 * Trace: KURV_PROVIDER_LOG=FILE (read at load, trace.c) appends one line per operation
 * ("<op> <curve>"; "<op> <curve> (default)" for work delegate.c hands to OpenSSL's default).
 * Calls go one way: provider.c calls the other files of openssl/ and none calls it (the
 * provider test file-calls.sh checks that no two files call each other).
 */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <openssl/core_dispatch.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <kurv/util.h>
#include <kurv_curve_list.h>   /* KURV_HAVE_25519 */
#include "prov.h"

/* Module state, shared by every library context that loads the provider: set up by the
 * first OSSL_provider_init, released by the last teardown (users counts them, under lock). */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned users;
static char curve_names[256];
static char buildinfo[1024];

/* the provider's functions, with OpenSSL's types (a wrong signature does not compile) */
static OSSL_FUNC_provider_teardown_fn kp_teardown;
static OSSL_FUNC_provider_gettable_params_fn kp_gettable_params;
static OSSL_FUNC_provider_get_params_fn kp_get_params;
static OSSL_FUNC_provider_query_operation_fn kp_query;

/* kp_gettable_params() - the provider params kp_get_params answers (static). */
static const OSSL_PARAM *kp_gettable_params(void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_NAME, OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_VERSION, OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_BUILDINFO, OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_DEFN(OSSL_PROV_PARAM_STATUS, OSSL_PARAM_INTEGER, NULL, 0),
        OSSL_PARAM_DEFN("kurv-curves", OSSL_PARAM_UTF8_PTR, NULL, 0),
        OSSL_PARAM_END
    };
    (void)provctx;
    return list;
}

/* kp_get_params() - name, version, buildinfo, status, kurv-curves (pointers to static
 * strings). Return: 1; 0 when a param named has another type. */
static int kp_get_params(void *provctx, OSSL_PARAM params[])
{
    OSSL_PARAM *p;
    (void)provctx;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_NAME)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, "kurv"))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_VERSION)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, kurv_version()))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_BUILDINFO)) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, buildinfo))
        return 0;
    if ((p = OSSL_PARAM_locate(params, OSSL_PROV_PARAM_STATUS)) != NULL
        && !OSSL_PARAM_set_int(p, 1))
        return 0;
    if ((p = OSSL_PARAM_locate(params, "kurv-curves")) != NULL
        && !OSSL_PARAM_set_utf8_ptr(p, curve_names))
        return 0;
    return 1;
}

static const OSSL_ALGORITHM keymgmt_algs[] = {
    {"EC:id-ecPublicKey:1.2.840.10045.2.1", "provider=kurv", kp_keymgmt_functions,
     "EC keys on kurv's curves"},
    {NULL, NULL, NULL, NULL}
};
static const OSSL_ALGORITHM signature_algs[] = {
    {"ECDSA", "provider=kurv", kp_signature_functions, "ECDSA with RFC 6979 nonces (kurv)"},
    {NULL, NULL, NULL, NULL}
};
static const OSSL_ALGORITHM keyexch_algs[] = {
    {"ECDH", "provider=kurv", kp_keyexch_functions, "ECDH (kurv)"},
    {NULL, NULL, NULL, NULL}
};

#define KP_EC_NAMES "EC:id-ecPublicKey:1.2.840.10045.2.1"
static const OSSL_ALGORITHM decoder_algs[] = {
    {KP_EC_NAMES, "provider=kurv,input=der,structure=PrivateKeyInfo",
     kp_decoder_pkcs8_functions, "EC PrivateKeyInfo (PKCS#8) on kurv's curves"},
    {KP_EC_NAMES, "provider=kurv,input=der,structure=SubjectPublicKeyInfo",
     kp_decoder_spki_functions, "EC SubjectPublicKeyInfo on kurv's curves"},
    {KP_EC_NAMES, "provider=kurv,input=der,structure=type-specific",
     kp_decoder_sec1_functions, "EC ECPrivateKey (SEC1) on kurv's curves"},
    {NULL, NULL, NULL, NULL}
};

#ifdef KURV_HAVE_25519
static const OSSL_ALGORITHM ecx_keymgmt_algs[] = {
    {"X25519:1.3.101.110", "provider=kurv", kp_x25519_keymgmt_functions, "X25519 keys (kurv)"},
    {"ED25519:1.3.101.112", "provider=kurv", kp_ed25519_keymgmt_functions, "Ed25519 keys (kurv)"},
    {NULL, NULL, NULL, NULL}
};
static const OSSL_ALGORITHM ecx_signature_algs[] = {
    {"ED25519:1.3.101.112", "provider=kurv", kp_ed25519_signature_functions,
     "pure Ed25519, RFC 8032 (kurv)"},
    {NULL, NULL, NULL, NULL}
};
static const OSSL_ALGORITHM ecx_keyexch_algs[] = {
    {"X25519:1.3.101.110", "provider=kurv", kp_x25519_keyexch_functions, "X25519, RFC 7748 (kurv)"},
    {NULL, NULL, NULL, NULL}
};
#endif

/* The tables query answers: the EC ones, followed by X25519's and Ed25519's when
 * libkurv-25519 loaded (filled by join() at the first load, under lock). */
enum { KP_OPS = 5, KP_ALGS_MAX = 40 };
static OSSL_ALGORITHM joined[KP_OPS][KP_ALGS_MAX];

/* join() - @a's entries then @b's (NULL: none) into @dst (KP_ALGS_MAX entries, the last
 * one the terminator). Return: 1; 0 when they do not all fit (those that do are kept). */
static int join(OSSL_ALGORITHM *dst, const OSSL_ALGORITHM *a, const OSSL_ALGORITHM *b)
{
    size_t n = 0;
    for (; a->algorithm_names != NULL && n < KP_ALGS_MAX - 1; a++)
        dst[n++] = *a;
    for (; b != NULL && b->algorithm_names != NULL && n < KP_ALGS_MAX - 1; b++)
        dst[n++] = *b;
    dst[n] = (OSSL_ALGORITHM){NULL, NULL, NULL, NULL};
    return a->algorithm_names == NULL && (b == NULL || b->algorithm_names == NULL);
}

/* join_all() - the tables of query, with the 25519 ones when @ecx. Return: 1; 0 when a
 * table does not fit in KP_ALGS_MAX (the EC ones alone are far below it: 14 encoders). */
static int join_all(int ecx)
{
    const OSSL_ALGORITHM *more[KP_OPS] = {NULL, NULL, NULL, NULL, NULL};
#ifdef KURV_HAVE_25519
    if (ecx) {
        more[0] = ecx_keymgmt_algs;
        more[1] = ecx_signature_algs;
        more[2] = ecx_keyexch_algs;
        more[3] = kp_ecx_decoder_algs;
        more[4] = kp_ecx_encoder_algs;
    }
#else
    (void)ecx;
#endif
    return join(joined[0], keymgmt_algs, more[0]) & join(joined[1], signature_algs, more[1]) &
           join(joined[2], keyexch_algs, more[2]) & join(joined[3], decoder_algs, more[3]) &
           join(joined[4], kp_encoder_algs, more[4]);
}

/* kp_query() - the algorithms of @operation_id (keymgmt, signature, keyexch,
 * decoder, encoder; cacheable);
 * NULL for other operations and when no family was found at load. */
static const OSSL_ALGORITHM *kp_query(void *provctx, int operation_id, int *no_cache)
{
    (void)provctx;
    *no_cache = 0;
    if (kp_curve_count() == 0)
        return NULL;
    switch (operation_id) {
    case OSSL_OP_KEYMGMT: return joined[0];
    case OSSL_OP_SIGNATURE: return joined[1];
    case OSSL_OP_KEYEXCH: return joined[2];
    case OSSL_OP_DECODER: return joined[3];
    case OSSL_OP_ENCODER: return joined[4];
    default: return NULL;
    }
}

/* kp_teardown() - free the instance @provctx (its delegation state); the last instance
 * unloads the families and closes the trace. */
static void kp_teardown(void *provctx)
{
    kp_provctx *ctx = provctx;
    if (ctx != NULL)
        kp_dlg_free(ctx->dlg);
    OPENSSL_free(provctx);
    pthread_mutex_lock(&lock);
    if (users > 0 && --users == 0) {
        kp_families_unload();
        kp_trace_close();
#ifdef KURV_HAVE_25519
        kp_ecx_unload();
#endif
    }
    pthread_mutex_unlock(&lock);
}

static const OSSL_DISPATCH kp_dispatch[] = {
    {OSSL_FUNC_PROVIDER_TEARDOWN, (void (*)(void))kp_teardown},
    {OSSL_FUNC_PROVIDER_GETTABLE_PARAMS, (void (*)(void))kp_gettable_params},
    {OSSL_FUNC_PROVIDER_GET_PARAMS, (void (*)(void))kp_get_params},
    {OSSL_FUNC_PROVIDER_QUERY_OPERATION, (void (*)(void))kp_query},
    {OSSL_FUNC_PROVIDER_GET_CAPABILITIES, (void (*)(void))kp_get_capabilities},
    {0, NULL}
};

/* no_family() - the failure of a load that found no family library: one line on stderr
 * naming the libraries and the loader's reasons (@missing), since OpenSSL 3.0 drops a failed
 * activation from openssl.cnf without a word (README, "OpenSSL provider"), and the same
 * reason raised into OpenSSL's error queue (ERR_R_INIT_FAIL), which `openssl ... -provider
 * kurv` prints after "unable to load provider kurv". */
static void no_family(const char *missing)
{
    fprintf(stderr, "kurv.so: not activated: no curve family library could be loaded: %s\n",
            missing);
    fflush(stderr);
    kp_err(ERR_R_INIT_FAIL, "kurv: no curve family library could be loaded: %s", missing);
}

/*
 * OSSL_provider_init() - provider-base(7)'s entry point. The first call (of any library
 * context) loads the families and reads KURV_PROVIDER_LOG; later calls share that state.
 * Each call makes its instance's child library context (delegate.c).
 * Return: 1; 0 when memory runs out, and 0 when no family library could be opened (a kurv
 * with no curve has nothing to offer): then no_family() says so on stderr and in the error
 * queue, and the state is released so that a later load tries again.
 */
__attribute__((visibility("default")))
int OSSL_provider_init(const OSSL_CORE_HANDLE *handle, const OSSL_DISPATCH *in,
                       const OSSL_DISPATCH **out, void **provctx)
{
    kp_provctx *ctx = OPENSSL_zalloc(sizeof *ctx);
    if (ctx == NULL)
        return 0;
    ctx->handle = handle;
    for (const OSSL_DISPATCH *f = in; f->function_id != 0; f++)
        if (f->function_id == OSSL_FUNC_BIO_READ_EX)
            ctx->bio_read_ex = OSSL_FUNC_BIO_read_ex(f);
        else if (f->function_id == OSSL_FUNC_BIO_WRITE_EX)
            ctx->bio_write_ex = OSSL_FUNC_BIO_write_ex(f);
    /* the child library context of delegate.c; without it nothing is delegated */
    ctx->dlg = kp_dlg_new(handle, in);
    pthread_mutex_lock(&lock);
    if (users++ == 0) {
        kp_families_load();
        kp_trace_open();
        curve_names[0] = '\0';
        for (size_t i = 0; i < kp_curve_count(); i++) {
            if (i > 0)
                strncat(curve_names, " ", sizeof curve_names - strlen(curve_names) - 1);
            strncat(curve_names, kp_curve_at(i)->name,
                    sizeof curve_names - strlen(curve_names) - 1);
        }
        const char *missing = kp_families_missing();
        int ecx = 0;
        const char *ecx_missing = "";
#ifdef KURV_HAVE_25519
        ecx = kp_ecx_load();
        ecx_missing = kp_ecx_missing();
#endif
        if (!join_all(ecx)) {
            /* not so today (22 encoders of 40): no 25519 algorithm rather than some */
            join_all(0);
            ecx_missing = "the provider's algorithm tables (KP_ALGS_MAX) are too small";
        }
        snprintf(buildinfo, sizeof buildinfo, "kurv %s; curves: %s%s%s%s%s", kurv_version(),
                 curve_names,
                 *missing != '\0' ? "; not loaded: " : "", missing,
                 *ecx_missing != '\0' ? "; 25519 not loaded: " : "", ecx_missing);
    }
    if (kp_curve_count() == 0) {
        no_family(kp_families_missing());
        if (--users == 0) {
            kp_families_unload();
            kp_trace_close();
#ifdef KURV_HAVE_25519
            kp_ecx_unload();
#endif
        }
        pthread_mutex_unlock(&lock);
        kp_dlg_free(ctx->dlg);
        OPENSSL_free(ctx);
        return 0;
    }
    pthread_mutex_unlock(&lock);
    *out = kp_dispatch;
    *provctx = ctx;
    return 1;
}
