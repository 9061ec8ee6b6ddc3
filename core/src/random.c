/*
 * kurv core: the system's randomness, kurv_random (see kurv/keys.h for its contract:
 * any length, KURV_ERR_ARG for a NULL buffer of nonzero length, KURV_ERR_RNG with the
 * buffer wiped when getrandom(2) fails). A file of its own because both the key code
 * (keys.c: key generation) and the scalars (sc.c: the blinding of an inversion) draw
 * from it, and keys.c calls sc.c: here neither depends on the other for it.
 * getrandom(2) blocks only until the kernel's pool is first initialised; EINTR is
 * retried, and a short read is continued.
 */
#define _DEFAULT_SOURCE
#include <kurv/keys.h>
#include <kurv/util.h>

#include <errno.h>
#include <sys/random.h>

kurv_err kurv_random(uint8_t *buf, size_t len)
{
    size_t done = 0;
    if (!buf && len)
        return KURV_ERR_ARG;
    while (done < len) {
        ssize_t r = getrandom(buf + done, len - done, 0);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            kurv_wipe(buf, len);
            return KURV_ERR_RNG;
        }
        done += (size_t)r;
    }
    return KURV_OK;
}
