/*
 * kurv-kat: runs the vector jobs (kat.h) and keeps the tallies; the closing line and the exit
 * status are said in kat.h.
 */
#define _DEFAULT_SOURCE
#include "kat.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <kurv_curve_list.h>
#include "testutil.h"

static size_t run_passed, run_failed, run_skipped;

void kat_file_begin(struct kat_file *f, const char *rel)
{
    f->rel = rel;
    f->passed = f->failed = f->skipped = 0;
}

void kat_fail(struct kat_file *f, const char *fmt, ...)
{
    va_list ap;

    f->failed++;
    if (f->failed == KAT_FAIL_LINES + 1)
        printf("FAIL %s: further failures are only counted\n", f->rel);
    if (f->failed > KAT_FAIL_LINES)
        return;
    printf("FAIL %s: ", f->rel);
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    putchar('\n');
}

void kat_check(struct kat_file *f, int ok, const char *id, const char *why)
{
    if (ok)
        f->passed++;
    else
        kat_fail(f, "%s: %s", id, why ? why : "failed");
}

void kat_file_end(struct kat_file *f, const char *detail, ...)
{
    va_list ap;

    printf("%s: %zu passed, %zu failed", f->rel, f->passed, f->failed);
    if (f->skipped)
        printf(", %zu skipped (curve not built)", f->skipped);
    if (detail) {
        printf(" (");
        va_start(ap, detail);
        vprintf(detail, ap);
        va_end(ap);
        putchar(')');
    }
    putchar('\n');
    fflush(stdout);
    run_passed += f->passed;
    run_failed += f->failed;
    run_skipped += f->skipped;
}

/* Is there anything at vectors_dir/rel? */
static int exists(const char *rel)
{
    char path[4096];
    struct stat st;

    snprintf(path, sizeof path, "%s/%s", kt_vectors_dir(), rel);
    return stat(path, &st) == 0;
}

char *kat_load_text(struct kat_file *f)
{
    size_t len;
    char *text = kt_load_text(f->rel, &len);    /* missing: a loud SKIP line */

    if (text)
        return text;
    if (exists(f->rel)) {
        kat_fail(f, "cannot be read");
        kat_file_end(f, NULL);
    } else {
        printf("%s: SKIP (missing)\n", f->rel);
    }
    return NULL;
}

json_object *kat_load_json(struct kat_file *f)
{
    char *text = kat_load_text(f);
    json_object *root;

    if (!text)
        return NULL;
    root = json_tokener_parse(text);
    free(text);
    if (!root) {
        kat_fail(f, "not valid JSON");
        kat_file_end(f, NULL);
    }
    return root;
}

int main(void)
{
    const char *dir = kt_vectors_dir();
    struct stat st;

    if (!dir || stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        printf("\n*** SKIP: the test vectors folder is missing (KURV_VECTORS_DIR=%s): no "
               "known-answer or Wycheproof vector was checked ***\n\n", dir ? dir : "(unset)");
        return 77;
    }
    printf("kurv-kat: vectors from %s; %zu curves built\n", dir, kt_ncurves);
    kat_wycheproof_ecdsa();
    kat_wycheproof_ecdh();
    kat_rfc6979();
#ifdef KURV_HAVE_SCHNORR
    kat_bip340();
#else
    printf("bip340: not run (kurv-schnorr is not built)\n");
#endif
    kat_ecies();
    if (run_passed + run_failed == 0) {
        printf("\n*** SKIP: %s holds no vector this build could run (%zu skipped) ***\n\n",
               dir, run_skipped);
        return 77;
    }
    printf("%zu passed, %zu failed, %zu skipped\n", run_passed, run_failed, run_skipped);
    return run_failed ? 1 : 0;
}
