/* kurv tests: BIP-340's test-vectors.csv read into rows (bip340.h). */
#define _DEFAULT_SOURCE
#include "bip340.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "testutil.h"

#define FIELDS 8
static const char header[] = "index,secret key,public key,aux_rand,message,signature,"
                             "verification result,comment";

/* Split one line into its FIELDS fields (the last keeps any further comma); 0 when short. */
static int split(char *line, char **f)
{
    int n = 0;

    f[n++] = line;
    for (; *line && n < FIELDS; line++)
        if (*line == ',') {
            *line = 0;
            f[n++] = line + 1;
        }
    return n == FIELDS;
}

/* Fill r from the fields of one line; 0 when one is malformed. */
static int parse_row(struct kt_bip340_row *r, char **f)
{
    char *end;
    long idx = strtol(f[0], &end, 10);

    memset(r, 0, sizeof *r);
    if (end == f[0] || *end || idx < 0 || idx > 1000000)
        return 0;
    r->index = (int)idx;
    r->has_sk = f[1][0] != 0;
    if (r->has_sk && kt_unhex(r->sk, 32, f[1]) != 32)
        return 0;
    if (kt_unhex(r->pk, 32, f[2]) != 32 || (f[3][0] && kt_unhex(r->aux, 32, f[3]) != 32) ||
        kt_unhex(r->sig, 64, f[5]) != 64)
        return 0;
    if (strcmp(f[6], "TRUE") != 0 && strcmp(f[6], "FALSE") != 0)
        return 0;
    r->expect = strcmp(f[6], "TRUE") == 0;
    r->msg = kt_unhex_alloc(f[4], &r->msg_len);
    if (!r->msg)
        return 0;
    snprintf(r->comment, sizeof r->comment, "%s", f[7]);
    return 1;
}

long kt_bip340_parse(char *text, struct kt_bip340_row **rows, const char **why)
{
    struct kt_bip340_row *v = NULL, *grown;
    char *save = NULL, *line = strtok_r(text, "\r\n", &save), *f[FIELDS];
    long n = 0, cap = 0;

    *rows = NULL;
    if (!line || strcmp(line, header) != 0) {
        *why = "the first line is not BIP-340's header";
        return -1;
    }
    while ((line = strtok_r(NULL, "\r\n", &save)) != NULL) {
        if (n == cap) {
            grown = realloc(v, (size_t)(cap * 2 + 16) * sizeof *v);
            if (!grown) {
                *why = "out of memory";
                break;
            }
            v = grown;
            cap = cap * 2 + 16;
        }
        if (!split(line, f) || !parse_row(&v[n], f)) {
            /* parse_row leaves no message allocated when it fails */
            *why = "a malformed line (fewer than 8 fields, bad hex, or a result not TRUE/FALSE)";
            break;
        }
        n++;
    }
    if (line) {
        kt_bip340_free(v, n);
        return -1;
    }
    *rows = v;
    return n;
}

void kt_bip340_free(struct kt_bip340_row *rows, long n)
{
    long i;

    for (i = 0; i < n; i++)
        free(rows[i].msg);
    free(rows);
}

kurv_err kt_bip340_expected(const struct kt_bip340_row *r)
{
    if (r->expect)
        return KURV_OK;
    if (strstr(r->comment, "public key"))
        return KURV_ERR_POINT;
    if (strstr(r->comment, "equal to field size") || strstr(r->comment, "equal to curve order"))
        return KURV_ERR_ENCODING;
    return KURV_ERR_SIGNATURE;
}
