/* chart_horizon.h: the cumulative-spend chart of DESIGN 2.7, drawn into a
 * curses-free Canvas: months on x, each option's cumulative spend S_x(t)
 * as its letter, and an X where owning breaks even against a cloud option,
 * with the months in the legend. */
#ifndef GPUPLAN_CHART_HORIZON_H
#define GPUPLAN_CHART_HORIZON_H

#include "canvas.h"
#include "horizon.h"
#include "scenario.h"

/* Draw the cumulative spend of s over its horizon onto c, filling it. A
 * canvas too small for a chart gets a short note. hz is s's horizon as the
 * caller evaluated it once (horizon_evaluate with the cumulative spend);
 * the chart only reads it. No allocation. */
void chart_horizon_render(Canvas *c, const Scenario *s,
                          const HorizonFigures *hz);

#endif
