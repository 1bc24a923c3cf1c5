/* diag.c: errors as values (see diag.h). */
#include "config.h"

#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
    char where[600] = "";
    if (d->file[0] && d->line > 0)
        snprintf(where, sizeof where, "%s:%lu:%lu: ", d->file, d->line, d->col);
    else if (d->file[0])
        snprintf(where, sizeof where, "%s: ", d->file);
    if (d->path[0])
        snprintf(buf, n, "%s%s: %s", where, d->path, d->message);
    else
        snprintf(buf, n, "%s%s", where, d->message);
}
