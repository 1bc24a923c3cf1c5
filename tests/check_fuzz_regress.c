/* check_fuzz_regress.c: every fuzz seed (tests/fuzz/corpus/NAME/) and every
 * saved fuzzer finding (tests/fuzz/crashes/NAME/) goes through the same entry
 * points as the libFuzzer harnesses, so a crash once found stays fixed: the
 * parsers must return, and a refusal must say what and where. Known seeds
 * are also held to their expected verdict. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cron.h"
#include "diag.h"
#include "fields.h"
#include "scenario.h"
#include "scenario_file.h"
#include "sweep.h"
#include "set_props.h"

/* The harnesses, by corpus directory name. */
enum { H_YAML, H_JSON, H_CRON, H_SET, H_COUNT };
static const char *const harness_names[H_COUNT] = {"yaml", "json", "cron",
                                                   "set"};

/* Expected verdicts of known seeds (1 = accepted, 0 = refused); files not
 * listed (fuzzer findings) only have to be handled without crashing. */
typedef struct Verdict {
    int harness;
    const char *file;
    int accept;
} Verdict;

static const Verdict verdicts[] = {
    {H_YAML, "default.yaml", 1},
    {H_YAML, "flow.yaml", 1},
    {H_YAML, "bom-crlf.yaml", 1},
    {H_YAML, "billion-laughs.yaml", 0},
    {H_YAML, "alias-cycle.yaml", 0},
    {H_YAML, "alias-in-value.yaml", 0},
    {H_YAML, "deep-flow-seq.yaml", 0},
    {H_YAML, "deep-flow-map.yaml", 0},
    {H_YAML, "deep-block.yaml", 0},
    {H_YAML, "deep-block-seq.yaml", 0},
    {H_YAML, "num-1e999.yaml", 0},
    {H_YAML, "num-hex.yaml", 0},
    {H_YAML, "num-nan.yaml", 0},
    {H_YAML, "num-inf.yaml", 0},
    {H_YAML, "huge-name.yaml", 0},
    {H_YAML, "invalid-utf8.yaml", 0},
    {H_YAML, "nul-byte.yaml", 0},
    {H_YAML, "two-docs.yaml", 0},
    {H_YAML, "duplicate.yaml", 0},
    {H_YAML, "empty.yaml", 0},
    {H_JSON, "export.json", 1},
    {H_JSON, "bom-crlf.json", 1},
    {H_JSON, "deep-array.json", 0},
    {H_JSON, "deep-object.json", 0},
    {H_JSON, "bare.json", 0},
    {H_JSON, "numbers.json", 0},
    {H_JSON, "huge-name.json", 0},
    {H_JSON, "invalid-utf8.json", 0},
    {H_JSON, "duplicate.json", 0},
    {H_JSON, "trailing.json", 0},
    {H_JSON, "unterminated.json", 0},
    {H_CRON, "valid", 1},
    {H_CRON, "dow7", 1},
    {H_CRON, "blanks", 1},
    {H_CRON, "step-zero", 0},
    {H_CRON, "minute-60", 0},
    {H_CRON, "open-range", 0},
    {H_CRON, "commas", 0},
    {H_CRON, "too-many", 0},
    {H_CRON, "too-few", 0},
    {H_CRON, "negative", 0},
    {H_CRON, "names", 0},
    {H_CRON, "empty", 0},
    {H_SET, "set-nodes", 1},
    {H_SET, "set-hybrid-cron", 1},
    {H_SET, "set-hybrid-rate", 1},
    {H_SET, "set-hybrid-run", 1},
    {H_SET, "set-hybrid-nodes", 0},
    {H_SET, "set-bool", 0}, /* yes is not a boolean (DESIGN 7) */
    {H_SET, "set-hex", 0},
    {H_SET, "set-inf", 0},
    {H_SET, "set-nan", 0},
    {H_SET, "set-unknown", 0},
    {H_SET, "set-noeq", 0},
    {H_SET, "set-eq-first", 0},
    {H_SET, "set-text-long", 0},
    {H_SET, "vary-ok", 1},
    {H_SET, "vary-down", 1},
    {H_SET, "vary-step0", 0},
    {H_SET, "vary-inf", 0},
    {H_SET, "vary-int-frac", 0},
    {H_SET, "vary-text", 0},
    {H_SET, "vary-nokey", 0},
};
static const size_t nverdicts = sizeof verdicts / sizeof verdicts[0];

/* One input file: which harness, its path, its bytes. */
typedef struct Input {
    int harness;
    char path[1024];
    const char *base; /* file name inside path */
} Input;

static Input *inputs;
static size_t ninputs, inputs_cap;
static size_t first_of[H_COUNT + 1]; /* inputs[first_of[h]..first_of[h+1]) */

static const char *srcdir(void)
{
    const char *s = getenv("top_srcdir");
    return s && *s ? s : GPUPLAN_SRCDIR;
}

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Append every regular file of dir (sorted, dot files skipped). */
static void inputs_add_dir(int h, const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            names = realloc(names, cap * sizeof *names);
            if (!names)
                abort();
        }
        names[n] = strdup(e->d_name);
        if (!names[n])
            abort();
        n++;
    }
    closedir(dp);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        if (ninputs == inputs_cap) {
            inputs_cap = inputs_cap ? 2 * inputs_cap : 128;
            inputs = realloc(inputs, inputs_cap * sizeof *inputs);
            if (!inputs)
                abort();
        }
        Input *in = &inputs[ninputs++];
        in->harness = h;
        snprintf(in->path, sizeof in->path, "%s/%s", dir, names[i]);
        in->base = in->path + strlen(dir) + 1;
        free(names[i]);
    }
    free(names);
}

static void inputs_collect(void)
{
    char dir[1024];
    for (int h = 0; h < H_COUNT; h++) {
        first_of[h] = ninputs;
        snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s", srcdir(),
                 harness_names[h]);
        inputs_add_dir(h, dir);
        snprintf(dir, sizeof dir, "%s/tests/fuzz/crashes/%s", srcdir(),
                 harness_names[h]);
        inputs_add_dir(h, dir);
    }
    first_of[H_COUNT] = ninputs;
}

/* The whole file in a heap block of exactly its size (no terminator, so an
 * overread shows up under a sanitizer). */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    ck_assert_ptr_nonnull(buf);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            ck_assert_ptr_nonnull(buf);
        }
    }
    ck_assert_msg(!ferror(f), "cannot read %s", path);
    fclose(f);
    char *exact = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(exact);
    memcpy(exact, buf, n);
    free(buf);
    *len = n;
    return exact;
}

/* -1 when the file has no listed verdict. */
static int expected(const Input *in)
{
    for (size_t i = 0; i < nverdicts; i++)
        if (verdicts[i].harness == in->harness &&
            strcmp(verdicts[i].file, in->base) == 0)
            return verdicts[i].accept;
    return -1;
}

static void check_verdict(const Input *in, bool accepted, const char *why)
{
    int want = expected(in);
    if (want >= 0)
        ck_assert_msg(accepted == (want == 1), "%s: %s, expected %s (%s)",
                      in->path, accepted ? "accepted" : "refused",
                      want ? "accepted" : "refused", why);
}

/* YAML and JSON: a refusal has the status it returns, a message, and for a
 * data error a line (every such input is under the size cap). */
static void run_loader(const Input *in)
{
    size_t len;
    char *data = slurp(in->path, &len);
    Scenario s;
    Diag d;
    int rc = in->harness == H_YAML
                 ? scenario_load_yaml(in->base, data, len, &s, &d)
                 : scenario_load_json(in->base, data, len, &s, &d);
    char msg[1200] = "";
    if (rc != 0) {
        diag_format(&d, msg, sizeof msg);
        ck_assert_msg(d.status == rc, "%s: returned %d, diag status %d",
                      in->path, rc, d.status);
        ck_assert_msg(d.message[0] != '\0', "%s: refused without a message",
                      in->path);
        if (rc == EXIT_DATAERR && len <= SCENARIO_FILE_MAX)
            ck_assert_msg(d.line > 0, "%s: data error without a line: %s",
                          in->path, msg);
    }
    check_verdict(in, rc == 0, msg);
    /* `check` gathers every problem reading the same way: the same
     * verdict, and its first problem is the one the loader stopped at. */
    static Diag all[32];
    size_t n = 0;
    int crc = in->harness == H_YAML
                  ? scenario_check_yaml(in->base, data, len, all, 32, &n)
                  : scenario_check_json(in->base, data, len, all, 32, &n);
    ck_assert_msg((crc == 0) == (rc == 0) && (crc == 0) == (n == 0),
                  "%s: load %d, check %d with %zu problems", in->path, rc, crc,
                  n);
    if (rc == EXIT_DATAERR)
        ck_assert_msg(all[0].line == d.line && all[0].col == d.col &&
                          strcmp(all[0].message, d.message) == 0,
                      "%s: check's first problem %lu:%lu %s, the loader's "
                      "%s", in->path, all[0].line, all[0].col,
                      all[0].message, msg);
    for (size_t i = 0; i < n; i++)
        ck_assert_msg(all[i].line > 0 || len > SCENARIO_FILE_MAX,
                      "%s: problem %zu without a line: %s", in->path, i,
                      all[i].message);
    free(data);
}

static void run_cron(const Input *in)
{
    size_t len;
    char *data = slurp(in->path, &len);
    char *text = malloc(len + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, data, len);
    text[len] = '\0';
    Cron c;
    Diag e;
    memset(&e, 0, sizeof e);
    int rc = cron_parse(text, &c, &e);
    if (rc == 0) {
        ck_assert_msg((c.minutes >> 60) == 0 && (c.hours >> 24) == 0 &&
                          (c.mdays & 1u) == 0 && (c.months & ~0x1FFEu) == 0 &&
                          (c.wdays & 0x80u) == 0,
                      "%s: bits set outside the fields' ranges", in->path);
    } else {
        ck_assert_int_eq(rc, EXIT_DATAERR);
        ck_assert_msg(e.col >= 1 && e.col <= strlen(text) + 1,
                      "%s: error column %lu outside the text", in->path,
                      e.col);
        ck_assert_msg(memchr(e.message, '\0', sizeof e.message) != NULL &&
                          e.message[0] != '\0',
                      "%s: refused without a message", in->path);
    }
    check_verdict(in, rc == 0, e.message);
    free(text);
    free(data);
}

/* First byte even: --set KEY=VALUE; odd: --vary KEY=FROM:TO:STEP; the
 * harness's own checks (set_props.c) abort on a broken property. */
static void run_set(const Input *in)
{
    size_t len;
    char *data = slurp(in->path, &len);
    char msg[512];
    int rc = set_props_run((const uint8_t *)data, len, msg, sizeof msg);
    if (rc == 0)
        ck_assert_msg(msg[0] != '\0', "%s: refused without a message", in->path);
    check_verdict(in, rc == 1, msg);
    free(data);
}

#define HARNESS_TEST(name, h, fn)                                             \
    START_TEST(name)                                                          \
    {                                                                         \
        const Input *in = &inputs[first_of[h] + (size_t)_i];                  \
        /* Named in the log first, so a crash says which file it was. */      \
        fprintf(stderr, "fuzz_regress: %s\n", in->path);                      \
        fn(in);                                                               \
    }                                                                         \
    END_TEST

HARNESS_TEST(yaml_inputs, H_YAML, run_loader)
HARNESS_TEST(json_inputs, H_JSON, run_loader)
HARNESS_TEST(cron_inputs, H_CRON, run_cron)
HARNESS_TEST(set_inputs, H_SET, run_set)

/* Every listed verdict names a seed that exists, and every harness has
 * seeds, so the table and the corpus cannot drift apart unnoticed. */
START_TEST(corpus_complete)
{
    for (int h = 0; h < H_COUNT; h++)
        ck_assert_msg(first_of[h + 1] > first_of[h], "no seeds for %s",
                      harness_names[h]);
    for (size_t i = 0; i < nverdicts; i++) {
        bool found = false;
        for (size_t j = first_of[verdicts[i].harness];
             j < first_of[verdicts[i].harness + 1] && !found; j++)
            found = strcmp(inputs[j].base, verdicts[i].file) == 0;
        ck_assert_msg(found, "seed %s/%s is missing",
                      harness_names[verdicts[i].harness], verdicts[i].file);
    }
}
END_TEST

static Suite *fuzz_regress_suite(void)
{
    Suite *s = suite_create("fuzz_regress");
    TCase *t = tcase_create("inputs");
    tcase_add_test(t, corpus_complete);
    const TTest *const tests[H_COUNT] = {yaml_inputs, json_inputs, cron_inputs,
                                   set_inputs};
    for (int h = 0; h < H_COUNT; h++)
        tcase_add_loop_test(t, tests[h], 0, (int)(first_of[h + 1] - first_of[h]));
    tcase_set_timeout(t, 30);
    suite_add_tcase(s, t);
    return s;
}

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define FUZZ_REGRESS_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FUZZ_REGRESS_ASAN 1
#endif

#ifdef FUZZ_REGRESS_ASAN
/* The same cap for AddressSanitizer builds, through its own options. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
    return "malloc_limit_mb=1024:hard_rss_limit_mb=2048";
}
#endif

int main(void)
{
#ifndef FUZZ_REGRESS_ASAN
    /* A parser that runs away with memory fails its test, not the machine
     * (AddressSanitizer builds reserve too much address space for this). */
    struct rlimit rl = {1UL << 30, 1UL << 30};
    setrlimit(RLIMIT_AS, &rl);
#endif
    inputs_collect();
    SRunner *sr = srunner_create(fuzz_regress_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    free(inputs);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
