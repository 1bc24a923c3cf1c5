/* bench_measure.c: a generated million-job sacct file, and the time
 * `gpuplan measure` takes to read it (DESIGN 9, 10). */
#include "config.h"

#include "bench_measure.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "hybrid.h"
#include "measure.h"
#include "rng.h"
#include "scenario_file.h"
#include "trace_plan.h"

#define START INT64_C(1709510400) /* 2024-03-04 00:00 UTC */
#define DAYS 30
#define GPUS 8192

/* "2024-03-04T00:00:00" of UTC second t. */
static void put_time(FILE *f, int64_t t)
{
    int64_t days = t / 86400, s = t % 86400, y;
    int mo, d;
    measure_civil_from_days(days, &y, &mo, &d);
    fprintf(f, "%04d-%02d-%02dT%02d:%02d:%02d", (int)y, mo, d, (int)(s / 3600),
            (int)(s / 60 % 60), (int)(s % 60));
}

static int size_of(Rng *r)
{
    double u = rng_uniform(r);
    return u < 0.50 ? 1 : u < 0.65 ? 2 : u < 0.80 ? 4 : u < 0.95 ? 8
         : u < 0.98 ? 16 : u < 0.995 ? 32 : 64;
}

static void put_tres(FILE *f, int g)
{
    fprintf(f, "billing=%d,cpu=%d,gres/gpu=%d,mem=%dG,node=%d", g * 8, g * 8,
            g, g * 64, (g + 7) / 8);
}

/* One job line and its two steps. */
static void put_job(FILE *f, Rng *r, size_t k, int64_t submit, int64_t end_all)
{
    static const char *const parts[] = {"gpu", "gpu", "gpu", "gpu-long",
                                        "debug"};
    static const char *const kinds[] = {"train", "eval", "sweep", "infer",
                                        "prep"};
    int g = size_of(r);
    int64_t wait = (int64_t)rng_exponential(r, 1.0 / 300);
    int64_t dur = 60 + (int64_t)rng_exponential(r, 1.0 / 3000);
    int64_t start = submit + wait, end = start + dur;
    unsigned acct = (unsigned)(rng_next(r) % 20), user = (unsigned)(rng_next(r) % 200);
    const char *part = parts[rng_next(r) % 5], *kind = kinds[rng_next(r) % 5];
    double u = rng_uniform(r);
    const char *state = u < 0.90 ? "COMPLETED" : u < 0.95 ? "FAILED"
                      : u < 0.98 ? "CANCELLED by 0" : "TIMEOUT";
    bool pending = start >= end_all, running = !pending && end >= end_all;
    char id[48];
    if (k % 10 == 3)
        snprintf(id, sizeof id, "%zu_%u", 1000000 + k, (unsigned)(k % 97));
    else
        snprintf(id, sizeof id, "%zu", 1000000 + k);
    fprintf(f, "%s|%s-%u|%s|acct%02u|normal|user%03u|%s|", id, kind,
            (unsigned)(k % 1000), part, acct, user,
            pending ? "PENDING" : running ? "RUNNING" : state);
    put_time(f, submit);
    fputc('|', f);
    if (pending)
        fputs("Unknown|Unknown|", f);
    else {
        put_time(f, start);
        fputc('|', f);
        if (running)
            fputs("Unknown", f);
        else
            put_time(f, end);
        fputc('|', f);
        put_tres(f, g);
    }
    fputc('|', f);
    put_tres(f, g);
    fputc('\n', f);
    if (pending)
        return;
    static const char *const steps[] = {"batch", "extern"};
    for (int s = 0; s < 2; s++) {
        fprintf(f, "%s.%s|%s||acct%02u|||%s|", id, steps[s], steps[s], acct,
                running ? "RUNNING" : "COMPLETED");
        put_time(f, start);
        fputc('|', f);
        put_time(f, start);
        fputc('|', f);
        if (running)
            fputs("Unknown", f);
        else
            put_time(f, end);
        fputs("|cpu=8,mem=64G,node=1|\n", f);
    }
}

int bench_measure_generate(const char *path, size_t jobs, uint64_t seed)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    static char buf[1 << 20];
    setvbuf(f, buf, _IOFBF, sizeof buf);
    fputs("JobID|JobName|Partition|Account|QOS|User|State|Submit|Start|End|"
          "AllocTRES|ReqTRES\n", f);
    Rng r;
    rng_seed(&r, seed);
    const int64_t end_all = START + DAYS * 86400;
    const double gap = (double)(DAYS * 86400) / (double)jobs;
    double t = (double)START;
    for (size_t k = 0; k < jobs; k++) {
        t += rng_exponential(&r, 1.0 / gap);
        put_job(f, &r, k, (int64_t)t, end_all);
    }
    int rc = ferror(f) ? -1 : 0;
    if (fclose(f) != 0)
        rc = -1;
    return rc;
}

double bench_run_cpu(char *const *argv, double *wall)
{
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    fflush(NULL); /* the child would write what is buffered once more */
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout) ||
            !freopen("/dev/null", "w", stderr))
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0)
        return -1;
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (wall)
        *wall = (double)(t1.tv_sec - t0.tv_sec) +
                (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
           (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* The million jobs replayed for 30 days (DESIGN 10.8): the history read
 * into its table and one simulated run of the period at `nodes` nodes, CPU
 * seconds of this process, the median of three. On the 1,024 nodes they
 * came from the cluster hardly binds; on 512 the queue is long all month,
 * two priorities put every start through the event engine and each burst
 * job predicts through the queue. Returns false when it cannot run. */
static bool bench_replay_at(Scenario *s, const char *yaml, int nodes,
                            const char *name, BenchJudge judge)
{
    Diag d;
    enum { RUNS = 3 };
    double t[RUNS];
    bool ok = true;
    for (int k = 0; k < RUNS && ok; k++) {
        clock_t c0 = clock();
        TracePlan tp;
        HybridScratch sc;
        HybridSimStats st;
        ok = trace_plan_prepare(s, yaml, &tp, &d) == 0 && hybrid_scratch_init(&sc, 0) == 0;
        if (ok) {
            sc.source = &tp.source;
            ok = hybrid_simulate(tp.eval, &tp.eval->hybrid, nodes, &st, &sc) == 0;
            hybrid_scratch_free(&sc);
            trace_plan_free(&tp);
        }
        t[k] = (double)(clock() - c0) / CLOCKS_PER_SEC;
    }
    if (!ok)
        fprintf(stderr, "bench: the replay failed: %s\n", d.message);
    else
        judge(name, t, RUNS, "s", 2, "CPU");
    return ok;
}

/* This process's resident set now, in kB (0 when it cannot be read). */
static long resident_kb(void)
{
    FILE *f = fopen("/proc/self/statm", "r");
    long size = 0, resident = 0;
    if (f) {
        if (fscanf(f, "%ld %ld", &size, &resident) != 2)
            resident = 0;
        fclose(f);
    }
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* The memory the replay of the million jobs takes (DESIGN 10.8: the
 * history sorted in blocks on a scratch file, the simulation's replay
 * cache): the read and one run at 1,024 nodes in a child process, its
 * peak resident set less the bench's own when it started, in MB. The
 * table held in memory, as it was, took 45 MB here. */
static bool bench_replay_memory(Scenario *s, const char *yaml, BenchJudge judge)
{
    long base = resident_kb();
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return false;
    if (pid == 0) {
        Diag d;
        TracePlan tp;
        HybridScratch sc;
        HybridSimStats st;
        bool ok = trace_plan_prepare(s, yaml, &tp, &d) == 0 &&
                  hybrid_scratch_init(&sc, 0) == 0;
        if (ok) {
            sc.source = &tp.source;
            ok = hybrid_simulate(tp.eval, &tp.eval->hybrid, 1024, &st, &sc) == 0;
        }
        _exit(ok ? 0 : 1);
    }
    int status;
    struct rusage ru;
    if (wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) ||
        WEXITSTATUS(status) != 0 || base <= 0) {
        fprintf(stderr, "bench: the replay's memory could not be measured\n");
        return false;
    }
    double mb = (double)(ru.ru_maxrss - base) / 1024;
    judge("trace replay, the same file for 30 days: memory (peak resident set)", &mb, 1,
          "MB", 32, "added to the bench's own");
    return true;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The whole hybrid evaluation of the replay (the plan, all on-prem and the
 * optimizer over 1,025 sizes, DESIGN 6.6), as `gpuplan report` computes
 * it: CPU seconds of this process, the median of three. DESIGN 9 gives it
 * no budget; the optimizer's simulated sizes are printed beside it. */
static bool bench_replay_whole(Scenario *s, const char *yaml)
{
    Diag d;
    enum { RUNS = 3 };
    double t[RUNS];
    static HybridResult r;
    bool ok = true;
    for (int k = 0; k < RUNS && ok; k++) {
        clock_t c0 = clock();
        TracePlan tp;
        HybridScratch sc;
        ok = trace_plan_prepare(s, yaml, &tp, &d) == 0 && hybrid_scratch_init(&sc, 0) == 0;
        if (ok) {
            sc.source = &tp.source;
            ok = hybrid_evaluate(tp.eval, &tp.eval->hybrid, &r, &sc) == 0;
            if (ok && k == RUNS - 1)
                printf("  (replay optimizer: %zu of %zu sizes simulated, optimum %.0f "
                       "nodes)\n", hybrid_sizes_simulated(&r), r.by_nodes_count,
                       r.optimum.onprem_nodes);
            hybrid_scratch_free(&sc);
            trace_plan_free(&tp);
        }
        t[k] = (double)(clock() - c0) / CLOCKS_PER_SEC;
    }
    if (!ok) {
        fprintf(stderr, "bench: the replay's evaluation failed\n");
        return false;
    }
    qsort(t, RUNS, sizeof t[0], by_value);
    printf("trace replay, whole hybrid evaluation with the optimizer: %.3g s (no "
           "budget; CPU, %d runs %.3g-%.3g s)\n", t[RUNS / 2], RUNS, t[0], t[RUNS - 1]);
    fflush(stdout);
    return true;
}

static bool bench_replay(const char *dir, BenchJudge judge)
{
    char yaml[4096];
    snprintf(yaml, sizeof yaml, "%s/replay-1m.yaml", dir);
    FILE *f = fopen(yaml, "w");
    if (!f)
        return false;
    fputs("gpuplan: 2\nname: bench replay\nhardware: {nodes: 1024, gpus_per_node: 8}\n"
          "hybrid:\n  days: 30\n  onprem_nodes: 1024\n  trace: sacct-1m.txt\n"
          "  workloads: []\n  groups:\n    - {name: gpu, run: onprem}\n"
          "    - {name: gpu-long, run: onprem, priority: 5}\n"
          "    - {name: debug, run: burst, max_wait_minutes: 30}\n", f);
    if (fclose(f) != 0)
        return false;
    Scenario *s = xmalloc(sizeof *s);
    Diag d;
    bool ok = scenario_load_file(yaml, s, &d) == 0;
    if (!ok)
        fprintf(stderr, "bench: the replay failed: %s\n", d.message);
    /* First, while this process's own heap is small: a child reuses the
     * heap its parent freed without counting it. */
    ok = ok && bench_replay_memory(s, yaml, judge);
    ok = ok && bench_replay_at(s, yaml, 1024,
                               "trace replay, the same file for 30 days (read + one run)",
                               judge);
    ok = ok && bench_replay_at(s, yaml, 512,
                               "trace replay on 512 of its 1,024 nodes (read + one run)",
                               judge);
    ok = ok && bench_replay_whole(s, yaml);
    free(s);
    unlink(yaml);
    return ok;
}

bool bench_measure(const char *binary, const char *dir, BenchJudge judge)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/sacct-1m.txt", dir);
    if (bench_measure_generate(path, 1000000, 1) != 0) {
        fprintf(stderr, "bench: cannot write %s: %s\n", path, strerror(errno));
        return false;
    }
    char *argv[] = {(char *)binary, "measure", "--gpus", "8192", "--tz", "UTC",
                    path, NULL};
    enum { RUNS = 5 };
    double t[RUNS];
    for (int k = 0; k < RUNS; k++) {
        t[k] = bench_run_cpu(argv, NULL);
        if (t[k] < 0) {
            fprintf(stderr, "bench: %s measure failed on %s\n", binary, path);
            unlink(path);
            return false;
        }
    }
    judge("measure, 1,000,000-job sacct file (3,000,000 lines)", t, RUNS, "s",
          1, "CPU");
    bool ok = bench_replay(dir, judge);
    unlink(path);
    return ok;
}
