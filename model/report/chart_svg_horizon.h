/* chart_svg_horizon.h: the cumulative-spend chart of DESIGN 2.7 as inline SVG
 * for the HTML report (DESIGN 4.2), drawn from the same horizon figures, the
 * caller's, as the text chart (chart_horizon.h). */
#ifndef GPUPLAN_CHART_SVG_HORIZON_H
#define GPUPLAN_CHART_SVG_HORIZON_H

#include "cost.h"
#include "horizon.h"
#include "scenario.h"
#include "strbuf.h"

/* Every option's cumulative nominal spend S_x(t), t = 0..T, one curve per
 * option in the cost chart's colours (dashed when the option is not
 * allowed, as there); each break-even month of owning against a cloud
 * option ringed on the on-prem curve and labelled with its month; a key of
 * the options and of every break-even month ("never" included). id
 * "chart-horizon", CHART_SVG_WIDTH units wide. s must be valid; r is its
 * cost_evaluate() result (for which options are allowed) and hz its
 * horizon with the cumulative spend, both computed by the caller. */
void chart_svg_horizon(StrBuf *b, const Scenario *s, const CostResult *r,
                       const HorizonFigures *hz);

#endif
