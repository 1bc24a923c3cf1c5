/* trace_plan.c: a hybrid plan with a replayed history made ready to
 * evaluate, DESIGN 10.8. */
#include "config.h"

#include "trace_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "file_path.h"
#include "strbuf.h"

bool trace_plan_wanted(const Scenario *s)
{
    return s->has_hybrid && s->trace.file[0] != '\0';
}

/* The trace's path: as written when absolute, else beside the scenario.
 * False when it does not fit out. */
static bool resolve(const char *file, const char *scenario_path, char *out, size_t n)
{
    char dir[4096];
    size_t need;
    if (file[0] == '/' || !scenario_path || !path_split(scenario_path, dir, sizeof dir) ||
        strcmp(dir, ".") == 0)
        need = strlen(file) + 1;
    else
        need = strlen(dir) + 1 + strlen(file) + 1;
    if (need > n)
        return false;
    if (need == strlen(file) + 1)
        memcpy(out, file, need);
    else
    {
        size_t dl = strlen(dir);
        memcpy(out, dir, dl);
        out[dl] = '/';
        memcpy(out + dl + 1, file, strlen(file) + 1);
    }
    return true;
}

/* d's error, said of the file at path. */
static void said_of(Diag *d, const char *path)
{
    Diag keep = *d;
    diag_clear(d, path);
    d->status = keep.status;
    d->line = keep.line;
    d->col = keep.col;
    memcpy(d->path, keep.path, sizeof d->path);
    memcpy(d->message, keep.message, sizeof d->message);
}

/* The workloads of the groups after the plan's own: one per item but `*`,
 * then the default. Returns 0, or EXIT_DATAERR when they do not fit. */
static int add_groups(const Scenario *s, HybridPlan *p, const char **names,
                      size_t *workloads, size_t *named, size_t *fallback, Diag *d)
{
    const HybridTrace *tr = &s->trace;
    size_t star = tr->group_count, base = p->workload_count;
    size_t need = base + 1;
    for (size_t i = 0; i < tr->group_count; i++)
        if (strcmp(tr->groups[i].name, "*") == 0)
            star = i;
        else
            need++;
    if (need > HYBRID_MAX_WORKLOADS) {
        diag_set(d, EXIT_DATAERR, 0, 0, "hybrid.groups",
                 "%zu workloads and %zu groups make %zu, more than the %d a plan "
                 "holds (the other groups take one more)",
                 base, need - base - 1, need, HYBRID_MAX_WORKLOADS);
        return EXIT_DATAERR;
    }
    *named = 0;
    for (size_t i = 0; i < tr->group_count; i++) {
        if (i == star)
            continue;
        HybridWorkload *w = &p->workloads[p->workload_count];
        *w = tr->groups[i];
        snprintf(w->name, sizeof w->name, "trace %s", tr->groups[i].name);
        names[*named] = tr->groups[i].name;
        workloads[(*named)++] = p->workload_count++;
    }
    HybridWorkload *w = &p->workloads[p->workload_count];
    if (star < tr->group_count)
        *w = tr->groups[star];
    else {
        memset(w, 0, sizeof *w);
        w->run = RUN_ONPREM;
        w->cloud_mode = MODE_ON_DEMAND;
    }
    snprintf(w->name, sizeof w->name, "trace, other groups");
    *fallback = p->workload_count++;
    return 0;
}

/* Each group workload's arrivals a day, mean GPUs and hours, from the
 * replay, so the report's table of workloads describes the history. */
static void describe(TracePlan *tp, size_t first)
{
    HybridPlan *p = &tp->eval->hybrid;
    const TraceJobs *t = &tp->jobs;
    for (size_t w = first; w < p->workload_count; w++) {
        HybridWorkload *wl = &p->workloads[w];
        TraceLoad l = w < t->load_count ? t->loads[w] : (TraceLoad){0, 0, 0, 0};
        wl->has_schedule = false;
        /* Shown, not simulated: to two decimals (an hour at least 0.01). */
        wl->per_day = nearbyint(100 * l.jobs / p->days) / 100;
        wl->gpus = l.jobs > 0 ? fmax(1, nearbyint(l.gpus / l.jobs)) : 1;
        wl->hours = l.jobs > 0 ? fmax(0.01, nearbyint(100 * l.hours / l.jobs) / 100) : 1;
    }
}

#define NOT_READ 2 /* have_own, have_trace: the next job is still to read */

/* The next job of the two streams merged by submission minute (the plan's
 * own first on a tie). */
static int merged_next(void *state, HybridJob *job, Diag *d)
{
    TracePlan *tp = state;
    if (tp->have_own == NOT_READ)
        tp->have_own = tp->own_src.next(tp->own_src.state, &tp->next_own, d);
    if (tp->have_trace == NOT_READ)
        tp->have_trace =
            tp->trace_src.next(tp->trace_src.state, &tp->next_trace, d);
    if (tp->have_own < 0 || tp->have_trace < 0)
        return -1;
    bool own = tp->have_own == 1 &&
               (tp->have_trace != 1 || tp->next_own.submit <= tp->next_trace.submit);
    if (own) {
        *job = tp->next_own;
        tp->have_own = NOT_READ;
        return 1;
    }
    if (tp->have_trace == 1) {
        *job = tp->next_trace;
        tp->have_trace = NOT_READ;
        return 1;
    }
    return 0;
}

static int merged_rewind(void *state, Diag *d)
{
    TracePlan *tp = state;
    tp->have_own = tp->have_trace = NOT_READ;
    if (tp->own_src.rewind(tp->own_src.state, d) != 0)
        return -1;
    return tp->trace_src.rewind(tp->trace_src.state, d);
}

/* What s's jobs are read for, the trace at path. */
static void key_of(const Scenario *s, const char *path, TraceKey *k)
{
    memset(k, 0, sizeof *k);
    struct stat st;
    if (stat(path, &st) == 0) {
        k->known = true;
        k->dev = (uint64_t)st.st_dev;
        k->ino = (uint64_t)st.st_ino;
        k->size = (uint64_t)st.st_size;
        k->mtime_s = (int64_t)st.st_mtim.tv_sec;
        k->mtime_ns = (int64_t)st.st_mtim.tv_nsec;
    }
    k->group_by = s->trace.group_by;
    k->own = s->hybrid.workload_count;
    k->period = (int64_t)llround(s->hybrid.days * 1440);
    for (size_t i = 0; i < s->trace.group_count; i++)
        if (strcmp(s->trace.groups[i].name, "*") != 0)
            snprintf(k->names[k->named++], sizeof k->names[0], "%s", s->trace.groups[i].name);
}

/* The evaluation of tp's jobs with s's rules: the groups' workloads
 * described, the plan's own jobs merged with the history's. p holds s's
 * plan with the groups' workloads after `first`; fallback is the other
 * groups' one (the last). */
static void finish(TracePlan *tp, const Scenario *s, size_t first, size_t fallback)
{
    HybridPlan *p = &tp->eval->hybrid;
    /* The other groups' workload, when no job of the history is theirs,
     * would only warn that it has none: it goes. */
    bool other = fallback < tp->jobs.load_count && tp->jobs.loads[fallback].entries > 0;
    if (!other)
        p->workload_count--;
    describe(tp, first);
    /* The plan's own jobs: its workloads only (the groups' have no
     * arrivals of their own). */
    HybridPlan *own = xmalloc(sizeof *own);
    *own = s->hybrid;
    hybrid_plan_source(&tp->own, own, &tp->own_src);
    trace_jobs_source(&tp->jobs, &tp->trace_src);
    tp->source = (HybridJobSource){merged_rewind, merged_next, tp};
    tp->have_own = tp->have_trace = NOT_READ;
}

int trace_plan_prepare(const Scenario *s, const char *scenario_path, TracePlan *tp,
                       Diag *d)
{
    memset(tp, 0, sizeof *tp);
    diag_clear(d, NULL);
    tp->eval = xmalloc(sizeof *tp->eval);
    *tp->eval = *s;
    HybridPlan *p = &tp->eval->hybrid;
    const char *names[TRACE_MAX_GROUPS];
    size_t workloads[TRACE_MAX_GROUPS], named = 0, fallback = 0;
    size_t first = p->workload_count;
    int rc = add_groups(s, p, names, workloads, &named, &fallback, d);
    if (rc == 0) {
        if (!resolve(s->trace.file, scenario_path, tp->path, sizeof tp->path)) {
            diag_set(d, EXIT_DATAERR, 0, 0, "hybrid.trace",
                     "the trace's path beside the scenario is longer than %zu bytes",
                     sizeof tp->path - 1);
            rc = EXIT_DATAERR;
        }
    }
    if (rc == 0) {
        key_of(s, tp->path, &tp->key);
        TraceOptions o = {JOBS_AUTO, (JobGroupBy)s->trace.group_by, false,
                          names, workloads, named, fallback,
                          (int64_t)llround(p->days * 1440), 0};
        const char *paths[1] = {tp->path};
        rc = trace_jobs_load(paths, 1, &o, &tp->jobs, d);
        if (rc != 0 && !d->file[0])
            said_of(d, tp->path);
    }
    if (rc != 0) {
        TraceStats keep = tp->jobs.stats;
        trace_plan_free(tp);
        tp->jobs.stats = keep;
        return rc;
    }
    finish(tp, s, first, fallback);
    return 0;
}

int trace_plan_update(TracePlan *tp, const Scenario *s, const char *scenario_path,
                      Diag *d)
{
    char path[sizeof tp->path];
    TraceKey k;
    if (tp->eval && resolve(s->trace.file, scenario_path, path, sizeof path) &&
        strcmp(path, tp->path) == 0) {
        key_of(s, path, &k);
        if (k.known && memcmp(&k, &tp->key, sizeof k) == 0) {
            /* The same jobs, to the same workloads: the rules anew. */
            diag_clear(d, NULL);
            *tp->eval = *s;
            HybridPlan *p = &tp->eval->hybrid;
            const char *names[TRACE_MAX_GROUPS];
            size_t workloads[TRACE_MAX_GROUPS], named = 0, fallback = 0;
            size_t first = p->workload_count;
            if (add_groups(s, p, names, workloads, &named, &fallback, d) != 0)
                abort(); /* the same counts fitted when the jobs were read */
            free((void *)tp->own.p);
            finish(tp, s, first, fallback);
            tp->reread = false;
            return 0;
        }
    }
    trace_plan_free(tp);
    int rc = trace_plan_prepare(s, scenario_path, tp, d);
    tp->reread = true;
    return rc;
}

void trace_plan_free(TracePlan *tp)
{
    if (tp->own.p)
        free((void *)tp->own.p);
    trace_jobs_free(&tp->jobs);
    free(tp->eval);
    memset(tp, 0, sizeof *tp);
}
