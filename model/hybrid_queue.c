/* hybrid_queue.c: the on-prem queue of a hybrid plan run event by event
 * (DESIGN 6): jobs queue by priority, then submission; a job starts at the
 * head when enough GPUs are free; with backfill (EASY), a later job starts
 * in a gap that does not delay the head's reservation; a burst job
 * predicts its start at submission and goes to the cloud past its limit.
 *
 * Jobs of one class are alike, so they start in their own order under
 * every rule here: each class's waiting jobs form a queue, and the head of
 * the whole queue is the best of the class heads, kept in a heap keyed by
 * priority, then stream position. Finding the head costs a look at the
 * heap's top, and a start the logarithm of the classes waiting, so neither
 * a long queue nor thousands of classes (a replayed trace) cost much more
 * per event. The head's reservation stays what it was
 * computed as until the head changes or a job starts that is not
 * backfilled (running jobs end when they said they would, and a backfilled
 * job either ends by the reservation or uses GPUs the head leaves over).
 *
 * A prediction runs the same pass on a view of the queue: the jobs it
 * starts are counted from each class's head without leaving the queue,
 * their ends kept apart, until the predicted job starts or its limit
 * passes. */
#include "config.h"

#include "hybrid_heap.h"

#include <stdlib.h>
#include <string.h>

/* ---- the class queues ------------------------------------------------- */

static QEntry *q_at(const ClassQueue *q, size_t i)
{
    return &q->e[(q->head + i) & (q->cap - 1)];
}

static void q_push(ClassQueue *q, QEntry e)
{
    if (q->n == q->cap) {
        size_t cap = q->cap ? 2 * q->cap : 16;
        QEntry *ne = malloc(cap * sizeof *ne);
        if (!ne)
            abort(); /* out of memory in the middle of a run */
        for (size_t i = 0; i < q->n; i++)
            ne[i] = *q_at(q, i);
        free(q->e);
        q->e = ne;
        q->head = 0;
        q->cap = cap;
    }
    *q_at(q, q->n++) = e;
}

/* ---- a view of the queue: the real one, or a prediction's ------------- */

typedef struct View {
    Sim *m;
    bool virt;        /* a prediction: nothing leaves the queue */
    bool backfill;
    int64_t now, free;
    /* a prediction's target job and when it started (NEVER until then) */
    size_t target;
    int64_t target_seq, start;
    size_t vheap_n;
    /* the head's reservation, when known */
    bool res_ok;
    size_t res_class;
    int64_t res_seq, res_shadow, res_extra;
    HeadHeap *heads;  /* the classes it sees waiting */
} View;

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

/* The head h's reservation: the first minute enough GPUs are free (every
 * job ending then counts) and what is left over then. */
static void reserve(View *v, size_t h, int64_t seq)
{
    Sim *m = v->m;
    HybridMem *mem = m->mem;
    Ring *r = &mem->ring;
    int64_t need = m->c->cls[h].g, f = v->free, tau = v->now;
    size_t vi = 0, vn = v->virt ? v->vheap_n : 0;
    if (vn > 0) {
        memcpy(mem->vcopy, mem->vheap, vn * sizeof *mem->vcopy);
        qsort(mem->vcopy, vn, sizeof *mem->vcopy, cmp_u64);
    }
    while (f < need) {
        int64_t e = ring_next(r, tau, m->now + r->mask);
        int64_t ve = vi < vn ? (int64_t)(mem->vcopy[vi] >> CLASS_BITS) : NEVER;
        tau = e < ve ? e : ve;
        if (tau == NEVER)
            abort(); /* a job larger than the cluster was queued */
        if (e == tau)
            f += ring_at(r, tau);
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
        mem->vpos[k]++;
        vheap_push(mem, &v->vheap_n,
                   (uint64_t)(t + cl->dur) << CLASS_BITS | (uint64_t)k);
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

/* Start what may start at t: the head while it fits; then, with backfill,
 * the jobs behind a blocked head that EASY allows, class by class in queue
 * order (a class that cannot start now leaves the heap for the rest of the
 * pass, and all come back at its end). */
static void pass(View *v, int64_t t)
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
    if (!(v->res_ok && v->res_class == h && v->res_seq == seq))
        reserve(v, h, seq);
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

/* ---- predictions ------------------------------------------------------- */

/* Under strict order a prediction is a walk through the queue in order,
 * kept for the next one (hybrid_walk.c). With backfill (and under
 * HYBRID_TEST_WALK) it is the pass above on a view of the queue, from the
 * present: the jobs it starts are counted from each class's head (vpos)
 * without leaving the queue, their ends kept apart (vheap). */

/* The view of a prediction of class k at t, from the present. */
static void walk_begin(Sim *m, View *v, size_t k)
{
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    memset(v, 0, sizeof *v);
    v->m = m;
    v->virt = true;
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

/* Class k's job just queued at t (the last of its class): its predicted
 * start under the run's rule with no later arrivals (DESIGN 6), or NEVER
 * once that is sure to be more than its limit after t. */
static int64_t predict(Sim *m, size_t k, int64_t t)
{
    if (m->walk.on)
        return hybrid_walk_predict(m, k, t);
    HybridMem *mem = m->mem;
    const HybridClass *cl = &m->c->cls[k];
    View v;
    walk_begin(m, &v, k);
    int64_t cutoff = cl->wait_ok > INT64_MAX - t ? INT64_MAX : t + cl->wait_ok;
    Ring *r = &mem->ring;
    for (int64_t steps = 1;; steps++) {
        pass(&v, v.now);
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

/* ---- the run ------------------------------------------------------------ */

void hybrid_release(Sim *m, int64_t t)
{
    if (t <= m->now)
        return;
    if (m->free < m->cap) {
        Ring *r = &m->mem->ring;
        int64_t lim = t < m->now + r->mask ? t : m->now + r->mask;
        for (int64_t e = m->now; (e = ring_next(r, e, lim)) != NEVER;)
            m->free += ring_take(r, e);
    }
    m->now = t;
}

/* Class k's job submitted at t joins the queue, or goes to the cloud. */
static void submit(Sim *m, size_t k, int64_t t, int64_t seq)
{
    const HybridClass *cl = &m->c->cls[k];
    HybridMem *mem = m->mem;
    HybridRun run = route_run(m->c, m->route, k);
    mem->tl[k]++;
    if (run == RUN_CLOUD) {
        mem->cloud[k]++;
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
    ClassQueue *q = &mem->queues[k];
    q_push(q, (QEntry){seq, (int32_t)t, INT32_MAX});
    m->queued++;
    hybrid_walk_joined(m, k);
    if (run == RUN_BURST) {
        /* Predict with the job in the queue, as the last of its class. */
        int64_t at = predict(m, k, t);
        if (at == NEVER) {
            q->n--;
            m->queued--;
            hybrid_walk_left(m, k);
            divert(m, k, t);
            demand_add(m, k, t);
            return;
        }
        q_at(q, q->n - 1)->pred = (int32_t)(at - t);
    }
    /* Its class had no job waiting: it joins the heads. */
    if (q->n == 1)
        heads_push(&mem->heads, (HeadKey){seq, cl->prio, (uint32_t)k});
}

/* The real queue's view for a pass at t; its reservation kept in m. */
static void real_pass(Sim *m, int64_t t)
{
    View v;
    memset(&v, 0, sizeof v);
    v.m = m;
    v.backfill = m->backfill;
    v.now = m->now;
    v.free = m->free;
    v.res_ok = m->res_ok;
    v.res_class = m->res_class;
    v.res_seq = m->res_seq;
    v.res_shadow = m->res_shadow;
    v.res_extra = m->res_extra;
    v.heads = &m->mem->heads;
    pass(&v, t);
    m->free = v.free;
    m->res_ok = v.res_ok;
    m->res_class = v.res_class;
    m->res_seq = v.res_seq;
    m->res_shadow = v.res_shadow;
    m->res_extra = v.res_extra;
}

/* The jobs still waiting when a cost-only run stops at the end of the
 * period: unserved (DESIGN 6.2); take out what the baseline counted for
 * them. */
static void drop_waiting(Sim *m)
{
    for (size_t k = 0; k < m->c->nc; k++) {
        const ClassQueue *q = &m->mem->queues[k];
        for (size_t i = 0; i < q->n; i++)
            move_start(m, k, q_at(q, i)->submit, m->c->period);
    }
}

void hybrid_run_events(Sim *m, bool stop)
{
    Ring *r = &m->mem->ring;
    for (;;) {
        /* Every event: one may hold predictions through a long queue. */
        if (m->cancelled || hybrid_cancelled(m->sc)) {
            m->cancelled = true;
            return;
        }
        uint32_t key;
        bool have = feed_peek(m, &key);
        int64_t nsub = have ? key_minute(key) : NEVER, t;
        if (m->queued == 0) {
            if (!have)
                break;
            t = nsub;
        } else {
            int64_t e = ring_next(r, m->now, m->now + r->mask);
            t = nsub < e ? nsub : e;
            if (t == NEVER)
                abort(); /* a job larger than the cluster was queued */
            if (m->cost_only && !have && t >= m->c->period) {
                drop_waiting(m);
                break;
            }
        }
        hybrid_release(m, t);
        while (feed_peek(m, &key) && key_minute(key) == t) {
            m->feed.pos++;
            m->mem->work++;
            submit(m, key_class(key), t,
                   (int64_t)(m->feed.base + m->feed.pos - 1));
        }
        real_pass(m, t);
        if (stop && m->queued == 0 && t >= m->dev_end)
            break;
    }
}
