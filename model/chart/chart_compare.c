/* chart_compare.c: two to four scenarios in one cost chart (DESIGN 11.3);
 * see chart_compare.h.
 *
 * Top to bottom: a header row (the unit at the left, 60 75 80 over their
 * marker columns), the plot rows with the y labels, the x axis, its
 * labels, then the key, wrapped to the width. The y range covers every
 * scenario's (axis_cost of each, joined and rounded again), so no
 * scenario's cloud curves or crossovers leave the plot. Precedence where
 * curves meet, lowest first: the vertical connectors of steep curves <
 * exact points (cloud curves, then the on-prem curves from the last
 * scenario to A, so A is on top) < '^' where an on-prem curve leaves the
 * top < X at a crossover. Marker lines (':' at 60/75/80%, '|' at each
 * measured utilization) fill blank cells only. A curve another covers
 * everywhere gets its letter written over the other at three columns,
 * and the key says "B under A". */
#include "config.h"

#include "chart_compare.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "chart_plot.h"
#include "numfmt.h"

#define CURVES_MAX (COMPARE_MAX * OPT_COUNT)
#define KEY_MAX 24
#define KEY_BYTES 96


char chart_compare_letter(const CompareChart *cc, size_t i, CostOption o)
{
    static const char *const own[OPT_COUNT] = {"ABCD", "defg", "rtvx", "suwy"};
    if (o == OPT_ONPREM)
        return own[0][i % COMPARE_MAX];
    if (cc->cloud_shared[o])
        return cost_option_letter(o);
    return own[o][i % COMPARE_MAX];
}

/* One curve drawn: scenario, option, letter. */
typedef struct Curve {
    size_t scen;
    CostOption opt;
    char letter;
} Curve;

/* The curves in drawing order (later ones win a shared cell): cloud
 * curves (reserved, on-demand, spot; a shared one once), then on-prem
 * from the last scenario to the first. */
static size_t curves_of(const CompareChart *cc, Curve *out)
{
    static const CostOption cloud_order[3] = {OPT_RESERVED, OPT_ON_DEMAND, OPT_SPOT};
    size_t n = 0;
    for (int k = 0; k < 3; k++) {
        CostOption o = cloud_order[k];
        size_t scenarios = cc->cloud_shared[o] ? 1 : cc->count;
        for (size_t i = 0; i < scenarios; i++)
            out[n++] = (Curve){i, o, chart_compare_letter(cc, i, o)};
    }
    for (size_t i = cc->count; i-- > 0;)
        out[n++] = (Curve){i, OPT_ONPREM, chart_compare_letter(cc, i, OPT_ONPREM)};
    return n;
}


static double value_at(const CompareChart *cc, const Curve *cv, double pct)
{
    return cost_per_hour_at(cc->cost[cv->scen], cc->scenario[cv->scen], cv->opt, pct);
}

/* One curve: its exact points, or (points false) the vertical connectors
 * between neighbouring columns of a steep curve. Returns the last column
 * j at which the curve is above the plot, 0 if none. */
static int draw_curve(Canvas *c, const Plot *p, const CompareChart *cc, const Curve *cv,
                      bool points)
{
    int clipped = 0;
    CanvasStyle st = chart_option_style[cv->opt];
    for (int j = 1; j <= p->n; j++) {
        double v = value_at(cc, cv, 100.0 * j / p->n);
        if (!isfinite(v))
            continue;
        long row = chart_plot_row(p, v);
        if (row < p->top)
            clipped = j;
        if (points) {
            if (row >= p->top && row <= p->axis)
                canvas_put(c, p->x0 + j, (int)row, cv->letter, st);
            continue;
        }
        long a = row, b = row;
        for (int d = -1; d <= 1; d += 2) {
            if (j + d < 1 || j + d > p->n)
                continue;
            double w = value_at(cc, cv, 100.0 * (j + d) / p->n);
            if (!isfinite(w))
                continue;
            long e = row + (chart_plot_row(p, w) - row) / 2;
            a = e < a ? e : a;
            b = e > b ? e : b;
        }
        for (long y = a < p->top ? p->top : a; y <= b && y <= p->axis; y++)
            if (y != row)
                canvas_put(c, p->x0 + j, (int)y, cv->letter, st);
    }
    return clipped;
}

/* Where a curve lies under others (DESIGN 8: every curve stays
 * identifiable): hidden everywhere (whole: the letter covering most of
 * it), or over stretches of columns long enough to lose it. */
#define STRETCHES 3
typedef struct Cover {
    char whole;
    int count;
    struct {
        int from, to;
        char by;
    } s[STRETCHES];
} Cover;

/* The letter at curve cv's point in column j, 0 off the plot. */
static char cell_at(const Canvas *c, const Plot *p, const CompareChart *cc, const Curve *cv,
                    int j, long *row_out)
{
    double v = value_at(cc, cv, 100.0 * j / p->n);
    long row = isfinite(v) ? chart_plot_row(p, v) : -1;
    *row_out = row;
    if (row < p->top || row > p->axis)
        return 0;
    return canvas_get(c, p->x0 + j, (int)row);
}

/* Find curve cv's cover: runs of at least max(3, n/8) columns (3 at an
 * end of the plot) where another curve's letter stands on its points. */
static void find_cover(const Canvas *c, const Plot *p, const CompareChart *cc,
                       const Curve *cv, Cover *out)
{
    memset(out, 0, sizeof *out);
    int min_run = p->n / 8 > 3 ? p->n / 8 : 3, seen = 0, count[128] = {0};
    int run_from = 0;
    char run_by = 0;
    for (int j = 1; j <= p->n + 1; j++) {
        long row;
        char ch = j <= p->n ? cell_at(c, p, cc, cv, j, &row) : 0;
        char by = ch && ch != cv->letter && isalpha((unsigned char)ch) ? ch : 0;
        seen += ch == cv->letter;
        if (by)
            count[(unsigned char)by]++;
        if (run_from && by == run_by)
            continue;
        int to = j - 1;
        bool edge = run_from == 1 || to == p->n;
        if (run_from && to - run_from + 1 >= (edge ? 3 : min_run) && out->count < STRETCHES) {
            out->s[out->count].from = run_from;
            out->s[out->count].to = to;
            out->s[out->count++].by = run_by;
        }
        run_from = by ? j : 0;
        run_by = by;
    }
    if (seen > 0)
        return;
    out->count = 0;
    for (int k = 'A'; k <= 'z'; k++)
        if (count[k] > 0 && (!out->whole || count[k] > count[(unsigned char)out->whole]))
            out->whole = (char)k;
}

/* The covered curve's letter where it goes under and comes out of each
 * stretch; for a hidden one, over its cover at three columns, staggered
 * by curve so two hidden curves do not take the same ones. */
static void uncover(Canvas *c, const Plot *p, const CompareChart *cc, const Curve *cv,
                    size_t k, const Cover *cv_cover)
{
    long row;
    CanvasStyle st = chart_option_style[cv->opt];
    for (int i = 0; i < cv_cover->count; i++)
        for (int e = 0; e < 2; e++) {
            int j = e ? cv_cover->s[i].to : cv_cover->s[i].from;
            if (cell_at(c, p, cc, cv, j, &row))
                canvas_put(c, p->x0 + j, (int)row, cv->letter, st);
        }
    for (int m = 0; cv_cover->whole && m < 3; m++) {
        int j0 = p->n * (int)(1 + 2 * (k % 4)) / 9 + m * p->n / 3;
        for (int j = j0 < 1 ? 1 : j0; j <= p->n; j++)
            if (cell_at(c, p, cc, cv, j, &row) == cv_cover->whole) {
                canvas_put(c, p->x0 + j, (int)row, cv->letter, st);
                break;
            }
    }
}

/* The key's words for a cover: "B under A", "d under u 35-100%". */
static bool cover_text(const Cover *cv_cover, char letter, int n, char *buf, size_t size)
{
    if (cv_cover->whole) {
        num_snprintf(buf, size, "%c under %c", letter, cv_cover->whole);
        return true;
    }
    if (cv_cover->count == 0)
        return false;
    size_t len = (size_t)num_snprintf(buf, size, "%c under", letter);
    for (int i = 0; i < cv_cover->count && len < size; i++)
        len += (size_t)num_snprintf(buf + len, size - len, "%s%c %.0f-%.0f%%",
                                    i ? ", " : " ", cv_cover->s[i].by,
                                    100.0 * cv_cover->s[i].from / n,
                                    100.0 * cv_cover->s[i].to / n);
    return true;
}

/* A marker line in the blank cells of column x of the plot. */
static void vline(Canvas *c, const Plot *p, int x, char ch, CanvasStyle st)
{
    if (x > p->x0 && x <= p->x0 + p->n)
        canvas_blank_column(c, x, p->top, p->axis, ch, st);
}

/* --- the key ------------------------------------------------------------- */

typedef struct Key {
    char text[KEY_MAX][KEY_BYTES];
    CanvasStyle st[KEY_MAX];
    int n;
} Key;

static void key_add(Key *k, CanvasStyle st, const char *text)
{
    if (k->n >= KEY_MAX)
        return;
    num_snprintf(k->text[k->n], KEY_BYTES, "%s", text);
    k->st[k->n++] = st;
}

/* Lines the key takes at width w (two blanks between items), drawn from
 * row y when draw. */
static int key_lines(const Key *k, Canvas *c, int y, int w, bool draw)
{
    int lines = k->n ? 1 : 0, x = 0;
    for (int i = 0; i < k->n; i++) {
        int len = canvas_text_cells(k->text[i]);
        if (x > 0 && x + 2 + len > w) {
            lines++;
            x = 0;
        } else if (x > 0) {
            x += 2;
        }
        if (draw) {
            canvas_text(c, x, y + lines - 1, k->text[i], CS_LABEL);
            canvas_put(c, x, y + lines - 1, k->text[i][0], k->st[i]);
        }
        x += len;
    }
    return lines;
}

/* The curves' letters: "A B on-prem", then each cloud option's letters. */
static void key_curves(Key *k, const CompareChart *cc)
{
    char buf[KEY_BYTES];
    size_t len = 0;
    for (size_t i = 0; i < cc->count; i++)
        len += (size_t)num_snprintf(buf + len, sizeof buf - len, "%c ",
                                    chart_compare_letter(cc, i, OPT_ONPREM));
    num_snprintf(buf + len, sizeof buf - len, "on-prem");
    key_add(k, CS_ONPREM, buf);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        len = 0;
        size_t scenarios = cc->cloud_shared[o] ? 1 : cc->count;
        for (size_t i = 0; i < scenarios; i++)
            len += (size_t)num_snprintf(buf + len, sizeof buf - len, "%c ",
                                        chart_compare_letter(cc, i, (CostOption)o));
        num_snprintf(buf + len, sizeof buf - len, "%s", cost_option_word((CostOption)o));
        if (!cc->cloud_shared[o]) {
            size_t at = strlen(buf);
            at += (size_t)num_snprintf(buf + at, sizeof buf - at, " of");
            for (size_t i = 0; i < cc->count; i++)
                at += (size_t)num_snprintf(buf + at, sizeof buf - at, " %c",
                                           compare_label(i));
        }
        key_add(k, chart_option_style[o], buf);
    }
}

/* The markers: thresholds, the measured utilization(s), X, ^. */
static void key_marks(Key *k, const CompareChart *cc, bool clipped)
{
    char buf[KEY_BYTES];
    bool same_u = true;
    for (size_t i = 1; i < cc->count; i++)
        same_u &= cc->scenario[i]->utilization.measured_pct ==
                  cc->scenario[0]->utilization.measured_pct;
    size_t len = (size_t)num_snprintf(buf, sizeof buf, "| measured");
    for (size_t i = 0; i < (same_u ? 1 : cc->count); i++) {
        char pct[16];
        cost_pct_text(cc->scenario[i]->utilization.measured_pct, pct, sizeof pct);
        if (same_u)
            len += (size_t)num_snprintf(buf + len, sizeof buf - len, " %s%%", pct);
        else
            len += (size_t)num_snprintf(buf + len, sizeof buf - len, " %c %s%%",
                                        compare_label(i), pct);
    }
    key_add(k, CS_MEASURED, buf);
    key_add(k, CS_MARKER, ": 60/75/80%");
    key_add(k, CS_CROSS, "X crossover");
    if (clipped)
        key_add(k, CS_ONPREM, "^ on-prem above the chart");
}

/* --- the chart ----------------------------------------------------------------- */

/* The y axis every scenario's curves fit on. */
static void compare_axis(const CompareChart *cc, int max_steps, Axis *a)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < cc->count; i++) {
        Axis one;
        axis_cost(cc->scenario[i], cc->cost[i], max_steps, &one);
        lo = fmin(lo, one.lo);
        hi = fmax(hi, axis_top(&one));
    }
    axis_round(lo, hi, max_steps, a);
}

static void axes(Canvas *c, const Plot *p, const Axis *ax, int label_w)
{
    for (int y = p->top; y < p->axis; y++)
        canvas_put(c, p->x0, y, '|', CS_AXIS);
    for (int x = p->x0; x <= p->x0 + p->n; x++)
        canvas_put(c, x, p->axis, '-', CS_AXIS);
    int stride = axis_label_stride(ax, p->rows);
    for (int k = 0; k <= ax->steps; k++) {
        int y = p->axis - (int)lround((double)k * p->rows / ax->steps);
        canvas_put(c, p->x0, y, '+', CS_AXIS);
        if (k % stride)
            continue;
        char buf[48];
        num_format_money(axis_tick(ax, k), ax->decimals, buf, sizeof buf);
        canvas_text(c, label_w - canvas_text_cells(buf), y, buf, CS_LABEL);
    }
    int step = p->n >= 50 ? 20 : 50;
    for (int pct = 0; pct <= 100; pct += step) {
        int x = chart_plot_col(p, pct);
        char buf[8];
        num_snprintf(buf, sizeof buf, "%d%%", pct);
        int len = canvas_text_cells(buf), at = x - (len - 1) / 2;
        canvas_put(c, x, p->axis, '+', CS_AXIS);
        canvas_text(c, at + len > c->width ? c->width - len : at, p->axis + 1, buf, CS_LABEL);
    }
}

/* The curves, the crossovers and the markers; the covered curves' letters
 * and their key entries into *covers (all found before any letter is
 * written, so one curve's mark does not count as covering another).
 * Returns whether an on-prem curve leaves the top. */
static bool plot_curves(Canvas *c, const Plot *p, const CompareChart *cc, Key *covers)
{
    Curve cv[CURVES_MAX];
    size_t n = curves_of(cc, cv);
    int clipped[CURVES_MAX] = {0};
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < n; i++)
            clipped[i] = draw_curve(c, p, cc, &cv[i], pass == 1);
    bool any_clip = false;
    for (size_t i = 0; i < n; i++)
        if (cv[i].opt == OPT_ONPREM && clipped[i] > 0) {
            canvas_put(c, p->x0 + clipped[i], p->top, '^', CS_ONPREM);
            any_clip = true;
        }
    Cover cover[CURVES_MAX];
    for (size_t i = 0; i < n; i++)
        find_cover(c, p, cc, &cv[i], &cover[i]);
    for (size_t i = 0; i < n; i++) {
        char buf[KEY_BYTES];
        uncover(c, p, cc, &cv[i], i, &cover[i]);
        if (cover_text(&cover[i], cv[i].letter, p->n, buf, sizeof buf))
            key_add(covers, chart_option_style[cv[i].opt], buf);
    }
    for (size_t i = 0; i < cc->count; i++)
        for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
            const Crossover *x = &cc->cost[i]->crossover[o];
            for (size_t m = 0; m < x->count; m++) {
                double v = cost_per_hour_at(cc->cost[i], cc->scenario[i], OPT_ONPREM,
                                            x->point[m].pct);
                long row = isfinite(v) ? chart_plot_row(p, v) : -1;
                if (row >= p->top && row <= p->axis)
                    canvas_put(c, chart_plot_col(p, x->point[m].pct), (int)row, 'X', CS_CROSS);
            }
        }
    for (size_t i = 0; i < cc->count; i++)
        vline(c, p, chart_plot_col(p, cc->scenario[i]->utilization.measured_pct), '|', CS_MEASURED);
    for (int i = 0; i < 3; i++)
        vline(c, p, chart_plot_col(p, chart_thresholds[i]), ':', CS_MARKER);
    return any_clip;
}

/* The key: the curves' letters, the covers, the markers; `brief` 1
 * leaves out the covers (their letters on the plot still mark them), 2
 * the markers too, for a canvas too short for the whole key. */
static void key_all(Key *k, const CompareChart *cc, const Key *covers, bool clipped,
                    int brief)
{
    k->n = 0;
    key_curves(k, cc);
    for (int i = 0; brief < 1 && i < covers->n; i++)
        key_add(k, covers->st[i], covers->text[i]);
    if (brief < 2)
        key_marks(k, cc, clipped);
}

/* One rendering with the key's lines as `assumed` foresees them (the
 * covers and the clip a rendering finds); what it found into *found and
 * *clipped. False when the canvas is too small. */
static bool render_once(Canvas *c, const CompareChart *cc, int brief, const Key *assumed,
                        bool assumed_clip, Key *found, bool *clipped)
{
    canvas_clear(c);
    int W = c->width, H = c->height;
    Key key;
    key_all(&key, cc, assumed, assumed_clip, brief);
    int lines = key_lines(&key, c, 0, W, false);
    Plot p = {.top = 1};
    p.rows = H - 3 - lines;
    if (W < 30 || p.rows < 4 || cc->count < COMPARE_MIN)
        return false;
    p.axis = p.top + p.rows;
    Axis ax;
    compare_axis(cc, p.rows / 2 < 6 ? p.rows / 2 : 6, &ax);
    p.lo = ax.lo;
    p.hi = axis_top(&ax);
    int label_w = 0;
    for (int k = 0; k <= ax.steps; k++) {
        char buf[48];
        num_format_money(axis_tick(&ax, k), ax.decimals, buf, sizeof buf);
        label_w = canvas_text_cells(buf) > label_w ? canvas_text_cells(buf) : label_w;
    }
    p.x0 = label_w + 1;
    p.n = W - 2 - p.x0;
    if (p.n < 10)
        return false;
    found->n = 0;
    *clipped = plot_curves(c, &p, cc, found);
    axes(c, &p, &ax, label_w);
    /* The unit at the left of the header row; 60 75 80 over their lines,
     * each clear of what is left of it. */
    bool one_currency = true;
    for (size_t i = 1; i < cc->count; i++)
        one_currency &= strcmp(cc->scenario[i]->currency, cc->scenario[0]->currency) == 0;
    char unit[64];
    num_snprintf(unit, sizeof unit, "%s per useful GPU-hour",
                 one_currency ? cc->scenario[0]->currency : "cost");
    canvas_text(c, 0, 0, unit, CS_LABEL);
    int used = canvas_text_cells(unit);
    for (int i = 0; i < 3; i++) {
        char buf[8];
        num_snprintf(buf, sizeof buf, "%.0f", chart_thresholds[i]);
        int x = chart_plot_col(&p, chart_thresholds[i]);
        if (x > used) {
            canvas_text(c, x, 0, buf, CS_MARKER);
            used = x + canvas_text_cells(buf);
        }
    }
    key_all(&key, cc, found, *clipped, brief);
    key_lines(&key, c, p.axis + 2, W, true);
    return true;
}

void chart_compare_render(Canvas *c, const CompareChart *cc)
{
    if (c->width <= 0 || c->height <= 0)
        return;
    /* Drawn again while the key a rendering needs has another number of
     * lines than the one it was laid out for (its lines take plot rows). */
    /* A canvas too short for the whole key and 4 plot rows (the planner's
     * chart at 80x24) takes a briefer key. */
    for (int brief = 0; brief < 3; brief++) {
        Key assumed = {.n = 0}, found = {.n = 0};
        bool assumed_clip = false, clipped = false, drawn = false;
        for (int pass = 0; pass < 3; pass++) {
            if (!render_once(c, cc, brief, &assumed, assumed_clip, &found, &clipped)) {
                drawn = false; /* the key it found leaves too few rows */
                break;
            }
            drawn = true;
            Key a, b;
            key_all(&a, cc, &assumed, assumed_clip, brief);
            key_all(&b, cc, &found, clipped, brief);
            if (key_lines(&a, c, 0, c->width, false) == key_lines(&b, c, 0, c->width, false))
                return;
            assumed = found;
            assumed_clip = clipped;
        }
        if (drawn)
            return;
    }
    chart_note(c);
}
