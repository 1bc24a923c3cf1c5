/* check_irr_scan.c: the IRR's root scan (DESIGN 2.7) takes shortcuts (a
 * run of rates whose sign the flows' positive and negative parts decide is
 * not evaluated, eight rates and three bisection steps are evaluated at
 * once); here the plain scan, every one of its 2,048 rates evaluated and
 * one bisection step at a time, is written out and both must give the same
 * roots to the bit on random flows: near zero, exact zeros, tiny, and many
 * sign changes. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "horizon.h"
#include "rng.h"
#include "test_scale.h"

/* ---- the plain scan -------------------------------------------------- */

static double plain_poly(const double *d, int T, double x)
{
    double acc = 0;
    for (int t = 0; t <= T; t++)
        acc = acc * x + d[t];
    return acc;
}

static double plain_bisect(const double *d, int T, double lo, double hi,
                           double plo)
{
    while (hi - lo > 1e-10) {
        double mid = lo + (hi - lo) / 2;
        double pm = plain_poly(d, T, 1 + mid);
        if (pm == 0)
            return mid;
        if ((pm > 0) == (plo > 0))
            lo = mid;
        else
            hi = mid;
    }
    return lo + (hi - lo) / 2;
}

static double plain_rate(int k)
{
    const int scan = 2048, half = scan / 2;
    if (k == half)
        return 0;
    if (k > half)
        return pow(10, -6 + (double)(k - half - 1) / (scan - half - 1) *
                               (log10(10.0) + 6));
    return -pow(10, -6 + (double)(half - 1 - k) / (half - 1) *
                             (log10(0.9) + 6));
}

static double yearly(double rho) { return (pow(1 + rho, 12) - 1) * 100; }

/* horizon_irr's roots and IRR, the plain way. */
static void plain_irr(const double *d, int T, HorizonIrr *irr)
{
    memset(irr, 0, sizeof *irr);
    irr->pct = NAN;
    int last = 0;
    for (int t = 0; t <= T; t++) {
        int sign = d[t] > 0 ? 1 : d[t] < 0 ? -1 : 0;
        if (sign != 0 && last != 0 && sign != last)
            irr->sign_changes++;
        if (sign != 0)
            last = sign;
    }
    if (irr->sign_changes == 0)
        return;
    if (irr->sign_changes > 1) {
        double pr = plain_rate(0), pp = plain_poly(d, T, 1 + pr);
        for (int k = 1; k < 2048; k++) {
            double r = plain_rate(k), p = plain_poly(d, T, 1 + r);
            double root = NAN;
            if (p == 0)
                root = r;
            else if (pp != 0 && (p > 0) != (pp > 0))
                root = plain_bisect(d, T, pr, r, pp);
            if (!isnan(root) && irr->root_count < HORIZON_ROOTS_MAX)
                irr->root_pct[irr->root_count++] = yearly(root);
            pr = r;
            pp = p;
        }
        if (irr->root_count != 1)
            return;
    }
    double plo = plain_poly(d, T, 1 + -0.9), phi = plain_poly(d, T, 1 + 10.0);
    double rho = NAN;
    if (phi == 0)
        rho = 10;
    else if (plo != 0 && (plo > 0) != (phi > 0))
        rho = plain_bisect(d, T, -0.9, 10, plo);
    if (isnan(rho))
        return;
    irr->pct = yearly(rho);
    irr->root_count = 1;
    irr->root_pct[0] = irr->pct;
}

/* ---- random flows ---------------------------------------------------- */

static double unit(Rng *g) { return rng_uniform(g); }

static int random_flows(Rng *g, long n, double *d)
{
    int T = 1 + (int)(unit(g) * HORIZON_MONTHS_MAX);
    if (T > HORIZON_MONTHS_MAX)
        T = HORIZON_MONTHS_MAX;
    for (int t = 0; t <= T; t++) {
        double v;
        switch (n % 7) {
        case 0: /* an outlay, then savings */
            v = t == 0 ? -1e5 * unit(g) : 3000 * unit(g);
            break;
        case 1: /* savings that turn to losses half-way */
            v = t == 0 ? -1e5 : t > T / 2 ? -2000 * unit(g) : 5000 * unit(g);
            break;
        case 2: /* a refresh every seventh month */
            v = (t % 7 == 0 ? -1 : 1) * unit(g) * 1e4;
            break;
        case 3: /* small integers: P is exactly 0 at some scan rates */
            v = (double)((int)(unit(g) * 7) - 3);
            break;
        case 4: /* tiny flows */
            v = (unit(g) - 0.5) * 1e-300;
            break;
        case 5: /* flows that nearly cancel */
            v = (t % 3 == 0 ? -1e6 : 1e6) * (1 + 1e-15 * unit(g));
            break;
        default:
            v = (unit(g) - 0.5) * 1000;
        }
        if (t > 0 && unit(g) < 0.05)
            v = 0;
        d[t] = v;
    }
    return T;
}

static bool same_bits(double a, double b)
{
    return memcmp(&a, &b, sizeof a) == 0;
}

START_TEST(the_scan_finds_the_plain_scans_roots)
{
    Rng g;
    rng_seed(&g, 2026);
    double d[HORIZON_MONTHS_MAX + 1];
    long several = 0, zeros = 0;
    for (long n = 0; n < test_scale(8000); n++) {
        int T = random_flows(&g, n, d);
        HorizonIrr fast, plain;
        horizon_irr(d, T, 0.005, &fast);
        plain_irr(d, T, &plain);
        ck_assert_int_eq(fast.sign_changes, plain.sign_changes);
        ck_assert_msg(fast.root_count == plain.root_count,
                      "flows %ld: %d roots, the plain scan %d", n,
                      fast.root_count, plain.root_count);
        ck_assert_msg(same_bits(fast.pct, plain.pct) ||
                          (isnan(fast.pct) && isnan(plain.pct)),
                      "flows %ld: IRR %.17g, the plain scan %.17g", n,
                      fast.pct, plain.pct);
        for (int k = 0; k < fast.root_count; k++)
            ck_assert_msg(same_bits(fast.root_pct[k], plain.root_pct[k]),
                          "flows %ld root %d: %.17g, the plain scan %.17g", n,
                          k, fast.root_pct[k], plain.root_pct[k]);
        several += fast.root_count > 1;
        for (int k = 0; k < fast.root_count; k++)
            zeros += fast.root_pct[k] == 0;
    }
    /* The flows reach the cases the shortcuts must get right. */
    ck_assert(several > test_scale(8000) / 100);
    ck_assert(zeros > 0);
}
END_TEST

int main(void)
{
    Suite *su = suite_create("irr_scan");
    TCase *tc = tcase_create("scan");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, the_scan_finds_the_plain_scans_roots);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
