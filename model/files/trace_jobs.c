/* trace_jobs.c: a job history replayed as a hybrid job stream,
 * DESIGN 10.8. */
#include "config.h"

#include "trace_jobs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "trace_table.h"

#define DAY_MINUTES 1440
#define MAX_MINUTES 527040 /* 366 days: the longest job simulated */
#define MERGE_MEMORY ((size_t)8 << 20) /* the merge's blocks, all runs */
#define OUT_BLOCK ((size_t)1 << 20)

/* A record as read, before the table is settled: 32 bytes. */
typedef struct RawJob {
    int64_t arrive, start, end; /* UTC seconds; end MEASURE_NONE: running */
    uint32_t gpus;
    uint16_t workload, count;
} RawJob;

/* A block of records sorted and written to the scratch file. */
typedef struct Run {
    uint64_t off;
    size_t n;
} Run;

/* A record's place in its block: its arrival minute, then its order. */
typedef struct SortKey {
    int64_t minute;
    size_t index;
} SortKey;

typedef struct Reading {
    const TraceOptions *o;
    TraceStats *st;
    RawJob *raw;       /* the block being read */
    size_t n, chunk;
    SortKey *key;
    Spill runs;        /* the blocks sorted, when there is more than one */
    Run *run;
    size_t nrun, run_cap;
    int64_t latest;    /* the latest time the records name */
    Diag *d;           /* the scratch file's failure, said in place of the
                        * reader's "out of memory" */
    int rc;
} Reading;

static int64_t minute_of(int64_t t)
{
    return t >= 0 ? t / 60 : -((-t + 59) / 60);
}

static size_t workload_of(const TraceOptions *o, const char *g, size_t len)
{
    for (size_t i = 0; g && i < o->group_count; i++)
        if (strlen(o->group_names[i]) == len && memcmp(o->group_names[i], g, len) == 0)
            return o->group_workloads[i];
    return o->default_workload;
}

static int by_key(const void *a, const void *b)
{
    const SortKey *x = a, *y = b;
    if (x->minute != y->minute)
        return x->minute < y->minute ? -1 : 1;
    return (x->index > y->index) - (x->index < y->index);
}

/* The block's order: by arrival minute, records of one minute in file
 * order (qsort is not stable: the index decides). A block already in
 * order, as a scheduler's records mostly are, is not sorted. */
static void order_block(Reading *r)
{
    bool sorted = true;
    for (size_t i = 0; i < r->n; i++) {
        r->key[i] = (SortKey){minute_of(r->raw[i].arrive), i};
        if (i > 0 && r->key[i].minute < r->key[i - 1].minute)
            sorted = false;
    }
    if (!sorted)
        qsort(r->key, r->n, sizeof *r->key, by_key);
}

/* Sort the block and append it to the scratch file as a run. */
static int spill_block(Reading *r)
{
    if (r->runs.fd < 0 && spill_open(&r->runs, r->d) != 0)
        return EXIT_IOERR;
    order_block(r);
    if (r->nrun == r->run_cap) {
        r->run_cap = r->run_cap ? 2 * r->run_cap : 16;
        r->run = xrealloc(r->run, r->run_cap * sizeof *r->run);
    }
    r->run[r->nrun++] = (Run){r->runs.size, r->n};
    enum { PER = OUT_BLOCK / sizeof(RawJob) };
    RawJob *out = xmalloc(PER * sizeof *out);
    int rc = 0;
    for (size_t i = 0; i < r->n && rc == 0; i += PER) {
        size_t m = r->n - i < PER ? r->n - i : PER;
        for (size_t k = 0; k < m; k++)
            out[k] = r->raw[r->key[i + k].index];
        rc = spill_append(&r->runs, out, m * sizeof *out, r->d);
    }
    free(out);
    r->n = 0;
    return rc;
}

static int push(Reading *r, const RawJob *j)
{
    if (r->n == r->chunk && (r->rc = spill_block(r)) != 0)
        return -1;
    r->raw[r->n++] = *j;
    return 0;
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
    /* The record before is still in the block: a block is written only
     * when the next record that is not a component arrives. */
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
        if (push(r, &j) != 0)
            return -1;
    }
    return 0;
}

/* The records of every block in order: by arrival minute, a tie in file
 * order (the block read first, then the place in the block). */
typedef struct Merge {
    Reading *r;
    size_t at;          /* one block in memory: the next record */
    SpillCursor *cur;   /* several on file: each one's reader */
    RawJob *head;       /* and its next record */
    size_t *heap, nheap;
} Merge;

static bool before(const Merge *m, size_t a, size_t b)
{
    int64_t x = minute_of(m->head[a].arrive), y = minute_of(m->head[b].arrive);
    return x != y ? x < y : a < b;
}

static void sift_down(Merge *m, size_t i)
{
    for (;;) {
        size_t l = 2 * i + 1, best = i;
        if (l < m->nheap && before(m, m->heap[l], m->heap[best]))
            best = l;
        if (l + 1 < m->nheap && before(m, m->heap[l + 1], m->heap[best]))
            best = l + 1;
        if (best == i)
            return;
        size_t tmp = m->heap[i];
        m->heap[i] = m->heap[best];
        m->heap[best] = tmp;
        i = best;
    }
}

static int merge_begin(Merge *m, Reading *r)
{
    *m = (Merge){.r = r};
    if (r->nrun == 0) {
        order_block(r);
        return 0;
    }
    m->cur = xmalloc(r->nrun * sizeof *m->cur);
    memset(m->cur, 0, r->nrun * sizeof *m->cur);
    m->head = xmalloc(r->nrun * sizeof *m->head);
    m->heap = xmalloc(r->nrun * sizeof *m->heap);
    size_t block = MERGE_MEMORY / r->nrun;
    for (size_t i = 0; i < r->nrun; i++) {
        spill_cursor(&m->cur[i], &r->runs, r->run[i].off,
                     r->run[i].off + r->run[i].n * sizeof(RawJob), sizeof(RawJob),
                     block);
        int rc = spill_next(&m->cur[i], &m->head[i], r->d);
        if (rc < 0)
            return EXIT_IOERR;
        if (rc == 1)
            m->heap[m->nheap++] = i;
    }
    for (size_t i = m->nheap / 2; i-- > 0;)
        sift_down(m, i);
    return 0;
}

/* The next record: 1, 0 at the end, -1 when the scratch file fails. */
static int merge_next(Merge *m, RawJob *out)
{
    Reading *r = m->r;
    if (r->nrun == 0) {
        if (m->at == r->n)
            return 0;
        *out = r->raw[r->key[m->at++].index];
        return 1;
    }
    if (m->nheap == 0)
        return 0;
    size_t i = m->heap[0];
    *out = m->head[i];
    int rc = spill_next(&m->cur[i], &m->head[i], r->d);
    if (rc < 0)
        return -1;
    if (rc == 0)
        m->heap[0] = m->heap[--m->nheap];
    sift_down(m, 0);
    return 1;
}

static void merge_end(Merge *m)
{
    for (size_t i = 0; m->cur && i < m->r->nrun; i++)
        spill_cursor_free(&m->cur[i]);
    free(m->cur);
    free(m->head);
    free(m->heap);
}

/* Where the settled entries go: the table in memory, or a block written
 * to its scratch file when full. */
typedef struct Out {
    TraceJobs *t;
    bool held;        /* block is the table itself (t->jobs) */
    TraceJob *block;
    size_t n, cap;
    Diag *d;
} Out;

static int out_put(Out *o, const TraceJob *j)
{
    o->block[o->n++] = *j;
    o->t->count++;
    if (o->held || o->n < o->cap)
        return 0;
    o->n = 0;
    return spill_append(&o->t->table, o->block, o->cap * sizeof *o->block, o->d);
}

static int out_flush(Out *o)
{
    if (o->held || o->n == 0)
        return 0;
    size_t n = o->n;
    o->n = 0;
    return spill_append(&o->t->table, o->block, n * sizeof *o->block, o->d);
}

/* The records, in arrival order, into the table: a running job held to
 * the latest time, run times in whole minutes, arrivals in minutes from
 * the first kept arrival's minute (t->shift_in then makes them minutes
 * from the origin). */
static int settle(Reading *r, TraceJobs *t, TimeZone *z, Diag *d)
{
    TraceStats *st = &t->stats;
    Merge m;
    int rc = merge_begin(&m, r);
    Out out = {t, r->nrun == 0, NULL, 0, 0, d};
    if (out.held) {
        out.cap = r->n ? r->n : 1;
        out.block = t->jobs = xmalloc(out.cap * sizeof *t->jobs);
    } else {
        out.cap = OUT_BLOCK / sizeof *out.block;
        out.block = xmalloc(out.cap * sizeof *out.block);
        if (rc == 0)
            rc = spill_open(&t->table, d);
    }
    int64_t first = INT64_MAX, last = INT64_MIN, base = 0, longest = 0;
    RawJob j;
    int got = 0;
    while (rc == 0 && (got = merge_next(&m, &j)) == 1) {
        if (j.end == MEASURE_NONE) {
            st->running += j.count;
            j.end = r->latest;
        }
        if (j.end <= j.start) {
            st->no_time += j.count;
            continue;
        }
        if (j.end - j.start > longest)
            longest = j.end - j.start;
        if ((j.end - j.start + 59) / 60 > MAX_MINUTES)
            continue; /* refused below, once the longest is known */
        if (first == INT64_MAX)
            base = minute_of(j.arrive); /* the least, the records being in order */
        if (j.arrive < first)
            first = j.arrive;
        if (j.arrive > last)
            last = j.arrive;
        if (minute_of(j.arrive) - base >= (int64_t)UINT32_MAX) {
            diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                     "the records span more than 8,000 years");
            rc = EXIT_DATAERR;
            break;
        }
        TraceJob e = {(uint32_t)(minute_of(j.arrive) - base),
                      (uint32_t)((j.end - j.start + 59) / 60), j.gpus, j.workload,
                      j.count};
        st->jobs += j.count;
        rc = out_put(&out, &e);
    }
    if (rc == 0 && got < 0)
        rc = EXIT_IOERR;
    if (rc == 0)
        rc = out_flush(&out);
    merge_end(&m);
    if (!out.held)
        free(out.block);
    spill_close(&r->runs);
    if (rc != 0)
        return rc;
    if ((longest + 59) / 60 > MAX_MINUTES) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "a job runs %.1f days, longer than the 366 a simulation holds",
                 (double)longest / 86400);
        return EXIT_DATAERR;
    }
    if (t->count == 0) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "no job to replay: no record has a start, an end after it and GPUs");
        return EXIT_DATAERR;
    }
    /* Minute 0 is the local midnight of the first arrival (the whole
     * minute it falls in, for the zones whose offset had seconds). */
    long off = timezone_offset(z, first);
    int64_t local = first + off;
    int64_t day = local >= 0 ? local / 86400 : -((-local + 86399) / 86400);
    int64_t origin_min = minute_of(day * 86400 - off);
    t->origin = origin_min * 60;
    int64_t last_min = minute_of(last) - origin_min;
    if (last_min >= (int64_t)UINT32_MAX) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL, "the records span more than 8,000 years");
        return EXIT_DATAERR;
    }
    t->span = (last_min / DAY_MINUTES + 1) * DAY_MINUTES;
    t->shift_in = (uint32_t)(base - origin_min);
    if (t->jobs)
        for (size_t i = 0; i < t->count; i++)
            t->jobs[i].submit += t->shift_in;
    return 0;
}

int trace_jobs_load(const char *const *paths, size_t n, const TraceOptions *o,
                    TraceJobs *t, Diag *d)
{
    memset(t, 0, sizeof *t);
    diag_clear(d, NULL);
    t->period = o->period;
    Diag spill_d;
    diag_clear(&spill_d, NULL);
    Reading r = {.o = o, .st = &t->stats, .runs = SPILL_CLOSED,
                 .latest = INT64_MIN, .d = &spill_d};
    r.chunk = o->chunk_jobs ? o->chunk_jobs : TRACE_CHUNK_JOBS;
    r.raw = xmalloc(r.chunk * sizeof *r.raw);
    r.key = xmalloc(r.chunk * sizeof *r.key);
    TimeZone *z = xmalloc(sizeof *z);
    timezone_init(z, o->utc);
    JobReadOptions ro = {o->format, o->group_by, z};
    JobSink sink = {&r, sink_job, NULL, NULL};
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = job_history_read(paths[i], &ro, &sink, &t->stats.read, d);
    if (r.rc != 0) { /* the scratch file, not the memory */
        *d = spill_d;
        rc = r.rc;
    }
    r.d = d;
    if (rc == 0 && r.nrun > 0 && r.n > 0)
        rc = spill_block(&r); /* the last block joins the others on file */
    if (rc == 0)
        rc = settle(&r, t, z, d);
    free(z);
    free(r.raw);
    free(r.key);
    free(r.run);
    spill_close(&r.runs);
    if (rc == 0)
        rc = trace_table_fit(t, d);
    if (rc == 0)
        rc = trace_table_sum(t, d);
    if (rc != 0) {
        TraceStats keep = t->stats;
        trace_jobs_free(t);
        t->stats = keep;
    }
    trace_jobs_rewind(t);
    return rc;
}

void trace_jobs_free(TraceJobs *t)
{
    free(t->jobs);
    t->jobs = NULL;
    spill_close(&t->table);
    trace_table_free(t);
    free(t->loads);
    t->loads = NULL;
    t->load_count = 0;
    t->count = 0;
    t->replayed = 0;
}
