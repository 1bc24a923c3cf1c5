/* hybrid_walk.h: what the parts of a burst prediction share (DESIGN 6.4),
 * private to model/hybrid*.c: the strict-order walk (hybrid_walk.c), a
 * view of the on-prem queue and its pass (hybrid_view.c), the prediction
 * by the run's rule and the backfill walk kept for the next one
 * (hybrid_predict.c); the run (hybrid_queue.c) calls them in that order. */
#ifndef GPUPLAN_HYBRID_WALK_H
#define GPUPLAN_HYBRID_WALK_H

#include <stdlib.h>

#include "hybrid_heap.h"

/* ---- the class queues ------------------------------------------------- */

static inline QEntry *q_at(const ClassQueue *q, size_t i)
{
    return &q->e[(q->head + i) & (q->cap - 1)];
}

static inline void q_push(ClassQueue *q, QEntry e)
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

/* ---- hybrid_walk.c ---------------------------------------------------- */

/* Before a run: the classes' levels, and whether predictions use them
 * (strict order, burst classes, not HYBRID_TEST_WALK). */
void hybrid_walk_setup(Sim *m);

/* The level queues back to empty and the kept walk forgotten. */
void hybrid_walk_reset(Sim *m);

/* A job of class k has joined the real queue (the last of its level). */
void hybrid_walk_joined(Sim *m, size_t k);

/* The job of class k that just joined leaves for the cloud. */
void hybrid_walk_left(Sim *m, size_t k);

/* The first waiting job of class k's level has started for real, to end
 * at `end`. */
void hybrid_walk_started(Sim *m, size_t k, int64_t end);

/* Class k's job just queued at t (the last of its level): its start under
 * strict order with no later arrivals, or NEVER once that is sure to be
 * more than its limit after t (DESIGN 6.4). */
int64_t hybrid_walk_predict(Sim *m, size_t k, int64_t t);

/* A walk's end: slot t of mem->vring gains g (below 0: a job it started
 * that the real ring now holds), the slot noted for emptying. */
void hybrid_vring_add(HybridMem *mem, int64_t t, int64_t g);

/* mem->vring back to empty: by the slots noted, or one sweep. */
void hybrid_vring_clear(HybridMem *mem);

/* Note in mem->undo[(*n)++] an end a walk took after its job came to head
 * the queue (t, g), for giving it back if the job leaves. */
void hybrid_walk_undo_add(HybridMem *mem, size_t *n, int64_t t, int64_t g);

/* ---- hybrid_view.c ---------------------------------------------------- */

/* A view of the queue: the real one, or a prediction's. */
typedef struct View {
    Sim *m;
    bool virt;        /* a prediction: nothing leaves the queue */
    bool kept;        /* the backfill walk: ends in vring, kept after */
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
    /* the backfill walk: the most GPUs free when a pass came to backfill;
     * once the target heads the queue blocked, the view then (snap) and
     * the starts since (mem->vstarts) */
    int64_t most_free;
    bool snapped;
    size_t nstarts;
    struct View *snap;
} View;

/* Start what may start at t: the head while it fits; then, with backfill,
 * the jobs behind a blocked head that EASY allows. A prediction stops at
 * its target's start. */
void hybrid_pass(View *v, int64_t t);

/* The kept backfill walk forgotten: its starts, ends and classes. */
void hybrid_backwalk_drop(Sim *m);

/* ---- hybrid_predict.c ------------------------------------------------- */

/* Before a run: whether predictions keep the backfill walk (backfill,
 * burst classes, not HYBRID_TEST_WALK). */
void hybrid_backwalk_setup(Sim *m);

/* A job of class k has joined the real queue, the last of its class: the
 * kept backfill walk stays only if it could not have started the job. */
void hybrid_backwalk_joined(Sim *m, size_t k);

/* Class k's job that just joined, of position seq, leaves for the cloud. */
void hybrid_backwalk_left(Sim *m, size_t k, int64_t seq);

/* Class k's job just queued at t (the last of its class): its predicted
 * start under the run's rule with no later arrivals (DESIGN 6.4), or
 * NEVER once that is sure to be more than its limit after t. */
int64_t hybrid_predict(Sim *m, size_t k, int64_t t);

#endif
