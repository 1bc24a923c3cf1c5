/* countmap.h: how many times each whole-number value occurred, and the
 * nearest-rank percentiles of those values (DESIGN 10).
 *
 * The measurement keeps one of these for the sizes and one for the
 * durations of each group's jobs: memory grows with the distinct values,
 * never with the number of jobs, so a year of history fits in the same
 * space as a week. An open-addressing hash table of int64 keys; pure,
 * malloc only. */
#ifndef GPUPLAN_COUNTMAP_H
#define GPUPLAN_COUNTMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct CountMap {
    size_t used, cap;  /* distinct keys; slots (0 or a power of two) */
    int64_t *keys;     /* COUNTMAP_EMPTY marks a free slot */
    uint64_t *counts;
    uint64_t total;    /* sum of every count */
} CountMap;

/* The one key a map cannot hold (it marks free slots). */
#define COUNTMAP_EMPTY INT64_MIN

#define COUNTMAP_INIT {0, 0, NULL, NULL, 0}

/* Add n occurrences of key (not COUNTMAP_EMPTY, n >= 1). Returns 0, or -1
 * when memory is short (then the map is as it was). */
int countmap_add(CountMap *m, int64_t key, uint64_t n);

/* The nearest-rank percentiles of the values added: for each p[i] (1..100)
 * the smallest key whose cumulative count reaches ceil(p[i] * total / 100),
 * computed in integers. out[i] is that key; with nothing added every out[i]
 * is 0 and the function returns false. Allocates a sorted copy of the keys
 * (returns false with out[] 0 when memory is short). */
bool countmap_percentiles(const CountMap *m, const int *p, size_t np,
                          int64_t *out);

/* Release what m holds; m is then empty and may be reused. */
void countmap_free(CountMap *m);

#endif
