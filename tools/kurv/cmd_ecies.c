/* kurv tool: encrypt and decrypt (ECIES, kurv/ecies.h). */
#include "tool.h"

#include <stdlib.h>
#include <string.h>

/* The preset named by --preset (NULL: the default); NULL after printing the error. */
static const kurv_ecies_params *pick_preset(const char *cmd, const char *name)
{
    const kurv_ecies_params *p = kurv_ecies_preset(name ? name : "bc-aes128-cbc");
    if (!p)
        tool_fail("%s: unknown preset '%s' (bc-aes128-cbc, bc-aes256-cbc or sec1-aes128-ctr)",
                  cmd, name);
    return p;
}

int cmd_encrypt(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    const kurv_ecies_params *p;
    uint8_t *msg, *ct;
    size_t msg_len, ct_len;
    int rc;
    kurv_err e;

    if (tool_parse(&o, "encrypt", OPT_PUB | OPT_PRESET | OPT_OUT, 1, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("encrypt");
    if (!o.pub)
        return tool_fail("encrypt: missing -p PUBFILE");
    if (o.npos != 1)
        return tool_fail("encrypt: missing FILE to encrypt (- for stdin)");
    p = pick_preset("encrypt", o.preset);
    if (!p)
        return TOOL_ERR;
    if (tool_load_pub(&k, o.pub))
        return TOOL_ERR;
    msg = tool_read(o.pos[0], TOOL_MAX_MSG, &msg_len);
    if (!msg)
        return TOOL_ERR;
    ct_len = kurv_ecies_ciphertext_len(k.curve, p, msg_len);
    ct = ct_len ? malloc(ct_len) : NULL;
    if (!ct) {
        tool_free(msg, msg_len);
        return tool_fail("encrypt: out of memory");
    }
    e = kurv_ecies_encrypt(k.curve, ct, &ct_len, k.pub, k.pub_len, msg, msg_len, p);
    tool_free(msg, msg_len);
    if (e) {
        free(ct);
        return tool_fail("encrypt: %s", kurv_strerror(e));
    }
    rc = tool_write(o.out, ct, ct_len, 0);
    free(ct);
    return rc;
}

int cmd_decrypt(int argc, char **argv)
{
    struct tool_opts o;
    struct tool_key k;
    const kurv_ecies_params *p;
    uint8_t *ct, *pt;
    size_t ct_len, pt_cap, pt_len;
    int rc;
    kurv_err e;

    if (tool_parse(&o, "decrypt", OPT_KEY | OPT_PRESET | OPT_OUT, 1, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("decrypt");
    if (!o.key)
        return tool_fail("decrypt: missing -k KEYFILE");
    if (o.npos != 1)
        return tool_fail("decrypt: missing FILE to decrypt (- for stdin)");
    p = pick_preset("decrypt", o.preset);
    if (!p)
        return TOOL_ERR;
    if (tool_load_priv(&k, o.key))
        return TOOL_ERR;
    /* the ciphertext is at most the message limit plus V, padding and tag */
    ct = tool_read(o.pos[0], TOOL_MAX_MSG + 1024, &ct_len);
    if (!ct) {
        tool_key_wipe(&k);
        return TOOL_ERR;
    }
    pt_cap = kurv_ecies_plaintext_max_len(k.curve, p, ct, ct_len);
    pt = malloc(pt_cap ? pt_cap : 1);
    if (!pt) {
        tool_key_wipe(&k);
        tool_free(ct, ct_len);
        return tool_fail("decrypt: out of memory");
    }
    pt_len = pt_cap;
    e = kurv_ecies_decrypt(k.curve, pt, &pt_len, k.priv, k.priv_len, ct, ct_len, p);
    tool_key_wipe(&k);
    tool_free(ct, ct_len);
    if (e) {
        tool_free(pt, pt_cap);
        if (e == KURV_ERR_DECRYPT)
            return tool_fail("%s: decryption failed (wrong key or preset, or the data was "
                             "altered or truncated)", o.pos[0]);
        return tool_fail("decrypt: %s", kurv_strerror(e));
    }
    rc = tool_write(o.out, pt, pt_len, 1);
    tool_free(pt, pt_cap);
    return rc;
}
