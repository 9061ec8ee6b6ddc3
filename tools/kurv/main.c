/*
 * kurv tool: main(), the dispatch of a command by its name, `kurv curves`, `kurv version`
 * and `kurv help`. The help texts are help.c's; each command is in its own file.
 */
#include "tool.h"

#include <kurv_curve_list.h>   /* KURV_HAVE_SCHNORR, KURV_HAVE_25519 */

#include <stdio.h>
#include <string.h>

#ifndef KURV_TOOL_VERSION
#define KURV_TOOL_VERSION "unknown"
#endif

static int cmd_curves(int argc, char **argv);
static int cmd_version(int argc, char **argv);
static int cmd_demo_run(int argc, char **argv);
static int cmd_help(int argc, char **argv);

/* The commands by name. A handler gets the arguments from the command's name on (argv[0]
 * is the name). Every name has its help entry in help.c. */
struct tool_command {
    const char *name;
    int (*run)(int argc, char **argv);
};

static const struct tool_command commands[] = {
    { "keygen", cmd_keygen },
    { "pubkey", cmd_pubkey },
    { "sign", cmd_sign },
    { "verify", cmd_verify },
    { "recover", cmd_recover },
    { "ecdh", cmd_ecdh },
    { "encrypt", cmd_encrypt },
    { "decrypt", cmd_decrypt },
#ifdef KURV_HAVE_SCHNORR
    { "schnorr", cmd_schnorr },
#endif
    { "curves", cmd_curves },
    { "demo", cmd_demo_run },
    { "version", cmd_version },
    { "help", cmd_help },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* The program's path as run (argv[0]), for `kurv demo` when /proc/self/exe is unreadable. */
static const char *tool_argv0 = "kurv";

/* The command named @name; NULL when there is none. */
static const struct tool_command *find_command(const char *name)
{
    size_t i;
    for (i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

/* `kurv help [COMMAND]`: the general usage or one command's (help.c). */
static int cmd_help(int argc, char **argv)
{
    if (argc > 2)
        return tool_fail("help: too many arguments");
    if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0))
        return tool_help("help");
    return tool_help(argc == 2 ? argv[1] : NULL);
}

/* `kurv demo`, with the program's path as run (demo.c signs that file). */
static int cmd_demo_run(int argc, char **argv)
{
    return cmd_demo(argc, argv, tool_argv0);
}

/* `kurv curves`: a line per linked curve (name, field bits, OID, aliases), x25519 and
 * ed25519 last when kurv-25519 is built (cmd_25519.c). */
static int cmd_curves(int argc, char **argv)
{
    struct tool_opts o;
    const kurv_curve *const *list;
    size_t n, i;

    if (tool_parse(&o, "curves", 0, 0, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("curves");
    list = tool_curves(&n);
    printf("%-18s %5s  %-22s %s\n", "NAME", "BITS", "OID", "ALIASES");
    for (i = 0; i < n; i++) {
        const char *const *al = kurv_curve_aliases(list[i]);
        printf("%-18s %5u  %-22s ", kurv_curve_name(list[i]), kurv_curve_field_bits(list[i]),
               kurv_curve_oid_str(list[i]));
        if (!al || !al[0])
            printf("-");
        for (; al && *al; al++)
            printf("%s%s", *al, al[1] ? ", " : "");
        printf("\n");
    }
#ifdef KURV_HAVE_25519
    cmd_25519_curves();
#endif
    return tool_stdout_done();
}

/* `kurv version`: the tool's and the library's version. */
static int cmd_version(int argc, char **argv)
{
    struct tool_opts o;
    if (tool_parse(&o, "version", 0, 0, argc, argv))
        return TOOL_ERR;
    if (o.help)
        return tool_help("version");
    printf("kurv %s (libkurv %s)\n", KURV_TOOL_VERSION, kurv_version());
    return tool_stdout_done();
}

/* Dispatch argv[1] to its command; exit status as the command returns it (tool.h). */
int main(int argc, char **argv)
{
    const struct tool_command *c;
    const char *cmd;

    if (argc < 2)
        return tool_fail("missing command (try kurv --help)");
    tool_argv0 = argv[0];
    cmd = argv[1];
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0)
        return tool_help(NULL);
    if (strcmp(cmd, "--version") == 0)
        return cmd_version(1, argv);
    c = find_command(cmd);
    if (c)
        return c->run(argc - 1, argv + 1);
    if (cmd[0] == '-')
        return tool_fail("unknown option '%s' (try kurv --help)", cmd);
    return tool_fail("unknown command '%s' (try kurv --help)", cmd);
}
