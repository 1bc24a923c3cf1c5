/* cli.c: gpuplan's command line (SPEC 3).
 *
 * Each command is a function taking the arguments after its name and
 * returning a sysexits status. Errors go to stderr as
 * "gpuplan: FILE:LINE:COL: message"; output is built in memory and written
 * in one piece, atomically when it goes to a file (-o), so nothing partial
 * is ever left behind. */
#include "config.h"

#include "cli.h"
#include "cli_common.h"
#include "file_rules.h"

#include <dirent.h>
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
#include "hybrid_fields.h"
#include "import_routing.h"
#include "numfmt.h"
#include "prices.h"
#include "report.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "sweep.h"
#include "text_rules.h"
#include "uncertainty.h"


const char *vis_text(const char *s, bool lines)
{
    static char buf[8][2048];
    static unsigned k;
    char *b = buf[k++ % 8];
    if (!s)
        return "";
    text_visible(s, strlen(s), lines, b, sizeof buf[0]);
    return b;
}

const char *vis(const char *s) { return vis_text(s, false); }

void print_diag(const Diag *d)
{
    char buf[1200];
    diag_format(d, buf, sizeof buf);
    fprintf(stderr, "gpuplan: %s\n", buf);
}

int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "gpuplan: ");
    char msg[2048];
    vsnprintf(msg, sizeof msg, fmt, ap);
    fputs(vis(msg), stderr); /* the arguments came from the user (SPEC 7) */
    fprintf(stderr, "\nTry 'gpuplan --help'.\n");
    va_end(ap);
    return EXIT_USAGE;
}

const char *cli_scenario_dir(void)
{
    static char dir[4096];
    if (dir[0])
        return dir;
    const char *env = getenv("GPUPLAN_SCENARIO_DIR");
    if (env && *env) {
        snprintf(dir, sizeof dir, "%s", env);
        return dir;
    }
    /* Running from the build tree? Compare the binary's directory with the
     * build directory configure recorded. */
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = '\0';
        char real_build[4096];
        if (realpath(GPUPLAN_BUILDDIR, real_build) &&
            strcmp(real_build, exe) == 0) {
            snprintf(dir, sizeof dir, "%s/scenarios", GPUPLAN_SRCDIR);
            return dir;
        }
    }
    snprintf(dir, sizeof dir, "%s/scenarios", GPUPLAN_PKGDATADIR);
    return dir;
}

const char *cli_resolve_scenario(const char *arg, char *buf, size_t n)
{
    struct stat st;
    snprintf(buf, n, "%s", arg);
    /* An empty name is no shipped scenario ("" would name their folder). */
    if (!arg[0] || stat(arg, &st) == 0 || strchr(arg, '/'))
        return buf;
    const char *dir = cli_scenario_dir();
    for (const char *const *e = file_scenario_exts; *e; e++) {
        snprintf(buf, n, "%s/%s%s", dir, arg, *e);
        if (stat(buf, &st) == 0)
            return buf;
    }
    snprintf(buf, n, "%s/%s", dir, arg);
    if (stat(buf, &st) == 0)
        return buf;
    snprintf(buf, n, "%s", arg);
    return buf;
}

/* Load FILE (path or shipped name) into *s; prints the error. */
int load_arg(const char *arg, Scenario *s)
{
    char path[4096];
    Diag d;
    if (!arg[0]) {
        fprintf(stderr, "gpuplan: '': the file name is empty (give a path or "
                "a shipped scenario name such as diagflow)\n");
        return EXIT_NOINPUT;
    }
    cli_resolve_scenario(arg, path, sizeof path);
    int rc = scenario_load_file(path, s, &d);
    if (rc != 0)
        print_diag(&d);
    return rc;
}

/* Apply --set KEY=VALUE overrides, validated like the file (SPEC 3). */
int apply_sets(Scenario *s, char **sets, size_t nsets)
{
    Scenario t = *s;
    char msg[512];
    for (size_t i = 0; i < nsets; i++) {
        char *eq = strchr(sets[i], '=');
        if (!eq || eq == sets[i])
            return usage_error("--set needs KEY=VALUE, not '%s'", sets[i]);
        *eq = '\0';
        const char *key = sets[i], *val = eq + 1;
        if (strncmp(key, "hybrid.", 7) == 0 ||
            strncmp(key, "uncertainty.", 12) == 0) {
            bool ok = key[0] == 'h' ? hybrid_set(&t, key, val, msg, sizeof msg)
                                    : uncertainty_set(&t, key, val, msg,
                                                      sizeof msg);
            if (!ok)
                fprintf(stderr, "gpuplan: --set %s=%s: %s: %s\n", vis(key),
                        vis(val), vis(key), vis(msg));
            *eq = '=';
            if (!ok)
                return EXIT_DATAERR;
            continue;
        }
        const Field *f = field_find(key);
        if (!f) {
            const char *near = field_suggest(key, "");
            fprintf(stderr, "gpuplan: --set %s: unknown key%s%s%s\n", vis(key),
                    near ? " (did you mean " : "", near ? near : "",
                    near ? "?)" : "");
            *eq = '=';
            return EXIT_DATAERR;
        }
        if (!field_set(f, &t, val, msg, sizeof msg)) {
            fprintf(stderr, "gpuplan: --set %s=%s: %s: %s\n", vis(key),
                    vis(val), vis(key), vis(msg));
            *eq = '=';
            return EXIT_DATAERR;
        }
        *eq = '=';
    }
    const Field *bad = NULL;
    if (!scenario_validate(&t, &bad, msg, sizeof msg)) {
        fprintf(stderr, "gpuplan: --set: %s: %s\n", bad->key, vis(msg));
        return EXIT_DATAERR;
    }
    if (!hybrid_check_nodes(&t, msg, sizeof msg)) {
        fprintf(stderr, "gpuplan: --set: hybrid.onprem_nodes: %s\n", vis(msg));
        return EXIT_DATAERR;
    }
    size_t ui = 0;
    int uw = 0;
    if (!uncertainty_check(&t, &ui, &uw, msg, sizeof msg)) {
        fprintf(stderr, "gpuplan: --set: uncertainty.inputs[%zu].%s: %s\n", ui,
                uncertainty_input_keys[uw], msg);
        return EXIT_DATAERR;
    }
    *s = t;
    return 0;
}

/* The report date (file_report_date), or a usage error said on stderr. */
int cli_report_date(char *buf, size_t n)
{
    char why[256];
    if (!file_report_date(buf, n, why, sizeof why)) {
        fprintf(stderr, "gpuplan: %s\n", vis(why));
        return EXIT_USAGE;
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

bool is_opt(const char *a, const char *name, int argc, int *i,
                   char **argv, const char **val)
{
    size_t n = strlen(name);
    if (strcmp(a, name) == 0) {
        if (*i + 1 >= argc) {
            *val = NULL;
            return true;
        }
        *val = argv[++*i];
        return true;
    }
    if (strncmp(a, name, n) == 0 && a[n] == '=') {
        *val = a + n + 1;
        return true;
    }
    return false;
}

/* Collect one --set KEY=VALUE (its value v may be NULL when missing). */
int add_set(char **sets, size_t *nsets, const char *opt, const char *v)
{
    if (!v)
        return usage_error("%s needs KEY=VALUE", opt);
    if (*nsets == MAX_SETS)
        return usage_error("too many --set options (at most %d)", MAX_SETS);
    sets[(*nsets)++] = (char *)v;
    return 0;
}

/* The one FILE argument of command cmd; an unknown option or a second FILE
 * is a usage error. */
int take_file(const char *cmd, const char *a, const char **file)
{
    if (a[0] == '-' && a[1]) {
        fprintf(stderr, "gpuplan: %s: unknown option '%s'\nTry 'gpuplan --help'.\n",
                cmd, vis(a));
        return EXIT_USAGE;
    }
    if (*file) {
        fprintf(stderr, "gpuplan: %s takes one FILE; '%s' is one too many\n"
                "Try 'gpuplan --help'.\n", cmd, vis(a));
        return EXIT_USAGE;
    }
    *file = a;
    return 0;
}

static int cmd_report(int argc, char **argv)
{
    ExportFormat fmt = EXPORT_TEXT;
    const char *out = NULL, *file = NULL, *v;
    char *sets[MAX_SETS];
    size_t nsets = 0;
    int rc;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_opt(a, "--format", argc, &i, argv, &v) || is_opt(a, "-f", argc, &i, argv, &v)) {
            if (!v)
                return usage_error("%s needs a format: text, md, html, json or csv", a);
            if (!export_format_parse(v, &fmt))
                return usage_error("unknown report format '%s' (text, md, html, json or csv)", v);
        } else if (is_opt(a, "-o", argc, &i, argv, &v) || is_opt(a, "--output", argc, &i, argv, &v)) {
            if (!v)
                return usage_error("%s needs a file name", a);
            out = strcmp(v, "-") == 0 ? NULL : v; /* "-": standard output */
        } else if (is_opt(a, "--set", argc, &i, argv, &v)) {
            if ((rc = add_set(sets, &nsets, a, v)) != 0)
                return rc;
        } else if ((rc = take_file("report", a, &file)) != 0) {
            return rc;
        }
    }
    if (!file)
        return usage_error("report needs a FILE (a path or a shipped scenario "
                           "name such as %s)", "diagflow");
    /* A report written over its own scenario would lose the scenario. */
    char in[4096];
    if (out && file_same(cli_resolve_scenario(file, in, sizeof in), out)) {
        fprintf(stderr, "gpuplan: -o %s is the scenario being reported on; "
                "write the report to another file\n", vis(out));
        return EXIT_CANTCREAT;
    }
    Scenario s;
    rc = load_arg(file, &s);
    if (rc == 0)
        rc = apply_sets(&s, sets, nsets);
    if (rc != 0)
        return rc;
    char date[32];
    if ((rc = cli_report_date(date, sizeof date)) != 0)
        return rc;
    ReportResults res;
    report_results_compute(&res, &s);
    Report rep = report_of(&s, &res, date);
    StrBuf b = STRBUF_INIT;
    export_any(fmt, &rep, &b);
    report_results_free(&res);
    rc = write_output(&b, out);
    sb_free(&b);
    return rc;
}

/* Append a number for the sweep: the shortest text that reads back exactly
 * ('.' always, no printf on this path); empty (CSV) or null (JSON) for n/a. */
static void sweep_num(StrBuf *b, double v, bool json)
{
    if (!isfinite(v)) {
        if (json)
            sb_append_n(b, "null", 4);
        return;
    }
    char tmp[DTOA_BUFSIZE];
    sb_append_n(b, tmp, dtoa_shortest(v, tmp));
}

/* Flush b to stdout once it is big; returns false on a write error. */
static bool sweep_flush(StrBuf *b, bool force)
{
    if (!force && b->len < (1u << 20))
        return true;
    if (b->len && fwrite(b->data, 1, b->len, stdout) != b->len)
        return false;
    b->len = 0;
    if (b->data)
        b->data[0] = '\0';
    return true;
}

static const char *const sweep_cols[] = {"monthly", "per_useful_gpu_hour"};

/* The JSON keys of the result columns, formatted once. */
typedef struct SweepKeys {
    char key[OPT_COUNT][2][48];
} SweepKeys;

static void sweep_keys(SweepKeys *k)
{
    for (int o = 0; o < OPT_COUNT; o++)
        for (int c = 0; c < 2; c++)
            snprintf(k->key[o][c], sizeof k->key[o][c], ", \"%s.%s\": ",
                     cost_option_key((CostOption)o), sweep_cols[c]);
}

/* Append the header (CSV) or the opening bracket (JSON). */
static void sweep_header(StrBuf *b, const SweepAxis *axes, size_t naxes,
                         bool json)
{
    if (json) {
        sb_append(b, "[");
        return;
    }
    for (size_t k = 0; k < naxes; k++)
        sb_printf(b, "%s,", axes[k].field->key);
    for (int o = 0; o < OPT_COUNT; o++)
        for (int c = 0; c < 2; c++)
            sb_printf(b, "%s.%s,", cost_option_key((CostOption)o), sweep_cols[c]);
    sb_append(b, "cheapest,zone\r\n");
}

/* Append one row: s already holds the combination's values. */
static void sweep_row(StrBuf *b, const SweepAxis *axes, size_t naxes,
                      const Scenario *s, bool json, bool first,
                      const SweepKeys *keys)
{
    CostResult r;
    cost_evaluate_options(s, &r);
    if (json)
        sb_append(b, first ? "\n  {" : ",\n  {");
    for (size_t k = 0; k < naxes; k++) {
        if (json) {
            sb_append(b, k ? ", \"" : "\"");
            sb_append(b, axes[k].field->key);
            sb_append(b, "\": ");
        }
        sweep_num(b, field_get_num(axes[k].field, s), json);
        sb_append(b, json ? "" : ",");
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        const double vals[2] = {r.option[o].monthly, r.option[o].per_useful_gpu_hour};
        for (int c = 0; c < 2; c++) {
            if (json)
                sb_append(b, keys->key[o][c]);
            sweep_num(b, vals[c], json);
            if (!json)
                sb_append(b, ",");
        }
    }
    sb_append(b, json ? ", \"cheapest\": \"" : "");
    sb_append(b, cost_option_key(r.cheapest));
    sb_append(b, json ? "\", \"zone\": \"" : ",");
    sb_append(b, cost_zone_key(r.zone));
    sb_append(b, json ? "\"}" : "\r\n");
}

/* "2.1 TB" for a byte count (powers of 1000, as disks are sold). */
static void human_bytes(double v, char *buf, size_t n)
{
    static const char *const unit[] = {"bytes", "kB", "MB", "GB", "TB", "PB",
                                       "EB", "ZB", "YB"};
    size_t u = 0;
    while (v >= 1000 && u + 1 < sizeof unit / sizeof unit[0]) {
        v /= 1000;
        u++;
    }
    if (u == 0)
        num_snprintf(buf, n, "%.0f bytes", v);
    else
        num_snprintf(buf, n, "%.1f %s", v, unit[u]);
}

/* "12,345,678" for a whole count (or "1.2e+20" beyond 10^18). */
static void human_count(double v, char *buf, size_t n)
{
    if (v >= 1e18) {
        num_snprintf(buf, n, "%.3g", v);
        return;
    }
    char digits[32];
    num_snprintf(digits, sizeof digits, "%.0f", v);
    size_t len = strlen(digits), used = 0;
    for (size_t i = 0; i < len && used + 2 < n; i++) {
        if (i > 0 && (len - i) % 3 == 0)
            buf[used++] = ',';
        buf[used++] = digits[i];
    }
    buf[used] = '\0';
}

static int cmd_sweep(int argc, char **argv)
{
    SweepAxis axes[SWEEP_MAX_AXES];
    size_t naxes = 0;
    bool json = false;
    const char *file = NULL, *v;
    char *sets[MAX_SETS];
    size_t nsets = 0;
    char msg[512];
    double max_rows = SWEEP_MAX_ROWS_DEFAULT;
    int rc;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_opt(a, "--vary", argc, &i, argv, &v)) {
            if (!v)
                return usage_error("%s needs KEY=FROM:TO:STEP", a);
            if (naxes == SWEEP_MAX_AXES)
                return usage_error("too many --vary options (at most %d)", SWEEP_MAX_AXES);
            if (!sweep_axis_parse(v, &axes[naxes], msg, sizeof msg)) {
                fprintf(stderr, "gpuplan: --vary %s: %s\n", vis(v), vis(msg));
                return strchr(v, '=') ? EXIT_DATAERR : EXIT_USAGE;
            }
            for (size_t k = 0; k < naxes; k++)
                if (axes[k].field == axes[naxes].field)
                    return usage_error("--vary %s: that field is already varied "
                                       "(one --vary a field)", v);
            naxes++;
        } else if (is_opt(a, "--format", argc, &i, argv, &v) || is_opt(a, "-f", argc, &i, argv, &v)) {
            if (!v || (strcmp(v, "csv") != 0 && strcmp(v, "json") != 0))
                return usage_error("sweep formats are csv and json, not '%s'", v ? v : "");
            json = strcmp(v, "json") == 0;
        } else if (is_opt(a, "--max-rows", argc, &i, argv, &v)) {
            if (!v || num_parse(v, &max_rows) != 0 || max_rows < 1 ||
                max_rows != floor(max_rows) || max_rows > 1e18)
                return usage_error("--max-rows needs a whole number of rows "
                                   "from 1 to 10^18, not '%s'", v ? v : "");
        } else if (is_opt(a, "--set", argc, &i, argv, &v)) {
            if ((rc = add_set(sets, &nsets, a, v)) != 0)
                return rc;
        } else if ((rc = take_file("sweep", a, &file)) != 0) {
            return rc;
        }
    }
    if (naxes == 0)
        return usage_error("sweep needs at least one --vary KEY=FROM:TO:STEP");
    if (!file)
        return usage_error("sweep needs a FILE");
    Scenario base;
    rc = load_arg(file, &base);
    if (rc == 0)
        rc = apply_sets(&base, sets, nsets);
    if (rc != 0)
        return rc;

    SweepKeys keys;
    sweep_keys(&keys);
    /* Bounded work (SPEC 7): the row count and the output's size are known
     * before anything runs; a sweep beyond --max-rows is refused at once.
     * The size is the header plus the first row's length times the rows. */
    double total = sweep_rows(axes, naxes);
    if (total > max_rows) {
        StrBuf one = STRBUF_INIT;
        Scenario s = base;
        for (size_t k = 0; k < naxes; k++)
            *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], 0);
        sweep_header(&one, axes, naxes, json);
        size_t head = one.len;
        sweep_row(&one, axes, naxes, &s, json, false, &keys);
        char rows[48], size[48], lim[48];
        /* (the count is written plain after --max-rows: that is how the
         * option takes it) */
        human_count(total, rows, sizeof rows);
        human_bytes((double)head + total * (double)(one.len - head), size,
                    sizeof size);
        human_count(max_rows, lim, sizeof lim);
        char plain[48];
        num_snprintf(plain, sizeof plain, "%.0f", total);
        sb_free(&one);
        fprintf(stderr, "gpuplan: sweep: %s rows (about %s of %s) is more than "
                "the %s rows a sweep writes without asking; narrow the ranges, "
                "or give --max-rows %s to write them anyway\n", rows, size,
                json ? "JSON" : "CSV", lim, plain);
        return EXIT_USAGE;
    }

    /* Every combination keeps the cross-field rules: checked on the
     * corners (sweep.h), so streaming starts at once and never stops
     * half-way with a partial output. */
    Scenario s;
    const Field *bad = NULL;
    if (!sweep_check_corners(&base, axes, naxes, &s, &bad, msg, sizeof msg)) {
        fprintf(stderr, "gpuplan: sweep: the combination");
        for (size_t k = 0; k < naxes; k++) {
            char val[40];
            num_format_exact(*field_num(axes[k].field, &s), val, sizeof val);
            fprintf(stderr, " %s=%s", axes[k].field->key, val);
        }
        fprintf(stderr, " breaks a rule: %s: %s\n", bad->key, msg);
        return EXIT_DATAERR;
    }

    StrBuf b = STRBUF_INIT;
    sweep_header(&b, axes, naxes, json);
    size_t idx[SWEEP_MAX_AXES] = {0};
    s = base;
    bool first = true, ok = true;
    for (;;) {
        for (size_t k = 0; k < naxes; k++)
            *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], idx[k]);
        sweep_row(&b, axes, naxes, &s, json, first, &keys);
        first = false;
        if (!(ok = sweep_flush(&b, false)))
            break;
        size_t k = naxes;
        while (k > 0 && ++idx[k - 1] == axes[k - 1].count)
            idx[--k] = 0;
        if (k == 0)
            break;
    }
    if (ok && json)
        sb_append(&b, "\n]\n");
    ok = ok && sweep_flush(&b, true) && fflush(stdout) == 0;
    sb_free(&b);
    if (!ok) {
        fprintf(stderr, "gpuplan: sweep: cannot write the output: %s\n", strerror(errno));
        return EXIT_IOERR;
    }
    return 0;
}

static void print_help(void)
{
    fputs(
        "Usage: gpuplan [--no-color] [FILE]      the planner; no FILE = built-in default\n"
        "       gpuplan report [--format text|md|html|json|csv] [-o OUT] [--set KEY=VALUE]... FILE\n"
        "       gpuplan risk [--format text|md|json|csv] [-o OUT] [--set KEY=VALUE]... FILE\n"
        "                                        tornado and Monte Carlo of the decision\n"
        "       gpuplan seek --vary KEY --target onprem=OPTION [--format text|json] FILE\n"
        "                                        the value of KEY where both cost the same\n"
        "       gpuplan check FILE...            validate scenario files\n"
        "       gpuplan new [--from NAME] FILE   write the default (or a shipped scenario)\n"
        "       gpuplan list                     the shipped scenarios\n"
        "       gpuplan prices                   the price book\n"
        "       gpuplan sweep --vary KEY=FROM:TO:STEP [--vary ...] [--format csv|json]\n"
        "                     [--max-rows N] FILE\n"
        "       gpuplan import [--from NAME] [-o OUT] [--force] ROUTING.json  a hybrid plan\n"
        "       gpuplan --help | --version\n"
        "\n"
        "Compares owning a GPU cluster with renting the same useful work\n"
        "from AWS (on-demand, reserved, spot) and shows where the answer flips.\n"
        "FILE is a path or the name of a shipped scenario (gpuplan report diagflow).\n"
        "\n"
        "Exit status: 0 ok, 64 usage, 65 invalid scenario data, 66 cannot open input,\n"
        "73 cannot create output, 74 I/O error. See gpuplan(1), gpuplan-scenario(5).\n",
        stdout);
}

static int cmd_planner(int argc, char **argv)
{
    const char *file = NULL;
    bool no_color = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--no-color") == 0) {
            no_color = true;
            continue;
        }
        if (argv[i][0] == '-' && argv[i][1])
            return usage_error("unknown option '%s'", argv[i]);
        if (file)
            return usage_error("the planner opens one FILE; '%s' is one too many",
                               argv[i]);
        file = argv[i];
    }
    if (!isatty(STDOUT_FILENO) || !isatty(STDIN_FILENO)) {
        fprintf(stderr, "gpuplan: the planner needs a terminal, and %s is not "
                "one; for a report use 'gpuplan report %s'\n",
                isatty(STDOUT_FILENO) ? "standard input" : "standard output",
                file ? vis(file) : "default");
        return EXIT_USAGE;
    }
    char path[4096];
    if (file)
        cli_resolve_scenario(file, path, sizeof path);
    return app_run(file ? path : NULL, no_color);
}

static int run_command(int argc, char **argv)
{
    if (argc < 2)
        return cmd_planner(0, argv + 1);
    const char *cmd = argv[1];
    static const struct {
        const char *name;
        int (*run)(int, char **);
    } commands[] = {{"report", cmd_report}, {"check", cli_cmd_check},
                    {"new", cli_cmd_new},   {"list", cli_cmd_list},
                    {"sweep", cmd_sweep},   {"prices", cli_cmd_prices},
                    {"import", cli_cmd_import}, {"risk", cli_cmd_risk},
                    {"seek", cli_cmd_seek}};
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        if (strcmp(cmd, commands[i].name) == 0)
            return commands[i].run(argc - 2, argv + 2);
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        print_help();
        return 0;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        printf("%s %s\n", PACKAGE_NAME, PACKAGE_VERSION);
        return 0;
    }
    return cmd_planner(argc - 1, argv + 1);
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
