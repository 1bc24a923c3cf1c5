/* check_scenario_change.c: what differs between two versions of a
 * scenario, in words (scenario_change.h; DESIGN 8: what undo and redo
 * say they did). */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_change.h"
#include "scenario_edit.h"

static void set(Scenario *s, const char *key, const char *text)
{
    Diag d;
    ck_assert_msg(scenario_set(s, key, text, &d) == 0, "%s=%s: %s", key, text, d.message);
}

/* The default scenario with a plan of two workloads. */
static void plan(Scenario *s)
{
    scenario_default(s);
    const char *leaves[] = {"name", "per_day"};
    const char *a[] = {"nightly", "2"}, *b[] = {"adhoc", "6"};
    Diag d;
    ck_assert_int_eq(scenario_list_insert_text(s, &field_list_workloads, 0, leaves, a, 2, &d), 0);
    ck_assert_int_eq(scenario_list_insert_text(s, &field_list_workloads, 1, leaves, b, 2, &d), 0);
}

static const char *said(const Scenario *from, const Scenario *to, size_t *count)
{
    static char buf[300];
    *count = scenario_change_text(from, to, "->", buf, sizeof buf);
    return buf;
}

START_TEST(one_value_by_its_label)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    size_t n;
    ck_assert_str_eq(said(&a, &b, &n), "");
    ck_assert_uint_eq(n, 0);
    set(&b, "hardware.nodes", "5");
    ck_assert_str_eq(said(&a, &b, &n), "Nodes 4 -> 5");
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(said(&b, &a, &n), "Nodes 5 -> 4");
    /* yes/no, a choice, a short text */
    b = a;
    set(&b, "constraints.compliance_forbids_cloud", "true");
    ck_assert_str_eq(said(&a, &b, &n), "Compliance forbids cloud no -> yes");
    b = a;
    set(&b, "cloud.reserved_overflow", "spot");
    ck_assert_str_eq(said(&a, &b, &n), "Overflow bought on_demand -> spot");
    b = a;
    set(&b, "hardware.gpu_model", "B200");
    ck_assert_str_eq(said(&a, &b, &n), "GPU model 'H100 SXM' -> 'B200'");
}
END_TEST

/* Two rows with one label ("Seed": the plan's and the uncertainty
 * section's) are named by their keys; long texts are said to have
 * changed. */
START_TEST(ambiguous_labels_and_long_texts)
{
    Scenario a, b;
    plan(&a);
    b = a;
    set(&b, "hybrid.seed", "7");
    size_t n;
    ck_assert_str_eq(said(&a, &b, &n), "hybrid.seed 1 -> 7");
    scenario_default(&a);
    b = a;
    set(&b, "notes", "first line\nsecond line");
    ck_assert_str_eq(said(&a, &b, &n), "Notes changed");
}
END_TEST

/* Several values: the first in file order and how many more. */
START_TEST(several)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    set(&b, "cloud.spot_gpu_hour", "2");
    set(&b, "hardware.nodes", "6");
    set(&b, "cloud.on_demand_gpu_hour", "3");
    size_t n;
    ck_assert_str_eq(said(&a, &b, &n), "Nodes 4 -> 6 and 2 more");
    ck_assert_uint_eq(n, 3);
}
END_TEST

/* Sections and items added or removed, and a workload's values. */
START_TEST(items_and_sections)
{
    Scenario a, b;
    scenario_default(&a);
    plan(&b);
    size_t n;
    ck_assert_str_eq(said(&a, &b, &n), "hybrid plan added");
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(said(&b, &a, &n), "hybrid plan removed");
    plan(&a);
    b = a;
    Diag d;
    ck_assert_int_eq(scenario_list_remove(&b, &field_list_workloads, 0, &d), 0);
    ck_assert_str_eq(said(&a, &b, &n), "workload 'nightly' removed");
    ck_assert_str_eq(said(&b, &a, &n), "workload 'nightly' added");
    b = a;
    set(&b, "hybrid.workloads[1].gpus", "4");
    ck_assert_str_eq(said(&a, &b, &n), "workload 'adhoc' GPUs 1 -> 4");
    b = a;
    set(&b, "hybrid.workloads[1].max_wait_minutes", "15");
    ck_assert_str_eq(said(&a, &b, &n), "workload 'adhoc' Wait limit not given -> 15");
    UncInput in = {.low = 2, .high = 6};
    snprintf(in.key, sizeof in.key, "hardware.nodes");
    b = a;
    ck_assert_int_eq(scenario_list_insert(&b, &field_list_inputs, 0, &in, &d), 0);
    ck_assert_str_eq(said(&a, &b, &n), "uncertainty ranges added");
    a = b;
    set(&b, "uncertainty.inputs[0].high", "8");
    ck_assert_str_eq(said(&a, &b, &n), "input hardware.nodes High 6 -> 8");
    /* A pair of inputs is named by both of them. */
    UncInput in2 = {.low = 1, .high = 3};
    snprintf(in2.key, sizeof in2.key, "facility.pue");
    ck_assert_int_eq(scenario_list_insert(&b, &field_list_inputs, 1, &in2, &d), 0);
    UncPair p = {.rho = 0};
    snprintf(p.a, sizeof p.a, "hardware.nodes");
    snprintf(p.b, sizeof p.b, "facility.pue");
    ck_assert_int_eq(scenario_list_insert(&b, &field_list_pairs, 0, &p, &d), 0);
    a = b;
    set(&b, "uncertainty.correlations[0].rho", "0.5");
    ck_assert_str_eq(said(&a, &b, &n), "pair hardware.nodes and facility.pue Rank corr. 0 -> 0.5");
}
END_TEST

/* Numbers read as every number on screen (DESIGN 8): grouped by thousands,
 * ten significant digits; two values that read the same that way are told
 * apart by their saved text. */
START_TEST(numbers_grouped)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    size_t n;
    set(&b, "hardware.node_price", "263471.5565");
    ck_assert_str_eq(said(&a, &b, &n), "Node price 310,000 -> 263,471.5565");
    a = b;
    /* 263471.55650001 has 14 significant digits: shown with ten it reads
     * 263,471.5565 as the value before it does. */
    set(&b, "hardware.node_price", "263471.55650001");
    ck_assert_str_eq(said(&a, &b, &n), "Node price 263471.5565 -> 263471.55650001");
}
END_TEST

/* A buffer too small for the phrase gets as much as fits, ended in "...". */
START_TEST(cut_says_so)
{
    Scenario a, b;
    scenario_default(&a);
    b = a;
    set(&b, "hardware.nodes", "5");
    char buf[8];
    ck_assert_uint_eq(scenario_change_text(&a, &b, "->", buf, sizeof buf), 1);
    ck_assert_str_eq(buf, "Node...");
}
END_TEST

static Suite *change_suite(void)
{
    Suite *s = suite_create("scenario_change");
    TCase *t = tcase_create("change");
    tcase_add_test(t, one_value_by_its_label);
    tcase_add_test(t, ambiguous_labels_and_long_texts);
    tcase_add_test(t, several);
    tcase_add_test(t, items_and_sections);
    tcase_add_test(t, cut_says_so);
    tcase_add_test(t, numbers_grouped);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(change_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
