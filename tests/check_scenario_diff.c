/* check_scenario_diff.c: every input that differs between two scenarios
 * (scenario_diff.h; DESIGN 11.1): registry order, exact comparison, list
 * items matched by name, renamed in place, added, removed and reordered,
 * sections on one side, and the capacity holding the largest diff. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_diff.h"
#include "scenario_edit.h"

static ScenarioDiff diff_buf;

static void set(Scenario *s, const char *key, const char *text)
{
    Diag d;
    ck_assert_msg(scenario_set(s, key, text, &d) == 0, "%s=%s: %s", key, text, d.message);
}

/* Append a workload named `name` with `per_day` arrivals and `gpus`. */
static void workload(Scenario *s, const char *name, const char *per_day, const char *gpus)
{
    const char *leaves[] = {"name", "per_day", "gpus"};
    const char *vals[] = {name, per_day, gpus};
    Diag d;
    size_t at = s->has_hybrid ? s->hybrid.workload_count : 0;
    ck_assert_msg(scenario_list_insert_text(s, &field_list_workloads, at, leaves, vals, 3, &d) ==
                      0,
                  "%s", d.message);
}

static void input(Scenario *s, const char *key, const char *low, const char *high)
{
    const char *leaves[] = {"key", "low", "high"};
    const char *vals[] = {key, low, high};
    Diag d;
    size_t at = s->has_uncertainty ? s->uncertainty.input_count : 0;
    ck_assert_msg(scenario_list_insert_text(s, &field_list_inputs, at, leaves, vals, 3, &d) == 0,
                  "%s", d.message);
}

static const ScenarioDiff *diff(const Scenario *a, const Scenario *b)
{
    scenario_diff(a, b, &diff_buf);
    return &diff_buf;
}

/* "VALUE hardware.nodes", "ADDED workloads 2", ...: an entry in words. */
static const char *entry(const InputDiff *e)
{
    static char buf[160];
    static const char *const kind[] = {"VALUE", "SECTION+", "SECTION-", "ADDED",
                                       "REMOVED", "ORDER"};
    if (e->kind == DIFF_VALUE && e->list)
        snprintf(buf, sizeof buf, "VALUE %s %zu/%zu", e->row->key, e->old_item, e->new_item);
    else if (e->kind == DIFF_VALUE)
        snprintf(buf, sizeof buf, "VALUE %s%s%s", e->row->key, e->has_old ? "" : " (new only)",
                 e->has_new ? "" : " (old only)");
    else if (e->kind == DIFF_ITEM_ADDED)
        snprintf(buf, sizeof buf, "ADDED %s %zu", e->list->key, e->new_item);
    else if (e->kind == DIFF_ITEM_REMOVED)
        snprintf(buf, sizeof buf, "REMOVED %s %zu", e->list->key, e->old_item);
    else if (e->kind == DIFF_ITEM_ORDER)
        snprintf(buf, sizeof buf, "ORDER %s", e->list->key);
    else
        snprintf(buf, sizeof buf, "%s %d", kind[e->kind], (int)e->scope);
    return buf;
}

/* The entries of d joined by "; ". */
static const char *all(const ScenarioDiff *d)
{
    static char buf[4096];
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < d->count && len < sizeof buf; i++)
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", i ? "; " : "",
                                entry(&d->item[i]));
    return buf;
}

START_TEST(same_scenarios_differ_in_nothing)
{
    Scenario a;
    scenario_default(&a);
    Scenario b = a;
    ck_assert_uint_eq(scenario_diff(&a, &b, &diff_buf), 0);
    ck_assert_uint_eq(diff_buf.count, 0);
}
END_TEST

START_TEST(values_in_registry_order)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    /* Set in another order than the registry's: listed in its order. */
    set(&b, "cloud.spot_gpu_hour", "3.1");
    set(&b, "hardware.gpu_model", "B200");
    set(&b, "hardware.nodes", "2");
    set(&b, "name", "Option B");
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE name; VALUE hardware.gpu_model; "
                                        "VALUE hardware.nodes; VALUE cloud.spot_gpu_hour");
    /* Exactly: the smallest step a double takes is a difference. */
    b = a;
    b.hardware.node_price = a.hardware.node_price * (1 + 2.3e-16);
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE hardware.node_price");
}
END_TEST

START_TEST(items_matched_by_name_not_position)
{
    Scenario a, b;
    scenario_default(&a);
    workload(&a, "train", "1", "8");
    workload(&a, "infer", "24", "2");
    workload(&a, "exp", "6", "4");
    b = a;
    /* The same items in another order: only the order differs. */
    b.hybrid.workloads[0] = a.hybrid.workloads[1];
    b.hybrid.workloads[1] = a.hybrid.workloads[0];
    ck_assert_str_eq(all(diff(&a, &b)), "ORDER hybrid.workloads");
    /* A value of a moved item: named by its place on each side. */
    set(&b, "hybrid.workloads[0].gpus", "3");
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE hybrid.workloads[].gpus 1/0; ORDER hybrid.workloads");
}
END_TEST

START_TEST(renamed_in_place_or_replaced)
{
    Scenario a, b;
    scenario_default(&a);
    workload(&a, "train", "1", "8");
    workload(&a, "exp", "6", "4");
    b = a;
    /* Renamed, otherwise alike: the same item, its name changed. */
    set(&b, "hybrid.workloads[1].name", "experiments");
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE hybrid.workloads[].name 1/1");
    /* Renamed and changed in most of its values: another item. */
    set(&b, "hybrid.workloads[1].schedule", "0 * * * *");
    set(&b, "hybrid.workloads[1].gpus", "1");
    set(&b, "hybrid.workloads[1].hours", "3");
    set(&b, "hybrid.workloads[1].run", "cloud");
    set(&b, "hybrid.workloads[1].cloud_mode", "spot");
    ck_assert_str_eq(all(diff(&a, &b)), "ADDED hybrid.workloads 1; REMOVED hybrid.workloads 1");
    /* One removed, one added at the end. */
    b = a;
    Diag d;
    ck_assert_int_eq(scenario_list_remove(&b, &field_list_workloads, 0, &d), 0);
    workload(&b, "ci", "20", "1");
    ck_assert_str_eq(all(diff(&a, &b)), "ADDED hybrid.workloads 1; REMOVED hybrid.workloads 0");
}
END_TEST

START_TEST(repeated_names_pair_in_turn)
{
    Scenario a, b;
    scenario_default(&a);
    workload(&a, "job", "1", "8");
    workload(&a, "job", "2", "4");
    b = a;
    set(&b, "hybrid.workloads[1].gpus", "2");
    /* The second "job" with the second: no order change, one value. */
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE hybrid.workloads[].gpus 1/1");
}
END_TEST

START_TEST(switched_and_optional_rows)
{
    Scenario a, b;
    scenario_default(&a);
    workload(&a, "train", "1", "8");
    b = a;
    /* per_day -> schedule: both rows differ, each "not given" on a side. */
    set(&b, "hybrid.workloads[0].schedule", "0 2 * * *");
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE hybrid.workloads[].schedule 0/0; "
                                        "VALUE hybrid.workloads[].per_day 0/0");
    const InputDiff *e = &diff_buf.item[0];
    ck_assert(!field_in_use(e->row, &a, 0) && field_in_use(e->row, &b, 0));
    /* An optional row given on one side only. */
    b = a;
    set(&b, "hybrid.workloads[0].max_wait_minutes", "30");
    ck_assert_str_eq(all(diff(&a, &b)), "VALUE hybrid.workloads[].max_wait_minutes 0/0");
}
END_TEST

START_TEST(a_section_on_one_side)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    input(&b, "utilization.measured_pct", "40", "70");
    input(&b, "hardware.node_price", "290000", "345000");
    const ScenarioDiff *d = diff(&a, &b);
    ck_assert_str_eq(all(d), "SECTION+ 2; VALUE uncertainty.draws (new only); "
                             "VALUE uncertainty.seed (new only); "
                             "ADDED uncertainty.inputs 0; ADDED uncertainty.inputs 1");
    /* And back: removed, the values on the old side only. */
    ck_assert_str_eq(all(diff(&b, &a)), "SECTION- 2; VALUE uncertainty.draws (old only); "
                                        "VALUE uncertainty.seed (old only); "
                                        "REMOVED uncertainty.inputs 0; "
                                        "REMOVED uncertainty.inputs 1");
    /* Inputs are matched by their key. */
    Scenario c = b;
    c.uncertainty.inputs[0] = b.uncertainty.inputs[1];
    c.uncertainty.inputs[1] = b.uncertainty.inputs[0];
    set(&c, "uncertainty.inputs[0].high", "350000");
    ck_assert_str_eq(all(diff(&b, &c)), "VALUE uncertainty.inputs[].high 1/0; "
                                        "ORDER uncertainty.inputs");
}
END_TEST

/* A section one side gives lists the values its file sets: the rows a
 * saved file leaves out at their default (no trace, its grouping, backfill
 * off) are unset on both sides; set, they are listed. */
START_TEST(a_section_lists_what_it_sets)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    workload(&b, "train", "4", "8");
    const ScenarioDiff *d = diff(&a, &b);
    ck_assert_str_eq(all(d), "SECTION+ 1; VALUE hybrid.days (new only); "
                             "VALUE hybrid.onprem_nodes (new only); "
                             "VALUE hybrid.max_wait_minutes (new only); "
                             "VALUE hybrid.cloud_idle_minutes (new only); "
                             "VALUE hybrid.seed (new only); "
                             "ADDED hybrid.workloads 0");
    set(&b, "hybrid.backfill", "true");
    set(&b, "hybrid.trace", "jobs.csv");
    set(&b, "hybrid.trace_group_by", "account");
    ck_assert_str_eq(all(diff(&a, &b)), "SECTION+ 1; VALUE hybrid.days (new only); "
                                        "VALUE hybrid.onprem_nodes (new only); "
                                        "VALUE hybrid.max_wait_minutes (new only); "
                                        "VALUE hybrid.cloud_idle_minutes (new only); "
                                        "VALUE hybrid.seed (new only); "
                                        "VALUE hybrid.backfill (new only); "
                                        "ADDED hybrid.workloads 0; "
                                        "VALUE hybrid.trace (new only); "
                                        "VALUE hybrid.trace_group_by (new only)");
    ck_assert_ptr_nonnull(strstr(all(diff(&b, &a)), "VALUE hybrid.trace (old only)"));
}
END_TEST

/* The largest difference two scenarios can have fits the capacity:
 * every scalar, every value of full lists, both sections' rows. */
START_TEST(largest_diff_fits)
{
    static Scenario a, b;
    scenario_default(&a);
    scenario_default(&b);
    set(&b, "name", "other");
    char name[32];
    for (int i = 0; i < HYBRID_MAX_WORKLOADS; i++) {
        snprintf(name, sizeof name, "w%d", i);
        workload(&a, name, "1", "1");
        workload(&b, name, "2", "2");
    }
    /* A range around the value of every field an input may name (each
     * field has one), another one in b. */
    size_t inputs = 0;
    for (size_t k = 0; k < field_count && inputs < UNC_MAX_INPUTS; k++) {
        Diag msg;
    char lo[2][40], hi[2][40];
        const Field *f = field_number_key(field_table[k].key, &msg);
        if (!f)
            continue;
        double v = field_get_num(f, &a);
        for (int side = 0; side < 2; side++) {
            double w = side ? 0.2 : 0.1;
            double l = v != 0 ? v - fabs(v) * w : -w;
            double h = v != 0 ? v + fabs(v) * w : w;
            if (h > f->maximum)
                h = f->maximum;
            if (l < f->minimum)
                l = f->minimum;
            if (f->type == FT_INT) {
                l = floor(l);
                h = ceil(h) > l ? ceil(h) : l + 1;
            }
            snprintf(lo[side], sizeof lo[side], "%.17g", l);
            snprintf(hi[side], sizeof hi[side], "%.17g", h);
        }
        if (strcmp(lo[0], hi[0]) == 0 || strcmp(lo[1], hi[1]) == 0)
            continue;
        input(&a, f->key, lo[0], hi[0]);
        input(&b, f->key, lo[1], hi[1]);
        inputs++;
    }
    ck_assert_uint_gt(inputs, 30);
    size_t n = scenario_diff(&a, &b, &diff_buf);
    ck_assert_uint_gt(n, 2 * HYBRID_MAX_WORKLOADS + inputs);
    ck_assert_uint_le(n, SCENARIO_DIFF_MAX);
}
END_TEST

static Suite *diff_suite(void)
{
    Suite *s = suite_create("scenario_diff");
    TCase *t = tcase_create("diff");
    tcase_add_test(t, same_scenarios_differ_in_nothing);
    tcase_add_test(t, values_in_registry_order);
    tcase_add_test(t, items_matched_by_name_not_position);
    tcase_add_test(t, renamed_in_place_or_replaced);
    tcase_add_test(t, repeated_names_pair_in_turn);
    tcase_add_test(t, switched_and_optional_rows);
    tcase_add_test(t, a_section_on_one_side);
    tcase_add_test(t, a_section_lists_what_it_sets);
    tcase_add_test(t, largest_diff_fits);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(diff_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
