/* check_sweep.c: sweep axes count inclusive ends exactly (DESIGN 3). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sweep.h"

START_TEST(inclusive_counts)
{
    static const struct {
        const char *spec;
        size_t count;
        double last;
    } rows[] = {
        {"utilization.measured_pct=1:10:0.1", 91, 10},
        {"utilization.measured_pct=0:100:1", 101, 100},
        {"utilization.measured_pct=0:1:0.3", 4, 0.9},
        {"cloud.spot_gpu_hour=0.1:0.3:0.1", 3, 0.3},
        {"hardware.nodes=1:100:1", 100, 100},
        {"utilization.measured_pct=100:0:-25", 5, 0},
        {"utilization.measured_pct=5:5:1", 1, 5},
        /* huge counts are exact: the rounding tolerance is never added */
        {"utilization.measured_pct=0:100:0.0000001", 1000000001, 100},
        {"utilization.measured_pct=0:100:0.00000001", 10000000001, 100},
    };
    Diag d;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        SweepAxis a;
        ck_assert_msg(sweep_axis_parse(rows[i].spec, &a, &d), "%s: %s",
                      rows[i].spec, d.message);
        ck_assert_uint_eq(a.count, rows[i].count);
        ck_assert_double_eq_tol(sweep_axis_value(&a, a.count - 1), rows[i].last, 1e-12);
    }
    SweepAxis a;
    ck_assert(sweep_axis_parse("utilization.measured_pct=1:10:0.1", &a, &d));
    ck_assert(sweep_axis_value(&a, 90) == 10.0); /* exactly TO */
    ck_assert_double_eq_tol(sweep_axis_value(&a, 45), 5.5, 1e-12);
}
END_TEST

START_TEST(values_keep_the_written_places)
{
    SweepAxis a;
    Diag d;
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:1:0.1", &a, &d));
    ck_assert_uint_eq(a.count, 11);
    /* 3 x 0.1 is 0.30000000000000004 in binary; the sweep gives 0.3. */
    ck_assert(sweep_axis_value(&a, 3) == 0.3);
    ck_assert(sweep_axis_value(&a, 6) == 0.6);
    ck_assert(sweep_axis_value(&a, 7) == 0.7);
    ck_assert(sweep_axis_parse("utilization.measured_pct=0.7:0.1:-0.2", &a, &d));
    ck_assert(sweep_axis_value(&a, 1) == 0.5);
    ck_assert(sweep_axis_value(&a, 3) == 0.1);
    /* With an exponent nothing is rounded. */
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:1:1e-1", &a, &d));
    ck_assert(sweep_axis_value(&a, 3) == 0 + 3 * 0.1);
}
END_TEST

START_TEST(bad_axes)
{
    /* A malformed --vary is a usage error (64), a range whose values the
     * field refuses bad data (65). */
    static const struct {
        const char *spec, *fragment;
        int status;
    } rows[] = {
        {"utilization.measured_pct=0:140:10", "140 is above 100", 65},
        {"utilisation.measured_pct=0:10:1", "unknown key", 64},
        {"hardware.nodes=1:10:0.5", "whole number", 65},
        {"utilization.measured_pct=0:10:0", "non-zero", 64},
        {"utilization.measured_pct=0:10:-1", "towards TO", 64},
        {"utilization.measured_pct=0:10", "FROM:TO:STEP", 64},
        {"utilization.measured_pct=a:10:1", "FROM 'a' is not a number", 64},
        {"utilization.measured_pct=1:2:3:4", "one colon too many", 64},
        {"name=1:2:1", "only numeric fields", 64},
        {"cloud.reserved_overflow=1:2:1", "only numeric fields", 64},
        {"hybrid.days=1:2:1", "not the hybrid plan", 64},
        {"hybrid.workloads[0].gpus=1:2:1", "not the hybrid plan", 64},
        {"uncertainty.draws=1:2:1", "a field of the uncertainty section", 64},
        {"uncertainty.inputs[0].low=1:2:1", "a field of the uncertainty section", 64},
        {"utilization.measured_pct", "KEY=FROM:TO:STEP", 64},
        {"utilization.measured_pct=0:100:1e-15", "1e+17 values is more than a sweep can count", 64},
        {"hardware.node_price=0:1e300:1e-300", "more values than a sweep can count", 64},
    };
    Diag d;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        SweepAxis a;
        ck_assert_msg(!sweep_axis_parse(rows[i].spec, &a, &d), "%s accepted",
                      rows[i].spec);
        ck_assert_msg(strstr(d.message, rows[i].fragment), "%s: got '%s'",
                      rows[i].spec, d.message);
        ck_assert_msg(d.status == rows[i].status, "%s: status %d", rows[i].spec,
                      d.status);
        ck_assert_msg(!strstr(d.message, "inf"), "%s: %s", rows[i].spec, d.message);
    }
    /* The suggestion is a field that can be varied, never the key itself. */
    ck_assert(!sweep_field("gpus", &d));
    ck_assert_msg(!strstr(d.message, "hybrid.workloads"), "%s", d.message);
    ck_assert(!sweep_field("nodes", &d));
    ck_assert_str_eq(d.message, "unknown key `nodes` (did you mean `hardware.nodes`?)");
}
END_TEST

/* The corner check finds a broken rule exactly when the full pass over
 * every combination does (sweep.h): random small sweeps over the three
 * power fields and the other fields' values, compared with brute force. */
START_TEST(corners_agree_with_every_combination)
{
    static const char *const keys[] = {"facility.node_power_max_kw",
                                       "facility.node_power_busy_kw",
                                       "facility.node_power_idle_kw"};
    unsigned long long x = 12345;
    int broken = 0, kept = 0;
    for (int iter = 0; iter < 400; iter++) {
        SweepAxis axes[3];
        size_t n = 0;
        for (int k = 0; k < 3; k++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            if ((x >> 60) & 1)
                continue;
            int from = (int)((x >> 20) % 12), to = (int)((x >> 30) % 12);
            char spec[96];
            snprintf(spec, sizeof spec, "%s=%d:%d:%d", keys[k], from, to,
                     to >= from ? 1 : -1);
            Diag d;
            ck_assert_msg(sweep_axis_parse(spec, &axes[n], &d),
                          "%s: %s", spec, d.message);
            n++;
        }
        Scenario base, combo, s;
        scenario_default(&base);
        base.facility.node_power_max_kw = 6;
        base.facility.node_power_busy_kw = 5;
        base.facility.node_power_idle_kw = 4;
        const Field *bad;
        char msg[256];
        Diag d;
        bool corners = sweep_check_corners(&base, axes, n, &combo, &bad, &d);
        bool all = true;
        size_t idx[3] = {0, 0, 0};
        for (;;) {
            s = base;
            for (size_t k = 0; k < n; k++)
                *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], idx[k]);
            all = all && scenario_validate(&s, &bad, msg, sizeof msg);
            size_t k = n;
            while (k > 0 && ++idx[k - 1] == axes[k - 1].count)
                idx[--k] = 0;
            if (k == 0)
                break;
        }
        ck_assert_msg(corners == all, "iteration %d: corners %d, all %d", iter,
                      corners, all);
        if (!corners)
            ck_assert(!scenario_validate(&combo, &bad, msg, sizeof msg));
        broken += !all;
        kept += all;
    }
    ck_assert(broken > 20 && kept > 20); /* both outcomes were tried */
}
END_TEST

START_TEST(rows_multiply)
{
    SweepAxis a[2];
    Diag d;
    ck_assert(sweep_axis_parse("hardware.nodes=1:100000:1", &a[0], &d));
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:100:0.001", &a[1], &d));
    ck_assert(sweep_rows(a, 2) == 100000.0 * 100001.0);
    ck_assert(sweep_rows(a, 0) == 1);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sweep");
    TCase *t = tcase_create("axes");
    tcase_add_test(t, inclusive_counts);
    tcase_add_test(t, values_keep_the_written_places);
    tcase_add_test(t, bad_axes);
    tcase_add_test(t, corners_agree_with_every_combination);
    tcase_add_test(t, rows_multiply);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
