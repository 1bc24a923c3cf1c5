/* chart_svg.h: the report's charts as inline SVG (DESIGN 4.2).
 *
 * The same pictures as the text charts (chart.h, chart_hybrid.h), drawn
 * from the same results and the same axes: cost per useful GPU-hour
 * against utilization with the 60/75/80% markers, the measured utilization
 * and every crossover labelled; the monthly breakdown as stacked bars; the
 * hybrid plan's total against on-prem nodes. Each function appends one
 * <svg> element (its size in CHART_SVG_WIDTH units wide) whose text is real
 * text, so it can be selected and copied. */
#ifndef GPUPLAN_CHART_SVG_H
#define GPUPLAN_CHART_SVG_H

#include "cost.h"
#include "hybrid.h"
#include "scenario.h"
#include "strbuf.h"

#define CHART_SVG_WIDTH 720

/* Cost per useful GPU-hour of every option against utilization 0-100%
 * (DESIGN 2.5), on chart_cost_axis()'s y range; id "chart-cost". */
void chart_svg_cost(StrBuf *b, const Scenario *s, const CostResult *r);

/* One horizontal bar per option, stacked by breakdown line (DESIGN 2.1,
 * 2.2), with its total and a key; id "chart-breakdown". */
void chart_svg_breakdown(StrBuf *b, const Scenario *s, const CostResult *r);

/* Total monthly cost against on-prem nodes from h->by_nodes, the optimum
 * and the plan's own size marked; id "chart-hybrid". A result without
 * by_nodes entries gets a one-line picture saying so. */
void chart_svg_hybrid(StrBuf *b, const HybridResult *h, const char *currency);

#endif
