/* hybrid_panel.h: the Hybrid panel's own actions (DESIGN 6, 8): add the plan
 * or a workload, cycle a workload's run and cloud_mode. Deleting a
 * workload and moving between its cells are list_panel.h's; showing a
 * key's row (`:goto`, `:set`) is edit_goto_key, for every key. */
#ifndef GPUPLAN_HYBRID_PANEL_H
#define GPUPLAN_HYBRID_PANEL_H

#include <stdbool.h>

#include "planner.h"

/* a: add a hybrid section with defaults and one example workload, or a copy
 * of the selected workload after it; on the trace's rows, a trace group
 * (a copy of the selected one under a new name). One undo step either
 * way. */
Reaction hybrid_panel_add(App *a);

/* r / m: the next run (run true) or cloud_mode of the selected workload
 * or trace group. */
Reaction hybrid_panel_cycle(App *a, bool run);

/* The selected trace group (hybrid.groups[i], DESIGN 10.8) of the Hybrid
 * panel, or -1 when another row (or panel) is selected. */
long hybrid_panel_group(const App *a);

/* The value an optional key (row) of the selected workload or trace group
 * takes while not set, into *v (form_hybrid_inherited); false when it is
 * set or not optional, or the selection is neither. */
bool hybrid_panel_inherited(const App *a, const Field *row, double *v);

#endif
