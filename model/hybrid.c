/* hybrid.c: the hybrid plan's entry points (DESIGN 6): the scratch,
 * hybrid_simulate() and hybrid_evaluate(), which runs the plan, the
 * comparisons and the optimizer and words the warnings. How a run works is
 * in hybrid_sim.h and the files it lists. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

double hybrid_workload_max_wait(const HybridPlan *p, const HybridWorkload *wl)
{
    return wl->has_max_wait ? wl->max_wait_minutes : p->max_wait_minutes;
}

double hybrid_workload_price(const Scenario *s, const HybridWorkload *wl)
{
    if (wl->has_cloud_price)
        return wl->cloud_gpu_hour;
    HybridCloudMode mode = wl->run == RUN_ONPREM ? MODE_ON_DEMAND : wl->cloud_mode;
    return mode == MODE_SPOT ? s->cloud.spot_gpu_hour : s->cloud.on_demand_gpu_hour;
}

const char *hybrid_run_key(HybridRun run)
{
    switch (run) {
    case RUN_ONPREM:
        return "onprem";
    case RUN_CLOUD:
        return "cloud";
    case RUN_BURST:
        return "burst";
    }
    return "?";
}

const char *hybrid_mode_key(HybridCloudMode mode)
{
    return mode == MODE_SPOT ? "spot" : "on_demand";
}

/* ---- scratch ------------------------------------------------------------ */

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

/* ---- evaluation ------------------------------------------------------ */

/* Copy at most max_chars characters of src into dst (size n), never
 * cutting one in two. */
static void text_prefix(char *dst, size_t n, const char *src, size_t max_chars)
{
    size_t len = strlen(src), i = 0;
    for (size_t chars = 0; chars < max_chars && i < len; chars++) {
        size_t next = utf8_next(src, len, i);
        if (next >= n)
            break;
        i = next;
    }
    memcpy(dst, src, i);
    dst[i] = '\0';
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

/* The plan's own figures from its run st into r. */
static void plan_figures(const HybridCtx *c, HybridScratch *sc,
                         const HybridSimStats *st, HybridResult *r)
{
    const HybridPlan *p = c->p;
    r->onprem.gpu_hours = st->onprem_gpu_hours;
    r->onprem.utilization_pct = st->utilization * 100;
    r->onprem.monthly = st->onprem_monthly;
    r->cloud.on_demand.gpu_hours = st->cloud_gpu_hours[MODE_ON_DEMAND];
    r->cloud.on_demand.monthly = st->cloud_compute[MODE_ON_DEMAND];
    r->cloud.spot.gpu_hours = st->cloud_gpu_hours[MODE_SPOT];
    r->cloud.spot.monthly = st->cloud_compute[MODE_SPOT];
    r->cloud.fixed_monthly = st->fixed_monthly;
    r->cloud.monthly = st->cloud_monthly;
    r->total_monthly = st->total_monthly;
    r->workload_count = p->workload_count;
    r->backfilled_jobs = (double)st->backfilled_jobs;
    r->late_jobs = (double)st->late_jobs;
    hybrid_commit_figures(c, sc, st, r);
    for (size_t k = 0; k < p->workload_count; k++) {
        const HybridWorkloadStats *ws = &st->workload[k];
        HybridWorkloadResult *wr = &r->workloads[k];
        memcpy(wr->name, p->workloads[k].name, sizeof wr->name);
        wr->jobs = (double)ws->jobs;
        wr->to_cloud_pct =
            ws->jobs ? 100.0 * (double)ws->cloud_jobs / (double)ws->jobs : 0;
        wr->wait_mean_minutes = ws->wait_mean;
        wr->wait_p95_minutes = ws->wait_p95;
        wr->late_jobs = (double)ws->late_jobs;
    }
}

/* The warnings of the plan's own run st: a too-big job, a workload with no
 * jobs, cloud jobs where compliance forbids the cloud. */
static void plan_warnings(const HybridCtx *c, const HybridSimStats *st,
                          HybridResult *r)
{
    const HybridPlan *p = c->p;
    char name[4 * 40 + 1];
    for (size_t k = 0; k < p->workload_count; k++) {
        const HybridWorkloadStats *ws = &st->workload[k];
        text_prefix(name, sizeof name, p->workloads[k].name, 40);
        if (ws->too_big)
            hybrid_result_warn(r,
                 "workload '%s': a job needs %.0f GPUs, more than the %.0f "
                 "on-prem GPUs; its jobs run in the cloud",
                 name, p->workloads[k].gpus, st->onprem_gpus);
        if (ws->jobs == 0)
            hybrid_result_warn(r,
                 "workload '%s': no jobs in the simulated period", name);
    }
    if (c->s->constraints.compliance_forbids_cloud && st->cloud_jobs > 0)
        hybrid_result_warn(r,
             "compliance forbids the cloud, yet %zu of %zu jobs run there in "
             "this plan",
             st->cloud_jobs, st->jobs);
}

/* The main view's utilization against the simulated one at hardware.nodes
 * (DESIGN 6); st is the plan's run at plan_nodes. Returns 0, or 2 when
 * cancelled. */
static int fleet_warning(const HybridCtx *c, HybridScratch *sc,
                         const Baseline *base, int64_t plan_nodes,
                         const HybridSimStats *st, HybridResult *r)
{
    const Scenario *s = c->s;
    int64_t fleet = (int64_t)llround(s->hardware.nodes);
    if (fleet <= 0)
        return 0;
    HybridSimStats fs;
    const HybridSimStats *at = st;
    if (fleet != plan_nodes) {
        hybrid_run(c, sc, base, fleet, ROUTE_PLAN, false, true, &fs);
        if (fs.cancelled)
            return 2;
        at = &fs;
    }
    double sim_pct = at->utilization * 100;
    double gap = sim_pct - s->utilization.measured_pct;
    if (fabs(gap) > 10)
        hybrid_result_warn(r,
             "at hardware.nodes (%lld) the simulated on-prem utilization "
             "is %.0f%%, %.0f points %s utilization.measured_pct (%g%%) "
             "that the main view uses",
             (long long)fleet, sim_pct, fabs(gap),
             gap > 0 ? "above" : "below", s->utilization.measured_pct);
    return 0;
}

/* All cloud: every job at its cloud_mode, `onprem` jobs on-demand. */
static void all_cloud(const HybridCtx *c, HybridResult *r)
{
    size_t all[W_MAX];
    for (size_t w = 0; w < c->nw; w++)
        all[w] = c->off[w + 1] - c->off[w];
    HybridSimStats cs;
    memset(&cs, 0, sizeof cs);
    hybrid_cloud_figures(c, all, &cs);
    r->all_cloud.monthly = cs.cloud_monthly;
}

/* The job stream of one call into the scratch; a refusal's words into r.
 * Returns as hybrid_evaluate() does. */
static int build_stream(HybridCtx *c, HybridScratch *sc, HybridResult *r)
{
    int rc = hybrid_stream_build(c, sc);
    if (rc == 2) {
        r->cancelled = true;
    } else if (rc == -1) {
        hybrid_check_jobs(c->p, r->warnings[0], HYBRID_WARNING_BYTES);
        r->warning_count = 1;
    } else if (rc != 0) {
        hybrid_result_warn(r, "not enough memory to simulate %zu jobs",
                           c->off[c->nw]);
        rc = -2;
    }
    return rc;
}

int hybrid_evaluate(const Scenario *s, const HybridPlan *p, HybridResult *r,
                    HybridScratch *sc)
{
    HybridCtx c;
    HybridSimStats st;
    memset(r, 0, sizeof *r);
    if (p->workload_count > W_MAX)
        abort();
    hybrid_ctx_init(&c, s, p, sc);
    int rc = build_stream(&c, sc, r);
    if (rc != 0)
        return rc;
    Baseline base;
    hybrid_baseline_build(&c, sc, ROUTE_PLAN, &base);

    /* The plan itself. */
    int64_t plan_nodes = (int64_t)llround(p->onprem_nodes);
    hybrid_run(&c, sc, &base, plan_nodes, ROUTE_PLAN, true, false, &st);
    if (st.cancelled) {
        r->cancelled = true;
        return 2;
    }
    r->onprem_nodes = (double)plan_nodes;
    plan_figures(&c, sc, &st, r);
    plan_warnings(&c, &st, r);
    if (fleet_warning(&c, sc, &base, plan_nodes, &st, r) != 0) {
        r->cancelled = true;
        return 2;
    }
    all_cloud(&c, r);
    if (sc->plan_ready)
        sc->plan_ready(sc->progress_arg, r);

    size_t searched = 0;
    if (hybrid_all_onprem(&c, sc, plan_nodes, r, &searched) != 0)
        return 2;
    return hybrid_optimize(&c, sc, searched, r);
}
