/* tests/ecies: a key pair for the ECIES tests (test_ecies_api.c, test_ecies_stream.c). */
#ifndef KURV_ECIES_TEST_KEY_H
#define KURV_ECIES_TEST_KEY_H

#include <criterion/criterion.h>
#include <kurv/kurv.h>

struct key {
    uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN];
    size_t dl, ql;
};

/* A fresh key pair on c: d (scalar length) and Q uncompressed. */
static inline void mkkey(const kurv_curve *c, struct key *k)
{
    k->dl = kurv_curve_scalar_len(c);
    k->ql = sizeof k->q;
    cr_assert_eq(kurv_keygen(c, k->d, k->dl, k->q, &k->ql, 0), KURV_OK);
}

#endif
