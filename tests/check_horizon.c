/* check_horizon.c: the horizon of DESIGN 2.7: cash flows, NPV, levelized
 * cost, break-even months and IRR.
 *
 * The identity (defaults -> levelized equals steady state) on every shipped
 * scenario, a hand-worked case with a ramp, a cloud price decline and a
 * hardware refresh, the IRR against a bisection of the test's own, the
 * break-even month against its undiscounted closed form, and the levelized
 * crossovers against a scan of the levelized costs. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "cost.h"
#include "diag.h"
#include "horizon.h"
#include "random_scenario.h"
#include "risk.h"
#include "rng.h"
#include "scenario.h"
#include "scenario_file.h"
#include "test_scale.h"

static void close_to(double got, double want, double rel, const char *what)
{
    double tol = rel * (1 + fabs(want));
    ck_assert_msg(fabs(got - want) <= tol, "%s: %.10f, expected %.10f", what,
                  got, want);
}

/* DESIGN 2.7: with the horizon at its defaults, Lev_x equals M_x: every
 * option and every breakdown line, on every shipped scenario. The engine
 * keeps the closed forms there, so the levelized form is forced here. */
START_TEST(identity_on_every_shipped_scenario)
{
    const char *top = getenv("top_srcdir");
    char dir[1024];
    snprintf(dir, sizeof dir, "%s/scenarios", top && *top ? top : ".");
    DIR *dp = opendir(dir);
    ck_assert_msg(dp != NULL, "cannot open %s", dir);
    int files = 0;
    struct dirent *de;
    while ((de = readdir(dp)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n < 6 || strcmp(de->d_name + n - 5, ".yaml") != 0 ||
            strcmp(de->d_name, "prices.yaml") == 0)
            continue;
        char path[2048];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        Scenario s;
        Diag d;
        diag_clear(&d, path);
        ck_assert_msg(scenario_load_file(path, &s, &d) == 0, "%s", path);
        memset(&s.horizon, 0, sizeof s.horizon);
        s.horizon.refresh_price_performance = 1; /* its default (2.10) */
        ck_assert(horizon_is_steady(&s));
        CostResult steady, lev;
        cost_evaluate(&s, &steady);
        lev = steady;
        horizon_levelize(&s, &lev);
        close_to(lev.work_factor, 1, 1e-12, "work factor");
        for (int k = 0; k < OPT_COUNT; k++) {
            for (int l = 0; l < LINE_COUNT; l++) {
                char what[200];
                snprintf(what, sizeof what, "%s %s %s", de->d_name,
                         cost_option_key((CostOption)k),
                         cost_line_key((CostLine)l));
                close_to(lev.option[k].line[l], steady.option[k].line[l],
                         1e-9, what);
            }
            /* The piecewise line too: the crossovers and curves agree. */
            for (int p = 0; p <= 100; p += 5)
                close_to(cost_monthly_at(&lev.option[k], p / 100.0),
                         cost_monthly_at(&steady.option[k], p / 100.0), 1e-9,
                         de->d_name);
        }
        close_to(lev.option[OPT_RESERVED].committed,
                 steady.option[OPT_RESERVED].committed, 1e-9, "committed");
        close_to(lev.option[OPT_RESERVED].overflow,
                 steady.option[OPT_RESERVED].overflow, 1e-9, "overflow");
        /* Twice the lifetime, flat prices: two identical generations give
         * the same levelized cost as one. */
        s.horizon.months = 2 * s.hardware.lifetime_months;
        if (s.horizon.months <= HORIZON_MONTHS_MAX) {
            CostResult two;
            cost_evaluate(&s, &two);
            for (int k = 0; k < OPT_COUNT; k++)
                close_to(two.option[k].monthly, steady.option[k].monthly,
                         1e-9, "two generations");
        }
        files++;
    }
    closedir(dp);
    ck_assert_int_ge(files, 10);
}
END_TEST

/* The hand-worked case: one GPU, H = 100 h, measured 100%, cost of
 * capital 12% (i = 1% a month), T = 18 months, lifetime L = 12.
 *
 * On-prem: C = 1200, residual 25% (R_0 = 300), maintenance 10%/yr
 * (10 a month), other 20 a month, no energy, colocation or staff.
 * Hardware price -20%/yr: generation 1 is bought at month 12 for
 * C_1 = 1200 * 0.8 = 960 (maintenance 8 a month, R_1 = 240) and is still
 * in service at T = 18: TV = 960 - (960 - 240) * 6/12 = 600.
 *   CF_on: t0 1200; t1..11 30; t12 30 - 300 + 960 = 690; t13..17 28;
 *          t18 28 - 600 = -572.
 * Cloud: no overhead, premium, egress, storage or staff; ramp 3 months
 * (r = 1/3, 2/3, 1, 1, ...); cloud prices -50%/yr, f_t = 0.5^((t-1)/12).
 *   on-demand 3/GPU-h: CF_t = 300 r_t f_t
 *   reserved 1.5/GPU-h, coverage 100%, term 12: 150 a month in months
 *     1..12, then the second term locks 1.5 * 0.5 -> 75 in months 13..18
 *   spot 0.6/GPU-h, goodput 100%: CF_t = 60 r_t f_t
 * a_T: A = sum_{t=1..18} 1.01^-t = (1 - 1.01^-18)/0.01 = 16.398268580892
 * NPV_on = 1200 + 30(A_11) + 690*1.01^-12 + 28(sum_13..17) - 572*1.01^-18
 *        = 1765.767775;   Lev_on = 1765.767775 / A = 107.680135
 * NPV_od = 2905.290404 (Lev 177.170559), NPV_res = 2074.000954 (Lev
 * 126.476826), NPV_spot = 581.058081 (Lev 35.434112).
 * Break-even (cumulative, TV not counted):
 *   on-demand: S_on(7) = 1200 + 210 = 1410 <= S_od(7) = 100 + 200 +
 *     300(f_3 + ... + f_7) = 1432.0 (month 6: 1380 > 1147.0): month 7;
 *     discounted also 7.
 *   reserved: S_on(10) = 1500 = S_res(10) = 1500 (a tie counts) and
 *     S_on(11) = 1530 <= 1650, but the refresh at 12 puts owning behind
 *     for good (S_on(12) = 2220 > 1800; then 28 a month against 75, and
 *     2388 > 2250 at 18): ahead in months 10 to 11 only, no break-even;
 *     discounted ahead in month 11 only.
 *   spot: never (S_spot grows by at most 60 a month).
 * IRR of owning against x: the flows CF_x - CF_on change sign 3 times
 * (on-demand, reserved: -1200, savings, the refresh at 12, savings) and 5
 * times (spot); a scan of the present value over x = 1 + rho from 1e-4 to
 * 1e4 (400,000 points) finds one real root each, so each is the IRR:
 *   on-demand 210.9320%, reserved 53.1978%, spot -65.5891% a year.
 * MIRR at 1% a month: outlays discounted to 0, savings compounded to 18:
 *   on-demand 59.3585%, reserved 26.0809%, spot -44.8709% a year.
 * The work factor: sum(r_t v^t)/A = 0.9398210029592. */
static void hand_case(Scenario *s)
{
    scenario_default(s);
    s->hours_per_month = 100;
    Hardware *h = &s->hardware;
    h->nodes = 1;
    h->gpus_per_node = 1;
    h->node_price = 1200;
    h->network_per_node = h->storage = h->other_capex = 0;
    h->lifetime_months = 12;
    h->residual_pct = 25;
    h->maintenance_pct_per_year = 10;
    h->cost_of_capital_pct = 12;
    Facility *f = &s->facility;
    f->node_power_max_kw = f->node_power_busy_kw = f->node_power_idle_kw = 0;
    f->colo_per_kw_month = 0;
    f->other_monthly = 20;
    s->staffing.engineers = 0;
    s->staffing.cloud_engineers = 0;
    s->utilization.measured_pct = 100;
    Cloud *c = &s->cloud;
    c->on_demand_gpu_hour = 3;
    c->reserved_gpu_hour = 1.5;
    c->reserved_term_months = 12;
    c->reserved_coverage_pct = 100;
    c->spot_gpu_hour = 0.6;
    c->spot_goodput_pct = 100;
    c->billed_overhead_pct = 0;
    c->storage_tb = 0;
    s->horizon.months = 18;
    s->horizon.cloud_price_change_pct_year = -50;
    s->horizon.hardware_price_change_pct_year = -20;
    s->horizon.ramp_months = 3;
}

START_TEST(hand_worked_case)
{
    Scenario s;
    hand_case(&s);
    Diag msg;
    ck_assert_msg(scenario_validate(&s, NULL, &msg) == 0, "%s", msg.message);
    HorizonResult h;
    static HorizonCumulative cum;
    horizon_evaluate(&s, &h, &cum);
    ck_assert_int_eq(h.months, 18);
    const double npv[OPT_COUNT] = {1765.767775, 2905.290404, 2074.000954,
                                   581.058081};
    const double lev[OPT_COUNT] = {107.680135, 177.170559, 126.476826,
                                   35.434112};
    CostResult r;
    cost_evaluate(&s, &r);
    for (int k = 0; k < OPT_COUNT; k++) {
        ck_assert_msg(fabs(h.npv[k] - npv[k]) < 5e-6, "npv %d: %.6f", k,
                      h.npv[k]);
        ck_assert_msg(fabs(r.option[k].monthly - lev[k]) < 5e-6,
                      "lev %d: %.6f", k, r.option[k].monthly);
    }
    close_to(r.work_factor, 0.9398210029592, 1e-12, "work factor");
    /* per useful GPU-hour = NPV / sum(W_t v^t) */
    close_to(r.option[OPT_ONPREM].per_useful_gpu_hour,
             1765.767775 / (100 * 0.9398210029592 * 16.398268580892), 1e-8,
             "per useful GPU-hour");
    ck_assert_int_eq(h.break_even[OPT_ON_DEMAND], 7);
    ck_assert_int_eq(h.discounted_break_even[OPT_ON_DEMAND], 7);
    ck_assert_int_eq(h.break_even[OPT_RESERVED], 0);
    ck_assert_int_eq(h.discounted_break_even[OPT_RESERVED], 0);
    ck_assert_int_eq(h.ahead[OPT_RESERVED].count, 1);
    ck_assert_int_eq(h.ahead[OPT_RESERVED].span[0].from, 10);
    ck_assert_int_eq(h.ahead[OPT_RESERVED].span[0].to, 11);
    ck_assert_int_eq(h.discounted_ahead[OPT_RESERVED].count, 1);
    ck_assert_int_eq(h.discounted_ahead[OPT_RESERVED].span[0].from, 11);
    ck_assert_int_eq(h.discounted_ahead[OPT_RESERVED].span[0].to, 11);
    ck_assert_int_eq(h.ahead[OPT_ON_DEMAND].count, 1);
    ck_assert_int_eq(h.ahead[OPT_ON_DEMAND].span[0].to, 18);
    ck_assert_int_eq(h.break_even[OPT_SPOT], 0);
    ck_assert_int_eq(h.discounted_break_even[OPT_SPOT], 0);
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        ck_assert_int_eq(horizon_break_even_month(&s, (CostOption)k),
                         h.break_even[k]);
    ck_assert_msg(fabs(h.irr_pct[OPT_ON_DEMAND] - 210.9320) < 1e-4, "%.6f",
                  h.irr_pct[OPT_ON_DEMAND]);
    ck_assert_msg(fabs(h.irr_pct[OPT_RESERVED] - 53.1978) < 1e-4, "%.6f",
                  h.irr_pct[OPT_RESERVED]);
    ck_assert_msg(fabs(h.irr_pct[OPT_SPOT] + 65.5891) < 1e-4, "%.6f",
                  h.irr_pct[OPT_SPOT]);
    const int changes[OPT_COUNT] = {0, 3, 3, 5};
    const double mirr[OPT_COUNT] = {0, 59.3585, 26.0809, -44.8709};
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        ck_assert_int_eq(h.irr[k].sign_changes, changes[k]);
        ck_assert_int_eq(h.irr[k].root_count, 1);
        ck_assert(h.irr[k].root_pct[0] == h.irr_pct[k]);
        ck_assert_msg(fabs(h.irr[k].mirr_pct - mirr[k]) < 1e-4, "MIRR %d: "
                      "%.6f", k, h.irr[k].mirr_pct);
    }
    /* Cumulative spend: purchases and resales, TV not counted. */
    close_to(cum[OPT_ONPREM][0], 1200, 1e-12, "S_on(0)");
    close_to(cum[OPT_ONPREM][12], 1200 + 12 * 30 - 300 + 960, 1e-12,
             "S_on(12)");
    close_to(cum[OPT_ONPREM][18], 1200 + 12 * 30 - 300 + 960 + 6 * 28,
             1e-12, "S_on(18)");
    close_to(cum[OPT_RESERVED][18], 12 * 150 + 6 * 75, 1e-12, "S_res(18)");
    close_to(cum[OPT_ON_DEMAND][1], 100, 1e-12, "S_od(1)");
    /* The levelized lines add up and the capital line carries the
     * generations: (1200 - 300 v^12 + 960 v^12 - 600 v^18) / A. */
    double v12 = pow(1.01, -12), v18 = pow(1.01, -18);
    close_to(r.option[OPT_ONPREM].line[LINE_CAPITAL],
             (1200 + 660 * v12 - 600 * v18) / 16.398268580892, 1e-10,
             "capital line");
}
END_TEST

/* The test's own IRR: bisection on the present value written with pow,
 * over the same bracket, for random flows with one sign change. */
static double pv_at(const double *d, int T, double rho)
{
    double sum = 0;
    for (int t = 0; t <= T; t++)
        sum += d[t] * pow(1 + rho, -t);
    return sum;
}

START_TEST(irr_matches_bisection)
{
    Rng g;
    rng_seed(&g, 12);
    for (int n = 0; n < 200; n++) {
        int T = 1 + (int)(rng_next(&g) % HORIZON_MONTHS_MAX);
        double d[HORIZON_MONTHS_MAX + 1];
        d[0] = -(1000 + 100000 * rng_uniform(&g));
        for (int t = 1; t <= T; t++)
            d[t] = 5000 * rng_uniform(&g);
        double lo = -0.9, hi = 10;
        double want = NAN;
        if ((pv_at(d, T, lo) > 0) != (pv_at(d, T, hi) > 0)) {
            for (int k = 0; k < 200; k++) {
                double mid = (lo + hi) / 2;
                if ((pv_at(d, T, mid) > 0) == (pv_at(d, T, lo) > 0))
                    lo = mid;
                else
                    hi = mid;
            }
            want = (pow(1 + lo, 12) - 1) * 100;
        }
        double got = horizon_irr_pct(d, T);
        if (isnan(want)) {
            ck_assert_msg(isnan(got), "T %d: %g, expected none", T, got);
            continue;
        }
        /* 1e-10 in the monthly rate is well inside 0.0001 percentage
         * points a year. */
        ck_assert_msg(fabs(got - want) < 1e-6 * (1 + fabs(want)),
                      "T %d: %.10f vs %.10f", T, got, want);
    }
    /* Flows that never change sign have no IRR. */
    double pos[3] = {1, 2, 3};
    ck_assert(isnan(horizon_irr_pct(pos, 2)));
}
END_TEST

/* Without cost of capital, ramp or price change, and before the
 * lifetime's resale, owning breaks even at ceil(C / (M_od - opex)). */
START_TEST(break_even_closed_form)
{
    for (int nodes = 4; nodes <= 12; nodes++) {
        Scenario s;
        scenario_default(&s);
        s.hardware.nodes = nodes;
        s.hardware.cost_of_capital_pct = 0;
        CostResult r;
        cost_evaluate(&s, &r);
        const Hardware *h = &s.hardware;
        double C = h->nodes * (h->node_price + h->network_per_node) +
                   h->storage + h->other_capex;
        double opex = r.option[OPT_ONPREM].monthly -
                      r.option[OPT_ONPREM].line[LINE_CAPITAL];
        double t = ceil(C / (r.option[OPT_ON_DEMAND].monthly - opex));
        ck_assert_msg(t >= 1 && t < h->lifetime_months,
                      "the closed form applies (t = %g)", t);
        HorizonResult hr;
        horizon_evaluate(&s, &hr, NULL);
        ck_assert_int_eq(hr.break_even[OPT_ON_DEMAND], (int)t);
        /* Without discounting the discounted break-even is the same. */
        ck_assert_int_eq(hr.discounted_break_even[OPT_ON_DEMAND], (int)t);
    }
}
END_TEST

/* The Monte Carlo's break-even against on-demand (DESIGN 2.8) is the
 * horizon's: its closed form at the steady state, the cash flows beyond. */
START_TEST(risk_break_even_is_the_horizons)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    HorizonResult h;
    cost_evaluate(&s, &r);
    horizon_evaluate(&s, &h, NULL);
    ck_assert_int_eq((int)risk_break_even_on_demand(&s, &r),
                     h.break_even[OPT_ON_DEMAND]);
    hand_case(&s);
    cost_evaluate(&s, &r);
    ck_assert_int_eq((int)risk_break_even_on_demand(&s, &r), 7);
    s.cloud.on_demand_gpu_hour = 0.5; /* 50 a month: never */
    cost_evaluate(&s, &r);
    ck_assert(isnan(risk_break_even_on_demand(&s, &r)));
}
END_TEST

/* The shipped five-year case: its ramp to 72% over 6 months averages the
 * 42% DiagFlow measured over its first six months, and it runs 60 months
 * with a refresh at 36. */
START_TEST(diagflow_horizon_case)
{
    const char *top = getenv("top_srcdir");
    char path[1024];
    snprintf(path, sizeof path, "%s/scenarios/diagflow-horizon.yaml",
             top && *top ? top : ".");
    Scenario s;
    Diag d;
    diag_clear(&d, path);
    ck_assert(scenario_load_file(path, &s, &d) == 0);
    ck_assert(!horizon_is_steady(&s));
    double sum = 0;
    for (int t = 1; t <= 6; t++)
        sum += s.utilization.measured_pct *
               fmin(1, t / s.horizon.ramp_months);
    close_to(sum / 6, 42, 1e-12, "first six months");
    HorizonResult h;
    horizon_evaluate(&s, &h, NULL);
    ck_assert_int_eq(h.months, 60);
    ck_assert(h.months > s.hardware.lifetime_months);
}
END_TEST

/* The cumulative-spend chart marks the break-even months with X and
 * names them in its legend. */
START_TEST(cumulative_chart_marks_break_even)
{
    Scenario s;
    hand_case(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    HorizonFigures hz;
    horizon_evaluate(&s, &hz.result, &hz.cum);
    Canvas c;
    canvas_init(&c, 72, 14);
    chart_render(&c, CHART_CUMULATIVE, &s, &r, &hz);
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    const char *text = sb_str(&b);
    ck_assert_msg(strstr(text, "X break-even: d m7 r never (m10-11 only) s never") != NULL,
                  "%s", text);
    ck_assert_msg(strstr(text, "over 18 months") != NULL, "%s", text);
    int xs = 0;
    for (int y = 0; y < c.height - 1; y++)
        for (int x = 0; x < c.width; x++)
            xs += canvas_get(&c, x, y) == 'X';
    ck_assert_int_ge(xs, 1);
    /* Owning that never breaks even: no X drawn, and none in the legend */
    s.cloud.on_demand_gpu_hour = 0.5;
    cost_evaluate(&s, &r);
    horizon_evaluate(&s, &hz.result, &hz.cum);
    chart_render(&c, CHART_CUMULATIVE, &s, &r, &hz);
    sb_free(&b);
    b = (StrBuf)STRBUF_INIT;
    canvas_to_text(&c, &b);
    text = sb_str(&b);
    ck_assert_msg(strstr(text, "\nbreak-even: d never") != NULL, "%s", text);
    ck_assert_msg(strchr(text, 'X') == NULL, "%s", text);
    sb_free(&b);
    canvas_free(&c);
}
END_TEST

/* A reference levelized cost of option k at utilization u: the NPV of
 * horizon_evaluate over the annuity sum, independent of the piecewise
 * coefficients that the crossovers use. */
static double ref_lev(const Scenario *base, int k, double u)
{
    Scenario s = *base;
    s.utilization.measured_pct = u * 100;
    HorizonResult h;
    horizon_evaluate(&s, &h, NULL);
    double i = s.hardware.cost_of_capital_pct / 100 / 12, A = 0;
    for (int t = 1; t <= h.months; t++)
        A += i == 0 ? 1 : pow(1 + i, -t);
    return h.npv[k] / A;
}

/* DESIGN 2.3 on the levelized cost: the piecewise line the engine keeps
 * (with a hinge per ramp month for reserved) is the levelized cost at
 * every utilization, and its crossovers are the scan's sign changes. */
START_TEST(levelized_crossovers_match_scan)
{
    Rng g;
    rng_seed(&g, 27);
    long n = test_scale(60);
    const int steps = 1000;
    for (long t = 0; t < n; t++) {
        Scenario s;
        random_scenario(&g, &s);
        s.horizon.months = 1 + (double)(rng_next(&g) % 120);
        s.horizon.ramp_months = (double)(rng_next(&g) % 13);
        s.horizon.cloud_price_change_pct_year = -60 + 80 * rng_uniform(&g);
        s.horizon.hardware_price_change_pct_year = -30 + 40 * rng_uniform(&g);
        random_commitment(&g, &s);
        random_refresh(&g, &s);
        CostResult r;
        cost_evaluate(&s, &r);
        for (int k = 0; k < OPT_COUNT; k++)
            for (int p = 0; p <= 100; p += 25) {
                char what[100];
                snprintf(what, sizeof what, "scenario %ld %s at %d%%", t,
                         cost_option_key((CostOption)k), p);
                close_to(cost_monthly_at(&r.option[k], p / 100.0),
                         ref_lev(&s, k, p / 100.0), 1e-9, what);
            }
        for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
            const OptionCost *on = &r.option[OPT_ONPREM], *x = &r.option[k];
            size_t nr = 0;
            double prev = NAN, roots[4];
            for (int i = 1; i <= steps; i++) {
                double u = (double)i / steps;
                double d = cost_monthly_at(on, u) - cost_monthly_at(x, u);
                if (i > 1 && (prev > 0) != (d > 0) && nr < 4)
                    roots[nr++] = u * 100;
                prev = d;
            }
            const Crossover *c = &r.crossover[k];
            if (c->count > 0 && c->point[0].pct < 0.2)
                continue;
            ck_assert_msg(c->count == nr, "scenario %ld %s: %zu vs scan %zu",
                          t, cost_option_key((CostOption)k), c->count, nr);
            for (size_t i = 0; i < nr; i++)
                ck_assert(fabs(c->point[i].pct - roots[i]) <= 0.101);
        }
    }
}
END_TEST

/* The coverage levels of the advice, worked out on one plan, are each
 * exactly what the plan of that level alone gives. */
START_TEST(reserved_levels_share_a_plan)
{
    Scenario s;
    scenario_default(&s);
    s.horizon.months = 60;
    s.horizon.ramp_months = 7;
    s.horizon.cloud_price_change_pct_year = -23;
    s.cloud.reserved_term_months = 12;
    const double pct[4] = {0, 35, 70, 100};
    double out[4];
    for (double u = 0.05; u < 1; u += 0.3) {
        horizon_reserved_monthly_n(&s, pct, 4, u, out);
        for (int k = 0; k < 4; k++) {
            double one = horizon_reserved_monthly(&s, pct[k], u);
            ck_assert_msg(memcmp(&one, &out[k], sizeof one) == 0,
                          "%g%% at u=%g: %.17g vs %.17g", pct[k], u, one,
                          out[k]);
        }
    }
}
END_TEST

int main(void)
{
    Suite *su = suite_create("horizon");
    TCase *tc = tcase_create("horizon");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, identity_on_every_shipped_scenario);
    tcase_add_test(tc, hand_worked_case);
    tcase_add_test(tc, irr_matches_bisection);
    tcase_add_test(tc, break_even_closed_form);
    tcase_add_test(tc, risk_break_even_is_the_horizons);
    tcase_add_test(tc, diagflow_horizon_case);
    tcase_add_test(tc, cumulative_chart_marks_break_even);
    tcase_add_test(tc, levelized_crossovers_match_scan);
    tcase_add_test(tc, reserved_levels_share_a_plan);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
