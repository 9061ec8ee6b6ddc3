/* kurv core: error strings, version, wiping. */
#include <kurv/err.h>
#include <kurv/util.h>

const char *kurv_strerror(kurv_err e)
{
    switch (e) {
    case KURV_OK: return "success";
    case KURV_ERR_ARG: return "invalid argument";
    case KURV_ERR_BUFFER: return "output buffer too small";
    case KURV_ERR_PRIVKEY: return "invalid private key";
    case KURV_ERR_POINT: return "invalid point";
    case KURV_ERR_INFINITY: return "point at infinity";
    case KURV_ERR_ENCODING: return "malformed encoding";
    case KURV_ERR_SIGNATURE: return "invalid signature";
    case KURV_ERR_CURVE: return "unknown or mismatched curve";
    case KURV_ERR_UNSUPPORTED: return "unsupported feature";
    case KURV_ERR_RNG: return "random generator failure";
    case KURV_ERR_DECRYPT: return "decryption failed";
    case KURV_ERR_ENCRYPTED: return "encrypted private key (a password is needed)";
    case KURV_ERR_PASSWORD: return "wrong password or damaged encrypted key";
    }
    return "unknown error";
}

const char *kurv_version(void)
{
    return KURV_VERSION_STRING;
}

void kurv_wipe(void *p, size_t len)
{
    volatile unsigned char *v = p;
    while (len--)
        *v++ = 0;
#if defined(__GNUC__)
    __asm__ __volatile__("" : : "r"(p) : "memory");
#endif
}
