/* measure_cmd.h: the planner's `:measure FILE...` (DESIGN 10.7): a team's
 * job records measured and the figures set in the scenario through the
 * one edit path, as one undo step. */
#ifndef GPUPLAN_MEASURE_CMD_H
#define GPUPLAN_MEASURE_CMD_H

#include "planner.h"

/* Run `:measure` with arg, the files separated by blanks (as typed; the
 * handler may modify it). The files are read as `gpuplan measure` reads
 * them (each file's format from its header, times in the local zone);
 * the GPU count is a node list's among them, or else the scenario's own
 * fleet (hardware.nodes x gpus_per_node). On success measured_pct,
 * measurement_weeks (and active_pct when activity was read) are set as
 * one undo step, the message says what changed and from which window,
 * and the next save writes the comment saying where they came from
 * (a->doc.measured). Malformed lines go to :messages, the first of them
 * and their count to the message. On any error nothing changes and the
 * message says why. */
Reaction measure_cmd_run(App *a, char *arg);

#endif
