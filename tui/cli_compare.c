/* cli_compare.c: `gpuplan diff` and `gpuplan compare` (DESIGN 11).
 *
 * Each scenario is loaded (a path or a shipped name) and evaluated once:
 * the costs, the horizon and, when it has one, the hybrid plan; risk is
 * not part of either command, so the Monte Carlo is not run. The formats
 * come from the report layer (compare_report.h); the output is written in
 * one piece, atomically for -o. */
#include "config.h"

#include "cli_common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compare_report.h"
#include "export.h"
#include "report.h"

/* One scenario loaded and evaluated. */
typedef struct Loaded {
    Scenario scenario;
    ReportResults results;
    bool computed;
} Loaded;

/* The format from --format, or from -o OUT's extension, or text; one of
 * `allowed` (a mask of ExportFormat bits). A usage error otherwise. */
static int pick_format(const CliArgs *a, unsigned allowed, const char *names,
                       const char *exts, ExportFormat *fmt)
{
    const char *v = cli_value(a, "format"), *out = cli_value(a, "output");
    *fmt = EXPORT_TEXT;
    if (v && (!export_format_parse(v, fmt) || !(allowed & (1u << *fmt))))
        return usage_error("unknown %s format '%s' (%s)", a->cmd->name, v, names);
    if (out && strcmp(out, "-") != 0 && !v &&
        (!export_format_from_path(out, fmt) || !(allowed & (1u << *fmt)))) {
        fprintf(stderr, "gpuplan: %s -o %s: unknown extension; the formats are %s "
                "(no extension: text), or give --format\nTry 'gpuplan help %s'.\n",
                a->cmd->name, vis(out), exts, a->cmd->name);
        return EXIT_USAGE;
    }
    return 0;
}

/* Load and evaluate every operand into l[0..n); the first error stops. */
static int load_all(const CliArgs *a, Loaded *l, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int rc = load_arg(a->operands[i], &l[i].scenario);
        if (rc != 0)
            return rc;
    }
    for (size_t i = 0; i < n; i++) {
        /* Without the uncertainty section: no Monte Carlo, the same costs. */
        Scenario *work = xmalloc(sizeof *work);
        *work = l[i].scenario;
        work->has_uncertainty = false;
        report_results_compute(&l[i].results, work);
        free(work);
        l[i].computed = true;
    }
    return 0;
}

static CompareEntry entry_of(const CliArgs *a, const Loaded *l, size_t i)
{
    CompareEntry e = {vis(a->operands[i]), &l[i].scenario, &l[i].results.cost,
                      &l[i].results.horizon, l[i].results.hybrid};
    return e;
}

static void free_all(Loaded *l, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (l[i].computed)
            report_results_free(&l[i].results);
    free(l);
}

static int finish(const CliArgs *a, StrBuf *b)
{
    const char *out = cli_value(a, "output");
    int rc = write_output(b, out && strcmp(out, "-") != 0 ? out : NULL);
    sb_free(b);
    return rc;
}

int cli_cmd_diff(const CliArgs *a)
{
    ExportFormat fmt;
    int rc = pick_format(a, 1u << EXPORT_TEXT | 1u << EXPORT_MD | 1u << EXPORT_JSON,
                         "text, md or json", ".md, .json or .txt", &fmt);
    if (rc != 0)
        return rc;
    Loaded *l = xmalloc(2 * sizeof *l);
    memset(l, 0, 2 * sizeof *l);
    rc = load_all(a, l, 2);
    if (rc == 0) {
        StrBuf b = STRBUF_INIT;
        CompareEntry from = entry_of(a, l, 0), to = entry_of(a, l, 1);
        export_diff(fmt, &from, &to, PACKAGE_NAME " " PACKAGE_VERSION, &b);
        rc = finish(a, &b);
    }
    free_all(l, 2);
    return rc;
}

int cli_cmd_compare(const CliArgs *a)
{
    ExportFormat fmt;
    unsigned all = 1u << EXPORT_TEXT | 1u << EXPORT_MD | 1u << EXPORT_HTML |
                   1u << EXPORT_JSON | 1u << EXPORT_CSV;
    int rc = pick_format(a, all, "text, md, html, json or csv", EXPORT_EXTENSIONS, &fmt);
    if (rc != 0)
        return rc;
    char date[32];
    if ((rc = cli_report_date(date, sizeof date)) != 0)
        return rc;
    size_t n = a->noperands;
    Loaded *l = xmalloc(n * sizeof *l);
    memset(l, 0, n * sizeof *l);
    rc = load_all(a, l, n);
    if (rc == 0) {
        CompareEntry e[COMPARE_MAX];
        for (size_t i = 0; i < n; i++)
            e[i] = entry_of(a, l, i);
        StrBuf b = STRBUF_INIT;
        export_compare(fmt, e, n, date, PACKAGE_NAME " " PACKAGE_VERSION, &b);
        rc = finish(a, &b);
    }
    free_all(l, n);
    return rc;
}
