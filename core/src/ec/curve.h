/*
 * kurv internal: the instantiation of the curve template (ec/ec.h) for a built-in
 * curve, and KURV_CURVE_DEFINE, its descriptor. A curve's curve.c is its field and
 * its descriptor:
 *
 *   #define EC_PREFIX p256                  prefix of the curve's file-local symbols
 *   #define EC_TABLE_H "p256_table.h"       its generated table (made by its gen.c)
 *   #include "field.h"                      the field (EC_N, fe, fe_mul, ...: ec/fe.h)
 *   #include "params.h"                     <prefix>_p, _a, _b, _gx, _gy, _n as bytes
 *   #include "ec/curve.h"
 *   KURV_CURVE_DEFINE(p256, kurv_p256, .name = "P-256", ...);
 *
 * The symbols of the instantiation carry the prefix (<prefix>_base_table, _g_odd, _k,
 * _sc, _ops, _ext, _fp_rr), so that nm shows which curves a linked program holds.
 * A field header that uses the generic Montgomery field (core/src/fe_mont_tmpl.h)
 * defines EC_FIELD_MONT_TMPL: it is included here, after the generated R^2 mod p.
 */
#ifndef KURV_EC_CURVE_H
#define KURV_EC_CURVE_H

#if !defined(EC_PREFIX) || !defined(EC_TABLE_H)
#error "define EC_PREFIX and EC_TABLE_H before including ec/curve.h"
#endif

#define EC_CAT_(a, b) a##b
#define EC_CAT(a, b) EC_CAT_(a, b)
#define ec_base_table EC_CAT(EC_PREFIX, _base_table)
#define ec_g_odd EC_CAT(EC_PREFIX, _g_odd)
#define ec_fp_rr EC_CAT(EC_PREFIX, _fp_rr)
#define ec_k EC_CAT(EC_PREFIX, _k)
#define ec_sc EC_CAT(EC_PREFIX, _sc)
#define ec_ops EC_CAT(EC_PREFIX, _ops)
#define ec_ext EC_CAT(EC_PREFIX, _ext)

#include "mont.h"
#include "ec/types.h"
#include EC_TABLE_H
#ifdef EC_FIELD_MONT_TMPL
#include "fe_mont_tmpl.h"
#endif
#include "ec/ec.h"

/* A NULL-terminated alias list and an OID (DER contents) as KURV_CURVE_DEFINE arguments. */
#define KURV_ALIASES(...) .aliases = (const char *const[]){__VA_ARGS__, NULL}
#define KURV_OID(...) .oid = (const uint8_t[]){__VA_ARGS__}, \
                      .oid_len = sizeof((const uint8_t[]){__VA_ARGS__})

/*
 * The descriptor of a built-in curve, `static const struct kurv_curve <prefix>_curve`,
 * and its accessor `const kurv_curve *accessor(void)`. The sizes, the domain
 * parameters (<prefix>_p ... _n from params.h), the scalar context and the ops come
 * from the instantiation; the rest is given as designated initialisers:
 *   .name = "standard name", KURV_ALIASES("alias", ...), .oid_str = "dotted OID",
 *   KURV_OID(0x2A, ...), .field_bits = bits of p.
 */
#define KURV_CURVE_DEFINE(prefix, accessor, ...)                                    \
    static const struct kurv_curve prefix##_curve = {                             \
        .abi = KURV_CURVE_ABI,                                                    \
        .order_bits = EC_ORDER_BITS, .flen = EC_FLEN, .slen = EC_SLEN,            \
        .p = prefix##_p, .a = prefix##_a, .b = prefix##_b,                        \
        .gx = prefix##_gx, .gy = prefix##_gy, .n = prefix##_n,                    \
        .cofactor = 1, .sc = &ec_sc, .ops = &ec_ops,                              \
        __VA_ARGS__                                                               \
    };                                                                            \
    const kurv_curve *accessor(void)                                              \
    {                                                                             \
        return &prefix##_curve;                                                   \
    }

#endif
