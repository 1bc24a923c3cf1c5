/* check_scenario_merge.c: three-way merge of a recovery with the file that
 * changed since (scenario_merge.h; DESIGN 7): fields only one side changed
 * are merged, fields both changed differently are conflicts the caller
 * decides, lists and sections that changed shape are merged whole. */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_edit.h"
#include "scenario_file.h"
#include "scenario_merge.h"

static const char plan[] =
    "gpuplan: 1\n"
    "hybrid:\n"
    "  days: 7\n"
    "  workloads:\n"
    "    - {name: train, schedule: \"0 1 * * *\", gpus: 8, hours: 4}\n"
    "    - {name: burst, per_day: 2, gpus: 2, hours: 1.5, run: burst}\n"
    "hardware:\n"
    "  nodes: 3\n";

static Scenario base, rec, file, out;

static void load(Scenario *s)
{
    Diag d;
    ck_assert_int_eq(scenario_load_yaml("plan.yaml", plan, strlen(plan), s, &d), 0);
}

static void set(Scenario *s, const char *key, const char *value)
{
    Diag d;
    ck_assert_msg(scenario_set(s, key, value, &d) == 0, "%s=%s: %s", key, value,
                  d.message);
}

static void setup(void)
{
    load(&base);
    rec = file = base;
}

static void expect(const Scenario *s, const char *key, const char *want)
{
    FieldRef r;
    Diag msg;
    char got[256];
    ck_assert(field_resolve(key, &r, &msg) == 0);
    field_format(field_ref(&r), s, got, sizeof got);
    ck_assert_msg(strcmp(got, want) == 0, "%s is %s, not %s", key, got, want);
}

/* Each side changed its own field: both changes are kept. */
START_TEST(separate_fields_merge)
{
    set(&rec, "utilization.measured_pct", "61");
    set(&file, "hardware.nodes", "6");
    set(&file, "hybrid.workloads[0].hours", "5");
    set(&rec, "hybrid.workloads[0].gpus", "4");
    MergeCounts c;
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, NULL, 0, &c), 0);
    ck_assert_uint_eq(c.from_rec, 2);
    ck_assert_uint_eq(c.from_file, 2);
    Diag d;
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, NULL, &out, &d), 0);
    expect(&out, "utilization.measured_pct", "61");
    expect(&out, "hardware.nodes", "6");
    expect(&out, "hybrid.workloads[0].hours", "5");
    expect(&out, "hybrid.workloads[0].gpus", "4");
}
END_TEST

/* Both changed one field to different values: a conflict, with the three
 * values, decided by the caller either way; the same change on both sides
 * is no conflict. */
START_TEST(one_field_both_changed_is_a_conflict)
{
    set(&rec, "utilization.measured_pct", "61");
    set(&file, "utilization.measured_pct", "70");
    set(&rec, "hardware.nodes", "5");
    set(&file, "hardware.nodes", "5");
    MergeConflict c[2];
    MergeCounts n;
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, c, 2, &n), 1);
    ck_assert_uint_eq(n.conflicts, 1);
    ck_assert_str_eq(c[0].key, "utilization.measured_pct");
    ck_assert_str_eq(c[0].base, "50");
    ck_assert_str_eq(c[0].file, "70");
    ck_assert_str_eq(c[0].rec, "61");
    bool take = true;
    Diag d;
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, &take, &out, &d), 0);
    expect(&out, "utilization.measured_pct", "61");
    expect(&out, "hardware.nodes", "5");
    take = false;
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, &take, &out, &d), 0);
    expect(&out, "utilization.measured_pct", "70");
}
END_TEST

/* A workload switched from a schedule to per_day: the pair is one field. */
START_TEST(alternatives_move_together)
{
    set(&rec, "hybrid.workloads[0].per_day", "3");
    set(&file, "hybrid.workloads[1].gpus", "1");
    Diag d;
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, NULL, 0, NULL), 0);
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, NULL, &out, &d), 0);
    ck_assert(!field_in_use(field_find("hybrid.workloads[].schedule"), &out, 0));
    expect(&out, "hybrid.workloads[0].per_day", "3");
    expect(&out, "hybrid.workloads[1].gpus", "1");
    /* both sides switched it differently: one conflict, not two */
    set(&file, "hybrid.workloads[0].schedule", "0 2 * * *");
    MergeConflict c[3];
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, c, 3, NULL), 1);
    ck_assert_str_eq(c[0].key, "hybrid.workloads[0].schedule");
    ck_assert_str_eq(c[0].rec, "per_day=3");
    ck_assert_str_eq(c[0].file, "schedule=0 2 * * *");
}
END_TEST

/* A list whose length changed on one side only is taken whole from it;
 * changed on both sides, it is one conflict. */
START_TEST(lists_of_another_length_merge_whole)
{
    Diag d;
    rec.hybrid.workload_count = 1; /* the recovery deleted the second */
    set(&file, "hardware.nodes", "6");
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, NULL, 0, NULL), 0);
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, NULL, &out, &d), 0);
    ck_assert_uint_eq(out.hybrid.workload_count, 1);
    expect(&out, "hardware.nodes", "6");
    set(&file, "hybrid.workloads[1].gpus", "1");
    MergeConflict c[2];
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, c, 2, NULL), 1);
    ck_assert_str_eq(c[0].key, "hybrid.workloads");
    ck_assert_str_eq(c[0].rec, "1 workload");
    ck_assert_str_eq(c[0].file, "2 workloads");
}
END_TEST

/* A section added on one side comes over whole; removed on one side and
 * edited on the other, it is a conflict. */
START_TEST(sections_added_or_removed)
{
    Diag d;
    scenario_default(&base);
    rec = file = base;
    load(&rec); /* the recovery added the plan (and 3 nodes) */
    set(&file, "utilization.measured_pct", "70");
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, NULL, 0, NULL), 0);
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, NULL, &out, &d), 0);
    ck_assert(out.has_hybrid);
    ck_assert_uint_eq(out.hybrid.workload_count, 2);
    expect(&out, "utilization.measured_pct", "70");

    load(&base);
    rec = file = base;
    file.has_hybrid = false;
    set(&rec, "hybrid.days", "14");
    MergeConflict c[2];
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, c, 2, NULL), 1);
    ck_assert_str_eq(c[0].key, "hybrid");
    ck_assert_str_eq(c[0].file, "(none)");
    ck_assert_str_eq(c[0].rec, "given");
}
END_TEST

/* Each side valid alone, the merge breaks a rule between fields (the
 * recovery raised the busy draw, the file lowered the maximum): refused,
 * naming the field; the same for conflicts decided across a rule. */
START_TEST(a_merge_that_breaks_a_rule_is_refused)
{
    set(&rec, "facility.node_power_busy_kw", "9");
    set(&file, "facility.node_power_max_kw", "8");
    Diag d;
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, NULL, 0, NULL), 0);
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, NULL, &out, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "facility.node_power_busy_kw");

    rec = file = base;
    set(&rec, "hardware.nodes", "8");
    set(&rec, "hybrid.onprem_nodes", "8");
    set(&file, "hybrid.onprem_nodes", "2");
    set(&file, "hardware.nodes", "2");
    MergeConflict c[2];
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, c, 2, NULL), 2);
    ck_assert_str_eq(c[0].key, "hardware.nodes");
    ck_assert_str_eq(c[1].key, "hybrid.onprem_nodes");
    bool take[2] = {false, true};
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, take, &out, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.onprem_nodes");
    take[0] = true;
    ck_assert_int_eq(scenario_merge(&base, &rec, &file, take, &out, &d), 0);
    expect(&out, "hybrid.onprem_nodes", "8");
}
END_TEST

/* A long text in a conflict is cut with an ellipsis, never silently. */
START_TEST(long_values_are_marked_cut)
{
    char notes[300];
    memset(notes, 'x', sizeof notes - 1);
    notes[sizeof notes - 1] = '\0';
    set(&rec, "notes", notes);
    notes[0] = 'y';
    set(&file, "notes", notes);
    MergeConflict c[1];
    ck_assert_uint_eq(scenario_merge_conflicts(&base, &rec, &file, c, 1, NULL), 1);
    ck_assert_str_eq(c[0].key, "notes");
    ck_assert_uint_lt(strlen(c[0].rec), sizeof c[0].rec);
    ck_assert_str_eq(c[0].rec + strlen(c[0].rec) - 3, "\xe2\x80\xa6");
}
END_TEST

static Suite *merge_suite(void)
{
    Suite *s = suite_create("scenario_merge");
    TCase *t = tcase_create("merge");
    tcase_add_checked_fixture(t, setup, NULL);
    tcase_add_test(t, separate_fields_merge);
    tcase_add_test(t, one_field_both_changed_is_a_conflict);
    tcase_add_test(t, alternatives_move_together);
    tcase_add_test(t, lists_of_another_length_merge_whole);
    tcase_add_test(t, sections_added_or_removed);
    tcase_add_test(t, a_merge_that_breaks_a_rule_is_refused);
    tcase_add_test(t, long_values_are_marked_cut);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(merge_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
