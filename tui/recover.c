/* recover.c: recovery files: where they go, writing one exclusively,
 * listing and loading the user's own, removing one (see recover.h). */
#include "config.h"

#include "recover.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fields.h"
#include "file_rules.h"
#include "scenario_file.h"
#include "strbuf.h"

#define SUFFIX ".gpuplan-recover"
#define TRIES 8 /* names tried per directory: PID, PID-1, ..., PID-7 */

/* $XDG_STATE_HOME/gpuplan, or ~/.local/state/gpuplan. */
static bool state_dir(char *buf, size_t n)
{
    return file_xdg_dir(XDG_STATE, NULL, buf, n) != NULL;
}

/* Create the state directory (and its parents) at mode 0700 and check it:
 * a real directory, not a symlink, owned by the user; its mode is put back
 * to 0700 when it is wider. */
static bool state_dir_ready(const char *dir, char *why, size_t wn)
{
    char tmp[RECOVER_PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s", dir);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            (void)mkdir(tmp, 0700);
            *p = '/';
        }
    (void)mkdir(tmp, 0700);
    struct stat st;
    if (lstat(dir, &st) != 0) {
        snprintf(why, wn, "%s: %s", dir, strerror(errno));
        return false;
    }
    if (!S_ISDIR(st.st_mode)) {
        snprintf(why, wn, "%s: not a directory", dir);
        return false;
    }
    if (st.st_uid != geteuid()) {
        snprintf(why, wn, "%s: belongs to another user", dir);
        return false;
    }
    if ((st.st_mode & 07777) != 0700 && chmod(dir, 0700) != 0) {
        snprintf(why, wn, "%s: cannot make it private: %s", dir,
                 strerror(errno));
        return false;
    }
    return true;
}

/* The directory part of path into dir ("." when none) and its last part. */
static const char *split_path(const char *path, char *dir, size_t dn)
{
    const char *slash = strrchr(path, '/');
    if (!slash) {
        snprintf(dir, dn, ".");
        return path;
    }
    if (slash == path)
        snprintf(dir, dn, "/");
    else
        snprintf(dir, dn, "%.*s", (int)(slash - path), path);
    return slash + 1;
}

/* May the recovery go next to the file? Only when its directory is the
 * user's own and no one else may write there: in a shared directory
 * another user could plant or swap names. */
static bool own_dir_ok(const char *dir)
{
    struct stat st;
    return stat(dir, &st) == 0 && S_ISDIR(st.st_mode) &&
           st.st_uid == geteuid() && !(st.st_mode & (S_IWGRP | S_IWOTH));
}

/* FNV-1a, for names too long to spell out. */
static uint64_t digest(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    return h;
}

/* The state directory's name stem for scenario file `path` (NULL = no
 * file): its absolute path with '/' as '%', a digest when that is too long
 * for a file name, or "unsaved". */
static void state_stem(const char *path, char *buf, size_t n)
{
    if (!path) {
        snprintf(buf, n, "unsaved");
        return;
    }
    char dir[RECOVER_PATH_MAX], real[RECOVER_PATH_MAX], abs[2 * RECOVER_PATH_MAX];
    const char *base = split_path(path, dir, sizeof dir);
    if (realpath(dir, real))
        snprintf(abs, sizeof abs, "%s/%s", strcmp(real, "/") ? real : "", base);
    else if (path[0] == '/' || !getcwd(real, sizeof real))
        snprintf(abs, sizeof abs, "%s", path);
    else
        snprintf(abs, sizeof abs, "%s/%s", real, path);
    if (strlen(abs) > 200) {
        snprintf(buf, n, "%016llx.long", (unsigned long long)digest(abs));
        return;
    }
    snprintf(buf, n, "%s", abs);
    for (char *p = buf; *p; p++)
        if (*p == '/')
            *p = '%';
}

/* Create file p exclusively (no symlink followed, nothing replaced), write
 * data, fsync. Returns 0 or an errno; on failure the file is removed. */
static int write_new(const char *p, const char *data, size_t len)
{
    int fd = open(p, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    if (fd < 0)
        return errno;
    int err = 0;
    for (size_t off = 0; off < len && !err;) {
        ssize_t w = write(fd, data + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            err = w < 0 ? errno : EIO;
        else
            off += (size_t)w;
    }
    if (!err && fsync(fd) != 0)
        err = errno;
    if (close(fd) != 0 && !err)
        err = errno;
    if (err)
        (void)unlink(p);
    return err;
}

/* Write data to a fresh `DIR/STEM.PID[-k].gpuplan-recover`. Returns true
 * and the name in out; false with the reason in why. */
static bool write_in(const char *dir, const char *stem, const char *data,
                     size_t len, char *out, size_t on, char *why, size_t wn)
{
    long pid = (long)getpid();
    for (int k = 0; k < TRIES; k++) {
        char p[RECOVER_PATH_MAX];
        int w = k == 0 ? snprintf(p, sizeof p, "%s/%s.%ld" SUFFIX, dir, stem, pid)
                       : snprintf(p, sizeof p, "%s/%s.%ld-%d" SUFFIX, dir, stem,
                                  pid, k);
        if (w < 0 || (size_t)w >= sizeof p) {
            snprintf(why, wn, "%s: the name is too long", dir);
            return false;
        }
        int err = write_new(p, data, len);
        if (err == 0) {
            int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
            if (dfd >= 0) {
                (void)fsync(dfd);
                close(dfd);
            }
            snprintf(out, on, "%s", p);
            return true;
        }
        /* A name already taken (by an earlier planner with this pid, or by
         * something planted there) is left alone: try the next one. */
        if (err != EEXIST) {
            snprintf(why, wn, "%s: %s", p, strerror(err));
            return false;
        }
        snprintf(why, wn, "%s: every name is taken", dir);
    }
    return false;
}

int recover_write(const char *path, const Scenario *s, char *where, size_t wn,
                  Diag *d)
{
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(s, &b);
    char out[RECOVER_PATH_MAX], why_own[RECOVER_PATH_MAX + 64] = "",
        why_state[RECOVER_PATH_MAX + 64] = "";
    bool done = false;
    if (path) {
        char dir[RECOVER_PATH_MAX], stem[RECOVER_PATH_MAX];
        const char *base = split_path(path, dir, sizeof dir);
        snprintf(stem, sizeof stem, ".%s", base);
        if (own_dir_ok(dir))
            done = write_in(dir, stem, sb_str(&b), b.len, out, sizeof out,
                            why_own, sizeof why_own);
        else
            snprintf(why_own, sizeof why_own, "%s: shared with other users or "
                     "not the user's own", dir);
    }
    if (!done) {
        char sdir[RECOVER_PATH_MAX], stem[RECOVER_PATH_MAX];
        if (!state_dir(sdir, sizeof sdir))
            snprintf(why_state, sizeof why_state, "no state directory (set "
                     "HOME or XDG_STATE_HOME)");
        else if (state_dir_ready(sdir, why_state, sizeof why_state)) {
            state_stem(path, stem, sizeof stem);
            done = write_in(sdir, stem, sb_str(&b), b.len, out, sizeof out,
                            why_state, sizeof why_state);
        }
    }
    sb_free(&b);
    if (!done) {
        diag_clear(d, NULL);
        diag_set(d, EXIT_CANTCREAT, 0, 0, NULL, "no recovery file could be "
                 "written (%s%s%s)", why_own, why_own[0] ? "; " : "",
                 why_state);
        return EXIT_CANTCREAT;
    }
    if (where)
        snprintf(where, wn, "%s", out);
    return 0;
}

/* The pid in the part of a name between its stem and SUFFIX: ".PID" or
 * ".PID-k"; 0 for the name without one that older versions wrote; -1 when
 * the name is not a recovery of this stem. */
static long name_pid(const char *mid, size_t len)
{
    if (len == 0)
        return 0;
    if (mid[0] != '.' || len < 2)
        return -1;
    long pid = 0;
    size_t i = 1;
    for (; i < len && mid[i] >= '0' && mid[i] <= '9'; i++)
        if (pid < 100000000)
            pid = pid * 10 + (mid[i] - '0');
    if (i == 1)
        return -1;
    if (i < len) {
        if (mid[i] != '-' || i + 1 == len)
            return -1;
        for (i++; i < len; i++)
            if (mid[i] < '0' || mid[i] > '9')
                return -1;
    }
    return pid;
}

/* Add the recoveries of `stem` in dir to out[*n..max). */
static void scan(const char *dir, const char *stem, RecoverEntry *out,
                 size_t *n, size_t max)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    size_t sl = strlen(stem), xl = strlen(SUFFIX);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL && *n < max) {
        size_t len = strlen(e->d_name);
        if (len < sl + xl || strncmp(e->d_name, stem, sl) != 0 ||
            strcmp(e->d_name + len - xl, SUFFIX) != 0)
            continue;
        long pid = name_pid(e->d_name + sl, len - sl - xl);
        if (pid < 0)
            continue;
        char p[RECOVER_PATH_MAX];
        int w = snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (w < 0 || (size_t)w >= sizeof p)
            continue;
        /* Only the user's own regular files: never a symlink, never what
         * another user planted. */
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISREG(st.st_mode) ||
            st.st_uid != geteuid())
            continue;
        bool seen = false;
        for (size_t k = 0; k < *n && !seen; k++)
            seen = strcmp(out[k].path, p) == 0;
        if (seen)
            continue;
        snprintf(out[*n].path, sizeof out[*n].path, "%s", p);
        out[*n].when = st.st_mtime;
        out[*n].pid = pid;
        out[*n].size = (long long)st.st_size;
        (*n)++;
    }
    closedir(dp);
}

static int newest_first(const void *a, const void *b)
{
    const RecoverEntry *x = a, *y = b;
    if (x->when != y->when)
        return x->when > y->when ? -1 : 1;
    return strcmp(x->path, y->path);
}

size_t recover_list(const char *path, RecoverEntry *out, size_t max)
{
    size_t n = 0;
    char dir[RECOVER_PATH_MAX], stem[RECOVER_PATH_MAX];
    if (path) {
        const char *base = split_path(path, dir, sizeof dir);
        snprintf(stem, sizeof stem, ".%s", base);
        scan(dir, stem, out, &n, max);
    }
    if (state_dir(dir, sizeof dir)) {
        state_stem(path, stem, sizeof stem);
        scan(dir, stem, out, &n, max);
    }
    qsort(out, n, sizeof out[0], newest_first);
    return n;
}

int recover_load_file(const char *rpath, Scenario *out, Diag *d)
{
    diag_clear(d, rpath);
    int fd = open(rpath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "cannot open the recovery "
                 "file: %s", strerror(errno));
        return EXIT_NOINPUT;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_uid != geteuid() || st.st_size > SCENARIO_FILE_MAX) {
        close(fd);
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "not a recovery file of yours "
                 "(not a regular file you own, or too large): left alone");
        return EXIT_NOINPUT;
    }
    size_t len = (size_t)st.st_size, got = 0;
    char *data = xmalloc(len + 1);
    while (got < len) {
        ssize_t r = read(fd, data + got, len - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    data[got] = '\0';
    int rc = scenario_load_yaml(rpath, data, got, out, d);
    free(data);
    return rc;
}

void recover_remove_file(const char *rpath)
{
    struct stat st;
    if (rpath && rpath[0] && lstat(rpath, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_uid == geteuid())
        (void)unlink(rpath);
}

/* Field f (item k of a list row) of s as text, or "(none)" where s does
 * not have it (no plan, no such workload, the other of two alternatives). */
static void value_of(const Field *f, size_t k, const Scenario *s, char *buf,
                     size_t n)
{
    if (!field_in_scope(f, s) ||
        (f->list && (k >= field_list_count(f->list, s) ||
                     !field_in_use(f, s, k)))) {
        snprintf(buf, n, "(none)");
        return;
    }
    FieldRef r;
    field_ref_init(&r, f, k);
    field_format(field_ref(&r), s, buf, n);
}

char *recover_describe(const Scenario *file, const Scenario *rec, char *buf,
                       size_t n)
{
    if (file->has_hybrid != rec->has_hybrid) {
        snprintf(buf, n, "the hybrid plan %s", rec->has_hybrid ? "added"
                                                               : "removed");
        return buf;
    }
    if (file->has_uncertainty != rec->has_uncertainty) {
        snprintf(buf, n, "the uncertainty ranges %s",
                 rec->has_uncertainty ? "added" : "removed");
        return buf;
    }
    char first[200] = "";
    size_t more = 0;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        size_t items = 1;
        if (f->list) {
            size_t a = field_list_count(f->list, file);
            size_t b = field_list_count(f->list, rec);
            items = a > b ? a : b;
        }
        for (size_t k = 0; k < items; k++) {
            char va[256], vb[256];
            value_of(f, k, file, va, sizeof va);
            value_of(f, k, rec, vb, sizeof vb);
            if (strcmp(va, vb) == 0)
                continue;
            if (first[0]) {
                more++;
                continue;
            }
            FieldRef r;
            field_ref_init(&r, f, k);
            if (f->type == FT_TEXT)
                snprintf(first, sizeof first, "%s changed", r.path);
            else
                snprintf(first, sizeof first, "%s %.40s -> %.40s", r.path, va,
                         vb);
        }
    }
    if (!first[0])
        snprintf(buf, n, "the same as the file");
    else if (more)
        snprintf(buf, n, "%s, +%zu more", first, more);
    else
        snprintf(buf, n, "%s", first);
    return buf;
}
