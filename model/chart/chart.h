/* chart.h: the cost chart, drawn into a curses-free Canvas (DESIGN 8).
 *
 * Cost per useful GPU-hour against utilization: x axis 0-100% with ticks,
 * y axis in currency with labelled ticks, one letter per option (o, d, r, s),
 * vertical markers at 60%, 75% and 80%, a marker at the measured
 * utilization, X at every crossover, and a legend line. On a canvas with
 * `unicode` set the curves are braille dots with each letter once at its
 * curve. The planner copies the canvas into a window (with a colour per
 * option); the text and Markdown reports embed it as (ASCII) text. */
#ifndef GPUPLAN_CHART_H
#define GPUPLAN_CHART_H

#include "canvas.h"
#include "cost.h"
#include "horizon.h"
#include "scenario.h"

/* Every chart gpuplan draws. The first CHART_SCENARIO_KINDS are drawn from
 * a scenario and its costs (chart_render); the others from figures of
 * their own: the hybrid plan's (chart_hybrid.h) and the tornado's
 * (chart_tornado.h). The planner's c cycles through them in this order. */
typedef enum ChartKind {
    CHART_COST_CURVES, /* cost per useful GPU-hour vs utilization */
    CHART_BREAKDOWN,   /* monthly breakdown bars per option */
    CHART_CUMULATIVE,  /* cumulative spend by month (DESIGN 2.7) */
    CHART_HYBRID,      /* hybrid cost against on-prem nodes (DESIGN 6) */
    CHART_TORNADO,     /* what moves the decision most (DESIGN 2.8) */
    CHART_KIND_COUNT
} ChartKind;
#define CHART_SCENARIO_KINDS CHART_HYBRID

/* Draw chart `kind` (one of the first CHART_SCENARIO_KINDS; any other gets
 * the short note a canvas too small gets) of s / r onto c, filling the whole canvas (its width and
 * height are the chart's size, legend included). hz is s's horizon as the
 * caller evaluated it (horizon_evaluate with the cumulative spend): read by
 * CHART_CUMULATIVE, which needs it, and by no other kind (NULL is then
 * fine). Never fails: a canvas too small for a chart gets a short note
 * instead. */
void chart_render(Canvas *c, ChartKind kind, const Scenario *s,
                  const CostResult *r, const HorizonFigures *hz);

#endif
