/*
 * kurv tool: declarations shared by the tool's source files (never installed).
 *
 * Error discipline: every failure of a command ends in exactly one line on
 * stderr, written by tool_fail() ("kurv: <what>: <problem>"), and exit status 2.
 * A signature that does not verify is not a failure of the command: `kurv verify`
 * and `kurv schnorr verify` write the one line "kurv: signature does not verify"
 * to stderr themselves and exit with status 1. Nothing else in the tool writes to
 * stderr.
 */
#ifndef KURV_TOOL_H
#define KURV_TOOL_H

#include <stddef.h>
#include <stdint.h>
#include <kurv/kurv.h>

/* Exit statuses. */
#define TOOL_OK       0
#define TOOL_BADSIG   1
#define TOOL_ERR      2

/* Size limits of input files. */
#define TOOL_MAX_MSG  ((size_t)1 << 30)   /* messages to sign or verify: 1 GiB */
#define TOOL_MAX_KEY  ((size_t)64 << 10)  /* keys and signatures: 64 KiB */

/* ---- curves.c: the one table of every curve linked into the tool ---- */

/* The curve list (in the order `kurv curves` prints it); *count gets its length. */
const kurv_curve *const *tool_curves(size_t *count);
/* Look a curve up by name or alias, case-insensitively; NULL if unknown. */
const kurv_curve *tool_curve_find(const char *name);
/* The default digest for a curve: SHA-256 up to 256-bit orders, SHA-384 up to 384, else SHA-512. */
kurv_hash tool_default_hash(const kurv_curve *c);

/* ---- util.c: errors, options, files ---- */

/* Print "kurv: <formatted message>" and a newline to stderr; return TOOL_ERR. */
int tool_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* End of a command's output to stdout: flush it; TOOL_OK, or, when stdout could not be
 * written (a full disk, a closed descriptor), "kurv: stdout: write error..." and
 * TOOL_ERR. */
int tool_stdout_done(void);

/* A short phrase for a decoding error ("malformed DER/PEM", ...). */
const char *tool_err_phrase(kurv_err e);

/* Command-line options: one struct for every command; each command lists the ones it takes. */
enum {
    OPT_CURVE = 1u << 0,    /* -c, --curve NAME */
    OPT_OUT = 1u << 1,      /* -o, --out FILE */
    OPT_FORMAT = 1u << 2,   /* --format F */
    OPT_PKCS8 = 1u << 3,    /* --pkcs8 */
    OPT_KEY = 1u << 4,      /* -k, --key FILE */
    OPT_PUB = 1u << 5,      /* -p, --pub FILE (--peer for ecdh) */
    OPT_SIG = 1u << 6,      /* -s, --sig FILE */
    OPT_HASH = 1u << 7,     /* -H, --hash NAME */
    OPT_LOWS = 1u << 8,     /* --low-s */
    OPT_COMPRESSED = 1u << 9, /* --compressed */
    OPT_HEX = 1u << 10,     /* --hex */
    OPT_PRESET = 1u << 11,  /* --preset NAME (encrypt, decrypt) */
    /* --pass ARG: the password of an encrypted private key (openssl's pass:, env:, file:,
     * fd:, stdin). Taken by every command that takes OPT_KEY or OPT_PUB (tool_parse adds it)
     * and by keygen; tool_load_priv() and tool_load_pub() use it. */
    OPT_PASS = 1u << 16,
    OPT_ITER = 1u << 17,    /* --iter N (keygen: PBKDF2 iterations of an encrypted key) */
    /* the ECIES components (encrypt, decrypt; cmd_ecies.c); OPT_ECIES is all of them */
    OPT_KDF = 1u << 18,     /* --kdf kdf1|kdf2|hkdf */
    OPT_KDF_HASH = 1u << 19, /* --kdf-hash HASH */
    OPT_CIPHER = 1u << 20,  /* --cipher aes-128-cbc|...|aes-256-gcm */
    OPT_MAC_HASH = 1u << 21, /* --mac-hash HASH */
    OPT_MAC_KEY_LEN = 1u << 22, /* --mac-key-len N */
    OPT_TAG_LEN = 1u << 23, /* --tag-len N */
    OPT_Z_ONLY = 1u << 24,  /* --z-only */
    OPT_NO_LTAG = 1u << 25, /* --no-length-tag */
    OPT_SI1 = 1u << 26,     /* --shared-info1 HEX */
    OPT_SI2 = 1u << 27,     /* --shared-info2 HEX */
    OPT_IV = 1u << 28,      /* --iv HEX */
    OPT_HEDGED = 1u << 29,  /* --hedged (sign) */
    OPT_DIGEST = 1u << 30   /* --digest HEX (recover) */
};
#define OPT_ECIES (OPT_KDF | OPT_KDF_HASH | OPT_CIPHER | OPT_MAC_HASH | OPT_MAC_KEY_LEN | \
                   OPT_TAG_LEN | OPT_Z_ONLY | OPT_NO_LTAG | OPT_SI1 | OPT_SI2 | OPT_IV | \
                   OPT_COMPRESSED)

#define TOOL_MAX_POS 4

struct tool_opts {
    const char *curve, *out, *format, *key, *pub, *sig, *hash, *preset;
    int pkcs8, low_s, compressed, hex, help;
    const char *pass, *iter;                            /* --pass, --iter */
    const char *kdf, *kdf_hash, *cipher, *mac_hash, *mac_key_len, *tag_len; /* ECIES */
    const char *si1, *si2, *iv;
    int z_only, no_ltag;
    int hedged;                                         /* --hedged */
    const char *digest;                                 /* --digest */
    const char *pos[TOOL_MAX_POS];
    int npos;
};

/* Parse argv[1..argc-1] of command @cmd, accepting the options in @allowed (a mask of OPT_*),
 * -h/--help, and at most @max_pos positional arguments ("-" is positional, "--" ends options).
 * Return 0, or TOOL_ERR after printing the one error line. */
int tool_parse(struct tool_opts *o, const char *cmd, unsigned allowed, int max_pos,
               int argc, char **argv);

/* A whole file (or stdin for "-") in a malloc'd buffer of *len bytes (plus a NUL after them).
 * Return NULL after printing the one error line (missing, unreadable, larger than @limit). */
uint8_t *tool_read(const char *path, size_t limit, size_t *len);
/* Wipe and free a buffer from tool_read(). */
void tool_free(uint8_t *buf, size_t len);

/* Write @len bytes to @path, or to stdout when @path is NULL or "-". A new or existing
 * file gets mode 0600 when @secret is set. Return 0, or TOOL_ERR after the error line. */
int tool_write(const char *path, const uint8_t *buf, size_t len, int secret);

/* Lower-case hex of @len bytes into @out (2*@len + 1 bytes, NUL-terminated). */
void tool_hex(char *out, const uint8_t *in, size_t len);
/* Decode hex, skipping ASCII white space. Return the byte count, or -1 (bad digit, odd count,
 * more than @cap bytes). */
long tool_unhex(uint8_t *out, size_t cap, const uint8_t *in, size_t in_len);

/* A key loaded from a file. */
struct tool_key {
    const kurv_curve *curve;
    int has_priv;
    uint8_t priv[KURV_MAX_SCALAR_LEN];
    size_t priv_len;
    uint8_t pub[KURV_MAX_POINT_LEN];   /* SEC1, as in the file or uncompressed when derived */
    size_t pub_len;
};

/* Load a private key (SEC1 or PKCS#8, PEM or DER, or encrypted PKCS#8 with the --pass of
 * the last tool_parse()) from @path, with its public key.
 * Return 0, or TOOL_ERR after the error line. */
int tool_load_priv(struct tool_key *k, const char *path);
/* Load a public key (SubjectPublicKeyInfo) or, failing that, a private key's public half
 * (the private scalar is wiped). Return 0, or TOOL_ERR after the error line. */
int tool_load_pub(struct tool_key *k, const char *path);
/* The password named by an openssl-style ARG: "pass:TEXT", "env:VAR", "file:PATH" or
 * "fd:N" (the first line, without its "\n"), or "stdin" (the first line of stdin). Into
 * @buf (@cap bytes), *@len its length. Return 0, or TOOL_ERR after the one error line
 * (unknown form, unset variable, unreadable, longer than @cap). */
int tool_password(const char *arg, uint8_t *buf, size_t cap, size_t *len);
/* Longest password the tool reads, in bytes (as openssl's apps, 1024). */
#define TOOL_MAX_PASS 1024

/* Wipe a key. */
void tool_key_wipe(struct tool_key *k);

/* ---- commands ---- */
int cmd_keygen(int argc, char **argv);
int cmd_pubkey(int argc, char **argv);
int cmd_sign(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_recover(int argc, char **argv);   /* cmd_sig.c */
int cmd_ecdh(int argc, char **argv);
int cmd_encrypt(int argc, char **argv);
int cmd_decrypt(int argc, char **argv);
int cmd_demo(int argc, char **argv, const char *argv0);
/* cmd_schnorr.c (built when kurv-schnorr is): `kurv schnorr ...` */
int cmd_schnorr(int argc, char **argv);

/* ---- main.c: the command table ---- */

/* Print the help page of command @cmd (the general usage when NULL) from the command table to
 * stdout; return TOOL_OK, or TOOL_ERR after the one error line for an unknown command. */
int tool_help(const char *cmd);

#endif
