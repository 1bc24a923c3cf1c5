/* hybrid_stream.h: the job stream of a hybrid plan (DESIGN 6.1): a source
 * that yields jobs one at a time in submission order, so that a plan is
 * simulated in memory that does not grow with its number of jobs.
 *
 * The plan's own workloads are one source (cron schedules and Poisson
 * arrivals, below); a job history replayed from a file is another: any
 * HybridJobSource can be set in HybridScratch.source, and the simulation
 * reads it the same way. The scheduler never sees where jobs come from.
 *
 * Pure: libc and libm, no I/O here (a source that reads a file does its
 * I/O in its own layer, behind the two functions). */
#ifndef GPUPLAN_HYBRID_STREAM_H
#define GPUPLAN_HYBRID_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "hybrid_plan.h"
#include "rng.h"

/* One job as the simulation sees it. Jobs of one workload may differ in
 * size and duration (a replayed history); they share the workload's run
 * rule, priority, wait limit and cloud price. */
typedef struct HybridJob {
    int64_t submit;   /* minute from the start of the period: 0 <= submit
                       * < the period (days * 1440, rounded) */
    int64_t gpus;     /* held at once (gang), >= 1 */
    int64_t minutes;  /* on-prem duration in whole minutes, >= 1 */
    double hours;     /* duration billed in the cloud, > 0 (the plan's
                       * workloads: their `hours`; minutes is that, rounded) */
    size_t workload;  /* index into the plan's workloads */
} HybridJob;

/* A stream of jobs. The simulation reads it once or several times (once
 * per simulated cluster size when the jobs do not fit the replay cache),
 * calling rewind() before each pass.
 *
 * Contract for an implementation:
 * - next() yields the jobs in submission order: `submit` never decreases.
 *   Jobs of one minute come in a fixed order, the same on every pass; the
 *   on-prem queue keeps that order among jobs of one priority (the plan's
 *   own source: workload order, then arrival order).
 * - Every pass yields the same jobs, in the same order.
 * - next() returns 1 and fills *job; 0 at the end of the stream; -1 on an
 *   error, after filling the Diag d (it then ends the run: the evaluation
 *   says the message and has no figures).
 * - rewind() returns 0, or -1 after filling d.
 * - A job that breaks the ranges above (a submit out of the period or
 *   before the previous one, gpus or minutes < 1, a workload out of range)
 *   stops the run with a message naming the job; nothing is cut silently.
 * The simulation owns neither the source nor its state. */
typedef struct HybridJobSource {
    int (*rewind)(void *state, Diag *d);
    int (*next)(void *state, HybridJob *job, Diag *d);
    void *state;
} HybridJobSource;

/* ---- the plan's own workloads ----------------------------------------- */

/* One workload's arrivals, as a cursor. */
typedef struct HybridArrivals {
    const HybridWorkload *w;
    int64_t next;   /* the next submission minute; INT64_MAX at the end */
    int64_t day;    /* cron: the day and minute of day of `next` */
    int64_t minute;
    int64_t gpus, minutes; /* each job's, from the workload's GPUs and hours */
    Rng rng;        /* Poisson: the workload's generator and running time */
    double t;
} HybridArrivals;

/* The plan's jobs in submission order: each minute's jobs in workload
 * order, each workload's in arrival order (DESIGN 6.1). */
typedef struct HybridPlanSource {
    const HybridPlan *p;
    int64_t period;
    size_t count;   /* workloads */
    HybridArrivals arrivals[HYBRID_MAX_WORKLOADS];
    int64_t minute; /* the minute being yielded and the next workload to */
    size_t w;       /* look at in it */
} HybridPlanSource;

/* Set up *ps for plan p (valid: fields in range, schedules parsed; p must
 * outlive ps) and make *src read it. The source starts rewound. */
void hybrid_plan_source(HybridPlanSource *ps, const HybridPlan *p,
                        HybridJobSource *src);

/* The plan's job count in its period: exact for schedules, the expected
 * number for Poisson arrivals (*about is then true when any workload has
 * a rate). Cheap: no arrival is drawn. */
double hybrid_expected_jobs(const HybridPlan *p, bool *about);

#endif
