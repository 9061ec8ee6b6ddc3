/*
 * kurv tool: declarations shared by the tool's source files (never installed).
 *
 * Error discipline: every failure of a command ends in exactly one line on
 * stderr, written by tool_fail() ("kurv: <what>: <problem>"), and exit status 2.
 * A signature that does not verify is not a failure of the command: `kurv verify`
 * and `kurv schnorr verify` write the one line "kurv: signature does not verify"
 * to stderr themselves and exit with status 1. Nothing else in the tool writes to
 * stderr (a password prompt goes to the terminal itself, pass.c).
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

/* Size limits of input files read whole (messages to sign or verify are hashed as a
 * stream, with no limit: tool_digest_file()). */
#define TOOL_MAX_MSG  ((size_t)1 << 30)   /* ECIES and BIP-340 messages: 1 GiB */
#define TOOL_MAX_KEY  ((size_t)64 << 10)  /* keys and signatures: 64 KiB */

/* ---- curves.c: the one table of every curve linked into the tool ---- */

/* The curve list (in the order `kurv curves` prints it); *count gets its length. */
const kurv_curve *const *tool_curves(size_t *count);
/* Look a curve up by name or alias, case-insensitively; NULL if unknown. */
const kurv_curve *tool_curve_find(const char *name);
/* The default digest for a curve: SHA-256 up to 256-bit orders, SHA-384 up to 384, else SHA-512. */
kurv_hash tool_default_hash(const kurv_curve *c);

/* ---- util.c: the error line, stdout, hex ---- */

/* Print "kurv: <formatted message>" and a newline to stderr (a newline or CR inside the
 * message becomes '?', so it stays one line); return TOOL_ERR. */
int tool_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* End of a command's output to stdout: flush it; TOOL_OK, or, when stdout could not be
 * written (a full disk, a closed descriptor), "kurv: stdout: write error..." and
 * TOOL_ERR. */
int tool_stdout_done(void);

/* Lower-case hex of @len bytes into @out (2*@len + 1 bytes, NUL-terminated). */
void tool_hex(char *out, const uint8_t *in, size_t len);
/* Decode hex, skipping ASCII white space. Return the byte count, or -1 (bad digit, odd count,
 * more than @cap bytes). */
long tool_unhex(uint8_t *out, size_t cap, const uint8_t *in, size_t in_len);
/* @s after a leading "0x" or "0X" (as Ethereum tools print hex), else @s itself. */
const char *tool_skip_0x(const char *s);

/* ---- opts.c: command-line options ---- */

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
    OPT_FORCE = 1u << 12,   /* --force: replace an existing key file (with every OPT_OUT) */
    /* --pass ARG: the password of an encrypted private key (openssl's pass:, env:, file:,
     * fd:, stdin). Taken by every command that takes OPT_KEY or OPT_PUB (tool_parse adds it)
     * and by keygen; the command hands it to tool_load_priv() and tool_load_pub() in a
     * struct tool_pass. */
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
    int pkcs8, low_s, compressed, hex, help, force;
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
 * Return 0, or TOOL_ERR after printing the one error line (unknown option, an option given
 * twice, a missing or unexpected value, too many arguments). */
int tool_parse(struct tool_opts *o, const char *cmd, unsigned allowed, int max_pos,
               int argc, char **argv);

/* ---- files.c: input and output files ---- */

/* Claim standard input for one reader (a "-" file or a password); 0, or TOOL_ERR after
 * the error line when it was claimed before. */
int tool_claim_stdin(void);

struct stat;
/* Open the input @path (stdin for "-", claimed once: tool_claim_stdin()) for reading into
 * *@fd, its fstat into *@st (zeroed if unknown). Return 0, or TOOL_ERR after the error line
 * (missing, unreadable, a directory, stdin claimed before). Close with tool_in_close(). */
int tool_in_open(const char *path, int *fd, struct stat *st);
void tool_in_close(const char *path, int fd);
/* Read from @fd until @n bytes or the end of the input (@name in the error line). Return
 * the count (below @n only at the end), or -1 after the error line. */
long tool_in_read(int fd, const char *name, uint8_t *buf, size_t n);
/* The rest of @fd (@st from tool_in_open()) in a malloc'd buffer, as tool_read(); past
 * @limit the error line ends with @why when it is not NULL. */
uint8_t *tool_read_fd(int fd, const struct stat *st, const char *name, size_t limit,
                      size_t *len, const char *why);
/* A whole file (or stdin for "-") in a malloc'd buffer of *len bytes (plus a NUL after them).
 * Return NULL after printing the one error line (missing, unreadable, larger than @limit). */
uint8_t *tool_read(const char *path, size_t limit, size_t *len);
/* The SHA-2 digest @h (kurv_hash_len(h) bytes into @dg) of the file @path (stdin for "-"),
 * read as a stream through a fixed 64 KiB buffer with Nettle's update functions: constant
 * memory, no size limit. Return 0, or TOOL_ERR after the error line (missing, unreadable,
 * a directory, stdin claimed before). */
int tool_digest_file(uint8_t *dg, kurv_hash h, const char *path);
/* Wipe and free a buffer from tool_read() (NULL is ignored). */
void tool_free(uint8_t *buf, size_t len);

/* Output flags of tool_out_check() and tool_write(). */
#define TOOL_OUT_SECRET 1u   /* a secret (private key, plaintext, ECDH secret): mode 0600 */
#define TOOL_OUT_KEY    2u   /* a key file; with SECRET: never through a symbolic link */
#define TOOL_OUT_NEW    4u   /* a new key (keygen): an existing file is not replaced */
#define TOOL_OUT_FORCE  8u   /* --force: an existing key file may be replaced */

/* Before a command works: may the output @path (NULL or "-": stdout, always fine) be
 * written? Refused, each with its error line and TOOL_ERR: @path is the same file as one
 * of the @n @inputs (by device and inode, so also through a link; NULL and "-" entries are
 * skipped); @path is a symbolic link and @flags has TOOL_OUT_KEY or TOOL_OUT_SECRET; without
 * TOOL_OUT_FORCE, @path is an existing regular file and @flags has TOOL_OUT_NEW, or it
 * holds a private key. Return 0 otherwise. */
int tool_out_check(const char *path, unsigned flags, const char *const *inputs, size_t n);

/* Write @len bytes to @path, or to stdout when @path is NULL or "-". A regular file (new or
 * existing) is written to a temporary file in its folder, synced and renamed over it (with
 * TOOL_OUT_NEW and no TOOL_OUT_FORCE: linked, so an existing name is never replaced); mode
 * 0600 with TOOL_OUT_SECRET, else 0644 less the umask. A symbolic link is refused for keys
 * and secrets, else the file it names is replaced. A device or FIFO is written in place.
 * On any error nothing is left behind (the temporary file is removed, an existing file
 * keeps its contents). Return 0, or TOOL_ERR after the error line. */
int tool_write(const char *path, const uint8_t *buf, size_t len, unsigned flags);

/* An output written piece by piece, as tool_write() writes it whole: tool_out_open() (the
 * same checks and the same kinds: stdout, a device or FIFO written in place, else a
 * temporary file beside the target), tool_out_put() any number of times, then
 * tool_out_commit() (sync, close, rename into place) or tool_out_discard() (the temporary
 * file removed: nothing appears). Each returns 0 or TOOL_ERR after the error line; a failed
 * put or commit has discarded the output. Only a TOOL_OUT_STAGED output can hold bytes
 * back from every reader until the commit. */
#define TOOL_PATH_MAX 4096   /* Linux's PATH_MAX: realpath() writes into target */
enum { TOOL_OUT_CLOSED = 0, TOOL_OUT_TO_STDOUT, TOOL_OUT_IN_PLACE, TOOL_OUT_STAGED };
struct tool_out {
    int fd, kind;
    unsigned flags;
    const char *path;
    char target[TOOL_PATH_MAX], tmp[TOOL_PATH_MAX + 32];
};
int tool_out_open(struct tool_out *w, const char *path, unsigned flags);
int tool_out_put(struct tool_out *w, const uint8_t *buf, size_t len);
int tool_out_commit(struct tool_out *w);
void tool_out_discard(struct tool_out *w);

/* ---- pass.c: passwords ---- */

/* Longest password the tool reads, in bytes (as openssl's apps, 1024). */
#define TOOL_MAX_PASS 1024

/* tool_password() flags: a new password (keygen), asked twice on a terminal. */
#define TOOL_PASS_NEW 1u

/* The password named by an openssl-style ARG: "pass:TEXT", "env:VAR", "file:PATH" or
 * "fd:N" (the first line, without its "\n"), "stdin" (the first line of stdin), or
 * "prompt" (also ARG NULL): typed on the terminal that is stdin. When the descriptor read
 * (stdin, fd:N, prompt) is a terminal, a prompt naming @what ("of key.pem") is written to
 * that terminal, the line is read with echo off (the settings restored on every path,
 * signals included), and with TOOL_PASS_NEW it is asked twice. Into @buf (@cap bytes),
 * *@len its length. Return 0, or TOOL_ERR after the one error line (unknown form, unset
 * variable, unreadable, longer than @cap, prompt without a terminal, two entries that
 * differ). */
int tool_password(const char *arg, const char *what, unsigned flags, uint8_t *buf, size_t cap,
                  size_t *len);

/* A command's password source and, once read, the password (read at most once: stdin
 * cannot be read twice). Owned by the command, which wipes it with tool_pass_wipe(). */
struct tool_pass {
    const char *arg;              /* --pass ARG, or NULL: none given (a terminal is asked) */
    int have;                     /* buf holds the password */
    size_t len;
    uint8_t buf[TOOL_MAX_PASS];
};
/* An empty password source for --pass @arg (NULL: none). */
void tool_pass_init(struct tool_pass *pw, const char *arg);
/* Read the password of @pw if not read yet (tool_password(), @what names the key in a
 * prompt); 0 or TOOL_ERR after the error line. */
int tool_pass_get(struct tool_pass *pw, const char *what);
/* Wipe the password held in @pw (it may be read again afterwards). */
void tool_pass_wipe(struct tool_pass *pw);

/* ---- keydiag.c: the key in a key file, and why one is refused ---- */

/* The key in the file @path read into @buf (@len bytes): for PEM, as OpenSSL reads it, the
 * first block whose label ends in "PRIVATE KEY" or "PUBLIC KEY" from its BEGIN line to the
 * end of its END line (text around blocks, EC PARAMETERS, CERTIFICATE and other blocks
 * passed over); for DER, or text with no whole PEM block, @buf itself (the library names
 * the problem). Return 0 with *@key and *@key_len set, or TOOL_ERR after the one line that
 * says what the file holds instead: nothing (empty or blank), a certificate (with the
 * openssl command that takes its public key), only EC PARAMETERS, other blocks. */
int tool_key_select(const char *path, const uint8_t *buf, size_t len, const uint8_t **key,
                    size_t *key_len);
/* For the encrypted key @key (@len bytes, PEM or DER): TOOL_ERR after the line naming its
 * scheme and the openssl command that converts it, when kurv does not read the scheme
 * (scrypt, 3DES, DES, PBES1, PKCS#12 PBE, ciphers other than AES-CBC); 0 otherwise. */
int tool_key_scheme(const char *path, const uint8_t *key, size_t len);
/* Why the library refused the key @key (@len bytes, PEM or DER; @e its error): TOOL_ERR
 * after one line naming a reason it recognises (explicit curve parameters, a hybrid point
 * 0x06/0x07, a stored public key that is not d*G, d = 0, a certificate, EC parameters
 * only, another algorithm), with the openssl command that converts the file where there
 * is one; 0 when it recognises none (the caller says the general problem). */
int tool_key_diagnose(const char *path, const uint8_t *key, size_t len, kurv_err e);

/* ---- keys.c: key files ---- */

/* A key loaded from a file. */
struct tool_key {
    /* 0 for a key on a curve of tool_curves(); for an X25519 or Ed25519 key (loaded only
     * with TOOL_KEY_25519, in a build with kurv-25519) its kurv_25519_alg, with @curve NULL,
     * the 32-byte private key (seed) in @priv and the 32-byte public key in @pub */
    int alg25519;
    const kurv_curve *curve;
    int has_priv;
    uint8_t priv[KURV_MAX_SCALAR_LEN];
    size_t priv_len;
    uint8_t pub[KURV_MAX_POINT_LEN];   /* SEC1, as in the file or uncompressed when derived */
    size_t pub_len;
};

/* Load a private key (SEC1 or PKCS#8, PEM or DER, or encrypted PKCS#8 with the password of
 * @pw; @pw may be NULL: no password) from @path, with its public key.
 * Return 0, or TOOL_ERR after the error line (the key is then wiped). */
int tool_load_priv(struct tool_key *k, const char *path, struct tool_pass *pw);
/* Load a public key (SubjectPublicKeyInfo) or, failing that, a private key's public half
 * (the private scalar is wiped; @pw as for tool_load_priv()). Return 0, or TOOL_ERR after
 * the error line. */
int tool_load_pub(struct tool_key *k, const char *path, struct tool_pass *pw);
/* As tool_load_priv() (@which TOOL_KEY_PRIV) or tool_load_pub() (TOOL_KEY_PUB), and with
 * TOOL_KEY_25519 or'ed into @which X25519 and Ed25519 keys too (see below). */
int tool_load(struct tool_key *k, const char *path, struct tool_pass *pw, int which);
/* One key from @path, with its own password source @pass_arg (the --pass argument, NULL
 * when none was given; read at most once and wiped before return): @which TOOL_KEY_PRIV
 * loads as tool_load_priv(), TOOL_KEY_PUB as tool_load_pub(). Return 0, or TOOL_ERR after
 * the error line (the key is then wiped). */
#define TOOL_KEY_PRIV 0
#define TOOL_KEY_PUB  1
/* or'ed into @which: an X25519 or Ed25519 key is taken too (k->alg25519 set, k->curve NULL;
 * the command must handle both kinds); without it such a file is refused as another
 * algorithm, so no other command ever sees a key without a curve */
#define TOOL_KEY_25519 2
int tool_load_key(struct tool_key *k, const char *path, const char *pass_arg, int which);

/* Wipe a key. */
void tool_key_wipe(struct tool_key *k);

/* ---- keys25519.c (a build with kurv-25519): X25519 and Ed25519 key files ---- */

/* The kurv_25519_alg of the curve name @name ("x25519" or "ed25519", any case); 0 when it
 * names neither. */
int tool_25519_alg(const char *name);
/* The tool's name of @alg ("x25519", "ed25519"). */
const char *tool_25519_name(int alg);
/* The selected key block @key (@len bytes, from @path) as an X25519 or Ed25519 key into
 * @k (a private key, and its public key, for TOOL_KEY_PRIV; the public key for
 * TOOL_KEY_PUB, taken from a private key file too, whose key is then wiped). Return 1 when
 * the block is not such a key (an RFC 8410 algorithm OID is not found: the caller reads it
 * as an EC key), 0 when loaded, or TOOL_ERR after the one error line (a public key where a
 * private key is needed, a bad key length, a v2 public key that is not the key's, a wrong
 * password). An encrypted key is decrypted with the password of @pw (asked for as keys.c
 * asks, and only then); one with another key inside is left to keys.c (1). */
int tool_25519_decode(struct tool_key *k, const uint8_t *key, size_t len, int which,
                      struct tool_pass *pw, const char *path);

/* ---- commands: each runs `kurv NAME` with @argv from the command's name on (argv[0]),
 * prints its output or exactly one error line, and returns the exit status (TOOL_OK,
 * TOOL_BADSIG for a signature that does not verify, TOOL_ERR) ---- */
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
/* cmd_25519.c (built when kurv-25519 is): the X25519 and Ed25519 halves of keygen, pubkey,
 * sign, verify and ecdh, which the commands hand over to once they have parsed their
 * options (@o) and, but for keygen, loaded the key(s) with TOOL_KEY_25519 and found one of
 * them an X25519 or Ed25519 key (@alg: its kurv_25519_alg; @fmt: the key file format the
 * command parsed). Each wipes the keys it is given and returns the exit
 * status, with exactly one error line on failure (tool.h's discipline). */
int cmd_25519_keygen(const struct tool_opts *o, int alg, int fmt, unsigned long iter);
int cmd_25519_pubkey(const struct tool_opts *o, struct tool_key *k, int fmt, unsigned out_flags);
int cmd_25519_sign(const struct tool_opts *o, struct tool_key *k, unsigned out_flags);
int cmd_25519_verify(const struct tool_opts *o, struct tool_key *k);
int cmd_25519_ecdh(const struct tool_opts *o, struct tool_key *k, struct tool_key *peer,
                   unsigned out_flags);
/* `kurv curves`'s lines of x25519 and ed25519, in its columns. */
void cmd_25519_curves(void);

/* ---- help.c: the help texts ---- */

/* Print the help page of command @cmd (the general usage when NULL) to stdout; return
 * TOOL_OK, or TOOL_ERR after the one error line for an unknown command or a failed write. */
int tool_help(const char *cmd);

#endif
