/* scenario_edit.h: the one way to change a scenario (DESIGN 3, 7, 8).
 *
 * Set a value from text, or insert or remove an item of a list, check the
 * change once with every rule that involves it (its type and range, its
 * row's own rules, whether its section and item exist, the cross-field
 * rules, the uncertainty section's ranges), then either keep it or undo
 * it and say why in a Diag. --set, --vary, and every change the planner
 * makes (typing, nudges, toggles, :set, the price book, adding and
 * deleting workloads and inputs) come here, so none of them has to
 * remember which checks to run.
 *
 * Changes are made in place: a refused one restores the bytes it touched
 * (one field's storage, or one item), so no caller copies a Scenario
 * (about 50 KB) to try a value.
 *
 * The loader (model/files/scenario_load.c) does not call these functions:
 * it must place each error at its line and column, gather every problem
 * for `gpuplan check`, and give the defaults that follow other fields only
 * once the whole file is read. It applies the same rules with the same
 * functions, though: each value with field_set (what scenario_set_ref
 * runs), then, once, the cross-field rules (scenario_validate, what
 * scenario_check runs) and the uncertainty section's (uncertainty_check). */
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

/* The same for a field already resolved (the planner's selected field):
 * no key is looked up. r is not changed (field_ref fills its Field). */
int scenario_set_ref(Scenario *s, FieldRef *r, const char *text, Diag *d);

/* Make the optional row r names (a workload's max_wait_minutes,
 * cloud_gpu_hour) not given again (field_unset), checked like a set:
 * 0, or EXIT_DATAERR with *s unchanged (a row that is not optional says it
 * needs a value). */
int scenario_unset_ref(Scenario *s, FieldRef *r, Diag *d);

/* Several edits at once, all or nothing (--set KEY=VALUE ...): each value
 * is checked as it is set and the cross-field rules once all are set, so
 * their order does not matter (max power may be lowered before busy); so
 * are the uncertainty section's ranges, as when a file is read. On
 * an error *bad is the index of the edit refused, or n when the
 * cross-field rules were. */
int scenario_set_all(Scenario *s, const char *const *keys,
                     const char *const *texts, size_t n, size_t *bad,
                     Diag *d);

/* Insert a new item at position `at` (0 .. the list's count) of list l
 * (field_list_workloads, field_list_inputs) of s: a copy of `item`, l->stride
 * bytes (a HybridWorkload, an UncInput), the items from `at` on moving one
 * place down. When s does not have the list's section, the section is
 * given first with its defaults (field_scope_default), in the same change.
 * The new item is checked whole (each row in use with its own rules), then
 * the scenario as after any change. Returns 0, or EXIT_DATAERR with *s as it
 * was (a section given for the item counts as not given again) and *d
 * saying why: the list full ("at most 32 workloads"), `at` past its end,
 * a value of the item out of its range (d->path names it,
 * "hybrid.workloads[2].gpus"), a rule the item breaks. */
int scenario_list_insert(Scenario *s, const FieldList *l, size_t at,
                         const void *item, Diag *d);

/* The same for an item written as text, as a file writes one: its rows'
 * defaults (field_item_default), then leaves[i] ("name", "per_day") set
 * from texts[i] for i < n, each with its row's rules (a leaf the list does
 * not have gets "did you mean"); checked and refused as above. */
int scenario_list_insert_text(Scenario *s, const FieldList *l, size_t at,
                              const char *const *leaves, const char *const *texts,
                              size_t n, Diag *d);

/* Remove item `at` of list l of s, the items after it moving up one place;
 * checked as after any change. Returns 0, or EXIT_DATAERR with *s unchanged
 * and *d saying why (no such item, a list that would hold fewer than its
 * minimum, a rule the removal breaks). */
int scenario_list_remove(Scenario *s, const FieldList *l, size_t at, Diag *d);

/* The cross-field rules of the table (field_rules) on a scenario changed
 * some other way (a sweep's combination): 0, or EXIT_DATAERR with *d
 * naming the field to blame. They are the rules every edit is checked
 * with; the uncertainty section's ranges, which follow the value of the
 * field they name, are checked where a file is read and by --set (a value
 * typed in the planner may leave a range, and the tornado follows it). */
int scenario_check(const Scenario *s, Diag *d);

/* The text of r's value in s moved by `steps` nudges (DESIGN 8): a number by
 * its step, kept in range and on round decimals; a bool toggled; a choice
 * cycled. Returns 0 with the text in buf (for scenario_set_ref), or
 * EXIT_DATAERR with d saying why not (a text field, a number at its
 * limit). */
int scenario_nudge_text(FieldRef *r, const Scenario *s, int steps, char *buf,
                        size_t n, Diag *d);

/* The same from the value `from` instead of r's value in s (an optional
 * workload key not given moves from the value it takes, the plan's). */
int scenario_nudge_text_from(FieldRef *r, const Scenario *s, double from,
                             int steps, char *buf, size_t n, Diag *d);

#endif
