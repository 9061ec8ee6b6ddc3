/*
 * kurv internal: the instantiation of the curve template (ec/ec.h) for a built-in
 * curve, and KURV_CURVE_DEFINE, its descriptor. A curve's curve.c is its field and
 * its descriptor:
 *
 *   #include "p256_registry.h"   generated from the curve's record in curves/meson.build:
 *                                EC_PREFIX (p256: prefix of the file-local symbols),
 *                                EC_TABLE_H (its generated table, made by its gen.c),
 *                                EC_REG_ACCESSOR, EC_REG_NAME, EC_REG_ALIASES,
 *                                EC_REG_OID_STR, EC_REG_OID (DER contents)
 *   #include "field.h"           the field (EC_N, fe, fe_mul, ...: ec/fe.h)
 *   #include "params.h"          <prefix>_p, _a, _b, _gx, _gy, _n as bytes
 *   #include "ec/curve.h"
 *   KURV_CURVE_DEFINE(.field_bits = 256)
 *
 * The symbols of the instantiation carry the prefix (<prefix>_base_table, _g_odd, _k,
 * _tw, _sc, _ops, _ext, _fp_rr), so that nm shows which curves a linked program holds.
 * A field header that uses the generic Montgomery field (core/src/fe_mont_tmpl.h)
 * defines EC_FIELD_MONT_TMPL: it is included here, after the generated R^2 mod p.
 */
#ifndef KURV_EC_CURVE_H
#define KURV_EC_CURVE_H

#if !defined(EC_PREFIX) || !defined(EC_TABLE_H)
#error "include the curve's generated <prefix>_registry.h (EC_PREFIX, EC_TABLE_H) before ec/curve.h"
#endif

#define EC_CAT_(a, b) a##b
#define EC_CAT(a, b) EC_CAT_(a, b)
#define ec_base_table EC_CAT(EC_PREFIX, _base_table)
#define ec_g_odd EC_CAT(EC_PREFIX, _g_odd)
#define ec_fp_rr EC_CAT(EC_PREFIX, _fp_rr)
#define ec_k EC_CAT(EC_PREFIX, _k)
#define ec_tw EC_CAT(EC_PREFIX, _tw)
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

/*
 * The descriptor of a built-in curve, `static const struct kurv_curve <prefix>_curve`,
 * and its accessor `const kurv_curve *EC_REG_ACCESSOR(void)`. The names and the OID come
 * from the registry (EC_REG_*), the sizes, the domain parameters (<prefix>_p ... _n from
 * params.h), the scalar context and the ops from the instantiation; the rest is given
 * as designated initialisers: .field_bits = bits of p.
 */
#if !defined(EC_REG_ACCESSOR) || !defined(EC_REG_NAME) || !defined(EC_REG_ALIASES) || \
    !defined(EC_REG_OID_STR) || !defined(EC_REG_OID)
#error "include the curve's generated <prefix>_registry.h before ec/curve.h"
#endif
#define KURV_CURVE_DEFINE(...)                                                      \
    static const char *const EC_CAT(EC_PREFIX, _aliases)[] = {EC_REG_ALIASES, NULL}; \
    static const uint8_t EC_CAT(EC_PREFIX, _oid)[] = {EC_REG_OID};                \
    static const struct kurv_curve EC_CAT(EC_PREFIX, _curve) = {                  \
        .abi = KURV_CURVE_ABI,                                                    \
        .name = EC_REG_NAME, .aliases = EC_CAT(EC_PREFIX, _aliases),              \
        .oid_str = EC_REG_OID_STR, .oid = EC_CAT(EC_PREFIX, _oid),                \
        .oid_len = sizeof EC_CAT(EC_PREFIX, _oid),                                \
        .order_bits = EC_ORDER_BITS, .flen = EC_FLEN, .slen = EC_SLEN,            \
        .p = EC_CAT(EC_PREFIX, _p), .a = EC_CAT(EC_PREFIX, _a),                   \
        .b = EC_CAT(EC_PREFIX, _b), .gx = EC_CAT(EC_PREFIX, _gx),                 \
        .gy = EC_CAT(EC_PREFIX, _gy), .n = EC_CAT(EC_PREFIX, _n),                 \
        .cofactor = 1, .sc = &ec_sc, .ops = &ec_ops,                              \
        __VA_ARGS__                                                               \
    };                                                                            \
    const kurv_curve *EC_REG_ACCESSOR(void)                                       \
    {                                                                             \
        return &EC_CAT(EC_PREFIX, _curve);                                        \
    }

#endif
