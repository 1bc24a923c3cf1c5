/* check_hybrid_backfill.c: burst predictions with EASY backfill
 * (model/hybrid_predict.c, DESIGN 6.4): the walk kept from one prediction
 * to the next must give what a walk from the present gives
 * (HYBRID_TEST_WALK), on a hand-worked queue and on random job streams of
 * many shapes, priorities and limits; and a queue that only grows costs
 * work in proportion to its jobs, not their square. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hybrid.h"
#include "hybrid_stream.h"
#include "rng.h"
#include "scenario.h"
#include "test_scale.h"

typedef struct ArraySource {
    const HybridJob *jobs;
    size_t n, at;
} ArraySource;

static int array_rewind(void *state, Diag *d)
{
    (void)d;
    ((ArraySource *)state)->at = 0;
    return 0;
}

static int array_next(void *state, HybridJob *job, Diag *d)
{
    (void)d;
    ArraySource *a = state;
    if (a->at >= a->n)
        return 0;
    *job = a->jobs[a->at++];
    return 1;
}

static HybridWorkload *add(HybridPlan *p, HybridRun run, double priority)
{
    HybridWorkload *w = &p->workloads[p->workload_count++];
    memset(w, 0, sizeof *w);
    snprintf(w->name, sizeof w->name, "w%zu", p->workload_count);
    w->gpus = 1;
    w->hours = 1;
    w->run = run;
    w->priority = priority;
    return w;
}

static HybridPlan backfill_plan(double days, double nodes, double max_wait)
{
    HybridPlan p;
    memset(&p, 0, sizeof p);
    p.days = days;
    p.onprem_nodes = nodes;
    p.max_wait_minutes = max_wait;
    p.seed = 1;
    p.backfill = true;
    return p;
}

/* One run of the jobs at `nodes` nodes, with the given test switches. */
static void run_jobs(const HybridPlan *p, const HybridJob *jobs, size_t n,
                     double nodes, int test_mode, HybridSimStats *st)
{
    Scenario s;
    scenario_default(&s); /* 8 GPUs a node */
    s.hardware.nodes = nodes > 0 ? nodes : 1;
    ArraySource a = {jobs, n, 0};
    HybridJobSource src = {array_rewind, array_next, &a};
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.source = &src;
    sc.test_mode = test_mode;
    ck_assert_int_eq(hybrid_simulate(&s, p, nodes, st, &sc), 0);
    hybrid_scratch_free(&sc);
}

/* One node of 8 GPUs with backfill; batch (on-prem), burst (may wait 90
 * minutes), quick (burst, may wait 10). Worked by hand:
 *   0  A batch 6 GPUs 60 min starts (ends 60); 2 GPUs free.
 *   1  X burst 4 GPUs 30 min heads the queue blocked (its reservation: 60,
 *      4 GPUs over); it starts at 60: a wait of 59. The walk is kept at 60.
 *   2  Y burst 4 GPUs 30 min, X's class, could not start before X: the
 *      walk goes on at 60, where Y starts after X: 58.
 *   3  S burst 2 GPUs 20 min fits the 2 GPUs the walk had free at 1 (it
 *      would have backfilled there): a walk from the present, where S
 *      backfills at once (ends 23, before 60): 0. It does start at 3.
 *   4  W burst 8 GPUs 10 min: the walk stopped at 3, the present is past
 *      it: a walk from 4. X and Y start at 60, W heads the queue there and
 *      starts at 90 when they end: 86. Kept at 90.
 *   5  V burst 8 GPUs 10 min, W's class: goes on at 90, heads the queue
 *      blocked until 100 (W ends), past its limit (95): cloud; the walk
 *      goes back to where V came to head it.
 *   6  U quick 4 GPUs 5 min needs more than any pass of the walk had free
 *      (2), so it starts after 90 at the earliest, past its limit (16):
 *      cloud without walking.
 * What happens: S at 3, X and Y at 60, W at 90; none late, S backfilled.
 * Burst waits 59, 58, 0, 86; V and U in the cloud. */
START_TEST(a_queue_by_hand)
{
    HybridPlan p = backfill_plan(1, 1, 90);
    add(&p, RUN_ONPREM, 0);
    add(&p, RUN_BURST, 0);
    HybridWorkload *quick = add(&p, RUN_BURST, 0);
    quick->has_max_wait = true;
    quick->max_wait_minutes = 10;
    static const HybridJob jobs[] = {
        {0, 6, 60, 1, 0},         {1, 4, 30, 0.5, 1},
        {2, 4, 30, 0.5, 1},       {3, 2, 20, 20.0 / 60, 1},
        {4, 8, 10, 10.0 / 60, 1}, {5, 8, 10, 10.0 / 60, 1},
        {6, 4, 5, 5.0 / 60, 2},
    };
    const size_t n = sizeof jobs / sizeof jobs[0];
    for (int mode = 0; mode < 2; mode++) {
        HybridSimStats st;
        run_jobs(&p, jobs, n, 1, mode ? HYBRID_TEST_WALK : 0, &st);
        ck_assert_uint_eq(st.jobs, 7);
        ck_assert_uint_eq(st.workload[1].cloud_jobs, 1);
        ck_assert_uint_eq(st.workload[2].cloud_jobs, 1);
        ck_assert_uint_eq(st.late_jobs, 0);
        ck_assert_uint_eq(st.workload[1].backfilled, 1);
        ck_assert_uint_eq(st.backfilled_jobs, 1);
        ck_assert(st.workload[1].wait_mean == 203.0 / 4);
        ck_assert(st.workload[1].wait_p95 == 86);
        ck_assert(st.workload[0].wait_mean == 0);
        ck_assert(isnan(st.workload[2].wait_mean));
    }
}
END_TEST

/* The same figures, bit for bit. */
static void same_stats(const HybridSimStats *a, const HybridSimStats *b,
                       int plan)
{
    ck_assert_msg(memcmp(a, b, sizeof *a) == 0,
                  "plan %d: total %.17g vs %.17g, cloud jobs %zu vs %zu, "
                  "late %zu vs %zu, backfilled %zu vs %zu",
                  plan, a->total_monthly, b->total_monthly, a->cloud_jobs,
                  b->cloud_jobs, a->late_jobs, b->late_jobs,
                  a->backfilled_jobs, b->backfilled_jobs);
}

/* The whole evaluation (every size the optimizer tries), bit for bit. */
static void same_result(const HybridResult *x, const HybridResult *y, int plan)
{
    HybridResult a = *x, b = *y;
    ck_assert_uint_eq(a.by_nodes_count, b.by_nodes_count);
    ck_assert_msg(memcmp(a.by_nodes, b.by_nodes,
                         a.by_nodes_count * sizeof a.by_nodes[0]) == 0,
                  "plan %d: the sizes' totals differ", plan);
    a.by_nodes = b.by_nodes = NULL;
    ck_assert_msg(memcmp(&a, &b, sizeof a) == 0, "plan %d: results differ",
                  plan);
}

/* A random stream of up to n jobs over p's days into jobs[]: arrivals
 * about as fast as `nodes` nodes serve them, some in bursts of one minute;
 * each workload's jobs of one shape or of many. With grow, a queue that
 * only grows, of jobs of one shape each. */
static size_t random_jobs(Rng *r, const HybridPlan *p, double nodes,
                          bool grow, HybridJob *jobs, size_t n)
{
    size_t nw = p->workload_count;
    bool one_shape[HYBRID_MAX_WORKLOADS];
    int64_t g0[HYBRID_MAX_WORKLOADS], d0[HYBRID_MAX_WORKLOADS];
    for (size_t w = 0; w < nw; w++) {
        one_shape[w] = grow || rng_next(r) % 2;
        g0[w] = 1 + (int64_t)(rng_next(r) % 8);
        d0[w] = 1 + (int64_t)(rng_next(r) % 120);
    }
    double load = grow ? 2 + 3 * rng_uniform(r) : 0.6 + 0.8 * rng_uniform(r);
    double rate = load * nodes * 8 / (4.5 * 60);
    double t = 0;
    size_t i = 0;
    while (i < n) {
        t += rng_exponential(r, rate);
        if (t >= p->days * 1440)
            break;
        size_t burst = rng_next(r) % 8 == 0 ? 1 + rng_next(r) % 6 : 1;
        for (size_t b = 0; b < burst && i < n; b++, i++) {
            size_t w = rng_next(r) % nw;
            int64_t g = one_shape[w] ? g0[w] : 1 + (int64_t)(rng_next(r) % 8);
            int64_t dur =
                one_shape[w] ? d0[w] : 1 + (int64_t)(rng_next(r) % 120);
            jobs[i] = (HybridJob){(int64_t)t, g, dur,
                                  (double)dur / 60 + (double)(rng_next(r) % 3),
                                  w};
        }
    }
    return i;
}

/* A random plan with backfill: one to five workloads, the first a burst
 * one, priorities of 0, 5 and 10, limits from none to a year; with grow,
 * the first may wait a year and comes first. */
static HybridPlan random_plan(Rng *r, bool grow)
{
    static const double limits[] = {0, 1, 15, 60, 240, 1000, 10080, 500000};
    HybridPlan p = backfill_plan(1 + (double)(rng_next(r) % 2),
                                 1 + (double)(rng_next(r) % 3),
                                 limits[rng_next(r) % 8]);
    size_t nw = 1 + rng_next(r) % 5;
    for (size_t w = 0; w < nw; w++) {
        HybridRun run = w == 0 ? RUN_BURST : (HybridRun)(rng_next(r) % 3);
        HybridWorkload *wl = add(&p, run, 5.0 * (double)(rng_next(r) % 3));
        if (rng_next(r) % 2) {
            wl->has_max_wait = true;
            wl->max_wait_minutes = limits[rng_next(r) % 8];
        }
    }
    if (grow) {
        p.workloads[0].has_max_wait = true;
        p.workloads[0].max_wait_minutes = 500000;
        p.workloads[0].priority = 10;
    }
    return p;
}

/* Random streams: every figure of a run at the plan's size equals the
 * walk from the present's, simulated whole with the event engine; half of
 * them queues that only grow. */
START_TEST(random_streams_match_the_reference)
{
    Rng r;
    rng_seed(&r, 9090 + (uint64_t)_i);
    enum { N = 2500 };
    HybridJob *jobs = malloc(N * sizeof *jobs);
    ck_assert_ptr_nonnull(jobs);
    const int plans = test_quick() ? 10 : 100; /* valgrind: a tenth */
    for (int k = 0; k < plans; k++) {
        bool grow = _i % 2;
        HybridPlan p = random_plan(&r, grow);
        size_t n = random_jobs(&r, &p, p.onprem_nodes, grow, jobs, N);
        HybridSimStats kept, ref;
        run_jobs(&p, jobs, n, p.onprem_nodes, 0, &kept);
        run_jobs(&p, jobs, n, p.onprem_nodes,
                 HYBRID_TEST_WALK | HYBRID_TEST_WHOLE | HYBRID_TEST_EVENTS,
                 &ref);
        same_stats(&kept, &ref, 100 * _i + k);
    }
    free(jobs);
}
END_TEST

/* The whole evaluation of random plans of the plan's own streams (every
 * size up to all on-prem, the stretches where a size binds): the same. */
START_TEST(random_plans_evaluate_the_same)
{
    Rng r;
    rng_seed(&r, 7070);
    static HybridResult kept, ref;
    static HybridNodesTotal sizes[4096];
    const int plans = test_quick() ? 4 : 40; /* valgrind: a tenth */
    for (int k = 0; k < plans; k++) {
        HybridPlan p = random_plan(&r, k % 2);
        p.days = 1 + (double)(rng_next(&r) % 3);
        for (size_t w = 0; w < p.workload_count; w++) {
            HybridWorkload *wl = &p.workloads[w];
            wl->per_day = 20 + (double)(rng_next(&r) % 200);
            wl->gpus = 1 + (double)(rng_next(&r) % 8);
            wl->hours = (1 + (double)(rng_next(&r) % 16)) / 4;
            wl->cloud_mode = rng_next(&r) % 2 ? MODE_SPOT : MODE_ON_DEMAND;
        }
        Scenario s;
        scenario_default(&s);
        s.hardware.nodes = p.onprem_nodes;
        HybridScratch sc;
        ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &kept, &sc), 0);
        ck_assert_uint_le(kept.by_nodes_count, 4096);
        memcpy(sizes, kept.by_nodes, kept.by_nodes_count * sizeof sizes[0]);
        kept.by_nodes = sizes;
        sc.test_mode = HYBRID_TEST_WALK;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &ref, &sc), 0);
        same_result(&kept, &ref, k);
        hybrid_scratch_free(&sc);
    }
}
END_TEST

/* The work (hybrid_scratch_work) of one run of plan p over `days` days. */
static unsigned long long run_work(HybridPlan p, double days, size_t *jobs)
{
    p.days = days;
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = p.onprem_nodes;
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, p.onprem_nodes, &st, &sc), 0);
    *jobs = st.jobs;
    unsigned long long w = hybrid_scratch_work(&sc);
    hybrid_scratch_free(&sc);
    return w;
}

/* Burst 4-GPU 2-hour jobs, 300 a day, that may wait 500,000 minutes, on
 * one node with backfill, ahead of a few 1-GPU on-prem jobs of a lower
 * priority: the queue grows all along, and each prediction walked all of
 * it. Four times the days must cost at most five times the work. */
START_TEST(work_grows_with_the_jobs)
{
    HybridPlan p = backfill_plan(1, 1, 500000);
    HybridWorkload *b = add(&p, RUN_BURST, 10);
    b->per_day = 300, b->gpus = 4, b->hours = 2;
    HybridWorkload *o = add(&p, RUN_ONPREM, 0);
    o->per_day = 2;
    size_t n1, n4;
    unsigned long long w1 = run_work(p, 6, &n1), w4 = run_work(p, 24, &n4);
    ck_assert_uint_gt(n4, 3 * n1);
    ck_assert_msg(w4 <= 5 * w1 * n4 / (4 * n1),
                  "%zu jobs %llu steps, %zu jobs %llu steps", n1, w1, n4, w4);
}
END_TEST

static Suite *backfill_suite(void)
{
    Suite *s = suite_create("hybrid_backfill");
    TCase *tc = tcase_create("backfill");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, a_queue_by_hand);
    tcase_add_loop_test(tc, random_streams_match_the_reference, 0, 4);
    tcase_add_test(tc, random_plans_evaluate_the_same);
    tcase_add_test(tc, work_grows_with_the_jobs);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(backfill_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
