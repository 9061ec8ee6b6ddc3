/*
 * openssl/ecx_lib.c: the kurv-25519 family, found at run time (as families.c finds the
 * Weierstrass families): at load, dlopen() of libkurv-25519.so.0 through the ordinary library
 * search and dlsym() of the <kurv/25519.h> functions the provider calls. When the library is
 * absent, or lacks one of them, X25519 and Ed25519 are not offered (provider.c, capabilities.c)
 * and the loader's reason is kept for the provider's build info. No symbol of the family is
 * linked: <kurv/25519.h> is included for its types, and each pointer's type is checked
 * against the header's declaration at compile time (an unevaluated assignment in sizeof).
 * Built only with the family (KURV_HAVE_25519); calls no other file of openssl/.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>
#include "ecx.h"

static void *handle;
static kp_ecx_api api;
static int loaded;
static char missing[256];

/* resolve() - the address of @name in the library into *@slot (@size bytes, a function
 * pointer). Return: 1; 0 when absent (its name kept in missing). */
static int resolve(void *slot, size_t size, const char *name)
{
    void *sym = dlsym(handle, name);
    if (sym == NULL) {
        snprintf(missing, sizeof missing, "libkurv-25519.so.0: no %s", name);
        return 0;
    }
    /* POSIX: a dlsym() result may be converted to a function pointer */
    memcpy(slot, &sym, size);
    return 1;
}

/* the field @f of api from the symbol kurv_@s, its type checked against the header's */
#define RESOLVE(f, s) ((void)sizeof(api.f = kurv_##s), resolve(&api.f, sizeof api.f, "kurv_" #s))

/* kp_ecx_load(), kp_ecx_unload(), kp_ecx_loaded(), kp_ecx_missing() - contracts in prov.h;
 * kp_ecx_fns() - in ecx.h. Called by provider.c under its lock (load, teardown). */
int kp_ecx_load(void)
{
    missing[0] = '\0';
    loaded = 0;
    handle = dlopen("libkurv-25519.so.0", RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *why = dlerror();
        snprintf(missing, sizeof missing, "%s", why != NULL ? why : "libkurv-25519.so.0");
        return 0;
    }
    if (!RESOLVE(x25519, x25519) || !RESOLVE(x25519_public_key, x25519_public_key)
        || !RESOLVE(x25519_keygen, x25519_keygen) || !RESOLVE(ed25519_keygen, ed25519_keygen)
        || !RESOLVE(ed25519_keypair, ed25519_keypair)
        || !RESOLVE(ed25519_sign_keypair, ed25519_sign_keypair)
        || !RESOLVE(ed25519_verify, ed25519_verify)
        || !RESOLVE(privkey_encode, 25519_privkey_encode)
        || !RESOLVE(privkey_encode_pass, 25519_privkey_encode_pass)
        || !RESOLVE(privkey_decode, 25519_privkey_decode)
        || !RESOLVE(pubkey_encode, 25519_pubkey_encode)
        || !RESOLVE(pubkey_decode, 25519_pubkey_decode)) {
        kp_ecx_unload();
        return 0;
    }
    loaded = 1;
    return 1;
}

void kp_ecx_unload(void)
{
    loaded = 0;
    memset(&api, 0, sizeof api);
    if (handle != NULL)
        dlclose(handle);
    handle = NULL;
}

int kp_ecx_loaded(void) { return loaded; }

const char *kp_ecx_missing(void) { return missing; }

const kp_ecx_api *kp_ecx_fns(void) { return loaded ? &api : NULL; }
