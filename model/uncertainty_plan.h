/* uncertainty_plan.h: the types of the `uncertainty:` section (DESIGN 1, 2.8).
 *
 * Kept apart from uncertainty.h so that scenario.h can hold an Uncertainty
 * without an include cycle, as hybrid_plan.h does for the hybrid plan. No
 * pointers: an input names its field by key path, so a Scenario still
 * copies with `=`. */
#ifndef GPUPLAN_UNCERTAINTY_PLAN_H
#define GPUPLAN_UNCERTAINTY_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#define UNC_MAX_INPUTS 64
#define UNC_KEY_BYTES 64 /* a registry key path and its terminator */
#define UNC_MAX_PAIRS 64

/* One uncertain input: a number field of the registry and its triangular
 * range (low, mode, high). */
typedef struct UncInput {
    char key[UNC_KEY_BYTES]; /* "utilization.measured_pct" */
    double low, high;
    bool has_mode; /* false: the mode is the scenario's value of the field */
    double mode;
} UncInput;

/* Two inputs that move together (DESIGN 2.8): the keys of two of the
 * section's inputs and the rank correlation of their draws, -1..1. */
typedef struct UncPair {
    char a[UNC_KEY_BYTES];
    char b[UNC_KEY_BYTES];
    double rho;
} UncPair;

/* The `uncertainty:` section. */
typedef struct Uncertainty {
    double draws; /* Monte Carlo draws, 100..1000000 */
    double seed;  /* 0..2^53 */
    size_t input_count;
    UncInput inputs[UNC_MAX_INPUTS];
    size_t pair_count; /* uncertainty.correlations; 0 = independent draws */
    UncPair pairs[UNC_MAX_PAIRS];
} Uncertainty;

#endif
