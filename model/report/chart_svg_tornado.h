/* chart_svg_tornado.h: the tornado chart of DESIGN 2.8 as inline SVG for the
 * HTML report (DESIGN 4.2), drawn from the same Tornado as the text chart
 * (chart_tornado.h). */
#ifndef GPUPLAN_CHART_SVG_TORNADO_H
#define GPUPLAN_CHART_SVG_TORNADO_H

#include "risk.h"
#include "strbuf.h"

/* One row per input in rank order: its key and range, a bar from the base
 * Δ to Δ with the input at its low value and one to Δ at its high value,
 * each with its figure; the base Δ and Δ = 0 as vertical lines; id
 * "chart-tornado", CHART_SVG_WIDTH units wide. */
void chart_svg_tornado(StrBuf *b, const Tornado *t, const char *currency);

#endif
