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

#include "diag.h"
#include "hybrid_stream.h"
#include "scenario.h"
#include "trace_jobs.h"

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

void trace_plan_free(TracePlan *tp);

#endif
