/* check_cost.c: the cost engine against DESIGN 2 (both worked checks,
 * commitments and spot eligibility, crossover lists against a numeric scan,
 * utilization 0, compliance, every advice code on and off). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "fields.h"
#include "random_scenario.h"
#include "rng.h"
#include "scenario.h"
#include "test_scale.h"

static Scenario def(void)
{
    Scenario s;
    scenario_default(&s);
    return s;
}

/* DESIGN 2.6, to the cent (and the GPU-hour figures to 1e-4). */
START_TEST(worked_check)
{
    Scenario s = def();
    CostResult r;
    cost_evaluate(&s, &r);
    const OptionCost *on = &r.option[OPT_ONPREM];
    ck_assert_double_eq_tol(on->line[LINE_CAPITAL], 31334.46, 0.005);
    ck_assert_double_eq_tol(on->line[LINE_MAINTENANCE], 6150.00, 0.005);
    ck_assert_double_eq_tol(on->line[LINE_ENERGY], 1876.39, 0.005);
    ck_assert_double_eq_tol(on->line[LINE_COLOCATION], 7548.00, 0.005);
    ck_assert_double_eq_tol(on->line[LINE_STAFF], 19166.67, 0.005);
    ck_assert_double_eq_tol(on->monthly, 66075.52, 0.005);
    ck_assert_double_eq_tol(r.useful_gpu_hours_month, 11680, 1e-9);
    ck_assert_double_eq_tol(on->per_useful_gpu_hour, 5.6572, 0.00005);
    const OptionCost *od = &r.option[OPT_ON_DEMAND];
    double K = od->line[LINE_EGRESS] + od->line[LINE_STORAGE] +
               od->line[LINE_STAFF] + od->line[LINE_OTHER] +
               od->line[LINE_OPPORTUNITY];
    ck_assert_double_eq_tol(K, 5262.71, 0.005);
    ck_assert_double_eq_tol(od->monthly, 89639.03, 0.005);
    ck_assert_double_eq_tol(od->per_useful_gpu_hour, 7.6746, 0.00005);
    ck_assert_double_eq_tol(r.option[OPT_RESERVED].monthly, 97067.51, 0.005);
    ck_assert_double_eq_tol(r.option[OPT_RESERVED].per_useful_gpu_hour, 8.3106,
                            0.00005);
    ck_assert_double_eq_tol(r.option[OPT_SPOT].monthly, 45597.64, 0.005);
    ck_assert_double_eq_tol(r.option[OPT_SPOT].per_useful_gpu_hour, 3.9039,
                            0.00005);
    ck_assert_int_eq(r.cheapest, OPT_SPOT);
    ck_assert_int_eq(r.crossover[OPT_ON_DEMAND].kind, CROSS_AT);
    ck_assert_double_eq_tol(r.crossover[OPT_ON_DEMAND].pct, 35.88, 0.005);
    ck_assert_int_eq(r.crossover[OPT_SPOT].kind, CROSS_AT);
    ck_assert_double_eq_tol(r.crossover[OPT_SPOT].pct, 76.00, 0.005);
    ck_assert_int_eq(r.crossover[OPT_RESERVED].kind, CROSS_CHEAPER);
    ck_assert_int_eq(r.zone, ZONE_HYBRID);
    /* DESIGN 2.3 lists: one point each, on-prem cheaper above it. */
    ck_assert_uint_eq(r.crossover[OPT_ON_DEMAND].count, 1);
    ck_assert_int_eq(r.crossover[OPT_ON_DEMAND].point[0].side, SIDE_ABOVE);
    ck_assert_uint_eq(r.crossover[OPT_SPOT].count, 1);
    ck_assert_double_eq_tol(r.crossover[OPT_SPOT].point[0].pct, 76.00, 0.005);
    ck_assert_int_eq(r.crossover[OPT_SPOT].point[0].side, SIDE_ABOVE);
    ck_assert_uint_eq(r.crossover[OPT_RESERVED].count, 0);
    ck_assert(r.zone_agrees);
    /* The reserved compute is all committed. */
    ck_assert_double_eq(r.option[OPT_RESERVED].committed,
                        r.option[OPT_RESERVED].line[LINE_COMPUTE]);
    ck_assert_double_eq(r.option[OPT_RESERVED].overflow, 0);
}
END_TEST

/* DESIGN 2.1: busy power follows the active share of the held time. The
 * default with GPUs busy 60% of the time they are held: energy at 50% is
 * 4 x (2.5 + 0.5 x 0.6 x (7.7 - 2.5)) x 1.4 x 0.09 x 730 = 4 x 4.06 x
 * 91.98 = 1,493.76 (1,876.39 at 100%), on-prem 66,075.52 - 382.64 =
 * 65,692.88; the cloud bills the held time and does not move, so the
 * crossovers move. At the default 100% every figure is the version-1 one,
 * bit for bit (worked_check). */
START_TEST(active_share_drives_busy_power)
{
    Scenario s = def();
    CostResult full, part;
    cost_evaluate(&s, &full);
    s.utilization.active_pct = 60;
    cost_evaluate(&s, &part);
    const OptionCost *on = &part.option[OPT_ONPREM];
    ck_assert_double_eq_tol(on->line[LINE_ENERGY], 1493.76, 0.005);
    ck_assert_double_eq_tol(on->monthly, 65692.88, 0.005);
    ck_assert_double_eq_tol(full.option[OPT_ONPREM].line[LINE_ENERGY] -
                                on->line[LINE_ENERGY], 382.64, 0.005);
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        ck_assert_double_eq(part.option[k].monthly, full.option[k].monthly);
    /* Only the slope moved: 40% of the busy-minus-idle energy per unit
     * of u, 4 x 5.2 x 91.98 x 0.4 = 765.27. */
    ck_assert_double_eq(on->fixed, full.option[OPT_ONPREM].fixed);
    ck_assert_double_eq_tol(full.option[OPT_ONPREM].slope - on->slope, 765.27,
                            0.005);
    /* The crossover with on-demand: D(u) = 0 on the flatter line. */
    const double fixed = on->fixed - part.option[OPT_ON_DEMAND].fixed;
    const double slope = on->slope - part.option[OPT_ON_DEMAND].slope;
    ck_assert_double_eq_tol(part.crossover[OPT_ON_DEMAND].pct,
                            -fixed / slope * 100, 1e-9);
    ck_assert(part.crossover[OPT_ON_DEMAND].pct <
              full.crossover[OPT_ON_DEMAND].pct);
    /* The horizon levelizes the same line: with a 12-month ramp, the
     * energy at 60% lies 60% of the way from that at 0% to that at 100%. */
    s.horizon.ramp_months = 12;
    double e[3];
    const double share[3] = {0, 60, 100};
    for (int k = 0; k < 3; k++) {
        CostResult rr;
        s.utilization.active_pct = share[k];
        cost_evaluate(&s, &rr);
        e[k] = rr.option[OPT_ONPREM].line[LINE_ENERGY];
    }
    ck_assert(e[0] < e[1] && e[1] < e[2]);
    ck_assert_double_eq_tol(e[1], e[0] + 0.6 * (e[2] - e[0]), 1e-9);
}
END_TEST

/* DESIGN 2.6, second check: half the fleet committed. */
START_TEST(worked_check_half_committed)
{
    Scenario s = def();
    s.cloud.reserved_coverage_pct = 50;
    CostResult r;
    cost_evaluate(&s, &r);
    const OptionCost *res = &r.option[OPT_RESERVED];
    ck_assert_double_eq_tol(res->committed, 45902.40, 0.005);
    ck_assert_double_eq(res->overflow, 0); /* W = N_c H exactly at 50% */
    ck_assert_double_eq_tol(res->monthly, 51165.11, 0.005);
    ck_assert_uint_eq(r.crossover[OPT_RESERVED].count, 1);
    ck_assert_double_eq_tol(r.crossover[OPT_RESERVED].point[0].pct, 58.94,
                            0.005);
    ck_assert_int_eq(r.crossover[OPT_RESERVED].point[0].side, SIDE_ABOVE);
    ck_assert_int_eq(r.cheapest, OPT_SPOT);
    /* Above 50% the overflow is bought on-demand at 6.88 x 1.05. */
    s.utilization.measured_pct = 60;
    cost_evaluate(&s, &r);
    ck_assert_double_eq_tol(r.option[OPT_RESERVED].overflow,
                            32 * 730 * 0.10 * 6.88 * 1.05, 1e-6);
    /* Overflow bought on spot: 2.96 x 1.05 / 0.9 a GPU-hour. */
    s.cloud.reserved_overflow = OVERFLOW_SPOT;
    cost_evaluate(&s, &r);
    ck_assert_double_eq_tol(r.option[OPT_RESERVED].overflow,
                            32 * 730 * 0.10 * 2.96 * 1.05 / 0.9, 1e-6);
}
END_TEST

/* DESIGN 2.2 spot eligibility: the ineligible share runs on-demand. */
START_TEST(spot_eligible_share)
{
    Scenario s = def();
    s.cloud.spot_eligible_pct = 60;
    CostResult r;
    cost_evaluate(&s, &r);
    double W = 11680, K = 5262.71;
    double want = W * 1.05 * (0.6 * 2.96 / 0.9 + 0.4 * 6.88) + K;
    ck_assert_double_eq_tol(r.option[OPT_SPOT].monthly, want, 0.01);
    s.cloud.spot_eligible_pct = 0;
    cost_evaluate(&s, &r);
    ck_assert_double_eq_tol(r.option[OPT_SPOT].monthly,
                            r.option[OPT_ON_DEMAND].monthly, 1e-6);
}
END_TEST

/* DESIGN 2.9 at the steady horizon (T = L months, no ramp, no price
 * change): what a committed month P costs levelized, over P. A share a of
 * each term of tau months is paid at its start (index k tau, for all its
 * months, also those past T), 1 - a at the end of each month, and the
 * prepaid months past T are credited at T:
 *   [ (1 - a) A + a tau sum_{k tau < T} v^(k tau) - a past v^T ] / A,
 * A = sum_{t=1..T} v^t, past = tau ceil(T / tau) - T. With a = 0 it is 1.
 * E.g. T = 18, tau = 12, i = 1%, a = 1: (12 + 12 v^12 - 6 v^18) / A
 * = (12 + 10.64939 - 5.01610) / 16.39827 = 1.07530. */
static double ref_upfront_factor(const Scenario *s)
{
    const Cloud *c = &s->cloud;
    double a = c->commitment == COMMIT_CAPACITY_RESERVATION ? 0
               : c->commitment == COMMIT_CAPACITY_BLOCK     ? 1
               : c->reserved_payment == PAY_PARTIAL_UPFRONT ? 0.5
               : c->reserved_payment == PAY_ALL_UPFRONT     ? 1
                                                            : 0;
    if (a == 0)
        return 1;
    int T = (int)s->hardware.lifetime_months, tau = (int)c->reserved_term_months;
    double i = s->hardware.cost_of_capital_pct / 100 / 12, A = 0, up = 0;
    for (int t = 1; t <= T; t++)
        A += pow(1 + i, -t);
    int terms = 0;
    for (int k = 0; k * tau < T; k++, terms++)
        up += pow(1 + i, -k * tau);
    double past = (double)terms * tau - T;
    return ((1 - a) * A + a * tau * up - a * past * pow(1 + i, -T)) / A;
}

/* DESIGN 2.2 reference, written here from the formulas and not from the
 * engine: the monthly cost of cloud option k at utilization u. */
static double ref_cloud(const Scenario *s, CostOption k, double u)
{
    const Cloud *c = &s->cloud;
    double G = s->hardware.nodes * s->hardware.gpus_per_node;
    double H = s->hours_per_month, W = G * H * u;
    double m = 1 + c->managed_premium_pct / 100;
    double o = 1 + c->billed_overhead_pct / 100;
    double g = c->spot_goodput_pct / 100, e = c->spot_eligible_pct / 100;
    double K = c->egress_tb_month * 1024 * c->egress_per_gb +
               c->storage_tb * 1024 * c->storage_per_gb_month +
               s->staffing.cloud_engineers * s->staffing.salary_year / 12 +
               c->other_monthly +
               s->opportunity.value_per_day *
                   s->opportunity.cloud_delay_days_month;
    if (k == OPT_ON_DEMAND)
        return W * c->on_demand_gpu_hour * m * o + K;
    if (k == OPT_SPOT)
        return W * m * o * (e * c->spot_gpu_hour / g +
                            (1 - e) * c->on_demand_gpu_hour) + K;
    double Nc = G * c->reserved_coverage_pct / 100;
    double p = c->reserved_overflow == OVERFLOW_SPOT
                   ? c->spot_gpu_hour * o / g
                   : c->on_demand_gpu_hour * o;
    /* A capacity reservation bills its GPUs at the on-demand rate (DESIGN
     * 2.9). */
    double rate = c->commitment == COMMIT_CAPACITY_RESERVATION
                      ? c->on_demand_gpu_hour
                      : c->reserved_gpu_hour;
    double P = Nc * H * rate * m; /* a committed month */
    return P * ref_upfront_factor(s) + fmax(0, W - Nc * H) * p * m + K;
}

/* DESIGN 2.3: every root, with its side, against a fine numeric scan of
 * D(u) = M_onprem(u) - M_x(u) on random scenarios, most of them with
 * coverage below 100% (reserved's kink). */
START_TEST(crossover_lists_match_scan)
{
    Rng g;
    rng_seed(&g, 7);
    long n = test_scale(300);
    const long steps = test_quick() ? 2000 : 20000;
    long kinked = 0, two = 0, prepaid = 0;
    for (long t = 0; t < n; t++) {
        Scenario s;
        random_scenario(&g, &s);
        CostResult r;
        cost_evaluate(&s, &r);
        prepaid += ref_upfront_factor(&s) != 1;
        /* On-prem is linear in u (DESIGN 2.1): its two ends give it. */
        double on0 = r.option[OPT_ONPREM].fixed;
        double on1 = on0 + r.option[OPT_ONPREM].slope;
        kinked += s.cloud.reserved_coverage_pct < 100;
        for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
            double roots[8];
            int side[8];
            size_t nr = 0;
            double prev = NAN;
            bool flat = true;
            for (long i = 1; i <= steps; i++) {
                double u = (double)i / (double)steps;
                double d = on0 + (on1 - on0) * u - ref_cloud(&s, k, u);
                if (fabs(d) > 1e-6 * (1 + fabs(on0)))
                    flat = false;
                if (i > 1 && (prev > 0) != (d > 0) && nr < 8) {
                    roots[nr] = u * 100;
                    side[nr] = prev > 0 ? SIDE_ABOVE : SIDE_BELOW;
                    nr++;
                }
                prev = d;
            }
            const Crossover *c = &r.crossover[k];
            if (flat)
                continue; /* equal (or nearly): no sign to compare */
            char msg[200];
            snprintf(msg, sizeof msg, "scenario %ld, %s: scan %zu roots, "
                     "engine %zu", t, cost_option_key((CostOption)k), nr,
                     c->count);
            /* A root within a step of the scan's first point or of another
             * root cannot be seen by the scan; skip those scenarios. */
            if (c->count > 0 && c->point[0].pct < 2 * 100.0 / steps)
                continue;
            ck_assert_msg(c->count == nr, "%s", msg);
            two += nr == 2;
            for (size_t i = 0; i < nr; i++) {
                ck_assert_msg(fabs(c->point[i].pct - roots[i]) <=
                                  100.0 / steps * 1.01,
                              "%s: root %zu at %g, scan %g", msg, i,
                              c->point[i].pct, roots[i]);
                ck_assert_int_eq(c->point[i].side, side[i]);
            }
            if (nr == 0) {
                double d1 = on1 - ref_cloud(&s, k, 1);
                ck_assert_int_eq(c->kind, d1 < 0 ? CROSS_CHEAPER : CROSS_DEARER);
            } else {
                ck_assert_int_eq(c->kind, CROSS_AT);
                ck_assert_double_eq(c->pct, c->point[0].pct);
            }
        }
    }
    /* The random scenarios did exercise the kink, prepaid commitments
     * (DESIGN 2.9) and two-root cases. */
    ck_assert(kinked > n / 2);
    if (!test_quick()) {
        ck_assert(prepaid > n / 4);
        ck_assert_msg(two > 0, "no scenario with two crossovers");
    }
}
END_TEST

static bool has_advice(const CostResult *r, AdviceCode c)
{
    for (size_t i = 0; i < r->advice_count; i++)
        if (r->advice[i] == c)
            return true;
    return false;
}

/* DESIGN 2.4 COMMIT_COVERAGE: the engine's best coverage is what a scan of
 * all 21 steps of 5% finds, on random scenarios; the advice is listed
 * exactly when that step saves at least one unit of currency. */
START_TEST(commit_coverage_is_the_best_step)
{
    Rng g;
    rng_seed(&g, 11);
    for (long t = 0; t < test_scale(2000); t++) {
        Scenario s;
        random_scenario(&g, &s);
        s.constraints.compliance_forbids_cloud = false;
        CostResult r;
        cost_evaluate(&s, &r);
        double now = r.option[OPT_RESERVED].monthly, best = now;
        double best_pct = s.cloud.reserved_coverage_pct;
        for (int k = 0; k <= 20; k++) {
            Scenario x = s;
            x.cloud.reserved_coverage_pct = 5.0 * k;
            CostResult xr;
            cost_evaluate_options(&x, &xr);
            if (xr.option[OPT_RESERVED].monthly < best) {
                best = xr.option[OPT_RESERVED].monthly;
                best_pct = 5.0 * k;
            }
        }
        bool listed = has_advice(&r, ADV_COMMIT_COVERAGE);
        bool saves = s.cloud.reserved_coverage_pct > 0 && best <= now - 1;
        ck_assert_msg(listed == saves, "scenario %ld: listed %d, saves %d", t,
                      listed, saves);
        if (saves) {
            ck_assert_double_eq_tol(r.best_coverage_monthly, best,
                                    1e-9 * fabs(best) + 1e-9);
            ck_assert_msg(r.best_coverage_pct == best_pct ||
                              r.best_coverage_monthly == best,
                          "scenario %ld: %g%%, scan %g%%", t,
                          r.best_coverage_pct, best_pct);
        }
    }
}
END_TEST

/* A stretch where D is zero gives no point (DESIGN 2.3): reserved equal to
 * on-prem up to the kink, dearer after it. */
START_TEST(kink_touch_and_crossing)
{
    Scenario s = def();
    s.facility.node_power_busy_kw = s.facility.node_power_idle_kw; /* flat */
    s.cloud.reserved_coverage_pct = 50;
    CostResult r;
    cost_evaluate(&s, &r);
    /* Choose the committed price so reserved equals on-prem on the flat
     * part: D is zero up to the kink, then on-prem is cheaper. */
    double flat_onprem = r.option[OPT_ONPREM].fixed;
    double K = r.option[OPT_RESERVED].fixed - r.option[OPT_RESERVED].committed;
    s.cloud.reserved_gpu_hour =
        (flat_onprem - K) / (r.gpus * 0.5 * s.hours_per_month);
    cost_evaluate(&s, &r);
    /* (These inputs make the two flat parts equal to the last bit.) */
    ck_assert_double_eq(r.option[OPT_ONPREM].fixed,
                        r.option[OPT_RESERVED].fixed);
    /* D = 0 on (0, 0.5], then negative: no crossing point, and on-prem is
     * the cheaper where the two differ. */
    ck_assert_uint_eq(r.crossover[OPT_RESERVED].count, 0);
    ck_assert_int_eq(r.crossover[OPT_RESERVED].kind, CROSS_CHEAPER);
}
END_TEST

/* The closed-form root agrees with a fine scan of M_onprem - M_x. */
static double diff_at(Scenario s, CostOption k, double pct)
{
    CostResult r;
    s.utilization.measured_pct = pct;
    cost_evaluate(&s, &r);
    return r.option[OPT_ONPREM].monthly - r.option[k].monthly;
}

START_TEST(crossover_matches_scan)
{
    static const struct {
        const char *key;
        const char *value;
    } variants[] = {{NULL, NULL},
                    {"hardware.nodes", "16"},
                    {"facility.node_power_busy_kw", "10"},
                    {"cloud.spot_gpu_hour", "1.5"},
                    {"cloud.on_demand_gpu_hour", "3"},
                    {"staffing.engineers", "0"}};
    for (size_t v = 0; v < sizeof variants / sizeof variants[0]; v++) {
        Scenario s = def();
        Diag msg;
        if (variants[v].key)
            ck_assert(field_set(field_find(variants[v].key), &s,
                                variants[v].value, &msg) == 0);
        CostResult r;
        cost_evaluate(&s, &r);
        for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
            /* Scan 0.001% steps (0.1% in quick mode) for a sign change. */
            const long steps = test_scale(100000);
            const double h = 100.0 / (double)steps;
            double found = NAN;
            double prev = diff_at(s, (CostOption)k, h);
            for (long i = 2; i <= steps; i++) {
                double pct = (double)i * h;
                double d = diff_at(s, (CostOption)k, pct);
                if ((prev > 0) != (d > 0)) {
                    found = pct;
                    break;
                }
                prev = d;
            }
            if (isnan(found)) {
                ck_assert_int_ne(r.crossover[k].kind, CROSS_AT);
                CrossKind want = diff_at(s, (CostOption)k, 100) < 0
                                     ? CROSS_CHEAPER
                                     : CROSS_DEARER;
                ck_assert_int_eq(r.crossover[k].kind, want);
            } else {
                ck_assert_int_eq(r.crossover[k].kind, CROSS_AT);
                ck_assert_double_eq_tol(r.crossover[k].pct, found, h * 1.1);
            }
        }
    }
}
END_TEST

START_TEST(utilization_zero_is_na)
{
    Scenario s = def();
    s.utilization.measured_pct = 0;
    CostResult r;
    cost_evaluate(&s, &r);
    ck_assert_double_eq(r.useful_gpu_hours_month, 0);
    for (int k = 0; k < OPT_COUNT; k++) {
        ck_assert(isnan(r.option[k].per_useful_gpu_hour));
        ck_assert(isfinite(r.option[k].monthly));
        for (int i = 0; i < CURVE_POINTS; i++)
            ck_assert(isfinite(r.curve[k][i]));
    }
    ck_assert_int_eq(r.zone, ZONE_CLOUD);
}
END_TEST

START_TEST(identical_lines_are_equal)
{
    Scenario s = def();
    /* Make reserved cost exactly what on-prem costs: no energy slope and a
     * reserved price that matches the fixed on-prem month. */
    s.facility.node_power_busy_kw = s.facility.node_power_idle_kw;
    CostResult r;
    cost_evaluate(&s, &r);
    double target = r.option[OPT_ONPREM].fixed -
                    (r.option[OPT_RESERVED].fixed -
                     r.option[OPT_RESERVED].line[LINE_COMPUTE]);
    /* Choose K-free compute equal to that: price = target / (G H). */
    s.cloud.reserved_gpu_hour = target / (r.gpus * s.hours_per_month);
    cost_evaluate(&s, &r);
    double d = r.option[OPT_ONPREM].fixed - r.option[OPT_RESERVED].fixed;
    if (d == 0)
        ck_assert_int_eq(r.crossover[OPT_RESERVED].kind, CROSS_EQUAL);
    else
        ck_assert_int_ne(r.crossover[OPT_RESERVED].kind, CROSS_AT);
}
END_TEST

START_TEST(compliance_marks_cloud_not_allowed)
{
    Scenario s = def();
    s.constraints.compliance_forbids_cloud = true;
    CostResult r;
    cost_evaluate(&s, &r);
    ck_assert(r.option[OPT_ONPREM].allowed);
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++) {
        ck_assert(!r.option[k].allowed);
        ck_assert(r.option[k].monthly > 0); /* still computed */
    }
    ck_assert_int_eq(r.cheapest, OPT_ONPREM);
}
END_TEST

START_TEST(tie_goes_to_earlier_option)
{
    Scenario s = def();
    s.cloud.spot_gpu_hour = s.cloud.on_demand_gpu_hour;
    s.cloud.spot_goodput_pct = 100;
    s.cloud.reserved_gpu_hour = 1000; /* out of the way */
    s.utilization.measured_pct = 5;   /* cloud cheaper than on-prem */
    CostResult r;
    cost_evaluate(&s, &r);
    ck_assert_double_eq(r.option[OPT_ON_DEMAND].monthly,
                        r.option[OPT_SPOT].monthly);
    ck_assert_int_eq(r.cheapest, OPT_ON_DEMAND);
}
END_TEST

START_TEST(zones)
{
    static const struct {
        double pct;
        Zone zone;
    } rows[] = {{0, ZONE_CLOUD},  {49.99, ZONE_CLOUD}, {50, ZONE_HYBRID},
                {75, ZONE_HYBRID}, {75.01, ZONE_ONPREM}, {100, ZONE_ONPREM}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Scenario s = def();
        s.utilization.measured_pct = rows[i].pct;
        CostResult r;
        cost_evaluate(&s, &r);
        ck_assert_int_eq(r.zone, rows[i].zone);
    }
}
END_TEST


/* One row per advice code: a change that triggers it and one that does not. */
START_TEST(advice_codes)
{
    /* `says`: what the sentence must say, with the scenario's numbers. */
    static const struct {
        AdviceCode code;
        const char *on_key, *on_val, *off_key, *off_val, *says;
    } rows[] = {
        {ADV_BELOW_60, "utilization.measured_pct", "59.9",
         "utilization.measured_pct", "60",
         "At 59.9% utilization the cluster is below 60%, where the rule of "
         "thumb says \"owning rarely pays\"; here it does not: spot costs "
         "12,681 USD a month less than on-prem."},
        {ADV_ABOVE_80, "utilization.measured_pct", "80",
         "utilization.measured_pct", "79.9",
         "At 80% utilization the cluster is past 80%, where the rule of thumb "
         "says \"owning usually wins, often by 2x\"; here it does: on-prem "
         "costs 3,149 USD a month less than spot, the cheapest cloud option "
         "(spot costs 1.05 times what on-prem costs)."},
        {ADV_MIN_SIZE, "utilization.measured_pct", "69",
         "utilization.measured_pct", "70",
         "\"about 16 GPUs kept over 70% busy\"; this one has 32 GPUs at 69%, "
         "and here spot costs 5,514 USD a month less than on-prem."},
        {ADV_MIN_SIZE, "hardware.nodes", "1", "utilization.measured_pct",
         "70", "this one has 8 GPUs at 50%, and here spot costs 17,452 USD a "
         "month less than on-prem."},
        {ADV_EGRESS_HEAVY, "cloud.egress_tb_month", "400",
         "cloud.egress_tb_month", "10",
         "Data transfer out of the cloud is 36,864 USD a month, 29% of the "
         "on-demand bill"},
        {ADV_COMPLIANCE, "constraints.compliance_forbids_cloud", "true",
         "constraints.compliance_forbids_cloud", "false",
         "Compliance forbids third-party infrastructure, so only the owned "
         "cluster is allowed"},
        {ADV_LATENCY, "constraints.latency_budget_ms", "5",
         "constraints.latency_budget_ms", "0",
         "The cloud round trip of 20 ms does not fit the 5 ms latency budget"},
        {ADV_LATENCY, "constraints.latency_budget_ms", "20",
         "constraints.latency_budget_ms", "21",
         "The cloud round trip of 20 ms does not fit the 20 ms latency budget"},
        {ADV_MEASURE, "utilization.measurement_weeks", "3",
         "utilization.measurement_weeks", "4",
         "Utilization was measured for 3 weeks: measure at least 4"},
    };
    Diag msg;
    char text[512];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Scenario s = def();
        CostResult r;
        ck_assert(field_set(field_find(rows[i].on_key), &s, rows[i].on_val, &msg) == 0);
        cost_evaluate(&s, &r);
        ck_assert_msg(has_advice(&r, rows[i].code), "row %zu not triggered", i);
        cost_advice_text(rows[i].code, &s, &r, text, sizeof text);
        ck_assert_msg(strstr(text, rows[i].says) != NULL,
                      "row %zu says '%s', not '%s'", i, text, rows[i].says);
        s = def();
        ck_assert(field_set(field_find(rows[i].off_key), &s, rows[i].off_val, &msg) == 0);
        cost_evaluate(&s, &r);
        ck_assert_msg(!has_advice(&r, rows[i].code), "row %zu triggered", i);
    }
}
END_TEST

START_TEST(managed_breakpoint)
{
    Scenario s = def();
    CostResult r;
    char text[512];
    /* The default's spot compute is 40,334.93 a month: 484,019 a year. */
    cost_evaluate(&s, &r);
    ck_assert(has_advice(&r, ADV_MANAGED));
    cost_advice_text(ADV_MANAGED, &s, &r, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "worth its premium"));
    ck_assert_ptr_nonnull(strstr(text, "484,019"));
    s.hardware.nodes = 8;
    cost_evaluate(&s, &r);
    cost_advice_text(ADV_MANAGED, &s, &r, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "raw EC2"));
}
END_TEST

START_TEST(curves_follow_the_lines)
{
    Scenario s = def();
    CostResult r;
    cost_evaluate(&s, &r);
    /* Point 50 (u = 50%) is the measured value of the default. */
    for (int k = 0; k < OPT_COUNT; k++)
        ck_assert_double_eq_tol(r.curve[k][49], r.option[k].per_useful_gpu_hour,
                                1e-9);
    ck_assert_double_eq_tol(r.curve[OPT_ONPREM][99],
                            cost_per_hour_at(&r, &s, OPT_ONPREM, 100), 1e-12);
    /* On-prem falls as utilization rises; on-demand is flat. */
    ck_assert(r.curve[OPT_ONPREM][0] > r.curve[OPT_ONPREM][99]);
}
END_TEST

static Suite *cost_suite(void)
{
    Suite *s = suite_create("cost");
    TCase *t = tcase_create("engine");
    tcase_add_test(t, worked_check);
    tcase_add_test(t, worked_check_half_committed);
    tcase_add_test(t, active_share_drives_busy_power);
    tcase_add_test(t, spot_eligible_share);
    tcase_add_test(t, crossover_lists_match_scan);
    tcase_add_test(t, kink_touch_and_crossing);
    tcase_add_test(t, commit_coverage_is_the_best_step);
    tcase_add_test(t, crossover_matches_scan);
    tcase_add_test(t, utilization_zero_is_na);
    tcase_add_test(t, identical_lines_are_equal);
    tcase_add_test(t, compliance_marks_cloud_not_allowed);
    tcase_add_test(t, tie_goes_to_earlier_option);
    tcase_add_test(t, zones);
    tcase_add_test(t, advice_codes);
    tcase_add_test(t, managed_breakpoint);
    tcase_add_test(t, curves_follow_the_lines);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(cost_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
