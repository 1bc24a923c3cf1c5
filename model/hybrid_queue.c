/* hybrid_queue.c: the on-prem queue of a hybrid plan run event by event
 * (DESIGN 6): jobs queue by priority, then submission; a job starts at the
 * head when enough GPUs are free; with backfill (EASY), a later job starts
 * in a gap that does not delay the head's reservation; a burst job
 * predicts its start at submission and goes to the cloud past its limit.
 *
 * Jobs of one workload share a priority and a size, so they start in their
 * own order under every rule here: each workload's jobs form a queue and,
 * once started, a list whose end minutes only grow. The next end is then
 * the least of at most 32 list heads, and the queue head the best of at
 * most 32 queue heads; no heap. */
#include "config.h"

#include "hybrid_sim.h"

#include <stdlib.h>
#include <string.h>

int64_t hybrid_next_end(const Sim *m, size_t *rp, size_t *who)
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
            int64_t e = hybrid_next_end(m, rp, &who);
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

void hybrid_release_ended(Sim *m, int64_t t)
{
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
        shadow = hybrid_next_end(m, rp, &who);
        f += c->g[who];
        rp[who]++;
    }
    for (;;) {
        size_t who = 0;
        if (hybrid_next_end(m, rp, &who) != shadow)
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

size_t hybrid_run_events(Sim *m, size_t i, bool stop)
{
    HybridScratch *sc = m->sc;
    const HybridCtx *c = m->c;
    size_t n = m->n;
    for (size_t events = 0;; events++) {
        if ((events & 1023) == 0 && hybrid_cancelled(sc)) {
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
            int64_t e = hybrid_next_end(m, rp, &who);
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
        hybrid_release(m, t);
        while (i < n && job_minute(m->jobs[i]) == t)
            submit(m, m->jobs[i++]);
        schedule(m, t);
        if (stop && m->queued == 0 && t >= m->dev_end)
            break;
    }
    return i;
}

