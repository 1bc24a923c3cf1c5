/* edit.h: every change the planner makes to the scenario goes through
 * here: a value typed in place (with the live preview of DESIGN 8), a nudge,
 * a toggle, `:set`, undo and redo, and the cross-field check before a
 * change is committed. One module, so the model's single edit path has
 * one set of call sites in the planner. */
#ifndef GPUPLAN_EDIT_H
#define GPUPLAN_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "planner.h"

/* The field of the selected row (on the Hybrid panel: of the selected
 * cell, built on demand and valid until the next call); NULL when the row
 * has none (an empty panel). */
const Field *edit_cur_field(const App *a);

/* The selected workload of the Hybrid panel, or -1 when a scalar row (or
 * nothing) is selected. */
long edit_cur_workload(const App *a);

/* The rows of the current panel. */
size_t edit_panel_rows(const App *a);

/* Re-evaluate the committed scenario (costs and the hybrid plan) and keep
 * the Hybrid selection on a row that exists. */
Reaction edit_recompute(App *a);

/* The hybrid figures of the scenario shown have arrived (a->hres): what
 * to redraw. */
Reaction edit_hybrid_done(App *a);

/* Commit t after the cross-field rules accept it: one undo step. Returns
 * false (with the message shown) when t is refused; what to redraw is
 * or-ed into *r. */
bool edit_apply(App *a, const Scenario *t, Reaction *r);

/* Start editing the selected value: from its current text (digit 0) or
 * from empty with that digit typed (a spreadsheet's way). */
Reaction edit_start(App *a, int digit);

/* One key while a value is being edited: the line editor's keys, Enter
 * commits through edit_apply, Esc cancels. */
Reaction edit_key(App *a, int key);

/* One key while the notes editor is open (Enter on the notes row opens
 * it): the notes_edit.h keys; Ctrl-S or Esc finishes and commits the text
 * as one change (one undo step). The text is never dropped: a text the
 * edit path refuses keeps the editor open with the reason shown. */
Reaction edit_notes_key(App *a, int key);

/* Finish the notes editor keeping its text (also before a save or quit
 * from the too-small screen); R_NONE when it is not open. */
Reaction edit_notes_finish(App *a);

/* Nudge the selected value by `steps` of its step (a yes/no field
 * toggles). */
Reaction edit_nudge(App *a, int steps);

/* Space: toggle the selected yes/no field or move a choice to its next
 * word (cloud.reserved_overflow, a workload's run and cloud_mode), one
 * undo step, and say what it became. */
Reaction edit_toggle(App *a);

/* :set KEY=VALUE for any key of the registry, through the edit path
 * (scenario_set), then select that field. */
Reaction edit_set_key(App *a, const char *key, const char *val);

/* Show the panel, row and cell of `key` (`:goto`, and after `:set`). False,
 * with the reason shown (after `cmd`), for a key that does not resolve or a
 * field the scenario does not have. What to redraw is or-ed into *r. */
bool edit_goto_key(App *a, const char *cmd, const char *key, Reaction *r);

/* Undo (redo: redo) one committed change. */
Reaction edit_undo(App *a, bool redo);

/* The edits worth keeping after a signal: the committed scenario, or the
 * value being typed when it is valid. */
const Scenario *edit_kept(const App *a);

#endif
