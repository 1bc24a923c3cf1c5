/* hybrid_panel.h: the Hybrid panel's own actions (SPEC 6, 8): add the plan
 * or a workload, delete a workload (after a question), cycle a workload's
 * run and cloud_mode, move between a workload row's cells, and show the row
 * of a hybrid key (`:goto`, `:set`). */
#ifndef GPUPLAN_HYBRID_PANEL_H
#define GPUPLAN_HYBRID_PANEL_H

#include <stdbool.h>

#include "planner.h"

/* True when key is written as a hybrid plan key ("hybrid.…"). */
bool hybrid_panel_key(const char *key);

/* a: add a hybrid section with defaults and one example workload, or a copy
 * of the selected workload after it. One undo step either way. */
Reaction hybrid_panel_add(App *a);

/* d: ask before deleting the selected workload; the yes comes back to
 * hybrid_panel_delete_answer. */
Reaction hybrid_panel_delete(App *a);
Reaction hybrid_panel_delete_answer(App *a);

/* r / m: the next run (run true) or cloud_mode of the selected workload. */
Reaction hybrid_panel_cycle(App *a, bool run);

/* Left/Right (h/l) on a workload row: the previous or next cell. Returns
 * false when the selected row is not a workload (the key nudges instead). */
bool hybrid_panel_move(App *a, bool right, Reaction *r);

/* Show the Hybrid panel with the row (and column) of a hybrid key: a scalar
 * or "hybrid.workloads[N].KEY". False, with the reason shown, for a key the
 * plan does not have. What to redraw is or-ed into *r. */
bool hybrid_panel_goto(App *a, const char *key, Reaction *r);

#endif
