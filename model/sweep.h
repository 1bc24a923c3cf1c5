/* sweep.h: the batch what-if engine's axes (DESIGN 3 `sweep`, 4.3).
 *
 * `--vary KEY=FROM:TO:STEP` names a numeric field and an inclusive range.
 * The number of values is computed once from the range, never by adding
 * STEP up, so rounding can neither drop nor add the last value: 1:10:0.1 is
 * 91 values and the last is exactly 10. */
#ifndef GPUPLAN_SWEEP_H
#define GPUPLAN_SWEEP_H

#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "scenario.h"

/* Per axis: the most values a double counts exactly; the rows a sweep
 * writes are bounded by --max-rows (DESIGN 7), not here. */
#define SWEEP_MAX_VALUES 9007199254740992.0
#define SWEEP_MAX_ROWS_DEFAULT 1e8   /* rows written without --max-rows (DESIGN 7) */
#define SWEEP_MAX_AXES 16

typedef struct SweepAxis {
    const Field *field;
    double from, to, step;
    size_t count;
    double scale; /* 10^places of FROM and STEP, 0 when not plain decimals */
} SweepAxis;

/* Parse "KEY=FROM:TO:STEP" into *a. Every value of the range must be valid
 * for the field (range, whole numbers for integer fields). Returns false with
 * a message ("hardware.nodes: 0 is below 1 (...)") on error. */
bool sweep_axis_parse(const char *spec, SweepAxis *a, char *msg, size_t n);

/* Whether the KEY of "KEY=FROM:TO:STEP" names a field a sweep can vary (a
 * number, money, percent or integer field). False with a message naming
 * what is wrong and, when one is close, the field meant ("nodes" ->
 * "hardware.nodes"): a mistake on the command line, not in the data. */
bool sweep_axis_key(const char *spec, char *msg, size_t n);

/* The i-th value (0 <= i < count): from + i*step, and exactly `to` for the
 * last one. */
double sweep_axis_value(const SweepAxis *a, size_t i);

/* The number of rows of a sweep over axes[0..n): the product of the
 * counts, as a double (it may be far beyond any integer type's range). */
double sweep_rows(const SweepAxis *axes, size_t n);

/* Check that every combination of the axes' values, applied to base, keeps
 * the cross-field rules (scenario_validate), without visiting them all:
 * each axis is monotone from its first value to its last, and every rule of
 * DESIGN 7 compares two fields with <=, so a combination breaks a rule only
 * if one with each axis at its first or last value does. That is 2^n
 * corner combinations (n <= SWEEP_MAX_AXES), checked before any row is
 * written, so a sweep starts streaming at once and never stops half-way on
 * a rule. On failure fills *combo with the breaking combination, *bad and
 * msg as scenario_validate, and returns false. */
bool sweep_check_corners(const Scenario *base, const SweepAxis *axes,
                         size_t n, Scenario *combo, const Field **bad,
                         char *msg, size_t msgn);

#endif
