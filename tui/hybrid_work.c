/* hybrid_work.c: hybrid_evaluate() on a background channel, for the
 * planner (see hybrid_work.h). */
#include "config.h"

#include "hybrid_work.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "hybrid_stream.h"
#include "strbuf.h"
#include "trace_plan.h"
#include "utf8.h"

/* One computation: a private copy of the scenario, and its figures. */
typedef struct HybridTask {
    Scenario s;
    char file[HYBRID_WORK_PATH]; /* the scenario's file ("": none) */
    HybridResult r;
    HybridNodesTotal *by_nodes; /* the job's own copy of r.by_nodes */
    HybridResult plan;          /* published: the plan's own figures */
    double cost_ms;             /* hybrid_evaluate()'s own time */
    Scenario *eval;             /* a replayed trace: what was evaluated */
    HybridTraceNews *news;      /* the trace read again, or refused */
} HybridTask;

/* The plan's trace made ready for task j (DESIGN 10.8): the jobs read once
 * and kept in *tp while the file and the groups' names stay the same.
 * Returns the scenario to evaluate with tp->source, or NULL with j->r
 * holding the reason as its one warning and no figures. */
static const Scenario *trace_ready(TracePlan *tp, HybridTask *j)
{
    Diag d;
    int rc = trace_plan_update(tp, &j->s, j->file[0] ? j->file : NULL, &d);
    if (tp->reread || rc != 0) {
        HybridTraceNews *n = j->news = xmalloc(sizeof *j->news);
        memset(n, 0, sizeof *n);
        n->read = tp->jobs.stats.read;
        n->jobs = trace_jobs_replayed(&tp->jobs);
        snprintf(n->path, sizeof n->path, "%s", tp->path);
        if (rc != 0) {
            n->failed = true;
            diag_format(&d, n->error, sizeof n->error);
        }
    }
    if (rc != 0) {
        /* No figures: the warning says why, as much as it holds (the
         * message line and :messages have all of it). */
        memset(&j->r, 0, sizeof j->r);
        char *m = j->r.warnings[0];
        size_t room = sizeof j->r.warnings[0];
        j->r.warning_count = 1;
        int k = snprintf(m, room, "the trace cannot be replayed: %s", j->news->error);
        if (k < 0 || (size_t)k >= room) {
            const char *more = "... (:messages has it all)";
            size_t keep = utf8_floor(m, strlen(m), room - strlen(more) - 1);
            snprintf(m + keep, room - keep, "%s", more);
        }
        return NULL;
    }
    j->eval = xmalloc(sizeof *j->eval);
    *j->eval = *tp->eval;
    return tp->eval;
}

/* Milliseconds of CPU this thread has used: what an evaluation costs,
 * whatever else the machine runs (on a busy machine the wall clock would
 * count the other programs too, and send a small plan to the worker,
 * whose hand-over only adds to the keystroke). */
static double thread_cpu_ms(void)
{
    struct timespec t;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t) != 0)
        return bg_now_ms();
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec * 1e-6;
}

/* Evaluate task j with scratch sc and the trace's cache tp. */
static void run_task(HybridTask *j, HybridScratch *sc, TracePlan *tp)
{
    double t0 = thread_cpu_ms();
    const Scenario *ev = &j->s;
    if (trace_plan_wanted(&j->s)) {
        ev = trace_ready(tp, j);
        if (!ev)
            return;
        sc->source = &tp->source;
    }
    hybrid_evaluate(ev, &ev->hybrid, &j->r, sc);
    sc->source = NULL;
    j->cost_ms = j->r.cancelled ? 0 : thread_cpu_ms() - t0;
}

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

/* On the worker: the channel's state is the HybridWork, whose scratch and
 * trace only the worker uses while it has a channel. */
static void job_run(void *job, void *state, BgCtl *ctl)
{
    HybridTask *j = job;
    HybridWork *w = state;
    HybridScratch *sc = &w->scratch;
    sc->cancel = bg_stop_flag(ctl);
    sc->progress = job_progress;
    sc->plan_ready = job_plan_ready;
    sc->progress_arg = ctl;
    run_task(j, sc, w->trace);
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
    free(j->eval);
    free(j->news);
    free(j);
}

static const BgJobType hybrid_job = {job_run, job_free};

void hybrid_work_open(HybridWork *w, volatile sig_atomic_t *signal_flag)
{
    memset(w, 0, sizeof *w);
    w->signal_flag = signal_flag;
    w->ok = hybrid_scratch_init(&w->scratch, 0) == 0;
    w->trace = xmalloc(sizeof *w->trace);
    memset(w->trace, 0, sizeof *w->trace);
    if (w->ok)
        w->ch = bg_open(&hybrid_job, w);
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
    if (w->trace)
        trace_plan_free(w->trace);
    free(w->trace);
    w->trace = NULL;
    free(w->news);
    w->news = NULL;
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
    w->trace_failed = j->news && j->news->failed;
    if (j->news) {
        /* The trace was read for these figures: its news, once; a trace
         * that still cannot be used is not said again at every change. */
        HybridTraceNews *n = j->news;
        j->news = NULL;
        bool again = n->failed && strcmp(n->error, w->last_error) == 0;
        snprintf(w->last_error, sizeof w->last_error, "%s", n->failed ? n->error : "");
        free(w->news);
        w->news = again ? NULL : n;
        if (again)
            free(n);
    } else if (j->eval)
        w->last_error[0] = '\0';
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
    if (w->has_last && scenario_equal(s, &w->last) && strcmp(w->file, w->last_file) == 0)
        return;
    w->last = *s;
    memcpy(w->last_file, w->file, sizeof w->last_file);
    w->has_last = true;
    HybridLoad load = plan_load(s);
    /* A trace's jobs are the worker's: it is never computed here. */
    if (w->ch && !trace_plan_wanted(s) && fits_inline(w, &load)) {
        /* Small: here and now, without a task (its copy of the scenario
         * and room for two results, 130 KB, would only add to the
         * keystroke); an older computation is stale. Its by_nodes stay in
         * the loop's scratch until the next inline run, which replaces
         * *out first. */
        if (w->pending)
            bg_cancel(w->ch);
        w->pending = false;
        w->plan_current = false;
        w->percent = 0;
        double t0 = bg_now_ms(), c0 = thread_cpu_ms();
        hybrid_evaluate(s, &s->hybrid, out, &w->near);
        w->cost_ms = out->cancelled ? 0 : thread_cpu_ms() - c0;
        w->cost_load = load;
        w->last_ms = bg_now_ms() - t0;
        w->inline_runs++;
        w->trace_failed = false;
        return;
    }
    HybridTask *j = xmalloc(sizeof *j);
    memset(j, 0, sizeof *j);
    j->s = *s;
    memcpy(j->file, w->file, sizeof j->file);
    if (!w->ch) {
        run_task(j, &w->scratch, w->trace);
        take(w, j, out);
        return;
    }
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

void hybrid_work_set_file(HybridWork *w, const char *path)
{
    snprintf(w->file, sizeof w->file, "%s", path ? path : "");
}

const Scenario *hybrid_work_evaluated(const HybridWork *w)
{
    const HybridTask *j = w->held;
    return j && !w->pending ? j->eval : NULL;
}

bool hybrid_work_has_figures(const HybridWork *w) { return w->ok && !w->trace_failed; }

HybridTraceNews *hybrid_work_trace_news(HybridWork *w)
{
    HybridTraceNews *st = w->news;
    w->news = NULL;
    return st;
}
