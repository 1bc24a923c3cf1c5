/* diag.c: errors as values (see diag.h). */
#include "config.h"

#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text_rules.h"

void diag_clear(Diag *d, const char *file)
{
    memset(d, 0, sizeof *d);
    if (file)
        snprintf(d->file, sizeof d->file, "%s", file);
}

void diag_set(Diag *d, int status, unsigned long line, unsigned long col,
              const char *path, const char *fmt, ...)
{
    d->status = status;
    d->line = line;
    d->col = col;
    snprintf(d->path, sizeof d->path, "%s", path ? path : "");
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(d->message, sizeof d->message, fmt, ap);
    va_end(ap);
}

void diag_format(const Diag *d, char *buf, size_t n)
{
    /* The file name, the path and the message may all quote the user's
     * data: a key or value from the file, an argument. Each is shown with
     * its control characters made visible (DESIGN 7), so an escape sequence
     * in a file cannot reach the terminal through an error. */
    char file[sizeof d->file * 4], path[sizeof d->path * 4],
        msg[sizeof d->message * 4];
    text_visible(d->file, strlen(d->file), false, file, sizeof file);
    text_visible(d->path, strlen(d->path), false, path, sizeof path);
    text_visible(d->message, strlen(d->message), false, msg, sizeof msg);
    char where[sizeof file + 64] = "";
    if (file[0] && d->line > 0)
        snprintf(where, sizeof where, "%s:%lu:%lu: ", file, d->line, d->col);
    else if (file[0])
        snprintf(where, sizeof where, "%s: ", file);
    if (path[0])
        snprintf(buf, n, "%s%s: %s", where, path, msg);
    else
        snprintf(buf, n, "%s%s", where, msg);
}
