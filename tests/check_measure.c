/* check_measure.c: the measurement of DESIGN 10 in the pure model: the
 * quarter-hour timeline, the value counts and their percentiles, and the
 * figures of hand-counted job sets (window, GPU-hours, hour-by-hour
 * percentiles, the week profile in a local time with a clock change,
 * groups, running jobs, activity). Every expected figure is worked out in
 * the comment beside it. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "countmap.h"
#include "group_stats.h"
#include "measure.h"
#include "timeline.h"

#define H 3600
/* 2024-03-04 00:00 UTC, a Monday. */
#define MON INT64_C(1709510400)

START_TEST(timeline_integrals_exact)
{
    Timeline t = TIMELINE_INIT;
    /* 8 GPUs from 00:10 to 02:05: slot 0 (00:00-00:15) holds 5 minutes,
     * slots 1..7 whole, slot 8 (02:00-02:15) 5 minutes. */
    ck_assert_int_eq(timeline_add(&t, MON + 600, MON + 2 * H + 300, 8), 0);
    /* One added before the first: the timeline grows at the front. */
    ck_assert_int_eq(timeline_add(&t, MON - H, MON - H + 60, 2), 0);
    int64_t q0 = timeline_slot(MON - H), q1 = timeline_slot(MON + 3 * H);
    double v[16];
    ck_assert_int_eq((int)(q1 - q0), 16);
    timeline_integrals(&t, q0, q1, v);
    ck_assert_double_eq(v[0], 120);             /* 2 x 60 s */
    ck_assert_double_eq(v[1], 0);
    ck_assert_double_eq(v[4], 8 * 300);         /* 00:10-00:15 */
    for (int k = 5; k < 12; k++)
        ck_assert_double_eq(v[k], 8 * 900);
    ck_assert_double_eq(v[12], 8 * 300);        /* 02:00-02:05 */
    ck_assert_double_eq(v[13], 0);
    double sum = 0;
    for (int k = 0; k < 16; k++)
        sum += v[k];
    ck_assert_double_eq(sum, 120 + 8.0 * (2 * H - 300));
    /* Before 1970 the slots still floor. */
    ck_assert_int_eq(timeline_slot(-1), -1);
    ck_assert_int_eq(timeline_slot(-900), -1);
    ck_assert_int_eq(timeline_slot(-901), -2);
    timeline_free(&t);
}
END_TEST

START_TEST(timeline_refuses_decades)
{
    Timeline t = TIMELINE_INIT;
    ck_assert_int_eq(timeline_add(&t, 0, 60, 1), 0);
    /* 30 years later: more than the 25 years a timeline covers. */
    ck_assert_int_eq(timeline_add(&t, INT64_C(30) * 365 * 86400,
                                  INT64_C(30) * 365 * 86400 + 60, 1), -2);
    int64_t a, b;
    timeline_span(&t, &a, &b);
    ck_assert_int_eq(a, 0);
    ck_assert(b < 10);
    timeline_free(&t);
}
END_TEST

START_TEST(countmap_nearest_rank)
{
    CountMap m = COUNTMAP_INIT;
    /* Values 1, 2, 2, 4, 4, 8 (n = 6): P50 is rank 3 -> 2, P90 rank
     * ceil(5.4) = 6 -> 8, P10 rank 1 -> 1. */
    ck_assert_int_eq(countmap_add(&m, 8, 1), 0);
    ck_assert_int_eq(countmap_add(&m, 2, 2), 0);
    ck_assert_int_eq(countmap_add(&m, 4, 2), 0);
    ck_assert_int_eq(countmap_add(&m, 1, 1), 0);
    const int p[] = {10, 50, 90, 100};
    int64_t out[4];
    ck_assert(countmap_percentiles(&m, p, 4, out));
    ck_assert_int_eq(out[0], 1);
    ck_assert_int_eq(out[1], 2);
    ck_assert_int_eq(out[2], 8);
    ck_assert_int_eq(out[3], 8);
    /* Ten values 1..10: P90 is rank 9 exactly, never 10 by float noise. */
    CountMap t = COUNTMAP_INIT;
    for (int k = 1; k <= 10; k++)
        countmap_add(&t, k, 1);
    const int p90[] = {90};
    countmap_percentiles(&t, p90, 1, out);
    ck_assert_int_eq(out[0], 9);
    /* Many keys: the table grows and keeps every count. */
    for (int k = 0; k < 5000; k++)
        countmap_add(&t, 1000 + k, 2);
    ck_assert_uint_eq(t.total, 10 + 10000);
    ck_assert_uint_eq(t.used, 5010);
    countmap_free(&m);
    countmap_free(&t);
    CountMap e = COUNTMAP_INIT;
    ck_assert(!countmap_percentiles(&e, p, 4, out));
    ck_assert_int_eq(out[1], 0);
}
END_TEST

START_TEST(duration_keys)
{
    ck_assert_int_eq(group_stats_duration_key(0), 0);
    ck_assert_int_eq(group_stats_duration_key(999), 999);
    ck_assert_int_eq(group_stats_duration_key(1000), 1000);
    ck_assert_int_eq(group_stats_duration_key(7199), 7190);
    ck_assert_int_eq(group_stats_duration_key(3600), 3600);
    ck_assert_int_eq(group_stats_duration_key(86400), 86400);
    ck_assert_int_eq(group_stats_duration_key(123456), 123000);
}
END_TEST

static MeasureJob job(int64_t start, int64_t end, double gpus,
                      const char *group)
{
    MeasureJob j = {start, start, end, (int64_t)llround(gpus * 1000), false,
                    false, 1, group, group ? strlen(group) : 0};
    return j;
}

/* The job set of tests/data/measure/sacct-basic.txt, as records: 35
 * GPU-hours over four hours of Monday 2024-03-04. */
static void add_basic(Measure *m)
{
    MeasureJob js[] = {
        job(MON, MON + 2 * H, 8, "gpu"),              /* 16 GPU-h */
        job(MON + H + H / 2, MON + 3 * H, 4, "gpu"),  /* 6 */
        job(MON + 2 * H, MON + 4 * H, 2, "gpu"),      /* 4 */
        job(MON, MON + 4 * H, 0, "cpu"),              /* no GPU */
        job(MON, MON + H, 1, "gpu"),                  /* 1 */
        job(MON, MON + H, 2, "gpu"),                  /* 2 */
    };
    for (size_t i = 0; i < sizeof js / sizeof js[0]; i++)
        ck_assert_int_eq(measure_add_job(m, &js[i], NULL), 0);
    MeasureJob comp = job(MON, MON + H, 2, "gpu"); /* 2, not a job */
    comp.component = true;
    measure_add_job(m, &comp, NULL);
    MeasureJob pending = job(MEASURE_NONE, MEASURE_NONE, 1, "gpu");
    pending.submit = MON + 3 * H;
    pending.count = 3; /* 104_[1-3] */
    int why;
    measure_add_job(m, &pending, &why);
    ck_assert_int_eq(why, MEASURE_NOT_STARTED);
    MeasureJob lost = job(MON + H, MEASURE_NONE, 1, "gpu");
    measure_add_job(m, &lost, &why);
    ck_assert_int_eq(why, MEASURE_END_UNKNOWN);
    MeasureJob running = job(MON + 3 * H, MEASURE_NONE, 4, "gpu"); /* 4 */
    running.running = true;
    measure_add_job(m, &running, NULL);
}

START_TEST(basic_figures)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    add_basic(&m);
    MeasureResult r;
    Diag d;
    diag_clear(&d, NULL);
    ck_assert_int_eq(measure_finish(&m, 16, NULL, &r, &d), 0);
    /* The window: the first start to the latest time named (the ends at
     * 04:00), 4 hours. */
    ck_assert_int_eq(r.from, MON);
    ck_assert_int_eq(r.to, MON + 4 * H);
    ck_assert_double_eq(r.hours, 4);
    ck_assert_uint_eq(r.jobs, 11);      /* 6 + 3 pending + lost + running */
    ck_assert_uint_eq(r.with_gpus, 10); /* all but the cpu job */
    ck_assert_uint_eq(r.used, 6);
    ck_assert_uint_eq(r.skipped[MEASURE_NOT_STARTED], 3);
    ck_assert_uint_eq(r.skipped[MEASURE_END_UNKNOWN], 1);
    ck_assert_uint_eq(r.running, 1);
    ck_assert_uint_eq(r.components, 1);
    /* 16 + 6 + 4 + 1 + 2 + 2 + 4 (running, 03:00 to the window's end). */
    ck_assert_double_eq(r.gpu_hours, 35);
    ck_assert_double_eq(r.measured_pct, 35.0 / 64 * 100);
    /* Hours: 00 8+1+2+2 = 13; 01 8 + 4 x 0.5 = 10; 02 4 + 2 = 6; 03 2 + 4
     * = 6. Sorted 6 6 10 13: P50 rank 2 = 6, P90 rank 4 = 13. */
    ck_assert_uint_eq(r.hour_count, 4);
    ck_assert_double_eq(r.held_mean, 8.75);
    ck_assert_double_eq(r.held_pct[0], 6);
    ck_assert_double_eq(r.held_pct[1], 13);
    ck_assert_double_eq(r.held_pct[2], 13);
    ck_assert_double_eq(r.held_max, 13);
    ck_assert_double_eq(r.profile[0], 13); /* Monday 00 */
    ck_assert_double_eq(r.profile[1], 10);
    ck_assert_double_eq(r.profile[3], 6);
    ck_assert(isnan(r.profile[4]));
    ck_assert(isnan(r.profile[24])); /* Tuesday */
    /* One group: sizes 1 2 2 4 4 8 (the component is not a job), P50 2,
     * P90 8; durations 1 1 1 1.5 2 2 hours, P50 1, P90 2. */
    ck_assert_uint_eq(r.group_count, 1);
    ck_assert_str_eq(r.groups[0].name, "gpu");
    ck_assert_double_eq(r.groups[0].gpu_hours, 35);
    ck_assert_uint_eq(r.groups[0].jobs, 6);
    ck_assert_double_eq(r.groups[0].gpus[0], 2);
    ck_assert_double_eq(r.groups[0].gpus[1], 8);
    ck_assert_double_eq(r.groups[0].hours[0], 1);
    ck_assert_double_eq(r.groups[0].hours[1], 2);
    ck_assert(!r.has_activity);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

/* --from 01:00 --to 03:00 and the RUNNING job clipped there. */
START_TEST(window_given)
{
    Measure m;
    measure_init(&m, MON + H, MON + 3 * H);
    add_basic(&m);
    MeasureJob early = job(MON - 2 * H, MON - H, 1, "gpu");
    int why;
    measure_add_job(&m, &early, &why);
    ck_assert_int_eq(why, MEASURE_OUTSIDE);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 16, NULL, &r, &d), 0);
    ck_assert_double_eq(r.hours, 2);
    /* 01-02: 8 + 4 x 0.5 = 10; 02-03: 4 + 2 = 6. */
    ck_assert_double_eq(r.gpu_hours, 16);
    /* Outside: the 1- and 2-GPU jobs of 00-01, the running job (it starts
     * at the window's end) and the early one; the component is no job. */
    ck_assert_uint_eq(r.skipped[MEASURE_OUTSIDE], 4);
    /* Clipped jobs keep their own durations in the group figures. */
    ck_assert_double_eq(r.groups[0].hours[1], 2);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

START_TEST(running_clipped_at_to)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MON + 10 * H);
    MeasureJob run = job(MON + 4 * H, MEASURE_NONE, 2, "g");
    run.running = true;
    measure_add_job(&m, &run, NULL);
    MeasureJob done = job(MON, MON + H, 1, "g");
    measure_add_job(&m, &done, NULL);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 4, NULL, &r, &d), 0);
    /* 1 + 2 x (10 - 4) = 13 GPU-hours over 10 hours of 4 GPUs. */
    ck_assert_double_eq(r.gpu_hours, 13);
    ck_assert_double_eq(r.measured_pct, 13.0 / 40 * 100);
    ck_assert_uint_eq(r.running, 1);
    ck_assert_double_eq(r.groups[0].hours[1], 6);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

/* Without --to the window ends at the records' last time; a job still
 * running that starts there has no time in it: it is skipped, outside the
 * window (as with --to), not counted, and names no group. */
START_TEST(running_from_the_last_time_is_skipped)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    MeasureJob done = job(MON, MON + 2 * H, 1, "gpu");
    measure_add_job(&m, &done, NULL);
    MeasureJob late = job(MON + 2 * H, MEASURE_NONE, 4, "late");
    late.running = true;
    measure_add_job(&m, &late, NULL);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 4, NULL, &r, &d), 0);
    ck_assert_double_eq(r.hours, 2);
    ck_assert_double_eq(r.gpu_hours, 2);
    ck_assert_uint_eq(r.used, 1);
    ck_assert_uint_eq(r.skipped[MEASURE_OUTSIDE], 1);
    ck_assert_uint_eq(r.running, 0);
    ck_assert_uint_eq(r.group_count, 1);
    ck_assert_str_eq(r.groups[0].name, "gpu");
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

/* New York in November 2024: EDT (-4 h) until 06:00 UTC on Sunday the 3rd,
 * EST (-5 h) after; the local hour 01:00 happens twice. */
static long new_york_fall(void *ctx, int64_t t)
{
    (void)ctx;
    return t < INT64_C(1730613600) ? -4 * H : -5 * H;
}

START_TEST(profile_across_a_clock_change)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    /* 2024-11-03 00:30 EDT (04:30Z) to 02:30 EST (07:30Z): 3 hours; and
     * 05:40Z to 06:10Z (01:40 EDT to 01:10 EST), half an hour. */
    const int64_t z = INT64_C(1730592000); /* 2024-11-03 00:00Z */
    MeasureJob a = job(z + 4 * H + H / 2, z + 7 * H + H / 2, 1, "g");
    MeasureJob b = job(z + 5 * H + 40 * 60, z + 6 * H + 10 * 60, 1, "g");
    measure_add_job(&m, &a, NULL);
    measure_add_job(&m, &b, NULL);
    MeasureClock clock = {new_york_fall, NULL};
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 2, &clock, &r, &d), 0);
    ck_assert_double_eq(r.gpu_hours, 3.5);
    ck_assert_int_eq(r.from_offset, -4 * H);
    ck_assert_int_eq(r.to_offset, -5 * H);
    /* Local hours: 00:30-01 EDT 1; 01 EDT 1 + 1/3; 01 EST 1 + 1/6; 02-02:30
     * EST 1. Four hours; sorted 1 1 7/6 4/3: P50 1, P90 4/3. */
    ck_assert_uint_eq(r.hour_count, 4);
    ck_assert_double_eq(r.held_pct[0], 1);
    ck_assert_double_eq_tol(r.held_pct[1], 4.0 / 3, 1e-12);
    /* Sunday's cell 01 is both 01:00s: (4/3 + 7/6) / 2 = 1.25. */
    ck_assert_double_eq_tol(r.profile[6 * 24 + 1], 1.25, 1e-12);
    ck_assert_double_eq(r.profile[6 * 24 + 0], 1);
    ck_assert_double_eq(r.profile[6 * 24 + 2], 1);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

START_TEST(groups_and_fractions)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    /* Pods of tests/data/measure/pods-basic.csv: LS 0.5 GPU x 2 h, BE 2 x
     * 0.5 h, "LS,HP" 4 x 1 h. */
    MeasureJob js[] = {job(0, 2 * H, 0.5, "LS"), job(H / 2, H, 2, "BE"),
                       job(0, H, 4, "LS,HP")};
    for (int k = 0; k < 3; k++)
        measure_add_job(&m, &js[k], NULL);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 8, NULL, &r, &d), 0);
    ck_assert_double_eq(r.gpu_hours, 6);
    ck_assert_double_eq(r.measured_pct, 37.5);
    ck_assert_uint_eq(r.group_count, 3);
    /* Heaviest first; equal GPU-hours by name. */
    ck_assert_str_eq(r.groups[0].name, "LS,HP");
    ck_assert_str_eq(r.groups[1].name, "BE");
    ck_assert_str_eq(r.groups[2].name, "LS");
    ck_assert_double_eq(r.groups[2].gpus[0], 0.5);
    ck_assert_double_eq(r.groups[1].hours[0], 0.5);
    /* 1970-01-01 was a Thursday. */
    ck_assert_double_eq(r.profile[3 * 24 + 0], 5.5);
    ck_assert_double_eq(r.profile[3 * 24 + 1], 0.5);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

START_TEST(nothing_to_measure)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    MeasureJob cpu = job(MON, MON + H, 0, "cpu");
    measure_add_job(&m, &cpu, NULL);
    MeasureResult r;
    Diag d;
    diag_clear(&d, NULL);
    ck_assert_int_eq(measure_finish(&m, 8, NULL, &r, &d), EXIT_DATAERR);
    ck_assert(strstr(d.message, "no job in the records held GPUs"));
    ck_assert(strstr(d.message, "1 jobs read, 0 with GPUs"));
    measure_free(&m);
}
END_TEST

START_TEST(activity_share)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    MeasureJob two = job(MON, MON + H, 2, "g");
    measure_add_job(&m, &two, NULL);
    /* gpu0 busy 100 for half an hour then 0, gpu1 at 50, every 10 minutes
     * from 00:00 to 01:00 (tests/data/measure/activity-basic.csv): active
     * 0.5 + 0.5 GPU-hours of the 2 held and of the 2 sampled. */
    for (int k = 0; k <= 6; k++) {
        int64_t t = MON + k * 600;
        ck_assert_int_eq(measure_add_sample(&m, t, k < 3 ? 100 : 0, "gpu0", 4),
                         MEASURE_SAMPLE_OK);
        ck_assert_int_eq(measure_add_sample(&m, t, 50, "gpu1", 4),
                         MEASURE_SAMPLE_OK);
    }
    ck_assert_int_eq(measure_add_sample(&m, MON, 10, "gpu1", 4),
                     MEASURE_SAMPLE_BACKWARDS);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 2, NULL, &r, &d), 0);
    ck_assert(r.has_activity);
    ck_assert(r.percent_scale);
    ck_assert_uint_eq(r.samples, 14);
    ck_assert_uint_eq(r.series, 2);
    ck_assert_double_eq(r.active_gpu_hours, 1);
    ck_assert_double_eq(r.sampled_gpu_hours, 2);
    ck_assert_double_eq(r.activity_pct, 50);
    ck_assert_double_eq(r.active_pct, 50);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

/* A series that stops for longer than 15 minutes (and three times its
 * gap) ends: its last sample holds for its previous gap only. */
START_TEST(activity_gap_ends_a_series)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    MeasureJob one = job(MON, MON + 4 * H, 1, "g");
    measure_add_job(&m, &one, NULL);
    /* Shares 0..1: 1.0 at 00:00 and 00:05, then silence until 02:00, 0.5
     * at 02:00 and 02:05. Held: 00:00-00:05 1, 00:05-00:10 1 (previous
     * gap), 02:00-02:05 0.5, 02:05-02:10 0.5: active 10 min + 5 min,
     * sampled 20 min. */
    measure_add_sample(&m, MON, 1, "p", 1);
    measure_add_sample(&m, MON + 300, 1, "p", 1);
    measure_add_sample(&m, MON + 2 * H, 0.5, "p", 1);
    measure_add_sample(&m, MON + 2 * H + 300, 0.5, "p", 1);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 1, NULL, &r, &d), 0);
    ck_assert(!r.percent_scale);
    ck_assert_double_eq_tol(r.active_gpu_hours, 15.0 / 60, 1e-12);
    ck_assert_double_eq_tol(r.sampled_gpu_hours, 20.0 / 60, 1e-12);
    ck_assert_double_eq_tol(r.activity_pct, 75, 1e-9);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

/* Many pods, one after another: the series not heard from are dropped as
 * the reading goes on, and still counted. */
START_TEST(activity_memory_follows_open_series)
{
    Measure m;
    measure_init(&m, MEASURE_NONE, MEASURE_NONE);
    MeasureJob all = job(MON, MON + 400 * H, 1, "g");
    measure_add_job(&m, &all, NULL);
    char id[32];
    for (int p = 0; p < 20000; p++) {
        int n = snprintf(id, sizeof id, "pod-%d", p);
        int64_t t0 = MON + (int64_t)p * 60;
        measure_add_sample(&m, t0, 1, id, (size_t)n);
        measure_add_sample(&m, t0 + 30, 1, id, (size_t)n);
    }
    ck_assert(m.series_count < 5000);
    MeasureResult r;
    Diag d;
    ck_assert_int_eq(measure_finish(&m, 1, NULL, &r, &d), 0);
    ck_assert_uint_eq(r.series, 20000);
    /* Each pod: 30 s, and its last sample 30 s more. */
    ck_assert_double_eq_tol(r.sampled_gpu_hours, 20000 * 60.0 / 3600, 1e-9);
    measure_result_free(&r);
    measure_free(&m);
}
END_TEST

START_TEST(time_text)
{
    char buf[64];
    ck_assert_str_eq(measure_time_text(MON, 0, buf, sizeof buf),
                     "2024-03-04 00:00 +00:00");
    ck_assert_str_eq(measure_time_text(MON + 90, -5 * H - 1800, buf,
                                       sizeof buf),
                     "2024-03-03 18:31:30 -05:30");
    ck_assert_int_eq(measure_days_from_civil(1970, 1, 1), 0);
    ck_assert_int_eq(measure_days_from_civil(2024, 3, 4) * 86400, MON);
    int64_t y;
    int mo, dd;
    measure_civil_from_days(-1, &y, &mo, &dd);
    ck_assert_int_eq(y, 1969);
    ck_assert_int_eq(mo, 12);
    ck_assert_int_eq(dd, 31);
}
END_TEST

static Suite *measure_suite(void)
{
    Suite *s = suite_create("measure");
    TCase *t = tcase_create("core");
    tcase_add_test(t, timeline_integrals_exact);
    tcase_add_test(t, timeline_refuses_decades);
    tcase_add_test(t, countmap_nearest_rank);
    tcase_add_test(t, duration_keys);
    tcase_add_test(t, basic_figures);
    tcase_add_test(t, window_given);
    tcase_add_test(t, running_clipped_at_to);
    tcase_add_test(t, running_from_the_last_time_is_skipped);
    tcase_add_test(t, profile_across_a_clock_change);
    tcase_add_test(t, groups_and_fractions);
    tcase_add_test(t, nothing_to_measure);
    tcase_add_test(t, activity_share);
    tcase_add_test(t, activity_gap_ends_a_series);
    tcase_add_test(t, activity_memory_follows_open_series);
    tcase_add_test(t, time_text);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(measure_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
