/* recover.h: recovery files that keep unsaved edits (DESIGN 7).
 *
 * When the planner loses its terminal (SIGHUP, SIGTERM, a read error) it
 * writes the unsaved scenario to a recovery file of its own: one per
 * running planner and scenario file, the process id in the name, created
 * with O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600, so two planners never
 * share one and nothing another user planted is written through or over.
 *
 * Where: next to the scenario's file as `.NAME.PID.gpuplan-recover` when
 * that directory belongs to the user and no one else may write to it;
 * otherwise (and for a scenario without a file, or when that directory
 * cannot take it) under $XDG_STATE_HOME/gpuplan/ (default
 * ~/.local/state/gpuplan/, kept at mode 0700) as
 * `ABSPATH.PID.gpuplan-recover` with '/' written as '%' (a digest stands
 * in for a path too long for a file name), or `unsaved.PID.gpuplan-recover`.
 *
 * The next start on the same scenario lists every recovery of it that is a
 * regular file owned by the user, in both places, newest first; anything
 * else (a symlink, another user's file) is ignored. */
#ifndef GPUPLAN_RECOVER_H
#define GPUPLAN_RECOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "diag.h"
#include "scenario.h"

#define RECOVER_MAX 16 /* recoveries offered at one start */
#define RECOVER_PATH_MAX 4096

typedef struct RecoverEntry {
    char path[RECOVER_PATH_MAX]; /* the recovery file */
    time_t when;                 /* its modification time */
    long pid;                    /* the planner that wrote it; 0 unknown */
    long long size;              /* its size in bytes */
} RecoverEntry;

/* Write s as this process's recovery of the scenario file `path` (NULL =
 * no file): YAML as a save would write it, in a new file created
 * exclusively (never through a symlink, never over an existing file),
 * mode 0600, fsync'd. Tries the scenario's own directory when it may
 * (above), then the state directory. The path written goes to where (wn
 * bytes; NULL = not wanted). Returns 0, or EXIT_CANTCREAT / EXIT_IOERR with
 * *d saying why no place could take it (then nothing is left behind). It
 * allocates and does file I/O: call it from the main loop, never from a
 * signal handler. */
int recover_write(const char *path, const Scenario *s, char *where, size_t wn,
                  Diag *d);

/* The recoveries of `path` (NULL = no file) that the user owns, newest
 * first, at most max of them into out. Returns how many. */
size_t recover_list(const char *path, RecoverEntry *out, size_t max);

/* Load the recovery file rpath (from recover_list) into *out, untouched
 * on failure. Refuses a symlink and a file the user does not own. */
int recover_load_file(const char *rpath, Scenario *out, Diag *d);

/* What recovery `rec` holds against the scenario `file` (the file as it is
 * on disk), in one line for the recovery list: the first field that
 * differs, in registry order, with both values ("utilization.measured_pct
 * 50 -> 61"; a text field only as "notes changed"), and how many more
 * differ ("+2 more"); "the hybrid plan added" or "removed"; "the
 * uncertainty ranges changed"; or "the same as the file". Returns buf. */
char *recover_describe(const Scenario *file, const Scenario *rec, char *buf,
                       size_t n);

/* Remove the recovery file rpath when it is a regular file the user owns
 * (no error when it is gone); NULL or "" does nothing. */
void recover_remove_file(const char *rpath);

#endif
