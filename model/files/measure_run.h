/* measure_run.h: `gpuplan measure` and the planner's `:measure` from the
 * file names to the figures (DESIGN 10): every file read into one
 * measurement, the cluster's GPU count settled, the figures computed.
 *
 * The command line and the planner both call measure_run(); they differ
 * only in how they show the result and where they put it. */
#ifndef GPUPLAN_MEASURE_RUN_H
#define GPUPLAN_MEASURE_RUN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "job_history.h"
#include "measure.h"

typedef struct MeasureRunOptions {
    JobFormat format;     /* JOBS_AUTO: each file's own */
    JobGroupBy group_by;
    bool utc;             /* times without an offset are UTC, not local */
    int64_t from, to;     /* the window; MEASURE_NONE = from the records */
    double gpus;          /* the cluster's GPUs; 0 = not given */
    /* When neither gpus nor a node list gives the count: the scenario's
     * fleet (nodes x gpus_per_node) and what to call it; 0 = none. */
    double scenario_gpus;
    const char *scenario_name;
} MeasureRunOptions;

typedef struct MeasureRun {
    MeasureResult result;
    JobReadStats stats;
    MeasureFile *files;     /* path and format of each file read */
    size_t file_count;
    char capacity_source[160];
    double node_gpus;       /* summed from node lists */
} MeasureRun;

/* Read paths[0..n) into one measurement and compute its figures. Returns 0
 * with *run filled (release with measure_run_free); otherwise the status
 * (EXIT_NOINPUT, EXIT_IOERR, EXIT_DATAERR; EXIT_USAGE when the cluster's
 * GPU count is given by nothing) with *d saying why, and *run empty. The
 * malformed lines are in run->stats either way (a caller that refuses
 * them looks there). */
int measure_run(const char *const *paths, size_t n,
                const MeasureRunOptions *o, MeasureRun *run, Diag *d);

void measure_run_free(MeasureRun *run);

#endif
