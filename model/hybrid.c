/* hybrid.c: the hybrid plan's entry points (DESIGN 6):
 * hybrid_simulate() and hybrid_evaluate(), which runs the plan, the
 * comparisons and the optimizer and words the warnings. How a run works is
 * in hybrid_sim.h and the files it lists. */
#include "config.h"

#include "hybrid_sim.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "utf8.h"

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
    r->unserved.jobs = (double)st->unserved_jobs;
    r->unserved.gpu_hours = st->unserved_gpu_hours;
    r->unserved.monthly = st->unserved_monthly;
    r->total_monthly = st->total_monthly;
    const double h = c->scale / 60;
    r->work.demand_gpu_hours = (double)st->demand_gpu_minutes * h;
    r->work.onprem_gpu_hours = (double)st->onprem_gpu_minutes * h;
    r->work.carried_gpu_hours = (double)st->carried_gpu_minutes * h;
    r->work.cloud_gpu_hours = (double)st->cloud_gpu_minutes * h;
    r->work.unserved_gpu_hours = (double)st->unserved_gpu_minutes * h;
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
        wr->unserved_jobs = (double)ws->unserved_jobs;
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
    if (st->unserved_jobs > 0) /* DESIGN 6.2 */
        hybrid_result_warn(r,
             "%zu job%s still queued on-prem when the period ends (%.1f "
             "GPU-hours a month); priced as finished in the cloud",
             st->unserved_jobs, st->unserved_jobs == 1 ? " is" : "s are",
             st->unserved_gpu_hours);
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
        Diag d;
        if (hybrid_run(c, sc, base, fleet, ROUTE_PLAN, false, true, &fs,
                       &d) < 0) {
            hybrid_result_warn(r, "%s", d.message);
            return -1;
        }
        if (fs.cancelled) {
            r->cancelled = true;
            return 2;
        }
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
static int all_cloud(const HybridCtx *c, HybridResult *r)
{
    size_t *all = c->nc > 0 ? malloc(c->nc * sizeof *all) : NULL;
    if (c->nc > 0 && !all)
        return -2;
    for (size_t k = 0; k < c->nc; k++)
        all[k] = c->cls[k].count;
    HybridSimStats cs;
    memset(&cs, 0, sizeof cs);
    hybrid_cloud_figures(c, all, &cs);
    free(all);
    r->all_cloud.monthly = cs.cloud_monthly;
    return 0;
}

/* Whether every sum of GPU-minutes of c's stream stays exact in 64 bits:
 * each job's GPUs x (its minutes + the period), summed, at most INT64_MAX
 * (its work, busy, carried, cloud and unserved are each at most GPUs x
 * minutes; its on-demand demand is at most GPUs x the period). */
static bool work_fits(const HybridCtx *c)
{
    int64_t sum = 0, w;
    for (size_t k = 0; k < c->nc; k++) {
        const HybridClass *cl = &c->cls[k];
        if (__builtin_mul_overflow(cl->g, cl->dur + c->period, &w) ||
            __builtin_mul_overflow(w, (int64_t)cl->count, &w) ||
            __builtin_add_overflow(sum, w, &sum))
            return false;
    }
    return true;
}

/* The jobs of one call into the scratch; why it failed into msg (size
 * HYBRID_WARNING_BYTES). Returns as hybrid_evaluate() does. */
static int load(HybridCtx *c, const Scenario *s, const HybridPlan *p,
                HybridScratch *sc, char *msg)
{
    const size_t size = HYBRID_WARNING_BYTES;
    memset(c, 0, sizeof *c);
    msg[0] = '\0';
    if (p->workload_count > W_MAX)
        abort();
    Diag d;
    if (!sc->source && hybrid_check_jobs(p, &d) != 0) {
        utf8_clip(d.message, msg, size); /* a cut ends in "…" */
        return -1;
    }
    int rc = hybrid_jobs_load(c, s, p, sc, &d);
    if (rc == -1) /* the source's words, or a sentence when it gave none */
        utf8_clip(d.status ? d.message : "the job stream failed", msg, size);
    if (rc == 0 && c->count > HYBRID_MAX_JOBS) {
        snprintf(msg, size,
                 "the job stream holds %zu jobs, more than the %d a plan "
                 "may simulate", c->count, HYBRID_MAX_JOBS);
        rc = -1;
    }
    if (rc == 0 && !work_fits(c)) {
        snprintf(msg, size,
                 "the job stream's %zu jobs hold more GPU-minutes than a "
                 "plan may count exactly (over 9.2e18, with the period); "
                 "lower their GPUs, hours or number", c->count);
        rc = -1;
    }
    if (rc == -2)
        snprintf(msg, size, "not enough memory to simulate %zu jobs",
                 c->count);
    return rc;
}

/* A run's failure (the source) or stop into r; 0 when it did neither. */
static int run_outcome(int rc, const HybridSimStats *st, const char *msg,
                       HybridResult *r)
{
    if (rc < 0) {
        hybrid_result_warn(r, "%s", msg);
        return -1;
    }
    if (st->cancelled) {
        r->cancelled = true;
        return 2;
    }
    return 0;
}

int hybrid_simulate(const Scenario *s, const HybridPlan *p,
                    double onprem_nodes, HybridSimStats *out,
                    HybridScratch *scratch)
{
    HybridCtx c;
    char msg[HYBRID_WARNING_BYTES];
    memset(out, 0, sizeof *out);
    int rc = load(&c, s, p, scratch, msg);
    if (rc == 2)
        out->cancelled = true;
    if (rc != 0)
        return rc;
    Baseline base;
    Diag d;
    if (hybrid_baseline_build(&c, scratch, ROUTE_PLAN, &base, &d) != 0)
        return -1;
    rc = hybrid_run(&c, scratch, &base, (int64_t)llround(onprem_nodes),
                    ROUTE_PLAN, true, false, out, &d);
    return rc < 0 ? -1 : out->cancelled ? 2 : 0;
}

int hybrid_evaluate(const Scenario *s, const HybridPlan *p, HybridResult *r,
                    HybridScratch *sc)
{
    HybridCtx c;
    HybridSimStats st;
    char msg[HYBRID_WARNING_BYTES];
    memset(r, 0, sizeof *r);
    int rc = load(&c, s, p, sc, msg);
    if (rc == 2)
        r->cancelled = true;
    else if (rc != 0)
        hybrid_result_warn(r, "%s", msg);
    if (rc != 0)
        return rc;
    /* With no caller waiting for the plan's own figures (plan_ready) or
     * counting the steps, and every job in the cache, the all-on-prem
     * search runs first: the optimizer then finds the plan's baseline
     * still in the cache rather than building it a second time. The
     * figures are the same in either order. */
    bool ao_first = !sc->plan_ready && !sc->progress && sc->mem->cached;
    int64_t plan_nodes = (int64_t)llround(p->onprem_nodes);
    size_t searched = 0;
    if (ao_first && (rc = hybrid_all_onprem(&c, sc, plan_nodes, r, &searched)) != 0)
        return rc;
    Baseline base;
    Diag d;
    if (hybrid_baseline_build(&c, sc, ROUTE_PLAN, &base, &d) != 0)
        return run_outcome(-1, &st, d.message, r);

    /* The plan itself. */
    rc = hybrid_run(&c, sc, &base, plan_nodes, ROUTE_PLAN, true, false, &st,
                    &d);
    if ((rc = run_outcome(rc, &st, d.message, r)) != 0)
        return rc;
    r->onprem_nodes = (double)plan_nodes;
    plan_figures(&c, sc, &st, r);
    plan_warnings(&c, &st, r);
    if ((rc = fleet_warning(&c, sc, &base, plan_nodes, &st, r)) != 0)
        return rc;
    if (all_cloud(&c, r) != 0) {
        hybrid_result_warn(r, "not enough memory to price all cloud");
        return -2;
    }
    if (sc->plan_ready)
        sc->plan_ready(sc->progress_arg, r);

    if (ao_first)
        return hybrid_optimize(&c, sc, searched, &base, r);
    if ((rc = hybrid_all_onprem(&c, sc, plan_nodes, r, &searched)) != 0)
        return rc;
    return hybrid_optimize(&c, sc, searched, NULL, r);
}
