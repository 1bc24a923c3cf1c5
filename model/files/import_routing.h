/* import_routing.h: turning a hybrid routing JSON file into a hybrid plan
 * (DESIGN 6, `gpuplan import`).
 *
 * Input shape: {"schedule": {"on_prem": {NAME: CRON, ...},
 *               "aws_exp": {"instance_count": N, "instance_type": TEXT,
 *                           "preemptible": BOOL, "max_idle_minutes": N}},
 *               "routing": {NAME: VERB, ...}}
 * with VERB one of on_prem, aws_spot, aws_if_onprem_queue_gt_<N>min.
 *
 * Matching rule: a routing key names the scheduled workloads whose names
 * share a word with it, where names are split into words at '_', '-' and
 * blanks, compared case-blind after dropping one trailing 's', and a word
 * counts only from 4 letters on ("training_jobs" names "daily_training").
 * A routing key equal to a schedule name always matches. A routing key
 * that names no scheduled workload becomes a new workload with per_day
 * arrivals.
 *
 * The file says nothing about GPUs per job, hours or arrival rates, so the
 * import writes placeholders (IMPORT_GPUS, IMPORT_HOURS, IMPORT_PER_DAY)
 * and lists, numbered, what the user has to fill in. Pure apart from
 * import_routing_file reading its input. */
#ifndef GPUPLAN_IMPORT_ROUTING_H
#define GPUPLAN_IMPORT_ROUTING_H

#include <stddef.h>

#include "diag.h"
#include "scenario.h"
#include "strbuf.h"

#define IMPORT_GPUS 8.0    /* placeholder GPUs per job */
#define IMPORT_HOURS 1.0   /* placeholder hours per job */
#define IMPORT_PER_DAY 1.0 /* placeholder arrivals a day */

/* Import the routing JSON held in data[0..len) (`name` is used in
 * diagnostics and notes) on top of *base: the result is *base with a
 * hybrid section (onprem_nodes = base's hardware.nodes) whose workloads
 * follow the mapping of DESIGN 6; its notes hold the fill-in list. Returns 0,
 * fills *out, appends the numbered fill-in list (one item a line) to *todo
 * and any warnings (one a line) to *warn. On bad data returns EXIT_DATAERR
 * with *d located (FILE:LINE:COL, path, what is allowed) and leaves *out
 * untouched. The result always passes scenario_load_yaml of its saved
 * text. */
int import_routing(const char *name, const char *data, size_t len,
                   const Scenario *base, Scenario *out, StrBuf *todo,
                   StrBuf *warn, Diag *d);

/* The same, reading the file at path (at most SCENARIO_FILE_MAX bytes).
 * Returns EXIT_NOINPUT when it cannot be opened, EXIT_IOERR when reading
 * fails, otherwise as import_routing. */
int import_routing_file(const char *path, const Scenario *base,
                        Scenario *out, StrBuf *todo, StrBuf *warn, Diag *d);

#endif
