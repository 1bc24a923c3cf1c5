/* check_scenario_edit.c: the one edit path (scenario_edit.h; DESIGN 3, 7, 8): a value set from
 * text is checked with every rule that involves it, the cross-field rules
 * included whichever side is changed, and is applied whole or not at all;
 * nudges, --set batches and the loader go the same way; list items are
 * inserted and removed through it too. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_edit.h"
#include "scenario_file.h"

/* The default scenario with a plan of two workloads (a schedule and a
 * rate); onprem_nodes follows hardware.nodes (4). */
static void plan(Scenario *s)
{
    scenario_default(s);
    s->has_hybrid = true;
    scenario_hybrid_default(s);
    field_item_default(&field_list_workloads, s, 0);
    field_item_default(&field_list_workloads, s, 1);
    s->hybrid.workload_count = 2;
    Diag d;
    ck_assert(scenario_set(s, "hybrid.workloads[0].name", "nightly", &d) == 0);
    ck_assert(scenario_set(s, "hybrid.workloads[0].schedule", "0 2 * * *", &d) == 0);
    ck_assert(scenario_set(s, "hybrid.workloads[1].name", "adhoc", &d) == 0);
    ck_assert(scenario_set(s, "hybrid.workloads[1].per_day", "6", &d) == 0);
    ck_assert(s->hybrid.onprem_nodes == 4);
}

/* Workloads of 100,000 jobs a day after the plan's own, n workloads in
 * all: at 366 days 27 of them (988,200,000 jobs) fit the plan's job limit
 * (1,000,000,000), and one more workload at that rate passes it. */
static void crowd(Scenario *s, size_t n)
{
    HybridWorkload w = s->hybrid.workloads[1];
    w.per_day = 100000;
    while (s->hybrid.workload_count < n)
        s->hybrid.workloads[s->hybrid.workload_count++] = w;
}

static const struct {
    const char *key, *text;
    const char *path; /* NULL = accepted; else the field blamed */
    const char *frag; /* in the message */
} set_rows[] = {
    /* accepted */
    {"hardware.nodes", "6", NULL, NULL},
    {"facility.node_power_busy_kw", "10.2", NULL, NULL},
    {"hybrid.onprem_nodes", "0", NULL, NULL},
    {"hybrid.workloads[1].cloud_mode", "spot", NULL, NULL},
    {"hybrid.workloads[0].per_day", "3", NULL, NULL},
    {"hybrid.workloads[1].schedule", "*/30 9-17 * * 1-5", NULL, NULL},
    {"hybrid.backfill", "true", NULL, NULL},
    {"hybrid.workloads[0].priority", "5", NULL, NULL},
    {"hybrid.workloads[1].max_wait_minutes", "30", NULL, NULL},
    {"hybrid.workloads[1].cloud_gpu_hour", "1.5", NULL, NULL},
    /* the field's own rules */
    {"utilization.measured_pct", "140", "utilization.measured_pct",
     "140 is above 100"},
    {"hybrid.workloads[1].hours", "0", "hybrid.workloads[1].hours",
     "0 is not above 0 (expected a number above 0, up to 8,784)"},
    {"hybrid.workloads[1].schedule", "0 25 * * *",
     "hybrid.workloads[1].schedule", "is not a cron schedule: hour 25"},
    {"hybrid.workloads[1].run", "sometimes", "hybrid.workloads[1].run",
     "(expected onprem, cloud or burst)"},
    {"hybrid.workloads[2].gpus", "1", "hybrid.workloads[2].gpus",
     "there is no workload 2 (the plan has 2, numbered from 0)"},
    {"nodes", "2", "", "unknown key `nodes` (did you mean `hardware.nodes`?)"},
    /* cross-field rules, whichever side is set */
    {"facility.node_power_busy_kw", "11", "facility.node_power_busy_kw",
     "busy power 11 kW is above the provisioned 10.2 kW"},
    {"facility.node_power_max_kw", "5", "facility.node_power_busy_kw",
     "busy power 7.7 kW is above the provisioned 5 kW"},
    {"facility.node_power_idle_kw", "8", "facility.node_power_idle_kw",
     "idle power 8 kW is above the busy 7.7 kW"},
    {"hybrid.onprem_nodes", "5", "hybrid.onprem_nodes",
     "5 on-prem nodes is more than hardware.nodes (4)"},
    {"hardware.nodes", "3", "hybrid.onprem_nodes",
     "4 on-prem nodes is more than hardware.nodes (3)"},
};

START_TEST(set_checks_every_rule)
{
    Scenario s, before;
    plan(&s);
    before = s;
    Diag d;
    int rc = scenario_set(&s, set_rows[_i].key, set_rows[_i].text, &d);
    if (!set_rows[_i].path) {
        ck_assert_msg(rc == 0, "%s=%s: %s", set_rows[_i].key, set_rows[_i].text,
                      d.message);
        FieldRef r;
        Diag msg;
        char back[128];
        ck_assert(field_resolve(set_rows[_i].key, &r, &msg) == 0);
        field_format(field_ref(&r), &s, back, sizeof back);
        ck_assert_str_eq(back, set_rows[_i].text);
        return;
    }
    ck_assert_int_eq(rc, EXIT_DATAERR);
    ck_assert_str_eq(d.path, set_rows[_i].path);
    ck_assert_msg(strstr(d.message, set_rows[_i].frag) != NULL, "%s=%s: got \"%s\"",
                  set_rows[_i].key, set_rows[_i].text, d.message);
    ck_assert_msg(scenario_equal(&s, &before), "a refused edit changed the scenario");
}
END_TEST

/* A schedule replaces a rate and a rate a schedule, with the parsed cron. */
START_TEST(set_switches_alternatives)
{
    Scenario s;
    plan(&s);
    Diag d;
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[1].schedule", "15 */2 * * *", &d), 0);
    ck_assert(s.hybrid.workloads[1].has_schedule);
    ck_assert(s.hybrid.workloads[1].schedule.minutes == (1ull << 15));
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[0].per_day", "2.5", &d), 0);
    ck_assert(!s.hybrid.workloads[0].has_schedule);
    ck_assert(s.hybrid.workloads[0].per_day == 2.5);
}
END_TEST

/* A workload's optional keys are given by setting them (their switch);
 * setting one leaves the other alone, and neither touches the arrivals. */
START_TEST(set_gives_optional_keys)
{
    Scenario s;
    plan(&s);
    Diag d;
    const HybridWorkload *w = &s.hybrid.workloads[0];
    ck_assert(!w->has_max_wait && !w->has_cloud_price);
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[0].cloud_gpu_hour", "2", &d), 0);
    ck_assert(w->has_cloud_price && w->cloud_gpu_hour == 2);
    ck_assert(!w->has_max_wait && w->has_schedule);
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[0].max_wait_minutes", "15", &d), 0);
    ck_assert(w->has_max_wait && w->max_wait_minutes == 15);
    ck_assert(w->has_cloud_price && w->has_schedule);
    /* field_unset gives one up again, and only an optional key. */
    FieldRef r;
    Diag m;
    ck_assert(field_resolve("hybrid.workloads[0].max_wait_minutes", &r, &m) == 0);
    ck_assert(field_unset(&r, &s));
    ck_assert(!w->has_max_wait && w->has_cloud_price && w->has_schedule);
    ck_assert(!field_in_use(r.row, &s, 0));
    Scenario before = s;
    ck_assert(field_resolve("hybrid.workloads[0].schedule", &r, &m) == 0);
    ck_assert(!field_unset(&r, &s));
    ck_assert(field_resolve("hybrid.workloads[0].gpus", &r, &m) == 0);
    ck_assert(!field_unset(&r, &s));
    ck_assert(scenario_equal(&s, &before));
}
END_TEST

/* The plan's job count is a rule of every edit (hybrid_check_jobs),
 * blamed on hybrid.days whichever value raised it. */
START_TEST(set_checks_the_job_limit)
{
    Scenario s, before;
    plan(&s);
    Diag d;
    ck_assert_int_eq(scenario_set(&s, "hybrid.days", "366", &d), 0);
    crowd(&s, 2 + 27);
    ck_assert_int_eq(scenario_check(&s, &d), 0);
    before = s;
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[1].per_day", "100000", &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.days");
    ck_assert_msg(strstr(d.message, "a plan may simulate") != NULL, "%s", d.message);
    ck_assert(scenario_equal(&s, &before));
    s.hybrid.workloads[1].per_day = 100000; /* a sweep's combination */
    ck_assert_int_eq(scenario_check(&s, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.days");
    /* A Monte Carlo draw changes scenario fields only: the rules they take
     * part in, the plan's node count among them, not the plan's own. */
    const Field *bad = NULL;
    Diag msg;
    ck_assert(scenario_validate_scope(&s, FS_SCENARIO, &bad, &msg) == 0);
    s.hardware.nodes = 1;
    ck_assert(scenario_validate_scope(&s, FS_SCENARIO, &bad, &msg) != 0);
    ck_assert_str_eq(bad->key, "hybrid.onprem_nodes");
    ck_assert(scenario_validate_scope(&s, FS_HYBRID, &bad, &msg) != 0);
}
END_TEST

/* A scenario without a plan refuses the plan's keys, saying how to add one. */
START_TEST(set_without_a_plan)
{
    Scenario s, before;
    scenario_default(&s);
    before = s;
    Diag d;
    ck_assert_int_eq(scenario_set(&s, "hybrid.days", "7", &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "no hybrid section"));
    ck_assert(scenario_equal(&s, &before));
}
END_TEST

/* --set: each value is checked as it comes, the rules between fields once
 * all are set; all or nothing. */
START_TEST(set_all_in_any_order)
{
    Scenario s, before;
    plan(&s);
    before = s;
    Diag d;
    size_t bad = 99;
    const char *keys[] = {"facility.node_power_max_kw", "facility.node_power_busy_kw",
                          "facility.node_power_idle_kw"};
    const char *ok[] = {"5", "4", "1"};
    ck_assert_int_eq(scenario_set_all(&s, keys, ok, 3, &bad, &d), 0);
    ck_assert(s.facility.node_power_max_kw == 5 && s.facility.node_power_busy_kw == 4);
    s = before;
    const char *broken[] = {"5", "6", "1"};
    ck_assert_int_eq(scenario_set_all(&s, keys, broken, 3, &bad, &d), EXIT_DATAERR);
    ck_assert_uint_eq(bad, 3); /* the rules, not one value */
    ck_assert_str_eq(d.path, "facility.node_power_busy_kw");
    ck_assert(scenario_equal(&s, &before));
    const char *wrong[] = {"5", "x", "1"};
    ck_assert_int_eq(scenario_set_all(&s, keys, wrong, 3, &bad, &d), EXIT_DATAERR);
    ck_assert_uint_eq(bad, 1);
    ck_assert(scenario_equal(&s, &before));
}
END_TEST

/* Nudges go through the same path: their text, then scenario_set_ref. */
static const struct {
    const char *key;
    int steps;
    const char *text; /* NULL = no nudge */
    const char *frag; /* why not, or the refusal of the edit path */
} nudge_rows[] = {
    {"facility.pue", 1, "1.45", NULL},
    {"facility.pue", -10, "0.9", NULL},           /* clamped to 1 below */
    {"hardware.nodes", 1, "5", NULL},
    {"hardware.gpus_per_node", 100, "64", NULL},  /* clamped to the maximum */
    {"constraints.compliance_forbids_cloud", 1, "true", NULL},
    {"hybrid.workloads[0].run", 1, "cloud", NULL},
    {"hybrid.workloads[0].run", -1, "burst", NULL},
    {"hybrid.workloads[1].cloud_mode", 1, "spot", NULL},
    {"name", 1, NULL, "name is text: Enter edits it"},
    {"hybrid.seed", -1, NULL, "hybrid.seed is at its minimum, 0"},
    /* allowed by the field, refused by a rule on another one */
    {"hardware.nodes", -1, "3", "4 on-prem nodes is more than hardware.nodes (3)"},
    {"facility.node_power_max_kw", -1, "10.1", NULL},
    {"facility.node_power_busy_kw", 30, "10.7",
     "busy power 10.7 kW is above the provisioned 10.2 kW"},
};

START_TEST(nudge_through_the_edit_path)
{
    Scenario s;
    plan(&s);
    s.hybrid.seed = 0;
    FieldRef r;
    char text[64] = "";
    Diag msg;
    ck_assert(field_resolve(nudge_rows[_i].key, &r, &msg) == 0);
    bool moved = scenario_nudge_text(&r, &s, nudge_rows[_i].steps, text, sizeof text, &msg) == 0;
    if (!nudge_rows[_i].text) {
        ck_assert(!moved);
        ck_assert_str_eq(msg.message, nudge_rows[_i].frag);
        return;
    }
    ck_assert_msg(moved, "%s: %s", nudge_rows[_i].key, msg.message);
    if (strcmp(nudge_rows[_i].key, "facility.pue") == 0 && nudge_rows[_i].steps < 0)
        ck_assert_str_eq(text, "1"); /* kept in range */
    else
        ck_assert_str_eq(text, nudge_rows[_i].text);
    Diag d;
    Scenario before = s;
    int rc = scenario_set_ref(&s, &r, text, &d);
    if (nudge_rows[_i].frag) {
        ck_assert_int_eq(rc, EXIT_DATAERR);
        ck_assert_msg(strstr(d.message, nudge_rows[_i].frag) != NULL, "got \"%s\"",
                      d.message);
        ck_assert(scenario_equal(&s, &before));
    } else {
        ck_assert_msg(rc == 0, "%s", d.message);
    }
}
END_TEST

/* An uncertain input's value nudges as the field it names: its step and
 * range; a mode not given starts from the scenario's value (DESIGN 2.8). */
START_TEST(nudge_an_uncertain_input)
{
    Scenario s;
    scenario_default(&s);
    field_scope_default(&s, FS_UNCERTAINTY);
    UncInput *in = &s.uncertainty.inputs[0];
    snprintf(in->key, sizeof in->key, "utilization.measured_pct");
    in->low = 40;
    in->high = 100;
    s.uncertainty.input_count = 1;
    FieldRef r;
    char text[64];
    Diag msg;
    ck_assert(field_resolve("uncertainty.inputs[0].low", &r, &msg) == 0);
    ck_assert(scenario_nudge_text(&r, &s, 1, text, sizeof text, &msg) == 0);
    ck_assert_str_eq(text, "41"); /* measured_pct's step, 1 */
    ck_assert(field_resolve("uncertainty.inputs[0].high", &r, &msg) == 0);
    ck_assert(scenario_nudge_text(&r, &s, 1, text, sizeof text, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "at its maximum, 100")); /* its range */
    ck_assert(field_resolve("uncertainty.inputs[0].mode", &r, &msg) == 0);
    ck_assert(scenario_nudge_text(&r, &s, -1, text, sizeof text, &msg) == 0);
    ck_assert_str_eq(text, "49"); /* from the scenario's 50 */
    Diag d;
    ck_assert_int_eq(scenario_set_ref(&s, &r, text, &d), 0);
    ck_assert(in->has_mode && in->mode == 49);
}
END_TEST

/* The loader checks the same rules with the same words, at the line and
 * column of the field blamed. */
START_TEST(loader_checks_the_same_rules)
{
    static const char *const text =
        "gpuplan: 1\n"
        "hybrid:\n"
        "  onprem_nodes: 3\n"
        "  workloads:\n"
        "    - {name: a, per_day: 1, gpus: 1, hours: 1}\n"
        "hardware:\n"
        "  nodes: 2\n";
    Scenario s;
    Diag d;
    ck_assert_int_eq(scenario_load_yaml("t.yaml", text, strlen(text), &s, &d),
                     EXIT_DATAERR);
    ck_assert_uint_eq(d.line, 3);
    ck_assert_uint_eq(d.col, 3);
    ck_assert_str_eq(d.path, "hybrid.onprem_nodes");
    Scenario t;
    plan(&t);
    Diag e;
    ck_assert_int_eq(scenario_set(&t, "hybrid.onprem_nodes", "1", &e), 0);
    ck_assert_int_eq(scenario_set(&t, "hardware.nodes", "2", &e), 0);
    ck_assert_int_eq(scenario_set(&t, "hybrid.onprem_nodes", "3", &e), EXIT_DATAERR);
    ck_assert_str_eq(d.message, e.message);
}
END_TEST

/* scenario_check: the rules alone, for a scenario changed in place (a
 * sweep's combination). */
START_TEST(check_alone)
{
    Scenario s;
    plan(&s);
    Diag d;
    ck_assert_int_eq(scenario_check(&s, &d), 0);
    s.hardware.nodes = 1;
    ck_assert_int_eq(scenario_check(&s, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.onprem_nodes");
    s.has_hybrid = false; /* the plan's rule needs the plan */
    ck_assert_int_eq(scenario_check(&s, &d), 0);
}
END_TEST

/* A refused value is undone in place: the scenario is left byte for byte
 * as it was (no copy of it is made to try the value). */
START_TEST(set_refused_in_place)
{
    Scenario s, before;
    plan(&s);
    ck_assert_int_eq(scenario_set(&s, "hybrid.days", "366", &(Diag){0}), 0);
    crowd(&s, 2 + 27);
    before = s;
    Diag d;
    /* Accepted by the value's own rules, refused by the plan's job limit. */
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[0].per_day", "100000", &d),
                     EXIT_DATAERR);
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
    ck_assert_int_eq(scenario_set(&s, "facility.node_power_idle_kw", "9", &d), EXIT_DATAERR);
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
    /* An optional key given up and refused likewise. */
    FieldRef r;
    Diag m;
    ck_assert(field_resolve("hybrid.workloads[0].gpus", &r, &m) == 0);
    ck_assert_int_eq(scenario_unset_ref(&s, &r, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "needs a value"));
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
    ck_assert_int_eq(scenario_set(&s, "hybrid.workloads[0].max_wait_minutes", "15", &d), 0);
    ck_assert(field_resolve("hybrid.workloads[0].max_wait_minutes", &r, &m) == 0);
    ck_assert_int_eq(scenario_unset_ref(&s, &r, &d), 0);
    ck_assert(!s.hybrid.workloads[0].has_max_wait);
    ck_assert(scenario_equal(&s, &before));
}
END_TEST

static const char *names(const Scenario *s, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < s->hybrid.workload_count && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "",
                                s->hybrid.workloads[i].name);
    return buf;
}

/* Workloads are inserted and removed anywhere in the list through the
 * edit path, the others keeping their order. */
START_TEST(list_insert_and_remove)
{
    Scenario s;
    plan(&s);
    Diag d;
    char b[256];
    HybridWorkload w = s.hybrid.workloads[0];
    snprintf(w.name, sizeof w.name, "copy");
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 1, &w, &d), 0);
    ck_assert_str_eq(names(&s, b, sizeof b), "nightly,copy,adhoc");
    ck_assert(s.hybrid.workloads[1].has_schedule &&
              s.hybrid.workloads[1].schedule.minutes == s.hybrid.workloads[0].schedule.minutes);
    snprintf(w.name, sizeof w.name, "first");
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 0, &w, &d), 0);
    snprintf(w.name, sizeof w.name, "last");
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 4, &w, &d), 0);
    ck_assert_str_eq(names(&s, b, sizeof b), "first,nightly,copy,adhoc,last");
    ck_assert_int_eq(scenario_list_remove(&s, &field_list_workloads, 2, &d), 0);
    ck_assert_int_eq(scenario_list_remove(&s, &field_list_workloads, 0, &d), 0);
    ck_assert_int_eq(scenario_list_remove(&s, &field_list_workloads, 2, &d), 0);
    ck_assert_str_eq(names(&s, b, sizeof b), "nightly,adhoc");
    ck_assert_double_eq(s.hybrid.workloads[1].per_day, 6);
    Scenario back;
    plan(&back);
    ck_assert(scenario_equal(&s, &back));
}
END_TEST

/* What an insert or a removal may not do leaves the scenario byte for byte
 * as it was, and says why. */
START_TEST(list_refusals)
{
    Scenario s, before;
    plan(&s);
    before = s;
    Diag d;
    HybridWorkload w = s.hybrid.workloads[1];
    /* past the end */
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 3, &w, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.workloads");
    ck_assert_ptr_nonnull(strstr(d.message, "no place 3"));
    ck_assert_int_eq(scenario_list_remove(&s, &field_list_workloads, 2, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "there is no workload 2 (the plan has 2"));
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
    /* a value of the item out of its range, blamed where it sits */
    w.gpus = 0;
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 1, &w, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.workloads[1].gpus");
    ck_assert_ptr_nonnull(strstr(d.message, "0 is below 1"));
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
    /* a rule the new item breaks: the plan's job count */
    ck_assert_int_eq(scenario_set(&s, "hybrid.days", "366", &d), 0);
    crowd(&s, 2 + 27);
    before = s;
    w = s.hybrid.workloads[1];
    w.per_day = 100000;
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 0, &w, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.days");
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
    /* a full list */
    w = s.hybrid.workloads[1];
    while (s.hybrid.workload_count < HYBRID_MAX_WORKLOADS)
        ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads,
                                              s.hybrid.workload_count, &w, &d), 0);
    before = s;
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_workloads, 0, &w, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.message, "at most 32 workloads");
    ck_assert(memcmp(&s, &before, sizeof s) == 0);
}
END_TEST

/* An item written as text, as a file gives it, into a scenario without the
 * section: the section comes with it, and goes again when it is refused. */
START_TEST(list_insert_text_gives_the_section)
{
    Scenario s, before;
    scenario_default(&s);
    before = s;
    Diag d;
    const char *leaves[] = {"name", "per_day", "gpus", "hours", "run"};
    const char *bad[] = {"example", "4", "8", "0", "burst"};
    ck_assert_int_eq(scenario_list_insert_text(&s, &field_list_workloads, 0, leaves, bad,
                                               5, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.workloads[0].hours");
    ck_assert(!s.has_hybrid);
    ck_assert(scenario_equal(&s, &before));
    const char *typo[] = {"nme"};
    ck_assert_int_eq(scenario_list_insert_text(&s, &field_list_workloads, 0, typo, bad,
                                               1, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "did you mean `name`"));
    ck_assert(!s.has_hybrid);
    const char *ok[] = {"example", "4", "8", "2", "burst"};
    ck_assert_int_eq(scenario_list_insert_text(&s, &field_list_workloads, 0, leaves, ok, 5,
                                               &d), 0);
    ck_assert(s.has_hybrid);
    ck_assert_uint_eq(s.hybrid.workload_count, 1);
    ck_assert_str_eq(s.hybrid.workloads[0].name, "example");
    ck_assert(s.hybrid.workloads[0].run == RUN_BURST && !s.hybrid.workloads[0].has_schedule);
    ck_assert_double_eq(s.hybrid.onprem_nodes, s.hardware.nodes); /* the section's defaults */
    /* The name is the one key an item must give. */
    ck_assert_int_eq(scenario_list_insert_text(&s, &field_list_workloads, 1, leaves + 1,
                                               ok + 1, 4, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hybrid.workloads[1].name");
}
END_TEST

/* An uncertain input is checked with the section's rules: high above low,
 * a given mode inside the range (the field's own value need not be: its
 * range is drawn as written, DESIGN 2.8). */
START_TEST(list_insert_an_input)
{
    Scenario s, before;
    scenario_default(&s);
    before = s;
    Diag d;
    UncInput in;
    memset(&in, 0, sizeof in);
    snprintf(in.key, sizeof in.key, "utilization.measured_pct");
    in.low = 60; /* the scenario says 50 */
    in.high = 80;
    in.has_mode = true;
    in.mode = 90;
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_inputs, 0, &in, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "uncertainty.inputs[0].mode");
    ck_assert_ptr_nonnull(strstr(d.message, "mode 90 is outside the range 60 to 80"));
    ck_assert(!s.has_uncertainty);
    ck_assert(scenario_equal(&s, &before));
    in.has_mode = false;
    in.mode = 0;
    in.low = 40;
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_inputs, 0, &in, &d), 0);
    ck_assert(s.has_uncertainty);
    ck_assert_uint_eq(s.uncertainty.input_count, 1);
    snprintf(in.key, sizeof in.key, "hardware.nodse");
    ck_assert_int_eq(scenario_list_insert(&s, &field_list_inputs, 1, &in, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "uncertainty.inputs[1].key");
    ck_assert_uint_eq(s.uncertainty.input_count, 1);
    ck_assert_int_eq(scenario_list_remove(&s, &field_list_inputs, 0, &d), 0);
    ck_assert_uint_eq(s.uncertainty.input_count, 0);
    ck_assert(s.has_uncertainty); /* draws and seed alone are a section */
}
END_TEST

/* An optional key not given moves from the value it takes (the plan's
 * threshold), not from the value stored for it. */
START_TEST(nudge_from_an_inherited_value)
{
    Scenario s;
    plan(&s);
    FieldRef r;
    Diag m;
    char text[64];
    ck_assert(field_resolve("hybrid.workloads[0].max_wait_minutes", &r, &m) == 0);
    ck_assert(!s.hybrid.workloads[0].has_max_wait);
    ck_assert(scenario_nudge_text_from(&r, &s, 30, 1, text, sizeof text, &m) == 0);
    ck_assert_str_eq(text, "40");
    ck_assert(scenario_nudge_text(&r, &s, 1, text, sizeof text, &m) == 0);
    ck_assert_str_eq(text, "100"); /* the stored default, 90, plus a step */
}
END_TEST

static Suite *edit_suite(void)
{
    Suite *s = suite_create("edit");
    TCase *t = tcase_create("edit");
    tcase_add_loop_test(t, set_checks_every_rule, 0,
                        (int)(sizeof set_rows / sizeof set_rows[0]));
    tcase_add_test(t, set_switches_alternatives);
    tcase_add_test(t, set_gives_optional_keys);
    tcase_add_test(t, set_checks_the_job_limit);
    tcase_add_test(t, set_without_a_plan);
    tcase_add_test(t, set_all_in_any_order);
    tcase_add_loop_test(t, nudge_through_the_edit_path, 0,
                        (int)(sizeof nudge_rows / sizeof nudge_rows[0]));
    tcase_add_test(t, loader_checks_the_same_rules);
    tcase_add_test(t, check_alone);
    tcase_add_test(t, nudge_an_uncertain_input);
    tcase_add_test(t, set_refused_in_place);
    tcase_add_test(t, nudge_from_an_inherited_value);
    tcase_add_test(t, list_insert_and_remove);
    tcase_add_test(t, list_refusals);
    tcase_add_test(t, list_insert_text_gives_the_section);
    tcase_add_test(t, list_insert_an_input);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(edit_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
