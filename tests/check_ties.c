/* check_ties.c: costs equal in exact arithmetic are a tie, whatever their
 * last bits (DESIGN 2.4): the cheapest option, the cheapest cloud option,
 * the verdict's wording, the tornado's rank order and the Monte Carlo's
 * option all follow the tie rule (onprem, on_demand, reserved, spot) and
 * the registry order, not float noise. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "fields.h"
#include "risk.h"
#include "scenario.h"

/* Hand-worked: the built-in default at 100% utilization with on-demand at
 * 1.10 and spot at 0.66 with 60% goodput.
 *   W          = 32 GPUs x 730 h x 100%            = 23,360 GPU-hours
 *   on-demand  = 23,360 x 1.10 x 1.05              = 26,980.80
 *   spot       = 23,360 x 0.66 / 0.60 x 1.05
 *              = 23,360 x 1.10 x 1.05              = 26,980.80
 *   K          = 471.04 + 4,791.67                 =  5,262.71
 * so both cost 32,243.51 a month, well below on-prem (67,032.11: the
 * 66,075.52 of DESIGN 2.6 plus 956.59 of energy from 50% to 100%). In
 * floating point spot comes out an ulp below on-demand; the tie goes to
 * on-demand, the earlier option. */
static void tied_spot(Scenario *s)
{
    scenario_default(s);
    s->utilization.measured_pct = 100;
    s->cloud.on_demand_gpu_hour = 1.10;
    s->cloud.spot_gpu_hour = 0.66;
    s->cloud.spot_goodput_pct = 60;
}

START_TEST(spot_equal_to_on_demand_in_exact_arithmetic)
{
    Scenario s;
    tied_spot(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    double od = r.option[OPT_ON_DEMAND].monthly, sp = r.option[OPT_SPOT].monthly;
    ck_assert_msg(fabs(od - 32243.51) < 0.01, "on-demand %.4f", od);
    /* The case is only a test of the rule when the bits differ. */
    ck_assert_msg(sp != od, "spot and on-demand are bit-equal here: pick "
                  "other prices");
    ck_assert(cost_same(sp, od));
    ck_assert(!cost_less(sp, od));
    ck_assert_int_eq(r.cheapest, OPT_ON_DEMAND);
    ck_assert_int_eq(cost_cheapest_cloud(&r), OPT_ON_DEMAND);
    char v[1024];
    cost_verdict_text(&s, &r, v, sizeof v);
    ck_assert_msg(strncmp(v, "On-demand is cheapest at 100%", 29) == 0, "%s", v);
    /* Compared with itself: "the same", not "0 USD a month less". */
    ck_assert(cost_same(1e6, 1e6 + 1e-7));
    ck_assert(!cost_same(1e6, 1e6 + 1e-5));
    ck_assert(cost_less(1e6, 1e6 + 1e-5));
}
END_TEST

/* spot_eligible_pct 0: none of spot's work runs on spot, so spot is
 * on-demand: M_spot = W m o (0 x spot/g + 1 x on-demand) = M_od, to the last
 * bit, and the tie goes to on-demand at every utilization. */
START_TEST(no_eligible_work_makes_spot_on_demand)
{
    Scenario s;
    scenario_default(&s);
    s.cloud.spot_eligible_pct = 0;
    s.cloud.reserved_gpu_hour = 1000; /* out of the way */
    for (int pct = 1; pct <= 100; pct++) {
        s.utilization.measured_pct = pct;
        CostResult r;
        cost_evaluate(&s, &r);
        ck_assert(r.option[OPT_SPOT].monthly == r.option[OPT_ON_DEMAND].monthly);
        ck_assert(r.option[OPT_SPOT].slope == r.option[OPT_ON_DEMAND].slope);
        ck_assert_int_eq(cost_cheapest_cloud(&r), OPT_ON_DEMAND);
        ck_assert(r.cheapest == OPT_ONPREM || r.cheapest == OPT_ON_DEMAND);
    }
}
END_TEST

/* An uncertain input list on the default scenario. */
static void inputs(Scenario *s, size_t n, const char *const *keys,
                   const double *low, const double *high)
{
    s->has_uncertainty = true;
    s->uncertainty.draws = 200;
    s->uncertainty.seed = 1;
    s->uncertainty.input_count = n;
    for (size_t i = 0; i < n; i++) {
        UncInput *in = &s->uncertainty.inputs[i];
        memset(in, 0, sizeof *in);
        snprintf(in->key, sizeof in->key, "%s", keys[i]);
        in->low = low[i];
        in->high = high[i];
    }
}

/* Hand-worked: egress 40 TB a month at 0.11 a GB, both at +-20%.
 *   egress_tb_month 32..48:   (48 - 32) x 1024 x 0.11  = 1,802.24
 *   egress_per_gb 0.088..0.132: 40 x 1024 x (0.132 - 0.088) = 1,802.24
 * Every cloud option moves by the same amount, so Δ swings by 1,802.24 for
 * both: equal swings rank in registry order (egress_tb_month first),
 * though in floating point egress_per_gb's swing is the larger by a few
 * ulps (1802.2400000000052 against 1802.239999999998). */
START_TEST(equal_swings_rank_in_registry_order)
{
    Scenario s, work;
    scenario_default(&s);
    s.cloud.egress_tb_month = 40;
    s.cloud.egress_per_gb = 0.11;
    static const char *const keys[] = {"cloud.egress_per_gb",
                                       "cloud.egress_tb_month"};
    static const double low[] = {0.088, 32}, high[] = {0.132, 48};
    inputs(&s, 2, keys, low, high);
    static Tornado t;
    risk_tornado(&s, &work, &t);
    ck_assert_uint_eq(t.count, 2);
    ck_assert_msg(fabs(t.row[0].swing - 1802.24) < 1e-6, "%.17g", t.row[0].swing);
    ck_assert_msg(fabs(t.row[1].swing - 1802.24) < 1e-6, "%.17g", t.row[1].swing);
    ck_assert_str_eq(t.row[0].field->key, "cloud.egress_tb_month");
    ck_assert_str_eq(t.row[1].field->key, "cloud.egress_per_gb");
    /* Swings that differ for real keep their order. */
    static const double high2[] = {0.133, 48};
    inputs(&s, 2, keys, low, high2);
    risk_tornado(&s, &work, &t);
    ck_assert_str_eq(t.row[0].field->key, "cloud.egress_per_gb");
}
END_TEST

/* The Monte Carlo's x̂ (the cheapest cloud option of the scenario as
 * given) and its P(owning is cheapest) follow the tie rule: with the tied
 * prices above, x̂ is on-demand. */
START_TEST(monte_carlo_option_follows_the_tie_rule)
{
    Scenario s, work;
    tied_spot(&s);
    static const char *const keys[] = {"utilization.measured_pct"};
    static const double low[] = {90}, high[] = {100};
    inputs(&s, 1, keys, low, high);
    ck_assert_int_eq(risk_best_cloud(&s), OPT_ON_DEMAND);
    size_t n = 200;
    double *all = calloc(4 * n, sizeof *all);
    ck_assert_ptr_nonnull(all);
    RiskBuffers buf = {.delta = all, .crossover = all + n,
                       .per_hour = all + 2 * n, .break_even = all + 3 * n,
                       .cap = n};
    MonteCarlo mc;
    Diag why;
    ck_assert_msg(risk_monte_carlo(&s, &work, &buf, &mc, &why) == 0, "%s", why.message);
    ck_assert_int_eq(mc.option, OPT_ON_DEMAND);
    free(all);
}
END_TEST

static Suite *ties_suite(void)
{
    Suite *s = suite_create("ties");
    TCase *t = tcase_create("ties");
    tcase_add_test(t, spot_equal_to_on_demand_in_exact_arithmetic);
    tcase_add_test(t, no_eligible_work_makes_spot_on_demand);
    tcase_add_test(t, equal_swings_rank_in_registry_order);
    tcase_add_test(t, monte_carlo_option_follows_the_tie_rule);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(ties_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
