/* measure.c: job records summed into utilization, DESIGN 10. */
#include "config.h"

#include "measure.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const int measure_pcts[MEASURE_PCTS] = {50, 90, 99};

void measure_init(Measure *m, int64_t from, int64_t to)
{
    memset(m, 0, sizeof *m);
    m->from = from;
    m->to = to;
    m->first_start = MEASURE_NONE;
    m->last_time = MEASURE_NONE;
    m->sample_last = MEASURE_NONE;
    m->held = (Timeline)TIMELINE_INIT;
    m->active = (Timeline)TIMELINE_INIT;
    m->sampled = (Timeline)TIMELINE_INIT;
    m->groups = (GroupTable)GROUP_TABLE_INIT;
}

static void fail(Measure *m, int st)
{
    if (!m->failed)
        m->failed = st == -2 ? -2 : -1;
}

static void see_time(Measure *m, int64_t t)
{
    if (t != MEASURE_NONE && (m->last_time == MEASURE_NONE || t > m->last_time))
        m->last_time = t;
}

/* The group's figures for one counted job: its held time (already clipped
 * to the window), and unless it is a component, its size and duration. */
static int add_to_group(Measure *m, size_t g, const MeasureJob *j,
                        double milli_gpu_s, int64_t duration)
{
    GroupStats *gs = &m->groups.groups[g];
    gs->milli_gpu_s += milli_gpu_s;
    if (j->component)
        return 0;
    gs->jobs += j->count;
    if (countmap_add(&gs->sizes, j->milli_gpus, j->count) != 0 ||
        countmap_add(&gs->durations, group_stats_duration_key(duration),
                     j->count) != 0)
        return -1;
    return 0;
}

static int group_of(Measure *m, const MeasureJob *j, size_t *g)
{
    return group_table_find(&m->groups, j->group ? j->group : "",
                            j->group ? j->group_len : 0, g);
}

/* Hold j's GPUs over [a, b) clipped to the window; its group gets the
 * clipped time. */
static int hold(Measure *m, const MeasureJob *j, size_t g, int64_t a,
                int64_t b)
{
    const int64_t duration = b - a; /* the job's own, not the clipped */
    if (m->from != MEASURE_NONE && a < m->from)
        a = m->from;
    if (m->to != MEASURE_NONE && b > m->to)
        b = m->to;
    double rate = (double)j->milli_gpus * (double)j->count;
    int st = timeline_add(&m->held, a, b, rate);
    if (st != 0)
        return st;
    return add_to_group(m, g, j, rate * (double)(b - a), duration) == 0 ? 0
                                                                        : -1;
}

static int classify(const Measure *m, const MeasureJob *j)
{
    if (j->start == MEASURE_NONE)
        return MEASURE_NOT_STARTED;
    if (j->end == MEASURE_NONE && !j->running)
        return MEASURE_END_UNKNOWN;
    if (j->end != MEASURE_NONE && j->end <= j->start)
        return MEASURE_NO_SPAN;
    if ((m->to != MEASURE_NONE && j->start >= m->to) ||
        (m->from != MEASURE_NONE && j->end != MEASURE_NONE &&
         j->end <= m->from))
        return MEASURE_OUTSIDE;
    return -1;
}

int measure_add_job(Measure *m, const MeasureJob *j, int *why)
{
    if (why)
        *why = -1;
    if (!j->component)
        m->jobs += j->count;
    if (j->milli_gpus <= 0)
        return 0;
    if (!j->component)
        m->with_gpus += j->count;
    see_time(m, j->submit);
    see_time(m, j->start);
    see_time(m, j->end);
    int reason = classify(m, j);
    if (reason >= 0) {
        if (!j->component)
            m->skipped[reason] += j->count;
        if (why)
            *why = reason;
        return 0;
    }
    if (!j->component)
        m->used += j->count;
    else
        m->components += j->count;
    int64_t start = j->start;
    if (m->from != MEASURE_NONE && start < m->from)
        start = m->from;
    if (m->first_start == MEASURE_NONE || start < m->first_start)
        m->first_start = start;
    size_t g;
    if (group_of(m, j, &g) != 0) {
        fail(m, -1);
        return -1;
    }
    if (j->end == MEASURE_NONE) {
        /* Running: its end is the window's, known once every record is
         * read. */
        if (m->running_count == m->running_cap) {
            size_t cap = m->running_cap ? m->running_cap * 2 : 64;
            MeasureRunning *r = realloc(m->running, cap * sizeof *r);
            if (!r) {
                fail(m, -1);
                return -1;
            }
            m->running = r;
            m->running_cap = cap;
        }
        m->running[m->running_count++] =
            (MeasureRunning){j->start, j->milli_gpus, j->count, g,
                             j->component};
        return 0;
    }
    int st = hold(m, j, g, j->start, j->end);
    if (st != 0) {
        fail(m, st);
        return -1;
    }
    return 0;
}

void measure_span(const Measure *m, int64_t *first_start, int64_t *last_time)
{
    *first_start = m->first_start;
    *last_time = m->last_time;
}

/* The running jobs' figures, once the window's end is known: each is held
 * to it (DESIGN 10: clipped at the window's end). One that starts at the
 * end (the records' last time, with no --to) has no time in the window:
 * it moves from the jobs counted to the jobs skipped, outside the window,
 * as it would have been had --to been given. */
static int close_running(Measure *m, int64_t to, uint64_t *clipped)
{
    for (size_t i = 0; i < m->running_count; i++) {
        const MeasureRunning *r = &m->running[i];
        if (r->start >= to) {
            if (r->component) {
                m->components -= r->count;
            } else {
                m->used -= r->count;
                m->skipped[MEASURE_OUTSIDE] += r->count;
            }
            continue;
        }
        MeasureJob j = {MEASURE_NONE, r->start, to, r->milli_gpus, true,
                        r->component, r->count, NULL, 0};
        int st = hold(m, &j, r->group, r->start, to);
        if (st != 0)
            return st;
        if (!r->component)
            *clipped += r->count;
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Nearest rank over sorted v[0..n): rank ceil(p n / 100) in integers. */
static double nearest_rank(const double *v, size_t n, int p)
{
    size_t k = ((size_t)p * n + 99) / 100;
    return v[(k < 1 ? 1 : k) - 1];
}

/* Seconds of slot q inside [from, to). */
static double slot_cover(int64_t q, int64_t from, int64_t to)
{
    int64_t a = q * TIMELINE_SLOT, b = a + TIMELINE_SLOT;
    if (a < from)
        a = from;
    if (b > to)
        b = to;
    return b > a ? (double)(b - a) : 0;
}

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b < 0) ? q - 1 : q;
}

/* The hour-by-hour figures and the week's profile from the slots
 * q0 .. q1-1 (their held integrals in held[]): local clock hours, each
 * the mean over the part of it inside the window. */
static int hours_and_profile(MeasureResult *r, const double *held, int64_t q0,
                             int64_t q1, const MeasureClock *clock)
{
    size_t nq = (size_t)(q1 - q0);
    double *hour = malloc((nq + 1) * sizeof *hour);
    if (!hour)
        return -1;
    double cell_s[168] = {0}, cell_v[168] = {0};
    size_t nh = 0;
    int64_t cur = INT64_MIN;
    long cur_off = 0;
    double hv = 0, hs = 0;
    for (size_t i = 0; i < nq; i++) {
        int64_t q = q0 + (int64_t)i;
        int64_t t = q * TIMELINE_SLOT;
        long off = clock ? clock->offset(clock->ctx, t) : 0;
        int64_t lh = floor_div(t + off, 3600);
        double cover = slot_cover(q, r->from, r->to);
        /* A new hour when the clock's hour changes, or when the clock is
         * set back and the same hour comes round again. */
        if (lh != cur || off != cur_off) {
            if (hs > 0)
                hour[nh++] = hv / hs;
            cur = lh;
            cur_off = off;
            hv = hs = 0;
        }
        hv += held[i];
        hs += cover;
        /* 1970-01-01 was a Thursday: day 3 counting from Monday. */
        int64_t day = floor_div(lh, 24);
        int cell = (int)((day + 3) % 7 + 7) % 7 * 24 + (int)(lh - day * 24);
        cell_v[cell] += held[i];
        cell_s[cell] += cover;
    }
    if (hs > 0)
        hour[nh++] = hv / hs;
    for (int c = 0; c < 168; c++)
        r->profile[c] = cell_s[c] > 0 ? cell_v[c] / cell_s[c] / 1000 : NAN;
    for (size_t i = 0; i < nh; i++)
        hour[i] /= 1000;
    qsort(hour, nh, sizeof *hour, cmp_double);
    r->hour_count = nh;
    for (int k = 0; k < MEASURE_PCTS; k++)
        r->held_pct[k] = nh ? nearest_rank(hour, nh, measure_pcts[k]) : 0;
    r->held_max = nh ? hour[nh - 1] : 0;
    free(hour);
    return 0;
}

static int cmp_group(const void *a, const void *b)
{
    const MeasureGroupResult *x = a, *y = b;
    if (x->gpu_hours != y->gpu_hours)
        return x->gpu_hours < y->gpu_hours ? 1 : -1;
    return strcmp(x->name, y->name);
}

static int group_results(Measure *m, MeasureResult *r)
{
    size_t n = m->groups.count;
    r->groups = calloc(n ? n : 1, sizeof *r->groups);
    if (!r->groups)
        return -1;
    for (size_t g = 0; g < n; g++) {
        GroupStats *gs = &m->groups.groups[g];
        if (gs->jobs == 0 && gs->milli_gpu_s == 0)
            continue; /* only a running job outside the window named it */
        MeasureGroupResult *o = &r->groups[r->group_count++];
        o->name = gs->name;
        gs->name = NULL; /* the result owns it now */
        o->gpu_hours = gs->milli_gpu_s / 1000 / 3600;
        o->jobs = gs->jobs;
        int64_t sz[MEASURE_PCTS], du[MEASURE_PCTS];
        countmap_percentiles(&gs->sizes, measure_pcts, MEASURE_PCTS, sz);
        countmap_percentiles(&gs->durations, measure_pcts, MEASURE_PCTS, du);
        for (int k = 0; k < MEASURE_PCTS; k++) {
            o->gpus[k] = (double)sz[k] / 1000;
            o->hours[k] = (double)du[k] / 3600;
        }
    }
    qsort(r->groups, r->group_count, sizeof *r->groups, cmp_group);
    return 0;
}

/* The window: as given, or from the records. */
static int window_of(Measure *m, MeasureResult *r, Diag *d)
{
    r->from = m->from != MEASURE_NONE ? m->from : m->first_start;
    r->to = m->to != MEASURE_NONE ? m->to : m->last_time;
    if (m->used == 0 && m->components == 0) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "no job in the records held GPUs inside the window "
                 "(%llu jobs read, %llu with GPUs)",
                 (unsigned long long)m->jobs,
                 (unsigned long long)m->with_gpus);
        return EXIT_DATAERR;
    }
    if (r->to <= r->from) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "the records cover no time: the window ends where it "
                 "starts");
        return EXIT_DATAERR;
    }
    return 0;
}

int measure_finish(Measure *m, double capacity, const MeasureClock *clock,
                   MeasureResult *r, Diag *d)
{
    memset(r, 0, sizeof *r);
    int st = window_of(m, r, d);
    if (st != 0)
        return st;
    if (!m->failed) {
        int cr = close_running(m, r->to, &r->running);
        if (cr != 0)
            fail(m, cr);
    }
    if (!m->failed)
        measure_activity_close(m);
    if (m->failed == -2) {
        diag_set(d, EXIT_DATAERR, 0, 0, NULL,
                 "the records span more than 25 years; measure a part of "
                 "them with --from and --to");
        return EXIT_DATAERR;
    }
    int64_t q0 = timeline_slot(r->from), q1 = timeline_slot(r->to - 1) + 1;
    double *held = m->failed ? NULL : malloc((size_t)(q1 - q0) * sizeof *held);
    if (!held) {
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "out of memory");
        return EXIT_IOERR;
    }
    timeline_integrals(&m->held, q0, q1, held);
    double total = 0;
    for (int64_t q = q0; q < q1; q++)
        total += held[q - q0];
    r->hours = (double)(r->to - r->from) / 3600;
    r->from_offset = clock ? clock->offset(clock->ctx, r->from) : 0;
    r->to_offset = clock ? clock->offset(clock->ctx, r->to) : 0;
    r->capacity = capacity;
    r->jobs = m->jobs;
    r->with_gpus = m->with_gpus;
    r->used = m->used;
    r->components = m->components;
    memcpy(r->skipped, m->skipped, sizeof r->skipped);
    r->gpu_hours = total / 1000 / 3600;
    r->held_mean = r->gpu_hours / r->hours;
    r->measured_pct = r->gpu_hours / (capacity * r->hours) * 100;
    st = hours_and_profile(r, held, q0, q1, clock);
    free(held);
    if (st == 0)
        st = group_results(m, r);
    if (st != 0) {
        measure_result_free(r);
        diag_set(d, EXIT_IOERR, 0, 0, NULL, "out of memory");
        return EXIT_IOERR;
    }
    measure_activity_result(m, r, q0, q1);
    return 0;
}

void measure_result_free(MeasureResult *r)
{
    for (size_t g = 0; g < r->group_count; g++)
        free(r->groups[g].name);
    free(r->groups);
    r->groups = NULL;
    r->group_count = 0;
}

void measure_free(Measure *m)
{
    timeline_free(&m->held);
    timeline_free(&m->active);
    timeline_free(&m->sampled);
    group_table_free(&m->groups);
    free(m->running);
    for (size_t i = 0; i < m->series_cap; i++)
        free(m->series[i].id);
    free(m->series);
    free(m->series_slots);
    memset(m, 0, sizeof *m);
}

const char *measure_skip_text(MeasureSkip s)
{
    static const char *const t[MEASURE_SKIP_COUNT] = {
        "never started", "end unknown", "no time between start and end",
        "outside the window"};
    return (unsigned)s < MEASURE_SKIP_COUNT ? t[s] : "?";
}

const char *measure_skip_key(MeasureSkip s)
{
    static const char *const t[MEASURE_SKIP_COUNT] = {
        "not_started", "end_unknown", "no_span", "outside"};
    return (unsigned)s < MEASURE_SKIP_COUNT ? t[s] : "?";
}

/* Howard Hinnant's days_from_civil and civil_from_days: exact for every
 * proleptic Gregorian date, no time zone, no libc. */
int64_t measure_days_from_civil(int64_t y, int m, int d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

void measure_civil_from_days(int64_t days, int64_t *y, int *m, int *d)
{
    days += 719468;
    int64_t era = (days >= 0 ? days : days - 146096) / 146097;
    int64_t doe = days - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = (int)(doy - (153 * mp + 2) / 5 + 1);
    *m = (int)(mp < 10 ? mp + 3 : mp - 9);
    *y = yoe + era * 400 + (*m <= 2);
}

char *measure_time_text(int64_t t, long offset, char *buf, size_t n)
{
    int64_t local = t + offset;
    int64_t days = floor_div(local, 86400), sec = local - days * 86400;
    int64_t y;
    int mo, d;
    measure_civil_from_days(days, &y, &mo, &d);
    long off = offset < 0 ? -offset : offset;
    char secs[8] = "";
    if (sec % 60)
        snprintf(secs, sizeof secs, ":%02d", (int)(sec % 60));
    snprintf(buf, n, "%04lld-%02d-%02d %02d:%02d%s %c%02ld:%02ld",
             (long long)y, mo, d, (int)(sec / 3600), (int)(sec / 60 % 60),
             secs, offset < 0 ? '-' : '+', off / 3600, off / 60 % 60);
    return buf;
}

double measure_value_pct(const MeasureResult *r)
{
    double v = round(r->measured_pct * 100) / 100;
    return v > 100 ? 100 : v;
}

double measure_value_weeks(const MeasureResult *r)
{
    double v = round(r->hours / 168 * 100) / 100;
    return v > 520 ? 520 : v;
}

double measure_value_active(const MeasureResult *r)
{
    if (!r->has_activity || !isfinite(r->active_pct))
        return NAN;
    return round(r->active_pct * 10) / 10;
}
