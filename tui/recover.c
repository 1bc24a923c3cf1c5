/* recover.c: recovery files: where they go, what they say about
 * themselves, writing one exclusively, finding and loading the user's
 * own, removing one (see recover.h). */
#include "config.h"

#include "recover.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file_path.h"
#include "file_rules.h"
#include "recover_text.h"
#include "scenario_file.h"
#include "strbuf.h"

#define SUFFIX ".gpuplan-recover"
#define TRIES 8 /* names tried per directory: PID, PID-1, ..., PID-7 */
/* A recovery holds the scenario and its base: twice a scenario file at
 * most, and the lines around them. */
#define RECOVER_FILE_MAX (2 * SCENARIO_FILE_MAX + 64 * 1024)

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

/* The scenario file's canonical path into buf ("" for none): links
 * followed; a path whose directory is gone stays as given, made absolute. */
static void canonical(const char *path, char *buf, size_t n)
{
    buf[0] = '\0';
    if (!path || path_canonical(path, buf, n))
        return;
    /* The directory is gone: the path as given, made absolute (a path
     * longer than the system takes could not have been opened). */
    char cwd[RECOVER_PATH_MAX];
    int w = path[0] == '/' || !getcwd(cwd, sizeof cwd)
                ? snprintf(buf, n, "%s", path)
                : snprintf(buf, n, "%s/%s", cwd, path);
    if (w < 0 || (size_t)w >= n)
        snprintf(buf, n, "%s", path[0] == '/' ? "" : path);
}

/* The state directory's name stem for the canonical path `canon` ("" =
 * no file): `%` as %25 and `/` as %2F, so no two paths share a stem; a
 * digest when that is too long for a file name; "unsaved". */
static void state_stem(const char *canon, char *buf, size_t n)
{
    if (!canon[0]) {
        snprintf(buf, n, "unsaved");
        return;
    }
    size_t o = 0;
    for (const char *p = canon; *p && o + 4 < n; p++) {
        if (*p == '%' || *p == '/')
            o += (size_t)snprintf(buf + o, n - o, "%%%02X", (unsigned char)*p);
        else
            buf[o++] = *p;
    }
    buf[o] = '\0';
    if (o > 200 || o + 4 >= n)
        snprintf(buf, n, "%016" PRIx64 ".long", digest(canon));
}

/* The stem older versions used in the state directory: the absolute path
 * with '/' as '%' (not one to one: `a/b` and `a%b` met), a digest past 200
 * bytes. */
static void legacy_state_stem(const char *path, char *buf, size_t n)
{
    if (!path) {
        snprintf(buf, n, "unsaved");
        return;
    }
    char dir[RECOVER_PATH_MAX], real[RECOVER_PATH_MAX], abs[2 * RECOVER_PATH_MAX];
    const char *base = path_split(path, dir, sizeof dir);
    if (!base)
        base = path;
    if (realpath(dir, real))
        snprintf(abs, sizeof abs, "%s/%s", strcmp(real, "/") ? real : "", base);
    else if (path[0] == '/' || !getcwd(real, sizeof real))
        snprintf(abs, sizeof abs, "%s", path);
    else
        snprintf(abs, sizeof abs, "%s/%s", real, path);
    if (strlen(abs) > 200) {
        snprintf(buf, n, "%016" PRIx64 ".long", digest(abs));
        return;
    }
    snprintf(buf, n, "%s", abs);
    for (char *p = buf; *p; p++)
        if (*p == '/')
            *p = '%';
}

/* ---- writing --------------------------------------------------------------- */

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

int recover_write(const char *path, const Scenario *s, const Scenario *base,
                  const DiskStamp *opened, char *where, size_t wn, Diag *d)
{
    char canon[RECOVER_PATH_MAX];
    canonical(path, canon, sizeof canon);
    StrBuf b = STRBUF_INIT;
    recover_text_format(canon, s, base, opened, &b);
    char out[RECOVER_PATH_MAX], why_own[RECOVER_PATH_MAX + 64] = "",
        why_state[RECOVER_PATH_MAX + 64] = "";
    bool done = false;
    /* A file with several hard links may have them in other directories,
     * where no start on that name would look: its recovery goes to the
     * state directory, which every start reads. */
    struct stat st;
    bool linked = path && stat(path, &st) == 0 && st.st_nlink > 1;
    if (canon[0] && !linked) {
        char dir[RECOVER_PATH_MAX], stem[RECOVER_PATH_MAX];
        const char *name = path_split(canon, dir, sizeof dir);
        snprintf(stem, sizeof stem, ".%s", name ? name : "");
        if (name && own_dir_ok(dir))
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
            state_stem(canon, stem, sizeof stem);
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

/* ---- finding --------------------------------------------------------------- */

/* What a recovery must name to be one of ours. */
typedef struct Target {
    char canon[RECOVER_PATH_MAX]; /* "" = no file */
    bool linked;                  /* several hard links: dev and ino count */
    unsigned long long dev, ino;
    /* the names older versions gave: beside the file as given, beside
     * the real file, in the state directory */
    char legacy[3][RECOVER_PATH_MAX];
} Target;

/* The pid in a recovery's name: `...PID` or `...PID-k` before SUFFIX
 * (name without it, len bytes); 0 when there is none. */
static long name_pid(const char *name, size_t len)
{
    size_t i = len;
    while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9')
        i--;
    if (i > 0 && name[i - 1] == '-' && i < len) { /* -k */
        len = i - 1;
        for (i = len; i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9';)
            i--;
    }
    if (i == len || i == 0 || name[i - 1] != '.')
        return 0;
    long pid = 0;
    for (size_t k = i; k < len && pid < 100000000; k++)
        pid = pid * 10 + (name[k] - '0');
    return pid;
}

/* Is a headerless name `name` (len bytes before SUFFIX) a recovery of
 * legacy stem `stem`: the stem alone, or the stem and `.PID[-k]`? */
static bool legacy_name(const char *name, size_t len, const char *stem)
{
    size_t sl = strlen(stem);
    if (!stem[0] || len < sl || strncmp(name, stem, sl) != 0)
        return false;
    if (len == sl)
        return true;
    if (name[sl] != '.' || len == sl + 1)
        return false;
    size_t i = sl + 1, digits = 0;
    while (i < len && name[i] >= '0' && name[i] <= '9')
        i++, digits++;
    if (!digits)
        return false;
    if (i < len) {
        if (name[i] != '-' || i + 1 == len)
            return false;
        for (i++; i < len; i++)
            if (name[i] < '0' || name[i] > '9')
                return false;
    }
    return true;
}

/* The lines at the start of the recovery at p (its first 16 KiB). */
static bool read_lines(const char *p, RecoverMeta *m)
{
    int fd = open(p, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return false;
    char buf[16384];
    ssize_t r;
    do
        r = read(fd, buf, sizeof buf);
    while (r < 0 && errno == EINTR);
    close(fd);
    if (r < 0)
        return false;
    recover_text_lines(buf, (size_t)r, m);
    return true;
}

/* Is the recovery at p (named name, len bytes before SUFFIX, found in
 * place) one of t's? *legacy says whether it lacks the lines. */
static bool matches(const Target *t, const char *p, const char *name, size_t len,
                    int place, bool *legacy)
{
    RecoverMeta m;
    if (!read_lines(p, &m))
        return false;
    *legacy = m.legacy;
    if (m.legacy)
        return legacy_name(name, len, t->legacy[place]);
    if (strcmp(m.of, t->canon) == 0)
        return true;
    return t->linked && m.opened.known && m.opened.nlink > 1 && m.opened.dev == t->dev &&
           m.opened.ino == t->ino;
}

/* Add the recoveries of t in dir (place: 0 beside the file as given, 1
 * beside the real file, 2 the state directory) to the list. */
static void scan(const char *dir, int place, const Target *t, RecoverEntry **out,
                 size_t *n, size_t *cap)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    size_t xl = strlen(SUFFIX);
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        size_t len = strlen(e->d_name);
        if (len <= xl || strcmp(e->d_name + len - xl, SUFFIX) != 0)
            continue;
        char p[RECOVER_PATH_MAX];
        int w = snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        if (w < 0 || (size_t)w >= sizeof p)
            continue;
        /* Only the user's own regular files: never a symlink, never what
         * another user planted. */
        struct stat st;
        if (lstat(p, &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != geteuid())
            continue;
        bool seen = false;
        for (size_t k = 0; k < *n && !seen; k++)
            seen = (*out)[k].dev == (unsigned long long)st.st_dev &&
                   (*out)[k].ino == (unsigned long long)st.st_ino;
        bool legacy = false;
        if (seen || !matches(t, p, e->d_name, len - xl, place, &legacy))
            continue;
        if (*n == *cap) {
            *cap = *cap ? 2 * *cap : 16;
            *out = xrealloc(*out, *cap * sizeof **out);
        }
        RecoverEntry *r = &(*out)[(*n)++];
        snprintf(r->path, sizeof r->path, "%s", p);
        r->when = st.st_mtime;
        r->pid = name_pid(e->d_name, len - xl);
        r->size = (long long)st.st_size;
        r->legacy = legacy;
        r->dev = (unsigned long long)st.st_dev;
        r->ino = (unsigned long long)st.st_ino;
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

/* The target of path: its canonical name, its inode when it has several
 * links, and the names older versions would have used. */
static void target_of(const char *path, Target *t)
{
    memset(t, 0, sizeof *t);
    canonical(path, t->canon, sizeof t->canon);
    struct stat st;
    if (path && stat(path, &st) == 0 && st.st_nlink > 1) {
        t->linked = true;
        t->dev = (unsigned long long)st.st_dev;
        t->ino = (unsigned long long)st.st_ino;
    }
    char dir[RECOVER_PATH_MAX];
    const char *name = path ? path_split(path, dir, sizeof dir) : NULL;
    if (name)
        snprintf(t->legacy[0], sizeof t->legacy[0], ".%s", name);
    name = t->canon[0] ? path_split(t->canon, dir, sizeof dir) : NULL;
    if (name)
        snprintf(t->legacy[1], sizeof t->legacy[1], ".%s", name);
    legacy_state_stem(path, t->legacy[2], sizeof t->legacy[2]);
}

size_t recover_list(const char *path, RecoverEntry **out)
{
    static Target t; /* large; the main loop's only */
    target_of(path, &t);
    size_t n = 0, cap = 0;
    *out = NULL;
    char dir[RECOVER_PATH_MAX];
    if (t.canon[0] && path_split(t.canon, dir, sizeof dir))
        scan(dir, 1, &t, out, &n, &cap);
    if (path && path_split(path, dir, sizeof dir))
        scan(dir, 0, &t, out, &n, &cap);
    if (state_dir(dir, sizeof dir))
        scan(dir, 2, &t, out, &n, &cap);
    if (n)
        qsort(*out, n, sizeof **out, newest_first);
    return n;
}

/* ---- loading ---------------------------------------------------------------- */

/* Read the recovery at rpath whole (a regular file the user owns, not a
 * link): 0 and a malloc'd text, or the status with *d filled. */
static int read_recovery(const char *rpath, char **text, size_t *len, Diag *d)
{
    int fd = open(rpath, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "cannot open the recovery "
                 "file: %s", strerror(errno));
        return EXIT_NOINPUT;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
        st.st_uid != geteuid() || st.st_size > RECOVER_FILE_MAX) {
        close(fd);
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "not a recovery file of yours "
                 "(not a regular file you own, or too large): left alone");
        return EXIT_NOINPUT;
    }
    size_t want = (size_t)st.st_size, got = 0;
    char *data = xmalloc(want + 1);
    while (got < want) {
        ssize_t r = read(fd, data + got, want - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    data[got] = '\0';
    *text = data;
    *len = got;
    return 0;
}

int recover_load_file(const char *rpath, Scenario *out, RecoverMeta *meta,
                      Scenario *base, Diag *d)
{
    diag_clear(d, rpath);
    char *data;
    size_t len;
    int rc = read_recovery(rpath, &data, &len, d);
    if (rc)
        return rc;
    size_t cut = recover_text_base_at(data, len);
    Scenario s;
    rc = scenario_load_yaml(rpath, data, cut, &s, d);
    RecoverMeta m;
    recover_text_lines(data, cut, &m);
    Scenario b;
    if (rc == 0 && cut < len && m.opened.known) {
        StrBuf t = STRBUF_INIT;
        Diag bd;
        recover_text_base(data + cut, len - cut, &t);
        /* A base that does not load only costs the merge: the recovery
         * is still offered, as one that replaces the file. */
        m.has_base = scenario_load_yaml(rpath, sb_str(&t), t.len, &b, &bd) == 0;
        sb_free(&t);
    }
    free(data);
    if (rc)
        return rc;
    *out = s;
    if (meta)
        *meta = m;
    if (base && m.has_base)
        *base = b;
    return 0;
}

void recover_remove_file(const char *rpath)
{
    struct stat st;
    if (rpath && rpath[0] && lstat(rpath, &st) == 0 && S_ISREG(st.st_mode) &&
        st.st_uid == geteuid())
        (void)unlink(rpath);
}
