/* file_lock.h: the lock beside a scenario file that tells a second planner
 * the file is open in another one (DESIGN 1.3). The lock is `.NAME.gpuplan-lock`
 * in the file's directory and holds "PID HOST". A lock whose process is gone
 * (its pid no longer runs on this host) is stale and taken over. A lock
 * only informs: the second planner may still save, and the check for a
 * change on disk (document.h) guards that save. */
#ifndef GPUPLAN_FILE_LOCK_H
#define GPUPLAN_FILE_LOCK_H

#include <stdbool.h>
#include <stddef.h>

typedef struct FileLock {
    char path[4096]; /* the lock file while held, else "" */
} FileLock;

typedef enum LockResult {
    LOCK_TAKEN,       /* this planner holds it now */
    LOCK_ELSEWHERE,   /* another running planner holds it */
    LOCK_UNAVAILABLE  /* no lock can be made (read-only directory ...) */
} LockResult;

/* Take the lock of scenario file `file`, releasing the one lk held. On
 * LOCK_ELSEWHERE, who holds it goes to other ("pid 123 on host"); *stale
 * (may be NULL) says whether a stale lock was taken over. */
LockResult file_lock_take(FileLock *lk, const char *file, char *other, size_t n,
                          bool *stale);

/* Remove the lock when this process holds it (safe when none is held). */
void file_lock_release(FileLock *lk);

/* The lock file's path for `file` into buf; false when it does not fit. */
bool file_lock_path(const char *file, char *buf, size_t n);

#endif
