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
#include <stdint.h>

#include "diag.h"
#include "fields.h"
#include "scenario.h"

/* Per axis: the most values a double counts exactly; the rows a sweep
 * writes are bounded by --max-rows (DESIGN 7), not here. */
#define SWEEP_MAX_VALUES 9007199254740992.0
#define SWEEP_MAX_ROWS_DEFAULT 1e8   /* rows written without --max-rows (DESIGN 7) */
#define SWEEP_MAX_ROWS_ALLOWED 1e18 /* the most --max-rows allows */
#define SWEEP_MAX_AXES 16
/* The longest key of a field a sweep can vary (sweep_field). */
#define SWEEP_KEY_MAX 48

typedef struct SweepAxis {
    const Field *field;
    double from, to, step;
    size_t count;
    double scale; /* 10^places of FROM and STEP, 0 when not plain decimals */
    int places;   /* those places, -1 when not plain decimals */
} SweepAxis;

/* The field key names for a sweep or a goal seek to vary: a number field
 * of the scenario's own sections. NULL with a usage error in *d saying
 * why not: an unknown key (with the nearest field that can be varied), a
 * field of the hybrid plan or of the uncertainty section (neither changes
 * the costs compared), a field that is not a number. */
const Field *sweep_field(const char *key, Diag *d);

/* Parse "KEY=FROM:TO:STEP" into *a. Every value of the range must be valid
 * for the field (range, whole numbers for integer fields). Returns 0, or
 * the status *d says why with: EXIT_USAGE when the spec is malformed (no KEY, a field that
 * cannot be varied, not three numbers, a STEP of 0 or the wrong way, more
 * values than a double counts), EXIT_DATAERR when the field refuses a value
 * of the range ("hardware.nodes: 0 is below 1 (...)"). */
int sweep_axis_parse(const char *spec, SweepAxis *a, Diag *d);

/* The i-th value (0 <= i < count): from + i*step, and exactly `to` for the
 * last one. */
double sweep_axis_value(const SweepAxis *a, size_t i);

/* The number of rows of a sweep over axes[0..n): the product of the
 * counts, as a double (it may be far beyond any integer type's range). */
double sweep_rows(const SweepAxis *axes, size_t n);

/* The rows of a sweep counted exactly: the product of the axes' counts
 * (each up to 2^53, so the product passes every integer type and a double
 * rounds it) in base-1000 groups, the least significant first. */
#define SWEEP_ROWS_GROUPS 90 /* 16 axes of 2^53 values: under 10^256 */
typedef struct SweepRows {
    size_t n;                                /* groups in use, >= 1 */
    unsigned short group[SWEEP_ROWS_GROUPS]; /* each 0..999 */
} SweepRows;

/* Bytes sweep_rows_text writes at most: a group and its separator each,
 * and the NUL. */
#define SWEEP_ROWS_TEXT (4 * SWEEP_ROWS_GROUPS + 1)

/* The rows of a sweep over axes[0..n), exactly, into *r. */
void sweep_rows_exact(const SweepAxis *axes, size_t n, SweepRows *r);

/* v as a SweepRows, into *r. */
void sweep_rows_of(uint64_t v, SweepRows *r);

/* -1, 0 or 1 as r is below, equal to or above v. */
int sweep_rows_cmp(const SweepRows *r, uint64_t v);

/* r's digits into buf (SWEEP_ROWS_TEXT bytes), with sep between groups of
 * three ("1,001,000,000,000,000,000"), or none when sep is '\0' (as
 * --max-rows takes it: "1001000000000000000"). */
void sweep_rows_text(const SweepRows *r, char sep, char *buf);

/* 0 when every combination of the axes' values, applied to base, keeps
 * the cross-field rules (scenario_validate), decided without visiting them
 * all: each axis is monotone from its first value to its last, and every
 * rule of DESIGN 7 compares two fields with <=, so a combination breaks a
 * rule only if one with each axis at its first or last value does. That is
 * 2^n corner combinations (n <= SWEEP_MAX_AXES), checked before any row is
 * written, so a sweep starts streaming at once and never stops half-way on
 * a rule. On failure fills *combo with the breaking combination, *bad as
 * scenario_validate and *d with its message (EXIT_DATAERR, the path the
 * field that breaks the rule), and returns EXIT_DATAERR. */
int sweep_combinations_valid(const Scenario *base, const SweepAxis *axes,
                             size_t n, Scenario *combo, const Field **bad,
                             Diag *d);

#endif
