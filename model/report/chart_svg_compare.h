/* chart_svg_compare.h: the comparison's chart as inline SVG (DESIGN 11.3),
 * the picture chart_compare.h draws in text: each scenario's on-prem curve
 * against the cloud curves, a colour an option (the report's palette) and
 * a line style a scenario (solid A, dashed B, dotted C, dash-dot D), so a
 * cloud curve that differs is drawn for each scenario and told apart. */
#ifndef GPUPLAN_CHART_SVG_COMPARE_H
#define GPUPLAN_CHART_SVG_COMPARE_H

#include "chart_compare.h"
#include "strbuf.h"

/* The CSS the chart's line styles need (classes s-0 .. s-3), for the page
 * that holds it. */
extern const char chart_svg_compare_css[];

/* Append the chart (CHART_SVG_WIDTH units wide) of cc; id "chart-compare".
 * names[i] is scenario i's name for the key (escaped here). */
void chart_svg_compare(StrBuf *b, const CompareChart *cc, const char *const *names);

#endif
