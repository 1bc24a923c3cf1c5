/* hybrid_scratch.c: the caller-owned working memory of the hybrid
 * simulation (hybrid.h), and the two ways an evaluation speaks to its
 * caller on the way: progress and warnings. */
#include "config.h"

#include "hybrid_sim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *grow(void *ptr, size_t n, size_t size, bool *ok)
{
    void *q = realloc(ptr, n > 0 ? n * size : 1);
    if (!q)
        *ok = false;
    return q ? q : ptr;
}

/* 4 + 4 + 8 + 8 + 8 + 8 + 8 + 4 = 52 bytes a job. */
int hybrid_scratch_reserve(HybridScratch *sc, size_t jobs)
{
    if (jobs <= sc->capacity)
        return 0;
    bool ok = true;
    sc->jobs = grow(sc->jobs, jobs, sizeof *sc->jobs, &ok);
    sc->wsub = grow(sc->wsub, jobs, sizeof *sc->wsub, &ok);
    sc->a = grow(sc->a, jobs, sizeof *sc->a, &ok);
    sc->waits = grow(sc->waits, jobs, sizeof *sc->waits, &ok);
    sc->pred = grow(sc->pred, jobs, sizeof *sc->pred, &ok);
    sc->vheap = grow(sc->vheap, jobs, sizeof *sc->vheap, &ok);
    sc->use = grow(sc->use, jobs, sizeof *sc->use, &ok);
    sc->rjobs = grow(sc->rjobs, jobs, sizeof *sc->rjobs, &ok);
    if (!ok)
        return -1;
    sc->capacity = jobs;
    return 0;
}

int hybrid_scratch_minutes(HybridScratch *sc, size_t n)
{
    if (n <= sc->minute_capacity)
        return 0;
    bool ok = true;
    sc->minutes = grow(sc->minutes, n, sizeof *sc->minutes, &ok);
    if (!ok)
        return -1;
    sc->minute_capacity = n;
    return 0;
}

int hybrid_scratch_init(HybridScratch *sc, size_t capacity)
{
    memset(sc, 0, sizeof *sc);
    if (capacity > 0 && hybrid_scratch_reserve(sc, capacity) != 0) {
        hybrid_scratch_free(sc);
        return -1;
    }
    return 0;
}

void hybrid_scratch_free(HybridScratch *sc)
{
    free(sc->jobs);
    free(sc->wsub);
    free(sc->a);
    free(sc->waits);
    free(sc->pred);
    free(sc->vheap);
    free(sc->use);
    free(sc->rjobs);
    free(sc->minutes);
    free(sc->by_nodes);
    int mode = sc->test_mode;
    volatile sig_atomic_t *cancel = sc->cancel;
    void (*progress)(void *, size_t, size_t) = sc->progress;
    void (*plan_ready)(void *, const HybridResult *) = sc->plan_ready;
    void *progress_arg = sc->progress_arg;
    memset(sc, 0, sizeof *sc);
    sc->test_mode = mode;
    sc->cancel = cancel;
    sc->progress = progress;
    sc->plan_ready = plan_ready;
    sc->progress_arg = progress_arg;
}

size_t hybrid_scratch_bytes(const HybridScratch *sc)
{
    return sc->capacity * (sizeof *sc->jobs + sizeof *sc->wsub + sizeof *sc->a +
                           sizeof *sc->waits + sizeof *sc->pred +
                           sizeof *sc->vheap + sizeof *sc->use +
                           sizeof *sc->rjobs) +
           sc->minute_capacity * sizeof *sc->minutes +
           sc->by_nodes_capacity * sizeof *sc->by_nodes;
}

void hybrid_progress(const HybridScratch *sc, size_t done, size_t total)
{
    if (sc->progress)
        sc->progress(sc->progress_arg, done, total);
}

void hybrid_result_warn(HybridResult *r, const char *fmt, ...)
{
    if (r->warning_count >= HYBRID_MAX_WARNINGS)
        abort(); /* hybrid.h: there is room for every warning */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->warnings[r->warning_count], HYBRID_WARNING_BYTES, fmt, ap);
    va_end(ap);
    r->warning_count++;
}
