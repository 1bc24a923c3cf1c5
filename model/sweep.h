/* sweep.h: the batch what-if engine's axes (SPEC 3 `sweep`, 4.3).
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

#define SWEEP_MAX_VALUES 100000000UL /* per axis */

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

/* The i-th value (0 <= i < count): from + i*step, and exactly `to` for the
 * last one. */
double sweep_axis_value(const SweepAxis *a, size_t i);

#endif
