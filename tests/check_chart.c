/* check_chart.c: the canvas and the chart renderer (DESIGN 8, "Chart").
 *
 * Golden files: tests/data/chart_*.txt hold canvas_to_text() of the built-in
 * default at fixed sizes. After an intended change to the chart, regenerate
 * them with
 *     GPUPLAN_UPDATE_GOLDEN=1 top_srcdir=SRCDIR ./tests/check_chart
 * (the test then writes the files instead of comparing, and fails so that
 * such a run is never taken for a pass), look at them with cat, and commit
 * them with the change. The structural tests below do not
 * depend on the golden files: they locate the axes in the drawn grid and
 * check where the crossovers, markers and letters are. */
#include "config.h"

#include <check.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "canvas.h"
#include "chart.h"
#include "chart_hybrid.h"
#include "test_scale.h"
#include "cost.h"
#include "fields.h"
#include "numfmt.h"
#include "scenario.h"
#include "strbuf.h"

static void draw(Canvas *c, int w, int h, ChartKind kind, const Scenario *s)
{
    CostResult r;
    cost_evaluate(s, &r);
    HorizonFigures hz;
    horizon_evaluate(s, &hz.result, &hz.cum);
    canvas_init(c, w, h);
    chart_render(c, kind, s, &r, &hz);
}

static void draw_default(Canvas *c, int w, int h, ChartKind kind)
{
    Scenario s;
    scenario_default(&s);
    draw(c, w, h, kind, &s);
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    StrBuf b = STRBUF_INIT;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0)
        sb_append_n(&b, buf, n);
    fclose(f);
    char *out = xstrdup(sb_str(&b));
    sb_free(&b);
    return out;
}

/* Compare the chart with tests/data/NAME (which ends with one newline), or
 * write it and fail when GPUPLAN_UPDATE_GOLDEN=1. */
static void golden(const char *name, int w, int h, ChartKind kind)
{
    const char *top = getenv("top_srcdir");
    ck_assert_msg(top && *top, "top_srcdir is not set");
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/data/%s", top, name);
    Canvas c;
    draw_default(&c, w, h, kind);
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    sb_append(&b, "\n");
    const char *upd = getenv("GPUPLAN_UPDATE_GOLDEN");
    if (upd && strcmp(upd, "1") == 0) {
        FILE *f = fopen(path, "wb");
        ck_assert_msg(f != NULL, "cannot write %s", path);
        fputs(sb_str(&b), f);
        ck_assert_int_eq(fclose(f), 0);
        /* A run that rewrote goldens never passes. */
        ck_abort_msg("%s written: goldens rewritten; read them, then rerun "
                     "without GPUPLAN_UPDATE_GOLDEN", name);
    } else {
        char *want = slurp(path);
        ck_assert_msg(want != NULL, "cannot read %s", path);
        ck_assert_msg(strcmp(want, sb_str(&b)) == 0,
                      "%s differs; got:\n%s", name, sb_str(&b));
        free(want);
    }
    sb_free(&b);
    canvas_free(&c);
}

START_TEST(golden_curves_72x20)
{
    golden("chart_default_72x20.txt", 72, 20, CHART_COST_CURVES);
}
END_TEST

START_TEST(golden_curves_40x12)
{
    golden("chart_default_40x12.txt", 40, 12, CHART_COST_CURVES);
}
END_TEST

START_TEST(golden_breakdown_72x12)
{
    golden("chart_breakdown_72x12.txt", 72, 12, CHART_BREAKDOWN);
}
END_TEST

/* --- the canvas itself --------------------------------------------------- */

typedef struct Axes {
    int axis_row; /* the x axis */
    int x0, x100; /* columns of 0% and 100% */
} Axes;

/* The x axis is the row holding "+-"; its first '+' is 0%, its last 100%. */
static Axes find_axes(const Canvas *c)
{
    Axes a = {-1, -1, -1};
    for (int y = 0; y < c->height && a.axis_row < 0; y++)
        for (int x = 0; x + 1 < c->width; x++)
            if (canvas_get(c, x, y) == '+' && canvas_get(c, x + 1, y) == '-') {
                a.axis_row = y;
                a.x0 = x;
                break;
            }
    ck_assert_int_ge(a.axis_row, 0);
    for (int x = c->width - 1; x > a.x0; x--)
        if (canvas_get(c, x, a.axis_row) == '+') {
            a.x100 = x;
            break;
        }
    ck_assert_int_gt(a.x100, a.x0 + 10);
    return a;
}

/* The row of the 60/75/80 labels: the header (row 0) when the chart has
 * one, else (the compact chart, DESIGN 8) the x labels' row. */
static int label_row(const Canvas *c, const Axes *a)
{
    char ch = canvas_get(c, a->x0, 0);
    return ch == '+' || ch == '|' ? a->axis_row + 1 : 0;
}

/* Typing a utilization must not move the axes: the y labels (left of the
 * y axis, down to the x axis) are the same at every measured utilization. */
START_TEST(axes_independent_of_measured)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    StrBuf first = STRBUF_INIT;
    for (int pct = 1; pct <= 100; pct += 9) {
        s.utilization.measured_pct = pct;
        cost_evaluate(&s, &r);
        Canvas c;
        canvas_init(&c, 78, 9);
        chart_render(&c, CHART_COST_CURVES, &s, &r, NULL);
        StrBuf labels = STRBUF_INIT;
        Axes a = find_axes(&c);
        for (int y = 0; y <= a.axis_row; y++)
            for (int x = 0; x < a.x0; x++) {
                char ch = canvas_get(&c, x, y);
                sb_append_n(&labels, &ch, 1);
            }
        if (pct == 1)
            sb_append(&first, sb_str(&labels));
        else
            ck_assert_str_eq(sb_str(&labels), sb_str(&first));
        sb_free(&labels);
        canvas_free(&c);
    }
    sb_free(&first);
}
END_TEST

START_TEST(canvas_basics)
{
    Canvas c;
    canvas_init(&c, 5, 2);
    canvas_put(&c, -1, 0, 'a', CS_AXIS);
    canvas_put(&c, 5, 0, 'a', CS_AXIS);
    canvas_put(&c, 0, 2, 'a', CS_AXIS);
    canvas_text(&c, 3, 0, "xyz", CS_SPOT);
    canvas_put(&c, 1, 1, 'q', CS_CROSS);
    ck_assert_int_eq(canvas_get(&c, 3, 0), 'x');
    ck_assert_int_eq(canvas_get(&c, 4, 0), 'y');
    ck_assert_int_eq(canvas_style(&c, 4, 0), CS_SPOT);
    ck_assert_int_eq(canvas_style(&c, 1, 1), CS_CROSS);
    ck_assert_int_eq(canvas_get(&c, 9, 9), ' ');
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    ck_assert_str_eq(sb_str(&b), "   xy\n q");
    sb_free(&b);
    canvas_clear(&c);
    canvas_to_text(&c, &b);
    ck_assert_str_eq(sb_str(&b), "\n");
    sb_free(&b);
    canvas_free(&c);
    canvas_init(&c, 0, 0);
    canvas_put(&c, 0, 0, 'a', CS_PLAIN);
    canvas_to_text(&c, &b);
    ck_assert_str_eq(sb_str(&b), "");
    sb_free(&b);
    canvas_free(&c);
}
END_TEST

/* --- structure of the cost chart, found in the grid ---------------------- */

static int pct_col(const Axes *a, double pct)
{
    return a->x0 + (int)lround(pct * (a->x100 - a->x0) / 100.0);
}

static bool column_has(const Canvas *c, const Axes *a, int x, char ch,
                       CanvasStyle st)
{
    for (int y = 0; y < a->axis_row; y++)
        if (canvas_get(c, x, y) == ch && canvas_style(c, x, y) == st)
            return true;
    return false;
}

static bool row_contains(const Canvas *c, int y, const char *s)
{
    char line[512];
    int w = c->width < 511 ? c->width : 511;
    for (int x = 0; x < w; x++)
        line[x] = canvas_get(c, x, y);
    line[w] = '\0';
    return strstr(line, s) != NULL;
}

static bool row_starts(const Canvas *c, int y, const char *s)
{
    for (int x = 0; s[x]; x++)
        if (canvas_get(c, x, y) != s[x])
            return false;
    return true;
}

static bool any_row_contains(const Canvas *c, int from, const char *s)
{
    for (int y = from; y < c->height; y++)
        if (row_contains(c, y, s))
            return true;
    return false;
}

/* An X in the plot within one column of pct. */
static bool cross_near(const Canvas *c, const Axes *a, double pct)
{
    int x = pct_col(a, pct);
    for (int dx = -1; dx <= 1; dx++)
        if (column_has(c, a, x + dx, 'X', CS_CROSS))
            return true;
    return false;
}

static void check_structure(int w, int h)
{
    Canvas c;
    draw_default(&c, w, h, CHART_COST_CURVES);
    Axes a = find_axes(&c);
    ck_assert_msg(cross_near(&c, &a, 35.88), "no X at 35.9%% at %dx%d", w, h);
    ck_assert_msg(cross_near(&c, &a, 76.00), "no X at 76.0%% at %dx%d", w, h);
    ck_assert(any_row_contains(&c, a.axis_row + 1, "X on-demand 35.9%^"));
    ck_assert(any_row_contains(&c, a.axis_row + 1, "X spot 76.0%^"));
    /* Reserved never crosses on-prem in the default: no X for it. */
    ck_assert(!any_row_contains(&c, a.axis_row + 1, "X reserved"));
    static const double marks[] = {60, 75, 80};
    for (int i = 0; i < 3; i++) {
        int x = pct_col(&a, marks[i]);
        ck_assert_msg(column_has(&c, &a, x, ':', CS_MARKER),
                      "no marker line at %.0f%% (%dx%d)", marks[i], w, h);
        char lab[8];
        snprintf(lab, sizeof lab, "%.0f", marks[i]);
        ck_assert_msg(row_contains(&c, label_row(&c, &a), lab), "no %s label", lab);
    }
    /* Measured 50%: its line and its label. */
    ck_assert(column_has(&c, &a, pct_col(&a, 50), '|', CS_MEASURED));
    ck_assert(any_row_contains(&c, label_row(&c, &a), "u=50%"));
    /* On-prem is dear at low utilization: clipped with ^ in the top row. */
    bool caret = false;
    for (int x = a.x0 + 1; x <= a.x100; x++)
        if (canvas_get(&c, x, 0 + 1) == '^' || canvas_get(&c, x, 0) == '^')
            caret = true;
    ck_assert_msg(caret, "no ^ at %dx%d", w, h);
    /* Every option's letter is drawn in the plot with its style. */
    static const struct {
        char ch;
        CanvasStyle st;
    } letters[] = {{'o', CS_ONPREM}, {'d', CS_ON_DEMAND},
                   {'r', CS_RESERVED}, {'s', CS_SPOT}};
    for (size_t i = 0; i < 4; i++) {
        bool found = false;
        for (int x = a.x0 + 1; x <= a.x100 && !found; x++)
            found = column_has(&c, &a, x, letters[i].ch, letters[i].st);
        ck_assert_msg(found, "no curve %c at %dx%d", letters[i].ch, w, h);
    }
    ck_assert(any_row_contains(&c, a.axis_row + 1, "o on-prem"));
    ck_assert(any_row_contains(&c, a.axis_row + 1, "s spot"));
    ck_assert(any_row_contains(&c, a.axis_row + 1, "0%"));
    ck_assert(any_row_contains(&c, a.axis_row + 1, "100%"));
    canvas_free(&c);
}

/* DESIGN 2.3, 8: the reserved curve's kink gives two crossovers; the chart
 * draws an X at each and the legend lists each with its direction. */
START_TEST(two_crossovers_with_directions)
{
    Scenario s;
    scenario_default(&s);
    s.cloud.reserved_coverage_pct = 50;
    s.facility.node_power_idle_kw = 1;
    s.facility.node_power_busy_kw = 10.2;
    s.cloud.reserved_gpu_hour = 5.2;
    CostResult r;
    cost_evaluate(&s, &r);
    const Crossover *x = &r.crossover[OPT_RESERVED];
    ck_assert_uint_eq(x->count, 2);
    ck_assert_int_eq(x->point[0].side, SIDE_BELOW);
    ck_assert_int_eq(x->point[1].side, SIDE_ABOVE);
    Canvas c;
    draw(&c, 100, 24, CHART_COST_CURVES, &s);
    Axes a = find_axes(&c);
    char want[2][48];
    for (int i = 0; i < 2; i++) {
        ck_assert_msg(cross_near(&c, &a, x->point[i].pct), "no X at %.1f%%",
                      x->point[i].pct);
        snprintf(want[i], sizeof want[i], "X reserved %.1f%%%c",
                 x->point[i].pct, i == 0 ? 'v' : '^');
        ck_assert_msg(any_row_contains(&c, a.axis_row + 1, want[i]),
                      "legend lacks %s", want[i]);
    }
    canvas_free(&c);
}
END_TEST

START_TEST(structure_72x20) { check_structure(72, 20); }
END_TEST

START_TEST(structure_many_sizes)
{
    static const int sizes[][2] = {{40, 12}, {78, 9},  {132, 19},
                                   {60, 16}, {200, 60}, {100, 30},
                                   {132, 43}};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        check_structure(sizes[i][0], sizes[i][1]);
}
END_TEST

/* The ^ sits where on-prem leaves the plot: the column after it has on-prem
 * inside the plot (or a connector), the ^ column's on-prem cost is above the
 * top tick. */
START_TEST(caret_where_onprem_is_clipped)
{
    Canvas c;
    draw_default(&c, 72, 20, CHART_COST_CURVES);
    Axes a = find_axes(&c);
    int top = 1; /* the header takes row 0 at this size */
    int cx = -1;
    for (int x = a.x0 + 1; x <= a.x100; x++)
        if (canvas_get(&c, x, top) == '^') {
            ck_assert_int_eq(canvas_style(&c, x, top), CS_ONPREM);
            cx = x;
        }
    ck_assert_int_gt(cx, a.x0);
    ck_assert(column_has(&c, &a, cx + 1, 'o', CS_ONPREM));
    canvas_free(&c);
}
END_TEST

START_TEST(sizes_do_not_crash)
{
    static const int sizes[][2] = {{0, 0},  {1, 1},   {10, 3},  {40, 10},
                                   {200, 60}, {29, 6}, {30, 6},  {30, 5},
                                   {1, 40},  {300, 2}, {31, 7},  {45, 8}};
    Scenario s;
    scenario_default(&s);
    for (int util = 0; util <= 100; util += 25) {
        s.utilization.measured_pct = util;
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
            for (int k = 0; k < CHART_SCENARIO_KINDS; k++) {
                Canvas c;
                draw(&c, sizes[i][0], sizes[i][1], (ChartKind)k, &s);
                StrBuf b = STRBUF_INIT;
                canvas_to_text(&c, &b);
                ck_assert_uint_le(strlen(sb_str(&b)),
                                  (size_t)(sizes[i][0] + 1) * sizes[i][1]);
                sb_free(&b);
                canvas_free(&c);
            }
    }
}
END_TEST

START_TEST(too_small_gets_a_note)
{
    Canvas c;
    draw_default(&c, 29, 5, CHART_COST_CURVES);
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    ck_assert_str_eq(sb_str(&b), "chart needs more room\n\n\n\n");
    sb_free(&b);
    canvas_free(&c);
    draw_default(&c, 10, 3, CHART_BREAKDOWN);
    canvas_to_text(&c, &b);
    ck_assert_str_eq(sb_str(&b), "chart need\n\n");
    sb_free(&b);
    canvas_free(&c);
}
END_TEST

START_TEST(utilization_zero)
{
    Scenario s;
    scenario_default(&s);
    s.utilization.measured_pct = 0;
    Canvas c;
    draw(&c, 72, 20, CHART_COST_CURVES, &s);
    Axes a = find_axes(&c);
    /* The curves are still drawn for u > 0. */
    bool found = false;
    for (int x = a.x0 + 1; x <= a.x100 && !found; x++)
        found = column_has(&c, &a, x, 's', CS_SPOT);
    ck_assert(found);
    ck_assert(any_row_contains(&c, 0, "u=0%") ||
              any_row_contains(&c, a.axis_row + 1, "u=0%"));
    canvas_free(&c);
}
END_TEST

START_TEST(compliance_not_allowed)
{
    Scenario s;
    scenario_default(&s);
    s.constraints.compliance_forbids_cloud = true;
    Canvas c;
    draw(&c, 72, 20, CHART_COST_CURVES, &s);
    Axes a = find_axes(&c);
    int below = a.axis_row + 1;
    ck_assert(any_row_contains(&c, below, "d on-demand (not allowed)"));
    ck_assert(any_row_contains(&c, below, "s spot (not allowed)"));
    ck_assert(!any_row_contains(&c, below, "o on-prem (not allowed)"));
    canvas_free(&c);
    draw(&c, 72, 12, CHART_BREAKDOWN, &s);
    ck_assert(any_row_contains(&c, 0, "not allowed"));
    canvas_free(&c);
    /* The default allows everything. */
    draw_default(&c, 72, 20, CHART_COST_CURVES);
    ck_assert(!any_row_contains(&c, 0, "not allowed"));
    canvas_free(&c);
}
END_TEST

/* A measured utilization on a threshold keeps the 60/75/80 labels and
 * still shows its own label (in the header or in the legend). */
START_TEST(measured_on_a_threshold)
{
    static const double at[] = {60, 75, 80, 77, 50};
    static const int sizes[][2] = {{72, 20}, {40, 12}, {78, 9}};
    Scenario s;
    scenario_default(&s);
    for (size_t i = 0; i < sizeof at / sizeof at[0]; i++)
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            s.utilization.measured_pct = at[i];
            Canvas c;
            draw(&c, sizes[k][0], sizes[k][1], CHART_COST_CURVES, &s);
            Axes a = find_axes(&c);
            char lab[16];
            snprintf(lab, sizeof lab, "u=%.0f%%", at[i]);
            int lr = label_row(&c, &a);
            ck_assert_msg(any_row_contains(&c, lr, lab), "%s lost at %dx%d",
                          lab, sizes[k][0], sizes[k][1]);
            ck_assert(row_contains(&c, lr, "60"));
            ck_assert(row_contains(&c, lr, "75"));
            ck_assert(row_contains(&c, lr, "80"));
            /* Its column shows the measured line. */
            ck_assert(column_has(&c, &a, pct_col(&a, at[i]), '|',
                                 CS_MEASURED));
            canvas_free(&c);
        }
}
END_TEST

/* Scenarios from the corners of the field ranges, at random sizes, every
 * other one on a unicode canvas: every cell stays printable ASCII (or
 * braille and arrows on the unicode canvas) and nothing is written outside the grid (run
 * under a sanitizer to see the second). Fixed seed: reproducible. */
START_TEST(corner_scenarios)
{
    srand(12345);
    for (long it = 0; it < test_scale(2000); it++) {
        Scenario s;
        scenario_default(&s);
        for (size_t i = 0; i < field_count; i++) {
            const Field *f = &field_table[i];
            if (f->scope != FS_SCENARIO)
                continue; /* the chart draws the scenario, not the plan */
            int m = rand() % 6;
            if (f->type == FT_TEXT || m > 2)
                continue;
            if (f->type == FT_BOOL) {
                *field_bool(f, &s) = rand() & 1;
                continue;
            }
            if (f->type == FT_CHOICE) {
                field_put_num(f, &s, (double)((size_t)rand() %
                                              field_choice_count(f)));
                continue;
            }
            double v = m == 0   ? f->minimum
                       : m == 1 ? f->maximum
                                : f->minimum + (f->maximum - f->minimum) *
                                               (rand() / (double)RAND_MAX);
            if (f->type == FT_INT)
                v = floor(v);
            *field_num(f, &s) = v;
        }
        int w = rand() % 210, h = rand() % 65;
        for (int k = 0; k < CHART_SCENARIO_KINDS; k++) {
            Canvas c;
            CostResult r;
            cost_evaluate(&s, &r);
            HorizonFigures hz;
            horizon_evaluate(&s, &hz.result, &hz.cum);
            canvas_init(&c, w, h);
            c.unicode = (it & 1) != 0; /* every other one in braille */
            chart_render(&c, (ChartKind)k, &s, &r, &hz);
            /* One assertion a canvas: Check writes to its pipe on every
             * ck_assert, and millions of cells would make that the cost. */
            bool cells_ok = true;
            for (int y = 0; y < h; y++)
                for (int x = 0; x < w; x++) {
                    uint32_t ch = canvas_cp(&c, x, y);
                    bool glyph = c.unicode && ((ch >= 0x2800 && ch <= 0x28ff) ||
                                               ch == 0x2191 || ch == 0x2193);
                    if (((ch < 0x20 || ch > 0x7e) && !glyph) ||
                        canvas_style(&c, x, y) >= CS_COUNT)
                        cells_ok = false;
                }
            ck_assert_msg(cells_ok, "a %dx%d chart of kind %d has a cell that is not"
                          " printable ASCII (or braille) or has no style", w, h, k);
            canvas_free(&c);
        }
    }
}
END_TEST

/* The breakdown: one bar per option, bar lengths proportional to the
 * monthly cost, the largest filling the bar area, totals at the end. */
START_TEST(breakdown_bars)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    Canvas c;
    draw(&c, 72, 12, CHART_BREAKDOWN, &s);
    int len[OPT_COUNT] = {0};
    double maxm = 0;
    int maxo = 0;
    for (int o = 0; o < OPT_COUNT; o++) {
        if (r.option[o].monthly > maxm) {
            maxm = r.option[o].monthly;
            maxo = o;
        }
        const char *label = cost_option_label((CostOption)o);
        int row = -1;
        for (int y = 0; y < c.height && row < 0; y++)
            if (row_starts(&c, y, label))
                row = y;
        ck_assert_msg(row >= 0, "no bar for %s", label);
        for (int x = 0; x < c.width; x++)
            if (canvas_style(&c, x, row) == (CanvasStyle)(CS_ONPREM + o))
                len[o]++;
        char money[48];
        num_format_money(r.option[o].monthly, 0, money, sizeof money);
        ck_assert(row_contains(&c, row, money));
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        double want = len[maxo] * r.option[o].monthly / maxm;
        ck_assert_msg(fabs(len[o] - want) <= 1.0, "bar %d: %d vs %.1f", o,
                      len[o], want);
    }
    /* The on-prem bar starts with capital, the cloud bars with compute. */
    ck_assert(any_row_contains(&c, 0, "C capital"));
    ck_assert(any_row_contains(&c, 0, "G compute"));
    ck_assert(any_row_contains(&c, 0, "cheapest"));
    canvas_free(&c);
}
END_TEST

/* Every option with a point in the plot shows its letter there, even when
 * another curve lies on all of its cells (the spot price set so that spot
 * costs what on-demand does, as diagflow's 4.90 and 3.20 share rows at
 * 80x24), and the legend says which lies under which. */
START_TEST(hidden_curve_keeps_its_letter)
{
    Scenario s;
    scenario_default(&s);
    s.cloud.spot_gpu_hour = s.cloud.on_demand_gpu_hour * s.cloud.spot_goodput_pct / 100;
    int sizes[][2] = {{80, 9}, {80, 10}, {78, 9}, {100, 14}, {132, 20}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        Canvas c;
        draw(&c, sizes[k][0], sizes[k][1], CHART_COST_CURVES, &s);
        Axes a = find_axes(&c);
        for (int o = 0; o < OPT_COUNT; o++) {
            char letter = cost_option_letter((CostOption)o);
            bool seen = false;
            for (int y = 0; y < a.axis_row && !seen; y++)
                for (int x = a.x0 + 1; x <= a.x100 && !seen; x++)
                    seen = canvas_get(&c, x, y) == letter;
            ck_assert_msg(seen, "letter %c missing at %dx%d", letter, sizes[k][0],
                          sizes[k][1]);
        }
        ck_assert(any_row_contains(&c, a.axis_row + 1, "d under s") ||
                  any_row_contains(&c, a.axis_row + 1, "s under d"));
        canvas_free(&c);
    }
}
END_TEST

/* Each y label sits on the row whose value it names: reading the row of a
 * value from the labels (the axis row is the bottom label, the top label's
 * row the top), every other label is within half a row of its value. */
START_TEST(y_labels_on_their_rows)
{
    Scenario s;
    scenario_default(&s);
    int sizes[][2] = {{80, 9}, {80, 10}, {72, 20}, {132, 20}, {100, 14}, {60, 7}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        Canvas c;
        draw(&c, sizes[k][0], sizes[k][1], CHART_COST_CURVES, &s);
        Axes a = find_axes(&c);
        double val[32];
        int row[32], n = 0;
        for (int y = 0; y <= a.axis_row && n < 32; y++) {
            if (canvas_get(&c, a.x0, y) != '+')
                continue;
            char buf[32];
            int len = 0;
            for (int x = 0; x < a.x0 && len < 31; x++)
                if (canvas_get(&c, x, y) != ' ' && canvas_get(&c, x, y) != ',')
                    buf[len++] = canvas_get(&c, x, y);
            buf[len] = '\0';
            if (len == 0)
                continue;
            val[n] = strtod(buf, NULL);
            row[n++] = y;
        }
        ck_assert_int_ge(n, 2);
        double top = val[0], bottom = val[n - 1];
        double per_row = (top - bottom) / (row[n - 1] - row[0]);
        for (int i = 0; i < n; i++) {
            double exact = row[n - 1] - (val[i] - bottom) / per_row;
            ck_assert_msg(fabs(exact - row[i]) <= 0.5 + 1e-9,
                          "label %g on row %d, its value's row is %.2f (%dx%d)",
                          val[i], row[i], exact, sizes[k][0], sizes[k][1]);
        }
        canvas_free(&c);
    }
}
END_TEST

/* The measured label sits beside its line: starting just right of it, or
 * ending just left of it where the right side is taken. */
START_TEST(measured_label_beside_its_line)
{
    static const double us[] = {20, 42, 50};
    static const int sizes[][2] = {{80, 9}, {72, 20}, {132, 20}};
    for (size_t i = 0; i < sizeof us / sizeof us[0]; i++)
        for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
            Scenario s;
            scenario_default(&s);
            s.utilization.measured_pct = us[i];
            Canvas c;
            draw(&c, sizes[k][0], sizes[k][1], CHART_COST_CURVES, &s);
            Axes a = find_axes(&c);
            int col = -1;
            for (int x = a.x0 + 1; x <= a.x100 && col < 0; x++)
                if (column_has(&c, &a, x, '|', CS_MEASURED))
                    col = x;
            ck_assert_int_ge(col, 0);
            char lab[16];
            snprintf(lab, sizeof lab, "u=%.0f%%", us[i]);
            int len = (int)strlen(lab), at = -1;
            for (int x = 0; x + len <= c.width && at < 0; x++) {
                int j = 0;
                while (j < len && canvas_get(&c, x + j, label_row(&c, &a)) == lab[j])
                    j++;
                if (j == len)
                    at = x;
            }
            ck_assert_msg(at == col + 1 || at + len - 1 == col - 1,
                          "%s at %d, its line at %d (%dx%d)", lab, at, col, sizes[k][0],
                          sizes[k][1]);
            canvas_free(&c);
        }
}
END_TEST

/* --- braille (DESIGN 8) ----------------------------------------------------- */

/* A dot set gives the braille pattern with that dot: dots 1-2-3-7 down the
 * left column are bits 0, 1, 2, 6; dots 4-5-6-8 down the right 3, 4, 5, 7. */
START_TEST(braille_dots_give_their_code_points)
{
    static const struct {
        int col, row;
        uint32_t cp;
    } dots[] = {{0, 0, 0x2801}, {0, 1, 0x2802}, {0, 2, 0x2804}, {0, 3, 0x2840},
                {1, 0, 0x2808}, {1, 1, 0x2810}, {1, 2, 0x2820}, {1, 3, 0x2880}};
    for (size_t i = 0; i < sizeof dots / sizeof dots[0]; i++) {
        Canvas c;
        canvas_init(&c, 3, 2);
        c.unicode = true;
        /* cell (1, 1): dots 2..3 across, 4..7 down */
        ck_assert(canvas_dot(&c, 2 + dots[i].col, 4 + dots[i].row, CS_SPOT));
        ck_assert_uint_eq(canvas_cp(&c, 1, 1), dots[i].cp);
        ck_assert_uint_eq(canvas_dots(&c, 1, 1), dots[i].cp - 0x2800);
        ck_assert_int_eq(canvas_style(&c, 1, 1), CS_SPOT);
        ck_assert_int_eq(canvas_get(&c, 1, 1), '\0');
        ck_assert_uint_eq(canvas_cp(&c, 0, 0), ' ');
        canvas_free(&c);
    }
    Canvas c;
    canvas_init(&c, 2, 1);
    c.unicode = true;
    for (int dy = 0; dy < 4; dy++)
        for (int dx = 0; dx < 2; dx++)
            canvas_dot(&c, dx, dy, CS_ONPREM);
    ck_assert_uint_eq(canvas_cp(&c, 0, 0), 0x28FF);
    /* A label keeps its cell; dots outside the grid are dropped. */
    canvas_put(&c, 1, 0, 'o', CS_ONPREM);
    ck_assert(!canvas_dot(&c, 2, 0, CS_SPOT));
    ck_assert(!canvas_dot(&c, 4, 0, CS_SPOT));
    ck_assert(!canvas_dot(&c, -1, 0, CS_SPOT));
    ck_assert_int_eq(canvas_get(&c, 1, 0), 'o');
    StrBuf b = STRBUF_INIT;
    canvas_to_text(&c, &b);
    ck_assert_str_eq(sb_str(&b), "\xe2\xa3\xbfo"); /* U+28FF, o */
    sb_free(&b);
    canvas_free(&c);
    /* An ASCII canvas (the reports) takes no dots and no braille. */
    canvas_init(&c, 2, 1);
    ck_assert(!canvas_dot(&c, 0, 0, CS_SPOT));
    canvas_put_cp(&c, 0, 0, 0x2801, CS_SPOT);
    ck_assert_int_eq(canvas_get(&c, 0, 0), '?');
    canvas_free(&c);
}
END_TEST

/* Memory stays bounded by the canvas (the planner's visible window): five
 * bytes a cell, however many dots are set. */
START_TEST(braille_memory_bound)
{
    Canvas c;
    canvas_init(&c, 80, 24);
    c.unicode = true;
    size_t before = canvas_bytes(&c);
    ck_assert_uint_eq(before, (size_t)80 * 24 * 5);
    for (int dy = 0; dy < 24 * 4; dy++)
        for (int dx = 0; dx < 80 * 2; dx++)
            ck_assert(canvas_dot(&c, dx, dy, CS_ONPREM));
    ck_assert_uint_eq(canvas_bytes(&c), before);
    ck_assert_uint_eq(canvas_cp(&c, 79, 23), 0x28FF);
    canvas_free(&c);
}
END_TEST

/* The cost chart on a unicode canvas: curves in braille, each option's
 * letter once at its curve, every cell printable in one column, the
 * crossovers' directions as arrows; the ASCII chart of the same scenario
 * has no braille. */
START_TEST(braille_chart_letters_and_arrows)
{
    static const int sizes[][2] = {{80, 9}, {80, 10}, {132, 23}, {100, 14}, {60, 12}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        Scenario s;
        scenario_default(&s);
        CostResult r;
        cost_evaluate(&s, &r);
        Canvas c;
        canvas_init(&c, sizes[k][0], sizes[k][1]);
        c.unicode = true;
        chart_render(&c, CHART_COST_CURVES, &s, &r, NULL);
        Axes a = find_axes(&c);
        int letters[OPT_COUNT] = {0}, braille = 0;
        for (int y = 0; y < a.axis_row; y++)
            for (int x = a.x0 + 1; x <= a.x100; x++) {
                for (int o = 0; o < OPT_COUNT; o++)
                    if (canvas_get(&c, x, y) == cost_option_letter((CostOption)o) &&
                        canvas_style(&c, x, y) == (CanvasStyle)(CS_ONPREM + o))
                        letters[o]++;
                braille += canvas_dots(&c, x, y) != 0;
            }
        for (int o = 0; o < OPT_COUNT; o++)
            ck_assert_msg(letters[o] == 1, "letter %c %d times at %dx%d",
                          cost_option_letter((CostOption)o), letters[o], sizes[k][0],
                          sizes[k][1]);
        ck_assert_int_gt(braille, sizes[k][0]);
        ck_assert(any_row_contains(&c, a.axis_row + 1, "o on-prem"));
        StrBuf b = STRBUF_INIT;
        canvas_to_text(&c, &b);
        ck_assert_ptr_nonnull(strstr(sb_str(&b), "X on-demand 35.9%\u2191"));
        ck_assert_ptr_nonnull(strstr(sb_str(&b), "X spot 76.0%\u2191"));
        sb_free(&b);
        /* The X of each crossover is on the plot. */
        ck_assert(cross_near(&c, &a, 35.88));
        ck_assert(cross_near(&c, &a, 76.00));
        canvas_free(&c);
    }
}
END_TEST

/* Two cloud prices a dot apart stay apart in braille; two equal ones are
 * one curve, and the legend says which lies under which. */
START_TEST(braille_hidden_curve_in_the_legend)
{
    Scenario s;
    scenario_default(&s);
    s.cloud.spot_gpu_hour = s.cloud.on_demand_gpu_hour * s.cloud.spot_goodput_pct / 100;
    CostResult r;
    cost_evaluate(&s, &r);
    Canvas c;
    canvas_init(&c, 80, 10);
    c.unicode = true;
    chart_render(&c, CHART_COST_CURVES, &s, &r, NULL);
    Axes a = find_axes(&c);
    ck_assert(any_row_contains(&c, a.axis_row + 1, "d under s") ||
              any_row_contains(&c, a.axis_row + 1, "s under d"));
    canvas_free(&c);
    scenario_default(&s);
    cost_evaluate(&s, &r);
    canvas_init(&c, 80, 10);
    c.unicode = true;
    chart_render(&c, CHART_COST_CURVES, &s, &r, NULL);
    a = find_axes(&c);
    ck_assert(!any_row_contains(&c, a.axis_row + 1, " under "));
    canvas_free(&c);
}
END_TEST

/* Whether letter shows in the plot (above the x axis) right of column x. */
static bool letter_right_of(const Canvas *c, const Axes *a, int x, char letter)
{
    for (int y = 0; y < a->axis_row; y++)
        for (int i = x + 1; i <= a->x100; i++)
            if (canvas_get(c, i, y) == letter)
                return true;
    return false;
}

/* DESIGN 8: a curve another covers over part of its length stays
 * identifiable. On the default scenario spot runs on under on-prem above
 * its 76% crossover: where the legend has room it names the stretch in
 * percent, and the plot shows spot's letter right of the crossover (where
 * it comes out at 100%) even where the legend has no room left. */
START_TEST(partly_covered_curve_named)
{
    Scenario s;
    scenario_default(&s);
    int sizes[][2] = {{40, 12}, {80, 9}, {80, 10}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        Canvas c;
        draw(&c, sizes[k][0], sizes[k][1], CHART_COST_CURVES, &s);
        Axes a = find_axes(&c);
        int x76 = a.x0 + (int)lround(0.76 * (a.x100 - a.x0));
        ck_assert_msg(letter_right_of(&c, &a, x76 + 1, 's'),
                      "spot lost above 76%% at %dx%d", sizes[k][0], sizes[k][1]);
        if (k == 0)
            ck_assert(any_row_contains(&c, a.axis_row + 1, "s under o 69-100%"));
        canvas_free(&c);
    }
}
END_TEST

/* A curve no other curve covers is not named in the legend: the default
 * scenario on a tall canvas shows every curve wherever it runs. */
START_TEST(uncovered_curve_not_named)
{
    Scenario s;
    scenario_default(&s);
    int sizes[][2] = {{72, 20}, {132, 40}};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        Canvas c;
        draw(&c, sizes[k][0], sizes[k][1], CHART_COST_CURVES, &s);
        Axes a = find_axes(&c);
        ck_assert_msg(!any_row_contains(&c, a.axis_row + 1, " under "),
                      "a cover named at %dx%d", sizes[k][0], sizes[k][1]);
        canvas_free(&c);
    }
}
END_TEST

/* DESIGN 8: at least 6 plot rows in the planner's chart at 80x24 (9 rows)
 * and 80x22 (10 rows): where a header row would cost the sixth, the 60/75/80
 * and measured labels go on the axis's label row. */
START_TEST(six_plot_rows_in_nine)
{
    static const int heights[] = {9, 10};
    for (int unicode = 0; unicode < 2; unicode++)
        for (size_t k = 0; k < sizeof heights / sizeof heights[0]; k++) {
            Scenario s;
            scenario_default(&s);
            CostResult r;
            cost_evaluate(&s, &r);
            Canvas c;
            canvas_init(&c, 80, heights[k]);
            c.unicode = unicode;
            chart_render(&c, CHART_COST_CURVES, &s, &r, NULL);
            Axes a = find_axes(&c);
            int top = -1;
            for (int y = 0; y < a.axis_row && top < 0; y++)
                if (canvas_get(&c, a.x0, y) == '+' || canvas_get(&c, a.x0, y) == '|')
                    top = y;
            ck_assert_msg(a.axis_row - top >= 6, "%d plot rows at 80x%d",
                          a.axis_row - top, heights[k]);
            int lr = label_row(&c, &a);
            ck_assert(row_contains(&c, lr, "60"));
            ck_assert(row_contains(&c, lr, "75"));
            ck_assert(row_contains(&c, lr, "80"));
            ck_assert(row_contains(&c, lr, "u=50%"));
            canvas_free(&c);
        }
}
END_TEST

/* DESIGN 8: the bars carry their figures (a segment wide enough shows its
 * letter and its scaled amount), and where there is room a table has
 * every line's figure and the totals. */
START_TEST(breakdown_figures_and_table)
{
    Scenario s;
    scenario_default(&s);
    CostResult r;
    cost_evaluate(&s, &r);
    Canvas c;
    draw(&c, 80, 9, CHART_BREAKDOWN, &s);
    char fig[16], want[32];
    num_format_scaled(r.option[OPT_ONPREM].line[LINE_CAPITAL], 6, fig, sizeof fig);
    snprintf(want, sizeof want, "C %s ", fig);
    ck_assert_msg(any_row_contains(&c, 0, want), "no '%s' in the on-prem bar", want);
    num_format_scaled(r.option[OPT_SPOT].line[LINE_COMPUTE], 6, fig, sizeof fig);
    snprintf(want, sizeof want, "G %s ", fig);
    ck_assert_msg(any_row_contains(&c, 0, want), "no '%s' in the spot bar", want);
    ck_assert(!any_row_contains(&c, 0, "per month"));
    canvas_free(&c);
    draw(&c, 80, 22, CHART_BREAKDOWN, &s);
    ck_assert(any_row_contains(&c, 0, "per month"));
    char money[48];
    num_format_money(r.option[OPT_ONPREM].line[LINE_ENERGY], 0, money, sizeof money);
    bool energy = false, totals = false;
    for (int y = 0; y < c.height; y++) {
        energy |= row_contains(&c, y, "E energy") && row_contains(&c, y, money);
        if (row_contains(&c, y, "total")) {
            totals = true;
            for (int o = 0; o < OPT_COUNT; o++) {
                num_format_money(r.option[o].monthly, 0, money, sizeof money);
                totals &= row_contains(&c, y, money);
            }
        }
    }
    ck_assert(energy);
    ck_assert(totals);
    canvas_free(&c);
}
END_TEST

/* A size the optimizer left out (DESIGN 6.6) is drawn `^` at its lower
 * bound, which the y axis spans, and a row under the legend says what `^`
 * is and how many sizes ran; on a canvas of 8 rows the title says it. */
START_TEST(hybrid_bounds_marked)
{
    static HybridNodesTotal sizes[4] = {
        {0, 150000, NAN}, {1, NAN, 190000}, {2, 105000, NAN}, {3, 128000, NAN}};
    HybridResult h;
    memset(&h, 0, sizeof h);
    h.by_nodes = sizes;
    h.by_nodes_count = 4;
    h.onprem_nodes = 3;
    h.optimum.onprem_nodes = 2;
    h.optimum.total_monthly = 105000;
    for (int rows = 8; rows <= 12; rows += 4) {
        Canvas c;
        canvas_init(&c, 60, rows);
        chart_hybrid_render(&c, &h, "USD");
        StrBuf b = STRBUF_INIT;
        canvas_to_text(&c, &b);
        const char *t = sb_str(&b);
        const char *title = rows == 8 ? "against on-prem nodes (^ lower bound)\n"
                                      : "against on-prem nodes\n";
        ck_assert_msg(strstr(t, title), "%d rows:\n%s", rows, t);
        ck_assert_msg(strchr(t, '^'), "%d rows:\n%s", rows, t);
        const char *row = "^ lower bound (3 of 4 sizes simulated in full)";
        ck_assert_msg((strstr(t, row) != NULL) == (rows > 8), "%d rows:\n%s",
                      rows, t);
        /* the bound, 190,000, is the highest point: the first `^` comes
         * before any other mark */
        const char *hat = strchr(strchr(t, '\n') + 1, '^');
        ck_assert_msg(hat && hat < strchr(t, '*') && hat < strchr(t, 'O'),
                      "%d rows:\n%s", rows, t);
        sb_free(&b);
        canvas_free(&c);
    }
}
END_TEST

static Suite *chart_suite(void)
{
    Suite *s = suite_create("chart");
    TCase *t = tcase_create("chart");
    tcase_add_test(t, canvas_basics);
    tcase_add_test(t, axes_independent_of_measured);
    tcase_add_test(t, golden_curves_72x20);
    tcase_add_test(t, golden_curves_40x12);
    tcase_add_test(t, golden_breakdown_72x12);
    tcase_add_test(t, structure_72x20);
    tcase_add_test(t, two_crossovers_with_directions);
    tcase_add_test(t, structure_many_sizes);
    tcase_add_test(t, caret_where_onprem_is_clipped);
    tcase_add_test(t, sizes_do_not_crash);
    tcase_add_test(t, too_small_gets_a_note);
    tcase_add_test(t, utilization_zero);
    tcase_add_test(t, compliance_not_allowed);
    tcase_add_test(t, measured_on_a_threshold);
    tcase_add_test(t, corner_scenarios);
    tcase_add_test(t, breakdown_bars);
    tcase_add_test(t, hidden_curve_keeps_its_letter);
    tcase_add_test(t, y_labels_on_their_rows);
    tcase_add_test(t, measured_label_beside_its_line);
    tcase_add_test(t, braille_dots_give_their_code_points);
    tcase_add_test(t, braille_memory_bound);
    tcase_add_test(t, braille_chart_letters_and_arrows);
    tcase_add_test(t, braille_hidden_curve_in_the_legend);
    tcase_add_test(t, six_plot_rows_in_nine);
    tcase_add_test(t, partly_covered_curve_named);
    tcase_add_test(t, uncovered_curve_not_named);
    tcase_add_test(t, breakdown_figures_and_table);
    tcase_add_test(t, hybrid_bounds_marked);
    tcase_set_timeout(t, 60);
    suite_add_tcase(s, t);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(chart_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
