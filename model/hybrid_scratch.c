/* hybrid_scratch.c: the caller-owned working memory of the hybrid
 * simulation (hybrid.h), and the two ways an evaluation speaks to its
 * caller on the way: progress and warnings. */
#include "config.h"

#include "hybrid_bound.h"
#include "hybrid_sim.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

bool hybrid_grow(void *ptr, size_t n, size_t size)
{
    void **p = ptr;
    if (n > SIZE_MAX / size)
        return false;
    void *q = realloc(*p, n > 0 ? n * size : 1);
    if (!q)
        return false;
    *p = q;
    return true;
}

HybridMem *hybrid_mem(HybridScratch *sc)
{
    if (!sc->mem)
        sc->mem = calloc(1, sizeof *sc->mem);
    return sc->mem;
}

/* Release the replay cache (a stream too long for it). */
static void cache_free(HybridMem *mem)
{
    free(mem->keys);
    free(mem->csub);
    free(mem->rkeys);
    free(mem->use);
    mem->keys = mem->rkeys = NULL;
    mem->csub = mem->use = NULL;
    mem->cache_cap = 0;
}

bool hybrid_cache_put(HybridMem *mem, size_t n, uint32_t key)
{
    if (n >= mem->cache_cap) {
        size_t cap = mem->cache_cap ? 2 * mem->cache_cap : 4096;
        if (cap > HYBRID_CACHE_JOBS)
            cap = HYBRID_CACHE_JOBS;
        if (n >= cap || !hybrid_grow(&mem->keys, cap, sizeof *mem->keys) ||
            !hybrid_grow(&mem->csub, cap, sizeof *mem->csub) ||
            !hybrid_grow(&mem->rkeys, cap, sizeof *mem->rkeys) ||
            !hybrid_grow(&mem->use, cap, sizeof *mem->use)) {
            cache_free(mem);
            return false;
        }
        mem->cache_cap = cap;
    }
    mem->keys[n] = key;
    return true;
}

int hybrid_scratch_init(HybridScratch *sc, size_t capacity)
{
    memset(sc, 0, sizeof *sc);
    HybridMem *mem = hybrid_mem(sc);
    if (!mem)
        return -1;
    size_t n = capacity < HYBRID_CACHE_JOBS ? capacity : HYBRID_CACHE_JOBS;
    if (n > 0 &&
        !(hybrid_grow(&mem->keys, n, sizeof *mem->keys) &&
          hybrid_grow(&mem->csub, n, sizeof *mem->csub) &&
          hybrid_grow(&mem->rkeys, n, sizeof *mem->rkeys) &&
          hybrid_grow(&mem->use, n, sizeof *mem->use))) {
        hybrid_scratch_free(sc);
        return -1;
    }
    mem->cache_cap = n;
    return 0;
}

static void ring_free(Ring *r)
{
    free(r->v);
    free(r->bits);
    memset(r, 0, sizeof *r);
}

static void mem_free(HybridMem *mem)
{
    free(mem->cls);
    free(mem->class_hash);
    free(mem->keys);
    free(mem->csub);
    free(mem->coff);
    free(mem->rkeys);
    free(mem->use);
    free(mem->cloud);
    free(mem->unserved);
    free(mem->tl);
    free(mem->xr);
    free(mem->wsum);
    free(mem->vpos);
    free(mem->vlast);
    free(mem->vtouched);
    free(mem->vstarts);
    free(mem->heads.h);
    free(mem->vheads.h);
    free(mem->vheads.pos);
    free(mem->passed);
    free(mem->level);
    for (size_t l = 0; l < W_MAX; l++)
        free(mem->levels[l].e);
    ring_free(&mem->vring);
    free(mem->vlog);
    free(mem->undo);
    if (mem->queues)
        for (size_t k = 0; k < mem->run_cap; k++)
            free(mem->queues[k].e);
    free(mem->queues);
    free(mem->burst);
    free(mem->win);
    ring_free(&mem->ring);
    ring_free(&mem->uring);
    free(mem->dd);
    free(mem->dx);
    free(mem->vheap);
    free(mem->vcopy);
    for (size_t w = 0; w < W_MAX; w++) {
        free(mem->hist[w]);
        free(mem->long_waits[w]);
    }
    free(mem->minutes);
    free(mem->block);
    free(mem->by_nodes);
    if (mem->sizes) {
        free(mem->sizes->unserved_at);
        free(mem->sizes->by_rate);
        free(mem->sizes->order);
        free(mem->sizes);
    }
    free(mem);
}

void hybrid_scratch_free(HybridScratch *sc)
{
    if (sc->mem)
        mem_free(sc->mem);
    sc->mem = NULL;
}

size_t hybrid_scratch_bytes(const HybridScratch *sc)
{
    const HybridMem *m = sc->mem;
    if (!m)
        return 0;
    size_t b = sizeof *m;
    b += m->cls_cap * sizeof *m->cls + m->hash_cap * sizeof *m->class_hash;
    b += m->cache_cap * (sizeof *m->keys + sizeof *m->csub +
                         sizeof *m->rkeys + sizeof *m->use);
    b += m->coff_cap * sizeof *m->coff;
    b += m->run_cap * (5 * sizeof(size_t) + 3 * sizeof(int64_t) +
                       2 * sizeof(size_t) + 3 * sizeof(HeadKey) + sizeof(uint32_t) +
                       sizeof(ClassQueue) + sizeof *m->level);
    if (m->queues)
        for (size_t k = 0; k < m->run_cap; k++)
            b += m->queues[k].cap * sizeof(QEntry);
    b += 3 * m->ring_size * (sizeof(int64_t) + 1);
    b += m->d_cap * (sizeof *m->dd + sizeof *m->dx);
    b += 2 * m->vheap_cap * sizeof *m->vheap;
    for (size_t l = 0; l < W_MAX; l++)
        b += m->levels[l].cap * sizeof(WalkJob);
    b += m->vlog_cap * sizeof *m->vlog + m->undo_cap * sizeof *m->undo;
    b += m->vstarts_cap * sizeof *m->vstarts;
    for (size_t w = 0; w < W_MAX; w++)
        b += m->hist_cap[w] * sizeof *m->hist[w] +
             m->long_cap[w] * sizeof *m->long_waits[w];
    b += m->minute_capacity * sizeof *m->minutes;
    b += m->block ? 4096 * sizeof *m->block : 0;
    b += m->by_nodes_capacity * sizeof *m->by_nodes;
    if (m->sizes) {
        const HybridSizesMem *z = m->sizes;
        b += sizeof *z + z->unserved_cap * sizeof *z->unserved_at +
             z->by_rate_cap * sizeof *z->by_rate + z->order_cap * sizeof *z->order;
    }
    return b;
}

unsigned long long hybrid_scratch_work(const HybridScratch *sc)
{
    const HybridMem *m = sc->mem;
    return m ? (unsigned long long)(m->work + m->ring.steps + m->uring.steps +
                                    m->vring.steps)
             : 0;
}

void hybrid_progress(const HybridScratch *sc, size_t done, size_t total)
{
    if (sc->progress)
        sc->progress(sc->progress_arg, done, total);
}

int hybrid_source_failed(Diag *d)
{
    if (d->status == 0) /* a source that said nothing */
        diag_fail(d, "the job stream failed");
    return -1;
}

void hybrid_result_warn(HybridResult *r, const char *fmt, ...)
{
    if (r->warning_count >= HYBRID_MAX_WARNINGS)
        abort(); /* hybrid.h: there is room for every warning */
    char *out = r->warnings[r->warning_count++];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(out, HYBRID_WARNING_BYTES, fmt, ap);
    va_end(ap);
    if (n >= HYBRID_WARNING_BYTES) {
        /* Never cut a message silently: end it with an ellipsis, on a
         * character boundary. */
        static const char more[] = "\xe2\x80\xa6";
        size_t len = strlen(out);
        size_t cut = utf8_floor(out, len, HYBRID_WARNING_BYTES - sizeof more);
        memcpy(out + cut, more, sizeof more);
    }
}
