/* hybrid.h: the hybrid plan, an on-prem base with cloud burst (SPEC 6).
 *
 * A minute-resolution simulation of `days` days from Monday 2024-01-01 00:00
 * UTC: the plan's workloads submit jobs (cron schedules or Poisson arrivals),
 * on-prem jobs queue FIFO with gang allocation and no backfill, burst jobs go
 * to the cloud when their on-prem wait would exceed max_wait_minutes, and the
 * GPU-hours and money are scaled to a month. hybrid_evaluate() adds the two
 * comparisons (all cloud, all on-prem) and the node-count optimizer.
 *
 * Choices the SPEC leaves open, made here:
 * - Durations: a job holds its GPUs for round(hours * 60) minutes (at least
 *   one); cloud billing uses `hours` exactly.
 * - Order: jobs are queued by submission minute, then by workload order in
 *   the plan, then by arrival order within the workload.
 * - Random streams: workload i (0-based, counting every workload) draws from
 *   its own splitmix64 generator whose seed is the (i+1)-th output of a
 *   splitmix64 generator seeded with `seed` (converted to an unsigned 64-bit
 *   integer). Arrivals start at time 0; each adds an exponential gap with
 *   rate per_day / 1440 per minute; the arrival minute is the floor of the
 *   running time; arrivals at or after the end of the period are dropped.
 * - Period: days * 1440 minutes, rounded to a whole minute. Jobs still
 *   queued or running at the end count only their GPU-minutes inside the
 *   period towards the busy GPU-hours; their waits (known from the FIFO
 *   schedule) still count.
 * - An `onprem` job that cannot run on-prem (larger than the cluster, or no
 *   cluster) runs on-demand in the cloud, as in the all-cloud comparison;
 *   its workload's cloud_mode does not apply.
 * - Waits are over each workload's on-prem jobs; with none, the mean and the
 *   95th percentile are NAN (JSON null). The all-on-prem size test pools
 *   the waits of every burst workload's jobs; with no burst jobs any size
 *   that holds the largest job passes.
 * - Warnings come from the plan run at p->onprem_nodes (a too-big job, a
 *   workload with no jobs, compliance_forbids_cloud with cloud jobs) and
 *   from the caps; the first HYBRID_MAX_WARNINGS are kept.
 * - Capacity caps (each one gives a warning): HYBRID_SCRATCH_JOBS jobs in
 *   the stream; all on-prem searched up to HYBRID_MAX_SEARCH_NODES nodes;
 *   by_nodes holds at most HYBRID_BY_NODES_MAX sizes (beyond that, every
 *   k-th size from 0, and always the last; the optimum still considers every
 *   size).
 *
 * Everything is pure: libc and libm, no I/O; the only allocation is in
 * hybrid_scratch_init(). */
#ifndef GPUPLAN_HYBRID_H
#define GPUPLAN_HYBRID_H

#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <stdint.h>

#include "cost.h"
#include "cron.h"
#include "hybrid_plan.h"
#include "scenario.h"

#define HYBRID_MAX_WARNINGS 8
#define HYBRID_WARNING_BYTES 192
#define HYBRID_BY_NODES_MAX 257
#define HYBRID_MAX_SEARCH_NODES 4096
#define HYBRID_SCRATCH_JOBS 200000 /* default job capacity of a scratch */

/* Caller-owned working memory: the job stream and the per-run arrays.
 * Members are private to hybrid.c. */
typedef struct HybridJob HybridJob;
typedef struct HybridSlot HybridSlot;
typedef struct HybridScratch {
    size_t capacity; /* jobs it can hold */
    size_t count;    /* jobs in the current stream */
    bool truncated;  /* the stream hit capacity */
    HybridJob *jobs;
    int64_t *waits;   /* capacity entries */
    int64_t *sorted;  /* capacity entries */
    HybridSlot *heap; /* capacity entries */
    HybridSlot *undo; /* capacity entries */
    Scenario onprem;  /* copy of the scenario for M_onprem at other sizes */
    /* Set by the caller, NULL by hybrid_scratch_init(): while *cancel is
     * non-zero, hybrid_evaluate() and hybrid_simulate() stop within a few
     * milliseconds and say so (SPEC 7: a signal is acted on within 100 ms
     * even in the middle of a long run). A signal handler's flag fits. */
    volatile sig_atomic_t *cancel;
} HybridScratch;

/* One run's per-workload figures. */
typedef struct HybridWorkloadStats {
    size_t jobs;         /* submitted in the period */
    size_t cloud_jobs;   /* of those, run in the cloud */
    double wait_mean;    /* minutes over on-prem jobs; NAN when none */
    double wait_p95;     /* nearest rank, minutes; NAN when none */
    bool too_big;        /* a job needs more GPUs than the on-prem cluster */
} HybridWorkloadStats;

/* One run of the plan at a given node count. GPU-hours and money are
 * monthly (scaled by hours_per_month / (days * 24)) unless named _period. */
typedef struct HybridSimStats {
    double onprem_nodes;
    double onprem_gpus;
    double busy_gpu_hours_period;  /* on-prem, inside the period */
    double utilization;            /* 0..1; 0 with no on-prem GPUs */
    double onprem_gpu_hours;       /* monthly busy GPU-hours */
    double onprem_monthly;         /* M_onprem(u), 0 with no nodes */
    double cloud_gpu_hours[2];     /* monthly billed, [HybridCloudMode] */
    double cloud_compute[2];       /* monthly money, [HybridCloudMode] */
    double fixed_monthly;          /* K when any job ran in the cloud */
    double cloud_monthly;          /* compute of both modes + fixed */
    double total_monthly;          /* onprem_monthly + cloud_monthly */
    double burst_wait_p95;         /* over all burst workloads' on-prem
                                      jobs; NAN when none */
    size_t jobs, cloud_jobs;
    bool truncated;                /* job stream hit the scratch capacity */
    bool cancelled;                /* scratch->cancel stopped the run */
    size_t workload_count;
    HybridWorkloadStats workload[HYBRID_MAX_WORKLOADS];
} HybridSimStats;

typedef struct HybridWorkloadResult {
    char name[SCENARIO_TEXT_BYTES(HYBRID_NAME_MAX)];
    double jobs;
    double to_cloud_pct;
    double wait_mean_minutes; /* NAN when no on-prem jobs */
    double wait_p95_minutes;  /* NAN when no on-prem jobs */
} HybridWorkloadResult;

typedef struct HybridNodesTotal {
    double onprem_nodes;
    double total_monthly;
} HybridNodesTotal;

/* JSON results.hybrid (SPEC 6); money and GPU-hours monthly. */
typedef struct HybridResult {
    double onprem_nodes;
    struct {
        double gpu_hours, utilization_pct, monthly;
    } onprem;
    struct {
        struct {
            double gpu_hours, monthly;
        } on_demand, spot;
        double fixed_monthly;
        double monthly;
    } cloud;
    double total_monthly;
    size_t workload_count;
    HybridWorkloadResult workloads[HYBRID_MAX_WORKLOADS];
    size_t warning_count;
    char warnings[HYBRID_MAX_WARNINGS][HYBRID_WARNING_BYTES];
    struct {
        double monthly;
    } all_cloud;
    struct {
        double nodes, utilization_pct, monthly;
    } all_onprem;
    struct {
        double onprem_nodes, total_monthly;
    } optimum;
    size_t by_nodes_count;
    HybridNodesTotal by_nodes[HYBRID_BY_NODES_MAX];
    bool cancelled; /* stopped early by scratch->cancel: figures incomplete */
} HybridResult;

/* Allocate a scratch for up to capacity jobs (0 = HYBRID_SCRATCH_JOBS).
 * Returns 0, or -1 when memory is short (then *sc is safe to free). */
int hybrid_scratch_init(HybridScratch *sc, size_t capacity);

/* Release what hybrid_scratch_init() allocated; *sc may be reused after
 * another init. NULL-safe members. */
void hybrid_scratch_free(HybridScratch *sc);

/* Simulate plan p of scenario s once with onprem_nodes nodes (a whole
 * number >= 0; it need not equal p->onprem_nodes), routing every job as its
 * workload says. s and p must be valid (fields in range, schedules parsed).
 * Fills *out. Returns 0, or 1 when the job stream was cut at the scratch's
 * capacity (the figures then cover the jobs that fit), or 2 when
 * scratch->cancel stopped it (the figures are incomplete). No allocation. */
int hybrid_simulate(const Scenario *s, const HybridPlan *p,
                    double onprem_nodes, HybridSimStats *out,
                    HybridScratch *scratch);

/* The whole hybrid view of SPEC 6 into *r: the plan at p->onprem_nodes, the
 * all-cloud and all-on-prem comparisons on the same job stream, and the
 * optimizer over 0..all_onprem.nodes (cheapest total; a tie goes to fewer
 * nodes). r is fully overwritten. No allocation. When scratch->cancel is
 * raised it returns early with r->cancelled set. */
void hybrid_evaluate(const Scenario *s, const HybridPlan *p, HybridResult *r,
                     HybridScratch *scratch);

/* Names for the exports: "onprem", "cloud", "burst"; "on_demand", "spot". */
const char *hybrid_run_key(HybridRun run);
const char *hybrid_mode_key(HybridCloudMode mode);

#endif
