/* kurv core: SHA-2 digests through Nettle (see kurv/hash.h). */
#include <kurv/hash.h>
#include <kurv/util.h>

#include <string.h>
#include <nettle/sha2.h>

size_t kurv_hash_len(kurv_hash h)
{
    switch (h) {
    case KURV_HASH_SHA224: return SHA224_DIGEST_SIZE;
    case KURV_HASH_SHA256: return SHA256_DIGEST_SIZE;
    case KURV_HASH_SHA384: return SHA384_DIGEST_SIZE;
    case KURV_HASH_SHA512: return SHA512_DIGEST_SIZE;
    case KURV_HASH_NONE: break;
    }
    return 0;
}

const char *kurv_hash_name(kurv_hash h)
{
    switch (h) {
    case KURV_HASH_SHA224: return "SHA-224";
    case KURV_HASH_SHA256: return "SHA-256";
    case KURV_HASH_SHA384: return "SHA-384";
    case KURV_HASH_SHA512: return "SHA-512";
    case KURV_HASH_NONE: break;
    }
    return "none";
}

/*
 * Names are compared after lower-casing and dropping '-', '_' and ' ', so
 * "SHA-256", "sha256", "SHA_256", "SHA2-256" and "sha2_256" are all SHA-256.
 * Anything else ("SHA-512/256", "sha3-256", "") is KURV_HASH_NONE.
 */
kurv_hash kurv_hash_from_name(const char *name)
{
    static const struct { const char *key; kurv_hash h; } names[] = {
        {"sha224", KURV_HASH_SHA224}, {"sha2224", KURV_HASH_SHA224},
        {"sha256", KURV_HASH_SHA256}, {"sha2256", KURV_HASH_SHA256},
        {"sha384", KURV_HASH_SHA384}, {"sha2384", KURV_HASH_SHA384},
        {"sha512", KURV_HASH_SHA512}, {"sha2512", KURV_HASH_SHA512},
    };
    char key[16];
    size_t n = 0, i;

    if (!name)
        return KURV_HASH_NONE;
    for (; *name; name++) {
        char ch = *name;
        if (ch == '-' || ch == '_' || ch == ' ')
            continue;
        if (n + 1 >= sizeof key)
            return KURV_HASH_NONE;
        if (ch >= 'A' && ch <= 'Z')
            ch = (char)(ch - 'A' + 'a');
        key[n++] = ch;
    }
    key[n] = 0;
    for (i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(key, names[i].key) == 0)
            return names[i].h;
    return KURV_HASH_NONE;
}

kurv_err kurv_hash_digest(kurv_hash h, uint8_t *out, const uint8_t *msg, size_t msg_len)
{
    union {
        struct sha256_ctx s256;
        struct sha512_ctx s512;
    } ctx;
    static const uint8_t empty[1] = {0};

    if (!out || (!msg && msg_len))
        return KURV_ERR_ARG;
    if (!msg)
        msg = empty;
    switch (h) {
    case KURV_HASH_SHA224:
        sha224_init(&ctx.s256);
        sha224_update(&ctx.s256, msg_len, msg);
        sha224_digest(&ctx.s256, SHA224_DIGEST_SIZE, out);
        break;
    case KURV_HASH_SHA256:
        sha256_init(&ctx.s256);
        sha256_update(&ctx.s256, msg_len, msg);
        sha256_digest(&ctx.s256, SHA256_DIGEST_SIZE, out);
        break;
    case KURV_HASH_SHA384:
        sha384_init(&ctx.s512);
        sha384_update(&ctx.s512, msg_len, msg);
        sha384_digest(&ctx.s512, SHA384_DIGEST_SIZE, out);
        break;
    case KURV_HASH_SHA512:
        sha512_init(&ctx.s512);
        sha512_update(&ctx.s512, msg_len, msg);
        sha512_digest(&ctx.s512, SHA512_DIGEST_SIZE, out);
        break;
    default:
        return KURV_ERR_ARG;
    }
    /* the message may be secret (e.g. a key being hashed): leave nothing behind */
    kurv_wipe(&ctx, sizeof ctx);
    return KURV_OK;
}
