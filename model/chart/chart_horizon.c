/* chart_horizon.c: the cumulative-spend chart (DESIGN 2.7); see
 * chart_horizon.h. */
#include "config.h"

#include "chart_horizon.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "axis.h"
#include "braille.h"
#include "horizon.h"
#include "numfmt.h"

static const CanvasStyle option_style[OPT_COUNT] = {CS_ONPREM, CS_ON_DEMAND,
                                                    CS_RESERVED, CS_SPOT};
/* Later curves win a shared cell; on-prem last, as on the cost chart. */
static const CostOption draw_order[OPT_COUNT] = {OPT_RESERVED, OPT_ON_DEMAND,
                                                 OPT_SPOT, OPT_ONPREM};
static const char letter[OPT_COUNT] = {'o', 'd', 'r', 's'};

#define LABEL_W 7 /* y labels and the axis */

/* The geometry the drawing steps share. */
typedef struct HorizonPlot {
    int top, bottom; /* plot rows */
    int x0, x1;      /* plot columns */
    int rows;        /* bottom - top */
    int months;      /* T */
    double lo, hi;   /* the y axis's range */
} HorizonPlot;

/* The row of spend v and the column of month t. */
static int row_of(const HorizonPlot *p, double v)
{
    return p->bottom - (int)lround((v - p->lo) / (p->hi - p->lo) * p->rows);
}

static int col_of(const HorizonPlot *p, int t)
{
    return p->x0 + (int)lround((double)t / p->months * (p->x1 - p->x0));
}

/* The y axis and its labels (the ticks of ax, a row apart), the x axis and
 * its "0". */
static void horizon_axes(Canvas *c, const HorizonPlot *p, const Axis *ax)
{
    for (int y = p->top; y <= p->bottom; y++)
        canvas_put(c, p->x0 - 1, y, '|', CS_AXIS);
    const int every = axis_label_stride(ax, p->rows); /* labels a row apart */
    for (int k = 0; k <= ax->steps; k++) {
        char lab[16];
        double v = axis_tick(ax, k);
        if (k % every != 0 || !num_format_scaled(v, LABEL_W - 1, lab, sizeof lab))
            continue; /* between labels, or wider than the margin */
        canvas_text(c, LABEL_W - 1 - canvas_text_cells(lab), row_of(p, v), lab, CS_LABEL);
    }
    for (int x = p->x0; x <= p->x1; x++)
        canvas_put(c, x, p->bottom + 1, '-', CS_AXIS);
    canvas_text(c, p->x0, p->bottom + 2 < c->height - 1 ? p->bottom + 2 : p->bottom + 1,
                "0", CS_LABEL);
}

/* Each option's spend in braille dots, recorded in mask[option] (allocated
 * here, width * height bytes; the caller frees them). */
static void horizon_dots(Canvas *c, const HorizonPlot *p, const HorizonFigures *hz,
                         unsigned char **mask)
{
    const int T = p->months, x0 = p->x0, x1 = p->x1;
    size_t cells = (size_t)c->width * (size_t)c->height;
    int m = 2 * (x1 - x0 + 1);
    long *d = xmalloc((size_t)m * sizeof *d);
    for (int i = 0; i < OPT_COUNT; i++) {
        CostOption k = draw_order[i];
        const double *cum = hz->cum[k];
        mask[k] = xmalloc(cells);
        memset(mask[k], 0, cells);
        for (int j = 0; j < m; j++) {
            /* dot column j: cell x0 + j / 2, a quarter left or right */
            double xf = j / 2 + (j % 2 ? 0.25 : -0.25);
            double t = xf / (x1 - x0) * T;
            t = t < 0 ? 0 : t > T ? T : t;
            int t0 = (int)floor(t), t1 = t0 < T ? t0 + 1 : t0;
            double v = cum[t0] + (cum[t1] - cum[t0]) * (t - t0);
            double r = p->bottom - (v - p->lo) / (p->hi - p->lo) * p->rows;
            d[j] = (long)floor((r + 0.5) * 4);
        }
        braille_curve(c, 2 * x0, d, m, 4L * p->top, 4L * p->bottom + 3,
                      option_style[k], mask[k]);
    }
    free(d);
}

/* Each option's spend as its letter, a cell a column. */
static void horizon_letters(Canvas *c, const HorizonPlot *p, const HorizonFigures *hz)
{
    for (int i = 0; i < OPT_COUNT; i++) {
        CostOption k = draw_order[i];
        for (int x = p->x0; x <= p->x1; x++) {
            int t = (int)lround((double)(x - p->x0) / (p->x1 - p->x0) * p->months);
            canvas_put(c, x, row_of(p, hz->cum[k][t]), letter[k], option_style[k]);
        }
    }
}

/* Whether the chart marks owning's break-even against option k: a month
 * within the months drawn. */
static bool marked(const HorizonResult *h, int k, int months)
{
    return h->break_even[k] > 0 && h->break_even[k] <= months;
}

/* An X on the on-prem curve at each break-even month, and the legend: the
 * letters, then each break-even month, under "X" only when an X is drawn
 * (a legend never shows a mark the chart does not). Returns where the
 * names end in legend (n bytes). */
static size_t horizon_marks(Canvas *c, const HorizonPlot *p, const HorizonFigures *hz,
                            char *legend, size_t n)
{
    const HorizonResult *h = &hz->result;
    size_t used = 0;
    legend[0] = '\0';
    for (int k = 0; k < OPT_COUNT && used < n; k++)
        used += (size_t)snprintf(legend + used, n - used, "%s%c %s",
                                 k ? " " : "", letter[k],
                                 cost_option_word((CostOption)k));
    const size_t names_end = used;
    bool any = false;
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT; k++)
        any |= marked(h, k, p->months);
    if (used < n)
        used += (size_t)snprintf(legend + used, n - used, "  %sbreak-even:",
                                 any ? "X " : "");
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT && used < n; k++) {
        int m = h->break_even[k];
        char when[64];
        if (marked(h, k, p->months))
            canvas_put(c, col_of(p, m), row_of(p, hz->cum[OPT_ONPREM][m]), 'X',
                       CS_CROSS);
        /* DESIGN 2.7: the month owning stays ahead, and the stretches it
         * is ahead only for a while. */
        horizon_spans_brief(&h->ahead[k], p->months, when, sizeof when);
        used += (size_t)snprintf(legend + used, n - used, " %c %s", letter[k], when);
    }
    return names_end;
}

void chart_horizon_render(Canvas *c, const Scenario *s,
                          const HorizonFigures *hz)
{
    if (c->width <= 0 || c->height <= 0)
        return;
    canvas_clear(c);
    if (c->width < LABEL_W + 12 || c->height < 6) {
        canvas_text(c, 0, 0, "(too small)", CS_LABEL);
        return;
    }
    const int T = hz->result.months;
    char title[160];
    num_snprintf(title, sizeof title, "Cumulative spend (%s) over %d months",
                 s->currency, T);
    canvas_text(c, 0, 0, title, CS_LABEL);
    /* y axis (axis_cumulative, as the SVG's), its ticks labelled a row apart */
    Axis ax;
    axis_cumulative(hz, CHART_AXIS_STEPS, &ax);
    HorizonPlot p = {.top = 1, .bottom = c->height - 3, .x0 = LABEL_W,
                     .x1 = c->width - 1, .months = T, .lo = ax.lo,
                     .hi = axis_top(&ax)};
    p.rows = p.bottom - p.top;
    horizon_axes(c, &p, &ax);
    /* In braille (a unicode canvas): each option's spend as dots, its
     * letter once at its line; else a letter a cell. */
    unsigned char *mask[OPT_COUNT] = {NULL};
    if (c->unicode)
        horizon_dots(c, &p, hz, mask);
    else
        horizon_letters(c, &p, hz);
    char legend[256];
    const size_t names_end = horizon_marks(c, &p, hz, legend, sizeof legend);
    if (c->unicode) {
        static const double prefer[OPT_COUNT] = {0.3, 0.9, 0.55, 0.75};
        braille_letters(c, p.x0, p.x1, p.top, p.bottom, mask, OPT_COUNT, letter,
                        option_style, prefer);
        for (int k = 0; k < OPT_COUNT; k++)
            free(mask[k]);
    }
    char end[16];
    num_snprintf(end, sizeof end, "%d", T);
    const int ly = c->height - 1;
    canvas_text(c, p.x1 - canvas_text_cells(end) + 1, p.bottom + 2 < ly ? p.bottom + 2 : p.bottom + 1,
                end, CS_LABEL);
    /* Where the names and the months do not both fit, the months win. */
    const char *shown = legend;
    if (strlen(legend) > (size_t)c->width && names_end < strlen(legend))
        shown = legend + names_end + 2; /* "X break-even: ..." (or no X) */
    canvas_text(c, 0, ly, shown, CS_LABEL);
}
