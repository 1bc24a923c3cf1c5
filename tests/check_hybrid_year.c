/* check_hybrid_year.c: a large cluster's year (DESIGN 6, Limits): the
 * waits' sum stays exact past 64 bits. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"
#include "hybrid.h"
#include "hybrid_sim.h"
#include "hybrid_stream.h"
#include "scenario.h"
#include "test_scale.h"

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
