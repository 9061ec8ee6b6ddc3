/*
 * openssl/trace.c: what kurv.so tells outside its return values: errors raised into
 * OpenSSL's error queue (kp_err) and the operation trace (kp_log, KURV_PROVIDER_LOG).
 *
 * Contract: the trace is on while kp_trace_open() found KURV_PROVIDER_LOG=FILE set and not
 * empty (provider.c calls it at the first OSSL_provider_init and kp_trace_close() at the
 * last teardown, under its lock); each line "<op> <curve>" (or with a suffix, " (default)"
 * for work delegate.c hands to OpenSSL's default provider) is appended to FILE by one
 * write(2) with O_APPEND, so that the lines of concurrent processes do not interleave. A
 * line that cannot be written (FILE not writable, over 127 bytes) is dropped silently: the
 * trace never fails an operation. This file calls no other file of openssl/.
 */
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <openssl/err.h>
#include "prov.h"

static char *log_path;   /* the trace file, NULL while the trace is off */

void kp_trace_open(void)
{
    const char *lp = getenv("KURV_PROVIDER_LOG");
    free(log_path);
    log_path = (lp != NULL && *lp != '\0') ? strdup(lp) : NULL;
}

void kp_trace_close(void)
{
    free(log_path);
    log_path = NULL;
}

int kp_log_enabled(void) { return log_path != NULL; }

void kp_log_line(const char *op, const char *name, const char *suffix)
{
    if (log_path == NULL || name == NULL)
        return;
    char line[128];
    int n = snprintf(line, sizeof line, "%s %s%s\n", op, name, suffix != NULL ? suffix : "");
    if (n <= 0 || (size_t)n >= sizeof line)
        return;
    int fd = open(log_path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    ssize_t w = write(fd, line, (size_t)n);
    (void)w;
    close(fd);
}

void kp_log(const char *op, const kp_curve *curve)
{
    if (curve != NULL)
        kp_log_line(op, curve->name, NULL);
}

void kp_err_at(const char *file, int line, int reason, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    ERR_new();
    ERR_set_debug(file, line, "kurv");
    ERR_vset_error(ERR_LIB_PROV, reason, fmt, ap);
    va_end(ap);
}
