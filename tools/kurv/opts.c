/*
 * kurv tool: command-line options (see tool.h, "opts.c").
 *
 * Contract: tool_parse() fills a struct tool_opts from argv for one command, accepting only
 * the options in the command's mask, each at most once. It reads no file and keeps no state
 * between calls: a command gets everything it parsed (the --pass source included) in the
 * struct. Errors are one line through tool_fail() and TOOL_ERR.
 */
#include "tool.h"

#include <string.h>

/* One spelling of an option: its OPT_* bit, short and long name, whether it takes a value. */
struct optdef {
    unsigned bit;
    char shortname;      /* 0: none */
    const char *longname;
    int has_arg;
};

static const struct optdef optdefs[] = {
    { OPT_CURVE, 'c', "curve", 1 },
    { OPT_OUT, 'o', "out", 1 },
    { OPT_FORMAT, 0, "format", 1 },
    { OPT_PKCS8, 0, "pkcs8", 0 },
    { OPT_KEY, 'k', "key", 1 },
    { OPT_PUB, 'p', "pub", 1 },
    { OPT_PUB, 0, "peer", 1 },
    { OPT_SIG, 's', "sig", 1 },
    { OPT_SIG, 0, "signature", 1 },
    { OPT_HASH, 'H', "hash", 1 },
    { OPT_LOWS, 0, "low-s", 0 },
    { OPT_COMPRESSED, 0, "compressed", 0 },
    { OPT_HEX, 0, "hex", 0 },
    { OPT_PRESET, 0, "preset", 1 },
    { OPT_FORCE, 0, "force", 0 },
    { OPT_PASS, 0, "pass", 1 },
    { OPT_ITER, 0, "iter", 1 },
    { OPT_KDF, 0, "kdf", 1 },
    { OPT_KDF_HASH, 0, "kdf-hash", 1 },
    { OPT_CIPHER, 0, "cipher", 1 },
    { OPT_MAC_HASH, 0, "mac-hash", 1 },
    { OPT_MAC_KEY_LEN, 0, "mac-key-len", 1 },
    { OPT_TAG_LEN, 0, "tag-len", 1 },
    { OPT_Z_ONLY, 0, "z-only", 0 },
    { OPT_NO_LTAG, 0, "no-length-tag", 0 },
    { OPT_SI1, 0, "shared-info1", 1 },
    { OPT_SI2, 0, "shared-info2", 1 },
    { OPT_IV, 0, "iv", 1 },
    { OPT_HEDGED, 0, "hedged", 0 },
    { OPT_DIGEST, 0, "digest", 1 },
};

/* Store the value @val (NULL for a flag) of option @bit into @o. */
static void opt_store(struct tool_opts *o, unsigned bit, const char *val)
{
    switch (bit) {
    case OPT_CURVE: o->curve = val; break;
    case OPT_OUT: o->out = val; break;
    case OPT_FORMAT: o->format = val; break;
    case OPT_PKCS8: o->pkcs8 = 1; break;
    case OPT_KEY: o->key = val; break;
    case OPT_PUB: o->pub = val; break;
    case OPT_SIG: o->sig = val; break;
    case OPT_HASH: o->hash = val; break;
    case OPT_LOWS: o->low_s = 1; break;
    case OPT_COMPRESSED: o->compressed = 1; break;
    case OPT_HEX: o->hex = 1; break;
    case OPT_PRESET: o->preset = val; break;
    case OPT_FORCE: o->force = 1; break;
    case OPT_PASS: o->pass = val; break;
    case OPT_ITER: o->iter = val; break;
    case OPT_KDF: o->kdf = val; break;
    case OPT_KDF_HASH: o->kdf_hash = val; break;
    case OPT_CIPHER: o->cipher = val; break;
    case OPT_MAC_HASH: o->mac_hash = val; break;
    case OPT_MAC_KEY_LEN: o->mac_key_len = val; break;
    case OPT_TAG_LEN: o->tag_len = val; break;
    case OPT_Z_ONLY: o->z_only = 1; break;
    case OPT_NO_LTAG: o->no_ltag = 1; break;
    case OPT_SI1: o->si1 = val; break;
    case OPT_SI2: o->si2 = val; break;
    case OPT_IV: o->iv = val; break;
    case OPT_HEDGED: o->hedged = 1; break;
    case OPT_DIGEST: o->digest = val; break;
    default: break;
    }
}

/* The definition of long option @name (@len bytes, no "--") among @allowed; NULL if none. */
static const struct optdef *opt_long(const char *name, size_t len, unsigned allowed)
{
    size_t i;
    for (i = 0; i < sizeof optdefs / sizeof optdefs[0]; i++)
        if ((optdefs[i].bit & allowed) && strlen(optdefs[i].longname) == len &&
            memcmp(optdefs[i].longname, name, len) == 0)
            return &optdefs[i];
    return NULL;
}

/* The definition of short option @ch among @allowed; NULL if none. */
static const struct optdef *opt_short(char ch, unsigned allowed)
{
    size_t i;
    for (i = 0; i < sizeof optdefs / sizeof optdefs[0]; i++)
        if ((optdefs[i].bit & allowed) && optdefs[i].shortname == ch)
            return &optdefs[i];
    return NULL;
}

int tool_parse(struct tool_opts *o, const char *cmd, unsigned allowed, int max_pos,
               int argc, char **argv)
{
    int i, only_pos = 0;
    unsigned seen = 0;

    memset(o, 0, sizeof *o);
    if (allowed & (OPT_KEY | OPT_PUB))
        allowed |= OPT_PASS;    /* any key file read may be an encrypted private key */
    if (allowed & OPT_OUT)
        allowed |= OPT_FORCE;   /* an output may be an existing key file */
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        const struct optdef *d;

        if (only_pos || a[0] != '-' || a[1] == 0) {
            if (o->npos >= max_pos || o->npos >= TOOL_MAX_POS)
                return tool_fail("%s: unexpected argument '%s' (see kurv %s --help)", cmd, a, cmd);
            o->pos[o->npos++] = a;
            continue;
        }
        if (strcmp(a, "--") == 0) {
            only_pos = 1;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            o->help = 1;
            continue;
        }
        if (a[1] == '-') {
            const char *eq = strchr(a + 2, '=');
            size_t nlen = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
            d = opt_long(a + 2, nlen, allowed);
            if (!d)
                return tool_fail("%s: unknown option '%.*s' (see kurv %s --help)", cmd,
                                 (int)(nlen + 2), a, cmd);
            if (seen & d->bit)   /* the last would win silently: e.g. a second recipient */
                return tool_fail("%s: option --%s given twice", cmd, d->longname);
            seen |= d->bit;
            if (!d->has_arg) {
                if (eq)
                    return tool_fail("%s: option --%s takes no value", cmd, d->longname);
                opt_store(o, d->bit, NULL);
            } else if (eq) {
                opt_store(o, d->bit, eq + 1);
            } else {
                if (i + 1 >= argc)
                    return tool_fail("%s: option --%s needs a value", cmd, d->longname);
                opt_store(o, d->bit, argv[++i]);
            }
            continue;
        }
        /* short options, possibly grouped (-h) or with an attached value (-cNAME) */
        d = opt_short(a[1], allowed);
        if (!d)
            return tool_fail("%s: unknown option '-%c' (see kurv %s --help)", cmd, a[1], cmd);
        if (seen & d->bit)
            return tool_fail("%s: option -%c given twice", cmd, a[1]);
        seen |= d->bit;
        if (!d->has_arg) {
            if (a[2])
                return tool_fail("%s: unknown option '%s' (see kurv %s --help)", cmd, a, cmd);
            opt_store(o, d->bit, NULL);
        } else if (a[2]) {
            opt_store(o, d->bit, a + 2);
        } else {
            if (i + 1 >= argc)
                return tool_fail("%s: option -%c needs a value", cmd, a[1]);
            opt_store(o, d->bit, argv[++i]);
        }
    }
    return 0;
}
