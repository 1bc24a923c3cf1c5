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

#include "strbuf.h"

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* Split path into its directory ("." when none) and base name. */
static void split_path(const char *path, char *dir, size_t dn, char *base,
                       size_t bn)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, dn, ".");
        snprintf(base, bn, "%s", path);
    } else if (slash == path) {
        snprintf(dir, dn, "/");
        snprintf(base, bn, "%s", slash + 1);
    } else {
        snprintf(dir, dn, "%.*s", (int)(slash - path), path);
        snprintf(base, bn, "%s", slash + 1);
    }
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
        split_path(path, dir, sizeof dir, base, sizeof base);
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
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(d, EXIT_CANTCREAT, 0, 0, NULL, "%s", msg);
    return EXIT_CANTCREAT;
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

int atomic_write_file(const char *path, const char *data, size_t len,
                      unsigned mode, Diag *d)
{
    char target[PATH_MAX], dir[PATH_MAX], base[PATH_MAX];
    diag_clear(d, path);
    int rc = resolve_target(path, target, sizeof target, d);
    if (rc)
        return rc;
    split_path(target, dir, sizeof dir, base, sizeof base);
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

    char tmp[PATH_MAX];
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base) >=
        sizeof tmp)
        return cantcreat(d, "cannot write %s: %s", target, "path too long");
    int fd = mkstemp(tmp);
    if (fd < 0) {
        /* A full or failing disk is an I/O error (74), not a permission
         * problem (73), even when it shows up as the temp file is made. */
        int e = errno;
        if (e == ENOSPC || e == EIO
#ifdef EDQUOT
            || e == EDQUOT
#endif
        ) {
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
    if (exists && !what && geteuid() == 0 &&
        (st.st_uid != 0 || st.st_gid != 0)) {
        /* Keep the owner when root saves someone else's file. */
        if (fchown(fd, st.st_uid, st.st_gid) != 0) { /* best effort */
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
        diag_set(d, status, 0, 0, NULL, "cannot %s %s: %s; nothing was "
                 "changed", what, target, strerror(e));
        return status;
    }
    /* Make the rename durable. Some file systems cannot sync a directory
     * (EINVAL); the data is already in place then. */
    int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (dfd >= 0) {
        if (fsync(dfd) != 0 && errno != EINVAL && errno != ENOTSUP) {
            e = errno;
            close(dfd);
            diag_set(d, EXIT_IOERR, 0, 0, NULL, "saved, but syncing directory "
                     "%s failed: %s", dir, strerror(e));
            return EXIT_IOERR;
        }
        close(dfd);
    }
    return 0;
}

int atomic_rewrite_in_place(const char *path, const char *data, size_t len, Diag *d)
{
    char target[PATH_MAX], dir[PATH_MAX], base[PATH_MAX], tmp[PATH_MAX];
    diag_clear(d, path);
    int rc = resolve_target(path, target, sizeof target, d);
    if (rc)
        return rc;
    split_path(target, dir, sizeof dir, base, sizeof base);
    if ((size_t)snprintf(tmp, sizeof tmp, "%s/.%s.XXXXXX", dir, base) >= sizeof tmp)
        return cantcreat(d, "cannot write %s: path too long", target);
    /* A whole copy first, so a failure half way leaves the new text on disk. */
    int fd = mkstemp(tmp);
    if (fd < 0)
        return cantcreat(d, "cannot create a temporary file in %s: %s", dir,
                         strerror(errno));
    int e = 0;
    if (write_all(fd, data, len) != 0 || fsync(fd) != 0)
        e = errno;
    close(fd);
    if (e) {
        unlink(tmp);
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "cannot write a copy in %s: %s; nothing "
                 "was changed", dir, strerror(e));
        return EXIT_IOERR;
    }
    fd = open(target, O_WRONLY | O_CLOEXEC);
    if (fd < 0) {
        e = errno;
        unlink(tmp);
        diag_set(d, e == EACCES || e == EPERM || e == EROFS ? EXIT_CANTCREAT : EXIT_IOERR,
                 0, 0, NULL, "cannot write %s: %s; nothing was changed", target,
                 strerror(e));
        return e == EACCES || e == EPERM || e == EROFS ? EXIT_CANTCREAT : EXIT_IOERR;
    }
    if (write_all(fd, data, len) != 0 || ftruncate(fd, (off_t)len) != 0 || fsync(fd) != 0)
        e = errno;
    if (close(fd) != 0 && !e)
        e = errno;
    if (e) {
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "writing %s in place failed: %s; its new "
                 "contents are in %s", target, strerror(e), tmp);
        return EXIT_IOERR;
    }
    unlink(tmp);
    return 0;
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
