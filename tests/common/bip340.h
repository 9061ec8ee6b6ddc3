/* kurv tests: BIP-340's test-vectors.csv (vectors_dir/bip340) read into rows. Criterion-free:
 * tests/schnorr/test_bip340.c and the plain vector checker (tests/vectors/bip340.c) use it. */
#ifndef KURV_TEST_BIP340_H
#define KURV_TEST_BIP340_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/kurv.h>

/* One row: index, secret key (has_sk: the row is a signing vector), x-only public key,
 * auxiliary randomness, message (malloc'd; any length), signature, "verification result"
 * (expect: 1 for TRUE) and comment. */
struct kt_bip340_row {
    int index, has_sk, expect;
    uint8_t sk[32], pk[32], aux[32], sig[64];
    uint8_t *msg;
    size_t msg_len;
    char comment[160];
};

/* Parse the CSV text (its header line first; text is cut up in place) into *rows, malloc'd.
 * Return the row count, or -1 when the text is not BIP-340's table; *why then says where. */
long kt_bip340_parse(char *text, struct kt_bip340_row **rows, const char **why);

/* Free what kt_bip340_parse made. */
void kt_bip340_free(struct kt_bip340_row *rows, long n);

/* The answer that verifying row r must give: KURV_OK for a TRUE row; for a FALSE row, from
 * its comment, KURV_ERR_POINT (public key not on the curve, or x >= p), KURV_ERR_ENCODING
 * (r = p or s = n) or KURV_ERR_SIGNATURE (any other wrong signature). */
kurv_err kt_bip340_expected(const struct kt_bip340_row *r);

#endif
