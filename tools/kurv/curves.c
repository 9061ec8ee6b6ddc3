/*
 * kurv tool: the curves the tool knows, which are the curves this build made: the list
 * comes from kurv_curve_list.h, generated from the curve registry (curves/meson.build).
 */
#include "tool.h"

#include <kurv_curve_list.h>

typedef const kurv_curve *(*curve_accessor)(void);

#define TOOL_ACCESSOR(fam, acc, name, ossl, oid, wp, bc, prefix, hash) acc,
static const curve_accessor accessors[KURV_CURVE_COUNT] = { KURV_CURVE_LIST(TOOL_ACCESSOR) };
#undef TOOL_ACCESSOR

#define TOOL_HASH(fam, acc, name, ossl, oid, wp, bc, prefix, hash) hash,
static const kurv_hash default_hashes[KURV_CURVE_COUNT] = { KURV_CURVE_LIST(TOOL_HASH) };
#undef TOOL_HASH

const kurv_curve *const *tool_curves(size_t *count)
{
    static const kurv_curve *list[KURV_CURVE_COUNT + 1];
    static size_t n;
    static int done;
    size_t i;

    if (!done) {
        for (i = 0; i < KURV_CURVE_COUNT; i++) {
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
    size_t i;
    unsigned bits;

    for (i = 0; i < KURV_CURVE_COUNT; i++)
        if (accessors[i]() == c)
            return default_hashes[i];
    /* not a built-in curve: the same rule by the order's size */
    bits = kurv_curve_order_bits(c);
    if (bits <= 256)
        return KURV_HASH_SHA256;
    if (bits <= 384)
        return KURV_HASH_SHA384;
    return KURV_HASH_SHA512;
}
