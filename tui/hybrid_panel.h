/* hybrid_panel.h: the Hybrid panel's own actions (SPEC 6, 8): add the plan
 * or a workload, delete a workload (after a question), cycle a workload's
 * run and cloud_mode, and move between a workload row's cells. Showing a
 * key's row (`:goto`, `:set`) is edit_goto_key, for every key. */
#ifndef GPUPLAN_HYBRID_PANEL_H
#define GPUPLAN_HYBRID_PANEL_H

#include <stdbool.h>

#include "planner.h"

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

#endif
