/* hybrid_ring.h: the minutes at which GPUs come free, one slot a minute
 * (DESIGN 6.1), as every part of the hybrid simulation keeps them; private
 * to model/hybrid*.c. */
#ifndef GPUPLAN_HYBRID_RING_H
#define GPUPLAN_HYBRID_RING_H

#include <stddef.h>
#include <stdint.h>

#define NEVER INT64_MAX

/* The minutes at which GPUs come free: slot t & mask holds the GPUs of the
 * jobs ending at minute t, bits marks the slots that hold any. Every
 * pending end lies within size - 1 minutes of the present. */
typedef struct Ring {
    int64_t *v;
    uint64_t *bits;
    int64_t mask;          /* size - 1; size a power of two, >= 64 */
    uint64_t steps;        /* words looked at (hybrid_scratch_work) */
} Ring;

static inline void ring_add(Ring *r, int64_t t, int64_t g)
{
    size_t s = (size_t)(t & r->mask);
    r->v[s] += g;
    r->bits[s >> 6] |= UINT64_C(1) << (s & 63);
}

/* Take what slot t holds. */
static inline int64_t ring_take(Ring *r, int64_t t)
{
    size_t s = (size_t)(t & r->mask);
    int64_t g = r->v[s];
    r->v[s] = 0;
    r->bits[s >> 6] &= ~(UINT64_C(1) << (s & 63));
    return g;
}

static inline int64_t ring_at(const Ring *r, int64_t t)
{
    return r->v[t & r->mask];
}

/* The first minute in (after, limit] whose slot holds ends, or NEVER;
 * limit - after must be below the ring's size. */
static inline int64_t ring_next(Ring *r, int64_t after, int64_t limit)
{
    int64_t t = after + 1;
    while (t <= limit) {
        r->steps++;
        size_t s = (size_t)(t & r->mask), b = s & 63;
        uint64_t x = r->bits[s >> 6] >> b;
        if (x != 0) {
            int64_t found = t + (int64_t)__builtin_ctzll(x);
            return found <= limit ? found : NEVER;
        }
        t += (int64_t)(64 - b);
    }
    return NEVER;
}

#endif
