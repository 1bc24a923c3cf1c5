/* check_horizon_finance.c: what a finance reader reads off the horizon
 * (DESIGN 2.7): the break-even month is the one from which owning stays
 * ahead through the horizon, and a lead that is lost again is said; the
 * IRR is annualised as (1 + monthly)^12 - 1, is given only when one rate
 * in range makes the flows worth zero, lists every such rate when there
 * are several, and comes with the MIRR at the cost of capital. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "horizon.h"
#include "random_scenario.h"
#include "risk.h"
#include "rng.h"
#include "scenario.h"
#include "test_scale.h"

/* Cumulative spends written out by hand: owning ahead in months 2-3 and
 * 5-6 of 6 (a tie counts as ahead, DESIGN 2.7). */
START_TEST(spans_of_cumulative_spend)
{
    const double on[7] = {100, 110, 120, 130, 140, 150, 160};
    const double x[7] = {0, 50, 120, 135, 139, 150, 170};
    HorizonSpans sp;
    horizon_spans(on, x, 6, &sp);
    ck_assert_int_eq(sp.count, 2);
    ck_assert_int_eq(sp.span[0].from, 2);
    ck_assert_int_eq(sp.span[0].to, 3);
    ck_assert_int_eq(sp.span[1].from, 5);
    ck_assert_int_eq(sp.span[1].to, 6);
    ck_assert_int_eq(horizon_spans_break_even(&sp, 6), 5);
    char t[200];
    ck_assert_str_eq(horizon_spans_text(&sp, 6, t, sizeof t),
                     "month 5 (cheaper already from month 2 to 3, then "
                     "dearer until month 4)");
    ck_assert_str_eq(horizon_spans_brief(&sp, 6, t, sizeof t),
                     "m5 (also m2-3)");
    /* Over five months the lead of months 2-3 is all there is. */
    horizon_spans(on, x, 4, &sp);
    ck_assert_int_eq(horizon_spans_break_even(&sp, 4), 0);
    ck_assert_str_eq(horizon_spans_text(&sp, 4, t, sizeof t),
                     "never (cheaper from month 2 to 3, dearer after)");
    ck_assert_str_eq(horizon_spans_brief(&sp, 4, t, sizeof t),
                     "never (m2-3 only)");
    /* A single month; never ahead; ahead from the first month. */
    const double x1[3] = {0, 200, 50};
    horizon_spans(on, x1, 2, &sp);
    ck_assert_str_eq(horizon_spans_text(&sp, 2, t, sizeof t),
                     "never (cheaper in month 1, dearer after)");
    horizon_spans(on, on, 6, &sp);
    ck_assert_str_eq(horizon_spans_text(&sp, 6, t, sizeof t), "month 1");
    const double low[7] = {0};
    horizon_spans(on, low, 6, &sp);
    ck_assert_str_eq(horizon_spans_text(&sp, 6, t, sizeof t), "never");
    /* A buffer too small for the phrase: cut with "…", never silently. */
    horizon_spans(on, x, 6, &sp);
    char small[24];
    horizon_spans_text(&sp, 6, small, sizeof small);
    ck_assert_msg(strstr(small, "\xe2\x80\xa6") != NULL, "%s", small);
    ck_assert_uint_lt(strlen(small), sizeof small);
}
END_TEST

/* The built-in default over 60 months, steady prices (DESIGN 2.6 figures):
 * owning saves d = M_od - opex = 89,639.03 - (66,075.52 - 31,334.46)
 * = 54,897.97 a month against on-demand and paid C = 1,476,000 up front:
 *   S_od(t) - S_on(t) = 54,897.97 t - 1,476,000      t < 48
 * zero at t = 26.89: ahead from month 27. At month 48 the first
 * generation is sold (R = 221,400) and the second bought (1,476,000):
 *   S_od(t) - S_on(t) = 54,897.97 t - 1,476,000 - 1,254,600   t >= 48
 * which is -95,497 at 48 and zero at t = 49.74: dearer in months 48-49,
 * ahead again from month 50 through 60. Over 49 months the horizon ends
 * in the dearer stretch: no break-even, a lead from month 27 to 47. */
START_TEST(refresh_loses_the_lead)
{
    Scenario s;
    scenario_default(&s);
    s.horizon.months = 60;
    HorizonResult h;
    horizon_evaluate(&s, &h, NULL);
    const HorizonSpans *sp = &h.ahead[OPT_ON_DEMAND];
    ck_assert_int_eq(sp->count, 2);
    ck_assert_int_eq(sp->span[0].from, 27);
    ck_assert_int_eq(sp->span[0].to, 47);
    ck_assert_int_eq(sp->span[1].from, 50);
    ck_assert_int_eq(sp->span[1].to, 60);
    ck_assert_int_eq(h.break_even[OPT_ON_DEMAND], 50);
    ck_assert_int_eq(horizon_break_even_month(&s, OPT_ON_DEMAND), 50);
    s.horizon.months = 49;
    horizon_evaluate(&s, &h, NULL);
    ck_assert_int_eq(h.break_even[OPT_ON_DEMAND], 0);
    ck_assert_int_eq(horizon_break_even_month(&s, OPT_ON_DEMAND), 0);
    char t[200];
    ck_assert_str_eq(horizon_spans_text(&h.ahead[OPT_ON_DEMAND], 49, t,
                                        sizeof t),
                     "never (cheaper from month 27 to 47, dearer after)");
    /* The Monte Carlo's break-even is the same rule. */
    CostResult r;
    cost_evaluate(&s, &r);
    ck_assert(isnan(risk_break_even_on_demand(&s, &r)));
}
END_TEST

/* Two rates: flows -100, +230, -132 over two months have zero value at
 * 10% and 20% a month ((1.1)(1.2) = 1.32, 1.1 + 1.2 = 2.3):
 *   yearly 1.1^12 - 1 = 213.8428%, 1.2^12 - 1 = 791.6100%.
 * Neither is "the" IRR. MIRR at 1% a month: the outlays discounted,
 * 100 + 132/1.01^2 = 229.3991; the saving compounded, 230 x 1.01
 * = 232.3; (232.3 / 229.3991)^(1/2) = 1.0063030 a month,
 * 1.0063030^12 - 1 = 7.8314% a year. */
START_TEST(two_rates_are_listed_with_the_mirr)
{
    const double d[3] = {-100, 230, -132};
    HorizonIrr irr;
    horizon_irr(d, 2, 0.01, &irr);
    ck_assert_int_eq(irr.sign_changes, 2);
    ck_assert(isnan(irr.pct));
    ck_assert_int_eq(irr.root_count, 2);
    ck_assert_msg(fabs(irr.root_pct[0] - 213.8428) < 1e-4, "%.6f",
                  irr.root_pct[0]);
    ck_assert_msg(fabs(irr.root_pct[1] - 791.6100) < 1e-4, "%.6f",
                  irr.root_pct[1]);
    ck_assert_msg(fabs(irr.mirr_pct - 7.8314) < 1e-4, "%.6f", irr.mirr_pct);
    ck_assert(isnan(horizon_irr_pct(d, 2)));
    char t[300];
    ck_assert_str_eq(horizon_irr_text(&irr, 1, t, sizeof t),
                     "not unique: 213.8% and 791.6% a year all give the "
                     "flows zero value (they change sign 2 times); MIRR "
                     "7.8% a year");
}
END_TEST

/* One sign change: the IRR, annualised as the monthly discounting
 * compounds. -1000 now, +1100 in a month: 10% a month, 1.1^12 - 1 =
 * 213.8428% a year (not 12 x 10% = 120%). */
START_TEST(irr_compounds_monthly)
{
    const double d[2] = {-1000, 1100};
    HorizonIrr irr;
    horizon_irr(d, 1, 0, &irr);
    ck_assert_int_eq(irr.sign_changes, 1);
    ck_assert_msg(fabs(irr.pct - 213.8428) < 1e-4, "%.6f", irr.pct);
    ck_assert_int_eq(irr.root_count, 1);
    char t[200];
    ck_assert_str_eq(horizon_irr_text(&irr, 1, t, sizeof t), "213.8% a year");
    /* No sign change: no IRR, and the phrase says why. */
    const double pos[3] = {1, 2, 3};
    horizon_irr(pos, 2, 0, &irr);
    ck_assert(isnan(irr.pct));
    ck_assert_str_eq(horizon_irr_text(&irr, 1, t, sizeof t),
                     "none (the flows never change sign)");
    /* The hurdle on the same footing: 7% a year is i = 7/12% a month,
     * (1 + 0.07/12)^12 - 1 = 7.2290% a year. */
    Scenario s;
    scenario_default(&s);
    HorizonResult h;
    horizon_evaluate(&s, &h, NULL);
    ck_assert_msg(fabs(h.discount_rate_effective_pct - 7.2290) < 1e-4, "%.6f",
                  h.discount_rate_effective_pct);
}
END_TEST

/* Many sign changes and one rate: the flows of the default scenario over
 * 60 months change sign three times (purchase, savings, the refresh at
 * month 48, savings); one rate in range gives them zero value, and it is
 * the IRR, said with the sign changes and the MIRR. */
START_TEST(one_rate_among_several_sign_changes)
{
    Scenario s;
    scenario_default(&s);
    s.horizon.months = 60;
    HorizonResult h;
    horizon_evaluate(&s, &h, NULL);
    const HorizonIrr *irr = &h.irr[OPT_ON_DEMAND];
    ck_assert_int_eq(irr->sign_changes, 3);
    ck_assert_int_eq(irr->root_count, 1);
    ck_assert(isfinite(irr->pct));
    ck_assert(isfinite(irr->mirr_pct));
    char t[300];
    horizon_irr_text(irr, 1, t, sizeof t);
    ck_assert_msg(strstr(t, "the only rate from -90% to +1,000% a month") &&
                      strstr(t, "change sign 3 times") && strstr(t, "MIRR"),
                  "%s", t);
}
END_TEST

/* Random horizons: the break-even month b is one from which on-prem's
 * cumulative spend is at or below the option's in every month through T,
 * and not in month b - 1; without one, on-prem is behind at T. The
 * stretches are exactly the months it is ahead. */
START_TEST(break_even_stays_over_random_horizons)
{
    Rng g;
    rng_seed(&g, 2206);
    long lost = 0;
    for (long n = 0; n < test_scale(300); n++) {
        Scenario s;
        random_scenario(&g, &s);
        s.horizon.months = 1 + (double)(rng_next(&g) % 120);
        s.horizon.ramp_months = (double)(rng_next(&g) % 13);
        s.horizon.cloud_price_change_pct_year = -40 + 50 * rng_uniform(&g);
        s.horizon.hardware_price_change_pct_year = -20 + 30 * rng_uniform(&g);
        s.hardware.lifetime_months = 6 + (double)(rng_next(&g) % 60);
        random_commitment(&g, &s);
        random_refresh(&g, &s);
        HorizonResult h;
        static HorizonCumulative cum;
        horizon_evaluate(&s, &h, &cum);
        const int T = h.months;
        for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
            const double *on = cum[OPT_ONPREM], *x = cum[k];
            int b = h.break_even[k];
            bool ahead_at_T = on[T] <= x[T] || cost_same(on[T], x[T]);
            ck_assert_msg((b > 0) == ahead_at_T, "scenario %ld %s", n,
                          cost_option_key((CostOption)k));
            for (int t = b > 0 ? b : T + 1; t <= T; t++)
                ck_assert(on[t] <= x[t] || cost_same(on[t], x[t]));
            if (b > 1)
                ck_assert(on[b - 1] > x[b - 1] && !cost_same(on[b - 1],
                                                             x[b - 1]));
            int months = 0, in_spans = 0;
            for (int t = 1; t <= T; t++)
                months += on[t] <= x[t] || cost_same(on[t], x[t]);
            for (int j = 0; j < h.ahead[k].count; j++)
                in_spans += h.ahead[k].span[j].to - h.ahead[k].span[j].from + 1;
            ck_assert_int_eq(months, in_spans);
            lost += b == 0 && h.ahead[k].count > 0;
            ck_assert_int_eq(horizon_break_even_month(&s, (CostOption)k), b);
        }
    }
    /* The test's check of its own reach; the quick run (under valgrind)
     * draws too few horizons for it, and is there for memory errors. */
    ck_assert_msg(lost > 0 || test_quick(), "no horizon lost its lead: the "
                  "test checks little");
}
END_TEST

/* Random flows with several sign changes: every listed rate gives them
 * zero value, and a scan of the test's own (40,000 points, the present
 * value written with pow) finds no sign change the list misses. */
static double pv_at(const double *d, int T, double rho)
{
    double sum = 0;
    for (int t = 0; t <= T; t++)
        sum += d[t] * pow(1 + rho, -t);
    return sum;
}

START_TEST(every_rate_is_listed)
{
    Rng g;
    rng_seed(&g, 2207);
    long several = 0;
    for (long n = 0; n < test_scale(200); n++) {
        int T = 2 + (int)(rng_next(&g) % 60);
        double d[HORIZON_MONTHS_MAX + 1];
        for (int t = 0; t <= T; t++)
            d[t] = (rng_uniform(&g) - 0.5) * 1000;
        HorizonIrr irr;
        horizon_irr(d, T, 0.005, &irr);
        if (irr.sign_changes < 2)
            continue;
        several++;
        ck_assert(irr.root_count != 1 || isfinite(irr.pct));
        ck_assert(irr.root_count == 1 || isnan(irr.pct));
        int found = 0;
        double prev = pv_at(d, T, -0.9 + 1e-9);
        for (int k = 1; k <= 40000; k++) {
            double rho = -0.9 + 10.9 * k / 40000.0;
            double pv = pv_at(d, T, rho);
            found += (pv > 0) != (prev > 0);
            prev = pv;
        }
        ck_assert_msg(irr.root_count >= found, "flows %ld: %d listed, the "
                      "scan sees %d", n, irr.root_count, found);
        for (int k = 0; k < irr.root_count && k < HORIZON_ROOTS_MAX; k++) {
            double rho = pow(1 + irr.root_pct[k] / 100, 1.0 / 12) - 1;
            double scale = 0;
            for (int t = 0; t <= T; t++)
                scale += fabs(d[t]) * pow(1 + rho, -t);
            ck_assert_msg(fabs(pv_at(d, T, rho)) <= 1e-6 * scale,
                          "flows %ld: rate %g is no root", n, irr.root_pct[k]);
        }
    }
    ck_assert(several > 10 || test_quick()); /* reach; see above */
}
END_TEST

int main(void)
{
    Suite *su = suite_create("horizon_finance");
    TCase *tc = tcase_create("finance");
    tcase_add_test(tc, spans_of_cumulative_spend);
    tcase_add_test(tc, refresh_loses_the_lead);
    tcase_add_test(tc, two_rates_are_listed_with_the_mirr);
    tcase_add_test(tc, irr_compounds_monthly);
    tcase_add_test(tc, one_rate_among_several_sign_changes);
    tcase_add_test(tc, break_even_stays_over_random_horizons);
    tcase_add_test(tc, every_rate_is_listed);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
