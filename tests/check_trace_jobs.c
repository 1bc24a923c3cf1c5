/* check_trace_jobs.c: a job history replayed as a hybrid plan's job
 * stream (DESIGN 10.8): the table read from a file (shifted to the local
 * midnight of the first arrival, groups mapped to workloads, run times in
 * whole minutes rounded up), repeated to fill the period, and a queue
 * worked by hand that the simulation matches to the minute. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hybrid.h"
#include "scenario.h"
#include "trace_jobs.h"

static char *data(const char *name)
{
    const char *top = getenv("top_srcdir");
    static char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/trace/%s", top ? top : ".", name);
    return path;
}

static const char *const names[] = {"train", "eval"};
static const size_t workloads[] = {0, 1};

static TraceOptions options(double days)
{
    TraceOptions o = {JOBS_AUTO, JOB_GROUP_DEFAULT, true, names, workloads, 2, 2,
                      (int64_t)llround(days * 1440), 0};
    return o;
}

static void load(const char *name, const TraceOptions *o, TraceJobs *t)
{
    Diag d;
    const char *paths[1] = {data(name)};
    int rc = trace_jobs_load(paths, 1, o, t, &d);
    ck_assert_msg(rc == 0, "%s: %s", d.file, d.message);
}

/* queue.csv, in UTC: the first arrival's midnight is minute 0.
 *   A train 00:00-02:00  8 GPUs: minute   0, 120 min
 *   B train 00:30-01:30  8 GPUs: minute  30,  60 min
 *   C eval  00:45, ran 00:50-01:20:30, 4 GPUs: minute 45, 30.5 -> 31 min
 *   D other 01:00-01:10  4 GPUs: minute  60,  10 min (the default, 2)
 * One day of records: the span is 1,440 minutes; two days replay it twice. */
START_TEST(table_and_replay)
{
    TraceOptions o = options(2);
    TraceJobs t;
    load("queue.csv", &o, &t);
    ck_assert_uint_eq(t.count, 4);
    ck_assert_int_eq(t.span, 1440);
    ck_assert_uint_eq(t.stats.jobs, 4);
    ck_assert(t.stats.step_pct == 0);
    ck_assert_uint_eq(trace_jobs_replayed(&t), 8);
    HybridJobSource src;
    Diag nd; /* (a trace table's source never fails) */
    trace_jobs_source(&t, &src);
    const int64_t want[8][4] = {{0, 8, 120, 0}, {30, 8, 60, 0}, {45, 4, 31, 1},
                                {60, 4, 10, 2}, {1440, 8, 120, 0}, {1470, 8, 60, 0},
                                {1485, 4, 31, 1}, {1500, 4, 10, 2}};
    for (int pass = 0; pass < 2; pass++) {
        ck_assert_int_eq(src.rewind(src.state, &nd), 0);
        HybridJob j;
        for (size_t i = 0; i < 8; i++) {
            ck_assert_int_eq(src.next(src.state, &j, &nd), 1);
            ck_assert_int_eq(j.submit, want[i][0]);
            ck_assert_int_eq(j.gpus, want[i][1]);
            ck_assert_int_eq(j.minutes, want[i][2]);
            ck_assert(j.hours == want[i][2] / 60.0);
            ck_assert_uint_eq(j.workload, (size_t)want[i][3]);
        }
        ck_assert_int_eq(src.next(src.state, &j, &nd), 0);
    }
    trace_jobs_free(&t);
}
END_TEST

static void load_measure(const char *name, const TraceOptions *o, TraceJobs *t)
{
    Diag d;
    static char path[4096];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/measure/%s", top ? top : ".", name);
    const char *paths[1] = {path};
    int rc = trace_jobs_load(paths, 1, o, t, &d);
    ck_assert_msg(rc == 0, "%s: %s", d.file, d.message);
}

/* What each record of measure's fixtures becomes (by hand, UTC):
 * sacct-basic.txt: 100 (8 GPUs 00:00-02:00), 107_2 (1, 00:00-01:00), 108+0
 * with its component 108+1 (2 + 2 GPUs, 00:00-01:00), 101 (4, submitted
 * 01:00, ran 01:30-03:00: 90 min), 102 (2, 02:00-04:00), 106 (RUNNING, 4
 * GPUs from 03:00, held to 04:00, the latest time named); not replayed:
 * 103 (no GPU), 104_[1-3] (pending: 3 tasks never started), 105 (failed,
 * end Unknown); the steps are not jobs; 109 is malformed. */
START_TEST(records_become_jobs)
{
    TraceOptions o = options(1);
    const char *const gpu[] = {"gpu"};
    o.group_names = gpu;
    o.group_count = 1;
    TraceJobs t;
    load_measure("sacct-basic.txt", &o, &t);
    const TraceStats *st = &t.stats;
    ck_assert_uint_eq(st->records, 10);
    ck_assert_uint_eq(st->jobs, 6);
    ck_assert_uint_eq(st->no_start, 3);
    ck_assert_uint_eq(st->no_end, 1);
    ck_assert_uint_eq(st->no_gpus, 1);
    ck_assert_uint_eq(st->running, 1);
    ck_assert_uint_eq(st->components, 1);
    ck_assert_uint_eq(st->read.malformed, 1);
    ck_assert_uint_eq(st->read.problem_count, 1);
    ck_assert_int_eq(st->read.problems[0].line, 16);
    const uint32_t want[6][3] = {{0, 8, 120}, {0, 1, 60}, {0, 4, 60},
                                 {60, 4, 90}, {120, 2, 120}, {180, 4, 60}};
    ck_assert_uint_eq(t.count, 6);
    for (size_t i = 0; i < 6; i++) {
        ck_assert_uint_eq(t.jobs[i].submit, want[i][0]);
        ck_assert_uint_eq(t.jobs[i].gpus, want[i][1]);
        ck_assert_uint_eq(t.jobs[i].minutes, want[i][2]);
        ck_assert_uint_eq(t.jobs[i].workload, 0);
    }
    trace_jobs_free(&t);
    /* pods-basic.csv (qos groups, none named: all to the default 2): pod-a
     * half a GPU -> 1 for 120 min; pod-b 2 GPUs 30 min (created 0,
     * scheduled 1800); pod-g 4 GPUs, its quoted group "LS,HP"; pod-c never
     * deleted, pod-d no time, pod-e no GPU, pod-f never scheduled. */
    load_measure("pods-basic.csv", &o, &t);
    ck_assert_uint_eq(t.count, 3);
    ck_assert_uint_eq(t.stats.fractions, 1);
    ck_assert_uint_eq(t.stats.no_end, 1);
    ck_assert_uint_eq(t.stats.no_time, 1);
    ck_assert_uint_eq(t.stats.no_gpus, 1);
    ck_assert_uint_eq(t.stats.no_start, 1);
    ck_assert_uint_eq(t.jobs[0].gpus, 1);
    ck_assert_uint_eq(t.jobs[0].minutes, 120);
    ck_assert_uint_eq(t.jobs[1].minutes, 30);
    ck_assert_uint_eq(t.jobs[2].gpus, 4);
    ck_assert_uint_eq(t.jobs[2].workload, 2);
    trace_jobs_free(&t);
}
END_TEST

/* Local time: minute 0 is the first arrival's local midnight, so hours of
 * the day keep their place. 2024-03-04T00:00Z is 01:00 in Berlin (UTC+1):
 * A arrives at minute 60 of its local day. */
START_TEST(local_midnight)
{
    setenv("TZ", "Europe/Berlin", 1);
    tzset();
    TraceOptions o = options(1);
    o.utc = false;
    TraceJobs t;
    load("queue.csv", &o, &t);
    ck_assert_uint_eq(t.jobs[0].submit, 60);
    ck_assert_uint_eq(t.jobs[3].submit, 120);
    ck_assert_int_eq(t.origin, INT64_C(1709506800)); /* 2024-03-03T23:00Z */
    trace_jobs_free(&t);
    unsetenv("TZ");
    tzset();
}
END_TEST

/* 5,000 run times of 1..5000 minutes are more shapes than the 4,096
 * classes: they are rounded to 1% steps (about 700 of them), each within
 * half a step of the true time. */
START_TEST(shapes_rounded_to_fit)
{
    char path[] = "/tmp/check_trace_jobs.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "submit,start,end,gpus\n");
    for (int i = 1; i <= 5000; i++)
        fprintf(f, "%d,%d,%d,1\n", 1709510400 + i, 1709510400 + i,
                1709510400 + i + 60 * i);
    fclose(f);
    TraceOptions o = options(30);
    TraceJobs t;
    Diag d;
    const char *paths[1] = {path};
    ck_assert_int_eq(trace_jobs_load(paths, 1, &o, &t, &d), 0);
    unlink(path);
    ck_assert(t.stats.step_pct == 1);
    ck_assert_uint_eq(t.count, 5000);
    for (size_t i = 0; i < t.count; i++) {
        double truth = (double)(i + 1);
        ck_assert_msg(fabs(t.jobs[i].minutes - truth) <= 0.006 * truth + 0.5,
                      "%zu: %u for %g", i, t.jobs[i].minutes, truth);
    }
    trace_jobs_free(&t);
}
END_TEST

/* Nothing to replay is an error that says why. */
START_TEST(nothing_to_replay)
{
    char path[] = "/tmp/check_trace_jobs.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "w");
    fprintf(f, "submit,start,end,gpus\n1709510400,1709510400,1709514000,0\n");
    fclose(f);
    TraceOptions o = options(30);
    TraceJobs t;
    Diag d;
    const char *paths[1] = {path};
    ck_assert_int_eq(trace_jobs_load(paths, 1, &o, &t, &d), EXIT_DATAERR);
    unlink(path);
    ck_assert_str_eq(d.message, "no job to replay: no record has a start, an end after it "
                                "and GPUs");
    ck_assert_uint_eq(t.count, 0);
    ck_assert_uint_eq(t.stats.no_gpus, 1);
}
END_TEST

static void add(HybridPlan *p, const char *name, HybridRun run, double max_wait)
{
    HybridWorkload *w = &p->workloads[p->workload_count++];
    memset(w, 0, sizeof *w);
    snprintf(w->name, sizeof w->name, "%s", name);
    w->per_day = 1;
    w->gpus = 1;
    w->hours = 1;
    w->run = run;
    if (max_wait >= 0) {
        w->has_max_wait = true;
        w->max_wait_minutes = max_wait;
    }
}

/* The queue by hand, one node of 8 GPUs, strict order, each day alike:
 *   0    A starts (8 GPUs, ends 120)
 *   30   B waits: the node is full
 *   45   C (burst, limit 20) would start after B, at 180: 135 > 20 -> cloud
 *   60   D waits behind B
 *   120  A ends, B starts (ends 180)            B waits 90
 *   180  B ends, D starts (ends 190)            D waits 120
 * train: waits 0, 90 each day: mean 45, P95 90; eval: 2 jobs, both cloud;
 * the default: waits 120, 120. On-prem busy GPU-hours a day: A 8 x 2 +
 * B 8 x 1 + D 4 x 10/60 = 24.667; two days 49.333. Cloud: C 4 GPUs x
 * (31 + 10 idle) / 60 h = 2.7333 a day, 5.4667 in the period. */
START_TEST(queue_to_the_minute)
{
    TraceOptions o = options(2);
    TraceJobs t;
    load("queue.csv", &o, &t);
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = 1;
    s.hardware.gpus_per_node = 8;
    HybridPlan p;
    memset(&p, 0, sizeof p);
    p.days = 2;
    p.onprem_nodes = 1;
    p.max_wait_minutes = 90;
    p.cloud_idle_minutes = 10;
    add(&p, "trace train", RUN_ONPREM, -1);
    add(&p, "trace eval", RUN_BURST, 20);
    add(&p, "trace other", RUN_ONPREM, -1);
    HybridJobSource src;
    trace_jobs_source(&t, &src);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.source = &src;
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &sc), 0);
    ck_assert_uint_eq(st.jobs, 8);
    ck_assert_uint_eq(st.workload[0].jobs, 4);
    ck_assert(st.workload[0].wait_mean == 45);
    ck_assert(st.workload[0].wait_p95 == 90);
    ck_assert_uint_eq(st.workload[1].jobs, 2);
    ck_assert_uint_eq(st.workload[1].cloud_jobs, 2);
    ck_assert_uint_eq(st.workload[2].jobs, 2);
    ck_assert(st.workload[2].wait_mean == 120);
    ck_assert_double_eq_tol(st.busy_gpu_hours_period, 2 * (16 + 8 + 40.0 / 60), 1e-9);
    double scale = s.hours_per_month / (2 * 24);
    ck_assert_double_eq_tol(st.cloud_gpu_hours[MODE_ON_DEMAND], 2 * 4 * 41 / 60.0 * scale,
                            1e-9);
    hybrid_scratch_free(&sc);
    trace_jobs_free(&t);
}
END_TEST

static Suite *suite(void)
{
    Suite *su = suite_create("trace_jobs");
    TCase *t = tcase_create("core");
    tcase_add_test(t, table_and_replay);
    tcase_add_test(t, queue_to_the_minute);
    tcase_add_test(t, records_become_jobs);
    tcase_add_test(t, local_midnight);
    tcase_add_test(t, shapes_rounded_to_fit);
    tcase_add_test(t, nothing_to_replay);
    suite_add_tcase(su, t);
    return su;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
