/* trace_jobs.c: a job history replayed as a hybrid job stream,
 * DESIGN 10.8. */
#include "config.h"

#include "trace_jobs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"

#define DAY_MINUTES 1440
#define MAX_MINUTES 527040 /* 366 days: the longest job simulated */

/* A record as read, before the table is settled. */
typedef struct RawJob {
    int64_t arrive, start, end; /* UTC seconds; end MEASURE_NONE: running */
    uint32_t gpus;
    uint16_t workload, count;
} RawJob;

typedef struct Reading {
    const TraceOptions *o;
    RawJob *raw;
    size_t n, cap;
    int64_t latest; /* the latest time the records name */
    TraceStats *st;
} Reading;

static size_t workload_of(const TraceOptions *o, const char *g, size_t len)
{
    for (size_t i = 0; g && i < o->group_count; i++)
        if (strlen(o->group_names[i]) == len && memcmp(o->group_names[i], g, len) == 0)
            return o->group_workloads[i];
    return o->default_workload;
}

static void push(Reading *r, const RawJob *j)
{
    if (r->n == r->cap) {
        r->cap = r->cap ? 2 * r->cap : 4096;
        r->raw = xrealloc(r->raw, r->cap * sizeof *r->raw);
    }
    r->raw[r->n++] = *j;
}

static void see(Reading *r, int64_t t)
{
    if (t != MEASURE_NONE && t > r->latest)
        r->latest = t;
}

static int sink_job(void *ctx, const MeasureJob *m)
{
    Reading *r = ctx;
    TraceStats *st = r->st;
    st->records++;
    see(r, m->submit);
    see(r, m->start);
    see(r, m->end);
    if (m->start == MEASURE_NONE) {
        st->no_start += m->count;
        return 0;
    }
    if (m->end == MEASURE_NONE && !m->running) {
        st->no_end += m->count;
        return 0;
    }
    if (m->end != MEASURE_NONE && m->end <= m->start) {
        st->no_time += m->count;
        return 0;
    }
    if (m->milli_gpus <= 0) {
        st->no_gpus += m->count;
        return 0;
    }
    RawJob j = {m->submit != MEASURE_NONE ? m->submit : m->start, m->start,
                m->running ? MEASURE_NONE : m->end,
                (uint32_t)((m->milli_gpus + 999) / 1000),
                (uint16_t)workload_of(r->o, m->group, m->group_len), 1};
    if (m->milli_gpus % 1000)
        st->fractions += m->count;
    if (m->component && r->n > 0) {
        RawJob *prev = &r->raw[r->n - 1];
        if (prev->arrive == j.arrive && prev->start == j.start) {
            prev->gpus += j.gpus;
            if (j.end == MEASURE_NONE || (prev->end != MEASURE_NONE && j.end > prev->end))
                prev->end = j.end;
            st->components++;
            return 0;
        }
    }
    for (uint64_t left = m->count; left > 0;) { /* tasks of an array */
        j.count = (uint16_t)(left > UINT16_MAX ? UINT16_MAX : left);
        left -= j.count;
        push(r, &j);
    }
    return 0;
}

/* Minutes m rounded to the nearest point of the grid (1 + step)^k. */
static uint32_t rounded(uint32_t m, double step)
{
    if (step <= 0 || m <= 1)
        return m;
    double k = nearbyint(log(m) / log1p(step));
    double v = nearbyint(exp(k * log1p(step)));
    return v < 1 ? 1 : v > MAX_MINUTES ? MAX_MINUTES : (uint32_t)v;
}

/* The classes of the table at step: how many, stopping past the limit. */
static size_t classes_at(const TraceJob *jobs, size_t n, double step)
{
    enum { SLOTS = 4 * TRACE_MAX_CLASSES };
    uint64_t *slot = calloc(SLOTS, sizeof *slot);
    if (!slot)
        xalloc_die();
    size_t count = 0;
    for (size_t i = 0; i < n && count <= TRACE_MAX_CLASSES; i++) {
        uint64_t key = ((uint64_t)jobs[i].workload << 56) ^
                       ((uint64_t)jobs[i].gpus << 24) ^ rounded(jobs[i].minutes, step);
        key = key * 2 + 1; /* never 0, the empty slot */
        size_t at = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 50) & (SLOTS - 1);
        while (slot[at] && slot[at] != key)
            at = (at + 1) & (SLOTS - 1);
        if (!slot[at]) {
            slot[at] = key;
            count++;
        }
    }
    free(slot);
    return count;
}

static int by_key(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* The raw records into the table: shifted, run times in minutes. */
static int settle(Reading *r, TraceJobs *t, TimeZone *z, Diag *d)
{
    TraceStats *st = &t->stats;
    int64_t first = INT64_MAX, last = INT64_MIN;
    size_t kept = 0;
    for (size_t i = 0; i < r->n; i++) {
        RawJob *j = &r->raw[i];
        if (j->end == MEASURE_NONE) {
            st->running += j->count;
            j->end = r->latest;
        }
        if (j->end <= j->start) {
            st->no_time += j->count;
            continue;
        }
        if ((j->end - j->start + 59) / 60 > MAX_MINUTES) {
            diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                     "a job runs %.1f days, longer than the 366 a simulation holds",
                     (double)(j->end - j->start) / 86400);
            return EXIT_DATAERR;
        }
        r->raw[kept++] = *j;
        if (j->arrive < first)
            first = j->arrive;
        if (j->arrive > last)
            last = j->arrive;
    }
    if (kept == 0) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "no job to replay: no record has a start, an end after it and GPUs");
        return EXIT_DATAERR;
    }
    /* Minute 0 is the local midnight of the first arrival. */
    long off = timezone_offset(z, first);
    int64_t local = first + off;
    int64_t day = local >= 0 ? local / 86400 : -((-local + 86399) / 86400);
    t->origin = day * 86400 - off;
    int64_t last_min = (last - t->origin) / 60;
    if (last_min >= (int64_t)UINT32_MAX || kept >= UINT32_MAX) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "the records span more than 8,000 years or 4 billion jobs");
        return EXIT_DATAERR;
    }
    t->span = (last_min / DAY_MINUTES + 1) * DAY_MINUTES;
    t->jobs = xmalloc(kept * sizeof *t->jobs);
    for (size_t i = 0; i < kept; i++) {
        const RawJob *j = &r->raw[i];
        t->jobs[i] = (TraceJob){(uint32_t)((j->arrive - t->origin) / 60),
                                (uint32_t)((j->end - j->start + 59) / 60), j->gpus,
                                j->workload, j->count};
        st->jobs += j->count;
    }
    t->count = kept;
    free(r->raw);
    r->raw = NULL;
    /* In submission order, records of one minute in file order: qsort is
     * not stable, so it sorts (minute, index) packed in 64 bits. */
    uint64_t *key = xmalloc(kept * sizeof *key);
    for (size_t i = 0; i < kept; i++)
        key[i] = (uint64_t)t->jobs[i].submit << 32 | i;
    qsort(key, kept, sizeof *key, by_key);
    TraceJob *sorted = xmalloc(kept * sizeof *sorted);
    for (size_t i = 0; i < kept; i++)
        sorted[i] = t->jobs[key[i] & 0xffffffffu];
    free(key);
    free(t->jobs);
    t->jobs = sorted;
    return 0;
}

/* The finest step that keeps the classes within the simulation's. */
static int fit_classes(TraceJobs *t, Diag *d)
{
    static const double steps[] = {0, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5};
    for (size_t k = 0; k < sizeof steps / sizeof steps[0]; k++) {
        if (classes_at(t->jobs, t->count, steps[k]) > TRACE_MAX_CLASSES)
            continue;
        t->stats.step_pct = 100 * steps[k];
        if (steps[k] > 0)
            for (size_t i = 0; i < t->count; i++)
                t->jobs[i].minutes = rounded(t->jobs[i].minutes, steps[k]);
        return 0;
    }
    diag_set(d, EXIT_DATAERR, 0, 0, NULL,
             "the jobs have more than %d shapes (group, GPUs, run time) even with run "
             "times rounded to 50%%: give fewer groups",
             TRACE_MAX_CLASSES);
    return EXIT_DATAERR;
}

int trace_jobs_load(const char *const *paths, size_t n, const TraceOptions *o,
                    TraceJobs *t, Diag *d)
{
    memset(t, 0, sizeof *t);
    diag_clear(d, NULL);
    t->period = o->period;
    Reading r = {o, NULL, 0, 0, INT64_MIN, &t->stats};
    TimeZone *z = xmalloc(sizeof *z);
    timezone_init(z, o->utc);
    JobReadOptions ro = {o->format, o->group_by, z};
    JobSink sink = {&r, sink_job, NULL, NULL};
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = job_history_read(paths[i], &ro, &sink, &t->stats.read, d);
    if (rc == 0)
        rc = settle(&r, t, z, d);
    if (rc == 0)
        rc = fit_classes(t, d);
    free(z);
    free(r.raw);
    if (rc != 0) {
        TraceStats keep = t->stats;
        trace_jobs_free(t);
        t->stats = keep;
    }
    trace_jobs_rewind(t);
    return rc;
}

static int source_rewind(void *state, Diag *d)
{
    (void)d;
    trace_jobs_rewind(state);
    return 0;
}

/* The next job: the table's jobs in order, each array task once, then the
 * table again one span later, until the period ends. */
static int source_next(void *state, HybridJob *job, Diag *d)
{
    (void)d;
    TraceJobs *t = state;
    if (t->count == 0)
        return 0;
    if (t->at == t->count) {
        t->at = 0;
        t->task = 0;
        t->shift += t->span;
    }
    const TraceJob *j = &t->jobs[t->at];
    int64_t submit = (int64_t)j->submit + t->shift;
    if (submit >= t->period)
        return 0;
    job->submit = submit;
    job->gpus = j->gpus;
    job->minutes = j->minutes;
    job->hours = j->minutes / 60.0;
    job->workload = j->workload;
    if (++t->task >= j->count) {
        t->task = 0;
        t->at++;
    }
    return 1;
}

void trace_jobs_rewind(TraceJobs *t)
{
    t->at = 0;
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
    uint64_t sum = 0;
    for (size_t i = 0; i < t->count && t->span > 0; i++) {
        int64_t left = t->period - (int64_t)t->jobs[i].submit;
        if (left > 0)
            sum += (uint64_t)t->jobs[i].count * (uint64_t)((left + t->span - 1) / t->span);
    }
    return sum;
}

void trace_jobs_free(TraceJobs *t)
{
    free(t->jobs);
    t->jobs = NULL;
    t->count = 0;
}
