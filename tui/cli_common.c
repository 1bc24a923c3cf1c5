/* cli_common.c: what the command line's commands share (DESIGN 3): the
 * error messages (a Diag, a usage error), loading a FILE argument, the
 * --set overrides, the report date and writing the output in one piece,
 * atomically when it goes to a file (-o). Below the commands and the
 * dispatch in cli.c; every function prints its own error. */
#include "config.h"

#include "cli_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "diag.h"
#include "fields.h"
#include "file_rules.h"
#include "scenario_edit.h"
#include "scenario_file.h"
#include "scenario_name.h"
#include "strbuf.h"

char *diag_text(const Diag *d)
{
    size_t need = diag_format(d, NULL, 0) + 1;
    char *buf = xmalloc(need);
    diag_format(d, buf, need);
    return buf;
}

void print_diag(const Diag *d)
{
    char *text = diag_text(d);
    fprintf(stderr, "gpuplan: %s\n", text);
    free(text);
}

int usage_error(const char *fmt, ...)
{
    va_list ap, again;
    va_start(ap, fmt);
    va_copy(again, ap);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *msg = xmalloc(need > 0 ? (size_t)need + 1 : 1);
    msg[0] = '\0';
    if (need > 0)
        vsnprintf(msg, (size_t)need + 1, fmt, again);
    va_end(again);
    /* the arguments came from the user (DESIGN 7) */
    fprintf(stderr, "gpuplan: %s\nTry 'gpuplan --help'.\n", vis(msg));
    free(msg);
    return EXIT_USAGE;
}

void cli_suggest_shipped(const char *arg)
{
    if (!arg[0] || strchr(arg, '/') || access(arg, F_OK) == 0)
        return;
    if (strcmp(arg, "help") == 0) { /* `report help`: the help was meant */
        fprintf(stderr, "gpuplan: %s: for a command's help, run 'gpuplan help "
                "COMMAND' or 'gpuplan COMMAND --help'\n", arg);
        return;
    }
    char *base = xstrdup(arg);
    for (const char *const *e = file_scenario_exts; *e; e++) {
        size_t bl = strlen(base), el = strlen(*e);
        if (bl > el && strcmp(base + bl - el, *e) == 0)
            base[bl - el] = '\0';
    }
    size_t n;
    char **names;
    cli_shipped_files(&names, &n);
    for (size_t i = 0; i < n; i++)
        *strrchr(names[i], '.') = '\0'; /* the name FILE takes */
    const char *near = field_nearest(base, (const char *const *)names, n);
    for (size_t i = 0; !near && base[0] && i < n; i++) /* fintech -> fintech-migration */
        if (strncmp(names[i], base, strlen(base)) == 0)
            near = names[i];
    if (near)
        fprintf(stderr, "gpuplan: %s: did you mean the shipped scenario %s?\n",
                vis(arg), near);
    else if (!strchr(arg, '.'))
        fprintf(stderr, "gpuplan: %s: no shipped scenario has that name either "
                "('gpuplan list' shows them)\n", vis(arg));
    cli_names_free(names, n);
    free(base);
}

/* Load FILE (path or shipped name) into *s; prints the error. */
int load_arg(const char *arg, Scenario *s)
{
    Diag d;
    if (!arg[0]) {
        fprintf(stderr, "gpuplan: '': the file name is empty (give a path or "
                "a shipped scenario name such as diagflow)\n");
        return EXIT_NOINPUT;
    }
    char *path = cli_resolve_scenario(arg);
    int rc = scenario_load_file(path, s, &d);
    free(path);
    if (rc != 0)
        print_diag(&d);
    if (rc == EXIT_NOINPUT)
        cli_suggest_shipped(arg);
    return rc;
}

/* Apply --set KEY=VALUE overrides, validated like the file (DESIGN 3), all
 * or nothing, through the edit path. */
int apply_sets(Scenario *s, const CliArgs *a)
{
    size_t nsets = cli_count(a, "set");
    const char **keys = xmalloc((nsets + 1) * sizeof *keys);
    const char **vals = xmalloc((nsets + 1) * sizeof *vals);
    int rc = 0;
    size_t split = 0; /* the first `split` values are cut at their '=' */
    for (; split < nsets; split++) {
        char *set = cli_nth(a, "set", split), *eq = strchr(set, '=');
        if (!eq || eq == set) {
            rc = usage_error("--set needs KEY=VALUE, not '%s'", set);
            break;
        }
        *eq = '\0';
        keys[split] = set;
        vals[split] = eq + 1;
    }
    if (rc == 0) {
        Diag d;
        size_t bad = 0;
        rc = scenario_set_all(s, keys, vals, nsets, &bad, &d);
        char *why = rc != 0 ? diag_text(&d) : NULL; /* "path: message" */
        if (rc != 0 && bad < nsets)
            fprintf(stderr, "gpuplan: --set %s=%s: %s\n", vis(keys[bad]),
                    vis(vals[bad]), why);
        else if (rc != 0)
            fprintf(stderr, "gpuplan: --set: %s\n", why);
        free(why);
    }
    for (size_t i = 0; i < split; i++)
        ((char *)vals[i])[-1] = '=';
    free(keys);
    free(vals);
    return rc;
}

/* The report date (file_report_date), or a usage error said on stderr. */
int cli_report_date(char *buf, size_t n)
{
    Diag d;
    if (file_report_date(buf, n, &d) != 0) {
        char m[DIAG_TEXT_MAX];
        diag_format(&d, m, sizeof m);
        fprintf(stderr, "gpuplan: %s\n", m);
        return d.status;
    }
    return 0;
}

/* Write b to out (atomically) or stdout. An OUT that is a terminal, a
 * pipe or a device (/dev/stdout, /dev/null, a FIFO) is written to as it
 * is: there is no file to replace, and a temporary file beside
 * /proc/self/fd/1 cannot be made. */
int write_output(const StrBuf *b, const char *out)
{
    struct stat st;
    if (out && stat(out, &st) == 0 && !S_ISREG(st.st_mode) &&
        !S_ISDIR(st.st_mode)) {
        int fd = open(out, O_WRONLY | O_NOCTTY | O_CLOEXEC);
        const char *p = sb_str(b);
        size_t left = b->len;
        int err = fd < 0 ? errno : 0;
        while (!err && left > 0) {
            ssize_t w = write(fd, p, left);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                err = w < 0 ? errno : EIO;
            else {
                p += w;
                left -= (size_t)w;
            }
        }
        if (fd >= 0 && close(fd) != 0 && !err)
            err = errno;
        if (err) {
            fprintf(stderr, "gpuplan: %s: cannot write the output: %s\n",
                    vis(out), strerror(err));
            return fd < 0 && err != ENOSPC ? EXIT_CANTCREAT : EXIT_IOERR;
        }
        return 0;
    }
    if (out) {
        Diag d;
        diag_clear(&d, out);
        int rc = atomic_write_file(out, sb_str(b), b->len, 0666, &d);
        if (rc != 0)
            print_diag(&d);
        return rc;
    }
    if (fwrite(sb_str(b), 1, b->len, stdout) != b->len || fflush(stdout) != 0) {
        fprintf(stderr, "gpuplan: cannot write the output: %s\n", strerror(errno));
        return EXIT_IOERR;
    }
    return 0;
}
