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

#include "commitment.h"
#include "cost.h"
#include "fields.h"
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
        random_commitment(&g, &s);
        random_refresh(&g, &s);
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
    if (!test_quick()) /* a quick run draws too few scenarios to count */
        ck_assert_msg(named > 0, "no scenario named a coverage: the test "
                      "checks nothing");
}
END_TEST

/* Commitments as AWS sells them (DESIGN 2.9), hand-worked. One GPU, 100
 * hours a month, 100% measured and committed, reserved rate 1 a GPU-hour
 * (a committed month costs 100), on-demand 2, no fixed cloud costs; terms
 * of 12 months over an 18-month horizon at 12% a year (i = 1% a month,
 * v^t = 1.01^-t, A = sum_{t=1..18} v^t = 16.398268580892):
 *   no upfront:  100 a month for 18 months        NPV = 100 A = 1,639.83;
 *                the second term runs 6 months past T: 600 still owed.
 *   all upfront: 1,200 at the start of each term (index 0 and 12), 600
 *                of the second credited at 18 (the 6 months past T):
 *                NPV = 1200 + 1200 v^12 - 600 v^18
 *                    = 1200 + 1064.939 - 501.610    = 1,763.33.
 *   partial:     50 a month, 600 at each term's start, 300 credited:
 *                NPV = 50 A + 600 + 600 v^12 - 300 v^18 = 1,701.58;
 *                300 owed and 300 prepaid past T.
 *   capacity reservation: billed at on-demand's 2, 200 a month, no term:
 *                NPV = 200 A = 3,279.65, nothing past T.
 *   capacity blocks of 6 months: 600 prepaid at 0, 6 and 12:
 *                NPV = 600 (1 + v^6 + v^12) = 1,697.70, nothing past T. */
static void paid_case(Scenario *s, CommitmentKind kind, CommitmentPayment pay,
                      int term)
{
    scenario_default(s);
    s->hours_per_month = 100;
    s->hardware.nodes = 1;
    s->hardware.gpus_per_node = 1;
    s->hardware.lifetime_months = 12;
    s->hardware.cost_of_capital_pct = 12;
    s->horizon.months = 18;
    s->utilization.measured_pct = 100;
    Cloud *c = &s->cloud;
    c->reserved_gpu_hour = 1;
    c->on_demand_gpu_hour = 2;
    c->reserved_coverage_pct = 100;
    c->reserved_term_months = term;
    c->commitment = kind;
    c->reserved_payment = pay;
    c->storage_tb = 0;
    s->staffing.cloud_engineers = 0;
}

START_TEST(upfront_is_cash_at_the_term_start)
{
    static const struct {
        CommitmentKind kind;
        CommitmentPayment pay;
        int term;
        double npv;
        int months_past;
        double owed, prepaid;
    } rows[] = {
        {COMMIT_SAVINGS_PLAN, PAY_NO_UPFRONT, 12, 1639.8268580892, 6, 600, 0},
        {COMMIT_SAVINGS_PLAN, PAY_ALL_UPFRONT, 12, 1763.3293, 6, 0, 600},
        {COMMIT_RESERVED_INSTANCE, PAY_PARTIAL_UPFRONT, 12, 1701.5781, 6, 300,
         300},
        {COMMIT_CAPACITY_RESERVATION, PAY_ALL_UPFRONT, 12, 3279.6537161784, 0,
         0, 0},
        {COMMIT_CAPACITY_BLOCK, PAY_NO_UPFRONT, 6, 1697.6964, 0, 0, 0},
    };
    for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
        Scenario s;
        paid_case(&s, rows[k].kind, rows[k].pay, rows[k].term);
        Diag msg;
        ck_assert_msg(scenario_validate(&s, NULL, &msg) == 0, "%s", msg.message);
        HorizonResult h;
        horizon_evaluate(&s, &h, NULL);
        ck_assert_msg(fabs(h.npv[OPT_RESERVED] - rows[k].npv) < 1e-3,
                      "row %zu: NPV %.6f, expected %.6f", k,
                      h.npv[OPT_RESERVED], rows[k].npv);
        ck_assert_int_eq(h.commitment.months_past, rows[k].months_past);
        ck_assert_double_eq_tol(h.commitment.owed_past, rows[k].owed, 1e-9);
        ck_assert_double_eq_tol(h.commitment.prepaid_past, rows[k].prepaid,
                                1e-9);
        /* The levelized cost is that NPV over A, whatever path computes it. */
        CostResult r;
        cost_evaluate(&s, &r);
        ck_assert_double_eq_tol(r.option[OPT_RESERVED].monthly,
                                h.npv[OPT_RESERVED] / 16.398268580892, 1e-8);
    }
    /* No upfront keeps the steady closed form; a prepayment does not. */
    Scenario s;
    paid_case(&s, COMMIT_SAVINGS_PLAN, PAY_NO_UPFRONT, 12);
    s.horizon.months = 0; /* T = lifetime */
    ck_assert(horizon_is_steady(&s));
    s.cloud.reserved_payment = PAY_PARTIAL_UPFRONT;
    ck_assert(!horizon_is_steady(&s));
}
END_TEST

/* A capacity block is booked for at most 182 days: a window of more than 6
 * months is refused with the rule, and so is the cumulative spend's
 * prepayment shown as cash (not credited) in the month it is paid. */
START_TEST(capacity_blocks_are_short_and_prepaid)
{
    Scenario s;
    paid_case(&s, COMMIT_CAPACITY_BLOCK, PAY_NO_UPFRONT, 12);
    const Field *bad = NULL;
    Diag msg;
    ck_assert(scenario_validate(&s, &bad, &msg) != 0);
    ck_assert_str_eq(bad->key, "cloud.commitment");
    ck_assert_msg(strstr(msg.message, "at most 182 days") &&
                      strstr(msg.message, "must be 1 to 6 (it is 12)"), "%s", msg.message);
    s.cloud.reserved_term_months = 6;
    ck_assert(scenario_validate(&s, &bad, &msg) == 0);
    HorizonResult h;
    static HorizonCumulative cum;
    horizon_evaluate(&s, &h, &cum);
    ck_assert_double_eq_tol(cum[OPT_RESERVED][0], 600, 1e-9);
    ck_assert_double_eq_tol(cum[OPT_RESERVED][5], 600, 1e-9);
    ck_assert_double_eq_tol(cum[OPT_RESERVED][6], 1200, 1e-9);
    ck_assert_double_eq_tol(cum[OPT_RESERVED][18], 1800, 1e-9);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("commitments");
    TCase *tc = tcase_create("commitments");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, ramp_names_the_cheapest_step);
    tcase_add_test(tc, best_step_over_random_horizons);
    tcase_add_test(tc, upfront_is_cash_at_the_term_start);
    tcase_add_test(tc, capacity_blocks_are_short_and_prepaid);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
