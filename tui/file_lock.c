/* file_lock.c: "open in another planner" locks beside scenario files. */
#include "config.h"

#include "file_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

bool file_lock_path(const char *file, char *buf, size_t n)
{
    const char *slash = strrchr(file, '/');
    int w = slash ? snprintf(buf, n, "%.*s/.%s.gpuplan-lock", (int)(slash - file), file,
                             slash + 1)
                  : snprintf(buf, n, ".%s.gpuplan-lock", file);
    return w > 0 && (size_t)w < n;
}

static void this_host(char *buf, size_t n)
{
    if (gethostname(buf, n) != 0 || !buf[0])
        snprintf(buf, n, "localhost");
    buf[n - 1] = '\0';
    for (char *p = buf; *p; p++) /* one word in the lock file */
        if (*p == ' ' || *p == '\n')
            *p = '_';
}

/* Create the lock file exclusively with our pid and host; errno on failure. */
static bool create(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (fd < 0)
        return false;
    char host[256], line[300];
    this_host(host, sizeof host);
    int len = snprintf(line, sizeof line, "%ld %s\n", (long)getpid(), host);
    bool ok = len > 0 && write(fd, line, (size_t)len) == len;
    int e = errno;
    close(fd);
    if (!ok) {
        unlink(path);
        errno = e;
    }
    return ok;
}

/* Read the holder of an existing lock: pid and host; false when the file
 * cannot be read or does not hold them. */
static bool holder(const char *path, long *pid, char *host, size_t hn)
{
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[300];
    ssize_t r = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (r <= 0)
        return false;
    buf[r] = '\0';
    char h[256];
    if (sscanf(buf, "%ld %255s", pid, h) != 2 || *pid <= 0)
        return false;
    snprintf(host, hn, "%s", h);
    return true;
}

LockResult file_lock_take(FileLock *lk, const char *file, char *other, size_t n,
                          bool *stale)
{
    char path[sizeof lk->path];
    if (stale)
        *stale = false;
    if (!file_lock_path(file, path, sizeof path))
        return LOCK_UNAVAILABLE;
    if (lk->path[0] && strcmp(lk->path, path) == 0)
        return LOCK_TAKEN; /* ours already */
    file_lock_release(lk);
    for (int attempt = 0; attempt < 2; attempt++) {
        if (create(path)) {
            snprintf(lk->path, sizeof lk->path, "%s", path);
            return LOCK_TAKEN;
        }
        if (errno != EEXIST)
            return LOCK_UNAVAILABLE;
        long pid;
        char host[256], me[256];
        if (!holder(path, &pid, host, sizeof host)) {
            snprintf(other, n, "an unreadable lock %s", path);
            return LOCK_ELSEWHERE;
        }
        this_host(me, sizeof me);
        bool here = strcmp(host, me) == 0;
        if (here && pid == (long)getpid()) { /* ours, from before */
            snprintf(lk->path, sizeof lk->path, "%s", path);
            return LOCK_TAKEN;
        }
        /* Dead on this host: stale, take it over (once). */
        if (here && kill((pid_t)pid, 0) != 0 && errno == ESRCH && attempt == 0) {
            if (unlink(path) != 0)
                return LOCK_UNAVAILABLE;
            if (stale)
                *stale = true;
            continue;
        }
        snprintf(other, n, "pid %ld on %s", pid, host);
        return LOCK_ELSEWHERE;
    }
    return LOCK_UNAVAILABLE;
}

void file_lock_release(FileLock *lk)
{
    if (!lk->path[0])
        return;
    long pid;
    char host[256], me[256];
    this_host(me, sizeof me);
    /* Only our own: another planner may have taken a lock we lost. */
    if (holder(lk->path, &pid, host, sizeof host) && pid == (long)getpid() &&
        strcmp(host, me) == 0)
        unlink(lk->path);
    lk->path[0] = '\0';
}
