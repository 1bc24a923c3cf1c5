/* hybrid_panel.h: the Hybrid panel's own actions (DESIGN 6, 8): add the plan
 * or a workload, cycle a workload's run and cloud_mode. Deleting a
 * workload and moving between its cells are list_panel.h's; showing a
 * key's row (`:goto`, `:set`) is edit_goto_key, for every key. */
#ifndef GPUPLAN_HYBRID_PANEL_H
#define GPUPLAN_HYBRID_PANEL_H

#include <stdbool.h>

#include "planner.h"

/* a: add a hybrid section with defaults and one example workload, or a copy
 * of the selected workload after it. One undo step either way. */
Reaction hybrid_panel_add(App *a);

/* r / m: the next run (run true) or cloud_mode of the selected workload. */
Reaction hybrid_panel_cycle(App *a, bool run);

#endif
