/*
 * kurv tool: the error line, the end of standard output, and hex (see tool.h, "util.c").
 *
 * Contract: tool_fail() is the one way a failure reaches the user (one line on stderr);
 * tool_stdout_done() turns a failed write to stdout into such a line; tool_hex() and
 * tool_unhex() convert bytes and hex text. No state, no file access.
 */
#include "tool.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

int tool_fail(const char *fmt, ...)
{
    char line[1024];
    va_list ap;
    size_t i;

    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    /* one line, whatever a file name contains */
    for (i = 0; line[i]; i++)
        if (line[i] == '\n' || line[i] == '\r')
            line[i] = '?';
    fflush(stdout);
    fprintf(stderr, "kurv: %s\n", line);
    return TOOL_ERR;
}

int tool_stdout_done(void)
{
    int flushed = fflush(stdout) == 0;
    if (!flushed)
        return tool_fail("stdout: write error: %s", strerror(errno));
    if (ferror(stdout))
        return tool_fail("stdout: write error");
    return TOOL_OK;
}


void tool_hex(char *out, const uint8_t *in, size_t len)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < len; i++) {
        out[2 * i] = digits[in[i] >> 4];
        out[2 * i + 1] = digits[in[i] & 15];
    }
    out[2 * len] = 0;
}

const char *tool_skip_0x(const char *s)
{
    return s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? s + 2 : s;
}

/* The value of hex digit @ch, or -1. */
static int hexval(uint8_t ch)
{
    if (ch >= '0' && ch <= '9')
        return ch - '0';
    if (ch >= 'a' && ch <= 'f')
        return ch - 'a' + 10;
    if (ch >= 'A' && ch <= 'F')
        return ch - 'A' + 10;
    return -1;
}

long tool_unhex(uint8_t *out, size_t cap, const uint8_t *in, size_t in_len)
{
    size_t i, n = 0;
    int hi = -1;

    for (i = 0; i < in_len; i++) {
        int v;
        if (in[i] == ' ' || in[i] == '\t' || in[i] == '\n' || in[i] == '\r')
            continue;
        v = hexval(in[i]);
        if (v < 0)
            return -1;
        if (hi < 0) {
            hi = v;
        } else {
            if (n >= cap)
                return -1;
            out[n++] = (uint8_t)(hi << 4 | v);
            hi = -1;
        }
    }
    return hi < 0 ? (long)n : -1;
}

