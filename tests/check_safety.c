/* check_safety.c: nothing lost, nothing injected (DESIGN 1.3, 7): text rules
 * and visible control characters, saves that only write what loads, and
 * the messages that must name the right place and the right number. */
#include "config.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <signal.h>
#include <sys/time.h>
#include <time.h>

#include "atomic_file.h"
#include "hybrid.h"
#include "fields.h"
#include "scenario_file.h"
#include "test_scale.h"
#include "text_rules.h"

static int load_text(const char *text, Scenario *s, Diag *d)
{
    return scenario_load_yaml("t.yaml", text, strlen(text), s, d);
}

/* ---- text rules ---------------------------------------------------------- */

START_TEST(one_line_texts_refuse_controls)
{
    Diag msg;
    size_t pos = 99;
    ck_assert(text_check("plain name, é", false, &msg, &pos) == 0);
    ck_assert(text_check("two\nlines", false, &msg, &pos) != 0);
    ck_assert_uint_eq(pos, 3);
    ck_assert_ptr_nonnull(strstr(msg.message, "line break at character 4"));
    ck_assert(text_check("tab\there", false, &msg, NULL) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "\\x09"));
    ck_assert(text_check("a\x1b]0;owned\x07", false, &msg, NULL) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "\\x1b at character 2"));
    ck_assert(text_check("del\x7f", false, &msg, NULL) != 0);
    ck_assert(text_check("c1 \xc2\x9b", false, &msg, NULL) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "U+009B"));
    /* U+202E RIGHT-TO-LEFT OVERRIDE and an isolate. */
    ck_assert(text_check("invoice\xe2\x80\xaetxt.exe", false, &msg,
                          NULL) != 0);
    ck_assert_ptr_nonnull(strstr(msg.message, "U+202E"));
    ck_assert(text_check("x\xe2\x81\xa6y", false, &msg, NULL) != 0);
    /* Notes: line breaks and tabs yes, escapes and overrides no. */
    ck_assert(text_check("two\nlines\tand a tab", true, &msg, NULL) == 0);
    ck_assert(text_check("bell\x07", true, &msg, NULL) != 0);
    ck_assert(text_check("cr\r\n", true, &msg, NULL) != 0);
    /* A CR in notes is not "one line": it says what is wrong, what to use. */
    ck_assert(text_check("one\rtwo", true, &msg, &pos) != 0);
    ck_assert_uint_eq(pos, 3);
    ck_assert_ptr_nonnull(strstr(msg.message, "carriage return (CR, \\r) at character 4"));
    ck_assert_ptr_nonnull(strstr(msg.message, "only as line feeds (LF, \\n)"));
    ck_assert_ptr_null(strstr(msg.message, "one line"));
    ck_assert(text_check("\xe2\x80\xae", true, &msg, NULL) != 0);
}
END_TEST

START_TEST(visible_text_shows_controls)
{
    char out[64];
    const char *evil = "ab\x1b]0;x\x07\xe2\x80\xae\xff\n";
    size_t need = text_visible(evil, strlen(evil), false, out, sizeof out);
    ck_assert_str_eq(out, "ab\\x1b]0;x\\x07\\u202e\\xff\\x0a");
    ck_assert_uint_eq(need, strlen(out));
    text_visible(evil, strlen(evil), true, out, sizeof out);
    ck_assert_str_eq(out, "ab\\x1b]0;x\\x07\\u202e\\xff\n");
    ck_assert(text_needs_escape(evil, strlen(evil), true));
    ck_assert(!text_needs_escape("é ok\n", 6, true));
    /* Cut at a piece boundary, never inside an escape. */
    char small[6];
    need = text_visible("a\x1b" "bc", 4, false, small, sizeof small);
    ck_assert_str_eq(small, "a\\x1b");
    ck_assert_uint_eq(need, 7);
    text_visible("ab\x1b", 3, false, small, 5);
    ck_assert_str_eq(small, "ab");
    /* Invisible characters are shown, though a text may hold them. */
    char inv[96];
    text_visible("a\xe2\x80\x8e" "b\xe2\x80\x8b" "c\xef\xbb\xbf" "d\xf3\xa0\x80\x81",
                 17, false, inv, sizeof inv);
    ck_assert_str_eq(inv, "a\\u200eb\\u200bc\\ufeffd\\ue0001");
    Diag why;
    ck_assert(text_check("zwj \xe2\x80\x8d lrm \xe2\x80\x8e", false, &why, NULL) == 0);
    ck_assert(!text_needs_escape("zwj \xe2\x80\x8d", 7, false));
}
END_TEST

/* Every one-line text field of the registry refuses a line break, ESC and
 * U+202E with the field's path and the value's line and column. */
START_TEST(loader_refuses_controls_in_names)
{
    static const struct {
        const char *text, *path, *what;
        unsigned long line, col;
    } cases[] = {
        {"gpuplan: 1\nname: \"Client\\nTOTAL: 0 USD\"\n", "name",
         "line break at character 7", 2, 7},
        {"gpuplan: 1\nname: \"a\\e]2;pwned\\a\"\n", "name", "\\x1b", 2, 7},
        {"gpuplan: 1\nname: \"plan\\u202Etxt\"\n", "name", "U+202E", 2, 7},
        {"gpuplan: 1\ncloud:\n  instance: \"p5\\tx\"\n", "cloud.instance",
         "\\x09", 3, 13},
        {"gpuplan: 1\nhardware:\n  gpu_model: \"H100\\u0085\"\n",
         "hardware.gpu_model", "U+0085", 3, 14},
        {"gpuplan: 1\nnotes: \"ok\\nbut \\e[2J\"\n", "notes", "\\x1b", 2, 8},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Scenario s;
        scenario_default(&s);
        Diag d;
        int rc = load_text(cases[i].text, &s, &d);
        ck_assert_int_eq(rc, EXIT_DATAERR);
        ck_assert_str_eq(d.path, cases[i].path);
        ck_assert_msg(strstr(d.message, cases[i].what), "%zu: %s", i,
                      d.message);
        ck_assert_uint_eq(d.line, cases[i].line);
        ck_assert_msg(d.col == cases[i].col, "%zu: col %lu", i, d.col);
    }
    /* Notes keep line breaks and tabs. */
    Scenario s;
    Diag d;
    ck_assert_int_eq(load_text("gpuplan: 1\nnotes: \"a\\n\\tb\"\n", &s, &d), 0);
    ck_assert_str_eq(s.notes, "a\n\tb");
}
END_TEST

/* A formatted diagnostic never carries a raw control byte, whatever the
 * file name, the key or the value held. */
START_TEST(diag_format_is_visible)
{
    Diag d;
    diag_clear(&d, "evil\x1b[2J.yaml");
    diag_set(&d, EXIT_DATAERR, 3, 1, "na\x1bme", "unknown key `\x1b]0;x\x07`");
    char buf[600];
    diag_format(&d, buf, sizeof buf);
    for (const char *p = buf; *p; p++)
        ck_assert_msg((unsigned char)*p >= 0x20 && *p != 0x7f, "raw byte in %s",
                      buf);
    ck_assert_ptr_nonnull(strstr(buf, "evil\\x1b[2J.yaml:3:1: na\\x1bme: "));
    ck_assert_ptr_nonnull(strstr(buf, "`\\x1b]0;x\\x07`"));
}
END_TEST

/* A message too long for the Diag ends in "…" (never cut silently), at a
 * character boundary; diag_format says how long the whole text is. */
START_TEST(diag_cut_is_marked)
{
    Diag d;
    char big[2000];
    memset(big, 'a', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    memcpy(big + 505, "\xc3\xa9\xc3\xa9", 4); /* é at the cut */
    diag_clear(&d, big);
    diag_set(&d, EXIT_DATAERR, 0, 0, big, "%s", big);
    size_t n = strlen(d.message);
    ck_assert_uint_lt(n, sizeof d.message);
    ck_assert_str_eq(d.message + n - 3, "\xe2\x80\xa6");
    ck_assert_str_eq(d.file + strlen(d.file) - 3, "\xe2\x80\xa6");
    ck_assert_str_eq(d.path + strlen(d.path) - 3, "\xe2\x80\xa6");
    char small[16];
    size_t need = diag_format(&d, small, sizeof small);
    ck_assert_uint_gt(need, sizeof small);
    char *whole = malloc(need + 1);
    ck_assert_uint_eq(diag_format(&d, whole, need + 1), need);
    ck_assert_uint_eq(strlen(whole), need);
    free(whole);
    diag_set(&d, EXIT_DATAERR, 0, 0, NULL, "short");
    ck_assert_str_eq(d.message, "short");
}
END_TEST

START_TEST(trim_blanks)
{
    char s[] = " \t a b \t ";
    ck_assert_str_eq(text_trim(s), "a b");
    char e[] = "   ";
    ck_assert_str_eq(text_trim(e), "");
}
END_TEST

/* ---- messages that name the right place and number (DESIGN 7) ------------- */

static const struct {
    bool json;
    const char *text;
    unsigned long line, col;
    const char *path, *what;
} accurate[] = {
    /* tags, complex keys and merge keys name the field they are in */
    {false, "gpuplan: 1\nhardware:\n  nodes: !!int 4\n", 3, 10,
     "hardware.nodes", "tags such as"},
    {false, "gpuplan: 1\nhardware: !!map\n  nodes: 4\n", 2, 11, "hardware",
     "tags such as"},
    {false, "gpuplan: 1\nhybrid:\n  workloads:\n    - name: !x a\n", 4, 13,
     "hybrid.workloads[0].name", "tags such as"},
    {false, "gpuplan: 1\nhardware:\n  ? [a, b]\n  : 4\n", 3, 5, "hardware",
     "complex keys are not allowed"},
    {false, "gpuplan: 1\nhardware:\n  <<: {nodes: 4}\n", 3, 3, "hardware",
     "merge keys (`<<`) are not allowed"},
    {false, "gpuplan: 1\nhybrid:\n  workloads:\n    - <<: {gpus: 1}\n", 4, 7,
     "hybrid.workloads[0]", "merge keys"},
    {false, "gpuplan: 1\nhardware:\n  nodes: &n 4\n", 3, 10,
     "hardware.nodes", "anchors and aliases"},
    /* a cron step of 10^20 is quoted as written, not as a capped number */
    {false, "gpuplan: 1\nhybrid:\n  workloads:\n    - {name: a, schedule: "
            "\"*/100000000000000000000 * * * *\", gpus: 1, hours: 1}\n", 4, 30,
     "hybrid.workloads[0].schedule",
     "minute step 100000000000000000000 out of range (1-60)"},
    /* 2^53 + 1 would be rounded to 2^53: refused, not silently changed */
    {false, "gpuplan: 1\nhybrid:\n  seed: 9007199254740993\n  workloads: "
            "[]\n", 3, 9, "hybrid.seed", "cannot be held exactly"},
    {false, "gpuplan: 1\nhardware:\n  nodes: 100000000000000000001\n", 3, 10,
     "hardware.nodes", "is above 100,000"},
    /* booleans are true and false only */
    {false, "gpuplan: 1\nconstraints:\n  compliance_forbids_cloud: yes\n", 3,
     29, "constraints.compliance_forbids_cloud", "is not true or false"},
    {false, "gpuplan: 1\nconstraints:\n  compliance_forbids_cloud: on\n", 3,
     29, "constraints.compliance_forbids_cloud", "is not true or false"},
    /* a JSON object holding only the version is no scenario */
    {true, "{\"gpuplan\":1}", 1, 1, "scenario",
     "holds only the schema version"},
};

START_TEST(messages_are_accurate)
{
    Scenario s;
    scenario_default(&s);
    Scenario before = s;
    Diag d;
    const char *t = accurate[_i].text;
    int rc = accurate[_i].json
                 ? scenario_load_json("t.json", t, strlen(t), &s, &d)
                 : load_text(t, &s, &d);
    ck_assert_msg(rc == EXIT_DATAERR, "row %d accepted", _i);
    ck_assert(scenario_equal(&s, &before));
    ck_assert_msg(strcmp(d.path, accurate[_i].path) == 0, "row %d: path '%s'",
                  _i, d.path);
    ck_assert_msg(strstr(d.message, accurate[_i].what), "row %d: '%s'", _i,
                  d.message);
    ck_assert_msg(d.line == accurate[_i].line && d.col == accurate[_i].col,
                  "row %d: at %lu:%lu", _i, d.line, d.col);
}
END_TEST

/* What the rows above must not break: 2^53 itself, a whole number written
 * with ".0", a bare JSON scenario with a field. */
START_TEST(near_misses_still_load)
{
    Scenario s;
    Diag d;
    ck_assert_int_eq(load_text("gpuplan: 1\nhybrid:\n  seed: 9007199254740992"
                               "\n  workloads: []\n", &s, &d), 0);
    ck_assert(s.hybrid.seed == 9007199254740992.0);
    ck_assert_int_eq(load_text("gpuplan: 1\nhardware:\n  nodes: 4.0\n", &s,
                               &d), 0);
    const char *j = "{\"gpuplan\":1,\"name\":\"x\"}";
    ck_assert_int_eq(scenario_load_json("t.json", j, strlen(j), &s, &d), 0);
    ck_assert_str_eq(s.name, "x");
}
END_TEST

/* ---- check reports every problem (DESIGN 3, 7) ------------------------------ */

START_TEST(check_gathers_every_problem)
{
    static const char text[] =
        "gpuplan: 1\n"                                   /* 1 */
        "name: \"a\\nb\"\n"                             /* 2 */
        "hardware:\n"                                    /* 3 */
        "  nodes: 0\n"                                   /* 4 */
        "  nods: 3\n"                                    /* 5 */
        "  gpus_per_node: [1, {a: 2}]\n"                 /* 6 */
        "  storage: 80000\n"                             /* 7 */
        "utilisation: {measured_pct: 3}\n"               /* 8 */
        "hybrid:\n"                                      /* 9 */
        "  days: 400\n"                                  /* 10 */
        "  workloads:\n"                                 /* 11 */
        "    - {name: a, gpus: 0, hours: 1, per_day: 1}\n" /* 12 */
        "    - {name: b, gpu: 1, hours: 1, per_day: 1}\n"  /* 13 */
        "constraints:\n"                                 /* 14 */
        "  compliance_forbids_cloud: yes\n";             /* 15 */
    static const struct {
        unsigned long line;
        const char *path;
    } want[] = {{2, "name"},
                {4, "hardware.nodes"},
                {5, "hardware.nods"},
                {6, "hardware.gpus_per_node"},
                {8, "utilisation"},
                {10, "hybrid.days"},
                {12, "hybrid.workloads[0].gpus"},
                {13, "hybrid.workloads[1].gpu"},
                {13, "hybrid.workloads[1]"},
                {15, "constraints.compliance_forbids_cloud"}};
    Diag all[32];
    size_t n = 0;
    ck_assert_int_eq(scenario_check_yaml("t.yaml", text, strlen(text), all, 32,
                                         &n), EXIT_DATAERR);
    ck_assert_uint_eq(n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < n; i++) {
        ck_assert_msg(all[i].line == want[i].line &&
                          strcmp(all[i].path, want[i].path) == 0,
                      "problem %zu: %lu %s: %s", i, all[i].line, all[i].path,
                      all[i].message);
        ck_assert_str_eq(all[i].file, "t.yaml");
    }
    /* The loader itself still stops at the first. */
    Scenario s;
    Diag d;
    ck_assert_int_eq(load_text(text, &s, &d), EXIT_DATAERR);
    ck_assert_uint_eq(d.line, 2);
    /* A syntax error ends the gathering: the problems before it, and it
     * (found while the list it breaks is being skipped). */
    static const char broken[] = "gpuplan: 1\nhardware:\n  nodes: 0\n"
                                 "  storage: [1\nfacility:\n  pue: 9\n";
    ck_assert_int_eq(scenario_check_yaml("t.yaml", broken, strlen(broken), all,
                                         32, &n), EXIT_DATAERR);
    ck_assert_uint_eq(n, 3);
    ck_assert_str_eq(all[0].path, "hardware.nodes");
    ck_assert_str_eq(all[1].path, "hardware.storage"); /* a list, not a number */
    ck_assert_ptr_nonnull(strstr(all[2].message, "YAML syntax error"));
    /* Only the cap's worth are kept. */
    ck_assert_int_eq(scenario_check_yaml("t.yaml", text, strlen(text), all, 3,
                                         &n), EXIT_DATAERR);
    ck_assert_uint_eq(n, 3);
    /* A good file has none, and cross-field rules still apply to it. */
    static const char good[] = "gpuplan: 1\nhardware:\n  nodes: 2\n";
    ck_assert_int_eq(scenario_check_yaml("t.yaml", good, strlen(good), all, 32,
                                         &n), 0);
    ck_assert_uint_eq(n, 0);
    static const char cross[] = "gpuplan: 1\nfacility:\n  node_power_idle_kw: 9\n";
    ck_assert_int_eq(scenario_check_yaml("t.yaml", cross, strlen(cross), all,
                                         32, &n), EXIT_DATAERR);
    ck_assert_uint_eq(n, 1);
    ck_assert_str_eq(all[0].path, "facility.node_power_idle_kw");
}
END_TEST

/* The same problems written in YAML and in JSON: check lists every one of
 * both files, in the same order, with the same field paths and words
 * (but for each format's own nouns: list / array, mapping / object), each
 * at the line and column of the JSON value or key it blames. */
static const char multi_yaml[] =
    "gpuplan: 2\n"                                        /* 1 */
    "hardware:\n"                                         /* 2 */
    "  nodes: 0\n"                                        /* 3 */
    "  gpus_per_nod: 8\n"                                 /* 4 */
    "  node_price: \"abc\"\n"                             /* 5 */
    "utilization:\n"                                      /* 6 */
    "  measured_pct: [1, 2]\n"                            /* 7 */
    "hybrid:\n"                                           /* 8 */
    "  workloads:\n"                                      /* 9 */
    "    - {name: a, gpus: 8, hours: 2, per_day: 3}\n"    /* 10 */
    "    - {name: b, gpus: -1, hours: 1, per_dy: 2}\n"    /* 11 */
    "    - 5\n"                                           /* 12 */
    "uncertainty:\n"                                      /* 13 */
    "  draws: 5\n"                                        /* 14 */
    "  inputs:\n"                                         /* 15 */
    "    - {key: hardware.node_price, low: 1, high: \"x\"}\n" /* 16 */
    "    - {key: hardware.nodez, low: 1, high: 2}\n"      /* 17 */
    "    - {key: cloud.spot_gpu_hour, lo: 1, high: 2}\n"  /* 18 */
    "    - 7\n"                                           /* 19 */
    "  sead: 3\n"                                         /* 20 */
    "cloud:\n"                                            /* 21 */
    "  spot_gpu_hour: -3\n";                              /* 22 */

static const char multi_json[] =
    "{\n"                                                        /* 1 */
    "  \"gpuplan\": 2,\n"                                        /* 2 */
    "  \"hardware\": {\n"                                        /* 3 */
    "    \"nodes\": 0,\n"                                        /* 4 */
    "    \"gpus_per_nod\": 8,\n"                                 /* 5 */
    "    \"node_price\": \"abc\"\n"                              /* 6 */
    "  },\n"                                                     /* 7 */
    "  \"utilization\": {\"measured_pct\": [1, 2]},\n"           /* 8 */
    "  \"hybrid\": {\n"                                          /* 9 */
    "    \"workloads\": [\n"                                     /* 10 */
    "      {\"name\": \"a\", \"gpus\": 8, \"hours\": 2, \"per_day\": 3},\n"
    "      {\"name\": \"b\", \"gpus\": -1, \"hours\": 1, \"per_dy\": 2},\n"
    "      5\n"                                                  /* 13 */
    "    ]\n"                                                    /* 14 */
    "  },\n"                                                     /* 15 */
    "  \"uncertainty\": {\n"                                     /* 16 */
    "    \"draws\": 5,\n"                                        /* 17 */
    "    \"inputs\": [\n"                                        /* 18 */
    "      {\"key\": \"hardware.node_price\", \"low\": 1, \"high\": \"x\"},\n"
    "      {\"key\": \"hardware.nodez\", \"low\": 1, \"high\": 2},\n"
    "      {\"key\": \"cloud.spot_gpu_hour\", \"lo\": 1, \"high\": 2},\n"
    "      7\n"                                                  /* 22 */
    "    ],\n"                                                   /* 23 */
    "    \"sead\": 3\n"                                          /* 24 */
    "  },\n"                                                     /* 25 */
    "  \"cloud\": {\"spot_gpu_hour\": -3}\n"                     /* 26 */
    "}\n";

/* The YAML message in JSON's nouns. */
static void json_words(const char *yaml, char *out, size_t n)
{
    static const char *const from[] = {"not a list", "a mapping of",
                                       "not a single value"};
    static const char *const to[] = {"not an array", "an object of",
                                     "not a number"};
    snprintf(out, n, "%s", yaml);
    for (size_t k = 0; k < 3; k++) {
        char *p = strstr(out, from[k]);
        if (!p)
            continue;
        char rest[600];
        snprintf(rest, sizeof rest, "%s", p + strlen(from[k]));
        snprintf(p, n - (size_t)(p - out), "%s%s", to[k], rest);
    }
}

START_TEST(check_gathers_json_like_yaml)
{
    static const struct {
        const char *path;
        unsigned long line, col; /* in the JSON text */
    } want[] = {
        {"hardware.nodes", 4, 14},
        {"hardware.gpus_per_nod", 5, 5},
        {"hardware.node_price", 6, 19},
        {"utilization.measured_pct", 8, 35},
        {"hybrid.workloads[1].gpus", 12, 29},
        {"hybrid.workloads[1].per_dy", 12, 45},
        {"hybrid.workloads[1]", 12, 7},
        {"hybrid.workloads[2]", 13, 7},
        {"uncertainty.draws", 17, 14},
        {"uncertainty.inputs[0].high", 19, 56},
        {"uncertainty.inputs[1].key", 20, 15},
        {"uncertainty.inputs[2].lo", 21, 38},
        {"uncertainty.inputs[2]", 21, 7},
        {"uncertainty.inputs[3]", 22, 7},
        {"uncertainty.sead", 24, 5},
        {"cloud.spot_gpu_hour", 26, 30},
    };
    enum { N = sizeof want / sizeof want[0] };
    static Diag y[32], j[32];
    size_t ny = 0, nj = 0;
    ck_assert_int_eq(scenario_check_yaml("t.yaml", multi_yaml,
                                         strlen(multi_yaml), y, 32, &ny),
                     EXIT_DATAERR);
    ck_assert_int_eq(scenario_check_json("t.json", multi_json,
                                         strlen(multi_json), j, 32, &nj),
                     EXIT_DATAERR);
    ck_assert_uint_eq(ny, N);
    ck_assert_uint_eq(nj, N);
    for (size_t i = 0; i < N; i++) {
        char m[600];
        json_words(y[i].message, m, sizeof m);
        ck_assert_str_eq(y[i].path, want[i].path);
        ck_assert_str_eq(j[i].path, want[i].path);
        ck_assert_msg(strcmp(j[i].message, m) == 0, "%s:\n  yaml: %s\n  json: %s",
                      want[i].path, y[i].message, j[i].message);
        ck_assert_msg(j[i].line == want[i].line && j[i].col == want[i].col,
                      "%s at %lu:%lu, not %lu:%lu", want[i].path, j[i].line,
                      j[i].col, want[i].line, want[i].col);
        ck_assert_str_eq(j[i].file, "t.json");
    }
    /* The same inside a JSON export's "scenario" object. */
    static char exp[4096];
    snprintf(exp, sizeof exp, "{\"gpuplan\": 2, \"generator\": \"gpuplan\",\n"
             "\"scenario\": %s, \"results\": {}}\n", multi_json);
    ck_assert_int_eq(scenario_check_json("t.json", exp, strlen(exp), j, 32,
                                         &nj), EXIT_DATAERR);
    ck_assert_uint_eq(nj, N);
    ck_assert_uint_eq(j[0].line, 5);
    ck_assert_str_eq(j[N - 1].path, "cloud.spot_gpu_hour");
    /* Only the cap's worth are kept. */
    ck_assert_int_eq(scenario_check_json("t.json", multi_json,
                                         strlen(multi_json), j, 3, &nj),
                     EXIT_DATAERR);
    ck_assert_uint_eq(nj, 3);
    /* A syntax error is the one problem: nothing after it can be read. */
    static const char broken[] = "{\"gpuplan\": 2,\n \"hardware\": {\"nodes\": 0,,}}\n";
    ck_assert_int_eq(scenario_check_json("t.json", broken, strlen(broken), j,
                                         32, &nj), EXIT_DATAERR);
    ck_assert_uint_eq(nj, 1);
    ck_assert_ptr_nonnull(strstr(j[0].message, "JSON syntax error"));
    ck_assert_uint_eq(j[0].line, 2);
    /* Rules between fields are checked once every value is fine, as in
     * YAML; the loader itself still stops at the first problem. */
    static const char cross[] = "{\"gpuplan\": 2, \"facility\": "
                                "{\"node_power_idle_kw\": 9}}";
    ck_assert_int_eq(scenario_check_json("t.json", cross, strlen(cross), j, 32,
                                         &nj), EXIT_DATAERR);
    ck_assert_uint_eq(nj, 1);
    ck_assert_str_eq(j[0].path, "facility.node_power_idle_kw");
    Scenario s;
    Diag d;
    ck_assert_int_eq(scenario_load_json("t.json", multi_json,
                                        strlen(multi_json), &s, &d),
                     EXIT_DATAERR);
    ck_assert_str_eq(d.path, "hardware.nodes");
    static const char good[] = "{\"gpuplan\": 2, \"hardware\": {\"nodes\": 2}}";
    ck_assert_int_eq(scenario_check_json("t.json", good, strlen(good), j, 32,
                                         &nj), 0);
    ck_assert_uint_eq(nj, 0);
}
END_TEST

/* ---- save only what loads (DESIGN 1.3, 7) ---------------------------------- */

static char tmpdir[256];

static void setup_dir(void)
{
    snprintf(tmpdir, sizeof tmpdir, "%s/gpuplan-safety.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void teardown_dir(void)
{
    char cmd[400];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static char *slurp(const char *path, size_t *len)
{
    char *data = NULL;
    Diag d;
    ck_assert_int_eq(read_whole_file(path, 1 << 22, &data, len, &d), 0);
    return data;
}

static void load_data_file(const char *rel, Scenario *s)
{
    char path[1024];
    const char *top = getenv("top_srcdir");
    snprintf(path, sizeof path, "%s/%s", top && *top ? top : GPUPLAN_SRCDIR,
             rel);
    Diag d;
    ck_assert_msg(scenario_load_file(path, s, &d) == 0, "%s: %s", path,
                  d.message);
}

/* A price book entry with a control character, copied into the scenario as
 * the Cloud panel does, must not produce a file that fails to load: the
 * save is refused with the reason and the file on disk is untouched. */
START_TEST(save_refuses_what_would_not_load)
{
    char path[400];
    snprintf(path, sizeof path, "%s/plan.yaml", tmpdir);
    Scenario s;
    scenario_default(&s);
    Diag d;
    ck_assert_int_eq(scenario_save_file(path, &s, &d), 0);
    size_t before_len, after_len;
    char *before = slurp(path, &before_len);
    snprintf(s.cloud.instance, sizeof s.cloud.instance, "p5\x1b]2;x\x07");
    ck_assert_int_eq(scenario_save_file(path, &s, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "not saved"));
    ck_assert_ptr_nonnull(strstr(d.message, "cloud.instance"));
    ck_assert_ptr_nonnull(strstr(d.message, "control character"));
    char *after = slurp(path, &after_len);
    ck_assert_uint_eq(before_len, after_len);
    ck_assert(memcmp(before, after, before_len) == 0);
    free(before);
    free(after);
    /* A new file is not created either. */
    snprintf(path, sizeof path, "%s/new.yaml", tmpdir);
    ck_assert_int_eq(scenario_save_file(path, &s, &d), EXIT_DATAERR);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), -1);
    /* An out-of-range number that slipped past an edit path: refused too. */
    scenario_default(&s);
    s.hardware.nodes = 0;
    ck_assert_int_eq(scenario_save_file(path, &s, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "hardware.nodes"));
}
END_TEST

/* The in-place save (a file with hard links) checks the same way. */
START_TEST(save_in_place_refuses_what_would_not_load)
{
    char path[400], link2[400];
    snprintf(path, sizeof path, "%s/linked.yaml", tmpdir);
    snprintf(link2, sizeof link2, "%s/other-name.yaml", tmpdir);
    Scenario s;
    scenario_default(&s);
    Diag d;
    ck_assert_int_eq(scenario_save_file(path, &s, &d), 0);
    ck_assert_int_eq(link(path, link2), 0);
    size_t before_len, after_len;
    char *before = slurp(path, &before_len);
    snprintf(s.name, sizeof s.name, "two\nlines");
    ck_assert_int_eq(scenario_save_file_in_place(path, &s, &d), EXIT_DATAERR);
    ck_assert_ptr_nonnull(strstr(d.message, "not saved"));
    char *after = slurp(link2, &after_len);
    ck_assert_uint_eq(before_len, after_len);
    ck_assert(memcmp(before, after, before_len) == 0);
    free(before);
    free(after);
}
END_TEST

/* Deleting every workload of the plan and saving writes a file that loads
 * back as the same scenario (an empty plan), not `workloads:` with nothing
 * under it. */
START_TEST(empty_workload_list_saves_and_loads)
{
    Scenario s;
    load_data_file("tests/data/good/hybrid.yaml", &s);
    ck_assert(s.has_hybrid && s.hybrid.workload_count > 0);
    s.hybrid.workload_count = 0;
    char path[400];
    snprintf(path, sizeof path, "%s/empty-plan.yaml", tmpdir);
    Diag d;
    ck_assert_msg(scenario_save_file(path, &s, &d) == 0, "%s", d.message);
    size_t len;
    char *text = slurp(path, &len);
    ck_assert_ptr_nonnull(strstr(text, "\n  workloads: []"));
    free(text);
    Scenario t;
    ck_assert_msg(scenario_load_file(path, &t, &d) == 0, "%s", d.message);
    ck_assert(t.has_hybrid);
    ck_assert_uint_eq(t.hybrid.workload_count, 0);
    ck_assert(scenario_equal(&s, &t));
    /* As written by hand, and in JSON. */
    ck_assert_int_eq(load_text("gpuplan: 1\nhybrid:\n  workloads: []\n", &t,
                               &d), 0);
    const char *j = "{\"gpuplan\":1,\"hybrid\":{\"workloads\":[]}}";
    ck_assert_int_eq(scenario_load_json("t.json", j, strlen(j), &t, &d), 0);
    ck_assert_uint_eq(t.hybrid.workload_count, 0);
}
END_TEST

/* ---- long runs stop on a signal (DESIGN 7) ------------------------------- */

/* 100,000 one-GPU nodes and a burst workload: a minute or more per
 * evaluation, the size of the hostile file in tests/data/hostile/. */
static const char big_plan[] =
    "gpuplan: 1\n"
    "hardware: {nodes: 100000, gpus_per_node: 1}\n"
    "hybrid:\n"
    "  onprem_nodes: 100000\n"
    "  workloads:\n"
    "    - {name: a, per_day: 5000, gpus: 1, hours: 1, run: burst}\n";

static volatile sig_atomic_t stop_flag;
static struct timespec stop_at;

static void on_alarm(int sig)
{
    (void)sig;
    clock_gettime(CLOCK_MONOTONIC, &stop_at);
    stop_flag = 1;
}

static double since(const struct timespec *t)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - t->tv_sec) +
           (double)(now.tv_nsec - t->tv_nsec) / 1e9;
}

/* A flag raised by a signal handler 100 ms into a long evaluation stops it
 * within 100 ms, and the result says it is incomplete. (The evaluation
 * takes about 0.25 s: the optimizer prices 100,001 sizes' bounds and
 * simulates two, DESIGN 6.6.) */
START_TEST(hybrid_stops_on_the_flag)
{
    Scenario s;
    Diag d;
    ck_assert_int_eq(load_text(big_plan, &s, &d), 0);
    HybridScratch sc;
    ck_assert_int_eq(hybrid_scratch_init(&sc, 0), 0);
    sc.cancel = &stop_flag;
    static HybridResult r;
    /* Raised before: nothing runs. */
    stop_flag = 1;
    struct timespec t0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    hybrid_evaluate(&s, &s.hybrid, &r, &sc);
    ck_assert(r.cancelled);
    ck_assert(since(&t0) < 0.1);
    HybridSimStats st;
    ck_assert_int_eq(hybrid_simulate(&s, &s.hybrid, 100000, &st, &sc), 2);
    ck_assert(st.cancelled);
    /* Raised by a signal in the middle of the run. */
    stop_flag = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_alarm;
    sigaction(SIGALRM, &sa, NULL);
    struct itimerval it = {{0, 0}, {0, 100000}};
    setitimer(ITIMER_REAL, &it, NULL);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    hybrid_evaluate(&s, &s.hybrid, &r, &sc);
    double total = since(&t0);
    ck_assert_msg(stop_flag, "the evaluation ended after %.3f s, before the "
                  "signal: the plan is too small to test this", total);
    double latency = since(&stop_at);
    ck_assert(r.cancelled);
    /* (under valgrind everything runs ~50 times slower: 2 s there) */
    ck_assert_msg(latency < (test_quick() ? 2.0 : 0.1),
                  "stopped %.0f ms after the signal", latency * 1000);
    /* Without the flag, a small plan runs to the end. */
    stop_flag = 0;
    ck_assert_int_eq(load_text("gpuplan: 1\nhybrid:\n  workloads:\n    - "
                               "{name: a, per_day: 5, gpus: 1, hours: 1}\n",
                               &s, &d), 0);
    hybrid_evaluate(&s, &s.hybrid, &r, &sc);
    ck_assert(!r.cancelled);
    ck_assert(r.total_monthly > 0);
    hybrid_scratch_free(&sc);
}
END_TEST

static Suite *safety_suite(void)
{
    Suite *s = suite_create("safety");
    TCase *t = tcase_create("text");
    tcase_add_test(t, one_line_texts_refuse_controls);
    tcase_add_test(t, visible_text_shows_controls);
    tcase_add_test(t, loader_refuses_controls_in_names);
    tcase_add_test(t, diag_format_is_visible);
    tcase_add_test(t, diag_cut_is_marked);
    tcase_add_test(t, trim_blanks);
    suite_add_tcase(s, t);

    t = tcase_create("messages");
    tcase_add_loop_test(t, messages_are_accurate, 0,
                        (int)(sizeof accurate / sizeof accurate[0]));
    tcase_add_test(t, near_misses_still_load);
    tcase_add_test(t, check_gathers_every_problem);
    tcase_add_test(t, check_gathers_json_like_yaml);
    suite_add_tcase(s, t);

    t = tcase_create("save");
    tcase_add_checked_fixture(t, setup_dir, teardown_dir);
    tcase_add_test(t, save_refuses_what_would_not_load);
    tcase_add_test(t, save_in_place_refuses_what_would_not_load);
    tcase_add_test(t, empty_workload_list_saves_and_loads);
    suite_add_tcase(s, t);

    t = tcase_create("signals");
    tcase_add_test(t, hybrid_stops_on_the_flag);
    tcase_set_timeout(t, 30);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(safety_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
