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

void chart_horizon_render(Canvas *c, const Scenario *s,
                          const HorizonFigures *hz)
{
    if (c->width <= 0 || c->height <= 0)
        return;
    canvas_clear(c);
    const int lw = 7; /* y labels and the axis */
    if (c->width < lw + 12 || c->height < 6) {
        canvas_text(c, 0, 0, "(too small)", CS_LABEL);
        return;
    }
    const HorizonResult h = hz->result;
    const double(*cum)[HORIZON_MONTHS_MAX + 1] = hz->cum;
    const int T = h.months;

    char title[160];
    num_snprintf(title, sizeof title, "Cumulative spend (%s) over %d months",
                 s->currency, T);
    canvas_text(c, 0, 0, title, CS_LABEL);
    const int top = 1, bottom = c->height - 3; /* plot rows */
    const int x0 = lw, x1 = c->width - 1;       /* plot columns */
    const int rows = bottom - top;
    /* y axis (axis_cumulative, as the SVG's), its ticks labelled a row apart */
    Axis ax;
    axis_cumulative(hz, CHART_AXIS_STEPS, &ax);
    const double lo = ax.lo, hi = axis_top(&ax);
    for (int y = top; y <= bottom; y++)
        canvas_put(c, x0 - 1, y, '|', CS_AXIS);
    const int every = axis_label_stride(&ax, rows); /* labels a row apart */
    for (int k = 0; k <= ax.steps; k++) {
        char lab[16];
        double v = axis_tick(&ax, k);
        int y = bottom - (int)lround((v - lo) / (hi - lo) * rows);
        if (k % every != 0 || !num_format_scaled(v, lw - 1, lab, sizeof lab))
            continue; /* between labels, or wider than the margin */
        canvas_text(c, lw - 1 - (int)strlen(lab), y, lab, CS_LABEL);
    }
    for (int x = x0; x <= x1; x++)
        canvas_put(c, x, bottom + 1, '-', CS_AXIS);
    canvas_text(c, x0, bottom + 2 < c->height - 1 ? bottom + 2 : bottom + 1,
                "0", CS_LABEL);

#define ROW_OF(v) (bottom - (int)lround(((v) - lo) / (hi - lo) * rows))
#define COL_OF(t) (x0 + (int)lround((double)(t) / T * (x1 - x0)))
    /* In braille (a unicode canvas): each option's spend as dots, its
     * letter once at its line; else a letter a cell. */
    unsigned char *mask[OPT_COUNT] = {NULL};
    if (c->unicode) {
        size_t cells = (size_t)c->width * (size_t)c->height;
        int m = 2 * (x1 - x0 + 1);
        long *d = xmalloc((size_t)m * sizeof *d);
        for (int i = 0; i < OPT_COUNT; i++) {
            CostOption k = draw_order[i];
            mask[k] = xmalloc(cells);
            memset(mask[k], 0, cells);
            for (int j = 0; j < m; j++) {
                /* dot column j: cell x0 + j / 2, a quarter left or right */
                double xf = j / 2 + (j % 2 ? 0.25 : -0.25);
                double t = xf / (x1 - x0) * T;
                t = t < 0 ? 0 : t > T ? T : t;
                int t0 = (int)floor(t), t1 = t0 < T ? t0 + 1 : t0;
                double v = cum[k][t0] + (cum[k][t1] - cum[k][t0]) * (t - t0);
                double r = bottom - (v - lo) / (hi - lo) * rows;
                d[j] = (long)floor((r + 0.5) * 4);
            }
            braille_curve(c, 2 * x0, d, m, 4L * top, 4L * bottom + 3, option_style[k],
                          mask[k]);
        }
        free(d);
    } else {
        for (int i = 0; i < OPT_COUNT; i++) {
            CostOption k = draw_order[i];
            for (int x = x0; x <= x1; x++) {
                int t = (int)lround((double)(x - x0) / (x1 - x0) * T);
                canvas_put(c, x, ROW_OF(cum[k][t]), letter[k], option_style[k]);
            }
        }
    }
    /* The legend: the letters, then each break-even month. */
    char legend[256] = "";
    size_t used = 0;
    for (int k = 0; k < OPT_COUNT && used < sizeof legend; k++)
        used += (size_t)snprintf(legend + used, sizeof legend - used, "%s%c %s",
                                 k ? " " : "", letter[k],
                                 cost_option_word((CostOption)k));
    /* Where the names and the months do not both fit, the months win. */
    const size_t names_end = used;
    if (used < sizeof legend)
        used += (size_t)snprintf(legend + used, sizeof legend - used,
                                 "  X break-even:");
    for (int k = OPT_ON_DEMAND; k < OPT_COUNT && used < sizeof legend; k++) {
        int m = h.break_even[k];
        char when[64];
        if (m > 0)
            canvas_put(c, COL_OF(m), ROW_OF(cum[OPT_ONPREM][m]), 'X', CS_CROSS);
        /* DESIGN 2.7: the month owning stays ahead, and the stretches it
         * is ahead only for a while. */
        horizon_spans_brief(&h.ahead[k], T, when, sizeof when);
        used += (size_t)snprintf(legend + used, sizeof legend - used, " %c %s",
                                 letter[k], when);
    }
#undef ROW_OF
#undef COL_OF
    if (c->unicode) {
        static const double prefer[OPT_COUNT] = {0.3, 0.9, 0.55, 0.75};
        braille_letters(c, x0, x1, top, bottom, mask, OPT_COUNT, letter, option_style,
                        prefer);
        for (int k = 0; k < OPT_COUNT; k++)
            free(mask[k]);
    }
    char end[16];
    num_snprintf(end, sizeof end, "%d", T);
    int ly = c->height - 1;
    if (bottom + 2 < ly)
        canvas_text(c, x1 - (int)strlen(end) + 1, bottom + 2, end, CS_LABEL);
    else
        canvas_text(c, x1 - (int)strlen(end) + 1, bottom + 1, end, CS_LABEL);
    const char *shown = legend;
    if (strlen(legend) > (size_t)c->width && names_end < strlen(legend))
        shown = legend + names_end + 2; /* "X break-even: ..." */
    canvas_text(c, 0, ly, shown, CS_LABEL);
}
