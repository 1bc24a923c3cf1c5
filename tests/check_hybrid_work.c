/* check_hybrid_work.c: a hybrid plan delivers all of its work (DESIGN
 * 6.2): every GPU-minute a job asks for runs on-prem inside the period,
 * runs on-prem after it (a job started in it), runs in the cloud, or is
 * unserved (not started by the end) and priced as finished in the cloud;
 * the optimizer compares sizes at that price, so every size delivers the
 * same work. A hand-worked plan, then 200 random plans; and an optimum
 * under the plan's rules that costs more than all on-prem says so. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cron.h"
#include "hybrid.h"
#include "hybrid_fixture.h"
#include "hybrid_stream.h"
#include "rng.h"
#include "scenario.h"
#include "test_scale.h"

static Scenario scenario(double nodes)
{
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = nodes > 0 ? nodes : 1;
    return s;
}

static void assert_cents(double got, double want)
{
    ck_assert_msg(fabs(got - want) < 0.005, "%.6f, want %.6f", got, want);
}

/* ---- by hand ------------------------------------------------------------ */

/* One 8-GPU node, one day, three 8-GPU on-prem jobs under strict order:
 * a at 20:00 for 3 h (20:00-23:00), b at 21:00 for 2 h (waits, 23:00-
 * 01:00), c at 22:00 for 1 h (waits for b: would start at 01:00, after
 * the period). GPU-minutes: demand 8 x (180 + 120 + 60) = 2,880; on-prem
 * inside the period 8 x 180 + 8 x 60 = 1,920; after it (b's last hour)
 * 480; cloud 0; unserved (c) 480. c is priced as an on-demand cloud job:
 * 8 x (1 + 10/60) GPU-hours at on_demand_gpu_hour x m, scaled by 730/24;
 * K joins the cloud bill, since c finishes there. */
START_TEST(unserved_by_hand)
{
    HybridPlan p = plan(1, 1);
    add(&p, "0 20 * * *", 0, 8, 3, RUN_ONPREM);
    add(&p, "0 21 * * *", 0, 8, 2, RUN_ONPREM);
    add(&p, "0 22 * * *", 0, 8, 1, RUN_ONPREM);
    Scenario s = scenario(1);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &sc), 0);
    ck_assert_int_eq(st.demand_gpu_minutes, 2880);
    ck_assert_int_eq(st.onprem_gpu_minutes, 1920);
    ck_assert_int_eq(st.carried_gpu_minutes, 480);
    ck_assert_int_eq(st.cloud_gpu_minutes, 0);
    ck_assert_int_eq(st.unserved_gpu_minutes, 480);
    ck_assert_uint_eq(st.unserved_jobs, 1);
    ck_assert_uint_eq(st.workload[2].unserved_jobs, 1);
    ck_assert_uint_eq(st.cloud_jobs, 0);
    double m = 1 + s.cloud.managed_premium_pct / 100, scale = 730.0 / 24;
    double money = 8 * (1 + 10.0 / 60) * s.cloud.on_demand_gpu_hour * m * scale;
    assert_cents(st.unserved_monthly, money);
    ck_assert(st.unserved_gpu_hours == 8 * scale);
    ck_assert(st.fixed_monthly > 0);
    assert_cents(st.total_monthly,
                 st.onprem_monthly + st.cloud_monthly + money);
    /* The evaluation shows it, warns, and sizes all on-prem so that c
     * starts in the period: 2 nodes (b and c start at 21:00 and 22:00). */
    static HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), 0);
    ck_assert(r.unserved.jobs == 1);
    assert_cents(r.unserved.monthly, money);
    ck_assert(r.workloads[2].unserved_jobs == 1);
    ck_assert(r.work.demand_gpu_hours == 48 * scale);
    ck_assert(r.all_onprem.nodes == 2);
    bool warned = false;
    for (size_t i = 0; i < r.warning_count; i++)
        warned = warned || strstr(r.warnings[i], "1 job is still queued") != NULL;
    ck_assert(warned);
    /* Every size's total carries the price of its unserved jobs: size 1
     * in by_nodes is the plan's total. */
    ck_assert(r.by_nodes[1].total_monthly == r.total_monthly);
    hybrid_scratch_free(&sc);
}
END_TEST

/* ---- an optimum dearer than all on-prem (DESIGN 6.3) -------------------- */

/* One day, one 8-GPU node. "evals" (run: cloud) submits an 8-GPU 1-hour
 * job every hour at 50 a GPU-hour in the cloud: 24 x 8 x (1 + 10/60) x 50
 * = 11,200 a day, about 340,000 a month (x m, plus K), whatever the size;
 * all on-prem runs them back to back on one node (u = 1) for M_onprem(1),
 * about 33,000. So the optimum under the plan's rules costs more than all
 * on-prem: the cheapest size overall is all on-prem, and the rule (run:
 * cloud) is named, with the 24 jobs it sends away at the optimum's size.
 * At 2 a GPU-hour the cloud costs 448 a day, about 13,600 a month plus K
 * (5,262.71): cheaper than all on-prem, so nothing is said. */
START_TEST(optimum_dearer_than_all_onprem)
{
    HybridPlan p = plan(1, 1);
    HybridWorkload *w = add(&p, "0 * * * *", 0, 8, 1, RUN_CLOUD);
    w->has_cloud_price = true;
    w->cloud_gpu_hour = 50;
    Scenario s = scenario(1);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    static HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), 0);
    ck_assert(r.all_onprem.nodes == 1);
    ck_assert(r.optimum.total_monthly > r.all_onprem.monthly);
    ck_assert(r.cheapest.all_onprem);
    ck_assert(r.cheapest.onprem_nodes == 1);
    ck_assert(r.cheapest.total_monthly == r.all_onprem.monthly);
    ck_assert(r.workloads[0].optimum_cloud_jobs == 24);
    bool said = false;
    for (size_t i = 0; i < r.warning_count; i++)
        said = said || (strstr(r.warnings[i], "costs more than all on-prem") &&
                        strstr(r.warnings[i], "run: cloud workloads never run "
                                              "on-prem"));
    ck_assert(said);
    /* At 2 a GPU-hour the optimum (0 nodes) is the cheapest overall. */
    p.workloads[0].cloud_gpu_hour = 2;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &sc), 0);
    ck_assert(r.optimum.total_monthly <= r.all_onprem.monthly);
    ck_assert(!r.cheapest.all_onprem);
    ck_assert(r.cheapest.onprem_nodes == r.optimum.onprem_nodes);
    ck_assert(r.cheapest.total_monthly == r.optimum.total_monthly);
    for (size_t i = 0; i < r.warning_count; i++)
        ck_assert(!strstr(r.warnings[i], "costs more than all on-prem"));
    hybrid_scratch_free(&sc);
}
END_TEST

/* ---- 200 random plans ------------------------------------------------------ */

static double pick(Rng *r, double lo, double hi)
{
    return lo + (hi - lo) * rng_uniform(r);
}

/* The demand of plan p, counted here from its own job stream: GPU-minutes
 * (GPUs x minutes, a job's minutes being round(hours x 60), at least 1)
 * and jobs. */
static int64_t demand(const HybridPlan *p, size_t *jobs)
{
    HybridPlanSource ps;
    HybridJobSource src;
    hybrid_plan_source(&ps, p, &src);
    HybridJob j;
    Diag nd; /* (the plan's own source never fails) */
    int64_t d = 0;
    *jobs = 0;
    while (src.next(src.state, &j, &nd) == 1) {
        d += j.gpus * j.minutes;
        (*jobs)++;
    }
    return d;
}

/* A random plan, often overloaded: up to 4 workloads of every run rule,
 * priorities, backfill, long jobs near the end of short periods. */
static void random_plan(Rng *r, int k, HybridPlan *p, Scenario *s)
{
    static const char *const crons[] = {"0 * * * *", "*/20 * * * *",
                                        "15 22 * * *", "30 */3 * * 1-5",
                                        "0 9 * * *"};
    *p = plan(floor(pick(r, 1, 5)), floor(pick(r, 0, 4)));
    *s = scenario(p->onprem_nodes);
    p->backfill = rng_uniform(r) < 0.3;
    p->max_wait_minutes = floor(pick(r, 0, 300));
    p->seed = k;
    size_t nw = 1 + (size_t)pick(r, 0, 4);
    for (size_t i = 0; i < nw; i++) {
        HybridRun run = (HybridRun)(int)pick(r, 0, 3);
        double g = floor(pick(r, 1, 17)), h = floor(pick(r, 1, 80)) / 8;
        HybridWorkload *w = rng_uniform(r) < 0.4
                                ? add(p, crons[(int)pick(r, 0, 5)], 0, g, h, run)
                                : add(p, NULL, pick(r, 1, 80), g, h, run);
        w->cloud_mode = rng_uniform(r) < 0.5 ? MODE_SPOT : MODE_ON_DEMAND;
        if (rng_uniform(r) < 0.3)
            w->priority = floor(pick(r, 0, 3)) * 10;
        if (rng_uniform(r) < 0.3) {
            w->has_max_wait = true;
            w->max_wait_minutes = floor(pick(r, 0, 600));
        }
        if (rng_uniform(r) < 0.2) {
            w->has_cloud_price = true;
            w->cloud_gpu_hour = floor(pick(r, 100, 900)) / 100;
        }
    }
}

/* What finishing workload w's unserved jobs in the cloud costs a month,
 * worked here from the plan: each billed as its workload's cloud job. */
static double unserved_money(const Scenario *s, const HybridPlan *p,
                             const HybridSimStats *st)
{
    double m = 1 + s->cloud.managed_premium_pct / 100;
    double scale = s->hours_per_month / (p->days * 24);
    double sum = 0;
    for (size_t w = 0; w < p->workload_count; w++) {
        const HybridWorkload *wl = &p->workloads[w];
        HybridCloudMode mode = wl->run == RUN_ONPREM ? MODE_ON_DEMAND : wl->cloud_mode;
        double g = mode == MODE_SPOT ? s->cloud.spot_goodput_pct / 100 : 1;
        double gh = wl->gpus * (wl->hours / g + p->cloud_idle_minutes / 60);
        sum += (double)st->workload[w].unserved_jobs * gh *
               hybrid_workload_price(s, wl);
    }
    return sum * m * scale;
}

/* The conservation of one run: to the minute and to the cent. */
static void conserved(const Scenario *s, const HybridPlan *p,
                      const HybridSimStats *st, int64_t want, size_t jobs)
{
    ck_assert_int_eq(st->demand_gpu_minutes, want);
    ck_assert_uint_eq(st->jobs, jobs);
    ck_assert_int_eq(st->onprem_gpu_minutes + st->carried_gpu_minutes +
                         st->cloud_gpu_minutes + st->unserved_gpu_minutes,
                     want);
    ck_assert(st->onprem_gpu_minutes >= 0 && st->carried_gpu_minutes >= 0);
    ck_assert(st->onprem_gpu_minutes == llround(st->busy_gpu_hours_period * 60));
    ck_assert_uint_le(st->cloud_jobs + st->unserved_jobs, jobs);
    assert_cents(st->unserved_monthly, unserved_money(s, p, st));
    assert_cents(st->total_monthly,
                 st->onprem_monthly + st->cloud_monthly + st->unserved_monthly);
}

/* Every figure of the work balance, equal in two runs. */
static void same_work(const HybridSimStats *a, const HybridSimStats *b)
{
    ck_assert_int_eq(a->onprem_gpu_minutes, b->onprem_gpu_minutes);
    ck_assert_int_eq(a->carried_gpu_minutes, b->carried_gpu_minutes);
    ck_assert_int_eq(a->cloud_gpu_minutes, b->cloud_gpu_minutes);
    ck_assert_int_eq(a->unserved_gpu_minutes, b->unserved_gpu_minutes);
    ck_assert_uint_eq(a->unserved_jobs, b->unserved_jobs);
    ck_assert(a->total_monthly == b->total_monthly);
}

/* For 200 random plans: the balance holds at every size the optimizer
 * compares, in every mode of the engine (reuse of the unlimited cluster's
 * schedule, whole runs, the event engine); each size's total in by_nodes
 * is the total of a full run at that size, unserved work priced in; the
 * all-on-prem size leaves nothing unserved. A plan with every job on-prem
 * and too few nodes leaves some: the balance holds there too. */
START_TEST(work_is_conserved)
{
    Rng r;
    rng_seed(&r, 2226);
    HybridScratch fast, whole, events;
    ck_assert_int_eq(hybrid_scratch_init(&fast, 0), 0);
    ck_assert_int_eq(hybrid_scratch_init(&whole, 0), 0);
    ck_assert_int_eq(hybrid_scratch_init(&events, 0), 0);
    whole.test_mode = HYBRID_TEST_WHOLE;
    events.test_mode = HYBRID_TEST_WHOLE | HYBRID_TEST_EVENTS;
    size_t with_unserved = 0;
    static HybridResult res;
    static HybridNodesTotal sizes[512];
    const int plans = test_quick() ? 20 : 200; /* valgrind: a tenth */
    for (int k = 0; k < plans; k++) {
        HybridPlan p;
        Scenario s;
        random_plan(&r, k, &p, &s);
        size_t jobs;
        int64_t want = demand(&p, &jobs);
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &res, &fast), 0);
        ck_assert_uint_le(res.by_nodes_count, 512);
        size_t n = res.by_nodes_count;
        memcpy(sizes, res.by_nodes, n * sizeof sizes[0]);
        ck_assert(res.unserved.jobs == 0 ||
                  fabs(res.total_monthly - res.onprem.monthly - res.cloud.monthly -
                       res.unserved.monthly) < 0.005);
        for (size_t i = 0; i < n; i++) {
            HybridSimStats a, b, c;
            ck_assert_int_eq(hybrid_simulate(&s, &p, (double)i, &a, &fast), 0);
            ck_assert_int_eq(hybrid_simulate(&s, &p, (double)i, &b, &whole), 0);
            ck_assert_int_eq(hybrid_simulate(&s, &p, (double)i, &c, &events), 0);
            conserved(&s, &p, &a, want, jobs);
            same_work(&a, &b);
            same_work(&a, &c);
            ck_assert_msg(sizes[i].total_monthly == a.total_monthly,
                          "plan %d size %zu: %.6f in by_nodes, %.6f run", k, i,
                          sizes[i].total_monthly, a.total_monthly);
            with_unserved += a.unserved_jobs > 0;
        }
        /* All on-prem at its size: every job on-prem, none unserved. */
        HybridPlan all = p;
        for (size_t w = 0; w < all.workload_count; w++)
            all.workloads[w].run = RUN_ONPREM;
        HybridSimStats ao;
        ck_assert_int_eq(hybrid_simulate(&s, &all, res.all_onprem.nodes, &ao, &fast), 0);
        conserved(&s, &all, &ao, want, jobs);
        ck_assert_uint_eq(ao.unserved_jobs, 0);
    }
    /* The random plans do test the rule: many sizes leave work undone. */
    ck_assert_uint_gt(with_unserved, (size_t)plans / 2);
    hybrid_scratch_free(&fast);
    hybrid_scratch_free(&whole);
    hybrid_scratch_free(&events);
}
END_TEST

static Suite *work_suite(void)
{
    Suite *s = suite_create("hybrid_work");
    TCase *tc = tcase_create("work");
    tcase_set_timeout(tc, 300);
    tcase_add_test(tc, unserved_by_hand);
    tcase_add_test(tc, work_is_conserved);
    tcase_add_test(tc, optimum_dearer_than_all_onprem);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(work_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
