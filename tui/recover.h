/* recover.h: the recovery file that keeps unsaved edits (SPEC 7).
 *
 * When the planner loses its terminal (SIGHUP, SIGTERM, a read error) it
 * writes the unsaved scenario next to its file as `.NAME.gpuplan-recover`,
 * or as `unsaved.gpuplan-recover` under $XDG_STATE_HOME/gpuplan/ (default
 * ~/.local/state/gpuplan/) when the scenario has no file. When the file's
 * directory cannot take it (read-only), the state directory holds it under
 * the file's absolute path with '/' as '%'. The next start on the same
 * scenario offers it back. */
#ifndef GPUPLAN_RECOVER_H
#define GPUPLAN_RECOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "diag.h"
#include "scenario.h"

/* The recovery file's path for the scenario file `path` (NULL = no file)
 * into buf. Returns false when no path can be formed (no HOME and no
 * XDG_STATE_HOME, or too long). */
bool recover_path(const char *path, char *buf, size_t n);

/* Write s to the recovery file of `path` atomically (YAML, as a save would),
 * mode 0600, creating the state directory when needed; the path written
 * goes to where (wn bytes; NULL = not wanted). Returns 0 or an exit
 * status with *d filled. It allocates and does file I/O: call it from the
 * main loop, never from a signal handler. */
int recover_write(const char *path, const Scenario *s, char *where, size_t wn,
                  Diag *d);

/* True when a recovery file exists for `path` (either place; the newer
 * one counts); its modification time goes to *when. */
bool recover_exists(const char *path, time_t *when);

/* Load the recovery file of `path` into *out (untouched on failure). */
int recover_load(const char *path, Scenario *out, Diag *d);

/* Remove the recovery files of `path`, both places (no error when there
 * is none). */
void recover_remove(const char *path);

#endif
