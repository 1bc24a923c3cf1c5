/* check_hybrid.c: splitmix64 and the hybrid plan of DESIGN 6, against
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
#include "hybrid_fixture.h"
#include "hybrid_sim.h"
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

static HybridWorkload *add_cron(HybridPlan *p, const char *name,
                                const char *expr, double gpus, double hours,
                                HybridRun run, HybridCloudMode mode)
{
    HybridWorkload *w = &p->workloads[p->workload_count++];
    memset(w, 0, sizeof *w);
    strcpy(w->name, name);
    w->has_schedule = true;
    strcpy(w->schedule_text, expr);
    Diag e;
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

/* M_onprem(u) of the default scenario at 1 node, worked by hand (DESIGN 2.1):
 * C = 344,000 + 100,000 = 444,000, R = 66,600, capital (7%, 48 months)
 * 9,425.81; maintenance 1,850.00; energy 1 x (2.5 + u x 5.2) x 1.4 x 0.09
 * x 730; colocation 1,887.00; staff 19,166.67. */
#define ONPREM_1NODE_50 32798.58
#define ONPREM_1NODE_100 33037.73
/* K of the default (DESIGN 2.6). */
#define K_DEFAULT 5262.71

static void assert_cents(double got, double want)
{
    ck_assert_msg(fabs(got - want) < 0.005, "%.6f, want %.2f", got, want);
}

/* ---- scheduling as clusters do it (DESIGN 6) ------------------------------ */

/* EASY backfill on one 8-GPU node. a (4 GPUs, 0:00-2:00) and b (2 GPUs,
 * 0:00-1:00) run; h (6 GPUs, 0:01) cannot start: its reservation is 2:00,
 * when a ends, and it leaves 2 GPUs over then. x (2 GPUs, 3 h, 0:02) ends
 * after 2:00 but fits in those 2: it starts at once. y (2 GPUs, 30 min,
 * 0:03) finds nothing free until b ends at 1:00, then ends by 2:00: it
 * starts at 1:00. h still starts at 2:00. Strict order instead: h at 2:00,
 * x with it at 2:00, y when h and x free GPUs at 3:00. */
START_TEST(backfill_starts_in_gap)
{
    Scenario s = scenario();
    s.hardware.nodes = 1;
    HybridPlan p = plan(1, 1);
    add_cron(&p, "a", "0 0 * * *", 4, 2, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "b", "0 0 * * *", 2, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "h", "1 0 * * *", 6, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "x", "2 0 * * *", 2, 3, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "y", "3 0 * * *", 2, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), 0);
    ck_assert(st.workload[2].wait_mean == 119);
    ck_assert(st.workload[3].wait_mean == 118);
    ck_assert(st.workload[4].wait_mean == 177);
    ck_assert_uint_eq(st.backfilled_jobs, 0);
    p.backfill = true;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), 0);
    ck_assert(st.workload[2].wait_mean == 119); /* the head is not delayed */
    ck_assert(st.workload[3].wait_mean == 0);   /* in the GPUs left over */
    ck_assert(st.workload[4].wait_mean == 57);  /* in the gap before 2:00 */
    ck_assert_uint_eq(st.workload[3].backfilled, 1);
    ck_assert_uint_eq(st.workload[4].backfilled, 1);
    ck_assert_uint_eq(st.backfilled_jobs, 2);
    /* The same GPU-hours either way (8 + 2 + 6 + 6 + 1 = 23 in the day),
     * so the same bill: M_onprem at u = 23 / 192, to the cent. */
    ck_assert(st.busy_gpu_hours_period == 23);
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.backfilled_jobs == 2);
    Scenario one = s;
    one.utilization.measured_pct = 100.0 * 23 / 192;
    CostResult cr;
    cost_evaluate(&one, &cr);
    assert_cents(r.onprem.monthly, cr.option[OPT_ONPREM].monthly);
    assert_cents(r.onprem.monthly, ONPREM_1NODE_50 + (23.0 / 192 - 0.5) * 478.296);
}
END_TEST

/* A burst job's prediction follows the run's backfill rule (DESIGN 6.4).
 * One 8-GPU node, EASY backfill, burst limit 90. a (6 GPUs) runs 0:00-
 * 3:00; h (4 GPUs, 1 h, 0:01) cannot start: 2 GPUs free, its reservation
 * is 3:00 (a ends: 8 free, 4 left over then). x (burst, 2 GPUs, 1 h, 0:02)
 * fits in the 2 free GPUs and ends at 1:02, before 3:00: EASY starts it
 * at once, so it is predicted to wait 0 and runs on-prem, backfilled.
 * Predicting in strict order instead (the old rule) placed x after h, at
 * 3:00: a wait of 178 > 90, so x went to the cloud though the scheduler
 * would have started it at 0:02. Under strict order the run itself
 * starts x at 3:00, so there it still goes to the cloud. */
START_TEST(burst_prediction_backfills)
{
    Scenario s = scenario();
    s.hardware.nodes = 1;
    HybridPlan p = plan(1, 1);
    p.backfill = true;
    add_cron(&p, "a", "0 0 * * *", 6, 3, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "h", "1 0 * * *", 4, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "x", "2 0 * * *", 2, 1, RUN_BURST, MODE_ON_DEMAND);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), 0);
    ck_assert_uint_eq(st.workload[2].cloud_jobs, 0);
    ck_assert(st.workload[2].wait_mean == 0);
    ck_assert_uint_eq(st.workload[2].backfilled, 1);
    ck_assert_uint_eq(st.workload[2].late_jobs, 0);
    ck_assert(st.workload[1].wait_mean == 179); /* h still at 3:00 */
    ck_assert_uint_eq(st.cloud_jobs, 0);
    p.backfill = false;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), 0);
    ck_assert_uint_eq(st.workload[2].cloud_jobs, 1);
}
END_TEST

/* Priority: on one 8-GPU node a runs 0:00-1:00; b (burst, limit 90)
 * arrives at 0:01 and is predicted to start at 1:00; c (priority 10)
 * arrives at 0:02 and goes first at 1:00, so b starts at 2:00: 60 minutes
 * after its prediction, a late job. d (burst, 0:03) is predicted behind c
 * and b, at 3:00, 177 minutes: the cloud, on-demand, 8 x (1 + 10/60) x
 * 6.88 x 730/24 = 1,953.16 a month, plus K. With c at priority 0 the queue
 * is FIFO: b at 1:00 as predicted, c at 2:00, d still to the cloud. */
START_TEST(priority_jumps_queue)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    add_cron(&p, "a", "0 0 * * *", 8, 1, RUN_ONPREM, MODE_ON_DEMAND);
    add_cron(&p, "b", "1 0 * * *", 8, 1, RUN_BURST, MODE_ON_DEMAND);
    HybridWorkload *c = add_cron(&p, "c", "2 0 * * *", 8, 1, RUN_ONPREM,
                                 MODE_ON_DEMAND);
    c->priority = 10;
    add_cron(&p, "d", "3 0 * * *", 8, 1, RUN_BURST, MODE_ON_DEMAND);
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.workloads[2].wait_mean_minutes == 58);
    ck_assert(r.workloads[1].wait_mean_minutes == 119);
    ck_assert(r.workloads[1].late_jobs == 1);
    ck_assert(r.late_jobs == 1);
    ck_assert(r.workloads[3].to_cloud_pct == 100);
    assert_cents(r.cloud.on_demand.monthly, 1953.16);
    assert_cents(r.cloud.monthly - r.cloud.fixed_monthly, 1953.16);
    assert_cents(r.cloud.fixed_monthly, K_DEFAULT);
    c->priority = 0;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.workloads[1].wait_mean_minutes == 59);
    ck_assert(r.workloads[2].wait_mean_minutes == 118);
    ck_assert(r.late_jobs == 0);
    ck_assert(r.workloads[3].to_cloud_pct == 100);
    assert_cents(r.cloud.on_demand.monthly, 1953.16);
}
END_TEST

/* A per-workload max_wait_minutes is the burst rule of its workload and a
 * wait target for the all-on-prem size. The quarter-past stream waits 15
 * minutes on one node: with the plan's limit of 10 it bursts (spot,
 * 12,484.62 a month); its own limit of 20 keeps it on-prem. An `onprem`
 * workload with a target of 10 makes all on-prem 2 nodes instead of 1. */
START_TEST(per_workload_wait_target)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    p.max_wait_minutes = 10;
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    HybridWorkload *q = add_cron(&p, "quarter", "15 * * * *", 8, 0.5,
                                 RUN_BURST, MODE_SPOT);
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.workloads[1].to_cloud_pct == 100);
    assert_cents(r.cloud.spot.monthly, 12484.62);
    ck_assert(r.all_onprem.nodes == 2);
    q->has_max_wait = true;
    q->max_wait_minutes = 20;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.workloads[1].to_cloud_pct == 0);
    ck_assert(r.workloads[1].wait_p95_minutes == 15);
    ck_assert(r.cloud.monthly == 0);
    ck_assert(r.all_onprem.nodes == 1); /* 15 <= 20 */
    assert_cents(r.all_onprem.monthly, ONPREM_1NODE_100);

    /* Both `onprem`: no burst workload, no target, 1 node; a target of 10
     * on the quarter-past stream needs 2. */
    q->run = RUN_ONPREM;
    q->has_max_wait = false;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.all_onprem.nodes == 1);
    q->has_max_wait = true;
    q->max_wait_minutes = 10;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.all_onprem.nodes == 2);
    ck_assert(r.all_onprem.utilization_pct == 50);
}
END_TEST

/* A workload's cloud_gpu_hour replaces its mode's price: the quarter-past
 * stream on spot at 2.04 instead of 2.96: 24 x 8 x (0.5 / 0.9 + 10/60) x
 * 2.04 x 730/24 = 8,604.27 a month. */
START_TEST(per_workload_cloud_price)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 1);
    p.max_wait_minutes = 10;
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    HybridWorkload *q = add_cron(&p, "quarter", "15 * * * *", 8, 0.5,
                                 RUN_BURST, MODE_SPOT);
    q->has_cloud_price = true;
    q->cloud_gpu_hour = 2.04;
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    assert_cents(r.cloud.spot.monthly, 8604.27);
    /* All cloud: hourly on-demand 26,786.13 and quarter at its own price. */
    assert_cents(r.all_cloud.monthly - r.cloud.fixed_monthly, 26786.13 + 8604.27);
}
END_TEST

/* ---- hand-worked cases ----------------------------------------------------- */

/* Hourly 30-minute 8-GPU jobs on one 8-GPU node for a day: 24 jobs, half
 * the GPU-hours, no waits, no cloud. */
START_TEST(hourly_half_full)
{
    Scenario s = scenario();
    s.hardware.nodes = 1; /* simulated 50% = measured_pct: no warning */
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
    /* The main view's measured_pct 10 points off is still fine; 11 is not. */
    s.utilization.measured_pct = 40;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert_uint_eq(r.warning_count, 0);
    s.utilization.measured_pct = 39;
    hybrid_evaluate(&s, &p, &r, &scratch);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0],
                     "at hardware.nodes (1) the simulated on-prem utilization "
                     "is 50%, 11 points above utilization.measured_pct (39%) "
                     "that the main view uses");
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
    s.utilization.measured_pct = 25; /* as simulated at the 4-node fleet */
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
    s.utilization.measured_pct = 0; /* about what the tiny jobs use */
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
    s.hardware.nodes = 1; /* the fleet runs nothing on-prem either */
    s.utilization.measured_pct = 0;
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

/* Every size is listed, however many: 301 sizes, no sampling, no
 * warning. */
START_TEST(by_nodes_every_size)
{
    Scenario s = scenario();
    s.hardware.nodes = 300;
    HybridPlan p = plan(1, 300);
    add_cron(&p, "tiny", "0 0 * * *", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.all_onprem.nodes == 300);
    ck_assert_uint_eq(r.by_nodes_count, 301);
    for (size_t i = 0; i < r.by_nodes_count; i++)
        ck_assert(r.by_nodes[i].onprem_nodes == (double)i);
    /* One GPU-hour a day costs about 244 a month in the cloud, 5,500 with
     * K; a node costs about 32,600: 0 nodes wins. The only warning is the
     * utilization at hardware.nodes against measured_pct. */
    ck_assert(r.optimum.onprem_nodes == 0);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert(strstr(r.warnings[0], "utilization") != NULL);
}
END_TEST

/* Totals equal in exact arithmetic are a tie, however the sums round.
 * Only energy costs on-prem (0.3 kW a node busy, none idle, every other
 * on-prem line 0), so a size's total is busy GPU-hours x 0.3 / 8 x PUE x
 * the power price, the same at 1, 2 and 3 nodes: one 1-GPU 5-minute job an
 * hour, which 1 node holds. In floating point the 3-node total comes out
 * one ulp below the 1-node one (u is divided by 3 and multiplied back).
 * The optimum is 1 node (a tie keeps fewer), not 3; and 1 node does not
 * cost more than all on-prem on 3 nodes, so no warning says it does. */
START_TEST(one_ulp_is_a_tie)
{
    Scenario s = scenario();
    s.hardware.nodes = 3;
    s.hardware.node_price = s.hardware.network_per_node = 0;
    s.hardware.storage = s.hardware.other_capex = 0;
    s.facility.node_power_max_kw = 10;
    s.facility.node_power_busy_kw = 0.3;
    s.facility.node_power_idle_kw = 0;
    s.facility.colo_per_kw_month = 0;
    s.facility.network_monthly = s.facility.other_monthly = 0;
    s.staffing.engineers = s.staffing.cloud_engineers = 0;
    s.cloud.storage_tb = 0;
    HybridPlan p = plan(1, 3);
    add_cron(&p, "small", "0 * * * *", 1, 1.0 / 12, RUN_ONPREM,
             MODE_ON_DEMAND);
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert_uint_eq(r.by_nodes_count, 4);
    ck_assert(r.all_onprem.nodes == 3);
    double one = r.by_nodes[1].total_monthly, three = r.by_nodes[3].total_monthly;
    ck_assert_msg(three == nextafter(one, 0), "%a and %a", one, three);
    ck_assert(r.all_onprem.monthly == three);
    ck_assert(r.optimum.onprem_nodes == 1);
    ck_assert(r.optimum.total_monthly == one);
    ck_assert(!r.cheapest.all_onprem);
    for (size_t i = 0; i < r.warning_count; i++)
        ck_assert_msg(strstr(r.warnings[i], "costs more") == NULL, "%s",
                      r.warnings[i]);
}
END_TEST

/* The progress a planner shows (`computing… 40%`): the steps are the
 * plan, each size the all-on-prem search tries and each size of the
 * optimizer; done rises by one a call, total never rises, the fraction
 * never falls, and the last call says all is done. */
typedef struct Seen {
    size_t calls, last_done, total, first_total;
    double fraction;
    bool rising, total_falls, fraction_rises;
    size_t ready_calls, calls_before_ready;
    double ready_total, ready_all_cloud;
    size_t ready_warnings, ready_sizes;
} Seen;

/* The plan's own figures, handed over before the long part. */
static void seen_ready(void *arg, const HybridResult *r)
{
    Seen *v = arg;
    v->ready_calls++;
    v->calls_before_ready = v->calls;
    v->ready_total = r->total_monthly;
    v->ready_all_cloud = r->all_cloud.monthly;
    v->ready_warnings = r->warning_count;
    v->ready_sizes = r->by_nodes_count;
}

static void seen_progress(void *arg, size_t done, size_t total)
{
    Seen *v = arg;
    if (v->calls == 0) {
        v->rising = v->total_falls = v->fraction_rises = true;
        v->total = v->first_total = total;
        v->last_done = done - 1;
    }
    double f = (double)done / (double)total;
    v->rising = v->rising && done == v->last_done + 1 && done <= total;
    v->total_falls = v->total_falls && total <= v->total;
    v->fraction_rises = v->fraction_rises && f >= v->fraction;
    v->fraction = f;
    v->total = total;
    v->last_done = done;
    v->calls++;
}

START_TEST(progress_counts_sizes)
{
    Scenario s = scenario();
    s.hardware.nodes = 300;
    HybridPlan p = plan(1, 300);
    add_cron(&p, "tiny", "0 0 * * *", 1, 1, RUN_ONPREM, MODE_ON_DEMAND);
    Seen v = {0};
    scratch.progress = seen_progress;
    scratch.progress_arg = &v;
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    scratch.progress = NULL;
    ck_assert_uint_eq(r.by_nodes_count, 301);
    /* No wait target: the search tries one size (300). */
    ck_assert_uint_eq(v.total, 1 + 1 + 301);
    ck_assert_uint_eq(v.calls, 1 + 301);
    ck_assert(v.rising && v.total_falls && v.fraction_rises);
    ck_assert_uint_eq(v.last_done, v.total);

    /* A burst workload with a wait target that one node cannot keep: the
     * search tries sizes from 1 up, bounded by the peak, and the bound
     * falls to the exact count when it ends. Under strict order with one
     * priority it steps 1, 2, 4... up and then halves (DESIGN 6.5): a
     * number of sizes that grows with the logarithm of the answer, not
     * with the answer. */
    s.hardware.nodes = 1;
    p = plan(1, 1);
    add_cron(&p, "jobs", "* * * * *", 8, 2, RUN_BURST, MODE_ON_DEMAND);
    v = (Seen){0};
    scratch.progress = seen_progress;
    scratch.plan_ready = seen_ready;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    scratch.progress = NULL;
    scratch.plan_ready = NULL;
    /* plan_ready came once, before any progress, with the plan's final
     * figures and none of the optimizer's yet. */
    ck_assert_uint_eq(v.ready_calls, 1);
    ck_assert_uint_eq(v.calls_before_ready, 0);
    ck_assert(v.ready_total == r.total_monthly);
    ck_assert(v.ready_all_cloud == r.all_cloud.monthly);
    ck_assert_uint_eq(v.ready_warnings, r.warning_count);
    ck_assert_uint_eq(v.ready_sizes, 0);
    ck_assert(r.all_onprem.nodes > 64);
    ck_assert_uint_gt(v.calls, r.by_nodes_count);
    size_t tried = v.calls - r.by_nodes_count;
    ck_assert_msg(tried <= 2 * 7 + 1, "%zu sizes tried for %.0f nodes", tried,
                  r.all_onprem.nodes);
    ck_assert_uint_eq(v.total, 1 + tried + r.by_nodes_count);
    ck_assert_uint_eq(v.calls, tried + r.by_nodes_count);
    ck_assert(v.first_total >= v.total);
    ck_assert(v.rising && v.total_falls && v.fraction_rises);
    ck_assert_uint_eq(v.last_done, v.total);
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

/* Two results are the same bit for bit, by_nodes arrays included. */
static void same_result(const HybridResult *x, const HybridResult *y)
{
    HybridResult a = *x, b = *y;
    ck_assert_uint_eq(a.by_nodes_count, b.by_nodes_count);
    ck_assert(memcmp(a.by_nodes, b.by_nodes,
                     a.by_nodes_count * sizeof a.by_nodes[0]) == 0);
    a.by_nodes = b.by_nodes = NULL;
    ck_assert(memcmp(&a, &b, sizeof a) == 0);
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
    static HybridNodesTotal sizes[64];
    ck_assert_uint_le(a.by_nodes_count, 64);
    memcpy(sizes, a.by_nodes, a.by_nodes_count * sizeof sizes[0]);
    a.by_nodes = sizes;
    hybrid_evaluate(&s, &p, &b, &scratch);
    same_result(&a, &b);
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
    same_result(&a, &b);
    hybrid_scratch_free(&other);
    /* Burst waits never exceed the limit; the optimizer covers 0..N. */
    ck_assert(a.workloads[1].wait_p95_minutes <= p.max_wait_minutes);
    ck_assert_uint_eq(a.by_nodes_count, (size_t)a.all_onprem.nodes + 1);
    ck_assert(a.all_onprem.nodes >= 2);
}
END_TEST

/* Commitment from the load: hourly 8-GPU on-demand cloud jobs of 30
 * minutes hold 8 GPUs for 40 billed minutes an hour (10 idle), 2/3 of the
 * time. The fractile 3.93 / 6.88 = 0.571 < 2/3, so committing 8 GPUs pays:
 * a day costs 8 x 24 x 3.93 = 754.56 committed instead of 8 x 16 x 6.88 =
 * 880.64 on-demand, a saving of 126.08 a day, 3,834.93 a month; the
 * on-demand bill 26,786.13 becomes 22,951.20. At 2.96 of 6.88 for 20 of
 * 60 minutes (30-minute jobs on spot cost nothing here) it does not pay:
 * a 10-minute job holds 20 minutes, 1/3 < 0.43: 0 GPUs. */
START_TEST(commit_from_load)
{
    Scenario s = scenario();
    HybridPlan p = plan(1, 0);
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_CLOUD, MODE_ON_DEMAND);
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    assert_cents(r.cloud.on_demand.monthly, 26786.13);
    ck_assert(r.commit.gpus == 8);
    assert_cents(r.commit.saving_monthly, 3834.93);
    assert_cents(r.commit.monthly, 22951.20);
    s.cloud.reserved_gpu_hour = 2.96;
    p.workloads[0].hours = 10.0 / 60;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.commit.gpus == 0);
    ck_assert(r.commit.saving_monthly == 0);
    ck_assert(r.commit.monthly == r.cloud.on_demand.monthly);
    /* Jobs with their own price are another GPU: not in the demand. */
    p.workloads[0].hours = 0.5;
    p.workloads[0].has_cloud_price = true;
    p.workloads[0].cloud_gpu_hour = 6.88;
    s.cloud.reserved_gpu_hour = 3.93;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), 0);
    ck_assert(r.commit.gpus == 0);
}
END_TEST

/* ---- no caps, and the shortcuts change nothing --------------------------- */

/* A year of 6,000 arrivals a day (over two million jobs, ten times the old
 * cap) is simulated whole: its monthly figures match those of 31 days.
 * Noise: the cloud bill is (jobs x one job's bill) x 730 / (days x 24),
 * and the job count is Poisson, so its relative standard deviation is
 * 1 / sqrt(jobs): 0.23% for 31 days (about 186,000 jobs), 0.07% for 366
 * days; their difference has sigma = sqrt(1/n31 + 1/n366), 0.24%, and the
 * test allows 5 sigma. The cron stream is exact: the same every day. The
 * scratch stays under 64 bytes a job. */
START_TEST(year_equals_month)
{
    Scenario s = scenario();
    HybridPlan p = plan(31, 1);
    add_cron(&p, "hourly", "0 * * * *", 8, 0.5, RUN_ONPREM, MODE_ON_DEMAND);
    add_poisson(&p, "evals", 6000, 1, 0.5, RUN_CLOUD, MODE_SPOT);
    HybridResult month, year;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &month, &scratch), 0);
    p.days = 366;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &year, &scratch), 0);
    double n31 = month.workloads[1].jobs, n366 = year.workloads[1].jobs;
    ck_assert(n366 > 2000000);
    ck_assert(fabs(n31 - 6000 * 31) < 5 * sqrt(6000 * 31));
    ck_assert(fabs(n366 - 6000 * 366) < 5 * sqrt(6000 * 366));
    double sigma = sqrt(1 / n31 + 1 / n366);
    double rel = year.cloud.spot.monthly / month.cloud.spot.monthly - 1;
    ck_assert_msg(fabs(rel) < 5 * sigma, "%g vs %g", rel, 5 * sigma);
    ck_assert_double_eq_tol(year.onprem.gpu_hours, month.onprem.gpu_hours, 1e-6);
    ck_assert(year.onprem.utilization_pct == 50);
    ck_assert_uint_eq(year.warning_count, month.warning_count);
    size_t jobs = (size_t)(n366 + year.workloads[0].jobs);
    ck_assert_uint_lt(hybrid_scratch_bytes(&scratch), 64 * jobs);
}
END_TEST

/* Past 1,000,000,000 jobs the plan is refused with the count: the
 * expected number for random arrivals (schedules stay below it: 32
 * every-minute streams for 366 days are 16,865,280 jobs). Twenty such
 * streams, 10,540,800 jobs, passed the old limit of 10,000,000 and are a
 * plan now (check_hybrid_year simulates one). */
START_TEST(stream_limit)
{
    HybridPlan p = plan(366, 1);
    for (int i = 0; i < 20; i++)
        add_cron(&p, "every", "* * * * *", 1, 0.01, RUN_ONPREM, MODE_ON_DEMAND);
    Diag d;
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), 0);
    p.workload_count = 0;
    for (int i = 0; i < 28; i++)
        add_poisson(&p, "many", 100000, 1, 1, RUN_BURST, MODE_SPOT);
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), EXIT_DATAERR);
    const char *msg = d.message;
    ck_assert_str_eq(msg, "the plan submits about 1,024,800,000 jobs in 366 "
                          "days, more than the 1,000,000,000 a plan may "
                          "simulate; shorten hybrid.days or lower the "
                          "workloads' arrivals");
    Scenario s = scenario();
    HybridResult r;
    ck_assert_int_eq(hybrid_evaluate(&s, &p, &r, &scratch), -1);
    ck_assert_uint_eq(r.warning_count, 1);
    ck_assert_str_eq(r.warnings[0], msg);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &p, 1, &st, &scratch), -1);
    /* 27 of them fit: 988,200,000 jobs. */
    p.workload_count = 27;
    ck_assert_int_eq(hybrid_check_jobs(&p, &d), 0);
}
END_TEST

/* Random plans: the reuse of the unlimited cluster's schedule, the strict
 * order's placement at submission, the replay cache, the halving search
 * for all on-prem, the predictions that go on from the last one's walk and
 * the optimizer give exactly what simulating every run whole with the
 * event engine, walking every prediction from the present, reading the
 * source again, and trying every size gives (the exhaustive searches). */
static double pick(Rng *r, double lo, double hi)
{
    return lo + (hi - lo) * rng_uniform(r);
}

/* `count` random plans from `seed`; with quarter, the wait limits are in
 * quarter minutes (the strict order compares whole-minute waits with them
 * as integers). */
/* A progress hook that only takes the steps. */
static void count_steps(void *arg, size_t done, size_t total)
{
    (void)arg;
    (void)done;
    (void)total;
}

static void random_plans_exact(uint64_t seed, int count, bool quarter)
{
    Rng r;
    rng_seed(&r, seed);
    static const char *const crons[] = {"0 * * * *", "*/20 * * * *",
                                        "15 2 * * *", "30 */3 * * 1-5",
                                        "0 9 * * *"};
    const double step = quarter ? 0.25 : 1;
    for (int k = 0; k < count; k++) {
        Scenario s = scenario();
        HybridPlan p = plan(floor(pick(&r, 1, 6)), floor(pick(&r, 0, 5)));
        s.hardware.nodes = p.onprem_nodes > 0 ? p.onprem_nodes : 1;
        p.backfill = rng_uniform(&r) < 0.3;
        p.max_wait_minutes = floor(pick(&r, 0, 200) / step) * step;
        p.seed = k;
        size_t nw = 1 + (size_t)pick(&r, 0, 4);
        for (size_t i = 0; i < nw; i++) {
            HybridRun run = (HybridRun)(int)pick(&r, 0, 3);
            HybridCloudMode mode = rng_uniform(&r) < 0.5 ? MODE_SPOT : MODE_ON_DEMAND;
            double g = floor(pick(&r, 1, 17)), h = floor(pick(&r, 1, 40)) / 8;
            HybridWorkload *w =
                rng_uniform(&r) < 0.4
                    ? add_cron(&p, "c", crons[(int)pick(&r, 0, 5)], g, h, run, mode)
                    : add_poisson(&p, "p", pick(&r, 1, 60), g, h, run, mode);
            if (rng_uniform(&r) < 0.3)
                w->priority = floor(pick(&r, 0, 3)) * 10;
            if (rng_uniform(&r) < 0.3) {
                w->has_max_wait = true;
                w->max_wait_minutes = floor(pick(&r, 0, 120) / step) * step;
            }
        }
        static HybridResult fast, whole, events;
        static HybridNodesTotal sizes[4096];
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &fast, &scratch), 0);
        ck_assert_uint_le(fast.by_nodes_count, 4096);
        memcpy(sizes, fast.by_nodes, fast.by_nodes_count * sizeof sizes[0]);
        fast.by_nodes = sizes;
        HybridScratch other;
        ck_assert_int_eq(hybrid_scratch_init(&other, 0), 0);
        other.test_mode = HYBRID_TEST_WHOLE | HYBRID_TEST_LINEAR;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &whole, &other), 0);
        same_result(&fast, &whole);
        /* The exhaustive search: the cheapest size, the first on a tie. */
        size_t best = 0;
        for (size_t i = 1; i < whole.by_nodes_count; i++)
            if (whole.by_nodes[i].total_monthly <
                whole.by_nodes[best].total_monthly)
                best = i;
        ck_assert(fast.optimum.onprem_nodes == (double)best);
        ck_assert(fast.optimum.total_monthly == whole.by_nodes[best].total_monthly);
        other.test_mode =
            HYBRID_TEST_WHOLE | HYBRID_TEST_EVENTS | HYBRID_TEST_WALK;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &events, &other), 0);
        same_result(&fast, &events);
        /* Read again from the source for every run, not from the cache. */
        other.test_mode = HYBRID_TEST_STREAM | (k % 2 ? HYBRID_TEST_EVENTS : 0);
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &events, &other), 0);
        same_result(&fast, &events);
        /* The all-on-prem search simulating each size to the end, not
         * only until a target is missed for certain: the same figures. */
        other.test_mode = HYBRID_TEST_FULL_SEARCH;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &events, &other), 0);
        same_result(&fast, &events);
        /* A caller counting the steps gets the plan's own run first and
         * the all-on-prem search after it: the same figures. */
        other.test_mode = 0;
        other.progress = count_steps;
        ck_assert_int_eq(hybrid_evaluate(&s, &p, &events, &other), 0);
        same_result(&fast, &events);
        other.progress = NULL;
        hybrid_scratch_free(&other);
    }
}

START_TEST(shortcuts_are_exact)
{
    random_plans_exact(2026, 150, false);
}
END_TEST

START_TEST(fractional_limits_are_exact)
{
    random_plans_exact(2027, 60, true);
}
END_TEST

/* The search from a guess finds what a binary search finds, for every
 * guess (before, at, after the answer, past the end): sorted arrays with
 * runs of equal minutes, as a class's submissions are. */
START_TEST(lower_bound_from_any_guess)
{
    Rng g;
    rng_seed(&g, 31);
    int32_t v[40];
    for (int t = 0; t < 200; t++) {
        size_t n = rng_next(&g) % 40;
        int32_t at = (int32_t)(rng_next(&g) % 5);
        for (size_t i = 0; i < n; i++) {
            at += (int32_t)(rng_next(&g) % 3); /* 0: the same minute again */
            v[i] = at;
        }
        for (int64_t x = -1; x <= (int64_t)at + 2; x++) {
            size_t want = 0;
            while (want < n && v[want] < x)
                want++;
            ck_assert_uint_eq(hybrid_lower_bound(v, n, x), want);
            for (size_t near = 0; near <= n + 2; near++)
                ck_assert_msg(hybrid_lower_bound_near(v, n, x, near) == want,
                              "n %zu x %lld near %zu", n, (long long)x, near);
        }
    }
}
END_TEST

static Suite *hybrid_suite(void)
{
    Suite *s = suite_create("hybrid");
    TCase *rng = tcase_create("rng");
    tcase_add_test(rng, splitmix64_seed0);
    suite_add_tcase(s, rng);
    TCase *tc = tcase_create("plan");
    tcase_set_timeout(tc, 120);
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
    tcase_add_test(tc, by_nodes_every_size);
    tcase_add_test(tc, one_ulp_is_a_tie);
    tcase_add_test(tc, progress_counts_sizes);
    tcase_add_test(tc, backfill_starts_in_gap);
    tcase_add_test(tc, burst_prediction_backfills);
    tcase_add_test(tc, priority_jumps_queue);
    tcase_add_test(tc, per_workload_wait_target);
    tcase_add_test(tc, per_workload_cloud_price);
    tcase_add_test(tc, commit_from_load);
    tcase_add_test(tc, year_equals_month);
    tcase_add_test(tc, stream_limit);
    tcase_add_test(tc, shortcuts_are_exact);
    tcase_add_test(tc, fractional_limits_are_exact);
    tcase_add_test(tc, poisson_deterministic);
    tcase_add_test(tc, lower_bound_from_any_guess);
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
