/* hybrid.c: the hybrid plan simulation, comparisons and optimizer (DESIGN 6).
 *
 * The job stream (every submission of every workload in the period) is built
 * once per call and shared by all the runs, so the comparisons and the
 * optimizer see the same jobs. A job is one 32-bit word, its submission
 * minute and its workload: every job of a workload has the same GPUs and
 * duration, so nothing else is needed.
 *
 * One run is event-driven (a minute is visited only when a job is submitted
 * or ends). Jobs of one workload share a priority and a size, so they start
 * in their own order under every rule here (strict order or EASY backfill):
 * each workload's jobs form a queue and, once started, a list whose end
 * minutes only grow. The next end is then the least of at most 32 list
 * heads, and the queue head the best of at most 32 queue heads; no heap.
 *
 * Reuse across sizes. On a cluster with no limit every job starts at its
 * submission. A run at n nodes has exactly that schedule until the first
 * job whose submission would put more than n x gpus_per_node GPUs in use
 * (`use`, computed once per routing). From that minute (all of its
 * submissions) the run is simulated until the schedules meet again: no job
 * queued, and every job that waited or went to the cloud has ended in both
 * schedules, so the jobs running are the same ones. Then it skips to the
 * next such job. The figures are those of the unlimited cluster plus the
 * differences inside those stretches, in integers where they are sums, so
 * they equal those of a whole-period run bit for bit (a test runs both).
 * Sizes that hold the unlimited cluster's peak need no simulation at all.
 * The optimizer is exact because it evaluates every size this way. */
#include "config.h"

#include "hybrid.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "numfmt.h"
#include "rng.h"

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

static void release(Sim *m, int64_t t);

double hybrid_workload_max_wait(const HybridPlan *p, const HybridWorkload *wl)
{
    return wl->has_max_wait ? wl->max_wait_minutes : p->max_wait_minutes;
}

double hybrid_workload_price(const Scenario *s, const HybridWorkload *wl)
{
    if (wl->has_cloud_price)
        return wl->cloud_gpu_hour;
    HybridCloudMode mode = wl->run == RUN_ONPREM ? MODE_ON_DEMAND : wl->cloud_mode;
    return mode == MODE_SPOT ? s->cloud.spot_gpu_hour : s->cloud.on_demand_gpu_hour;
}

const char *hybrid_run_key(HybridRun run)
{
    switch (run) {
    case RUN_ONPREM:
        return "onprem";
    case RUN_CLOUD:
        return "cloud";
    case RUN_BURST:
        return "burst";
    }
    return "?";
}

const char *hybrid_mode_key(HybridCloudMode mode)
{
    return mode == MODE_SPOT ? "spot" : "on_demand";
}

/* ---- scratch ------------------------------------------------------------ */

static void *grow(void *ptr, size_t n, size_t size, bool *ok)
{
    void *q = realloc(ptr, n > 0 ? n * size : 1);
    if (!q)
        *ok = false;
    return q ? q : ptr;
}

/* Room for `jobs` jobs: 4 + 4 + 8 + 8 + 8 + 8 + 8 + 4 = 52 bytes a job. */
static int scratch_reserve(HybridScratch *sc, size_t jobs)
{
    if (jobs <= sc->capacity)
        return 0;
    bool ok = true;
    sc->jobs = grow(sc->jobs, jobs, sizeof *sc->jobs, &ok);
    sc->wsub = grow(sc->wsub, jobs, sizeof *sc->wsub, &ok);
    sc->a = grow(sc->a, jobs, sizeof *sc->a, &ok);
    sc->waits = grow(sc->waits, jobs, sizeof *sc->waits, &ok);
    sc->pred = grow(sc->pred, jobs, sizeof *sc->pred, &ok);
    sc->vheap = grow(sc->vheap, jobs, sizeof *sc->vheap, &ok);
    sc->use = grow(sc->use, jobs, sizeof *sc->use, &ok);
    sc->rjobs = grow(sc->rjobs, jobs, sizeof *sc->rjobs, &ok);
    if (!ok)
        return -1;
    sc->capacity = jobs;
    return 0;
}

static int scratch_minutes(HybridScratch *sc, size_t n)
{
    if (n <= sc->minute_capacity)
        return 0;
    bool ok = true;
    sc->minutes = grow(sc->minutes, n, sizeof *sc->minutes, &ok);
    if (!ok)
        return -1;
    sc->minute_capacity = n;
    return 0;
}

int hybrid_scratch_init(HybridScratch *sc, size_t capacity)
{
    memset(sc, 0, sizeof *sc);
    if (capacity > 0 && scratch_reserve(sc, capacity) != 0) {
        hybrid_scratch_free(sc);
        return -1;
    }
    return 0;
}

void hybrid_scratch_free(HybridScratch *sc)
{
    free(sc->jobs);
    free(sc->wsub);
    free(sc->a);
    free(sc->waits);
    free(sc->pred);
    free(sc->vheap);
    free(sc->use);
    free(sc->rjobs);
    free(sc->minutes);
    free(sc->by_nodes);
    int mode = sc->test_mode;
    volatile sig_atomic_t *cancel = sc->cancel;
    void (*progress)(void *, size_t, size_t) = sc->progress;
    void (*plan_ready)(void *, const HybridResult *) = sc->plan_ready;
    void *progress_arg = sc->progress_arg;
    memset(sc, 0, sizeof *sc);
    sc->test_mode = mode;
    sc->cancel = cancel;
    sc->progress = progress;
    sc->plan_ready = plan_ready;
    sc->progress_arg = progress_arg;
}

size_t hybrid_scratch_bytes(const HybridScratch *sc)
{
    return sc->capacity * (sizeof *sc->jobs + sizeof *sc->wsub + sizeof *sc->a +
                           sizeof *sc->waits + sizeof *sc->pred +
                           sizeof *sc->vheap + sizeof *sc->use +
                           sizeof *sc->rjobs) +
           sc->minute_capacity * sizeof *sc->minutes +
           sc->by_nodes_capacity * sizeof *sc->by_nodes;
}

/* True when the caller asked the run to stop (HybridScratch.cancel). */
static bool cancelled(const HybridScratch *sc)
{
    return sc->cancel && *sc->cancel;
}

/* Tell the caller how far hybrid_evaluate() is (HybridScratch.progress). */
static void progress(const HybridScratch *sc, size_t done, size_t total)
{
    if (sc->progress)
        sc->progress(sc->progress_arg, done, total);
}

/* ---- calendar and job stream -------------------------------------------- */

/* Civil date of day z since 1970-01-01 (proleptic Gregorian). */
static void civil_from_days(int64_t z, int *month, int *mday)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *mday = (int)(doy - (153 * mp + 2) / 5 + 1);
    *month = (int)(mp < 10 ? mp + 3 : mp - 9);
}

static int64_t plan_period(const HybridPlan *p)
{
    return (int64_t)llround(p->days * 1440);
}

static uint64_t master_seed(const HybridPlan *p)
{
    return !(p->seed > 0)          ? 0
           : p->seed >= 0x1p64     ? UINT64_MAX
                                   : (uint64_t)p->seed;
}

/* The submissions of workload w (generator r) in order, the first `stop`
 * written to out when it is not NULL; counting stops once `stop` is passed.
 * Returns the count (more than stop: there are more than stop). */
static size_t workload_stream(const HybridWorkload *w, Rng *r, int64_t period,
                              int32_t *out, size_t stop)
{
    size_t n = 0;
    if (w->has_schedule) {
        const Cron *cr = &w->schedule;
        int64_t ndays = (period + 1439) / 1440;
        for (int64_t d = 0; d < ndays && n <= stop; d++) {
            int month, mday;
            civil_from_days(HYBRID_EPOCH_DAYS + d, &month, &mday);
            int wday = (int)((1 + d) % 7); /* 2024-01-01 is a Monday */
            if (!cron_day_matches(cr, month, mday, wday))
                continue;
            for (int h = 0; h < 24; h++) {
                if (!(cr->hours >> h & 1))
                    continue;
                for (int m = 0; m < 60; m++) {
                    if (!(cr->minutes >> m & 1))
                        continue;
                    int64_t t = d * 1440 + h * 60 + m;
                    if (t >= period)
                        break;
                    if (out && n < stop)
                        out[n] = (int32_t)t;
                    n++;
                }
            }
        }
    } else if (w->per_day > 0) {
        double rate = w->per_day / 1440;
        double t = 0;
        while (n <= stop) {
            t += rng_exponential(r, rate);
            if (!(t < (double)period))
                break;
            if (out && n < stop)
                out[n] = (int32_t)floor(t);
            n++;
        }
    }
    return n;
}

/* Jobs of each workload into counts[]; false when the total passes
 * HYBRID_MAX_JOBS (counting stops there). */
static bool stream_count(const HybridPlan *p, size_t *counts)
{
    Rng master;
    rng_seed(&master, master_seed(p));
    int64_t period = plan_period(p);
    size_t total = 0;
    for (size_t wi = 0; wi < p->workload_count; wi++) {
        Rng r;
        rng_seed(&r, rng_next(&master));
        counts[wi] = workload_stream(&p->workloads[wi], &r, period, NULL,
                                     HYBRID_MAX_JOBS - total);
        total += counts[wi];
        if (total > HYBRID_MAX_JOBS)
            return false;
    }
    return true;
}

bool hybrid_check_jobs(const HybridPlan *p, char *msg, size_t n)
{
    size_t counts[W_MAX];
    if (stream_count(p, counts))
        return true;
    /* Past the limit: schedules counted exactly, random arrivals by their
     * expected number (drawing them all could take seconds). */
    double total = 0;
    bool about = false;
    Rng none;
    rng_seed(&none, 0);
    for (size_t wi = 0; wi < p->workload_count; wi++) {
        const HybridWorkload *w = &p->workloads[wi];
        if (w->has_schedule) {
            total += (double)workload_stream(w, &none, plan_period(p), NULL,
                                             SIZE_MAX - 1);
        } else {
            total += floor(w->per_day * (double)plan_period(p) / 1440);
            about = about || w->per_day > 0;
        }
    }
    char count[48], limit[48], days[48];
    num_format_money(total, 0, count, sizeof count);
    num_format_money(HYBRID_MAX_JOBS, 0, limit, sizeof limit);
    num_format_exact(p->days, days, sizeof days);
    snprintf(msg, n,
             "the plan submits %s%s jobs in %s days, more than the %s a plan "
             "may simulate; shorten hybrid.days or lower the workloads' "
             "arrivals",
             about ? "about " : "", count, days, limit);
    return false;
}

/* Every submission in the period: each workload's minutes into its region
 * of wsub, then all of them in queue order into jobs (a counting sort by
 * minute; workloads in plan order, each in time order, keep their order
 * within a minute). Returns 0, -1 over the limit, -2 out of memory, 2
 * when the caller cancelled. */
static int stream_build(HybridCtx *c, HybridScratch *sc)
{
    const HybridPlan *p = c->p;
    /* One pass: each workload's stream goes straight after the one before;
     * when the room runs out, grow and draw that workload again from its
     * seed (the same numbers). The first guess is the expected count. */
    double expect = 1024;
    Rng none;
    rng_seed(&none, 0);
    for (size_t w = 0; w < c->nw; w++)
        expect += p->workloads[w].has_schedule
                      ? (double)workload_stream(&p->workloads[w], &none,
                                                c->period, NULL,
                                                HYBRID_MAX_JOBS)
                      : p->workloads[w].per_day * p->days * 1.05 + 64;
    if (scratch_reserve(sc, expect < HYBRID_MAX_JOBS ? (size_t)expect
                                                     : HYBRID_MAX_JOBS) != 0)
        return -2;
    Rng master;
    rng_seed(&master, master_seed(p));
    size_t total = 0;
    for (size_t w = 0; w < c->nw; w++) {
        uint64_t seed = rng_next(&master);
        c->off[w] = total;
        if (cancelled(sc))
            return 2;
        for (;;) {
            Rng r;
            rng_seed(&r, seed);
            size_t room = sc->capacity - total;
            size_t n = workload_stream(&p->workloads[w], &r, c->period,
                                       sc->wsub + total, room);
            if (n <= room) {
                total += n;
                break;
            }
            if (sc->capacity >= HYBRID_MAX_JOBS)
                return -1;
            size_t more = 2 * sc->capacity + 1024;
            if (scratch_reserve(sc, more < HYBRID_MAX_JOBS ? more
                                                           : HYBRID_MAX_JOBS) != 0)
                return -2;
        }
    }
    c->off[c->nw] = total;
    if (scratch_minutes(sc, (size_t)c->period + 1) != 0)
        return -2;
    sc->count = total;
    int64_t *pos = sc->minutes;
    memset(pos, 0, ((size_t)c->period + 1) * sizeof *pos);
    for (size_t i = 0; i < total; i++)
        pos[sc->wsub[i] + 1]++;
    for (int64_t m = 0; m < c->period; m++)
        pos[m + 1] += pos[m];
    for (size_t w = 0; w < c->nw; w++)
        for (size_t k = c->off[w]; k < c->off[w + 1]; k++)
            sc->jobs[pos[sc->wsub[k]]++] =
                (uint32_t)sc->wsub[k] << 5 | (uint32_t)w;
    return 0;
}

static inline int64_t job_minute(uint32_t key)
{
    return (int64_t)(key >> 5);
}

/* ---- routing and one job's figures ------------------------------------- */

static HybridRun route_run(const HybridCtx *c, Routing route, size_t w)
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

/* First index k in the sorted v[0..n) with v[k] >= x. */
static size_t lower_bound(const int32_t *v, size_t n, int64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((int64_t)v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The unlimited cluster under `route`: its jobs that run on-prem in queue
 * order (rjobs, the only ones a run at any size visits), use[i] = GPUs in
 * use once rjobs[i] has started, its busy GPU-minutes and peak. */
static void baseline_build(const HybridCtx *c, HybridScratch *sc, Routing route,
                           Baseline *b)
{
    memset(b, 0, sizeof *b);
    b->valid = true;
    b->route = route;
    size_t ep[W_MAX] = {0}, seen[W_MAX] = {0};
    bool on[W_MAX];
    size_t onlist[W_MAX], non = 0;
    for (size_t w = 0; w < c->nw; w++) {
        on[w] = route_run(c, route, w) != RUN_CLOUD;
        if (on[w])
            onlist[non++] = w;
    }
    int64_t usage = 0;
    for (size_t i = 0; i < sc->count; i++) {
        uint32_t key = sc->jobs[i];
        size_t w = key & 31;
        int64_t t = job_minute(key);
        for (size_t q = 0; q < non; q++) {
            size_t u = onlist[q];
            const int32_t *v = sc->wsub + c->off[u];
            while (ep[u] < seen[u] && v[ep[u]] + c->dur[u] <= t) {
                usage -= c->g[u];
                ep[u]++;
            }
        }
        seen[w]++;
        if (on[w]) {
            usage += c->g[w];
            b->busy += contrib(c, w, t);
            if (usage > b->peak)
                b->peak = usage;
            sc->rjobs[b->n] = key;
            sc->use[b->n++] = usage;
        } else {
            b->cloud[w]++;
        }
    }
}

/* ---- a run ---------------------------------------------------------------- */

/* Skip cloud jobs from *k on (below lim) in workload w's region. */
static inline void skip_marks(const Sim *m, size_t w, size_t *k, size_t lim)
{
    const int64_t *a = m->sc->a + m->c->off[w];
    while (*k < lim && a[*k] == MARK)
        (*k)++;
}

/* The next end among the started jobs from rp[] on; *who gets its
 * workload. NEVER when none. */
static int64_t next_end(const Sim *m, size_t *rp, size_t *who)
{
    int64_t best = NEVER;
    for (size_t w = 0; w < m->c->nw; w++) {
        skip_marks(m, w, &rp[w], m->sh[w]);
        if (rp[w] < m->sh[w]) {
            int64_t e = m->sc->a[m->c->off[w] + rp[w]] + m->c->dur[w];
            if (e < best) {
                best = e;
                *who = w;
            }
        }
    }
    return best;
}

/* True when workload x's next queued job (submitted at tx) goes before
 * workload y's (at ty): priority, then minute, then workload order. */
static inline bool before(const HybridCtx *c, size_t x, int64_t tx, size_t y,
                          int64_t ty)
{
    if (c->prio[x] != c->prio[y])
        return c->prio[x] > c->prio[y];
    if (tx != ty)
        return tx < ty;
    return x < y;
}

/* The workload whose queued job is at the head among those not in
 * `skip` (a bit mask) from positions qp[]; -1 when none. */
static int queue_head(const Sim *m, size_t *qp, uint32_t skip, int min_prio)
{
    int best = -1;
    int64_t bt = 0;
    for (size_t w = 0; w < m->c->nw; w++) {
        if (skip >> w & 1 || m->c->prio[w] < min_prio)
            continue;
        skip_marks(m, w, &qp[w], m->tl[w]);
        if (qp[w] >= m->tl[w])
            continue;
        int64_t t = m->sc->a[m->c->off[w] + qp[w]];
        if (best < 0 || before(m->c, w, t, (size_t)best, bt)) {
            best = (int)w;
            bt = t;
        }
    }
    return best;
}

static void vheap_push(uint64_t *h, size_t *n, uint64_t v)
{
    size_t i = (*n)++;
    while (i > 0) {
        size_t up = (i - 1) / 2;
        if (h[up] <= v)
            break;
        h[i] = h[up];
        i = up;
    }
    h[i] = v;
}

static uint64_t vheap_pop(uint64_t *h, size_t *n)
{
    uint64_t top = h[0], last = h[--(*n)];
    size_t i = 0;
    for (;;) {
        size_t kid = 2 * i + 1;
        if (kid >= *n)
            break;
        if (kid + 1 < *n && h[kid + 1] < h[kid])
            kid++;
        if (last <= h[kid])
            break;
        h[i] = h[kid];
        i = kid;
    }
    if (*n > 0)
        h[i] = last;
    return top;
}

/* A burst job of workload b submitted at t: its predicted start (DESIGN 6 and
 * hybrid.h), or NEVER once that is sure to be more than its limit after t. */
static int64_t predict(const Sim *m, size_t b, int64_t t)
{
    const HybridCtx *c = m->c;
    size_t ahead = 0;
    for (size_t w = 0; w < c->nw; w++)
        if (c->prio[w] >= c->prio[b])
            ahead += m->qn[w];
    if (ahead == 0 && c->g[b] <= m->free)
        return t;
    size_t rp[W_MAX], qp[W_MAX];
    memcpy(rp, m->rh, sizeof rp);
    memcpy(qp, m->sh, sizeof qp);
    uint64_t *heap = m->sc->vheap;
    size_t heap_n = 0;
    int64_t vfree = m->free, vt = t;
    for (;;) {
        int v = ahead > 0 ? queue_head(m, qp, 0, c->prio[b]) : -1;
        int64_t need = v >= 0 ? c->g[v] : c->g[b];
        while (vfree < need) {
            size_t who = 0;
            int64_t e = next_end(m, rp, &who);
            int64_t ev = heap_n ? (int64_t)(heap[0] >> 5) : NEVER;
            if (ev < e) {
                uint64_t x = vheap_pop(heap, &heap_n);
                vfree += c->g[x & 31];
                e = ev;
            } else {
                if (e == NEVER)
                    abort(); /* a job larger than the cluster was queued */
                vfree += c->g[who];
                rp[who]++;
            }
            if (e > vt)
                vt = e;
        }
        if ((double)(vt - t) > c->limit[b])
            return NEVER;
        if (v < 0)
            return vt;
        vfree -= c->g[v];
        vheap_push(heap, &heap_n, (uint64_t)(vt + c->dur[v]) << 5 | (uint64_t)v);
        qp[v]++;
        ahead--;
    }
}

/* Record that workload w's job with period figures of a start at t0 on the
 * unlimited cluster goes to the cloud instead. */
static void divert(Sim *m, size_t w, int64_t t0)
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
static void demand_add(Sim *m, size_t w, int64_t t)
{
    const HybridCtx *c = m->c;
    if (!m->stats || m->route != ROUTE_PLAN || !c->od_demand[w])
        return;
    int64_t e = t + c->bill_minutes[w];
    m->sc->minutes[t] += c->g[w];
    m->sc->minutes[e < c->period ? e : c->period] -= c->g[w];
}

static void submit(Sim *m, uint32_t key)
{
    const HybridCtx *c = m->c;
    size_t w = key & 31;
    int64_t t = job_minute(key);
    size_t idx = c->off[w] + m->tl[w];
    /* Predict before the job joins its workload's queue (it is not ahead
     * of itself). */
    int64_t at = t;
    HybridRun run = route_run(c, m->route, w);
    bool fits = m->cap > 0 && c->g[w] <= m->cap;
    if (run == RUN_BURST && fits)
        at = predict(m, w, t);
    m->tl[w]++;
    int64_t *a = m->sc->a;
    if (run == RUN_CLOUD) {
        a[idx] = MARK;
        if (!m->rel) {
            m->cloud[w]++;
            demand_add(m, w, t);
        }
        return;
    }
    if (!fits) {
        if (m->cap > 0)
            m->too_big[w] = true;
        a[idx] = MARK;
        divert(m, w, t);
        demand_add(m, w, t);
        return;
    }
    if (run == RUN_BURST) {
        if (at == NEVER) {
            a[idx] = MARK;
            divert(m, w, t);
            demand_add(m, w, t);
            return;
        }
        m->sc->pred[idx] = at;
    }
    a[idx] = t;
    m->qn[w]++;
    m->queued++;
}

static void start(Sim *m, size_t w, int64_t t, bool backfilled)
{
    const HybridCtx *c = m->c;
    size_t idx = c->off[w] + m->sh[w];
    int64_t sub = m->sc->a[idx];
    m->sc->a[idx] = t;
    m->sh[w]++;
    if (t + c->dur[w] < m->min_end)
        m->min_end = t + c->dur[w];
    m->qn[w]--;
    m->queued--;
    m->free -= c->g[w];
    m->busy += contrib(c, w, t) - (m->rel ? contrib(c, w, sub) : 0);
    int64_t wait = t - sub;
    if (wait > 0 && t + c->dur[w] > m->dev_end)
        m->dev_end = t + c->dur[w];
    if (backfilled)
        m->backfilled[w]++;
    if (m->stats) {
        m->sc->waits[c->off[w] + m->nwait[w]++] = wait;
        m->wait_sum[w] += wait;
        if (route_run(c, m->route, w) == RUN_BURST && m->sc->pred[idx] < t)
            m->late[w]++;
    }
}

/* Jobs that ended by t free their GPUs. min_end makes the common call,
 * when nothing ends, one comparison. */
static void release(Sim *m, int64_t t)
{
    if (t < m->min_end)
        return;
    const HybridCtx *c = m->c;
    int64_t next = NEVER;
    for (size_t w = 0; w < c->nw; w++) {
        const int64_t *a = m->sc->a + c->off[w];
        while (m->rh[w] < m->sh[w] &&
               (a[m->rh[w]] == MARK || a[m->rh[w]] + c->dur[w] <= t)) {
            if (a[m->rh[w]] != MARK)
                m->free += c->g[w];
            m->rh[w]++;
        }
        if (m->rh[w] < m->sh[w] && a[m->rh[w]] + c->dur[w] < next)
            next = a[m->rh[w]] + c->dur[w];
    }
    m->min_end = next;
}

/* Start what may start at t: the head while it fits; then, with backfill,
 * the jobs behind a blocked head that EASY allows. */
static void schedule(Sim *m, int64_t t)
{
    const HybridCtx *c = m->c;
    int h;
    for (;;) {
        h = queue_head(m, m->sh, 0, -1);
        if (h < 0)
            return;
        if (c->g[h] > m->free)
            break;
        start(m, (size_t)h, t, false);
    }
    if (!m->backfill)
        return;
    bool any = false;
    for (size_t w = 0; w < c->nw && !any; w++)
        any = (int)w != h && m->qn[w] > 0 && c->g[w] <= m->free;
    if (!any)
        return;
    /* The head's reservation: the first minute enough GPUs are free. */
    size_t rp[W_MAX];
    memcpy(rp, m->rh, sizeof rp);
    int64_t f = m->free, shadow = t;
    while (f < c->g[h]) {
        size_t who = 0;
        shadow = next_end(m, rp, &who);
        f += c->g[who];
        rp[who]++;
    }
    for (;;) {
        size_t who = 0;
        if (next_end(m, rp, &who) != shadow)
            break;
        f += c->g[who];
        rp[who]++;
    }
    int64_t extra = f - c->g[h];
    uint32_t blocked = 1u << h;
    for (;;) {
        int v = queue_head(m, m->sh, blocked, -1);
        if (v < 0)
            return;
        bool ends_in_time = t + c->dur[v] <= shadow;
        if (c->g[v] <= m->free && (ends_in_time || c->g[v] <= extra)) {
            start(m, (size_t)v, t, true);
            if (!ends_in_time)
                extra -= c->g[v];
        } else {
            blocked |= 1u << v;
        }
    }
}

/* Strict order with one priority and no backfill: a job starts in
 * submission order at the first minute, no earlier than its submission and
 * the previous start, with enough GPUs free, so its start is known when it
 * is submitted (and a burst job's prediction is exact). Each job is placed
 * at once: no queue, no events. */
/* Inlined into run_fifo, its only caller: it runs once a job at every size
 * the optimizer tries, and the call itself cost about 7% of the work. */
#if defined(__GNUC__) || defined(__clang__)
static inline void submit_fifo(Sim *m, uint32_t key)
    __attribute__((always_inline));
#endif
static inline void submit_fifo(Sim *m, uint32_t key)
{
    const HybridCtx *c = m->c;
    size_t w = key & 31;
    int64_t t = job_minute(key);
    size_t idx = c->off[w] + m->tl[w];
    int64_t *a = m->sc->a;
    HybridRun run = route_run(c, m->route, w);
    /* The job joins its workload's started list (sh) only once placed, so
     * that release() never passes over it before it has a start. */
    a[idx] = MARK;
    m->tl[w]++;
    if (run == RUN_CLOUD || m->cap <= 0 || c->g[w] > m->cap)
        m->sh[w] = m->tl[w];
    if (run == RUN_CLOUD) {
        if (!m->rel) {
            m->cloud[w]++;
            demand_add(m, w, t);
        }
        return;
    }
    if (m->cap <= 0 || c->g[w] > m->cap) {
        if (m->cap > 0)
            m->too_big[w] = true;
        divert(m, w, t);
        demand_add(m, w, t);
        return;
    }
    int64_t cand = t > m->last_start ? t : m->last_start;
    if (run == RUN_BURST && cand - t > c->wait_ok[w]) {
        m->sh[w] = m->tl[w];
        divert(m, w, t);
        demand_add(m, w, t);
        return;
    }
    release(m, cand);
    if (m->free < c->g[w]) {
        if (run == RUN_BURST) {
            /* Look ahead without taking anything: the end that frees
             * enough GPUs, unless one beyond the limit comes first. */
            bool late = false;
            size_t rp[W_MAX];
            memcpy(rp, m->rh, c->nw * sizeof *rp); /* next_end reads nw */
            int64_t f = m->free, e = cand;
            while (!late && f < c->g[w]) {
                size_t who = 0;
                e = next_end(m, rp, &who);
                if (e - t > c->wait_ok[w])
                    late = true;
                f += c->g[who];
                rp[who]++;
            }
            if (late) {
                m->sh[w] = m->tl[w];
                divert(m, w, t);
                demand_add(m, w, t);
                return;
            }
            if (e > cand)
                cand = e;
            release(m, cand);
        } else {
            while (m->free < c->g[w]) {
                size_t rp[W_MAX], who = 0;
                memcpy(rp, m->rh, c->nw * sizeof *rp);
                cand = next_end(m, rp, &who);
                release(m, cand);
            }
        }
    }
    a[idx] = cand;
    m->sh[w] = m->tl[w];
    m->last_start = cand;
    if (cand + c->dur[w] < m->min_end)
        m->min_end = cand + c->dur[w];
    m->free -= c->g[w];
    m->busy += contrib(c, w, cand) - (m->rel ? contrib(c, w, t) : 0);
    int64_t wait = cand - t;
    if (wait > 0 && cand + c->dur[w] > m->dev_end)
        m->dev_end = cand + c->dur[w];
    if (m->stats) {
        m->sc->waits[c->off[w] + m->nwait[w]++] = wait;
        m->wait_sum[w] += wait;
    }
}

/* The jobs not yet submitted in a strict-order run whose last start is
 * past the period by more than every burst limit (run_fifo): none adds
 * busy time inside the period; the burst ones, and any too big for the
 * cluster, go to the cloud. Relative figures take out what the unlimited
 * cluster counted for them. */
static void finish_settled(Sim *m)
{
    const HybridCtx *c = m->c;
    for (size_t w = 0; w < c->nw; w++) {
        HybridRun run = route_run(c, m->route, w);
        if (run == RUN_CLOUD)
            continue;
        size_t count = c->off[w + 1] - c->off[w], k0 = m->tl[w];
        if (k0 >= count)
            continue;
        size_t left = count - k0;
        if (run == RUN_BURST || c->g[w] > m->cap) {
            m->cloud[w] += left;
            if (c->g[w] > m->cap && m->cap > 0)
                m->too_big[w] = true;
        }
        if (!m->rel)
            continue;
        /* Their unlimited-cluster GPU-minutes inside the period: dur each,
         * less what runs past the end for those submitted in its last dur
         * minutes. */
        const int32_t *v = m->sc->wsub + c->off[w];
        int64_t minutes = (int64_t)left * c->dur[w];
        size_t tail = lower_bound(v, count, c->period - c->dur[w] + 1);
        for (size_t k = tail > k0 ? tail : k0; k < count; k++)
            minutes -= (int64_t)v[k] + c->dur[w] - c->period;
        m->busy -= c->g[w] * minutes;
        m->tl[w] = count;
    }
}

/* Strict order from job i on; with stop, return at the first job of a
 * later minute by which every job that differs from the unlimited cluster
 * has ended (the first minute always has one). */
static size_t run_fifo(Sim *m, size_t i, bool stop)
{
    const HybridCtx *c = m->c;
    size_t first = i;
    bool burst[W_MAX];
    double longest = 0; /* the longest burst limit */
    for (size_t w = 0; w < c->nw; w++) {
        burst[w] = route_run(c, m->route, w) == RUN_BURST &&
                   c->g[w] <= m->cap && !m->stats;
        if (route_run(c, m->route, w) == RUN_BURST && c->limit[w] > longest)
            longest = c->limit[w];
    }
    /* Once the queue reaches past the period by more than every burst
     * limit, the rest is known (cost only): every later on-prem job starts
     * after the period, every burst job goes to the cloud. */
    double settled_d = (double)c->period + longest;
    int64_t settled = !m->cost_only || !(settled_d < 0x1p62)
                          ? INT64_MAX
                          : (int64_t)ceil(settled_d);
    for (; i < m->n; i++) {
        if (m->last_start >= settled) {
            finish_settled(m);
            return m->n;
        }
        uint32_t key = m->jobs[i];
        int64_t t = job_minute(key);
        if (stop && t >= m->dev_end && i > first &&
            t != job_minute(m->jobs[i - 1]))
            break;
        if ((i & 1023) == 0 && cancelled(m->sc)) {
            m->cancelled = true;
            return m->n;
        }
        /* The common case of an overloaded cluster, inline: a burst job
         * behind a queue longer than its limit goes to the cloud. */
        size_t w = key & 31;
        if (burst[w] && m->last_start - t > c->wait_ok[w]) {
            m->tl[w]++;
            m->sh[w] = m->tl[w];
            m->sc->a[c->off[w] + m->tl[w] - 1] = MARK;
            divert(m, w, t);
            continue;
        }
        submit_fifo(m, key);
    }
    return i;
}

/* Run events from job i on. With stop, return once the schedule meets the
 * unlimited cluster's again; else run to the end. Returns the next job. */
static size_t run_events(Sim *m, size_t i, bool stop)
{
    HybridScratch *sc = m->sc;
    const HybridCtx *c = m->c;
    size_t n = m->n;
    for (size_t events = 0;; events++) {
        if ((events & 1023) == 0 && cancelled(sc)) {
            m->cancelled = true;
            return n;
        }
        int64_t nsub = i < n ? job_minute(m->jobs[i]) : NEVER;
        int64_t t;
        if (m->queued == 0) {
            if (i >= n)
                break;
            t = nsub;
        } else {
            size_t rp[W_MAX], who = 0;
            memcpy(rp, m->rh, sizeof rp);
            int64_t e = next_end(m, rp, &who);
            t = nsub < e ? nsub : e;
            if (m->cost_only && i >= n && t >= c->period) {
                /* Later starts add nothing inside the period; take out
                 * what the baseline counted for the jobs still queued. */
                if (m->rel)
                    for (size_t w = 0; w < c->nw; w++)
                        for (size_t k = m->sh[w]; k < m->tl[w]; k++)
                            if (sc->a[c->off[w] + k] != MARK)
                                m->busy -= contrib(c, w, sc->a[c->off[w] + k]);
                break;
            }
        }
        release(m, t);
        while (i < n && job_minute(m->jobs[i]) == t)
            submit(m, m->jobs[i++]);
        schedule(m, t);
        if (stop && m->queued == 0 && t >= m->dev_end)
            break;
    }
    return i;
}

/* The state of the unlimited cluster just before the submissions of minute
 * t, whose first job is i0. */
static void state_at(Sim *m, int64_t t)
{
    const HybridCtx *c = m->c;
    m->free = m->cap;
    m->queued = 0;
    m->dev_end = INT64_MIN;
    m->last_start = t;
    m->min_end = INT64_MIN; /* release() works it out */
    for (size_t w = 0; w < c->nw; w++) {
        const int32_t *v = m->sc->wsub + c->off[w];
        size_t count = c->off[w + 1] - c->off[w];
        size_t before = lower_bound(v, count, t);
        m->tl[w] = m->sh[w] = before;
        m->qn[w] = 0;
        if (route_run(c, m->route, w) == RUN_CLOUD) {
            m->rh[w] = before;
            continue;
        }
        size_t lo = lower_bound(v, count, t - c->dur[w] + 1);
        m->rh[w] = lo;
        int64_t *a = m->sc->a + c->off[w];
        for (size_t k = lo; k < before; k++)
            a[k] = v[k];
        m->free -= c->g[w] * (int64_t)(before - lo);
    }
}

/* Reorder v[0..n) (n > 0) so that v[k] holds the value a sort would put
 * there (quickselect); return it. */
static int64_t select_kth(int64_t *v, size_t n, size_t k)
{
    size_t lo = 0, hi = n - 1;
    while (lo < hi) {
        int64_t pivot = v[lo + (hi - lo) / 2];
        size_t i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot)
                i++;
            while (v[j] > pivot)
                j--;
            if (i <= j) {
                int64_t x = v[i];
                v[i] = v[j];
                v[j] = x;
                i++;
                if (j == 0)
                    break;
                j--;
            }
        }
        if (k <= j)
            hi = j;
        else if (k >= i)
            lo = i;
        else
            break;
    }
    return v[k];
}

/* Nearest-rank 95th percentile of n waits of which the n - e not listed in
 * v[0..e) are 0. v is reordered. */
static double p95_waits(int64_t *v, size_t e, size_t n)
{
    size_t rank = (size_t)ceil(0.95 * (double)n);
    if (rank < 1)
        rank = 1;
    size_t zeros = n - e;
    if (rank <= zeros)
        return 0;
    return (double)select_kth(v, e, rank - zeros - 1);
}

/* M_onprem(u) of DESIGN 2.1 at `nodes` nodes, through the engine. */
static double onprem_cost(HybridScratch *sc, double nodes, double u)
{
    if (nodes <= 0)
        return 0;
    CostResult cr;
    double pct = u * 100;
    sc->onprem.hardware.nodes = nodes;
    sc->onprem.utilization.measured_pct = pct < 0 ? 0 : pct > 100 ? 100 : pct;
    cost_evaluate(&sc->onprem, &cr);
    return cr.option[OPT_ONPREM].monthly;
}

/* Money of a run whose cloud job counts are cloud[] (DESIGN 6). */
static void cloud_figures(const HybridCtx *c, const size_t *cloud,
                          HybridSimStats *st)
{
    double gh[2] = {0, 0}, money[2] = {0, 0};
    size_t jobs = 0;
    for (size_t w = 0; w < c->nw; w++) {
        gh[c->mode[w]] += (double)cloud[w] * c->gh[w];
        money[c->mode[w]] += (double)cloud[w] * c->gh[w] * c->price[w];
        jobs += cloud[w];
        st->workload[w].cloud_jobs = cloud[w];
    }
    for (int m = 0; m < 2; m++) {
        st->cloud_gpu_hours[m] = gh[m] * c->scale;
        st->cloud_compute[m] = money[m] * c->premium * c->scale;
    }
    st->cloud_jobs = jobs;
    st->fixed_monthly = jobs > 0 ? c->fixed : 0;
    st->cloud_monthly =
        st->cloud_compute[0] + st->cloud_compute[1] + st->fixed_monthly;
}

/* One run at `nodes` nodes into *st. stats: waits, late jobs and (plan
 * routing) the commitment's demand in sc->minutes; cost_only: the figures
 * the optimizer needs. base must be the baseline of `route`. */
static void sim_run(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
                    int64_t nodes, Routing route, bool stats, bool cost_only,
                    HybridSimStats *st)
{
    memset(st, 0, sizeof *st);
    Sim m;
    memset(&m, 0, sizeof m);
    m.c = c;
    m.sc = sc;
    m.route = route;
    m.rel = !(sc->test_mode & HYBRID_TEST_WHOLE);
    m.stats = stats;
    m.cost_only = cost_only && !stats;
    m.backfill = c->p->backfill;
    m.cap = nodes * c->gpn;
    m.free = m.cap;
    m.dev_end = INT64_MIN;
    m.min_end = NEVER;
    if (stats && route == ROUTE_PLAN)
        memset(sc->minutes, 0, ((size_t)c->period + 1) * sizeof *sc->minutes);
    bool fifo = !m.backfill && !(sc->test_mode & HYBRID_TEST_EVENTS);
    int prio = INT32_MIN;
    for (size_t w = 0; w < c->nw; w++)
        if (route_run(c, route, w) != RUN_CLOUD) {
            if (prio != INT32_MIN && c->prio[w] != prio)
                fifo = false;
            prio = c->prio[w];
        }
    m.jobs = sc->rjobs;
    m.n = base->n;
    /* `cloud` jobs are the same at every size: counted from the baseline. */
    if (stats && route == ROUTE_PLAN)
        for (size_t i = 0; i < sc->count; i++) {
            size_t w = sc->jobs[i] & 31;
            if (route_run(c, route, w) == RUN_CLOUD)
                demand_add(&m, w, job_minute(sc->jobs[i]));
        }
    for (size_t w = 0; w < c->nw; w++)
        m.cloud[w] = base->cloud[w];
    if (!m.rel) {
        if (fifo)
            run_fifo(&m, 0, false);
        else
            run_events(&m, 0, false);
    } else {
        size_t i = 0, n = m.n;
        if (base->peak <= m.cap)
            i = n;
        for (;;) {
            while (i < n && sc->use[i] <= m.cap)
                i++;
            if (i >= n)
                break;
            int64_t t = job_minute(m.jobs[i]);
            while (i > 0 && job_minute(m.jobs[i - 1]) == t)
                i--;
            state_at(&m, t);
            /* The first job of the minute always differs, so i moves on. */
            size_t first = i;
            i = fifo ? run_fifo(&m, i, true) : run_events(&m, i, true);
            if (i == first && !m.cancelled)
                abort();
        }
        m.busy += base->busy;
    }

    st->cancelled = m.cancelled;
    /* Money and GPU-hours, scaled to a month (DESIGN 6). */
    const HybridPlan *p = c->p;
    st->workload_count = c->nw;
    st->onprem_nodes = (double)nodes;
    st->onprem_gpus = (double)m.cap;
    st->jobs = sc->count;
    const double period_hours = p->days * 24;
    st->busy_gpu_hours_period = (double)m.busy / 60;
    st->utilization =
        m.cap > 0 ? st->busy_gpu_hours_period / ((double)m.cap * period_hours)
                  : 0;
    st->onprem_gpu_hours = st->busy_gpu_hours_period * c->scale;
    st->onprem_monthly = onprem_cost(sc, (double)nodes, st->utilization);
    cloud_figures(c, m.cloud, st);
    st->total_monthly = st->onprem_monthly + st->cloud_monthly;

    for (size_t w = 0; w < c->nw; w++) {
        HybridWorkloadStats *ws = &st->workload[w];
        ws->jobs = c->off[w + 1] - c->off[w];
        ws->too_big = m.too_big[w];
        ws->late_jobs = m.late[w];
        ws->backfilled = m.backfilled[w];
        st->late_jobs += m.late[w];
        st->backfilled_jobs += m.backfilled[w];
        size_t on = ws->jobs - ws->cloud_jobs;
        if (!stats || on == 0) {
            ws->wait_mean = ws->wait_p95 = NAN;
            continue;
        }
        ws->wait_mean = (double)m.wait_sum[w] / (double)on;
        ws->wait_p95 = p95_waits(sc->waits + c->off[w], m.nwait[w], on);
    }
}

/* Constants of one call; copies s into the scratch for M_onprem. */
static void ctx_init(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->p = p;
    c->nw = p->workload_count;
    c->period = plan_period(p);
    c->scale = s->hours_per_month / (p->days * 24);
    c->gpn = (int64_t)llround(s->hardware.gpus_per_node);
    c->premium = 1 + s->cloud.managed_premium_pct / 100;
    const double goodput[2] = {1, s->cloud.spot_goodput_pct / 100};
    const double idle_h = p->cloud_idle_minutes / 60;
    for (size_t w = 0; w < c->nw; w++) {
        const HybridWorkload *wl = &p->workloads[w];
        double m = llround(wl->hours * 60);
        c->dur[w] = m < 1 ? 1 : (int64_t)m;
        c->g[w] = (int64_t)llround(wl->gpus);
        c->prio[w] = (int)llround(wl->priority);
        c->limit[w] = hybrid_workload_max_wait(p, wl);
        /* For whole minutes x, x > limit exactly when x > wait_ok. */
        double lim = c->limit[w];
        c->wait_ok[w] = isnan(lim) || lim >= 0x1p62  ? INT64_MAX
                        : lim <= -0x1p62             ? INT64_MIN
                                                     : (int64_t)floor(lim);
        c->target[w] = wl->run == RUN_BURST || wl->has_max_wait;
        /* In the cloud (DESIGN 6): gpus x (hours / g + idle / 60) GPU-hours
         * at its cloud_gpu_hour or its mode's price; `onprem` jobs run
         * on-demand. */
        HybridCloudMode mode =
            wl->run == RUN_ONPREM ? MODE_ON_DEMAND : wl->cloud_mode;
        c->mode[w] = mode;
        c->gh[w] = (double)c->g[w] * (wl->hours / goodput[mode] + idle_h);
        c->price[w] = hybrid_workload_price(s, wl);
        c->od_demand[w] = mode == MODE_ON_DEMAND && !wl->has_cloud_price;
        double bm = llround(wl->hours * 60 + p->cloud_idle_minutes);
        c->bill_minutes[w] = bm < 1 ? 1 : (int64_t)bm;
    }
    /* K (DESIGN 2.2): the fixed lines of the on-demand option. */
    CostResult cr;
    cost_evaluate(s, &cr);
    const double *l = cr.option[OPT_ON_DEMAND].line;
    c->fixed = l[LINE_EGRESS] + l[LINE_STORAGE] + l[LINE_STAFF] +
               l[LINE_OTHER] + l[LINE_OPPORTUNITY];
    sc->onprem = *s;
}

int hybrid_simulate(const Scenario *s, const HybridPlan *p,
                    double onprem_nodes, HybridSimStats *out,
                    HybridScratch *scratch)
{
    memset(out, 0, sizeof *out);
    if (p->workload_count > W_MAX)
        abort();
    HybridCtx c;
    ctx_init(&c, s, p, scratch);
    int rc = stream_build(&c, scratch);
    if (rc == 2) {
        out->cancelled = true;
        return 2;
    }
    if (rc != 0)
        return rc;
    Baseline base;
    baseline_build(&c, scratch, ROUTE_PLAN, &base);
    sim_run(&c, scratch, &base, (int64_t)llround(onprem_nodes), ROUTE_PLAN,
            true, false, out);
    return out->cancelled ? 2 : 0;
}

/* ---- evaluation ------------------------------------------------------ */

/* Copy at most max_chars UTF-8 characters of src into dst (size n). */
static void utf8_prefix(char *dst, size_t n, const char *src, size_t max_chars)
{
    size_t i = 0, chars = 0;
    while (src[i] != '\0') {
        size_t len = 1;
        while (((unsigned char)src[i + len] & 0xC0) == 0x80)
            len++;
        if (chars == max_chars || i + len >= n)
            break;
        i += len;
        chars++;
    }
    memcpy(dst, src, i);
    dst[i] = '\0';
}

static void result_warn(HybridResult *r, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

static void result_warn(HybridResult *r, const char *fmt, ...)
{
    if (r->warning_count >= HYBRID_MAX_WARNINGS)
        abort(); /* hybrid.h: there is room for every warning */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->warnings[r->warning_count], HYBRID_WARNING_BYTES, fmt, ap);
    va_end(ap);
    r->warning_count++;
}

/* The commitment from the plan's on-demand demand in sc->minutes (DESIGN 6):
 * the newsvendor fractile, its bill and saving. */
static void commit_figures(const HybridCtx *c, HybridScratch *sc,
                           const HybridSimStats *st, HybridResult *r)
{
    const Scenario *s = c->s;
    int64_t *d = sc->minutes;
    size_t n = (size_t)c->period;
    int64_t run = 0, total = 0;
    for (size_t t = 0; t < n; t++) {
        run += d[t];
        d[t] = run;
        total += run;
    }
    double od = s->cloud.on_demand_gpu_hour, rs = s->cloud.reserved_gpu_hour;
    int64_t gpus = 0;
    if (od > 0 && rs < od && n > 0 && total > 0) {
        /* Smallest N with share(demand > N) <= rs / od: at most k minutes
         * above N, so N is the (n - k)-th smallest minute. */
        size_t k = (size_t)floor(rs / od * (double)n);
        if (k < n)
            gpus = select_kth(d, n, n - k - 1);
    }
    int64_t over = 0;
    for (size_t t = 0; t < n; t++)
        if (d[t] > gpus)
            over += d[t] - gpus;
    double hours = (double)n / 60;
    double bill0 = (double)total / 60 * od;
    double billn = (double)gpus * hours * rs + (double)over / 60 * od;
    double saving = (bill0 - billn) * c->premium * c->scale;
    r->commit.gpus = (double)gpus;
    r->commit.saving_monthly = saving;
    r->commit.monthly = st->cloud_compute[MODE_ON_DEMAND] - saving;
}

int hybrid_evaluate(const Scenario *s, const HybridPlan *p, HybridResult *r,
                    HybridScratch *sc)
{
    HybridCtx c;
    HybridSimStats st;
    memset(r, 0, sizeof *r);
    if (p->workload_count > W_MAX)
        abort();
    ctx_init(&c, s, p, sc);
    int rc = stream_build(&c, sc);
    if (rc == 2) {
        r->cancelled = true;
        return 2;
    }
    if (rc == -1) {
        hybrid_check_jobs(p, r->warnings[0], HYBRID_WARNING_BYTES);
        r->warning_count = 1;
        return -1;
    }
    if (rc != 0) {
        result_warn(r, "not enough memory to simulate %zu jobs",
                    c.off[c.nw]);
        return -2;
    }
    Baseline base;
    baseline_build(&c, sc, ROUTE_PLAN, &base);

    /* The plan itself. */
    int64_t plan_nodes = (int64_t)llround(p->onprem_nodes);
    sim_run(&c, sc, &base, plan_nodes, ROUTE_PLAN, true, false, &st);
    if (st.cancelled) {
        r->cancelled = true;
        return 2;
    }
    r->onprem_nodes = (double)plan_nodes;
    r->onprem.gpu_hours = st.onprem_gpu_hours;
    r->onprem.utilization_pct = st.utilization * 100;
    r->onprem.monthly = st.onprem_monthly;
    r->cloud.on_demand.gpu_hours = st.cloud_gpu_hours[MODE_ON_DEMAND];
    r->cloud.on_demand.monthly = st.cloud_compute[MODE_ON_DEMAND];
    r->cloud.spot.gpu_hours = st.cloud_gpu_hours[MODE_SPOT];
    r->cloud.spot.monthly = st.cloud_compute[MODE_SPOT];
    r->cloud.fixed_monthly = st.fixed_monthly;
    r->cloud.monthly = st.cloud_monthly;
    r->total_monthly = st.total_monthly;
    r->workload_count = p->workload_count;
    r->backfilled_jobs = (double)st.backfilled_jobs;
    r->late_jobs = (double)st.late_jobs;
    commit_figures(&c, sc, &st, r);
    char name[4 * 40 + 1];
    for (size_t k = 0; k < p->workload_count; k++) {
        const HybridWorkloadStats *ws = &st.workload[k];
        HybridWorkloadResult *wr = &r->workloads[k];
        memcpy(wr->name, p->workloads[k].name, sizeof wr->name);
        wr->jobs = (double)ws->jobs;
        wr->to_cloud_pct =
            ws->jobs ? 100.0 * (double)ws->cloud_jobs / (double)ws->jobs : 0;
        wr->wait_mean_minutes = ws->wait_mean;
        wr->wait_p95_minutes = ws->wait_p95;
        wr->late_jobs = (double)ws->late_jobs;
        utf8_prefix(name, sizeof name, p->workloads[k].name, 40);
        if (ws->too_big)
            result_warn(r,
                 "workload '%s': a job needs %.0f GPUs, more than the %.0f "
                 "on-prem GPUs; its jobs run in the cloud",
                 name, p->workloads[k].gpus, st.onprem_gpus);
        if (ws->jobs == 0)
            result_warn(r, "workload '%s': no jobs in the simulated period", name);
    }
    if (s->constraints.compliance_forbids_cloud && st.cloud_jobs > 0)
        result_warn(r,
             "compliance forbids the cloud, yet %zu of %zu jobs run there in "
             "this plan",
             st.cloud_jobs, st.jobs);

    /* The main view's utilization against the simulated one (DESIGN 6). */
    int64_t fleet = (int64_t)llround(s->hardware.nodes);
    if (fleet > 0) {
        HybridSimStats fs;
        const HybridSimStats *at = &st;
        if (fleet != plan_nodes) {
            sim_run(&c, sc, &base, fleet, ROUTE_PLAN, false, true, &fs);
            if (fs.cancelled) {
                r->cancelled = true;
                return 2;
            }
            at = &fs;
        }
        double sim_pct = at->utilization * 100;
        double gap = sim_pct - s->utilization.measured_pct;
        if (fabs(gap) > 10)
            result_warn(r,
                 "at hardware.nodes (%lld) the simulated on-prem utilization "
                 "is %.0f%%, %.0f points %s utilization.measured_pct (%g%%) "
                 "that the main view uses",
                 (long long)fleet, sim_pct, fabs(gap),
                 gap > 0 ? "above" : "below", s->utilization.measured_pct);
    }

    /* All cloud: every job at its cloud_mode, `onprem` jobs on-demand. */
    size_t all[W_MAX];
    for (size_t w = 0; w < c.nw; w++)
        all[w] = c.off[w + 1] - c.off[w];
    HybridSimStats cs;
    memset(&cs, 0, sizeof cs);
    cloud_figures(&c, all, &cs);
    r->all_cloud.monthly = cs.cloud_monthly;
    if (sc->plan_ready)
        sc->plan_ready(sc->progress_arg, r);

    /* All on-prem: the smallest node count >= the plan's that holds the
     * largest job and keeps every wait target. A cluster that holds the
     * unlimited cluster's peak makes every wait 0, so the search ends. */
    Baseline ao;
    baseline_build(&c, sc, ROUTE_ALL_ONPREM, &ao);
    int64_t need = plan_nodes;
    bool any_target = false;
    for (size_t w = 0; w < c.nw; w++) {
        if (c.off[w + 1] > c.off[w] && c.gpn > 0) {
            int64_t k = (c.g[w] + c.gpn - 1) / c.gpn;
            if (k > need)
                need = k;
        }
        any_target = any_target || c.target[w];
    }
    /* Progress steps: the plan, each size the search tries, each size of
     * the optimizer. Until the search ends, its last possible size (the
     * peak's) bounds both counts. */
    int64_t n_max = need;
    if (any_target && c.gpn > 0 && (ao.peak + c.gpn - 1) / c.gpn > n_max)
        n_max = (ao.peak + c.gpn - 1) / c.gpn;
    size_t bound = 1 + (size_t)(n_max - need + 1) + (size_t)n_max + 1;
    int64_t n_all = need;
    for (;; n_all++) {
        bool full = n_all * c.gpn >= ao.peak;
        sim_run(&c, sc, &ao, n_all, ROUTE_ALL_ONPREM, any_target && !full,
                false, &st);
        if (st.cancelled) {
            r->cancelled = true;
            return 2;
        }
        progress(sc, 1 + (size_t)(n_all - need + 1), bound);
        if (!any_target || full)
            break;
        bool ok = true;
        for (size_t w = 0; w < c.nw && ok; w++)
            ok = !c.target[w] || isnan(st.workload[w].wait_p95) ||
                 st.workload[w].wait_p95 <= c.limit[w];
        if (ok)
            break;
    }
    r->all_onprem.nodes = (double)n_all;
    r->all_onprem.utilization_pct = st.utilization * 100;
    r->all_onprem.monthly = st.total_monthly;

    /* Optimizer: the plan at every size 0..n_all; a tie keeps fewer nodes. */
    baseline_build(&c, sc, ROUTE_PLAN, &base);
    size_t sizes = (size_t)n_all + 1;
    if (sizes > sc->by_nodes_capacity) {
        HybridNodesTotal *b = realloc(sc->by_nodes, sizes * sizeof *b);
        if (!b) {
            result_warn(r, "not enough memory to list %zu sizes", sizes);
            return -2;
        }
        sc->by_nodes = b;
        sc->by_nodes_capacity = sizes;
    }
    size_t searched = 1 + (size_t)(n_all - need + 1);
    r->optimum.onprem_nodes = 0;
    r->optimum.total_monthly = INFINITY;
    for (int64_t n = 0; n <= n_all; n++) {
        sim_run(&c, sc, &base, n, ROUTE_PLAN, false, true, &st);
        /* A size past the peak is priced without a simulation, so without
         * the simulation's own checks: look at the flag here too (DESIGN 7;
         * 100,000 such sizes take about 0.1 s). */
        if (st.cancelled || cancelled(sc)) {
            r->cancelled = true;
            return 2;
        }
        if (st.total_monthly < r->optimum.total_monthly) {
            r->optimum.onprem_nodes = (double)n;
            r->optimum.total_monthly = st.total_monthly;
        }
        sc->by_nodes[n].onprem_nodes = (double)n;
        sc->by_nodes[n].total_monthly = st.total_monthly;
        progress(sc, searched + (size_t)n + 1, searched + sizes);
    }
    r->by_nodes = sc->by_nodes;
    r->by_nodes_count = sizes;
    return 0;
}
