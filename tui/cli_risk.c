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

#include "cli.h"
#include "file_rules.h"
#include "cost.h"
#include "export.h"
#include "fields.h"
#include "numfmt.h"
#include "report.h"
#include "risk.h"
#include "seek.h"

/* gpuplan risk: the tornado and the Monte Carlo (DESIGN 2.8, 3). */
int cli_cmd_risk(int argc, char **argv)
{
    ExportFormat fmt = EXPORT_TEXT;
    bool fmt_given = false;
    const char *out = NULL, *file = NULL, *v;
    char *sets[MAX_SETS];
    size_t nsets = 0;
    int rc;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_opt(a, "--format", argc, &i, argv, &v) || is_opt(a, "-f", argc, &i, argv, &v)) {
            fmt_given = true;
            if (!v)
                return usage_error("%s needs a format: text, md, json or csv", a);
            if (!export_format_parse(v, &fmt) || fmt == EXPORT_HTML)
                return usage_error("unknown risk format '%s' (text, md, json "
                                   "or csv; report --format html has the "
                                   "Risk section)", v);
        } else if (is_opt(a, "-o", argc, &i, argv, &v) || is_opt(a, "--output", argc, &i, argv, &v)) {
            if (!v)
                return usage_error("%s needs a file name", a);
            out = strcmp(v, "-") == 0 ? NULL : v;
        } else if (is_opt(a, "--set", argc, &i, argv, &v)) {
            if ((rc = add_set(sets, &nsets, a, v)) != 0)
                return rc;
        } else if ((rc = take_file("risk", a, &file)) != 0) {
            return rc;
        }
    }
    if (!file)
        return usage_error("risk needs a FILE (a path or a shipped scenario "
                           "name such as %s)", "diagflow-risk");
    char in[4096];
    if (out && file_same(cli_resolve_scenario(file, in, sizeof in), out)) {
        fprintf(stderr, "gpuplan: -o %s is the scenario being analysed; "
                "write the output to another file\n", vis(out));
        return EXIT_CANTCREAT;
    }
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
        rc = apply_sets(&s, sets, nsets);
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
int cli_cmd_seek(int argc, char **argv)
{
    const char *file = NULL, *key = NULL, *v;
    bool json = false, have_target = false;
    CostOption x = OPT_SPOT;
    char *sets[MAX_SETS];
    size_t nsets = 0;
    int rc;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (is_opt(a, "--vary", argc, &i, argv, &v)) {
            if (!v)
                return usage_error("%s needs a field key, such as "
                                   "hardware.node_price", a);
            key = v;
        } else if (is_opt(a, "--target", argc, &i, argv, &v)) {
            if (!seek_target(v, &x))
                return usage_error("--target needs onprem=OPTION with OPTION "
                                   "one of on_demand, reserved, spot, not "
                                   "'%s'", v ? v : "");
            have_target = true;
        } else if (is_opt(a, "--format", argc, &i, argv, &v) || is_opt(a, "-f", argc, &i, argv, &v)) {
            if (!v || (strcmp(v, "text") != 0 && strcmp(v, "json") != 0))
                return usage_error("seek formats are text and json, not '%s'",
                                   v ? v : "");
            json = strcmp(v, "json") == 0;
        } else if (is_opt(a, "--set", argc, &i, argv, &v)) {
            if ((rc = add_set(sets, &nsets, a, v)) != 0)
                return rc;
        } else if ((rc = take_file("seek", a, &file)) != 0) {
            return rc;
        }
    }
    if (!key || !have_target || !file)
        return usage_error("seek needs --vary KEY, --target onprem=OPTION and "
                           "a FILE (%s)", "gpuplan seek --vary "
                           "hardware.node_price --target onprem=spot default");
    const Field *f = field_find(key);
    if (!seek_can_vary(f)) {
        char why[400];
        if (f)
            snprintf(why, sizeof why, "not a number field (goal seek varies "
                     "an int, number, percent or money field)");
        else
            field_unknown("", key, why, sizeof why);
        fprintf(stderr, "gpuplan: seek --vary %s: %s\n", vis(key), vis(why));
        return EXIT_USAGE;
    }
    Scenario s;
    rc = load_arg(file, &s);
    if (rc == 0)
        rc = apply_sets(&s, sets, nsets);
    if (rc != 0)
        return rc;
    Scenario *work = xmalloc(sizeof *work);
    SeekResult r;
    seek_solve(&s, f, x, work, &r);
    free(work);
    StrBuf b = STRBUF_INIT;
    char val[64], now[64], a[48], c[48], sentence[400];
    num_snprintf(val, sizeof val, "%.10g", r.value);
    num_snprintf(now, sizeof now, "%.10g", r.current);
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
        num_format_money(r.onprem, 2, a, sizeof a);
        sb_printf(&b, "At %s = %s, on-prem and %s both cost %s %s a month",
                  f->key, val, opt, a, s.currency);
        if (strcmp(f->key, "utilization.measured_pct") == 0)
            sb_printf(&b, " (a crossover)");
        else
            sb_printf(&b, " at %g%% utilization", s.utilization.measured_pct);
        num_format_money(r.onprem_now, 2, a, sizeof a);
        num_format_money(r.option_now, 2, c, sizeof c);
        sb_printf(&b, ".\nNow, at %s, on-prem costs %s and %s %s.\n", now, a,
                  opt, c);
        if (f->type == FT_INT && r.value != floor(r.value))
            sb_printf(&b, "%s is a whole number: between %.0f and %.0f the "
                      "cheaper side changes.\n", f->key, floor(r.value),
                      ceil(r.value));
    } else {
        sb_printf(&b, "%s = none\n", f->key);
        sentence[0] = (char)toupper((unsigned char)sentence[0]);
        sb_printf(&b, "%s.\n", sentence);
    }
    rc = write_output(&b, NULL);
    sb_free(&b);
    return rc;
}

