/* hybrid_sim.h: what the parts of the hybrid simulation share (DESIGN 6);
 * private to model/hybrid*.c, not part of the model's interface.
 *
 * The parts, by job, each calling only those listed above it (a test holds
 * the model's files to calls one way):
 *   hybrid_plan.c    a workload's limit and price once defaults apply, the
 *                    period in minutes
 *   hybrid_scratch.c the working memory, progress and warnings
 *   hybrid_stream.c  the job stream: calendar, cron and Poisson arrivals,
 *                    the job limit
 *   hybrid_queue.c   the on-prem queue run event by event: strict order by
 *                    priority, EASY backfill, burst prediction
 *   hybrid_fifo.c    strict order with one priority: each job placed at
 *                    its submission, no events
 *   hybrid_bill.c    money: M_onprem through the cost engine, cloud billing,
 *                    the commitment from the load
 *   hybrid_run.c     one run at a node count: the unlimited cluster's
 *                    schedule reused outside the stretches where the size
 *                    binds, waits and their 95th percentile
 *   hybrid_opt.c     the all-on-prem size and the node-count optimizer
 *   hybrid.c         the scratch, hybrid_simulate() and hybrid_evaluate()
 *
 * A job is one 32-bit word, its submission minute << 5 | its workload:
 * every job of a workload has the same GPUs and duration. */
#ifndef GPUPLAN_HYBRID_SIM_H
#define GPUPLAN_HYBRID_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hybrid.h"

/* Days from 1970-01-01 to Monday 2024-01-01, the simulated calendar start. */
#define HYBRID_EPOCH_DAYS 19723
#define W_MAX HYBRID_MAX_WORKLOADS
#define MARK INT64_MIN  /* a job that runs in the cloud */
#define NEVER INT64_MAX

typedef enum Routing { ROUTE_PLAN, ROUTE_ALL_CLOUD, ROUTE_ALL_ONPREM } Routing;

/* Per-call constants. Money and GPU-hours of one job are for the period
 * (scaled to a month at the end). */
typedef struct HybridCtx {
    const Scenario *s;
    const HybridPlan *p;
    size_t nw;
    int64_t period;         /* minutes simulated */
    double scale;           /* hours_per_month / (days * 24) */
    int64_t gpn;            /* GPUs a node */
    double premium;         /* m of DESIGN 2.2 */
    double fixed;           /* K of DESIGN 2.2 */
    int64_t g[W_MAX];       /* GPUs of one job */
    int64_t dur[W_MAX];     /* on-prem minutes of one job */
    int prio[W_MAX];
    double limit[W_MAX];    /* burst threshold and wait target */
    int64_t wait_ok[W_MAX]; /* the longest whole wait within limit */
    bool target[W_MAX];     /* has a wait target (all-on-prem sizing) */
    HybridCloudMode mode[W_MAX]; /* the mode a cloud job bills under */
    double gh[W_MAX];       /* billed GPU-hours of one cloud job */
    double price[W_MAX];    /* its price per GPU-hour, before m */
    bool od_demand[W_MAX];  /* counts in the commitment's demand */
    int64_t bill_minutes[W_MAX]; /* minutes it holds on-demand GPUs */
    size_t off[W_MAX + 1];  /* each workload's region of the per-job arrays */
} HybridCtx;

/* The unlimited cluster under one routing. */
typedef struct Baseline {
    bool valid;
    Routing route;
    int64_t busy;          /* GPU-minutes inside the period */
    int64_t peak;          /* most GPUs in use at once */
    size_t n;              /* jobs that run on-prem there (sc->rjobs) */
    size_t cloud[W_MAX];   /* jobs of `cloud` workloads (plan routing) */
} Baseline;

/* One run in progress. Indices are within each workload's region: jobs
 * [0, rh) are over, [rh, sh) started, [sh, tl) queued (cloud jobs are
 * MARK anywhere), [tl, ...) not yet submitted. */
typedef struct Sim {
    const HybridCtx *c;
    HybridScratch *sc;
    const uint32_t *jobs; /* the route's on-prem jobs, in queue order */
    size_t n;
    Routing route;
    bool rel;        /* figures relative to the baseline, stretch by stretch */
    bool stats;      /* waits, late jobs, the commitment's demand */
    bool cost_only;  /* stop at the end of the period (optimizer) */
    bool backfill;
    int64_t cap, free;
    size_t rh[W_MAX], sh[W_MAX], tl[W_MAX], qn[W_MAX];
    size_t queued;
    int64_t busy;    /* GPU-minutes inside the period */
    int64_t dev_end; /* the differing jobs have ended in both schedules */
    int64_t last_start; /* strict order: the latest start so far */
    int64_t min_end; /* no started job ends before this minute */
    bool cancelled;  /* scratch->cancel stopped the run */
    size_t cloud[W_MAX], late[W_MAX], backfilled[W_MAX], nwait[W_MAX];
    int64_t wait_sum[W_MAX];
    bool too_big[W_MAX];
} Sim;

/* ---- small helpers every part uses ---------------------------------- */

static inline int64_t job_minute(uint32_t key)
{
    return (int64_t)(key >> 5);
}

/* How workload w runs under `route`. */
static inline HybridRun route_run(const HybridCtx *c, Routing route, size_t w)
{
    return route == ROUTE_ALL_CLOUD    ? RUN_CLOUD
           : route == ROUTE_ALL_ONPREM ? RUN_ONPREM
                                       : c->p->workloads[w].run;
}

/* GPU-minutes inside the period of workload w's job started at t. */
static inline int64_t contrib(const HybridCtx *c, size_t w, int64_t t)
{
    int64_t a = t < c->period ? t : c->period;
    int64_t e = t + c->dur[w];
    int64_t b = e < c->period ? e : c->period;
    return c->g[w] * (b - a);
}

/* True when the caller asked the run to stop (HybridScratch.cancel). */
static inline bool hybrid_cancelled(const HybridScratch *sc)
{
    return sc->cancel && *sc->cancel;
}

/* Skip cloud jobs from *k on (below lim) in workload w's region. */
static inline void skip_marks(const Sim *m, size_t w, size_t *k, size_t lim)
{
    const int64_t *a = m->sc->a + m->c->off[w];
    while (*k < lim && a[*k] == MARK)
        (*k)++;
}

/* Record that workload w's job with period figures of a start at t0 on the
 * unlimited cluster goes to the cloud instead. */
static inline void divert(Sim *m, size_t w, int64_t t0)
{
    const HybridCtx *c = m->c;
    m->cloud[w]++;
    if (m->rel) {
        m->busy -= contrib(c, w, t0);
        if (t0 + c->dur[w] > m->dev_end)
            m->dev_end = t0 + c->dur[w];
    }
}

/* The commitment's demand: workload w's cloud job submitted at t. */
static inline void demand_add(Sim *m, size_t w, int64_t t)
{
    const HybridCtx *c = m->c;
    if (!m->stats || m->route != ROUTE_PLAN || !c->od_demand[w])
        return;
    int64_t e = t + c->bill_minutes[w];
    m->sc->minutes[t] += c->g[w];
    m->sc->minutes[e < c->period ? e : c->period] -= c->g[w];
}

/* ---- hybrid_plan.c ---------------------------------------------------- */

/* The simulated period in whole minutes: days * 1440, rounded. */
int64_t hybrid_plan_period(const HybridPlan *p);

/* ---- hybrid_scratch.c ------------------------------------------------- */

/* Room for `jobs` jobs in every per-job array; 0, or -1 when memory is
 * short (the arrays kept so far stay valid). */
int hybrid_scratch_reserve(HybridScratch *sc, size_t jobs);

/* Room for n entries in sc->minutes; 0, or -1 when memory is short. */
int hybrid_scratch_minutes(HybridScratch *sc, size_t n);

/* Tell the caller how far hybrid_evaluate() is (HybridScratch.progress). */
void hybrid_progress(const HybridScratch *sc, size_t done, size_t total);

/* Add a warning to r (printf format); there is always room (hybrid.h). */
void hybrid_result_warn(HybridResult *r, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- hybrid_stream.c -------------------------------------------------- */

/* Every submission in the period into the scratch: each workload's minutes
 * into its region of sc->wsub (c->off), then all of them in queue order
 * into sc->jobs. Returns 0, -1 over HYBRID_MAX_JOBS, -2 out of memory, 2
 * when the caller cancelled. */
int hybrid_stream_build(HybridCtx *c, HybridScratch *sc);

/* First index k in the sorted v[0..n) with v[k] >= x. */
size_t hybrid_lower_bound(const int32_t *v, size_t n, int64_t x);

/* ---- hybrid_queue.c --------------------------------------------------- */

/* The next end among the started jobs from rp[] on; *who gets its
 * workload. NEVER when none. rp[] moves past cloud jobs. */
int64_t hybrid_next_end(const Sim *m, size_t *rp, size_t *who);

/* Jobs that ended by t free their GPUs (hybrid_release(), when some
 * may have). */
void hybrid_release_ended(Sim *m, int64_t t);

/* Jobs that ended by t free their GPUs. min_end makes the common call,
 * when nothing ends, one comparison. */
static inline void hybrid_release(Sim *m, int64_t t)
{
    if (t >= m->min_end)
        hybrid_release_ended(m, t);
}

/* Run events from job i on. With stop, return once the schedule meets the
 * unlimited cluster's again; else run to the end. Returns the next job. */
size_t hybrid_run_events(Sim *m, size_t i, bool stop);

/* ---- hybrid_fifo.c ---------------------------------------------------- */

/* Strict order with one priority, from job i on; with stop, return at the
 * first job of a later minute by which every job that differs from the
 * unlimited cluster has ended. Returns the next job. */
size_t hybrid_run_fifo(Sim *m, size_t i, bool stop);

/* ---- hybrid_bill.c ---------------------------------------------------- */

/* M_onprem(u) of DESIGN 2.1 at `nodes` nodes (0 with none), through the
 * cost engine on the scratch's copy of the scenario. */
double hybrid_onprem_cost(HybridScratch *sc, double nodes, double u);

/* The cloud money of a run whose cloud job counts are cloud[] into *st
 * (DESIGN 6): GPU-hours and compute by mode, K, the cloud total. */
void hybrid_cloud_figures(const HybridCtx *c, const size_t *cloud,
                          HybridSimStats *st);

/* The commitment from the plan's on-demand demand in sc->minutes (DESIGN 6):
 * the newsvendor fractile, its bill and saving into r->commit. */
void hybrid_commit_figures(const HybridCtx *c, HybridScratch *sc,
                           const HybridSimStats *st, HybridResult *r);

/* Reorder v[0..n) (n > 0) so that v[k] holds the value a sort would put
 * there (quickselect); return it. */
int64_t hybrid_select_kth(int64_t *v, size_t n, size_t k);

/* ---- hybrid_run.c ----------------------------------------------------- */

/* Constants of one call; copies s into the scratch for M_onprem. */
void hybrid_ctx_init(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc);

/* The unlimited cluster under `route` into *b and the scratch (rjobs,
 * use): the only jobs a run at any size visits. */
void hybrid_baseline_build(const HybridCtx *c, HybridScratch *sc,
                           Routing route, Baseline *b);

/* One run at `nodes` nodes into *st. stats: waits, late jobs and (plan
 * routing) the commitment's demand in sc->minutes; cost_only: the figures
 * the optimizer needs. base must be the baseline of `route`. */
void hybrid_run(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
                int64_t nodes, Routing route, bool stats, bool cost_only,
                HybridSimStats *st);

/* ---- hybrid_opt.c ----------------------------------------------------- */

/* All on-prem (DESIGN 6): the smallest node count >= plan_nodes that holds
 * the largest job and keeps every wait target, into r->all_onprem. Sets
 * *searched to the progress steps taken (the plan's and the search's).
 * Returns 0, or 2 when cancelled (r->cancelled). */
int hybrid_all_onprem(const HybridCtx *c, HybridScratch *sc,
                      int64_t plan_nodes, HybridResult *r, size_t *searched);

/* The optimizer (DESIGN 6): the plan at every size 0..r->all_onprem.nodes
 * into sc->by_nodes and r->by_nodes, the cheapest into r->optimum (a tie
 * keeps fewer nodes). Returns 0; -2 when memory is short (a warning says
 * so); 2 when cancelled (r->cancelled). */
int hybrid_optimize(const HybridCtx *c, HybridScratch *sc, size_t searched,
                    HybridResult *r);

#endif
