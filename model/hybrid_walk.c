/* hybrid_walk.c: a burst job's predicted start under strict order (DESIGN
 * 6.4), walked through the queue in order and kept for the next one.
 *
 * Under strict order the queue starts in its order: priority levels from
 * the highest, each in submission order, every job at the first minute no
 * earlier than the start before it with enough GPUs free. A prediction
 * needs nothing but the waiting jobs in that order, so each level keeps
 * its jobs' GPUs and minutes in a ring of its own, and the walk reads them
 * one after the other, moving to the next minute with ends only when the
 * next job does not fit. The ends of the jobs it starts go into a ring
 * beside the real one (vring: a slot a minute, a bit scan to the next), so
 * a start costs a few instructions, whatever the number of classes.
 *
 * The walk is kept for the next prediction as long as nothing has changed
 * what it found: no job has joined a level it has passed, no job it had
 * not started has started for real, and the present has not passed it.
 * Jobs it started that then start for real leave its count, and their
 * ends, which the ring now holds, leave vring. The next prediction of any
 * level not above the one it stopped in goes on from where it stopped:
 * the jobs ahead of the new job are those it walked and those after them.
 * When the predicted job goes to the cloud the walk goes back to the
 * minute that job came to head the queue (nothing starts behind a blocked
 * head under strict order, so only the ends taken since need giving back).
 * A higher-priority job that joins, the common case with two priorities,
 * still costs one walk from the present, but that walk is a loop over an
 * array. */
#include "config.h"

#include "hybrid_walk.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static WalkJob *lq_at(const LevelQueue *q, size_t i)
{
    return &q->e[(q->head + i) & (q->cap - 1)];
}

static void lq_push(LevelQueue *q, WalkJob j)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 64;
        WalkJob *ne = malloc(cap * sizeof *ne);
        if (!ne)
            abort(); /* out of memory in the middle of a run */
        for (size_t i = 0; i < q->n; i++)
            ne[i] = *lq_at(q, i);
        free(q->e);
        q->e = ne;
        q->head = 0;
        q->cap = cap;
    }
    *lq_at(q, q->n++) = j;
}

/* The slots written are noted so that emptying costs what was written,
 * or one sweep when that is more. */
void hybrid_vring_add(HybridMem *mem, int64_t t, int64_t g)
{
    Ring *r = &mem->vring;
    size_t s = (size_t)(t & r->mask);
    r->v[s] += g;
    r->bits[s >> 6] |= UINT64_C(1) << (s & 63);
    if (mem->vlog_n < mem->vlog_cap)
        mem->vlog[mem->vlog_n++] = s;
    else
        mem->vlog_over = true;
}

void hybrid_vring_clear(HybridMem *mem)
{
    Ring *r = &mem->vring;
    if (mem->vlog_over) {
        size_t size = (size_t)r->mask + 1;
        memset(r->v, 0, size * sizeof *r->v);
        memset(r->bits, 0, size / 64 * sizeof *r->bits);
    } else {
        for (size_t i = 0; i < mem->vlog_n; i++) {
            size_t s = mem->vlog[i];
            r->v[s] = 0;
            r->bits[s >> 6] = 0;
        }
    }
    mem->vlog_n = 0;
    mem->vlog_over = false;
}

static void walk_drop(Sim *m)
{
    hybrid_vring_clear(m->mem);
    m->walk.valid = false;
}

void hybrid_walk_setup(Sim *m)
{
    const HybridCtx *c = m->c;
    HybridMem *mem = m->mem;
    m->walk.on = !m->predict_backfill && m->nburst > 0 &&
                 !(m->sc->test_mode & HYBRID_TEST_WALK);
    if (!m->walk.on)
        return;
    /* A class has its workload's priority: a workload's level is the
     * number of priorities above its own. */
    long prio[W_MAX];
    uint8_t wl_level[W_MAX];
    for (size_t w = 0; w < c->nw; w++)
        prio[w] = llround(c->p->workloads[w].priority);
    for (size_t w = 0; w < c->nw; w++) {
        uint8_t l = 0;
        for (size_t x = 0; x < c->nw; x++) {
            bool first = true; /* count each priority above once */
            for (size_t y = 0; y < x; y++)
                first = first && prio[y] != prio[x];
            l += first && prio[x] > prio[w];
        }
        wl_level[w] = l;
    }
    for (size_t k = 0; k < c->nc; k++)
        mem->level[k] = wl_level[c->cls[k].w];
    hybrid_walk_reset(m);
}

void hybrid_walk_reset(Sim *m)
{
    HybridMem *mem = m->mem;
    /* A level is below the number of workloads (its priorities above),
     * and every run ends with a reset: the levels past it are empty. */
    for (size_t l = 0; l < m->c->nw; l++)
        mem->levels[l].n = 0;
    walk_drop(m);
}

void hybrid_walk_joined(Sim *m, size_t k)
{
    if (!m->walk.on)
        return;
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    size_t l = mem->level[k];
    lq_push(&mem->levels[l], (WalkJob){(int32_t)cl->g, (int32_t)cl->dur});
    if (m->walk.valid && l < m->walk.level)
        walk_drop(m);
}

void hybrid_walk_left(Sim *m, size_t k)
{
    if (!m->walk.on)
        return;
    LevelQueue *q = &m->mem->levels[m->mem->level[k]];
    q->n--;
    /* The walk never started it (its prediction was past the limit). */
    if (m->walk.valid && m->walk.level == m->mem->level[k] &&
        m->walk.pos > q->n)
        abort();
}

void hybrid_walk_started(Sim *m, size_t k, int64_t end)
{
    if (!m->walk.on)
        return;
    HybridMem *mem = m->mem;
    size_t l = mem->level[k];
    LevelQueue *q = &mem->levels[l];
    if (q->n == 0 || lq_at(q, 0)->g != m->c->cls[k].g ||
        lq_at(q, 0)->dur != m->c->cls[k].dur)
        abort(); /* strict order starts the first job of the highest level */
    q->head = (q->head + 1) & (q->cap - 1);
    q->n--;
    Walk *w = &m->walk;
    if (!w->valid)
        return;
    if (l > w->level || (l == w->level && w->pos == 0)) {
        walk_drop(m);
        return;
    }
    if (l == w->level)
        w->pos--;
    if (end > w->now)
        hybrid_vring_add(mem, end, -m->c->cls[k].g);
}

void hybrid_walk_undo_add(HybridMem *mem, size_t *n, int64_t t, int64_t g)
{
    if (*n == mem->undo_cap) {
        size_t cap = mem->undo_cap ? 2 * mem->undo_cap : 256;
        if (!hybrid_grow(&mem->undo, cap, sizeof *mem->undo))
            abort(); /* out of memory in the middle of a run */
        mem->undo_cap = cap;
    }
    mem->undo[(*n)++] = (WalkEnd){t, g};
}

int64_t hybrid_walk_predict(Sim *m, size_t k, int64_t t)
{
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    Walk *w = &m->walk;
    size_t target = mem->level[k];
    size_t tpos = mem->levels[target].n - 1;
    if (!(w->valid && w->level <= target && w->now >= m->now)) {
        walk_drop(m);
        w->valid = true;
        w->level = w->pos = 0;
        w->now = m->now;
        w->free = m->free;
    }
    int64_t cutoff = cl->wait_ok > INT64_MAX - t ? INT64_MAX : t + cl->wait_ok;
    /* The kept walk is where the jobs ahead have started or wait still:
     * past the limit, the job cannot start within it. */
    if (w->now > cutoff)
        return NEVER;
    Ring *r = &mem->ring, *vr = &mem->vring;
    int64_t now = w->now, free = w->free, start = NEVER;
    size_t l = w->level, pos = w->pos;
    bool snapped = false;
    int64_t snap_now = 0, snap_free = 0;
    size_t undo_n = 0;
    for (uint64_t steps = 1;; steps++) {
        while (pos >= mem->levels[l].n) {
            l++;
            pos = 0;
        }
        const WalkJob *j = lq_at(&mem->levels[l], pos);
        bool is_target = l == target && pos == tpos;
        if (j->g <= free) {
            free -= j->g;
            hybrid_vring_add(mem, now + j->dur, j->g);
            mem->work++;
            pos++;
            if (is_target) {
                start = now;
                break;
            }
            continue;
        }
        /* The job itself heads the queue: if it goes to the cloud, the
         * next prediction goes on from here, not from where this one gave
         * up (it might start in between); note what the walk takes. */
        if (is_target && !snapped) {
            snapped = true;
            snap_now = now;
            snap_free = free;
        }
        /* A walk through a long queue is a run of its own: stay
         * interruptible inside it (the figures are then incomplete). */
        if ((steps & 255) == 0 && hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            walk_drop(m);
            return NEVER;
        }
        mem->work++;
        int64_t e = ring_next(r, now, m->now + r->mask);
        int64_t ve = ring_next(vr, now, now + vr->mask);
        int64_t next = e < ve ? e : ve;
        if (next == NEVER)
            abort(); /* a job larger than the cluster was queued */
        if (next > cutoff) {
            if (snapped) {
                now = snap_now;
                free = snap_free;
                for (size_t i = 0; i < undo_n; i++)
                    hybrid_vring_add(mem, mem->undo[i].t, mem->undo[i].g);
            }
            break;
        }
        if (e == next)
            free += ring_at(r, e);
        if (ve == next) {
            int64_t g = ring_take(vr, ve);
            free += g;
            if (snapped)
                hybrid_walk_undo_add(mem, &undo_n, ve, g);
        }
        now = next;
    }
    w->level = l;
    w->pos = pos;
    w->now = now;
    w->free = free;
    return start;
}
