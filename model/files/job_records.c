/* job_records.c: one record of a job history turned into a job, an
 * activity sample or a node's GPUs, DESIGN 10, for every format but sacct
 * (job_sacct.c); and what reading any record takes, which job_sacct.c and
 * job_history.c use: a malformed record described, the times, the group.
 * The format and the columns are job_history.c's. */
#include "config.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "job_reader.h"
#include "utf8.h"

#define QUOTE_MAX 40 /* characters of a value quoted in a message */

size_t job_name_prefix(const char *name, size_t n)
{
    size_t i = 0;
    while (i < n && !(name[i] >= '0' && name[i] <= '9') &&
           !strchr("-_.:/ ", name[i]))
        i++;
    return i ? i : n;
}

void job_problem(JobReader *jr, int field, size_t at, const char *fmt, ...)
{
    JobReadStats *st = jr->st;
    st->malformed++;
    if (st->problem_count >= JOB_PROBLEMS_MAX)
        return;
    Diag *d = &st->problems[st->problem_count++];
    diag_clear(d, jr->rr.name);
    unsigned long line, col;
    size_t raw = field == JOB_RAW ? at
                 : field >= 0 && (size_t)field < jr->rr.nfields
                     ? jr->rr.fields[field].raw + at
                     : 0;
    record_locate(&jr->rr, raw, &line, &col);
    char msg[2 * sizeof d->message]; /* diag_set marks a cut with "…" */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_set(d, EXIT_DATAERR, line, col, NULL, "%s", msg);
}

static const RecordField *field(const JobReader *jr, JobColumn c)
{
    return jr->col[c] >= 0 ? &jr->rr.fields[jr->col[c]] : NULL;
}

/* The field's text for a message: at most QUOTE_MAX characters, and "…"
 * when it was longer. */
const char *job_shown(const RecordField *f, char *buf, size_t n)
{
    size_t len = f->n, chars = 0, i = 0;
    while (i < len && chars < QUOTE_MAX) {
        i = utf8_next(f->s, len, i);
        chars++;
    }
    snprintf(buf, n, "%.*s%s", (int)i, f->s, i < len ? "\u2026" : "");
    return buf;
}

static void trim(const char **s, size_t *n)
{
    while (*n && (**s == ' ' || **s == '\t'))
        (*s)++, (*n)--;
    while (*n && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
        (*n)--;
}

/* A plain decimal number (digits, a fraction, an exponent): no sign, no
 * hex, no inf or nan. Empty is false with *empty set. */
static bool number(const char *s, size_t n, double *v, bool *empty)
{
    trim(&s, &n);
    *empty = n == 0;
    if (n == 0 || n > 60)
        return false;
    char buf[64];
    size_t i = 0;
    bool digit = false;
    for (; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9')
            digit = true;
        else if (!(c == '.' || c == 'e' || c == 'E' ||
                   ((c == '+' || c == '-') && i > 0 &&
                    (s[i - 1] == 'e' || s[i - 1] == 'E'))))
            return false;
        buf[i] = c;
    }
    buf[i] = '\0';
    if (!digit || !(buf[0] >= '0' && buf[0] <= '9'))
        return false;
    char *end;
    *v = strtod(buf, &end);
    return *end == '\0' && isfinite(*v);
}

/* A number field of the current record; a bad one is reported. Returns 1
 * with *v, 0 when empty (not reported), -1 when bad (reported). */
static int number_field(JobReader *jr, JobColumn c, const char *what,
                        double max, bool whole, double *v)
{
    const RecordField *f = field(jr, c);
    bool empty;
    if (!f)
        return 0;
    if (number(f->s, f->n, v, &empty) && *v <= max &&
        (!whole || *v == floor(*v)))
        return 1;
    if (empty)
        return 0;
    char q[JOB_SHOWN];
    job_problem(jr, jr->col[c], 0, "%s '%s' is not %s from 0 to %.0f", what,
                job_shown(f, q, sizeof q), whole ? "a whole number" : "a number",
                max);
    return -1;
}

/* A time field: 1 with *t and *later, 0 not given, -1 bad (reported). */
static int time_field(JobReader *jr, JobColumn c, const char *what,
                      int64_t *t, int64_t *later)
{
    *t = *later = MEASURE_NONE;
    const RecordField *f = field(jr, c);
    if (!f)
        return 0;
    const char *why;
    size_t at;
    TimeStatus st = timestamp_parse(f->s, f->n, jr->o->zone, t, later, &why,
                                    &at);
    if (st == TIME_OK)
        return 1;
    *t = *later = MEASURE_NONE;
    if (st == TIME_UNKNOWN)
        return 0;
    char q[JOB_SHOWN];
    job_problem(jr, jr->col[c], at, "%s '%s' %s (expected " TIMESTAMP_FORMS
                ")", what, job_shown(f, q, sizeof q), why);
    return -1;
}

/* DESIGN 10: a local time repeated by a clock change reads as its first
 * instant, unless that puts the end before the start or the start before
 * the submission; then as its second. */
static void settle_ambiguous(MeasureJob *j, int64_t start_later,
                             int64_t end_later)
{
    if (j->start != MEASURE_NONE && j->submit != MEASURE_NONE &&
        j->start < j->submit && start_later > j->start)
        j->start = start_later;
    if (j->end != MEASURE_NONE && j->start != MEASURE_NONE &&
        j->end < j->start && end_later > j->end)
        j->end = end_later;
}

void job_set_group(const JobReader *jr, MeasureJob *j)
{
    j->group = NULL;
    j->group_len = 0;
    if (jr->group_col < 0)
        return;
    const RecordField *f = &jr->rr.fields[jr->group_col];
    const char *s = f->s;
    size_t n = f->n;
    trim(&s, &n);
    j->group = s;
    j->group_len = jr->group_prefix ? job_name_prefix(s, n) : n;
}

/* Submit, start and end, with the ambiguity settled. Returns false when a
 * time was bad (reported). */
bool job_times(JobReader *jr, MeasureJob *j, JobColumn submit,
                      JobColumn start, JobColumn end)
{
    int64_t sub_later, start_later, end_later;
    int a = time_field(jr, submit, "the submit time", &j->submit, &sub_later);
    int b = time_field(jr, start, "the start time", &j->start, &start_later);
    int c = time_field(jr, end, "the end time", &j->end, &end_later);
    if (a < 0 || b < 0 || c < 0)
        return false;
    settle_ambiguous(j, start_later, end_later);
    return true;
}

int job_emit(JobReader *jr, const MeasureJob *j)
{
    return jr->sink->job ? jr->sink->job(jr->sink->ctx, j) : 0;
}

static int rec_pods(JobReader *jr)
{
    MeasureJob j = {0};
    j.count = 1;
    double gpus, milli = 0;
    int g = number_field(jr, COL_NUM_GPU, "num_gpu", MEASURE_MAX_GPUS, true,
                         &gpus);
    int m = number_field(jr, COL_GPU_MILLI, "gpu_milli", 1000, true, &milli);
    bool ok = job_times(jr, &j, COL_CREATION, COL_SCHEDULED, COL_DELETION);
    if (g < 0 || m < 0 || !ok)
        return 0;
    if (g == 0)
        gpus = 0;
    /* DESIGN 10: one GPU with gpu_milli below 1000 is that share of it. */
    j.milli_gpus = gpus == 1 && milli > 0 && milli < 1000
                       ? (int64_t)milli
                       : (int64_t)gpus * 1000;
    job_set_group(jr, &j);
    return job_emit(jr, &j);
}

static int rec_csv(JobReader *jr)
{
    MeasureJob j = {0};
    j.count = 1;
    double gpus;
    int g = number_field(jr, COL_GPUS, "gpus", MEASURE_MAX_GPUS, false, &gpus);
    bool ok = job_times(jr, &j, COL_SUBMIT, COL_START, COL_END);
    if (g < 0 || !ok)
        return 0;
    if (g == 0) {
        job_problem(jr, jr->col[COL_GPUS], 0,
                    "no GPU count (gpus: a number from 0 to %d)",
                    MEASURE_MAX_GPUS);
        return 0;
    }
    j.milli_gpus = llround(gpus * 1000);
    job_set_group(jr, &j);
    return job_emit(jr, &j);
}

static int rec_activity(JobReader *jr)
{
    double v;
    int64_t t, later;
    int a = number_field(jr, COL_VALUE, "the value", 100, false, &v);
    int b = time_field(jr, COL_TIMESTAMP, "the timestamp", &t, &later);
    const RecordField *id = field(jr, COL_ID);
    const char *s = id->s;
    size_t n = id->n;
    trim(&s, &n);
    if (a == 0)
        job_problem(jr, jr->col[COL_VALUE], 0,
                    "no value (a busy share from 0 to 1, or 0 to 100)");
    if (b == 0)
        job_problem(jr, jr->col[COL_TIMESTAMP], 0, "no timestamp");
    if (n == 0)
        job_problem(jr, jr->col[COL_ID], 0, "no id (the device or pod)");
    if (a <= 0 || b <= 0 || n == 0 || !jr->sink->sample)
        return 0;
    MeasureSampleStatus st = jr->sink->sample(jr->sink->ctx, t, v, s, n);
    if (st == MEASURE_SAMPLE_NOMEM)
        return -1;
    if (st == MEASURE_SAMPLE_BACKWARDS) {
        char q[JOB_SHOWN];
        job_problem(jr, jr->col[COL_TIMESTAMP], 0,
                    "not after the previous sample of id '%s' (the samples "
                    "of one id must be in time order)",
                    job_shown(id, q, sizeof q));
    }
    return 0;
}

static int rec_nodes(JobReader *jr)
{
    double gpus;
    if (number_field(jr, COL_NUM_GPU, "num_gpu", MEASURE_MAX_GPUS, true,
                     &gpus) <= 0)
        return 0;
    jr->st->nodes++;
    if (jr->sink->gpus)
        jr->sink->gpus(jr->sink->ctx, gpus);
    return 0;
}

int job_record(JobReader *jr)
{
    switch (jr->format) {
    case JOBS_PODS: return rec_pods(jr);
    case JOBS_CSV: return rec_csv(jr);
    case JOBS_ACTIVITY: return rec_activity(jr);
    case JOBS_NODES: return rec_nodes(jr);
    default: return 0;
    }
}
