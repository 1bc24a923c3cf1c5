/* measure_activity.c: GPU activity samples (a DCGM duty cycle per device or
 * pod) summed into the active share of the held GPU time, DESIGN 10.
 *
 * Each sample holds its value until the same series' next sample; the
 * busy share times that time goes into one timeline, the time itself into
 * another. A series whose samples stop (a gap longer than 15 minutes and
 * than three times its shortest gap) ends there, its last sample holding
 * for its previous gap. Series not heard from for that long are closed and
 * dropped as the reading goes on, so memory follows the series sampled at
 * once, not all that ever were. */
#include "config.h"

#include "measure.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SERIES_QUIET 900 /* seconds: a longer gap may end a series */

static int64_t quiet_of(const MeasureSeries *s)
{
    return 3 * s->min_gap > SERIES_QUIET ? 3 * s->min_gap : SERIES_QUIET;
}

static int hold(Measure *m, int64_t a, int64_t b, double v)
{
    int st = timeline_add(&m->active, a, b, v);
    if (st == 0)
        st = timeline_add(&m->sampled, a, b, 1);
    if (st != 0 && !m->failed)
        m->failed = st == -2 ? -2 : -1;
    return st;
}

/* A series' last sample holds for the series' previous gap. */
static void close_series(Measure *m, const MeasureSeries *s)
{
    if (s->prev_gap > 0)
        hold(m, s->last_t, s->last_t + s->prev_gap, s->last_v);
}

static int rebuild(Measure *m, size_t cap)
{
    size_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < m->series_count; i++) {
        const MeasureSeries *s = &m->series[i];
        size_t j = group_stats_hash(s->id, strlen(s->id)) & (cap - 1);
        while (slots[j])
            j = (j + 1) & (cap - 1);
        slots[j] = i + 1;
    }
    free(m->series_slots);
    m->series_slots = slots;
    m->series_slots_cap = cap;
    return 0;
}

/* Close and drop the series quiet for longer than they may be, relative to
 * the latest sample read. */
static void sweep(Measure *m)
{
    size_t keep = 0;
    for (size_t i = 0; i < m->series_count; i++) {
        MeasureSeries *s = &m->series[i];
        if (s->last_t + quiet_of(s) < m->sample_last) {
            close_series(m, s);
            free(s->id);
            s->id = NULL;
            continue;
        }
        if (keep != i) {
            m->series[keep] = *s;
            s->id = NULL;
        }
        keep++;
    }
    m->series_count = keep;
    if (rebuild(m, m->series_slots_cap) != 0 && !m->failed)
        m->failed = -1;
    m->series_sweep = 2 * keep > 1024 ? 2 * keep : 1024;
}

static MeasureSeries *find(Measure *m, const char *id, size_t n, bool *created)
{
    *created = false;
    if ((m->series_count + 1) * 2 > m->series_slots_cap &&
        rebuild(m, m->series_slots_cap ? 2 * m->series_slots_cap : 64) != 0)
        return NULL;
    size_t j = group_stats_hash(id, n) & (m->series_slots_cap - 1);
    while (m->series_slots[j]) {
        MeasureSeries *s = &m->series[m->series_slots[j] - 1];
        if (strncmp(s->id, id, n) == 0 && s->id[n] == '\0')
            return s;
        j = (j + 1) & (m->series_slots_cap - 1);
    }
    if (m->series_count == m->series_cap) {
        size_t cap = m->series_cap ? 2 * m->series_cap : 64;
        MeasureSeries *a = realloc(m->series, cap * sizeof *a);
        if (!a)
            return NULL;
        memset(a + m->series_cap, 0, (cap - m->series_cap) * sizeof *a);
        m->series = a;
        m->series_cap = cap;
    }
    MeasureSeries *s = &m->series[m->series_count];
    s->id = malloc(n + 1);
    if (!s->id)
        return NULL;
    memcpy(s->id, id, n);
    s->id[n] = '\0';
    m->series_slots[j] = ++m->series_count;
    *created = true;
    return s;
}

MeasureSampleStatus measure_add_sample(Measure *m, int64_t t, double value,
                                       const char *id, size_t id_len)
{
    bool created;
    MeasureSeries *s = find(m, id, id_len, &created);
    if (!s) {
        if (!m->failed)
            m->failed = -1;
        return MEASURE_SAMPLE_NOMEM;
    }
    if (!created && t <= s->last_t)
        return MEASURE_SAMPLE_BACKWARDS;
    m->samples++;
    if (value > m->value_max)
        m->value_max = value;
    if (m->sample_last == MEASURE_NONE || t > m->sample_last)
        m->sample_last = t;
    if (created) {
        m->series_seen++;
        s->last_t = t;
        s->last_v = value;
        s->min_gap = s->prev_gap = 0;
    } else {
        int64_t gap = t - s->last_t;
        if (s->min_gap == 0 || gap < s->min_gap)
            s->min_gap = gap;
        if (gap <= quiet_of(s)) {
            hold(m, s->last_t, t, s->last_v);
            s->prev_gap = gap;
        } else {
            close_series(m, s);
        }
        s->last_t = t;
        s->last_v = value;
    }
    if (m->series_count >= m->series_sweep && m->series_count >= 1024)
        sweep(m);
    return MEASURE_SAMPLE_OK;
}

void measure_activity_close(Measure *m)
{
    for (size_t i = 0; i < m->series_count; i++)
        close_series(m, &m->series[i]);
}

/* The sum of the slots' integrals over the window; a slot the window cuts
 * counts in proportion to the part inside (samples a few seconds apart
 * spread evenly enough). */
static double in_window(const Timeline *tl, int64_t from, int64_t to,
                        int64_t q0, int64_t q1)
{
    double *v = malloc((size_t)(q1 - q0) * sizeof *v);
    if (!v)
        return NAN;
    timeline_integrals(tl, q0, q1, v);
    double sum = 0;
    for (int64_t q = q0; q < q1; q++) {
        int64_t a = q * TIMELINE_SLOT, b = a + TIMELINE_SLOT;
        int64_t ca = a < from ? from : a, cb = b > to ? to : b;
        if (cb <= ca)
            continue;
        sum += v[q - q0] * (double)(cb - ca) / TIMELINE_SLOT;
    }
    free(v);
    return sum;
}

void measure_activity_result(const Measure *m, MeasureResult *r, int64_t q0,
                             int64_t q1)
{
    r->has_activity = m->samples > 0;
    if (!r->has_activity)
        return;
    r->samples = m->samples;
    r->series = m->series_seen;
    r->percent_scale = m->value_max > 1;
    double scale = r->percent_scale ? 100 : 1;
    double a = in_window(&m->active, r->from, r->to, q0, q1) / scale;
    double s = in_window(&m->sampled, r->from, r->to, q0, q1);
    r->active_gpu_hours = a / 3600;
    r->sampled_gpu_hours = s / 3600;
    r->activity_pct = s > 0 ? a / s * 100 : NAN;
    r->active_pct = r->gpu_hours > 0 && s > 0
                        ? r->active_gpu_hours / r->gpu_hours * 100
                        : NAN;
    if (r->active_pct > 100) {
        r->active_pct = 100;
        r->active_capped = true;
    }
}
