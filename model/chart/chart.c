/* chart.c: the charts drawn into a curses-free Canvas (DESIGN 8): the
 * dispatch, and the cost chart's layout (its key, rows, labels); its plot
 * is chart_plot.c's, its covered curves chart_cover.c's, its key's lines
 * chart_legend.c's, the breakdown bars chart_breakdown.c's.
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
#include "chart_breakdown.h"
#include "chart_cover.h"
#include "chart_horizon.h"
#include "chart_legend.h"
#include "chart_plot.h"
#include "numfmt.h"

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
        chart_legend_add(lg, 0, chart_option_style[o], buf);
    }
    for (int o = 0; o < OPT_COUNT; o++) {
        char buf[ITEM_BYTES];
        if ((detail > 0 || under[o].whole) &&
            chart_cover_text(&under[o], o, detail == 2, buf, sizeof buf))
            chart_legend_add(lg, 0, chart_option_style[o], buf);
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
            chart_legend_add(lg, 1, CS_CROSS, buf);
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

/* The cost chart's key: the letter key, the covers, then the crossovers.
 * The covered stretches are named in percent, else by their covering
 * letters, when that costs no plot row or 6 plot rows remain; else the key
 * names whole hidden curves only and the letters on the plot mark where a
 * curve goes under another and where it comes out. */
static void cost_legend(const CostResult *r, const Cover *under, bool braille,
                        int W, int H, Legend *lg)
{
    Legend alt;
    chart_key_items(lg, r, under, 0);
    chart_cross_items(lg, r, braille);
    chart_legend_wrap(lg, W);
    int base_rows = chart_plot_rows(H, lg->lines, NULL, NULL);
    for (int step = 0; step < 4; step++) {
        int detail = step % 2 == 0 ? 2 : 1;
        chart_key_items(&alt, r, under, detail);
        chart_cross_items(&alt, r, braille);
        chart_legend_wrap(&alt, W);
        int rows = chart_plot_rows(H, alt.lines, NULL, NULL);
        if (rows == base_rows || (step >= 2 && rows >= 6)) {
            *lg = alt;
            break;
        }
    }
}

/* The width of the y labels' column: the widest tick label and, on a
 * compact chart, the unit's parts, which take the first rows without a
 * tick label ("USD" then "/GPU-h", when two are free; unit_row[i] = -1
 * where there is none). */
static int cost_label_width(const Plot *p, const Axis *ax, bool compact,
                            const char *const unit_part[2], int unit_row[2])
{
    int label_w = 0;
    for (int k = 0; k <= ax->steps; k++) {
        char buf[64];
        num_format_money(axis_tick(ax, k), ax->decimals, buf, sizeof buf);
        int len = canvas_text_cells(buf);
        if (len > label_w)
            label_w = len;
    }
    unit_row[0] = unit_row[1] = -1;
    if (!compact)
        return label_w;
    int found = 0;
    for (int y = p->top; y < p->axis && found < 2; y++) {
        bool tick = false;
        for (int k = 0; k <= ax->steps; k++)
            tick |= p->axis - (int)lround((double)k * p->rows / ax->steps) == y;
        if (!tick)
            unit_row[found++] = y;
    }
    for (int i = 0; i < found; i++) {
        int len = canvas_text_cells(unit_part[i]);
        if (len > label_w)
            label_w = len;
    }
    return label_w;
}

/* The curves in braille: every curve's dots, then the axes round them,
 * the marks, and each option's letter once at its curve. */
static void cost_braille(Canvas *c, const Plot *p, const Scenario *s,
                         const CostResult *r, const Axis *ax, int label_w,
                         bool compact, Cover *hidden)
{
    size_t cells = (size_t)c->width * (size_t)c->height;
    unsigned char *mask[OPT_COUNT];
    for (int o = 0; o < OPT_COUNT; o++) {
        mask[o] = xmalloc(cells);
        memset(mask[o], 0, cells);
    }
    int clipped_onprem = 0;
    for (int i = 0; i < OPT_COUNT; i++) {
        CostOption o = chart_draw_order[i];
        int last = chart_plot_dots(c, p, s, r, o, mask[o]);
        if (o == OPT_ONPREM)
            clipped_onprem = last;
    }
    chart_plot_axes(c, p, ax->step, ax->steps, ax->decimals, label_w, !compact);
    char letters[OPT_COUNT];
    for (int o = 0; o < OPT_COUNT; o++)
        letters[o] = cost_option_letter((CostOption)o);
    char whole[OPT_COUNT];
    braille_cover(c, mask, OPT_COUNT, letters, whole);
    for (int o = 0; o < OPT_COUNT; o++)
        hidden[o].whole = whole[o];
    chart_plot_marks(c, p, s, r, clipped_onprem);
    /* The letters spread out: on-prem where it is in the plot (high
     * utilization), the flat cloud curves at different places. */
    static const double prefer[OPT_COUNT] = {0.85, 0.15, 0.40, 0.62};
    braille_letters(c, p->x0 + 1, p->x0 + p->n, p->top, p->axis, mask, OPT_COUNT,
                    letters, chart_option_style, prefer);
    for (int o = 0; o < OPT_COUNT; o++)
        free(mask[o]);
}

/* The curves in letters: the axes, the connectors first, then the exact
 * points (see the top), the covers and the marks. */
static void cost_ascii(Canvas *c, const Plot *p, const Scenario *s,
                       const CostResult *r, const Axis *ax, int label_w,
                       bool compact, Cover *hidden)
{
    int clipped_onprem = 0;
    chart_plot_axes(c, p, ax->step, ax->steps, ax->decimals, label_w, !compact);
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < OPT_COUNT; i++) {
            CostOption o = chart_draw_order[i];
            int last = chart_plot_curve(c, p, s, r, o, pass == 1);
            if (o == OPT_ONPREM)
                clipped_onprem = last;
        }
    chart_cover_find(c, p, s, r, hidden);
    chart_plot_marks(c, p, s, r, clipped_onprem);
}

/* The measured label beside its line, on the side where it collides with
 * nothing (right first, then left: DESIGN 8), before any shifted place;
 * else in the key, else wherever the row has a gap. */
static void cost_measured_label(Canvas *c, const Plot *p, bool *taken, int label_row,
                                bool header, Legend *lg, int legend_lines,
                                const char *ulabel, double u)
{
    int ucol = chart_plot_col(p, u), ulen = canvas_text_cells(ulabel);
    bool placed =
        chart_legend_place(c, taken, label_row, ucol + 1 + (ulen - 1) / 2, ulabel,
                           CS_MEASURED, 0) ||
        chart_legend_place(c, taken, label_row, ucol - ulen + (ulen - 1) / 2, ulabel,
                           CS_MEASURED, 0);
    if (!placed && header)
        placed = chart_legend_place(c, taken, label_row, ucol, ulabel, CS_MEASURED, ulen);
    for (int k = 0; k < 2 && !placed && legend_lines > 0; k++) {
        char buf[ITEM_BYTES];
        num_snprintf(buf, sizeof buf, "| %s%s", k == 0 ? "measured " : "", ulabel);
        placed = chart_legend_append(lg, c, legend_lines - 1, p->axis + 1 + legend_lines,
                                     c->width, CS_MEASURED, buf);
    }
    if (!placed)
        chart_legend_place(c, taken, label_row, chart_plot_col(p, u), ulabel, CS_MEASURED,
                           c->width);
}

/* The labels over the plot (or, compact, on the label row): thresholds
 * first, then the measured label, then the x ticks (compact) and the
 * unit (with a header row). */
static void cost_labels(Canvas *c, const Plot *p, const Scenario *s, bool header,
                        bool compact, Legend *lg, int legend_lines)
{
    const int W = c->width;
    const int label_row = compact ? p->axis + 1 : 0; /* where 60/75/80 go */
    bool *taken = xmalloc((size_t)W * sizeof *taken);
    memset(taken, 0, (size_t)W * sizeof *taken);
    /* Compact: the threshold labels stand for the ticks at 60% and 80%,
     * and the other tick labels come last, where there is room. */
    for (int i = 0; i < 3; i++) {
        char buf[8];
        num_snprintf(buf, sizeof buf, "%.0f", chart_thresholds[i]);
        chart_legend_place(c, taken, label_row, chart_plot_col(p, chart_thresholds[i]),
                           buf, CS_MARKER, 3);
    }
    /* The currency code always keeps its place at the left; a longer unit
     * text is tried after the measured label. */
    const char *cur = s->currency;
    int cur_len = header ? canvas_text_cells(cur) : 0;
    for (int k = 0; k < cur_len && k < W; k++)
        taken[k] = true;
    char ulabel[32], upct[16];
    chart_pct_text(s->utilization.measured_pct, upct, sizeof upct);
    num_snprintf(ulabel, sizeof ulabel, "u=%s", upct);
    cost_measured_label(c, p, taken, label_row, header, lg, legend_lines, ulabel,
                        s->utilization.measured_pct);
    for (int k = 0; k < cur_len && k < W; k++)
        taken[k] = false;
    if (compact)
        chart_plot_xlabels(c, p, taken);
    char unit[4][64];
    num_snprintf(unit[0], sizeof unit[0], "%s per useful GPU-hour", cur);
    num_snprintf(unit[1], sizeof unit[1], "%s/useful GPU-h", cur);
    num_snprintf(unit[2], sizeof unit[2], "%s/GPU-h", cur);
    num_snprintf(unit[3], sizeof unit[3], "%s", cur);
    for (int i = 0; i < 4 && header; i++) {
        int len = canvas_text_cells(unit[i]);
        if (len == 0)
            break;
        /* Left-aligned at column 0: centre column of a left start. */
        if (chart_legend_place(c, taken, 0, (len - 1) / 2, unit[i], CS_LABEL, 0))
            break;
    }
    free(taken);
}

/* The cost curves; under[o]: where the curve of option o was covered in
 * the last rendering (for the legend); hidden[o]: the same for this
 * rendering. */
static void chart_cost_curves(Canvas *c, const Scenario *s, const CostResult *r,
                              const Cover *under, Cover *hidden)
{
    const int W = c->width, H = c->height;
    if (W < 30 || H < 6) {
        chart_note(c);
        return;
    }
    canvas_clear(c);
    Legend lg;
    cost_legend(r, under, c->unicode, W, H, &lg);
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
    const char *const unit_part[2] = {s->currency, "/GPU-h"};
    int unit_row[2];
    int label_w = cost_label_width(&p, &ax, compact, unit_part, unit_row);
    p.x0 = label_w + 1;
    p.n = W - 2 - p.x0;
    if (p.n < 10) {
        chart_note(c);
        return;
    }
    if (c->unicode)
        cost_braille(c, &p, s, r, &ax, label_w, compact, hidden);
    else
        cost_ascii(c, &p, s, r, &ax, label_w, compact, hidden);
    for (int i = 0; i < 2; i++)
        if (unit_row[i] >= 0)
            canvas_text(c, label_w - canvas_text_cells(unit_part[i]), unit_row[i],
                        unit_part[i], CS_LABEL);
    if (header || compact)
        cost_labels(c, &p, s, header, compact, &lg, legend_lines);
    chart_legend_draw(&lg, c, p.axis + 2, legend_lines);
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
        chart_breakdown_render(c, s, r);
        break;
    case CHART_CUMULATIVE:
        chart_horizon_render(c, s, hz);
        break;
    default:
        chart_note(c);
        break;
    }
}
