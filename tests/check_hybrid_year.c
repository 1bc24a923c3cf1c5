/* check_hybrid_year.c: a large cluster's year (DESIGN 6.1, Limits): a plan
 * of more than the old 10,000,000-job limit is accepted and simulated in
 * memory that does not grow with its jobs, with figures counted by hand;
 * a stream whose GPU-minutes pass 64 bits is refused with its count (the
 * job limit that remains, HYBRID_MAX_JOBS, is check_hybrid's
 * stream_limit); the waits' sum stays exact past 64 bits. The heavy cases are left
 * out in the quick run (valgrind, sanitizers). */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cron.h"
#include "hybrid.h"
#include "hybrid_fixture.h"
#include "hybrid_sim.h"
#include "hybrid_stream.h"
#include "scenario.h"
#include "test_scale.h"

static long maxrss_kb(void)
{
    struct rusage u;
    ck_assert_int_eq(getrusage(RUSAGE_SELF, &u), 0);
    return u.ru_maxrss; /* kilobytes on Linux */
}

/* 23 one-GPU one-minute on-prem jobs every minute of a leap year:
 * 23 x 527,040 = 12,121,920 jobs, over the old limit of 10,000,000 and
 * three times the replay cache, so read again from the stream. Three
 * 8-GPU nodes hold them all at once: no job waits, every GPU-minute is
 * busy inside the period, 12,121,920 of them (202,032 GPU-hours). The
 * scratch stays a few megabytes (the per-minute demand array and the
 * rings) where the jobs themselves, 16 bytes each, would be 194 MB, and
 * the peak never holds the replay cache (64 MB) the plan cannot fit. */
START_TEST(twelve_million_jobs_by_hand)
{
    if (test_quick())
        return; /* 36 M jobs read: minutes under valgrind */
    HybridPlan p = plan(366, 3);
    for (int i = 0; i < 23; i++)
        add(&p, "* * * * *", 0, 1, 1.0 / 60, RUN_ONPREM);
    Diag d;
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), 0);
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = 3;
    s.hardware.gpus_per_node = 8;
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    long rss0 = maxrss_kb();
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 3, &st, &sc), 0);
    long rss1 = maxrss_kb();
    ck_assert_uint_eq(st.jobs, 12121920);
    ck_assert_uint_eq(st.workload[22].jobs, 527040);
    ck_assert_uint_eq(st.cloud_jobs, 0);
    ck_assert_uint_eq(st.unserved_jobs, 0);
    ck_assert_int_eq(st.demand_gpu_minutes, 12121920);
    ck_assert_int_eq(st.onprem_gpu_minutes, 12121920);
    ck_assert_int_eq(st.carried_gpu_minutes, 0);
    ck_assert(st.busy_gpu_hours_period == 202032);
    ck_assert(st.utilization == 23.0 / 24);
    ck_assert(st.workload[0].wait_mean == 0 && st.workload[0].wait_p95 == 0);
    size_t bytes = hybrid_scratch_bytes(&sc);
    ck_assert_msg(bytes < (size_t)8 << 20, "%zu bytes of scratch", bytes);
    ck_assert_msg(rss1 - rss0 < 10 * 1024, "peak grew by %ld kB", rss1 - rss0);
    hybrid_scratch_free(&sc);
}
END_TEST

/* A source that yields `n` copies of the largest job the stream allows
 * (100,000 GPUs for 366 days, all at minute 0). */
typedef struct Giants {
    size_t n, at;
} Giants;

static int giants_rewind(void *state, Diag *d)
{
    (void)d;
    ((Giants *)state)->at = 0;
    return 0;
}

static int giants_next(void *state, HybridJob *job, Diag *d)
{
    (void)d;
    Giants *g = state;
    if (g->at >= g->n)
        return 0;
    g->at++;
    *job = (HybridJob){0, 100000, 527040, 8784, 0};
    return 1;
}

/* Each giant holds 100,000 x (527,040 + 527,040) GPU-minutes with the
 * period: 87,501,633 of them pass 2^63 - 1, so a stream of 87,600,000
 * (far below the job limit) is refused, with the count, before any run
 * sums them. A source's stream is tried in the replay cache, which it
 * passes: the cache's memory goes again. */
START_TEST(more_work_than_64_bits_is_refused)
{
    if (test_quick())
        return; /* 87.6 M jobs read */
    HybridPlan p = plan(366, 1);
    add(&p, NULL, 1, 100000, 8784, RUN_ONPREM);
    Scenario s;
    scenario_default(&s);
    Giants g = {87600000, 0};
    HybridJobSource src = {giants_rewind, giants_next, &g};
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.source = &src;
    HybridSimStats st;
    static HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), -1);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0],
                     "the job stream's 87600000 jobs hold more GPU-minutes "
                     "than a plan may count exactly (over 9.2e18, with the "
                     "period); lower their GPUs, hours or number");
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &sc), -1);
    /* The replay cache it filled up to its 4,000,000 jobs (64 MB) is
     * released; the rings of a 366-day job (25 MB) and the per-minute
     * array stay. */
    ck_assert_msg(hybrid_scratch_bytes(&sc) < (size_t)40 << 20, "%zu bytes",
                  hybrid_scratch_bytes(&sc));
    hybrid_scratch_free(&sc);
}
END_TEST

/* A plan's own workloads whose work would pass 64 bits are refused by
 * the check every edit runs (field_rules.c), with the expected count, and
 * a run refuses them before reading a job: three workloads of 80,000
 * giants a day for 366 days are about 87,840,000 jobs of 100,000 x
 * (527,040 + 527,040) GPU-minutes, 9.26e18; 200,000 a day (7.7e18) pass. */
START_TEST(own_work_past_64_bits_is_refused_at_the_edit)
{
    HybridPlan p = plan(366, 1);
    HybridWorkload *w = add(&p, NULL, 80000, 100000, 8784, RUN_ONPREM);
    add(&p, NULL, 80000, 100000, 8784, RUN_ONPREM);
    add(&p, NULL, 80000, 100000, 8784, RUN_ONPREM);
    Diag d;
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.message,
                     "the plan's about 87,840,000 jobs in 366 days hold more "
                     "GPU-minutes than a plan may count exactly (9.2e18 with "
                     "the period); shorten hybrid.days or lower the GPUs, "
                     "hours or arrivals");
    Scenario s;
    scenario_default(&s);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    static HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), -1);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0], d.message);
    ck_assert_uint_eq(hybrid_scratch_work(&sc), 0); /* no job was read */
    hybrid_scratch_free(&sc);
    w->per_day = 40000;
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), 0);
    /* The count's own limit keeps its words. */
    w->per_day = 3000000;
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), EXIT_DATAERR);
    ck_assert_msg(strstr(d.message, "more than the 1,000,000,000 a plan may "
                                    "simulate") != NULL, "%s", d.message);
}
END_TEST

/* A workload's waits are summed past 64 bits: a queue that only grows
 * holds waits up to its jobs x the longest job, and the sum of those
 * over its jobs (the mean's numerator) passes 2^63 long before the job
 * limit. */
START_TEST(wait_sum_past_64_bits)
{
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    Sim m;
    memset(&m, 0, sizeof m);
    m.sc = &sc;
    m.mem = hybrid_mem(&sc);
    ck_assert_ptr_nonnull(m.mem);
    const int64_t wait = INT64_C(1) << 62;
    for (int i = 0; i < 3; i++)
        hybrid_wait_add(&m, 0, wait);
    ck_assert_uint_eq(m.nwait[0], 3);
    ck_assert((double)m.wait_sum[0] == 3 * 0x1p62);
    ck_assert((double)m.wait_sum[0] / 3 == 0x1p62);
    hybrid_scratch_free(&sc);
}
END_TEST

static Suite *year_suite(void)
{
    Suite *s = suite_create("hybrid_year");
    TCase *tc = tcase_create("year");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, twelve_million_jobs_by_hand);
    tcase_add_test(tc, more_work_than_64_bits_is_refused);
    tcase_add_test(tc, own_work_past_64_bits_is_refused_at_the_edit);
    tcase_add_test(tc, wait_sum_past_64_bits);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(year_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
