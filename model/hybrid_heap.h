/* hybrid_heap.h: the binary heaps of the event engine (hybrid_queue.c),
 * private to model/hybrid*.c: the classes with waiting jobs by their first
 * one (HeadHeap, hybrid_sim.h), and minutes << CLASS_BITS | class. */
#ifndef GPUPLAN_HYBRID_HEAP_H
#define GPUPLAN_HYBRID_HEAP_H

#include <stdlib.h>

#include "hybrid_sim.h"

#define NO_POS UINT32_MAX

static inline bool key_before(HeadKey a, HeadKey b)
{
    return a.prio != b.prio ? a.prio > b.prio : a.seq < b.seq;
}

/* Put x at slot i; an indexed heap notes where its class is. */
static inline void heads_set(HeadHeap *q, size_t i, HeadKey x)
{
    q->h[i] = x;
    if (q->pos)
        q->pos[x.k] = (uint32_t)i;
}

/* x into slot i (free), moving it up past the keys it comes before. */
static inline void heads_up(HeadHeap *q, size_t i, HeadKey x)
{
    while (i > 0 && key_before(x, q->h[(i - 1) / 2])) {
        heads_set(q, i, q->h[(i - 1) / 2]);
        i = (i - 1) / 2;
    }
    heads_set(q, i, x);
}

/* x into slot i (free), moving it down past the keys that come first. */
static inline void heads_down(HeadHeap *q, size_t i, HeadKey x)
{
    for (;;) {
        size_t kid = 2 * i + 1;
        if (kid >= q->n)
            break;
        if (kid + 1 < q->n && key_before(q->h[kid + 1], q->h[kid]))
            kid++;
        if (!key_before(q->h[kid], x))
            break;
        heads_set(q, i, q->h[kid]);
        i = kid;
    }
    heads_set(q, i, x);
}

static inline void heads_push(HeadHeap *q, HeadKey x)
{
    heads_up(q, q->n++, x);
}

/* Put x in the top's place (its class's next first job). */
static inline void heads_replace_top(HeadHeap *q, HeadKey x)
{
    heads_down(q, 0, x);
}

/* Take out the entry at slot i. */
static inline void heads_remove_at(HeadHeap *q, size_t i)
{
    if (q->pos)
        q->pos[q->h[i].k] = NO_POS;
    HeadKey last = q->h[--q->n];
    if (i == q->n)
        return;
    if (i > 0 && key_before(last, q->h[(i - 1) / 2]))
        heads_up(q, i, last);
    else
        heads_down(q, i, last);
}

static inline void heads_pop(HeadHeap *q)
{
    heads_remove_at(q, 0);
}

/* Empty an indexed heap (every class's place forgotten). */
static inline void heads_clear(HeadHeap *q)
{
    for (size_t i = 0; i < q->n; i++)
        q->pos[q->h[i].k] = NO_POS;
    q->n = 0;
}

/* ---- minute << CLASS_BITS | class, earliest first ---------------------- */

static inline void u64_push(uint64_t **h, size_t *cap, size_t *n, uint64_t x)
{
    if (*n == *cap) {
        size_t c = *cap ? 2 * *cap : 256;
        if (!hybrid_grow(h, c, sizeof **h))
            abort(); /* out of memory in the middle of a run */
        *cap = c;
    }
    uint64_t *v = *h;
    size_t i = (*n)++;
    while (i > 0 && v[(i - 1) / 2] > x) {
        v[i] = v[(i - 1) / 2];
        i = (i - 1) / 2;
    }
    v[i] = x;
}

static inline uint64_t u64_pop(uint64_t *h, size_t *n)
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

#endif
