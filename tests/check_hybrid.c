/* check_hybrid.c: splitmix64 and the hybrid plan of SPEC 6, against
 * hand-worked cases: a half-full node, a queued second stream, burst to the
 * cloud billed to the cent, no on-prem nodes, FIFO without backfill, the
 * 2024 calendar, jobs cut by the end of the period, the comparisons, the
 * optimizer and bit-for-bit determinism of Poisson streams. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cost.h"
#include "cron.h"
#include "hybrid.h"
#include "rng.h"
#include "scenario.h"

/* ---- rng ---------------------------------------------------------------- */

START_TEST(splitmix64_seed0)
{
    Rng r;
    rng_seed(&r, 0);
    ck_assert_uint_eq(rng_next(&r), UINT64_C(0xe220a8397b1dcdaf));
    ck_assert_uint_eq(rng_next(&r), UINT64_C(0x6e789e6aa1b965f4));
    ck_assert_uint_eq(rng_next(&r), UINT64_C(0x06c45d188009454f));
    /* uniform: the top 53 bits of the same outputs times 2^-53. */
    rng_seed(&r, 0);
    double u = rng_uniform(&r);
    ck_assert(u == (double)(UINT64_C(0xe220a8397b1dcdaf) >> 11) / 9007199254740992.0);
    ck_assert(u >= 0 && u < 1);
    /* exponential: -log(1 - U) / rate of the next output. */
    double e = rng_exponential(&r, 0.25);
    double u2 = (double)(UINT64_C(0x6e789e6aa1b965f4) >> 11) / 9007199254740992.0;
    ck_assert(e == -log(1 - u2) / 0.25);
    for (int i = 0; i < 1000; i++) {
        double v = rng_uniform(&r);
        ck_assert(v >= 0 && v < 1);
    }
}
END_TEST

/* ---- fixtures -------------------------------------------------------------- */

static HybridScratch scratch;

static void setup(void)
{
    ck_assert_int_eq(hybrid_scratch_init(&scratch, 0), 0);
}

static void teardown(void)
{
    hybrid_scratch_free(&scratch);
}

static Scenario scenario(void)
{
    Scenario s;
    scenario_default(&s); /* 8 GPUs a node, hours_per_month 730 */
    return s;
}

static HybridPlan plan(double days, double nodes)
{
    HybridPlan p;
    memset(&p, 0, sizeof p);
    p.days = days;
    p.onprem_nodes = nodes;
    p.max_wait_minutes = 90;
    p.cloud_idle_minutes = 10;
    p.seed = 1;
    return p;
}

static HybridWorkload *add_cron(HybridPlan *p, const char *name,
                                const char *expr, double gpus, double hours,
                                HybridRun run, HybridCloudMode mode)
{
    HybridWorkload *w = &p->workloads[p->workload_count++];
    memset(w, 0, sizeof *w);
    strcpy(w->name, name);
    w->has_schedule = true;
    strcpy(w->schedule_text, expr);
    CronError e;
    ck_assert_msg(cron_parse(expr, &w->schedule, &e) == 0, "%s", e.message);
    w->gpus = gpus;
    w->hours = hours;
    w->run = run;
    w->cloud_mode = mode;
    return w;
}

static HybridWorkload *add_poisson(HybridPlan *p, const char *name,
                                   double per_day, double gpus, double hours,
                                   HybridRun run, HybridCloudMode mode)
{
    HybridWorkload *w = &p->workloads[p->workload_count++];
    memset(w, 0, sizeof *w);
    strcpy(w->name, name);
    w->per_day = per_day;
    w->gpus = gpus;
    w->hours = hours;
    w->run = run;
    w->cloud_mode = mode;
    return w;
}

/* M_onprem(u) of the default scenario at 1 node, worked by hand (SPEC 2.1):
 * C = 344,000 + 100,000 = 444,000, R = 66,600, capital (7%, 48 months)
 * 9,425.81; maintenance 1,850.00; energy 1 x (2.5 + u x 5.2) x 1.4 x 0.09
 * x 730; colocation 1,887.00; staff 19,166.67. */
#define ONPREM_1NODE_50 32798.58
#define ONPREM_1NODE_100 33037.73
/* K of the default (SPEC 2.6). */
#define K_DEFAULT 5262.71

static void assert_cents(double got, double want)
{
    ck_assert_msg(fabs(got - want) < 0.005, "%.6f, want %.2f", got, want);
}

/* ---- hand-worked cases ----------------------------------------------------- */

/* Hourly 30-minute 8-GPU jobs on one 8-GPU node for a day: 24 jobs, half
 * the GPU-hours, no waits, no cloud. */
START_TEST(hourly_half_full)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert_int_eq((int)r.workloads[0].jobs, 24);
    ck_assert(r.onprem.utilization_pct == 50);
    ck_assert(r.onprem.gpu_hours == 96 * 730.0 / 24); /* 2,920 a month */
    ck_assert(r.workloads[0].wait_mean_minutes == 0);
    ck_assert(r.workloads[0].wait_p95_minutes == 0);
    ck_assert(r.workloads[0].to_cloud_pct == 0);
    assert_cents(r.onprem.monthly, ONPREM_1NODE_50);
    ck_assert(r.cloud.monthly == 0 && r.cloud.fixed_monthly == 0);
    assert_cents(r.total_monthly, ONPREM_1NODE_50);
    ck_assert_uint_eq(r.warning_count, 0);
    ck_assert(r.onprem_nodes == 1);
}
END_TEST

/* A second stream at quarter past waits for the first to end: exactly 15
 * minutes each, and the node is full. */
START_TEST(quarter_past_waits_15)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "quarter", "15 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[0].jobs == 24 && r.workloads[1].jobs == 24);
    ck_assert(r.workloads[0].wait_mean_minutes == 0);
    ck_assert(r.workloads[0].wait_p95_minutes == 0);
    ck_assert(r.workloads[1].wait_mean_minutes == 15);
    ck_assert(r.workloads[1].wait_p95_minutes == 15);
    ck_assert(r.onprem.utilization_pct == 100);
    assert_cents(r.onprem.monthly, ONPREM_1NODE_100);
    ck_assert(r.cloud.monthly == 0);

    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), 0);
    ck_assert_uint_eq(st.jobs, 48);
    ck_assert(st.busy_gpu_hours_period == 192);
    ck_assert(st.total_monthly == r.total_monthly);
    ck_assert(st.workload[1].wait_mean == 15);
}
END_TEST

/* The quarter-past stream as burst with a 10-minute limit goes to the
 * cloud (spot): 24 x 8 x (0.5 / 0.9 + 10/60) x 2.96 x 730/24 = 12,484.62,
 * plus K = 5,262.71. At exactly 15 minutes it stays on-prem. */
START_TEST(burst_to_cloud_billed)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    p.max_wait_minutes = 10;
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "quarter", "15 * * * *", 8, 0.5, RUN_BURST, MODE_SPOT);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[1].to_cloud_pct == 100);
    ck_assert(isnan(r.workloads[1].wait_mean_minutes));
    ck_assert(isnan(r.workloads[1].wait_p95_minutes));
    ck_assert(r.onprem.utilization_pct == 50);
    assert_cents(r.onprem.monthly, ONPREM_1NODE_50);
    assert_cents(r.cloud.spot.monthly, 12484.62);
    ck_assert_double_eq_tol(r.cloud.spot.gpu_hours,
                            192 * (0.5 / 0.9 + 10.0 / 60) * 730 / 24, 1e-9);
    ck_assert(r.cloud.on_demand.monthly == 0 &&
              r.cloud.on_demand.gpu_hours == 0);
    assert_cents(r.cloud.fixed_monthly, K_DEFAULT);
    assert_cents(r.cloud.monthly, 17747.33);
    assert_cents(r.total_monthly, 17747.33 + ONPREM_1NODE_50);

    /* On-demand with a 15% managed premium: 24 x 8 x (0.5 + 10/60) x 6.88
     * x 1.15 x 730/24 = 30,804.05; no goodput and no billed_overhead. */
    s.cloud.managed_premium_pct = 15;
    s.cloud.billed_overhead_pct = 400;
    p.workloads[1].cloud_mode = MODE_ON_DEMAND;
    hybrid_evaluate(&s, &p, &r, &scratch);
    assert_cents(r.cloud.on_demand.monthly, 30804.05);
    ck_assert(r.cloud.spot.monthly == 0);
    assert_cents(r.cloud.monthly, 30804.05 + K_DEFAULT);

    /* A wait equal to the limit does not exceed it. */
    s = scenario();
    p.max_wait_minutes = 15;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[1].to_cloud_pct == 0);
    ck_assert(r.workloads[1].wait_p95_minutes == 15);
    ck_assert(r.cloud.monthly == 0);
}
END_TEST

/* No on-prem nodes: everything in the cloud, no on-prem cost; `onprem`
 * jobs on-demand; the plan equals the all-cloud comparison. */
START_TEST(zero_nodes_all_cloud)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 0);
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_SPOT);
    add_cron(&p, "quarter", "15 * * * *", 8, 0.5, RUN_BURST, MODE_SPOT);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.onprem.monthly == 0);
    ck_assert(r.onprem.utilization_pct == 0 && r.onprem.gpu_hours == 0);
    ck_assert(r.workloads[0].to_cloud_pct == 100);
    ck_assert(r.workloads[1].to_cloud_pct == 100);
    /* hourly on-demand: 192 x (0.5 + 1/6) x 6.88 x 730/24 = 26,786.13;
     * quarter spot 12,484.62. */
    assert_cents(r.cloud.on_demand.monthly, 26786.13);
    assert_cents(r.cloud.spot.monthly, 12484.62);
    assert_cents(r.total_monthly, 26786.13 + 12484.62 + K_DEFAULT);
    ck_assert(r.total_monthly == r.all_cloud.monthly);
    ck_assert_uint_eq(r.warning_count, 0); /* no cluster is not "too big" */
    /* All on-prem: one node holds the 8-GPU jobs, and the burst stream's
     * 15-minute wait is within 90. */
    ck_assert(r.all_onprem.nodes == 1);
    assert_cents(r.all_onprem.monthly, ONPREM_1NODE_100);
}
END_TEST

/* FIFO with gang allocation and no backfill: a 2-GPU job may not jump an
 * 8-GPU job that waits for the node, even though 4 GPUs are free. */
START_TEST(fifo_no_backfill)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "a", "0 0 * * *", 4, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "b", "1 0 * * *", 8, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "c", "2 0 * * *", 2, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "d", "3 0 * * *", 2, 1, RUN_BURST, MODE_ON_DEMAND);
    HybridSimStats st;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert(st.workload[0].wait_mean == 0);
    ck_assert(st.workload[1].wait_mean == 59);  /* starts at 1:00 */
    ck_assert(st.workload[2].wait_mean == 118); /* after b, at 2:00 */
    /* d would wait 117 > 90: cloud, and it does not disturb the queue. */
    ck_assert_uint_eq(st.workload[3].cloud_jobs, 1);
    ck_assert_uint_eq(st.cloud_jobs, 1);
    ck_assert(st.busy_gpu_hours_period == 4 + 8 + 2);
    /* Two nodes: b starts at once (4 + 8 <= 16), c too. */
    hybrid_simulate(&s, &p, 2, &st, &scratch);
    ck_assert(st.workload[1].wait_mean == 0);
    ck_assert(st.workload[2].wait_mean == 0);
    ck_assert(st.workload[3].wait_mean == 0);
    ck_assert_uint_eq(st.cloud_jobs, 0);
}
END_TEST

/* `cloud` jobs run in the cloud even on an idle cluster, which is still
 * paid for at u = 0: M_onprem(0) at 1 node = 32,559.43. */
START_TEST(cloud_jobs_stay_in_cloud)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "spot", "0 * * * *", 8, 0.5, RUN_CLOUD, MODE_SPOT);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[0].to_cloud_pct == 100);
    ck_assert(r.onprem.utilization_pct == 0);
    assert_cents(r.onprem.monthly, 32559.43);
    assert_cents(r.cloud.spot.monthly, 12484.62);
    assert_cents(r.total_monthly, 32559.43 + 12484.62 + K_DEFAULT);
    /* The cheapest plan owns no cluster; all on-prem keeps the plan's one
     * node (the jobs fit and none is burst). */
    ck_assert(r.optimum.onprem_nodes == 0);
    assert_cents(r.optimum.total_monthly, 12484.62 + K_DEFAULT);
    ck_assert(r.all_onprem.nodes == 1);
    ck_assert(r.all_onprem.utilization_pct == 50);
}
END_TEST

/* A GPU freed at minute t serves a job submitted at t, and the job it
 * displaces in the heap look-ahead is put back when a burst job leaves. */
START_TEST(burst_lookahead_restores_queue)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    p.max_wait_minutes = 30;
    add_cron(&p, "long", "0 0 * * *", 6, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "short", "0 0 * * *", 2, 0.25, RUN_ONPREM, MODE_ON_DEMAND);
    /* Needs 4: free at 0:15 only 2 (short ended) -> must wait for long at
     * 1:00, 59 minutes > 30: cloud. */
    add_cron(&p, "burst", "1 0 * * *", 4, 1, RUN_BURST, MODE_ON_DEMAND);
    /* Needs 2: the short job's GPUs are free from 0:15. */
    add_cron(&p, "after", "2 0 * * *", 2, 1, RUN_ONPREM, MODE_ON_DEMAND);
    HybridSimStats st;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert_uint_eq(st.workload[2].cloud_jobs, 1);
    ck_assert(st.workload[3].wait_mean == 13);
}
END_TEST

/* A burst job queued behind a waiting job starts no earlier than it: on a
 * 16-GPU node, b waits for a until 1:00, c (submitted 0:45) starts with b
 * at 1:00, 15 minutes, exactly the limit, so it stays; with 14 it goes. */
START_TEST(burst_limit_behind_queue)
{
    Scenario s = scenario();
    s.hardware.gpus_per_node = 16;
    HybridPlan p = plan(1, 1);
    p.max_wait_minutes = 15;
    add_cron(&p, "a", "0 0 * * *", 16, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "b", "1 0 * * *", 8, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "c", "45 0 * * *", 8, 1, RUN_BURST, MODE_ON_DEMAND);
    HybridSimStats st;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert_uint_eq(st.cloud_jobs, 0);
    ck_assert(st.workload[1].wait_mean == 59);
    ck_assert(st.workload[2].wait_mean == 15);
    p.max_wait_minutes = 14;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert_uint_eq(st.workload[2].cloud_jobs, 1);
}
END_TEST

/* The 2024 calendar: Feb 29 exists, 52 Sundays, the OR rule gives 62 days,
 * day-of-week 7 is Sunday. */
START_TEST(calendar_2024)
{
    Scenario s = scenario();
    HybridPlan p = plan(366, 1);
    add_cron(&p, "leap", "0 12 29 2 *", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "sun0", "0 0 * * 0", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "sun7", "0 1 * * 7", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "or", "0 2 1 * 1", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "q", "*/15 3 * * *", 1, 0.1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "wk", "0 4 * * 1-5", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    HybridSimStats st;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert_uint_eq(st.workload[0].jobs, 1);
    ck_assert_uint_eq(st.workload[1].jobs, 52);
    ck_assert_uint_eq(st.workload[2].jobs, 52);
    ck_assert_uint_eq(st.workload[3].jobs, 62);
    ck_assert_uint_eq(st.workload[4].jobs, 366 * 4);
    ck_assert_uint_eq(st.workload[5].jobs, 262); /* 2024 has 262 weekdays */
    /* 28 days: no Feb 29, Jan 1 is a Monday: 4 Sundays, 4 Mondays + the
     * 1st (a Monday) = 4. */
    p.days = 28;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert_uint_eq(st.workload[0].jobs, 0);
    ck_assert_uint_eq(st.workload[1].jobs, 4);
    ck_assert_uint_eq(st.workload[3].jobs, 4);
    /* 60 days reach Feb 29 (day index 59). */
    p.days = 60;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert_uint_eq(st.workload[0].jobs, 1);
    p.days = 59;
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[0].jobs == 0);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0],
                     "workload 'leap': no jobs in the simulated period");
}
END_TEST

/* A job still running at the end counts only its GPU-hours inside the
 * period: 8 GPUs from 23:00, 2 hours long, 1 hour inside. */
START_TEST(end_of_period_cut)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "late", "0 23 * * *", 8, 2, RUN_ONPREM, MODE_ON_DEMAND);
    HybridSimStats st;
    hybrid_simulate(&s, &p, 1, &st, &scratch);
    ck_assert(st.busy_gpu_hours_period == 8);
    ck_assert(st.utilization == 8.0 / 192);
}
END_TEST

/* A job larger than the on-prem cluster goes to the cloud with a warning;
 * all on-prem grows to hold it. */
START_TEST(too_big_goes_to_cloud)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "big", "0 2 * * *", 16, 8, RUN_ONPREM, MODE_SPOT);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[0].to_cloud_pct == 100);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0],
                     "workload 'big': a job needs 16 GPUs, more than the 8 "
                     "on-prem GPUs; its jobs run in the cloud");
    /* on-demand (an onprem job): 16 x (8 + 1/6) x 6.88 x 730/24. */
    assert_cents(r.cloud.on_demand.monthly, 16 * (8 + 1.0 / 6) * 6.88 * 730 / 24);
    ck_assert(r.all_onprem.nodes == 2);
    ck_assert_double_eq_tol(r.all_onprem.utilization_pct, 100.0 * 128 / 384,
                            1e-9);
    /* Compliance: cloud jobs are reported. */
    s.constraints.compliance_forbids_cloud = true;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert_uint_eq(r.warning_count, 2);
    ck_assert_str_eq(r.warnings[1], "compliance forbids the cloud, yet 1 of 1 "
                                    "jobs run there in this plan");
}
END_TEST

/* All on-prem grows until the burst jobs' p95 wait fits; the optimizer
 * lists every size from 0 to it and picks the cheapest. */
START_TEST(all_onprem_and_optimizer)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    p.max_wait_minutes = 10;
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "quarter", "15 * * * *", 8, 0.5, RUN_BURST, MODE_SPOT);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    /* One node: the burst wait is 15 > 10; two nodes: 0. */
    ck_assert(r.all_onprem.nodes == 2);
    ck_assert(r.all_onprem.utilization_pct == 50);
    Scenario two = s;
    two.hardware.nodes = 2;
    two.utilization.measured_pct = 50;
    CostResult cr;
    cost_evaluate(&two, &cr);
    ck_assert(r.all_onprem.monthly == cr.option[OPT_ONPREM].monthly);
    ck_assert_uint_eq(r.by_nodes_count, 3);
    for (size_t i = 0; i < r.by_nodes_count; i++)
        ck_assert(r.by_nodes[i].onprem_nodes == (double)i);
    ck_assert(r.by_nodes[0].total_monthly == r.all_cloud.monthly);
    ck_assert(r.by_nodes[1].total_monthly == r.total_monthly);
    /* At 2 nodes the plan runs everything on-prem. */
    ck_assert(r.by_nodes[2].total_monthly == r.all_onprem.monthly);
    size_t best = 0;
    for (size_t i = 1; i < r.by_nodes_count; i++)
        if (r.by_nodes[i].total_monthly < r.by_nodes[best].total_monthly)
            best = i;
    ck_assert(r.optimum.onprem_nodes == r.by_nodes[best].onprem_nodes);
    ck_assert(r.optimum.total_monthly == r.by_nodes[best].total_monthly);
    /* all cloud: hourly on-demand 26,786.13 + quarter spot 12,484.62 + K. */
    assert_cents(r.all_cloud.monthly, 26786.13 + 12484.62 + K_DEFAULT);

    /* Ties go to fewer nodes: with every on-prem line and every cloud
     * price at zero, all sizes cost 0 and the optimum is 0 nodes. */
    Scenario z = s;
    z.hardware.node_price = z.hardware.network_per_node = 0;
    z.hardware.storage = z.hardware.other_capex = 0;
    z.facility.node_power_max_kw = z.facility.node_power_busy_kw = 0;
    z.facility.node_power_idle_kw = 0;
    z.staffing.engineers = z.staffing.cloud_engineers = 0;
    z.cloud.on_demand_gpu_hour = z.cloud.spot_gpu_hour = 0;
    z.cloud.storage_tb = 0;
    hybrid_evaluate(&z, &p, &r, &scratch);
    ck_assert(r.by_nodes[0].total_monthly == 0);
    ck_assert(r.by_nodes[2].total_monthly == 0);
    ck_assert(r.optimum.onprem_nodes == 0);
}
END_TEST

/* More sizes than by_nodes holds: sampled, with the last size kept and a
 * warning. */
START_TEST(by_nodes_cap)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 300);
    add_cron(&p, "tiny", "0 0 * * *", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.all_onprem.nodes == 300);
    ck_assert_uint_le(r.by_nodes_count, HYBRID_BY_NODES_MAX);
    ck_assert(r.by_nodes[0].onprem_nodes == 0);
    ck_assert(r.by_nodes[r.by_nodes_count - 1].onprem_nodes == 300);
    ck_assert(r.by_nodes[1].onprem_nodes == 2);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert(strstr(r.warnings[0], "301 sizes") != NULL);
    /* One GPU-hour a day costs about 244 a month in the cloud, 5,500 with
     * K; a node costs about 32,600: 0 nodes wins. */
    ck_assert(r.optimum.onprem_nodes == 0);
}
END_TEST

/* Nearest-rank percentile: ten 2-minute full-node jobs a minute apart wait
 * 0, 1, ..., 9 minutes; the 95th percentile is rank ceil(9.5) = 10, i.e.
 * 9; with twenty, rank 19, i.e. 18. */
START_TEST(wait_percentile_nearest_rank)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "ten", "0-9 0 * * *", 8, 2.0 / 60, RUN_ONPREM,
             MODE_ON_DEMAND);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[0].jobs == 10);
    ck_assert(r.workloads[0].wait_mean_minutes == 4.5);
    ck_assert(r.workloads[0].wait_p95_minutes == 9);
    strcpy(p.workloads[0].schedule_text, "0-19 0 * * *");
    ck_assert_int_eq(cron_parse(p.workloads[0].schedule_text,
                                &p.workloads[0].schedule, NULL),
                     0);
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert(r.workloads[0].jobs == 20);
    ck_assert(r.workloads[0].wait_mean_minutes == 9.5);
    ck_assert(r.workloads[0].wait_p95_minutes == 18);
}
END_TEST

/* Poisson arrivals follow the documented stream: workload i seeds its
 * generator with the (i+1)-th output of splitmix64(seed). */
static size_t arrivals(uint64_t seed, size_t index, double per_day,
                       double minutes)
{
    Rng master, r;
    rng_seed(&master, seed);
    uint64_t sub = 0;
    for (size_t i = 0; i <= index; i++)
        sub = rng_next(&master);
    rng_seed(&r, sub);
    size_t n = 0;
    double t = 0;
    for (;;) {
        t += rng_exponential(&r, per_day / 1440);
        if (t >= minutes)
            return n;
        n++;
    }
}

START_TEST(poisson_deterministic)
{
    Scenario s = scenario();
    HybridPlan p = plan(30, 2);
    p.seed = 42;
    add_cron(&p, "daily", "0 2 * * *", 16, 8, RUN_ONPREM, MODE_ON_DEMAND);
    add_poisson(&p, "experiments", 6, 4, 3, RUN_BURST, MODE_SPOT);
    add_poisson(&p, "sweeps", 20, 8, 1.5, RUN_BURST, MODE_ON_DEMAND);
    HybridResult a, b;
    hybrid_evaluate(&s, &p, &a, &scratch);
    hybrid_evaluate(&s, &p, &b, &scratch);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    ck_assert(a.workloads[0].jobs == 30);
    ck_assert(a.workloads[1].jobs == (double)arrivals(42, 1, 6, 30 * 1440));
    ck_assert(a.workloads[2].jobs == (double)arrivals(42, 2, 20, 30 * 1440));
    /* Plausible Poisson counts (mean 180 and 600, 5 sigma). */
    ck_assert(fabs(a.workloads[1].jobs - 180) < 5 * sqrt(180));
    ck_assert(fabs(a.workloads[2].jobs - 600) < 5 * sqrt(600));
    /* Another seed gives another stream. */
    p.seed = 43;
    hybrid_evaluate(&s, &p, &b, &scratch);
    ck_assert(a.workloads[1].jobs != b.workloads[1].jobs ||
              a.total_monthly != b.total_monthly);
    /* A fresh scratch gives the same numbers as a reused one. */
    p.seed = 42;
    HybridScratch other;
    ck_assert_int_eq(hybrid_scratch_init(&other, 5000), 0);
    hybrid_evaluate(&s, &p, &b, &other);
    hybrid_scratch_free(&other);
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
    /* Burst waits never exceed the limit; the optimizer covers 0..N. */
    ck_assert(a.workloads[1].wait_p95_minutes <= p.max_wait_minutes);
    ck_assert_uint_eq(a.by_nodes_count, (size_t)a.all_onprem.nodes + 1);
    ck_assert(a.all_onprem.nodes >= 2);
}
END_TEST

/* A scratch too small for the stream cuts it with a warning. */
START_TEST(capacity_cap)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "every", "* * * * *", 1, 0.01, RUN_ONPREM, MODE_ON_DEMAND);
    HybridScratch small;
    ck_assert_int_eq(hybrid_scratch_init(&small, 100), 0);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &small), 1);
    ck_assert_uint_eq(st.jobs, 100);
    ck_assert(st.truncated);
    HybridResult r;
    hybrid_evaluate(&s, &p, &r, &small);
    hybrid_scratch_free(&small);
    ck_assert_uint_ge(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0],
                     "the job stream is capped at 100 jobs; the rest are "
                     "left out");
    /* The default scratch holds the day's 1,440 one-minute jobs. */
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), 0);
    ck_assert_uint_eq(st.jobs, 1440);
    ck_assert(st.busy_gpu_hours_period == 24);
}
END_TEST

static Suite *hybrid_suite(void)
{
    Suite *s = suite_create("hybrid");
    TCase *rng = tcase_create("rng");
    tcase_add_test(rng, splitmix64_seed0);
    suite_add_tcase(s, rng);
    TCase *tc = tcase_create("plan");
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, hourly_half_full);
    tcase_add_test(tc, quarter_past_waits_15);
    tcase_add_test(tc, burst_to_cloud_billed);
    tcase_add_test(tc, zero_nodes_all_cloud);
    tcase_add_test(tc, fifo_no_backfill);
    tcase_add_test(tc, cloud_jobs_stay_in_cloud);
    tcase_add_test(tc, burst_lookahead_restores_queue);
    tcase_add_test(tc, burst_limit_behind_queue);
    tcase_add_test(tc, calendar_2024);
    tcase_add_test(tc, end_of_period_cut);
    tcase_add_test(tc, wait_percentile_nearest_rank);
    tcase_add_test(tc, too_big_goes_to_cloud);
    tcase_add_test(tc, all_onprem_and_optimizer);
    tcase_add_test(tc, by_nodes_cap);
    tcase_add_test(tc, poisson_deterministic);
    tcase_add_test(tc, capacity_cap);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(hybrid_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
