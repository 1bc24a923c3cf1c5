/* check_dtoa_fixed.c: dtoa_fixed writes exactly dtoa_shortest's text for
 * every double and every hint: the hint changes the speed, never the text. */
#include "config.h"

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "dtoa_fixed.h"
#include "numfmt.h"
#include "test_scale.h"

static uint64_t state;

static uint64_t next(void)
{
    uint64_t z = (state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

/* dtoa_fixed(v, p) == dtoa_shortest(v), text and length. */
static void same(double v, int p)
{
    char want[DTOA_BUFSIZE], got[DTOA_BUFSIZE];
    size_t wn = dtoa_shortest(v, want);
    memset(got, 'x', sizeof got);
    size_t gn = dtoa_fixed(v, p, got);
    ck_assert_msg(gn == wn && strcmp(got, want) == 0,
                  "%.17g places %d: '%s' (%zu), dtoa_shortest '%s' (%zu)", v,
                  p, got, gn, want, wn);
}

/* Short decimals k / 10^p of every size, both signs, with their own hint
 * and with wrong ones. */
START_TEST(short_decimals)
{
    state = 1;
    for (long t = 0; t < test_scale(1000000); t++) {
        uint64_t r = next();
        int p = (int)(r % 16);
        int digits = 1 + (int)((r >> 8) % 17);
        uint64_t k = next() % (uint64_t)pow(10, digits);
        double v = (double)k / pow(10, p);
        if (r & (1u << 20))
            v = -v;
        same(v, p);
        same(v, (p + 1) % 16);
        same(v, p > 0 ? p - 1 : 0);
        same(nextafter(v, INFINITY), p);
        same(nextafter(v, -INFINITY), p);
    }
}
END_TEST

/* Money to the cent, as CSV writes it: num_round_cents of any amount. */
START_TEST(cents)
{
    state = 2;
    for (long t = 0; t < test_scale(1000000); t++) {
        uint64_t r = next();
        double scale = pow(10, (double)(r % 18) - 3);
        double v = (double)(next() >> 11) / 9007199254740992.0 * scale;
        if (r & (1u << 20))
            v = -v;
        same(num_round_cents(v), 2);
        same(v, 2);
    }
}
END_TEST

/* Any double, any hint. */
START_TEST(any_double)
{
    state = 3;
    for (long t = 0; t < test_scale(1000000); t++) {
        uint64_t b = next();
        double v;
        memcpy(&v, &b, sizeof v);
        same(v, (int)(next() % 20) - 2);
    }
}
END_TEST

/* The edges: zeros, the special values, the limits of the fast path. */
START_TEST(edges)
{
    static const double v[] = {0.0, -0.0, 1e-5, 1e-6, 0.00001, 0.000012,
                               0.1, 0.2, 0.3, 0.1 + 0.2, 1, 10, 100, 1e15,
                               1e16, 1e17, 450359962737.04, 450359962737.05,
                               45035996273.7049, 4503599627370496.0,
                               9007199254740993.0, DBL_MAX, DBL_MIN,
                               DBL_TRUE_MIN, 66075.52, 0.99999, 9.995,
                               999999999999.99, 1e-300};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        for (int p = -1; p <= 17; p++) {
            same(v[i], p);
            same(-v[i], p);
        }
    same(NAN, 2);
    same(INFINITY, 2);
    same(-INFINITY, 0);
    char buf[DTOA_BUFSIZE];
    ck_assert_uint_eq(dtoa_fixed(66075.52, 2, buf), 8);
    ck_assert_str_eq(buf, "66075.52");
    ck_assert_uint_eq(dtoa_fixed(-0.00001, 5, buf), 8);
    ck_assert_str_eq(buf, "-0.00001");
    ck_assert_uint_eq(dtoa_fixed(730.5, 3, buf), 5);
    ck_assert_str_eq(buf, "730.5");
}
END_TEST

/* dtoa_cents(v) == dtoa_shortest(num_round_cents(v)), text and length. */
static void same_cents(double v)
{
    char want[DTOA_BUFSIZE], got[DTOA_BUFSIZE];
    size_t wn = dtoa_shortest(num_round_cents(v), want);
    memset(got, 'x', sizeof got);
    size_t gn = dtoa_cents(v, got);
    ck_assert_msg(gn == wn && strcmp(got, want) == 0,
                  "%.17g: '%s' (%zu), rounded to the cent '%s' (%zu)", v, got,
                  gn, want, wn);
}

/* The cents writer: amounts of every size and sign, the half cents and
 * their neighbours (where round() and a faster rounding could part), the
 * edge of its fast path, any double, and the special values. */
START_TEST(cents_writer)
{
    state = 4;
    for (long t = 0; t < test_scale(1000000); t++) {
        uint64_t r = next();
        double scale = pow(10, (double)(r % 19) - 4);
        double v = (double)(next() >> 11) / 9007199254740992.0 * scale;
        if (r & (1u << 20))
            v = -v;
        same_cents(v);
        /* a half cent, k + 0.5 cents, and the doubles beside it */
        double h = ((double)(next() % 100000000000ULL) + 0.5) / 100;
        if (r & (1u << 21))
            h = -h;
        same_cents(h);
        same_cents(nextafter(h, INFINITY));
        same_cents(nextafter(h, -INFINITY));
        uint64_t b = next();
        memcpy(&v, &b, sizeof v);
        same_cents(v);
    }
    static const double edge[] = {0.0, 0.004, 0.005, 0.0049999999999999999,
                                  0.015, 0.125, 0.49999999999999994, 0.5,
                                  1.005, 2.675, 66075.52, 4e12, 3999999999999.995,
                                  3999999999999.9951, 4000000000000.005,
                                  4503599627370.49, 1e15, 1e16, DBL_MAX,
                                  DBL_MIN, DBL_TRUE_MIN, NAN, INFINITY};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        same_cents(edge[i]);
        same_cents(-edge[i]);
        same_cents(nextafter(edge[i], INFINITY));
        same_cents(nextafter(edge[i], -INFINITY));
    }
    char buf[DTOA_BUFSIZE];
    ck_assert_uint_eq(dtoa_cents(-0.004, buf), 1);
    ck_assert_str_eq(buf, "0");
    ck_assert_uint_eq(dtoa_cents(66075.519, buf), 8);
    ck_assert_str_eq(buf, "66075.52");
    ck_assert_uint_eq(dtoa_cents(-2.5, buf), 4);
    ck_assert_str_eq(buf, "-2.5");
}
END_TEST

static Suite *dtoa_fixed_suite(void)
{
    Suite *s = suite_create("dtoa_fixed");
    TCase *t = tcase_create("core");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, short_decimals);
    tcase_add_test(t, cents);
    tcase_add_test(t, any_double);
    tcase_add_test(t, edges);
    tcase_add_test(t, cents_writer);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(dtoa_fixed_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
