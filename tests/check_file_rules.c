/* check_file_rules.c: the file rules the planner and the command line
 * share (tui/file_rules.h): scenario names, the same-file test, XDG
 * directories and the report date with SOURCE_DATE_EPOCH. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "file_rules.h"

START_TEST(scenario_names)
{
    ck_assert(file_is_scenario_name("plan.yaml"));
    ck_assert(file_is_scenario_name("plan.yml"));
    ck_assert(file_is_scenario_name("export.json"));
    ck_assert(!file_is_scenario_name("prices.yaml")); /* the price book */
    ck_assert(!file_is_scenario_name(".plan.yaml.gpuplan-recover"));
    ck_assert(!file_is_scenario_name(".yaml"));
    ck_assert(!file_is_scenario_name("yaml"));
    ck_assert(!file_is_scenario_name("notes.txt"));
    ck_assert_str_eq(file_scenario_exts[0], ".yaml"); /* shipped names try it first */
    /* By extension alone: the open picker loads these to see */
    ck_assert(file_is_scenario_ext("prices.yaml"));
    ck_assert(file_is_scenario_ext("routing.json"));
    ck_assert(file_is_scenario_ext("plan.yml"));
    ck_assert(!file_is_scenario_ext(".yaml"));
    ck_assert(!file_is_scenario_ext("notes.txt"));
}
END_TEST

START_TEST(same_file_follows_links)
{
    char dir[] = "/tmp/gpuplan-rules.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char f[128], hard[128], sym[128], other[128], none[128];
    snprintf(f, sizeof f, "%s/f.yaml", dir);
    snprintf(hard, sizeof hard, "%s/hard.yaml", dir);
    snprintf(sym, sizeof sym, "%s/sym.yaml", dir);
    snprintf(other, sizeof other, "%s/other.yaml", dir);
    snprintf(none, sizeof none, "%s/none.yaml", dir);
    FILE *fp = fopen(f, "w");
    ck_assert_ptr_nonnull(fp);
    fclose(fp);
    fp = fopen(other, "w");
    ck_assert_ptr_nonnull(fp);
    fclose(fp);
    ck_assert_int_eq(link(f, hard), 0);
    ck_assert_int_eq(symlink("f.yaml", sym), 0);
    ck_assert(file_same(f, f));
    ck_assert(file_same(f, hard));
    ck_assert(file_same(sym, f));
    ck_assert(!file_same(f, other));
    ck_assert(!file_same(f, none));
    unlink(f), unlink(hard), unlink(sym), unlink(other);
    rmdir(dir);
}
END_TEST

START_TEST(xdg_directories)
{
    char b[256];
    setenv("HOME", "/home/u", 1);
    setenv("XDG_STATE_HOME", "/state", 1);
    ck_assert_str_eq(file_xdg_dir(XDG_STATE, NULL, b, sizeof b), "/state/gpuplan");
    /* A relative value is not an XDG directory: the default is used. */
    setenv("XDG_STATE_HOME", "state", 1);
    ck_assert_str_eq(file_xdg_dir(XDG_STATE, NULL, b, sizeof b),
                     "/home/u/.local/state/gpuplan");
    unsetenv("XDG_DATA_HOME");
    ck_assert_str_eq(file_user_scenario_dir(b, sizeof b),
                     "/home/u/.local/share/gpuplan/scenarios");
    setenv("XDG_DATA_HOME", "/data", 1);
    ck_assert_str_eq(file_user_scenario_dir(b, sizeof b), "/data/gpuplan/scenarios");
    unsetenv("XDG_DATA_HOME");
    unsetenv("HOME");
    ck_assert_ptr_null(file_user_scenario_dir(b, sizeof b));
    ck_assert_ptr_null(file_xdg_dir(XDG_DATA, "scenarios", b, 10)); /* too long */
}
END_TEST

START_TEST(report_date)
{
    char d[32];
    Diag dg;
    setenv("SOURCE_DATE_EPOCH", "0", 1);
    ck_assert_int_eq(file_report_date(d, sizeof d, &dg), 0);
    ck_assert_str_eq(d, "1970-01-01");
    setenv("SOURCE_DATE_EPOCH", "1764720000", 1);
    ck_assert_int_eq(file_report_date(d, sizeof d, &dg), 0);
    ck_assert_str_eq(d, "2025-12-03");
    static const char *const bad[] = {"soon", "-1", "12x", "253402300800",
                                      "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        setenv("SOURCE_DATE_EPOCH", bad[i], 1);
        ck_assert_msg(file_report_date(d, sizeof d, &dg) == EXIT_USAGE, "%s accepted", bad[i]);
        ck_assert_ptr_nonnull(strstr(dg.message, "is not a number of seconds since 1970"));
        ck_assert_ptr_nonnull(strstr(dg.message, bad[i]));
    }
    /* A value longer than a message: cut with a mark, the rule kept whole. */
    char big[2048];
    memset(big, '7', sizeof big - 2);
    big[sizeof big - 2] = 'x';
    big[sizeof big - 1] = '\0';
    setenv("SOURCE_DATE_EPOCH", big, 1);
    ck_assert_int_eq(file_report_date(d, sizeof d, &dg), EXIT_USAGE);
    ck_assert_ptr_nonnull(strstr(dg.message, "777\xe2\x80\xa6 is not a number"));
    ck_assert_ptr_nonnull(strstr(dg.message, "(0 to 253402300799)"));
    unsetenv("SOURCE_DATE_EPOCH");
    ck_assert_int_eq(file_report_date(d, sizeof d, &dg), 0);
    ck_assert_uint_eq(strlen(d), 10);
}
END_TEST

static Suite *file_rules_suite(void)
{
    Suite *s = suite_create("file_rules");
    TCase *t = tcase_create("rules");
    tcase_add_test(t, scenario_names);
    tcase_add_test(t, same_file_follows_links);
    tcase_add_test(t, xdg_directories);
    tcase_add_test(t, report_date);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(file_rules_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
