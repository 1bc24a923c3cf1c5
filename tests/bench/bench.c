/* bench.c: `make bench`, gpuplan's performance budgets (DESIGN 9).
 *
 * Each budget is measured as the median of repeated runs and printed as one
 * line, `NAME: MEDIAN UNIT (budget X UNIT) ok|OVER`. The planner's budgets
 * are measured from outside, through a pseudo-terminal at 80x24, exactly as
 * a user's terminal sees the program. Not part of `make check`: timings on a
 * shared machine are for reading, not for failing a build.
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
static int overs;

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

static double median(double *v, size_t n)
{
    qsort(v, n, sizeof v[0], cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* One budget line. higher_is_better for rates. */
static void report(const char *name, double value, const char *unit, double budget,
                   bool higher_is_better)
{
    bool ok = higher_is_better ? value >= budget : value <= budget;
    if (!ok)
        overs++;
    printf("%s: %.3g %s (budget %s%g %s) %s\n", name, value, unit,
           higher_is_better ? ">= " : "", budget, unit, ok ? "ok" : "OVER");
    fflush(stdout);
}

/* A figure DESIGN 9 gives no budget of its own, shown beside one that it
 * does for comparison; never counted as over. */
static void note(const char *name, double value, const char *unit,
                 const char *beside)
{
    printf("%s: %.3g %s (no budget; %s)\n", name, value, unit, beside);
    fflush(stdout);
}

static void bench_evaluate(void)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    enum { RUNS = 31, N = 20000 };
    double t[RUNS], sink = 0;
    for (int k = 0; k < RUNS; k++) {
        double t0 = now();
        for (int i = 0; i < N; i++) {
            s.utilization.measured_pct = 1 + (i % 99);
            cost_evaluate(&s, &r);
            sink += r.curve[OPT_ONPREM][i % CURVE_POINTS];
        }
        t[k] = (now() - t0) / N * 1e6;
    }
    if (sink == 42)
        puts("");
    report("full evaluation", median(t, RUNS), "us", 2, false);
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
    double t[RUNS], sink = 0;
    for (int k = 0; k < RUNS; k++) {
        double t0 = now();
        for (int i = 0; i < N; i++) {
            s.utilization.measured_pct = 1 + (i % 99);
            cost_evaluate(&s, &r);
            horizon_evaluate(&s, &h, &cum);
            sink += r.curve[OPT_ONPREM][i % CURVE_POINTS] + cum[OPT_SPOT][60] +
                    h.irr_pct[OPT_ON_DEMAND];
        }
        t[k] = (now() - t0) / N * 1e6;
    }
    if (sink == 42)
        puts("");
    report("full evaluation, 60-month horizon with ramp and price decline",
           median(t, RUNS), "us", 50, false);
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
    double t[RUNS];
    for (int k = 0; k < RUNS; k++) {
        double t0 = now();
        for (int i = 0; i < N; i++)
            risk_tornado(&risk_case, &risk_work, &tor);
        t[k] = (now() - t0) / N * 1e6;
    }
    char name[64];
    snprintf(name, sizeof name, "tornado over %zu inputs", n);
    report(name, median(t, RUNS), "us", 200, false);

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
    char msg[400];
    double m[11];
    for (int k = 0; k < 11; k++) {
        double t0 = now();
        if (!risk_monte_carlo(&risk_case, &risk_work, &buf, &mc, msg,
                              sizeof msg)) {
            fprintf(stderr, "bench: Monte Carlo: %s\n", msg);
            exit(1);
        }
        m[k] = (now() - t0) * 1e3;
    }
    report("Monte Carlo, 10,000 draws", median(m, 11), "ms", 20, false);
    /* The same over a 60-month horizon with a ramp, falling cloud prices
     * and 12-month commitments (the levelized metric, DESIGN 2.7): no budget
     * of its own in DESIGN 9. */
    risk_case.horizon.months = 60;
    risk_case.horizon.ramp_months = 6;
    risk_case.horizon.cloud_price_change_pct_year = -25;
    risk_case.cloud.reserved_term_months = 12;
    for (int k = 0; k < 11; k++) {
        double t0 = now();
        if (!risk_monte_carlo(&risk_case, &risk_work, &buf, &mc, msg,
                              sizeof msg)) {
            fprintf(stderr, "bench: Monte Carlo: %s\n", msg);
            exit(1);
        }
        m[k] = (now() - t0) * 1e3;
    }
    free(all);
    note("Monte Carlo, 10,000 draws, 60-month horizon", median(m, 11), "ms",
         "the planner's Risk panel computes it beside the keys");

    /* Goal seek: the node price (closed form) and the spot goodput (scan
     * and bisection) against spot; the slower one counts. */
    Scenario def;
    scenario_default(&def);
    const char *keys[2] = {"hardware.node_price", "cloud.spot_goodput_pct"};
    double worst = 0;
    for (int j = 0; j < 2; j++) {
        double v[RUNS];
        SeekResult r;
        for (int k = 0; k < RUNS; k++) {
            double t0 = now();
            seek_solve(&def, field_find(keys[j]), OPT_SPOT, &risk_work, &r);
            v[k] = (now() - t0) * 1e3;
        }
        double md = median(v, RUNS);
        if (md > worst)
            worst = md;
    }
    report("goal seek", worst, "ms", 2, false);
}

static void bench_load(void)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/diagflow.yaml", scenario_dir);
    enum { RUNS = 31, N = 200 };
    double t[RUNS];
    for (int k = 0; k < RUNS; k++) {
        double t0 = now();
        for (int i = 0; i < N; i++) {
            Scenario s;
            Diag d;
            if (scenario_load_file(path, &s, &d) != 0) {
                fprintf(stderr, "bench: cannot load %s: %s\n", path, d.message);
                exit(1);
            }
        }
        t[k] = (now() - t0) / N * 1e6;
    }
    report("load + validate", median(t, RUNS), "us", 200, false);
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
    double t[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        double t0 = now();
        hybrid_simulate(&s, &p, p.onprem_nodes, &st, &sc);
        t[k] = (now() - t0) * 1e3;
    }
    printf("  (hybrid month: %zu jobs)\n", st.jobs);
    report("hybrid month, 2,000 jobs", median(t, RUNS), "ms", 2, false);
    enum { ORUNS = 11 };
    double o[ORUNS];
    for (int k = 0; k < ORUNS; k++) {
        double t0 = now();
        for (double n = 0; n < 64; n++)
            hybrid_simulate(&s, &p, n, &st, &sc);
        o[k] = (now() - t0) * 1e3;
    }
    report("hybrid optimizer, 64 sizes", median(o, ORUNS), "ms", 50, false);
    hybrid_scratch_free(&sc);
}

/* A long queue: one node, 33,000 four-GPU two-hour burst jobs a day that
 * may wait 500,000 minutes, for 300 days (9.9 million jobs, over the
 * replay cache, so read from the stream), ahead of a few on-prem jobs of
 * a lower priority (the event engine). One run at the plan's size, CPU,
 * the median of three; the budget is the 200,000-job month's 40 ms scaled
 * by the jobs. (A whole evaluation also runs every size up to the 1,400
 * nodes that hold this load.) */
static void bench_hybrid_long_queue(void)
{
    Scenario s;
    scenario_default(&s);
    s.hardware.nodes = 1;
    HybridPlan p;
    memset(&p, 0, sizeof p);
    p.days = 300;
    p.onprem_nodes = 1;
    p.max_wait_minutes = 500000;
    p.cloud_idle_minutes = 10;
    p.seed = 1;
    p.workload_count = 2;
    HybridWorkload *w = p.workloads;
    snprintf(w[0].name, sizeof w[0].name, "burst");
    w[0].per_day = 33000, w[0].gpus = 4, w[0].hours = 2, w[0].run = RUN_BURST;
    w[0].priority = 10;
    snprintf(w[1].name, sizeof w[1].name, "batch");
    w[1].per_day = 2, w[1].gpus = 1, w[1].hours = 1, w[1].run = RUN_ONPREM;
    HybridScratch sc;
    if (hybrid_scratch_init(&sc, 0) != 0) {
        fprintf(stderr, "bench: out of memory\n");
        exit(1);
    }
    enum { RUNS = 3 };
    double t[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        double c0 = cpu_now();
        hybrid_simulate(&s, &p, 1, &st, &sc);
        t[k] = cpu_now() - c0;
    }
    printf("  (long queue: %zu jobs)\n", st.jobs);
    report("hybrid run, 9.9 M jobs through a queue that only grows (one node)",
           median(t, RUNS), "s", 40e-3 * (double)st.jobs / 200000, false);
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
    double t[RUNS], cpu[RUNS];
    HybridSimStats st;
    for (int k = 0; k < RUNS; k++) {
        double t0 = now(), c0 = cpu_now();
        hybrid_simulate(&s, &p, 800, &st, &sc);
        t[k] = (now() - t0) * 1e3;
        cpu[k] = (cpu_now() - c0) * 1e3;
    }
    printf("  (hybrid month: %zu jobs; CPU %.3g ms)\n", st.jobs, median(cpu, RUNS));
    report("hybrid month, 200,000 jobs", median(t, RUNS), "ms", 40, false);

    enum { ORUNS = 5 };
    double o[ORUNS], ocpu[ORUNS];
    static HybridResult r;
    for (int k = 0; k < ORUNS; k++) {
        double t0 = now(), c0 = cpu_now();
        hybrid_evaluate(&s, &s.hybrid, &r, &sc);
        o[k] = (now() - t0) * 1e3;
        ocpu[k] = (cpu_now() - c0) * 1e3;
    }
    printf("  (fleet: %.0f jobs, %zu sizes, optimum %.0f nodes; CPU %.3g ms)\n",
           r.workloads[0].jobs + r.workloads[1].jobs + r.workloads[2].jobs +
               r.workloads[3].jobs + r.workloads[4].jobs,
           r.by_nodes_count, r.optimum.onprem_nodes, median(ocpu, ORUNS));
    report("hybrid optimizer, 1,024-node fleet (whole evaluation)", median(o, ORUNS),
           "ms", 1000, false);

    /* The busy fleet (tests/bench/fleet-1024-busy.yaml): the cluster binds
     * every night, so nearly every size is simulated over the month. */
    char path[4096];
    Diag d;
    snprintf(path, sizeof path, "%s/../tests/bench/fleet-1024-busy.yaml",
             scenario_dir);
    if (scenario_load_file(path, &s, &d) != 0) {
        fprintf(stderr, "bench: cannot load %s: %s\n", path, d.message);
        exit(1);
    }
    for (int k = 0; k < ORUNS; k++) {
        double t0 = now(), c0 = cpu_now();
        hybrid_evaluate(&s, &s.hybrid, &r, &sc);
        o[k] = (now() - t0) * 1e3;
        ocpu[k] = (cpu_now() - c0) * 1e3;
    }
    printf("  (busy fleet: %zu sizes, optimum %.0f nodes; CPU %.3g ms)\n",
           r.by_nodes_count, r.optimum.onprem_nodes, median(ocpu, ORUNS));
    report("hybrid optimizer, 1,024-node busy fleet (whole evaluation)",
           median(o, ORUNS), "ms", 1000, false);
    hybrid_scratch_free(&sc);
}

static void bench_sweep(void)
{
    enum { RUNS = 5 };
    double rate[RUNS];
    for (int k = 0; k < RUNS; k++) {
        char cmd[8192];
        snprintf(cmd, sizeof cmd,
                 "'%s' sweep --vary hardware.nodes=1:100:1 "
                 "--vary utilization.measured_pct=1:100:1 "
                 "--vary cloud.spot_gpu_hour=1:10:0.1 default >/dev/null",
                 binary);
        double t0 = now();
        if (system(cmd) != 0) {
            fprintf(stderr, "bench: sweep failed\n");
            exit(1);
        }
        rate[k] = 100.0 * 100 * 91 / (now() - t0);
    }
    report("sweep, 910,000 rows to /dev/null", median(rate, RUNS), "rows/s", 2e6, true);
}

/* `gpuplan report --format html NAME` of every shipped scenario, the whole
 * command (start, load, evaluate, simulate the hybrid plan, write the page)
 * to /dev/null; the median of 11 runs each, reported for the slowest. */
static void bench_report_html(void)
{
    enum { RUNS = 11 };
    DIR *d = opendir(scenario_dir);
    if (!d) {
        perror("bench: scenarios");
        exit(1);
    }
    double worst = 0;
    char worst_name[256] = "";
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 6 || strcmp(e->d_name + l - 5, ".yaml") != 0 ||
            strcmp(e->d_name, "prices.yaml") == 0)
            continue;
        double t[RUNS];
        for (int k = 0; k < RUNS; k++) {
            char cmd[8192];
            snprintf(cmd, sizeof cmd, "'%s' report --format html '%s/%s' >/dev/null",
                     binary, scenario_dir, e->d_name);
            double t0 = now();
            if (system(cmd) != 0) {
                fprintf(stderr, "bench: report --format html %s failed\n", e->d_name);
                exit(1);
            }
            t[k] = (now() - t0) * 1e3;
        }
        double m = median(t, RUNS);
        if (m > worst) {
            worst = m;
            snprintf(worst_name, sizeof worst_name, "%.*s", (int)(l - 5), e->d_name);
        }
    }
    closedir(d);
    char name[512];
    snprintf(name, sizeof name, "report --format html, slowest shipped scenario (%s)",
             worst_name);
    report(name, worst, "ms", 50, false);
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

/* Read until `quiet` seconds pass without output (or `limit` in all).
 * Returns the bytes read; *last gets the time of the last byte. */
static size_t pty_drain(Pty *p, double quiet, double limit, double *last, char *keep,
                        size_t keep_n)
{
    size_t total = 0;
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
        if (keep && total < keep_n) {
            size_t c = (size_t)n < keep_n - total ? (size_t)n : keep_n - total;
            memcpy(keep + total, buf, c);
        }
        total += (size_t)n;
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
        pty_drain(p, 0.01, 0.05, &last, NULL, 0);
    }
    kill(p->pid, SIGKILL);
    waitpid(p->pid, NULL, 0);
    close(p->fd);
}

/* Send `setup` (keys that select a field), then n times a digit that starts
 * an edit and Esc that cancels it: lat[k] gets the milliseconds from the
 * digit to the last byte of the redraw (the redraw is over once `quiet`
 * seconds pass without output), bytes[k] the bytes written. */
static void typed_digits(Pty *p, const char *setup, double *lat, double *bytes, int n,
                         double quiet)
{
    double last;
    if (write(p->fd, setup, strlen(setup)) < 0)
        perror("bench: write");
    pty_drain(p, quiet > 0.1 ? quiet : 0.1, 30, &last, NULL, 0);
    for (int k = 0; k < n; k++) {
        char key = (char)('1' + k % 9);
        double t0 = now();
        if (write(p->fd, &key, 1) != 1)
            perror("bench: write");
        bytes[k] = (double)pty_drain(p, quiet, 30, &last, NULL, 0);
        lat[k] = (last - t0) * 1e3;
        if (write(p->fd, "\033", 1) != 1)
            perror("bench: write");
        pty_drain(p, quiet > 0.1 ? quiet : 0.1, 30, &last, NULL, 0);
    }
}

/* The same on a plan computed beside the input loop: answered[k] gets
 * the milliseconds from the digit to the first byte of the frame that
 * echoes it, complete[k] to the last byte of the frame with the complete
 * figures (the redraws of the progress come in between; the figures are
 * complete once `quiet` seconds pass without output). */
static void typed_digits_background(Pty *p, const char *setup, double *answered,
                                    double *complete, int n, double quiet)
{
    double last;
    if (write(p->fd, setup, strlen(setup)) < 0)
        perror("bench: write");
    pty_drain(p, quiet, 60, &last, NULL, 0);
    for (int k = 0; k < n; k++) {
        char key = (char)('1' + k % 9);
        double t0 = now();
        if (write(p->fd, &key, 1) != 1)
            perror("bench: write");
        struct pollfd pfd = {p->fd, POLLIN, 0};
        if (poll(&pfd, 1, 30000) <= 0) {
            fprintf(stderr, "bench: no answer to a key\n");
            exit(1);
        }
        answered[k] = (now() - t0) * 1e3;
        pty_drain(p, quiet, 60, &last, NULL, 0);
        complete[k] = (last - t0) * 1e3;
        if (write(p->fd, "\033", 1) != 1)
            perror("bench: write");
        pty_drain(p, quiet, 60, &last, NULL, 0);
    }
}

static void bench_planner(void)
{
    char home[] = "/tmp/gpuplan-bench.XXXXXX";
    if (!mkdtemp(home)) {
        perror("bench: mkdtemp");
        exit(1);
    }
    enum { STARTS = 11, KEYS = 40 };
    double first[STARTS], last;
    size_t full_repaint = 0;
    for (int k = 0; k < STARTS; k++) {
        Pty p;
        double t0 = now();
        pty_start(&p, home, NULL);
        size_t n = pty_drain(&p, 0.05, 5, &last, NULL, 0);
        first[k] = (last - t0) * 1e3;
        if (k == 0)
            full_repaint = n;
        pty_stop(&p);
    }
    report("start to first frame", median(first, STARTS), "ms", 20, false);

    Pty p;
    pty_start(&p, home, NULL);
    pty_drain(&p, 0.1, 5, &last, NULL, 0);
    double lat[KEYS], bytes[KEYS];
    typed_digits(&p, ":goto utilization.measured_pct\r", lat, bytes, KEYS, 0.02);
    report("keystroke to updated screen, 80x24", median(lat, KEYS), "ms", 1, false);
    double pct = 100 * median(bytes, KEYS) / (double)(full_repaint ? full_repaint : 1);
    printf("  (one digit: %.0f bytes; full repaint: %zu bytes)\n", median(bytes, KEYS),
           full_repaint);
    report("bytes for one typed digit vs a full repaint", pct, "%", 25, false);

    double c0 = cpu_seconds(p.pid);
    sleep(10);
    double c1 = cpu_seconds(p.pid);
    report("CPU while idle for 10 s", (c1 - c0) * 1e3, "ms", 0, false);
    pty_stop(&p);

    /* The Hybrid panel: each digit typed into the experiments' rate (past
     * the plan's six rows and two workloads) re-runs the simulated month
     * and the optimizer over every cluster size. */
    char path[4096];
    snprintf(path, sizeof path, "%s/logistics-hybrid.yaml", scenario_dir);
    pty_start(&p, home, path);
    pty_drain(&p, 0.1, 5, &last, NULL, 0);
    typed_digits(&p, "\0338\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[C", lat,
                 bytes, KEYS, 0.02);
    report("keystroke on the Hybrid panel (logistics-hybrid), 80x24", median(lat, KEYS),
           "ms", 1, false);
    pty_stop(&p);

    /* The same on the 1,024-node fleet, whose plan is computed beside the
     * input loop: the key is answered at once, the complete figures follow
     * (each digit is a new rate for the evaluations). */
    snprintf(path, sizeof path, "%s/../tests/bench/fleet-1024.yaml", scenario_dir);
    pty_start(&p, home, path);
    pty_drain(&p, 1, 30, &last, NULL, 0);
    enum { FKEYS = 5 };
    double fanswer[FKEYS], fcomplete[FKEYS];
    typed_digits_background(
        &p, "\0338\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[B\033[C",
        fanswer, fcomplete, FKEYS, 0.5);
    report("keystroke on the Hybrid panel (1,024-node fleet): screen answered",
           median(fanswer, FKEYS), "ms", 16, false);
    report("keystroke on the Hybrid panel (1,024-node fleet): complete results",
           median(fcomplete, FKEYS), "ms", 1000, false);
    pty_stop(&p);

    /* The Risk panel (the last one: Shift-Tab from the first, one key):
     * each digit typed into the low end of the utilization range restarts
     * diagflow-risk's live Monte Carlo (10,000 draws, computed in stages
     * beside the input loop, marked refining until the last is in). */
    snprintf(path, sizeof path, "%s/diagflow-risk.yaml", scenario_dir);
    pty_start(&p, home, path);
    pty_drain(&p, 0.5, 10, &last, NULL, 0);
    typed_digits_background(&p, "\033[Z\033[B\033[B\033[C", fanswer, fcomplete,
                            FKEYS, 0.5);
    report("keystroke on the Risk panel (diagflow-risk), 80x24: screen answered",
           median(fanswer, FKEYS), "ms", 1, false);
    note("keystroke on the Risk panel (diagflow-risk), 80x24: complete Monte Carlo",
         median(fcomplete, FKEYS), "ms", "the figures are marked refining until then");
    pty_stop(&p);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", home);
    if (system(cmd) != 0)
        fprintf(stderr, "bench: could not remove %s\n", home);
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
        bench_measure(argv[2], getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp", report);
        return overs ? 1 : 0;
    }
    if (argc != 3) {
        fprintf(stderr, "usage: bench GPUPLAN_BINARY SCENARIO_DIR\n");
        return 64;
    }
    binary = argv[1];
    scenario_dir = argv[2];
    setenv("GPUPLAN_SCENARIO_DIR", scenario_dir, 1);
    bench_evaluate();
    bench_horizon();
    bench_load();
    bench_risk();
    bench_hybrid();
    bench_hybrid_fleet();
    bench_hybrid_long_queue();
    bench_sweep();
    bench_report_html();
    bench_planner();
    bench_measure(binary, getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
                  report);
    printf("%s\n", overs ? "some budgets are OVER" : "all budgets ok");
    return overs ? 1 : 0;
}
