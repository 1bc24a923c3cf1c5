/* scenario_name.c: where the shipped scenarios are and what a FILE
 * argument names (DESIGN 3): a path as it is, or a shipped scenario's name.
 * The command line and the planner's own commands (:open, :compare, the
 * file and price pickers) resolve names here, below both. */
#include "config.h"

#include "scenario_name.h"

#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_rules.h"
#include "strbuf.h"

/* path + "/" + name, allocated. */
static char *path_join(const char *path, const char *name)
{
    StrBuf b = STRBUF_INIT;
    sb_printf(&b, "%s/%s", path, name);
    return b.data;
}

const char *cli_scenario_dir(void)
{
    static char *dir; /* worked out once, kept for the process */
    if (dir)
        return dir;
    const char *env = getenv("GPUPLAN_SCENARIO_DIR");
    if (env && *env)
        return dir = xstrdup(env);
    /* Running from the build tree? Compare the binary's directory with the
     * build directory configure recorded. */
    char *exe = realpath("/proc/self/exe", NULL);
    char *build = realpath(GPUPLAN_BUILDDIR, NULL);
    char *slash = exe ? strrchr(exe, '/') : NULL;
    if (slash)
        *slash = '\0';
    bool in_build = slash && build && strcmp(build, exe) == 0;
    free(exe);
    free(build);
    dir = path_join(in_build ? GPUPLAN_SRCDIR : GPUPLAN_PKGDATADIR,
                    "scenarios");
    return dir;
}

char *cli_resolve_scenario(const char *arg)
{
    struct stat st;
    /* An empty name is no shipped scenario ("" would name their folder). */
    if (!arg[0] || stat(arg, &st) == 0 || strchr(arg, '/'))
        return xstrdup(arg);
    const char *dir = cli_scenario_dir();
    for (const char *const *e = file_scenario_exts; *e; e++) {
        StrBuf b = STRBUF_INIT;
        sb_printf(&b, "%s/%s%s", dir, arg, *e);
        if (stat(b.data, &st) == 0)
            return b.data;
        sb_free(&b);
    }
    char *path = path_join(dir, arg);
    if (stat(path, &st) == 0)
        return path;
    free(path);
    return xstrdup(arg);
}

static int cmp_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

int cli_shipped_files(char ***names, size_t *n)
{
    *names = NULL;
    *n = 0;
    DIR *dp = opendir(cli_scenario_dir());
    if (!dp)
        return errno;
    size_t cap = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (!file_is_scenario_name(e->d_name))
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 32;
            *names = xrealloc(*names, cap * sizeof **names);
        }
        (*names)[(*n)++] = xstrdup(e->d_name);
    }
    closedir(dp);
    if (*n)
        qsort(*names, *n, sizeof **names, cmp_name);
    return 0;
}

void cli_names_free(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}
