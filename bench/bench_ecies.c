/*
 * kurv-bench --ecies: µs per ECIES encryption and decryption (bc-aes128-cbc preset: the
 * BouncyCastle IESEngine format) per message length 128 .. 8192 bytes on every linked
 * curve, with kurv keygen + ECDH (the public-key work an encryption must do) for the
 * target ratio encrypt / (keygen + ECDH) <= 1.1, and BouncyCastle's figures side by side
 * when the build found javac and bcprov.jar (bench/BcEciesBench.java, run in one JVM and
 * warmed up before timing).
 *
 * Timing as for the other operations (timing.c): a warm-up that sizes the batches, then 5
 * batches of about -t / 5 seconds each, the median. Every call's result is checked.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <kurv_curve_list.h>   /* the built curves, from the registry in curves/meson.build */
#include "bench.h"
#include "timing.h"

/* Every built curve with BouncyCastle's name for it (the registry's). */
#define ECURVE(fam, acc, name, ossl, oid, wp, bcname, prefix, hash) { acc, bcname },
static const struct {
    const kurv_curve *(*kurv)(void);
    const char *bc;     /* BouncyCastle's name */
} ecurves[] = {
    KURV_CURVE_LIST(ECURVE)
    { NULL, NULL }
};
#undef ECURVE

static const size_t elens[] = {128, 256, 512, 1024, 2048, 4096, 8192};
#define NELENS (sizeof elens / sizeof elens[0])
#define MAXCT (8192 + 16 + KURV_MAX_POINT_LEN + 32)

struct est {
    const kurv_curve *c;
    size_t slen, flen, plen, n, ct_len;
    uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN], q2[KURV_MAX_POINT_LEN];
    uint8_t msg[8192], ct[MAXCT], pt[MAXCT];
    uint8_t out_priv[KURV_MAX_SCALAR_LEN], out_pub[KURV_MAX_POINT_LEN], z[KURV_MAX_FIELD_LEN];
};

typedef bench_op eop;

static int op_encrypt(void *arg)
{
    struct est *s = arg;
    size_t len = sizeof s->ct;
    return kurv_ecies_encrypt(s->c, s->ct, &len, s->q, s->plen, s->msg, s->n, NULL) != KURV_OK ||
           len != s->ct_len;
}

static int op_decrypt(void *arg)
{
    struct est *s = arg;
    size_t len = sizeof s->pt;
    return kurv_ecies_decrypt(s->c, s->pt, &len, s->d, s->slen, s->ct, s->ct_len, NULL) != KURV_OK
           || len != s->n;
}

/* what an encryption must do besides symmetric work: a fresh key pair and one ECDH */
static int op_keygen_ecdh(void *arg)
{
    struct est *s = arg;
    size_t len = sizeof s->out_pub;
    return kurv_keygen(s->c, s->out_priv, s->slen, s->out_pub, &len, 0) != KURV_OK ||
           kurv_ecdh(s->c, s->z, s->flen, s->out_priv, s->slen, s->q2, s->plen) != KURV_OK;
}

/*
 * µs per call of fn (median of 5 batches); with ref, the batches of fn and of ref
 * alternate, *ref_us gets ref's median and *ratio the median of the 5 batch ratios
 * fn / ref, which holds up on a loaded machine better than two separate medians.
 */
static double etime(eop fn, eop ref, struct est *s, double seconds, const char *what,
                    double *ref_us, double *ratio)
{
    double per[BENCH_BATCHES], rper[BENCH_BATCHES], rat[BENCH_BATCHES];
    unsigned long iters, riters = 0;
    int b, bad = 0;

    iters = bench_calibrate(BENCH_WALL, fn, s, seconds, &bad);
    if (ref)
        riters = bench_calibrate(BENCH_WALL, ref, s, seconds, &bad);
    for (b = 0; b < BENCH_BATCHES && !bad; b++) {
        per[b] = bench_batch(BENCH_WALL, fn, s, iters, &bad);
        if (ref) {
            rper[b] = bench_batch(BENCH_WALL, ref, s, riters, &bad);
            rat[b] = per[b] / rper[b];
        }
    }
    if (bad) {
        fprintf(stderr, "kurv-bench: %s: a call failed\n", what);
        exit(1);
    }
    if (ref) {
        *ref_us = bench_median(rper, BENCH_BATCHES);
        *ratio = bench_median(rat, BENCH_BATCHES);
    }
    return bench_median(per, BENCH_BATCHES);
}

static int ecurve_matches(const kurv_curve *c, const char *want)
{
    const kurv_curve *list[1];
    list[0] = c;
    return !want || kurv_curve_find_name(list, 1, want) != NULL;
}

/* BouncyCastle's figures: bc[curve][len][0 = encrypt, 1 = decrypt]; 0 when absent. */
static double bc[16][NELENS][2];

static void run_bc(const char *only, double seconds)
{
#if defined(KURV_BENCH_BC_CLASSDIR) && defined(KURV_BENCH_BC_JAR) && defined(KURV_BENCH_JAVA)
    char cmd[2048], names[512] = "", lens[128] = "", line[256];
    size_t k, i;
    FILE *f;

    for (k = 0; ecurves[k].kurv; k++)
        if (ecurves[k].kurv() && ecurve_matches(ecurves[k].kurv(), only)) {
            if (names[0])
                strcat(names, ",");
            strcat(names, ecurves[k].bc);
        }
    for (i = 0; i < NELENS; i++)
        snprintf(lens + strlen(lens), sizeof lens - strlen(lens), "%s%zu", i ? "," : "", elens[i]);
    if (!names[0])
        return;
    snprintf(cmd, sizeof cmd, "'%s' -cp '%s:%s' BcEciesBench %.3f %s %s", KURV_BENCH_JAVA,
             KURV_BENCH_BC_CLASSDIR, KURV_BENCH_BC_JAR, seconds, names, lens);
    fprintf(stderr, "kurv-bench: timing BouncyCastle in the JVM (%s) ...\n", names);
    f = popen(cmd, "r");
    if (!f) {
        fprintf(stderr, "kurv-bench: cannot run java; no BouncyCastle column\n");
        return;
    }
    while (fgets(line, sizeof line, f)) {
        char name[64];
        size_t len;
        double e, d;
        if (sscanf(line, "%63s %zu %lf %lf", name, &len, &e, &d) != 4)
            continue;
        for (k = 0; ecurves[k].kurv; k++)
            if (strcmp(ecurves[k].bc, name) == 0)
                for (i = 0; i < NELENS; i++)
                    if (elens[i] == len) {
                        bc[k][i][0] = e;
                        bc[k][i][1] = d;
                    }
    }
    if (pclose(f) != 0)
        fprintf(stderr, "kurv-bench: the BouncyCastle run failed; its column may be incomplete\n");
#else
    (void)only;
    (void)seconds;
#endif
}

static void cell(char *buf, size_t n, double v, const char *fmt)
{
    if (v > 0)
        snprintf(buf, n, fmt, v);
    else
        snprintf(buf, n, "-");
}

int bench_ecies_run(const char *only, double seconds, int csv)
{
    struct est *s = calloc(1, sizeof *s);
    size_t k, i, done = 0;

    if (!s)
        return 1;
    for (k = 0; ecurves[k].kurv; k++)
        if (ecurves[k].kurv() && ecurve_matches(ecurves[k].kurv(), only))
            done++;
    if (!done) {
        fprintf(stderr, "kurv-bench: unknown curve '%s'\n", only ? only : "");
        free(s);
        return 1;
    }
    run_bc(only, seconds);

    if (csv)
        printf("curve,bytes,kurv_encrypt_us,kurv_decrypt_us,kurv_keygen_ecdh_us,"
               "encrypt_over_keygen_ecdh,bc_encrypt_us,bc_decrypt_us\n");
    else
        printf("kurv %s ECIES (bc-aes128-cbc: KDF2-SHA-256, AES-128-CBC, HMAC-SHA-256): median of "
               "5 batches, >= %.2f s per cell; µs per operation\n", kurv_version(), seconds);
    for (k = 0; ecurves[k].kurv; k++) {
        const kurv_curve *c = ecurves[k].kurv();
        const char *name;
        double kx = 0, ratio = 0, first = 0, last = 0;
        size_t len;
        uint8_t d2[KURV_MAX_SCALAR_LEN];

        if (!c || !ecurve_matches(c, only))
            continue;
        name = kurv_curve_name(c);
        memset(s, 0, sizeof *s);
        s->c = c;
        s->slen = kurv_curve_scalar_len(c);
        s->flen = kurv_curve_field_len(c);
        s->plen = kurv_curve_point_len(c, 0);
        len = sizeof s->q;
        if (kurv_keygen(c, s->d, s->slen, s->q, &len, 0) != KURV_OK)
            return 1;
        len = sizeof s->q2;
        if (kurv_keygen(c, d2, s->slen, s->q2, &len, 0) != KURV_OK)
            return 1;
        if (!csv)
            printf("\n%s\n%6s | %13s | %13s | %18s | %17s | %10s | %10s | %11s | %11s\n",
                   name, "bytes", "kurv enc µs", "kurv dec µs", "keygen+ecdh µs", "enc/(keygen+ecdh)",
                   "BC enc µs", "BC dec µs", "BC/kurv enc", "BC/kurv dec");
        for (i = 0; i < NELENS; i++) {
            double e, dd;
            char b1[32], b2[32], r1[32], r2[32];
            s->n = elens[i];
            if (kurv_random(s->msg, s->n) != KURV_OK)
                return 1;
            s->ct_len = kurv_ecies_ciphertext_len(c, NULL, s->n);
            if (op_encrypt(s) || op_decrypt(s) || memcmp(s->pt, s->msg, s->n) != 0) {
                fprintf(stderr, "kurv-bench: %s: ECIES round trip failed\n", name);
                return 1;
            }
            /* encrypt alternating with keygen + ECDH, for the ratio */
            e = etime(op_encrypt, op_keygen_ecdh, s, seconds, "ecies encrypt", &kx, &ratio);
            if (op_encrypt(s))
                return 1;
            dd = etime(op_decrypt, NULL, s, seconds, "ecies decrypt", NULL, NULL);
            if (i == 0)
                first = e;
            last = e;
            cell(b1, sizeof b1, bc[k][i][0], csv ? "%.3f" : "%.2f");
            cell(b2, sizeof b2, bc[k][i][1], csv ? "%.3f" : "%.2f");
            cell(r1, sizeof r1, bc[k][i][0] > 0 ? bc[k][i][0] / e : 0, "%.2fx");
            cell(r2, sizeof r2, bc[k][i][1] > 0 ? bc[k][i][1] / dd : 0, "%.2fx");
            if (csv)
                printf("%s,%zu,%.3f,%.3f,%.3f,%.3f,%s,%s\n", name, s->n, e, dd, kx, ratio, b1, b2);
            else
                printf("%6zu | %12.2f | %12.2f | %17.2f | %17.3f | %9s | %9s | %11s | %11s\n", s->n,
                       e, dd, kx, ratio, b1, b2, r1, r2);
        }
        if (!csv)
            printf("flatness: encrypt 8192 B / encrypt 128 B = %.3f\n", first > 0 ? last / first : 0);
        fflush(stdout);
    }
    kurv_wipe(s, sizeof *s);
    free(s);
    return 0;
}
