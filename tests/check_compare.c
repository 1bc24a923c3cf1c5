/* check_compare.c: two to four scenarios side by side (compare.h; DESIGN
 * 11.3): the cheapest of all and its ties, allowed options only, what
 * keeps figures from comparing, shared cloud curves. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "scenario_edit.h"

static Scenario sc[COMPARE_MAX];
static CostResult cr[COMPARE_MAX];
static HorizonResult hr[COMPARE_MAX];

static void set(Scenario *s, const char *key, const char *text)
{
    Diag d;
    ck_assert_msg(scenario_set(s, key, text, &d) == 0, "%s=%s: %s", key, text, d.message);
}

static void compare(size_t n, Comparison *c)
{
    CompareInput in[COMPARE_MAX];
    for (size_t i = 0; i < n; i++) {
        cost_evaluate(&sc[i], &cr[i]);
        horizon_evaluate(&sc[i], &hr[i], NULL);
        in[i] = (CompareInput){&sc[i], &cr[i], &hr[i]};
    }
    compare_evaluate(in, n, c);
}

static void defaults(size_t n)
{
    for (size_t i = 0; i < n; i++)
        scenario_default(&sc[i]);
}

START_TEST(the_cheapest_of_all)
{
    defaults(3);
    set(&sc[1], "hardware.node_price", "150000"); /* owning B is cheapest */
    set(&sc[2], "cloud.spot_gpu_hour", "2");      /* C's spot is cheaper still? */
    Comparison c;
    compare(3, &c);
    ck_assert_uint_eq(c.count, 3);
    ck_assert(c.has_cheapest);
    /* By brute force over every allowed option of every scenario. */
    double best = INFINITY;
    size_t bi = 0;
    int bo = 0;
    for (size_t i = 0; i < 3; i++)
        for (int o = 0; o < OPT_COUNT; o++)
            if (cr[i].option[o].allowed && cr[i].option[o].monthly < best) {
                best = cr[i].option[o].monthly;
                bi = i;
                bo = o;
            }
    ck_assert_uint_eq(c.cheapest_scenario, bi);
    ck_assert_int_eq(c.cheapest_option, bo);
    ck_assert(c.cheapest_monthly == best);
    for (size_t i = 0; i < 3; i++) {
        double own = cr[i].option[cr[i].cheapest].monthly;
        ck_assert(c.tied[i] == (i == bi));
        ck_assert_double_eq_tol(c.above_cheapest[i], i == bi ? 0 : own - best, 1e-6);
    }
    ck_assert_uint_eq(c.notes, COMPARE_CLOUD); /* C's spot differs */
    ck_assert(c.cloud_shared[OPT_ON_DEMAND] && c.cloud_shared[OPT_RESERVED]);
    ck_assert(!c.cloud_shared[OPT_SPOT]);
}
END_TEST

START_TEST(ties_and_options_not_allowed)
{
    defaults(2);
    /* The same scenario twice: a tie, the first one named. */
    Comparison c;
    compare(2, &c);
    ck_assert_uint_eq(c.cheapest_scenario, 0);
    ck_assert(c.tied[0] && c.tied[1]);
    ck_assert_uint_eq(c.notes, 0);
    /* A's cloud forbidden: its spot no longer counts, B's does. */
    set(&sc[0], "constraints.compliance_forbids_cloud", "true");
    compare(2, &c);
    ck_assert_uint_eq(c.cheapest_scenario, 1);
    ck_assert_int_eq(c.cheapest_option, OPT_SPOT);
    ck_assert(!c.tied[0]);
    ck_assert_double_eq_tol(c.above_cheapest[0],
                            cr[0].option[OPT_ONPREM].monthly - cr[1].option[OPT_SPOT].monthly,
                            1e-6);
    ck_assert_uint_eq(c.notes, COMPARE_CLOUD); /* allowed in one, not the other */
}
END_TEST

START_TEST(what_keeps_figures_from_comparing)
{
    defaults(2);
    Comparison c;
    set(&sc[1], "currency", "EUR");
    compare(2, &c);
    ck_assert(!c.has_cheapest);
    ck_assert(c.notes & COMPARE_CURRENCY);
    ck_assert(isnan(c.above_cheapest[0]) && isnan(c.above_cheapest[1]));
    defaults(2);
    set(&sc[1], "hardware.nodes", "2");
    compare(2, &c);
    ck_assert_uint_eq(c.notes & (COMPARE_WORK | COMPARE_GPU_MODEL), COMPARE_WORK);
    set(&sc[1], "hardware.gpu_model", "B200");
    compare(2, &c);
    /* The GPU models say it: not the work too. */
    ck_assert_uint_eq(c.notes & (COMPARE_WORK | COMPARE_GPU_MODEL), COMPARE_GPU_MODEL);
    defaults(2);
    set(&sc[1], "horizon.months", "60");
    compare(2, &c);
    ck_assert(c.notes & COMPARE_HORIZON);
}
END_TEST

START_TEST(counts_and_labels)
{
    defaults(COMPARE_MAX);
    Comparison c;
    compare(1, &c);
    ck_assert_uint_eq(c.count, 0);
    CompareInput in[COMPARE_MAX + 1];
    compare_evaluate(in, COMPARE_MAX + 1, &c);
    ck_assert_uint_eq(c.count, 0);
    compare(COMPARE_MAX, &c);
    ck_assert_uint_eq(c.count, COMPARE_MAX);
    ck_assert_int_eq(compare_label(0), 'A');
    ck_assert_int_eq(compare_label(3), 'D');
}
END_TEST

static Suite *compare_suite(void)
{
    Suite *s = suite_create("compare");
    TCase *t = tcase_create("compare");
    tcase_add_test(t, the_cheapest_of_all);
    tcase_add_test(t, ties_and_options_not_allowed);
    tcase_add_test(t, what_keeps_figures_from_comparing);
    tcase_add_test(t, counts_and_labels);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(compare_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
