/* recover.c: where the recovery file lives, and writing, finding, loading
 * and removing it. */
#include "config.h"

#include "recover.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "file_rules.h"
#include "scenario_file.h"
#include "strbuf.h"

/* $XDG_STATE_HOME/gpuplan, or ~/.local/state/gpuplan. */
static bool state_dir(char *buf, size_t n)
{
    return file_xdg_dir(XDG_STATE, NULL, buf, n) != NULL;
}

bool recover_path(const char *path, char *buf, size_t n)
{
    int w;
    if (!path) {
        char dir[4096];
        if (!state_dir(dir, sizeof dir))
            return false;
        w = snprintf(buf, n, "%s/unsaved.gpuplan-recover", dir);
    } else {
        const char *slash = strrchr(path, '/');
        const char *base = slash ? slash + 1 : path;
        int dirlen = slash ? (int)(slash - path + 1) : 0;
        w = snprintf(buf, n, "%.*s.%s.gpuplan-recover", dirlen, path, base);
    }
    return w > 0 && (size_t)w < n;
}

/* Where the edits of a file go when its own directory cannot take them
 * (read-only, gone): the state directory, named after the file's absolute
 * path with '/' written as '%'. */
static bool alt_path(const char *path, char *buf, size_t n)
{
    char dir[4096], abs[4096];
    if (!path || !state_dir(dir, sizeof dir) || !realpath(path, abs))
        return false;
    for (char *p = abs; *p; p++)
        if (*p == '/')
            *p = '%';
    int w = snprintf(buf, n, "%s/%s.gpuplan-recover", dir, abs);
    return w > 0 && (size_t)w < n;
}

/* mkdir -p for the state directory. */
static void make_dirs(const char *file)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s", file);
    char *slash = strrchr(dir, '/');
    if (!slash)
        return;
    *slash = '\0';
    for (char *p = dir + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(dir, 0700);
            *p = '/';
        }
    mkdir(dir, 0700);
}

int recover_write(const char *path, const Scenario *s, char *where, size_t wn,
                  Diag *d)
{
    char rp[4096];
    if (!recover_path(path, rp, sizeof rp)) {
        diag_set(d, EXIT_CANTCREAT, 0, 0, NULL,
                 "no place for a recovery file (set HOME or XDG_STATE_HOME)");
        return EXIT_CANTCREAT;
    }
    if (!path)
        make_dirs(rp);
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(s, &b);
    diag_clear(d, rp);
    int rc = atomic_write_file(rp, sb_str(&b), b.len, 0600, d);
    char alt[4096];
    if (rc != 0 && alt_path(path, alt, sizeof alt)) {
        make_dirs(alt);
        diag_clear(d, alt);
        rc = atomic_write_file(alt, sb_str(&b), b.len, 0600, d);
        snprintf(rp, sizeof rp, "%s", alt);
    }
    if (rc == 0 && where)
        snprintf(where, wn, "%s", rp);
    sb_free(&b);
    return rc;
}

/* The recovery file that exists for path, the newer of the two places;
 * false when there is none. */
static bool find_file(const char *path, char *buf, size_t n, time_t *when)
{
    char cand[2][4096] = {"", ""};
    bool have[2] = {recover_path(path, cand[0], sizeof cand[0]),
                    alt_path(path, cand[1], sizeof cand[1])};
    bool found = false;
    time_t best = 0;
    for (int i = 0; i < 2; i++) {
        struct stat st;
        size_t len = strlen(cand[i]);
        if (!have[i] || len >= n || stat(cand[i], &st) != 0 ||
            !S_ISREG(st.st_mode))
            continue;
        if (!found || st.st_mtime > best) {
            found = true;
            best = st.st_mtime;
            memcpy(buf, cand[i], len + 1);
        }
    }
    if (found && when)
        *when = best;
    return found;
}

bool recover_exists(const char *path, time_t *when)
{
    char rp[4096];
    return find_file(path, rp, sizeof rp, when);
}

int recover_load(const char *path, Scenario *out, Diag *d)
{
    char rp[4096];
    if (!find_file(path, rp, sizeof rp, NULL)) {
        diag_set(d, EXIT_NOINPUT, 0, 0, NULL, "no recovery file");
        return EXIT_NOINPUT;
    }
    return scenario_load_file(rp, out, d);
}

void recover_remove(const char *path)
{
    char rp[4096];
    if (recover_path(path, rp, sizeof rp))
        (void)unlink(rp);
    if (alt_path(path, rp, sizeof rp))
        (void)unlink(rp);
}
