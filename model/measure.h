/* measure.h: a team's job history and GPU activity turned into the
 * utilization the scenario needs (DESIGN 10).
 *
 * The records are fed in one at a time, in any order (measure_add_job,
 * measure_add_sample), and measure_finish() gives the figures: the window,
 * the job-held GPU-hours, utilization.measured_pct, the GPUs held hour by
 * hour (mean, P50, P90, P99, highest), the 168-cell week-by-hour profile in
 * local time, per group the GPU-hours, job count, size and duration
 * percentiles, and with activity samples the active share of the held GPU
 * time (utilization.active_pct). Memory grows with the time covered (two
 * numbers a quarter hour), the groups, the jobs still running and the
 * activity series sampled at once, never with the number of records.
 *
 * Reading the files (model/files/job_history.h) is apart: this module is
 * pure, libc and libm only, and takes local time through a callback. */
#ifndef GPUPLAN_MEASURE_H
#define GPUPLAN_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "group_stats.h"
#include "timeline.h"

/* A time that is not given (an unknown end, a window bound from the data). */
#define MEASURE_NONE INT64_MIN
/* The most GPUs one record may hold (more is a malformed record). */
#define MEASURE_MAX_GPUS 1000000
/* The percentiles the figures give, in this order. */
#define MEASURE_PCTS 3 /* P50, P90, P99 */
extern const int measure_pcts[MEASURE_PCTS];

/* Why a job that holds GPUs adds nothing (every one is counted). */
typedef enum MeasureSkip {
    MEASURE_NOT_STARTED, /* no start: pending, or cancelled before it ran */
    MEASURE_END_UNKNOWN, /* no end and not running */
    MEASURE_NO_SPAN,     /* ends at or before its start */
    MEASURE_OUTSIDE,     /* wholly outside the window */
    MEASURE_SKIP_COUNT
} MeasureSkip;

/* One record of a job, as the readers give it. */
typedef struct MeasureJob {
    int64_t submit, start, end; /* UTC seconds; MEASURE_NONE = not known */
    int64_t milli_gpus;         /* GPUs held x 1000, 0..MEASURE_MAX_GPUS*1000 */
    bool running;               /* no end yet: held to the window's end */
    /* A part of a job counted on another record (a heterogeneous job's
     * second component): its GPU time counts, it is not a job. */
    bool component;
    uint64_t count;    /* jobs it stands for (array tasks), >= 1 */
    const char *group; /* group name bytes (no NUL needed); may be NULL */
    size_t group_len;
} MeasureJob;

/* Local time for the profile: the offset from UTC, in seconds, at UTC
 * second t. A NULL clock is UTC. */
typedef struct MeasureClock {
    long (*offset)(void *ctx, int64_t t);
    void *ctx;
} MeasureClock;

/* A job still running when the records were taken, kept until the window's
 * end is known. */
typedef struct MeasureRunning {
    int64_t start, milli_gpus;
    uint64_t count;
    size_t group;
    bool component;
} MeasureRunning;

/* One activity series (a device or a pod) being read. Private. */
typedef struct MeasureSeries {
    char *id;
    int64_t last_t, min_gap, prev_gap; /* prev_gap 0 = none yet */
    double last_v;
} MeasureSeries;

/* A file a measurement read, and as what (for the reports). */
typedef struct MeasureFile {
    const char *path;
    const char *format; /* "sacct", "pods", "csv", "activity", "nodes" */
} MeasureFile;

/* The accumulator. Members are private to measure.c; fill with
 * measure_init(), release with measure_free(). */
typedef struct Measure {
    int64_t from, to;               /* the window as given, or MEASURE_NONE */
    int64_t first_start, last_time; /* what the records span */
    Timeline held;                  /* GPUs x 1000 held */
    GroupTable groups;
    MeasureRunning *running;
    size_t running_count, running_cap;
    uint64_t jobs, with_gpus, used, components;
    uint64_t skipped[MEASURE_SKIP_COUNT];
    /* Activity: value x seconds, and seconds, of every series; the series
     * open now (a hash table of MeasureSeries, slots hold index + 1). */
    Timeline active, sampled;
    MeasureSeries *series;
    size_t series_count, series_cap, *series_slots, series_slots_cap;
    size_t series_sweep;        /* sweep stale series at this count */
    uint64_t samples, series_seen;
    int64_t sample_last;        /* latest sample time */
    double value_max;
    int failed; /* 0; -1 out of memory; -2 the records span too long */
} Measure;

/* Figures of one group, heaviest first in MeasureResult.groups. */
typedef struct MeasureGroupResult {
    char *name;      /* owned by the result; "" = no group given */
    double gpu_hours;
    uint64_t jobs;
    double gpus[MEASURE_PCTS];  /* job size percentiles, GPUs */
    double hours[MEASURE_PCTS]; /* job duration percentiles, hours */
} MeasureGroupResult;

typedef struct MeasureResult {
    int64_t from, to;       /* the window, UTC seconds */
    long from_offset, to_offset; /* local time's offset from UTC there */
    double hours;           /* its length */
    double capacity;        /* GPUs the share is of */
    uint64_t jobs;          /* jobs in the records (array tasks one each) */
    uint64_t with_gpus;     /* of those, holding GPUs */
    uint64_t used;          /* of those, counted (with_gpus - skipped) */
    uint64_t running;       /* of the counted, still running: clipped */
    uint64_t components;    /* parts of jobs, time counted, not jobs */
    uint64_t skipped[MEASURE_SKIP_COUNT];
    double gpu_hours;       /* job-held GPU-hours in the window */
    double measured_pct;    /* gpu_hours / (capacity x hours) x 100 */
    /* GPUs held, hour by hour (local clock hours; an hour the window cuts
     * counts for the part inside): the mean over the window, the
     * nearest-rank P50, P90, P99 of the hours, the highest hour. */
    double held_mean, held_pct[MEASURE_PCTS], held_max;
    size_t hour_count;
    /* Mean GPUs held in each hour of the week, local time, Monday 00:00
     * first ([day * 24 + hour]); NAN for an hour the window never has. */
    double profile[168];
    size_t group_count;
    MeasureGroupResult *groups;
    /* Activity, when samples were given. */
    bool has_activity;
    uint64_t samples, series;
    bool percent_scale;       /* the values were 0..100, not 0..1 */
    double active_gpu_hours;  /* sum of busy share x time, in the window */
    double sampled_gpu_hours; /* GPU time the samples cover, in the window */
    double activity_pct;      /* active / sampled x 100 */
    double active_pct;        /* active / job-held x 100, at most 100 */
    bool active_capped;       /* it was above 100 and is shown as 100 */
} MeasureResult;

/* Start an empty measurement over the window [from, to) (either may be
 * MEASURE_NONE: then it is the records' first start, or the latest time
 * they name). Never fails. */
void measure_init(Measure *m, int64_t from, int64_t to);

/* Count one job record (DESIGN 10). Returns -1 when a job with GPUs could
 * not be counted for want of memory (the measurement then fails at
 * measure_finish), otherwise 0 and, when why is not NULL, *why = the skip
 * reason or -1 when the job counted (or holds no GPUs). */
int measure_add_job(Measure *m, const MeasureJob *j, int *why);

/* What measure_add_sample says of a sample. */
typedef enum MeasureSampleStatus {
    MEASURE_SAMPLE_OK,
    MEASURE_SAMPLE_BACKWARDS, /* not after the id's previous sample */
    MEASURE_SAMPLE_NOMEM
} MeasureSampleStatus;

/* Add one activity sample: at UTC second t, series id[0..id_len) was busy
 * `value` (0..100; a file whose values never exceed 1 is read as shares,
 * otherwise as percent). Each sample holds until the series' next one, if
 * that comes within max(15 minutes, 3 x the series' shortest gap);
 * otherwise, and for the series' last sample, for the series' previous
 * gap. A series' samples must come in time order
 * (MEASURE_SAMPLE_BACKWARDS: the sample is not used). */
MeasureSampleStatus measure_add_sample(Measure *m, int64_t t, double value,
                                       const char *id, size_t id_len);

/* The figures (DESIGN 10) with `capacity` GPUs (> 0), local time from
 * clock (NULL = UTC). Returns 0 with *r filled (release with
 * measure_result_free); otherwise EXIT_DATAERR with *d saying why (no job
 * with GPUs counted; a window of no time; records over 25 years apart) or
 * EXIT_IOERR when memory ran short; *r is then empty. m stays valid and
 * is released by measure_free(). */
int measure_finish(Measure *m, double capacity, const MeasureClock *clock,
                   MeasureResult *r, Diag *d);

/* The latest time the records name and their first counted start, as the
 * window would take them (MEASURE_NONE when none). */
void measure_span(const Measure *m, int64_t *first_start, int64_t *last_time);

/* measure_activity.c's part of measure_finish: close every open series
 * (its last sample holds for its previous gap), then fill r's activity
 * figures from the slots q0 .. q1-1 of the window [r->from, r->to) and
 * r->gpu_hours. */
void measure_activity_close(Measure *m);
void measure_activity_result(const Measure *m, MeasureResult *r, int64_t q0,
                             int64_t q1);

void measure_result_free(MeasureResult *r);
void measure_free(Measure *m);

/* The values written into a scenario (DESIGN 10): measured_pct in percent
 * to two decimals (at most 100), measurement_weeks to two decimals (at
 * most 520), active_pct to one decimal (NAN without activity). */
double measure_value_pct(const MeasureResult *r);
double measure_value_weeks(const MeasureResult *r);
double measure_value_active(const MeasureResult *r);

/* UTC second t as local civil time `offset` seconds ahead of UTC:
 * "YYYY-MM-DD HH:MM" (":SS" added when the seconds are not 0) and the
 * offset, "+01:00". Writes at most n bytes, always terminated; returns
 * buf. */
char *measure_time_text(int64_t t, long offset, char *buf, size_t n);

/* Days since 1970-01-01 of a proleptic Gregorian date, and back. */
int64_t measure_days_from_civil(int64_t y, int m, int d);
void measure_civil_from_days(int64_t days, int64_t *y, int *m, int *d);

/* Words for a skip reason: "never started", "end unknown",
 * "no time between start and end", "outside the window". */
const char *measure_skip_text(MeasureSkip s);
/* JSON keys: "not_started", "end_unknown", "no_span", "outside". */
const char *measure_skip_key(MeasureSkip s);

#endif
