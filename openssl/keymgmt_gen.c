/*
 * openssl/keymgmt_gen.c: key and parameter generation of KEYMGMT "EC" (provider-keymgmt(7),
 * OpenSSL 3.0: gen_init, gen_set_params, gen_settable_params, gen_set_template, gen,
 * gen_cleanup).
 *
 * Contract: a generation context (kp_genctx) gathers a group (kurv's names, aliases, OpenSSL's
 * names, the dotted OID), "encoding" (named_curve only) and "point-format" from its params
 * or from a template key; gen() then makes, for a keypair selection, d uniformly in
 * [1, n-1] and Q = d*G (kurv_keygen, SEC 1 v2 3.2.1) and logs "keygen <curve>" to the
 * trace; for domain parameters only, a key with the group and no d, Q, and no trace line.
 * A group kurv does not offer here (or explicit parameters) goes, while OpenSSL's default
 * provider is loaded (delegate.c), to the default provider's generation context, whose key
 * the result wraps (trace "keygen <curve> (default)"). Every failure raises an OpenSSL
 * error (kp_err) and returns 0 / NULL.
 */
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/params.h>
#include <openssl/proverr.h>
#include <kurv/keys.h>
#include <kurv/util.h>
#include "prov.h"

/* Key and parameter generation. dg: the default provider's generation context, while the
 * group is one kurv does not offer here. bad_pf, bad_enc: a point-format or encoding that
 * went to dg with a foreign group and that kurv does not take; EVP applies a template after
 * the params, so a template on a kurv curve drops dg but not these: like the default
 * provider, which keeps them and fails at generation, gen() then refuses. */
typedef struct {
    kp_provctx *pc;
    const kp_curve *curve;
    int selection;
    int compressed;
    int bad_pf, bad_enc;
    const kp_dfn *df;
    void *dg;
} kp_genctx;

/* gen_drop_foreign() - free the default provider's generation context, if any. */
static void gen_drop_foreign(kp_genctx *g)
{
    if (g->dg != NULL)
        g->df->gen_cleanup(g->dg);
    g->dg = NULL;
    g->df = NULL;
}

/* gen_start_foreign() - start the default provider's generation context (@df), carrying
 * over the point format; 1 when it runs (or already ran), 0 when it cannot be made. */
static int gen_start_foreign(kp_genctx *g, const kp_dfn *df)
{
    if (g->dg != NULL)
        return 1;
    g->dg = df->gen_init(df->provctx, g->selection, NULL);
    if (g->dg == NULL)
        return 0;
    g->df = df;
    if (g->compressed) {
        OSSL_PARAM pf[] = {
            OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, "compressed", 10),
            OSSL_PARAM_END
        };
        if (!df->gen_set_params(g->dg, pf)) {
            gen_drop_foreign(g);
            return 0;
        }
    }
    return 1;
}

/* kp_gen_set_params() - group, encoding, point-format (gen_settable_params' list); a group
 * kurv does not offer switches to the default provider's context, one kurv offers back.
 * Return: 1; 0 for an unknown group (neither kurv nor the default provider has it), an
 * encoding other than named_curve or a point-format other than (un)compressed. */
int kp_gen_set_params(void *genctx, const OSSL_PARAM params[])
{
    kp_genctx *g = genctx;
    const OSSL_PARAM *p;
    const kp_dfn *df;
    if (params == NULL)
        return 1;
    if (kp_foreign_group(params) && (df = g->dg != NULL ? g->df : kp_dlg_get(g->pc)) != NULL) {
        if (!gen_start_foreign(g, df))
            return 0;
        if (!df->gen_set_params(g->dg, params)) {
            gen_drop_foreign(g);
            p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME);
            const char *name = NULL;
            if (p != NULL && OSSL_PARAM_get_utf8_string_ptr(p, &name))
                kp_err(PROV_R_INVALID_CURVE, "group %s: not a curve kurv offers here, nor "
                       "OpenSSL's default provider", name);
            return 0;
        }
        g->curve = NULL;
        /* kept for a template on a kurv curve (kp_genctx); the errors are cleared, as only
         * gen() reports them */
        ERR_set_mark();
        if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL)
            g->bad_enc = !kp_check_encoding(p);
        p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT);
        if (p != NULL) {
            kp_key t = {0};
            g->bad_pf = !kp_set_point_format(&t, p);
            if (!g->bad_pf)
                g->compressed = t.compressed;
        }
        ERR_pop_to_mark();
        return 1;
    }
    if (g->dg != NULL) {
        if (OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME) == NULL)
            return g->df->gen_set_params(g->dg, params);
        gen_drop_foreign(g);   /* a group kurv offers: back to kurv */
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_GROUP_NAME)) != NULL) {
        const kp_curve *c = kp_group_param(p);
        if (c == NULL)
            return 0;
        g->curve = c;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_ENCODING)) != NULL) {
        if (!kp_check_encoding(p))
            return 0;
        g->bad_enc = 0;
    }
    if ((p = OSSL_PARAM_locate_const(params, OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT)) != NULL) {
        kp_key t = {0};
        if (!kp_set_point_format(&t, p))
            return 0;
        g->compressed = t.compressed;
        g->bad_pf = 0;
    }
    return 1;
}

/* kp_gen_settable_params() - the params kp_gen_set_params takes (static). */
const OSSL_PARAM *kp_gen_settable_params(void *genctx, void *provctx)
{
    static const OSSL_PARAM list[] = {
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_GROUP_NAME, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_ENCODING, NULL, 0),
        OSSL_PARAM_utf8_string(OSSL_PKEY_PARAM_EC_POINT_CONVERSION_FORMAT, NULL, 0),
        OSSL_PARAM_END
    };
    (void)genctx;
    (void)provctx;
    return list;
}

/* kp_gen_cleanup() - free a generation context (NULL: nothing). */
void kp_gen_cleanup(void *genctx)
{
    kp_genctx *g = genctx;
    if (g != NULL)
        gen_drop_foreign(g);
    OPENSSL_free(genctx);
}

/* kp_gen_init() - a generation context of the instance @provctx for @selection, with
 * @params (may be NULL). Return: the context; NULL when memory runs out or a param is
 * refused (kp_gen_set_params). */
void *kp_gen_init(void *provctx, int selection, const OSSL_PARAM params[])
{
    kp_genctx *g = OPENSSL_zalloc(sizeof *g);
    if (g == NULL)
        return NULL;
    g->pc = provctx;
    g->selection = selection;
    if (!kp_gen_set_params(g, params)) {
        kp_gen_cleanup(g);
        return NULL;
    }
    return g;
}

/* kp_gen_set_template() - take the group and point format of the key @templ (a default
 * provider's key: its own template call). Return: 1; 0 for a key without a group. */
int kp_gen_set_template(void *genctx, void *templ)
{
    kp_genctx *g = genctx;
    const kp_key *t = templ;
    if (t != NULL && t->dk != NULL) {
        if (g->dg != NULL && g->df != t->df)
            gen_drop_foreign(g);
        if (!gen_start_foreign(g, t->df))
            return 0;
        g->curve = NULL;
        return t->df->gen_set_template(g->dg, t->dk);
    }
    if (t == NULL || t->curve == NULL)
        return 0;
    gen_drop_foreign(g);
    g->curve = t->curve;
    g->compressed = t->compressed;
    return 1;
}

/* kp_gen() - the key (keypair selection: fresh d and Q, kurv_keygen; otherwise the group
 * only). @cb, @cbarg: unused by kurv (no progress to report), passed to the default
 * provider's gen. Return: the key; NULL (error raised) without a group, with a refused
 * point-format or encoding kept from a foreign group, or when generation fails. */
void *kp_gen(void *genctx, OSSL_CALLBACK *cb, void *cbarg)
{
    kp_genctx *g = genctx;
    if (g->dg != NULL) {
        kp_key *fk = kp_key_wrap(g->pc, g->df, g->df->gen(g->dg, cb, cbarg));
        if (fk != NULL && (g->selection & KP_SEL_KEYPAIR))
            kp_dlg_log("keygen", fk->df, fk->dk);
        return fk;
    }
    (void)cb;
    (void)cbarg;
    if (g->curve == NULL) {
        kp_err(PROV_R_NO_PARAMETERS_SET, "no group set for EC key generation");
        return NULL;
    }
    if (g->bad_pf || g->bad_enc) {
        kp_err(PROV_R_NOT_SUPPORTED, "%s set with a group kurv does not offer, then a template on "
               "%s: kurv has uncompressed and compressed points on named curves only",
               g->bad_pf ? "point-format" : "encoding", g->curve->name);
        return NULL;
    }
    kp_key *k = kp_km_new(g->pc);
    if (k == NULL)
        return NULL;
    k->curve = g->curve;
    k->compressed = g->compressed;
    if (g->selection & KP_SEL_KEYPAIR) {
        size_t n = sizeof k->pub;
        kurv_err e = kurv_keygen(k->curve->c, k->priv, kurv_curve_scalar_len(k->curve->c),
                                 k->pub, &n, 0);
        if (e != KURV_OK) {
            kp_err(PROV_R_FAILED_TO_GENERATE_KEY, "keygen on %s: %s", k->curve->name,
                   kurv_strerror(e));
            kp_key_free(k);
            return NULL;
        }
        k->has_priv = k->has_pub = 1;
        kp_log("keygen", k->curve);
    }
    return k;
}
