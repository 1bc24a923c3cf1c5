/* hybrid_fifo.c: a hybrid plan's on-prem queue under strict order with
 * one priority and no backfill (DESIGN 6), the common case and the fastest:
 * a job starts in submission order at the first minute, no earlier than
 * its submission and the previous start, with enough GPUs free, so its
 * start is known when it is submitted and each job is placed at once, with
 * no queue and no events; a burst job's prediction is exact.
 *
 * Every job placed so far starts no later than the last start, so from
 * that minute on GPUs only come free: the ring of end minutes answers
 * "when are g GPUs free" by walking forward, and that walk is never taken
 * back (each minute is walked once a run). A burst job needs only "are g
 * GPUs free by its limit": each burst class keeps the GPUs ending between
 * the present and its limit as a running sum (its window), so the answer
 * is one comparison whatever the queue's length. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Free the GPUs of the jobs ending in (now, t]; the windows lose them. */
static void fifo_release(Sim *m, int64_t t)
{
    if (t <= m->now)
        return;
    HybridMem *mem = m->mem;
    if (m->free < m->cap) {
        Ring *r = &mem->ring;
        int64_t lim = t < m->now + r->mask ? t : m->now + r->mask;
        for (int64_t e = m->now; (e = ring_next(r, e, lim)) != NEVER;) {
            int64_t g = ring_take(r, e);
            m->free += g;
            for (size_t i = 0; i < m->nburst; i++) {
                size_t k = mem->burst[i];
                if (e <= mem->xr[k])
                    mem->wsum[k] -= g;
            }
        }
    }
    m->now = t;
    for (size_t i = 0; i < m->nburst; i++) {
        size_t k = mem->burst[i];
        if (mem->xr[k] < t) {
            mem->xr[k] = t;
            mem->wsum[k] = 0;
        }
    }
}

/* Burst class k submitted at t, with every end up to the present freed:
 * true when enough GPUs are free by its limit. */
static bool fits_by_limit(Sim *m, size_t k, int64_t t)
{
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    Ring *r = &mem->ring;
    int64_t target = cl->wait_ok > INT64_MAX - t ? INT64_MAX : t + cl->wait_ok;
    int64_t lim = target < m->now + r->mask ? target : m->now + r->mask;
    for (int64_t e = mem->xr[k]; (e = ring_next(r, e, lim)) != NEVER;)
        mem->wsum[k] += ring_at(r, e);
    if (lim > mem->xr[k])
        mem->xr[k] = lim;
    return m->free + mem->wsum[k] >= cl->g;
}

/* Start class k's job, submitted at t, at cand. */
static void place(Sim *m, size_t k, int64_t t, int64_t cand)
{
    const HybridCtx *c = m->c;
    HybridMem *mem = m->mem;
    const HybridClass *cl = &c->cls[k];
    int64_t end = cand + cl->dur;
    ring_add(&mem->ring, end, cl->g);
    for (size_t i = 0; i < m->nburst; i++) {
        size_t b = mem->burst[i];
        if (end <= mem->xr[b])
            mem->wsum[b] += cl->g;
    }
    m->last_start = cand;
    m->free -= cl->g;
    move_start(m, k, t, cand);
    int64_t wait = cand - t;
    if (wait > 0 && end > m->dev_end)
        m->dev_end = end;
    if (m->stats)
        hybrid_wait_add(m, cl->w, wait);
}

/* Submit class k's job at t: to the cloud, or placed at its start. */
static inline void submit_fifo(Sim *m, size_t k, int64_t t)
{
    const HybridClass *cl = &m->c->cls[k];
    HybridRun run = route_run(m->c, m->route, k);
    m->mem->tl[k]++;
    if (run == RUN_CLOUD) {
        m->mem->cloud[k]++;
        demand_add(m, k, t);
        return;
    }
    if (m->cap <= 0 || cl->g > m->cap) {
        if (m->cap > 0)
            m->too_big[cl->w] = true;
        divert(m, k, t);
        demand_add(m, k, t);
        return;
    }
    int64_t cand = t > m->last_start ? t : m->last_start;
    if (run == RUN_BURST &&
        (cand - t > cl->wait_ok ||
         (fifo_release(m, cand), !fits_by_limit(m, k, t)))) {
        divert(m, k, t);
        demand_add(m, k, t);
        return;
    }
    fifo_release(m, cand);
    while (m->free < cl->g) {
        Ring *r = &m->mem->ring;
        int64_t e = ring_next(r, m->now, m->now + r->mask);
        if (e == NEVER)
            abort(); /* g <= cap, so the running jobs hold the rest */
        fifo_release(m, e);
    }
    place(m, k, t, m->now > cand ? m->now : cand);
}

/* The jobs not yet submitted in a strict-order run whose last start is
 * past the period by more than every burst limit: none adds busy time
 * inside the period; the burst ones, and any too big for the cluster, go
 * to the cloud. Relative figures take out what the unlimited cluster
 * counted for them. */
static void finish_settled(Sim *m)
{
    const HybridCtx *c = m->c;
    HybridMem *mem = m->mem;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        HybridRun run = route_run(c, m->route, k);
        if (run == RUN_CLOUD && m->feed.all)
            mem->cloud[k] += cl->count - mem->tl[k];
        if (run == RUN_CLOUD || mem->tl[k] >= cl->count)
            continue;
        size_t k0 = mem->tl[k], left = cl->count - k0;
        if (run == RUN_BURST || cl->g > m->cap) {
            mem->cloud[k] += left;
            if (cl->g > m->cap && m->cap > 0)
                m->too_big[cl->w] = true;
        } else {
            mem->unserved[k] += left; /* they start after the period */
        }
        mem->tl[k] = cl->count;
        if (!m->rel)
            continue;
        /* Their unlimited-cluster GPU-minutes inside the period: dur each,
         * less what runs past the end for those submitted in its last dur
         * minutes. */
        const int32_t *v = mem->csub + mem->coff[k];
        int64_t minutes = (int64_t)left * cl->dur;
        size_t tail =
            hybrid_lower_bound(v, cl->count, c->period - cl->dur + 1);
        int64_t after = 0;
        for (size_t i = tail > k0 ? tail : k0; i < cl->count; i++)
            after += (int64_t)v[i] + cl->dur - c->period;
        m->busy -= cl->g * (minutes - after);
        m->carried -= cl->g * after;
    }
    m->feed.pos = m->feed.len;
    m->feed.more = false;
}

/* The minute from which the rest of a cost-only run is known: the period
 * plus the longest burst limit (INT64_MAX when stats are kept). */
static int64_t settled_minute(const Sim *m)
{
    const HybridCtx *c = m->c;
    double longest = 0;
    for (size_t k = 0; k < c->nc; k++)
        if (route_run(c, m->route, k) == RUN_BURST &&
            c->limit[c->cls[k].w] > longest)
            longest = c->limit[c->cls[k].w];
    double settled = (double)c->period + longest;
    return !m->cost_only || !(settled < 0x1p62) ? INT64_MAX
                                                : (int64_t)ceil(settled);
}

/* Jobs a stretch looks ahead at before it stops early. */
#define AHEAD 64

/* True when a stretch may stop at minute t, before its jobs, with running
 * jobs that differ from the unlimited cluster's (nothing queued): worth it
 * when the next jobs would start at their submission even if the run kept
 * holding the GPUs it holds now beyond the unlimited cluster's. Any such
 * stop gives the same figures (hybrid_run.c); this only says when one
 * saves work. */
static bool stop_early(Sim *m, int64_t t)
{
    const HybridMem *mem = m->mem;
    size_t i = m->feed.pos, n = m->feed.len;
    fifo_release(m, t);
    /* the unlimited cluster's GPUs in use before the jobs of minute t */
    int64_t unl = mem->use[i] - m->c->cls[key_class(m->feed.keys[i])].g;
    int64_t room = m->cap - (m->cap - m->free - unl > 0 ? m->cap - m->free - unl : 0);
    size_t end = n - i > AHEAD ? i + AHEAD : n;
    for (; i < end; i++)
        if (mem->use[i] > room)
            return false;
    return true;
}

/* The first minute of a stretch always has a job that differs, so a run
 * with stop moves on. */
void hybrid_run_fifo(Sim *m, bool stop)
{
    const HybridCtx *c = m->c;
    int64_t settled = settled_minute(m);
    bool any = false;
    int64_t prev = 0;
    uint32_t key;
    for (size_t n = 0; feed_peek(m, &key); n++) {
        if (m->last_start >= settled) {
            finish_settled(m);
            return;
        }
        int64_t t = key_minute(key);
        if (stop && any && t != prev && m->last_start <= t &&
            (t >= m->dev_end || stop_early(m, t)))
            return;
        if ((n & 1023) == 0 && hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            return;
        }
        m->feed.pos++;
        m->mem->work++;
        any = true;
        prev = t;
        /* The common case of an overloaded cluster, first: a burst job
         * behind a queue longer than its limit goes to the cloud. */
        size_t k = key_class(key);
        const HybridClass *cl = &c->cls[k];
        if (m->last_start - t > cl->wait_ok && cl->g <= m->cap &&
            route_run(c, m->route, k) == RUN_BURST) {
            m->mem->tl[k]++;
            divert(m, k, t);
            demand_add(m, k, t);
            continue;
        }
        submit_fifo(m, k, t);
    }
}
