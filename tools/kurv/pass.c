/*
 * kurv tool: passwords of encrypted private keys (see tool.h, "pass.c").
 *
 * Contract: a password comes from the source a command was given (--pass ARG, in OpenSSL's
 * forms, or "prompt"), held by the caller in a struct tool_pass; typed on a terminal, it is
 * asked for without echo and the terminal's settings are restored on every path (signals
 * included). It is read at most once, when a key
 * first needs it, kept in that struct for a second key of the same command, and wiped by
 * tool_pass_wipe(). No password is kept anywhere else. Errors are one line through
 * tool_fail().
 */
#define _DEFAULT_SOURCE
#include "tool.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

/* The first line (up to "\n", which is dropped) from @fd into @buf. 0, or -1 with errno
 * set (EFBIG: longer than @cap; ENODATA: end of input before any byte, so no password was
 * given at all; an empty line is an empty password). */
static int read_line(int fd, uint8_t *buf, size_t cap, size_t *len)
{
    size_t n = 0;
    for (;;) {
        uint8_t ch;
        ssize_t r = read(fd, &ch, 1);
        if (r < 0) {
            int e = errno;
            if (e == EINTR)
                continue;
            kurv_wipe(buf, n);
            errno = e;
            return -1;
        }
        if (r == 0 && n == 0) {
            errno = ENODATA;
            return -1;
        }
        if (r == 0 || ch == '\n')
            break;
        if (n == cap) {
            kurv_wipe(buf, cap);
            errno = EFBIG;
            return -1;
        }
        buf[n++] = ch;
    }
    *len = n;
    return 0;
}

/* ---- reading from a terminal without echo ---- */

/* The terminal whose echo is off while a password is typed, and its settings before; read
 * by the signal handler, hence file-scope (the only state here, set only during a prompt). */
static volatile sig_atomic_t echo_off_fd = -1;
static struct termios saved_tty;
static const int restore_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };

/* A signal during a prompt: put the terminal's settings back, then take the signal's default
 * action (async-signal-safe calls only). */
static void restore_and_raise(int sig)
{
    if (echo_off_fd >= 0)
        tcsetattr(echo_off_fd, TCSAFLUSH, &saved_tty);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Write @prompt to the terminal @fd is (by its name, so that it is the same terminal even
 * when it is not the controlling one), or to stderr when that cannot be opened. */
static void show_prompt(int fd, const char *prompt)
{
    const char *name = ttyname(fd);
    int out = name ? open(name, O_WRONLY | O_NOCTTY | O_CLOEXEC) : -1;
    ssize_t r;

    if (out < 0) {
        fflush(stdout);
        fputs(prompt, stderr);
        fflush(stderr);
        return;
    }
    do
        r = write(out, prompt, strlen(prompt));
    while (r < 0 && errno == EINTR);
    close(out);
}

/* The first line from the terminal @fd, typed after @prompt with echo off (the newline is
 * still echoed). The terminal's settings are restored on every path: the normal return, an
 * error, and the signals that end or stop the program. 0, or -1 with errno (as read_line). */
static int read_tty_line(int fd, const char *prompt, uint8_t *buf, size_t cap, size_t *len)
{
    struct termios quiet;
    struct sigaction sa, old[sizeof restore_signals / sizeof restore_signals[0]];
    size_t i, nsig = sizeof restore_signals / sizeof restore_signals[0];
    int rc, e;

    if (tcgetattr(fd, &saved_tty) != 0)
        return -1;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = restore_and_raise;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < nsig; i++)
        sigaction(restore_signals[i], &sa, &old[i]);
    quiet = saved_tty;
    quiet.c_lflag &= (tcflag_t)~ECHO;
    quiet.c_lflag |= ECHONL;
    echo_off_fd = fd;
    if (tcsetattr(fd, TCSAFLUSH, &quiet) != 0) {
        e = errno;
        echo_off_fd = -1;
        for (i = 0; i < nsig; i++)
            sigaction(restore_signals[i], &old[i], NULL);
        errno = e;
        return -1;
    }
    show_prompt(fd, prompt);
    rc = read_line(fd, buf, cap, len);
    e = errno;
    tcsetattr(fd, TCSAFLUSH, &saved_tty);
    echo_off_fd = -1;
    for (i = 0; i < nsig; i++)
        sigaction(restore_signals[i], &old[i], NULL);
    errno = e;
    return rc;
}

/* A password typed on the terminal @fd (@what names it in the prompt), asked twice with
 * TOOL_PASS_NEW; @src names the source in errors. 0, or TOOL_ERR after the error line. */
static int prompt_password(int fd, const char *src, const char *what, unsigned flags,
                           uint8_t *buf, size_t cap, size_t *len)
{
    char prompt[512];
    uint8_t again[TOOL_MAX_PASS];
    size_t again_len = 0;
    int differ;

    snprintf(prompt, sizeof prompt, "Enter the password %s %s: ",
             flags & TOOL_PASS_NEW ? "to encrypt" : "of", what);
    if (read_tty_line(fd, prompt, buf, cap, len))
        return errno == EFBIG ? tool_fail("%s: the password is longer than %zu bytes", src, cap)
             : errno == ENODATA ? tool_fail("%s: no password (end of input)", src)
                              : tool_fail("%s: cannot read from the terminal: %s", src,
                                          strerror(errno));
    if (!(flags & TOOL_PASS_NEW))
        return 0;
    if (read_tty_line(fd, "Enter the password again: ", again, sizeof again, &again_len)) {
        kurv_wipe(buf, cap);
        *len = 0;
        return tool_fail("%s: no password given the second time", src);
    }
    differ = again_len != *len || memcmp(again, buf, *len) != 0;
    kurv_wipe(again, sizeof again);
    if (differ) {
        kurv_wipe(buf, cap);
        *len = 0;
        return tool_fail("%s: the two passwords differ", src);
    }
    return 0;
}

int tool_password(const char *arg, const char *what, unsigned flags, uint8_t *buf, size_t cap,
                  size_t *len)
{
    *len = 0;
    if (!arg || strcmp(arg, "prompt") == 0) {
        if (!isatty(STDIN_FILENO))
            return tool_fail("--pass prompt: standard input is not a terminal (give the "
                             "password with pass:, env:, file:, fd: or stdin)");
        if (tool_claim_stdin())
            return TOOL_ERR;
        return prompt_password(STDIN_FILENO, "--pass prompt", what, flags, buf, cap, len);
    }
    if (strncmp(arg, "pass:", 5) == 0 || strncmp(arg, "env:", 4) == 0) {
        const char *v = arg[0] == 'p' ? arg + 5 : getenv(arg + 4);
        size_t n;
        if (!v)
            return tool_fail("--pass %s: the variable is not set", arg);
        n = strlen(v);
        if (n > cap)
            return tool_fail("--pass: the password is longer than %zu bytes", cap);
        memcpy(buf, v, n);
        *len = n;
        return 0;
    }
    if (strncmp(arg, "file:", 5) == 0) {
        int fd = open(arg + 5, O_RDONLY | O_CLOEXEC), rc, e;
        if (fd < 0)
            return tool_fail("%s: cannot open: %s", arg + 5, strerror(errno));
        rc = read_line(fd, buf, cap, len);
        e = errno;
        close(fd);
        if (rc)
            return e == EFBIG ? tool_fail("%s: the password is longer than %zu bytes", arg + 5, cap)
                 : e == ENODATA ? tool_fail("--pass file:%s: no password (the file is empty)", arg + 5)
                              : tool_fail("%s: read error: %s", arg + 5, strerror(e));
        return 0;
    }
    if (strncmp(arg, "fd:", 3) == 0 || strcmp(arg, "stdin") == 0) {
        long fd = STDIN_FILENO;
        if (arg[0] == 'f') {
            char *end;
            errno = 0;
            fd = strtol(arg + 3, &end, 10);
            if (arg[3] == 0 || *end || errno || fd < 0 || fd > 65535)
                return tool_fail("--pass %s: not a file descriptor number", arg);
        }
        if (fd == STDIN_FILENO && tool_claim_stdin())
            return TOOL_ERR;
        if (isatty((int)fd))   /* typed by a person: not echoed */
            return prompt_password((int)fd, arg, what, flags, buf, cap, len);
        if (read_line((int)fd, buf, cap, len))
            return errno == EFBIG ? tool_fail("--pass %s: the password is longer than %zu bytes", arg, cap)
                 : errno == ENODATA ? tool_fail("--pass %s: no password (end of input)", arg)
                                  : tool_fail("--pass %s: read error: %s", arg, strerror(errno));
        return 0;
    }
    /* the value is not echoed: it is likely the password itself, without its "pass:" */
    return tool_fail("--pass: unknown form (expected pass:TEXT, env:VAR, file:PATH, fd:N, "
                     "stdin or prompt)");
}

void tool_pass_init(struct tool_pass *pw, const char *arg)
{
    memset(pw, 0, sizeof *pw);
    pw->arg = arg;
}

int tool_pass_get(struct tool_pass *pw, const char *what)
{
    if (pw->have)
        return 0;
    if (tool_password(pw->arg, what, 0, pw->buf, sizeof pw->buf, &pw->len))
        return TOOL_ERR;
    pw->have = 1;
    return 0;
}

void tool_pass_wipe(struct tool_pass *pw)
{
    kurv_wipe(pw->buf, sizeof pw->buf);
    pw->len = 0;
    pw->have = 0;
}
