/* bench.c: `make bench`, gpuplan's performance budgets (DESIGN 9).
 *
 * Each budget is measured over several runs and printed as
 *
 *   NAME: MEDIAN UNIT (budget X UNIT) ok|OVER
 *     (HOW, N runs MIN-MAX UNIT[; wall clock median W UNIT]; load average L)
 *
 * On a shared machine the wall clock also counts the time other programs
 * had the cores, so what is judged is the program's own share:
 *   - a computation (in this process, or a gpuplan command it runs) by its
 *     CPU time, user and system;
 *   - the planner's latencies, taken from outside through a
 *     pseudo-terminal at 80x24 as a user's terminal sees them, by the wall
 *     clock less the time the planner's threads and this program were
 *     ready to run and waiting for a core (the kernel's run-queue delay,
 *     /proc/PID/task/TID/schedstat): on an idle machine that is the wall
 *     clock itself, under load it leaves out what the load added.
 * The line's median is judged; the spread of the runs and the load average
 * say how noisy the machine was. On a machine busier than its CPUs even
 * CPU time grows (the cores' caches are shared), so a group with a line
 * over is measured again, twice at most, every time printed. The exit
 * status is 1 when a budget was over every time it was measured, 0
 * otherwise.
 *
 * Usage: bench GPUPLAN_BINARY SCENARIO_DIR */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cost.h"
#include "horizon.h"
#include "diag.h"
#include "hybrid.h"
#include "fields.h"
#include "risk.h"
#include "scenario_file.h"
#include "seek.h"
#include "uncertainty.h"

#include "bench_measure.h"

static const char *binary, *scenario_dir;

/* Every line judged, by name: whether its median met the budget in any
 * of the times it was measured (a group is measured again when it was
 * over on a machine busier than its CPUs; see main). */
enum { LINES_MAX = 64 };
static struct {
    char name[200];
    bool ok;
} lines[LINES_MAX];
static size_t nlines;

/* Record line `name`'s verdict. */
static void record(const char *name, bool ok)
{
    size_t i = 0;
    while (i < nlines && strcmp(lines[i].name, name) != 0)
        i++;
    if (i == nlines) {
        if (nlines == LINES_MAX) {
            fprintf(stderr, "bench: more than %d lines\n", LINES_MAX);
            exit(70);
        }
        snprintf(lines[i].name, sizeof lines[i].name, "%s", name);
        lines[i].ok = ok;
        nlines++;
    }
    lines[i].ok = lines[i].ok || ok;
}

/* The lines from `from` on that are over in every measurement so far. */
static size_t overs_since(size_t from)
{
    size_t n = 0;
    for (size_t i = from; i < nlines; i++)
        n += !lines[i].ok;
    return n;
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* CPU seconds of this process: on a shared machine the wall clock also
 * counts the time other programs had the cores. */
static double cpu_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

/* The median of v[0..n) (sorts v). */
static double median(double *v, size_t n)
{
    qsort(v, n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* The 1-minute load average, NAN when the system does not say. */
static double load_now(void)
{
    double l[1];
    return getloadavg(l, 1) == 1 ? l[0] : NAN;
}

/* The start of one timed run in this process. */
typedef struct Clock {
    double wall, cpu;
} Clock;

static Clock clock_start(void)
{
    return (Clock){now(), cpu_now()};
}

/* The run since c, times scale: its CPU into *cpu, its wall clock into
 * *wall. */
static void clock_stop(Clock c, double scale, double *cpu, double *wall)
{
    *cpu = (cpu_now() - c.cpu) * scale;
    *wall = (now() - c.wall) * scale;
}

/* Judge one budget from its runs (BenchJudge): runs[0..n) are the judged
 * figure of each run (`how` says what it is), wall[0..n) the wall clock
 * of the same runs or NULL. higher_is_better for rates. Sorts both. */
static void judge_wall(const char *name, double *runs, size_t n, const char *unit,
                       double budget, bool higher_is_better, const char *how,
                       double *wall)
{
    double md = median(runs, n);
    bool ok = higher_is_better ? md >= budget : md <= budget;
    record(name, ok);
    printf("%s: %.3g %s (budget %s%g %s) %s\n", name, md, unit,
           higher_is_better ? ">= " : "", budget, unit, ok ? "ok" : "OVER");
    printf("  (%s, %zu runs %.3g-%.3g %s", how, n, runs[0], runs[n - 1], unit);
    if (wall)
        printf("; wall clock median %.3g %s", median(wall, n), unit);
    printf("; load average %.2f)\n", load_now());
    fflush(stdout);
}

static void judge(const char *name, double *runs, size_t n, const char *unit,
                  double budget, const char *how)
{
    judge_wall(name, runs, n, unit, budget, false, how, NULL);
}

/* A figure DESIGN 9 gives no budget of its own, shown beside one that it
 * does for comparison; never counted as over. */
static void note(const char *name, double value, const char *unit,
                 const char *beside)
{
    printf("%s: %.3g %s (no budget; %s)\n", name, value, unit, beside);
    fflush(stdout);
}

/* A measurement that could not be taken: said, and counted as over (a
 * budget that was not measured is not met). */
static void failed(const char *name, const char *why)
{
    record(name, false);
    printf("%s: not measured (%s) OVER\n", name, why);
    fflush(stdout);
}

static void bench_evaluate(void)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    enum { RUNS = 31, N = 20000 };
    double t[RUNS], w[RUNS], sink = 0;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        for (int i = 0; i < N; i++) {
            s.utilization.measured_pct = 1 + (i % 99);
            cost_evaluate(&s, &r);
            sink += r.curve[OPT_ONPREM][i % CURVE_POINTS];
        }
        clock_stop(c, 1e6 / N, &t[k], &w[k]);
    }
    if (sink == 42)
        puts("");
    judge_wall("full evaluation", t, RUNS, "us", 2, false, "CPU", w);
}

/* DESIGN 9: the full evaluation over a 60-month horizon with a 12-month
 * ramp and a cloud price decline: the levelized options, crossovers and
 * curves, then the cumulative spend, break-even months and IRRs. */
static void bench_horizon(void)
{
    Scenario s;
    scenario_default(&s);
    s.horizon.months = 60;
    s.horizon.ramp_months = 12;
    s.horizon.cloud_price_change_pct_year = -20;
    s.horizon.hardware_price_change_pct_year = -10;
    s.cloud.reserved_coverage_pct = 60;
    CostResult r;
    HorizonResult h;
    static HorizonCumulative cum;
    enum { RUNS = 31, N = 2000 };
    double t[RUNS], w[RUNS], sink = 0;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        for (int i = 0; i < N; i++) {
            s.utilization.measured_pct = 1 + (i % 99);
            cost_evaluate(&s, &r);
            horizon_evaluate(&s, &h, &cum);
            sink += r.curve[OPT_ONPREM][i % CURVE_POINTS] + cum[OPT_SPOT][60] +
                    h.irr_pct[OPT_ON_DEMAND];
        }
        clock_stop(c, 1e6 / N, &t[k], &w[k]);
    }
    if (sink == 42)
        puts("");
    judge_wall("full evaluation, 60-month horizon with ramp and price decline",
               t, RUNS, "us", 50, false, "CPU", w);
}

/* The default scenario with up to 40 of the registry's number fields as
 * uncertainty inputs (±20%, or 0 to one step for a field at 0); returns
 * how many. */
static size_t forty_inputs(Scenario *s)
{
    scenario_default(s);
    field_scope_default(s, FS_UNCERTAINTY);
    s->has_uncertainty = true;
    size_t n = 0;
    for (size_t i = 0; i < field_count && n < 40; i++) {
        const Field *f = &field_table[i];
        if (f->type != FT_INT && f->type != FT_NUMBER &&
            f->type != FT_PERCENT && f->type != FT_MONEY)
            continue;
        double v = field_get_num(f, s), lo, hi;
        risk_default_range(f, v, &lo, &hi);
        if (v == 0) {
            lo = 0;
            hi = f->step > 0 ? f->step : 1;
        }
        if (!(lo < hi) || lo > v || hi < v)
            continue;
        UncInput *in = &s->uncertainty.inputs[n++];
        snprintf(in->key, sizeof in->key, "%s", f->key);
        in->low = lo;
        in->high = hi;
    }
    s->uncertainty.input_count = n;
    return n;
}

static Scenario risk_case, risk_work;

static void bench_risk(void)
{
    size_t n = forty_inputs(&risk_case);
    static Tornado tor;
    enum { RUNS = 31, N = 50 };
    double t[RUNS], w[RUNS];
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        for (int i = 0; i < N; i++)
            risk_tornado(&risk_case, &risk_work, &tor);
        clock_stop(c, 1e6 / N, &t[k], &w[k]);
    }
    char name[64];
    snprintf(name, sizeof name, "tornado over %zu inputs", n);
    judge_wall(name, t, RUNS, "us", 200, false, "CPU", w);

    /* Monte Carlo: the shipped case's seven inputs, 10,000 draws. */
    char path[4096];
    snprintf(path, sizeof path, "%s/diagflow-risk.yaml", scenario_dir);
    Diag d;
    if (scenario_load_file(path, &risk_case, &d) != 0) {
        fprintf(stderr, "bench: cannot load %s: %s\n", path, d.message);
        exit(1);
    }
    risk_case.uncertainty.draws = 10000;
    double *all = malloc(4 * 10000 * sizeof *all);
    RiskBuffers buf = {.delta = all, .crossover = all + 10000,
                       .per_hour = all + 20000, .break_even = all + 30000,
                       .cap = 10000};
    static MonteCarlo mc;
    Diag why;
    double m[11], mw[11];
    for (int k = 0; k < 11; k++) {
        Clock c = clock_start();
        if (risk_monte_carlo(&risk_case, &risk_work, &buf, &mc, &why) != 0) {
            fprintf(stderr, "bench: Monte Carlo: %s\n", why.message);
            exit(1);
        }
        clock_stop(c, 1e3, &m[k], &mw[k]);
    }
    judge_wall("Monte Carlo, 10,000 draws", m, 11, "ms", 20, false, "CPU", mw);
    /* The same over a 60-month horizon with a ramp, falling cloud prices
     * and 12-month commitments (the levelized metric, DESIGN 2.7): no budget
     * of its own in DESIGN 9. */
    risk_case.horizon.months = 60;
    risk_case.horizon.ramp_months = 6;
    risk_case.horizon.cloud_price_change_pct_year = -25;
    risk_case.cloud.reserved_term_months = 12;
    for (int k = 0; k < 11; k++) {
        Clock c = clock_start();
        if (risk_monte_carlo(&risk_case, &risk_work, &buf, &mc, &why) != 0) {
            fprintf(stderr, "bench: Monte Carlo: %s\n", why.message);
            exit(1);
        }
        clock_stop(c, 1e3, &m[k], &mw[k]);
    }
    free(all);
    note("Monte Carlo, 10,000 draws, 60-month horizon (CPU)", median(m, 11),
         "ms", "the planner's Risk panel computes it beside the keys");

    /* Goal seek: the node price (closed form) and the spot goodput (scan
     * and bisection) against spot; the slower one counts. */
    Scenario def;
    scenario_default(&def);
    const char *keys[2] = {"hardware.node_price", "cloud.spot_goodput_pct"};
    double worst = -1, v[2][RUNS], vw[2][RUNS];
    int slower = 0;
    for (int j = 0; j < 2; j++) {
        SeekResult r;
        for (int k = 0; k < RUNS; k++) {
            Clock c = clock_start();
            seek_solve(&def, field_find(keys[j]), OPT_SPOT, &risk_work, &r);
            clock_stop(c, 1e3, &v[j][k], &vw[j][k]);
        }
        double md = median(v[j], RUNS);
        if (md > worst) {
            worst = md;
            slower = j;
        }
    }
    char how[80];
    snprintf(how, sizeof how, "CPU, the slower of two: %s", keys[slower]);
    judge_wall("goal seek", v[slower], RUNS, "ms", 2, false, how, vw[slower]);
}

static void bench_load(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/diagflow.yaml", scenario_dir);
    enum { RUNS = 31, N = 200 };
    double t[RUNS], w[RUNS];
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        for (int i = 0; i < N; i++) {
            Scenario s;
            Diag d;
            if (scenario_load_file(path, &s, &d) != 0) {
                fprintf(stderr, "bench: cannot load %s: %s\n", path, d.message);
                exit(1);
            }
        }
        clock_stop(c, 1e6 / N, &t[k], &w[k]);
    }
    judge_wall("load + validate", t, RUNS, "us", 200, false, "CPU", w);
}

/* A 2,000-job month: hourly 8-GPU training, bursty experiments. */
static void hybrid_plan_2000(HybridPlan *p)
{
    memset(p, 0, sizeof *p);
    p->days = 30;
    p->onprem_nodes = 4;
    p->max_wait_minutes = 90;
    p->cloud_idle_minutes = 10;
    p->seed = 1;
    p->workload_count = 3;
    HybridWorkload *w = p->workloads;
    Diag err;
    snprintf(w[0].name, sizeof w[0].name, "hourly inference");
    w[0].has_schedule = true;
    snprintf(w[0].schedule_text, sizeof w[0].schedule_text, "30 * * * *");
    cron_parse(w[0].schedule_text, &w[0].schedule, &err);
    w[0].gpus = 8, w[0].hours = 0.5, w[0].run = RUN_ONPREM;
    snprintf(w[1].name, sizeof w[1].name, "daily training");
    w[1].has_schedule = true;
    snprintf(w[1].schedule_text, sizeof w[1].schedule_text, "0 2 * * *");
    cron_parse(w[1].schedule_text, &w[1].schedule, &err);
    w[1].gpus = 16, w[1].hours = 8, w[1].run = RUN_ONPREM;
    snprintf(w[2].name, sizeof w[2].name, "experiments");
    w[2].per_day = 42, w[2].gpus = 4, w[2].hours = 3, w[2].run = RUN_BURST;
    w[2].cloud_mode = MODE_SPOT;
}

static void bench_hybrid(void)
{
    Scenario s;
    scenario_default(&s);
    HybridPlan p;
    hybrid_plan_2000(&p);
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    enum { RUNS = 31 };
    double t[RUNS], w[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        hybrid_simulate(&s, &p, p.onprem_nodes, &st, &sc);
        clock_stop(c, 1e3, &t[k], &w[k]);
    }
    printf("  (hybrid month: %zu jobs)\n", st.jobs);
    judge_wall("hybrid month, 2,000 jobs", t, RUNS, "ms", 2, false, "CPU", w);
    enum { ORUNS = 11 };
    double o[ORUNS], ow[ORUNS];
    for (int k = 0; k < ORUNS; k++) {
        Clock c = clock_start();
        for (double n = 0; n < 64; n++)
            hybrid_simulate(&s, &p, n, &st, &sc);
        clock_stop(c, 1e3, &o[k], &ow[k]);
    }
    judge_wall("hybrid optimizer, 64 sizes", o, ORUNS, "ms", 50, false, "CPU", ow);
    hybrid_scratch_free(&sc);
}

/* The long queue's plan over `days` days: one node, 33,000 four-GPU
 * two-hour burst jobs a day that may wait 500,000 minutes, ahead of a few
 * on-prem jobs of a lower priority. */
static void long_queue_plan(Scenario *s, HybridPlan *p, double days)
{
    scenario_default(s);
    s->hardware.nodes = 1;
    memset(p, 0, sizeof *p);
    p->days = days;
    p->onprem_nodes = 1;
    p->max_wait_minutes = 500000;
    p->cloud_idle_minutes = 10;
    p->seed = 1;
    p->workload_count = 2;
    HybridWorkload *w = p->workloads;
    snprintf(w[0].name, sizeof w[0].name, "burst");
    w[0].per_day = 33000, w[0].gpus = 4, w[0].hours = 2, w[0].run = RUN_BURST;
    w[0].priority = 10;
    snprintf(w[1].name, sizeof w[1].name, "batch");
    w[1].per_day = 2, w[1].gpus = 1, w[1].hours = 1, w[1].run = RUN_ONPREM;
}

/* A long queue: one node, 33,000 four-GPU two-hour burst jobs a day that
 * may wait 500,000 minutes, for 300 days (9.9 million jobs, over the
 * replay cache, so read from the stream), ahead of a few on-prem jobs of
 * a lower priority (the event engine). One run at the plan's size, CPU,
 * the median of three; the budget is the 200,000-job month's 40 ms scaled
 * by the jobs. Then the whole evaluation, three times. */
static void bench_hybrid_long_queue(void)
{
    Scenario s;
    HybridPlan p;
    long_queue_plan(&s, &p, 300);
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    enum { RUNS = 3 };
    double t[RUNS], tw[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        hybrid_simulate(&s, &p, 1, &st, &sc);
        clock_stop(c, 1, &t[k], &tw[k]);
    }
    printf("  (long queue: %zu jobs)\n", st.jobs);
    judge_wall("hybrid run, 9.9 M jobs through a queue that only grows (one node)",
               t, RUNS, "s", 40e-3 * (double)st.jobs / 200000, false, "CPU", tw);
    /* The whole evaluation with a 100,000-minute limit: the all-on-prem
     * search starts at the fewest nodes that start every job (DESIGN 6.5;
     * it tried every size from 1, about 590 s) and the optimizer leaves
     * out what its bound rules out (6.6). The budget: a whole evaluation's
     * second (DESIGN 9) for a month of 200,000 jobs, scaled by the jobs. */
    p.max_wait_minutes = 100000;
    static HybridResult r;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        hybrid_evaluate(&s, &p, &r, &sc);
        clock_stop(c, 1, &t[k], &tw[k]);
    }
    printf("  (long queue: all on-prem %.0f nodes, %zu of %zu sizes simulated)\n",
           r.all_onprem.nodes, hybrid_sizes_simulated(&r), r.by_nodes_count);
    judge_wall("hybrid long queue, 9.9 M jobs (whole evaluation)", t, RUNS, "s",
               (double)st.jobs / 200000, false, "CPU", tw);
    hybrid_scratch_free(&sc);
}

/* The long queue's plan for one day with EASY backfill: every burst job
 * predicts through the queue by the backfill rule, going on from the last
 * prediction's walk (DESIGN 6.4; a walk from the present each time took
 * 5 s for these 33,000 jobs). One run at the plan's size, CPU, the median
 * of 11; the budget is the 200,000-job month's 40 ms scaled by the jobs. */
static void bench_hybrid_backfill(void)
{
    Scenario s;
    HybridPlan p;
    long_queue_plan(&s, &p, 1);
    p.backfill = true;
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    enum { RUNS = 11 };
    double t[RUNS], tw[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        hybrid_simulate(&s, &p, 1, &st, &sc);
        clock_stop(c, 1e3, &t[k], &tw[k]);
    }
    printf("  (backfill queue: %zu jobs, %zu to the cloud)\n", st.jobs,
           st.cloud_jobs);
    judge_wall("hybrid day with backfill, 33,000 burst jobs through a queue "
               "that only grows (one node)",
               t, RUNS, "ms", 40.0 * (double)st.jobs / 200000, false, "CPU", tw);
    hybrid_scratch_free(&sc);
}

/* The 1,024-node bench fleet (tests/bench/fleet-1024.yaml). */
static void load_fleet(Scenario *s)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/../tests/bench/fleet-1024.yaml", scenario_dir);
    Diag d;
    if (scenario_load_file(path, s, &d) != 0) {
        fprintf(stderr, "bench: cannot load %s: %s\n", path, d.message);
        exit(1);
    }
}

static void bench_hybrid_fleet(void)
{
    Scenario s;
    load_fleet(&s);
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    /* A month of about 200,000 jobs: the fleet's evaluations at 4,650 a
     * day, simulated at 800 nodes, where n nodes are too few for most of
     * the month (the slowest kind of run). */
    HybridPlan p = s.hybrid;
    for (size_t i = 0; i < p.workload_count; i++)
        if (strcmp(p.workloads[i].name, "evaluations") == 0)
            p.workloads[i].per_day = 4650;
    enum { RUNS = 11 };
    double t[RUNS], w[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        hybrid_simulate(&s, &p, 800, &st, &sc);
        clock_stop(c, 1e3, &t[k], &w[k]);
    }
    printf("  (hybrid month: %zu jobs)\n", st.jobs);
    judge_wall("hybrid month, 200,000 jobs", t, RUNS, "ms", 40, false, "CPU", w);

    enum { ORUNS = 5 };
    double o[ORUNS], ow[ORUNS];
    static HybridResult r;
    for (int k = 0; k < ORUNS; k++) {
        Clock c = clock_start();
        hybrid_evaluate(&s, &s.hybrid, &r, &sc);
        clock_stop(c, 1e3, &o[k], &ow[k]);
    }
    printf("  (fleet: %.0f jobs, %zu of %zu sizes simulated, optimum %.0f nodes)\n",
           r.workloads[0].jobs + r.workloads[1].jobs + r.workloads[2].jobs +
               r.workloads[3].jobs + r.workloads[4].jobs,
           hybrid_sizes_simulated(&r), r.by_nodes_count, r.optimum.onprem_nodes);
    judge_wall("hybrid optimizer, 1,024-node fleet (whole evaluation)", o, ORUNS,
               "ms", 1000, false, "CPU", ow);

    /* The busy fleet (tests/bench/fleet-1024-busy.yaml): the cluster binds
     * every night, so each size the optimizer simulates is simulated over
     * much of the month; its lower bound (DESIGN 6.6) rules out some 620
     * of the 1,069 sizes, and most of the rest give up partway, at their
     * own bound. */
    char path[4096];
    Diag d;
    snprintf(path, sizeof path, "%s/../tests/bench/fleet-1024-busy.yaml",
             scenario_dir);
    if (scenario_load_file(path, &s, &d) != 0) {
        fprintf(stderr, "bench: cannot load %s: %s\n", path, d.message);
        exit(1);
    }
    for (int k = 0; k < ORUNS; k++) {
        Clock c = clock_start();
        hybrid_evaluate(&s, &s.hybrid, &r, &sc);
        clock_stop(c, 1e3, &o[k], &ow[k]);
    }
    printf("  (busy fleet: %zu of %zu sizes simulated, optimum %.0f nodes)\n",
           hybrid_sizes_simulated(&r), r.by_nodes_count, r.optimum.onprem_nodes);
    judge_wall("hybrid optimizer, 1,024-node busy fleet (whole evaluation)", o,
               ORUNS, "ms", 1000, false, "CPU", ow);
    hybrid_scratch_free(&sc);
}

/* A year of a large cluster: the 1,024-node fleet (tests/bench/fleet-1024.yaml)
 * over 366 days with 104,000 one-GPU half-hour evaluations a day run
 * on-prem, about 39 million jobs, ten times the replay cache, so the run reads the stream as it
 * goes (the whole evaluation reads it again for each size it simulates,
 * minutes in all). One run at the plan's size, CPU, the median of three;
 * the budget is the 200,000-job month's 40 ms scaled by the jobs. The
 * process's peak memory is reported beside what the jobs alone would take
 * in the replay cache (16 bytes each). */
static void bench_hybrid_year(void)
{
    Scenario s;
    load_fleet(&s);
    HybridPlan p = s.hybrid;
    p.days = 366;
    for (size_t i = 0; i < p.workload_count; i++)
        if (strcmp(p.workloads[i].name, "evaluations") == 0) {
            p.workloads[i].per_day = 104000;
            p.workloads[i].run = RUN_ONPREM;
        }
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    enum { RUNS = 3 };
    double t[RUNS], tw[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        Clock c = clock_start();
        hybrid_simulate(&s, &p, p.onprem_nodes, &st, &sc);
        clock_stop(c, 1, &t[k], &tw[k]);
    }
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    printf("  (year: %zu jobs, %zu to the cloud; peak memory %.0f MB, scratch "
           "%.1f MB, the jobs alone %.0f MB)\n",
           st.jobs, st.cloud_jobs, (double)u.ru_maxrss / 1024,
           (double)hybrid_scratch_bytes(&sc) / (1 << 20),
           (double)st.jobs * 16 / (1 << 20));
    judge_wall("hybrid run, a year of a 1,024-node fleet, 39 M jobs", t, RUNS,
               "s", 40e-3 * (double)st.jobs / 200000, false, "CPU", tw);
    hybrid_scratch_free(&sc);
}

/* The sweep's rows a second of CPU (the process's own, from its start to
 * its exit): 910,000 rows to /dev/null, the median of 7 runs. */
static void bench_sweep(void)
{
    enum { RUNS = 7 };
    const double rows = 100.0 * 100 * 91;
    double rate[RUNS], wall[RUNS];
    char *argv[] = {(char *)binary, "sweep", "--vary", "hardware.nodes=1:100:1",
                    "--vary", "utilization.measured_pct=1:100:1", "--vary",
                    "cloud.spot_gpu_hour=1:10:0.1", "default", NULL};
    for (int k = 0; k < RUNS; k++) {
        double w, cpu = bench_run_cpu(argv, &w);
        if (cpu < 0) {
            failed("sweep, 910,000 rows to /dev/null", "the sweep failed");
            return;
        }
        rate[k] = rows / cpu;
        wall[k] = rows / w;
    }
    judge_wall("sweep, 910,000 rows to /dev/null", rate, RUNS, "rows/s", 2e6,
               true, "rows a second of CPU", wall);
}

/* `gpuplan report --format html NAME` of every shipped scenario, the whole
 * command (start, load, evaluate, simulate the hybrid plan, write the page)
 * to /dev/null, CPU of the process; the median of 11 runs each, judged for
 * the slowest. */
static void bench_report_html(void)
{
    enum { RUNS = 11 };
    const char *line = "report --format html, slowest shipped scenario";
    DIR *d = opendir(scenario_dir);
    if (!d) {
        failed(line, "no scenario folder");
        return;
    }
    double worst = -1, wt[RUNS], ww[RUNS];
    char worst_name[256] = "";
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") != 0 ||
            strcmp(e->d_name, "prices.yaml") == 0)
            continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", scenario_dir, e->d_name);
        char *argv[] = {(char *)binary, "report", "--format", "html", path, NULL};
        double t[RUNS], w[RUNS];
        for (int k = 0; k < RUNS; k++) {
            t[k] = bench_run_cpu(argv, &w[k]) * 1e3;
            if (t[k] < 0) {
                failed(line, "a report failed");
                closedir(d);
                return;
            }
            w[k] *= 1e3;
        }
        double t_sorted[RUNS];
        memcpy(t_sorted, t, sizeof t);
        double m = median(t_sorted, RUNS);
        if (m > worst) {
            worst = m;
            memcpy(wt, t, sizeof t);
            memcpy(ww, w, sizeof w);
            snprintf(worst_name, sizeof worst_name, "%.*s", (int)(l - 5), e->d_name);
        }
    }
    closedir(d);
    char name[512];
    snprintf(name, sizeof name, "%s (%s)", line, worst_name);
    judge_wall(name, wt, RUNS, "ms", 50, false, "CPU", ww);
}

/* --- the planner through a pseudo-terminal ------------------------------ */

typedef struct Pty {
    int fd;
    pid_t pid;
} Pty;

/* Run the planner on `scenario` (NULL: the built-in default). */
static void pty_start(Pty *p, const char *home, const char *scenario)
{
    struct winsize ws = {24, 80, 0, 0};
    p->pid = forkpty(&p->fd, NULL, NULL, &ws);
    if (p->pid < 0) {
        perror("bench: forkpty");
        exit(1);
    }
    if (p->pid == 0) {
        setenv("TERM", "xterm-256color", 1);
        setenv("HOME", home, 1);
        setenv("XDG_STATE_HOME", home, 1);
        setenv("XDG_DATA_HOME", home, 1);
        if (scenario)
            execl(binary, binary, scenario, (char *)NULL);
        else
            execl(binary, binary, (char *)NULL);
        _exit(127);
    }
}

/* One figure of a thread's schedstat file, in milliseconds: field 0 is
 * the time it ran on a core, field 1 its run-queue delay (how long it was
 * ready to run while the cores ran something else), both since it
 * started. NAN when the kernel does not say. */
static double schedstat_ms(const char *path, int field)
{
    FILE *f = fopen(path, "r");
    unsigned long long v[2];
    bool got = f && fscanf(f, "%llu %llu", &v[0], &v[1]) == 2;
    if (f)
        fclose(f);
    return got ? (double)v[field] / 1e6 : NAN;
}

/* That figure for every thread of process pid, added up; pid 0 is this
 * (single-threaded) program. */
static double threads_ms(pid_t pid, int field)
{
    if (pid == 0)
        return schedstat_ms("/proc/thread-self/schedstat", field);
    char dir[64];
    snprintf(dir, sizeof dir, "/proc/%d/task", (int)pid);
    DIR *d = opendir(dir);
    if (!d)
        return NAN;
    double total = NAN;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char path[64 + sizeof e->d_name + 16];
        snprintf(path, sizeof path, "%s/%s/schedstat", dir, e->d_name);
        double w = schedstat_ms(path, field);
        if (!isnan(w))
            total = isnan(total) ? w : total + w;
    }
    closedir(d);
    return total;
}

/* The run-queue delay of process pid's threads (0: this program). */
static double run_wait_ms(pid_t pid)
{
    return threads_ms(pid, 1);
}

/* Read until `quiet` seconds pass without output (or `limit` in all).
 * Returns the bytes read; *last gets the time of the last byte and, when
 * not NULL, *last_wait this program's run_wait_ms then (what waiting for
 * a core added to *last). */
static size_t pty_drain(Pty *p, double quiet, double limit, double *last,
                        double *last_wait)
{
    size_t total = 0;
    if (last_wait)
        *last_wait = run_wait_ms(0);
    double start = now();
    *last = start;
    for (;;) {
        struct pollfd pfd = {p->fd, POLLIN, 0};
        int r = poll(&pfd, 1, (int)(quiet * 1000));
        if (r <= 0 || now() - start > limit)
            return total;
        char buf[65536];
        ssize_t n = read(p->fd, buf, sizeof buf);
        if (n <= 0)
            return total;
        total += (size_t)n;
        /* (the delay first: one taken between the two is then in the
         * latency and not taken off it) */
        if (last_wait)
            *last_wait = run_wait_ms(0);
        *last = now();
    }
}

static double cpu_seconds(pid_t pid)
{
    char path[64], buf[1024];
    snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f)
        return NAN;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    char *p = strrchr(buf, ')');
    unsigned long ut = 0, st = 0;
    if (!p || sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut,
                     &st) != 2)
        return NAN;
    return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

/* SIGTERM first, as a dropped session would: the planner then releases
 * its lock beside the scenario (SIGKILL left one in the source tree). */
static void pty_stop(Pty *p)
{
    kill(p->pid, SIGTERM);
    for (int i = 0; i < 200; i++) {
        if (waitpid(p->pid, NULL, WNOHANG) == p->pid) {
            close(p->fd);
            return;
        }
        double last;
        pty_drain(p, 0.01, 0.05, &last, NULL);
    }
    kill(p->pid, SIGKILL);
    waitpid(p->pid, NULL, 0);
    close(p->fd);
}

/* A latency taken through the pseudo-terminal: its wall clock, and that
 * less what waiting for a core added (the planner's threads' and this
 * program's run-queue delay over the same interval), in milliseconds. */
typedef struct Latency {
    double wall, net;
    double cpu; /* the planner's threads' time on a core meanwhile */
} Latency;

/* The latency from t0 to `last`; planner_wait0 and self_wait0 are the
 * run_wait_ms of the planner and of this program at t0, self_wait_last
 * this program's at `last`. The planner's is read now: once its frame is
 * out it waits for input, so its delay has stopped growing. */
static Latency latency(const Pty *p, double t0, double last, double planner_wait0,
                       double self_wait0, double self_wait_last)
{
    Latency l;
    l.cpu = NAN;
    l.wall = (last - t0) * 1e3;
    double waited = (run_wait_ms(p->pid) - planner_wait0) +
                    (self_wait_last - self_wait0);
    l.net = isnan(waited) ? l.wall : l.wall - waited;
    if (l.net < 0)
        l.net = 0;
    return l;
}

/* Send `setup` (keys that select a field), then n times a digit that starts
 * an edit and Esc that cancels it: lat[k] gets the latency from the digit
 * to the last byte of the redraw (the redraw is over once `quiet` seconds
 * pass without output), bytes[k] the bytes written. */
static void typed_digits(Pty *p, const char *setup, Latency *lat, double *bytes,
                         int n, double quiet)
{
    double last, self_last;
    if (write(p->fd, setup, strlen(setup)) < 0)
        perror("bench: write");
    pty_drain(p, quiet > 0.1 ? quiet : 0.1, 30, &last, NULL);
    for (int k = 0; k < n; k++) {
        char key = (char)('1' + k % 9);
        /* (the clock first: a delay that ends before it is not taken off) */
        double t0 = now();
        double pw = run_wait_ms(p->pid), sw = run_wait_ms(0);
        double pc = threads_ms(p->pid, 0);
        if (write(p->fd, &key, 1) != 1)
            perror("bench: write");
        bytes[k] = (double)pty_drain(p, quiet, 30, &last, &self_last);
        lat[k] = latency(p, t0, last, pw, sw, self_last);
        lat[k].cpu = threads_ms(p->pid, 0) - pc;
        if (write(p->fd, "\033", 1) != 1)
            perror("bench: write");
        pty_drain(p, quiet > 0.1 ? quiet : 0.1, 30, &last, NULL);
    }
}

/* The same on a plan computed beside the input loop: answered[k] gets
 * the latency from the digit to the first byte of the frame that echoes
 * it, complete[k] to the last byte of the frame with the complete figures
 * (the redraws of the progress come in between; the figures are complete
 * once `quiet` seconds pass without output). */
static void typed_digits_background(Pty *p, const char *setup, Latency *answered,
                                    Latency *complete, int n, double quiet)
{
    double last, self_last;
    if (write(p->fd, setup, strlen(setup)) < 0)
        perror("bench: write");
    pty_drain(p, quiet, 60, &last, NULL);
    for (int k = 0; k < n; k++) {
        char key = (char)('1' + k % 9);
        double t0 = now();
        double pw = run_wait_ms(p->pid), sw = run_wait_ms(0);
        if (write(p->fd, &key, 1) != 1)
            perror("bench: write");
        struct pollfd pfd = {p->fd, POLLIN, 0};
        if (poll(&pfd, 1, 30000) <= 0) {
            fprintf(stderr, "bench: no answer to a key\n");
            exit(1);
        }
        /* (the planner goes on computing: the delays so far are read at
         * once, before the clock, so that none after it is taken off) */
        double waited = (run_wait_ms(p->pid) - pw) + (run_wait_ms(0) - sw);
        double first = now();
        Latency a;
        a.cpu = NAN;
        a.wall = (first - t0) * 1e3;
        a.net = isnan(waited) || waited > a.wall ? a.wall : a.wall - waited;
        answered[k] = a;
        pty_drain(p, quiet, 60, &last, &self_last);
        complete[k] = latency(p, t0, last, pw, sw, self_last);
        if (write(p->fd, "\033", 1) != 1)
            perror("bench: write");
        pty_drain(p, quiet, 60, &last, NULL);
    }
}

/* Judge a latency budget from n samples: by the latency net of waiting
 * for a core, the wall clock beside it. */
static void judge_latency(const char *name, const Latency *l, size_t n, double budget)
{
    double net[64], wall[64];
    if (n > 64)
        n = 64;
    for (size_t i = 0; i < n; i++) {
        net[i] = l[i].net;
        wall[i] = l[i].wall;
    }
    judge_wall(name, net, n, "ms", budget, false,
               "wall clock less waiting for a core", wall);
    double cpu[64];
    size_t nc = 0;
    for (size_t i = 0; i < n; i++)
        if (!isnan(l[i].cpu))
            cpu[nc++] = l[i].cpu;
    if (nc > 0)
        printf("  (the planner's own CPU time for it: median %.3g ms)\n",
               median(cpu, nc));
}

static void bench_planner(void)
{
    char home[] = "/tmp/gpuplan-bench.XXXXXX";
    if (!mkdtemp(home)) {
        perror("bench: mkdtemp");
        exit(1);
    }
    enum { STARTS = 11, KEYS = 40 };
    Latency first[STARTS];
    double last, self_last;
    size_t full_repaint = 0;
    for (int k = 0; k < STARTS; k++) {
        Pty p;
        double t0 = now();
        double sw = run_wait_ms(0);
        pty_start(&p, home, NULL);
        size_t n = pty_drain(&p, 0.05, 5, &last, &self_last);
        /* (the planner's delay since it was forked) */
        first[k] = latency(&p, t0, last, 0, sw, self_last);
        if (k == 0)
            full_repaint = n;
        pty_stop(&p);
    }
    judge_latency("start to first frame", first, STARTS, 20);

    Pty p;
    pty_start(&p, home, NULL);
    pty_drain(&p, 0.1, 5, &last, NULL);
    Latency lat[KEYS];
    double bytes[KEYS];
    typed_digits(&p, ":goto utilization.measured_pct\r", lat, bytes, KEYS, 0.02);
    judge_latency("keystroke to updated screen, 80x24", lat, KEYS, 1);
    double digit_bytes = median(bytes, KEYS);
    printf("  (one digit: %.0f bytes; full repaint: %zu bytes)\n", digit_bytes,
           full_repaint);
    double pct[KEYS];
    for (int k = 0; k < KEYS; k++)
        pct[k] = 100 * bytes[k] / (double)(full_repaint ? full_repaint : 1);
    judge("bytes for one typed digit vs a full repaint", pct, KEYS, "%", 25,
          "bytes written");

    double c0 = cpu_seconds(p.pid);
    sleep(10);
    double idle[1] = {(cpu_seconds(p.pid) - c0) * 1e3};
    judge("CPU while idle for 10 s", idle, 1, "ms", 0, "CPU");
    pty_stop(&p);

    /* The Hybrid panel: each digit typed into the experiments' rate (past
     * the plan's six rows and two workloads) re-runs the simulated month
     * and the optimizer over every cluster size. */
    char path[4096];
    snprintf(path, sizeof path, "%s/logistics-hybrid.yaml", scenario_dir);
    pty_start(&p, home, path);
    pty_drain(&p, 0.1, 5, &last, NULL);
    typed_digits(&p, "\0338\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[C", lat,
                 bytes, KEYS, 0.02);
    judge_latency("keystroke on the Hybrid panel (logistics-hybrid), 80x24", lat,
                  KEYS, 1);
    pty_stop(&p);

    /* The same on the 1,024-node fleet, whose plan is computed beside the
     * input loop: the key is answered at once, the complete figures follow
     * (each digit is a new rate for the evaluations). */
    snprintf(path, sizeof path, "%s/../tests/bench/fleet-1024.yaml", scenario_dir);
    pty_start(&p, home, path);
    pty_drain(&p, 1, 30, &last, NULL);
    enum { FKEYS = 5 };
    Latency fanswer[FKEYS], fcomplete[FKEYS];
    typed_digits_background(
        &p, "\0338\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[C",
        fanswer, fcomplete, FKEYS, 0.5);
    judge_latency("keystroke on the Hybrid panel (1,024-node fleet): screen answered",
                  fanswer, FKEYS, 16);
    judge_latency("keystroke on the Hybrid panel (1,024-node fleet): complete results",
                  fcomplete, FKEYS, 1000);
    pty_stop(&p);

    /* The Risk panel (the last one: Shift-Tab from the first, one key):
     * each digit typed into the low end of the utilization range restarts
     * diagflow-risk's live Monte Carlo (10,000 draws, computed in stages
     * beside the input loop, marked refining until the last is in). */
    snprintf(path, sizeof path, "%s/diagflow-risk.yaml", scenario_dir);
    pty_start(&p, home, path);
    pty_drain(&p, 0.5, 10, &last, NULL);
    typed_digits_background(&p, "\033[Z\033[B\033[B\033[C", fanswer, fcomplete,
                            FKEYS, 0.5);
    judge_latency("keystroke on the Risk panel (diagflow-risk), 80x24: screen answered",
                  fanswer, FKEYS, 1);
    double mc[FKEYS];
    for (int k = 0; k < FKEYS; k++)
        mc[k] = fcomplete[k].net;
    note("keystroke on the Risk panel (diagflow-risk), 80x24: complete Monte Carlo "
         "(less waiting for a core)",
         median(mc, FKEYS), "ms", "the figures are marked refining until then");
    pty_stop(&p);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    if (system(cmd) != 0)
        fprintf(stderr, "bench: could not remove %s\n", home);
}

/* The measurement's lines (bench_measure.c). */
static void bench_measure_all(void)
{
    if (!bench_measure(binary, getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
                       judge))
        failed("measure and trace replay", "see the message above");
}

/* The groups of lines, by the name that runs one alone. */
static const struct {
    const char *name;
    void (*run)(void);
} groups[] = {
    {"evaluate", bench_evaluate}, {"horizon", bench_horizon},
    {"load", bench_load},         {"risk", bench_risk},
    {"hybrid", bench_hybrid},     {"fleet", bench_hybrid_fleet},
    {"queue", bench_hybrid_long_queue}, {"backfill", bench_hybrid_backfill},
    {"year", bench_hybrid_year},
    {"sweep", bench_sweep},
    {"html", bench_report_html},  {"planner", bench_planner},
    {"measure", bench_measure_all},
};
enum { GROUPS = sizeof groups / sizeof groups[0] };

/* The machine and how busy it is, before and after. */
static void say_machine(const char *when)
{
    double l[3];
    if (getloadavg(l, 3) == 3)
        printf("%s: %ld CPUs online, load average %.2f %.2f %.2f\n", when,
               sysconf(_SC_NPROCESSORS_ONLN), l[0], l[1], l[2]);
    fflush(stdout);
}

int main(int argc, char **argv)
{
    /* bench --sacct N FILE: write the generated job history only. */
    if (argc == 4 && strcmp(argv[1], "--sacct") == 0)
        return bench_measure_generate(argv[3], strtoul(argv[2], NULL, 10), 1)
                   ? 74
                   : 0;
    /* bench --measure GPUPLAN_BINARY: the measurement's budgets only. */
    if (argc == 3 && strcmp(argv[1], "--measure") == 0) {
        binary = argv[2];
        bench_measure_all();
        return overs_since(0) ? 1 : 0;
    }
    if (argc < 3) {
        fprintf(stderr, "usage: bench GPUPLAN_BINARY SCENARIO_DIR [GROUP...]\n"
                        "groups:");
        for (size_t g = 0; g < GROUPS; g++)
            fprintf(stderr, " %s", groups[g].name);
        fprintf(stderr, "\n");
        return 64;
    }
    binary = argv[1];
    scenario_dir = argv[2];
    for (int i = 3; i < argc; i++) {
        size_t g = 0;
        while (g < GROUPS && strcmp(argv[i], groups[g].name) != 0)
            g++;
        if (g == GROUPS) {
            fprintf(stderr, "bench: no group '%s'\n", argv[i]);
            return 64;
        }
    }
    setenv("GPUPLAN_SCENARIO_DIR", scenario_dir, 1);
    say_machine("before");
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    for (size_t g = 0; g < GROUPS; g++) {
        bool wanted = argc == 3;
        for (int i = 3; i < argc && !wanted; i++)
            wanted = strcmp(argv[i], groups[g].name) == 0;
        if (!wanted)
            continue;
        size_t first = nlines;
        groups[g].run();
        /* A median over budget while more programs wanted a core than
         * there are cores may be the machine's: the group is measured
         * again, twice at most, every time printed; a line counts as over
         * only when it was over every time. */
        for (int again = 0; again < 2 && overs_since(first) > 0; again++) {
            double load = load_now();
            if (!(load > (double)cpus))
                break;
            printf("  (measured again: over budget with a load average of %.2f "
                   "on %ld CPUs)\n", load, cpus);
            fflush(stdout); /* (not again in each command it starts) */
            groups[g].run();
        }
    }
    say_machine("after");
    size_t overs = overs_since(0);
    for (size_t i = 0; i < nlines; i++)
        if (!lines[i].ok)
            printf("over budget every time it was measured: %s\n", lines[i].name);
    printf("%s\n", overs ? "some budgets are OVER" : "all budgets ok");
    return overs ? 1 : 0;
}
