/* file_lock.c: "open in another planner" locks beside scenario files,
 * keyed by the file and counting their holders (see file_lock.h). */
#include "config.h"

#include "file_lock.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "file_path.h"
#include "strbuf.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

bool file_lock_path(const char *file, char *buf, size_t n)
{
    char real[PATH_MAX], dir[PATH_MAX];
    if (!path_canonical(file, real, sizeof real))
        return false;
    const char *name = path_split(real, dir, sizeof dir);
    if (!name)
        return false;
    const char *sep = strcmp(dir, "/") == 0 ? "" : "/";
    struct stat st;
    int w = stat(real, &st) == 0 && st.st_nlink > 1
                ? snprintf(buf, n, "%s%s.gpuplan-lock.%llx-%llx", dir, sep,
                           (unsigned long long)st.st_dev, (unsigned long long)st.st_ino)
                : snprintf(buf, n, "%s%s.%s.gpuplan-lock", dir, sep, name);
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

/* Open the lock at path and hold flock on it, making sure the file locked
 * is still the one the path names (the last holder may have removed it
 * meanwhile). Returns the fd, or -1 with errno. */
static int open_locked(const char *path, bool create)
{
    for (int attempt = 0; attempt < 8; attempt++) {
        int fd = open(path, O_RDWR | (create ? O_CREAT : 0) | O_NOFOLLOW | O_CLOEXEC, 0644);
        if (fd < 0)
            return -1;
        struct stat a, b;
        int r;
        do
            r = flock(fd, LOCK_EX);
        while (r != 0 && errno == EINTR);
        if (r == 0 && fstat(fd, &a) == 0 && S_ISREG(a.st_mode) && lstat(path, &b) == 0 &&
            a.st_dev == b.st_dev && a.st_ino == b.st_ino)
            return fd;
        int e = r != 0 ? errno : 0;
        close(fd);
        if (e) {
            errno = e;
            return -1;
        }
    }
    errno = EAGAIN;
    return -1;
}

/* The lock's text, read whole from fd into b. */
static bool read_all(int fd, StrBuf *b)
{
    char buf[4096];
    off_t off = 0;
    for (;;) {
        ssize_t r = pread(fd, buf, sizeof buf, off);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return false;
        if (r == 0)
            return true;
        sb_append_n(b, buf, (size_t)r);
        off += r;
    }
}

/* What the other holders are, for a message. */
typedef struct Others {
    size_t count;
    char first[300]; /* "pid 123 on host" or "an unreadable lock line" */
} Others;

/* Rewrite the holders of the lock open on fd: this planner's line out
 * (and back in at the end when `add`), dead processes of this host out
 * (*stale when any). The other holders go to *o. Returns the new text's
 * length (0: no holder left). */
static size_t rewrite_holders(const char *text, bool add, StrBuf *out, Others *o,
                              bool *stale)
{
    char me[256];
    this_host(me, sizeof me);
    long self = (long)getpid();
    for (const char *p = text; *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        const char *start = p;
        char line[600], host[256];
        long pid = 0;
        snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), p);
        p += len + (nl ? 1 : 0);
        if (len == 0)
            continue;
        bool parsed = sscanf(line, "%ld %255s", &pid, host) == 2 && pid > 0;
        bool here = parsed && strcmp(host, me) == 0;
        if (here && pid == self)
            continue; /* ours: added again below, or released */
        if (here && kill((pid_t)pid, 0) != 0 && errno == ESRCH) {
            *stale = true;
            continue;
        }
        if (o->count++ == 0) {
            if (parsed)
                snprintf(o->first, sizeof o->first, "pid %ld on %s", pid, host);
            else
                snprintf(o->first, sizeof o->first, "a lock line that is not "
                         "\"PID HOST\"");
        }
        sb_append_n(out, start, len); /* as it was, however long */
        sb_append(out, "\n");
    }
    if (add)
        sb_printf(out, "%ld %s\n", self, me);
    return out->len;
}

/* Change the lock at path: add this planner or take it out. */
static LockResult update(const char *path, bool add, Others *o, bool *stale)
{
    int fd = open_locked(path, add);
    if (fd < 0)
        return LOCK_UNAVAILABLE;
    StrBuf text = STRBUF_INIT, next = STRBUF_INIT;
    bool ok = read_all(fd, &text);
    LockResult r = LOCK_UNAVAILABLE;
    if (ok) {
        size_t len = rewrite_holders(sb_str(&text), add, &next, o, stale);
        if (len == 0) {
            ok = unlink(path) == 0; /* under flock: no one adds meanwhile */
        } else {
            ok = pwrite(fd, sb_str(&next), len, 0) == (ssize_t)len &&
                 ftruncate(fd, (off_t)len) == 0;
        }
        r = !ok ? LOCK_UNAVAILABLE : o->count ? LOCK_ELSEWHERE : LOCK_TAKEN;
    }
    sb_free(&text);
    sb_free(&next);
    flock(fd, LOCK_UN);
    close(fd);
    return r;
}

LockResult file_lock_take(FileLock *lk, const char *file, char *other, size_t n,
                          bool *stale)
{
    char path[sizeof lk->path];
    bool dropped = false;
    if (stale)
        *stale = false;
    if (!file_lock_path(file, path, sizeof path))
        return LOCK_UNAVAILABLE;
    if (lk->path[0] && strcmp(lk->path, path) != 0)
        file_lock_release(lk);
    Others o = {0};
    LockResult r = update(path, true, &o, &dropped);
    if (r == LOCK_UNAVAILABLE)
        return r;
    snprintf(lk->path, sizeof lk->path, "%s", path);
    if (stale)
        *stale = dropped;
    if (r == LOCK_ELSEWHERE) {
        int w = o.count > 1 ? snprintf(other, n, "%s and %zu more", o.first, o.count - 1)
                            : snprintf(other, n, "%s", o.first);
        if (w >= 0 && (size_t)w >= n && n >= 4)
            memcpy(other + n - 4, "\xe2\x80\xa6", 4); /* cut: say so */
    }
    return r;
}

void file_lock_release(FileLock *lk)
{
    if (!lk->path[0])
        return;
    Others o = {0};
    bool stale = false;
    (void)update(lk->path, false, &o, &stale);
    lk->path[0] = '\0';
}
