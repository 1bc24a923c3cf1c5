/* check_axis.c: the value axes every chart shares (model/chart/axis.h,
 * DESIGN 8): one rounding of tick steps, the ranges the terminal and SVG
 * charts both draw, and the tick labels a small terminal chart keeps. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "horizon.h"
#include "scenario.h"

START_TEST(round_to_nice_steps)
{
    static const struct {
        double lo, hi;
        int max;
        double want_lo, want_step;
        int want_steps, want_decimals;
    } rows[] = {
        {0, 5.9e6, 6, 0, 1e6, 6, 0},             /* a cumulative spend */
        {46000, 104000, 6, 40000, 20000, 4, 0},  /* a hybrid range */
        {0, 9.2, 4, 0, 2.5, 4, 2},               /* 2.5 times a power of ten */
        {2.1, 9.9, 4, 2, 2, 4, 2},
        {-3.2, 7.4, 5, -5, 2.5, 5, 2},           /* below zero */
        {5, 5, 6, 5, 0.2, 5, 2},                 /* empty: one unit wide */
        {0, 0.037, 4, 0, 0.01, 4, 2},
        {0, 0.0037, 4, 0, 0.001, 4, 3},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Axis a;
        axis_round(rows[i].lo, rows[i].hi, rows[i].max, &a);
        ck_assert_msg(fabs(a.lo - rows[i].want_lo) < 1e-9 &&
                          fabs(a.step - rows[i].want_step) < 1e-12 &&
                          a.steps == rows[i].want_steps &&
                          a.decimals == rows[i].want_decimals,
                      "row %zu: lo %g step %g steps %d decimals %d", i, a.lo,
                      a.step, a.steps, a.decimals);
        ck_assert(a.steps <= rows[i].max);
        ck_assert(a.lo <= rows[i].lo && axis_top(&a) >= rows[i].hi);
        ck_assert(axis_tick(&a, a.steps) == axis_top(&a));
    }
    Axis a;
    axis_round(NAN, NAN, 6, &a); /* not a range: still an axis */
    ck_assert(isfinite(a.lo) && a.step > 0 && a.steps >= 1);
    axis_round(0, 10, 0, &a); /* at least one interval */
    ck_assert_int_eq(a.steps, 1);
}
END_TEST

START_TEST(label_stride_keeps_a_row_between_labels)
{
    Axis a = {0, 1e6, 6, 0};
    ck_assert_int_eq(axis_label_stride(&a, 10), 2); /* 1.7 rows a tick */
    ck_assert_int_eq(axis_label_stride(&a, 12), 1); /* 2 rows a tick */
    ck_assert_int_eq(axis_label_stride(&a, 3), 4);
    ck_assert_int_eq(axis_label_stride(&a, 0), 6); /* never past the top */
}
END_TEST

START_TEST(month_and_count_steps)
{
    ck_assert_int_eq(axis_month_step(12, 12), 1);
    ck_assert_int_eq(axis_month_step(36, 12), 3);
    ck_assert_int_eq(axis_month_step(48, 12), 6);
    ck_assert_int_eq(axis_month_step(240, 12), 24);
    ck_assert_int_eq(axis_month_step(100000, 12), 60);
    ck_assert(axis_count_step(4, 31) == 1);
    ck_assert(axis_count_step(100, 31) == 5);  /* 21 counts in 31 columns */
    ck_assert(axis_count_step(100, 12) == 10);
    ck_assert(axis_count_step(0, 12) == 1);
}
END_TEST

/* The hybrid range leaves room under the cheapest total (the ringed
 * optimum) and over the dearest, and never goes below 0. */
START_TEST(hybrid_range_has_room_round_the_totals)
{
    static HybridNodesTotal sizes[4] = {{0, 97930, NAN}, {1, 148000, NAN}, {2, 105161, NAN}, {4, 129000, NAN}};
    HybridResult h;
    memset(&h, 0, sizeof h);
    h.by_nodes = sizes;
    h.by_nodes_count = 4;
    Axis a;
    axis_hybrid(&h, CHART_AXIS_STEPS, &a);
    double span = axis_top(&a) - a.lo;
    ck_assert((97930 - a.lo) / span > 0.04);
    ck_assert((axis_top(&a) - 148000) / span > 0.04);
    static HybridNodesTotal flat[2] = {{0, 1000, NAN}, {1, 1000, NAN}};
    h.by_nodes = flat;
    h.by_nodes_count = 2;
    axis_hybrid(&h, CHART_AXIS_STEPS, &a);
    ck_assert(a.lo >= 0 && a.lo < 1000 && axis_top(&a) > 1000);
}
END_TEST

/* The cumulative axis takes in 0 and every option's spend. */
START_TEST(cumulative_range_covers_every_month)
{
    Scenario s;
    scenario_default(&s);
    HorizonFigures hz;
    horizon_evaluate(&s, &hz.result, &hz.cum);
    Axis a;
    axis_cumulative(&hz, CHART_AXIS_STEPS, &a);
    ck_assert(a.lo <= 0);
    for (int k = 0; k < OPT_COUNT; k++)
        for (int t = 0; t <= hz.result.months; t++)
            ck_assert(hz.cum[k][t] <= axis_top(&a) && hz.cum[k][t] >= a.lo);
    ck_assert_int_le(a.steps, CHART_AXIS_STEPS);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("axis");
    TCase *t = tcase_create("axis");
    tcase_add_test(t, round_to_nice_steps);
    tcase_add_test(t, label_stride_keeps_a_row_between_labels);
    tcase_add_test(t, month_and_count_steps);
    tcase_add_test(t, hybrid_range_has_room_round_the_totals);
    tcase_add_test(t, cumulative_range_covers_every_month);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
