/* hybrid.h: the hybrid plan, an on-prem base with cloud burst (DESIGN 6).
 *
 * A minute-resolution simulation of `days` days from Monday 2024-01-01 00:00
 * UTC: the plan's workloads submit jobs (cron schedules or Poisson arrivals),
 * on-prem jobs queue FIFO with gang allocation and no backfill, burst jobs go
 * to the cloud when their on-prem wait would exceed max_wait_minutes, and the
 * GPU-hours and money are scaled to a month. hybrid_evaluate() adds the two
 * comparisons (all cloud, all on-prem) and the node-count optimizer.
 *
 * Choices the DESIGN leaves open, made here:
 * - Durations: a job holds its GPUs for round(hours * 60) minutes (at least
 *   one); cloud billing uses `hours` exactly.
 * - Order: on-prem jobs queue by priority (higher first), then submission
 *   minute, then workload order in the plan, then arrival order within the
 *   workload. All jobs submitted in one minute are queued before any of
 *   them is scheduled, so a higher priority wins within the minute.
 * - Random streams: workload i (0-based, counting every workload) draws from
 *   its own splitmix64 generator whose seed is the (i+1)-th output of a
 *   splitmix64 generator seeded with `seed` (converted to an unsigned 64-bit
 *   integer). Arrivals start at time 0; each adds an exponential gap with
 *   rate per_day / 1440 per minute; the arrival minute is the floor of the
 *   running time; arrivals at or after the end of the period are dropped.
 * - Period: days * 1440 minutes, rounded to a whole minute. Jobs running
 *   at the end count only their GPU-minutes inside the period towards the
 *   busy GPU-hours (the rest is `carried`: they finish on-prem). Jobs not
 *   started on-prem by the end are unserved: counted, and priced as
 *   finished in the cloud, each billed as a cloud job of its workload, in
 *   the total (DESIGN 6.2). Their waits (known from the schedule, which
 *   runs on until the queue is empty) still count.
 * - A burst job's prediction runs the queue as it stands forward (the jobs
 *   running now, known durations, no later arrivals) under the run's own
 *   rule: strict order, or EASY backfill when the plan backfills (DESIGN
 *   6.4), until the job starts or its limit passes. It is exact under
 *   strict order with one priority; otherwise a job that starts after its
 *   predicted minute is counted late.
 * - EASY backfill: when the head cannot start, its reservation is the
 *   first minute the running jobs free enough GPUs (every job ending in that
 *   minute counts); the jobs behind it are tried in queue order and start
 *   when they fit now and either end by that minute or fit in the GPUs the
 *   head leaves over then.
 * - An `onprem` job that cannot run on-prem (larger than the cluster, or no
 *   cluster) runs in the cloud on-demand (at its cloud_gpu_hour when set),
 *   as in the all-cloud comparison; its workload's cloud_mode does not
 *   apply.
 * - Waits are over each workload's on-prem jobs; with none, the mean and the
 *   95th percentile are NAN (JSON null). Workloads with a wait target are
 *   the burst workloads and those that set max_wait_minutes; its target is
 *   the workload's max_wait_minutes, or else the plan's. With no target
 *   any size that holds the largest job passes.
 * - Commitment: the on-demand cloud demand is the GPUs of the on-demand
 *   cloud jobs priced at the scenario's on_demand_gpu_hour (not those with
 *   their own cloud_gpu_hour), each held from its submission minute for its
 *   billed minutes rounded (at least one), cut at the end of the period.
 *   The bill with N committed is N x reserved_gpu_hour x m for every hour of
 *   the period plus the demand above N at on_demand_gpu_hour x m; the
 *   saving is the bill with none committed less that, both scaled to a
 *   month; the monthly bill is the plan's on-demand compute less the
 *   saving.
 * - Warnings come from the plan run at p->onprem_nodes (a too-big job, a
 *   workload with no jobs, compliance_forbids_cloud with cloud jobs, jobs
 *   unserved at the end), from the run at hardware.nodes (its utilization
 *   against utilization.measured_pct), from the optimizer (an optimum
 *   dearer than all on-prem) and from a failure that stops the evaluation.
 *   There are at most two a workload and six more, so HYBRID_MAX_WARNINGS
 *   always holds them all.
 * - Limits: a plan whose expected job count passes HYBRID_MAX_JOBS is
 *   refused (hybrid_check_jobs says so), and so is a stream whose work,
 *   each job's GPUs x (its minutes + the period), passes INT64_MAX, so
 *   that every sum of GPU-minutes stays exact in 64 bits (a large
 *   cluster's year is some 50,000 times below it); every other stream is
 *   simulated whole, the all-on-prem search goes as far as it must (it
 *   always ends: a cluster that holds every job at once makes every wait
 *   0), and
 *   by_nodes lists every size from 0 to all_onprem.nodes (a large plan's
 *   with totals only for the sizes its optimizer simulated).
 * - Jobs come from a stream (hybrid_stream.h): the plan's own workloads,
 *   or HybridScratch.source.
 *
 * How it stays fast (see hybrid_run.c): the stream is read once into a
 * replay cache when it fits; a run at n nodes follows the schedule of an
 * unlimited cluster (every job starts at its submission) and simulates
 * only the stretches where n nodes are too few, which gives the same
 * figures as simulating the whole period.
 *
 * Everything is pure: libc and libm, no I/O; memory comes only from
 * hybrid_scratch_init() and the scratch's growth: what waits and runs at
 * once, a few arrays of one entry a minute, and the replay cache (16 bytes
 * a job, at most HYBRID_CACHE_JOBS jobs; a longer stream is read again for
 * every run, and holds no cache). The parts of the simulation are listed
 * in hybrid_sim.h. */
#ifndef GPUPLAN_HYBRID_H
#define GPUPLAN_HYBRID_H

#include <stdbool.h>
#include <stddef.h>
#include <signal.h>
#include <stdint.h>

#include "cost.h"
#include "cron.h"
#include "diag.h"
#include "hybrid_plan.h"
#include "scenario.h"

#define HYBRID_MAX_WARNINGS (2 * HYBRID_MAX_WORKLOADS + 6)
#define HYBRID_WARNING_BYTES 192
/* The longest job stream simulated (DESIGN 6): 25 times a large
 * cluster's year (about 40 M jobs). Memory does not grow with the jobs;
 * the limit keeps each count exact in its type (a wait histogram's count
 * of one minute is 32 bits) and a whole evaluation to about an hour
 * (each size the optimizer simulates reads the stream again). */
#define HYBRID_MAX_JOBS 1000000000
/* The most GPU-minutes a stream may hold, each job's GPUs x (its minutes +
 * the period) summed: INT64_MAX, as a double just below it (DESIGN 6). */
#define HYBRID_MAX_WORK 9.2e18

/* Test switches that must not change any figure: simulate every run whole
 * (no reuse of the unlimited cluster's schedule); use the event engine even
 * where strict order allows placing each job at its submission; read the
 * source again for every run instead of the replay cache. */
#define HYBRID_TEST_WHOLE 1
#define HYBRID_TEST_EVENTS 2
#define HYBRID_TEST_STREAM 4
#define HYBRID_TEST_LINEAR 8 /* search the all-on-prem size one by one,
                                 and simulate every size of the optimizer */
#define HYBRID_TEST_WALK 16  /* every prediction walks from the present */
/* Tests of the optimizer's bound (DESIGN 6.6): leave out the sizes the
 * bound rules out even in a small plan; simulate every size and give each
 * its bound too. */
#define HYBRID_TEST_PRUNE 32
#define HYBRID_TEST_BOUNDS 64
/* The all-on-prem search simulates each size it tries to the end, not
 * only until a wait target is missed for certain. */
#define HYBRID_TEST_FULL_SEARCH 128

/* One size of the optimizer: its total, or NAN when the optimizer left it
 * out because its lower bound (DESIGN 6.6) shows it cannot be the
 * cheapest; lower_bound_monthly is that bound, NAN when not computed (a
 * small plan simulates every size and computes none). */
typedef struct HybridNodesTotal {
    double onprem_nodes;
    double total_monthly;
    double lower_bound_monthly;
} HybridNodesTotal;

/* Whether the optimizer simulated size t; what a chart draws for it: its
 * total, or else its lower bound (the total is at least that). */
static inline bool hybrid_size_simulated(const HybridNodesTotal *t)
{
    return t->total_monthly == t->total_monthly; /* not NAN */
}
static inline double hybrid_size_figure(const HybridNodesTotal *t)
{
    return hybrid_size_simulated(t) ? t->total_monthly : t->lower_bound_monthly;
}

typedef struct HybridResult HybridResult; /* below */
typedef struct HybridMem HybridMem;       /* private to the simulation */
struct HybridJobSource;                   /* hybrid_stream.h */

/* Caller-owned working memory and the caller's hooks. mem is private to
 * the simulation; the other members are the caller's to set. */
typedef struct HybridScratch {
    HybridMem *mem;
    int test_mode;    /* tests: HYBRID_TEST_* bits, 0 otherwise */
    /* Set by the caller, NULL by hybrid_scratch_init(): while *cancel is
     * non-zero, hybrid_evaluate() and hybrid_simulate() stop within a few
     * milliseconds and say so (DESIGN 7: a signal is acted on within 100 ms
     * even in the middle of a long run). A signal handler's flag fits. */
    volatile sig_atomic_t *cancel;
    /* Set by the caller, NULL by hybrid_scratch_init(): when not NULL,
     * hybrid_evaluate() calls progress(progress_arg, done, total) as its
     * work advances, so a planner can say how far it is. The steps are
     * the plan, each size the all-on-prem search tries, then each size of
     * the optimizer (each step one simulated month). While the search
     * runs, total counts the most it could take; once it ends, total
     * drops to the exact count. So done rises by one a call, total never
     * rises, done/total never falls, and the last call has done == total.
     * Called on the thread that runs hybrid_evaluate(). */
    void (*progress)(void *progress_arg, size_t done, size_t total);
    void *progress_arg;
    /* Set by the caller, NULL by hybrid_scratch_init(): when not NULL,
     * hybrid_evaluate() calls plan_ready(progress_arg, r) once, as soon as
     * *r holds the figures of the plan itself (all but all_onprem,
     * optimum and by_nodes, which the long part computes), so a planner
     * can show them while the optimizer runs. Same thread as progress. */
    void (*plan_ready)(void *progress_arg, const HybridResult *r);
    /* Set by the caller, NULL by hybrid_scratch_init(): the jobs to
     * simulate instead of the plan's own workloads (a replayed job
     * history; hybrid_stream.h says what a source must do). The plan still
     * gives the period, the cluster, and each workload's run rule,
     * priority, limit and price. */
    const struct HybridJobSource *source;
    Scenario onprem;  /* copy of the scenario for M_onprem at other sizes */
} HybridScratch;

/* One run's per-workload figures. */
typedef struct HybridWorkloadStats {
    size_t jobs;         /* submitted in the period */
    size_t cloud_jobs;   /* of those, run in the cloud */
    size_t late_jobs;    /* burst jobs started after their predicted minute */
    size_t backfilled;   /* jobs started by the backfill rule */
    size_t unserved_jobs; /* queued on-prem, not started by the period's end */
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
    /* Work not started on-prem by the end of the period (DESIGN 6.2):
     * finished in the cloud at its workload's price. */
    size_t unserved_jobs;
    double unserved_gpu_hours;     /* monthly, their work (GPUs x minutes) */
    double unserved_monthly;       /* monthly, their cloud bill */
    double total_monthly;          /* onprem + cloud + unserved monthly */
    /* Work in GPU-minutes over the period, whole numbers (DESIGN 6.2):
     * demand = onprem + carried + cloud + unserved. onprem is the busy
     * time inside the period; carried what jobs started in it run after
     * it; cloud the work (not the billed hours) of the cloud jobs. */
    int64_t demand_gpu_minutes, onprem_gpu_minutes, carried_gpu_minutes,
        cloud_gpu_minutes, unserved_gpu_minutes;
    size_t jobs, cloud_jobs, late_jobs, backfilled_jobs;
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
    double late_jobs;         /* started after the predicted minute */
    double unserved_jobs;     /* not started on-prem by the period's end */
    double optimum_cloud_jobs; /* sent to the cloud at the optimum's size */
} HybridWorkloadResult;

/* JSON results.hybrid (DESIGN 6); money and GPU-hours monthly. */
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
    /* Jobs queued on-prem and not started by the end of the period,
     * finished in the cloud at their workload's price (DESIGN 6.2); jobs
     * in the period, GPU-hours (their work) and money monthly. */
    struct {
        double jobs, gpu_hours, monthly;
    } unserved;
    double total_monthly;  /* onprem + cloud + unserved */
    /* The period's work, monthly GPU-hours (DESIGN 6.2): demand = onprem
     * (busy inside the period) + carried (run after it by jobs started in
     * it) + cloud (the cloud jobs' work, not their billed hours) +
     * unserved; exact in GPU-minutes before the scaling. */
    struct {
        double demand_gpu_hours, onprem_gpu_hours, carried_gpu_hours,
            cloud_gpu_hours, unserved_gpu_hours;
    } work;
    size_t workload_count;
    HybridWorkloadResult workloads[HYBRID_MAX_WORKLOADS];
    double backfilled_jobs;
    double late_jobs;
    struct {
        double gpus, monthly, saving_monthly;
    } commit;
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
        double unserved_jobs; /* finished in the cloud, in its total */
    } optimum;
    /* The cheapest size overall (DESIGN 6.3): the optimum, or all on-prem
     * when the plan's rules make every size dearer than that; then the
     * workloads' optimum_cloud_jobs say which rules send work away. */
    struct {
        bool all_onprem;
        double onprem_nodes, total_monthly;
    } cheapest;
    /* Every size 0..all_onprem.nodes, in order. The array belongs to the
     * scratch: valid until it is freed or evaluated again. The sizes the
     * optimizer left out (DESIGN 6.6) have no total (NAN), only their
     * lower bound (hybrid_sizes_simulated counts the others). */
    size_t by_nodes_count;
    const HybridNodesTotal *by_nodes;
    bool cancelled; /* stopped early by scratch->cancel: figures incomplete */
} HybridResult;

/* The entries of r->by_nodes with a total: by_nodes_count unless the
 * optimizer left sizes out (DESIGN 6.6). */
static inline size_t hybrid_sizes_simulated(const HybridResult *r)
{
    size_t n = 0;
    for (size_t i = 0; i < r->by_nodes_count; i++)
        n += hybrid_size_simulated(&r->by_nodes[i]);
    return n;
}

/* Set up an empty scratch and, when capacity > 0, room for that many jobs.
 * Returns 0, or -1 when memory is short (then *sc is safe to free). */
int hybrid_scratch_init(HybridScratch *sc, size_t capacity);

/* Bytes the scratch holds now (its arrays, not the struct). */
size_t hybrid_scratch_bytes(const HybridScratch *sc);

/* The elementary steps of the simulations run in this scratch so far
 * (jobs read, waiting jobs' classes looked at, minutes of the end-time
 * ring scanned 64 at a time): a measure of work that does not depend on
 * the machine, for tests of how the cost grows. */
unsigned long long hybrid_scratch_work(const HybridScratch *sc);

/* Release what the scratch holds; *sc may be reused after another init. */
void hybrid_scratch_free(HybridScratch *sc);

/* The DESIGN 6 limits on the job stream: 0 when plan p (valid, schedules
 * parsed) submits at most HYBRID_MAX_JOBS jobs in its period and they hold
 * at most HYBRID_MAX_WORK GPU-minutes (with the period); otherwise
 * EXIT_DATAERR with *d saying the count (exact for schedules; for random
 * arrivals, their expected number) and which limit. */
int hybrid_check_jobs(const HybridPlan *p, Diag *d);

/* Simulate plan p of scenario s once with onprem_nodes nodes (a whole
 * number >= 0; it need not equal p->onprem_nodes), routing every job as its
 * workload says. s and p must be valid (fields in range, schedules parsed).
 * Fills *out. Returns 0; -1 when the stream is over HYBRID_MAX_JOBS, -2
 * when memory is short (then *out is zeroed); 2 when scratch->cancel
 * stopped it (out->cancelled, the figures are incomplete). */
int hybrid_simulate(const Scenario *s, const HybridPlan *p,
                    double onprem_nodes, HybridSimStats *out,
                    HybridScratch *scratch);

/* The whole hybrid view of DESIGN 6 into *r: the plan at p->onprem_nodes, the
 * all-cloud and all-on-prem comparisons on the same job stream, the
 * commitment, and the optimizer over 0..all_onprem.nodes (cheapest total;
 * totals within rounding, as cost_same() says, are a tie, and a tie goes
 * to fewer nodes; exact). r is fully overwritten. Returns 0;
 * -1 when the stream is over HYBRID_MAX_JOBS (r then holds only that
 * warning, from hybrid_check_jobs), -2 when memory is short (one warning
 * says so); 2 when scratch->cancel stopped it early (r->cancelled). */
int hybrid_evaluate(const Scenario *s, const HybridPlan *p, HybridResult *r,
                    HybridScratch *scratch);

/* What workload wl of plan p uses when it does not set its own (DESIGN 6):
 * its burst threshold and wait target (max_wait_minutes, else the plan's),
 * and its cloud price per GPU-hour (cloud_gpu_hour, else the scenario's
 * price for the mode it runs in the cloud: on-demand for `onprem` jobs). */
double hybrid_workload_max_wait(const HybridPlan *p, const HybridWorkload *wl);
double hybrid_workload_price(const Scenario *s, const HybridWorkload *wl);

/* Names for the exports: "onprem", "cloud", "burst"; "on_demand", "spot". */
const char *hybrid_run_key(HybridRun run);
const char *hybrid_mode_key(HybridCloudMode mode);

#endif
