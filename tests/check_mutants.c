/* check_mutants.c: one test for each realistic slip that a mutation run
 * found no test for: straight-line depreciation, equal power draws, a bare
 * CR in a CSV field, the lower end of spot goodput, the queue order of jobs
 * submitted in the same minute and the largest minute step. Each asserts
 * the exact figure or answer the DESIGN gives, so the slip would fail it. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "cron.h"
#include "export.h"
#include "fields.h"
#include "hybrid.h"
#include "scenario_file.h"

/* DESIGN 2.1: with cost_of_capital_pct 0 the capital line is straight-line
 * depreciation (C - R) / L; with 7% it is the annuity, which is more. */
START_TEST(straight_line_depreciation)
{
    Scenario s;
    scenario_default(&s);
    s.hardware.cost_of_capital_pct = 0;
    CostResult r;
    cost_evaluate(&s, &r);
    const double C = 4 * (310000.0 + 34000.0) + 80000 + 20000; /* 1,476,000 */
    const double R = C * 0.15;
    ck_assert_double_eq_tol(r.option[OPT_ONPREM].line[LINE_CAPITAL],
                            (C - R) / 48, 1e-9);
    ck_assert_double_eq_tol(r.option[OPT_ONPREM].line[LINE_CAPITAL], 26137.5,
                            1e-9);
    scenario_default(&s);
    cost_evaluate(&s, &r);
    ck_assert(r.option[OPT_ONPREM].line[LINE_CAPITAL] > 26137.5 + 1000);
}
END_TEST

/* DESIGN 7: idle <= busy <= max, so all three equal is valid (a node that
 * draws the same power whatever it does), and it loads from a file. */
START_TEST(equal_power_draws_are_valid)
{
    Scenario s;
    scenario_default(&s);
    s.facility.node_power_max_kw = 7.7;
    s.facility.node_power_busy_kw = 7.7;
    s.facility.node_power_idle_kw = 7.7;
    const Field *bad = NULL;
    Diag msg;
    ck_assert_msg(scenario_validate(&s, &bad, &msg) == 0, "%s", msg.message);
    const char *t = "gpuplan: 1\nfacility:\n  node_power_max_kw: 7.7\n"
                    "  node_power_busy_kw: 7.7\n  node_power_idle_kw: 7.7\n";
    Diag d;
    ck_assert_int_eq(scenario_load_yaml("t.yaml", t, strlen(t), &s, &d), 0);
    /* One step above on either side is refused. */
    s.facility.node_power_idle_kw = nextafter(7.7, 8);
    ck_assert(scenario_validate(&s, &bad, &msg) != 0);
    s.facility.node_power_idle_kw = 7.7;
    s.facility.node_power_busy_kw = nextafter(7.7, 8);
    ck_assert(scenario_validate(&s, &bad, &msg) != 0);
}
END_TEST

/* RFC 4180: a bare CR (no LF) is a line break to many readers, so a field
 * holding one is quoted. */
START_TEST(csv_quotes_a_bare_cr)
{
    StrBuf b = STRBUF_INIT;
    export_csv_field(&b, "two\rlines");
    ck_assert_str_eq(sb_str(&b), "\"two\rlines\"");
    sb_free(&b);
}
END_TEST

/* spot_goodput_pct is 1..100 (DESIGN 1): 0 would divide by zero. */
START_TEST(spot_goodput_zero_is_refused)
{
    const Field *f = field_find("cloud.spot_goodput_pct");
    ck_assert_ptr_nonnull(f);
    double v;
    Diag msg;
    ck_assert(field_parse(f, "0", &v, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "below 1"));
    ck_assert(field_parse(f, "1", &v, &msg) == 0);
    ck_assert(v == 1);
    const char *t = "gpuplan: 1\ncloud:\n  spot_goodput_pct: 0\n";
    Scenario s;
    Diag d;
    ck_assert_int_eq(scenario_load_yaml("t.yaml", t, strlen(t), &s, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "cloud.spot_goodput_pct");
}
END_TEST

/* Two jobs submitted in the same minute queue in the plan's workload order
 * (hybrid.h): on one 8-GPU node, the first workload's full-node job starts
 * at once, the second's waits its hour; swapping the workloads swaps the
 * waits. */
START_TEST(same_minute_jobs_queue_in_plan_order)
{
    static const char *const texts[2] = {
        "gpuplan: 1\nhardware: {nodes: 1}\nhybrid:\n  days: 1\n"
        "  workloads:\n"
        "    - {name: first, schedule: \"0 0 * * *\", gpus: 8, hours: 1}\n"
        "    - {name: second, schedule: \"0 0 * * *\", gpus: 8, hours: 1}\n",
        "gpuplan: 1\nhardware: {nodes: 1}\nhybrid:\n  days: 1\n"
        "  workloads:\n"
        "    - {name: second, schedule: \"0 0 * * *\", gpus: 8, hours: 1}\n"
        "    - {name: first, schedule: \"0 0 * * *\", gpus: 8, hours: 1}\n"};
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    for (int k = 0; k < 2; k++) {
        Scenario s;
        Diag d;
        ck_assert_int_eq(scenario_load_yaml("t.yaml", texts[k],
                                            strlen(texts[k]), &s, &d), 0);
        HybridSimStats st;
        ck_assert_int_eq(hybrid_simulate(&s, &s.hybrid, 1, &st, &sc), 0);
        ck_assert_uint_eq(st.workload[0].jobs, 1);
        ck_assert_uint_eq(st.workload[1].jobs, 1);
        ck_assert(st.workload[0].wait_mean == 0);
        ck_assert(st.workload[1].wait_mean == 60);
    }
    hybrid_scratch_free(&sc);
}
END_TEST

/* `*\/60` in the minute field is a valid step (the largest: the whole
 * range), meaning minute 0 only; 61 is one too many. */
START_TEST(minute_step_60_is_valid)
{
    Cron c;
    Diag e;
    ck_assert_int_eq(cron_parse("*/60 * * * *", &c, &e), 0);
    ck_assert_uint_eq(c.minutes, 1);
    ck_assert_int_eq(cron_parse("*/61 * * * *", &c, &e), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(e.message, "minute step 61 out of range (1-60)"));
    ck_assert_int_eq(cron_parse("0 */24 * * *", &c, &e), 0);
    ck_assert_uint_eq(c.hours, 1);
}
END_TEST

static Suite *mutants_suite(void)
{
    Suite *s = suite_create("mutants");
    TCase *t = tcase_create("survivors");
    tcase_add_test(t, straight_line_depreciation);
    tcase_add_test(t, equal_power_draws_are_valid);
    tcase_add_test(t, csv_quotes_a_bare_cr);
    tcase_add_test(t, spot_goodput_zero_is_refused);
    tcase_add_test(t, same_minute_jobs_queue_in_plan_order);
    tcase_add_test(t, minute_step_60_is_valid);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(mutants_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
