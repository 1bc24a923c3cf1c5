/* check_yaml_patch.c: saving an opened YAML file keeps what the user wrote
 * (DESIGN 1.3).
 *
 * tests/data/good/commented.yaml is written by hand with comments
 * everywhere, blank lines, an odd key order, plain, 'single' and "double"
 * quoting, a `notes: |` block scalar, a flow mapping, an empty section, a
 * hybrid plan and uncertainty ranges. Each case edits the loaded scenario the way `--set` and
 * the planner do (scenario_set, adding and deleting workloads),
 * renders the save, and compares it line by line with the original
 * changed by exactly the expected lines. Every case runs on the file as
 * written, with a UTF-8 byte order mark, and with CRLF line endings. */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "fields.h"
#include "numfmt.h"
#include "scenario_edit.h"
#include "scenario_file.h"
#include "scenario_source.h"
#include "strbuf.h"
#include "test_scale.h"
#include "uncertainty.h"

/* ---- helpers ------------------------------------------------------------ */

static const char *srcdir(void)
{
    const char *s = getenv("top_srcdir");
    return s && *s ? s : GPUPLAN_SRCDIR;
}

/* The hand-written file, as written. */
static char *commented(size_t *len)
{
    char path[4096];
    Diag d;
    char *data = NULL;
    snprintf(path, sizeof path, "%s/tests/data/good/commented.yaml", srcdir());
    ck_assert_int_eq(read_whole_file(path, 1 << 20, &data, len, &d), 0);
    return data;
}

typedef enum Variant { V_PLAIN, V_BOM, V_CRLF, V_COUNT } Variant;
static const char *const variant_name[V_COUNT] = {"as written", "with a BOM",
                                                  "with CRLF"};

/* text as variant v: a byte order mark in front, or every LF a CR LF. */
static void variant(const char *text, size_t len, Variant v, StrBuf *out)
{
    if (v == V_BOM)
        sb_append(out, "\xEF\xBB\xBF");
    for (size_t i = 0; i < len; i++) {
        if (v == V_CRLF && text[i] == '\n')
            sb_append(out, "\r\n");
        else
            sb_append_n(out, text + i, 1);
    }
}

/* A change of the expected text: at 1-based line `line` of the original,
 * drop `drop` lines and put `add` (whole lines) in their place. */
typedef struct Hunk {
    int line, drop;
    const char *add;
} Hunk;

/* The original with the hunks (in line order) applied. */
static void expected(const char *orig, size_t len, const Hunk *h, size_t nh,
                     StrBuf *out)
{
    int line = 1;
    size_t i = 0, k = 0;
    while (i < len || k < nh) {
        if (k < nh && h[k].line == line) {
            sb_append(out, h[k].add);
            for (int dropped = 0; dropped < h[k].drop && i < len; dropped++) {
                while (i < len && orig[i] != '\n')
                    i++;
                i++;
                line++;
            }
            k++;
            continue;
        }
        if (i >= len)
            break;
        size_t e = i;
        while (e < len && orig[e] != '\n')
            e++;
        sb_append_n(out, orig + i, e - i + (e < len));
        i = e + 1;
        line++;
    }
}

/* Compare line by line; fail with the first line that differs. */
static void same_lines(const char *what, const char *got, size_t glen,
                       const char *want, size_t wlen)
{
    size_t a = 0, b = 0;
    int line = 1;
    while (a < glen || b < wlen) {
        size_t ea = a, eb = b;
        while (ea < glen && got[ea] != '\n')
            ea++;
        while (eb < wlen && want[eb] != '\n')
            eb++;
        ck_assert_msg(ea - a == eb - b && memcmp(got + a, want + b, ea - a) == 0,
                      "%s: line %d is\n  [%.*s]\nexpected\n  [%.*s]", what, line,
                      (int)(ea - a), got + a, (int)(eb - b), want + b);
        a = ea + 1;
        b = eb + 1;
        line++;
    }
    ck_assert_msg(glen == wlen, "%s: %zu bytes, expected %zu", what, glen, wlen);
}

typedef void (*EditFn)(Scenario *s);

static void set(Scenario *s, const char *key, const char *value)
{
    Diag d;
    int rc = scenario_set(s, key, value, &d);
    ck_assert_msg(rc == 0, "%s=%s: %s", key, value, d.message);
}

/* Load text (as `name`), edit it, render the save: it must be an edit of
 * the text, load back as the edited scenario, and equal want. */
static void check_edit(const char *name, const char *text, size_t len,
                       EditFn edit, const char *want, size_t wlen)
{
    Scenario s, back;
    ScenarioSource *src, *next = NULL;
    Diag d;
    char msg[1200];
    int rc = scenario_source_load(name, text, len, &s, &src, &d);
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s", name, msg);
    ck_assert_msg(src != NULL, "%s: no source kept", name);
    edit(&s);
    StrBuf out = STRBUF_INIT;
    ScenarioSaveNote note;
    rc = scenario_source_render(src, name, &s, &out, &next, &note, &d);
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s", name, msg);
    ck_assert_msg(note.edited && !note.rewrote, "%s: written whole: %s", name,
                  note.why);
    same_lines(name, out.data ? out.data : "", out.len, want, wlen);
    ScenarioSource *again;
    ck_assert_int_eq(scenario_source_load(name, out.data, out.len, &back,
                                          &again, &d), 0);
    ck_assert_msg(scenario_equal(&back, &s), "%s: loads as another scenario",
                  name);
    scenario_source_free(again);
    scenario_source_free(next);
    scenario_source_free(src);
    sb_free(&out);
}

/* The case, on all three variants of the file. */
static void run_case(const char *what, EditFn edit, const Hunk *h, size_t nh)
{
    size_t len;
    char *orig = commented(&len);
    StrBuf want = STRBUF_INIT;
    expected(orig, len, h, nh, &want);
    for (int v = 0; v < V_COUNT; v++) {
        StrBuf t = STRBUF_INIT, w = STRBUF_INIT;
        char name[160];
        variant(orig, len, (Variant)v, &t);
        variant(want.data, want.len, (Variant)v, &w);
        snprintf(name, sizeof name, "%s, %s", what, variant_name[v]);
        check_edit(name, t.data, t.len, edit, w.data, w.len);
        sb_free(&t);
        sb_free(&w);
    }
    sb_free(&want);
    free(orig);
}

#define RUN(what, edit, ...)                                                   \
    do {                                                                       \
        static const Hunk hunks_[] = {__VA_ARGS__};                            \
        run_case(what, edit, hunks_, sizeof hunks_ / sizeof hunks_[0]);        \
    } while (0)

/* ---- one value ------------------------------------------------------------ */

static void edit_nothing(Scenario *s) { (void)s; }

START_TEST(unchanged_is_byte_for_byte)
{
    RUN("nothing changed", edit_nothing, {0, 0, ""});
}
END_TEST

static void edit_price(Scenario *s) { set(s, "hardware.node_price", "295000"); }

START_TEST(one_number_is_one_line)
{
    RUN("one number", edit_price,
        {18, 1, "  node_price: 295000  # per node, Q-4471 line 3\n"});
}
END_TEST

static void edit_names(Scenario *s)
{
    set(s, "name", "O'Brien's cluster");   /* 'single' stays single */
    set(s, "currency", "EUR");             /* "double" stays double */
    set(s, "hardware.gpu_model", "H200 NVL"); /* plain stays plain */
}

START_TEST(texts_keep_their_quoting)
{
    RUN("texts", edit_names,
        {6, 1, "currency: \"EUR\"\n"},
        {7, 1, "name: 'O''Brien''s cluster'        # single-quoted on purpose\n"},
        {16, 1, "  gpu_model: H200 NVL\n"});
}
END_TEST

/* A value that changes width keeps the comment after it in its column
 * (texts_keep_their_quoting: a shorter name); one that no longer fits
 * before it pushes it right by as little as it can, one blank. */
static void edit_widths(Scenario *s)
{
    set(s, "hardware.node_price", "300000.25");
}

START_TEST(comments_keep_their_column)
{
    RUN("a wider value", edit_widths,
        {18, 1, "  node_price: 300000.25 # per node, Q-4471 line 3\n"});
}
END_TEST

static void edit_plain_needs_quotes(Scenario *s)
{
    set(s, "hardware.gpu_model", "H200: NVL #2");
}

START_TEST(plain_text_is_quoted_when_it_must_be)
{
    RUN("plain text that needs quotes", edit_plain_needs_quotes,
        {16, 1, "  gpu_model: \"H200: NVL #2\"\n"});
}
END_TEST

static void edit_notes(Scenario *s)
{
    set(s, "notes", "Quote Q-4502: 5 nodes at 295k each.\n"
                    "  (delivery in March)\n"
                    "Power measured over 6 weeks.\n");
}

START_TEST(notes_stay_a_block_scalar)
{
    RUN("notes", edit_notes,
        {10, 2, "  Quote Q-4502: 5 nodes at 295k each.\n"
                "    (delivery in March)\n"
                "  Power measured over 6 weeks.\n"});
}
END_TEST

static void edit_notes_chomp(Scenario *s)
{
    set(s, "notes", "One line, no line break at the end");
}

START_TEST(notes_chomping_follows_the_value)
{
    RUN("notes without a final line break", edit_notes_chomp,
        {9, 3, "notes: |-\n  One line, no line break at the end\n"});
}
END_TEST

/* What the planner's notes editor can leave: a first line that starts
 * with blanks, an empty line, blanks at the end and no final line break. */
static void edit_notes_typed(Scenario *s) { set(s, "notes", "  indented\n\nlast  "); }

START_TEST(typed_notes_keep_their_blanks)
{
    RUN("notes typed in the editor", edit_notes_typed,
        {9, 3, "notes: |2-\n    indented\n\n  last  \n"});
}
END_TEST

static void edit_flow(Scenario *s)
{
    set(s, "cloud.on_demand_gpu_hour", "5.5");
    set(s, "cloud.spot_gpu_hour", "2.5");
}

START_TEST(flow_mapping_is_edited_inside_the_flow)
{
    RUN("flow mapping", edit_flow,
        {22, 1, "cloud: {on_demand_gpu_hour: 5.5, region: us-east-1, "
                "spot_gpu_hour: 2.5}   # list prices\n"});
}
END_TEST

/* ---- inserted fields -------------------------------------------------------- */

static void edit_gpus(Scenario *s) { set(s, "hardware.gpus_per_node", "16"); }

START_TEST(field_into_its_section_in_registry_order)
{
    RUN("field into an existing section", edit_gpus,
        {16, 0, "  gpus_per_node: 16            # GPUs, 1..64; GPUs in each "
                "node (8 for HGX/DGX H100)\n"});
}
END_TEST

static void edit_pue(Scenario *s)
{
    set(s, "facility.pue", "1.3");
    set(s, "facility.power_price_kwh", "0.12");
}

START_TEST(field_into_a_missing_section)
{
    RUN("fields into a missing section", edit_pue,
        {21, 0, "\nfacility:\n"
                "  pue: 1.3                     # 1..5; Power usage "
                "effectiveness: facility power / IT power (1.0-5.0)\n"
                "  power_price_kwh: 0.12        # USD/kWh, 0..10; Electricity "
                "price per kWh\n"});
}
END_TEST

static void edit_staff(Scenario *s) { set(s, "staffing.engineers", "2"); }

START_TEST(field_into_an_empty_section)
{
    RUN("field into an empty section", edit_staff,
        {25, 0, "  engineers: 2                 # FTE, 0..10000; Engineers "
                "running the cluster (full-time equivalents, may be 0.5)\n"});
}
END_TEST

static void edit_hours(Scenario *s) { set(s, "hours_per_month", "720"); }

START_TEST(top_level_field_in_registry_order)
{
    RUN("top-level field", edit_hours,
        {7, 0, "hours_per_month: 720           # h, 1..744; Hours in a month; "
               "AWS's calculators use 730 (8760 / 12)\n"});
}
END_TEST

/* ---- workloads ----------------------------------------------------------- */

/* What the planner's `a` does on the first workload: a copy after it. */
static void edit_add_workload(Scenario *s)
{
    HybridPlan *p = &s->hybrid;
    memmove(&p->workloads[1], &p->workloads[0],
            p->workload_count * sizeof p->workloads[0]);
    p->workload_count++;
    snprintf(p->workloads[1].name, sizeof p->workloads[1].name, "eval");
}

START_TEST(workload_added_as_a_block)
{
    RUN("workload added", edit_add_workload,
        {40, 0,
         "    - name: \"eval\"             # text, 1..80 characters; "
         "workload name\n"
         "      schedule: \"0 1 * * *\"    # text, 1..100 characters; "
         "5-field cron, UTC; each match submits one job\n"
         "      gpus: 8                  # GPUs, 1..100000; GPUs the job "
         "needs at once (gang)\n"
         "      hours: 4                 # h, 0..8784; wall-clock hours of "
         "one job (above 0)\n"
         "      run: onprem              # onprem | cloud | burst; where "
         "jobs run; burst goes to the cloud when the on-prem wait exceeds "
         "max_wait_minutes\n"
         "      cloud_mode: on_demand    # on_demand | spot; how it is "
         "billed in the cloud\n"});
}
END_TEST

static void edit_delete_first(Scenario *s)
{
    HybridPlan *p = &s->hybrid;
    memmove(&p->workloads[0], &p->workloads[1],
            (p->workload_count - 1) * sizeof p->workloads[0]);
    p->workload_count--;
}

START_TEST(workload_removed_as_a_block)
{
    /* its comment and the blank line after it go with it */
    RUN("workload removed", edit_delete_first, {35, 6, ""});
}
END_TEST

static void edit_delete_last(Scenario *s) { s->hybrid.workload_count--; }

START_TEST(last_workload_removed_with_the_blank_line_before_it)
{
    RUN("last workload removed", edit_delete_last, {40, 6, ""});
}
END_TEST

static void edit_workload_keys(Scenario *s)
{
    set(s, "hybrid.workloads[0].run", "cloud");          /* inserted */
    set(s, "hybrid.workloads[1].schedule", "0 3 * * *"); /* per_day -> */
    set(s, "hybrid.workloads[1].name", "ad hoc, urgent");
    set(s, "hybrid.seed", "7");                          /* inserted */
}

START_TEST(workload_keys_edited_in_place)
{
    RUN("workload keys", edit_workload_keys,
        {34, 0, "  seed: 7                      # 0..9007199254740992; seed "
                "of the random arrivals (same seed, same numbers)\n"},
        {40, 0, "      run: cloud               # onprem | cloud | burst; "
                "where jobs run; burst goes to the cloud when the on-prem "
                "wait exceeds max_wait_minutes\n"},
        {41, 2, "    - name: 'ad hoc, urgent'\n"
                "      schedule: \"0 3 * * *\"\n"});
}
END_TEST

/* A workload's optional keys (priority, max_wait_minutes, cloud_gpu_hour),
 * all three at once, are inserted when set and their lines dropped when
 * cleared: the file comes back byte for byte. */
static void render_edited(const char *text, size_t len, void (*edit)(Scenario *),
                          StrBuf *out)
{
    Scenario s, back;
    ScenarioSource *src, *next = NULL, *again;
    Diag d;
    ck_assert_int_eq(scenario_source_load("opt.yaml", text, len, &s, &src, &d), 0);
    edit(&s);
    ScenarioSaveNote note;
    ck_assert_int_eq(scenario_source_render(src, "opt.yaml", &s, out, &next, &note,
                                            &d), 0);
    ck_assert_msg(note.edited && !note.rewrote, "written whole: %s", note.why);
    ck_assert_int_eq(scenario_source_load("opt.yaml", out->data, out->len, &back,
                                          &again, &d), 0);
    ck_assert(scenario_equal(&back, &s));
    scenario_source_free(again);
    scenario_source_free(next);
    scenario_source_free(src);
}

static void edit_set_optional(Scenario *s)
{
    HybridWorkload *w = &s->hybrid.workloads[0];
    w->priority = 5;
    w->has_max_wait = true;
    w->max_wait_minutes = 30;
    w->has_cloud_price = true;
    w->cloud_gpu_hour = 2.04;
}

static void edit_clear_optional(Scenario *s)
{
    HybridWorkload *w = &s->hybrid.workloads[0];
    w->priority = 0;
    w->has_max_wait = false;
    w->has_cloud_price = false;
}

START_TEST(optional_workload_keys_come_and_go)
{
    size_t len;
    char *orig = commented(&len);
    /* The keys came with schema version 2 (a version-1 file may not use
     * them). */
    char *line = strstr(orig, "gpuplan: ");
    ck_assert_ptr_nonnull(line);
    line[9] = '2'; /* whatever the test file says today */
    StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
    render_edited(orig, len, edit_set_optional, &a);
    ck_assert_ptr_nonnull(strstr(a.data, "cloud_gpu_hour: 2.04"));
    render_edited(a.data, a.len, edit_clear_optional, &b);
    same_lines("cleared again", b.data, b.len, orig, len);
    sb_free(&a);
    sb_free(&b);
    free(orig);
}
END_TEST

static void edit_no_hybrid(Scenario *s) { s->has_hybrid = false; }

START_TEST(hybrid_section_removed)
{
    RUN("hybrid section removed", edit_no_hybrid, {31, 15, ""});
}
END_TEST

/* ---- uncertainty inputs ----------------------------------------------------- */

static void edit_add_input(Scenario *s)
{
    Uncertainty *u = &s->uncertainty;
    UncInput *in = &u->inputs[u->input_count++];
    memset(in, 0, sizeof *in);
    snprintf(in->key, sizeof in->key, "hardware.nodes");
    in->low = 2;
    in->high = 8;
}

START_TEST(input_added_as_a_block)
{
    RUN("uncertainty input added", edit_add_input,
        {53, 0, "    - key: \"hardware.nodes\"    # the number field this "
                "range is about\n"
                "      low: 2                   # lowest plausible value\n"
                "      high: 8                  # highest plausible value\n"});
}
END_TEST

static void edit_remove_input(Scenario *s)
{
    Uncertainty *u = &s->uncertainty;
    memmove(&u->inputs[0], &u->inputs[1],
            (u->input_count - 1) * sizeof u->inputs[0]);
    u->input_count--;
}

START_TEST(input_removed_as_a_block)
{
    RUN("uncertainty input removed", edit_remove_input, {49, 3, ""});
}
END_TEST

static void edit_input_values(Scenario *s)
{
    set(s, "uncertainty.inputs[1].mode", "300000"); /* into the flow item */
    set(s, "uncertainty.draws", "500");              /* before inputs */
    set(s, "uncertainty.inputs[0].high", "72");
}

START_TEST(input_values_edited_in_place)
{
    RUN("uncertainty values", edit_input_values,
        {48, 0, "  draws: 500                   # draws, 100..1000000; Monte "
                "Carlo draws\n"},
        {51, 2, "      high: 72\n"
                "    - {key: hardware.node_price, low: 290000, high: 345000, "
                "mode: 300000}\n"});
}
END_TEST

/* A file with a trace and its groups (DESIGN 10.8): a group's value, an
 * optional key and the trace's file are edited in place; the rest of the
 * file, comments included, stays. */
static void edit_groups(Scenario *s)
{
    set(s, "hybrid.groups[1].priority", "5");
    set(s, "hybrid.groups[0].max_wait_minutes", "30");
    set(s, "hybrid.trace", "history.csv");
}

START_TEST(groups_edited_in_place)
{
    static const char text[] =
        "gpuplan: 2\nhardware:\n  nodes: 1\nhybrid:\n  onprem_nodes: 1\n"
        "  trace: queue.csv   # the team's history\n  workloads: []\n"
        "  groups:\n    - name: train\n      run: onprem\n"
        "    - name: eval   # evaluations\n      run: burst\n";
    static const char want[] =
        "gpuplan: 2\nhardware:\n  nodes: 1\nhybrid:\n  onprem_nodes: 1\n"
        "  trace: history.csv # the team's history\n  workloads: []\n"
        "  groups:\n    - name: train\n      run: onprem\n"
        "      max_wait_minutes: 30     # min, 0..100000; the group's burst "
        "threshold and wait target (else the plan's)\n"
        "    - name: eval   # evaluations\n      run: burst\n"
        "      priority: 5              # 0..100; higher is scheduled first on-prem\n";
    check_edit("g.yaml", text, strlen(text), edit_groups, want, strlen(want));
}
END_TEST

/* ---- the schema line (DESIGN 1.4) ------------------------------------------- */

/* The hand-written file as a version-1 file: without its uncertainty
 * ranges (a version-2 section), saying `gpuplan: 1`. */
static char *commented_v1(size_t *len)
{
    char *t = commented(len);
    char *cut = strstr(t, "# ranges for gpuplan risk\n");
    char *g = strstr(t, "\ngpuplan: 2");
    ck_assert(cut && g);
    *cut = '\0';
    *len = (size_t)(cut - t);
    g[10] = '1';
    return t;
}

/* Render text (loaded) after edit; returns the saved bytes (caller frees). */
static char *saved_after(const char *text, size_t len, EditFn edit,
                         const Field *f2)
{
    Scenario s;
    ScenarioSource *src, *next = NULL;
    Diag d;
    char msg[1200];
    int rc = scenario_source_load("v.yaml", text, len, &s, &src, &d);
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s", msg);
    if (edit)
        edit(&s);
    if (f2) {
        double v = f2->default_num == f2->minimum ? f2->maximum : f2->minimum;
        if (f2->type == FT_BOOL)
            v = f2->default_num != 0 ? 0 : 1;
        else if (f2->type == FT_CHOICE)
            v = f2->default_num == 0 ? 1 : 0;
        /* The hybrid plan's rows too: the file has a plan with workloads,
         * and its first workload is given the value (an optional key such
         * as max_wait_minutes is then given: field_set sets its switch). */
        ck_assert_msg(field_in_scope(f2, &s), "%s", f2->key);
        FieldRef r;
        char vtext[64];
        Diag why;
        field_ref_init(&r, f2, 0);
        if (f2->type == FT_BOOL || f2->type == FT_CHOICE) {
            Scenario t = s;
            field_put_num(field_ref(&r), &t, v);
            field_format(field_ref(&r), &t, vtext, sizeof vtext);
        } else {
            num_format_exact(v, vtext, sizeof vtext);
        }
        ck_assert_msg(field_set(field_ref(&r), &s, vtext, &why) == 0,
                      "%s=%s: %s", r.path, vtext, why.message);
    }
    StrBuf out = STRBUF_INIT;
    ScenarioSaveNote note;
    rc = scenario_source_render(src, "v.yaml", &s, &out, &next, &note, &d);
    diag_format(&d, msg, sizeof msg);
    ck_assert_msg(rc == 0, "%s: %s", f2 ? f2->key : "edit", msg);
    ck_assert_msg(note.edited, "%s: written whole: %s", f2 ? f2->key : "edit",
                  note.why);
    scenario_source_free(next);
    scenario_source_free(src);
    return out.data;
}

static void edit_priority(Scenario *s) { set(s, "hybrid.workloads[1].priority", "5"); }
static void edit_backfill(Scenario *s) { set(s, "hybrid.backfill", "true"); }
/* A trace (DESIGN 10.8): a version-2 key of the plan. */
static void edit_trace(Scenario *s) { set(s, "hybrid.trace", "jobs.csv"); }
static void edit_add_ranges(Scenario *s)
{
    s->has_uncertainty = true;
    field_scope_default(s, FS_UNCERTAINTY);
    edit_add_input(s);
}

START_TEST(version_2_field_makes_the_schema_line_2)
{
    /* An opened `gpuplan: 1` file keeps that line until something of
     * schema version 2 is written: a registry field of version 2 away from
     * its default, hybrid.backfill or a workload's priority, or an
     * uncertainty section. Then the line says 2 (DESIGN 1.4). */
    size_t len;
    char *v1 = commented_v1(&len);
    char *out = saved_after(v1, len, edit_price, NULL);
    ck_assert_msg(strstr(out, "\ngpuplan: 1   # schema version\n"),
                  "a version-1 edit changed the schema line");
    free(out);
    static const EditFn v2_edits[] = {edit_priority, edit_backfill,
                                      edit_add_ranges, edit_trace};
    for (size_t e = 0; e < sizeof v2_edits / sizeof v2_edits[0]; e++) {
        out = saved_after(v1, len, v2_edits[e], NULL);
        ck_assert_msg(strstr(out, "\ngpuplan: 2   # schema version\n"),
                      "edit %zu: the schema line did not become 2", e);
        free(out);
    }
    for (size_t i = 0; i < field_count; i++) {
        const Field *f = &field_table[i];
        /* The uncertainty section is version 2 as a whole: added above
         * (edit_add_ranges). */
        if (field_version(f) < 2 || f->type == FT_TEXT ||
            f->scope == FS_UNCERTAINTY)
            continue;
        /* The trace's groups: the file has none (a file that has them is
         * edited in groups_edited). */
        if (f->list == &field_list_groups)
            continue;
        out = saved_after(v1, len, NULL, f);
        ck_assert_msg(strstr(out, "\ngpuplan: 2   # schema version\n"),
                      "%s: the schema line did not become 2", f->key);
        free(out);
    }
    free(v1);
}
END_TEST

static void edit_no_priority(Scenario *s)
{
    set(s, "hybrid.workloads[0].priority", "0");
    set(s, "hybrid.workloads[1].priority", "0");
}

START_TEST(workload_key_at_its_default_is_removed)
{
    /* A key that is no longer written (priority back to 0) takes its line,
     * or its pair inside a flow item. */
    static const char text[] =
        "gpuplan: 2\n"
        "hybrid:\n"
        "  workloads:\n"
        "    - name: a\n"
        "      per_day: 2\n"
        "      priority: 3   # urgent\n"
        "      gpus: 1\n"
        "      hours: 1\n"
        "    - {name: b, per_day: 1, gpus: 1, hours: 1, priority: 4}\n";
    static const char want[] =
        "gpuplan: 2\n"
        "hybrid:\n"
        "  workloads:\n"
        "    - name: a\n"
        "      per_day: 2\n"
        "      gpus: 1\n"
        "      hours: 1\n"
        "    - {name: b, per_day: 1, gpus: 1, hours: 1}\n";
    check_edit("priority removed", text, strlen(text), edit_no_priority, want,
               strlen(want));
}
END_TEST

/* ---- saving a file ---------------------------------------------------------- */

static char dir[256];

static void setup_dir(void)
{
    snprintf(dir, sizeof dir, "%s/gpuplan-patch-XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void teardown_dir(void)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void write_file(const char *path, const char *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(saves_follow_each_other)
{
    /* Two saves in a row: the second edits what the first wrote. */
    char path[600];
    size_t len, got_len;
    char *orig = commented(&len);
    snprintf(path, sizeof path, "%s/plan.yaml", dir);
    write_file(path, orig, len);
    Scenario s;
    ScenarioSource *src;
    Diag d;
    ck_assert_int_eq(scenario_source_load_file(path, &s, &src, &d), 0);
    set(&s, "hardware.node_price", "295000");
    ck_assert_int_eq(scenario_source_save_file(path, &s, &src, NULL, &d), 0);
    set(&s, "utilization.measured_pct", "61");
    ScenarioSaveNote note;
    ck_assert_int_eq(scenario_source_save_file(path, &s, &src, &note, &d), 0);
    ck_assert(note.edited);
    char *got;
    ck_assert_int_eq(read_whole_file(path, 1 << 20, &got, &got_len, &d), 0);
    static const Hunk h[] = {
        {18, 1, "  node_price: 295000  # per node, Q-4471 line 3\n"},
        {29, 1, "  measured_pct: 61\n"}};
    StrBuf want = STRBUF_INIT;
    expected(orig, len, h, 2, &want);
    same_lines("two saves", got, got_len, want.data, want.len);
    size_t slen;
    const char *kept = scenario_source_text(src, &slen);
    ck_assert(slen == got_len && memcmp(kept, got, slen) == 0);
    sb_free(&want);
    free(got);
    free(orig);
    scenario_source_free(src);
}
END_TEST

START_TEST(unreadable_result_is_never_written)
{
    /* A name with an escape character (set behind the validation's back,
     * as a price book once did) would be written as "\x1B", which no load
     * accepts: nothing is written, the source stays. */
    char path[600];
    size_t len, got_len;
    char *orig = commented(&len);
    snprintf(path, sizeof path, "%s/plan.yaml", dir);
    write_file(path, orig, len);
    Scenario s;
    ScenarioSource *src;
    Diag d;
    ck_assert_int_eq(scenario_source_load_file(path, &s, &src, &d), 0);
    ScenarioSource *before = src;
    snprintf(s.name, sizeof s.name, "bad\x1b[2Jname");
    ck_assert_int_eq(scenario_source_save_file(path, &s, &src, NULL, &d),
                     EXIT_DATAERR);
    ck_assert_ptr_eq(src, before);
    ck_assert_msg(strstr(d.message, "would not load back") != NULL, "%s",
                  d.message);
    char *got;
    ck_assert_int_eq(read_whole_file(path, 1 << 20, &got, &got_len, &d), 0);
    same_lines("refused save", got, got_len, orig, len);
    free(got);
    free(orig);
    scenario_source_free(src);
}
END_TEST

START_TEST(new_files_are_written_whole)
{
    /* No source (a new file, the built-in default, JSON): the whole file
     * with every field and its comment, as before. */
    Scenario s;
    scenario_default(&s);
    StrBuf a = STRBUF_INIT, b = STRBUF_INIT;
    ScenarioSaveNote note;
    Diag d;
    ck_assert_int_eq(scenario_source_render(NULL, "new.yaml", &s, &a, NULL,
                                            &note, &d), 0);
    ck_assert(!note.edited && !note.rewrote);
    scenario_format_yaml(&s, &b);
    ck_assert_str_eq(sb_str(&a), sb_str(&b));
    /* A JSON file keeps no source: its save is a new YAML file. */
    ScenarioSource *src = (ScenarioSource *)&a; /* overwritten */
    const char *json = "{\"gpuplan\": 1, \"name\": \"from JSON\"}";
    ck_assert_int_eq(scenario_source_load("x.json", json, strlen(json), &s,
                                          &src, &d), 0);
    ck_assert_ptr_null(src);
    sb_free(&a);
    sb_free(&b);
}
END_TEST

START_TEST(layout_it_cannot_edit_is_written_whole_and_said)
{
    /* A flow-style document after a comment is YAML but not a block
     * mapping: written whole, and the note says why. */
    const char *text = "# one line\n{gpuplan: 1, name: flow}\n";
    Scenario s, back;
    ScenarioSource *src, *next = NULL;
    Diag d;
    ck_assert_int_eq(scenario_source_load("f.yaml", text, strlen(text), &s,
                                          &src, &d), 0);
    set(&s, "name", "still flow");
    StrBuf out = STRBUF_INIT;
    ScenarioSaveNote note;
    ck_assert_int_eq(scenario_source_render(src, "f.yaml", &s, &out, &next,
                                            &note, &d), 0);
    ck_assert(note.rewrote && !note.edited);
    ck_assert_msg(strstr(note.why, "flow mapping") != NULL, "%s", note.why);
    ck_assert_int_eq(scenario_load_yaml("f.yaml", out.data, out.len, &back,
                                        &d), 0);
    ck_assert(scenario_equal(&back, &s));
    scenario_source_free(next);
    scenario_source_free(src);
    sb_free(&out);
}
END_TEST

START_TEST(utf16_file_is_written_whole_and_said)
{
    /* libyaml reads UTF-16; its spans are not bytes of the file, so the
     * save is a new UTF-8 file, and the note says why. */
    const char *text = "gpuplan: 1\nname: wide\n";
    StrBuf w = STRBUF_INIT;
    sb_append_n(&w, "\xFF\xFE", 2); /* UTF-16LE byte order mark */
    for (const char *c = text; *c; c++)
        sb_append_n(&w, (char[2]){*c, 0}, 2);
    Scenario s, back;
    ScenarioSource *src, *next = NULL;
    Diag d;
    ck_assert_int_eq(scenario_source_load("w.yaml", w.data, w.len, &s, &src,
                                          &d), 0);
    ck_assert_str_eq(s.name, "wide");
    set(&s, "name", "still wide");
    StrBuf out = STRBUF_INIT;
    ScenarioSaveNote note;
    ck_assert_int_eq(scenario_source_render(src, "w.yaml", &s, &out, &next,
                                            &note, &d), 0);
    ck_assert(note.rewrote && !note.edited);
    ck_assert_msg(strstr(note.why, "UTF-16") != NULL, "%s", note.why);
    ck_assert_int_eq(scenario_load_yaml("w.yaml", out.data, out.len, &back,
                                        &d), 0);
    ck_assert(scenario_equal(&back, &s));
    scenario_source_free(next);
    scenario_source_free(src);
    sb_free(&out);
    sb_free(&w);
}
END_TEST

/* ---- many random edits --------------------------------------------------- */

static unsigned long long rng_state = 88172645463325252ULL;

static unsigned long long next_rand(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static const char *const texts[] = {
    "plain words", "it's quoted", "a: colon", "#hash", "- dash", "trail ",
    " lead", "ünïcødé ✓", "{flow}", "[x, y]", "null", "~", "123", "x",
    "tab\there", "two\nlines", "two\nlines\n", "\nleading break",
    "keep\n\n\n", "  indented\nfirst", "quote\"d", "back\\slash"};

/* Set one random field (or workload value) of s to a random valid value;
 * false when the value was refused (s unchanged). */
static bool random_edit(Scenario *s)
{
    char v[64];
    Diag msg;
    Scenario t = *s;
    const Field *f = &field_table[next_rand() % field_count];
    if (f->scope != FS_SCENARIO) /* the plan's values: the rounds' sets */
        return false;
    if (f->type == FT_TEXT) {
        if (field_set(f, &t, texts[next_rand() % (sizeof texts / sizeof texts[0])], &msg) != 0)
            return false;
    } else if (f->type == FT_BOOL || f->type == FT_CHOICE) {
        size_t n = f->type == FT_BOOL ? 2 : field_choice_count(f);
        field_put_num(f, &t, (double)(next_rand() % n));
    } else {
        double span = f->maximum - f->minimum;
        if (span > 1e6)
            span = 1e6;
        double x = f->minimum + span * (double)(next_rand() % 10001) / 10000;
        if (f->type == FT_INT)
            snprintf(v, sizeof v, "%.0f", x);
        else
            snprintf(v, sizeof v, "%.3f", x);
        if (field_set(f, &t, v, &msg) != 0)
            return false;
    }
    Diag d;
    size_t ui;
    int uw;
    if (scenario_check(&t, &d) != 0 ||
        uncertainty_check(&t, &ui, &uw, &msg) != 0)
        return false;
    *s = t;
    return true;
}

/* The hand-written file and the other good files, shipped scenarios
 * included: each gets random edits. */
static const char *const random_files[] = {
    "tests/data/good/commented.yaml", "tests/data/good/hybrid.yaml",
    "tests/data/good/flow.yaml",      "tests/data/good/crlf.yaml",
    "tests/data/good/bom.yaml",       "tests/data/good/subset.yaml",
    "tests/data/good/utf8-notes.yaml", "scenarios/default.yaml",
    "scenarios/logistics-hybrid.yaml", "scenarios/diagflow.yaml",
    "scenarios/diagflow-risk.yaml"};

START_TEST(random_edits_keep_every_comment)
{
    char path[4096];
    size_t len;
    char *orig;
    Diag rd;
    snprintf(path, sizeof path, "%s/%s", srcdir(), random_files[_i]);
    ck_assert_int_eq(read_whole_file(path, 1 << 20, &orig, &len, &rd), 0);
    long rounds = test_scale(1000);
    for (int round = 0; round < rounds; round++) {
        StrBuf t = STRBUF_INIT;
        /* the variants of the hand-written file; the others as written */
        variant(orig, len, _i == 0 ? (Variant)(round % V_COUNT) : V_PLAIN, &t);
        Scenario s, back;
        ScenarioSource *src, *next = NULL;
        Diag d;
        ck_assert_int_eq(scenario_source_load("r.yaml", t.data, t.len, &s,
                                              &src, &d), 0);
        int edits = 1 + (int)(next_rand() % 6);
        for (int e = 0; e < edits; e++)
            random_edit(&s);
        bool deleted = false;
        if (s.has_hybrid && next_rand() % 4 == 0)
            edit_add_workload(&s);
        if (s.has_hybrid && next_rand() % 4 == 0) { /* delete one, as the planner's d */
            HybridPlan *p = &s.hybrid;
            size_t i = next_rand() % p->workload_count;
            if (p->workload_count > 1) {
                memmove(&p->workloads[i], &p->workloads[i + 1],
                        (p->workload_count - i - 1) * sizeof p->workloads[0]);
                p->workload_count--;
                deleted = true;
            }
        }
        if (s.has_uncertainty && next_rand() % 4 == 0) { /* a range */
            Scenario t2 = s;
            size_t ui;
            int uw;
            Diag um;
            if (t2.uncertainty.input_count > 0 && next_rand() % 2)
                edit_remove_input(&t2);
            else if (t2.uncertainty.input_count < UNC_MAX_INPUTS) {
                edit_add_input(&t2);
                UncInput *in = &t2.uncertainty.inputs[t2.uncertainty.input_count - 1];
                snprintf(in->key, sizeof in->key, "staffing.salary_year");
                in->low = 100000;
                in->high = 300000;
                in->has_mode = next_rand() % 2;
                in->mode = 200000;
            }
            if (uncertainty_check(&t2, &ui, &uw, &um) == 0)
                s = t2;
        }
        if (s.has_hybrid && next_rand() % 3 == 0) { /* a workload value */
            static const char *const sets[][2] = {
                {"hybrid.workloads[0].hours", "2.25"},
                {"hybrid.workloads[0].per_day", "5"},
                {"hybrid.workloads[0].schedule", "*/15 * * * 1-5"},
                {"hybrid.workloads[0].cloud_mode", "spot"},
                {"hybrid.workloads[0].name", "it's: odd # name"},
                {"hybrid.days", "14"},
                {"hybrid.backfill", "true"},
                {"hybrid.workloads[0].priority", "7"},
                {"hybrid.workloads[0].priority", "0"},
                {"hybrid.workloads[0].max_wait_minutes", "45"},
                {"hybrid.workloads[0].cloud_gpu_hour", "3.5"},
                {"hybrid.max_wait_minutes", "30"}};
            size_t k = next_rand() % (sizeof sets / sizeof sets[0]);
            set(&s, sets[k][0], sets[k][1]);
        }
        StrBuf out = STRBUF_INIT;
        ScenarioSaveNote note;
        int rc = scenario_source_render(src, "r.yaml", &s, &out, &next, &note,
                                        &d);
        char msg[1200];
        diag_format(&d, msg, sizeof msg);
        ck_assert_msg(rc == 0, "%s round %d: %s", random_files[_i], round, msg);
        ck_assert_msg(note.edited, "%s round %d: written whole: %s",
                      random_files[_i], round, note.why);
        ck_assert_int_eq(scenario_load_yaml("r.yaml", out.data, out.len, &back,
                                            &d), 0);
        ck_assert(scenario_equal(&back, &s));
        /* Every comment of the hand-written file is still there (but the
         * one above a deleted workload, which goes with it). */
        for (const char *l = orig; _i == 0 && *l; l += strcspn(l, "\n") + (l[strcspn(l, "\n")] != 0)) {
            size_t e = strcspn(l, "\n");
            const char *c = memchr(l, '#', e);
            if (!c || (deleted && strncmp(l, "    #", 5) == 0))
                continue;
            char line[200];
            snprintf(line, sizeof line, "%.*s", (int)(l + e - c), c);
            ck_assert_msg(strstr(out.data, line) != NULL,
                          "%s round %d: comment lost: %s", random_files[_i],
                          round, line);
        }
        scenario_source_free(next);
        scenario_source_free(src);
        sb_free(&out);
        sb_free(&t);
    }
    free(orig);
}
END_TEST

static Suite *patch_suite(void)
{
    Suite *s = suite_create("yaml_patch");
    TCase *t = tcase_create("edits");
    tcase_add_test(t, unchanged_is_byte_for_byte);
    tcase_add_test(t, one_number_is_one_line);
    tcase_add_test(t, texts_keep_their_quoting);
    tcase_add_test(t, plain_text_is_quoted_when_it_must_be);
    tcase_add_test(t, comments_keep_their_column);
    tcase_add_test(t, notes_stay_a_block_scalar);
    tcase_add_test(t, notes_chomping_follows_the_value);
    tcase_add_test(t, typed_notes_keep_their_blanks);
    tcase_add_test(t, flow_mapping_is_edited_inside_the_flow);
    tcase_add_test(t, field_into_its_section_in_registry_order);
    tcase_add_test(t, field_into_a_missing_section);
    tcase_add_test(t, field_into_an_empty_section);
    tcase_add_test(t, top_level_field_in_registry_order);
    tcase_add_test(t, workload_added_as_a_block);
    tcase_add_test(t, workload_removed_as_a_block);
    tcase_add_test(t, last_workload_removed_with_the_blank_line_before_it);
    tcase_add_test(t, workload_keys_edited_in_place);
    tcase_add_test(t, optional_workload_keys_come_and_go);
    tcase_add_test(t, hybrid_section_removed);
    tcase_add_test(t, workload_key_at_its_default_is_removed);
    tcase_add_test(t, input_added_as_a_block);
    tcase_add_test(t, input_removed_as_a_block);
    tcase_add_test(t, input_values_edited_in_place);
    tcase_add_test(t, groups_edited_in_place);
    tcase_add_test(t, version_2_field_makes_the_schema_line_2);
    tcase_add_test(t, new_files_are_written_whole);
    tcase_add_test(t, layout_it_cannot_edit_is_written_whole_and_said);
    tcase_add_test(t, utf16_file_is_written_whole_and_said);
    tcase_add_loop_test(t, random_edits_keep_every_comment, 0,
                        (int)(sizeof random_files / sizeof random_files[0]));
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);

    t = tcase_create("files");
    tcase_add_checked_fixture(t, setup_dir, teardown_dir);
    tcase_add_test(t, saves_follow_each_other);
    tcase_add_test(t, unreadable_result_is_never_written);
    tcase_set_timeout(t, 30);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(patch_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
