/* check_yaml.c: scenario files (DESIGN 1, 1.3, 4.1, 7): the YAML and JSON
 * readers' refusals with their line and column, the inputs they must
 * accept, bit-exact round trips, and the atomic writer and whole-file
 * reader. */
#include "config.h"

#include <check.h>
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "cost.h"
#include "export.h"
#include "fields.h"
#include "scenario_file.h"
#include "strbuf.h"

/* ---- helpers ------------------------------------------------------------ */

static const char *srcdir(void)
{
    const char *s = getenv("top_srcdir");
    return s && *s ? s : GPUPLAN_SRCDIR;
}

static void data_path(char *buf, size_t n, const char *rel)
{
    snprintf(buf, n, "%s/%s", srcdir(), rel);
}

static Scenario def(void)
{
    Scenario s;
    scenario_default(&s);
    return s;
}

static int load_text(const char *text, Scenario *s, Diag *d)
{
    return scenario_load_yaml("t.yaml", text, strlen(text), s, d);
}

static int load_jtext(const char *text, Scenario *s, Diag *d)
{
    return scenario_load_json("t.json", text, strlen(text), s, d);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Assert a load failed with this status, position, path and message
 * fragment; *s must be untouched (it starts as the default). */
static void expect_error(const char *what, int rc, const Diag *d,
                         const Scenario *s, int status, unsigned long line,
                         unsigned long col, const char *path, const char *frag)
{
    char msg[1200];
    diag_format(d, msg, sizeof msg);
    ck_assert_msg(rc == status, "%s: status %d, expected %d (%s)", what, rc,
                  status, msg);
    ck_assert_msg(d->status == status, "%s: diag status %d", what, d->status);
    ck_assert_msg(d->line == line && d->col == col,
                  "%s: at %lu:%lu, expected %lu:%lu (%s)", what, d->line,
                  d->col, line, col, msg);
    ck_assert_msg(strcmp(d->path, path) == 0, "%s: path '%s', expected '%s'",
                  what, d->path, path);
    ck_assert_msg(strstr(d->message, frag) != NULL,
                  "%s: message '%s' lacks '%s'", what, d->message, frag);
    Scenario ref = def();
    ck_assert_msg(scenario_equal(s, &ref), "%s: scenario was changed", what);
}

/* ---- YAML refusals ------------------------------------------------------ */

typedef struct BadCase {
    const char *text;
    unsigned long line, col;
    const char *path;
    const char *frag;
} BadCase;

static const BadCase yaml_bad[] = {
    /* schema version */
    {"name: x\n", 1, 1, "gpuplan", "missing `gpuplan: 2` schema version"},
    {"# comment\n\nname: x\nhardware:\n  nodes: 4\n", 3, 1, "gpuplan",
     "missing `gpuplan: 2`"},
    {"gpuplan: 3\n", 1, 10, "gpuplan",
     "schema version 3 is newer than this gpuplan understands (2)"},
    {"gpuplan: 1.5\n", 1, 10, "gpuplan", "expected the whole number 2"},
    {"gpuplan: one\n", 1, 10, "gpuplan", "not valid"},
    {"gpuplan: \"1\"\n", 1, 10, "gpuplan", "unquoted"},
    {"gpuplan: 0\n", 1, 10, "gpuplan", "schema version 0 is not valid"},
    {"gpuplan: 1e300\n", 1, 10, "gpuplan", "schema version 1e+300 is newer"},
    {"gpuplan: [1]\n", 1, 10, "gpuplan", "not a list"},
    {"gpuplan: 1\ngpuplan: 1\n", 2, 1, "gpuplan",
     "duplicate key `gpuplan` (first given at line 1)"},
    /* unknown keys */
    {"gpuplan: 1\nutilisation:\n  measured_pct: 5\n", 2, 1, "utilisation",
     "unknown key `utilisation` (did you mean `utilization`?)"},
    {"gpuplan: 1\nhardware:\n  nodez: 4\n", 3, 3, "hardware.nodez",
     "unknown key `nodez` (did you mean `nodes`?)"},
    {"gpuplan: 1\nnmae: x\n", 2, 1, "nmae", "did you mean `name`?"},
    {"gpuplan: 1\nhardware:\n  flux_capacitor: 1\n", 3, 3,
     "hardware.flux_capacitor", "known keys: gpu_model, nodes, gpus_per_node"},
    {"gpuplan: 1\nzzzzzzzzzzzz: 1\n", 2, 1, "zzzzzzzzzzzz",
     "known keys: gpuplan, name, notes, currency, hours_per_month, hardware"},
    {"gpuplan: 1\nhybrid:\n  days: 30\n", 2, 1, "hybrid.workloads",
     "missing `workloads`"},
    {"gpuplan: 1\nhardware.nodes: 4\n", 2, 1, "hardware.nodes",
     "write `nodes` inside the `hardware:` section"},
    {"gpuplan: 1\nhardware:\n  name: x\n", 3, 3, "hardware.name", "unknown key"},
    {"gpuplan: 1\nhardware:\n  hardware.nodes: 4\n", 3, 3,
     "hardware.hardware.nodes", "unknown key"},
    /* wrong shapes */
    {"gpuplan: 1\nhardware:\n  nodes: {a: 1}\n", 3, 10, "hardware.nodes",
     "expected a single value (a whole number from 1 to 100,000), not a mapping"},
    {"gpuplan: 1\nname: [a, b]\n", 2, 7, "name", "not a list"},
    {"gpuplan: 1\nhardware: 4\n", 2, 11, "hardware",
     "`hardware` is a section: expected a mapping"},
    {"gpuplan: 1\nhardware:\n  - nodes\n", 3, 3, "hardware", "not a list"},
    {"gpuplan: 1\n? {a: 1}\n: 2\n", 2, 3, "", "a key must be a name"},
    {"- a\n- b\n", 1, 1, "", "a scenario file is a mapping"},
    {"hello\n", 1, 1, "", "not a single value"},
    {"", 1, 1, "", "the file is empty"},
    {"# only a comment\n", 2, 1, "", "the file is empty"},
    {"---\n", 2, 1, "", "the document is empty"},
    {"gpuplan: 1\n---\ngpuplan: 1\n", 2, 1, "", "more than one YAML document"},
    /* values */
    {"gpuplan: 1\nhardware:\n  nodes: \"42\"\n", 3, 10, "hardware.nodes",
     "write numbers without quotes"},
    {"gpuplan: 1\nhardware:\n  nodes: '0'\n", 3, 10, "hardware.nodes",
     "expected a whole number from 1 to 100,000, written without quotes"},
    {"gpuplan: 1\nconstraints:\n  compliance_forbids_cloud: \"true\"\n", 3, 29,
     "constraints.compliance_forbids_cloud", "write true or false without"},
    {"gpuplan: 1\nhardware:\n  nodes: 0\n", 3, 10, "hardware.nodes",
     "0 is below 1 (expected a whole number from 1 to 100,000)"},
    {"gpuplan: 1\nhardware:\n  nodes: 2.5\n", 3, 10, "hardware.nodes",
     "not a whole number"},
    {"gpuplan: 1\nhardware:\n  nodes:\n", 3, 9, "hardware.nodes",
     "no value given"},
    {"gpuplan: 1\nfacility:\n  pue: .nan\n", 3, 8, "facility.pue",
     "\".nan\" is not a number"},
    {"gpuplan: 1\nfacility:\n  pue: nan\n", 3, 8, "facility.pue",
     "is not a number"},
    {"gpuplan: 1\nfacility:\n  pue: .inf\n", 3, 8, "facility.pue",
     "is not a number"},
    {"gpuplan: 1\nfacility:\n  pue: -inf\n", 3, 8, "facility.pue",
     "is not a number"},
    {"gpuplan: 1\nfacility:\n  pue: 0x10\n", 3, 8, "facility.pue",
     "\"0x10\" is not a number"},
    {"gpuplan: 1\nfacility:\n  pue: 1e999\n", 3, 8, "facility.pue",
     "too large"},
    {"gpuplan: 1\nfacility:\n  pue: 1,4\n", 3, 8, "facility.pue",
     "written with '.'"},
    {"gpuplan: 1\nhardware:\n  gpu_model: "
     "12345678901234567890123456789012345678901\n", 3, 14,
     "hardware.gpu_model", "41 characters long (at most 40 allowed)"},
    {"gpuplan: 1\nname: \"\"\n", 2, 7, "name", "text is empty"},
    {"gpuplan: 1\ncurrency: usd\n", 2, 11, "currency",
     "not a currency code"},
    {"gpuplan: 1\nconstraints:\n  compliance_forbids_cloud: maybe\n", 3, 29,
     "constraints.compliance_forbids_cloud", "is not true or false"},
    {"gpuplan: 1\nname: \"a\\0b\"\n", 2, 7, "name", "NUL character"},
    {"gpuplan: 1\nname: \"a\\x01b\"\n", 2, 7, "name", "control character"},
    {"gpuplan: 1\nname: !!str x\n", 2, 7, "name", "tags such as"},
    /* anchors, aliases, duplicates */
    {"gpuplan: 1\nhardware: &h\n  nodes: 4\nfacility: *h\n", 2, 11, "hardware",
     "anchors and aliases are not allowed"},
    {"gpuplan: 1\nname: *x\n", 2, 7, "name", "anchors and aliases are not allowed"},
    {"gpuplan: 1\nname: &n x\n", 2, 7, "name", "anchors and aliases"},
    {"gpuplan: 1\nhardware:\n  nodes: 4\n  gpus_per_node: 8\n  nodes: 5\n", 5,
     3, "hardware.nodes", "duplicate key `nodes` (first given at line 3)"},
    {"gpuplan: 1\nhardware:\n  nodes: 4\nhardware:\n  storage: 1\n", 4, 1,
     "hardware", "duplicate key `hardware` (first given at line 2)"},
    {"gpuplan: 1\nname: a\nname: b\n", 3, 1, "name",
     "duplicate key `name` (first given at line 2)"},
    /* syntax */
    {"gpuplan: 1\nhardware:\n  nodes: 4\n gpus_per_node: 8\n", 4, 2, "",
     "YAML syntax error: did not find expected key"},
    {"gpuplan: 1\nname: 'unterminated\n", 3, 1, "", "YAML syntax error"},
    {"gpuplan: 1\nname: \xff\n", 2, 7, "", "not valid UTF-8"},
    {"gpuplan: 1\nhardware: {nodes: 4\n", 3, 1, "", "YAML syntax error"},
    /* cross-field rules, at the blamed field or its section */
    {"gpuplan: 1\nfacility:\n  node_power_idle_kw: 9\n", 3, 3,
     "facility.node_power_idle_kw", "idle power 9 kW is above the busy 7.7 kW"},
    {"gpuplan: 1\nfacility:\n  node_power_max_kw: 5\n", 2, 1,
     "facility.node_power_busy_kw", "busy power 7.7 kW is above the "
     "provisioned 5 kW"},
    {"gpuplan: 1\nfacility: {node_power_max_kw: 5, node_power_busy_kw: 6}\n", 2,
     34, "facility.node_power_busy_kw", "need idle <= busy <= max"},
    /* CRLF and a BOM keep positions right */
    {"gpuplan: 1\r\nhardware:\r\n  nodez: 4\r\n", 3, 3, "hardware.nodez",
     "did you mean"},
    {"\xEF\xBB\xBFgpuplan: 1\nhardware:\n  nodes: -1\n", 3, 10,
     "hardware.nodes", "below 1"},
    {"\xEF\xBB\xBFgpuplan: 3\n", 1, 10, "gpuplan", "newer"},
    /* DESIGN 1.4: a version-1 file may not use a version-2 field */
    {"gpuplan: 1\ncloud:\n  reserved_coverage_pct: 50\n", 3, 3,
     "cloud.reserved_coverage_pct",
     "`cloud.reserved_coverage_pct` is a schema version 2 field, but this "
     "file says `gpuplan: 1` (line 1); write `gpuplan: 2` to use it"},
    {"cloud:\n  spot_eligible_pct: 50\ngpuplan: 1\n", 2, 3,
     "cloud.spot_eligible_pct", "write `gpuplan: 2`"},
    {"gpuplan: 1\ncloud:\n  reserved_overflow: spot\n", 3, 3,
     "cloud.reserved_overflow", "write `gpuplan: 2`"},
    /* ... nor a version-2 key of the hybrid plan */
    {"gpuplan: 1\nhybrid:\n  backfill: true\n  workloads:\n    - name: a\n"
     "      per_day: 1\n      gpus: 1\n      hours: 1\n", 3, 3,
     "hybrid.backfill", "write `gpuplan: 2`"},
    {"gpuplan: 1\nhybrid:\n  workloads:\n    - name: a\n      per_day: 1\n"
     "      gpus: 1\n      hours: 1\n      cloud_gpu_hour: 2\n", 8, 7,
     "hybrid.workloads[0].cloud_gpu_hour", "is a schema version 2 field"},
    {"gpuplan: 1\nhybrid:\n  workloads:\n    - name: a\n      per_day: 1\n"
     "      gpus: 1\n      hours: 1\n      priority: 5\n", 8, 7,
     "hybrid.workloads[0].priority", "write `gpuplan: 2`"},
    {"gpuplan: 1\nname: \"Zürich\"\nhardware: {nodes: 0}\n", 3, 19,
     "hardware.nodes", "below 1"},
};

START_TEST(yaml_refusals)
{
    const BadCase *c = &yaml_bad[_i];
    Scenario s = def();
    Diag d;
    int rc = load_text(c->text, &s, &d);
    char what[64];
    snprintf(what, sizeof what, "yaml_bad[%d]", _i);
    expect_error(what, rc, &d, &s, EXIT_DATAERR, c->line, c->col, c->path,
                 c->frag);
    ck_assert_str_eq(d.file, "t.yaml");
}
END_TEST

/* The file-based refusals in tests/data/bad, through scenario_load_file. */
static const struct {
    const char *file;
    unsigned long line, col;
    const char *path, *frag;
} file_bad[] = {
    {"unknown-key.yaml", 3, 1, "utilisation",
     "unknown key `utilisation` (did you mean `utilization`?)"},
    {"duplicate.yaml", 5, 3, "hardware.nodes",
     "duplicate key `nodes` (first given at line 3)"},
    {"billion-laughs.yaml", 2, 4, "a", "anchors and aliases are not allowed"},
    {"two-docs.yaml", 3, 1, "", "more than one YAML document"},
    {"syntax.yaml", 4, 2, "", "YAML syntax error"},
    {"cross-field.yaml", 4, 3, "facility.node_power_busy_kw",
     "busy power 12 kW is above the provisioned 10 kW"},
    {"future-version.yaml", 2, 10, "gpuplan",
     "schema version 3 is newer than this gpuplan understands (2)"},
    {"no-version.yaml", 1, 1, "gpuplan", "missing `gpuplan: 2`"},
    {"quoted-number.yaml", 3, 14, "staffing.engineers",
     "write numbers without quotes"},
    {"nan.yaml", 3, 18, "cloud.spot_gpu_hour", "is not a number"},
    {"empty.yaml", 1, 1, "", "the file is empty"},
    {"not-mapping.yaml", 1, 1, "", "not a list"},
    {"syntax.json", 3, 29, "", "JSON syntax error near `}`"},
    {"duplicate.json", 5, 5, "hardware.nodes",
     "duplicate key `nodes` (first given at line 4)"},
    {"unknown.json", 4, 19, "hardware.node",
     "unknown key `node` (did you mean `nodes`?)"},
};

START_TEST(file_refusals)
{
    char path[4096];
    char rel[256];
    snprintf(rel, sizeof rel, "tests/data/bad/%s", file_bad[_i].file);
    data_path(path, sizeof path, rel);
    Scenario s = def();
    Diag d;
    int rc = scenario_load_file(path, &s, &d);
    expect_error(file_bad[_i].file, rc, &d, &s, EXIT_DATAERR, file_bad[_i].line,
                 file_bad[_i].col, file_bad[_i].path, file_bad[_i].frag);
    ck_assert_str_eq(d.file, path);
    char msg[1200], want[4200];
    diag_format(&d, msg, sizeof msg);
    snprintf(want, sizeof want, "%s:%lu:%lu: ", path, file_bad[_i].line,
             file_bad[_i].col);
    ck_assert_msg(strncmp(msg, want, strlen(want)) == 0, "%s", msg);
}
END_TEST

/* 20,000 levels of nesting: refused at the 17th level, fast. */
static char *repeat(const char *head, const char *unit, size_t n)
{
    size_t hl = strlen(head), ul = strlen(unit);
    char *s = malloc(hl + ul * n + 1);
    ck_assert_ptr_nonnull(s);
    memcpy(s, head, hl);
    for (size_t i = 0; i < n; i++)
        memcpy(s + hl + i * ul, unit, ul);
    s[hl + ul * n] = '\0';
    return s;
}

START_TEST(deep_nesting_is_refused_fast)
{
    /* YAML checks each value's shape as it arrives, so the first bracket
     * in the wrong place stops the load; JSON is checked for depth before
     * it is parsed, and stops at the 17th level. */
    static const struct {
        const char *head, *unit;
        bool json;
        unsigned long line, col;
        const char *path, *frag;
    } deep[] = {
        {"", "[", false, 1, 1, "", "a scenario file is a mapping"},
        {"", "{a: ", false, 1, 2, "a", "unknown key `a`"},
        {"gpuplan: 1\nhardware: ", "[", false, 2, 11, "hardware",
         "is a section"},
        {"gpuplan: 1\nname: ", "[", false, 2, 7, "name", "not a list"},
        {"gpuplan: 1\n", "? [", false, 2, 3, "", "a key must be a name"},
        {"", "[", true, 1, SCENARIO_NEST_MAX + 1, "",
         "nesting is deeper than 16 levels"},
        {"", "{\"a\": ", true, 1, 6 * SCENARIO_NEST_MAX + 1, "",
         "nesting is deeper than 16 levels"},
        {"{\"gpuplan\": 1, \"results\": ", "[", true, 1,
         27 + SCENARIO_NEST_MAX - 1, "", "nesting is deeper than 16 levels"},
    };
    for (size_t k = 0; k < sizeof deep / sizeof deep[0]; k++) {
        char *text = repeat(deep[k].head, deep[k].unit, 20000);
        Scenario s = def();
        Diag d;
        double t0 = now();
        int rc = deep[k].json ? load_jtext(text, &s, &d) : load_text(text, &s, &d);
        double dt = now() - t0;
        expect_error("deep", rc, &d, &s, EXIT_DATAERR, deep[k].line,
                     deep[k].col, deep[k].path, deep[k].frag);
        ck_assert_msg(dt < 1.0, "deep case %zu took %.3f s", k, dt);
        free(text);
    }
    /* Block style, one more space of indentation a level. */
    char *text = malloc(2000 * 2010 / 2 + 4000);
    size_t used = 0;
    used += (size_t)sprintf(text, "gpuplan: 1\nhardware:\n");
    for (int lvl = 1; lvl < 2000; lvl++) {
        memset(text + used, ' ', (size_t)lvl);
        used += (size_t)lvl;
        memcpy(text + used, "a:\n", 3);
        used += 3;
    }
    text[used] = '\0';
    Scenario s = def();
    Diag d;
    double t0 = now();
    int rc = load_text(text, &s, &d);
    ck_assert_msg(now() - t0 < 1.0, "deep block took too long");
    expect_error("deep block", rc, &d, &s, EXIT_DATAERR, 3, 2, "hardware.a",
                 "unknown key `a`");
    free(text);
}
END_TEST

/* A control character makes the loader read the text again to name the
 * field it sits in. Gathering every problem reads past the first unknown
 * key, so the character is reached at the top of a flow nest 100,000
 * levels deep; the second reading must stop where the first did (read
 * whole, it took time growing with the square of the depth: minutes for a
 * 1 MiB file). */
START_TEST(control_character_in_a_deep_nest_is_fast)
{
    for (int at_end = 0; at_end < 2; at_end++) {
        const int levels = 100000;
        StrBuf text = STRBUF_INIT;
        sb_append(&text, "{a: {a: {b");
        if (!at_end)
            sb_append(&text, "\x01" "c");
        sb_append(&text, ": ");
        for (int i = 0; i < levels; i++)
            sb_append(&text, "{a: ");
        sb_append(&text, at_end ? "x\x01y" : "1");
        for (int i = 0; i < levels + 3; i++)
            sb_append_n(&text, "}", 1);
        static Diag all[16];
        size_t n = 0;
        double t0 = now();
        int rc = scenario_check_yaml("t.yaml", text.data, text.len, all, 16, &n);
        double dt = now() - t0;
        ck_assert_int_eq(rc, EXIT_DATAERR);
        ck_assert_msg(n >= 1, "no problem reported");
        ck_assert_msg(dt < 1.0, "at_end=%d: took %.3f s", at_end, dt);
        /* Near the top the character is named in its field; at the end
         * the nesting is refused before the character is reached. */
        const char *want = at_end ? "nesting is deeper than 16 levels"
                                  : "control character \\x01";
        bool named = false;
        for (size_t k = 0; k < n; k++)
            if (strstr(all[k].message, want)) {
                named = true;
                if (!at_end) {
                    ck_assert_uint_eq(all[k].line, 1);
                    ck_assert_uint_eq(all[k].col, 11);
                    ck_assert_str_eq(all[k].path, "a.a");
                }
            }
        ck_assert_msg(named, "at_end=%d: no \"%s\" (first problem: %s)",
                      at_end, want, all[0].message);
        sb_free(&text);
    }
}
END_TEST

/* The same through a file on disk, timed end to end. */
START_TEST(deep_file_is_refused_fast)
{
    char dir[] = "/tmp/check_yaml.XXXXXX";
    ck_assert_ptr_nonnull(mkdtemp(dir));
    char path[256];
    snprintf(path, sizeof path, "%s/deep.yaml", dir);
    char *text = repeat("", "[", 20000);
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    Scenario s = def();
    Diag d;
    double t0 = now();
    int rc = scenario_load_file(path, &s, &d);
    double dt = now() - t0;
    expect_error("deep file", rc, &d, &s, EXIT_DATAERR, 1, 1, "",
                 "a scenario file is a mapping");
    ck_assert_msg(dt < 1.0, "took %.3f s", dt);
    unlink(path);
    free(text);

    /* A JSON file (first byte '{') nested 20,000 deep */
    snprintf(path, sizeof path, "%s/deep.json", dir);
    text = repeat("\xEF\xBB\xBF \n", "{\"a\":", 20000);
    f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    t0 = now();
    rc = scenario_load_file(path, &s, &d);
    dt = now() - t0;
    expect_error("deep json file", rc, &d, &s, EXIT_DATAERR, 2,
                 5 * SCENARIO_NEST_MAX + 1, "", "nesting is deeper");
    ck_assert_msg(dt < 1.0, "took %.3f s", dt);
    unlink(path);
    rmdir(dir);
    free(text);
}
END_TEST

/* ---- JSON refusals ------------------------------------------------------ */

static const BadCase json_bad[] = {
    {"{\"gpuplan\": 1, \"hardware\": {\"nodes\": 4, \"nodes\": 5}}", 1, 41,
     "hardware.nodes", "duplicate key `nodes` (first given at line 1)"},
    {"{\n  \"gpuplan\": 1,\n  \"name\": \n}", 4, 1, "",
     "JSON syntax error near `}`"},
    {"{\"gpuplan\": 1,\n \"name\": \"x\"", 2, 13, "",
     "JSON syntax error at the end of the file"},
    {"{\"gpuplan\": tru, \"name\": \"x\"", 1, 13, "",
     "JSON syntax error near `tru, "},
    {"{\"gpuplan\": 1, \"name\": \"x\",\n \"hardware\": {\"nodes\": 4 "
     "\"gpus_per_node\": 2}}", 2, 26, "", "near `\"gpus_per_node\":`"},
    {"{\"gpuplan\": 1, \"name\": \"x\"}}", 1, 28, "",
     "unexpected text after the JSON object"},
    {"{\"gpuplan\":1,\n\"utilisation\":{}}", 2, 1, "utilisation",
     "unknown key `utilisation` (did you mean `utilization`?)"},
    {"{\"gpuplan\":1,\"hardware\":{\"nodes\":\"4\"}}", 1, 34, "hardware.nodes",
     "write numbers without quotes"},
    {"{\"gpuplan\":1,\"facility\":{\"pue\":1e999}}", 1, 32, "facility.pue",
     "too large"},
    {"{\"gpuplan\":1,\"facility\":{\"pue\":-1e999}}", 1, 32, "facility.pue",
     "too large"},
    {"{\"gpuplan\":1,\"hardware\":{\"nodes\":1e2}}", 1, 34, "hardware.nodes",
     NULL},
    {"[1]", 1, 1, "", "a JSON scenario is an object"},
    {"{\"gpuplan\":1} x", 1, 15, "", "unexpected text after the JSON object"},
    {"{\"name\":\"x\"}", 1, 1, "gpuplan", "missing `gpuplan: 2`"},
    {"{\"gpuplan\":1,\n\"cloud\":{\"reserved_term_months\":12}}", 2, 10,
     "cloud.reserved_term_months", "write `gpuplan: 2`"},
    {"{\"gpuplan\":3}", 1, 12, "gpuplan",
     "schema version 3 is newer than this gpuplan understands (2)"},
    {"{\"gpuplan\":\"1\"}", 1, 12, "gpuplan", "unquoted"},
    {"{\"gpuplan\":1,\"gpuplan\":1}", 1, 14, "gpuplan", "duplicate key"},
    {"{\"gpuplan\":1,\"scenario\":{},\"bogus\":1}", 1, 28, "bogus",
     "a JSON export holds gpuplan, generator, scenario and results"},
    {"{\"gpuplan\":1,\"scenario\":{},\"scenario\":{}}", 1, 28, "scenario",
     "duplicate key `scenario` (first given at line 1)"},
    {"{\"gpuplan\":1,\"scenario\":[]}", 1, 25, "scenario",
     "expected the scenario object"},
    {"{\"scenario\":{\"gpuplan\":1}}", 1, 1, "gpuplan", "missing `gpuplan: 2`"},
    {"{\"gpuplan\":1,\"scenario\":{\"gpuplan\":3}}", 1, 36, "gpuplan",
     "schema version 3 is newer"},
    {"{\"gpuplan\":1,\"name\":null}", 1, 21, "name",
     "expected text in double quotes"},
    {"{\"gpuplan\":1,\"name\":42}", 1, 21, "name",
     "expected text in double quotes (text of 1 to 80 characters), not a "
     "number"},
    {"{\"gpuplan\":1,\"hardware\":{\"nodes\":null}}", 1, 34, "hardware.nodes",
     "no value given (expected a whole number from 1 to 100,000)"},
    {"{\"gpuplan\":1,\"hardware\":{\"nodes\":true}}", 1, 34, "hardware.nodes",
     "expected a whole number from 1 to 100,000, not true or false"},
    {"{\"gpuplan\":1,\"constraints\":{\"compliance_forbids_cloud\":1}}", 1, 56,
     "constraints.compliance_forbids_cloud", "expected true or false"},
    {"{\"gpuplan\":1,\"hardware\":[]}", 1, 25, "hardware",
     "`hardware` is a section"},
    {"{\"gpuplan\":1,\"hardware\":{\"nodes\":4},\n\"hardware\":{}}", 2, 1,
     "hardware", "duplicate key `hardware` (first given at line 1)"},
    {"{\"gpuplan\":1,\"name\":\"é\\\"x\",\"facility\":{\"node_power_idle_kw\":9}}",
     1, 40, "facility.node_power_idle_kw", "idle power 9 kW is above"},
    {"{\"gpuplan\":1,\"facility\":{\"node_power_max_kw\":5}}", 1, 14,
     "facility.node_power_busy_kw", "busy power 7.7 kW"},
    {"\xEF\xBB\xBF{\"gpuplan\":1,\r\n\"hybrid\":{}}", 2, 1, "hybrid.workloads",
     "missing `workloads`"},
    {"{\"gpuplan\":1,\"hardware\":{\"gpu_model\":\"a\\u0001b\"}}", 1, 38,
     "hardware.gpu_model", "control character"},
    {"{\"gpuplan\":1,\"name\":\"a\\u0000b\"}", 1, 21, "name",
     "NUL character"},
    {"\xEF\xBB\xBF{\"gpuplan\": 3}", 1, 13, "gpuplan",
     "schema version 3 is newer"},
};

START_TEST(json_refusals)
{
    const BadCase *c = &json_bad[_i];
    Scenario s = def();
    Diag d;
    int rc = load_jtext(c->text, &s, &d);
    char what[64];
    snprintf(what, sizeof what, "json_bad[%d]", _i);
    if (c->frag == NULL) { /* 1e2 = 100 nodes is fine: a control case */
        ck_assert_int_eq(rc, 0);
        ck_assert(s.hardware.nodes == 100);
        return;
    }
    expect_error(what, rc, &d, &s, EXIT_DATAERR, c->line, c->col, c->path,
                 c->frag);
}
END_TEST

/* ---- inputs that must load ------------------------------------------------ */

static Scenario load_good(const char *name)
{
    char rel[256], path[4096];
    snprintf(rel, sizeof rel, "tests/data/good/%s", name);
    data_path(path, sizeof path, rel);
    Scenario s = def();
    Diag d;
    int rc = scenario_load_file(path, &s, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s", name, msg);
    return s;
}

START_TEST(good_inputs)
{
    Scenario s = load_good("crlf.yaml");
    ck_assert_str_eq(s.name, "CRLF line endings");
    ck_assert(s.hardware.nodes == 6 && s.hardware.gpus_per_node == 4);
    ck_assert_str_eq(s.notes, "first line\nsecond line\n");

    s = load_good("bom.yaml");
    ck_assert_str_eq(s.name, "With a byte order mark");
    ck_assert(s.facility.pue == 1.25);

    s = load_good("flow.yaml");
    Scenario want = def();
    want.hardware.node_price = 250000;
    want.constraints.compliance_forbids_cloud = true;
    snprintf(want.name, sizeof want.name, "Flow style");
    ck_assert(scenario_equal(&s, &want));

    s = load_good("utf8-notes.yaml");
    ck_assert_str_eq(s.name, "Klinikum Zürich — 8× H100");
    ck_assert_str_eq(s.notes,
                     "Multi-line notes are a block scalar.\n"
                     "Quotes \"like these\", a hash # and a colon: stay text.\n"
                     "Ünïcödé: 日本語, emoji 🚀.\n");
    ck_assert_str_eq(s.currency, "CHF");
    ck_assert_str_eq(s.cloud.region, "eu-central-2");
    ck_assert_str_eq(s.cloud.provider, "AWS");
    ck_assert(s.hardware.nodes == 4);

    s = load_good("subset.yaml");
    want = def();
    want.utilization.measured_pct = 85;
    ck_assert(scenario_equal(&s, &want));

    s = load_good("bare.json");
    ck_assert_str_eq(s.name, "A bare scenario object");
    ck_assert(s.hardware.nodes == 16);
    double third = 0.1, sum = third + 0.2; /* 0.30000000000000004 */
    ck_assert(memcmp(&s.hardware.node_price, &sum, sizeof sum) == 0);
    ck_assert(s.constraints.compliance_forbids_cloud);

    s = load_good("export.json");
    ck_assert_str_eq(s.name, "From an export");
    ck_assert(s.hardware.nodes == 12 && s.cloud.spot_gpu_hour == 2.5);
    ck_assert(s.cloud.on_demand_gpu_hour == 6.88);
}
END_TEST

START_TEST(good_texts)
{
    static const char *const ok[] = {
        "gpuplan: 1\n",
        "gpuplan: 1\nopportunity:\nconstraints: ~\n",
        "---\ngpuplan: 1\n...\n",
        "{gpuplan: 1, hardware: {nodes: 4}}\n",
        "gpuplan: 1\nname: 42\nnotes: >\n  folded\n  text\n",
        "gpuplan: +1\nhardware:\n  nodes: 4.0\n  node_price: 3.1e5\n",
        "'gpuplan': 1\n\"hardware\":\n  'nodes': 4\n",
        "gpuplan: 1\nconstraints:\n  compliance_forbids_cloud: true\n",
    };
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        Scenario s = def();
        Diag d;
        int rc = load_text(ok[i], &s, &d);
        char msg[1200];
        diag_format(&d, msg, sizeof msg);
        ck_assert_msg(rc == 0, "case %zu: %s", i, msg);
    }
    Scenario s = def();
    Diag d;
    ck_assert_int_eq(load_text(ok[4], &s, &d), 0);
    ck_assert_str_eq(s.name, "42");
    ck_assert_str_eq(s.notes, "folded text\n");
    ck_assert_int_eq(load_text(ok[5], &s, &d), 0);
    ck_assert(s.hardware.node_price == 310000);
    ck_assert_int_eq(load_text(ok[7], &s, &d), 0);
    ck_assert(s.constraints.compliance_forbids_cloud);
}
END_TEST

/* A failed load leaves the caller's scenario alone, wherever it fails. */
START_TEST(never_half_applies)
{
    Scenario s = def();
    s.hardware.nodes = 77;
    Scenario before = s;
    Diag d;
    ck_assert_int_eq(load_text("gpuplan: 1\nname: changed\nhardware:\n  nodes: "
                               "9\n  storage: -1\n", &s, &d), EXIT_DATAERR);
    ck_assert(scenario_equal(&s, &before));
    ck_assert_int_eq(load_text("gpuplan: 1\nname: changed\nfacility:\n  "
                               "node_power_idle_kw: 100\n", &s, &d),
                     EXIT_DATAERR);
    ck_assert(scenario_equal(&s, &before));
    ck_assert_int_eq(load_jtext("{\"gpuplan\":1,\"name\":\"changed\",\"x\":1}",
                                &s, &d), EXIT_DATAERR);
    ck_assert(scenario_equal(&s, &before));
    /* and a good load replaces every field, not only those given */
    ck_assert_int_eq(load_text("gpuplan: 1\nname: fresh\n", &s, &d), 0);
    ck_assert(s.hardware.nodes == 4);
}
END_TEST

/* ---- round trips ------------------------------------------------------------ */

static void roundtrip(const Scenario *s, const char *what)
{
    StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
    scenario_format_yaml(s, &a);
    ck_assert_msg(strncmp(sb_str(&a), "gpuplan: 2 ", 11) == 0, "%s", what);
    Scenario t;
    scenario_default(&t);
    t.hardware.nodes = 99; /* make sure everything comes from the text */
    Diag d;
    int rc = scenario_load_yaml("rt.yaml", sb_str(&a), a.len, &t, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s\n%s", what, msg, sb_str(&a));
    ck_assert_msg(scenario_equal(s, &t), "%s: load(save(s)) != s\n%s", what,
                  sb_str(&a));
    scenario_format_yaml(&t, &b);
    ck_assert_msg(strcmp(sb_str(&a), sb_str(&b)) == 0, "%s: save not stable",
                  what);
    sb_free(&a);
    sb_free(&b);
}

static void set_text(Scenario *s, const char *key, const char *text)
{
    const Field *f = field_find(key);
    ck_assert_ptr_nonnull(f);
    Diag msg;
    ck_assert_msg(field_check_text(f, text, &msg) == 0, "%s: %s", key, msg.message);
    snprintf(field_text(f, s), f->size, "%s", text);
}

static Scenario awkward(void)
{
    Scenario s = def();
    s.hardware.residual_pct = 100.0 / 3;
    s.cloud.storage_per_gb_month = 1e-7;
    s.hardware.node_price = 123456789.123;
    s.hardware.network_per_node = 0.1 + 0.2;
    s.facility.pue = nextafter(1.4, 2.0);
    s.hardware.other_capex = 1e12;
    s.staffing.engineers = 2.0 / 3;
    s.constraints.cloud_rtt_ms = 5e-324;
    s.facility.power_price_kwh = 9.999999999999998;
    s.constraints.compliance_forbids_cloud = true;
    set_text(&s, "name", "He said \"hi\" \\ back: # not a comment");
    set_text(&s, "notes", "Line one\nline two: with ': ' and ' #'\n\ttabbed\n"
             "  leading and trailing spaces  \nZürich 日本 🚀 "
             "\xe2\x80\xa8 ls \xef\xbb\xbf bom\n\n");
    set_text(&s, "hardware.gpu_model", "");
    set_text(&s, "cloud.provider", "null");
    set_text(&s, "cloud.region", "~");
    set_text(&s, "cloud.instance", "42");
    set_text(&s, "currency", "EUR");
    return s;
}

/* Notes of several lines are written as a literal block, as a person
 * writes them, with the chomping their final line break needs, and read
 * back exactly; a text a block cannot hold, or one that ends in blank
 * lines, stays double-quoted. */
START_TEST(multiline_notes_as_a_block)
{
    static const struct {
        const char *notes, *want;
    } cases[] = {
        {"Quote Q-4471.\n\n- 4 nodes\n  - 8 GPUs each\n",
         "notes: |                       # text, 0..4000 characters; "},
        {"two lines\nno final break", "notes: |-                      # "},
        {"two breaks\nat the end\n\n",
         "notes: \"two breaks\\nat the end\\n\\n\" # "},
        {"  starts with blanks\nsecond\n", "notes: |2                      # "},
        {"one line, no break", "notes: \"one line, no break\"    # "},
        {"\ttab first\nx\n", "notes: \"\\ttab first\\nx\\n\"      # "},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Scenario s = def();
        snprintf(s.notes, sizeof s.notes, "%s", cases[i].notes);
        roundtrip(&s, cases[i].notes);
        StrBuf b = STRBUF_INIT;
        scenario_format_yaml(&s, &b);
        ck_assert_msg(strstr(sb_str(&b), cases[i].want), "case %zu: no '%s'",
                      i, cases[i].want);
        sb_free(&b);
    }
    Scenario s = def();
    snprintf(s.notes, sizeof s.notes, "%s", cases[0].notes);
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&s, &b);
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "for the report\n  Quote Q-4471.\n\n"
                                             "  - 4 nodes\n    - 8 GPUs each\ncurrency:"));
    sb_free(&b);
}
END_TEST

START_TEST(roundtrip_default_and_awkward)
{
    Scenario s = def();
    roundtrip(&s, "default");
    s = awkward();
    roundtrip(&s, "awkward");
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&s, &b);
    /* text is always double-quoted, with escapes */
    ck_assert_ptr_nonnull(strstr(sb_str(&b),
        "name: \"He said \\\"hi\\\" \\\\ back: # not a comment\""));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "🚀 \\u2028 ls "
                                             "\\uFEFF bom\\n\\n\""));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "  residual_pct: "
                                             "33.333333333333336 "));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "  storage_per_gb_month: 1e-07 "));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "  node_price: 123456789.123 "));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "  compliance_forbids_cloud: "
                                             "true #"));
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "  node_price: 123456789.123"
                                             "    # EUR, 0..1000000000000; "));
    sb_free(&b);
}
END_TEST

/* Every field, every line: registry order, comment with unit and help. */
START_TEST(format_lists_every_field_in_order)
{
    Scenario s = def();
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&s, &b);
    const char *p = sb_str(&b);
    char sec[32], cur[32] = "";
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != FS_SCENARIO)
            continue; /* the default has no hybrid plan */
        field_section(f, sec, sizeof sec);
        char want[160];
        if (sec[0] && strcmp(sec, cur) != 0) {
            snprintf(want, sizeof want, "\n%s:\n", sec);
            const char *q = strstr(p, want);
            ck_assert_msg(q != NULL, "section %s missing or out of order", sec);
            p = q + strlen(want);
            snprintf(cur, sizeof cur, "%s", sec);
        }
        snprintf(want, sizeof want, "%s%s: ", sec[0] ? "  " : "",
                 sec[0] ? f->key + strlen(sec) + 1 : f->key);
        const char *q = strstr(p, want);
        ck_assert_msg(q != NULL, "%s missing or out of order", f->key);
        const char *eol = strchr(q, '\n');
        const char *hash = strstr(q, " # ");
        ck_assert_msg(hash && hash < eol, "%s has no comment", f->key);
        ck_assert_msg(strstr(hash, f->help) && strstr(hash, f->help) < eol,
                      "%s comment lacks its help", f->key);
        p = eol;
    }
    ck_assert_ptr_nonnull(strstr(sb_str(&b), "\n  nodes: 4                     "
                                 "# nodes, 1..100000; Owned GPU servers; "));
    sb_free(&b);
}
END_TEST

/* Many random scenarios: load(save(s)) == s bit for bit. */
static unsigned long long rng_state = 88172645463325252ULL;
static unsigned long long rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

START_TEST(roundtrip_random)
{
    static const char *const pieces[] = {"a", "\"", "\\", "\n", "\t", "#", ": ",
                                         " ", "é", "日", "🚀", "'", "{", "-",
                                         "\x7f", "\xc2\x85", "\xe2\x80\xa9", "%"};
    for (int iter = 0; iter < 500; iter++) {
        Scenario s = def();
        for (size_t i = 0; i < field_count; i++) {
            const Field *f = &field_table[i];
            if (f->type == FT_TEXT) {
                if (f->rule == TR_CURRENCY)
                    continue;
                char buf[200] = "";
                size_t n = (size_t)(rnd() % 12) + (f->minimum > 0);
                for (size_t k = 0; k < n; k++)
                    strcat(buf, pieces[rnd() % (sizeof pieces / sizeof pieces[0])]);
                Diag why; /* texts the rules refuse are skipped */
                if (field_check_text(f, buf, &why) == 0)
                    snprintf(field_text(f, &s), f->size, "%s", buf);
            } else if (f->type == FT_BOOL) {
                *field_bool(f, &s) = rnd() & 1;
            } else if (f->type == FT_CHOICE) {
                field_put_num(f, &s, (double)(rnd() % field_choice_count(f)));
            } else {
                double u = (double)(rnd() >> 11) / 9007199254740992.0;
                double v = f->minimum + u * (f->maximum - f->minimum);
                if (rnd() % 4 == 0)
                    v = f->minimum + (f->maximum - f->minimum) * pow(u, 12);
                if (f->type == FT_INT)
                    v = floor(v);
                *field_num(f, &s) = v;
            }
        }
        s.facility.node_power_busy_kw = s.facility.node_power_max_kw;
        s.facility.node_power_idle_kw = s.facility.node_power_busy_kw / 3;
        /* A capacity block's window is at most 6 months (DESIGN 2.9). */
        if (s.cloud.commitment == COMMIT_CAPACITY_BLOCK)
            s.cloud.reserved_term_months = 1 + fmod(s.cloud.reserved_term_months, 6);
        /* A refresh's overlap is shorter than the life (DESIGN 2.10). */
        s.horizon.refresh_overlap_months =
            fmod(s.horizon.refresh_overlap_months, s.hardware.lifetime_months);
        roundtrip(&s, "random");
    }
}
END_TEST

/* A JSON export reads back as the scenario it was made from. (The
 * awkward texts only: the numbers' exactness is the exporter's business and
 * is tested below on JSON text written with shortest-exact numbers.) */
START_TEST(roundtrip_json_export)
{
    Scenario list[2] = {def(), def()};
    Scenario odd = awkward();
    for (size_t i = 0; i < field_count; i++)
        if (field_table[i].type == FT_TEXT)
            snprintf(field_text(&field_table[i], &list[1]), field_table[i].size,
                     "%s", field_get_text(&field_table[i], &odd));
    for (size_t k = 0; k < 2; k++) {
        CostResult r;
        cost_evaluate(&list[k], &r);
        HorizonFigures hz;
        horizon_evaluate(&list[k], &hz.result, &hz.cum);
        StrBuf b = STRBUF_INIT;
        Report rep = {.scenario = &list[k], .cost = &r, .horizon = &hz,
                      .date = "2026-01-01",
                      .generator = PACKAGE_NAME " " PACKAGE_VERSION};
        export_json(&rep, &b);
        Scenario t = def();
        t.hardware.nodes = 99;
        Diag d;
        int rc = scenario_load_json("x.json", sb_str(&b), b.len, &t, &d);
        char msg[1200];
        diag_format(&d, msg, sizeof msg);
        ck_assert_msg(rc == 0, "%s", msg);
        ck_assert(scenario_equal(&t, &list[k]));
        sb_free(&b);
    }
}
END_TEST

static void json_string(StrBuf *b, const char *t)
{
    sb_append(b, "\"");
    for (const unsigned char *p = (const unsigned char *)t; *p; p++) {
        if (*p == '"' || *p == '\\')
            sb_printf(b, "\\%c", *p);
        else if (*p < 0x20)
            sb_printf(b, "\\u%04x", *p);
        else
            sb_append_n(b, (const char *)p, 1);
    }
    sb_append(b, "\"");
}

/* Numbers are read from their JSON text, so 17-digit values come back
 * bit for bit (cJSON's own conversion is not trusted). */
START_TEST(roundtrip_json_numbers_exact)
{
    Scenario s = awkward();
    StrBuf b = STRBUF_INIT;
    sb_append(&b, "{\n  \"gpuplan\": 2");
    char sec[32], cur[32] = "", num[64];
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        if (f->scope != FS_SCENARIO)
            continue; /* the default has no hybrid plan */
        field_section(f, sec, sizeof sec);
        const char *leaf = f->key;
        if (sec[0]) {
            if (strcmp(sec, cur) != 0) {
                sb_printf(&b, "%s,\n  \"%s\": {", cur[0] ? "}" : "", sec);
                snprintf(cur, sizeof cur, "%s", sec);
            } else {
                sb_append(&b, ",");
            }
            leaf += strlen(sec) + 1;
        } else {
            sb_append(&b, ",");
        }
        sb_printf(&b, "\n    \"%s\": ", leaf);
        if (f->type == FT_TEXT) {
            json_string(&b, field_get_text(f, &s));
        } else if (f->type == FT_CHOICE) {
            field_format(f, &s, num, sizeof num);
            json_string(&b, num);
        } else {
            field_format(f, &s, num, sizeof num);
            sb_append(&b, num);
        }
    }
    sb_append(&b, "}\n}\n");
    Scenario t = def();
    Diag d;
    int rc = scenario_load_json("x.json", sb_str(&b), b.len, &t, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s\n%s", msg, sb_str(&b));
    ck_assert(scenario_equal(&t, &s));
    sb_free(&b);
}
END_TEST

/* scenarios/default.yaml is the saver's output for the built-in default. */
START_TEST(shipped_default_file)
{
    char path[4096];
    data_path(path, sizeof path, "scenarios/default.yaml");
    Scenario s = def(), ref = def();
    s.hardware.nodes = 99;
    Diag d;
    int rc = scenario_load_file(path, &s, &d);
    char msg[1200];
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
    ck_assert(scenario_equal(&s, &ref));
    char *data;
    size_t len;
    ck_assert_int_eq(read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, &d), 0);
    StrBuf b = STRBUF_INIT;
    scenario_format_yaml(&ref, &b);
    ck_assert_uint_eq(len, b.len);
    ck_assert_msg(memcmp(data, sb_str(&b), len) == 0,
                  "scenarios/default.yaml differs from the saver's output");
    free(data);
    sb_free(&b);
}
END_TEST

/* ---- atomic writes and whole-file reads ------------------------------------ */

static char tmpdir[64];

static void setup_dir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/check_yaml.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void rm_tree(const char *dir)
{
    DIR *dp = opendir(dir);
    if (!dp)
        return;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        char p[512];
        snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(p, &st) == 0 && S_ISDIR(st.st_mode)) {
            chmod(p, 0755);
            rm_tree(p);
        } else {
            unlink(p);
        }
    }
    closedir(dp);
    rmdir(dir);
}

static void teardown_dir(void)
{
    chmod(tmpdir, 0755);
    rm_tree(tmpdir);
}

static int entries(const char *dir)
{
    DIR *dp = opendir(dir);
    ck_assert_ptr_nonnull(dp);
    int n = 0;
    struct dirent *e;
    while ((e = readdir(dp)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            n++;
    closedir(dp);
    return n;
}

static void put(const char *path, const char *text, mode_t mode)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
    chmod(path, mode);
}

static char *get(const char *path)
{
    char *data;
    size_t len;
    Diag d;
    int rc = read_whole_file(path, SCENARIO_FILE_MAX, &data, &len, &d);
    ck_assert_msg(rc == 0, "%s: %s", path, d.message);
    return data;
}

START_TEST(atomic_keeps_mode)
{
    char p[256];
    Diag d;
    snprintf(p, sizeof p, "%s/a.yaml", tmpdir);
    put(p, "old\n", 0600);
    ck_assert_int_eq(atomic_write_file(p, "new\n", 4, 0666, &d), 0);
    struct stat st;
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0600);
    char *t = get(p);
    ck_assert_str_eq(t, "new\n");
    free(t);
    ck_assert_int_eq(entries(tmpdir), 1);

    /* a new file gets the requested mode less the umask */
    mode_t old = umask(027);
    snprintf(p, sizeof p, "%s/new.yaml", tmpdir);
    ck_assert_int_eq(atomic_write_file(p, "x", 1, 0666, &d), 0);
    umask(old);
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0640);
    ck_assert_int_eq(entries(tmpdir), 2);
}
END_TEST

START_TEST(atomic_writes_through_symlink)
{
    char a[128], b[128], target[256], link[256], text[64];
    Diag d;
    snprintf(a, sizeof a, "%s/real", tmpdir);
    snprintf(b, sizeof b, "%s/links", tmpdir);
    ck_assert_int_eq(mkdir(a, 0755), 0);
    ck_assert_int_eq(mkdir(b, 0755), 0);
    snprintf(target, sizeof target, "%s/target.yaml", a);
    snprintf(link, sizeof link, "%s/link.yaml", b);
    put(target, "old\n", 0640);
    ck_assert_int_eq(symlink("../real/target.yaml", link), 0);
    ck_assert_int_eq(atomic_write_file(link, "via link\n", 9, 0666, &d), 0);
    struct stat st;
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    ssize_t n = readlink(link, text, sizeof text - 1);
    ck_assert_int_gt(n, 0);
    text[n] = '\0';
    ck_assert_str_eq(text, "../real/target.yaml");
    char *t = get(target);
    ck_assert_str_eq(t, "via link\n");
    free(t);
    ck_assert_int_eq(stat(target, &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0640);
    ck_assert_int_eq(entries(a), 1);
    ck_assert_int_eq(entries(b), 1);

    /* a dangling link creates the file it names */
    snprintf(link, sizeof link, "%s/dangling.yaml", b);
    ck_assert_int_eq(symlink("../real/fresh.yaml", link), 0);
    ck_assert_int_eq(atomic_write_file(link, "fresh\n", 6, 0644, &d), 0);
    ck_assert_int_eq(lstat(link, &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    snprintf(target, sizeof target, "%s/fresh.yaml", a);
    t = get(target);
    ck_assert_str_eq(t, "fresh\n");
    free(t);
    ck_assert_int_eq(entries(a), 2);
}
END_TEST

START_TEST(atomic_refuses_read_only)
{
    char p[256], sub[128];
    Diag d;
    /* mode bits decide, even for root */
    snprintf(p, sizeof p, "%s/ro.yaml", tmpdir);
    put(p, "keep me\n", 0444);
    ck_assert_int_eq(atomic_write_file(p, "new\n", 4, 0666, &d), EXIT_CANTCREAT);
    ck_assert_int_eq(d.status, EXIT_CANTCREAT);
    ck_assert_ptr_nonnull(strstr(d.message, "read-only"));
    ck_assert_str_eq(d.file, p);
    char *t = get(p);
    ck_assert_str_eq(t, "keep me\n");
    free(t);
    struct stat st;
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0444);
    ck_assert_int_eq(entries(tmpdir), 1);

    Scenario s = def();
    ck_assert_int_eq(scenario_save_file(p, &s, &d), EXIT_CANTCREAT);
    t = get(p);
    ck_assert_str_eq(t, "keep me\n");
    free(t);

    /* a read-only directory */
    snprintf(sub, sizeof sub, "%s/rodir", tmpdir);
    ck_assert_int_eq(mkdir(sub, 0555), 0);
    chmod(sub, 0555);
    snprintf(p, sizeof p, "%s/new.yaml", sub);
    ck_assert_int_eq(atomic_write_file(p, "x", 1, 0666, &d), EXIT_CANTCREAT);
    ck_assert_ptr_nonnull(strstr(d.message, "read-only"));
    ck_assert_int_eq(entries(sub), 0);

    /* a missing directory */
    snprintf(p, sizeof p, "%s/no/such/dir/x.yaml", tmpdir);
    ck_assert_int_eq(atomic_write_file(p, "x", 1, 0666, &d), EXIT_CANTCREAT);
    ck_assert_int_eq(d.status, EXIT_CANTCREAT);
    ck_assert_ptr_nonnull(strstr(d.message, "No such file"));
    ck_assert_int_eq(scenario_save_file(p, &s, &d), EXIT_CANTCREAT);

    /* a directory as the target */
    ck_assert_int_eq(atomic_write_file(sub, "x", 1, 0666, &d), EXIT_CANTCREAT);

    /* something that is not a regular file is never replaced */
    snprintf(p, sizeof p, "%s/fifo", tmpdir);
    ck_assert_int_eq(mkfifo(p, 0644), 0);
    ck_assert_int_eq(atomic_write_file(p, "x", 1, 0666, &d), EXIT_CANTCREAT);
    ck_assert_ptr_nonnull(strstr(d.message, "not a regular file"));
    struct stat fst;
    ck_assert_int_eq(lstat(p, &fst), 0);
    ck_assert(S_ISFIFO(fst.st_mode));
}
END_TEST

/* A write that fails half-way (file size limit) leaves nothing behind. */
START_TEST(atomic_write_failure_is_ioerr)
{
    char p[256];
    Diag d;
    snprintf(p, sizeof p, "%s/big.yaml", tmpdir);
    put(p, "old\n", 0644);
    signal(SIGXFSZ, SIG_IGN);
    struct rlimit old, lim;
    getrlimit(RLIMIT_FSIZE, &old);
    lim = old;
    lim.rlim_cur = 100;
    static char big[10000];
    memset(big, 'x', sizeof big);
    /* no assertion while the limit holds: check itself writes files */
    int set = setrlimit(RLIMIT_FSIZE, &lim);
    int rc = atomic_write_file(p, big, sizeof big, 0666, &d);
    setrlimit(RLIMIT_FSIZE, &old);
    ck_assert_int_eq(set, 0);
    ck_assert_int_eq(rc, EXIT_IOERR);
    ck_assert_int_eq(d.status, EXIT_IOERR);
    ck_assert_ptr_nonnull(strstr(d.message, "nothing was changed"));
    char *t = get(p);
    ck_assert_str_eq(t, "old\n");
    free(t);
    ck_assert_int_eq(entries(tmpdir), 1);
}
END_TEST

START_TEST(save_and_load_file)
{
    char p[256];
    Diag d;
    snprintf(p, sizeof p, "%s/s.yaml", tmpdir);
    Scenario s = awkward(), t = def();
    ck_assert_int_eq(scenario_save_file(p, &s, &d), 0);
    ck_assert_int_eq(scenario_load_file(p, &t, &d), 0);
    ck_assert(scenario_equal(&s, &t));
    struct stat st;
    ck_assert_int_eq(stat(p, &st), 0);
    chmod(p, 0604);
    ck_assert_int_eq(scenario_save_file(p, &t, &d), 0);
    ck_assert_int_eq(stat(p, &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0604);
    ck_assert_int_eq(entries(tmpdir), 1);
}
END_TEST

START_TEST(read_whole_file_limits)
{
    char p[256];
    Diag d;
    char *data = NULL;
    size_t len = 0;
    Scenario s = def();

    snprintf(p, sizeof p, "%s/missing.yaml", tmpdir);
    ck_assert_int_eq(read_whole_file(p, 100, &data, &len, &d), EXIT_NOINPUT);
    ck_assert_int_eq(scenario_load_file(p, &s, &d), EXIT_NOINPUT);
    ck_assert_uint_eq(d.line, 0);
    ck_assert_str_eq(d.file, p);
    ck_assert_int_eq(read_whole_file(tmpdir, 100, &data, &len, &d),
                     EXIT_NOINPUT);
    ck_assert_ptr_nonnull(strstr(d.message, "directory"));

    /* exactly the limit is fine, one byte more is not */
    snprintf(p, sizeof p, "%s/big.yaml", tmpdir);
    FILE *f = fopen(p, "w");
    ck_assert_ptr_nonnull(f);
    for (size_t i = 0; i < SCENARIO_FILE_MAX; i++)
        fputc(i % 64 == 63 ? '\n' : '#', f);
    fclose(f);
    ck_assert_int_eq(read_whole_file(p, SCENARIO_FILE_MAX, &data, &len, &d), 0);
    ck_assert_uint_eq(len, SCENARIO_FILE_MAX);
    ck_assert_int_eq(data[len], '\0');
    free(data);
    f = fopen(p, "a");
    fputc('#', f);
    fclose(f);
    ck_assert_int_eq(read_whole_file(p, SCENARIO_FILE_MAX, &data, &len, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.message,
                     "file is 1048577 bytes; scenarios are limited to 1 MiB");
    ck_assert_int_eq(scenario_load_file(p, &s, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "limited to 1 MiB"));
    Scenario ref = def();
    ck_assert(scenario_equal(&s, &ref));

    /* a small file, with a small max */
    snprintf(p, sizeof p, "%s/small.txt", tmpdir);
    put(p, "0123456789", 0644);
    ck_assert_int_eq(read_whole_file(p, 10, &data, &len, &d), 0);
    ck_assert_uint_eq(len, 10);
    ck_assert_str_eq(data, "0123456789");
    free(data);
    ck_assert_int_eq(read_whole_file(p, 9, &data, &len, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "limited to 9 bytes"));
}
END_TEST

static Suite *yaml_suite(void)
{
    Suite *s = suite_create("yaml");
    TCase *t = tcase_create("load");
    tcase_add_loop_test(t, yaml_refusals, 0,
                        (int)(sizeof yaml_bad / sizeof yaml_bad[0]));
    tcase_add_loop_test(t, file_refusals, 0,
                        (int)(sizeof file_bad / sizeof file_bad[0]));
    tcase_add_loop_test(t, json_refusals, 0,
                        (int)(sizeof json_bad / sizeof json_bad[0]));
    tcase_add_test(t, deep_nesting_is_refused_fast);
    tcase_add_test(t, deep_file_is_refused_fast);
    tcase_add_test(t, control_character_in_a_deep_nest_is_fast);
    tcase_add_test(t, good_inputs);
    tcase_add_test(t, good_texts);
    tcase_add_test(t, never_half_applies);
    tcase_set_timeout(t, 30);
    suite_add_tcase(s, t);

    t = tcase_create("save");
    tcase_add_test(t, roundtrip_default_and_awkward);
    tcase_add_test(t, multiline_notes_as_a_block);
    tcase_add_test(t, format_lists_every_field_in_order);
    tcase_add_test(t, roundtrip_random);
    tcase_add_test(t, roundtrip_json_export);
    tcase_add_test(t, roundtrip_json_numbers_exact);
    tcase_add_test(t, shipped_default_file);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);

    t = tcase_create("files");
    tcase_add_checked_fixture(t, setup_dir, teardown_dir);
    tcase_add_test(t, atomic_keeps_mode);
    tcase_add_test(t, atomic_writes_through_symlink);
    tcase_add_test(t, atomic_refuses_read_only);
    tcase_add_test(t, atomic_write_failure_is_ioerr);
    tcase_add_test(t, save_and_load_file);
    tcase_add_test(t, read_whole_file_limits);
    tcase_set_timeout(t, 30);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(yaml_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
