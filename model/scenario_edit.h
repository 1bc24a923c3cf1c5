/* scenario_edit.h: the one way to change a scenario's field from text (DESIGN 3, 7, 8).
 *
 * Set a value, check it with every rule that involves it (its type and
 * range, its row's own rules, whether its section and item exist, and the
 * cross-field rules), then either apply it or say why in a Diag. The
 * loader, --set, --vary, the planner's typing, nudges and :set all come
 * here, so none of them has to remember which checks to run. */
#ifndef GPUPLAN_SCENARIO_EDIT_H
#define GPUPLAN_SCENARIO_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "fields.h"
#include "scenario.h"

/* Set field `key` ("hardware.nodes", "hybrid.workloads[2].gpus",
 * "uncertainty.inputs[0].low") of *s to the value written as `text`; a
 * value of the uncertainty section is checked with that section's rules
 * too (uncertainty_check). Returns 0 with the change applied, or
 * EXIT_DATAERR with *s unchanged and *d saying why: d->path is the key (or
 * the field a broken cross-field rule blames; "" for a key that does not
 * resolve, whose message names it) and d->message the problem with what is
 * allowed; an unknown key gets "did you mean". d has no file or position;
 * the caller adds its own context (diag_format leaves out what is empty). */
int scenario_set(Scenario *s, const char *key, const char *text, Diag *d);

/* The same for a field already resolved (the planner's selected field). */
int scenario_set_ref(Scenario *s, FieldRef *r, const char *text, Diag *d);

/* Several edits at once, all or nothing (--set KEY=VALUE ...): each value
 * is checked as it is set and the cross-field rules once all are set, so
 * their order does not matter (max power may be lowered before busy); so
 * are the uncertainty section's ranges, as when a file is read. On
 * an error *bad is the index of the edit refused, or n when the
 * cross-field rules were. */
int scenario_set_all(Scenario *s, const char *const *keys,
                     const char *const *texts, size_t n, size_t *bad,
                     Diag *d);

/* The cross-field rules of the table (field_rules) on a scenario changed
 * some other way (a sweep's combination): 0, or EXIT_DATAERR with *d
 * naming the field to blame. They are the rules every edit is checked
 * with; the uncertainty section's ranges, which follow the value of the
 * field they name, are checked where a file is read and by --set (a value
 * typed in the planner may leave a range, and the tornado follows it). */
int scenario_check(const Scenario *s, Diag *d);

/* The text of r's value in s moved by `steps` nudges (DESIGN 8): a number by
 * its step, kept in range and on round decimals; a bool toggled; a choice
 * cycled. Returns true with the text in buf (for scenario_set_ref), or
 * false with msg saying why not (a text field, a number at its limit). */
bool scenario_nudge_text(FieldRef *r, const Scenario *s, int steps, char *buf,
                      size_t n, char *msg, size_t msgn);

#endif
