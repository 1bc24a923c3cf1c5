/* check_trace_spill.c: a job history longer than one block is sorted on a
 * scratch file and replayed from it (DESIGN 10.8). Whatever the block's
 * size, the table, its figures and the job stream are those of the same
 * history held in memory; a scratch file that cannot be made or written is
 * an error that says where, and leaves nothing. */
#include "config.h"

#include <check.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "trace_jobs.h"

static const char *const names[] = {"gpu", "debug"};
static const size_t workloads[] = {0, 1};

static TraceOptions options(size_t chunk)
{
    TraceOptions o = {JOBS_AUTO, JOB_GROUP_DEFAULT, true, names, workloads, 2, 2,
                      9 * 1440, chunk};
    return o;
}

static void put_time(FILE *f, int64_t t)
{
    time_t s = (time_t)t;
    struct tm tm;
    gmtime_r(&s, &tm);
    char buf[32];
    strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
    fputs(buf, f);
}

static void put_job(FILE *f, const char *id, const char *part, int64_t submit,
                    int64_t start, int64_t end, int gpus)
{
    fprintf(f, "%s|job|%s|ml|normal|ann|%s|", id, part, end ? "COMPLETED" : "RUNNING");
    put_time(f, submit);
    fputc('|', f);
    put_time(f, start);
    fputc('|', f);
    if (end)
        put_time(f, end);
    else
        fputs("Unknown", f);
    if (gpus > 0)
        fprintf(f, "|cpu=8,gres/gpu=%d,node=1|\n", gpus);
    else
        fputs("|cpu=8,node=1|\n", f);
}

/* 6,000 records in a shuffled order of arrival (several to a minute), in
 * three partitions, with run times of 1 to 5,000 minutes on 1 to 8 GPUs
 * (more shapes than the classes: rounded to a step), jobs still running,
 * arrays of 3 tasks and one of 70,000 (two entries of the table), a
 * heterogeneous job every 31 records, jobs without GPUs and job steps. */
static void write_history(const char *path)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs("JobID|JobName|Partition|Account|QOS|User|State|Submit|Start|End|"
          "AllocTRES|ReqTRES\n", f);
    const int64_t base = 1709510400 + 11820; /* 2024-03-04T03:17Z */
    static const char *const part[] = {"gpu", "debug", "other"};
    enum { N = 6000 };
    for (int i = 0; i < N; i++) {
        int64_t submit = base + (int64_t)((i * 7919) % N) * 37;
        int64_t start = submit + (i % 5) * 60 + (i % 3) * 7;
        int64_t end = start + 60 * (1 + (i * 13) % 5000) - (i % 7);
        int gpus = i % 41 == 0 ? 0 : 1 << (i % 4);
        char id[48];
        if (i % 97 == 0)
            end = 0; /* running: held to the latest time named */
        if (i == 1234)
            snprintf(id, sizeof id, "%d_[1-70000]", 1000 + i);
        else if (i % 50 == 0)
            snprintf(id, sizeof id, "%d_[1-3]", 1000 + i);
        else if (i % 31 == 0)
            snprintf(id, sizeof id, "%d+0", 1000 + i);
        else
            snprintf(id, sizeof id, "%d", 1000 + i);
        put_job(f, id, part[i % 3], submit, start, end, gpus);
        if (i % 31 == 0 && i % 50 != 0 && i != 1234) {
            snprintf(id, sizeof id, "%d+1", 1000 + i);
            put_job(f, id, part[i % 3], submit, start, end ? end + 600 : 0, 2);
        }
        if (i % 11 == 0) { /* a step, not a job */
            snprintf(id, sizeof id, "%d.batch", 1000 + i);
            put_job(f, id, part[i % 3], submit, start, end, gpus);
        }
    }
    ck_assert_int_eq(fclose(f), 0);
}

static int load(const char *path, const TraceOptions *o, TraceJobs *t, Diag *d)
{
    const char *paths[1] = {path};
    return trace_jobs_load(paths, 1, o, t, d);
}

static void same_table(TraceJobs *a, TraceJobs *b)
{
    ck_assert_uint_eq(a->count, b->count);
    ck_assert_int_eq(a->span, b->span);
    ck_assert_int_eq(a->origin, b->origin);
    const TraceStats *x = &a->stats, *y = &b->stats;
    ck_assert_uint_eq(x->records, y->records);
    ck_assert_uint_eq(x->jobs, y->jobs);
    ck_assert_uint_eq(x->no_start, y->no_start);
    ck_assert_uint_eq(x->no_end, y->no_end);
    ck_assert_uint_eq(x->no_gpus, y->no_gpus);
    ck_assert_uint_eq(x->no_time, y->no_time);
    ck_assert_uint_eq(x->running, y->running);
    ck_assert_uint_eq(x->components, y->components);
    ck_assert_uint_eq(x->fractions, y->fractions);
    ck_assert(x->step_pct == y->step_pct);
    ck_assert_uint_eq(trace_jobs_replayed(a), trace_jobs_replayed(b));
    ck_assert_uint_eq(a->load_count, b->load_count);
    for (size_t w = 0; w < a->load_count; w++) {
        ck_assert_uint_eq(a->loads[w].entries, b->loads[w].entries);
        ck_assert(a->loads[w].jobs == b->loads[w].jobs);
        ck_assert(a->loads[w].gpus == b->loads[w].gpus);
        ck_assert(a->loads[w].hours == b->loads[w].hours);
    }
    Diag d;
    TraceJob p, q;
    trace_jobs_start(a);
    trace_jobs_start(b);
    for (size_t i = 0; i < a->count; i++) {
        ck_assert_int_eq(trace_jobs_next(a, &p, &d), 1);
        ck_assert_int_eq(trace_jobs_next(b, &q, &d), 1);
        ck_assert_msg(p.submit == q.submit && p.minutes == q.minutes &&
                          p.gpus == q.gpus && p.workload == q.workload &&
                          p.count == q.count,
                      "entry %zu: %u %u %u %u %u against %u %u %u %u %u", i, p.submit,
                      p.minutes, p.gpus, p.workload, p.count, q.submit, q.minutes,
                      q.gpus, q.workload, q.count);
    }
    ck_assert_int_eq(trace_jobs_next(a, &p, &d), 0);
    ck_assert_int_eq(trace_jobs_next(b, &q, &d), 0);
}

/* The streams, twice each (the simulation rewinds between sizes). */
static void same_stream(TraceJobs *a, TraceJobs *b)
{
    HybridJobSource sa, sb;
    trace_jobs_source(a, &sa);
    trace_jobs_source(b, &sb);
    Diag d;
    for (int pass = 0; pass < 2; pass++) {
        ck_assert_int_eq(sa.rewind(sa.state, &d), 0);
        ck_assert_int_eq(sb.rewind(sb.state, &d), 0);
        uint64_t n = 0;
        HybridJob x, y;
        int rx, ry;
        while ((rx = sa.next(sa.state, &x, &d)) == 1) {
            ry = sb.next(sb.state, &y, &d);
            ck_assert_int_eq(ry, 1);
            ck_assert_msg(x.submit == y.submit && x.gpus == y.gpus &&
                              x.minutes == y.minutes && x.hours == y.hours &&
                              x.workload == y.workload,
                          "job %llu differs", (unsigned long long)n);
            n++;
        }
        ck_assert_int_eq(rx, 0);
        ck_assert_int_eq(sb.next(sb.state, &y, &d), 0);
        ck_assert_uint_eq(n, trace_jobs_replayed(a));
    }
}

/* The history at path held in memory and read in blocks of `chunk`
 * records: the same, and on the scratch file when `spills`. */
static void compare(const char *path, size_t chunk, bool spills)
{
    TraceOptions held = options(0), spilled = options(chunk);
    TraceJobs a, b;
    Diag d;
    ck_assert_msg(load(path, &held, &a, &d) == 0, "%s", d.message);
    ck_assert_msg(load(path, &spilled, &b, &d) == 0, "%s", d.message);
    ck_assert_ptr_nonnull(a.jobs); /* held in memory */
    ck_assert(!a.table.open);
    ck_assert(b.table.open == spills); /* on the scratch file */
    ck_assert((b.jobs == NULL) == spills);
    same_table(&a, &b);
    same_stream(&a, &b);
    trace_jobs_free(&a);
    trace_jobs_free(&b);
}

START_TEST(spilled_is_held)
{
    char path[] = "/tmp/check_trace_spill.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_history(path);
    /* What the history holds, so that the comparison has something to
     * compare: every kind of record, and run times rounded. */
    TraceOptions o = options(0);
    TraceJobs t;
    Diag d;
    ck_assert_int_eq(load(path, &o, &t, &d), 0);
    ck_assert(t.stats.step_pct > 0);
    ck_assert_uint_gt(t.stats.running, 0);
    ck_assert_uint_gt(t.stats.components, 0);
    ck_assert_uint_gt(t.stats.no_gpus, 0);
    ck_assert_uint_gt(t.stats.jobs, 70000);
    ck_assert_uint_eq(t.load_count, 3);
    trace_jobs_free(&t);
    static const size_t chunks[] = {1, 2, 3, 7, 64, 1000, 5000};
    for (size_t k = 0; k < sizeof chunks / sizeof chunks[0]; k++)
        compare(path, chunks[k], true);
    compare(path, 10000, false); /* one block: held */
    unlink(path);
}
END_TEST

/* measure's fixture: steps, a pending array, a heterogeneous job, a job
 * still running, a malformed line; every place a block can end. */
START_TEST(fixture_in_every_block)
{
    static char path[4096];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/tests/data/measure/sacct-basic.txt",
             top ? top : ".");
    /* 6 entries (108 and its component 108+1 are one; 104, 105 and 103 are
     * none; 109 is malformed): 6 records a block hold them all. */
    for (size_t chunk = 1; chunk <= 6; chunk++)
        compare(path, chunk, chunk < 6);
}
END_TEST

START_TEST(scratch_cannot_be_made)
{
    char path[] = "/tmp/check_trace_spill.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_history(path);
    setenv("TMPDIR", "/nonexistent-gpuplan-scratch", 1);
    TraceOptions o = options(100);
    TraceJobs t;
    Diag d;
    ck_assert_int_eq(load(path, &o, &t, &d), EXIT_IOERR);
    ck_assert_str_eq(d.message, "cannot create the replay's scratch file in "
                                "/nonexistent-gpuplan-scratch: No such file or "
                                "directory");
    ck_assert_uint_eq(t.count, 0);
    ck_assert_ptr_null(t.jobs);
    /* A history that fits one block needs no scratch file. */
    TraceOptions held = options(0);
    ck_assert_int_eq(load(path, &held, &t, &d), 0);
    trace_jobs_free(&t);
    unsetenv("TMPDIR");
    unlink(path);
}
END_TEST

/* A disk that fills (here, a file size limit) while the blocks are
 * written: an I/O error naming the folder, nothing kept. */
START_TEST(scratch_fills)
{
    char path[] = "/tmp/check_trace_spill.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_history(path);
    char dir[] = "/tmp/check_trace_spill_dir.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    setenv("TMPDIR", dir, 1);
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit lim = {64 * 1024, 64 * 1024};
    ck_assert_int_eq(setrlimit(RLIMIT_FSIZE, &lim), 0);
    TraceOptions o = options(100);
    TraceJobs t;
    Diag d;
    ck_assert_int_eq(load(path, &o, &t, &d), EXIT_IOERR);
    char want[512];
    snprintf(want, sizeof want,
             "cannot write the replay's scratch file in %s: File too large", dir);
    ck_assert_str_eq(d.message, want);
    ck_assert_uint_eq(t.count, 0);
    ck_assert_int_eq(rmdir(dir), 0); /* empty: the scratch file is gone */
    unsetenv("TMPDIR");
    unlink(path);
}
END_TEST

static Suite *suite(void)
{
    Suite *su = suite_create("trace_spill");
    TCase *t = tcase_create("core");
    tcase_set_timeout(t, 60);
    tcase_add_test(t, spilled_is_held);
    tcase_add_test(t, fixture_in_every_block);
    tcase_add_test(t, scratch_cannot_be_made);
    tcase_add_test(t, scratch_fills);
    suite_add_tcase(su, t);
    return su;
}

int main(void)
{
    SRunner *sr = srunner_create(suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
