/* trace_jobs.h: a job history replayed as a hybrid plan's job stream
 * (DESIGN 10.8).
 *
 * The files gpuplan measure reads (sacct, pods, csv) are read once into a
 * compact table of the jobs that ran (16 bytes a job), each with its
 * arrival, GPUs, run time and group. A history of up to chunk_jobs records
 * keeps its table in memory; a longer one is sorted in blocks of that many
 * records on a scratch file (trace_spill.h), merged there into the table,
 * and replayed from it a block at a time: memory stays a few megabytes
 * whatever the file's length (DESIGN 10.8). trace_jobs.c reads the records
 * into the table; trace_table.c reads the table and replays it;
 * trace_spill.c is the scratch file. The replay shifts the history to the
 * plan's start (the first arrival's local midnight is the period's minute
 * 0, so hours of the day and days of the week keep their place), repeats
 * it to fill the period (one repetition is the history's whole days), and
 * yields its jobs in submission order through a HybridJobSource
 * (hybrid_stream.h): the simulation reads it like the plan's own
 * workloads. Each group goes to one workload index of the plan being
 * evaluated, by name; the groups the table does not name go to a default.
 *
 * What becomes of a record (each counted, never dropped silently):
 * - a job that never started (no start time), held no GPU, or whose end is
 *   not known while it is not running (sacct's Unknown end of a failed
 *   job, a pod never deleted): not replayed;
 * - a job still running (no end): held until the latest time the records
 *   name, as gpuplan measure clips it;
 * - an end at or before its start: not replayed;
 * - an array record that stands for N tasks: N jobs at its arrival;
 * - a heterogeneous job's other component: its GPUs join the job before
 *   it when that one arrived and started at the same time, else it is a
 *   job of its own;
 * - a fraction of a GPU (pods sharing a device): one GPU, as a gang
 *   scheduler must give it a whole one.
 * Arrival is the submit time (the start when there is none), to the
 * minute; the run time is end - start in whole minutes, rounded up, on-prem
 * and in the cloud (minutes / 60 hours billed). The simulation keeps one queue per class of alike jobs
 * (workload, GPUs, minutes, hours) and takes at most 4,096 classes; a
 * history with more shapes has its run times rounded to the fewest
 * relative steps (1%, 2%, 5% ... 50%) that fit, and says so. */
#ifndef GPUPLAN_TRACE_JOBS_H
#define GPUPLAN_TRACE_JOBS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "hybrid_stream.h"
#include "job_history.h"
#include "trace_spill.h"

#define TRACE_MAX_CLASSES 4096 /* the simulation's classes (hybrid_stream.h) */

/* How to read the history and where its groups go. */
typedef struct TraceOptions {
    JobFormat format;     /* JOBS_AUTO: from the header */
    JobGroupBy group_by;  /* JOB_GROUP_DEFAULT: the format's own */
    bool utc;             /* times without an offset are UTC, else local */
    /* Group names and the workload index each goes to; a group named by
     * none goes to default_workload. Names compare byte for byte. */
    const char *const *group_names;
    const size_t *group_workloads;
    size_t group_count;
    size_t default_workload;
    int64_t period;       /* minutes the replay fills (plan days x 1440) */
    size_t chunk_jobs;    /* records sorted in memory at once, and the
                           * longest history kept in memory; 0:
                           * TRACE_CHUNK_JOBS (tests set it small) */
} TraceOptions;

/* 131,072 records (4 MiB, and 2 MiB to sort them). */
#define TRACE_CHUNK_JOBS ((size_t)1 << 17)

/* One job of the table: 16 bytes. */
typedef struct TraceJob {
    uint32_t submit;   /* minute from the history's origin */
    uint32_t minutes;  /* run time, rounded to stats.step_pct */
    uint32_t gpus;
    uint16_t workload;
    uint16_t count;    /* jobs it stands for (an array's tasks, <= 65535) */
} TraceJob;

/* What the reading kept and skipped. */
typedef struct TraceStats {
    uint64_t records;      /* job records read */
    uint64_t jobs;         /* jobs replayed once (array tasks counted) */
    uint64_t no_start;     /* never started */
    uint64_t no_end;       /* an end not known, and not running */
    uint64_t no_gpus;      /* held no GPU */
    uint64_t no_time;      /* end at or before start */
    uint64_t running;      /* held to the records' latest time */
    uint64_t components;   /* joined the job before them */
    uint64_t fractions;    /* a fraction of a GPU, replayed as one */
    double step_pct;       /* run times rounded to this relative step; 0:
                            * exact minutes */
    JobReadStats read;     /* lines, steps, malformed lines (file:line:col) */
} TraceStats;

/* What the replay submits in the period, by workload. */
typedef struct TraceLoad {
    uint64_t entries;      /* the table's entries (replayed or not) */
    double jobs;           /* jobs submitted in the period (tasks counted) */
    double gpus, hours;    /* their GPUs and run hours, summed */
} TraceLoad;

/* The table, its replay and the cursor of a HybridJobSource. */
typedef struct TraceJobs {
    TraceJob *jobs;        /* in submission order; NULL when spilled */
    Spill table;           /* the table, when the history was too long to
                            * keep in memory (then jobs is NULL) */
    size_t count;          /* entries of the table */
    int64_t origin;        /* UTC second of minute 0 (a whole minute) */
    int64_t span;          /* minutes of one repetition (whole days) */
    int64_t period;
    uint32_t shift_in;     /* spilled: minutes added to each entry's submit
                            * as it is read */
    TraceStats stats;
    TraceLoad *loads;      /* by workload index: load_count of them */
    size_t load_count;
    uint64_t replayed;     /* jobs the replay submits in the period */
    /* cursor */
    size_t at;
    uint32_t task;         /* tasks of the current entry already yielded */
    int64_t shift;         /* minutes added in this repetition */
    TraceJob cur;          /* spilled: the entry at `at`, when loaded */
    bool loaded;
    SpillCursor rd;
    struct TraceRound *round; /* spilled, run times rounded: a memo */
} TraceJobs;

/* Read the history at paths[0..n) into *t. Returns 0; or EXIT_NOINPUT,
 * EXIT_IOERR (also: the scratch file of a long history cannot be
 * written), EXIT_DATAERR (a file no format reads, no job to replay, a
 * job that runs longer than 366 days, more shapes of job than the classes
 * hold even at the coarsest step) with *d saying why (d->file names the
 * file when one is at fault) and *t empty. The malformed lines are in
 * t->stats.read either way. Release with trace_jobs_free. */
int trace_jobs_load(const char *const *paths, size_t n, const TraceOptions *o,
                    TraceJobs *t, Diag *d);

/* Make *src read t from its start (t must outlive src's use). */
void trace_jobs_source(TraceJobs *t, HybridJobSource *src);

/* Start the replay again from the table's first job. */
void trace_jobs_rewind(TraceJobs *t);

/* Jobs the replay submits in t->period (array tasks counted). */
uint64_t trace_jobs_replayed(const TraceJobs *t);

/* The table's entries in order, as the replay reads them (submit from
 * minute 0, run times rounded to the step): trace_jobs_start, then
 * trace_jobs_next until it returns 0 (-1: a spilled table could not be
 * read, *d says why). It moves the replay's cursor: rewind after. */
void trace_jobs_start(TraceJobs *t);
int trace_jobs_next(TraceJobs *t, TraceJob *out, Diag *d);

void trace_jobs_free(TraceJobs *t);

#endif
