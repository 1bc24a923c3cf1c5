/* check_risk.c: tornado, Monte Carlo and goal seek (DESIGN 2.8) against
 * brute force, a symmetric case, pinned figures and putting the value back. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "canvas.h"
#include "chart_tornado.h"
#include "cost.h"
#include "fields.h"
#include "rng.h"
#include "scenario_edit.h"
#include "risk.h"
#include "seek.h"
#include "strbuf.h"
#include "uncertainty.h"

static Scenario work; /* large: kept off the stack */

/* The pinned figures of monte_carlo_pinned (200 draws, seed 42). */
#define PIN_P 0.59999999999999998
#define PIN_D10 -20951.782287708484
#define PIN_D50 -3337.7269850673038
#define PIN_D90 10479.665450820103
#define PIN_X50 71.361966867987306
#define PIN_B50 16
#define PIN_C0 8

/* Δ of DESIGN 2.8 computed here from the engine, independently of risk.c. */
static double brute_delta(const Scenario *s, bool *onprem_cheapest)
{
    CostResult r;
    cost_evaluate(s, &r);
    double best = fmin(r.option[OPT_ON_DEMAND].monthly,
                       fmin(r.option[OPT_RESERVED].monthly,
                            r.option[OPT_SPOT].monthly));
    if (onprem_cheapest)
        *onprem_cheapest = r.cheapest == OPT_ONPREM;
    return r.option[OPT_ONPREM].monthly - best;
}

static void add_input(Scenario *s, const char *key, double low, double high,
                      bool has_mode, double mode)
{
    s->has_uncertainty = true;
    UncInput *in = &s->uncertainty.inputs[s->uncertainty.input_count++];
    memset(in, 0, sizeof *in);
    snprintf(in->key, sizeof in->key, "%s", key);
    in->low = low;
    in->high = high;
    in->has_mode = has_mode;
    in->mode = mode;
}

static Scenario with_inputs(void)
{
    Scenario s;
    scenario_default(&s);
    field_scope_default(&s, FS_UNCERTAINTY);
    add_input(&s, "hardware.node_price", 280000, 360000, true, 300000);
    add_input(&s, "utilization.measured_pct", 40, 70, false, 0);
    add_input(&s, "cloud.spot_gpu_hour", 2.2, 3.6, false, 0);
    return s;
}

START_TEST(tornado_matches_brute_force)
{
    Scenario s = with_inputs();
    static Tornado t;
    risk_tornado(&s, &work, &t);
    ck_assert(!t.default_set);
    ck_assert_uint_eq(t.count, 3);
    ck_assert_int_eq(t.option, OPT_SPOT);
    ck_assert(scenario_equal(&work, &s)); /* the scratch holds s again */
    ck_assert(t.base.delta == brute_delta(&s, NULL));
    for (size_t i = 0; i < t.count; i++) {
        const TornadoRow *r = &t.row[i];
        Scenario lo = s, hi = s;
        size_t k = 0;
        while (strcmp(s.uncertainty.inputs[k].key, r->field->key) != 0)
            k++;
        *field_num(r->field, &lo) = s.uncertainty.inputs[k].low;
        *field_num(r->field, &hi) = s.uncertainty.inputs[k].high;
        ck_assert(r->low.ok && r->high.ok);
        ck_assert(r->low.at.delta == brute_delta(&lo, NULL));
        ck_assert(r->high.at.delta == brute_delta(&hi, NULL));
        ck_assert(r->swing == fabs(r->high.at.delta - r->low.at.delta));
        CostResult c;
        cost_evaluate(&hi, &c);
        ck_assert(r->high.at.has_crossover ==
                  (c.crossover[OPT_SPOT].kind == CROSS_AT));
        if (r->high.at.has_crossover)
            ck_assert(r->high.at.crossover_pct == c.crossover[OPT_SPOT].pct);
        if (i > 0)
            ck_assert(t.row[i - 1].swing >= r->swing);
    }
    /* utilization moves Δ most, then the spot price, then the node price */
    ck_assert_str_eq(t.row[0].field->key, "utilization.measured_pct");
    ck_assert_str_eq(t.row[2].field->key, "hardware.node_price");
}
END_TEST

START_TEST(tornado_default_set)
{
    Scenario s;
    scenario_default(&s);
    static Tornado t;
    risk_tornado(&s, &work, &t);
    ck_assert(t.default_set);
    size_t want = 0, numbers = 0;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        bool num = f->type == FT_INT || f->type == FT_NUMBER ||
                   f->type == FT_PERCENT || f->type == FT_MONEY;
        numbers += num;
        if (num && strchr(f->key, '.') &&
            strncmp(f->key, "constraints.", 12) != 0 &&
            field_get_num(f, &s) != 0)
            want++;
    }
    ck_assert_uint_le(numbers, TORNADO_MAX_ROWS); /* every field fits */
    ck_assert_uint_eq(t.count, want);
    for (size_t i = 0; i < t.count; i++) {
        const TornadoRow *r = &t.row[i];
        double v = field_get_num(r->field, &s);
        ck_assert(strncmp(r->field->key, "constraints.", 12) != 0);
        if (i > 0)
            ck_assert(t.row[i - 1].swing > r->swing ||
                      (t.row[i - 1].swing == r->swing &&
                       t.row[i - 1].field < r->field));
        if (r->field->type != FT_INT) {
            ck_assert(r->low.value == fmax(v * 0.8, r->field->minimum));
            ck_assert(r->high.value == fmin(v * 1.2, r->field->maximum));
        }
    }
    /* ints: rounded and at least one step away; clamped to the range */
    const Field *nodes = field_find("hardware.nodes");
    double lo, hi;
    risk_default_range(nodes, 4, &lo, &hi);
    ck_assert(lo == 3 && hi == 5);
    risk_default_range(nodes, 1, &lo, &hi);
    ck_assert(lo == 1 && hi == 2);
    risk_default_range(field_find("hardware.gpus_per_node"), 8, &lo, &hi);
    ck_assert(lo == 6 && hi == 10);
    risk_default_range(field_find("cloud.spot_goodput_pct"), 90, &lo, &hi);
    ck_assert(lo == 72 && hi == 100);
}
END_TEST

START_TEST(tornado_marks_broken_points)
{
    Scenario s;
    scenario_default(&s);
    field_scope_default(&s, FS_UNCERTAINTY);
    /* busy power 7.7 kW of a 10.2 kW maximum: 11 breaks busy <= max */
    add_input(&s, "facility.node_power_busy_kw", 5, 11, false, 0);
    static Tornado t;
    risk_tornado(&s, &work, &t);
    ck_assert_uint_eq(t.count, 1);
    ck_assert(t.row[0].low.ok);
    ck_assert(!t.row[0].high.ok);
    ck_assert(t.row[0].high.value == 11); /* shown as given, not clamped */
    ck_assert_ptr_nonnull(strstr(t.row[0].high.why, "busy"));
}
END_TEST

/* The DESIGN 2.8 inverse CDF, written again here. */
static double tri(double u, double a, double c, double b)
{
    return u < (c - a) / (b - a) ? a + sqrt(u * (b - a) * (c - a))
                                 : b - sqrt((1 - u) * (b - a) * (b - c));
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static RiskBuffers buffers(size_t n)
{
    double *all = malloc(4 * n * sizeof *all);
    ck_assert_ptr_nonnull(all);
    return (RiskBuffers){.delta = all, .crossover = all + n,
                         .per_hour = all + 2 * n, .break_even = all + 3 * n,
                         .cap = n};
}

START_TEST(monte_carlo_matches_brute_force)
{
    Scenario s = with_inputs();
    add_input(&s, "hardware.nodes", 3, 6, false, 0); /* an int field */
    s.uncertainty.draws = 500;
    s.uncertainty.seed = 7;
    RiskBuffers buf = buffers(500);
    static MonteCarlo mc;
    Diag why;
    ck_assert_msg(risk_monte_carlo(&s, &work, &buf, &mc, &why) == 0, "%s",
                  why.message);
    ck_assert(scenario_equal(&work, &s));
    double d[500];
    size_t cheapest = 0;
    Rng r;
    rng_seed(&r, 7);
    for (int k = 0; k < 500; k++) {
        Scenario t = s;
        for (size_t i = 0; i < s.uncertainty.input_count; i++) {
            const UncInput *in = &s.uncertainty.inputs[i];
            const Field *f = field_find(in->key);
            double mode = in->has_mode ? in->mode : field_get_num(f, &s);
            double v = tri(rng_uniform(&r), in->low, mode, in->high);
            *field_num(f, &t) = f->type == FT_INT ? round(v) : v;
        }
        bool c;
        d[k] = brute_delta(&t, &c);
        cheapest += c;
    }
    qsort(d, 500, sizeof d[0], cmp);
    ck_assert_uint_eq(mc.draws, 500);
    ck_assert_uint_eq(mc.rejected, 0);
    ck_assert(mc.p_onprem_cheapest == cheapest / 500.0);
    /* nearest rank: P10 is the 50th value, P50 the 250th, P90 the 450th */
    ck_assert(mc.delta.p10 == d[49]);
    ck_assert(mc.delta.p50 == d[249]);
    ck_assert(mc.delta.p90 == d[449]);
    ck_assert(mc.edges[0] == d[0] && mc.edges[RISK_BINS] == d[499]);
    size_t total = 0;
    for (int b = 0; b < RISK_BINS; b++) {
        size_t in_bin = 0;
        for (int k = 0; k < 500; k++)
            if (d[k] >= mc.edges[b] &&
                (d[k] < mc.edges[b + 1] ||
                 (b == RISK_BINS - 1 && d[k] <= mc.edges[b + 1])))
                in_bin++;
        ck_assert_uint_eq(mc.counts[b], in_bin);
        total += mc.counts[b];
    }
    ck_assert_uint_eq(total, 500);
    free(buf.delta);
}
END_TEST

/* The same file gives the same figures on every machine: these are the
 * figures of a small case, to the last bit. */
START_TEST(monte_carlo_pinned)
{
    Scenario s = with_inputs();
    s.uncertainty.inputs[1].low = 50; /* utilization 50..95, likely 80 */
    s.uncertainty.inputs[1].high = 95;
    s.uncertainty.inputs[1].has_mode = true;
    s.uncertainty.inputs[1].mode = 80;
    s.uncertainty.inputs[2].high = 4.5;
    s.uncertainty.draws = 200;
    s.uncertainty.seed = 42;
    RiskBuffers buf = buffers(200);
    static MonteCarlo mc;
    Diag why;
    ck_assert_int_eq(risk_monte_carlo(&s, &work, &buf, &mc, &why), 0);
    ck_assert_uint_eq(mc.draws, 200);
    ck_assert_msg(mc.p_onprem_cheapest == PIN_P, "%.17g", mc.p_onprem_cheapest);
    ck_assert_msg(mc.delta.p10 == PIN_D10, "%.17g", mc.delta.p10);
    ck_assert_msg(mc.delta.p50 == PIN_D50, "%.17g", mc.delta.p50);
    ck_assert_msg(mc.delta.p90 == PIN_D90, "%.17g", mc.delta.p90);
    ck_assert_msg(mc.crossover.p50 == PIN_X50, "%.17g", mc.crossover.p50);
    ck_assert_msg(mc.break_even.p50 == PIN_B50, "%.17g", mc.break_even.p50);
    ck_assert_msg(mc.counts[0] == PIN_C0, "%zu", mc.counts[0]);
    /* A cancel flag that stays down changes nothing, to the last bit. */
    static MonteCarlo again;
    volatile sig_atomic_t down = 0;
    buf.cancel = &down;
    ck_assert_int_eq(risk_monte_carlo(&s, &work, &buf, &again, &why), 0);
    ck_assert(memcmp(&mc, &again, sizeof mc) == 0);
    free(buf.delta);
}
END_TEST

/* DESIGN 7: a signal stops the Monte Carlo at once. A timer raises the flag
 * 50 ms into a run of 10,000,000 draws (tens of seconds of work); the run
 * must end within 100 ms of CPU time after the handler ran. */
static volatile sig_atomic_t mc_stop;
static struct timespec mc_stop_at;

static void on_alarm(int sig)
{
    (void)sig;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mc_stop_at);
    mc_stop = 1;
}

static double seconds(const struct timespec *t)
{
    return (double)t->tv_sec + (double)t->tv_nsec * 1e-9;
}

START_TEST(monte_carlo_stops_on_flag)
{
    Scenario s = with_inputs();
    s.uncertainty.draws = 10000000;
    RiskBuffers buf = buffers(10000000); /* only the pages used are touched */
    buf.cancel = &mc_stop;
    static MonteCarlo mc;
    Diag why;
    /* Raised before the start: not one draw. */
    mc_stop = 1;
    ck_assert_int_eq(risk_monte_carlo(&s, &work, &buf, &mc, &why), EXIT_DATAERR);
    ck_assert_uint_eq(mc.draws + mc.rejected, 0);
    ck_assert_str_eq(why.message, "stopped after 0 of 10000000 draws");
    /* Raised in the middle of the run. */
    mc_stop = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigemptyset(&sa.sa_mask);
    ck_assert_int_eq(sigaction(SIGALRM, &sa, NULL), 0);
    struct itimerval it = {.it_value = {.tv_sec = 0, .tv_usec = 50000}};
    ck_assert_int_eq(setitimer(ITIMER_REAL, &it, NULL), 0);
    bool ok = risk_monte_carlo(&s, &work, &buf, &mc, &why) == 0;
    struct timespec end;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end);
    ck_assert(mc_stop);
    ck_assert(!ok);
    ck_assert_uint_lt(mc.draws + mc.rejected, 10000000);
    ck_assert_ptr_nonnull(strstr(why.message, "stopped after "));
    double late = seconds(&end) - seconds(&mc_stop_at);
    ck_assert_msg(late < 0.1, "stopped %.3f s after the flag", late);
    /* The work scenario holds the scenario again. */
    ck_assert(scenario_equal(&work, &s));
    free(buf.delta);
}
END_TEST

/* Utilization drawn symmetrically around the spot crossover, where Δ is
 * linear in it: owning is the cheapest in half the draws. */
START_TEST(monte_carlo_symmetric_half)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    double c = r.crossover[OPT_SPOT].pct; /* 76.00% */
    field_scope_default(&s, FS_UNCERTAINTY);
    add_input(&s, "utilization.measured_pct", c - 20, c + 20, true, c);
    s.uncertainty.draws = 200000;
    RiskBuffers buf = buffers(200000);
    static MonteCarlo mc;
    Diag why;
    ck_assert_int_eq(risk_monte_carlo(&s, &work, &buf, &mc, &why), 0);
    /* binomial sd at 200,000 draws: 0.0011; 4 sd */
    ck_assert_msg(fabs(mc.p_onprem_cheapest - 0.5) < 0.0045, "%.6f",
                  mc.p_onprem_cheapest);
    ck_assert(mc.delta.p10 < 0 && mc.delta.p90 > 0);
    ck_assert(fabs(mc.delta.p10 + mc.delta.p90) <
              0.05 * (mc.delta.p90 - mc.delta.p10));
    free(buf.delta);
}
END_TEST

START_TEST(monte_carlo_rejects_and_refuses)
{
    Scenario s;
    scenario_default(&s);
    field_scope_default(&s, FS_UNCERTAINTY);
    /* idle <= busy = 7.7: a quarter of the draws of 2.5..12 break it */
    add_input(&s, "facility.node_power_idle_kw", 2.5, 12, true, 2.5);
    s.uncertainty.draws = 1000;
    RiskBuffers buf = buffers(1000);
    static MonteCarlo mc;
    Diag why;
    ck_assert_int_eq(risk_monte_carlo(&s, &work, &buf, &mc, &why), 0);
    ck_assert_uint_gt(mc.rejected, 100);
    ck_assert_uint_eq(mc.draws + mc.rejected, 1000);
    /* mostly above busy: more than half rejected is an error */
    s.uncertainty.inputs[0].low = 6;
    s.uncertainty.inputs[0].mode = 12;
    ck_assert_int_eq(risk_monte_carlo(&s, &work, &buf, &mc, &why), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(why.message, "cross-field rule"));
    free(buf.delta);
}
END_TEST

START_TEST(triangular_and_nearest_rank)
{
    ck_assert(risk_triangular(0, 1, 2, 4) == 1);
    ck_assert_double_eq_tol(risk_triangular(1.0 / 3, 1, 2, 4), 2, 1e-12);
    ck_assert_double_eq_tol(risk_triangular(0.999999999, 1, 2, 4), 4, 1e-4);
    ck_assert(risk_triangular(0.5, 0, 0, 2) == 2 - sqrt(2)); /* mode = low */
    const double v[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    ck_assert(risk_nearest_rank(v, 10, 10) == 1);
    ck_assert(risk_nearest_rank(v, 10, 50) == 5);
    ck_assert(risk_nearest_rank(v, 10, 90) == 9);
    ck_assert(risk_nearest_rank(v, 1, 90) == 1);
}
END_TEST

/* Goal seek, checked by putting the value back: on every number field of
 * the default scenario and every cloud option, a root makes the two costs
 * equal to 1e-6 relative. */
START_TEST(seek_put_back)
{
    Scenario s;
    scenario_default(&s);
    size_t roots = 0, closed = 0, bisected = 0;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (!seek_can_vary(f))
            continue;
        for (int x = OPT_ON_DEMAND; x < OPT_COUNT; x++) {
            SeekResult r;
            seek_solve(&s, f, (CostOption)x, &work, &r);
            ck_assert(scenario_equal(&work, &s));
            ck_assert_uint_le(r.evaluations, 3 * SEEK_POINTS);
            if (r.outcome != SEEK_ROOT)
                continue;
            roots++;
            closed += r.closed_form;
            bisected += !r.closed_form;
            ck_assert(r.value >= f->minimum && r.value <= f->maximum);
            Scenario t = s;
            *field_num(f, &t) = r.value;
            CostResult c;
            cost_evaluate(&t, &c);
            double a = c.option[OPT_ONPREM].monthly, b = c.option[x].monthly;
            ck_assert_msg(fabs(a - b) <= 1e-6 * fmax(fabs(a), fabs(b)),
                          "%s onprem=%s: %.17g gives %.10g and %.10g", f->key,
                          cost_option_key((CostOption)x), r.value, a, b);
        }
    }
    ck_assert_uint_ge(roots, 40);
    ck_assert_uint_gt(closed, 0);
    ck_assert_uint_gt(bisected, 0);
}
END_TEST

START_TEST(seek_cases)
{
    Scenario s;
    scenario_default(&s);
    CostResult c;
    cost_evaluate(&s, &c);
    SeekResult r;
    /* measured utilization: that is the crossover (DESIGN 2.6: 76.00%) */
    seek_solve(&s, field_find("utilization.measured_pct"), OPT_SPOT, &work, &r);
    ck_assert_int_eq(r.outcome, SEEK_ROOT);
    ck_assert(r.closed_form);
    ck_assert_double_eq_tol(r.value, c.crossover[OPT_SPOT].pct, 1e-7);
    /* the node price is linear: closed form; goodput is not */
    seek_solve(&s, field_find("hardware.node_price"), OPT_SPOT, &work, &r);
    ck_assert_int_eq(r.outcome, SEEK_ROOT);
    ck_assert(r.closed_form);
    ck_assert(r.value > 0 && r.value < 310000);
    seek_solve(&s, field_find("cloud.spot_goodput_pct"), OPT_SPOT, &work, &r);
    ck_assert_int_eq(r.outcome, SEEK_ROOT);
    ck_assert(!r.closed_form);
    /* no root: said with the sign at both ends */
    const Field *coc = field_find("hardware.cost_of_capital_pct");
    seek_solve(&s, coc, OPT_SPOT, &work, &r);
    ck_assert_int_eq(r.outcome, SEEK_NONE);
    char text[300];
    seek_no_root_text(coc, OPT_SPOT, &r, text, sizeof text);
    ck_assert_str_eq(text, "on-prem stays dearer than spot for every value "
                     "of cost of capital from 0% to 100%");
    /* a field D does not depend on: equal nowhere, said so */
    seek_solve(&s, field_find("utilization.measurement_weeks"), OPT_SPOT,
               &work, &r);
    ck_assert_int_eq(r.outcome, SEEK_NONE);
}
END_TEST

START_TEST(uncertainty_rules)
{
    Scenario s = with_inputs();
    size_t i;
    int w;
    Diag d;
    ck_assert_int_eq(uncertainty_check(&s, &i, &w, &d), 0);
    static const struct {
        const char *key;
        double low, high, mode;
        bool has_mode;
        int which;
        const char *says;
    } bad[] = {
        {"name", 1, 2, 0, false, UI_KEY, "text field"},
        {"hardwre.nodes", 1, 2, 0, false, UI_KEY, "did you mean"},
        {"constraints.compliance_forbids_cloud", 0, 1, 0, false, UI_KEY,
         "must be a number field"},
        {"hardware.storage", 90000, 80000, 0, false, UI_HIGH, "not above low"},
        {"hardware.storage", 80000, 80000, 0, false, UI_HIGH, "not above low"},
        {"hardware.storage", 70000, 90000, 95000, true, UI_MODE, "outside"},
        {"hardware.residual_pct", -1, 70, 0, false, UI_LOW, "below 0"},
        {"hardware.residual_pct", 10, 170, 0, false, UI_HIGH, "above 100"},
        {"hardware.nodes", 2.5, 6, 0, false, UI_LOW, "whole number"},
        {"hardware.node_price", 1, 2, 0, false, UI_KEY, "already input 0"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        Scenario t = with_inputs();
        add_input(&t, bad[k].key, bad[k].low, bad[k].high, bad[k].has_mode,
                  bad[k].mode);
        ck_assert_msg(uncertainty_check(&t, &i, &w, &d) == EXIT_DATAERR,
                      "%zu", k);
        ck_assert_uint_eq(i, 3);
        ck_assert_int_eq(w, bad[k].which);
        ck_assert_int_eq(d.status, EXIT_DATAERR);
        ck_assert_msg(strstr(d.message, bad[k].says), "%zu: %s", k,
                      d.message);
    }
    /* A range that no longer holds the scenario's value is no error: the
     * value stands (an edit put it there), the range is drawn as written
     * with its nearest end as the mode, and uncertainty_outside says so.
     * Hand-worked: storage is 80,000, the range 90,000 to 95,000, so the
     * mode is 90,000 and every draw lies in 90,000..95,000. */
    Scenario t = with_inputs();
    add_input(&t, "hardware.storage", 90000, 95000, false, 0);
    ck_assert_msg(uncertainty_check(&t, &i, &w, &d) == 0, "%s", d.message);
    ck_assert(uncertainty_outside(&t, 3, &d));
    ck_assert_int_eq(d.status, 0); /* a note: the scenario is valid */
    ck_assert_msg(strstr(d.message, "the range of hardware.storage, 90,000 to "
                                    "95,000, no longer holds its value, "
                                    "80,000") &&
                      strstr(d.message,
                             "with the mode at 90,000, the end nearest"),
                  "%s", d.message);
    const Field *st = field_find("hardware.storage");
    ck_assert_double_eq(uncertainty_mode(&t.uncertainty.inputs[3], st, &t),
                        90000);
    ck_assert(!uncertainty_outside(&t, 0, &d));
    ck_assert(uncertainty_outside(&t, 3, NULL));
}
END_TEST

START_TEST(uncertainty_set_values)
{
    /* The section's values are registry rows, set by the one edit path
     * with the section's rules (DESIGN 1.1, 2.8). */
    Scenario s = with_inputs();
    Diag d;
    ck_assert_int_eq(scenario_set(&s, "uncertainty.draws", "500", &d), 0);
    ck_assert(s.uncertainty.draws == 500);
    ck_assert_int_ne(scenario_set(&s, "uncertainty.draws", "5", &d), 0);
    ck_assert_str_eq(d.path, "uncertainty.draws");
    ck_assert_int_eq(scenario_set(&s, "uncertainty.inputs[1].mode", "45", &d),
                     0);
    ck_assert(s.uncertainty.inputs[1].has_mode &&
              s.uncertainty.inputs[1].mode == 45);
    /* above the named field's range: refused, the scenario unchanged */
    Scenario before = s;
    ck_assert_int_ne(scenario_set(&s, "uncertainty.inputs[1].high", "101", &d),
                     0);
    ck_assert_str_eq(d.path, "uncertainty.inputs[1].high");
    ck_assert_ptr_nonnull(strstr(d.message, "above 100"));
    ck_assert(scenario_equal(&s, &before));
    ck_assert_int_ne(scenario_set(&s, "uncertainty.inputs[9].low", "1", &d),
                     0);
    ck_assert_ptr_nonnull(strstr(d.message, "no input 9"));
    ck_assert_int_ne(scenario_set(&s, "uncertainty.inputs[0].key", "notes",
                                  &d), 0);
    ck_assert_ptr_nonnull(strstr(d.message, "must be a number field"));
    ck_assert_int_ne(scenario_set(&s, "uncertainty.inputs[0].lo", "1", &d), 0);
    ck_assert_ptr_nonnull(strstr(d.message, "did you mean "
                                            "`uncertainty.inputs[0].low`?"));
    Scenario e;
    scenario_default(&e);
    ck_assert_int_ne(scenario_set(&e, "uncertainty.seed", "3", &d), 0);
    ck_assert_ptr_nonnull(strstr(d.message, "no uncertainty section"));
}
END_TEST

/* The tornado chart: its rows in rank order centred on the base, and any
 * canvas size, down to nothing, draws printable cells or a note. */
START_TEST(tornado_chart)
{
    Scenario s = with_inputs();
    static Tornado t;
    risk_tornado(&s, &work, &t);
    Canvas c;
    canvas_init(&c, 78, chart_tornado_height(&t, 15));
    chart_tornado_render(&c, &t, "USD");
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    const char *txt = sb_str(&b);
    const char *u = strstr(txt, "\nmeasured_pct 40..70 ");
    const char *n = strstr(txt, "\nnode_price 280K..360K ");
    ck_assert_ptr_nonnull(u);
    ck_assert_ptr_nonnull(n);
    ck_assert(u < n); /* ranked by swing */
    ck_assert_ptr_nonnull(strstr(txt, "now +20K"));
    sb_free(&b);
    canvas_free(&c);
    for (int w = 0; w < 100; w += 7)
        for (int h = 0; h < 30; h += 3) {
            canvas_init(&c, w, h);
            chart_tornado_render(&c, &t, "USD");
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    char ch = canvas_get(&c, x, y);
                    ck_assert(ch >= 0x20 && ch <= 0x7e);
                }
            canvas_free(&c);
        }
}
END_TEST

/* Every bar carries its figure (DESIGN 8): one too short to hold it inside
 * has it against its outer end, on both sides of the base; a figure never
 * covers the other bar. Hand-made rows: the base at +20K, a long row
 * setting the scale (about 3K a column), short bars either side, ends that
 * round to the base's column (the figure still on its side), and both ends
 * on the same side of the base. */
START_TEST(tornado_short_bars_carry_figures)
{
    static Tornado t;
    memset(&t, 0, sizeof t);
    t.option = OPT_SPOT;
    t.base.delta = 20000;
    const char *keys[5] = {"hardware.node_price", "staffing.engineers",
                           "facility.power_price_kwh", "cloud.spot_gpu_hour",
                           "hardware.storage"};
    const double lo[5] = {-40000, 14000, 19000, 22000, 16000};
    const double hi[5] = {80000, 26000, 21000, 24000, 25000};
    for (int i = 0; i < 5; i++) {
        TornadoRow *r = &t.row[i];
        r->field = field_find(keys[i]);
        ck_assert_ptr_nonnull(r->field);
        r->low.ok = r->high.ok = true;
        r->low.value = 1;
        r->high.value = 2;
        r->low.at.delta = lo[i];
        r->high.at.delta = hi[i];
        r->swing = fabs(hi[i] - lo[i]);
    }
    t.count = 5;
    Canvas c;
    canvas_init(&c, 78, chart_tornado_height(&t, 15));
    chart_tornado_render(&c, &t, "USD");
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    const char *txt = sb_str(&b);
    /* the long row: figures inside, as before */
    ck_assert_ptr_nonnull(strstr(txt, "-40K="));
    ck_assert_ptr_nonnull(strstr(txt, "#+80K"));
    /* short bars: the figure against the bar's end, outside it */
    const char *eng = strstr(txt, "\nengineers ");
    ck_assert_ptr_nonnull(eng);
    const char *eol = strchr(eng + 1, '\n');
    char row[128];
    snprintf(row, sizeof row, "%.*s", (int)(eol - eng - 1), eng + 1);
    ck_assert_msg(strstr(row, "+14K==") != NULL, "low figure missing: %s", row);
    ck_assert_msg(strstr(row, "##+26K") != NULL, "high figure missing: %s", row);
    const char *pw = strstr(txt, "\npower_price_kwh ");
    ck_assert_ptr_nonnull(pw);
    eol = strchr(pw + 1, '\n');
    snprintf(row, sizeof row, "%.*s", (int)(eol - pw - 1), pw + 1);
    ck_assert_msg(strstr(row, "+19K|+21K") != NULL, "figures by the base: %s", row);
    /* both ends above the base: the longer bar's figure shows, and no
     * figure is written over a bar's marks */
    const char *sp = strstr(txt, "\nspot_gpu_hour ");
    ck_assert_ptr_nonnull(sp);
    eol = strchr(sp + 1, '\n');
    snprintf(row, sizeof row, "%.*s", (int)(eol - sp - 1), sp + 1);
    ck_assert_msg(strstr(row, "#+24K") != NULL, "high figure missing: %s", row);
    ck_assert_msg(strstr(row, "+22K#") == NULL && strstr(row, "#+22K#") == NULL,
                  "a figure over the other bar: %s", row);
    sb_free(&b);
    canvas_free(&c);
}
END_TEST

static Suite *suite(void)
{
    Suite *s = suite_create("risk");
    TCase *t = tcase_create("risk");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, tornado_matches_brute_force);
    tcase_add_test(t, tornado_default_set);
    tcase_add_test(t, tornado_marks_broken_points);
    tcase_add_test(t, tornado_chart);
    tcase_add_test(t, tornado_short_bars_carry_figures);
    tcase_add_test(t, monte_carlo_matches_brute_force);
    tcase_add_test(t, monte_carlo_pinned);
    tcase_add_test(t, monte_carlo_stops_on_flag);
    tcase_add_test(t, monte_carlo_symmetric_half);
    tcase_add_test(t, monte_carlo_rejects_and_refuses);
    tcase_add_test(t, triangular_and_nearest_rank);
    tcase_add_test(t, seek_put_back);
    tcase_add_test(t, seek_cases);
    tcase_add_test(t, uncertainty_rules);
    tcase_add_test(t, uncertainty_set_values);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *r = srunner_create(suite());
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
