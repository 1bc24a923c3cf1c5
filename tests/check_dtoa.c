/* check_dtoa.c: dtoa_shortest reads back bit for bit, is as short as the
 * shortest round-tripping printf "%.Ng", prints the documented notation,
 * agrees with its exact slow path, and is timed against snprintf. */
#include "config.h"

#include <check.h>
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dtoa.h"
#include "test_scale.h"

/* ---- helpers ------------------------------------------------------------- */

/* splitmix64 with a fixed seed per test, so every run checks the same
 * values. */
static uint64_t sm_state;

static void sm_seed(uint64_t seed)
{
    sm_state = seed;
}

static uint64_t sm_next(void)
{
    uint64_t z = (sm_state += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static double bits_to_double(uint64_t b)
{
    double v;
    memcpy(&v, &b, sizeof v);
    return v;
}

static uint64_t double_to_bits(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

/* A random finite double from a random 64-bit pattern (NaN/Inf redrawn). */
static double random_finite(void)
{
    for (;;) {
        uint64_t b = sm_next();
        if (((b >> 52) & 0x7ff) != 0x7ff)
            return bits_to_double(b);
    }
}

/* A money-like value: k/100 for k below 10^12. */
static double random_money(void)
{
    return (double)(sm_next() % UINT64_C(1000000000000)) / 100.0;
}

/* A product like hours * price * markup (11680 * 6.88 * 1.05). */
static double random_product(void)
{
    double hours = (double)(1 + sm_next() % 200000);
    double price = (double)(1 + sm_next() % 100000) / 100.0;
    double markup = 1.0 + (double)(sm_next() % 10000) / 10000.0;
    return hours * price * markup;
}

/* Fail with a message only when cond is false: a passing ck_assert records
 * its location with a write to the parent process, far too slow for
 * millions of values. */
#define EXPECT(cond, ...)                                                     \
    do {                                                                      \
        if (!(cond))                                                          \
            ck_abort_msg(__VA_ARGS__);                                        \
    } while (0)

/* Write dtoa_shortest(v), check the length it returns, the buffer bound
 * and that strtod reads the text back to v bit for bit. */
static void check_round_trip(double v, char *buf)
{
    char canary[DTOA_BUFSIZE + 8];
    memset(canary, 0x5a, sizeof canary);
    size_t len = dtoa_shortest(v, canary);
    EXPECT(len < DTOA_BUFSIZE && len == strlen(canary),
           "%a: length %zu for \"%.*s\"", v, len, DTOA_BUFSIZE, canary);
    for (size_t i = DTOA_BUFSIZE; i < sizeof canary; i++)
        EXPECT(canary[i] == 0x5a, "%a: wrote past DTOA_BUFSIZE", v);
    memcpy(buf, canary, len + 1);
    char *end;
    double back = strtod(buf, &end);
    EXPECT(*end == '\0', "trailing text in \"%s\"", buf);
    EXPECT(double_to_bits(back) == double_to_bits(v),
           "%a printed as \"%s\" reads back as %a", v, buf, back);
}

/* Significant digits (no leading or trailing zeros) and the exponent of
 * the first one, from any of our or printf's notations. */
typedef struct Norm {
    char dig[40];
    int exp;
} Norm;

static Norm normalize_text(const char *s)
{
    Norm n;
    int nd = 0, point = -1, seen = 0, lead = 0;
    const char *p = s;
    if (*p == '-')
        p++;
    for (; *p && *p != 'e'; p++) {
        if (*p == '.') {
            point = seen;
            continue;
        }
        if (nd == 0 && *p == '0') {
            lead++;
            seen++;
            continue;
        }
        n.dig[nd++] = *p;
        seen++;
    }
    if (point < 0)
        point = seen;
    int e = *p == 'e' ? atoi(p + 1) : 0;
    while (nd > 1 && n.dig[nd - 1] == '0')
        nd--;
    n.dig[nd] = '\0';
    n.exp = point - lead - 1 + e;
    if (nd == 0)
        n.exp = 0;
    return n;
}

/* The smallest N whose "%.Ng" reads back to v, and that text. */
static int shortest_printf(double v, char *out, size_t outsz)
{
    for (int p = 1; p <= 17; p++) {
        snprintf(out, outsz, "%.*e", p - 1, v);
        if (double_to_bits(strtod(out, NULL)) == double_to_bits(v))
            return p;
    }
    ck_abort_msg("%%.17e of %a does not read back", v);
    return 0;
}

/* Count of significant digits in one of our texts. */
static int digit_count(const char *s)
{
    return (int)strlen(normalize_text(s).dig);
}

/* Compare dtoa_shortest (and the exact path) with the shortest printf:
 * same digits and exponent; where the notation coincides with printf's,
 * the same bytes. Powers of two may legitimately be shorter (a shorter
 * text above v, in the wider upper half of the rounding interval).
 * Returns 1 when v was such a power of two. */
static int check_shortest(double v)
{
    char mine[DTOA_BUFSIZE], exact[DTOA_BUFSIZE], ref[64], g[64];
    check_round_trip(v, mine);
    dtoa_shortest_exact(v, exact);
    EXPECT(strcmp(mine, exact) == 0, "%a: fast \"%s\", exact \"%s\"", v,
           mine, exact);
    int p = shortest_printf(v, ref, sizeof ref);
    Norm a = normalize_text(mine), b = normalize_text(ref);
    if ((double_to_bits(v) & ((UINT64_C(1) << 52) - 1)) == 0 &&
        digit_count(mine) < p)
        return 1;
    EXPECT(strcmp(a.dig, b.dig) == 0 && a.exp == b.exp,
           "%a: \"%s\" but shortest printf is \"%s\"", v, mine, ref);
    int x = a.exp;
    if (x < -5 || x > 16) { /* same bytes as %.{N-1}e */
        EXPECT(strcmp(mine, ref) == 0, "%a: \"%s\" != \"%s\"", v, mine, ref);
    } else if (x >= -4 && x < p) { /* same bytes as %.Ng */
        snprintf(g, sizeof g, "%.*g", p, v);
        EXPECT(strcmp(mine, g) == 0, "%a: \"%s\" != \"%s\"", v, mine, g);
    }
    return 0;
}

/* ---- tests ------------------------------------------------------------------ */

START_TEST(expected_strings)
{
    static const struct {
        double v;
        const char *text;
    } rows[] = {
        {0.1, "0.1"},
        {6.88, "6.88"},
        {66075.52, "66075.52"},
        {1e12, "1000000000000"},
        {1e16, "10000000000000000"},
        {1e17, "1e+17"},
        {1.5e-7, "1.5e-07"},
        {0.0001, "0.0001"},
        {123456.789, "123456.789"},
        {1.0 / 3, "0.3333333333333333"},
        {5e-324, "5e-324"},
        {-2.5, "-2.5"},
        {0.0, "0"},
        {-0.0, "-0"},
        /* notation edges: first-digit exponent -5 and 16 are plain */
        {0.00001, "0.00001"},
        {1.25e-5, "0.0000125"},
        {9.5e-6, "9.5e-06"},
        {12345678901234568.0, "12345678901234568"},
        {123456789012345680.0, "1.2345678901234568e+17"},
        {730, "730"},
        {0.023, "0.023"},
        {1.5e20, "1.5e+20"},
        {1e100, "1e+100"},
        {1e-100, "1e-100"},
        {DBL_MAX, "1.7976931348623157e+308"},
        {-DBL_MIN, "-2.2250738585072014e-308"},
        {1e23, "1e+23"},
        {9007199254740993.0, "9007199254740992"},
        {0.30000000000000004, "0.30000000000000004"},
        {100, "100"},
        {1, "1"},
        {-1.2345678901234568e-05, "-0.000012345678901234568"},
    };
    char buf[DTOA_BUFSIZE];
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        size_t len = dtoa_shortest(rows[i].v, buf);
        ck_assert_msg(strcmp(buf, rows[i].text) == 0, "row %zu: \"%s\" != \"%s\"",
                      i, buf, rows[i].text);
        ck_assert_uint_eq(len, strlen(rows[i].text));
        dtoa_shortest_exact(rows[i].v, buf);
        ck_assert_str_eq(buf, rows[i].text);
    }
}
END_TEST

START_TEST(specials)
{
    char buf[DTOA_BUFSIZE];
    ck_assert_uint_eq(dtoa_shortest(NAN, buf), 3);
    ck_assert_str_eq(buf, "nan");
    ck_assert_uint_eq(dtoa_shortest(INFINITY, buf), 3);
    ck_assert_str_eq(buf, "inf");
    ck_assert_uint_eq(dtoa_shortest(-INFINITY, buf), 4);
    ck_assert_str_eq(buf, "-inf");
    dtoa_shortest_exact(-INFINITY, buf);
    ck_assert_str_eq(buf, "-inf");
    /* -0 really is negative zero on the way back */
    dtoa_shortest(-0.0, buf);
    ck_assert(signbit(strtod(buf, NULL)));
}
END_TEST

START_TEST(round_trip_random_bits)
{
    char buf[DTOA_BUFSIZE];
    sm_seed(20260101);
    for (long i = 0; i < test_scale(2000000); i++)
        check_round_trip(random_finite(), buf);
}
END_TEST

START_TEST(round_trip_money)
{
    char buf[DTOA_BUFSIZE];
    sm_seed(42);
    for (long i = 0; i < test_scale(1000000); i++) {
        check_round_trip(random_money(), buf);
        check_round_trip(random_product(), buf);
    }
    check_round_trip(11680 * 6.88 * 1.05, buf);
    check_round_trip(0.07 * 3, buf);
}
END_TEST

START_TEST(powers_of_ten_and_neighbours)
{
    char text[32];
    int pow2 = 0;
    for (int k = -323; k <= 308; k++) {
        snprintf(text, sizeof text, "1e%d", k);
        double v = strtod(text, NULL);
        pow2 += check_shortest(v);
        pow2 += check_shortest(nextafter(v, 0));
        pow2 += check_shortest(nextafter(v, INFINITY));
        pow2 += check_shortest(-v);
    }
    /* Exact powers of ten print as "1", "10", ..., "1e+17" ... */
    char buf[DTOA_BUFSIZE];
    for (int k = -5; k <= 16; k++) {
        snprintf(text, sizeof text, "1e%d", k);
        dtoa_shortest(strtod(text, NULL), buf);
        ck_assert_str_eq(normalize_text(buf).dig, "1");
        ck_assert_int_eq(normalize_text(buf).exp, k);
        ck_assert_ptr_null(strchr(buf, 'e'));
    }
    for (int k = 17; k <= 308; k++) {
        snprintf(text, sizeof text, "1e%d", k);
        dtoa_shortest(strtod(text, NULL), buf);
        snprintf(text, sizeof text, "1e+%02d", k);
        ck_assert_str_eq(buf, text);
    }
    for (int k = -323; k <= -6; k++) {
        snprintf(text, sizeof text, "1e%d", k);
        dtoa_shortest(strtod(text, NULL), buf);
        snprintf(text, sizeof text, "1e-%02d", -k);
        ck_assert_str_eq(buf, text);
    }
    (void)pow2;
}
END_TEST

START_TEST(extremes_and_denormals)
{
    static const double fixed[] = {DBL_MAX, DBL_MIN, 5e-324, -5e-324,
                                   1e-323, DBL_EPSILON, 1.0, 2.0, 0.5};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        check_shortest(fixed[i]);
        check_shortest(nextafter(fixed[i], 0));
        check_shortest(nextafter(fixed[i], INFINITY));
    }
    /* the smallest denormals one by one, then random denormals */
    for (uint64_t b = 1; b <= 3000; b++)
        check_shortest(bits_to_double(b));
    sm_seed(7);
    for (long i = 0; i < test_scale(20000); i++) {
        uint64_t b = sm_next() & ((UINT64_C(1) << 52) - 1);
        check_shortest(bits_to_double(b | (sm_next() & (UINT64_C(1) << 63))));
    }
    /* every power of two, whose lower gap is half the upper one */
    for (int e = -1074; e <= 1023; e++)
        check_shortest(ldexp(1.0, e));
}
END_TEST

START_TEST(shortest_random_bits)
{
    sm_seed(99);
    int pow2 = 0;
    for (long i = 0; i < test_scale(200000); i++)
        pow2 += check_shortest(random_finite());
    ck_assert_int_le(pow2, 1);
}
END_TEST

START_TEST(shortest_plain_range)
{
    /* log-uniform over [1e-7, 1e18): exercises every plain layout */
    sm_seed(1234);
    for (long i = 0; i < test_scale(100000); i++) {
        double u = (double)(sm_next() >> 11) * 0x1p-53;
        check_shortest(pow(10.0, -7.0 + 25.0 * u));
    }
    for (int i = 0; i < 50000; i++) {
        check_shortest(random_money());
        check_shortest(random_product());
    }
}
END_TEST

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Printed, not asserted: the machine decides the figures. */
START_TEST(speed)
{
    if (test_quick())
        return; /* a timing under valgrind means nothing */
    enum { POOL = 1 << 20, CALLS = 10000000 };
    double *pool = malloc(POOL * sizeof *pool);
    ck_assert_ptr_nonnull(pool);
    sm_seed(5);
    for (int i = 0; i < POOL; i++)
        pool[i] = (i & 1) ? random_product() : random_money();
    char buf[64];
    size_t sum = 0;
    double t0 = now_ns();
    for (int i = 0; i < CALLS; i++)
        sum += dtoa_shortest(pool[i & (POOL - 1)], buf);
    double t1 = now_ns();
    for (int i = 0; i < CALLS; i++)
        sum += (size_t)snprintf(buf, sizeof buf, "%.17g", pool[i & (POOL - 1)]);
    double t2 = now_ns();
    printf("dtoa speed over %d money-like values: dtoa_shortest %.1f ns/call, "
           "snprintf %%.17g %.1f ns/call (checksum %zu)\n",
           CALLS, (t1 - t0) / CALLS, (t2 - t1) / CALLS, sum);
    fflush(stdout);
    free(pool);
}
END_TEST

static Suite *dtoa_suite(void)
{
    Suite *s = suite_create("dtoa");
    TCase *t = tcase_create("dtoa");
    tcase_add_test(t, expected_strings);
    tcase_add_test(t, specials);
    tcase_add_test(t, round_trip_random_bits);
    tcase_add_test(t, round_trip_money);
    tcase_add_test(t, powers_of_ten_and_neighbours);
    tcase_add_test(t, extremes_and_denormals);
    tcase_add_test(t, shortest_random_bits);
    tcase_add_test(t, shortest_plain_range);
    tcase_add_test(t, speed);
    tcase_set_timeout(t, 300);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(dtoa_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
