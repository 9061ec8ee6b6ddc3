/* kurv core: public accessors of curve descriptors (see kurv/curve.h). */
#include <kurv/curve.h>
#include "curve_impl.h"

#include <string.h>

static int ascii_ieq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z') x += 32;
        if (y >= 'A' && y <= 'Z') y += 32;
        if (x != y)
            return 0;
    }
    return *a == *b;
}

const char *kurv_curve_name(const kurv_curve *c)
{
    return kurv_curve_ok(c) ? c->name : NULL;
}

const char *const *kurv_curve_aliases(const kurv_curve *c)
{
    static const char *const none[] = {NULL};
    return kurv_curve_ok(c) && c->aliases ? c->aliases : none;
}

size_t kurv_curve_field_len(const kurv_curve *c) { return kurv_curve_ok(c) ? c->flen : 0; }
size_t kurv_curve_scalar_len(const kurv_curve *c) { return kurv_curve_ok(c) ? c->slen : 0; }
unsigned kurv_curve_order_bits(const kurv_curve *c) { return kurv_curve_ok(c) ? c->order_bits : 0; }
unsigned kurv_curve_field_bits(const kurv_curve *c) { return kurv_curve_ok(c) ? c->field_bits : 0; }

size_t kurv_curve_point_len(const kurv_curve *c, int compressed)
{
    if (!kurv_curve_ok(c))
        return 0;
    return compressed ? 1 + c->flen : 1 + 2 * c->flen;
}

const uint8_t *kurv_curve_oid(const kurv_curve *c, size_t *len)
{
    if (!kurv_curve_ok(c)) {
        if (len)
            *len = 0;
        return NULL;
    }
    if (len)
        *len = c->oid_len;
    return c->oid;
}

const char *kurv_curve_oid_str(const kurv_curve *c)
{
    return kurv_curve_ok(c) ? c->oid_str : NULL;
}

const uint8_t *kurv_curve_param(const kurv_curve *c, char which, size_t *len)
{
    const uint8_t *r = NULL;
    size_t l = 0;
    if (kurv_curve_ok(c)) {
        l = c->flen;
        switch (which) {
        case 'p': r = c->p; break;
        case 'a': r = c->a; break;
        case 'b': r = c->b; break;
        case 'x': r = c->gx; break;
        case 'y': r = c->gy; break;
        case 'n': r = c->n; l = c->slen; break;
        default: break;
        }
    }
    if (len)
        *len = r ? l : 0;
    return r;
}

const kurv_curve *kurv_curve_find_name(const kurv_curve *const *list, size_t count,
                                       const char *name)
{
    size_t i, j;
    if (!list || !name)
        return NULL;
    for (i = 0; i < count; i++) {
        const kurv_curve *c = list[i];
        if (!kurv_curve_ok(c))
            continue;
        if (ascii_ieq(c->name, name))
            return c;
        for (j = 0; c->aliases && c->aliases[j]; j++)
            if (ascii_ieq(c->aliases[j], name))
                return c;
    }
    return NULL;
}

const kurv_curve *kurv_curve_find_oid(const kurv_curve *const *list, size_t count,
                                      const uint8_t *oid, size_t oid_len)
{
    size_t i;
    if (!list || !oid)
        return NULL;
    for (i = 0; i < count; i++) {
        const kurv_curve *c = list[i];
        if (kurv_curve_ok(c) && c->oid_len == oid_len && memcmp(c->oid, oid, oid_len) == 0)
            return c;
    }
    return NULL;
}
