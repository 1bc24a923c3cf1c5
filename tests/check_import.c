/* check_import.c: `gpuplan import` of a hybrid routing JSON file (DESIGN 6):
 * the article's file, located errors for bad files, and the round trip
 * through the saver and the loader. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "import_routing.h"
#include "scenario.h"
#include "scenario_file.h"
#include "strbuf.h"

static void data_path(char *buf, size_t n, const char *file)
{
    const char *top = getenv("top_srcdir");
    snprintf(buf, n, "%s/tests/data/routing/%s", top ? top : ".", file);
}

static int import_file(const char *file, Scenario *out, StrBuf *todo,
                       StrBuf *warn, Diag *d)
{
    char path[4096];
    Scenario base;
    data_path(path, sizeof path, file);
    scenario_default(&base);
    return import_routing_file(path, &base, out, todo, warn, d);
}

static const HybridWorkload *find_w(const Scenario *s, const char *name)
{
    for (size_t i = 0; i < s->hybrid.workload_count; i++)
        if (strcmp(s->hybrid.workloads[i].name, name) == 0)
            return &s->hybrid.workloads[i];
    return NULL;
}

/* The article's routing file maps as DESIGN 6 says. */
static void check_article(const Scenario *s, double nodes)
{
    ck_assert(s->has_hybrid);
    ck_assert_uint_eq(s->hybrid.workload_count, 4);
    ck_assert_double_eq(s->hybrid.max_wait_minutes, 90);
    ck_assert_double_eq(s->hybrid.cloud_idle_minutes, 10);
    ck_assert_double_eq(s->hybrid.onprem_nodes, nodes);
    const HybridWorkload *w = find_w(s, "daily_training");
    ck_assert_ptr_nonnull(w);
    ck_assert(w->has_schedule);
    ck_assert_str_eq(w->schedule_text, "0 2 * * *");
    ck_assert_int_eq(w->run, RUN_ONPREM);
    ck_assert_double_eq(w->gpus, IMPORT_GPUS);
    ck_assert_double_eq(w->hours, IMPORT_HOURS);
    w = find_w(s, "batch_inference");
    ck_assert_ptr_nonnull(w);
    ck_assert(w->has_schedule);
    ck_assert_str_eq(w->schedule_text, "30 * * * *");
    ck_assert_int_eq(w->run, RUN_ONPREM);
    w = find_w(s, "experiments");
    ck_assert_ptr_nonnull(w);
    ck_assert(!w->has_schedule);
    ck_assert_double_eq(w->per_day, IMPORT_PER_DAY);
    ck_assert_int_eq(w->run, RUN_BURST);
    ck_assert_int_eq(w->cloud_mode, MODE_SPOT);
    w = find_w(s, "evals");
    ck_assert_ptr_nonnull(w);
    ck_assert(!w->has_schedule);
    ck_assert_int_eq(w->run, RUN_CLOUD);
    ck_assert_int_eq(w->cloud_mode, MODE_SPOT);
    /* "training_jobs" named the scheduled workload: no extra workload. */
    ck_assert_ptr_null(find_w(s, "training_jobs"));
}

START_TEST(article_maps)
{
    Scenario s, base;
    StrBuf todo = STRBUF_INIT, warn = STRBUF_INIT;
    Diag d;
    scenario_default(&base);
    ck_assert_int_eq(import_file("routing-article.json", &s, &todo, &warn, &d),
                     0);
    check_article(&s, base.hardware.nodes);
    const char *t = sb_str(&todo);
    ck_assert_ptr_nonnull(strstr(t, "1. workload daily_training: gpus, hours"));
    ck_assert_ptr_nonnull(strstr(t, "workload experiments: per_day, gpus, hours"));
    ck_assert_ptr_nonnull(strstr(t, "4 x ml.g5.24xlarge"));
    ck_assert_ptr_nonnull(strstr(s.notes, "workload evals: per_day, gpus, hours"));
    ck_assert_uint_eq(warn.len, 0);
    sb_free(&todo);
    sb_free(&warn);
}
END_TEST

/* Save with the saver, load with the loader: the same plan. */
START_TEST(round_trip)
{
    Scenario s, back;
    StrBuf todo = STRBUF_INIT, warn = STRBUF_INIT;
    Diag d;
    ck_assert_int_eq(import_file("routing-article.json", &s, &todo, &warn, &d),
                     0);
    char path[] = "/tmp/check_import.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    ck_assert_int_eq(scenario_save_file(path, &s, &d), 0);
    ck_assert_int_eq(scenario_load_file(path, &back, &d), 0);
    unlink(path);
    check_article(&back, s.hardware.nodes);
    ck_assert(scenario_equal(&s, &back));
    sb_free(&todo);
    sb_free(&warn);
}
END_TEST

/* Each bad file: 65, the position, the path and the words expected. */
static void expect_bad(const char *file, unsigned long line,
                       unsigned long col, const char *path, const char *words)
{
    Scenario s;
    scenario_default(&s);
    Scenario before = s;
    StrBuf todo = STRBUF_INIT, warn = STRBUF_INIT;
    Diag d;
    ck_assert_int_eq(import_file(file, &s, &todo, &warn, &d), EXIT_DATAERR);
    ck_assert(scenario_equal(&s, &before));
    ck_assert_uint_eq(d.line, line);
    ck_assert_uint_eq(d.col, col);
    ck_assert_str_eq(d.path, path);
    ck_assert_msg(strstr(d.message, words), "%s: message '%s' lacks '%s'",
                  file, d.message, words);
    ck_assert_ptr_nonnull(strstr(d.file, file));
    sb_free(&todo);
    sb_free(&warn);
}

START_TEST(bad_inputs)
{
    expect_bad("not-json.json", 5, 45, "", "not valid JSON");
    expect_bad("on-prem-array.json", 3, 16, "schedule.on_prem",
               "must be an object");
    /* "0 25 * * *": the hour field starts at column 3 of the text, the
     * text at column 37 (after the quote at 36), so 25 is at 39. */
    expect_bad("bad-cron.json", 3, 39, "schedule.on_prem.daily_training",
               "hour");
    expect_bad("unknown-verb.json", 5, 14, "routing.evals",
               "allowed: on_prem, aws_spot or aws_if_onprem_queue_gt_<N>min");
    expect_bad("zero-threshold.json", 3, 20, "routing.experiments",
               "from 1 to");
    expect_bad("negative-threshold.json", 3, 20, "routing.experiments",
               "whole number of minutes");
}
END_TEST

static int import_text(const char *text, Scenario *s, StrBuf *todo,
                       StrBuf *warn, Diag *d)
{
    Scenario base;
    scenario_default(&base);
    return import_routing("mem.json", text, strlen(text), &base, s, todo,
                          warn, d);
}

/* Several thresholds: the smallest wins, with a warning; on-demand burst
 * when the file does not say preemptible. */
START_TEST(thresholds_and_matching)
{
    Scenario s;
    StrBuf todo = STRBUF_INIT, warn = STRBUF_INIT;
    Diag d;
    ck_assert_int_eq(import_text("{\"routing\": {\"experiments\": "
                                 "\"aws_if_onprem_queue_gt_90min\", "
                                 "\"sweeps\": \"aws_if_onprem_queue_gt_30min\", "
                                 "\"Training-Runs\": \"on_prem\"},"
                                 "\"schedule\": {\"on_prem\": "
                                 "{\"nightly_training\": \"0 1 * * 1-5\"}}}",
                                 &s, &todo, &warn, &d),
                     0);
    ck_assert_double_eq(s.hybrid.max_wait_minutes, 30);
    ck_assert_ptr_nonnull(strstr(sb_str(&warn), "smallest"));
    ck_assert_uint_eq(s.hybrid.workload_count, 3);
    const HybridWorkload *w = find_w(&s, "experiments");
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(w->cloud_mode, MODE_ON_DEMAND);
    ck_assert_ptr_nonnull(find_w(&s, "nightly_training"));
    ck_assert_ptr_null(find_w(&s, "Training-Runs"));
    /* A routing key sharing no word: a new workload. */
    sb_free(&todo);
    sb_free(&warn);
    ck_assert_int_eq(import_text("{\"schedule\": {\"on_prem\": {\"daily_training\":"
                                 " \"0 2 * * *\"}}, \"routing\": {\"inference\":"
                                 " \"on_prem\"}}", &s, &todo, &warn, &d), 0);
    ck_assert_uint_eq(s.hybrid.workload_count, 2);
    w = find_w(&s, "inference");
    ck_assert_ptr_nonnull(w);
    ck_assert_int_eq(w->run, RUN_ONPREM);
    ck_assert(!w->has_schedule);
    ck_assert_int_eq(import_text("[1, 2]", &s, &todo, &warn, &d),
                     EXIT_DATAERR);
    ck_assert_int_eq(import_text("{\"routing\": {}, \"extra\": 1}", &s, &todo,
                                 &warn, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "extra");
    ck_assert_int_eq(import_text("{\"routing\": {}}", &s, &todo, &warn, &d),
                     EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "nothing to import"));
    /* A workload routed twice is refused, not decided by the last line. */
    ck_assert_int_eq(import_text("{\"routing\": {\"t\": \"on_prem\", \"t\": "
                                 "\"aws_spot\"}}", &s, &todo, &warn, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "routing.t");
    ck_assert_ptr_nonnull(strstr(d.message, "routed twice"));
    sb_free(&todo);
    sb_free(&warn);
}
END_TEST

START_TEST(missing_file)
{
    Scenario s;
    StrBuf todo = STRBUF_INIT, warn = STRBUF_INIT;
    Diag d;
    ck_assert_int_eq(import_file("no-such-file.json", &s, &todo, &warn, &d),
                     EXIT_NOINPUT);
}
END_TEST

static Suite *import_suite(void)
{
    Suite *s = suite_create("import");
    TCase *t = tcase_create("routing");
    tcase_add_test(t, article_maps);
    tcase_add_test(t, round_trip);
    tcase_add_test(t, bad_inputs);
    tcase_add_test(t, thresholds_and_matching);
    tcase_add_test(t, missing_file);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(import_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
