/* hybrid_predict.c: a burst job's predicted start by the run's own rule
 * (DESIGN 6.4): under strict order the walk of hybrid_walk.c; with
 * backfill, the pass of hybrid_view.c run forward on a view of the queue,
 * kept for the next prediction.
 *
 * A prediction from the present (with backfill under HYBRID_TEST_WALK,
 * and under strict order with it too) starts from the real queue and
 * GPUs: the jobs it starts are counted from each class's head (vpos)
 * without leaving the queue, their ends kept apart (vheap), until the
 * predicted job starts or its limit passes; then all is forgotten.
 *
 * The backfill walk is kept instead, and the next prediction goes on from
 * it, as long as what it did is what a walk from the present would do:
 *   - a job joins behind every job the walk has decided on (a priority not
 *     above the last predicted job's), and it could not have started in
 *     any of the walk's passes: a job of its class is still waiting in the
 *     walk or started in its last pass, or it needs more GPUs than any
 *     pass had free when it came to backfill;
 *   - every job that starts for real is one the walk started then (its
 *     end moves from the walk's ring to the real one);
 *   - the present has not passed the walk.
 * A pass starts nothing it did not start before the same minute with the
 * same GPUs, except jobs that joined since, so the walk goes on by running
 * its last pass again. A job that joins before the walk's last pass could
 * only delay it through starting, or through heading the queue, which it
 * cannot do behind the last predicted job. When the predicted job goes to
 * the cloud without having headed the walk's queue, nothing it found
 * depended on it; if it did head it, the walk goes back to that pass,
 * giving back the ends it took and the starts it made since. The head's
 * reservation kept from an earlier pass is the one a walk from the
 * present computes: the jobs backfilled since either end by its minute or
 * used GPUs it left over. */
#include "config.h"

#include "hybrid_walk.h"

#include <string.h>

/* ---- a prediction from the present ------------------------------------ */

/* The view of a prediction of class k at t, from the present. */
static void view_begin(Sim *m, View *v, size_t k, bool kept)
{
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    memset(v, 0, sizeof *v);
    v->m = m;
    v->virt = true;
    v->kept = kept;
    v->backfill = m->predict_backfill;
    v->heads = &mem->vheads;
    v->target = k;
    v->target_seq = q_at(&mem->queues[k], mem->queues[k].n - 1)->seq;
    v->start = NEVER;
    v->now = m->now;
    v->free = m->free;
    /* The real queue's classes, and k when its job is its class's only
     * one (submit() adds k to the real heap afterwards). */
    for (size_t i = 0; i < mem->heads.n; i++)
        heads_set(v->heads, i, mem->heads.h[i]);
    mem->vheads.n = mem->heads.n;
    if (mem->queues[k].n == 1)
        heads_push(v->heads, (HeadKey){v->target_seq, cl->prio, (uint32_t)k});
}

static int64_t cutoff_of(const HybridClass *cl, int64_t t)
{
    return cl->wait_ok > INT64_MAX - t ? INT64_MAX : t + cl->wait_ok;
}

static int64_t from_present(Sim *m, size_t k, int64_t t)
{
    HybridMem *mem = m->mem;
    View v;
    view_begin(m, &v, k, false);
    int64_t cutoff = cutoff_of(&m->c->cls[k], t);
    Ring *r = &mem->ring;
    for (int64_t steps = 1;; steps++) {
        hybrid_pass(&v, v.now);
        if (v.start != NEVER)
            break;
        /* A prediction through a long queue is a run of its own: stay
         * interruptible inside it (the figures are then incomplete). */
        if ((steps & 255) == 0 && hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            break;
        }
        int64_t e = ring_next(r, v.now, m->now + r->mask);
        int64_t ve = v.vheap_n ? (int64_t)(mem->vheap[0] >> CLASS_BITS) : NEVER;
        int64_t next = e < ve ? e : ve;
        if (next == NEVER)
            abort(); /* a job larger than the cluster was queued */
        if (next > cutoff)
            break;
        if (e == next)
            v.free += ring_at(r, e);
        while (v.vheap_n && (int64_t)(mem->vheap[0] >> CLASS_BITS) == next) {
            uint64_t x = u64_pop(mem->vheap, &v.vheap_n);
            v.free += m->c->cls[x & (CLASS_MAX - 1)].g;
        }
        v.now = next;
    }
    /* Back to no job started in a view: the classes this one could. */
    for (size_t i = 0; i < mem->heads.n; i++)
        mem->vpos[mem->heads.h[i].k] = 0;
    mem->vpos[k] = 0;
    heads_clear(&mem->vheads);
    return v.start;
}

/* ---- the backfill walk, kept -------------------------------------------- */

void hybrid_backwalk_setup(Sim *m)
{
    m->bw.on = m->predict_backfill && m->nburst > 0 &&
               !(m->sc->test_mode & HYBRID_TEST_WALK);
}

void hybrid_backwalk_joined(Sim *m, size_t k)
{
    BackWalk *w = &m->bw;
    if (!w->valid)
        return;
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    const ClassQueue *q = &mem->queues[k];
    size_t before = q->n - 1; /* its class's jobs ahead of it */
    bool behind = mem->vpos[k] < before ||
                  (before > 0 && mem->vlast[k] >= w->now);
    if (cl->prio > w->prio || w->now < m->now ||
        (!behind && cl->g <= w->most_free)) {
        hybrid_backwalk_drop(m);
        return;
    }
    /* The first of its class the walk sees waiting: it joins the heads. */
    if (mem->vpos[k] == before)
        heads_push(&mem->vheads,
                   (HeadKey){q_at(q, before)->seq, cl->prio, (uint32_t)k});
}

void hybrid_backwalk_left(Sim *m, size_t k, int64_t seq)
{
    HybridMem *mem = m->mem;
    uint32_t at = mem->vheads.pos[k];
    if (m->bw.valid && at != NO_POS && mem->vheads.h[at].seq == seq)
        heads_remove_at(&mem->vheads, at);
}

/* The target left: the walk back to the view *snap, giving back the
 * ends it took (mem->undo[0..ntakes)) and the starts it made since. */
static void go_back(Sim *m, View *v, const View *snap, size_t ntakes)
{
    HybridMem *mem = m->mem;
    for (size_t i = 0; i < ntakes; i++)
        hybrid_vring_add(mem, mem->undo[i].t, mem->undo[i].g);
    for (size_t i = v->nstarts; i-- > 0;) {
        const WalkStart *s = &mem->vstarts[i];
        const HybridClass *cl = &m->c->cls[s->k];
        hybrid_vring_add(mem, s->t + cl->dur, -cl->g);
        if (s->last != INT64_MIN)
            mem->vlast[s->k] = s->last;
        size_t p = --mem->vpos[s->k];
        HeadKey key = {q_at(&mem->queues[s->k], p)->seq, cl->prio,
                       (uint32_t)s->k};
        uint32_t at = mem->vheads.pos[s->k];
        if (at == NO_POS)
            heads_push(&mem->vheads, key);
        else
            heads_up(&mem->vheads, at, key);
    }
    int64_t most_free = v->most_free;
    *v = *snap;
    v->most_free = most_free;
}

/* The kept walk as a view for a prediction of class k, a new one from the
 * present when it cannot go on. */
static void resume(Sim *m, View *v, size_t k)
{
    BackWalk *w = &m->bw;
    if (w->valid && w->now < m->now)
        hybrid_backwalk_drop(m);
    if (!w->valid) {
        view_begin(m, v, k, true);
        w->valid = true;
        w->most_free = 0;
        return;
    }
    HybridMem *mem = m->mem;
    memset(v, 0, sizeof *v);
    v->m = m;
    v->virt = v->kept = v->backfill = true;
    v->heads = &mem->vheads;
    v->target = k;
    v->target_seq = q_at(&mem->queues[k], mem->queues[k].n - 1)->seq;
    v->start = NEVER;
    v->now = w->now;
    v->free = w->free;
    v->most_free = w->most_free;
    v->res_ok = w->res_ok;
    v->res_class = w->res_class;
    v->res_seq = w->res_seq;
    v->res_shadow = w->res_shadow;
    v->res_extra = w->res_extra;
}

static int64_t kept_walk(Sim *m, size_t k, int64_t t)
{
    HybridMem *mem = m->mem;
    BackWalk *w = &m->bw;
    View v, snap;
    resume(m, &v, k);
    w->prio = m->c->cls[k].prio;
    v.snap = &snap;
    int64_t cutoff = cutoff_of(&m->c->cls[k], t);
    /* The walk has started every job ahead of this one that starts by its
     * last pass, and this one could not start before that pass, which a
     * walk from the present runs only up to the limit. */
    if (v.now > cutoff && v.now > m->now)
        return NEVER;
    Ring *r = &mem->ring, *vr = &mem->vring;
    size_t ntakes = 0;
    for (int64_t steps = 1;; steps++) {
        hybrid_pass(&v, v.now);
        if (v.start != NEVER)
            break;
        if ((steps & 255) == 0 && hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            hybrid_backwalk_drop(m);
            return NEVER;
        }
        int64_t e = ring_next(r, v.now, m->now + r->mask);
        int64_t ve = ring_next(vr, v.now, v.now + vr->mask);
        int64_t next = e < ve ? e : ve;
        if (next == NEVER)
            abort(); /* a job larger than the cluster was queued */
        if (next > cutoff) {
            if (v.snapped)
                go_back(m, &v, &snap, ntakes);
            break;
        }
        if (e == next)
            v.free += ring_at(r, e);
        if (ve == next) {
            int64_t g = ring_take(vr, ve);
            v.free += g;
            if (v.snapped)
                hybrid_walk_undo_add(mem, &ntakes, ve, g);
        }
        v.now = next;
    }
    w->now = v.now;
    w->free = v.free;
    w->most_free = v.most_free;
    w->res_ok = v.res_ok;
    w->res_class = v.res_class;
    w->res_seq = v.res_seq;
    w->res_shadow = v.res_shadow;
    w->res_extra = v.res_extra;
    return v.start;
}

int64_t hybrid_predict(Sim *m, size_t k, int64_t t)
{
    if (m->walk.on)
        return hybrid_walk_predict(m, k, t);
    if (m->bw.on)
        return kept_walk(m, k, t);
    return from_present(m, k, t);
}
