/* axis.h: the value axes of every chart, computed once for the terminal
 * charts (model/chart) and the HTML report's SVG (model/report) (DESIGN 8).
 *
 * A chart's renderers ask here for its range, so the text picture and the
 * SVG one show the same span, and every tick step is rounded one way:
 * 1, 2, 2.5 or 5 times a power of ten for money, 1, 2 or 5 for counts.
 * Pure: no allocation, no output. */
#ifndef GPUPLAN_AXIS_H
#define GPUPLAN_AXIS_H

#include "cost.h"
#include "horizon.h"
#include "hybrid.h"
#include "risk.h"
#include "scenario.h"

/* The intervals a chart's value axis is rounded to, in the terminal and
 * in the SVG alike (a small terminal chart labels the ticks that have a
 * row of their own). */
#define CHART_AXIS_STEPS 6

/* A value axis: ticks lo, lo + step, ..., lo + steps * step. */
typedef struct Axis {
    double lo;    /* the first tick, the bottom of the range */
    double step;  /* the interval between ticks, > 0 */
    int steps;    /* intervals, >= 1 */
    int decimals; /* digits after the point that show every tick exactly */
} Axis;

/* The top of the range, lo + steps * step. */
double axis_top(const Axis *a);

/* The value of tick k (0..steps). */
double axis_tick(const Axis *a, int k);

/* Label every how many ticks of a, so labels on a terminal chart whose
 * axis spans `rows` rows keep a blank row between them: the smallest
 * stride k >= 1 with k ticks taking at least two rows. */
int axis_label_stride(const Axis *a, int rows);

/* Round [lo_raw, hi_raw] out to at most max_steps (>= 1) intervals of 1, 2,
 * 2.5 or 5 times a power of ten (the first that fits), at least one.
 * A range that is empty or not a range (hi_raw <= lo_raw, NaN) counts as
 * one unit wide. */
void axis_round(double lo_raw, double hi_raw, int max_steps, Axis *a);

/* The cost chart's y axis (DESIGN 2.5, 8): every option at 50% and at 100%
 * utilization and the cost at every crossover, with headroom, rounded to at
 * most max_steps intervals. It never depends on the measured utilization,
 * so typing one moves the marker, never the axes. */
void axis_cost(const Scenario *s, const CostResult *r, int max_steps, Axis *a);

/* The cumulative-spend chart's y axis (DESIGN 2.7): 0 and every option's
 * spend at every month of hz's horizon, rounded to max_steps intervals. */
void axis_cumulative(const HorizonFigures *hz, int max_steps, Axis *a);

/* The hybrid chart's y axis (DESIGN 6): the totals of h->by_nodes (at
 * least one entry) with room above and below them, so no point sits on
 * the frame, never below 0, rounded to max_steps intervals. The range is
 * the totals', not 0 to the top: the totals near the optimum differ by a
 * few percent, which a range from 0 flattens. */
void axis_hybrid(const HybridResult *h, int max_steps, Axis *a);

/* The step between the node counts the hybrid chart labels, so at most
 * `cols` of them span `span` nodes each in a column of its own: the
 * smallest 1, 2 or 5 times a power of ten that does (counts are whole). */
double axis_count_step(double span, int cols);

/* The tornado's x range (DESIGN 2.8): the base Δ and every Δ of a side
 * that keeps the rules among its first `rows` inputs (the ones a chart
 * shows), widened to take in 0 when 0 is within a quarter of
 * the span (so a flip nearby shows); never empty. */
void axis_tornado(const Tornado *t, size_t rows, double *lo, double *hi);

/* The month step between the labelled ticks of a horizon of `months`
 * months: 1, 3, 6, 12, 24, 36 or 60, the first giving at most max_ticks
 * intervals (60 when none does). */
int axis_month_step(int months, int max_ticks);

#endif
