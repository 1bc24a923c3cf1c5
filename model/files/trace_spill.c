/* trace_spill.c: the scratch file of a long replay, DESIGN 10.8. */
#include "config.h"

#include "trace_spill.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "strbuf.h"

static const char *scratch_dir(void)
{
    const char *dir = getenv("TMPDIR");
    return dir && *dir ? dir : "/tmp";
}

static int failed(Diag *d, const char *what, int e)
{
    diag_set(d, EXIT_IOERR, 0, 0, NULL,
             "cannot %s the replay's scratch file in %s: %s", what, scratch_dir(),
             strerror(e));
    return EXIT_IOERR;
}

int spill_open(Spill *s, Diag *d)
{
    *s = SPILL_CLOSED;
    char path[PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/gpuplan-replay.XXXXXX",
                         scratch_dir()) >= sizeof path)
        return failed(d, "create", ENAMETOOLONG);
    int fd = mkstemp(path);
    if (fd < 0)
        return failed(d, "create", errno);
    /* Gone from the folder at once: the open descriptor keeps it while
     * the replay needs it, and nothing is left however gpuplan ends. */
    if (unlink(path) != 0) {
        int e = errno;
        close(fd);
        return failed(d, "remove", e);
    }
    /* Not handed to a program gpuplan starts. */
    (void)fcntl(fd, F_SETFD, FD_CLOEXEC);
    s->open = true;
    s->fd = fd;
    return 0;
}

int spill_append(Spill *s, const void *p, size_t n, Diag *d)
{
    const unsigned char *b = p;
    while (n > 0) {
        ssize_t w = pwrite(s->fd, b, n, (off_t)s->size);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return failed(d, "write", w < 0 ? errno : ENOSPC);
        b += w;
        n -= (size_t)w;
        s->size += (uint64_t)w;
    }
    return 0;
}

long spill_read(const Spill *s, uint64_t off, void *p, size_t n, Diag *d)
{
    unsigned char *b = p;
    size_t got = 0;
    while (got < n) {
        ssize_t r = pread(s->fd, b + got, n - got, (off_t)(off + got));
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            failed(d, "read", errno);
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    return (long)got;
}

void spill_close(Spill *s)
{
    if (s->open)
        close(s->fd);
    *s = SPILL_CLOSED;
}

void spill_cursor(SpillCursor *c, const Spill *s, uint64_t start, uint64_t end,
                  size_t rec, size_t block)
{
    size_t cap = block / rec * rec;
    if (cap < rec)
        cap = rec;
    if (c->buf && c->cap != cap) {
        free(c->buf);
        c->buf = NULL;
    }
    if (!c->buf)
        c->buf = xmalloc(cap);
    c->s = s;
    c->at = start;
    c->end = end;
    c->cap = cap;
    c->len = c->pos = 0;
    c->rec = rec;
}

int spill_next(SpillCursor *c, void *p, Diag *d)
{
    if (c->pos == c->len) {
        uint64_t left = c->end - c->at;
        if (left == 0)
            return 0;
        size_t want = left < c->cap ? (size_t)left : c->cap;
        long got = spill_read(c->s, c->at, c->buf, want, d);
        if (got < 0)
            return -1;
        if ((size_t)got < want || (size_t)got % c->rec) {
            /* The file is ours and was written whole: shorter means it was
             * cut under us. */
            failed(d, "read", EIO);
            return -1;
        }
        c->at += (uint64_t)got;
        c->len = (size_t)got;
        c->pos = 0;
    }
    memcpy(p, c->buf + c->pos, c->rec);
    c->pos += c->rec;
    return 1;
}

void spill_cursor_free(SpillCursor *c)
{
    free(c->buf);
    c->buf = NULL;
    c->cap = c->len = c->pos = 0;
}
