/* timeline.h: a quantity held over time, summed by quarter hour
 * (DESIGN 10).
 *
 * The measurement adds each job as "g GPUs held from a to b" and each
 * activity sample as "this busy share from a to b"; the timeline keeps, for
 * every quarter hour (900 s, aligned to UTC, so every time zone's local
 * hours start on a slot), the integral of what was added. Adding is O(1)
 * whatever the span: a span's partial slots go into `part` and its whole
 * slots into a difference array, summed once at the end. Memory is two
 * numbers a slot of the time covered, never a number a job. Pure, malloc
 * only. */
#ifndef GPUPLAN_TIMELINE_H
#define GPUPLAN_TIMELINE_H

#include <stddef.h>
#include <stdint.h>

#define TIMELINE_SLOT 900 /* seconds in a slot */
/* The longest time a timeline covers: 25 years of slots. */
#define TIMELINE_MAX_SLOTS ((size_t)25 * 366 * 96)

typedef struct Timeline {
    int64_t base;     /* slot number (seconds / 900, floored) of element 0 */
    size_t len, cap;  /* slots held; room */
    double *part;     /* what partly covered slots got, per slot */
    double *step;     /* change of the rate held over whole slots */
} Timeline;

#define TIMELINE_INIT {0, 0, 0, NULL, NULL}

/* The slot holding second t (floor division: correct before 1970 too). */
int64_t timeline_slot(int64_t t);

/* Add `rate` per second over [a, b) (a < b, UTC seconds): the integral
 * grows by rate * (b - a). Returns 0; -1 when memory is short; -2 when the
 * timeline would then span more than TIMELINE_MAX_SLOTS (nothing added
 * either way). Sums are exact while they stay whole numbers below 2^53. */
int timeline_add(Timeline *t, int64_t a, int64_t b, double rate);

/* The integral over each slot q0 .. q1-1 into out[0 .. q1-q0): zero for
 * slots nothing was added to. */
void timeline_integrals(const Timeline *t, int64_t q0, int64_t q1,
                        double *out);

/* The first and one past the last slot anything was added to (both 0 when
 * nothing was). */
void timeline_span(const Timeline *t, int64_t *q0, int64_t *q1);

void timeline_free(Timeline *t);

#endif
