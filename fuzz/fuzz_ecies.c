/*
 * Harness fuzz_ecies: kurv_ecies_decrypt() with the fixed private key of each curve
 * (fuzz.h), every preset and its flag variants. Input: curve byte; preset byte (low bits:
 * the preset, kurv_ecies_preset_names(); bit 4: KURV_ECIES_KDF_Z_ONLY toggled; bit 5:
 * KURV_ECIES_NO_LENGTH_TAG toggled); the ciphertext V || C || T (the rest).
 * There is no C reference for BouncyCastle's format, so the checks are kurv's contract
 * (kurv/ecies.h): the output buffer is exactly the documented bound (ASan sees any write
 * past it), one byte less gives KURV_ERR_BUFFER, a refusal is KURV_ERR_DECRYPT with the
 * output zeroed, and a plaintext fits the bound.
 */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>
#include <kurv/ecies.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    int i = fz_pick_curve(&data, &size);
    const char *const *names = kurv_ecies_preset_names();
    size_t np = 0, bound, ol, k;
    kurv_ecies_params prm;
    const kurv_curve *c;
    uint8_t *out;
    kurv_err e;

    if (i < 0 || size < 1)
        return 0;
    c = fz_curves[i];
    while (names[np])
        np++;
    prm = *kurv_ecies_preset(names[(data[0] & 0x0f) % np]);
    if (data[0] & 0x10)
        prm.flags ^= KURV_ECIES_KDF_Z_ONLY;
    if (data[0] & 0x20)
        prm.flags ^= KURV_ECIES_NO_LENGTH_TAG;
    data++;
    size--;

    bound = kurv_ecies_plaintext_max_len(c, &prm, size ? data : NULL, size);
    out = malloc(bound ? bound : 1);
    if (!out)
        return 0;
    if (bound > 0) {
        ol = bound - 1;
        e = kurv_ecies_decrypt(c, out, &ol, fz_priv(i), kurv_curve_scalar_len(c), data, size, &prm);
        if (e != KURV_ERR_BUFFER || ol != bound)
            fz_fail("a capacity below the bound is not KURV_ERR_BUFFER", e, (long)ol);
    }
    ol = bound;
    e = kurv_ecies_decrypt(c, out, &ol, fz_priv(i), kurv_curve_scalar_len(c), data, size, &prm);
    if (e == KURV_OK) {
        if (ol > bound)
            fz_fail("plaintext longer than the bound", e, (long)ol);
    } else if (e == KURV_ERR_DECRYPT) {
        for (k = 0; k < bound; k++)
            if (out[k])
                fz_fail("output not zeroed on a refusal", e, (long)k);
    } else {
        fz_fail("a ciphertext refused with a code other than KURV_ERR_DECRYPT", e, (long)bound);
    }
    free(out);
    return 0;
}
