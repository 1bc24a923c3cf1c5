/* hybrid_run.c: one run of a hybrid plan at a node count (DESIGN 6).
 *
 * On a cluster with no limit every job starts at its submission. A run at
 * n nodes has exactly that schedule until the first job whose submission
 * would put more than n x gpus_per_node GPUs in use (`use`, computed once
 * per routing into the replay cache). From that minute (all of its
 * submissions) the run is simulated until the schedules meet again: no job
 * queued, and every job that waited or went to the cloud has ended in both
 * schedules, so the jobs running are the same ones. Then it skips to the
 * next such job. The figures are those of the unlimited cluster plus the
 * differences inside those stretches, in integers where they are sums, so
 * they equal those of a whole-period run bit for bit (a test runs both).
 * Sizes that hold the unlimited cluster's peak need no simulation at all.
 * A stream too long for the cache is read again and simulated whole.
 *
 * Waits are counted by whole minutes per workload, so their 95th
 * percentile needs no list of every wait. */
#include "config.h"

#include "hybrid_bound.h"
#include "hybrid_walk.h"

#include "cost.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Workload w's waits back to none counted (histogram and long waits). */
static void waits_clear(Sim *m, size_t w)
{
    HybridMem *mem = m->mem;
    if (m->nwait[w] > mem->long_n[w])
        memset(mem->hist[w], 0, (m->wait_top[w] + 1) * sizeof *mem->hist[w]);
    mem->long_n[w] = 0;
}

/* Nearest-rank 95th percentile of workload w's n on-prem waits, of which
 * those not counted (in the histogram or the long waits) are 0; clears
 * the counts. */
static double p95_waits(Sim *m, size_t w, size_t n)
{
    HybridMem *mem = m->mem;
    uint32_t *h = mem->hist[w];
    size_t rank = (size_t)ceil(0.95 * (double)n);
    if (rank < 1)
        rank = 1;
    size_t zeros = n - m->nwait[w];
    size_t seen = zeros;
    double p = 0;
    bool found = rank <= zeros;
    if (!found && m->nwait[w] > mem->long_n[w])
        for (size_t x = 1; x <= m->wait_top[w]; x++) {
            seen += h[x];
            if (seen >= rank) {
                p = (double)x;
                found = true;
                break;
            }
        }
    if (!found) /* among the long waits, all past the histogram's */
        p = (double)hybrid_select_kth(mem->long_waits[w], mem->long_n[w],
                                      rank - seen - 1);
    waits_clear(m, w);
    return p;
}

size_t hybrid_lower_bound_near(const int32_t *v, size_t n, int64_t x,
                               size_t near)
{
    size_t lo, hi, step = 1;
    if (near > n)
        near = n;
    if (near < n && (int64_t)v[near] < x) {
        /* v[0..lo] < x: gallop up; the answer is in (lo, hi] */
        lo = near;
        while (lo + step < n && (int64_t)v[lo + step] < x) {
            lo += step;
            step *= 2;
        }
        hi = lo + step < n ? lo + step : n;
        return lo + 1 + hybrid_lower_bound(v + lo + 1, hi - lo - 1, x);
    }
    /* v[hi..n) >= x: gallop down; the answer is in [lo, hi] */
    hi = near;
    while (hi >= step && (int64_t)v[hi - step] >= x) {
        hi -= step;
        step *= 2;
    }
    lo = hi >= step ? hi - step + 1 : 0;
    return lo + hybrid_lower_bound(v + lo, hi - lo, x);
}

/* Empty ring r of every end after `now`. */
static void ring_empty(Ring *r, int64_t now)
{
    for (int64_t t = now; (t = ring_next(r, t, now + r->mask)) != NEVER;)
        ring_take(r, t);
}

/* The run's rings and queues back to empty, for the next run. */
static void run_clean(Sim *m)
{
    ring_empty(&m->mem->ring, m->now);
    for (size_t k = 0; k < m->c->nc; k++)
        m->mem->queues[k].n = 0;
    m->mem->heads.n = 0;
    m->queued = 0;
    hybrid_walk_reset(m);
    hybrid_backwalk_drop(m);
}

/* The state of the unlimited cluster just before the submissions of minute
 * t (cached runs). */
static void state_at(Sim *m, int64_t t)
{
    const HybridCtx *c = m->c;
    HybridMem *mem = m->mem;
    run_clean(m);
    m->free = m->cap;
    m->dev_end = INT64_MIN;
    m->last_start = t;
    m->now = t;
    m->res_ok = false;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        const int32_t *v = mem->csub + mem->coff[k];
        /* (t only grows from one stretch to the next, and tl[k] is where
         * the last one stopped taking this class's jobs: the search
         * starts there) */
        size_t before = hybrid_lower_bound_near(v, cl->count, t, mem->tl[k]);
        mem->tl[k] = before;
        mem->xr[k] = t;
        mem->wsum[k] = 0;
        if (route_run(c, m->route, k) == RUN_CLOUD)
            continue;
        size_t lo = hybrid_lower_bound_near(v, before, t - cl->dur + 1, before);
        for (size_t i = lo; i < before; i++)
            ring_add(&mem->ring, v[i] + cl->dur, cl->g);
        m->free -= cl->g * (int64_t)(before - lo);
    }
    /* The running jobs where the last stretch stopped that differ from
     * the unlimited cluster's and still run (stretch_diff). */
    if (!m->d_any)
        return;
    Ring *r = &mem->ring;
    for (int64_t e = t + 1; e <= m->d_from + c->max_dur; e++) {
        int64_t g = mem->dd[e - m->d_from];
        if (g == 0)
            continue;
        size_t s = (size_t)(e & r->mask);
        r->v[s] += g;
        if (r->v[s] < 0)
            abort(); /* the run never holds fewer than no GPUs */
        if (r->v[s] != 0)
            r->bits[s >> 6] |= UINT64_C(1) << (s & 63);
        else
            r->bits[s >> 6] &= ~(UINT64_C(1) << (s & 63));
        m->free -= g;
    }
    if (m->free < 0 || m->free > m->cap)
        abort();
}

/* A strict-order stretch stopped at minute t, before its jobs, with
 * nothing queued. Its running jobs less the unlimited cluster's, by end
 * minute, into mem->dd (index e - t), and for each minute from t on the
 * GPUs it holds beyond the unlimited cluster's, or 0, into mem->dx, up to
 * t + max_dur (every job started by t has ended then). */
static void stretch_diff(Sim *m, int64_t t)
{
    const HybridCtx *c = m->c;
    HybridMem *mem = m->mem;
    Ring *r = &mem->ring;
    /* Every job started by t ends by t + max_dur; the ring holds ends in
     * (now, now + mask], now <= t. */
    int64_t size = c->max_dur + 1;
    int64_t last = t + c->max_dur < m->now + r->mask ? t + c->max_dur
                                                      : m->now + r->mask;
    memset(mem->dd, 0, (size_t)size * sizeof *mem->dd);
    for (int64_t e = t; (e = ring_next(r, e, last)) != NEVER;)
        mem->dd[e - t] += ring_at(r, e);
    for (size_t k = 0; k < c->nc; k++) {
        if (route_run(c, m->route, k) == RUN_CLOUD)
            continue;
        const HybridClass *cl = &c->cls[k];
        const int32_t *v = mem->csub + mem->coff[k];
        size_t before = hybrid_lower_bound_near(v, cl->count, t, mem->tl[k]);
        size_t lo = hybrid_lower_bound_near(v, before, t - cl->dur + 1, before);
        for (size_t i = lo; i < before; i++)
            mem->dd[v[i] + cl->dur - t] -= cl->g;
    }
    int64_t sum = 0;
    m->d_from = m->d_hi = t;
    m->d_last = INT64_MIN;
    m->d_any = false;
    for (int64_t j = size - 1; j >= 0; j--) {
        mem->dx[j] = sum > 0 ? sum : 0;
        if (sum > 0 && m->d_hi == t)
            m->d_hi = t + j + 1;
        sum += mem->dd[j];
        if (mem->dd[j] != 0 && !m->d_any)
            m->d_last = t + j;
        m->d_any = m->d_any || mem->dd[j] != 0;
    }
}

/* After a strict-order stretch stopped at minute t: what its running jobs
 * differ by. When the stop came by the first rule (every job that differed
 * in this stretch, dev_end, and every one carried into it, d_last, has
 * ended by t), nothing differs, and there is nothing to count: the plain
 * stretches of a small plan pay nothing for the early stops. */
static void stretch_end(Sim *m, int64_t t)
{
    if (t >= m->dev_end && (!m->d_any || t >= m->d_last)) {
        m->d_from = m->d_hi = t;
        m->d_last = INT64_MIN;
        m->d_any = false;
        return;
    }
    stretch_diff(m, t);
}

/* From job i on, the first whose submission puts more GPUs in use than
 * the run has: on the unlimited cluster, plus what the run holds beyond
 * it where the last stretch stopped (mem->dx). The jobs before it start
 * at their submission in the run too. */
static size_t next_binding(const Sim *m, size_t i, size_t n)
{
    const HybridMem *mem = m->mem;
    for (; i < n && m->d_hi > m->d_from; i++) {
        int64_t t = key_minute(mem->rkeys[i]);
        if (t >= m->d_hi)
            break;
        if (mem->use[i] > m->cap - mem->dx[t - m->d_from])
            return i;
    }
    while (i < n && mem->use[i] <= m->cap)
        i++;
    return i;
}

bool hybrid_run_strict(const HybridCtx *c, const HybridScratch *sc,
                       Routing route)
{
    if (c->p->backfill || (sc->test_mode & HYBRID_TEST_EVENTS))
        return false;
    int prio = INT32_MIN;
    for (size_t k = 0; k < c->nc; k++) {
        if (route_run(c, route, k) == RUN_CLOUD)
            continue;
        if (prio != INT32_MIN && c->cls[k].prio != prio)
            return false;
        prio = c->cls[k].prio;
    }
    return true;
}

/* A run from its start; true when strict order with one priority allows
 * placing each job at its submission. */
static bool run_setup(Sim *m, const HybridCtx *c, HybridScratch *sc,
                      const Baseline *base, int64_t nodes, bool stats,
                      bool cost_only)
{
    HybridMem *mem = sc->mem;
    Routing route = base->route;
    memset(m, 0, sizeof *m);
    m->c = c;
    m->sc = sc;
    m->mem = mem;
    m->route = route;
    m->rel = base->reuse;
    m->stats = stats;
    m->cost_only = cost_only && !stats;
    m->backfill = c->p->backfill;
    m->predict_backfill = m->backfill; /* DESIGN 6.4 */
    m->cap = nodes * c->gpn;
    m->free = m->cap;
    m->dev_end = INT64_MIN;
    if (stats && route == ROUTE_PLAN) {
        memset(mem->minutes, 0, mem->minutes_dirty * sizeof *mem->minutes);
        mem->minutes_dirty = 0;
    }
    bool fifo = hybrid_run_strict(c, sc, route);
    mem->vheads.n = 0;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        HybridRun run = route_run(c, route, k);
        bool cached_cloud = run == RUN_CLOUD && mem->cached;
        mem->cloud[k] = cached_cloud ? cl->count : 0;
        mem->unserved[k] = 0;
        mem->tl[k] = 0;
        mem->xr[k] = 0;
        mem->wsum[k] = 0;
        mem->vpos[k] = 0;
        mem->vlast[k] = INT64_MIN;
        mem->vheads.pos[k] = UINT32_MAX;
        if (run != RUN_BURST)
            continue;
        /* Burst classes with the same limit share a window. */
        size_t i = 0;
        while (i < m->nburst && c->cls[mem->burst[i]].wait_ok != cl->wait_ok)
            i++;
        if (i == m->nburst)
            mem->burst[m->nburst++] = k;
        mem->win[k] = mem->burst[i];
    }
    hybrid_walk_setup(m);
    hybrid_backwalk_setup(m);
    /* `cloud` jobs are the same at every size: counted from the cache
     * (a streamed run counts them as they come). */
    if (stats && route == ROUTE_PLAN && mem->cached)
        for (size_t i = 0; i < c->count; i++) {
            size_t k = key_class(mem->keys[i]);
            if (route_run(c, route, k) == RUN_CLOUD)
                demand_add(m, k, key_minute(mem->keys[i]));
        }
    return fifo;
}

/* True when the optimizer's run m may stop: the jobs it has sent to the
 * cloud stay there, so its total is at least the bound with them known
 * (hybrid_bound_at), and the least total found is below that by more than
 * rounding (DESIGN 6.6). Sets m->gave_up to the bound. */
static bool give_up(Sim *m)
{
    if (!(m->least > 0))
        return false;
    double lb = hybrid_bound_at(m->c, m->sc, m->sb, m->mem->cloud);
    if (!cost_less(m->least, lb))
        return false;
    m->gave_up = lb;
    return true;
}

/* Simulate only the stretches where the size binds. */
static void run_stretches(Sim *m, const Baseline *base, bool fifo)
{
    HybridMem *mem = m->mem;
    size_t i = 0, n = base->n;
    if (base->peak <= m->cap)
        i = n;
    m->feed.keys = mem->rkeys;
    m->feed.len = n;
    for (;;) {
        i = next_binding(m, i, n);
        if (i >= n)
            break;
        int64_t t = key_minute(mem->rkeys[i]);
        while (i > 0 && key_minute(mem->rkeys[i - 1]) == t)
            i--;
        state_at(m, t);
        m->feed.pos = i;
        if (fifo)
            hybrid_run_fifo(m, true);
        else
            hybrid_run_events(m, true);
        if (m->cancelled)
            break;
        /* The first job of the minute always differs, so i moves on. */
        if (m->feed.pos == i)
            abort();
        i = m->feed.pos;
        if (m->sb && give_up(m))
            return;
        if (m->missed)
            return;
        if (fifo && i < n)
            stretch_end(m, key_minute(mem->rkeys[i]));
    }
    m->busy += base->busy;
    m->carried += base->carried;
}

/* The whole period: from the cache's on-prem jobs, or from the source
 * read again. Returns 0, or -1 when the source failed. */
static int run_whole(Sim *m, const Baseline *base, bool fifo)
{
    HybridMem *mem = m->mem;
    if (mem->cached) {
        m->feed.keys = mem->rkeys;
        m->feed.len = base->n;
    } else {
        if (mem->source.rewind(mem->source.state, m->diag) != 0)
            return -1;
        m->feed.more = true;
        m->feed.all = true;
    }
    if (fifo)
        hybrid_run_fifo(m, false);
    else
        hybrid_run_events(m, false);
    return m->feed.error ? -1 : 0;
}

/* The figures of a finished run m at `nodes` nodes into *st. */
static void run_figures(Sim *m, int64_t nodes, HybridSimStats *st)
{
    const HybridCtx *c = m->c;
    HybridScratch *sc = m->sc;
    st->cancelled = m->cancelled;
    /* Money and GPU-hours, scaled to a month (DESIGN 6). */
    st->workload_count = c->nw;
    st->onprem_nodes = (double)nodes;
    st->onprem_gpus = (double)m->cap;
    st->jobs = c->count;
    const double period_hours = c->p->days * 24;
    st->busy_gpu_hours_period = (double)m->busy / 60;
    st->utilization =
        m->cap > 0 ? st->busy_gpu_hours_period / ((double)m->cap * period_hours)
                   : 0;
    st->onprem_gpu_hours = st->busy_gpu_hours_period * c->scale;
    st->onprem_monthly = hybrid_onprem_cost(sc, (double)nodes, st->utilization);
    hybrid_cloud_figures(c, m->mem->cloud, st);
    hybrid_unserved_figures(c, m->mem->cloud, m->mem->unserved, st);
    st->onprem_gpu_minutes = m->busy;
    st->carried_gpu_minutes = m->carried;
    st->total_monthly =
        st->onprem_monthly + st->cloud_monthly + st->unserved_monthly;

    for (size_t w = 0; w < c->nw; w++) {
        HybridWorkloadStats *ws = &st->workload[w];
        ws->jobs = c->jobs[w];
        ws->too_big = m->too_big[w];
        ws->late_jobs = m->late[w];
        ws->backfilled = m->backfilled[w];
        st->late_jobs += m->late[w];
        st->backfilled_jobs += m->backfilled[w];
        /* Waits are over the jobs that queue on-prem: those that start in
         * the period and those that start after it (unserved). */
        size_t on = ws->jobs - ws->cloud_jobs;
        if (!m->stats || on == 0) {
            ws->wait_mean = ws->wait_p95 = NAN;
            continue;
        }
        ws->wait_mean = (double)m->wait_sum[w] / (double)on;
        ws->wait_p95 = p95_waits(m, w, on);
    }
}

/* For each workload with a wait target, how many of its waits over the
 * limit miss the target for certain at `nodes` nodes, all on-prem: its
 * jobs there (those too big for the cluster go to the cloud) are n, the
 * 95th percentile is the r-th smallest wait (r = ceil(0.95 n)), so n - r
 * + 1 waits over the limit put it over. 0: none (no target, no job). */
static void targets_miss_at(Sim *m, int64_t nodes)
{
    const HybridCtx *c = m->c;
    size_t on[W_MAX] = {0};
    for (size_t k = 0; k < c->nc; k++)
        if (c->cls[k].g <= nodes * c->gpn)
            on[c->cls[k].w] += c->cls[k].count;
    for (size_t w = 0; w < c->nw; w++) {
        size_t rank = (size_t)ceil(0.95 * (double)on[w]);
        if (rank < 1)
            rank = 1;
        m->miss_at[w] = c->target[w] && on[w] > 0 ? on[w] - rank + 1 : 0;
    }
}

/* hybrid_run, hybrid_run_below when sb is not NULL, hybrid_run_targets
 * when targets is set. */
static int run_size(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
                    int64_t nodes, Routing route, bool stats, bool cost_only,
                    const SizeBound *sb, double least, double *bound,
                    bool targets, HybridSimStats *st, Diag *d)
{
    memset(st, 0, sizeof *st);
    if (base->route != route)
        abort(); /* the caller passed another routing's baseline */
    Sim m;
    bool fifo = run_setup(&m, c, sc, base, nodes, stats, cost_only);
    diag_clear(d, NULL);
    m.diag = d;
    m.sb = sb;
    m.least = least;
    m.gave_up = NAN;
    if (targets)
        targets_miss_at(&m, nodes);
    int rc = 0;
    if (base->reuse)
        run_stretches(&m, base, fifo);
    else
        rc = run_whole(&m, base, fifo);
    run_clean(&m);
    if (rc != 0) {
        for (size_t w = 0; w < c->nw; w++)
            waits_clear(&m, w);
        return hybrid_source_failed(d);
    }
    if (!isnan(m.gave_up)) {
        *bound = m.gave_up;
        return 3;
    }
    if (m.missed && !m.cancelled) {
        for (size_t w = 0; w < c->nw; w++)
            waits_clear(&m, w);
        return 4;
    }
    run_figures(&m, nodes, st);
    return m.cancelled ? 2 : 0;
}

int hybrid_run(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
               int64_t nodes, Routing route, bool stats, bool cost_only,
               HybridSimStats *st, Diag *d)
{
    return run_size(c, sc, base, nodes, route, stats, cost_only, NULL, 0, NULL,
                    false, st, d);
}

int hybrid_run_targets(const HybridCtx *c, HybridScratch *sc,
                       const Baseline *base, int64_t nodes, HybridSimStats *st,
                       Diag *d)
{
    return run_size(c, sc, base, nodes, ROUTE_ALL_ONPREM, true, false, NULL, 0,
                    NULL, true, st, d);
}

int hybrid_run_below(const HybridCtx *c, HybridScratch *sc,
                     const Baseline *base, int64_t nodes, double least,
                     double *bound, HybridSimStats *st, Diag *d)
{
    SizeBound sb;
    hybrid_bound_begin(c, sc, nodes, &sb);
    return run_size(c, sc, base, nodes, ROUTE_PLAN, false, true, &sb, least,
                    bound, false, st, d);
}
