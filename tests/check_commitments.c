/* check_commitments.c: commitments over the horizon (DESIGN 2.4
 * COMMIT_COVERAGE, 2.7): the coverage the advice names is the best of all
 * 21 steps of 5% of the levelized reserved cost, with a ramp, price
 * changes and terms, not only of 0 and the steps beside the measured
 * utilization. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "horizon.h"
#include "random_scenario.h"
#include "rng.h"
#include "scenario.h"
#include "test_scale.h"

static bool has_advice(const CostResult *r, AdviceCode c)
{
    for (size_t i = 0; i < r->advice_count; i++)
        if (r->advice[i] == c)
            return true;
    return false;
}

/* One GPU, 100 hours a month, on-demand 2, reserved 1, no overhead, no
 * fixed cloud costs, no cost of capital (levelized = the plain mean of the
 * 48 months), 100% measured, reached by a ramp over 48 months: month t
 * uses u_t = t/48 of the GPU. With coverage c (0..1) month t costs
 *     100 c x 1  +  100 x 2 x max(0, t/48 - c).
 *   c = 100%:  100                                            = 100.00
 *   c = 0:     200 x mean(t/48) = 200 x (49/2)/48             = 102.08
 *   c = 50%:   50 + 200 x (1 + 2 + ... + 24)/48/48
 *            = 50 + 200 x 300/2304                            =  76.04
 *   c = 45%:   45 + 200 x (945/48 - 27 x 0.45)/48             =  76.41
 *   c = 55%:   55 + 200 x (825/48 - 22 x 0.55)/48             =  76.20
 * The cheapest step is 50%, which is neither 0 nor a step beside the
 * measured 100%: the advice must name it. */
static void ramp_case(Scenario *s)
{
    scenario_default(s);
    s->hours_per_month = 100;
    s->hardware.nodes = 1;
    s->hardware.gpus_per_node = 1;
    s->hardware.cost_of_capital_pct = 0;
    s->utilization.measured_pct = 100;
    s->cloud.on_demand_gpu_hour = 2;
    s->cloud.reserved_gpu_hour = 1;
    s->cloud.reserved_coverage_pct = 100;
    s->cloud.billed_overhead_pct = 0;
    s->cloud.storage_tb = 0;
    s->staffing.cloud_engineers = 0;
    s->horizon.ramp_months = 48; /* T = lifetime = 48 */
}

START_TEST(ramp_names_the_cheapest_step)
{
    Scenario s;
    ramp_case(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    ck_assert_double_eq_tol(r.option[OPT_RESERVED].monthly, 100, 1e-9);
    ck_assert_double_eq_tol(horizon_reserved_monthly(&s, 0, 1), 102.0833333333,
                            1e-6);
    ck_assert_double_eq_tol(horizon_reserved_monthly(&s, 45, 1), 76.40625, 1e-6);
    ck_assert_double_eq_tol(horizon_reserved_monthly(&s, 55, 1), 76.1979166667,
                            1e-6);
    ck_assert(has_advice(&r, ADV_COMMIT_COVERAGE));
    ck_assert_double_eq(r.best_coverage_pct, 50);
    ck_assert_double_eq_tol(r.best_coverage_monthly, 76.0416666667, 1e-6);
    char text[600];
    cost_advice_text(ADV_COMMIT_COVERAGE, &s, &r, text, sizeof text);
    ck_assert_msg(strstr(text, "Committing 50% of the fleet instead of 100% "
                               "would take reserved from 100 to 76 USD"),
                  "%s", text);
}
END_TEST

/* Random horizons (ramps, price changes, terms, refreshes): the engine's
 * best coverage is what a scan of every step of 5% finds, and the advice
 * is listed exactly when that step saves at least one unit of currency. */
START_TEST(best_step_over_random_horizons)
{
    Rng g;
    rng_seed(&g, 2212);
    long named = 0;
    for (long t = 0; t < test_scale(400); t++) {
        Scenario s;
        random_scenario(&g, &s);
        s.constraints.compliance_forbids_cloud = false;
        s.horizon.months = (double)(rng_next(&g) % 121);
        s.horizon.ramp_months = (double)(rng_next(&g) % 37);
        s.horizon.cloud_price_change_pct_year = -40 + 50 * rng_uniform(&g);
        s.horizon.hardware_price_change_pct_year = -20 + 30 * rng_uniform(&g);
        s.cloud.reserved_term_months = 1 + (double)(rng_next(&g) % 60);
        CostResult r;
        cost_evaluate(&s, &r);
        const double u = s.utilization.measured_pct / 100;
        double now = r.option[OPT_RESERVED].monthly, best = now;
        double best_pct = s.cloud.reserved_coverage_pct;
        for (int k = 0; k <= 20; k++) {
            double v = horizon_is_steady(&s)
                           ? cost_reserved_monthly(&s, 5.0 * k, u)
                           : horizon_reserved_monthly(&s, 5.0 * k, u);
            if (v < best && !cost_same(v, best)) {
                best = v;
                best_pct = 5.0 * k;
            }
        }
        bool listed = has_advice(&r, ADV_COMMIT_COVERAGE);
        bool saves = s.cloud.reserved_coverage_pct > 0 && best <= now - 1;
        ck_assert_msg(listed == saves, "scenario %ld: listed %d, saves %d "
                      "(best %g%% at %.2f, now %.2f)", t, listed, saves,
                      best_pct, best, now);
        if (saves) {
            named++;
            ck_assert_double_eq_tol(r.best_coverage_monthly, best,
                                    1e-9 * fabs(best) + 1e-9);
            ck_assert_msg(r.best_coverage_pct == best_pct ||
                              cost_same(r.best_coverage_monthly, best),
                          "scenario %ld: %g%%, scan %g%%", t,
                          r.best_coverage_pct, best_pct);
        }
    }
    ck_assert_msg(named > 0, "no scenario named a coverage: the test "
                  "checks nothing");
}
END_TEST

int main(void)
{
    Suite *su = suite_create("commitments");
    TCase *tc = tcase_create("commitments");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, ramp_names_the_cheapest_step);
    tcase_add_test(tc, best_step_over_random_horizons);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
