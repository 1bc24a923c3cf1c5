/* hybrid_jobs.c: the jobs of one hybrid evaluation (DESIGN 6.1): the
 * constants of the call, the classes of alike jobs, one pass over the
 * stream that counts and checks it, the replay cache when the stream fits,
 * the unlimited cluster of a routing, and the feed a streamed run reads. */
#include "config.h"

#include "hybrid_bound.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_JOBS 4096

/* The per-workload constants of DESIGN 6 (limits, targets), the scale and
 * K; copies s into the scratch for M_onprem. */
static void ctx_init(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc)
{
    memset(c, 0, sizeof *c);
    c->s = s;
    c->p = p;
    c->nw = p->workload_count;
    c->period = hybrid_plan_period(p);
    c->scale = s->hours_per_month / (p->days * 24);
    c->gpn = (int64_t)llround(s->hardware.gpus_per_node);
    c->premium = 1 + s->cloud.managed_premium_pct / 100;
    for (size_t w = 0; w < c->nw; w++) {
        const HybridWorkload *wl = &p->workloads[w];
        c->limit[w] = hybrid_workload_max_wait(p, wl);
        c->target[w] = wl->run == RUN_BURST || wl->has_max_wait;
    }
    /* K (DESIGN 2.2): the fixed lines of the on-demand option. */
    CostResult cr;
    cost_evaluate(s, &cr);
    const double *l = cr.option[OPT_ON_DEMAND].line;
    c->fixed = l[LINE_EGRESS] + l[LINE_STORAGE] + l[LINE_STAFF] +
               l[LINE_OTHER] + l[LINE_OPPORTUNITY];
    scenario_copy_main(&sc->onprem, s); /* (all cost_evaluate reads) */
}

/* A class's constants from its first job. */
static void class_init(const HybridCtx *c, HybridClass *k, const HybridJob *j)
{
    const HybridPlan *p = c->p;
    const HybridWorkload *wl = &p->workloads[j->workload];
    const Scenario *s = c->s;
    memset(k, 0, sizeof *k);
    k->w = j->workload;
    k->g = j->gpus;
    k->dur = j->minutes;
    k->hours = j->hours;
    k->run = wl->run;
    k->prio = (int)llround(wl->priority);
    /* For whole minutes x, x > limit exactly when x > wait_ok. */
    double lim = c->limit[k->w];
    k->wait_ok = isnan(lim) || lim >= 0x1p62 ? INT64_MAX
                 : lim <= -0x1p62            ? INT64_MIN
                                             : (int64_t)floor(lim);
    /* In the cloud (DESIGN 6): gpus x (hours / g + idle / 60) GPU-hours at
     * its cloud_gpu_hour or its mode's price; `onprem` jobs run
     * on-demand. */
    const double goodput[2] = {1, s->cloud.spot_goodput_pct / 100};
    k->mode = wl->run == RUN_ONPREM ? MODE_ON_DEMAND : wl->cloud_mode;
    k->gh = (double)k->g * (j->hours / goodput[k->mode] +
                            p->cloud_idle_minutes / 60);
    k->price = hybrid_workload_price(s, wl);
    k->od_demand = k->mode == MODE_ON_DEMAND && !wl->has_cloud_price;
    double bm = llround(j->hours * 60 + p->cloud_idle_minutes);
    k->bill_minutes = bm < 1 ? 1 : (int64_t)bm;
}

static uint64_t class_hash(const HybridJob *j)
{
    uint64_t h = (uint64_t)j->workload * UINT64_C(0x9e3779b97f4a7c15);
    h ^= (uint64_t)j->gpus * UINT64_C(0xbf58476d1ce4e5b9);
    h ^= (uint64_t)j->minutes * UINT64_C(0x94d049bb133111eb);
    uint64_t bits;
    memcpy(&bits, &j->hours, sizeof bits);
    h ^= bits + (h << 6) + (h >> 2);
    return h ^ (h >> 31);
}

static bool same_class(const HybridClass *k, const HybridJob *j)
{
    return k->w == j->workload && k->g == j->gpus && k->dur == j->minutes &&
           k->hours == j->hours;
}

/* The hash table's slot for job j: its class's, or the empty one where it
 * would go. */
static size_t class_slot(const HybridMem *mem, const HybridJob *j)
{
    size_t at = class_hash(j) & (mem->hash_cap - 1);
    for (;; at = (at + 1) & (mem->hash_cap - 1)) {
        uint32_t v = mem->class_hash[at];
        if (v == 0 || same_class(&mem->cls[v - 1], j))
            return at;
    }
}

/* The class of job j among those known, or -1. */
static long class_lookup(const HybridCtx *c, const HybridMem *mem,
                         const HybridJob *j)
{
    (void)c;
    if (mem->hash_cap == 0)
        return -1;
    uint32_t v = mem->class_hash[class_slot(mem, j)];
    return v == 0 ? -1 : (long)v - 1;
}

/* Double the hash table (kept at most half full). */
static bool hash_grow(HybridMem *mem, size_t nc)
{
    size_t cap = mem->hash_cap ? 2 * mem->hash_cap : 64;
    uint32_t *h = calloc(cap, sizeof *h);
    if (!h)
        return false;
    uint32_t *old = mem->class_hash;
    size_t old_cap = mem->hash_cap;
    mem->class_hash = h;
    mem->hash_cap = cap;
    for (size_t i = 0; i < old_cap; i++) {
        uint32_t v = old[i];
        if (v == 0)
            continue;
        const HybridClass *k = &mem->cls[v - 1];
        HybridJob probe = {0, k->g, k->dur, k->hours, k->w};
        h[class_slot(mem, &probe)] = v;
    }
    free(old);
    (void)nc;
    return true;
}

/* The class of job j (a source's own jobs), made when new: its index, or
 * -1 when there are CLASS_MAX already, -2 when memory is short. */
static long class_of(HybridCtx *c, HybridMem *mem, const HybridJob *j)
{
    if (mem->hash_cap < 2 * (c->nc + 1) && !hash_grow(mem, c->nc))
        return -2;
    size_t at = class_slot(mem, j);
    if (mem->class_hash[at] != 0)
        return (long)mem->class_hash[at] - 1;
    if (c->nc >= CLASS_MAX)
        return -1;
    if (c->nc >= mem->cls_cap) {
        size_t cap = mem->cls_cap ? 2 * mem->cls_cap : 64;
        if (!hybrid_grow(&mem->cls, cap, sizeof *mem->cls))
            return -2;
        mem->cls_cap = cap;
        c->cls = mem->cls;
    }
    class_init(c, &mem->cls[c->nc], j);
    mem->class_hash[at] = (uint32_t)(c->nc + 1);
    return (long)c->nc++;
}

/* Job j, the stream's n-th (from 0), keeps the stream's rules (hybrid_stream.h)
 * after one at minute prev: 0; else d's status, d saying which rule. */
static int job_check(const HybridCtx *c, const HybridJob *j, size_t n,
                     int64_t prev, Diag *d)
{
    const char *why = NULL;
    if (j->workload >= c->nw)
        why = "its workload is not one of the plan's";
    else if (j->submit < 0 || j->submit >= c->period)
        why = "it is submitted outside the simulated period";
    else if (j->submit < prev)
        why = "it is submitted before the job ahead of it in the stream";
    else if (j->gpus < 1 || j->gpus > 100000)
        why = "its GPUs are not a whole number from 1 to 100,000";
    else if (j->minutes < 1 || j->minutes > 527040)
        why = "its duration is not 1 minute to 366 days";
    else if (!(j->hours > 0))
        why = "its billed hours are not above 0";
    if (!why)
        return 0;
    return diag_fail(d, "job %zu of the stream (minute %lld): %s", n + 1,
                     (long long)j->submit, why);
}

/* The class of job j: the workload's for the plan's own source. */
static long job_class(HybridCtx *c, HybridMem *mem, const HybridJob *j,
                      bool own, Diag *d)
{
    if (own)
        return (long)j->workload;
    long k = class_of(c, mem, j);
    if (k == -1)
        diag_fail(d, "the stream's jobs come in more than %u shapes "
                  "(workload, GPUs, minutes, hours); at most %u can be "
                  "simulated", CLASS_MAX, CLASS_MAX);
    return k;
}

/* The plan's own workloads as classes 0..nw-1. */
static int own_classes(HybridCtx *c, HybridMem *mem)
{
    if (mem->cls_cap < W_MAX) {
        if (!hybrid_grow(&mem->cls, W_MAX, sizeof *mem->cls))
            return -2;
        mem->cls_cap = W_MAX;
    }
    c->cls = mem->cls;
    c->nc = c->nw;
    for (size_t w = 0; w < c->nw; w++) {
        const HybridWorkload *wl = &c->p->workloads[w];
        double m = llround(wl->hours * 60);
        HybridJob j = {0, (int64_t)llround(wl->gpus), m < 1 ? 1 : (int64_t)m,
                       wl->hours, w};
        class_init(c, &mem->cls[w], &j);
    }
    return 0;
}

/* Each class's submission minutes, in stream order, from the cache. */
static int cache_index(HybridCtx *c, HybridMem *mem)
{
    if (mem->coff_cap < c->nc + 1) {
        if (!hybrid_grow(&mem->coff, c->nc + 1, sizeof *mem->coff))
            return -2;
        mem->coff_cap = c->nc + 1;
    }
    size_t *off = mem->coff;
    off[0] = 0;
    for (size_t k = 0; k < c->nc; k++)
        off[k + 1] = off[k] + c->cls[k].count;
    size_t fill[CLASS_MAX];
    memcpy(fill, off, c->nc * sizeof *off);
    for (size_t i = 0; i < c->count; i++)
        mem->csub[fill[key_class(mem->keys[i])]++] =
            (int32_t)key_minute(mem->keys[i]);
    return 0;
}

/* The source of this call: the caller's, or the plan's own. */
static HybridJobSource *source_of(const HybridCtx *c, HybridScratch *sc,
                                  bool *own)
{
    HybridMem *mem = sc->mem;
    *own = sc->source == NULL;
    if (*own)
        hybrid_plan_source(&mem->plan_source, c->p, &mem->source);
    else
        mem->source = *sc->source;
    return &mem->source;
}

int hybrid_jobs_load(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                     HybridScratch *sc, Diag *d)
{
    diag_clear(d, NULL);
    ctx_init(c, s, p, sc);
    HybridMem *mem = hybrid_mem(sc);
    if (!mem)
        return -2;
    bool own;
    HybridJobSource *src = source_of(c, sc, &own);
    if (own) {
        if (own_classes(c, mem) != 0)
            return -2;
    } else {
        c->nc = 0;
        c->cls = mem->cls;
        if (mem->class_hash)
            memset(mem->class_hash, 0,
                   mem->hash_cap * sizeof *mem->class_hash);
    }
    if (src->rewind(src->state, d) != 0)
        return -1;
    /* A plan's own stream known to pass the cache is not tried there: its
     * memory would peak at the cache's size for nothing. */
    bool about;
    mem->cached = !(sc->test_mode & HYBRID_TEST_STREAM) &&
                  !(own && hybrid_expected_jobs(p, &about) > HYBRID_CACHE_JOBS);
    HybridJob j;
    int64_t prev = 0;
    size_t n = 0;
    int got;
    while ((got = src->next(src->state, &j, d)) == 1) {
        if ((n & 0xffff) == 0 && hybrid_cancelled(sc))
            return 2;
        if (job_check(c, &j, n, prev, d) != 0)
            return -1;
        long k = job_class(c, mem, &j, own, d);
        if (k < 0)
            return k == -2 ? -2 : -1;
        prev = j.submit;
        c->cls[k].count++;
        c->jobs[j.workload]++;
        if (mem->cached)
            mem->cached = hybrid_cache_put(mem, n, (uint32_t)j.submit << CLASS_BITS |
                                                (uint32_t)k);
        n++;
    }
    if (got < 0)
        return -1;
    c->count = n;
    for (size_t k = 0; k < c->nc; k++)
        if (c->cls[k].dur > c->max_dur)
            c->max_dur = c->cls[k].dur;
    if (mem->cached && cache_index(c, mem) != 0)
        return -2;
    return hybrid_run_memory(c, mem);
}

/* Room for n more of the per-class arrays. */
static bool per_class(HybridMem *mem, size_t nc)
{
    if (nc <= mem->run_cap)
        return true;
    if (!hybrid_grow(&mem->cloud, nc, sizeof *mem->cloud) ||
        !hybrid_grow(&mem->unserved, nc, sizeof *mem->unserved) ||
        !hybrid_grow(&mem->tl, nc, sizeof *mem->tl) ||
        !hybrid_grow(&mem->xr, nc, sizeof *mem->xr) ||
        !hybrid_grow(&mem->wsum, nc, sizeof *mem->wsum) ||
        !hybrid_grow(&mem->vpos, nc, sizeof *mem->vpos) ||
        !hybrid_grow(&mem->vlast, nc, sizeof *mem->vlast) ||
        !hybrid_grow(&mem->vtouched, nc, sizeof *mem->vtouched) ||
        !hybrid_grow(&mem->level, nc, sizeof *mem->level) ||
        !hybrid_grow(&mem->heads.h, nc, sizeof *mem->heads.h) ||
        !hybrid_grow(&mem->vheads.h, nc, sizeof *mem->vheads.h) ||
        !hybrid_grow(&mem->vheads.pos, nc, sizeof *mem->vheads.pos) ||
        !hybrid_grow(&mem->passed, nc, sizeof *mem->passed) ||
        !hybrid_grow(&mem->burst, nc, sizeof *mem->burst) ||
        !hybrid_grow(&mem->win, nc, sizeof *mem->win) ||
        !hybrid_grow(&mem->queues, nc, sizeof *mem->queues))
        return false;
    memset(mem->queues + mem->run_cap, 0,
           (nc - mem->run_cap) * sizeof *mem->queues);
    mem->run_cap = nc;
    return true;
}

static bool ring_size(Ring *r, size_t size)
{
    if (!hybrid_grow(&r->v, size, sizeof *r->v) ||
        !hybrid_grow(&r->bits, size / 64, sizeof *r->bits))
        return false;
    memset(r->v, 0, size * sizeof *r->v);
    memset(r->bits, 0, size / 64 * sizeof *r->bits);
    r->mask = (int64_t)size - 1;
    return true;
}

int hybrid_run_memory(const HybridCtx *c, HybridMem *mem)
{
    if (!per_class(mem, c->nc > 0 ? c->nc : 1))
        return -2;
    /* Every pending end lies within the longest job of the present. */
    size_t size = 64;
    while ((int64_t)size < c->max_dur + 2)
        size *= 2;
    if (size > mem->ring_size) {
        /* The walk's notes of the slots it wrote: emptying by them costs
         * no more than a sweep. */
        size_t vlog = size / 8 > 256 ? size / 8 : 256;
        if (!ring_size(&mem->ring, size) || !ring_size(&mem->uring, size) ||
            !ring_size(&mem->vring, size) ||
            !hybrid_grow(&mem->vlog, vlog, sizeof *mem->vlog))
            return -2;
        mem->ring_size = size;
        mem->vlog_cap = vlog;
        mem->vlog_n = 0;
        mem->vlog_over = false;
    }
    /* Only a cached stream's runs skip to where the size binds. */
    if (mem->cached && mem->ring_size > mem->d_cap) {
        if (!hybrid_grow(&mem->dd, mem->ring_size, sizeof *mem->dd) ||
            !hybrid_grow(&mem->dx, mem->ring_size, sizeof *mem->dx))
            return -2;
        mem->d_cap = mem->ring_size;
    }
    if (!mem->block &&
        !hybrid_grow(&mem->block, BLOCK_JOBS, sizeof *mem->block))
        return -2;
    size_t minutes = (size_t)c->period + 1;
    if (minutes > mem->minute_capacity) {
        if (!hybrid_grow(&mem->minutes, minutes, sizeof *mem->minutes))
            return -2;
        mem->minute_capacity = minutes;
        mem->minutes_dirty = minutes; /* (not cleared by the growth) */
    }
    return 0;
}

size_t hybrid_lower_bound(const int32_t *v, size_t n, int64_t x)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if ((int64_t)v[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Empty ring r of every end after `now` (all within its size). */
static void ring_clear(Ring *r, int64_t now)
{
    int64_t t = now;
    while ((t = ring_next(r, t, now + r->mask)) != NEVER)
        ring_take(r, t);
}

/* The unlimited cluster, one job at a time: frees what ended by t, then
 * starts a job of class k at t when `on`; returns the GPUs in use. */
static int64_t unlimited_step(const HybridCtx *c, Ring *u, int64_t *now,
                              int64_t *usage, int64_t t, size_t k, bool on)
{
    if (t > *now && *usage > 0) {
        int64_t lim = t < *now + u->mask ? t : *now + u->mask;
        for (int64_t e = *now; (e = ring_next(u, e, lim)) != NEVER;)
            *usage -= ring_take(u, e);
    }
    if (t > *now)
        *now = t;
    if (on) {
        *usage += c->cls[k].g;
        ring_add(u, t + c->cls[k].dur, c->cls[k].g);
    }
    return *usage;
}

/* The unlimited cluster from the cache: its on-prem jobs into rkeys, the
 * GPUs in use after each into use. */
static void baseline_cached(const HybridCtx *c, HybridMem *mem, Baseline *b)
{
    Ring *u = &mem->uring;
    int64_t now = 0, usage = 0;
    NeedScan need;
    hybrid_need_begin(c, b->route, &need);
    ring_clear(u, -1);
    for (size_t i = 0; i < c->count; i++) {
        uint32_t key = mem->keys[i];
        size_t k = key_class(key);
        int64_t t = key_minute(key);
        bool on = route_run(c, b->route, k) != RUN_CLOUD;
        unlimited_step(c, u, &now, &usage, t, k, on);
        if (!on)
            continue;
        b->busy += contrib(c, k, t);
        b->carried += carried(c, k, t);
        if (usage > b->peak)
            b->peak = usage;
        if (usage > INT32_MAX)
            b->reuse = false;
        hybrid_need_job(c, &need, k, t);
        mem->rkeys[b->n] = key;
        mem->use[b->n++] = (int32_t)(usage < INT32_MAX ? usage : INT32_MAX);
    }
    b->need = hybrid_need_end(&need);
    ring_clear(u, now);
}

/* The unlimited cluster read from the source: its busy time and peak. */
static int baseline_streamed(const HybridCtx *c, HybridScratch *sc,
                             Baseline *b, Diag *d)
{
    HybridMem *mem = sc->mem;
    Sim m;
    memset(&m, 0, sizeof m);
    m.c = c;
    m.sc = sc;
    m.mem = mem;
    m.diag = d;
    m.feed.more = true;
    if (mem->source.rewind(mem->source.state, d) != 0)
        return -1;
    Ring *u = &mem->uring;
    int64_t now = 0, usage = 0;
    NeedScan need;
    hybrid_need_begin(c, b->route, &need);
    ring_clear(u, -1);
    uint32_t key;
    for (size_t n = 1; feed_peek(&m, &key); n++) {
        if ((n & 0xffff) == 0 && hybrid_cancelled(sc))
            break; /* the caller's run sees the flag and stops */
        m.feed.pos++;
        size_t k = key_class(key);
        int64_t t = key_minute(key);
        bool on = route_run(c, b->route, k) != RUN_CLOUD;
        unlimited_step(c, u, &now, &usage, t, k, on);
        if (!on)
            continue;
        b->busy += contrib(c, k, t);
        b->carried += carried(c, k, t);
        if (usage > b->peak)
            b->peak = usage;
        hybrid_need_job(c, &need, k, t);
        b->n++;
    }
    b->need = hybrid_need_end(&need); /* 0 when cancelled */
    ring_clear(u, now);
    return m.feed.error ? -1 : 0;
}

int hybrid_baseline_build(const HybridCtx *c, HybridScratch *sc,
                          Routing route, Baseline *b, Diag *d)
{
    memset(b, 0, sizeof *b);
    b->route = route;
    HybridMem *mem = sc->mem;
    if (!mem->cached) {
        diag_clear(d, NULL);
        if (baseline_streamed(c, sc, b, d) != 0)
            return hybrid_source_failed(d);
        return 0;
    }
    b->reuse = !(sc->test_mode & HYBRID_TEST_WHOLE);
    baseline_cached(c, mem, b);
    return 0;
}

bool hybrid_feed_refill(Sim *m)
{
    Feed *f = &m->feed;
    HybridMem *mem = m->mem;
    const HybridCtx *c = m->c;
    f->base += f->len;
    f->pos = f->len = 0;
    f->keys = mem->block;
    bool own = m->sc->source == NULL;
    HybridJob j;
    int got = 0;
    while (f->len < BLOCK_JOBS &&
           (got = mem->source.next(mem->source.state, &j, m->diag)) == 1) {
        size_t n = f->base + f->len;
        int64_t prev = f->len > 0   ? key_minute(mem->block[f->len - 1])
                       : n > 0      ? f->last
                                    : 0;
        long k = -1;
        if (job_check(c, &j, n, prev, m->diag) == 0)
            k = own ? (long)j.workload : class_lookup(c, mem, &j);
        if (k < 0) {
            if (k == -1 && m->diag->status == 0)
                diag_fail(m->diag,
                          "job %zu of the stream is not the one read before "
                          "(the source yields other jobs on a second pass)",
                          n + 1);
            got = -1;
            break;
        }
        mem->block[f->len++] = (uint32_t)j.submit << CLASS_BITS | (uint32_t)k;
    }
    if (f->len > 0)
        f->last = key_minute(mem->block[f->len - 1]);
    if (got != 1) {
        f->more = false;
        if (got < 0)
            f->error = 1;
    }
    return f->len > 0 && !f->error;
}

void hybrid_wait_add(Sim *m, size_t w, int64_t wait)
{
    m->wait_sum[w] += wait;
    if (wait <= 0)
        return;
    if (m->miss_at[w] > 0 && (double)wait > m->c->limit[w] &&
        ++m->over[w] >= m->miss_at[w])
        m->missed = true;
    HybridMem *mem = m->mem;
    m->nwait[w]++;
    if (wait >= HIST_MINUTES) {
        if (mem->long_n[w] == mem->long_cap[w]) {
            size_t cap = mem->long_cap[w] ? 2 * mem->long_cap[w] : 256;
            if (!hybrid_grow(&mem->long_waits[w], cap,
                             sizeof *mem->long_waits[w]))
                abort(); /* out of memory in the middle of a run */
            mem->long_cap[w] = cap;
        }
        mem->long_waits[w][mem->long_n[w]++] = wait;
        return;
    }
    size_t at = (size_t)wait;
    if (at >= mem->hist_cap[w]) {
        size_t cap = mem->hist_cap[w] ? mem->hist_cap[w] : 1024;
        while (cap <= at)
            cap *= 2;
        if (!hybrid_grow(&mem->hist[w], cap, sizeof *mem->hist[w]))
            abort(); /* out of memory in the middle of a run */
        memset(mem->hist[w] + mem->hist_cap[w], 0,
               (cap - mem->hist_cap[w]) * sizeof *mem->hist[w]);
        mem->hist_cap[w] = cap;
    }
    mem->hist[w][at]++;
    if (at > m->wait_top[w])
        m->wait_top[w] = at;
}
