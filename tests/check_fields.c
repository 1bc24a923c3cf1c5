/* check_fields.c: the field registry and value parsing (SPEC 1.1, 7). */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <math.h>
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
            char msg[256];
            ck_assert_msg(field_check_text(f, f->default_text, msg, sizeof msg),
                          "%s default: %s", f->key, msg);
            ck_assert_uint_ge(f->size, (size_t)(4 * f->maximum + 1));
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
            if (f->type != FT_BOOL)
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

START_TEST(default_is_valid)
{
    Scenario s;
    scenario_default(&s);
    const Field *bad = NULL;
    char msg[256];
    ck_assert(scenario_validate(&s, &bad, msg, sizeof msg));
    ck_assert_str_eq(s.name, "32x H100 in colocation, US");
    ck_assert_double_eq(s.hardware.nodes, 4);
    ck_assert_double_eq(s.cloud.on_demand_gpu_hour, 6.88);
}
END_TEST

START_TEST(parse_numbers)
{
    const Field *f = field_find("utilization.measured_pct");
    double v;
    char msg[256];
    ck_assert(field_parse(f, "42.5", &v, msg, sizeof msg));
    ck_assert_double_eq(v, 42.5);
    ck_assert(field_parse(f, "1e1", &v, msg, sizeof msg));
    ck_assert_double_eq(v, 10);
    static const char *const bad[] = {"", "abc", "0x10", "inf", "nan", "1,5",
                                      "1e999", "--1", "1.2.3", "140", "-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_msg(!field_parse(f, bad[i], &v, msg, sizeof msg),
                      "accepted %s", bad[i]);
    ck_assert(!field_parse(f, "140", &v, msg, sizeof msg));
    ck_assert_str_eq(msg, "140 is above 100 (expected a number from 0 to 100)");
    ck_assert(field_parse(f, "-0", &v, msg, sizeof msg));
    ck_assert(!signbit(v));
    const Field *n = field_find("hardware.nodes");
    ck_assert(!field_parse(n, "2.5", &v, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "not a whole number"));
}
END_TEST

START_TEST(parse_text_and_bool)
{
    char msg[256];
    double v;
    const Field *cur = field_find("currency");
    ck_assert(field_parse(cur, "EUR", &v, msg, sizeof msg));
    ck_assert(!field_parse(cur, "eur", &v, msg, sizeof msg));
    ck_assert(!field_parse(cur, "EURO", &v, msg, sizeof msg));
    const Field *name = field_find("name");
    ck_assert(!field_parse(name, "", &v, msg, sizeof msg));
    char longname[200];
    memset(longname, 'a', 81);
    longname[81] = '\0';
    ck_assert(!field_parse(name, longname, &v, msg, sizeof msg));
    /* 80 characters of two bytes each are fine. */
    char utf[200] = "";
    for (int i = 0; i < 80; i++)
        strcat(utf, "\xc3\xa9");
    ck_assert(field_parse(name, utf, &v, msg, sizeof msg));
    ck_assert(!field_parse(name, "\xff\xfe", &v, msg, sizeof msg));
    const Field *b = field_find("constraints.compliance_forbids_cloud");
    ck_assert(field_parse(b, "true", &v, msg, sizeof msg));
    ck_assert_double_eq(v, 1);
    ck_assert(field_parse(b, "false", &v, msg, sizeof msg));
    ck_assert_double_eq(v, 0);
    /* SPEC 7: true and false only; YAML 1.1's yes/on/1 are refused. */
    static const char *const not_bool[] = {"yes", "no", "on", "off", "1", "0",
                                           "True", "y"};
    for (size_t i = 0; i < sizeof not_bool / sizeof not_bool[0]; i++) {
        ck_assert_msg(!field_parse(b, not_bool[i], &v, msg, sizeof msg), "%s",
                      not_bool[i]);
        ck_assert_msg(strstr(msg, "true or false") != NULL, "%s", msg);
    }
    ck_assert(!field_parse(b, "maybe", &v, msg, sizeof msg));
}
END_TEST

START_TEST(suggest_nearest)
{
    ck_assert_str_eq(field_suggest("utilisation", NULL), "utilization");
    ck_assert_str_eq(field_suggest("nodez", "hardware"), "hardware.nodes");
    ck_assert_str_eq(field_suggest("hardware.nods", ""), "hardware.nodes");
    ck_assert_ptr_null(field_suggest("zzzzzzzzzz", "hardware"));
}
END_TEST

START_TEST(cross_field_power)
{
    Scenario s;
    scenario_default(&s);
    s.facility.node_power_busy_kw = 11;
    const Field *bad = NULL;
    char msg[256];
    ck_assert(!scenario_validate(&s, &bad, msg, sizeof msg));
    ck_assert_str_eq(bad->key, "facility.node_power_busy_kw");
    scenario_default(&s);
    s.facility.node_power_idle_kw = 8;
    ck_assert(!scenario_validate(&s, &bad, msg, sizeof msg));
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

/* A figure too wide for its column is scaled, never cut (SPEC 8). */
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
    char msg[256];
    ck_assert(!field_parse(field_find("hardware.nodes"), "010", &v, msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "leading zero"));
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
        char msg[256] = "";
        bool ok = field_set(&choice_row, &s, rows[i].text, msg, sizeof msg);
        ck_assert_msg(ok == rows[i].ok, "%s: %s", rows[i].text, msg);
        if (ok) {
            ck_assert_int_eq((int)s.hybrid.workloads[0].cloud_mode,
                             rows[i].index);
            char back[32];
            field_format(&choice_row, &s, back, sizeof back);
            ck_assert_str_eq(back, rows[i].text);
            ck_assert_double_eq(field_get_num(&choice_row, &s),
                                rows[i].index);
        } else {
            ck_assert_msg(strstr(msg, rows[i].msg), "%s: %s", rows[i].text,
                          msg);
        }
    }
    char msg[128];
    ck_assert(field_check_num(&choice_row, 1, msg, sizeof msg));
    ck_assert(!field_check_num(&choice_row, 2, msg, sizeof msg));
    ck_assert(!field_check_num(&choice_row, 0.5, msg, sizeof msg));
    ck_assert(!field_check_num(&choice_row, -1, msg, sizeof msg));
}
END_TEST

static Suite *fields_suite(void)
{
    Suite *s = suite_create("fields");
    TCase *t = tcase_create("registry");
    tcase_add_test(t, keys_unique_and_complete);
    tcase_add_test(t, scaled_figures_fit_their_columns);
    tcase_add_test(t, sections_in_file_order);
    tcase_add_test(t, default_is_valid);
    tcase_add_test(t, parse_numbers);
    tcase_add_test(t, parse_text_and_bool);
    tcase_add_test(t, suggest_nearest);
    tcase_add_test(t, cross_field_power);
    tcase_add_test(t, german_locale);
    tcase_add_test(t, leading_zeros_are_refused);
    tcase_add_test(t, format_round_trips);
    tcase_add_test(t, choice_values);
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
