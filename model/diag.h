/* diag.h: errors as values.
 *
 * A Diag is what a loader or a writer says went wrong: the file, the 1-based
 * line and column (0 when there is no position, as for "cannot open"), the
 * field path ("hardware.nodes", "" when none applies) and a sentence a user
 * can act on. The exit code the command line should use comes with it. */
#ifndef GPUPLAN_DIAG_H
#define GPUPLAN_DIAG_H

#include <stdarg.h>
#include <stddef.h>

/* sysexits.h values, named here so model/ does not depend on that header. */
enum {
    EXIT_OK_ = 0,
    EXIT_USAGE = 64,
    EXIT_DATAERR = 65,
    EXIT_NOINPUT = 66,
    EXIT_CANTCREAT = 73,
    EXIT_IOERR = 74
};

typedef struct Diag {
    char file[512];
    unsigned long line, col; /* 1-based; 0 = no position */
    char path[128];          /* field path, "" when none */
    char message[512];
    int status; /* one of the EXIT_ codes; 0 = no error */
} Diag;

/* Every text of a Diag that does not fit its field ends in "…": a cut is
 * never silent. */

/* Reset d to "no error" for file (may be NULL). */
void diag_clear(Diag *d, const char *file);

/* Record an error. line/col 0 = no position; path may be NULL. */
void diag_set(Diag *d, int status, unsigned long line, unsigned long col,
              const char *path, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* The same with the arguments as a va_list (a function that takes a
 * format of its own and records it). */
void diag_vset(Diag *d, int status, unsigned long line, unsigned long col,
               const char *path, const char *fmt, va_list ap)
    __attribute__((format(printf, 6, 0)));

/* A failed check's status: EXIT_DATAERR, after diag_set(d, EXIT_DATAERR, 0,
 * 0, NULL, fmt, ...). The checks of the model (a value against its field, a
 * rule between fields) know no file or position: they say what is wrong
 * and what is allowed, and the caller places the Diag (diag_place) or
 * quotes its message. */
int diag_fail(Diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Put `prefix` before d's message ("text " + "contains ..."), ending a
 * cut in "…" like diag_set. */
void diag_prefix(Diag *d, const char *prefix);

/* Give d, a message already set, a position and a field path (NULL keeps
 * the path it has). */
void diag_place(Diag *d, unsigned long line, unsigned long col,
                const char *path);

/* A value of the user's quoted in a message: at most DIAG_QUOTE - 1 bytes,
 * cut on a character with "…" when longer (diag_quote(text, buf)). */
#define DIAG_QUOTE 41
const char *diag_quote(const char *text, char buf[DIAG_QUOTE]);

/* A buffer of DIAG_TEXT_MAX bytes always holds the whole of diag_format's
 * text (each part at most 4 bytes a byte once made visible). */
#define DIAG_TEXT_MAX (4 * sizeof(Diag) + 128)

/* Format as "FILE:LINE:COL: path: message" (parts that are empty left out)
 * into buf, with control characters in any part shown visibly (`\x1b`).
 * Returns the length the whole text needs, as snprintf does: a caller
 * whose buffer was smaller than that + 1 has a cut text. */
size_t diag_format(const Diag *d, char *buf, size_t n);

#endif
