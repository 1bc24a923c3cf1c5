/* hybrid_view.c: a view of the on-prem queue of a hybrid plan (DESIGN 6),
 * the real one or a prediction's, and its pass: jobs queue by priority,
 * then submission; a job starts at the head when enough GPUs are free;
 * with backfill (EASY), a later job starts in a gap that does not delay
 * the head's reservation.
 *
 * Jobs of one class are alike, so they start in their own order under
 * every rule here: each class's waiting jobs form a queue, and the head of
 * the whole queue is the best of the class heads, kept in a heap keyed by
 * priority, then stream position. Finding the head costs a look at the
 * heap's top, and a start the logarithm of the classes waiting, so neither
 * a long queue nor thousands of classes (a replayed trace) cost much more
 * per event. The head's reservation stays what it was computed as until
 * the head changes or a job starts that is not backfilled (running jobs
 * end when they said they would, and a backfilled job either ends by the
 * reservation or uses GPUs the head leaves over).
 *
 * A prediction runs the same pass on a view of the queue: the jobs it
 * starts are counted from each class's head (vpos) without leaving the
 * queue, their ends kept apart: in vheap for a prediction from the
 * present, in vring for the backfill walk kept for the next prediction
 * (hybrid_predict.c), which also notes what it needs to go back. */
#include "config.h"

#include "hybrid_walk.h"

#include <stdlib.h>
#include <string.h>

/* Jobs of class k the view still sees waiting. */
static size_t avail(const View *v, size_t k)
{
    const HybridMem *mem = v->m->mem;
    return mem->queues[k].n - (v->virt ? mem->vpos[k] : 0);
}

static const QEntry *first(const View *v, size_t k)
{
    const HybridMem *mem = v->m->mem;
    return q_at(&mem->queues[k], v->virt ? mem->vpos[k] : 0);
}

/* The class whose first waiting job heads the view's queue; false when
 * none waits. */
static bool head_of(const View *v, size_t *k)
{
    v->m->mem->work++;
    if (v->heads->n == 0)
        return false;
    *k = v->heads->h[0].k;
    return true;
}

/* A prediction's own start: its end joins vheap (vcopy keeps the room a
 * reservation sorts them in). */
static void vheap_push(HybridMem *mem, size_t *n, uint64_t x)
{
    if (*n == mem->vheap_cap &&
        !hybrid_grow(&mem->vcopy, mem->vheap_cap ? 2 * mem->vheap_cap : 256,
                     sizeof *mem->vcopy))
        abort(); /* out of memory in the middle of a run */
    u64_push(&mem->vheap, &mem->vheap_cap, n, x);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The next minute after tau with ends of the view's own starts (the
 * kept walk's ring, or the sorted vcopy from *vi on), or NEVER. */
static int64_t own_end(View *v, int64_t tau, size_t vi, size_t vn)
{
    HybridMem *mem = v->m->mem;
    if (v->kept)
        return ring_next(&mem->vring, tau, v->now + mem->vring.mask);
    return vi < vn ? (int64_t)(mem->vcopy[vi] >> CLASS_BITS) : NEVER;
}

/* The head h's reservation: the first minute enough GPUs are free (every
 * job ending then counts) and what is left over then. */
static void reserve(View *v, size_t h, int64_t seq)
{
    Sim *m = v->m;
    HybridMem *mem = m->mem;
    Ring *r = &mem->ring;
    int64_t need = m->c->cls[h].g, f = v->free, tau = v->now;
    size_t vi = 0, vn = v->virt && !v->kept ? v->vheap_n : 0;
    if (vn > 0) {
        memcpy(mem->vcopy, mem->vheap, vn * sizeof *mem->vcopy);
        qsort(mem->vcopy, vn, sizeof *mem->vcopy, cmp_u64);
    }
    while (f < need) {
        int64_t e = ring_next(r, tau, m->now + r->mask);
        int64_t ve = own_end(v, tau, vi, vn);
        tau = e < ve ? e : ve;
        if (tau == NEVER)
            abort(); /* a job larger than the cluster was queued */
        if (e == tau)
            f += ring_at(r, tau);
        if (v->kept && ve == tau)
            f += ring_at(&mem->vring, tau);
        for (; vi < vn && (int64_t)(mem->vcopy[vi] >> CLASS_BITS) == tau; vi++)
            f += m->c->cls[mem->vcopy[vi] & (CLASS_MAX - 1)].g;
    }
    v->res_ok = true;
    v->res_class = h;
    v->res_seq = seq;
    v->res_shadow = tau;
    v->res_extra = f - need;
}

/* Class k, the top of the view's heap, has just started its first job:
 * its next one takes its place, or it leaves the heap. */
static void next_first(View *v, size_t k)
{
    HybridMem *mem = v->m->mem;
    mem->work++;
    if (avail(v, k) == 0)
        heads_pop(v->heads);
    else
        heads_replace_top(v->heads, (HeadKey){first(v, k)->seq,
                                              v->m->c->cls[k].prio,
                                              (uint32_t)k});
}

/* The kept walk starts class k's first job it sees waiting at t. */
static void kept_start(View *v, size_t k, int64_t t)
{
    Sim *m = v->m;
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    if (v->snapped) {
        size_t cap = mem->vstarts_cap ? 2 * mem->vstarts_cap : 256;
        if (v->nstarts == mem->vstarts_cap &&
            !hybrid_grow(&mem->vstarts, cap, sizeof *mem->vstarts))
            abort(); /* out of memory in the middle of a run */
        if (v->nstarts == mem->vstarts_cap)
            mem->vstarts_cap = cap;
        mem->vstarts[v->nstarts++] = (WalkStart){k, t, mem->vlast[k]};
    }
    if (mem->vlast[k] == INT64_MIN)
        mem->vtouched[m->bw.touched++] = k;
    mem->vlast[k] = t;
    hybrid_vring_add(mem, t + cl->dur, cl->g);
}

void hybrid_backwalk_drop(Sim *m)
{
    HybridMem *mem = m->mem;
    if (!m->bw.valid)
        return;
    for (size_t i = 0; i < m->bw.touched; i++) {
        mem->vpos[mem->vtouched[i]] = 0;
        mem->vlast[mem->vtouched[i]] = INT64_MIN;
    }
    m->bw.touched = 0;
    heads_clear(&mem->vheads);
    hybrid_vring_clear(mem);
    m->bw.valid = false;
}

/* Class k's first waiting job has started for real at t, to end at `end`:
 * the kept backfill walk holds only if it started that job then. */
static void backwalk_started(Sim *m, size_t k, int64_t t, int64_t end)
{
    BackWalk *w = &m->bw;
    HybridMem *mem = m->mem;
    if (!w->valid)
        return;
    if (mem->vpos[k] == 0 || t > w->now) {
        hybrid_backwalk_drop(m);
        return;
    }
    mem->vpos[k]--;
    if (end > w->now)
        hybrid_vring_add(mem, end, -m->c->cls[k].g);
}

/* Start class k's first waiting job at t; k tops the view's heap. */
static void start(View *v, size_t k, int64_t t, bool backfilled)
{
    Sim *m = v->m;
    const HybridCtx *c = m->c;
    HybridMem *mem = m->mem;
    const HybridClass *cl = &c->cls[k];
    v->free -= cl->g;
    v->res_ok = v->res_ok && backfilled;
    if (v->virt) {
        if (k == v->target && first(v, k)->seq == v->target_seq)
            v->start = t;
        if (v->kept)
            kept_start(v, k, t);
        else
            vheap_push(mem, &v->vheap_n,
                       (uint64_t)(t + cl->dur) << CLASS_BITS | (uint64_t)k);
        mem->vpos[k]++;
        next_first(v, k);
        return;
    }
    ClassQueue *q = &mem->queues[k];
    QEntry e = *q_at(q, 0);
    q->head = (q->head + 1) & (q->cap - 1);
    q->n--;
    m->queued--;
    next_first(v, k);
    hybrid_walk_started(m, k, t + cl->dur);
    backwalk_started(m, k, t, t + cl->dur);
    ring_add(&mem->ring, t + cl->dur, cl->g);
    move_start(m, k, e.submit, t);
    int64_t wait = t - e.submit;
    if (wait > 0 && t + cl->dur > m->dev_end)
        m->dev_end = t + cl->dur;
    if (backfilled)
        m->backfilled[cl->w]++;
    if (m->stats) {
        hybrid_wait_add(m, cl->w, wait);
        if (e.pred != INT32_MAX && (int64_t)e.submit + e.pred < t)
            m->late[cl->w]++;
    }
}

/* (With backfill, the jobs behind a blocked head start class by class in
 * queue order: a class that cannot start now leaves the heap for the rest
 * of the pass, and all come back at its end.) */
void hybrid_pass(View *v, int64_t t)
{
    const HybridCtx *c = v->m->c;
    HybridMem *mem = v->m->mem;
    size_t h;
    for (;;) {
        if (!head_of(v, &h))
            return;
        if (c->cls[h].g > v->free)
            break;
        start(v, h, t, false);
        if (v->virt && v->start != NEVER)
            return;
    }
    if (!v->backfill)
        return;
    int64_t seq = first(v, h)->seq;
    if (v->kept && !v->snapped && h == v->target && seq == v->target_seq) {
        /* The target heads the queue, blocked: if it leaves, the walk
         * goes back to here. */
        *v->snap = *v;
        v->snapped = true;
        v->nstarts = 0;
    }
    if (!(v->res_ok && v->res_class == h && v->res_seq == seq))
        reserve(v, h, seq);
    if (v->free > v->most_free)
        v->most_free = v->free;
    HeadHeap *q = v->heads;
    size_t passed = 0;
    mem->passed[passed++] = q->h[0];
    heads_pop(q);
    size_t b;
    /* Every job needs a GPU: with none free, no class can start. */
    while (v->free > 0 && head_of(v, &b)) {
        const HybridClass *cl = &c->cls[b];
        bool ends_in_time = t + cl->dur <= v->res_shadow;
        if (cl->g <= v->free && (ends_in_time || cl->g <= v->res_extra)) {
            start(v, b, t, true);
            if (!ends_in_time)
                v->res_extra -= cl->g;
            if (v->virt && v->start != NEVER)
                break;
        } else {
            mem->passed[passed++] = q->h[0];
            heads_pop(q);
        }
    }
    while (passed > 0)
        heads_push(q, mem->passed[--passed]);
}
