/* check_refresh.c: the hardware refresh over the horizon (DESIGN 2.10):
 * the next generation's price for the same capacity, the months both
 * estates run, and resale on a declining curve, hand-worked; the defaults
 * keep the flows of DESIGN 2.7; the overlap is shorter than the life. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "fields.h"
#include "horizon.h"
#include "scenario.h"

/* One node bought for C = 1,000 (nothing else bought), a life of L = 12
 * months, residual 10% (R_k = C_k / 10), maintenance 12% a year (1% of C_k
 * a month), no cost of capital (the NPV is the plain sum), H = 100 hours,
 * 1 kW idle = busy = provisioned at 0.10 a kWh and PUE 1 (energy 10 a
 * month, whatever the utilization), colocation 20 a kW-month (20 a month),
 * no staff, network, other or opportunity costs; T = 30 months, so
 * generation 0 serves months 1-12, generation 1 months 13-24 and
 * generation 2 months 25-30, when the horizon ends 6 months into its life. */
static void hand_case(Scenario *s)
{
    scenario_default(s);
    s->hours_per_month = 100;
    Hardware *h = &s->hardware;
    h->nodes = 1;
    h->node_price = 1000;
    h->network_per_node = 0;
    h->storage = 0;
    h->other_capex = 0;
    h->lifetime_months = 12;
    h->residual_pct = 10;
    h->maintenance_pct_per_year = 12;
    h->cost_of_capital_pct = 0;
    Facility *f = &s->facility;
    f->node_power_max_kw = 1;
    f->node_power_busy_kw = 1;
    f->node_power_idle_kw = 1;
    f->pue = 1;
    f->power_price_kwh = 0.1;
    f->colo_per_kw_month = 20;
    f->network_monthly = 0;
    f->other_monthly = 0;
    s->staffing.engineers = 0;
    s->opportunity.value_per_day = 0;
    s->horizon.months = 30;
}

/* Today's refresh (factor 1, no overlap, straight line):
 *   purchases 1,000 at 0, 12 and 24                       = 3,000
 *   resales 100 at 12 and 24; generation 2 at T is worth
 *     1,000 - 900 x 6/12 = 550                            =  -750
 *   maintenance 10 a month for 30 months                  =   300
 *   energy and colocation 30 a month for 30 months        =   900
 *   NPV = 3,450, levelized 3,450 / 30 = 115.
 * With a factor 0.5, an overlap of 2 months and resale falling 50% a year
 * (q = 0.5^(1/12) a month):
 *   generation 1 costs 500, bought at 10; generation 2 costs 250, at 22
 *   purchases 1,000 + 500 + 250                           = 1,750
 *   resales 100 at 12, 50 at 24; generation 2 at T, 6 months old:
 *     25 + 225 (q^6 - q^12) / (1 - q^12)
 *     = 25 + 225 (0.7071068 - 0.5) / 0.5 = 118.19805        = -268.19805
 *   maintenance 10 x 12 (months 1-12) + 5 x 14 (11-24) + 2.5 x 8 (23-30)
 *     = 120 + 70 + 20                                     =   210
 *   the overlaps: months 11, 12, 23, 24 add colocation 20 and idle
 *     power 10 each                                       =   120
 *   energy and colocation 30 a month for 30 months        =   900
 *   NPV = 2,711.80195, levelized 90.393398.
 * The cumulative spend at month 10 holds generation 1's purchase:
 *   1,000 + 10 x (10 + 30) + 500 = 1,900 (1,400 without the overlap). */
START_TEST(refresh_hand_worked)
{
    Scenario s;
    hand_case(&s);
    Diag msg;
    ck_assert_msg(scenario_validate(&s, NULL, &msg) == 0, "%s", msg.message);
    HorizonResult h;
    static HorizonCumulative cum;
    horizon_evaluate(&s, &h, &cum);
    ck_assert_double_eq_tol(h.npv[OPT_ONPREM], 3450, 1e-9);
    ck_assert_double_eq_tol(cum[OPT_ONPREM][10], 1400, 1e-9);
    CostResult r;
    cost_evaluate(&s, &r);
    ck_assert_double_eq_tol(r.option[OPT_ONPREM].monthly, 115, 1e-9);

    s.horizon.refresh_price_performance = 0.5;
    s.horizon.refresh_overlap_months = 2;
    s.horizon.resale_decline_pct_year = 50;
    ck_assert_msg(scenario_validate(&s, NULL, &msg) == 0, "%s", msg.message);
    horizon_evaluate(&s, &h, &cum);
    const double tv = 25 + 225 * (sqrt(0.5) - 0.5) / 0.5;
    ck_assert_double_eq_tol(tv, 118.19805, 1e-5);
    ck_assert_double_eq_tol(h.npv[OPT_ONPREM], 2711.80195, 1e-5);
    ck_assert_double_eq_tol(h.npv[OPT_ONPREM],
                            1750 - (100 + 50 + tv) + 210 + 120 + 900, 1e-9);
    ck_assert_double_eq_tol(cum[OPT_ONPREM][10], 1900, 1e-9);
    ck_assert_double_eq_tol(cum[OPT_ONPREM][9], 1000 + 9 * 40, 1e-9);
    cost_evaluate(&s, &r);
    const OptionCost *on = &r.option[OPT_ONPREM];
    ck_assert_double_eq_tol(on->monthly, 2711.80195 / 30, 1e-6);
    /* The lines add up, and the line the engine keeps for crossovers
     * (fixed + slope u) holds the overlaps too. */
    double sum = 0;
    for (int l = 0; l < LINE_COUNT; l++)
        sum += on->line[l];
    ck_assert_double_eq_tol(sum, on->monthly, 1e-9);
    ck_assert_double_eq_tol(cost_monthly_at(on, s.utilization.measured_pct /
                                                    100),
                            on->monthly, 1e-9);
    ck_assert_double_eq_tol(on->line[LINE_COLOCATION], (600 + 80) / 30.0, 1e-9);
    ck_assert_double_eq_tol(on->line[LINE_ENERGY], (300 + 40) / 30.0, 1e-9);
}
END_TEST

/* Each field alone, against the same hand case: the factor alone changes
 * the purchases (1,000 + 500 + 250) and what follows them; the overlap
 * alone adds 4 months of 30 and 2 of each later generation's maintenance
 * (10 x 2 at 11-12, 10 x 2 at 23-24); the curve alone values generation 2
 * at T at 100 + 900 x 0.41421356 = 472.79221 instead of 550. */
START_TEST(refresh_each_field)
{
    Scenario s;
    hand_case(&s);
    HorizonResult h;
    s.horizon.refresh_price_performance = 0.5;
    horizon_evaluate(&s, &h, NULL);
    /* 1,750 - (100 + 50 + (250 - 225 x 6/12)) + (120 + 60 + 15) + 900 */
    ck_assert_double_eq_tol(h.npv[OPT_ONPREM],
                            1750 - (100 + 50 + 137.5) + 195 + 900, 1e-9);
    hand_case(&s);
    s.horizon.refresh_overlap_months = 2;
    horizon_evaluate(&s, &h, NULL);
    ck_assert_double_eq_tol(h.npv[OPT_ONPREM], 3450 + 120 + 40, 1e-9);
    hand_case(&s);
    s.horizon.resale_decline_pct_year = 50;
    horizon_evaluate(&s, &h, NULL);
    ck_assert_double_eq_tol(h.npv[OPT_ONPREM],
                            3450 + 550 - (100 + 900 * (sqrt(0.5) - 0.5) / 0.5),
                            1e-9);
    /* At T = L nothing is refreshed and nothing is valued mid-life: the
     * steady state keeps its closed form whatever the three fields say. */
    hand_case(&s);
    s.horizon.months = 0;
    CostResult a, b;
    cost_evaluate(&s, &a);
    s.horizon.refresh_price_performance = 0.5;
    s.horizon.refresh_overlap_months = 2;
    s.horizon.resale_decline_pct_year = 50;
    ck_assert(horizon_is_steady(&s));
    cost_evaluate(&s, &b);
    ck_assert(a.option[OPT_ONPREM].monthly == b.option[OPT_ONPREM].monthly);
}
END_TEST

/* The overlap must be shorter than the life: blamed on the overlap, with
 * what is allowed. */
START_TEST(overlap_shorter_than_life)
{
    Scenario s;
    hand_case(&s);
    s.horizon.refresh_overlap_months = 12;
    const Field *bad = NULL;
    Diag msg;
    ck_assert(scenario_validate(&s, &bad, &msg) != 0);
    ck_assert_str_eq(bad->key, "horizon.refresh_overlap_months");
    ck_assert_msg(strstr(msg.message, "not shorter than hardware.lifetime_months "
                              "(12)") &&
                      strstr(msg.message, "expected 0 to 11"),
                  "%s", msg.message);
    s.horizon.refresh_overlap_months = 11;
    ck_assert_msg(scenario_validate(&s, &bad, &msg) == 0, "%s", msg.message);
    /* The engine, given a scenario nobody checked (a chart of any field
     * values), holds the overlap at 11 rather than buy before month 0. */
    HorizonResult a, b;
    horizon_evaluate(&s, &a, NULL);
    s.horizon.refresh_overlap_months = 24;
    horizon_evaluate(&s, &b, NULL);
    ck_assert(a.npv[OPT_ONPREM] == b.npv[OPT_ONPREM]);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("refresh");
    TCase *tc = tcase_create("refresh");
    tcase_add_test(tc, refresh_hand_worked);
    tcase_add_test(tc, refresh_each_field);
    tcase_add_test(tc, overlap_shorter_than_life);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
