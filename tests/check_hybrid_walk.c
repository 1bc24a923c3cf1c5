/* check_hybrid_walk.c: burst predictions under strict order with several
 * priorities (model/hybrid_walk.c, DESIGN 6.4): a hand-worked queue whose
 * walk is kept, dropped when a higher priority joins, and taken back when
 * its job goes to the cloud; then random job streams of many shapes,
 * whose every figure must equal that of the reference walk (the class
 * heads' pass from the present, HYBRID_TEST_WALK). */
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

/* One node of 8 GPUs; batch (on-prem, priority 0), urgent (on-prem,
 * priority 5), burst (priority 0, may wait 30 minutes). Worked by hand:
 *   0  A batch 6 GPUs 20 min starts (ends 20); B batch 4 GPUs 40 min waits.
 *   1  X burst 2 GPUs 10 min: B and X start at 20 (A ends): predicted 20,
 *      a wait of 19, on-prem. The walk is kept at minute 20.
 *   2  U urgent 4 GPUs 5 min joins ahead of B: the walk is dropped.
 *   3  Y burst 2 GPUs 10 min walks from the present: U and B start at 20,
 *      X and Y at 25 (U ends): predicted 25, on-prem. Kept at 25.
 *   4  Z burst 4 GPUs 10 min goes on from 25: it heads the queue there,
 *      and 4 GPUs are free at 35 (X, Y end), past its limit (34): cloud;
 *      the walk goes back to 25.
 *   5  W burst 2 GPUs 10 min goes on from 25: it starts at 35, a wait of
 *      30, within its limit: on-prem.
 * What happens: U and B start at 20, X and Y at 25 (X is late: predicted
 * 20), W at 35. Burst waits 24, 22, 30; batch 0, 20; urgent 18. */
START_TEST(two_priorities_by_hand)
{
    HybridPlan p;
    memset(&p, 0, sizeof p);
    p.days = 1;
    p.onprem_nodes = 1;
    p.max_wait_minutes = 30;
    p.seed = 1;
    add(&p, RUN_ONPREM, 0);
    add(&p, RUN_ONPREM, 5);
    add(&p, RUN_BURST, 0);
    static const HybridJob jobs[] = {
        {0, 6, 20, 20.0 / 60, 0}, {0, 4, 40, 40.0 / 60, 0},
        {1, 2, 10, 10.0 / 60, 2}, {2, 4, 5, 5.0 / 60, 1},
        {3, 2, 10, 10.0 / 60, 2}, {4, 4, 10, 10.0 / 60, 2},
        {5, 2, 10, 10.0 / 60, 2},
    };
    const size_t n = sizeof jobs / sizeof jobs[0];
    for (int mode = 0; mode < 2; mode++) {
        HybridSimStats st;
        run_jobs(&p, jobs, n, 1, mode ? HYBRID_TEST_WALK : 0, &st);
        ck_assert_uint_eq(st.jobs, 7);
        ck_assert_uint_eq(st.workload[2].cloud_jobs, 1);
        ck_assert_uint_eq(st.workload[2].late_jobs, 1);
        ck_assert(st.workload[2].wait_mean == 76.0 / 3);
        ck_assert(st.workload[2].wait_p95 == 30);
        ck_assert(st.workload[0].wait_mean == 10);
        ck_assert(st.workload[1].wait_mean == 18);
        ck_assert_uint_eq(st.cloud_jobs, 1);
    }
}
END_TEST

/* The same figures, bit for bit. */
static void same_stats(const HybridSimStats *a, const HybridSimStats *b,
                       int plan)
{
    ck_assert_msg(memcmp(a, b, sizeof *a) == 0,
                  "plan %d: total %.17g vs %.17g, cloud jobs %zu vs %zu, "
                  "late %zu vs %zu",
                  plan, a->total_monthly, b->total_monthly, a->cloud_jobs,
                  b->cloud_jobs, a->late_jobs, b->late_jobs);
}

/* Random streams of many shapes (a replayed trace), two or three
 * priorities, burst jobs of several limits, on a cluster they overload:
 * every figure equals the reference walk's, at the plan's size and across
 * the optimizer's sizes (hybrid_evaluate). */
START_TEST(random_streams_match_the_reference)
{
    Rng r;
    rng_seed(&r, 4242);
    enum { N = 3000 };
    HybridJob *jobs = malloc(N * sizeof *jobs);
    ck_assert_ptr_nonnull(jobs);
    for (int k = 0; k < 40; k++) {
        HybridPlan p;
        memset(&p, 0, sizeof p);
        p.days = 2;
        p.onprem_nodes = 1 + (double)(rng_next(&r) % 3);
        p.max_wait_minutes = (double)(rng_next(&r) % 240);
        p.seed = 1;
        size_t nw = 2 + rng_next(&r) % 4;
        for (size_t w = 0; w < nw; w++) {
            HybridRun run = w == 0 ? RUN_BURST
                                   : (HybridRun)(rng_next(&r) % 3);
            HybridWorkload *wl = add(&p, run, 5.0 * (double)(rng_next(&r) % 3));
            if (rng_next(&r) % 2) {
                wl->has_max_wait = true;
                wl->max_wait_minutes = (double)(rng_next(&r) % 400);
            }
        }
        /* Arrivals a little faster than the cluster serves them. */
        double t = 0, rate = (double)N / (p.days * 1440);
        size_t n = 0;
        for (; n < N; n++) {
            t += rng_exponential(&r, rate);
            if (t >= p.days * 1440)
                break;
            int64_t g = 1 + (int64_t)(rng_next(&r) % 8);
            int64_t dur = 1 + (int64_t)(rng_next(&r) % 90);
            jobs[n] = (HybridJob){(int64_t)t, g, dur,
                                  (double)dur / 60 + (double)(rng_next(&r) % 3),
                                  rng_next(&r) % nw};
        }
        HybridSimStats fast, ref;
        run_jobs(&p, jobs, n, p.onprem_nodes, 0, &fast);
        run_jobs(&p, jobs, n, p.onprem_nodes,
                 HYBRID_TEST_WALK | HYBRID_TEST_WHOLE | HYBRID_TEST_EVENTS,
                 &ref);
        same_stats(&fast, &ref, k);
    }
    free(jobs);
}
END_TEST

static Suite *walk_suite(void)
{
    Suite *s = suite_create("hybrid_walk");
    TCase *tc = tcase_create("walk");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, two_priorities_by_hand);
    tcase_add_test(tc, random_streams_match_the_reference);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(walk_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
