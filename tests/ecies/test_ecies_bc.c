/*
 * ECIES interop: BouncyCastle itself decrypts kurv's ciphertexts. For every linked curve,
 * both BouncyCastle presets (bc-aes128-cbc, bc-aes256-cbc), plaintexts of 0 to 4096 bytes,
 * V uncompressed and compressed, kurv encrypts and ../shared/tools/bc-ecies/bc-ecies
 * decrypt-batch (BouncyCastle 1.72's IESCipher, through the JVM) must return the
 * plaintext. Control lines (a flipped tag byte, a flipped C byte) must come back FAIL, so
 * the oracle is seen to refuse too.
 *
 * A plain program (not Criterion): exit 0 pass, 1 fail, 77 skip (KURV_BC_ECIES unset, the
 * script missing, or its exit status 3: no JDK or libbcprov-java), with a loud message.
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include "testutil.h"

#define SKIP 77

struct line {
    const char *curve;
    int bits;
    int expect_ok;
    size_t pt_len;
    uint8_t *pt;
};

static char *hexdup(const uint8_t *b, size_t n)
{
    char *s = malloc(2 * n + 2);
    if (!s) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    kt_hex(s, b, n);
    return s;
}

static void skip(const char *why)
{
    printf("\n*** SKIP ecies-bc: %s ***\n\n", why);
    fprintf(stderr, "SKIP ecies-bc: %s\n", why);
    exit(SKIP);
}

int main(void)
{
    static const size_t lens[] = {0, 1, 15, 16, 17, 33, 100, 1000, 4096};
    const char *bc = getenv("KURV_BC_ECIES");
    char tmpl[] = "/tmp/kurv-ecies-bc.XXXXXX", in_path[96], out_path[96], cmd[1024];
    struct line *lines = NULL;
    size_t nlines = 0, cap = 0, ci, li, i, ok = 0, bad = 0, nrefused = 0;
    FILE *in, *out;
    int status, bi;
    char *buf = NULL;
    size_t bufcap = 0;

    if (!bc || !*bc)
        skip("KURV_BC_ECIES is not set");
    if (access(bc, X_OK) != 0)
        skip("the BouncyCastle tool is missing (../shared/tools/bc-ecies/bc-ecies)");
    if (!mkdtemp(tmpl)) {
        perror("mkdtemp");
        return 1;
    }
    snprintf(in_path, sizeof in_path, "%s/in.txt", tmpl);
    snprintf(out_path, sizeof out_path, "%s/out.txt", tmpl);
    in = fopen(in_path, "w");
    if (!in) {
        perror(in_path);
        return 1;
    }

    for (ci = 0; ci < kt_ncurves; ci++) {
        const kurv_curve *c = kt_curves[ci];
        uint8_t d[KURV_MAX_SCALAR_LEN], q[KURV_MAX_POINT_LEN];
        size_t dl = kurv_curve_scalar_len(c), ql = sizeof q;
        char *dhex;

        if (kurv_keygen(c, d, dl, q, &ql, 0) != KURV_OK) {
            fprintf(stderr, "keygen failed\n");
            return 1;
        }
        dhex = hexdup(d, dl);
        for (bi = 0; bi < 2; bi++) {
            kurv_ecies_params p = *kurv_ecies_preset(bi ? "bc-aes256-cbc" : "bc-aes128-cbc");
            int comp;
            for (comp = 0; comp < 2; comp++) {
                p.flags = comp ? KURV_ECIES_COMPRESSED : 0;
                for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
                    size_t n = lens[li], cl = kurv_ecies_ciphertext_len(c, &p, n);
                    uint8_t *pt = malloc(n + 1), *ct = malloc(cl);
                    char *chex;
                    int ctl;
                    if (!pt || !ct || kurv_random(pt, n) != KURV_OK ||
                        kurv_ecies_encrypt(c, ct, &cl, q, ql, pt, n, &p) != KURV_OK) {
                        fprintf(stderr, "kurv_ecies_encrypt failed\n");
                        return 1;
                    }
                    /* control lines: one flipped byte in T, then in C (first length only) */
                    for (ctl = 0; ctl < (li == 3 && !comp ? 3 : 1); ctl++) {
                        if (ctl == 1)
                            ct[cl - 1] ^= 1;
                        if (ctl == 2) {
                            ct[cl - 1] ^= 1;
                            ct[kurv_curve_point_len(c, comp)] ^= 0x40;
                        }
                        if (nlines == cap) {
                            cap = cap ? 2 * cap : 64;
                            lines = realloc(lines, cap * sizeof *lines);
                            if (!lines)
                                return 1;
                        }
                        lines[nlines].curve = kurv_curve_name(c);
                        lines[nlines].bits = bi ? 256 : 128;
                        lines[nlines].expect_ok = ctl == 0;
                        lines[nlines].pt_len = n;
                        lines[nlines].pt = pt;
                        nlines++;
                        chex = hexdup(ct, cl);
                        fprintf(in, "%s %d %s %s\n", kurv_curve_name(c), bi ? 256 : 128, dhex, chex);
                        free(chex);
                    }
                    free(ct);
                }
            }
        }
        free(dhex);
    }
    if (fclose(in) != 0)
        return 1;

    snprintf(cmd, sizeof cmd, "'%s' decrypt-batch <'%s' >'%s'", bc, in_path, out_path);
    status = system(cmd);
    if (status == -1 || !WIFEXITED(status)) {
        fprintf(stderr, "FAIL: could not run %s\n", bc);
        return 1;
    }
    if (WEXITSTATUS(status) == 3)
        skip("the BouncyCastle tool needs a JDK and libbcprov-java "
             "(apt-get install default-jdk-headless libbcprov-java)");
    if (WEXITSTATUS(status) != 0) {
        fprintf(stderr, "FAIL: %s decrypt-batch exited with %d\n", bc, WEXITSTATUS(status));
        return 1;
    }

    out = fopen(out_path, "r");
    if (!out) {
        perror(out_path);
        return 1;
    }
    for (i = 0; i < nlines; i++) {
        ssize_t r = getline(&buf, &bufcap, out);
        struct line *l = &lines[i];
        int good;
        if (r <= 0) {
            fprintf(stderr, "FAIL: BouncyCastle answered %zu of %zu lines\n", i, nlines);
            return 1;
        }
        if (buf[r - 1] == '\n')
            buf[--r] = 0;
        if (l->expect_ok) {
            char *want = hexdup(l->pt, l->pt_len);
            good = strncmp(buf, "OK ", 3) == 0 && strcmp(buf + 3, want) == 0;
            if (l->pt_len == 0)
                good = strcmp(buf, "OK ") == 0 || strcmp(buf, "OK") == 0;
            free(want);
        } else {
            good = strncmp(buf, "FAIL", 4) == 0;
            nrefused += good;
        }
        if (good) {
            ok++;
        } else {
            bad++;
            fprintf(stderr, "FAIL line %zu (%s, %d bits, %zu-byte plaintext, %s): BouncyCastle said "
                    "'%.120s'\n", i + 1, l->curve, l->bits, l->pt_len,
                    l->expect_ok ? "should decrypt" : "tampered, should be refused", buf);
        }
    }
    fclose(out);
    free(buf);
    for (i = 0; i < nlines; i++)
        if (lines[i].expect_ok)             /* one such line per plaintext buffer */
            free(lines[i].pt);
    free(lines);
    unlink(in_path);
    unlink(out_path);
    rmdir(tmpl);
    printf("ecies-bc: BouncyCastle checked %zu kurv ciphertexts on %zu curves: %zu as expected "
           "(%zu tampered ones refused), %zu wrong\n", nlines, kt_ncurves, ok, nrefused, bad);
    return bad == 0 && ok == nlines && nrefused > 0 ? 0 : 1;
}
