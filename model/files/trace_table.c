/* trace_table.c: reading a replay's table, fitting its run times to the
 * simulation's classes, and the replay itself, DESIGN 10.8. */
#include "config.h"

#include "trace_table.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

#define MAX_MINUTES 527040 /* 366 days: the longest job simulated */
#define READ_BLOCK ((size_t)1 << 20)

/* Run times rounded as a spilled table is read: the step, and the last
 * results by run time (a direct-mapped memo: a history has few distinct
 * run times next to each other, and a miss only costs the arithmetic). */
#define MEMO 4096
struct TraceRound {
    double step;
    uint32_t from[MEMO], to[MEMO]; /* from 0: empty (run times are >= 1) */
};

/* Minutes m rounded to the nearest point of the grid (1 + step)^k. */
static uint32_t rounded(uint32_t m, double step)
{
    if (step <= 0 || m <= 1)
        return m;
    double k = nearbyint(log(m) / log1p(step));
    double v = nearbyint(exp(k * log1p(step)));
    return v < 1 ? 1 : v > MAX_MINUTES ? MAX_MINUTES : (uint32_t)v;
}

static uint32_t memo_rounded(struct TraceRound *r, uint32_t m)
{
    size_t at = m % MEMO;
    if (r->from[at] != m) {
        r->from[at] = m;
        r->to[at] = rounded(m, r->step);
    }
    return r->to[at];
}

void trace_jobs_start(TraceJobs *t)
{
    t->at = 0;
    t->loaded = false;
    if (!t->jobs && t->table.open)
        spill_cursor(&t->rd, &t->table, 0, (uint64_t)t->count * sizeof(TraceJob),
                     sizeof(TraceJob), READ_BLOCK);
}

/* The entry at t->at (< t->count) into *out, without moving on: 1, or -1
 * when a spilled table cannot be read. */
static int entry_at(TraceJobs *t, TraceJob *out, Diag *d)
{
    if (t->jobs) {
        *out = t->jobs[t->at];
        return 1;
    }
    if (!t->loaded) {
        int rc = spill_next(&t->rd, &t->cur, d);
        if (rc == 0) /* its entries were written: shorter, it was cut */
            diag_set(d, EXIT_IOERR, 0, 0, NULL,
                     "the replay's scratch file ends before its %zu jobs", t->count);
        if (rc <= 0)
            return -1;
        t->cur.submit += t->shift_in;
        if (t->round)
            t->cur.minutes = memo_rounded(t->round, t->cur.minutes);
        t->loaded = true;
    }
    *out = t->cur;
    return 1;
}

int trace_jobs_next(TraceJobs *t, TraceJob *out, Diag *d)
{
    if (t->at == t->count)
        return 0;
    int rc = entry_at(t, out, d);
    if (rc == 1) {
        t->at++;
        t->loaded = false;
    }
    return rc;
}

/* The classes of the table at step: how many, stopping past the limit. */
static int classes_at(TraceJobs *t, double step, size_t *count, Diag *d)
{
    enum { SLOTS = 4 * TRACE_MAX_CLASSES };
    uint64_t *slot = xmalloc(SLOTS * sizeof *slot);
    memset(slot, 0, SLOTS * sizeof *slot);
    struct TraceRound *memo = xmalloc(sizeof *memo);
    memset(memo, 0, sizeof *memo);
    memo->step = step;
    *count = 0;
    trace_jobs_start(t);
    TraceJob j;
    int rc;
    while (*count <= TRACE_MAX_CLASSES && (rc = trace_jobs_next(t, &j, d)) == 1) {
        uint64_t key = ((uint64_t)j.workload << 56) ^ ((uint64_t)j.gpus << 24) ^
                       memo_rounded(memo, j.minutes);
        key = key * 2 + 1; /* never 0, the empty slot */
        size_t at = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 50) & (SLOTS - 1);
        while (slot[at] && slot[at] != key)
            at = (at + 1) & (SLOTS - 1);
        if (!slot[at]) {
            slot[at] = key;
            (*count)++;
        }
    }
    free(memo);
    free(slot);
    return *count > TRACE_MAX_CLASSES || rc == 0 ? 0 : EXIT_IOERR;
}

int trace_table_fit(TraceJobs *t, Diag *d)
{
    static const double steps[] = {0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5};
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        size_t classes;
        int rc = classes_at(t, steps[k], &classes, d);
        if (rc != 0)
            return rc;
        if (classes > TRACE_MAX_CLASSES)
            continue;
        t->stats.step_pct = 100 * steps[k];
        if (steps[k] > 0 && t->jobs) {
            for (size_t i = 0; i < t->count; i++)
                t->jobs[i].minutes = rounded(t->jobs[i].minutes, steps[k]);
        } else if (steps[k] > 0) {
            t->round = xmalloc(sizeof *t->round);
            memset(t->round, 0, sizeof *t->round);
            t->round->step = steps[k];
        }
        return 0;
    }
    diag_set(d, EXIT_DATAERR, 0, 0, NULL,
             "the jobs have more than %d shapes (group, GPUs, run time) even with run "
             "times rounded to 50%%: give fewer groups",
             TRACE_MAX_CLASSES);
    return EXIT_DATAERR;
}

int trace_table_sum(TraceJobs *t, Diag *d)
{
    t->replayed = 0;
    trace_jobs_start(t);
    TraceJob j;
    int rc;
    while ((rc = trace_jobs_next(t, &j, d)) == 1) {
        if (j.workload >= t->load_count) {
            size_t n = (size_t)j.workload + 1;
            t->loads = xrealloc(t->loads, n * sizeof *t->loads);
            memset(t->loads + t->load_count, 0,
                   (n - t->load_count) * sizeof *t->loads);
            t->load_count = n;
        }
        TraceLoad *l = &t->loads[j.workload];
        l->entries++;
        int64_t left = t->period - (int64_t)j.submit;
        if (left <= 0 || t->span <= 0)
            continue;
        uint64_t times = (uint64_t)((left + t->span - 1) / t->span);
        t->replayed += (uint64_t)j.count * times;
        double k = (double)j.count * (double)times;
        l->jobs += k;
        l->gpus += k * j.gpus;
        l->hours += k * j.minutes / 60.0;
    }
    trace_jobs_rewind(t);
    return rc == 0 ? 0 : EXIT_IOERR;
}

void trace_table_free(TraceJobs *t)
{
    free(t->round);
    t->round = NULL;
    spill_cursor_free(&t->rd);
}

static int source_rewind(void *state, Diag *d)
{
    (void)d;
    trace_jobs_rewind(state);
    return 0;
}

/* The next job: the table's entries in order, each array task once, then
 * the table again one span later, until the period ends. */
static int source_next(void *state, HybridJob *job, Diag *d)
{
    TraceJobs *t = state;
    if (t->count == 0)
        return 0;
    if (t->at == t->count) {
        trace_jobs_start(t);
        t->task = 0;
        t->shift += t->span;
    }
    TraceJob j;
    if (entry_at(t, &j, d) < 0)
        return -1;
    int64_t submit = (int64_t)j.submit + t->shift;
    if (submit >= t->period)
        return 0;
    job->submit = submit;
    job->gpus = j.gpus;
    job->minutes = j.minutes;
    job->hours = j.minutes / 60.0;
    job->workload = j.workload;
    if (++t->task >= j.count) {
        t->task = 0;
        t->at++;
        t->loaded = false;
    }
    return 1;
}

void trace_jobs_rewind(TraceJobs *t)
{
    trace_jobs_start(t);
    t->task = 0;
    t->shift = 0;
}

void trace_jobs_source(TraceJobs *t, HybridJobSource *src)
{
    trace_jobs_rewind(t);
    src->rewind = source_rewind;
    src->next = source_next;
    src->state = t;
}

uint64_t trace_jobs_replayed(const TraceJobs *t)
{
    return t->replayed;
}
