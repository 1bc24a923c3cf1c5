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

/* A run's state while jobs are placed, kept apart from the Sim so that
 * the compiler holds it in registers: stores through the many arrays of
 * a run could otherwise change any of the Sim's fields, as far as it can
 * tell, and each would be read again from memory after each store. */
typedef struct Fifo {
    Sim *m;
    HybridMem *mem;
    const HybridCtx *c;
    const HybridClass *cls;
    /* the ring of end minutes (mem->ring) */
    int64_t *rv;
    uint64_t *rbits;
    int64_t mask;
    uint64_t steps;
    int64_t cap, now, free, last_start, dev_end, busy, carried;
    bool rel;
    /* the burst windows: mem->burst, mem->win, mem->xr, mem->wsum */
    size_t nburst;
    const size_t *burst, *win;
    int64_t *xr, *wsum;
} Fifo;

/* Everything that takes a Fifo is inlined into hybrid_run_fifo, so that
 * its address is never taken and its fields stay in registers. */
#if defined(__GNUC__) || defined(__clang__)
#define FIFO_INLINE static inline __attribute__((always_inline))
#else
#define FIFO_INLINE static inline
#endif

FIFO_INLINE void fifo_load(Fifo *f, Sim *m)
{
    HybridMem *mem = m->mem;
    f->m = m;
    f->mem = mem;
    f->c = m->c;
    f->cls = m->c->cls;
    f->rv = mem->ring.v;
    f->rbits = mem->ring.bits;
    f->mask = mem->ring.mask;
    f->steps = 0;
    f->cap = m->cap;
    f->now = m->now;
    f->free = m->free;
    f->last_start = m->last_start;
    f->dev_end = m->dev_end;
    f->busy = m->busy;
    f->carried = m->carried;
    f->rel = m->rel;
    f->nburst = m->nburst;
    f->burst = mem->burst;
    f->win = mem->win;
    f->xr = mem->xr;
    f->wsum = mem->wsum;
}

/* The state back into the Sim, before anything else reads it. */
FIFO_INLINE void fifo_store(Fifo *f)
{
    Sim *m = f->m;
    m->now = f->now;
    m->free = f->free;
    m->last_start = f->last_start;
    m->dev_end = f->dev_end;
    m->busy = f->busy;
    m->carried = f->carried;
    f->mem->ring.steps += f->steps;
    f->steps = 0;
}

/* ring_next on the Fifo's copy of the ring. */
FIFO_INLINE int64_t fifo_next(Fifo *f, int64_t after, int64_t limit)
{
    int64_t t = after + 1;
    while (t <= limit) {
        f->steps++;
        size_t s = (size_t)(t & f->mask), b = s & 63;
        uint64_t x = f->rbits[s >> 6] >> b;
        if (x != 0) {
            int64_t found = t + (int64_t)__builtin_ctzll(x);
            return found <= limit ? found : NEVER;
        }
        t += (int64_t)(64 - b);
    }
    return NEVER;
}

FIFO_INLINE int64_t fifo_take(Fifo *f, int64_t t)
{
    size_t s = (size_t)(t & f->mask);
    int64_t g = f->rv[s];
    f->rv[s] = 0;
    f->rbits[s >> 6] &= ~(UINT64_C(1) << (s & 63));
    return g;
}

/* Free the GPUs of the jobs ending in (now, t]; the windows lose them. */
FIFO_INLINE void fifo_release(Fifo *f, int64_t t)
{
    if (t <= f->now)
        return;
    if (f->free < f->cap) {
        int64_t lim = t < f->now + f->mask ? t : f->now + f->mask;
        for (int64_t e = f->now; (e = fifo_next(f, e, lim)) != NEVER;) {
            int64_t g = fifo_take(f, e);
            f->free += g;
            for (size_t i = 0; i < f->nburst; i++) {
                size_t w = f->burst[i];
                if (e <= f->xr[w])
                    f->wsum[w] -= g;
            }
        }
    }
    f->now = t;
    for (size_t i = 0; i < f->nburst; i++) {
        size_t w = f->burst[i];
        if (f->xr[w] < t) {
            f->xr[w] = t;
            f->wsum[w] = 0;
        }
    }
}

/* Burst class k submitted at t, with every end up to the present freed:
 * true when enough GPUs are free by its limit. Classes with the same
 * limit share a window (mem->win). */
FIFO_INLINE bool fits_by_limit(Fifo *f, size_t k, int64_t t)
{
    const HybridClass *cl = &f->cls[k];
    size_t w = f->win[k];
    int64_t target = cl->wait_ok > INT64_MAX - t ? INT64_MAX : t + cl->wait_ok;
    int64_t lim = target < f->now + f->mask ? target : f->now + f->mask;
    int64_t x = f->xr[w], sum = f->wsum[w];
    for (int64_t e = x; (e = fifo_next(f, e, lim)) != NEVER;)
        sum += f->rv[e & f->mask];
    f->wsum[w] = sum;
    if (lim > x)
        f->xr[w] = lim;
    return f->free + sum >= cl->g;
}

/* Free the GPUs of the jobs ending at the first minute after now that has
 * any, and move now there (fifo_release to that minute). */
FIFO_INLINE void release_next(Fifo *f)
{
    int64_t e = fifo_next(f, f->now, f->now + f->mask);
    if (e == NEVER)
        abort(); /* the caller needs more GPUs than the cluster has */
    int64_t g = fifo_take(f, e);
    f->free += g;
    f->now = e;
    for (size_t i = 0; i < f->nburst; i++) {
        size_t w = f->burst[i];
        if (e <= f->xr[w]) {
            f->wsum[w] -= g;
        } else {
            f->xr[w] = e;
            f->wsum[w] = 0;
        }
    }
}

/* Start class k's job, submitted at t, at cand (move_start and the wait
 * of hybrid_sim.h on the Fifo's figures). */
FIFO_INLINE void place(Fifo *f, size_t k, int64_t t, int64_t cand)
{
    const HybridClass *cl = &f->cls[k];
    int64_t end = cand + cl->dur;
    size_t s = (size_t)(end & f->mask);
    f->rv[s] += cl->g;
    f->rbits[s >> 6] |= UINT64_C(1) << (s & 63);
    for (size_t i = 0; i < f->nburst; i++) {
        size_t w = f->burst[i];
        if (end <= f->xr[w])
            f->wsum[w] += cl->g;
    }
    f->last_start = cand;
    f->free -= cl->g;
    const HybridCtx *c = f->c;
    if (!(f->rel && end <= c->period)) {
        f->busy += contrib(c, k, cand) - (f->rel ? contrib(c, k, t) : 0);
        f->carried += carried(c, k, cand) - (f->rel ? carried(c, k, t) : 0);
        if (cand >= c->period)
            f->mem->unserved[k]++;
    }
    int64_t wait = cand - t;
    if (wait > 0 && end > f->dev_end)
        f->dev_end = end;
    if (f->m->stats)
        hybrid_wait_add(f->m, cl->w, wait);
}

/* Class k's job submitted at t goes to the cloud (divert and demand_add of
 * hybrid_sim.h on the Fifo's figures). */
FIFO_INLINE void to_cloud(Fifo *f, size_t k, int64_t t)
{
    const HybridCtx *c = f->c;
    const HybridClass *cl = &f->cls[k];
    f->mem->cloud[k]++;
    if (f->rel) {
        int64_t e = t + cl->dur;
        if (e <= c->period) {
            f->busy -= cl->g * cl->dur;
        } else {
            f->busy -= contrib(c, k, t);
            f->carried -= carried(c, k, t);
        }
        if (e > f->dev_end)
            f->dev_end = e;
    }
    demand_add(f->m, k, t);
}

/* Submit class k's job at t, which runs under `run`: to the cloud, or
 * placed at its start. */
FIFO_INLINE void submit_fifo(Fifo *f, size_t k, int64_t t, HybridRun run)
{
    const HybridClass *cl = &f->cls[k];
    f->mem->tl[k]++;
    if (run == RUN_CLOUD) {
        f->mem->cloud[k]++;
        demand_add(f->m, k, t);
        return;
    }
    if (f->cap <= 0 || cl->g > f->cap) {
        if (f->cap > 0)
            f->m->too_big[cl->w] = true;
        to_cloud(f, k, t);
        return;
    }
    int64_t cand = t > f->last_start ? t : f->last_start;
    /* The common case of an overloaded cluster, first: a burst job behind
     * a queue longer than its limit goes to the cloud. */
    if (run == RUN_BURST &&
        (cand - t > cl->wait_ok ||
         (fifo_release(f, cand), !fits_by_limit(f, k, t)))) {
        to_cloud(f, k, t);
        return;
    }
    fifo_release(f, cand);
    while (f->free < cl->g)
        release_next(f); /* g <= cap, so the running jobs hold the rest */
    place(f, k, t, f->now > cand ? f->now : cand);
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
#define AHEAD 256

/* True when a stretch may stop at minute t, before its jobs (the feed's
 * job i the first), with running
 * jobs that differ from the unlimited cluster's (nothing queued): worth it
 * when the next jobs would start at their submission even if the run kept
 * holding the GPUs it holds now beyond the unlimited cluster's. Any such
 * stop gives the same figures (hybrid_run.c); this only says when one
 * saves work. */
FIFO_INLINE bool stop_early(Fifo *f, int64_t t, size_t i)
{
    const Sim *m = f->m;
    const HybridMem *mem = f->mem;
    size_t n = m->feed.len;
    fifo_release(f, t);
    /* the unlimited cluster's GPUs in use before the jobs of minute t */
    int64_t unl = mem->use[i] - f->cls[key_class(m->feed.keys[i])].g;
    int64_t more = f->cap - f->free - unl;
    int64_t room = f->cap - (more > 0 ? more : 0);
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
    Fifo f;
    fifo_load(&f, m);
    /* The feed's position in a register too; m->feed.pos is kept for
     * whatever reads it (a refill, stop_early, finish_settled). */
    const uint32_t *keys = m->feed.keys;
    size_t pos = m->feed.pos, len = m->feed.len;
    uint64_t work = 0;
    const Routing route = m->route;
    for (size_t n = 0;; n++) {
        if (pos >= len) {
            m->feed.pos = pos;
            if (!(m->feed.more && hybrid_feed_refill(m)))
                break;
            keys = m->feed.keys;
            pos = m->feed.pos;
            len = m->feed.len;
        }
        uint32_t key = keys[pos];
        if (f.last_start >= settled) {
            m->feed.pos = pos;
            m->mem->work += work;
            fifo_store(&f);
            finish_settled(m);
            return;
        }
        int64_t t = key_minute(key);
        if (stop && any && t != prev && f.last_start <= t &&
            (t >= f.dev_end || stop_early(&f, t, pos)))
            break;
        if ((n & 1023) == 0 && hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            break;
        }
        pos++;
        work++;
        any = true;
        prev = t;
        size_t k = key_class(key);
        submit_fifo(&f, k, t, route_run(c, route, k));
    }
    m->feed.pos = pos;
    m->mem->work += work;
    fifo_store(&f);
}
