/* check_result_diff.c: every result that moves between two evaluated
 * scenarios (result_diff.h; DESIGN 11.2): which results, in which order,
 * with which values, what is not a move (rounding, n/a on both sides),
 * the hybrid plan's totals, and the keys. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "result_diff.h"
#include "scenario_edit.h"

typedef struct Side {
    Scenario s;
    CostResult r;
    HorizonResult h;
} Side;

static void set(Scenario *s, const char *key, const char *text)
{
    Diag d;
    ck_assert_msg(scenario_set(s, key, text, &d) == 0, "%s=%s: %s", key, text, d.message);
}

static void eval(Side *x)
{
    cost_evaluate(&x->s, &x->r);
    horizon_evaluate(&x->s, &x->h, NULL);
}

static size_t moves(Side *a, Side *b, ResultDiff *d)
{
    eval(a);
    eval(b);
    ResultSide ra = {&a->r, &a->h, NULL}, rb = {&b->r, &b->h, NULL};
    return result_diff(&ra, &rb, d);
}

/* The keys of d's moves joined by " ". */
static const char *keys(const ResultDiff *d)
{
    static char buf[4096];
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < d->count && len < sizeof buf; i++) {
        char k[96];
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? " " : "",
                                result_key(&d->move[i], k, sizeof k));
    }
    return buf;
}

START_TEST(nothing_moves_between_equal_results)
{
    static Side a, b;
    scenario_default(&a.s);
    b.s = a.s;
    ResultDiff d;
    ck_assert_uint_eq(moves(&a, &b, &d), 0);
}
END_TEST

START_TEST(the_moves_in_order_with_their_values)
{
    static Side a, b;
    scenario_default(&a.s);
    b.s = a.s;
    set(&b.s, "cloud.spot_gpu_hour", "3.5");
    ResultDiff d;
    moves(&a, &b, &d);
    /* Spot's price moves spot's figures, its crossover, its NPV, the
     * break-even and IRR against it: nothing of on-prem's or the others'. */
    ck_assert_str_eq(keys(&d), "options.spot.monthly options.spot.per_useful_gpu_hour "
                               "crossovers.spot horizon.npv.spot "
                               "horizon.irr_pct.spot");
    const ResultMove *m = &d.move[0];
    ck_assert(m->kind == RES_MONTHLY && m->option == OPT_SPOT);
    ck_assert(m->old_value == a.r.option[OPT_SPOT].monthly);
    ck_assert(m->new_value == b.r.option[OPT_SPOT].monthly);
    ck_assert(result_is_money(m->kind));
    ck_assert_double_eq_tol(d.move[2].old_cross.pct, 76.0, 0.01);
    /* Dearer spot: owning catches up with it at a lower utilization. */
    ck_assert(d.move[2].new_cross.pct < d.move[2].old_cross.pct);
    /* Enough to change the cheapest, the zone's agreement and the advice. */
    set(&b.s, "utilization.measured_pct", "85");
    moves(&a, &b, &d);
    ck_assert_ptr_nonnull(strstr(keys(&d), "useful_gpu_hours_month options.onprem.monthly"));
    ck_assert_ptr_nonnull(strstr(keys(&d), " cheapest zone "));
    ck_assert_ptr_nonnull(strstr(keys(&d), " advice "));
    for (size_t i = 0; i < d.count; i++)
        if (d.move[i].kind == RES_CHEAPEST) {
            ck_assert_int_eq((int)d.move[i].old_value, OPT_SPOT);
            ck_assert_int_eq((int)d.move[i].new_value, OPT_ONPREM);
        }
}
END_TEST

START_TEST(rounding_and_none_are_not_moves)
{
    static Side a, b;
    scenario_default(&a.s);
    b.s = a.s;
    /* A figure a last bit apart is the same result (DESIGN 2.4). */
    b.s.hardware.node_price = nextafter(a.s.hardware.node_price, INFINITY);
    ResultDiff d;
    ck_assert_uint_eq(moves(&a, &b, &d), 0);
    /* No useful work on both sides: n/a per useful GPU-hour is no move. */
    set(&a.s, "utilization.measured_pct", "0");
    b.s = a.s;
    set(&b.s, "hardware.node_price", "300000");
    moves(&a, &b, &d);
    ck_assert(isnan(a.r.option[OPT_ONPREM].per_useful_gpu_hour));
    ck_assert_ptr_null(strstr(keys(&d), "per_useful_gpu_hour"));
    ck_assert_ptr_nonnull(strstr(keys(&d), "options.onprem.monthly"));
}
END_TEST

START_TEST(hybrid_totals_when_both_have_a_plan)
{
    static Side a, b;
    scenario_default(&a.s);
    b.s = a.s;
    HybridResult ha, hb;
    memset(&ha, 0, sizeof ha);
    hb = ha;
    hb.total_monthly = 10;
    hb.optimum.onprem_nodes = 2;
    eval(&a);
    eval(&b);
    ResultDiff d;
    ResultSide ra = {&a.r, &a.h, &ha}, rb = {&b.r, &b.h, &hb};
    result_diff(&ra, &rb, &d);
    ck_assert_str_eq(keys(&d), "hybrid.total_monthly hybrid.optimum.onprem_nodes");
    rb.hybrid = NULL;
    result_diff(&ra, &rb, &d);
    ck_assert_str_eq(keys(&d), "hybrid");
    ck_assert(d.move[0].old_value == 1 && d.move[0].new_value == 0);
}
END_TEST

static Suite *result_suite(void)
{
    Suite *s = suite_create("result_diff");
    TCase *t = tcase_create("moves");
    tcase_add_test(t, nothing_moves_between_equal_results);
    tcase_add_test(t, the_moves_in_order_with_their_values);
    tcase_add_test(t, rounding_and_none_are_not_moves);
    tcase_add_test(t, hybrid_totals_when_both_have_a_plan);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(result_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
