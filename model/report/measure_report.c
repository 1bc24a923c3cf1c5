/* measure_report.c: `gpuplan measure` as text and JSON, DESIGN 10. */
#include "config.h"

#include "measure_report.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cJSON.h>

#include "dtoa.h"
#include "export.h"
#include "numfmt.h"
#include "text_rules.h"
#include "utf8.h"

static const char *const day_names[7] = {"Mon", "Tue", "Wed", "Thu",
                                         "Fri", "Sat", "Sun"};

/* A number in its shortest exact form ("54.69", "35", "0.5"). */
static const char *num(double v, char *buf)
{
    if (!isfinite(v))
        return "n/a";
    dtoa_shortest(v, buf);
    return buf;
}

/* A figure for people: grouped thousands, `decimals` after the point, and
 * the trailing zeros of the decimals dropped. */
static const char *fig(double v, int decimals, char *buf, size_t n)
{
    if (!isfinite(v)) {
        snprintf(buf, n, "-");
        return buf;
    }
    num_format_money(v, decimals, buf, n);
    char *dot = strchr(buf, '.');
    if (dot) {
        char *e = buf + strlen(buf);
        while (e > dot + 1 && e[-1] == '0')
            *--e = '\0';
        if (e == dot + 1)
            *dot = '\0';
    }
    return buf;
}

/* A count for people: "1,000,000". */
static const char *cnt(uint64_t v, char *buf, size_t n)
{
    return fig((double)v, 0, buf, n);
}

static void text_counts(const MeasureReport *m, StrBuf *b)
{
    const MeasureResult *r = m->r;
    char c[4][40];
    uint64_t skipped = 0;
    for (int k = 0; k < MEASURE_SKIP_COUNT; k++)
        skipped += r->skipped[k];
    sb_printf(b, "jobs: %s read, %s with GPUs, %s counted, %s skipped\n",
              cnt(r->jobs, c[0], sizeof c[0]),
              cnt(r->with_gpus, c[1], sizeof c[1]),
              cnt(r->used, c[2], sizeof c[2]), cnt(skipped, c[3], sizeof c[3]));
    if (skipped) {
        sb_append(b, "  skipped:");
        const char *sep = " ";
        for (int k = 0; k < MEASURE_SKIP_COUNT; k++) {
            if (!r->skipped[k])
                continue;
            sb_printf(b, "%s%s %s", sep, cnt(r->skipped[k], c[0], sizeof c[0]),
                      measure_skip_text((MeasureSkip)k));
            sep = ", ";
        }
        sb_append(b, "\n");
    }
    if (r->running)
        sb_printf(b, "  %s still running, held to the window's end\n",
                  cnt(r->running, c[0], sizeof c[0]));
    if (m->steps)
        sb_printf(b, "  %s job step%s (not jobs; their job counts once)\n",
                  cnt(m->steps, c[0], sizeof c[0]), m->steps == 1 ? "" : "s");
    if (r->components)
        sb_printf(b, "  %s further component%s of heterogeneous jobs (GPU "
                  "time counted, not jobs)\n",
                  cnt(r->components, c[0], sizeof c[0]),
                  r->components == 1 ? "" : "s");
    if (m->malformed)
        sb_printf(b, "  %s malformed line%s not read\n",
                  cnt(m->malformed, c[0], sizeof c[0]),
                  m->malformed == 1 ? "" : "s");
}

static void text_profile(const MeasureResult *r, const char *zone, StrBuf *b)
{
    sb_printf(b, "\nweek by hour: mean GPUs held, local time (%s)\nhour ",
              zone);
    for (int d = 0; d < 7; d++)
        sb_printf(b, " %8s", day_names[d]);
    sb_append(b, "\n");
    for (int h = 0; h < 24; h++) {
        sb_printf(b, "%02d   ", h);
        for (int d = 0; d < 7; d++) {
            double v = r->profile[d * 24 + h];
            char f[40];
            if (isnan(v))
                sb_printf(b, " %8s", "-");
            else
                sb_printf(b, " %8s", fig(v, 1, f, sizeof f));
        }
        sb_append(b, "\n");
    }
}

/* Text from a file with its control characters shown visibly (DESIGN 7),
 * whole: a new string the caller frees. */
static char *visible(const char *s)
{
    size_t len = strlen(s), need = text_visible(s, len, false, NULL, 0);
    char *o = xmalloc(need + 1);
    text_visible(s, len, false, o, need + 1);
    return o;
}

/* Append s and pad it with blanks to `cols` columns. */
static void padded(StrBuf *b, const char *s, int cols)
{
    sb_append(b, s);
    for (int w = utf8_width(s); w < cols; w++)
        sb_append(b, " ");
}

static void group_row(StrBuf *b, const MeasureResult *r,
                      const MeasureGroupResult *o, const char *name, int cols)
{
    char gh[40], jobs[40], sz[3][40], hr[3][40], cell[2][128], sh[40];
    padded(b, name[0] ? name : "(none)", cols);
    for (int k = 0; k < MEASURE_PCTS; k++) {
        fig(o->gpus[k], 3, sz[k], sizeof sz[k]);
        fig(o->hours[k], 2, hr[k], sizeof hr[k]);
    }
    snprintf(cell[0], sizeof cell[0], "%s / %s / %s", sz[0], sz[1], sz[2]);
    snprintf(cell[1], sizeof cell[1], "%s / %s / %s", hr[0], hr[1], hr[2]);
    double share = r->gpu_hours > 0 ? o->gpu_hours / r->gpu_hours * 100 : 0;
    snprintf(sh, sizeof sh, "%.1f%%", share);
    sb_printf(b, " %12s %6s %8s  %-18s  %s\n",
              fig(o->gpu_hours, 1, gh, sizeof gh), sh,
              fig((double)o->jobs, 0, jobs, sizeof jobs),
              o->jobs ? cell[0] : "-", o->jobs ? cell[1] : "-");
}

static void text_groups(const MeasureReport *m, StrBuf *b)
{
    const MeasureResult *r = m->r;
    char **names = xmalloc((r->group_count + 1) * sizeof *names);
    int cols = 6;
    for (size_t g = 0; g < r->group_count; g++) {
        names[g] = visible(r->groups[g].name);
        int w = utf8_width(names[g]);
        if (w > cols)
            cols = w > 30 ? 30 : w; /* a longer name pushes its row */
    }
    sb_printf(b, "\ngroups by %s: job-held GPU-hours, jobs, job size in GPUs "
              "and duration in hours (P50 / P90 / P99)\n", m->group_by);
    padded(b, "group", cols);
    sb_printf(b, " %12s %6s %8s  %-18s  %s\n", "GPU-hours", "share", "jobs",
              "GPUs", "hours");
    for (size_t g = 0; g < r->group_count; g++) {
        group_row(b, r, &r->groups[g], names[g], cols);
        free(names[g]);
    }
    free(names);
}

void measure_report_text(const MeasureReport *m, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_TEXT));
    const MeasureResult *r = m->r;
    char n1[DTOA_BUFSIZE], f1[40], f2[40], t1[64], t2[64];
    sb_printf(b, "utilization.measured_pct = %s\n",
              num(measure_value_pct(r), n1));
    if (r->has_activity && isfinite(r->active_pct))
        sb_printf(b, "utilization.active_pct = %s\n",
                  num(measure_value_active(r), n1));
    sb_printf(b, "utilization.measurement_weeks = %s\n",
              num(measure_value_weeks(r), n1));
    sb_printf(b, "\nwindow: %s to %s (%s hour%s; times in %s)\n",
              measure_time_text(r->from, r->from_offset, t1, sizeof t1),
              measure_time_text(r->to, r->to_offset, t2, sizeof t2),
              fig(r->hours, 2, f1, sizeof f1), r->hours == 1 ? "" : "s",
              m->zone);
    sb_printf(b, "capacity: %s GPUs (%s)\n", fig(r->capacity, 3, f1, sizeof f1),
              m->capacity_source);
    for (size_t i = 0; i < m->file_count; i++)
    {
        char *path = visible(m->files[i].path);
        sb_printf(b, "read: %s (%s)\n", path, m->files[i].format);
        free(path);
    }
    text_counts(m, b);
    sb_printf(b, "job-held GPU-hours: %s of %s (%s%%)\n",
              fig(r->gpu_hours, 2, f1, sizeof f1),
              fig(r->capacity * r->hours, 2, f2, sizeof f2),
              num(measure_value_pct(r), n1));
    char p[3][40], mx[40];
    for (int k = 0; k < MEASURE_PCTS; k++)
        fig(r->held_pct[k], 2, p[k], sizeof p[k]);
    sb_printf(b, "GPUs held, hour by hour (%zu hour%s): mean %s, P50 %s, "
              "P90 %s, P99 %s, highest %s\n", r->hour_count,
              r->hour_count == 1 ? "" : "s",
              fig(r->held_mean, 2, f1, sizeof f1), p[0], p[1], p[2],
              fig(r->held_max, 2, mx, sizeof mx));
    if (r->has_activity) {
        char c1[40], c2[40];
        sb_printf(b, "activity: %s samples of %s series (values read as "
                  "%s); busy %s%% of the %s GPU-hours they cover\n",
                  cnt(r->samples, c1, sizeof c1), cnt(r->series, c2, sizeof c2),
                  r->percent_scale ? "percent" : "shares of 1",
                  fig(r->activity_pct, 1, f1, sizeof f1),
                  fig(r->sampled_gpu_hours, 1, f2, sizeof f2));
        if (isfinite(r->active_pct))
            sb_printf(b, "  active GPU-hours %s: %s%% of the job-held "
                      "GPU-hours%s\n",
                      fig(r->active_gpu_hours, 2, f1, sizeof f1),
                      num(measure_value_active(r), n1),
                      r->active_capped ? " (more than held: the samples "
                                         "cover GPUs the job records do not; "
                                         "shown as 100)"
                                       : "");
    }
    text_profile(r, m->zone, b);
    text_groups(m, b);
    num_minus_set(was);
}

static cJSON *jnum(double v)
{
    if (!isfinite(v))
        return cJSON_CreateNull();
    char buf[DTOA_BUFSIZE];
    dtoa_shortest(v, buf);
    cJSON *n = cJSON_CreateRaw(buf);
    if (!n)
        xalloc_die();
    return n;
}

/* A new object at parent's key (or appended to the array parent when key
 * is NULL). */
static cJSON *child(cJSON *parent, const char *key)
{
    cJSON *o = cJSON_CreateObject();
    if (!o)
        xalloc_die();
    if (key)
        cJSON_AddItemToObject(parent, key, o);
    else
        cJSON_AddItemToArray(parent, o);
    return o;
}

static void put(cJSON *o, const char *k, double v)
{
    cJSON_AddItemToObject(o, k, jnum(v));
}

static void put_str(cJSON *o, const char *k, const char *v)
{
    if (!cJSON_AddStringToObject(o, k, v))
        xalloc_die();
}

/* UTC second t as ISO 8601 ("2024-03-04T00:00:00Z"). */
static void iso_utc(int64_t t, char *buf, size_t n)
{
    int64_t days = t / 86400 - (t % 86400 < 0), sec = t - days * 86400, y;
    int mo, d;
    measure_civil_from_days(days, &y, &mo, &d);
    snprintf(buf, n, "%04lld-%02d-%02dT%02d:%02d:%02dZ", (long long)y, mo, d,
             (int)(sec / 3600), (int)(sec / 60 % 60), (int)(sec % 60));
}

static void json_window(cJSON *doc, const MeasureReport *m)
{
    const MeasureResult *r = m->r;
    cJSON *w = child(doc, "window");
    char t[64];
    iso_utc(r->from, t, sizeof t);
    put_str(w, "from", t);
    iso_utc(r->to, t, sizeof t);
    put_str(w, "to", t);
    put_str(w, "from_local",
            measure_time_text(r->from, r->from_offset, t, sizeof t));
    put_str(w, "to_local", measure_time_text(r->to, r->to_offset, t, sizeof t));
    put_str(w, "time_zone", m->zone);
    put(w, "hours", r->hours);
    put(w, "weeks", r->hours / 168);
}

static void json_records(cJSON *doc, const MeasureReport *m)
{
    const MeasureResult *r = m->r;
    cJSON *c = child(doc, "records");
    put(c, "lines", (double)m->records);
    put(c, "malformed", (double)m->malformed);
    put(c, "steps", (double)m->steps);
    put(c, "jobs", (double)r->jobs);
    put(c, "with_gpus", (double)r->with_gpus);
    put(c, "counted", (double)r->used);
    put(c, "running", (double)r->running);
    put(c, "components", (double)r->components);
    cJSON *sk = child(c, "skipped");
    for (int k = 0; k < MEASURE_SKIP_COUNT; k++)
        put(sk, measure_skip_key((MeasureSkip)k), (double)r->skipped[k]);
}

static void json_pcts(cJSON *parent, const char *key, const double *v)
{
    cJSON *o = child(parent, key);
    put(o, "p50", v[0]);
    put(o, "p90", v[1]);
    put(o, "p99", v[2]);
}

static void json_groups(cJSON *doc, const MeasureReport *m)
{
    const MeasureResult *r = m->r;
    cJSON *g = child(doc, "groups"), *items = cJSON_AddArrayToObject(g, "items");
    if (!items)
        xalloc_die();
    put_str(g, "by", m->group_by);
    for (size_t i = 0; i < r->group_count; i++) {
        const MeasureGroupResult *o = &r->groups[i];
        cJSON *it = child(items, NULL);
        put_str(it, "name", o->name);
        put(it, "gpu_hours", o->gpu_hours);
        put(it, "jobs", (double)o->jobs);
        json_pcts(it, "gpus", o->gpus);
        json_pcts(it, "hours", o->hours);
    }
}

static void json_profile(cJSON *doc, const MeasureResult *r)
{
    cJSON *p = child(doc, "week_by_hour");
    put_str(p, "unit", "mean GPUs held");
    put_str(p, "first_day", "Monday");
    cJSON *days = cJSON_AddArrayToObject(p, "days");
    if (!days)
        xalloc_die();
    for (int d = 0; d < 7; d++) {
        cJSON *hours = cJSON_CreateArray();
        if (!hours)
            xalloc_die();
        for (int h = 0; h < 24; h++)
            cJSON_AddItemToArray(hours, jnum(r->profile[d * 24 + h]));
        cJSON_AddItemToArray(days, hours);
    }
}

static void json_activity(cJSON *doc, const MeasureResult *r)
{
    if (!r->has_activity) {
        cJSON_AddNullToObject(doc, "activity");
        return;
    }
    cJSON *a = child(doc, "activity");
    put(a, "samples", (double)r->samples);
    put(a, "series", (double)r->series);
    put_str(a, "values", r->percent_scale ? "percent" : "share");
    put(a, "active_gpu_hours", r->active_gpu_hours);
    put(a, "sampled_gpu_hours", r->sampled_gpu_hours);
    put(a, "busy_pct_of_sampled", r->activity_pct);
    put(a, "active_pct_of_held", r->active_pct);
    cJSON_AddBoolToObject(a, "capped", r->active_capped);
}

void measure_report_json(const MeasureReport *m, StrBuf *b)
{
    /* This format's minus sign while it writes (DESIGN 8). */
    const NumMinus was = num_minus_set(export_minus(EXPORT_JSON));
    const MeasureResult *r = m->r;
    cJSON *doc = cJSON_CreateObject();
    if (!doc)
        xalloc_die();
    put(doc, "gpuplan", 2);
    put_str(doc, "generator", m->generator);
    cJSON *u = child(doc, "utilization");
    put(u, "measured_pct", measure_value_pct(r));
    put(u, "measurement_weeks", measure_value_weeks(r));
    if (r->has_activity && isfinite(r->active_pct))
        put(u, "active_pct", measure_value_active(r));
    put(doc, "measured_pct_exact", r->measured_pct);
    json_window(doc, m);
    cJSON *cap = child(doc, "capacity");
    put(cap, "gpus", r->capacity);
    put_str(cap, "source", m->capacity_source);
    cJSON *files = cJSON_AddArrayToObject(doc, "files");
    if (!files)
        xalloc_die();
    for (size_t i = 0; i < m->file_count; i++) {
        cJSON *f = child(files, NULL);
        put_str(f, "path", m->files[i].path);
        put_str(f, "format", m->files[i].format);
    }
    json_records(doc, m);
    put(doc, "gpu_hours", r->gpu_hours);
    cJSON *held = child(doc, "gpus_held");
    put(held, "mean", r->held_mean);
    put(held, "p50", r->held_pct[0]);
    put(held, "p90", r->held_pct[1]);
    put(held, "p99", r->held_pct[2]);
    put(held, "max", r->held_max);
    put(held, "hours", (double)r->hour_count);
    json_profile(doc, r);
    json_groups(doc, m);
    json_activity(doc, r);
    char *text = cJSON_Print(doc);
    if (!text)
        xalloc_die();
    sb_append(b, text);
    sb_append(b, "\n");
    cJSON_free(text);
    cJSON_Delete(doc);
    num_minus_set(was);
}
