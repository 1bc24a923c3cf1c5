/* scenario_change.h: what differs between two versions of a scenario, in
 * a few words (DESIGN 8: the planner's undo and redo say what they took
 * back or put again, "undone: Nodes 5 → 4"). */
#ifndef GPUPLAN_SCENARIO_CHANGE_H
#define GPUPLAN_SCENARIO_CHANGE_H

#include <stddef.h>

#include "scenario.h"

/* How `to` differs from `from`, into buf (always terminated; a phrase cut
 * to fit ends in "..."):
 *   an optional section given or taken away: "hybrid plan added";
 *   an item of a list added or removed: "workload 'nightly' added",
 *   "input hardware.nodes removed";
 *   a value: "Nodes 5 → 4" (its label, or its key where two rows share
 *   the label), "workload 'nightly' GPUs 8 → 4"; a text too long to show
 *   whole: "Notes changed";
 *   several: the first of them in file order, then " and N more".
 * `arrow` goes between the old and the new value ("→", or "->" where
 * UTF-8 cannot be shown). Returns how many values, items and sections
 * differ: 0 when the scenarios are the same (buf then ""). */
size_t scenario_change_text(const Scenario *from, const Scenario *to, const char *arrow,
                            char *buf, size_t n);

#endif
