/* atomic_file.c: whole-file reads and all-or-nothing writes (DESIGN 1.3, 7).
 *
 * A write goes to `.NAME.XXXXXX` beside the real file (after following a
 * symlink to the file it names), is fsync'd, given the old file's mode (or
 * the requested mode less the umask for a new file), renamed over the
 * target, and the directory is fsync'd so the rename itself is durable.
 *
 * A file whose mode has no write bit at all is refused even when the
 * process could write it anyway (root): a read-only file means "do not
 * touch", and replacing it by rename would succeed silently. The same goes
 * for a directory without write bits. */
#include "config.h"

#include "atomic_file.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "fatal_signals.h"
#include "file_path.h"
#include "strbuf.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Split path into its directory ("." when none) and base name; false when
 * either does not fit. */
static bool split_path(const char *path, char *dir, size_t dn, char *base,
                       size_t bn)
{
    const char *b = path_split(path, dir, dn);
    if (!b || strlen(b) >= bn)
        return false;
    memcpy(base, b, strlen(b) + 1);
    return true;
}

/* The file a write to `path` should replace: path itself, or for a symlink
 * the file it points to (which need not exist yet). */
static int resolve_target(const char *path, char *out, size_t n, Diag *d)
{
    struct stat lst;
    if (lstat(path, &lst) != 0 || !S_ISLNK(lst.st_mode)) {
        snprintf(out, n, "%s", path);
        return 0;
    }
    char buf[PATH_MAX];
    if (realpath(path, buf)) {
        snprintf(out, n, "%s", buf);
        return 0;
    }
    /* A dangling link: create the file it names. */
    char link[PATH_MAX];
    ssize_t len = readlink(path, link, sizeof link - 1);
    if (len < 0) {
        diag_set(d, EXIT_CANTCREAT, 0, 0, NULL, "cannot follow the symbolic "
                 "link: %s", strerror(errno));
        return EXIT_CANTCREAT;
    }
    link[len] = '\0';
    if (link[0] == '/') {
        snprintf(out, n, "%s", link);
    } else {
        char dir[PATH_MAX], base[PATH_MAX];
        if (!split_path(path, dir, sizeof dir, base, sizeof base)) {
            diag_set(d, EXIT_CANTCREAT, 0, 0, NULL, "cannot follow the "
                     "symbolic link: the path is too long");
            return EXIT_CANTCREAT;
        }
        size_t dl = strlen(dir), ll = strlen(link);
        if (dl + 1 + ll >= n) {
            diag_set(d, EXIT_CANTCREAT, 0, 0, NULL, "cannot follow the "
                     "symbolic link: the path is too long");
            return EXIT_CANTCREAT;
        }
        memcpy(out, dir, dl);
        out[dl] = '/';
        memcpy(out + dl + 1, link, ll + 1);
    }
    return 0;
}

static int cantcreat(Diag *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Record "cannot create or replace" (EXIT_CANTCREAT) with the message. */
static int cantcreat(Diag *d, const char *fmt, ...)
{
    char msg[3 * PATH_MAX]; /* diag_set marks a cut message */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(d, EXIT_CANTCREAT, 0, 0, NULL, "%s", msg);
    return EXIT_CANTCREAT;
}

/* A full or failing disk: an I/O error (74), not a permission problem (73). */
static bool disk_full(int e)
{
    return e == ENOSPC || e == EIO
#ifdef EDQUOT
           || e == EDQUOT
#endif
        ;
}

/* What a write past the file size limit needs said: which limit. */
static const char *limit_hint(int e)
{
    return e == EFBIG ? " (the limit on file size, `ulimit -f`)" : "";
}

static int write_all(int fd, const char *data, size_t len)
{
    while (len > 0) {
        ssize_t w = write(fd, data, len);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        data += w;
        len -= (size_t)w;
    }
    return 0;
}

/* Write data to a fresh `DIR/.BASE.XXXXXX` with mode `want` (and the owner
 * of `old`, the file it replaces, when root writes it), sync it and rename
 * it over target. Returns 0, or the status with *d filled and the temp file
 * removed. */
static int replace_with_temp(const char *dir, const char *base, const char *target,
                             const char *data, size_t len, mode_t want,
                             const struct stat *old, Diag *d)
{
    char tmp[PATH_MAX];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base) >=
        sizeof tmp)
        return cantcreat(d, "cannot write %s: the path is too long", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        /* A full or failing disk is an I/O error (74), not a permission
         * problem (73), even when it shows up as the temp file is made. */
        int e = errno;
        if (disk_full(e)) {
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot create a temporary "
                     "file in %s: %s; nothing was changed", dir, strerror(e));
            return EXIT_IOERR;
        }
        return cantcreat(d, "cannot create a temporary file in %s: %s", dir,
                         strerror(e));
    }
    const char *what = NULL;
    int status = EXIT_IOERR, e = 0;
    if (write_all(fd, data, len) != 0)
        what = "write";
    else if (fchmod(fd, want) != 0)
        what = "set the mode of";
    else if (fsync(fd) != 0)
        what = "sync";
    if (what)
        e = errno; /* before close() or fchown() can change it */
    if (old && !what && geteuid() == 0 &&
        (old->st_uid != 0 || old->st_gid != 0)) {
        /* Keep the owner when root saves someone else's file. */
        if (fchown(fd, old->st_uid, old->st_gid) != 0) { /* best effort */
        }
    }
    if (close(fd) != 0 && !what) {
        what = "close";
        e = errno;
    }
    if (!what && rename(tmp, target) != 0) {
        what = "replace";
        e = errno;
        if (e == EACCES || e == EPERM || e == EROFS)
            status = EXIT_CANTCREAT;
    }
    if (what) {
        unlink(tmp);
        diag_set(d, status, 0, 0, NULL, "cannot %s %s: %s%s; nothing was "
                 "changed", what, target, strerror(e), limit_hint(e));
        return status;
    }
    return 0;
}

int atomic_write_file(const char *path, const char *data, size_t len,
                      unsigned mode, Diag *d)
{
    char target[PATH_MAX], dir[PATH_MAX], base[PATH_MAX];
    diag_clear(d, path);
    int rc = resolve_target(path, target, sizeof target, d);
    if (rc)
        return rc;
    if (!split_path(target, dir, sizeof dir, base, sizeof base))
        return cantcreat(d, "cannot write %s: the path is too long", target);
    if (base[0] == '\0')
        return cantcreat(d, "cannot write %s: it names a directory", path);

    struct stat st, dst;
    if (stat(dir, &dst) != 0)
        return cantcreat(d, "cannot write here: directory %s: %s", dir,
                         strerror(errno));
    if (!S_ISDIR(dst.st_mode))
        return cantcreat(d, "cannot write here: %s is not a directory", dir);
    if ((dst.st_mode & 0222) == 0 || access(dir, W_OK | X_OK) != 0)
        return cantcreat(d, "cannot write here: directory %s is read-only; "
                         "nothing was changed", dir);

    bool exists = stat(target, &st) == 0;
    mode_t want;
    if (exists) {
        if (S_ISDIR(st.st_mode))
            return cantcreat(d, "cannot write %s: it is a directory", target);
        if (!S_ISREG(st.st_mode))
            return cantcreat(d, "cannot write %s: it is not a regular file "
                             "(only regular files are replaced)", target);
        if ((st.st_mode & 0222) == 0 || access(target, W_OK) != 0)
            return cantcreat(d, "cannot write %s: the file is read-only; "
                             "nothing was changed", target);
        want = st.st_mode & 07777;
    } else if (errno == ENOENT) {
        mode_t um = umask(0);
        umask(um);
        want = (mode_t)mode & 07777 & ~um;
    } else {
        return cantcreat(d, "cannot write %s: %s", target, strerror(errno));
    }

    sigset_t saved;
    fatal_signals_hold(&saved); /* no signal between the temp file and its end */
    rc = replace_with_temp(dir, base, target, data, len, want,
                           exists ? &st : NULL, d);
    fatal_signals_release(&saved);
    if (rc)
        return rc;
    /* Make the rename durable. Some file systems cannot sync a directory
     * (EINVAL); the data is already in place then. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        if (fsync(dfd) != 0 && errno != EINVAL && errno != ENOTSUP) {
            int e = errno;
            close(dfd);
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "saved, but syncing directory "
                     "%s failed: %s", dir, strerror(e));
            return EXIT_IOERR;
        }
        close(dfd);
    }
    return 0;
}

/* Read the whole file open on fd from its start into a malloc'd buffer;
 * 0, or an errno. */
static int read_fd(int fd, char **out, size_t *outlen)
{
    size_t cap = 8192, used = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (used == cap)
            buf = xrealloc(buf, cap *= 2);
        ssize_t r = pread(fd, buf + used, cap - used, (off_t)used);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            free(buf);
            return e;
        }
        if (r == 0)
            break;
        used += (size_t)r;
    }
    *out = buf;
    *outlen = used;
    return 0;
}

/* Write len bytes at the start of fd, cut the file there and sync it; 0
 * or an errno. */
static int put_text(int fd, const char *data, size_t len)
{
    for (size_t off = 0; off < len;) {
        ssize_t w = pwrite(fd, data + off, len - off, (off_t)off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return w < 0 ? errno : EIO;
        off += (size_t)w;
    }
    if (ftruncate(fd, (off_t)len) != 0 || fsync(fd) != 0)
        return errno;
    return 0;
}

/* Reserve the blocks len bytes at the start of fd need, so a full disk
 * says so before the first byte is written over: 0, or an errno. A file
 * system that cannot reserve passes (the old text is put back then if a
 * write fails). */
static int reserve(int fd, size_t len)
{
#ifdef FALLOC_FL_KEEP_SIZE
    if (len == 0 || fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, (off_t)len) == 0)
        return 0;
    if (errno == EOPNOTSUPP || errno == ENOSYS || errno == EINVAL)
        return 0;
    return errno;
#else
    (void)fd;
    (void)len;
    return 0;
#endif
}

/* The whole new text in a fresh `DIR/.BASE.XXXXXX`, synced: 0 with its
 * name in tmp, or the status with *d filled (nothing left behind). */
static int write_copy(const char *dir, const char *base, const char *target,
                      const char *data, size_t len, char *tmp, size_t tn, Diag *d)
{
    if ((size_t)snprintf(tmp, tn, "%s/.%s.XXXXXX", dir, base) >= tn)
        return cantcreat(d, "cannot write %s: the path is too long", target);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        int e = errno;
        diag_set(d, disk_full(e) ? EXIT_IOERR : EXIT_CANTCREAT, 0, 0, NULL,
                 "cannot write a copy of the new text in %s: %s; nothing was "
                 "changed", dir, strerror(e));
        return d->status;
    }
    int e = 0;
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        unlink(tmp);
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot write a copy of the new "
                 "text in %s: %s%s; nothing was changed", dir, strerror(e),
                 limit_hint(e));
        return EXIT_IOERR;
    }
    return 0;
}

/* The text is written over the file's own bytes, so a failure half way
 * would leave a cut file that still loads (with wrong values): the new
 * text goes to a copy first, the blocks it needs are reserved, and when a
 * write fails anyway the old bytes (read before) are put back and the
 * message names the copy. */
int atomic_rewrite_in_place(const char *path, const char *data, size_t len, Diag *d)
{
    char target[PATH_MAX], dir[PATH_MAX], base[PATH_MAX], tmp[PATH_MAX];
    diag_clear(d, path);
    int rc = resolve_target(path, target, sizeof target, d);
    if (rc)
        return rc;
    if (!split_path(target, dir, sizeof dir, base, sizeof base))
        return cantcreat(d, "cannot write %s: the path is too long", target);
    int fd = open(target, O_RDWR | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        diag_set(d, e == EACCES || e == EPERM || e == EROFS ? EXIT_CANTCREAT : EXIT_IOERR,
                 0, 0, NULL, "cannot write %s: %s; nothing was changed", target,
                 strerror(e));
        return d->status;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || (st.st_mode & 0222) == 0) {
        close(fd);
        return cantcreat(d, "cannot write %s: it is not a writable regular file; "
                         "nothing was changed", target);
    }
    char *old = NULL;
    size_t oldlen = 0;
    int e = read_fd(fd, &old, &oldlen);
    if (e) {
        close(fd);
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot read %s before writing it "
                 "in place: %s; nothing was changed", target, strerror(e));
        return EXIT_IOERR;
    }
    sigset_t saved;
    fatal_signals_hold(&saved); /* no signal between the copy and its end */
    rc = write_copy(dir, base, target, data, len, tmp, sizeof tmp, d);
    if (rc == 0 && (e = reserve(fd, len)) != 0) {
        unlink(tmp);
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot write %s in place: %s (its "
                 "new text needs %zu bytes); nothing was changed", target,
                 strerror(e), len);
        rc = EXIT_IOERR;
    }
    if (rc == 0 && (e = put_text(fd, data, len)) != 0) {
        int e2 = put_text(fd, old, oldlen);
        /* Its old times too, so nothing says it changed: it did not. */
        struct timespec times[2] = {st.st_atim, st.st_mtim};
        if (e2 == 0 && futimens(fd, times) != 0) { /* best effort */
        }
        if (e2 == 0)
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot write %s in place: %s%s; "
                     "its old text was put back, and the new text is in %s",
                     target, strerror(e), limit_hint(e), tmp);
        else
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot write %s in place: %s, "
                     "and putting its old text back failed too (%s), so it may "
                     "be cut; the new text is in %s", target, strerror(e),
                     strerror(e2), tmp);
        rc = EXIT_IOERR;
    }
    free(old);
    if (close(fd) != 0 && rc == 0) {
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot write %s in place: %s; the "
                 "new text is in %s", target, strerror(errno), tmp);
        rc = EXIT_IOERR;
    }
    if (rc == 0)
        unlink(tmp);
    fatal_signals_release(&saved);
    return rc;
}

/* "1 MiB" for whole MiB, else "N bytes". */
static void size_text(size_t n, char *buf, size_t bn)
{
    if (n >= 1024 * 1024 && n % (1024 * 1024) == 0)
        snprintf(buf, bn, "%zu MiB", n / (1024 * 1024));
    else
        snprintf(buf, bn, "%zu bytes", n);
}

int read_whole_file(const char *path, size_t max, char **data, size_t *len,
                    Diag *d)
{
    diag_clear(d, path);
    /* O_NONBLOCK: opening a named pipe that no program writes to would
     * otherwise wait forever. Reads block again once it is open, so a pipe
     * with a writer (`gpuplan check <(...)`) is read whole. */
    int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "cannot open: %s",
                 strerror(errno));
        return EXIT_NOINPUT;
    }
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
        close(fd);
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "is a directory, not a file");
        return EXIT_NOINPUT;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0)
        (void)fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    /* Read at most max + 1 bytes: enough to know the file is too large. */
    size_t cap = max + 2, used = 0;
    if (S_ISREG(st.st_mode) && st.st_size >= 0 && (size_t)st.st_size < max)
        cap = (size_t)st.st_size + 2;
    char *buf = xmalloc(cap);
    for (;;) {
        if (used == cap - 1) {
            if (used > max)
                break;
            cap = cap * 2 > max + 2 ? max + 2 : cap * 2;
            buf = xrealloc(buf, cap);
        }
        ssize_t r = read(fd, buf + used, cap - 1 - used);
        if (r < 0) {
            if (errno == EINTR)
                continue;
            int e = errno;
            free(buf);
            close(fd);
            diag_set(d, e == EISDIR ? EXIT_NOINPUT : EXIT_IOERR, 0, 0, NULL,
                     "cannot read: %s", strerror(e));
            return e == EISDIR ? EXIT_NOINPUT : EXIT_IOERR;
        }
        if (r == 0)
            break;
        used += (size_t)r;
    }
    close(fd);
    if (used == 0 && S_ISFIFO(st.st_mode)) {
        free(buf);
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "is a named pipe that no program "
                 "is writing to: nothing to read");
        return EXIT_NOINPUT;
    }
    if (used > max) {
        char lim[40];
        size_text(max, lim, sizeof lim);
        free(buf);
        if (S_ISREG(st.st_mode))
            diag_set(d, EXIT_DATAERR, 0, 0, NULL, "file is %lld bytes; "
                     "scenarios are limited to %s", (long long)st.st_size, lim);
        else
            diag_set(d, EXIT_DATAERR, 0, 0, NULL, "input is more than %zu "
                     "bytes; scenarios are limited to %s", max, lim);
        return EXIT_DATAERR;
    }
    buf[used] = '\0';
    *data = buf;
    *len = used;
    return 0;
}
