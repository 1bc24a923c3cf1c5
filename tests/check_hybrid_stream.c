/* check_hybrid_stream.c: the hybrid plan's job stream (DESIGN 6.1): a
 * source of one's own gives the figures of the plan's own workloads when it
 * yields the same jobs; jobs of one workload may differ in size; a source
 * that breaks the stream's rules is refused with a message naming the job;
 * the work of a run grows in step with its jobs however long the queue;
 * the memory of a streamed run does not grow with its jobs. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"
#include "hybrid.h"
#include "hybrid_fixture.h"
#include "hybrid_stream.h"
#include "scenario.h"

/* ---- a source over an array of jobs ------------------------------------- */

typedef struct ArraySource {
    const HybridJob *jobs;
    size_t n, at;
    const char *fail;      /* next() fails with this at job fail_at */
    size_t fail_at;
} ArraySource;

static int array_rewind(void *state, Diag *d)
{
    (void)d;
    ((ArraySource *)state)->at = 0;
    return 0;
}

static int array_next(void *state, HybridJob *job, Diag *d)
{
    ArraySource *a = state;
    if (a->fail && a->at == a->fail_at)
        return diag_fail(d, "%s", a->fail), -1;
    if (a->at >= a->n)
        return 0;
    *job = a->jobs[a->at++];
    return 1;
}

static HybridJobSource array_source(ArraySource *a)
{
    HybridJobSource src = {array_rewind, array_next, a};
    return src;
}

/* ---- plans ------------------------------------------------------------ */

static Scenario scenario(double nodes)
{
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = nodes > 0 ? nodes : 1;
    return s;
}

/* The plan's own jobs, read through its source, into a new array. */
static HybridJob *own_jobs(const HybridPlan *p, size_t *n)
{
    HybridPlanSource ps;
    HybridJobSource src;
    hybrid_plan_source(&ps, p, &src);
    size_t cap = 1024;
    HybridJob *v = malloc(cap * sizeof *v);
    *n = 0;
    HybridJob j;
    Diag nd; /* (the plan's own source never fails) */
    while (src.next(src.state, &j, &nd) == 1) {
        if (*n == cap) {
            cap *= 2;
            v = realloc(v, cap * sizeof *v);
        }
        v[(*n)++] = j;
    }
    return v;
}

/* The same results bit for bit, by_nodes arrays included. */
static void same_result(const HybridResult *x, const HybridResult *y)
{
    HybridResult a = *x, b = *y;
    ck_assert_uint_eq(a.by_nodes_count, b.by_nodes_count);
    ck_assert(memcmp(a.by_nodes, b.by_nodes,
                     a.by_nodes_count * sizeof a.by_nodes[0]) == 0);
    a.by_nodes = b.by_nodes = NULL;
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
}

/* A source that yields the plan's own jobs gives the plan's figures, read
 * from the replay cache or again for every size. */
START_TEST(own_jobs_through_a_source)
{
    HybridPlan p = plan(7, 3);
    p.backfill = _i == 1;
    add(&p, "0 2 * * *", 0, 16, 8, RUN_ONPREM);
    add(&p, NULL, 40, 4, 3, RUN_BURST)->priority = 10;
    add(&p, NULL, 30, 2, 1.5, RUN_CLOUD);
    Scenario s = scenario(3);
    size_t n;
    HybridJob *jobs = own_jobs(&p, &n);
    ck_assert_uint_gt(n, 400);
    static HybridResult own, via, streamed;
    static HybridNodesTotal sizes[64];
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &own, &sc), 0);
    ck_assert_uint_le(own.by_nodes_count, 64);
    memcpy(sizes, own.by_nodes, own.by_nodes_count * sizeof sizes[0]);
    own.by_nodes = sizes;
    ArraySource a = {jobs, n, 0, NULL, 0};
    HybridJobSource src = array_source(&a);
    sc.source = &src;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &via, &sc), 0);
    same_result(&own, &via);
    sc.test_mode = HYBRID_TEST_STREAM;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &streamed, &sc), 0);
    same_result(&own, &streamed);
    hybrid_scratch_free(&sc);
    free(jobs);
}
END_TEST

/* Jobs of one workload in two sizes, on one 8-GPU node, strict order: a
 * (8 GPUs, 60 min) and b (2 GPUs, 30 min) both at 0:00; a is first, so b
 * waits for it: waits 0 and 60, mean 30, 95th percentile 60. Busy GPU-
 * minutes 8 x 60 + 2 x 30 = 540 of 8 x 1,440: utilization 4.6875%. In the
 * cloud (0 nodes) each bills its own size: 8 x (1 + 10/60) + 2 x (0.5 +
 * 10/60) = 9.333... + 1.333... = 10.666... GPU-hours on-demand. */
START_TEST(jobs_of_one_workload_differ)
{
    HybridPlan p = plan(1, 1);
    add(&p, NULL, 0, 1, 1, RUN_ONPREM);
    const HybridJob jobs[] = {{0, 8, 60, 1.0, 0}, {0, 2, 30, 0.5, 0}};
    ArraySource a = {jobs, 2, 0, NULL, 0};
    HybridJobSource src = array_source(&a);
    Scenario s = scenario(1);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.source = &src;
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &sc), 0);
    ck_assert_uint_eq(st.jobs, 2);
    ck_assert(st.workload[0].wait_mean == 30);
    ck_assert(st.workload[0].wait_p95 == 60);
    ck_assert(st.utilization == 540.0 / (8 * 1440));
    ck_assert_int_eq(hybrid_simulate(&s, &p, 0, &st, &sc), 0);
    ck_assert_uint_eq(st.cloud_jobs, 2);
    double gh = 8 * (1 + 10.0 / 60) + 2 * (0.5 + 10.0 / 60);
    ck_assert(fabs(st.cloud_gpu_hours[MODE_ON_DEMAND] - gh * 730 / 24) <
              1e-9);
    hybrid_scratch_free(&sc);
}
END_TEST

/* Waits past the histogram (2^20 = 1,048,576 minutes) are counted one by
 * one and give the same 95th percentile. 1,000 jobs of 8 GPUs submitted at
 * 0:00 on one 8-GPU node, strict order: job i waits i x D minutes. The
 * nearest rank is ceil(0.95 x 1,000) = 950, the wait of job 949.
 *   _i 0: D = 1,440: p95 = 949 x 1,440 = 1,366,560 (a long wait);
 *         mean = 1,440 x 999 / 2 = 719,280.
 *   _i 1: D = 1,100: p95 = 949 x 1,100 = 1,043,900 (in the histogram,
 *         with jobs 954.. past it); mean = 1,100 x 999 / 2 = 549,450.
 * A second run in the same scratch gives the same (the counts cleared).
 * Memory: the histogram stops at 2^20 minutes (4 MiB). */
START_TEST(waits_past_the_histogram)
{
    const int64_t d = _i == 0 ? 1440 : 1100;
    HybridPlan p = plan(1, 1);
    add(&p, NULL, 0, 8, 1, RUN_ONPREM);
    HybridJob *jobs = malloc(1000 * sizeof *jobs);
    ck_assert_ptr_nonnull(jobs);
    for (size_t i = 0; i < 1000; i++)
        jobs[i] = (HybridJob){0, 8, d, (double)d / 60, 0};
    ArraySource a = {jobs, 1000, 0, NULL, 0};
    HybridJobSource src = array_source(&a);
    Scenario s = scenario(1);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.source = &src;
    for (int pass = 0; pass < 2; pass++) {
        HybridSimStats st;
        ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &sc), 0);
        ck_assert_msg(st.workload[0].wait_p95 == (double)(949 * d), "p95 %g",
                      st.workload[0].wait_p95);
        ck_assert(st.workload[0].wait_mean == (double)(d * 999) / 2);
    }
    /* The waits take the histogram's 4 bytes a minute up to 2^20 and 8
     * bytes a longer wait, not 4 bytes a minute up to the longest. */
    ck_assert_msg(hybrid_scratch_bytes(&sc) < (size_t)5000000, "%zu bytes",
                  hybrid_scratch_bytes(&sc));
    hybrid_scratch_free(&sc);
    free(jobs);
}
END_TEST

/* Each broken rule of hybrid_stream.h stops the evaluation with a message
 * naming the job; a source's own failure is passed on word for word. */
START_TEST(broken_streams_are_refused)
{
    HybridPlan p = plan(1, 1);
    add(&p, NULL, 0, 1, 1, RUN_ONPREM);
    Scenario s = scenario(1);
    static const struct {
        HybridJob second;
        const char *says;
    } cases[] = {
        {{5, 1, 60, 1, 0}, "job 2 of the stream (minute 5): it is submitted "
                           "before the job ahead of it in the stream"},
        {{1440, 1, 60, 1, 0}, "job 2 of the stream (minute 1440): it is "
                              "submitted outside the simulated period"},
        {{20, 1, 60, 1, 3}, "job 2 of the stream (minute 20): its workload "
                            "is not one of the plan's"},
        {{20, 0, 60, 1, 0}, "job 2 of the stream (minute 20): its GPUs are "
                            "not a whole number from 1 to 100,000"},
        {{20, 1, 0, 1, 0}, "job 2 of the stream (minute 20): its duration is "
                           "not 1 minute to 366 days"},
    };
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    static HybridResult r;
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        HybridJob jobs[2] = {{10, 1, 60, 1, 0}, cases[i].second};
        ArraySource a = {jobs, 2, 0, NULL, 0};
        HybridJobSource src = array_source(&a);
        sc.source = &src;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), -1);
        ck_assert_uint_eq(r.warning_count, 1);
        ck_assert_str_eq(r.warnings[0], cases[i].says);
    }
    HybridJob jobs[2] = {{10, 1, 60, 1, 0}, {20, 1, 60, 1, 0}};
    ArraySource a = {jobs, 2, 0, "trace.csv:3: no such user", 1};
    HybridJobSource src = array_source(&a);
    sc.source = &src;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), -1);
    ck_assert_str_eq(r.warnings[0], "trace.csv:3: no such user");
    hybrid_scratch_free(&sc);
}
END_TEST

/* A source that fails on its pass `fail_pass` (1: the load, 2: the
 * unlimited cluster, 3: the plan's run) at its second job. */
typedef struct PassSource {
    ArraySource inner;
    int pass, fail_pass;
    const char *fail;
} PassSource;

static int pass_rewind(void *state, Diag *d)
{
    PassSource *p = state;
    p->pass++;
    p->inner.fail = p->pass == p->fail_pass ? p->fail : NULL;
    return array_rewind(&p->inner, d);
}

static int pass_next(void *state, HybridJob *job, Diag *d)
{
    return array_next(&((PassSource *)state)->inner, job, d);
}

/* A source that fails after the load, while the unlimited cluster or a
 * run reads it again: its whole sentence reaches the warning, and a
 * sentence longer than a warning ends in "…" instead of being cut short
 * unmarked. */
START_TEST(a_source_that_fails_later_is_quoted)
{
    HybridPlan p = plan(1, 1);
    add(&p, NULL, 0, 1, 1, RUN_ONPREM);
    Scenario s = scenario(1);
    char why[300];
    memset(why, 'x', sizeof why - 1);
    why[sizeof why - 1] = '\0';
    memcpy(why, "trace.csv:3: ", 13);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.test_mode = HYBRID_TEST_STREAM;
    static HybridResult r;
    for (int fail_pass = 2; fail_pass <= 3; fail_pass++) {
        HybridJob jobs[2] = {{10, 1, 60, 1, 0}, {20, 1, 60, 1, 0}};
        PassSource ps = {{jobs, 2, 0, NULL, 1}, 0, fail_pass, why};
        HybridJobSource src = {pass_rewind, pass_next, &ps};
        sc.source = &src;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), -1);
        ck_assert_int_ge(ps.pass, fail_pass);
        ck_assert_uint_eq(r.warning_count, 1);
        const char *w = r.warnings[0];
        size_t len = strlen(w);
        ck_assert_uint_eq(len, HYBRID_WARNING_BYTES - 4 + 3);
        ck_assert_int_eq(strncmp(w, why, len - 3), 0);
        ck_assert_str_eq(w + len - 3, "\xe2\x80\xa6");
    }
    hybrid_scratch_free(&sc);
}
END_TEST

/* More shapes of jobs than a run can tell apart is said, not cut. */
START_TEST(too_many_shapes)
{
    HybridPlan p = plan(7, 1);
    add(&p, NULL, 0, 1, 1, RUN_ONPREM);
    enum { N = 4097 };
    HybridJob *jobs = malloc(N * sizeof *jobs);
    for (size_t i = 0; i < N; i++)
        jobs[i] = (HybridJob){(int64_t)i, 1, (int64_t)i + 1,
                              (double)(i + 1) / 60, 0};
    ArraySource a = {jobs, N, 0, NULL, 0};
    HybridJobSource src = array_source(&a);
    Scenario s = scenario(1);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.source = &src;
    static HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), -1);
    ck_assert_str_eq(r.warnings[0],
                     "the stream's jobs come in more than 4096 shapes "
                     "(workload, GPUs, minutes, hours); at most 4096 can be "
                     "simulated");
    a.n = N - 1;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), 0);
    hybrid_scratch_free(&sc);
    free(jobs);
}
END_TEST

/* ---- the cost of a run grows with its jobs, not with its queue ---------- */

/* The work (hybrid_scratch_work) of one run of plan p stretched to `days`
 * days at its own size. */
static unsigned long long run_work(HybridPlan p, double days, size_t *jobs)
{
    p.days = days;
    Scenario s = scenario(p.onprem_nodes);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, p.onprem_nodes, &st, &sc), 0);
    *jobs = st.jobs;
    unsigned long long w = hybrid_scratch_work(&sc);
    hybrid_scratch_free(&sc);
    return w;
}

/* Overloaded queues where each job's placement used to look at every job
 * behind a long one or ahead of it (the cost grew with the square of the
 * jobs): four times the days must cost at most five times the work.
 *   0: burst 1-GPU 48-hour jobs, 2,000 a day, on two nodes (strict order):
 *      nearly all go to the cloud behind jobs that run for two days;
 *   1: an on-prem queue that only grows (300 four-GPU 2-hour jobs a day on
 *      one node) with burst jobs predicted through it, EASY backfill;
 *   2: the same under strict order by priority, the on-prem jobs first;
 *   3: burst 4-GPU 2-hour jobs, 300 a day, that may wait 500,000 minutes,
 *      on one node, ahead of a few on-prem jobs of a lower priority: the
 *      queue grows all along, and each prediction went through all of it
 *      (a prediction now goes on from the last one's walk). */
START_TEST(work_grows_with_the_jobs)
{
    HybridPlan p = plan(1, 2);
    if (_i == 0) {
        add(&p, NULL, 2000, 1, 48, RUN_BURST);
    } else if (_i == 3) {
        p.onprem_nodes = 1;
        p.max_wait_minutes = 500000;
        add(&p, NULL, 300, 4, 2, RUN_BURST)->priority = 10;
        add(&p, NULL, 2, 1, 1, RUN_ONPREM);
    } else {
        p.onprem_nodes = 1;
        p.backfill = _i == 1;
        add(&p, NULL, 300, 4, 2, RUN_ONPREM)->priority = _i == 2 ? 10 : 0;
        add(&p, NULL, 200, 1, 1, RUN_BURST);
    }
    size_t n1, n4;
    unsigned long long w1 = run_work(p, 6, &n1), w4 = run_work(p, 24, &n4);
    ck_assert_uint_gt(n4, 3 * n1);
    ck_assert_msg(w4 <= 5 * w1 * n4 / (4 * n1),
                  "shape %d: %zu jobs %llu steps, %zu jobs %llu steps", _i,
                  n1, w1, n4, w4);
}
END_TEST

/* Thousands of job shapes (a replayed trace) with two priorities under
 * strict order: the queue's head is found without looking at every class.
 * The same jobs, alike for the scheduler, come in 4 classes or in 3,000
 * (their billed hours differ, their minutes do not): the schedules are the
 * same, and so must the work be, within a factor of 2. A run used to look
 * at every class at every start (some 3,000 times the work). Burst jobs
 * predict through the queue, on-prem jobs of the higher priority jump it.
 * (With backfill, a pass still looks at every class that waits.) */
START_TEST(work_does_not_grow_with_the_classes)
{
    HybridPlan p = plan(4, 4);
    add(&p, NULL, 0, 1, 1, RUN_ONPREM)->priority = 5;
    add(&p, NULL, 0, 1, 1, RUN_BURST)->max_wait_minutes = 600;
    p.workloads[1].has_max_wait = true;
    enum { N = 12000 };
    HybridJob *jobs = malloc(N * sizeof *jobs);
    ck_assert_ptr_nonnull(jobs);
    unsigned long long work[2];
    double total[2];
    for (int shapes = 0; shapes < 2; shapes++) {
        for (size_t i = 0; i < N; i++) {
            int64_t shape = (int64_t)(i % 4);
            size_t cls = shapes ? i % 3000 : 0;
            jobs[i] = (HybridJob){(int64_t)(i * 5760 / N), 1 + 2 * shape,
                                  30 + 20 * shape, 1 + (double)cls / 4096,
                                  i % 2};
        }
        ArraySource a = {jobs, N, 0, NULL, 0};
        HybridJobSource src = array_source(&a);
        Scenario s = scenario(4);
        HybridScratch sc;
        ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
        sc.source = &src;
        HybridSimStats st;
        ck_assert_int_eq(hybrid_simulate(&s, &p, 4, &st, &sc), 0);
        ck_assert_uint_eq(st.jobs, N);
        work[shapes] = hybrid_scratch_work(&sc);
        total[shapes] = st.onprem_gpu_hours;
        hybrid_scratch_free(&sc);
    }
    ck_assert(total[0] == total[1]);
    ck_assert_msg(work[1] <= 2 * work[0], "%llu steps in few classes, %llu "
                  "in many", work[0], work[1]);
    free(jobs);
}
END_TEST

/* ---- a run stays interruptible inside a long queue ---------------------- */

/* A source that sets the cancel flag when it yields job `at` of its third
 * pass (the run; the first is the load, the second the unlimited
 * cluster's), noting the work done then. */
typedef struct CancelSource {
    HybridJobSource inner;
    HybridScratch *sc;
    volatile sig_atomic_t flag;
    int pass;
    size_t n, at;
    unsigned long long work_then;
} CancelSource;

static int cancel_rewind(void *state, Diag *d)
{
    CancelSource *c = state;
    c->pass++;
    c->n = 0;
    return c->inner.rewind(c->inner.state, d);
}

static int cancel_next(void *state, HybridJob *job, Diag *d)
{
    CancelSource *c = state;
    if (c->pass == 3 && c->n++ == c->at) {
        c->flag = 1;
        c->work_then = hybrid_scratch_work(c->sc);
    }
    return c->inner.next(c->inner.state, job, d);
}

/* Burst jobs whose limit is longer than the queue ever gets, with EASY
 * backfill: each prediction runs through the whole queue (thousands of
 * jobs ahead). Once the flag is set, the run stops within a bounded number
 * of steps (a few predictions' worth), not after 1,024 more submissions. */
START_TEST(a_long_queue_stays_interruptible)
{
    HybridPlan p = plan(8, 1);
    p.backfill = true;
    p.max_wait_minutes = 500000;
    add(&p, NULL, 1000, 4, 2, RUN_BURST);
    Scenario s = scenario(1);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.test_mode = HYBRID_TEST_STREAM;
    HybridPlanSource ps;
    CancelSource cs;
    memset(&cs, 0, sizeof cs);
    hybrid_plan_source(&ps, &p, &cs.inner);
    cs.sc = &sc;
    cs.at = 6000;
    HybridJobSource src = {cancel_rewind, cancel_next, &cs};
    sc.source = &src;
    sc.cancel = &cs.flag;
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &sc), 2);
    ck_assert(st.cancelled);
    ck_assert_int_eq(cs.flag, 1);
    unsigned long long after = hybrid_scratch_work(&sc) - cs.work_then;
    ck_assert_msg(after < 100000, "%llu steps after the flag", after);
    hybrid_scratch_free(&sc);
}
END_TEST

/* A streamed run holds what waits and runs at once, never a job of the
 * period: a year (about 1.1 M jobs on a cluster that keeps up) needs no
 * more than a month beside the per-minute arrays (8 bytes a minute for
 * the commitment's demand). */
START_TEST(streamed_memory_does_not_grow_with_jobs)
{
    HybridPlan p = plan(30, 48);
    add(&p, NULL, 2000, 1, 2, RUN_BURST);
    add(&p, NULL, 1000, 4, 1, RUN_ONPREM);
    add(&p, "*/10 * * * *", 0, 8, 0.5, RUN_ONPREM);
    Scenario s = scenario(48);
    HybridScratch sc;
    size_t bytes[2], jobs[2];
    const double days[2] = {30, 366};
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
        sc.test_mode = HYBRID_TEST_STREAM;
        p.days = days[k];
        HybridSimStats st;
        ck_assert_int_eq(hybrid_simulate(&s, &p, 48, &st, &sc), 0);
        jobs[k] = st.jobs;
        bytes[k] = hybrid_scratch_bytes(&sc);
        hybrid_scratch_free(&sc);
    }
    ck_assert_uint_gt(jobs[1], 1000000);
    size_t minutes = (366 - 30) * 1440;
    ck_assert_msg(bytes[1] <= bytes[0] + 8 * minutes + 65536,
                  "%zu bytes for %zu jobs, %zu for %zu", bytes[0], jobs[0],
                  bytes[1], jobs[1]);
}
END_TEST

static Suite *stream_suite(void)
{
    Suite *s = suite_create("hybrid_stream");
    TCase *tc = tcase_create("stream");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, own_jobs_through_a_source, 0, 2);
    tcase_add_test(tc, jobs_of_one_workload_differ);
    tcase_add_loop_test(tc, waits_past_the_histogram, 0, 2);
    tcase_add_test(tc, broken_streams_are_refused);
    tcase_add_test(tc, a_source_that_fails_later_is_quoted);
    tcase_add_test(tc, work_does_not_grow_with_the_classes);
    tcase_add_test(tc, too_many_shapes);
    tcase_add_loop_test(tc, work_grows_with_the_jobs, 0, 4);
    tcase_add_test(tc, streamed_memory_does_not_grow_with_jobs);
    tcase_add_test(tc, a_long_queue_stays_interruptible);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(stream_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
