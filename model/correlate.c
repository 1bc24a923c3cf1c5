/* correlate.c: rank correlation between uncertain inputs, Iman–Conover
 * (DESIGN 2.8); see correlate.h. */
#include "config.h"

#include "correlate.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define PIVOT_TOL 1e-10

/* P with C = P P^T for a positive semidefinite C (k x k, row-major):
 * LDL^T, P = L sqrt(D); a zero pivot needs a zero column below it. False
 * when C is indefinite, with *at (when not NULL) the input whose pivot
 * failed. P may be NULL (only the check). */
static bool factor_at(const double *C, size_t k, double *P, size_t *at)
{
    double L[CORRELATE_MAX][CORRELATE_MAX] = {{0}}, D[CORRELATE_MAX];
    for (size_t j = 0; j < k; j++) {
        double d = C[j * k + j];
        for (size_t m = 0; m < j; m++)
            d -= L[j][m] * L[j][m] * D[m];
        if (d < -PIVOT_TOL) {
            if (at)
                *at = j;
            return false;
        }
        D[j] = d > PIVOT_TOL ? d : 0;
        L[j][j] = 1;
        for (size_t i = j + 1; i < k; i++) {
            double v = C[i * k + j];
            for (size_t m = 0; m < j; m++)
                v -= L[i][m] * L[j][m] * D[m];
            if (D[j] == 0) {
                if (fabs(v) > PIVOT_TOL) {
                    if (at)
                        *at = i;
                    return false;
                }
                L[i][j] = 0;
            } else {
                L[i][j] = v / D[j];
            }
        }
    }
    if (P)
        for (size_t i = 0; i < k; i++)
            for (size_t j = 0; j < k; j++)
                P[i * k + j] = j <= i ? L[i][j] * sqrt(D[j]) : 0;
    return true;
}

static bool factor(const double *C, size_t k, double *P)
{
    return factor_at(C, k, P, NULL);
}

static void fill(const CorrPair *pairs, size_t np, size_t skip, size_t k,
                 double *C)
{
    for (size_t i = 0; i < k; i++)
        for (size_t j = 0; j < k; j++)
            C[i * k + j] = i == j ? 1 : 0;
    for (size_t p = 0; p < np; p++)
        if (p != skip) {
            C[pairs[p].a * k + pairs[p].b] = pairs[p].rho;
            C[pairs[p].b * k + pairs[p].a] = pairs[p].rho;
        }
}

bool correlate_matrix(const CorrPair *pairs, size_t np, size_t k, double *C,
                      size_t *bad)
{
    size_t at = 0;
    fill(pairs, np, np, k, C);
    if (factor_at(C, k, NULL, &at))
        return true;
    /* The last pair without which the rest is consistent; else the last
     * pair of the input whose pivot failed. */
    double D[CORRELATE_MAX * CORRELATE_MAX];
    *bad = np - 1;
    for (size_t p = np; p-- > 0;) {
        fill(pairs, np, p, k, D);
        if (factor(D, k, NULL)) {
            *bad = p;
            return false;
        }
    }
    for (size_t p = np; p-- > 0;)
        if (pairs[p].a == at || pairs[p].b == at) {
            *bad = p;
            break;
        }
    return false;
}

double correlate_normal_quantile(double p)
{
    static const double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                               -2.759285104469687e+02, 1.383577518672690e+02,
                               -3.066479806614716e+01, 2.506628277459239e+00};
    static const double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                               -1.556989798598866e+02, 6.680131188771972e+01,
                               -1.328068155288572e+01};
    static const double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                               -2.400758277161838e+00, -2.549732539343734e+00,
                               4.374664141464968e+00, 2.938163982698783e+00};
    static const double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                               2.445134137142996e+00, 3.754408661907416e+00};
    double x;
    if (p < 0.02425) {
        double q = sqrt(-2 * log(p));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q +
             c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    } else if (p <= 1 - 0.02425) {
        double q = p - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r +
             a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    } else {
        double q = sqrt(-2 * log(1 - p));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q +
              c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
    /* One Halley step on Phi(x) - p, Phi from erfc. */
    double e = 0.5 * erfc(-x / sqrt(2)) - p;
    double u = e * 2.5066282746310002 * exp(x * x / 2); /* sqrt(2 pi) */
    return x - u / (1 + x * u / 2);
}

/* Heap sort of idx[0..n) by key[idx], ties by index: no context pointer,
 * no allocation, the same order everywhere. */
static bool before(const double *key, size_t i, size_t j)
{
    if (key[i] != key[j])
        return key[i] < key[j];
    return i < j;
}

static void sift(size_t *idx, const double *key, size_t root, size_t n)
{
    for (size_t child; (child = 2 * root + 1) < n; root = child) {
        if (child + 1 < n && before(key, idx[child], idx[child + 1]))
            child++;
        if (!before(key, idx[root], idx[child]))
            return;
        size_t t = idx[root];
        idx[root] = idx[child];
        idx[child] = t;
    }
}

static void sort_by(size_t *idx, const double *key, size_t n)
{
    for (size_t i = 0; i < n; i++)
        idx[i] = i;
    for (size_t i = n / 2; i-- > 0;)
        sift(idx, key, i, n);
    for (size_t end = n; end-- > 1;) {
        size_t t = idx[0];
        idx[0] = idx[end];
        idx[end] = t;
        sift(idx, key, 0, end);
    }
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The scores, each column a permutation of the same van der Waerden
 * scores, from one stream. */
static void scores(double *T, size_t n, size_t k, uint64_t seed)
{
    for (size_t i = 0; i < n; i++)
        T[i] = correlate_normal_quantile((double)(i + 1) / (double)(n + 1));
    Rng r;
    rng_seed(&r, seed);
    for (size_t j = 0; j < k; j++) {
        double *col = T + j * n;
        if (j > 0)
            memcpy(col, T, n * sizeof *col);
        for (size_t i = n - 1; i > 0; i--) { /* Fisher–Yates */
            size_t s = (size_t)(rng_next(&r) % (i + 1));
            double t = col[i];
            col[i] = col[s];
            col[s] = t;
        }
    }
}

bool correlate_iman_conover(double *x, size_t n, size_t k, const double *C,
                            uint64_t seed, double *work, size_t *idx)
{
    if (k == 0 || k > CORRELATE_MAX || n <= k)
        return false;
    double *T = work, *tmp = work + n * k;
    scores(T, n, k, seed);
    /* E, the scores' correlation (their mean is 0 by symmetry), and its
     * Cholesky factor F; P, C's factor. */
    double E[CORRELATE_MAX * CORRELATE_MAX], F[CORRELATE_MAX * CORRELATE_MAX];
    double P[CORRELATE_MAX * CORRELATE_MAX];
    for (size_t p = 0; p < k; p++)
        for (size_t q = 0; q <= p; q++) {
            double s = 0;
            for (size_t i = 0; i < n; i++)
                s += T[p * n + i] * T[q * n + i];
            E[p * k + q] = E[q * k + p] = s;
        }
    for (size_t p = 0; p < k; p++)
        for (size_t q = 0; q < k; q++)
            if (p != q)
                E[p * k + q] /= sqrt(E[p * k + p] * E[q * k + q]);
    for (size_t p = 0; p < k; p++)
        E[p * k + p] = 1;
    if (!factor(E, k, F) || !factor(C, k, P))
        return false;
    for (size_t p = 0; p < k; p++)
        if (F[p * k + p] <= PIVOT_TOL)
            return false;
    /* Each row m of scores becomes P F^-1 m. */
    for (size_t i = 0; i < n; i++) {
        double y[CORRELATE_MAX];
        for (size_t p = 0; p < k; p++) {
            double v = T[p * n + i];
            for (size_t q = 0; q < p; q++)
                v -= F[p * k + q] * y[q];
            y[p] = v / F[p * k + p];
        }
        for (size_t p = 0; p < k; p++) {
            double v = 0;
            for (size_t q = 0; q <= p; q++)
                v += P[p * k + q] * y[q];
            T[p * n + i] = v;
        }
    }
    /* Each column of x takes the order of its column of T. */
    for (size_t j = 0; j < k; j++) {
        double *col = x + j * n;
        memcpy(tmp, col, n * sizeof *tmp);
        qsort(tmp, n, sizeof *tmp, cmp_double);
        sort_by(idx, T + j * n, n);
        for (size_t r = 0; r < n; r++)
            col[idx[r]] = tmp[r];
    }
    return true;
}

/* The ranks of x into r (1..n, ties the mean of theirs). */
static void ranks(const double *x, size_t n, double *r, size_t *idx)
{
    sort_by(idx, x, n);
    for (size_t i = 0; i < n;) {
        size_t j = i + 1;
        while (j < n && x[idx[j]] == x[idx[i]])
            j++;
        double mean = (double)(i + 1 + j) / 2; /* of ranks i+1 .. j */
        for (size_t m = i; m < j; m++)
            r[idx[m]] = mean;
        i = j;
    }
}

double correlate_spearman(const double *a, const double *b, size_t n,
                          double *work, size_t *idx)
{
    double *ra = work, *rb = work + n;
    ranks(a, n, ra, idx);
    ranks(b, n, rb, idx);
    double mean = (double)(n + 1) / 2, sab = 0, saa = 0, sbb = 0;
    for (size_t i = 0; i < n; i++) {
        double x = ra[i] - mean, y = rb[i] - mean;
        sab += x * y;
        saa += x * x;
        sbb += y * y;
    }
    return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : 0;
}
