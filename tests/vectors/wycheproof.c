/*
 * kurv-kat: the walk over Wycheproof files shared by the ECDSA and ECDH jobs (kat_wycheproof,
 * struct kat_wp_job in kat.h): find each built curve's files, parse them, run every case of
 * every group through the job, check numberOfTests, print the file's line.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <kurv_curve_list.h>
#include "kat.h"
#include "testutil.h"

const char KAT_WP_SKIP[] = "skip: curve not built";

/* A list of names that grows: the matching file names of one scan. */
struct names {
    char **v;
    size_t n, cap;
};

const char *kat_wp_judge(const char *result, int accepted, struct kat_wp_tally *t)
{
    if (!result)
        return "no result";
    if (strcmp(result, "valid") == 0) {
        t->valid++;
        return accepted ? NULL : "valid, refused";
    }
    if (strcmp(result, "invalid") == 0) {
        t->invalid++;
        return accepted ? "invalid, accepted" : NULL;
    }
    if (strcmp(result, "acceptable") == 0) {
        t->acceptable++;
        t->accepted += accepted != 0;
        return NULL;
    }
    return "unknown result";
}

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), m = strlen(tail);

    return n >= m && strcmp(s + n - m, tail) == 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The names in folder dir that start with prefix and end with tail, sorted, into *out. */
static void scan(const char *dir, const char *prefix, const char *tail, struct names *out)
{
    DIR *d = opendir(dir);
    struct dirent *e;

    out->n = 0;
    if (!d)
        return;
    while ((e = readdir(d)) != NULL) {
        char **grown;

        if (strncmp(e->d_name, prefix, strlen(prefix)) != 0 || !ends_with(e->d_name, tail))
            continue;
        if (out->n == out->cap) {
            grown = realloc(out->v, (out->cap * 2 + 8) * sizeof *grown);
            if (!grown)
                break;
            out->v = grown;
            out->cap = out->cap * 2 + 8;
        }
        out->v[out->n] = strdup(e->d_name);
        if (out->v[out->n])
            out->n++;
    }
    closedir(d);
    if (out->n)
        qsort(out->v, out->n, sizeof *out->v, by_name);
}

/* The cases of group jg: each skipped, failed with the group's fault, or checked by job. */
static size_t run_group(struct kat_wp_job *job, struct kat_file *f, json_object *jg,
                        const char *fault, struct kat_wp_tally *t)
{
    json_object *tests = kt_jarray(jg, "tests");
    size_t i, n = tests ? json_object_array_length(tests) : 0;

    if (!fault)
        fault = job->group(job, jg);
    if (fault == KAT_WP_SKIP) {
        f->skipped += n;
        return n;
    }
    for (i = 0; i < n; i++) {
        json_object *tc = json_object_array_get_idx(tests, i), *id = kt_jget(tc, "tcId");
        const char *result = kt_jstr(tc, "result"), *why = fault;
        char name[80];

        if (!why)
            why = job->check(job, tc, t);
        snprintf(name, sizeof name, "tcId %d (%s)", id ? json_object_get_int(id) : -1,
                 result ? result : "no result");
        kat_check(f, why == NULL, name, why);
    }
    return n;
}

/* One file: every group, every case, then its line. */
static void run_file(struct kat_wp_job *job, const char *rel)
{
    struct kat_file f;
    struct kat_wp_tally t = {0, 0, 0, 0};
    json_object *root, *groups, *count;
    const char *fault;
    size_t i, cases = 0;

    kat_file_begin(&f, rel);
    root = kat_load_json(&f);
    if (!root)
        return;
    job->label = NULL;
    fault = job->file ? job->file(job, root) : NULL;
    groups = kt_jarray(root, "testGroups");
    count = kt_jget(root, "numberOfTests");
    for (i = 0; groups && i < json_object_array_length(groups); i++)
        cases += run_group(job, &f, json_object_array_get_idx(groups, i), fault, &t);
    if (!groups || !count || json_object_get_int64(count) != (int64_t)cases)
        kat_fail(&f, "the file holds %zu cases, numberOfTests says %lld", cases,
                 count ? (long long)json_object_get_int64(count) : -1LL);
    kat_file_end(&f, "%s%svalid %zu, invalid %zu, acceptable %zu: %zu accepted",
                 job->label ? job->label : "", job->label ? "; " : "", t.valid, t.invalid,
                 t.acceptable, t.accepted);
    json_object_put(root);
}

void kat_wycheproof(struct kat_wp_job *job)
{
    static const char *const wp_names[] = {
#define KAT_WP_NAME(fam, acc, name, ossl, oid, wp, bc, prefix, hash) wp,
        KURV_CURVE_LIST(KAT_WP_NAME)
#undef KAT_WP_NAME
    };
    struct names found = {NULL, 0, 0};
    char dir[4096], prefix[128], rel[512];
    size_t i, k;

    snprintf(dir, sizeof dir, "%s/wycheproof", kt_vectors_dir());
    for (i = 0; i < sizeof wp_names / sizeof wp_names[0]; i++) {
        snprintf(prefix, sizeof prefix, "%s_%s_", job->algo, wp_names[i]);
        scan(dir, prefix, "_test.json", &found);
        if (!found.n)
            printf("wycheproof: no %s file for %s (%s/%s*_test.json)\n", job->algo,
                   wp_names[i], dir, prefix);
        for (k = 0; k < found.n; k++) {
            snprintf(rel, sizeof rel, "wycheproof/%s", found.v[k]);
            run_file(job, rel);
            free(found.v[k]);
        }
    }
    free(found.v);
}
