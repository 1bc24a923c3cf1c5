/* file_rules.c: scenario names, same file, XDG directories, report date. */
#include "config.h"

#include "file_rules.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "utf8.h"

const char *const file_scenario_exts[] = {".yaml", ".yml", ".json", NULL};

bool file_is_scenario_name(const char *name)
{
    if (name[0] == '.' || strcmp(name, "prices.yaml") == 0) /* the price book is not one */
        return false;
    return file_is_scenario_ext(name);
}

bool file_is_scenario_ext(const char *name)
{
    size_t len = strlen(name);
    for (const char *const *e = file_scenario_exts; *e; e++) {
        size_t el = strlen(*e);
        if (len > el && strcmp(name + len - el, *e) == 0)
            return true;
    }
    return false;
}

bool file_same(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

const char *file_xdg_dir(FileXdg which, const char *sub, char *buf, size_t n)
{
    static const struct {
        const char *var, *home_rel;
    } base[] = {[XDG_DATA] = {"XDG_DATA_HOME", ".local/share"},
                [XDG_STATE] = {"XDG_STATE_HOME", ".local/state"}};
    const char *x = getenv(base[which].var);
    const char *slash = sub ? "/" : "", *s = sub ? sub : "";
    int w;
    if (x && x[0] == '/')
        w = snprintf(buf, n, "%s/gpuplan%s%s", x, slash, s);
    else {
        const char *home = getenv("HOME");
        if (!home || !*home)
            return NULL;
        w = snprintf(buf, n, "%s/%s/gpuplan%s%s", home, base[which].home_rel, slash, s);
    }
    return w > 0 && (size_t)w < n ? buf : NULL;
}

const char *file_user_scenario_dir(char *buf, size_t n)
{
    return file_xdg_dir(XDG_DATA, "scenarios", buf, n);
}

int file_report_date(char *buf, size_t n, Diag *d)
{
    diag_clear(d, NULL);
    time_t t = time(NULL);
    const char *sde = getenv("SOURCE_DATE_EPOCH");
    if (sde && *sde) {
        char *end;
        errno = 0;
        long long v = strtoll(sde, &end, 10);
        /* Up to 9999-12-31 23:59:59, the last date a report can print. */
        if (errno || *end || v < 0 || v > 253402300799LL) {
            char shown[64];
            utf8_clip(sde, shown, sizeof shown);
            diag_set(d, EXIT_USAGE, 0, 0, NULL,
                     "SOURCE_DATE_EPOCH=%s is not a number of seconds since "
                     "1970 (0 to 253402300799)", shown);
            return d->status;
        }
        t = (time_t)v;
    }
    struct tm tm;
    if (!gmtime_r(&t, &tm)) {
        diag_set(d, EXIT_USAGE, 0, 0, NULL, "cannot turn %lld into a date",
                 (long long)t);
        return d->status;
    }
    strftime(buf, n, "%Y-%m-%d", &tm);
    return 0;
}
