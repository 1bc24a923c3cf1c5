/* check_export.c: the JSON, CSV, text and Markdown exports (DESIGN 4) against
 * the engine's numbers, in the C locale and under de_DE.UTF-8. */
#include "config.h"

#include <check.h>
#include <cjson/cJSON.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "export.h"
#include "fields.h"
#include "numfmt.h"
#include "scenario_file.h"

/* The horizon of the Report rep_of made last: these tests export one
 * Report at a time. */
static HorizonFigures rep_horizon;

/* A Report of s with results r (no hybrid plan in these scenarios) and
 * s's horizon. */
static Report rep_of(const Scenario *s, const CostResult *r, const char *date)
{
    horizon_evaluate(s, &rep_horizon.result, &rep_horizon.cum);
    return (Report){.scenario = s, .cost = r, .horizon = &rep_horizon,
                    .hybrid = NULL, .date = date,
                    .generator = PACKAGE_NAME " " PACKAGE_VERSION};
}

static cJSON *export_default(Scenario *s, CostResult *r)
{
    scenario_default(s);
    cost_evaluate(s, r);
    StrBuf b = STRBUF_INIT;
    Report rep = rep_of(s, r, "2026-01-02");
    export_json(&rep, &b);
    cJSON *doc = cJSON_Parse(sb_str(&b));
    sb_free(&b);
    ck_assert_ptr_nonnull(doc);
    return doc;
}

static cJSON *path(cJSON *o, const char *p)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", p);
    for (char *tok = strtok(buf, "."); tok; tok = strtok(NULL, ".")) {
        o = cJSON_GetObjectItemCaseSensitive(o, tok);
        ck_assert_msg(o != NULL, "missing %s in %s", tok, p);
    }
    return o;
}

/* DESIGN 4.1 shape and the DESIGN 2.6 numbers. */
START_TEST(json_shape)
{
    Scenario s;
    CostResult r;
    cJSON *doc = export_default(&s, &r);
    ck_assert_double_eq(path(doc, "gpuplan")->valuedouble, 2);
    ck_assert_str_eq(path(doc, "generator")->valuestring, "gpuplan " PACKAGE_VERSION);
    /* Top-level keys, in order. */
    static const char *const top[] = {"gpuplan", "generator", "scenario", "results"};
    cJSON *it = doc->child;
    for (size_t i = 0; i < 4; i++, it = it->next)
        ck_assert_str_eq(it->string, top[i]);
    ck_assert_ptr_null(it);
    /* Every registry field appears in the scenario object. */
    for (size_t i = 0; i < field_count; i++) {
        char key[128];
        if (field_table[i].scope != FS_SCENARIO)
            continue; /* this scenario has no hybrid plan */
        snprintf(key, sizeof key, "scenario.%s", field_table[i].key);
        path(doc, key);
    }
    ck_assert_double_eq(path(doc, "results.useful_gpu_hours_month")->valuedouble, 11680);
    ck_assert_double_eq_tol(path(doc, "results.options.onprem.monthly")->valuedouble,
                            66075.52, 0.005);
    ck_assert_double_eq_tol(path(doc, "results.options.onprem.per_useful_gpu_hour")->valuedouble,
                            5.6572, 0.00005);
    ck_assert_double_eq_tol(path(doc, "results.options.on_demand.monthly")->valuedouble,
                            89639.03, 0.005);
    ck_assert_double_eq_tol(path(doc, "results.options.reserved.monthly")->valuedouble,
                            97067.51, 0.005);
    ck_assert_double_eq_tol(path(doc, "results.options.spot.monthly")->valuedouble,
                            45597.64, 0.005);
    /* Full precision: the exported number is the engine's double. */
    ck_assert(path(doc, "results.options.spot.monthly")->valuedouble ==
              r.option[OPT_SPOT].monthly);
    static const char *const on_lines[] = {"capital", "maintenance", "energy", "colocation",
                                           "staff", "network", "other", "opportunity"};
    cJSON *b = path(doc, "results.options.onprem.breakdown");
    it = b->child;
    for (size_t i = 0; i < 8; i++, it = it->next)
        ck_assert_str_eq(it->string, on_lines[i]);
    ck_assert_ptr_null(it);
    static const char *const cl_lines[] = {"compute", "egress", "storage",
                                           "staff", "other", "opportunity"};
    it = path(doc, "results.options.spot.breakdown")->child;
    for (size_t i = 0; i < 6; i++, it = it->next)
        ck_assert_str_eq(it->string, cl_lines[i]);
    ck_assert(cJSON_IsTrue(path(doc, "results.options.spot.allowed")));
    ck_assert_str_eq(path(doc, "results.cheapest")->valuestring, "spot");
    /* DESIGN 4.1 version 2: crossovers as lists with their side. */
    cJSON *pts = path(doc, "results.crossovers.on_demand.points");
    ck_assert_int_eq(cJSON_GetArraySize(pts), 1);
    ck_assert_double_eq_tol(path(pts->child, "utilization_pct")->valuedouble,
                            35.88, 0.005);
    ck_assert_str_eq(path(pts->child, "onprem_cheaper")->valuestring, "above");
    ck_assert_ptr_null(cJSON_GetObjectItem(path(doc, "results.crossovers.on_demand"),
                                           "onprem"));
    pts = path(doc, "results.crossovers.spot.points");
    ck_assert_int_eq(cJSON_GetArraySize(pts), 1);
    ck_assert_double_eq_tol(path(pts->child, "utilization_pct")->valuedouble,
                            76.00, 0.005);
    ck_assert_int_eq(cJSON_GetArraySize(path(doc, "results.crossovers.reserved.points")), 0);
    ck_assert_str_eq(path(doc, "results.crossovers.reserved.onprem")->valuestring, "cheaper");
    ck_assert_str_eq(path(doc, "results.zone")->valuestring, "hybrid");
    ck_assert(cJSON_IsTrue(path(doc, "results.zone_agrees")));
    char verdict[1024];
    cost_verdict_text(&s, &r, verdict, sizeof verdict);
    ck_assert_str_eq(path(doc, "results.verdict")->valuestring, verdict);
    ck_assert_msg(strncmp(verdict, "Spot is cheapest at 50%", 23) == 0, "%s", verdict);
    /* The reserved compute line, committed and overflow apart. */
    ck_assert_double_eq(path(doc, "results.options.reserved.committed")->valuedouble,
                        r.option[OPT_RESERVED].committed);
    ck_assert_double_eq(path(doc, "results.options.reserved.overflow")->valuedouble, 0);
    ck_assert_str_eq(path(doc, "scenario.cloud.reserved_overflow")->valuestring,
                     "on_demand");
    cJSON *adv = path(doc, "results.advice");
    ck_assert_int_eq(cJSON_GetArraySize(adv), (int)r.advice_count);
    ck_assert_str_eq(path(adv->child, "code")->valuestring, "BELOW_60");
    ck_assert_str_eq(path(adv->child, "text")->valuestring,
                     "At 50% utilization the cluster is below 60%, where the "
                     "rule of thumb says \"owning rarely pays\"; here it does "
                     "not: spot costs 20,478 USD a month less than on-prem.");
    static const char *const curves[] = {"utilization_pct", "onprem", "on_demand",
                                         "reserved", "spot"};
    for (size_t i = 0; i < 5; i++) {
        char key[64];
        snprintf(key, sizeof key, "results.curves.%s", curves[i]);
        ck_assert_int_eq(cJSON_GetArraySize(path(doc, key)), 100);
    }
    ck_assert_double_eq(cJSON_GetArrayItem(path(doc, "results.curves.utilization_pct"), 99)->valuedouble, 100);
    cJSON_Delete(doc);
}
END_TEST

/* The JSON export reads back bit for bit, awkward numbers included. */
START_TEST(json_full_precision_round_trip)
{
    Scenario s, back;
    scenario_default(&s);
    s.facility.pue = nextafter(1.4, 2); /* 1.4000000000000001 */
    s.cloud.spot_gpu_hour = nextafter(2.96, 3);
    s.hardware.node_price = 9.999999999999998;
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf b = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_json(&rep, &b);
    Diag d;
    ck_assert_int_eq(scenario_load_json("export.json", sb_str(&b), b.len, &back, &d), 0);
    ck_assert(scenario_equal(&s, &back));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "\"pue\":\t1.4000000000000001"));
    sb_free(&b);
}
END_TEST

/* DESIGN 4.1: every shipped scenario's export has the version-2 shape (the
 * hybrid results are left out here: the shape is about the main results),
 * and reads back as the same scenario. */
START_TEST(json_version2_shape_of_shipped)
{
    static const char *const names[] = {
        "default",      "diagflow",         "fintech-migration",
        "av-egress",    "cluster-64-at-85", "logistics-hybrid",
        "cloud-regret", "onprem-regret",    "minimum-size",
        "diagflow-risk", "diagflow-horizon"};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        char file[4096];
        snprintf(file, sizeof file, "%s/scenarios/%s.yaml", GPUPLAN_SRCDIR,
                 names[i]);
        Scenario s, back;
        Diag d;
        diag_clear(&d, file);
        ck_assert_msg(scenario_load_file(file, &s, &d) == 0, "%s", names[i]);
        CostResult r;
        cost_evaluate(&s, &r);
        StrBuf b = STRBUF_INIT;
        Report rep = rep_of(&s, &r, "2026-01-02");
        export_json(&rep, &b);
        cJSON *doc = cJSON_Parse(sb_str(&b));
        ck_assert_ptr_nonnull(doc);
        ck_assert_double_eq(path(doc, "gpuplan")->valuedouble, 2);
        ck_assert_double_eq(path(doc, "scenario.gpuplan")->valuedouble, 2);
        ck_assert(cJSON_IsString(path(doc, "results.verdict")));
        ck_assert(cJSON_IsBool(path(doc, "results.zone_agrees")));
        ck_assert(cJSON_IsNumber(path(doc, "results.options.reserved.committed")));
        ck_assert(cJSON_IsNumber(path(doc, "results.options.reserved.overflow")));
        static const char *const opts[] = {"on_demand", "reserved", "spot"};
        for (size_t k = 0; k < 3; k++) {
            char key[96];
            snprintf(key, sizeof key, "results.crossovers.%s", opts[k]);
            cJSON *c = path(doc, key);
            cJSON *pts = cJSON_GetObjectItemCaseSensitive(c, "points");
            ck_assert(cJSON_IsArray(pts));
            ck_assert_msg((cJSON_GetArraySize(pts) == 0) ==
                              (cJSON_GetObjectItemCaseSensitive(c, "onprem") != NULL),
                          "%s: %s: onprem only without points", names[i], opts[k]);
            for (cJSON *p = pts->child; p; p = p->next) {
                const char *side = path(p, "onprem_cheaper")->valuestring;
                ck_assert(strcmp(side, "above") == 0 || strcmp(side, "below") == 0);
            }
        }
        /* DESIGN 4.1 results.horizon: T + 1 cumulative months, the NPVs. */
        double T = path(doc, "results.horizon.months")->valuedouble;
        ck_assert_double_eq(T, s.horizon.months > 0
                                   ? s.horizon.months
                                   : s.hardware.lifetime_months);
        ck_assert_double_eq(
            path(doc, "results.horizon.discount_rate_pct")->valuedouble,
            s.hardware.cost_of_capital_pct);
        static const char *const all[] = {"onprem", "on_demand", "reserved",
                                          "spot"};
        for (size_t k = 0; k < 4; k++) {
            char key[96];
            snprintf(key, sizeof key, "results.horizon.npv.%s", all[k]);
            ck_assert(cJSON_IsNumber(path(doc, key)));
            snprintf(key, sizeof key, "results.horizon.cumulative.%s", all[k]);
            ck_assert_int_eq(cJSON_GetArraySize(path(doc, key)), (int)T + 1);
        }
        for (size_t k = 0; k < 3; k++) {
            static const char *const objs[] = {
                "break_even_month", "discounted_break_even_month", "irr_pct"};
            for (size_t o = 0; o < 3; o++) {
                char key[128];
                snprintf(key, sizeof key, "results.horizon.%s.%s", objs[o],
                         opts[k]);
                cJSON *v = path(doc, key);
                ck_assert(cJSON_IsNumber(v) || cJSON_IsNull(v));
            }
        }
        ck_assert_int_eq(scenario_load_json("x.json", sb_str(&b), b.len, &back, &d), 0);
        ck_assert(scenario_equal(&s, &back));
        cJSON_Delete(doc);
        sb_free(&b);
    }
}
END_TEST

START_TEST(json_null_when_no_work)
{
    Scenario s;
    scenario_default(&s);
    s.utilization.measured_pct = 0;
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf b = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_json(&rep, &b);
    cJSON *doc = cJSON_Parse(sb_str(&b));
    sb_free(&b);
    ck_assert(cJSON_IsNull(path(doc, "results.options.onprem.per_useful_gpu_hour")));
    ck_assert(cJSON_IsNumber(path(doc, "results.options.onprem.monthly")));
    cJSON_Delete(doc);
}
END_TEST

/* Split one CSV line (no quoted commas in these rows) into fields. */
static int csv_split(char *line, char **out, int max)
{
    int n = 0;
    out[n++] = line;
    for (char *p = line; *p && n < max; p++)
        if (*p == ',') {
            *p = '\0';
            out[n++] = p + 1;
        }
    return n;
}

/* The noise of a sum's last bit does not reach the CSV: diagflow's
 * on-demand bill is the double 48074.880000000005, written 48074.88; the
 * money round to the cent, -0 as 0, huge values left whole. */
START_TEST(csv_money_to_the_cent)
{
    ck_assert(num_round_cents(48074.880000000005) == 48074.88);
    ck_assert(num_round_cents(66075.51722016743) == 66075.52);
    ck_assert(num_round_cents(-0.004) == 0 && !signbit(num_round_cents(-0.004)));
    ck_assert(num_round_cents(-2.345) == -2.35 || num_round_cents(-2.345) == -2.34);
    ck_assert(num_round_cents(1e300) == 1e300);
    ck_assert(isnan(num_round_cents(NAN)));
    Scenario s;
    scenario_default(&s);
    s.utilization.measured_pct = 72; /* what diagflow measured */
    s.hardware.nodes = 4;
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf b = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_csv(&rep, &b);
    /* no cell has more than two decimals: every number here is money */
    for (const char *p = strchr(sb_str(&b), '.'); p; p = strchr(p + 1, '.'))
        ck_assert_msg(strspn(p + 1, "0123456789") <= 2, "cell .%.20s", p + 1);
    sb_free(&b);
}
END_TEST

START_TEST(csv_matches_engine)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf b = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_csv(&rep, &b);
    char *text = xstrdup(sb_str(&b));
    sb_free(&b);
    char *save = NULL;
    char *line = strtok_r(text, "\r\n", &save);
    ck_assert_str_eq(line, "option,allowed,monthly,per_useful_gpu_hour,capital,"
                           "maintenance,energy,colocation,staff,network,other,"
                           "opportunity,compute,egress,storage");
    for (int k = 0; k < OPT_COUNT; k++) {
        line = strtok_r(NULL, "\r\n", &save);
        ck_assert_ptr_nonnull(line);
        char *f[32];
        ck_assert_int_eq(csv_split(line, f, 32), 15);
        ck_assert_str_eq(f[0], cost_option_key((CostOption)k));
        double v;
        ck_assert_int_eq(num_parse(f[2], &v), 0);
        /* money to the cent (DESIGN 4.3), the cent's double exactly */
        ck_assert(v == num_round_cents(r.option[k].monthly));
        ck_assert(fabs(v - r.option[k].monthly) <= 0.005);
        const char *dot = strchr(f[2], '.');
        ck_assert(!dot || strlen(dot + 1) <= 2);
        if (k == OPT_ONPREM)
            ck_assert_str_eq(f[12], ""); /* compute does not apply */
        else
            ck_assert_str_eq(f[4], ""); /* capital does not apply */
    }
    ck_assert_ptr_null(strtok_r(NULL, "\r\n", &save));
    free(text);
}
END_TEST

START_TEST(csv_quoting)
{
    static const struct {
        const char *in, *out;
    } rows[] = {{"spot", "spot"},
                {"Acme, \"Fast\" GPUs", "\"Acme, \"\"Fast\"\" GPUs\""},
                {"two\nlines", "\"two\nlines\""},
                {"", ""}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        StrBuf b = STRBUF_INIT;
        export_csv_field(&b, rows[i].in);
        ck_assert_str_eq(sb_str(&b), rows[i].out);
        sb_free(&b);
    }
}
END_TEST

START_TEST(report_text_and_md)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf t = STRBUF_INIT, m = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_report(&rep, false, &t);
    export_report(&rep, true, &m);
    static const char *const both[] = {"2026-01-02", "66,075.52", "89,639.03",
                                       "97,067.51", "45,597.64", "5.66", "7.67",
                                       "3.90", "35.9%", "76.0%", "Utilization below 60%",
                                       "hybrid", "X on-demand 35.9%"};
    for (size_t i = 0; i < sizeof both / sizeof both[0]; i++) {
        ck_assert_msg(strstr(sb_str(&t), both[i]), "text lacks %s", both[i]);
        ck_assert_msg(strstr(sb_str(&m), both[i]), "md lacks %s", both[i]);
    }
    ck_assert_ptr_nonnull(strstr(sb_str(&m), "# 32x H100 in colocation, US"));
    ck_assert_ptr_nonnull(strstr(sb_str(&m), "```\n"));
    ck_assert_ptr_nonnull(strstr(sb_str(&m), "| **Spot (cheapest)** |"));
    ck_assert_ptr_null(strstr(sb_str(&t), "```"));
    ck_assert_ptr_null(strstr(sb_str(&t), "|---"));
    sb_free(&t);
    sb_free(&m);
}
END_TEST

/* Every format uses '.' under a ',' locale: the bytes are the same. */
START_TEST(formats_ignore_locale)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    Report rep = rep_of(&s, &r, "2026-01-02");
    StrBuf c[5] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    StrBuf d[5] = {STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT, STRBUF_INIT};
    for (int f = 0; f <= EXPORT_HTML; f++)
        export_any((ExportFormat)f, &rep, &c[f]);
    ck_assert_msg(setlocale(LC_ALL, "de_DE.UTF-8") != NULL,
                  "de_DE.UTF-8 locale is not installed");
    for (int f = 0; f <= EXPORT_HTML; f++) {
        export_any((ExportFormat)f, &rep, &d[f]);
        ck_assert_str_eq(sb_str(&c[f]), sb_str(&d[f]));
        sb_free(&c[f]);
        sb_free(&d[f]);
    }
    setlocale(LC_ALL, "C");
}
END_TEST

START_TEST(compliance_marked)
{
    Scenario s;
    scenario_default(&s);
    s.constraints.compliance_forbids_cloud = true;
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf t = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_report(&rep, false, &t);
    ck_assert_ptr_nonnull(strstr(sb_str(&t), "Spot (not allowed)"));
    ck_assert_ptr_nonnull(strstr(sb_str(&t), "On-prem (cheapest)"));
    sb_free(&t);
}
END_TEST

/* The numeric monthly breakdown (DESIGN 4.2) carries the DESIGN 2.6 lines of
 * every option, with "-" where a line does not apply. */
START_TEST(report_breakdown_table)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    StrBuf t = STRBUF_INIT, m = STRBUF_INIT;
    Report rep = rep_of(&s, &r, "2026-01-02");
    export_report(&rep, false, &t);
    export_report(&rep, true, &m);
    static const struct {
        const char *text, *md;
    } rows[] = {
        {"  Capital             31,334.46              -              -              -\n",
         "| Capital | 31,334.46 | - | - | - |\n"},
        {"  Energy               1,876.39              -              -              -\n",
         "| Energy | 1,876.39 | - | - | - |\n"},
        {"  Staff               19,166.67       4,791.67       4,791.67       4,791.67\n",
         "| Staff | 19,166.67 | 4,791.67 | 4,791.67 | 4,791.67 |\n"},
        {"  Total               66,075.52      89,639.03      97,067.51      45,597.64\n",
         "| **Total** | **66,075.52** | **89,639.03** | **97,067.51** | **45,597.64** |\n"}};
    ck_assert_ptr_nonnull(strstr(sb_str(&t), "MONTHLY BREAKDOWN (USD)\n"));
    ck_assert_ptr_nonnull(strstr(sb_str(&m), "## Monthly breakdown (USD)\n"));
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        ck_assert_msg(strstr(sb_str(&t), rows[i].text), "text lacks %s", rows[i].text);
        ck_assert_msg(strstr(sb_str(&m), rows[i].md), "md lacks %s", rows[i].md);
    }
    sb_free(&t);
    sb_free(&m);
}
END_TEST

/* The notes `gpuplan new` writes are the template: reports leave them out;
 * notes of one's own (even the template with a word changed) are kept. */
START_TEST(template_notes_left_out)
{
    Scenario s;
    scenario_default(&s);
    ck_assert(report_notes_are_template(&s));
    strcat(s.notes, "\n");
    ck_assert(report_notes_are_template(&s)); /* a block scalar's newline */
    CostResult r;
    cost_evaluate(&s, &r);
    Report rep = rep_of(&s, &r, "2026-01-02");
    for (int md = 0; md < 2; md++) {
        StrBuf b = STRBUF_INIT;
        export_report(&rep, md, &b);
        ck_assert_ptr_null(strstr(sb_str(&b), "Built-in default"));
        ck_assert_ptr_null(strstr(sb_str(&b), md ? "## Notes" : "NOTES"));
        sb_free(&b);
    }
    s.notes[0] = 'b'; /* "built-in default: ..." is the user's own text */
    ck_assert(!report_notes_are_template(&s));
    for (int md = 0; md < 2; md++) {
        StrBuf b = STRBUF_INIT;
        export_report(&rep, md, &b);
        ck_assert_ptr_nonnull(strstr(sb_str(&b), "built-in default"));
        ck_assert_ptr_nonnull(strstr(sb_str(&b), md ? "## Notes" : "NOTES"));
        sb_free(&b);
    }
    s.notes[0] = '\0';
    ck_assert(!report_notes_are_template(&s));
}
END_TEST

/* A user's string is text in Markdown, never markup: with a name and notes
 * that hold HTML, a link and block openers, the Markdown report has no '<'
 * of its own making outside a code block, and each piece is escaped as
 * written in DESIGN 4.2. */
START_TEST(md_escapes_user_strings)
{
    Scenario s;
    scenario_default(&s);
    snprintf(s.name, sizeof s.name, "%s", "<script>x</script> *b* [l](javascript:y) a|b");
    snprintf(s.notes, sizeof s.notes, "%s",
             "# head\n<img src=x onerror=y>\n1. one & two\n- `c` \\ d\n> q\n");
    CostResult r;
    cost_evaluate(&s, &r);
    Report rep = rep_of(&s, &r, "2026-01-02");
    StrBuf b = STRBUF_INIT;
    export_report(&rep, true, &b);
    const char *md = sb_str(&b);
    bool fence = false;
    for (const char *l = md; *l;) {
        size_t n = strcspn(l, "\n");
        if (strncmp(l, "```", 3) == 0)
            fence = !fence;
        else if (!fence)
            ck_assert_msg(!memchr(l, '<', n), "raw '<' in: %.*s", (int)n, l);
        l += n + (l[n] == '\n');
    }
    const char *want[] = {
        "# &lt;script&gt;x&lt;/script&gt; \\*b\\* \\[l\\](javascript:y) a\\|b\n",
        /* each line break a hard one: a backslash before it */
        "\n\\# head\\\n&lt;img src=x onerror=y&gt;\\\n1\\. one &amp; two\\\n"
        "\\- \\`c\\` \\\\ d\\\n&gt; q\n",
        "| Currency | USD |", /* a value without specials is as it was */
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ck_assert_msg(strstr(md, want[i]), "md lacks %s", want[i]);
    sb_free(&b);
    export_md_cell(&b, "12) x\n- y");
    ck_assert_str_eq(sb_str(&b), "12\\) x - y"); /* a cell is one line */
    sb_free(&b);
}
END_TEST

/* The text reports' prose: wrapped at 78 columns after the first line's
 * own lead, a '\n' of the text kept, a word longer than a line left whole
 * on a line of its own, runs of blanks as one. */
START_TEST(prose_wraps_at_78)
{
    StrBuf b = STRBUF_INIT;
    char text[400] = "";
    for (int i = 0; i < 40; i++)
        strcat(text, i == 19 ? "word\n" : "word  ");
    export_wrap(&b, "LEAD: ", "  ", text);
    /* 14 words after the lead (75 bytes; a 15th would make 80), the 6
     * left before the '\n', then 15 (76) and the last 5 */
    const size_t want[] = {75, 31, 76, 26};
    const char *l = sb_str(&b);
    ck_assert(strncmp(l, "LEAD: word word", 15) == 0);
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        size_t n = strcspn(l, "\n");
        ck_assert_msg(n == want[k], "line %zu has %zu bytes", k, n);
        ck_assert(k == 0 || strncmp(l, "  word word", 11) == 0);
        ck_assert_int_eq(l[n], '\n');
        l += n + 1;
    }
    ck_assert_int_eq(*l, '\0');
    sb_free(&b);
    char longword[120];
    memset(longword, 'x', 100);
    longword[100] = '\0';
    export_wrap(&b, "", "", "a");
    export_wrap(&b, "  ", "  ", longword);
    ck_assert_int_eq((int)b.len, 2 + 2 + 100 + 1);
    ck_assert(strncmp(sb_str(&b), "a\n  xxx", 7) == 0);
    sb_free(&b);
}
END_TEST

static Suite *export_suite(void)
{
    Suite *s = suite_create("export");
    TCase *t = tcase_create("formats");
    tcase_add_test(t, json_shape);
    tcase_add_test(t, md_escapes_user_strings);
    tcase_add_test(t, json_full_precision_round_trip);
    tcase_add_test(t, json_version2_shape_of_shipped);
    tcase_add_test(t, json_null_when_no_work);
    tcase_add_test(t, csv_matches_engine);
    tcase_add_test(t, csv_money_to_the_cent);
    tcase_add_test(t, csv_quoting);
    tcase_add_test(t, report_text_and_md);
    tcase_add_test(t, report_breakdown_table);
    tcase_add_test(t, template_notes_left_out);
    tcase_add_test(t, formats_ignore_locale);
    tcase_add_test(t, compliance_marked);
    tcase_add_test(t, prose_wraps_at_78);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(export_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
