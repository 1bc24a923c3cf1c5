/* hybrid_run.c: one run of a hybrid plan at a node count (DESIGN 6).
 *
 * On a cluster with no limit every job starts at its submission. A run at
 * n nodes has exactly that schedule until the first job whose submission
 * would put more than n x gpus_per_node GPUs in use (`use`, computed once
 * per routing). From that minute (all of its submissions) the run is
 * simulated until the schedules meet again: no job queued, and every job
 * that waited or went to the cloud has ended in both schedules, so the
 * jobs running are the same ones. Then it skips to the next such job. The
 * figures are those of the unlimited cluster plus the differences inside
 * those stretches, in integers where they are sums, so they equal those of
 * a whole-period run bit for bit (a test runs both). Sizes that hold the
 * unlimited cluster's peak need no simulation at all. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void hybrid_ctx_init(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->p = p;
    c->nw = p->workload_count;
    c->period = hybrid_plan_period(p);
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

/* rjobs: the jobs that run on-prem, in queue order; use[i] = GPUs in use
 * once rjobs[i] has started. */
void hybrid_baseline_build(const HybridCtx *c, HybridScratch *sc,
                           Routing route, Baseline *b)
{
    memset(b, 0, sizeof *b);
    b->valid = true;
    b->route = route;
    size_t ep[W_MAX] = {0}, seen[W_MAX] = {0};
    bool on[W_MAX] = {false};
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

/* The state of the unlimited cluster just before the submissions of minute
 * t. */
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
        size_t before = hybrid_lower_bound(v, count, t);
        m->tl[w] = m->sh[w] = before;
        m->qn[w] = 0;
        if (route_run(c, m->route, w) == RUN_CLOUD) {
            m->rh[w] = before;
            continue;
        }
        size_t lo = hybrid_lower_bound(v, count, t - c->dur[w] + 1);
        m->rh[w] = lo;
        int64_t *a = m->sc->a + c->off[w];
        for (size_t k = lo; k < before; k++)
            a[k] = v[k];
        m->free -= c->g[w] * (int64_t)(before - lo);
    }
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
    return (double)hybrid_select_kth(v, e, rank - zeros - 1);
}

/* A run from its start: the cloud jobs' part of the commitment's demand
 * (the same at every size, counted from the baseline) and whether strict
 * order with one priority allows placing each job at its submission. */
static bool run_setup(Sim *m, const HybridCtx *c, HybridScratch *sc,
                      const Baseline *base, int64_t nodes, Routing route,
                      bool stats, bool cost_only)
{
    memset(m, 0, sizeof *m);
    m->c = c;
    m->sc = sc;
    m->route = route;
    m->rel = !(sc->test_mode & HYBRID_TEST_WHOLE);
    m->stats = stats;
    m->cost_only = cost_only && !stats;
    m->backfill = c->p->backfill;
    m->cap = nodes * c->gpn;
    m->free = m->cap;
    m->dev_end = INT64_MIN;
    m->min_end = NEVER;
    if (stats && route == ROUTE_PLAN)
        memset(sc->minutes, 0, ((size_t)c->period + 1) * sizeof *sc->minutes);
    bool fifo = !m->backfill && !(sc->test_mode & HYBRID_TEST_EVENTS);
    int prio = INT32_MIN;
    for (size_t w = 0; w < c->nw; w++)
        if (route_run(c, route, w) != RUN_CLOUD) {
            if (prio != INT32_MIN && c->prio[w] != prio)
                fifo = false;
            prio = c->prio[w];
        }
    m->jobs = sc->rjobs;
    m->n = base->n;
    if (stats && route == ROUTE_PLAN)
        for (size_t i = 0; i < sc->count; i++) {
            size_t w = sc->jobs[i] & 31;
            if (route_run(c, route, w) == RUN_CLOUD)
                demand_add(m, w, job_minute(sc->jobs[i]));
        }
    for (size_t w = 0; w < c->nw; w++)
        m->cloud[w] = base->cloud[w];
    return fifo;
}

/* Simulate only the stretches where the size binds: from the first job
 * that would put more GPUs in use than the cluster has, until the
 * schedules meet again; the rest is the unlimited cluster's. */
static void run_stretches(Sim *m, const Baseline *base, bool fifo)
{
    HybridScratch *sc = m->sc;
    size_t i = 0, n = m->n;
    if (base->peak <= m->cap)
        i = n;
    for (;;) {
        while (i < n && sc->use[i] <= m->cap)
            i++;
        if (i >= n)
            break;
        int64_t t = job_minute(m->jobs[i]);
        while (i > 0 && job_minute(m->jobs[i - 1]) == t)
            i--;
        state_at(m, t);
        /* The first job of the minute always differs, so i moves on. */
        size_t first = i;
        i = fifo ? hybrid_run_fifo(m, i, true) : hybrid_run_events(m, i, true);
        if (i == first && !m->cancelled)
            abort();
    }
    m->busy += base->busy;
}

/* The figures of a finished run m at `nodes` nodes into *st. */
static void run_figures(const Sim *m, int64_t nodes, HybridSimStats *st)
{
    const HybridCtx *c = m->c;
    HybridScratch *sc = m->sc;
    st->cancelled = m->cancelled;
    /* Money and GPU-hours, scaled to a month (DESIGN 6). */
    const HybridPlan *p = c->p;
    st->workload_count = c->nw;
    st->onprem_nodes = (double)nodes;
    st->onprem_gpus = (double)m->cap;
    st->jobs = sc->count;
    const double period_hours = p->days * 24;
    st->busy_gpu_hours_period = (double)m->busy / 60;
    st->utilization =
        m->cap > 0 ? st->busy_gpu_hours_period / ((double)m->cap * period_hours)
                   : 0;
    st->onprem_gpu_hours = st->busy_gpu_hours_period * c->scale;
    st->onprem_monthly = hybrid_onprem_cost(sc, (double)nodes, st->utilization);
    hybrid_cloud_figures(c, m->cloud, st);
    st->total_monthly = st->onprem_monthly + st->cloud_monthly;

    for (size_t w = 0; w < c->nw; w++) {
        HybridWorkloadStats *ws = &st->workload[w];
        ws->jobs = c->off[w + 1] - c->off[w];
        ws->too_big = m->too_big[w];
        ws->late_jobs = m->late[w];
        ws->backfilled = m->backfilled[w];
        st->late_jobs += m->late[w];
        st->backfilled_jobs += m->backfilled[w];
        size_t on = ws->jobs - ws->cloud_jobs;
        if (!m->stats || on == 0) {
            ws->wait_mean = ws->wait_p95 = NAN;
            continue;
        }
        ws->wait_mean = (double)m->wait_sum[w] / (double)on;
        ws->wait_p95 = p95_waits(sc->waits + c->off[w], m->nwait[w], on);
    }
}

void hybrid_run(const HybridCtx *c, HybridScratch *sc, const Baseline *base,
                int64_t nodes, Routing route, bool stats, bool cost_only,
                HybridSimStats *st)
{
    memset(st, 0, sizeof *st);
    Sim m;
    bool fifo = run_setup(&m, c, sc, base, nodes, route, stats, cost_only);
    if (!m.rel) {
        if (fifo)
            hybrid_run_fifo(&m, 0, false);
        else
            hybrid_run_events(&m, 0, false);
    } else {
        run_stretches(&m, base, fifo);
    }
    run_figures(&m, nodes, st);
}

int hybrid_simulate(const Scenario *s, const HybridPlan *p,
                    double onprem_nodes, HybridSimStats *out,
                    HybridScratch *scratch)
{
    memset(out, 0, sizeof *out);
    if (p->workload_count > W_MAX)
        abort();
    HybridCtx c;
    hybrid_ctx_init(&c, s, p, scratch);
    int rc = hybrid_stream_build(&c, scratch);
    if (rc == 2) {
        out->cancelled = true;
        return 2;
    }
    if (rc != 0)
        return rc;
    Baseline base;
    hybrid_baseline_build(&c, scratch, ROUTE_PLAN, &base);
    hybrid_run(&c, scratch, &base, (int64_t)llround(onprem_nodes),
               ROUTE_PLAN, true, false, out);
    return out->cancelled ? 2 : 0;
}
