/*
 * kurv-25519, the slow suite: RFC 7748 5.2's iterated X25519 test to its last checkpoint,
 * 1,000,000 iterations (k = u = 9; each step k, u = X25519(k, u), k), with the values the
 * RFC gives after 1, 1,000 and 1,000,000 iterations asserted on the way. The first two are
 * also in test_rfc.c (the everyday run); this one takes about a million X25519 calls (about
 * a minute on an idle x86-64 core), so it is in the suite 'slow' alone, which `meson test`
 * leaves out (the default test setup, tests/meson.build): run it with
 * `meson test -C build --setup full --suite slow`.
 */
#include <criterion/criterion.h>
#include <string.h>
#include <kurv/25519.h>
#include "testutil.h"

Test(x25519, rfc7748_5_2_million)
{
    static const struct { long at; const char *k; } check[] = {
        {1, "422c8e7a6227d7bca1350b3e2bb7279f7897b87bb6854b783c60e80311ae3079"},
        {1000, "684cf59ba83309552800ef566f2f4d3c1c3887c49360e3875f2eb94d99532c51"},
        {1000000, "7c3911e0ab2586fd864497297e575e6f3bc601c0883c30df5f4dd2d24f665424"},
    };
    uint8_t k[32] = {9}, u[32] = {9}, r[32], want[32];
    size_t next = 0;
    long i;
    for (i = 1; next < sizeof check / sizeof check[0]; i++) {
        cr_assert_eq(kurv_x25519(r, k, u), KURV_OK, "iteration %ld", i);
        memcpy(u, k, 32);
        memcpy(k, r, 32);
        if (i == check[next].at) {
            cr_assert_eq(kt_unhex(want, 32, check[next].k), 32);
            cr_assert(memcmp(k, want, 32) == 0, "after %ld iterations: not the RFC's k", i);
            next++;
        }
    }
}
