/* diag.c: errors as values (see diag.h). */
#include "config.h"

#include "diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "text_rules.h"
#include "utf8.h"

/* After a text of `need` bytes was cut to fit buf (n bytes): end it in
 * "…" at a character boundary, so a cut is never silent. */
static void mark_cut(char *buf, size_t n, size_t need)
{
    static const char ellipsis[] = "\xe2\x80\xa6"; /* U+2026 */
    if (need < n || n < sizeof ellipsis)
        return;
    /* room for "…" and the NUL, not inside a UTF-8 sequence */
    size_t end = utf8_floor(buf, strlen(buf), n - sizeof ellipsis);
    memcpy(buf + end, ellipsis, sizeof ellipsis);
}

/* snprintf(buf, n, "%s", s), ending in "…" when s does not fit. */
static void put_text(char *buf, size_t n, const char *s)
{
    mark_cut(buf, n, (size_t)snprintf(buf, n, "%s", s));
}

void diag_clear(Diag *d, const char *file)
{
    memset(d, 0, sizeof *d);
    if (file)
        put_text(d->file, sizeof d->file, file);
}

void diag_vset(Diag *d, int status, unsigned long line, unsigned long col,
               const char *path, const char *fmt, va_list ap)
{
    d->status = status;
    d->line = line;
    d->col = col;
    put_text(d->path, sizeof d->path, path ? path : "");
    int need = vsnprintf(d->message, sizeof d->message, fmt, ap);
    if (need > 0)
        mark_cut(d->message, sizeof d->message, (size_t)need);
}

void diag_set(Diag *d, int status, unsigned long line, unsigned long col,
              const char *path, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vset(d, status, line, col, path, fmt, ap);
    va_end(ap);
}

int diag_fail(Diag *d, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    diag_vset(d, EXIT_DATAERR, 0, 0, NULL, fmt, ap);
    va_end(ap);
    return EXIT_DATAERR;
}

void diag_prefix(Diag *d, const char *prefix)
{
    char was[sizeof d->message];
    memcpy(was, d->message, sizeof was);
    mark_cut(d->message, sizeof d->message,
             (size_t)snprintf(d->message, sizeof d->message, "%s%s", prefix,
                              was));
}

void diag_place(Diag *d, unsigned long line, unsigned long col,
                const char *path)
{
    d->line = line;
    d->col = col;
    if (path)
        put_text(d->path, sizeof d->path, path);
}

const char *diag_quote(const char *text, char buf[DIAG_QUOTE])
{
    return utf8_clip(text, buf, DIAG_QUOTE);
}

size_t diag_format(const Diag *d, char *buf, size_t n)
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
    int need = path[0] ? snprintf(buf, n, "%s%s: %s", where, path, msg)
                       : snprintf(buf, n, "%s%s", where, msg);
    return need > 0 ? (size_t)need : 0;
}
