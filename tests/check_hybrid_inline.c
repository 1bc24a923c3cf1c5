/* check_hybrid_inline.c: the planner computes a plan known to be small in
 * the loop, without the hand-over to the worker (DESIGN 9), and gives the
 * same figures; a larger plan still goes to the worker (hybrid_work.h). */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "hybrid.h"
#include "hybrid_work.h"
#include "scenario.h"

static volatile sig_atomic_t no_signal;

/* The default scenario with a small plan: two nodes, a daily training
 * job and burst experiments at `per_day`, of `gpus` GPUs. */
static Scenario small(double per_day, double gpus)
{
    Scenario s;
    scenario_default(&s);
    s.has_hybrid = true;
    HybridPlan *p = &s.hybrid;
    memset(p, 0, sizeof *p);
    p->days = 7;
    p->onprem_nodes = 2;
    p->max_wait_minutes = 90;
    p->cloud_idle_minutes = 10;
    p->seed = 1;
    p->workload_count = 2;
    HybridWorkload *t = &p->workloads[0], *e = &p->workloads[1];
    strcpy(t->name, "training");
    t->has_schedule = true;
    strcpy(t->schedule_text, "0 2 * * *");
    Diag ce;
    ck_assert_int_eq(cron_parse(t->schedule_text, &t->schedule, &ce), 0);
    t->gpus = 8;
    t->hours = 4;
    t->run = RUN_ONPREM;
    strcpy(e->name, "experiments");
    e->per_day = per_day;
    e->gpus = gpus;
    e->hours = 2;
    e->run = RUN_BURST;
    e->cloud_mode = MODE_SPOT;
    return s;
}

/* The figures hybrid_evaluate() gives s, for comparison. */
static void same_as_direct(const Scenario *s, const HybridResult *got)
{
    static HybridResult want;
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    ck_assert_int_eq(hybrid_evaluate(s, &s->hybrid, &want, &sc), 0);
    ck_assert(got->total_monthly == want.total_monthly);
    ck_assert(got->optimum.onprem_nodes == want.optimum.onprem_nodes);
    ck_assert(got->optimum.total_monthly == want.optimum.total_monthly);
    ck_assert_uint_eq(got->by_nodes_count, want.by_nodes_count);
    for (size_t i = 0; i < want.by_nodes_count; i++)
        ck_assert(got->by_nodes[i].total_monthly == want.by_nodes[i].total_monthly);
    hybrid_scratch_free(&sc);
}

/* The first plan goes to the worker (nothing is known of its cost); one
 * no larger then runs inline: no job pending, the same figures. One with
 * larger jobs goes to the worker again. The time limit is set high so
 * that the test does not hang on the machine's speed: the decision by
 * the plan's load is what is tested. */
START_TEST(small_plans_inline)
{
    HybridWork w;
    hybrid_work_open(&w, &no_signal);
    ck_assert(w.ok);
    if (!w.ch) { /* no threads: everything is computed in the loop */
        hybrid_work_close(&w);
        return;
    }
    w.inline_ms = 1e9;
    static HybridResult out;
    Scenario a = small(12, 4);
    hybrid_work_submit(&w, &a, &out);
    ck_assert(hybrid_work_finish(&w, &out));
    ck_assert_uint_eq(w.inline_runs, 0);
    ck_assert(w.cost_ms > 0);
    same_as_direct(&a, &out);

    Scenario b = small(10, 4); /* fewer jobs */
    hybrid_work_submit(&w, &b, &out);
    ck_assert_uint_eq(w.inline_runs, 1);
    ck_assert(!w.pending);
    same_as_direct(&b, &out);

    Scenario c = small(10, 16); /* a larger largest job: the worker */
    hybrid_work_submit(&w, &c, &out);
    ck_assert_uint_eq(w.inline_runs, 1);
    ck_assert(hybrid_work_finish(&w, &out));
    same_as_direct(&c, &out);

    /* Under a limit no evaluation meets, nothing runs inline. */
    w.inline_ms = 0;
    Scenario d = small(9, 16);
    hybrid_work_submit(&w, &d, &out);
    ck_assert(hybrid_work_finish(&w, &out));
    ck_assert_uint_eq(w.inline_runs, 1);
    same_as_direct(&d, &out);
    hybrid_work_close(&w);
}
END_TEST

/* The limit is the keystroke's own budget (DESIGN 9: 1 ms): a plan whose
 * last evaluation took half of it (logistics-hybrid's, about 0.5 ms) runs
 * inline, without the hand-over; one that took more than the budget goes
 * to the worker. The evaluation's time is set by hand: the machine's speed
 * is not what is tested. */
START_TEST(keystroke_budget_plans_inline)
{
    HybridWork w;
    hybrid_work_open(&w, &no_signal);
    ck_assert(w.ok);
    if (!w.ch) {
        hybrid_work_close(&w);
        return;
    }
    ck_assert(w.inline_ms == HYBRID_WORK_INLINE_MS);
    static HybridResult out;
    Scenario a = small(12, 4);
    hybrid_work_submit(&w, &a, &out);
    ck_assert(hybrid_work_finish(&w, &out));
    w.cost_ms = 0.5;
    Scenario b = small(10, 4);
    hybrid_work_submit(&w, &b, &out);
    ck_assert_uint_eq(w.inline_runs, 1);
    ck_assert(!w.pending);
    same_as_direct(&b, &out);
    w.cost_ms = 1.5;
    Scenario c = small(9, 4);
    hybrid_work_submit(&w, &c, &out);
    ck_assert_uint_eq(w.inline_runs, 1);
    ck_assert(hybrid_work_finish(&w, &out));
    same_as_direct(&c, &out);
    hybrid_work_close(&w);
}
END_TEST

/* Sleeps in the middle of an evaluation, as another program holding the
 * core would make it wait. */
static void slow_plan_ready(void *arg, const HybridResult *r)
{
    (void)arg;
    (void)r;
    struct timespec t = {0, 40 * 1000 * 1000};
    nanosleep(&t, NULL);
}

/* What decides inline is the evaluation's CPU, not the wall clock: an
 * evaluation kept 40 ms off the core (here, asleep) is still a small plan
 * and the next one still runs inline. */
START_TEST(cost_is_cpu_not_wall)
{
    HybridWork w;
    hybrid_work_open(&w, &no_signal);
    ck_assert(w.ok);
    if (!w.ch) {
        hybrid_work_close(&w);
        return;
    }
    static HybridResult out;
    Scenario a = small(12, 4);
    hybrid_work_submit(&w, &a, &out);
    ck_assert(hybrid_work_finish(&w, &out));
    w.inline_ms = 30;
    w.cost_ms = 0.5;
    w.near.plan_ready = slow_plan_ready;
    Scenario b = small(10, 4);
    hybrid_work_submit(&w, &b, &out);
    ck_assert_uint_eq(w.inline_runs, 1);
    ck_assert_msg(w.cost_ms < 30, "cost %.1f ms", w.cost_ms);
    ck_assert(w.last_ms >= 40);
    Scenario c = small(9, 4);
    hybrid_work_submit(&w, &c, &out);
    ck_assert_uint_eq(w.inline_runs, 2);
    same_as_direct(&c, &out);
    w.near.plan_ready = NULL;
    hybrid_work_close(&w);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hybrid_inline");
    TCase *tc = tcase_create("inline");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, small_plans_inline);
    tcase_add_test(tc, keystroke_budget_plans_inline);
    tcase_add_test(tc, cost_is_cpu_not_wall);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
