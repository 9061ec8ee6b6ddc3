/*
 * kurv internal, curve template: where an instantiation's constants come from.
 * Every function of the template that reads the field, the curve constants or a
 * table takes EC_CTX_PARAM first, and every call passes EC_CTX_ARG; an op entry
 * (ec_op_*, ec_pop_*) gets the context from its curve with EC_CTX_FROM(c).
 *   built-in curves: all three empty (EC_P, ec_k, ec_base_table are the curve's
 *     static constants), so the code compiles to what it would be without them;
 *   run-time curves (core/src/rt_tmpl.h): `const struct kurv_rt_ctx *ctx`, the
 *     curve's engine context, which EC_P, ec_k, ec_base_table ... read.
 */
#ifndef KURV_EC_CTX_H
#define KURV_EC_CTX_H

#ifndef EC_CTX_PARAM
#define EC_CTX_PARAM
#define EC_CTX_ARG
#define EC_CTX_FROM(c) (void)(c)
#endif

#endif
