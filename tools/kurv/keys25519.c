/*
 * kurv tool: X25519 and Ed25519 key files (built with kurv-25519; see tool.h, "keys25519.c").
 *
 * Contract: tool_25519_decode() reads the key block that keys.c selected from a file as an
 * RFC 8410 key (kurv_25519_privkey_decode(), kurv_25519_pubkey_decode()) into a struct
 * tool_key with alg25519 set and no curve, or says that the block is not such a key, so
 * that keys.c reads it as an EC key; on a failure exactly one line names the file and the
 * problem. It reads no file (keys.c does, once); the password of an encrypted key it asks
 * for through the command's struct tool_pass (read once: keys.c's EC reading, which takes
 * over when the key inside is not ours, uses the same).
 * tool_25519_alg() and tool_25519_name() map the curve names x25519 and ed25519.
 */
#include "tool.h"

#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <kurv/25519.h>

int tool_25519_alg(const char *name)
{
    if (strcasecmp(name, "x25519") == 0)
        return KURV_25519_X25519;
    if (strcasecmp(name, "ed25519") == 0)
        return KURV_25519_ED25519;
    return 0;
}

const char *tool_25519_name(int alg)
{
    return alg == KURV_25519_X25519 ? "x25519" : "ed25519";
}

/* The errors that say "not an X25519 or Ed25519 key here" (another algorithm, a file
 * that is not the kind asked for, an encrypted key): keys.c then reads it as an EC key. */
static int not_ours(kurv_err e)
{
    return e == KURV_ERR_UNSUPPORTED || e == KURV_ERR_ENCODING || e == KURV_ERR_ENCRYPTED;
}

/* @k's public key from its private key (X25519(k, 9), or A of the Ed25519 seed). */
static void public_of(struct tool_key *k)
{
    if (k->alg25519 == KURV_25519_X25519)
        (void)kurv_x25519_public_key(k->pub, k->priv);
    else
        (void)kurv_ed25519_public_key(k->pub, k->priv);
    k->pub_len = KURV_X25519_KEY_LEN;
}

int tool_25519_decode(struct tool_key *k, const uint8_t *key, size_t len, int which,
                      struct tool_pass *pw, const char *path)
{
    kurv_25519_alg a = KURV_25519_ANY;
    kurv_err e = kurv_25519_privkey_decode(&a, k->priv, key, len);

    if (e == KURV_ERR_ENCRYPTED && pw && (pw->arg || pw->have || isatty(STDIN_FILENO))) {
        /* a scheme kurv does not read is said before any password is asked for */
        if (tool_key_scheme(path, key, len) || tool_pass_get(pw, path))
            return TOOL_ERR;
        a = KURV_25519_ANY;
        e = kurv_25519_privkey_decode_pass(&a, k->priv, key, len, pw->buf, pw->len);
        if (e == KURV_ERR_PASSWORD)
            return tool_fail("%s: wrong password, or the encrypted key is damaged", path);
    }

    if (e == KURV_OK) {
        k->alg25519 = (int)a;
        k->curve = NULL;
        public_of(k);
        if (which == TOOL_KEY_PUB) {
            kurv_wipe(k->priv, sizeof k->priv);
        } else {
            k->has_priv = 1;
            k->priv_len = KURV_X25519_KEY_LEN;
        }
        return 0;
    }
    if (not_ours(e)) {
        a = KURV_25519_ANY;
        e = kurv_25519_pubkey_decode(&a, k->pub, key, len);
        if (e == KURV_OK && which != TOOL_KEY_PUB)
            return tool_fail("%s: a public key, but a private key is needed", path);
        if (e == KURV_OK) {
            k->alg25519 = (int)a;
            k->curve = NULL;
            k->pub_len = KURV_X25519_KEY_LEN;
            return 0;
        }
        if (not_ours(e))
            return 1;
    }
    return tool_fail("%s: invalid X25519/Ed25519 %s (%s)", path,
                     e == KURV_ERR_PRIVKEY ? "private key" : "public key", kurv_strerror(e));
}
