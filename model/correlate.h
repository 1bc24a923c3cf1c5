/* correlate.h: rank correlation between uncertain inputs (DESIGN 2.8):
 * the matrix the pairs give, whether it is positive semidefinite (and which
 * pair breaks it), and Iman–Conover's reordering of drawn samples so their
 * rank correlation follows the matrix while each input keeps its own
 * values. Pure: libc and libm, no allocation (the caller owns every
 * buffer), no I/O; the same seed gives the same order on every machine. */
#ifndef GPUPLAN_CORRELATE_H
#define GPUPLAN_CORRELATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Most inputs a matrix spans (as UNC_MAX_INPUTS). */
#define CORRELATE_MAX 32

/* One pair: inputs a and b (0-based, a != b) with rank correlation rho in
 * [-1, 1]. */
typedef struct CorrPair {
    size_t a, b;
    double rho;
} CorrPair;

/* Fill C (k x k, row-major) with 1 on the diagonal, each pair's rho at
 * (a, b) and (b, a) and 0 elsewhere (pairs left out count as 0; a pair
 * given twice takes the later rho), and check that it is positive
 * semidefinite (an LDL^T factorisation whose pivots are >= -1e-10, a zero
 * pivot with a zero column). True when it is; false with *bad the pair to
 * blame: the last pair, in the given order, without which the others are
 * consistent, or when no one pair is, the last pair of the input whose
 * pivot failed. k <= CORRELATE_MAX, every a, b < k, np >= 1 when false. */
bool correlate_matrix(const CorrPair *pairs, size_t np, size_t k, double *C,
                      size_t *bad);

/* Iman–Conover: reorder the n samples of each of the k columns of x
 * (column-major: x[j * n + i], n >= 2) so that their ranks are those of
 * van der Waerden scores (the normal quantiles of i / (n + 1)), each
 * column permuted by a stream seeded with `seed` and then mixed by
 * P F^-1 (C = P P^T, E = F F^T the scores' own correlation), which
 * gives the scores the correlation C exactly. C must pass
 * correlate_matrix. Each column keeps its values (only their order
 * changes), so the marginal distributions are those drawn. work holds
 * n * k + n doubles and idx n entries. Returns false (x untouched) when
 * the scores' correlation is singular (n <= k). */
bool correlate_iman_conover(double *x, size_t n, size_t k, const double *C,
                            uint64_t seed, double *work, size_t *idx);

/* Spearman's rank correlation of a[0..n) and b[0..n) (n >= 2): the
 * correlation of their ranks, tied values taking the mean of their ranks;
 * 0 when a column is constant. work holds 2 n doubles and idx n entries. */
double correlate_spearman(const double *a, const double *b, size_t n,
                          double *work, size_t *idx);

/* The standard normal quantile, |error| < 1e-13 on (0, 1) (Acklam's
 * rational approximation and one Halley step on erfc). */
double correlate_normal_quantile(double p);

#endif
