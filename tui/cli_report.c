/* cli_report.c: `gpuplan report FILE` (DESIGN 3): the report of one
 * scenario in any export format, a plan that replays a trace read first. */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_common.h"
#include "diag.h"
#include "export.h"
#include "report.h"
#include "scenario_name.h"
#include "strbuf.h"
#include "trace_plan.h"

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
