/* chart_plot.h: the cost chart's plot on a Canvas (DESIGN 2.5, 8): its
 * geometry, axes, curves and marks, and what the terminal charts share
 * (the options' names, styles and drawing order, the 60/75/80% marks).
 *
 * Column x0 + j is j/n of 100% exactly and every column is sampled with
 * cost_per_hour_at, so any width is exact; row `axis` stands for lo. */
#ifndef GPUPLAN_CHART_PLOT_H
#define GPUPLAN_CHART_PLOT_H

#include <stdbool.h>

#include "canvas.h"
#include "cost.h"
#include "scenario.h"

/* Lower-case option names for the keys, and each option's style. */
extern const char *const chart_option_name[OPT_COUNT];
extern const CanvasStyle chart_option_style[OPT_COUNT];
/* Curves are drawn in this order; later ones win a shared cell (on-prem,
 * the reference, last). */
extern const CostOption chart_draw_order[OPT_COUNT];
/* The rules of thumb's marks, in percent. */
extern const double chart_thresholds[3];

/* A utilization as the charts label it: "42%", "72.5%" (one decimal when
 * it is not whole). Writes at most n bytes to buf, always terminated. */
void chart_pct_text(double pct, char *buf, size_t n);
/* Blank c and write the short note for a canvas too small for a chart. */
void chart_note(Canvas *c);

/* The geometry shared by the drawing steps. */
typedef struct Plot {
    int top;      /* first plot row */
    int axis;     /* the x axis row; it stands for y = lo */
    int rows;     /* plot rows above the axis */
    int x0, n;    /* column of 0% (the y axis) and columns to 100% */
    double lo, hi;
} Plot;


/* The column of utilization pct; the row of cost v, unclipped (it may be
 * above top or below the axis). */
int chart_plot_col(const Plot *p, double pct);
long chart_plot_row(const Plot *p, double v);

/* The axes, the y labels (steps intervals of step from lo, `decimals`
 * digits, right-aligned to column label_w) and, when xlabels, the x tick
 * labels. On a braille chart the axis line leaves the cells a curve's
 * dots reached. */
void chart_plot_axes(Canvas *c, const Plot *p, double step, int steps, int decimals,
                     int label_w, bool xlabels);

/* The x ticks and their labels under the axis: every 20% when each has
 * room, else 0/50/100; with taken (the compact chart) only where they
 * collide with no label placed before, 60% and 80% left to the marks. */
void chart_plot_xlabels(Canvas *c, const Plot *p, bool *taken);

/* Option o's curve in braille dots (a unicode canvas), its dots recorded
 * in mask (width * height bytes). Returns the last column index where the
 * curve is above the plot, 0 if none. */
int chart_plot_dots(Canvas *c, const Plot *p, const Scenario *s, const CostResult *r,
                    CostOption o, unsigned char *mask);

/* Option o's curve in letters: its exact points (points) or the vertical
 * connectors that join a steep curve. Returns the last column index where
 * the curve is above the plot, 0 if none. */
int chart_plot_curve(Canvas *c, const Plot *p, const Scenario *s, const CostResult *r,
                     CostOption o, bool points);

/* The ^ where on-prem leaves the plot (column clipped_onprem, 0: none),
 * the measured and threshold lines, and an X at every crossover. */
void chart_plot_marks(Canvas *c, const Plot *p, const Scenario *s, const CostResult *r,
                      int clipped_onprem);

#endif
