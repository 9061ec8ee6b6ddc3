/*
 * kurv fuzzing: replay driver. Linked with one harness instead of libFuzzer, it runs the
 * harness once on every file named on the command line, or in a folder named there
 * (not recursive; a missing folder counts as empty), so that fuzz/corpus/<harness>/ and
 * fuzz/regress/<harness>/ run as ordinary meson tests (under ASan + UBSan in build-san).
 * A harness that finds a crash or a differential aborts, which fails the test.
 * Exit status: 0 after every input ran; 2 for an unreadable file.
 */
#define _DEFAULT_SOURCE
#include "fuzz.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static int run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    uint8_t *buf;
    long sz;

    if (!f || fseek(f, 0, SEEK_END) != 0 || (sz = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        if (f)
            fclose(f);
        return -1;
    }
    /* an exact-size copy, so that ASan sees any read past the input */
    buf = malloc(sz ? (size_t)sz : 1);
    if (!buf || fread(buf, 1, (size_t)sz, f) != (size_t)sz) {
        fprintf(stderr, "replay: cannot read %s\n", path);
        free(buf);
        fclose(f);
        return -1;
    }
    fclose(f);
    LLVMFuzzerTestOneInput(buf, (size_t)sz);
    free(buf);
    return 0;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(int argc, char **argv)
{
    long total = 0;
    int i;

    for (i = 1; i < argc; i++) {
        struct stat st;
        DIR *d;
        struct dirent *de;
        char **names = NULL;
        size_t n = 0, k;
        long count = 0;

        if (stat(argv[i], &st) != 0) {
            printf("replay: %s: absent, 0 inputs\n", argv[i]);
            continue;
        }
        if (!S_ISDIR(st.st_mode)) {
            if (run_file(argv[i]) != 0)
                return 2;
            total++;
            continue;
        }
        d = opendir(argv[i]);
        if (!d)
            return 2;
        while ((de = readdir(d)) != NULL) {
            if (de->d_name[0] == '.')
                continue;
            names = realloc(names, (n + 1) * sizeof *names);
            if (!names)
                return 2;
            names[n++] = strdup(de->d_name);
        }
        closedir(d);
        qsort(names, n, sizeof *names, cmp_names);
        for (k = 0; k < n; k++) {
            char path[4096];
            snprintf(path, sizeof path, "%s/%s", argv[i], names[k]);
            if (run_file(path) != 0)
                return 2;
            count++;
            free(names[k]);
        }
        free(names);
        printf("replay: %s: %ld inputs\n", argv[i], count);
        total += count;
    }
    printf("replay: %ld inputs, no crash, no differential\n", total);
    return 0;
}
