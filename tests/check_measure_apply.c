/* check_measure_apply.c: a measurement written into a scenario (DESIGN
 * 10): the marked comment above measured_pct (inserted, replaced, in
 * CRLF, flow and byte-order-mark files, and where the field is not
 * written), the values set with the fields' rules, and --apply's whole
 * save: the user's layout kept, the file loading back as the measured
 * scenario, nothing written when the values are refused. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "atomic_file.h"
#include "measure_apply.h"
#include "scenario_file.h"
#include "strbuf.h"
#include "yaml_comment.h"

static const YamlComment marked_note = {"utilization.measured_pct", "gpuplan measure:",
                                 "a.txt, then"};

static char *commented(const char *text)
{
    StrBuf b = STRBUF_INIT;
    Diag d;
    diag_clear(&d, NULL);
    int rc = yaml_comment_set("t.yaml", text, strlen(text), &marked_note, &b, &d);
    ck_assert_msg(rc == 0, "%s", d.message);
    char *s = xstrdup(sb_str(&b));
    sb_free(&b);
    return s;
}

START_TEST(comment_inserted_and_replaced)
{
    const char *text = "gpuplan: 2\nutilization:\n  # ours, kept\n"
                       "  measured_pct: 50   # trailing, kept\n"
                       "  measurement_weeks: 4\n";
    char *once = commented(text);
    ck_assert_str_eq(once, "gpuplan: 2\nutilization:\n  # ours, kept\n"
                           "  # gpuplan measure: a.txt, then\n"
                           "  measured_pct: 50   # trailing, kept\n"
                           "  measurement_weeks: 4\n");
    /* Again: the marked line is replaced, not stacked. */
    char *twice = commented(once);
    ck_assert_str_eq(twice, once);
    free(once);
    free(twice);
}
END_TEST

/* text NULL: the marked line goes, every other comment stays; a text
 * without one is unchanged. */
START_TEST(comment_dropped)
{
    const YamlComment drop = {"utilization.measured_pct", "gpuplan measure:", NULL};
    const char *with = "gpuplan: 2\nutilization:\n  # ours, kept\n"
                       "  # gpuplan measure: a.txt, then\r\n"
                       "  measured_pct: 50\r\n";
    const char *texts[2] = {with, "gpuplan: 2\nutilization:\n  # ours, kept\n"
                                  "  measured_pct: 50\r\n"};
    for (int i = 0; i < 2; i++) {
        StrBuf b = STRBUF_INIT;
        Diag d;
        diag_clear(&d, NULL);
        ck_assert_int_eq(yaml_comment_set("t.yaml", texts[i], strlen(texts[i]), &drop, &b,
                                          &d), 0);
        ck_assert_str_eq(sb_str(&b), "gpuplan: 2\nutilization:\n  # ours, kept\n"
                                     "  measured_pct: 50\r\n");
        sb_free(&b);
    }
}
END_TEST

START_TEST(comment_in_odd_layouts)
{
    /* CRLF and a byte order mark: the line end follows the field's line,
     * and the first line after the mark is a line like any other. */
    char *s = commented("\xEF\xBB\xBFgpuplan: 2\r\nutilization:\r\n"
                        "  measured_pct: 5\r\n");
    ck_assert_str_eq(s, "\xEF\xBB\xBFgpuplan: 2\r\nutilization:\r\n"
                        "  # gpuplan measure: a.txt, then\r\n"
                        "  measured_pct: 5\r\n");
    free(s);
    /* The field on the first line after the mark. */
    s = commented("\xEF\xBB\xBFutilization: {measured_pct: 5}\ngpuplan: 2\n");
    ck_assert_str_eq(s, "\xEF\xBB\xBF# gpuplan measure: a.txt, then\n"
                        "utilization: {measured_pct: 5}\ngpuplan: 2\n");
    free(s);
    /* A flow mapping: above the line that holds it. */
    s = commented("gpuplan: 2\nutilization: {measured_pct: 5}\n");
    ck_assert_str_eq(s, "gpuplan: 2\n# gpuplan measure: a.txt, then\n"
                        "utilization: {measured_pct: 5}\n");
    free(s);
    /* The field not written: above its section. */
    s = commented("gpuplan: 2\nutilization:\n  measurement_weeks: 4\n");
    ck_assert_str_eq(s, "gpuplan: 2\n# gpuplan measure: a.txt, then\n"
                        "utilization:\n  measurement_weeks: 4\n");
    free(s);
    /* The section not written either: at the end, on a line of its own. */
    s = commented("gpuplan: 2");
    ck_assert_str_eq(s, "gpuplan: 2\n# gpuplan measure: a.txt, then\n");
    free(s);
    /* A control character in the text is shown, never written raw. */
    const YamlComment evil = {"utilization.measured_pct", "gpuplan measure:",
                              "a\nb\x1b[2J"};
    StrBuf b = STRBUF_INIT;
    Diag d;
    const char *t = "gpuplan: 2\nutilization:\n  measured_pct: 5\n";
    ck_assert_int_eq(yaml_comment_set("t", t, strlen(t), &evil, &b, &d), 0);
    ck_assert(strstr(sb_str(&b), "# gpuplan measure: a\\x0ab\\x1b[2J\n"));
    sb_free(&b);
    /* Not a scenario: refused, nothing appended. */
    t = "gpuplan: 2\nutilization: [1, 2\n";
    ck_assert_int_eq(yaml_comment_set("t", t, strlen(t), &marked_note, &b, &d),
                     EXIT_DATAERR);
    ck_assert_uint_eq(b.len, 0);
}
END_TEST

static MeasureResult result(void)
{
    MeasureResult r;
    memset(&r, 0, sizeof r);
    r.from = INT64_C(1709251200); /* 2024-03-01 00:00 UTC */
    r.to = r.from + 28 * 86400 + 3600;
    r.from_offset = 3600;
    r.to_offset = 7200;
    r.hours = 28 * 24 + 1;
    r.capacity = 64;
    r.measured_pct = 63.4567;
    r.has_activity = true;
    r.active_pct = 71.26;
    return r;
}

START_TEST(values_and_comment)
{
    MeasureResult r = result();
    const char *files[] = {"sacct.txt", "dcgm.csv"};
    MeasureApplied a;
    measure_apply_of(&r, files, 2, &a);
    ck_assert_double_eq(a.pct, 63.46);
    ck_assert_double_eq(a.weeks, 4.01); /* 673 hours / 168 */
    ck_assert_double_eq(a.active, 71.3);
    ck_assert_str_eq(a.comment, "sacct.txt, dcgm.csv, 2024-03-01 01:00 +01:00 "
                                "to 2024-03-29 03:00 +02:00 (4.01 weeks of 64 "
                                "GPUs)");
    /* A long list of files is cut, and says so. */
    const char *many[100];
    for (int k = 0; k < 100; k++)
        many[k] = "a-rather-long-name-of-an-accounting-file.txt";
    measure_apply_of(&r, many, 100, &a);
    ck_assert(strstr(a.comment, "\u2026 (100 files), 2024-03-01"));
    /* The values, set with the fields' rules. */
    Scenario s;
    scenario_default(&s);
    Diag d;
    ck_assert_int_eq(measure_apply_set(&s, &a, &d), 0);
    ck_assert_double_eq(s.utilization.measured_pct, 63.46);
    ck_assert_double_eq(s.utilization.measurement_weeks, 4.01);
    ck_assert_double_eq(s.utilization.active_pct, 71.3);
    ck_assert(measure_apply_holds(&s, &a));
    s.utilization.measurement_weeks = 4;
    ck_assert(!measure_apply_holds(&s, &a));
    /* Without activity the active share is left as it is. */
    r.has_activity = false;
    measure_apply_of(&r, files, 1, &a);
    ck_assert(isnan(a.active));
    scenario_default(&s);
    s.utilization.active_pct = 80;
    ck_assert_int_eq(measure_apply_set(&s, &a, &d), 0);
    ck_assert_double_eq(s.utilization.active_pct, 80);
    /* A value the field refuses changes nothing. */
    a.weeks = 600;
    scenario_default(&s);
    ck_assert_int_eq(measure_apply_set(&s, &a, &d), EXIT_DATAERR);
    ck_assert_double_eq(s.utilization.measured_pct, 50);
}
END_TEST

static char *slurp(const char *path)
{
    char *data;
    size_t len;
    Diag d;
    ck_assert_int_eq(read_whole_file(path, 1 << 20, &data, &len, &d), 0);
    return data;
}

START_TEST(apply_to_a_file)
{
    char path[] = "/tmp/check_measure_apply.XXXXXX";
    int fd = mkstemp(path);
    const char *text = "# our cluster\ngpuplan: 2\nname: ours   # kept\n"
                       "hardware: {nodes: 8, gpus_per_node: 8}\n"
                       "utilization:\n  measured_pct: 40\n";
    ck_assert_int_eq((int)write(fd, text, strlen(text)), (int)strlen(text));
    close(fd);
    MeasureResult r = result();
    const char *files[] = {"sacct.txt"};
    MeasureApplied a;
    measure_apply_of(&r, files, 1, &a);
    MeasureApplyNote note;
    Diag d;
    ck_assert_int_eq(measure_apply_file(path, &a, &note, &d), 0);
    ck_assert_double_eq(note.old_pct, 40);
    ck_assert_double_eq(note.old_weeks, 4);
    ck_assert(note.edited);
    char *after = slurp(path);
    ck_assert(strncmp(after, "# our cluster\ngpuplan: 2\nname: ours   # kept\n"
                             "hardware: {nodes: 8, gpus_per_node: 8}\n"
                             "utilization:\n  # gpuplan measure: sacct.txt, "
                             "2024-03-01 01:00 +01:00",
                      137) == 0);
    ck_assert(strstr(after, "  measured_pct: 63.46\n"));
    Scenario s;
    ck_assert_int_eq(scenario_load_file(path, &s, &d), 0);
    ck_assert(measure_apply_holds(&s, &a));
    /* Refused values write nothing. */
    a.pct = 140;
    ck_assert_int_eq(measure_apply_file(path, &a, &note, &d), EXIT_DATAERR);
    ck_assert_str_eq(d.path, "utilization.measured_pct");
    char *same = slurp(path);
    ck_assert_str_eq(same, after);
    free(same);
    free(after);
    unlink(path);
    ck_assert_int_eq(measure_apply_file(path, &a, &note, &d), EXIT_NOINPUT);
}
END_TEST

static Suite *apply_suite(void)
{
    Suite *s = suite_create("measure_apply");
    TCase *t = tcase_create("apply");
    tcase_add_test(t, comment_inserted_and_replaced);
    tcase_add_test(t, comment_dropped);
    tcase_add_test(t, comment_in_odd_layouts);
    tcase_add_test(t, values_and_comment);
    tcase_add_test(t, apply_to_a_file);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(apply_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
