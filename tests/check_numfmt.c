/* check_numfmt.c: numbers as gpuplan writes them (model/numfmt.h): the
 * one grouping rule of every number shown to a person (num_format_value),
 * money with its separators for any finite double, the cent rounding of
 * the CSV money, all with '.' whatever the locale. */
#include "config.h"

#include <check.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"

START_TEST(values_grouped_without_noise)
{
    static const struct {
        double v;
        const char *want;
    } rows[] = {
        {290000, "290,000"},     {345000, "345,000"},   {1234.5, "1,234.5"},
        {0.08, "0.08"},          {-12000, "-12,000"},   {-0.0, "0"},
        {999, "999"},            {1000, "1,000"},       {10000, "10,000"},
        {5.504000000000001, "5.504"},                   /* last-bit noise */
        {140627.19999999998, "140,627.2"},
        {123456789.123, "123,456,789.1"},               /* ten digits */
        {1e12, "1,000,000,000,000"},
        {999.99999999999, "1,000"},                     /* rounds up a digit */
        {1.5e16, "1.5e+16"},    {1e-6, "1e-06"},        {0.00001, "0.00001"},
        {NAN, "n/a"},           {INFINITY, "n/a"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char buf[64];
        num_format_value(rows[i].v, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, rows[i].want) == 0, "row %zu: %.17g -> '%s', not '%s'",
                      i, rows[i].v, buf, rows[i].want);
    }
}
END_TEST

/* The same text under a locale whose decimal point is ',' and whose
 * grouping is '.': gpuplan's numbers never follow it. */
START_TEST(values_ignore_the_locale)
{
    if (!setlocale(LC_ALL, "de_DE.UTF-8"))
        return; /* the locale is not installed: nothing to compare */
    char buf[64];
    num_format_value(1234.5, buf, sizeof buf);
    ck_assert_str_eq(buf, "1,234.5");
    num_format_money(66075.517, 2, buf, sizeof buf);
    ck_assert_str_eq(buf, "66,075.52");
    setlocale(LC_ALL, "C");
}
END_TEST

/* Money of any finite double keeps all its digits and separators: the
 * buffers inside are sized for the largest double, never cut. */
START_TEST(money_of_any_size)
{
    char buf[600];
    num_format_money(1e300, 2, buf, sizeof buf);
    ck_assert_uint_eq(strlen(buf), 301 + 100 + 3);
    ck_assert(strncmp(buf, "1,000,000,000,000,000,052,504,760", 33) == 0); /* the double's digits */
    ck_assert_str_eq(buf + strlen(buf) - 3, ".00");
    num_format_money(-1e300, 0, buf, sizeof buf);
    ck_assert_uint_eq(strlen(buf), 1 + 301 + 100);
    num_format_money(-0.001, 2, buf, sizeof buf);
    ck_assert_str_eq(buf, "0.00"); /* no "-0.00" */
    num_format_money(2.5, 40, buf, sizeof buf); /* decimals capped at 17 */
    ck_assert_str_eq(buf, "2.50000000000000000");
}
END_TEST

START_TEST(cents)
{
    ck_assert(num_round_cents(48074.880000000005) == 48074.88);
    ck_assert(num_round_cents(471.03999999999996) == 471.04);
    ck_assert(num_round_cents(7547.999999999999) == 7548);
    ck_assert(num_round_cents(-0.004) == 0 && !signbit(num_round_cents(-0.004)));
    ck_assert(num_round_cents(1e15) == 1e15);
    ck_assert(num_round_cents(-1e300) == -1e300);
    ck_assert(isinf(num_round_cents(INFINITY)));
}
END_TEST

START_TEST(shown_difference)
{
    /* The difference of the printed figures, not the exact one. */
    ck_assert(num_shown_difference(54828.894, 65658.996, 2) == -10830.11);
    ck_assert(num_shown_difference(7.824, 4.676, 2) == 3.14);
    ck_assert(num_shown_difference(2289665.62, 2741932.92, 0) == -452267);
    ck_assert(num_shown_difference(0.004, 0.001, 2) == 0 &&
              !signbit(num_shown_difference(0.001, 0.004, 2)));
    ck_assert(isnan(num_shown_difference(NAN, 1, 2)));
    ck_assert(isnan(num_shown_difference(1, INFINITY, 2)));
    ck_assert(num_shown_difference(1e300, 0, 2) == 1e300);
}
END_TEST

/* DESIGN 8, one minus sign: the people's formatters follow the thread's
 * sign, ASCII '-' until an output asks for U+2212; the exact text files
 * and JSON hold never does; a figure that rounds to zero has no sign. */
#define MINUS "\xE2\x88\x92"
START_TEST(one_minus_sign)
{
    char buf[64];
    ck_assert_int_eq(num_minus_now(), NUM_MINUS_ASCII);
    ck_assert_str_eq(num_minus_sign(), "-");
    num_format_value(-12000, buf, sizeof buf);
    ck_assert_str_eq(buf, "-12,000");
    ck_assert_int_eq(num_minus_set(NUM_MINUS_TRUE), NUM_MINUS_ASCII);
    static const struct {
        double v;
        const char *value, *money, *fixed, *signed_;
    } rows[] = {
        {-12000, MINUS "12,000", MINUS "12,000.00", MINUS "12000.0", MINUS "12,000"},
        {-0.004, MINUS "0.004", "0.00", "0.0", "0"},
        {-1.5e16, MINUS "1.5e+16", NULL, NULL, NULL},
        {2.6, "2.6", "2.60", "+2.6", "+3"},
        {0, "0", "0.00", "0.0", "0"},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        num_format_value(rows[i].v, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, rows[i].value) == 0, "value %zu: %s", i, buf);
        if (!rows[i].money)
            continue;
        num_format_money(rows[i].v, 2, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, rows[i].money) == 0, "money %zu: %s", i, buf);
        num_format_fixed(rows[i].v, 1, true, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, rows[i].fixed) == 0, "fixed %zu: %s", i, buf);
        num_format_signed(rows[i].v, 0, false, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, rows[i].signed_) == 0, "signed %zu: %s", i, buf);
    }
    num_format_signed(0, 2, true, buf, sizeof buf);
    ck_assert_str_eq(buf, "+0.00");
    /* scaled to columns: the sign is one column, three bytes */
    ck_assert(num_format_scaled(-1234567, 5, buf, sizeof buf));
    ck_assert_str_eq(buf, MINUS "1.2M");
    /* what files and JSON hold keeps the ASCII sign */
    num_format_exact(-12000.5, buf, sizeof buf);
    ck_assert_str_eq(buf, "-12000.5");
    ck_assert_int_eq(num_minus_set(NUM_MINUS_ASCII), NUM_MINUS_TRUE);
    num_format_fixed(-2.44, 1, false, buf, sizeof buf);
    ck_assert_str_eq(buf, "-2.4");
}
END_TEST

/* A value a message quotes: every digit, grouped; exponents as they are. */
START_TEST(said_values)
{
    static const struct {
        double v;
        const char *want;
    } rows[] = {
        {290000, "290,000"}, {1234567.125, "1,234,567.125"}, {-3, "-3"},
        {-0.0, "0"},         {0.1, "0.1"},                   {1e20, "1e+20"},
        {140627.19999999998, "140,627.19999999998"},         /* not rounded */
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        char buf[64];
        num_format_said(rows[i].v, buf, sizeof buf);
        ck_assert_msg(strcmp(buf, rows[i].want) == 0, "row %zu: '%s', not '%s'", i, buf,
                      rows[i].want);
    }
}
END_TEST

int main(void)
{
    Suite *s = suite_create("numfmt");
    TCase *t = tcase_create("numfmt");
    tcase_add_test(t, values_grouped_without_noise);
    tcase_add_test(t, values_ignore_the_locale);
    tcase_add_test(t, money_of_any_size);
    tcase_add_test(t, cents);
    tcase_add_test(t, shown_difference);
    tcase_add_test(t, one_minus_sign);
    tcase_add_test(t, said_values);
    suite_add_tcase(s, t);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
