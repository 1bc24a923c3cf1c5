/* hybrid_work.c: hybrid_evaluate() on a background channel, for the
 * planner (see hybrid_work.h). */
#include "config.h"

#include "hybrid_work.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hybrid_stream.h"
#include "strbuf.h"

/* One computation: a private copy of the scenario, and its figures. */
typedef struct HybridTask {
    Scenario s;
    HybridResult r;
    HybridNodesTotal *by_nodes; /* the job's own copy of r.by_nodes */
    HybridResult plan;          /* published: the plan's own figures */
    double cost_ms;             /* hybrid_evaluate()'s own time */
} HybridTask;

static void job_progress(void *ctl, size_t done, size_t total)
{
    bg_progress(ctl, done, total);
}

static void fill_plan(void *job, void *r)
{
    ((HybridTask *)job)->plan = *(const HybridResult *)r;
}

/* The plan's own figures are ready (the optimizer comes next): publish
 * them for the loop. */
static void job_plan_ready(void *ctl, const HybridResult *r)
{
    bg_publish(ctl, fill_plan, (void *)r);
}

/* On the worker: the scratch is the channel's state, used by no one else. */
static void job_run(void *job, void *state, BgCtl *ctl)
{
    HybridTask *j = job;
    HybridScratch *sc = state;
    sc->cancel = bg_stop_flag(ctl);
    sc->progress = job_progress;
    sc->plan_ready = job_plan_ready;
    sc->progress_arg = ctl;
    double t0 = bg_now_ms();
    hybrid_evaluate(&j->s, &j->s.hybrid, &j->r, sc);
    j->cost_ms = j->r.cancelled ? 0 : bg_now_ms() - t0;
    sc->cancel = NULL;
    sc->progress = NULL;
    sc->plan_ready = NULL;
    sc->progress_arg = NULL;
    /* The figures leave the worker: by_nodes must not point into its
     * scratch, which the next job reuses. */
    if (j->r.by_nodes_count > 0) {
        j->by_nodes = malloc(j->r.by_nodes_count * sizeof *j->by_nodes);
        if (j->by_nodes)
            memcpy(j->by_nodes, j->r.by_nodes,
                   j->r.by_nodes_count * sizeof *j->by_nodes);
        else
            j->r.by_nodes_count = 0;
    }
    j->r.by_nodes = j->by_nodes;
}

static void job_free(void *job)
{
    HybridTask *j = job;
    if (!j)
        return;
    free(j->by_nodes);
    free(j);
}

static const BgJobType hybrid_job = {job_run, job_free};

void hybrid_work_open(HybridWork *w, volatile sig_atomic_t *signal_flag)
{
    memset(w, 0, sizeof *w);
    w->signal_flag = signal_flag;
    w->ok = hybrid_scratch_init(&w->scratch, 0) == 0;
    if (w->ok)
        w->ch = bg_open(&hybrid_job, &w->scratch);
    if (!w->ch)
        w->scratch.cancel = signal_flag; /* a signal stops it (DESIGN 7) */
    w->near_ok = w->ch && hybrid_scratch_init(&w->near, 0) == 0;
    w->inline_ms = HYBRID_WORK_INLINE_MS;
    w->near.cancel = signal_flag;
}

/* What drives the cost of evaluating s's plan: its jobs (expected), the
 * largest job's GPUs and hours, a bound on the GPU-hours asked for (jobs
 * times the largest GPUs x hours), the longest wait limit (a prediction
 * looks that far ahead), the plan's nodes (the all-on-prem search starts
 * there) and GPUs a node, and the rule. */
static HybridLoad plan_load(const Scenario *s)
{
    const HybridPlan *p = &s->hybrid;
    HybridLoad l = {0};
    bool about;
    l.jobs = hybrid_expected_jobs(p, &about);
    l.wait = p->max_wait_minutes;
    for (size_t i = 0; i < p->workload_count; i++) {
        const HybridWorkload *wl = &p->workloads[i];
        double wait = hybrid_workload_max_wait(p, wl);
        l.gpus = wl->gpus > l.gpus ? wl->gpus : l.gpus;
        l.hours = wl->hours > l.hours ? wl->hours : l.hours;
        l.wait = wait > l.wait ? wait : l.wait;
        double gh = wl->gpus * wl->hours;
        l.work = gh > l.work ? gh : l.work;
    }
    l.work *= l.jobs; /* a bound on the GPU-hours asked for */
    l.plan_nodes = p->onprem_nodes;
    l.gpn = s->hardware.gpus_per_node;
    l.backfill = p->backfill;
    return l;
}

/* True when s's plan is known to be small: no larger than one whose
 * evaluation took at most HYBRID_WORK_INLINE_MS (a quarter more jobs or
 * hours at most: the cost grows about in step with them). */
static bool fits_inline(const HybridWork *w, const HybridLoad *l)
{
    const HybridLoad *m = &w->cost_load;
    return w->near_ok && w->cost_ms > 0 && w->cost_ms <= w->inline_ms &&
           l->jobs <= 1.25 * m->jobs && l->gpus <= m->gpus &&
           l->hours <= 1.25 * m->hours && l->work <= 1.25 * m->work &&
           l->wait <= m->wait &&
           l->plan_nodes <= m->plan_nodes && l->gpn == m->gpn &&
           l->backfill == m->backfill;
}

void hybrid_work_close(HybridWork *w)
{
    bg_close(w->ch); /* stops and joins the worker first */
    w->ch = NULL;
    job_free(w->held);
    w->held = NULL;
    hybrid_scratch_free(&w->scratch);
    hybrid_scratch_free(&w->near);
    w->near_ok = false;
    w->ok = false;
    w->pending = false;
}

/* Show the finished job j's figures in *out; j is held from now on. */
static void take(HybridWork *w, HybridTask *j, HybridResult *out)
{
    w->last_ms = bg_now_ms() - w->submitted_ms;
    w->cost_ms = j->cost_ms;
    w->cost_load = plan_load(&j->s);
    *out = j->r;
    job_free(w->held);
    w->held = j;
    w->pending = false;
    w->plan_current = false;
    w->percent = 0;
}

static void take_plan(void *job, void *plan)
{
    *(HybridResult *)plan = ((HybridTask *)job)->plan;
}

void hybrid_work_submit(HybridWork *w, const Scenario *s, HybridResult *out)
{
    if (!w->ok)
        return;
    if (w->has_last && scenario_equal(s, &w->last))
        return;
    w->last = *s;
    w->has_last = true;
    if (!w->ch) {
        hybrid_evaluate(s, &s->hybrid, out, &w->scratch);
        return;
    }
    HybridLoad load = plan_load(s);
    if (fits_inline(w, &load)) {
        /* Small: here and now; an older computation is stale. Its
         * by_nodes stay in the loop's scratch until the next inline run,
         * which replaces *out first. */
        if (w->pending)
            bg_cancel(w->ch);
        w->pending = false;
        w->plan_current = false;
        w->percent = 0;
        double t0 = bg_now_ms();
        hybrid_evaluate(s, &s->hybrid, out, &w->near);
        w->cost_ms = out->cancelled ? 0 : bg_now_ms() - t0;
        w->cost_load = load;
        w->last_ms = w->cost_ms;
        w->inline_runs++;
        return;
    }
    HybridTask *j = xmalloc(sizeof *j);
    memset(j, 0, sizeof *j);
    j->s = *s;
    bg_submit(w->ch, j);
    w->pending = true;
    w->plan_current = false;
    w->percent = 0;
    w->submitted_ms = bg_now_ms();
    if (w->last_ms <= HYBRID_WORK_GRACE_MS)
        bg_wait(w->ch, HYBRID_WORK_GRACE_MS, w->signal_flag);
    hybrid_work_news(w, out);
}

void hybrid_work_cancel(HybridWork *w)
{
    if (w->ch)
        bg_cancel(w->ch);
    w->pending = false;
    w->plan_current = false;
    w->percent = 0;
    w->has_last = false;
}

HybridNews hybrid_work_news(HybridWork *w, HybridResult *out)
{
    if (!w->ch || !w->pending)
        return HW_NONE;
    void *job = NULL;
    int pct = 0;
    switch (bg_poll(w->ch, &job, NULL, &pct)) {
    case BG_DONE:
        take(w, job, out);
        return HW_DONE;
    case BG_RUNNING: {
        /* The plan's own figures first; the optimizer's stay the last
         * result's (their by_nodes belong to the held job) until done. */
        static HybridResult plan;
        if (bg_take_published(w->ch, take_plan, &plan)) {
            plan.all_onprem = out->all_onprem;
            plan.optimum = out->optimum;
            plan.cheapest = out->cheapest;
            plan.by_nodes = out->by_nodes;
            plan.by_nodes_count = out->by_nodes_count;
            *out = plan;
            w->plan_current = true;
            w->percent = pct;
            return HW_PLAN;
        }
        if (pct == w->percent)
            return HW_NONE;
        w->percent = pct;
        return HW_PROGRESS;
    }
    case BG_IDLE:
    default:
        return HW_NONE;
    }
}

bool hybrid_work_finish(HybridWork *w, HybridResult *out)
{
    if (!w->ch || !w->pending)
        return true;
    if (!bg_wait(w->ch, -1, w->signal_flag))
        return false;
    hybrid_work_news(w, out);
    return !w->pending;
}
