/* timeline.c: quarter-hour integrals of a quantity held over time,
 * DESIGN 10. */
#include "config.h"

#include "timeline.h"

#include <stdlib.h>
#include <string.h>

int64_t timeline_slot(int64_t t)
{
    int64_t q = t / TIMELINE_SLOT;
    return (t % TIMELINE_SLOT < 0) ? q - 1 : q;
}

/* Make slots q0 .. q1-1 (and q1, where a span's step ends) addressable. */
static int cover(Timeline *t, int64_t q0, int64_t q1)
{
    if (t->len == 0) {
        t->base = q0;
    }
    int64_t lo = t->len && t->base < q0 ? t->base : q0;
    int64_t hi = t->len && t->base + (int64_t)t->len > q1 + 1
                     ? t->base + (int64_t)t->len
                     : q1 + 1;
    if ((uint64_t)(hi - lo) > TIMELINE_MAX_SLOTS + 1)
        return -2;
    size_t need = (size_t)(hi - lo);
    size_t shift = (size_t)(t->base - lo); /* slots to add at the front */
    if (t->len == 0)
        shift = 0;
    if (need > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (cap < need)
            cap *= 2;
        double *part = realloc(t->part, cap * sizeof *part);
        if (!part)
            return -1;
        t->part = part;
        double *step = realloc(t->step, cap * sizeof *step);
        if (!step)
            return -1;
        t->step = step;
        t->cap = cap;
    }
    if (shift) {
        memmove(t->part + shift, t->part, t->len * sizeof *t->part);
        memmove(t->step + shift, t->step, t->len * sizeof *t->step);
        memset(t->part, 0, shift * sizeof *t->part);
        memset(t->step, 0, shift * sizeof *t->step);
    }
    size_t old = t->len + shift;
    memset(t->part + old, 0, (need - old) * sizeof *t->part);
    memset(t->step + old, 0, (need - old) * sizeof *t->step);
    t->base = lo;
    t->len = need;
    return 0;
}

int timeline_add(Timeline *t, int64_t a, int64_t b, double rate)
{
    int64_t qa = timeline_slot(a), qb = timeline_slot(b);
    if (t->len == 0 || qa < t->base || qb >= t->base + (int64_t)t->len) {
        int st = cover(t, qa, qb);
        if (st != 0)
            return st;
    }
    size_t ia = (size_t)(qa - t->base), ib = (size_t)(qb - t->base);
    if (qa == qb) {
        t->part[ia] += rate * (double)(b - a);
        return 0;
    }
    t->part[ia] += rate * (double)((qa + 1) * TIMELINE_SLOT - a);
    t->part[ib] += rate * (double)(b - qb * TIMELINE_SLOT);
    if (qb > qa + 1) {
        t->step[ia + 1] += rate;
        t->step[ib] -= rate;
    }
    return 0;
}

void timeline_integrals(const Timeline *t, int64_t q0, int64_t q1,
                        double *out)
{
    double held = 0; /* the rate held over whole slots */
    int64_t q = t->base;
    for (int64_t k = q0; k < q1; k++)
        out[k - q0] = 0;
    for (size_t i = 0; i < t->len; i++, q++) {
        held += t->step[i];
        if (q >= q0 && q < q1)
            out[q - q0] = t->part[i] + held * TIMELINE_SLOT;
    }
}

void timeline_span(const Timeline *t, int64_t *q0, int64_t *q1)
{
    *q0 = t->len ? t->base : 0;
    *q1 = t->len ? t->base + (int64_t)t->len : 0;
}

void timeline_free(Timeline *t)
{
    free(t->part);
    free(t->step);
    *t = (Timeline)TIMELINE_INIT;
}
