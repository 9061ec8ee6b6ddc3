/*
 * kurv tool: the help texts (see tool.h, "help.c").
 *
 * Contract: tool_help() prints `kurv help` (every command's synopsis and summary) or one
 * command's usage to stdout. It knows the commands by name only and calls none of them,
 * so that every command may call it without a cycle between the command files and main.c.
 */
#include "tool.h"

#include <kurv_curve_list.h>   /* KURV_HAVE_SCHNORR, KURV_HAVE_25519 */

#include <stdio.h>
#include <string.h>

/*
 * The help of each command, one row each in the order `kurv help` lists them: its synopsis
 * and summary for `kurv help`, its usage for `kurv help CMD` and `kurv CMD --help`. main.c
 * dispatches by the same names.
 */
struct help_entry {
    const char *name;
    const char *synopsis;   /* the command and its main options, as `kurv help` lists them */
    const char *summary;    /* what it does, one line */
    const char *usage;      /* its help page (kurv help CMD, kurv CMD --help) */
};

/* --pass, as every command that reads a key file lists it (pass.c, keys.c). */
#define PASS_OPTION_HELP \
        "  --pass ARG          password of an encrypted key: pass:TEXT, env:VAR, file:PATH,\n" \
        "                      fd:N, stdin or prompt (on a terminal: typed without echo);\n" \
        "                      without --pass, a terminal on stdin is asked\n"

/* The ECIES component options, as kurv encrypt and kurv decrypt list them (cmd_ecies.c). */
#define ECIES_OPTIONS_HELP \
        "  --kdf kdf1|kdf2|hkdf, --kdf-hash sha256|sha384|sha512\n" \
        "                      the KDF (ISO 18033-2 KDF1, KDF2 = ANSI X9.63, RFC 5869 HKDF)\n" \
        "  --cipher C          aes-128-cbc, aes-192-cbc, aes-256-cbc, aes-128-ctr,\n" \
        "                      aes-192-ctr, aes-256-ctr, aes-128-gcm, aes-192-gcm or\n" \
        "                      aes-256-gcm (GCM has its own tag: no HMAC options)\n" \
        "  --mac-hash H        HMAC hash: sha256, sha384 or sha512\n" \
        "  --mac-key-len N     HMAC key bytes, 16..64\n" \
        "  --tag-len N         HMAC tag bytes, 16..hash length (default: the full hash)\n" \
        "  --z-only            KDF input Z alone (SEC 1), not V || Z\n" \
        "  --no-length-tag     MAC C || SharedInfo2 without BouncyCastle's 8-byte length\n" \
        "  --compressed        send V compressed (encrypt; decrypt reads either form)\n" \
        "  --shared-info1 HEX  KDF info (SEC 1 SharedInfo1, BouncyCastle derivation)\n" \
        "  --shared-info2 HEX  MACed after C (SharedInfo2, BouncyCastle encoding, Botan label;\n" \
        "                      the associated data with GCM)\n" \
        "  --iv HEX            the IV (CBC, CTR: 16 bytes) or nonce (GCM: 12); default zeros\n" \
        "                      (never sent; with CBC and CTR not under the MAC, as in\n" \
        "                      BouncyCastle: a wrong IV decrypts, wrongly, without an error)\n" \
        "Both sides must give the same preset and options.\n"

/* The paragraphs on x25519 and ed25519 keys (cmd_25519.c), in a build with kurv-25519. */
#ifdef KURV_HAVE_25519
#define HELP_25519_KEYGEN \
        "\n" \
        "x25519 and ed25519 (RFC 8410): always PKCS#8 \"PRIVATE KEY\" (--pkcs8 or not), as\n" \
        "`openssl genpkey -algorithm x25519|ed25519` writes it; encrypted with --pass as\n" \
        "above.\n"
#define HELP_25519_PUBKEY \
        "\n" \
        "An x25519 or ed25519 key gives its RFC 8410 SubjectPublicKeyInfo (no --compressed).\n"
#define HELP_25519_SIGN \
        "\n" \
        "With an ed25519 key: pure Ed25519 (RFC 8032) of FILE's contents, as `openssl pkeyutl\n" \
        "-sign -rawin` makes it; --format raw (the default: R || S, 64 bytes) or hex; no -H,\n" \
        "--low-s or --hedged.\n"
#define HELP_25519_VERIFY \
        "\n" \
        "With an ed25519 public key: pure Ed25519 (RFC 8032), the signature raw (default, 64\n" \
        "bytes) or hex; no -H or --low-s.\n"
#define HELP_25519_ECDH \
        "\n" \
        "With x25519 keys (both): X25519 (RFC 7748), 32 bytes; a peer key of small order,\n" \
        "which gives an all-zero secret, is refused.\n"
#else
#define HELP_25519_KEYGEN ""
#define HELP_25519_PUBKEY ""
#define HELP_25519_SIGN ""
#define HELP_25519_VERIFY ""
#define HELP_25519_ECDH ""
#endif

static const struct help_entry entries[] = {
    { "keygen",
      "keygen  -c CURVE [-o key.pem [--force]] [--format pem|der] [--pkcs8] [--pass ARG [--iter N]]",
      "make a private key (SEC1 \"EC PRIVATE KEY\" PEM by default)",
        "usage: kurv keygen -c CURVE [-o FILE [--force]] [--format pem|der] [--pkcs8]\n"
        "                   [--pass ARG [--iter N]]\n"
        "\n"
        "Make a private key from the system random generator and write it, with its public\n"
        "key and named curve, as OpenSSL does (`openssl ecparam -genkey -noout`).\n"
        "\n"
        "  -c, --curve CURVE   curve name or alias, case-insensitive (see kurv curves)\n"
        "  -o, --out FILE      output file, created with mode 0600 (default: stdout); an\n"
        "                      existing file is not replaced, nor a symbolic link followed\n"
        "  --force             replace an existing FILE\n"
        "  --format pem|der    PEM (default) or binary DER\n"
        "  --pkcs8             PKCS#8 PrivateKeyInfo (\"PRIVATE KEY\") instead of SEC1\n"
        "                      ECPrivateKey (\"EC PRIVATE KEY\")\n"
        "  --pass ARG          encrypt the key with this password: PKCS#8 \"ENCRYPTED PRIVATE\n"
        "                      KEY\", PBES2 with PBKDF2-HMAC-SHA-256 and AES-256-CBC, as\n"
        "                      `openssl genpkey -aes256` writes; ARG is pass:TEXT, env:VAR,\n"
        "                      file:PATH, fd:N (their first line), stdin or prompt (on a\n"
        "                      terminal: typed twice, without echo)\n"
        "  --iter N            PBKDF2 iterations (default 100000; OpenSSL 3 writes 2048)\n"
        HELP_25519_KEYGEN },
    { "pubkey",
      "pubkey  -k KEY [-o pub.pem] [--format pem|der] [--compressed]",
      "write the public key (SubjectPublicKeyInfo)",
        "usage: kurv pubkey -k KEYFILE [-o FILE] [--format pem|der] [--compressed]\n"
        "\n"
        "Write the public key of a private key (or re-encode a public key) as a\n"
        "SubjectPublicKeyInfo, as `openssl pkey -pubout` does.\n"
        "\n"
        "  -k, --key FILE      private key (SEC1 or PKCS#8) or public key, PEM or DER\n"
        "  -o, --out FILE      output file (default: stdout)\n"
        "  --force             replace FILE even when it holds a private key\n"
        "  --format pem|der    PEM \"PUBLIC KEY\" (default) or binary DER\n"
        "  --compressed        store the point compressed (0x02/0x03); default uncompressed\n"
        PASS_OPTION_HELP
        HELP_25519_PUBKEY },
    { "sign",
      "sign    -k KEY [-H HASH] [-o SIG] [--format der|raw|hex|rec] [--low-s] [--hedged] FILE",
      "sign FILE (- for stdin); DER signature by default",
        "usage: kurv sign -k KEYFILE [-H HASH] [-o FILE] [--format der|raw|hex|rec] [--low-s]\n"
        "                 [--hedged] FILE\n"
        "\n"
        "Sign FILE (- for stdin) with ECDSA and a deterministic RFC 6979 nonce. The DER\n"
        "output is what `openssl dgst -sha256 -sign` writes and `-verify` reads.\n"
        "\n"
        "  -k, --key FILE      private key, PEM or DER, SEC1 or PKCS#8\n"
        "  -H, --hash HASH     sha224, sha256, sha384 or sha512 (default: sha256 for curves\n"
        "                      up to 256 bits, sha384 up to 384 bits, sha512 above)\n"
        "  -o, --out FILE      signature file (default: stdout)\n"
        "  --force             replace FILE even when it holds a private key\n"
        "  --format F          der (default), raw (r||s, 2 x scalar bytes), hex (of r||s) or\n"
        "                      rec (r||s and the recovery id 0..3, one byte: see kurv recover)\n"
        "  --low-s             make s <= n/2, as Bitcoin requires\n"
        "  --hedged            mix 32 fresh random bytes into the RFC 6979 nonce (its 3.6\n"
        "                      additional data): signatures of one message then differ\n"
        PASS_OPTION_HELP
        HELP_25519_SIGN },
    { "verify",
      "verify  -p PUB -s SIG [-H HASH] [--format der|raw|hex|rec] [--low-s] FILE",
      "verify a signature; exit 0 if valid, 1 if not",
        "usage: kurv verify -p PUBFILE -s SIGFILE [-H HASH] [--format der|raw|hex|rec]\n"
        "                   [--low-s] FILE\n"
        "\n"
        "Verify an ECDSA signature on FILE (- for stdin). Prints \"Verified OK\" and exits 0 if\n"
        "it is valid; exits 1 with \"kurv: signature does not verify\" if not; exits 2 on bad\n"
        "input (unreadable key, malformed signature).\n"
        "\n"
        "  -p, --pub FILE      public key (SubjectPublicKeyInfo) or a private key, PEM or DER\n"
        "  -s, --sig FILE      the signature\n"
        "  -H, --hash HASH     as for kurv sign (same default)\n"
        "  --format F          der (default), raw, hex, or rec (r||s||id as kurv sign\n"
        "                      --format rec writes; the id must give this key)\n"
        "  --low-s             also reject signatures with s > n/2\n"
        PASS_OPTION_HELP
        HELP_25519_VERIFY },
    { "recover",
      "recover -c CURVE -s SIG [-H HASH] [--format rec|eth] [-o PUB] (FILE | --digest HEX)",
      "the public key that signed FILE, from a signature with its recovery id",
        "usage: kurv recover -c CURVE -s SIGFILE [-H HASH] [--format rec|eth] [-o FILE]\n"
        "                    [--compressed] FILE\n"
        "       kurv recover -c CURVE -s SIGFILE --digest HEX [--format rec|eth] [-o FILE]\n"
        "                    [--compressed]\n"
        "\n"
        "Recover the ECDSA public key from a signature on FILE (- for stdin) and its\n"
        "recovery id (SEC 1 v2 4.1.6), and write it as a PEM SubjectPublicKeyInfo (kurv\n"
        "pubkey --format der converts it). The signature file is raw bytes or hex (0x\n"
        "and white space allowed).\n"
        "\n"
        "  -c, --curve CURVE   the curve of the signature (see kurv curves)\n"
        "  -s, --sig FILE      the signature with its recovery id\n"
        "  -H, --hash HASH     as for kurv sign (same default)\n"
        "  --digest HEX        the signed digest itself instead of FILE and -H (1 to 64\n"
        "                      bytes, an optional 0x; e.g. an Ethereum Keccak-256 signing\n"
        "                      hash)\n"
        "  --format F          rec (default): r||s||id, as kurv sign --format rec writes;\n"
        "                      eth: Ethereum's r||s||v, v = 27 + id, EIP-155's\n"
        "                      35 + 2 x chain id + id (v up to 8 bytes, big-endian) or a\n"
        "                      typed transaction's y-parity 0/1; secp256k1 only\n"
        "  -o, --out FILE      public key file (default: stdout)\n"
        "  --force             replace FILE even when it holds a private key\n"
        "  --compressed        store the point compressed (0x02/0x03); default uncompressed\n" },
    { "ecdh",
      "ecdh    -k KEY -p PEER [-o OUT] [--hex]",
      "the shared secret (x-coordinate), raw bytes or hex",
        "usage: kurv ecdh -k KEYFILE -p PEERFILE [-o FILE] [--hex]\n"
        "\n"
        "Compute the ECDH shared secret: the x-coordinate of d*Q, field-length bytes, as\n"
        "`openssl pkeyutl -derive` writes it. Hash it (a KDF) before using it as a key.\n"
        "\n"
        "  -k, --key FILE      your private key\n"
        "  -p, --peer FILE     the peer's public key (or private key), same curve\n"
        "  -o, --out FILE      output file, created with mode 0600 (default: stdout)\n"
        "  --force             replace FILE even when it holds a private key\n"
        "  --hex               write lower-case hex and a newline instead of raw bytes\n"
        PASS_OPTION_HELP
        HELP_25519_ECDH },
    { "encrypt",
      "encrypt -p PUB [--preset NAME] [ECIES options] [-o OUT] FILE",
      "ECIES-encrypt FILE (- for stdin) to a public key",
        "usage: kurv encrypt -p PUBFILE [--preset NAME] [ECIES options] [-o FILE] FILE\n"
        "\n"
        "Encrypt FILE (- for stdin) to a public key with ECIES. The default preset writes what\n"
        "BouncyCastle's IESEngine reads: V || C || T with a fresh ephemeral key V, KDF2-SHA-256\n"
        "over V || Z, AES-128-CBC and HMAC-SHA-256. Any size, as a stream, in constant memory.\n"
        "\n"
        "  -p, --pub FILE      recipient's public key (SubjectPublicKeyInfo) or private key\n"
        "  --preset NAME       bc-aes128-cbc (default), bc-aes256-cbc, sec1-aes128-ctr,\n"
        "                      botan-aes128-cbc or botan-aes256-cbc (Botan 2's ECIES with\n"
        "                      KDF2(SHA-256), AES-CBC, HMAC(SHA-256) 32-byte key)\n"
        "  -o, --out FILE      ciphertext file (default: stdout)\n"
        "  --force             replace FILE even when it holds a private key\n"
        PASS_OPTION_HELP
        "ECIES options, each replacing that part of the preset:\n"
        ECIES_OPTIONS_HELP },
    { "decrypt",
      "decrypt -k KEY [--preset NAME] [ECIES options] [-o OUT] FILE",
      "decrypt an ECIES ciphertext with the private key",
        "usage: kurv decrypt -k KEYFILE [--preset NAME] [ECIES options] [-o FILE] FILE\n"
        "\n"
        "Decrypt an ECIES ciphertext (FILE, - for stdin) with a private key. Any refusal (wrong\n"
        "key, wrong preset, altered or truncated data) is one error, \"decryption failed\",\n"
        "with exit status 2 and no output. -o FILE: any size, in constant memory, written\n"
        "to a temporary file beside it, renamed into place only once the tag has verified;\n"
        "to stdout the ciphertext is held in memory, up to 1 GiB, until its tag verifies.\n"
        "\n"
        "  -k, --key FILE      your private key, PEM or DER, SEC1 or PKCS#8\n"
        "  --preset NAME       the preset the sender used (default bc-aes128-cbc)\n"
        "  -o, --out FILE      plaintext file, created with mode 0600 (default: stdout)\n"
        "  --force             replace FILE even when it holds a private key\n"
        PASS_OPTION_HELP
        "ECIES options (as for kurv encrypt), each replacing that part of the preset:\n"
        ECIES_OPTIONS_HELP },
#ifdef KURV_HAVE_SCHNORR
    { "schnorr",
      "schnorr keygen|pubkey|sign|verify",
      "BIP-340 Schnorr signatures over secp256k1, hex in and out",
        "usage: kurv schnorr keygen [-o FILE]\n"
        "       kurv schnorr pubkey -k SECKEY [-o FILE]\n"
        "       kurv schnorr sign -k SECKEY (-m FILE | --msg HEX) [--aux HEX] [-o FILE]\n"
        "       kurv schnorr verify -p PUBKEY -s SIG (-m FILE | --msg HEX)\n"
        "\n"
        "BIP-340 Schnorr signatures over secp256k1 (Bitcoin Taproot). Everything is hex:\n"
        "a secret key and an x-only public key are 64 hex digits, a signature 128. SECKEY,\n"
        "PUBKEY and SIG are the hex itself or a file that holds it (white space ignored).\n"
        "\n"
        "  keygen          a random secret key (file mode 0600 with -o)\n"
        "  pubkey          the x-only public key of SECKEY\n"
        "  sign            sign the message; --aux gives the 32 bytes of auxiliary\n"
        "                  randomness as hex (default: fresh random bytes)\n"
        "  verify          prints \"Verified OK\" and exits 0 if valid, 1 if not\n"
        "  -m FILE         the message: the bytes of FILE (- for stdin), any length\n"
        "  --msg HEX       the message given as hex instead (may be empty: --msg '')\n"
        "  -o, --out FILE  output file (default: stdout)\n"
        "  --force         keygen: replace an existing FILE; the others: replace FILE even\n"
        "                  when it holds a private key\n" },
#endif
    { "curves",
      "curves",
      "list the curves this kurv knows",
        "usage: kurv curves\n"
        "\n"
        "List every curve linked into this kurv: name, field bits, OID and aliases.\n" },
    { "demo",
      "demo",
      "a guided tour: keys, signature, ECDH, OpenSSL cross-checks",
        "usage: kurv demo\n"
        "\n"
        "In a temporary folder: make a secp256k1 key, write and re-read it, sign a file and\n"
        "verify the signature, agree an ECDH secret with a second key both ways; when openssl\n"
        "is on PATH, check with it too. Exits non-zero on any failure.\n" },
    { "version",
      "version",
      "print the version",
        "usage: kurv version\n"
        "\n"
        "Print the tool's and the library's version.\n" },
    { "help",
      "help [COMMAND]",
      "this text, or a command's help (also: kurv COMMAND --help)",
        "usage: kurv help [COMMAND]\n"
        "\n"
        "Without COMMAND, list the commands; with it, print that command's usage and\n"
        "options (the same as kurv COMMAND --help).\n" },
};

#define NENTRIES (sizeof entries / sizeof entries[0])

static const char usage_head[] =
    "usage: kurv COMMAND [OPTIONS]\n"
    "\n"
    "Elliptic-curve keys, ECDSA signatures and ECDH with files OpenSSL reads and writes;\n"
    "ECIES encryption that BouncyCastle reads and writes.\n"
    "\n"
    "commands:\n";

static const char usage_tail[] =
    "\n"
    "Key files may be PEM or DER, SEC1 or PKCS#8 (encrypted: --pass); the format is detected.\n"
    "An output file (-o) is written whole and renamed into place; it may not be an input,\n"
    "and an existing private key is replaced only with --force.\n"
    "Exit status: 0 success, 1 signature does not verify, 2 usage or input error.\n";

/* The help entry of command @name; NULL when there is none. */
static const struct help_entry *find_entry(const char *name)
{
    size_t i;
    for (i = 0; i < NENTRIES; i++)
        if (strcmp(entries[i].name, name) == 0)
            return &entries[i];
    return NULL;
}

/* The general usage: the head, one entry per command (its synopsis, then its summary from
 * column 27, on the same line when the synopsis is short enough), the tail. */
static void print_main_usage(void)
{
    size_t i;

    fputs(usage_head, stdout);
    for (i = 0; i < NENTRIES; i++) {
        if (strlen(entries[i].synopsis) < 24)
            printf("  %-24s%s\n", entries[i].synopsis, entries[i].summary);
        else
            printf("  %s\n%26s%s\n", entries[i].synopsis, "", entries[i].summary);
    }
    fputs(usage_tail, stdout);
}

int tool_help(const char *cmd)
{
    const struct help_entry *c;

    if (!cmd) {
        print_main_usage();
    } else {
        c = find_entry(cmd);
        if (!c)
            return tool_fail("help: unknown command '%s' (try kurv --help)", cmd);
        fputs(c->usage, stdout);
    }
    return tool_stdout_done();
}

