/* atomic_file.h: replace a file's contents all at once, or not at all.
 *
 * DESIGN 1.3: write a temporary file in the same directory, fsync it, rename
 * it over the target, fsync the directory. The original file mode is kept;
 * a symlink is written through (the link stays, the file it points to is
 * replaced in its own directory); a read-only target or directory is an
 * error that changes nothing. While a temporary file exists the signals of
 * fatal_signals.h are held back, so none can leave one behind (the signal
 * is acted on once the write is done); the caller ignores SIGXFSZ
 * (fatal_signals_ignore_xfsz), so a write past `ulimit -f` is an error
 * like a full disk. */
#ifndef GPUPLAN_ATOMIC_FILE_H
#define GPUPLAN_ATOMIC_FILE_H

#include <stddef.h>

#include "diag.h"

/* Write len bytes of data to path atomically. Returns 0, or EXIT_CANTCREAT
 * (cannot create or replace: directory missing or read-only, permission) or
 * EXIT_IOERR (write or fsync failed) with *d filled. On failure nothing is
 * left behind: no temp file, the old file untouched. `mode` is used when the
 * file does not exist yet (0644 & ~umask as usual). */
int atomic_write_file(const char *path, const char *data, size_t len,
                      unsigned mode, Diag *d);

/* Rewrite the existing file at path in place (same inode), which keeps
 * its other hard links. Never a cut file: the whole new text is written
 * and synced to a copy beside it first (`.NAME.XXXXXX`), the blocks it
 * needs are reserved, and only then is the file overwritten, truncated to
 * len and synced; the copy is removed after. When a write fails half way
 * the old bytes (read before) are put back and the message names the copy
 * that holds the new text (it is kept); when nothing was written yet (no
 * room for the copy or the text) nothing is left behind and the message
 * says nothing was changed. A file without write bits is refused, also
 * for root. Returns 0, or EXIT_CANTCREAT / EXIT_IOERR with *d filled. */
int atomic_rewrite_in_place(const char *path, const char *data, size_t len, Diag *d);

/* Read a whole file (at most max bytes; larger files are an error). Returns
 * 0 and a malloc'd, NUL-terminated buffer in *data; or EXIT_NOINPUT /
 * EXIT_DATAERR (too large) / EXIT_IOERR with *d filled. */
int read_whole_file(const char *path, size_t max, char **data, size_t *len,
                    Diag *d);

#endif
