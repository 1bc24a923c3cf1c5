/* check_job_history.c: reading job histories (DESIGN 10): hand-counted
 * fixtures of each format in tests/data/measure/ (sacct with steps, arrays,
 * typed GPUs, a running job, a pending array; a pod list with fractional
 * GPUs; a job CSV with a byte order mark, CRLF and quoted commas; GPU
 * activity; a node list), the times (offsets, clock changes), and every
 * kind of malformed line with its line, column and reason. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "job_history.h"
#include "measure_run.h"
#include "record_reader.h"
#include "timestamp.h"

#define H 3600
#define MON INT64_C(1709510400) /* 2024-03-04 00:00 UTC, a Monday */

static char data[4096];

static const char *fixture(const char *name)
{
    const char *top = getenv("top_srcdir");
    snprintf(data, sizeof data, "%s/tests/data/measure/%s", top ? top : ".",
             name);
    return data;
}

/* A file holding text, in the test's temporary directory. */
static const char *temp_file(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/check_job_history.XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    size_t n = strlen(text);
    ck_assert_int_eq((int)write(fd, text, n), (int)n);
    close(fd);
    return path;
}

static MeasureRunOptions utc_options(double gpus)
{
    MeasureRunOptions o;
    memset(&o, 0, sizeof o);
    o.utc = true;
    o.from = o.to = MEASURE_NONE;
    o.gpus = gpus;
    return o;
}

static int run1(const char *path, const MeasureRunOptions *o, MeasureRun *r,
                Diag *d)
{
    const char *paths[] = {path};
    return measure_run(paths, 1, o, r, d);
}

START_TEST(sacct_fixture)
{
    MeasureRunOptions o = utc_options(16);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(fixture("sacct-basic.txt"), &o, &run, &d), 0);
    const MeasureResult *r = &run.result;
    /* 15 lines after the header: 4 steps (100.batch, 100.extern, 100.0,
     * 107_2.batch), 1 malformed (109), and 10 job lines standing for 11
     * jobs (104_[1-3] is three) plus 108+1, a component. */
    ck_assert_uint_eq(run.stats.records, 15);
    ck_assert_uint_eq(run.stats.steps, 4);
    ck_assert_uint_eq(run.stats.malformed, 1);
    ck_assert_uint_eq(r->jobs, 11);
    ck_assert_uint_eq(r->with_gpus, 10);
    ck_assert_uint_eq(r->used, 6);
    ck_assert_uint_eq(r->skipped[MEASURE_NOT_STARTED], 3);
    ck_assert_uint_eq(r->skipped[MEASURE_END_UNKNOWN], 1);
    ck_assert_uint_eq(r->running, 1);
    ck_assert_uint_eq(r->components, 1);
    /* 100 8 x 2, 101 4 x 1.5 (gres/gpu:h100=4), 102 2 x 2 (gres/gpu=2
     * beside gres/gpu:h100=2: counted once), 106 running 4 x 1 to 04:00,
     * 107_2 1, 108+0 2, 108+1 2: 35 GPU-hours of 16 x 4. */
    ck_assert_double_eq(r->gpu_hours, 35);
    ck_assert_double_eq(r->measured_pct, 35.0 / 64 * 100);
    ck_assert_int_eq(r->from, MON);
    ck_assert_int_eq(r->to, MON + 4 * H);
    ck_assert_str_eq(run.files[0].format, "sacct");
    ck_assert_str_eq(run.capacity_source, "--gpus");
    /* The malformed line: 109's Start, line 16, column 62 (after the
     * 61 characters of its first nine fields and their bars). */
    ck_assert_uint_eq(run.stats.problem_count, 1);
    const Diag *p = &run.stats.problems[0];
    ck_assert_uint_eq(p->line, 16);
    ck_assert_uint_eq(p->col, 62);
    ck_assert(strstr(p->message, "month"));
    ck_assert(strstr(p->message, "2024-13-04T01:00:00"));
    measure_run_free(&run);
}
END_TEST

START_TEST(sacct_groups)
{
    MeasureRunOptions o = utc_options(16);
    o.group_by = JOB_GROUP_ACCOUNT;
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(fixture("sacct-basic.txt"), &o, &run, &d), 0);
    /* eval: 101 6 + 102 4 = 10; ml: 16 + 4 + 1 + 2 + 2 = 25. */
    const MeasureResult *r = &run.result;
    ck_assert_uint_eq(r->group_count, 2);
    ck_assert_str_eq(r->groups[0].name, "ml");
    ck_assert_double_eq(r->groups[0].gpu_hours, 25);
    ck_assert_uint_eq(r->groups[0].jobs, 4);
    ck_assert_str_eq(r->groups[1].name, "eval");
    ck_assert_double_eq(r->groups[1].gpu_hours, 10);
    measure_run_free(&run);
    /* By name: train-llama, eval-bert, eval-gpt, sweep, het, serve. */
    o.group_by = JOB_GROUP_NAME;
    ck_assert_int_eq(run1(fixture("sacct-basic.txt"), &o, &run, &d), 0);
    ck_assert_uint_eq(run.result.group_count, 5);
    ck_assert_str_eq(run.result.groups[0].name, "train");
    ck_assert_str_eq(run.result.groups[1].name, "eval");
    measure_run_free(&run);
    ck_assert_uint_eq(job_name_prefix("train-llama-7b", 14), 5);
    ck_assert_uint_eq(job_name_prefix("train42", 7), 5);
    ck_assert_uint_eq(job_name_prefix("42", 2), 2);
}
END_TEST

START_TEST(sacct_running_clipped_at_to)
{
    MeasureRunOptions o = utc_options(16);
    o.to = MON + 3 * H + H / 2; /* --to 03:30 */
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(fixture("sacct-basic.txt"), &o, &run, &d), 0);
    /* 35 less: 102 2 x 0.5 after 03:30, 106 4 x 0.5 after 03:30. */
    ck_assert_double_eq(run.result.gpu_hours, 32);
    ck_assert_double_eq(run.result.hours, 3.5);
    ck_assert_uint_eq(run.result.running, 1);
    measure_run_free(&run);
}
END_TEST

START_TEST(sacct_arrays_and_ids)
{
    const char *path = temp_file(
        "JobID|State|Submit|Start|End|ReqTRES\n"
        "7_[1-3,5,8-20:4%2]|PENDING|2024-03-04T00:00:00|Unknown|Unknown|gres/gpu=1\n"
        "8_[0-9]|CANCELLED by 0|2024-03-04T00:00:00|None|2024-03-04T01:00:00|gres/gpu=2\n"
        "9|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gres/gpu=1\n"
        "10_[3-1]|PENDING|2024-03-04T00:00:00|Unknown|Unknown|gres/gpu=1\n"
        "1x|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gres/gpu=1\n"
        "11|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gres/gpu=x\n"
        "12|PENDING|2024-03-04T00:00:00|2024-03-05T00:00:00|Unknown|gres/gpu=1\n");
    MeasureRunOptions o = utc_options(4);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(path, &o, &run, &d), 0);
    unlink(path);
    /* 7: 1-3 (3), 5 (1), 8-20 step 4 (8 12 16 20: 4) = 8 tasks; 8: 10
     * tasks cancelled before they started (Start None); 12: pending with
     * an expected start, which is not a start. */
    ck_assert_uint_eq(run.result.jobs, 8 + 10 + 1 + 1);
    ck_assert_uint_eq(run.result.skipped[MEASURE_NOT_STARTED], 8 + 10 + 1);
    ck_assert_uint_eq(run.result.used, 1);
    ck_assert_uint_eq(run.stats.malformed, 3);
    ck_assert(strstr(run.stats.problems[0].message, "'10_[3-1]' is not a job id"));
    ck_assert(strstr(run.stats.problems[1].message, "'1x' is not a job id"));
    ck_assert(strstr(run.stats.problems[2].message, "gres/gpu=x"));
    ck_assert_uint_eq(run.stats.problems[2].line, 7);
    measure_run_free(&run);
}
END_TEST

START_TEST(sacct_gres_columns)
{
    /* No AllocTRES: AllocGRES, with the count before an index list that
     * holds a comma, and a typed entry. */
    const char *path = temp_file(
        "JobID|State|Submit|Start|End|AllocGRES\n"
        "1|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gpu:h100:2(IDX:0,2),mps:100\n"
        "2|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gpu:3\n"
        "3|COMPLETED|2024-03-04T00:00:00|2024-03-04T00:00:00|2024-03-04T01:00:00|gpu\n");
    MeasureRunOptions o = utc_options(8);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(path, &o, &run, &d), 0);
    unlink(path);
    ck_assert_double_eq(run.result.gpu_hours, 2 + 3 + 1);
    measure_run_free(&run);
}
END_TEST

START_TEST(pods_fixture)
{
    MeasureRunOptions o = utc_options(8);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(fixture("pods-basic.csv"), &o, &run, &d), 0);
    const MeasureResult *r = &run.result;
    /* pod-a 0.5 GPU (gpu_milli 500) x 2 h, pod-b 2 x 0.5 h, pod-g 4 x 1 h
     * ("LS,HP", a quoted comma); pod-c no deletion, pod-d no span, pod-e
     * no GPU, pod-f never scheduled. */
    ck_assert_uint_eq(r->jobs, 7);
    ck_assert_uint_eq(r->with_gpus, 6);
    ck_assert_uint_eq(r->used, 3);
    ck_assert_uint_eq(r->skipped[MEASURE_END_UNKNOWN], 1);
    ck_assert_uint_eq(r->skipped[MEASURE_NO_SPAN], 1);
    ck_assert_uint_eq(r->skipped[MEASURE_NOT_STARTED], 1);
    ck_assert_double_eq(r->gpu_hours, 6);
    ck_assert_double_eq(r->measured_pct, 37.5);
    ck_assert_str_eq(r->groups[0].name, "LS,HP");
    ck_assert_str_eq(r->groups[2].name, "LS");
    ck_assert_double_eq(r->groups[2].gpus[0], 0.5);
    ck_assert_str_eq(run.files[0].format, "pods");
    measure_run_free(&run);
}
END_TEST

START_TEST(csv_bom_crlf_quotes)
{
    MeasureRunOptions o = utc_options(8);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(fixture("jobs-crlf-bom.csv"), &o, &run, &d), 0);
    const MeasureResult *r = &run.result;
    /* "team, a" 2 x 1 h; team-b 1.5 x 2 h (epoch seconds); team "c" 4 x 2
     * h (offsets +01:00, +00:00); one without an end; one malformed. */
    ck_assert_double_eq(r->gpu_hours, 13);
    ck_assert_double_eq(r->hours, 3);
    ck_assert_uint_eq(r->skipped[MEASURE_END_UNKNOWN], 1);
    ck_assert_str_eq(r->groups[0].name, "team \"c\"");
    ck_assert_str_eq(r->groups[2].name, "team, a");
    ck_assert_uint_eq(run.stats.malformed, 1);
    /* Line 6 (the BOM is no column), column 64: 'zwei'. */
    ck_assert_uint_eq(run.stats.problems[0].line, 6);
    ck_assert_uint_eq(run.stats.problems[0].col, 64);
    ck_assert(strstr(run.stats.problems[0].message, "gpus 'zwei'"));
    measure_run_free(&run);
}
END_TEST

START_TEST(csv_headerless_and_multiline)
{
    /* No header; a quoted group over two lines; the next record's line
     * number counts both. */
    const char *path = temp_file(
        "2024-03-04T00:00:00Z,2024-03-04T00:00:00Z,2024-03-04T01:00:00Z,1,\"two\nlines\"\n"
        "2024-03-04T00:00:00Z,2024-03-04T00:00:00Z,2024-03-04T01:00:00Z,-1,x\n"
        "2024-03-04T00:00:00Z,2024-03-04T00:00:00Z,2024-03-04T01:00:00Z,1,\"open\n");
    MeasureRunOptions o = utc_options(1);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(path, &o, &run, &d), 0);
    unlink(path);
    ck_assert_double_eq(run.result.gpu_hours, 1);
    ck_assert_str_eq(run.result.groups[0].name, "two\nlines");
    ck_assert_uint_eq(run.stats.malformed, 2);
    ck_assert_uint_eq(run.stats.problems[0].line, 3);
    ck_assert_uint_eq(run.stats.problems[0].col, 64);
    ck_assert_uint_eq(run.stats.problems[1].line, 4);
    ck_assert(strstr(run.stats.problems[1].message, "quoted field"));
    measure_run_free(&run);
}
END_TEST

START_TEST(activity_with_jobs)
{
    MeasureRunOptions o = utc_options(2);
    MeasureRun run;
    Diag d;
    const char *paths[] = {NULL, NULL};
    char a[4096];
    snprintf(a, sizeof a, "%s", fixture("jobs-two-gpus.csv"));
    paths[0] = a;
    paths[1] = fixture("activity-basic.csv");
    ck_assert_int_eq(measure_run(paths, 2, &o, &run, &d), 0);
    ck_assert_double_eq(run.result.measured_pct, 100);
    ck_assert_double_eq(run.result.active_pct, 50);
    ck_assert_str_eq(run.files[1].format, "activity");
    measure_run_free(&run);
    /* Activity alone measures nothing: no job. */
    ck_assert_int_eq(run1(fixture("activity-basic.csv"), &o, &run, &d),
                     EXIT_DATAERR);
    ck_assert(strstr(d.message, "no job"));
}
END_TEST

START_TEST(activity_problems)
{
    const char *path = temp_file(
        "value,timestamp,id\n"
        "0.5,2024-03-04T00:00:00Z,g\n"
        "0.5,2024-03-04T00:01:00Z,g\n"
        "0.5,2024-03-04T00:00:30Z,g\n"
        "1.5e2,2024-03-04T00:02:00Z,g\n"
        "0.5,,g\n"
        ",2024-03-04T00:03:00Z,g\n"
        "0.5,2024-03-04T00:03:00Z,\n");
    MeasureRunOptions o = utc_options(2);
    MeasureRun run;
    Diag d;
    const char *paths[] = {fixture("jobs-two-gpus.csv"), path};
    char a[4096];
    snprintf(a, sizeof a, "%s", paths[0]);
    paths[0] = a;
    ck_assert_int_eq(measure_run(paths, 2, &o, &run, &d), 0);
    unlink(path);
    ck_assert_uint_eq(run.stats.malformed, 5);
    ck_assert(strstr(run.stats.problems[0].message, "time order"));
    ck_assert_uint_eq(run.stats.problems[0].line, 4);
    ck_assert(strstr(run.stats.problems[1].message, "'1.5e2' is not a number from 0 to 100"));
    ck_assert(strstr(run.stats.problems[2].message, "no timestamp"));
    ck_assert(strstr(run.stats.problems[3].message, "no value"));
    ck_assert(strstr(run.stats.problems[4].message, "no id"));
    measure_run_free(&run);
}
END_TEST

START_TEST(clock_changes_in_new_york)
{
    setenv("TZ", "America/New_York", 1);
    tzset();
    MeasureRunOptions o = utc_options(2);
    o.utc = false;
    MeasureRun run;
    Diag d;
    /* 01:00 EST to 04:00 EDT on 2024-03-10 is 2 hours; 02:30 does not
     * exist that day and reads as 02:30 EST = 03:30 EDT, to 04:30 EDT: 1
     * hour. */
    ck_assert_int_eq(run1(fixture("sacct-dst-spring.txt"), &o, &run, &d), 0);
    ck_assert_double_eq(run.result.gpu_hours, 3);
    ck_assert_double_eq(run.result.hours, 2.5);
    ck_assert_int_eq(run.result.from_offset, -5 * H);
    ck_assert_int_eq(run.result.to_offset, -4 * H);
    measure_run_free(&run);
    /* 00:30 EDT to 02:30 EST on 2024-11-03 is 3 hours; 01:40 to 01:10 is
     * 01:40 EDT to 01:10 EST (the end reads as the second 01:10, since
     * the first is before the start): half an hour. */
    ck_assert_int_eq(run1(fixture("sacct-dst-fall.txt"), &o, &run, &d), 0);
    ck_assert_double_eq(run.result.gpu_hours, 3.5);
    ck_assert_double_eq(run.result.hours, 3);
    ck_assert_uint_eq(run.result.hour_count, 4);
    measure_run_free(&run);
    unsetenv("TZ");
    tzset();
}
END_TEST

START_TEST(timestamps)
{
    TimeZone z;
    timezone_init(&z, true);
    int64_t t, later;
    const char *why;
    size_t at;
#define OK(text, want)                                                      \
    ck_assert_int_eq(timestamp_parse(text, strlen(text), &z, &t, &later,    \
                                     &why, &at),                            \
                     TIME_OK);                                              \
    ck_assert_int_eq(t, want)
    OK("2024-03-04T00:00:00", MON);
    OK("2024-03-04 00:00", MON);
    OK("2024-03-04", MON);
    OK(" 2024-03-04T01:00:00Z ", MON + H);
    OK("2024-03-04T01:00:00+01:00", MON);
    OK("2024-03-04T01:00:00+0100", MON);
    OK("2024-03-04T01:00:00+01", MON);
    OK("2024-03-03T19:00:00-05:00", MON);
    OK("2024-03-04T00:00:00.6Z", MON + 1);
    OK("1709510400", MON);
    OK("1709510400.5", MON + 1);
    OK("2024-02-29T00:00:00Z", MON - 4 * 86400);
#undef OK
#define BAD(text, word)                                                     \
    ck_assert_int_eq(timestamp_parse(text, strlen(text), &z, &t, &later,    \
                                     &why, &at),                            \
                     TIME_BAD);                                             \
    ck_assert_msg(strstr(why, word), "%s: %s", text, why)
    BAD("2024-13-01", "month");
    BAD("2023-02-29", "day");
    BAD("2024-04-31", "day");
    BAD("1899-12-31", "1900");
    BAD("2024-03-04T25:00", "hour");
    BAD("2024-03-04T10", "HH:MM");
    BAD("2024-03-04T10:00:00+25:00", "offset");
    BAD("2024-03-04T10:00:00 UTC", "text after");
    BAD("-5", "signed");
    BAD("yesterday", "not a time");
    BAD("12.", "digits");
#undef BAD
    ck_assert_int_eq(timestamp_parse("Unknown", 7, &z, &t, &later, &why, &at),
                     TIME_UNKNOWN);
    ck_assert_int_eq(timestamp_parse("None", 4, &z, &t, &later, &why, &at),
                     TIME_UNKNOWN);
    ck_assert_int_eq(timestamp_parse("  ", 2, &z, &t, &later, &why, &at),
                     TIME_UNKNOWN);
    /* Where the blame lies: the month of "2024-13-01" is at offset 5. */
    timestamp_parse("2024-13-01", 10, &z, &t, &later, &why, &at);
    ck_assert_uint_eq(at, 5);
}
END_TEST

START_TEST(local_time_readings)
{
    setenv("TZ", "Europe/Berlin", 1);
    TimeZone z;
    timezone_init(&z, false);
    int64_t a, b;
    /* 2024-10-27 02:30 happens twice in Berlin (CEST, then CET). */
    int64_t local = (measure_days_from_civil(2024, 10, 27) * 24 + 2) * H +
                    30 * 60;
    ck_assert_int_eq(timezone_from_local(&z, local, &a, &b), 2);
    ck_assert_int_eq(a, local - 2 * H);
    ck_assert_int_eq(b, local - H);
    /* 2024-03-31 02:30 does not exist: read with CET, before the change. */
    local = (measure_days_from_civil(2024, 3, 31) * 24 + 2) * H + 30 * 60;
    ck_assert_int_eq(timezone_from_local(&z, local, &a, &b), 0);
    ck_assert_int_eq(a, local - H);
    /* An ordinary hour, twice (the second from the cache). */
    local = (measure_days_from_civil(2024, 7, 1) * 24 + 12) * H;
    ck_assert_int_eq(timezone_from_local(&z, local, &a, &b), 1);
    ck_assert_int_eq(a, local - 2 * H);
    ck_assert_int_eq(timezone_from_local(&z, local + 60, &a, &b), 1);
    ck_assert_int_eq(a, local + 60 - 2 * H);
    ck_assert_int_eq(timezone_offset(&z, a), 2 * H);
    unsetenv("TZ");
    tzset();
}
END_TEST

START_TEST(headers_refused)
{
    MeasureRunOptions o = utc_options(8);
    MeasureRun run;
    Diag d;
    const char *path = temp_file("a,b,c\n1,2,3\n");
    ck_assert_int_eq(run1(path, &o, &run, &d), EXIT_DATAERR);
    ck_assert(strstr(d.message, "not a job history"));
    ck_assert(strstr(d.message, "submit,start,end,gpus"));
    ck_assert_uint_eq(d.line, 1);
    unlink(path);
    path = temp_file("JobID|Start|End|State|AllocTRES\n1|x|y|z|w\n");
    ck_assert_int_eq(run1(path, &o, &run, &d), EXIT_DATAERR);
    ck_assert(strstr(d.message, "no Submit column"));
    ck_assert(strstr(d.message, "sacct -a -X --parsable2"));
    unlink(path);
    path = temp_file("JobID|Submit|Start|End|State\n");
    ck_assert_int_eq(run1(path, &o, &run, &d), EXIT_DATAERR);
    ck_assert(strstr(d.message, "AllocTRES"));
    unlink(path);
    path = temp_file("");
    ck_assert_int_eq(run1(path, &o, &run, &d), EXIT_DATAERR);
    ck_assert(strstr(d.message, "no records"));
    unlink(path);
    o.group_by = JOB_GROUP_USER;
    ck_assert_int_eq(run1(fixture("pods-basic.csv"), &o, &run, &d),
                     EXIT_DATAERR);
    ck_assert(strstr(d.message, "--group-by user"));
    o.group_by = JOB_GROUP_DEFAULT;
    o.format = JOBS_ACTIVITY;
    ck_assert_int_eq(run1(fixture("pods-basic.csv"), &o, &run, &d),
                     EXIT_DATAERR);
    ck_assert(strstr(d.message, "no value column"));
    ck_assert_int_eq(run1("/nonexistent/file", &o, &run, &d), EXIT_NOINPUT);
}
END_TEST

START_TEST(capacity_sources)
{
    MeasureRunOptions o = utc_options(0);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(fixture("sacct-basic.txt"), &o, &run, &d),
                     EXIT_USAGE);
    ck_assert(strstr(d.message, "--gpus"));
    /* A node list: 2 nodes of 8 GPUs. */
    const char *nodes = temp_file("sn,cpu_milli,memory_mib,num_gpu,model\n"
                                  "n1,96000,786432,8,V100\n"
                                  "n2,96000,786432,8,V100\n");
    char n[64];
    snprintf(n, sizeof n, "%s", nodes);
    const char *paths[] = {fixture("sacct-basic.txt"), n};
    char a[4096];
    snprintf(a, sizeof a, "%s", paths[0]);
    paths[0] = a;
    ck_assert_int_eq(measure_run(paths, 2, &o, &run, &d), 0);
    ck_assert_double_eq(run.result.capacity, 16);
    ck_assert(strstr(run.capacity_source, "node list, 2 nodes"));
    measure_run_free(&run);
    unlink(n);
    o.scenario_gpus = 32;
    ck_assert_int_eq(run1(fixture("sacct-basic.txt"), &o, &run, &d), 0);
    ck_assert_double_eq(run.result.capacity, 32);
    measure_run_free(&run);
}
END_TEST

START_TEST(many_problems)
{
    /* 25 malformed lines: 20 described, all 25 counted. */
    char text[8192] = "submit,start,end,gpus\n"
                      "2024-03-04,2024-03-04,2024-03-05,1\n";
    for (int k = 0; k < 25; k++)
        strcat(text, "2024-03-04,2024-03-04,2024-03-05\n");
    const char *path = temp_file(text);
    MeasureRunOptions o = utc_options(1);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(path, &o, &run, &d), 0);
    unlink(path);
    ck_assert_uint_eq(run.stats.malformed, 25);
    ck_assert_uint_eq(run.stats.problem_count, JOB_PROBLEMS_MAX);
    ck_assert(strstr(run.stats.problems[0].message,
                     "3 fields where the header has 4"));
    ck_assert_uint_eq(run.stats.problems[19].line, 22);
    ck_assert_double_eq(run.result.gpu_hours, 24);
    measure_run_free(&run);
}
END_TEST

/* A malformed line names the column of what is wrong (DESIGN 10.2): the
 * text after a closing quote, the end of a line short of fields, the quote
 * left open (to the file's end). */
START_TEST(problem_columns)
{
    const char *path = temp_file(
        "submit,start,end,gpus,group\n"
        "2024-03-04,2024-03-04,2024-03-05,1,\"ab\"x\n"
        "2024-03-04,2024-03-04,2024-03-05,1\r\n"
        "2024-03-04,2024-03-04,2024-03-05,1,ok\n"
        "2024-03-04,2024-03-04,2024-03-05,1,\"open\n");
    MeasureRunOptions o = utc_options(1);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(path, &o, &run, &d), 0);
    unlink(path);
    ck_assert_uint_eq(run.stats.malformed, 3);
    const Diag *p = run.stats.problems;
    ck_assert_uint_eq(p[0].line, 2);
    ck_assert_uint_eq(p[0].col, 40); /* the x */
    ck_assert_str_eq(p[0].message, "text after a closing quote (a quote "
                                   "inside a quoted field is written twice)");
    ck_assert_uint_eq(p[1].line, 3);
    ck_assert_uint_eq(p[1].col, 35); /* past the 1, before the CR */
    ck_assert_str_eq(p[1].message, "4 fields where the header has 5");
    ck_assert_uint_eq(p[2].line, 5);
    ck_assert_uint_eq(p[2].col, 36); /* the quote */
    ck_assert_str_eq(p[2].message, "a quoted field is not closed");
    ck_assert_double_eq(run.result.gpu_hours, 24);
    measure_run_free(&run);
}
END_TEST

START_TEST(long_line)
{
    size_t n = RECORD_MAX + 100;
    char *text = malloc(n + 200);
    strcpy(text, "submit,start,end,gpus,group\n");
    size_t k = strlen(text);
    memset(text + k, 'x', RECORD_MAX + 10);
    k += RECORD_MAX + 10;
    strcpy(text + k, "\n2024-03-04,2024-03-04,2024-03-05,1,g\n");
    const char *path = temp_file(text);
    free(text);
    MeasureRunOptions o = utc_options(1);
    MeasureRun run;
    Diag d;
    ck_assert_int_eq(run1(path, &o, &run, &d), 0);
    unlink(path);
    ck_assert_uint_eq(run.stats.malformed, 1);
    ck_assert_uint_eq(run.stats.problems[0].line, 2);
    ck_assert(strstr(run.stats.problems[0].message, "longer than 1 MiB"));
    ck_assert_double_eq(run.result.gpu_hours, 24);
    measure_run_free(&run);
}
END_TEST

static Suite *job_history_suite(void)
{
    Suite *s = suite_create("job_history");
    TCase *t = tcase_create("formats");
    tcase_add_test(t, sacct_fixture);
    tcase_add_test(t, sacct_groups);
    tcase_add_test(t, sacct_running_clipped_at_to);
    tcase_add_test(t, sacct_arrays_and_ids);
    tcase_add_test(t, sacct_gres_columns);
    tcase_add_test(t, pods_fixture);
    tcase_add_test(t, csv_bom_crlf_quotes);
    tcase_add_test(t, csv_headerless_and_multiline);
    tcase_add_test(t, activity_with_jobs);
    tcase_add_test(t, activity_problems);
    tcase_add_test(t, clock_changes_in_new_york);
    tcase_add_test(t, timestamps);
    tcase_add_test(t, local_time_readings);
    tcase_add_test(t, headers_refused);
    tcase_add_test(t, capacity_sources);
    tcase_add_test(t, many_problems);
    tcase_add_test(t, problem_columns);
    tcase_add_test(t, long_line);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(job_history_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
