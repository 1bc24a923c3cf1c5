/* uncertainty.h: the rules of the `uncertainty:` section (DESIGN 1, 2.8, 7).
 *
 * The section's values are rows of the field registry (field_table.c):
 * uncertainty.draws, uncertainty.seed and uncertainty.inputs[N].KEY with
 * KEY one of key, low, high, mode. What a row cannot say is here: an
 * input's low, high and mode are in the unit and range of the field its
 * key names, so they are checked against that field once the key is
 * known, together with the rules between them. Pure: no I/O. */
#ifndef GPUPLAN_UNCERTAINTY_H
#define GPUPLAN_UNCERTAINTY_H

#include <stdbool.h>
#include <stddef.h>

#include "correlate.h"
#include "diag.h"
#include "fields.h"
#include "scenario.h"

/* The keys of one input, in file order (the leaves of its rows), then
 * those of one pair of uncertainty.correlations, for the place a broken
 * rule is blamed on: uncertainty_check's *which. */
enum { UI_KEY, UI_LOW, UI_HIGH, UI_MODE, UI_KEY_COUNT,
       UP_A = UI_KEY_COUNT, UP_B, UP_RHO, UNC_WHICH_COUNT };
extern const char *const uncertainty_input_keys[UNC_WHICH_COUNT];

/* The path of the value uncertainty_check blames, "uncertainty.inputs[2].low"
 * or "uncertainty.correlations[0].rho", into buf; with `row` the registry
 * key instead ("uncertainty.correlations[].rho"). */
void uncertainty_blame_path(size_t index, int which, bool row, char *buf,
                            size_t n);

/* The pairs of s (uncertainty.correlations) as the matrix's pairs: those
 * whose rank correlation is not 0 (a pair at 0 is what a pair not given
 * is, DESIGN 2.8), *np of them, matrix pair m being pair from[m] of the
 * section. Column j of the matrix is input col[j] of the section, the
 * inputs in the order those pairs first name them. Returns the columns (0
 * when no pair is other than 0); a pair the check refuses (a key that is
 * no input, beyond CORRELATE_MAX columns) is left out. pairs and from hold
 * UNC_MAX_PAIRS, col UNC_MAX_INPUTS. */
size_t uncertainty_pair_matrix(const Scenario *s, CorrPair *pairs,
                               size_t *np, size_t *from, size_t *col);

/* The registry field an uncertainty input may name: field_number_key's
 * (a number field of the scenario, not of an optional section). NULL
 * otherwise, with *d saying why and what is allowed (d may be NULL when
 * the caller only asks whether the key names one). */
const Field *uncertainty_target(const char *key, Diag *d);

/* The mode of input in of scenario s: the given mode, else s's value of the
 * field (target, as uncertainty_target gave), or the end of the range
 * nearest it when the range does not hold it (DESIGN 2.8). */
double uncertainty_mode(const UncInput *in, const Field *target,
                        const Scenario *s);

/* True when the range of input i of s does not hold s's value of its field
 * (an edit moved the value out of it): *note's message then says so and
 * what the tornado and the draws use ("the range of
 * utilization.measured_pct, 56 to 86, no longer holds its value, 30: the
 * tornado and the draws use the range as written, with the mode at 56, the
 * end nearest the value") with status 0: a note, not an error (the
 * scenario is valid). note may be NULL. */
bool uncertainty_outside(const Scenario *s, size_t i, Diag *note);

/* The field an input's value (UI_LOW, UI_HIGH, UI_MODE) is in the unit,
 * range and step of: the field its key names, or NULL when the key names
 * none. For showing and nudging a value the way its field is. */
const Field *uncertainty_value_target(const Scenario *s, size_t index);

/* The rules of DESIGN 1 and 7 for the section: every input names a number
 * field, no field twice, low, high and mode within the field's range (whole
 * numbers for int fields), low < high, low <= mode <= high for a given
 * mode (the scenario's value may lie outside the range: see
 * uncertainty_outside); every pair of uncertainty.correlations names two
 * different inputs, no two inputs twice, at most CORRELATE_MAX inputs in
 * all, and the pairs' matrix is positive semidefinite (DESIGN 2.8). 0
 * when s has no section or every rule holds; otherwise EXIT_DATAERR, with
 * *index the input or pair and *which the key (UI_KEY..UI_MODE of an
 * input, UP_A..UP_RHO of a pair) to blame, and *d saying what is wrong and
 * what is allowed (no position or path: the caller places it at
 * uncertainty_blame_path). */
int uncertainty_check(const Scenario *s, size_t *index, int *which, Diag *d);

#endif
