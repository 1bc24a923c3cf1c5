/* cli_risk.c: `gpuplan risk` and `gpuplan seek` (DESIGN 2.8, 3): the tornado
 * and the Monte Carlo of the decision in every report format, and the value
 * of one input at which owning costs what a cloud option costs. */
#include "config.h"

#include "cli_common.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "file_rules.h"
#include "cost.h"
#include "export.h"
#include "fields.h"
#include "numfmt.h"
#include "report.h"
#include "risk.h"
#include "seek.h"
#include "sweep.h"

/* gpuplan risk: the tornado and the Monte Carlo (DESIGN 2.8, 3). */
int cli_cmd_risk(const CliArgs *a)
{
    ExportFormat fmt = EXPORT_TEXT;
    const char *v = cli_value(a, "format"), *out = cli_value(a, "output");
    const char *file = a->operands[0];
    bool fmt_given = v != NULL;
    int rc;
    if (v && (!export_format_parse(v, &fmt) || fmt == EXPORT_HTML))
        return usage_error("unknown risk format '%s' (text, md, json "
                           "or csv; report --format html has the "
                           "Risk section)", v);
    if (out && strcmp(out, "-") == 0)
        out = NULL;
    /* Without --format, -o OUT's extension says which output to write, as
     * for report (DESIGN 3): risk.json is never text. */
    if (out && !fmt_given &&
        (!export_format_from_path(out, &fmt) || fmt == EXPORT_HTML)) {
        fprintf(stderr, "gpuplan: risk -o %s: %s; the formats are .md, .json, "
                ".csv or .txt (no extension: text), or give --format\n"
                "Try 'gpuplan help risk'.\n", vis(out),
                fmt == EXPORT_HTML ? "risk has no HTML output (report "
                "--format html has the Risk section)" : "unknown extension");
        return EXIT_USAGE;
    }
    Scenario s;
    rc = load_arg(file, &s);
    if (rc == 0)
        rc = apply_sets(&s, a);
    if (rc != 0)
        return rc;
    char date[32];
    if ((rc = cli_report_date(date, sizeof date)) != 0)
        return rc;
    ReportResults res;
    report_results_compute(&res, &s);
    if (!res.risk)
        report_risk_compute(&res, &s);
    if (res.risk->has_monte_carlo && !res.risk->mc_ok) {
        fprintf(stderr, "gpuplan: %s: uncertainty: %s\n", vis(file),
                vis(res.risk->mc_error));
        report_results_free(&res);
        return EXIT_DATAERR;
    }
    Report rep = report_of(&s, &res, date);
    StrBuf b = STRBUF_INIT;
    export_risk(fmt, &rep, &b);
    report_results_free(&res);
    rc = write_output(&b, out);
    sb_free(&b);
    return rc;
}

/* "onprem=spot" -> OPT_SPOT. */
static bool seek_target(const char *v, CostOption *x)
{
    if (!v || strncmp(v, "onprem=", 7) != 0)
        return false;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        if (strcmp(v + 7, cost_option_key((CostOption)k)) == 0) {
            *x = (CostOption)k;
            return true;
        }
    return false;
}

/* gpuplan seek: the value of one input at which owning costs what a cloud
 * option costs (DESIGN 2.8, 3). First line `KEY = VALUE` (or `KEY = none`). */
int cli_cmd_seek(const CliArgs *args)
{
    const char *file = args->operands[0], *key = cli_value(args, "vary");
    const char *target = cli_value(args, "target"), *v = cli_value(args, "format");
    CostOption x = OPT_SPOT;
    int rc;
    if (!seek_target(target, &x))
        return usage_error("--target needs onprem=OPTION with OPTION one of "
                           "on_demand, reserved, spot, not '%s'", target);
    if (v && strcmp(v, "text") != 0 && strcmp(v, "json") != 0)
        return usage_error("seek formats are text and json, not '%s'", v);
    bool json = v && strcmp(v, "json") == 0;
    /* A field that cannot change the costs compared is refused with the
     * reason, never answered with "none" (DESIGN 2.8). */
    Diag d;
    const Field *f = sweep_field(key, &d);
    if (!f || !seek_can_vary(f)) {
        fprintf(stderr, "gpuplan: seek --vary %s: %s\nTry 'gpuplan help seek'.\n",
                vis(key), f ? "not a number field (goal seek varies an int, "
                "number, percent or money field)" : vis(d.message));
        return EXIT_USAGE;
    }
    Scenario s;
    rc = load_arg(file, &s);
    if (rc == 0)
        rc = apply_sets(&s, args);
    if (rc != 0)
        return rc;
    Scenario *work = xmalloc(sizeof *work);
    SeekResult r;
    if (!seek_moves_costs(&s, f, x, work)) {
        free(work);
        char lo[40], hi[40];
        num_format_exact(f->minimum, lo, sizeof lo);
        num_format_exact(f->maximum, hi, sizeof hi);
        fprintf(stderr, "gpuplan: seek --vary %s: %s does not change the costs "
                "compared here: on-prem's and %s's monthly costs are the same "
                "at every value from %s to %s\nTry 'gpuplan help seek'.\n",
                f->key, f->key, cost_option_word(x), lo, hi);
        return EXIT_USAGE;
    }
    seek_solve(&s, f, x, work, &r);
    free(work);
    StrBuf b = STRBUF_INIT;
    char val[64], sentence[600];
    num_snprintf(val, sizeof val, "%.10g", r.value);
    const char *opt = cost_option_key(x);
    if (r.outcome != SEEK_ROOT)
        seek_no_root_text(f, x, &r, sentence, sizeof sentence);
    if (json) {
        char exact[40];
        sb_printf(&b, "{\n  \"key\": \"%s\",\n  \"target\": \"onprem=%s\",\n",
                  f->key, opt);
        num_format_exact(r.current, exact, sizeof exact);
        sb_printf(&b, "  \"current\": %s,\n", exact);
        if (r.outcome == SEEK_ROOT) {
            num_format_exact(r.value, exact, sizeof exact);
            sb_printf(&b, "  \"value\": %s,\n  \"method\": \"%s\",\n", exact,
                      r.closed_form ? "closed_form" : "bisection");
            num_format_exact(r.onprem, exact, sizeof exact);
            sb_printf(&b, "  \"onprem_monthly\": %s,\n", exact);
            num_format_exact(r.option, exact, sizeof exact);
            sb_printf(&b, "  \"option_monthly\": %s\n}\n", exact);
        } else {
            sb_printf(&b, "  \"value\": null,\n  \"message\": \"%s\"\n}\n",
                      sentence);
        }
    } else if (r.outcome == SEEK_ROOT) {
        sb_printf(&b, "%s = %s\n", f->key, val);
        seek_root_text(&s, f, x, &r, sentence, sizeof sentence);
        sb_printf(&b, "%s\n", sentence);
    } else {
        sb_printf(&b, "%s = none\n", f->key);
        sentence[0] = (char)toupper((unsigned char)sentence[0]);
        sb_printf(&b, "%s.\n", sentence);
    }
    rc = write_output(&b, NULL);
    sb_free(&b);
    return rc;
}

