/* check_fields.c: the field registry and value parsing (DESIGN 1.1, 7). */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "numfmt.h"

START_TEST(keys_unique_and_complete)
{
    ck_assert_uint_gt(field_count, 40);
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        ck_assert_ptr_nonnull(f->key);
        ck_assert_msg(f->help && strlen(f->help) > 10, "%s has no help", f->key);
        ck_assert_msg(f->label && *f->label, "%s has no label", f->key);
        ck_assert_msg(f->minimum <= f->maximum, "%s range", f->key);
        if (f->type == FT_TEXT) {
            ck_assert_ptr_nonnull(f->default_text);
            Diag msg;
            /* A list item's required text has no default: it must be
             * given (a workload's name, its schedule when it has one). */
            bool must_give = f->list && (f->required || f->has_when);
            ck_assert_msg(must_give ||
                              field_check_text(f, f->default_text, &msg) == 0,
                          "%s default: %s", f->key, msg.message);
            /* Room for every character in four UTF-8 bytes, except a
             * registry key (an uncertain input's), which is ASCII. */
            ck_assert_uint_ge(f->size, (size_t)((f->rule == TR_NUMBER_KEY ? 1 : 4) *
                                                    f->maximum + 1));
        } else if (f->type == FT_CHOICE) {
            ck_assert_msg(field_choice_count(f) >= 2, "%s has no choices",
                          f->key);
            ck_assert_msg(f->default_num >= 0 &&
                              f->default_num < (double)field_choice_count(f),
                          "%s default", f->key);
            ck_assert_uint_eq(f->size, sizeof(int));
        } else {
            ck_assert_msg(f->minimum <= f->default_num && f->default_num <= f->maximum, "%s default",
                          f->key);
            /* An uncertain input's values step as the field it names. */
            if (f->type != FT_BOOL && !f->plain_comment)
                ck_assert_msg(f->step > 0, "%s has no step", f->key);
        }
        ck_assert_ptr_eq(field_find(f->key), f);
        for (size_t j = i + 1; j < field_count; j++)
            ck_assert_str_ne(f->key, field_table[j].key);
    }
}
END_TEST

START_TEST(sections_in_file_order)
{
    /* A section's fields are contiguous, so the saver can nest them. */
    char prev[32] = "", cur[32];
    const char *seen[16];
    size_t nseen = 0;
    for (size_t i = 0; i < field_count; i++) {
        field_section(&field_table[i], cur, sizeof cur);
        if (strcmp(cur, prev) != 0) {
            for (size_t j = 0; j < nseen; j++)
                ck_assert_msg(strcmp(seen[j], cur) != 0, "%s split", cur);
            seen[nseen++] = field_table[i].key;
            strcpy(prev, cur);
        }
    }
}
END_TEST

/* DESIGN 8's panels, in tab order; the horizon section has its own. */
START_TEST(panels_in_tab_order)
{
    static const char *const names[] = {"Hardware", "Facility", "Staffing",
                                        "Utilization", "Cloud", "Business",
                                        "Horizon", "Hybrid", "Risk"};
    ck_assert_int_eq(PANEL_COUNT, sizeof names / sizeof names[0]);
    for (int p = 0; p < PANEL_COUNT; p++)
        ck_assert_str_eq(panel_name((Panel)p), names[p]);
    for (size_t i = 0; i < field_count; i++)
        if (strncmp(field_table[i].key, "uncertainty.", 12) == 0)
            ck_assert_msg(field_table[i].panel == PANEL_RISK, "%s",
                          field_table[i].key);
        else if (strncmp(field_table[i].key, "horizon.", 8) == 0)
            ck_assert_msg(field_table[i].panel == PANEL_HORIZON, "%s",
                          field_table[i].key);
        else
            ck_assert_msg(field_table[i].panel != PANEL_HORIZON, "%s",
                          field_table[i].key);
}
END_TEST

START_TEST(default_is_valid)
{
    Scenario s;
    scenario_default(&s);
    const Field *bad = NULL;
    Diag msg;
    ck_assert(scenario_validate(&s, &bad, &msg) == 0);
    ck_assert_str_eq(s.name, "32x H100 in colocation, US");
    ck_assert_double_eq(s.hardware.nodes, 4);
    ck_assert_double_eq(s.cloud.on_demand_gpu_hour, 6.88);
}
END_TEST

START_TEST(parse_numbers)
{
    const Field *f = field_find("utilization.measured_pct");
    double v;
    Diag msg;
    ck_assert(field_parse(f, "42.5", &v, &msg) == 0);
    ck_assert_double_eq(v, 42.5);
    ck_assert(field_parse(f, "1e1", &v, &msg) == 0);
    ck_assert_double_eq(v, 10);
    static const char *const bad[] = {"", "abc", "0x10", "inf", "nan", "1,5",
                                      "1e999", "--1", "1.2.3", "140", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(field_parse(f, bad[i], &v, &msg) != 0,
                      "accepted %s", bad[i]);
    ck_assert(field_parse(f, "140", &v, &msg) != 0);
    ck_assert_str_eq(msg.message, "140 is above 100 (expected a number from 0 to 100)");
    ck_assert(field_parse(f, "-0", &v, &msg) == 0);
    ck_assert(!signbit(v));
    const Field *n = field_find("hardware.nodes");
    ck_assert(field_parse(n, "2.5", &v, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "not a whole number"));
    /* A refusal quotes numbers as the screen shows them, grouped, with
     * every digit of the refused value (DESIGN 8). */
    ck_assert(field_parse(n, "290000", &v, &msg) != 0);
    ck_assert_str_eq(msg.message, "290,000 is above 100,000 (expected a whole number "
                                  "from 1 to 100,000)");
    ck_assert(field_parse(n, "1234567.125", &v, &msg) != 0);
    ck_assert_str_eq(msg.message, "1,234,567.125 is not a whole number (expected a whole "
                                  "number from 1 to 100,000)");
}
END_TEST

START_TEST(parse_text_and_bool)
{
    Diag msg;
    double v;
    const Field *cur = field_find("currency");
    ck_assert(field_parse(cur, "EUR", &v, &msg) == 0);
    ck_assert(field_parse(cur, "eur", &v, &msg) != 0);
    ck_assert(field_parse(cur, "EURO", &v, &msg) != 0);
    const Field *name = field_find("name");
    ck_assert(field_parse(name, "", &v, &msg) != 0);
    char longname[200];
    memset(longname, 'a', 81);
    longname[81] = '\0';
    ck_assert(field_parse(name, longname, &v, &msg) != 0);
    /* 80 characters of two bytes each are fine. */
    char utf[200] = "";
    for (int i = 0; i < 80; i++)
        strcat(utf, "\xc3\xa9");
    ck_assert(field_parse(name, utf, &v, &msg) == 0);
    ck_assert(field_parse(name, "\xff\xfe", &v, &msg) != 0);
    const Field *b = field_find("constraints.compliance_forbids_cloud");
    ck_assert(field_parse(b, "true", &v, &msg) == 0);
    ck_assert_double_eq(v, 1);
    ck_assert(field_parse(b, "false", &v, &msg) == 0);
    ck_assert_double_eq(v, 0);
    /* DESIGN 7: true and false only; YAML 1.1's yes/on/1 are refused. */
    static const char *const not_bool[] = {"yes", "no", "on", "off", "1", "0",
                                           "True", "y"};
    for (size_t i = 0; i < sizeof not_bool / sizeof not_bool[0]; i++) {
        ck_assert_msg(field_parse(b, not_bool[i], &v, &msg) != 0, "%s",
                      not_bool[i]);
        ck_assert_msg(strstr(msg.message, "true or false") != NULL, "%s", msg.message);
    }
    ck_assert(field_parse(b, "maybe", &v, &msg) != 0);
}
END_TEST

START_TEST(suggest_nearest)
{
    char sec[32];
    ck_assert_str_eq(field_suggest("utilisation", NULL, sec, sizeof sec), "utilization");
    ck_assert_str_eq(field_suggest("nodez", "hardware", sec, sizeof sec), "hardware.nodes");
    ck_assert_str_eq(field_suggest("hardware.nods", "", sec, sizeof sec), "hardware.nodes");
    ck_assert_ptr_null(field_suggest("zzzzzzzzzz", "hardware", sec, sizeof sec));
    /* A section name lives in the caller's buffer, not in a static one the
     * next call (or another thread) overwrites. */
    char other[32];
    const char *a = field_suggest("hardwar", NULL, sec, sizeof sec);
    const char *b = field_suggest("facilty", NULL, other, sizeof other);
    ck_assert_str_eq(a, "hardware");
    ck_assert_str_eq(b, "facility");
}
END_TEST

START_TEST(cross_field_power)
{
    Scenario s;
    scenario_default(&s);
    s.facility.node_power_busy_kw = 11;
    const Field *bad = NULL;
    Diag msg;
    ck_assert(scenario_validate(&s, &bad, &msg) != 0);
    ck_assert_str_eq(bad->key, "facility.node_power_busy_kw");
    scenario_default(&s);
    s.facility.node_power_idle_kw = 8;
    ck_assert(scenario_validate(&s, &bad, &msg) != 0);
    ck_assert_str_eq(bad->key, "facility.node_power_idle_kw");
}
END_TEST

/* Numbers read and print with '.' even under a ',' locale. */
START_TEST(german_locale)
{
    if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
        /* The locale must exist: .ci/run and ./bootstrap generate it. */
        ck_abort_msg("de_DE.UTF-8 locale is not installed");
    }
    double v;
    ck_assert_int_eq(num_parse("0.09", &v), 0);
    ck_assert_double_eq(v, 0.09);
    ck_assert_int_ne(num_parse("0,09", &v), 0);
    char buf[64];
    num_format_exact(6.88, buf, sizeof buf);
    ck_assert_str_eq(buf, "6.88");
    num_format_money(66075.52, 2, buf, sizeof buf);
    ck_assert_str_eq(buf, "66,075.52");
    Scenario s;
    scenario_default(&s);
    field_format(field_find("facility.pue"), &s, buf, sizeof buf);
    ck_assert_str_eq(buf, "1.4");
    setlocale(LC_ALL, "C");
}
END_TEST

/* A figure too wide for its column is scaled, never cut (DESIGN 8). */
START_TEST(scaled_figures_fit_their_columns)
{
    char buf[32];
    ck_assert(num_format_scaled(1200000, 10, buf, sizeof buf));
    ck_assert_str_eq(buf, "1.2M");
    ck_assert(num_format_scaled(1e12, 10, buf, sizeof buf));
    ck_assert_str_eq(buf, "1T");
    ck_assert(num_format_scaled(729352130, 10, buf, sizeof buf));
    ck_assert_str_eq(buf, "729.4M");
    ck_assert(num_format_scaled(729352130, 4, buf, sizeof buf));
    ck_assert_str_eq(buf, "729M");
    ck_assert(num_format_scaled(-45000, 10, buf, sizeof buf));
    ck_assert_str_eq(buf, "-45K");
    ck_assert(num_format_scaled(8697254.55, 6, buf, sizeof buf));
    ck_assert_str_eq(buf, "8.7M");
    ck_assert(num_format_scaled(999.96, 10, buf, sizeof buf));
    ck_assert_str_eq(buf, "1K");
    ck_assert(!num_format_scaled(123456, 2, buf, sizeof buf));
}
END_TEST

/* A non-zero literal that underflows to 0 is refused, as one that
 * overflows is; a denormal and a zero written small are kept. */
/* A long value or key in a message is cut on a character and ends in "…",
 * and what is allowed is still said after it (DESIGN 7). */
START_TEST(long_values_are_quoted_with_a_mark)
{
    char text[300] = "";
    for (int i = 0; i < 99; i++)
        strcat(text, "\xc3\xa9"); /* é: a cut must not split one */
    double v;
    Diag d;
    ck_assert(field_parse(field_find("hardware.nodes"), text, &v, &d) != 0);
    ck_assert_msg(strstr(d.message, "\xc3\xa9\xe2\x80\xa6\" is not a number") &&
                      strstr(d.message, "(expected a whole number from 1"),
                  "%s", d.message);
    char key[300] = "hardware.";
    memset(key + 9, 'n', 250);
    key[259] = '\0';
    ck_assert(field_resolve(key, &(FieldRef){0}, &d) != 0);
    ck_assert_msg(strstr(d.message, "nnn\xe2\x80\xa6`"), "%s", d.message);
    ck_assert_msg(strlen(d.message) < sizeof d.message - 1, "%s", d.message);
}
END_TEST

START_TEST(underflow_to_zero_is_refused)
{
    double v = 7;
    ck_assert_int_eq(num_parse("1e-400", &v), 4);
    ck_assert_int_eq(num_parse("-2.5E-999", &v), 4);
    ck_assert_int_eq(num_parse("0.0001e-330", &v), 4);
    ck_assert_double_eq(v, 7); /* untouched */
    ck_assert_int_eq(num_parse("1e309", &v), 2);
    ck_assert_int_eq(num_parse("0e-400", &v), 0);
    ck_assert_double_eq(v, 0);
    ck_assert_int_eq(num_parse("0.000e-999", &v), 0);
    ck_assert_int_eq(num_parse("1e-310", &v), 0);
    ck_assert(v > 0);
    Diag msg;
    ck_assert(field_parse(field_find("cloud.egress_per_gb"), "1e-400", &v, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "\"1e-400\" is too small for a number: "
                                 "it would be read as 0"));
}
END_TEST

START_TEST(leading_zeros_are_refused)
{
    double v;
    ck_assert_int_eq(num_parse("010", &v), 3);
    ck_assert_int_eq(num_parse("-07", &v), 3);
    ck_assert_int_eq(num_parse("00.5", &v), 3);
    ck_assert_int_eq(num_parse("0", &v), 0);
    ck_assert_int_eq(num_parse("0.5", &v), 0);
    ck_assert_int_eq(num_parse("-0.5e3", &v), 0);
    ck_assert_double_eq(v, -500);
    Diag msg;
    ck_assert(field_parse(field_find("hardware.nodes"), "010", &v, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "leading zero"));
}
END_TEST

START_TEST(format_round_trips)
{
    static const double vals[] = {0.1, 6.88, 1.0 / 3, 1e12, 5e-324, 730,
                                  0.023, 123456.789};
    char buf[64];
    for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        double back;
        num_format_exact(vals[i], buf, sizeof buf);
        ck_assert_int_eq(num_parse(buf, &back), 0);
        ck_assert(memcmp(&back, &vals[i], sizeof back) == 0);
    }
    num_format_exact(0.1, buf, sizeof buf);
    ck_assert_str_eq(buf, "0.1");
}
END_TEST

/* A choice row as a later field would write it: the words, stored as an
 * int index in the Scenario (here borrowing the hybrid plan's first
 * workload's cloud mode, an enum of the same order). */
static const char *const mode_words[] = {"on_demand", "spot", NULL};
static const Field choice_row = {
    .key = "test.mode", .type = FT_CHOICE, .panel = PANEL_CLOUD,
    FIELD_AT(hybrid.workloads[0].cloud_mode),
    .label = "Mode", .unit = "", .choices = mode_words, .default_num = 0,
    .help = "a choice row for the test"};

START_TEST(choice_values)
{
    static const struct {
        const char *text;
        bool ok;
        int index;
        const char *msg;
    } rows[] = {
        {"on_demand", true, 0, NULL},
        {"spot", true, 1, NULL},
        {"Spot", false, 0, "\"Spot\" is not one of the allowed words "
                           "(expected on_demand or spot)"},
        {"", false, 0, "(expected on_demand or spot)"},
        {"1", false, 0, "(expected on_demand or spot)"},
    };
    ck_assert_uint_eq(field_choice_count(&choice_row), 2);
    ck_assert_str_eq(field_type_name(FT_CHOICE), "choice");
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        Scenario s;
        scenario_default(&s);
        Diag msg;
        bool ok = field_set(&choice_row, &s, rows[i].text, &msg) == 0;
        ck_assert_msg(ok == rows[i].ok, "%s: %s", rows[i].text, msg.message);
        if (ok) {
            ck_assert_int_eq((int)s.hybrid.workloads[0].cloud_mode,
                             rows[i].index);
            char back[32];
            field_format(&choice_row, &s, back, sizeof back);
            ck_assert_str_eq(back, rows[i].text);
            ck_assert_double_eq(field_get_num(&choice_row, &s),
                                rows[i].index);
        } else {
            ck_assert_msg(strstr(msg.message, rows[i].msg), "%s: %s", rows[i].text,
                          msg.message);
        }
    }
    Diag msg;
    ck_assert(field_check_num(&choice_row, 1, &msg) == 0);
    ck_assert(field_check_num(&choice_row, 2, &msg) != 0);
    ck_assert(field_check_num(&choice_row, 0.5, &msg) != 0);
    ck_assert(field_check_num(&choice_row, -1, &msg) != 0);
}
END_TEST

/* ---- keys: field_resolve and did-you-mean ------------------------------ */

static const struct {
    const char *key;
    const char *row;  /* the row it resolves to; NULL = refused */
    size_t index;
    const char *frag; /* in the message when refused */
} resolve_rows[] = {
    /* scalars */
    {"hardware.nodes", "hardware.nodes", 0, NULL},
    {"name", "name", 0, NULL},
    {"hybrid.days", "hybrid.days", 0, NULL},
    {"hybrid.onprem_nodes", "hybrid.onprem_nodes", 0, NULL},
    /* list rows */
    {"hybrid.workloads[0].gpus", "hybrid.workloads[].gpus", 0, NULL},
    {"hybrid.workloads[7].schedule", "hybrid.workloads[].schedule", 7, NULL},
    {"hybrid.workloads[31].cloud_mode", "hybrid.workloads[].cloud_mode", 31,
     NULL},
    {"hybrid.workloads[007].run", "hybrid.workloads[].run", 7, NULL},
    /* bad indexes */
    {"hybrid.workloads[32].gpus", NULL, 0, "at most 32 workloads"},
    {"hybrid.workloads[99999999999999999999].gpus", NULL, 0,
     "at most 32 workloads"},
    {"hybrid.workloads[x].gpus", NULL, 0, "expected hybrid.workloads[N].KEY"},
    {"hybrid.workloads[-1].gpus", NULL, 0, "expected hybrid.workloads[N].KEY"},
    {"hybrid.workloads[].gpus", NULL, 0, "expected hybrid.workloads[N].KEY"},
    {"hybrid.workloads[ 1].gpus", NULL, 0, "expected hybrid.workloads[N].KEY"},
    {"hybrid.workloads[2]gpus", NULL, 0, "expected hybrid.workloads[N].KEY"},
    {"hybrid.workloads[2]", NULL, 0, "expected hybrid.workloads[N].KEY"},
    {"hybrid.workloads", NULL, 0, "is a list; set one value of one workload"},
    /* unknown keys, with the nearest one */
    {"hybrid.workloads[2].colour", NULL, 0,
     "KEY one of name, schedule, per_day, gpus, hours, run, cloud_mode"},
    {"hybrid.workloads[2].gpu", NULL, 0,
     "unknown key `hybrid.workloads[2].gpu` (did you mean "
     "`hybrid.workloads[2].gpus`?)"},
    {"hardware.nods", NULL, 0, "(did you mean `hardware.nodes`?)"},
    {"hybrid.dayz", NULL, 0, "(did you mean `hybrid.days`?)"},
    {"hardware.hardware.nodes", NULL, 0, "unknown key"},
    {"", NULL, 0, "unknown key"},
    /* the last part of a key */
    {"nodes", NULL, 0, "unknown key `nodes` (did you mean `hardware.nodes`?)"},
    {"measured_pct", NULL, 0, "(did you mean `utilization.measured_pct`?)"},
    {"days", NULL, 0, "(did you mean `hybrid.days`?)"},
    {"gpus", NULL, 0, "(did you mean `hybrid.workloads[N].gpus`?)"},
    {"nodez", NULL, 0, "(did you mean `hardware.nodes`?)"},
    {"hardware.node_power_idle_kw", NULL, 0,
     "unknown key `hardware.node_power_idle_kw` (did you mean "
     "`facility.node_power_idle_kw`?)"},
};

START_TEST(resolve_keys)
{
    FieldRef r;
    Diag msg;
    bool ok = field_resolve(resolve_rows[_i].key, &r, &msg) == 0;
    if (resolve_rows[_i].row) {
        ck_assert_msg(ok, "%s: %s", resolve_rows[_i].key, msg.message);
        ck_assert_str_eq(r.row->key, resolve_rows[_i].row);
        ck_assert_uint_eq(r.index, resolve_rows[_i].index);
        /* The path is the key as a user writes it, index normalised. */
        const Field *f = field_ref(&r);
        ck_assert_str_eq(f->key, r.path);
        FieldRef again;
        ck_assert(field_resolve(r.path, &again, &msg) == 0);
        ck_assert_ptr_eq(again.row, r.row);
        ck_assert_uint_eq(again.index, r.index);
    } else {
        ck_assert_msg(!ok, "%s resolved", resolve_rows[_i].key);
        ck_assert_msg(strstr(msg.message, resolve_rows[_i].frag) != NULL,
                      "%s: got \"%s\"", resolve_rows[_i].key, msg.message);
    }
}
END_TEST

/* A list row's storage moves with its index: item 3's gpus is item 3's. */
START_TEST(resolve_moves_storage)
{
    Scenario s;
    scenario_default(&s);
    s.has_hybrid = true;
    scenario_hybrid_default(&s);
    for (size_t i = 0; i < 4; i++)
        field_item_default(&field_list_workloads, &s, i);
    s.hybrid.workload_count = 4;
    FieldRef r;
    Diag msg;
    ck_assert(field_resolve("hybrid.workloads[3].gpus", &r, &msg) == 0);
    ck_assert(field_set(field_ref(&r), &s, "12", &msg) == 0);
    ck_assert(s.hybrid.workloads[3].gpus == 12);
    ck_assert(s.hybrid.workloads[2].gpus == 1);
    /* Alternatives: a schedule switches the workload to it, a rate back. */
    ck_assert(field_resolve("hybrid.workloads[2].schedule", &r, &msg) == 0);
    ck_assert(field_set(field_ref(&r), &s, "0 2 * * 1-5", &msg) == 0);
    ck_assert(s.hybrid.workloads[2].has_schedule);
    ck_assert(s.hybrid.workloads[2].schedule.hours == (1u << 2));
    ck_assert(!s.hybrid.workloads[1].has_schedule);
    ck_assert(field_resolve("hybrid.workloads[2].per_day", &r, &msg) == 0);
    ck_assert(field_set(field_ref(&r), &s, "6", &msg) == 0);
    ck_assert(!s.hybrid.workloads[2].has_schedule);
    ck_assert(s.hybrid.workloads[2].per_day == 6);
    /* Whether the item exists is the scenario's question. */
    ck_assert(field_resolve("hybrid.workloads[4].gpus", &r, &msg) == 0);
    ck_assert(field_exists(&r, &s, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "there is no workload 4 (the plan has 4"));
    s.has_hybrid = false;
    ck_assert(field_resolve("hybrid.days", &r, &msg) == 0);
    ck_assert(field_exists(&r, &s, &msg) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "no hybrid section"));
}
END_TEST

/* The registry's choice rows: every word, and a wrong one named with the
 * allowed words. */
static const struct {
    const char *key, *text;
    int index; /* -1 = refused */
} choice_rows[] = {
    {"hybrid.workloads[1].run", "onprem", RUN_ONPREM},
    {"hybrid.workloads[1].run", "cloud", RUN_CLOUD},
    {"hybrid.workloads[1].run", "burst", RUN_BURST},
    {"hybrid.workloads[1].run", "Burst", -1},
    {"hybrid.workloads[1].run", "on_demand", -1},
    {"hybrid.workloads[1].cloud_mode", "on_demand", MODE_ON_DEMAND},
    {"hybrid.workloads[1].cloud_mode", "spot", MODE_SPOT},
    {"hybrid.workloads[1].cloud_mode", "reserved", -1},
    {"hybrid.workloads[1].cloud_mode", "", -1},
};

START_TEST(choice_rows_of_the_table)
{
    Scenario s;
    scenario_default(&s);
    s.has_hybrid = true;
    scenario_hybrid_default(&s);
    field_item_default(&field_list_workloads, &s, 0);
    field_item_default(&field_list_workloads, &s, 1);
    s.hybrid.workload_count = 2;
    FieldRef r;
    Diag msg;
    char back[32];
    ck_assert(field_resolve(choice_rows[_i].key, &r, &msg) == 0);
    const Field *f = field_ref(&r);
    ck_assert_int_eq(f->type, FT_CHOICE);
    bool ok = field_set(f, &s, choice_rows[_i].text, &msg) == 0;
    if (choice_rows[_i].index < 0) {
        ck_assert(!ok);
        ck_assert_ptr_nonnull(strstr(msg.message, strstr(f->key, ".run")
                                              ? "(expected onprem, cloud or burst)"
                                              : "(expected on_demand or spot)"));
        return;
    }
    ck_assert_msg(ok, "%s", msg.message);
    ck_assert_int_eq(strstr(f->key, ".run") ? (int)s.hybrid.workloads[1].run
                                            : (int)s.hybrid.workloads[1].cloud_mode,
                     choice_rows[_i].index);
    field_format(f, &s, back, sizeof back);
    ck_assert_str_eq(back, choice_rows[_i].text);
}
END_TEST

/* One wording of "did you mean", for every place a key is written. */
static const struct {
    const char *section; /* NULL = the top level of a file */
    const char *key, *frag;
} unknown_rows[] = {
    {NULL, "nodes", "(did you mean `hardware.nodes`? write `nodes` inside "
                    "the `hardware:` section)"},
    {NULL, "utilisation", "(did you mean `utilization`?)"},
    {NULL, "hardware.nodes", "(write `nodes` inside the `hardware:` section)"},
    {NULL, "zzzzzzzzzz", "(known keys: gpuplan, name, notes, currency"},
    {"hardware", "nodez", "unknown key `nodez` (did you mean `nodes`?)"},
    {"hardware", "zzzzzzzzzz", "in `hardware` (known keys: gpu_model, nodes"},
    {"hybrid", "workload", "(did you mean `workloads`?)"},
    {"hybrid", "max_wait_minute", "(did you mean `max_wait_minutes`?)"},
    {"hybrid", "zzzzzzzz", "(known keys: days, onprem_nodes, max_wait_minutes, "
                           "cloud_idle_minutes, seed, backfill, workloads, trace, "
                           "trace_group_by, groups)"},
    {"hybrid.workloads[]", "gpu", "(did you mean `gpus`?)"},
    {"", "nodes", "(did you mean `hardware.nodes`?)"},
    {"", "hybrid.workloads[5].hour", "(did you mean `hybrid.workloads[5].hours`?)"},
};

START_TEST(unknown_key_messages)
{
    Diag msg;
    field_unknown(unknown_rows[_i].section, unknown_rows[_i].key, &msg);
    ck_assert_msg(strstr(msg.message, unknown_rows[_i].frag) != NULL, "%s: got \"%s\"",
                  unknown_rows[_i].key, msg.message);
    ck_assert_msg(strncmp(msg.message, "unknown key `", 13) == 0, "%s", msg.message);
}
END_TEST

START_TEST(suggest_last_part)
{
    char sec[32];
    ck_assert_str_eq(field_suggest("nodes", "", sec, sizeof sec), "hardware.nodes");
    ck_assert_str_eq(field_suggest("nodes", NULL, sec, sizeof sec), "hardware.nodes");
    ck_assert_str_eq(field_suggest("measured_pct", "", sec, sizeof sec), "utilization.measured_pct");
    ck_assert_str_eq(field_suggest("seed", "", sec, sizeof sec), "hybrid.seed");
    ck_assert_str_eq(field_suggest("hours", "", sec, sizeof sec), "hybrid.workloads[].hours");
    /* A full key in the wrong section: its last part, when only one
     * section has it. */
    ck_assert_str_eq(field_suggest("hardware.power_price_kwh", "", sec, sizeof sec),
                     "facility.power_price_kwh");
    ck_assert_str_eq(field_suggest("cloud.measured_pct", "", sec, sizeof sec),
                     "utilization.measured_pct");
    ck_assert_ptr_null(field_suggest("staffing.other_monthly", "", sec, sizeof sec));
    /* Inside a section only that section's keys are candidates. */
    ck_assert_str_eq(field_suggest("node", "hardware", sec, sizeof sec), "hardware.nodes");
    ck_assert_ptr_null(field_suggest("measured_pct", "hardware", sec, sizeof sec));
}
END_TEST

/* The main view's fields alone: a change to the name, the notes, the
 * hybrid plan or the uncertain inputs leaves them equal, one to any other
 * field of scope FS_SCENARIO does not; a copy of them leaves the rest of
 * its target. */
START_TEST(main_view_fields)
{
    static Scenario a, b;
    scenario_default(&a);
    b = a;
    ck_assert(scenario_main_equal(&a, &b));
    b.has_hybrid = true;
    scenario_hybrid_default(&b);
    b.hybrid.onprem_nodes = 7;
    b.has_uncertainty = true;
    ck_assert(!scenario_equal(&a, &b));
    ck_assert(scenario_main_equal(&a, &b));
    /* Every field of the main view counts, text and numbers. */
    size_t checked = 0;
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != FS_SCENARIO)
            continue;
        bool named = strcmp(f->key, "name") == 0 || strcmp(f->key, "notes") == 0;
        Scenario *c = &b;
        *c = a;
        FieldRef r;
        field_ref_init(&r, f, 0);
        const Field *g = field_ref(&r);
        if (g->type == FT_TEXT) {
            char *v = field_text(g, c);
            strcpy(v, strcmp(v, "x") == 0 ? "y" : "x");
        } else {
            field_put_num(g, c, field_get_num(g, c) == 0 ? 1 : 0);
        }
        ck_assert_msg(scenario_main_equal(&a, c) == named, "%s", f->key);
        checked++;
    }
    ck_assert_uint_gt(checked, 50);
    /* The copy: the main view's sections only. */
    b = a;
    b.has_hybrid = true;
    scenario_hybrid_default(&b);
    snprintf(b.name, sizeof b.name, "target");
    Scenario src = a;
    src.cloud.on_demand_gpu_hour = 9.25;
    src.hardware.nodes = 11;
    snprintf(src.name, sizeof src.name, "source");
    b.hybrid.onprem_nodes = 3;
    ck_assert(!scenario_main_equal(&b, &src));
    scenario_copy_main(&b, &src);
    ck_assert(scenario_main_equal(&b, &src));
    ck_assert(b.cloud.on_demand_gpu_hour == 9.25 && b.hardware.nodes == 11);
    ck_assert_str_eq(b.name, "target");
    ck_assert(b.has_hybrid && b.hybrid.onprem_nodes == 3);
}
END_TEST

/* A list row's path names its item: index 0, one digit, several. */
START_TEST(ref_paths_name_the_item)
{
    const Field *row = NULL;
    for (size_t i = 0; i < field_count && !row; i++)
        if (strcmp(field_table[i].key, "hybrid.workloads[].gpus") == 0)
            row = &field_table[i];
    ck_assert_ptr_nonnull(row);
    static const struct {
        size_t index;
        const char *path;
    } want[] = {{0, "hybrid.workloads[0].gpus"},
                {7, "hybrid.workloads[7].gpus"},
                {10, "hybrid.workloads[10].gpus"},
                {12345, "hybrid.workloads[12345].gpus"}};
    for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
        FieldRef r;
        field_ref_init(&r, row, want[k].index);
        ck_assert_str_eq(r.path, want[k].path);
        ck_assert_str_eq(field_ref(&r)->key, want[k].path);
        ck_assert_uint_eq(r.index, want[k].index);
    }
    FieldRef r;
    field_ref_init(&r, &field_table[0], 0);
    ck_assert_str_eq(r.path, field_table[0].key);
}
END_TEST

static Suite *fields_suite(void)
{
    Suite *s = suite_create("fields");
    TCase *t = tcase_create("registry");
    tcase_add_test(t, keys_unique_and_complete);
    tcase_add_test(t, scaled_figures_fit_their_columns);
    tcase_add_test(t, sections_in_file_order);
    tcase_add_test(t, panels_in_tab_order);
    tcase_add_test(t, default_is_valid);
    tcase_add_test(t, parse_numbers);
    tcase_add_test(t, parse_text_and_bool);
    tcase_add_test(t, suggest_nearest);
    tcase_add_test(t, cross_field_power);
    tcase_add_test(t, german_locale);
    tcase_add_test(t, leading_zeros_are_refused);
    tcase_add_test(t, underflow_to_zero_is_refused);
    tcase_add_test(t, long_values_are_quoted_with_a_mark);
    tcase_add_test(t, format_round_trips);
    tcase_add_test(t, choice_values);
    tcase_add_test(t, main_view_fields);
    suite_add_tcase(s, t);
    t = tcase_create("keys");
    tcase_add_loop_test(t, resolve_keys, 0,
                        (int)(sizeof resolve_rows / sizeof resolve_rows[0]));
    tcase_add_test(t, resolve_moves_storage);
    tcase_add_loop_test(t, choice_rows_of_the_table, 0,
                        (int)(sizeof choice_rows / sizeof choice_rows[0]));
    tcase_add_loop_test(t, unknown_key_messages, 0,
                        (int)(sizeof unknown_rows / sizeof unknown_rows[0]));
    tcase_add_test(t, suggest_last_part);
    tcase_add_test(t, ref_paths_name_the_item);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(fields_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
