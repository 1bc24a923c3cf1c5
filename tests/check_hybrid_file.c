/* check_hybrid_file.c: the `hybrid:` section in scenario files (DESIGN 1, 6,
 * 7): every refusal of the YAML and JSON readers with its line, column and
 * path, the files they accept, bit-exact round trips through the saver and
 * the JSON export, results.hybrid in the export, the report section and
 * chart, and `--set hybrid.*` through the edit path (scenario_set). */
#include "config.h"

#include <check.h>
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "chart_hybrid.h"
#include "cost.h"
#include "export.h"
#include "fields.h"
#include "hybrid.h"
#include "scenario_edit.h"
#include "scenario_file.h"
#include "strbuf.h"

static const char *srcdir(void)
{
    const char *s = getenv("top_srcdir");
    return s && *s ? s : GPUPLAN_SRCDIR;
}

static void data_path(char *buf, size_t n, const char *rel)
{
    snprintf(buf, n, "%s/%s", srcdir(), rel);
}

/* Assert a load failed at line:col with path and a message fragment, and
 * left *s as it was (the caller's default). */
static void expect_error(const char *what, int rc, const Diag *d,
                         const Scenario *s, unsigned long line,
                         unsigned long col, const char *path, const char *frag)
{
    char msg[1200];
    diag_format(d, msg, sizeof msg);
    ck_assert_msg(rc == EXIT_DATAERR, "%s: status %d (%s)", what, rc, msg);
    ck_assert_msg(d->line == line && d->col == col,
                  "%s: at %lu:%lu, expected %lu:%lu (%s)", what, d->line,
                  d->col, line, col, msg);
    ck_assert_msg(strcmp(d->path, path) == 0, "%s: path '%s', expected '%s'",
                  what, d->path, path);
    ck_assert_msg(strstr(d->message, frag) != NULL,
                  "%s: message '%s' lacks '%s'", what, d->message, frag);
    Scenario def;
    scenario_default(&def);
    ck_assert_msg(scenario_equal(s, &def), "%s: scenario was changed", what);
}

/* ---- YAML refusals ------------------------------------------------------ */

#define HEAD "gpuplan: 1\nhardware:\n  nodes: 2\nhybrid:\n" /* lines 1-4 */
#define WL "  workloads:\n    - name: a\n"                   /* lines 5-6 */

typedef struct Bad {
    const char *text;
    unsigned long line, col;
    const char *path, *frag;
} Bad;

static const Bad yaml_bad[] = {
    /* the scheduling keys of DESIGN 6, in range and of their type */
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 1\n"
             "      priority: 101\n",
     10, 17, "hybrid.workloads[0].priority", "0 to 100"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 1\n"
             "      cloud_gpu_hour: -1\n",
     10, 23, "hybrid.workloads[0].cloud_gpu_hour", "0 to 1,000"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 1\n"
             "      max_wait_minutes: lots\n",
     10, 25, "hybrid.workloads[0].max_wait_minutes", "not a number"},
    /* exactly one of schedule / per_day */
    {HEAD WL "      schedule: \"0 2 * * *\"\n      per_day: 3\n      gpus: 4\n"
             "      hours: 1\n",
     8, 7, "hybrid.workloads[0].per_day", "both `schedule` and `per_day`"},
    {HEAD WL "      per_day: 3\n      schedule: \"0 2 * * *\"\n      gpus: 4\n"
             "      hours: 1\n",
     8, 7, "hybrid.workloads[0].schedule", "exactly one of them"},
    {HEAD WL "      gpus: 4\n      hours: 1\n", 6, 7, "hybrid.workloads[0]",
     "missing `schedule` or `per_day`"},
    /* cron errors at their column inside the file */
    {HEAD WL "      schedule: \"0 25 * * *\"\n      gpus: 4\n      hours: 1\n",
     7, 20, "hybrid.workloads[0].schedule", "hour 25 out of range (0-23)"},
    {HEAD WL "      schedule: 0 25 * * *\n      gpus: 4\n      hours: 1\n", 7,
     19, "hybrid.workloads[0].schedule", "hour 25"},
    {HEAD WL "      schedule: '0 2 * 13 *'\n      gpus: 4\n      hours: 1\n", 7,
     24, "hybrid.workloads[0].schedule", "month 13"},
    {HEAD WL "      schedule: \"0 2 * *\"\n      gpus: 4\n      hours: 1\n", 7,
     25, "hybrid.workloads[0].schedule", "expected 5 fields"},
    /* workload values */
    {HEAD WL "      per_day: 3\n      gpus: 0\n      hours: 1\n", 8, 13,
     "hybrid.workloads[0].gpus", "0 is below 1"},
    {HEAD WL "      per_day: 3\n      gpus: 2.5\n      hours: 1\n", 8, 13,
     "hybrid.workloads[0].gpus", "not a whole number"},
    {HEAD WL "      per_day: 3\n      gpus: \"4\"\n      hours: 1\n", 8, 13,
     "hybrid.workloads[0].gpus", "quoted text"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 0\n", 9, 14,
     "hybrid.workloads[0].hours", "not above 0"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 9000\n", 9, 14,
     "hybrid.workloads[0].hours", "9,000 is above 8,784"},
    {HEAD WL "      per_day: -1\n      gpus: 4\n      hours: 1\n", 7, 16,
     "hybrid.workloads[0].per_day", "below 0"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 1\n      run: gpu\n",
     10, 12, "hybrid.workloads[0].run", "(expected onprem, cloud or burst)"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      hours: 1\n"
             "      cloud_mode: reserved\n",
     10, 19, "hybrid.workloads[0].cloud_mode", "(expected on_demand or spot)"},
    {HEAD WL "      per_day: 3\n      gpu: 4\n      hours: 1\n", 8, 7,
     "hybrid.workloads[0].gpu", "unknown key `gpu` (did you mean `gpus`?)"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n      gpus: 4\n", 9, 7,
     "hybrid.workloads[0].gpus", "duplicate key `gpus` (first given at line 8)"},
    {HEAD WL "      per_day: 3\n      gpus: [4]\n      hours: 1\n", 8, 13,
     "hybrid.workloads[0]", "`gpus` takes a single value, not a list"},
    {HEAD "  workloads:\n    - per_day: 3\n      gpus: 4\n      hours: 1\n", 6,
     7, "hybrid.workloads[0]", "missing `name`"},
    {HEAD WL "      per_day: 3\n      hours: 1\n", 6, 7, "hybrid.workloads[0]",
     "missing `gpus`"},
    {HEAD WL "      per_day: 3\n      gpus: 4\n", 6, 7, "hybrid.workloads[0]",
     "missing `hours`"},
    {HEAD WL "      name: b\n", 7, 7, "hybrid.workloads[0].name",
     "duplicate key `name`"},
    {HEAD "  workloads:\n    - name: \"\"\n      per_day: 1\n", 6, 13,
     "hybrid.workloads[0].name", "text is empty"},
    {HEAD WL "      per_day: 1\n      gpus: 1\n      hours: 1\n"
             "    - name: b\n      per_day: 1\n      gpus: 100001\n",
     12, 13, "hybrid.workloads[1].gpus", "above 100,000"},
    {HEAD WL "      per_day: &x 1\n", 7, 16, "hybrid.workloads[0].per_day", "anchors and aliases"},
    {HEAD "  workloads:\n    - 3\n", 6, 7, "hybrid.workloads[0]",
     "a workload is a mapping"},
    /* the workloads list */
    {HEAD "  workloads: 3\n", 5, 14, "hybrid.workloads",
     "expected a list of workloads"},
    {HEAD "  workloads:\n    name: a\n", 6, 5, "hybrid.workloads",
     "expected a list of workloads (items starting with `- name: ...`), not "
     "a mapping"},
    {HEAD "  days: 3\n", 4, 1, "hybrid.workloads", "missing `workloads`"},
    {HEAD, 4, 1, "hybrid.workloads", "missing `workloads`"},
    /* the section's scalars */
    {HEAD "  days: 400\n", 5, 9, "hybrid.days", "400 is above 366"},
    {HEAD "  days: 0.5\n", 5, 9, "hybrid.days", "below 1"},
    {HEAD "  seed: 1.5\n", 5, 9, "hybrid.seed", "not a whole number"},
    {HEAD "  seed: 9007199254740994\n", 5, 9, "hybrid.seed", "above"},
    {HEAD "  max_wait_minutes: 100001\n", 5, 21, "hybrid.max_wait_minutes",
     "above 100,000"},
    {HEAD "  cloud_idle_minutes: 1441\n", 5, 23, "hybrid.cloud_idle_minutes",
     "above 1,440"},
    {HEAD "  onprem_nodes: -1\n", 5, 17, "hybrid.onprem_nodes", "below 0"},
    {HEAD "  days: [1]\n", 5, 9, "hybrid.days", "expected a single value"},
    {HEAD "  max_wait_minute: 90\n", 5, 3, "hybrid.max_wait_minute",
     "unknown key `max_wait_minute` (did you mean `max_wait_minutes`?)"},
    {HEAD "  zzzzzzzz: 1\n", 5, 3, "hybrid.zzzzzzzz",
     "known keys: days, onprem_nodes, max_wait_minutes"},
    {HEAD "  days: 3\n  days: 4\n", 6, 3, "hybrid.days",
     "duplicate key `days` (first given at line 5)"},
    {HEAD "  onprem_nodes: 3\n" WL "      per_day: 1\n      gpus: 1\n"
          "      hours: 1\n",
     5, 3, "hybrid.onprem_nodes", "more than hardware.nodes (2)"},
    {"gpuplan: 1\nhybrid:\n  onprem_nodes: 5\n  workloads:\n    - name: a\n"
     "      per_day: 1\n      gpus: 1\n      hours: 1\nhardware:\n  nodes: 4\n",
     3, 3, "hybrid.onprem_nodes", "more than hardware.nodes (4)"},
    {"gpuplan: 1\nhybrid: 3\n", 2, 9, "hybrid", "`hybrid` is a section"},
    {"gpuplan: 1\nhybrid:\n  workloads:\n    - {name: a, per_day: 1, gpus: 1,"
     " hours: 1}\nhybrid:\n  days: 2\n",
     5, 1, "hybrid", "duplicate key `hybrid`"},
};

START_TEST(yaml_refusals)
{
    const Bad *b = &yaml_bad[_i];
    Scenario s;
    Diag d;
    scenario_default(&s);
    int rc = scenario_load_yaml("t.yaml", b->text, strlen(b->text), &s, &d);
    char what[32];
    snprintf(what, sizeof what, "yaml row %d", _i);
    expect_error(what, rc, &d, &s, b->line, b->col, b->path, b->frag);
}
END_TEST

START_TEST(too_many_workloads)
{
    StrBuf b = STRBUF_INIT;
    sb_append(&b, "gpuplan: 1\nhybrid:\n  workloads:\n");
    for (int i = 0; i <= HYBRID_MAX_WORKLOADS; i++)
        sb_append(&b, "    - {name: w, per_day: 1, gpus: 1, hours: 1}\n");
    Scenario s;
    Diag d;
    scenario_default(&s);
    int rc = scenario_load_yaml("t.yaml", sb_str(&b), b.len, &s, &d);
    expect_error("33 workloads", rc, &d, &s, 4 + HYBRID_MAX_WORKLOADS, 7,
                 "hybrid.workloads", "more than 32 workloads");
    /* exactly 32 load */
    b.len = 0;
    sb_append(&b, "gpuplan: 1\nhybrid:\n  workloads:\n");
    for (int i = 0; i < HYBRID_MAX_WORKLOADS; i++)
        sb_append(&b, "    - {name: w, per_day: 1, gpus: 1, hours: 1}\n");
    rc = scenario_load_yaml("t.yaml", sb_str(&b), b.len, &s, &d);
    ck_assert_msg(rc == 0, "32 workloads: %s", d.message);
    ck_assert_uint_eq(s.hybrid.workload_count, HYBRID_MAX_WORKLOADS);
    sb_free(&b);
}
END_TEST

/* ---- JSON refusals: same rules and messages ----------------------------- */

#define JHEAD "{\"gpuplan\":1,\"hardware\":{\"nodes\":2},\"hybrid\":"

typedef struct JBad {
    const char *text;
    const char *at; /* the error is at the first occurrence of this */
    const char *path, *frag;
} JBad;

static const JBad json_bad[] = {
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"schedule\":\"0 2 * * *\","
           "\"per_day\":3,\"gpus\":1,\"hours\":1}]}}",
     "\"per_day\"", "hybrid.workloads[0].per_day", "both `schedule` and"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"gpus\":1,\"hours\":1}]}}",
     "{\"name\"", "hybrid.workloads[0]", "missing `schedule` or `per_day`"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"schedule\":\"0 25 * * *\","
           "\"gpus\":1,\"hours\":1}]}}",
     "25 * *", "hybrid.workloads[0].schedule", "hour 25 out of range"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"per_day\":1,\"gpus\":0,"
           "\"hours\":1}]}}",
     "0,\"hours", "hybrid.workloads[0].gpus", "0 is below 1"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"per_day\":1,\"gpus\":\"4\","
           "\"hours\":1}]}}",
     "\"4\"", "hybrid.workloads[0].gpus", "quoted text"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"per_day\":1,\"gpus\":1,"
           "\"hours\":1,\"run\":\"gpu\"}]}}",
     "\"gpu\"", "hybrid.workloads[0].run", "expected onprem, cloud or burst"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"per_day\":1,\"gpus\":1,"
           "\"hours\":1,\"run\":3}]}}",
     "3}", "hybrid.workloads[0].run", "expected text in double quotes"},
    {JHEAD "{\"workloads\":[{\"name\":\"a\",\"per_day\":1,\"gpu\":1}]}}",
     "\"gpu\"", "hybrid.workloads[0].gpu", "did you mean `gpus`?"},
    {JHEAD "{\"workloads\":{}}}", "{}}", "hybrid.workloads",
     "expected a list of workloads"},
    {JHEAD "{\"workloads\":[3]}}", "3]", "hybrid.workloads[0]",
     "a workload is an object"},
    {JHEAD "{\"days\":30}}", "\"hybrid\"", "hybrid.workloads",
     "missing `workloads`"},
    {JHEAD "{\"days\":\"30\",\"workloads\":[]}}", "\"30\"", "hybrid.days",
     "quoted text"},
    {JHEAD "{\"days\":[30]}}", "[30]", "hybrid.days", "expected a single value (a number"},
    {JHEAD "{\"onprem_nodes\":3,\"workloads\":[{\"name\":\"a\",\"per_day\":1,"
           "\"gpus\":1,\"hours\":1}]}}",
     "\"onprem_nodes\"", "hybrid.onprem_nodes", "more than hardware.nodes (2)"},
    {JHEAD "[]}", "[]}", "hybrid", "`hybrid` is a section"},
};

START_TEST(json_refusals)
{
    const JBad *b = &json_bad[_i];
    Scenario s;
    Diag d;
    scenario_default(&s);
    int rc = scenario_load_json("t.json", b->text, strlen(b->text), &s, &d);
    const char *hit = strstr(b->text, b->at);
    ck_assert_ptr_nonnull(hit);
    unsigned long col = (unsigned long)(hit - b->text) + 1;
    char what[32];
    snprintf(what, sizeof what, "json row %d", _i);
    expect_error(what, rc, &d, &s, 1, col, b->path, b->frag);
}
END_TEST

/* ---- good inputs -------------------------------------------------------- */

START_TEST(good_file)
{
    char path[1024];
    data_path(path, sizeof path, "tests/data/good/hybrid.yaml");
    Scenario s;
    Diag d;
    int rc = scenario_load_file(path, &s, &d);
    ck_assert_msg(rc == 0, "%s: %s", path, d.message);
    ck_assert(s.has_hybrid);
    const HybridPlan *p = &s.hybrid;
    ck_assert(p->days == 7 && p->max_wait_minutes == 60 &&
              p->cloud_idle_minutes == 5 && p->seed == 42);
    ck_assert(p->onprem_nodes == 3); /* default: hardware.nodes, read later */
    ck_assert_uint_eq(p->workload_count, 3);
    const HybridWorkload *w = p->workloads;
    ck_assert_str_eq(w[0].name, "nightly \"train\"");
    ck_assert(w[0].has_schedule);
    ck_assert_str_eq(w[0].schedule_text, "0 1 * * 1-5");
    ck_assert(w[0].schedule.hours == (1u << 1) && w[0].schedule.wdays == 0x3E);
    ck_assert(w[0].gpus == 8 && w[0].hours == 4);
    ck_assert(w[0].run == RUN_ONPREM && w[0].cloud_mode == MODE_ON_DEMAND);
    ck_assert(!w[1].has_schedule && w[1].per_day == 2.5 && w[1].gpus == 2 &&
              w[1].hours == 1.5 && w[1].run == RUN_BURST &&
              w[1].cloud_mode == MODE_SPOT);
    ck_assert_str_eq(w[2].schedule_text, "*/30 9-17 * * *");
    ck_assert(w[2].run == RUN_CLOUD && w[2].hours == 0.25);
    /* without a hybrid section a file has none */
    const char *plain = "gpuplan: 1\n";
    ck_assert_int_eq(scenario_load_yaml("p.yaml", plain, strlen(plain), &s,
                                        &d), 0);
    ck_assert(!s.has_hybrid);
}
END_TEST

START_TEST(empty_section_value_is_refused_in_json_null)
{
    const char *t = "{\"gpuplan\":1,\"hybrid\":null}";
    Scenario s;
    Diag d;
    scenario_default(&s);
    int rc = scenario_load_json("t.json", t, strlen(t), &s, &d);
    expect_error("null hybrid", rc, &d, &s, 1, 14, "hybrid.workloads",
                 "missing `workloads`");
}
END_TEST

/* ---- round trips -------------------------------------------------------- */

static void load_case(const char *rel, Scenario *s)
{
    char path[1024];
    Diag d;
    data_path(path, sizeof path, rel);
    int rc = scenario_load_file(path, s, &d);
    ck_assert_msg(rc == 0, "%s: %s", path, d.message);
}

/* load -> save -> load is bit-identical, save -> load -> save is byte for
 * byte the same. */
static void roundtrip(const Scenario *s, const char *what)
{
    StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
    scenario_format_yaml(s, &a);
    ck_assert_msg(strstr(sb_str(&a), "\nhybrid:") != NULL, "%s: no section",
                  what);
    Scenario t;
    Diag d;
    int rc = scenario_load_yaml("rt.yaml", sb_str(&a), a.len, &t, &d);
    ck_assert_msg(rc == 0, "%s: reload: %lu:%lu %s: %s\n%s", what, d.line,
                  d.col, d.path, d.message, sb_str(&a));
    ck_assert_msg(scenario_equal(s, &t), "%s: reloaded scenario differs", what);
    scenario_format_yaml(&t, &b);
    ck_assert_msg(a.len == b.len && memcmp(sb_str(&a), sb_str(&b), a.len) == 0,
                  "%s: second save differs", what);
    sb_free(&a);
    sb_free(&b);
}

START_TEST(roundtrip_files)
{
    Scenario s;
    load_case("scenarios/logistics-hybrid.yaml", &s);
    roundtrip(&s, "logistics-hybrid");
    load_case("tests/data/good/hybrid.yaml", &s);
    roundtrip(&s, "good/hybrid");
}
END_TEST

START_TEST(roundtrip_awkward)
{
    Scenario s;
    load_case("tests/data/good/hybrid.yaml", &s);
    HybridPlan *p = &s.hybrid;
    p->days = 0.1 + 29;                /* not a short decimal */
    p->max_wait_minutes = 1.0 / 3.0;
    p->seed = 9007199254740992.0;      /* 2^53 */
    p->onprem_nodes = 0;
    snprintf(p->workloads[0].name, sizeof p->workloads[0].name,
             "two  spaces \\ \"q\" é \xE2\x80\xA8 #not a comment: x");
    p->workloads[1].per_day = 1e-7;
    p->workloads[1].hours = 8784;
    p->workloads[2].gpus = 100000;
    roundtrip(&s, "awkward");
    /* The DESIGN 6 scheduling keys come back as written. */
    p->backfill = true;
    p->workloads[0].priority = 100;
    p->workloads[1].has_max_wait = true;
    p->workloads[1].max_wait_minutes = 0;
    p->workloads[2].has_cloud_price = true;
    p->workloads[2].cloud_gpu_hour = 2.04;
    roundtrip(&s, "scheduling keys");
}
END_TEST

START_TEST(equal_sees_the_plan)
{
    Scenario a, b;
    load_case("tests/data/good/hybrid.yaml", &a);
    b = a;
    ck_assert(scenario_equal(&a, &b));
    b.hybrid.workloads[1].per_day = nextafter(2.5, 3);
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.hybrid.workloads[0].name[0] = 'N';
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.hybrid.workloads[2].run = RUN_BURST;
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.hybrid.workloads[2].cloud_mode = MODE_SPOT;
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.hybrid.workloads[0].has_schedule = false;
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.hybrid.workload_count = 2;
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.hybrid.seed = 43;
    ck_assert(!scenario_equal(&a, &b));
    b = a;
    b.has_hybrid = false;
    ck_assert(!scenario_equal(&a, &b));
}
END_TEST

/* ---- JSON export ---------------------------------------------------------- */

static const cJSON *at(const cJSON *o, const char *dotted)
{
    char buf[256];
    snprintf(buf, sizeof buf, "%s", dotted);
    for (char *k = strtok(buf, "."); k && o; k = strtok(NULL, "."))
        o = cJSON_GetObjectItemCaseSensitive(o, k);
    return o;
}

START_TEST(json_export_reads_back)
{
    Scenario s;
    load_case("scenarios/logistics-hybrid.yaml", &s);
    ReportResults rr;
    report_results_compute(&rr, &s);
    Report rep = report_of(&s, &rr, "2026-01-01");
    StrBuf b = STRBUF_INIT;
    export_json(&rep, &b);
    Scenario t;
    Diag d;
    int rc = scenario_load_json("e.json", sb_str(&b), b.len, &t, &d);
    ck_assert_msg(rc == 0, "export reload: %lu:%lu %s: %s", d.line, d.col,
                  d.path, d.message);
    ck_assert(scenario_equal(&s, &t));

    cJSON *doc = cJSON_Parse(sb_str(&b));
    ck_assert_ptr_nonnull(doc);
    static const char *const keys[] = {
        "onprem_nodes", "onprem.gpu_hours", "onprem.utilization_pct",
        "onprem.monthly", "cloud.on_demand.gpu_hours",
        "cloud.on_demand.monthly", "cloud.spot.gpu_hours", "cloud.spot.monthly",
        "cloud.fixed_monthly", "cloud.monthly", "total_monthly",
        "all_cloud.monthly", "all_onprem.nodes", "all_onprem.utilization_pct",
        "all_onprem.monthly", "optimum.onprem_nodes", "optimum.total_monthly"};
    const cJSON *h = at(doc, "results.hybrid");
    ck_assert_ptr_nonnull(h);
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        ck_assert_msg(cJSON_IsNumber(at(h, keys[i])), "results.hybrid.%s",
                      keys[i]);
    ck_assert(cJSON_IsArray(at(h, "warnings")));
    const cJSON *wl = at(h, "workloads");
    ck_assert_int_eq(cJSON_GetArraySize(wl), 4);
    const cJSON *evals = cJSON_GetArrayItem(wl, 3);
    ck_assert_str_eq(at(evals, "name")->valuestring, "evals");
    ck_assert(cJSON_IsNumber(at(evals, "jobs")));
    ck_assert(cJSON_IsNumber(at(evals, "to_cloud_pct")));
    ck_assert(at(evals, "to_cloud_pct")->valuedouble == 100);
    ck_assert(cJSON_IsNull(at(evals, "wait_mean_minutes"))); /* no on-prem jobs */
    ck_assert(cJSON_IsNull(at(evals, "wait_p95_minutes")));
    const cJSON *train = cJSON_GetArrayItem(wl, 0);
    ck_assert(cJSON_IsNumber(at(train, "wait_p95_minutes")));
    const cJSON *bn = at(h, "by_nodes");
    ck_assert_int_eq(cJSON_GetArraySize(bn), 5); /* 0..all_onprem.nodes (4) */
    ck_assert(cJSON_IsNumber(at(cJSON_GetArrayItem(bn, 0), "total_monthly")));

    /* the numbers are hybrid_evaluate's, at full precision */
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    static HybridResult hr;
    hybrid_evaluate(&s, &s.hybrid, &hr, &sc);
    hybrid_scratch_free(&sc);
    ck_assert(at(h, "total_monthly")->valuedouble == hr.total_monthly);
    ck_assert(at(h, "all_cloud.monthly")->valuedouble == hr.all_cloud.monthly);
    /* scenario.hybrid is nested like the YAML */
    ck_assert_str_eq(at(doc, "scenario.hybrid.workloads") ?
                     cJSON_GetArrayItem(at(doc, "scenario.hybrid.workloads"), 0)
                         ->child->valuestring : "",
                     "daily training");
    ck_assert(at(doc, "scenario.hybrid.onprem_nodes")->valuedouble == 2);
    cJSON_Delete(doc);
    sb_free(&b);

    /* no plan: no hybrid keys at all */
    Scenario def;
    scenario_default(&def);
    report_results_free(&rr);
    report_results_compute(&rr, &def);
    rep = report_of(&def, &rr, "2026-01-01");
    StrBuf c = STRBUF_INIT;
    export_json(&rep, &c);
    ck_assert_ptr_null(strstr(sb_str(&c), "\"hybrid\": {"));
    ck_assert_ptr_null(strstr(sb_str(&c), "\"hybrid\":{"));
    sb_free(&c);
    report_results_free(&rr);
}
END_TEST

/* ---- reports and chart --------------------------------------------------- */

START_TEST(report_section)
{
    Scenario s;
    load_case("scenarios/logistics-hybrid.yaml", &s);
    ReportResults rr;
    report_results_compute(&rr, &s);
    ck_assert_ptr_nonnull(rr.hybrid);
    for (int md = 0; md < 2; md++) {
        Report rep = report_of(&s, &rr, "2026-01-01");
        StrBuf b = STRBUF_INIT;
        export_report(&rep, md, &b);
        const char *t = sb_str(&b);
        ck_assert_ptr_nonnull(strstr(t, md ? "## Hybrid plan" : "HYBRID PLAN"));
        ck_assert_ptr_nonnull(strstr(t, "On-prem: 2 nodes"));
        ck_assert_ptr_nonnull(strstr(t, "All cloud: "));
        ck_assert_ptr_nonnull(strstr(t, "All on-prem: 4 nodes"));
        /* At list prices the cheapest plan owns no node (the notes). */
        ck_assert_ptr_nonnull(strstr(t, "Optimum: 0 on-prem nodes"));
        ck_assert_ptr_nonnull(strstr(t, "experiments"));
        ck_assert_ptr_nonnull(strstr(t, "Total monthly (USD) against on-prem"));
        ck_assert_ptr_nonnull(strstr(t, "O optimum 0: "));
        sb_free(&b);
        /* a report without hybrid results has no such section */
        rep.hybrid = NULL;
        StrBuf c = STRBUF_INIT;
        export_report(&rep, md, &c);
        ck_assert_ptr_null(strstr(sb_str(&c), "Hybrid plan"));
        ck_assert_ptr_null(strstr(sb_str(&c), "HYBRID PLAN"));
        sb_free(&c);
    }
    report_results_free(&rr);
}
END_TEST

/* Reports take results, not inputs: every format shows the HybridResult it
 * is handed (here with a total no simulation gives) and never runs the
 * simulation again. */
START_TEST(reports_show_the_results_they_are_given)
{
    Scenario s;
    load_case("scenarios/logistics-hybrid.yaml", &s);
    ReportResults rr;
    report_results_compute(&rr, &s);
    rr.hybrid->total_monthly = 1234567.5;
    rr.hybrid->optimum.onprem_nodes = 3;
    Report rep = report_of(&s, &rr, "2026-01-01");
    static const struct {
        ExportFormat f;
        const char *want;
    } rows[] = {{EXPORT_TEXT, "Total: 1,234,567.50 USD"},
                {EXPORT_MD, "**Total: 1,234,567.50 USD**"},
                {EXPORT_JSON, "\"total_monthly\":\t1234567.5"}};
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        StrBuf b = STRBUF_INIT;
        export_any(rows[i].f, &rep, &b);
        ck_assert_msg(strstr(sb_str(&b), rows[i].want) != NULL, "%s: no '%s'",
                      export_format_name(rows[i].f), rows[i].want);
        sb_free(&b);
    }
    report_results_free(&rr);
}
END_TEST

/* DESIGN 8: every node count plotted has a column of its own, even for the
 * 1,025 sizes of a 1,024-node fleet (a nice step then samples them, and
 * the legend says so); the optimum and the plan are always marked. */
START_TEST(chart_one_count_a_column)
{
    static HybridResult r;
    static HybridNodesTotal sizes[1025];
    static const size_t counts[] = {5, 8, 60, 1025};
    static const int widths[] = {40, 80, 132};
    for (size_t ci = 0; ci < sizeof counts / sizeof counts[0]; ci++)
        for (size_t wi = 0; wi < sizeof widths / sizeof widths[0]; wi++) {
            size_t n = counts[ci];
            memset(&r, 0, sizeof r);
            for (size_t i = 0; i < n; i++) {
                sizes[i].onprem_nodes = (double)i;
                /* a valley with its bottom at 4/5 of the way */
                double d = (double)i - 0.8 * (double)(n - 1);
                sizes[i].total_monthly = 1e6 + d * d * 10;
            }
            r.by_nodes = sizes;
            r.by_nodes_count = n;
            r.optimum.onprem_nodes = sizes[(size_t)lround(0.8 * (double)(n - 1))].onprem_nodes;
            r.optimum.total_monthly = 1e6;
            r.onprem_nodes = (double)(n - 1) / 3;
            r.onprem_nodes = floor(r.onprem_nodes);
            Canvas c;
            canvas_init(&c, widths[wi], 14);
            chart_hybrid_render(&c, &r, "USD");
            int marks_o = 0, marks_p = 0, plotted = 0;
            for (int x = 0; x < c.width; x++) {
                int in_col = 0;
                for (int y = 1; y < c.height - 3; y++) {
                    char ch = canvas_get(&c, x, y);
                    if (ch == '*' || ch == 'O' || ch == 'P')
                        in_col++;
                    marks_o += ch == 'O';
                    marks_p += ch == 'P';
                }
                ck_assert_msg(in_col <= 1, "two counts in column %d (%zu sizes, width %d)",
                              x, n, widths[wi]);
                plotted += in_col;
            }
            ck_assert_int_eq(marks_o, 1);
            ck_assert_int_eq(marks_p, 1);
            /* Small fleets: every count; large ones: a sampling the legend names. */
            StrBuf b = STRBUF_INIT;
            canvas_to_text(&c, &b);
            if ((int)n <= widths[wi] - 9)
                ck_assert_int_eq(plotted, (int)n);
            else
                ck_assert_ptr_nonnull(strstr(sb_str(&b), "* every "));
            ck_assert_int_gt(plotted, n < 20 ? (int)n - 1 : 10);
            sb_free(&b);
            canvas_free(&c);
        }
}
END_TEST

START_TEST(chart_marks_the_optimum)
{
    static HybridResult r;
    memset(&r, 0, sizeof r);
    r.onprem_nodes = 1;
    r.optimum.onprem_nodes = 2;
    r.optimum.total_monthly = 50000;
    r.by_nodes_count = 4;
    const double totals[4] = {100000, 70000, 50000, 80000};
    static HybridNodesTotal sizes[4];
    for (int i = 0; i < 4; i++) {
        sizes[i].onprem_nodes = i;
        sizes[i].total_monthly = totals[i];
    }
    r.by_nodes = sizes;
    Canvas c;
    canvas_init(&c, 40, 12);
    chart_hybrid_render(&c, &r, "EUR");
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    const char *t = sb_str(&b);
    /* plot rows 1..8, x from column 8 to 38: nodes 0,1,2,3 at 8,18,28,38;
     * y from 40,000 to 120,000 (axis_hybrid: the totals and 8% of their
     * span, rounded out to ticks 20,000 apart), 7 rows of 11,428.6 */
    ck_assert_int_eq(canvas_get(&c, 8, 3), '*');  /* 100K: 5.25 rows up */
    ck_assert_int_eq(canvas_get(&c, 28, 7), 'O'); /* 50K: 0.875 rows up, off the axis */
    ck_assert_int_eq(canvas_get(&c, 18, 5), 'P'); /* the plan, 70K: 2.63 rows up */
    ck_assert_int_eq(canvas_get(&c, 38, 4), '*'); /* 80K: 3.5 rows up */
    ck_assert_ptr_nonnull(strstr(t, "Total monthly (EUR) against on-prem"));
    ck_assert_ptr_nonnull(strstr(t, "O optimum 2: 50,000 EUR"));
    /* the ticks labelled a row apart: every other one */
    ck_assert_ptr_nonnull(strstr(t, "  120K +"));
    ck_assert_ptr_nonnull(strstr(t, "   80K +"));
    ck_assert_ptr_nonnull(strstr(t, "   40K +"));
    ck_assert_ptr_null(strstr(t, "100K"));
    sb_free(&b);
    canvas_free(&c);
    canvas_init(&c, 10, 3);
    chart_hybrid_render(&c, &r, "EUR");
    ck_assert_int_eq(canvas_get(&c, 0, 0), '(');
    canvas_free(&c);
}
END_TEST

/* ---- --set hybrid.* -------------------------------------------------------- */

/* --set KEY=VALUE as the command line does it: the edit path. */
static bool hybrid_set(Scenario *s, const char *key, const char *val, char *msg,
                       size_t n)
{
    Diag d;
    if (scenario_set(s, key, val, &d) == 0)
        return true;
    size_t l = strnlen(d.message, n - 1);
    memcpy(msg, d.message, l);
    msg[l] = '\0';
    return false;
}

START_TEST(set_scalars)
{
    Scenario s;
    char msg[400];
    load_case("scenarios/logistics-hybrid.yaml", &s);
    ck_assert(hybrid_set(&s, "hybrid.onprem_nodes", "1", msg, sizeof msg));
    ck_assert(s.hybrid.onprem_nodes == 1);
    ck_assert(hybrid_set(&s, "hybrid.max_wait_minutes", "45.5", msg, sizeof msg));
    ck_assert(s.hybrid.max_wait_minutes == 45.5);
    Scenario before = s;
    ck_assert(!hybrid_set(&s, "hybrid.onprem_nodes", "3", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "more than hardware.nodes (2)"));
    ck_assert(!hybrid_set(&s, "hybrid.days", "367", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "367 is above 366"));
    ck_assert(!hybrid_set(&s, "hybrid.seed", "x", msg, sizeof msg));
    ck_assert(!hybrid_set(&s, "hybrid.dayz", "3", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "did you mean `hybrid.days`?"));
    ck_assert(!hybrid_set(&s, "hybrid.workloads", "3", msg, sizeof msg));
    ck_assert(scenario_equal(&s, &before));
    Scenario def;
    scenario_default(&def);
    ck_assert(!hybrid_set(&def, "hybrid.days", "3", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "no hybrid section"));
    ck_assert(!def.has_hybrid);
}
END_TEST

START_TEST(set_workloads)
{
    Scenario s;
    char msg[400];
    load_case("scenarios/logistics-hybrid.yaml", &s);
    ck_assert_uint_eq(s.hybrid.workload_count, 4);
    HybridWorkload *exp = &s.hybrid.workloads[2], *daily = &s.hybrid.workloads[0];
    ck_assert(!exp->has_schedule && daily->has_schedule);
    ck_assert(hybrid_set(&s, "hybrid.workloads[2].per_day", "24", msg, sizeof msg));
    ck_assert(exp->per_day == 24);
    ck_assert(hybrid_set(&s, "hybrid.workloads[2].run", "cloud", msg, sizeof msg));
    ck_assert(exp->run == RUN_CLOUD);
    ck_assert(hybrid_set(&s, "hybrid.workloads[2].cloud_mode", "on_demand", msg,
                         sizeof msg));
    ck_assert(exp->cloud_mode == MODE_ON_DEMAND);
    ck_assert(hybrid_set(&s, "hybrid.workloads[2].gpus", "16", msg, sizeof msg));
    ck_assert(exp->gpus == 16);
    ck_assert(hybrid_set(&s, "hybrid.workloads[2].name", "sweeps", msg, sizeof msg));
    ck_assert_str_eq(exp->name, "sweeps");
    /* A schedule replaces the rate, and a rate replaces the schedule. */
    ck_assert(hybrid_set(&s, "hybrid.workloads[2].schedule", "*/20 9-17 * * 1-5",
                         msg, sizeof msg));
    ck_assert(exp->has_schedule);
    ck_assert_str_eq(exp->schedule_text, "*/20 9-17 * * 1-5");
    ck_assert(hybrid_set(&s, "hybrid.workloads[0].per_day", "2", msg, sizeof msg));
    ck_assert(!daily->has_schedule && daily->per_day == 2);

    Scenario before = s;
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2].schedule", "0 25 * * *", msg,
                          sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "is not a cron schedule"));
    ck_assert_ptr_nonnull(strstr(msg, "column 3"));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2].run", "sometimes", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "expected onprem, cloud or burst"));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2].cloud_mode", "cheap", msg,
                          sizeof msg));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2].gpus", "0", msg, sizeof msg));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2].hours", "0", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "not above 0"));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[4].gpus", "1", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "there is no workload 4 (the plan has 4"));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[99999999999999999999].gpus", "1", msg,
                          sizeof msg));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2].colour", "1", msg, sizeof msg));
    ck_assert_ptr_nonnull(strstr(msg, "hybrid.workloads[N].KEY"));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[x].gpus", "1", msg, sizeof msg));
    ck_assert(!hybrid_set(&s, "hybrid.workloads[2]gpus", "1", msg, sizeof msg));
    ck_assert(scenario_equal(&s, &before));
}
END_TEST

static Suite *hybrid_file_suite(void)
{
    Suite *s = suite_create("hybrid_file");
    TCase *t = tcase_create("refusals");
    tcase_add_loop_test(t, yaml_refusals, 0,
                        (int)(sizeof yaml_bad / sizeof yaml_bad[0]));
    tcase_add_loop_test(t, json_refusals, 0,
                        (int)(sizeof json_bad / sizeof json_bad[0]));
    tcase_add_test(t, too_many_workloads);
    tcase_add_test(t, empty_section_value_is_refused_in_json_null);
    suite_add_tcase(s, t);
    t = tcase_create("files");
    tcase_add_test(t, good_file);
    tcase_add_test(t, roundtrip_files);
    tcase_add_test(t, roundtrip_awkward);
    tcase_add_test(t, equal_sees_the_plan);
    tcase_add_test(t, json_export_reads_back);
    tcase_add_test(t, reports_show_the_results_they_are_given);
    tcase_add_test(t, report_section);
    tcase_add_test(t, chart_marks_the_optimum);
    tcase_add_test(t, chart_one_count_a_column);
    tcase_add_test(t, set_scalars);
    tcase_add_test(t, set_workloads);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(hybrid_file_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
