/* file_lock.h: the lock beside a scenario file that tells a second planner
 * the file is open in another one (DESIGN 1.3).
 *
 * The lock follows the file, not the name it was opened by: it sits in
 * the directory of the file's real path (symbolic links followed) as
 * `.NAME.gpuplan-lock`, NAME the real file's name; a file with several
 * hard links, which have other names, is locked by device and inode
 * instead, as `.gpuplan-lock.DEV-INO` (hex) in that directory. So the
 * real path, a symlink and a hard link beside it all meet in one lock.
 *
 * The lock counts its holders: one line "PID HOST" per planner that has
 * the file open, changed only under flock(2). A planner that quits takes
 * its own line out, and the last one removes the file. A line whose
 * process no longer runs on this host is stale and dropped. A lock only
 * informs: the second planner may still save, and the check for a change
 * on disk (document.h) guards that save. */
#ifndef GPUPLAN_FILE_LOCK_H
#define GPUPLAN_FILE_LOCK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct FileLock {
    char path[4096]; /* the lock file while this planner holds a line, else "" */
} FileLock;

typedef enum LockResult {
    LOCK_TAKEN,       /* this planner holds it, alone */
    LOCK_ELSEWHERE,   /* held, and other running planners hold it too */
    LOCK_UNAVAILABLE  /* no lock can be made (read-only directory ...) */
} LockResult;

/* Add this planner to the lock of scenario file `file`, leaving the one lk
 * held. On LOCK_ELSEWHERE, who else holds it goes to other ("pid 123 on
 * host", "... and 2 more"; n bytes, cut with "…"); *stale (may be NULL)
 * says whether stale lines were dropped. */
LockResult file_lock_take(FileLock *lk, const char *file, char *other, size_t n,
                          bool *stale);

/* Take this planner's line out of the lock it holds (safe when none is
 * held); the last holder removes the lock file. */
void file_lock_release(FileLock *lk);

/* The lock file's path for `file` into buf; false when it does not fit or
 * the file's directory does not exist. */
bool file_lock_path(const char *file, char *buf, size_t n);

#endif
