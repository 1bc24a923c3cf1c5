/* check_risk_file.c: the `uncertainty:` section in scenario files (DESIGN 1,
 * 2.8, 7): each refusal with its line, column and path, bit-exact round
 * trips through the saver and the JSON export, results.risk in the JSON
 * export and the Risk section of the reports. */
#include "config.h"

#include <check.h>
#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "export.h"
#include "report.h"
#include "scenario_file.h"
#include "uncertainty.h"
#include "strbuf.h"

static Scenario s, t; /* large: kept off the stack */

#define HEAD "gpuplan: 2\nuncertainty:\n  draws: 500\n  inputs:\n" /* 1-4 */
#define IN0 "    - key: utilization.measured_pct\n      low: 40\n      high: 70\n"

static void expect_error(const char *yaml, unsigned long line,
                         unsigned long col, const char *path, const char *frag)
{
    Diag d;
    scenario_default(&s);
    int rc = scenario_load_yaml("t.yaml", yaml, strlen(yaml), &s, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == EXIT_DATAERR, "status %d (%s)", rc, msg);
    ck_assert_msg(d.line == line && d.col == col, "at %lu:%lu, expected "
                  "%lu:%lu (%s)", d.line, d.col, line, col, msg);
    ck_assert_msg(strcmp(d.path, path) == 0, "path '%s', expected '%s'",
                  d.path, path);
    ck_assert_msg(strstr(d.message, frag) != NULL, "'%s' lacks '%s'",
                  d.message, frag);
}

START_TEST(yaml_refusals)
{
    expect_error(HEAD "    - key: name\n      low: 1\n      high: 2\n", 5, 12,
                 "uncertainty.inputs[0].key", "must be a number field");
    expect_error(HEAD IN0 "    - key: hardware.storage\n      low: 9\n"
                 "      high: 8\n", 10, 13, "uncertainty.inputs[1].high",
                 "not above low");
    expect_error(HEAD "    - key: hardware.storage\n      low: 1\n"
                 "      high: 8\n      mode: 9\n", 8, 13,
                 "uncertainty.inputs[0].mode", "outside the range");
    expect_error(HEAD "    - key: utilization.measured_pct\n      low: 40\n"
                 "      high: 140\n", 7, 13, "uncertainty.inputs[0].high",
                 "above 100");
    /* A range that no longer holds the scenario's value (50) loads: the
     * value stands, the range is drawn as written (DESIGN 2.8). */
    {
        const char *y = HEAD "    - key: utilization.measured_pct\n"
                             "      low: 60\n      high: 70\n";
        Diag d;
        scenario_default(&s);
        ck_assert_int_eq(scenario_load_yaml("t.yaml", y, strlen(y), &s, &d), 0);
        Diag note;
        ck_assert(uncertainty_outside(&s, 0, &note));
    }
    expect_error(HEAD "    - key: hardware.nodes\n      low: 60\n", 5, 7,
                 "uncertainty.inputs[0]", "missing `high`");
    expect_error(HEAD "    - key: hardware.nodes\n      lo: 60\n", 6, 7,
                 "uncertainty.inputs[0].lo", "did you mean `low`?");
    expect_error(HEAD IN0 IN0, 8, 12, "uncertainty.inputs[1].key",
                 "already input 0");
    expect_error("gpuplan: 2\nuncertainty:\n  draws: 50\n", 3, 10,
                 "uncertainty.draws", "below 100");
    expect_error("gpuplan: 2\nuncertainty:\n  drawz: 500\n", 3, 3,
                 "uncertainty.drawz", "did you mean `draws`?");
    expect_error("gpuplan: 2\nuncertainty:\n  inputs: 3\n", 3, 11,
                 "uncertainty.inputs", "expected a list");
    expect_error(HEAD "    - key: hardware.nodes\n      low: \"1\"\n"
                 "      high: 3\n", 6, 12, "uncertainty.inputs[0].low",
                 "quoted");
    /* the section's keys are registry rows, read like every section's */
    expect_error("gpuplan: 2\nuncertainty: 3\n", 2, 14, "uncertainty",
                 "is a section");
    expect_error(HEAD "    - {key: hardware.nodes, low: 1, high: 9, "
                 "modus: 5}\n", 5, 46, "uncertainty.inputs[0].modus",
                 "did you mean `mode`?");
    expect_error(HEAD "    - key: hardware.nodes\n      high: 9\n", 5, 7,
                 "uncertainty.inputs[0]", "an input needs key, low, high");
    expect_error(HEAD "    - key: uncertainty.draws\n      low: 1\n"
                 "      high: 9\n", 5, 12, "uncertainty.inputs[0].key",
                 "field of the uncertainty section");
    expect_error("gpuplan: 2\nuncertainty:\n  seed: 1\n  seed: 2\n", 4, 3,
                 "uncertainty.seed", "duplicate key");
    /* a version-1 file cannot have the section (DESIGN 1.4) */
    expect_error("gpuplan: 1\nhardware:\n  nodes: 2\nuncertainty:\n"
                 "  draws: 500\n", 4, 1, "uncertainty",
                 "write `gpuplan: 2` to use it");
    /* more than 64 inputs */
    StrBuf b = STRBUF_INIT;
    sb_append(&b, HEAD);
    for (int i = 0; i < 65; i++)
        sb_append(&b, "    - {key: hardware.nodes, low: 1, high: 9}\n");
    expect_error(sb_str(&b), 69, 7, "uncertainty.inputs", "more than 64");
    sb_free(&b);
}
END_TEST

static const char *good =
    HEAD IN0
    "    - key: hardware.node_price\n      low: 280000\n      high: 360000\n"
    "      mode: 300000.5\n"
    "  seed: 9007199254740992\n";

START_TEST(round_trips)
{
    Diag d;
    ck_assert_int_eq(scenario_load_yaml("g.yaml", good, strlen(good), &s, &d),
                     0);
    ck_assert(s.has_uncertainty);
    ck_assert_uint_eq(s.uncertainty.input_count, 2);
    ck_assert(!s.uncertainty.inputs[0].has_mode);
    ck_assert(s.uncertainty.inputs[1].mode == 300000.5);
    ck_assert(s.uncertainty.seed == 9007199254740992.0);
    /* the saver */
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&s, &b);
    ck_assert_int_eq(scenario_load_yaml("r.yaml", sb_str(&b), b.len, &t, &d),
                     0);
    ck_assert(scenario_equal(&s, &t));
    ck_assert_ptr_null(strstr(strstr(sb_str(&b), "utilization.measured_pct"),
                              "mode:\n")); /* no mode invented */
    sb_free(&b);
    /* the JSON export reads back, and carries results.risk */
    ReportResults rr;
    report_results_compute(&rr, &s);
    ck_assert_ptr_nonnull(rr.risk);
    Report rep = report_of(&s, &rr, "2026-01-01");
    StrBuf j = STRBUF_INIT;
    export_json(&rep, &j);
    ck_assert_int_eq(scenario_load_json("e.json", sb_str(&j), j.len, &t, &d),
                     0);
    ck_assert(scenario_equal(&s, &t));
    cJSON *doc = cJSON_Parse(sb_str(&j));
    const cJSON *risk = cJSON_GetObjectItem(
        cJSON_GetObjectItem(doc, "results"), "risk");
    ck_assert_ptr_nonnull(risk);
    ck_assert_str_eq(cJSON_GetObjectItem(risk, "option")->valuestring, "spot");
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(risk, "tornado")),
                     2);
    const cJSON *mc = cJSON_GetObjectItem(risk, "monte_carlo");
    ck_assert(cJSON_GetObjectItem(mc, "draws")->valuedouble == 500);
    const cJSON *h = cJSON_GetObjectItem(mc, "histogram");
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(h, "edges")), 21);
    ck_assert_int_eq(cJSON_GetArraySize(cJSON_GetObjectItem(h, "counts")), 20);
    ck_assert(cJSON_GetObjectItem(mc, "p_onprem_cheapest")->valuedouble ==
              rr.risk->mc.p_onprem_cheapest);
    cJSON_Delete(doc);
    sb_free(&j);
    /* the text and Markdown reports have the Risk section */
    StrBuf r = STRBUF_INIT;
    export_report(&rep, false, &r);
    ck_assert_ptr_nonnull(strstr(sb_str(&r), "\nRISK\n"));
    ck_assert_ptr_nonnull(strstr(sb_str(&r), "MONTE CARLO"));
    ck_assert_ptr_nonnull(strstr(sb_str(&r), "Owning is the cheapest option "
                                             "in "));
    sb_free(&r);
    export_report(&rep, true, &r);
    ck_assert_ptr_nonnull(strstr(sb_str(&r), "## Risk"));
    ck_assert_ptr_nonnull(strstr(sb_str(&r), "| P10 | P50 | P90 |"));
    sb_free(&r);
    report_results_free(&rr);
    /* without the section: no risk anywhere */
    scenario_default(&t);
    report_results_compute(&rr, &t);
    ck_assert_ptr_null(rr.risk);
    report_results_free(&rr);
}
END_TEST

START_TEST(json_refusals)
{
    static const char *j =
        "{\"gpuplan\": 2, \"uncertainty\": {\"inputs\": [{\"key\": "
        "\"hardware.nodes\", \"low\": 5, \"high\": 2}]}}";
    Diag d;
    scenario_default(&s);
    ck_assert_int_eq(scenario_load_json("u.json", j, strlen(j), &s, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "uncertainty.inputs[0].high");
    ck_assert_uint_eq(d.line, 1);
    ck_assert_ptr_nonnull(strstr(d.message, "not above low"));
}
END_TEST

/* uncertainty.correlations (DESIGN 2.8): three inputs, lines 5-13, and
 * the pairs from line 15 on. */
#define IN3 IN0 \
    "    - key: cloud.spot_gpu_hour\n      low: 2.4\n      high: 3.8\n" \
    "    - key: cloud.on_demand_gpu_hour\n      low: 5.5\n      high: 6.9\n"
#define PAIRS HEAD IN3 "  correlations:\n" /* lines 1-14 */
#define SPOT_OD "    - input: cloud.spot_gpu_hour\n" \
                "      with: cloud.on_demand_gpu_hour\n      rho: 0.9\n"

START_TEST(correlation_refusals)
{
    /* each refusal at the value that breaks the rule (line:col) */
    expect_error(PAIRS "    - input: cloud.spot_gpu_hour\n"
                 "      with: hardware.nodes\n      rho: 0.5\n", 16, 13,
                 "uncertainty.correlations[0].with",
                 "is not one of the 3 inputs");
    expect_error(PAIRS "    - input: cloud.spot\n      with: hardware.nodes\n"
                 "      rho: 0.5\n", 15, 14, "uncertainty.correlations[0].input",
                 "not a scenario field");
    expect_error(PAIRS "    - input: cloud.spot_gpu_hour\n      with: "
                 "cloud.spot_gpu_hour\n      rho: 0.5\n", 16, 13,
                 "uncertainty.correlations[0].with", "paired with itself");
    expect_error(PAIRS SPOT_OD "    - input: cloud.on_demand_gpu_hour\n"
                 "      with: cloud.spot_gpu_hour\n      rho: 0.2\n", 18, 14,
                 "uncertainty.correlations[1].input",
                 "is already uncertainty.correlations[0]");
    expect_error(PAIRS "    - input: cloud.spot_gpu_hour\n"
                 "      with: cloud.on_demand_gpu_hour\n      rho: 1.5\n", 17,
                 12, "uncertainty.correlations[0].rho", "is above 1");
    expect_error(PAIRS "    - {input: cloud.spot_gpu_hour, with: "
                 "cloud.on_demand_gpu_hour, rh: 1}\n", 15, 68,
                 "uncertainty.correlations[0].rh", "did you mean `rho`?");
    /* Spot-on-demand 0.9 and on-demand-utilization 0.9 leave
     * spot-utilization at 0: with the inputs in the order the pairs name
     * them (spot, on-demand, utilization) C = [[1, .9, 0], [.9, 1, .9],
     * [0, .9, 1]], whose LDL^T pivots are 1, 1 - 0.81 = 0.19 and
     * 1 - 0.9^2 / 0.19 = -3.26 < 0: indefinite. Without the second pair
     * the rest is fine, so it is named, with what it may be with the first
     * as written: det [[1, .9, 0], [.9, 1, x], [0, x, 1]] = 0.19 - x^2
     * >= 0, |x| <= sqrt 0.19 = 0.4359, rounded inward to 0.43. */
    expect_error(PAIRS SPOT_OD "    - input: cloud.on_demand_gpu_hour\n"
                 "      with: utilization.measured_pct\n      rho: 0.9\n", 20,
                 12, "uncertainty.correlations[1].rho",
                 "cannot hold with the other pairs (their matrix, 0 for pairs "
                 "not given, is not positive semidefinite); with the others as "
                 "written it may be -0.43 to 0.43");
    /* A third pair spot-utilization -0.5: no one pair is to blame (any
     * two of 0.9, 0.9, -0.5 are indefinite too: 1 - 0.81 - 0.25 < 0), the
     * last pair of the input whose pivot failed is named, and with the
     * two 0.9 pairs it may be 2 * 0.81 - 1 = 0.62 to 1 (the 3x3
     * determinant 1 - 2 * 0.81 - x^2 + 2 * 0.81 x = -(x - 1)(x - 0.62)). */
    expect_error(PAIRS SPOT_OD "    - input: cloud.on_demand_gpu_hour\n"
                 "      with: utilization.measured_pct\n      rho: 0.9\n"
                 "    - input: cloud.spot_gpu_hour\n"
                 "      with: utilization.measured_pct\n      rho: -0.5\n", 23,
                 12, "uncertainty.correlations[2].rho", "may be 0.62 to 1");
    /* a version-1 file has no uncertainty section, pairs or not */
    expect_error("gpuplan: 1\nuncertainty:\n  correlations: []\n", 2, 1,
                 "uncertainty", "write `gpuplan: 2` to use it");
}
END_TEST

/* A report's text with its lines joined: each run of spaces and line
 * breaks one space. */
static void unwrap(char *text)
{
    char *w = text;
    for (const char *r = text; *r; r++) {
        bool blank = *r == ' ' || *r == '\n';
        if (!blank || (w > text && w[-1] != ' '))
            *w++ = blank ? ' ' : *r;
    }
    *w = '\0';
}

START_TEST(correlations_round_trip)
{
    static const char *y = PAIRS SPOT_OD
        "    - input: utilization.measured_pct\n      with: cloud.spot_gpu_hour\n"
        "      rho: -0.25   # a note kept\n";
    Diag d;
    scenario_default(&s);
    ck_assert_int_eq(scenario_load_yaml("c.yaml", y, strlen(y), &s, &d), 0);
    ck_assert_uint_eq(s.uncertainty.pair_count, 2);
    ck_assert_str_eq(s.uncertainty.pairs[1].a, "utilization.measured_pct");
    ck_assert(s.uncertainty.pairs[1].rho == -0.25);
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&s, &b);
    ck_assert_int_eq(scenario_load_yaml("r.yaml", sb_str(&b), b.len, &t, &d),
                     0);
    ck_assert(scenario_equal(&s, &t));
    sb_free(&b);
    /* the JSON export reads back and states the pairs the draws used */
    ReportResults rr;
    report_results_compute(&rr, &s);
    Report rep = report_of(&s, &rr, "2026-01-01");
    StrBuf j = STRBUF_INIT;
    export_json(&rep, &j);
    ck_assert_int_eq(scenario_load_json("e.json", sb_str(&j), j.len, &t, &d),
                     0);
    ck_assert(scenario_equal(&s, &t));
    cJSON *doc = cJSON_Parse(sb_str(&j));
    const cJSON *mc = cJSON_GetObjectItem(cJSON_GetObjectItem(
        cJSON_GetObjectItem(doc, "results"), "risk"), "monte_carlo");
    const cJSON *pairs = cJSON_GetObjectItem(mc, "correlations");
    ck_assert_int_eq(cJSON_GetArraySize(pairs), 2);
    const cJSON *p0 = cJSON_GetArrayItem(pairs, 0);
    ck_assert_str_eq(cJSON_GetObjectItem(p0, "input")->valuestring,
                     "cloud.spot_gpu_hour");
    ck_assert(cJSON_GetObjectItem(p0, "rho")->valuedouble == 0.9);
    ck_assert(cJSON_GetObjectItem(p0, "rank_correlation_drawn")->valuedouble ==
              rr.risk->mc.rank_corr[0]);
    cJSON_Delete(doc);
    sb_free(&j);
    /* text, Markdown and HTML say which inputs were drawn together */
    for (int f = 0; f < 3; f++) {
        StrBuf r = STRBUF_INIT;
        if (f < 2)
            export_report(&rep, f == 1, &r);
        else
            export_html(&rep, &r);
        unwrap(r.data);
        ck_assert_msg(strstr(sb_str(&r), "Inputs drawn together "
                             "(Iman-Conover): cloud.spot_gpu_hour and "
                             "cloud.on_demand_gpu_hour, rank correlation 0.9 ("),
                      "format %d", f);
        sb_free(&r);
    }
    report_results_free(&rr);
    /* a bad pair in a JSON file is refused at its path */
    static const char *bad =
        "{\"gpuplan\": 2, \"uncertainty\": {\"inputs\": [{\"key\": "
        "\"hardware.nodes\", \"low\": 2, \"high\": 5}], \"correlations\": "
        "[{\"input\": \"hardware.nodes\", \"with\": "
        "\"hardware.storage\", "
        "\"rho\": 0.5}]}}";
    ck_assert_int_eq(scenario_load_json("u.json", bad, strlen(bad), &s, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "uncertainty.correlations[0].with");
    ck_assert_uint_eq(d.line, 1);
    ck_assert_ptr_nonnull(strstr(d.message, "not one of the 1 inputs"));
}
END_TEST

int main(void)
{
    Suite *su = suite_create("risk_file");
    TCase *tc = tcase_create("risk_file");
    tcase_add_test(tc, yaml_refusals);
    tcase_add_test(tc, round_trips);
    tcase_add_test(tc, json_refusals);
    tcase_add_test(tc, correlation_refusals);
    tcase_add_test(tc, correlations_round_trip);
    suite_add_tcase(su, tc);
    SRunner *r = srunner_create(su);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
