/* check_correlate.c: rank correlation between uncertain inputs (DESIGN
 * 2.8): the matrix of the pairs, the pair that makes it indefinite, and
 * Iman–Conover's reordering, hand-worked where it can be. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "correlate.h"
#include "rng.h"

/* Inputs A, B, C. A-B 0.9 and B-C 0.9 leave A-C at 0, and
 * [[1, .9, 0], [.9, 1, .9], [0, .9, 1]] has the eigenvalues 1 and
 * 1 +- 0.9 sqrt 2, of which 1 - 1.2728 = -0.2728 < 0 (in LDL^T: D = 1,
 * 1 - 0.81 = 0.19, 1 - 0.9^2 / 0.19 = -3.263). Without either pair the
 * rest is fine: the later, B-C, is blamed. With 0.5 each:
 * 1 - 0.5 sqrt 2 = 0.293 > 0. Adding A-C 0.81 to the 0.9 pairs makes the
 * whole definite (D3 = 1 - 0.81^2 - (0.9 - 0.729)^2 / 0.19 = 0.1629), in
 * whatever order the pairs come, though any two of them alone are not.
 * With B-C -0.9 instead: D3 = 1 - 0.6561 - (-0.9 - 0.729)^2 / 0.19 < 0,
 * and without any one pair the rest is still indefinite (A-B 0.9 with
 * A-C 0.81 alone gives D3 = 1 - 0.6561 - 0.729^2 / 0.19 = -2.45): the
 * last pair of C, whose pivot failed, is blamed. */
START_TEST(indefinite_pair_is_named)
{
    double C[9];
    size_t bad = 99;
    CorrPair p[3] = {{0, 1, 0.9}, {1, 2, 0.9}, {0, 2, 0}};
    ck_assert(correlate_matrix(p, 1, 3, C, &bad));
    ck_assert(!correlate_matrix(p, 2, 3, C, &bad));
    ck_assert_uint_eq(bad, 1);
    CorrPair ok[2] = {{0, 1, 0.5}, {1, 2, 0.5}};
    ck_assert(correlate_matrix(ok, 2, 3, C, &bad));
    ck_assert_double_eq(C[0 * 3 + 1], 0.5);
    ck_assert_double_eq(C[2 * 3 + 1], 0.5);
    ck_assert_double_eq(C[0 * 3 + 2], 0);
    CorrPair three[3] = {{0, 2, 0.81}, {0, 1, 0.9}, {1, 2, 0.9}};
    ck_assert(correlate_matrix(three, 3, 3, C, &bad));
    ck_assert(!correlate_matrix(three, 2, 3, C, &bad));
    CorrPair neg[3] = {{0, 1, 0.9}, {0, 2, 0.81}, {1, 2, -0.9}};
    ck_assert(!correlate_matrix(neg, 3, 3, C, &bad));
    ck_assert_uint_eq(bad, 2);
    /* Perfect correlation is semidefinite: allowed. */
    CorrPair one[1] = {{0, 1, 1}};
    ck_assert(correlate_matrix(one, 1, 2, C, &bad));
}
END_TEST

START_TEST(normal_quantile)
{
    ck_assert_double_eq_tol(correlate_normal_quantile(0.5), 0, 1e-15);
    ck_assert_double_eq_tol(correlate_normal_quantile(0.975), 1.959963984540054,
                            1e-12);
    ck_assert_double_eq_tol(correlate_normal_quantile(0.001),
                            -3.090232306167813, 1e-12);
    ck_assert_double_eq_tol(correlate_normal_quantile(0.75), 0.674489750196082,
                            1e-12);
}
END_TEST

/* Spearman's rank correlation of two columns without ties. */
static double spearman(const double *a, const double *b, size_t n)
{
    double d2 = 0;
    for (size_t i = 0; i < n; i++) {
        size_t ra = 0, rb = 0;
        for (size_t j = 0; j < n; j++) {
            ra += a[j] < a[i];
            rb += b[j] < b[i];
        }
        d2 += ((double)ra - (double)rb) * ((double)ra - (double)rb);
    }
    double nn = (double)n;
    return 1 - 6 * d2 / (nn * (nn * nn - 1));
}

static void draw(double *x, size_t n, size_t k, uint64_t seed)
{
    Rng r;
    rng_seed(&r, seed);
    for (size_t i = 0; i < n * k; i++)
        x[i] = rng_uniform(&r) * (double)(i / n + 1);
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Correlation 1: C = [[1, 1], [1, 1]], P = [[1, 0], [1, 0]], so T's second
 * column is its first and the second input is put in the first's order:
 * the rank correlation is exactly 1 (-1 for -1, the order reversed). */
START_TEST(perfect_correlation_orders_alike)
{
    enum { N = 200 };
    static double x[2 * N], work[3 * N];
    static size_t idx[N];
    for (int sign = -1; sign <= 1; sign += 2) {
        draw(x, N, 2, 5);
        double C[4] = {1, sign, sign, 1};
        ck_assert(correlate_iman_conover(x, N, 2, C, 77, work, idx));
        ck_assert_double_eq(spearman(x, x + N, N), sign);
    }
}
END_TEST

/* Three inputs at 0.7, -0.4, 0 over 2,000 draws: the rank correlations
 * follow (the scores' correlation is C exactly; the ranks' within 0.03),
 * each column keeps its values, and the same seed gives the same order. */
START_TEST(target_ranks_values_kept_reproducible)
{
    enum { N = 2000, K = 3 };
    static double x[K * N], y[K * N], before[K * N], work[(K + 1) * N];
    static size_t idx[N];
    CorrPair p[2] = {{0, 1, 0.7}, {1, 2, -0.4}};
    double C[K * K];
    size_t bad;
    ck_assert(correlate_matrix(p, 2, K, C, &bad));
    draw(x, N, K, 9);
    memcpy(before, x, sizeof x);
    ck_assert(correlate_iman_conover(x, N, K, C, 2026, work, idx));
    ck_assert_double_eq_tol(spearman(x, x + N, N), 0.7, 0.03);
    ck_assert_double_eq_tol(spearman(x + N, x + 2 * N, N), -0.4, 0.03);
    ck_assert_double_eq_tol(spearman(x, x + 2 * N, N), 0, 0.05);
    for (size_t j = 0; j < K; j++) {
        double a[N], b[N];
        memcpy(a, x + j * N, sizeof a);
        memcpy(b, before + j * N, sizeof b);
        qsort(a, N, sizeof *a, cmp);
        qsort(b, N, sizeof *b, cmp);
        ck_assert(memcmp(a, b, sizeof a) == 0);
    }
    draw(y, N, K, 9);
    ck_assert(correlate_iman_conover(y, N, K, C, 2026, work, idx));
    ck_assert(memcmp(x, y, sizeof x) == 0);
    draw(y, N, K, 9);
    ck_assert(correlate_iman_conover(y, N, K, C, 2027, work, idx));
    ck_assert(memcmp(x, y, sizeof x) != 0);
    /* Too few draws for the scores' correlation to be invertible. */
    ck_assert(!correlate_iman_conover(y, 3, K, C, 1, work, idx));
}
END_TEST

int main(void)
{
    Suite *su = suite_create("correlate");
    TCase *tc = tcase_create("correlate");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, indefinite_pair_is_named);
    tcase_add_test(tc, normal_quantile);
    tcase_add_test(tc, perfect_correlation_orders_alike);
    tcase_add_test(tc, target_ranks_values_kept_reproducible);
    suite_add_tcase(su, tc);
    SRunner *sr = srunner_create(su);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
