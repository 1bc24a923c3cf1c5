/* hybrid_sim.h: what the parts of the hybrid simulation share (DESIGN 6);
 * private to model/hybrid*.c, not part of the model's interface.
 *
 * The parts, by job, each calling only those listed above it (a test holds
 * the model's files to calls one way):
 *   hybrid_plan.c    a workload's limit and price once defaults apply, the
 *                    period in minutes
 *   hybrid_scratch.c the working memory, progress and warnings
 *   hybrid_stream.c  the plan's own job stream (hybrid_stream.h)
 *   hybrid_jobs.c    the jobs of one call: their classes, the replay cache
 *                    and the unlimited cluster of each routing
 *   hybrid_walk.c    burst predictions under strict order: the queue by
 *                    priority level, walked in order and kept
 *   hybrid_view.c    the on-prem queue as a run or a prediction sees it,
 *                    and its pass: strict order by priority, EASY backfill
 *   hybrid_predict.c a burst job's predicted start by the run's rule
 *   hybrid_queue.c   the on-prem queue run event by event
 *   hybrid_fifo.c    strict order with one priority: each job placed at
 *                    its submission, no events
 *   hybrid_bill.c    money: M_onprem through the cost engine, cloud billing,
 *                    the commitment from the load
 *   hybrid_run.c     one run at a node count: the unlimited cluster's
 *                    schedule reused outside the stretches where the size
 *                    binds, waits and their 95th percentile
 *   hybrid_bound.c   a size's lower bound, without a run (hybrid_bound.h)
 *   hybrid_opt.c     the all-on-prem size and the node-count optimizer
 *   hybrid.c         hybrid_simulate() and hybrid_evaluate()
 *
 * Jobs that are alike for the scheduler and the bill (one workload, the
 * same GPUs, minutes and billed hours) form a class; the plan's own
 * workloads are one class each. Memory holds what a run needs at once: the
 * jobs waiting and running (by class, and the minutes their GPUs come
 * free), never one entry per job of the period, except in the replay
 * cache, which holds the stream when it has at most HYBRID_CACHE_JOBS jobs
 * (16 bytes a job) so that the sizes the optimizer tries reuse it. */
#ifndef GPUPLAN_HYBRID_SIM_H
#define GPUPLAN_HYBRID_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hybrid.h"
#include "hybrid_ring.h"
#include "hybrid_stream.h"

#define W_MAX HYBRID_MAX_WORKLOADS

/* A job in the replay cache: its submission minute << CLASS_BITS | its
 * class. 20 bits of minutes hold 366 days. */
#define CLASS_BITS 12
#define CLASS_MAX (1u << CLASS_BITS)
#define HYBRID_CACHE_JOBS 4000000
/* Waits below this many minutes (two years) are counted in a histogram. */
#define HIST_MINUTES (INT64_C(1) << 20)

typedef enum Routing { ROUTE_PLAN, ROUTE_ALL_CLOUD, ROUTE_ALL_ONPREM } Routing;

/* One class of jobs. */
typedef struct HybridClass {
    size_t w;              /* workload */
    int64_t g;             /* GPUs */
    int64_t dur;           /* on-prem minutes */
    double hours;          /* billed hours */
    HybridRun run;         /* the workload's run rule */
    HybridCloudMode mode;  /* the mode a cloud job bills under */
    int prio;
    int64_t wait_ok;       /* the longest whole wait within its limit */
    double gh;             /* billed GPU-hours of one cloud job */
    double price;          /* its price per GPU-hour, before m */
    bool od_demand;        /* counts in the commitment's demand */
    int64_t bill_minutes;  /* minutes it holds on-demand GPUs */
    size_t count;          /* jobs in the stream */
} HybridClass;

/* Per-call constants. Money and GPU-hours of one job are for the period
 * (scaled to a month at the end). */
typedef struct HybridCtx {
    const Scenario *s;
    const HybridPlan *p;
    size_t nw;              /* workloads */
    size_t nc;              /* classes */
    HybridClass *cls;       /* nc classes (the scratch's) */
    int64_t period;         /* minutes simulated */
    double scale;           /* hours_per_month / (days * 24) */
    int64_t gpn;            /* GPUs a node */
    double premium;         /* m of DESIGN 2.2 */
    double fixed;           /* K of DESIGN 2.2 */
    int64_t max_dur;        /* the longest on-prem job */
    double limit[W_MAX];    /* burst threshold and wait target */
    bool target[W_MAX];     /* has a wait target (all-on-prem sizing) */
    size_t jobs[W_MAX];     /* jobs of each workload in the stream */
    size_t count;           /* jobs in the stream */
} HybridCtx;

/* One class's queue (events): a ring of waiting jobs, oldest first. */
typedef struct QEntry {
    int64_t seq;      /* position in the stream: the queue order */
    int32_t submit;
    int32_t pred;     /* a burst job's predicted wait; INT32_MAX otherwise */
} QEntry;

typedef struct ClassQueue {
    QEntry *e;
    size_t head, n, cap; /* cap a power of two */
} ClassQueue;

/* A class with waiting jobs, keyed by its first one: the whole queue is in
 * order of priority (higher first), then stream position. */
typedef struct HeadKey {
    int64_t seq;
    int32_t prio;
    uint32_t k;
} HeadKey;

/* The classes with waiting jobs, the queue's head first (a binary heap). */
typedef struct HeadHeap {
    HeadKey *h;
    size_t n;
    uint32_t *pos;  /* indexed: each class's slot, or UINT32_MAX; or NULL */
} HeadHeap;

/* A waiting job as a strict-order walk reads it. */
typedef struct WalkJob {
    int32_t g, dur;
} WalkJob;

/* The waiting jobs of one priority level, oldest first (a ring). */
typedef struct LevelQueue {
    WalkJob *e;
    size_t head, n, cap; /* cap a power of two */
} LevelQueue;

/* GPUs a walk freed at a minute. */
typedef struct WalkEnd {
    int64_t t, g;
} WalkEnd;

/* A start of the backfill walk at t; last: the class's one before. */
typedef struct WalkStart {
    size_t k;
    int64_t t, last;
} WalkStart;

/* The caller's scratch behind HybridScratch.mem. */
typedef struct HybridMem {
    /* classes */
    HybridClass *cls;
    size_t cls_cap;
    uint32_t *class_hash;   /* open addressing: class + 1, 0 empty */
    size_t hash_cap;
    /* the replay cache: every job, each class's minutes, the routing's
     * on-prem jobs and the unlimited cluster's GPUs in use after each */
    bool cached;
    size_t cache_cap;
    uint32_t *keys;
    int32_t *csub;
    size_t *coff;           /* nc + 1 */
    size_t coff_cap;
    uint32_t *rkeys;
    int32_t *use;
    /* per class, one run */
    size_t run_cap;
    size_t *cloud, *tl;
    size_t *unserved;       /* jobs not started on-prem by the period's end */
    int64_t *xr, *wsum;
    size_t *vpos;
    /* the classes with waiting jobs by their first one: the real queue's
     * and a prediction's; passed holds those a backfill pass has passed */
    HeadHeap heads, vheads;
    HeadKey *passed;
    ClassQueue *queues;
    size_t *burst;          /* a burst class a limit (FIFO windows) */
    size_t *win;            /* each burst class's one in burst */
    /* the minutes GPUs come free: the run's and the unlimited cluster's;
     * a prediction's own starts end in vheap (end << CLASS_BITS | class),
     * vcopy is where a reservation reads them in order */
    Ring ring, uring;
    size_t ring_size;
    /* strict-order stretches (hybrid_run.c, Sim.d_from): the run's GPUs
     * in use less the unlimited cluster's, by end minute (dd), and what
     * that adds from each minute on, or 0 (dx); d_cap each (cached) */
    int64_t *dd, *dx;
    size_t d_cap;
    uint64_t *vheap, *vcopy;
    size_t vheap_cap;
    /* strict-order predictions (hybrid_walk.c): each class's priority
     * level (0 the highest), the waiting jobs of each level in queue
     * order, the ends of the kept walk's own starts (less those that have
     * since started for real, which the ring holds too), the slots it
     * wrote since it was last emptied, and what a walk took since its job
     * headed the queue */
    uint8_t *level;
    LevelQueue levels[W_MAX];
    Ring vring;
    size_t *vlog;
    size_t vlog_n, vlog_cap;
    bool vlog_over;
    WalkEnd *undo;
    size_t undo_cap;
    /* the kept backfill walk: each class's last start in it (INT64_MIN:
     * none; the others listed in vtouched), its starts since its job
     * headed the queue */
    int64_t *vlast;
    size_t *vtouched;
    WalkStart *vstarts;
    size_t vstarts_cap;
    /* waits: each workload's count by whole minutes below HIST_MINUTES,
     * and the longer waits one by one (only an overloaded queue has them,
     * and it holds those jobs anyway) */
    uint32_t *hist[W_MAX];
    size_t hist_cap[W_MAX];
    int64_t *long_waits[W_MAX];
    size_t long_n[W_MAX], long_cap[W_MAX];
    /* the commitment's demand, one entry a minute and one more; entries
     * from minutes_dirty on are 0 (a plan with no on-demand cloud job
     * neither clears nor reads the table) */
    int64_t *minutes;
    size_t minute_capacity, minutes_dirty;
    /* streaming: a block of keys read from the source */
    uint32_t *block;
    HybridPlanSource plan_source;
    HybridJobSource source;
    /* elementary steps besides the rings' (hybrid_scratch_work): jobs
     * read, classes looked at */
    uint64_t work;
    /* the optimizer's sizes, and the rest of its memory (hybrid_bound.h) */
    HybridNodesTotal *by_nodes;
    size_t by_nodes_capacity;
    struct HybridSizesMem *sizes;
} HybridMem;

/* The unlimited cluster under one routing. */
typedef struct Baseline {
    Routing route;
    bool reuse;            /* its schedule may be reused (cached, fits) */
    int64_t busy;          /* GPU-minutes inside the period */
    int64_t carried;       /* GPU-minutes after it, of jobs started in it */
    int64_t peak;          /* most GPUs in use at once */
    size_t n;              /* jobs that run on-prem there (rkeys) */
    int64_t need;          /* all on-prem only: the scan of DESIGN 6.5 */
} Baseline;

/* Where a run reads its jobs: the cache's on-prem jobs, or blocks read
 * from the source (all jobs; refill() reads the next). */
typedef struct Feed {
    const uint32_t *keys;
    size_t pos, len;
    size_t base;           /* stream position of keys[0] */
    int64_t last;          /* streaming: the minute of the last job read */
    bool more;             /* streaming: the source may have more */
    bool all;              /* it holds the cloud-routed jobs too */
    int error;             /* streaming: the source failed (message kept) */
} Feed;

/* The walk of the last prediction under strict order, kept for the next
 * one (hybrid_walk.c): it has started every job of the levels above
 * `level` and the first `pos` of that level, and stopped at minute `now`
 * with `free` GPUs free; mem->vring holds the ends still to come of the
 * jobs it started. */
typedef struct Walk {
    bool on;          /* the run keeps the level queues (strict order) */
    bool valid;
    size_t level, pos;
    int64_t now, free;
} Walk;

/* The last prediction's walk with backfill, kept (hybrid_predict.c): it
 * goes on by the pass at `now` run again, `free` GPUs free, the head's
 * reservation as it stood; mem->vpos, vheads and vring hold its starts.
 * prio: the last predicted job's; most_free: the most GPUs free when one
 * of its passes came to backfill. */
typedef struct BackWalk {
    bool on;          /* the run keeps it (backfill, burst classes) */
    bool valid;
    int prio;
    int64_t now, free, most_free;
    bool res_ok;
    size_t res_class;
    int64_t res_seq, res_shadow, res_extra;
    size_t touched;   /* classes in mem->vtouched */
} BackWalk;

/* One run in progress. */
typedef struct Sim {
    const HybridCtx *c;
    HybridScratch *sc;
    HybridMem *mem;
    Routing route;
    bool rel;        /* figures relative to the baseline, stretch by stretch */
    bool stats;      /* waits, late jobs, the commitment's demand */
    bool cost_only;  /* stop at the end of the period (optimizer) */
    bool backfill;
    bool predict_backfill; /* predictions follow the backfill rule */
    int64_t cap, free;
    int64_t now;     /* every end up to now has freed its GPUs */
    int64_t busy;    /* GPU-minutes inside the period */
    int64_t carried; /* GPU-minutes after it, of on-prem jobs started in it */
    int64_t dev_end; /* the differing jobs have ended in both schedules */
    /* strict order: where a stretch stopped with jobs that differ (dd,
     * dx from there; none add GPUs from d_hi on; d_any: some differ; none
     * differ after d_last) */
    int64_t d_from, d_hi, d_last;
    bool d_any;
    int64_t last_start; /* strict order: the latest start so far */
    size_t queued;
    size_t nburst;   /* FIFO: burst classes with a look-ahead window */
    bool cancelled;
    Feed feed;
    /* events: the EASY reservation of the head (class, seq), when known */
    bool res_ok;
    size_t res_class;
    int64_t res_seq, res_shadow, res_extra;
    Walk walk;
    BackWalk bw;
    size_t late[W_MAX], backfilled[W_MAX], nwait[W_MAX];
    __extension__ __int128 wait_sum[W_MAX]; /* up to jobs x longest wait */
    size_t wait_top[W_MAX]; /* the longest wait in mem->hist[w] */
    bool too_big[W_MAX];
    Diag *diag; /* what a source's failure says */
    /* hybrid_run_below (hybrid_bound.h): its bound, least, the bound */
    const struct SizeBound *sb;
    double least, gave_up;
    /* hybrid_run_targets: a workload's target is missed for certain once
     * miss_at[w] > 0 of its waits are over its limit (over[w]) */
    size_t miss_at[W_MAX], over[W_MAX];
    bool missed;
} Sim;

/* ---- small helpers every part uses ---------------------------------- */

static inline int64_t key_minute(uint32_t key)
{
    return (int64_t)(key >> CLASS_BITS);
}

static inline size_t key_class(uint32_t key)
{
    return key & (CLASS_MAX - 1);
}

/* How class k runs under `route`. */
static inline HybridRun route_run(const HybridCtx *c, Routing route, size_t k)
{
    return route == ROUTE_ALL_CLOUD    ? RUN_CLOUD
           : route == ROUTE_ALL_ONPREM ? RUN_ONPREM
                                       : c->cls[k].run;
}

/* GPU-minutes inside the period of a job of class k started at t. */
static inline int64_t contrib(const HybridCtx *c, size_t k, int64_t t)
{
    int64_t a = t < c->period ? t : c->period;
    int64_t e = t + c->cls[k].dur;
    int64_t b = e < c->period ? e : c->period;
    return c->cls[k].g * (b - a);
}

/* GPU-minutes after the period of a job of class k started at t: those
 * it runs past the end when it starts inside the period (it finishes
 * on-prem), none when it starts later (it is unserved, DESIGN 6.2). */
static inline int64_t carried(const HybridCtx *c, size_t k, int64_t t)
{
    if (t >= c->period)
        return 0;
    return c->cls[k].g * c->cls[k].dur - contrib(c, k, t);
}

/* A job of class k that started at t0 in the baseline moves to start at t
 * (rel runs: the difference; whole runs: all of it). */
static inline void move_start(Sim *m, size_t k, int64_t t0, int64_t t)
{
    const HybridCtx *c = m->c;
    /* The common case: both schedules end the job inside the period, so
     * its busy minutes are the same and nothing is carried. */
    if (m->rel && t + c->cls[k].dur <= c->period)
        return;
    m->busy += contrib(c, k, t) - (m->rel ? contrib(c, k, t0) : 0);
    m->carried += carried(c, k, t) - (m->rel ? carried(c, k, t0) : 0);
    if (t >= c->period)
        m->mem->unserved[k]++;
}

/* True when the caller asked the run to stop (HybridScratch.cancel). */
static inline bool hybrid_cancelled(const HybridScratch *sc)
{
    return sc->cancel && *sc->cancel;
}

/* Record that a job of class k, which started at t0 on the unlimited
 * cluster, goes to the cloud instead. */
static inline void divert(Sim *m, size_t k, int64_t t0)
{
    const HybridCtx *c = m->c;
    m->mem->cloud[k]++;
    if (m->rel) {
        m->busy -= contrib(c, k, t0);
        m->carried -= carried(c, k, t0);
        int64_t e = t0 + c->cls[k].dur;
        if (e > m->dev_end)
            m->dev_end = e;
    }
}

/* The commitment's demand: a cloud job of class k submitted at t. */
static inline void demand_add(Sim *m, size_t k, int64_t t)
{
    const HybridCtx *c = m->c;
    const HybridClass *cl = &c->cls[k];
    if (!m->stats || m->route != ROUTE_PLAN || !cl->od_demand)
        return;
    int64_t e = t + cl->bill_minutes;
    m->mem->minutes[t] += cl->g;
    m->mem->minutes[e < c->period ? e : c->period] -= cl->g;
    m->mem->minutes_dirty = (size_t)c->period + 1;
}

/* The next job of the feed into *key: true, or false at its end. */
bool hybrid_feed_refill(Sim *m);
static inline bool feed_peek(Sim *m, uint32_t *key)
{
    Feed *f = &m->feed;
    if (f->pos >= f->len && !(f->more && hybrid_feed_refill(m)))
        return false;
    *key = f->keys[f->pos];
    return true;
}

/* ---- hybrid_plan.c ---------------------------------------------------- */

/* The simulated period in whole minutes: days * 1440, rounded. */
int64_t hybrid_plan_period(const HybridPlan *p);

/* ---- hybrid_scratch.c ------------------------------------------------- */

/* Grow *ptr to n elements of `size` bytes (at least 1); false when memory
 * is short (then *ptr is unchanged). hybrid_cache_put: keep key as the
 * replay cache's n-th job, growing it; false when it cannot (the cache's
 * memory is then released, and the stream read again for every run). */
bool hybrid_grow(void *ptr, size_t n, size_t size);
bool hybrid_cache_put(HybridMem *mem, size_t n, uint32_t key);

/* The scratch's memory, allocated on first use; NULL when memory is
 * short. */
HybridMem *hybrid_mem(HybridScratch *sc);

/* Tell the caller how far hybrid_evaluate() is (HybridScratch.progress). */
void hybrid_progress(const HybridScratch *sc, size_t done, size_t total);

/* A streamed source's failure into d: its words, or a sentence when it
 * gave none. Returns -1. */
int hybrid_source_failed(Diag *d);

/* Add a warning to r (printf format); there is always room (hybrid.h). */
void hybrid_result_warn(HybridResult *r, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- hybrid_jobs.c ---------------------------------------------------- */

/* The constants of one call and its jobs (DESIGN 6.1): reads the stream
 * once (sc->source, or the plan's own), makes the classes, counts the jobs
 * and keeps them in the replay cache when they fit. Copies s into the
 * scratch for M_onprem. Returns 0; -1 when the source failed or broke the
 * stream's rules (d says why); -2 when memory is short; 2 cancelled. */
int hybrid_jobs_load(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc, Diag *d);

/* The unlimited cluster under `route`: into *b, and into the cache its
 * on-prem jobs and the GPUs in use after each (when cached). Returns 0;
 * -1 when the source failed or broke the stream's rules (d says why). */
int hybrid_baseline_build(const HybridCtx *c, HybridScratch *sc,
                          Routing route, Baseline *b, Diag *d);

/* Room for the per-class arrays and queues of a run, and the rings sized
 * for c's longest job; 0, or -1 when memory is short. */
int hybrid_run_memory(const HybridCtx *c, HybridMem *mem);

/* First index k in the sorted v[0..n) with v[k] >= x. */
size_t hybrid_lower_bound(const int32_t *v, size_t n, int64_t x);

/* A wait of workload w's on-prem job (stats runs), counted by minutes. */
void hybrid_wait_add(Sim *m, size_t w, int64_t wait);

/* ---- hybrid_queue.c --------------------------------------------------- */

/* Free the GPUs of the jobs that ended by t (events). */
void hybrid_release(Sim *m, int64_t t);

/* Run events from the feed's position on. With stop, return once the
 * schedule meets the unlimited cluster's again; else run to the end. */
void hybrid_run_events(Sim *m, bool stop);

/* ---- hybrid_fifo.c ---------------------------------------------------- */

/* Strict order with one priority, from the feed's position on; with stop,
 * return at the first job of a later minute by which every job that
 * differs from the unlimited cluster has ended. */
void hybrid_run_fifo(Sim *m, bool stop);

/* ---- hybrid_bill.c ---------------------------------------------------- */

/* M_onprem(u) of DESIGN 2.1 at `nodes` nodes (0 with none), through the
 * cost engine on the scratch's copy of the scenario. */
double hybrid_onprem_cost(HybridScratch *sc, double nodes, double u);

/* The cloud money of a run whose cloud job counts by class are cloud[]
 * into *st (DESIGN 6): GPU-hours and compute by mode, K, the cloud total,
 * each workload's cloud jobs. */
void hybrid_cloud_figures(const HybridCtx *c, const size_t *cloud,
                          HybridSimStats *st);

/* The work of a run (DESIGN 6.2) into *st: the GPU-minutes demanded, sent
 * to the cloud and left unserved (jobs not started on-prem by the period's
 * end, unserved[] by class), and the money of finishing the unserved jobs
 * in the cloud, each billed as a cloud job of its class; K joins the cloud
 * bill when only unserved jobs go there. Call after hybrid_cloud_figures. */
void hybrid_unserved_figures(const HybridCtx *c, const size_t *cloud,
                             const size_t *unserved, HybridSimStats *st);

/* The commitment from the plan's on-demand demand in the scratch's minutes
 * (DESIGN 6): the newsvendor fractile, its bill and saving into
 * r->commit. */
void hybrid_commit_figures(const HybridCtx *c, HybridScratch *sc,
                           const HybridSimStats *st, HybridResult *r);

/* Reorder v[0..n) (n > 0) so that v[k] holds the value a sort would put
 * there (quickselect); return it. */
int64_t hybrid_select_kth(int64_t *v, size_t n, size_t k);

/* ---- hybrid_run.c ----------------------------------------------------- */

/* hybrid_lower_bound's index in the sorted v[0..n), searched from a
 * guess: galloping out from `near` (any value; clamped to n), so a guess
 * a few places off costs a few steps instead of a whole binary search.
 * Exact for every guess. */
size_t hybrid_lower_bound_near(const int32_t *v, size_t n, int64_t x,
                               size_t near);

/* True when runs under `route` place each job at its submission: strict
 * order (no backfill), one priority among the jobs that may run on-prem. */
bool hybrid_run_strict(const HybridCtx *c, const HybridScratch *sc,
                       Routing route);

/* One run at `nodes` nodes into *st. stats: waits, late jobs and (plan
 * routing) the commitment's demand; cost_only: the figures the optimizer
 * needs. base: the baseline of `route` built last. Returns 0; 2 when
 * cancelled (st->cancelled); -1 when a streamed source failed (d: why). */
int hybrid_run(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
               int64_t nodes, Routing route, bool stats, bool cost_only,
               HybridSimStats *st, Diag *d);

/* The all-on-prem search's run at `nodes` nodes (stats, all on-prem): as
 * hybrid_run, but it stops once some workload with a wait target has so
 * many waits over its limit that its 95th percentile is over it whatever
 * the rest (the size misses its targets): then returns 4 and *st holds
 * nothing. base: the all-on-prem baseline built last. */
int hybrid_run_targets(const HybridCtx *c, HybridScratch *sc,
                       const Baseline *base, int64_t nodes, HybridSimStats *st,
                       Diag *d);

/* ---- hybrid_opt.c ----------------------------------------------------- */

/* All on-prem (DESIGN 6): the smallest node count >= plan_nodes that holds
 * the largest job and keeps every wait target, into r->all_onprem. Sets
 * *searched to the progress steps taken (the plan's and the search's).
 * Returns 0; 2 when cancelled (r->cancelled); -1 when the source failed
 * (a warning says why). */
int hybrid_all_onprem(const HybridCtx *c, HybridScratch *sc,
                      int64_t plan_nodes, HybridResult *r, size_t *searched);

/* The optimizer (DESIGN 6, 6.6): sizes 0..all_onprem.nodes into by_nodes,
 * the cheapest (a tie keeps fewer nodes) into r->optimum. base: the plan's
 * baseline when it is the cache's last (the all-on-prem search ran
 * before it), else NULL. Returns 0; -2 when memory is short (a warning
 * says so); 2 cancelled; -1 source failed. */
int hybrid_optimize(const HybridCtx *c, HybridScratch *sc, size_t searched,
                    const Baseline *base, HybridResult *r);

#endif
