/* hybrid_fifo.c: a hybrid plan's on-prem queue under strict order with
 * one priority and no backfill (DESIGN 6), the common case and the fastest:
 * every job's start is known when it is submitted, so each is placed at
 * once, with no queue and no events, and a burst job's prediction is
 * exact. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <string.h>

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
    hybrid_release(m, cand);
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
                e = hybrid_next_end(m, rp, &who);
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
            hybrid_release(m, cand);
        } else {
            while (m->free < c->g[w]) {
                size_t rp[W_MAX], who = 0;
                memcpy(rp, m->rh, c->nw * sizeof *rp);
                cand = hybrid_next_end(m, rp, &who);
                hybrid_release(m, cand);
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
        size_t tail = hybrid_lower_bound(v, count, c->period - c->dur[w] + 1);
        for (size_t k = tail > k0 ? tail : k0; k < count; k++)
            minutes -= (int64_t)v[k] + c->dur[w] - c->period;
        m->busy -= c->g[w] * minutes;
        m->tl[w] = count;
    }
}

/* The first minute of a stretch always has a job that differs, so a run
 * with stop moves on. */
size_t hybrid_run_fifo(Sim *m, size_t i, bool stop)
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
        if ((i & 1023) == 0 && hybrid_cancelled(m->sc)) {
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

