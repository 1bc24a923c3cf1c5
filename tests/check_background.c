/* check_background.c: work beside the input loop (tui/background.c)
 * without a terminal: the newest job wins, a stale job is told to stop and
 * never delivered, progress wakes the loop, and an idle channel is
 * silent. */
#include "config.h"

#include <check.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

#include "background.h"

/* A job that reports `pct` percent, then holds until the test opens its
 * gate or it is told to stop. */
typedef struct TestJob {
    int id;
    int pct;
    atomic_int *gate;
    atomic_int started, stopped, finished;
    bool signals_blocked;
    int publish;   /* > 0: publish this value once started */
    int published; /* the published part (channel's lock) */
} TestJob;

static void fill_value(void *job, void *arg)
{
    ((TestJob *)job)->published = *(const int *)arg;
}

static void take_value(void *job, void *arg)
{
    *(int *)arg = ((TestJob *)job)->published;
}

static atomic_int freed_ids[16];
static atomic_int freed_count;

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void test_run(void *job, void *state, BgCtl *ctl)
{
    TestJob *j = job;
    atomic_int *runs = state;
    atomic_fetch_add(runs, 1);
    sigset_t cur;
    pthread_sigmask(SIG_SETMASK, NULL, &cur);
    j->signals_blocked = sigismember(&cur, SIGTERM) && sigismember(&cur, SIGHUP);
    atomic_store(&j->started, 1);
    bg_progress(ctl, (size_t)j->pct, 100);
    if (j->publish > 0)
        bg_publish(ctl, fill_value, &j->publish);
    while (!atomic_load(j->gate)) {
        if (*bg_stop_flag(ctl)) {
            atomic_store(&j->stopped, 1);
            return;
        }
        sleep_ms(1);
    }
    atomic_store(&j->finished, 1);
}

static void test_free(void *job)
{
    TestJob *j = job;
    int k = atomic_fetch_add(&freed_count, 1);
    if (k < 16)
        atomic_store(&freed_ids[k], j->id);
    /* The job's flags stay readable: the tests own the memory. */
}

static const BgJobType test_type = {test_run, test_free};

static void wait_started(TestJob *j)
{
    for (int i = 0; i < 5000 && !atomic_load(&j->started); i++)
        sleep_ms(1);
    ck_assert_int_eq(atomic_load(&j->started), 1);
}

static bool wake_readable(int ms)
{
    struct pollfd p = {bg_wake_fd(), POLLIN, 0};
    return poll(&p, 1, ms) == 1;
}

static void reset(void)
{
    atomic_store(&freed_count, 0);
}

START_TEST(newest_job_wins)
{
    reset();
    atomic_int runs = 0, gate_a = 0, gate_b = 0;
    BgChannel *ch = bg_open(&test_type, &runs);
    ck_assert_ptr_nonnull(ch);
    static TestJob a, b;
    a = (TestJob){.id = 1, .pct = 10, .gate = &gate_a};
    b = (TestJob){.id = 2, .pct = 20, .gate = &gate_b};
    ck_assert_uint_eq(bg_submit(ch, &a), 1);
    wait_started(&a);
    ck_assert_uint_eq(bg_submit(ch, &b), 2);
    /* A is stale: it stops without its gate opening, and is freed by the
     * worker; B runs. */
    wait_started(&b);
    ck_assert_int_eq(atomic_load(&a.stopped), 1);
    ck_assert_int_eq(atomic_load(&a.finished), 0);
    ck_assert_int_eq(atomic_load(&freed_count), 1);
    ck_assert_int_eq(atomic_load(&freed_ids[0]), 1);
    int pct = -1;
    void *got = NULL;
    ck_assert_int_eq(bg_poll(ch, &got, NULL, &pct), BG_RUNNING);
    ck_assert_int_eq(pct, 20);
    atomic_store(&gate_b, 1);
    ck_assert(bg_wait(ch, -1, NULL));
    uint64_t gen = 0;
    ck_assert_int_eq(bg_poll(ch, &got, &gen, NULL), BG_DONE);
    ck_assert_ptr_eq(got, &b);
    ck_assert_uint_eq(gen, 2);
    ck_assert_int_eq(atomic_load(&b.finished), 1);
    ck_assert_int_eq(bg_poll(ch, &got, NULL, NULL), BG_IDLE);
    bg_job_free(ch, got);
    ck_assert_int_eq(atomic_load(&freed_count), 2);
    ck_assert_int_eq(runs, 2);
    bg_close(ch);
}
END_TEST

START_TEST(queued_job_replaced_before_it_runs)
{
    reset();
    atomic_int runs = 0, gate_a = 0, open_gate = 1;
    BgChannel *ch = bg_open(&test_type, &runs);
    static TestJob a, b, c;
    a = (TestJob){.id = 1, .gate = &gate_a};
    b = (TestJob){.id = 2, .gate = &open_gate};
    c = (TestJob){.id = 3, .gate = &open_gate};
    bg_submit(ch, &a);
    wait_started(&a);
    /* While A runs, B is queued and then replaced by C: B never runs. */
    bg_submit(ch, &b);
    bg_submit(ch, &c);
    ck_assert(bg_wait(ch, -1, NULL));
    void *got = NULL;
    uint64_t gen = 0;
    ck_assert_int_eq(bg_poll(ch, &got, &gen, NULL), BG_DONE);
    ck_assert_ptr_eq(got, &c);
    ck_assert_uint_eq(gen, 3);
    ck_assert_int_eq(atomic_load(&b.started), 0);
    ck_assert_int_eq(runs, 2);
    bg_job_free(ch, got);
    bg_close(ch);
    ck_assert_int_eq(atomic_load(&freed_count), 3);
}
END_TEST

START_TEST(progress_wakes_the_loop_and_idle_is_silent)
{
    reset();
    atomic_int runs = 0, gate = 0;
    BgChannel *ch = bg_open(&test_type, &runs);
    bg_wake_drain();
    ck_assert(!wake_readable(0));
    static TestJob a;
    a = (TestJob){.id = 1, .pct = 40, .gate = &gate};
    bg_submit(ch, &a);
    ck_assert(wake_readable(5000)); /* 40% reported */
    bg_wake_drain();
    int pct = -1;
    void *got = NULL;
    ck_assert_int_eq(bg_poll(ch, &got, NULL, &pct), BG_RUNNING);
    ck_assert_int_eq(pct, 40);
    atomic_store(&gate, 1);
    ck_assert(wake_readable(5000)); /* done */
    bg_wake_drain();
    ck_assert_int_eq(bg_poll(ch, &got, NULL, NULL), BG_DONE);
    bg_job_free(ch, got);
    /* Nothing runs: nothing wakes the loop. */
    ck_assert(!wake_readable(50));
    bg_close(ch);
}
END_TEST

START_TEST(wait_times_out_and_stops_on_a_signal_flag)
{
    reset();
    atomic_int runs = 0, gate = 0;
    BgChannel *ch = bg_open(&test_type, &runs);
    static TestJob a;
    a = (TestJob){.id = 1, .gate = &gate};
    bg_submit(ch, &a);
    wait_started(&a);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ck_assert(!bg_wait(ch, 30, NULL));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double ms = (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
                (double)(t1.tv_nsec - t0.tv_nsec) / 1e6;
    ck_assert(ms >= 29);
    volatile sig_atomic_t flag = 1;
    ck_assert(!bg_wait(ch, -1, &flag));
    ck_assert(a.signals_blocked);
    /* Closing while the job runs stops it and frees it. */
    bg_close(ch);
    ck_assert_int_eq(atomic_load(&a.stopped), 1);
    ck_assert_int_eq(atomic_load(&freed_count), 1);
}
END_TEST

START_TEST(cancel_leaves_the_channel_idle)
{
    reset();
    atomic_int runs = 0, gate = 0;
    BgChannel *ch = bg_open(&test_type, &runs);
    static TestJob a;
    a = (TestJob){.id = 1, .gate = &gate};
    bg_submit(ch, &a);
    wait_started(&a);
    bg_cancel(ch);
    void *got = NULL;
    ck_assert_int_eq(bg_poll(ch, &got, NULL, NULL), BG_IDLE);
    ck_assert(bg_wait(ch, -1, NULL));
    for (int i = 0; i < 5000 && atomic_load(&freed_count) == 0; i++)
        sleep_ms(1);
    ck_assert_int_eq(atomic_load(&a.stopped), 1);
    ck_assert_int_eq(atomic_load(&freed_count), 1);
    ck_assert_int_eq(bg_poll(ch, &got, NULL, NULL), BG_IDLE);
    bg_close(ch);
}
END_TEST

START_TEST(published_part_reaches_the_loop_once)
{
    reset();
    atomic_int runs = 0, gate = 0;
    BgChannel *ch = bg_open(&test_type, &runs);
    bg_wake_drain();
    static TestJob a;
    a = (TestJob){.id = 1, .pct = 0, .gate = &gate, .publish = 42};
    int got = 0;
    ck_assert(!bg_take_published(ch, take_value, &got)); /* not yet */
    bg_submit(ch, &a);
    ck_assert(wake_readable(5000));
    for (int i = 0; i < 5000 && !bg_take_published(ch, take_value, &got); i++)
        sleep_ms(1);
    ck_assert_int_eq(got, 42);
    got = 0;
    ck_assert(!bg_take_published(ch, take_value, &got)); /* taken already */
    ck_assert_int_eq(got, 0);
    /* A newer job makes the old one's part stale: nothing to take. */
    static TestJob b;
    b = (TestJob){.id = 2, .gate = &gate};
    bg_submit(ch, &b);
    ck_assert(!bg_take_published(ch, take_value, &got));
    atomic_store(&gate, 1);
    ck_assert(bg_wait(ch, -1, NULL));
    void *job = NULL;
    ck_assert_int_eq(bg_poll(ch, &job, NULL, NULL), BG_DONE);
    ck_assert_ptr_eq(job, &b);
    bg_job_free(ch, job);
    bg_close(ch);
}
END_TEST

static Suite *background_suite(void)
{
    Suite *s = suite_create("background");
    TCase *t = tcase_create("jobs");
    tcase_set_timeout(t, 30);
    tcase_add_test(t, newest_job_wins);
    tcase_add_test(t, queued_job_replaced_before_it_runs);
    tcase_add_test(t, progress_wakes_the_loop_and_idle_is_silent);
    tcase_add_test(t, wait_times_out_and_stops_on_a_signal_flag);
    tcase_add_test(t, cancel_leaves_the_channel_idle);
    tcase_add_test(t, published_part_reaches_the_loop_once);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(background_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
