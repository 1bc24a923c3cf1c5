/* check_cron.c: 5-field cron parsing and matching (DESIGN 6 schedules): steps,
 * ranges, lists, the day-of-month / day-of-week OR rule on the 2024
 * calendar, day-of-week 7, and error columns and messages. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"

static Cron parse_ok(const char *text)
{
    Cron c;
    Diag e;
    diag_clear(&e, NULL);
    int rc = cron_parse(text, &c, &e);
    ck_assert_msg(rc == 0, "'%s': %lu: %s", text, e.col, e.message);
    return c;
}

START_TEST(steps_ranges_lists)
{
    Cron c = parse_ok("*/15 * * * *");
    ck_assert_uint_eq(c.minutes, (UINT64_C(1) << 0) | (UINT64_C(1) << 15) |
                                     (UINT64_C(1) << 30) | (UINT64_C(1) << 45));
    ck_assert_uint_eq(c.hours, 0xFFFFFFu);
    c = parse_ok("1-5 0 * * *");
    ck_assert_uint_eq(c.minutes, 0x3Eu);
    ck_assert_uint_eq(c.hours, 1u);
    c = parse_ok("10-50/10 1,5,7-8 * * *");
    ck_assert_uint_eq(c.minutes, (UINT64_C(1) << 10) | (UINT64_C(1) << 20) |
                                     (UINT64_C(1) << 30) | (UINT64_C(1) << 40) |
                                     (UINT64_C(1) << 50));
    ck_assert_uint_eq(c.hours, (1u << 1) | (1u << 5) | (1u << 7) | (1u << 8));
    c = parse_ok("  0\t0  1,15  */3 1-5  ");
    ck_assert_uint_eq(c.mdays, (1u << 1) | (1u << 15));
    ck_assert_uint_eq(c.months, (1u << 1) | (1u << 4) | (1u << 7) | (1u << 10));
    ck_assert_uint_eq(c.wdays, 0x3Eu);
    /* Mon-Fri: Monday 2024-01-01 matches, Sunday 2024-01-07 does not. */
    ck_assert(cron_matches(&c, 1, 1, 1, 0, 0));
    ck_assert(!cron_matches(&c, 1, 1, 1, 0, 1));
    ck_assert(!cron_matches(&c, 2, 1, 4, 0, 0)); /* February not in */
}
END_TEST

START_TEST(sunday_is_0_and_7)
{
    Cron a = parse_ok("0 0 * * 0");
    Cron b = parse_ok("0 0 * * 7");
    ck_assert_uint_eq(a.wdays, 1u);
    ck_assert_uint_eq(b.wdays, 1u);
    Cron c = parse_ok("0 0 * * 5-7");
    ck_assert_uint_eq(c.wdays, (1u << 5) | (1u << 6) | 1u);
    /* 2024-01-07 is a Sunday. */
    ck_assert(cron_day_matches(&b, 1, 7, 0));
    ck_assert(!cron_day_matches(&b, 1, 8, 1));
}
END_TEST

/* Walk 2024 day by day with its own month table (leap year: Feb 29) and
 * count the days an expression selects. */
static int days_2024(const Cron *c)
{
    static const int len[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    int count = 0, wday = 1; /* 2024-01-01 is a Monday */
    for (int m = 1; m <= 12; m++)
        for (int d = 1; d <= len[m - 1]; d++) {
            if (cron_day_matches(c, m, d, wday))
                count++;
            wday = (wday + 1) % 7;
        }
    return count;
}

START_TEST(or_rule_2024)
{
    /* Day 1 of each month (12) or any Monday (53 in 2024); Jan 1, Apr 1
     * and Jul 1 are both: 12 + 53 - 3 = 62. */
    Cron c = parse_ok("0 0 1 * 1");
    ck_assert_int_eq(days_2024(&c), 62);
    ck_assert(cron_day_matches(&c, 1, 8, 1));  /* a Monday, not the 1st */
    ck_assert(cron_day_matches(&c, 2, 1, 4));  /* the 1st, a Thursday */
    ck_assert(!cron_day_matches(&c, 2, 2, 5)); /* neither */
    /* One side unrestricted: both must match, so only Mondays... */
    c = parse_ok("0 0 * * 1");
    ck_assert_int_eq(days_2024(&c), 53);
    /* ... or only the 1sts. */
    c = parse_ok("0 0 1 * *");
    ck_assert_int_eq(days_2024(&c), 12);
    /* A field starting with `*` counts as unrestricted (Vixie cron), so
     * this is the odd days that are also Mondays, counted here on the
     * side. */
    c = parse_ok("0 0 */2 * 1");
    int want = 0, wday = 1;
    static const int len[12] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    for (int m = 1; m <= 12; m++)
        for (int d = 1; d <= len[m - 1]; d++, wday = (wday + 1) % 7)
            if (d % 2 == 1 && wday == 1)
                want++;
    ck_assert_int_eq(days_2024(&c), want);
    ck_assert_int_lt(want, 53);
    /* Feb 29 exists in 2024, Feb 30 never does. */
    c = parse_ok("0 0 29 2 *");
    ck_assert_int_eq(days_2024(&c), 1);
    c = parse_ok("0 0 30 2 *");
    ck_assert_int_eq(days_2024(&c), 0);
    c = parse_ok("* * * * *");
    ck_assert_int_eq(days_2024(&c), 366);
}
END_TEST

static const struct {
    const char *text;
    int column;
    const char *message;
} bad[] = {
    {"0 25 * * *", 3, "hour 25 out of range (0-23)"},
    {"60 * * * *", 1, "minute 60 out of range (0-59)"},
    {"* * 0 * *", 5, "day-of-month 0 out of range (1-31)"},
    {"* * 32 * *", 5, "day-of-month 32 out of range (1-31)"},
    {"* * * 13 *", 7, "month 13 out of range (1-12)"},
    {"* * * 0 *", 7, "month 0 out of range (1-12)"},
    {"* * * * 8", 9, "day-of-week 8 out of range (0-7)"},
    {"0 1-30 * * *", 5, "hour 30 out of range (0-23)"},
    {"0 99999999999 * * *", 3, "hour 99999999999 out of range (0-23)"}, /* no wrap */
    {"* * * *", 8,
     "expected 5 fields (minute hour day-of-month month day-of-week), found 4"},
    {"", 1,
     "expected 5 fields (minute hour day-of-month month day-of-week), found 0"},
    {"* * * * * *", 11,
     "expected 5 fields (minute hour day-of-month month day-of-week), found "
     "more"},
    {"*/0 * * * *", 3, "minute step 0 out of range (1-60)"},
    {"* */25 * * *", 5, "hour step 25 out of range (1-24)"},
    {"50-10 * * * *", 1, "minute range 50-10 runs backwards"},
    {"5/15 * * * *", 2, "minute: a step needs `*` or a range before it"},
    {"a * * * *", 1, "minute: unexpected 'a'"},
    {"1, * * * *", 3, "minute: missing number (0-59)"},
    {"1,,2 * * * *", 3, "minute: unexpected ','"},
    {"* * * JAN *", 7, "month: unexpected 'J'"},
    {"1- * * * *", 3, "minute: missing number (0-59)"},
    {"*/ * * * *", 3, "minute: missing number (0-59)"},
    {"** * * * *", 2, "minute: unexpected '*'"},
    {"\xc3\xa9 * * * *", 1, "minute: unexpected character"},
    /* Columns count characters, not bytes. */
    {"0 0 * * 1\xc3\xa9", 10, "day-of-week: unexpected character"},
};

START_TEST(bad_expressions)
{
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        Cron c;
        Diag e;
        diag_clear(&e, NULL);
        ck_assert_msg(cron_parse(bad[i].text, &c, &e) == EXIT_DATAERR,
                      "'%s' parsed", bad[i].text);
        ck_assert_int_eq(e.status, EXIT_DATAERR);
        ck_assert_uint_eq(e.line, 0); /* the caller places it */
        ck_assert_msg(e.col == (unsigned long)bad[i].column,
                      "'%s': column %lu, want %d", bad[i].text, e.col,
                      bad[i].column);
        ck_assert_msg(strncmp(e.message, bad[i].message,
                              strlen(bad[i].message)) == 0,
                      "'%s': message '%s', want '%s...'", bad[i].text,
                      e.message, bad[i].message);
    }
    /* err may be NULL. */
    Cron c;
    ck_assert_int_eq(cron_parse("0 25 * * *", &c, NULL), EXIT_DATAERR);
    /* A long number quoted in the message: cut as every quoted value is,
     * ending in the ellipsis, and the message says the rest whole (a
     * schedule is at most 100 characters; this one's step has 90
     * digits). */
    char text[128], want[256], q[DIAG_QUOTE];
    char digits[91];
    memset(digits, '9', 90);
    digits[90] = '\0';
    snprintf(text, sizeof text, "* * */%s * *", digits);
    snprintf(want, sizeof want, "day-of-month step %s out of range (1-31)",
             diag_quote(digits, q));
    ck_assert_ptr_nonnull(strstr(want, "9\xe2\x80\xa6 out of range"));
    Diag e;
    ck_assert_int_eq(cron_parse(text, &c, &e), EXIT_DATAERR);
    ck_assert_str_eq(e.message, want);
    ck_assert_uint_eq(e.col, 7);
}
END_TEST

static Suite *cron_suite(void)
{
    Suite *s = suite_create("cron");
    TCase *tc = tcase_create("core");
    tcase_add_test(tc, steps_ranges_lists);
    tcase_add_test(tc, sunday_is_0_and_7);
    tcase_add_test(tc, or_rule_2024);
    tcase_add_test(tc, bad_expressions);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(cron_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
