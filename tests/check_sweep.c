/* check_sweep.c: sweep axes count inclusive ends exactly (DESIGN 3); the
 * figures a sweep writes are the full evaluation's, bit for bit. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "horizon.h"
#include "random_scenario.h"
#include "sweep.h"
#include "test_scale.h"

START_TEST(inclusive_counts)
{
    static const struct {
        const char *spec;
        size_t count;
        double last;
    } rows[] = {
        {"utilization.measured_pct=1:10:0.1", 91, 10},
        {"utilization.measured_pct=0:100:1", 101, 100},
        {"utilization.measured_pct=0:1:0.3", 4, 0.9},
        {"cloud.spot_gpu_hour=0.1:0.3:0.1", 3, 0.3},
        {"hardware.nodes=1:100:1", 100, 100},
        {"utilization.measured_pct=100:0:-25", 5, 0},
        {"utilization.measured_pct=5:5:1", 1, 5},
        /* huge counts are exact: the rounding tolerance is never added */
        {"utilization.measured_pct=0:100:0.0000001", 1000000001, 100},
        {"utilization.measured_pct=0:100:0.00000001", 10000000001, 100},
    };
    Diag d;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        SweepAxis a;
        ck_assert_msg(sweep_axis_parse(rows[i].spec, &a, &d) == 0, "%s: %s",
                      rows[i].spec, d.message);
        ck_assert_uint_eq(a.count, rows[i].count);
        ck_assert_double_eq_tol(sweep_axis_value(&a, a.count - 1), rows[i].last, 1e-12);
    }
    SweepAxis a;
    ck_assert(sweep_axis_parse("utilization.measured_pct=1:10:0.1", &a, &d) == 0);
    ck_assert(sweep_axis_value(&a, 90) == 10.0); /* exactly TO */
    ck_assert_double_eq_tol(sweep_axis_value(&a, 45), 5.5, 1e-12);
}
END_TEST

START_TEST(values_keep_the_written_places)
{
    SweepAxis a;
    Diag d;
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:1:0.1", &a, &d) == 0);
    ck_assert_uint_eq(a.count, 11);
    /* 3 x 0.1 is 0.30000000000000004 in binary; the sweep gives 0.3. */
    ck_assert(sweep_axis_value(&a, 3) == 0.3);
    ck_assert(sweep_axis_value(&a, 6) == 0.6);
    ck_assert(sweep_axis_value(&a, 7) == 0.7);
    ck_assert(sweep_axis_parse("utilization.measured_pct=0.7:0.1:-0.2", &a, &d) == 0);
    ck_assert(sweep_axis_value(&a, 1) == 0.5);
    ck_assert(sweep_axis_value(&a, 3) == 0.1);
    /* With an exponent nothing is rounded. */
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:1:1e-1", &a, &d) == 0);
    ck_assert(sweep_axis_value(&a, 3) == 0 + 3 * 0.1);
}
END_TEST

START_TEST(bad_axes)
{
    /* A malformed --vary is a usage error (64), a range whose values the
     * field refuses bad data (65). */
    static const struct {
        const char *spec, *fragment;
        int status;
    } rows[] = {
        {"utilization.measured_pct=0:140:10", "140 is above 100", 65},
        {"utilisation.measured_pct=0:10:1", "unknown key", 64},
        {"hardware.nodes=1:10:0.5", "whole number", 65},
        {"utilization.measured_pct=0:10:0", "non-zero", 64},
        {"utilization.measured_pct=0:10:-1", "towards TO", 64},
        {"utilization.measured_pct=0:10", "FROM:TO:STEP", 64},
        {"utilization.measured_pct=a:10:1", "FROM 'a' is not a number", 64},
        {"utilization.measured_pct=1:2:3:4", "one colon too many", 64},
        {"name=1:2:1", "only numeric fields", 64},
        {"cloud.reserved_overflow=1:2:1", "only numeric fields", 64},
        {"hybrid.days=1:2:1", "not the hybrid plan", 64},
        {"hybrid.workloads[0].gpus=1:2:1", "not the hybrid plan", 64},
        {"uncertainty.draws=1:2:1", "a field of the uncertainty section", 64},
        {"uncertainty.inputs[0].low=1:2:1", "a field of the uncertainty section", 64},
        {"utilization.measured_pct", "KEY=FROM:TO:STEP", 64},
        {"utilization.measured_pct=0:100:1e-15", "the range has more than 10^17 values, more than a sweep can count", 64},
        {"hardware.node_price=0:1e300:1e-300", "more values than a sweep can count", 64},
    };
    Diag d;
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        SweepAxis a;
        int rc = sweep_axis_parse(rows[i].spec, &a, &d);
        ck_assert_msg(rc == rows[i].status, "%s: returned %d", rows[i].spec,
                      rc);
        ck_assert_msg(strstr(d.message, rows[i].fragment), "%s: got '%s'",
                      rows[i].spec, d.message);
        ck_assert_msg(d.status == rows[i].status, "%s: status %d", rows[i].spec,
                      d.status);
        ck_assert_msg(!strstr(d.message, "inf"), "%s: %s", rows[i].spec, d.message);
    }
    /* The suggestion is a field that can be varied, never the key itself. */
    ck_assert(!sweep_field("gpus", &d));
    ck_assert_msg(!strstr(d.message, "hybrid.workloads"), "%s", d.message);
    ck_assert(!sweep_field("nodes", &d));
    ck_assert_str_eq(d.message, "unknown key `nodes` (did you mean `hardware.nodes`?)");
}
END_TEST

/* The corner check finds a broken rule exactly when the full pass over
 * every combination does (sweep.h): random small sweeps over the three
 * power fields and the other fields' values, compared with brute force. */
START_TEST(corners_agree_with_every_combination)
{
    static const char *const keys[] = {"facility.node_power_max_kw",
                                       "facility.node_power_busy_kw",
                                       "facility.node_power_idle_kw"};
    unsigned long long x = 12345;
    int broken = 0, kept = 0;
    for (int iter = 0; iter < 400; iter++) {
        SweepAxis axes[3];
        size_t n = 0;
        for (int k = 0; k < 3; k++) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            if ((x >> 60) & 1)
                continue;
            int from = (int)((x >> 20) % 12), to = (int)((x >> 30) % 12);
            char spec[96];
            snprintf(spec, sizeof spec, "%s=%d:%d:%d", keys[k], from, to,
                     to >= from ? 1 : -1);
            Diag d;
            ck_assert_msg(sweep_axis_parse(spec, &axes[n], &d) == 0,
                          "%s: %s", spec, d.message);
            n++;
        }
        Scenario base, combo, s;
        scenario_default(&base);
        base.facility.node_power_max_kw = 6;
        base.facility.node_power_busy_kw = 5;
        base.facility.node_power_idle_kw = 4;
        const Field *bad;
        Diag msg;
        Diag d;
        bool corners = sweep_combinations_valid(&base, axes, n, &combo, &bad, &d) == 0;
        bool all = true;
        size_t idx[3] = {0, 0, 0};
        for (;;) {
            s = base;
            for (size_t k = 0; k < n; k++)
                *field_num(axes[k].field, &s) = sweep_axis_value(&axes[k], idx[k]);
            all = all && scenario_validate(&s, &bad, &msg) == 0;
            size_t k = n;
            while (k > 0 && ++idx[k - 1] == axes[k - 1].count)
                idx[--k] = 0;
            if (k == 0)
                break;
        }
        ck_assert_msg(corners == all, "iteration %d: corners %d, all %d", iter,
                      corners, all);
        if (!corners)
            ck_assert(scenario_validate(&combo, &bad, &msg) != 0);
        broken += !all;
        kept += all;
    }
    ck_assert(broken > 20 && kept > 20); /* both outcomes were tried */
}
END_TEST

START_TEST(rows_multiply)
{
    SweepAxis a[2];
    Diag d;
    ck_assert(sweep_axis_parse("hardware.nodes=1:100000:1", &a[0], &d) == 0);
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:100:0.001", &a[1], &d) == 0);
    ck_assert(sweep_rows(a, 2) == 100000.0 * 100001.0);
    ck_assert(sweep_rows(a, 0) == 1);
}
END_TEST

/* Rows past 2^53 and past 10^18, exactly: a double would say 1e+18 for
 * 1,001,000,000,000,001,001 and an even number for 2^53 + 1. */
START_TEST(rows_exact)
{
    SweepAxis a[SWEEP_MAX_AXES];
    Diag d;
    SweepRows r;
    char t[SWEEP_ROWS_TEXT];
    ck_assert(sweep_axis_parse("hardware.nodes=1:1001:1", &a[0], &d) == 0);
    ck_assert(sweep_axis_parse("utilization.measured_pct=0:100:1e-13", &a[1], &d) == 0);
    ck_assert_uint_eq(a[1].count, 1000000000000001u);
    sweep_rows_exact(a, 2, &r);
    sweep_rows_text(&r, ',', t);
    ck_assert_str_eq(t, "1,001,000,000,000,001,001");
    sweep_rows_text(&r, '\0', t);
    ck_assert_str_eq(t, "1001000000000001001");
    ck_assert_int_eq(sweep_rows_cmp(&r, 1000000000000000000u), 1);
    ck_assert_int_eq(sweep_rows_cmp(&r, UINT64_MAX), -1);
    /* 3 x 3,002,399,751,580,331 = 2^53 + 1 */
    a[0].count = 3;
    a[1].count = 3002399751580331u;
    sweep_rows_exact(a, 2, &r);
    sweep_rows_text(&r, ',', t);
    ck_assert_str_eq(t, "9,007,199,254,740,993");
    ck_assert_int_eq(sweep_rows_cmp(&r, 9007199254740993u), 0);
    ck_assert_int_eq(sweep_rows_cmp(&r, 9007199254740992u), 1);
    ck_assert_int_eq(sweep_rows_cmp(&r, 9007199254740994u), -1);
    /* the most axes of the most values: 2^(53*16) = 2^848, 256 digits */
    for (size_t k = 0; k < SWEEP_MAX_AXES; k++)
        a[k].count = (size_t)1 << 53;
    sweep_rows_exact(a, SWEEP_MAX_AXES, &r);
    sweep_rows_text(&r, '\0', t);
    ck_assert_uint_eq(strlen(t), 256);
    ck_assert_str_eq(t + 250, "518656"); /* 2^848 mod 10^6 */
    sweep_rows_exact(a, 0, &r);
    sweep_rows_text(&r, ',', t);
    ck_assert_str_eq(t, "1");
    sweep_rows_of(0, &r);
    sweep_rows_text(&r, ',', t);
    ck_assert_str_eq(t, "0");
}
END_TEST

/* Two doubles are the same bits. */
static bool same(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

/* The figures a sweep writes (cost_evaluate_figures) of a and b are the
 * same bits; t names the case in the message. */
static void same_figures(const CostResult *a, const CostResult *b, long t)
{
    ck_assert_msg(same(a->gpus, b->gpus) &&
                      same(a->useful_gpu_hours_month, b->useful_gpu_hours_month) &&
                      same(a->work_factor, b->work_factor),
                  "case %ld", t);
    for (int k = 0; k < OPT_COUNT; k++) {
        const OptionCost *x = &a->option[k], *y = &b->option[k];
        ck_assert_msg(x->allowed == y->allowed && same(x->monthly, y->monthly) &&
                          same(x->per_useful_gpu_hour, y->per_useful_gpu_hour) &&
                          same(x->fixed, y->fixed) && same(x->slope, y->slope) &&
                          same(x->committed, y->committed) &&
                          same(x->overflow, y->overflow) && x->hinges == y->hinges,
                      "case %ld, option %d", t, k);
        for (int l = 0; l < LINE_COUNT; l++)
            ck_assert_msg(same(x->line[l], y->line[l]), "case %ld, option %d, "
                          "line %d", t, k, l);
        for (int j = 0; j < x->hinges; j++)
            ck_assert(same(x->hinge_u[j], y->hinge_u[j]) &&
                      same(x->hinge_slope[j], y->hinge_slope[j]));
        if (k == OPT_ONPREM)
            continue; /* (no crossover with itself) */
        const Crossover *c = &a->crossover[k], *d = &b->crossover[k];
        ck_assert(c->kind == d->kind && c->count == d->count);
        for (size_t i = 0; i < c->count; i++)
            ck_assert(same(c->point[i].pct, d->point[i].pct) &&
                      c->point[i].side == d->point[i].side);
    }
    ck_assert_msg(a->cheapest == b->cheapest && a->zone == b->zone &&
                      a->zone_agrees == b->zone_agrees,
                  "case %ld", t);
}

/* What cost_evaluate_figures computes is what cost_evaluate_options
 * computes, bit for bit, in the steady state and over horizons. */
START_TEST(figures_are_the_full_evaluations)
{
    Rng g;
    rng_seed(&g, 25);
    static CostResult full, fig;
    for (long t = 0; t < test_scale(20000); t++) {
        Scenario s;
        random_scenario(&g, &s);
        if (t % 3 == 1) { /* a horizon: levelized figures (DESIGN 2.7) */
            s.horizon.months = 12 + (double)(t % 49);
            s.horizon.ramp_months = (double)(t % 7);
            s.horizon.cloud_price_change_pct_year = -(double)(t % 11);
        }
        /* every figure is written, whatever r held before */
        memset(&full, 0, sizeof full);
        memset(&fig, 0xa5, sizeof fig);
        cost_evaluate_options(&s, &full);
        cost_evaluate_figures(&s, &fig);
        same_figures(&full, &fig, t);
    }
}
END_TEST

/* cost_update_figures after a change to any field of the parts it is told
 * of gives what a fresh evaluation gives, bit for bit: every number field
 * of the cloud and facility sections (the registry's own list), changed
 * alone, from random scenarios; and the other fields are both parts. */
START_TEST(updates_are_fresh_evaluations)
{
    Rng g;
    rng_seed(&g, 26);
    static CostResult kept, fresh;
    size_t tried[4] = {0};
    for (long t = 0; t < test_scale(500); t++) {
        Scenario s;
        random_scenario(&g, &s);
        if (t % 5 == 4)
            s.constraints.compliance_forbids_cloud = true;
        for (size_t i = 0; i < field_count; i++) {
            const Field *f = &field_table[i];
            Diag d;
            if (!sweep_field(f->key, &d))
                continue;
            unsigned parts = cost_field_parts(f->offset);
            Scenario x = s;
            double v = f->type == FT_CHOICE
                           ? (double)(rng_next(&g) % field_choice_count(f))
                           : f->minimum + rng_uniform(&g) *
                                              (fmin(f->maximum, 3 * f->default_num + 10) -
                                               f->minimum);
            if (f->type == FT_INT)
                v = round(v);
            field_put_num(f, &x, v);
            Diag why;
            const Field *bad;
            if (scenario_validate(&x, &bad, &why) != 0)
                continue;
            cost_evaluate_figures(&s, &kept);
            cost_update_figures(&x, parts, &kept);
            cost_evaluate_figures(&x, &fresh);
            same_figures(&kept, &fresh, t);
            tried[parts]++;
            if (parts == (COST_PART_ONPREM | COST_PART_CLOUD))
                ck_assert_msg(strncmp(f->key, "cloud.", 6) != 0 &&
                                  strncmp(f->key, "facility.", 9) != 0,
                              "%s", f->key);
        }
    }
    ck_assert(tried[COST_PART_ONPREM] >= (size_t)test_scale(500) &&
              tried[COST_PART_CLOUD] >= (size_t)test_scale(500));
}
END_TEST

/* A sweep updates the same CostResult row after row: a crossover kept
 * because its lines did not move must be the one of the latest lines, not
 * of some earlier row. Chains of changes to the cloud and facility fields
 * (a few values each, so that steps return to earlier values and leave
 * lines unchanged), each step against a fresh evaluation. */
START_TEST(update_chains_are_fresh_evaluations)
{
    Rng g;
    rng_seed(&g, 27);
    const Field *fields[64];
    size_t nf = 0;
    for (size_t i = 0; i < field_count && nf < 64; i++) {
        Diag d;
        const Field *f = &field_table[i];
        if (sweep_field(f->key, &d) &&
            cost_field_parts(f->offset) != (COST_PART_ONPREM | COST_PART_CLOUD))
            fields[nf++] = f;
    }
    ck_assert(nf >= 10);
    static CostResult kept, fresh;
    long steps = 0, tried = 0;
    /* Counted in steady scenarios tried, not draws: in quick mode two
     * draws may both be unsteady and leave the test nothing to check. */
    for (long t = 0; tried < test_scale(200) && t < 100 * 200; t++) {
        Scenario s;
        random_scenario(&g, &s);
        if (t % 2)
            s.cloud.reserved_overflow = OVERFLOW_SPOT;
        if (!horizon_is_steady(&s))
            continue;
        tried++;
        cost_evaluate_figures(&s, &kept);
        for (int k = 0; k < 40; k++) {
            const Field *f = fields[rng_next(&g) % nf];
            Scenario x = s;
            double lo = f->minimum,
                   hi = fmin(f->maximum, 3 * f->default_num + 10);
            double v = f->type == FT_CHOICE
                           ? (double)(rng_next(&g) % field_choice_count(f))
                           : lo + (double)(rng_next(&g) % 4) / 3 * (hi - lo);
            if (f->type == FT_INT)
                v = round(v);
            field_put_num(f, &x, v);
            Diag why;
            const Field *bad;
            if (scenario_validate(&x, &bad, &why) != 0)
                continue;
            s = x;
            cost_update_figures(&s, cost_field_parts(f->offset), &kept);
            cost_evaluate_figures(&s, &fresh);
            same_figures(&kept, &fresh, t * 100 + k);
            steps++;
        }
    }
    ck_assert_int_eq(tried, test_scale(200));
    ck_assert(steps >= tried * 10);
}
END_TEST

/* The sweep's fixed texts have room for every key it can vary. */
START_TEST(keys_fit)
{
    size_t varied = 0;
    for (size_t i = 0; i < field_count; i++) {
        Diag d;
        if (!sweep_field(field_table[i].key, &d))
            continue;
        varied++;
        ck_assert_msg(strlen(field_table[i].key) <= SWEEP_KEY_MAX, "%s",
                      field_table[i].key);
    }
    ck_assert(varied > 40);
}
END_TEST

/* The places of an axis: those FROM and STEP are written with, -1 with an
 * exponent. */
START_TEST(axis_places)
{
    static const struct {
        const char *spec;
        int places;
    } rows[] = {
        {"hardware.nodes=1:100:1", 0},
        {"cloud.spot_gpu_hour=1:10:0.1", 1},
        {"cloud.spot_gpu_hour=1.25:10:0.5", 2},
        {"cloud.spot_gpu_hour=1e-1:10:1", -1},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        SweepAxis a;
        Diag d;
        ck_assert_msg(sweep_axis_parse(rows[i].spec, &a, &d) == 0, "%s", rows[i].spec);
        ck_assert_int_eq(a.places, rows[i].places);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("sweep");
    TCase *t = tcase_create("axes");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, inclusive_counts);
    tcase_add_test(t, values_keep_the_written_places);
    tcase_add_test(t, bad_axes);
    tcase_add_test(t, corners_agree_with_every_combination);
    tcase_add_test(t, rows_multiply);
    tcase_add_test(t, rows_exact);
    tcase_add_test(t, keys_fit);
    tcase_add_test(t, figures_are_the_full_evaluations);
    tcase_add_test(t, updates_are_fresh_evaluations);
    tcase_add_test(t, update_chains_are_fresh_evaluations);
    tcase_add_test(t, axis_places);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
