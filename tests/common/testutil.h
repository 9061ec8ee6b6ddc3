/* kurv tests: shared helpers (vectors folder, JSON, hex, curve list). */
#ifndef KURV_TESTUTIL_H
#define KURV_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>
#include <kurv/kurv.h>

/* KT_RANDOM(n): the number of random inputs a test checks where it would check n. Under
 * the sanitizers (tests/meson.build defines KT_SANITIZED when b_sanitize is set; CI's
 * build-san) a fifth of n, at least 1: the same code paths under ASan and UBSan, while the
 * full counts (the millions) run in the plain and -Dasm=false builds. */
#ifdef KT_SANITIZED
#define KT_RANDOM(n) ((n) / 5 > 0 ? (n) / 5 : 1)
#else
#define KT_RANDOM(n) (n)
#endif

/* The vectors folder (environment KURV_VECTORS_DIR, set by meson test), or NULL. */
const char *kt_vectors_dir(void);

/* Parse the JSON file at vectors_dir/rel. If the folder or file is missing, print a loud
 * "SKIP" line to stderr and return NULL (the caller then calls cr_skip_test). */
json_object *kt_load_json(const char *rel);

/* Read the file at vectors_dir/rel, NUL-terminated, malloc'd; *len gets its size.
 * Missing: loud SKIP line and NULL, as kt_load_json. */
char *kt_load_text(const char *rel, size_t *len);

/* Decode hex (upper or lower case, even length) into out. Return the byte count, or -1
 * for bad hex or more than cap bytes. */
long kt_unhex(uint8_t *out, size_t cap, const char *hex);

/* Lower-case hex of len bytes into out (2*len+1 bytes). Return out. */
char *kt_hex(char *out, const uint8_t *in, size_t len);

/* Every curve this build made (the registry's built curves, kurv_curve_list.h), and a lookup
 * by kurv's names and aliases and by the registry's Wycheproof, OpenSSL and BouncyCastle
 * names. kt_curve returns NULL for an unknown name, or a curve this build lacks. */
extern const kurv_curve *kt_curves[];
extern size_t kt_ncurves;
const kurv_curve *kt_curve(const char *name);

/* OpenSSL's short name of a built curve ("prime256v1", ...: give it to OBJ_sn2nid), or NULL
 * for a curve that is not one of kt_curves. */
const char *kt_openssl_name(const kurv_curve *c);

/* Parse the hash names used by the vectors ("SHA-256", ...). */
static inline kurv_hash kt_hash(const char *name) { return kurv_hash_from_name(name); }

#endif
