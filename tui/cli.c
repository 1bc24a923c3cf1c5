/* cli.c: gpuplan's command line (DESIGN 3).
 *
 * Each command is a function taking the arguments after its name and
 * returning a sysexits status. Errors go to stderr as
 * "gpuplan: FILE:LINE:COL: message"; output is built in memory and written
 * in one piece, atomically when it goes to a file (-o), so nothing partial
 * is ever left behind. */
#include "config.h"

#include "cli.h"
#include "cli_common.h"
#include "scenario_name.h"
#include "file_rules.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "app.h"
#include "atomic_file.h"
#include "cost.h"
#include "diag.h"
#include "dtoa.h"
#include "export.h"
#include "fields.h"
#include "term.h"
#include "scenario_edit.h"
#include "import_routing.h"
#include "numfmt.h"
#include "prices.h"
#include "report.h"
#include "scenario_file.h"
#include "trace_plan.h"
#include "strbuf.h"
#include "sweep.h"
#include "text_rules.h"
#include "uncertainty.h"


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

int cli_cmd_report(const CliArgs *a)
{
    ExportFormat fmt = EXPORT_TEXT;
    const char *v = cli_value(a, "format"), *out = cli_value(a, "output");
    const char *file = a->operands[0];
    if (v && !export_format_parse(v, &fmt))
        return usage_error("unknown report format '%s' (text, md, html, json or csv)", v);
    if (out && strcmp(out, "-") == 0)
        out = NULL; /* "-": standard output */
    /* Without --format, -o OUT's extension says which report to write. */
    if (out && !v && !export_format_from_path(out, &fmt)) {
        fprintf(stderr, "gpuplan: report -o %s: unknown extension; the formats "
                "are " EXPORT_EXTENSIONS " (no extension: text), or give --format\n"
                "Try 'gpuplan help report'.\n", vis(out));
        return EXIT_USAGE;
    }
    Scenario s;
    int rc = load_arg(file, &s);
    if (rc == 0)
        rc = apply_sets(&s, a);
    if (rc != 0)
        return rc;
    char date[32];
    if ((rc = cli_report_date(date, sizeof date)) != 0)
        return rc;
    /* A plan that replays a trace: the history read now, its malformed
     * lines said as gpuplan measure says them (DESIGN 10.8). */
    TracePlan tp;
    const Scenario *ev = &s;
    const HybridJobSource *source = NULL;
    if (trace_plan_wanted(&s)) {
        Diag d;
        char *path = cli_resolve_scenario(file);
        rc = trace_plan_prepare(&s, path, &tp, &d);
        free(path);
        cli_print_job_problems(&tp.jobs.stats.read);
        if (rc != 0) {
            print_diag(&d);
            return rc;
        }
        ev = tp.eval;
        source = &tp.source;
    }
    ReportResults res;
    report_results_compute_source(&res, ev, NULL, source);
    Report rep = report_of(ev, &res, date);
    StrBuf b = STRBUF_INIT;
    export_any(fmt, &rep, &b);
    report_results_free(&res);
    if (source)
        trace_plan_free(&tp);
    rc = write_output(&b, out);
    sb_free(&b);
    return rc;
}

int cli_cmd_planner(const CliArgs *a)
{
    const char *file = a->noperands ? a->operands[0] : NULL;
    /* No terminal, an unknown or a dumb TERM: the hint names the user's
     * FILE. */
    Diag td;
    if (term_check(file ? file : "default", &td) != 0) {
        char m[DIAG_TEXT_MAX];
        diag_format(&td, m, sizeof m);
        fprintf(stderr, "gpuplan: %s\n", m);
        return td.status;
    }
    char *path = file ? cli_resolve_scenario(file) : NULL;
    int rc = app_run(path, cli_given(a, "no-color"));
    free(path);
    return rc;
}

/* True when o is a file this command reads: an operand or the value of an
 * option that names a scenario (--from). */
static bool reads_file(const CliArgs *a, const char *out, const char **input)
{
    for (size_t k = 0; k < a->noperands + a->ngiven; k++) {
        const char *v;
        if (k < a->noperands) {
            v = a->operands[k];
        } else {
            const CliGiven *g = &a->given[k - a->noperands];
            if (g->opt->complete != CC_SCENARIO && g->opt->complete != CC_SHIPPED)
                continue;
            v = g->value;
        }
        char *in = v[0] ? cli_resolve_scenario(v) : NULL;
        bool same = in && file_same(in, out);
        free(in);
        if (same) {
            *input = v;
            return true;
        }
    }
    return false;
}

/* An output (-o) that is one of the command's inputs, by device and inode
 * (a symbolic or hard link to it too), would replace what is being read:
 * refused before anything runs, with or without --force. Not a regular
 * file (/dev/stdout, a FIFO) replaces nothing. */
static int output_is_input(const CliArgs *a)
{
    const CliOption *o = a->cmd->options;
    while (o && o->name && strcmp(o->name, "output") != 0)
        o++;
    const char *out = o && o->name ? cli_value(a, "output") : NULL, *in;
    struct stat st;
    if (!out || strcmp(out, "-") == 0 || stat(out, &st) != 0 || !S_ISREG(st.st_mode) || !reads_file(a, out, &in))
        return 0;
    fprintf(stderr, "gpuplan: %s -o %s: that is the file being read (%s); "
            "write the output to another file\n", a->cmd->name, vis(out), vis(in));
    return EXIT_CANTCREAT;
}

/* Parse argv for command c and run it (or its help). */
static int run_parsed(const CliCommand *c, int argc, char **argv)
{
    CliArgs a;
    Diag d;
    int rc = cli_parse(c, argc, argv, &a, &d);
    if (rc != 0) {
        rc = cli_report_usage(c, &d);
    } else if (a.help && !c->name[0]) {
        cli_print_help(); /* gpuplan FILE --help: the overview */
    } else if (a.help) {
        StrBuf b = STRBUF_INIT;
        cli_help_text(c, &b);
        rc = write_output(&b, NULL);
        sb_free(&b);
    } else if ((rc = output_is_input(&a)) == 0) {
        rc = c->run(&a);
    }
    cli_args_free(&a);
    return rc;
}

static int run_command(int argc, char **argv)
{
    const CliCommand *planner = cli_command_find("");
    if (argc < 2)
        return run_parsed(planner, 0, argv + 1);
    const char *cmd = argv[1];
    const CliCommand *c = cmd[0] ? cli_command_find(cmd) : NULL;
    if (c)
        return run_parsed(c, argc - 2, argv + 2);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        cli_print_help();
        return 0;
    }
    if ((strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0)) {
        printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    }
    return run_parsed(planner, argc - 1, argv + 1);
}

int cli_main(int argc, char **argv)
{
    int rc = run_command(argc, argv);
    /* Output that never reached its file (a full disk, a closed pipe) is an
     * I/O error, whatever the command printed before it. */
    if ((fflush(stdout) != 0 || ferror(stdout)) && rc == 0) {
        fprintf(stderr, "gpuplan: cannot write the output: %s\n", strerror(errno));
        return EXIT_IOERR;
    }
    return rc;
}
