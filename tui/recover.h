/* recover.h: recovery files that keep unsaved edits (DESIGN 7).
 *
 * When the planner is stopped (a signal, a lost terminal) it writes the
 * unsaved scenario to a recovery file of its own: one per running planner
 * and scenario file, the process id in the name, created with
 * O_CREAT|O_EXCL|O_NOFOLLOW and mode 0600, so two planners never share one
 * and nothing another user planted is written through or over.
 *
 * A recovery says what it is in its first lines (YAML comments, so the
 * file still loads as a scenario): the canonical path of the scenario file
 * (symbolic links followed; "-" for a scenario without a file) and the
 * file as the edits began (device, inode, links, size, modification time,
 * content hash). At its end, as `#| ` comment lines, it keeps that
 * starting scenario (the base), so edits another program made to the
 * file since can be merged field by field instead of undone
 * (scenario_merge.h).
 *
 * Where: beside the scenario's real file (links followed) as
 * `.NAME.PID.gpuplan-recover` when that directory belongs to the user and
 * no one else may write to it; otherwise (and for a scenario without a
 * file, a file with several hard links, which may sit in directories no
 * other name of it looks in, or when that directory cannot take it) under
 * $XDG_STATE_HOME/gpuplan/
 * (default ~/.local/state/gpuplan/, kept at mode 0700) as
 * `STEM.PID.gpuplan-recover`, STEM the canonical path with `%` written
 * `%25` and `/` written `%2F` (so two paths never share a name; a digest
 * stands in for a path too long for a file name), or `unsaved`.
 *
 * A name only suggests: the next start on a scenario offers every
 * recovery in those places that is a regular file the user owns and whose
 * first lines name that file: by its canonical path, or for a file with
 * several hard links by its device and inode. Recoveries written by an
 * older gpuplan (without those lines) are matched by the names it used. */
#ifndef GPUPLAN_RECOVER_H
#define GPUPLAN_RECOVER_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

#include "diag.h"
#include "document.h"
#include "scenario.h"

#define RECOVER_PATH_MAX 4096

typedef struct RecoverEntry {
    char path[RECOVER_PATH_MAX]; /* the recovery file */
    time_t when;                 /* its modification time */
    long pid;                    /* the planner that wrote it; 0 unknown */
    long long size;              /* its size in bytes */
    bool legacy;                 /* written by an older gpuplan: its file is
                                  * known by the name alone */
    unsigned long long dev, ino; /* the recovery file's own identity (one
                                  * found by two names is listed once) */
} RecoverEntry;

/* What a recovery's first lines say. */
typedef struct RecoverMeta {
    bool legacy;                /* no such lines (an older gpuplan) */
    char of[RECOVER_PATH_MAX];  /* the canonical path of its scenario file,
                                 * "" for a scenario without a file */
    DiskStamp opened;           /* that file as the edits began; .known
                                 * false when it was not known */
    bool has_base;              /* the starting scenario is kept */
} RecoverMeta;

/* Write s as this process's recovery of the scenario file `path` (NULL =
 * no file): YAML as a save would write it, with the lines above, `base`
 * and `opened` (the scenario and the file as the edits began; either may
 * be NULL, and base is kept only with a known `opened`), in a new file
 * created exclusively (never through a symlink, never over an existing
 * file), mode 0600, fsync'd. Tries the real file's directory when it may
 * (above), then the state directory. The path written goes to where (wn
 * bytes; NULL = not wanted). Returns 0, or EXIT_CANTCREAT / EXIT_IOERR with
 * *d saying why no place could take it (then nothing is left behind). It
 * allocates and does file I/O: call it from the main loop, never from a
 * signal handler. */
int recover_write(const char *path, const Scenario *s, const Scenario *base,
                  const DiskStamp *opened, char *where, size_t wn, Diag *d);

/* Every recovery of `path` (NULL = no file) that the user owns, newest
 * first, as a malloc'd array in *out (the caller frees it; NULL when
 * there is none). Returns how many. */
size_t recover_list(const char *path, RecoverEntry **out);

/* Load the recovery file rpath (from recover_list) into *out, and its
 * lines into *meta and its base into *base (either may be NULL; *base is
 * set only when meta->has_base). Untouched on failure. Refuses a symlink
 * and a file the user does not own. */
int recover_load_file(const char *rpath, Scenario *out, RecoverMeta *meta,
                      Scenario *base, Diag *d);

/* Remove the recovery file rpath when it is a regular file the user owns
 * (no error when it is gone); NULL or "" does nothing. */
void recover_remove_file(const char *rpath);

#endif
