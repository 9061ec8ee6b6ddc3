/*
 * kurv tool: the one table of curves the tool knows. A curve family is listed
 * when tools/kurv/meson.build finds its dependency and defines KURV_HAVE_<FAMILY>;
 * to add a family, include its header and add its accessors below.
 */
#include "tool.h"

#ifdef KURV_HAVE_SECP256K1
#include <kurv/secp256k1.h>
#endif
#ifdef KURV_HAVE_NIST
#include <kurv/nist.h>
#endif
#ifdef KURV_HAVE_BRAINPOOL
#include <kurv/brainpool.h>
#endif

typedef const kurv_curve *(*curve_accessor)(void);

static const curve_accessor accessors[] = {
#ifdef KURV_HAVE_SECP256K1
    kurv_secp256k1,
#endif
#ifdef KURV_HAVE_NIST
    kurv_p256, kurv_p384, kurv_p521,
#endif
#ifdef KURV_HAVE_BRAINPOOL
    kurv_brainpoolp256r1, kurv_brainpoolp384r1, kurv_brainpoolp512r1,
#endif
    NULL
};

#define NACC (sizeof accessors / sizeof accessors[0] - 1)

const kurv_curve *const *tool_curves(size_t *count)
{
    static const kurv_curve *list[NACC + 1];
    static size_t n;
    static int done;
    size_t i;

    if (!done) {
        for (i = 0; i < NACC; i++) {
            const kurv_curve *c = accessors[i]();
            if (c)   /* an accessor may return NULL when its curve is unavailable */
                list[n++] = c;
        }
        done = 1;
    }
    *count = n;
    return list;
}

const kurv_curve *tool_curve_find(const char *name)
{
    size_t n;
    const kurv_curve *const *list = tool_curves(&n);
    return kurv_curve_find_name(list, n, name);
}

kurv_hash tool_default_hash(const kurv_curve *c)
{
    unsigned bits = kurv_curve_order_bits(c);
    if (bits <= 256)
        return KURV_HASH_SHA256;
    if (bits <= 384)
        return KURV_HASH_SHA384;
    return KURV_HASH_SHA512;
}
