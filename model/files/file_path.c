/* file_path.c: path splitting and canonical file names (see file_path.h). */
#include "config.h"

#include "file_path.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

const char *path_split(const char *path, char *dir, size_t dn)
{
    const char *slash = strrchr(path, '/');
    int w;
    if (!slash)
        w = snprintf(dir, dn, ".");
    else if (slash == path)
        w = snprintf(dir, dn, "/");
    else
        w = snprintf(dir, dn, "%.*s", (int)(slash - path), path);
    if (w < 0 || (size_t)w >= dn) {
        if (dn)
            dir[0] = '\0';
        return NULL;
    }
    return slash ? slash + 1 : path;
}

/* dir + "/" + base into out; false when it does not fit. */
static bool join(const char *dir, const char *base, char *out, size_t n)
{
    int w = snprintf(out, n, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, base);
    return w >= 0 && (size_t)w < n;
}

bool path_canonical(const char *path, char *out, size_t n)
{
    char buf[PATH_MAX], dir[PATH_MAX], real[PATH_MAX];
    if (n)
        out[0] = '\0';
    if (!path || !*path)
        return false;
    /* An existing file (through any links): the kernel's answer. */
    if (realpath(path, buf)) {
        if (strlen(buf) >= n)
            return false;
        memcpy(out, buf, strlen(buf) + 1);
        return true;
    }
    /* A dangling link names the file a save would create: follow it by
     * hand, a few levels at most (a loop of links names nothing). */
    snprintf(buf, sizeof buf, "%s", path);
    for (int depth = 0; depth < 8; depth++) {
        struct stat st;
        if (lstat(buf, &st) != 0 || !S_ISLNK(st.st_mode))
            break;
        char link[PATH_MAX];
        ssize_t len = readlink(buf, link, sizeof link - 1);
        if (len < 0)
            return false;
        link[len] = '\0';
        if (link[0] == '/') {
            snprintf(buf, sizeof buf, "%s", link);
        } else {
            if (!path_split(buf, dir, sizeof dir) || !join(dir, link, buf, sizeof buf))
                return false;
        }
    }
    const char *base = path_split(buf, dir, sizeof dir);
    if (!base || !*base || strcmp(base, ".") == 0 || strcmp(base, "..") == 0 ||
        !realpath(dir, real))
        return false;
    return join(real, base, out, n);
}
