/* chart.c: the cost charts drawn into a curses-free Canvas (DESIGN 8).
 *
 * CHART_COST_CURVES plots cost per useful GPU-hour (DESIGN 2.5) against
 * utilization; CHART_BREAKDOWN shows the monthly breakdown of every option
 * as a horizontal bar carrying its figures, with a table of them where the
 * canvas has the rows (DESIGN 2.1, 2.2, 8). Both fill the whole canvas,
 * legend included, and are shared by the text/Markdown reports and the
 * planner. On a unicode canvas (the planner in a UTF-8 terminal) the curves
 * are braille dots (braille.h) with each option's letter once at its curve,
 * the crossovers' directions arrows; on an ASCII canvas (the reports, the C
 * locale, vt100) letters.
 *
 * Cost curves, top to bottom:
 *   header row   threshold labels 60 75 80 over their marker columns, the
 *                measured label u=NN% beside its column (right of it, or
 *                left where the right collides), the unit at the left;
 *   plot rows    y axis with money ticks at the left; one letter per option;
 *   axis row     '+' at the origin and at the x ticks;
 *   label row    0% 20% ... 100% (fewer when narrow);
 *   legend       letter key, then every crossover with its direction
 *                (X on-demand 35.9%^: on-prem cheaper above it; v below).
 * Compact (where the header row would cost the sixth plot row, as in the
 * planner's 9-row chart at 80x24): no header row; 60 75 80 and u=NN% on
 * the label row, its tick labels where they still fit; the currency and
 * "/GPU-h" in the y labels' column on rows without a tick label.
 * Precedence where several things want the same cell, lowest first:
 *   connector cells of a steep curve (the vertical fill between two columns)
 *   < exact curve points < the '^' clip mark < X. Marker lines (':' at
 *   60/75/80, '|' at the measured utilization) only fill blank cells, so a
 *   curve is never cut by a marker. Among curves the order is reserved <
 *   on-demand < spot < on-prem: on-prem is the reference every cloud curve
 *   is read against, so it is never hidden, and the cheaper-per-hour cloud
 *   options come next. A curve that another lies on at every one of its
 *   cells (two flat cloud prices in one row) gets its letter written over
 *   the other at three columns, and the legend says "d under s" (in
 *   braille: when every dot of one curve is also another's). The measured
 *   line wins its column over a threshold line; the threshold labels are placed before the measured label, which
 *   moves aside (or into the legend) rather than hide 60, 75 or 80.
 * y range: axis_cost (axis.h). x: column x0 + j is j/n*100% exactly, and
 * every column is sampled with cost_per_hour_at, so any width is exact. */
#include "config.h"

#include "chart.h"

#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "braille.h"
#include "chart_horizon.h"
#include "numfmt.h"

#define CHART_NOTE "chart needs more room"
#define LEGEND_MAX 16
#define ITEM_BYTES 64

/* Lower-case option names for the legends. */
static const char *const chart_option_name[OPT_COUNT] = {
    "on-prem", "on-demand", "reserved", "spot"};

static const CanvasStyle chart_option_style[OPT_COUNT] = {
    CS_ONPREM, CS_ON_DEMAND, CS_RESERVED, CS_SPOT};

/* Curves are drawn in this order; later ones win a shared cell. */
static const CostOption chart_draw_order[OPT_COUNT] = {
    OPT_RESERVED, OPT_ON_DEMAND, OPT_SPOT, OPT_ONPREM};

static const double chart_thresholds[3] = {60, 75, 80};

/* The short note for a canvas too small for the chart. */
static void chart_note(Canvas *c)
{
    canvas_clear(c);
    canvas_text(c, 0, 0, CHART_NOTE, CS_LABEL);
}

/* --- legend: items in groups, wrapped to the canvas width ---------------- */

typedef struct LegendItem {
    char text[ITEM_BYTES];
    CanvasStyle first; /* style of the first character (the symbol) */
    int group;
} LegendItem;

typedef struct Legend {
    LegendItem item[LEGEND_MAX];
    int n;
    /* Wrapped layout: line l holds items [start[l], start[l + 1]). */
    int start[LEGEND_MAX + 1];
    int sep[LEGEND_MAX];
    int lines;
} Legend;

static void legend_add(Legend *lg, int group, CanvasStyle first,
                       const char *text)
{
    if (lg->n >= LEGEND_MAX)
        return;
    LegendItem *it = &lg->item[lg->n++];
    num_snprintf(it->text, sizeof it->text, "%s", text);
    it->first = first;
    it->group = group;
}

static int legend_width(const Legend *lg, int from, int to, int sep)
{
    int w = 0;
    for (int i = from; i < to; i++)
        w += canvas_text_cells(lg->item[i].text) + (i > from ? sep : 0);
    return w;
}

/* Greedy wrap of items [from, to) at `width`: the number of lines, and
 * their first items in starts[] when starts is not NULL. An item wider than
 * the line gets a line of its own (and is clipped when drawn). */
static int legend_greedy(const Legend *lg, int from, int to, int sep,
                         int width, int *starts)
{
    int lines = 0, i = from;
    while (i < to) {
        int j = i + 1;
        while (j < to && legend_width(lg, i, j + 1, sep) <= width)
            j++;
        if (starts)
            starts[lines] = i;
        lines++;
        i = j;
    }
    return lines;
}

/* Lay the items out in at most as few lines as possible: everything on one
 * line when it fits (two blanks between items), otherwise each group on its
 * own lines (two blanks, or one when that keeps the group on one line). */
static void legend_wrap(Legend *lg, int width)
{
    lg->lines = 0;
    if (lg->n == 0)
        return;
    if (legend_width(lg, 0, lg->n, 2) <= width) {
        lg->start[0] = 0;
        lg->sep[0] = 2;
        lg->start[1] = lg->n;
        lg->lines = 1;
        return;
    }
    int i = 0;
    while (i < lg->n) {
        int g = lg->item[i].group, end = i;
        while (end < lg->n && lg->item[end].group == g)
            end++;
        /* One blank between items only when that saves a line break. */
        int sep = legend_width(lg, i, end, 2) > width &&
                          legend_width(lg, i, end, 1) <= width
                      ? 1
                      : 2;
        /* Balance the lines: the narrowest width that needs no more
         * lines than the full width does, so no item is left alone. */
        int need = legend_greedy(lg, i, end, sep, width, NULL);
        int w = width;
        while (w > 1 && legend_greedy(lg, i, end, sep, w - 1, NULL) == need)
            w--;
        int got = legend_greedy(lg, i, end, sep, w, lg->start + lg->lines);
        for (int l = 0; l < got; l++)
            lg->sep[lg->lines + l] = sep;
        lg->lines += got;
        i = end;
    }
    lg->start[lg->lines] = lg->n;
}

/* Draw the first `lines` wrapped lines from row y. */
static void legend_draw(const Legend *lg, Canvas *c, int y, int lines)
{
    for (int l = 0; l < lines && l < lg->lines; l++, y++) {
        int x = 0;
        for (int i = lg->start[l]; i < lg->start[l + 1]; i++) {
            if (i > lg->start[l])
                x += lg->sep[l];
            const LegendItem *it = &lg->item[i];
            canvas_text(c, x, y, it->text, CS_LABEL);
            canvas_put(c, x, y, it->text[0], it->first);
            x += canvas_text_cells(it->text);
        }
    }
}

/* Draw one more item after the items of wrapped line l (drawn at row
 * y_last) when it fits in width. */
static bool legend_append_last(Legend *lg, Canvas *c, int l, int y_last,
                               int width, CanvasStyle first, const char *text)
{
    if (l < 0 || l >= lg->lines)
        return false;
    int used = legend_width(lg, lg->start[l], lg->start[l + 1], lg->sep[l]);
    int x = used + 2;
    if (x + canvas_text_cells(text) > width)
        return false;
    canvas_text(c, x, y_last, text, CS_LABEL);
    canvas_put(c, x, y_last, text[0], first);
    return true;
}

/* --- header labels with collision avoidance ------------------------------ */

/* Place `text` as near as possible to centre column `col` in row y, keeping
 * a blank between it and anything already placed (taken[]); shifts of up to
 * max_shift columns are tried, nearest first. Returns false when no place
 * is free. */
static bool chart_place(Canvas *c, bool *taken, int y, int col,
                        const char *text, CanvasStyle st, int max_shift)
{
    int len = (int)strlen(text), w = c->width;
    int base = col - (len - 1) / 2;
    for (int d = 0; d <= max_shift; d++) {
        for (int sign = -1; sign <= 1; sign += 2) {
            if (d == 0 && sign > 0)
                continue;
            int x = base + sign * d;
            if (x < 0 || x + len > w)
                continue;
            bool free_span = true;
            for (int k = x - 1; k <= x + len && free_span; k++)
                if (k >= 0 && k < w && taken[k])
                    free_span = false;
            if (!free_span)
                continue;
            for (int k = x; k < x + len; k++)
                taken[k] = true;
            canvas_text(c, x, y, text, st);
            return true;
        }
    }
    return false;
}

/* --- cost curves --------------------------------------------------------- */

/* The geometry shared by the drawing steps. */
typedef struct Plot {
    int top;      /* first plot row */
    int axis;     /* the x axis row; it stands for y = lo */
    int rows;     /* plot rows above the axis */
    int x0, n;    /* column of 0% (the y axis) and columns to 100% */
    double lo, hi;
} Plot;

static int plot_col(const Plot *p, double pct)
{
    return p->x0 + (int)lround(pct * p->n / 100.0);
}

/* Row of value v, unclipped (may be above top or below the axis). */
static long plot_row(const Plot *p, double v)
{
    double k = (v - p->lo) / (p->hi - p->lo) * p->rows;
    if (k > 1e6)
        k = 1e6;
    if (k < -1e6)
        k = -1e6;
    return p->axis - lround(k);
}

/* The axes and the y labels, and the x tick labels when xlabels. On a
 * braille chart the axis line leaves the cells a curve's dots reached. */
static bool chart_place(Canvas *c, bool *taken, int y, int col,
                        const char *text, CanvasStyle st, int max_shift);

static void chart_xlabels(Canvas *c, const Plot *p, bool *taken);

static void chart_axes(Canvas *c, const Plot *p, double step, int steps,
                       int decimals, int label_w, bool xlabels)
{
    for (int y = p->top; y < p->axis; y++)
        canvas_put(c, p->x0, y, '|', CS_AXIS);
    canvas_put(c, p->x0, p->axis, '+', CS_AXIS);
    for (int x = p->x0 + 1; x <= p->x0 + p->n; x++)
        if (canvas_dots(c, x, p->axis) == 0)
            canvas_put(c, x, p->axis, '-', CS_AXIS);
    for (int k = 0; k <= steps; k++) {
        char buf[48];
        num_format_money(p->lo + k * step, decimals, buf, sizeof buf);
        int y = p->axis - (int)lround((double)k * p->rows / steps);
        int len = (int)strlen(buf);
        canvas_text(c, label_w - len, y, buf, CS_LABEL);
        canvas_put(c, p->x0, y, '+', CS_AXIS);
    }
    if (xlabels)
        chart_xlabels(c, p, NULL);
}

/* The x ticks on the axis and their labels below it: every 20% when each
 * label has room, else 0/50/100; with `taken` (the compact chart) only
 * where they collide with no label placed before them, 60% and 80% left
 * to the threshold labels. */
static void chart_xlabels(Canvas *c, const Plot *p, bool *taken)
{
    static const double every20[] = {0, 20, 40, 60, 80, 100};
    static const double halves[] = {0, 50, 100};
    static const double ends[] = {0, 100};
    const double *ticks = every20;
    int nt = 6;
    if (p->n / 5 < 5) {
        ticks = p->n / 2 >= 5 ? halves : ends;
        nt = p->n / 2 >= 5 ? 3 : 2;
    }
    for (int i = 0; i < nt; i++) {
        int x = plot_col(p, ticks[i]);
        char buf[8];
        num_snprintf(buf, sizeof buf, "%.0f%%", ticks[i]);
        int len = (int)strlen(buf);
        int start = x - (len - 1) / 2;
        if (start + len > c->width)
            start = c->width - len;
        canvas_put(c, x, p->axis, '+', CS_AXIS);
        if (!taken)
            canvas_text(c, start, p->axis + 1, buf, CS_LABEL);
        else if (ticks[i] != 60 && ticks[i] != 80) /* those are labelled */
            chart_place(c, taken, p->axis + 1, x, buf, CS_LABEL, 2);
    }
}

/* --- braille curves (DESIGN 8: 2x4 dots a cell) ---------------------------- */

/* Dot row of value v (4 a cell row), unclipped: the cell row of v is the
 * one plot_row gives, and the dot the quarter of it v falls in. */
static long plot_dot_row(const Plot *p, double v)
{
    double k = (v - p->lo) / (p->hi - p->lo) * p->rows;
    if (k > 1e6)
        k = 1e6;
    if (k < -1e6)
        k = -1e6;
    return (long)floor((p->axis - k + 0.5) * 4);
}

/* One curve in braille dots (braille.h). Cell j (1..n) of the plot holds
 * the dot columns at (j - 1/4)/n and (j + 1/4)/n of 100%. Returns the last
 * cell index j where the curve is above the plot, 0 if none. */
static int chart_curve_dots(Canvas *c, const Plot *p, const Scenario *s,
                            const CostResult *r, CostOption o,
                            unsigned char *mask)
{
    int m = 2 * p->n;
    long *d = xmalloc((size_t)m * sizeof *d);
    for (int k = 0; k < m; k++) {
        double pct = 100.0 * (k / 2 + 1 - 0.25 + 0.5 * (k % 2)) / p->n;
        double v = cost_per_hour_at(r, s, o, pct > 100 ? 100 : pct);
        d[k] = isfinite(v) ? plot_dot_row(p, v) : BRAILLE_NO_DOT;
    }
    int last = braille_curve(c, 2 * (p->x0 + 1), d, m, 4L * p->top, 4L * p->axis + 3,
                             chart_option_style[o], mask);
    free(d);
    return last < 0 ? 0 : last / 2 + 1;
}

/* One curve: the exact points (points = true) or the vertical connectors
 * that join a steep curve between neighbouring columns. Returns the last
 * column index j (1..n) where the curve is above the plot, 0 if none. */
static int chart_curve(Canvas *c, const Plot *p, const Scenario *s,
                       const CostResult *r, CostOption o, bool points)
{
    char letter = cost_option_letter(o);
    CanvasStyle st = chart_option_style[o];
    int last_clipped = 0;
    long prev = 0;
    bool have_prev = false;
    for (int j = 1; j <= p->n; j++) {
        double v = cost_per_hour_at(r, s, o, 100.0 * j / p->n);
        if (!isfinite(v)) {
            have_prev = false;
            continue;
        }
        long row = plot_row(p, v);
        long next = 0;
        bool have_next = false;
        if (j < p->n) {
            double vn = cost_per_hour_at(r, s, o, 100.0 * (j + 1) / p->n);
            if (isfinite(vn)) {
                next = plot_row(p, vn);
                have_next = true;
            }
        }
        if (row < p->top)
            last_clipped = j;
        int x = p->x0 + j;
        if (points) {
            if (row >= p->top && row <= p->axis)
                canvas_put(c, x, (int)row, letter, st);
        } else {
            long a = row, b = row;
            if (have_prev) {
                long e = row + (prev - row) / 2;
                a = e < a ? e : a;
                b = e > b ? e : b;
            }
            if (have_next) {
                long e = row + (next - row) / 2;
                a = e < a ? e : a;
                b = e > b ? e : b;
            }
            if (a < p->top)
                a = p->top;
            if (b > p->axis)
                b = p->axis;
            for (long y = a; y <= b; y++)
                if (y != row)
                    canvas_put(c, x, (int)y, letter, st);
        }
        prev = row;
        have_prev = true;
    }
    return last_clipped;
}

/* A vertical marker line in the blank cells of column x. */
static void chart_vline(Canvas *c, const Plot *p, int x, char ch,
                        CanvasStyle st)
{
    if (x <= p->x0 || x > p->x0 + p->n)
        return;
    for (int y = p->top; y < p->axis; y++)
        if (canvas_get(c, x, y) == ' ')
            canvas_put(c, x, y, ch, st);
}

static void chart_pct_text(double pct, char *buf, size_t n)
{
    if (fabs(pct - round(pct)) < 1e-9)
        num_snprintf(buf, n, "%.0f%%", pct);
    else
        num_snprintf(buf, n, "%.1f%%", pct);
}

/* A covered stretch: the run of columns [from, to] (1..n) where another
 * curve, `by`, lies on every cell of an option's curve. */
typedef struct Stretch {
    int from, to;
    char by;
} Stretch;

#define STRETCH_MAX 12

/* Where each option's curve is covered (DESIGN 8: both stay identifiable):
 * whole: no cell shows it; else its covered stretches, left to right. */
typedef struct Cover {
    char whole; /* the covering letter when no cell shows the curve */
    int count;
    int n; /* the plot's columns, to name the stretches in percent */
    Stretch s[STRETCH_MAX];
} Cover;

/* The row of option o's point at column j, -1 off the plot. */
static long chart_point_row(const Plot *p, const Scenario *s,
                            const CostResult *r, int o, int j)
{
    double v = cost_per_hour_at(r, s, (CostOption)o, 100.0 * j / p->n);
    long row = isfinite(v) ? plot_row(p, v) : -1;
    return row < p->top || row > p->axis ? -1 : row;
}

/* The letter of option k when ch is one of another option's letters, else 0. */
static char chart_other_letter(char ch, int o)
{
    for (int k = 0; k < OPT_COUNT; k++)
        if (k != o && ch == cost_option_letter((CostOption)k))
            return ch;
    return 0;
}

/* Whether the stretch [from, to] of option o's curve, covered by option
 * by, ends at o's crossover with on-prem (within min_run columns of its
 * end): on-prem comes down onto o's row and leaves it at the X, which
 * (with its legend entry) already says where o lies. A stretch that goes
 * on after the X (on-prem running along o's row) is named. */
static bool chart_cross_in(const Plot *p, const CostResult *r, int o, int by,
                           int from, int to, int min_run)
{
    if (by != OPT_ONPREM || o == OPT_ONPREM)
        return false;
    const Crossover *x = &r->crossover[o];
    for (size_t k = 0; k < x->count; k++) {
        int j = plot_col(p, x->point[k].pct) - p->x0;
        if (j >= from && j <= to && j >= to - min_run)
            return true;
    }
    return false;
}

/* Finds, for each option, the cells where another curve covers its own.
 * A curve no cell shows gets its letter written over the covering curve
 * at three columns (cover[o].whole). A curve covered over a stretch of at
 * least max(3, n/8) columns, or of 3 at either end of the plot (a
 * crossing covers a cell or two, which the eye follows), gets its letter
 * at the stretch's first and last cells, where it goes under and comes
 * out, and the stretch is kept for the legend ("r under d 51-80%"),
 * unless it ends at the option's crossover with on-prem (chart_cross_in).
 * All covers are found before any letter is written, so one curve's mark
 * does not count as covering another. */
static void chart_uncover(Canvas *c, const Plot *p, const Scenario *s,
                          const CostResult *r, Cover *cover)
{
    int min_run = p->n / 8 > 3 ? p->n / 8 : 3;
    for (int o = 0; o < OPT_COUNT; o++) {
        char letter = cost_option_letter((CostOption)o);
        Cover *cv = &cover[o];
        memset(cv, 0, sizeof *cv);
        cv->n = p->n;
        int seen = 0, on[OPT_COUNT] = {0};
        int run_from = 0;
        char run_by = 0;
        for (int j = 1; j <= p->n + 1; j++) {
            long row = j <= p->n ? chart_point_row(p, s, r, o, j) : -1;
            char ch = row >= 0 ? canvas_get(c, p->x0 + j, (int)row) : 0;
            char by = row >= 0 ? chart_other_letter(ch, o) : 0;
            if (ch == letter)
                seen++;
            for (int k = 0; k < OPT_COUNT; k++)
                if (by && cost_option_letter((CostOption)k) == by)
                    on[k]++;
            if (run_from && by == run_by)
                continue;
            /* A run under one curve ends: kept when long enough. */
            int to = j - 1, k_by = OPT_COUNT;
            for (int k = 0; k < OPT_COUNT; k++)
                if (run_by && cost_option_letter((CostOption)k) == run_by)
                    k_by = k;
            bool edge = run_from == 1 || to == p->n;
            if (run_from && to - run_from + 1 >= (edge ? 3 : min_run) &&
                !chart_cross_in(p, r, o, k_by, run_from, to, min_run)) {
                if (cv->count == STRETCH_MAX) /* merged into the last one */
                    cv->s[cv->count - 1].to = to;
                else
                    cv->s[cv->count++] = (Stretch){run_from, to, run_by};
            }
            run_from = by ? j : 0;
            run_by = by;
        }
        if (seen > 0)
            continue;
        cv->count = 0;
        int best = -1;
        for (int k = 0; k < OPT_COUNT; k++)
            if (on[k] > 0 && (best < 0 || on[k] > on[best]))
                best = k;
        if (best >= 0) /* else off the plot altogether: nothing to uncover */
            cv->whole = cost_option_letter((CostOption)best);
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        char letter = cost_option_letter((CostOption)o);
        const Cover *cv = &cover[o];
        for (int i = 0; i < cv->count; i++)
            for (int e = 0; e < 2; e++) {
                int j = e == 0 ? cv->s[i].from : cv->s[i].to;
                canvas_put(c, p->x0 + j, (int)chart_point_row(p, s, r, o, j), letter,
                           chart_option_style[o]);
            }
        if (!cv->whole)
            continue;
        /* Three marks, staggered per option so two hidden curves do not
         * take the same columns. */
        for (int m = 0; m < 3; m++) {
            int j0 = p->n * (1 + 2 * o) / 9 + m * p->n / 3;
            for (int j = j0 < 1 ? 1 : j0; j <= p->n; j++) {
                long row = chart_point_row(p, s, r, o, j);
                if (row >= 0 && canvas_get(c, p->x0 + j, (int)row) == cv->whole) {
                    canvas_put(c, p->x0 + j, (int)row, letter, chart_option_style[o]);
                    break;
                }
            }
        }
    }
}

/* The legend's text for option o's cover: "d under s" for a whole curve;
 * for stretches "r under d 51-80%, s 80-100%" (detail) or "r under d, s"
 * (each covering letter once). Returns false when o is covered nowhere. */
static bool chart_cover_text(const Cover *cv, int o, bool detail, char *buf,
                             size_t size)
{
    char letter = cost_option_letter((CostOption)o);
    if (cv->whole) {
        num_snprintf(buf, size, "%c under %c", letter, cv->whole);
        return true;
    }
    if (cv->count == 0)
        return false;
    size_t len = (size_t)num_snprintf(buf, size, "%c under", letter);
    char named[OPT_COUNT + 1] = "";
    for (int i = 0; i < cv->count && len < size; i++) {
        const Stretch *st = &cv->s[i];
        if (!detail && strchr(named, st->by))
            continue;
        if (!detail)
            named[strlen(named)] = st->by;
        const char *sep = named[1] || (detail && i > 0) ? ", " : " ";
        if (detail)
            len += (size_t)num_snprintf(buf + len, size - len, "%s%c %.0f-%.0f%%", sep,
                                        st->by, 100.0 * st->from / cv->n,
                                        100.0 * st->to / cv->n);
        else
            len += (size_t)num_snprintf(buf + len, size - len, "%s%c", sep, st->by);
    }
    return true;
}

/* The ^ where on-prem leaves the plot, the marker lines (the measured
 * line wins its column over a threshold line) and an X at every
 * crossover, on the curves at (pct, on-prem cost there). */
static void chart_cost_marks(Canvas *c, const Plot *p, const Scenario *s,
                             const CostResult *r, int clipped_onprem)
{
    if (clipped_onprem > 0)
        canvas_put(c, p->x0 + clipped_onprem, p->top, '^', CS_ONPREM);
    double u = s->utilization.measured_pct;
    chart_vline(c, p, plot_col(p, u), '|', CS_MEASURED);
    for (int i = 0; i < 3; i++)
        chart_vline(c, p, plot_col(p, chart_thresholds[i]), ':', CS_MARKER);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        const Crossover *x = &r->crossover[o];
        for (size_t k = 0; k < x->count; k++) {
            double v = cost_per_hour_at(r, s, OPT_ONPREM, x->point[k].pct);
            if (!isfinite(v))
                continue;
            long row = plot_row(p, v);
            if (row >= p->top && row <= p->axis)
                canvas_put(c, plot_col(p, x->point[k].pct), (int)row, 'X',
                           CS_CROSS);
        }
    }
}

/* The legend's items before the crossovers: the letter key, then where
 * one curve lies on another's cells (DESIGN 8): detail 0 names whole hidden
 * curves only, 1 also the stretches by their covering letters, 2 with the
 * stretches in percent. */
static void chart_key_items(Legend *lg, const CostResult *r, const Cover *under,
                            int detail)
{
    memset(lg, 0, sizeof *lg);
    for (int o = 0; o < OPT_COUNT; o++) {
        char buf[ITEM_BYTES];
        num_snprintf(buf, sizeof buf, "%c %s%s",
                     cost_option_letter((CostOption)o), chart_option_name[o],
                     r->option[o].allowed ? "" : " (not allowed)");
        legend_add(lg, 0, chart_option_style[o], buf);
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        char buf[ITEM_BYTES];
        if ((detail > 0 || under[o].whole) &&
            chart_cover_text(&under[o], o, detail == 2, buf, sizeof buf))
            legend_add(lg, 0, chart_option_style[o], buf);
    }
}

/* Every crossover with its direction (DESIGN 8): an up arrow (`^` in ASCII)
 * when on-prem is the cheaper above it, a down arrow (`v`) when below. */
static void chart_cross_items(Legend *lg, const CostResult *r, bool braille)
{
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        const Crossover *x = &r->crossover[o];
        for (size_t k = 0; k < x->count; k++) {
            char buf[ITEM_BYTES];
            bool up = x->point[k].side == SIDE_ABOVE;
            num_snprintf(buf, sizeof buf, "X %s %.1f%%%s", chart_option_name[o],
                         x->point[k].pct,
                         braille ? (up ? "\u2191" : "\u2193") : (up ? "^" : "v"));
            legend_add(lg, 1, CS_CROSS, buf);
        }
    }
}

/* The plot rows of a cost chart H rows tall whose legend takes `lines`
 * lines, and whether it has a header row and is compact. Rows: at least
 * 3 plot rows, the axis and the x labels; then the legend, then the header
 * row, then more plot rows. Where the header row would cost the sixth plot
 * row (DESIGN 8: at least 6 at 80x22, and at 80x24 beside the figures), the
 * chart goes compact: no header, the 60/75/80 and measured labels on the
 * axis's label row, the currency in the y labels' column. */
static int chart_plot_rows(int H, int lines, int *header_out, bool *compact_out)
{
    int extra = H - 2 - 3;
    extra -= lines < extra ? lines : extra;
    int header = extra >= 1 ? 1 : 0;
    extra -= header;
    bool compact = header && 3 + extra < 6 && 3 + extra + 1 >= 6;
    if (compact) {
        header = 0;
        extra++;
    }
    if (header_out)
        *header_out = header;
    if (compact_out)
        *compact_out = compact;
    return 3 + extra;
}

/* The cost curves; under[o]: where the curve of option o was covered in
 * the last rendering (for the legend); hidden[o]: the same for this
 * rendering. */
static void chart_cost_curves(Canvas *c, const Scenario *s,
                              const CostResult *r, const Cover *under,
                              Cover *hidden)
{
    int W = c->width, H = c->height;
    if (W < 30 || H < 6) {
        chart_note(c);
        return;
    }
    canvas_clear(c);
    const bool braille = c->unicode;

    /* Legend: the letter key, the covers, then the crossovers. The covered
     * stretches are named in percent, else by their covering letters, when
     * that costs no plot row or 6 plot rows remain; else the legend names
     * whole hidden curves only and the letters on the plot mark where a
     * curve goes under another and where it comes out. */
    Legend lg, alt;
    chart_key_items(&lg, r, under, 0);
    chart_cross_items(&lg, r, braille);
    legend_wrap(&lg, W);
    int base_rows = chart_plot_rows(H, lg.lines, NULL, NULL);
    for (int step = 0; step < 4; step++) {
        int detail = step % 2 == 0 ? 2 : 1;
        chart_key_items(&alt, r, under, detail);
        chart_cross_items(&alt, r, braille);
        legend_wrap(&alt, W);
        int rows = chart_plot_rows(H, alt.lines, NULL, NULL);
        if (rows == base_rows || (step >= 2 && rows >= 6)) {
            lg = alt;
            break;
        }
    }

    int header;
    bool compact;
    int legend_lines = lg.lines < H - 5 ? lg.lines : H - 5;
    Plot p;
    p.rows = chart_plot_rows(H, lg.lines, &header, &compact);
    p.top = header;
    p.axis = p.top + p.rows;

    Axis ax;
    axis_cost(s, r, p.rows / 2 < 4 ? p.rows / 2 : 4, &ax);
    p.lo = ax.lo;
    p.hi = axis_top(&ax);
    const int steps = ax.steps, decimals = ax.decimals;
    const double step = ax.step;
    int label_w = 0;
    for (int k = 0; k <= steps; k++) {
        char buf[48];
        num_format_money(p.lo + k * step, decimals, buf, sizeof buf);
        int len = (int)strlen(buf);
        if (len > label_w)
            label_w = len;
    }
    /* Compact: the unit in the first rows of the y labels' column without
     * a tick label, "USD" then "/GPU-h" (when two are free). */
    const char *unit_part[2] = {s->currency, "/GPU-h"};
    int unit_row[2] = {-1, -1};
    if (compact) {
        int found = 0;
        for (int y = p.top; y < p.axis && found < 2; y++) {
            bool tick = false;
            for (int k = 0; k <= steps; k++)
                tick |= p.axis - (int)lround((double)k * p.rows / steps) == y;
            if (!tick)
                unit_row[found++] = y;
        }
        for (int i = 0; i < found; i++) {
            int len = (int)strlen(unit_part[i]);
            if (len > label_w)
                label_w = len;
        }
    }
    p.x0 = label_w + 1;
    p.n = W - 2 - p.x0;
    if (p.n < 10) {
        chart_note(c);
        return;
    }
    bool *taken = xmalloc((size_t)W * sizeof *taken);
    memset(taken, 0, (size_t)W * sizeof *taken);
    int label_row = compact ? p.axis + 1 : 0; /* where 60/75/80 go */

    /* Curves: connectors first, then the exact points (see the top); in
     * braille every curve's dots, then the axes round them. */
    int clipped_onprem = 0;
    if (braille) {
        size_t cells = (size_t)W * (size_t)H;
        unsigned char *mask[OPT_COUNT];
        for (int o = 0; o < OPT_COUNT; o++) {
            mask[o] = xmalloc(cells);
            memset(mask[o], 0, cells);
        }
        for (int i = 0; i < OPT_COUNT; i++) {
            CostOption o = chart_draw_order[i];
            int last = chart_curve_dots(c, &p, s, r, o, mask[o]);
            if (o == OPT_ONPREM)
                clipped_onprem = last;
        }
        chart_axes(c, &p, step, steps, decimals, label_w, !compact);
        char letters[OPT_COUNT];
        for (int o = 0; o < OPT_COUNT; o++)
            letters[o] = cost_option_letter((CostOption)o);
        char whole[OPT_COUNT];
        braille_cover(c, mask, OPT_COUNT, letters, whole);
        for (int o = 0; o < OPT_COUNT; o++)
            hidden[o].whole = whole[o];
        chart_cost_marks(c, &p, s, r, clipped_onprem);
        /* The letters spread out: on-prem where it is in the plot (high
         * utilization), the flat cloud curves at different places. */
        static const double prefer[OPT_COUNT] = {0.85, 0.15, 0.40, 0.62};
        braille_letters(c, p.x0 + 1, p.x0 + p.n, p.top, p.axis, mask, OPT_COUNT,
                        letters, chart_option_style, prefer);
        for (int o = 0; o < OPT_COUNT; o++)
            free(mask[o]);
    } else {
        chart_axes(c, &p, step, steps, decimals, label_w, !compact);
        for (int pass = 0; pass < 2; pass++)
            for (int i = 0; i < OPT_COUNT; i++) {
                CostOption o = chart_draw_order[i];
                int last = chart_curve(c, &p, s, r, o, pass == 1);
                if (o == OPT_ONPREM)
                    clipped_onprem = last;
            }
        chart_uncover(c, &p, s, r, hidden);
        chart_cost_marks(c, &p, s, r, clipped_onprem);
    }
    for (int i = 0; i < 2; i++)
        if (unit_row[i] >= 0)
            canvas_text(c, label_w - (int)strlen(unit_part[i]), unit_row[i],
                        unit_part[i], CS_LABEL);

    /* Labels: thresholds first, then the measured label, then the unit. */
    double u = s->utilization.measured_pct;
    char ulabel[32], upct[16];
    chart_pct_text(u, upct, sizeof upct);
    num_snprintf(ulabel, sizeof ulabel, "u=%s", upct);
    bool measured_placed = false;
    if (header || compact) {
        /* Compact: the threshold labels stand for the ticks at 60% and
         * 80%, and the other tick labels come last, where there is room. */
        for (int i = 0; i < 3; i++) {
            char buf[8];
            num_snprintf(buf, sizeof buf, "%.0f", chart_thresholds[i]);
            chart_place(c, taken, label_row, plot_col(&p, chart_thresholds[i]), buf,
                        CS_MARKER, 3);
        }
        /* The currency code always keeps its place at the left; a longer
         * unit text is tried after the measured label. */
        const char *cur = s->currency;
        int cur_len = header ? (int)strlen(cur) : 0;
        for (int k = 0; k < cur_len && k < W; k++)
            taken[k] = true;
        /* Beside its line, on the side where it collides with nothing
         * (right first, then left: DESIGN 8), before any shifted place;
         * else in the legend, else wherever the row has a gap. */
        int ucol = plot_col(&p, u), ulen = (int)strlen(ulabel);
        measured_placed =
            chart_place(c, taken, label_row, ucol + 1 + (ulen - 1) / 2, ulabel, CS_MEASURED, 0) ||
            chart_place(c, taken, label_row, ucol - ulen + (ulen - 1) / 2, ulabel, CS_MEASURED, 0);
        if (!measured_placed && header)
            measured_placed =
                chart_place(c, taken, label_row, ucol, ulabel, CS_MEASURED, ulen);
        for (int k = 0; k < 2 && !measured_placed && legend_lines > 0; k++) {
            char buf[ITEM_BYTES];
            num_snprintf(buf, sizeof buf, "| %s%s", k == 0 ? "measured " : "",
                         ulabel);
            measured_placed = legend_append_last(
                &lg, c, legend_lines - 1, p.axis + 1 + legend_lines, W,
                CS_MEASURED, buf);
        }
        if (!measured_placed)
            measured_placed = chart_place(c, taken, label_row, plot_col(&p, u),
                                          ulabel, CS_MEASURED, W);
        for (int k = 0; k < cur_len && k < W; k++)
            taken[k] = false;
        char unit[4][64];
        num_snprintf(unit[0], sizeof unit[0], "%s per useful GPU-hour", cur);
        num_snprintf(unit[1], sizeof unit[1], "%s/useful GPU-h", cur);
        num_snprintf(unit[2], sizeof unit[2], "%s/GPU-h", cur);
        num_snprintf(unit[3], sizeof unit[3], "%s", cur);
        if (compact)
            chart_xlabels(c, &p, taken);
        for (int i = 0; i < 4 && header; i++) {
            int len = (int)strlen(unit[i]);
            if (len == 0)
                break;
            /* Left-aligned at column 0: centre column of a left start. */
            if (chart_place(c, taken, 0, (len - 1) / 2, unit[i], CS_LABEL,
                            0))
                break;
        }
    }
    free(taken);

    legend_draw(&lg, c, p.axis + 2, legend_lines);
}

/* --- monthly breakdown bars ---------------------------------------------- */

/* One letter per breakdown line, shared by on-prem and cloud where the line
 * is the same (staff, other, opportunity). */
static char chart_line_letter(CostLine l)
{
    static const char letters[LINE_COUNT] = {
        [LINE_CAPITAL] = 'C',    [LINE_MAINTENANCE] = 'M',
        [LINE_ENERGY] = 'E',     [LINE_COLOCATION] = 'L',
        [LINE_STAFF] = 'S',      [LINE_NETWORK] = 'N',
        [LINE_OTHER] = 'O',      [LINE_OPPORTUNITY] = 'P',
        [LINE_COMPUTE] = 'G',    [LINE_EGRESS] = 'T',
        [LINE_STORAGE] = 'D'};
    return (unsigned)l < LINE_COUNT ? letters[l] : '?';
}

static const char *chart_line_name(CostLine l)
{
    static const char *const names[LINE_COUNT] = {
        [LINE_CAPITAL] = "capital",       [LINE_MAINTENANCE] = "maintenance",
        [LINE_ENERGY] = "energy",         [LINE_COLOCATION] = "colocation",
        [LINE_STAFF] = "staff",           [LINE_NETWORK] = "network",
        [LINE_OTHER] = "other",           [LINE_OPPORTUNITY] = "opportunity",
        [LINE_COMPUTE] = "compute",       [LINE_EGRESS] = "egress",
        [LINE_STORAGE] = "storage"};
    return (unsigned)l < LINE_COUNT ? names[l] : "?";
}

static void chart_lines_of(CostOption o, const CostLine **lines, int *n)
{
    if (o == OPT_ONPREM) {
        *lines = cost_onprem_lines;
        *n = ONPREM_LINES;
    } else {
        *lines = cost_cloud_lines;
        *n = CLOUD_LINES;
    }
}

/* Cells per breakdown line of one bar. Cumulative rounding makes the bar
 * round(monthly / max * bar_w) cells long; a line with money in it that
 * rounds to no cell gets one, taken from the longest segment, so every
 * letter in the key can be found (the bar length does not change). */
static void chart_segments(const OptionCost *oc, const CostLine *lines, int n,
                           double max, int bar_w, int *cells)
{
    double cum = 0;
    int done = 0;
    for (int i = 0; i < n; i++) {
        cells[i] = 0;
        double v = oc->line[lines[i]];
        if (!(max > 0) || !(v > 0) || !isfinite(v))
            continue;
        cum += v;
        int end = (int)lround(cum / max * bar_w);
        if (end > bar_w)
            end = bar_w;
        if (end > done) {
            cells[i] = end - done;
            done = end;
        }
    }
    for (int i = 0; i < n; i++) {
        double v = oc->line[lines[i]];
        if (cells[i] > 0 || !(v > 0) || !isfinite(v) || !(max > 0))
            continue;
        int big = 0;
        for (int k = 1; k < n; k++)
            if (cells[k] > cells[big])
                big = k;
        if (cells[big] < 2)
            break;
        cells[big]--;
        cells[i] = 1;
    }
}

/* The figures of one bar's segments (DESIGN 8: bars carry their figures):
 * inside each segment wide enough, its letter, a blank, its monthly amount
 * scaled to a few columns ("C 33.1K"), a blank, then the letter again to
 * the segment's end. Narrower segments keep their letters only (the table
 * below, where there is room, has every figure). */
static void chart_segment_figures(Canvas *c, int y, int x, const OptionCost *oc,
                                  const CostLine *lines, int n, const int *cells,
                                  CanvasStyle st)
{
    for (int i = 0; i < n; i++) {
        char fig[16], text[24];
        if (num_format_scaled(oc->line[lines[i]], 6, fig, sizeof fig)) {
            num_snprintf(text, sizeof text, "%c %s ", chart_line_letter(lines[i]), fig);
            if ((int)strlen(text) <= cells[i])
                canvas_text(c, x, y, text, st);
        }
        x += cells[i];
    }
}

/* The numeric breakdown (DESIGN 8, where there is room): a row per cost line
 * with money in it, a column per option, the totals last; figures whole,
 * scaled only when one is wider than its column. Returns its rows. */
static int chart_breakdown_table(Canvas *c, int y, const CostResult *r,
                                 const bool *seen, const CostLine *order, bool draw)
{
    int rows = 0;
    const int lw = 13, cw = 11;
    if (draw) {
        canvas_text(c, 0, y, "per month", CS_LABEL);
        for (int o = 0; o < OPT_COUNT; o++) {
            const char *name = cost_option_label((CostOption)o);
            canvas_text(c, lw + o * cw + cw - (int)strlen(name), y, name, CS_LABEL);
        }
    }
    rows++;
    for (int i = 0; i <= LINE_COUNT; i++) {
        bool total = i == LINE_COUNT;
        if (!total && !seen[order[i]])
            continue;
        if (draw) {
            char head[32];
            if (total)
                num_snprintf(head, sizeof head, "total");
            else
                num_snprintf(head, sizeof head, "%c %s", chart_line_letter(order[i]),
                             chart_line_name(order[i]));
            canvas_text(c, 0, y + rows, head, CS_LABEL);
            for (int o = 0; o < OPT_COUNT; o++) {
                const OptionCost *oc = &r->option[o];
                double v = total ? oc->monthly : oc->line[order[i]];
                const CostLine *lines;
                int n;
                chart_lines_of((CostOption)o, &lines, &n);
                bool has = total;
                for (int k = 0; k < n && !has; k++)
                    has = lines[k] == order[i];
                char fig[48];
                if (!has)
                    num_snprintf(fig, sizeof fig, "-");
                else {
                    num_format_money(v, 0, fig, sizeof fig);
                    if ((int)strlen(fig) > cw - 1)
                        num_format_scaled(v, cw - 1, fig, sizeof fig);
                }
                canvas_text(c, lw + o * cw + cw - (int)strlen(fig), y + rows, fig,
                            total ? chart_option_style[o] : CS_LABEL);
            }
        }
        rows++;
    }
    return rows;
}

static void chart_breakdown(Canvas *c, const Scenario *s, const CostResult *r)
{
    int W = c->width, H = c->height;
    if (W < 30 || H < 5) {
        chart_note(c);
        return;
    }
    canvas_clear(c);

    /* Key: every line with money in it, on-prem lines first, then the
     * cloud-only ones (staff, other, opportunity appear once). */
    Legend lg;
    memset(&lg, 0, sizeof lg);
    bool seen[LINE_COUNT] = {false};
    for (int o = 0; o < OPT_COUNT; o++) {
        const CostLine *lines;
        int n;
        chart_lines_of((CostOption)o, &lines, &n);
        for (int i = 0; i < n; i++) {
            CostLine l = lines[i];
            if (seen[l] || !(r->option[o].line[l] > 0))
                continue;
            seen[l] = true;
        }
    }
    static const CostLine key_order[LINE_COUNT] = {
        LINE_CAPITAL, LINE_MAINTENANCE, LINE_ENERGY, LINE_COLOCATION,
        LINE_NETWORK, LINE_COMPUTE, LINE_EGRESS, LINE_STORAGE,
        LINE_STAFF, LINE_OTHER, LINE_OPPORTUNITY};
    for (int i = 0; i < LINE_COUNT; i++) {
        CostLine l = key_order[i];
        if (!seen[l])
            continue;
        char buf[ITEM_BYTES];
        num_snprintf(buf, sizeof buf, "%c %s", chart_line_letter(l),
                     chart_line_name(l));
        legend_add(&lg, 0, CS_LABEL, buf);
    }
    legend_wrap(&lg, W);

    /* Rows: header, four bars, key; the numeric table (after a blank row)
     * when it fits with the rest, which also makes the key redundant; blank
     * rows between the bars when there is room. */
    int table_rows = chart_breakdown_table(c, 0, r, seen, key_order, false);
    int avail = H - 1 - OPT_COUNT;
    bool table = W >= 13 + 11 * OPT_COUNT && avail >= 1 + table_rows;
    if (table)
        avail -= 1 + table_rows;
    int key_lines = table ? 0 : lg.lines < avail ? lg.lines : avail;
    avail -= key_lines;
    int gap = avail >= OPT_COUNT ? 1 : 0;

    char head[96], upct[16];
    chart_pct_text(s->utilization.measured_pct, upct, sizeof upct);
    num_snprintf(head, sizeof head, "Monthly cost at u=%s (%s)", upct,
                 s->currency);
    canvas_text(c, 0, 0, head, CS_LABEL);

    double max = 0;
    char total[OPT_COUNT][48];
    int label_w = 0, total_w = 0;
    for (int o = 0; o < OPT_COUNT; o++) {
        const OptionCost *oc = &r->option[o];
        if (isfinite(oc->monthly) && oc->monthly > max)
            max = oc->monthly;
        num_format_money(oc->monthly, 0, total[o], sizeof total[o]);
        int lw = (int)strlen(cost_option_label((CostOption)o));
        int tw = (int)strlen(total[o]);
        label_w = lw > label_w ? lw : label_w;
        total_w = tw > total_w ? tw : total_w;
    }
    /* Row layout: label, blank, bar, blank, total right-aligned, then a
     * note (cheapest / not allowed) when it fits. */
    int note_w = (int)strlen(" not allowed");
    int bar_x = label_w + 1;
    int bar_w = W - bar_x - 1 - total_w - note_w;
    if (bar_w < 8)
        bar_w = W - bar_x - 1 - total_w, note_w = 0;
    if (bar_w < 4) {
        chart_note(c);
        return;
    }

    int y = 1 + gap;
    for (int o = 0; o < OPT_COUNT; o++, y += 1 + gap) {
        const OptionCost *oc = &r->option[o];
        CanvasStyle st = chart_option_style[o];
        canvas_text(c, 0, y, cost_option_label((CostOption)o), CS_LABEL);
        const CostLine *lines;
        int n;
        chart_lines_of((CostOption)o, &lines, &n);
        int cells[ONPREM_LINES];
        chart_segments(oc, lines, n, max, bar_w, cells);
        int x = bar_x;
        for (int i = 0; i < n; i++)
            for (int k = 0; k < cells[i]; k++)
                canvas_put(c, x++, y, chart_line_letter(lines[i]), st);
        chart_segment_figures(c, y, bar_x, oc, lines, n, cells, st);
        int tx = bar_x + bar_w + 1 + total_w - (int)strlen(total[o]);
        canvas_text(c, tx, y, total[o], CS_LABEL);
        const char *note = !oc->allowed              ? " not allowed"
                           : r->cheapest == (CostOption)o ? " cheapest"
                                                          : "";
        if (note_w > 0)
            canvas_text(c, bar_x + bar_w + 1 + total_w, y, note, CS_LABEL);
    }
    if (table)
        chart_breakdown_table(c, y - gap + 1, r, seen, key_order, true);
    legend_draw(&lg, c, H - key_lines, key_lines);
}

/* Draw chart `kind` of s / r over the whole canvas (chart.h). */
void chart_render(Canvas *c, ChartKind kind, const Scenario *s,
                  const CostResult *r, const HorizonFigures *hz)
{
    if (c->width <= 0 || c->height <= 0)
        return;
    switch (kind) {
    case CHART_COST_CURVES: {
        /* Drawn again while the curves a rendering found hidden differ from
         * the ones its legend named (the legend's lines take plot rows). */
        Cover under[OPT_COUNT], hidden[OPT_COUNT];
        memset(under, 0, sizeof under);
        for (int pass = 0; pass < 3; pass++) {
            memset(hidden, 0, sizeof hidden);
            chart_cost_curves(c, s, r, under, hidden);
            if (memcmp(hidden, under, sizeof hidden) == 0)
                break;
            memcpy(under, hidden, sizeof under);
        }
        break;
    }
    case CHART_BREAKDOWN:
        chart_breakdown(c, s, r);
        break;
    case CHART_CUMULATIVE:
        chart_horizon_render(c, s, hz);
        break;
    default:
        chart_note(c);
        break;
    }
}
