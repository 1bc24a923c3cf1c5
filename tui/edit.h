/* edit.h: every change the planner makes to the scenario goes through
 * here (DESIGN 8): a value typed in place (with its live preview), a
 * nudge, a toggle, `:set`, the price book, the list panels' items, undo
 * and redo.
 *
 * One commit path. The draft (App.shown) is the scenario the figures on
 * screen are of: the committed one, or, while a value is typed, the
 * committed one with the typed value. A change is made to the draft
 * through the model's edit path (scenario_edit.h), which checks it once
 * and leaves the draft as it was when it refuses; edit_commit then makes
 * the draft the committed scenario as one undo step and works out its
 * figures once (a typed value's figures are its preview's, so Enter
 * computes nothing again). No caller copies a Scenario to try a change. */
#ifndef GPUPLAN_EDIT_H
#define GPUPLAN_EDIT_H

#include <stdbool.h>
#include <stddef.h>

#include "planner.h"

/* The field of the selected row (on the Hybrid and Risk panels: of the
 * selected cell) into *r, resolved from the registry without a key
 * string; false when the row has none (an empty panel, a warning). */
bool edit_cur_ref(const App *a, FieldRef *r);

/* The selected workload of the Hybrid panel, or -1 when a scalar row (or
 * nothing) is selected. */
long edit_cur_workload(const App *a);

/* The rows of the current panel. */
size_t edit_panel_rows(const App *a);

/* The field of panel p's row `row`, cell `col` (ignored on rows of one
 * value) into *r, as edit_cur_ref; false when there is none. */
bool edit_ref_at(const App *a, Panel p, size_t row, size_t col, FieldRef *r);

/* Start afresh from the committed scenario (undo, another file, a
 * recovery): the draft becomes a copy of it, its figures are worked out
 * (costs and the hybrid plan) and the selections kept on rows that
 * exist. */
Reaction edit_recompute(App *a);

/* The hybrid figures of the draft have arrived (a->hres): what to
 * redraw. */
Reaction edit_hybrid_done(App *a);

/* A replayed trace read (again) for the figures just taken, or refused
 * (hybrid_work.h): its malformed lines into :messages, and on the status
 * line why it cannot be replayed or how many lines were skipped. The
 * loop asks after every key and every background result, so the news
 * follows the key's own message. */
Reaction edit_trace_news(App *a);

/* The draft, to change through scenario_edit.h (scenario_set_ref,
 * scenario_set_all, scenario_list_insert, ...) and then commit. Outside a
 * typed value it equals the committed scenario; a change the edit path
 * refuses leaves it so. */
Scenario *edit_draft(App *a);

/* Commit the draft as one undo step and work out its figures once; what
 * to redraw is or-ed into *r. False, committing nothing, when the draft
 * equals the committed scenario. */
bool edit_commit(App *a, Reaction *r);

/* edit_commit with a label that undo and redo say before the values
 * changed ("measure jobs.csv": "undone: measure jobs.csv: ..."). */
bool edit_commit_as(App *a, Reaction *r, const char *label);

/* The message for a change the edit path refused: "PATH: problem" (the
 * problem alone when d names no field). Returns R_MSG. */
Reaction edit_refused(App *a, const Diag *d);

/* Start editing the selected value: from its current text (digit 0) or
 * from empty with that digit typed (a spreadsheet's way). */
Reaction edit_start(App *a, int digit);

/* One key while a value is being edited: the line editor's keys (each
 * change previews the value: checked once, figures once), Enter commits
 * the previewed value, Esc cancels, F10 commits it and quits (asking
 * about unsaved changes) or, when it is refused, says why and goes on. */
Reaction edit_key(App *a, int key);

/* One key while the notes editor is open (Enter on the notes row opens
 * it): the notes_edit.h keys; Ctrl-S or Esc finishes and commits the text
 * as one change (one undo step); F10 keeps the text and quits as above.
 * The text is never dropped: a text the edit path refuses keeps the
 * editor open with the reason shown. */
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

/* :set KEY=VALUE for any key of the registry, through the edit path. The
 * selection stays where it was (the next nudge moves the same field as
 * before); the message says the value set and, when it is elsewhere,
 * where it is and which field is still selected. */
Reaction edit_set_key(App *a, const char *key, const char *val);

/* Show the panel, row and cell of `key` (`:goto`). False, with the reason
 * shown (after `cmd`), for a key that does not resolve or a field the
 * scenario does not have. What to redraw is or-ed into *r. */
bool edit_goto_key(App *a, const char *cmd, const char *key, Reaction *r);

/* Undo (redo: redo) one committed change, saying what it was ("undone:
 * Nodes 5 → 4 (2 more to undo)"). */
Reaction edit_undo(App *a, bool redo);

/* The edits worth keeping after a signal: the committed scenario, the
 * value being typed when it is valid, or (notes being typed) the
 * committed scenario with them, written into *scratch. */
const Scenario *edit_kept(const App *a, Scenario *scratch);

#endif
