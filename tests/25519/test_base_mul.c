/*
 * kurv-25519 white box: the fixed-base multiplication of curves/25519/base25519.c,
 * k25519_ge_base_mul ([s]B) and k25519_ge_base_mul2 ([s1]B and [s2]B in one pass), on both
 * of its paths (the portable field of fe25519.h, and on x86-64 CPUs with BMI2/ADX the
 * 4-limb MULX/ADCX/ADOX field of fe25519_adx.h, switched by k25519_x25519_adx_path), linked
 * with the static libkurv-25519 whose hidden functions these are.
 *   rfc8032: the public keys of RFC 8032 7.1's TEST 1, 2, 3 and SHA(abc) as [s]B for the
 *            clamped SHA-512 of each seed (Nettle), by both functions on both paths;
 *   reference: [s]B against a plain double-and-add over B (ge25519.c's k25519_ge_dbl and
 *            k25519_ge_add, no table), encodings compared, for edge scalars (0, 1, 2, 7, 8,
 *            9, 15, 16, 17, L - 1, L, L + 1, 2^255 - 1, every nibble 8 (every signed digit
 *            carries), every nibble 7, 0x0f..., 0xf0...: the recoding's carries and the
 *            table's first and last entries) and random ones below 2^255; each by
 *            k25519_ge_base_mul and by k25519_ge_base_mul2 in both argument orders, paired
 *            with another scalar, on both paths.
 * On a CPU without BMI2/ADX, or a build without the path, there is one path: a warning
 * says so and the checks run on it.
 */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>
#include <nettle/sha2.h>

#include "base25519.h"
#include "ge25519.h"
#include "x25519_adx.h"
#include "testutil.h"

static uint64_t rng_state = 0xba5e25519b0a4d01ULL;

/* [s]B by double-and-add over bits 255..0 of s (variable time: test data) */
static void ref_base_mul(uint8_t out[32], const uint8_t s[32])
{
    k25519_ge r, b;
    k25519_cached bc;
    int i;
    k25519_ge_base(&b);
    k25519_ge_to_cached(&bc, &b);
    k25519_ge_identity(&r);
    for (i = 255; i >= 0; i--) {
        k25519_ge_dbl(&r, &r);
        if ((s[i / 8] >> (i % 8)) & 1)
            k25519_ge_add(&r, &r, &bc);
    }
    k25519_ge_encode(out, &r);
}

/* the paths to run: 1 (MULX/ADX) when the CPU and build have it, then 0 (portable) */
static int first_path(void)
{
    if (k25519_x25519_adx_path(1))
        return 1;
    fprintf(stderr, "base-mul: no MULX/ADX path here (build, CPU or KURV_X86_ADX=0): one path\n");
    return 0;
}

/* [s]B on the current path by k25519_ge_base_mul and by k25519_ge_base_mul2 with s first
 * and second (other: the pair's other scalar, whose result must be right too) against
 * want (s) and want_other */
static void check_all(const uint8_t s[32], const uint8_t want[32], const uint8_t other[32],
                      const uint8_t want_other[32], const char *what)
{
    k25519_ge p, q;
    uint8_t e1[32], e2[32];
    k25519_ge_base_mul(&p, s);
    k25519_ge_encode(e1, &p);
    cr_assert(memcmp(e1, want, 32) == 0, "%s: k25519_ge_base_mul (path %d, s[0] = %02x, s[31] = %02x)",
              what, k25519_adx_on(), s[0], s[31]);
    k25519_ge_base_mul2(&p, s, &q, other);
    k25519_ge_encode2(e1, &p, e2, &q);
    cr_assert(memcmp(e1, want, 32) == 0 && memcmp(e2, want_other, 32) == 0,
              "%s: k25519_ge_base_mul2 (s first; path %d, s[0] = %02x)", what, k25519_adx_on(),
              s[0]);
    k25519_ge_base_mul2(&q, other, &p, s);
    k25519_ge_encode(e1, &p);
    k25519_ge_encode(e2, &q);
    cr_assert(memcmp(e1, want, 32) == 0 && memcmp(e2, want_other, 32) == 0,
              "%s: k25519_ge_base_mul2 (s second; path %d, s[0] = %02x)", what,
              k25519_adx_on(), s[0]);
}

static void hex32(uint8_t out[32], const char *hex)
{
    int i;
    unsigned v;
    for (i = 0; i < 32; i++) {
        cr_assert(sscanf(hex + 2 * i, "%2x", &v) == 1);
        out[i] = (uint8_t)v;
    }
}

Test(base_mul, rfc8032)
{
    /* RFC 8032 7.1: SECRET KEY and PUBLIC KEY of TEST 1, TEST 2, TEST 3, TEST SHA(abc) */
    static const char *const vec[4][2] = {
        {"9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60",
         "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"},
        {"4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb",
         "3d4017c3e843895a92b70aa74d1b7ebc9c982ccf2ec4968cc0cd55f12af4660c"},
        {"c5aa8df43f9f837bedb7442f31dcb7b166d38535076f094b85ce3a2e0b4458f7",
         "fc51cd8e6218a1a38da47ed00230f0580816ed13ba3303ac5deb911548908025"},
        {"833fe62409237b9d62ec77587520911e9a759cec1d19755b7da901b96dca3d42",
         "ec172b93ad5e563bf4932c70e1245034c35467ef2efd4d64ebf819683467e2bf"},
    };
    uint8_t seed[32], pub[32], h[64], other[32], want_other[32];
    struct sha512_ctx ctx;
    int i, path;

    memset(other, 0, 32);
    other[0] = 1;
    ref_base_mul(want_other, other);
    for (path = first_path(); path >= 0; path--) {
        k25519_x25519_adx_path(path);
        for (i = 0; i < 4; i++) {
            hex32(seed, vec[i][0]);
            hex32(pub, vec[i][1]);
            sha512_init(&ctx);
            sha512_update(&ctx, 32, seed);
            sha512_digest(&ctx, 64, h);
            h[0] &= 248;
            h[31] &= 127;
            h[31] |= 64;
            check_all(h, pub, other, want_other, "RFC 8032 7.1");
        }
    }
    k25519_x25519_adx_path(1);
}

Test(base_mul, reference)
{
    /* L = 2^252 + 27742317777372353535851937790883648493, little-endian */
    static const uint8_t L[32] = {
        0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9,
        0xde, 0x14, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
    };
    enum { N_EDGE = 17 };
    uint8_t s[N_EDGE][32], want[N_EDGE][32], x[32], wx[32], y[32], wy[32];
    long n = kt_random(200), r;
    int i, path;

    memset(s, 0, sizeof s);
    s[1][0] = 1;
    s[2][0] = 2;
    s[3][0] = 7;
    s[4][0] = 8;
    s[5][0] = 9;
    s[6][0] = 15;
    s[7][0] = 16;
    s[8][0] = 17;
    memcpy(s[9], L, 32);
    s[9][0] -= 1;                       /* L - 1 */
    memcpy(s[10], L, 32);               /* L: the identity */
    memcpy(s[11], L, 32);
    s[11][0] += 1;                      /* L + 1 */
    memset(s[12], 0xff, 32);
    s[12][31] = 0x7f;                   /* 2^255 - 1 */
    memset(s[13], 0x88, 32);
    s[13][31] = 0x08;                   /* every nibble 8 (the top one too) */
    memset(s[14], 0x77, 32);
    s[14][31] = 0x77;                   /* every nibble 7 */
    memset(s[15], 0x0f, 32);
    memset(s[16], 0xf0, 32);
    s[16][31] = 0x70;
    for (i = 0; i < N_EDGE; i++)
        ref_base_mul(want[i], s[i]);
    for (path = first_path(); path >= 0; path--) {
        k25519_x25519_adx_path(path);
        for (i = 0; i < N_EDGE; i++)
            check_all(s[i], want[i], s[(i + 5) % N_EDGE], want[(i + 5) % N_EDGE], "edge");
    }
    for (r = 0; r < n; r++) {
        kt_rand_bytes(&rng_state, x, 32);
        kt_rand_bytes(&rng_state, y, 32);
        x[31] &= 0x7f;
        y[31] &= 0x7f;
        ref_base_mul(wx, x);
        ref_base_mul(wy, y);
        for (path = first_path(); path >= 0; path--) {
            k25519_x25519_adx_path(path);
            check_all(x, wx, y, wy, "random");
        }
    }
    k25519_x25519_adx_path(1);
}
