/* shim.c: an LD_PRELOAD library that makes gpuplan's atomic saves fail or die.
 *
 * Only the calls an atomic save makes on its own temporary file are touched:
 * the file mkstemp() creates is remembered (its fd and name), and
 *
 *   mkstemp   mkstemp()/mkostemp() itself (glibc opens the temp file inside
 *             mkstemp, so an open() of it is never seen from outside)
 *   write     write() on the temp fd
 *   fchmod    fchmod() on the temp fd
 *   fsync     fsync() on the temp fd
 *   rename    rename() whose source is the temp file
 *   dirfsync  fsync() on a directory fd (the save's final step)
 *   inplace   write() or pwrite() on a regular file with more than one hard
 *             link (a save that rewrites such a file in place)
 *
 * Every other call, and these calls on any other fd or path, go straight to
 * the real function (dlsym(RTLD_NEXT, ...)).
 *
 * GPUPLAN_FAULT=OP:ACTION:N[:MS][,OP:ACTION:N[:MS]]...
 *   N       how many matching calls of OP pass untouched; the action applies
 *           to call number N (counting from 0) and every later one (for an
 *           errno or SHORT action, MS given says on how many calls it acts:
 *           a fault that passes, like a disk that has room again)
 *   ACTION  ENOSPC, EIO, EDQUOT, EACCES, EPERM, EROFS: fail with -1 and that
 *                  errno (a persistent fault, like a full disk)
 *           SHORT  write only: pass on half the bytes (a short write)
 *           SLEEP  sleep MS milliseconds (default 100), then do the call
 *           KILL   SIGKILL the process before the call
 *           KILLAFTER  do the call, then SIGKILL the process
 *   Specs are tried in order; the first one due for a call acts.
 * GPUPLAN_FAULT_LOG=FILE  append "OP ACTION" to FILE each time a spec acts,
 *   so a test can tell that the fault really happened.
 *
 * Example: GPUPLAN_FAULT=write:KILL:1,write:SHORT:0 leaves a temp file with
 * half the data in it and kills the saver in the middle of the save. */
#include "config.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

enum op { OP_MKSTEMP, OP_WRITE, OP_FCHMOD, OP_FSYNC, OP_RENAME, OP_DIRFSYNC,
          OP_INPLACE, OP_COUNT };
static const char *const op_names[OP_COUNT] = {
    "mkstemp", "write", "fchmod", "fsync", "rename", "dirfsync", "inplace"};

enum act { ACT_ERRNO, ACT_SHORT, ACT_SLEEP, ACT_KILL, ACT_KILLAFTER };

static const struct {
    const char *name;
    int value;
} errnos[] = {{"ENOSPC", ENOSPC}, {"EIO", EIO},     {"EDQUOT", EDQUOT},
              {"EACCES", EACCES}, {"EPERM", EPERM}, {"EROFS", EROFS}};

#define MAX_SPECS 8
static struct spec {
    enum op op;
    enum act act;
    int err;
    long after, seen, ms;
    int has_ms;
    char label[24];
} specs[MAX_SPECS];
static int nspecs;

static int temp_fd = -1;
static char temp_path[4096];

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static int (*real_fsync)(int);
static int (*real_fchmod)(int, mode_t);
static int (*real_rename)(const char *, const char *);
static int (*real_mkstemp)(char *);
static int (*real_mkostemp)(char *, int);

static void *next(const char *name)
{
    void *f = dlsym(RTLD_NEXT, name);
    if (!f) {
        fprintf(stderr, "fault shim: %s not found\n", name);
        abort();
    }
    return f;
}

/* Parse one OP:ACTION:N[:MS] spec; bad specs abort loudly so a typo in a
 * test cannot silently inject nothing. */
static void parse_spec(char *s)
{
    char *f[4] = {NULL, NULL, NULL, NULL};
    int n = 0;
    for (char *p = s; n < 4 && p; n++) {
        f[n] = p;
        p = strchr(p, ':');
        if (p)
            *p++ = '\0';
    }
    if (n < 3 || nspecs == MAX_SPECS)
        goto bad;
    struct spec *sp = &specs[nspecs];
    memset(sp, 0, sizeof *sp);
    int op = 0;
    while (op < OP_COUNT && strcmp(f[0], op_names[op]) != 0)
        op++;
    if (op == OP_COUNT)
        goto bad;
    sp->op = (enum op)op;
    sp->act = ACT_ERRNO;
    sp->err = 0;
    for (size_t i = 0; i < sizeof errnos / sizeof errnos[0]; i++)
        if (strcmp(f[1], errnos[i].name) == 0)
            sp->err = errnos[i].value;
    if (sp->err == 0) {
        if (strcmp(f[1], "SHORT") == 0 && (sp->op == OP_WRITE || sp->op == OP_INPLACE))
            sp->act = ACT_SHORT;
        else if (strcmp(f[1], "SLEEP") == 0)
            sp->act = ACT_SLEEP;
        else if (strcmp(f[1], "KILL") == 0)
            sp->act = ACT_KILL;
        else if (strcmp(f[1], "KILLAFTER") == 0)
            sp->act = ACT_KILLAFTER;
        else
            goto bad;
    }
    char *end;
    sp->after = strtol(f[2], &end, 10);
    if (*f[2] == '\0' || *end || sp->after < 0)
        goto bad;
    sp->ms = 100;
    if (f[3]) {
        sp->has_ms = 1;
        sp->ms = strtol(f[3], &end, 10);
        if (*f[3] == '\0' || *end || sp->ms < 0)
            goto bad;
    }
    snprintf(sp->label, sizeof sp->label, "%s", f[1]);
    nspecs++;
    return;
bad:
    fprintf(stderr, "fault shim: bad GPUPLAN_FAULT spec (want "
            "OP:ACTION:N[:MS])\n");
    abort();
}

__attribute__((constructor)) static void shim_init(void)
{
    real_write = (ssize_t (*)(int, const void *, size_t))next("write");
    real_fsync = (int (*)(int))next("fsync");
    real_pwrite = (ssize_t (*)(int, const void *, size_t, off_t))next("pwrite");
    real_fchmod = (int (*)(int, mode_t))next("fchmod");
    real_rename = (int (*)(const char *, const char *))next("rename");
    real_mkstemp = (int (*)(char *))next("mkstemp");
    real_mkostemp = (int (*)(char *, int))next("mkostemp");
    const char *env = getenv("GPUPLAN_FAULT");
    if (!env || !*env)
        return;
    char *copy = strdup(env);
    if (!copy)
        abort();
    for (char *tok = strtok(copy, ","); tok; tok = strtok(NULL, ","))
        parse_spec(tok);
    free(copy);
}

static void log_action(const struct spec *sp)
{
    const char *path = getenv("GPUPLAN_FAULT_LOG");
    if (!path || !*path)
        return;
    int fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0)
        return;
    char line[64];
    int n = snprintf(line, sizeof line, "%s %s\n", op_names[sp->op], sp->label);
    if (n > 0)
        (void)!real_write(fd, line, (size_t)n);
    close(fd);
}

/* The spec due to act on this call of op, or NULL. Every spec for op counts
 * the call, so N means "the N-th matching call" whatever the other specs do. */
static struct spec *due(enum op op)
{
    struct spec *hit = NULL;
    for (int i = 0; i < nspecs; i++) {
        struct spec *sp = &specs[i];
        if (sp->op != op)
            continue;
        long k = sp->seen++;
        bool spent = sp->has_ms && (sp->act == ACT_ERRNO || sp->act == ACT_SHORT) &&
                     k >= sp->after + sp->ms;
        if (k >= sp->after && !spent && !hit)
            hit = sp;
    }
    if (hit)
        log_action(hit);
    return hit;
}

/* Apply the actions that come before the call. Returns 1 when the call must
 * fail with -1 (errno set), else 0. */
static int before(const struct spec *sp)
{
    if (!sp)
        return 0;
    switch (sp->act) {
    case ACT_ERRNO:
        errno = sp->err;
        return 1;
    case ACT_SLEEP: {
        struct timespec ts = {sp->ms / 1000, (sp->ms % 1000) * 1000000L};
        while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
        }
        return 0;
    }
    case ACT_KILL:
        raise(SIGKILL);
        return 0;
    case ACT_SHORT:
    case ACT_KILLAFTER:
        return 0;
    }
    return 0;
}

static void after(const struct spec *sp)
{
    if (sp && sp->act == ACT_KILLAFTER)
        raise(SIGKILL);
}

static int is_dir_fd(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && S_ISDIR(st.st_mode);
}

static int remember_temp(int fd, const char *tmpl)
{
    if (fd >= 0) {
        temp_fd = fd;
        snprintf(temp_path, sizeof temp_path, "%s", tmpl);
    }
    return fd;
}

int mkstemp(char *tmpl)
{
    struct spec *sp = due(OP_MKSTEMP);
    if (before(sp))
        return -1;
    int fd = remember_temp(real_mkstemp(tmpl), tmpl);
    after(sp);
    return fd;
}

int mkostemp(char *tmpl, int flags)
{
    struct spec *sp = due(OP_MKSTEMP);
    if (before(sp))
        return -1;
    int fd = remember_temp(real_mkostemp(tmpl, flags), tmpl);
    after(sp);
    return fd;
}

/* A regular file with more than one hard link: what an in-place save
 * writes (the temp file has one link). */
static int is_linked_file(int fd)
{
    struct stat st;
    return fd > 2 && fd != temp_fd && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
           st.st_nlink > 1;
}

ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
    if (!real_pwrite)
        real_pwrite = (ssize_t (*)(int, const void *, size_t, off_t))next("pwrite");
    if (!is_linked_file(fd))
        return real_pwrite(fd, buf, n, off);
    struct spec *sp = due(OP_INPLACE);
    if (before(sp))
        return -1;
    if (sp && sp->act == ACT_SHORT && n > 1)
        n /= 2;
    ssize_t w = real_pwrite(fd, buf, n, off);
    after(sp);
    return w;
}

#ifdef __LP64__ /* the same call under its large-file name */
ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
    return pwrite(fd, buf, n, off);
}
#endif

ssize_t write(int fd, const void *buf, size_t n)
{
    if (!real_write)
        real_write = (ssize_t (*)(int, const void *, size_t))next("write");
    enum op op = OP_WRITE;
    if (fd < 0 || fd != temp_fd) {
        if (!is_linked_file(fd))
            return real_write(fd, buf, n);
        op = OP_INPLACE;
    }
    struct spec *sp = due(op);
    if (before(sp))
        return -1;
    if (sp && sp->act == ACT_SHORT && n > 1)
        n /= 2;
    ssize_t w = real_write(fd, buf, n);
    after(sp);
    return w;
}

int fchmod(int fd, mode_t mode)
{
    if (fd < 0 || fd != temp_fd)
        return real_fchmod(fd, mode);
    struct spec *sp = due(OP_FCHMOD);
    if (before(sp))
        return -1;
    int r = real_fchmod(fd, mode);
    after(sp);
    return r;
}

int fsync(int fd)
{
    enum op op;
    if (fd >= 0 && fd == temp_fd)
        op = OP_FSYNC;
    else if (fd >= 0 && is_dir_fd(fd))
        op = OP_DIRFSYNC;
    else
        return real_fsync(fd);
    struct spec *sp = due(op);
    if (before(sp))
        return -1;
    int r = real_fsync(fd);
    after(sp);
    return r;
}

int rename(const char *from, const char *to)
{
    if (!temp_path[0] || strcmp(from, temp_path) != 0)
        return real_rename(from, to);
    struct spec *sp = due(OP_RENAME);
    if (before(sp))
        return -1;
    int r = real_rename(from, to);
    after(sp);
    return r;
}

/* The temp fd number may be reused once the save closes it. */
int close(int fd)
{
    static int (*real_close)(int);
    if (!real_close)
        real_close = (int (*)(int))next("close");
    if (fd >= 0 && fd == temp_fd)
        temp_fd = -1;
    return real_close(fd);
}
