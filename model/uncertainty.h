/* uncertainty.h: the keys, rows, defaults and rules of the `uncertainty:`
 * section (SPEC 1, 2.8, 7).
 *
 * The section holds a list of inputs, so it is not a flat part of
 * field_table yet (an input's values take the row of the field it names,
 * which a table row cannot say). This module
 * gives each of its values a Field row built on demand, so that the loaders,
 * the saver, the exports and `--set` parse, check and format them with the
 * registry's own functions and messages. An input's low, high and mode take
 * the row of the field the input names: its type, unit and range. Pure: no
 * I/O. */
#ifndef GPUPLAN_UNCERTAINTY_H
#define GPUPLAN_UNCERTAINTY_H

#include <stdbool.h>
#include <stddef.h>

#include "fields.h"
#include "scenario.h"

/* Keys of the section, in file order; the last is "inputs". */
enum { UN_DRAWS, UN_SEED, UN_INPUTS, UN_KEY_COUNT };
extern const char *const uncertainty_section_keys[UN_KEY_COUNT];

/* Keys of one input, in file order. */
enum { UI_KEY, UI_LOW, UI_HIGH, UI_MODE, UI_KEY_COUNT };
extern const char *const uncertainty_input_keys[UI_KEY_COUNT];

/* Fill *u with the section's defaults: draws 10000, seed 1, no inputs. */
void uncertainty_default(Uncertainty *u);

/* True when a and b hold the same draws, seed and inputs (numbers bit for
 * bit, keys byte for byte, a mode given or not). */
bool uncertainty_equal(const Uncertainty *a, const Uncertainty *b);

/* The Field row of scalar `which` (UN_DRAWS or UN_SEED) into *f; its key is
 * `path`, which must outlive *f. */
void uncertainty_scalar_field(int which, const char *path, Field *f);

/* The Field row of an input's key (text, 1..63 characters) into *f. */
void uncertainty_key_row(size_t index, const char *path, Field *f);

/* The Field row of value `which` (UI_LOW, UI_HIGH, UI_MODE) of input
 * `index`: the row of `target` (its type, unit and range) stored in the
 * input. With target NULL, a plain number row of any finite value (for
 * reading a file before the input's key is known). Returns false for
 * another `which` or an index out of range. */
bool uncertainty_value_field(size_t index, int which, const Field *target,
                             const char *path, Field *f);

/* The registry field an uncertainty input may name: a number field (int,
 * number, percent or money) of field_table. NULL otherwise, with msg
 * saying why and what is allowed. */
const Field *uncertainty_target(const char *key, char *msg, size_t n);

/* The mode of input in of scenario s: the given mode, else s's value of the
 * field (target, as uncertainty_target gave). */
double uncertainty_mode(const UncInput *in, const Field *target,
                        const Scenario *s);

/* The rules of SPEC 1 and 7 for the section: every input names a number
 * field, no field twice, low, high and mode within the field's range (whole
 * numbers for int fields), low < high, low <= mode <= high (the mode being
 * the scenario's value when none is given). True when s has no section or
 * every rule holds; otherwise *index is the input and *which the key
 * (UI_KEY..UI_MODE) to blame, and msg says what is wrong and what is
 * allowed. */
bool uncertainty_check(const Scenario *s, size_t *index, int *which,
                       char *msg, size_t n);

/* `--set` of an uncertainty key, validated like the file:
 * "uncertainty.draws", "uncertainty.seed" or a value of an existing input,
 * "uncertainty.inputs[N].KEY" with KEY one of key, low, high, mode. Only a
 * scenario that has the section can take them (without one this returns
 * false with a message saying to add it). key is the full path; on any
 * error s is unchanged and msg says why. The section's cross-field rules
 * are checked by the caller (uncertainty_check) once every --set is in. */
bool uncertainty_set(Scenario *s, const char *key, const char *value,
                     char *msg, size_t n);

#endif
