/* chart_plot.c: the cost chart's plot on a Canvas (chart_plot.h). */
#include "config.h"

#include "chart_plot.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "braille.h"
#include "chart_legend.h"
#include "numfmt.h"

#define CHART_NOTE "chart needs more room"

const char *const chart_option_name[OPT_COUNT] = {"on-prem", "on-demand", "reserved",
                                                  "spot"};
const CanvasStyle chart_option_style[OPT_COUNT] = {CS_ONPREM, CS_ON_DEMAND, CS_RESERVED,
                                                   CS_SPOT};
const CostOption chart_draw_order[OPT_COUNT] = {OPT_RESERVED, OPT_ON_DEMAND, OPT_SPOT,
                                                OPT_ONPREM};
const double chart_thresholds[3] = {60, 75, 80};

void chart_pct_text(double pct, char *buf, size_t n)
{
    if (fabs(pct - round(pct)) < 1e-9)
        num_snprintf(buf, n, "%.0f%%", pct);
    else
        num_snprintf(buf, n, "%.1f%%", pct);
}

void chart_note(Canvas *c)
{
    canvas_clear(c);
    canvas_text(c, 0, 0, CHART_NOTE, CS_LABEL);
}

/* The geometry shared by the drawing steps. */

int chart_plot_col(const Plot *p, double pct)
{
    return p->x0 + (int)lround(pct * p->n / 100.0);
}

/* Row of value v, unclipped (may be above top or below the axis). */
long chart_plot_row(const Plot *p, double v)
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
void chart_plot_axes(Canvas *c, const Plot *p, double step, int steps,
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
        int len = canvas_text_cells(buf);
        canvas_text(c, label_w - len, y, buf, CS_LABEL);
        canvas_put(c, p->x0, y, '+', CS_AXIS);
    }
    if (xlabels)
        chart_plot_xlabels(c, p, NULL);
}

/* The x ticks on the axis and their labels below it: every 20% when each
 * label has room, else 0/50/100; with `taken` (the compact chart) only
 * where they collide with no label placed before them, 60% and 80% left
 * to the threshold labels. */
void chart_plot_xlabels(Canvas *c, const Plot *p, bool *taken)
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
        int x = chart_plot_col(p, ticks[i]);
        char buf[8];
        num_snprintf(buf, sizeof buf, "%.0f%%", ticks[i]);
        int len = canvas_text_cells(buf);
        int start = x - (len - 1) / 2;
        if (start + len > c->width)
            start = c->width - len;
        canvas_put(c, x, p->axis, '+', CS_AXIS);
        if (!taken)
            canvas_text(c, start, p->axis + 1, buf, CS_LABEL);
        else if (ticks[i] != 60 && ticks[i] != 80) /* those are labelled */
            chart_legend_place(c, taken, p->axis + 1, x, buf, CS_LABEL, 2);
    }
}

/* --- braille curves (DESIGN 8: 2x4 dots a cell) ---------------------------- */

/* Dot row of value v (4 a cell row), unclipped: the cell row of v is the
 * one chart_plot_row gives, and the dot the quarter of it v falls in. */
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
int chart_plot_dots(Canvas *c, const Plot *p, const Scenario *s,
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
int chart_plot_curve(Canvas *c, const Plot *p, const Scenario *s,
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
        long row = chart_plot_row(p, v);
        long next = 0;
        bool have_next = false;
        if (j < p->n) {
            double vn = cost_per_hour_at(r, s, o, 100.0 * (j + 1) / p->n);
            if (isfinite(vn)) {
                next = chart_plot_row(p, vn);
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
    if (x > p->x0 && x <= p->x0 + p->n)
        canvas_blank_column(c, x, p->top, p->axis, ch, st);
}


/* The ^ where on-prem leaves the plot, the marker lines (the measured
 * line wins its column over a threshold line) and an X at every
 * crossover, on the curves at (pct, on-prem cost there). */
void chart_plot_marks(Canvas *c, const Plot *p, const Scenario *s,
                             const CostResult *r, int clipped_onprem)
{
    if (clipped_onprem > 0)
        canvas_put(c, p->x0 + clipped_onprem, p->top, '^', CS_ONPREM);
    double u = s->utilization.measured_pct;
    chart_vline(c, p, chart_plot_col(p, u), '|', CS_MEASURED);
    for (int i = 0; i < 3; i++)
        chart_vline(c, p, chart_plot_col(p, chart_thresholds[i]), ':', CS_MARKER);
    for (int o = OPT_ON_DEMAND; o < OPT_COUNT; o++) {
        const Crossover *x = &r->crossover[o];
        for (size_t k = 0; k < x->count; k++) {
            double v = cost_per_hour_at(r, s, OPT_ONPREM, x->point[k].pct);
            if (!isfinite(v))
                continue;
            long row = chart_plot_row(p, v);
            if (row >= p->top && row <= p->axis)
                canvas_put(c, chart_plot_col(p, x->point[k].pct), (int)row, 'X',
                           CS_CROSS);
        }
    }
}

