/* trace_plan.h: a scenario whose hybrid plan names `trace: FILE`, made
 * ready to evaluate (DESIGN 10.8).
 *
 * The history is read (trace_jobs.h) and the plan to evaluate is the
 * scenario's own with one workload more per item of `groups:` (its rules:
 * run, cloud_mode, priority, wait limit, price) and one for the groups no
 * item names (the item named `*`, else onprem, on-demand, priority 0;
 * left out when the history has no job of such a group).
 * These workloads describe the history in the report: their arrivals a
 * day, GPUs and hours are the replay's means. The job stream is the plan's
 * own workloads' and the history's, merged in submission order (the
 * plan's first within a minute). The optimizer, burst, the commitment and
 * the reports read it unchanged through HybridScratch.source. */
#ifndef GPUPLAN_TRACE_PLAN_H
#define GPUPLAN_TRACE_PLAN_H

#include <stdbool.h>
#include <stdint.h>

#include "diag.h"
#include "hybrid_stream.h"
#include "scenario.h"
#include "trace_jobs.h"

/* What a table of jobs was read for: the file (as opened, and its
 * identity on disk) and what decides each job's workload index. */
typedef struct TraceKey {
    bool known;              /* the file could be looked at */
    uint64_t dev, ino, size;
    int64_t mtime_s, mtime_ns;
    int group_by;
    size_t own;              /* the plan's own workloads */
    int64_t period;
    size_t named;            /* groups named, `*` aside, in order */
    char names[TRACE_MAX_GROUPS][SCENARIO_TEXT_BYTES(HYBRID_NAME_MAX)];
} TraceKey;

typedef struct TracePlan {
    Scenario *eval;          /* the scenario to evaluate (malloc'd) */
    TraceJobs jobs;
    char path[4096];         /* the trace file as opened */
    HybridPlanSource own;    /* the plan's own workloads */
    HybridJobSource own_src, trace_src;
    HybridJobSource source;  /* the two merged: give it to the scratch */
    HybridJob next_own, next_trace;
    int have_own, have_trace; /* 1 a job waiting, 0 ended, -1 failed,
                               * 2 still to read */
    TraceKey key;            /* what jobs was read for */
    bool reread;             /* trace_plan_update read the file again */
} TracePlan;

/* True when s names a trace to replay. */
bool trace_plan_wanted(const Scenario *s);

/* Prepare s (valid, with a trace) for evaluation; scenario_path is the
 * scenario's file (the trace is relative to its folder; NULL: the current
 * one). Returns 0 with *tp ready (free with trace_plan_free); otherwise
 * EXIT_NOINPUT, EXIT_IOERR or EXIT_DATAERR with *d saying why: d->file the
 * trace (or the scenario for too many workloads), the message prefixed
 * with "hybrid.trace" when the trace cannot be used; *tp is then empty
 * but tp->jobs.stats holds the malformed lines read. */
int trace_plan_prepare(const Scenario *s, const char *scenario_path, TracePlan *tp,
                       Diag *d);

/* As trace_plan_prepare for s, reusing the jobs *tp holds (prepared
 * before, or empty: all zero) when they were read from the same file,
 * unchanged on disk, for the same groups' names, grouping, plan days and
 * number of own workloads: then only the rules (the groups', the plan's,
 * its own workloads) are taken from s, without reading the file, and
 * tp->reread is false. Otherwise *tp is freed and prepared again
 * (tp->reread true), with trace_plan_prepare's returns. */
int trace_plan_update(TracePlan *tp, const Scenario *s, const char *scenario_path,
                      Diag *d);

void trace_plan_free(TracePlan *tp);

#endif
