/*
 * kurv-kat: the known-answer and Wycheproof vectors of vectors_dir on every built curve, in
 * plain C11 with json-c and no Criterion, so that they run on every architecture (Debian has
 * no libcriterion-dev for armhf and s390x). One job a file: ecdsa.c (Wycheproof ECDSA), ecdh.c
 * (Wycheproof ECDH), rfc6979.c, bip340.c (when kurv-schnorr is built), ecies.c (BouncyCastle's
 * ECIES vectors); wycheproof.c walks the Wycheproof files of the first two; main.c runs the
 * jobs and keeps the tallies.
 *
 * Output: a line for each vector file with its counts, a FAIL line for each failed vector
 * (the first KAT_FAIL_LINES of a file), then one closing line "N passed, N failed, N skipped".
 * Exit status: 0 when nothing failed, 1 on any failure, 77 (Meson's skip) when the vectors
 * folder is missing or holds no vector this build can run.
 */
#ifndef KURV_KAT_H
#define KURV_KAT_H

#include <stddef.h>
#include <json-c/json.h>
#include <kurv/kurv.h>

#define KAT_FAIL_LINES 10

/* The tally of one vector file (rel: its path under vectors_dir). A vector passes, fails, or
 * is skipped (its curve is not built); a fault of the file itself (not JSON, a wrong
 * numberOfTests) counts as one failure. */
struct kat_file {
    const char *rel;
    size_t passed, failed, skipped;
};

/* Start the tally of vectors_dir/rel. */
void kat_file_begin(struct kat_file *f, const char *rel);

/* Count one failure of file f and print a FAIL line (printf format) for the first
 * KAT_FAIL_LINES of the file. */
void kat_fail(struct kat_file *f, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Count one vector of file f: passed when ok is non-zero, else failed with the reason why
 * (a FAIL line naming the vector id). */
void kat_check(struct kat_file *f, int ok, const char *id, const char *why);

/* Print file f's line, "<rel>: N passed, N failed[, N skipped] (<detail>)" with the detail a
 * printf format (NULL: none), and add its counts to the run's. */
void kat_file_end(struct kat_file *f, const char *detail, ...)
    __attribute__((format(printf, 2, 3)));

/* The text of file f->rel, NUL-terminated, malloc'd. NULL when it is missing (a loud SKIP
 * line; nothing counted) or cannot be read (one failure, and the file's line). */
char *kat_load_text(struct kat_file *f);

/* Parse the JSON file f->rel. NULL as kat_load_text, or when it is not JSON (one failure,
 * and the file's line). The caller releases it with json_object_put. */
json_object *kat_load_json(struct kat_file *f);

/* The Wycheproof verdicts of one file's cases, and how many "acceptable" ones kurv accepted. */
struct kat_wp_tally {
    size_t valid, invalid, acceptable, accepted;
};

/* Hold kurv's answer to one Wycheproof case (accepted: non-zero when it accepted) against the
 * case's result: "valid" must be accepted, "invalid" refused, and "acceptable" may go either
 * way (Wycheproof's meaning: a legal choice; the Criterion tests take it the same way, and
 * count the ones accepted). Count the verdict in t; return NULL when they agree, else what is
 * wrong. */
const char *kat_wp_judge(const char *result, int accepted, struct kat_wp_tally *t);

/* A Wycheproof job (wycheproof.c walks its files): a job's state struct starts with it.
 *   algo   the files' prefix: vectors_dir/wycheproof/<algo>_<curve>_*_test.json, for the
 *          Wycheproof name of every built curve (kurv_curve_list.h);
 *   file   (or NULL) called once a file is parsed, before its groups: NULL, or why no
 *          case of the file can run (each then fails with it); it may set label, which the
 *          file's line shows before the verdict counts;
 *   group  prepares test group jg: NULL, KAT_WP_SKIP when its curve is not built (its cases
 *          are skipped), or why none of its cases can run (each then fails with it);
 *   check  what is wrong with kurv's answer to case tc of the group last prepared, or NULL.
 * Besides each case, a file whose case count differs from its numberOfTests fails once. */
struct kat_wp_job {
    const char *algo;
    const char *(*file)(struct kat_wp_job *job, json_object *root);
    const char *(*group)(struct kat_wp_job *job, json_object *jg);
    const char *(*check)(struct kat_wp_job *job, json_object *tc, struct kat_wp_tally *t);
    const char *label;
};
extern const char KAT_WP_SKIP[];

/* Run job on every file it names, in name order; a built curve without such a file gets a
 * line that says so. */
void kat_wycheproof(struct kat_wp_job *job);

/* The jobs, each one vector family. */
void kat_wycheproof_ecdsa(void);
void kat_wycheproof_ecdh(void);
void kat_rfc6979(void);
void kat_bip340(void);
void kat_ecies(void);

#endif
