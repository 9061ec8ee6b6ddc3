/* kurv tests: shared helpers (vectors folder, JSON, hex, base64url, curve list). None uses
 * Criterion: the Criterion suites and the plain vector checker (tests/vectors) link them. */
#ifndef KURV_TESTUTIL_H
#define KURV_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>
#include <kurv/kurv.h>

/* kt_random(n): how many random inputs a test checks where its full count is n (n >= 1).
 *   - the everyday run (`meson test`, ./tools/run.sh test): a tenth of n, but never fewer
 *     than min(n, 50); the fixed inputs (edge values, known answers) are always all checked;
 *   - the test setup "full" (`meson test --setup full`, environment KURV_TEST_DEPTH=full;
 *     ./tools/run.sh check runs it on the asm and the portable builds): all n, the millions
 *     of random inputs each field and scalar routine was first checked on;
 *   - sanitizer builds (tests/meson.build defines KT_SANITIZED when b_sanitize is set): a
 *     fifth of the above, at least 1: the same code paths under ASan and UBSan.
 * The random generators have fixed seeds, so a smaller count checks a prefix of the same
 * inputs. KURV_TEST_DEPTH other than "full" or unset is the everyday count. */
long kt_random(long n);

/* @n test bytes from the xorshift64* generator whose state is *@state (the caller's fixed,
 * nonzero seed): a reproducible sequence, so that a failure repeats. Not for keys outside
 * tests. */
void kt_rand_bytes(uint64_t *state, uint8_t *b, size_t n);

/* The vectors folder (environment KURV_VECTORS_DIR, set by meson test), or NULL. */
const char *kt_vectors_dir(void);

/* Parse the JSON file at vectors_dir/rel. If the folder or file is missing, print a loud
 * "SKIP" line to stderr and return NULL (a Criterion test then calls cr_skip_test). */
json_object *kt_load_json(const char *rel);

/* Read the file at vectors_dir/rel, NUL-terminated, malloc'd; *len gets its size.
 * Missing: loud SKIP line and NULL, as kt_load_json. */
char *kt_load_text(const char *rel, size_t *len);

/* Decode hex (upper or lower case, even length) into out. Return the byte count, or -1
 * for bad hex, a NULL hex, or more than cap bytes. */
long kt_unhex(uint8_t *out, size_t cap, const char *hex);

/* Lower-case hex of len bytes into out (2*len+1 bytes). Return out. */
char *kt_hex(char *out, const uint8_t *in, size_t len);

/* Decode hex into a fresh malloc'd buffer (one byte more than needed, so that an empty
 * string still gives a pointer); *len gets the byte count. NULL for a NULL or bad hex
 * string, or when memory runs out. The caller frees it. */
uint8_t *kt_unhex_alloc(const char *hex, size_t *len);

/* JSON lookups that never fail on a vector file of the wrong shape: the member key of
 * object o (NULL when o is not an object or has no such member); kt_jstr only a string
 * member, kt_jarray only an array member. */
json_object *kt_jget(json_object *o, const char *key);
const char *kt_jstr(json_object *o, const char *key);
json_object *kt_jarray(json_object *o, const char *key);
/* Nonzero when the array member "flags" of the Wycheproof test case t holds the string flag. */
int kt_jflag(json_object *t, const char *flag);

/* Decode base64url without padding (RFC 4648 5, as JWK writes it: RFC 7515 2) into out.
 * Return the byte count, or -1 when s is malformed or decodes to more than cap bytes. */
long kt_b64url(uint8_t *out, size_t cap, const char *s);

/* A big-endian integer of any width (Wycheproof writes private keys with a leading sign
 * byte at times) as exactly len bytes in out: leading zeros dropped, then padded. Return 1,
 * or 0 when its value needs more than len bytes (out is then untouched). */
int kt_int_to_width(uint8_t *out, size_t len, const uint8_t *in, size_t in_len);

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
